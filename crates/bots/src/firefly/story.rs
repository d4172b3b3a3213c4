//! The story: what its goals ask of the crew (skills, money, reputation), the chance to complete
//! the next goal, and what a goal is worth.

use super::*;

/// What the remaining story goals need.
#[derive(Clone, Debug, Default)]
pub(super) struct StoryNeeds {
    /// Skill points wanted (Fight, Tech, Negotiate), crew and carried gear.
    pub(super) desired: [i32; 3],
    /// Contacts we must still become Solid with (bits by contact index).
    pub(super) solid_with: u16,
    /// How many more Solid contacts we need.
    pub(super) solid_more: u32,
    /// Money to have in hand for the next goals.
    pub(super) money: u32,
    /// That money simply pays for a goal (no test of the crew to prepare for first).
    pub(super) money_only: bool,
}

pub(super) fn skill_index(s: Skill) -> usize {
    match s {
        Skill::Fight => 0,
        Skill::Tech => 1,
        Skill::Negotiate => 2,
    }
}

/// The lowest total of a test that can lead to Proceed, and the money that band asks for.
pub(super) fn proceed_band(t: &Test) -> Option<(i32, u32)> {
    for o in &t.outcomes {
        if o.choose.is_empty() {
            if o.ends == Some(Ending::Proceed) {
                return Some((o.min, 0));
            }
        } else {
            for b in &o.choose {
                if b.ends == Ending::Proceed {
                    let money = b
                        .requires
                        .iter()
                        .map(|r| match r {
                            Requirement::Money { amount } => *amount,
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0);
                    return Some((o.min, money));
                }
            }
        }
    }
    None
}

pub(super) fn story_needs(g: &Firefly, p: &Player) -> StoryNeeds {
    let story = g.story_def();
    let mut n = StoryNeeds {
        // Misbehaving wants a bit of everything.
        desired: [3, 3, 3],
        ..Default::default()
    };
    // The Skill Needs of the jobs we hold (FF-WORK-9).
    for &j in p.hand.iter().chain(p.active.iter().map(|a| &a.job)) {
        let job = &g.content.jobs[j as usize];
        for sk in Skill::ALL {
            let s = skill_index(sk);
            n.desired[s] = n.desired[s].max(job.needs.get(sk) as i32);
        }
    }
    for (i, goal) in story.goals.iter().enumerate().skip(p.goals as usize) {
        let current = i == p.goals as usize;
        for r in &goal.requires {
            match r {
                // The engine's own reputation query (carried gear such as the Alliance Ident
                // Card counts as Solid for goals too).
                GoalCondition::SolidWith { contacts } => {
                    for &c in contacts {
                        if !g.counts_as_solid(p, c) {
                            n.solid_with |= 1 << c.index();
                        }
                    }
                }
                GoalCondition::SolidCount { count } => {
                    n.solid_more = n
                        .solid_more
                        .max((*count as u32).saturating_sub(g.counts_as_solid_count(p)));
                }
                GoalCondition::Money { amount } => n.money = n.money.max(*amount),
                _ => {}
            }
        }
        for ch in &goal.choices {
            for r in &ch.requires {
                if let Requirement::Money { amount } = r {
                    n.money = n.money.max(*amount);
                    if ch.test.is_none() {
                        n.money_only = true;
                    }
                }
            }
            if let Some(t) = &ch.test {
                if let Some((min, money)) = proceed_band(t) {
                    let s = skill_index(t.skill);
                    n.desired[s] = n.desired[s].max(min - 3);
                    if current || i == p.goals as usize + 1 {
                        n.money = n.money.max(money);
                    }
                }
            }
        }
    }
    n
}

/// What the crew's odds (`goal_chance_with`, `misb`) depend on, hashed: the memo in `memo` is
/// shared by every bot of a thread, so a key must hold everything those odds read, or a bot's
/// answer would depend on what other bots asked before. Money and goods count only as far as
/// anything asks (`memo::odds_class`).
pub(super) fn chance_key(g: &Firefly, p: &Player) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = super::keys::KeyHasher::default();
    (p.seat, p.goals, p.warrants, p.solid, p.leader).hash(&mut h);
    super::memo::odds_class(g, p).hash(&mut h);
    // Skills, keywords, professions, Moral, Disgruntled: the crew and their gear; the ship's
    // own abilities.
    (&p.crew, p.ship, p.drive_core, &p.upgrades).hash(&mut h);
    // The content by address, and the boxes in play.
    (
        g.story,
        g.content as *const Content as usize,
        g.expansions(),
    )
        .hash(&mut h);
    h.finish()
}

/// The first goal `p` still has to do that is a test of the crew (`FireflyBot::test_goal`).
pub(super) fn first_test_goal(g: &Firefly, p: &Player) -> Option<&'static Goal> {
    g.story_def()
        .goals
        .iter()
        .skip(p.goals as usize)
        .find(|goal| {
            goal.at.is_some()
                && (goal.misbehave > 0 || goal.choices.iter().any(|c| c.test.is_some()))
        })
}

/// Chance that one goal's instructions (after its Misbehave cards) complete it, with `bonus`
/// more skill points; a branch that needs money counts only if we have it.
pub(super) fn goal_test_chance(g: &Firefly, p: &Player, goal: &Goal, bonus: [i32; 3]) -> f64 {
    let mask = all_crew(p);
    let mut probs = BandProbs::new();
    let mut best: f64 = if goal.choices.is_empty() { 1.0 } else { 0.0 };
    for ch in &goal.choices {
        if !choice_available_mask(g, p, mask, ch) {
            continue;
        }
        let pr = choice_chance(ch, |t| {
            let base = test_base(g, p, mask, t) + bonus[skill_index(t.skill)];
            band_probs(t, base, &mut probs);
            t.outcomes
                .iter()
                .zip(probs.iter())
                .filter(|(o, _)| {
                    o.ends == Some(Ending::Proceed)
                        || o.choose.iter().any(|b| {
                            b.ends == Ending::Proceed
                                && b.requires.iter().all(|r| match r {
                                    Requirement::Money { amount } => p.money >= *amount,
                                    _ => true,
                                })
                        })
                })
                .map(|(_, x)| *x)
                .sum::<f64>()
        });
        best = best.max(pr);
    }
    best
}

