//! The game state, its options, the actions (every player decision) and the task stack that
//! makes resolution resumable at every decision.
//!
//! The engine is a pure state machine: [`Mandalorian::run`] pops [`Task`]s and resolves them
//! until one needs a decision of the active seat; [`crate::turn`] lists that decision's legal
//! actions. A decision with exactly one legal option is taken automatically (it is no choice).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tabletop_core::{Chance, Outcome};

use crate::content::*;
use tabletop_core::FixedDeck;
use tabletop_core::Inline;

/// At most 4 players (one summary card each, MA-COMP-13), so at most 4 characters and decks.
pub const MAX_SEATS: usize = 4;
/// Room for a hand: the hand size is at most 4 (MA-DIFF-2..4).
pub const MAX_HAND: usize = 8;
/// Cards or disturbance tokens in one action slot: the slot resolves at Strength 5 (MA-EVENT-5).
pub const MAX_IN_SLOT: usize = 16;
/// The pending steps of resolution.
pub const MAX_TASKS: usize = 64;

/// An ability deck: one character's cards, or the two shared characters' (MA-MODE-10).
pub type AbilityDeck = FixedDeck<CardId, { 2 * MAX_CHAR_CARDS }>;

/// Difficulty (MA-DIFF-1..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    #[default]
    Recruit,
    Standard,
    Veteran,
}

impl Difficulty {
    /// MA-DIFF-2..4: 4 cards, 3 at veteran.
    pub fn hand_size(self) -> usize {
        match self {
            Difficulty::Veteran => 3,
            _ => 4,
        }
    }
    /// MA-DIFF-2, -3: recruit side (higher Health) only at recruit.
    pub fn health(self, c: &Character) -> u8 {
        match self {
            Difficulty::Recruit => c.recruit_health,
            _ => c.standard_health,
        }
    }
    pub fn parse(s: &str) -> Option<Difficulty> {
        match s {
            "recruit" => Some(Difficulty::Recruit),
            "standard" => Some(Difficulty::Standard),
            "veteran" => Some(Difficulty::Veteran),
            _ => None,
        }
    }
    pub const ALL: [Difficulty; 3] = [
        Difficulty::Recruit,
        Difficulty::Standard,
        Difficulty::Veteran,
    ];
}

/// Game modes (MA-MODE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// One different listed character per player (MA-SETUP-17).
    #[default]
    Standard,
    /// Any characters, even unlisted ones (MA-MODE-4..7).
    Sandbox,
    /// Exactly 2 characters shared by all players, one shared deck (MA-MODE-8..19); solo is
    /// this with 1 seat (MA-MODE-20).
    Shared,
}

/// Table options. A misspelled key is refused (as in a save or a JSON `new`), never ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Mission number.
    pub mission: u8,
    #[serde(default)]
    pub difficulty: Difficulty,
    #[serde(default)]
    pub mode: Mode,
    /// Number of players.
    pub seats: u8,
    /// Character ids: one per seat (standard, sandbox) or the 2 shared ones; empty = the
    /// mission's listed characters in order.
    #[serde(default)]
    pub characters: Vec<String>,
    /// The first player (MA-SETUP-22); `None` = chosen at random.
    #[serde(default)]
    pub first_player: Option<u8>,
    /// Components the campaign has not unlocked yet (MA-GUIDE-5); empty outside a campaign.
    #[serde(default)]
    pub locked: Vec<String>,
    /// Start from this scenario file (its TOML text) instead of the normal set-up. Kept in the
    /// options so that saves and replays of a scenario game carry it; the scenario's own seed
    /// is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
}

impl Options {
    pub fn new(mission: u8, difficulty: Difficulty, mode: Mode, seats: u8) -> Options {
        Options {
            mission,
            difficulty,
            mode,
            seats,
            characters: Vec::new(),
            first_player: Some(0),
            locked: Vec::new(),
            scenario: None,
        }
    }
    /// Solo: one player with two shared characters (MA-MODE-2, -20).
    pub fn solo(mission: u8, difficulty: Difficulty) -> Options {
        Options::new(mission, difficulty, Mode::Shared, 1)
    }
}

/// Where a threat token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TLoc {
    /// Back in the box, not used this game (MA-SETUP-16).
    #[default]
    Box,
    Map(Sq),
    /// In the face-down reinforcement pile (MA-SETUP-15).
    Pile,
    /// On the face-up defeated pile (MA-ATTACK-3).
    Defeated,
    /// A used item, discarded (MA-ITEM-4).
    Discarded,
}

