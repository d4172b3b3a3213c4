//! Enemies during events: movement toward the nearest character (MA-EVENT-18..25), attacks
//! (MA-EVENT-26..31) and Sabotage (MA-ENEMY-12..14). Grapple and Sentinel are in
//! [`crate::actions::move_`].

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;
use crate::turn::Flow;

impl Mandalorian {
    fn enemy_of(&self, t: ThreatId, classes: Classes) -> Option<Sq> {
        let sq = self.enemy_on_map(t)?;
        match self.token_def(t).face {
            Face::Enemy { class, .. } if classes.contains(class) => Some(sq),
            _ => None,
        }
    }

    /// MA-EVENT-19 (judged): nearest by walking distance; returns the nearest characters and
    /// the distance (0 = already in a character's square, FAR = none reachable).
    fn nearest_walk(&self, esq: Sq) -> (u8, u8) {
        let dist = range::walk_from(self.map(), esq, self.t.doors_open);
        let mut best = FAR;
        let mut set = 0u8;
        for (i, c) in self.t.chars.iter().enumerate() {
            let d = dist.to(c.sq);
            if d < best {
                best = d;
                set = 1 << i;
            } else if d == best && d != FAR {
                set |= 1 << i;
            }
        }
        (set, best)
    }

    /// The characters an enemy in `esq` moves toward and their walking distance: the nearest
    /// ones (`toward` = [`NEAREST`]) or the one taunting.
    fn heading(&self, esq: Sq, toward: u8) -> (u8, u8) {
        if toward == NEAREST {
            self.nearest_walk(esq)
        } else {
            let walk = range::walk_from(self.map(), esq, self.t.doors_open);
            (1 << toward, walk.to(self.t.chars[toward as usize].sq))
        }
    }

    /// Whether an enemy in `esq` has somewhere to move: a character to walk toward that it is
    /// not with already. Then [`Mandalorian::enemy_destinations`] is not empty: every shortest
    /// path has a square at each distance (walking distance is symmetric).
    fn enemy_can_move(&self, esq: Sq, toward: u8) -> bool {
        let (_, d) = self.heading(esq, toward);
        d != FAR && d != 0
    }

