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

// ---------------------------------------------------------------------------------------------
// Shared set-ups and inspections for the rule tests
// ---------------------------------------------------------------------------------------------

/// A two-captain position with the rival parked far away: `top` holds top-level keys (dice,
/// cruiser …), `p0` the first captain's fields (leader and sector included; the ship is
/// Serenity), `decks` the `[decks]` table's keys. The second captain, Womack in the Yun Qi,
/// waits at Regina.
pub fn two_captains_text(top: &str, p0: &str, decks: &str) -> String {
    format!(
        "{top}\n[[player]]\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
         [decks]\n{decks}\n"
    )
}

/// [`two_captains_text`], loaded with [`scenario`].
pub fn two_captains(top: &str, p0: &str, decks: &str) -> Firefly {
    scenario(&two_captains_text(top, p0, decks))
}

/// `leader` in Serenity at `sector` (seat 0, whose turn it is) with `extra` player fields, and
/// a rival, Womack in the Bonnie Mae, far away at Londinium. `top` comes before the players
/// (dice …), `tail` after them (a `[decks]` table …).
pub fn captain_text(top: &str, leader: &str, sector: &str, extra: &str, tail: &str) -> String {
    format!(
        "{top}\n[[player]]\nleader = \"{leader}\"\nship = \"serenity\"\nsector = \"{sector}\"\n\
         {extra}\n[[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n\
         {tail}\n"
    )
}

/// Malcolm (Pilot) in Serenity at Persephone, seat 0, and Monty (Mechanic) in the Yun Qi at
/// Londinium.
pub const MALCOLM_AND_MONTY: &str = r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
"#;

/// [`MALCOLM_AND_MONTY`] with Malcolm at `sector_id` instead, and `extra` fields of his.
pub fn malcolm_at(sector_id: &str, extra: &str) -> String {
    MALCOLM_AND_MONTY.replacen(
        "sector = \"persephone\"",
        &format!("sector = \"{sector_id}\"\n{extra}"),
        1,
    )
}

/// The comma-separated, quoted card ids of a deck list: `"a", "b"`.
pub fn cards(ids: &[&str]) -> String {
    ids.iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `n` copies of one card, as a deck list's items: `"c", "c"`.
pub fn copies(n: usize, id: &str) -> String {
    cards(&vec![id; n])
}

/// A `[decks]` key stacking the Misbehave deck (top card first).
pub fn misbehave_deck(ids: &[&str]) -> String {
    format!("misbehave = [{}]", cards(ids))
}

/// Two "Kill the Alarm" cards: each passed with its "Rig a Bypass" option (a Tech test).
pub const TWO_ALARMS: &str = "misbehave = [\"kill-the-alarm\", \"kill-the-alarm\"]";

/// Patience's "Henpecked Badger" in hand (2 Misbehave cards, then a Negotiate test).
pub const HENPECKED: &str = "hand = [\"patience-henpecked-badger\"]";

/// Corbin (Tech 2, Negotiate 1) at Persephone with Patience's "Henpecked Badger" in hand,
/// `more` player fields (crew …), the next dice and the Misbehave cards on top (quoted ids).
pub fn henpecked(dice: &str, more: &str, misbehave: &str) -> Firefly {
    two_captains(
        &format!("dice = [{dice}]"),
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n{more}"),
        &format!("misbehave = [{misbehave}]"),
    )
}

/// Start working "Henpecked Badger" with every crew member.
pub fn work_henpecked(g: &mut Firefly) -> Vec<Event> {
    choose(g, "Henpecked Badger");
    choose(g, "Done")
}

/// The base content plus one more content file (`path`, `text`), loaded and leaked.
pub fn content_with(path: &str, text: &str) -> &'static Content {
    let mut files = crate::content::ContentFiles::builtin();
    files.files.push((path.to_string(), text.to_string()));
    Content::load(&files)
        .unwrap_or_else(|e| panic!("{e}"))
        .leak()
}

/// Load a scenario on other content, with the default story and seed 1.
pub fn scenario_on(content: &'static Content, text: &str) -> Firefly {
    let s = Scenario::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let mut o = Options::new(s.player.len() as u8, DEFAULT_STORY);
    o.scenario = Some(s);
    Firefly::new_game(content, &o, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// How many events satisfy `pred`.
pub fn count(events: &[Event], pred: impl Fn(&Event) -> bool) -> usize {
    events.iter().filter(|e| pred(e)).count()
}

/// The endings (Proceed, Attempt Botched, Warrant Issued …) of the tests and cards resolved.
pub fn endings(events: &[Event]) -> Vec<crate::content::Ending> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        })
        .collect()
}

/// (skill, faces, skill points, bribes, total) of each roll made, in order.
pub fn rolls(events: &[Event]) -> Vec<(crate::content::Skill, Vec<u8>, u32, u8, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled {
                skill,
                faces,
                skill_points,
                bribes,
                total,
                ..
            } => Some((*skill, faces.to_vec(), *skill_points, *bribes, *total)),
            _ => None,
        })
        .collect()
}

/// The skills of the rolls made, in order.
pub fn rolled_skills(events: &[Event]) -> Vec<crate::content::Skill> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { skill, .. } => Some(*skill),
            _ => None,
        })
        .collect()
}

/// The ids of the Nav cards drawn, in order.
pub fn nav_drawn(g: &Firefly, events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::NavDrawn { card, .. } => Some(g.content.nav_def(*card).id.clone()),
            _ => None,
        })
        .collect()
}

