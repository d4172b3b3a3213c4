//! The turn (FF-TURN): turn order, the Reaver Contact at the start of a turn, two different
//! actions, free actions (jettison, unload, trading and hiring away), and passing the Dinosaur.

use std::collections::VecDeque;

use tabletop_firefly::content::*;
use tabletop_firefly::resolve::Origin;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Phase};

fn reaver_contact() -> u8 {
    Content::builtin()
        .events
        .iter()
        .position(|e| e.id == "reaver-contact")
        .unwrap() as u8
}

/// A shortest path of sectors from `from` to `to` (both included).
fn path(from: &str, to: &str) -> Vec<SectorId> {
    let c = Content::builtin();
    let (a, b) = (sector(from), sector(to));
    let mut prev = vec![u16::MAX; c.sectors.len()];
    let mut q = VecDeque::from([a]);
    prev[a as usize] = a;
    while let Some(s) = q.pop_front() {
        for &n in &c.neighbours[s as usize] {
            if prev[n as usize] == u16::MAX {
                prev[n as usize] = s;
                q.push_back(n);
            }
        }
    }
    let mut p = vec![b];
    while *p.last().unwrap() != a {
        p.push(prev[*p.last().unwrap() as usize]);
    }
    p.reverse();
    p
}

/// FF-TURN-1: turns go clockwise: ending a turn passes play to the player on the left; the
/// round ends when play comes back to the first player.
#[test]
fn ff_turn_1_play_passes_to_the_left() {
    let three =
        format!("{MALCOLM_AND_MONTY}\n[[player]]\nleader = \"nandi\"\nship = \"bonanza\"\nsector = \"athens\"\n");
    let mut g = scenario(&three);
    assert_eq!(g.current, 0);
    let mut order = vec![];
    for _ in 0..4 {
        let ev = choose(&mut g, "End turn");
        for e in ev {
            if let Event::TurnStarted { seat, .. } = e {
                order.push(seat);
            }
        }
    }
    assert_eq!(order, vec![1, 2, 0, 1]);
    assert_eq!(g.round, 1);
}

/// FF-TURN-2, FF-FLY-20: a turn that starts in the Reaver Cutter's sector begins with Reaver
/// Contact, before anything else.
#[test]
fn ff_turn_2_reaver_contact_comes_first() {
    let text =
        malcolm_at("border-10", "").replacen("[[player]]", "cutter = \"border-10\"\n[[player]]", 1);
    let g = scenario(&text);
    assert_eq!(g.phase, Phase::Resolving);
    assert!(!can(&g, "Fly"), "no action before the Reaver Contact");
    // Malcolm alone cannot try Crazy Ivan, so "If We're Very Lucky…" is under way already.
    let r = g.resolving().expect("Reaver Contact is being resolved");
    assert_eq!(r.origin, Origin::Event(reaver_contact()));
    assert_eq!(g.turn.taken, 0);
    // The other player's turn does not start with it.
    let g = scenario(&malcolm_at("border-19", "").replacen(
        "[[player]]",
        "cutter = \"border-10\"\n[[player]]",
        1,
    ));
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-TURN-3: the four action types are Fly, Buy, Deal and Work.
#[test]
fn ff_turn_3_four_action_types() {
    // At Persephone: a Supply planet, Badger, and Make-Work (a planetary sector).
    let g = scenario(MALCOLM_AND_MONTY);
    for a in [
        "Fly: Full Burn",
        "Fly: Mosey",
        "Buy",
        "Deal with Badger",
        "Work: Make-Work",
    ] {
        assert!(can(&g, a), "{a}: {:?}", menu(&g));
    }
}

/// FF-TURN-4, FF-TURN-5: at most 2 actions a turn, of different types.
#[test]
fn ff_turn_4_5_two_different_actions() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Work: Make-Work");
    assert!(!can(&g, "Make-Work"), "no second Work");
    assert!(can(&g, "Mosey") && can(&g, "Buy") && can(&g, "Deal"));
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to");
    assert_eq!(g.phase, Phase::Actions);
    for a in ["Full Burn", "Mosey", "Buy", "Deal", "Work"] {
        assert!(!can(&g, a), "two actions taken: no {a}");
    }
    assert!(can(&g, "End turn"));
}

