//! Game modes, hidden information and the golden rules (MA-MODE, MA-INFO, MA-GOLD).
mod common;
use common::*;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_mandalorian::state::*;
use tabletop_mandalorian::*;

// MA-MODE-1, MA-MODE-2, MA-MODE-23
// MA-MODE-1, MA-MODE-2, MA-MODE-23
#[test]
fn ma_mode_1_2_23_too_many_players_or_one_player_need_another_mode() {
    let c = embedded();
    // Mission 1 lists 4 characters: 5 players must share or play sandbox (MA-SETUP-23).
    let e = Mandalorian::new_game(
        c,
        &Options::new(1, Difficulty::Recruit, Mode::Standard, 5),
        1,
    )
    .unwrap_err();
    assert!(e.to_string().contains("between 1 and 4") || e.to_string().contains("MA-MODE-1"));
    let mut o = Options::new(2, Difficulty::Recruit, Mode::Standard, 4);
    o.locked = vec![
        "tamsin".into(),
        "dax".into(),
        "sela".into(),
        "bran".into(),
        "orrin".into(),
    ];
    let e = Mandalorian::new_game(c, &o, 1).unwrap_err();
    assert!(e.to_string().contains("MA-MODE-1"), "{e}");
    // MA-MODE-2: alone, the player uses 2 characters in shared mode.
    let e = Mandalorian::new_game(
        c,
        &Options::new(1, Difficulty::Recruit, Mode::Standard, 1),
        1,
    )
    .unwrap_err();
    assert!(e.to_string().contains("MA-MODE-2"));
    let g = Mandalorian::new_game(c, &Options::solo(1, Difficulty::Recruit), 1).unwrap();
    assert_eq!(g.characters().len(), 2);
}

// MA-MODE-4, MA-MODE-5, MA-MODE-6, MA-MODE-7
// MA-MODE-4, MA-MODE-5, MA-MODE-6, MA-MODE-7
#[test]
fn ma_mode_4_5_6_7_sandbox_takes_any_different_characters() {
    let c = embedded();
    let mut o = Options::new(1, Difficulty::Recruit, Mode::Sandbox, 2);
    // Sela is not listed for mission 1, and nobody takes the Mandalorian (MA-MODE-5).
    o.characters = vec!["sela".into(), "bran".into()];
    let g = Mandalorian::new_game(c, &o, 1).unwrap();
    // MA-MODE-6: no special set-up, the start square.
    assert!(g.characters().iter().all(|ch| ch.sq == g.map().start));
    o.mode = Mode::Standard;
    assert!(
        Mandalorian::new_game(c, &o, 1).is_err(),
        "MA-MODE-4: only sandbox allows it"
    );
    o.mode = Mode::Sandbox;
    o.characters = vec!["sela".into(), "sela".into()];
    assert!(Mandalorian::new_game(c, &o, 1).is_err(), "MA-MODE-7");
}

// MA-MODE-8, MA-MODE-9, MA-MODE-10, MA-MODE-11, MA-MODE-20
// MA-MODE-8, MA-MODE-9, MA-MODE-10, MA-MODE-11, MA-MODE-20
#[test]
fn ma_mode_8_9_10_11_20_shared_mode_two_listed_characters_one_deck() {
    let c = embedded();
    let g = Mandalorian::new_game(c, &Options::new(1, Difficulty::Recruit, Mode::Shared, 3), 2)
        .unwrap();
    // Exactly 2 characters, the first two listed, one shared deck of 24 (MA-MODE-10, -11).
    assert_eq!(g.characters().len(), 2);
    assert_eq!(g.decks().len(), 1);
    assert_eq!(g.deck(0).draw_len() + 3 * 4, 24);
    assert!((0..3).all(|s| g.hand(s).len() == 4 && g.seat_state(s).deck == 0));
    let mut o = Options::new(1, Difficulty::Recruit, Mode::Shared, 1);
    o.characters = vec!["mando".into(), "sela".into()];
    assert!(
        Mandalorian::new_game(c, &o, 2).is_err(),
        "MA-MODE-9: listed characters only"
    );
    // MA-MODE-20: solo is shared mode with one seat.
    let s = Options::solo(1, Difficulty::Recruit);
    assert_eq!((s.mode, s.seats), (Mode::Shared, 1));
}