/// A threat token as the table knows it: a handle, index into [`Mandalorian::threats`].
///
/// Handles are numbered at set-up from where the tokens lie, never from what they are
/// ([`Mandalorian::number_threats`]), so a handle in a view, an event, a log line or an action
/// tells nothing about a face-down token (MA-SETUP-13, MA-SPY-2, MA-INFO-2). What a token is —
/// [`Threat::token`], an index into the mission's tokens and the catalog's — is shown only
/// once it is face up or to the seats that looked at it.
pub type ThreatId = u8;

/// A set of threat tokens, by handle: a bit per [`ThreatId`] (a mission has at most
/// [`MAX_TOKENS`] = 48 tokens, checked on load). Held as three 16-bit words, not a `u64`, so
/// that a [`Task`] carrying one is 12 bytes, not 16: the task stack is a third of the table,
/// and a state's copy is a copy of the table (issue 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "u64", into = "u64")]
pub struct TokenMask([u16; 3]);

const _: () = assert!(MAX_TOKENS <= 48, "a TokenMask holds 48 tokens");

impl TokenMask {
    pub const EMPTY: TokenMask = TokenMask([0; 3]);

    #[inline]
    pub fn contains(self, t: ThreatId) -> bool {
        self.0[t as usize >> 4] & (1 << (t & 15)) != 0
    }

    #[inline]
    pub fn insert(&mut self, t: ThreatId) {
        self.0[t as usize >> 4] |= 1 << (t & 15);
    }
}

impl From<u64> for TokenMask {
    fn from(bits: u64) -> TokenMask {
        TokenMask([bits as u16, (bits >> 16) as u16, (bits >> 32) as u16])
    }
}

impl From<TokenMask> for u64 {
    fn from(m: TokenMask) -> u64 {
        m.0[0] as u64 | (m.0[1] as u64) << 16 | (m.0[2] as u64) << 32
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Threat {
    /// Which physical token this is (index into the mission's tokens): hidden while face down.
    pub token: TokenId,
    pub loc: TLoc,
    pub face_up: bool,
    pub damage: u8,
    /// Seats that looked at it secretly with Spy (MA-SPY-2, MA-INFO-2).
    pub seen: u8,
}

/// Where the Child is (MA-CHILD-2..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Child {
    Absent,
    Square(Sq),
    /// Carried by a character (index into the characters in play).
    Character(u8),
    /// Carried by an enemy token.
    Token(ThreatId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
pub struct CharState {
    pub def: CharId,
    pub sq: Sq,
    pub damage: u8,
    pub health: u8,
    /// Kept planning cards, face up under the character card (MA-PLAN-3, MA-INFO-6).
    pub kept: Inline<PlanId, MAX_PLANNING>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
pub struct SeatState {
    pub hand: Inline<CardId, MAX_HAND>,
    /// Index into `decks`: the seat's own deck, or the shared deck (MA-MODE-10).
    pub deck: u8,
    /// Cards owed because deck and discard were empty (MA-DECK-2).
    pub owed: u8,
    /// The characters this seat controls (bits of indices into `chars`).
    pub controls: u8,
}

/// A disturbance token in play: index into [`Content::disturbance`], or [`STAND_IN`].
pub type DistTok = u8;
/// A stand-in worth 1 (MA-DISTURB-7).
pub const STAND_IN: DistTok = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Slot {
    /// Bottom first; the last is the top card (MA-ACT-3).
    pub cards: Inline<CardId, MAX_IN_SLOT>,
    pub tokens: Inline<DistTok, MAX_IN_SLOT>,
}

/// What a list of effects comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Src {
    Event(EventId),
    Crisis,
    MissionEffect,
    MissionSlot(u8),
    CardText(CardId),
    Planning(PlanId),
    Item(u8),
}

/// Why a threat is being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Purpose {
    Damage { amount: u8, threats: bool },
    Push { squares: u8 },
    Reveal,
}

/// Why a character is being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CharPurpose {
    Heal(u8),
    Move(u8),
}

/// One pending step of resolution. The top of the stack is resolved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Task {
    #[default]
    ActionPhase,
    EventPhase {
        next: u8,
    },
    DrawPhase,
    EndTurn,
    Card {
        ch: u8,
        slot: u8,
        card: CardId,
        s: u8,
        action_done: bool,
        text_done: bool,
    },
    Move {
        ch: u8,
        left: u8,
        moved: bool,
        stop: bool,
        /// Threat tokens face down when the movement began (MA-MOVE-5).
        facedown: TokenMask,
    },
    StepTo {
        ch: u8,
        sq: Sq,
    },
    Sentinel {
        ch: u8,
    },
    Attack {
        ch: u8,
        s: u8,
    },
    Spy {
        ch: u8,
        s: u8,
    },
    SpyMoveTo {
        token: ThreatId,
    },
    Plan {
        ch: u8,
        s: u8,
    },
    PlanKeep {
        ch: u8,
    },
    PlanTop {
        ch: u8,
    },
    ChooseFree {
        ch: u8,
        s: u8,
    },
    Effects {
        src: Src,
        idx: u8,
        you: u8,
        six: bool,
        start: u32,
    },
    Target {
        ch: u8,
        purpose: Purpose,
        range: u8,
    },
    PushSteps {
        ch: u8,
        token: ThreatId,
        left: u8,
    },
    ChooseCharacter {
        you: u8,
        purpose: CharPurpose,
        who: Who,
    },
    Calm,
    EnemyMove {
        classes: Classes,
        left: u8,
        squares: u8,
        done: TokenMask,
        /// The character the enemies move toward: [`NEAREST`], a taunting character, or
        /// [`UNDECIDED`] while the active player decides which card takes precedence
        /// (MA-GOLD-2).
        toward: u8,
    },
    EnemyDest {
        token: ThreatId,
        squares: u8,
        toward: u8,
    },
    EnemyAttack {
        classes: Classes,
        left: u8,
        range: u8,
        done: TokenMask,
    },
    AttackTarget {
        token: ThreatId,
        range: u8,
    },
    Spawn {
        at: SpawnAt,
        you: u8,
    },
    Disturb {
        pick: SlotPick,
    },
    Damage {
        ch: u8,
        amount: u8,
    },
    ChildFlee {
        ch: u8,
    },
    RevealNearest {
        you: u8,
    },
    SlotResolve {
        slot: u8,
        stage: u8,
        strength: u8,
        you: u8,
    },
    /// Slots that a disturbance brought to Strength 5+ and that now wait together for their
    /// events (MA-DISTURB-3), as bits: they happen at the same time, so the active player
    /// chooses which resolves first (MA-GOLD-4).
    SlotOrder {
        pending: u8,
    },
}

