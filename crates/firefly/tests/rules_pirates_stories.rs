//! Pirates & Bounty Hunters' story pieces (spec §18.5): Destination tokens on a story's goal
//! sectors (FF-PBH-37), Haven tokens chosen at set-up (FF-PBH-38..41), and the story
//! "…Another Man's Treasure" (Havens in Border Space, Haven Sanctuary, the Piracy jobs on the
//! discard piles, loads stashed at one's Haven).

use tabletop_core::{Game, NewGame};
use tabletop_firefly::content::{Content, Expansion, Item, SectorId, Zone};
use tabletop_firefly::state::WorkTarget;
use tabletop_firefly::testing::*;
use tabletop_firefly::view::View;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

const STORY: &str = "another-mans-treasure";

fn c() -> &'static Content {
    Content::builtin()
}

fn options(story: &str) -> Options {
    let mut o = Options::new(2, story);
    o.expansions = vec![Expansion::PiratesAndBountyHunters];
    o
}

/// Play the set-up: each captain takes the first Leader and ship offered; at placement,
/// `place` picks the sector (from the legal ones) and sees them all first.
fn set_up(o: &Options, mut place: impl FnMut(&Firefly, &[SectorId]) -> SectorId) -> Firefly {
    let mut g = Firefly::new_game(c(), o, 11).unwrap();
    while !matches!(g.phase, Phase::Actions) {
        let legal = legal(&g);
        let a = match g.phase {
            Phase::PlaceShip => {
                let sectors: Vec<SectorId> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::PlaceShip(s) => Some(*s),
                        _ => None,
                    })
                    .collect();
                Action::PlaceShip(place(&g, &sectors))
            }
            Phase::StartingJobs | Phase::StartingDeck => {
                if legal.contains(&Action::Done) {
                    Action::Done
                } else {
                    legal[0]
                }
            }
            _ => legal[0],
        };
        act(&mut g, a);
    }
    g
}

/// FF-PBH-37: a story whose goals are a series of planets has a numbered Destination token on
/// each goal's sector, in goal order; a story with fewer than two goal planets has none.
#[test]
fn ff_pbh_37_destination_tokens_mark_the_goal_planets_in_order() {
    let story = "the-king-of-all-londinium";
    let g = Firefly::new_game(c(), &Options::new(2, story), 1).unwrap();
    let s = c().stories.iter().position(|s| s.id == story).unwrap();
    let want: Vec<(u8, SectorId)> = c().goal_sectors[s]
        .iter()
        .enumerate()
        .filter_map(|(i, x)| x.map(|x| (i as u8, x)))
        .collect();
    assert!(want.len() >= 2);
    let got: Vec<(u8, SectorId)> = View::of(&g, 0)
        .destinations
        .iter()
        .map(|d| (d.goal, d.sector))
        .collect();
    assert_eq!(got, want);
    assert_eq!(got[0].1, sector("jiangyin"));
    // One goal planet: no series, no tokens.
    let one =
        Firefly::new_game(c(), &Options::new(2, "first-time-in-the-captains-chair"), 1).unwrap();
    assert!(View::of(&one, 0).destinations.is_empty());
}

/// FF-PBH-38, FF-PBH-39..41: in a story with Havens, each captain places a Haven token (their
/// colour: the view gives each captain's) instead of the ship, in a sector with a planet but no
/// Supply planet, no Contact and no other Haven — here in Border Space, as the story says — and
/// the ship starts there.
#[test]
fn ff_pbh_38_havens_are_chosen_at_set_up_where_the_story_says() {
    let mut offered = Vec::new();
    let g = set_up(&options(STORY), |_, sectors| {
        offered.push(sectors.to_vec());
        // The second captain takes the same sector if it were allowed: it must not be.
        sectors[0]
    });
    assert_eq!(offered.len(), 2);
    for sectors in &offered {
        assert!(!sectors.is_empty());
        for &s in sectors {
            let sec = &c().sectors[s as usize];
            assert_eq!(sec.zone, Zone::Border, "{}", sec.id);
            assert!(!sec.planets.is_empty(), "{}", sec.id);
            assert!(g.contact_at(s).is_none(), "{}", sec.id);
            assert!(
                !c().supply_decks.iter().any(|d| d.sector == s),
                "{}",
                sec.id
            );
        }
    }
    let first = g
        .players
        .iter()
        .find(|p| p.haven == Some(offered[0][0]))
        .unwrap();
    assert!(
        !offered[1].contains(&offered[0][0]),
        "another captain's Haven is taken"
    );
    let view = View::of(&g, 0);
    for p in &g.players {
        assert!(p.haven.is_some());
        assert_eq!(Some(p.sector), p.haven);
        assert_eq!(view.players[p.seat as usize].haven, p.haven);
    }
    assert_eq!(first.sector, offered[0][0]);
    // Without Havens in the story, nobody has one.
    let plain = set_up(&options(DEFAULT_STORY), |_, s| s[0]);
    assert!(plain.players.iter().all(|p| p.haven.is_none()));
}

