//! Work (FF-WORK): starting and advancing jobs, crew on the job, Needs, delivery, getting
//! paid, Cuts, Immoral jobs and Make-Work.

use tabletop_firefly::content::{ContactName, Ending, Item};
use tabletop_firefly::state::{Activity, CrewCard, Phase};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly};

fn disgruntled(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .filter(|m| m.disgruntled)
        .map(|m| g.content.crew[m.def as usize].id.clone())
        .collect()
}

fn paid(ev: &[Event]) -> Option<u32> {
    ev.iter().find_map(|e| match e {
        Event::JobCompleted { pay, .. } => Some(*pay),
        _ => None,
    })
}

fn work_menu(g: &Firefly) -> Vec<String> {
    menu(g)
        .into_iter()
        .filter(|d| d.starts_with("Work"))
        .collect()
}

/// End the first captain's turn and the second's, back to the first.
fn next_round(g: &mut Firefly) {
    choose(g, "End turn");
    choose(g, "End turn");
    assert_eq!(g.current, 0);
}

/// FF-WORK-1: a Work action is one attempt at one job, Make-Work, or one attempt at a story
/// goal; all three are offered where they can be done, and one Work action uses the turn's Work.
#[test]
fn ff_work_1_what_a_work_action_is() {
    // Jiangyin: Niska's "Narcotics Express" picks up here, King goal 1 is here, and it has a
    // planet.
    let p0 = "leader = \"corbin\"\nsector = \"jiangyin\"\nhand = [\"niska-narcotics-express\"]";
    let mut g = two_captains("", p0, "");
    assert!(can(&g, "Work job \"Narcotics Express\""));
    assert!(can(&g, "Work story goal 1"));
    assert!(can(&g, "Make-Work"));
    choose(&mut g, "Make-Work");
    assert!(work_menu(&g).is_empty(), "one Work action per turn");
}

/// FF-WORK-2: one Work action advances one job only, even when two could be advanced here.
#[test]
fn ff_work_2_one_job_per_work_action() {
    let p0 = "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\", \"harken-cargo-delivery-ariel\"]";
    let mut g = two_captains("", p0, "");
    assert_eq!(
        work_menu(&g)
            .iter()
            .filter(|d| d.starts_with("Work job"))
            .count(),
        2
    );
    let ev = choose(&mut g, "Cargo Delivery: Albion");
    let started: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::JobStarted { .. }))
        .collect();
    assert_eq!(
        started.len(),
        0,
        "nothing happens before the crew is chosen"
    );
    let ev = choose(&mut g, "Done");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::JobStepDone { .. }))
            .count(),
        1
    );
    assert_eq!(g.players[0].item(Item::Cargo), 2);
    assert_eq!(
        g.players[0].hand.as_slice(),
        [job_id(&g, "harken-cargo-delivery-ariel")]
    );
    assert!(work_menu(&g).is_empty());
}

/// FF-WORK-3: a job is started at its Pick-up (delivery) or Target (crime) location; it goes
/// face up into the Active Job area; the active-job limit applies.
#[test]
fn ff_work_3_start_at_pickup_or_target_and_it_becomes_active() {
    let albion = job_id(&scenario_for_ids(), "harken-cargo-delivery-albion");
    // Not at the pick-up: no Work.
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    assert!(work_menu(&g).iter().all(|d| !d.contains("Cargo Delivery")));
    // At the pick-up.
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    choose(&mut g, "Cargo Delivery: Albion");
    let ev = choose(&mut g, "Done");
    assert!(happened(
        &ev,
        |e| matches!(e, Event::JobStarted { job, .. } if *job == albion)
    ));
    assert!(g.players[0].hand.is_empty());
    assert_eq!(g.players[0].active.len(), 1);
    assert_eq!(g.players[0].active[0].job, albion);
    // A crime job at its Target.
    let mut g = two_captains(
        "",
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}"),
        "",
    );
    assert!(can(&g, "Henpecked Badger"));
    let _ = &mut g;
    // Three Active jobs already: no new job can be started.
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\"]\n\
         active = [{ job = \"harken-fuel-run-boros\" }, { job = \"harken-laborer-transport\" }, { job = \"harken-vital-supplies-kerry\" }]",
        "",
    );
    assert!(!can(&g, "Cargo Delivery: Albion"));
}

