//! The decisions inside a card, and every decision outside the action phase: each legal action
//! is tried on a copy and the resulting position valued ([`super::evaluate`]), one decision at
//! a time.

use tabletop_core::Game;
use tabletop_mandalorian::state::Task;
use tabletop_mandalorian::{Action, Happened, Mandalorian};

use super::evaluate;

/// Resolve the sub-decisions of a card greedily until the action phase asks again (or the
/// event phase begins, or 40 decisions were taken). `kept` is the state each trial is copied
/// into (kept from call to call), `legal` and `ev` are scratch buffers.
pub fn greedy_to_action_phase(
    s: &mut Mandalorian,
    kept: &mut Option<Mandalorian>,
    legal: &mut Vec<Action>,
    ev: &mut Vec<Happened>,
) {
    let mut guard = 0;
    while s.outcome.is_none() && !matches!(s.pending(), Some(Task::ActionPhase) | None) {
        guard += 1;
        if guard > 40 || s.in_event_phase() {
            break;
        }
        s.legal_actions(legal);
        if legal.is_empty() {
            break;
        }
        let mut best = legal[0];
        let mut best_v = f64::NEG_INFINITY;
        for &a in legal.iter() {
            let t = super::copy_into(kept, s);
            ev.clear();
            t.apply_unchecked(a, ev);
            let v = evaluate(t);
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        ev.clear();
        s.apply_unchecked(best, ev);
    }
}
