//! Work (FF-WORK), Misbehaving (FF-MISB), reputation (FF-REP) and story goals (FF-WIN).

use tabletop_core::{Outcome, Seat};

use crate::action::Action;
use crate::content::*;
use crate::crew::{all_crew, CrewMask};
use crate::deal::ALL_CONTACTS_MASK;
use crate::event::{Event, PaySource, PayTerm};
use crate::resolve::{Origin, Resolution};
use crate::state::*;

impl Firefly {
    /// The next step of a job for `p`: (step index, whether the job is in hand).
    pub fn job_next_step(&self, p: &Player, j: JobId) -> Option<(u8, bool)> {
        if let Some(a) = p.active.iter().find(|a| a.job == j) {
            return Some((a.steps_done, false));
        }
        p.hand.contains(&j).then_some((0, true))
    }

    /// Whether step `step` of job `j` may be worked in `sector`: its printed sector, or, for a
    /// step set in the Uroboros Belt (Blue Sun, FF-KAL-7), any sector picturing its asteroids.
    #[inline]
    pub fn at_step_place(&self, sector: SectorId, j: JobId, step: u8) -> bool {
        let c = self.content;
        let f = &c.job_facts[j as usize];
        // Breakin' Atmo's "Moon the Alliance": wherever the Alliance Cruiser is.
        if f.at_cruiser & (1 << step) != 0 {
            return sector == self.cruiser;
        }
        f.step_sectors[step as usize] == sector
            || (f.uroboros_belt & (1 << step) != 0 && c.sectors[sector as usize].uroboros)
    }

    /// Where step `step` of job `j` is worked now: its printed sector, or the Alliance
    /// Cruiser's for a step worked wherever the Cruiser is (`JobStep::at_cruiser`). For a step
    /// in the Uroboros Belt, the pictured sector (one of several).
    pub fn job_step_sector(&self, j: JobId, step: u8) -> SectorId {
        let f = &self.content.job_facts[j as usize];
        if f.at_cruiser & (1 << step) != 0 {
            self.cruiser
        } else {
            f.step_sectors[step as usize]
        }
    }

    /// FF-WORK-3, FF-WORK-9, FF-DEAL-7, FF-WORK-14: whether `j` can be worked here now.
    pub fn can_work_job(&self, p: &Player, j: JobId) -> bool {
        self.job_next_step(p, j)
            .is_some_and(|(step, in_hand)| self.can_work_job_step(p, j, step, in_hand))
    }

    /// [`Self::can_work_job`] for a job whose next step is known (`in_hand`: not yet Active).
    /// (Asked for every job at every step of the Actions phase: the checks that rule out most
    /// jobs are made in line, the rest only for a job at its place.)
    #[inline(always)]
    pub(crate) fn can_work_job_step(&self, p: &Player, j: JobId, step: u8, in_hand: bool) -> bool {
        // FF-BS-24: a Big Damn Challenge is never worked on its own; a Piracy job is worked
        // against a rival (`crate::piracy`), not at a planet.
        if self.content.job_facts[j as usize].not_at_a_planet {
            return false;
        }
        // The place first: it rules out most jobs, and the limit walks the crew's abilities.
        self.at_step_place(p.sector, j, step) && self.can_work_job_step_here(p, j, step, in_hand)
    }

    #[inline(never)]
    fn can_work_job_step_here(&self, p: &Player, j: JobId, step: u8, in_hand: bool) -> bool {
        if in_hand && p.active.len() >= self.active_limit(p) {
            return false;
        }
        let job = &self.content.jobs[j as usize];
        let st = &job.steps[step as usize];
        // A drop-off, or a single-step job that delivers ("Deliver 1 Part to get paid"): the
        // goods must be aboard.
        if st.any_mix {
            // "Passengers or Fugitives, either or both": any of them aboard will do.
            if st.items.iter().all(|it| p.item(it.item) == 0) {
                return false;
            }
        } else if st.kind != StepKind::PickUp {
            for it in &st.items {
                let have = p.item(it.item);
                if have == 0 || (it.amount > 0 && have < it.amount) {
                    return false;
                }
            }
        }
        self.work_needs_met(p, self.eligible_crew(p, WorkTarget::Job(j)), j)
    }

    /// FF-WORK-9 and FF-BS-27: the job's Skill Needs, and those of the Big Damn Challenge
    /// attached to it, met by the crew in `mask`.
    pub fn work_needs_met(&self, p: &Player, mask: CrewMask, j: JobId) -> bool {
        let attached = p
            .active
            .iter()
            .find(|a| a.job == j)
            .and_then(|a| a.challenge);
        self.needs_met(p, mask, &self.content.jobs[j as usize])
            && attached.is_none_or(|c| self.challenge_needs_met(p, mask, c))
    }

    /// FF-BS-27: the crew in `mask` meet Challenge `c`'s Needs.
    pub fn challenge_needs_met(&self, p: &Player, mask: CrewMask, c: JobId) -> bool {
        let Some(ch) = &self.content.jobs[c as usize].challenge else {
            return true;
        };
        self.skills_and_keywords_met(p, mask, &ch.needs, &ch.needs_keywords)
    }

    /// FF-WORK-9: the crew in `mask` have these skill points and keywords.
    fn skills_and_keywords_met(
        &self,
        p: &Player,
        mask: CrewMask,
        needs: &Skills,
        keywords: &[Keyword],
    ) -> bool {
        Skill::ALL
            .iter()
            .all(|&s| self.mask_skill(p, mask, s, false) >= needs.get(s) as u32)
            && keywords.iter().all(|&k| self.mask_has_keyword(p, mask, k))
    }

