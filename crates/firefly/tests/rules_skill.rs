//! Skills and skill tests (FF-SKILL), and the crew and gear abilities that change tests.

use tabletop_firefly::content::{Content, Item, Skill};
use tabletop_firefly::state::Phase;
use tabletop_firefly::testing::*;
use tabletop_firefly::Event;

use tabletop_firefly::content::Ending;

/// FF-SKILL-1: there are three skills, Fight, Tech and Negotiate, and every test is of one.
#[test]
fn ff_skill_1_three_skills() {
    assert_eq!(Skill::ALL.map(|s| s.name()), ["Fight", "Tech", "Negotiate"]);
    let c = Content::builtin();
    for m in &c.misbehave_defs {
        for o in &m.options {
            if let Some(t) = &o.test {
                assert!(Skill::ALL.contains(&t.skill));
            }
        }
    }
}

/// FF-SKILL-2: each skill symbol on a crew card or carried gear card adds 1 point; gear set
/// aside aboard the ship adds nothing.
#[test]
fn ff_skill_2_crew_and_carried_gear_add_their_points() {
    // Kill the Alarm, "Just Shoot the Gorram Thing": Fight 7.
    let mut g = henpecked(
        "3",
        "leader-gear = [\"pistol\"]\ncrew = [{ card = \"skunk\", gear = [\"vera\"] }]\nspare-gear = [\"gl-flashkill-pod-grenades\"]",
        "\"kill-the-alarm\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Just Shoot");
    // Corbin 0 + Pistol 1 + Skunk 1 + Vera 2 = 4; the grenades aboard add nothing.
    assert_eq!(rolls(&ev), vec![(Skill::Fight, vec![3], 4, 0, 7)]);
}

/// FF-SKILL-3: a test is a skill, a target and outcome ranges (lowest first).
#[test]
fn ff_skill_3_a_test_is_a_skill_and_outcome_ranges() {
    let c = Content::builtin();
    let card = c
        .misbehave_defs
        .iter()
        .find(|m| m.id == "kill-the-alarm")
        .unwrap();
    let t = card.options[0].test.as_ref().unwrap();
    assert_eq!(t.skill, Skill::Tech);
    let mins: Vec<i32> = t.outcomes.iter().map(|o| o.min).collect();
    assert_eq!(mins, vec![1, 5], "1-4 Attempt Botched, 5+ Proceed");
    assert_eq!(t.outcomes[0].ends, Some(Ending::AttemptBotched));
    assert_eq!(t.outcomes[1].ends, Some(Ending::Proceed));
}

/// FF-SKILL-4: roll 1 d6, add the skill points, and the range the total falls in applies.
#[test]
fn ff_skill_4_roll_plus_skill_is_compared_with_the_ranges() {
    // Rig a Bypass: Tech, 1-4 Attempt Botched, 5+ Proceed. Corbin has Tech 2.
    let mut g = henpecked("2", "", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![2], 2, 0, 4)]);
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);

    let mut g = henpecked("3", "", &copies(2, "kill-the-alarm"));
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![3], 2, 0, 5)]);
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["kill-the-alarm".to_string()]);
}

/// FF-SKILL-5: the rulebook's example: a Fight test with target 7; 1-6 you choose a crew member
/// to be Killed and the attempt ends, 7+ you pass and Proceed ("Gun Play").
#[test]
fn ff_skill_5_fight_seven_kill_and_end_or_proceed() {
    // Corbin Fight 0, Skunk Fight 1, Fendris Fight 1: a 4 makes 6.
    let crew = "crew = [{ card = \"skunk\" }, { card = \"fendris\" }]";
    let mut g = henpecked("4", crew, "\"gun-play\"");
    work_henpecked(&mut g);
    choose(&mut g, "My Guns");
    assert!(can(&g, "Skunk is Killed") && can(&g, "Fendris is Killed"));
    let ev = choose(&mut g, "Skunk is Killed");
    assert!(happened(&ev, |e| matches!(e, Event::Killed { .. })));
    assert_eq!(crew_ids(&g, 0), vec!["corbin", "fendris"]);
    assert_eq!(g.phase, Phase::Actions, "the attempt is over");
    assert_eq!(g.players[0].active.len(), 1, "the job stays Active");

    let mut g = henpecked("5", crew, "\"gun-play\", \"kill-the-alarm\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "My Guns");
    assert_eq!(rolls(&ev)[0].4, 7);
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    assert_eq!(crew_ids(&g, 0).len(), 3);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["kill-the-alarm".to_string()]);
}

