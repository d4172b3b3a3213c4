//! Movement, terrain, Sentinel and Grapple (MA-MOVE, MA-TERRAIN, MA-ENEMY-1..11).
//! Mission 1's map: walls under (2,2) and (2,3) and between (4,3)|(4,4); an elevated gantry
//! at rows 1-2, columns 5-6 (dashed lines); forbidden area at (0,5) and (0,6).
mod common;
use common::*;
use tabletop_mandalorian::state::*;

const HAND: [&str; 4] = [
    "Tracking Fob",
    "Jetpack Hop",
    "Beskar Charge",
    "Vibro-Knife",
];

fn mando_at(r: u8, c: u8, extra: &str) -> Mandalorian {
    solo(
        1,
        &HAND,
        &format!("[[character]]\nid = \"mando\"\nat = [{r}, {c}]\n{extra}"),
    )
}

/// Play `card` into Move and start resolving the movement.
fn start_move(g: &mut Mandalorian, card: &str) {
    play(g, card, "move");
    act(g, Action::ResolveAction);
}

fn steps(g: &Mandalorian) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step(s) => Some(g.map().row_col(s)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

// MA-MOVE-1
// MA-MOVE-1
#[test]
fn ma_move_1_moves_up_to_strength_squares() {
    // MA-MOVE-1: Strength 2 (Tracking Fob, no Move bonus): 0, 1 or 2 squares.
    let mut g = mando_at(3, 0, "");
    start_move(&mut g, "Tracking Fob");
    assert!(has(&g, Action::Stop), "0 squares is allowed");
    walk(&mut g, &[(3, 1), (3, 2)]);
    // No third step: the movement ended by itself and the card is done.
    assert!(!matches!(g.pending(), Some(Task::Move { .. })));
    assert_eq!(at(&g, 0), (3, 2));
}

// MA-MOVE-2, MA-TERRAIN-2, MA-TERRAIN-3
// MA-MOVE-2, MA-TERRAIN-2, MA-TERRAIN-3
#[test]
fn ma_move_2_and_terrain_2_3_steps_go_to_adjacent_squares_not_through_walls() {
    // MA-MOVE-2, MA-TERRAIN-2: thin lines are adjacent; MA-TERRAIN-3: the wall under (2,3)
    // blocks the step north.
    let mut g = mando_at(3, 3, "");
    start_move(&mut g, "Tracking Fob");
    assert_eq!(steps(&g), vec![(3, 2), (3, 4), (4, 3)]);
}

// MA-MOVE-3
// MA-MOVE-3
#[test]
fn ma_move_3_enemy_or_face_down_threat_square_ends_the_movement() {
    // MA-MOVE-3: entering an enemy's square ends the movement; MA-MOVE-10: the squares beyond
    // cannot be reached through it.
    let mut g = mando_at(
        3,
        0,
        "[[threat]]\nname = \"Junk Hound\"\nat = [3, 1]\nface_up = true\n",
    );
    start_move(&mut g, "Beskar Charge");
    walk(&mut g, &[(3, 1)]);
    assert!(steps(&g).is_empty(), "movement over in the enemy's square");
    // Face-down threat: same.
    let mut g = mando_at(3, 0, "[[threat]]\nname = \"Junk Hound\"\nat = [3, 1]\n");
    start_move(&mut g, "Beskar Charge");
    walk(&mut g, &[(3, 1)]);
    assert!(steps(&g).is_empty());
}

// MA-MOVE-10
// MA-MOVE-10
#[test]
fn ma_move_10_example_cannot_pass_an_enemy_square() {
    // MA-MOVE-10: with Strength 3 the square behind an enemy in a corridor is out of reach.
    let mut g = mando_at(5, 0, "[[threat]]\nname = \"Junk Hound\"\nat = [5, 1]\nface_up = true\n[[threat]]\nname = \"Scrap Trooper\"\nat = [4, 0]\nface_up = true\n");
    start_move(&mut g, "Jetpack Hop");
    for first in [(5, 1), (4, 0)] {
        let mut h = g.clone();
        walk(&mut h, &[first]);
        assert!(steps(&h).is_empty(), "stopped at {first:?}");
    }
}

// MA-MOVE-4
// MA-MOVE-4
#[test]
fn ma_move_4_other_characters_do_not_block() {
    // MA-MOVE-4, MA-MOVE-7, MA-TERRAIN-1: IG-11 stands in (3,1); the Mandalorian walks through.
    let mut g = mando_at(3, 0, "[[character]]\nid = \"ig11\"\nat = [3, 1]\n");
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 1)]);
    assert_eq!(steps(&g), vec![(2, 1), (3, 0), (3, 2), (4, 1)]);
}

