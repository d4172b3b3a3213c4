//! Rule checks on the scenario files of tests/scenarios/, and scenario validation errors.
mod common;
use common::*;
use tabletop_mandalorian::scenario::Scenario;
use tabletop_mandalorian::state::*;
use tabletop_mandalorian::*;

// MA-RANGE-4, MA-ENEMY-1, MA-ATTACK-3, MA-WIN-2
#[test]
fn sentinel_corner_across_the_gantry_edge() {
    let mut g = file("sentinel-corner");
    assert_eq!(g.slot_strength(0), 3);
    // Attack Kesh (3 damage, Health 5) with Jetpack Hop: 2 more defeats him.
    play(&mut g, "Jetpack Hop", "attack");
    act(&mut g, Action::ResolveAction);
    let kesh = (0..g.threats().len() as u8)
        .find(|&t| g.token_def(t).name == "Kesh Varro")
        .unwrap();
    assert_eq!(g.threats()[kesh as usize].loc, TLoc::Defeated);
    finish(&mut g);
    // A move ending next to the gantry, within range 1 of the Watchman across the dashed line.
    play(&mut g, "Tracking Fob", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(1, 4)]);
    stop(&mut g);
    assert_eq!(damage(&g, 0), 1);
    finish(&mut g);
    act(&mut g, Action::EndActions);
    assert!(won(&g), "the target fell and both survived the event phase");
}

// MA-MISSION-4, MA-MISSION-6, MA-TERRAIN-5, MA-RANGE-6
#[test]
fn vault_door_opens_with_a_four_in_the_green_slot() {
    let mut g = file("vault-door");
    let core = token(&g, "Data Core");
    assert!(!has(&g, Action::UseItem { ch: 0, token: core }));
    play(&mut g, "Visor Scan", "Slice the Vault");
    act(&mut g, Action::ResolveAction);
    finish(&mut g);
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(2, 7)]);
    act(&mut g, Action::UseItem { ch: 0, token: core });
    assert_eq!(g.collected(), 1);
}

#[test]
fn scenario_errors_name_the_field() {
    let c = embedded();
    let e = Scenario::parse(
        "mission = 1\nmode = \"shared\"\n[[character]]\nid = \"mando\"\nat = [0, 5]\n",
    )
    .unwrap()
    .build(c)
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "scenario: character[0] \"mando\": at: [0, 5] is not a square of the map"
    );
    let e = Scenario::parse("mission = 1\nmode = \"shared\"\nhands = [[\"Nope\"]]\n")
        .unwrap()
        .build(c)
        .unwrap_err();
    assert!(e.to_string().contains("hands[0]: \"Nope\""), "{e}");
    let e = Scenario::parse("mission = 1\nmode = \"shared\"\nevents_top = [\"x\"]\n")
        .unwrap()
        .build(c)
        .unwrap_err();
    assert!(
        e.to_string().contains("events_top[0]: unknown event 'x'"),
        "{e}"
    );
    assert!(Scenario::parse("mission = 1\nbogus = 3\n").is_err());
}

/// `phase = "event"` (a documented key): a game made from such a scenario resolves the event
/// phase (MA-TURN-2) and starts at the next decision, so its active player can act.
#[test]
fn an_event_phase_scenario_starts_at_a_decision() {
    use tabletop_core::{Actor, Game, NewGame};
    let text = "mission = 1\nmode = \"shared\"\nseats = 1\nphase = \"event\"\n";
    let s = Scenario::parse(text).unwrap();
    let mut o = s.options();
    o.scenario = Some(text.to_string());
    let g = Mandalorian::new_game(embedded(), &o, s.seed).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(g.actor() == Actor::Over || !legal.is_empty());
    assert_eq!(g.turn(), 2, "the first turn's event phase is over");
}

/// Counters that the mission's own limits have already passed are refused (MA-WIN-4).
#[test]
fn scenario_counters_stay_within_the_mission() {
    let c = embedded();
    let err = |extra: &str| {
        Scenario::parse(&format!("mission = 1\nmode = \"shared\"\n{extra}"))
            .unwrap()
            .build(c)
            .unwrap_err()
            .to_string()
    };
    assert!(
        err("track = 10").contains("track: 10 reaches"),
        "{}",
        err("track = 10")
    );
    // A slot resolves at Strength 5 (MA-EVENT-5): a slot of 17 tokens is no position of the
    // game (and more than a state has room for).
    let tokens = format!(
        "[[slot]]\nslot = \"move\"\ntokens = [{}]",
        ["1"; 17].join(", ")
    );
    assert!(
        err(&tokens).contains("slot[0] \"move\": at most 16 cards and 16 disturbance tokens"),
        "{}",
        err(&tokens)
    );
    assert!(err("turn = 0").contains("turn: 0"));
    assert!(err("turn = 65535").contains("turn: 65535"));
    assert!(err("collected = 255").contains("collected"));
}
