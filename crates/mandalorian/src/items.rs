//! Items (MA-ITEM-1..7) and using kept planning cards (MA-PLAN-8).

use crate::content::*;
use crate::state::*;

impl Mandalorian {
    /// A face-up item in `ch`'s square that can do something now.
    pub(crate) fn item_usable(&self, ch: u8, t: ThreatId) -> bool {
        let Face::Item(i) = self.token_def(t).face else {
            return false;
        };
        let item = &self.mission().items[i as usize];
        if item.medpac {
            // MA-ITEM-5, -6: only on yourself, and only with damage.
            self.t.chars[ch as usize].damage > 0
        } else {
            !item.effects.is_empty() && item.effects.iter().all(|e| self.feasible(e, ch))
        }
    }

    pub(crate) fn use_item(&mut self, ch: u8, t: ThreatId, ev: &mut Vec<Happened>) {
        let Face::Item(i) = self.token_def(t).face else {
            return;
        };
        self.t.threats[t as usize].loc = TLoc::Discarded;
        self.t.changes += 1;
        ev.push(Happened::ItemUsed { ch, token: t });
        if self.mission().items[i as usize].medpac {
            // MA-ITEM-4: discard it to heal 1 damage.
            self.heal(ch, 1, ev);
        } else {
            self.t.stack.push(Task::Effects {
                src: Src::Item(i),
                idx: 0,
                you: ch,
                six: false,
                start: self.t.changes,
            });
        }
    }

    pub(crate) fn legal_use_planning(&self, out: &mut Vec<Action>) {
        let controls = self.t.seats[self.t.active as usize].controls;
        for ch in 0..self.t.chars.len() as u8 {
            if controls & (1 << ch) == 0 {
                continue;
            }
            for &p in &self.t.chars[ch as usize].kept {
                let card = &self.t.content.planning[p as usize];
                if card.kind == PlanKind::Effect
                    && card.effects.iter().all(|e| self.feasible(e, ch))
                {
                    out.push(Action::UsePlanning { ch, card: p });
                }
            }
        }
    }

    pub(crate) fn use_planning(&mut self, ch: u8, p: PlanId, ev: &mut Vec<Happened>) {
        let kept = &mut self.t.chars[ch as usize].kept;
        if let Some(i) = kept.iter().position(|&q| q == p) {
            kept.remove(i);
            self.t.planning.discard(p);
            ev.push(Happened::PlanningUsed { ch, card: p });
            self.t.stack.push(Task::Effects {
                src: Src::Planning(p),
                idx: 0,
                you: ch,
                six: false,
                start: self.t.changes,
            });
        }
    }
}