/// FF-SKILL-6: a Kosherized Fight test counts no Fight from gear, only Fight printed on crew.
#[test]
fn ff_skill_6_kosherized_counts_no_gear() {
    // A Bit of Local Color, "Bar Fight!": Fight 6, Kosherized.
    let mut g = henpecked(
        "2",
        "leader-gear = [\"pistol\"]\ncrew = [{ card = \"skunk\", gear = [\"vera\"] }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev)[0].2, 1, "only Skunk's own Fight 1");
}

/// Lund: "May use gear in Kosherized Fight tests" (FF-SKILL-6's exception): with Lund on the
/// job, carried gear counts again.
#[test]
fn lund_uses_gear_in_kosherized_tests() {
    let mut g = henpecked(
        "2",
        "leader-gear = [\"pistol\"]\ncrew = [{ card = \"lund\" }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev)[0].2, 3, "Lund's Fight 2 + the Pistol");
}

/// FF-SKILL-6: gear adds no Fight to a Kosherized test in any form — a Knife or an Explosive
/// Charge carried on the job cannot be discarded after rolling for its bonus.
#[test]
fn ff_skill_6_kosherized_offers_no_discard_for_a_bonus() {
    let mut g = henpecked(
        "4",
        "leader-gear = [\"knife\"]\ncrew = [{ card = \"skunk\", gear = [\"explosive-charge\"] }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    // 4 + Skunk's Fight 1 = 5: one short of Proceed, and still no Knife to save the day.
    let ev = choose(&mut g, "Bar Fight");
    assert!(!can(&g, "for its bonus"), "{:?}", menu(&g));
    assert_eq!(rolls(&ev)[0].4, 5);
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(g.players[0].crew[0].gear.len(), 1, "the Knife is kept");

    // The same roll on a Fight test that is not Kosherized offers both.
    let mut g = henpecked(
        "4",
        "leader-gear = [\"knife\"]\ncrew = [{ card = \"skunk\", gear = [\"explosive-charge\"] }]",
        "\"gun-play\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "My Guns");
    assert!(can(&g, "Discard Knife for its bonus"));
    assert!(can(&g, "Discard Explosive Charge for its bonus"));
}

/// FF-SKILL-6: Crow's "+1 Fight while carrying a Knife" is a Fight bonus due to gear (FR: "aucun
/// bonus de compétence de combat dû à votre équipement"), so a Kosherized test counts only his
/// printed Fight 2.
#[test]
fn ff_skill_6_kosherized_counts_no_bonus_for_carrying_gear() {
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"crow\", gear = [\"crows-knife\"] }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev)[0].2, 2, "Crow's printed Fight 2 only");
    assert!(!can(&g, "Discard Crow's Knife"));
    // On a Fight test that is not Kosherized the Knife adds its +1.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"crow\", gear = [\"crows-knife\"] }]",
        "\"gun-play\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "My Guns");
    let ev = choose(&mut g, "Keep the roll");
    assert_eq!(rolls(&ev)[0].2, 3, "Crow 2 + 1 with his Knife");
}

/// Lund, the exception to FF-SKILL-6: with Lund on a Kosherized test every form of gear counts
/// again — Crow's bonus for his Knife, and discarding it after rolling for +2.
#[test]
fn lund_lets_gear_bonuses_count_in_kosherized_tests() {
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"crow\", gear = [\"crows-knife\"] }, { card = \"lund\" }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Bar Fight");
    assert!(can(&g, "Discard Crow's Knife for its bonus"));
    let ev = choose(&mut g, "Keep the roll");
    assert_eq!(rolls(&ev)[0].2, 5, "Crow 2 + 1 with the Knife + Lund 2");
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
}

/// FF-SKILL-6 forbids Fight *points* from gear; Jayne's Cunning Hat adds none — it re-rolls the
/// die's 1s when Misbehaving — so it still works on a Kosherized test.
#[test]
fn ff_skill_6_the_cunning_hat_still_rerolls_ones_on_a_kosherized_test() {
    let mut g = henpecked(
        "1, 5",
        "leader-gear = [\"jaynes-cunning-hat\"]\ncrew = [{ card = \"skunk\" }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev), vec![(Skill::Fight, vec![5], 1, 0, 6)]);
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
}

/// FF-SKILL-7: on a Bribes test you may pay the bank $100 per +1 before rolling; the total is
/// roll + skill + bribes. Tests without Bribes offer none.
#[test]
fn ff_skill_7_bribes_before_rolling() {
    // A Rival Crew, "Maybe We Can Make a Deal": Negotiate 8, Bribes. Corbin: Negotiate 1.
    let mut g = henpecked("4", "", "\"a-rival-crew\", \"kill-the-alarm\"");
    work_henpecked(&mut g);
    choose(&mut g, "Maybe We Can");
    assert!(can(&g, "Bribe $0"));
    assert!(can(&g, "Bribe $600"), "a roll of 1 + 1 + 6 reaches 8");
    assert!(!can(&g, "Bribe $700"), "more buys nothing");
    let ev = choose(&mut g, "Bribe $300");
    assert_eq!(g.players[0].money, 2700, "paid to the bank");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Money { delta: -300, .. }
    )));
    assert_eq!(rolls(&ev), vec![(Skill::Negotiate, vec![4], 1, 3, 8)]);
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    // The next card's tests are not Bribes tests.
    assert!(!can(&g, "Bribe"));
    choose(&mut g, "Rig a Bypass");
    assert!(!can(&g, "Bribe"));
}

/// FF-SKILL-7: bribes are limited by what the player can pay.
#[test]
fn ff_skill_7_bribes_only_what_you_can_pay() {
    let mut g = two_captains(
        "dice = [4]",
        "leader = \"corbin\"\nsector = \"persephone\"\nmoney = 250\nhand = [\"patience-henpecked-badger\"]",
        "misbehave = [\"a-rival-crew\"]",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Maybe We Can");
    assert!(can(&g, "Bribe $200"));
    assert!(!can(&g, "Bribe $300"));
}

/// FF-SKILL-8: Thrillin' Heroics: a 6 counts 6 and earns a bonus roll, which is added; a 6 on a
/// bonus roll earns another.
#[test]
fn ff_skill_8_thrillin_heroics() {
    let mut g = henpecked("6, 6, 2", "", &copies(2, "kill-the-alarm"));
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![6, 6, 2], 2, 0, 16)]);
}

