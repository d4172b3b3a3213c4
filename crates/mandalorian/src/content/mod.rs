//! Static game content: characters and their ability cards, event cards, planning cards,
//! disturbance tokens, missions (maps, threat tokens, briefings) and the guide deck.
//!
//! All of it is ORIGINAL content written for this project (the real cards and maps are not
//! public); it follows the rules exactly. Content is data (TOML files under `content/`), embedded
//! in the binary with `include_str!` and also loadable from a directory ([`Content::load_dir`]).
//! Abilities are structured [`Effect`]s that the engine executes; the text a player reads is
//! rendered from them ([`render`]), so text and behaviour cannot drift apart.

pub mod load;
pub mod map;
pub mod render;

use serde::{Deserialize, Serialize};

pub use load::ContentError;
pub use map::{Edge, MapGeo, Squares, MAX_SQUARES};

/// A square of a map: `row * width + col`.
pub type Sq = u8;
pub const NO_SQ: Sq = u8::MAX;
/// Index into [`Content::characters`].
pub type CharId = u8;
/// Index into [`Content::cards`] (one entry per physical card: duplicates are two entries).
pub type CardId = u16;
/// Index into [`Content::planning`] (one entry per physical card).
pub type PlanId = u8;
/// Index into [`Content::events`].
pub type EventId = u8;
/// Index into a mission's `tokens` (one entry per physical threat token).
pub type TokenId = u8;

// Bounds the loader enforces, so that a game state keeps its lists inline (`tabletop_core::Inline`)
// and clones without allocating.
/// Threat tokens of one mission.
pub const MAX_TOKENS: usize = 48;
/// Ability cards of one character.
pub const MAX_CHAR_CARDS: usize = 16;
/// Planning cards.
pub const MAX_PLANNING: usize = 32;
/// Event cards.
pub const MAX_EVENTS: usize = 32;
/// Disturbance tokens.
pub const MAX_DISTURBANCE: usize = 16;
/// Green mission action slots of one mission (MA-MISSION-1).
pub const MAX_MISSION_SLOTS: usize = 4;

/// The four basic actions (MA-ACT-7).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Move,
    Attack,
    Spy,
    Plan,
}

impl ActionKind {
    pub const ALL: [ActionKind; 4] = [
        ActionKind::Move,
        ActionKind::Attack,
        ActionKind::Spy,
        ActionKind::Plan,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Move => "Move",
            ActionKind::Attack => "Attack",
            ActionKind::Spy => "Spy",
            ActionKind::Plan => "Plan",
        }
    }
}

/// Enemy classes (MA-THREAT-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyClass {
    Sniper,
    Melee,
    Blaster,
}

impl EnemyClass {
    pub fn bit(self) -> u8 {
        match self {
            EnemyClass::Sniper => 1,
            EnemyClass::Melee => 2,
            EnemyClass::Blaster => 4,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            EnemyClass::Sniper => "sniper",
            EnemyClass::Melee => "melee",
            EnemyClass::Blaster => "blaster",
        }
    }
}

/// A set of enemy classes (an event showing several classes, MA-EVENT-25). In TOML: a list of
/// class names, or `"any"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Classes(pub u8);

impl Classes {
    pub const ANY: Classes = Classes(7);
    pub fn contains(self, c: EnemyClass) -> bool {
        self.0 & c.bit() != 0
    }
}

impl<'de> Deserialize<'de> for Classes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Word(String),
            List(Vec<EnemyClass>),
        }
        match Raw::deserialize(d)? {
            Raw::Word(w) if w == "any" => Ok(Classes::ANY),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "unknown classes '{w}' (expected a list of sniper/melee/blaster, or \"any\")"
            ))),
            Raw::List(l) if l.is_empty() => Err(serde::de::Error::custom("empty class list")),
            Raw::List(l) => Ok(Classes(l.iter().fold(0, |m, c| m | c.bit()))),
        }
    }
}

/// How many enemies an event moves or makes attack: a number, or `"all"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Count {
    N(u8),
    All,
}

impl Count {
    pub fn limit(self) -> u8 {
        match self {
            Count::N(n) => n,
            Count::All => u8::MAX,
        }
    }
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            N(u8),
            Word(String),
        }
        match Raw::deserialize(d)? {
            Raw::N(0) => Err(serde::de::Error::custom("count must be at least 1")),
            Raw::N(n) => Ok(Count::N(n)),
            Raw::Word(w) if w == "all" => Ok(Count::All),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "unknown count '{w}' (expected a number or \"all\")"
            ))),
        }
    }
}

/// Who an ability affects (MA-CARD-9: "any character" includes you, "another" does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    #[default]
    You,
    AnyCharacter,
    AnotherCharacter,
}

/// Who an event's damage hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Victims {
    /// The character whose card is on top of the slot being resolved (MA-MODE-18).
    You,
    /// Every character.
    Every,
}

