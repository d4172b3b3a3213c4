//! The heuristic Firefly bot: it finishes games of every base story with a winner, and it
//! only ever picks legal actions.
//!
//! Run in release mode (`cargo test --release -p tabletop-bots`); `TABLETOP_BOT_GAMES=N` plays
//! N games per story instead of the default.

use std::time::Instant;

use rayon::prelude::*;

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::{Content, Expansion};
use tabletop_firefly::{invariants, Firefly, Options};

const STORIES: [&str; 8] = [
    "The King of All Londinium",
    "Harken's Folly",
    "First Time in the Captain's Chair",
    "Desperadoes",
    "\"Respectable\" Persons of Business",
    "Making Connections (Blue Sun)",
    "…Another Man's Treasure",
    "Rim Rider",
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
    // An expansion's story is played with the expansions it needs.
    let st = Content::builtin()
        .stories
        .iter()
        .find(|s| s.title == story)
        .unwrap();
    play_with(story, seats, seed, check, &st.expansions_needed())
}

/// [`play`] with these expansions.
fn play_with(story: &str, seats: u8, seed: u64, check: bool, expansions: &[Expansion]) -> Played {
    let content = Content::builtin();
    let mut opts = Options::new(seats, story);
    opts.max_rounds = Some(100);
    opts.expansions = expansions.to_vec();
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
    // The games are independent: both cores play them.
    let played: Vec<Played> = (0..n)
        .into_par_iter()
        .map(|k| play(story, seats, seed0 + k, false))
        .collect();
    for r in played {
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

/// Issue 10: `simulate` with every expansion on finishes ≥ 95 % of games. Every story that can
/// be played with all four (each one's own expansion is among them), with Pirates & Bounty
/// Hunters' ships, Piracy jobs and bounties in play.
#[test]
fn four_bots_finish_every_story_with_every_expansion() {
    let n = games() * 2;
    let mut failed = Vec::new();
    for story in STORIES {
        // The games are independent: both cores play them.
        let (won, rounds) = (0..n)
            .into_par_iter()
            .map(|k| {
                let r = play_with(story, 4, 9000 + k, false, &Expansion::ALL);
                (r.winner.is_some() as u64, r.rounds as u64)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        let rate = won as f64 / n as f64;
        eprintln!(
            "{story}, every expansion: {won}/{n} ({:.1} %), {:.1} rounds on average",
            rate * 100.0,
            rounds as f64 / n as f64
        );
        if rate < 0.95 {
            failed.push(format!("{story}: {:.1} %", rate * 100.0));
        }
    }
    assert!(
        failed.is_empty(),
        "fewer than 95 % of games finished: {failed:?}"
    );
}

/// The bot's Ship Card: a base-game Firefly (six berths, range 5) before the S.S. Walden (range
/// 4) and the Interceptor (four berths, a hold of 4), which bot-only games show to be weaker.
#[test]
fn bot_chooses_a_firefly_over_the_pirates_ships() {
    use tabletop_firefly::content::Source;
    use tabletop_firefly::state::Phase;
    use tabletop_firefly::Action;
    let content = Content::builtin();
    for seed in 0..20 {
        let mut o = Options::new(4, "The King of All Londinium");
        o.expansions = vec![Expansion::PiratesAndBountyHunters];
        let mut g = Firefly::new_game(content, &o, seed).unwrap();
        let mut bot = FireflyBot::new(seed);
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        let mut chosen = Vec::new();
        while let Actor::Seat(s) = g.actor() {
            if !matches!(g.phase, Phase::ChooseLeader | Phase::ChooseShip) {
                break;
            }
            g.legal_actions(&mut legal);
            let a = bot.choose(&g, s, &legal);
            if let Action::ChooseShip(ship) = a {
                chosen.push(&content.ships[ship as usize]);
            }
            g.apply(a, &mut ev).unwrap();
        }
        assert_eq!(chosen.len(), 4, "seed {seed}");
        for ship in chosen {
            assert_eq!(ship.source, Source::Base, "seed {seed}: {}", ship.name);
        }
    }
}

/// The Interceptor's Echelon LR-8 burns no Fuel: the bot, at a Supply planet with the hold
/// full of Fuel, throws the Fuel out to make room, and buys none.
#[test]
fn bot_with_a_fuel_free_drive_makes_room_and_buys_no_fuel() {
    use tabletop_firefly::content::Item;
    use tabletop_firefly::testing::{captain_text, scenario};
    use tabletop_firefly::Event;
    let text = captain_text(
        "expansions = [\"pirates-and-bounty-hunters\"]",
        "malcolm",
        "space-bazaar",
        "money = 3000\nfuel = 6",
        "",
    )
    .replacen("ship = \"serenity\"", "ship = \"interceptor\"", 1);
    let mut g = scenario(&text);
    assert_eq!(g.full_burn_fuel(&g.players[0]), 0);
    let events = bot_turn(&mut g, 0);
    assert_eq!(g.players[0].item(Item::Fuel), 0, "{events:?}");
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::Items { seat: 0, item: Item::Fuel, delta } if *delta > 0
        )),
        "bought Fuel: {events:?}"
    );
}

/// A dry tank and a hold full of salvaged Parts at a Supply planet: the bot throws out the
/// Parts no job needs to make room for Fuel (FF-TURN-7), then buys Fuel (FF-BUY-7) — without
/// it a captain drifted at Mosey speed for the rest of the game.
#[test]
fn bot_makes_room_for_fuel_when_the_tank_is_dry_and_the_hold_full() {
    use tabletop_firefly::content::Item;
    use tabletop_firefly::testing::{captain_text, scenario};
    let text = captain_text(
        "",
        "malcolm",
        "space-bazaar",
        "money = 3000\nfuel = 0\nparts = 24",
        "",
    );
    let mut g = scenario(&text);
    assert_eq!(g.room_for(&g.players[0], Item::Fuel), 0, "the hold is full");
    let events = bot_turn(&mut g, 0);
    let p = &g.players[0];
    assert!(p.item(Item::Fuel) >= 3, "no Fuel bought: {events:?}");
    assert!(p.item(Item::Parts) < 24, "{events:?}");
}

/// Out of Fuel, far Supply planets are as far as their sectors (a Mosey a turn, FF-FLY-5): the
/// bot does not rank a Supply planet across the 'Verse as near as the one next door.
#[test]
fn bot_out_of_fuel_heads_for_the_nearest_supply_planet() {
    use tabletop_firefly::testing::{malcolm_at, scenario};
    // Border Space 25 neighbours Space Bazaar; Meridian is across the 'Verse.
    let g = scenario(&malcolm_at("border-25", "money = 3000\nfuel = 0"));
    let mut bot = FireflyBot::new(7);
    let (cands, _) = bot.debug_candidates(&g, 0);
    let near = g
        .content
        .sector_name(tabletop_firefly::testing::sector("space-bazaar"));
    let best = cands
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|c| c.0.clone());
    assert_eq!(best.as_deref(), Some(near), "{cands:?}");
    let far = cands
        .iter()
        .filter(|c| c.0 == "Meridian")
        .map(|c| c.1)
        .fold(0.0, f64::max);
    let near_v = cands
        .iter()
        .filter(|c| c.0 == near)
        .map(|c| c.1)
        .fold(0.0, f64::max);
    assert!(far * 2.0 < near_v, "{cands:?}");
}

