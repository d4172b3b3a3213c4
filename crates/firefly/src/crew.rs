//! Crew, Leaders, Gear and Disgruntlement (FF-CREW), Death in the 'Verse (FF-DEATH) and
//! professions (FF-PROF).

use tabletop_core::Seat;

use crate::content::*;
use crate::event::{Event, TermSource};
use crate::state::*;

/// A set of crew members of one player, as bits over `Player::crew` indices.
pub type CrewMask = u16;

pub fn all_crew(p: &Player) -> CrewMask {
    ((1u32 << p.crew.len()) - 1) as CrewMask
}

impl Firefly {
    pub fn crew_def(&self, m: &CrewMember) -> &'static Crew {
        &self.content.crew[m.def as usize]
    }

    pub fn gear_def(&self, card: SupplyCardId) -> &'static Gear {
        match self.content.supply_cards[card as usize].kind {
            SupplyKind::Gear(g) => &self.content.gear[g as usize],
            k => unreachable!("{k:?} is not gear"),
        }
    }

    /// Abilities printed on every crew card and on the gear they carry.
    pub fn crew_abilities<'a>(
        &'a self,
        p: &'a Player,
    ) -> impl Iterator<Item = &'static Ability> + 'a {
        p.crew.iter().flat_map(move |m| {
            self.crew_def(m).abilities.iter().chain(
                m.gear
                    .iter()
                    .flat_map(move |&g| self.gear_def(g).abilities.iter()),
            )
        })
    }

    /// FF-CREW-4, FF-MISC-7: a Wanted crew member.
    pub fn is_wanted(&self, m: &CrewMember) -> bool {
        m.wanted_token || self.crew_def(m).wanted
    }

    /// FF-PROF: the professions printed on the card, and those its gear grants (Inara's Guild
    /// Papers: `GrantsProfession`).
    pub fn has_profession(&self, m: &CrewMember, prof: Profession) -> bool {
        self.crew_def(m).professions.contains(&prof)
            || m.gear.iter().any(|&g| {
                self.gear_def(g).abilities.iter().any(
                |a| matches!(a, Ability::GrantsProfession { profession } if *profession == prof),
            )
            })
    }

    /// FF-DEATH-5, FF-DEATH-9: whether this crew member gives the Medic Check.
    pub fn gives_medic_check(&self, m: &CrewMember) -> bool {
        self.has_profession(m, Profession::Medic)
            || self
                .crew_def(m)
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::MedicCheck))
    }

    /// Whether any crew in `mask` has the profession.
    pub fn mask_has_profession(&self, p: &Player, mask: CrewMask, prof: Profession) -> bool {
        p.crew
            .iter()
            .enumerate()
            .any(|(i, m)| mask & (1 << i) != 0 && self.has_profession(m, prof))
    }

    /// FF-KW-1..2: whether crew in `mask`, or gear they carry, have the keyword.
    pub fn mask_has_keyword(&self, p: &Player, mask: CrewMask, kw: Keyword) -> bool {
        p.crew.iter().enumerate().any(|(i, m)| {
            mask & (1 << i) != 0
                && (self.crew_def(m).keywords.contains(&kw)
                    || m.gear
                        .iter()
                        .any(|&g| self.gear_keyword_usable(p, mask, g, kw)))
        })
    }

    fn gear_keyword_usable(
        &self,
        p: &Player,
        mask: CrewMask,
        g: SupplyCardId,
        kw: Keyword,
    ) -> bool {
        let def = self.gear_def(g);
        def.keywords.contains(&kw)
            && def.abilities.iter().all(|a| match a {
                Ability::RequiresProfessionToUse { profession } => {
                    p.crew.iter().any(|m| self.has_profession(m, *profession))
                }
                _ => true,
            })
            && self.gear_usable_with(p, mask, g)
    }

    /// Whether gear card `g` works with the crew in `mask`: a card that "Requires" a keyword
    /// (Vehicle Mounted BFG: TRANSPORT) counts its skills and keywords only while that keyword
    /// is among those crew from another card (their own, or other gear they carry).
    pub fn gear_usable_with(&self, p: &Player, mask: CrewMask, g: SupplyCardId) -> bool {
        self.gear_def(g).abilities.iter().all(|a| match a {
            Ability::RequiresKeywordToUse { keyword } => p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0
                    && (self.crew_def(m).keywords.contains(keyword)
                        || m.gear.iter().any(|&o| {
                            o != g
                                && self.gear_def(o).keywords.contains(keyword)
                                && self
                                    .gear_def(o)
                                    .abilities
                                    .iter()
                                    .all(|b| !matches!(b, Ability::RequiresKeywordToUse { .. }))
                        }))
            }),
            _ => true,
        })
    }

    /// FF-SKILL-6: whether gear may add to a test of `skill` made by the crew in `mask`. On a
    /// Kosherized Fight test only the Fight printed on Crew cards counts: no Fight from gear
    /// in any form — its skill points, a bonus for discarding it after rolling (Knife,
    /// Explosive Charge), a crew member's bonus for carrying it (Crow with a Knife) — unless a
    /// crew member on the test may use gear in Kosherized Fight tests (Lund).
    pub fn gear_counts_on_test(
        &self,
        p: &Player,
        mask: CrewMask,
        skill: Skill,
        kosherized: bool,
    ) -> bool {
        !(kosherized && skill == Skill::Fight)
            || p.crew.iter().enumerate().any(|(i, m)| {
                mask & (1 << i) != 0
                    && self
                        .crew_def(m)
                        .abilities
                        .iter()
                        .any(|a| matches!(a, Ability::GearInKosherized))
            })
    }

    /// FF-SKILL-2/4/6: the skill points of the crew in `mask` and the gear they carry.
    /// Kosherized tests count no Fight from gear unless a crew ability allows it
    /// ([`Firefly::gear_counts_on_test`]).
    pub fn mask_skill(&self, p: &Player, mask: CrewMask, skill: Skill, kosherized: bool) -> u32 {
        let mut total = 0u32;
        self.each_skill_term(p, mask, skill, kosherized, |_, n| total += n);
        total
    }

    /// The parts of [`Self::mask_skill`], one call of `f` each: a crew member's own skill, a
    /// Gear card they carry, an ability that adds to the skill (zero parts included).
    pub fn each_skill_term(
        &self,
        p: &Player,
        mask: CrewMask,
        skill: Skill,
        kosherized: bool,
        mut f: impl FnMut(TermSource, u32),
    ) {
        let gear_counts = self.gear_counts_on_test(p, mask, skill, kosherized);
        for (i, m) in p.crew.iter().enumerate() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let d = self.crew_def(m);
            if self.stays_aboard(m) {
                continue;
            }
            let crew = m.card;
            f(TermSource::Crew { crew }, d.skills.get(skill) as u32);
            for &card in &m.gear {
                let g = self.gear_def(card);
                // Jayne's Holdout Pistol counts even in Kosherized Fight tests. A Vehicle
                // Mounted BFG counts only with a TRANSPORT among these crew.
                if (gear_counts
                    || g.abilities
                        .iter()
                        .any(|a| matches!(a, Ability::UsableInKosherized)))
                    && self.gear_usable_with(p, mask, card)
                {
                    f(TermSource::Gear { crew, card }, g.skills.get(skill) as u32);
                }
            }
            for a in &d.abilities {
                match a {
                    // A bonus for carrying gear is Fight from gear (FF-SKILL-6).
                    Ability::SkillWhenCarrying {
                        skill: s,
                        amount,
                        keyword,
                    } if *s == skill
                        && gear_counts
                        && m.gear
                            .iter()
                            .any(|&g| self.gear_def(g).keywords.contains(keyword)) =>
                    {
                        f(TermSource::Ability { crew }, *amount as u32)
                    }
                    Ability::SkillWithProfessionCount {
                        skill: s,
                        amount,
                        profession,
                        count,
                    } if *s == skill
                        && p.crew
                            .iter()
                            .filter(|c| self.has_profession(c, *profession))
                            .count()
                            >= *count as usize =>
                    {
                        f(TermSource::Ability { crew }, *amount as u32)
                    }
                    // Sheriff Bourne: "+2 Fight while in Border Space".
                    Ability::SkillInZone {
                        skill: s,
                        amount,
                        zone,
                    } if *s == skill && self.content.sectors[p.sector as usize].zone == *zone => {
                        f(TermSource::Ability { crew }, *amount as u32)
                    }
                    _ => {}
                }
            }
        }
    }

    /// Shepherd Book and similar: crew who stay aboard for the job being worked (an Immoral
    /// job); they add no skill to it. Work keeps them off such jobs (`eligible_crew`).
    fn stays_aboard(&self, m: &CrewMember) -> bool {
        let target = match (&self.phase, self.activity) {
            (_, Activity::Working { target, .. }) => target,
            (Phase::ChooseCrew { target, .. }, _) => *target,
            _ => return false,
        };
        self.stays_aboard_for(m, target)
    }

    /// Whether crew member `m` stays aboard for a Work action on `target`: Shepherd Book-like
    /// crew on an Immoral job (`StaysAboardForImmoralJobs`), Lawmen on an Illegal one
    /// (FF-PBH-19: "Lawmen follow the Law").
    pub fn stays_aboard_for(&self, m: &CrewMember, target: WorkTarget) -> bool {
        let (j, against) = match target {
            WorkTarget::Job(j) | WorkTarget::BonusDropOff { job: j, .. } => (j, None),
            WorkTarget::Piracy { job, target } => (job, Some(target)),
            _ => return false,
        };
        let job = &self.content.jobs[j as usize];
        let d = self.crew_def(m);
        (self.job_immoral_against(j, against)
            && d.abilities
                .iter()
                .any(|a| matches!(a, Ability::StaysAboardForImmoralJobs)))
            || (job.illegal && d.professions.contains(&Profession::Lawman))
    }

    /// FF-CREW-17: how many gear cards this crew member may carry.
    pub fn gear_capacity(&self, m: &CrewMember) -> usize {
        self.content.crew_carry[m.def as usize].capacity as usize
    }

    /// The carrying facts of Gear card `g` (`Content::gear_carry`).
    fn gear_carry(&self, g: SupplyCardId) -> &'static GearCarry {
        match self.content.supply_cards[g as usize].kind {
            SupplyKind::Gear(d) => &self.content.gear_carry[d as usize],
            k => unreachable!("{k:?} is not gear"),
        }
    }

    /// Gear cards carried that count toward the limit (some gear does not, e.g. a hat).
    pub fn gear_carried_counted(&self, m: &CrewMember) -> usize {
        m.gear
            .iter()
            .filter(|&&g| self.gear_carry(g).counts)
            .count()
    }

    /// Whether crew member `m` may take up gear card `g` now (read from the content's flat
    /// carrying facts, `GearCarry` and `CrewCarry`: asked for every Gear card set aside and
    /// every crew member at every step of the Actions phase).
    pub fn can_carry(&self, m: &CrewMember, g: SupplyCardId) -> bool {
        let crew = &self.content.crew_carry[m.def as usize];
        self.gear_carry(g)
            .carried_by(crew, self.gear_carried_counted(m))
    }

    // -----------------------------------------------------------------------------------------
    // Disgruntlement
    // -----------------------------------------------------------------------------------------

    /// FF-CREW-11/12, FF-CREW-9/10: give crew member `idx` of `seat` a Disgruntled token.
    pub fn disgruntle(&mut self, seat: Seat, idx: usize, events: &mut Vec<Event>) {
        let p = &self.players[seat as usize];
        if idx == 0 {
            // Fendris-like crew take the Leader's token instead.
            if let Some(f) = p.crew.iter().position(|m| {
                self.crew_def(m)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::TakesLeadersDisgruntlement))
            }) {
                return self.disgruntle(seat, f, events);
            }
        }
        let p = &mut self.players[seat as usize];
        let m = &mut p.crew[idx];
        if !m.disgruntled {
            m.disgruntled = true;
            events.push(Event::Disgruntled { seat, crew: m.card });
            p.refresh_disgruntled();
            return;
        }
        if idx == 0 {
            // FF-CREW-10: "You're all ruttin' fired!"
            events.push(Event::AllFired { seat });
            p.crew[0].disgruntled = false;
            p.refresh_disgruntled();
            while self.players[seat as usize].crew.len() > 1 {
                self.discard_crew(seat, 1, events);
                // Fired crew on a job leave it too (FF-CREW-10, FF-WORK-8).
                self.crew_removed(seat, 1);
            }
        } else {
            // FF-CREW-12: a second token and the crew member leaves the ship.
            events.push(Event::Quit {
                seat,
                crew: self.players[seat as usize].crew[idx].card,
            });
            self.discard_crew(seat, idx, events);
            self.crew_removed(seat, idx);
        }
    }

    /// Discard a hired crew member onto their Supply deck's discard pile (FF-CREW-5, 12, 13);
    /// their gear stays with the ship (set aside).
    pub fn discard_crew(&mut self, seat: Seat, idx: usize, _events: &mut Vec<Event>) {
        assert!(idx > 0, "the Leader is never discarded (FF-CREW-7)");
        let p = &mut self.players[seat as usize];
        let m = p.crew.remove(idx);
        p.spare_gear.extend(m.gear);
        p.refresh_cards(self.content);
        if let CrewCard::Hired(card) = m.card {
            let deck = self.content.supply_cards[card as usize].deck;
            self.decks.supply[deck as usize].discard(card);
        }
    }

    /// FF-DEATH-2/4/5..7: a crew member is Killed. The Medic Check is rolled here; the Leader
    /// returns Disgruntled instead (FF-CREW-9). Gear goes back to the ship (FF-CREW-22).
    pub fn kill_crew(&mut self, seat: Seat, idx: usize, events: &mut Vec<Event>) -> bool {
        let p = &self.players[seat as usize];
        let card = p.crew[idx].card;
        if idx == 0 {
            events.push(Event::LeaderReallyLucky { seat });
            self.disgruntle(seat, 0, events);
            return false;
        }
        // Zoe's Flak Jacket: the carrier lives and the jacket is discarded instead (before any
        // Medic Check: nobody died).
        let jacket = p.crew[idx].gear.iter().copied().find(|&g| {
            self.gear_def(g)
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::DiscardedInsteadOfCarrier))
        });
        if let Some(g) = jacket {
            self.discard_gear(seat, g, events);
            events.push(Event::KillPrevented {
                seat,
                crew: card,
                gear: g,
            });
            return false;
        }
        // Alliance Body Armor (Breakin' Atmo): a die, not a Test; high enough, not Killed.
        let armor = p.crew[idx].gear.iter().find_map(|&g| {
            self.gear_def(g).abilities.iter().find_map(|a| match a {
                Ability::SurviveKillOnRoll { from } => Some((g, *from)),
                _ => None,
            })
        });
        if let Some((g, from)) = armor {
            let roll = self.chance.d6();
            let held = roll >= from;
            events.push(Event::ArmorRoll {
                seat,
                crew: card,
                gear: g,
                roll,
                held,
            });
            if held {
                return false;
            }
        }
        let p = &self.players[seat as usize];
        // FF-DEATH-5..7: one Medic Check per Killed crew member, if any crew gives it (the
        // Medic may check for themself, FF-DEATH-6).
        if p.crew.iter().any(|m| self.gives_medic_check(m)) {
            let bonus: u32 = self
                .crew_abilities(p)
                .chain(self.ship_abilities(p))
                .map(|a| match a {
                    Ability::MedicCheckBonus { amount } => *amount as u32,
                    _ => 0,
                })
                .sum();
            let reroll = self
                .crew_abilities(p)
                .chain(self.ship_abilities(p))
                .any(|a| matches!(a, Ability::MedicReroll));
            let mut roll = self.chance.d6() as u32;
            if roll + bonus < 5 && reroll {
                // A re-roll is only ever taken on a failed check, so it is no real choice.
                roll = self.chance.d6() as u32;
            }
            let saved = roll + bonus >= 5;
            events.push(Event::MedicCheck {
                seat,
                crew: card,
                roll: roll as u8,
                saved,
            });
            if saved {
                return false;
            }
        }
        let p = &mut self.players[seat as usize];
        let m = p.crew.remove(idx);
        p.spare_gear.extend(m.gear.iter().copied());
        p.refresh_cards(self.content);
        events.push(Event::Killed { seat, crew: m.card });
        if let CrewCard::Hired(c) = m.card {
            let discarded = self
                .crew_def(&m)
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::DiscardedWhenKilled));
            if discarded {
                let deck = self.content.supply_cards[c as usize].deck;
                self.decks.supply[deck as usize].discard(c);
            } else {
                self.removed.supply.insert(c);
            }
        }
        true
    }

    /// Crew that must be Killed first (Tracey-like), if any is among `mask`.
    pub fn must_be_killed_first(&self, p: &Player, mask: CrewMask) -> Option<usize> {
        p.crew.iter().enumerate().position(|(i, m)| {
            mask & (1 << i) != 0
                && self
                    .crew_def(m)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::KilledFirst))
        })
    }
}