    /// Where an enemy in `esq` may end a move of up to `squares` toward the nearest character
    /// (`toward` = [`NEAREST`]) or toward one character: along a shortest path, stopping in the
    /// character's square (MA-EVENT-19, -22).
    pub fn enemy_destinations(&self, esq: Sq, squares: u8, toward: u8) -> Squares {
        let (set, d) = self.heading(esq, toward);
        let mut out = Squares::new();
        if d == FAR || d == 0 {
            return out;
        }
        let k = squares.min(d);
        let map = self.map();
        let from = range::walk_from(map, esq, self.t.doors_open);
        for (i, c) in self.t.chars.iter().enumerate() {
            if set & (1 << i) == 0 {
                continue;
            }
            let to = range::walk_from(map, c.sq, self.t.doors_open);
            for s in 0..map.len() as Sq {
                if from.to(s) == k && to.to(s) == d - k && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The enemies of `classes` not moved yet that have somewhere to move (MA-EVENT-21).
    fn movers(
        &self,
        classes: Classes,
        done: TokenMask,
        toward: u8,
    ) -> impl Iterator<Item = ThreatId> + '_ {
        (0..self.t.threats.len() as ThreatId).filter(move |&t| {
            !done.contains(t)
                && self
                    .enemy_of(t, classes)
                    .is_some_and(|sq| self.enemy_can_move(sq, toward))
        })
    }

    /// MA-GOLD-2: an event moving enemies "toward the nearest character" and a taunt by
    /// character `c` ("enemies move only toward you") contradict each other when, for some enemy
    /// of those classes, the two readings allow different destinations.
    pub(crate) fn readings_differ(&self, classes: Classes, squares: u8, c: u8) -> bool {
        (0..self.t.threats.len() as ThreatId).any(|t| {
            self.enemy_of(t, classes).is_some_and(|sq| {
                let mut a = self.enemy_destinations(sq, squares, NEAREST);
                let mut b = self.enemy_destinations(sq, squares, c);
                a.sort_unstable();
                b.sort_unstable();
                a != b
            })
        })
    }

    pub(crate) fn step_enemy_move(&mut self) -> Flow {
        let Some(Task::EnemyMove {
            classes,
            left,
            squares: _,
            done,
            toward,
        }) = self.t.stack.last().copied()
        else {
            return Flow::Next;
        };
        // MA-GOLD-2: the active player first decides which card takes precedence.
        if toward == UNDECIDED {
            return Flow::Wait;
        }
        // MA-EVENT-20, -21: only enemies that will move at least 1 square; none: nothing.
        if left == 0 || self.movers(classes, done, toward).next().is_none() {
            self.t.stack.pop();
            return Flow::Next;
        }
        Flow::Wait
    }

    pub(crate) fn legal_enemy_move(&self, task: Task, out: &mut Vec<Action>) {
        if let Task::EnemyMove {
            classes,
            squares: _,
            done,
            toward,
            ..
        } = task
        {
            if toward == UNDECIDED {
                out.push(Action::Precedence(Precede::EventCard));
                out.push(Action::Precedence(Precede::AbilityCard));
                return;
            }
            for t in self.movers(classes, done, toward) {
                out.push(Action::Enemy(t));
            }
        }
    }

    /// MA-GOLD-2: the event card (toward the nearest character) or the taunt (toward the
    /// taunting character) takes precedence for this movement.
    pub(crate) fn decide_precedence(&mut self, p: Precede) {
        let taunt = self.t.taunt;
        if let Some(Task::EnemyMove { toward, .. }) = self.t.stack.last_mut() {
            if *toward == UNDECIDED {
                *toward = match (p, taunt) {
                    (Precede::AbilityCard, Some(c)) => c,
                    _ => NEAREST,
                };
            }
        }
    }

    pub(crate) fn decide_enemy_move(&mut self, t: ThreatId) {
        if let Some(Task::EnemyMove {
            left,
            done,
            squares,
            toward,
            ..
        }) = self.t.stack.last_mut()
        {
            *left -= 1;
            done.insert(t);
            let (squares, toward) = (*squares, *toward);
            self.t.stack.push(Task::EnemyDest {
                token: t,
                squares,
                toward,
            });
        }
    }

    pub(crate) fn legal_enemy_dest(
        &self,
        t: ThreatId,
        squares: u8,
        toward: u8,
        out: &mut Vec<Action>,
    ) {
        if let Some(sq) = self.enemy_on_map(t) {
            for d in self.enemy_destinations(sq, squares, toward) {
                out.push(Action::Square(d));
            }
        }
    }

    pub(crate) fn enemy_moves_to(&mut self, t: ThreatId, sq: Sq, ev: &mut Vec<Happened>) {
        self.move_enemy(t, sq, ev);
        // MA-ENEMY-12..14: Sabotage after moving during the event phase only.
        if self.t.in_event_phase && self.token_def(t).has(ability::SABOTAGE) {
            self.t.stack.push(Task::Disturb {
                pick: SlotPick::Lowest,
            });
        }
    }

    /// The characters an enemy attacks (MA-EVENT-28): the nearest within `range`, as a mask
    /// of characters (bit `c` for character `c`; none: 0).
    fn attack_victims(&self, esq: Sq, range: u8) -> u8 {
        let dist = range::range_from(self.map(), esq, self.t.doors_open);
        let best = self
            .chars
            .iter()
            .map(|c| dist.to(c.sq))
            .filter(|&d| d != FAR && d <= range)
            .min();
        match best {
            None => 0,
            Some(b) => (0..self.t.chars.len() as u8)
                .filter(|&c| dist.to(self.t.chars[c as usize].sq) == b)
                .fold(0, |m, c| m | 1 << c),
        }
    }

    fn attackers(
        &self,
        classes: Classes,
        done: TokenMask,
        range: u8,
    ) -> impl Iterator<Item = ThreatId> + '_ {
        (0..self.t.threats.len() as ThreatId).filter(move |&t| {
            !done.contains(t)
                && self
                    .enemy_of(t, classes)
                    .is_some_and(|sq| self.attack_victims(sq, range) != 0)
        })
    }

    pub(crate) fn step_enemy_attack(&mut self) -> Flow {
        let Some(Task::EnemyAttack {
            classes,
            left,
            range,
            done,
        }) = self.t.stack.last().copied()
        else {
            return Flow::Next;
        };
        // MA-EVENT-29, -30: as many as possible, up to the number; none: nothing.
        if left == 0 || self.attackers(classes, done, range).next().is_none() {
            self.t.stack.pop();
            return Flow::Next;
        }
        Flow::Wait
    }

    pub(crate) fn legal_enemy_attack(&self, task: Task, out: &mut Vec<Action>) {
        if let Task::EnemyAttack {
            classes,
            range,
            done,
            ..
        } = task
        {
            for t in self.attackers(classes, done, range) {
                out.push(Action::Enemy(t));
            }
        }
    }

    pub(crate) fn decide_enemy_attack(&mut self, t: ThreatId) {
        if let Some(Task::EnemyAttack {
            left, done, range, ..
        }) = self.t.stack.last_mut()
        {
            *left -= 1;
            done.insert(t);
            let range = *range;
            self.t.stack.push(Task::AttackTarget { token: t, range });
        }
    }

    pub(crate) fn legal_attack_target(&self, t: ThreatId, range: u8, out: &mut Vec<Action>) {
        if let Some(sq) = self.enemy_on_map(t) {
            let victims = self.attack_victims(sq, range);
            for c in (0..self.t.chars.len() as u8).filter(|c| victims & (1 << c) != 0) {
                out.push(Action::Character(c));
            }
        }
    }

    /// MA-EVENT-27: each enemy attack places 1 damage.
    pub(crate) fn enemy_attacks(&mut self, _t: ThreatId, c: u8, _ev: &mut Vec<Happened>) {
        self.t.changes += 1;
        self.t.stack.push(Task::Damage { ch: c, amount: 1 });
    }
}
