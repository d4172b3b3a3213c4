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
    MisbehaveDrawn {
        seat: Seat,
        card: MisbehaveCardId,
    },
    AceInTheHole {
        seat: Seat,
    },
    OptionChosen {
        seat: Seat,
        option: u8,
    },
    /// River Tam's Gifted roll before a test (Simon Tam's bonus included).
    Gifted {
        seat: Seat,
        crew: CrewCard,
        roll: u8,
    },
    Rolled {
        seat: Seat,
        skill: Skill,
        faces: Vec<u8>,
        skill_points: u32,
        bribes: u8,
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
    ReaverContact {
        seat: Seat,
    },
    Money {
        seat: Seat,
        delta: i64,
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
    JobStepDone {
        seat: Seat,
        job: JobId,
        step: u8,
    },
    JobCompleted {
        seat: Seat,
        job: JobId,
        pay: u32,
    },
    JobFailed {
        seat: Seat,
    },
    WarrantIssued {
        seat: Seat,
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
        gave: Vec<SupplyCardId>,
        got: Vec<SupplyCardId>,
    },
}
