//! Cards used in the middle of something the rules are doing: a Warrant being issued (Fan
//! Dancer), Solid about to be lost (Roberta), Goods to load after a job (MF-813 Flying Mule),
//! Fuel after a quiet stretch of a Full Burn (Emissions Recycler) — each an `Origin::Offer`
//! resolution pushed on top of whatever was resolving, so the owner decides before the rules go
//! on — and cards used during a test or a Kill: Mal's Brown Coat before a roll, Simon's Sonic
//! Stun Baton after one, The Operative's Sword against a Misbehave card, Med Foam for a Medic
//! Check. Each is `Action::UseCard` of the card at that moment (cards used on one's own turn are
//! in `card_use`).

use tabletop_core::Seat;

use crate::action::Action;
use crate::content::{Ability, ContactName, Job, JobId, Skill, SupplyCardId};
use crate::event::Event;
use crate::resolve::{Origin, Pending, Resolution, Stage};
use crate::state::{CrewCard, Firefly, Phase};
use crate::work::job_matches;

impl Firefly {
    /// Push the decision `pending` of `seat` about `card` on top of what is resolving.
    pub(crate) fn offer(&mut self, seat: Seat, card: SupplyCardId, pending: Pending) {
        let mut r = Resolution::new(Origin::Offer(card), seat, &[]);
        r.stage = Stage::Finished;
        r.pending = Some(pending);
        self.resolution.push(r);
        if !matches!(self.phase, Phase::Over) {
            self.phase = Phase::Resolving;
        }
    }

    /// The crew card of `seat` with an ability matching `f`, and its index in the crew.
    fn crew_card_with(
        &self,
        seat: Seat,
        f: impl Fn(&Ability) -> bool,
    ) -> Option<(usize, SupplyCardId)> {
        let p = &self.players[seat as usize];
        p.crew.iter().enumerate().find_map(|(i, m)| match m.card {
            CrewCard::Hired(c) if self.crew_def(m).abilities.iter().any(&f) => Some((i, c)),
            _ => None,
        })
    }

    /// Gear of `seat`'s matching `f`: carried by crew in `mask`, or any the ship holds with
    /// `spare` (set-aside gear).
    fn gear_with(
        &self,
        seat: Seat,
        mask: crate::crew::CrewMask,
        spare: bool,
        f: impl Fn(&Ability) -> bool,
    ) -> Option<SupplyCardId> {
        let p = &self.players[seat as usize];
        let has = |g: &SupplyCardId| self.gear_def(*g).abilities.iter().any(&f);
        p.crew
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .flat_map(|(_, m)| m.gear.iter().copied())
            .chain(p.spare_gear.iter().filter(|_| spare))
            .find(|g| has(g))
    }

    /// Discard a crew member used for their ability (Fan Dancer, Roberta).
    fn discard_used_crew(
        &mut self,
        seat: Seat,
        idx: usize,
        card: SupplyCardId,
        events: &mut Vec<Event>,
    ) {
        events.push(Event::CardUsed { seat, card });
        self.discard_crew(seat, idx, events);
        self.crew_removed(seat, idx);
    }

    /// What using `card` does at this moment, for the cards of this module (`describe_use`).
    pub(crate) fn describe_offered_use(&self, card: SupplyCardId) -> Option<String> {
        let c = self.content;
        let name = c.supply_label(card);
        let abilities = match c.supply_cards.get(card as usize)?.kind {
            crate::content::SupplyKind::Crew(d) => &c.crew[d as usize].abilities,
            crate::content::SupplyKind::Gear(d) => &c.gear[d as usize].abilities,
            crate::content::SupplyKind::Upgrade(d) => &c.upgrades[d as usize].abilities,
        };
        abilities.iter().find_map(|a| {
            Some(match a {
                Ability::DisgruntleToAddSkill { skill, .. } => {
                    format!(
                        "{name}: its carrier becomes Disgruntled to add their {}",
                        skill.name()
                    )
                }
                Ability::DiscardForSix { .. } => format!("Discard {name}: the roll counts as a 6"),
                Ability::DiscardForAce => format!("Discard {name}: an Ace in the Hole, Proceed"),
                Ability::DiscardForMedicCheck => {
                    format!("Set {name} against the Kill (a successful Medic Check)")
                }
                Ability::DiscardToIgnoreWarrant => format!("Discard {name} to ignore the Warrant"),
                Ability::DiscardToKeepSolid => format!("Discard {name} to stay Solid"),
                Ability::EvadeArrivingShips { from } => {
                    format!("Roll for {name}: {from}–6, Evade")
                }
                _ => return None,
            })
        })
    }