/// Salvage offers "load up to" a heap of Parts (Kalidasa's Hollowed Out Space-Liner: up to 6):
/// the bot takes a spare few, not a hold full that leaves no room for Fuel.
#[test]
fn bot_takes_a_spare_few_parts_from_salvage() {
    use tabletop_firefly::content::Item;
    use tabletop_firefly::resolve::Pending;
    use tabletop_firefly::testing::{captain_text, choose, full_burn_into, legal, scenario};
    let text = captain_text(
        "expansions = [\"blue-sun\", \"kalidasa\"]",
        "malcolm",
        "persephone",
        "money = 3000\nfuel = 6\nparts = 1\ncrew = [{ card = \"kaylee\" }]",
        "[decks]\nnav-border = [\"hollowed-out-space-liner\"]",
    );
    let mut g = scenario(&text);
    full_burn_into(&mut g, "Border Space 10");
    choose(&mut g, "Still Some Good Stuff Here");
    let pending = g.resolution.last().and_then(|r| r.pending);
    assert!(
        matches!(
            pending,
            Some(Pending::LoadUpTo {
                item: Item::Parts,
                max: 6
            })
        ),
        "{pending:?}"
    );
    let a = FireflyBot::new(7).choose(&g, 0, &legal(&g));
    assert_eq!(
        a,
        tabletop_firefly::Action::LoadCount(2),
        "one aboard, three kept"
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

/// Issue 9: a Labor Contract (FF-TURN-5: used as the Buy action) hires a crew card from its
/// planet's discard pile from afar. The bot, alone aboard at the Space Bazaar with no money to
/// hire, uses it for the Medic waiting in Persephone's discard pile; with nobody in the pile
/// the card is not offered, and the bot's turn goes on without it.
#[test]
fn bot_uses_a_labor_contract_for_crew_in_its_discard_pile() {
    use tabletop_firefly::state::CrewCard;
    use tabletop_firefly::testing::{captain_text, scenario};
    use tabletop_firefly::Event;
    let text = |discard: &str| {
        captain_text(
            "expansions = [\"kalidasa\"]",
            "malcolm",
            "space-bazaar",
            "money = 0\nspare-gear = [\"labor-contract-persephone\"]",
            &format!("[decks.supply-discard]\npersephone = [{discard}]"),
        )
    };
    let mut g = scenario(&text("\"simon-tam\""));
    let events = bot_turn(&mut g, 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CardUsed { seat: 0, .. })),
        "the contract was not used"
    );
    let hired: Vec<&str> = g.players[0]
        .crew
        .iter()
        .filter_map(|m| match m.card {
            CrewCard::Hired(c) => Some(g.content.supply_name(c)),
            CrewCard::Leader(_) => None,
        })
        .collect();
    assert_eq!(hired, ["Simon Tam"]);
    let mut g = scenario(&text(""));
    let events = bot_turn(&mut g, 0);
    assert!(!events.iter().any(|e| matches!(e, Event::CardUsed { .. })));
}

