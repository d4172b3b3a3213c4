//! Winning the game and Story Cards (FF-WIN): goals attempted with Work actions, in order,
//! Misbehave first, retried after Attempt Botched or a Warrant; the base stories.

use tabletop_core::{Game, NewGame};
use tabletop_firefly::content::{ContactName, Content, Ending, GoalCondition};
use tabletop_firefly::state::Phase;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly, Options};

const KING: &str = "the-king-of-all-londinium";
const FOLLY: &str = "harkens-folly";
const FIRST_TIME: &str = "first-time-in-the-captains-chair";

/// A two-captain position in `story`: `top` holds top-level keys (dice …), `p0` the first
/// captain's fields (sector included), `decks` the `[decks]` table's keys.
fn game_in(story: &str, top: &str, p0: &str, decks: &str) -> Firefly {
    scenario_with(
        &format!(
            "{top}\n[[player]]\nship = \"serenity\"\n{p0}\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
             [decks]\n{decks}\n"
        ),
        story,
        1,
    )
}

/// Jayne carries a FAKE ID (Bona Fide Credentials, +1 Negotiate), a SNIPER RIFLE (+1 Fight) and
/// a HACKING RIG (+1 Tech): Aces in the Hole for Alliance Patrol, Denied Docking Rights, Keep a
/// Low Profile, Ambush, Kill the Alarm and Tight Security, so those cards are passed at once.
const JAYNE: &str = "crew = [{ card = \"jayne\", gear = [\"bona-fide-credentials\", \"glucklich-jia-642x\", \"security-interface-pad\"] }]";

/// `n` Misbehave cards Jayne passes with an Ace, as a `[decks]` entry.
fn aces(n: usize) -> String {
    let all = [
        "alliance-patrol",
        "alliance-patrol",
        "alliance-patrol",
        "denied-docking-rights",
        "keep-a-low-profile",
        "keep-a-low-profile",
        "ambush",
        "kill-the-alarm",
        "kill-the-alarm",
        "tight-security",
        "tight-security",
    ];
    let list: Vec<String> = all[..n].iter().map(|c| format!("\"{c}\"")).collect();
    format!("misbehave = [{}]", list.join(", "))
}

/// Corbin and Jayne in the King of All Londinium, at `sector` with `goals` Goal tokens.
/// Corbin and Jayne: Negotiate 2, Tech 3, Fight 3 on the job.
fn king(dice: &str, sector: &str, goals: u8, more: &str, cards: usize) -> Firefly {
    game_in(
        KING,
        &format!("dice = [{dice}]"),
        &format!("leader = \"corbin\"\nsector = \"{sector}\"\ngoals = {goals}\n{JAYNE}\n{more}"),
        &aces(cards),
    )
}

fn attempt_goal(g: &mut Firefly) -> Vec<Event> {
    choose(g, "Work story goal");
    choose(g, "Done")
}

fn endings(ev: &[Event]) -> Vec<Ending> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        })
        .collect()
}

fn totals(ev: &[Event]) -> Vec<i32> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled { total, .. } => Some(*total),
            _ => None,
        })
        .collect()
}

fn next_round(g: &mut Firefly) {
    choose(g, "End turn");
    choose(g, "End turn");
    assert_eq!(g.current, 0);
}

/// FF-WIN-1: the first player to complete the Story Card's goals wins.
#[test]
fn ff_win_1_completing_the_story_wins() {
    // First Time in the Captain's Chair: goal 2, "Feeding the Shark", at Ezra: pay Niska $6,000.
    let mut g = game_in(
        FIRST_TIME,
        "",
        "leader = \"corbin\"\nsector = \"ezra\"\ngoals = 1\nmoney = 6500",
        "",
    );
    assert!(g.outcome().is_none());
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::Won { seat: 0 })));
    assert_eq!(g.players[0].money, 500);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![0]);
    assert!(g.is_over());
    let mut acts = Vec::new();
    g.legal_actions(&mut acts);
    assert!(acts.is_empty(), "the game is over");
}

