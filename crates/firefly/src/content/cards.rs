//! The content schema: every card, ship, board sector and story, as the content files spell
//! them. Card abilities and card options are *structured effects* ([`Ability`], [`Effect`],
//! [`Choice`]) that the engine executes; the text a player reads is rendered from them by
//! [`super::render`], so text and behaviour cannot drift apart.
//!
//! References between files are by `id` (kebab-case strings). The loader resolves them into
//! dense indices and fills the `#[serde(skip)]` fields, refusing unknown references with the
//! file, entry and field named.

use serde::{Deserialize, Serialize};

use super::options::{Choice, Effect, Requirement};
use super::vocab::*;

// ---------------------------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------------------------

/// One sector of the board (FF-FLY-6: moves are between listed neighbours only).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sector {
    /// Stable id, e.g. `"persephone"` for a planetary sector, `"b-17"` for open space.
    pub id: String,
    /// Display name (the planet's name for planetary sectors).
    pub name: String,
    pub zone: Zone,
    pub source: Source,
    /// Ids of adjacent sectors. Links are symmetric: sectors of one source list each other; a
    /// sector of another source (an expansion's board section) may list a link alone.
    pub neighbours: Vec<String>,
    /// Planets in this sector (FF-MISC-17: a "planetary sector" has at least one).
    #[serde(default)]
    pub planets: Vec<Planet>,
    /// The Supply deck bought from here (FF-BUY-1), by supply-deck id.
    #[serde(default)]
    pub supply: Option<String>,
    /// The Contact dealt with here (FF-DEAL-1).
    #[serde(default)]
    pub contact: Option<ContactName>,
    /// The "Firefly" logo sector: the Reaver Cutter's start (FF-SETUP-6).
    #[serde(default)]
    pub firefly_logo: bool,
    /// Londinium's sector: the Alliance Cruiser's start (FF-SETUP-5).
    #[serde(default)]
    pub alliance_capital: bool,
    /// Reaver Space (FF-KAL-4, Blue Sun): marked with a permanent Reaver Alert; with Blue Sun a
    /// Reaver Cutter starts in each (FF-KAL-9); the Reaver starting sectors (FF-KAL-16/17).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reaver_space: bool,
    /// Pictures Uroboros asteroids (FF-KAL-7, Blue Sun): a job set in the Uroboros Belt may be
    /// worked here.
    #[serde(default, skip_serializing_if = "is_false")]
    pub uroboros: bool,
    /// Cortex Relay 2: the Operative's Corvette's start (FF-BS-3, Kalidasa).
    #[serde(default, skip_serializing_if = "is_false")]
    pub corvette_start: bool,
    /// Layout for drawing the map: column and row of the sector's centre on a text grid (the
    /// base board spans columns 0..149 and rows 0..44; the Rim sections lie beyond, so a
    /// column may be negative).
    pub at: [i16; 2],
    /// Layout for drawing the map: `[left, top, width, height]` of the sector's box in the
    /// board's coordinate space (y downwards), shared by the base map and every board section.
    #[serde(rename = "box")]
    pub layout: [i32; 4],
}

/// A sector tile an expansion lays on a sector of the board (FF-KAL-3, Higgins' Harvest on
/// Harvest): the sector keeps its place, planets and links, and gains the tile's Contact.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectorTile {
    pub id: String,
    pub name: String,
    pub source: Source,
    /// The sector the tile lies on.
    pub sector: String,
    /// The Contact dealt with there (FF-DEAL-1).
    #[serde(default)]
    pub contact: Option<ContactName>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planet {
    pub name: String,
    pub system: String,
}

// ---------------------------------------------------------------------------------------------
// Supply cards: crew, gear, ship upgrades (drive cores are ship upgrades of the Main Drive slot)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crew {
    pub id: String,
    pub name: String,
    pub source: Source,
    /// FF-COMP-17: hire cost, which is also the Cut. Leaders: 0.
    #[serde(default)]
    pub cost: u32,
    #[serde(default)]
    pub skills: Skills,
    #[serde(default)]
    pub professions: Vec<Profession>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    #[serde(default)]
    pub moral: bool,
    /// FF-CREW-4: the Warrant badge.
    #[serde(default)]
    pub wanted: bool,
    /// A Leader card (Set Up card, FF-COMP-5).
    #[serde(default)]
    pub leader: bool,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    pub id: String,
    pub name: String,
    pub source: Source,
    pub cost: u32,
    #[serde(default)]
    pub skills: Skills,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipUpgrade {
    pub id: String,
    pub name: String,
    pub source: Source,
    /// Price; `None` for starting drive cores, which are never bought.
    #[serde(default)]
    pub cost: Option<u32>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// A drive core: fits the Main Drive slot (FF-BUY-13, FF-BUY-14).
    #[serde(default)]
    pub drive_core: Option<DriveCore>,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DriveCore {
    /// FF-BUY-14: sectors one Full Burn may enter.
    pub range: u8,
    /// FF-FLY-2: Fuel spent to start a Full Burn.
    pub fuel_per_burn: u8,
}

/// A ship card (FF-COMP-13..15).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    pub name: String,
    pub source: Source,
    /// Empty boxes of the Cargo Hold.
    pub hold: u8,
    /// Empty boxes of the Stash.
    pub stash: u8,
    pub max_crew: u8,
    pub upgrade_slots: u8,
    /// The ship-upgrade id of its starting drive core.
    pub drive_core: String,
    /// The ship card's special rules (Pirates & Bounty Hunters' Interceptor and S.S. Walden).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

/// One Supply deck and the cards it holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyDeck {
    pub id: String,
    /// The Supply planet's name (FF-BUY-1).
    pub name: String,
    pub source: Source,
    pub cards: Vec<SupplyEntry>,
}

/// `copies` of one crew, gear or upgrade card in a Supply deck. Exactly one of the three ids.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyEntry {
    #[serde(default)]
    pub crew: Option<String>,
    #[serde(default)]
    pub gear: Option<String>,
    #[serde(default)]
    pub upgrade: Option<String>,
    #[serde(default = "one")]
    pub copies: u8,
    /// Which product these copies come from (defaults to the deck's).
    #[serde(default)]
    pub source: Option<Source>,
}

