//! Set-up in order, difficulty and the turn skeleton (MA-SETUP, MA-DIFF, MA-TURN, MA-DECK,
//! MA-WIN, MA-END-3).
mod common;
use common::*;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::state::*;
use tabletop_mandalorian::*;

fn new(m: u8, d: Difficulty, seed: u64) -> Mandalorian {
    Mandalorian::new_game(embedded(), &Options::solo(m, d), seed).unwrap()
}

// MA-SETUP-2, MA-SETUP-6, MA-SETUP-7, MA-SETUP-8, MA-MISSION-1
// MA-SETUP-2, MA-SETUP-6, MA-SETUP-7, MA-SETUP-8, MA-MISSION-1
#[test]
fn ma_setup_2_6_7_8_decks_shuffled_for_mission_1() {
    let a = new(1, Difficulty::Recruit, 1);
    let b = new(1, Difficulty::Recruit, 2);
    assert_eq!(a.mission().number, 1);
    // MA-SETUP-6: 20 planning cards; MA-SETUP-7, -8, MA-EVENT-38: 12 events, random order.
    assert_eq!(a.planning_deck().draw_len(), 20);
    assert_eq!(a.event_deck().draw_len(), 12);
    assert_ne!(a.event_deck().draw_pile(), b.event_deck().draw_pile());
    assert_ne!(a.planning_deck().draw_pile(), b.planning_deck().draw_pile());
}

// MA-SETUP-10, MA-SETUP-11, MA-MISSION-3
// MA-SETUP-10, MA-SETUP-11, MA-MISSION-3
#[test]
fn ma_setup_10_11_and_mission_3_one_white_token_per_slot_the_rest_in_the_pool() {
    let c = embedded();
    let g = new(1, Difficulty::Recruit, 3);
    for s in g.slots() {
        assert_eq!(s.tokens.len(), 1);
        assert!(c.disturbance[s.tokens[0] as usize].white);
    }
    let pool = g.disturbance_pool();
    assert_eq!(pool.len(), 6);
    assert_eq!(
        pool.iter()
            .filter(|&&t| c.disturbance[t as usize].white)
            .count(),
        1
    );
    // Mission 3 has a green slot: 5 white tokens in slots, 5 yellow in the pool.
    let g = new(3, Difficulty::Recruit, 3);
    assert_eq!(g.slots().len(), 5);
    assert!(g
        .slots()
        .iter()
        .all(|s| c.disturbance[s.tokens[0] as usize].white));
    assert!(g
        .disturbance_pool()
        .iter()
        .all(|&t| !c.disturbance[t as usize].white));
}

// MA-SETUP-12, MA-SETUP-13, MA-SETUP-14, MA-SETUP-15, MA-SETUP-16
// MA-SETUP-12, MA-SETUP-13, MA-SETUP-14, MA-SETUP-15, MA-SETUP-16
#[test]
fn ma_setup_12_13_14_15_16_threat_tokens_by_shape_face_down_with_question_marks() {
    for seed in 0..20 {
        let g = new(1, Difficulty::Recruit, seed);
        let m = g.mission();
        for icon in &m.icons {
            let here: Vec<u8> = (0..g.threats().len() as u8)
                .filter(|&t| g.threats()[t as usize].loc == TLoc::Map(icon.sq))
                .collect();
            assert_eq!(here.len(), 1);
            let t = here[0];
            assert_eq!(g.token_def(t).shape, icon.shape, "MA-SETUP-12");
            assert_eq!(
                g.threats()[t as usize].face_up,
                !icon.hidden,
                "MA-SETUP-13, -14"
            );
            assert!(!g.token_def(t).orange);
        }
        // MA-SETUP-15: the orange tokens, face down, form the reinforcement pile.
        let orange = m.tokens.iter().filter(|t| t.orange).count();
        assert_eq!(g.reinforcement_pile().len(), orange);
        assert!(g
            .reinforcement_pile()
            .iter()
            .all(|&t| !g.threats()[t as usize].face_up));
        // MA-SETUP-16: the leftover shape-1 token is back in the box.
        assert_eq!(
            g.threats().iter().filter(|t| t.loc == TLoc::Box).count(),
            m.tokens.len() - orange - m.icons.len()
        );
    }
}

