//! Bots against bots, for strength: games in parallel where each entry of a seat list (a bot
//! level) sits in every seat in turn (seat rotation), with win rates and their 95 % confidence
//! intervals (Wilson score intervals), and how long each entry took per decision (CPU time of
//! its thread).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use cpu_time::ThreadTime;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use tabletop_bots::Bot;
use tabletop_core::{Actor, NewGame, Seat};

use crate::panic_message;
use crate::seats::{bot_seed, game_seed, BotMaker};

/// z of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `wins` successes in `n` trials at 95 % (`(0, 1)` for none).
pub fn wilson(wins: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = wins / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// "62.0 % [55.1, 68.4]": a rate with its 95 % Wilson interval.
pub fn rate_ci(wins: f64, n: usize) -> String {
    let (lo, hi) = wilson(wins, n);
    let p = if n == 0 { 0.0 } else { wins / n as f64 };
    format!(
        "{:5.1} % [{:4.1}, {:5.1}]",
        100.0 * p,
        100.0 * lo,
        100.0 * hi
    )
}

/// Time one entry's bot spent on its decisions that had a choice (more than one legal action).
#[derive(Clone, Debug, Default)]
pub struct Thinking {
    pub decisions: u64,
    pub total: Duration,
    pub max: Duration,
}

impl Thinking {
    fn add(&mut self, d: Duration) {
        self.decisions += 1;
        self.total += d;
        self.max = self.max.max(d);
    }

    pub fn merge(&mut self, o: &Thinking) {
        self.decisions += o.decisions;
        self.total += o.total;
        self.max = self.max.max(o.max);
    }

    pub fn mean(&self) -> Duration {
        self.total / self.decisions.max(1) as u32
    }
}

/// The result of one arena game, by entry (not by seat).
#[derive(Clone, Debug)]
pub struct ArenaGame {
    pub seed: u64,
    /// Each entry's share of the win: 1 for a sole winner, 1/k for each of k tied winners.
    pub share: Vec<f64>,
    /// Nobody won (a round limit).
    pub no_winner: bool,
    pub thinking: Vec<Thinking>,
}

/// Totals over an arena's games.
#[derive(Clone, Debug)]
pub struct ArenaResult {
    pub entries: Vec<String>,
    pub games: usize,
    pub wins: Vec<f64>,
    pub no_winner: usize,
    pub failed: Vec<(u64, String)>,
    pub thinking: Vec<Thinking>,
    /// Game by game (in game order): whether anybody won, `None` for a failed game (for
    /// cooperative games, where the whole table wins or loses).
    pub won: Vec<Option<bool>>,
}

impl ArenaResult {
    /// One line per entry: its win rate with the 95 % interval, and its decision times.
    pub fn lines(&self) -> Vec<String> {
        (0..self.entries.len())
            .map(|e| {
                let t = &self.thinking[e];
                format!(
                    "seat entry {} ({:<6}) wins {}  ({:.0}/{} games; {:.2} ms a decision, at most {:.0} ms, CPU time)",
                    e + 1,
                    self.entries[e],
                    rate_ci(self.wins[e], self.games),
                    self.wins[e],
                    self.games,
                    t.mean().as_secs_f64() * 1e3,
                    t.max.as_secs_f64() * 1e3,
                )
            })
            .collect()
    }
}

/// An arena: `games` games with seats `entries` rotated (game `i` puts entry `e` in seat
/// `(e + i) % n`), each with seed `game_seed(base_seed, i)`.
pub struct Arena<'a, G: NewGame> {
    pub content: &'static G::Content,
    pub options: G::Options,
    pub entries: Vec<String>,
    pub games: usize,
    pub base_seed: u64,
    pub bots: BotMaker<'a, G>,
    pub max_steps: u64,
    pub progress: bool,
}

impl<G: NewGame<Options: Sync>> Arena<'_, G> {
    /// The seat of entry `e` in game `i`.
    pub fn seat_of(&self, e: usize, i: usize) -> usize {
        (e + i) % self.entries.len()
    }

    pub fn run(&self) -> ArenaResult {
        let n = self.entries.len();
        let bar = if self.progress {
            let b = ProgressBar::new(self.games as u64);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games (eta {eta})",
                )
                .expect("a valid template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        let games: Vec<Result<ArenaGame, (u64, String)>> = (0..self.games)
            .into_par_iter()
            .map(|i| {
                let seed = game_seed(self.base_seed, i as u64);
                let r = catch_unwind(AssertUnwindSafe(|| self.one(i, seed)))
                    .unwrap_or_else(|p| Err(format!("engine panic: {}", panic_message(&*p))))
                    .map_err(|e| (seed, e));
                bar.inc(1);
                r
            })
            .collect();
        bar.finish_and_clear();
        let mut res = ArenaResult {
            entries: self.entries.clone(),
            games: 0,
            wins: vec![0.0; n],
            no_winner: 0,
            failed: Vec::new(),
            thinking: vec![Thinking::default(); n],
            won: Vec::new(),
        };
        for g in games {
            res.won.push(g.as_ref().ok().map(|g| !g.no_winner));
            match g {
                Ok(g) => {
                    res.games += 1;
                    res.no_winner += g.no_winner as usize;
                    for e in 0..n {
                        res.wins[e] += g.share[e];
                        res.thinking[e].merge(&g.thinking[e]);
                    }
                }
                Err(f) => res.failed.push(f),
            }
        }
        res
    }

    fn one(&self, i: usize, seed: u64) -> Result<ArenaGame, String> {
        let n = self.entries.len();
        let mut g = G::new_game(self.content, &self.options, seed)
            .map_err(|e| format!("set-up refused: {e}"))?;
        if g.num_seats() != n {
            return Err(format!(
                "{} seats at the table, {} entries",
                g.num_seats(),
                n
            ));
        }
        // entry_at[seat] = the entry sitting there.
        let mut entry_at = vec![0; n];
        for e in 0..n {
            entry_at[self.seat_of(e, i)] = e;
        }
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|s| {
                (self.bots)(
                    &self.entries[entry_at[s]],
                    s as Seat,
                    bot_seed(seed, s as Seat),
                )
            })
            .collect();
        let mut thinking = vec![Thinking::default(); n];
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut steps = 0u64;
        loop {
            let seat = match g.actor() {
                Actor::Over => break,
                Actor::Seat(s) => s as usize,
            };
            if steps >= self.max_steps {
                return Err(format!("no end after {} steps", self.max_steps));
            }
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                return Err(format!("seat {} has no legal action", seat + 1));
            }
            // CPU time of the thread: a decision's cost, whatever else the machine is doing
            // (games run in parallel, often beside a build).
            let started = ThreadTime::now();
            let a = bots[seat].choose(&g, seat as Seat, &legal);
            if legal.len() > 1 {
                thinking[entry_at[seat]].add(started.elapsed());
            }
            if !legal.contains(&a) {
                return Err(format!(
                    "{} chose the illegal {a:?}",
                    self.entries[entry_at[seat]]
                ));
            }
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
        }
        let winners = g.outcome().map(|o| o.winners).unwrap_or_default();
        let mut share = vec![0.0; n];
        for &w in &winners {
            share[entry_at[w as usize]] += 1.0 / winners.len() as f64;
        }
        Ok(ArenaGame {
            seed,
            share,
            no_winner: winners.is_empty(),
            thinking,
        })
    }
}

