//! The content catalog for clients: every id a [`View`](crate::View) or an
//! [`Action`](crate::Action) can hold → its name, kind and text, and each mission's map grid,
//! so that a client (the browser, a script) never reads the TOML files. Texts come from
//! [`render`], the same source as the terminal's, rendered from the structured effects the
//! engine executes.
//!
//! Tables are indexed by the engine's ids: `characters[CharId]`, `cards[CardId]`,
//! `events[EventId]`, `planning[PlanId]`, `missions[i]` (in the content's order; each mission's
//! `tokens[TokenId]`, `slots[slot]` and squares `sq = row * width + col`). The catalog is fixed
//! for a content, so a server builds it once and clients may cache it.
//!
//! Threat tokens are the exception: views, events and actions name a threat by its handle at
//! the table (`state::ThreatId`), which says nothing about what a face-down token is; a view's
//! threat gives its `tokens[...]` index (`def`) only when that seat may know it (face up, or
//! looked at with Spy, MA-SPY-2).

use serde::Serialize;

use crate::content::render;
use crate::content::*;

/// What an entry is, as a client shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Character,
    Ability,
    Event,
    Planning,
    Mission,
    Token,
    Item,
    Slot,
    Disturbance,
}

/// What every entry has: the content's stable id, the name a player reads, the kind and the
/// rendered text.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    pub game: &'static str,
    pub fingerprint: String,
    pub characters: Vec<CharacterEntry>,
    /// Physical ability cards (`Action::Play { card }`, the hand's `id`).
    pub cards: Vec<AbilityEntry>,
    pub events: Vec<EventEntry>,
    /// Physical planning cards (`Action::Keep`, `Action::UsePlanning`).
    pub planning: Vec<PlanningEntry>,
    /// The disturbance tokens (MA-COMP-9).
    pub disturbance: Vec<DisturbanceEntry>,
    pub missions: Vec<MissionEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CharacterEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub recruit_health: u8,
    pub standard_health: u8,
    /// Unlocked during a campaign (MA-GUIDE-5).
    pub locked: bool,
    /// Its ability cards, indices into `cards`.
    pub cards: Vec<CardId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AbilityEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub character: CharId,
    pub strength: u8,
    pub bonus: Option<ActionKind>,
    /// The slot whose ability text this card carries (MA-CARD-4).
    pub text_slot: Option<ActionKind>,
    pub duplicate: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct EventEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// The icon on its back (MA-EVENT-37), as the view's `event_top_back` spells it.
    pub back: &'static str,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlanningEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub plan: PlanKind,
}

#[derive(Clone, Debug, Serialize)]
pub struct DisturbanceEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub value: u8,
    pub white: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct MissionEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub number: u8,
    pub intro: String,
    pub briefing: String,
    pub objective: String,
    pub failures: String,
    pub map_rules: String,
    /// The characters of the briefing (indices into `characters`).
    pub characters: Vec<CharId>,
    pub grid: Grid,
    /// Threat icons printed on the map (MA-SETUP-13, -14).
    pub icons: Vec<IconEntry>,
    /// Its threat tokens, by `TokenId` (a view's `threats[].def`, never an action's handle).
    pub tokens: Vec<TokenEntry>,
    pub items: Vec<Entry>,
    /// Its action slots: the four basic ones, then the green mission slots (MA-MISSION-1).
    pub slots: Vec<Entry>,
    /// The crisis box and the Mission Effect entry, rendered.
    pub crisis: String,
    pub mission_effect: String,
    /// Where the Child starts: a square, or the token at the icon in a square.
    pub child: Option<ChildStart>,
}

