//! What a seat sees of the card being resolved: the view carries it, so a client (the browser)
//! can show the card, the chosen option, the dice and every term of the total.

use tabletop_core::Game;
use tabletop_firefly::content::Skill;
use tabletop_firefly::resolve::{Origin, Stage};
use tabletop_firefly::testing::*;

/// Corbin (Tech 2) and Kaylee (Tech 3, may re-roll Tech tests) work Henpecked Badger; the
/// first Misbehave card is "Kill the Alarm", whose "Rig a Bypass" is a Tech test. Every captain
/// sees the card, the option chosen, the dice and each term of the total.
#[test]
fn the_view_shows_the_card_being_resolved_and_every_term_of_its_roll() {
    let mut g = henpecked(
        "1, 4",
        "crew = [{ card = \"kaylee\" }]",
        &copies(2, "kill-the-alarm"),
    );
    assert!(g.view(0).resolving.is_empty());
    work_henpecked(&mut g);
    let v = g.view(1);
    assert_eq!(v.resolving.len(), 1, "{:?}", v.resolving);
    let r = &v.resolving[0];
    assert!(matches!(r.origin, Origin::Misbehave(_)));
    assert_eq!((r.stage, r.chosen), (Stage::ChooseOption, None));
    assert!(r.faces.is_empty() && r.test.is_none());

    drop(v);
    choose(&mut g, "Rig a Bypass");
    // Rolled a 1: Kaylee may re-roll, so the roll waits on the table with its terms.
    let v = g.view(1);
    let r = &v.resolving[0];
    assert_eq!((r.stage, r.chosen), (Stage::Rolled, Some(0)));
    assert_eq!((r.faces.as_slice(), r.dice), (&[1u8][..], Some(1)));
    let t = r.test.expect("the terms of the test");
    assert_eq!((t.skill, t.points, t.modifier), (Skill::Tech, 5, 0));
    assert_eq!(t.total, Some(6));

    drop(v);
    choose(&mut g, "Re-roll");
    // The second "Kill the Alarm" is resolved now, with no roll yet.
    let v = g.view(1);
    assert_eq!(v.resolving.len(), 1);
    assert_eq!(v.resolving[0].stage, Stage::ChooseOption);
    assert!(v.resolving[0].faces.is_empty() && v.resolving[0].test.is_none());
}
