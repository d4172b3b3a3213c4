//! Last Call (stories that end with it): when to declare it, and the last turns.

use super::*;

/// Whether the story ends with Last Call and a captain can call it (holds every Goal token), or
/// already has: from now on only credits in hand count.
pub(super) fn last_call_near(g: &Firefly) -> bool {
    let story = g.story_def();
    story.last_call.is_some()
        && (g.last_call.is_some()
            || g.players
                .iter()
                .any(|q| q.goals as usize >= story.goals.len()))
}

/// What a rival may add in one turn beyond the jobs we can see it finish, in $ (a Make-Work, a
/// sale, a small job from its hidden hand).
pub(super) const ONE_TURN_SLACK: f64 = 600.0;

impl FireflyBot {
    /// The average Pay value of a job card in this game's decks: what a card in a rival's
    /// hidden hand (FF-DEAL-6) is likely to cost it at settlement. Only the cards of the
    /// products in play count, so content left in the box changes nothing.
    pub(super) fn average_pay_value(g: &Firefly) -> f64 {
        let set = g.expansions();
        let (mut total, mut n) = (0u32, 0u32);
        for (j, job) in g.content.jobs.iter().enumerate() {
            if job.contact.is_some() && g.content.job_in_play(j as JobId, set) {
                total += job.pay.unwrap_or(0);
                n += 1;
            }
        }
        total as f64 / n.max(1) as f64
    }

    /// What `q` would owe at settlement (`Story::settle_jobs`) as far as `seat` may know: its
    /// own jobs exactly; a rival's Active jobs exactly and its hidden hand at the average.
    pub(super) fn settlement_estimate(&self, g: &Firefly, seat: Seat, q: &Player) -> f64 {
        if !g.story_def().settle_jobs {
            return 0.0;
        }
        if q.seat == seat {
            return g.unfinished_pay(seat) as f64;
        }
        let active: u32 = q.active.iter().map(|a| g.pay_value(a.job)).sum();
        active as f64 + q.hand.len() as f64 * Self::average_pay_value(g)
    }

    /// The most `q` may add in one more turn as far as we can see: the best of its Active jobs
    /// it could finish from where it is (one Fly, then the Work action), with the Pay value it
    /// would no longer owe at settlement, plus [`ONE_TURN_SLACK`].
    pub(super) fn one_turn_gain(&self, g: &Firefly, q: &Player) -> f64 {
        let story = g.story_def();
        let range = g.burn_range(q).max(1) as u32;
        let mut best = 0.0f64;
        for a in &q.active {
            let job = &g.content.jobs[a.job as usize];
            if a.steps_done as usize + 1 != job.steps.len() {
                continue;
            }
            let at = g.job_step_sector(a.job, a.steps_done);
            if turns_for(self.d(q.sector, at), range) > 1 {
                continue;
            }
            let mut v = job.pay.unwrap_or(0) as f64;
            if let Some(pp) = job.pay_per {
                v += pp.amount as f64 * q.item(pp.item) as f64;
            }
            if let Some(x) = job.extra_pay {
                v += x.amount as f64 * g.mask_skill(q, all_crew(q), x.skill, false) as f64;
            }
            if job.illegal {
                v += story.setup.illegal_job_bonus as f64;
            }
            if story.settle_jobs {
                v += g.pay_value(a.job) as f64;
            }
            best = best.max(v);
        }
        best + ONE_TURN_SLACK
    }

    /// Whether to declare Last Call now: when it wins (our credits, less what we would owe at
    /// settlement, beat what every rival could reach in its last turn), or when waiting loses (a
    /// rival holding a Goal token would call it when it suits them, while we lead now; or the
    /// game is running out of rounds).
    pub(super) fn should_declare(&self, ctx: &Ctx) -> bool {
        let g = ctx.g;
        let story = g.story_def();
        let ours = ctx.p.money as f64 - self.settlement_estimate(g, ctx.seat, ctx.p);
        let mut best_now = f64::MIN;
        let mut best_after = f64::MIN;
        let mut rival_can_call = false;
        for q in g.players.iter().filter(|q| q.seat != ctx.seat) {
            let now = q.money as f64 - self.settlement_estimate(g, ctx.seat, q);
            best_now = best_now.max(now);
            best_after = best_after.max(now + self.one_turn_gain(g, q));
            rival_can_call |= q.goals as usize >= story.goals.len();
        }
        let rounds_left = g
            .rules
            .max_rounds
            .map_or(u16::MAX, |m| m.saturating_sub(g.round));
        ours > best_after || (rival_can_call && ours > best_now) || rounds_left <= 3
    }

    /// A last turn under Last Call: only credits in hand at the end count. Finish a job here or
    /// one Fly away, sell goods, take Make-Work; buy nothing and start nothing.
    pub(super) fn last_turn(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        let settle = g.story_def().settle_jobs;
        // The worth of finishing job `j` with a Work action at `from` (its last step), if we can.
        let finish = |bot: &Self, j: JobId, from: SectorId| -> Option<(SectorId, f64)> {
            let (step, _) = g.job_next_step(p, j)?;
            if step as usize + 1 != g.content.jobs[j as usize].steps.len() {
                return None;
            }
            let e = bot.job_eval(&ctx, j, step, from);
            let relief = if settle { g.pay_value(j) as f64 } else { 0.0 };
            (e.feasible && e.worth + relief > 0.0).then_some((e.next, e.worth + relief))
        };
        let mut local: Option<(f64, Action)> = None;
        for &a in legal {
            let v = match a {
                Action::Work(WorkTarget::Job(j)) => match finish(self, j, here) {
                    Some((_, v)) => v,
                    None => continue,
                },
                Action::Deal => match g.contact_at(here) {
                    Some(c) => self.sale_value(&ctx, c),
                    None => continue,
                },
                Action::MakeWork => 200.0,
                _ => continue,
            };
            if v > 0.0 && local.is_none_or(|b| v > b.0) {
                local = Some((v, a));
            }
        }
        // A job finished one Fly away, with the Work action still to use after the flight.
        let can_fly = legal.contains(&Action::FullBurn) || legal.contains(&Action::Mosey);
        let mut remote: Option<(f64, SectorId)> = None;
        if can_fly && !t.work && t.taken == 0 {
            for a in &p.active {
                if let Some((s, v)) = finish(self, a.job, here) {
                    let d = self.d(here, s);
                    let reachable = s != here && !g.has_cutter(s) && turns_for(d, ctx.range()) <= 1;
                    if reachable && remote.is_none_or(|b| v > b.0) {
                        remote = Some((v, s));
                    }
                }
            }
        }
        match (local, remote) {
            (Some((lv, la)), Some((rv, _))) if lv >= rv => la,
            (_, Some((_, target))) => {
                self.fly_toward(g, seat, target);
                self.flight_start(here, target, legal)
                    .unwrap_or(Action::Mosey)
            }
            (Some((_, la)), None) => la,
            (None, None) => Action::EndTurn,
        }
    }
}
