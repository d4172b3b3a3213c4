//! The Move action and every character movement (MA-MOVE-1..12, MA-ENEMY-1..10).

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;
use crate::terrain::move_neighbors;
use crate::turn::Flow;

impl Mandalorian {
    /// Threat tokens now face down on the map, as bits (MA-MOVE-5 remembers them).
    pub(crate) fn facedown_mask(&self) -> TokenMask {
        let mut m = TokenMask::EMPTY;
        for (i, t) in self.t.threats.iter().enumerate() {
            if matches!(t.loc, TLoc::Map(_)) && !t.face_up {
                m.insert(i as ThreatId);
            }
        }
        m
    }

    pub(crate) fn legal_move(&self, task: Task, out: &mut Vec<Action>) {
        let Task::Move { ch, left, stop, .. } = task else {
            return;
        };
        if left > 0 && !stop {
            let sq = self.t.chars[ch as usize].sq;
            for n in move_neighbors(self.map(), sq, self.t.doors_open) {
                out.push(Action::Step(n));
            }
        }
        out.push(Action::Stop);
    }

    pub(crate) fn decide_move(&mut self, a: Action) {
        let Some(Task::Move {
            ch, left, moved, ..
        }) = self.t.stack.last_mut()
        else {
            return;
        };
        let ch = *ch;
        match a {
            Action::Step(sq) => {
                *left -= 1;
                *moved = true;
                self.t.stack.push(Task::StepTo { ch, sq });
                // MA-ENEMY-9, -10: Grapple deals its damage in the enemy's square, just before
                // the character moves out (also when it started there, MA-MOVE-6).
                let from = self.t.chars[ch as usize].sq;
                for t in 0..self.t.threats.len() as ThreatId {
                    if self.enemy_on_map(t) == Some(from) && self.token_def(t).has(ability::GRAPPLE)
                    {
                        self.t.stack.push(Task::Damage { ch, amount: 1 });
                    }
                }
            }
            Action::Stop => {
                let moved = *moved;
                self.t.stack.pop();
                // MA-ENEMY-2, -5, MA-MOVE-11: Sentinel triggers at the end of a movement of
                // at least 1 square.
                if moved {
                    self.t.stack.push(Task::Sentinel { ch });
                }
            }
            _ => debug_assert!(false, "{a:?} does not answer a movement"),
        }
    }

    /// One step of a movement into `sq` (MA-MOVE-2..8).
    pub(crate) fn step_to(&mut self, ch: u8, sq: Sq, ev: &mut Vec<Happened>) -> Flow {
        self.t.stack.pop();
        self.t.chars[ch as usize].sq = sq;
        ev.push(Happened::CharacterMoved { ch, to: sq });
        let facedown = match self.t.stack.last() {
            Some(Task::Move { facedown, .. }) => *facedown,
            _ => TokenMask::EMPTY,
        };
        // MA-MOVE-8: a face-down threat sharing a square with a character is revealed at once.
        let mut reveal = Vec::new();
        let mut stop = false;
        for t in 0..self.t.threats.len() as ThreatId {
            let th = self.t.threats[t as usize];
            if th.loc != TLoc::Map(sq) {
                continue;
            }
            if !th.face_up {
                reveal.push(t);
            }
            // MA-MOVE-3: entering an enemy's or a face-down threat's square ends the movement;
            // MA-MOVE-5: so does an item that was face down when the movement began.
            if !th.face_up || self.token_def(t).is_enemy() || facedown.contains(t) {
                stop = true;
            }
        }
        if stop {
            if let Some(Task::Move { stop, .. }) = self.t.stack.last_mut() {
                *stop = true;
            }
        }
        for t in reveal {
            self.reveal(t, ch, ev);
        }
        Flow::Next
    }

    /// MA-ENEMY-1, -6: each Sentinel within range 1 of the square where a movement ends deals
    /// 1 damage. A Sentinel revealed by that movement is one of them (MA-ENEMY-3).
    pub(crate) fn step_sentinel(&mut self, ch: u8) -> Flow {
        self.t.stack.pop();
        let sq = self.t.chars[ch as usize].sq;
        let dist = range::range_from(self.map(), sq, self.t.doors_open);
        for t in 0..self.t.threats.len() as ThreatId {
            if let Some(esq) = self.enemy_on_map(t) {
                let d = dist.to(esq);
                if d != FAR && d <= 1 && self.token_def(t).has(ability::SENTINEL) {
                    self.t.stack.push(Task::Damage { ch, amount: 1 });
                }
            }
        }
        Flow::Next
    }

    /// Reveal a face-down threat (flip it face up). `you` is the character whose action or
    /// event revealed it. A Mission Effect resolves at once (MA-ENEMY-15..17).
    pub(crate) fn reveal(&mut self, t: ThreatId, you: u8, ev: &mut Vec<Happened>) {
        let th = &mut self.t.threats[t as usize];
        if th.face_up {
            return;
        }
        th.face_up = true;
        self.t.changes += 1;
        ev.push(Happened::Revealed { token: t });
        if self.token_def(t).has(ability::MISSION_EFFECT) {
            self.t.stack.push(Task::Effects {
                src: Src::MissionEffect,
                idx: 0,
                you,
                six: false,
                start: self.t.changes,
            });
        }
    }
}