fn scenario_for_ids() -> Firefly {
    two_captains("", "leader = \"corbin\"\nsector = \"regina\"", "")
}

/// FF-WORK-4: the steps of working a job: Equip Crew (before the attempt), Confirm Needs
/// (choosing the crew), Do the Job / Misbehave, Outcome.
#[test]
fn ff_work_4_equip_confirm_misbehave_outcome() {
    let mut g = henpecked(
        "3, 3, 5",
        "spare-gear = [\"pistol\"]\ncrew = [{ card = \"skunk\" }]",
        &copies(2, "kill-the-alarm"),
    );
    // 1. Equip before the attempt.
    assert!(can(&g, "Give Pistol to Skunk"));
    choose(&mut g, "Give Pistol to Skunk");
    // 2. Confirm Needs: choosing the crew; no gear changes now.
    choose(&mut g, "Henpecked Badger");
    assert!(matches!(g.phase, Phase::ChooseCrew { .. }));
    assert!(!can(&g, "Give") && !can(&g, "aside"));
    // 3. Misbehave.
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })));
    choose(&mut g, "Rig a Bypass");
    // 4. Outcome: the cover-your-tracks test, then pay.
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(paid(&ev).is_some());
}

/// FF-WORK-5: gear cannot pass between crew, or be taken from the ship, until the attempt is
/// over.
#[test]
fn ff_work_5_no_gear_changes_during_the_attempt() {
    let mut g = henpecked(
        "3",
        "spare-gear = [\"pistol\"]\ncrew = [{ card = \"skunk\", gear = [\"knife\"] }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    assert!(matches!(g.phase, Phase::Resolving));
    assert!(!can(&g, "Give") && !can(&g, "Set Knife aside"));
    choose(&mut g, "Rig a Bypass");
    // The attempt is over (3 + 2 = 5 passed, then the next card): still no gear changes.
    assert!(!can(&g, "Give"));
}

/// FF-WORK-6: the player chooses which crew go on the job; the rest stay aboard.
#[test]
fn ff_work_6_choose_the_crew_who_go() {
    let mut g = henpecked(
        "",
        "crew = [{ card = \"skunk\" }, { card = \"kaylee\" }]",
        "\"kill-the-alarm\"",
    );
    choose(&mut g, "Henpecked Badger");
    assert!(can(&g, "Take off Skunk") && can(&g, "Take off Kaylee") && can(&g, "Take off Corbin"));
    choose(&mut g, "Take off Kaylee");
    assert!(can(&g, "Put on Kaylee"));
    choose(&mut g, "Done");
    let Activity::Working { on_job, .. } = g.activity else {
        panic!("working")
    };
    assert_eq!(on_job, 0b011, "Corbin and Skunk on the job, Kaylee aboard");
}

/// FF-WORK-7: crew and gear aboard the ship cannot be used in any way during the job: not for
/// requirements, not as an Ace in the Hole.
#[test]
fn ff_work_7_nothing_aboard_can_be_used() {
    // Alliance Patrol: Ace FAKE ID; "Hightail It Outta There" requires TRANSPORT.
    let mut g = henpecked("1", "crew = [{ card = \"skunk\", gear = [\"bona-fide-credentials\"] }, { card = \"fendris\", gear = [\"4wd-mule\"] }]", "\"alliance-patrol\"");
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Skunk");
    choose(&mut g, "Take off Fendris");
    let ev = choose(&mut g, "Done");
    assert!(!happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    // Only "Identification, Please" is possible: it was resolved at once.
    assert!(happened(&ev, |e| matches!(e, Event::Rolled { .. })));
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
}

/// FF-WORK-8: crew aboard the ship are never affected by Misbehave results met on the job, and
/// effects can send crew back to the ship.
#[test]
fn ff_work_8_crew_aboard_are_not_affected() {
    // Gun Play, "Crawl Away Like a Bitty Little Bug": Disgruntle all crew, Attempt Botched.
    let mut g = henpecked(
        "",
        "crew = [{ card = \"skunk\" }, { card = \"stark\" }]",
        "\"gun-play\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Stark");
    choose(&mut g, "Done");
    choose(&mut g, "Crawl Away");
    assert_eq!(
        disgruntled(&g, 0),
        vec!["corbin", "skunk"],
        "Stark was aboard"
    );

    // River Tam's Gifted 1-2 sends her back to the ship: she is off the job from then on.
    let mut g = henpecked(
        "1, 4, 5",
        "crew = [{ card = \"river-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let Activity::Working { on_job, .. } = g.activity else {
        panic!("still working")
    };
    assert_eq!(on_job, 0b01, "River went back to the ship");
}

/// FF-WORK-9: the crew on the job, with their carried gear, must meet every Skill Need and
/// Keyword of the job.
#[test]
fn ff_work_9_skill_needs_must_be_met() {
    // Patience's "Bank Holdup" at Gonghe: Fight 2, Tech 1.
    let p0 = "leader = \"corbin\"\nsector = \"gonghe\"\nhand = [\"patience-bank-holdup\"]";
    let g = two_captains("", p0, "");
    assert!(!can(&g, "Bank Holdup"), "Corbin has no Fight");
    let mut g = two_captains(
        "",
        &format!("{p0}\ncrew = [{{ card = \"skunk\" }}, {{ card = \"fendris\" }}]"),
        "",
    );
    choose(&mut g, "Bank Holdup");
    assert!(can(&g, "Done"));
    choose(&mut g, "Take off Fendris");
    assert!(!can(&g, "Done"), "Fight 1 is not enough");
    choose(&mut g, "Put on Fendris");
    assert!(can(&g, "Done"));
    // Gear counts: a Pistol makes Skunk alone enough.
    let mut g = two_captains(
        "",
        &format!("{p0}\ncrew = [{{ card = \"skunk\", gear = [\"pistol\"] }}]"),
        "",
    );
    choose(&mut g, "Bank Holdup");
    assert!(can(&g, "Done"));
    // Keywords: Niska's "Corporate Espionage" needs Tech 2 and a HACKING RIG.
    let p0 = "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"niska-corporate-espionage-target-blue-sun\"]";
    assert!(!can(&two_captains("", p0, ""), "Corporate Espionage"));
    assert!(can(
        &two_captains(
            "",
            &format!("{p0}\nleader-gear = [\"security-interface-pad\"]"),
            ""
        ),
        "Corporate Espionage"
    ));
}

/// FF-WORK-10: with Needs unmet the job cannot advance in any way: no Misbehave card, nothing
/// loaded, the job stays in hand.
#[test]
fn ff_work_10_unmet_needs_advance_nothing() {
    // Amnon Duul's "Haulin' Military Scrap" at Hera: Tech 2.
    let p0 =
        "leader = \"malcolm\"\nsector = \"hera\"\nhand = [\"amnon-duul-haulin-military-scrap\"]";
    let g = two_captains("", p0, "");
    assert!(work_menu(&g).iter().all(|d| !d.contains("Scrap")));
    assert_eq!(g.players[0].item(Item::Cargo), 0);
    assert_eq!(g.players[0].hand.len(), 1);
    // With Kaylee, but choosing to leave her aboard: the attempt cannot be confirmed.
    let mut g = two_captains("", &format!("{p0}\ncrew = [{{ card = \"kaylee\" }}]"), "");
    choose(&mut g, "Haulin");
    choose(&mut g, "Take off Kaylee");
    assert!(!can(&g, "Done"));
}

/// FF-WORK-11: a job with no Skill Needs has no prerequisites; some jobs use a test instead.
#[test]
fn ff_work_11_no_needs_no_prerequisites_and_tests_instead() {
    // Badger's "Bilking the Yokels": no Needs; at the drop-off, a Negotiate test sets the pay.
    let mut g = two_captains(
        "dice = [1]",
        "leader = \"corbin\"\nsector = \"brisingamen\"\ncargo = 2\nactive = [{ job = \"badger-bilking-the-yokels\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Bilking");
    let ev = choose(&mut g, "Done");
    // 1 + Negotiate 1 = 2: the pay is lowered by $500.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Rolled { total: 2, .. }
    )));
    assert_eq!(paid(&ev), Some(1000));
}

