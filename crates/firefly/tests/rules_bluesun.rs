//! Blue Sun (spec §19/§20 as the corrections at the top of §19 assign them): the left-hand board
//! section, Reaver Space and its three Reaver Cutters, Reaver Alert tokens, Moseying into a
//! Cutter's sector. Each test is a scenario played with `expansions = ["blue-sun"]`.

use tabletop_core::NewGame;
use tabletop_firefly::content::{
    AlertKind, Content, Expansion, ExpansionSet, NavDeckName, Source, Zone,
};
use tabletop_firefly::rim::NpcShip;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

/// Malcolm in Serenity (seat 0, whose turn it is) and Womack in the Yun Qi at Regina (seat 1,
/// on his right in a two-captain game), with the expansions listed.
fn rim_game(expansions: &str, top: &str, p0: &str, decks: &str) -> Firefly {
    scenario(&format!(
        "expansions = [{expansions}]\n{top}\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
         [decks]\n{decks}\n"
    ))
}

fn blue_sun(top: &str, p0: &str, decks: &str) -> Firefly {
    rim_game("\"blue-sun\"", top, p0, decks)
}

fn new_game(expansions: &[Expansion]) -> Firefly {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.expansions = expansions.to_vec();
    Firefly::new_game(c(), &o, 5).unwrap()
}

/// FF-BS-1 (corrected: Blue Sun's section goes on the LEFT), FF-BS-7: Blue Sun's 24 sectors lie
/// left of the base map, join it by links listed on both sides (no diagonals: every link joins
/// boxes that face each other), and bring Rim Space (red border, FF-BS-6).
#[test]
fn ff_bs_1_the_blue_sun_section_lies_left_of_the_base_map() {
    let centre = |s: &tabletop_firefly::content::Sector| s.layout[0] + s.layout[2] / 2;
    let base_left = c()
        .sectors
        .iter()
        .filter(|s| s.source == Source::Base)
        .map(centre)
        .min()
        .unwrap();
    let ours: Vec<_> = c()
        .sectors
        .iter()
        .filter(|s| s.source == Source::BlueSun)
        .collect();
    assert_eq!(ours.len(), 24);
    assert!(ours.iter().all(|s| centre(s) < base_left));
    assert!(ours.iter().filter(|s| s.zone == Zone::Rim).count() >= 20);
    let board = c().board(ExpansionSet::of(&[Expansion::BlueSun]));
    let rim = sector("rim-101");
    let hills = sector("three-hills");
    assert!(board.neighbours[rim as usize].contains(&hills));
    assert!(board.neighbours[hills as usize].contains(&rim));
    // A game without Blue Sun has none of it.
    let g = new_game(&[]);
    assert!(!g.board().in_play(rim));
    assert!(!g.neighbours(hills).contains(&rim));
}

/// FF-KAL-4, FF-KAL-9 (Blue Sun): Reaver Space is exactly the 3 sectors around Burnham; with Blue
/// Sun a Reaver Cutter starts in each (3 in all), none at the Firefly logo. Kalidasa alone keeps
/// the base game's one Cutter.
#[test]
fn ff_kal_4_9_three_cutters_start_in_reaver_space() {
    let reaver: Vec<_> = (0..c().sectors.len() as u16)
        .filter(|&s| c().sectors[s as usize].reaver_space)
        .collect();
    assert_eq!(
        reaver,
        vec![sector("rim-120"), sector("rim-121"), sector("rim-122")]
    );
    for s in &reaver {
        assert!(c().neighbours_anywhere(*s).contains(&sector("miranda")));
    }
    let g = new_game(&[Expansion::BlueSun]);
    assert_eq!(g.cutters.to_vec(), reaver);
    let g = new_game(&[Expansion::Kalidasa]);
    assert_eq!(&*g.cutters, [c().cutter_start]);
    let g = new_game(&[]);
    assert_eq!(&*g.cutters, [c().cutter_start]);
}