// ---------------------------------------------------------------------------------------------
// Last Call (FF-WIN-2: a story's ending)
// ---------------------------------------------------------------------------------------------

/// Let the bots play while it is `seat`'s turn (and the game goes on); the events.
fn bot_turn(g: &mut Firefly, seat: u8) -> Vec<tabletop_firefly::Event> {
    use tabletop_firefly::testing::{act, legal};
    let mut bot = FireflyBot::new(7);
    let mut events = Vec::new();
    while g.current == seat && !g.is_over() {
        let Actor::Seat(s) = g.actor() else { break };
        let a = bot.choose(g, s, &legal(g));
        events.extend(act(g, a));
    }
    assert_eq!(bot.guard_trips(), 0);
    events
}

/// Desperadoes with Corbin (seat 0, to play) at Persephone and `p0` fields, and Womack at
/// Jiangyin with `p1` fields.
fn desperadoes(p0: &str, p1: &str, top: &str) -> Firefly {
    use tabletop_firefly::testing::{scenario_with, two_captains_text};
    let text = two_captains_text(
        top,
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{p0}"),
        "",
    )
    .replacen(
        "sector = \"regina\"\n",
        &format!("sector = \"jiangyin\"\n{p1}\n"),
        1,
    );
    scenario_with(&text, "desperadoes", 1)
}

/// Womack, about to finish Amnon Duul's Illegal "Gun Running" at Jiangyin: $3,000 in Desperadoes.
const GUN_RUNNING: &str = "contraband = 2\ncrew = [{ card = \"jayne\" }]\n\
                           active = [{ job = \"amnon-duul-gun-running-jiangyin\", steps-done = 1 }]";

fn declared(events: &[tabletop_firefly::Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, tabletop_firefly::Event::LastCallDeclared { .. }))
}