/// The ids of the Misbehave cards drawn, in order.
pub fn misbehave_drawn(g: &Firefly, events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MisbehaveDrawn { card, .. } => Some(g.content.misbehave_def(*card).id.clone()),
            _ => None,
        })
        .collect()
}

/// The card ids of a player's crew, the Leader first.
pub fn crew_ids(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .map(|m| g.content.crew[m.def as usize].id.clone())
        .collect()
}

/// The names of a player's crew, the Leader first.
pub fn crew_names(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .map(|m| g.crew_def(m).name.clone())
        .collect()
}

/// The index of the job card with id `id`.
pub fn job_id(g: &Firefly, id: &str) -> u16 {
    g.content
        .jobs
        .iter()
        .position(|j| j.id == id)
        .unwrap_or_else(|| panic!("no job {id}")) as u16
}

/// The ids of job cards.
pub fn job_ids(
    g: &Firefly,
    jobs: impl IntoIterator<Item = impl std::borrow::Borrow<u16>>,
) -> Vec<String> {
    jobs.into_iter()
        .map(|j| g.content.jobs[*j.borrow() as usize].id.clone())
        .collect()
}

/// A Full Burn straight into the sector named (as its move is described: "Persephone",
/// "Border Space 10" …): the events of entering it, the Nav card drawn among them.
pub fn full_burn_into(g: &mut Firefly, to: &str) -> Vec<Event> {
    choose(g, "Full Burn");
    choose(g, &format!("Move to {to}"))
}

/// A `[decks]` key stacking a Nav deck (`"alliance"` or `"border"`): `top` first, then three
/// "The Big Black" cards (nothing happens) under it.
pub fn nav_deck(deck: &str, top: &str) -> String {
    format!(
        "nav-{deck} = [\"{top}\", {}]",
        copies(3, &format!("the-big-black-{deck}"))
    )
}

/// The test-only cards of `tests/test-content/effects.toml`: effects no base card has (draw
/// another Misbehave card FF-MISB-14, steps FF-MISB-15, crew splitting FF-MISC-6, Gear seizure
/// FF-MISC-9, Opportunity Bonuses FF-MISC-11), marked "promo" so the base counts hold.
pub const EFFECTS_CARDS: &str = include_str!("../tests/test-content/effects.toml");

/// The base content plus [`EFFECTS_CARDS`], each of its Misbehave cards `copies` times (more
/// copies, so that random play meets them); loaded once per number of copies.
pub fn effects_content(copies: u8) -> &'static Content {
    static LOADED: std::sync::Mutex<Vec<(u8, &'static Content)>> =
        std::sync::Mutex::new(Vec::new());
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, c)) = loaded.iter().find(|(n, _)| *n == copies) {
        return c;
    }
    let text = if copies > 1 {
        EFFECTS_CARDS.replace(
            "source = \"promo\"\n\n[[misbehave.options]]",
            &format!("source = \"promo\"\ncopies = {copies}\n\n[[misbehave.options]]"),
        )
    } else {
        EFFECTS_CARDS.to_string()
    };
    let c = content_with("test/effects.toml", &text);
    loaded.push((copies, c));
    c
}

/// Two crews at Persephone with the effects of [`EFFECTS_CARDS`] close at hand: FIREARMs,
/// enough hands to split, and jobs worked right there.
pub const EFFECTS_POSITION: &str = r#"
[[player]]
leader = "corbin"
ship = "serenity"
sector = "persephone"
crew = [{ card = "jayne", gear = ["pistol", "vera"] }, { card = "zoe", gear = ["pistol"] }]
hand = ["patience-henpecked-badger", "test-crates-and-chances", "test-risky-heist"]
[[player]]
leader = "malcolm"
ship = "yun-qi"
sector = "persephone"
leader-gear = ["pistol"]
crew = [{ card = "kaylee" }, { card = "stitch" }]
"#;

/// Every face-down Nav and Supply draw pile put in reverse order: with
/// [`swap_a_rivals_hidden_job`], a table that looks the same to every captain (the no-peeking
/// tests of the bots).
pub fn reverse_draw_piles(g: &mut Firefly) {
    for d in &mut g.decks.nav {
        d.draw_pile_mut().reverse();
    }
    for d in &mut g.decks.supply {
        d.draw_pile_mut().reverse();
    }
}

/// Swap one hand job of a captain other than `seat` with a card of the same Contact's draw
/// pile: a table that looks the same to `seat` (and to everyone but that captain). `false` when
/// no rival holds a job whose Contact's deck has a card left.
pub fn swap_a_rivals_hidden_job(g: &mut Firefly, seat: tabletop_core::Seat) -> bool {
    let content = g.content;
    for r in 0..g.players.len() {
        if r as tabletop_core::Seat == seat {
            continue;
        }
        for i in 0..g.players[r].hand.len() {
            let j = g.players[r].hand[i];
            let Some(k) = content.jobs[j as usize].contact else {
                continue;
            };
            let deck = &mut g.decks.contacts[k.index()];
            let Some(&other) = deck.draw_pile().first() else {
                continue;
            };
            let mut pile = deck.draw_pile().to_vec();
            pile[0] = j;
            deck.set_draw(&pile);
            g.players[r].hand[i] = other;
            return true;
        }
    }
    false
}
