//! Jobs: what a job is worth to us and per turn, which jobs to accept, keep or discard, the crew
//! sent on a job and its Cuts.

use super::*;

/// How a job looks to us.
#[derive(Clone, Copy, Debug)]
pub(super) struct JobEval {
    /// Expected worth per turn spent on it.
    pub(super) score: f64,
    /// Expected worth (pay, story value, less risk) when done.
    pub(super) worth: f64,
    /// The crew meets its Skill Needs now (FF-WORK-9) and the drop-off goods are aboard.
    pub(super) feasible: bool,
    /// Where the next step is worked.
    pub(super) next: SectorId,
}

/// `job_eval(ctx, j, step, ..).feasible`, without the rest of the look: not a Challenge nor a
/// Piracy job (never worked as such), and `job_feasible`.
pub(super) fn job_doable(ctx: &Ctx, j: JobId, step: u8) -> bool {
    let job = &ctx.g.content.jobs[j as usize];
    job.challenge.is_none() && job.piracy.is_none() && job_feasible(ctx, job, step as usize)
}

/// Whether the crew can do `job` from step `step` now: its Skill Needs met (FF-WORK-9, as
/// `Firefly::needs_met` with the whole crew, from the Ctx's totals) and, unless the step picks
/// goods up, the goods it asks for aboard.
fn job_feasible(ctx: &Ctx, job: &Job, step: usize) -> bool {
    let (g, p) = (ctx.g, ctx.p);
    let mut feasible = Skill::ALL
        .iter()
        .all(|&sk| ctx.skills()[skill_index(sk)] >= job.needs.get(sk) as i32)
        && job
            .needs_keywords
            .iter()
            .all(|&k| ctx.keywords() & (1 << k as u16) != 0)
        && job
            .needs_all
            .iter()
            .all(|r| g.requirement_met_by(p, all_crew(p), r))
        && (job.needs_one_of.is_empty()
            || job
                .needs_one_of
                .iter()
                .any(|r| g.requirement_met_by(p, all_crew(p), r)));
    if step < job.steps.len() && job.steps[step].kind != StepKind::PickUp {
        for it in &job.steps[step].items {
            let have = p.item(it.item);
            if have == 0 || (it.amount > 0 && have < it.amount) {
                feasible = false;
            }
        }
    }
    feasible
}

impl FireflyBot {
    /// Goods a drop-off of an active, picked-up job still needs.
    pub(super) fn needed_items(&self, g: &Firefly, p: &Player, item: Item) -> u32 {
        let mut n = 0u32;
        for a in &p.active {
            let job = &g.content.jobs[a.job as usize];
            let step = a.steps_done as usize;
            if step == 0 || step >= job.steps.len() {
                continue;
            }
            let st = &job.steps[step];
            if st.kind == StepKind::DropOff {
                for it in &st.items {
                    if it.item == item {
                        n += if it.amount == 0 {
                            p.item(item) as u32
                        } else {
                            it.amount as u32
                        };
                    }
                }
            }
        }
        n
    }

    /// A Big Damn Challenge (FF-BS-23..28) is never worked itself: it is worth its reward and
    /// Mr. Universe's reputation when a job in hand of the same legality could take it.
    pub(super) fn challenge_eval(&self, ctx: &Ctx, card: &Job, reward: u32) -> JobEval {
        let g = ctx.g;
        let fits = ctx.p.hand.iter().any(|&h| {
            let job = &g.content.jobs[h as usize];
            job.challenge.is_none() && job.illegal == card.illegal
        });
        let solid = card.contact.map_or(0.0, |k| self.solid_story_worth(ctx, k));
        let worth = (reward as f64 + solid) * if fits { 1.0 } else { 0.3 };
        JobEval {
            score: 0.0,
            worth,
            feasible: false,
            next: ctx.p.sector,
        }
    }

