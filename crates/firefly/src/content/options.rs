//! Card options, skill tests and effects: the structured language in which Nav cards,
//! Misbehave cards, jobs and story goals are written (FF-SKILL-3, FF-FLY-7, FF-MISB-4..7).

use serde::{Deserialize, Serialize};

use super::cards::NavDeckName;
use super::vocab::*;

/// `Effect::LoadUpTo { amount }` for a pick-up with no limit (FF-MISC-3): as many as fit.
pub const LOAD_NO_LIMIT: u8 = u8::MAX;

/// The most cards a card lets a player look at and arrange at once (`Effect::ArrangeNav`,
/// `Effect::ArrangeMisbehave`).
pub const MAX_ARRANGED: u8 = 8;

/// One option a player may choose on a card (FF-FLY-7, FF-MISB-4), or the fixed instructions of
/// a job step or goal. Effects happen in order, then the test (if any) is rolled and one of its
/// outcomes applies; without a test, `ends` says how the option finishes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub name: String,
    /// FF-FLY-13, FF-MISB-5: every requirement must be met to choose this option.
    #[serde(default)]
    pub requires: Vec<Requirement>,
    #[serde(default)]
    pub effects: Vec<Effect>,
    #[serde(default)]
    pub test: Option<Test>,
    /// FF-MISB-15: further steps after `test`, in order ("2 steps to succeed"). Each is made
    /// only once the step before it ended in Proceed; only the last step's Proceed passes the
    /// card, and any other ending ends the card at once. With a `SplitCrew` effect, step `k`
    /// (the `test` being step 0) is made by team `k` (FF-MISC-6).
    #[serde(default)]
    pub then: Vec<Test>,
    /// How the option ends when it has no test.
    #[serde(default)]
    pub ends: Option<Ending>,
    /// A Salvage Op (crew and upgrade salvage bonuses apply, FF-MISC-10).
    #[serde(default)]
    pub salvage_op: bool,
    /// A Breakdown: ignored by ships that "Ignore all Breakdowns".
    #[serde(default)]
    pub breakdown: bool,
}

/// A skill test (FF-SKILL-3..8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Test {
    pub skill: Skill,
    /// FF-SKILL-7: $100 per +1 before rolling.
    #[serde(default)]
    pub bribes: bool,
    /// FF-SKILL-6: gear adds no Fight.
    #[serde(default)]
    pub kosherized: bool,
    #[serde(default)]
    pub modifiers: Vec<TestModifier>,
    /// Outcome bands, lowest first; each applies from its `min` total up to the next band's.
    pub outcomes: Vec<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TestModifier {
    /// -N to the total for each Warrant held.
    PerWarrant { amount: i8 },
    /// +N when a crew member on the job has the keyword.
    KeywordAdds { keyword: Keyword, amount: u8 },
    /// The player picks one crew member on the job; only their skill (and gear) counts, and
    /// "the chosen crew" is who a Kill result hits.
    SingleCrew,
}

/// One band of a test's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The lowest total of this band (the first band starts at 1 or lower).
    pub min: i32,
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// How this band finishes. `None` when `choose` offers branches instead.
    #[serde(default)]
    pub ends: Option<Ending>,
    /// "Pay $7,000 to Complete the Goal, or take Attempt Botched": the player picks a branch.
    #[serde(default)]
    pub choose: Vec<Branch>,
    /// A Nested Skill Test (Kalidasa rulebook, "Nested Skill Tests": "your roll on the original
    /// Skill Test may trigger a second test"): after this band's `effects`, this test is made
    /// (tester, bribes, roll as for any test) and its band finishes the option; this band has no
    /// `ends` or `choose` of its own. One level only (checked on load).
    #[serde(default)]
    pub nested: Option<Test>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Branch {
    pub name: String,
    #[serde(default)]
    pub requires: Vec<Requirement>,
    #[serde(default)]
    pub effects: Vec<Effect>,
    pub ends: Ending,
}

