//! Engine speed with uniformly random legal actions, single-threaded.
//!
//! Every figure is the CPU time of the measuring thread (not the wall clock), so a busy
//! machine slows the run but moves the figures little, and the clock is read once per batch
//! of work and around each new game's set-up (timed apart), never inside the measured step.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use cpu_time::ThreadTime;
use tabletop_core::{Actor, NewGame, Rng};

/// Work between two clock reads.
const BATCH: usize = 256;

/// Engine speed, single-threaded.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub steps: u64,
    /// CPU seconds of the steps alone: the set-ups of the games they were taken in are timed
    /// apart (`setup_secs`) and not counted.
    pub step_secs: f64,
    /// The games set up during the steps and their CPU seconds.
    pub setups: u64,
    pub setup_secs: f64,
    pub playouts: u64,
    pub playout_steps: u64,
    pub playout_secs: f64,
    pub legal_ns: f64,
    pub clone_ns: f64,
    /// A copy into a state kept for the purpose (`Clone::clone_from`), as a search copies its
    /// root for each rollout.
    pub copy_into_ns: f64,
    /// The positions `legal_ns` and `clone_ns` are averaged over.
    pub samples: usize,
}

impl BenchReport {
    pub fn steps_per_sec(&self) -> f64 {
        self.steps as f64 / self.step_secs.max(1e-9)
    }
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.playout_secs.max(1e-9)
    }
    /// The CPU time of one random step (legal_actions, a random pick, apply).
    pub fn step_ns(&self) -> f64 {
        self.step_secs * 1e9 / self.steps.max(1) as f64
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "random legal actions:  {:>12.0} steps/s   ({:.0} ns a step: legal_actions, a random pick, apply; {} steps in {:.2} s, set-ups not counted)",
            self.steps_per_sec(),
            self.step_ns(),
            self.steps,
            self.step_secs
        )?;
        writeln!(
            f,
            "set-up:                {:>12.0} ns/game   (a new game, timed apart from the steps above; {} games)",
            self.setup_secs * 1e9 / self.setups.max(1) as f64,
            self.setups
        )?;
        writeln!(
            f,
            "full random playouts:  {:>12.1} games/s   (set-up to the end or the round cap; {} games, {:.0} steps each on average, {:.2} s)",
            self.playouts_per_sec(),
            self.playouts,
            self.playout_steps as f64 / (self.playouts.max(1)) as f64,
            self.playout_secs
        )?;
        writeln!(
            f,
            "legal_actions:         {:>12.0} ns/call   (listing every legal action, averaged over {} positions of one game)",
            self.legal_ns, self.samples
        )?;
        writeln!(
            f,
            "state clone:           {:>12.0} ns/clone  (a new copy of the whole state, same positions)",
            self.clone_ns
        )?;
        write!(
            f,
            "state copy into:       {:>12.0} ns/copy   (the same into a state kept for it, clone_from: a search bot's copy for each rollout)\n\
             (CPU time of one thread; the clock is read once per {BATCH} steps and around each set-up, never inside a step)",
            self.copy_into_ns
        )
    }
}

/// Measure the engine for about `seconds` of CPU time in all, with uniformly random legal
/// actions. The options must make games end (a round limit), or playouts are cut at
/// `max_steps`.
pub fn bench<G: NewGame>(
    content: &'static G::Content,
    options: &G::Options,
    seconds: f64,
    max_steps: u64,
) -> Result<BenchReport> {
    let part = Duration::from_secs_f64((seconds / 5.0).max(0.05));
    let new =
        |seed: u64| G::new_game(content, options, seed).map_err(|e| anyhow!("set-up refused: {e}"));
    let mut rng = Rng::new(1);
    let mut legal = Vec::new();
    let mut events = Vec::new();

    // 1. Steps with random legal actions (a new game whenever one ends, its set-up timed
    //    apart: a set-up costs as much as tens of steps).
    let mut seed = 0;
    let mut g = new(seed)?;
    let mut game_steps = 0u64;
    let mut steps = 0u64;
    let (mut setups, mut setup_time) = (0u64, Duration::ZERO);
    let start = ThreadTime::now();
    while start.elapsed() < part {
        for _ in 0..BATCH {
            if g.actor() == Actor::Over || game_steps >= max_steps {
                seed += 1;
                let t = ThreadTime::now();
                g = new(seed)?;
                setup_time += t.elapsed();
                setups += 1;
                game_steps = 0;
            }
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                bail!("seed {seed}: a seat is to act with no legal action");
            }
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            game_steps += 1;
        }
        steps += BATCH as u64;
    }
    let step_secs = start.elapsed().saturating_sub(setup_time).as_secs_f64();

    // 2. Whole playouts.
    let (mut playouts, mut playout_steps) = (0u64, 0u64);
    let start = ThreadTime::now();
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

    // 3. Positions sampled through one game, for legal_actions and clones alone.
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
    let (mut calls, start) = (0u64, ThreadTime::now());
    while start.elapsed() < part {
        for s in &samples {
            std::hint::black_box(s).legal_actions(&mut legal);
            std::hint::black_box(&legal);
        }
        calls += samples.len() as u64;
    }
    let legal_ns = start.elapsed().as_nanos() as f64 / calls.max(1) as f64;
    let (mut clones, start) = (0u64, ThreadTime::now());
    while start.elapsed() < part {
        for s in &samples {
            // Looked at where it lies, as a bot uses it: passing the new state by value (to
            // `black_box`) would add a move of its few kilobytes to the clone's figure.
            let c = std::hint::black_box(s).clone();
            std::hint::black_box(&c);
        }
        clones += samples.len() as u64;
    }
    let clone_ns = start.elapsed().as_nanos() as f64 / clones.max(1) as f64;
    let mut kept = samples[0].clone();
    let (mut copies, start) = (0u64, ThreadTime::now());
    while start.elapsed() < part {
        for s in &samples {
            kept.clone_from(std::hint::black_box(s));
            std::hint::black_box(&kept);
        }
        copies += samples.len() as u64;
    }
    let copy_into_ns = start.elapsed().as_nanos() as f64 / copies.max(1) as f64;

    Ok(BenchReport {
        steps,
        step_secs,
        setups,
        setup_secs: setup_time.as_secs_f64(),
        playouts,
        playout_steps,
        playout_secs,
        legal_ns,
        clone_ns,
        copy_into_ns,
        samples: samples.len(),
    })
}

