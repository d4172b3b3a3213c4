//! Loading and validating content files. Every error names the file, the entry and the field,
//! e.g. `missions.toml: mission "scrapyard-bounty": map row 3: unknown terrain char 'Q'`.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::*;

/// Content that failed to load; the message names file, entry and field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ContentError(pub String);

pub const FILES: [&str; 6] = [
    "characters.toml",
    "events.toml",
    "planning.toml",
    "tokens.toml",
    "missions.toml",
    "guide.toml",
];

pub const EMBEDDED: [(&str, &str); 6] = [
    (
        "characters.toml",
        include_str!("../../content/characters.toml"),
    ),
    ("events.toml", include_str!("../../content/events.toml")),
    ("planning.toml", include_str!("../../content/planning.toml")),
    ("tokens.toml", include_str!("../../content/tokens.toml")),
    ("missions.toml", include_str!("../../content/missions.toml")),
    ("guide.toml", include_str!("../../content/guide.toml")),
];

pub fn load_dir(dir: &Path) -> Result<Content, ContentError> {
    let mut owned = Vec::new();
    for (name, embedded) in EMBEDDED {
        let p = dir.join(name);
        let text = if p.exists() {
            std::fs::read_to_string(&p)
                .map_err(|e| ContentError(format!("{name}: cannot read {}: {e}", p.display())))?
        } else {
            embedded.to_string()
        };
        owned.push((name, text));
    }
    let refs: Vec<(&str, &str)> = owned.iter().map(|(n, t)| (*n, t.as_str())).collect();
    load_texts(&refs)
}

fn err<T>(msg: impl Into<String>) -> Result<T, ContentError> {
    Err(ContentError(msg.into()))
}