/// A mission's map: squares, the lines between them, star squares, numbered squares.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    pub width: u8,
    pub height: u8,
    /// The squares that exist (forbidden areas are left out, MA-TERRAIN-9).
    pub squares: Vec<Square>,
    /// Every line between two squares that is not a thin line: walls, doors, elevated-area
    /// boundaries, on the east or south side of `sq`.
    pub edges: Vec<GridEdge>,
    /// Doors open at set-up.
    pub doors_open: Vec<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Square {
    pub sq: Sq,
    pub row: u8,
    pub col: u8,
    /// A star square of any colour (MA-TERRAIN-7).
    pub star: bool,
    /// A red star (MA-TERRAIN-8).
    pub red: bool,
    /// The start square (MA-TERRAIN-10).
    pub start: bool,
    /// Its printed number (MA-SQUARE-1), if any.
    pub number: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    East,
    South,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Line {
    Wall,
    Elevated,
    Door,
}

#[derive(Clone, Debug, Serialize)]
pub struct GridEdge {
    pub sq: Sq,
    pub side: Side,
    pub line: Line,
    /// The door's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub door: Option<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub struct IconEntry {
    pub sq: Sq,
    pub shape: u8,
    /// Placed face down (a question mark on the icon).
    pub hidden: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct TokenEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub shape: u8,
    /// A reinforcement (MA-SETUP-15).
    pub orange: bool,
    pub face: Face,
    /// Part of the objective.
    pub target: bool,
    pub carries_child: bool,
}

fn entry(id: &str, name: &str, kind: Kind, text: String) -> Entry {
    Entry {
        id: id.to_string(),
        name: name.to_string(),
        kind,
        text,
    }
}

/// The map as a grid a client draws: the squares, then the lines that are not thin lines.
pub fn grid(m: &MapGeo) -> Grid {
    let mut squares = Vec::new();
    let mut edges = Vec::new();
    for sq in 0..m.len() {
        if !m.exists[sq] {
            continue;
        }
        let (row, col) = m.row_col(sq as Sq);
        squares.push(Square {
            sq: sq as Sq,
            row: row as u8,
            col: col as u8,
            star: m.star[sq],
            red: m.red[sq],
            start: m.start == sq as Sq,
            number: (m.number[sq] > 0).then_some(m.number[sq]),
        });
        // East is direction 1, south direction 2 (`map::DIRS`).
        for (d, side) in [(1, Side::East), (2, Side::South)] {
            let (line, door) = match m.edge[sq][d] {
                Edge::None | Edge::Open => continue,
                Edge::Wall => (Line::Wall, None),
                Edge::Elevated => (Line::Elevated, None),
                Edge::Door(n) => (Line::Door, Some(n)),
            };
            edges.push(GridEdge {
                sq: sq as Sq,
                side,
                line,
                door,
            });
        }
    }
    Grid {
        width: m.width,
        height: m.height,
        squares,
        edges,
        doors_open: (1..16u8).filter(|d| m.doors_open & (1 << d) != 0).collect(),
    }
}

fn character_text(c: &Character) -> String {
    let mut s = format!(
        "{}: health {} (recruit {}).",
        c.name, c.standard_health, c.recruit_health
    );
    if c.locked {
        s += " Unlocked during the campaign.";
    }
    s
}

/// A basic action slot (MA-ACT-7); `#` is the slot's Strength.
fn basic_slot(k: ActionKind) -> Entry {
    let (id, text) = match k {
        ActionKind::Move => ("move", "Move up to # squares (MA-MOVE-1)."),
        ActionKind::Attack => (
            "attack",
            "Deal # damage to one enemy within range 1 (MA-ATTACK-1).",
        ),
        ActionKind::Spy => (
            "spy",
            "Look at one face-down threat within range #, or move one face-up enemy within \
             range # by 1 square (MA-SPY-1, -2, -5).",
        ),
        ActionKind::Plan => (
            "plan",
            "Draw # planning cards; keep one, put one back on top of the deck (MA-PLAN-1..6).",
        ),
    };
    entry(id, k.name(), Kind::Slot, format!("{}: {text}", k.name()))
}

impl Catalog {
    pub fn of(c: &Content) -> Catalog {
        let characters = c
            .characters
            .iter()
            .map(|x| CharacterEntry {
                entry: entry(&x.id, &x.name, Kind::Character, character_text(x)),
                recruit_health: x.recruit_health,
                standard_health: x.standard_health,
                locked: x.locked,
                cards: x.cards.clone(),
            })
            .collect();
        let cards = c
            .cards
            .iter()
            .enumerate()
            .map(|(i, x)| AbilityEntry {
                entry: entry(
                    &format!("{}-{i}", c.characters[x.character as usize].id),
                    &x.name,
                    Kind::Ability,
                    render::card(x),
                ),
                character: x.character,
                strength: x.strength,
                bonus: x.bonus,
                text_slot: x.text.as_ref().map(|t| t.slot),
                duplicate: x.duplicate,
            })
            .collect();
        let events = c
            .events
            .iter()
            .map(|x| EventEntry {
                entry: entry(&x.id, &x.name, Kind::Event, render::event(x)),
                back: render::back(x.back),
            })
            .collect();
        let planning = c
            .planning
            .iter()
            .map(|x| PlanningEntry {
                entry: entry(&x.id, &x.name, Kind::Planning, render::planning(x)),
                plan: x.kind,
            })
            .collect();
        let disturbance = c
            .disturbance
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let colour = if x.white { "white" } else { "yellow" };
                DisturbanceEntry {
                    entry: entry(
                        &format!("disturbance-{i}"),
                        &format!("{} {colour}", x.value),
                        Kind::Disturbance,
                        format!("Disturbance token: {} ({colour}).", x.value),
                    ),
                    value: x.value,
                    white: x.white,
                }
            })
            .collect();
        let missions = c.missions.iter().map(mission).collect();
        Catalog {
            game: "mandalorian",
            fingerprint: c.fingerprint.clone(),
            characters,
            cards,
            events,
            planning,
            disturbance,
            missions,
        }
    }
}

