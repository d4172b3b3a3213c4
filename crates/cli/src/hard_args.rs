//! The hard level's budget as the arena commands of both games take it.

use clap::Args;
use tabletop_bots::search::{SearchConfig, SearchGame};

#[derive(Args, Debug)]
pub struct HardArgs {
    /// The hard level's iterations per searched decision (default: its own budget).
    #[arg(long)]
    pub iterations: Option<u32>,
    /// The hard level's rollout horizon in decisions, 0 to play rollouts to the end (default:
    /// its own).
    #[arg(long)]
    pub horizon: Option<u32>,
}

impl HardArgs {
    /// The search settings of game `G` with these overrides.
    pub fn config<G: SearchGame>(&self) -> SearchConfig {
        tabletop_driver::arena::hard_config::<G>(self.iterations, self.horizon)
    }
}
