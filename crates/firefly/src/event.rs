//! What happened: the engine's log, shown by user interfaces and kept by replays.

use serde::Serialize;
use tabletop_core::Seat;

use crate::content::*;
use crate::state::CrewCard;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    SetupRoll {
        seat: Seat,
        roll: u8,
    },
    LeaderChosen {
        seat: Seat,
        leader: CrewDefId,
    },
    ShipChosen {
        seat: Seat,
        ship: ShipId,
    },
    ShipPlaced {
        seat: Seat,
        sector: SectorId,
    },
    TurnStarted {
        seat: Seat,
        round: u16,
    },
    ActionTaken {
        seat: Seat,
        action: &'static str,
    },
    Moved {
        seat: Seat,
        sector: SectorId,
    },
    NavDrawn {
        seat: Seat,
        card: NavCardId,
    },
    NavReshuffled {
        deck: u8,
    },
    /// A gear card about to be discarded is kept (Grimey's 6).
    GearKept {
        seat: Seat,
        card: SupplyCardId,
    },
    /// A card was used (`Ability::Use`): a Labor Contract, Nav Charts, a Fruity Oaty Bar …
    CardUsed {
        seat: Seat,
        card: SupplyCardId,
    },
    /// `seat` looked at the top `cards` cards of a Nav deck (`nav`) or of the Misbehave deck
    /// (`None`) to put them back in any order; which cards, only that seat's view shows.
    LookedAtTop {
        seat: Seat,
        nav: Option<NavDeckName>,
        cards: u8,
    },
    /// The top `cards` cards of the Misbehave deck were discarded unseen by the others
    /// (Heist Intel).
    MisbehaveDiscarded {
        seat: Seat,
        cards: u8,
    },
    MisbehaveDrawn {
        seat: Seat,
        card: MisbehaveCardId,
    },
    AceInTheHole {
        seat: Seat,
    },
    /// A ship upgrade of `seat` was discarded by its own rule (a Reaver-Flage after Reavers took
    /// crew).
    UpgradeDiscarded {
        seat: Seat,
        card: SupplyCardId,
    },
    /// A Warrant about to be issued to `seat` was ignored (a Fan Dancer discarded).
    WarrantIgnored {
        seat: Seat,
    },
    /// An option of the card (or job step, goal …) being resolved was chosen. `forced`: the
    /// engine chose it because it was the only option possible, so nobody was asked and the
    /// log shows its text (`choice`, not serialized: clients read the `lines`).
    OptionChosen {
        seat: Seat,
        option: u8,
        forced: bool,
        #[serde(skip)]
        choice: &'static Choice,
    },
    /// River Tam's Gifted roll before a test (Simon Tam's bonus included).
    Gifted {
        seat: Seat,
        crew: CrewCard,
        roll: u8,
    },
    /// A skill test was rolled (FF-SKILL-3): `total` = the dice `faces` + every one of
    /// `terms` (crew skill, gear, abilities, card modifiers, bribes, discarded gear);
    /// `skill_points` and `bribes` are the sums of the crew's and the bribes' terms.
    Rolled {
        seat: Seat,
        skill: Skill,
        faces: Faces,
        skill_points: u32,
        bribes: u8,
        terms: Terms,
        total: i32,
    },
    Ended {
        seat: Seat,
        ending: Ending,
    },
    /// FF-MISB-15: step `step` (from 0) of a card with several steps ended in Proceed; the next
    /// step is made now.
    StepPassed {
        seat: Seat,
        step: u8,
    },
    /// FF-MISC-6: a crew member was put in a team (from 0) of a crew split.
    TeamJoined {
        seat: Seat,
        crew: CrewCard,
        team: u8,
    },
    /// FF-MISC-9: a Gear card was seized: removed from play.
    /// A crew member was turned over to Magistrate Higgins for `amount` (removed from play).
    TurnedOver {
        seat: Seat,
        crew: CrewCard,
        amount: u32,
    },
    /// A crew member who would have been Killed lives: this gear card (Zoe's Flak Jacket) was
    /// discarded instead.
    KillPrevented {
        seat: Seat,
        crew: CrewCard,
        gear: SupplyCardId,
    },
    GearSeized {
        seat: Seat,
        card: SupplyCardId,
    },
    /// FF-MISC-11: Opportunity Bonus `index` of the job was earned (its "Completed" token).
    OpportunityEarned {
        seat: Seat,
        job: JobId,
        index: u8,
    },
    CruiserMoved {
        sector: SectorId,
    },
    CutterMoved {
        sector: SectorId,
    },
    AllianceContact {
        seat: Seat,
    },
    /// The Operative's Corvette moved (Kalidasa).
    CorvetteMoved {
        sector: SectorId,
    },
    /// FF-BS-15: an Outlaw Ship meets the Corvette.
    CorvetteContact {
        seat: Seat,
    },
    /// FF-BS-16: the Corvette kept the "Reaver Cutter" Nav card from being resolved.
    CorvetteProtects {
        seat: Seat,
    },
    /// FF-KAL-17: the Corvette drove off the Reaver Cutter in this sector (its move follows).
    CutterDrivenOff {
        sector: SectorId,
    },
    /// FF-BS-17: a Long-Range Scanner Array resolves an adjacent sector's Alert tokens.
    Scanned {
        seat: Seat,
        sector: SectorId,
    },
    /// An Alert token was put on a sector (FF-BS-9, FF-KAL-10).
    AlertPlaced {
        sector: SectorId,
        kind: AlertKind,
    },
    /// Every token of a kind left a sector (FF-BS-14, FF-KAL-16).
    AlertsRemoved {
        sector: SectorId,
        kind: AlertKind,
    },
    /// FF-BS-11, FF-KAL-12: the unmodified die rolled for `tokens` Alert tokens of a kind; a
    /// ship comes on a roll up to `tokens`.
    AlertsRolled {
        seat: Seat,
        sector: SectorId,
        kind: AlertKind,
        tokens: u8,
        roll: u8,
    },
    ReaverContact {
        seat: Seat,
    },
    /// Credits changed hands; `now` is the captain's money just after this change.
    Money {
        seat: Seat,
        delta: i64,
        now: u32,
    },
    Items {
        seat: Seat,
        item: Item,
        delta: i32,
    },
    Disgruntled {
        seat: Seat,
        crew: CrewCard,
    },
    Undisgruntled {
        seat: Seat,
        crew: CrewCard,
    },
    Quit {
        seat: Seat,
        crew: CrewCard,
    },
    AllFired {
        seat: Seat,
    },
    LeaderReallyLucky {
        seat: Seat,
    },
    MedicCheck {
        seat: Seat,
        crew: CrewCard,
        roll: u8,
        saved: bool,
    },
    Killed {
        seat: Seat,
        crew: CrewCard,
    },
    Arrested {
        seat: Seat,
        crew: CrewCard,
    },
    Hired {
        seat: Seat,
        card: SupplyCardId,
    },
    Bought {
        seat: Seat,
        card: SupplyCardId,
    },
    Dismissed {
        seat: Seat,
        crew: CrewCard,
    },
    JobAccepted {
        seat: Seat,
        job: JobId,
    },
    JobDiscarded {
        seat: Seat,
        job: JobId,
    },
    JobStarted {
        seat: Seat,
        job: JobId,
    },
    /// Kalidasa's Nested Skill Tests: the band rolled starts a second test.
    NestedTest {
        seat: Seat,
    },
    /// A die rolled for a card's effect, not a Test (nothing modifies it): "Passenger Unrest",
    /// "Space Pox!", "Fly-By-Night Casino Ship".
    CardDie {
        seat: Seat,
        roll: u8,
    },
    /// A Nav card's "for each further sector" Fuel loss ("Fuel Coupling Failure").
    FuelLeaked {
        seat: Seat,
    },
    /// "Clearer Skies" (a Set Up card, FF-BS-5): the first `roll` sectors of this Full Burn draw
    /// no Nav card.
    ClearSkiesRolled {
        seat: Seat,
        roll: u8,
    },
    /// FF-BS-24: a Big Damn Challenge from the hand goes under the job just started.
    ChallengeAttached {
        seat: Seat,
        job: JobId,
        challenge: JobId,
    },
    JobStepDone {
        seat: Seat,
        job: JobId,
        step: u8,
    },
    /// FF-WORK-16..: `pay` is the sum of `terms` (the job's pay, per item delivered, the
    /// Profession bonus, Leader and crew abilities, changes made while working it), at least 0.
    JobCompleted {
        seat: Seat,
        job: JobId,
        pay: u32,
        terms: Vec<PayTerm>,
    },
    JobFailed {
        seat: Seat,
    },
    /// A Warrant was issued; `warrants` is how many the captain holds now.
    WarrantIssued {
        seat: Seat,
        warrants: u8,
    },
    WarrantsCleared {
        seat: Seat,
    },
    Solid {
        seat: Seat,
        contact: ContactName,
    },
    ReputationLost {
        seat: Seat,
        contact: ContactName,
    },
    CutPaid {
        seat: Seat,
        crew: CrewCard,
        amount: u32,
    },
    GoalCompleted {
        seat: Seat,
        goal: u8,
    },
    /// Last Call (the story's ending): `last_turns` are the captains who take one more turn,
    /// in order; the game ends after them.
    LastCallDeclared {
        seat: Seat,
        last_turns: Vec<Seat>,
    },
    /// End-of-game settlement (`Story::settle_jobs`): `seat` pays the bank the Pay value of
    /// these unfinished jobs (Active and in hand); `paid` is what it could pay (its `Money`
    /// event follows).
    JobsSettled {
        seat: Seat,
        jobs: Vec<JobId>,
        owed: u32,
        paid: u32,
    },
    Won {
        seat: Seat,
    },
    GameOver {
        reason: String,
    },
    /// FF-TRADE: an offer was accepted; `gave` and `got` are the cards that changed ships (the
    /// goods and credits have their own `Items` and `Money` events).
    Traded {
        from: Seat,
        to: Seat,
        gave: crate::trade::TradeCards,
        got: crate::trade::TradeCards,
    },
    /// A Set Up card's starting jobs (FF-BS-5): `seat` drew `count` jobs from this Contact's
    /// deck, the one it chose.
    StartingJobsDrawn {
        seat: Seat,
        contact: ContactName,
        count: u8,
    },
    /// A Set Up card's game length tokens (FF-BS-5): one was discarded at the start of the
    /// first player's turn; `left` remain (0: this round is the last).
    GameLengthToken {
        left: u8,
    },
    /// A job's "Gamble" (Kalidasa): `seat` named a suit and the top Misbehave card, now
    /// discarded, was revealed to everyone.
    SuitRevealed {
        seat: Seat,
        card: MisbehaveCardId,
        named: Suit,
        won: bool,
    },
    // ---- Pirates & Bounty Hunters (FF-PBH) ----
    /// FF-PBH-2/4: a Bounty card revealed onto the Most Wanted list.
    BountyRevealed {
        bounty: BountyId,
    },
    /// FF-PBH-4: a Bounty card whose fugitive is gone leaves the game.
    BountyRemoved {
        bounty: BountyId,
    },
    /// FF-PBH-3: the Alliance Cruiser card: the Most Wanted went to the bottom of the deck.
    MostWantedUpdated,
    /// FF-PBH-9(c): a captain betrays a crew member for the bounty on them.
    Betrayed {
        seat: Seat,
        fugitive: SupplyCardId,
    },
    /// FF-PBH-10: a fugitive is Bound by Law, held by `seat`.
    FugitiveBound {
        seat: Seat,
        bounty: BountyId,
        fugitive: SupplyCardId,
    },
    /// FF-PBH-13: Bound Fugitives delivered for their reward.
    BountyDelivered {
        seat: Seat,
        bounty: BountyId,
        fugitives: u8,
        pay: u32,
    },
    /// FF-PBH-12: a Bound Fugitive taken by the Reavers.
    BoundFugitiveLost {
        seat: Seat,
        fugitive: SupplyCardId,
    },
    /// FF-PBH-14/15: `seat` jumped `from`'s bounty; `rescue`: to free the fugitives.
    BountyJumped {
        seat: Seat,
        from: Seat,
        bounty: BountyId,
        rescue: bool,
    },
    /// FF-PBH-15: a rescued fugitive joined the crew, or went to their discard pile.
    FugitiveRescued {
        seat: Seat,
        fugitive: SupplyCardId,
        joined: bool,
    },
    /// FF-PBH-22: the Boarding Test was passed: `seat`'s crew is aboard `rival`'s ship.
    Boarded {
        seat: Seat,
        rival: Seat,
    },
    /// FF-PBH-23: a Showdown begins.
    ShowdownBegun {
        attacker: Seat,
        defender: crate::showdown::Defender,
    },
    /// A side chose its skill (`seat` `None`: the lone fugitive).
    ShowdownSkill {
        seat: Option<Seat>,
        skill: Skill,
    },
    /// A side rolled (or re-rolled): the die and the side's total.
    ShowdownRolled {
        attacker: bool,
        roll: tabletop_core::ExplodingRoll,
        total: u32,
    },
    /// The Showdown's result (the Defender wins ties).
    ShowdownWon {
        attacker_won: bool,
        attack: u32,
        defend: u32,
    },
    // --- Breakin' Atmo (added at the end) ---
    /// A GAMBLING card (Tall Playing Cards) revealed the top Misbehave card to everyone and
    /// discarded it.
    MisbehaveRevealed {
        seat: Seat,
        card: MisbehaveCardId,
    },
    /// A crew member who would be Killed rolled for the gear they carry (Alliance Body Armor):
    /// `held`, they are not Killed.
    ArmorRoll {
        seat: Seat,
        crew: CrewCard,
        gear: SupplyCardId,
        roll: u8,
        held: bool,
    },
    // --- Piracy (added at the end) ---
    /// FF-PBH-27/28: the Defender of a Piracy Showdown keeps one `item` in the Stash.
    Stashed {
        seat: Seat,
        item: Item,
    },
    /// FF-PBH-29: `seat` took one `item` from `from`'s Hold.
    Plundered {
        seat: Seat,
        from: Seat,
        item: Item,
    },
    /// FF-PBH-32: `seat` took job `job`, unseen, from `from`'s hand (only the two see which).
    JobStolen {
        seat: Seat,
        from: Seat,
        job: JobId,
    },
    // --- Pirates & Bounty Hunters' Supply cards (added at the end) ---
    /// Meadows was Killed instead of `instead_of`, who would have been Killed, Apprehended or
    /// Seized.
    KilledInstead {
        seat: Seat,
        crew: CrewCard,
        instead_of: CrewCard,
    },
    /// Dalin: the Misbehave card drawn was discarded unresolved, and another is drawn.
    MisbehaveRedrawn {
        seat: Seat,
        card: MisbehaveCardId,
    },
    /// Early's Datascope: a card from the top of a Supply deck, shown to everyone and
    /// discarded.
    SupplyCardRevealed {
        seat: Seat,
        card: SupplyCardId,
    },
    /// Money taken from a rival (the Bandits' and Sash's take from a Piracy job).
    MoneyTaken {
        seat: Seat,
        from: Seat,
        amount: u32,
    },
}

