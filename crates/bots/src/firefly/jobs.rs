//! Jobs: what a job is worth to us and per turn, which jobs to accept, keep or discard, the crew
//! sent on a job and its Cuts.

use super::*;

/// What `job_eval` has worked out of a job when it comes to its worth (`job_worth`).
struct JobLook {
    misbehave: u32,
    tests: i32,
    contact: Option<ContactName>,
    printed_pay: Option<u32>,
    pay: f64,
    cost: f64,
    feasible: bool,
    turns: u32,
    next: SectorId,
}

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

/// What `job_eval` and `job_doable` read of a job, dense: one record per job of the content
/// (`JobTable`), so that valuing a job reads a line or two, not its definition (a name, an id,
/// its steps, each step's goods and choices, each choice's test, each somewhere else in memory).
/// The bot values every face-up job of every Contact for every place it weighs.
#[derive(Clone, Copy)]
pub(super) struct JobSummary {
    /// Read from the definition (`job_eval_def`): a Challenge, a Piracy job, or more steps, or
    /// more goods a step, than kept here.
    by_def: bool,
    /// Some Needs that are requirements (`Job::needs_all`, `needs_one_of`): feasibility reads
    /// the definition.
    asks: bool,
    steps: u8,
    /// Each step's printed sector, whether it is worked wherever the Cruiser is, its
    /// Misbehave cards, whether a choice of it is a test, whether it picks goods up, and its
    /// goods (item index, amount; `items` of them).
    sector: [SectorId; 2],
    at_cruiser: [bool; 2],
    misbehave: [u8; 2],
    test: [bool; 2],
    pick_up: [bool; 2],
    goods: [[(u8, u8); 3]; 2],
    items: [u8; 2],
    /// Skill Needs (Fight, Tech, Negotiate) and keyword Needs (bit by `Keyword as u16`).
    needs: [u8; 3],
    needs_keywords: u16,
    pay: Option<u32>,
    /// Pay per item: the amount, the item, the most of a fixed count asked, and whether a step
    /// asks for as many as there is room for (amount 0).
    pay_per: Option<(u32, Item, u32, bool)>,
    extra_pay: Option<(u32, usize)>,
    illegal: bool,
    immoral: bool,
    bonus: Option<JobBonus>,
    /// Some step's goods are Contraband or Fugitives.
    hot_goods: bool,
    contact: Option<ContactName>,
}

/// Every job's summary, by job, for one content.
#[derive(Default)]
pub(super) struct JobTable(Vec<JobSummary>);

impl JobTable {
    /// The summaries of the content's jobs, worked out once per content.
    pub(super) fn of(c: &'static Content) -> Arc<JobTable> {
        type Cache = Vec<(usize, Arc<JobTable>)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let key = c as *const Content as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(v);
        }
        let summary = |(j, job): (usize, &Job)| {
            let mut s = JobSummary {
                by_def: job.challenge.is_some()
                    || job.piracy.is_some()
                    || job.steps.is_empty()
                    || job.steps.len() > 2,
                asks: !job.needs_all.is_empty() || !job.needs_one_of.is_empty(),
                steps: job.steps.len().min(2) as u8,
                sector: [SectorId::MAX; 2],
                at_cruiser: [false; 2],
                misbehave: [0; 2],
                test: [false; 2],
                pick_up: [false; 2],
                goods: [[(0, 0); 3]; 2],
                items: [0; 2],
                needs: [job.needs.fight, job.needs.tech, job.needs.negotiate],
                needs_keywords: job.needs_keywords.iter().fold(0, |m, &k| m | 1 << k as u16),
                pay: job.pay,
                pay_per: job.pay_per.map(|pp| {
                    let asked = job.steps.iter().flat_map(|st| st.items.iter());
                    let asked = asked.filter(|it| it.item == pp.item);
                    let fixed = asked.clone().map(|it| it.amount as u32).max().unwrap_or(0);
                    (
                        pp.amount,
                        pp.item,
                        fixed,
                        asked.clone().any(|it| it.amount == 0),
                    )
                }),
                extra_pay: job.extra_pay.map(|x| (x.amount, skill_index(x.skill))),
                illegal: job.illegal,
                immoral: job.immoral,
                bonus: job.bonus,
                hot_goods: job.steps.iter().any(|st| {
                    st.items
                        .iter()
                        .any(|it| matches!(it.item, Item::Contraband | Item::Fugitives))
                }),
                contact: job.contact,
            };
            for (k, st) in job.steps.iter().enumerate().take(2) {
                s.sector[k] = c.job_sectors[j].get(k).copied().unwrap_or(SectorId::MAX);
                s.at_cruiser[k] = st.at_cruiser;
                s.misbehave[k] = st.misbehave;
                s.test[k] = st.choices.iter().any(|ch| ch.test.is_some());
                s.pick_up[k] = st.kind == StepKind::PickUp;
                if st.items.len() > s.goods[k].len() {
                    s.by_def = true;
                }
                for (i, it) in st.items.iter().take(3).enumerate() {
                    s.goods[k][i] = (it.item.index() as u8, it.amount);
                }
                s.items[k] = st.items.len().min(3) as u8;
            }
            s
        };
        let v = Arc::new(JobTable(c.jobs.iter().enumerate().map(summary).collect()));
        cache.push((key, Arc::clone(&v)));
        v
    }
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