    /// FF-BS-24, FF-BS-25: the Big Damn Challenges in `p`'s hand that may go under job `j`,
    /// started now by the crew in `mask`: Legal ones on Legal jobs, Illegal ones on Illegal
    /// jobs, never on Piracy or Bounty jobs, and only ones whose Needs that crew meets (a
    /// Challenge that cannot be done is not attached).
    pub fn attachable_challenges<'a>(
        &'a self,
        p: &'a Player,
        mask: CrewMask,
        j: JobId,
    ) -> impl Iterator<Item = JobId> + 'a {
        let job = &self.content.jobs[j as usize];
        let open = job.challenge.is_none()
            && p.hand.contains(&j)
            && !job.types.contains(&JobType::Piracy)
            && !job.types.contains(&JobType::Bounty);
        p.hand.iter().copied().filter(move |&c| {
            let card = &self.content.jobs[c as usize];
            open && card.challenge.is_some()
                && card.illegal == job.illegal
                && self.challenge_needs_met(p, mask, c)
        })
    }

    /// The Big Damn Challenge attached to `seat`'s Active job `j`, if any.
    pub fn attached_challenge(&self, seat: Seat, j: JobId) -> Option<JobId> {
        self.players[seat as usize]
            .active
            .iter()
            .find(|a| a.job == j)
            .and_then(|a| a.challenge)
    }

    /// While `seat` works a job with a Challenge that takes a skill away ("With Your Hands
    /// Tied"), that skill counts no crew points on any test of the Work action.
    pub fn challenge_removes_skill(&self, seat: Seat, skill: Skill) -> bool {
        let Activity::Working {
            target: WorkTarget::Job(j),
            ..
        } = self.activity
        else {
            return false;
        };
        seat == self.current
            && self
                .attached_challenge(seat, j)
                .and_then(|c| self.content.jobs[c as usize].challenge.as_ref())
                .is_some_and(|ch| ch.no_skill == Some(skill))
    }

    /// Take Active job `j` off `seat`'s board and discard it, with the Challenge under it.
    pub fn discard_active(&mut self, seat: Seat, j: JobId) -> Option<JobId> {
        let p = &mut self.players[seat as usize];
        let challenge = p
            .active
            .iter()
            .find(|a| a.job == j)
            .and_then(|a| a.challenge);
        p.active.retain(|a| a.job != j);
        self.discard_job(j);
        if let Some(c) = challenge {
            self.discard_job(c);
        }
        challenge
    }

    /// The crew who may go on a Work action: everyone, except Shepherd Book-like crew on an
    /// Immoral job (`StaysAboardForImmoralJobs`) and Lawmen on an Illegal one (FF-PBH-19).
    pub fn eligible_crew(&self, p: &Player, target: WorkTarget) -> CrewMask {
        let mut mask = all_crew(p);
        for (i, m) in p.crew.iter().enumerate() {
            if self.stays_aboard_for(m, target) {
                mask &= !(1 << i);
            }
        }
        mask
    }

    /// FF-WORK-9: the Skill Needs box, and the Needs printed as text (professions, "Solid with
    /// X OR a keyword").
    pub fn needs_met(&self, p: &Player, mask: CrewMask, job: &Job) -> bool {
        self.skills_and_keywords_met(p, mask, &job.needs, &job.needs_keywords)
            && job
                .needs_all
                .iter()
                .all(|r| self.requirement_met_by(p, mask, r))
            && (job.needs_one_of.is_empty()
                || job
                    .needs_one_of
                    .iter()
                    .any(|r| self.requirement_met_by(p, mask, r)))
    }

    /// The Bonus Drop-Offs `p` may work here (Kalidasa's Bonus Opportunities at another planet,
    /// FF-MISC-11): of a started job (Active), not yet earned, at this sector, with the goods
    /// to deliver aboard and a crew that meets the job's Needs and the bonus' requirements.
    pub fn workable_bonus_drop_offs<'a>(
        &'a self,
        p: &'a Player,
    ) -> impl Iterator<Item = WorkTarget> + 'a {
        p.active.iter().flat_map(move |a| {
            let sectors = &self.content.bonus_sectors[a.job as usize];
            let job = &self.content.jobs[a.job as usize];
            (0..sectors.len()).filter_map(move |i| {
                let o = &job.opportunities[i];
                let mask = self.eligible_crew(p, WorkTarget::Job(a.job));
                let ok = sectors[i] == Some(p.sector)
                    && !a.earned(i)
                    && o.items.iter().all(|it| {
                        let have = p.item(it.item);
                        have > 0 && have >= it.amount
                    })
                    && self.work_needs_met(p, mask, a.job)
                    && o.requires
                        .iter()
                        .all(|r| self.requirement_met_by(p, mask, r));
                ok.then_some(WorkTarget::BonusDropOff {
                    job: a.job,
                    bonus: i as u8,
                })
            })
        })
    }

    /// The story's next goal, if `p` may attempt it here (FF-WIN-4, FF-WIN-6).
    /// (Asked at every step of the Actions phase: where the goal is looked at in line, the
    /// rest only there.)
    #[inline]
    pub fn can_work_goal(&self, p: &Player) -> bool {
        let g = p.goals as usize;
        // The goal's place first, from the flat list kept in the rules (`Content::goal_places`):
        // it rules the goal out at nearly every step.
        let here = match self.rules.goal_places.get(g) {
            Some(GoalPlace::At(s)) => *s == p.sector,
            Some(GoalPlace::Haven) => p.haven == Some(p.sector),
            Some(GoalPlace::Nowhere) | None => false,
        };
        here && self.can_work_goal_here(p, &self.story_def().goals[g])
    }

    #[inline(never)]
    fn can_work_goal_here(&self, p: &Player, goal: &Goal) -> bool {
        self.goal_met(p, &goal.requires)
            // A goal whose every instruction needs what you do not have ("Pay Niska $6,000")
            // cannot be attempted.
            && (goal.choices.is_empty()
                || goal
                    .choices
                    .iter()
                    .any(|c| self.option_available(p.seat, c)))
    }

    /// Whether a story goal's standing condition holds (FF-WIN-3). Solid conditions use the same
    /// reputation query as the Contacts' benefits ([`Self::counts_as_solid`]), so a carried
    /// Alliance Ident Card ("counts as Solid with Harken") counts toward them too: `p` meets
    /// every one of a goal's conditions.
    pub fn goal_met(&self, p: &Player, requires: &[GoalCondition]) -> bool {
        requires.iter().all(|c| self.goal_condition(p, c))
    }

    pub fn goal_condition(&self, p: &Player, c: &GoalCondition) -> bool {
        match c {
            // Solid reputation, or cards that count as Solid (FF-REP-5).
            GoalCondition::SolidWith { contacts } => {
                let want = contacts.iter().fold(0u16, |m, k| m | 1 << k.index());
                self.counts_as_solid_mask(p) & want == want
            }
            GoalCondition::SolidCount { count } => {
                p.solid_count() >= *count as u32 || self.counts_as_solid_count(p) >= *count as u32
            }
            GoalCondition::Money { amount } => p.money >= *amount,
            GoalCondition::NoWarrants => p.warrants == 0,
            GoalCondition::Warrants { count } => p.warrants >= *count,
            GoalCondition::CompletedJobs { jobs, count } => {
                p.completed.len() >= *count as usize
                    && p.completed
                        .iter()
                        .filter(|&j| job_matches(&self.content.jobs[j as usize], *jobs))
                        .count()
                        >= *count as usize
            }
        }
    }

    /// FF-WORK-6: every crew member who may go starts on the job; the player takes some off.
    pub fn start_work(&mut self, target: WorkTarget) {
        let mask = self.eligible_crew(self.me(), target);
        self.phase = Phase::ChooseCrew {
            target,
            on_job: mask,
        };
    }

    pub fn choose_crew_actions(&self, out: &mut Vec<Action>) {
        let Phase::ChooseCrew { target, on_job } = self.phase else {
            unreachable!()
        };
        let p = self.me();
        let eligible = self.eligible_crew(p, target);
        for (i, m) in p.crew.iter().enumerate() {
            if eligible & (1 << i) != 0 {
                out.push(Action::ToggleCrew(m.card));
            }
        }
        let ok = on_job != 0
            && match target {
                WorkTarget::Job(j) => self.work_needs_met(p, on_job, j),
                WorkTarget::BonusDropOff { job, bonus } => {
                    self.work_needs_met(p, on_job, job)
                        && self.content.jobs[job as usize].opportunities[bonus as usize]
                            .requires
                            .iter()
                            .all(|r| self.requirement_met_by(p, on_job, r))
                }
                WorkTarget::Goal => true,
                _ => unreachable!("a bounty's Work action chooses no crew"),
            };
        if ok {
            out.push(Action::Done);
        }
    }

    pub fn apply_choose_crew(&mut self, a: Action, events: &mut Vec<Event>) {
        let Phase::ChooseCrew { target, on_job } = &mut self.phase else {
            unreachable!()
        };
        match a {
            Action::ToggleCrew(card) => {
                let idx = self.players[self.actor as usize].crew_index(card).unwrap();
                *on_job ^= 1 << idx;
            }
            Action::Done => {
                let (target, on_job) = (*target, *on_job);
                // FF-BS-24: a job started now may take a Challenge from the hand.
                if let WorkTarget::Job(j) = target {
                    let p = &self.players[self.actor as usize];
                    if self.attachable_challenges(p, on_job, j).next().is_some() {
                        self.phase = Phase::AttachChallenge { job: j, on_job };
                        return;
                    }
                }
                self.begin_step(target, on_job, None, events);
            }
            _ => unreachable!(),
        }
    }

    pub fn attach_challenge_actions(&self, out: &mut Vec<Action>) {
        let Phase::AttachChallenge { job, on_job } = self.phase else {
            unreachable!()
        };
        let p = self.me();
        out.extend(
            self.attachable_challenges(p, on_job, job)
                .map(Action::AttachChallenge),
        );
        out.push(Action::Done);
    }

    pub fn apply_attach_challenge(&mut self, a: Action, events: &mut Vec<Event>) {
        let Phase::AttachChallenge { job, on_job } = self.phase else {
            unreachable!()
        };
        let challenge = match a {
            Action::AttachChallenge(c) => Some(c),
            Action::Done => None,
            _ => unreachable!(),
        };
        self.begin_step(WorkTarget::Job(job), on_job, challenge, events);
    }

    /// The crew is assembled: start the step, drawing Misbehave cards first (FF-MISB-1).
    fn begin_step(
        &mut self,
        target: WorkTarget,
        on_job: CrewMask,
        challenge: Option<JobId>,
        events: &mut Vec<Event>,
    ) {
        let seat = self.current;
        self.job_pay = JobPay::default();
        let (step, misbehave) = match target {
            WorkTarget::Job(j) => {
                let (step, in_hand) = self.job_next_step(&self.players[seat as usize], j).unwrap();
                if in_hand {
                    // FF-WORK-3: the job goes face up in the Active Job area.
                    let p = &mut self.players[seat as usize];
                    p.hand.retain(|&x| x != j && Some(x) != challenge);
                    p.active.push(ActiveJob {
                        challenge,
                        ..ActiveJob::new(j)
                    });
                    events.push(Event::JobStarted { seat, job: j });
                    if let Some(c) = challenge {
                        // FF-BS-24, FF-BS-26: under the job, off the Active-job count.
                        events.push(Event::ChallengeAttached {
                            seat,
                            job: j,
                            challenge: c,
                        });
                    }
                }
                let job = &self.content.jobs[j as usize];
                let mut misbehave = job.steps[step as usize].misbehave;
                // FF-BS-27: the Challenge's hurdles are met on the step that finishes the job.
                if step as usize + 1 == job.steps.len() {
                    if let Some(ch) = self
                        .attached_challenge(seat, j)
                        .and_then(|c| self.content.jobs[c as usize].challenge.as_ref())
                    {
                        misbehave += ch.misbehave;
                    }
                }
                (step, misbehave)
            }
            WorkTarget::BonusDropOff { job, bonus } => (
                bonus,
                self.content.jobs[job as usize].opportunities[bonus as usize].misbehave,
            ),
            WorkTarget::Goal => {
                let g = self.players[seat as usize].goals;
                (g, self.story_def().goals[g as usize].misbehave)
            }
            _ => unreachable!("a bounty's Work action begins in `begin_bounty_work`"),
        };
        let misbehave = match target {
            // FF-WIN-7: abilities for jobs do not apply to goals.
            WorkTarget::Job(_) | WorkTarget::BonusDropOff { .. } => {
                self.fewer_misbehave(seat, on_job, misbehave)
            }
            _ => misbehave,
        };
        self.activity = Activity::Working {
            target,
            on_job,
            misbehave_left: misbehave,
            step,
            used: 0,
            offered: 0,
        };
        self.phase = Phase::Resolving;
        self.next_work_stage(events);
    }

    /// Two-Fry-like crew on the job: one fewer Misbehave card when the job's crew carry the
    /// keyword (a SNIPER RIFLE, by anyone on the job), minimum 1.
    fn fewer_misbehave(&self, seat: Seat, mask: CrewMask, n: u8) -> u8 {
        if n <= 1 {
            return n;
        }
        let p = &self.players[seat as usize];
        let fewer = p.crew.iter().enumerate().any(|(i, m)| {
            mask & (1 << i) != 0
                && self.crew_def(m).abilities.iter().any(|a| match a {
                    Ability::FewerMisbehave { keyword } => self.mask_has_keyword(p, mask, *keyword),
                    _ => false,
                })
        });
        if fewer {
            n - 1
        } else {
            n
        }
    }

    /// Draw the next Misbehave card, or carry out the step's instructions.
    pub(crate) fn next_work_stage(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working {
            on_job,
            misbehave_left,
            ..
        } = self.activity
        else {
            unreachable!()
        };
        if on_job == 0 {
            // FF-MISC-4: everyone on the job was Killed or sent back: the attempt fails.
            events.push(Event::JobFailed { seat });
            return self.end_work();
        }
        if misbehave_left > 0 {
            if let Activity::Working { misbehave_left, .. } = &mut self.activity {
                *misbehave_left -= 1;
            }
            if self.decks.misbehave.draw_len() == 0 {
                self.forget_seen_top(None);
            }
            let card = match self.decks.misbehave.draw_or_reshuffle(&mut self.chance) {
                Some(c) => c,
                None => return self.step_instructions(events),
            };
            events.push(Event::MisbehaveDrawn { seat, card });
            let def = self.content.misbehave_def(card);
            self.begin_resolution(Origin::Misbehave(card), seat, &def.options, events);
            return;
        }
        self.step_instructions(events)
    }

    /// After the Misbehave cards: the step's own options, if any, else success.
    fn step_instructions(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working { target, step, .. } = self.activity else {
            unreachable!()
        };
        let choices: &'static [Choice] = match target {
            // A drop-off of any mix: the player says how many of each item they deliver.
            WorkTarget::Job(j) if self.content.jobs[j as usize].steps[step as usize].any_mix => {
                &self.content.delivery_options[j as usize]
            }
            WorkTarget::Job(j) => &self.content.jobs[j as usize].steps[step as usize].choices,
            WorkTarget::Goal => &self.story_def().goals[step as usize].choices,
            // The drop-off itself: the goods are delivered and the bonus earned.
            WorkTarget::BonusDropOff { .. } => &[],
            _ => unreachable!("a bounty's Work action has no step instructions"),
        };
        if choices.is_empty() {
            return self.step_succeeded(events);
        }
        if !choices.iter().any(|c| self.option_available(seat, c)) {
            // The crew on the job cannot follow any of the instructions: the attempt fails and
            // the job stays Active (FF-WORK-10, as FF-MISC-4).
            events.push(Event::JobFailed { seat });
            return self.end_work();
        }
        let origin = match target {
            WorkTarget::Job(job) => Origin::JobStep { job, step },
            WorkTarget::Goal => Origin::Goal(step),
            _ => unreachable!("only jobs and goals have instructions"),
        };
        // Mark instructions as begun by leaving no Misbehave cards to draw.
        if let Activity::Working { misbehave_left, .. } = &mut self.activity {
            *misbehave_left = u8::MAX;
        }
        self.begin_resolution(origin, seat, choices, events);
    }

    /// A resolution inside a Work action ended.
    pub fn after_work_resolution(&mut self, done: &Resolution, events: &mut Vec<Event>) {
        let (origin, ending) = (done.origin, done.ending);
        let seat = self.current;
        if let Origin::Misbehave(card) = origin {
            // FF-MISB-13: the card goes to the discard pile.
            self.decks.misbehave.discard(card);
            // The "RESHUFFLE DECK" card (Alliance Operatives): once resolved, the discard pile
            // is shuffled back into the deck (content/base/misbehave.toml, as FF-FLY-26).
            if self.content.misbehave_def(card).reshuffle {
                self.decks.misbehave.reshuffle(&mut self.chance);
                self.forget_seen_top(None);
            }
        }
        let Activity::Working { target, .. } = self.activity else {
            unreachable!()
        };
        if let Origin::Opportunity { job, index } = origin {
            // FF-MISC-11: the first option earns the bonus (its reward is paid by the option's
            // effects, apart from the job's pay: no Cut is owed for it), the second passes it
            // up. Either way the job has advanced: its step is carried out now.
            if done.chosen == Some(0) {
                let p = &mut self.players[seat as usize];
                if let Some(a) = p.active.iter_mut().find(|a| a.job == job) {
                    a.opportunities_earned |= 1 << index;
                }
                events.push(Event::OpportunityEarned { seat, job, index });
            }
            // A Bonus Drop-Off was the whole Work action; otherwise the job's step goes on.
            if matches!(target, WorkTarget::BonusDropOff { .. }) {
                return self.end_work();
            }
            return self.step_succeeded(events);
        }
        if done.failed {
            // FF-MISC-6 (a split with too few crew, or a team with nobody left), judged as
            // FF-MISC-4: the attempt fails and the job stays Active.
            events.push(Event::JobFailed { seat });
            return self.end_work();
        }
        match ending {
            Some(Ending::DrawAnother) => {
                if self.working_crew_gone(seat) {
                    events.push(Event::JobFailed { seat });
                    self.end_work();
                } else {
                    // FF-MISB-14: the card was not passed, so it does not count toward the
                    // cards pictured on the job: one more is drawn, and must be passed too.
                    if let Activity::Working { misbehave_left, .. } = &mut self.activity {
                        *misbehave_left = misbehave_left.saturating_add(1);
                    }
                    self.next_work_stage(events)
                }
            }
            Some(Ending::Proceed)
            | Some(Ending::KeepFlying)
            | Some(Ending::FullStop)
            | Some(Ending::Evade)
            | None => {
                if self.working_crew_gone(seat) {
                    // FF-MISC-4: everyone on the job was Killed or sent back to the ship: the
                    // attempt fails (the job stays Active).
                    events.push(Event::JobFailed { seat });
                    self.end_work();
                } else if let Origin::Misbehave(card) = origin {
                    // "Double Down" (Kalidasa): the suits of the cards got through.
                    let bit = 1u8 << self.content.misbehave_def(card).suit as u8;
                    self.job_pay.pair |= self.job_pay.suits & bit != 0;
                    self.job_pay.suits |= bit;
                    self.next_work_stage(events)
                } else {
                    self.step_succeeded(events)
                }
            }
            Some(Ending::AttemptBotched) => {
                // FF-MISB-9, FF-WORK-23, FF-WIN-9.
                self.end_work();
            }
            Some(Ending::WarrantIssued) | Some(Ending::BotchedAndWarrant) => {
                let job = match target {
                    WorkTarget::Job(j) => Some(j),
                    WorkTarget::Goal => None,
                    // A Warrant on a Bonus Drop-Off is a Warrant while working the job
                    // (FF-MISB-11): the job is discarded.
                    WorkTarget::BonusDropOff { job, .. } => Some(job),
                    // FF-PBH-25: a Piracy job lost to a Warrant is discarded like any job.
                    WorkTarget::Piracy { job, .. } => Some(job),
                    _ => None,
                };
                // The attempt is over; the Warrant may still be ignored (Fan Dancer).
                self.end_work();
                self.warrant(seat, job, true, events);
            }
        }
    }

    /// FF-MISC-11: the next of the job's Opportunity Bonuses that can be earned now: not yet
    /// earned, not yet offered in this Work action, and the crew on the job meet its
    /// requirements.
    fn next_opportunity(&self, seat: Seat, j: JobId, offered: u8) -> Option<usize> {
        let p = &self.players[seat as usize];
        // Only on a started, unfinished job: one in the Active Job area.
        let a = p.active.iter().find(|a| a.job == j)?;
        let options = &self.content.opportunity_options[j as usize];
        let located = &self.content.bonus_sectors[j as usize];
        (0..options.len()).find(|&i| {
            located[i].is_none()
                && !a.earned(i)
                && offered & (1 << i) == 0
                && self.option_available(seat, &options[i][0])
        })
    }

    fn step_succeeded(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working {
            target,
            on_job,
            step,
            offered,
            ..
        } = self.activity
        else {
            unreachable!()
        };
        if let WorkTarget::Job(j) = target {
            // FF-MISC-11: the Work action advances the job; before its step is carried out
            // (items loaded or delivered, the job paid), each Opportunity Bonus that can be
            // earned is offered: earn it or pass it up.
            if let Some(i) = self.next_opportunity(seat, j, offered) {
                if let Activity::Working { offered, .. } = &mut self.activity {
                    *offered |= 1 << i;
                }
                let options = &self.content.opportunity_options[j as usize][i];
                let origin = Origin::Opportunity {
                    job: j,
                    index: i as u8,
                };
                return self.begin_resolution(origin, seat, options, events);
            }
        }
        match target {
            WorkTarget::Job(j) => {
                let job = &self.content.jobs[j as usize];
                let st = &job.steps[step as usize];
                events.push(Event::JobStepDone { seat, job: j, step });
                match st.kind {
                    StepKind::PickUp => {
                        let mut no_limit: smallvec::SmallVec<[Item; 6]> = Default::default();
                        for it in &st.items {
                            if it.amount == 0 {
                                no_limit.push(it.item);
                            } else {
                                self.load(seat, it.item, it.amount as u32, events);
                            }
                        }
                        let p = &mut self.players[seat as usize];
                        if let Some(a) = p.active.iter_mut().find(|a| a.job == j) {
                            a.steps_done = 1;
                        }
                        self.end_work();
                        // "No limit": the player chooses how many to load (a decision, not a
                        // default of everything that fits).
                        for item in no_limit.into_iter().rev() {
                            self.begin_resolution(
                                Origin::Rule { job: j },
                                seat,
                                crate::turn::load_any(item),
                                events,
                            );
                            self.phase = Phase::Resolving;
                        }
                    }
                    StepKind::DropOff | StepKind::Target => {
                        // A drop-off of any mix was delivered by its instruction.
                        if !st.any_mix {
                            self.deliver(seat, &st.items, events);
                        }
                        self.complete_job(seat, j, on_job, events);
                    }
                }
            }
            WorkTarget::BonusDropOff { job, bonus } => {
                // FF-MISC-11 (Kalidasa's Bonus Drop-Off): the goods are delivered and the green
                // bonus area is taken; no Cut is owed for it.
                let o = &self.content.jobs[job as usize].opportunities[bonus as usize];
                self.deliver(seat, &o.items, events);
                // Abilities on delivering (Leader Wright), resolved once the bonus is paid:
                // under it on the stack.
                self.offer_on_deliver(seat, job, events);
                let earn = &self.content.opportunity_options[job as usize][bonus as usize][..1];
                let origin = Origin::Opportunity { job, index: bonus };
                self.begin_resolution(origin, seat, earn, events);
            }
            WorkTarget::Goal => {
                self.complete_goal(seat, events);
                if self.outcome.is_none() {
                    self.end_work();
                }
            }
            // FF-PBH-22: the Boarding Test was passed.
            _ => self.boarded(events),
        }
    }

    /// Unload the goods a drop-off delivers (`amount = 0`: all of that item aboard), counted in
    /// `job_pay.delivered`.
    fn deliver(&mut self, seat: Seat, items: &[StepItem], events: &mut Vec<Event>) {
        for it in items {
            let have = self.players[seat as usize].item(it.item);
            let n = if it.amount == 0 { have } else { it.amount };
            self.deliver_count(seat, it.item, n, events);
        }
    }

    /// The player's abilities on delivering an item (`Ability::OnDeliver`, Leader Wright) whose
    /// item the Work action just made delivered: each one's options are resolved.
    fn offer_on_deliver(&mut self, seat: Seat, j: JobId, events: &mut Vec<Event>) {
        let content: &'static Content = self.content;
        let p = &self.players[seat as usize];
        let offers: Vec<&'static [Choice]> = p
            .crew
            .iter()
            .flat_map(|m| content.crew[m.def as usize].abilities.iter())
            .filter_map(|a| match a {
                Ability::OnDeliver { item, options }
                    if self.job_pay.delivered[item.index()] > 0 =>
                {
                    Some(&options[..])
                }
                _ => None,
            })
            .collect();
        for options in offers {
            self.begin_resolution(Origin::Rule { job: j }, seat, options, events);
        }
    }

    /// A completed job is paid and its Cuts settled: what it leaves to decide, in order: the
    /// abilities on delivering (Leader Wright), then the job's "Gamble" (Kalidasa), offered to a
    /// player who has the stake. The gamble is pushed first so that it is resolved last.
    fn after_job_paid(&mut self, seat: Seat, j: JobId, events: &mut Vec<Event>) {
        let content: &'static Content = self.content;
        if let Some(g) = content.jobs[j as usize].gamble {
            if self.players[seat as usize].money >= g.stake {
                let options = &content.gamble_options[j as usize];
                self.begin_resolution(Origin::Rule { job: j }, seat, options, events);
            }
        }
        self.offer_on_deliver(seat, j, events);
        if !self.resolution.is_empty() {
            self.phase = Phase::Resolving;
        }
    }

    /// FF-WORK-16..22, FF-WORK-25, FF-REP-1, FF-REP-9.
    pub(crate) fn complete_job(
        &mut self,
        seat: Seat,
        j: JobId,
        on_job: CrewMask,
        events: &mut Vec<Event>,
    ) {
        let job = &self.content.jobs[j as usize];
        let p = &self.players[seat as usize];
        // The pay, term by term, so that players can read how it was made.
        let mut terms: Vec<PayTerm> = Vec::new();
        let add = |terms: &mut Vec<PayTerm>, source: PaySource, amount: i64| {
            if amount != 0 {
                terms.push(PayTerm { source, amount });
            }
        };
        add(&mut terms, PaySource::Printed, job.pay.unwrap_or(0) as i64);
        // FF-PBH-25: a Piracy job pays for each Good (or job) taken.
        let piracy_target = self.piracy_under_way().map(|(_, t)| t);
        let immoral = self.job_immoral_against(j, piracy_target);
        if let Some(pc) = &job.piracy {
            let count = self.job_pay.plundered as u32;
            add(
                &mut terms,
                PaySource::Plunder {
                    count,
                    each: pc.pay_each,
                },
                (pc.pay_each * count) as i64,
            );
        }
        // "Double Down" (Kalidasa), as the fan PC game plays it (the only source): two of the
        // Misbehave cards got through on this Work action share a suit: the Pay tab again.
        if job.double_down && self.job_pay.pair {
            add(
                &mut terms,
                PaySource::DoubleDown,
                job.pay.unwrap_or(0) as i64,
            );
        }
        if let Some(pp) = job.pay_per {
            for item in std::iter::once(pp.item).chain(pp.also) {
                let count = self.job_pay.delivered[item.index()] as u32;
                add(
                    &mut terms,
                    PaySource::PerItem {
                        item,
                        count,
                        each: pp.amount,
                    },
                    pp.amount as i64 * count as i64,
                );
            }
        }
        // Breakin' Atmo's "Extra Pay $X per [skill]": the skill points of the crew on the Work
        // action that completes the job, their own and their carried gear's, counted as for a
        // test (FF-SKILL-2/4/11; not Kosherized). Part of the pay: halved with it.
        if let Some(x) = job.extra_pay {
            let points = self.mask_skill(p, on_job, x.skill, false);
            add(
                &mut terms,
                PaySource::ExtraPay {
                    skill: x.skill,
                    points,
                    each: x.amount,
                },
                x.amount as i64 * points as i64,
            );
        }
        if self.job_pay.half {
            let before: i64 = terms.iter().map(|t| t.amount).sum();
            terms.push(PayTerm {
                source: PaySource::Halved,
                amount: before / 2 - before,
            });
        }
        add(&mut terms, PaySource::Adjusted, self.job_pay.adjust as i64);
        let mut parts = 0u8;
        if let Some(b) = job.bonus {
            // FF-WORK-17: once, if any crew member has the Profession (or, on Kalidasa's
            // cards, the crew has the keyword).
            let source = match (b.profession, b.keyword) {
                (Some(profession), _)
                    if p.crew.iter().any(|m| self.has_profession(m, profession)) =>
                {
                    Some(PaySource::Bonus { profession })
                }
                (_, Some(keyword)) if self.mask_has_keyword(p, all_crew(p), keyword) => {
                    Some(PaySource::KeywordBonus { keyword })
                }
                _ => None,
            };
            if let Some(source) = source {
                add(&mut terms, source, b.amount as i64);
                parts += b.parts;
            }
        }
        for m in &p.crew {
            let carried = m
                .gear
                .iter()
                .flat_map(|&g| self.gear_def(g).abilities.iter());
            for a in self.crew_def(m).abilities.iter().chain(carried) {
                if let Ability::JobCompletionBonus { jobs, amount } = a {
                    // FF-PBH-26: Piracy made Immoral by its target counts as an Immoral job.
                    if job_matches(job, *jobs) || (*jobs == JobFilter::Immoral && immoral) {
                        add(
                            &mut terms,
                            PaySource::Ability { crew: m.card },
                            *amount as i64,
                        );
                    }
                }
            }
        }
        // Solid Contacts' bonuses (Lord Harrow FF-BS-22, Fanty & Mingo FF-KAL-22).
        for k in &self.content.contacts {
            if let Some(b) = &k.solid_job_bonus {
                if self.counts_as_solid(p, k.contact)
                    && job.types.iter().any(|t| b.types.contains(t))
                {
                    add(
                        &mut terms,
                        PaySource::Contact { contact: k.contact },
                        b.amount as i64,
                    );
                }
            }
        }
        // A story's standing rule (Desperadoes): Illegal jobs pay more.
        if job.illegal {
            let bonus = self.story_def().setup.illegal_job_bonus as i64;
            add(&mut terms, PaySource::IllegalJobBonus, bonus);
        }
        // FF-BS-27: the job is done and so are the Challenge's hurdles (its Needs were met to
        // work each step, its Misbehave cards passed): its reward is added to the pay.
        let challenge = self.attached_challenge(seat, j);
        if let Some(c) = challenge {
            let reward = self.content.jobs[c as usize]
                .challenge
                .as_ref()
                .map_or(0, |ch| ch.reward);
            add(
                &mut terms,
                PaySource::Challenge { challenge: c },
                reward as i64,
            );
        }
        let pay = terms.iter().map(|t| t.amount).sum::<i64>().max(0) as u32;
        let loads: Vec<(Item, u8)> = self
            .crew_abilities(p)
            .filter_map(|a| match a {
                Ability::LoadAfterJob { jobs, item, amount } if job_matches(job, *jobs) => {
                    Some((*item, *amount))
                }
                _ => None,
            })
            .collect();
        events.push(Event::JobCompleted {
            seat,
            job: j,
            pay,
            terms,
        });
        self.earn(seat, pay, events);
        if parts > 0 {
            self.load(seat, Item::Parts, parts as u32, events);
        }
        for (item, n) in loads {
            self.load(seat, item, n as u32, events);
        }
        self.goods_after_job(seat, job);
        // FF-MISC-10: a job with "Salvage Op" among its types counts as a Salvage Op when
        // completed: every "after a Salvage Op" ability pays out.
        if self.job_counts_as(seat, j, JobType::SalvageOp) {
            self.pay_salvage_bonuses(seat, events);
        }
        let p = &mut self.players[seat as usize];
        p.active.retain(|a| a.job != j);
        p.completed.insert(j);
        // FF-BS-28: Solid with Mr. Universe too, the Challenge slid under the ship with the
        // other Solid Contacts; kept or lost apart from the job's Contact.
        if let Some(c) = challenge {
            p.completed.insert(c);
            if let Some(k) = self.content.jobs[c as usize].contact {
                if !p.is_solid(k) {
                    p.set_solid(k, true);
                    events.push(Event::Solid { seat, contact: k });
                }
            }
        }
        if let Some(c) = job.contact {
            // FF-REP-9: no Solid with Harken while holding a Warrant.
            let barred = c == ContactName::Harken && p.warrants > 0;
            if !barred && !p.is_solid(c) {
                p.set_solid(c, true);
                events.push(Event::Solid { seat, contact: c });
            }
        }
        // FF-WORK-22: Immoral jobs disgruntle every Moral crew member; FF-PBH-26: Piracy
        // against a Moral Leader is Immoral.
        if immoral {
            self.disgruntle_moral_crew(seat, events);
        }
        self.activity = Activity::None;
        // FF-WORK-18: the Cut of each non-Leader crew member (none from Moral crew on a "Good
        // Deeds" job).
        match self.next_cut(seat, j, 1) {
            Some(next) => self.phase = Phase::PayCuts { job: j, next },
            None => {
                self.phase = Phase::Actions;
                self.after_job_paid(seat, j, events);
            }
        }
    }

    pub fn pay_cut_actions(&self, out: &mut Vec<Action>) {
        let Phase::PayCuts { next, .. } = self.phase else {
            unreachable!()
        };
        let p = self.me();
        let cut = self.content.crew[p.crew[next as usize].def as usize].cost;
        if p.money >= cut {
            out.push(Action::PayCut(true));
        }
        out.push(Action::PayCut(false));
    }

    /// "Good Deeds": the next crew member from `from` who is owed a Cut for job `j` (Moral crew
    /// ask none for such a job), if any.
    fn next_cut(&self, seat: Seat, j: JobId, from: u8) -> Option<u8> {
        let good_deeds = self.content.jobs[j as usize].good_deeds;
        let p = &self.players[seat as usize];
        (from as usize..p.crew.len())
            .find(|&i| !(good_deeds && self.content.crew[p.crew[i].def as usize].moral))
            .map(|i| i as u8)
    }

    pub fn apply_pay_cut(&mut self, pay: bool, events: &mut Vec<Event>) {
        let Phase::PayCuts { job, next } = self.phase else {
            unreachable!()
        };
        let seat = self.current;
        let m = &self.players[seat as usize].crew[next as usize];
        let card = m.card;
        let cut = self.content.crew[m.def as usize].cost;
        let before = self.players[seat as usize].crew.len();
        if pay {
            self.pay(seat, cut, events);
            events.push(Event::CutPaid {
                seat,
                crew: card,
                amount: cut,
            });
        } else {
            // FF-WORK-19: unpaid crew become Disgruntled at once.
            self.disgruntle(seat, next as usize, events);
        }
        let after = self.players[seat as usize].crew.len();
        let next = if after < before { next } else { next + 1 };
        match self.next_cut(seat, job, next) {
            Some(next) => self.phase = Phase::PayCuts { job, next },
            None => {
                self.phase = Phase::Actions;
                self.after_job_paid(seat, job, events);
            }
        }
    }

    pub fn end_work(&mut self) {
        self.activity = Activity::None;
        if !matches!(self.phase, Phase::Over) {
            self.phase = if self.resolution.is_empty() {
                Phase::Actions
            } else {
                Phase::Resolving
            };
        }
    }

    /// FF-MISB-10..12, FF-REP-6, FF-REP-8, FF-WIN-10: a Warrant token, and lost reputation.
    pub fn issue_warrant(&mut self, seat: Seat, job: Option<JobId>, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.warrants += 1;
        events.push(Event::WarrantIssued {
            seat,
            warrants: p.warrants,
        });
        self.lose_reputation(seat, ContactName::Harken, events);
        if let Some(c) = job.and_then(|j| self.content.jobs[j as usize].contact) {
            self.lose_reputation(seat, c, events);
        }
    }

    /// FF-REP-6: Solid with `c` lost (Roberta was not used: `Firefly::lose_reputation`).
    pub(crate) fn lose_solid_now(&mut self, seat: Seat, c: ContactName, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        if p.is_solid(c) {
            p.set_solid(c, false);
            events.push(Event::ReputationLost { seat, contact: c });
            // FF-KAL-21: with more Active jobs than the limit now allows (a fourth, Solid with
            // Higgins no more), the player discards Active jobs of their choice down to it.
            let p = &self.players[seat as usize];
            if p.active.len() > self.active_limit(p) {
                if let Some(r) = self.resolution.last_mut() {
                    r.pending = Some(crate::resolve::Pending::DiscardActive);
                }
            }
        }
    }

    /// FF-WIN-4: take a Goal token; the last goal wins the game (FF-WIN-1).
    pub fn complete_goal(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        events.push(Event::GoalCompleted {
            seat,
            goal: p.goals,
        });
        p.goals += 1;
        // The Accountant (Breakin' Atmo): money with every Goal token, before a win is checked
        // (a Last Call story counts credits).
        let bonus: u32 = self
            .crew_abilities(&self.players[seat as usize])
            .map(|a| match a {
                Ability::GoalTokenBonus { amount } => *amount,
                _ => 0,
            })
            .sum();
        if bonus > 0 {
            self.earn(seat, bonus, events);
        }
        let p = &self.players[seat as usize];
        // With a Last Call ending, the last Goal token lets its holder declare Last Call
        // (`crate::last_call`) instead of winning at once.
        let story = &self.content.stories[self.story as usize];
        if p.goals as usize >= story.goals.len() && story.last_call.is_none() {
            events.push(Event::Won { seat });
            self.outcome = Some(Outcome {
                winners: vec![seat],
                reason: format!("completed \"{}\"", self.story_def().title),
            });
            self.phase = Phase::Over;
            self.activity = Activity::None;
            self.resolution.clear();
        }
    }

    /// Goals with no location are standing conditions, completed as soon as they hold. Read
    /// off each goal's folded conditions (`StandingCheck`) and the captain's fields: the Solid
    /// reputation their cards give is kept with them (`Player::card_solid`), so no list is
    /// walked after a step (issue 11), but for a goal that counts completed jobs.
    // Asked after every step: the story without standing goals pays one read here, not a call
    // with the body's register saves (issue 11).
    #[inline]
    pub fn check_standing_goals(&mut self, events: &mut Vec<Event>) {
        if self.rules.standing_goals {
            self.check_standing_goals_now(events);
        }
    }

    #[inline(never)]
    fn check_standing_goals_now(&mut self, events: &mut Vec<Event>) {
        let standing: &'static StandingGoals = &self.content.standing_goals[self.story as usize];
        let goals: &'static [Goal] = &self.story_def().goals;
        for seat in 0..self.num_players() {
            while self.outcome.is_none() {
                let p = &self.players[seat as usize];
                let g = p.goals as usize;
                if g >= 64 || standing.mask & (1 << g) == 0 {
                    break;
                }
                if self.standing_goal_met(p, &standing.checks[g], &goals[g].requires) {
                    self.complete_goal(seat, events);
                } else {
                    break;
                }
            }
        }
    }

    /// Whether `p` meets a standing goal whose conditions `requires` are folded in `c`: the
    /// same as [`Self::goal_met`] on the list, which is read only for completed jobs (FF-WIN-3,
    /// FF-REP-5).
    #[inline]
    pub fn standing_goal_met(
        &self,
        p: &Player,
        c: &StandingCheck,
        requires: &[GoalCondition],
    ) -> bool {
        let solid = self.counts_as_solid_mask(p);
        // "Solid with N Contacts" counts the cards' reputation with the captain's own
        // (`goal_condition`'s two counts): the captain's own bits are among `solid`'s, so one
        // count of the whole mask is the larger (asked for every captain after every step).
        p.money >= c.money
            && p.warrants >= c.warrants
            && (!c.no_warrants || p.warrants == 0)
            && solid & c.solid_with == c.solid_with
            && (c.solid_count == 0
                || (solid & ALL_CONTACTS_MASK).count_ones() >= c.solid_count as u32)
            && (!c.completed_jobs || self.goal_met(p, requires))
    }
}