/// The bot declares Last Call when it wins: $20,000 against a rival's $3,000.
#[test]
fn bot_declares_last_call_when_it_wins() {
    let mut g = desperadoes("money = 20000", "money = 3000", "");
    let ev = bot_turn(&mut g, 0);
    assert!(declared(&ev), "the bot did not call Last Call");
}

/// The bot does not declare while a rival could overtake it in its last turn: Womack ($14,000,
/// no Goal token) would finish a $3,000 job; the bot's $15,000 is not enough yet.
#[test]
fn bot_waits_while_declaring_would_lose() {
    let mut g = desperadoes(
        "money = 15000",
        &format!("money = 14000\n{GUN_RUNNING}"),
        "",
    );
    assert_eq!(g.players[0].goals, 1);
    let ev = bot_turn(&mut g, 0);
    assert!(!declared(&ev), "declaring now loses to Womack's last job");
}

/// The bot declares when waiting loses: Womack holds a Goal token too and could call Last Call
/// when it suits him, while the bot leads now.
#[test]
fn bot_declares_when_waiting_loses() {
    let mut g = desperadoes(
        "money = 16000",
        &format!("money = 15500\n{GUN_RUNNING}"),
        "",
    );
    assert_eq!(g.players[1].goals, 1);
    let ev = bot_turn(&mut g, 0);
    assert!(declared(&ev), "the rival would call it when it suits him");
}

/// On its last turn (Corbin called Last Call) Womack's bot finishes the job it can (Gun Running)
/// and pays Jayne no Cut: a Disgruntled crew member (FF-WORK-19) costs nothing once the game is
/// over.
#[test]
fn bot_plays_its_last_turn_for_credits() {
    use tabletop_firefly::testing::choose;
    use tabletop_firefly::Event;
    let mut g = desperadoes(
        "money = 15000",
        &format!("money = 1000\n{GUN_RUNNING}"),
        "current = 1",
    );
    choose(&mut g, "End turn");
    choose(&mut g, "Declare Last Call");
    choose(&mut g, "End turn");
    assert_eq!(g.current, 1);
    let ev = bot_turn(&mut g, 1);
    assert!(g.is_over());
    let pay = ev
        .iter()
        .find_map(|e| match e {
            Event::JobCompleted { pay, .. } => Some(*pay),
            _ => None,
        })
        .expect("the bot finishes its job");
    assert!(
        pay >= 3000,
        "$2,000 and Desperadoes' $1,000 for an Illegal job"
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::CutPaid { .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::Disgruntled { .. })));
    assert_eq!(g.players[1].money, 1000 + pay);
}