/// FF-KAL-4: each Reaver Space sector carries a permanent Reaver Alert: it counts as one token
/// when resolving, and is never removed.
#[test]
fn ff_kal_4_the_printed_reaver_alert_counts_one_and_stays() {
    // Moseying into Reaver Space (allowed past a Cutter, FF-KAL-6): a 1 calls the Reavers; none
    // can come, one is there already (FF-KAL-5). The printed Alert stays.
    let mut g = blue_sun(
        "dice = [1]\ncutters = [\"rim-121\", \"rim-122\", \"border-1\"]",
        "sector = \"rim-101\"",
        "",
    );
    assert_eq!(g.alert_count(sector("rim-120"), AlertKind::Reaver), 1);
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Rim Space 120");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AlertsRolled {
            tokens: 1,
            roll: 1,
            ..
        }
    )));
    assert_eq!(g.alert_count(sector("rim-120"), AlertKind::Reaver), 1);
    assert!(g.printed_reaver_alert(sector("rim-120")));
}

/// FF-KAL-6 (Blue Sun): a ship may Mosey into a Reaver Cutter's sector, never Full Burn or Evade
/// into it; Reaver Contact then comes when its next turn starts there (FF-TURN-2).
#[test]
fn ff_kal_6_mosey_into_a_cutters_sector() {
    let mut g = blue_sun("dice = [6]", "sector = \"rim-101\"", "");
    let cutter = sector("rim-120");
    assert!(g.has_cutter(cutter));
    assert!(!g
        .enterable(&g.players[0], sector("rim-101"))
        .any(|s| s == cutter));
    choose(&mut g, "Mosey");
    assert!(can(&g, "Move to Rim Space 120"));
    choose(&mut g, "Move to Rim Space 120");
    assert_eq!(g.players[0].sector, cutter);
    choose(&mut g, "End turn");
    let ev = choose(&mut g, "End turn");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReaverContact { seat: 0 }
    )));

    // Without Blue Sun (the base game's one Cutter) a Mosey cannot go there either.
    let mut g = rim_game("", "cutter = \"border-10\"", "sector = \"persephone\"", "");
    choose(&mut g, "Mosey");
    assert!(!can(&g, "Move to Border Space 10"));
}

/// FF-KAL-10 (Blue Sun): each time a Reaver Cutter moves it leaves a Reaver Alert token in the
/// sector it left; tokens pile up. FF-KAL-15: "Reavers on the Hunt" is moved by the player on
/// the drawer's right, who chooses which Cutter. FF-KAL-5: never into another Cutter's sector.
#[test]
fn ff_kal_10_15_5_a_moving_cutter_leaves_a_reaver_alert() {
    let mut g = blue_sun(
        "dice = [6]\ncutters = [\"border-1\", \"border-2\", \"rim-122\"]",
        "sector = \"persephone\"",
        &nav_deck("border", "reavers-on-the-hunt-border-blue-sun"),
    );
    full_burn_into(&mut g, "Border Space 10");
    assert_eq!(
        g.actor, 1,
        "the player on the drawer's right moves a Cutter"
    );
    let picks: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::PickShip(NpcShip::Cutter(_))))
        .collect();
    assert_eq!(picks.len(), 3, "{:?}", menu(&g));
    choose(&mut g, "Move the Reaver Cutter at Border Space 1");
    // Border Space 1 neighbours Border Space 2, which holds a Cutter: not a destination.
    assert!(!can(&g, "Move to Border Space 2"));
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(happened(&ev, |e| matches!(e, Event::CutterMoved { .. })));
    assert_eq!(g.alerts_at(sector("border-1")).reaver, 1);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AlertPlaced {
            kind: AlertKind::Reaver,
            ..
        }
    )));
}