// MA-SETUP-17, MA-SETUP-18, MA-SETUP-19, MA-SETUP-20, MA-DIFF-2, MA-DIFF-3, MA-DIFF-4
// MA-SETUP-17, MA-SETUP-18, MA-SETUP-19, MA-SETUP-20, MA-DIFF-2, MA-DIFF-3, MA-DIFF-4
#[test]
fn ma_setup_17_18_19_20_and_diff_2_3_4_characters_sides_start_and_hands() {
    let c = embedded();
    for (d, hp, hand) in [
        (Difficulty::Recruit, 8, 4),
        (Difficulty::Standard, 6, 4),
        (Difficulty::Veteran, 6, 3),
    ] {
        let g = Mandalorian::new_game(c, &Options::new(1, d, Mode::Standard, 2), 1).unwrap();
        let mando = &g.characters()[0];
        assert_eq!(mando.health, hp);
        assert!(
            g.characters().iter().all(|ch| ch.sq == g.map().start),
            "MA-SETUP-19, MA-TERRAIN-10"
        );
        assert!(
            (0..2).all(|s| g.hand(s).len() == hand),
            "MA-SETUP-20, MA-DIFF-4"
        );
        // Each hand from the player's own deck.
        assert!(g
            .hand(1)
            .iter()
            .all(|&k| c.card(k).character == g.characters()[1].def));
        assert_eq!(g.hand_size(), hand);
    }
    assert_eq!(
        Options::new(1, Difficulty::default(), Mode::Standard, 2).difficulty,
        Difficulty::Recruit,
        "MA-DIFF-1"
    );
    // MA-SETUP-17: different characters from the mission's list.
    let mut o = Options::new(1, Difficulty::Recruit, Mode::Standard, 2);
    o.characters = vec!["mando".into(), "mando".into()];
    assert!(Mandalorian::new_game(c, &o, 1).is_err());
}

// MA-SETUP-22
// MA-SETUP-22
#[test]
fn ma_setup_22_the_first_player_is_chosen_or_random() {
    let c = embedded();
    let mut o = Options::new(1, Difficulty::Recruit, Mode::Standard, 3);
    o.first_player = Some(2);
    assert_eq!(Mandalorian::new_game(c, &o, 1).unwrap().active_seat(), 2);
    o.first_player = None;
    let firsts: std::collections::BTreeSet<u8> = (0..30)
        .map(|s| Mandalorian::new_game(c, &o, s).unwrap().active_seat())
        .collect();
    assert!(firsts.len() > 1 && firsts.iter().all(|&f| f < 3));
}

// MA-TURN-1, MA-TURN-2, MA-TURN-3
// MA-TURN-1, MA-TURN-2, MA-TURN-3
#[test]
fn ma_turn_1_2_3_phases_in_order_then_the_player_to_the_left() {
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Bounty Puck\", \"Vibro-Knife\", \"Tracking Fob\", \"Jetpack Hop\"], [\"Recalibrate\", \"Servo March\", \"Scan Sweep\", \"Target Lock\"]]\n");
    assert_eq!(
        g.stack(),
        &[
            Task::EndTurn,
            Task::DrawPhase,
            Task::EventPhase { next: 0 },
            Task::ActionPhase
        ]
    );
    play_idle(&mut g, "Bounty Puck", "plan");
    play_idle(&mut g, "Vibro-Knife", "spy");
    let ev = act(&mut g, Action::EndActions);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Happened::TurnEnded { turn: 1 })));
    assert_eq!((g.active_seat(), g.turn()), (1, 2));
    // MA-TURN-7: seat 0 drew back to 4.
    assert_eq!(g.hand(0).len(), 4);
}

// MA-TURN-7, MA-TURN-8, MA-DECK-2
// MA-TURN-7, MA-TURN-8, MA-DECK-2
#[test]
fn ma_turn_7_8_and_deck_2_draw_to_hand_size_owed_cards_come_later() {
    // Seat 0 has 4 cards, an empty draw pile and discard pile; a slot holds its other cards.
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Bounty Puck\", \"Vibro-Knife\", \"Tracking Fob\", \"Jetpack Hop\"], []]\n[[slot]]\nslot = \"move\"\ntokens = [1]\ncards = [\"Beskar Charge\", \"Flame Projector\"]\n[[slot]]\nslot = \"attack\"\ntokens = [1]\ncards = [\"Whistling Volley\"]\n[[slot]]\nslot = \"spy\"\ntokens = [1]\ncards = [\"Visor Scan\"]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\ncards = [\"Hunter's Patience\"]\n");
    // Mando's remaining 3 cards: leave them in the draw pile, then play 2 and end.
    assert_eq!(g.deck(0).draw_len(), 3);
    let hand1 = g.hand(1).len();
    play_idle(&mut g, "Vibro-Knife", "spy"); // Spy 1+3+1 = 5: event, discards Visor Scan + Knife
    play_idle(&mut g, "Bounty Puck", "plan"); // Plan 1+3+1 = 5
    act(&mut g, Action::EndActions);
    // Whatever the events did, seat 0 is back to 4 and seat 1's hand was not touched
    // (MA-TURN-8: only the active player draws, and a full hand draws nothing).
    assert_eq!(g.hand(0).len(), 4);
    assert_eq!(g.hand(1).len(), hand1);
    // MA-DECK-2: an empty deck and discard: owed cards are drawn once cards are discarded.
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Bounty Puck\", \"Vibro-Knife\"], []]\ndeck_draw = [0]\n[[slot]]\nslot = \"move\"\ntokens = [1]\ncards = [\"Beskar Charge\", \"Flame Projector\", \"Whistling Volley\", \"Visor Scan\", \"Hunter's Patience\", \"Tracking Fob\", \"Tracking Fob\", \"Jetpack Hop\", \"Jetpack Hop\", \"Bounty Puck\"]\n");
    assert_eq!(g.deck(0).draw_len() + g.deck(0).discard_len(), 0);
    play_idle(&mut g, "Bounty Puck", "plan");
    play_idle(&mut g, "Vibro-Knife", "spy");
    act(&mut g, Action::EndActions);
    // The Move slot (Strength 24) was resolved and discarded; seat 0 drew what it was owed.
    assert_eq!(g.hand(0).len(), 4);
}