/// The `hard` level's settings of game `G`, with a different budget (iterations per searched
/// decision), rollout horizon (decisions; 0 plays rollouts to the end) or cap on simulated
/// decisions if given.
pub fn hard_config<G: tabletop_bots::search::SearchGame>(
    iterations: Option<u32>,
    horizon: Option<u32>,
    max_steps: Option<u64>,
) -> tabletop_bots::search::SearchConfig {
    let mut c = G::default_config();
    if let Some(i) = iterations {
        c.budget = tabletop_bots::search::Budget::iterations(i);
    }
    if let Some(h) = horizon {
        c.horizon = if h == 0 { u32::MAX } else { h };
    }
    if let Some(m) = max_steps {
        c.max_steps = m;
    }
    c
}

/// "hard = 96 iterations per searched decision, rollouts of whole games": the hard level's
/// budget as an arena's heading says it.
pub fn describe_hard(c: &tabletop_bots::search::SearchConfig) -> String {
    let rollouts = if c.horizon == u32::MAX {
        "whole games".to_string()
    } else {
        format!("{} decisions", c.horizon)
    };
    let cap = if c.max_steps == u64::MAX {
        String::new()
    } else {
        format!(", no new round past {} simulated decisions", c.max_steps)
    };
    let drop = match c.drop {
        Some(z) => {
            format!(", a candidate dropped {z} standard errors below the heuristic's choice")
        }
        None => String::new(),
    };
    let plans = match c.plans {
        0 => String::new(),
        n => format!(", up to {n} plans beside the legal actions"),
    };
    match c.paired {
        Some(z) => format!(
            "hard = {} paired rollouts per searched decision (root candidates on common deals, \
             a change of plan only after {} rounds, on a gain above {} and {z} standard \
             errors, raised for the best of several candidates), rollouts of \
             {rollouts}{cap}{drop}{plans}",
            c.budget.iterations,
            tabletop_bots::search::SWITCH_AFTER,
            c.margin
        ),
        None => format!(
            "hard = {} iterations per searched decision, rollouts of {rollouts}",
            c.budget.iterations
        ),
    }
}

/// Two teams on the same games (a cooperative game): the win rates of each, and the difference
/// with its 95 % interval from the paired games (normal approximation).
/// Games that failed for either team are left out.
pub fn paired_difference(a: &[Option<bool>], b: &[Option<bool>]) -> (f64, f64, f64) {
    let d: Vec<f64> = a
        .iter()
        .zip(b)
        .filter_map(|(x, y)| Some((*x)? as u8 as f64 - (*y)? as u8 as f64))
        .collect();
    let n = d.len();
    if n == 0 {
        return (0.0, -1.0, 1.0);
    }
    let mean = d.iter().sum::<f64>() / n as f64;
    let var = if n > 1 {
        d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        1.0
    };
    let half = Z95 * (var / n as f64).sqrt();
    (mean, mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_published_values() {
        // Wilson (1927) / Newcombe (1998), table I: 81/263 → 0.2553..0.3662; 0/10 → 0..0.2775.
        let (lo, hi) = wilson(81.0, 263);
        assert!(
            (lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 5e-4, "{hi}");
        let (lo, hi) = wilson(15.0, 148);
        assert!(
            (lo - 0.0624).abs() < 5e-4 && (hi - 0.1605).abs() < 5e-4,
            "{lo} {hi}"
        );
    }

    #[test]
    fn the_paired_difference_of_equal_teams_is_zero_and_its_interval_shrinks_with_games() {
        let a = [Some(true), Some(false), None, Some(true)];
        assert_eq!(paired_difference(&a, &a), (0.0, 0.0, 0.0));
        let a: Vec<Option<bool>> = (0..400).map(|i| Some(i % 2 == 0)).collect();
        let b: Vec<Option<bool>> = (0..400).map(|i| Some(i % 4 == 0)).collect();
        let (m, lo, hi) = paired_difference(&a, &b);
        assert!((m - 0.25).abs() < 1e-12 && lo < 0.25 && hi > 0.25 && hi - lo < 0.1);
    }
}
