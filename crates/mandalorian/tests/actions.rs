//! Range, Attack, Spy and Plan; ability cards, additional and free actions; the action phase
//! (MA-RANGE, MA-ATTACK, MA-SPY, MA-PLAN, MA-CARD, MA-EXTRA, MA-ACT, MA-THREAT).
mod common;
use common::*;
use tabletop_mandalorian::range::{self, FAR};
use tabletop_mandalorian::state::*;

const HAND: [&str; 4] = [
    "Tracking Fob",
    "Jetpack Hop",
    "Hunter's Patience",
    "Vibro-Knife",
];

fn m1(extra: &str) -> Mandalorian {
    solo(1, &HAND, extra)
}

fn targets(g: &Mandalorian) -> Vec<&'static str> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Target(t) | Action::SpyLook(t) | Action::SpyMove(t) => {
                Some(g.token_def(t).name.as_str())
            }
            _ => None,
        })
        .collect()
}

// MA-RANGE-1, MA-RANGE-2, MA-RANGE-0
// MA-RANGE-1, MA-RANGE-2, MA-RANGE-0
#[test]
fn ma_range_1_2_own_square_is_range_0_and_within_means_at_most() {
    let g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n");
    let map = g.map();
    let d = g.doors_open();
    assert_eq!(range::range(map, sq(&g, 3, 3), sq(&g, 3, 3), d), 0);
    assert_eq!(range::range(map, sq(&g, 3, 3), sq(&g, 3, 4), d), 1);
    // MA-RANGE-2: a threat in the own square or 1 away is "within range 1".
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 3]\nface_up = true\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 4]\nface_up = true\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 5]\nface_up = true\n");
    play(&mut g, "Tracking Fob", "attack");
    act(&mut g, Action::ResolveAction);
    let mut t = targets(&g);
    t.sort();
    assert_eq!(t, vec!["Junk Hound", "Kesh Varro"]);
}

// MA-RANGE-3, MA-RANGE-5
// MA-RANGE-3, MA-RANGE-5
#[test]
fn ma_range_3_5_range_goes_around_walls_never_through() {
    // (3,3) and (2,3) are separated by a wall: range 3 around the corner via (3,4), (2,4).
    let g = m1("");
    assert_eq!(
        range::range(g.map(), sq(&g, 3, 3), sq(&g, 2, 3), g.doors_open()),
        3
    );
}

// MA-RANGE-4, MA-RANGE-7
// MA-RANGE-4, MA-RANGE-7
#[test]
fn ma_range_4_7_range_crosses_elevated_edges_and_pieces() {
    // MA-RANGE-4, MA-RANGE-7, MA-TERRAIN-6: (2,4) and (2,5) are not adjacent for movement but at
    // range 1; pieces in between change nothing.
    let g = m1("[[threat]]\nname = \"Junk Hound\"\nat = [2, 5]\nface_up = true\n");
    let map = g.map();
    assert_eq!(
        range::range(map, sq(&g, 2, 4), sq(&g, 2, 5), g.doors_open()),
        1
    );
    assert_eq!(
        range::walk_from(map, sq(&g, 2, 4), g.doors_open()).to(sq(&g, 2, 5)),
        5
    );
}

// MA-RANGE-6
// MA-RANGE-6
#[test]
fn ma_range_6_behind_a_closed_door_nothing_is_in_range() {
    // Mission 3's vault (columns 7-8) is closed by door 1.
    let g = solo(3, &HAND, "");
    let (a, b) = (sq(&g, 2, 6), sq(&g, 2, 7));
    assert_eq!(range::range(g.map(), a, b, g.doors_open()), FAR);
    let g = solo(3, &HAND, "doors_open = [1]\n");
    assert_eq!(range::range(g.map(), a, b, g.doors_open()), 1);
}

// MA-RANGE-8
// MA-RANGE-8
#[test]
fn ma_range_8_sentinel_range_is_the_same_range() {
    // A Sentinel on the gantry at (1,5) hits a character ending at (1,4), across the dashed line.
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [2, 4]\n[[threat]]\nname = \"Watchman\"\nat = [1, 5]\nface_up = true\n");
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(1, 4)]);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 1);
}

