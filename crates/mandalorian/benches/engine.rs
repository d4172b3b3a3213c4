//! Criterion benchmarks of the engine: steps per second (random legal actions) and playouts per
//! second (whole random games), state clones, and bot decisions.
//!
//! What each figure means:
//! * `random playout` — one whole game of random legal actions (missions 1–4 in turn, solo):
//!   `legal_actions` + `apply` per step; the throughput is steps/s, so the time per step is
//!   1 / throughput (the issue-11 goal: ≤ 400 ns);
//! * `state clone` — one clone of a mid-game state (mission 1), what a search bot pays per node
//!   (goal: ≤ 100 ns);
//! * `bot decision at the start of mission 1` — one heuristic-bot decision;
//! * `bot game` — whole solo games of mission 1 played by the heuristic bot; the throughput is
//!   bot decisions/s.
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
    let state =
        Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), 3).unwrap();
    let mut bot = Bot::new(1);
    g.bench_function("bot decision at the start of mission 1", |b| {
        b.iter(|| bot.choose(&state))
    });
    // Bot decisions per game (mission 1, solo, standard), to report decisions/s.
    let bot_game = |seed: u64| {
        let mut g =
            Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), seed)
                .unwrap();
        let mut bot = Bot::new(seed);
        tabletop_mandalorian::bot::play_out(&mut g, &mut bot, 3000).1 as u64
    };
    let games = 4;
    let decisions = (0..games).map(bot_game).sum::<u64>();
    g.throughput(Throughput::Elements(decisions));
    g.sample_size(10);
    g.bench_function("bot game (mission 1, throughput = decisions)", |b| {
        b.iter(|| (0..games).map(bot_game).sum::<u64>())
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
