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
    /// The hard level's cap on simulated decisions per searched decision: no new round of
    /// rollouts starts past it (default: its own).
    #[arg(long)]
    pub search_steps: Option<u64>,
    /// The paired search drops a candidate this many standard errors below the heuristic's
    /// choice, or `none` to keep every candidate (default: its own).
    #[arg(long, value_name = "Z|none", value_parser = parse_drop)]
    pub drop: Option<Drop>,
    /// Plans (Firefly: other places to fly to) the paired search tries beyond the legal
    /// actions, at most (default: its own).
    #[arg(long)]
    pub plans: Option<usize>,
    /// The paired search (Firefly's hard level) changes the heuristic's choice only on a gain
    /// above this many standard errors (default: its own).
    #[arg(long, value_name = "Z", value_parser = parse_z)]
    pub switch: Option<f64>,
}

/// A `--drop` value.
#[derive(Clone, Copy, Debug)]
pub struct Drop(Option<f64>);

fn parse_drop(s: &str) -> Result<Drop, String> {
    if s == "none" {
        return Ok(Drop(None));
    }
    parse_z(s)
        .map(|z| Drop(Some(z)))
        .map_err(|_| format!("`{s}`: a number of standard errors (0 or more) or `none`"))
}

fn parse_z(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(z) if z.is_finite() && z >= 0.0 => Ok(z),
        _ => Err(format!("`{s}`: a number of standard errors (0 or more)")),
    }
}

impl HardArgs {
    /// The search settings of game `G` with these overrides.
    pub fn config<G: SearchGame>(&self) -> SearchConfig {
        let mut c = tabletop_driver::arena::hard_config::<G>(
            self.iterations,
            self.horizon,
            self.search_steps,
        );
        if let Some(Drop(d)) = self.drop {
            c.drop = d;
        }
        if let Some(n) = self.plans {
            c.plans = n;
        }
        if let (Some(z), Some(_)) = (self.switch, c.paired) {
            c.paired = Some(z);
        }
        c
    }
}
