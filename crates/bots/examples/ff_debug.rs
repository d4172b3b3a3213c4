//! Debugging aid for the heuristic Firefly bot.
//!
//! * `ff_debug game <story> <seats> <seed> [tail]`: play one game, print its last actions (or the
//!   dead end it hit) and the final state;
//! * `ff_debug scan <story> <seats> <first-seed> <count>`: list the seeds that end without a
//!   winner.

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn new_game(story: &str, seats: u8, seed: u64) -> (Firefly, Vec<FireflyBot>) {
    let mut opts = Options::new(seats, story);
    opts.max_rounds = Some(100);
    let g = Firefly::new_game(Content::builtin(), &opts, seed).unwrap();
    let bots = (0..seats)
        .map(|s| FireflyBot::new(seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    (g, bots)
}

fn game(story: &str, seats: u8, seed: u64, tail: usize) {
    let (mut g, mut bots) = new_game(story, seats, seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut log: Vec<String> = Vec::new();
    while let Actor::Seat(s) = g.actor() {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            for l in log.iter().rev().take(tail).rev() {
                println!("{l}");
            }
            println!("DEAD END in {:?}, activity {:?}", g.phase, g.activity);
            for r in &g.resolution {
                println!(
                    "resolution {:?} stage {:?} pending {:?} chosen {:?}",
                    r.origin, r.stage, r.pending, r.chosen
                );
            }
            return;
        }
        if std::env::var("FF_EXPLAIN")
            .ok()
            .and_then(|v| v.parse::<u16>().ok())
            == Some(g.round)
            && g.phase == tabletop_firefly::Phase::Actions
            && g.turn.taken == 0
        {
            log.push(format!(
                "   explain s{s}: cutter {} cruiser {} outlaw {} fuel {} legal {:?}\n   {:?}",
                g.content.sector_name(g.cutter),
                g.content.sector_name(g.cruiser),
                g.is_outlaw(g.player(s)),
                g.player(s).items[2],
                legal,
                bots[s as usize].debug_candidates(&g, s)
            ));
        }
        let a = bots[s as usize].choose(&g, s, &legal);
        let desc = g.describe_action(a);
        events.clear();
        g.apply(a, &mut events).unwrap();
        log.push(format!(
            "r{} s{} [{}] ${} {desc}  -> {:?}",
            g.round,
            s,
            g.content.sector_name(g.player(s).sector),
            g.player(s).money,
            events
        ));
    }
    for l in log.iter().rev().take(tail).rev() {
        println!("{l}");
    }
    println!("{:?} after {} rounds", g.outcome, g.round);
    for p in &g.players {
        println!(
            "seat {} at {} ${} goals {} crew {:?} warrants {} solid {:b} completed {} fuel {} hand {:?} active {:?}",
            p.seat,
            g.content.sector_name(p.sector),
            p.money,
            p.goals,
            p.crew.iter().map(|m| g.content.crew[m.def as usize].name.clone()).collect::<Vec<_>>(),
            p.warrants,
            p.solid,
            p.completed.len(),
            p.items[2],
            p.hand.iter().map(|&j| g.content.jobs[j as usize].name.clone()).collect::<Vec<_>>(),
            p.active,
        );
    }
}

fn scan(story: &str, seats: u8, first: u64, count: u64) {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for seed in first..first + count {
        let (mut g, mut bots) = new_game(story, seats, seed);
        while let Actor::Seat(s) = g.actor() {
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                println!("seed {seed}: dead end in {:?}", g.phase);
                break;
            }
            let a = bots[s as usize].choose(&g, s, &legal);
            events.clear();
            g.apply_unchecked(a, &mut events);
        }
        if let Some(o) = &g.outcome {
            if o.winners.is_empty() {
                println!("seed {seed}: {} (round {})", o.reason, g.round);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(|s| s.as_str());
    let story = arg(2).unwrap_or("The King of All Londinium");
    let seats: u8 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    match arg(1) {
        Some("scan") => scan(
            story,
            seats,
            seed,
            arg(5).and_then(|s| s.parse().ok()).unwrap_or(100),
        ),
        _ => game(
            story,
            seats,
            seed,
            arg(5).and_then(|s| s.parse().ok()).unwrap_or(60),
        ),
    }
}
