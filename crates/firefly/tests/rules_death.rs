//! Death in the 'Verse (FF-DEATH): who is Killed, the Medic Check and what changes its odds,
//! crew who must die first or go to the discard pile, and the imposters.

use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn removed(g: &Firefly) -> Vec<String> {
    g.removed
        .supply
        .iter()
        .map(|c| g.content.supply_name(c).to_string())
        .collect()
}

fn discards(g: &Firefly, deck: &str) -> Vec<String> {
    let d = g
        .content
        .supply_decks
        .iter()
        .position(|d| d.def.id == deck)
        .unwrap();
    g.decks.supply[d]
        .discard_pile()
        .iter()
        .map(|&c| g.content.supply_name(c).to_string())
        .collect()
}

fn medic_checks(ev: &[Event]) -> Vec<(u8, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::MedicCheck { roll, saved, .. } => Some((*roll, *saved)),
            _ => None,
        })
        .collect()
}

/// Badger's "Poking holes in Niska's Plans" at Ezra (2 Misbehave, no Needs) in hand; the
/// Misbehave deck stacked with `card` then a card that waits for a choice; dice scripted.
fn ezra_job(dice: &str, leader: &str, extra: &str, card: &str) -> String {
    captain_text(
        &format!("dice = [{dice}]"),
        leader,
        "ezra",
        &format!("hand = [\"badger-poking-holes-in-niskas-plans\"]\n{extra}"),
        &format!(
            "[decks]\n{}",
            misbehave_deck(&[card, "an-unexpected-opportunity"])
        ),
    )
}

/// Start the job with everyone on it, except the crew named in `aboard`.
fn work(g: &mut Firefly, aboard: &[&str]) -> Vec<Event> {
    choose(g, "Work job");
    for n in aboard {
        choose(g, &format!("Take off {n}:"));
    }
    choose(g, "Done")
}

/// "Old Fashioned Shoot-Out": with no TRANSPORT its only option is a Fight 8 test; a roll of 1
/// fails and one crew member on the job is Killed.
const SHOOT_OUT: &str = "old-fashioned-shoot-out";
/// "Reaver Raid": with no TRANSPORT, a Tech 5 test; failing Kills every crew member on the job.
const REAVER_RAID: &str = "reaver-raid";

/// Malcolm with `extra` fields (his crew) works the job at Ezra, everyone on it, and draws
/// the Shoot-Out; `dice` are the next rolls, the first the Fight test.
fn shoot_out_at_ezra(dice: &str, extra: &str) -> Firefly {
    let mut g = scenario(&ezra_job(dice, "malcolm", extra, SHOOT_OUT));
    work(&mut g, &[]);
    g
}

// ---------------------------------------------------------------------------------------------
// FF-DEATH-1..4
// ---------------------------------------------------------------------------------------------

/// FF-DEATH-1: the controlling player chooses who is Killed. FF-DEATH-3: only crew on the job
/// can be chosen.
#[test]
fn ff_death_1_the_player_chooses_and_ff_death_3_only_crew_on_the_job() {
    let mut g = scenario(&ezra_job(
        "1",
        "malcolm",
        "crew = [{ card = \"kaylee\" }, { card = \"wash\" }, { card = \"zoe\" }]",
        SHOOT_OUT,
    ));
    work(&mut g, &["Wash", "Zoe"]);
    let mut kills = menu(&g);
    kills.sort();
    assert_eq!(kills, ["Kaylee is Killed", "Malcolm is Killed"]);
    choose(&mut g, "Kaylee is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Wash", "Zoe"]);
}