/// FF-WIN-2: a Story Card may change set-up: "First Time in the Captain's Chair" deals the
/// starting jobs from Harken and Amnon Duul only.
#[test]
fn ff_win_2_stories_change_setup() {
    let mut g = Firefly::new_game(Content::builtin(), &Options::new(2, FIRST_TIME), 7).unwrap();
    while g.phase != Phase::StartingJobs {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    for p in &g.players {
        let mut from: Vec<ContactName> = p
            .hand
            .iter()
            .map(|&j| g.content.jobs[j as usize].contact.unwrap())
            .collect();
        from.sort_by_key(|c| c.index());
        assert_eq!(from, vec![ContactName::Harken, ContactName::AmnonDuul]);
    }
    // The King deals from all five Contacts.
    let mut g = Firefly::new_game(Content::builtin(), &Options::new(2, KING), 7).unwrap();
    while g.phase != Phase::StartingJobs {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    assert_eq!(g.players[0].hand.len(), 5);
}

/// FF-WIN-3: stories may require becoming Solid with certain Contacts (Harken's Folly: a
/// standing goal, taken as soon as it holds) or earning Credits ("Feeding the Shark": $6,000).
#[test]
fn ff_win_3_solid_and_credit_goals() {
    let mut g = game_in(
        FOLLY,
        "dice = [5, 5, 5]",
        "leader = \"corbin\"\nsector = \"persephone\"\nsolid = [\"amnon-duul\", \"badger\", \"niska\"]\nhand = [\"patience-henpecked-badger\"]",
        "misbehave = [\"kill-the-alarm\", \"kill-the-alarm\"]",
    );
    assert_eq!(g.players[0].goals, 0);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Solid {
            contact: ContactName::Patience,
            ..
        }
    )));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 0 }
    )));
    assert_eq!(g.players[0].goals, 1);

    // $5,000 is not enough to pay Niska $6,000: the goal cannot be attempted.
    let g = game_in(
        FIRST_TIME,
        "",
        "leader = \"corbin\"\nsector = \"ezra\"\ngoals = 1\nmoney = 5000",
        "",
    );
    assert!(!can(&g, "Work story goal"));
}

/// FF-WIN-3 with the Alliance Ident Card, whose ability (FF-CREW-19) is "counts as Solid with
/// Harken": story goals that need Solid reputations ask the same reputation query as Contact
/// benefits and jobs, so the carried card counts toward "Solid with Any 2 Contacts" (First
/// Time in the Captain's Chair); set aside, it counts for nothing (FF-CREW-20).
#[test]
fn ff_win_3_the_alliance_ident_card_counts_for_solid_goals() {
    let mut g = game_in(
        FIRST_TIME,
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nsolid = [\"badger\"]\nspare-gear = [\"alliance-ident-card\"]",
        "",
    );
    assert_eq!(
        g.players[0].goals, 0,
        "Solid with 1 Contact; the card is set aside"
    );
    let harken = GoalCondition::SolidWith {
        contacts: vec![ContactName::Harken],
    };
    assert!(!g.goal_condition(&g.players[0], &harken));
    let ev = choose(&mut g, "Give Alliance Ident Card to Corbin");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 0 }
    )));
    assert_eq!(g.players[0].goals, 1);
    assert!(g.goal_condition(&g.players[0], &harken));
    // It counts as Harken only: Harken's Folly's four Contacts are not helped by it.
    let folly = GoalCondition::SolidWith {
        contacts: vec![ContactName::AmnonDuul, ContactName::Badger],
    };
    assert!(!g.goal_condition(&g.players[0], &folly));
    assert!(!g.goal_condition(&g.players[0], &GoalCondition::SolidCount { count: 3 }));
}

