//! The game state: flat, cheap to clone, and sharing the static [`Content`] by reference.

use serde::Serialize;
use tabletop_core::{Chance, FixedDeck, IdSet, Outcome, Seat};

use crate::card_powers::CardPowers;
use crate::content::*;
use crate::resolve::Resolution;
use crate::ship_places::ShipPlaces;

/// Pay changes made by a job's instructions while it is worked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct JobPay {
    pub adjust: i32,
    pub half: bool,
    /// Items delivered by the Work action under way, by `Item::index` (pay per item, abilities
    /// that pay per item delivered).
    pub delivered: [u8; 6],
    /// Suits of the Misbehave cards passed on the Work action under way, a bit per `Suit`, and
    /// whether two of them shared a suit ("Double Down", Kalidasa).
    pub suits: u8,
    pub pair: bool,
    /// Goods or jobs taken by the Piracy job under way (FF-PBH-25: its pay is per item).
    pub plundered: u8,
}

/// Table options: everything besides the seed that defines a game.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Number of captains, 1..=5.
    pub players: u8,
    /// The Story Card (FF-SETUP-13), by id or title.
    pub story: String,
    /// FF-SETUP-17: the first-game variant deals starting jobs only from Harken, Amnon Duul and
    /// Patience.
    #[serde(default)]
    pub first_game: bool,
    /// End the game without a winner after this many rounds (simulations). `None`: no limit
    /// beyond the story's own.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// The expansions played with (Blue Sun, Kalidasa, both or none). Empty: the base game,
    /// exactly as without the option (saves and JSON of base games do not mention it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<Expansion>,
    /// A Set Up card played with the story (FF-BS-5), by id or name; `None`: the standard
    /// set-up (saves and JSON of such games do not mention it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_card: Option<String>,
    /// Start from a hand-written position instead of the normal set-up (see
    /// [`crate::scenario`]). Kept in the options so that saves and replays of a scenario game
    /// carry it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<crate::scenario::Scenario>,
}

impl Options {
    pub fn new(players: u8, story: &str) -> Options {
        Options {
            players,
            story: story.to_string(),
            first_game: false,
            max_rounds: None,
            expansions: Vec::new(),
            setup_card: None,
            scenario: None,
        }
    }

    /// The expansions in play.
    pub fn expansion_set(&self) -> ExpansionSet {
        ExpansionSet::of(&self.expansions)
    }
}

/// A crew card in play: the Leader (a Set Up card) or a hired Supply card.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum CrewCard {
    Leader(CrewDefId),
    Hired(SupplyCardId),
}

/// The Supply cards being considered for purchase (FF-BUY-4), inline up to 8: the same 24
/// bytes as a `Vec`.
pub type CardList = smallvec::SmallVec<[SupplyCardId; 8]>;

/// The jobs being considered for accepting (FF-DEAL-3), inline up to 8 as [`CardList`].
pub type JobList = smallvec::SmallVec<[JobId; 8]>;

// A captain is plain data (`Copy`), so a copy of the state copies the captains with the rest of
// its memory (issue 11: a state's copy in ≤ 120 ns, no allocation for the captains). Each list
// has a room the rules and the content bound, checked when the content is loaded
// (`content::room`): content that could overflow one is refused naming the file, entry and
// field, and going past one in play is a bug in the engine, reported by a panic. The collections
// the rules do not bound (FF-CREW-18: any number of Gear cards; the jobs completed) are sets of
// the physical cards, whose ids the content keeps below [`CARD_SET_ROOM`].

/// The most Gear cards one crew member carries: the largest gear capacity (FF-CREW-17, 3 for
/// Jayne) and every card that does not count toward it (Jayne's Cunning Hat…).
pub const GEAR_ROOM: usize = 8;

/// The most crew aboard a ship, the Leader included: the largest crew maximum with every
/// "extra crew" ability a ship could have at once (FF-CREW-3).
pub const CREW_ROOM: usize = 12;

/// The most upgrades a ship holds (its Upgrade slots, FF-BUY-11).
pub const UPGRADE_ROOM: usize = 6;

/// The most Active jobs: 3, what Solid Contacts add (FF-DEAL-7, FF-KAL-20), and one more while
/// choosing which to discard (FF-KAL-21).
pub const ACTIVE_ROOM: usize = 8;

