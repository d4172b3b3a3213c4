//! Pirates & Bounty Hunters' Supply cards, its two ships and Leader Sash (issue 10): the rules
//! their abilities add to Boarding Tests (FF-PBH-21), Showdowns (FF-PBH-23), Kills, the Wanted
//! crew rolls (FF-FLY-17), Misbehaving (FF-MISB) and Piracy (FF-PBH-24..26). Each decision is a
//! legal action of the seat that makes it; the content headers
//! (`content/pirates-and-bounty-hunters/*.toml`) and NOTES.md say how each card was read.
//!
//! - Boarding Tests: the test is the boarding captain's; the boarded ship is the rival's
//!   (`boarded_rival`). The boarder's upgrades add to their own test (EVA Suit, Mag-Grappler
//!   Launchers), the rival's count against it (Booby Trap) or bar a skill (Electronic Defense
//!   Suite); the Interceptor re-rolls its Tech Boarding Tests; a Booby Trap Kills 1 of a boarder
//!   who rolls a 1.
//! - Showdowns: an Alliance Sonic Rifle makes the rival's Fight Kosherized; Sash's Hand Cannon
//!   Disgruntles the rival's Leader before the dice.
//! - Meadows may be Killed instead of a crew member who would be Killed (`Pending::Kill`),
//!   Apprehended or Seized (`Pending::StandIn`, offered to her captain).
//! - Dalin re-draws a Misbehave card for $200, once a Work action.

use tabletop_core::Seat;

use crate::action::Action;
use crate::content::*;
use crate::event::{Event, TermSource};
use crate::resolve::{Origin, Pending, Stage};
use crate::state::*;

/// `Activity::Working::used` bit: Dalin re-drew a Misbehave card on this Work action.
pub const USED_REDRAW_MISBEHAVE: u8 = 4;

/// The Booby Trap's result: one of the boarders is Killed (the boarder chooses, FF-DEATH-1).
static BOOBY_TRAP_KILL: [Effect; 1] = [Effect::KillCrew {
    count: 1,
    profession: None,
}];

/// What Meadows may be Killed instead of (`Pending::StandIn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum StandInFor {
    /// A fugitive of her crew apprehended by the rival who won the Showdown (FF-PBH-9(a)).
    Apprehended { fugitive: SupplyCardId },
    /// A Wanted crew member caught by the Alliance's Wanted crew roll (FF-FLY-17).
    Seized { crew: CrewCard },
}

/// Friendly Game of Cards: the four suits one may name (an option each).
pub fn suit_options() -> &'static [Choice] {
    static OPTIONS: std::sync::OnceLock<Vec<Choice>> = std::sync::OnceLock::new();
    OPTIONS.get_or_init(|| {
        Suit::ALL
            .into_iter()
            .map(|suit| Choice {
                name: format!("Name {}", suit.name()),
                requires: Vec::new(),
                effects: vec![Effect::NameSuit { suit }],
                test: None,
                then: Vec::new(),
                ends: None,
                salvage_op: false,
                breakdown: false,
            })
            .collect()
    })
}

impl Firefly {
    /// Friendly Game of Cards (`Effect::NameSuit`): the card's Misbehave cards are revealed to
    /// everyone and discarded (as Tall Playing Cards'); each of the named suit takes its money
    /// and removes a Disgruntled token, the player choosing whose when there are more
    /// Disgruntled crew than tokens to remove.
    pub(crate) fn friendly_game(&mut self, seat: Seat, suit: Suit, events: &mut Vec<Event>) {
        let Some(Origin::Card(g)) = self.resolution.last().map(|r| r.origin) else {
            return;
        };
        let Some((cards, per_match)) = self.gear_def(g).abilities.iter().find_map(|a| match a {
            Ability::GambleNamedSuit {
                cards, per_match, ..
            } => Some((*cards, *per_match)),
            _ => None,
        }) else {
            return;
        };
        let mut matches = 0u8;
        for _ in 0..cards {
            match self.reveal_top_misbehave(seat, events) {
                Some(s) if s == suit => matches += 1,
                Some(_) => {}
                None => break,
            }
        }
        if matches == 0 {
            return;
        }
        self.earn(seat, per_match * matches as u32, events);
        let grumpy = self.players[seat as usize]
            .crew
            .iter()
            .filter(|m| m.disgruntled)
            .count();
        if grumpy == 0 {
            return;
        }
        if grumpy <= matches as usize {
            let p = &mut self.players[seat as usize];
            for m in &mut p.crew {
                if m.disgruntled {
                    m.disgruntled = false;
                    events.push(Event::Undisgruntled { seat, crew: m.card });
                }
            }
            p.refresh_disgruntled();
        } else {
            self.resolution.last_mut().unwrap().pending = Some(Pending::Cheer { left: matches });
        }
    }

