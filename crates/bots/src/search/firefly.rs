//! Firefly for the search bot: the heuristic captain ([`FireflyBot`]) as the policy, the
//! decisions worth a search, and how a captain's position is valued.

use tabletop_core::Seat;
use tabletop_firefly::content::{
    Effect, Goal, GoalCondition, Requirement, SectorId, SupplyKind, Test,
};
use tabletop_firefly::deal::ALL_CONTACTS_MASK;
use tabletop_firefly::state::{Phase, Player};
use tabletop_firefly::{Action, Firefly};

use super::{sigmoid, Budget, SearchConfig, SearchGame};
use crate::firefly::FireflyBot;

/// A story goal is worth about this much money in the position's value (each goal is a third
/// to a half of a game's story).
const GOAL_WORTH: f64 = 6_000.0;
/// Pay of a job in hand or Active counts this much (not earned yet, may fail).
const JOB_SHARE: f64 = 0.4;
/// Each reputation a remaining goal asks for and the captain already has (Solid with a
/// named Contact, or one of the N Solid ones) counts this much: in the stories won by
/// reputations (Rim Rider, Making Connections, Harken's Folly) a rollout cut short — by the
/// horizon or the round limit — would otherwise value a captain Solid with two of the three
/// Contacts no higher than one with none.
const REPUTATION_WORTH: f64 = 1_500.0;
/// The money lead that makes a captain about 73 % to win (`sigmoid(1)`).
const SCALE: f64 = 4_000.0;
/// Crew, gear and ship upgrades aboard count this share of what they cost: a rollout cut a
/// few rounds on (with four captains, about six) would otherwise value the money paid for a
/// hand as money lost, before the hand has earned it back, and overrule the heuristic's
/// purchases. Arena, 1 hard vs 3 normal, the King, on the same games: seed 0 12/40 -> 23/40,
/// seed 1 18/40 (session 21's worth: 18/40).
const ASSET_SHARE: f64 = 0.6;
/// Money counts this much of its face value when no goal left asks for money (to hold or to
/// pay: Harken's Folly): there it only buys crew and gear for the goals' tests, and a
/// rollout that ends rich is not that much nearer the story's end.
const MONEY_ASIDE: f64 = 0.5;

/// Whether a test's bands (or a nested test's) ask for money or pay it out.
fn test_asks_money(t: &Test) -> bool {
    t.outcomes.iter().any(|o| {
        effects_pay(&o.effects)
            || o.choose
                .iter()
                .any(|b| requires_money(&b.requires) || effects_pay(&b.effects))
            || o.nested.as_ref().is_some_and(test_asks_money)
    })
}

fn requires_money(r: &[Requirement]) -> bool {
    r.iter().any(|r| matches!(r, Requirement::Money { .. }))
}

fn effects_pay(e: &[Effect]) -> bool {
    e.iter().any(|e| matches!(e, Effect::PayMoney { .. }))
}

/// Whether a story goal asks for money: to hold (FF-WIN-3), to choose an option, or to pay.
fn goal_asks_money(goal: &Goal) -> bool {
    goal.requires
        .iter()
        .any(|r| matches!(r, GoalCondition::Money { .. }))
        || goal.choices.iter().any(|c| {
            requires_money(&c.requires)
                || effects_pay(&c.effects)
                || c.test.iter().chain(&c.then).any(test_asks_money)
        })
}

impl SearchGame for Firefly {
    type Policy = FireflyBot;
    /// Where a flight goes: the heuristic picks one place; the search tries the next few.
    type Plan = SectorId;

    fn policy(seed: u64) -> FireflyBot {
        FireflyBot::new(seed)
    }

    /// A turn's action is a Full Burn or a Mosey, not where to (FF-FLY-1, FF-FLY-5): the
    /// heuristic's places to go ranked after its own choice are candidates too, each a flight
    /// that the policy steers toward that place.
    fn plans(
        &self,
        policy: &mut FireflyBot,
        seat: Seat,
        legal: &[Action],
        n: usize,
        out: &mut Vec<(Action, SectorId)>,
    ) {
        if self.phase == Phase::Actions {
            policy.flight_plans(self, seat, legal, n, out);
        }
    }

    fn own_plan(&self, policy: &FireflyBot, seat: Seat, own: Action) -> Option<SectorId> {
        matches!(own, Action::FullBurn | Action::Mosey)
            .then(|| policy.planned_flight(self, seat))
            .flatten()
    }