/// The most jobs in hand at any moment: the largest inactive-job limit (FF-DEAL-5, FF-BS-29)
/// and what may come in before discarding down to it (accepted jobs, FF-DEAL-3; starting jobs,
/// FF-SETUP-16; jobs plundered, FF-PBH-31).
pub const HAND_ROOM: usize = 16;

/// Supply cards and jobs of a content are numbered below this (checked on load), so that a
/// captain's spare gear and completed jobs are [`IdSet`]s.
pub const CARD_SET_ROOM: usize = 512;

/// A set of physical Supply cards (spare gear, FF-CREW-18).
pub type SupplySet = IdSet<{ CARD_SET_ROOM / 64 }>;

/// A set of physical Job cards (the jobs completed, FF-WORK-25).
pub type JobSet = IdSet<{ CARD_SET_ROOM / 64 }>;

/// The Gear cards a crew member carries.
pub type GearList = tinyvec::ArrayVec<[SupplyCardId; GEAR_ROOM]>;

/// A ship's upgrades (its drive core apart).
pub type UpgradeList = tinyvec::ArrayVec<[SupplyCardId; UPGRADE_ROOM]>;

/// Inactive jobs in hand, in the order they came.
pub type Hand = tinyvec::ArrayVec<[JobId; HAND_ROOM]>;

/// The Active jobs.
pub type ActiveJobs = tinyvec::ArrayVec<[ActiveJob; ACTIVE_ROOM]>;

/// Alert tokens by sector, inline up to 16.
pub type AlertList = smallvec::SmallVec<[crate::rim::Alerts; 16]>;

/// A ship's crew, the Leader first.
pub type CrewList = tinyvec::ArrayVec<[CrewMember; CREW_ROOM]>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CrewMember {
    pub card: CrewCard,
    pub def: CrewDefId,
    /// Gear cards carried (FF-CREW-17: one, unless an ability allows more).
    pub gear: GearList,
    pub disgruntled: bool,
    /// FF-MISC-7: a Wanted token from "Your Crew Is Now Wanted".
    pub wanted_token: bool,
}

/// An empty place in a [`CrewList`]'s room (never a crew member in play).
impl Default for CrewMember {
    fn default() -> Self {
        CrewMember {
            card: CrewCard::Leader(0),
            def: 0,
            gear: GearList::new(),
            disgruntled: false,
            wanted_token: false,
        }
    }
}

/// The ship's drive core: the ship's starting one, or a bought card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum DriveCoreCard {
    Starting(UpgradeDefId),
    Card(SupplyCardId),
}

/// A job face up in the Active Job area (FF-WORK-3), and how far it has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct ActiveJob {
    pub job: JobId,
    /// Steps done: 0 = not yet picked up / attempted; 1 = picked up (delivery jobs).
    pub steps_done: u8,
    /// FF-MISC-11: the "Completed" tokens on the card: bit `i` is set once the job's
    /// Opportunity Bonus `i` has been earned. Serialized as the list of earned indices.
    #[serde(serialize_with = "bits_as_list")]
    pub opportunities_earned: u8,
    /// A Big Damn Challenge attached under the job when it was started (FF-BS-24), face up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<JobId>,
}

/// A placeholder of an empty [`Captains`] place (a captain's core is chosen with the ship).
impl Default for DriveCoreCard {
    fn default() -> Self {
        DriveCoreCard::Starting(0)
    }
}

impl ActiveJob {
    /// A job just put face up in the Active Job area.
    pub fn new(job: JobId) -> ActiveJob {
        ActiveJob {
            job,
            steps_done: 0,
            opportunities_earned: 0,
            challenge: None,
        }
    }

    /// FF-MISC-11: whether Opportunity Bonus `i` of this job has been earned.
    pub fn earned(&self, i: usize) -> bool {
        self.opportunities_earned & (1 << i) != 0
    }
}