/// Where a reinforcement spawns (MA-EVENT-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpawnAt {
    /// The nearest star square of any colour (MA-TERRAIN-8: a red star is a normal star).
    NearestStar,
    /// The nearest red star square: an effect that specifies the colour (MA-TERRAIN-8).
    RedStar,
    YourSquare,
    /// A numbered square of the map (MA-SQUARE-1).
    Square(u8),
}

/// Which action slot a disturbance goes to (MA-DISTURB-2, -9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotPick {
    Lowest,
    Highest,
    Action(ActionKind),
}

/// The action of a free action (MA-EXTRA-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FreeKind {
    Move,
    Attack,
    Spy,
    Plan,
    Any,
}

/// One structured effect. Ability texts, planning cards, items, mission slots, event cards,
/// crisis boxes and Mission Effect entries are all lists of these; the engine executes them and
/// [`render`] writes their text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    // ---- resolved by a character (ability texts, planning cards, items, mission slots) ----
    /// Deal `amount` damage to an enemy (or, with `threats`, to any threat) within `range`.
    DamageThreat {
        amount: u8,
        range: u8,
        #[serde(default)]
        threats: bool,
    },
    /// Remove `amount` damage from a character.
    Heal {
        amount: u8,
        #[serde(default)]
        who: Who,
    },
    /// Perform 1 free action with the given Strength (MA-EXTRA-4).
    FreeAction { action: FreeKind, strength: u8 },
    /// A character moves up to `squares` squares (all movement rules apply, MA-MOVE-9).
    MoveCharacter { who: Who, squares: u8 },
    /// Move an enemy within `range` up to `squares` squares away from you (MA-EVENT-24).
    PushEnemy { range: u8, squares: u8 },
    /// Reveal a face-down threat within `range` (not by movement: MA-ENEMY-4).
    Reveal { range: u8 },
    /// Discard 1 disturbance token from an action slot.
    Calm,
    /// Perform 1 additional action (MA-EXTRA-1, MA-PLAN-10).
    ExtraAction,
    /// Take this item as part of the objective.
    Collect,
    /// Open a door of the map (MA-TERRAIN-5).
    OpenDoor { door: u8 },
    /// Until the end of this turn, enemies move only toward you. An event card that moves
    /// enemies "toward the nearest character" contradicts it: the active player decides which
    /// card takes precedence (MA-GOLD-2).
    Taunt,
    // ---- resolved for the enemies (events, crises, Mission Effects): the active player decides ----
    /// `count` enemies of `classes` move `squares` toward the nearest character (MA-EVENT-18..22).
    EnemiesMove {
        count: Count,
        classes: Classes,
        squares: u8,
    },
    /// `count` enemies of `classes` attack the nearest character within `range` (MA-EVENT-26..30).
    EnemiesAttack {
        count: Count,
        classes: Classes,
        range: u8,
    },
    /// Spawn 1 reinforcement (MA-EVENT-14).
    Spawn { at: SpawnAt },
    /// Disturb an action slot (MA-DISTURB-2).
    Disturb { slot: SlotPick },
    /// Characters take damage.
    Damage { who: Victims, amount: u8 },
    /// The Child flees from its carrier (MA-CHILD-14).
    ChildFlees,
    /// Reveal the face-down threat nearest to you (MA-MODE-19).
    RevealNearest,
    /// Place damage tokens on the mission's crisis track.
    Track { amount: u8 },
}

/// Abilities shown as icons on enemy and item tokens (MA-THREAT-10), as bits.
pub mod ability {
    pub const SENTINEL: u8 = 1;
    pub const GRAPPLE: u8 = 2;
    pub const SABOTAGE: u8 = 4;
    pub const MISSION_EFFECT: u8 = 8;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyAbility {
    Sentinel,
    Grapple,
    Sabotage,
    MissionEffect,
}

impl EnemyAbility {
    pub fn bit(self) -> u8 {
        match self {
            EnemyAbility::Sentinel => ability::SENTINEL,
            EnemyAbility::Grapple => ability::GRAPPLE,
            EnemyAbility::Sabotage => ability::SABOTAGE,
            EnemyAbility::MissionEffect => ability::MISSION_EFFECT,
        }
    }
}

/// A character card (MA-COMP-1).
#[derive(Clone, Debug, Serialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub recruit_health: u8,
    pub standard_health: u8,
    /// Unlocked by the guide deck (MA-GUIDE-5): not available at the start of a campaign.
    pub locked: bool,
    /// Its 12 physical ability cards (MA-COMP-2).
    pub cards: Vec<CardId>,
}