/// Cards an expansion shuffles into a Supply deck of another product: the Rim boxes' cards for
/// the base Supply planets. In play only with that expansion.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyAddition {
    /// The deck's id (`[[supply]] id`).
    pub deck: String,
    pub source: Source,
    pub cards: Vec<SupplyEntry>,
}

fn one() -> u8 {
    1
}

// ---------------------------------------------------------------------------------------------
// Abilities of crew, leaders, gear and ship upgrades
// ---------------------------------------------------------------------------------------------

/// Which jobs an ability applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobFilter {
    Type(JobType),
    Immoral,
    Any,
}

/// A standing ability printed on a crew, leader, gear or ship-upgrade card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Ability {
    /// "When you complete a <type> job, take $N" (Leaders).
    JobCompletionBonus { jobs: JobFilter, amount: u32 },
    /// Buy these supply cards at half price.
    HalfPrice { what: HalfPriceOn },
    /// Hire crew at no cost.
    HireFree,
    /// +N to a skill while this crew member carries gear with the keyword.
    SkillWhenCarrying {
        skill: Skill,
        amount: u8,
        keyword: Keyword,
    },
    /// +N to a skill while your crew has at least `count` crew of a profession.
    SkillWithProfessionCount {
        skill: Skill,
        amount: u8,
        profession: Profession,
        count: u8,
    },
    /// May not carry gear with this keyword.
    MayNotCarry { keyword: Keyword },
    /// When Killed, discard instead of removing from play.
    DiscardedWhenKilled,
    /// Spend an action on your turn to remove Disgruntled from another crew member.
    ActionRemoveDisgruntled,
    /// After a Salvage Op, gain extra items.
    SalvageBonus { item: Item, amount: u8 },
    /// After a Salvage Op, take money.
    SalvageCash { amount: u32 },
    /// Whenever a crew member is Killed, this one must be Killed first.
    KilledFirst,
    /// +N Full Burn range.
    RangeBonus { amount: u8 },
    /// Mosey up to N sectors.
    MoseyRange { sectors: u8 },
    /// Full Burn costs no Fuel.
    NoFuelToBurn,
    /// Ignore all Breakdowns.
    IgnoreBreakdowns,
    /// If your Leader would become Disgruntled, this crew member becomes Disgruntled instead.
    TakesLeadersDisgruntlement,
    /// May carry N gear cards.
    GearCapacity { cards: u8 },
    /// Does not count toward the gear limit.
    NoGearLimit,
    /// Only one of the imposters may be in play: hiring one removes the others from play.
    Imposter,
    /// Once per job, treat a Negotiate test as a Fight test.
    NegotiateAsFightOncePerJob,
    /// Once per job, treat a Fight test as a Negotiate test (Sheydra).
    FightAsNegotiateOncePerJob,
    /// May re-roll tests of this skill.
    Reroll { skill: Skill },
    /// When Misbehaving, re-roll any 1s.
    RerollOnesWhenMisbehaving,
    /// May sell Parts to any Solid Contact for $N each.
    SellPartsToSolidContacts { price: u32 },
    /// River's "Gifted": before each test roll a die: 1-2 return to ship, 3 +2 Fight, 4 +2 Tech,
    /// 5 +2 Negotiate, 6 +3 to the tested skill.
    Gifted,
    /// +N to Gifted rolls.
    GiftedBonus { amount: u8 },
    /// Stays aboard when an Immoral job is worked; skills don't count.
    StaysAboardForImmoralJobs,
    /// Grants the Medic Check even without the Medic profession (FF-DEATH-9).
    MedicCheck,
    /// +N to Medic Checks.
    MedicCheckBonus { amount: u8 },
    /// May re-roll Medic Checks.
    MedicReroll,
    /// Thrillin' Heroics do not apply on tests of this skill.
    NoHeroics { skill: Skill },
    /// Must pass N Wanted crew rolls to dodge capture.
    ExtraWantedRolls { rolls: u8 },
    /// May use gear in Kosherized Fight tests.
    GearInKosherized,
    /// When carrying this keyword on a job, draw one fewer Misbehave card (minimum 1).
    FewerMisbehave { keyword: Keyword },
    /// Discard this card to count as having the keyword for one requirement.
    DiscardForKeyword { keyword: Keyword },
    /// Discard this card after rolling to add to the total.
    DiscardForBonus { skill: Skill, amount: u8 },
    /// After completing a job of this kind, load items.
    LoadAfterJob {
        jobs: JobFilter,
        item: Item,
        amount: u8,
    },
    /// Needs N of a skill on the carrier to be carried.
    RequiresSkillToCarry { skill: Skill, amount: u8 },
    /// Consider up to N cards when dealing with Contacts.
    ConsiderJobs { cards: u8 },
    /// Buy up to N cards when buying from Supplies.
    BuyCards { cards: u8 },
    /// Counts as Solid with a Contact.
    CountsAsSolid { contact: ContactName },
    /// The carrier ignores Wanted crew rolls.
    IgnoreWantedRoll,
    /// Up to N crew aboard the ship ignore Wanted crew rolls.
    HideWantedCrew { crew: u8 },
    /// +N to the ship's maximum crew.
    ExtraCrew { amount: u8 },
    /// +N boxes of Cargo Hold.
    ExtraHold { amount: u8 },
    /// +N boxes of Stash.
    ExtraStash { amount: u8 },
    /// Discard when in the Cruiser's sector to ignore its effects and move it 1 sector within
    /// Alliance Space.
    EvadeCruiser,
    /// Whenever a gear card of the crew's is discarded, roll a die (not a Test): on a 6 it is
    /// kept (Grimey).
    KeepDiscardedGearOnSix,
    /// After a Make-Work (FF-WORK-27), these options are resolved (Holder: "you may also take
    /// a Fugitive aboard").
    OnMakeWork { options: Vec<Choice> },
    /// Discard when meeting a Reaver Cutter in the ship's sector (Reaver Contact) to ignore its
    /// effects and move it 1 sector within Border or Rim Space (Hull-Mounted Flak Gun).
    EvadeCutter,
    /// Long-Range Scanner Array (Blue Sun, FF-BS-17): during a Fly action, resolve the Alert
    /// tokens of an adjacent sector, as often as wished, without interrupting the Fly action.
    LongRangeScanner,
    /// The card's keywords only count while a crew member with this profession is aboard.
    RequiresProfessionToUse { profession: Profession },
    /// May not hire crew with this profession (Atherton, a Blue Sun Leader).
    MayNotHire { profession: Profession },
    /// Whenever you sell these goods to a Contact, take $N more for each one sold (The
    /// Middleman; Murphy, a Blue Sun Leader).
    SellBonus { items: Vec<Item>, amount: u32 },
    /// When you Make-Work (FF-WORK-27), take $N more (Busker).
    MakeWorkBonus { amount: u32 },
    /// Shore Leave (FF-BUY-8) costs nothing (Barkeep Bob, Barkeep Bex).
    FreeShoreLeave,
    /// Spend an action on your turn to remove Disgruntled from any crew member, the carrier
    /// included (Love Bot; compare `ActionRemoveDisgruntled`, printed on crew, for another).
    ActionRemoveAnyDisgruntled,
    /// Gear: counts in Kosherized Fight tests (FF-SKILL-6) like a crew member's own Fight
    /// (Jayne's Holdout Pistol).
    UsableInKosherized,
    /// Gear: before each Fight test its carrier makes, the carrier is no longer Disgruntled
    /// (Mal's Frontier Model B, Mal's Sniper Rifle).
    CheersCarrierBeforeFight,
    /// Gear: its carrier has this profession too (Inara's Guild Papers).
    GrantsProfession { profession: Profession },
    /// Bribes (FF-SKILL-7) may be paid before any Negotiate test made by the crew, not only
    /// those that allow them (Cortland).
    BribeAnyNegotiation,
    /// Gear: on tests of this skill made by crew that include its carrier, every 1 rolled is
    /// re-rolled (once) while the carrier has `carrier` as a profession (Inara's Bow: Fight,
    /// carried by a Companion).
    RerollOnes { skill: Skill, carrier: Profession },
    /// Gear: on tests of this skill made by crew that include its carrier, roll two dice and
    /// keep the higher (Zoe's Mare's Leg Rifle: Fight).
    BestOfTwoDice { skill: Skill },
    /// Gear: when its carrier would be Killed, this card is discarded instead and the carrier
    /// lives (Zoe's Flak Jacket).
    DiscardedInsteadOfCarrier,
    /// Gear: after rolling a test of this skill, discard this card to re-roll it (Yolonda's
    /// Pistol: Fight).
    DiscardToReroll { skill: Skill },
    /// Crew: in the sector where Magistrate Higgins deals (Higgins' Harvest), this crew member
    /// may be turned over to him, removed from play, for $N; an Immoral act (the Mudders).
    TurnedOverToHiggins { amount: u32 },
    /// GAMBLING gear, discarded on your turn to roll (no action, not a Test): one die, 4–6
    /// takes `prize` (Maque Tiles' "fifty-fifty chance").
    GambleFiftyFifty { prize: u32 },
    /// GAMBLING gear, discarded on your turn to roll `dice` dice and take $`per_pip` times the
    /// total (Billiards Betting).
    GamblePerPip { dice: u8, per_pip: u32 },
    /// Ship: completed jobs of the first type count as jobs of the second too (Hydraulic
    /// Docking Clamps: Crime jobs count as Salvage Ops, FF-MISC-10).
    JobsCountAs { jobs: JobType, also: JobType },
    /// Gear: before rolling a test its carrier is on, discard it to add `amount` to the
    /// result (a Fruity Oaty Bar).
    DiscardBeforeRoll { amount: u8 },
    /// Gear: before rolling a `test` test its carrier is on, the carrier may become Disgruntled
    /// to add their `skill` to the test (Mal's Brown Coat: Fight on a Negotiate test).
    DisgruntleToAddSkill { test: Skill, skill: Skill },
    /// Gear: after rolling a `skill` test its carrier is on, discard it to count the die as a
    /// 6, with Thrillin' Heroics' bonus roll (Simon's Sonic Stun Baton: Fight).
    DiscardForSix { skill: Skill },
    /// Gear: discard it when a crew member is Killed to count as a successful Medic Check
    /// (Med Foam, FF-DEATH-5).
    DiscardForMedicCheck,
    /// Gear: discard it, carried on a job, to count as an Ace in the Hole for any Misbehave
    /// card: Proceed (The Operative's Sword, FF-MISB-6).
    DiscardForAce,
    /// Crew: discard them to ignore a Warrant being issued (Fan Dancer, FF-MISB-10).
    DiscardToIgnoreWarrant,
    /// Crew: discard them instead of losing Solid with a Contact (Roberta, FF-REP-6).
    DiscardToKeepSolid,
    /// After completing a job of this kind, load `goods` Goods of the player's mix, less
    /// `less_per_crew` for each crew member who worked the job (MF-813 Flying Mule).
    LoadGoodsAfterJob {
        jobs: JobFilter,
        goods: u8,
        less_per_crew: u8,
    },
    /// Ship: when starting a Full Burn, spend `fuel` more Fuel for +`range` to the Drive
    /// Core's range this turn (Modded Fuel Catalyzer).
    CatalyzedBurn { fuel: u8, range: u8 },
    /// Ship: after `in_a_row` Nav cards named `card` drawn in a row in one Full Burn, the
    /// player may take 1 Fuel, once a Fly action (Emissions Recycler: two "The Big Black").
    FuelAfterNavCards { card: String, in_a_row: u8 },
    /// Ship: may fly into a sector where a Reaver Cutter is; discarded when Reavers take any
    /// crew (Reaver-Flage).
    EnterCutterSectors,
    /// Drive core: when a Reaver Cutter or an Alliance ship enters the ship's sector, the player
    /// may roll a die: `from` or more, Evade (FF-FLY-10) (Xunsu Whisper X1).
    EvadeArrivingShips { from: u8 },
    /// A card its owner uses on their own turn (FF-TURN-6): a crew member, carried or set-aside
    /// gear, or a ship upgrade. `action`: the turn's action using it takes ("use a Buy action
    /// to …", FF-TURN-4/5), none for a free use; `discard`: the card is discarded once used
    /// ("discard to …"); `options`: what it does, resolved like a card's options (one runs at
    /// once, several are the player's choice). Options have no test.
    Use {
        #[serde(default)]
        action: Option<UseAction>,
        #[serde(default)]
        discard: bool,
        options: Vec<Choice>,
    },
    /// Whenever the player delivers `item` (a job's drop-off, a Bonus Drop-Off), these options
    /// are resolved once the delivery is paid (Leader Wright: "you may take an extra $100 per
    /// Fugitive", with an option to decline). Options have effects only.
    OnDeliver { item: Item, options: Vec<Choice> },
    // ---- Pirates & Bounty Hunters (FF-PBH) ----
    /// FF-PBH-20: a Lawman's Bounty Bonus, paid for each fugitive delivered.
    BountyBonus { amount: u32 },
    /// +`amount` to `skill` in a Showdown (FF-PBH-23); with `attacking_only`, only as the
    /// Attacker (Jubal Early).
    ShowdownSkill {
        skill: Skill,
        amount: u8,
        #[serde(default)]
        attacking_only: bool,
    },
    /// May re-roll their own Showdown roll, once a Showdown (The Guardian).
    RerollShowdown,
    /// May make the rival re-roll their Showdown roll, once a Showdown (Chari).
    ForceRivalReroll,
    /// Whenever this crew's captain loses a Showdown, the winning captain is issued a Warrant
    /// (Agent McGinnis).
    WarrantOnLostShowdown,
    /// +`amount` to `skill` while the ship is in a sector of `zone` (Sheriff Bourne: +2 Fight
    /// in Border Space).
    SkillInZone {
        skill: Skill,
        amount: u8,
        zone: Zone,
    },
    // --- Breakin' Atmo (added at the end) ---
    /// Crew: may not carry any Gear card, not even one that does not count toward the gear
    /// limit (The Specialist, FF-CREW-17).
    MayNotCarryGear,
    /// Whenever the player takes a Goal token (FF-WIN-4), take $`amount` (the Accountant).
    GoalTokenBonus { amount: u32 },
    /// Gear: on tests of this skill made by crew that include its carrier, every 1 rolled is
    /// re-rolled (once), whoever carries it (Two-Fry's Carbine: Fight; Nandi's Gun Collection:
    /// Negotiate). Compare `RerollOnes`, which needs a profession of the carrier.
    RerollOnesOnTests { skill: Skill },
    /// Gear: when its carrier would be Killed, roll a die (not a Test): `from` or more, the
    /// carrier is not Killed (Alliance Body Armor: 4-6).
    SurviveKillOnRoll { from: u8 },
    /// Gear: its skill points and keywords count only while the crew it works with (the crew on
    /// the job or test; off a job, the whole crew) has this keyword from another card (Vehicle
    /// Mounted BFG: TRANSPORT).
    RequiresKeywordToUse { keyword: Keyword },
    /// GAMBLING gear, discarded on your turn (no action, not a Test) by a player with $`stake`:
    /// pay $`stake`, reveal the top `cards` Misbehave cards (then discarded); if at least
    /// `matching` of them share a suit, take $`prize` (Tall Playing Cards).
    GambleOnMatchingSuits {
        stake: u32,
        cards: u8,
        matching: u8,
        prize: u32,
    },
    // --- Pirates & Bounty Hunters' Supply cards, ships and Leader Sash (added at the end) ---
    /// On completing a Piracy job (FF-PBH-24..26), take $`amount` from the targeted rival (as
    /// much as they have): the Bandits' "Bird-Doggin'" ($200), Leader Sash ($500).
    PiracyTakeFromRival { amount: u32 },
    /// Crew: whenever another crew member of this captain would be Killed, Apprehended
    /// (FF-PBH-9(a)) or Seized by the Alliance (FF-FLY-17), this one may be Killed instead
    /// (Meadows).
    KilledInstead,
    /// Crew: once per Work action, pay $`cost` to discard the Misbehave card just drawn, before
    /// it is resolved, and draw another in its place (Dalin).
    RedrawMisbehave { cost: u32 },
    /// Gear: a rival using Fight in a Showdown against the carrier's crew fights Kosherized
    /// (FF-SKILL-6: their gear adds no Fight) (Alliance Sonic Rifle).
    RivalsKosherizedInShowdown,
    /// Gear: before the dice of a Showdown its carrier takes part in are rolled, the rival's
    /// Leader becomes Disgruntled (Sash's Hand Cannon).
    DisgruntleRivalLeaderInShowdown,
    /// Ship: +`amount` (or minus) to Boarding Tests (FF-PBH-21) made with `skill`: by this
    /// captain's crew (EVA Suit +1 Tech, Mag-Grappler Launchers +3 Tech), or with
    /// `against_rivals`, by rivals boarding this ship (Booby Trap: -2 Tech).
    BoardingModifier {
        skill: Skill,
        amount: i8,
        #[serde(default)]
        against_rivals: bool,
    },
    /// Ship: a rival who rolls a 1 on the Boarding Test to board this ship has 1 of the crew on
    /// the attempt Killed (Booby Trap).
    BoardingTrap,
    /// Ship: rivals boarding this ship may not use `skill` for the Boarding Test (Electronic
    /// Defense Suite: Tech).
    BoardingSkillBarred { skill: Skill },
    /// Ship: when the Reaver Cutter Nav card is drawn or Reaver Contact begins, spend 1 Fuel
    /// to Evade instead: the card or event has no effect (Electronic Defense Suite).
    FuelToEvadeReavers,
    /// Ship: rivals may not Jump this captain's Bound Fugitives (FF-PBH-14) (Cryo Stasis
    /// Chamber).
    NoBountyJumps,
    /// Ship card: may re-roll the Boarding Tests it makes with `skill` (the Interceptor:
    /// Tech).
    RerollBoarding { skill: Skill },
    /// Ship card: the Drive Core's range is 1 less for each Ship Upgrade installed (the
    /// Interceptor's "Optimal Spec").
    RangeLossPerUpgrade,
    /// Drive core: "Heavy Load" jobs cost no extra Fuel (the Tri-Capissen 28HD).
    IgnoreHeavyLoad,
    /// Drive core: unique to its ship and never replaced: no other drive core may be bought
    /// for the ship (the Echelon LR-8, the Tri-Capissen 28HD).
    IrreplaceableDriveCore,
    /// GAMBLING gear, discarded on your turn (no action, not a Test) by a player with
    /// $`stake`: pay it, name a suit, reveal the top `cards` Misbehave cards (then discarded);
    /// for each of the named suit take $`per_match` and remove 1 Disgruntled token (Friendly
    /// Game of Cards).
    GambleNamedSuit {
        stake: u32,
        cards: u8,
        per_match: u32,
    },
}