/// The content fingerprint recorded in saves. Its prefix names the encoding of actions as well:
/// `ma2-` since actions name threat tokens by their table handle (`state::ThreatId`) instead
/// of by token, so a save from before (`ma-`) is refused on load instead of replayed into
/// another game.
fn fnv(texts: &[(&str, &str)]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for (n, t) in texts {
        for b in n.bytes().chain(t.bytes()) {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    format!("ma2-{h:016x}")
}

/// The entries of array-of-tables `key` in a file.
fn entries(file: &str, text: &str, key: &str) -> Result<Vec<toml::Value>, ContentError> {
    let v: toml::Table = toml::from_str(text).map_err(|e| ContentError(format!("{file}: {e}")))?;
    for k in v.keys() {
        if k != key {
            return err(format!(
                "{file}: unknown top-level key '{k}' (expected [[{key}]])"
            ));
        }
    }
    match v.get(key) {
        // Every table is needed to set up a game (a mission, its characters, the event and
        // planning decks, the disturbance tokens): an empty one is refused here, not met as a
        // game that cannot start.
        Some(toml::Value::Array(a)) if a.is_empty() => err(format!(
            "{file}: {key}: no entries (a game needs at least one)"
        )),
        Some(toml::Value::Array(a)) => Ok(a.clone()),
        Some(_) => err(format!(
            "{file}: '{key}' must be an array of tables ([[{key}]])"
        )),
        None => err(format!("{file}: no [[{key}]] entries")),
    }
}

fn entry_name(v: &toml::Value, i: usize) -> String {
    for k in ["id", "name", "number"] {
        if let Some(x) = v.get(k) {
            return match x {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
        }
    }
    format!("#{}", i + 1)
}

fn de<T: DeserializeOwned>(ctx: &str, v: toml::Value) -> Result<T, ContentError> {
    T::deserialize(v).map_err(|e| ContentError(format!("{ctx}: {}", e.to_string().trim())))
}

fn text_of<'a>(texts: &[(&'a str, &'a str)], file: &str) -> Result<&'a str, ContentError> {
    texts
        .iter()
        .find(|(n, _)| *n == file)
        .map(|(_, t)| *t)
        .ok_or_else(|| ContentError(format!("{file}: file missing")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacter {
    id: String,
    name: String,
    recruit_health: u8,
    standard_health: u8,
    #[serde(default)]
    locked: bool,
    cards: Vec<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    strength: u8,
    #[serde(default)]
    bonus: Option<ActionKind>,
    #[serde(default)]
    text: Option<AbilityText>,
    #[serde(default = "one")]
    copies: u8,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    name: String,
    back: BackIcon,
    abilities: Vec<EventAbility>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlanning {
    id: String,
    name: String,
    kind: PlanKind,
    #[serde(default)]
    effects: Vec<Effect>,
    #[serde(default = "one")]
    copies: u8,
    #[serde(default)]
    locked: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisturbance {
    #[allow(dead_code)]
    id: String,
    value: u8,
    white: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIcon {
    at: [u8; 2],
    shape: u8,
    hidden: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnemy {
    class: EnemyClass,
    health: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawToken {
    name: String,
    shape: u8,
    #[serde(default = "one")]
    count: u8,
    #[serde(default)]
    orange: bool,
    #[serde(default)]
    enemy: Option<RawEnemy>,
    #[serde(default)]
    item: Option<String>,
    #[serde(default)]
    abilities: Vec<EnemyAbility>,
    #[serde(default)]
    target: bool,
    #[serde(default)]
    carries_child: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawItem {
    id: String,
    name: String,
    #[serde(default)]
    medpac: bool,
    #[serde(default)]
    effects: Vec<Effect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlot {
    name: String,
    #[serde(default)]
    requires: u8,
    #[serde(default)]
    bonus: Option<ActionKind>,
    effects: Vec<Effect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChild {
    #[serde(default)]
    square: Option<[u8; 2]>,
    #[serde(default)]
    numbered: Option<u8>,
    #[serde(default)]
    on_token: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMission {
    id: String,
    number: u8,
    name: String,
    intro: String,
    briefing: String,
    #[serde(default)]
    setup_text: String,
    map_rules: String,
    characters: Vec<String>,
    map: String,
    #[serde(default)]
    numbered: Vec<[u8; 3]>,
    #[serde(default)]
    open_doors: Vec<u8>,
    icons: Vec<RawIcon>,
    tokens: Vec<toml::Value>,
    #[serde(default)]
    items: Vec<RawItem>,
    objective: Objective,
    failures: Vec<Failure>,
    crisis: Vec<Effect>,
    #[serde(default)]
    mission_effect: Vec<Effect>,
    #[serde(default)]
    slots: Vec<RawSlot>,
    #[serde(default)]
    child: Option<RawChild>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGuide {
    id: u16,
    title: String,
    text: String,
    steps: Vec<GuideStep>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnvelope {
    id: u8,
    name: String,
    text: String,
    unlocks: Vec<String>,
}

/// Effects a character resolves (ability texts, planning cards, items, mission slots).
fn is_player_effect(e: &Effect) -> bool {
    matches!(
        e,
        Effect::DamageThreat { .. }
            | Effect::Heal { .. }
            | Effect::FreeAction { .. }
            | Effect::MoveCharacter { .. }
            | Effect::PushEnemy { .. }
            | Effect::Reveal { .. }
            | Effect::Calm
            | Effect::Taunt
            | Effect::ExtraAction
            | Effect::Collect
            | Effect::OpenDoor { .. }
    )
}

/// Effects resolved for the enemies (event cards, crisis boxes, Mission Effects).
fn is_event_effect(e: &Effect) -> bool {
    matches!(
        e,
        Effect::EnemiesMove { .. }
            | Effect::EnemiesAttack { .. }
            | Effect::Spawn { .. }
            | Effect::Disturb { .. }
            | Effect::Damage { .. }
            | Effect::ChildFlees
            | Effect::RevealNearest
            | Effect::Track { .. }
            | Effect::OpenDoor { .. }
    )
}

fn check_numbers(ctx: &str, e: &Effect) -> Result<(), ContentError> {
    let bad = |f: &str| err(format!("{ctx}: {f} must be at least 1"));
    match *e {
        Effect::DamageThreat { amount: 0, .. }
        | Effect::Heal { amount: 0, .. }
        | Effect::Damage { amount: 0, .. }
        | Effect::Track { amount: 0 } => bad("amount"),
        Effect::FreeAction { strength: 0, .. } => bad("strength"),
        Effect::MoveCharacter { squares: 0, .. }
        | Effect::PushEnemy { squares: 0, .. }
        | Effect::EnemiesMove { squares: 0, .. } => bad("squares"),
        _ => Ok(()),
    }
}

fn check_player_effects(ctx: &str, effects: &[Effect]) -> Result<(), ContentError> {
    if effects.is_empty() {
        return err(format!("{ctx}: effects: empty"));
    }
    for (i, e) in effects.iter().enumerate() {
        let c = format!("{ctx}: effect {}", i + 1);
        if !is_player_effect(e) {
            return err(format!(
                "{c}: '{}' is an event effect, not one a character resolves",
                render::effect_kind(e)
            ));
        }
        check_numbers(&c, e)?;
    }
    Ok(())
}

fn check_event_effects(ctx: &str, effects: &[Effect]) -> Result<(), ContentError> {
    for (i, e) in effects.iter().enumerate() {
        let c = format!("{ctx}: effect {}", i + 1);
        if !is_event_effect(e) {
            return err(format!(
                "{c}: '{}' is resolved by a character, not by an event",
                render::effect_kind(e)
            ));
        }
        check_numbers(&c, e)?;
    }
    Ok(())
}

/// characters.toml: the characters and their ability cards.
fn load_characters(text: &str) -> Result<(Vec<Character>, Vec<AbilityCard>), ContentError> {
    // ---- characters.toml ----
    let f = "characters.toml";
    let mut characters = Vec::new();
    let mut cards = Vec::new();
    for (i, v) in entries(f, text, "characters")?.into_iter().enumerate() {
        let name = entry_name(&v, i);
        let ctx = format!("{f}: character \"{name}\"");
        let rc: RawCharacter = de(&ctx, v)?;
        if characters.iter().any(|c: &Character| c.id == rc.id) {
            return err(format!("{ctx}: id: duplicate id"));
        }
        if rc.standard_health == 0 || rc.recruit_health <= rc.standard_health {
            return err(format!(
                "{ctx}: recruit_health: must be higher than standard_health (MA-COMP-1), and both at least 1"
            ));
        }
        let cid = characters.len() as CharId;
        let mut ids = Vec::new();
        let mut names = HashSet::new();
        for (j, cv) in rc.cards.into_iter().enumerate() {
            let cname = entry_name(&cv, j);
            let cctx = format!("{ctx}: card \"{cname}\"");
            let raw: RawCard = de(&cctx, cv)?;
            if !names.insert(raw.name.clone()) {
                return err(format!(
                    "{cctx}: name: duplicate card name (use copies = 2)"
                ));
            }
            if !(1..=4).contains(&raw.strength) {
                return err(format!(
                    "{cctx}: strength: {} is not 1..4 (MA-COMP-3)",
                    raw.strength
                ));
            }
            if !(1..=2).contains(&raw.copies) {
                return err(format!("{cctx}: copies: must be 1 or 2 (MA-CARD-10)"));
            }
            if let Some(t) = &raw.text {
                check_player_effects(&format!("{cctx}: text"), &t.effects)?;
                if t.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Collect | Effect::ExtraAction))
                {
                    return err(format!(
                        "{cctx}: text: collect/extra_action are not ability-card effects"
                    ));
                }
            }
            let first_copy = cards.len() as CardId;
            for _ in 0..raw.copies {
                ids.push(cards.len() as CardId);
                cards.push(AbilityCard {
                    first_copy,
                    character: cid,
                    name: raw.name.clone(),
                    strength: raw.strength,
                    bonus: raw.bonus,
                    text: raw.text.clone(),
                    duplicate: raw.copies == 2,
                });
            }
        }
        if ids.len() != 12 {
            return err(format!(
                "{ctx}: cards: {} cards counting copies, expected 12 (MA-COMP-2)",
                ids.len()
            ));
        }
        let strengths: HashSet<u8> = ids.iter().map(|&c| cards[c as usize].strength).collect();
        if strengths.len() != 4 {
            return err(format!(
                "{ctx}: cards: every deck holds Strengths 1 to 4 (MA-COMP-3)"
            ));
        }
        characters.push(Character {
            id: rc.id,
            name: rc.name,
            recruit_health: rc.recruit_health,
            standard_health: rc.standard_health,
            locked: rc.locked,
            cards: ids,
        });
    }

    Ok((characters, cards))
}

/// events.toml: the event cards.
fn load_events(text: &str) -> Result<Vec<EventCard>, ContentError> {
    // ---- events.toml ----
    let f = "events.toml";
    let mut events = Vec::new();
    for (i, v) in entries(f, text, "events")?.into_iter().enumerate() {
        let ctx = format!("{f}: event \"{}\"", entry_name(&v, i));
        let r: RawEvent = de(&ctx, v)?;
        if r.abilities.is_empty() {
            return err(format!("{ctx}: abilities: empty"));
        }
        let effects: Vec<Effect> = r.abilities.iter().map(|a| a.effect).collect();
        check_event_effects(&format!("{ctx}: abilities"), &effects)?;
        if events.iter().any(|e: &EventCard| e.id == r.id) {
            return err(format!("{ctx}: id: duplicate id"));
        }
        events.push(EventCard {
            id: r.id,
            name: r.name,
            back: r.back,
            abilities: r.abilities,
        });
    }

    Ok(events)
}

/// planning.toml: the planning cards (one entry per physical card).
fn load_planning(text: &str) -> Result<Vec<PlanningCard>, ContentError> {
    // ---- planning.toml ----
    let f = "planning.toml";
    let mut planning = Vec::new();
    let mut plan_ids = HashSet::new();
    for (i, v) in entries(f, text, "planning")?.into_iter().enumerate() {
        let ctx = format!("{f}: planning card \"{}\"", entry_name(&v, i));
        let r: RawPlanning = de(&ctx, v)?;
        if !plan_ids.insert(r.id.clone()) {
            return err(format!("{ctx}: id: duplicate id (use copies)"));
        }
        match r.kind {
            PlanKind::Defense | PlanKind::BadLuck if !r.effects.is_empty() => {
                return err(format!(
                    "{ctx}: effects: a {:?} card has no effects",
                    r.kind
                ))
            }
            PlanKind::Effect => check_player_effects(&ctx, &r.effects)?,
            _ => {}
        }
        if r.copies == 0 {
            return err(format!("{ctx}: copies: must be at least 1"));
        }
        for _ in 0..r.copies {
            planning.push(PlanningCard {
                id: r.id.clone(),
                name: r.name.clone(),
                kind: r.kind,
                effects: r.effects.clone(),
                locked: r.locked,
            });
        }
    }
    if planning.len() > 250 {
        return err(format!("{f}: too many planning cards"));
    }

    Ok(planning)
}

/// tokens.toml: the disturbance tokens, and how many are white.
fn load_tokens(text: &str) -> Result<(Vec<DisturbanceToken>, usize), ContentError> {
    // ---- tokens.toml (disturbance tokens) ----
    let f = "tokens.toml";
    let mut disturbance = Vec::new();
    for (i, v) in entries(f, text, "disturbance")?.into_iter().enumerate() {
        let ctx = format!("{f}: disturbance token \"{}\"", entry_name(&v, i));
        let r: RawDisturbance = de(&ctx, v)?;
        if !(1..=4).contains(&r.value) {
            return err(format!("{ctx}: value: must be 1..4"));
        }
        disturbance.push(DisturbanceToken {
            value: r.value,
            white: r.white,
        });
    }
    let whites = disturbance.iter().filter(|t| t.white).count();
    if whites < 4 {
        return err(format!(
            "{f}: disturbance: {whites} white tokens, at least 4 needed (MA-SETUP-10)"
        ));
    }

    Ok((disturbance, whites))
}

/// missions.toml: the missions, checked against the characters and white tokens.
fn load_missions(
    text: &str,
    characters: &[Character],
    whites: usize,
) -> Result<Vec<Mission>, ContentError> {
    // ---- missions.toml ----
    let f = "missions.toml";
    let mut missions: Vec<Mission> = Vec::new();
    for (i, v) in entries(f, text, "missions")?.into_iter().enumerate() {
        let ctx = format!("{f}: mission \"{}\"", entry_name(&v, i));
        let r: RawMission = de(&ctx, v)?;
        missions.push(mission(&ctx, r, characters, whites)?);
    }
    let mut nums = HashSet::new();
    for m in &missions {
        if !nums.insert(m.number) {
            return err(format!(
                "{f}: mission \"{}\": number: duplicate number {}",
                m.id, m.number
            ));
        }
    }
    Ok(missions)
}

/// guide.toml: the guide cards and envelopes, checked against the missions and components.
fn load_guide(
    text: &str,
    missions: &[Mission],
    characters: &[Character],
    planning: &[PlanningCard],
) -> Result<(Vec<GuideCard>, Vec<Envelope>), ContentError> {
    // ---- guide.toml ----
    let f = "guide.toml";
    let gtext = text;
    let gtable: toml::Table =
        toml::from_str(gtext).map_err(|e| ContentError(format!("{f}: {e}")))?;
    for k in gtable.keys() {
        if k != "guide" && k != "envelopes" {
            return err(format!("{f}: unknown top-level key '{k}'"));
        }
    }
    let garr = |k: &str| -> Vec<toml::Value> {
        match gtable.get(k) {
            Some(toml::Value::Array(a)) => a.clone(),
            _ => Vec::new(),
        }
    };
    let mut envelopes = Vec::new();
    for (i, v) in garr("envelopes").into_iter().enumerate() {
        let ctx = format!("{f}: envelope \"{}\"", entry_name(&v, i));
        let r: RawEnvelope = de(&ctx, v)?;
        envelopes.push(Envelope {
            id: r.id,
            name: r.name,
            text: r.text,
            unlocks: r.unlocks,
        });
    }
    let known_component =
        |c: &str| characters.iter().any(|x| x.id == c) || planning.iter().any(|p| p.id == c);
    for e in &envelopes {
        for c in &e.unlocks {
            if !known_component(c) {
                return err(format!(
                    "{f}: envelope \"{}\": unlocks: unknown component '{c}'",
                    e.name
                ));
            }
        }
    }
    let mut guide = Vec::new();
    for (i, v) in garr("guide").into_iter().enumerate() {
        let ctx = format!("{f}: guide card \"{}\"", entry_name(&v, i));
        let r: RawGuide = de(&ctx, v)?;
        if r.id as usize != i + 1 {
            return err(format!(
                "{ctx}: id: guide cards must be numbered 1, 2, 3 … in order (MA-GUIDE-2)"
            ));
        }
        for s in &r.steps {
            match s {
                GuideStep::PlayMission { mission }
                    if !missions.iter().any(|m| m.number == *mission) =>
                {
                    return err(format!("{ctx}: steps: unknown mission {mission}"))
                }
                GuideStep::OpenEnvelope { envelope }
                    if !envelopes.iter().any(|e| e.id == *envelope) =>
                {
                    return err(format!("{ctx}: steps: unknown envelope {envelope}"))
                }
                GuideStep::Unlock { components } => {
                    for c in components {
                        if !known_component(c) {
                            return err(format!("{ctx}: steps: unknown component '{c}'"));
                        }
                    }
                }
                _ => {}
            }
        }
        guide.push(GuideCard {
            id: r.id,
            title: r.title,
            text: r.text,
            steps: r.steps,
        });
    }
    if guide.is_empty() {
        return err(format!("{f}: no [[guide]] cards"));
    }

    Ok((guide, envelopes))
}

/// Parse and check one content file on its own (`name` is one of [`FILES`]), against the
/// embedded content for what it refers to (a mission's characters, the guide's missions).
/// Fast: the fuzz targets check one file per run, not the whole content.
pub fn check_file(name: &str, text: &str) -> Result<(), ContentError> {
    let c = super::embedded();
    let whites = c.disturbance.iter().filter(|t| t.white).count();
    match name {
        "characters.toml" => load_characters(text).map(drop),
        "events.toml" => load_events(text).map(drop),
        "planning.toml" => load_planning(text).map(drop),
        "tokens.toml" => load_tokens(text).map(drop),
        "missions.toml" => load_missions(text, &c.characters, whites).map(drop),
        "guide.toml" => load_guide(text, &c.missions, &c.characters, &c.planning).map(drop),
        _ => err(format!(
            "{name}: not a content file (expected one of {FILES:?})"
        )),
    }
}

pub fn load_texts(texts: &[(&str, &str)]) -> Result<Content, ContentError> {
    let (characters, cards) = load_characters(text_of(texts, "characters.toml")?)?;
    let events = load_events(text_of(texts, "events.toml")?)?;
    let planning = load_planning(text_of(texts, "planning.toml")?)?;
    let (disturbance, whites) = load_tokens(text_of(texts, "tokens.toml")?)?;
    let missions = load_missions(text_of(texts, "missions.toml")?, &characters, whites)?;
    // Events that spawn on numbered squares need the square on every map.
    for e in &events {
        for a in &e.abilities {
            if let Effect::Spawn {
                at: SpawnAt::Square(n),
            } = a.effect
            {
                for m in &missions {
                    if m.map.numbered(n).is_none() {
                        return err(format!(
                            "events.toml: event \"{}\": spawn square #{n} is missing on mission \"{}\"",
                            e.id, m.id
                        ));
                    }
                }
            }
            if let Effect::Spawn {
                at: SpawnAt::RedStar,
            } = a.effect
            {
                for m in &missions {
                    if !m.map.red.iter().any(|&r| r) {
                        return err(format!(
                            "events.toml: event \"{}\": spawn in the red star: mission \"{}\" has no red star",
                            e.id, m.id
                        ));
                    }
                }
            }
            if let Effect::OpenDoor { .. } = a.effect {
                return err(format!(
                    "events.toml: event \"{}\": open_door belongs to missions",
                    e.id
                ));
            }
        }
    }

    check_bounds(&characters, &events, &planning, &disturbance, &missions)?;

    let (guide, envelopes) = load_guide(
        text_of(texts, "guide.toml")?,
        &missions,
        &characters,
        &planning,
    )?;

    let card_texts = cards.iter().map(super::render::card).collect();
    Ok(Content {
        characters,
        card_texts,
        cards,
        events,
        planning,
        disturbance,
        missions,
        guide,
        envelopes,
        fingerprint: fnv(texts),
    })
}

/// The most of each component a game state has room for (its lists are inline, so a state
/// clones without allocating; `content::MAX_*`).
fn check_bounds(
    characters: &[Character],
    events: &[EventCard],
    planning: &[PlanningCard],
    disturbance: &[DisturbanceToken],
    missions: &[Mission],
) -> Result<(), ContentError> {
    for c in characters {
        if c.cards.len() > MAX_CHAR_CARDS {
            return err(format!(
                "characters.toml: character \"{}\": {} ability cards, at most {MAX_CHAR_CARDS}",
                c.id,
                c.cards.len()
            ));
        }
    }
    if events.len() > MAX_EVENTS {
        return err(format!(
            "events.toml: {} event cards, at most {MAX_EVENTS}",
            events.len()
        ));
    }
    if planning.len() > MAX_PLANNING {
        return err(format!(
            "planning.toml: {} planning cards, at most {MAX_PLANNING}",
            planning.len()
        ));
    }
    if disturbance.len() > MAX_DISTURBANCE {
        return err(format!(
            "tokens.toml: {} disturbance tokens, at most {MAX_DISTURBANCE}",
            disturbance.len()
        ));
    }
    for m in missions {
        if m.tokens.len() > MAX_TOKENS {
            return err(format!(
                "missions.toml: mission \"{}\": tokens: {} threat tokens, at most {MAX_TOKENS}",
                m.id,
                m.tokens.len()
            ));
        }
        if m.slots.len() > MAX_MISSION_SLOTS {
            return err(format!(
                "missions.toml: mission \"{}\": slots: {} mission slots, at most {MAX_MISSION_SLOTS}",
                m.id,
                m.slots.len()
            ));
        }
    }
    Ok(())
}

fn mission(
    ctx: &str,
    r: RawMission,
    characters: &[Character],
    whites: usize,
) -> Result<Mission, ContentError> {
    let mut map = MapGeo::parse(&r.map).map_err(|e| ContentError(format!("{ctx}: {e}")))?;
    let at = |field: &str, rc: [u8; 2], map: &MapGeo| -> Result<Sq, ContentError> {
        let (row, col) = (rc[0] as usize, rc[1] as usize);
        if row >= map.height as usize || col >= map.width as usize {
            return err(format!("{ctx}: {field}: [{row}, {col}] is off the map"));
        }
        let sq = map.sq(row, col);
        if !map.exists[sq as usize] {
            return err(format!(
                "{ctx}: {field}: [{row}, {col}] is a forbidden area, not a square"
            ));
        }
        Ok(sq)
    };
    let mut seen_numbers = HashSet::new();
    for n in &r.numbered {
        let sq = at(&format!("numbered #{}", n[0]), [n[1], n[2]], &map)?;
        if n[0] == 0 || !seen_numbers.insert(n[0]) {
            return err(format!("{ctx}: numbered: #{} is 0 or used twice", n[0]));
        }
        map.number[sq as usize] = n[0];
    }
    for &d in &r.open_doors {
        if d > 9 || map.doors & (1 << d) == 0 {
            return err(format!("{ctx}: open_doors: door {d} is not on the map"));
        }
        map.doors_open |= 1 << d;
    }
    if !map.star.iter().any(|&s| s) {
        return err(format!("{ctx}: map: no star square '*' (MA-TERRAIN-7)"));
    }
    let mut chars = Vec::new();
    for c in &r.characters {
        match characters.iter().position(|x| &x.id == c) {
            Some(i) => chars.push(i as CharId),
            None => return err(format!("{ctx}: characters: unknown character '{c}'")),
        }
    }
    if chars.len() < 2 {
        return err(format!(
            "{ctx}: characters: list at least 2 (shared mode uses the first two, MA-MODE-9)"
        ));
    }
    // items
    let mut items = Vec::new();
    for it in r.items {
        let ictx = format!("{ctx}: item \"{}\"", it.id);
        if it.medpac && !it.effects.is_empty() {
            return err(format!(
                "{ictx}: effects: a medpac heals by its own rule (MA-ITEM-4)"
            ));
        }
        if !it.effects.is_empty() {
            check_player_effects(&ictx, &it.effects)?;
        }
        items.push(ItemDef {
            id: it.id,
            name: it.name,
            medpac: it.medpac,
            effects: it.effects,
        });
    }
    // tokens
    let mut tokens = Vec::new();
    for (i, tv) in r.tokens.into_iter().enumerate() {
        let tctx = format!("{ctx}: token \"{}\"", entry_name(&tv, i));
        let t: RawToken = de(&tctx, tv)?;
        if !(1..=4).contains(&t.shape) {
            return err(format!(
                "{tctx}: shape: {} is not 1..4 (MA-COMP-7)",
                t.shape
            ));
        }
        let face = match (&t.enemy, &t.item) {
            (Some(e), None) => {
                if e.health == 0 {
                    return err(format!("{tctx}: enemy.health: must be at least 1"));
                }
                Face::Enemy {
                    class: e.class,
                    health: e.health,
                }
            }
            (None, Some(id)) => match items.iter().position(|x: &ItemDef| &x.id == id) {
                Some(ix) => Face::Item(ix as u8),
                None => return err(format!("{tctx}: item: unknown item '{id}'")),
            },
            _ => {
                return err(format!(
                    "{tctx}: give exactly one of 'enemy' and 'item' (MA-THREAT-3)"
                ))
            }
        };
        let abilities = t.abilities.iter().fold(0, |m, a| m | a.bit());
        if !matches!(face, Face::Enemy { .. }) && abilities & !ability::MISSION_EFFECT != 0 {
            return err(format!(
                "{tctx}: abilities: an item can only show Mission Effect (MA-ENEMY-17)"
            ));
        }
        if t.orange && !matches!(face, Face::Enemy { .. }) {
            return err(format!(
                "{tctx}: orange: reinforcements are enemies (MA-THREAT-13)"
            ));
        }
        if r.number == 1 && abilities & !ability::SENTINEL != 0 {
            return err(format!(
                "{tctx}: abilities: mission 1 uses only Sentinel; the others come from mission 2 (MA-GUIDE-9)"
            ));
        }
        if abilities & ability::MISSION_EFFECT != 0 && r.mission_effect.is_empty() {
            return err(format!(
                "{tctx}: abilities: Mission Effect needs the mission's mission_effect entry"
            ));
        }
        if t.count == 0 {
            return err(format!("{tctx}: count: must be at least 1"));
        }
        for _ in 0..t.count {
            tokens.push(TokenDef {
                name: t.name.clone(),
                shape: t.shape,
                orange: t.orange,
                face: face.clone(),
                abilities,
                target: t.target,
                carries_child: t.carries_child,
            });
        }
    }
    if tokens.len() > 60 {
        return err(format!(
            "{ctx}: tokens: at most 60 threat tokens per mission"
        ));
    }
    if !tokens.iter().any(|t| t.orange) {
        return err(format!(
            "{ctx}: tokens: no orange reinforcement token (MA-SETUP-15)"
        ));
    }
    // icons
    let mut icons = Vec::new();
    let mut per_shape: BTreeMap<u8, usize> = BTreeMap::new();
    for (k, ic) in r.icons.iter().enumerate() {
        let sq = at(&format!("icon {}", k + 1), ic.at, &map)?;
        if !(1..=4).contains(&ic.shape) {
            return err(format!(
                "{ctx}: icon {}: shape {} is not 1..4",
                k + 1,
                ic.shape
            ));
        }
        if sq == map.start {
            return err(format!("{ctx}: icon {}: on the start square", k + 1));
        }
        // One token per icon, one icon per square: two face-down tokens in one square could
        // not be told apart by where they lie (state::ThreatId).
        if let Some(j) = icons.iter().position(|i: &Icon| i.sq == sq) {
            return err(format!(
                "{ctx}: icon {}: square {:?} already holds icon {}",
                k + 1,
                ic.at,
                j + 1
            ));
        }
        *per_shape.entry(ic.shape).or_default() += 1;
        icons.push(Icon {
            sq,
            shape: ic.shape,
            hidden: ic.hidden,
        });
    }
    for (&shape, &n) in &per_shape {
        let have = tokens
            .iter()
            .filter(|t| !t.orange && t.shape == shape)
            .count();
        if have < n {
            return err(format!(
                "{ctx}: tokens: {n} icons of shape {shape} but only {have} non-orange tokens of that shape (MA-SETUP-12)"
            ));
        }
    }
    if tokens.iter().any(|t| t.target && t.orange) {
        return err(format!("{ctx}: tokens: a target cannot be a reinforcement"));
    }
    // Targets must all reach the map, or the objective could be unwinnable.
    for t in tokens.iter().filter(|t| t.target || t.carries_child) {
        let have = tokens
            .iter()
            .filter(|x| !x.orange && x.shape == t.shape)
            .count();
        let icons_n = per_shape.get(&t.shape).copied().unwrap_or(0);
        if have != icons_n {
            return err(format!(
                "{ctx}: token \"{}\": shape {} has {have} tokens for {icons_n} icons; a target or Child carrier must always be placed",
                t.name, t.shape
            ));
        }
    }
    // objective & failures
    let numbered_ok = |n: u8| map.numbered(n).is_some();
    match r.objective {
        Objective::CollectAndExit { exit, count } => {
            if !numbered_ok(exit) {
                return err(format!("{ctx}: objective.exit: no numbered square #{exit}"));
            }
            let collectable = tokens
                .iter()
                .filter(|t| matches!(t.face, Face::Item(i) if items[i as usize].effects.contains(&Effect::Collect)))
                .count();
            if collectable < count as usize {
                return err(format!(
                    "{ctx}: objective.count: only {collectable} collectable items"
                ));
            }
        }
        Objective::ChildToExit { exit } => {
            if !numbered_ok(exit) {
                return err(format!("{ctx}: objective.exit: no numbered square #{exit}"));
            }
            if r.child.is_none() {
                return err(format!(
                    "{ctx}: objective: the Child is not in this mission"
                ));
            }
        }
        Objective::DefeatTargets => {
            if !tokens.iter().any(|t| t.target) {
                return err(format!("{ctx}: objective: no token is marked target"));
            }
        }
    }
    if r.failures.is_empty() {
        return err(format!("{ctx}: failures: at least one failure condition"));
    }
    if r.crisis.is_empty() {
        return err(format!(
            "{ctx}: crisis: the crisis box is empty (MA-EVENT-11)"
        ));
    }
    check_event_effects(&format!("{ctx}: crisis"), &r.crisis)?;
    check_event_effects(&format!("{ctx}: mission_effect"), &r.mission_effect)?;
    // slots
    if !r.slots.is_empty() && r.number < 3 {
        return err(format!(
            "{ctx}: slots: mission-specific slots start from mission 3 (MA-MISSION-1)"
        ));
    }
    if 4 + r.slots.len() > whites {
        return err(format!(
            "{ctx}: slots: {} slots but only {whites} white disturbance tokens (MA-SETUP-10)",
            4 + r.slots.len()
        ));
    }
    let mut slots = Vec::new();
    for s in r.slots {
        let sctx = format!("{ctx}: slot \"{}\"", s.name);
        check_player_effects(&sctx, &s.effects)?;
        if s.requires > 5 {
            return err(format!("{sctx}: requires: at most 5"));
        }
        slots.push(MissionSlot {
            name: s.name,
            requires: s.requires,
            bonus: s.bonus,
            effects: s.effects,
        });
    }
    // doors opened by effects must exist
    let all_effects = r
        .crisis
        .iter()
        .chain(r.mission_effect.iter())
        .chain(slots.iter().flat_map(|s| s.effects.iter()))
        .chain(items.iter().flat_map(|i| i.effects.iter()));
    for e in all_effects {
        match *e {
            Effect::OpenDoor { door } if door > 9 || map.doors & (1 << door) == 0 => {
                return err(format!("{ctx}: open_door: door {door} is not on the map"))
            }
            Effect::Spawn {
                at: SpawnAt::Square(n),
            } if !numbered_ok(n) => return err(format!("{ctx}: spawn: no numbered square #{n}")),
            Effect::Spawn {
                at: SpawnAt::RedStar,
            } if !map.red.iter().any(|&r| r) => {
                return err(format!(
                    "{ctx}: spawn: no red star square 'R' on the map (MA-TERRAIN-8)"
                ))
            }
            Effect::Track { .. }
                if r.failures
                    .iter()
                    .all(|f| !matches!(f, Failure::Track { .. })) =>
            {
                return err(format!(
                    "{ctx}: crisis: a track effect needs a track failure condition"
                ))
            }
            _ => {}
        }
    }
    let child = match r.child {
        None => None,
        Some(c) => {
            Some(match (c.square, c.numbered, c.on_token) {
                (Some(rc), None, false) => ChildStart::Square(at("child.square", rc, &map)?),
                (None, Some(n), false) => match map.numbered(n) {
                    Some(sq) => ChildStart::Square(sq),
                    None => return err(format!("{ctx}: child.numbered: no square #{n}")),
                },
                (None, None, true) => {
                    if tokens.iter().filter(|t| t.carries_child).count() != 1
                        || !tokens.iter().any(|t| t.carries_child && t.is_enemy())
                    {
                        return err(format!("{ctx}: child.on_token: exactly one enemy token must have carries_child"));
                    }
                    let shape = tokens
                        .iter()
                        .find(|t| t.carries_child)
                        .map(|t| t.shape)
                        .unwrap_or(0);
                    if icons.iter().any(|i| i.shape == shape && i.hidden) {
                        return err(format!(
                            "{ctx}: child.on_token: the carrier's icons must be face up"
                        ));
                    }
                    ChildStart::Carried(NO_SQ)
                }
                _ => {
                    return err(format!(
                        "{ctx}: child: give exactly one of square, numbered, on_token"
                    ))
                }
            })
        }
    };
    if child.is_none() && tokens.iter().any(|t| t.carries_child) {
        return err(format!(
            "{ctx}: tokens: carries_child without a child entry"
        ));
    }
    Ok(Mission {
        id: r.id,
        number: r.number,
        name: r.name,
        intro: r.intro,
        briefing: r.briefing,
        setup_text: r.setup_text,
        map_rules: r.map_rules,
        characters: chars,
        map,
        icons,
        // (More than MAX_TOKENS tokens are refused once every mission is read.)
        item_tokens: (tokens.iter().enumerate())
            .filter(|&(i, t)| i < MAX_TOKENS && !t.is_enemy())
            .fold(0, |m, (i, _)| m | 1 << i),
        tokens,
        items,
        objective: r.objective,
        failures: r.failures,
        crisis: r.crisis,
        mission_effect: r.mission_effect,
        slots,
        child,
    })
}