fn bits_as_list<S: serde::Serializer>(bits: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq((0..8u8).filter(|i| bits & (1 << i) != 0))
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Player {
    pub seat: Seat,
    pub leader: CrewDefId,
    pub ship: ShipId,
    pub sector: SectorId,
    pub placed: bool,
    pub drive_core: DriveCoreCard,
    pub upgrades: UpgradeList,
    /// `crew[0]` is always the Leader.
    pub crew: CrewList,
    /// Gear owned but not carried (FF-CREW-18), smallest id first.
    pub spare_gear: SupplySet,
    pub money: u32,
    /// Items aboard, indexed by [`Item::index`].
    pub items: [u8; 6],
    /// Inactive jobs in hand (FF-DEAL-5, FF-DEAL-6): hidden from other seats.
    pub hand: Hand,
    pub active: ActiveJobs,
    /// Completed job cards slid under the ship (FF-WORK-25), smallest id first.
    pub completed: JobSet,
    /// Solid reputation, one bit per [`ContactName`] (FF-REP-1..3).
    pub solid: u16,
    pub warrants: u8,
    /// Goal tokens: story goals completed (FF-WIN-4).
    pub goals: u8,
    /// The captain's Haven (FF-PBH-39..41), in stories that choose Havens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub haven: Option<SectorId>,
    /// The Contacts the captain's cards (crew, carried gear, ship, drive core, upgrades) make
    /// them count as Solid with (FF-REP-5), a bit per [`ContactName::index`]: worked out again
    /// whenever those cards change ([`Player::refresh_cards`]), so that the reputation
    /// queries (standing goals after every step: issue 11) read it instead of walking the cards.
    /// `invariants::check` compares it with a fresh walk after every step of the property tests.
    #[serde(skip)]
    pub card_solid: u16,
    /// What the same cards, and the Gear set aside, can do that the legal actions ask at every
    /// step (`crate::card_powers`), kept the same way.
    #[serde(skip)]
    pub card_powers: CardPowers,
}

impl Player {
    pub fn item(&self, i: Item) -> u8 {
        self.items[i.index()]
    }
    pub fn is_solid(&self, c: ContactName) -> bool {
        self.solid & (1 << c.index()) != 0
    }
    pub fn set_solid(&mut self, c: ContactName, solid: bool) {
        if solid {
            self.solid |= 1 << c.index();
        } else {
            self.solid &= !(1 << c.index());
        }
    }
    pub fn solid_count(&self) -> u32 {
        self.solid.count_ones()
    }
    /// Keep [`Player::card_solid`] and [`Player::card_powers`] true after the captain's crew,
    /// Gear (carried or set aside), ship or upgrades changed: every place that changes them
    /// calls this.
    pub fn refresh_cards(&mut self, content: &Content) {
        (self.card_solid, self.card_powers) = CardPowers::kept(content, self);
    }
    /// Keep [`CardPowers::disgruntled`] true after a crew member's Disgruntled token was given
    /// or taken (FF-CREW-8): every place that changes one calls this (a change of the crew
    /// itself calls [`Player::refresh_cards`]).
    pub fn refresh_disgruntled(&mut self) {
        self.card_powers.disgruntled = self.crew.iter().any(|m| m.disgruntled);
    }
    pub fn crew_index(&self, card: CrewCard) -> Option<usize> {
        self.crew.iter().position(|c| c.card == card)
    }
}

/// Where a hand of considered cards comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Market {
    Supply(DeckId),
    Contact(ContactName),
}

/// What a Work action is aimed at (FF-WORK-1).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum WorkTarget {
    Job(JobId),
    /// The next goal of the story.
    Goal,
    /// A Bonus Drop-Off of an Active job (Kalidasa's Bonus Opportunities at another planet,
    /// FF-MISC-11): `bonus` indexes the job's `opportunities`.
    BonusDropOff {
        job: JobId,
        bonus: u8,
    },
    /// FF-PBH-8/9: apprehend this fugitive (a crew card) for its bounty.
    Apprehend(SupplyCardId),
    /// FF-PBH-13: deliver the Bound Fugitives of this bounty at its drop-off.
    DeliverBounty(BountyId),
    /// FF-PBH-14: jump this bounty held by the captain in seat `from`.
    JumpBounty {
        from: Seat,
        bounty: BountyId,
    },
    /// FF-PBH-24/25: work Piracy job `job` against the ship of the captain in seat `target`.
    Piracy {
        job: JobId,
        target: Seat,
    },
}

impl WorkTarget {
    /// A bounty's Work action (Pirates & Bounty Hunters, `crate::bounty`).
    pub fn is_bounty(self) -> bool {
        matches!(
            self,
            WorkTarget::Apprehend(_) | WorkTarget::DeliverBounty(_) | WorkTarget::JumpBounty { .. }
        )
    }
}