/// Enemies move toward the nearest character (MA-EVENT-19).
pub const NEAREST: u8 = u8::MAX;
/// Two cards disagree about where enemies move; the active player has not decided yet
/// (MA-GOLD-2).
pub const UNDECIDED: u8 = u8::MAX - 1;

/// Which of two contradicting cards takes precedence (MA-GOLD-2).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precede {
    /// The event card: enemies move toward the nearest character.
    EventCard,
    /// The ability card that taunts: enemies move only toward the taunting character.
    AbilityCard,
}

/// Every decision a player makes (small and `Copy`, MA-GOLD-3: the active seat decides).
///
/// In JSON (saves, JSON mode) an action is `{"a":"play","v":{"card":12,"slot":0}}`, the same
/// shape as Firefly's: `a` the kebab-case name, `v` the value if any (`{"a":"end-actions"}`).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "a", content = "v", rename_all = "kebab-case")]
pub enum Action {
    /// Play an ability card from hand into an action slot (MA-ACT-2).
    Play {
        card: CardId,
        slot: u8,
    },
    /// Use a kept planning card in the action phase.
    UsePlanning {
        ch: u8,
        card: PlanId,
    },
    /// Use an item in the character's square (MA-ITEM-1).
    UseItem {
        ch: u8,
        token: ThreatId,
    },
    /// Rescue the Child (MA-CHILD-5).
    Rescue {
        ch: u8,
    },
    /// End the action phase (after the 2 actions, MA-ACT-1).
    EndActions,
    /// Resolve the slot's action ability (MA-ACT-2; optional, MA-ACT-5).
    ResolveAction,
    /// Resolve the card's ability text (MA-CARD-4..8).
    ResolveText,
    /// Done with this card.
    FinishCard,
    /// Move one square (MA-MOVE-2).
    Step(Sq),
    /// End a movement here.
    Stop,
    /// Choose a threat token.
    Target(ThreatId),
    /// Spy: look at a face-down threat (MA-SPY-2).
    SpyLook(ThreatId),
    /// Spy: move a face-up enemy 1 square (MA-SPY-5).
    SpyMove(ThreatId),
    /// Choose a square.
    Square(Sq),
    /// Choose a character (index into the characters in play).
    Character(u8),
    /// Choose an action slot.
    Slot(u8),
    /// Plan: keep this drawn card (MA-PLAN-3).
    Keep(PlanId),
    KeepNone,
    /// Plan: put this drawn card on top of the deck (MA-PLAN-6).
    Top(PlanId),
    TopNone,
    /// Discard Defense to block 1 damage (MA-PLAN-9).
    Block,
    TakeDamage,
    /// Choose an enemy to move or attack (MA-EVENT-20, -29).
    Enemy(ThreatId),
    /// Choose the action of a free action.
    Choose(ActionKind),
    /// Discard a disturbance token of this value from a slot.
    DiscardToken {
        slot: u8,
        value: u8,
    },
    /// Decide which of two contradicting cards takes precedence (MA-GOLD-2).
    Precedence(Precede),
}