/// FF-WORK-12: a Legal job follows its card's instructions: here, load the Cargo at the
/// pick-up.
#[test]
fn ff_work_12_legal_jobs_follow_the_instructions() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    choose(&mut g, "Cargo Delivery: Albion");
    let ev = choose(&mut g, "Done");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::MisbehaveDrawn { .. }
    )));
    assert_eq!(g.players[0].item(Item::Cargo), 2);
    assert_eq!(g.players[0].active[0].steps_done, 1);
}

/// FF-WORK-13: a Delivery job takes one Work action at the Pick-up and another at the Drop-off;
/// only one Work action fits in a turn.
#[test]
fn ff_work_13_delivery_takes_two_work_actions() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    choose(&mut g, "Cargo Delivery: Albion");
    choose(&mut g, "Done");
    // Even at the drop-off, no second Work action this turn.
    g.put_ship(0, sector("albion"));
    assert!(work_menu(&g).is_empty());
    next_round(&mut g);
    choose(&mut g, "Cargo Delivery: Albion");
    let ev = choose(&mut g, "Done");
    assert_eq!(paid(&ev), Some(600));
    assert_eq!(g.players[0].item(Item::Cargo), 0, "the Cargo is delivered");
}

/// FF-WORK-14: goods loaded for a job and lost must be replaced; the player cannot go back to
/// the Pick-up to collect more.
#[test]
fn ff_work_14_lost_cargo_must_be_replaced() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    choose(&mut g, "Cargo Delivery: Albion");
    choose(&mut g, "Done");
    choose(&mut g, "Jettison 1 Cargo");
    next_round(&mut g);
    assert!(!can(&g, "Cargo Delivery"), "no second pick-up");
    g.put_ship(0, sector("albion"));
    assert!(!can(&g, "Cargo Delivery"), "one Cargo is not enough");
    // Found another Cargo somewhere: now the job can be done.
    g.players[0].items[Item::Cargo.index()] = 2;
    assert!(can(&g, "Cargo Delivery"));
}