// MA-ATTACK-1, MA-ATTACK-2, MA-ATTACK-4
// MA-ATTACK-1, MA-ATTACK-2, MA-ATTACK-4
#[test]
fn ma_attack_1_2_4_damage_equal_to_strength_stays_on_the_enemy() {
    // MA-ATTACK-4: Strength 3 on an enemy with Health 4 (Kell Slaver, mission 2): 3 damage.
    let mut g = solo(2, &HAND, "[[character]]\nid = \"mando\"\nat = [3, 1]\n[[threat]]\nname = \"Kell Slaver\"\nat = [3, 2]\nface_up = true\n");
    let t = token(&g, "Kell Slaver");
    play(&mut g, "Hunter's Patience", "attack");
    act(&mut g, Action::ResolveAction);
    assert_eq!(g.threats()[t as usize].damage, 3);
    assert_eq!(g.threats()[t as usize].loc, TLoc::Map(sq(&g, 3, 2)));
    finish(&mut g);
    // MA-ATTACK-2: still there after more actions.
    play_idle(&mut g, "Tracking Fob", "plan");
    assert_eq!(g.threats()[t as usize].damage, 3);
}

// MA-ATTACK-3
// MA-ATTACK-3
#[test]
fn ma_attack_3_damage_reaching_health_defeats_the_enemy() {
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 4]\nface_up = true\n");
    let t = token(&g, "Junk Hound");
    let ev = play(&mut g, "Tracking Fob", "attack");
    assert!(ev.iter().any(|e| matches!(e, Happened::Played { .. })));
    act(&mut g, Action::ResolveAction);
    assert_eq!(g.threats()[t as usize].loc, TLoc::Defeated);
    assert!(g.view_of(0).defeated.contains(&"Junk Hound".to_string()));
}

// MA-ATTACK-5, MA-ATTACK-6
// MA-ATTACK-5, MA-ATTACK-6
#[test]
fn ma_attack_5_6_a_face_down_threat_may_be_attacked_items_take_no_damage() {
    let mut g = m1(
        "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Medpac\"\nat = [3, 4]\n",
    );
    let t = token(&g, "Medpac");
    play(&mut g, "Tracking Fob", "attack");
    act(&mut g, Action::ResolveAction);
    let th = g.threats()[t as usize];
    assert!(th.face_up && th.damage == 0 && th.loc == TLoc::Map(sq(&g, 3, 4)));
    // A face-down enemy is revealed, then damaged.
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 4]\n");
    let t = token(&g, "Kesh Varro");
    play(&mut g, "Tracking Fob", "attack");
    act(&mut g, Action::ResolveAction);
    assert!(g.threats()[t as usize].face_up);
    assert_eq!(g.threats()[t as usize].damage, 2);
}

// MA-THREAT-4, MA-THREAT-5
// MA-THREAT-4, MA-THREAT-5
#[test]
fn ma_threat_4_5_threats_include_face_down_enemies_are_face_up_only() {
    // Whistling Volley: "an enemy" (face-up only); Tamsin's Vaporator Trap: "a threat".
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 4]\nface_up = true\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 5]\n");
    let hand = ["Whistling Volley"];
    let mut g2 = solo(1, &hand, "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 5]\n");
    play(&mut g2, "Whistling Volley", "attack");
    assert!(
        !has(&g2, Action::ResolveText),
        "MA-THREAT-5: no face-up enemy within range 2"
    );
    play(&mut g, "Tracking Fob", "move");
    act(&mut g, Action::FinishCard);
    let mut g = sc("mission = 4\nmode = \"shared\"\nseats = 1\ncharacters = [\"mando\", \"tamsin\"]\nclear_threats = true\nhands = [[\"Vaporator Trap\"]]\n[[character]]\nid = \"tamsin\"\nat = [3, 0]\n[[threat]]\nname = \"Mechanic\"\nat = [3, 2]\n");
    play(&mut g, "Vaporator Trap", "spy");
    assert!(
        has(&g, Action::ResolveText),
        "MA-THREAT-4: a face-down threat counts"
    );
}