impl Firefly {
    /// FF-FLY-17: Alliance Contact's roll for each Wanted crew member; a roll up to
    /// `removed_up_to` removes them from play. Crew that ignore the roll (gear) or are hidden
    /// (ship upgrades, up to their number) are not rolled for; some crew must pass extra rolls.
    pub fn wanted_crew_rolls(&mut self, seat: Seat, removed_up_to: u8, events: &mut Vec<Event>) {
        for (card, rolls) in self.exposed_wanted_crew(seat) {
            let caught = (0..rolls).any(|_| self.chance.d6() <= removed_up_to);
            // Meadows may be Killed instead: her captain is asked (one offer per crew member
            // caught; once she is gone, the later ones lapse into the arrest).
            if caught
                && !self.offer_stand_in(seat, crate::pirate_gear::StandInFor::Seized { crew: card })
            {
                self.arrest(seat, card, events);
            }
        }
    }

    /// A crew member is removed from play by the law (FF-DEATH-2): their gear stays aboard.
    pub fn arrest(&mut self, seat: Seat, card: CrewCard, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let Some(idx) = p.crew_index(card) else {
            return;
        };
        let m = p.crew.remove(idx);
        p.spare_gear.extend(m.gear);
        p.refresh_cards(self.content);
        if let CrewCard::Hired(c) = m.card {
            self.removed.supply.insert(c);
        }
        events.push(Event::Arrested { seat, crew: card });
    }