// MA-MOVE-5
// MA-MOVE-5
#[test]
fn ma_move_5_face_up_items_do_not_block_unless_face_down_at_the_start() {
    // MA-MOVE-5, MA-THREAT-12: a face-up Medpac does not stop the movement…
    let mut g = mando_at(
        3,
        0,
        "[[threat]]\nname = \"Medpac\"\nat = [3, 1]\nface_up = true\n",
    );
    start_move(&mut g, "Jetpack Hop");
    walk(&mut g, &[(3, 1)]);
    assert!(!steps(&g).is_empty());
    // …but one that was face down when the movement began does, once revealed (MA-MOVE-8).
    let mut g = mando_at(3, 0, "[[threat]]\nname = \"Medpac\"\nat = [3, 1]\n");
    start_move(&mut g, "Jetpack Hop");
    let ev = walk(&mut g, &[(3, 1)]);
    assert!(ev.iter().any(|e| matches!(e, Happened::Revealed { .. })));
    assert!(g.threats()[token(&g, "Medpac") as usize].face_up);
    assert!(steps(&g).is_empty());
}

// MA-MOVE-6
// MA-MOVE-6
#[test]
fn ma_move_6_leave_an_enemy_square_freely() {
    // MA-MOVE-6: starting in an enemy's square, the character may leave (no Grapple here).
    let mut g = mando_at(
        3,
        1,
        "[[threat]]\nname = \"Junk Hound\"\nat = [3, 1]\nface_up = true\n",
    );
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 2), (3, 3)]);
    stop(&mut g);
    assert_eq!((at(&g, 0), damage(&g, 0)), ((3, 3), 0));
}

// MA-MOVE-8
// MA-MOVE-8
#[test]
fn ma_move_8_a_face_down_threat_sharing_a_square_is_revealed() {
    // MA-MOVE-8, MA-THREAT-6: revealed at once; then it is an enemy.
    let mut g = mando_at(3, 0, "[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 1]\n");
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 1)]);
    let t = token(&g, "Scrap Trooper");
    assert!(g.threats()[t as usize].face_up);
    assert!(g.enemy_on_map(t).is_some());
}

// MA-MOVE-9
// MA-MOVE-9
#[test]
fn ma_move_9_ability_text_movement_follows_the_same_rules() {
    // MA-MOVE-9: Covering Advance (Vessa, Move text) moves another character 1 square; IG-11
    // entering a face-down threat's square reveals it and stops.
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"vessa\", \"ig11\"]\nclear_threats = true\nhands = [[\"Covering Advance\", \"Sprint\", \"Grit\", \"Field Glasses\"], []]\n[[character]]\nid = \"ig11\"\nat = [3, 0]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 1]\n");
    play(&mut g, "Covering Advance", "move");
    act(&mut g, Action::ResolveText);
    // "Another character": IG-11 is the only choice, so it starts moving at once.
    assert!(matches!(g.pending(), Some(Task::Move { ch: 1, .. })));
    walk(&mut g, &[(3, 1)]);
    assert!(g.threats()[token(&g, "Junk Hound") as usize].face_up);
    // 1 square only, and it ended there anyway: the movement is over.
    assert_eq!(at(&g, 1), (3, 1));
    assert!(!matches!(g.pending(), Some(Task::Move { .. })));
}

// MA-MOVE-11, MA-ENEMY-5
// MA-MOVE-11, MA-ENEMY-5
#[test]
fn ma_move_11_and_enemy_5_moving_zero_squares_triggers_no_sentinel() {
    // MA-MOVE-11, MA-ENEMY-5.
    let mut g = mando_at(
        3,
        4,
        "[[threat]]\nname = \"Watchman\"\nat = [3, 5]\nface_up = true\n",
    );
    start_move(&mut g, "Tracking Fob");
    stop(&mut g);
    assert_eq!(damage(&g, 0), 0);
}

// MA-MOVE-12, MA-ITEM-1
// MA-MOVE-12, MA-ITEM-1
#[test]
fn ma_move_12_and_item_1_using_an_item_mid_movement_does_not_end_it() {
    // MA-ITEM-1, MA-MOVE-12, MA-ACT-8: a face-up Medpac on the way is used, and the move goes on.
    let mut g = mando_at(3, 0, "[[character]]\nid = \"mando\"\ndamage = 2\n[[threat]]\nname = \"Medpac\"\nat = [3, 1]\nface_up = true\n");
    start_move(&mut g, "Jetpack Hop");
    walk(&mut g, &[(3, 1)]);
    let med = token(&g, "Medpac");
    act(&mut g, Action::UseItem { ch: 0, token: med });
    assert_eq!(damage(&g, 0), 1);
    walk(&mut g, &[(3, 2), (3, 3)]);
    assert_eq!(at(&g, 0), (3, 3));
}