// MA-SPY-1, MA-SPY-2
// MA-SPY-1, MA-SPY-2
#[test]
fn ma_spy_1_2_look_at_a_face_down_threat_within_range_s_secretly() {
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Tracking Fob\", \"Jetpack Hop\", \"Bounty Puck\", \"Vibro-Knife\"], []]\n[[character]]\nid = \"mando\"\nat = [3, 0]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 2]\nface_up = true\n[[threat]]\nname = \"Medpac\"\nat = [3, 6]\n");
    play(&mut g, "Tracking Fob", "spy"); // Strength 3 with the Spy bonus
    act(&mut g, Action::ResolveAction);
    let mut t = targets(&g);
    t.sort();
    // MA-SPY-1: look (face down, within 3) or move (face up); the Medpac at range 6 is out.
    assert_eq!(t, vec!["Junk Hound", "Kesh Varro"]);
    let k = token(&g, "Kesh Varro");
    act(&mut g, Action::SpyLook(k));
    // MA-SPY-2, -3, MA-INFO-2: still face down; only seat 0 knows.
    assert!(!g.threats()[k as usize].face_up);
    let mine = g
        .view_of(0)
        .threats
        .into_iter()
        .find(|v| v.token == k)
        .unwrap();
    let theirs = g
        .view_of(1)
        .threats
        .into_iter()
        .find(|v| v.token == k)
        .unwrap();
    assert!(mine.identity.unwrap().contains("Kesh Varro"));
    assert!(theirs.identity.is_none());
}

// MA-SPY-3
// MA-SPY-3
#[test]
fn ma_spy_3_a_looked_at_threat_still_blocks_movement() {
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 0]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 1]\n");
    play(&mut g, "Tracking Fob", "spy");
    act(&mut g, Action::ResolveAction); // the only choice: look
    let k = token(&g, "Kesh Varro");
    assert!(!g.threats()[k as usize].face_up && g.threats()[k as usize].seen == 1);
    finish(&mut g);
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 1)]);
    assert!(!matches!(
        g.pending(),
        Some(Task::Move {
            left: 2..,
            stop: false,
            ..
        })
    ));
    assert_eq!(at(&g, 0), (3, 1));
}

// MA-SPY-5, MA-SPY-6, MA-ENEMY-1
// MA-SPY-5, MA-SPY-6, MA-ENEMY-1
#[test]
fn ma_spy_5_6_move_a_face_up_enemy_1_square_not_through_walls() {
    // MA-SPY-6: the Junk Hound at (2,3) is behind the wall from (3,3): range 3, Strength 2 only.
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [2, 3]\nface_up = true\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 5]\nface_up = true\n");
    let mut g2 = g.clone();
    play(&mut g2, "Vibro-Knife", "spy");
    assert!(
        !has(&g2, Action::ResolveAction),
        "Strength 1: nothing in range"
    );
    play(&mut g, "Jetpack Hop", "spy"); // Strength 2
    act(&mut g, Action::ResolveAction);
    // MA-SPY-5: the Scrap Trooper (range 2) is the only choice; it moves 1 square.
    assert!(matches!(g.pending(), Some(Task::SpyMoveTo { .. })));
    let to = sq(&g, 3, 6);
    act(&mut g, Action::Square(to));
    assert_eq!(
        g.threats()[token(&g, "Scrap Trooper") as usize].loc,
        TLoc::Map(to)
    );
}

// MA-SPY-7, MA-ENEMY-14
// MA-SPY-7, MA-ENEMY-14
#[test]
fn ma_spy_7_and_enemy_14_moving_a_saboteur_in_the_action_phase_disturbs_nothing() {
    let mut g = solo(2, &HAND, "[[character]]\nid = \"mando\"\nat = [3, 0]\n[[threat]]\nname = \"Saboteur\"\nat = [3, 1]\nface_up = true\n");
    let before: Vec<u8> = (0..4).map(|i| g.slot_strength(i)).collect();
    play(&mut g, "Vibro-Knife", "spy");
    act(&mut g, Action::ResolveAction);
    let to = sq(&g, 4, 1);
    act(&mut g, Action::Square(to));
    let after: Vec<u8> = (0..4).map(|i| g.slot_strength(i)).collect();
    assert_eq!(after[2], before[2] + 1, "only the played card");
    assert_eq!(after[0..2], before[0..2]);
}

