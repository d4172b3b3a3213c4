//! The heuristic Firefly bot: it finishes games of every base story with a winner, and it
//! only ever picks legal actions.
//!
//! Run in release mode (`cargo test --release -p tabletop-bots`); `TABLETOP_BOT_GAMES=N` plays
//! N games per story instead of the default.

use std::time::Instant;

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{invariants, Firefly, Options};

const STORIES: [&str; 5] = [
    "The King of All Londinium",
    "Harken's Folly",
    "First Time in the Captain's Chair",
    "Desperadoes",
    "\"Respectable\" Persons of Business",
];

#[derive(Debug, PartialEq)]
struct Played {
    winner: Option<u8>,
    rounds: u16,
    steps: u64,
    money: Vec<u32>,
}

/// Play one game with heuristic bots in every seat. With `check`, every action is checked
/// against the legal list and the invariants are checked after every step.
fn play(story: &str, seats: u8, seed: u64, check: bool) -> Played {
    let content = Content::builtin();
    let mut opts = Options::new(seats, story);
    opts.max_rounds = Some(100);
    let mut g = Firefly::new_game(content, &opts, seed).unwrap();
    let mut bots: Vec<FireflyBot> = (0..seats)
        .map(|s| FireflyBot::new(seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0u64;
    while let Actor::Seat(s) = g.actor() {
        g.legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "{story} seed {seed}: no legal action in {:?}",
            g.phase
        );
        let a = bots[s as usize].choose(&g, s, &legal);
        events.clear();
        if check {
            assert!(
                legal.contains(&a),
                "{story} seed {seed}: the bot chose {a:?}, not legal in {:?}",
                g.phase
            );
            g.apply(a, &mut events).unwrap();
            if let Err(e) = invariants::check(&g) {
                panic!("{story} seed {seed} step {steps} after {a:?}: {e}");
            }
        } else {
            g.apply_unchecked(a, &mut events);
        }
        steps += 1;
        assert!(steps < 2_000_000, "{story} seed {seed}: runaway game");
    }
    if check {
        for b in &bots {
            assert_eq!(
                b.guard_trips(),
                0,
                "{story} seed {seed}: the bot looped in a turn"
            );
        }
    }
    let out = g.outcome.clone().unwrap();
    Played {
        winner: out.winners.first().copied(),
        rounds: g.round,
        steps,
        money: g.players.iter().map(|p| p.money).collect(),
    }
}

fn games() -> u64 {
    std::env::var("TABLETOP_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

fn finish_rate(story: &str, seats: u8, n: u64, seed0: u64) -> f64 {
    let start = Instant::now();
    let (mut won, mut rounds, mut steps) = (0u64, 0u64, 0u64);
    let mut by_seat = vec![0u64; seats as usize];
    for k in 0..n {
        let r = play(story, seats, seed0 + k, false);
        if let Some(w) = r.winner {
            won += 1;
            by_seat[w as usize] += 1;
            rounds += r.rounds as u64;
        }
        steps += r.steps;
    }
    let secs = start.elapsed().as_secs_f64();
    let rate = won as f64 / n as f64;
    eprintln!(
        "{story} ({seats} seats): {won}/{n} finished with a winner ({:.1} %), {:.1} rounds on \
         average, wins by seat {by_seat:?}, {:.0} steps/game, {:.1} games/s",
        rate * 100.0,
        if won > 0 {
            rounds as f64 / won as f64
        } else {
            0.0
        },
        steps as f64 / n as f64,
        n as f64 / secs
    );
    rate
}

/// The stories these tests play are every story in the content: a new story is not forgotten.
#[test]
fn the_tests_play_every_story_in_the_content() {
    let mut titles: Vec<&str> = Content::builtin()
        .stories
        .iter()
        .map(|s| s.title.as_str())
        .collect();
    titles.sort_unstable();
    let mut ours = STORIES.to_vec();
    ours.sort_unstable();
    assert_eq!(titles, ours);
}

#[test]
fn four_bots_finish_every_story() {
    let n = games();
    let mut failed = Vec::new();
    for story in STORIES {
        let rate = finish_rate(story, 4, n, 1000);
        if rate < 0.95 {
            failed.push(format!("{story}: {:.1} %", rate * 100.0));
        }
    }
    let rate = finish_rate(STORIES[0], 2, n, 5000);
    if rate < 0.95 {
        failed.push(format!("{} (2 seats): {:.1} %", STORIES[0], rate * 100.0));
    }
    assert!(
        failed.is_empty(),
        "fewer than 95 % of games finished: {failed:?}"
    );
}

#[test]
fn bot_plays_legal_actions_and_keeps_the_invariants() {
    let n = (games() / 8).max(3);
    for (i, story) in STORIES.iter().enumerate() {
        for k in 0..n {
            let seats = 2 + ((k + i as u64) % 3) as u8;
            play(story, seats, 77_000 + k * 13 + i as u64, true);
        }
    }
}

#[test]
fn bot_games_replay_exactly_from_their_seed() {
    for (i, story) in STORIES.iter().enumerate() {
        let seed = 4242 + i as u64;
        assert_eq!(play(story, 4, seed, false), play(story, 4, seed, false));
    }
}

/// The bot meets the effects no base card has — crew splitting (FF-MISC-6, its own
/// `JoinTeam` decisions), steps to succeed (FF-MISB-15), another Misbehave card to draw
/// (FF-MISB-14), Gear seizure (FF-MISC-9) and Opportunity Bonuses to take or pass up
/// (FF-MISC-11) — on the Firefly tests' test-only cards (8 copies of each Misbehave card),
/// from a position where they are at hand: it only picks legal actions, keeps the invariants,
/// never loops, and never passes up a bonus that is only money.
#[test]
fn bot_handles_the_test_only_effects() {
    use tabletop_firefly::scenario::Scenario;
    use tabletop_firefly::Event;

    let content = tabletop_firefly::testing::effects_content(8);
    let start = Scenario::parse(tabletop_firefly::testing::EFFECTS_POSITION).unwrap();
    let (mut joined, mut earned, mut passed) = (0u32, 0u32, 0u32);
    for seed in 0..(games() / 2).max(10) {
        let mut opts = Options::new(2, STORIES[0]);
        opts.max_rounds = Some(30);
        opts.scenario = Some(start.clone());
        let mut g = Firefly::new_game(content, &opts, seed).unwrap();
        let mut bots: Vec<FireflyBot> = (0..2).map(|s| FireflyBot::new(seed * 7 + s)).collect();
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while let Actor::Seat(s) = g.actor() {
            g.legal_actions(&mut legal);
            let a = bots[s as usize].choose(&g, s, &legal);
            assert!(legal.contains(&a), "seed {seed}: {a:?} is not legal");
            // Passing up a bonus whose reward is only money is never better.
            if let Some(tabletop_firefly::resolve::Origin::Opportunity { job, index }) =
                g.resolving().map(|r| r.origin)
            {
                let reward = &content.jobs[job as usize].opportunities[index as usize].reward;
                let free = reward
                    .iter()
                    .all(|e| matches!(e, tabletop_firefly::content::Effect::TakeMoney { .. }));
                if free && a == tabletop_firefly::Action::ChooseOption(1) {
                    passed += 1;
                }
            }
            events.clear();
            g.apply(a, &mut events).unwrap();
            if let Err(e) = invariants::check(&g) {
                panic!("seed {seed} after {a:?}: {e}");
            }
            for e in &events {
                match e {
                    Event::TeamJoined { .. } => joined += 1,
                    Event::OpportunityEarned { .. } => earned += 1,
                    _ => {}
                }
            }
        }
        assert!(bots.iter().all(|b| b.guard_trips() == 0), "seed {seed}");
    }
    eprintln!("teams joined {joined}, bonuses earned {earned}, money bonuses passed up {passed}");
    assert!(joined > 0 && earned > 0, "the effects were never met");
    assert_eq!(passed, 0, "the bot passed up free money");
}

/// FF-TRADE-3: in the trade window after another captain's turn the bot passes (it opens no
/// offers, on its turn or off it), and the next turn starts.
#[test]
fn bot_passes_in_the_trade_window() {
    use tabletop_firefly::testing::{choose, legal, scenario};
    use tabletop_firefly::trade::TradeAction;
    use tabletop_firefly::{Action, Phase};
    let mut g = scenario(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
cargo = 2
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "persephone"
"#,
    );
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 1 });
    let a = FireflyBot::new(1).choose(&g, 1, &legal(&g));
    assert_eq!(a, Action::Trade(TradeAction::Pass));
}

/// FF-CREW-5 during a Buy: with a full crew, little Tech and Jed (no skills) aboard, the bot
/// dismisses Jed to hire the considered Simon Tam (Tech 2, Medic), then buys him.
#[test]
fn bot_dismisses_a_weak_hand_mid_buy_to_hire_a_better_one() {
    use tabletop_firefly::state::CrewCard;
    use tabletop_firefly::testing::{act, choose, legal, scenario};
    use tabletop_firefly::Action;
    let mut g = scenario(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
money = 6000
crew = [{ card = "gun-hand-jim" }, { card = "gun-hand-joh" }, { card = "jed" }, { card = "gun-hand-tim" }, { card = "gun-hand-rex" }]
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
[decks.supply-discard]
persephone = ["simon-tam"]
"#,
    );
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Simon Tam");
    choose(&mut g, "Done");
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::BuyCard(_))));
    let mut bot = FireflyBot::new(3);
    let a = bot.choose(&g, 0, &legal(&g));
    let Action::Dismiss(CrewCard::Hired(c)) = a else {
        panic!("expected a dismissal, got {}", g.describe_action(a));
    };
    assert_eq!(g.content.supply_name(c), "Jed");
    act(&mut g, a);
    let a = bot.choose(&g, 0, &legal(&g));
    assert_eq!(g.describe_action(a), "Buy Simon Tam for $200");
}