/// Near the end of "Respectable" Persons of Business (Womack holds the Goal token and may call
/// Last Call), the bot leaves a job it cannot finish in a turn or two: unfinished, it would cost
/// its Pay value at settlement. In the King of All Londinium it takes the same job.
#[test]
fn bot_takes_no_long_job_before_settlement() {
    use tabletop_firefly::testing::{choose, legal, scenario_with, two_captains_text};
    use tabletop_firefly::Action;
    let accepts = |story: &str| {
        let text = two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\ncrew = [{ card = \"jayne\" }]",
            "contact-discard = { badger = [\"badger-making-the-love-connection\"] }",
        )
        .replacen(
            "sector = \"regina\"\n",
            "sector = \"regina\"\nmoney = 12000\n",
            1,
        );
        let mut g = scenario_with(&text, story, 1);
        choose(&mut g, "Deal with Badger");
        choose(&mut g, "Making the Love Connection");
        choose(&mut g, "Done");
        let a = FireflyBot::new(5).choose(&g, 0, &legal(&g));
        matches!(a, Action::AcceptJob(_))
    };
    assert!(accepts("the-king-of-all-londinium"));
    assert!(!accepts("respectable-persons-of-business"));
}

// ---------------------------------------------------------------------------------------------
// Rim Supply cards used in the middle of a test (the engine's `interrupts`)
// ---------------------------------------------------------------------------------------------

/// Corbin (Tech 2, Negotiate 1) at Persephone working Patience's "Henpecked Badger" with
/// `crew` aboard (Blue Sun in play), the next dice and the Misbehave cards on top, his money
/// set to `money`.
fn working_with(crew: &str, money: u32, dice: &str, misbehave: &str) -> Firefly {
    use tabletop_firefly::testing::{two_captains, work_henpecked, HENPECKED};
    let mut g = two_captains(
        &format!("expansions = [\"blue-sun\"]\ndice = [{dice}]"),
        &format!(
            "leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\ncrew = [{crew}]\n\
             money = {money}"
        ),
        &format!("misbehave = [{misbehave}]"),
    );
    work_henpecked(&mut g);
    g
}

/// What the heuristic bot chooses now, described.
fn bot_says(g: &Firefly) -> String {
    let mut bot = FireflyBot::new(3);
    let Actor::Seat(s) = g.actor() else {
        panic!("the game is over")
    };
    let a = bot.choose(g, s, &tabletop_firefly::testing::legal(g));
    g.describe_action(a)
}

/// The Operative's Sword (an Ace in the Hole for any Misbehave card, FF-MISB-6): against The
/// Sheriff's Justice (a Negotiate test that at best botches the attempt and else brings a
/// Warrant; a Fight test that Kills crew and brings a Warrant below 9) every option is bad,
/// so the bot passes the card with the Sword; against Kill the Alarm (Tech 5 to Rig a Bypass,
/// which Corbin's Tech 2 makes two times in three, only the attempt botched otherwise) it
/// keeps the Sword and its Fight.
#[test]
fn bot_spends_the_operatives_sword_on_a_hard_misbehave_card() {
    let sword = "{ card = \"skunk\", gear = [\"the-operatives-sword\"] }";
    let g = working_with(sword, 0, "", "\"the-sheriffs-justice\"");
    assert_eq!(
        bot_says(&g),
        "Discard The Operative's Sword: an Ace in the Hole, Proceed"
    );
    let g = working_with(sword, 0, "", "\"kill-the-alarm\"");
    assert_eq!(bot_says(&g), "Option: Rig a Bypass");
}

/// Simon's Sonic Stun Baton (after a Fight roll, the die counts as a 6, FF-SKILL-8): Kill
/// the Alarm's "Just Shoot the Gorram Thing" is Fight 7; Skunk and the Baton's carrier roll a
/// 1, a botched attempt, so the bot turns the roll into a 6 (a pass); a roll of 5 already
/// passes, and the Baton is kept.
#[test]
fn bot_counts_a_failed_fight_roll_as_a_six_with_the_stun_baton() {
    use tabletop_firefly::testing::choose;
    let baton = "{ card = \"skunk\", gear = [\"simons-sonic-stun-baton\"] }";
    let mut g = working_with(baton, 0, "1, 4", "\"kill-the-alarm\"");
    choose(&mut g, "Just Shoot");
    assert_eq!(
        bot_says(&g),
        "Discard Simon's Sonic Stun Baton: the roll counts as a 6"
    );
    let mut g = working_with(baton, 0, "6, 2", "\"kill-the-alarm\"");
    choose(&mut g, "Just Shoot");
    assert_eq!(bot_says(&g), "Keep the roll");
}

/// Mal's Brown Coat (before a Negotiate roll its carrier becomes Disgruntled to add their
/// Fight, FF-SKILL-3, FF-CREW-11): Jayne's Fight 2 on A Rival Crew's "Maybe We Can Make a
/// Deal" (Negotiate 8) is worth his grudge to a captain with no money to bribe.
#[test]
fn bot_lends_fight_to_a_negotiation_with_mals_brown_coat() {
    use tabletop_firefly::testing::choose;
    let coat = "{ card = \"jayne\", gear = [\"mals-brown-coat\"] }";
    let mut g = working_with(coat, 0, "3", "\"a-rival-crew\"");
    choose(&mut g, "Maybe We Can Make a Deal");
    assert_eq!(
        bot_says(&g),
        "Mal's Brown Coat: its carrier becomes Disgruntled to add their Fight"
    );
}