/// An ability text: usable only when the card is played into `slot` (MA-CARD-4).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AbilityText {
    pub slot: ActionKind,
    /// When set, the text must be resolved after the action ability; otherwise before or after
    /// at the player's choice (MA-CARD-6).
    #[serde(default)]
    pub after: bool,
    pub effects: Vec<Effect>,
}

/// One physical ability card.
#[derive(Clone, Debug, Serialize)]
pub struct AbilityCard {
    pub character: CharId,
    pub name: String,
    /// Printed Strength 1..=4 (MA-COMP-3).
    pub strength: u8,
    /// Bonus icon (MA-CARD-1).
    pub bonus: Option<ActionKind>,
    pub text: Option<AbilityText>,
    /// The card appears twice in its deck; shown with two lights (MA-CARD-10).
    pub duplicate: bool,
    /// The first of its copies (itself for a single card): identical copies are one choice
    /// (MA-CARD-10), told apart by this id instead of comparing names at every legal-action
    /// listing (issue 11).
    pub first_copy: CardId,
}

/// The icon on the back of an event card (MA-EVENT-37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackIcon {
    Sniper,
    Melee,
    Blaster,
    Reinforcement,
    Disturbance,
    Child,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventAbility {
    /// Resolved only when the slot has Strength 6 or more (MA-EVENT-36).
    #[serde(default)]
    pub six_plus: bool,
    pub effect: Effect,
}

