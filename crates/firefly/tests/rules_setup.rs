//! Set-up (FF-SETUP): the board, the decks, picking Leaders and ships, placing the Fireflies,
//! the Story Card, starting supplies and jobs, and Priming the Pump.

use std::collections::BTreeSet;

use tabletop_core::{Actor, Chance, Game, NewGame, Seat};
use tabletop_firefly::content::*;
use tabletop_firefly::testing::*;
use tabletop_firefly::turn::{first_pick_roll, SetupError};
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

fn new(players: u8, seed: u64) -> Firefly {
    Firefly::new_game(c(), &Options::new(players, DEFAULT_STORY), seed).unwrap()
}

fn seat(g: &Firefly) -> Seat {
    match g.actor() {
        Actor::Seat(s) => s,
        Actor::Over => panic!("over"),
    }
}

/// Pick the first Leader and ship offered for everyone, then place the ships in the first free
/// sectors; returns the seats in the order they picked and placed.
fn pick_and_place(g: &mut Firefly) -> (Vec<Seat>, Vec<Seat>) {
    let mut picked = Vec::new();
    while g.phase == Phase::ChooseLeader {
        picked.push(seat(g));
        let a = legal(g)[0];
        act(g, a);
        assert_eq!(g.phase, Phase::ChooseShip);
        assert_eq!(
            seat(g),
            *picked.last().unwrap(),
            "the same player picks the ship"
        );
        let a = legal(g)[0];
        act(g, a);
    }
    let mut placed = Vec::new();
    while g.phase == Phase::PlaceShip {
        placed.push(seat(g));
        let a = legal(g)[0];
        act(g, a);
    }
    (picked, placed)
}

/// FF-SETUP-1: the board is laid out: every base sector, with symmetric adjacency.
#[test]
fn ff_setup_1_the_board_is_laid_out() {
    assert_eq!(
        c().sectors
            .iter()
            .filter(|s| s.source == Source::Base)
            .count(),
        100
    );
    for (s, ns) in c().neighbours.iter().enumerate() {
        for &n in ns {
            assert!(c().neighbours[n as usize].contains(&(s as SectorId)));
        }
    }
}

/// FF-SETUP-2: with 3 or more players the two RESHUFFLE cards, "Alliance Cruiser" and "Reaver
/// Cutter", start face up in their own decks' discard piles.
#[test]
fn ff_setup_2_with_three_players_reshuffle_cards_start_in_the_discards() {
    for n in [3u8, 4] {
        let g = new(n, 7);
        for (d, id) in [(0usize, "alliance-cruiser"), (1, "reaver-cutter")] {
            let deck = &g.decks.nav[d];
            let discards: Vec<&str> = deck
                .discard_pile()
                .iter()
                .map(|&x| c().nav_def(x).id.as_str())
                .collect();
            assert_eq!(discards, vec![id], "{n} players");
            assert_eq!(deck.draw_len(), 39);
            assert!(!deck.draw_pile().iter().any(|&x| c().nav_def(x).reshuffle));
        }
    }
}

/// FF-SETUP-3: with 1 or 2 players the RESHUFFLE cards stay shuffled in their decks.
#[test]
fn ff_setup_3_with_two_players_reshuffle_cards_stay_in_the_decks() {
    let g = new(2, 7);
    for d in 0..2 {
        let deck = &g.decks.nav[d];
        assert_eq!(deck.discard_len(), 0);
        assert_eq!(deck.draw_len(), 40);
        assert_eq!(
            deck.draw_pile()
                .iter()
                .filter(|&&x| c().nav_def(x).reshuffle)
                .count(),
            1
        );
    }
}

/// FF-SETUP-4: the Contact, Supply, Nav and Misbehave decks are shuffled (a seed fixes the
/// order; another seed gives another order).
#[test]
fn ff_setup_4_the_decks_are_shuffled() {
    let (a, b, a2) = (new(2, 1), new(2, 2), new(2, 1));
    let differs = |f: &dyn Fn(&Firefly) -> Vec<u16>| {
        assert_eq!(f(&a), f(&a2), "the same seed deals the same order");
        assert_ne!(f(&a), f(&b));
    };
    differs(&|g| g.decks.supply[0].draw_pile().to_vec());
    differs(&|g| {
        g.decks.contacts[ContactName::Harken.index()]
            .draw_pile()
            .to_vec()
    });
    differs(&|g| g.decks.nav[0].draw_pile().to_vec());
    differs(&|g| g.decks.nav[1].draw_pile().to_vec());
    differs(&|g| g.decks.misbehave.draw_pile().to_vec());
    // Not in the content's order either.
    let printed: Vec<u16> = c().supply_decks[0].cards.clone();
    assert_ne!(a.decks.supply[0].draw_pile(), &printed[..]);
}