/// FF-WIN-3: a standing goal is checked after every step against its conditions folded into
/// one record (`StandingCheck`, issue 11). The folded check says what the goal's list says, for
/// every goal of every story and captains with every mix of Solid reputation (their own and
/// their cards'), money and Warrants — and for made-up goals with every kind of condition.
#[test]
fn ff_win_3_a_standing_goal_checked_folded_is_its_list_of_conditions() {
    use tabletop_core::Rng;
    use tabletop_firefly::content::{JobFilter, StandingCheck};
    let content = Content::builtin();
    let made_up = [
        vec![
            GoalCondition::SolidCount { count: 2 },
            GoalCondition::Money { amount: 4000 },
            GoalCondition::NoWarrants,
        ],
        vec![
            GoalCondition::SolidWith {
                contacts: vec![ContactName::Harken, ContactName::Niska],
            },
            GoalCondition::SolidWith {
                contacts: vec![ContactName::Badger],
            },
            GoalCondition::Warrants { count: 2 },
            GoalCondition::SolidCount { count: 1 },
        ],
        vec![
            GoalCondition::CompletedJobs {
                jobs: JobFilter::Any,
                count: 1,
            },
            GoalCondition::Money { amount: 1000 },
        ],
    ];
    let mut rng = Rng::new(7);
    let mut compared = 0;
    for story in &content.stories {
        let mut opts = Options::new(2, &story.id);
        opts.expansions = story.expansions_needed();
        let mut g = Firefly::new_game(content, &opts, 1).unwrap();
        let lists: Vec<&[GoalCondition]> = (story.goals.iter().map(|x| x.requires.as_slice()))
            .chain(made_up.iter().map(Vec::as_slice))
            .collect();
        for _ in 0..300 {
            let p = &mut g.players[0];
            p.solid = rng.below(1 << ContactName::COUNT) as u16;
            p.card_solid = if rng.below(2) == 0 {
                0
            } else {
                1 << rng.below(9)
            };
            p.money = rng.below(20) * 500;
            p.warrants = rng.below(4) as u8;
            if rng.below(2) == 0 {
                p.completed
                    .insert(rng.below(content.jobs.len() as u32) as u16);
            }
            let p = &g.players[0];
            for (i, list) in lists.iter().enumerate() {
                let folded = StandingCheck::of(list);
                assert_eq!(
                    g.standing_goal_met(p, &folded, list),
                    g.goal_met(p, list),
                    "{}: list {i} {list:?}, captain {p:?}",
                    story.id
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 5_000);
}

/// FF-WIN-4: each goal attempt takes a Work action; completing a goal gives a Goal token.
#[test]
fn ff_win_4_a_work_action_and_a_goal_token() {
    // King goal 1: Negotiate test; 4 + 2 = 6: pay $7,000 to complete.
    let mut g = king("4", "jiangyin", 0, "money = 8000", 2);
    let ev = choose(&mut g, "Work story goal 1");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ActionTaken { action: "work", .. }
    )));
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Pay $7,000");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { goal: 0, .. }
    )));
    assert_eq!(g.players[0].goals, 1);
    assert_eq!(g.players[0].money, 1000);
    assert!(!can(&g, "Work"), "the turn's Work action is used");
}

/// FF-WIN-5: a goal that needs Misbehaving finishes the Misbehave cards before its other
/// instructions (Harken's Folly, "Crying Wolf": 3 cards, then a Tech test).
#[test]
fn ff_win_5_misbehave_before_the_goal() {
    let mut g = game_in(
        FOLLY,
        "dice = [6, 1]",
        &format!("leader = \"corbin\"\nsector = \"valentine\"\ngoals = 1\n{JAYNE}"),
        &aces(3),
    );
    let ev = attempt_goal(&mut g);
    let order: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::MisbehaveDrawn { .. } => Some("misbehave"),
            Event::Rolled { .. } => Some("test"),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec!["misbehave", "misbehave", "misbehave", "test"]);
    // 6 + 1 + Tech 3 = 10: the Cruiser comes to Valentine and the ship Evades.
    assert!(can(&g, "Move to"));
}

/// FF-WIN-6: numbered goals are done in order.
#[test]
fn ff_win_6_goals_in_order() {
    let g = king("", "londinium", 0, "", 0);
    assert!(!can(&g, "Work story goal"), "goal 2 before goal 1");
    let g = king("", "londinium", 1, "", 0);
    assert!(can(&g, "Work story goal 2"));
    let g = king("", "jiangyin", 1, "", 0);
    assert!(!can(&g, "Work story goal"), "goal 1 is done");
}

/// FF-WIN-7: working a goal is not working a job: abilities for jobs do not apply (Two-Fry's
/// fewer Misbehave cards "on a job").
#[test]
fn ff_win_7_job_abilities_do_not_apply_to_goals() {
    let mut g = game_in(
        KING,
        "dice = [1]",
        "leader = \"corbin\"\nsector = \"jiangyin\"\ncrew = [{ card = \"two-fry\", gear = [\"glucklich-jia-642x\"] }]",
        "misbehave = [\"keep-a-low-profile\", \"ambush\"]",
    );
    let ev = attempt_goal(&mut g);
    let drawn = ev
        .iter()
        .filter(|e| matches!(e, Event::MisbehaveDrawn { .. }))
        .count();
    assert_eq!(drawn, 2, "both of the goal's cards");
}

/// FF-WIN-8: no Cut is paid after a goal is completed.
#[test]
fn ff_win_8_no_cut_for_goals() {
    let mut g = king("4", "jiangyin", 0, "money = 8000", 2);
    attempt_goal(&mut g);
    choose(&mut g, "Pay $7,000");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].money, 1000, "Jayne's $300 Cut is not paid");
}