/// The turn's action a card's use takes (FF-TURN-4/5: each at most once a turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UseAction {
    Buy,
    Deal,
    // --- Pirates & Bounty Hunters (added at the end) ---
    /// "As a Fly action" (Dobson).
    Fly,
    /// "As a Work action" (Early's Datascope).
    Work,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "on", content = "keywords")]
pub enum HalfPriceOn {
    /// Drive cores and ship upgrades.
    ShipUpgrades,
    /// Gear with any of these keywords.
    GearWith(KeywordSet),
}

/// A small set of keywords (bit set, so it stays `Copy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Keyword>", into = "Vec<Keyword>")]
pub struct KeywordSet(pub u16);

impl KeywordSet {
    pub fn contains(self, k: Keyword) -> bool {
        self.0 & (1 << k as u16) != 0
    }
    pub fn insert(&mut self, k: Keyword) {
        self.0 |= 1 << k as u16;
    }
    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        ALL_KEYWORDS.into_iter().filter(move |&k| self.contains(k))
    }
}

pub const ALL_KEYWORDS: [Keyword; 8] = [
    Keyword::Firearm,
    Keyword::SniperRifle,
    Keyword::Explosives,
    Keyword::HackingRig,
    Keyword::FakeId,
    Keyword::Transport,
    Keyword::FancyDuds,
    Keyword::Knife,
];