/// FF-KAL-12 (1..5), FF-KAL-13, FF-BS-10: Full Burning into a sector with Reaver Alert tokens,
/// they are resolved before the Nav card: one unmodified die; on a roll up to the number of
/// tokens the player on the right picks a Cutter and moves it in. No Reaver Contact follows at
/// once: the Nav card is drawn and the Fly may go on. The tokens are removed whatever the roll.
#[test]
fn ff_kal_12_13_reaver_alert_tokens_on_a_full_burn() {
    let mut g = blue_sun(
        "dice = [2]\nalerts = [{ sector = \"border-10\", reaver = 2 }]",
        "sector = \"persephone\"",
        &nav_deck("border", "the-big-black-border"),
    );
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AlertsRolled {
            tokens: 2,
            roll: 2,
            ..
        }
    )));
    assert!(!happened(&ev, |e| matches!(e, Event::NavDrawn { .. })));
    assert_eq!(g.actor, 1, "the player on the right picks the Cutter");
    assert!(can(
        &g,
        "Send the Reaver Cutter at Rim Space 121 to the Alert"
    ));
    let ev = choose(
        &mut g,
        "Send the Reaver Cutter at Rim Space 121 to the Alert",
    );
    assert!(g.has_cutter(sector("border-10")));
    assert!(!happened(&ev, |e| matches!(e, Event::ReaverContact { .. })));
    assert_eq!(nav_drawn(&g, &ev), vec!["the-big-black-border".to_string()]);
    assert_eq!(g.alerts_at(sector("border-10")).reaver, 0);
    // The Cutter left Reaver Space: a token beside the printed Alert (FF-KAL-10).
    assert_eq!(g.alert_count(sector("rim-121"), AlertKind::Reaver), 2);
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "{:?}", g.phase);
}

/// FF-BS-10, FF-BS-11: Alert tokens are resolved on a Mosey too; the roll is no Test (no
/// bribes, no crew, nothing to decide) and on a roll over the tokens nothing comes; the tokens
/// are removed anyway.
#[test]
fn ff_bs_10_11_a_mosey_resolves_the_tokens_with_a_bare_die() {
    let mut g = blue_sun(
        "dice = [3]\nalerts = [{ sector = \"border-10\", reaver = 2 }]",
        "sector = \"persephone\"\nmoney = 5000",
        "",
    );
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AlertsRolled { roll: 3, .. }
    )));
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::Rolled { .. } | Event::CutterMoved { .. }
    )));
    assert_eq!(g.alerts_at(sector("border-10")).reaver, 0);
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].money, 5000);
}

/// FF-KAL-14: if an Alert brought a Cutter into your sector and you then draw the "Reaver
/// Cutter" Nav card, no other Cutter comes: the card is resolved at once with the one there.
#[test]
fn ff_kal_14_no_second_cutter_comes() {
    let mut g = blue_sun(
        "dice = [1, 6, 6]\nalerts = [{ sector = \"border-10\", reaver = 1 }]",
        "sector = \"persephone\"\ncrew = [{ card = \"jayne\" }]",
        "nav-border = [\"reaver-cutter-border-blue-sun\"]",
    );
    full_burn_into(&mut g, "Border Space 10");
    let ev = choose(
        &mut g,
        "Send the Reaver Cutter at Rim Space 120 to the Alert",
    );
    assert_eq!(
        count(&ev, |e| matches!(e, Event::CutterMoved { .. })),
        1,
        "only the Alert's Cutter moved"
    );
    assert_eq!(g.cutters.len(), 3);
    assert!(happened(&ev, |e| matches!(e, Event::Rolled { .. })));
}

/// FF-KAL-15: the "Reaver Cutter" Nav card's drawer chooses which of the Cutters comes.
#[test]
fn ff_kal_15_the_drawer_picks_the_cutter_of_the_reaver_cutter_card() {
    let mut g = blue_sun(
        "dice = [6, 6]",
        "sector = \"persephone\"\ncrew = [{ card = \"jayne\" }]",
        "nav-border = [\"reaver-cutter-border-blue-sun\"]",
    );
    full_burn_into(&mut g, "Border Space 10");
    assert_eq!(g.actor, 0);
    assert!(can(&g, "Move the Reaver Cutter at Rim Space 122"));
    choose(&mut g, "Move the Reaver Cutter at Rim Space 122");
    assert_eq!(g.cutters[2], sector("border-10"));
}