/// What happened, for logs and user interfaces. In JSON, `{"event":"played","card":12,
/// "slot":0}`, the same shape as Firefly's events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Happened {
    Played {
        card: CardId,
        slot: u8,
    },
    /// The card just played could do nothing more (its action and text, for `why`: nothing in
    /// range, the text's slot is another …), so it was put aside without a decision.
    CardIdle {
        card: CardId,
        slot: u8,
        /// In JSON, the reasons in words.
        why: crate::idle::IdleWhy,
    },
    CharacterMoved {
        ch: u8,
        to: Sq,
    },
    Revealed {
        token: ThreatId,
    },
    CharacterDamaged {
        ch: u8,
        amount: u8,
    },
    Blocked {
        ch: u8,
    },
    Healed {
        ch: u8,
        amount: u8,
    },
    EnemyDamaged {
        token: ThreatId,
        amount: u8,
    },
    Defeated {
        token: ThreatId,
    },
    EnemyMoved {
        token: ThreatId,
        to: Sq,
    },
    Crisis {
        slot: u8,
    },
    /// In JSON the event card is `card` (`event` names the kind of happening).
    EventDrawn {
        #[serde(rename = "card")]
        event: EventId,
        slot: u8,
    },
    NoEffectSpawn,
    Spawned {
        token: ThreatId,
        sq: Sq,
    },
    SpawnIgnored,
    Disturbed {
        slot: u8,
        value: u8,
    },
    SlotDiscarded {
        slot: u8,
    },
    ChildFled {
        to: Sq,
    },
    ChildRescued {
        ch: u8,
    },
    ChildDropped {
        sq: Sq,
    },
    DoorOpened {
        door: u8,
    },
    ItemUsed {
        ch: u8,
        token: ThreatId,
    },
    PlanningKept {
        ch: u8,
        card: PlanId,
    },
    PlanningUsed {
        ch: u8,
        card: PlanId,
    },
    Track {
        value: u8,
    },
    TurnEnded {
        turn: u16,
    },
    Won,
    Lost {
        reason: String,
    },
}

/// Per-turn bookkeeping of the action phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnActs {
    /// Normal actions performed (MA-ACT-1: exactly 2).
    pub normal: u8,
    /// Additional actions granted and not yet used (MA-EXTRA-1).
    pub extra: u8,
    /// Slots played into this turn (MA-ACT-4, MA-EXTRA-3).
    pub played: u8,
}

/// The state of one game: the [`Table`] (every plain value and inline list: copied as one
/// block of memory), the shared options, the random stream and the outcome.
pub struct Mandalorian {
    pub(crate) t: Table,
    pub(crate) opts: Arc<Options>,
    pub(crate) chance: Chance,
    pub outcome: Option<Outcome>,
}

