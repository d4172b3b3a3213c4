//! The Child (MA-CHILD-1..16), on mission 2: a slaver (Kell, Grapple) carries it at set-up.
mod common;
use common::*;
use tabletop_core::NewGame;
use tabletop_mandalorian::state::*;
use tabletop_mandalorian::*;

const HAND: [&str; 4] = [
    "Tracking Fob",
    "Jetpack Hop",
    "Hunter's Patience",
    "Vibro-Knife",
];

fn m2(extra: &str) -> Mandalorian {
    solo(2, &HAND, extra)
}

// MA-CHILD-1, MA-CHILD-3
// MA-CHILD-1, MA-CHILD-3
#[test]
fn ma_child_1_3_the_briefing_puts_the_child_on_the_slaver_and_it_moves_with_it() {
    let mut g =
        Mandalorian::new_game(embedded(), &Options::solo(2, Difficulty::Recruit), 9).unwrap();
    let kell = token(&g, "Kell Slaver");
    assert_eq!(g.child(), Child::Token(kell), "MA-CHILD-1, -3");
    let v = g.view_of(0);
    assert!(v.threats.iter().any(|t| t.token == kell && t.carries_child));
    // Moved (here by an event-like Spy), the Child goes along.
    let mut ev = Vec::new();
    g.move_enemy_for_test(kell, sq(&g, 2, 5), &mut ev);
    assert_eq!(g.child(), Child::Token(kell));
    assert!(g.view_of(0).child.contains("Kell"));
}

// MA-CHILD-2, MA-CHILD-4, MA-CHILD-5
// MA-CHILD-2, MA-CHILD-4, MA-CHILD-5
#[test]
fn ma_child_2_4_5_rescued_mid_move_then_carried_on_the_card() {
    let mut g = m2("child = { at = [3, 2] }\n[[character]]\nid = \"mando\"\nat = [3, 0]\n");
    assert_eq!(
        g.child(),
        Child::Square(sq(&g, 3, 2)),
        "MA-CHILD-4: in a square"
    );
    play(&mut g, "Hunter's Patience", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 1), (3, 2)]);
    assert!(
        has(&g, Action::Rescue { ch: 0 }),
        "MA-CHILD-5: even while moving through"
    );
    act(&mut g, Action::Rescue { ch: 0 });
    walk(&mut g, &[(4, 2)]);
    assert_eq!(g.child(), Child::Character(0), "MA-CHILD-2");
    assert!(g.view_of(0).characters[0].carries_child);
}

// MA-CHILD-6, MA-CHILD-7
// MA-CHILD-6, MA-CHILD-7
#[test]
fn ma_child_6_7_no_rescue_from_a_carrier_a_defeated_carrier_drops_it() {
    let mut g = m2("[[character]]\nid = \"mando\"\nat = [3, 1]\n[[threat]]\nname = \"Kell Slaver\"\nat = [3, 1]\nface_up = true\ndamage = 2\ncarries_child = true\n");
    let kell = token(&g, "Kell Slaver");
    play(&mut g, "Jetpack Hop", "attack");
    assert!(!has(&g, Action::Rescue { ch: 0 }), "MA-CHILD-6");
    act(&mut g, Action::ResolveAction);
    assert_eq!(g.threats()[kell as usize].loc, TLoc::Defeated);
    assert_eq!(g.child(), Child::Square(sq(&g, 3, 1)), "MA-CHILD-7");
    // Now it can be rescued during this action.
    assert!(has(&g, Action::Rescue { ch: 0 }));
}

// MA-CHILD-8
// MA-CHILD-8
#[test]
fn ma_child_8_a_carried_child_stays_with_its_carrier() {
    // There is no action to drop or hand over the Child: it moves with the carrier.
    let mut g = m2("child = { character = \"mando\" }\n[[character]]\nid = \"mando\"\nat = [3, 0]\n[[character]]\nid = \"ig11\"\nat = [3, 1]\n");
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 1)]);
    assert!(legal(&g)
        .iter()
        .all(|a| !matches!(a, Action::Rescue { .. })));
    walk(&mut g, &[(3, 2)]);
    stop(&mut g);
    assert_eq!(g.child(), Child::Character(0));
}

