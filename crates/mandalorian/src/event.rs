//! The event phase (MA-EVENT-1..44): slots left to right, crises and event cards, spawning
//! reinforcements, and discarding resolved slots.

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;
use crate::turn::Flow;
use tabletop_core::Inline;

/// "You" not decided yet.
pub(crate) const NO_YOU: u8 = u8::MAX;

impl Mandalorian {
    /// MA-EVENT-2: each slot in turn, left to right, its Strength computed when reached;
    /// MA-TURN-4, MA-EVENT-5, -7, -8: 6+ crisis then event, 5 event, 4 or less nothing.
    pub(crate) fn step_event_phase(&mut self, next: u8) -> Flow {
        self.t.in_event_phase = true;
        for i in next as usize..self.t.slots.len() {
            if self.slot_strength(i) >= 5 {
                if let Some(Task::EventPhase { next }) = self.t.stack.last_mut() {
                    *next = i as u8 + 1;
                }
                self.t.stack.push(Task::SlotResolve {
                    slot: i as u8,
                    stage: 0,
                    strength: 0,
                    you: NO_YOU,
                });
                return Flow::Next;
            }
        }
        // MA-TURN-6: no slot at 5+, nothing happens.
        self.t.stack.pop();
        self.t.in_event_phase = false;
        Flow::Next
    }

    pub(crate) fn step_slot_resolve(&mut self, ev: &mut Vec<Happened>) -> Flow {
        let Some(Task::SlotResolve {
            slot,
            stage,
            strength,
            you,
        }) = self.t.stack.last().copied()
        else {
            return Flow::Next;
        };
        match stage {
            0 => {
                let mut you = you;
                if you == NO_YOU {
                    // MA-MODE-18: "you" is the character whose card is on top of the slot.
                    match self.t.slots[slot as usize].cards.last() {
                        Some(&card) => you = self.char_of_card(card),
                        None if self.t.chars.len() > 1
                            && self.t.seats[self.t.active as usize].controls.count_ones() > 1 =>
                        {
                            // Shared mode, tokens only: the active player decides (MA-GOLD-3).
                            return Flow::Wait;
                        }
                        None => {
                            you = self.t.seats[self.t.active as usize]
                                .controls
                                .trailing_zeros() as u8
                        }
                    }
                }
                let s = self.slot_strength(slot as usize);
                if s < 5 {
                    self.t.stack.pop();
                    return Flow::Next;
                }
                if let Some(Task::SlotResolve {
                    stage,
                    strength,
                    you: y,
                    ..
                }) = self.t.stack.last_mut()
                {
                    *stage = 1;
                    *strength = s;
                    *y = you;
                }
                // MA-EVENT-5, -11: 6 or more: first a crisis from the mission's crisis box.
                if s >= 6 {
                    ev.push(Happened::Crisis { slot });
                    self.t.stack.push(Task::Effects {
                        src: Src::Crisis,
                        idx: 0,
                        you,
                        six: true,
                        start: self.t.changes,
                    });
                }
                Flow::Next
            }
            1 => {
                if let Some(Task::SlotResolve { stage, .. }) = self.t.stack.last_mut() {
                    *stage = 2;
                }
                // MA-EVENT-12: draw the top event card and resolve it.
                let e = self.t.events.draw_or_reshuffle(&mut self.chance);
                if self.t.events.draw_len() == 0 && self.t.events.discard_len() > 0 {
                    // MA-DECK-1, MA-EVENT-38: reshuffled at once, ignoring the backs.
                    self.t.events.reshuffle(&mut self.chance);
                }
                if let Some(e) = e {
                    self.t.event_in_play = Some(e);
                    ev.push(Happened::EventDrawn { event: e, slot });
                    self.t.stack.push(Task::Effects {
                        src: Src::Event(e),
                        idx: 0,
                        you,
                        six: strength >= 6,
                        start: self.t.changes,
                    });
                }
                Flow::Next
            }
            _ => {
                self.t.stack.pop();
                if let Some(e) = self.t.event_in_play.take() {
                    self.t.events.discard(e);
                }
                // MA-EVENT-6: discard the slot's cards and tokens.
                self.discard_slot(slot as usize, ev);
                // MA-DISTURB-3: slots a disturbance brought to 5+ resolve after this event.
                // They, and any still waiting from an earlier event, wait at the same moment:
                // the active player orders them (MA-GOLD-4).
                let bits = std::mem::take(&mut self.t.triggered)
                    .iter()
                    .fold(0u8, |b, &t| b | 1 << t);
                if bits != 0 {
                    match self.t.stack.last_mut() {
                        Some(Task::SlotOrder { pending }) => *pending |= bits,
                        _ => self.t.stack.push(Task::SlotOrder { pending: bits }),
                    }
                }
                Flow::Next
            }
        }
    }

    /// MA-GOLD-4: waiting slots resolve one at a time in the order the active player chooses
    /// (a single waiting slot is no choice).
    pub(crate) fn step_slot_order(&mut self) -> Flow {
        match self.t.stack.last() {
            Some(Task::SlotOrder { pending: 0 }) => {
                self.t.stack.pop();
                Flow::Next
            }
            _ => Flow::Wait,
        }
    }

    pub(crate) fn legal_slot_order(&self, pending: u8, out: &mut Vec<Action>) {
        for s in 0..self.t.slots.len() as u8 {
            if pending & (1 << s) != 0 {
                out.push(Action::Slot(s));
            }
        }
    }