/// FF-KAL-2 (Blue Sun): Blue Sun takes 1 "Reaver Cutter", 1 "Reaver Bait" and 8 "Reavers on the
/// Hunt" out of the Border deck and adds its own 10 Border cards (content/blue-sun/nav.toml: 5
/// "Reavers on the Hunt", 3 "Reavers Dead Ahead!", a "Reaver Bait" and a "Reaver Cutter"), so
/// the Border deck keeps 40 cards and one RESHUFFLE card.
#[test]
fn ff_kal_2_blue_sun_replaces_ten_border_cards() {
    let content = c();
    let count_of = |set: ExpansionSet, id: &str| {
        content
            .nav_deck_cards(set)
            .into_iter()
            .filter(|&k| content.nav_def(k).id == id)
            .count()
    };
    let border = |set: ExpansionSet| {
        let cards: Vec<_> = content
            .nav_deck_cards(set)
            .into_iter()
            .filter(|&k| content.nav_def(k).deck == NavDeckName::Border)
            .collect();
        let reshuffles = cards
            .iter()
            .filter(|&&k| content.nav_def(k).reshuffle)
            .count();
        (cards.len(), reshuffles)
    };
    let none = ExpansionSet::default();
    let bs = ExpansionSet::of(&[Expansion::BlueSun]);
    assert_eq!(count_of(none, "reavers-on-the-hunt"), 8);
    assert_eq!(count_of(none, "reaver-bait"), 1);
    assert_eq!(count_of(none, "reaver-cutter"), 1);
    assert_eq!(count_of(none, "reavers-dead-ahead"), 0);
    assert_eq!(count_of(bs, "reavers-on-the-hunt"), 0);
    assert_eq!(count_of(bs, "reaver-bait"), 0);
    assert_eq!(count_of(bs, "reaver-cutter"), 0);
    assert_eq!(count_of(bs, "reavers-on-the-hunt-border-blue-sun"), 5);
    assert_eq!(count_of(bs, "reavers-dead-ahead"), 3);
    assert_eq!(count_of(bs, "reaver-bait-blue-sun"), 1);
    assert_eq!(count_of(bs, "reaver-cutter-border-blue-sun"), 1);
    assert_eq!(count_of(bs, "the-big-black-border"), 18);
    assert_eq!(border(none), (40, 1));
    assert_eq!(border(bs), (40, 1));
}

/// FF-KAL-2, FF-KAL-15 (Blue Sun): "Reavers Dead Ahead!", one of Blue Sun's replacement Border
/// cards: the player on the drawer's right moves a Reaver Cutter of their choice into a sector
/// next to the drawer's that holds no Firefly; the drawer keeps flying.
#[test]
fn ff_kal_2_reavers_dead_ahead() {
    let mut g = blue_sun(
        "cutters = [\"border-1\", \"rim-121\", \"rim-122\"]",
        "sector = \"persephone\"",
        &nav_deck("border", "reavers-dead-ahead"),
    );
    full_burn_into(&mut g, "Border Space 10");
    assert_eq!(g.actor, 1, "the player on the drawer's right moves it");
    choose(&mut g, "Move the Reaver Cutter at Border Space 1");
    let here = g.players[0].sector;
    let to: Vec<Action> = legal(&g);
    assert!(!to.is_empty());
    for a in &to {
        let Action::MoveTo(s) = a else {
            panic!("{a:?}")
        };
        assert!(g.neighbours(here).contains(s), "next to the drawer");
        assert!(g.players.iter().all(|p| p.sector != *s), "no Firefly there");
    }
    let Action::MoveTo(s) = to[0] else {
        unreachable!()
    };
    act(&mut g, to[0]);
    assert_eq!(g.cutters[0], s);
    assert_eq!(g.actor, 0);
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "Keep Flying");
}