/// The decision point of the game: what the actor is deciding now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// FF-SETUP-8/9: pick a Leader, in picking order.
    ChooseLeader,
    /// FF-SETUP-8/9: pick a Ship Card (its starting Drive Core comes with it).
    ChooseShip,
    /// FF-SETUP-10/11: place the Firefly, in reverse picking order.
    PlaceShip,
    /// FF-SETUP-16: discard starting jobs down to 3.
    StartingJobs,
    /// The active player chooses an action, a free action, or ends the turn.
    Actions,
    /// FF-FLY-4/8: after Keep Flying, move on or stop.
    FullBurn { entered: u8, range: u8 },
    /// FF-FLY-5: choosing the Mosey destination (ships that may Mosey 2 choose twice).
    Mosey { moved: u8, range: u8 },
    /// FF-BUY-3 / FF-DEAL-2: consider up to `max` cards, from the discard pile or the deck.
    Considering {
        market: Market,
        considered: smallvec::SmallVec<[u16; 8]>,
        max: u8,
    },
    /// FF-BUY-4: buy up to `max` of the considered cards.
    Purchasing {
        deck: DeckId,
        considered: CardList,
        bought: u8,
        max: u8,
    },
    /// FF-BUY-7: buy Fuel and Parts.
    BuyingGoods { deck: DeckId },
    /// FF-DEAL-3: accept up to 2 of the considered jobs.
    Accepting {
        contact: ContactName,
        considered: JobList,
        accepted: u8,
    },
    /// FF-DEAL-8, FF-REP-4: sell Cargo and Contraband to a Solid Contact.
    Selling { contact: ContactName },
    /// FF-DEAL-5: discard down to the inactive-job limit.
    DiscardJobs,
    /// FF-WORK-6: choose the crew who go on the job (bit i = crew[i]).
    ChooseCrew { target: WorkTarget, on_job: u16 },
    /// FF-BS-24: starting a job, attach one of the Big Damn Challenges in hand to it, or none.
    AttachChallenge { job: JobId, on_job: u16 },
    /// FF-WORK-18/19: pay each crew member's Cut, or not.
    PayCuts { job: JobId, next: u8 },
    /// A card option or test is being resolved (see `Firefly::resolution`).
    Resolving,
    /// FF-TRADE: a player builds an offer to a player in the same sector (the active player
    /// on their turn, or a captain in the trade window).
    Trading(crate::trade::Offer),
    /// FF-TRADE-3: the offer's receiver (the actor now) accepts or refuses it.
    TradeAnswer(crate::trade::Offer),
    /// FF-TRADE-3: the trade window after a turn: `seat`, whose turn it is not, may open one
    /// offer to a ship in its sector, or pass (see [`crate::trade`]).
    TradeWindow { seat: Seat },
    /// The game is over.
    Over,
    /// A Set Up card's starting jobs (FF-BS-5): the actor chooses the Contact deck to draw them
    /// from, in picking order.
    StartingDeck,
    /// FF-PBH-23: a Showdown between the active player and a rival crew or a lone fugitive.
    Showdown(crate::showdown::Showdown),
    /// FF-PBH-29..32: a Piracy Showdown won: the pirate makes room and takes the plunder.
    Plunder(crate::piracy::Plunder),
}

/// What a Fly, Work or other multi-step action is doing, beneath the current [`Phase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Activity {
    None,
    Flying {
        entered: u8,
        range: u8,
    },
    /// A Mosey interrupted by Alert tokens in a sector it entered (FF-BS-10): `moved` sectors
    /// entered so far, of `range`.
    Moseying {
        moved: u8,
        range: u8,
    },
    Working {
        target: WorkTarget,
        on_job: u16,
        misbehave_left: u8,
        step: u8,
        /// Once-per-job abilities used during this Work action (`resolve::USED_*` bits).
        used: u8,
        /// FF-MISC-11: the job's Opportunity Bonuses already offered during this Work action
        /// (bit `i` = `opportunities[i]`), taken or passed up: each is offered once per action.
        offered: u8,
    },
}

/// Action types used this turn (FF-TURN-3..5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TurnActions {
    pub fly: bool,
    pub buy: bool,
    pub deal: bool,
    pub work: bool,
    /// Actions taken (at most 2, FF-TURN-4), including crew abilities that use an action.
    pub taken: u8,
}