// MA-DECK-1
// MA-DECK-1
#[test]
fn ma_deck_1_an_emptied_deck_is_reshuffled_at_once() {
    // 2 planning cards left and 18 in the discard: a Plan of 2 draws both, and the discard pile
    // becomes the new deck immediately.
    let mut g = solo(1, &["Jetpack Hop"], "planning_draw = 2\n");
    assert_eq!(
        (
            g.planning_deck().draw_len(),
            g.planning_deck().discard_len()
        ),
        (2, 18)
    );
    play(&mut g, "Jetpack Hop", "plan");
    act(&mut g, Action::ResolveAction);
    assert_eq!(g.planning_deck().draw_len(), 18);
    assert_eq!(g.planning_deck().discard_len(), 0);
}

// MA-WIN-1, MA-WIN-2, MA-WIN-3
// MA-WIN-1, MA-WIN-2, MA-WIN-3
#[test]
fn ma_win_1_2_3_the_objective_is_checked_at_the_end_of_the_turn() {
    let mut g = solo(
        1,
        &["Jetpack Hop", "Bounty Puck"],
        "[[threat]]\nname = \"Kesh Varro\"\nat = [5, 1]\nface_up = true\ndamage = 3\n",
    );
    play(&mut g, "Jetpack Hop", "attack");
    act(&mut g, Action::ResolveAction);
    assert_eq!(
        g.threats()[token_any(&g, "Kesh Varro") as usize].loc,
        TLoc::Defeated
    );
    assert!(g.outcome().is_none(), "not before the end of the turn");
    play_idle(&mut g, "Bounty Puck", "plan");
    act(&mut g, Action::EndActions);
    assert!(won(&g));
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

fn token_any(g: &Mandalorian, name: &str) -> u8 {
    (0..g.threats().len() as u8)
        .find(|&t| g.token_def(t).name == name)
        .unwrap()
}

// MA-WIN-4
// MA-WIN-4
#[test]
fn ma_win_4_a_failure_loses_at_once() {
    // The crisis takes the track to 10: lost before the event card is drawn.
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\ntrack = 9\n[[slot]]\nslot = \"move\"\ntokens = [3]\ncards = [\"Hunter's Patience\"]\n");
    let before = g.event_deck().draw_len();
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert!(lost(&g));
    assert_eq!(g.event_deck().draw_len(), before);
    // Mission 2 also fails when turn 26 ends.
    let mut g = sc("mission = 2\nmode = \"shared\"\nseats = 1\nclear_threats = true\nturn = 26\nhands = [[\"Jetpack Hop\", \"Bounty Puck\"]]\n");
    play_idle(&mut g, "Jetpack Hop", "spy");
    play_idle(&mut g, "Bounty Puck", "plan");
    act(&mut g, Action::EndActions);
    assert!(lost(&g));
}

// MA-END-3
// MA-END-3
#[test]
fn ma_end_3_every_game_starts_without_damage() {
    let g = new(2, Difficulty::Standard, 5);
    assert!(g.characters().iter().all(|c| c.damage == 0));
}

/// Options (in a save or a JSON `new`) with a misspelled key are refused, naming the key,
/// rather than silently played with the default.
#[test]
fn misspelled_option_keys_are_refused() {
    let good = r#"{"mission":1,"difficulty":"veteran","mode":"shared","seats":1}"#;
    assert!(serde_json::from_str::<Options>(good).is_ok());
    let bad = r#"{"mission":1,"dificulty":"veteran","mode":"shared","seats":1}"#;
    let e = serde_json::from_str::<Options>(bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("dificulty"), "{e}");
}