    // ---------------------------------------------------------------------------------------
    // Warrants (Fan Dancer) and lost Solid (Roberta)
    // ---------------------------------------------------------------------------------------

    /// A Warrant is issued to `seat` (FF-MISB-10..12; `job`: the job it was issued on, and
    /// `on_work`: issued by a Misbehave card or job step while working it, so the job is
    /// discarded too). With a Fan Dancer aboard the player first decides whether to discard
    /// her to ignore it: then nothing of the Warrant happens (no token, no lost Solid, the job
    /// stays Active), the fan PC game's reading of "ignore a Warrant Issued".
    pub fn warrant(
        &mut self,
        seat: Seat,
        job: Option<JobId>,
        on_work: bool,
        events: &mut Vec<Event>,
    ) {
        match self.crew_card_with(seat, |a| matches!(a, Ability::DiscardToIgnoreWarrant)) {
            Some((_, card)) => self.offer(seat, card, Pending::Warrant { job, on_work }),
            None => self.warrant_consequences(seat, job, on_work, events),
        }
    }

    /// What a Warrant does (FF-MISB-10..12, FF-REP-6, FF-REP-8): the token and lost Solid; on
    /// a job being worked, the job discarded (FF-MISB-11, with its Challenge, FF-BS-30) and
    /// Niska's Pound of Flesh (FF-REP-10).
    pub(crate) fn warrant_consequences(
        &mut self,
        seat: Seat,
        job: Option<JobId>,
        on_work: bool,
        events: &mut Vec<Event>,
    ) {
        self.issue_warrant(seat, job, events);
        let Some(j) = job.filter(|_| on_work) else {
            return;
        };
        if let Some(c) = self.discard_active(seat, j) {
            if let Some(k) = self.content.jobs[c as usize].contact {
                self.lose_reputation(seat, k, events);
            }
        }
        if self.content.jobs[j as usize].contact == Some(ContactName::Niska) {
            self.begin_resolution(
                Origin::Rule { job: j },
                seat,
                crate::turn::pound_of_flesh(),
                events,
            );
            if !matches!(self.phase, Phase::Over) {
                self.phase = Phase::Resolving;
            }
        }
    }

    /// FF-REP-6: `seat` loses Solid with `c`, unless a Roberta aboard is discarded instead
    /// (the player's choice).
    pub fn lose_reputation(&mut self, seat: Seat, c: ContactName, events: &mut Vec<Event>) {
        if !self.players[seat as usize].is_solid(c) {
            return;
        }
        match self.crew_card_with(seat, |a| matches!(a, Ability::DiscardToKeepSolid)) {
            Some((_, card)) => self.offer(seat, card, Pending::LoseSolid { contact: c }),
            None => self.lose_solid_now(seat, c, events),
        }
    }

    /// The crew member an offer is about, if still aboard: a Fan Dancer for a Warrant, Roberta
    /// for lost Solid.
    fn offered_crew(&self, seat: Seat, pending: Pending) -> Option<(usize, SupplyCardId)> {
        match pending {
            Pending::Warrant { .. } => {
                self.crew_card_with(seat, |a| matches!(a, Ability::DiscardToIgnoreWarrant))
            }
            Pending::LoseSolid { .. } => {
                self.crew_card_with(seat, |a| matches!(a, Ability::DiscardToKeepSolid))
            }
            _ => None,
        }
    }

    /// An offer whose card is gone (used for an earlier offer of the same moment) is no choice:
    /// the rules go on as without it. Returns whether the top offer was settled so.
    pub(crate) fn settle_lapsed_offer(&mut self, events: &mut Vec<Event>) -> bool {
        let Some(r) = self.resolution.last() else {
            return false;
        };
        match r.pending {
            Some(p @ (Pending::Warrant { .. } | Pending::LoseSolid { .. }))
                if self.offered_crew(r.seat, p).is_none() =>
            {
                self.apply_offer(p, Action::Done, events);
                true
            }
            _ => false,
        }
    }