    /// `Pending::Cheer`: `card`'s Disgruntled token is removed.
    pub(crate) fn cheer(&mut self, seat: Seat, card: CrewCard, left: u8, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        if let Some(i) = p.crew_index(card) {
            p.crew[i].disgruntled = false;
            p.refresh_disgruntled();
        }
        events.push(Event::Undisgruntled { seat, crew: card });
        let more = p.card_powers.disgruntled;
        self.resolution.last_mut().unwrap().pending =
            (left > 1 && more).then_some(Pending::Cheer { left: left - 1 });
    }

    /// The ship upgrades of `p` with their abilities (not the drive core: no core has a
    /// Boarding ability).
    fn upgrade_abilities<'a>(
        &'a self,
        p: &'a Player,
    ) -> impl Iterator<Item = (SupplyCardId, &'static Ability)> + 'a {
        let c = self.content;
        p.upgrades.iter().flat_map(move |&u| {
            let abilities: &'static [Ability] = match c.supply_cards[u as usize].kind {
                SupplyKind::Upgrade(d) => &c.upgrades[d as usize].abilities,
                _ => &[],
            };
            abilities.iter().map(move |a| (u, a))
        })
    }

    /// The captain whose ship the Work action under way boards (FF-PBH-21): the one holding
    /// the fugitive to apprehend (FF-PBH-9(a)), or the one whose bounty is jumped (FF-PBH-14).
    pub fn boarded_rival(&self) -> Option<Seat> {
        let Activity::Working { target, .. } = self.activity else {
            return None;
        };
        match target {
            WorkTarget::Apprehend(card) => self
                .players
                .iter()
                .find(|p| p.seat != self.current && p.crew_index(CrewCard::Hired(card)).is_some())
                .map(|p| p.seat),
            WorkTarget::JumpBounty { from, .. } => Some(from),
            WorkTarget::Piracy { target, .. } => Some(target),
            _ => None,
        }
    }

    /// FF-PBH-21 with the ships' cards: the terms a Boarding Test made with `skill` by `seat`
    /// gains from the boarder's upgrades and loses to the boarded rival's.
    pub(crate) fn each_boarding_term(
        &self,
        seat: Seat,
        skill: Skill,
        mut f: impl FnMut(TermSource, i32),
    ) {
        let own = &self.players[seat as usize];
        for (card, a) in self.upgrade_abilities(own) {
            if let Ability::BoardingModifier {
                skill: k,
                amount,
                against_rivals: false,
            } = a
            {
                if *k == skill {
                    f(TermSource::Upgrade { card }, *amount as i32);
                }
            }
        }
        if let Some(r) = self.boarded_rival() {
            for (card, a) in self.upgrade_abilities(&self.players[r as usize]) {
                if let Ability::BoardingModifier {
                    skill: k,
                    amount,
                    against_rivals: true,
                } = a
                {
                    if *k == skill {
                        f(TermSource::Upgrade { card }, *amount as i32);
                    }
                }
            }
        }
    }

    /// Electronic Defense Suite: whether the boarded rival's ship bars the skill of Boarding
    /// Test option `c`.
    pub(crate) fn boarding_option_barred(&self, c: &Choice) -> bool {
        let (Some(t), Some(r)) = (c.test.as_ref(), self.boarded_rival()) else {
            return false;
        };
        self.upgrade_abilities(&self.players[r as usize])
            .any(|(_, a)| matches!(a, Ability::BoardingSkillBarred { skill } if *skill == t.skill))
    }

    /// The Interceptor: whether `seat`'s ship may re-roll a Boarding Test of `skill`.
    pub(crate) fn may_reroll_boarding(&self, seat: Seat, skill: Skill) -> bool {
        self.ship_abilities(&self.players[seat as usize])
            .any(|a| matches!(a, Ability::RerollBoarding { skill: k } if *k == skill))
    }

    /// Booby Trap: the effects a Boarding Test settled with `first_die` adds (a Kill among the
    /// boarders when the rival's ship is trapped and the die shows 1).
    pub(crate) fn booby_trap(&self, first_die: u8) -> Option<&'static [Effect]> {
        let r = self.boarded_rival()?;
        (first_die == 1
            && self
                .upgrade_abilities(&self.players[r as usize])
                .any(|(_, a)| matches!(a, Ability::BoardingTrap)))
        .then_some(&BOOBY_TRAP_KILL[..])
    }

    /// Cryo Stasis Chamber: whether rivals may Jump `seat`'s bounties (FF-PBH-14).
    pub fn bounties_jumpable(&self, seat: Seat) -> bool {
        !self
            .ship_abilities(&self.players[seat as usize])
            .any(|a| matches!(a, Ability::NoBountyJumps))
    }

    // -----------------------------------------------------------------------------------------
    // Showdowns: Alliance Sonic Rifle, Sash's Hand Cannon
    // -----------------------------------------------------------------------------------------

    /// Whether gear of `seat`'s crew in `mask` has an ability matching `f`.
    fn side_gear_has(
        &self,
        seat: Seat,
        mask: crate::crew::CrewMask,
        f: impl Fn(&Ability) -> bool,
    ) -> bool {
        let p = &self.players[seat as usize];
        p.crew.iter().enumerate().any(|(i, m)| {
            mask & (1 << i) != 0
                && m.gear
                    .iter()
                    .any(|&g| self.gear_def(g).abilities.iter().any(&f))
        })
    }

    /// The crew of a Showdown side: the Attacker's crew on the attempt, the Defender's whole
    /// crew.
    pub(crate) fn showdown_mask(&self, seat: Seat, attacker: bool) -> crate::crew::CrewMask {
        match (attacker, self.activity) {
            (true, Activity::Working { on_job, .. }) => on_job,
            _ => crate::crew::all_crew(&self.players[seat as usize]),
        }
    }

    /// Alliance Sonic Rifle: whether the side `attacker` (seat `seat`) using `skill` fights
    /// Kosherized because the other side (`rival`) carries one.
    pub(crate) fn showdown_kosherized(
        &self,
        skill: Skill,
        attacker: bool,
        rival: Option<Seat>,
    ) -> bool {
        let Some(r) = rival else { return false };
        skill == Skill::Fight
            && self.side_gear_has(r, self.showdown_mask(r, !attacker), |a| {
                matches!(a, Ability::RivalsKosherizedInShowdown)
            })
    }

    /// Sash's Hand Cannon: before the dice, each side whose crew in the Showdown carries one
    /// Disgruntles the other side's Leader (a lone fugitive has none).
    pub(crate) fn hand_cannons(
        &mut self,
        attacker: Seat,
        defender: Option<Seat>,
        events: &mut Vec<Event>,
    ) {
        let Some(d) = defender else { return };
        let cannon = |a: &Ability| matches!(a, Ability::DisgruntleRivalLeaderInShowdown);
        let by_attacker = self.side_gear_has(attacker, self.showdown_mask(attacker, true), cannon);
        let by_defender = self.side_gear_has(d, self.showdown_mask(d, false), cannon);
        if by_attacker {
            self.disgruntle(d, 0, events);
        }
        if by_defender {
            self.disgruntle(attacker, 0, events);
        }
    }

    // -----------------------------------------------------------------------------------------
    // Meadows
    // -----------------------------------------------------------------------------------------

    /// Meadows (`KilledInstead`) of `seat`'s crew, with her index, unless she is `not`.
    pub fn stand_in(&self, seat: Seat, not: Option<CrewCard>) -> Option<(usize, SupplyCardId)> {
        let p = &self.players[seat as usize];
        p.crew.iter().enumerate().find_map(|(i, m)| match m.card {
            CrewCard::Hired(c)
                if Some(m.card) != not
                    && self
                        .crew_def(m)
                        .abilities
                        .iter()
                        .any(|a| matches!(a, Ability::KilledInstead)) =>
            {
                Some((i, c))
            }
            _ => None,
        })
    }

    /// FF-PBH-9(a): the rival won the Showdown for `fugitive` of `seat`'s crew: with Meadows
    /// aboard her captain decides first whether she is Killed instead. Returns whether asked.
    pub(crate) fn offer_stand_in(&mut self, seat: Seat, what: StandInFor) -> bool {
        let not = match what {
            StandInFor::Apprehended { fugitive } => CrewCard::Hired(fugitive),
            StandInFor::Seized { crew } => crew,
        };
        let Some((_, card)) = self.stand_in(seat, Some(not)) else {
            return false;
        };
        self.offer(seat, card, Pending::StandIn(what));
        true
    }

    /// The answer to `Pending::StandIn`: Meadows Killed instead (`UseCard`), or not (`Done`).
    pub(crate) fn apply_stand_in(&mut self, what: StandInFor, a: Action, events: &mut Vec<Event>) {
        let seat = self.resolution.last().unwrap().seat;
        self.resolution.last_mut().unwrap().pending = None;
        let not = match what {
            StandInFor::Apprehended { fugitive } => CrewCard::Hired(fugitive),
            StandInFor::Seized { crew } => crew,
        };
        let stood_in = match (a, self.stand_in(seat, Some(not))) {
            (Action::UseCard(_), Some((idx, card))) => {
                events.push(Event::KilledInstead {
                    seat,
                    crew: CrewCard::Hired(card),
                    instead_of: not,
                });
                if self.kill_crew(seat, idx, events) {
                    self.crew_removed(seat, idx);
                }
                true
            }
            _ => false,
        };
        match what {
            StandInFor::Apprehended { fugitive } => {
                if !stood_in {
                    self.bind_from_rival(fugitive, events);
                }
                self.end_work();
            }
            StandInFor::Seized { crew } => {
                if !stood_in {
                    self.arrest(seat, crew, events);
                }
            }
        }
    }

    /// The legal answers to `Pending::StandIn` (her card gone, only `Done`).
    pub(crate) fn stand_in_actions(&self, seat: Seat, what: StandInFor, out: &mut Vec<Action>) {
        let not = match what {
            StandInFor::Apprehended { fugitive } => CrewCard::Hired(fugitive),
            StandInFor::Seized { crew } => crew,
        };
        if let Some((_, card)) = self.stand_in(seat, Some(not)) {
            out.push(Action::UseCard(card));
        }
        out.push(Action::Done);
    }

    /// Meadows may be chosen for a Kill that is `seat`'s to choose, when she is not among those
    /// the Kill may hit (`mask`) and someone else is.
    pub(crate) fn kill_stand_in(
        &self,
        seat: Seat,
        mask: crate::crew::CrewMask,
    ) -> Option<CrewCard> {
        let (i, c) = self.stand_in(seat, None)?;
        (mask != 0 && mask & (1 << i) == 0).then_some(CrewCard::Hired(c))
    }

    // -----------------------------------------------------------------------------------------
    // Dalin
    // -----------------------------------------------------------------------------------------

    /// Dalin (`RedrawMisbehave`): on the job, not yet used this Work action, the captain able
    /// to pay; the card his captain may pay to re-draw the Misbehave card being resolved.
    pub(crate) fn redraw_maker(&self, seat: Seat) -> Option<SupplyCardId> {
        let Activity::Working { on_job, used, .. } = self.activity else {
            return None;
        };
        if used & USED_REDRAW_MISBEHAVE != 0 {
            return None;
        }
        let p = &self.players[seat as usize];
        p.crew.iter().enumerate().find_map(|(i, m)| {
            let CrewCard::Hired(card) = m.card else {
                return None;
            };
            if on_job & (1 << i) == 0 {
                return None;
            }
            self.crew_def(m).abilities.iter().find_map(|a| match a {
                Ability::RedrawMisbehave { cost } if p.money >= *cost => Some(card),
                _ => None,
            })
        })
    }

    /// Whether the Misbehave card being resolved may be re-drawn with Dalin now.
    pub(crate) fn may_redraw(&self) -> bool {
        self.resolution.last().is_some_and(|r| {
            matches!(r.origin, Origin::Misbehave(_))
                && r.stage == Stage::ChooseOption
                && self.redraw_maker(r.seat).is_some()
        })
    }

    /// Dalin: pay, discard the card unresolved, and draw another in its place.
    pub(crate) fn redraw_misbehave(&mut self, dalin: SupplyCardId, events: &mut Vec<Event>) {
        let r = self.resolution.pop().unwrap();
        let seat = r.seat;
        let Origin::Misbehave(old) = r.origin else {
            unreachable!("Dalin re-draws a Misbehave card")
        };
        let cost = self
            .crew_def_of_card(dalin)
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::RedrawMisbehave { cost } => Some(*cost),
                _ => None,
            })
            .unwrap_or(0);
        events.push(Event::CardUsed { seat, card: dalin });
        self.pay(seat, cost, events);
        if let Activity::Working { used, .. } = &mut self.activity {
            *used |= USED_REDRAW_MISBEHAVE;
        }
        events.push(Event::MisbehaveRedrawn { seat, card: old });
        self.decks.misbehave.discard(old);
        if self.content.misbehave_def(old).reshuffle {
            self.decks.misbehave.reshuffle(&mut self.chance);
            self.forget_seen_top(None);
        }
        if self.decks.misbehave.draw_len() == 0 {
            self.forget_seen_top(None);
        }
        match self.decks.misbehave.draw_or_reshuffle(&mut self.chance) {
            Some(card) => {
                events.push(Event::MisbehaveDrawn { seat, card });
                let def = self.content.misbehave_def(card);
                self.begin_resolution(Origin::Misbehave(card), seat, &def.options, events);
            }
            // No card left anywhere: the re-drawn card is as passed.
            None => self.next_work_stage(events),
        }
    }

    fn crew_def_of_card(&self, card: SupplyCardId) -> &'static Crew {
        match self.content.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => &self.content.crew[d as usize],
            _ => unreachable!("a crew card"),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Early's Datascope, Piracy
    // -----------------------------------------------------------------------------------------

    /// Early's Datascope (`Effect::DiscardTopSupply`): the top cards of the Supply deck where
    /// `seat`'s ship is are shown to everyone and discarded.
    pub(crate) fn discard_top_supply(&mut self, seat: Seat, cards: u8, events: &mut Vec<Event>) {
        let Some(d) = self.supply_deck_at(self.players[seat as usize].sector) else {
            return;
        };
        for _ in 0..cards {
            let Some(card) = self.decks.supply[d as usize].draw() else {
                break;
            };
            events.push(Event::SupplyCardRevealed { seat, card });
            self.decks.supply[d as usize].discard(card);
        }
    }

    /// FF-PBH-24..26 with the Bandits and Leader Sash: `seat` completed a Piracy job against
    /// `rival`: each `PiracyTakeFromRival` of the crew takes its money from the rival (as much
    /// as they have).
    pub fn take_piracy_money(&mut self, seat: Seat, rival: Seat, events: &mut Vec<Event>) {
        let want: u32 = self
            .crew_abilities(&self.players[seat as usize])
            .map(|a| match a {
                Ability::PiracyTakeFromRival { amount } => *amount,
                _ => 0,
            })
            .sum();
        let amount = want.min(self.players[rival as usize].money);
        if amount == 0 {
            return;
        }
        self.players[rival as usize].money -= amount;
        self.players[seat as usize].money += amount;
        events.push(Event::MoneyTaken {
            seat,
            from: rival,
            amount,
        });
    }
}
