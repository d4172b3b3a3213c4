//! The Mandalorian Adventures in the driver: content loading, the bots that can sit at a
//! table, and the readable log ([`Driven`]).

use std::path::Path;

use anyhow::{anyhow, Result};
use tabletop_bots::easy::EasyBot;
use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_bots::search::SearchBot;
use tabletop_bots::Bot;
use tabletop_core::{Game, Seat};
use tabletop_mandalorian::content::{render, Content};
use tabletop_mandalorian::{Action, Happened, Mandalorian};

use crate::driven::{Driven, Viewer};
use crate::seats::generic_bot;

/// The built-in content, or the content files of a directory.
pub fn load_content(dir: Option<&Path>) -> Result<&'static Content> {
    match dir {
        None => Ok(tabletop_mandalorian::embedded()),
        Some(d) => {
            crate::input::check_content_dir(d)?;
            Ok(Content::load_dir(d)
                .map_err(|e| anyhow!("the content in {} is invalid: {e}", d.display()))?
                .leak())
        }
    }
}

/// The bots that can sit at a Mandalorian table (levels `easy`, `normal`, `hard`; `bot` is
/// `normal`).
pub use crate::seats::BOTS;

/// The bots: `normal` (or `bot`) is the heuristic bot, `easy` the same with a beginner's slips,
/// `hard` the search bot over it (the team's result is every seat's), `random` plays uniformly
/// random actions.
pub fn make_bot(name: &str, seat: Seat, seed: u64) -> Box<dyn Bot<Mandalorian>> {
    match name {
        "normal" | "bot" => Box::new(MandalorianBot::new(seed)),
        "easy" => Box::new(EasyBot::<Mandalorian>::new(seed)),
        "hard" => Box::new(SearchBot::<Mandalorian>::new(seed)),
        other => generic_bot::<Mandalorian>(other, seat, seed),
    }
}

/// [`make_bot`], with the `hard` level's search settings given (the arena's `--iterations`,
/// `--horizon`).
pub fn make_bot_with(
    name: &str,
    seat: Seat,
    seed: u64,
    hard: &tabletop_bots::search::SearchConfig,
) -> Box<dyn Bot<Mandalorian>> {
    match name {
        "hard" => Box::new(SearchBot::<Mandalorian>::with_config(seed, *hard)),
        other => make_bot(other, seat, seed),
    }
}