    /// Legal actions of an offer: use the card, or let the rules go on (`Done`).
    pub(crate) fn offer_actions(&self, pending: Pending, seat: Seat, out: &mut Vec<Action>) {
        if let Some((_, c)) = self.offered_crew(seat, pending) {
            out.push(Action::UseCard(c));
        }
        out.push(Action::Done);
    }

    /// Apply the owner's answer to an offer.
    pub(crate) fn apply_offer(&mut self, pending: Pending, a: Action, events: &mut Vec<Event>) {
        let seat = self.resolution.last().unwrap().seat;
        self.resolution.last_mut().unwrap().pending = None;
        match (pending, a) {
            (Pending::Warrant { job, on_work }, Action::Done) => {
                self.warrant_consequences(seat, job, on_work, events)
            }
            (Pending::LoseSolid { contact }, Action::Done) => {
                self.lose_solid_now(seat, contact, events)
            }
            (Pending::Warrant { .. } | Pending::LoseSolid { .. }, Action::UseCard(_)) => {
                let (idx, card) = self.offered_crew(seat, pending).unwrap();
                self.discard_used_crew(seat, idx, card, events);
                if matches!(pending, Pending::Warrant { .. }) {
                    events.push(Event::WarrantIgnored { seat });
                }
            }
            (p, a) => unreachable!("{a:?} is not legal for {p:?}"),
        }
    }