/// FF-WIN-9: a goal attempt that ends Attempt Botched may be tried again on the next turn.
#[test]
fn ff_win_9_botched_goals_are_retried() {
    // King goal 1, 1-5: pay $1,000, Attempt Botched.
    let mut g = king("3, 5", "jiangyin", 0, "", 4);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![5]);
    assert_eq!(endings(&ev).last(), Some(&Ending::AttemptBotched));
    assert_eq!(g.players[0].money, 2000);
    assert_eq!(g.players[0].goals, 0);
    assert!(!can(&g, "Work story goal"));
    next_round(&mut g);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![7]);
    assert!(can(&g, "Walk Away"));
}

/// FF-WIN-10: a Warrant received while working a goal puts a Warrant token on the ship; the
/// goal is not lost and may be tried again next turn.
#[test]
fn ff_win_10_warrant_on_a_goal() {
    // King goal 2: Tech; 1-6 Attempt Botched & Warrant Issued. 3 + 3 = 6.
    let mut g = king("3, 4", "londinium", 1, "", 6);
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    assert_eq!(g.players[0].warrants, 1);
    assert_eq!(g.players[0].goals, 1);
    next_round(&mut g);
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { goal: 1, .. }
    )));
    assert_eq!(g.players[0].goals, 2);
}

/// FF-WIN-11: the rulebook's example: John completes Goal 1 first try, flies to Goal 2's
/// location, fails the Misbehave attempt the next turn, completes Goal 2 the turn after, and
/// later draws Goal 3's Misbehave cards, succeeds and wins.
#[test]
fn ff_win_11_johns_story() {
    let mut g = game_in(
        KING,
        // Goal 1: 6,1 + 2 = 9 (pay $5,000). Goal 2, first try: Gun Play is failed ("My Guns
        // Will Do the Talking", Fight 7: 1 + 5 = 6, a Kill). Second try: 4 + 3 = 7.
        // Goal 3: 6,1 + 4 = 11.
        "dice = [6, 1, 1, 4, 6, 1]",
        "leader = \"corbin\"\nsector = \"jiangyin\"\nmoney = 9000\nleader-gear = [\"glucklich-jia-642x\"]\ncrew = [{ card = \"jayne\", gear = [\"bona-fide-credentials\", \"security-interface-pad\", \"pistol\"] }, { card = \"skunk\" }]",
        "misbehave = [\"alliance-patrol\", \"alliance-patrol\", \"gun-play\", \"alliance-patrol\", \"kill-the-alarm\", \"kill-the-alarm\", \"tight-security\", \"tight-security\", \"denied-docking-rights\", \"keep-a-low-profile\"]",
    );
    attempt_goal(&mut g);
    choose(&mut g, "Pay $5,000");
    assert_eq!(g.players[0].goals, 1);
    // He flies to Londinium (the flight itself is FF-FLY's business).
    g.put_ship(0, sector("londinium"));
    next_round(&mut g);
    attempt_goal(&mut g);
    choose(&mut g, "My Guns");
    choose(&mut g, "Skunk is Killed");
    assert_eq!(g.players[0].goals, 1, "the Misbehave attempt failed");
    next_round(&mut g);
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { goal: 1, .. }
    )));
    assert_eq!(g.players[0].goals, 2);
    g.put_ship(0, sector("boros"));
    next_round(&mut g);
    next_round(&mut g);
    // Fight: rifle 1 + Jayne 2 + pistol 1 = 4 (Skunk is dead); 4 Misbehave cards, all Aces.
    let ev = attempt_goal(&mut g);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::MisbehaveDrawn { .. }))
            .count(),
        4
    );
    assert_eq!(totals(&ev), vec![11]);
    assert!(happened(&ev, |e| matches!(e, Event::Won { seat: 0 })));
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

/// FF-WIN-12: "The King of All Londinium": three numbered goals, done in order.
#[test]
fn ff_win_12_the_king_of_all_londinium() {
    let c = Content::builtin();
    let s = &c.stories[c.story(KING).unwrap() as usize];
    assert_eq!(s.title, "The King of All Londinium");
    let places: Vec<&str> = s.goals.iter().map(|g| g.at.as_deref().unwrap()).collect();
    assert_eq!(places, vec!["jiangyin", "londinium", "boros"]);
}

