//! Debugging aid for the heuristic Firefly bot.
//!
//! * `ff_debug game <story> <seats> <seed> [tail]`: play one game, print its last actions (or the
//!   dead end it hit) and the final state;
//! * `FF_EXPANSIONS=blue-sun,kalidasa` (any command): play with those expansions;
//! * `ff_debug scan <story> <seats> <first-seed> <count>`: list the seeds that end without a
//!   winner;
//! * `ff_debug stats <story> <seats> <first-seed> <count>`: counts per player-game, and for a
//!   Last Call story when the Goal token came, when Last Call was called and who won.

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn new_game(story: &str, seats: u8, seed: u64) -> (Firefly, Vec<FireflyBot>) {
    let mut opts = Options::new(seats, story);
    opts.max_rounds = Some(100);
    // FF_EXPANSIONS=blue-sun,kalidasa: play with those expansions.
    if let Ok(list) = std::env::var("FF_EXPANSIONS") {
        opts.expansions = list
            .split(',')
            .filter(|id| !id.is_empty())
            .map(|id| {
                *tabletop_firefly::content::Expansion::ALL
                    .iter()
                    .find(|e| e.id() == id)
                    .unwrap_or_else(|| panic!("no expansion {id}"))
            })
            .collect();
    }
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
                "   explain s{s}: cutter {} cruiser {} outlaw {} items {:?} room {} legal {:?}\n   {:?}",
                g.content.sector_name(g.cutters[0]),
                g.content.sector_name(g.cruiser),
                g.is_outlaw(g.player(s)),
                g.player(s).items,
                g.room_for(g.player(s), tabletop_firefly::content::Item::Fuel),
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
            "seat {} at {} ${} goals {} crew {:?} warrants {} solid {:b} completed {} items {:?} room {} hand {:?} active {:?}",
            p.seat,
            g.content.sector_name(p.sector),
            p.money,
            p.goals,
            p.crew.iter().map(|m| g.content.crew[m.def as usize].name.clone()).collect::<Vec<_>>(),
            p.warrants,
            p.solid,
            p.completed.len(),
            p.items,
            g.room_for(p, tabletop_firefly::content::Item::Fuel),
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

/// Counts over many games, per player-game, to tune the bot.
fn stats(story: &str, seats: u8, first: u64, count: u64) {
    use std::collections::BTreeMap;
    use tabletop_firefly::Event;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut tally: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut rounds = 0u64;
    let mut goal_rounds = [0u64; 8];
    let mut winners = 0u64;
    // Last Call stories: (games declared, first Goal token's round, declaration's round,
    // declarer won, shared wins, $ settled).
    let mut last_call = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for seed in first..first + count {
        let (mut g, mut bots) = new_game(story, seats, seed);
        let mut when: Vec<Vec<u16>> = vec![Vec::new(); seats as usize];
        let mut first_token: Option<u16> = None;
        while let Actor::Seat(s) = g.actor() {
            g.legal_actions(&mut legal);
            let a = bots[s as usize].choose(&g, s, &legal);
            if g.phase == tabletop_firefly::Phase::Actions && a == tabletop_firefly::Action::EndTurn
            {
                let p = g.player(s);
                if p.items[2] == 0 {
                    *tally.entry("turn ends with no fuel").or_default() += 1;
                    if std::env::var("FF_TRACE_FUEL").is_ok() {
                        println!(
                            "seed {seed} r{} s{s} no fuel at {} ${}",
                            g.round,
                            g.content.sector_name(p.sector),
                            p.money
                        );
                    }
                }
                *tally.entry("turns").or_default() += 1;
                if g.turn.taken < 2 {
                    *tally.entry("turns with an action unused").or_default() += 1;
                }
            }
            events.clear();
            g.apply_unchecked(a, &mut events);
            for e in &events {
                if let Event::GoalCompleted { seat, .. } = e {
                    when[*seat as usize].push(g.round);
                    first_token.get_or_insert(g.round);
                }
                match e {
                    Event::LastCallDeclared { .. } => {
                        last_call.0 += 1;
                        last_call.1 += first_token.unwrap_or(g.round) as u64;
                        last_call.2 += g.round as u64;
                    }
                    Event::JobsSettled { paid, .. } => last_call.5 += *paid as u64,
                    _ => {}
                }
                let k = match e {
                    Event::ReaverContact { .. } => "reaver contact",
                    Event::AllianceContact { .. } => "alliance contact",
                    Event::Killed { .. } => "crew killed",
                    Event::Arrested { .. } => "crew arrested",
                    Event::AllFired { .. } => "all fired",
                    Event::Quit { .. } => "crew quit",
                    Event::JobCompleted { .. } => "job completed",
                    Event::JobStarted { .. } => "job started",
                    Event::JobFailed { .. } => "job failed",
                    Event::WarrantIssued { .. } => "warrant",
                    Event::GoalCompleted { .. } => "goal completed",
                    Event::Hired { .. } => "hired",
                    Event::Bought { .. } => "bought",
                    Event::MisbehaveDrawn { .. } => "misbehave drawn",
                    Event::ActionTaken { action, .. } => match *action {
                        "fly" => "action fly",
                        "buy" => "action buy",
                        "deal" => "action deal",
                        "work" => "action work",
                        _ => "action other",
                    },
                    Event::Traded { .. } => "traded",
                    _ => continue,
                };
                *tally.entry(k).or_default() += 1;
            }
        }
        rounds += g.round as u64;
        if let (Some(lc), Some(o)) = (&g.last_call, &g.outcome) {
            last_call.3 += o.winners.contains(&lc.declarer) as u64;
            last_call.4 += (o.winners.len() > 1) as u64;
        }
        if let Some(w) = g.outcome.as_ref().and_then(|o| o.winners.first()) {
            winners += 1;
            for (i, r) in when[*w as usize].iter().enumerate().take(8) {
                goal_rounds[i] += *r as u64;
            }
        }
        for p in &g.players {
            for a in &p.active {
                let job = &g.content.jobs[a.job as usize];
                let st = &job.steps[a.steps_done as usize];
                let lost = st.kind == tabletop_firefly::content::StepKind::DropOff
                    && st.items.iter().any(|it| {
                        let have = p.item(it.item);
                        have == 0 || (it.amount > 0 && have < it.amount)
                    });
                let k = if lost {
                    "end: active, goods lost"
                } else if !g.needs_met(p, tabletop_firefly::crew::all_crew(p), job) {
                    "end: active, needs unmet"
                } else {
                    "end: active, workable"
                };
                *tally.entry(k).or_default() += 1;
            }
        }
    }
    let pg = (count * seats as u64) as f64;
    println!(
        "{story}, {seats} seats, {count} games, {:.1} rounds/game; per player-game:",
        rounds as f64 / count as f64
    );
    for (k, v) in tally {
        println!("  {k:28} {:8.2}", v as f64 / pg);
    }
    let goals: Vec<String> = goal_rounds
        .iter()
        .take_while(|&&r| r > 0)
        .map(|&r| format!("{:.1}", r as f64 / winners.max(1) as f64))
        .collect();
    println!("  winner's goals done by round {}", goals.join(", "));
    let (n, token, called, declarer_won, shared, settled) = last_call;
    if n > 0 {
        let per = |x: u64| x as f64 / n as f64;
        println!(
            "  Last Call in {n} games: first Goal token in round {:.1}, called in round {:.1}; \
             the declarer won {:.0} %; shared wins {shared}; ${:.0} settled per game",
            per(token),
            per(called),
            per(declarer_won) * 100.0,
            per(settled)
        );
    }
}

/// Heuristic bots against random ones, every step checked (legality, invariants).
fn fuzz(story: &str, seats: u8, first: u64, count: u64) {
    use tabletop_bots::RandomBot;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut finished = 0;
    for seed in first..first + count {
        let (mut g, mut bots) = new_game(story, seats, seed);
        let mut random = RandomBot::new(seed);
        let mut steps = 0u64;
        while let Actor::Seat(s) = g.actor() {
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "seed {seed}: dead end in {:?}", g.phase);
            let a = if (s as u64 + seed).is_multiple_of(2) {
                Bot::<Firefly>::choose(&mut random, &g, s, &legal)
            } else {
                bots[s as usize].choose(&g, s, &legal)
            };
            events.clear();
            if let Err(e) = g.apply(a, &mut events) {
                panic!("seed {seed}: {a:?} refused: {e}");
            }
            if let Err(e) = tabletop_firefly::invariants::check(&g) {
                panic!("seed {seed} step {steps} after {a:?}: {e}");
            }
            steps += 1;
            assert!(steps < 1_000_000, "seed {seed}: runaway");
        }
        if g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()) {
            finished += 1;
        }
    }
    println!("{story} {seats} seats: {count} mixed games, {finished} with a winner");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(|s| s.as_str());
    let story = arg(2).unwrap_or("The King of All Londinium");
    let seats: u8 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    match arg(1) {
        Some("stats") => stats(
            story,
            seats,
            seed,
            arg(5).and_then(|s| s.parse().ok()).unwrap_or(100),
        ),
        Some("fuzz") => fuzz(
            story,
            seats,
            seed,
            arg(5).and_then(|s| s.parse().ok()).unwrap_or(100),
        ),
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
