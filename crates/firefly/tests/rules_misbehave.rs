//! Misbehaving (FF-MISB): drawing Misbehave cards one at a time, options and requirements,
//! Aces in the Hole, Proceed / Attempt Botched / Warrant Issued.

use tabletop_firefly::content::{ContactName, Content, Ending, Skill};
use tabletop_firefly::state::{Activity, Phase};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly};

fn misbehave_top(g: &Firefly) -> String {
    let c = *g.decks.misbehave.draw_pile().last().unwrap();
    g.content.misbehave_def(c).id.clone()
}

fn discard_ids(g: &Firefly) -> Vec<String> {
    g.decks
        .misbehave
        .discard_pile()
        .iter()
        .map(|&c| g.content.misbehave_def(c).id.clone())
        .collect()
}

/// FF-MISB-1: the number of Misbehave cards pictured on the job is how many must be got
/// through: Henpecked Badger shows 2, Badger's 11 Casino Caper 3.
#[test]
fn ff_misb_1_as_many_cards_as_pictured() {
    let mut g = henpecked(
        "5",
        "",
        "\"a-little-job-on-the-side\", \"an-unexpected-opportunity\", \"kill-the-alarm\"",
    );
    let mut ev = work_henpecked(&mut g);
    ev.extend(choose(&mut g, "Stay on Target"));
    ev.extend(choose(&mut g, "Walk Away"));
    assert_eq!(misbehave_drawn(&g, &ev).len(), 2);
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert_eq!(
        misbehave_top(&g),
        "kill-the-alarm",
        "the third card is not drawn"
    );

    // The Casino Caper at Santo: Fight 1, Tech 1, Negotiate 1 (Malcolm + Corbin's skills).
    let mut g = two_captains(
        "dice = [5]",
        "leader = \"malcolm\"\nsector = \"santo\"\nhand = [\"badger-badgers-11-casino-caper\"]\nleader-gear = [\"security-interface-pad\"]",
        "misbehave = [\"a-little-job-on-the-side\", \"an-unexpected-opportunity\", \"locals-in-need\"]",
    );
    choose(&mut g, "Casino Caper");
    let mut ev = choose(&mut g, "Done");
    ev.extend(choose(&mut g, "Stay on Target"));
    // The third card, Locals in Need, leaves only "We Don't Have Time for This" (no Cargo to
    // feed anyone): it is taken at once, passed, and the job is done.
    ev.extend(choose(&mut g, "Walk Away"));
    assert_eq!(misbehave_drawn(&g, &ev).len(), 3);
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
}

/// FF-MISB-2: cards are drawn one at a time; the next only after passing the one before.
#[test]
fn ff_misb_2_one_card_at_a_time() {
    let mut g = henpecked("1", "", "\"kill-the-alarm\", \"tight-security\"");
    let ev = work_henpecked(&mut g);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["kill-the-alarm"]);
    assert_eq!(misbehave_top(&g), "tight-security", "still in the deck");
    // Failing the first card: the second is never drawn.
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(misbehave_drawn(&g, &ev).is_empty());
    assert_eq!(misbehave_top(&g), "tight-security");
}

/// FF-MISB-3: once started, a Misbehave attempt must be finished: nothing else can be done,
/// and there is no way to back out.
#[test]
fn ff_misb_3_no_backing_out() {
    let mut g = henpecked("", "", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    let m = menu(&g);
    assert_eq!(
        m,
        vec![
            "Option: Rig a Bypass".to_string(),
            "Option: Just Shoot the Gorram Thing".to_string()
        ]
    );
}

/// FF-MISB-4: the player attempts exactly one of a card's options.
#[test]
fn ff_misb_4_exactly_one_option() {
    let mut g = henpecked("1", "", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    let chosen: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::OptionChosen { .. }))
        .collect();
    assert_eq!(chosen.len(), 1);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count(),
        1,
        "the failed Tech test is not followed by the Fight option"
    );
    assert!(!can(&g, "Just Shoot"));
}