fn mission(m: &Mission) -> MissionEntry {
    let tokens = m
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| TokenEntry {
            entry: entry(
                &format!("token-{i}"),
                &t.name,
                Kind::Token,
                render::token(m, t),
            ),
            shape: t.shape,
            orange: t.orange,
            face: t.face.clone(),
            target: t.target,
            carries_child: t.carries_child,
        })
        .collect();
    let items = m
        .items
        .iter()
        .map(|it| {
            let text = if it.medpac {
                format!("{}: the Medpac's rules (MA-ITEM-4..6).", it.name)
            } else if it.effects.is_empty() {
                format!("{}: cannot be used.", it.name)
            } else {
                format!("{}: {}", it.name, render::effects(&it.effects))
            };
            entry(&it.id, &it.name, Kind::Item, text)
        })
        .collect();
    let slots = ActionKind::ALL
        .iter()
        .map(|&k| basic_slot(k))
        .chain(m.slots.iter().enumerate().map(|(i, s)| {
            entry(
                &format!("mission-slot-{i}"),
                &s.name,
                Kind::Slot,
                render::mission_slot(s),
            )
        }))
        .collect();
    MissionEntry {
        entry: entry(
            &m.id,
            &m.name,
            Kind::Mission,
            format!(
                "Mission {}: {}. {} {}",
                m.number,
                m.name,
                render::objective(m),
                render::failures(m)
            ),
        ),
        number: m.number,
        intro: m.intro.clone(),
        briefing: m.briefing.clone(),
        objective: render::objective(m),
        failures: render::failures(m),
        map_rules: m.map_rules.clone(),
        characters: m.characters.clone(),
        grid: grid(&m.map),
        icons: m
            .icons
            .iter()
            .map(|i| IconEntry {
                sq: i.sq,
                shape: i.shape,
                hidden: i.hidden,
            })
            .collect(),
        tokens,
        items,
        slots,
        crisis: render::effects(&m.crisis),
        mission_effect: render::effects(&m.mission_effect),
        child: m.child,
    }
}