    /// Value a job whose next step is `step`, starting from `from`.
    pub(super) fn job_eval(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> JobEval {
        let g = ctx.g;
        let p = ctx.p;
        let c = g.content;
        let job = &c.jobs[j as usize];
        if let Some(ch) = &job.challenge {
            return self.challenge_eval(ctx, job, ch.reward);
        }
        // A Piracy job is worked wherever a rival is met (`piracy`).
        if let Some(pc) = &job.piracy {
            return JobEval {
                score: 0.0,
                worth: self.piracy_job_worth(ctx, job, pc),
                feasible: false,
                next: p.sector,
            };
        }
        // Where each step is worked now ("Moon the Alliance": wherever the Cruiser is).
        let sector = |k: usize| g.job_step_sector(j, k as u8);
        let step = step as usize;
        let next = sector(step.min(job.steps.len() - 1));
        let feasible = job_feasible(ctx, job, step);
        // Time: each step needs a turn at least; travel by Full Burns.
        let mut turns = 0u32;
        let mut at = from;
        let mut misbehave = 0u32;
        let mut tests = 0;
        for (k, st) in job.steps.iter().enumerate().skip(step) {
            let s = sector(k);
            let t = turns_for(self.d(at, s), ctx.range());
            turns += if k == step { t } else { t.max(1) };
            at = s;
            misbehave += st.misbehave as u32;
            if st.choices.iter().any(|ch| ch.test.is_some()) {
                tests += 1;
            }
        }
        // Pay.
        let mut pay = job.pay.unwrap_or(0) as f64;
        if let Some(pp) = job.pay_per {
            let mut n = 0u32;
            for st in &job.steps {
                for it in &st.items {
                    if it.item == pp.item {
                        n = n.max(if it.amount == 0 {
                            g.room_for(p, it.item).min(6) + p.item(it.item) as u32
                        } else {
                            it.amount as u32
                        });
                    }
                }
            }
            pay += pp.amount as f64 * n as f64;
        }
        if job.pay.is_none() && job.pay_per.is_none() {
            pay += 600.0;
        }
        // Breakin' Atmo's Extra Pay: the crew's points of the skill, gear included (the whole
        // crew goes on the job: `choose_crew` keeps everyone who may go).
        if let Some(x) = job.extra_pay {
            pay += x.amount as f64 * ctx.skills()[skill_index(x.skill)].max(0) as f64;
        }
        // A story's rule (Desperadoes): Illegal jobs pay more.
        if job.illegal {
            pay += g.story_def().setup.illegal_job_bonus as f64;
        }
        if let Some(b) = job.bonus {
            let earned = b.profession.is_some_and(|pr| ctx.has_profession(pr))
                || b.keyword.is_some_and(|k| ctx.has_keyword(k));
            if earned {
                pay += b.amount as f64 + 300.0 * b.parts as f64;
            }
        }
        for &(jobs, amount) in ctx.job_completion_bonuses() {
            if tabletop_firefly::work::job_matches(job, jobs) {
                pay += amount as f64;
            }
        }
        let mut cost = ctx.cuts() as f64 * 0.5;
        if job.immoral {
            cost += 200.0 * p.crew.iter().filter(|m| g.crew_def(m).moral).count() as f64;
        }
        if job.steps.iter().any(|st| {
            st.items
                .iter()
                .any(|it| matches!(it.item, Item::Contraband | Item::Fugitives))
        }) {
            cost += 250.0;
        }
        let pm = if misbehave > 0 {
            self.misb(ctx).powi(misbehave as i32)
        } else {
            1.0
        };
        let pt = 0.8f64.powi(tests);
        let psucc = pm * pt;
        let mut story = job
            .contact
            .map_or(0.0, |k| self.story_worth_of_contact(ctx, k));
        // Near the end of a story that settles unfinished jobs, finishing one also saves the
        // Pay value it would cost at the end.
        if g.story_def().settle_jobs && last_call_near(g) {
            story += job.pay.unwrap_or(0) as f64;
        }
        let worth = psucc * (pay - cost + story) - (1.0 - psucc) * 900.0;
        let score = if feasible {
            worth / (turns as f64 + 1.0)
        } else {
            0.0
        };
        JobEval {
            score,
            worth,
            feasible,
            next,
        }
    }

    /// `job_eval(ctx, j, step, from).score`, not looked at further when the job cannot be done
    /// now (a Challenge, a Piracy job, or Skill Needs or goods lacking): its score is 0 then.
    pub(super) fn job_score(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> f64 {
        if !job_doable(ctx, j, step) {
            return 0.0;
        }
        self.job_eval(ctx, j, step, from).score
    }

    /// How much a job in hand is worth keeping: its score if we can do it, a little of its
    /// worth if we could after hiring.
    pub(super) fn hand_value(&self, ctx: &Ctx, j: JobId, from: SectorId) -> f64 {
        let e = self.job_eval(ctx, j, 0, from);
        if e.feasible {
            e.score
        } else {
            e.worth * 0.04
        }
    }

    /// The least valuable job among the `DiscardJob` actions.
    pub(super) fn worst_job(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let mut worst: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::DiscardJob(j) = a {
                let v = self.hand_value(ctx, j, ctx.p.sector);
                if worst.is_none_or(|w| v < w.0) {
                    worst = Some((v, a));
                }
            }
        }
        worst.map(|w| w.1)
    }

    pub(super) fn accepting(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let hand_vals: Vec<f64> = p
            .hand
            .iter()
            .map(|&j| self.hand_value(&ctx, j, p.sector))
            .collect();
        let worst_hand = hand_vals.iter().cloned().fold(f64::INFINITY, f64::min);
        let mut best: Option<(f64, Action)> = None;
        // Unfinished jobs are settled at the end (`settle_jobs`): once Last Call may come, a
        // job is taken only if we can do it and finish it in one more turn (all a Last Call
        // leaves us); on a last turn, none.
        let settle_soon = g.story_def().settle_jobs && last_call_near(g);
        for &a in legal {
            if let Action::AcceptJob(j) = a {
                if g.last_call.is_some() {
                    continue;
                }
                if settle_soon {
                    let e = self.job_eval(&ctx, j, 0, p.sector);
                    if !e.feasible || e.score * 2.0 < e.worth {
                        continue;
                    }
                }
                let v = self.hand_value(&ctx, j, p.sector);
                if v > 40.0 && best.is_none_or(|b| v > b.0) {
                    best = Some((v, a));
                }
            }
        }
        let contact = match g.phase {
            Phase::Accepting { contact, .. } => Some(contact),
            _ => None,
        };
        if let Some((v, a)) = best {
            if p.hand.len() < g.hand_limit(p) || v > worst_hand + 20.0 {
                if let Some(c) = contact {
                    self.fruitless[c.index()] = u16::MAX;
                }
                return a;
            }
        }
        if let (Some(c), Phase::Accepting { accepted: 0, .. }) = (contact, &g.phase) {
            self.fruitless[c.index()] = g.round;
        }
        Action::Done
    }

    pub(super) fn discard_jobs(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        self.worst_job(&ctx, legal).unwrap_or(legal[0])
    }

    pub(super) fn choose_crew(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        // The whole crew goes on every job and goal: every skill point counts.
        if legal.contains(&Action::Done) {
            return Action::Done;
        }
        // Put back anyone who is off the job (never take anyone off: that cannot loop).
        if let Phase::ChooseCrew { on_job, .. } = g.phase {
            let p = g.player(seat);
            for &a in legal {
                if let Action::ToggleCrew(card) = a {
                    if p.crew_index(card).is_some_and(|i| on_job & (1 << i) == 0) {
                        return a;
                    }
                }
            }
        }
        legal[0]
    }

    pub(super) fn pay_cuts(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let p = g.player(seat);
        // On a last turn a Disgruntled crew member (FF-WORK-19) costs nothing any more.
        if g.last_call.is_some() {
            return Action::PayCut(false);
        }
        if legal.contains(&Action::PayCut(true)) {
            // Unpaid crew are Disgruntled (FF-WORK-19), and leave on a second token.
            if let Phase::PayCuts { next, .. } = g.phase {
                let m = &p.crew[next as usize];
                let cut = g.crew_def(m).cost;
                if m.disgruntled
                    || p.money >= cut + 200
                    || self.crew_worth(g, p, next as usize) > 1500.0
                {
                    return Action::PayCut(true);
                }
            }
        }
        Action::PayCut(false)
    }
}
