//! Scenario files are checked on load: a scenario either gives a position where every
//! invariant holds and the player to act has a decision, or is refused naming its field.

use tabletop_core::NewGame;
use tabletop_firefly::content::Content;
use tabletop_firefly::scenario::{Scenario, ScenarioError};
use tabletop_firefly::testing::{captain_text, DEFAULT_STORY};
use tabletop_firefly::{Firefly, Options, SetupError};

/// Malcolm in Serenity at Persephone with `extra` player fields (and a rival far away).
fn load(extra: &str) -> Result<Firefly, ScenarioError> {
    let s = Scenario::parse(&captain_text("", "malcolm", "persephone", extra, ""))?;
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    match Firefly::new_game(Content::builtin(), &o, 1) {
        Ok(g) => Ok(g),
        Err(SetupError::Scenario(e)) => Err(e),
        Err(e) => panic!("not a scenario error: {e}"),
    }
}

fn refused(extra: &str) -> ScenarioError {
    match load(extra) {
        Ok(_) => panic!("accepted: {extra}"),
        Err(e) => e,
    }
}

#[test]
fn a_drive_core_must_be_a_drive_core() {
    let e = refused("drive-core = \"pistol\"");
    assert_eq!(e.field, "player[0].drive-core");
    assert!(e.message.contains("not a Drive Core"), "{e}");
    let e = refused("drive-core = \"cry-baby\"");
    assert_eq!(e.field, "player[0].drive-core");
    assert!(e.message.contains("Ship Upgrade, not a Drive Core"), "{e}");
    assert!(load("drive-core = \"enhanced-graviton-accelerator\"").is_ok());
}

#[test]
fn upgrades_are_ship_upgrades_and_not_drive_cores() {
    let e = refused("upgrades = [\"enhanced-graviton-accelerator\"]");
    assert_eq!(e.field, "player[0].upgrades[0]");
    assert!(e.message.contains("is a Drive Core"), "{e}");
    let e = refused("upgrades = [\"knife\"]");
    assert_eq!(e.field, "player[0].upgrades[0]");
    assert!(e.message.contains("not a Ship Upgrade"), "{e}");
    assert!(load("upgrades = [\"cry-baby\"]").is_ok());
}

#[test]
fn gear_is_gear() {
    for (extra, field) in [
        ("leader-gear = [\"cry-baby\"]", "player[0].leader-gear[0]"),
        ("spare-gear = [\"kaylee\"]", "player[0].spare-gear[0]"),
        (
            "crew = [{ card = \"zoe\", gear = [\"cry-baby\"] }]",
            "player[0].crew[0].gear[0]",
        ),
    ] {
        let e = refused(extra);
        assert_eq!(e.field, field);
        assert!(e.message.contains("not a Gear card"), "{e}");
    }
}

#[test]
fn counters_stay_within_bounds() {
    let e = refused("goals = 3");
    assert_eq!(e.field, "player[0].goals");
    assert!(e.message.contains("FF-WIN-1"), "{e}");
    assert!(load("goals = 2").is_ok());
    assert_eq!(refused("money = 4294967295").field, "player[0].money");
    assert_eq!(refused("warrants = 255").field, "player[0].warrants");
}

#[test]
fn a_card_is_placed_once() {
    // Two captains with the same job card: every card is in one place.
    let text = captain_text(
        "",
        "malcolm",
        "persephone",
        "hand = [\"badger-try-one-of-the-border-planets\"]",
        "hand = [\"badger-try-one-of-the-border-planets\"]",
    );
    let s = Scenario::parse(&text).unwrap();
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    let e = Firefly::new_game(Content::builtin(), &o, 1)
        .expect_err("refused")
        .to_string();
    assert!(e.contains("hand"), "{e}");
}

/// A captain's lists have fixed room (issue 11), far above the rules' limits: a scenario that
/// lists more is refused naming the field, never cut short; spare gear and completed jobs are
/// sets of cards, and a card listed twice is refused.
#[test]
fn a_list_longer_than_the_table_holds_is_refused() {
    let room = tabletop_firefly::state::HAND_ROOM;
    let base: Vec<String> = (Content::builtin().jobs.iter())
        .filter(|j| j.id.starts_with("badger-") || j.id.starts_with("harken-"))
        .take(room + 1)
        .map(|j| format!("\"{}\"", j.id))
        .collect();
    assert_eq!(base.len(), room + 1);
    let e = refused(&format!("hand = [{}]", base.join(", ")));
    assert_eq!(e.field, format!("player[0].hand[{room}]"), "{e:?}");
    assert!(e.message.contains(&format!("more than {room}")), "{e:?}");
    let e = refused(&format!("completed = [{0}, {0}]", base[0]));
    assert_eq!(e.field, "player[0].completed[1]", "{e:?}");
}