/// FF-MISB-5: an option whose requirement (e.g. "Requires TRANSPORT") is not met may not be
/// chosen; crew on the job with the keyword make it possible.
#[test]
fn ff_misb_5_requirements() {
    // Alliance Patrol: "Hightail It Outta There" requires TRANSPORT.
    let mut g = henpecked("", "", "\"alliance-patrol\"");
    let ev = work_henpecked(&mut g);
    // Without TRANSPORT only the test is left, so it was taken at once.
    assert!(happened(&ev, |e| matches!(e, Event::Rolled { .. })));

    let mut g = henpecked("", "leader-gear = [\"4wd-mule\"]", "\"alliance-patrol\"");
    work_henpecked(&mut g);
    assert!(can(&g, "Hightail It"));
    let ev = choose(&mut g, "Hightail It");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);

    // Fast Horses count as TRANSPORT by being discarded.
    let mut g = henpecked("", "leader-gear = [\"fast-horses\"]", "\"alliance-patrol\"");
    work_henpecked(&mut g);
    choose(&mut g, "Hightail It");
    assert!(
        g.players[0].crew[0].gear.is_empty(),
        "the Fast Horses are discarded"
    );
}

/// FF-MISB-6: an Ace in the Hole among the crew on the job (a Keyword, Profession, crew member
/// or gear card) means you Proceed at once; an Ace aboard the ship does not count.
#[test]
fn ff_misb_6_ace_in_the_hole() {
    // Alliance Patrol: Ace FAKE ID.
    let mut g = henpecked(
        "",
        "leader-gear = [\"bona-fide-credentials\"]",
        "\"alliance-patrol\", \"kill-the-alarm\"",
    );
    let ev = work_henpecked(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    assert_eq!(
        misbehave_drawn(&g, &ev),
        vec!["alliance-patrol", "kill-the-alarm"]
    );
    assert!(!happened(&ev, |e| matches!(e, Event::Rolled { .. })));

    // We Need a Distraction: Ace Companion (Inara).
    let mut g = henpecked(
        "",
        "crew = [{ card = \"inara\" }]",
        "\"we-need-a-distraction\"",
    );
    let ev = work_henpecked(&mut g);
    assert!(happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    // The same with Inara aboard the ship: no Ace.
    let mut g = henpecked(
        "",
        "crew = [{ card = \"inara\" }]",
        "\"we-need-a-distraction\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Inara");
    let ev = choose(&mut g, "Done");
    assert!(!happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));

    // A Bit of Local Color: Ace Wash (a crew card).
    let mut g = henpecked(
        "",
        "crew = [{ card = \"wash\" }]",
        "\"a-bit-of-local-color\"",
    );
    assert!(happened(&work_henpecked(&mut g), |e| matches!(
        e,
        Event::AceInTheHole { .. }
    )));
    // Let's Go to the Crappy Town…: Ace Jayne's Cunning Hat (a gear card).
    let mut g = henpecked(
        "",
        "leader-gear = [\"jaynes-cunning-hat\"]",
        "\"lets-go-to-the-crappy-town-where-im-a-hero\"",
    );
    assert!(happened(&work_henpecked(&mut g), |e| matches!(
        e,
        Event::AceInTheHole { .. }
    )));
}

/// FF-MISB-7: every Misbehave card ends in Proceed, Attempt Botched or Warrant Issued.
#[test]
fn ff_misb_7_three_outcomes() {
    let ok = [
        Ending::Proceed,
        Ending::AttemptBotched,
        Ending::WarrantIssued,
    ];
    for m in &Content::builtin().misbehave_defs {
        for o in &m.options {
            match &o.test {
                None => assert!(ok.contains(&o.ends.unwrap()), "{}", m.id),
                Some(t) => {
                    for band in &t.outcomes {
                        assert!(ok.contains(&band.ends.unwrap()), "{}", m.id);
                    }
                }
            }
        }
    }
}

/// FF-MISB-8: Proceed: carry on with the next card, or the job's instructions after the last.
#[test]
fn ff_misb_8_proceed() {
    let mut g = henpecked("5, 5, 5", "", &copies(2, "kill-the-alarm"));
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(endings(&ev), vec![Ending::Proceed]);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["kill-the-alarm"]);
    let ev = choose(&mut g, "Rig a Bypass");
    // The job's instructions: the cover-your-tracks test, and the job is done.
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count(),
        2
    );
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
}