    pub(crate) fn decide_slot_order(&mut self, slot: u8) {
        if let Some(Task::SlotOrder { pending }) = self.t.stack.last_mut() {
            *pending &= !(1 << slot);
            self.t.stack.push(Task::SlotResolve {
                slot,
                stage: 0,
                strength: 0,
                you: NO_YOU,
            });
        }
    }

    /// MA-EVENT-6 (judged): every ability card to its owner's discard pile, every disturbance
    /// token face up next to the pool (MA-DISTURB-8); a stand-in leaves play.
    pub(crate) fn discard_slot(&mut self, slot: usize, ev: &mut Vec<Happened>) {
        let cards = std::mem::take(&mut self.t.slots[slot].cards);
        for c in cards {
            let deck = if self.opts.mode == Mode::Shared {
                0
            } else {
                self.char_of_card(c) as usize
            };
            self.t.decks[deck].discard(c);
        }
        let toks = std::mem::take(&mut self.t.slots[slot].tokens);
        for t in toks {
            if t != STAND_IN {
                self.t.dist_discard.push(t);
            }
        }
        ev.push(Happened::SlotDiscarded { slot: slot as u8 });
        self.pay_owed();
    }

    /// Candidate squares for a spawn (MA-EVENT-14, -15). MA-EVENT-32 (judged): "nearest" is by
    /// range from "you"; when no star can be reached by range, every star is a candidate.
    /// MA-TERRAIN-8: red stars are among "the nearest star" candidates like any other star; an
    /// effect that names the red star considers red stars only.
    pub(crate) fn spawn_squares(&self, at: SpawnAt, you: u8) -> Squares {
        let map = self.map();
        match at {
            SpawnAt::YourSquare => Squares::from_slice(&[self.t.chars[you as usize].sq]),
            SpawnAt::Square(n) => map.numbered(n).into_iter().collect(),
            SpawnAt::NearestStar | SpawnAt::RedStar => {
                let stars = if at == SpawnAt::RedStar {
                    map.red_star_squares()
                } else {
                    map.star_squares()
                };
                let dist = range::range_from(map, self.t.chars[you as usize].sq, self.t.doors_open);
                let best = stars.iter().map(|&s| dist.to(s)).min().unwrap_or(FAR);
                stars
                    .iter()
                    .copied()
                    .filter(|&s| dist.to(s) == best)
                    .collect()
            }
        }
    }

    pub(crate) fn step_spawn(&mut self, at: SpawnAt, you: u8, ev: &mut Vec<Happened>) -> Flow {
        let sq = self.spawn_squares(at, you);
        if sq.len() == 1 {
            self.t.stack.pop();
            self.spawn_at(sq[0], ev);
            Flow::Next
        } else if sq.is_empty() {
            self.t.stack.pop();
            Flow::Next
        } else {
            // MA-EVENT-15: the square is chosen before the token is drawn.
            Flow::Wait
        }
    }

    /// Draw the top reinforcement and place it face up (MA-EVENT-14, -16, -17).
    pub(crate) fn spawn_at(&mut self, sq: Sq, ev: &mut Vec<Happened>) {
        if self.t.reinforcements.is_empty() {
            // MA-EVENT-16: defeated reinforcements, face down, shuffled into a new pile.
            let mut pile: Vec<ThreatId> = (0..self.t.threats.len() as ThreatId)
                .filter(|&t| {
                    self.token_def(t).orange && self.t.threats[t as usize].loc == TLoc::Defeated
                })
                .collect();
            self.chance.shuffle(&mut pile);
            for &t in &pile {
                self.t.threats[t as usize] = Threat {
                    loc: TLoc::Pile,
                    face_up: false,
                    damage: 0,
                    seen: 0,
                    ..self.t.threats[t as usize]
                };
            }
            self.t.reinforcements = pile.into_iter().collect();
        }
        match self.t.reinforcements.pop() {
            Some(t) => {
                self.t.threats[t as usize] = Threat {
                    loc: TLoc::Map(sq),
                    face_up: true,
                    damage: 0,
                    seen: 0,
                    ..self.t.threats[t as usize]
                };
                self.t.changes += 1;
                ev.push(Happened::Spawned { token: t, sq });
            }
            // MA-EVENT-17: every reinforcement is in play: ignore the spawn.
            None => ev.push(Happened::SpawnIgnored),
        }
    }

    /// Face-down threats nearest (by range) to character `you` (MA-MODE-19).
    pub(crate) fn nearest_facedown(&self, you: u8) -> Inline<ThreatId, MAX_TOKENS> {
        let dist = range::range_from(self.map(), self.t.chars[you as usize].sq, self.t.doors_open);
        let cands: Inline<(ThreatId, u8), MAX_TOKENS> = (0..self.t.threats.len() as ThreatId)
            .filter_map(|t| {
                let th = &self.t.threats[t as usize];
                match th.loc {
                    TLoc::Map(sq) if !th.face_up && dist.to(sq) != FAR => Some((t, dist.to(sq))),
                    _ => None,
                }
            })
            .collect();
        let best = cands.iter().map(|c| c.1).min().unwrap_or(FAR);
        cands
            .into_iter()
            .filter(|c| c.1 == best)
            .map(|c| c.0)
            .collect()
    }

    pub(crate) fn step_reveal_nearest(&mut self, you: u8, ev: &mut Vec<Happened>) -> Flow {
        let c = self.nearest_facedown(you);
        match c.len() {
            0 => {
                self.t.stack.pop();
                Flow::Next
            }
            1 => {
                self.t.stack.pop();
                self.reveal(c[0], you, ev);
                Flow::Next
            }
            _ => Flow::Wait,
        }
    }
}
