//! # Firefly: The Game
//!
//! A rules-exact engine for Gale Force Nine's *Firefly: The Game*. The rule IDs cited in
//! comments (`FF-FLY-3` …) are those of the project's rules specification.

pub mod action;
pub mod bounty;
pub mod buy;
pub mod card_powers;
pub mod card_use;
pub mod catalog;
pub mod content;
pub mod crew;
pub mod cutter_places;
pub mod deal;
pub mod determinize;
pub mod event;
pub mod fly;
pub mod interrupts;
pub mod last_call;
pub mod piracy;
pub mod pirate_gear;
pub mod resolve;
pub mod reveal;
pub mod rim;
pub mod setup_card;
pub mod ship;
pub mod ship_places;
pub mod showdown;
pub mod state;
pub mod trade;
pub mod turn;
pub mod work;

pub use action::Action;
pub use event::Event;
pub use state::{Firefly, Options, Phase};
pub use turn::SetupError;
pub mod game;
pub mod invariants;
pub mod scenario;
pub mod testing;
pub mod view;