/// How an option or outcome finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// FF-FLY-8.
    KeepFlying,
    /// FF-FLY-9.
    FullStop,
    /// FF-FLY-10.
    Evade,
    /// FF-MISB-8: the Misbehave card (or job test) is passed.
    Proceed,
    /// FF-MISB-9.
    AttemptBotched,
    /// FF-MISB-10.
    WarrantIssued,
    /// Both: the attempt fails and a Warrant is issued (FF-WIN-17).
    BotchedAndWarrant,
    /// FF-MISB-14: "draw another Misbehave card". The card is not passed: one more card is
    /// drawn, and it must be passed as well. Misbehave cards only.
    DrawAnother,
}

/// A condition for choosing an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Requirement {
    /// A crew member (on the job, when working one) with this profession.
    Profession { profession: Profession },
    /// A keyword among crew and carried gear (on the job, when working one).
    Keyword { keyword: Keyword },
    /// A keyword on one gear card that also gives at least N of a skill ("FIREARM with 2 Fight").
    KeywordWithSkill {
        keyword: Keyword,
        skill: Skill,
        amount: u8,
    },
    /// At least N of an item aboard.
    Has { item: Item, amount: u8 },
    /// At least $N.
    Money { amount: u32 },
    /// No Disgruntled crew.
    NoDisgruntledCrew,
    /// Solid with a Contact (or counting as Solid with them, FF-REP-1..5): "Needs: Solid with
    /// Patience OR FIREARM" (Kalidasa).
    Solid { contact: ContactName },
    /// Room aboard for N of an item ("Requires loading 4 Fugitives", "Load exactly 2
    /// Passengers": the option cannot be chosen unless all of them fit, FF-MISC-3).
    Room { item: Item, amount: u8 },
    /// At least 1 Moral crew member (among the acting crew).
    MoralCrew,
    // --- Pirates & Bounty Hunters (added at the end) ---
    /// The ship is in a sector of this zone ("In Alliance Space", Dobson).
    InZone { zone: Zone },
}

/// Who among the crew an effect touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrewGroup {
    /// Every crew member, the Leader included.
    All,
    /// Moral crew.
    Moral,
    /// Crew on the job.
    OnJob,
    /// The crew member who carries the card being used (a gear card's owner).
    Carrier,
}

/// How the Alliance Cruiser or the Reaver Cutter is moved (FF-FLY-19, FF-FLY-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShipMove {
    /// To the drawing player's sector.
    ToYou,
    /// The player to the drawer's right moves it 1 sector inside its own space.
    OneSectorByRightPlayer,
    /// The drawer moves it to any sector of its own space not holding a Firefly.
    AnywhereEmpty,
    /// The drawer moves it to a sector holding an Outlaw Ship.
    ToAnOutlawShip,
    /// The player to the drawer's right moves it into a sector of its own space next to the
    /// drawer's that holds no Firefly (Kalidasa's Corvette cards).
    NextToYouByRightPlayer,
    /// The player to the drawer's right moves it to a planetary sector of its own space that
    /// holds no Firefly ("Reavers in Orbit", Kalidasa's Corvette cards).
    PlanetaryEmptyByRightPlayer,
    /// The player to the drawer's right moves it 1 or 2 sectors within its own space.
    UpToTwoSectorsByRightPlayer,
}

impl ShipMove {
    /// Whether the player to the drawer's right decides (FF-FLY-19c, FF-FLY-24c).
    pub fn by_right_player(self) -> bool {
        matches!(
            self,
            ShipMove::OneSectorByRightPlayer
                | ShipMove::NextToYouByRightPlayer
                | ShipMove::PlanetaryEmptyByRightPlayer
                | ShipMove::UpToTwoSectorsByRightPlayer
        )
    }
}

/// Where a Nav card puts an Alert token (FF-BS-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AlertPlace {
    /// The drawer's sector.
    Here,
    /// Every sector next to the drawer's.
    AllAdjacent,
    /// Every sector holding an Outlaw Ship.
    OutlawShips,
}