/// FF-WIN-13: King goal 1, "Takes a Master's Touch", at Jiangyin: 1-5 pay $1,000 and Attempt
/// Botched; 6-8 pay $7,000 to complete or take Attempt Botched; 9+ pay $5,000 or Attempt
/// Botched.
#[test]
fn ff_win_13_king_goal_1() {
    // 6-8: $7,000 (only if you have it) or walk away.
    let mut g = king("6, 2", "jiangyin", 0, "money = 7500", 2);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![10], "6+2 Thrillin' Heroics + Negotiate 2");
    // That was 9+: $5,000.
    assert!(can(&g, "Pay $5,000") && can(&g, "Walk Away"));
    assert!(!can(&g, "Pay $7,000"));
    let ev = choose(&mut g, "Walk Away");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(g.players[0].goals, 0);
    assert_eq!(g.players[0].money, 7500);

    let mut g = king("5", "jiangyin", 0, "money = 7500", 2);
    attempt_goal(&mut g);
    assert!(can(&g, "Pay $7,000") && can(&g, "Walk Away"));
    choose(&mut g, "Pay $7,000");
    assert_eq!(g.players[0].goals, 1);
    assert_eq!(g.players[0].money, 500);

    let mut g = king("4", "jiangyin", 0, "money = 6999", 2);
    attempt_goal(&mut g);
    assert!(!can(&g, "Pay $7,000"), "not enough money");
    assert!(can(&g, "Walk Away"));

    let mut g = king("2", "jiangyin", 0, "", 2);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![4]);
    assert_eq!(g.players[0].money, 2000, "$1,000 paid");
    assert_eq!(endings(&ev).last(), Some(&Ending::AttemptBotched));
}

/// FF-WIN-14: King goal 2, "…and Knowing Is Half the Battle", at Londinium: 1-6 Attempt Botched
/// & Warrant Issued; 7+ the goal is complete.
#[test]
fn ff_win_14_king_goal_2() {
    let mut g = king("3", "londinium", 1, "", 3);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![6]);
    assert_eq!(endings(&ev).last(), Some(&Ending::BotchedAndWarrant));
    assert_eq!((g.players[0].goals, g.players[0].warrants), (1, 1));
    let mut g = king("4", "londinium", 1, "", 3);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![7]);
    assert_eq!((g.players[0].goals, g.players[0].warrants), (2, 0));
}

/// FF-WIN-15: King goal 3, "Two Card Monty", at Boros: 1-9 Attempt Botched & Warrant Issued;
/// 10+ success.
#[test]
fn ff_win_15_king_goal_3() {
    // Fight 3 (Jayne 2 + rifle 1): 5 + 3 = 8.
    let mut g = king("5", "boros", 2, "", 4);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![8]);
    assert_eq!(endings(&ev).last(), Some(&Ending::BotchedAndWarrant));
    assert!(g.outcome().is_none());
    let mut g = king("6, 1", "boros", 2, "", 4);
    let ev = attempt_goal(&mut g);
    assert_eq!(totals(&ev), vec![10]);
    assert!(g.outcome().is_some());
}

/// FF-WIN-16: the first to steal the crown, by completing goal 3, wins; the other player has
/// not won.
#[test]
fn ff_win_16_goal_3_wins_the_king() {
    let mut g = king("6, 1", "boros", 2, "", 4);
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::Won { seat: 0 })));
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![0]);
    assert!(o.reason.contains("King of All Londinium"));
}