/// FF-WORK-15: Illegal jobs need the Misbehave attempt before the instructions that follow.
#[test]
fn ff_work_15_misbehave_before_the_instructions() {
    let mut g = henpecked("4, 4, 5", "", &copies(2, "kill-the-alarm"));
    choose(&mut g, "Henpecked Badger");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })));
    assert!(!happened(&ev, |e| matches!(e, Event::Rolled { .. })));
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Rig a Bypass");
    // The cover-your-tracks Negotiate test only after both cards.
    let skills: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { skill, .. } => Some(*skill),
            _ => None,
        })
        .collect();
    assert_eq!(
        skills,
        vec![
            tabletop_firefly::content::Skill::Tech,
            tabletop_firefly::content::Skill::Negotiate
        ]
    );
}

/// FF-WORK-16: the Pay tab is paid from the bank on completion; "Special" pay follows the
/// instructions ($200 per Passenger delivered).
#[test]
fn ff_work_16_getting_paid() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3600);

    // Patience's "Ranch Hand Recruitment": $200 per Passenger (Negotiate 1 needed: Corbin).
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"space-bazaar\"\nhand = [\"patience-ranch-hand-recruitment\"]",
        "",
    );
    choose(&mut g, "Ranch Hand");
    choose(&mut g, "Done");
    // "Load Passengers, no limit": load as many as fit.
    let most = menu(&g).last().unwrap().clone();
    choose(&mut g, &most);
    let n = g.players[0].item(Item::Passengers) as u32;
    assert!(n > 0);
    g.put_ship(0, sector("ithaca"));
    next_round(&mut g);
    choose(&mut g, "Ranch Hand");
    let ev = choose(&mut g, "Done");
    assert_eq!(paid(&ev), Some(200 * n));
}

