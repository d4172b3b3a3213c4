//! The Mandalorian bot decides on what its seat may know (issue 12). Two tables that differ
//! only in what the acting seat cannot see (deck orders, other seats' hands, face-down threats
//! it has not looked at, the dice to come: `tabletop_mandalorian::testing::hidden_twin`) give
//! the same decision from the same bot with the same seed, at hundreds of positions of real bot
//! games. (The engine's half, that a determinized copy depends only on what the seat sees, is
//! `crates/mandalorian/tests/determinize.rs`.)

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::testing::hidden_twin;
use tabletop_mandalorian::*;

#[test]
fn the_bot_decides_alike_on_tables_that_differ_only_in_hidden_things() {
    let content = embedded();
    let mut compared = 0;
    let mut ev = Vec::new();
    for m in content.missions.iter().map(|m| m.number) {
        for (mode, seats) in [(Mode::Shared, 1), (Mode::Standard, 2)] {
            for game in 0..2u64 {
                let opts = Options::new(m, Difficulty::Standard, mode, seats);
                let mut g = Mandalorian::new_game(content, &opts, game).unwrap();
                let mut bot = MandalorianBot::new(game);
                for step in 0..600u64 {
                    if g.is_over() {
                        break;
                    }
                    if step % 3 == 0 {
                        if let Some(twin) = hidden_twin(&g, g.active_seat(), step) {
                            let a1 = MandalorianBot::new(77 + step).choose(&g);
                            let a2 = MandalorianBot::new(77 + step).choose(&twin);
                            assert_eq!(a1, a2, "mission {m}, game {game}, step {step}: it peeked");
                            compared += 1;
                        }
                    }
                    let a = bot.choose(&g);
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                }
            }
        }
    }
    assert!(compared >= 300, "only {compared} positions compared");
}
