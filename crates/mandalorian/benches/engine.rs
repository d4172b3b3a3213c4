//! Criterion benchmarks of the engine: steps per second (random legal actions) and playouts per
//! second (whole random games), and state clones. The bot's benchmarks are in
//! `crates/bots/benches/mandalorian.rs`.
//!
//! What each figure means:
//! * `random playout` — one whole game of random legal actions (missions 1–4 in turn, solo):
//!   `legal_actions` + `apply` per step; the throughput is steps/s, so the time per step is
//!   1 / throughput (the issue-11 goal: ≤ 400 ns);
//! * `state clone` — one clone of a mid-game state (mission 1), what a search bot pays per node
//!   (goal: ≤ 100 ns).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabletop_core::{Game, NewGame, Rng};
use tabletop_mandalorian::*;

fn playout(seed: u64, rng: &mut Rng, legal: &mut Vec<Action>, ev: &mut Vec<Happened>) -> u64 {
    let mut g = Mandalorian::new_game(
        embedded(),
        &Options::solo(1 + (seed % 4) as u8, Difficulty::Recruit),
        seed,
    )
    .unwrap();
    let mut steps = 0;
    while g.outcome().is_none() {
        g.legal_actions(legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        ev.clear();
        g.apply_unchecked(a, ev);
        steps += 1;
    }
    steps
}

fn engine(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    // Steps per game, to report steps/s.
    let n = 50;
    let per_game = (0..n)
        .map(|s| playout(s, &mut rng, &mut legal, &mut ev))
        .sum::<u64>()
        / n;
    let mut g = c.benchmark_group("mandalorian");
    g.throughput(Throughput::Elements(per_game));
    let mut seed = 0;
    g.bench_function("random playout (throughput = steps)", |b| {
        b.iter(|| {
            seed += 1;
            playout(seed, &mut rng, &mut legal, &mut ev)
        })
    });
    g.throughput(Throughput::Elements(1));
    // A state from the middle of a game (mission 1, 60 random steps in).
    let mut mid =
        Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), 5).unwrap();
    let mut r = Rng::new(5);
    for _ in 0..60 {
        if mid.outcome().is_some() {
            break;
        }
        mid.legal_actions(&mut legal);
        let a = legal[r.below(legal.len() as u32) as usize];
        mid.apply_unchecked(a, &mut ev);
    }
    // The clone is looked at where it lies (as a bot uses it), not returned: returning a
    // 3 KB value through the benchmark loop measures moves of it, not the clone.
    g.bench_function("state clone (mission 1, mid-game)", |b| {
        b.iter(|| {
            let c = std::hint::black_box(&mid).clone();
            std::hint::black_box(&c);
        })
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