// MA-CHILD-10, MA-CHILD-11, MA-CHILD-12
// MA-CHILD-10, MA-CHILD-11, MA-CHILD-12
#[test]
fn ma_child_10_11_12_unblocked_damage_makes_it_flee_toward_enemies_or_face_down_threats() {
    // Close Quarters: the Grappler in the Mandalorian's square attacks him. Adjacent: (2,1) a
    // face-down threat, (3,2) an enemy, (4,1) a face-up item, (3,0) empty.
    let mut g = sc("mission = 2\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\nevents_top = [\"close-quarters\"]\nchild = { character = \"mando\" }\n[[character]]\nid = \"mando\"\nat = [3, 1]\n[[character]]\nid = \"ig11\"\nat = [0, 7]\n[[threat]]\nname = \"Grappler\"\nat = [3, 1]\nface_up = true\n[[threat]]\nname = \"Medpac\"\nat = [2, 1]\n[[threat]]\nname = \"Door Console\"\nat = [4, 1]\nface_up = true\n[[threat]]\nname = \"Saboteur\"\nat = [3, 2]\nface_up = true\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Hunter's Patience\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert_eq!(damage(&g, 0), 1);
    assert!(matches!(g.pending(), Some(Task::ChildFlee { .. })));
    let mut opts: Vec<_> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Square(s) => Some(g.map().row_col(s)),
            _ => None,
        })
        .collect();
    opts.sort();
    assert_eq!(opts, vec![(2, 1), (3, 2)]);
    let to = sq(&g, 3, 2);
    act(&mut g, Action::Square(to));
    assert_eq!(g.child(), Child::Square(to));
}

// MA-CHILD-13
// MA-CHILD-13
#[test]
fn ma_child_13_blocked_damage_keeps_the_child() {
    let mut g = m2("child = { character = \"mando\" }\n[[character]]\nid = \"mando\"\nat = [3, 1]\nkept = [\"defense\"]\n[[threat]]\nname = \"Grappler\"\nat = [3, 1]\nface_up = true\n");
    play(&mut g, "Tracking Fob", "move");
    act(&mut g, Action::ResolveAction);
    let to = sq(&g, 3, 2);
    act(&mut g, Action::Step(to));
    assert!(has(&g, Action::Block));
    act(&mut g, Action::Block);
    assert_eq!(g.child(), Child::Character(0));
    assert_eq!(at(&g, 0), (3, 2));
}

// MA-CHILD-9, MA-CHILD-16
// MA-CHILD-9, MA-CHILD-16
#[test]
fn ma_child_9_16_fled_child_cannot_be_rescued_that_turn_and_flees_anywhere_if_needed() {
    // Grapple damage as the Mandalorian leaves (3,1): no enemy or face-down threat is adjacent,
    // so any adjacent square is allowed (MA-CHILD-16).
    let mut g = m2("child = { character = \"mando\" }\n[[character]]\nid = \"mando\"\nat = [3, 1]\n[[threat]]\nname = \"Grappler\"\nat = [3, 1]\nface_up = true\n");
    play(&mut g, "Hunter's Patience", "move");
    act(&mut g, Action::ResolveAction);
    let to = sq(&g, 3, 2);
    act(&mut g, Action::Step(to));
    assert!(matches!(g.pending(), Some(Task::ChildFlee { .. })));
    assert_eq!(legal(&g).len(), 4);
    act(&mut g, Action::Square(to));
    assert_eq!(at(&g, 0), (3, 2));
    assert!(
        !has(&g, Action::Rescue { ch: 0 }),
        "MA-CHILD-9: fled this turn"
    );
}

// MA-CHILD-14, MA-CHILD-15
// MA-CHILD-14, MA-CHILD-15
#[test]
fn ma_child_14_15_events_make_a_carried_child_flee_but_not_a_free_one() {
    let base = "mission = 2\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\nevents_top = [\"frightened-foundling\"]\nreinforcements = []\n[[character]]\nid = \"mando\"\nat = [3, 1]\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Hunter's Patience\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n";
    let mut g = sc(&format!("child = {{ character = \"mando\" }}\n{base}"));
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert!(
        matches!(g.pending(), Some(Task::ChildFlee { .. })),
        "MA-CHILD-14: no damage needed"
    );
    assert_eq!(damage(&g, 0), 0);
    let mut g = sc(&format!("child = {{ at = [0, 0] }}\n{base}"));
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert_eq!(g.child(), Child::Square(sq(&g, 0, 0)), "MA-CHILD-15");
}