/// A job's bonus for a crew with a profession or keyword (`JobBonus`): its credits and what
/// its Parts are worth, when our crew earns it; the same from a job's summary or definition.
fn bonus_pay(ctx: &Ctx, b: &JobBonus) -> Option<f64> {
    let earned = b.profession.is_some_and(|pr| ctx.has_profession(pr))
        || b.keyword.is_some_and(|k| ctx.has_keyword(k));
    earned.then_some(b.amount as f64 + 300.0 * b.parts as f64)
}

/// `job_feasible` read from the job's summary (the same checks; the requirements among its
/// Needs, when it has any, from its definition).
#[inline]
fn summary_feasible(ctx: &Ctx, js: &JobSummary, j: JobId, step: usize) -> bool {
    if js.asks {
        return job_feasible(ctx, &ctx.g.content.jobs[j as usize], step);
    }
    let skills = ctx.skills();
    if (0..3).any(|s| skills[s] < js.needs[s] as i32) || js.needs_keywords & !ctx.keywords() != 0 {
        return false;
    }
    if step < js.steps as usize && !js.pick_up[step] {
        let p = ctx.p;
        for &(item, amount) in &js.goods[step][..js.items[step] as usize] {
            let have = p.item(Item::ALL[item as usize]);
            if have == 0 || (amount > 0 && have < amount) {
                return false;
            }
        }
    }
    true
}

impl FireflyBot {
    /// `job_eval(ctx, j, step, ..).feasible`, without the rest of the look: not a Challenge nor
    /// a Piracy job (never worked as such), and `job_feasible`.
    #[inline]
    pub(super) fn job_doable(&self, ctx: &Ctx, j: JobId, step: u8) -> bool {
        let js = &self.job_table.0[j as usize];
        if js.by_def {
            let job = &ctx.g.content.jobs[j as usize];
            return job.challenge.is_none()
                && job.piracy.is_none()
                && job_feasible(ctx, job, step as usize);
        }
        summary_feasible(ctx, js, j, step as usize)
    }

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