// MA-MODE-12, MA-MODE-13, MA-MODE-14
// MA-MODE-12, MA-MODE-13, MA-MODE-14
#[test]
fn ma_mode_12_13_14_the_card_shows_who_acts_one_card_per_slot() {
    let mut g = solo(
        1,
        &["Servo March", "Recalibrate", "Jetpack Hop", "Tracking Fob"],
        "",
    );
    play(&mut g, "Servo March", "move");
    assert!(
        matches!(g.pending(), Some(Task::Card { ch: 1, .. })),
        "MA-MODE-12: IG-11 moves"
    );
    finish(&mut g);
    let jet = card_in_hand(&g, 0, "Jetpack Hop");
    assert!(!has(&g, Action::Play { card: jet, slot: 0 }), "MA-MODE-14");
    play_idle(&mut g, "Recalibrate", "plan");
    // MA-MODE-13: 2 cards of the same character were fine.
    assert_eq!(g.turn_acts().normal, 2);
}

// MA-MODE-15, MA-MODE-16
// MA-MODE-15, MA-MODE-16
#[test]
fn ma_mode_15_16_planning_cards_per_character_the_active_player_decides() {
    let g = solo(1, &["Tracking Fob"], "[[character]]\nid = \"mando\"\nkept = [\"defense\"]\n[[character]]\nid = \"ig11\"\nkept = [\"defense\"]\n");
    // Each character may hold its own Defense (one copy per character).
    assert_eq!(
        g.characters()[0].kept.len() + g.characters()[1].kept.len(),
        2
    );
    assert!(!g.may_keep(0, g.characters()[1].kept[0]));
    assert_eq!(g.actor(), Actor::Seat(0));
}