/// FF-TURN-7: Fuel, Parts, Cargo and Contraband may be jettisoned at any time of the turn; it
/// uses no action. Passengers and Fugitives are not jettisoned.
#[test]
fn ff_turn_7_jettison_uses_no_action() {
    let mut g = scenario(&malcolm_at(
        "border-10",
        "cargo = 1\ncontraband = 1\npassengers = 1\nfugitives = 1",
    ));
    for i in [Item::Fuel, Item::Parts, Item::Cargo, Item::Contraband] {
        assert!(can(&g, &format!("Jettison 1 {}", i.name())), "{i:?}");
    }
    assert!(!can(&g, "Jettison 1 Passengers") && !can(&g, "Jettison 1 Fugitives"));
    choose(&mut g, "Jettison 1 Contraband");
    assert_eq!(g.players[0].item(Item::Contraband), 0);
    assert_eq!(g.turn.taken, 0, "no action used");
    // After an action it is still allowed.
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to");
    choose(&mut g, "Jettison 1 Fuel");
    assert_eq!(g.players[0].item(Item::Fuel), 5);
    assert_eq!(g.turn.taken, 1);
}

/// FF-TURN-8: Passengers and Fugitives may be unloaded, without an action, only in a sector with a
/// planet.
#[test]
fn ff_turn_8_unload_passengers_only_at_a_planet() {
    let g = scenario(&malcolm_at("border-10", "passengers = 1\nfugitives = 1"));
    assert!(!can(&g, "Unload"), "no planet in Border Space 10");
    let mut g = scenario(&malcolm_at("persephone", "passengers = 1\nfugitives = 1"));
    choose(&mut g, "Unload 1 Passengers");
    choose(&mut g, "Unload 1 Fugitives");
    assert_eq!(g.players[0].item(Item::Passengers), 0);
    assert_eq!(g.players[0].item(Item::Fugitives), 0);
    assert_eq!(g.turn.taken, 0);
}

/// FF-TURN-9: resolving a Reaver Contact (or an Alliance Contact) uses no action: both actions
/// follow.
#[test]
fn ff_turn_9_contacts_use_no_action() {
    let text = malcolm_at(
        "border-10",
        "crew = [{ card = \"wash\" }, { card = \"kaylee\" }]",
    )
    .replacen("[[player]]", "cutter = \"border-10\"\n[[player]]", 1);
    let mut g = scenario(&text);
    choose(&mut g, "Crazy Ivan");
    choose(&mut g, "Move to");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.turn.taken, 0);
    assert!(can(&g, "Full Burn") && can(&g, "Mosey"));

    // Alliance Contact met on a Mosey: the Mosey is the only action used.
    let mut g = scenario(&malcolm_at("bernadette", "contraband = 1"));
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Londinium");
    assert_eq!(
        g.players[0].item(Item::Contraband),
        0,
        "Alliance Contact happened"
    );
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.turn.taken, 1);
    assert!(can(&g, "Deal with Harken"));
}

/// FF-TURN-10: the active player passes the Dinosaur (ends the turn) after the second action;
/// the next player's turn then starts.
#[test]
fn ff_turn_10_pass_the_dinosaur() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Make-Work");
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to");
    let ev = choose(&mut g, "End turn (pass the Dinosaur)");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::TurnStarted { seat: 1, .. }
    )));
    assert_eq!(g.current, 1);
    assert_eq!(g.turn.taken, 0);
}

