//! What the server needs to know about each game beyond the driver: its built-in content, the
//! bots that can sit at a table, how a table's options are read from a request, what a new
//! table may choose, how a scenario file becomes a game, and a one-line summary for the lobby.

use anyhow::{anyhow, bail, Result};
use serde_json::{json, Value};
use tabletop_bots::Bot;
use tabletop_core::Seat;
use tabletop_driver::Driven;
use tabletop_firefly::content::ExpansionSet;
use tabletop_firefly::Firefly;
use tabletop_mandalorian::Mandalorian;

/// The games this server runs, by [`tabletop_core::Game::NAME`].
pub const GAMES: &[&str] = &["firefly", "mandalorian"];

/// The bots that can sit at a table of any game: the levels `easy`, `normal` and `hard` (the
/// search bot), and `random` (uniformly random legal actions). A request may still say `bot`,
/// the old name of `normal`.
pub use tabletop_driver::BOTS;

/// A game the server can host.
pub trait ServerGame: Driven + tabletop_core::NewGame<Options: Send + Sync> + 'static {
    /// The built-in content (the server plays only the content compiled into it, so that a
    /// stored game's fingerprint always matches on reload).
    fn content() -> &'static Self::Content;

    fn make_bot(name: &str, seat: Seat, seed: u64) -> Box<dyn Bot<Self>>;

    /// The options of a new table with `seats` seats: the engine's option fields given in the
    /// request laid over the game's defaults. The number of seats always comes from the seat
    /// list; a scenario only comes through an import.
    fn options_for(request: &Value, seats: usize) -> Result<Self::Options>;

    /// The options and seed of a game starting from a scenario file (its TOML text), with
    /// `request` the other options given beside it.
    fn scenario_options(text: &str, request: &Value) -> Result<(Self::Options, Option<u64>)>;

    /// What a new table may choose (`GET /api/options/{game}`).
    fn choices() -> Value;

    /// One line for the lobby ("The King of All Londinium, 3 captains").
    fn summary(options: &Self::Options) -> String;
}

/// Lay `over`'s fields over `base` (objects only; anything else replaces).
fn overlay(base: &mut Value, over: &Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                b.insert(k.clone(), v.clone());
            }
        }
        (b, o) => *b = o.clone(),
    }
}

fn options_object(request: &Value) -> Result<&Value> {
    match request {
        Value::Null => Ok(&Value::Null),
        Value::Object(o) => {
            if o.contains_key("scenario") {
                bail!("a scenario starts a table through POST /api/tables/import");
            }
            Ok(request)
        }
        _ => bail!("\"options\" must be an object"),
    }
}

fn seat_count(seats: usize) -> Result<u8> {
    u8::try_from(seats).map_err(|_| anyhow!("{seats} seats are too many"))
}

impl ServerGame for Firefly {
    fn content() -> &'static Self::Content {
        tabletop_firefly::content::Content::builtin()
    }

    fn make_bot(name: &str, seat: Seat, seed: u64) -> Box<dyn Bot<Self>> {
        tabletop_driver::firefly::make_bot(name, seat, seed)
    }

    fn options_for(request: &Value, seats: usize) -> Result<Self::Options> {
        let request = options_object(request)?;
        let mut o = serde_json::to_value(tabletop_firefly::Options::new(
            seat_count(seats)?,
            "The King of All Londinium",
        ))?;
        if !request.is_null() {
            overlay(&mut o, request);
        }
        o["players"] = json!(seats);
        serde_json::from_value(o).map_err(|e| anyhow!("bad Firefly options: {e}"))
    }

    fn scenario_options(text: &str, request: &Value) -> Result<(Self::Options, Option<u64>)> {
        let scenario = tabletop_firefly::scenario::Scenario::parse(text)
            .map_err(|e| anyhow!("the scenario is refused: {e}"))?;
        let players = scenario.player.len();
        let mut o = match request {
            Value::Null => Self::options_for(&Value::Null, players)?,
            Value::Object(_) => {
                let mut r = request.clone();
                r.as_object_mut().map(|m| m.remove("scenario"));
                Self::options_for(&r, players)?
            }
            _ => bail!("\"options\" must be an object"),
        };
        o.scenario = Some(scenario);
        Ok((o, None))
    }

    fn choices() -> Value {
        let c = <Self as ServerGame>::content();
        let stories: Vec<Value> = c
            .stories
            .iter()
            .map(|s| {
                let mut v = json!({"id": s.id, "name": s.title, "premise": s.premise,
                       "players": {"min": s.players[0], "max": s.players[1]}});
                // An expansion's story names the expansion it comes with, and every one it
                // needs (Rim Rider: both Rim boxes).
                if let Some(e) = ExpansionSet::default().missing_for(s.source) {
                    v["expansion"] = json!(e.id());
                }
                let needs: Vec<&str> = s.expansions_needed().iter().map(|e| e.id()).collect();
                if !needs.is_empty() {
                    v["needs"] = json!(needs);
                }
                v
            })
            .collect();
        let expansions: Vec<Value> = tabletop_firefly::content::Expansion::ALL
            .iter()
            .map(|e| json!({"id": e.id(), "name": e.name()}))
            .collect();
        // FF-BS-5: the Set Up cards, each with the expansion it comes with.
        let setup_cards: Vec<Value> = c
            .setup_cards
            .iter()
            .map(|s| {
                let e = ExpansionSet::default().missing_for(s.source);
                json!({"id": s.id, "name": s.name, "expansion": e.map(|e| e.id()),
                       "text": tabletop_firefly::content::render::setup_card(s)})
            })
            .collect();
        json!({
            "game": "firefly",
            "stories": stories,
            "expansions": expansions,
            "setup_cards": setup_cards,
            "first_game": "FF-SETUP-17: starting jobs only from Harken, Amnon Duul and Patience",
            "seats": {"min": 1, "max": 5},
            "bots": BOTS,
        })
    }

    fn summary(o: &Self::Options) -> String {
        let c = <Self as ServerGame>::content();
        let story = c
            .story(&o.story)
            .map_or(o.story.as_str(), |s| c.stories[s as usize].title.as_str());
        let scenario = if o.scenario.is_some() {
            " (scenario)"
        } else {
            ""
        };
        let expansions: Vec<&str> = o.expansions.iter().map(|e| e.name()).collect();
        let with = if expansions.is_empty() {
            String::new()
        } else {
            format!(", with {}", expansions.join(" and "))
        };
        let setup = o
            .setup_card
            .as_ref()
            .and_then(|id| c.setup_cards.iter().find(|s| &s.id == id || &s.name == id))
            .map_or(String::new(), |s| format!(", set up with \"{}\"", s.name));
        format!(
            "{story}, {} captain{}{}{with}{setup}{scenario}",
            o.players,
            if o.players == 1 { "" } else { "s" },
            if o.first_game { ", first game" } else { "" }
        )
    }
}