/// What is on the table: everything of a [`Mandalorian`] state that is `Copy`, kept in one
/// struct so that a clone copies it at once (issue 11). A state reads it through `Deref`.
///
/// `repr(C)` with the task stack last: the stack is the largest part of the table (64 places
/// of 16 bytes) and is seldom more than a few tasks deep, so a clone copies the table only up
/// to the last task in use ([`Table::copy_live`]).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Table {
    pub(crate) content: &'static Content,
    pub(crate) mi: u8,
    /// `content.missions[mi]`, kept at hand (every token lookup goes through it).
    pub(crate) mission: &'static Mission,
    pub(crate) chars: Inline<CharState, MAX_SEATS>,
    pub(crate) seats: Inline<SeatState, MAX_SEATS>,
    pub(crate) decks: Inline<AbilityDeck, MAX_SEATS>,
    pub(crate) slots: Inline<Slot, { 4 + MAX_MISSION_SLOTS }>,
    pub(crate) planning: FixedDeck<PlanId, MAX_PLANNING>,
    /// Planning cards drawn by the current Plan action (private, MA-PLAN-2).
    pub(crate) plan_drawn: Inline<PlanId, MAX_PLANNING>,
    pub(crate) events: FixedDeck<EventId, MAX_EVENTS>,
    pub(crate) event_in_play: Option<EventId>,
    pub(crate) dist_pool: Inline<DistTok, MAX_DISTURBANCE>,
    pub(crate) dist_discard: Inline<DistTok, MAX_DISTURBANCE>,
    /// Every threat token of the mission, by handle ([`ThreatId`]).
    pub(crate) threats: Inline<Threat, MAX_TOKENS>,
    /// Reinforcement pile, top last.
    pub(crate) reinforcements: Inline<ThreatId, MAX_TOKENS>,
    pub(crate) child: Child,
    /// The Child fled this turn (MA-CHILD-9).
    pub(crate) child_fled: bool,
    /// A character whose ability text made enemies move only toward it until the end of this
    /// turn ([`Effect::Taunt`]).
    pub(crate) taunt: Option<u8>,
    pub(crate) doors_open: u16,
    pub(crate) track: u8,
    pub(crate) collected: u8,
    pub(crate) turn: u16,
    pub(crate) active: u8,
    pub(crate) acts: TurnActs,
    /// The character performing the current card's action (for rescuing the Child).
    pub(crate) acting: Option<u8>,
    /// Slots brought to Strength 5+ by a disturbance during the event phase (MA-DISTURB-3).
    pub(crate) triggered: Inline<u8, { 4 + MAX_MISSION_SLOTS }>,
    pub(crate) in_event_phase: bool,
    /// Counts state changes made by effects (MA-EVENT-34: an event with no effect).
    pub(crate) changes: u32,
    pub(crate) steps: u32,
    /// The pending steps of resolution. Last: see [`Table::copy_live`].
    pub(crate) stack: Inline<Task, MAX_TASKS>,
}

impl Table {
    /// Copy `src` into `dst` up to its last task in use: the places of the stack past it hold
    /// nothing (uninitialised `MaybeUninit`s), so what is left of `dst` is a valid table with
    /// the same contents. A search copies its root state for every rollout: at a typical
    /// depth this copies about two thirds of the table's bytes.
    ///
    /// # Safety
    /// `dst` must be valid for writes of a `Table`; it may be uninitialised.
    #[inline]
    unsafe fn copy_live(src: &Table, dst: *mut Table) {
        let live = std::mem::offset_of!(Table, stack) + src.stack.live_bytes();
        // SAFETY: `Table` is `repr(C)` and `Copy` (plain data and shared references) with the
        // stack last, and `Inline` is `repr(C)` with its items last: the first `live` bytes
        // are every field before the stack, the stack's length and its items in use. The
        // bytes left uninitialised are stack places past its length (`MaybeUninit`) and
        // padding.
        unsafe {
            std::ptr::copy_nonoverlapping(src as *const Table as *const u8, dst as *mut u8, live)
        }
    }
}

impl std::ops::Deref for Mandalorian {
    type Target = Table;
    #[inline]
    fn deref(&self) -> &Table {
        &self.t
    }
}

impl std::ops::DerefMut for Mandalorian {
    #[inline]
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.t
    }
}

/// A clone copies the inline lists as they are (one copy of memory each) and shares the
/// options: no allocation (issue 11: search bots clone the state at every node).
impl Clone for Mandalorian {
    #[inline]
    fn clone(&self) -> Self {
        // A whole copy of the table: a new state is returned by value, which copies all of
        // it anyway (a copy of the live part first would only add to it).
        Mandalorian {
            t: self.t,
            opts: Arc::clone(&self.opts),
            chance: self.chance.clone(),
            outcome: self.outcome.clone(),
        }
    }