/// FF-SETUP-5, FF-SETUP-6: the Alliance Cruiser starts at Londinium, the Alliance capital; the
/// Reaver Cutter at the sector with the "Firefly" logo.
#[test]
fn ff_setup_5_6_cruiser_at_londinium_and_cutter_at_the_firefly_logo() {
    let g = new(3, 5);
    assert_eq!(g.cruiser, sector("londinium"));
    assert!(c().sectors[g.cruiser as usize].alliance_capital);
    assert_eq!(g.cutters[0], sector("border-1"));
    assert!(c().sectors[g.cutters[0] as usize].firefly_logo);
}

/// FF-SETUP-7: every Set Up card is face up for the picking: the first player may pick any
/// Leader and any ship.
#[test]
fn ff_setup_7_all_set_up_cards_are_available() {
    let mut g = new(4, 5);
    let leaders: BTreeSet<u16> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::ChooseLeader(l) => Some(l),
            _ => None,
        })
        .collect();
    // Every Leader of the products in play (the base game's here).
    let base: BTreeSet<u16> = c()
        .leaders
        .iter()
        .copied()
        .filter(|&l| c().crew[l as usize].source == tabletop_firefly::content::Source::Base)
        .collect();
    assert_eq!(leaders, base);
    let a = legal(&g)[0];
    act(&mut g, a);
    // Every Ship Card of the products in play (the base game's here).
    let ships = c()
        .ships
        .iter()
        .filter(|s| s.source == tabletop_firefly::content::Source::Base)
        .count();
    assert_eq!(legal(&g).len(), ships);
}

/// FF-SETUP-8: the highest roller picks first; judged: tied highest rollers roll again among
/// themselves.
#[test]
fn ff_setup_8_highest_roller_picks_first_and_ties_roll_again() {
    let mut ch = Chance::new(0);
    ch.script_d6([3, 5, 2, 4]);
    let (first, rounds) = first_pick_roll(&mut ch, 4);
    assert_eq!(first, 1);
    assert_eq!(rounds.len(), 1);

    // Seats 0 and 2 tie on 6; they alone roll again: 2 then 5 → seat 2.
    let mut ch = Chance::new(0);
    ch.script_d6([6, 1, 6, 4, 2, 5]);
    let (first, rounds) = first_pick_roll(&mut ch, 4);
    assert_eq!(first, 2);
    assert_eq!(
        rounds,
        vec![vec![(0, 6), (1, 1), (2, 6), (3, 4)], vec![(0, 2), (2, 5)]]
    );
    assert_eq!(ch.scripted_remaining(), 0);

    // In a game, the first picker is the first to choose a Leader.
    for seed in 0..10 {
        let g = new(3, seed);
        assert_eq!(g.phase, Phase::ChooseLeader);
        assert_eq!(seat(&g), g.pick_order[0]);
    }
}

/// FF-SETUP-9: choosing passes to the left: each player in turn picks a Leader, then a Ship
/// Card with its starting Drive Core; cards picked are gone.
#[test]
fn ff_setup_9_picking_passes_to_the_left() {
    let mut g = new(4, 9);
    let first = g.pick_order[0];
    let mut taken = Vec::new();
    for k in 0..4u8 {
        assert_eq!(seat(&g), (first + k) % 4, "passes to the left");
        let Action::ChooseLeader(l) = legal(&g)[0] else {
            panic!()
        };
        assert!(!taken.contains(&l));
        act(&mut g, Action::ChooseLeader(l));
        taken.push(l);
        let ships = legal(&g);
        assert_eq!(ships.len(), 4 - k as usize, "a ship picked is gone");
        let Action::ChooseShip(s) = ships[0] else {
            panic!()
        };
        act(&mut g, Action::ChooseShip(s));
        let p = g.player((first + k) % 4);
        assert_eq!(p.ship, s);
        // The ship's starting Drive Core goes in its Main Drive slot.
        assert_eq!(
            p.drive_core,
            tabletop_firefly::state::DriveCoreCard::Starting(c().ship_cores[s as usize])
        );
    }
    assert_eq!(g.phase, Phase::PlaceShip);
}

