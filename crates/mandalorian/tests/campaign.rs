//! The guide deck campaign (MA-GUIDE, MA-SETUP-1..5, MA-END, MA-DECK-3).
mod common;
use tabletop_core::NewGame;
use tabletop_mandalorian::campaign::Campaign;
use tabletop_mandalorian::*;

// MA-GUIDE-1, MA-GUIDE-2, MA-GUIDE-3, MA-GUIDE-4, MA-GUIDE-7, MA-SETUP-1, MA-SETUP-2
#[test]
fn the_first_guide_card_starts_with_mission_1_and_stops() {
    let c = embedded();
    // Cards are numbered in order (validated on load) and never shuffled (MA-DECK-3).
    assert!(c
        .guide
        .iter()
        .enumerate()
        .all(|(i, g)| g.id as usize == i + 1));
    let mut camp = Campaign::new(c);
    let log = camp.resolve(c);
    assert_eq!(camp.mission, Some(1));
    assert_eq!(camp.next_card, 1, "card 1 removed, STOP reached");
    assert!(log[0].contains("Guide card 1"));
}

// MA-GUIDE-5, MA-GUIDE-6, MA-GUIDE-8, MA-GUIDE-9, MA-GUIDE-10, MA-END-1, MA-END-2, MA-END-4
#[test]
fn a_campaign_runs_through_every_mission_unlocking_components() {
    let c = embedded();
    let mut camp = Campaign::new(c);
    camp.resolve(c);
    let locked0 = camp.locked(c);
    assert!(locked0.contains(&"sela".to_string()) && locked0.contains(&"recon-drone".to_string()));
    // A game with the locked components: they are not in the planning deck.
    let o = camp
        .options(c, Difficulty::Recruit, Mode::Shared, 1)
        .unwrap();
    let g = Mandalorian::new_game(c, &o, 1).unwrap();
    assert_eq!(g.planning_deck().draw_len(), 20 - 5);
    let mut played = vec![];
    // Lose mission 1 once: the guide says to play it again.
    camp.record(1, false);
    camp.resolve(c);
    assert_eq!(camp.mission, Some(1));
    while !camp.finished {
        let m = camp.mission.unwrap();
        played.push(m);
        camp.record(m, true);
        // Saved between games (JSON) and loaded back.
        let text = camp.to_json();
        camp = Campaign::from_json(&text, c).unwrap();
        camp.resolve(c);
        if m == 1 {
            assert!(
                camp.rules_read.iter().any(|r| r.contains("the Child")),
                "MA-GUIDE-8"
            );
            assert!(
                camp.unlocked.contains(&"recon-drone".to_string()),
                "MA-GUIDE-5"
            );
        }
        if m < 3 {
            assert!(
                camp.envelopes_opened.is_empty(),
                "MA-GUIDE-6: sealed until told"
            );
        }
    }
    assert_eq!(played, vec![1, 2, 3, 4]);
    assert_eq!(camp.envelopes_opened, vec![1, 2]);
    assert!(camp.locked(c).is_empty());
}

#[test]
fn a_campaign_save_from_other_content_is_refused() {
    let c = embedded();
    let mut camp = Campaign::new(c);
    camp.content = "other".into();
    assert!(Campaign::from_json(&camp.to_json(), c).is_err());
}