/// FF-BS-6: a Full Burn into a red-bordered sector draws from the Rim Space deck (a test card of
/// Blue Sun's Rim deck here).
#[test]
fn ff_bs_6_rim_space_draws_the_rim_deck() {
    let content = content_with(
        "blue-sun/test-rim.toml",
        "[[nav]]\nid = \"test-rim-drift\"\nname = \"Test Drift\"\ndeck = \"rim\"\n\
         source = \"blue-sun\"\ncopies = 3\n[[nav.options]]\nname = \"Keep Flying\"\n\
         ends = \"keep-flying\"\n",
    );
    let mut g = scenario_on(
        content,
        "expansions = [\"blue-sun\"]\n[[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n\
         sector = \"three-hills\"\n[[player]]\nleader = \"womack\"\nship = \"yun-qi\"\n\
         sector = \"regina\"\n[decks]\nnav-rim = [\"test-rim-drift\"]\n",
    );
    let ev = full_burn_into(&mut g, "Rim Space 101");
    assert_eq!(nav_drawn(&g, &ev), vec!["test-rim-drift".to_string()]);
}

/// FF-MISC-12 (Blue Sun): credits may be given to another captain at any time, even in another
/// sector, with no action; anything else still needs both ships in one sector (FF-TRADE-1).
#[test]
fn ff_misc_12_credits_go_anywhere() {
    let mut g = blue_sun("", "sector = \"persephone\"\nmoney = 1200", "");
    assert_ne!(g.players[0].sector, g.players[1].sector);
    assert!(!can(&g, "Trade with"));
    let womack = g.players[1].money;
    choose(&mut g, "Give $1,000 to captain 2");
    assert_eq!(g.players[0].money, 200);
    assert_eq!(g.players[1].money, womack + 1000);
    assert_eq!(g.turn.taken, 0, "no action used");
    assert!(!can(&g, "Give $500"), "only what you have");
    // Without Blue Sun, credits go only in a trade.
    let g = rim_game("", "", "sector = \"persephone\"", "");
    assert!(!can(&g, "Give $"));
}

/// FF-KAL-7 (Blue Sun): a job set in the Uroboros Belt may be started in any of the 4 sectors
/// picturing its asteroids. FF-KAL-8: those sectors are not planetary sectors unless a named
/// planet is there, so planet-only actions (Make-Work) are not offered in the empty ones.
#[test]
fn ff_kal_7_8_uroboros_belt_jobs() {
    let belt: Vec<u16> = (0..c().sectors.len() as u16)
        .filter(|&s| c().sectors[s as usize].uroboros)
        .collect();
    assert_eq!(belt.len(), 4);
    let job = "[[job]]\nid = \"test-belt-ore\"\nname = \"Belt Ore\"\ncontact = \"harken\"\n\
               source = \"blue-sun\"\ntypes = [\"shipping\"]\npay = 1000\nsteps = [\
               { kind = \"pick-up\", at = \"deadwood\", uroboros_belt = true, \
               items = [{ item = \"cargo\", amount = 1 }] }, \
               { kind = \"drop-off\", at = \"three-hills\", items = [{ item = \"cargo\", amount = 1 }] }]\n";
    let content = content_with("blue-sun/test-belt.toml", job);
    let text = |at: &str| {
        format!(
            "expansions = [\"blue-sun\"]\n[[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n\
             sector = \"{at}\"\nhand = [\"test-belt-ore\"]\n[[player]]\nleader = \"womack\"\n\
             ship = \"yun-qi\"\nsector = \"regina\"\n"
        )
    };
    // rim-113 pictures the asteroids and has no planet: the job starts there; Make-Work not.
    let g = scenario_on(content, &text("rim-113"));
    assert!(can(&g, "Belt Ore"), "{:?}", menu(&g));
    assert!(!can(&g, "Make-Work"));
    // Deadwood, the sector printed, too; a sector outside the belt not.
    assert!(can(&scenario_on(content, &text("deadwood")), "Belt Ore"));
    assert!(!can(&scenario_on(content, &text("rim-110")), "Belt Ore"));
    // A job step in the belt must name one of its sectors.
    let bad = job.replace("at = \"deadwood\"", "at = \"meridian\"");
    let mut files = tabletop_firefly::content::ContentFiles::builtin();
    files.files.push(("blue-sun/test-belt.toml".into(), bad));
    let err = Content::load(&files).unwrap_err();
    assert!(err.message.contains("Uroboros"), "{err}");
}