/// Bester: "No Thrillin' Heroics on Tech tests": with Bester on the job a 6 is just 6.
#[test]
fn bester_cancels_thrillin_heroics_on_tech_tests() {
    let mut g = henpecked(
        "6, 1, 6, 3",
        "crew = [{ card = \"bester\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![6], 3, 0, 9)]);
    // On a Fight test Heroics apply as usual (the 1 left over is the next roll).
    let ev = choose(&mut g, "Just Shoot");
    assert_eq!(rolls(&ev)[0].1, vec![1]);
    let _ = ev;
}

/// FF-SKILL-9: a card offers a choice between tests, and the player picks the one that suits
/// the crew.
#[test]
fn ff_skill_9_pick_one_of_the_cards_tests() {
    let mut g = henpecked("1", "", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    assert!(can(&g, "Option: Rig a Bypass"));
    assert!(can(&g, "Option: Just Shoot the Gorram Thing"));
    let ev = choose(&mut g, "Just Shoot");
    assert_eq!(rolls(&ev)[0].0, Skill::Fight);
}

/// FF-SKILL-10: nested tests: the result of the first test may call for another. Badger's
/// "Withdraw from the 1st Bank n Trust": passing the Misbehave tests leads to the vault test;
/// botching the first test means no further test.
#[test]
fn ff_skill_10_the_first_result_calls_for_the_next_test() {
    let p0 = "leader = \"corbin\"\nsector = \"st-albans\"\nhand = [\"badger-withdraw-from-the-1st-bank-n-trust\"]";
    let decks = TWO_ALARMS;
    let mut g = two_captains("dice = [5, 5, 4]", p0, decks);
    choose(&mut g, "Withdraw");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    // Both passed: the vault test comes up (Corbin has no EXPLOSIVES to blow it, so cracking
    // it is the only way) and he cracks it (4 + Tech 2 = 6).
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(
        rolls(&ev).iter().map(|r| r.4).collect::<Vec<_>>(),
        vec![7, 6],
        "the Misbehave test, then the vault test"
    );
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));

    let mut g = two_captains("dice = [1]", p0, decks);
    choose(&mut g, "Withdraw");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(rolls(&ev).len(), 1, "no vault test");
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-SKILL-11: during a job only crew on the job, and the gear they carry, count toward a
/// test.
#[test]
fn ff_skill_11_only_crew_on_the_job_count() {
    let mut g = henpecked(
        "3",
        "crew = [{ card = \"skunk\", gear = [\"vera\"] }, { card = \"fendris\" }]",
        "\"gun-play\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Skunk");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "My Guns");
    assert_eq!(
        rolls(&ev)[0].2,
        1,
        "Fendris only: Skunk and Vera stay aboard"
    );
    // A Kill can only hit crew on the job (FF-DEATH-3).
    assert!(!can(&g, "Skunk is Killed"));
    assert!(can(&g, "Fendris is Killed"));
}

