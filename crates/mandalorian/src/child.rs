//! The Child (MA-CHILD-1..16): carried, rescued, fleeing.

use crate::content::*;
use crate::state::*;
use crate::terrain::move_neighbors;

impl Mandalorian {
    /// MA-CHILD-5, -6, -9: in the Child's square, not carried by anyone, not fled this turn.
    pub(crate) fn can_rescue(&self, ch: u8) -> bool {
        !self.t.child_fled && self.t.child == Child::Square(self.t.chars[ch as usize].sq)
    }

    pub(crate) fn rescue(&mut self, ch: u8, ev: &mut Vec<Happened>) {
        self.t.child = Child::Character(ch);
        self.t.changes += 1;
        ev.push(Happened::ChildRescued { ch });
    }

    /// MA-CHILD-11, -16 (judged): an adjacent square with an enemy or a face-down threat if
    /// possible, otherwise any adjacent square.
    pub(crate) fn flee_squares(&self, ch: u8) -> Vec<Sq> {
        let sq = self.t.chars[ch as usize].sq;
        let adj: Vec<Sq> = move_neighbors(self.map(), sq, self.t.doors_open).collect();
        let busy: Vec<Sq> = adj
            .iter()
            .copied()
            .filter(|&n| {
                self.t.threats.iter().enumerate().any(|(t, th)| {
                    th.loc == TLoc::Map(n)
                        && (!th.face_up || self.token_def(t as ThreatId).is_enemy())
                })
            })
            .collect();
        if !busy.is_empty() {
            busy
        } else if !adj.is_empty() {
            adj
        } else {
            vec![sq]
        }
    }

    pub(crate) fn child_flees_to(&mut self, sq: Sq, ev: &mut Vec<Happened>) {
        self.t.child = Child::Square(sq);
        self.t.child_fled = true;
        self.t.changes += 1;
        ev.push(Happened::ChildFled { to: sq });
    }
}
