//! Resolving a card option or skill test: Nav cards, the Alliance and Reaver Contact events,
//! Misbehave cards, job instructions and story goals all go through here (FF-SKILL, FF-FLY-7,
//! FF-MISB-4..8, FF-DEATH-1).
//!
//! A [`Resolution`] walks through: choose an option → its effects → (choose the tester) →
//! bribes → roll → re-rolls / after-roll gear → the outcome band's effects → (choose a branch)
//! → an [`Ending`]. Effects that need a decision park a [`Pending`] and resume after it.

use serde::Serialize;
use smallvec::SmallVec;
use tabletop_core::{ExplodingRoll, Seat};

use crate::action::Action;
use crate::content::*;
use crate::crew::{all_crew, CrewMask};
use crate::event::{Event, Term, TermSource, Terms};
use crate::state::*;

/// `Activity::Working::used` bit: Stitch treated a Negotiate test as a Fight test.
pub const USED_NEGOTIATE_AS_FIGHT: u8 = 1;
/// Sheydra's "treat a Fight test as a Negotiate test" was used on this job.
pub const USED_FIGHT_AS_NEGOTIATE: u8 = 2;

/// What is being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Origin {
    Nav(NavCardId),
    /// An event card, by index into `Content::events`.
    Event(u8),
    Misbehave(MisbehaveCardId),
    JobStep {
        job: JobId,
        step: u8,
    },
    Goal(u8),
    /// FF-BS-10, FF-KAL-12: the Alert tokens of a sector a ship has just entered.
    Alerts {
        sector: SectorId,
        then: crate::rim::AfterAlerts,
    },
    /// FF-MISC-11: Opportunity Bonus `index` of a job being worked, offered as it advances:
    /// earn it or pass it up (`Content::opportunity_options`).
    Opportunity {
        job: JobId,
        index: u8,
    },
    /// A rule's own effect on the job being worked: Niska's Pound of Flesh (FF-REP-10), or
    /// how many of a "no limit" pick-up to load (FF-MISC-3).
    Rule {
        job: JobId,
    },
    /// A card its owner uses on their turn (`Ability::Use`): its options are the ability's.
    Card(SupplyCardId),
    /// A card its owner may use now, in the middle of what the rules are doing: the decision
    /// is the resolution's `pending` (`crate::interrupts`: Fan Dancer, Roberta …).
    Offer(SupplyCardId),
    /// FF-PBH-21: the Boarding Test of a bounty's Work action.
    Boarding,
    /// The Showdown of bounty `bounty` was lost: its Bounty card's results (FF-PBH-9).
    ShowdownLost {
        bounty: BountyId,
    },
    /// The Showdown of Piracy job `job` was lost: the card's results (FF-PBH-25).
    PiracyLost {
        job: JobId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Stage {
    ChooseOption,
    /// Running the chosen option's effects.
    Effects,
    ChooseTester,
    Bribe,
    /// Rolled: re-roll or use after-roll gear, or keep.
    Rolled,
    /// Running the rolled band's effects.
    OutcomeEffects,
    ChooseBranch,
    BranchEffects,
    Finished,
}

/// A decision an effect is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Pending {
    /// Choose N crew to Kill (FF-DEATH-1); with `profession`, among crew with it ("Kill a
    /// Merc").
    Kill {
        left: u8,
        profession: Option<Profession>,
    },
    LoadUpTo {
        item: Item,
        max: u8,
    },
    LoadGoods {
        left: u8,
    },
    DiscardUpgrade {
        left: u8,
    },
    /// Take a Ship Upgrade from a Supply discard pile (only one of this name, with `only`);
    /// bought at half price with `half_price`.
    TakeUpgrade {
        only: Option<&'static str>,
        half_price: bool,
    },
    /// The player looks at the top `cards` cards of a Nav deck (`nav`) or of the Misbehave
    /// deck (`nav` = `None`) and puts them back on top one at a time (`Action::PutOnTop`):
    /// `placed` are in place already, from the top; the last one goes where it is left.
    Arrange {
        nav: Option<NavDeckName>,
        cards: u8,
        placed: u8,
        /// The cards looked at may all be discarded instead (Heist Intel; not the Universal
        /// Encyclopedia, not Nav Charts).
        may_discard: bool,
    },
    /// Take a crew card for free from a Supply discard pile (deck `from`, or any).
    TakeCrew {
        from: Option<DeckId>,
    },
    /// Sell up to `left` more of `item` at $`price` each (`Effect::SellItems`).
    Sell {
        item: Item,
        price: u32,
        left: u8,
    },
    /// Discard `left` more crew members, never the Leader (`Effect::DiscardCrew`).
    DiscardCrew {
        left: u8,
    },
    /// Discard `left` more Passengers or Fugitives, the player choosing which
    /// (`Effect::PassengersRoll`).
    LosePassengers {
        left: u8,
    },
    /// Goods outside the Stash are about to be lost (`Effect::LoseGoodsOutsideStash`): the
    /// player first picks the Goods the Stash holds, one at a time, while `half` half-boxes of
    /// Stash room are left; `kept` counts Cargo, Contraband, Fuel and Parts picked so far.
    StashGoods {
        half: u8,
        kept: [u8; 4],
    },
    /// Lose `left` more Goods of the player's choice (`Effect::LoseGoods`).
    LoseGoods {
        left: u8,
    },
    /// `mover` moves the drawer's ship `left` more sectors (`Effect::Drift`).
    Drift {
        left: u8,
        mover: Seat,
    },
    /// FF-KAL-21: discard Active jobs down to the Active-job limit (an exception to FF-WORK-24).
    DiscardActive,
    /// Choose N Wanted crew to remove from play (`Effect::ArrestWantedCrew`).
    Arrest {
        left: u8,
    },
    /// The Cruiser or Cutter is to be moved by `mover`.
    MoveCruiser {
        how: ShipMove,
        mover: Seat,
    },
    /// A Cutter is to be moved by `mover`: first which one (`cutter` = `None`, with several,
    /// FF-KAL-15), then where.
    MoveCutter {
        how: ShipMove,
        mover: Seat,
        cutter: Option<u8>,
    },
    /// The Operative's Corvette is to be moved by `mover` (Kalidasa).
    MoveCorvette {
        how: ShipMove,
        mover: Seat,
    },
    /// FF-BS-11, FF-KAL-12 (3): `mover`, the player to the flying player's right, picks the
    /// ship of this kind that answers the Alert tokens.
    CallShip {
        kind: AlertKind,
        mover: Seat,
    },
    /// A trader's offer (Nav card).
    Trade {
        fuel: u32,
        parts: u32,
        contraband: u32,
        contraband_left: u8,
    },
    /// FF-FLY-10: choose the adjacent sector to Evade into.
    Evade,
    /// The player may ignore the card (Harken's papers, a Cry Baby): `crate::fly::Exemption`.
    Exemption(crate::fly::Exemption),
    /// FF-MISC-6: put the crew on the job into the teams of `Resolution::teams`, one crew
    /// member at a time.
    SplitCrew,
    /// A Warrant is about to be issued (`job`: on it; `on_work`: while working it): discard a
    /// Fan Dancer to ignore it, or not (`crate::interrupts`).
    Warrant {
        job: Option<JobId>,
        on_work: bool,
    },
    /// Solid with `contact` is about to be lost: discard Roberta instead, or not.
    LoseSolid {
        contact: ContactName,
    },
    /// `ship` has entered the sector of the resolution's seat: roll the Xunsu Whisper X1 to
    /// Evade it (`Action::UseCard`), or not (`Done`).
    EvadeArrival {
        ship: crate::rim::NpcShip,
    },
    /// How many of `item` to deliver, `min` to `max` (`Effect::DeliverUpTo`: a drop-off of any
    /// mix), answered with `Action::LoadCount`.
    DeliverUpTo {
        item: Item,
        min: u8,
        max: u8,
    },
    // --- Pirates & Bounty Hunters' Supply cards (added at the end) ---
    /// Meadows may be Killed instead (`Action::UseCard`) of a crew member about to be
    /// Apprehended or Seized, or not (`Done`) (`crate::pirate_gear`).
    StandIn(crate::pirate_gear::StandInFor),
    /// Remove `left` more Disgruntled tokens, the player choosing whose, answered with
    /// `Action::CrewRemoveDisgruntled` (Friendly Game of Cards).
    Cheer {
        left: u8,
    },
}

/// FF-MISC-6: the teams of a split crew (crew masks, team `k` makes step `k`'s test), inline:
/// a resolution is copied with the state.
pub type Teams = smallvec::SmallVec<[CrewMask; 4]>;

#[derive(Clone, Debug, Serialize)]
pub struct Resolution {
    pub origin: Origin,
    pub seat: Seat,
    pub options: &'static [Choice],
    pub chosen: Option<u8>,
    pub stage: Stage,
    /// Effect lists being executed, innermost last, with the next index.
    pub frames: SmallVec<[(&'static [Effect], u8); 4]>,
    pub bribe: u8,
    pub tester: Option<CrewCard>,
    pub roll: Option<ExplodingRoll>,
    pub rerolled: bool,
    /// Bonus from gear discarded after rolling.
    pub after_roll_bonus: i32,
    /// The terms added to the dice, kept when the roll is settled (as its `Event::Rolled`).
    pub terms: Terms,
    pub band: Option<u8>,
    pub branch: Option<u8>,
    pub pending: Option<Pending>,
    pub ending: Option<Ending>,
    /// River Tam's Gifted roll for this test (after Simon's bonus, at most 6), if she made it.
    pub gifted: Option<u8>,
    /// Stitch: this Negotiate test is treated as a Fight test.
    pub as_fight: bool,
    /// Sheydra treats this Fight test as a Negotiate test.
    pub as_negotiate: bool,
    /// FF-MISB-15: the step being made, from 0 (`Choice::test`, then each of `Choice::then`).
    pub step: u8,
    /// FF-MISC-6: the teams of a crew split (crew masks), empty when the crew is not split.
    /// Team `k` makes step `k`'s test.
    pub teams: Teams,
    /// The attempt fails as FF-MISC-4 (a split with too few crew, FF-MISC-6; a team with
    /// nobody left to make its test): the Work action ends and the job stays Active.
    pub failed: bool,
    /// The skill points and modifier counted when the roll was settled (what the view shows
    /// of the total once crew may have left the test).
    pub counted: Option<(u32, i32)>,
    /// A Nested Skill Test (Kalidasa) is being made: the band of the original test that
    /// started it; `test()` is then that band's `nested` test.
    pub nested_from: Option<u8>,
    /// Mal's Brown Coat: the crew member who lent their skill to this test, the card, and the
    /// points added.
    pub lent: Option<(CrewCard, SupplyCardId, i32)>,
    /// Med Foam set against the next Kill of this resolution (`Pending::Kill`).
    pub med_foam: Option<SupplyCardId>,
}

impl Resolution {
    pub fn new(origin: Origin, seat: Seat, options: &'static [Choice]) -> Self {
        Resolution {
            origin,
            seat,
            options,
            chosen: None,
            stage: Stage::ChooseOption,
            frames: SmallVec::new(),
            bribe: 0,
            tester: None,
            roll: None,
            rerolled: false,
            after_roll_bonus: 0,
            terms: Terms::new(),
            band: None,
            branch: None,
            pending: None,
            ending: None,
            gifted: None,
            as_fight: false,
            as_negotiate: false,
            step: 0,
            teams: Teams::new(),
            failed: false,
            counted: None,
            nested_from: None,
            lent: None,
            med_foam: None,
        }
    }

    /// Clear what one test's roll left behind, before the next test of the same option (a
    /// further step, FF-MISB-15, or a Nested Skill Test).
    fn reset_test(&mut self) {
        self.ending = None;
        self.band = None;
        self.branch = None;
        self.roll = None;
        self.counted = None;
        self.rerolled = false;
        self.after_roll_bonus = 0;
        self.terms.clear();
        self.bribe = 0;
        self.tester = None;
        self.gifted = None;
        self.as_fight = false;
        self.as_negotiate = false;
        self.lent = None;
    }

    pub fn choice(&self) -> Option<&'static Choice> {
        self.chosen.map(|i| &self.options[i as usize])
    }

    /// The test of the step being made (FF-MISB-15).
    /// A Nested Skill Test, once started, is the test being made.
    pub fn test(&self) -> Option<&'static Test> {
        let c = self.choice()?;
        let t = match self.step {
            0 => c.test.as_ref(),
            k => c.then.get(k as usize - 1),
        }?;
        match self.nested_from {
            Some(b) => t.outcomes[b as usize].nested.as_ref(),
            None => Some(t),
        }
    }