/// FF-DEATH-2: a Killed crew member is removed from play (back in the box), not discarded;
/// FF-MISC-1: discarding puts a card on its deck's discard pile, removing it from play does not.
#[test]
fn ff_death_2_killed_crew_are_removed_from_play() {
    let mut g = shoot_out_at_ezra("1", "crew = [{ card = \"kaylee\" }]");
    let ev = choose(&mut g, "Kaylee is Killed");
    assert!(happened(&ev, |e| matches!(e, Event::Killed { .. })));
    assert_eq!(removed(&g), ["Kaylee"]);
    assert!(
        discards(&g, "regina").is_empty(),
        "FF-MISC-1: not discarded"
    );
    assert_eq!(
        g.phase,
        Phase::Actions,
        "Attempt Botched: the attempt is over"
    );
}

/// FF-DEATH-4: the Leader may be chosen; a Killed Leader is never removed but returns to the
/// ship Disgruntled (FF-CREW-9).
#[test]
fn ff_death_4_the_leader_may_be_chosen_and_returns_disgruntled() {
    let mut g = shoot_out_at_ezra("1", "crew = [{ card = \"kaylee\" }]");
    assert!(can(&g, "Malcolm is Killed"));
    choose(&mut g, "Malcolm is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);
    assert!(g.players[0].crew[0].disgruntled);
    assert!(removed(&g).is_empty());
}

// ---------------------------------------------------------------------------------------------
// FF-DEATH-5..10: the Medic Check
// ---------------------------------------------------------------------------------------------

/// FF-DEATH-5: with a Medic in the crew, roll for each Killed crew member: 1-4 dies, 5-6
/// survives and returns to the ship. The Medic need not be on the job (judged).
#[test]
fn ff_death_5_medic_check_one_to_four_dies_five_six_survives() {
    for (roll, saved) in [(4u8, false), (5, true), (6, true), (1, false)] {
        let mut g = scenario(&ezra_job(
            &format!("1, {roll}"),
            "malcolm",
            "crew = [{ card = \"kaylee\" }, { card = \"med-staff-zen\" }]",
            SHOOT_OUT,
        ));
        work(&mut g, &["Med Staff Zen"]);
        let ev = choose(&mut g, "Kaylee is Killed");
        assert_eq!(medic_checks(&ev), [(roll, saved)]);
        let alive = crew_names(&g, 0).contains(&"Kaylee".to_string());
        assert_eq!(alive, saved, "roll {roll}");
        assert_eq!(removed(&g).is_empty(), saved);
    }
    // Without a Medic there is no check.
    let mut g = shoot_out_at_ezra("1, 6", "crew = [{ card = \"kaylee\" }]");
    let ev = choose(&mut g, "Kaylee is Killed");
    assert!(medic_checks(&ev).is_empty());
    assert_eq!(removed(&g), ["Kaylee"]);
}

/// FF-DEATH-5: a saved crew member returns to the ship: off the job for the rest of it.
#[test]
fn ff_death_5_saved_crew_return_to_the_ship() {
    let mut g = shoot_out_at_ezra(
        "1, 5",
        "crew = [{ card = \"med-staff-zen\" }, { card = \"jayne\" }]",
    );
    choose(&mut g, "Jayne is Killed");
    assert!(crew_names(&g, 0).contains(&"Jayne".to_string()));
    assert_eq!(g.phase, Phase::Actions, "the attempt is over");
}

/// FF-DEATH-6: a Medic may make the Medic Check for themself.
#[test]
fn ff_death_6_a_medic_checks_for_themself() {
    let mut g = shoot_out_at_ezra("1, 5", "crew = [{ card = \"med-staff-zen\" }]");
    let ev = choose(&mut g, "Med Staff Zen is Killed");
    assert_eq!(medic_checks(&ev), [(5, true)]);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Med Staff Zen"]);
}

/// FF-DEATH-7: one Medic Check per Killed crew member, however many Medics.
#[test]
fn ff_death_7_one_check_however_many_medics() {
    let mut g = shoot_out_at_ezra("1, 2, 6", "crew = [{ card = \"kaylee\" }, { card = \"med-staff-zen\" }, { card = \"med-staff-zil\" }, { card = \"interrogator\" }]");
    let ev = choose(&mut g, "Kaylee is Killed");
    assert_eq!(medic_checks(&ev), [(2, false)], "the 6 is never rolled");
    assert_eq!(removed(&g), ["Kaylee"]);
    assert_eq!(g.chance.scripted_remaining(), 1);
}

/// FF-DEATH-8: the rulebook's example. "Reaver Raid" Kills Sally's three crew on the job: she
/// rolls 3 for the first, who is removed from play; 6 for the second, who returns to the ship;
/// and 5 for her Medic, who is saved.
#[test]
fn ff_death_8_example_reaver_raid_and_three_medic_checks() {
    // The Killed crew are checked from the last-hired on the job back: Stark, Zoe, then the
    // Medic (the Interrogator). The Leader stays aboard. The Tech test: 1 + 0 Tech.
    let mut g = scenario(&ezra_job(
        "1, 3, 6, 5",
        "malcolm",
        "crew = [{ card = \"interrogator\" }, { card = \"zoe\" }, { card = \"stark\" }]",
        REAVER_RAID,
    ));
    let ev = work(&mut g, &["Malcolm"]);
    assert_eq!(medic_checks(&ev), [(3, false), (6, true), (5, true)]);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Interrogator", "Zoe"]);
    assert_eq!(removed(&g), ["Stark"]);
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-DEATH-9: every Medic gives the Medic Check, Simon Tam and Doralee included.
#[test]
fn ff_death_9_simon_and_doralee_are_medics() {
    for medic in ["simon-tam", "doralee"] {
        let mut g = shoot_out_at_ezra(
            "1, 6",
            &format!("crew = [{{ card = \"kaylee\" }}, {{ card = \"{medic}\" }}]"),
        );
        let ev = choose(&mut g, "Kaylee is Killed");
        assert_eq!(medic_checks(&ev).len(), 1, "{medic}");
        assert!(crew_names(&g, 0).contains(&"Kaylee".to_string()));
    }
}

/// FF-DEATH-10: gear and ship upgrades change the odds: Simon Tam adds 2, Simon's Surgical Kit
/// adds 1, the Fully Equipped Med Bay re-rolls a failed check.
#[test]
fn ff_death_10_simon_surgical_kit_and_med_bay_change_the_odds() {
    // Simon: a 3 saves (3 + 2 = 5); a 2 does not.
    for (roll, saved) in [(3u8, true), (2, false)] {
        let mut g = shoot_out_at_ezra(
            &format!("1, {roll}"),
            "crew = [{ card = \"kaylee\" }, { card = \"simon-tam\" }]",
        );
        choose(&mut g, "Kaylee is Killed");
        let alive = crew_names(&g, 0).contains(&"Kaylee".to_string());
        assert_eq!(alive, saved, "Simon, roll {roll}");
    }
    // The Surgical Kit on a Med Staff: a 4 saves.
    let mut g = shoot_out_at_ezra("1, 4", "crew = [{ card = \"kaylee\" }, { card = \"med-staff-zen\", gear = [\"simons-surgical-kit\"] }]");
    choose(&mut g, "Kaylee is Killed");
    assert!(crew_names(&g, 0).contains(&"Kaylee".to_string()));
    // The kit set aside does nothing (FF-CREW-20).
    let mut g = shoot_out_at_ezra("1, 4", "crew = [{ card = \"kaylee\" }, { card = \"med-staff-zen\" }]\nspare-gear = [\"simons-surgical-kit\"]");
    choose(&mut g, "Kaylee is Killed");
    assert!(!crew_names(&g, 0).contains(&"Kaylee".to_string()));
    // The Med Bay: a 2 is re-rolled into a 5.
    let mut g = shoot_out_at_ezra("1, 2, 5", "crew = [{ card = \"kaylee\" }, { card = \"med-staff-zen\" }]\nupgrades = [\"fully-equipped-med-bay\"]");
    choose(&mut g, "Kaylee is Killed");
    assert!(crew_names(&g, 0).contains(&"Kaylee".to_string()));
    // The Med Bay alone gives no check.
    let mut g = shoot_out_at_ezra(
        "1, 6, 6",
        "crew = [{ card = \"kaylee\" }]\nupgrades = [\"fully-equipped-med-bay\"]",
    );
    let ev = choose(&mut g, "Kaylee is Killed");
    assert!(medic_checks(&ev).is_empty());
}

/// FF-DEATH-11: a Killed crew member's gear returns to the ship.
#[test]
fn ff_death_11_gear_of_the_killed_returns_to_the_ship() {
    let mut g = shoot_out_at_ezra("1", "crew = [{ card = \"jayne\", gear = [\"vera\"] }]");
    choose(&mut g, "Jayne is Killed");
    let spare: Vec<_> = g.players[0]
        .spare_gear
        .iter()
        .map(|c| g.content.supply_name(c).to_string())
        .collect();
    assert_eq!(spare, ["\"Vera\""]);
}

/// FF-DEATH-12: crew cannot be dismissed to avoid a Kill (FF-CREW-6).
#[test]
fn ff_death_12_no_dismissing_to_avoid_a_kill() {
    let mut g = scenario(&ezra_job(
        "1",
        "malcolm",
        "crew = [{ card = \"jayne\" }]",
        SHOOT_OUT,
    ));
    assert!(can(&g, "Dismiss Jayne"));
    work(&mut g, &[]);
    assert!(!can(&g, "Dismiss"));
}

// ---------------------------------------------------------------------------------------------
// Crew with special deaths
// ---------------------------------------------------------------------------------------------

/// Tracey: whenever a crew member is Killed, Tracey (on the job) must be Killed first.
#[test]
fn tracey_is_killed_first() {
    let mut g = shoot_out_at_ezra("1", "crew = [{ card = \"kaylee\" }, { card = \"tracey\" }]");
    assert_eq!(menu(&g), ["Tracey is Killed"]);
    choose(&mut g, "Tracey is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);

    // Tracey aboard the ship is not on the job: free choice.
    let mut g = scenario(&ezra_job(
        "1",
        "malcolm",
        "crew = [{ card = \"kaylee\" }, { card = \"tracey\" }]",
        SHOOT_OUT,
    ));
    work(&mut g, &["Tracey"]);
    assert!(can(&g, "Kaylee is Killed"));
    assert!(!can(&g, "Tracey is Killed"));
}

/// Gun Hands: a Killed Gun Hand is discarded (back to the Supply discard pile), not removed
/// from play.
#[test]
fn gun_hands_are_discarded_instead_of_removed() {
    let mut g = shoot_out_at_ezra("1", "crew = [{ card = \"gun-hand-jim\" }]");
    choose(&mut g, "Gun Hand Jim is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm"]);
    assert!(removed(&g).is_empty());
    assert_eq!(discards(&g, "space-bazaar"), ["Gun Hand Jim"]);
}

/// The imposters (Saffron, Bridgit, Yolonda): only one may be in play; hiring one removes the
/// other from play, wherever it is.
#[test]
fn hiring_an_imposter_removes_the_other_one() {
    let mut g = scenario(
        "[[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"regina\"\nmoney = 3000\n\
         [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n\
         crew = [{ card = \"saffron\", gear = [\"pistol\"] }, { card = \"zoe\" }]\n\
         [decks.supply-discard]\nregina = [\"bridgit\"]\n",
    );
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Bridgit");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Bridgit for $300");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Bridgit"]);
    assert_eq!(crew_names(&g, 1), ["Womack", "Zoe"]);
    assert_eq!(removed(&g), ["Saffron"]);
    assert_eq!(
        g.players[1].spare_gear.len(),
        1,
        "her gear stays with the ship"
    );
}