impl From<Vec<Keyword>> for KeywordSet {
    fn from(v: Vec<Keyword>) -> Self {
        let mut s = KeywordSet::default();
        for k in v {
            s.insert(k);
        }
        s
    }
}

impl From<KeywordSet> for Vec<Keyword> {
    fn from(s: KeywordSet) -> Self {
        s.iter().collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Contacts and jobs
// ---------------------------------------------------------------------------------------------

/// A Contact (FF-COMP-2, FF-DEAL-9, FF-REP-5).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    pub contact: ContactName,
    pub source: Source,
    /// What a Solid player is paid per Cargo / Contraband sold (FF-DEAL-8); `None`: won't buy.
    #[serde(default)]
    pub buys_cargo: Option<u32>,
    #[serde(default)]
    pub buys_contraband: Option<u32>,
    /// Fuel sold to Solid players at this price during a Deal (Harken).
    #[serde(default)]
    pub sells_fuel: Option<u32>,
    /// Cargo sold to Solid players at this price during a Deal, as much as they like (Lord
    /// Harrow, FF-BS-20/21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sells_cargo: Option<u32>,
    /// Contraband sold to Solid players at this price during a Deal (Fanty & Mingo, FF-KAL-23
    /// corrected: buying from them, not selling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sells_contraband: Option<u32>,
    /// While Solid with this Contact, completing a job of these types pays this much more (Lord
    /// Harrow's Shipping and Smuggling, FF-BS-22; Fanty & Mingo's Transport, FF-KAL-22). Any
    /// such job, whoever gave it, as part of the job's pay (the spec's judged reading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solid_job_bonus: Option<SolidJobBonus>,
    /// While Solid with this Contact the Active-job limit is higher by this much (Magistrate
    /// Higgins, FF-KAL-20).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_active_jobs: u8,
    /// While Solid with this Contact a player may hold this many more cards in hand (Mr.
    /// Universe, FF-BS-29: 3 + 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_hand_cards: u8,
    pub special_rule: ContactRule,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A Contact's Solid bonus on completed jobs of some types.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolidJobBonus {
    pub types: Vec<JobType>,
    pub amount: u32,
}

/// The Contacts' Special Rules (FF-REP-5, FF-REP-8..10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactRule {
    /// Amnon Duul, "Travel Hub": when Solid, load Passengers and Fugitives at his sector with no
    /// limit.
    TravelHub,
    /// Badger, "Favor for a Favor": when Solid and dealing with him, pay $1000 to clear all
    /// Warrants.
    FavorForAFavor,
    /// Niska, "Pound of Flesh": a Warrant while working a Niska job kills a crew member.
    PoundOfFlesh,
    /// Patience, "We can Deal": when Solid, consider 4 jobs when dealing with her.
    WeCanDeal,
    /// Harken, "Your Papers are in Order": when Solid, ignore Customs Inspection Nav cards.
    /// Plus "Zero Tolerance" (FF-REP-8, FF-REP-9), which is a base rule.
    PapersInOrder,
    /// Lord Harrow (Blue Sun): sells Cargo to Solid players, and pays them more for Shipping
    /// and Smuggling jobs (`sells_cargo`, `solid_job_bonus`; FF-BS-20..22).
    ProtectMyProperty,
    /// Magistrate Higgins (Kalidasa): one more Active job while Solid (`extra_active_jobs`,
    /// FF-KAL-20/21).
    StubbornGrudge,
    /// Fanty & Mingo (Kalidasa): sell Contraband to Solid players and pay them more for
    /// Transport jobs (`sells_contraband`, `solid_job_bonus`; FF-KAL-22/23).
    Coyotes,
    /// Mr. Universe (Blue Sun): his deck holds Big Damn Challenge cards, not jobs; Solid with
    /// him, the hand limit is higher (`extra_hand_cards`, FF-BS-23..30).
    CantStopTheSignal,
}