/// FF-WORK-17: the Bonus is added once if a crew member has the Profession, however many do
/// (any crew member, judged: even one aboard the ship).
#[test]
fn ff_work_17_bonus_once() {
    // Henpecked Badger: $3,000, Bonus Companion $500. Inara and Saffron are Companions.
    let mut g = henpecked(
        "5, 5, 5",
        "money = 0\ncrew = [{ card = \"inara\" }, { card = \"saffron\" }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    // Both Companions stay aboard the ship: the Bonus is still paid, once.
    choose(&mut g, "Take off Saffron");
    choose(&mut g, "Take off Inara");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(paid(&ev), Some(3500));
    // No Companion: no Bonus.
    let mut g = henpecked("5, 5, 5", "", &copies(2, "kill-the-alarm"));
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(paid(&ev), Some(3000));
}

/// FF-WORK-18: after a successful job each non-Leader crew member's printed Cut is paid to the
/// bank, whether or not they went on the job; Cuts do not change with the pay.
#[test]
fn ff_work_18_paying_the_cut() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nmoney = 1000\ncrew = [{ card = \"kaylee\" }, { card = \"skunk\" }]\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Take off Skunk");
    let ev = choose(&mut g, "Done");
    assert_eq!(paid(&ev), Some(600));
    assert!(matches!(g.phase, Phase::PayCuts { .. }));
    assert!(!can(&g, "Corbin"), "no Cut for the Leader");
    let ev = choose(&mut g, "Pay Kaylee's Cut ($300)");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::CutPaid { amount: 300, .. }
    )));
    // Skunk stayed aboard and is still owed his Cut.
    choose(&mut g, "Pay Skunk's Cut ($200)");
    assert_eq!(g.players[0].money, 1000 + 600 - 300 - 200);
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-WORK-19: a crew member may go unpaid, and becomes Disgruntled at once; a Cut the player
/// cannot afford cannot be paid.
#[test]
fn ff_work_19_unpaid_crew_are_disgruntled() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nmoney = 0\ncrew = [{ card = \"kaylee\" }, { card = \"skunk\" }, { card = \"fendris\", disgruntled = true }]\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Done");
    // $600: Kaylee's $300 can be paid.
    choose(&mut g, "Pay Kaylee's Cut");
    let ev = choose(&mut g, "Don't pay");
    assert!(happened(&ev, |e| matches!(e, Event::Disgruntled { .. })));
    assert!(disgruntled(&g, 0).contains(&"skunk".to_string()));
    // Fendris, already Disgruntled, leaves when not paid (FF-CREW-12).
    let ev = choose(&mut g, "Don't pay");
    assert!(happened(&ev, |e| matches!(e, Event::Quit { .. })));
    assert_eq!(crew_ids(&g, 0), vec!["corbin", "kaylee", "skunk"]);

    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nmoney = 0\ncrew = [{ card = \"inara\" }, { card = \"kaylee\" }, { card = \"zoe\" }]\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Done");
    choose(&mut g, "Pay Inara's Cut");
    choose(&mut g, "Pay Kaylee's Cut");
    assert!(!can(&g, "Pay Zoe's Cut"), "$0 left");
}

/// FF-WORK-20: no Cut is owed for Make-Work, Misbehave credits, or story goals.
#[test]
fn ff_work_20_cuts_only_after_completing_a_job() {
    let crew = "crew = [{ card = \"skunk\" }]";
    let mut g = two_captains(
        "",
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{crew}"),
        "",
    );
    choose(&mut g, "Make-Work");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].money, 3200);
    // "A Little Job on the Side": $1,500, then Attempt Botched.
    let mut g = two_captains(
        "dice = [5]",
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n{crew}"),
        "misbehave = [\"a-little-job-on-the-side\"]",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Profitable Detour");
    assert_eq!(g.players[0].money, 4500);
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-WORK-21: completing a job makes you Solid with its Contact.
#[test]
fn ff_work_21_completing_makes_you_solid() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    assert!(!g.players[0].is_solid(ContactName::Harken));
    choose(&mut g, "Cargo Delivery");
    let ev = choose(&mut g, "Done");
    assert!(g.players[0].is_solid(ContactName::Harken));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Solid {
            contact: ContactName::Harken,
            ..
        }
    )));
}