/// Something that happens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// Take $N from the bank.
    TakeMoney {
        amount: u32,
    },
    /// Pay $N to the bank (all you have if you cannot pay in full).
    PayMoney {
        amount: u32,
    },
    /// Load N items (as storage allows; FF-MISC-3).
    Load {
        item: Item,
        amount: u8,
    },
    /// Load up to N items; the player picks how many. N = [`LOAD_NO_LIMIT`]: as many as fit.
    LoadUpTo {
        item: Item,
        amount: u8,
    },
    /// Load N items, any mix of Goods the player picks.
    LoadGoods {
        amount: u8,
    },
    /// Load one item per crew member on the job.
    LoadPerCrewOnJob {
        item: Item,
    },
    /// Load one item per crew member on the job who carries no gear.
    LoadPerCrewWithoutGear {
        item: Item,
    },
    /// Spend N items (the option needs them: FF-FLY-21 by analogy).
    Spend {
        item: Item,
        amount: u8,
    },
    /// Lose up to N items (as many as you have).
    Lose {
        item: Item,
        amount: u8,
    },
    /// Kill N crew (on the job when working one); the player chooses (FF-DEATH-1). With
    /// `profession`, only crew with it may be chosen ("Kill a Merc"); with none of them, nobody
    /// is Killed.
    KillCrew {
        count: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        profession: Option<Profession>,
    },
    /// Kill every crew member on the job.
    KillAllCrewOnJob,
    /// Kill all Passengers and Fugitives aboard (FF-FLY-20).
    KillPassengersAndFugitives,
    Disgruntle {
        who: CrewGroup,
    },
    RemoveDisgruntled {
        who: CrewGroup,
    },
    /// Discard every crew member with a profession (e.g. the Mercs).
    DiscardProfession {
        profession: Profession,
    },
    /// "If the Mercs' Fight, gear included, is higher than the rest of the crew's, discard all
    /// Mercs."
    MercsDesertIfStronger,
    /// Discard N ship upgrades of the player's choice.
    DiscardShipUpgrade {
        count: u8,
    },
    /// Take one ship upgrade from any Supply discard pile; with `only`, only an upgrade of that
    /// name ("a Cry Baby from any Supply discard pile"). The player may take none.
    TakeShipUpgradeFromDiscard {
        #[serde(default)]
        only: Option<String>,
        /// Bought at half its price rather than taken free (The Salesman); the player may
        /// only pick one they can pay for.
        #[serde(default)]
        half_price: bool,
    },
    /// Take one crew card for free from a Supply discard pile (`from`: that Supply planet's id;
    /// `None`: any), if the crew has room for it (FF-CREW-3). The player may take none.
    TakeCrewFromDiscard {
        #[serde(default)]
        from: Option<String>,
    },
    /// Sell up to `max` of an item at $`price` each; the player picks how many, one at a time.
    SellItems {
        item: Item,
        price: u32,
        max: u8,
    },
    /// Discard N crew members of the player's choice, never the Leader; the option cannot be
    /// chosen without that many ("Requires discarding 1 crew").
    DiscardCrew {
        count: u8,
    },
    /// Roll a die, not a Test (nothing modifies it): if the roll is lower than the Passengers
    /// and Fugitives aboard, discard as many of them as the roll, the player choosing which.
    PassengersRoll,
    /// A gamble on one die, not a Test: on `win_from` or more take $`prize`, otherwise pay
    /// $`stake` (all you have if you cannot pay in full).
    Gamble {
        stake: u32,
        prize: u32,
        win_from: u8,
    },
    /// Lose N Goods (Cargo, Contraband, Fuel, Parts) of the player's choice, as many as aboard.
    LoseGoods {
        amount: u8,
    },
    /// Put a Warrant token on the ship if it is an Outlaw Ship (FF-FLY-14).
    WarrantIfOutlaw,
    /// Every Good (Cargo, Contraband, Fuel, Parts) that is not in the Stash is lost: seized or
    /// discarded from the Hold. Passengers and Fugitives stay.
    LoseGoodsOutsideStash,
    /// The Full Burn under way may enter `amount` more sectors (its range, FF-FLY-4); with
    /// `per_moral_crew`, `amount` for each Moral crew member aboard; with `if_planetary`, only
    /// when the ship is in a planetary sector (FF-MISC-17). Nothing outside a Full Burn.
    AddRange {
        amount: u8,
        #[serde(default)]
        per_moral_crew: bool,
        #[serde(default)]
        if_planetary: bool,
    },
    /// For the rest of the turn, discard 1 Fuel for each further sector the ship moves into;
    /// a Full Burn cannot go on into a sector without a Fuel to discard.
    FuelLeak,
    /// The player on the drawer's right moves the drawer's ship `sectors` sectors, one at a
    /// time, as a Full Burn moves (FF-FLY-6, never into a Reaver Cutter's sector, FF-FLY-12);
    /// no Nav card is drawn for them and they do not count against the Full Burn's range.
    Drift {
        sectors: u8,
    },
    /// Shuffle a Nav deck: its discard pile goes back in and the whole deck is shuffled
    /// (FF-FLY-25's reshuffle, at any time; Wash's Hawaiian Shirt).
    ReshuffleNav {
        deck: NavDeckName,
    },
    /// Look at the top `cards` cards of a Nav deck and put them back on top in any order, the
    /// player choosing one card at a time (Nav Charts).
    ArrangeNav {
        deck: NavDeckName,
        cards: u8,
    },
    /// Look at the top `cards` cards of the Misbehave deck and put them back on top in any
    /// order, or discard them all (Heist Intel).
    ArrangeMisbehave {
        cards: u8,
    },
    /// Deal with this Contact (FF-DEAL-1) wherever the ship is: the Deal action a card's use
    /// takes (Fess, with Magistrate Higgins). Only in a card's use.
    DealWith {
        contact: ContactName,
    },
    /// Shore Leave (FF-BUY-8) wherever the ship is, at its usual price (Board Game Collection).
    ShoreLeave,
    /// Contraband and Fugitives not in the Stash are seized.
    SeizeContrabandAndFugitives,
    /// Put a Warrant token on the ship (FF-MISB-10).
    Warrant,
    /// Lose reputation with a Contact.
    LoseReputation {
        contact: ContactName,
    },
    /// The player removes `count` of their Wanted crew from play (the Corvette Contact card's
    /// "Operative Shakedown"), choosing which; crew the ship's or their gear's protection from
    /// Wanted crew rolls covers cannot be taken (FF-FLY-17's protections).
    ArrestWantedCrew {
        count: u8,
    },
    /// Fugitives not in the Stash are seized (the Corvette Contact card).
    SeizeFugitives,
    /// Move the Operative's Corvette (Kalidasa, FF-BS-8); nothing without it.
    MoveCorvette {
        how: ShipMove,
    },
    /// Put Alert tokens (FF-BS-9, FF-KAL-10).
    PlaceAlert {
        alert: AlertKind,
        at: AlertPlace,
    },
    /// Resolve the Alert tokens of one kind in the drawer's sector (FF-KAL-12). The engine's own
    /// step when a ship enters a sector with tokens; content cannot write it.
    #[serde(skip_deserializing)]
    ResolveAlerts {
        alert: AlertKind,
    },
    MoveCruiser {
        how: ShipMove,
    },
    MoveCutter {
        how: ShipMove,
    },
    /// A trader's offer: buy Fuel, Parts and up to `contraband_max` Contraband at these prices.
    Trade {
        fuel: u32,
        parts: u32,
        contraband: u32,
        contraband_max: u8,
    },
    /// Resolve the Alliance Contact event (FF-FLY-15..17).
    AllianceContact,
    /// "If you have a <profession>, <then>. Otherwise <otherwise>" (Nav Hazard).
    IfProfession {
        profession: Profession,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// A job's pay changes by ±$N (negotiated pay).
    PayAdjust {
        amount: i32,
    },
    /// The job pays half.
    PayHalf,
    /// Pay $N for each Warrant token on the ship; a player who cannot pay in full pays all they
    /// have (FF-FLY-16). The Alliance Contact event card's fines ($1,000 per Warrant).
    PayPerWarrant {
        amount: u32,
    },
    /// Remove every Warrant token from the ship (Alliance Contact: the Warrants are cleared
    /// whether or not the fines were paid in full, FF-FLY-16). Wanted crew stay Wanted.
    ClearWarrants,
    /// All Contraband and Fugitives aboard are seized, the Stash included (Alliance Contact;
    /// compare `SeizeContrabandAndFugitives`, which spares the Stash).
    SeizeAllContrabandAndFugitives,
    /// FF-FLY-17, Alliance Contact: roll one die for each Wanted crew member aboard; on a roll up
    /// to `removed_up_to` that crew member is removed from play (FF-DEATH-2), otherwise safe.
    /// Crew and gear that ignore or hide from Wanted crew rolls (`IgnoreWantedRoll`,
    /// `HideWantedCrew`) are not rolled for; `ExtraWantedRolls` crew must pass that many rolls.
    WantedCrewRolls {
        removed_up_to: u8,
    },
    /// Move the ship into an adjacent sector with no Nav card and no further move, as an Evade
    /// does (FF-FLY-10, FF-FLY-12), inside an outcome that ends otherwise (Harken's Folly, "Crying
    /// Wolf": the goal is complete and the ship evades).
    Evade,
    /// FF-MISC-6: split the crew on the job into `teams` teams of at least 1 crew member each;
    /// the player puts each crew member in a team. Step `k` of the option's test (its `test`,
    /// then each of `then`) is made by team `k`. With fewer crew on the job than teams (only 1
    /// crew member, for 2 teams), the job fails as FF-MISC-4: the attempt ends, the job stays
    /// Active. Only in an option's own effects, on cards and instructions worked on a job.
    SplitCrew {
        teams: u8,
    },
    /// FF-MISC-9: every Gear card with this keyword carried by the crew on the job is seized:
    /// removed from play (not discarded), so it can never be bought back. Only on cards and
    /// instructions worked on a job (crew aboard the ship are not touched, FF-WORK-8).
    SeizeGear {
        keyword: Keyword,
    },
    /// A job's "Gamble" (`Job::gamble`, Kalidasa): the top Misbehave card is revealed and
    /// discarded; of this suit, take $`prize`, otherwise pay $`stake`. The engine's own option,
    /// built from the job's data; content cannot write it.
    #[serde(skip_deserializing)]
    GambleOnSuit {
        suit: Suit,
        stake: u32,
        prize: u32,
    },
    /// The player delivers as many of `item` as they choose, from none to all aboard: a drop-off
    /// of any mix (`JobStep::any_mix`, "Passengers or Fugitives, either or both"), at least one
    /// in all. The engine's own instruction, built from the step's data; content cannot write it.
    #[serde(skip_deserializing)]
    DeliverUpTo {
        item: Item,
    },
    /// Take $N for each `item` delivered by the Work action just made (Leader Wright's "an
    /// extra $100 per Fugitive").
    TakeMoneyPerDelivered {
        item: Item,
        amount: u32,
    },
    // --- Breakin' Atmo (added at the end) ---
    /// Look at the top `cards` cards of the Misbehave deck and put them back on top in any
    /// order; they may not be discarded (Universal Encyclopedia; compare `ArrangeMisbehave`).
    ReorderMisbehave {
        cards: u8,
    },
    /// Consider the top face-down Job card of this Contact's deck (not its discard pile), then
    /// accept or discard it as in a Deal (FF-DEAL-2..4), with no selling (Cortex Uplink). Only
    /// in a card's use that takes a Deal action.
    ConsiderTopJob {
        contact: ContactName,
    },
    // --- Pirates & Bounty Hunters (added at the end) ---
    /// Reveal the top `cards` cards of the Supply deck of the ship's sector and discard them
    /// (Early's Datascope).
    DiscardTopSupply {
        cards: u8,
    },
    /// Friendly Game of Cards (`Ability::GambleNamedSuit`): this suit is named; the card's
    /// Misbehave cards are revealed and each of the suit pays. The engine's own option, built
    /// for the card's use; content cannot write it.
    #[serde(skip_deserializing)]
    NameSuit {
        suit: Suit,
    },
}
