//! A bot that can play any seat: greedy look-ahead over one card's resolution with a heuristic
//! evaluation of public information. Before looking ahead it forgets the future
//! ([`Mandalorian::forget_future`]), so it never peeks at deck orders or unseen threats.

use tabletop_core::{Game, Rng};

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;

pub struct Bot {
    rng: Rng,
    buf: Vec<Action>,
}

impl Bot {
    pub fn new(seed: u64) -> Bot {
        Bot {
            rng: Rng::new(seed),
            buf: Vec::new(),
        }
    }

    /// Choose an action for the seat to act.
    pub fn choose(&mut self, g: &Mandalorian) -> Action {
        let mut legal = std::mem::take(&mut self.buf);
        g.legal_into(&mut legal);
        debug_assert!(!legal.is_empty());
        if legal.len() == 1 {
            let a = legal[0];
            self.buf = legal;
            return a;
        }
        let mut base = g.clone();
        base.forget_future(self.rng.next_u64());
        let top_level = matches!(g.stack.last(), Some(Task::ActionPhase));
        let mut best = legal[0];
        let mut best_v = f64::NEG_INFINITY;
        let mut ev = Vec::new();
        for &a in &legal {
            let mut s = base.clone();
            ev.clear();
            s.decide(a, &mut ev);
            s.run(&mut ev);
            if top_level && !matches!(a, Action::EndActions) {
                greedy_to_action_phase(&mut s, &mut ev);
            }
            // Small noise breaks ties differently from game to game.
            let v = evaluate(&s) + self.rng.below(1000) as f64 * 1e-6;
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        self.buf = legal;
        best
    }
}

/// Resolve the sub-decisions of a card greedily until the action phase asks again.
fn greedy_to_action_phase(s: &mut Mandalorian, ev: &mut Vec<Happened>) {
    let mut legal = Vec::new();
    let mut guard = 0;
    while s.outcome.is_none() && !matches!(s.stack.last(), Some(Task::ActionPhase) | None) {
        guard += 1;
        if guard > 40 || s.in_event_phase {
            break;
        }
        s.legal_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mut best = legal[0];
        let mut best_v = f64::NEG_INFINITY;
        for &a in &legal {
            let mut t = s.clone();
            ev.clear();
            t.decide(a, ev);
            t.run(ev);
            let v = evaluate(&t);
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        ev.clear();
        s.decide(best, ev);
        s.run(ev);
    }
}

const W_CRISIS: f64 = 10.0;
const W_EVENT: f64 = 3.0;
const W_TRACK: f64 = 25.0;
const W_DIST: f64 = 6.0;

fn walk_or(d: u8) -> f64 {
    if d == FAR {
        25.0
    } else {
        d as f64
    }
}

/// Heuristic value of a state for the players (higher is better). Uses public information
/// only: face-down threats count as unknown.
pub fn evaluate(g: &Mandalorian) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.is_empty() { -1e6 } else { 1e6 };
    }
    let m = g.mission();
    let map = &m.map;
    let doors = g.doors_open;
    let mut v = 0.0;
    // Walking distances are table lookups (range::tables): no list of them is built.
    let tables = range::tables(map, doors);
    let walk = |c: &CharState| tables.walk_from(c.sq);
    let nearest = |sq: Sq| -> f64 {
        g.chars
            .iter()
            .map(|c| walk_or(walk(c).to(sq)))
            .fold(f64::INFINITY, f64::min)
    };
    // Health: losing the last points is what loses the game.
    for c in &g.chars {
        let hp = c.health.saturating_sub(c.damage).max(1) as f64;
        v += 10.0 * hp - 60.0 / hp;
        for &p in &c.kept {
            v += match g.content.planning[p as usize].kind {
                PlanKind::Defense => 14.0,
                _ => 6.0,
            };
        }
    }
    // Crisis track and event pressure.
    if let Some(max) = m.track_max() {
        let t = g.track as f64 / max as f64;
        v -= W_TRACK * g.track as f64 * (1.0 + t);
    }
    for i in 0..g.slots.len() {
        let s = g.slot_strength(i);
        if s >= 6 {
            v -= W_CRISIS;
        } else if s == 5 {
            v -= W_EVENT;
        }
    }
    // Enemies: health left, and those next to characters.
    for t in 0..g.threats.len() as ThreatId {
        let th = &g.threats[t as usize];
        let TLoc::Map(sq) = th.loc else { continue };
        let def = g.token_def(t);
        if th.face_up {
            if let Face::Enemy { health, .. } = def.face {
                let left = (health - th.damage) as f64;
                v -= 2.0 * left;
                let d = nearest(sq);
                if d <= 1.0 {
                    v -= 3.0;
                }
            }
        }
    }
    // Objective progress.
    match m.objective {
        Objective::DefeatTargets => {
            let target_shapes: u8 = m
                .tokens
                .iter()
                .filter(|t| t.target)
                .fold(0, |a, t| a | (1 << t.shape));
            let mut unknown = Vec::new();
            for t in 0..g.threats.len() as ThreatId {
                let th = &g.threats[t as usize];
                let def = g.token_def(t);
                match th.loc {
                    TLoc::Defeated if def.target => v += 150.0,
                    TLoc::Map(sq) if def.target && (th.face_up || th.seen != 0) => {
                        let Face::Enemy { health, .. } = def.face else {
                            continue;
                        };
                        v -= 12.0 * (health - th.damage) as f64 + W_DIST * nearest(sq);
                    }
                    TLoc::Map(sq)
                        if !th.face_up && target_shapes & (1 << def.shape) != 0 && th.seen == 0 =>
                    {
                        unknown.push(sq);
                    }
                    _ => {}
                }
            }
            if let Some(d) = unknown.iter().map(|&s| nearest(s)).reduce(f64::min) {
                v -= W_DIST * d + 10.0 * unknown.len() as f64;
            }
        }
        Objective::ChildToExit { exit } => {
            let ex = map.numbered(exit).unwrap_or(map.start);
            match g.child {
                Child::Character(c) => {
                    v += 100.0 - W_DIST * walk_or(walk(&g.chars[c as usize]).to(ex));
                }
                Child::Square(sq) => v += 40.0 - W_DIST * nearest(sq),
                Child::Token(t) => {
                    if let (TLoc::Map(sq), Face::Enemy { health, .. }) =
                        (g.threats[t as usize].loc, &g.token_def(t).face)
                    {
                        v -= W_DIST * nearest(sq)
                            + 6.0 * (health - g.threats[t as usize].damage) as f64;
                    }
                }
                Child::Absent => {}
            }
        }
        Objective::CollectAndExit { count, exit } => {
            v += 80.0 * g.collected.min(count) as f64;
            if g.collected < count {
                let mut best = f64::INFINITY;
                for t in 0..g.threats.len() as ThreatId {
                    let th = &g.threats[t as usize];
                    let TLoc::Map(sq) = th.loc else { continue };
                    let collectable = match g.token_def(t).face {
                        Face::Item(i) => m.items[i as usize].effects.contains(&Effect::Collect),
                        _ => false,
                    };
                    if (th.face_up || th.seen != 0) && collectable {
                        best = best.min(nearest(sq));
                    }
                }
                if best.is_finite() {
                    v -= W_DIST * best;
                }
                // Opening doors is progress.
                v += 15.0 * doors.count_ones() as f64;
            } else {
                let ex = map.numbered(exit).unwrap_or(map.start);
                for c in &g.chars {
                    v -= W_DIST * walk_or(walk(c).to(ex));
                }
            }
        }
    }
    v
}

/// Play a whole game with bots in every seat; returns whether it was won and the number of
/// decisions taken.
pub fn play_out(g: &mut Mandalorian, bot: &mut Bot, max_steps: u32) -> (bool, u32) {
    let mut ev = Vec::new();
    let mut n = 0;
    while g.outcome.is_none() && n < max_steps {
        let a = bot.choose(g);
        ev.clear();
        g.apply_unchecked(a, &mut ev);
        n += 1;
    }
    let won = g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty());
    (won, n)
}