/// FF-WORK-22: completing an Immoral job disgruntles every Moral crew member, a Moral Leader
/// included, whether or not they went on the job.
#[test]
fn ff_work_22_immoral_jobs_disgruntle_moral_crew() {
    // Niska's "Narcotics Express" (Immoral): drop off 2 Contraband at Osiris.
    let mut g = two_captains(
        "dice = [5]",
        "leader = \"malcolm\"\nsector = \"osiris\"\ncontraband = 2\ncrew = [{ card = \"kaylee\" }, { card = \"jayne\" }, { card = \"zoe\" }]\nactive = [{ job = \"niska-narcotics-express\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Narcotics Express");
    choose(&mut g, "Take off Kaylee");
    let ev = choose(&mut g, "Done");
    assert!(paid(&ev).is_some());
    // Malcolm, Kaylee and Zoe are Moral; Jayne is not.
    assert_eq!(disgruntled(&g, 0), vec!["malcolm", "kaylee", "zoe"]);
}

/// Shepherd Book: "Stays aboard when you work an Immoral job, adding no skills to it".
#[test]
fn shepherd_book_stays_aboard_for_immoral_jobs() {
    // Niska's "Kidnapping for Fun n Profit" (Immoral): Fight 2, Negotiate 1 at Pelorum.
    let p0 = "leader = \"corbin\"\nsector = \"pelorum\"\nhand = [\"niska-kidnapping-for-fun-n-profit\"]\ncrew = [{ card = \"shepherd-book\" }, { card = \"skunk\" }]";
    let g = two_captains("", p0, "");
    // Book's Fight 1 + Skunk's 1 would be enough, but Book stays aboard.
    assert!(!can(&g, "Kidnapping"));
    let mut g = two_captains(
        "",
        &p0.replace(
            "{ card = \"skunk\" }",
            "{ card = \"skunk\", gear = [\"pistol\"] }",
        ),
        "misbehave = [\"kill-the-alarm\"]",
    );
    choose(&mut g, "Kidnapping");
    assert!(!can(&g, "Shepherd Book"), "he cannot be put on the job");
    choose(&mut g, "Done");
    let Activity::Working { on_job, .. } = g.activity else {
        panic!()
    };
    assert_eq!(on_job, 0b101, "Corbin and Skunk");
    // On a job that is not Immoral he goes along.
    let mut g = two_captains(
        "",
        &format!(
            "leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\ncrew = [{{ card = \"shepherd-book\" }}]"
        ),
        "",
    );
    choose(&mut g, "Henpecked Badger");
    assert!(can(&g, "Take off Shepherd Book"));
}

/// FF-WORK-23: Attempt Botched leaves the job face up in the Active Job area; it may be tried
/// again on a later turn.
#[test]
fn ff_work_23_botched_jobs_stay_active() {
    let mut g = henpecked(
        "1, 5, 5, 5",
        "",
        "\"kill-the-alarm\", \"kill-the-alarm\", \"tight-security\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Ended {
            ending: Ending::AttemptBotched,
            ..
        }
    )));
    assert_eq!(g.players[0].active.len(), 1);
    assert!(g.players[0].hand.is_empty());
    assert!(!can(&g, "Henpecked"), "not again this turn");
    next_round(&mut g);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Rig a Bypass");
    let ev = choose(&mut g, "See What You Can Do");
    assert!(paid(&ev).is_some());
}

/// FF-WORK-24: an Active job leaves play only when completed or when a Warrant is received
/// while attempting it.
#[test]
fn ff_work_24_active_jobs_leave_only_by_completion_or_warrant() {
    let henpecked_job = job_id(&scenario_for_ids(), "patience-henpecked-badger");
    // A Warrant: Alliance Patrol, "Identification, Please" failed.
    let mut g = henpecked("1", "", "\"alliance-patrol\"");
    choose(&mut g, "Henpecked Badger");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    assert!(g.players[0].active.is_empty());
    assert_eq!(
        g.decks.contacts[ContactName::Patience.index()].top_discard(),
        Some(henpecked_job)
    );
    // No action discards an Active job (FF-MISC-18).
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nactive = [{ job = \"patience-henpecked-badger\" }]",
        "",
    );
    assert!(!can(&g, "Discard job"));
}

/// FF-WORK-25: a completed job's card is slid under the Ship Card, as the record of Solid
/// reputation.
#[test]
fn ff_work_25_completed_jobs_go_under_the_ship() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"albion\"\ncargo = 2\nactive = [{ job = \"harken-cargo-delivery-albion\", steps-done = 1 }]",
        "",
    );
    let j = job_id(&g, "harken-cargo-delivery-albion");
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].completed.iter().collect::<Vec<_>>(), [j]);
    assert!(g.players[0].active.is_empty());
    assert!(!g.decks.contacts[ContactName::Harken.index()]
        .all_cards()
        .any(|x| x == j));
}

