//! Bots decide on what their seat may know. Two tables that differ only in what the bot's seat
//! cannot see (a rival's hidden job, the order of face-down decks) give the same decision from
//! the same bot with the same seed, in hundreds of positions of real games: so nothing hidden
//! reaches the decision. (The engine's half of the guarantee, that a determinized copy depends
//! only on what the seat sees, is `crates/firefly/tests/determinize.rs`.)

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::testing::{reverse_draw_piles, swap_a_rivals_hidden_job};
use tabletop_firefly::{Firefly, Options};

/// Another table that looks the same to `seat`: a rival's hand job swapped with a card of the
/// same Contact's draw pile, and every Nav and Supply draw pile reversed.
fn hidden_twin(g: &Firefly, seat: u8) -> Option<Firefly> {
    let mut b = g.clone();
    let swapped = swap_a_rivals_hidden_job(&mut b, seat);
    reverse_draw_piles(&mut b);
    swapped.then_some(b)
}

#[test]
fn the_heuristic_bot_decides_alike_on_tables_that_differ_only_in_hidden_cards() {
    let content = Content::builtin();
    let mut compared = 0;
    for game in 0..6u64 {
        let mut g = Firefly::new_game(content, &Options::new(3, "The King of All Londinium"), game)
            .unwrap();
        let mut bots: Vec<FireflyBot> = (0..3).map(|s| FireflyBot::new(game * 10 + s)).collect();
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        for step in 0..3000 {
            let Actor::Seat(seat) = g.actor() else { break };
            g.legal_actions(&mut legal);
            if step % 7 == 0 {
                if let Some(twin) = hidden_twin(&g, seat) {
                    let mut b1 = FireflyBot::new(1234 + step);
                    let mut b2 = FireflyBot::new(1234 + step);
                    let a1 = b1.choose(&g, seat, &legal);
                    let a2 = b2.choose(&twin, seat, &legal);
                    assert_eq!(a1, a2, "game {game}, step {step}: the bot saw hidden cards");
                    compared += 1;
                }
            }
            let a = bots[seat as usize].choose(&g, seat, &legal);
            ev.clear();
            g.apply_unchecked(a, &mut ev);
        }
    }
    assert!(compared >= 300, "only {compared} positions compared");
}
