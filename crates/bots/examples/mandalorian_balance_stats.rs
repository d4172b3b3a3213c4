//! Tuning aid: bot win rates per mission and difficulty, with how games were lost, average
//! turns, damage taken, crises and Child flights (solo, seeds `0..N`, the same games as
//! `tests/mandalorian_balance.rs` for N = 300).
//! `N=2000 MS=2 CONTENT=path/to/content cargo run --release -p tabletop-bots --example mandalorian_balance_stats`
//! (`MS`: missions, default all; `CONTENT`: a content directory, default the embedded one).

use std::collections::BTreeMap;

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::content::Content;
use tabletop_mandalorian::*;

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let content: &'static Content = match std::env::var("CONTENT") {
        Ok(dir) => match Content::load_dir(std::path::Path::new(&dir)) {
            Ok(c) => c.leak(),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        },
        Err(_) => embedded(),
    };
    let missions: Vec<u8> = std::env::var("MS")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| content.missions.iter().map(|m| m.number).collect());
    let mut ev = Vec::new();
    for m in missions {
        for d in Difficulty::ALL {
            let mut ends: BTreeMap<String, u32> = BTreeMap::new();
            let (mut wins, mut turns, mut damage, mut crises, mut flights) = (0u64, 0, 0, 0, 0);
            for seed in 0..n {
                let mut g = match Mandalorian::new_game(content, &Options::solo(m, d), seed) {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("mission {m}: {e}");
                        std::process::exit(1);
                    }
                };
                let mut bot = MandalorianBot::new(seed);
                let mut steps = 0;
                while g.outcome.is_none() && steps < 3000 {
                    let a = bot.choose(&g);
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                    steps += 1;
                    for e in &ev {
                        match e {
                            Happened::CharacterDamaged { amount, .. } => damage += *amount as u64,
                            Happened::Crisis { .. } => crises += 1,
                            Happened::ChildFled { .. } => flights += 1,
                            _ => {}
                        }
                    }
                }
                let outcome = g.outcome.as_ref();
                wins += outcome.is_some_and(|o| !o.winners.is_empty()) as u64;
                turns += g.turn() as u64;
                let end = outcome.map_or("no end".to_string(), |o| {
                    o.reason.chars().filter(|c| !c.is_ascii_digit()).collect()
                });
                *ends.entry(end).or_default() += 1;
            }
            let per = |x: u64| x as f64 / n as f64;
            println!(
                "mission {m} {d:?}: win {:.1}%  turns {:.1}  damage {:.2}  crises {:.2}  Child flights {:.2}",
                per(wins) * 100.0,
                per(turns),
                per(damage),
                per(crises),
                per(flights)
            );
            for (end, k) in ends {
                println!("    {k:5}  {end}");
            }
        }
    }
}
