//! Disturbance tokens (MA-DISTURB-1..9).

use crate::content::*;
use crate::state::*;
use crate::turn::Flow;
use tabletop_core::Inline;

impl Mandalorian {
    /// The slots a disturbance may go to; ties are the active player's (MA-DISTURB-9).
    pub(crate) fn disturb_slots(&self, pick: SlotPick) -> Inline<u8, { 4 + MAX_MISSION_SLOTS }> {
        let n = self.t.slots.len();
        match pick {
            SlotPick::Action(a) => Inline::from_slice(&[ActionKind::ALL
                .iter()
                .position(|&k| k == a)
                .unwrap_or(0) as u8]),
            SlotPick::Lowest | SlotPick::Highest => {
                let st: Inline<u8, { 4 + MAX_MISSION_SLOTS }> =
                    (0..n).map(|i| self.slot_strength(i)).collect();
                let best = if pick == SlotPick::Lowest {
                    *st.iter().min().unwrap_or(&0)
                } else {
                    *st.iter().max().unwrap_or(&0)
                };
                (0..n as u8).filter(|&i| st[i as usize] == best).collect()
            }
        }
    }

    pub(crate) fn step_disturb(&mut self, pick: SlotPick, ev: &mut Vec<Happened>) -> Flow {
        let s = self.disturb_slots(pick);
        if s.len() == 1 {
            self.t.stack.pop();
            self.disturb(s[0], ev);
            Flow::Next
        } else {
            Flow::Wait
        }
    }

    /// MA-DISTURB-2: 1 random token from the face-down pool, face up into the slot.
    pub(crate) fn disturb(&mut self, slot: u8, ev: &mut Vec<Happened>) {
        if self.t.dist_pool.is_empty() {
            // MA-DISTURB-6: all discarded tokens, white and yellow, form a new pool.
            self.t.dist_pool = std::mem::take(&mut self.t.dist_discard);
        }
        let tok = if self.t.dist_pool.is_empty() {
            // MA-DISTURB-7: every token in use: a stand-in worth 1.
            STAND_IN
        } else {
            let i = self.chance.below(self.t.dist_pool.len() as u32) as usize;
            self.t.dist_pool.swap_remove(i)
        };
        let before = self.slot_strength(slot as usize);
        // MA-DISTURB-5: no limit per slot.
        self.t.slots[slot as usize].tokens.push(tok);
        let after = self.slot_strength(slot as usize);
        self.t.changes += 1;
        ev.push(Happened::Disturbed {
            slot,
            value: self.dist_value(tok),
        });
        // MA-DISTURB-3, -4: reaching 5+ during the event phase brings a further event; a slot
        // already at 5+ gains none.
        if self.t.in_event_phase && before < 5 && after >= 5 && !self.t.triggered.contains(&slot) {
            self.t.triggered.push(slot);
        }
    }

    pub(crate) fn legal_calm(&self, out: &mut Vec<Action>) {
        for (i, s) in self.t.slots.iter().enumerate() {
            let mut seen = 0u32;
            for &t in &s.tokens {
                let v = self.dist_value(t);
                if seen & (1 << v) == 0 {
                    seen |= 1 << v;
                    out.push(Action::DiscardToken {
                        slot: i as u8,
                        value: v,
                    });
                }
            }
        }
    }

    pub(crate) fn calm(&mut self, slot: u8, value: u8, _ev: &mut Vec<Happened>) {
        let toks = &self.t.slots[slot as usize].tokens;
        if let Some(i) = toks.iter().position(|&t| self.dist_value(t) == value) {
            let t = self.t.slots[slot as usize].tokens.remove(i);
            if t != STAND_IN {
                self.t.dist_discard.push(t);
            }
            self.t.changes += 1;
        }
    }
}