fn plan_game(top: &str, kept: &str) -> Mandalorian {
    sc(&format!("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Tracking Fob\", \"Jetpack Hop\", \"Hunter's Patience\", \"Vibro-Knife\"], []]\nplanning_top = [{top}]\n[[character]]\nid = \"mando\"\nkept = [{kept}]\n"))
}

// MA-PLAN-1, MA-PLAN-2
// MA-PLAN-1, MA-PLAN-2
#[test]
fn ma_plan_1_2_draw_s_cards_privately() {
    let mut g = plan_game(
        "\"bad-luck\", \"defense\", \"sprint\", \"covering-fire\"",
        "",
    );
    play(&mut g, "Hunter's Patience", "plan"); // 3 + Plan bonus = 4
    act(&mut g, Action::ResolveAction);
    assert_eq!(g.plan_drawn().len(), 4);
    assert_eq!(g.view_of(0).plan_drawn.len(), 4);
    assert!(g.view_of(1).plan_drawn.is_empty(), "MA-PLAN-2, MA-INFO-3");
}

// MA-PLAN-3, MA-PLAN-4, MA-PLAN-5
// MA-PLAN-3, MA-PLAN-4, MA-PLAN-5
#[test]
fn ma_plan_3_4_5_keep_one_not_bad_luck_not_a_second_copy() {
    let mut g = plan_game("\"bad-luck\", \"defense\", \"sprint\"", "\"sprint\"");
    play(&mut g, "Tracking Fob", "plan"); // Strength 2… plus nothing: draws bad-luck, defense
    act(&mut g, Action::ResolveAction);
    let keeps: Vec<String> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Keep(p) => Some(g.content().planning[p as usize].id.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(keeps, vec!["defense".to_string()], "MA-PLAN-4: no Bad Luck");
    let mut g = plan_game("\"sprint\", \"defense\", \"bad-luck\"", "\"sprint\"");
    play(&mut g, "Tracking Fob", "plan");
    act(&mut g, Action::ResolveAction);
    assert!(
        legal(&g).iter().all(|a| match a {
            Action::Keep(p) => g.content().planning[*p as usize].id != "sprint",
            _ => true,
        }),
        "MA-PLAN-5, MA-MODE-15: no second Sprint"
    );
    let def = g
        .plan_drawn()
        .iter()
        .copied()
        .find(|&p| g.content().planning[p as usize].id == "defense")
        .unwrap();
    act(&mut g, Action::Keep(def));
    // MA-PLAN-3, MA-INFO-6: kept face up, public.
    assert!(g.view_of(1).characters[0]
        .kept
        .contains(&"Defense".to_string()));
}

// MA-PLAN-6, MA-PLAN-7
// MA-PLAN-6, MA-PLAN-7
#[test]
fn ma_plan_6_7_one_card_on_top_the_rest_discarded() {
    let mut g = plan_game(
        "\"bad-luck\", \"defense\", \"sprint\", \"covering-fire\"",
        "",
    );
    play(&mut g, "Hunter's Patience", "plan");
    act(&mut g, Action::ResolveAction);
    act(&mut g, Action::KeepNone);
    let sprint = g
        .plan_drawn()
        .iter()
        .copied()
        .find(|&p| g.content().planning[p as usize].id == "sprint")
        .unwrap();
    let discard_before = g.planning_deck().discard_len();
    act(&mut g, Action::Top(sprint));
    assert_eq!(g.planning_deck().draw_pile().last(), Some(&sprint));
    assert_eq!(g.planning_deck().discard_len(), discard_before + 3);
    assert!(g.plan_drawn().is_empty());
}

// MA-PLAN-8, MA-PLAN-9, MA-PLAN-1
// MA-PLAN-8, MA-PLAN-9, MA-PLAN-1
#[test]
fn ma_plan_8_9_defense_blocks_1_damage_and_goes_to_the_discard() {
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 3]\nkept = [\"defense\"]\n[[threat]]\nname = \"Watchman\"\nat = [3, 5]\nface_up = true\n");
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 4)]);
    stop(&mut g);
    assert!(has(&g, Action::Block) && has(&g, Action::TakeDamage));
    let d = g.planning_deck().discard_len();
    act(&mut g, Action::Block);
    assert_eq!(damage(&g, 0), 0);
    assert!(g.characters()[0].kept.is_empty());
    assert_eq!(g.planning_deck().discard_len(), d + 1);
}

