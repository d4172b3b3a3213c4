//! Engine speed with uniformly random legal actions, single-threaded.

use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use tabletop_core::{Actor, NewGame, Rng};

/// Engine speed, single-threaded.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub steps: u64,
    pub step_secs: f64,
    pub playouts: u64,
    pub playout_steps: u64,
    pub playout_secs: f64,
    pub legal_ns: f64,
    pub clone_ns: f64,
    pub clone_samples: usize,
}

impl BenchReport {
    pub fn steps_per_sec(&self) -> f64 {
        self.steps as f64 / self.step_secs.max(1e-9)
    }
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.playout_secs.max(1e-9)
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "random legal actions:  {:>12.0} steps/s   ({} steps in {:.2} s; legal_actions + apply)",
            self.steps_per_sec(),
            self.steps,
            self.step_secs
        )?;
        writeln!(
            f,
            "full random playouts:  {:>12.1} games/s   ({} games, {:.0} steps each on average, {:.2} s)",
            self.playouts_per_sec(),
            self.playouts,
            self.playout_steps as f64 / (self.playouts.max(1)) as f64,
            self.playout_secs
        )?;
        writeln!(f, "legal_actions:         {:>12.0} ns/call", self.legal_ns)?;
        write!(
            f,
            "state clone:           {:>12.0} ns/clone  (average over {} states from set-up to the end)",
            self.clone_ns, self.clone_samples
        )
    }
}

/// Measure the engine for about `seconds` in all, with uniformly random legal actions.
/// The options must make games end (a round limit), or playouts are cut at `max_steps`.
pub fn bench<G: NewGame>(
    content: &'static G::Content,
    options: &G::Options,
    seconds: f64,
    max_steps: u64,
) -> Result<BenchReport> {
    let part = Duration::from_secs_f64((seconds / 3.0).max(0.05));
    let new =
        |seed: u64| G::new_game(content, options, seed).map_err(|e| anyhow!("set-up refused: {e}"));
    let mut rng = Rng::new(1);
    let mut legal = Vec::new();
    let mut events = Vec::new();

    // 1. Steps with random legal actions (a new game whenever one ends).
    let mut seed = 0;
    let mut g = new(seed)?;
    let mut game_steps = 0u64;
    let (mut steps, mut legal_calls, mut legal_time) = (0u64, 0u64, Duration::ZERO);
    let start = Instant::now();
    while start.elapsed() < part {
        for _ in 0..256 {
            if g.actor() == Actor::Over || game_steps >= max_steps {
                seed += 1;
                g = new(seed)?;
                game_steps = 0;
            }
            let t = Instant::now();
            g.legal_actions(&mut legal);
            legal_time += t.elapsed();
            legal_calls += 1;
            if legal.is_empty() {
                bail!("seed {seed}: a seat is to act with no legal action");
            }
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
            game_steps += 1;
        }
    }
    let step_secs = start.elapsed().as_secs_f64();

    // 2. Whole playouts.
    let (mut playouts, mut playout_steps) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < part || playouts == 0 {
        seed += 1;
        let mut g = new(seed)?;
        let mut n = 0;
        while g.actor() != Actor::Over && n < max_steps {
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            n += 1;
        }
        playouts += 1;
        playout_steps += n;
    }
    let playout_secs = start.elapsed().as_secs_f64();

    // 3. Clones of states sampled through one game.
    let mut samples = Vec::new();
    let mut g = new(seed + 1)?;
    let mut n = 0u64;
    while g.actor() != Actor::Over && n < max_steps {
        if n & 15 == 0 {
            samples.push(g.clone());
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        events.clear();
        g.apply_unchecked(a, &mut events);
        n += 1;
    }
    samples.push(g);
    let (mut clones, start) = (0u64, Instant::now());
    while start.elapsed() < part {
        for s in &samples {
            std::hint::black_box(std::hint::black_box(s).clone());
        }
        clones += samples.len() as u64;
    }
    let clone_ns = start.elapsed().as_nanos() as f64 / clones.max(1) as f64;

    Ok(BenchReport {
        steps,
        step_secs,
        playouts,
        playout_steps,
        playout_secs,
        legal_ns: legal_time.as_nanos() as f64 / legal_calls.max(1) as f64,
        clone_ns,
        clone_samples: samples.len(),
    })
}
