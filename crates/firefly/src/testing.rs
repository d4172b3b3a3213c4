//! Helpers for rule tests: load a scenario, act by the action's description, inspect.
//!
//! ```no_run
//! use tabletop_firefly::testing::*;
//! let mut g = scenario(r#"
//! [[player]]
//! leader = "malcolm"
//! ship = "serenity"
//! sector = "persephone"
//! "#);
//! choose(&mut g, "Mosey");
//! ```

use tabletop_core::{Game, NewGame};

use crate::action::Action;
use crate::content::{Content, SectorId};
use crate::event::Event;
use crate::scenario::Scenario;
use crate::state::{Firefly, Options};

/// The story scenarios use unless they say otherwise.
pub const DEFAULT_STORY: &str = "the-king-of-all-londinium";

/// Load a scenario (TOML text) with the default story and seed 1; panics with the error.
pub fn scenario(text: &str) -> Firefly {
    scenario_with(text, DEFAULT_STORY, 1)
}

pub fn scenario_with(text: &str, story: &str, seed: u64) -> Firefly {
    let s = Scenario::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let mut o = Options::new(s.player.len() as u8, story);
    o.scenario = Some(s);
    Firefly::new_game(Content::builtin(), &o, seed).unwrap_or_else(|e| panic!("{e}"))
}

pub fn legal(g: &Firefly) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

/// The descriptions of the legal actions.
pub fn menu(g: &Firefly) -> Vec<String> {
    legal(g).into_iter().map(|a| g.describe_action(a)).collect()
}

/// Whether some legal action's description contains `text`.
pub fn can(g: &Firefly, text: &str) -> bool {
    menu(g).iter().any(|d| d.contains(text))
}

/// Apply a legal action; panics, listing the legal ones, if it is not legal.
pub fn act(g: &mut Firefly, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    if let Err(e) = g.apply(a, &mut ev) {
        panic!("{e}; legal: {:?}", menu(g));
    }
    if let Err(e) = crate::invariants::check(g) {
        panic!("invariant broken after {a:?}: {e}");
    }
    ev
}

/// Apply the one legal action whose description contains `text` (the first if several
/// describe the same thing, e.g. identical cards).
pub fn choose(g: &mut Firefly, text: &str) -> Vec<Event> {
    let acts = legal(g);
    let found: Vec<Action> = acts
        .iter()
        .copied()
        .filter(|&a| g.describe_action(a).contains(text))
        .collect();
    match found.first() {
        Some(&a) => act(g, a),
        None => panic!("no legal action matches {text:?}; legal: {:?}", menu(g)),
    }
}

pub fn sector(id: &str) -> SectorId {
    Content::builtin()
        .sector(id)
        .unwrap_or_else(|| panic!("no sector {id}"))
}

/// Whether an event of the given kind happened.
pub fn happened(events: &[Event], pred: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(pred)
}