impl ServerGame for Mandalorian {
    fn content() -> &'static Self::Content {
        tabletop_mandalorian::embedded()
    }

    fn make_bot(name: &str, seat: Seat, seed: u64) -> Box<dyn Bot<Self>> {
        tabletop_driver::mandalorian::make_bot(name, seat, seed)
    }

    fn options_for(request: &Value, seats: usize) -> Result<Self::Options> {
        use tabletop_mandalorian::{Difficulty, Mode, Options};
        let request = options_object(request)?;
        // One player plays the shared mode (MA-MODE-20), as in the terminal.
        let mode = if seats == 1 {
            Mode::Shared
        } else {
            Mode::Standard
        };
        let mut o = serde_json::to_value(Options::new(
            1,
            Difficulty::Recruit,
            mode,
            seat_count(seats)?,
        ))?;
        if !request.is_null() {
            overlay(&mut o, request);
        }
        o["seats"] = json!(seats);
        serde_json::from_value(o).map_err(|e| anyhow!("bad Mandalorian options: {e}"))
    }

    fn scenario_options(text: &str, _request: &Value) -> Result<(Self::Options, Option<u64>)> {
        let s = tabletop_mandalorian::scenario::Scenario::parse(text)
            .map_err(|e| anyhow!("the scenario is refused: {e}"))?;
        // The scenario travels in the options (its own seed is used), so the game saves and
        // replays like any other.
        let mut o = s.options();
        o.scenario = Some(text.to_string());
        Ok((o, Some(s.seed)))
    }

    fn choices() -> Value {
        let c = <Self as ServerGame>::content();
        let missions: Vec<Value> = c
            .missions
            .iter()
            .map(|m| {
                let characters: Vec<&str> = m
                    .characters
                    .iter()
                    .map(|&ch| c.characters[ch as usize].id.as_str())
                    .collect();
                json!({"number": m.number, "id": m.id, "name": m.name, "characters": characters})
            })
            .collect();
        let characters: Vec<Value> = c
            .characters
            .iter()
            .map(|ch| json!({"id": ch.id, "name": ch.name, "locked": ch.locked}))
            .collect();
        json!({
            "game": "mandalorian",
            "missions": missions,
            "difficulties": ["recruit", "standard", "veteran"],
            "modes": ["standard", "sandbox", "shared"],
            "characters": characters,
            "seats": {"min": 1, "max": 4},
            "bots": BOTS,
        })
    }

    fn summary(o: &Self::Options) -> String {
        let c = <Self as ServerGame>::content();
        let name = c
            .missions
            .iter()
            .find(|m| m.number == o.mission)
            .map_or("?", |m| m.name.as_str());
        let difficulty = serde_json::to_value(o.difficulty)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default();
        format!(
            "Mission {} — {name}, {difficulty}, {} player{}",
            o.mission,
            o.seats,
            if o.seats == 1 { "" } else { "s" }
        )
    }
}