// MA-MODE-17, MA-MODE-18, MA-MODE-19
// MA-MODE-17, MA-MODE-18, MA-MODE-19
#[test]
fn ma_mode_17_18_19_you_is_the_acting_character_or_the_top_cards() {
    // MA-MODE-18: Crossfire's 6+ "you take 1 damage" hits IG-11, whose card is on top.
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\nevents_top = [\"crossfire\"]\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Hunter's Patience\", \"Recalibrate\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert_eq!((damage(&g, 0), damage(&g, 1)), (0, 1));
    // MA-MODE-19: the nearest face-down threat is measured from that character.
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\nevents_top = [\"frightened-foundling\"]\n[[character]]\nid = \"ig11\"\nat = [0, 7]\n[[threat]]\nname = \"Kesh Varro\"\nat = [1, 7]\n[[threat]]\nname = \"Medpac\"\nat = [4, 0]\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Target Lock\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert!(g.threats()[token(&g, "Kesh Varro") as usize].face_up);
    assert!(!g.threats()[token(&g, "Medpac") as usize].face_up);
    // MA-MODE-17: in an action, "you" is the character performing it: Whistling Volley measures
    // its range 2 from the Mandalorian.
    let mut g = solo(1, &["Whistling Volley"], "[[character]]\nid = \"mando\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 5]\nface_up = true\n");
    play(&mut g, "Whistling Volley", "attack");
    assert!(has(&g, Action::ResolveText));
}

// MA-MODE-3, MA-DIFF-5
// MA-MODE-3, MA-DIFF-5
#[test]
fn ma_mode_3_and_diff_5_modes_and_difficulty_change_between_games() {
    let c = embedded();
    let mut camp = tabletop_mandalorian::campaign::Campaign::new(c);
    camp.resolve(c);
    for (d, m, s) in [
        (Difficulty::Recruit, Mode::Shared, 1),
        (Difficulty::Veteran, Mode::Standard, 2),
    ] {
        let o = camp.options(c, d, m, s).unwrap();
        assert!(Mandalorian::new_game(c, &o, 1).is_ok());
    }
}

// MA-INFO-1, MA-INFO-4
// MA-INFO-1, MA-INFO-4
#[test]
fn ma_info_1_4_a_view_shows_its_own_hand_and_every_discard_pile() {
    let g = sc("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\ndeck_draw = [2, 2]\n");
    let v0 = g.view_of(0);
    let v1 = g.view_of(1);
    assert_eq!(v0.hand.iter().map(|h| h.id).collect::<Vec<_>>(), g.hand(0));
    assert!(v0
        .hand
        .iter()
        .all(|h| !v1.hand.iter().any(|o| o.id == h.id)));
    assert_eq!(v0.hand_sizes, vec![4, 4]);
    let json = serde_json::to_string(&v1).unwrap();
    for h in &v0.hand {
        assert!(
            !json.contains(h.text)
                || v1.hand.iter().any(|o| o.text == h.text)
                || v1.ability_discards.concat().contains(&h.text)
        );
    }
    // MA-INFO-4: discards (6 cards each here) are public.
    assert_eq!(v1.ability_discards[0].len(), 6);
}

// MA-GOLD-1
// MA-GOLD-1
#[test]
fn ma_gold_1_card_text_timing_overrides_the_rulebook_default() {
    // MA-CARD-6 lets a text go before or after; Beskar Charge says "after the action".
    let mut g = solo(
        1,
        &["Beskar Charge"],
        "[[threat]]\nname = \"Junk Hound\"\nat = [5, 1]\nface_up = true\n",
    );
    play(&mut g, "Beskar Charge", "move");
    assert!(!has(&g, Action::ResolveText));
}

// MA-GOLD-3, MA-EVENT-13
// MA-GOLD-3, MA-EVENT-13
#[test]
fn ma_gold_3_and_event_13_the_active_seat_decides_event_ties() {
    // Two seats; seat 1 is active: the tie of the spawn square is seat 1's decision.
    let mut g = sc("mission = 3\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nfirst_player = 1\nclear_threats = true\nphase = \"event\"\nhands = [[], []]\nevents_top = [\"dropship-inbound\"]\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Target Lock\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n[[slot]]\nslot = \"Slice the Vault\"\ntokens = [1]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert!(matches!(g.pending(), Some(Task::Spawn { .. })));
    assert_eq!(g.actor(), Actor::Seat(1));
}

/// Mission 2, solo with the Mandalorian and Vessa (both listed): Vessa holds "Come and Get Me"
/// (Move: until the end of this turn, enemies move only toward you). A face-up Slaver Guard
/// (blaster) stands at (1,5), 2 squares from the Mandalorian at (1,7) and 7 from Vessa at (1,0)
/// (the camp wall and the closed door make the walk go round the north end). Playing the taunt
/// into Move brings that slot to 5, so Blaster Advance ("all blaster enemies move 2 squares
/// toward the nearest character") resolves in the event phase.
fn taunt_game() -> Mandalorian {
    sc("mission = 2\nmode = \"shared\"\nseats = 1\ncharacters = [\"mando\", \"vessa\"]\nclear_threats = true\nseed = 4\nreinforcements = []\nhands = [[\"Come and Get Me\", \"Field Glasses\"]]\nevents_top = [\"blaster-advance\"]\n[[character]]\nid = \"mando\"\nat = [1, 7]\n[[character]]\nid = \"vessa\"\nat = [1, 0]\n[[threat]]\nname = \"Slaver Guard\"\nat = [1, 5]\nface_up = true\n[[slot]]\nslot = \"move\"\ntokens = [3]\n[[slot]]\nslot = \"attack\"\ntokens = [1]\n[[slot]]\nslot = \"spy\"\ntokens = [1]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n")
}

/// Play the taunt (resolving its text) and an idle second card, then end the action phase.
fn taunt_then_event(g: &mut Mandalorian) {
    play(g, "Come and Get Me", "move");
    act(g, Action::ResolveText);
    finish(g);
    assert_eq!(g.taunt(), Some(1), "Vessa taunts until the end of the turn");
    assert!(g.view_of(0).taunt.is_some(), "a taunt is public");
    play_idle(g, "Field Glasses", "plan");
    act(g, Action::EndActions);
}

// MA-GOLD-2
// MA-GOLD-2
#[test]
fn ma_gold_2_two_contradicting_cards_the_active_player_decides_which_takes_precedence() {
    // The event card says "toward the nearest character" (the Mandalorian), Vessa's card says
    // "only toward you": the two cards contradict each other, so the active player decides,
    // with a legal action, which takes precedence. No default is applied behind their back.
    let mut g = taunt_game();
    taunt_then_event(&mut g);
    assert!(matches!(
        g.pending(),
        Some(Task::EnemyMove {
            toward: UNDECIDED,
            ..
        })
    ));
    let l = legal(&g);
    assert_eq!(
        l,
        vec![
            Action::Precedence(Precede::EventCard),
            Action::Precedence(Precede::AbilityCard)
        ]
    );
    assert!(g.pending_label().contains("takes precedence"));
    let guard = token(&g, "Slaver Guard");
    // The event card wins: 2 squares toward the nearest character, into the Mandalorian's
    // square (MA-EVENT-19).
    let mut by_event = g.clone();
    act(&mut by_event, Action::Precedence(Precede::EventCard));
    assert_eq!(
        by_event.threats()[guard as usize].loc,
        TLoc::Map(sq(&g, 1, 7))
    );
    // The ability card wins: 2 squares along a shortest walk toward Vessa instead; the two
    // squares at that distance are a tie the active player breaks (MA-GOLD-3).
    let mut by_card = g.clone();
    act(&mut by_card, Action::Precedence(Precede::AbilityCard));
    let mut ends: Vec<_> = legal(&by_card)
        .iter()
        .filter_map(|a| match a {
            Action::Square(s) => Some(g.map().row_col(*s)),
            _ => None,
        })
        .collect();
    ends.sort();
    assert_eq!(ends, vec![(0, 4), (1, 3)]);
    act(&mut by_card, Action::Square(sq(&g, 0, 4)));
    assert_eq!(
        by_card.threats()[guard as usize].loc,
        TLoc::Map(sq(&g, 0, 4))
    );
    // The taunt lasts until the end of the turn only.
    assert!(matches!(by_card.pending(), Some(Task::ActionPhase)));
    assert_eq!(by_card.turn(), 2);
    assert_eq!(by_card.taunt(), None);
}

// MA-GOLD-2
// MA-GOLD-2
#[test]
fn ma_gold_2_cards_that_agree_need_no_decision() {
    // Vessa is the nearest character as well: both cards send the guard the same way, they do
    // not contradict each other, and the movement is resolved as usual.
    let mut g = taunt_game();
    let mut ev = Vec::new();
    g.move_enemy_for_test(token(&g, "Slaver Guard"), sq(&g, 1, 1), &mut ev);
    taunt_then_event(&mut g);
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Precedence(_))));
    assert_eq!(
        g.threats()[token(&g, "Slaver Guard") as usize].loc,
        TLoc::Map(sq(&g, 1, 0))
    );
}