/// FF-MISB-9: Attempt Botched: the attempt fails, the job stays Active and may be tried again
/// on a future turn.
#[test]
fn ff_misb_9_attempt_botched() {
    let mut g = henpecked("1", "", "\"kill-the-alarm\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert!(!happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert_eq!(g.players[0].active.len(), 1);
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.activity, Activity::None);
    choose(&mut g, "End turn");
    choose(&mut g, "End turn");
    assert!(can(&g, "Henpecked Badger"));
}

/// FF-MISB-10: Warrant Issued: the attempt fails and a Warrant token goes on the Ship Card,
/// which is now an Outlaw Ship.
#[test]
fn ff_misb_10_warrant_issued() {
    let mut g = henpecked("1", "", "\"alliance-patrol\"");
    assert!(!g.is_outlaw(&g.players[0]));
    let ev = work_henpecked(&mut g);
    assert_eq!(endings(&ev), vec![Ending::WarrantIssued]);
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    assert_eq!(g.players[0].warrants, 1);
    assert!(g.is_outlaw(&g.players[0]));
    assert!(!happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
}

/// FF-MISB-11: a Warrant received while working a job discards it onto its Contact's discard
/// pile.
#[test]
fn ff_misb_11_warrant_discards_the_job() {
    let mut g = henpecked("1", "", "\"alliance-patrol\"");
    let j = g.players[0].hand[0];
    work_henpecked(&mut g);
    assert!(g.players[0].active.is_empty() && g.players[0].hand.is_empty());
    assert_eq!(
        g.decks.contacts[ContactName::Patience.index()].top_discard(),
        Some(j)
    );
}

/// FF-MISB-12: that Warrant also costs all reputation with the job's Contact, and with Harken
/// in every case.
#[test]
fn ff_misb_12_warrant_costs_reputation() {
    let mut g = henpecked(
        "1",
        "solid = [\"patience\", \"harken\", \"badger\"]",
        "\"alliance-patrol\"",
    );
    let ev = work_henpecked(&mut g);
    let p = &g.players[0];
    assert!(!p.is_solid(ContactName::Patience));
    assert!(!p.is_solid(ContactName::Harken));
    assert!(
        p.is_solid(ContactName::Badger),
        "other Contacts are untouched"
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReputationLost {
            contact: ContactName::Patience,
            ..
        }
    )));
}

/// FF-MISB-13: a Misbehave card always goes to the Misbehave discard pile once resolved,
/// whatever the outcome (an Ace included).
#[test]
fn ff_misb_13_cards_go_to_the_discard_pile() {
    let mut g = henpecked(
        "5, 1",
        "leader-gear = [\"bona-fide-credentials\"]",
        "\"alliance-patrol\", \"kill-the-alarm\", \"tight-security\"",
    );
    work_henpecked(&mut g);
    assert_eq!(discard_ids(&g), vec!["alliance-patrol"]);
    // Kill the Alarm is passed; then the job's own test, and the job is done.
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert_eq!(discard_ids(&g), vec!["alliance-patrol", "kill-the-alarm"]);
    // A failed card is discarded too.
    let mut g = henpecked("1", "", "\"tight-security\"");
    work_henpecked(&mut g);
    choose(&mut g, "See What You Can Do");
    assert_eq!(discard_ids(&g), vec!["tight-security"]);
}

/// FF-MISB-16: the rulebook's example: "Reaver Raid" is failed and all three crew on the job
/// are Killed; with a Medic, each gets a Medic Check (3: removed, 6: back to the ship, 5: the
/// Medic saves herself).
#[test]
fn ff_misb_16_reaver_raid_example() {
    // Corbin stays aboard; Med Staff Zen, Skunk and Fendris go. Reaver Raid: "Hide in the
    // Vault" (Tech 5); "Run for Your Gorram Life" needs TRANSPORT, so the test is taken.
    let mut g = henpecked(
        "1, 3, 6, 5",
        "crew = [{ card = \"med-staff-zen\" }, { card = \"skunk\" }, { card = \"fendris\" }]",
        "\"reaver-raid\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Corbin");
    let ev = choose(&mut g, "Done");
    let checks: Vec<(u8, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::MedicCheck { roll, saved, .. } => Some((*roll, *saved)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, vec![(3, false), (6, true), (5, true)]);
    assert_eq!(crew_ids(&g, 0), vec!["corbin", "med-staff-zen", "skunk"]);
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-MISB-17: a story goal that needs Misbehaving finishes the Misbehave cards before the
/// goal's own instructions (King of All Londinium, goal 1: 2 cards, then a Negotiate test).
#[test]
fn ff_misb_17_goal_misbehave_first() {
    let mut g = two_captains(
        "dice = [5, 5]",
        "leader = \"corbin\"\nsector = \"jiangyin\"",
        "misbehave = [\"kill-the-alarm\", \"a-little-job-on-the-side\"]",
    );
    choose(&mut g, "Work story goal 1");
    let ev = choose(&mut g, "Done");
    assert_eq!(misbehave_drawn(&g, &ev).len(), 1);
    assert!(!happened(&ev, |e| matches!(e, Event::Rolled { .. })));
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Stay on Target");
    // Now the goal's test: 5 + Negotiate 1 = 6 → pay $7,000 or walk away.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Rolled { total: 6, .. }
    )));
    assert!(can(&g, "Walk Away"));
}