/// Zoe, Inara, Kaylee: "May re-roll <skill> tests": one re-roll of a test of their skill they
/// take part in, and the second roll stands.
#[test]
fn rerolls_of_zoe_inara_and_kaylee() {
    let mut g = henpecked(
        "1, 4",
        "crew = [{ card = \"kaylee\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    choose(&mut g, "Rig a Bypass");
    assert!(can(&g, "Re-roll") && can(&g, "Keep the roll"));
    let ev = choose(&mut g, "Re-roll");
    // Tech 2 + 3 = 5 with the first roll, 9 with the second.
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![4], 5, 0, 9)]);
    assert!(!can(&g, "Re-roll"), "one re-roll per test");
    // Kaylee does not re-roll Fight tests.
    let mut g = henpecked("1", "crew = [{ card = \"kaylee\" }]", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Just Shoot");
    assert_eq!(rolls(&ev).len(), 1, "settled at once");

    // Zoe re-rolls Fight tests, but not from aboard the ship.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"zoe\" }, { card = \"skunk\" }]",
        "\"gun-play\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Zoe");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "My Guns");
    assert_eq!(rolls(&ev).len(), 1, "no re-roll offered");
    // Inara re-rolls Negotiate tests.
    let mut g = henpecked("2, 5", "crew = [{ card = \"inara\" }]", "\"a-rival-crew\"");
    work_henpecked(&mut g);
    choose(&mut g, "Maybe We Can");
    choose(&mut g, "Bribe $0");
    assert!(can(&g, "Re-roll"));
}

