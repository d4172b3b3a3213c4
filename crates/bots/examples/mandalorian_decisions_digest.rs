//! Check aid for speed work on the engine or the bot: a digest of every decision the bot takes in
//! solo games (seeds `0..N`, each mission and difficulty), and the final state of each game. A
//! change that must not change behaviour prints the same digests before and after.
//! `N=100 cargo run --release -p tabletop-bots --example mandalorian_decisions_digest`

use std::hash::{DefaultHasher, Hash, Hasher};

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::*;

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let content = embedded();
    for m in content.missions.iter().map(|m| m.number) {
        for d in Difficulty::ALL {
            let mut h = DefaultHasher::new();
            let (mut wins, mut decisions) = (0, 0u64);
            for seed in 0..n {
                let mut g = Mandalorian::new_game(content, &Options::solo(m, d), seed).unwrap();
                let mut bot = MandalorianBot::new(seed);
                let mut ev = Vec::new();
                while g.outcome.is_none() {
                    let a = bot.choose(&g);
                    a.hash(&mut h);
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                    decisions += 1;
                }
                format!("{:?}", g.view(0)).hash(&mut h);
                wins += g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()) as u32;
            }
            println!(
                "mission {m} {d:?}: {wins}/{n} won, {decisions} decisions, digest {:016x}",
                h.finish()
            );
        }
    }
}
