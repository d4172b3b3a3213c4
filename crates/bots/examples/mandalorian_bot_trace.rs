//! Debugging aid: a turn-by-turn trace of the bot playing one mission.
//! `M=2 cargo run --release -p tabletop-bots --example mandalorian_bot_trace`

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::NewGame;
use tabletop_mandalorian::*;

/// Print a turn-by-turn trace of the bot playing one mission (M=mission, default 1).
fn main() {
    use tabletop_core::Game;
    let m: u8 = std::env::var("M")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut g =
        Mandalorian::new_game(embedded(), &Options::solo(m, Difficulty::Standard), 3).unwrap();
    let mut bot = MandalorianBot::new(3);
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