/// A Job card (FF-DEAL-11).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    pub id: String,
    pub name: String,
    /// The giving Contact; `None` for story jobs dealt by a Story Card.
    #[serde(default)]
    pub contact: Option<ContactName>,
    pub source: Source,
    /// One or two types (FF-MISC-10); none on a Big Damn Challenge.
    #[serde(default)]
    pub types: Vec<JobType>,
    #[serde(default)]
    pub illegal: bool,
    #[serde(default)]
    pub immoral: bool,
    /// The purple Pay tab. `None` reads "Special" (FF-DEAL-18): see `pay_per`.
    #[serde(default)]
    pub pay: Option<u32>,
    /// Special pay: $N per item delivered.
    #[serde(default)]
    pub pay_per: Option<PayPer>,
    /// Skill Needs box (FF-WORK-9).
    #[serde(default)]
    pub needs: Skills,
    #[serde(default)]
    pub needs_keywords: Vec<Keyword>,
    /// More Needs, each to be met by the crew on the job ("Needs: Companion", "Needs: Mechanic,
    /// Pilot"): FF-WORK-9 for what the Skill Needs box cannot say.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs_all: Vec<Requirement>,
    /// Needs of which one is enough ("Needs: Solid with Patience OR FIREARM", Kalidasa).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs_one_of: Vec<Requirement>,
    /// "Good Deeds" (Blue Sun, Kalidasa): the Moral crew ask no Cut for this job, and are not
    /// Disgruntled for going unpaid (FF-WORK-18/19 do not apply to them).
    #[serde(default, skip_serializing_if = "is_false")]
    pub good_deeds: bool,
    /// Green Bonus tab (FF-WORK-17).
    #[serde(default)]
    pub bonus: Option<JobBonus>,
    /// "Heavy Load" (Amnon Duul's "Heavy Load: Motherlode Ore"): while this job is Active
    /// (FF-WORK-3), every Full Burn costs this many Fuel more than FF-FLY-2's one. 0: no Heavy Load.
    #[serde(default)]
    pub heavy_load: u8,
    /// Pick-up then drop-off (delivery jobs), or the single target (crime jobs) (FF-DEAL-16);
    /// none on a Big Damn Challenge.
    #[serde(default)]
    pub steps: Vec<JobStep>,
    /// FF-MISC-11: Opportunity Bonuses (none on the base game's jobs). At most 8.
    #[serde(default)]
    pub opportunities: Vec<Opportunity>,
    /// A Big Damn Challenge card (Blue Sun, FF-BS-23..30) rather than a job: dealt by Mr.
    /// Universe into the hand like a job, never worked on its own, attached to a Legal job if
    /// it is Legal and to an Illegal one if `illegal` (FF-BS-24). Such a card has no types,
    /// steps or pay of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge: Option<Challenge>,
    /// "Gamble" (Kalidasa): once the job is completed and paid, a player with at least the stake
    /// may name a suit; the top Misbehave card is revealed and discarded: the named suit takes
    /// the prize, any other loses the stake.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gamble: Option<SuitGamble>,
    /// "Double Down" (Kalidasa): when the job is completed and two of the Misbehave cards passed
    /// on the Work action that completes it share a suit, its Pay is doubled.
    #[serde(default, skip_serializing_if = "is_false")]
    pub double_down: bool,
    /// "Extra Pay" (Breakin' Atmo): completing the job pays $`amount` more for each point of
    /// `skill` the crew on the completing Work action have (their own and their carried gear's,
    /// FF-SKILL-2/4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_pay: Option<ExtraPay>,
    /// A Piracy job (Pirates & Bounty Hunters, FF-PBH-24..33): worked against a rival's ship in
    /// one's own sector, with a Boarding Test and a Showdown; such a job has no steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piracy: Option<super::piracy::Piracy>,
    /// Identical cards in the deck: the loader makes `copies` jobs of this entry, with ids
    /// `<id>-1` … `<id>-<copies>` (Pirates & Bounty Hunters' Piracy jobs: five of each).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub copies: u8,
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

