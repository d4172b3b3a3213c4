//! Bot-only games and simulations in parallel, with per-game seeds.

use std::panic::{catch_unwind, AssertUnwindSafe};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use tabletop_bots::Bot;
use tabletop_core::{Actor, NewGame, Replay, Seat};

use crate::driven::Driven;
use crate::panic_message;
use crate::seats::{bot_seed, game_seed, BotMaker};

/// Play bots against each other until the game ends. Returns the number of steps. Each action
/// is pushed to `record` before it is applied, so that a failure can be replayed.
pub fn play_out<G: NewGame>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: u64,
    record: &mut Vec<G::Action>,
) -> Result<u64, String> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0u64;
    loop {
        let seat = match game.actor() {
            Actor::Over => return Ok(steps),
            Actor::Seat(s) => s,
        };
        if steps >= max_steps {
            return Err(format!("no end after {max_steps} steps"));
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(format!(
                "seat {} is to act but has no legal action",
                seat + 1
            ));
        }
        let a = bots[seat as usize].choose(game, seat, &legal);
        if !legal.contains(&a) {
            return Err(format!(
                "bot {} chose {a:?}, which is not legal",
                bots[seat as usize].name()
            ));
        }
        record.push(a);
        events.clear();
        game.apply_unchecked(a, &mut events);
        steps += 1;
    }
}

/// One game of a simulation.
pub struct GameRun<R> {
    pub index: usize,
    pub seed: u64,
    pub steps: u64,
    /// The game's summary, or why it failed (set-up refused, engine panic, no end, bad bot).
    pub result: Result<R, String>,
    /// For a failed game, its save up to and including the action that failed (load it with
    /// `replay` or `play --load` to see the failure again).
    pub failure_save: Option<String>,
}

/// A simulation: `games` bot-only games, in parallel. Game `i` has seed
/// `game_seed(base_seed, i)` and options `options(i)`; `summarize` turns each final state
/// into whatever the game's summary needs. The results come back in game order.
pub struct Simulation<'a, G: NewGame> {
    pub content: &'static G::Content,
    pub games: usize,
    pub base_seed: u64,
    /// Bot name per seat.
    pub seats: Vec<String>,
    pub bots: BotMaker<'a, G>,
    pub max_steps: u64,
    pub progress: bool,
}

impl<G: Driven> Simulation<'_, G> {
    pub fn run<R: Send>(
        &self,
        options: &(dyn Fn(usize) -> G::Options + Sync),
        summarize: &(dyn Fn(&G) -> R + Sync),
    ) -> Vec<GameRun<R>> {
        let bar = if self.progress {
            let b = ProgressBar::new(self.games as u64);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games ({per_sec}, eta {eta})",
                )
                .expect("a valid template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        let runs = (0..self.games)
            .into_par_iter()
            .map(|index| {
                let seed = game_seed(self.base_seed, index as u64);
                let opts = options(index);
                let mut steps = 0;
                let mut record = Vec::new();
                let result = catch_unwind(AssertUnwindSafe(|| {
                    let mut g = G::new_game(self.content, &opts, seed)
                        .map_err(|e| format!("set-up refused: {e}"))?;
                    let mut bots: Vec<Box<dyn Bot<G>>> = (0..g.num_seats())
                        .map(|s| {
                            let name = &self.seats[s % self.seats.len()];
                            (self.bots)(name, s as Seat, bot_seed(seed, s as Seat))
                        })
                        .collect();
                    steps = play_out(&mut g, &mut bots, self.max_steps, &mut record)?;
                    Ok(summarize(&g))
                }))
                .unwrap_or_else(|p| Err(format!("engine panic: {}", panic_message(&*p))));
                let failure_save = (result.is_err() && !record.is_empty()).then(|| {
                    let mut r = Replay::new(G::NAME, G::fingerprint(self.content), opts, seed);
                    r.actions = record;
                    r.to_json()
                });
                bar.inc(1);
                GameRun {
                    index,
                    seed,
                    steps,
                    result,
                    failure_save,
                }
            })
            .collect();
        bar.finish_and_clear();
        runs
    }
}

/// The mean and the median of some numbers (0 for none).
pub fn mean_median(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    (mean, median)
}

pub fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