    /// The non-Leader Wanted crew the law can reach, with the rolls each must pass (FF-FLY-17):
    /// not those whose gear ignores Wanted crew rolls, nor as many as the ship hides.
    pub fn exposed_wanted_crew(&self, seat: Seat) -> Vec<(CrewCard, u8)> {
        let p = &self.players[seat as usize];
        let mut hidden: u32 = self
            .ship_abilities(p)
            .map(|a| match a {
                Ability::HideWantedCrew { crew } => *crew as u32,
                _ => 0,
            })
            .sum();
        let mut targets = Vec::new();
        for m in p.crew.iter().skip(1) {
            if !self.is_wanted(m) {
                continue;
            }
            let ignores = m.gear.iter().any(|&g| {
                self.gear_def(g)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::IgnoreWantedRoll))
            });
            if ignores {
                continue;
            }
            if hidden > 0 {
                hidden -= 1;
                continue;
            }
            let rolls = self
                .crew_def(m)
                .abilities
                .iter()
                .find_map(|a| match a {
                    Ability::ExtraWantedRolls { rolls } => Some(*rolls),
                    _ => None,
                })
                .unwrap_or(1);
            targets.push((m.card, rolls));
        }
        targets
    }
}

impl Firefly {
    /// FF-CREW-21: the gear `p` may give to a crew member or set aside now.
    #[inline]
    pub fn equip_actions(&self, p: &Player, out: &mut Vec<crate::action::Action>) {
        // No Gear aside and none carried: nothing to list (kept with the captain's cards,
        // `CardPowers::holds_gear`: issue 11).
        if p.card_powers.holds_gear {
            self.list_equips(p, out);
        }
    }

