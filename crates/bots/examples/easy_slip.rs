//! Tuning aid for the easy level's slip rate (issue 12: normal must beat easy in >= 70 % of
//! two-captain games on every story): the normal bot against easy bots slipping at each rate of
//! `SLIPS`, seats rotated, `N` games per story and rate (seeds `0..N`), base-game stories.
//! `N=200 SLIPS=0.25,0.4,0.5 cargo run --release -p tabletop-bots --example easy_slip`
//! The rate chosen goes into `Beginner::SLIP`; `tabletop firefly arena --seats normal,easy`
//! measures the level as shipped.

use rayon::prelude::*;
use tabletop_bots::easy::EasyBot;
use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let slips: Vec<f64> = std::env::var("SLIPS")
        .unwrap_or_else(|_| "0.25,0.4,0.5".into())
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    let content = Content::builtin();
    for &slip in &slips {
        let mut line = format!("slip {slip:.2}:");
        for story in &content.stories {
            let mut o = Options::new(2, &story.id);
            // As the arena's default.
            o.max_rounds = Some(100);
            if Firefly::new_game(content, &o, 0).is_err() {
                continue;
            }
            // Normal's share of each game (a shared win counts half, no winner nothing).
            let share: f64 = (0..n)
                .into_par_iter()
                .map(|seed| {
                    let mut g = Firefly::new_game(content, &o, seed).unwrap();
                    let normal_seat = (seed % 2) as u8;
                    let mut normal = FireflyBot::new(seed * 31);
                    let mut easy = EasyBot::<Firefly>::with_slip(seed * 31 + 1, slip);
                    let mut legal = Vec::new();
                    let mut ev = Vec::new();
                    for _ in 0..100_000 {
                        let Actor::Seat(seat) = g.actor() else { break };
                        g.legal_actions(&mut legal);
                        let a = if seat == normal_seat {
                            normal.choose(&g, seat, &legal)
                        } else {
                            easy.choose(&g, seat, &legal)
                        };
                        ev.clear();
                        g.apply_unchecked(a, &mut ev);
                    }
                    match g.outcome() {
                        Some(out) if out.winners.contains(&normal_seat) => {
                            1.0 / out.winners.len() as f64
                        }
                        _ => 0.0,
                    }
                })
                .sum();
            line += &format!("  {} {:.1}%", story.id, share * 100.0 / n as f64);
        }
        println!("{line}");
    }
}