/// FF-BS-17: a Long-Range Scanner Array resolves the Alert tokens of an adjacent sector at any
/// time during the Fly action, without interrupting it; a ship they call goes to that sector.
#[test]
fn ff_bs_17_the_long_range_scanner_array() {
    let text = |upgrades: &str| {
        format!(
            "expansions = [\"blue-sun\"]\ndice = [1]\n\
             alerts = [{{ sector = \"border-10\", reaver = 1 }}]\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\n\
             upgrades = [{upgrades}]\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n"
        )
    };
    let mut g = scenario(&text("\"long-range-scanner-array\""));
    assert!(
        !can(&g, "Long-Range Scanner: resolve"),
        "only during a Fly action"
    );
    choose(&mut g, "Mosey");
    let ev = choose(
        &mut g,
        "Long-Range Scanner: resolve the Alert tokens at Border Space 10",
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Scanned { seat: 0, .. }
    )));
    choose(
        &mut g,
        "Send the Reaver Cutter at Rim Space 120 to the Alert",
    );
    assert!(g.has_cutter(sector("border-10")));
    assert_eq!(g.players[0].sector, sector("persephone"));
    assert!(
        matches!(g.phase, Phase::Mosey { moved: 0, .. }),
        "the Mosey goes on: {:?}",
        g.phase
    );
    assert!(can(&g, "Move to"));
    // Without the upgrade, no scanning.
    let mut g = scenario(&text(""));
    choose(&mut g, "Mosey");
    assert!(!can(&g, "Long-Range Scanner: resolve"));
}

/// FF-BS-20, FF-BS-21: while Solid with Lord Harrow, a Deal with him may buy Cargo at $300 each,
/// as much as you like. FF-BS-22: and every Shipping or Smuggling job you complete pays $500
/// more (any such job, judged), as part of its pay.
#[test]
fn ff_bs_20_21_22_lord_harrow() {
    let mut g = blue_sun(
        "",
        "sector = \"highgate\"\nmoney = 1000\nsolid = [\"lord-harrow\"]",
        "",
    );
    choose(&mut g, "Deal");
    while !can(&g, "Buy 1 Cargo") {
        choose(&mut g, "Done");
    }
    choose(&mut g, "Buy 1 Cargo");
    choose(&mut g, "Buy 1 Cargo");
    choose(&mut g, "Buy 1 Cargo");
    assert_eq!(g.players[0].money, 100);
    assert_eq!(g.players[0].item(tabletop_firefly::content::Item::Cargo), 3);
    assert!(!can(&g, "Buy 1 Cargo"), "no more money");

    // Harken's Shipping job: $600, and $500 more while Solid with Lord Harrow.
    let done = |solid: &str| {
        let mut g = scenario(&format!(
            "expansions = [\"blue-sun\"]\n[[player]]\nleader = \"corbin\"\nship = \"serenity\"\n\
             sector = \"albion\"\ncargo = 2\nsolid = [{solid}]\n\
             active = [{{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }}]\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n"
        ));
        choose(&mut g, "Cargo Delivery");
        choose(&mut g, "Done");
        g.players[0].money
    };
    assert_eq!(done(""), 3600);
    assert_eq!(done("\"lord-harrow\""), 4100);
}