/// FF-WIN-17: "Attempt Botched & Warrant Issued": the goal is not completed and may be retried,
/// a Warrant token is placed and Harken's reputation is lost.
#[test]
fn ff_win_17_botched_and_warrant() {
    let mut g = king("1", "londinium", 1, "solid = [\"harken\", \"badger\"]", 3);
    let ev = attempt_goal(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    let p = &g.players[0];
    assert_eq!((p.goals, p.warrants), (1, 1));
    assert!(!p.is_solid(ContactName::Harken));
    assert!(
        p.is_solid(ContactName::Badger),
        "a goal is not a Contact's job (FF-REP-11)"
    );
    next_round(&mut g);
    assert!(can(&g, "Work story goal 2"));
}

// ---------------------------------------------------------------------------------------------
// Desperadoes
// ---------------------------------------------------------------------------------------------

const DESPERADOES: &str = "desperadoes";

/// FF-WIN-2, FF-SETUP-22: Desperadoes changes set-up: every captain starts with a Warrant and
/// Harken's jobs are unavailable, so the four other Contacts deal the starting jobs.
#[test]
fn ff_win_2_desperadoes_starts_wanted_without_harken_jobs() {
    let mut g = Firefly::new_game(Content::builtin(), &Options::new(3, DESPERADOES), 11).unwrap();
    while g.phase != Phase::StartingJobs {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    for p in &g.players {
        assert_eq!(p.warrants, 1);
        let mut from: Vec<ContactName> = p
            .hand
            .iter()
            .map(|&j| g.content.jobs[j as usize].contact.unwrap())
            .collect();
        from.sort_by_key(|c| c.index());
        assert_eq!(
            from,
            vec![
                ContactName::Badger,
                ContactName::AmnonDuul,
                ContactName::Patience,
                ContactName::Niska
            ]
        );
    }
}

/// FF-WIN-2: in Desperadoes Harken deals with nobody all game, while in other stories a captain
/// at Londinium may Deal with him.
#[test]
fn ff_win_2_desperadoes_harken_does_not_deal() {
    let g = game_in(
        DESPERADOES,
        "",
        "leader = \"corbin\"\nsector = \"londinium\"",
        "",
    );
    assert!(!can(&g, "Deal with Harken"), "{:?}", menu(&g));
    let g = game_in(KING, "", "leader = \"corbin\"\nsector = \"londinium\"", "");
    assert!(can(&g, "Deal with Harken"), "{:?}", menu(&g));
}

/// The shared two-captain position (`two_captains_text`) in `story`, with the rival, Womack at
/// Regina, given `p1` fields, and a third captain, Monty in the Bonnie Mae at Londinium, with
/// `p2` fields. Seat 0 (Serenity, `p0`) plays first.
fn three_captains(story: &str, p0: &str, p1: &str, p2: &str) -> Firefly {
    let text = two_captains_text("", p0, "").replacen(
        "sector = \"regina\"\n",
        &format!("sector = \"regina\"\n{p1}\n"),
        1,
    ) + &format!(
        "[[player]]\nleader = \"monty\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n{p2}\n"
    );
    scenario_with(&text, story, 1)
}

/// Who still has a turn under Last Call, as the view shows it.
fn still_to_play(g: &Firefly) -> Vec<u8> {
    g.view(0).last_call.map_or(vec![], |lc| lc.still_to_play)
}

fn last_call_declared(ev: &[Event]) -> Option<(u8, Vec<u8>)> {
    ev.iter().find_map(|e| match e {
        Event::LastCallDeclared { seat, last_turns } => Some((*seat, last_turns.clone())),
        _ => None,
    })
}

/// The pay of a delivery job finished by Corbin and Jayne (Fight 2) in `story`: the job is Active
/// and picked up, its goods aboard, the ship at the drop-off.
fn delivery_pay(story: &str, job: &str, at: &str, goods: &str) -> u32 {
    let mut g = scenario_with(
        &two_captains_text(
            "",
            &format!(
                "leader = \"corbin\"\nsector = \"{at}\"\n{goods} = 2\n\
                 crew = [{{ card = \"jayne\" }}]\nactive = [{{ job = \"{job}\", steps-done = 1 }}]"
            ),
            "",
        ),
        story,
        1,
    );
    choose(&mut g, "Work job");
    let ev = choose(&mut g, "Done");
    ev.iter()
        .find_map(|e| match e {
            Event::JobCompleted { pay, .. } => Some(*pay),
            _ => None,
        })
        .expect("the job is completed")
}

/// FF-WIN-2 (a Story Card adds rules): in Desperadoes Illegal jobs pay $1,000 more; legal jobs
/// pay as printed. Amnon Duul's Illegal "Gun Running" pays $2,000 in the King of All Londinium,
/// $3,000 in Desperadoes; Patience's legal "Dung Run" pays $1,500 in both.
#[test]
fn ff_win_2_desperadoes_illegal_jobs_pay_1000_more() {
    let gun_running = ("amnon-duul-gun-running-jiangyin", "jiangyin", "contraband");
    let dung_run = ("patience-dung-run", "harvest", "cargo");
    let pay = |story, (job, at, goods): (&str, &str, &str)| delivery_pay(story, job, at, goods);
    assert_eq!(pay(KING, gun_running), 2000);
    assert_eq!(pay(DESPERADOES, gun_running), 3000);
    assert_eq!(pay(KING, dung_run), 1500);
    assert_eq!(pay(DESPERADOES, dung_run), 1500);
}

/// FF-WIN-3, FF-WIN-4: Desperadoes' goal is credits: $15,000 in hand earns the Goal token at
/// once (no Work action, here from selling a Cargo to Badger), and it does not win the game: it
/// lets its holder declare Last Call.
#[test]
fn ff_win_3_desperadoes_fifteen_thousand_earns_the_goal_token() {
    let mut g = scenario_with(
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 14700\ncargo = 1\nsolid = [\"badger\"]",
            "",
        ),
        DESPERADOES,
        1,
    );
    assert_eq!(g.players[0].goals, 0, "$14,700 is not enough");
    assert!(!can(&g, "Last Call"), "no Goal token, no Last Call");
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Sell 1 Cargo");
    assert_eq!(g.players[0].money, 15_100);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 0 }
    )));
    assert!(!happened(&ev, |e| matches!(e, Event::Won { .. })));
    assert!(g.outcome().is_none(), "the first to $15,000 does not win");
    choose(&mut g, "Done");
    assert!(can(&g, "Declare Last Call"), "{:?}", menu(&g));
}