/// FF-WORK-26: results that Kill crew end the attempt when the card says so; the Killed crew
/// are handled by FF-DEATH.
#[test]
fn ff_work_26_kill_results_end_the_attempt() {
    // Keep a Low Profile, "Take the Guards Out… Quiet Like": 1-5 Kill 1, Attempt Botched.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"skunk\" }]",
        "\"keep-a-low-profile\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Take the Guards Out");
    let ev = choose(&mut g, "Skunk is Killed");
    assert!(happened(&ev, |e| matches!(e, Event::Killed { .. })));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Ended {
            ending: Ending::AttemptBotched,
            ..
        }
    )));
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(crew_ids(&g, 0), vec!["corbin"]);
    let skunk_gone = g
        .removed
        .supply
        .iter()
        .any(|c| g.content.supply_name(c) == "Skunk");
    assert!(skunk_gone, "removed from play (FF-DEATH-2)");
}

/// FF-WORK-27: Make-Work: in a sector with a planet, a Work action takes $200; no Cut.
#[test]
fn ff_work_27_make_work() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\ncrew = [{ card = \"kaylee\" }]",
        "",
    );
    let ev = choose(&mut g, "Make-Work");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Money { delta: 200, .. }
    )));
    assert_eq!(g.players[0].money, 3200);
    assert!(!can(&g, "Make-Work"), "it is the turn's Work action");
    // Not in a sector without a planet.
    let g = two_captains("", "leader = \"corbin\"\nsector = \"border-10\"", "");
    assert!(!can(&g, "Make-Work"));
}

/// Niska's "Jump n Hump the Competition": the job's own instructions load one Cargo per crew
/// member on the job.
#[test]
fn job_instructions_load_per_crew_on_the_job() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"space-bazaar\"\nhand = [\"niska-jump-n-hump-the-competition\"]\ncrew = [{ card = \"skunk\" }, { card = \"kaylee\" }, { card = \"stark\" }]",
        "misbehave = [\"a-little-job-on-the-side\", \"an-unexpected-opportunity\", \"kill-the-alarm\"]",
    );
    choose(&mut g, "Jump n Hump");
    choose(&mut g, "Take off Kaylee");
    choose(&mut g, "Done");
    choose(&mut g, "Stay on Target");
    choose(&mut g, "Walk Away");
    let ev = g.clone();
    let _ = ev;
    g.chance.script_d6([5]);
    let ev = choose(&mut g, "Rig a Bypass");
    // Corbin, Skunk and Stark: 3 Cargo. Mechanic Bonus (Corbin, Kaylee): 1 Part.
    assert_eq!(g.players[0].item(Item::Cargo), 3);
    assert_eq!(g.players[0].item(Item::Parts), 3);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobCompleted { pay: 0, .. }
    )));
    let _ = CrewCard::Leader(0);
}

/// FF-DEAL-18 / FF-MISC-3: a pick-up with no limit ("Load Fugitives, no limit") lets the player
/// choose how many to load, from none up to what the ship can carry.
#[test]
fn ff_deal_18_a_no_limit_pick_up_lets_the_player_choose_how_many() {
    let mut g = scenario(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "space-bazaar"
fuel = 0
parts = 0
cargo = 9
crew = [{ card = "kaylee" }, { card = "inara" }]
hand = ["badger-sowing-chaos"]
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
"#,
    );
    choose(&mut g, "Work job \"Sowing Chaos\"");
    choose(&mut g, "Done");
    // 12 boxes, 9 full of Cargo: room for 3 Fugitives; every count from 0 to 3 is offered.
    assert_eq!(menu(&g), vec!["Load 0", "Load 1", "Load 2", "Load 3"]);
    choose(&mut g, "Load 2");
    assert_eq!(g.players[0].item(Item::Fugitives), 2);
    assert_eq!(g.players[0].active[0].steps_done, 1, "the job is picked up");
    assert_eq!(g.phase, Phase::Actions);
}