    /// Whether the step being made is followed by another (FF-MISB-15).
    pub fn more_steps(&self) -> bool {
        self.choice()
            .is_some_and(|c| (self.step as usize) < c.then.len())
    }

    /// FF-MISC-6: the team making the current step's test, once the option's own effects
    /// (the split among them) are done; `None` when the crew is not split.
    pub fn testing_team(&self) -> Option<CrewMask> {
        let option_effects = self.stage == Stage::Effects && !self.frames.is_empty();
        self.teams
            .get(self.step as usize)
            .copied()
            .filter(|_| !option_effects)
    }

    /// The skill tested: the printed one, or Fight when Stitch treats a Negotiate test as a
    /// Fight test, or Negotiate when Sheydra treats a Fight test as a Negotiate test.
    pub fn skill(&self) -> Option<Skill> {
        self.test().map(|t| {
            if self.as_fight {
                Skill::Fight
            } else if self.as_negotiate {
                Skill::Negotiate
            } else {
                t.skill
            }
        })
    }

    pub fn outcome(&self) -> Option<&'static Outcome> {
        match (self.test(), self.band) {
            (Some(t), Some(b)) => Some(&t.outcomes[b as usize]),
            _ => None,
        }
    }
}

fn remove_bit(mask: CrewMask, idx: usize) -> CrewMask {
    let low = mask & ((1 << idx) - 1);
    let high = (mask >> (idx + 1)) << idx;
    low | high
}

impl Firefly {
    /// The crew who can act for `seat` now: the crew on the job while working, else all crew
    /// (FF-SKILL-11, FF-WORK-7).
    pub fn acting_mask(&self, seat: Seat) -> CrewMask {
        match self.activity {
            Activity::Working { on_job, .. } if seat == self.current => on_job,
            _ => all_crew(&self.players[seat as usize]),
        }
    }

    fn set_acting_mask(&mut self, mask: CrewMask) {
        if let Activity::Working { on_job, .. } = &mut self.activity {
            *on_job = mask;
        }
    }

    /// Remove crew index `idx` of the current worker from the job mask (they died or left),
    /// and from the teams of a crew split (FF-MISC-6).
    pub fn crew_removed(&mut self, seat: Seat, idx: usize) {
        if seat == self.current {
            if let Activity::Working { on_job, .. } = &mut self.activity {
                *on_job = remove_bit(*on_job, idx);
            }
            for r in self.resolution.iter_mut().filter(|r| r.seat == seat) {
                for t in &mut r.teams {
                    *t = remove_bit(*t, idx);
                }
            }
        }
    }

    /// The crew who may make the current step's test: the acting crew, or only the team
    /// whose test it is when the crew is split (FF-MISC-6).
    pub fn step_crew_mask(&self, seat: Seat) -> CrewMask {
        let mask = self.acting_mask(seat);
        match self.resolution.last() {
            Some(r) if r.seat == seat => r.testing_team().map_or(mask, |t| mask & t),
            _ => mask,
        }
    }

    /// FF-FLY-13, FF-MISB-5: whether a requirement is met by the acting crew.
    pub fn requirement_met(&self, seat: Seat, r: &Requirement) -> bool {
        let p = &self.players[seat as usize];
        self.requirement_met_by(p, self.acting_mask(seat), r)
    }