    /// MF-813 Flying Mule (`LoadGoodsAfterJob`): after completing a job of its kind, Goods of
    /// the player's mix, fewer for each crew member who worked the job (one by one, as
    /// `Effect::LoadGoods`: the player may stop early).
    pub(crate) fn goods_after_job(&mut self, seat: Seat, job: &Job) {
        let p = &self.players[seat as usize];
        let worked = self.acting_mask(seat).count_ones();
        let mule = p.crew.iter().flat_map(|m| m.gear.iter()).find_map(|&g| {
            self.gear_def(g).abilities.iter().find_map(|a| match a {
                Ability::LoadGoodsAfterJob {
                    jobs,
                    goods,
                    less_per_crew,
                } if job_matches(job, *jobs) => Some((
                    g,
                    (*goods as u32).saturating_sub(*less_per_crew as u32 * worked) as u8,
                )),
                _ => None,
            })
        });
        if let Some((g, n)) = mule {
            if n > 0 && self.storage_free_half(p) > 0 {
                self.offer(seat, g, Pending::LoadGoods { left: n });
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Tests: Mal's Brown Coat, Simon's Sonic Stun Baton
    // ---------------------------------------------------------------------------------------

    /// Mal's Brown Coat (`DisgruntleToAddSkill`): before rolling a test of its kind, a carrier
    /// on the test who is not Disgruntled may become so to add their skill to it (once a test:
    /// Disgruntled, they cannot pay again without leaving, FF-CREW-12).
    pub(crate) fn lendable_skill(&self) -> Option<(usize, SupplyCardId, Skill)> {
        let r = self.resolution.last()?;
        let tested = r.skill()?;
        let p = &self.players[r.seat as usize];
        let mask = self.test_mask();
        p.crew.iter().enumerate().find_map(|(i, m)| {
            if mask & (1 << i) == 0 || m.disgruntled {
                return None;
            }
            m.gear.iter().find_map(|&g| {
                self.gear_def(g).abilities.iter().find_map(|a| match a {
                    Ability::DisgruntleToAddSkill { test, skill } if *test == tested => {
                        Some((i, g, *skill))
                    }
                    _ => None,
                })
            })
        })
    }

    /// The carrier becomes Disgruntled and their skill joins the test (a term of its own).
    pub(crate) fn lend_skill(&mut self, events: &mut Vec<Event>) {
        let (idx, g, skill) = self.lendable_skill().unwrap();
        let seat = self.resolution.last().unwrap().seat;
        let p = &self.players[seat as usize];
        let crew = p.crew[idx].card;
        let kosherized = self
            .resolution
            .last()
            .unwrap()
            .test()
            .is_some_and(|t| t.kosherized);
        let amount = self.mask_skill(p, 1 << idx, skill, kosherized) as i32;
        events.push(Event::CardUsed { seat, card: g });
        self.disgruntle(seat, idx, events);
        let r = self.resolution.last_mut().unwrap();
        r.lent = Some((crew, g, amount));
    }

    /// Simon's Sonic Stun Baton (`DiscardForSix`): gear carried by crew on a rolled test of
    /// its skill (gear, so not on a Kosherized Fight test unless Lund is on it, FF-SKILL-6).
    pub(crate) fn six_makers(&self) -> Option<SupplyCardId> {
        let r = self.resolution.last()?;
        let skill = r.skill()?;
        let p = &self.players[r.seat as usize];
        let mask = self.test_mask();
        let kosherized = r.test().is_some_and(|t| t.kosherized);
        if !self.gear_counts_on_test(p, mask, skill, kosherized) {
            return None;
        }
        self.gear_with(
            r.seat,
            mask,
            false,
            |a| matches!(a, Ability::DiscardForSix { skill: s } if *s == skill),
        )
    }

    /// The die counts as a 6 and earns Thrillin' Heroics' bonus roll (FF-SKILL-8): bonus
    /// dice are rolled as ever, a 6 earning another.
    pub(crate) fn count_roll_as_six(&mut self, g: SupplyCardId, events: &mut Vec<Event>) {
        let seat = self.resolution.last().unwrap().seat;
        events.push(Event::CardUsed { seat, card: g });
        self.discard_gear(seat, g, events);
        let mut roll = tabletop_core::chance::ExplodingRoll::default();
        roll.push(6);
        loop {
            let f = self.chance.d6();
            roll.push(f);
            if f != 6 {
                break;
            }
        }
        self.resolution.last_mut().unwrap().roll = Some(roll);
    }

    // ---------------------------------------------------------------------------------------
    // Misbehave: The Operative's Sword
    // ---------------------------------------------------------------------------------------

    /// The Operative's Sword (`DiscardForAce`), carried by crew on the job, when a Misbehave
    /// card is to be resolved (FF-MISB-6: an Ace in the Hole means Proceed).
    pub(crate) fn ace_maker(&self) -> Option<SupplyCardId> {
        let r = self.resolution.last()?;
        if !matches!(r.origin, Origin::Misbehave(_)) || r.stage != Stage::ChooseOption {
            return None;
        }
        self.sword_on_job(r.seat)
    }

    /// The `DiscardForAce` gear carried by crew of `seat` on the job.
    pub(crate) fn sword_on_job(&self, seat: Seat) -> Option<SupplyCardId> {
        self.gear_with(seat, self.acting_mask(seat), false, |a| {
            matches!(a, Ability::DiscardForAce)
        })
    }

    /// Discard the Sword: the card is passed as with an Ace in the Hole.
    pub(crate) fn play_ace(&mut self, g: SupplyCardId, events: &mut Vec<Event>) {
        let seat = self.resolution.last().unwrap().seat;
        events.push(Event::CardUsed { seat, card: g });
        self.discard_gear(seat, g, events);
        events.push(Event::AceInTheHole { seat });
        events.push(Event::Ended {
            seat,
            ending: crate::content::Ending::Proceed,
        });
        let r = self.resolution.last_mut().unwrap();
        r.stage = Stage::Finished;
        r.ending = Some(crate::content::Ending::Proceed);
    }

    // ---------------------------------------------------------------------------------------
    // Kills: Med Foam
    // ---------------------------------------------------------------------------------------

    /// Med Foam (`DiscardForMedicCheck`) the player may set against the next Kill, carried by
    /// any crew or set aside on the ship (a Medic Check is the ship's, FF-DEATH-5), unless one
    /// is set already.
    pub(crate) fn med_foam(&self, seat: Seat) -> Option<SupplyCardId> {
        let r = self.resolution.last()?;
        if r.med_foam.is_some() {
            return None;
        }
        let all = crate::crew::all_crew(&self.players[seat as usize]);
        self.gear_with(seat, all, true, |a| {
            matches!(a, Ability::DiscardForMedicCheck)
        })
    }

    /// The crew member chosen to be Killed is saved by the Med Foam set against the Kill:
    /// returns whether it was (the foam is then discarded).
    pub(crate) fn saved_by_med_foam(
        &mut self,
        seat: Seat,
        idx: usize,
        events: &mut Vec<Event>,
    ) -> bool {
        // The Leader is never Killed (FF-CREW-9): the foam waits for another.
        if idx == 0 {
            return false;
        }
        let Some(g) = self.resolution.last_mut().unwrap().med_foam.take() else {
            return false;
        };
        let crew = self.players[seat as usize].crew[idx].card;
        self.discard_gear(seat, g, events);
        events.push(Event::KillPrevented {
            seat,
            crew,
            gear: g,
        });
        true
    }
}

/// Ship cards: the Modded Fuel Catalyzer's Full Burn, the Emissions Recycler's Fuel, the
/// Reaver-Flage, the Xunsu Whisper X1's Evade.
impl Firefly {
    /// The ship card (drive core or upgrade) of `seat` with an ability matching `f`.
    pub(crate) fn ship_card_with<T>(
        &self,
        seat: Seat,
        f: impl Fn(&'static Ability) -> Option<T>,
    ) -> Option<(SupplyCardId, T)> {
        let c = self.content;
        let p = &self.players[seat as usize];
        let core = match p.drive_core {
            crate::state::DriveCoreCard::Card(s) => Some(s),
            crate::state::DriveCoreCard::Starting(_) => None,
        };
        core.into_iter()
            .chain(p.upgrades.iter().copied())
            .find_map(|card| match c.supply_cards[card as usize].kind {
                crate::content::SupplyKind::Upgrade(u) => c.upgrades[u as usize]
                    .abilities
                    .iter()
                    .find_map(&f)
                    .map(|t| (card, t)),
                _ => None,
            })
    }

    /// Modded Fuel Catalyzer (`CatalyzedBurn`): the card, and its extra Fuel and range, when a
    /// Full Burn could be started with it (FF-FLY-2: the Fuel is spent up front).
    pub fn catalyzed_burn(&self, seat: Seat) -> Option<(SupplyCardId, u8, u8)> {
        // Most ships have none (`Player::card_powers`).
        if !self.players[seat as usize].card_powers.catalyzer {
            return None;
        }
        let (card, (fuel, range)) = self.catalyzer(seat)?;
        let p = &self.players[seat as usize];
        (self.can_full_burn(p)
            && p.item(crate::content::Item::Fuel) >= self.full_burn_fuel(p) + fuel)
            .then_some((card, fuel, range))
    }

    /// The `CatalyzedBurn` card of `seat`'s ship, with its extra Fuel and range.
    pub(crate) fn catalyzer(&self, seat: Seat) -> Option<(SupplyCardId, (u8, u8))> {
        self.ship_card_with(seat, |a| match a {
            Ability::CatalyzedBurn { fuel, range } => Some((*fuel, *range)),
            _ => None,
        })
    }

    /// Start a Full Burn with the Catalyzer: its Fuel spent too, its range added.
    pub(crate) fn start_catalyzed_burn(
        &mut self,
        seat: Seat,
        card: SupplyCardId,
        events: &mut Vec<Event>,
    ) {
        let (_, fuel, range) = self.catalyzed_burn(seat).unwrap();
        events.push(Event::CardUsed { seat, card });
        self.take_action("fly", events);
        self.unload(seat, crate::content::Item::Fuel, fuel as u32, events);
        self.start_full_burn(events);
        if let crate::state::Activity::Flying { range: r, .. } = &mut self.activity {
            *r += range;
        }
        if let Phase::FullBurn { range: r, .. } = &mut self.phase {
            *r += range;
        }
    }

    /// Emissions Recycler (`FuelAfterNavCards`): a Nav card drawn in a Full Burn extends or
    /// breaks the run of named cards; a long enough run offers 1 Fuel, once a Fly action.
    pub(crate) fn count_nav_run(&mut self, seat: Seat, card: crate::content::NavCardId) {
        // Kept with the captain's cards: most ships have none, and walk nothing.
        if !self.players[seat as usize].card_powers.counts_nav_runs {
            return;
        }
        let Some((g, (name, in_a_row))) = self.ship_card_with(seat, |a| match a {
            Ability::FuelAfterNavCards { card, in_a_row } => Some((card.as_str(), *in_a_row)),
            _ => None,
        }) else {
            return;
        };
        if self.nav_run == u8::MAX {
            return;
        }
        if self.content.nav_def(card).name == name {
            self.nav_run += 1;
        } else {
            self.nav_run = 0;
        }
        let p = &self.players[seat as usize];
        if self.nav_run >= in_a_row {
            // Once a Fly action: no further runs count until the next Full Burn.
            self.nav_run = u8::MAX;
            if self.room_for(p, crate::content::Item::Fuel) > 0 {
                self.offer(
                    seat,
                    g,
                    Pending::LoadUpTo {
                        item: crate::content::Item::Fuel,
                        max: 1,
                    },
                );
            }
        }
    }

    /// Reaver-Flage (`EnterCutterSectors`): the ship may fly into a Cutter's sector (kept with
    /// the captain's cards: `crate::card_powers`).
    pub fn enters_cutter_sectors(&self, p: &crate::state::Player) -> bool {
        p.card_powers.enters_cutter_sectors
    }

    /// A crew member of `seat` was Killed: taken by Reavers (the Reaver Contact event or a
    /// Reaver Nav card resolving), a Reaver-Flage is discarded.
    pub(crate) fn crew_lost(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let by_reavers = self.resolution.last().is_some_and(|r| match r.origin {
            Origin::Event(e) => self.content.events[e as usize].id == crate::fly::REAVER_CONTACT,
            Origin::Nav(card) => self.content.nav_def(card).id.starts_with("reaver"),
            _ => false,
        });
        if !by_reavers {
            return;
        }
        if let Some((card, ())) = self.ship_card_with(seat, |a| {
            matches!(a, Ability::EnterCutterSectors).then_some(())
        }) {
            self.discard_upgrade(seat, card);
            events.push(Event::UpgradeDiscarded { seat, card });
        }
    }

    /// Xunsu Whisper X1 (`EvadeArrivingShips`): a Cutter or an Alliance ship has entered the
    /// sector of `seat`'s ship: the player may roll to Evade before it has any effect.
    /// Returns whether the player is asked (then the ship's effect waits on the answer).
    pub(crate) fn offer_evade_arrival(&mut self, seat: Seat, ship: crate::rim::NpcShip) -> bool {
        let Some((card, _)) = self.xunsu(seat) else {
            return false;
        };
        self.offer(seat, card, Pending::EvadeArrival { ship });
        true
    }

    /// The `EvadeArrivingShips` card of `seat`'s ship and the roll that Evades.
    fn xunsu(&self, seat: Seat) -> Option<(SupplyCardId, u8)> {
        self.ship_card_with(seat, |a| match a {
            Ability::EvadeArrivingShips { from } => Some(*from),
            _ => None,
        })
    }

    /// The ship's effect on `seat` once the Xunsu is not used or fails: Alliance or Corvette
    /// Contact (a Cutter does nothing until a turn starts in its sector, FF-FLY-22).
    fn arrival_effect(&mut self, seat: Seat, ship: crate::rim::NpcShip, events: &mut Vec<Event>) {
        match ship {
            crate::rim::NpcShip::Cruiser => self.alliance_contact_effect(seat, events),
            crate::rim::NpcShip::Corvette => self.corvette_contact(seat, events),
            crate::rim::NpcShip::Cutter(_) => {}
        }
    }

    /// The answer to `Pending::EvadeArrival`: roll (`UseCard`) or not (`Done`).
    pub(crate) fn apply_evade_arrival(
        &mut self,
        ship: crate::rim::NpcShip,
        a: Action,
        events: &mut Vec<Event>,
    ) {
        let seat = self.resolution.last().unwrap().seat;
        self.resolution.last_mut().unwrap().pending = None;
        let Action::UseCard(card) = a else {
            return self.arrival_effect(seat, ship, events);
        };
        let from = self.xunsu(seat).map_or(7, |(_, f)| f);
        events.push(Event::CardUsed { seat, card });
        let roll = self.chance.d6();
        events.push(Event::CardDie { seat, roll });
        if roll >= from && self.can_evade(seat) {
            self.resolution.last_mut().unwrap().pending = Some(Pending::Evade);
        } else {
            self.arrival_effect(seat, ship, events);
        }
    }
}
