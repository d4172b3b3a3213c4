//! Items, mission-specific slots and numbered squares (MA-ITEM, MA-MISSION, MA-SQUARE).
mod common;
use common::*;
use tabletop_mandalorian::state::*;

const HAND: [&str; 4] = [
    "Tracking Fob",
    "Jetpack Hop",
    "Hunter's Patience",
    "Vibro-Knife",
];

// MA-ITEM-3, MA-ITEM-4, MA-ITEM-5, MA-ITEM-6, MA-ITEM-7
#[test]
fn a_medpac_heals_1_of_its_own_users_damage_only() {
    let g = solo(1, &HAND, "[[character]]\nid = \"ig11\"\ndamage = 1\n[[threat]]\nname = \"Medpac\"\nat = [5, 0]\nface_up = true\n");
    let med = token(&g, "Medpac");
    // The undamaged Mandalorian cannot use it; IG-11 (damaged) can, on himself.
    assert!(!has(&g, Action::UseItem { ch: 0, token: med }));
    assert!(has(&g, Action::UseItem { ch: 1, token: med }));
    let mut g2 = g.clone();
    act(&mut g2, Action::UseItem { ch: 1, token: med });
    assert_eq!((damage(&g2, 0), damage(&g2, 1)), (0, 0));
    assert_eq!(g2.threats()[med as usize].loc, TLoc::Discarded);
    // Unused, it stays in its square.
    assert_eq!(g.threats()[med as usize].loc, TLoc::Map(sq(&g, 5, 0)));
}

// MA-ITEM-2, MA-ITEM-1
#[test]
fn items_are_used_only_in_the_own_action_phase() {
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\n[[character]]\nid = \"mando\"\ndamage = 1\n[[threat]]\nname = \"Medpac\"\nat = [5, 0]\nface_up = true\n[[slot]]\nslot = \"move\"\ntokens = [2]\ncards = [\"Target Lock\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    // Event decisions never offer items; the next action phase does.
    assert!(matches!(g.pending(), Some(Task::ActionPhase)));
    assert!(legal(&g)
        .iter()
        .any(|a| matches!(a, Action::UseItem { .. })));
}

// MA-MISSION-2, MA-MISSION-4, MA-MISSION-5, MA-MISSION-6, MA-SQUARE-1
#[test]
fn a_green_slot_acts_only_with_strength_4_counting_a_matching_bonus_icon() {
    // Mission 3's "Slice the Vault": If # is 4+, open door 1; bonus icon Spy.
    let mut g = solo(3, &["Hunter's Patience", "Visor Scan", "Vibro-Knife"], "");
    let vault = slot(&g, "Slice the Vault");
    let patience = card_in_hand(&g, 0, "Hunter's Patience");
    act(
        &mut g,
        Action::Play {
            card: patience,
            slot: vault,
        },
    );
    // Strength 3: the action is not performed (MA-MISSION-4) but the card counts (MA-MISSION-5).
    assert!(!has(&g, Action::ResolveAction));
    finish(&mut g);
    assert!(g.slot_strength(vault as usize) >= 4);
    // Visor Scan: 3 + Spy icon = 4 (MA-MISSION-6): the door opens (MA-MISSION-2).
    let mut g = solo(3, &["Hunter's Patience", "Visor Scan", "Vibro-Knife"], "");
    let scan = card_in_hand(&g, 0, "Visor Scan");
    act(
        &mut g,
        Action::Play {
            card: scan,
            slot: vault,
        },
    );
    act(&mut g, Action::ResolveAction);
    assert!(g.doors_open() & (1 << 1) != 0);
    // MA-SQUARE-1: the exit of mission 3 is numbered square #1.
    assert_eq!(g.map().numbered(1), Some(sq(&g, 3, 4)));
}

// MA-THREAT-2, MA-THREAT-14, MA-TERRAIN-1
#[test]
fn threats_stay_until_defeated_and_squares_hold_any_number() {
    let g = solo(1, &HAND, "[[threat]]\nname = \"Junk Hound\"\nat = [3, 3]\nface_up = true\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 3]\nface_up = true\n[[threat]]\nname = \"Medpac\"\nat = [3, 3]\nface_up = true\n[[character]]\nid = \"mando\"\nat = [3, 3]\n");
    // A character may not share a square with a face-down threat (MA-MOVE-8): refused.
    let bad = tabletop_mandalorian::scenario::Scenario::parse("mission = 1\nmode = \"shared\"\nclear_threats = true\n[[threat]]\nname = \"Medpac\"\nat = [5, 0]\n").unwrap();
    assert!(bad
        .build(tabletop_mandalorian::embedded())
        .unwrap_err()
        .to_string()
        .contains("face-down"));
    let n = g
        .threats()
        .iter()
        .filter(|t| t.loc == TLoc::Map(sq(&g, 3, 3)))
        .count();
    assert_eq!(n, 3);
}

