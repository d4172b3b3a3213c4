//! How the heuristic bot uses its Move actions (issue 12: it used to throw about half of them
//! away): of the cards it plays into the Move slot (MA-ACT-2), how many end without a single
//! step of their character; with the win rate of the same solo games (seeds `0..N`).
//! `N=300 cargo run --release -p tabletop-bots --example mandalorian_move_use`

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::*;

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let content = embedded();
    println!("mission difficulty  win rate  Move-slot cards  without a step");
    for m in content.missions.iter().map(|m| m.number) {
        for d in Difficulty::ALL {
            let (mut wins, mut moves, mut idle) = (0u64, 0u64, 0u64);
            for seed in 0..n {
                let mut g = Mandalorian::new_game(content, &Options::solo(m, d), seed).unwrap();
                let mut bot = MandalorianBot::new(seed);
                let mut ev = Vec::new();
                // The Move-slot card being resolved: its character, and whether it stepped.
                let mut open: Option<(u8, bool)> = None;
                while g.outcome.is_none() {
                    let a = bot.choose(&g);
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                    for e in &ev {
                        match *e {
                            Happened::Played { card, slot } => {
                                if let Some((_, stepped)) = open.take() {
                                    idle += !stepped as u64;
                                }
                                if slot == 0 {
                                    moves += 1;
                                    open = Some((g.char_of_card(card), false));
                                }
                            }
                            Happened::CharacterMoved { ch, .. } => {
                                if let Some((c, stepped)) = open.as_mut() {
                                    *stepped |= *c == ch;
                                }
                            }
                            _ => {}
                        }
                    }
                    if matches!(a, Action::EndActions) {
                        if let Some((_, stepped)) = open.take() {
                            idle += !stepped as u64;
                        }
                    }
                }
                if let Some((_, stepped)) = open.take() {
                    idle += !stepped as u64;
                }
                wins += g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()) as u64;
            }
            println!(
                "{m:>7} {:<10} {:>7.1}%  {moves:>15}  {idle:>7} ({:.1}%)",
                format!("{d:?}"),
                100.0 * wins as f64 / n as f64,
                100.0 * idle as f64 / moves.max(1) as f64
            );
        }
    }
}