/// The most cards a Nav deck holds (60 with Kalidasa, FF-MISC-13). Content that would deal a
/// bigger deck is refused when it is loaded, as for the room below.
pub const NAV_DECK_ROOM: usize = 64;

/// The most cards a Supply or Contact deck holds (45 at most with every expansion).
pub const DECK_ROOM: usize = 48;

/// The most cards the Misbehave deck holds: 40, and room for the test content's extra copies
/// of its effect cards (`crate::testing::effects_content`).
pub const MISBEHAVE_DECK_ROOM: usize = 96;

/// The most Supply decks (one per Supply planet: 7 with every expansion), checked on load.
pub const MAX_SUPPLY_DECKS: usize = 8;

/// A deck on the table, held inline (issue 11: copying a state copies its decks with one
/// `memcpy`, no allocation).
pub type TableDeck<C> = FixedDeck<C, DECK_ROOM>;

/// A Nav deck on the table, held inline.
pub type NavDeck = FixedDeck<NavCardId, NAV_DECK_ROOM>;

/// The Misbehave deck, held inline.
pub type MisbehaveDeck = FixedDeck<MisbehaveCardId, MISBEHAVE_DECK_ROOM>;

/// The decks on the table: plain data, so a copy of a state copies them in one go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Decks {
    /// Indexed by [`DeckId`].
    pub supply: tinyvec::ArrayVec<[TableDeck<SupplyCardId>; MAX_SUPPLY_DECKS]>,
    /// Indexed by [`ContactName::index`]; decks of absent contacts stay empty.
    pub contacts: [TableDeck<JobId>; ContactName::COUNT],
    /// Alliance, Border, Rim.
    pub nav: [NavDeck; 3],
    /// FF-FLY-25/26: whether each Nav deck has been reshuffled once.
    pub nav_reshuffled: [bool; 3],
    /// FF-FLY-27: a RESHUFFLE card was discarded unresolved; reshuffle when the action ends.
    pub nav_reshuffle_due: [bool; 3],
    pub misbehave: MisbehaveDeck,
}

/// Last Call, once declared (the story's [`LastCall`]): who declared it, and the captains whose
/// last turn is still to come, in the order they play (the turn under way is not listed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastCallState {
    pub declarer: Seat,
    pub last_turns: smallvec::SmallVec<[Seat; 5]>,
}

/// Cards removed from play, back in the box (FF-DEATH-2, FF-MISC-1, FF-MISC-9), by card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Removed {
    pub supply: SupplySet,
    pub jobs: JobSet,
}

/// The most captains at a table (FF-SETUP-1: 1 to 5).
pub const MAX_CAPTAINS: usize = 5;

/// The captains of a game, by seat.
pub type Captains = tabletop_core::Inline<Player, MAX_CAPTAINS>;

/// What the rules read of the [`Options`] while a game is played, and of the story they name
/// at every step: a few plain bytes in the state. The options themselves (the story's name, a
/// scenario) stay with the game's record (`tabletop_driver`): a state held them behind an
/// `Arc`, whose count every copy of a state raised and every drop lowered — two atomic
/// operations, a fifth of a copy's time (issue 11). The story's facts are copied here rather
/// than read from its definition (`Firefly::story_def`) after every step (issue 11: 10
/// instructions a random step). They are not serialized: they follow from the story.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TableRules {
    /// The expansions in play.
    pub expansions: ExpansionSet,
    /// FF-SETUP-17: the first-game variant ([`Options::first_game`]).
    pub first_game: bool,
    /// The round limit of the options ([`Options::max_rounds`]).
    pub max_rounds: Option<u16>,
    /// Some goal of the story is a standing goal (FF-WIN-3): the goals are checked after every
    /// step.
    #[serde(skip)]
    pub standing_goals: bool,
    /// The story's Last Call rule, and its number of goals (Last Call may be declared once
    /// they are all completed).
    #[serde(skip)]
    pub last_call: Option<(crate::content::LastCall, u8)>,
    /// Where each of the story's goals is attempted (`Content::goal_places`).
    #[serde(skip)]
    pub goal_places: &'static [GoalPlace],
}