// MA-EVENT-3, MA-CONCEPT-7, MA-TURN-5, MA-EVENT-12
#[test]
fn slot_strength_sums_cards_and_tokens_and_a_resolved_slot_is_emptied() {
    let mut g = sc("mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nphase = \"event\"\nhands = [[]]\nevents_top = [\"overwatch\"]\nreinforcements = [\"Junk Hound\"]\n[[slot]]\nslot = \"move\"\ntokens = [2, 1]\ncards = [\"Recalibrate\", \"Recalibrate\"]\n[[slot]]\nslot = \"attack\"\ntokens = [2]\n[[slot]]\nslot = \"spy\"\ntokens = [2]\n[[slot]]\nslot = \"plan\"\ntokens = [1]\n");
    assert_eq!(g.slot_strength(0), 5);
    let mut ev = Vec::new();
    g.resume(&mut ev);
    // Overwatch had no sniper to act: its abilities resolved top to bottom to no effect, so a
    // reinforcement spawned (MA-TURN-5), and the slot was discarded.
    assert!(ev.iter().any(|e| matches!(e, Happened::NoEffectSpawn)));
    assert_eq!(g.slot_strength(0), 0);
}

// MA-ACT-7, MA-CONCEPT-5, MA-CONCEPT-6, MA-CONCEPT-9, MA-CONCEPT-2, MA-CONCEPT-3
#[test]
fn four_basic_action_slots_below_the_map_strength_is_the_printed_number() {
    let g = solo(1, &HAND, "");
    let names: Vec<String> = (0..g.slots().len()).map(|i| g.slot_name(i)).collect();
    assert_eq!(names, vec!["Move", "Attack", "Spy", "Plan"]);
    let fob = card_in_hand(&g, 0, "Tracking Fob");
    assert_eq!(g.resolve_strength(fob, 0), 2);
    assert_eq!(g.mission().number, 1);
}

// MA-CONCEPT-1, MA-CONCEPT-8
#[test]
fn everybody_wins_or_loses_together() {
    let mut g = sc("mission = 1\nmode = \"standard\"\nseats = 3\ncharacters = [\"mando\", \"ig11\", \"vessa\"]\nclear_threats = true\nphase = \"event\"\nhands = [[], [], []]\ntrack = 9\n[[slot]]\nslot = \"move\"\ntokens = [3]\ncards = [\"Hunter's Patience\"]\n");
    let mut ev = Vec::new();
    g.resume(&mut ev);
    assert!(lost(&g));
    assert!(g.outcome.as_ref().unwrap().winners.is_empty());
}

// MA-SQUARE-1, MA-EVENT-14
#[test]
fn a_spawn_may_name_a_numbered_square() {
    // TEST-ONLY CONTENT: mission 2 with its Mission Effect spawning in numbered square #1 (the
    // original content spawns on the red star instead).
    use tabletop_mandalorian::content::{load::EMBEDDED, Content};
    use tabletop_mandalorian::scenario::Scenario;
    let texts: Vec<(&str, String)> = EMBEDDED
        .iter()
        .map(|(n, t)| {
            let t = if *n == "missions.toml" {
                t.replacen(
                    "mission_effect = [{ kind = \"spawn\", at = \"red_star\" }",
                    "mission_effect = [{ kind = \"spawn\", at = { square = 1 } }",
                    1,
                )
            } else {
                t.to_string()
            };
            (*n, t)
        })
        .collect();
    let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let content = Content::from_texts(&refs).unwrap().leak();
    let m2 = content.mission_by_number(2).unwrap();
    assert!(m2.mission_effect.iter().any(|e| matches!(
        e,
        tabletop_mandalorian::content::Effect::Spawn {
            at: tabletop_mandalorian::content::SpawnAt::Square(1)
        }
    )));
    let mut g = Scenario::parse("mission = 2\nmode = \"shared\"\nseats = 1\nclear_threats = true\nseed = 5\nhands = [[\"Jetpack Hop\", \"Tracking Fob\"]]\nreinforcements = [\"Brute\"]\n[[character]]\nid = \"mando\"\nat = [5, 5]\n[[threat]]\nname = \"Alarm Panel\"\nat = [5, 6]\n")
        .and_then(|s| s.build(content))
        .unwrap();
    play(&mut g, "Jetpack Hop", "move");
    act(&mut g, Action::ResolveAction);
    walk(&mut g, &[(5, 6)]);
    let brute = token(&g, "Brute");
    assert_eq!(
        g.threats()[brute as usize].loc,
        TLoc::Map(g.map().numbered(1).unwrap())
    );
    // A numbered square missing from the map is refused.
    let bad: Vec<(&str, String)> = texts
        .iter()
        .map(|(n, t)| {
            (
                *n,
                t.replacen("at = { square = 1 }", "at = { square = 7 }", 1),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = bad.iter().map(|(n, t)| (*n, t.as_str())).collect();
    assert!(Content::from_texts(&refs)
        .unwrap_err()
        .to_string()
        .contains("#7"));
}
