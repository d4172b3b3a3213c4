//! A profiling aid for the engine's random steps (issue 11): plays random games for the given
//! seconds and prints the wall time of a set-up, of a step (legal_actions + apply, set-ups
//! excluded), of a clone and of a seat's view (of positions every 64 steps). Run it under `perf record` to see
//! where a step's time goes:
//! `cargo run --release -p tabletop-firefly --example firefly_step_profile -- SECONDS [EXPANSIONS] [STORY]`.
//!
//! `firefly_step_profile games N [EXPANSIONS] [STORY]` plays exactly N games instead (for callgrind).
//!
//! `firefly_step_profile digest [GAMES]` instead plays GAMES random games of every story at fixed seeds
//! and prints a digest of every legal-action list and every action's events: a speed change to
//! the engine must leave it unchanged.

use std::time::Instant;

use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::{Content, Expansion};
use tabletop_firefly::{Firefly, Options};

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("digest") {
        args.next();
        return digest(args.next().and_then(|s| s.parse().ok()).unwrap_or(20));
    }
    // `games N`: exactly N games (the same every run), for `valgrind --tool=callgrind`, whose
    // instruction counts a busy machine does not disturb.
    let fixed: Option<u64> = if args.peek().map(String::as_str) == Some("games") {
        args.next();
        args.next().and_then(|s| s.parse().ok())
    } else {
        None
    };
    let seconds: f64 = if fixed.is_some() {
        f64::INFINITY
    } else {
        args.next().and_then(|s| s.parse().ok()).unwrap_or(5.0)
    };
    let exp = args.next().unwrap_or_default();
    let story = args
        .next()
        .unwrap_or_else(|| "The King of All Londinium".to_string());
    let content = Content::builtin();
    let mut o = Options::new(4, &story);
    o.max_rounds = Some(50);
    if !exp.is_empty() {
        o.expansions = exp
            .split(',')
            .map(|e| Expansion::ALL.into_iter().find(|x| x.id() == e).unwrap())
            .collect();
    }
    let mut rng = Rng::new(1);
    let (mut legal, mut events) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let (mut setup_ns, mut step_ns, mut clone_ns, mut view_ns) = (0u128, 0u128, 0u128, 0u128);
    let (mut games, mut steps, mut clones, mut views) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    let mut seed = 0;
    while fixed.map_or(start.elapsed().as_secs_f64() < seconds, |n| games < n) {
        let t = Instant::now();
        let mut g = Firefly::new_game(content, &o, seed).unwrap();
        setup_ns += t.elapsed().as_nanos();
        seed += 1;
        games += 1;
        let t = Instant::now();
        let (mut in_clones, mut in_views) = (0u128, 0u128);
        while g.actor() != Actor::Over {
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
            if steps % 64 == 0 {
                let c = Instant::now();
                for _ in 0..4 {
                    std::hint::black_box(std::hint::black_box(&g).clone());
                }
                in_clones += c.elapsed().as_nanos();
                clones += 4;
                // Every seat's view, as the server makes them after each action.
                let v = Instant::now();
                for seat in 0..g.num_seats() as u8 {
                    std::hint::black_box(std::hint::black_box(&g).view(seat));
                }
                in_views += v.elapsed().as_nanos();
                views += g.num_seats() as u64;
            }
        }
        step_ns += t.elapsed().as_nanos() - in_clones - in_views;
        clone_ns += in_clones;
        view_ns += in_views;
    }
    println!(
        "{games} games ({:.0} steps each): set-up {:.0} ns a game, {:.1} ns a step (set-up excluded), clone {:.0} ns, a seat's view {:.0} ns",
        steps as f64 / games as f64,
        setup_ns as f64 / games as f64,
        step_ns as f64 / steps as f64,
        clone_ns as f64 / clones.max(1) as f64,
        view_ns as f64 / views.max(1) as f64
    );
}

/// A hash of the legal actions and events of `games` random games of every story.
fn digest(games: u64) {
    use std::hash::{Hash, Hasher};
    let content = Content::builtin();
    let (mut legal, mut events) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let mut all = std::collections::hash_map::DefaultHasher::new();
    for story in &content.stories {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let mut o = Options::new(4, &story.id);
        o.max_rounds = Some(30);
        o.expansions = story.expansions_needed();
        let mut steps = 0u64;
        for seed in 0..games {
            let mut rng = Rng::new(seed);
            let mut g = Firefly::new_game(content, &o, seed).expect("set-up");
            while g.actor() != Actor::Over {
                g.legal_actions(&mut legal);
                legal.hash(&mut h);
                let a = legal[rng.index(legal.len())];
                events.clear();
                g.apply_unchecked(a, &mut events);
                format!("{events:?}").hash(&mut h);
                steps += 1;
            }
        }
        let d = h.finish();
        d.hash(&mut all);
        println!("{:40} {steps:8} steps  {d:016x}", story.id);
    }
    println!("{:40} {:>8}        {:016x}", "all", "", all.finish());
}
