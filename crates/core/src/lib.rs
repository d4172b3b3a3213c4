//! # tabletop-core
//!
//! The game-agnostic pieces every tabletop game is built from:
//!
//! * [`rng`] — a seeded, portable random number generator ([`Rng`]) that lives *inside* a game
//!   state, so that a game is fully defined by `(content, options, seed, actions)`;
//! * [`chance`] — the chance player: the RNG, scripted dice for scenarios, the "exploding" Firefly roll;
//! * [`deck`] — a draw pile with its discard pile;
//! * [`idset`] — a set of small ids as a bitset, plain data like the decks;
//! * [`inline`] — a list of at most `N` plain items held inline, copied up to its last item;
//! * [`game`] — the [`Game`] trait: seat to act, legal actions, `apply(action) -> events`,
//!   per-seat views and the outcome;
//! * [`replay`] — a game record that re-creates any state, and the save-file format.
//!
//! Nothing here knows about any particular game.

pub mod alloc_count;
pub mod chance;
pub mod deck;
pub mod game;
pub mod idset;
pub mod inline;
pub mod replay;
pub mod rng;

pub use chance::{Chance, ExplodingRoll};
pub use deck::{Deck, FixedDeck, Pile};
pub use game::{play_random_steps, Actor, Game, IllegalAction, NewGame, Outcome, Seat};
pub use idset::IdSet;
pub use inline::Inline;
pub use replay::{Replay, ReplayError};
pub use rng::Rng;