    /// Whether the crew in `mask` of player `p` meet a requirement (bots ask this of crews
    /// they are considering).
    pub fn requirement_met_by(&self, p: &Player, mask: CrewMask, r: &Requirement) -> bool {
        match r {
            Requirement::Profession { profession } => {
                self.mask_has_profession(p, mask, *profession)
            }
            Requirement::Keyword { keyword } => {
                self.mask_has_keyword(p, mask, *keyword)
                    || self.discardable_for_keyword(p, mask, *keyword).is_some()
            }
            Requirement::KeywordWithSkill {
                keyword,
                skill,
                amount,
            } => p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0
                    && m.gear.iter().any(|&g| {
                        let d = self.gear_def(g);
                        d.keywords.contains(keyword) && d.skills.get(*skill) >= *amount
                    })
            }),
            Requirement::Has { item, amount } => p.item(*item) >= *amount,
            Requirement::Money { amount } => p.money >= *amount,
            Requirement::NoDisgruntledCrew => p.crew.iter().all(|m| !m.disgruntled),
            Requirement::Solid { contact } => self.counts_as_solid(p, *contact),
            Requirement::Room { item, amount } => self.room_for(p, *item) >= *amount as u32,
            Requirement::MoralCrew => p
                .crew
                .iter()
                .enumerate()
                .any(|(i, m)| mask & (1 << i) != 0 && self.crew_def(m).moral),
            Requirement::InZone { zone } => self.content.sectors[p.sector as usize].zone == *zone,
        }
    }

    /// A carried gear card that may be discarded to count as the keyword.
    fn discardable_for_keyword(
        &self,
        p: &Player,
        mask: CrewMask,
        kw: Keyword,
    ) -> Option<SupplyCardId> {
        p.crew
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .find_map(|(_, m)| {
                m.gear.iter().copied().find(|&g| {
                    self.gear_def(g).abilities.iter().any(
                        |a| matches!(a, Ability::DiscardForKeyword { keyword } if *keyword == kw),
                    )
                })
            })
    }

    pub fn option_available(&self, seat: Seat, c: &Choice) -> bool {
        c.requires.iter().all(|r| self.requirement_met(seat, r))
            && c.effects.iter().all(|e| match e {
                // An option that spends what you do not have cannot be chosen (FF-FLY-21).
                Effect::Spend { item, amount } => {
                    self.players[seat as usize].item(*item) >= *amount
                }
                // "Requires discarding 1 crew": the Leader is never discarded (FF-CREW-7).
                Effect::DiscardCrew { count } => {
                    self.players[seat as usize].crew.len() > *count as usize
                }
                // FF-FLY-19 (b), "A Legitimate Tip": no Outlaw Ship, no tip (judged).
                Effect::MoveCruiser {
                    how: how @ ShipMove::ToAnOutlawShip,
                } => !self.cruiser_destinations(*how, seat).is_empty(),
                _ => true,
            })
    }

    /// Whether option `c` of a card resolved for `origin` can be chosen: its requirements
    /// (`option_available`), and for a card being used (`Ability::Use`) that it would do
    /// something.
    pub fn option_available_in(&self, origin: Origin, seat: Seat, c: &Choice) -> bool {
        self.option_available(seat, c)
            && match origin {
                Origin::Card(card) => self.use_option_useful(seat, card, c),
                // Electronic Defense Suite: the rival's ship bars a Boarding Test skill.
                Origin::Boarding => !self.boarding_option_barred(c),
                _ => true,
            }
    }

    /// Start resolving a card for `seat`.
    pub fn begin_resolution(
        &mut self,
        origin: Origin,
        seat: Seat,
        options: &'static [Choice],
        events: &mut Vec<Event>,
    ) {
        let mut r = Resolution::new(origin, seat, options);
        // FF-MISB-6: an Ace in the Hole on the job means you Proceed at once.
        if let Origin::Misbehave(card) = origin {
            if self.has_ace(seat, card) {
                events.push(Event::AceInTheHole { seat });
                events.push(Event::Ended {
                    seat,
                    ending: Ending::Proceed,
                });
                r.stage = Stage::Finished;
                r.ending = Some(Ending::Proceed);
            }
        }
        if r.stage == Stage::ChooseOption {
            // The first available option and whether it is the only one (no list: no
            // allocation per step).
            let mut available = (0..options.len() as u8)
                .filter(|&i| self.option_available_in(origin, seat, &options[i as usize]));
            let first = available.next();
            let single = first.is_some() && available.next().is_none();
            // With a single possible option there is nothing to decide — unless The
            // Operative's Sword may pass a Misbehave card instead.
            // Nor when Dalin may re-draw it.
            let sword = matches!(origin, Origin::Misbehave(_))
                && (self.sword_on_job(seat).is_some() || self.redraw_maker(seat).is_some());
            if !sword && (single || (first.is_none() && !options.is_empty())) {
                let i = first.unwrap_or(0);
                self.resolution.push(r);
                self.choose_option(i, true, events);
                return;
            }
        }
        self.resolution.push(r);
    }

    fn has_ace(&self, seat: Seat, card: MisbehaveCardId) -> bool {
        let def = self.content.misbehave_def(card);
        let p = &self.players[seat as usize];
        let mask = self.acting_mask(seat);
        match &def.ace {
            None => false,
            Some(Ace::Keyword { keyword }) => self.mask_has_keyword(p, mask, *keyword),
            Some(Ace::Profession { profession }) => self.mask_has_profession(p, mask, *profession),
            Some(Ace::Crew { crew }) => p
                .crew
                .iter()
                .enumerate()
                .any(|(i, m)| mask & (1 << i) != 0 && &self.crew_def(m).id == crew),
            Some(Ace::Gear { gear }) => p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0 && m.gear.iter().any(|&g| &self.gear_def(g).id == gear)
            }),
        }
    }

    /// Choose option `i`; `forced` when it is the only possible one (nobody was asked).
    fn choose_option(&mut self, i: u8, forced: bool, events: &mut Vec<Event>) {
        let seat = self.resolution.last().unwrap().seat;
        let choice = &self.resolution.last().unwrap().options[i as usize];
        events.push(Event::OptionChosen {
            seat,
            option: i,
            forced,
            choice,
        });
        // Gear that counts as a keyword by being discarded is discarded when used.
        for r in &choice.requires {
            if let Requirement::Keyword { keyword } = r {
                let p = &self.players[seat as usize];
                let mask = self.acting_mask(seat);
                if !self.mask_has_keyword(p, mask, *keyword) {
                    if let Some(g) = self.discardable_for_keyword(p, mask, *keyword) {
                        self.discard_gear(seat, g, events);
                    }
                }
            }
        }
        let r = self.resolution.last_mut().unwrap();
        r.chosen = Some(i);
        r.stage = Stage::Effects;
        r.frames.push((&choice.effects, 0));
    }

    /// Discard a carried or set-aside gear card to its Supply discard pile. With Grimey aboard
    /// (`KeepDiscardedGearOnSix`) a die is rolled first (not a Test): on a 6 the card is kept,
    /// set aside on the ship.
    pub fn discard_gear(&mut self, seat: Seat, g: SupplyCardId, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        for m in &mut p.crew {
            m.gear.retain(|&x| x != g);
        }
        p.spare_gear.remove(g);
        p.refresh_cards(self.content);
        let grimey = self
            .crew_abilities(&self.players[seat as usize])
            .any(|a| matches!(a, Ability::KeepDiscardedGearOnSix));
        if grimey {
            let roll = self.chance.d6();
            events.push(Event::CardDie { seat, roll });
            if roll == 6 {
                self.players[seat as usize].spare_gear.insert(g);
                self.players[seat as usize].refresh_cards(self.content);
                events.push(Event::GearKept { seat, card: g });
                return;
            }
        }
        let deck = self.content.supply_cards[g as usize].deck;
        self.decks.supply[deck as usize].discard(g);
    }

    /// Run automatic steps of the top resolution until it needs a decision or finishes.
    /// Returns the finished resolution, if it finished.
    pub fn advance_resolution(&mut self, events: &mut Vec<Event>) -> Option<Resolution> {
        loop {
            if self.settle_lapsed_offer(events) {
                continue;
            }
            let r = self.resolution.last()?;
            if r.pending.is_some() {
                return None;
            }
            match r.stage {
                Stage::ChooseOption | Stage::ChooseTester | Stage::Bribe | Stage::ChooseBranch => {
                    return None
                }
                Stage::Rolled => {
                    if self.after_roll_choices().is_empty() {
                        self.settle_roll(events);
                    } else {
                        return None;
                    }
                }
                Stage::Effects | Stage::OutcomeEffects | Stage::BranchEffects => {
                    if !self.step_effects(events) {
                        // frames exhausted
                        self.after_effects(events);
                    }
                }
                Stage::Finished => return self.resolution.pop(),
            }
        }
    }

    /// Execute the next effect; `false` when no frames are left.
    fn step_effects(&mut self, events: &mut Vec<Event>) -> bool {
        let r = self.resolution.last_mut().unwrap();
        loop {
            let Some((list, i)) = r.frames.last_mut() else {
                return false;
            };
            if (*i as usize) < list.len() {
                let e = &list[*i as usize];
                *i += 1;
                let seat = r.seat;
                self.apply_effect(seat, e, events);
                return true;
            }
            r.frames.pop();
        }
    }

    fn after_effects(&mut self, events: &mut Vec<Event>) {
        let r = self.resolution.last_mut().unwrap();
        match r.stage {
            Stage::Effects => {
                let choice = r.choice().unwrap();
                match &choice.test {
                    None => {
                        r.ending = choice.ends;
                        r.stage = Stage::Finished;
                    }
                    Some(t) => {
                        if t.modifiers
                            .iter()
                            .any(|m| matches!(m, TestModifier::SingleCrew))
                        {
                            r.stage = Stage::ChooseTester;
                        } else {
                            self.begin_test(events);
                        }
                    }
                }
            }
            Stage::OutcomeEffects => {
                let o = r.outcome().unwrap();
                if o.nested.is_some() {
                    // Kalidasa's Nested Skill Tests: this band starts a second test, whose band
                    // finishes the option.
                    return self.begin_nested_test(events);
                }
                if o.choose.is_empty() {
                    r.ending = o.ends;
                    r.stage = Stage::Finished;
                } else {
                    r.stage = Stage::ChooseBranch;
                }
            }
            Stage::BranchEffects => {
                let o = r.outcome().unwrap();
                r.ending = Some(o.choose[r.branch.unwrap() as usize].ends);
                r.stage = Stage::Finished;
            }
            _ => unreachable!(),
        }
        let r = self.resolution.last().unwrap();
        // FF-MISB-15: a step that ends in Proceed is not yet the card's Proceed when another
        // step follows; any other ending ends the card at once.
        if r.stage == Stage::Finished && r.ending == Some(Ending::Proceed) && r.more_steps() {
            return self.next_step(events);
        }
        if r.stage == Stage::Finished {
            if let Some(e) = r.ending {
                events.push(Event::Ended {
                    seat: r.seat,
                    ending: e,
                });
            }
            // FF-FLY-10: Evade needs a destination.
            if r.ending == Some(Ending::Evade) && self.can_evade(r.seat) {
                self.resolution.last_mut().unwrap().pending = Some(Pending::Evade);
            }
        }
    }

    /// FF-MISB-15: the step before ended in Proceed; the next one is made, from its start
    /// (a new tester, bribes, Gifted roll and roll). With nobody left on the job the attempt
    /// fails (FF-MISC-4), and so it does when the team whose test it is has nobody left.
    fn next_step(&mut self, events: &mut Vec<Event>) {
        let r = self.resolution.last_mut().unwrap();
        let seat = r.seat;
        events.push(Event::StepPassed { seat, step: r.step });
        r.step += 1;
        r.reset_test();
        r.nested_from = None;
        let team = r.teams.get(r.step as usize).copied();
        if self.working_crew_gone(seat) {
            self.resolution.last_mut().unwrap().stage = Stage::Finished;
            return;
        }
        if team.is_some_and(|t| t & self.acting_mask(seat) == 0) {
            // FF-MISC-6, judged as FF-MISC-4: the team has nobody left to make its test.
            let r = self.resolution.last_mut().unwrap();
            r.failed = true;
            r.stage = Stage::Finished;
            return;
        }
        self.start_test(events);
    }

    /// A test made from its start: a single-crew test first asks who makes it, any other
    /// begins at once (Gifted roll, bribes, roll).
    fn start_test(&mut self, events: &mut Vec<Event>) {
        let r = self.resolution.last_mut().unwrap();
        let single = r.test().is_some_and(|t| {
            t.modifiers
                .iter()
                .any(|m| matches!(m, TestModifier::SingleCrew))
        });
        if single {
            r.stage = Stage::ChooseTester;
        } else {
            self.begin_test(events);
        }
    }

    /// Kalidasa's Nested Skill Tests: the band just rolled starts its `nested` test, made from
    /// its start as any test (a new tester, bribes, Gifted roll and roll); its band then
    /// finishes the option. With nobody left on the job the attempt fails (FF-MISC-4).
    fn begin_nested_test(&mut self, events: &mut Vec<Event>) {
        let r = self.resolution.last_mut().unwrap();
        let seat = r.seat;
        let band = r.band.unwrap();
        r.reset_test();
        r.nested_from = Some(band);
        events.push(Event::NestedTest { seat });
        if self.working_crew_gone(seat) {
            self.resolution.last_mut().unwrap().stage = Stage::Finished;
            return;
        }
        self.start_test(events);
    }

    /// The crew making the test being resolved: the chosen crew member of a single-crew test
    /// (`TestModifier::SingleCrew`), else the acting crew (FF-SKILL-11), or their team when
    /// the crew is split (FF-MISC-6). River Tam counts for nothing once her Gifted roll has
    /// sent her back to the ship.
    pub fn test_mask(&self) -> CrewMask {
        let r = self.resolution.last().unwrap();
        let p = &self.players[r.seat as usize];
        let mut mask = match r.tester {
            Some(card) => p.crew_index(card).map_or(0, |i| 1 << i),
            None => self.step_crew_mask(r.seat),
        };
        if r.gifted.is_some_and(|f| f <= 2) {
            for (i, m) in p.crew.iter().enumerate() {
                if self.has_crew_ability(m, |a| matches!(a, Ability::Gifted)) {
                    mask &= !(1 << i);
                }
            }
        }
        mask
    }

    fn has_crew_ability(&self, m: &CrewMember, f: impl Fn(&Ability) -> bool) -> bool {
        self.crew_def(m).abilities.iter().any(f)
    }

    /// Whether a crew member in `mask`, or gear they carry, has an ability.
    fn mask_has_ability(&self, p: &Player, mask: CrewMask, f: impl Fn(&Ability) -> bool) -> bool {
        p.crew.iter().enumerate().any(|(i, m)| {
            mask & (1 << i) != 0
                && (self.crew_def(m).abilities.iter().any(&f)
                    || m.gear
                        .iter()
                        .any(|&g| self.gear_def(g).abilities.iter().any(&f)))
        })
    }

    /// The skill points counted for the test being resolved: the skill tested, the crew's
    /// points (skill, gear, abilities) and the card's modifiers and River's Gifted roll.
    pub fn test_points(&self) -> (Skill, u32, i32) {
        let skill = self.resolution.last().unwrap().skill().unwrap();
        let (mut points, mut modifier) = (0u32, 0i32);
        self.each_test_term(|source, n| match source {
            TermSource::Crew { .. } | TermSource::Gear { .. } | TermSource::Ability { .. } => {
                points += n as u32
            }
            _ => modifier += n,
        });
        (skill, points, modifier)
    }

    /// Every term the test being resolved adds to the dice before bribes and after-roll gear,
    /// one call of `f` each (FF-SKILL-3): the crew's skill, gear and abilities, the card's
    /// modifiers, River Tam's Gifted roll.
    fn each_test_term(&self, mut f: impl FnMut(TermSource, i32)) {
        let r = self.resolution.last().unwrap();
        let t = r.test().unwrap();
        let skill = r.skill().unwrap();
        let p = &self.players[r.seat as usize];
        let mask = self.test_mask();
        // "With Your Hands Tied" (a Big Damn Challenge, FF-BS-27): the crew has no points
        // in that skill while working the job.
        if !self.challenge_removes_skill(r.seat, skill) {
            self.each_skill_term(p, mask, skill, t.kosherized, |source, n| {
                f(source, n as i32)
            });
        }
        for m in &t.modifiers {
            match m {
                TestModifier::PerWarrant { amount } => {
                    f(TermSource::Warrants, *amount as i32 * p.warrants as i32)
                }
                TestModifier::KeywordAdds { keyword, amount } => {
                    if self.mask_has_keyword(p, mask, *keyword) {
                        f(TermSource::Keyword { keyword: *keyword }, *amount as i32)
                    }
                }
                TestModifier::SingleCrew => {}
            }
        }
        // FF-PBH-21: the ships' Boarding Test modifiers (EVA Suit, Booby Trap …).
        if r.origin == Origin::Boarding {
            self.each_boarding_term(r.seat, skill, &mut f);
        }
        // River Tam's Gifted roll: 3 +2 Fight, 4 +2 Tech, 5 +2 Negotiate, 6 +3 to the skill.
        let gifted = match (r.gifted, skill) {
            (Some(6), _) => 3,
            (Some(3), Skill::Fight) | (Some(4), Skill::Tech) | (Some(5), Skill::Negotiate) => 2,
            _ => 0,
        };
        f(TermSource::Gifted, gifted);
    }

    /// The terms the test being resolved adds to its dice, as far as it has got (FF-SKILL-3,
    /// FF-SKILL-7): everything of `each_test_term`, the bribes, the gear discarded after the
    /// roll. Terms worth nothing are left out; empty when no test is being resolved.
    pub fn test_terms(&self) -> Terms {
        let mut out = Terms::new();
        let Some(r) = self.resolution.last() else {
            return out;
        };
        if r.test().is_none() {
            return out;
        }
        let mut push = |source: TermSource, amount: i32| {
            if amount != 0 {
                // Saturating: no test comes near ±32,767 points.
                let amount = amount.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
                out.push(Term { source, amount });
            }
        };
        self.each_test_term(&mut push);
        push(TermSource::Bribes, r.bribe as i32);
        push(TermSource::DiscardedGear, r.after_roll_bonus);
        if let Some((crew, card, amount)) = r.lent {
            push(TermSource::LentSkill { crew, card }, amount);
        }
        out
    }

    /// FF-SKILL-7: bribes beyond what reaches the best band buy nothing, so they are not offered.
    /// A Negotiate test treated as a Fight test (Stitch) is no longer a Bribes test.
    pub fn max_useful_bribe(&self) -> u8 {
        let r = self.resolution.last().unwrap();
        let t = r.test().unwrap();
        // Cortland (`BribeAnyNegotiation`) bribes before any Negotiate test his crew make.
        let bribes = t.bribes
            || (r.skill() == Some(Skill::Negotiate)
                && self.mask_has_ability(&self.players[r.seat as usize], self.test_mask(), |a| {
                    matches!(a, Ability::BribeAnyNegotiation)
                }));
        if !bribes || r.as_fight {
            return 0;
        }
        let (_, points, modifier) = self.test_points();
        let top = t.outcomes.last().unwrap().min;
        let lowest_total = 1 + points as i32 + modifier;
        let useful = (top - lowest_total).max(0) as u32;
        let affordable = self.players[r.seat as usize].money / 100;
        useful.min(affordable).min(u8::MAX as u32) as u8
    }

    /// Stitch (`NegotiateAsFightOncePerJob`): once per job, a Negotiate test made by crew that
    /// include Stitch may be treated as a Fight test. Only on jobs: story goals are not jobs
    /// (FF-WIN-7). "Once per job" is read as once per Work action on the job.
    pub fn may_negotiate_as_fight(&self) -> bool {
        self.may_treat_test_as(Skill::Negotiate, USED_NEGOTIATE_AS_FIGHT, |a| {
            matches!(a, Ability::NegotiateAsFightOncePerJob)
        })
    }

    /// Sheydra (`FightAsNegotiateOncePerJob`): once per job, a Fight test made by crew that
    /// include her may be treated as a Negotiate test; read like Stitch's.
    pub fn may_fight_as_negotiate(&self) -> bool {
        self.may_treat_test_as(Skill::Fight, USED_FIGHT_AS_NEGOTIATE, |a| {
            matches!(a, Ability::FightAsNegotiateOncePerJob)
        })
    }

    /// Whether the test being made, printed as `printed`, may be treated as a test of another
    /// skill by a crew ability on it (`ability`), unused on this Work action (`used_bit`) and
    /// not already treated so.
    fn may_treat_test_as(
        &self,
        printed: Skill,
        used_bit: u8,
        ability: impl Fn(&Ability) -> bool,
    ) -> bool {
        let Some(r) = self.resolution.last() else {
            return false;
        };
        let Activity::Working {
            target: WorkTarget::Job(_),
            used,
            ..
        } = self.activity
        else {
            return false;
        };
        r.seat == self.current
            && used & used_bit == 0
            && !r.as_fight
            && !r.as_negotiate
            && r.test().is_some_and(|t| t.skill == printed)
            && self.mask_has_ability(&self.players[r.seat as usize], self.test_mask(), ability)
    }

    /// The test begins (its option's effects are done and the tester, if any, chosen): River
    /// Tam's Gifted roll, then the decisions before rolling (bribes, Stitch), then the roll.
    fn begin_test(&mut self, events: &mut Vec<Event>) {
        self.gifted_roll(events);
        let seat = self.resolution.last().unwrap().seat;
        if self.working_crew_gone(seat) {
            // FF-MISC-4: Gifted sent the last crew member on the job back to the ship; the
            // attempt ends without a roll (the Work action sees the empty job and fails it).
            let r = self.resolution.last_mut().unwrap();
            r.ending = None;
            r.stage = Stage::Finished;
            return;
        }
        self.pre_roll(events);
    }

    /// Whether `seat` is working a job or goal and nobody is left on it.
    pub fn working_crew_gone(&self, seat: Seat) -> bool {
        matches!(self.activity, Activity::Working { on_job: 0, .. }) && seat == self.current
    }

    /// Decisions before the roll, if any: bribes (FF-SKILL-7) and Stitch.
    fn pre_roll(&mut self, events: &mut Vec<Event>) {
        if self.max_useful_bribe() > 0
            || self.may_negotiate_as_fight()
            || self.may_fight_as_negotiate()
            || self.discardable_before_roll().next().is_some()
            || self.lendable_skill().is_some()
        {
            self.resolution.last_mut().unwrap().stage = Stage::Bribe;
        } else {
            self.roll_test(events);
        }
    }

    /// Gear carried by crew on the test that may be discarded before the roll for a bonus
    /// (`DiscardBeforeRoll`, a Fruity Oaty Bar): gear, so not on a Kosherized Fight test
    /// unless Lund is on it (FF-SKILL-6).
    fn discardable_before_roll(&self) -> impl Iterator<Item = SupplyCardId> + '_ {
        let r = self.resolution.last().unwrap();
        let p = &self.players[r.seat as usize];
        let mask = self.test_mask();
        let kosherized = r.test().is_some_and(|t| t.kosherized);
        let counts = r
            .skill()
            .is_some_and(|skill| self.gear_counts_on_test(p, mask, skill, kosherized));
        p.crew
            .iter()
            .enumerate()
            .filter(move |(i, _)| counts && mask & (1 << i) != 0)
            .flat_map(|(_, m)| m.gear.iter().copied())
            .filter(|&g| {
                self.gear_def(g)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::DiscardBeforeRoll { .. }))
            })
    }

    /// River Tam (`Gifted`): before each test she makes, roll a die (+ Simon Tam's bonus when
    /// he is on the job with her, at most 6). 1–2: she goes back to the ship and adds nothing.
    fn gifted_roll(&mut self, events: &mut Vec<Event>) {
        let mask = self.test_mask();
        let r = self.resolution.last().unwrap();
        let seat = r.seat;
        let p = &self.players[seat as usize];
        let Some(river) = p.crew.iter().enumerate().find_map(|(i, m)| {
            (mask & (1 << i) != 0 && self.has_crew_ability(m, |a| matches!(a, Ability::Gifted)))
                .then_some(i)
        }) else {
            return;
        };
        let card = p.crew[river].card;
        let bonus: u32 = p
            .crew
            .iter()
            .enumerate()
            .filter(|(i, _)| self.acting_mask(seat) & (1 << i) != 0)
            .flat_map(|(_, m)| self.crew_def(m).abilities.iter())
            .map(|a| match a {
                Ability::GiftedBonus { amount } => *amount as u32,
                _ => 0,
            })
            .sum();
        let roll = (self.chance.d6() as u32 + bonus).min(6) as u8;
        events.push(Event::Gifted {
            seat,
            crew: card,
            roll,
        });
        self.resolution.last_mut().unwrap().gifted = Some(roll);
        if roll <= 2 {
            // FF-MISC-5: back to the ship for the rest of the job.
            let mask = self.acting_mask(seat);
            self.set_acting_mask_if_working(seat, mask & !(1 << river));
        }
    }

    /// Mal's Frontier Model B and Sniper Rifle (`CheersCarrierBeforeFight`): before each Fight
    /// test, the crew on it who carry one are no longer Disgruntled.
    fn cheer_carriers_before_fight(&mut self, seat: Seat, mask: CrewMask, events: &mut Vec<Event>) {
        for i in 0..self.players[seat as usize].crew.len() {
            let m = &self.players[seat as usize].crew[i];
            if mask & (1 << i) == 0 || !m.disgruntled {
                continue;
            }
            let cheers = m.gear.iter().any(|&g| {
                self.gear_def(g)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::CheersCarrierBeforeFight))
            });
            if cheers {
                let card = m.card;
                let p = &mut self.players[seat as usize];
                p.crew[i].disgruntled = false;
                p.refresh_disgruntled();
                events.push(Event::Undisgruntled { seat, crew: card });
            }
        }
    }

    fn roll_test(&mut self, events: &mut Vec<Event>) {
        let (skill, _, _) = self.test_points();
        let r = self.resolution.last().unwrap();
        let seat = r.seat;
        let misbehaving = matches!(r.origin, Origin::Misbehave(_));
        let mask = self.test_mask();
        if skill == Skill::Fight {
            self.cheer_carriers_before_fight(seat, mask, events);
        }
        let p = &self.players[seat as usize];
        // FF-SKILL-8 Thrillin' Heroics, unless a crew member on the test cancels it (Bester).
        let heroics = !self.mask_has_ability(
            p,
            mask,
            |a| matches!(a, Ability::NoHeroics { skill: s } if *s == skill),
        );
        // Jayne's Cunning Hat: when Misbehaving, every 1 rolled is re-rolled (once).
        // Inara's Bow, carried by a Companion: every 1 re-rolled on its skill's tests.
        let reroll_ones = (misbehaving
            && self.mask_has_ability(p, mask, |a| matches!(a, Ability::RerollOnesWhenMisbehaving)))
            || p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0
                    && m.gear.iter().any(|&g| {
                        self.gear_def(g).abilities.iter().any(|a| match a {
                            Ability::RerollOnes { skill: s, carrier } => {
                                *s == skill && self.has_profession(m, *carrier)
                            }
                            // Two-Fry's Carbine, Nandi's Gun Collection: whoever carries it.
                            Ability::RerollOnesOnTests { skill: s } => *s == skill,
                            _ => false,
                        })
                    })
            });
        // Zoe's Mare's Leg Rifle: the first die of the test is the higher of two; a 6 kept
        // earns Thrillin' Heroics as usual, and bonus rolls are single dice.
        let best_of_two = self.mask_has_ability(
            p,
            mask,
            |a| matches!(a, Ability::BestOfTwoDice { skill: s } if *s == skill),
        );
        let mut roll = ExplodingRoll::default();
        loop {
            let mut f = self.chance.d6();
            if f == 1 && reroll_ones {
                f = self.chance.d6();
            }
            if best_of_two && roll.rolls == 0 {
                let mut second = self.chance.d6();
                if second == 1 && reroll_ones {
                    second = self.chance.d6();
                }
                f = f.max(second);
            }
            roll.push(f);
            // A 6 (the Firefly face) earns a bonus roll, and so does a 6 on a bonus roll.
            if f != 6 || !heroics {
                break;
            }
        }
        let r = self.resolution.last_mut().unwrap();
        r.roll = Some(roll);
        r.stage = Stage::Rolled;
    }

    /// After-roll decisions available: re-roll, discard gear for a bonus.
    pub fn after_roll_choices(&self) -> SmallVec<[Action; 8]> {
        let mut out = SmallVec::new();
        let Some(r) = self.resolution.last() else {
            return out;
        };
        let Some(skill) = r.skill() else { return out };
        if r.stage != Stage::Rolled {
            return out;
        }
        let p = &self.players[r.seat as usize];
        let mask = self.test_mask();
        // Zoe, Inara, Kaylee: one re-roll of a test of their skill that they take part in.
        if !r.rerolled
            && p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0
                    && self.has_crew_ability(
                        m,
                        |a| matches!(a, Ability::Reroll { skill: s } if *s == skill),
                    )
            })
        {
            out.push(Action::Reroll);
        }
        // The Interceptor: a Tech Boarding Test may be re-rolled (once, as other re-rolls).
        if !r.rerolled
            && r.origin == Origin::Boarding
            && self.may_reroll_boarding(r.seat, skill)
            && !out.contains(&Action::Reroll)
        {
            out.push(Action::Reroll);
        }
        // Yolonda's Pistol: discard it to re-roll a test of its skill (gear: not on a
        // Kosherized Fight test unless Lund is on it, FF-SKILL-6).
        let kosherized = r.test().is_some_and(|t| t.kosherized);
        if self.gear_counts_on_test(p, mask, skill, kosherized) {
            for (i, m) in p.crew.iter().enumerate() {
                if mask & (1 << i) == 0 {
                    continue;
                }
                for &g in &m.gear {
                    if self
                        .gear_def(g)
                        .abilities
                        .iter()
                        .any(|a| matches!(a, Ability::DiscardToReroll { skill: s } if *s == skill))
                    {
                        out.push(Action::DiscardToReroll(g));
                    }
                }
            }
        }
        // Knife and the like: discard a carried card after rolling for a bonus — gear, so not
        // on a Kosherized Fight test (FF-SKILL-6) unless Lund is on it.
        let kosherized = r.test().is_some_and(|t| t.kosherized);
        let gear_counts = self.gear_counts_on_test(p, mask, skill, kosherized);
        for (i, m) in p.crew.iter().enumerate() {
            if !gear_counts || mask & (1 << i) == 0 {
                continue;
            }
            for &g in &m.gear {
                if self
                    .gear_def(g)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::DiscardForBonus { skill: s, .. } if *s == skill))
                {
                    out.push(Action::DiscardForBonus(g));
                }
            }
        }
        if let Some(g) = self.six_makers() {
            out.push(Action::UseCard(g));
        }
        if !out.is_empty() {
            out.push(Action::KeepRoll);
        }
        out
    }

    /// Work out the band and start its effects.
    fn settle_roll(&mut self, events: &mut Vec<Event>) {
        let (skill, points, modifier) = self.test_points();
        let terms = self.test_terms();
        let r = self.resolution.last_mut().unwrap();
        let roll = r.roll.unwrap();
        let total = roll.total as i32
            + points as i32
            + r.bribe as i32
            + modifier
            + r.after_roll_bonus
            + r.lent.map_or(0, |(_, _, n)| n);
        r.counted = Some((points, modifier));
        debug_assert_eq!(
            total,
            roll.total as i32 + terms.iter().map(|t| t.amount as i32).sum::<i32>()
        );
        events.push(Event::Rolled {
            seat: r.seat,
            skill,
            faces: roll.faces().into(),
            skill_points: points,
            bribes: r.bribe,
            terms: terms.clone(),
            total,
        });
        r.terms = terms;
        let t = r.test().unwrap();
        let band = t.outcomes.iter().rposition(|o| o.min <= total).unwrap_or(0);
        r.band = Some(band as u8);
        r.stage = Stage::OutcomeEffects;
        r.frames.push((&t.outcomes[band].effects, 0));
        // Booby Trap: a boarder who rolled a 1 loses one of the crew on the attempt first.
        let trap = (r.origin == Origin::Boarding)
            .then(|| roll.faces().first().copied())
            .flatten()
            .and_then(|die| self.booby_trap(die));
        if let Some(kill) = trap {
            self.resolution.last_mut().unwrap().frames.push((kill, 0));
        }
    }

    // -----------------------------------------------------------------------------------------
    // Decisions
    // -----------------------------------------------------------------------------------------

    /// Legal actions while a resolution is on top.
    pub fn resolution_actions(&self, out: &mut Vec<Action>) {
        let r = self.resolution.last().unwrap();
        let seat = r.seat;
        let p = &self.players[seat as usize];
        if let Some(pending) = r.pending {
            match pending {
                Pending::Kill { profession, .. } => {
                    let mask = self.kill_mask_of(seat, profession);
                    if let Some(first) = self.must_be_killed_first(p, mask) {
                        out.push(Action::Kill(p.crew[first].card));
                    } else {
                        for (i, m) in p.crew.iter().enumerate() {
                            if mask & (1 << i) != 0 {
                                out.push(Action::Kill(m.card));
                            }
                        }
                    }
                    // Meadows may be Killed instead of any of them, on the job or not.
                    if let Some(m) = self.kill_stand_in(seat, mask) {
                        out.push(Action::Kill(m));
                    }
                    if let Some(g) = self.med_foam(seat) {
                        out.push(Action::UseCard(g));
                    }
                }
                Pending::Warrant { .. } | Pending::LoseSolid { .. } => {
                    self.offer_actions(pending, seat, out)
                }
                Pending::StandIn(what) => self.stand_in_actions(seat, what, out),
                Pending::Cheer { .. } => {
                    for m in &p.crew {
                        if m.disgruntled {
                            out.push(Action::CrewRemoveDisgruntled(m.card));
                        }
                    }
                }
                Pending::EvadeArrival { .. } => {
                    if let Origin::Offer(card) = r.origin {
                        out.push(Action::UseCard(card));
                    }
                    out.push(Action::Done);
                }
                // Not the job being worked, which its Work action still holds.
                Pending::DiscardActive => {
                    let working = match self.activity {
                        Activity::Working {
                            target: WorkTarget::Job(j),
                            ..
                        } => Some(j),
                        _ => None,
                    };
                    out.extend(
                        p.active
                            .iter()
                            .filter(|a| Some(a.job) != working)
                            .map(|a| Action::DiscardJob(a.job)),
                    )
                }
                Pending::Arrest { .. } => out.extend(
                    self.exposed_wanted_crew(seat)
                        .into_iter()
                        .map(|(card, _)| Action::Kill(card)),
                ),
                Pending::LoadUpTo { max, .. } => out.extend((0..=max).map(Action::LoadCount)),
                Pending::DeliverUpTo { min, max, .. } => {
                    out.extend((min..=max).map(Action::LoadCount))
                }
                Pending::LoadGoods { .. } => {
                    for item in [Item::Cargo, Item::Contraband, Item::Fuel, Item::Parts] {
                        if self.room_for(p, item) > 0 {
                            out.push(Action::LoadGood(item));
                        }
                    }
                    out.push(Action::Done);
                }
                Pending::DiscardUpgrade { .. } => {
                    out.extend(p.upgrades.iter().map(|&u| Action::LoseUpgrade(u)))
                }
                Pending::TakeUpgrade { only, half_price } => {
                    for d in &self.decks.supply {
                        for &c in d.discard_pile() {
                            let named = match self.content.supply_cards[c as usize].kind {
                                SupplyKind::Upgrade(u) => {
                                    only.is_none_or(|n| self.content.upgrades[u as usize].name == n)
                                }
                                _ => false,
                            };
                            let affordable = !half_price || p.money >= self.half_price(c);
                            if named && affordable && self.can_fit_upgrade(p, c) {
                                out.push(Action::TakeUpgrade(c));
                            }
                        }
                    }
                    out.push(Action::Done);
                }
                Pending::Arrange {
                    nav,
                    cards,
                    placed,
                    may_discard,
                } => {
                    // The cards not yet placed, from the top of what is left.
                    let left = self
                        .arranged_len(nav, cards)
                        .saturating_sub(placed as usize);
                    if left > 1 {
                        out.extend((0..left as u8).map(Action::PutOnTop));
                    }
                    if may_discard {
                        out.push(Action::DiscardLooked);
                    }
                    if left <= 1 {
                        out.push(Action::Done);
                    }
                }
                Pending::TakeCrew { from } => {
                    let first = out.len();
                    self.each_crew_in_discards(p, from, |c| {
                        if !out[first..].contains(&Action::TakeCrew(c)) {
                            out.push(Action::TakeCrew(c));
                        }
                        false
                    });
                    out.push(Action::Done);
                }
                Pending::Sell { item, .. } => {
                    if p.item(item) > 0 {
                        out.push(Action::Sell(item));
                    }
                    out.push(Action::Done);
                }
                Pending::DiscardCrew { .. } => {
                    out.extend(p.crew.iter().skip(1).map(|m| Action::Dismiss(m.card)))
                }
                Pending::LosePassengers { .. } => {
                    for item in [Item::Passengers, Item::Fugitives] {
                        if p.item(item) > 0 {
                            out.push(Action::Unload(item));
                        }
                    }
                }
                Pending::StashGoods { half, kept } => {
                    for (k, item) in GOODS.into_iter().enumerate() {
                        if p.item(item) > kept[k] && half >= half_boxes(item) {
                            out.push(Action::LoadGood(item));
                        }
                    }
                    out.push(Action::Done);
                }
                Pending::LoseGoods { .. } => {
                    for item in GOODS {
                        if p.item(item) > 0 {
                            out.push(Action::Jettison(item));
                        }
                    }
                }
                Pending::Drift { .. } => out.extend(
                    self.evade_destinations(seat)
                        .into_iter()
                        .map(Action::MoveTo),
                ),
                Pending::MoveCruiser { how, .. } => out.extend(
                    self.cruiser_destinations(how, seat)
                        .into_iter()
                        .map(Action::MoveTo),
                ),
                Pending::MoveCutter {
                    how, cutter: None, ..
                } => out.extend(
                    self.movable_cutters(how, seat)
                        .into_iter()
                        .map(|i| Action::PickShip(crate::rim::NpcShip::Cutter(i))),
                ),
                Pending::MoveCutter {
                    how,
                    cutter: Some(i),
                    ..
                } => out.extend(
                    self.cutter_destinations_of(i, how, seat)
                        .into_iter()
                        .map(Action::MoveTo),
                ),
                Pending::MoveCorvette { how, .. } => out.extend(
                    self.corvette_destinations(how, seat)
                        .into_iter()
                        .map(Action::MoveTo),
                ),
                Pending::CallShip { kind, .. } => out.extend(
                    self.alert_candidates(self.alert_sector_of(r), kind)
                        .into_iter()
                        .map(Action::PickShip),
                ),
                Pending::Trade {
                    fuel,
                    parts,
                    contraband,
                    contraband_left,
                } => {
                    if p.money >= fuel && self.room_for(p, Item::Fuel) > 0 {
                        out.push(Action::Purchase(Item::Fuel));
                    }
                    if p.money >= parts && self.room_for(p, Item::Parts) > 0 {
                        out.push(Action::Purchase(Item::Parts));
                    }
                    if contraband_left > 0
                        && p.money >= contraband
                        && self.room_for(p, Item::Contraband) > 0
                    {
                        out.push(Action::Purchase(Item::Contraband));
                    }
                    out.push(Action::Done);
                }
                Pending::Evade => out.extend(
                    self.evade_destinations(seat)
                        .into_iter()
                        .map(Action::MoveTo),
                ),
                Pending::Exemption(_) => self.exemption_actions(out),
                Pending::SplitCrew => {
                    // FF-MISC-6: the next crew member on the job not yet in a team chooses a
                    // team; once as many crew are left as teams are empty, only an empty team
                    // may be chosen, so that every team has at least 1 member.
                    let on = self.acting_mask(seat);
                    let assigned = r.teams.iter().fold(0, |a, &t| a | t);
                    let left = on & !assigned;
                    let next = left.trailing_zeros() as usize;
                    let empty = r.teams.iter().filter(|&&t| t & on == 0).count();
                    let must_fill = left.count_ones() as usize <= empty;
                    for (t, &m) in r.teams.iter().enumerate() {
                        if !must_fill || m & on == 0 {
                            out.push(Action::JoinTeam {
                                crew: p.crew[next].card,
                                team: t as u8,
                            });
                        }
                    }
                }
            }
            return;
        }
        match r.stage {
            Stage::ChooseOption => {
                for (i, c) in r.options.iter().enumerate() {
                    if self.option_available_in(r.origin, seat, c) {
                        out.push(Action::ChooseOption(i as u8));
                    }
                }
                if let Some(g) = self.ace_maker() {
                    out.push(Action::UseCard(g));
                }
                // Dalin: pay to re-draw the Misbehave card instead of resolving it.
                if self.may_redraw() {
                    out.extend(self.redraw_maker(seat).map(Action::UseCard));
                }
            }
            Stage::ChooseTester => {
                // The team whose test it is, when the crew is split (FF-MISC-6).
                let mask = self.step_crew_mask(seat);
                for (i, m) in p.crew.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        out.push(Action::ChooseTester(m.card));
                    }
                }
            }
            Stage::Bribe => {
                out.extend((0..=self.max_useful_bribe()).map(Action::Bribe));
                if self.may_negotiate_as_fight() {
                    out.push(Action::NegotiateAsFight);
                }
                if self.may_fight_as_negotiate() {
                    out.push(Action::FightAsNegotiate);
                }
                out.extend(
                    self.discardable_before_roll()
                        .map(Action::DiscardBeforeRoll),
                );
                if let Some((_, g, _)) = self.lendable_skill() {
                    out.push(Action::UseCard(g));
                }
            }
            Stage::Rolled => out.extend(self.after_roll_choices()),
            Stage::ChooseBranch => {
                let o = r.outcome().unwrap();
                for (i, b) in o.choose.iter().enumerate() {
                    if b.requires.iter().all(|q| self.requirement_met(seat, q))
                        && b.effects.iter().all(|e| match e {
                            Effect::PayMoney { amount } => p.money >= *amount,
                            _ => true,
                        })
                    {
                        out.push(Action::ChooseBranch(i as u8));
                    }
                }
            }
            Stage::Effects | Stage::OutcomeEffects | Stage::BranchEffects | Stage::Finished => {}
        }
    }

    pub fn apply_resolution_action(&mut self, a: Action, events: &mut Vec<Event>) {
        let r = self.resolution.last_mut().unwrap();
        let seat = r.seat;
        if let Some(pending) = r.pending {
            match (pending, a) {
                (Pending::Kill { left, profession }, Action::Kill(card)) => {
                    r.pending = if left > 1 {
                        Some(Pending::Kill {
                            left: left - 1,
                            profession,
                        })
                    } else {
                        None
                    };
                    let idx = self.players[seat as usize].crew_index(card).unwrap();
                    let died = !self.saved_by_med_foam(seat, idx, events)
                        && self.kill_crew(seat, idx, events);
                    // The mask is read after the Kill: a Leader's second Disgruntled token
                    // fires the crew (FF-CREW-10), who leave the job.
                    let mask = self.acting_mask(seat);
                    if died {
                        self.crew_removed(seat, idx);
                        self.crew_lost(seat, events);
                    } else if idx != 0 {
                        // FF-DEATH-5: saved crew return to the ship, off the job.
                        self.set_acting_mask_if_working(seat, mask & !(1 << idx));
                    } else {
                        self.set_acting_mask_if_working(seat, mask & !1);
                    }
                    if self.kill_mask_of(seat, profession) == 0 {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::Kill { .. }, Action::UseCard(g)) => r.med_foam = Some(g),
                (Pending::Warrant { .. } | Pending::LoseSolid { .. }, a) => {
                    self.apply_offer(pending, a, events)
                }
                (Pending::EvadeArrival { ship }, a) => self.apply_evade_arrival(ship, a, events),
                (Pending::StandIn(what), a) => self.apply_stand_in(what, a, events),
                (Pending::Cheer { left }, Action::CrewRemoveDisgruntled(card)) => {
                    self.cheer(seat, card, left, events)
                }
                (Pending::DiscardActive, Action::DiscardJob(j)) => {
                    self.discard_active(seat, j);
                    let p = &self.players[seat as usize];
                    let over = p.active.len() > self.active_limit(p);
                    events.push(Event::JobDiscarded { seat, job: j });
                    if !over {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::Arrest { left }, Action::Kill(card)) => {
                    r.pending = (left > 1).then_some(Pending::Arrest { left: left - 1 });
                    self.arrest(seat, card, events);
                    if self.exposed_wanted_crew(seat).is_empty() {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::LoadUpTo { item, .. }, Action::LoadCount(n)) => {
                    r.pending = None;
                    self.load(seat, item, n as u32, events);
                }
                (Pending::DeliverUpTo { item, .. }, Action::LoadCount(n)) => {
                    r.pending = None;
                    self.deliver_count(seat, item, n, events);
                }
                (Pending::LoadGoods { left }, Action::LoadGood(item)) => {
                    r.pending = if left > 1 {
                        Some(Pending::LoadGoods { left: left - 1 })
                    } else {
                        None
                    };
                    self.load(seat, item, 1, events);
                }
                (Pending::LoadGoods { .. }, Action::Done)
                | (Pending::TakeUpgrade { .. }, Action::Done)
                | (Pending::TakeCrew { .. }, Action::Done)
                | (Pending::Sell { .. }, Action::Done)
                | (Pending::Trade { .. }, Action::Done) => {
                    r.pending = None;
                }
                (
                    Pending::Arrange {
                        nav,
                        cards,
                        placed,
                        may_discard,
                    },
                    Action::PutOnTop(i),
                ) => {
                    r.pending = Some(Pending::Arrange {
                        nav,
                        cards,
                        placed: placed + 1,
                        may_discard,
                    });
                    let pile = self.arranged_pile_mut(nav);
                    let top = pile.len() - 1 - placed as usize;
                    pile.swap(top, top - i as usize);
                }
                (Pending::Arrange { .. }, Action::Done) => r.pending = None,
                (Pending::Arrange { cards, .. }, Action::DiscardLooked) => {
                    r.pending = None;
                    for _ in 0..cards {
                        if let Some(m) = self.decks.misbehave.draw() {
                            self.decks.misbehave.discard(m);
                        }
                    }
                    events.push(Event::MisbehaveDiscarded { seat, cards });
                }
                (Pending::TakeCrew { .. }, Action::TakeCrew(c)) => {
                    r.pending = None;
                    let deck = self.content.supply_cards[c as usize].deck;
                    self.decks.supply[deck as usize].take_from_discard(c);
                    self.acquire(seat, c, events);
                }
                (Pending::Sell { item, price, left }, Action::Sell(_)) => {
                    r.pending = (left > 1).then_some(Pending::Sell {
                        item,
                        price,
                        left: left - 1,
                    });
                    self.unload(seat, item, 1, events);
                    self.earn(seat, price, events);
                    if self.players[seat as usize].item(item) == 0 {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::DiscardCrew { left }, Action::Dismiss(card)) => {
                    r.pending = (left > 1).then_some(Pending::DiscardCrew { left: left - 1 });
                    let idx = self.players[seat as usize].crew_index(card).unwrap();
                    events.push(Event::Dismissed { seat, crew: card });
                    self.discard_crew(seat, idx, events);
                    self.crew_removed(seat, idx);
                    if self.players[seat as usize].crew.len() <= 1 {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::LosePassengers { left }, Action::Unload(item)) => {
                    r.pending = (left > 1).then_some(Pending::LosePassengers { left: left - 1 });
                    self.unload(seat, item, 1, events);
                    let p = &self.players[seat as usize];
                    if p.item(Item::Passengers) + p.item(Item::Fugitives) == 0 {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::StashGoods { half, mut kept }, Action::LoadGood(item)) => {
                    let k = GOODS.iter().position(|&g| g == item).unwrap();
                    kept[k] += 1;
                    let half = half - half_boxes(item);
                    r.pending = Some(Pending::StashGoods { half, kept });
                    let p = &self.players[seat as usize];
                    let more = GOODS
                        .iter()
                        .enumerate()
                        .any(|(k, &g)| p.item(g) > kept[k] && half >= half_boxes(g));
                    if !more {
                        self.lose_goods_outside(seat, kept, events);
                    }
                }
                (Pending::LoseGoods { left }, Action::Jettison(item)) => {
                    r.pending = (left > 1).then_some(Pending::LoseGoods { left: left - 1 });
                    self.unload(seat, item, 1, events);
                    let p = &self.players[seat as usize];
                    if GOODS.iter().all(|&g| p.item(g) == 0) {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::StashGoods { kept, .. }, Action::Done) => {
                    self.lose_goods_outside(seat, kept, events);
                }
                (Pending::Drift { left, mover }, Action::MoveTo(s)) => {
                    r.pending = (left > 1).then_some(Pending::Drift {
                        left: left - 1,
                        mover,
                    });
                    self.move_ship(seat, s, events);
                    // A ship with nowhere to go drifts no further.
                    if !self.can_evade(seat) {
                        if let Some(r) = self
                            .resolution
                            .iter_mut()
                            .rev()
                            .find(|r| matches!(r.pending, Some(Pending::Drift { .. })))
                        {
                            r.pending = None;
                        }
                    }
                }
                (Pending::DiscardUpgrade { left }, Action::LoseUpgrade(u)) => {
                    r.pending = if left > 1 {
                        Some(Pending::DiscardUpgrade { left: left - 1 })
                    } else {
                        None
                    };
                    self.discard_upgrade(seat, u);
                    if self.players[seat as usize].upgrades.is_empty() {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                (Pending::TakeUpgrade { half_price, .. }, Action::TakeUpgrade(c)) => {
                    r.pending = None;
                    if half_price {
                        let price = self.half_price(c);
                        self.pay(seat, price, events);
                    }
                    let deck = self.content.supply_cards[c as usize].deck;
                    self.decks.supply[deck as usize].take_from_discard(c);
                    self.fit_upgrade(seat, c);
                }
                (Pending::MoveCruiser { .. }, Action::MoveTo(s)) => {
                    r.pending = None;
                    self.move_cruiser(s, events);
                }
                (
                    Pending::MoveCutter {
                        how,
                        mover,
                        cutter: None,
                    },
                    Action::PickShip(crate::rim::NpcShip::Cutter(i)),
                ) => {
                    if how == ShipMove::ToYou {
                        r.pending = None;
                        let to = self.players[seat as usize].sector;
                        self.move_cutter_to(i, to, events);
                    } else {
                        r.pending = Some(Pending::MoveCutter {
                            how,
                            mover,
                            cutter: Some(i),
                        });
                    }
                }
                (
                    Pending::MoveCutter {
                        cutter: Some(i), ..
                    },
                    Action::MoveTo(s),
                ) => {
                    r.pending = None;
                    self.move_cutter_to(i, s, events);
                }
                (Pending::MoveCorvette { .. }, Action::MoveTo(s)) => {
                    r.pending = None;
                    self.move_corvette(s, events);
                }
                (Pending::CallShip { .. }, Action::PickShip(ship)) => {
                    r.pending = None;
                    let at = self.alert_sector_of(self.resolution.last().unwrap());
                    self.call_ship(seat, at, ship, events);
                }
                (
                    Pending::Trade {
                        fuel,
                        parts,
                        contraband,
                        contraband_left,
                    },
                    Action::Purchase(item),
                ) => {
                    let price = match item {
                        Item::Fuel => fuel,
                        Item::Parts => parts,
                        _ => contraband,
                    };
                    let left = if item == Item::Contraband {
                        contraband_left - 1
                    } else {
                        contraband_left
                    };
                    r.pending = Some(Pending::Trade {
                        fuel,
                        parts,
                        contraband,
                        contraband_left: left,
                    });
                    self.pay(seat, price, events);
                    self.load(seat, item, 1, events);
                }
                (Pending::Evade, Action::MoveTo(s)) => {
                    r.pending = None;
                    self.move_ship(seat, s, events);
                }
                (Pending::Exemption(_), Action::UseExemption(ignore)) => {
                    self.apply_exemption(ignore, events)
                }
                (Pending::SplitCrew, Action::JoinTeam { crew, team }) => {
                    let idx = self.players[seat as usize].crew_index(crew).unwrap();
                    let r = self.resolution.last_mut().unwrap();
                    r.teams[team as usize] |= 1 << idx;
                    events.push(Event::TeamJoined { seat, crew, team });
                    let assigned = r.teams.iter().fold(0, |a, &t| a | t);
                    if self.acting_mask(seat) & !assigned == 0 {
                        self.resolution.last_mut().unwrap().pending = None;
                    }
                }
                _ => unreachable!("{a:?} is not legal for {pending:?}"),
            }
            return;
        }
        let stage = r.stage;
        if stage == Stage::ChooseOption {
            if let Action::UseCard(g) = a {
                // Dalin's re-draw, or The Operative's Sword.
                if self.redraw_maker(seat) == Some(g) {
                    return self.redraw_misbehave(g, events);
                }
                return self.play_ace(g, events);
            }
        }
        let r = self.resolution.last_mut().unwrap();
        match (r.stage, a) {
            (Stage::ChooseOption, Action::ChooseOption(i)) => self.choose_option(i, false, events),
            (Stage::Bribe, Action::UseCard(_)) => {
                self.lend_skill(events);
                self.pre_roll(events);
            }
            (Stage::Rolled, Action::UseCard(g)) => self.count_roll_as_six(g, events),
            (Stage::ChooseTester, Action::ChooseTester(card)) => {
                r.tester = Some(card);
                self.begin_test(events);
            }
            (Stage::Bribe, Action::DiscardBeforeRoll(g)) => {
                let amount = self
                    .gear_def(g)
                    .abilities
                    .iter()
                    .find_map(|a| match a {
                        Ability::DiscardBeforeRoll { amount } => Some(*amount as i32),
                        _ => None,
                    })
                    .unwrap_or(0);
                self.resolution.last_mut().unwrap().after_roll_bonus += amount;
                self.discard_gear(seat, g, events);
                self.pre_roll(events);
            }
            (Stage::Bribe, Action::NegotiateAsFight) => {
                r.as_fight = true;
                if let Activity::Working { used, .. } = &mut self.activity {
                    *used |= USED_NEGOTIATE_AS_FIGHT;
                }
                self.pre_roll(events);
            }
            (Stage::Bribe, Action::FightAsNegotiate) => {
                r.as_negotiate = true;
                if let Activity::Working { used, .. } = &mut self.activity {
                    *used |= USED_FIGHT_AS_NEGOTIATE;
                }
                self.pre_roll(events);
            }
            (Stage::Bribe, Action::Bribe(n)) => {
                r.bribe = n;
                self.pay(seat, n as u32 * 100, events);
                self.roll_test(events);
            }
            (Stage::Rolled, Action::Reroll) => {
                r.rerolled = true;
                self.roll_test(events);
                self.resolution.last_mut().unwrap().rerolled = true;
            }
            (Stage::Rolled, Action::DiscardToReroll(g)) => {
                let rerolled = r.rerolled;
                self.discard_gear(seat, g, events);
                self.roll_test(events);
                self.resolution.last_mut().unwrap().rerolled = rerolled;
            }
            (Stage::Rolled, Action::DiscardForBonus(g)) => {
                let bonus: i32 = gear_bonus(self.content, g);
                self.resolution.last_mut().unwrap().after_roll_bonus += bonus;
                self.discard_gear(seat, g, events);
            }
            (Stage::Rolled, Action::KeepRoll) => self.settle_roll(events),
            (Stage::ChooseBranch, Action::ChooseBranch(b)) => {
                r.branch = Some(b);
                r.stage = Stage::BranchEffects;
                let o = r.outcome().unwrap();
                r.frames.push((&o.choose[b as usize].effects, 0));
            }
            (s, a) => unreachable!("{a:?} is not legal at {s:?}"),
        }
    }

    fn set_acting_mask_if_working(&mut self, seat: Seat, mask: CrewMask) {
        if seat == self.current {
            self.set_acting_mask(mask);
        }
    }

    // -----------------------------------------------------------------------------------------
    // Effects
    // -----------------------------------------------------------------------------------------

    pub fn pay(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let paid = amount.min(p.money);
        p.money -= paid;
        if paid > 0 {
            events.push(Event::Money {
                seat,
                delta: -(paid as i64),
                now: p.money,
            });
        }
    }

    pub fn earn(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.money += amount;
        if amount > 0 {
            events.push(Event::Money {
                seat,
                delta: amount as i64,
                now: p.money,
            });
        }
    }

    /// Load up to `n` items, as storage allows (FF-MISC-3).
    pub fn load(&mut self, seat: Seat, item: Item, n: u32, events: &mut Vec<Event>) {
        let room = self.room_for(&self.players[seat as usize], item);
        let n = n.min(room).min(255) as u8;
        if n > 0 {
            self.players[seat as usize].items[item.index()] += n;
            events.push(Event::Items {
                seat,
                item,
                delta: n as i32,
            });
        }
    }

    pub fn unload(&mut self, seat: Seat, item: Item, n: u32, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let n = (n as u8).min(p.items[item.index()]);
        if n > 0 {
            p.items[item.index()] -= n;
            events.push(Event::Items {
                seat,
                item,
                delta: -(n as i32),
            });
        }
    }

    /// Who a Kill may hit (FF-DEATH-1, FF-DEATH-3): the crew on the job while working one, only
    /// the chosen crew member after a single-crew test ("One on One"), and only the team that
    /// made the test when the crew is split (FF-MISC-6).
    pub fn kill_mask(&self, seat: Seat) -> CrewMask {
        let mask = self.step_crew_mask(seat);
        match self.resolution.last() {
            Some(r) if r.seat == seat && r.tester.is_some() => {
                let p = &self.players[seat as usize];
                let t = r.tester.and_then(|c| p.crew_index(c)).map_or(0, |i| 1 << i);
                mask & t
            }
            _ => mask,
        }
    }

    /// Who a Kill restricted to a profession may hit ("Kill a Merc"): those of
    /// [`Self::kill_mask`] with it.
    pub fn kill_mask_of(&self, seat: Seat, profession: Option<Profession>) -> CrewMask {
        let mask = self.kill_mask(seat);
        let Some(pr) = profession else {
            return mask;
        };
        let p = &self.players[seat as usize];
        p.crew
            .iter()
            .enumerate()
            .filter(|(i, m)| mask & (1 << i) != 0 && self.has_profession(m, pr))
            .fold(0, |acc, (i, _)| acc | (1 << i))
    }

    /// The crew an effect touches. While working, "all crew" and "Moral crew" mean those on the
    /// job: crew aboard the ship are never affected by Misbehave results or tests met on the
    /// job (FF-WORK-8); elsewhere the acting crew are the whole crew.
    fn crew_in_group(&self, seat: Seat, who: CrewGroup) -> SmallVec<[CrewCard; 8]> {
        let p = &self.players[seat as usize];
        let mask = self.acting_mask(seat);
        p.crew
            .iter()
            .enumerate()
            .filter(|(i, m)| {
                mask & (1 << i) != 0
                    && match who {
                        CrewGroup::All | CrewGroup::OnJob => true,
                        CrewGroup::Moral => self.crew_def(m).moral,
                        CrewGroup::Carrier => self.resolution.last().is_some_and(
                            |r| matches!(r.origin, Origin::Card(g) if m.gear.contains(&g)),
                        ),
                    }
            })
            .map(|(_, m)| m.card)
            .collect()
    }

    fn apply_effect(&mut self, seat: Seat, e: &'static Effect, events: &mut Vec<Event>) {
        let set_pending =
            |s: &mut Self, p: Pending| s.resolution.last_mut().unwrap().pending = Some(p);
        match e {
            Effect::TakeMoney { amount } => self.earn(seat, *amount, events),
            Effect::PayMoney { amount } => self.pay(seat, *amount, events),
            Effect::Load { item, amount } => self.load(seat, *item, *amount as u32, events),
            Effect::LoadUpTo { item, amount } => {
                let max =
                    (*amount as u32).min(self.room_for(&self.players[seat as usize], *item)) as u8;
                if max > 0 {
                    set_pending(self, Pending::LoadUpTo { item: *item, max });
                }
            }
            Effect::LoadGoods { amount } => {
                if self.storage_free_half(&self.players[seat as usize]) > 0 {
                    set_pending(self, Pending::LoadGoods { left: *amount });
                }
            }
            Effect::LoadPerCrewOnJob { item } => {
                let n = self.acting_mask(seat).count_ones();
                self.load(seat, *item, n, events);
            }
            Effect::LoadPerCrewWithoutGear { item } => {
                let p = &self.players[seat as usize];
                let mask = self.acting_mask(seat);
                let n = p
                    .crew
                    .iter()
                    .enumerate()
                    .filter(|(i, m)| mask & (1 << i) != 0 && m.gear.is_empty())
                    .count();
                self.load(seat, *item, n as u32, events);
            }
            Effect::Spend { item, amount } | Effect::Lose { item, amount } => {
                self.unload(seat, *item, *amount as u32, events)
            }
            Effect::KillCrew { count, profession } => {
                // "Kill a Merc" ("The expendable"): with no crew of the profession to choose,
                // nobody is Killed; no other crew member stands in.
                if self.kill_mask_of(seat, *profession) != 0 {
                    set_pending(
                        self,
                        Pending::Kill {
                            left: *count,
                            profession: *profession,
                        },
                    );
                }
            }
            Effect::KillAllCrewOnJob => {
                let cards = self.crew_in_group(seat, CrewGroup::OnJob);
                for card in cards.into_iter().rev() {
                    if let Some(idx) = self.players[seat as usize].crew_index(card) {
                        if self.kill_crew(seat, idx, events) {
                            self.crew_removed(seat, idx);
                            self.crew_lost(seat, events);
                        }
                    }
                }
                self.set_acting_mask_if_working(seat, 0);
            }
            Effect::KillPassengersAndFugitives => {
                let p = &self.players[seat as usize];
                let (pa, fu) = (p.item(Item::Passengers), p.item(Item::Fugitives));
                self.unload(seat, Item::Passengers, pa as u32, events);
                self.unload(seat, Item::Fugitives, fu as u32, events);
                // FF-PBH-12: Bound Fugitives too.
                self.reavers_eat_bound(seat, events);
            }
            Effect::Disgruntle { who } => {
                for card in self.crew_in_group(seat, *who) {
                    if let Some(idx) = self.players[seat as usize].crew_index(card) {
                        // `disgruntle` takes crew who quit or are fired off the job.
                        self.disgruntle(seat, idx, events);
                    }
                }
            }
            Effect::RemoveDisgruntled { who } => {
                for card in self.crew_in_group(seat, *who) {
                    let p = &mut self.players[seat as usize];
                    let idx = p.crew_index(card).unwrap();
                    if p.crew[idx].disgruntled {
                        p.crew[idx].disgruntled = false;
                        p.refresh_disgruntled();
                        events.push(Event::Undisgruntled { seat, crew: card });
                    }
                }
            }
            Effect::DiscardProfession { profession } => {
                // FF-WORK-8: while working, only crew on the job are affected.
                let p = &self.players[seat as usize];
                let mask = self.acting_mask(seat);
                let cards: Vec<_> = p
                    .crew
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(i, m)| mask & (1 << i) != 0 && self.has_profession(m, *profession))
                    .map(|(_, m)| m.card)
                    .collect();
                for card in cards {
                    let idx = self.players[seat as usize].crew_index(card).unwrap();
                    self.discard_crew(seat, idx, events);
                    self.crew_removed(seat, idx);
                }
            }
            Effect::MercsDesertIfStronger => {
                let p = &self.players[seat as usize];
                let mut mercs = 0u16;
                for (i, m) in p.crew.iter().enumerate() {
                    if self.has_profession(m, Profession::Merc) {
                        mercs |= 1 << i;
                    }
                }
                // FF-WORK-8: the crew on the job, while working one.
                let all = self.acting_mask(seat);
                mercs &= all;
                let merc_fight = self.mask_skill(p, mercs, Skill::Fight, false);
                let rest_fight = self.mask_skill(p, all & !mercs, Skill::Fight, false);
                if mercs != 0 && merc_fight > rest_fight {
                    self.apply_effect(seat, &DISCARD_MERCS, events);
                }
            }
            Effect::DiscardShipUpgrade { count } => {
                if !self.players[seat as usize].upgrades.is_empty() {
                    set_pending(self, Pending::DiscardUpgrade { left: *count });
                }
            }
            Effect::TakeShipUpgradeFromDiscard { only, half_price } => set_pending(
                self,
                Pending::TakeUpgrade {
                    only: only.as_deref(),
                    half_price: *half_price,
                },
            ),
            Effect::ReshuffleNav { deck } => {
                self.reshuffle_nav(*deck as usize, events);
            }
            Effect::ArrangeNav { deck, cards } => {
                self.look_at_top(seat, Some(*deck), *cards, false, events)
            }
            Effect::ArrangeMisbehave { cards } => {
                self.look_at_top(seat, None, *cards, true, events)
            }
            // Universal Encyclopedia: put back in any order, none discarded.
            Effect::ReorderMisbehave { cards } => {
                self.look_at_top(seat, None, *cards, false, events)
            }
            Effect::ShoreLeave => self.give_shore_leave(events),
            // The Deal starts once the card's use is over (`Firefly::after_card_use`).
            Effect::DealWith { .. } | Effect::ConsiderTopJob { .. } => {}
            Effect::DiscardTopSupply { cards } => self.discard_top_supply(seat, *cards, events),
            Effect::NameSuit { suit } => self.friendly_game(seat, *suit, events),
            Effect::TakeCrewFromDiscard { from } => {
                let from = from.as_deref().map(|id| {
                    self.content
                        .supply_decks
                        .iter()
                        .position(|d| d.def.id == id)
                        .expect("checked on load") as DeckId
                });
                let p = &self.players[seat as usize];
                // "If you have space in your Crew" (FF-CREW-3).
                if p.crew.len() < self.max_crew(p) && self.any_crew_in_discards(seat, from) {
                    set_pending(self, Pending::TakeCrew { from });
                }
            }
            Effect::SellItems { item, price, max } => {
                if self.players[seat as usize].item(*item) > 0 && *max > 0 {
                    set_pending(
                        self,
                        Pending::Sell {
                            item: *item,
                            price: *price,
                            left: *max,
                        },
                    );
                }
            }
            Effect::DiscardCrew { count } => {
                if self.players[seat as usize].crew.len() > 1 && *count > 0 {
                    set_pending(self, Pending::DiscardCrew { left: *count });
                }
            }
            Effect::PassengersRoll => {
                let roll = self.chance.d6();
                events.push(Event::CardDie { seat, roll });
                let p = &self.players[seat as usize];
                let aboard = p.item(Item::Passengers) + p.item(Item::Fugitives);
                if roll < aboard {
                    set_pending(self, Pending::LosePassengers { left: roll });
                }
            }
            Effect::Gamble {
                stake,
                prize,
                win_from,
            } => {
                let roll = self.chance.d6();
                events.push(Event::CardDie { seat, roll });
                if roll >= *win_from {
                    self.earn(seat, *prize, events);
                } else {
                    self.pay(seat, *stake, events);
                }
            }
            Effect::LoseGoods { amount } => {
                let p = &self.players[seat as usize];
                if *amount > 0 && GOODS.iter().any(|&g| p.item(g) > 0) {
                    set_pending(self, Pending::LoseGoods { left: *amount });
                }
            }
            Effect::WarrantIfOutlaw => {
                if self.is_outlaw(&self.players[seat as usize]) {
                    self.warrant(seat, None, false, events);
                }
            }
            Effect::LoseGoodsOutsideStash => {
                let p = &self.players[seat as usize];
                let (_, stash) = self.storage_boxes(p);
                let half = (stash * 2).min(u8::MAX as u32) as u8;
                let kept = [0; 4];
                let fits = GOODS
                    .iter()
                    .map(|&g| p.item(g) as u32 * half_boxes(g) as u32)
                    .sum::<u32>()
                    <= half as u32;
                let any_fits = GOODS
                    .iter()
                    .any(|&g| p.item(g) > 0 && half >= half_boxes(g));
                if fits {
                    // The Stash holds every Good: nothing is lost, nothing to choose.
                } else if any_fits {
                    set_pending(self, Pending::StashGoods { half, kept });
                } else {
                    self.lose_goods_outside(seat, kept, events);
                }
            }
            Effect::AddRange {
                amount,
                per_moral_crew,
                if_planetary,
            } => {
                let p = &self.players[seat as usize];
                let moral = p.crew.iter().filter(|m| self.crew_def(m).moral).count() as u8;
                let add = if *per_moral_crew {
                    amount.saturating_mul(moral)
                } else {
                    *amount
                };
                let planetary = self.planetary(p.sector);
                if let Activity::Flying { range, .. } = &mut self.activity {
                    if seat == self.current && (planetary || !*if_planetary) {
                        *range = range.saturating_add(add);
                    }
                }
            }
            Effect::FuelLeak => {
                if seat == self.current {
                    self.fuel_leak = true;
                }
            }
            Effect::Drift { sectors } => {
                if *sectors > 0 && self.can_evade(seat) {
                    set_pending(
                        self,
                        Pending::Drift {
                            left: *sectors,
                            mover: self.right_of(seat),
                        },
                    );
                }
            }
            Effect::SeizeContrabandAndFugitives => {
                let p = &self.players[seat as usize];
                let (sc, sf) = self.stashed(p);
                let (c, f) = (p.item(Item::Contraband) - sc, p.item(Item::Fugitives) - sf);
                self.unload(seat, Item::Contraband, c as u32, events);
                self.unload(seat, Item::Fugitives, f as u32, events);
            }
            Effect::Warrant => self.warrant(seat, None, false, events),
            Effect::LoseReputation { contact } => self.lose_reputation(seat, *contact, events),
            Effect::MoveCruiser { how } => self.patrol_move(seat, true, *how, events),
            Effect::MoveCutter { how } => self.cutter_move(seat, *how, events),
            Effect::MoveCorvette { how } => self.corvette_move(seat, *how, events),
            Effect::SeizeFugitives => {
                let p = &self.players[seat as usize];
                let (_, sf) = self.stashed(p);
                let f = p.item(Item::Fugitives) - sf;
                self.unload(seat, Item::Fugitives, f as u32, events);
            }
            Effect::ArrestWantedCrew { count } => {
                if !self.exposed_wanted_crew(seat).is_empty() && *count > 0 {
                    set_pending(self, Pending::Arrest { left: *count });
                }
            }
            Effect::PlaceAlert { alert, at } => self.place_alerts(seat, *alert, *at, events),
            Effect::ResolveAlerts { alert } => self.resolve_alerts(seat, *alert, events),
            Effect::Trade {
                fuel,
                parts,
                contraband,
                contraband_max,
            } => set_pending(
                self,
                Pending::Trade {
                    fuel: *fuel,
                    parts: *parts,
                    contraband: *contraband,
                    contraband_left: *contraband_max,
                },
            ),
            Effect::AllianceContact => self.alliance_contact_effect(seat, events),
            Effect::IfProfession {
                profession,
                then,
                otherwise,
            } => {
                let p = &self.players[seat as usize];
                let has = self.mask_has_profession(p, self.acting_mask(seat), *profession);
                let list = if has { then } else { otherwise };
                self.resolution.last_mut().unwrap().frames.push((list, 0));
            }
            Effect::PayAdjust { amount } => self.job_pay.adjust += *amount,
            Effect::PayHalf => self.job_pay.half = true,
            Effect::PayPerWarrant { amount } => {
                let w = self.players[seat as usize].warrants as u32;
                self.pay(seat, amount * w, events);
            }
            Effect::ClearWarrants => {
                if self.players[seat as usize].warrants > 0 {
                    self.players[seat as usize].warrants = 0;
                    events.push(Event::WarrantsCleared { seat });
                }
            }
            Effect::SeizeAllContrabandAndFugitives => {
                let p = &self.players[seat as usize];
                let (c, f) = (p.item(Item::Contraband), p.item(Item::Fugitives));
                self.unload(seat, Item::Contraband, c as u32, events);
                self.unload(seat, Item::Fugitives, f as u32, events);
            }
            Effect::WantedCrewRolls { removed_up_to } => {
                self.wanted_crew_rolls(seat, *removed_up_to, events)
            }
            Effect::Evade => {
                if self.can_evade(seat) {
                    set_pending(self, Pending::Evade);
                }
            }
            Effect::SplitCrew { teams } => {
                let on = self.acting_mask(seat);
                let r = self.resolution.last_mut().unwrap();
                if on.count_ones() < *teams as u32 {
                    // FF-MISC-6: each team needs at least 1 member; with too few crew on the
                    // job (only 1, for 2 teams) the job fails, judged as FF-MISC-4: the
                    // attempt ends and the job stays Active. The option goes no further.
                    r.failed = true;
                    r.frames.clear();
                    r.stage = Stage::Finished;
                } else {
                    r.teams = smallvec::smallvec![0; *teams as usize];
                    r.pending = Some(Pending::SplitCrew);
                }
            }
            Effect::SeizeGear { keyword } => {
                // FF-MISC-9: seized Gear is removed from play, never discarded, so it cannot be
                // bought back. Only the crew on the job are touched (FF-WORK-8).
                let mask = self.acting_mask(seat);
                let p = &self.players[seat as usize];
                let seized: Vec<SupplyCardId> = p
                    .crew
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .flat_map(|(_, m)| m.gear.iter().copied())
                    .filter(|&g| self.gear_def(g).keywords.contains(keyword))
                    .collect();
                for g in seized {
                    for m in &mut self.players[seat as usize].crew {
                        m.gear.retain(|&x| x != g);
                    }
                    self.removed.supply.insert(g);
                    events.push(Event::GearSeized { seat, card: g });
                }
                self.players[seat as usize].refresh_cards(self.content);
            }
            Effect::GambleOnSuit { suit, stake, prize } => {
                self.gamble_on_suit(seat, *suit, *stake, *prize, events)
            }
            Effect::DeliverUpTo { item } => {
                let max = self.players[seat as usize].item(*item);
                // At least one in all: the last item of the mix that is aboard must be
                // delivered when nothing was yet.
                let min = u8::from(
                    self.job_pay.delivered.iter().all(|&n| n == 0)
                        && !self.later_mix_items_aboard(seat, *item),
                )
                .min(max);
                if min == max {
                    self.deliver_count(seat, *item, max, events);
                } else {
                    set_pending(
                        self,
                        Pending::DeliverUpTo {
                            item: *item,
                            min,
                            max,
                        },
                    );
                }
            }
            Effect::TakeMoneyPerDelivered { item, amount } => {
                let n = self.job_pay.delivered[item.index()] as u32;
                self.earn(seat, amount * n, events);
            }
        }
    }

    /// A job's "Gamble" (Kalidasa), as the fan PC game plays it (the only source): the top
    /// Misbehave card is revealed and discarded; the named suit takes the prize, any other
    /// loses the stake. With no Misbehave card left anywhere, nothing is bet.
    fn gamble_on_suit(
        &mut self,
        seat: Seat,
        named: Suit,
        stake: u32,
        prize: u32,
        events: &mut Vec<Event>,
    ) {
        if self.decks.misbehave.draw_len() == 0 {
            self.forget_seen_top(None);
        }
        let Some(card) = self.decks.misbehave.draw_or_reshuffle(&mut self.chance) else {
            return;
        };
        let def = self.content.misbehave_def(card);
        let won = def.suit == named;
        events.push(Event::SuitRevealed {
            seat,
            card,
            named,
            won,
        });
        // FF-MISB-13: the card goes to the discard pile; the RESHUFFLE card shuffles the deck
        // as when it is resolved (content/base/misbehave.toml).
        self.decks.misbehave.discard(card);
        if def.reshuffle {
            self.decks.misbehave.reshuffle(&mut self.chance);
            self.forget_seen_top(None);
        }
        if won {
            self.earn(seat, prize, events);
        } else {
            self.pay(seat, stake, events);
        }
    }

    /// Whether an item after `item` in the mix of the drop-off being worked is aboard.
    fn later_mix_items_aboard(&self, seat: Seat, item: Item) -> bool {
        let Activity::Working {
            target: WorkTarget::Job(j),
            step,
            ..
        } = self.activity
        else {
            return false;
        };
        let items = &self.content.jobs[j as usize].steps[step as usize].items;
        let p = &self.players[seat as usize];
        items
            .iter()
            .skip_while(|it| it.item != item)
            .skip(1)
            .any(|it| p.item(it.item) > 0)
    }

    /// Deliver `n` of `item` on the job being worked: unloaded and counted for its pay.
    pub fn deliver_count(&mut self, seat: Seat, item: Item, n: u8, events: &mut Vec<Event>) {
        let d = &mut self.job_pay.delivered[item.index()];
        *d = d.saturating_add(n);
        self.unload(seat, item, n as u32, events);
    }

    /// FF-FLY-19: a card moves the Cruiser. "To you" is immediate; otherwise the mover (the
    /// drawer, or the player to the drawer's right) decides where, if there is anywhere to go.
    fn patrol_move(&mut self, seat: Seat, cruiser: bool, how: ShipMove, events: &mut Vec<Event>) {
        debug_assert!(cruiser);
        if how == ShipMove::ToYou {
            let s = self.players[seat as usize].sector;
            self.move_cruiser(s, events);
            return;
        }
        let mover = if how.by_right_player() {
            self.right_of(seat)
        } else {
            seat
        };
        if !self.cruiser_destinations(how, seat).is_empty() {
            self.resolution.last_mut().unwrap().pending = Some(Pending::MoveCruiser { how, mover });
        }
    }

    /// FF-FLY-24, FF-KAL-15: a card moves a Reaver Cutter. The mover (the drawer, or the player
    /// to the drawer's right) chooses which Cutter when several can move, then where ("to you"
    /// needs no second choice). With one Cutter that can move, nobody is asked which.
    fn cutter_move(&mut self, seat: Seat, how: ShipMove, events: &mut Vec<Event>) {
        let mover = if how.by_right_player() {
            self.right_of(seat)
        } else {
            seat
        };
        let movable = self.movable_cutters(how, seat);
        match movable.as_slice() {
            [] => {}
            [i] if how == ShipMove::ToYou => {
                let to = self.players[seat as usize].sector;
                self.move_cutter_to(*i, to, events);
            }
            [i] => {
                self.resolution.last_mut().unwrap().pending = Some(Pending::MoveCutter {
                    how,
                    mover,
                    cutter: Some(*i),
                })
            }
            _ => {
                self.resolution.last_mut().unwrap().pending = Some(Pending::MoveCutter {
                    how,
                    mover,
                    cutter: None,
                })
            }
        }
    }

    /// A card moves the Operative's Corvette (Kalidasa); without it nothing happens.
    fn corvette_move(&mut self, seat: Seat, how: ShipMove, events: &mut Vec<Event>) {
        if how == ShipMove::ToYou {
            if let Some(&s) = self.corvette_destinations(how, seat).first() {
                self.move_corvette(s, events);
            }
            return;
        }
        let mover = if how.by_right_player() {
            self.right_of(seat)
        } else {
            seat
        };
        if !self.corvette_destinations(how, seat).is_empty() {
            self.resolution.last_mut().unwrap().pending =
                Some(Pending::MoveCorvette { how, mover });
        }
    }

    /// FF-BS-9: a Nav card puts Alliance (or Reaver) Alert tokens on the board.
    fn place_alerts(
        &mut self,
        seat: Seat,
        kind: AlertKind,
        at: AlertPlace,
        events: &mut Vec<Event>,
    ) {
        let here = self.players[seat as usize].sector;
        let sectors: SectorList = match at {
            AlertPlace::Here => smallvec::smallvec![here],
            AlertPlace::AllAdjacent => self.neighbours(here).into(),
            AlertPlace::OutlawShips => {
                let mut v: SectorList = self
                    .players
                    .iter()
                    .filter(|p| p.placed && self.is_outlaw(p))
                    .map(|p| p.sector)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            }
        };
        for s in sectors {
            self.place_alert(s, kind, events);
        }
    }

    /// The sector an Alert resolution is about.
    pub fn alert_sector_of(&self, r: &Resolution) -> SectorId {
        match r.origin {
            Origin::Alerts { sector, .. } => sector,
            _ => self.players[r.seat as usize].sector,
        }
    }

    /// Who sits to the right of `seat` (FF-FLY-19c, FF-FLY-24c): the previous seat in turn
    /// order, which is the drawer themself in a solo game.
    pub fn right_of(&self, seat: Seat) -> Seat {
        self.seat_after(seat, self.num_players() - 1)
    }

    /// The seat who must decide now within the top resolution.
    pub fn resolution_actor(&self) -> Seat {
        let r = self.resolution.last().unwrap();
        match r.pending {
            Some(Pending::MoveCruiser { mover, .. })
            | Some(Pending::MoveCutter { mover, .. })
            | Some(Pending::MoveCorvette { mover, .. })
            | Some(Pending::CallShip { mover, .. })
            | Some(Pending::Drift { mover, .. }) => mover,
            _ => r.seat,
        }
    }
}

/// Goods (FF-BS-18, FF-PBH-30), in the order `Pending::StashGoods` counts them.
const GOODS: [Item; 4] = [Item::Cargo, Item::Contraband, Item::Fuel, Item::Parts];

/// Half storage boxes one item takes: Fuel and Parts half a box, the rest a whole (FF-MISC-2/3).
fn half_boxes(item: Item) -> u8 {
    match item {
        Item::Fuel | Item::Parts => 1,
        _ => 2,
    }
}

impl Firefly {
    /// Whether [`Firefly::crew_in_discards`] would list any card (without listing them: legal
    /// actions allocate nothing).
    pub fn any_crew_in_discards(&self, seat: Seat, from: Option<DeckId>) -> bool {
        self.each_crew_in_discards(&self.players[seat as usize], from, |_| true)
    }

    /// The crew cards on the Supply discard piles (of deck `from`, or all) that `seat` may
    /// take aboard for free (Atherton takes no Companions: `MayNotHire`), each once.
    pub fn crew_in_discards(&self, seat: Seat, from: Option<DeckId>) -> Vec<SupplyCardId> {
        let mut v = Vec::new();
        self.each_crew_in_discards(&self.players[seat as usize], from, |c| {
            if !v.contains(&c) {
                v.push(c);
            }
            false
        });
        v
    }

    /// Call `f` with each crew card `p` may hire in the Supply discard piles (deck `from`, or
    /// every deck), copies included, until it returns `true`; whether it did.
    fn each_crew_in_discards(
        &self,
        p: &Player,
        from: Option<DeckId>,
        mut f: impl FnMut(SupplyCardId) -> bool,
    ) -> bool {
        for (d, deck) in self.decks.supply.iter().enumerate() {
            if from.is_some_and(|x| x as usize != d) {
                continue;
            }
            for &c in deck.discard_pile() {
                let hireable = matches!(
                    self.content.supply_cards[c as usize].kind,
                    SupplyKind::Crew(k) if self.may_hire(p, k)
                );
                if hireable && f(c) {
                    return true;
                }
            }
        }
        false
    }

    /// `Effect::LoseGoodsOutsideStash`: every Good but those `kept` in the Stash is lost.
    fn lose_goods_outside(&mut self, seat: Seat, kept: [u8; 4], events: &mut Vec<Event>) {
        if let Some(r) = self.resolution.last_mut() {
            if matches!(r.pending, Some(Pending::StashGoods { .. })) {
                r.pending = None;
            }
        }
        for (k, item) in GOODS.into_iter().enumerate() {
            let n = self.players[seat as usize]
                .item(item)
                .saturating_sub(kept[k]);
            self.unload(seat, item, n as u32, events);
        }
    }
}

fn gear_bonus(c: &Content, g: SupplyCardId) -> i32 {
    let SupplyKind::Gear(d) = c.supply_cards[g as usize].kind else {
        return 0;
    };
    c.gear[d as usize]
        .abilities
        .iter()
        .map(|x| match x {
            Ability::DiscardForBonus { amount, .. } => *amount as i32,
            _ => 0,
        })
        .sum()
}

static DISCARD_MERCS: Effect = Effect::DiscardProfession {
    profession: Profession::Merc,
};
