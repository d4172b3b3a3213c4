//! Every decision a player can make is one [`Action`] (no hidden defaults).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::state::{CrewCard, WorkTarget};

#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "a", content = "v", rename_all = "kebab-case")]
pub enum Action {
    // ---- set-up (FF-SETUP) ----
    ChooseLeader(CrewDefId),
    ChooseShip(ShipId),
    PlaceShip(SectorId),
    /// Discard a starting job (FF-SETUP-16), or a job over the hand limit (FF-DEAL-5).
    DiscardJob(JobId),

    // ---- choosing an action (FF-TURN) ----
    /// FF-FLY-2..4.
    FullBurn,
    /// FF-FLY-5.
    Mosey,
    /// FF-BUY-1..5: buy Supply cards (and Fuel and Parts).
    Buy,
    /// FF-BUY-8: Shore Leave instead of buying cards.
    ShoreLeave,
    /// FF-DEAL-1: deal with the Contact in this sector.
    Deal,
    /// FF-WORK-1: attempt a job or the story's next goal.
    Work(WorkTarget),
    /// FF-WORK-27.
    MakeWork,
    /// A crew ability that uses an action: remove Disgruntled from another crew member.
    CrewRemoveDisgruntled(CrewCard),
    /// Declare Last Call (stories with a Last Call ending, `Story::last_call`): every other
    /// captain takes one more turn, then the most credits win.
    DeclareLastCall,
    /// FF-TURN-10: end the turn and pass the Dinosaur.
    EndTurn,

    // ---- free actions on your turn ----
    /// FF-CREW-5: dismiss a crew member in a planetary sector.
    Dismiss(CrewCard),
    /// FF-TURN-7: jettison one Fuel, Parts, Cargo or Contraband.
    Jettison(Item),
    /// FF-TURN-8: unload one Passenger or Fugitive in a planetary sector.
    Unload(Item),
    /// FF-CREW-21: give a set-aside gear card to a crew member.
    Equip {
        gear: SupplyCardId,
        crew: CrewCard,
    },
    /// FF-CREW-21: set a carried gear card aside.
    Unequip(SupplyCardId),
    /// FF-BUY-12: discard a Ship Upgrade.
    DiscardUpgrade(SupplyCardId),
    /// FF-CREW-14: hire a rival's Disgruntled crew member in the same sector.
    HireAway(CrewCard),
    /// Discard a gear card of one's ship to use it (GAMBLING gear), no action used.
    Gamble(SupplyCardId),
    /// Use this card (`Ability::Use`): free, or as the Buy or Deal action it names.
    UseCard(SupplyCardId),
    /// A Mudder turned over to Magistrate Higgins at his sector, for money (Kalidasa).
    TurnOver(CrewCard),

    // ---- flying ----
    /// Move into a sector (Full Burn, Mosey, Evade), or move the Cruiser/Cutter there.
    MoveTo(SectorId),
    /// FF-BS-17: resolve the Alert tokens of this adjacent sector with a Long-Range Scanner
    /// Array, during a Fly action.
    Scan(SectorId),
    /// FF-MISC-12 (Blue Sun, the Meridian credit exchange): give `amount` credits to another
    /// captain, wherever their ship is; no action is used.
    GiveCredits {
        to: tabletop_core::Seat,
        amount: u32,
    },
    /// Pick a non-player ship: the one that answers Alert tokens (FF-BS-11), or the Reaver
    /// Cutter a card moves (FF-KAL-15).
    PickShip(crate::rim::NpcShip),
    /// Stop flying (FF-FLY-8) / stop buying goods / stop selling / finished choosing.
    Done,