// MA-PLAN-10, MA-EXTRA-1, MA-EXTRA-2, MA-EXTRA-3, MA-EXTRA-6
// MA-PLAN-10, MA-EXTRA-1, MA-EXTRA-2, MA-EXTRA-3, MA-EXTRA-6
#[test]
fn ma_plan_10_and_extra_1_2_3_6_momentum_grants_an_additional_action() {
    let mut g = m1("[[character]]\nid = \"mando\"\nkept = [\"momentum\"]\n");
    play_idle(&mut g, "Tracking Fob", "move");
    play_idle(&mut g, "Jetpack Hop", "attack");
    // MA-ACT-1: 2 actions done, the action phase may end.
    assert!(has(&g, Action::EndActions));
    let momentum = g.characters()[0].kept[0];
    act(
        &mut g,
        Action::UsePlanning {
            ch: 0,
            card: momentum,
        },
    );
    assert_eq!(g.turn_acts().extra, 1);
    // MA-EXTRA-2, -3: with a card from hand, never into a slot already played this turn.
    let card = card_in_hand(&g, 0, "Vibro-Knife");
    assert!(!has(&g, Action::Play { card, slot: 0 }) && !has(&g, Action::Play { card, slot: 1 }));
    assert!(has(&g, Action::Play { card, slot: 2 }));
    act(&mut g, Action::Play { card, slot: 2 });
    // MA-EXTRA-6: still 2 normal actions.
    assert_eq!(g.turn_acts().normal, 2);
    assert_eq!(g.turn_acts().extra, 0);
}

// MA-EXTRA-4, MA-EXTRA-5, MA-EXTRA-7
// MA-EXTRA-4, MA-EXTRA-5, MA-EXTRA-7
#[test]
fn ma_extra_4_5_7_free_actions_play_no_card_and_may_repeat() {
    let mut g = m1("[[character]]\nid = \"mando\"\nat = [3, 0]\nkept = [\"sprint\"]\n");
    play(&mut g, "Tracking Fob", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 1)]);
    stop(&mut g);
    finish(&mut g);
    let before: Vec<u8> = (0..4).map(|i| g.slot_strength(i)).collect();
    let sprint = g.characters()[0].kept[0];
    act(
        &mut g,
        Action::UsePlanning {
            ch: 0,
            card: sprint,
        },
    );
    // A free Move with Strength 2, though Move was performed this turn.
    walk(&mut g, &[(3, 2), (3, 3)]);
    assert_eq!(at(&g, 0), (3, 3));
    let after: Vec<u8> = (0..4).map(|i| g.slot_strength(i)).collect();
    assert_eq!(before, after, "MA-EXTRA-7: no card, no Strength");
    assert_eq!(g.turn_acts().normal, 1, "MA-EXTRA-6");
}

// MA-CARD-1, MA-CARD-3, MA-CARD-1
// MA-CARD-1, MA-CARD-3, MA-CARD-1
#[test]
fn ma_card_1_3_bonus_icon_adds_1_only_in_its_slot() {
    let g = m1("");
    let knife = card_in_hand(&g, 0, "Vibro-Knife");
    assert_eq!(
        g.resolve_strength(knife, 1),
        2,
        "Attack icon in the Attack slot"
    );
    assert_eq!(
        g.resolve_strength(knife, 0),
        1,
        "no effect in the Move slot"
    );
}

// MA-CARD-2, MA-CARD-11, MA-EVENT-4
// MA-CARD-2, MA-CARD-11, MA-EVENT-4
#[test]
fn ma_card_2_11_and_event_4_event_phase_counts_printed_values_only() {
    let mut g = m1("[[slot]]\nslot = \"attack\"\ntokens = [1]\n");
    play_idle(&mut g, "Vibro-Knife", "attack");
    assert_eq!(
        g.slot_strength(1),
        2,
        "1 printed + 1 token; the bonus is not counted"
    );
}

