use tabletop_core::NewGame;
use tabletop_mandalorian::bot::{play_out, Bot};
use tabletop_mandalorian::*;

#[test]
#[ignore]
fn bot_win_rates() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    for m in 1..=4u8 {
        for d in Difficulty::ALL {
            let mut wins = 0;
            let mut reasons: std::collections::BTreeMap<String, u32> = Default::default();
            let mut steps = 0;
            let t = std::time::Instant::now();
            for seed in 0..n {
                let mut g = Mandalorian::new_game(embedded(), &Options::solo(m, d), seed).unwrap();
                let mut bot = Bot::new(seed);
                let (w, s) = play_out(&mut g, &mut bot, 3000);
                wins += w as u32;
                let r = g
                    .outcome
                    .as_ref()
                    .map(|o| o.reason.clone())
                    .unwrap_or_default();
                let r = if r.contains("defeated") {
                    "defeated".to_string()
                } else {
                    r
                };
                *reasons.entry(r).or_default() += 1;
                if std::env::var("V").is_ok() {
                    println!(
                        "  seed {seed}: turn {} track {} dmg {:?} {}",
                        g.turn(),
                        g.track(),
                        g.characters()
                            .iter()
                            .map(|c| (c.damage, c.health))
                            .collect::<Vec<_>>(),
                        g.outcome
                            .as_ref()
                            .map(|o| o.reason.clone())
                            .unwrap_or_default()
                    );
                }
                steps += s;
            }
            println!(
                "mission {m} {d:?}: {wins}/{n} won, {:.0} decisions/game, {:.2}s {reasons:?}",
                steps as f64 / n as f64,
                t.elapsed().as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore]
fn bot_trace() {
    use tabletop_core::Game;
    let m: u8 = std::env::var("M")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut g =
        Mandalorian::new_game(embedded(), &Options::solo(m, Difficulty::Standard), 3).unwrap();
    let mut bot = Bot::new(3);
    let mut ev = Vec::new();
    let mut last_turn = 0;
    while g.outcome.is_none() {
        if g.turn() != last_turn {
            last_turn = g.turn();
            println!(
                "=== turn {} track {} slots {:?}\n{}",
                g.turn(),
                g.track(),
                (0..g.slots().len())
                    .map(|i| g.slot_strength(i))
                    .collect::<Vec<_>>(),
                g.draw_map(0)
            );
        }
        let a = bot.choose(&g);
        println!("  {}", g.describe(a));
        ev.clear();
        g.apply(a, &mut ev).unwrap();
        for e in &ev {
            if !matches!(e, Happened::CharacterMoved { .. }) {
                println!("      {e:?}");
            }
        }
    }
    println!("{:?}", g.outcome);
}