impl Firefly {
    /// Whether `seat`'s completed job `j` counts as a job of type `t`: its printed types, and
    /// those a ship upgrade adds (Hydraulic Docking Clamps: Crime jobs count as Salvage Ops,
    /// so they pay the "after a Salvage Op" abilities, FF-MISC-10).
    pub fn job_counts_as(&self, seat: Seat, j: JobId, t: JobType) -> bool {
        let job = &self.content.jobs[j as usize];
        job.types.contains(&t)
            || self
                .ship_abilities(&self.players[seat as usize])
                .any(|a| match a {
                    Ability::JobsCountAs { jobs, also } => *also == t && job.types.contains(jobs),
                    _ => false,
                })
    }
}

impl Firefly {
    /// FF-WORK-22: an Immoral act (an Immoral job, a Mudder turned over) disgruntles every
    /// Moral crew member.
    pub fn disgruntle_moral_crew(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let moral: Vec<CrewCard> = self.players[seat as usize]
            .crew
            .iter()
            .filter(|m| self.content.crew[m.def as usize].moral)
            .map(|m| m.card)
            .collect();
        for card in moral {
            if let Some(idx) = self.players[seat as usize].crew_index(card) {
                self.disgruntle(seat, idx, events);
            }
        }
    }
}

pub fn job_matches(job: &Job, f: JobFilter) -> bool {
    match f {
        JobFilter::Any => true,
        JobFilter::Immoral => job.immoral,
        JobFilter::Type(t) => job.types.contains(&t),
    }
}