// MA-CARD-4, MA-CARD-7
// MA-CARD-4, MA-CARD-7
#[test]
fn ma_card_4_7_ability_text_only_in_the_named_slot() {
    let hand = ["Whistling Volley", "Flame Projector"];
    let extra = "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 4]\nface_up = true\n";
    let mut g = solo(1, &hand, extra);
    play(&mut g, "Whistling Volley", "attack");
    assert!(has(&g, Action::ResolveText));
    let mut g = solo(1, &hand, extra);
    play(&mut g, "Whistling Volley", "move");
    // MA-CARD-7: no text, but the Move action with the card's Strength.
    assert!(!has(&g, Action::ResolveText));
    assert!(matches!(g.pending(), Some(Task::Card { s: 3, .. })));
}

// MA-CARD-5, MA-CARD-6
// MA-CARD-5, MA-CARD-6
#[test]
fn ma_card_5_6_text_before_or_after_the_action_in_addition() {
    let hand = ["Whistling Volley", "Beskar Charge"];
    let extra = "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 4]\nface_up = true\n";
    let mut g = solo(1, &hand, extra);
    let k = token(&g, "Kesh Varro");
    play(&mut g, "Whistling Volley", "attack");
    // Text first (MA-CARD-6: before), then the action too (MA-CARD-5: in addition).
    act(&mut g, Action::ResolveText);
    assert_eq!(g.threats()[k as usize].damage, 1);
    act(&mut g, Action::ResolveAction);
    // 1 + 4 (Strength 3, +1 Attack icon) = 5 = Health: defeated.
    assert_eq!(g.threats()[k as usize].loc, TLoc::Defeated);
    // Beskar Charge's text is timed "after the action": not before.
    let mut g = solo(1, &hand, extra);
    play(&mut g, "Beskar Charge", "move");
    assert!(!has(&g, Action::ResolveText));
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(3, 4)]);
    stop(&mut g);
    assert!(has(&g, Action::ResolveText));
}

// MA-CARD-8
// MA-CARD-8
#[test]
fn ma_card_8_ability_texts_are_optional() {
    let hand = ["Whistling Volley"];
    let mut g = solo(1, &hand, "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 4]\nface_up = true\n");
    play(&mut g, "Whistling Volley", "attack");
    assert!(has(&g, Action::FinishCard));
    act(&mut g, Action::FinishCard);
    assert_eq!(g.threats()[token(&g, "Kesh Varro") as usize].damage, 0);
}