/// A job's "Extra Pay $X per point of skill Y" (Breakin' Atmo, `Job::extra_pay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraPay {
    pub skill: Skill,
    pub amount: u32,
}

/// A job's "Gamble" (`Job::gamble`): stake and prize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuitGamble {
    pub stake: u32,
    pub prize: u32,
}

/// What a Big Damn Challenge adds to the job it is attached to (FF-BS-27): hurdles to meet while
/// working it, and a reward added to the job's pay when both are done.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    /// More Skill Needs for the crew on each Work action of the job (as FF-WORK-9).
    #[serde(default)]
    pub needs: Skills,
    /// Keywords the crew on each Work action of the job must have (as FF-WORK-9).
    #[serde(default)]
    pub needs_keywords: Vec<Keyword>,
    /// A skill the crew does not have while working the job: every test of it, on the job or on
    /// its Misbehave cards, counts no crew points ("With Your Hands Tied": Fight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_skill: Option<Skill>,
    /// More Misbehave cards to get through on the step that finishes the job.
    #[serde(default)]
    pub misbehave: u8,
    /// Added to the job's pay when it is completed with the Challenge attached (FF-BS-27).
    pub reward: u32,
}

/// FF-MISC-11: an Opportunity Bonus printed on a Job card. It can be earned once, when a Work
/// action advances the job (a step succeeds) while the job is started and not yet finished, if
/// the crew on the job meet `requires`; the player may take it or pass it up. Its reward is
/// paid on its own: it is not part of the job's pay, and no Cut is owed for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opportunity {
    pub name: String,
    /// What the crew on the job must have for the bonus to be earned.
    #[serde(default)]
    pub requires: Vec<Requirement>,
    /// The green bonus area.
    pub reward: Vec<Effect>,
    /// A Bonus Drop-Off (Kalidasa): the bonus is earned at this planet, "another planet" than
    /// the job's, with a Work action of its own once the job is started and before it is
    /// complete, delivering `items` after `misbehave` Misbehave cards. `None`: the bonus is
    /// offered when a Work action advances the job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// Goods delivered for a Bonus Drop-Off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<StepItem>,
    /// Misbehave cards to get through first at a Bonus Drop-Off.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub misbehave: u8,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayPer {
    pub item: Item,
    pub amount: u32,
    /// A second item paid the same ("$300 per Passenger or Fugitive delivered").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also: Option<Item>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobBonus {
    /// A crew member with this Profession earns the bonus (FF-WORK-17) …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profession: Option<Profession>,
    /// … or a keyword among the crew and their gear ("Bonus with TRANSPORT", Kalidasa).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyword: Option<Keyword>,
    /// Money added to the pay.
    #[serde(default)]
    pub amount: u32,
    /// Parts taken.
    #[serde(default)]
    pub parts: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    PickUp,
    DropOff,
    Target,
}

