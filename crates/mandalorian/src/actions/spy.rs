//! The Spy action (MA-SPY-1..7): look at a face-down threat, or move a face-up enemy 1 square.

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;
use crate::terrain::move_neighbors;

impl Mandalorian {
    /// What character `ch` may spy on with Strength `s`: look at a face-down threat, or move
    /// a face-up enemy that has somewhere to go.
    fn spy_options(&self, ch: u8, s: u8) -> impl Iterator<Item = Action> + '_ {
        let sq = self.t.chars[ch as usize].sq;
        // MA-SPY-6: normal range rules.
        let dist = range::range_from(self.map(), sq, self.t.doors_open);
        (0..self.t.threats.len() as ThreatId).filter_map(move |t| {
            let th = &self.t.threats[t as usize];
            let TLoc::Map(tsq) = th.loc else {
                return None;
            };
            let d = dist.to(tsq);
            if d == FAR || d > s {
                None
            } else if !th.face_up {
                Some(Action::SpyLook(t))
            } else if self.token_def(t).is_enemy()
                && move_neighbors(self.map(), tsq, self.t.doors_open)
                    .next()
                    .is_some()
            {
                Some(Action::SpyMove(t))
            } else {
                None
            }
        })
    }

    pub(crate) fn spy_possible(&self, ch: u8, s: u8) -> bool {
        self.spy_options(ch, s).next().is_some()
    }

    pub(crate) fn legal_spy(&self, ch: u8, s: u8, out: &mut Vec<Action>) {
        out.extend(self.spy_options(ch, s));
    }

    pub(crate) fn decide_spy(&mut self, a: Action) {
        match a {
            Action::SpyLook(t) => {
                self.t.stack.pop();
                // MA-SPY-2, -3: looked at secretly by the active seat; it stays face down.
                self.t.threats[t as usize].seen |= 1 << self.t.active;
            }
            Action::SpyMove(t) => {
                self.t.stack.pop();
                self.t.stack.push(Task::SpyMoveTo { token: t });
            }
            _ => debug_assert!(false, "{a:?} does not answer Spy"),
        }
    }

    pub(crate) fn legal_spy_move_to(&self, t: ThreatId, out: &mut Vec<Action>) {
        if let TLoc::Map(sq) = self.t.threats[t as usize].loc {
            // MA-SPY-5 (judged): any adjacent square, obeying terrain (MA-TERRAIN-11).
            for n in move_neighbors(self.map(), sq, self.t.doors_open) {
                out.push(Action::Square(n));
            }
        }
    }

    /// Move an enemy outside the event phase: no Grapple (MA-ENEMY-11), no Sabotage
    /// (MA-ENEMY-14, MA-SPY-7). A carried Child goes along (MA-CHILD-3).
    pub(crate) fn move_enemy(&mut self, t: ThreatId, sq: Sq, ev: &mut Vec<Happened>) {
        self.t.threats[t as usize].loc = TLoc::Map(sq);
        self.t.changes += 1;
        ev.push(Happened::EnemyMoved { token: t, to: sq });
    }
}
