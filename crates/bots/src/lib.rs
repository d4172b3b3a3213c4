//! # tabletop-bots
//!
//! A [`Bot`] picks one of the legal actions of the seat it plays. Bots only read what the
//! engine exposes; a bot that looks ahead must [`tabletop_core::Game::reseed`] its copy of the
//! state first, so that it cannot peek at the real deck order or dice.
//!
//! * [`RandomBot`] — uniformly random legal actions, for any game;
//! * [`firefly`] — a heuristic Firefly captain;
//! * [`mandalorian`] — a heuristic Mandalorian player (any seat, or solo);
//! * [`search`] — the search bot (`hard`): information-set MCTS over determinizations with a
//!   heuristic bot as its rollout policy, for both games;
//! * [`easy`] — the `easy` level: a heuristic bot that makes a beginner's mistakes.

use tabletop_core::{Game, Rng, Seat};

pub mod easy;
pub mod firefly;
pub mod mandalorian;
pub mod search;

/// A player program.
pub trait Bot<G: Game>: Send {
    /// A short name for logs and summaries.
    fn name(&self) -> &str;

    /// Choose one of `legal` (never empty) for `seat` in state `game`.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action;
}

/// Plays uniformly random legal actions. Its own RNG is seeded, so its games replay.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action]) -> G::Action {
        legal[self.rng.index(legal.len())]
    }
}
