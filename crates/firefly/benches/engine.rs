//! Engine speed: steps/s with random legal actions, full random playouts/s, and the cost of
//! cloning a mid-game state (bots that search clone a lot).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn options() -> Options {
    let mut o = Options::new(4, "the-king-of-all-londinium");
    o.max_rounds = Some(20);
    o
}

/// Play a random game to the end; returns the number of steps.
fn playout(seed: u64) -> u64 {
    let content = Content::builtin();
    let mut g = Firefly::new_game(content, &options(), seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut actions = Vec::with_capacity(64);
    let mut events = Vec::with_capacity(64);
    let mut steps = 0;
    while g.actor() != Actor::Over {
        g.legal_actions(&mut actions);
        let a = actions[rng.index(actions.len())];
        events.clear();
        g.apply_unchecked(a, &mut events);
        steps += 1;
    }
    steps
}

fn mid_game(seed: u64, steps: usize) -> Firefly {
    let content = Content::builtin();
    let mut g = Firefly::new_game(content, &options(), seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for _ in 0..steps {
        if g.actor() == Actor::Over {
            break;
        }
        g.legal_actions(&mut actions);
        let a = actions[rng.index(actions.len())];
        g.apply_unchecked(a, &mut events);
    }
    g
}

fn bench(c: &mut Criterion) {
    let steps_per_game = (0..20).map(playout).sum::<u64>() / 20;
    let mut group = c.benchmark_group("firefly");
    group.throughput(Throughput::Elements(steps_per_game));
    let mut seed = 0;
    group.bench_function("random playout (4 players, 20 rounds)", |b| {
        b.iter(|| {
            seed += 1;
            playout(seed)
        })
    });
    group.finish();
    let g = mid_game(7, 150);
    // The clone is looked at where it lies (as a bot uses it), not returned: returning a
    // 6 KB value through the benchmark loop measures moves of it, not the clone.
    c.bench_function("firefly/clone mid-game state", |b| {
        b.iter(|| {
            let c = std::hint::black_box(&g).clone();
            std::hint::black_box(&c);
        })
    });
    c.bench_function("firefly/copy into a kept state", |b| {
        let mut kept = g.clone();
        b.iter(|| {
            kept.clone_from(std::hint::black_box(&g));
            std::hint::black_box(&kept);
        })
    });
    c.bench_function("firefly/legal actions", |b| {
        let mut out = Vec::with_capacity(64);
        b.iter(|| {
            g.legal_actions(&mut out);
            out.len()
        })
    });
    c.bench_function("firefly/apply one step", |b| {
        b.iter_batched(
            || {
                let mut out = Vec::new();
                g.legal_actions(&mut out);
                (g.clone(), out[0])
            },
            |(mut s, a)| {
                let mut ev = Vec::new();
                s.apply_unchecked(a, &mut ev);
                s
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