fn event_text(g: &Mandalorian, e: &Happened) -> Option<String> {
    let c = g.content();
    Some(match e {
        Happened::Played { card, slot } => {
            let full = render::card(c.card(*card));
            format!(
                "{} plays {} into {} (Strength {})",
                c.characters[c.card(*card).character as usize].name,
                full.split(" — ").next().unwrap_or(&full),
                g.slot_name(*slot as usize),
                g.resolve_strength(*card, *slot as usize)
            )
        }
        Happened::CardIdle { card, why, .. } => {
            format!(
                "{} is put aside: {}",
                c.card(*card).name,
                why.texts().join("; ")
            )
        }
        Happened::CharacterMoved { ch, to } => {
            format!("{} moves to {}", g.char_name(*ch), g.square_label(*to))
        }
        Happened::Revealed { token } => format!("revealed: {}", g.threat_label(*token, 0)),
        Happened::CharacterDamaged { ch, amount } => {
            format!("{} takes {amount} damage", g.char_name(*ch))
        }
        Happened::Blocked { ch } => format!("{} blocks 1 damage with Defense", g.char_name(*ch)),
        Happened::Healed { ch, amount } => format!("{} heals {amount}", g.char_name(*ch)),
        Happened::EnemyDamaged { token, amount } => {
            format!("{} takes {amount} damage", g.token_def(*token).name)
        }
        Happened::Defeated { token } => format!("{} is defeated", g.token_def(*token).name),
        Happened::EnemyMoved { token, to } => format!(
            "{} moves to {}",
            g.token_def(*token).name,
            g.square_label(*to)
        ),
        Happened::Crisis { slot } => format!(
            "CRISIS from the {} slot: {}",
            g.slot_name(*slot as usize),
            render::effects(&g.mission().crisis)
        ),
        Happened::EventDrawn { event, slot } => format!(
            "EVENT for the {} slot: {}",
            g.slot_name(*slot as usize),
            render::event(&c.events[*event as usize])
        ),
        Happened::NoEffectSpawn => {
            "the event had no effect: 1 reinforcement spawns in the nearest star square".into()
        }
        Happened::Spawned { token, sq } => format!(
            "reinforcement {} spawns at {}",
            g.token_def(*token).name,
            g.square_label(*sq)
        ),
        Happened::SpawnIgnored => "every reinforcement is in play: the spawn is ignored".into(),
        Happened::Disturbed { slot, value } => format!(
            "the {} slot is disturbed (+{value})",
            g.slot_name(*slot as usize)
        ),
        Happened::SlotDiscarded { slot } => {
            format!("the {} slot is discarded", g.slot_name(*slot as usize))
        }
        Happened::ChildFled { to } => format!("the Child flees to {}", g.square_label(*to)),
        Happened::ChildRescued { ch } => format!("{} rescues the Child", g.char_name(*ch)),
        Happened::ChildDropped { sq } => format!("the Child is dropped at {}", g.square_label(*sq)),
        Happened::DoorOpened { door } => format!("door {door} opens"),
        Happened::ItemUsed { ch, token } => {
            format!("{} uses {}", g.char_name(*ch), g.token_def(*token).name)
        }
        Happened::PlanningKept { ch, card } => format!(
            "{} keeps {}",
            g.char_name(*ch),
            c.planning[*card as usize].name
        ),
        Happened::PlanningUsed { ch, card } => format!(
            "{} uses {}",
            g.char_name(*ch),
            c.planning[*card as usize].name
        ),
        Happened::Track { value } => format!("crisis track: {value}"),
        Happened::TurnEnded { turn } => format!("— end of turn {turn} —"),
        Happened::Won => "MISSION COMPLETE: everybody wins".into(),
        Happened::Lost { reason } => format!("MISSION FAILED: {reason}"),
    })
}

impl Driven for Mandalorian {
    fn catalog(content: &Content) -> serde_json::Value {
        serde_json::to_value(tabletop_mandalorian::catalog::Catalog::of(content))
            .expect("the catalog serializes")
    }

    fn fingerprint(content: &Content) -> String {
        content.fingerprint.clone()
    }

    fn seat_name(seat: Seat) -> String {
        format!("player {}", u16::from(seat) + 1)
    }

    fn event_line(&self, e: &Happened, _viewer: Viewer) -> Option<String> {
        // Every event is public information: what a player looks at secretly is not an event,
        // and an event names a threat by its handle, or by what it is only once it is face up
        // (Revealed, Spawned, and enemies and items, which are face up).
        event_text(self, e)
    }

    fn public_description(&self, a: Action, viewer: Viewer) -> String {
        match (a, viewer) {
            // Which planning cards were drawn is private (MA-PLAN-2).
            (Action::Keep(_), Viewer::Public) => "keep a drawn planning card".into(),
            (Action::Top(_), Viewer::Public) => "put a drawn planning card on top".into(),
            (Action::Keep(_) | Action::Top(_), Viewer::Seat(s)) if s != self.active_seat() => {
                self.public_description(a, Viewer::Public)
            }
            // A face-down threat as this viewer knows it: what it is only for a seat that
            // looked at it (MA-SPY-2, MA-INFO-2).
            (_, Viewer::Seat(s)) => self.describe_for(a, s),
            (_, Viewer::Public) => self.describe_for(a, u8::MAX),
            (_, Viewer::All) => self.describe_action(a),
        }
    }
}