/// One step of a job: where it is worked, how many Misbehave cards it needs, and what it does.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobStep {
    pub kind: StepKind,
    /// Sector id where the step is worked.
    pub at: String,
    /// FF-KAL-7 (Blue Sun): the step is set in the Uroboros Belt: it may be worked in any sector
    /// picturing Uroboros asteroids (`at` names one of them, the one the card pictures).
    #[serde(default, skip_serializing_if = "is_false")]
    pub uroboros_belt: bool,
    /// FF-MISB-1: Misbehave cards to get through first.
    #[serde(default)]
    pub misbehave: u8,
    /// Items loaded (pick-up) or delivered (drop-off). `amount = 0` means "no limit" (load as
    /// many as the player wants and has room for; deliver all).
    #[serde(default)]
    pub items: Vec<StepItem>,
    /// Options after the Misbehave cards (a vault test, negotiated pay …); one is chosen.
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// A drop-off of any mix of `items` (each `amount = 0`): "Passengers or Fugitives, either or
    /// both". The player chooses how many of each to deliver, at least one in all; it can be
    /// worked with any of them aboard.
    #[serde(default, skip_serializing_if = "is_false")]
    pub any_mix: bool,
    /// The step is worked wherever the Alliance Cruiser is (Breakin' Atmo's "Moon the
    /// Alliance"); `at` names the Cruiser's starting sector (FF-SETUP-5), which the card does
    /// not picture.
    #[serde(default, skip_serializing_if = "is_false")]
    pub at_cruiser: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepItem {
    pub item: Item,
    pub amount: u8,
}

// ---------------------------------------------------------------------------------------------
// Nav and Misbehave cards
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NavDeckName {
    Alliance,
    Border,
    Rim,
}

/// A Nav card (FF-FLY-7). `copies` identical cards are in the deck.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavCard {
    pub id: String,
    pub name: String,
    pub deck: NavDeckName,
    pub source: Source,
    #[serde(default = "one")]
    pub copies: u8,
    /// The "RESHUFFLE DECK" mark (FF-SETUP-2, FF-FLY-25..27).
    #[serde(default)]
    pub reshuffle: bool,
    pub options: Vec<Choice>,
}

/// FF-KAL-2 (Blue Sun): when `source` is in play, `copies` copies of the Nav card `nav` leave
/// their deck (the expansion's own cards replace them).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavRemoval {
    pub nav: String,
    pub copies: u8,
    pub source: Source,
}

/// The event cards resolved on contact: "Alliance Contact" and "Reaver Contact" (FF-CARD-2).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    pub id: String,
    pub name: String,
    pub source: Source,
    pub options: Vec<Choice>,
}

/// A Misbehave card (FF-MISB-4..7).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MisbehaveCard {
    pub id: String,
    pub name: String,
    pub source: Source,
    #[serde(default = "one")]
    pub copies: u8,
    /// The "RESHUFFLE DECK" mark ("Alliance Operatives"). Unlike the Nav RESHUFFLE cards it starts
    /// shuffled into the deck in every game (publisher FAQ); once it has been resolved, the
    /// Misbehave deck and its discard pile are shuffled together (by analogy with FF-FLY-26).
    #[serde(default)]
    pub reshuffle: bool,
    /// The card's suit mark (Kalidasa's "Gamble" and "Double Down" jobs read it).
    pub suit: Suit,
    /// FF-MISB-6: having this Ace on the job means you Proceed at once.
    #[serde(default)]
    pub ace: Option<Ace>,
    pub options: Vec<Choice>,
}

/// An Ace in the Hole (FF-MISB-6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Ace {
    Keyword {
        keyword: Keyword,
    },
    Profession {
        profession: Profession,
    },
    /// A named crew card, by id.
    Crew {
        crew: String,
    },
    /// A named gear card, by id.
    Gear {
        gear: String,
    },
}

// ---------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------

/// A Set Up card (FF-BS-5, FF-SETUP-22): another way to set the game up, chosen beside the
/// Story Card. Each field is a difference from the standard set-up; where the Story Card sets
/// the same thing (its starting jobs), the Story Card wins.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupCard {
    pub id: String,
    pub name: String,
    pub source: Source,
    /// The RESHUFFLE Nav cards are shuffled into their decks whatever the number of players
    /// (instead of starting face up in the discard piles with 3+ players, FF-SETUP-2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reshuffle_cards_in_decks: bool,
    /// An Alert token on every planetary sector once the ships are placed: an Alliance Alert in
    /// Alliance Space, a Reaver Alert in Border and Rim Space; none where a Firefly starts.
    #[serde(default, skip_serializing_if = "is_false")]
    pub alerts_on_planetary_sectors: bool,
    /// No Alert tokens are used all game (none placed by cards or by Reaver Cutters).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_alert_tokens: bool,
    /// Starting a Full Burn, roll a die: that many sectors may be entered before Nav cards are
    /// drawn (never beyond the Drive Core's range).
    #[serde(default, skip_serializing_if = "is_false")]
    pub clear_skies_roll: bool,
    /// Contact decks the starting jobs are dealt from (one each), instead of all five.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_jobs_from: Option<Vec<ContactName>>,
    /// Rim Space Jobs: the Contact decks hold only the Job cards of the expansions in play; the
    /// base game's stay in the box.
    #[serde(default, skip_serializing_if = "is_false")]
    pub expansion_jobs_only: bool,
    /// Starting jobs: one from each Contact of the expansions in play (instead of the five).
    #[serde(default, skip_serializing_if = "is_false")]
    pub starting_jobs_from_expansion_contacts: bool,
    /// Starting jobs: each captain, in picking order, chooses one Contact deck and draws this
    /// many jobs from it (several may choose the same deck). 0: not so.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub starting_jobs_from_chosen_deck: u8,
    /// Only So Much Time: this many game length tokens, held by the captain who takes the first
    /// turn and discarded one at the start of each of their turns; the round in which the last
    /// goes is the last, and if the story is not complete then, the most credits win. 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub game_length_tokens: u8,
}

