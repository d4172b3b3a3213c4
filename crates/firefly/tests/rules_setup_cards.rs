//! Set Up cards (FF-BS-5, FF-SETUP-22): a card chosen beside the Story Card changes steps of the
//! set-up (and rules that last all game). Blue Sun's "Awful Crowded in My Sky" and Kalidasa's
//! "Clearer Skies, Better Days" (content/*/setup.toml).

use tabletop_core::{Game, NewGame};
use tabletop_firefly::content::{AlertKind, ContactName, Content, Expansion, Zone};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

fn game(players: u8, expansions: &[Expansion], card: Option<&str>, seed: u64) -> Firefly {
    let mut o = Options::new(players, DEFAULT_STORY);
    o.expansions = expansions.to_vec();
    o.setup_card = card.map(str::to_string);
    Firefly::new_game(c(), &o, seed).unwrap()
}

/// Play the set-up with the first legal choice of each seat, up to the starting jobs.
fn through_placement(g: &mut Firefly) -> Vec<Event> {
    let mut ev = Vec::new();
    while !matches!(g.phase, Phase::StartingJobs) {
        let a = legal(g)[0];
        ev.extend(act(g, a));
    }
    ev
}

/// FF-BS-5: a Set Up card goes with the Story Card by id or by name; one of an expansion needs
/// it in play; an unknown one is refused with a clear reason.
#[test]
fn ff_bs_5_a_set_up_card_is_chosen_beside_the_story() {
    let g = game(2, &[Expansion::BlueSun], Some("Awful Crowded in My Sky"), 1);
    assert_eq!(
        g.setup_card_def().map(|s| s.id.as_str()),
        Some("awful-crowded-in-my-sky")
    );
    let mut o = Options::new(2, DEFAULT_STORY);
    o.setup_card = Some("awful-crowded-in-my-sky".into());
    let e = Firefly::new_game(c(), &o, 1).unwrap_err().to_string();
    assert!(e.contains("--expansions blue-sun"), "{e}");
    o.setup_card = Some("no such card".into());
    let e = Firefly::new_game(c(), &o, 1).unwrap_err().to_string();
    assert!(e.contains("no Set Up card"), "{e}");
    // Without one, the standard set-up (FF-SETUP-2): with 3 players the RESHUFFLE cards start in
    // the discard piles.
    let g = game(3, &[], None, 1);
    assert!(g.decks.nav[0].discard_len() > 0);
    // The options say which card, in saves and JSON.
    let json = serde_json::to_string(&o).unwrap();
    assert!(json.contains("\"setup_card\""), "{json}");
    let base = serde_json::to_string(&Options::new(2, DEFAULT_STORY)).unwrap();
    assert!(!base.contains("setup_card"), "{base}");
}

/// FF-SETUP-22 with "Awful Crowded in My Sky": RESHUFFLE cards in the decks whatever the players;
/// once the ships are placed, an Alert token on every planetary sector where no Firefly starts
/// (Alliance in Alliance Space, Reaver elsewhere); starting jobs from Harken, Amnon Duul and
/// Patience only.
#[test]
fn ff_setup_22_awful_crowded_in_my_sky() {
    let mut g = game(3, &[Expansion::BlueSun], Some("awful-crowded-in-my-sky"), 2);
    for d in 0..2 {
        assert_eq!(g.decks.nav[d].discard_len(), 0, "deck {d}");
    }
    assert!(g.alerts.is_empty(), "no tokens before the ships are placed");
    let ev = through_placement(&mut g);
    let placed = ev
        .iter()
        .filter(|e| matches!(e, Event::AlertPlaced { .. }))
        .count();
    assert!(placed > 40, "{placed} tokens");
    let board = g.board();
    for s in 0..c().sectors.len() as u16 {
        let tokens = g.alerts.iter().find(|a| a.sector == s);
        let ship_here = g.players.iter().any(|p| p.sector == s);
        if !board.in_play(s) || !g.planetary(s) || ship_here {
            assert!(tokens.is_none(), "{}", c().sectors[s as usize].id);
            continue;
        }
        let t = tokens.unwrap_or_else(|| panic!("{}", c().sectors[s as usize].id));
        let kind = if c().sectors[s as usize].zone == Zone::Alliance {
            AlertKind::Alliance
        } else {
            AlertKind::Reaver
        };
        assert_eq!(t.of(kind), 1);
    }
    for p in &g.players {
        let from: Vec<ContactName> = p
            .hand
            .iter()
            .map(|&j| c().jobs[j as usize].contact.unwrap())
            .collect();
        assert_eq!(
            from,
            vec![
                ContactName::Harken,
                ContactName::AmnonDuul,
                ContactName::Patience
            ]
        );
    }
}

