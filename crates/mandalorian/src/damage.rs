//! Damage to characters, Defense (MA-PLAN-9), healing, and defeat (MA-WIN-5, MA-EVENT-31).

use crate::content::*;
use crate::state::*;
use crate::turn::Flow;

impl Mandalorian {
    fn defense_of(&self, ch: u8) -> Option<usize> {
        self.t.chars[ch as usize]
            .kept
            .iter()
            .position(|&p| self.t.content.planning[p as usize].kind == PlanKind::Defense)
    }

    /// Damage is about to be dealt: with a Defense card the active player decides whether to
    /// block (MA-GOLD-3).
    pub(crate) fn step_damage(&mut self, ch: u8, amount: u8, ev: &mut Vec<Happened>) -> Flow {
        if self.defense_of(ch).is_some() {
            return Flow::Wait;
        }
        self.t.stack.pop();
        self.take_damage(ch, amount, ev);
        Flow::Next
    }

    pub(crate) fn block(&mut self, ch: u8, amount: u8, ev: &mut Vec<Happened>) {
        if let Some(i) = self.defense_of(ch) {
            let p = self.t.chars[ch as usize].kept.remove(i);
            // MA-PLAN-8 (judged): a used planning card goes to the planning discard pile.
            self.t.planning.discard(p);
            self.t.changes += 1;
            ev.push(Happened::Blocked { ch });
        }
        if amount <= 1 {
            // MA-CHILD-13: all damage blocked, the Child stays.
            self.t.stack.pop();
        } else if let Some(Task::Damage { amount: a, .. }) = self.t.stack.last_mut() {
            *a -= 1;
        }
    }

    pub(crate) fn take_damage(&mut self, ch: u8, amount: u8, ev: &mut Vec<Happened>) {
        let c = &mut self.t.chars[ch as usize];
        c.damage = c.damage.saturating_add(amount);
        self.t.changes += 1;
        ev.push(Happened::CharacterDamaged { ch, amount });
        if c.damage >= c.health {
            let name = self.t.content.characters[c.def as usize].name.clone();
            self.lose(format!("{name} was defeated"), ev);
            return;
        }
        // MA-CHILD-10: damage that is not blocked makes a carried Child flee.
        if self.t.child == Child::Character(ch) {
            self.t.stack.push(Task::ChildFlee { ch });
        }
    }

    pub(crate) fn heal(&mut self, ch: u8, amount: u8, ev: &mut Vec<Happened>) {
        let c = &mut self.t.chars[ch as usize];
        let healed = c.damage.min(amount);
        c.damage -= healed;
        if healed > 0 {
            self.t.changes += 1;
            ev.push(Happened::Healed { ch, amount: healed });
        }
    }
}