    // ---- card options and tests ----
    /// Pick option N of the card being resolved (FF-FLY-7, FF-MISB-4).
    ChooseOption(u8),
    /// Pay $100 × N in bribes before rolling (FF-SKILL-7).
    Bribe(u8),
    /// Choose the one crew member who makes a single-crew test.
    ChooseTester(CrewCard),
    /// Re-roll the test (crew abilities).
    Reroll,
    /// Stitch: treat this Negotiate test as a Fight test (once per job).
    NegotiateAsFight,
    /// Sheydra: treat this Fight test as a Negotiate test (once per job).
    FightAsNegotiate,
    /// Discard a carried gear card before rolling for its bonus (a Fruity Oaty Bar).
    DiscardBeforeRoll(SupplyCardId),
    /// Discard a carried gear card after rolling for its bonus.
    DiscardForBonus(SupplyCardId),
    /// Discard a carried gear card after rolling to re-roll the test (Yolonda's Pistol).
    DiscardToReroll(SupplyCardId),
    /// Keep the roll.
    KeepRoll,
    /// Pick branch N of the outcome rolled.
    ChooseBranch(u8),
    /// Kill this crew member (FF-DEATH-1: the player chooses).
    Kill(CrewCard),
    /// FF-MISC-6: put this crew member on the job in team `team` (from 0) of a crew split.
    JoinTeam {
        crew: CrewCard,
        team: u8,
    },
    /// Discard this Ship Upgrade (a card result).
    LoseUpgrade(SupplyCardId),
    /// Load N of an item ("load up to N").
    LoadCount(u8),
    /// Load one of this kind of Goods ("load N Goods").
    LoadGood(Item),
    /// Take this Ship Upgrade card from a discard pile.
    TakeUpgrade(SupplyCardId),
    /// Take this crew card from a Supply discard pile (a card's effect).
    TakeCrew(SupplyCardId),
    /// Buy one item from a trader (Nav card), or Fuel/Parts at a Supply planet.
    Purchase(Item),
    /// Arranging the top cards of a deck (`Pending::Arrange`): the `i`-th card still to place,
    /// counted from the top, goes next on top.
    PutOnTop(u8),
    /// Heist Intel: discard the Misbehave cards looked at, instead of putting them back.
    DiscardLooked,
    /// Ignore the card (`true`: Harken's "Your Papers are in Order", a Cry Baby) or resolve it.
    UseExemption(bool),

    // ---- Showdowns (FF-PBH-23) ----
    /// Choose the skill this side uses in the Showdown.
    ShowdownSkill(Skill),
    /// Make the rival re-roll their Showdown die (Chari).
    ForceReroll,
    /// After a Bounty Jump is won: free the fugitives (`true`, a Rescue) or take them.
    Rescue(bool),
    /// FF-PBH-29: take one of these Goods from the rival's Hold.
    Steal(Item),
    /// FF-PBH-32 (Contract jumper): take one Inactive job, unseen, from the rival's hand.
    StealJob,

    // ---- trading (FF-TRADE, no action) ----
    /// Open, build, propose or answer an offer between players in the same sector.
    Trade(crate::trade::TradeAction),

    // ---- buy and deal ----
    /// Consider this card from the discard pile (FF-BUY-3, FF-DEAL-2).
    ConsiderDiscard(u16),
    /// Draw one card face down to consider.
    ConsiderDraw,
    /// Buy this considered Supply card (FF-BUY-4).
    BuyCard(SupplyCardId),
    /// Accept this considered job (FF-DEAL-3).
    AcceptJob(JobId),
    /// Sell one Cargo or Contraband to the Solid Contact (FF-DEAL-8).
    Sell(Item),
    /// Badger's Favor for a Favor: pay $1000 to clear all Warrants.
    ClearWarrants,

    // ---- work ----
    /// Put this crew member on (or off) the job (FF-WORK-6).
    ToggleCrew(CrewCard),
    /// Pay this crew member's Cut (FF-WORK-18) or not (FF-WORK-19).
    PayCut(bool),
    /// FF-BS-24: put this Big Damn Challenge from the hand under the job being started.
    AttachChallenge(JobId),
    /// A Set Up card's starting jobs (FF-BS-5): draw them from this Contact's deck.
    DrawStartingJobs(ContactName),
}