// MA-CARD-9
// MA-CARD-9
#[test]
fn ma_card_9_any_character_includes_you_another_does_not() {
    // IG-11's Nursing Routine heals "another character"; Tamsin's Patch Up "any character".
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nhands = [[\"Nursing Routine\"]]\n[[character]]\nid = \"ig11\"\ndamage = 1\n[[character]]\nid = \"mando\"\ndamage = 1\n");
    play(&mut g, "Nursing Routine", "plan");
    act(&mut g, Action::ResolveText);
    // Only the Mandalorian could be chosen, so he was healed.
    assert_eq!((damage(&g, 0), damage(&g, 1)), (0, 1));
    let mut g = sc("mission = 4\nmode = \"shared\"\nseats = 1\ncharacters = [\"mando\", \"tamsin\"]\nclear_threats = true\nhands = [[\"Patch Up\"]]\n[[character]]\nid = \"tamsin\"\ndamage = 1\n[[character]]\nid = \"mando\"\ndamage = 1\n");
    play(&mut g, "Patch Up", "plan");
    act(&mut g, Action::ResolveText);
    assert!(has(&g, Action::Character(0)) && has(&g, Action::Character(1)));
}

// MA-ACT-1, MA-ACT-4
// MA-ACT-1, MA-ACT-4
#[test]
fn ma_act_1_4_exactly_two_different_actions_one_card_per_slot() {
    let mut g = m1("");
    assert!(!has(&g, Action::EndActions));
    play_idle(&mut g, "Tracking Fob", "move");
    let jet = card_in_hand(&g, 0, "Jetpack Hop");
    assert!(
        !has(&g, Action::Play { card: jet, slot: 0 }),
        "MA-ACT-4: Move already played"
    );
    assert!(!has(&g, Action::EndActions));
    play_idle(&mut g, "Jetpack Hop", "spy");
    assert!(
        !legal(&g).iter().any(|a| matches!(a, Action::Play { .. })),
        "no third action"
    );
    assert!(has(&g, Action::EndActions));
}

// MA-ACT-2, MA-ACT-3, MA-ACT-5
// MA-ACT-2, MA-ACT-3, MA-ACT-5
#[test]
fn ma_act_2_3_5_card_goes_on_top_and_may_be_left_unresolved() {
    let mut g = m1("[[slot]]\nslot = \"move\"\ncards = [\"Bounty Puck\"]\ntokens = [1]\n");
    let fob = card_in_hand(&g, 0, "Tracking Fob");
    act(&mut g, Action::Play { card: fob, slot: 0 });
    assert_eq!(g.slots()[0].cards.last(), Some(&fob), "MA-ACT-3: on top");
    act(&mut g, Action::FinishCard); // MA-ACT-5: not resolved
    assert_eq!(g.slot_strength(0), 1 + 1 + 2);
}

// MA-ACT-6
// MA-ACT-6
#[test]
fn ma_act_6_cards_stay_in_slots_across_turns() {
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Bounty Puck\", \"Vibro-Knife\", \"Tracking Fob\", \"Jetpack Hop\"], [\"Recalibrate\", \"Servo March\", \"Scan Sweep\", \"Target Lock\"]]\n[[slot]]\nslot = \"move\"\ntokens = [1]\n[[slot]]\nslot = \"attack\"\ntokens = [1]\n");
    play_idle(&mut g, "Bounty Puck", "move");
    play_idle(&mut g, "Vibro-Knife", "attack");
    act(&mut g, Action::EndActions);
    assert_eq!(g.active_seat(), 1);
    play_idle(&mut g, "Recalibrate", "move");
    // Cards of two players and two turns in one slot.
    assert_eq!(g.slots()[0].cards.len(), 2);
}

// MA-ACT-9
// MA-ACT-9
#[test]
fn ma_act_9_a_hand_too_small_plays_what_it_can() {
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Bounty Puck\"], []]\ndeck_draw = [0, 0]\n");
    play_idle(&mut g, "Bounty Puck", "plan");
    assert!(has(&g, Action::EndActions) || g.active_seat() == 1);
}

// MA-CARD-7, MA-ATTACK-1
/// A card played where its action and its text can do nothing says why: no enemy within range.
#[test]
fn ma_card_a_card_with_nothing_in_range_says_so() {
    let mut g = solo(
        1,
        &[
            "Whistling Volley",
            "Visor Scan",
            "Jetpack Hop",
            "Vibro-Knife",
        ],
        "[[character]]\nid = \"mando\"\nat = [5, 0]\n",
    );
    // Nothing to decide: the card is put aside at once, and the log says why.
    let ev = play(&mut g, "Whistling Volley", "attack");
    let idle = ev
        .iter()
        .find(|e| matches!(e, Happened::CardIdle { .. }))
        .expect("the card is put aside");
    let Happened::CardIdle { why, .. } = idle else {
        unreachable!()
    };
    let texts = vec![
        "the Attack action can do nothing: no enemy within range 1 (MA-ATTACK-1)".to_string(),
        "Whistling Volley's text can do nothing: no enemy within range 2".to_string(),
    ];
    assert_eq!(why.texts(), texts);
    // The event keeps the reasons as data; players and logs get them in words.
    let json = serde_json::to_value(idle).expect("serializes");
    assert_eq!(json["event"], "card-idle");
    assert_eq!(json["why"], serde_json::json!(texts));
    // Played into another slot, the text works only in its own; the Move is still possible,
    // so the player decides, and the decision line says why the text is not offered.
    play(&mut g, "Visor Scan", "move");
    let label = g.pending_label();
    assert!(
        label.contains("Visor Scan's text works only in the Spy slot (MA-CARD-7)"),
        "{label}"
    );
}
