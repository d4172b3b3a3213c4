//! Criterion benchmarks of the engine: steps per second (random legal actions) and playouts per
//! second (whole random games), plus bot decisions.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabletop_core::{Game, NewGame, Rng};
use tabletop_mandalorian::bot::Bot;
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
    let state =
        Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), 3).unwrap();
    let mut bot = Bot::new(1);
    g.bench_function("bot decision at the start of mission 1", |b| {
        b.iter(|| bot.choose(&state))
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