// MA-GOLD-4, MA-DISTURB-3
// MA-GOLD-4, MA-DISTURB-3
#[test]
fn ma_gold_4_slots_brought_to_five_by_one_event_resolve_in_the_order_the_player_chooses() {
    // Move (6) resolves a crisis and Jammed Comms: "disturb the lowest slot" and, at 6+, again.
    // Attack, Spy and Plan are at 4: the first disturbance brings Attack to 5+, the second Spy.
    // Both slots must now resolve an event "after the current event" (MA-DISTURB-3): the two
    // happen at the same time, so the active player chooses their order (MA-GOLD-4).
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nseed = 3\nphase = \"event\"\nhands = [[]]\nreinforcements = []\nevents_top = [\"jammed-comms\", \"dropship-inbound\", \"closing-in\"]\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Hunter's Patience\", \"Recalibrate\"]\n[[slot]]\nslot = \"attack\"\ntokens = [1]\ncards = [\"Target Lock\"]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\ncards = [\"Servo March\"]\n[[slot]]\nslot = \"plan\"\ntokens = [2]\ncards = [\"Scan Sweep\"]\n");
    assert_eq!(
        (0..4).map(|i| g.slot_strength(i)).collect::<Vec<_>>(),
        vec![6, 4, 4, 4]
    );
    let mut ev = Vec::new();
    g.resume(&mut ev);
    // The lowest-slot ties are the player's (MA-DISTURB-9): Attack first, then Spy.
    assert!(matches!(g.pending(), Some(Task::Disturb { .. })));
    act(&mut g, Action::Slot(1));
    assert!(matches!(g.pending(), Some(Task::Disturb { .. })));
    act(&mut g, Action::Slot(2));
    assert!(g.slot_strength(1) >= 5 && g.slot_strength(2) >= 5);
    assert!(matches!(g.pending(), Some(Task::SlotOrder { .. })));
    assert_eq!(legal(&g), vec![Action::Slot(1), Action::Slot(2)]);
    let events = |g: &Mandalorian, ev: &[Happened]| -> Vec<(String, u8)> {
        ev.iter()
            .filter_map(|e| match e {
                Happened::EventDrawn { event, slot } => {
                    Some((g.content().events[*event as usize].id.clone(), *slot))
                }
                _ => None,
            })
            .collect()
    };
    // Spy first: the next event card is Spy's, then Attack's (a single slot left is no
    // choice); both slots are discarded before the left-to-right pass goes on.
    let mut spy_first = g.clone();
    let ev = act(&mut spy_first, Action::Slot(2));
    assert_eq!(
        events(&spy_first, &ev),
        vec![
            ("dropship-inbound".to_string(), 2),
            ("closing-in".to_string(), 1)
        ]
    );
    // Attack first: the same cards go to the other slots.
    let mut attack_first = g.clone();
    let ev = act(&mut attack_first, Action::Slot(1));
    assert_eq!(
        events(&attack_first, &ev),
        vec![
            ("dropship-inbound".to_string(), 1),
            ("closing-in".to_string(), 2)
        ]
    );
    for g in [&spy_first, &attack_first] {
        assert!(g.slots()[1].cards.is_empty() && g.slots()[2].cards.is_empty());
        assert_eq!(g.slot_strength(3), 4, "Plan stays below 5");
    }
}
