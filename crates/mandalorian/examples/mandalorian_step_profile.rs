//! A profiling aid for the engine's random steps (issue 11): plays random solo games of
//! missions 1-4 (recruit) for the given seconds and prints the CPU time of a step
//! (legal_actions + apply, set-ups excluded). Run it under `perf record` to see where a step's
//! time goes: `cargo run --release -p tabletop-mandalorian --example mandalorian_step_profile -- SECONDS`.
//! `mandalorian_step_profile 0 GAMES` plays exactly GAMES games instead (the same games every run), for
//! `valgrind --tool=callgrind`, whose instruction counts a busy machine does not disturb.
//!
//! `mandalorian_step_profile digest [GAMES]` instead plays GAMES random games of every mission and
//! difficulty at fixed seeds and prints a digest of every legal-action list and every action's
//! events (and of each game's final state): a speed change to the engine must leave it
//! unchanged.

use cpu_time::ThreadTime;
use std::time::Duration;
use tabletop_core::{Game, NewGame, Rng};
use tabletop_mandalorian::*;

fn main() {
    if std::env::args().nth(1).as_deref() == Some("digest") {
        let games = std::env::args()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(50);
        return digest(games);
    }
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5.0);
    let max_games: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    let mut rng = Rng::new(1);
    let (mut legal, mut events) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let (mut steps, mut games, mut setup) = (0u64, 0u64, Duration::ZERO);
    let start = ThreadTime::now();
    while games < max_games && (max_games < u64::MAX || start.elapsed().as_secs_f64() < seconds) {
        let t = ThreadTime::now();
        let options = Options::solo(1 + (games % 4) as u8, Difficulty::Recruit);
        let mut g = Mandalorian::new_game(embedded(), &options, games).unwrap();
        setup += t.elapsed();
        games += 1;
        while g.outcome().is_none() {
            g.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
        }
    }
    let step_secs = start.elapsed().saturating_sub(setup).as_secs_f64();
    println!(
        "{games} games ({} steps each): {:.1} ns a step (set-up excluded), set-up {:.0} ns a game, CPU time",
        steps / games.max(1),
        step_secs * 1e9 / steps.max(1) as f64,
        setup.as_nanos() as f64 / games.max(1) as f64
    );
}

/// A hash of the legal actions and events of `games` random games of every mission and
/// difficulty.
fn digest(games: u64) {
    use std::hash::{Hash, Hasher};
    let content = embedded();
    let (mut legal, mut events) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let mut all = std::collections::hash_map::DefaultHasher::new();
    for m in content.missions.iter().map(|m| m.number) {
        for d in Difficulty::ALL {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            let mut steps = 0u64;
            for seed in 0..games {
                let mut rng = Rng::new(seed);
                let mut g =
                    Mandalorian::new_game(content, &Options::solo(m, d), seed).expect("set-up");
                while g.outcome().is_none() {
                    g.legal_actions(&mut legal);
                    format!("{legal:?}").hash(&mut h);
                    let a = legal[rng.index(legal.len())];
                    events.clear();
                    g.apply_unchecked(a, &mut events);
                    // Events as JSON, what players and logs see of them.
                    serde_json::to_string(&events)
                        .expect("events serialize")
                        .hash(&mut h);
                    steps += 1;
                }
                format!("{g:?}").hash(&mut h);
            }
            let dg = h.finish();
            dg.hash(&mut all);
            println!("mission {m} {d:?}{:12} {steps:8} steps  {dg:016x}", "");
        }
    }
    println!("{:30} {:016x}", "all", all.finish());
}