/// FF-TURN-13: the rulebook's example first round: any two different actions, in any order.
#[test]
fn ff_turn_13_example_first_round() {
    let river = "river-tam";
    let text = format!(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
[[player]]
leader = "marco"
ship = "yun-qi"
sector = "silverhold"
hand = ["patience-guns-for-my-gun-hands"]
[[player]]
leader = "monty"
ship = "bonanza"
sector = "londinium"
[[player]]
leader = "nandi"
ship = "bonnie-mae"
sector = "athens"
[decks]
misbehave = ["a-little-job-on-the-side"]
nav-alliance = [{}]
nav-border = [{}]
[decks.supply-discard]
persephone = ["{river}"]
osiris = ["inara"]
[decks.supply]
osiris = ["med-staff-zen"]
"#,
        ["\"the-big-black-alliance\""; 12].join(", "),
        ["\"the-big-black-border\""; 12].join(", "),
    );
    let mut g = scenario(&text);
    // John: River is in Persephone's discard pile; Buy, then Fly to the Space Bazaar.
    choose(&mut g, "Buy");
    choose(&mut g, "Consider River Tam from the discard pile");
    choose(&mut g, "Done");
    choose(&mut g, "Buy River Tam");
    choose(&mut g, "Done"); // no more cards
    choose(&mut g, "Done"); // no Fuel or Parts
    choose(&mut g, "Full Burn");
    let route = path("persephone", "space-bazaar");
    assert!(route.len() - 1 <= 5, "within the Drive Core's Range");
    for &s in &route[1..] {
        act(&mut g, tabletop_firefly::Action::MoveTo(s));
    }
    if can(&g, "Done") {
        choose(&mut g, "Done");
    }
    assert_eq!(g.players[0].sector, sector("space-bazaar"));
    assert!(g.players[0].crew.iter().any(|m| g.crew_def(m).id == river));
    choose(&mut g, "End turn");

    // Sally (Marco) at Silverhold: Buy, then Work the pick-up there.
    choose(&mut g, "Buy");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Work job \"Guns for my Gun Hands\"");
    choose(&mut g, "Done");
    choose(&mut g, "Stay on Target");
    assert_eq!(g.players[1].item(Item::Contraband), 2, "picked up");
    assert_eq!(g.turn.taken, 2);
    choose(&mut g, "End turn");

    // Pete at Londinium: Fly to Osiris, then Buy Inara and a Medic.
    choose(&mut g, "Full Burn");
    for &s in &path("londinium", "osiris")[1..] {
        act(&mut g, tabletop_firefly::Action::MoveTo(s));
    }
    choose(&mut g, "Done");
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Inara from the discard pile");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Inara");
    choose(&mut g, "Buy Med Staff");
    let names: Vec<String> = g.players[2]
        .crew
        .iter()
        .map(|m| g.crew_def(m).name.clone())
        .collect();
    assert!(names.contains(&"Inara".to_string()), "{names:?}");
    assert!(g.players[2]
        .crew
        .iter()
        .any(|m| g.crew_def(m).professions.contains(&Profession::Medic)));
    choose(&mut g, "Done"); // bought 2 cards
    choose(&mut g, "Done"); // no Fuel or Parts
    choose(&mut g, "End turn");

    // Liz at Athens: Deal with Patience, then Fly toward the Red Sun.
    choose(&mut g, "Deal with Patience");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    choose(&mut g, "Accept");
    choose(&mut g, "Accept");
    choose(&mut g, "Done");
    while g.phase != Phase::Actions {
        // Discard down to the hand limit if needed (3 jobs in hand at most).
        let a = legal(&g)[0];
        act(&mut g, a);
    }
    assert_eq!(g.players[3].hand.len(), 2);
    choose(&mut g, "Full Burn");
    choose(&mut g, "Move to");
    assert_eq!(g.turn.taken, 2);
}

/// FF-TURN-7: jettisoning is allowed in the middle of a Fly action too, between two moves
/// (e.g. dumping Contraband before flying into the Cruiser's sector); not while a Nav card is
/// being resolved.
#[test]
fn ff_turn_7_jettison_between_the_moves_of_a_full_burn() {
    let text = format!(
        "{}\n[decks]\nnav-alliance = [\"the-big-black-alliance\", \"customs-inspection\"]\n",
        malcolm_at("sihnon", "contraband = 1")
    );
    let mut g = scenario(&text);
    full_burn_into(&mut g, "Bernadette");
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
    choose(&mut g, "Jettison 1 Contraband");
    assert!(
        matches!(g.phase, Phase::FullBurn { .. }),
        "the flight goes on"
    );
    assert!(!g.is_outlaw(&g.players[0]));
    let ev = choose(&mut g, "Move to Londinium");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    // A Nav card being resolved is not interrupted.
    assert!(can(&g, "Prepare to Be Boarded"));
    assert!(!can(&g, "Jettison"));
}