/// Knife: "After rolling a Fight test, discard this card for +1": the bonus is added and the
/// card goes to its Supply discard pile.
#[test]
fn knife_discarded_after_rolling_for_a_bonus() {
    let mut g = henpecked(
        "2",
        "leader-gear = [\"knife\"]\ncrew = [{ card = \"skunk\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    // 2 + Skunk 1 = 3; Just Shoot needs 7: keep or discard the Knife.
    assert!(can(&g, "Discard Knife for its bonus"));
    let ev = choose(&mut g, "Discard Knife");
    assert!(g.players[0].crew[0].gear.is_empty());
    let c = g.content;
    let discarded = g
        .decks
        .supply
        .iter()
        .flat_map(|d| d.discard_pile().iter())
        .any(|&x| c.supply_name(x) == "Knife");
    assert!(discarded);
    // Nothing is left to decide, so the roll settles.
    assert_eq!(rolls(&ev)[0].4, 4, "2 + 1 + the Knife's 1");
}

/// Old Vendetta, "One on One" (`single-crew`): the player picks one crew member on the job;
/// only their skill counts, and the Kill of a failed test hits that crew member.
#[test]
fn single_crew_test_counts_and_kills_only_the_chosen_crew() {
    let mut g = henpecked(
        "2",
        "crew = [{ card = \"skunk\", gear = [\"pistol\"] }, { card = \"zoe\" }, { card = \"kaylee\" }]",
        "\"old-vendetta\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Kaylee");
    choose(&mut g, "Done");
    assert!(can(&g, "Skunk makes the test") && can(&g, "Zoe makes the test"));
    assert!(!can(&g, "Kaylee makes the test"), "aboard the ship");
    let ev = choose(&mut g, "Skunk makes the test");
    assert_eq!(rolls(&ev), vec![(Skill::Fight, vec![2], 2, 0, 4)]);
    let kills: Vec<String> = menu(&g)
        .into_iter()
        .filter(|d| d.contains("Killed"))
        .collect();
    assert_eq!(kills, vec!["Skunk is Killed".to_string()]);
}

/// "It Takes a Woman's Touch", "Poise and Grace" (`keyword-adds`): +3 when the crew on the
/// job have FANCY DUDS.
#[test]
fn keyword_adds_to_the_test() {
    let mut g = henpecked(
        "2",
        "leader-gear = [\"shiny-neck-tie\"]",
        "\"it-takes-a-womans-touch\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Poise and Grace");
    // 2 + Negotiate 1 + Tie 1 + 3 = 7: Proceed.
    assert_eq!(rolls(&ev)[0].4, 7);
    let mut g = henpecked(
        "2",
        "spare-gear = [\"shiny-neck-tie\"]",
        "\"it-takes-a-womans-touch\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Poise and Grace");
    assert_eq!(rolls(&ev)[0].4, 3, "the Tie aboard the ship adds nothing");
}

/// River Tam, Gifted: before each test she makes, roll a die: 1-2 back to the ship, 3 +2 Fight,
/// 4 +2 Tech, 5 +2 Negotiate, 6 +3 to the tested skill.
#[test]
fn river_tam_gifted_roll_before_each_test() {
    // Gifted 4 on a Tech test: +2.
    let mut g = henpecked(
        "4, 3",
        "crew = [{ card = \"river-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Gifted { roll: 4, .. }
    )));
    assert_eq!(rolls(&ev)[0].4, 3 + 2 + 2);
    // Gifted 3 on a Tech test gives nothing (it is +2 Fight); Gifted 6 gives +3 to anything.
    let mut g = henpecked(
        "3, 3, 6, 2",
        "crew = [{ card = \"river-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev)[0].4, 3 + 2);
    let ev = choose(&mut g, "Just Shoot");
    // 2 rolled, no Fight on the job, +3 from the card.
    assert_eq!(rolls(&ev)[0].4, 5);
}

/// River Tam, Gifted 1-2: she goes back to the ship and adds nothing for the rest of the job;
/// alone on the job, the attempt fails (FF-MISC-4).
#[test]
fn river_tam_gifted_back_to_the_ship() {
    let mut g = henpecked(
        "2, 6, 1",
        "crew = [{ card = \"river-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Gifted { roll: 2, .. }
    )));
    assert_eq!(
        rolls(&ev)[0].4,
        6 + 1 + 2,
        "Thrillin' Heroics 6+1, Tech 2; no Gifted"
    );
    // The second test: River is off the job, so no Gifted roll.
    let ev = choose(&mut g, "Just Shoot");
    assert!(!happened(&ev, |e| matches!(e, Event::Gifted { .. })));

    // River alone (the Leader taken off): she goes back and the attempt fails at once.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"river-tam\" }]",
        "\"kill-the-alarm\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Corbin");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(e, Event::JobFailed { .. })));
    assert!(rolls(&ev).is_empty());
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].active.len(), 1);
}

/// Simon Tam: "+2 to Gifted rolls" when he is on the job with River.
#[test]
fn simon_tam_adds_to_gifted_rolls() {
    let mut g = henpecked(
        "2, 3",
        "crew = [{ card = \"river-tam\" }, { card = \"simon-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    // Gifted 2 + 2 = 4: +2 Tech. Tech: Corbin 2 + Simon 2.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Gifted { roll: 4, .. }
    )));
    assert_eq!(rolls(&ev)[0].4, 3 + 4 + 2);
    // Simon aboard the ship adds nothing.
    let mut g = henpecked(
        "2, 3",
        "crew = [{ card = \"river-tam\" }, { card = \"simon-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Simon");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Gifted { roll: 2, .. }
    )));
}

