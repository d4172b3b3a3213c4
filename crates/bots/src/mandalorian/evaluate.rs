//! How good a position is for the players (higher is better), from public information only:
//! face-down threats the seat has not looked at count as unknown.
//!
//! The value is a sum, in this order: health and kept planning cards ([`health`]), the crisis
//! track and slots close to an event or a crisis ([`pressure`]), face-up enemies ([`enemies`]),
//! and the progress toward the mission's objective ([`objective`]). Each part adds to the same
//! running total, so the sum is taken in one order (floating-point sums depend on it, and the
//! bot's decisions on the sums).

use tabletop_mandalorian::content::*;
use tabletop_mandalorian::range::{self, Tables, FAR};
use tabletop_mandalorian::state::*;
use tabletop_mandalorian::Mandalorian;

const W_CRISIS: f64 = 10.0;
const W_EVENT: f64 = 3.0;
const W_TRACK: f64 = 25.0;
const W_DIST: f64 = 6.0;

/// A walking distance as a cost; an unreachable square (behind a closed door) costs 25.
fn walk_or(d: u8) -> f64 {
    if d == FAR {
        25.0
    } else {
        d as f64
    }
}

/// The walking distance from the nearest character to `sq`, as a cost.
fn nearest(g: &Mandalorian, tables: &Tables, sq: Sq) -> f64 {
    g.characters()
        .iter()
        .map(|c| walk_or(tables.walk_from(c.sq).to(sq)))
        .fold(f64::INFINITY, f64::min)
}

/// Heuristic value of a state for the players: ±1e6 once the game is over (won or lost).
pub fn evaluate(g: &Mandalorian) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.is_empty() { -1e6 } else { 1e6 };
    }
    // Walking distances are table lookups (range::tables): no list of them is built.
    let tables = range::tables(g.map(), g.doors_open());
    let mut v = 0.0;
    health(g, &mut v);
    pressure(g, &mut v);
    enemies(g, tables, &mut v);
    objective(g, tables, &mut v);
    v
}

/// Health (losing the last points is what loses the game, MA-DAMAGE) and kept planning cards
/// (a Defense card is worth most: it blocks damage, MA-PLAN-6).
fn health(g: &Mandalorian, v: &mut f64) {
    for c in g.characters() {
        let hp = c.health.saturating_sub(c.damage).max(1) as f64;
        *v += 10.0 * hp - 60.0 / hp;
        for &p in &c.kept {
            *v += match g.content().planning[p as usize].kind {
                PlanKind::Defense => 14.0,
                _ => 6.0,
            };
        }
    }
}

/// The crisis track (MA-CRISIS: 10 loses) and slots about to resolve an event (Strength 5) or a
/// crisis (6+, MA-EVENT-5, -6).
fn pressure(g: &Mandalorian, v: &mut f64) {
    if let Some(max) = g.mission().track_max() {
        let t = g.track() as f64 / max as f64;
        *v -= W_TRACK * g.track() as f64 * (1.0 + t);
    }
    for i in 0..g.slots().len() {
        let s = g.slot_strength(i);
        if s >= 6 {
            *v -= W_CRISIS;
        } else if s == 5 {
            *v -= W_EVENT;
        }
    }
}

/// Face-up enemies on the map: their health left, and those next to a character.
fn enemies(g: &Mandalorian, tables: &Tables, v: &mut f64) {
    for t in 0..g.threats().len() as ThreatId {
        let th = &g.threats()[t as usize];
        let TLoc::Map(sq) = th.loc else { continue };
        if th.face_up {
            if let Face::Enemy { health, .. } = g.token_def(t).face {
                let left = (health - th.damage) as f64;
                *v -= 2.0 * left;
                if nearest(g, tables, sq) <= 1.0 {
                    *v -= 3.0;
                }
            }
        }
    }
}

/// Progress toward the mission's objective (MA-MISSION): targets defeated and the distance to
/// the known and unknown ones; the Child carried toward the exit; items collected and the
/// distance to the next one, then to the exit.
fn objective(g: &Mandalorian, tables: &Tables, v: &mut f64) {
    let m = g.mission();
    let map = &m.map;
    let nearest = |sq: Sq| nearest(g, tables, sq);
    match m.objective {
        Objective::DefeatTargets => {
            let target_shapes: u8 = m
                .tokens
                .iter()
                .filter(|t| t.target)
                .fold(0, |a, t| a | (1 << t.shape));
            // Face-down tokens that may be targets: how many, and the nearest (a minimum, so
            // the order they are met in does not change it).
            let (mut unknown, mut unknown_d) = (0usize, None::<f64>);
            for t in 0..g.threats().len() as ThreatId {
                let th = &g.threats()[t as usize];
                let def = g.token_def(t);
                match th.loc {
                    TLoc::Defeated if def.target => *v += 150.0,
                    TLoc::Map(sq) if def.target && (th.face_up || th.seen != 0) => {
                        let Face::Enemy { health, .. } = def.face else {
                            continue;
                        };
                        *v -= 12.0 * (health - th.damage) as f64 + W_DIST * nearest(sq);
                    }
                    TLoc::Map(sq)
                        if !th.face_up && target_shapes & (1 << def.shape) != 0 && th.seen == 0 =>
                    {
                        unknown += 1;
                        let d = nearest(sq);
                        unknown_d = Some(unknown_d.map_or(d, |u: f64| u.min(d)));
                    }
                    _ => {}
                }
            }
            if let Some(d) = unknown_d {
                *v -= W_DIST * d + 10.0 * unknown as f64;
            }
        }
        Objective::ChildToExit { exit } => {
            let ex = map.numbered(exit).unwrap_or(map.start);
            match g.child() {
                Child::Character(c) => {
                    let carrier = &g.characters()[c as usize];
                    *v += 100.0 - W_DIST * walk_or(tables.walk_from(carrier.sq).to(ex));
                }
                Child::Square(sq) => *v += 40.0 - W_DIST * nearest(sq),
                Child::Token(t) => {
                    if let (TLoc::Map(sq), Face::Enemy { health, .. }) =
                        (g.threats()[t as usize].loc, &g.token_def(t).face)
                    {
                        *v -= W_DIST * nearest(sq)
                            + 6.0 * (health - g.threats()[t as usize].damage) as f64;
                    }
                }
                Child::Absent => {}
            }
        }
        Objective::CollectAndExit { count, exit } => {
            *v += 80.0 * g.collected().min(count) as f64;
            if g.collected() < count {
                let mut best = f64::INFINITY;
                for t in 0..g.threats().len() as ThreatId {
                    let th = &g.threats()[t as usize];
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
                    *v -= W_DIST * best;
                }
                // Opening doors is progress.
                *v += 15.0 * g.doors_open().count_ones() as f64;
            } else {
                let ex = map.numbered(exit).unwrap_or(map.start);
                for c in g.characters() {
                    *v -= W_DIST * walk_or(tables.walk_from(c.sq).to(ex));
                }
            }
        }
    }
}