/// FF-WIN-1, FF-WIN-2: Desperadoes' Last Call: the Goal token's holder declares it (free: no
/// action is used and the turn goes on); every other captain takes one more turn, in turn order;
/// the declarer does not play again; then the most credits win, whoever reached $15,000 first.
#[test]
fn ff_win_2_desperadoes_last_call_gives_the_others_one_more_turn() {
    let mut g = three_captains(
        DESPERADOES,
        "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 15000",
        "money = 4000",
        "money = 14000",
    );
    assert_eq!(g.players[0].goals, 1, "the token comes with the credits");
    assert!(still_to_play(&g).is_empty(), "no Last Call yet");
    let ev = choose(&mut g, "Declare Last Call");
    assert_eq!(last_call_declared(&ev), Some((0, vec![1, 2])));
    assert_eq!(g.turn.taken, 0, "declaring is free in Desperadoes");
    assert!(can(&g, "Make-Work"), "the declarer's turn goes on");
    assert!(!can(&g, "Last Call"), "Last Call is declared once");
    assert_eq!(still_to_play(&g), vec![0, 1, 2]);
    choose(&mut g, "End turn");
    assert_eq!((g.current, still_to_play(&g)), (1, vec![1, 2]));
    choose(&mut g, "End turn");
    assert_eq!((g.current, still_to_play(&g)), (2, vec![2]));
    // Monty ends his last turn with $15,200 (how he earns it is not the point here).
    g.players[2].money = 15_200;
    let ev = choose(&mut g, "End turn");
    assert!(g.is_over(), "the declarer does not play again");
    assert!(!happened(&ev, |e| matches!(e, Event::TurnStarted { .. })));
    assert!(happened(&ev, |e| matches!(e, Event::Won { seat: 2 })));
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![2], "the most credits win: {}", o.reason);
    assert!(o.reason.contains("$15,200"), "{}", o.reason);
    assert!(still_to_play(&g).is_empty());
}

/// FF-WIN-4 (a Goal token marks progress): the token is kept when the credits drop, so its
/// holder may still declare Last Call; and captains tied for the most credits share the win.
#[test]
fn ff_win_4_desperadoes_the_token_is_kept_and_ties_share_the_win() {
    let mut g = three_captains(
        DESPERADOES,
        "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 15000",
        "money = 9000",
        "money = 9000",
    );
    assert_eq!(g.players[0].goals, 1);
    // A Shore Leave at Persephone costs $100 per crew member: $14,900 now.
    choose(&mut g, "Shore Leave");
    choose(&mut g, "Done");
    assert!(g.players[0].money < 15_000);
    assert_eq!(g.players[0].goals, 1, "the token is kept");
    choose(&mut g, "Declare Last Call");
    g.players[0].money = 5000;
    choose(&mut g, "End turn");
    choose(&mut g, "End turn");
    choose(&mut g, "End turn");
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![1, 2], "Womack and Monty tie on $9,000");
}

// ---------------------------------------------------------------------------------------------
// "Respectable" Persons of Business
// ---------------------------------------------------------------------------------------------

const RESPECTABLE: &str = "respectable-persons-of-business";