/// FF-SETUP-22 with "Clearer Skies, Better Days": starting a Full Burn rolls a die, and that many
/// sectors are entered without a Nav card; then they are drawn as usual. No Alert tokens are
/// used.
#[test]
fn ff_setup_22_clearer_skies_better_days() {
    let s = tabletop_firefly::scenario::Scenario::parse(
        "expansions = [\"blue-sun\"]\ndice = [2]\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\nfuel = 4\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n",
    )
    .unwrap();
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    o.setup_card = Some("clearer-skies-better-days".into());
    let mut g = Firefly::new_game(c(), &o, 1).unwrap();
    let ev = act(&mut g, Action::FullBurn);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ClearSkiesRolled { roll: 2, .. }
    )));
    let mut drawn = Vec::new();
    for _ in 0..3 {
        let to = legal(&g)
            .into_iter()
            .find(|a| matches!(a, Action::MoveTo(_)))
            .unwrap();
        let ev = act(&mut g, to);
        drawn.push(ev.iter().any(|e| matches!(e, Event::NavDrawn { .. })));
        while g.phase == Phase::Resolving {
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        if !matches!(g.phase, Phase::FullBurn { .. }) {
            break;
        }
    }
    assert_eq!(drawn[..2], [false, false], "{drawn:?}");
    if drawn.len() > 2 {
        assert!(drawn[2], "the third sector draws a Nav card");
    }
    // No Alert tokens are used.
    g.place_alert(g.players[0].sector, AlertKind::Alliance, &mut Vec::new());
    assert!(g.alerts.is_empty());
    // Without the card, the first sector draws at once.
    let mut g = game(2, &[Expansion::BlueSun], None, 1);
    while g.phase != Phase::Actions {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    if legal(&g).contains(&Action::FullBurn) {
        act(&mut g, Action::FullBurn);
        let to = legal(&g)
            .into_iter()
            .find(|a| matches!(a, Action::MoveTo(_)))
            .unwrap();
        let ev = act(&mut g, to);
        assert!(!happened(&ev, |e| matches!(
            e,
            Event::ClearSkiesRolled { .. }
        )));
    }
    let _ = g.actor();
}

/// A test-only story with Havens (no shipped story uses them yet: the boxes' Haven stories are
/// not in any source): one goal at Jiangyin, an unmodified Negotiate test.
const HAVEN_STORY: &str = r#"
[[story]]
id = "test-havens"
title = "Test Havens"
source = "promo"
premise = "A test story whose set-up chooses Havens."
players = [2, 4]
setup = { havens = true }

[[story.goals]]
name = "Visit Jiangyin"
at = "jiangyin"

[[story.goals.choices]]
name = "Visit"

[story.goals.choices.test]
skill = "negotiate"

[[story.goals.choices.test.outcomes]]
min = 1
ends = "proceed"
"#;

/// FF-PBH-39, FF-PBH-40, FF-PBH-41: in a story with Havens, after the Leaders and ships are
/// chosen each captain puts a Haven in a sector with a planet but no Supply planet and no
/// Contact, never on another captain's Haven, and the ship starts there.
#[test]
fn ff_pbh_39_40_41_havens_at_set_up() {
    let content = content_with("base/test-havens.toml", HAVEN_STORY);
    let o = Options::new(2, "test-havens");
    let mut g = Firefly::new_game(content, &o, 3).unwrap();
    while !matches!(g.phase, Phase::PlaceShip) {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    let places: Vec<u16> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceShip(s) => Some(s),
            _ => None,
        })
        .collect();
    // FF-PBH-39: planets only, never a Supply planet or a Contact's sector.
    assert!(!places.is_empty());
    for &s in &places {
        assert!(g.planetary(s), "{}", content.sectors[s as usize].id);
        assert!(
            g.supply_deck_at(s).is_none(),
            "{}",
            content.sectors[s as usize].id
        );
        assert!(
            g.contact_at(s).is_none(),
            "{}",
            content.sectors[s as usize].id
        );
    }
    for id in [
        "persephone",
        "space-bazaar",
        "osiris",
        "beaumonde",
        "deadwood",
    ] {
        assert!(!places.contains(&sector(id)), "{id}");
    }
    // FF-PBH-41: the ship starts on its Haven.
    let first = places[0];
    let seat = g.actor;
    act(&mut g, Action::PlaceShip(first));
    assert_eq!(g.players[seat as usize].haven, Some(first));
    assert_eq!(g.players[seat as usize].sector, first);
    // FF-PBH-40: not on another captain's Haven.
    assert!(!legal(&g).contains(&Action::PlaceShip(first)));
    assert!(legal(&g)
        .iter()
        .any(|a| matches!(a, Action::PlaceShip(s) if *s != first)));
    // Without Havens, a ship may start at a Supply planet (FF-SETUP-10).
    let mut g = Firefly::new_game(Content::builtin(), &Options::new(2, DEFAULT_STORY), 3).unwrap();
    while !matches!(g.phase, Phase::PlaceShip) {
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    assert!(legal(&g).contains(&Action::PlaceShip(sector("persephone"))));
}
