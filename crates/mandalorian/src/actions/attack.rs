//! The Attack action (MA-ATTACK-1..7) and damage to enemies.

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;

impl Mandalorian {
    /// Threats an attack within `range` of character `ch` may target: face-up enemies and
    /// face-down threats (MA-ATTACK-1, -5; face-up items are not targets).
    pub(crate) fn attack_targets(&self, ch: u8, range: u8) -> impl Iterator<Item = ThreatId> + '_ {
        let sq = self.t.chars[ch as usize].sq;
        let dist = range::range_from(self.map(), sq, self.t.doors_open);
        (0..self.t.threats.len() as ThreatId).filter(move |&t| {
            let th = &self.t.threats[t as usize];
            match th.loc {
                TLoc::Map(tsq) => {
                    let d = dist.to(tsq);
                    d != FAR && d <= range && (!th.face_up || self.token_def(t).is_enemy())
                }
                _ => false,
            }
        })
    }

    pub(crate) fn legal_attack(&self, ch: u8, out: &mut Vec<Action>) {
        for t in self.attack_targets(ch, 1) {
            out.push(Action::Target(t));
        }
    }

    /// Deal `amount` to a threat: a face-down one is revealed first, after every decision, and
    /// takes the damage only if it is an enemy (MA-ATTACK-6). Revealed this way a Sentinel
    /// deals nothing (MA-ATTACK-7); a Mission Effect still resolves (MA-ENEMY-16).
    pub(crate) fn attack_threat(
        &mut self,
        t: ThreatId,
        amount: u8,
        you: u8,
        ev: &mut Vec<Happened>,
    ) {
        if !self.t.threats[t as usize].face_up {
            self.reveal(t, you, ev);
        }
        if self.token_def(t).is_enemy() {
            self.damage_enemy(t, amount, ev);
        }
    }

    /// Damage stays until the enemy is defeated (MA-ATTACK-2, -3).
    pub(crate) fn damage_enemy(&mut self, t: ThreatId, amount: u8, ev: &mut Vec<Happened>) {
        let Face::Enemy { health, .. } = self.token_def(t).face else {
            return;
        };
        let TLoc::Map(sq) = self.t.threats[t as usize].loc else {
            return;
        };
        let th = &mut self.t.threats[t as usize];
        th.damage = th.damage.saturating_add(amount);
        self.t.changes += 1;
        ev.push(Happened::EnemyDamaged { token: t, amount });
        if th.damage >= health {
            th.loc = TLoc::Defeated;
            ev.push(Happened::Defeated { token: t });
            // MA-CHILD-7: a defeated carrier drops the Child in its square.
            if self.t.child == Child::Token(t) {
                self.t.child = Child::Square(sq);
                ev.push(Happened::ChildDropped { sq });
            }
        }
    }
}