/// What adds one term to a skill test's total besides the dice (FF-SKILL-3, FF-SKILL-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TermSource {
    /// A crew member's own printed skill.
    Crew { crew: CrewCard },
    /// A Gear card a crew member carries.
    Gear { crew: CrewCard, card: SupplyCardId },
    /// A crew member's ability that adds to the skill ("+1 Fight while carrying a FIREARM").
    Ability { crew: CrewCard },
    /// A test modifier printed on the card: per Warrant held.
    Warrants,
    /// A test modifier printed on the card: the crew has this keyword ("HACKING RIG: +3").
    Keyword { keyword: Keyword },
    /// River Tam's Gifted roll before the test.
    Gifted,
    /// Bribes, $100 each (FF-SKILL-7).
    Bribes,
    /// Gear discarded after rolling for its bonus (a Knife).
    DiscardedGear,
    /// A crew member's skill lent to the test by a card (Mal's Brown Coat).
    LentSkill { crew: CrewCard, card: SupplyCardId },
    /// A Ship Upgrade's Boarding Test modifier (the boarder's, or the boarded rival's).
    Upgrade { card: SupplyCardId },
}

/// A roll's dice: one die, more when 6s explode (kept inline: an event is made every step,
/// and a step allocates nothing, issue 11).
pub type Faces = smallvec::SmallVec<[u8; 6]>;