/// FF-PBH-39, FF-BS-4: Havens in a story that names no zone (the community story "Rim Rider",
/// Blue Sun's with Kalidasa's Contacts) go in any sector with a planet but no Supply planet and
/// no Contact — Rim, Border and Alliance Space alike. The story is refused without both boxes,
/// naming what is missing.
#[test]
fn ff_pbh_39_havens_anywhere_when_the_story_names_no_zone() {
    let mut o = Options::new(2, "rim-rider");
    o.expansions = vec![Expansion::BlueSun];
    let Err(e) = Firefly::new_game(c(), &o, 1) else {
        panic!("set up without Kalidasa");
    };
    assert!(e.to_string().contains("kalidasa"), "{e}");
    o.expansions = vec![Expansion::BlueSun, Expansion::Kalidasa];
    let mut offered = Vec::new();
    let g = set_up(&o, |_, sectors| {
        offered.push(sectors.to_vec());
        sectors[0]
    });
    let zones: std::collections::BTreeSet<String> = offered[0]
        .iter()
        .map(|&s| format!("{:?}", c().sectors[s as usize].zone))
        .collect();
    assert!(zones.len() >= 3, "{zones:?}");
    for &s in &offered[0] {
        let sec = &c().sectors[s as usize];
        assert!(!sec.planets.is_empty(), "{}", sec.id);
        assert!(g.contact_at(s).is_none(), "{}", sec.id);
        assert!(g.supply_deck_at(s).is_none(), "{}", sec.id);
    }
    assert!(g.players.iter().all(|p| p.haven == Some(p.sector)));
}

/// The story's set-up: once the starting jobs are dealt, every Piracy job left in the Contact
/// decks is face up on its discard pile.
#[test]
fn another_mans_treasure_puts_the_piracy_jobs_on_the_discard_piles() {
    let g = set_up(&options(STORY), |_, s| s[0]);
    let piracy = |j: &u16| c().jobs[*j as usize].piracy.is_some();
    let in_decks: usize = g
        .decks
        .contacts
        .iter()
        .map(|d| d.draw_pile().iter().filter(|j| piracy(j)).count())
        .sum();
    let face_up: usize = g
        .decks
        .contacts
        .iter()
        .map(|d| d.discard_pile().iter().filter(|j| piracy(j)).count())
        .sum();
    let in_hands: usize = g
        .players
        .iter()
        .map(|p| p.hand.iter().filter(|j| piracy(j)).count())
        .sum();
    assert_eq!(in_decks, 0);
    assert_eq!(face_up + in_hands, 25);
    // In another story they stay in the decks.
    let plain = set_up(&options(DEFAULT_STORY), |_, s| s[0]);
    assert!(plain
        .decks
        .contacts
        .iter()
        .any(|d| d.draw_pile().iter().any(piracy)));
}

/// Two captains in the story at Border Space planets: seat 0 at `p0`'s sector, seat 1 at its
/// Haven `haven1` with `goods1`.
fn treasure(p0: &str, haven1: &str, goods1: &str) -> Firefly {
    scenario_with(
        &format!(
            "expansions = [\"pirates-and-bounty-hunters\"]\ndice = [5, 5, 1]\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n{p0}\n\
             hand = [\"badger-pilfer-purloin-and-plunder-1\"]\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"{haven1}\"\n\
             haven = \"{haven1}\"\n{goods1}\n"
        ),
        STORY,
        1,
    )
}

fn piracy_offered(g: &Firefly) -> bool {
    legal(g)
        .iter()
        .any(|a| matches!(a, Action::Work(WorkTarget::Piracy { .. })))
}

/// "Haven Sanctuary": a ship at its own Haven cannot be boarded; away from it, it can.
#[test]
fn another_mans_treasure_a_ship_at_its_haven_cannot_be_boarded() {
    let g = treasure("sector = \"jubilee\"", "jubilee", "cargo = 4");
    assert!(!piracy_offered(&g), "{:?}", menu(&g));
    let g = scenario_with(
        "expansions = [\"pirates-and-bounty-hunters\"]\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"jubilee\"\n\
         hand = [\"badger-pilfer-purloin-and-plunder-1\"]\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"jubilee\"\n\
         haven = \"harvest\"\ncargo = 4\n",
        STORY,
        1,
    );
    assert!(piracy_offered(&g));
}

/// The story's goals: a Work action at one's own Haven stashes a load (4 Contraband, 4 Cargo or
/// 8 Parts) for a Goal token; not elsewhere, not without a load; the fourth wins.
#[test]
fn another_mans_treasure_loads_stashed_at_the_haven_win() {
    let at = |sector: &str, haven: &str, goods: &str, goals: u8| {
        scenario_with(
            &format!(
                "expansions = [\"pirates-and-bounty-hunters\"]\n\
                 [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"{sector}\"\n\
                 haven = \"{haven}\"\n{goods}\ngoals = {goals}\n\
                 [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n"
            ),
            STORY,
            1,
        )
    };
    let goal = Action::Work(WorkTarget::Goal);
    assert!(!legal(&at("harvest", "jubilee", "contraband = 4", 0)).contains(&goal));
    assert!(!legal(&at("jubilee", "jubilee", "contraband = 3", 0)).contains(&goal));
    let mut g = at("jubilee", "jubilee", "contraband = 4\ncargo = 4", 0);
    assert!(legal(&g).contains(&goal));
    act(&mut g, goal);
    // The crew (FF-WORK-6), then the load.
    while matches!(g.phase, Phase::ChooseCrew { .. }) {
        act(&mut g, Action::Done);
    }
    assert!(can(&g, "Stash 4 Cargo at your Haven"));
    assert!(!can(&g, "Stash 8 Parts"));
    let ev = choose(&mut g, "Stash 4 Contraband at your Haven");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 0 }
    )));
    assert_eq!(g.players[0].item(Item::Contraband), 0);
    assert_eq!(g.players[0].item(Item::Cargo), 4);
    // The fourth load wins the game.
    let mut g = at("jubilee", "jubilee", "parts = 8", 3);
    let mut ev = act(&mut g, goal);
    while matches!(g.phase, Phase::ChooseCrew { .. }) {
        ev.extend(act(&mut g, Action::Done));
    }
    // The only load aboard is the only option: taken without asking.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::GoalCompleted { seat: 0, goal: 3 }
    )));
    assert_eq!(g.players[0].item(Item::Parts), 0);
    assert!(g.outcome().is_some());
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}