#[derive(Clone, Debug, Serialize)]
pub struct EventCard {
    pub id: String,
    pub name: String,
    pub back: BackIcon,
    pub abilities: Vec<EventAbility>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanKind {
    /// Discard to block 1 damage (MA-PLAN-9).
    Defense,
    /// No effect; cannot be kept (MA-PLAN-4).
    BadLuck,
    /// Use during your action phase for its effects.
    Effect,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlanningCard {
    /// The title; two physical cards with the same title are copies (MA-PLAN-5).
    pub id: String,
    pub name: String,
    pub kind: PlanKind,
    pub effects: Vec<Effect>,
    pub locked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DisturbanceToken {
    pub value: u8,
    pub white: bool,
}

/// What a face-up threat token shows (MA-THREAT-6, -7, -11).
#[derive(Clone, Debug, Serialize)]
pub enum Face {
    Enemy {
        class: EnemyClass,
        health: u8,
    },
    /// Index into [`Mission::items`].
    Item(u8),
}

/// One physical threat token of a mission.
#[derive(Clone, Debug, Serialize)]
pub struct TokenDef {
    pub name: String,
    pub shape: u8,
    /// Orange: a reinforcement (MA-SETUP-15, MA-THREAT-13).
    pub orange: bool,
    pub face: Face,
    /// [`ability`] bits.
    pub abilities: u8,
    /// Part of the objective ("defeat the targets").
    pub target: bool,
    /// Carries the Child from set-up (MA-CHILD-3).
    pub carries_child: bool,
}

impl TokenDef {
    #[inline]
    pub fn is_enemy(&self) -> bool {
        matches!(self.face, Face::Enemy { .. })
    }
    #[inline]
    pub fn has(&self, bit: u8) -> bool {
        self.abilities & bit != 0
    }
}

/// An item kind (MA-ITEM-3).
#[derive(Clone, Debug, Serialize)]
pub struct ItemDef {
    pub id: String,
    pub name: String,
    /// The Medpac's own rules (MA-ITEM-4..6).
    pub medpac: bool,
    /// What using it does; empty: it cannot be used.
    pub effects: Vec<Effect>,
}

/// A map icon for a threat token (MA-SETUP-13, -14).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Icon {
    pub sq: Sq,
    pub shape: u8,
    /// With a question mark: placed face down.
    pub hidden: bool,
}

/// A green mission-specific action slot (MA-MISSION-1).
#[derive(Clone, Debug, Serialize)]
pub struct MissionSlot {
    pub name: String,
    /// "If # is 4+" (MA-MISSION-4): the action is performed only with this Strength.
    pub requires: u8,
    /// Cards with this bonus icon get +1 here (MA-MISSION-6).
    pub bonus: Option<ActionKind>,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Objective {
    /// Every token marked `target` is defeated.
    DefeatTargets,
    /// `count` items collected, then every character on numbered square `exit`.
    CollectAndExit { count: u8, exit: u8 },
    /// A character carrying the Child stands on numbered square `exit`.
    ChildToExit { exit: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Failure {
    /// The crisis track reaches `max` damage tokens.
    Track { max: u8 },
    /// The objective is not completed by the end of turn `max`.
    Turns { max: u16 },
}

/// Where the Child is at set-up (MA-CHILD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChildStart {
    /// In a square of the map.
    Square(Sq),
    /// On the token placed at the icon in this square.
    Carried(Sq),
}

#[derive(Clone, Debug, Serialize)]
pub struct Mission {
    pub id: String,
    pub number: u8,
    pub name: String,
    /// The graphic introduction (MA-SETUP-3).
    pub intro: String,
    pub briefing: String,
    /// "PREPARAZIONE" text (MA-SETUP-5); its effects are the structured fields below.
    pub setup_text: String,
    /// Map rules: how doors open etc. (rendered from structured data plus flavour).
    pub map_rules: String,
    /// The characters listed in the briefing; the first two are the shared-mode pair.
    pub characters: Vec<CharId>,
    pub map: MapGeo,
    pub icons: Vec<Icon>,
    pub tokens: Vec<TokenDef>,
    /// The tokens that are items (bit `t` for token `t`), worked out on load: the legal
    /// actions look for face-up items on the map at every step.
    #[serde(skip)]
    pub item_tokens: u64,
    pub items: Vec<ItemDef>,
    pub objective: Objective,
    pub failures: Vec<Failure>,
    pub crisis: Vec<Effect>,
    pub mission_effect: Vec<Effect>,
    pub slots: Vec<MissionSlot>,
    pub child: Option<ChildStart>,
}

impl Mission {
    #[inline]
    pub fn track_max(&self) -> Option<u8> {
        self.failures.iter().find_map(|f| match f {
            Failure::Track { max } => Some(*max),
            _ => None,
        })
    }
    pub fn turn_max(&self) -> Option<u16> {
        self.failures.iter().find_map(|f| match f {
            Failure::Turns { max } => Some(*max),
            _ => None,
        })
    }
    /// Number of action slots: the 4 basic ones then the mission's (MA-MISSION-1).
    pub fn num_slots(&self) -> usize {
        4 + self.slots.len()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GuideStep {
    /// Play this mission next (MA-SETUP-2).
    PlayMission { mission: u8 },
    /// Add components for all later games (MA-GUIDE-5).
    Unlock { components: Vec<String> },
    /// Open an envelope (MA-GUIDE-6).
    OpenEnvelope { envelope: u8 },
    /// Read a rulebook section now (MA-GUIDE-8).
    ReadRules { section: String },
    /// If the last game was lost, play its mission again and keep this card.
    ReplayIfLost,
    /// The campaign is over.
    CampaignEnd,
    /// Stop resolving guide cards (MA-GUIDE-4).
    Stop,
}

#[derive(Clone, Debug, Serialize)]
pub struct GuideCard {
    pub id: u16,
    pub title: String,
    pub text: String,
    pub steps: Vec<GuideStep>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Envelope {
    pub id: u8,
    pub name: String,
    pub text: String,
    pub unlocks: Vec<String>,
}

/// Everything static.
#[derive(Debug, Serialize)]
pub struct Content {
    pub characters: Vec<Character>,
    pub cards: Vec<AbilityCard>,
    pub events: Vec<EventCard>,
    pub planning: Vec<PlanningCard>,
    pub disturbance: Vec<DisturbanceToken>,
    pub missions: Vec<Mission>,
    pub guide: Vec<GuideCard>,
    pub envelopes: Vec<Envelope>,
    /// A hash of the content files, written into saves.
    pub fingerprint: String,
    /// Each ability card's text as rendered from its effects (`render::card`), made on load:
    /// every view shows the cards in hands, slots and discard piles.
    #[serde(skip)]
    pub card_texts: Vec<String>,
}

impl Content {
    pub fn character_by_id(&self, id: &str) -> Option<CharId> {
        self.characters
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CharId)
    }
    pub fn mission_by_number(&self, n: u8) -> Option<&Mission> {
        self.missions.iter().find(|m| m.number == n)
    }
    pub fn mission_index(&self, n: u8) -> Option<usize> {
        self.missions.iter().position(|m| m.number == n)
    }
    pub fn card(&self, id: CardId) -> &AbilityCard {
        &self.cards[id as usize]
    }
}

/// The embedded content (from `crates/mandalorian/content/`), parsed and validated once.
pub fn embedded() -> &'static Content {
    static C: std::sync::OnceLock<Content> = std::sync::OnceLock::new();
    C.get_or_init(|| match load::load_texts(&load::EMBEDDED) {
        Ok(c) => c,
        Err(e) => panic!("embedded content is invalid: {e}"),
    })
}

impl Content {
    /// Load content from a directory holding the content files. A file missing from the
    /// directory falls back to the embedded one (tests supply only a `missions.toml`).
    pub fn load_dir(dir: &std::path::Path) -> Result<Content, ContentError> {
        load::load_dir(dir)
    }

    /// Parse and validate content from `(file name, text)` pairs.
    pub fn from_texts(texts: &[(&str, &str)]) -> Result<Content, ContentError> {
        load::load_texts(texts)
    }

    /// Leak a loaded content so that games can hold it by `&'static` reference.
    pub fn leak(self) -> &'static Content {
        Box::leak(Box::new(self))
    }
}