/// A test's terms (kept inline, as [`Faces`]: a crew of five with their gear fits).
pub type Terms = smallvec::SmallVec<[Term; 8]>;

/// One term of a skill test's total. (`amount` is an `i16`, a test's terms being a few points:
/// so a `Rolled` event, and so every `Event`, is at most 128 bytes, which a push copies in line
/// rather than by a call to `memcpy`, issue 11.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Term {
    pub source: TermSource,
    pub amount: i16,
}

/// What adds one term to the pay of a completed job (FF-WORK-16, FF-WORK-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PaySource {
    /// The pay printed on the job card.
    Printed,
    /// Pay per item delivered: `count` items at `each`.
    PerItem { item: Item, count: u32, each: u32 },
    /// The job's instructions halved the pay (the amount is negative).
    Halved,
    /// The job's instructions changed the pay while it was worked.
    Adjusted,
    /// The job's bonus for a crew member with this Profession (FF-WORK-17).
    Bonus { profession: Profession },
    /// The job's bonus for a keyword among the crew and their gear ("Bonus with TRANSPORT").
    KeywordBonus { keyword: Keyword },
    /// An ability of a crew member or of gear they carry ("When you complete a Crime job, take
    /// $500").
    Ability { crew: CrewCard },
    /// The story's standing rule that Illegal jobs pay more (Desperadoes).
    IllegalJobBonus,
    /// A Solid Contact's bonus for jobs of some types (Lord Harrow, Fanty & Mingo).
    Contact { contact: ContactName },
    /// The reward of the Big Damn Challenge attached to the job (FF-BS-27).
    Challenge { challenge: JobId },
    /// "Double Down" (Kalidasa): two Misbehave cards of one suit doubled the Pay tab.
    DoubleDown,
    /// "Extra Pay" (Breakin' Atmo): `points` of `skill` among the crew on the job at `each`.
    ExtraPay {
        skill: Skill,
        points: u32,
        each: u32,
    },
    /// A Piracy job: `count` Goods or jobs taken at `each` (FF-PBH-25).
    Plunder { count: u32, each: u32 },
}

/// One term of a job's pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PayTerm {
    pub source: PaySource,
    pub amount: i64,
}