impl TableRules {
    /// The rules of `options`, whose story is `story` of `content`.
    pub fn of(options: &Options, content: &'static Content, story: StoryId) -> TableRules {
        let def = &content.stories[story as usize];
        TableRules {
            expansions: options.expansion_set(),
            first_game: options.first_game,
            max_rounds: options.max_rounds,
            standing_goals: content.standing_goals[story as usize].mask != 0,
            last_call: def.last_call.map(|r| (r, def.goals.len().min(255) as u8)),
            goal_places: &content.goal_places[story as usize],
        }
    }
}

/// The whole state of a game of Firefly.
#[derive(Debug)]
pub struct Firefly {
    pub content: &'static Content,
    /// What the rules read of the [`Options`] in play, fixed once the game is set up.
    pub rules: TableRules,
    pub story: StoryId,
    pub chance: Chance,
    /// The captains, by seat, held inline (a copy of the state allocates nothing for them).
    pub players: Captains,
    /// Where each captain's ship is, and which ships share a sector, kept beside
    /// `Player::sector` and `Player::placed` for the walks that compare every ship's place at
    /// every step (trade partners, hiring away, the trade window, placing ships): one short
    /// record, not a field of each ~600-byte captain (issue 11). Set with them by
    /// [`Firefly::put_ship`]; `invariants::check` compares.
    pub ships: ShipPlaces,
    pub decks: Decks,
    pub removed: Removed,
    pub cruiser: SectorId,
    /// The Reaver Cutters' sectors: one in the base game and with Kalidasa alone, three with
    /// Blue Sun (FF-KAL-9); at most one per sector (FF-KAL-5).
    pub cutters: crate::cutter_places::CutterPlaces,
    /// The Operative's Corvette (Kalidasa, FF-BS-3).
    pub corvette: Option<SectorId>,
    /// Alert tokens on the board (FF-BS-9, FF-KAL-10), by sector, sorted.
    pub alerts: AlertList,
    /// FF-SETUP-8..12: seats in Leader-picking order.
    pub pick_order: tinyvec::ArrayVec<[Seat; MAX_CAPTAINS]>,
    /// Whose decision it is.
    pub actor: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// Completed rounds (a round ends when play returns to the first player).
    pub round: u16,
    pub turn: TurnActions,
    pub phase: Phase,
    pub activity: Activity,
    /// The card option or test being resolved, if any; a stack because an effect may start
    /// another card (the Alliance Cruiser Nav card starts an Alliance Contact).
    pub resolution: Vec<Resolution>,
    /// Changes to the pay of the job being worked (negotiated pay, FF-DEAL-18).
    pub job_pay: JobPay,
    /// The Contact of the Deal action in progress.
    pub activity_contact: Option<ContactName>,
    /// FF-BUY-3, FF-DEAL-2: a card of the hand being considered was drawn from the deck, so
    /// the discard pile can no longer be looked through.
    pub considering_drawn: bool,
    /// Seats that have chosen their ship (set-up).
    pub ships_chosen: u8,
    /// Last Call, once a captain has declared it (stories with [`Story::last_call`]).
    pub last_call: Option<LastCallState>,
    /// The Set Up card the table plays with (FF-BS-5), an index into `Content::setup_cards`.
    pub setup_card: Option<u16>,
    /// "Clearer Skies" Set Up card: sectors this Full Burn may still enter without drawing a Nav
    /// card (rolled when the Full Burn starts).
    pub clear_sectors: u8,
    /// Emissions Recycler: Nav cards of its name drawn in a row in this Full Burn (`u8::MAX`
    /// once its Fuel was offered this Fly action).
    pub nav_run: u8,
    /// "Fuel Coupling Failure" (`Effect::FuelLeak`): until the turn ends, each further sector
    /// the current player's ship moves into costs 1 Fuel.
    pub fuel_leak: bool,
    pub outcome: Option<Outcome>,
    /// A Set Up card's game length tokens still held by the first player ("Time's Not on Our
    /// Side"; 0: none, or all spent).
    pub game_length_tokens: u8,
    /// What each captain has seen of the top of a face-down deck (Nav Charts, Heist Intel):
    /// `seen_top[deck][seat]` is 1 + the draw-pile index (from the bottom) from which up the
    /// seat knows every card; 0, nothing. Decks: Alliance, Border, Rim Nav, then Misbehave.
    /// Drawing keeps the rest known; a reshuffle forgets it (`Firefly::forget_seen_top`).
    pub seen_top: [[u8; 5]; 4],
    /// Pirates & Bounty Hunters: the Bounty deck, the Most Wanted, Bound Fugitives.
    pub bounties: crate::bounty::Bounties,
}