impl SetupCard {
    /// Whether the card deals the starting jobs its own way (one of its starting-jobs fields).
    pub fn changes_starting_jobs(&self) -> bool {
        self.starting_jobs_from.is_some()
            || self.starting_jobs_from_expansion_contacts
            || self.starting_jobs_from_chosen_deck > 0
    }
}

/// A Story Card (FF-WIN-1..11).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Story {
    pub id: String,
    pub title: String,
    pub source: Source,
    /// Premise shown to players.
    pub premise: String,
    /// Players this story can be played with.
    pub players: [u8; 2],
    /// A story made by the game's players, not printed by the publisher (shown as such).
    #[serde(default, skip_serializing_if = "is_false")]
    pub community: bool,
    /// FF-SETUP-22: set-up changes.
    #[serde(default)]
    pub setup: StorySetup,
    /// FF-WIN-6: numbered goals are done in order.
    pub goals: Vec<Goal>,
    /// How the game ends when completing the goals does not win at once (FF-WIN-2): a captain
    /// who has completed them may declare Last Call, and after the last turns the most credits
    /// win. `None`: the first captain to complete the goals wins (FF-WIN-1).
    #[serde(default)]
    pub last_call: Option<LastCall>,
    /// At the end of the game, before the credits are counted, every captain pays the bank the
    /// Pay value of each job still Active or in hand (FF-WORK-3, FF-DEAL-5): unfinished work
    /// costs what it would have paid. Only with `last_call`, where credits decide the winner.
    #[serde(default)]
    pub settle_jobs: bool,
    /// Expansions the story needs besides its own product's (`source`): a story whose goals
    /// name Contacts of both Rim boxes needs both.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<Expansion>,
}

impl Story {
    /// Every expansion the story needs: its own product's and those of `needs`.
    pub fn expansions_needed(&self) -> Vec<Expansion> {
        Expansion::ALL
            .into_iter()
            .filter(|e| e.source() == self.source || self.needs.contains(e))
            .collect()
    }

    /// Whether the story can be played with these expansions.
    pub fn playable_with(&self, set: ExpansionSet) -> bool {
        self.expansions_needed().into_iter().all(|e| set.has(e))
    }
}

/// Last Call, a story's ending (FF-WIN-2): a captain holding the story's Goal tokens (every goal
/// completed) may declare it on their turn; every other captain then takes one more turn, in turn
/// order, and the game ends; the captain with the most credits wins (tied captains share the win).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastCall {
    /// Declaring it uses one of the turn's two actions (FF-TURN-4), as a crew ability that "uses
    /// an action" does: it is none of the four action types. Otherwise it is a free declaration.
    pub uses_action: bool,
    /// The declarer also takes one more turn, after the others. Otherwise the turn in which
    /// Last Call is declared is the declarer's last.
    pub declarer_plays_again: bool,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StorySetup {
    /// Starting money instead of $3,000.
    pub money: Option<u32>,
    /// Contact decks starting jobs are drawn from, instead of all.
    pub starting_jobs_from: Option<Vec<ContactName>>,
    /// Choosing Havens (FF-PBH-39..41, the Blue Sun rulebook's "Choosing Havens"): after the
    /// Leaders are chosen, each captain places a Haven token instead of the ship, in a sector
    /// with a planet but no Supply planet and no Contact, never another captain's Haven; the
    /// ship starts there.
    #[serde(skip_serializing_if = "is_false")]
    pub havens: bool,
    /// Havens go only in sectors of this zone ("in Border Space").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub haven_zone: Option<Zone>,
    /// "Haven Sanctuary": a ship at its own Haven cannot be boarded (no Piracy, no bounty taken
    /// from aboard it).
    #[serde(skip_serializing_if = "is_false")]
    pub haven_sanctuary: bool,
    /// Once the starting jobs are dealt, the Piracy jobs left in the Contact decks go face up
    /// on their discard piles (FF-DEAL: dealt from there like any face-up job).
    #[serde(skip_serializing_if = "is_false")]
    pub piracy_to_discard: bool,
    /// A turn limit (solo stories).
    pub turn_limit: Option<u16>,
    /// Every player starts with a Warrant.
    pub start_with_warrant: bool,
    /// Contacts whose jobs are unavailable all game: no starting jobs from them and no Deal
    /// with them (Desperadoes: "Harken jobs unavailable").
    pub closed_contacts: Vec<ContactName>,
    /// A standing rule for the whole game: a completed Illegal job (FF-WORK-16) pays this much
    /// more (Desperadoes: $1,000). 0: no change.
    pub illegal_job_bonus: u32,
}

/// One goal of a story. A goal is attempted with a Work action at `at` (FF-WIN-4), unless it
/// is a standing condition checked at the end of each action (`at` = `None`, no choices).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    pub name: String,
    #[serde(default)]
    pub at: Option<String>,
    /// Attempted with a Work action at one's own Haven (a story with Havens, FF-PBH-38..41),
    /// instead of at a planet named by `at`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub at_haven: bool,
    /// Conditions that must hold to attempt (or, with no `at`, to complete) the goal.
    #[serde(default)]
    pub requires: Vec<GoalCondition>,
    /// FF-WIN-5: Misbehave cards to get through first.
    #[serde(default)]
    pub misbehave: u8,
    /// The goal's test or instructions; one is chosen.
    #[serde(default)]
    pub choices: Vec<Choice>,
}

/// Standing conditions of story goals (FF-WIN-3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum GoalCondition {
    /// Solid with each of these Contacts.
    SolidWith { contacts: Vec<ContactName> },
    /// Solid with at least N Contacts.
    SolidCount { count: u8 },
    /// At least $N in hand.
    Money { amount: u32 },
    /// No Warrants.
    NoWarrants,
    /// At least N Warrants.
    Warrants { count: u8 },
    /// Completed at least N jobs of a type.
    CompletedJobs { jobs: JobFilter, count: u8 },
}
