//! # Firefly: The Game
//!
//! A rules-exact engine for Gale Force Nine's *Firefly: The Game*. The rule IDs cited in
//! comments (`FF-FLY-3` …) are those of the project's rules specification.

pub mod content;