// MA-TERRAIN-4, MA-TERRAIN-5
// MA-TERRAIN-4, MA-TERRAIN-5
#[test]
fn ma_terrain_4_5_closed_doors_block_open_doors_do_not() {
    // Mission 2: door 1 between (2,2) and (2,3).
    let mut g = solo(2, &HAND, "[[character]]\nid = \"mando\"\nat = [2, 2]\n");
    start_move(&mut g, "Tracking Fob");
    assert!(!steps(&g).contains(&(2, 3)), "MA-TERRAIN-4: closed door");
    let mut g = solo(
        2,
        &HAND,
        "doors_open = [1]\n[[character]]\nid = \"mando\"\nat = [2, 2]\n",
    );
    start_move(&mut g, "Tracking Fob");
    assert!(steps(&g).contains(&(2, 3)), "MA-TERRAIN-5: open door");
}

// MA-TERRAIN-6
// MA-TERRAIN-6
#[test]
fn ma_terrain_6_elevated_boundaries_block_movement() {
    // (2,4) and (2,5) are separated by the gantry's dashed line.
    let mut g = mando_at(2, 4, "");
    start_move(&mut g, "Tracking Fob");
    assert!(!steps(&g).contains(&(2, 5)));
    assert_eq!(steps(&g), vec![(1, 4), (2, 3), (3, 4)]);
}

// MA-TERRAIN-9
// MA-TERRAIN-9
#[test]
fn ma_terrain_9_forbidden_areas_are_not_squares() {
    // (0,5) is forbidden: no step from (0,4).
    let mut g = mando_at(0, 4, "");
    start_move(&mut g, "Tracking Fob");
    assert_eq!(steps(&g), vec![(0, 3), (1, 4)]);
    assert!(!g.map().exists[sq(&g, 0, 5) as usize]);
}

// MA-TERRAIN-11
// MA-TERRAIN-11
#[test]
fn ma_terrain_11_enemies_obey_terrain() {
    // An enemy on the gantry at (1,5) reaches a character at (1,4) only by the stairs.
    let g = mando_at(1, 4, "[[threat]]\nname = \"Junk Hound\"\nat = [1, 5]\nface_up = true\n[[character]]\nid = \"ig11\"\nat = [1, 3]\n");
    let t = token(&g, "Junk Hound");
    let d = g.enemy_destinations(sq(&g, 1, 5), 1, NEAREST);
    assert!(!d.contains(&sq(&g, 1, 4)), "not across the dashed line");
    let mut d: Vec<_> = d.iter().map(|&s| g.map().row_col(s)).collect();
    d.sort();
    assert_eq!(d, vec![(1, 6), (2, 5)], "{t}: toward the stairs at (2,6)");
}

// MA-ENEMY-1, MA-ENEMY-7, MA-ENEMY-1, MA-RANGE-1
// MA-ENEMY-1, MA-ENEMY-7, MA-ENEMY-1, MA-RANGE-1
#[test]
fn ma_enemy_1_7_sentinel_deals_1_damage_at_the_end_of_a_movement_within_range_1() {
    let mut g = mando_at(
        3,
        2,
        "[[threat]]\nname = \"Watchman\"\nat = [3, 5]\nface_up = true\n",
    );
    start_move(&mut g, "Jetpack Hop");
    walk(&mut g, &[(3, 3), (3, 4)]);
    assert_eq!(damage(&g, 0), 0, "nothing before the movement ends");
    stop(&mut g);
    assert_eq!(damage(&g, 0), 1);
}

// MA-ENEMY-2
// MA-ENEMY-2
#[test]
fn ma_enemy_2_passing_by_a_sentinel_is_safe() {
    // Through (1,4), within range 1 of the Sentinel at (1,3), ending at range 2 in (0,4).
    let mut g = mando_at(
        3,
        4,
        "[[threat]]\nname = \"Watchman\"\nat = [1, 3]\nface_up = true\n",
    );
    start_move(&mut g, "Beskar Charge");
    walk(&mut g, &[(2, 4), (1, 4), (0, 4)]);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 0);
}