/// Stitch: "Once per job, you may treat a Negotiate test as a Fight test."
#[test]
fn stitch_treats_a_negotiate_test_as_fight_once_per_job() {
    // A Rival Crew, "Maybe We Can Make a Deal": Negotiate 8, Bribes; then The Local Law,
    // "Money Talks!": Negotiate 11, Bribes.
    let mut g = henpecked(
        "5, 5",
        "leader-gear = [\"pistol\"]\ncrew = [{ card = \"stitch\" }]",
        "\"a-rival-crew\", \"the-local-law\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Maybe We Can");
    assert!(can(&g, "Treat this Negotiate test as a Fight test"));
    let ev = choose(&mut g, "Treat this Negotiate test as a Fight test");
    // A Fight test takes no bribes, so it is rolled at once: 5 + Stitch 2 + Pistol 1.
    assert_eq!(rolls(&ev), vec![(Skill::Fight, vec![5], 3, 0, 8)]);
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    // Second card: used up for this job.
    choose(&mut g, "Money Talks");
    assert!(can(&g, "Bribe $0"));
    assert!(!can(&g, "Treat this Negotiate"));
}

/// FF-WIN-7 by way of Stitch: working a story goal is not working a job, so "once per job"
/// abilities do not apply.
#[test]
fn stitch_does_not_apply_to_story_goals() {
    let mut g = two_captains(
        "dice = [5]",
        "leader = \"corbin\"\nsector = \"jiangyin\"\ncrew = [{ card = \"stitch\" }]",
        "misbehave = [\"a-rival-crew\", \"the-local-law\"]",
    );
    choose(&mut g, "Work story goal 1");
    choose(&mut g, "Done");
    choose(&mut g, "Maybe We Can");
    assert!(!can(&g, "Treat this Negotiate"));
}

/// Jayne's Cunning Hat: "When Misbehaving, re-roll any 1s".
#[test]
fn jaynes_cunning_hat_rerolls_ones_when_misbehaving() {
    let mut g = henpecked(
        "1, 5",
        "leader-gear = [\"jaynes-cunning-hat\"]",
        &copies(2, "kill-the-alarm"),
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev), vec![(Skill::Tech, vec![5], 2, 0, 7)]);
    // Not on the job's own test (not Misbehaving): the vault of the 1st Bank.
    let mut g = two_captains(
        "dice = [5, 5, 1, 6]",
        "leader = \"corbin\"\nsector = \"st-albans\"\nleader-gear = [\"jaynes-cunning-hat\"]\nhand = [\"badger-withdraw-from-the-1st-bank-n-trust\"]",
        TWO_ALARMS,
    );
    choose(&mut g, "Withdraw");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev)[1].1, vec![1], "the vault test keeps its 1");
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
}

/// Two-Fry: "On a job with SNIPER RIFLE, draw 1 fewer Misbehave card (at least 1)".
#[test]
fn two_fry_draws_one_fewer_misbehave_card_with_a_sniper_rifle() {
    let mut g = henpecked(
        "6, 1",
        "crew = [{ card = \"two-fry\", gear = [\"glucklich-jia-642x\"] }]",
        "\"a-little-job-on-the-side\", \"an-unexpected-opportunity\"",
    );
    let mut ev = work_henpecked(&mut g);
    ev.extend(choose(&mut g, "Stay on Target"));
    // After one card the job's own instructions (Cover your tracks) come up, and it is done.
    assert_eq!(misbehave_drawn(&g, &ev).len(), 1);
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    // Without the rifle, two cards.
    let mut g = henpecked(
        "",
        "crew = [{ card = \"two-fry\" }]",
        "\"a-little-job-on-the-side\", \"an-unexpected-opportunity\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Stay on Target");
    assert_eq!(
        misbehave_drawn(&g, &ev),
        vec!["an-unexpected-opportunity".to_string()]
    );
    let _ = Item::Cargo;
}