/// FF-SETUP-10, FF-SETUP-11, FF-SETUP-12: the last to pick places first, the others in reverse
/// picking order; never in a sector holding another Firefly; the first to pick takes the first
/// turn, and play goes to the left.
#[test]
fn ff_setup_10_11_12_placement_order_and_first_turn() {
    let mut g = new(4, 21);
    let (picked, _) = {
        let mut picked = Vec::new();
        while g.phase == Phase::ChooseLeader {
            picked.push(seat(&g));
            let a = legal(&g)[0];
            act(&mut g, a);
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        (picked, ())
    };
    let mut placed = Vec::new();
    let spot = sector("persephone");
    while g.phase == Phase::PlaceShip {
        placed.push(seat(&g));
        if placed.len() == 1 {
            act(&mut g, Action::PlaceShip(spot));
        } else {
            assert!(
                !legal(&g).contains(&Action::PlaceShip(spot)),
                "FF-SETUP-11: another Firefly is there"
            );
            let a = legal(&g)[0];
            act(&mut g, a);
        }
    }
    let mut reverse = picked.clone();
    reverse.reverse();
    assert_eq!(placed, reverse, "FF-SETUP-10");
    // Starting jobs, then the first turn goes to the first picker (FF-SETUP-12).
    while g.phase == Phase::StartingJobs {
        while !can(&g, "Done") {
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        choose(&mut g, "Done");
    }
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.current, picked[0]);
    let ev = choose(&mut g, "End turn");
    assert!(happened(
        &ev,
        |e| matches!(e, Event::TurnStarted { seat, .. } if *seat == (picked[0] + 1) % 4)
    ));
}

/// FF-SETUP-11 (judged with FF-FLY-12): a Firefly may not be placed in the Reaver Cutter's
/// sector, since no ship may enter it.
#[test]
fn ff_setup_11_no_placing_with_the_cutter() {
    let mut g = new(2, 3);
    pick_and_place_until_placing(&mut g);
    assert!(!legal(&g).contains(&Action::PlaceShip(g.cutters[0])));
    assert!(legal(&g).contains(&Action::PlaceShip(g.cruiser)));
}

fn pick_and_place_until_placing(g: &mut Firefly) {
    while g.phase != Phase::PlaceShip {
        let a = legal(g)[0];
        act(g, a);
    }
}

/// FF-SETUP-13, FF-SETUP-22: one Story Card is chosen for the game (by the options); the others
/// are not used; its set-up changes apply (First Time in the Captain's Chair deals starting jobs
/// only from Harken and Amnon Duul).
#[test]
fn ff_setup_13_22_one_story_card_with_its_set_up_changes() {
    let err = Firefly::new_game(c(), &Options::new(2, "No Such Story"), 1).unwrap_err();
    assert!(matches!(err, SetupError::Story(_)));
    let mut g = Firefly::new_game(
        c(),
        &Options::new(2, "First Time in the Captain's Chair"),
        1,
    )
    .unwrap();
    assert_eq!(g.story_def().title, "First Time in the Captain's Chair");
    let (_, _) = pick_and_place(&mut g);
    assert_eq!(g.phase, Phase::StartingJobs);
    for p in &g.players {
        let from: BTreeSet<ContactName> = p
            .hand
            .iter()
            .map(|&j| c().jobs[j as usize].contact.unwrap())
            .collect();
        assert_eq!(p.hand.len(), 2);
        assert_eq!(
            from,
            [ContactName::Harken, ContactName::AmnonDuul]
                .into_iter()
                .collect()
        );
    }
    // "Planetary Sector" means a sector with a planet (FF-MISC-17).
    assert!(!c().sectors[sector("persephone") as usize]
        .planets
        .is_empty());
}

/// FF-SETUP-14: "The King of All Londinium" is the recommended first story: it is the default.
#[test]
fn ff_setup_14_the_king_of_all_londinium_is_the_default_story() {
    assert_eq!(DEFAULT_STORY, "the-king-of-all-londinium");
    assert!(c().story(DEFAULT_STORY).is_some());
}

/// FF-SETUP-15: every player starts with $3,000, 6 Fuel and 2 Parts, aboard.
#[test]
fn ff_setup_15_starting_supplies() {
    let g = new(4, 2);
    for p in &g.players {
        assert_eq!(p.money, 3000);
        assert_eq!(p.item(Item::Fuel), 6);
        assert_eq!(p.item(Item::Parts), 2);
        assert_eq!(p.item(Item::Cargo) + p.item(Item::Contraband), 0);
    }
}

/// FF-SETUP-16: each player takes one job from each Contact deck (5) and discards down to 3,
/// freely; discarded jobs go to their Contact's discard pile.
#[test]
fn ff_setup_16_five_starting_jobs_discard_down_to_three() {
    let mut g = new(3, 4);
    pick_and_place(&mut g);
    assert_eq!(g.phase, Phase::StartingJobs);
    for p in &g.players {
        assert_eq!(p.hand.len(), 5);
        let from: BTreeSet<ContactName> = p
            .hand
            .iter()
            .map(|&j| c().jobs[j as usize].contact.unwrap())
            .collect();
        assert_eq!(from.len(), 5, "one from each Contact");
    }
    let first = g.pick_order[0];
    assert_eq!(seat(&g), first);
    assert!(!can(&g, "Done"), "5 jobs: must discard down to 3");
    let hand = g.player(first).hand;
    let ev = act(&mut g, Action::DiscardJob(hand[0]));
    assert!(happened(&ev, |e| matches!(e, Event::JobDiscarded { .. })));
    let k = c().jobs[hand[0] as usize].contact.unwrap();
    assert_eq!(g.decks.contacts[k.index()].top_discard(), Some(hand[0]));
    act(&mut g, Action::DiscardJob(hand[1]));
    assert!(can(&g, "Done"));
    // Discarding more than required is allowed ("freely").
    act(&mut g, Action::DiscardJob(hand[2]));
    assert_eq!(g.player(first).hand.len(), 2);
    choose(&mut g, "Done");
    assert_eq!(seat(&g), g.pick_order[1], "then the next player");
}

/// FF-SETUP-17: the first-game variant deals one job from each of Harken, Amnon Duul and
/// Patience only.
#[test]
fn ff_setup_17_first_game_variant_deals_three_jobs() {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.first_game = true;
    let mut g = Firefly::new_game(c(), &o, 8).unwrap();
    pick_and_place(&mut g);
    for p in &g.players {
        let from: BTreeSet<ContactName> = p
            .hand
            .iter()
            .map(|&j| c().jobs[j as usize].contact.unwrap())
            .collect();
        assert_eq!(
            from,
            [
                ContactName::Harken,
                ContactName::AmnonDuul,
                ContactName::Patience
            ]
            .into_iter()
            .collect()
        );
        assert_eq!(p.hand.len(), 3);
    }
    assert!(can(&g, "Done"), "3 jobs: nothing to discard");
}

/// FF-SETUP-18, FF-SETUP-19: after the Story Card and the starting jobs, Priming the Pump turns
/// the top 3 cards of each Supply deck face up onto its discard pile.
#[test]
fn ff_setup_18_19_priming_the_pump_comes_last() {
    let mut g = new(2, 6);
    pick_and_place(&mut g);
    assert_eq!(g.phase, Phase::StartingJobs);
    let tops: Vec<Vec<u16>> = g
        .decks
        .supply
        .iter()
        .map(|d| d.draw_pile().iter().rev().take(3).copied().collect())
        .collect();
    for d in &g.decks.supply {
        assert_eq!(d.discard_len(), 0, "not primed before the starting jobs");
    }
    while g.phase == Phase::StartingJobs {
        while !can(&g, "Done") {
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        choose(&mut g, "Done");
    }
    // The decks of expansions not in play (Meridian, Beaumonde) are empty.
    for (d, top) in g.decks.supply.iter().zip(tops) {
        if top.is_empty() {
            assert_eq!(d.discard_len() + d.draw_len(), 0);
            continue;
        }
        assert_eq!(d.discard_len(), 3);
        assert_eq!(d.draw_len(), 22);
        let mut shown: Vec<u16> = d.discard_pile().to_vec();
        shown.reverse();
        let mut want = top.clone();
        want.sort();
        shown.sort();
        assert_eq!(shown, want, "the top 3 cards");
    }
}

/// FF-SETUP-20: the base game has no Bounty deck: set-up lays out only Supply, Contact, Nav and
/// Misbehave decks.
#[test]
fn ff_setup_20_no_bounty_deck_in_the_base_game() {
    let g = new(2, 6);
    let cards = g.decks.supply.iter().map(|d| d.draw_len()).sum::<usize>()
        + g.decks.contacts.iter().map(|d| d.draw_len()).sum::<usize>()
        + g.decks
            .nav
            .iter()
            .map(|d| d.draw_len() + d.discard_len())
            .sum::<usize>()
        + g.decks.misbehave.draw_len();
    assert_eq!(cards, 125 + 125 + 80 + 40);
}

/// FF-SETUP-21: every Job card of the content with a Contact is shuffled into its Contact's deck
/// when its product is in play (and its sectors on the board, FF-KAL-19); with both Rim
/// expansions, every one of theirs; with Breakin' Atmo, its 25 for the base Contacts.
#[test]
fn ff_setup_21_every_contact_job_is_in_its_deck() {
    use tabletop_firefly::content::{Expansion, Source};
    for expansions in [
        vec![],
        vec![Expansion::BlueSun, Expansion::Kalidasa],
        vec![Expansion::BreakinAtmo],
    ] {
        let mut o = Options::new(2, DEFAULT_STORY);
        o.expansions = expansions.clone();
        let g = Firefly::new_game(c(), &o, 6).unwrap();
        for (j, job) in c().jobs.iter().enumerate() {
            if let Some(k) = job.contact {
                let dealt = g.decks.contacts[k.index()]
                    .draw_pile()
                    .contains(&(j as JobId))
                    || g.players.iter().any(|p| p.hand.contains(&(j as JobId)));
                let in_play = job.source == Source::Base || o.expansion_set().includes(job.source);
                assert_eq!(dealt, in_play, "{}", job.id);
            }
        }
    }
}