    #[inline(never)]
    fn list_equips(&self, p: &Player, out: &mut Vec<crate::action::Action>) {
        use crate::action::Action;
        // Most captains set no Gear aside: the set's words are looked at once, not walked.
        if !p.spare_gear.is_empty() {
            for g in &p.spare_gear {
                for m in &p.crew {
                    if self.can_carry(m, g) {
                        out.push(Action::Equip {
                            gear: g,
                            crew: m.card,
                        });
                    }
                }
            }
        }
        for m in &p.crew {
            for &g in &m.gear {
                out.push(Action::Unequip(g));
            }
        }
    }

    /// FF-CREW-21: `Action::Equip` or `Action::Unequip` by `seat`.
    pub fn apply_equip(&mut self, seat: Seat, a: crate::action::Action) {
        use crate::action::Action;
        let p = &mut self.players[seat as usize];
        match a {
            Action::Equip { gear, crew } => {
                p.spare_gear.remove(gear);
                let i = p.crew_index(crew).unwrap();
                p.crew[i].gear.push(gear);
            }
            Action::Unequip(gear) => {
                for m in &mut p.crew {
                    m.gear.retain(|&g| g != gear);
                }
                p.spare_gear.insert(gear);
            }
            _ => unreachable!("not a gear action"),
        }
        p.refresh_cards(self.content);
    }
}