/// FF-WIN-3, FF-WIN-4: "Respectable" Persons of Business: $12,000 earns the Goal token; declaring
/// Last Call uses one of the turn's two actions (FF-TURN-4), so it cannot follow two actions.
#[test]
fn ff_win_3_respectable_last_call_uses_an_action() {
    let c = Content::builtin();
    let s = &c.stories[c.story("\"Respectable\" Persons of Business").unwrap() as usize];
    assert!(s.setup.closed_contacts.is_empty() && !s.setup.start_with_warrant);
    let mut g = scenario_with(
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 11900",
            "",
        ),
        RESPECTABLE,
        1,
    );
    assert_eq!(g.players[0].goals, 0, "$11,900 is not enough");
    let ev = choose(&mut g, "Make-Work");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 0 }
    )));
    let ev = choose(&mut g, "Use an action: declare Last Call");
    assert_eq!(last_call_declared(&ev), Some((0, vec![1])));
    assert_eq!(g.turn.taken, 2, "declaring used the turn's second action");
    assert!(!can(&g, "Mosey"));

    // Two actions taken: no action is left to declare it with.
    let mut g = scenario_with(
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 12000",
            "",
        ),
        RESPECTABLE,
        1,
    );
    assert!(can(&g, "declare Last Call"));
    choose(&mut g, "Make-Work");
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to");
    assert_eq!(g.turn.taken, 2);
    assert!(!can(&g, "Last Call"), "{:?}", menu(&g));
}

/// FF-WIN-2: "Respectable" Persons of Business: after Last Call the other captain takes one more
/// turn and the declarer none; then every captain pays the bank the Pay value of their Active
/// and in-hand jobs ("Special" pay counts $0), and the most credits win: Womack had more, but
/// owes $5,000 for two unfinished jobs.
#[test]
fn ff_win_2_respectable_unfinished_jobs_are_settled() {
    let mut g = scenario_with(
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 12000",
            "",
        )
        .replacen(
            "sector = \"regina\"\n",
            "sector = \"regina\"\nmoney = 14000\n\
             hand = [\"patience-henpecked-badger\", \"patience-ranch-hand-recruitment\"]\n\
             active = [{ job = \"amnon-duul-gun-running-jiangyin\" }]\n",
            1,
        ),
        RESPECTABLE,
        1,
    );
    assert_eq!(
        g.unfinished_pay(1),
        3000 + 2000,
        "the Special job counts $0"
    );
    choose(&mut g, "declare Last Call");
    choose(&mut g, "End turn");
    assert_eq!(g.current, 1);
    let ev = choose(&mut g, "End turn");
    assert!(g.is_over());
    let settled: Vec<(u8, usize, u32, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::JobsSettled {
                seat,
                jobs,
                owed,
                paid,
            } => Some((*seat, jobs.len(), *owed, *paid)),
            _ => None,
        })
        .collect();
    assert_eq!(settled, vec![(1, 3, 5000, 5000)], "Corbin holds no jobs");
    assert_eq!(g.players[1].money, 9000);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

/// FF-WIN-2: a captain who owes more than they have pays all they have; credits do not go below
/// $0.
#[test]
fn ff_win_2_respectable_settling_stops_at_zero() {
    let mut g = scenario_with(
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 12000",
            "",
        )
        .replacen(
            "sector = \"regina\"\n",
            "sector = \"regina\"\nmoney = 1000\nhand = [\"patience-henpecked-badger\"]\n",
            1,
        ),
        RESPECTABLE,
        1,
    );
    choose(&mut g, "declare Last Call");
    choose(&mut g, "End turn");
    let ev = choose(&mut g, "End turn");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobsSettled {
            seat: 1,
            owed: 3000,
            paid: 1000,
            ..
        }
    )));
    assert_eq!(g.players[1].money, 0);
}

/// FF-WIN-2: Last Call is a story mechanism any story may use: with `declarer_plays_again`, the
/// declarer takes one more turn too, after the others.
#[test]
fn ff_win_2_last_call_where_the_declarer_plays_again() {
    let content = content_with(
        "test/story.toml",
        r#"
[[story]]
id = "one-more-round"
title = "One More Round"
source = "promo"
premise = "Everybody drinks up, the caller last."
players = [2, 4]

[story.last_call]
uses_action = false
declarer_plays_again = true

[[story.goals]]
name = "Flush"
requires = [{ kind = "money", amount = 5000 }]
"#,
    );
    let s = tabletop_firefly::scenario::Scenario::parse(&two_captains_text(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 5000",
        "",
    ))
    .unwrap();
    let mut o = Options::new(2, "one-more-round");
    o.scenario = Some(s);
    let mut g = Firefly::new_game(content, &o, 1).unwrap();
    let ev = choose(&mut g, "Declare Last Call");
    assert_eq!(last_call_declared(&ev), Some((0, vec![1, 0])));
    choose(&mut g, "End turn");
    assert_eq!(g.current, 1);
    choose(&mut g, "End turn");
    assert_eq!((g.current, still_to_play(&g)), (0, vec![0]));
    assert!(!can(&g, "Last Call"));
    choose(&mut g, "End turn");
    assert!(g.is_over());
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}
