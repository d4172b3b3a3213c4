//! The Mandalorian Adventures for the search bot: the heuristic bot ([`MandalorianBot`]) as the
//! policy, the action phase's card plays as the searched decisions, the team's chance as every
//! seat's value (the game is cooperative: everyone wins or loses together, MA-GOLD-1).

use tabletop_mandalorian::state::Task;
use tabletop_mandalorian::{Action, Mandalorian};

use super::{sigmoid, Budget, SearchConfig, SearchGame};
use crate::mandalorian::{evaluate, MandalorianBot};

/// The heuristic evaluation's units per step of the sigmoid (a crisis-track step is 25).
const SCALE: f64 = 60.0;

impl SearchGame for Mandalorian {
    type Policy = MandalorianBot;
    type Plan = ();

    fn policy(seed: u64) -> MandalorianBot {
        MandalorianBot::new(seed)
    }

    /// Which card into which slot, or the end of the action phase (MA-ACT-1): the decisions
    /// inside a card are the policy's (its greedy look-ahead resolves them well).
    fn key_decision(&self, _legal: &[Action]) -> bool {
        matches!(self.pending(), Some(Task::ActionPhase))
    }

    /// The team's result once over (1 won, 0 lost); before, the heuristic evaluation through a
    /// sigmoid. Every seat gets the same value.
    fn values(&self, out: &mut [f64]) {
        let v = match &self.outcome {
            Some(o) => {
                if o.winners.is_empty() {
                    0.0
                } else {
                    1.0
                }
            }
            None => sigmoid(evaluate(self) / SCALE),
        };
        out.iter_mut().for_each(|x| *x = v);
    }

    fn default_config() -> SearchConfig {
        SearchConfig {
            budget: Budget::iterations(64),
            exploration: 0.5,
            bias: 0.2,
            horizon: 60,
            margin: 0.02,
            paired: None,
            max_steps: u64::MAX,
            drop: None,
            plans: 0,
        }
    }
}