    /// A copy into a state kept for it (a search's copy of its root for every iteration): the
    /// table is written in place, and the options, the same game's, are not shared again (no
    /// count of the `Arc` taken and given back).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        // SAFETY: `self.t` is a table, valid for writes (see `copy_live`).
        unsafe { Table::copy_live(&source.t, &mut self.t) };
        if !Arc::ptr_eq(&self.opts, &source.opts) {
            self.opts = Arc::clone(&source.opts);
        }
        self.chance.clone_from(&source.chance);
        self.outcome.clone_from(&source.outcome);
    }
}

impl PartialEq for Mandalorian {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.content, o.content)
            && self.opts == o.opts
            && self.mi == o.mi
            && self.chance == o.chance
            && self.chars == o.chars
            && self.seats == o.seats
            && self.decks == o.decks
            && self.slots == o.slots
            && self.planning == o.planning
            && self.plan_drawn == o.plan_drawn
            && self.events == o.events
            && self.event_in_play == o.event_in_play
            && self.dist_pool == o.dist_pool
            && self.dist_discard == o.dist_discard
            && self.threats == o.threats
            && self.reinforcements == o.reinforcements
            && self.child == o.child
            && self.child_fled == o.child_fled
            && self.taunt == o.taunt
            && self.doors_open == o.doors_open
            && self.track == o.track
            && self.collected == o.collected
            && self.turn == o.turn
            && self.active == o.active
            && self.acts == o.acts
            && self.acting == o.acting
            && self.stack == o.stack
            && self.triggered == o.triggered
            && self.in_event_phase == o.in_event_phase
            && self.changes == o.changes
            && self.outcome == o.outcome
    }
}

impl std::fmt::Debug for Mandalorian {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mandalorian")
            .field("mission", &self.mission().id)
            .field("turn", &self.turn)
            .field("active", &self.active)
            .field("chars", &self.chars)
            .field("stack", &self.stack)
            .field("outcome", &self.outcome)
            .finish()
    }
}