    fn follow(&self, policy: &mut FireflyBot, seat: Seat, target: SectorId) {
        policy.fly_toward(self, seat, target);
    }

    /// The decisions that shape a captain's game: the action of the turn (FF-TURN: Fly, Buy,
    /// Deal, Work, end the turn, free actions), which jobs to accept (FF-DEAL-3) and to keep
    /// (FF-DEAL-5, FF-SETUP-16), which cards to buy (FF-BUY-4), and the set-up picks (FF-SETUP-8,
    /// -9). Steps of a flight, Nav options, who goes on a job and the like are the policy's.
    fn key_decision(&self, _legal: &[Action]) -> bool {
        matches!(
            self.phase,
            Phase::Actions
                | Phase::Accepting { .. }
                | Phase::Purchasing { .. }
                | Phase::DiscardJobs
                | Phase::StartingJobs
                | Phase::ChooseLeader
                | Phase::ChooseShip
        )
    }

    /// Not the free actions that only throw things away (see [`crate::easy::Beginner`]).
    fn considered(&self, a: Action) -> bool {
        crate::easy::Beginner::purposeful(self, a)
    }

    /// Before the end: each captain's worth (goals, money, the pay of the jobs it holds)
    /// against the best rival's, through a sigmoid. Over: mostly the result (1 for each winner,
    /// 0 for the others and for everyone when the round limit ended it), with a quarter of the
    /// worth's value, so that a rollout also tells by how much a game was won or lost (a
    /// win/loss alone is a very noisy signal for one decision).
    fn values(&self, out: &mut [f64]) {
        self.worth_values(out);
        if let Some(o) = &self.outcome {
            for (s, v) in out.iter_mut().enumerate() {
                let won = if o.winners.contains(&(s as u8)) {
                    1.0
                } else {
                    0.0
                };
                *v = 0.75 * won + 0.25 * *v;
            }
        }
    }

    fn default_config() -> SearchConfig {
        SearchConfig {
            // Rollouts at the root, spread over the candidates (a whole-game rollout of two
            // captains is a few milliseconds). The search is short of rollouts more than of
            // ideas: on the same games (arena, seed 0, 2 captains) 768 rollouts under an 80,000
            // step cap won First Time 82 % [73, 88] of 100 against the heuristic, 192 under
            // 55,000 70 % [60, 78].
            budget: Budget::iterations(768),
            exploration: 0.4,
            bias: 0.3,
            // A rollout plays at most 300 decisions (a few rounds: about 6 with 4 captains, 12
            // with 2) and is valued by worth after that. Played to the end (a whole game is
            // 400-600 decisions with 2 captains in First Time, ~1,500 with 4, ~2,000 in Rim
            // Rider), a rollout took so much of the step cap that with 4 captains a decision saw
            // ~80 rollouts; at 300 it sees ~270, and the worth a few rounds on is a steadier
            // signal than one far-off game's result. Arena, seed 0, seats rotated, 1,000 ->
            // 300: 1 hard vs 3 normal, First Time, 31/80 -> 38/80 on the same games (160
            // games at 300: 55.6 % [47.9, 63.1]); 2 captains, the King 18/30 -> 23/30, Harken's
            // Folly 18/30 -> 19/30, Desperadoes 40/60 -> 55/60, Making Connections 14/20 ->
            // 15/20, Rim Rider 12/20 -> 15/20 in a sixth of the time; the eight stories 220/310
            // -> 248/310. (150: 4 captains 81/160, below 300's 89 on the same games.) A game
            // without a round limit (every game a player starts) can run for hundreds of rounds
            // when the captains stall: the horizon also bounds a decision's time there.
            horizon: 300,
            margin: 0.01,
            // The tree (96 iterations) only drew level with the heuristic: its root children
            // got a handful of independent rollouts each, too few to see a decision's few
            // points of win chance. Paired rollouts at the root see them.
            paired: Some(1.5),
            // A rollout of a whole game early on is hundreds of decisions: the budget is better
            // spent on the few candidates still close to the heuristic's choice.
            drop: Some(1.0),
            // Where a flight goes is the heuristic's: the search also tries the three places
            // it ranks next.
            plans: 3,
            // A simulated decision costs 5-10 µs of one core (arena: the heuristic values every
            // card of every draw pile for a Buy's blind draw), so 80,000 keep the longest
            // decisions under a second with 2 or 4 captains (a round of rollouts begun before
            // the cap adds up to 0.1 s); 768 rollouts to the horizon would take 1-2 s. Most
            // decisions end well before the cap (First Time: 35 ms on average).
            max_steps: 80_000,
        }
    }
}