// Cloned by hand for `clone_from`: a copy into a state kept for the purpose writes the decks and
// the captains (plain data, ~5 KB of the state's ~6 KB) straight into place and reuses the
// buffers of the rest, where `*self = source.clone()` builds the whole copy aside first and then
// moves it (issue 11: a search copies its root state for every rollout). The fields are listed
// once, as plain data (copied), plain data of which only the part in use is copied (`live`), or
// not plain (cloned); the destructuring names every field, so a new field cannot be forgotten.
// The captains are such a `live` list: a copy writes only the captains at the table, not the
// table's five places of ~600 bytes (3 of them empty in a 2-captain game).
macro_rules! clone_by_fields {
    (
        copy: [$($c:ident),* $(,)?],
        live: [$($e:ident),* $(,)?],
        clone: [$($n:ident),* $(,)?] $(,)?
    ) => {
        impl Clone for Firefly {
            fn clone(&self) -> Self {
                let Firefly { $($c,)* $($e,)* $($n,)* } = self;
                // The fields with a clone of their own first, then the plain data straight
                // from `self` into the new state: copied with calls between them, the decks
                // and the captains (5 of the state's 6 KB) went through a copy on the stack
                // first, twice the bytes (issue 11).
                $(let $n = $n.clone();)*
                Firefly { $($c: *$c,)* $($e: $e.copy_live(),)* $($n,)* }
            }

            fn clone_from(&mut self, source: &Self) {
                let Firefly { $($c,)* $($e,)* $($n,)* } = source;
                $(self.$c = *$c;)*
                $(self.$e.copy_live_from($e);)*
                $(self.$n.clone_from($n);)*
            }
        }
    };
}

clone_by_fields! {
    copy: [
        content, rules, story, decks, removed, cruiser, corvette, pick_order, actor, current,
        round, turn, activity, job_pay, activity_contact, considering_drawn, ships_chosen,
        setup_card, clear_sectors, nav_run, fuel_leak, game_length_tokens, seen_top, bounties,
        ships,
    ],
    // Plain data of which only the captains at the table are copied.
    live: [players],
    clone: [
        chance, cutters, alerts, phase, resolution, last_call, outcome,
    ],
}

impl Firefly {
    /// Put `seat`'s ship in `sector` (placing it, or moving it): the one place ships move, so
    /// that [`Firefly::ships`] stays true.
    pub fn put_ship(&mut self, seat: Seat, sector: SectorId) {
        let p = &mut self.players[seat as usize];
        p.sector = sector;
        p.placed = true;
        self.ships.put(seat, sector);
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat as usize]
    }
    pub fn me(&self) -> &Player {
        &self.players[self.actor as usize]
    }
    pub fn me_mut(&mut self) -> &mut Player {
        &mut self.players[self.actor as usize]
    }
    pub fn num_players(&self) -> u8 {
        self.players.len() as u8
    }
    /// The seat `k` places after `seat` in turn order (`k` at most the number of players). By a
    /// subtraction, not `%`: a division's latency showed in the profile of every turn's end.
    #[inline]
    pub fn seat_after(&self, seat: Seat, k: u8) -> Seat {
        let (s, n) = (seat + k, self.num_players());
        if s >= n {
            s - n
        } else {
            s
        }
    }
    /// The expansions in play (fixed at set-up).
    pub fn expansions(&self) -> ExpansionSet {
        self.rules.expansions
    }
    /// The board on the table (FF-BS-1, FF-KAL-1).
    pub fn board(&self) -> &'static Board {
        self.content.board(self.expansions())
    }
    /// The sectors adjacent to `s` on the board on the table (FF-FLY-6).
    pub fn neighbours(&self, s: SectorId) -> &'static [SectorId] {
        &self.board().neighbours[s as usize]
    }
    /// Whether an expansion is in play.
    pub fn uses(&self, e: Expansion) -> bool {
        self.expansions().has(e)
    }
    pub fn story_def(&self) -> &'static Story {
        &self.content.stories[self.story as usize]
    }
    /// The Set Up card in play, if any (FF-BS-5).
    pub fn setup_card_def(&self) -> Option<&'static SetupCard> {
        self.setup_card
            .map(|i| &self.content.setup_cards[i as usize])
    }
}
