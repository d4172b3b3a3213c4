//! Playing on a determinized copy with the rollout policy: between two searched decisions (the
//! small decisions a search leaves to the heuristic), and after the tree (the rollout), up to a
//! horizon where the position is valued instead of played to the end.

use tabletop_core::{Actor, Game};

use super::SearchGame;
use crate::Bot;

/// Scratch buffers of one search, reused from iteration to iteration.
pub struct Scratch<G: Game> {
    pub legal: Vec<G::Action>,
    pub events: Vec<G::Event>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            legal: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// Where playing on stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The game is over.
    Over,
    /// A decision the search branches on; `s.legal` holds its legal actions.
    Key,
    /// The step limit was reached.
    Horizon,
}

/// Let `policies` (one per seat) play `g` until a searched decision, the end, or `limit`
/// decisions. With `stop_at_key` false, searched decisions are played by the policy too (the
/// rollout). Counts the decisions taken in `steps`.
pub fn play_on<G: SearchGame>(
    g: &mut G,
    policies: &mut [G::Policy],
    s: &mut Scratch<G>,
    stop_at_key: bool,
    limit: u32,
    steps: &mut u32,
) -> Stop {
    let mut taken = 0;
    loop {
        let seat = match g.actor() {
            Actor::Over => return Stop::Over,
            Actor::Seat(seat) => seat,
        };
        g.legal_actions(&mut s.legal);
        if s.legal.is_empty() {
            // No legal action for a seat to act: an engine fault; value the position as it is.
            return Stop::Horizon;
        }
        if stop_at_key && s.legal.len() > 1 && g.key_decision(&s.legal) {
            return Stop::Key;
        }
        if taken >= limit {
            return Stop::Horizon;
        }
        let a = if s.legal.len() == 1 {
            s.legal[0]
        } else {
            policies[seat as usize].choose(g, seat, &s.legal)
        };
        s.events.clear();
        g.apply_unchecked(a, &mut s.events);
        taken += 1;
        *steps += 1;
    }
}
