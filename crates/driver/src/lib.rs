//! # tabletop-driver
//!
//! Everything that drives a game without being the game's rules, shared by the terminal
//! (`crates/cli`) and the server (`crates/server`):
//!
//! * [`driven`] — what a driver needs of a game beyond the engine trait: the content
//!   fingerprint, readable log lines and action texts as one viewer may see them;
//! * [`record`] — a [`Match`] (a game and its record, which is the save), checked loading of
//!   saves, stepping through a replay, undo;
//! * [`input`] — reading lines and files defensively (caps, UTF-8), quoting input briefly;
//! * [`seats`] — seeds of simulated games and their bots, who sits in a seat;
//! * [`simulate`] — bot-only games in parallel; [`bench`] — engine and search speed;
//! * [`arena`] — bot levels against each other with seat rotation, win rates with 95 % intervals;
//! * [`json`] — the line-based JSON protocol;
//! * [`firefly`], [`mandalorian`] — each game's log lines, content loading and bots.
//!
//! Seats are 0-based in the engine and in JSON, 1-based in text meant for people.

pub mod arena;
pub mod bench;
pub mod driven;
pub mod firefly;
pub mod input;
pub mod json;
pub mod mandalorian;
pub mod record;
pub mod seats;
pub mod simulate;

pub use driven::{Driven, Viewer};
pub use json::JsonSession;
pub use record::{
    checked_step, parse_replay, replay_error_index, replay_from_value, write_atomically, Match,
    Step, Stepper,
};
pub use seats::{
    bot_name, bot_seed, game_seed, generic_bot, mix, parse_seats, BotMaker, SeatKind, BOTS,
};
pub use simulate::{mean_median, percent, play_out, GameRun, Simulation};

/// The message of a caught panic.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}