/// Read-only accessors (tests, the CLI and bots use these).
impl Mandalorian {
    #[inline]
    pub fn content(&self) -> &'static Content {
        self.content
    }
    #[inline]
    pub fn options(&self) -> &Options {
        &self.opts
    }
    #[inline]
    pub fn mission(&self) -> &'static Mission {
        self.t.mission
    }
    #[inline]
    pub fn map(&self) -> &'static MapGeo {
        &self.mission().map
    }
    #[inline]
    pub fn characters(&self) -> &[CharState] {
        &self.chars
    }
    #[inline]
    pub fn seat_state(&self, seat: usize) -> &SeatState {
        &self.seats[seat]
    }
    #[inline]
    pub fn hand(&self, seat: usize) -> &[CardId] {
        &self.seats[seat].hand
    }
    #[inline]
    pub fn deck(&self, i: usize) -> &AbilityDeck {
        &self.decks[i]
    }
    #[inline]
    pub fn decks(&self) -> &[AbilityDeck] {
        &self.decks
    }
    #[inline]
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }
    #[inline]
    pub fn planning_deck(&self) -> &FixedDeck<PlanId, MAX_PLANNING> {
        &self.planning
    }
    #[inline]
    pub fn plan_drawn(&self) -> &[PlanId] {
        &self.plan_drawn
    }
    #[inline]
    pub fn event_deck(&self) -> &FixedDeck<EventId, MAX_EVENTS> {
        &self.events
    }
    #[inline]
    pub fn event_in_play(&self) -> Option<EventId> {
        self.event_in_play
    }
    #[inline]
    pub fn disturbance_pool(&self) -> &[DistTok] {
        &self.dist_pool
    }
    #[inline]
    pub fn disturbance_discard(&self) -> &[DistTok] {
        &self.dist_discard
    }
    #[inline]
    pub fn threats(&self) -> &[Threat] {
        &self.threats
    }
    #[inline]
    pub fn reinforcement_pile(&self) -> &[ThreatId] {
        &self.reinforcements
    }
    #[inline]
    pub fn child(&self) -> Child {
        self.child
    }
    /// The character enemies move toward this turn, if one taunted ([`Effect::Taunt`]).
    #[inline]
    pub fn taunt(&self) -> Option<u8> {
        self.taunt
    }
    #[inline]
    pub fn doors_open(&self) -> u16 {
        self.doors_open
    }
    #[inline]
    pub fn track(&self) -> u8 {
        self.track
    }
    #[inline]
    pub fn collected(&self) -> u8 {
        self.collected
    }
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turn
    }
    #[inline]
    pub fn active_seat(&self) -> u8 {
        self.active
    }
    #[inline]
    pub fn turn_acts(&self) -> TurnActs {
        self.acts
    }
    #[inline]
    pub fn stack(&self) -> &[Task] {
        &self.stack
    }
    #[inline]
    pub fn pending(&self) -> Option<&Task> {
        self.stack.last()
    }
    /// Whether the event phase is being resolved (MA-EVENT): a look-ahead stops there.
    #[inline]
    pub fn in_event_phase(&self) -> bool {
        self.in_event_phase
    }
    #[inline]
    pub fn hand_size(&self) -> usize {
        self.opts.difficulty.hand_size()
    }
    /// What threat `t` is. The engine always knows; a seat may be told only when it is face up
    /// or the seat looked at it ([`Mandalorian::threat_label`]).
    #[inline]
    pub fn token_def(&self, t: ThreatId) -> &'static TokenDef {
        &self.mission().tokens[self.threats[t as usize].token as usize]
    }
    #[inline]
    pub fn step_count(&self) -> u32 {
        self.steps
    }

    /// The index (into the characters in play) of the character owning an ability card.
    #[inline]
    pub fn char_of_card(&self, card: CardId) -> u8 {
        let def = self.content.cards[card as usize].character;
        self.chars
            .iter()
            .position(|c| c.def == def)
            .map(|i| i as u8)
            .unwrap_or(0)
    }

    /// Printed value of a disturbance token.
    #[inline]
    pub fn dist_value(&self, t: DistTok) -> u8 {
        if t == STAND_IN {
            1
        } else {
            self.content.disturbance[t as usize].value
        }
    }

    /// Slot Strength in the event phase: printed card values plus disturbance tokens
    /// (MA-EVENT-3, -4; bonus icons ignored, MA-CARD-2, -11).
    #[inline]
    pub fn slot_strength(&self, slot: usize) -> u8 {
        let s = &self.slots[slot];
        let cards: u32 = s
            .cards
            .iter()
            .map(|&c| self.content.cards[c as usize].strength as u32)
            .sum();
        let toks: u32 = s.tokens.iter().map(|&t| self.dist_value(t) as u32).sum();
        (cards + toks).min(255) as u8
    }

    /// The kind of slot `i`: a basic action, or a mission slot (MA-CONCEPT-5, MA-MISSION-1).
    #[inline]
    pub fn slot_kind(&self, i: usize) -> Result<ActionKind, usize> {
        if i < 4 {
            Ok(ActionKind::ALL[i])
        } else {
            Err(i - 4)
        }
    }

    /// The slot's name; "unknown action slot #i" for one this mission does not have (an
    /// action from a script or a save may name one).
    #[inline]
    pub fn slot_name(&self, i: usize) -> String {
        match self.slot_label(i) {
            Some(name) => name.to_string(),
            None => format!("unknown action slot #{i}"),
        }
    }

    /// The slot's name as the content has it (a basic action's, or the mission slot's), if this
    /// mission has slot `i`.
    pub fn slot_label(&self, i: usize) -> Option<&'static str> {
        match self.slot_kind(i) {
            Ok(k) => Some(k.name()),
            Err(m) => self.mission().slots.get(m).map(|slot| slot.name.as_str()),
        }
    }

    /// Squares of face-up enemies on the map, by token.
    #[inline]
    pub fn enemy_on_map(&self, t: ThreatId) -> Option<Sq> {
        let th = &self.threats[t as usize];
        match th.loc {
            TLoc::Map(sq) if th.face_up && self.token_def(t).is_enemy() => Some(sq),
            _ => None,
        }
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

// Issue 11: the task stack is a third of the table; a task is kept at 12 bytes (see
// `TokenMask`) so a state's copy stays small.
const _: () = assert!(std::mem::size_of::<Task>() == 12);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_mask_holds_every_token_of_a_mission() {
        let mut m = TokenMask::EMPTY;
        for t in [0, 15, 16, 31, 32, (MAX_TOKENS - 1) as ThreatId] {
            assert!(!m.contains(t));
            m.insert(t);
            assert!(m.contains(t));
        }
        assert!(!m.contains(1) && !m.contains(17) && !m.contains(33));
        let bits: u64 = m.into();
        assert_eq!(bits.count_ones(), 6);
        assert_eq!(TokenMask::from(bits), m);
    }
}