// MA-ENEMY-3, MA-ENEMY-1
// MA-ENEMY-3, MA-ENEMY-1
#[test]
fn ma_enemy_3_a_sentinel_revealed_by_movement_deals_1_damage() {
    // MA-ENEMY-3 (judged): 1 damage in total.
    let mut g = mando_at(3, 3, "[[threat]]\nname = \"Watchman\"\nat = [3, 4]\n");
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 4)]);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 1);
}

// MA-ENEMY-4, MA-ATTACK-7
// MA-ENEMY-4, MA-ATTACK-7
#[test]
fn ma_enemy_4_and_attack_7_a_sentinel_revealed_by_an_attack_deals_nothing() {
    let mut g = mando_at(3, 3, "[[threat]]\nname = \"Watchman\"\nat = [3, 4]\n");
    let t = token(&g, "Watchman");
    play(&mut g, "Vibro-Knife", "attack");
    // The only target is chosen automatically; it is revealed, then takes 2 and is defeated.
    act(&mut g, Action::ResolveAction);
    assert!(g.threats()[t as usize].face_up);
    assert_eq!(g.threats()[t as usize].loc, TLoc::Defeated);
    assert_eq!(damage(&g, 0), 0);
}

// MA-ENEMY-6
// MA-ENEMY-6
#[test]
fn ma_enemy_6_each_sentinel_deals_its_own_damage() {
    let mut g = mando_at(3, 2, "[[threat]]\nname = \"Watchman\"\nat = [3, 5]\nface_up = true\n[[threat]]\nname = \"Watchman\"\nat = [2, 4]\nface_up = true\n");
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 3), (3, 4)]);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 2);
}

// MA-ENEMY-8
// MA-ENEMY-8
#[test]
fn ma_enemy_8_an_item_is_used_before_sentinel_resolves() {
    let mut g = mando_at(3, 3, "[[character]]\nid = \"mando\"\ndamage = 1\n[[threat]]\nname = \"Watchman\"\nat = [3, 5]\nface_up = true\n[[threat]]\nname = \"Medpac\"\nat = [3, 4]\nface_up = true\n");
    start_move(&mut g, "Tracking Fob");
    walk(&mut g, &[(3, 4)]);
    let med = token(&g, "Medpac");
    act(&mut g, Action::UseItem { ch: 0, token: med });
    assert_eq!(damage(&g, 0), 0);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 1);
}

fn m2(extra: &str) -> Mandalorian {
    solo(2, &HAND, extra)
}

// MA-ENEMY-9, MA-ENEMY-10, MA-ENEMY-1
// MA-ENEMY-9, MA-ENEMY-10, MA-ENEMY-1
#[test]
fn ma_enemy_9_10_grapple_deals_1_damage_before_the_character_leaves() {
    let mut g = m2("[[character]]\nid = \"mando\"\nat = [3, 1]\n[[threat]]\nname = \"Grappler\"\nat = [3, 1]\nface_up = true\n");
    start_move(&mut g, "Tracking Fob");
    let to = sq(&g, 3, 2);
    let ev = act(&mut g, Action::Step(to));
    let dmg = ev
        .iter()
        .position(|e| matches!(e, Happened::CharacterDamaged { .. }))
        .unwrap();
    let mv = ev
        .iter()
        .position(|e| matches!(e, Happened::CharacterMoved { .. }))
        .unwrap();
    assert!(
        dmg < mv,
        "MA-ENEMY-10: damage in the enemy's square, before moving"
    );
    assert_eq!(damage(&g, 0), 1);
    // MA-MOVE-6: leaving was allowed.
    assert_eq!(at(&g, 0), (3, 2));
}

// MA-ENEMY-11, MA-SPY-7
// MA-ENEMY-11, MA-SPY-7
#[test]
fn ma_enemy_11_and_spy_7_a_grapple_enemy_moved_away_by_spy_deals_nothing() {
    let mut g = m2("[[character]]\nid = \"mando\"\nat = [3, 1]\n[[threat]]\nname = \"Grappler\"\nat = [3, 1]\nface_up = true\n");
    play(&mut g, "Tracking Fob", "spy");
    act(&mut g, Action::ResolveAction);
    // The Grappler is the only choice: Spy goes straight to choosing its square.
    assert!(matches!(g.pending(), Some(Task::SpyMoveTo { .. })));
    let to = sq(&g, 4, 1);
    act(&mut g, Action::Square(to));
    assert_eq!(damage(&g, 0), 0);
    finish(&mut g);
    // Now the Mandalorian moves away freely.
    start_move(&mut g, "Jetpack Hop");
    walk(&mut g, &[(2, 1)]);
    assert_eq!(damage(&g, 0), 0);
}
