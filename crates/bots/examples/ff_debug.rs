//! Debugging aid: play one game of heuristic bots and print what happened.
//!
//! `cargo run --release -p tabletop-bots --example ff_debug -- <story> <seats> <seed> [tail]`

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let story = args
        .get(1)
        .map_or("The King of All Londinium", |s| s.as_str());
    let seats: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let tail: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(60);
    let content = Content::builtin();
    let mut opts = Options::new(seats, story);
    opts.max_rounds = Some(100);
    let mut g = Firefly::new_game(content, &opts, seed).unwrap();
    let mut bots: Vec<FireflyBot> = (0..seats)
        .map(|s| FireflyBot::new(seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut log: Vec<String> = Vec::new();
    while let Actor::Seat(s) = g.actor() {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            for l in log.iter().rev().take(tail).rev() {
                println!("{l}");
            }
            println!("DEAD END in {:?}", g.phase);
            println!("activity {:?}", g.activity);
            for r in &g.resolution {
                println!(
                    "resolution {:?} stage {:?} pending {:?} chosen {:?}",
                    r.origin, r.stage, r.pending, r.chosen
                );
            }
            let p = g.player(s);
            println!(
                "seat {s} crew {:?}",
                p.crew.iter().map(|m| m.card).collect::<Vec<_>>()
            );
            return;
        }
        let a = bots[s as usize].choose(&g, s, &legal);
        let desc = g.describe_action(a);
        events.clear();
        g.apply(a, &mut events).unwrap();
        log.push(format!(
            "r{} s{} [{}] {desc}  -> {:?}",
            g.round,
            s,
            g.content.sector_name(g.player(s).sector),
            events
        ));
    }
    for l in log.iter().rev().take(tail).rev() {
        println!("{l}");
    }
    println!("{:?} after {} rounds", g.outcome, g.round);
    for p in &g.players {
        println!(
            "seat {} ${} goals {} crew {} warrants {} solid {:b} completed {} fuel {}",
            p.seat,
            p.money,
            p.goals,
            p.crew.len(),
            p.warrants,
            p.solid,
            p.completed.len(),
            p.items[2]
        );
    }
}
