//! Criterion benchmarks of the heuristic Mandalorian bot.
//!
//! What each figure means:
//! * `bot decision at the start of mission 1` — one heuristic-bot decision (solo, standard);
//! * `bot game` — whole solo games of mission 1 (standard, seeds 0..4) played by the heuristic
//!   bot; the throughput is bot decisions/s (the issue-11 goal: 3× the 24.2 K of commit
//!   47ca8b3).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabletop_bots::mandalorian::{play_out, MandalorianBot};
use tabletop_core::NewGame;
use tabletop_mandalorian::*;

fn bot(c: &mut Criterion) {
    let mut g = c.benchmark_group("mandalorian");
    g.throughput(Throughput::Elements(1));
    let state =
        Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), 3).unwrap();
    let mut bot = MandalorianBot::new(1);
    g.bench_function("bot decision at the start of mission 1", |b| {
        b.iter(|| bot.choose(&state))
    });
    // Bot decisions per game (mission 1, solo, standard), to report decisions/s.
    let bot_game = |seed: u64| {
        let mut g =
            Mandalorian::new_game(embedded(), &Options::solo(1, Difficulty::Standard), seed)
                .unwrap();
        let mut bot = MandalorianBot::new(seed);
        play_out(&mut g, &mut bot, 3000).1 as u64
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

criterion_group!(benches, bot);
criterion_main!(benches);