/// FF-MISB-13 with the Misbehave deck's RESHUFFLE card, "Alliance Operatives": it goes to the
/// discard pile once resolved, and then the discard pile is shuffled back into the deck.
#[test]
fn ff_misb_13_the_reshuffle_card_shuffles_the_discards_back() {
    let mut g = henpecked(
        "5",
        "leader-gear = [\"4wd-mule\"]",
        "\"kill-the-alarm\", \"alliance-operatives\"",
    );
    let total = g.decks.misbehave.draw_len();
    work_henpecked(&mut g);
    choose(&mut g, "Rig a Bypass");
    assert_eq!(discard_ids(&g), vec!["kill-the-alarm"]);
    let ev = choose(&mut g, "Two by Two");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(g.decks.misbehave.discard_len(), 0);
    assert_eq!(g.decks.misbehave.draw_len(), total);
}

// ---------------------------------------------------------------------------------------------
// Effects no base Misbehave card has: test-only cards ("promo", so the base deck's count holds)
// ---------------------------------------------------------------------------------------------

/// Test-only cards, among them a Misbehave card that tells you to draw another card
/// ("Company Coming", FF-MISB-14) and one with 2 steps to succeed ("Through the Vault",
/// FF-MISB-15).
fn test_content() -> &'static Content {
    effects_content(1)
}

/// `henpecked` on the content with the test-only cards.
fn henpecked_with(dice: &str, misbehave: &str) -> Firefly {
    let text = two_captains_text(
        &format!("dice = [{dice}]"),
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}"),
        &format!("misbehave = [{misbehave}]"),
    );
    scenario_on(test_content(), &text)
}

/// FF-MISB-14: a card that tells you to draw another Misbehave card is not passed: Henpecked
/// Badger pictures 2 cards, and after "Company Coming" ("Lie Low": draw another) two more
/// cards must still be passed, the extra one first.
#[test]
fn ff_misb_14_draw_another_is_not_a_pass() {
    let mut g = henpecked_with(
        "5",
        "\"test-company-coming\", \"a-little-job-on-the-side\", \"an-unexpected-opportunity\", \
         \"kill-the-alarm\"",
    );
    let mut ev = work_henpecked(&mut g);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["test-company-coming"]);
    let lie_low = choose(&mut g, "Lie Low");
    assert_eq!(endings(&lie_low), vec![Ending::DrawAnother]);
    assert!(!endings(&lie_low).contains(&Ending::Proceed));
    // It goes to the discard pile as any resolved card (FF-MISB-13), and the extra card is
    // drawn at once.
    assert_eq!(discard_ids(&g), vec!["test-company-coming"]);
    assert_eq!(
        misbehave_drawn(&g, &lie_low),
        vec!["a-little-job-on-the-side"]
    );
    ev.extend(lie_low);
    // The extra card passed: one of the two pictured cards is still to come.
    let pass = choose(&mut g, "Stay on Target");
    assert_eq!(
        misbehave_drawn(&g, &pass),
        vec!["an-unexpected-opportunity"]
    );
    assert!(!happened(&pass, |e| matches!(
        e,
        Event::JobCompleted { .. }
    )));
    ev.extend(pass);
    ev.extend(choose(&mut g, "Walk Away"));
    assert_eq!(
        misbehave_drawn(&g, &ev).len(),
        3,
        "2 pictured + 1 drawn by the card"
    );
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert_eq!(misbehave_top(&g), "kill-the-alarm");

    // A test band can say it too ("Bluff It Out", 1–7: draw another).
    let mut g = henpecked_with(
        "2",
        "\"test-company-coming\", \"a-little-job-on-the-side\", \"an-unexpected-opportunity\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bluff It Out");
    assert_eq!(endings(&ev), vec![Ending::DrawAnother]);
    assert_eq!(misbehave_drawn(&g, &ev), vec!["a-little-job-on-the-side"]);
}