/// The search bot's speed, single-threaded.
#[derive(Clone, Debug)]
pub struct SearchBenchReport {
    /// The iterations of one searched decision (the `hard` level's budget).
    pub budget: u32,
    /// The simulated decisions after which a searched decision starts no new round.
    pub max_steps: u64,
    pub horizon: u32,
    /// Whether the search is the paired one at the root (Firefly) rather than the tree.
    pub paired: bool,
    pub searches: u64,
    /// Searched decisions whose choice was not the heuristic's (another action or plan).
    pub changed: u64,
    pub iterations: u64,
    /// Decisions simulated inside the searches (between searched decisions and in rollouts).
    pub steps: u64,
    /// CPU seconds of the searches.
    pub secs: f64,
    pub max_search: Duration,
}

impl SearchBenchReport {
    pub fn iterations_per_sec(&self) -> f64 {
        self.iterations as f64 / self.secs.max(1e-9)
    }
}

impl std::fmt::Display for SearchBenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let horizon = if self.horizon == u32::MAX {
            "to the end".to_string()
        } else {
            format!("for {} decisions", self.horizon)
        };
        let cap = if self.max_steps == u64::MAX {
            "no cap".to_string()
        } else {
            format!("{} simulated decisions", self.max_steps)
        };
        let iteration = if self.paired {
            "play one candidate (an action, or a flight toward a place) out on a determinized copy"
        } else {
            "determinize a copy, descend the tree, roll out"
        };
        writeln!(
            f,
            "search (hard):         {:>12.0} iterations/s per core   (one iteration: {iteration} with the heuristic bots {horizon}, back up; {:.0} simulated decisions each)",
            self.iterations_per_sec(),
            self.steps as f64 / self.iterations.max(1) as f64,
        )?;
        write!(
            f,
            "searched decision:     {:>12.1} ms on average, {:.1} ms at most   ({:.0} iterations each on average: {} at most, none begun after {}; {} searched decisions of heuristic games, CPU time of one thread; {} of them ({:.0} %) chose other than the heuristic)",
            self.secs * 1e3 / self.searches.max(1) as f64,
            self.max_search.as_secs_f64() * 1e3,
            self.iterations as f64 / self.searches.max(1) as f64,
            self.budget,
            cap,
            self.searches,
            self.changed,
            self.changed as f64 * 100.0 / self.searches.max(1) as f64,
        )
    }
}

/// Measure the search bot (`hard`, its default budget) for about `seconds` of CPU time: games
/// are played by the heuristic bots, and at their searched decisions the search bot decides too
/// (its decision is measured, the heuristic's played, so the positions are those of real games).
pub fn search_bench<G: NewGame + tabletop_bots::search::SearchGame>(
    content: &'static G::Content,
    options: &G::Options,
    seconds: f64,
    max_steps: u64,
) -> Result<SearchBenchReport> {
    use tabletop_bots::search::SearchBot;
    use tabletop_bots::Bot;
    let limit = Duration::from_secs_f64(seconds.max(0.05));
    let config = G::default_config();
    let mut r = SearchBenchReport {
        budget: config.budget.iterations,
        max_steps: config.max_steps,
        horizon: config.horizon,
        paired: config.paired.is_some(),
        searches: 0,
        changed: 0,
        iterations: 0,
        steps: 0,
        secs: 0.0,
        max_search: Duration::ZERO,
    };
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut seed = 100;
    let mut spent = Duration::ZERO;
    while spent < limit {
        seed += 1;
        let mut g =
            G::new_game(content, options, seed).map_err(|e| anyhow!("set-up refused: {e}"))?;
        let mut policies: Vec<G::Policy> = (0..g.num_seats())
            .map(|s| G::policy(seed * 16 + s as u64))
            .collect();
        let mut search = SearchBot::<G>::new(seed);
        let mut n = 0u64;
        while g.actor() != Actor::Over && n < max_steps && spent < limit {
            let Actor::Seat(seat) = g.actor() else { break };
            g.legal_actions(&mut legal);
            if legal.len() > 1 && g.key_decision(&legal) && n.is_multiple_of(3) {
                let start = ThreadTime::now();
                search.search(&g, seat, &legal);
                let t = start.elapsed();
                spent += t;
                r.searches += 1;
                r.changed += search.last_stats().changed as u64;
                r.iterations += search.last_stats().iterations as u64;
                r.steps += search.last_stats().steps;
                r.max_search = r.max_search.max(t);
            }
            let a = policies[seat as usize].choose(&g, seat, &legal);
            events.clear();
            g.apply_unchecked(a, &mut events);
            n += 1;
        }
    }
    r.secs = spent.as_secs_f64();
    Ok(r)
}