impl FireflyBot {
    /// What it is worth to us that a job for `c` gets done (the story's Solid goals).
    pub(super) fn story_worth_of_contact(&self, ctx: &Ctx, c: ContactName) -> f64 {
        // FF-REP-9: no Solid with Harken through a job while we have a Warrant.
        if c == ContactName::Harken && ctx.p.warrants > 0 {
            return 0.0;
        }
        self.solid_story_worth(ctx, c)
    }

    /// What counting as Solid with `c` is worth to the story's Solid goals (FF-WIN-3): nothing
    /// once we already count as Solid with them.
    pub(super) fn solid_story_worth(&self, ctx: &Ctx, c: ContactName) -> f64 {
        if ctx.g.counts_as_solid(ctx.p, c) {
            return 0.0;
        }
        if ctx.needs().solid_with & (1 << c.index()) != 0 {
            6000.0
        } else if ctx.needs().solid_more > 0 {
            3500.0
        } else {
            0.0
        }
    }

    /// The story's next goal: where, and the chance that one attempt now completes it.
    pub(super) fn goal_chance(&self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let g = ctx.g;
        let p = ctx.p;
        let story = g.story_def();
        let gi = p.goals as usize;
        if gi >= story.goals.len() {
            return None;
        }
        let goal = &story.goals[gi];
        // A goal at one's Haven ("…Another Man's Treasure"): go there with a load aboard.
        let sector = if goal.at_haven {
            if !goal.choices.iter().any(|c| g.option_available(p.seat, c)) {
                return None;
            }
            p.haven?
        } else {
            g.content.goal_sectors[g.story as usize][gi]?
        };
        if !goal.requires.iter().all(|c| g.goal_condition(p, c)) {
            return None;
        }
        let pm = self.misb(ctx).powi(goal.misbehave as i32);
        Some((sector, goal_test_chance(g, p, goal, [0; 3]) * pm))
    }

    /// Parts wanted for the next goal when it is a load stashed at one's Haven and no load is
    /// aboard yet: Parts are on sale at every Supply planet (FF-BUY-7), so the bot gathers 8.
    pub(super) fn haven_parts_wanted(&self, g: &Firefly, p: &Player) -> u32 {
        let story = g.story_def();
        let Some(goal) = story.goals.get(p.goals as usize) else {
            return 0;
        };
        if !goal.at_haven || goal.choices.iter().any(|c| g.option_available(p.seat, c)) {
            return 0;
        }
        goal.choices
            .iter()
            .flat_map(|c| c.requires.iter())
            .find_map(|r| match r {
                Requirement::Has {
                    item: Item::Parts,
                    amount,
                } => Some(*amount as u32),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// The first goal still to do that is a test of the crew (it is what the crew is for).
    pub(super) fn test_goal(&self, g: &Firefly, p: &Player) -> Option<&'static Goal> {
        first_test_goal(g, p)
    }

    /// Chance that the crew, with `bonus` more skill points, gets through the next test goal
    /// (memoised per crew in `memo`, since it is asked for every card the bot looks at).
    pub(super) fn goal_chance_with(&self, ctx: &Ctx, bonus: [i32; 3]) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let Some(goal) = once(&ctx.test_goal, || self.test_goal(g, p)) else {
            return 0.0;
        };
        let row = self.chance_row(ctx);
        row.goal(bonus, |b| {
            // With no bonus, the crew's Misbehave pass is the one `misb` asks for (kept once).
            let pass = if b == [0; 3] {
                row.misbehave(|| row.misbehave_odds(g, p).pass(b))
            } else {
                row.misbehave_odds(g, p).pass(b)
            };
            let pm = pass.powi(goal.misbehave as i32);
            goal_test_chance(g, p, goal, b) * pm
        })
    }

    /// The chance below which we would rather improve the crew than try the goal.
    pub(super) fn goal_threshold(&self, ctx: &Ctx) -> f64 {
        let g = ctx.g;
        let mut t = (0.32 - 0.009 * g.round as f64).max(0.06);
        // Nothing left to improve with: go anyway.
        let p = ctx.p;
        let room = p.crew.len() < g.max_crew(p)
            || p.crew
                .iter()
                .any(|m| g.gear_carried_counted(m) < g.gear_capacity(m));
        if !room || p.money < 800 {
            t *= 0.5;
        }
        t
    }

    pub(super) fn goal_value(&self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let (s, chance) = self.goal_chance(ctx)?;
        if chance <= 0.0 || chance < self.goal_threshold(ctx) {
            return None;
        }
        Some((s, GOAL_WORTH * chance))
    }

    /// What `add` skill points are worth for the story's next test goal.
    pub(super) fn goal_gain(&self, ctx: &Ctx, add: [i32; 3]) -> f64 {
        if add.iter().all(|&x| x <= 0) {
            return 0.0;
        }
        let now = once(&ctx.goal_now, || self.goal_chance_with(ctx, [0; 3]));
        let with = self.goal_chance_with(ctx, add);
        (with - now).max(0.0) * GOAL_WORTH * 0.6
    }
}