trait Worth {
    /// What the crew (the Leader aside), their gear, spare gear and ship upgrades cost.
    fn assets(&self, p: &Player) -> f64;
    fn worth_values(&self, out: &mut [f64]);
    /// The reputations the remaining story goals ask for (FF-WIN-3) that `p` has already.
    fn reputations_toward_goals(&self, p: &Player) -> u32;
}

impl Worth for Firefly {
    fn assets(&self, p: &Player) -> f64 {
        let c = self.content;
        let card_cost = |card: u16| match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => c.crew[d as usize].cost,
            SupplyKind::Gear(d) => c.gear[d as usize].cost,
            SupplyKind::Upgrade(d) => c.upgrades[d as usize].cost.unwrap_or(0),
        } as f64;
        let crew: f64 = p
            .crew
            .iter()
            .skip(1)
            .map(|m| self.crew_def(m).cost as f64)
            .sum();
        let gear: f64 = p
            .crew
            .iter()
            .flat_map(|m| m.gear.iter())
            .chain(p.upgrades.iter())
            .map(|&card| card_cost(card))
            .sum();
        let spare: f64 = p.spare_gear.iter().map(card_cost).sum();
        crew + gear + spare
    }

    fn reputations_toward_goals(&self, p: &Player) -> u32 {
        // One walk over the crew's and the ship's abilities for every Contact.
        let solid = self.counts_as_solid_mask(p) & ALL_CONTACTS_MASK;
        self.story_def()
            .goals
            .iter()
            .skip(p.goals as usize)
            .flat_map(|goal| &goal.requires)
            .map(|r| match r {
                GoalCondition::SolidWith { contacts } => contacts
                    .iter()
                    .filter(|c| solid & (1 << c.index()) != 0)
                    .count() as u32,
                GoalCondition::SolidCount { count } => solid.count_ones().min(*count as u32),
                _ => 0,
            })
            .sum()
    }

    fn worth_values(&self, out: &mut [f64]) {
        let jobs = &self.content.jobs;
        let pay = |j: u16| jobs[j as usize].pay.unwrap_or(0) as f64;
        let worth: Vec<f64> = self
            .players
            .iter()
            .map(|p| {
                let money = if self
                    .story_def()
                    .goals
                    .iter()
                    .skip(p.goals as usize)
                    .any(goal_asks_money)
                {
                    1.0
                } else {
                    MONEY_ASIDE
                };
                p.goals as f64 * GOAL_WORTH
                    + self.reputations_toward_goals(p) as f64 * REPUTATION_WORTH
                    + p.money as f64 * money
                    + ASSET_SHARE * self.assets(p)
                    + JOB_SHARE
                        * (p.active.iter().map(|a| pay(a.job)).sum::<f64>()
                            + p.hand.iter().map(|&j| pay(j)).sum::<f64>())
            })
            .collect();
        for (s, v) in out.iter_mut().enumerate() {
            let best_rival = worth
                .iter()
                .enumerate()
                .filter(|&(r, _)| r != s)
                .map(|(_, &w)| w)
                .fold(f64::NEG_INFINITY, f64::max);
            *v = if best_rival.is_finite() {
                sigmoid((worth[s] - best_rival) / SCALE)
            } else {
                sigmoid(worth[s] / SCALE)
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::goal_asks_money;
    use tabletop_firefly::content::Content;

    /// Which goals ask for money, read through options, tests, their bands and branches: the
    /// King's Pay $7,000 is a branch of a test's band, First Time's $6,000 a goal condition;
    /// Harken's Folly asks for none.
    #[test]
    fn the_goals_that_ask_for_money() {
        let c = Content::builtin();
        let asks = |story: &str| -> Vec<bool> {
            let s = c.stories.iter().find(|s| s.id == story).expect(story);
            s.goals.iter().map(goal_asks_money).collect()
        };
        assert_eq!(asks("harkens-folly"), [false, false, false]);
        assert!(asks("the-king-of-all-londinium").iter().any(|&a| a));
        assert_eq!(asks("first-time-in-the-captains-chair").last(), Some(&true));
        assert_eq!(asks("rim-rider"), [true]);
    }
}