    /// Value a job whose next step is `step`, starting from `from` (read from the job's
    /// summary, `JobSummary`; the same terms, in the same order, as `job_eval_def`).
    pub(super) fn job_eval(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> JobEval {
        let js = &self.job_table.0[j as usize];
        if js.by_def {
            return self.job_eval_def(ctx, j, step, from);
        }
        let g = ctx.g;
        let p = ctx.p;
        // Where each step is worked now ("Moon the Alliance": wherever the Cruiser is).
        let sector = |k: usize| {
            if js.at_cruiser[k] {
                g.cruiser
            } else {
                js.sector[k]
            }
        };
        let step = step as usize;
        let next = sector(step.min(js.steps as usize - 1));
        let feasible = summary_feasible(ctx, js, j, step);
        // Time: each step needs a turn at least; travel by Full Burns.
        let mut turns = 0u32;
        let mut at = from;
        let mut misbehave = 0u32;
        let mut tests = 0;
        for k in step..js.steps as usize {
            let s = sector(k);
            let t = turns_for(self.d(at, s), ctx.range());
            turns += if k == step { t } else { t.max(1) };
            at = s;
            misbehave += js.misbehave[k] as u32;
            if js.test[k] {
                tests += 1;
            }
        }
        // Pay.
        let mut pay = js.pay.unwrap_or(0) as f64;
        if let Some((amount, item, fixed, room)) = js.pay_per {
            let mut n = fixed;
            if room {
                n = n.max(g.room_for(p, item).min(6) + p.item(item) as u32);
            }
            pay += amount as f64 * n as f64;
        }
        if js.pay.is_none() && js.pay_per.is_none() {
            pay += 600.0;
        }
        // Breakin' Atmo's Extra Pay: the crew's points of the skill, gear included (the whole
        // crew goes on the job: `choose_crew` keeps everyone who may go).
        if let Some((amount, skill)) = js.extra_pay {
            pay += amount as f64 * ctx.skills()[skill].max(0) as f64;
        }
        // A story's rule (Desperadoes): Illegal jobs pay more.
        if js.illegal {
            pay += g.story_def().setup.illegal_job_bonus as f64;
        }
        if let Some(bonus) = js.bonus.and_then(|b| bonus_pay(ctx, &b)) {
            pay += bonus;
        }
        let bonuses = ctx.job_completion_bonuses();
        if !bonuses.is_empty() {
            let job = &g.content.jobs[j as usize];
            for &(jobs, amount) in bonuses {
                if tabletop_firefly::work::job_matches(job, jobs) {
                    pay += amount as f64;
                }
            }
        }
        let mut cost = ctx.cuts() as f64 * 0.5;
        if js.immoral {
            cost += 200.0 * p.crew.iter().filter(|m| g.crew_def(m).moral).count() as f64;
        }
        if js.hot_goods {
            cost += 250.0;
        }
        self.job_worth(
            ctx,
            JobLook {
                misbehave,
                tests,
                contact: js.contact,
                printed_pay: js.pay,
                pay,
                cost,
                feasible,
                turns,
                next,
            },
        )
    }

    /// The end of a job's look, the same read from its summary or its definition: the chance
    /// of getting through its Misbehaves and tests, its worth (pay less costs, and to the
    /// story) and its score a turn.
    fn job_worth(&self, ctx: &Ctx, l: JobLook) -> JobEval {
        let g = ctx.g;
        let pm = if l.misbehave > 0 {
            self.misb(ctx).powi(l.misbehave as i32)
        } else {
            1.0
        };
        let pt = 0.8f64.powi(l.tests);
        let psucc = pm * pt;
        let mut story = l
            .contact
            .map_or(0.0, |k| self.story_worth_of_contact(ctx, k));
        // Near the end of a story that settles unfinished jobs, finishing one also saves the
        // Pay value it would cost at the end.
        if g.story_def().settle_jobs && last_call_near(g) {
            story += l.printed_pay.unwrap_or(0) as f64;
        }
        let worth = psucc * (l.pay - l.cost + story) - (1.0 - psucc) * 900.0;
        let score = if l.feasible {
            worth / (l.turns as f64 + 1.0)
        } else {
            0.0
        };
        JobEval {
            score,
            worth,
            feasible: l.feasible,
            next: l.next,
        }
    }

    /// `job_eval` read from the job's definition.
    fn job_eval_def(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> JobEval {
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
        if let Some(bonus) = job.bonus.and_then(|b| bonus_pay(ctx, &b)) {
            pay += bonus;
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
        self.job_worth(
            ctx,
            JobLook {
                misbehave,
                tests,
                contact: job.contact,
                printed_pay: job.pay,
                pay,
                cost,
                feasible,
                turns,
                next,
            },
        )
    }

    /// `job_eval(ctx, j, step, from).score`, not looked at further when the job cannot be done
    /// now (a Challenge, a Piracy job, or Skill Needs or goods lacking): its score is 0 then.
    pub(super) fn job_score(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> f64 {
        if !self.job_doable(ctx, j, step) {
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

#[cfg(test)]
mod tests {
    /// A job valued from its summary (`JobSummary`) is valued as from its definition
    /// (`job_eval_def`), to the bit: every job of the content, from each of its steps, for every
    /// captain, in positions of played games of every story, with and without the expansions.
    #[test]
    fn a_jobs_summary_values_it_as_its_definition() {
        use crate::firefly::{Ctx, FireflyBot};
        use tabletop_firefly::content::{Content, JobId};

        let content = Content::builtin();
        let (mut compared, mut feasible) = (0u32, 0u32);
        let mut probe = FireflyBot::new(7);
        crate::firefly::for_each_played_position(3, 37, |g| {
            probe.ensure_dist(g);
            for s in 0..4 {
                let ctx = Ctx::new(g, s);
                let def_doable = |j: JobId, k: u8| {
                    let job = &content.jobs[j as usize];
                    job.challenge.is_none()
                        && job.piracy.is_none()
                        && super::job_feasible(&ctx, job, k as usize)
                };
                for j in 0..content.jobs.len() as JobId {
                    for k in 0..content.jobs[j as usize].steps.len().max(1) as u8 {
                        let from = (j as usize * 7 + k as usize) % probe.n;
                        let a = probe.job_eval(&ctx, j, k, from as u16);
                        let b = probe.job_eval_def(&ctx, j, k, from as u16);
                        assert_eq!(a.score.to_bits(), b.score.to_bits(), "{j}");
                        assert_eq!(a.worth.to_bits(), b.worth.to_bits(), "{j}");
                        assert_eq!((a.feasible, a.next), (b.feasible, b.next));
                        assert_eq!(probe.job_doable(&ctx, j, k), def_doable(j, k));
                        compared += 1;
                        feasible += a.feasible as u32;
                    }
                }
            }
        });
        // The check means something only if jobs came out both ways.
        assert!(
            compared > 100_000 && feasible > 10_000,
            "{feasible} of {compared}"
        );
    }
}