/// FF-MISB-14: the extra card must be passed like any other: failing it ends the attempt, and
/// no further card is drawn.
#[test]
fn ff_misb_14_the_extra_card_must_be_passed() {
    let mut g = henpecked_with(
        "1",
        "\"test-company-coming\", \"a-little-job-on-the-side\", \"an-unexpected-opportunity\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Lie Low");
    // "Profitable Detour" always ends Attempt Botched.
    let ev = choose(&mut g, "Profitable Detour");
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert!(misbehave_drawn(&g, &ev).is_empty());
    assert_eq!(misbehave_top(&g), "an-unexpected-opportunity");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(
        g.players[0].active.len(),
        1,
        "Attempt Botched: the job stays Active"
    );
}

/// FF-MISB-15: a card with 2 steps to succeed needs both, in order: the Tech step first, and
/// only after it ends in Proceed the Negotiate step; only then is the card passed and the next
/// card drawn. Corbin: Tech 2, Negotiate 1.
#[test]
fn ff_misb_15_both_steps_in_order() {
    // 4 + Tech 2 = 6 (step 1 passed), then 4 + Negotiate 1 = 5 (step 2 passed).
    let mut g = henpecked_with(
        "4, 4",
        "\"test-through-the-vault\", \"a-little-job-on-the-side\"",
    );
    let ev = work_henpecked(&mut g);
    assert_eq!(rolled_skills(&ev), vec![Skill::Tech, Skill::Negotiate]);
    let step_passed = ev
        .iter()
        .position(|e| matches!(e, Event::StepPassed { step: 0, .. }))
        .expect("step 1 passed");
    let second_roll = ev
        .iter()
        .rposition(|e| matches!(e, Event::Rolled { .. }))
        .unwrap();
    assert!(step_passed < second_roll, "step 2 only after step 1");
    assert_eq!(
        endings(&ev),
        vec![Ending::Proceed],
        "one Proceed: the card's"
    );
    assert_eq!(
        misbehave_drawn(&g, &ev),
        vec!["test-through-the-vault", "a-little-job-on-the-side"]
    );
    assert_eq!(discard_ids(&g), vec!["test-through-the-vault"]);
}

/// FF-MISB-15: failing the first step ends the card there (the second is never made); passing
/// the first and failing the second fails the card: the first step's Proceed is no pass.
#[test]
fn ff_misb_15_a_failed_step_fails_the_card() {
    // 1 + Tech 2 = 3: step 1 botched.
    let mut g = henpecked_with(
        "1, 6",
        "\"test-through-the-vault\", \"a-little-job-on-the-side\"",
    );
    let ev = work_henpecked(&mut g);
    assert_eq!(rolled_skills(&ev), vec![Skill::Tech]);
    assert!(!happened(&ev, |e| matches!(e, Event::StepPassed { .. })));
    assert_eq!(endings(&ev), vec![Ending::AttemptBotched]);
    assert_eq!(misbehave_top(&g), "a-little-job-on-the-side");
    assert_eq!(g.players[0].active.len(), 1);

    // 3 + Tech 2 = 5: step 1 passed; 2 + Negotiate 1 = 3: step 2 fails, Warrant Issued.
    let mut g = henpecked_with(
        "3, 2",
        "\"test-through-the-vault\", \"a-little-job-on-the-side\"",
    );
    let ev = work_henpecked(&mut g);
    assert_eq!(rolled_skills(&ev), vec![Skill::Tech, Skill::Negotiate]);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::StepPassed { step: 0, .. }
    )));
    assert_eq!(endings(&ev), vec![Ending::WarrantIssued]);
    assert_eq!(g.players[0].warrants, 1);
    assert!(
        g.players[0].active.is_empty(),
        "the job is discarded (FF-MISB-11)"
    );
    assert_eq!(misbehave_top(&g), "a-little-job-on-the-side");
}
