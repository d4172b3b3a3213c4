//! Crew, Leaders, Gear and Disgruntlement (FF-CREW); crew abilities (Fendris, Helen/Emma/Lucy,
//! Jayne, the Grange Brothers, Crow, Burgess's Laser); Keywords (FF-KW) and Professions
//! (FF-PROF).

use tabletop_firefly::content::{Content, Item, Keyword, Profession, Skill, SupplyKind};
use tabletop_firefly::state::CrewCard;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Seat 0 (whose turn it is) with `extra` scenario lines, and a rival far away at Londinium.
/// `top` holds top-level scenario lines (dice, cruiser).
fn captain_with(top: &str, leader: &str, sector: &str, extra: &str, decks: &str) -> String {
    format!(
        "{top}\n[[player]]\nleader = \"{leader}\"\nship = \"serenity\"\nsector = \"{sector}\"\n{extra}\n\
         [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n{decks}\n"
    )
}

fn captain(leader: &str, sector: &str, extra: &str) -> String {
    captain_with("", leader, sector, extra, "")
}

fn crew_names(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .map(|m| g.crew_def(m).name.clone())
        .collect()
}

fn crew<'a>(g: &'a Firefly, seat: usize, name: &str) -> &'a tabletop_firefly::state::CrewMember {
    g.players[seat]
        .crew
        .iter()
        .find(|m| g.crew_def(m).name == name)
        .unwrap_or_else(|| panic!("{name} is not in seat {seat}'s crew"))
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

fn names(
    g: &Firefly,
    cards: impl IntoIterator<Item = impl std::borrow::Borrow<u16>>,
) -> Vec<String> {
    cards
        .into_iter()
        .map(|c| g.content.supply_name(*c.borrow()).to_string())
        .collect()
}

/// Badger's "Poking holes in Niska's Plans" at Ezra (2 Misbehave, no Needs), in hand, with the
/// Misbehave deck stacked and dice scripted. A second card that waits for a choice ("An
/// Unexpected Opportunity") follows a single stacked card, so nothing random happens after it.
fn ezra_job(dice: &str, extra: &str, misbehave: &[&str]) -> String {
    let mut list: Vec<String> = misbehave.iter().map(|m| format!("\"{m}\"")).collect();
    if list.len() == 1 {
        list.push("\"an-unexpected-opportunity\"".into());
    }
    captain_with(
        &format!("dice = [{dice}]"),
        "malcolm",
        "ezra",
        &format!("hand = [\"badger-poking-holes-in-niskas-plans\"]\n{extra}"),
        &format!("[decks]\nmisbehave = [{}]", list.join(", ")),
    )
}

/// Harken's "Cargo Delivery: Osiris", picked up, at its drop-off (no Needs, no Misbehave).
fn delivery_at_osiris(leader: &str, extra: &str) -> String {
    captain(
        leader,
        "osiris",
        &format!(
            "cargo = 1\nactive = [{{ job = \"harken-cargo-delivery-osiris\", steps-done = 1 }}]\n{extra}"
        ),
    )
}

fn complete_the_job(g: &mut Firefly) {
    choose(g, "Work job");
    choose(g, "Done");
}

// ---------------------------------------------------------------------------------------------
// FF-CREW-1..8
// ---------------------------------------------------------------------------------------------

/// FF-CREW-1: crew have skills and maybe a Profession; FF-PROF-1: a crew member may have none.
#[test]
fn ff_crew_1_crew_have_skills_and_maybe_a_profession() {
    let c = Content::builtin();
    let kaylee = c.crew.iter().find(|x| x.id == "kaylee").unwrap();
    assert_eq!(kaylee.skills.get(Skill::Tech), 3);
    assert_eq!(kaylee.professions, [Profession::Mechanic]);
    let river = c.crew.iter().find(|x| x.id == "river-tam").unwrap();
    assert!(
        river.professions.is_empty(),
        "FF-PROF-1: River Tam has none"
    );
    assert!(c.crew.iter().any(|x| x.professions.len() == 2));
}

/// FF-CREW-2: a crew member's hire cost is paid once when hiring, and the same amount is their
/// Cut after every successful job.
#[test]
fn ff_crew_2_hire_cost_is_also_the_cut() {
    let mut g = scenario(&captain(
        "malcolm",
        "regina",
        "money = 1000\n[decks.supply-discard]\nregina = [\"kaylee\"]",
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Kaylee");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Kaylee for $300");
    assert_eq!(g.players[0].money, 700);

    let mut g = scenario(&delivery_at_osiris(
        "malcolm",
        "crew = [{ card = \"kaylee\" }]",
    ));
    complete_the_job(&mut g);
    assert!(can(&g, "Pay Kaylee's Cut ($300)"));
    choose(&mut g, "Pay Kaylee's Cut");
    assert_eq!(g.players[0].money, 3000 + 600 - 300);
}

/// FF-CREW-4: Wanted crew make the ship an Outlaw Ship and may be arrested (removed from play)
/// at an Alliance Contact.
#[test]
fn ff_crew_4_wanted_crew_are_outlaws_and_can_be_arrested() {
    let g = scenario(&captain(
        "malcolm",
        "persephone",
        "crew = [{ card = \"kaylee\" }]",
    ));
    assert!(!g.is_outlaw(&g.players[0]));
    let mut g = scenario(&captain_with(
        "cruiser = \"border-10\"\ndice = [1]",
        "malcolm",
        "persephone",
        "crew = [{ card = \"jayne\" }, { card = \"kaylee\" }]",
        "",
    ));
    assert!(g.is_outlaw(&g.players[0]), "Jayne is Wanted");
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert!(happened(&ev, |e| matches!(e, Event::Arrested { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);
    let jayne = g
        .removed
        .supply
        .iter()
        .any(|c| g.content.supply_name(c) == "Jayne");
    assert!(jayne, "removed from play, not discarded");
}

/// FF-CREW-5: in a sector with a planet, crew may be dismissed onto their Supply deck's discard
/// pile, using no action. FF-CREW-7: never the Leader.
#[test]
fn ff_crew_5_dismiss_crew_at_a_planet_and_ff_crew_7_never_the_leader() {
    let mut g = scenario(&captain(
        "malcolm",
        "persephone",
        "crew = [{ card = \"kaylee\", wanted-token = true }, { card = \"wash\" }]",
    ));
    assert!(!can(&g, "Dismiss Malcolm"), "FF-CREW-7");
    let ev = choose(&mut g, "Dismiss Kaylee");
    assert!(happened(&ev, |e| matches!(e, Event::Dismissed { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Wash"]);
    assert_eq!(discards(&g, "regina"), ["Kaylee"]);
    assert_eq!(g.turn.taken, 0, "no action used");

    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "crew = [{ card = \"kaylee\" }]",
    ));
    assert!(!can(&g, "Dismiss"), "no planet in this sector");
}

/// FF-CREW-6: crew may not be dismissed to stop them being Killed: while a Kill is being
/// chosen there is no Dismiss.
#[test]
fn ff_crew_6_no_dismissing_to_dodge_a_kill() {
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"kaylee\" }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert!(can(&g, "Kaylee is Killed"));
    assert!(!can(&g, "Dismiss"));
    assert!(menu(&g).iter().all(|d| d.ends_with("is Killed")));
}

/// FF-CREW-8: Leaders take no Cut.
#[test]
fn ff_crew_8_the_leader_takes_no_cut() {
    let mut g = scenario(&delivery_at_osiris("malcolm", ""));
    complete_the_job(&mut g);
    assert_eq!(g.phase, Phase::Actions, "no Cut to pay");
    assert_eq!(g.players[0].money, 3600);

    let mut g = scenario(&delivery_at_osiris(
        "malcolm",
        "crew = [{ card = \"wash\" }]",
    ));
    complete_the_job(&mut g);
    let cuts: Vec<_> = menu(&g)
        .into_iter()
        .filter(|d| d.starts_with("Pay "))
        .collect();
    assert_eq!(cuts, ["Pay Wash's Cut ($200)"]);
    choose(&mut g, "Pay Wash's Cut");
    assert_eq!(g.phase, Phase::Actions, "the Leader is never asked");
}

// ---------------------------------------------------------------------------------------------
// FF-CREW-9..13: the Leader's luck and Disgruntlement
// ---------------------------------------------------------------------------------------------

/// FF-CREW-9: a Killed Leader returns to the ship with a Disgruntled token and stays in play.
#[test]
fn ff_crew_9_a_killed_leader_returns_disgruntled() {
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"kaylee\" }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Malcolm is Killed");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::LeaderReallyLucky { .. }
    )));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);
    assert!(g.players[0].crew[0].disgruntled);
    assert!(!happened(&ev, |e| matches!(e, Event::Killed { .. })));
}

/// FF-CREW-10: "You're all ruttin' fired!": a second Disgruntled token on the Leader discards
/// every other crew member onto their decks' discard piles, then the Leader's token goes.
#[test]
fn ff_crew_10_a_twice_disgruntled_leader_fires_everyone() {
    let mut g = scenario(&ezra_job(
        "",
        "leader-disgruntled = true\ncrew = [{ card = \"kaylee\", gear = [\"pistol\"] }, { card = \"wash\" }]",
        &["gun-play"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Option: Crawl Away");
    assert!(happened(&ev, |e| matches!(e, Event::AllFired { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm"]);
    assert!(
        !g.players[0].crew[0].disgruntled,
        "the Leader's tokens are removed"
    );
    assert_eq!(discards(&g, "regina"), ["Kaylee"]);
    assert_eq!(discards(&g, "space-bazaar"), ["Wash"]);
    assert_eq!(
        names(&g, &g.players[0].spare_gear),
        ["Pistol"],
        "their gear stays aboard"
    );
    assert_eq!(g.phase, Phase::Actions, "the attempt is over");
}

/// FF-CREW-11: crew become Disgruntled (a) when not paid their Cut, (b) as Moral crew when an
/// Immoral job is completed, (c) when a card says so.
#[test]
fn ff_crew_11_how_crew_become_disgruntled() {
    // (a) and (b): Badger's Immoral "Send Them to the Ruttin' Mines", delivered at Silverhold.
    let mut g = scenario(&captain(
        "malcolm",
        "silverhold",
        "fugitives = 3\nactive = [{ job = \"badger-send-them-to-the-ruttin-mines\", steps-done = 1 }]\ncrew = [{ card = \"kaylee\" }, { card = \"jayne\" }]",
    ));
    complete_the_job(&mut g);
    assert!(crew(&g, 0, "Malcolm").disgruntled, "(b) Malcolm is Moral");
    assert!(crew(&g, 0, "Kaylee").disgruntled, "(b) Kaylee is Moral");
    assert!(!crew(&g, 0, "Jayne").disgruntled, "(b) Jayne is not Moral");
    choose(&mut g, "Pay Kaylee's Cut");
    choose(&mut g, "Don't pay");
    assert!(crew(&g, 0, "Jayne").disgruntled, "(a) unpaid");

    // (c) a Misbehave card: "Bar Fight!" disgruntles the crew on the job.
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"kaylee\" }, { card = \"wash\" }]",
        &["a-bit-of-local-color"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Take off Wash");
    choose(&mut g, "Done");
    choose(&mut g, "Option: Bar Fight!");
    assert!(crew(&g, 0, "Malcolm").disgruntled);
    assert!(crew(&g, 0, "Kaylee").disgruntled);
    assert!(
        !crew(&g, 0, "Wash").disgruntled,
        "aboard the ship: not affected"
    );
}

/// FF-CREW-12: a Disgruntled crew member who gets a second token leaves: discarded onto their
/// Supply deck's discard pile. FF-CREW-13: they can be hired again at once from that pile by
/// any player there, the one who lost them included.
#[test]
fn ff_crew_12_second_token_and_they_leave_ff_crew_13_rehire() {
    let mut g = scenario(&captain(
        "malcolm",
        "regina",
        "cargo = 1\npassengers = 2\nactive = [{ job = \"harken-settlers-to-regina\", steps-done = 1 }]\ncrew = [{ card = \"kaylee\", disgruntled = true }]",
    ));
    complete_the_job(&mut g);
    let ev = choose(&mut g, "Don't pay");
    assert!(happened(&ev, |e| matches!(e, Event::Quit { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm"]);
    assert_eq!(discards(&g, "regina"), ["Kaylee"]);
    // FF-CREW-13.
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Kaylee from the discard pile");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Kaylee for $300");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);
    assert!(!crew(&g, 0, "Kaylee").disgruntled, "hired afresh");
}

// ---------------------------------------------------------------------------------------------
// FF-CREW-14..16: A Better Offer
// ---------------------------------------------------------------------------------------------

fn rivals_in_one_sector(rival_crew: &str, extra: &str) -> String {
    format!(
        "[[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"border-10\"\n{extra}\n\
         [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"border-10\"\n{rival_crew}\n"
    )
}

/// FF-CREW-14: in a rival's sector you may hire their Disgruntled crew by paying the hire cost
/// to the bank; the crew member joins you without the token. No action is used.
#[test]
fn ff_crew_14_hire_a_rivals_disgruntled_crew() {
    let mut g = scenario(&rivals_in_one_sector(
        "leader-disgruntled = true\ncrew = [{ card = \"wash\", disgruntled = true, gear = [\"pistol\"] }, { card = \"kaylee\" }]",
        "money = 1000",
    ));
    assert!(!can(&g, "Hire away Kaylee"), "Kaylee is happy where she is");
    assert!(
        !can(&g, "Hire away Womack"),
        "FF-CREW-15: a Disgruntled Leader cannot be hired away"
    );
    let ev = choose(&mut g, "Hire away Wash");
    assert!(happened(&ev, |e| matches!(e, Event::Hired { seat: 0, .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Wash"]);
    assert_eq!(crew_names(&g, 1), ["Womack", "Kaylee"]);
    assert!(!crew(&g, 0, "Wash").disgruntled);
    assert_eq!(g.players[0].money, 800, "Wash's hire cost, to the bank");
    assert_eq!(g.players[1].money, 3000, "the rival is paid nothing");
    assert_eq!(g.turn.taken, 0);
    // Judged: the gear Wash carried stays on the rival's ship.
    assert_eq!(names(&g, &g.players[1].spare_gear), ["Pistol"]);
    assert!(crew(&g, 0, "Wash").gear.is_empty());

    // Not in the same sector: no offer.
    let g = scenario(&captain("malcolm", "border-10", ""));
    assert!(!can(&g, "Hire away"));
}

/// FF-CREW-14: only the active player makes A Better Offer (the rulebook's "on your turn"), and
/// only with the money.
#[test]
fn ff_crew_14_hiring_away_needs_the_hire_cost() {
    let g = scenario(&rivals_in_one_sector(
        "crew = [{ card = \"zoe\", disgruntled = true }]",
        "money = 299",
    ));
    assert!(!can(&g, "Hire away Zoe"), "Zoe costs $300");
}

/// FF-CREW-15: a Disgruntled Leader cannot be hired away.
#[test]
fn ff_crew_15_a_disgruntled_leader_cannot_be_hired() {
    let g = scenario(&rivals_in_one_sector("leader-disgruntled = true", ""));
    assert!(!can(&g, "Hire away"));
}

/// FF-CREW-16: hiring away respects the hiring ship's crew maximum.
#[test]
fn ff_crew_16_hiring_away_respects_the_crew_maximum() {
    let full = "crew = [{ card = \"kaylee\" }, { card = \"zoe\" }, { card = \"jayne\" }, { card = \"inara\" }, { card = \"simon-tam\" }]";
    let g = scenario(&rivals_in_one_sector(
        "crew = [{ card = \"wash\", disgruntled = true }]",
        full,
    ));
    assert!(!can(&g, "Hire away Wash"), "6 crew already");
}

/// Nandi hires for free, A Better Offer included (judged: "hire crew at no cost").
#[test]
fn nandi_hires_away_for_free() {
    let mut g = scenario(
        &rivals_in_one_sector(
            "crew = [{ card = \"zoe\", disgruntled = true }]",
            "money = 0",
        )
        .replacen("malcolm", "nandi", 1),
    );
    choose(&mut g, "Hire away Zoe");
    assert_eq!(crew_names(&g, 0), ["Nandi", "Zoe"]);
}

// ---------------------------------------------------------------------------------------------
// FF-CREW-17..22: Gear
// ---------------------------------------------------------------------------------------------

/// FF-CREW-17: each crew member, the Leader included, carries at most 1 Gear card.
/// FF-CREW-18: any number may be owned; what is not carried is set aside.
#[test]
fn ff_crew_17_one_gear_each_and_ff_crew_18_the_rest_set_aside() {
    let mut g = scenario(&captain(
        "malcolm",
        "border-10",
        "spare-gear = [\"pistol\", \"knife\", \"vera\", \"shiny-neck-tie\"]\ncrew = [{ card = \"kaylee\" }]",
    ));
    choose(&mut g, "Give Pistol to Malcolm");
    assert!(!can(&g, "to Malcolm"), "Malcolm's hands are full");
    assert!(can(&g, "Give Knife to Kaylee"));
    choose(&mut g, "Give Knife to Kaylee");
    assert!(!can(&g, "Give"));
    // Set aside in no order (the set lists them by card).
    let mut kept = names(&g, &g.players[0].spare_gear);
    kept.sort();
    assert_eq!(
        kept,
        ["\"Vera\"", "Shiny Neck Tie"],
        "FF-CREW-18: kept aboard"
    );
    assert_eq!(g.turn.taken, 0);
}

/// Jayne carries 3 Gear cards; the Grange Brothers 2; Jayne's Cunning Hat does not count.
#[test]
fn jayne_carries_three_gear_and_the_grange_brothers_two() {
    let mut g = scenario(&captain(
        "malcolm",
        "border-10",
        "spare-gear = [\"pistol\", \"knife\", \"vera\", \"shiny-neck-tie\", \"jaynes-cunning-hat\", \"fast-horses\", \"bona-fide-credentials\"]\ncrew = [{ card = \"jayne\" }, { card = \"grange-brothers\" }]",
    ));
    choose(&mut g, "Give Pistol to Jayne");
    choose(&mut g, "Give Knife to Jayne");
    choose(&mut g, "Give \"Vera\" to Jayne");
    assert!(!can(&g, "Give Shiny Neck Tie to Jayne"));
    assert!(
        can(&g, "Give Jayne's Cunning Hat to Jayne"),
        "the hat is no burden"
    );
    choose(&mut g, "Give Jayne's Cunning Hat to Jayne");
    choose(&mut g, "Give Shiny Neck Tie to Grange Brothers");
    choose(&mut g, "Give Fast Horses to Grange Brothers");
    assert!(!can(&g, "Give Bona Fide Credentials to Grange Brothers"));
    assert!(can(&g, "Give Bona Fide Credentials to Malcolm"));
    assert_eq!(crew(&g, 0, "Jayne").gear.len(), 4);
}

/// Crow may not carry a FIREARM; Burgess's Laser needs a carrier with 1 Tech.
#[test]
fn crow_carries_no_firearm_and_burgess_laser_needs_tech() {
    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "spare-gear = [\"pistol\", \"crows-knife\", \"burgess-laser\"]\ncrew = [{ card = \"crow\" }, { card = \"kaylee\" }, { card = \"zoe\" }]",
    ));
    assert!(!can(&g, "Give Pistol to Crow"));
    assert!(can(&g, "Give Crow's Knife to Crow"));
    assert!(can(&g, "Give Burgess's Laser to Kaylee"), "Tech 3");
    assert!(!can(&g, "Give Burgess's Laser to Zoe"), "no Tech");
    assert!(!can(&g, "Give Burgess's Laser to Malcolm"), "no Tech");
    assert!(
        !can(&g, "Give Burgess's Laser to Crow"),
        "a FIREARM, and no Tech"
    );
}

/// FF-CREW-19: gear adds skill points like crew, and Keywords. FF-CREW-20: gear not carried
/// cannot be used in any way.
#[test]
fn ff_crew_19_gear_adds_skills_and_ff_crew_20_only_when_carried() {
    let g = scenario(&captain(
        "nandi",
        "space-bazaar",
        "hand = [\"amnon-duul-homesteader-transport\"]\nspare-gear = [\"pistol\"]",
    ));
    let p = &g.players[0];
    assert_eq!(g.mask_skill(p, 1, Skill::Fight, false), 1);
    assert!(!g.mask_has_keyword(p, 1, Keyword::Firearm), "FF-CREW-20");
    assert!(
        !can(&g, "Work job"),
        "Fight 2 needed: Nandi has 1 and the Pistol is aboard"
    );
    let mut g = g;
    choose(&mut g, "Give Pistol to Nandi");
    let p = &g.players[0];
    assert_eq!(g.mask_skill(p, 1, Skill::Fight, false), 2, "FF-CREW-19");
    assert!(g.mask_has_keyword(p, 1, Keyword::Firearm));
    assert!(can(&g, "Work job"));
}

/// FF-CREW-21: gear may move between crew between actions, not during a job attempt.
#[test]
fn ff_crew_21_no_gear_swapping_during_a_job() {
    let mut g = scenario(&ezra_job(
        "1",
        "spare-gear = [\"knife\"]\ncrew = [{ card = \"kaylee\", gear = [\"pistol\"] }]",
        &["a-little-job-on-the-side"],
    ));
    assert!(can(&g, "Give Knife to Malcolm"));
    assert!(can(&g, "Set Pistol aside"));
    choose(&mut g, "Work job");
    assert!(matches!(g.phase, Phase::ChooseCrew { .. }));
    assert!(!can(&g, "Give"), "Equip Crew is over once the job starts");
    assert!(!can(&g, "Set Pistol aside"));
    choose(&mut g, "Done");
    assert!(!can(&g, "Give"));
    choose(&mut g, "Option: Stay on Target");
    assert!(!can(&g, "Give"), "still working: the next Misbehave card");
    choose(&mut g, "Option: Deal of the Century");
    // Attempt Botched ends the attempt (dice: 1): between actions again.
    assert_eq!(g.phase, Phase::Actions);
    assert!(can(&g, "Give Knife to Malcolm"));
}

/// FF-CREW-22: when a crew member carrying gear is Killed, the gear goes back to the ship.
#[test]
fn ff_crew_22_a_killed_crew_members_gear_stays_aboard() {
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"wash\", gear = [\"shiny-neck-tie\"] }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Wash is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm"]);
    assert_eq!(names(&g, &g.players[0].spare_gear), ["Shiny Neck Tie"]);
}

// ---------------------------------------------------------------------------------------------
// Crew abilities around Disgruntlement
// ---------------------------------------------------------------------------------------------

/// Fendris: when the Leader would become Disgruntled, Fendris does instead.
#[test]
fn fendris_takes_the_leaders_disgruntled_token() {
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"fendris\" }, { card = \"kaylee\" }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Malcolm is Killed");
    assert!(!crew(&g, 0, "Malcolm").disgruntled);
    assert!(crew(&g, 0, "Fendris").disgruntled);
    assert!(!crew(&g, 0, "Kaylee").disgruntled);
}

/// Fendris already Disgruntled takes the Leader's next token too, and leaves (FF-CREW-12);
/// the Leader is not fired up.
#[test]
fn a_disgruntled_fendris_leaves_in_the_leaders_place() {
    let mut g = scenario(&ezra_job(
        "1",
        "crew = [{ card = \"fendris\", disgruntled = true }, { card = \"kaylee\" }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Malcolm is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Kaylee"]);
    assert!(!crew(&g, 0, "Malcolm").disgruntled);
    assert_eq!(discards(&g, "silverhold"), ["Fendris"]);
}

/// Helen, Emma and Lucy: use an action to remove Disgruntled from another crew member.
#[test]
fn emma_uses_an_action_to_cheer_up_another_crew_member() {
    let mut g = scenario(&captain(
        "malcolm",
        "border-10",
        "leader-disgruntled = true\ncrew = [{ card = \"emma\", disgruntled = true }, { card = \"kaylee\", disgruntled = true }]",
    ));
    assert!(can(&g, "Use an action: remove Disgruntled from Kaylee"));
    assert!(can(&g, "Use an action: remove Disgruntled from Malcolm"));
    assert!(
        !can(&g, "remove Disgruntled from Emma"),
        "another crew member, not herself"
    );
    let ev = choose(&mut g, "remove Disgruntled from Kaylee");
    assert!(happened(&ev, |e| matches!(e, Event::Undisgruntled { .. })));
    assert!(!crew(&g, 0, "Kaylee").disgruntled);
    assert_eq!(g.turn.taken, 1, "it uses an action");

    // With Lucy aboard too, each may cheer the other.
    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "crew = [{ card = \"emma\", disgruntled = true }, { card = \"lucy\", disgruntled = true }, { card = \"helen\" }]",
    ));
    assert!(can(&g, "remove Disgruntled from Emma"));
    assert!(can(&g, "remove Disgruntled from Lucy"));
}

// ---------------------------------------------------------------------------------------------
// FF-KW: Keywords
// ---------------------------------------------------------------------------------------------

/// FF-KW-1: Keywords on gear and on some crew count toward Skill Needs, option requirements and
/// Aces in the Hole. Marco's own TRANSPORT meets a job's "TRANSPORT" need.
#[test]
fn ff_kw_1_keywords_from_crew_and_gear_meet_needs() {
    // Badger's "The Alliance Payroll Caper" at Jiangyin needs TRANSPORT.
    let g = scenario(&captain(
        "malcolm",
        "jiangyin",
        "hand = [\"badger-the-alliance-payroll-caper\"]",
    ));
    assert!(!can(&g, "Work job"));
    let g = scenario(&captain(
        "marco",
        "jiangyin",
        "hand = [\"badger-the-alliance-payroll-caper\"]",
    ));
    assert!(can(&g, "Work job"), "Marco's TRANSPORT keyword");
    let g = scenario(&captain(
        "malcolm",
        "jiangyin",
        "hand = [\"badger-the-alliance-payroll-caper\"]\nleader-gear = [\"4wd-mule\"]",
    ));
    assert!(can(&g, "Work job"), "the 4WD Mule's TRANSPORT");
    // An option's requirement: "Can't Get Paid If Yer Dead" requires TRANSPORT.
    let mut g = scenario(&ezra_job(
        "",
        "leader-gear = [\"4wd-mule\"]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert!(can(&g, "Option: Can't Get Paid If Yer Dead"));
    // An Ace in the Hole: "Keep a Low Profile" names SNIPER RIFLE.
    let mut g = scenario(&ezra_job(
        "",
        "leader-gear = [\"glucklich-jia-642x\"]",
        &["keep-a-low-profile"],
    ));
    choose(&mut g, "Work job");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
}

/// FF-KW-2: a Keyword counts only if its card is, or is carried by, a crew member who can act:
/// on a job, the crew on the job.
#[test]
fn ff_kw_2_keywords_count_only_for_crew_who_can_act() {
    let mut g = scenario(&ezra_job(
        "",
        "crew = [{ card = \"kaylee\", gear = [\"4wd-mule\"] }]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Take off Kaylee");
    choose(&mut g, "Done");
    assert!(
        !can(&g, "Option: Can't Get Paid If Yer Dead"),
        "the Mule stayed aboard with Kaylee"
    );
    // A spare (uncarried) Mule is no use either.
    let g = scenario(&captain(
        "malcolm",
        "jiangyin",
        "hand = [\"badger-the-alliance-payroll-caper\"]\nspare-gear = [\"4wd-mule\"]",
    ));
    assert!(!can(&g, "Work job"));
}

/// FF-KW-3: a card may carry more than one Keyword (the Glucklich Jia 642X: FIREARM and
/// SNIPER RIFLE), and each counts.
#[test]
fn ff_kw_3_a_card_may_have_several_keywords() {
    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "leader-gear = [\"glucklich-jia-642x\"]",
    ));
    let p = &g.players[0];
    assert!(g.mask_has_keyword(p, 1, Keyword::Firearm));
    assert!(g.mask_has_keyword(p, 1, Keyword::SniperRifle));
    assert!(!g.mask_has_keyword(p, 1, Keyword::Explosives));
}

/// FF-KW-4..10: the base game's Keywords, each on real cards: FIREARM (guns), SNIPER RIFLE,
/// EXPLOSIVES, HACKING RIG, FAKE ID, TRANSPORT (the 4WD Mule; Fast Horses count as it when
/// discarded) and FANCY DUDS.
#[test]
fn ff_kw_4_to_10_the_keywords_on_the_cards() {
    let c = Content::builtin();
    let gear = |id: &str| c.gear.iter().find(|g| g.id == id).unwrap();
    assert!(
        gear("pistol").keywords.contains(&Keyword::Firearm),
        "FF-KW-4"
    );
    assert!(
        gear("vera").keywords.contains(&Keyword::SniperRifle),
        "FF-KW-5"
    );
    assert!(
        gear("gl-flashkill-pod-grenades")
            .keywords
            .contains(&Keyword::Explosives),
        "FF-KW-6"
    );
    assert!(
        gear("security-interface-pad")
            .keywords
            .contains(&Keyword::HackingRig),
        "FF-KW-7"
    );
    assert!(
        gear("bona-fide-credentials")
            .keywords
            .contains(&Keyword::FakeId),
        "FF-KW-8"
    );
    assert!(
        gear("4wd-mule").keywords.contains(&Keyword::Transport),
        "FF-KW-9"
    );
    assert!(
        gear("fast-horses").abilities.iter().any(|a| matches!(
            a,
            tabletop_firefly::content::Ability::DiscardForKeyword {
                keyword: Keyword::Transport
            }
        )),
        "FF-KW-9: Fast Horses"
    );
    assert!(
        gear("shiny-neck-tie")
            .keywords
            .contains(&Keyword::FancyDuds),
        "FF-KW-10"
    );
}

/// FF-KW-9: Fast Horses count as TRANSPORT once, by being discarded.
#[test]
fn ff_kw_9_fast_horses_are_discarded_to_count_as_transport() {
    let mut g = scenario(&ezra_job(
        "",
        "leader-gear = [\"fast-horses\"]",
        &["old-fashioned-shoot-out"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Option: Can't Get Paid If Yer Dead");
    assert!(g.players[0].crew[0].gear.is_empty());
    assert_eq!(discards(&g, "silverhold"), ["Fast Horses"]);
}

/// FF-KW-11: the Cry Baby helps avoid Alliance attention (evading the Cruiser); it is a Ship
/// Upgrade sold at Space Bazaar, Osiris and Regina.
#[test]
fn ff_kw_11_the_cry_baby() {
    let c = Content::builtin();
    let u = c.upgrades.iter().position(|u| u.id == "cry-baby").unwrap();
    assert!(c.upgrades[u]
        .abilities
        .contains(&tabletop_firefly::content::Ability::EvadeCruiser));
    let decks: Vec<&str> = c
        .supply_decks
        .iter()
        .filter(|d| {
            d.cards.iter().any(|&x| {
                matches!(c.supply_cards[x as usize].kind, SupplyKind::Upgrade(v) if v as usize == u)
            })
        })
        .map(|d| d.def.id.as_str())
        .collect();
    assert_eq!(decks, ["space-bazaar", "osiris", "regina"]);
}

// ---------------------------------------------------------------------------------------------
// FF-PROF: Professions
// ---------------------------------------------------------------------------------------------

/// FF-PROF-2..8: the base game's Professions on the crew cards; Pilots are found at the Space
/// Bazaar (its Pilots Lounge) and Mechanics at Persephone (Eavesdown Docks).
#[test]
fn ff_prof_2_to_8_the_professions_and_where_to_hire_them() {
    let c = Content::builtin();
    for prof in [
        Profession::Soldier,
        Profession::Merc,
        Profession::Pilot,
        Profession::Mechanic,
        Profession::Medic,
        Profession::Companion,
        Profession::Grifter,
    ] {
        assert!(
            c.crew.iter().any(|x| x.professions.contains(&prof)),
            "{}",
            prof.name()
        );
    }
    let count = |deck: &str, prof: Profession| {
        let d = c.supply_decks.iter().find(|d| d.def.id == deck).unwrap();
        d.cards
            .iter()
            .filter(|&&x| {
                matches!(c.supply_cards[x as usize].kind,
                    SupplyKind::Crew(k) if c.crew[k as usize].professions.contains(&prof))
            })
            .count()
    };
    assert!(count("space-bazaar", Profession::Pilot) >= 4, "FF-PROF-4");
    assert!(count("persephone", Profession::Mechanic) >= 3, "FF-PROF-5");
}

/// FF-PROF-3: Mercs may desert when things go bad: "Curse Your Sudden but Inevitable
/// Betrayal" discards the Mercs when they out-fight the rest of the crew.
#[test]
fn ff_prof_3_mercs_may_desert() {
    let mut g = scenario(&ezra_job(
        "",
        "crew = [{ card = \"jayne\" }, { card = \"stitch\" }, { card = \"kaylee\" }]",
        &["an-interesting-day"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Option: Curse Your Sudden");
    assert_eq!(
        crew_names(&g, 0),
        ["Malcolm", "Kaylee"],
        "Mercs' Fight 4 > 2"
    );

    let mut g = scenario(&ezra_job(
        "",
        "crew = [{ card = \"jayne\" }, { card = \"zoe\" }]",
        &["an-interesting-day"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    choose(&mut g, "Option: Curse Your Sudden");
    assert_eq!(
        crew_names(&g, 0),
        ["Malcolm", "Jayne", "Zoe"],
        "2 against 4: they stay"
    );
}

/// FF-PROF-6: the Medic gives the Medic Check (see rules_death.rs); FF-PROF-4/5: Pilot and
/// Mechanic together are needed for Crazy Ivan.
#[test]
fn ff_prof_4_5_crazy_ivan_needs_a_pilot_and_a_mechanic() {
    let text = |crew: &str| {
        captain_with(
            "cutter = \"border-10\"",
            "marco",
            "border-10",
            &format!("crew = [{crew}]"),
            "",
        )
    };
    let g = scenario(&text("{ card = \"wash\" }, { card = \"kaylee\" }"));
    assert!(can(&g, "Option: Crazy Ivan!"));
    let g = scenario(&text("{ card = \"wash\" }"));
    assert!(!can(&g, "Option: Crazy Ivan!"), "no Mechanic");
}

/// FF-PROF-9: Lawman is a Pirates & Bounty Hunters profession: no base-game crew has it.
#[test]
fn ff_prof_9_no_base_game_lawmen() {
    let c = Content::builtin();
    assert!(c
        .crew
        .iter()
        .filter(|x| x.source == tabletop_firefly::content::Source::Base)
        .all(|x| !x.professions.contains(&Profession::Lawman)));
    // The expansion's Lawmen are its own cards.
    assert!(c
        .crew
        .iter()
        .any(|x| x.professions.contains(&Profession::Lawman)));
}

/// FF-PROF-10: Moral is a trait, not a Profession: Immoral jobs disgruntle Moral crew.
#[test]
fn ff_prof_10_moral_is_a_trait_not_a_profession() {
    let c = Content::builtin();
    let kaylee = c.crew.iter().find(|x| x.id == "kaylee").unwrap();
    assert!(kaylee.moral);
    assert_eq!(kaylee.professions, [Profession::Mechanic]);
    let mut g = scenario(&captain(
        "marco",
        "silverhold",
        "fugitives = 3\nactive = [{ job = \"badger-send-them-to-the-ruttin-mines\", steps-done = 1 }]\ncrew = [{ card = \"kaylee\" }, { card = \"zoe\" }, { card = \"jayne\" }]",
    ));
    complete_the_job(&mut g);
    assert!(!crew(&g, 0, "Marco").disgruntled, "Marco is not Moral");
    assert!(crew(&g, 0, "Kaylee").disgruntled);
    assert!(crew(&g, 0, "Zoe").disgruntled);
    assert!(!crew(&g, 0, "Jayne").disgruntled);
}

/// FF-PROF-11: a job's Bonus is paid if any crew member has the Bonus tab's Profession, once
/// however many have it; a Mechanic bonus of Parts is loaded.
#[test]
fn ff_prof_11_job_bonus_for_the_profession() {
    // "University Student Transport": Companion bonus $500.
    let text = |leader: &str, crew: &str| {
        captain(
            leader,
            "osiris",
            &format!(
                "passengers = 2\nactive = [{{ job = \"harken-university-student-transport\", steps-done = 1 }}]\ncrew = [{crew}]"
            ),
        )
    };
    let mut g = scenario(&text("malcolm", ""));
    complete_the_job(&mut g);
    assert_eq!(g.players[0].money, 3000 + 700);
    let mut g = scenario(&text("nandi", "{ card = \"inara\" }"));
    complete_the_job(&mut g);
    assert_eq!(
        g.players[0].money,
        3000 + 700 + 500,
        "two Companions: the bonus once"
    );
    // The Companion need not go on the job (judged, FF-WORK-17).
    let mut g = scenario(&text("malcolm", "{ card = \"inara\" }"));
    choose(&mut g, "Work job");
    choose(&mut g, "Take off Inara");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3000 + 700 + 500);

    // "Equipment Delivery: Persephone": a Mechanic bonus of 1 Part.
    let mut g = scenario(&captain(
        "corbin",
        "persephone",
        "parts = 4\nfuel = 0\nactive = [{ job = \"harken-equipment-delivery-persephone\", steps-done = 1 }]",
    ));
    complete_the_job(&mut g);
    assert_eq!(
        g.players[0].item(Item::Parts),
        1,
        "4 delivered, 1 Part bonus"
    );
    assert_eq!(g.players[0].money, 3600);
}

/// Crew cards: every hired crew card in play is a Supply card (a Leader is not).
#[test]
fn hired_crew_are_supply_cards() {
    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "crew = [{ card = \"kaylee\" }]",
    ));
    assert!(matches!(g.players[0].crew[0].card, CrewCard::Leader(_)));
    assert!(matches!(g.players[0].crew[1].card, CrewCard::Hired(_)));
}

/// FF-PROF-7: Companions "oil the right people": a Companion on the job is the Ace in the Hole
/// of "The Sheriff's Justice" (the attempt Proceeds at once), and earns Companion job bonuses
/// (FF-PROF-11).
#[test]
fn ff_prof_7_a_companion_is_an_ace_in_the_hole() {
    let mut g = scenario(&ezra_job(
        "",
        "crew = [{ card = \"inara\" }]",
        &["the-sheriffs-justice"],
    ));
    choose(&mut g, "Work job");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    assert!(
        can(&g, "Option: Deal of the Century"),
        "on to the next card"
    );

    let mut g = scenario(&ezra_job(
        "",
        "crew = [{ card = \"inara\" }]",
        &["the-sheriffs-justice"],
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Take off Inara");
    let ev = choose(&mut g, "Done");
    assert!(!happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    assert!(can(&g, "Option: A Hard Man to Sway"));
}

/// FF-PROF-8: Grifters make some jobs more profitable: Badger's "Hard Goods for Hard Times"
/// pays a $500 Grifter bonus.
#[test]
fn ff_prof_8_a_grifter_makes_a_job_pay_more() {
    // Dice 3 on the "Negotiate the pay" test: 3 + Negotiate 1 or 2, the printed pay.
    let text = |crew: &str| {
        captain_with(
            "dice = [3]",
            "malcolm",
            "three-hills",
            &format!("cargo = 2\nactive = [{{ job = \"badger-hard-goods-for-hard-times\", steps-done = 1 }}]\ncrew = [{crew}]"),
            "",
        )
    };
    let mut g = scenario(&text("{ card = \"helen\" }"));
    let ev = complete_the_job_events(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobCompleted { pay: 2100, .. }
    )));
    let mut g = scenario(&text("{ card = \"wash\" }"));
    let ev = complete_the_job_events(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobCompleted { pay: 1600, .. }
    )));
}

fn complete_the_job_events(g: &mut Firefly) -> Vec<Event> {
    choose(g, "Work job");
    choose(g, "Done")
}

/// FF-CREW-4: Concealed Smuggling Compartments hide up to 2 Wanted crew from the Wanted Crew
/// rolls; the Grange Brothers must pass 2 rolls.
#[test]
fn ff_crew_4_hidden_wanted_crew_and_the_grange_brothers() {
    let text = |dice: &str, extra: &str| {
        captain_with(
            &format!("cruiser = \"border-10\"\ndice = [{dice}]"),
            "malcolm",
            "persephone",
            extra,
            "",
        )
    };
    let mut g = scenario(&text(
        "1",
        "crew = [{ card = \"jayne\" }]\nupgrades = [\"concealed-smuggling-compartments\"]",
    ));
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert!(!happened(&ev, |e| matches!(e, Event::Arrested { .. })));
    assert_eq!(
        g.chance.scripted_remaining(),
        1,
        "no roll for a hidden crew member"
    );

    // The Grange Brothers: a 2 then a 1: caught on the second roll.
    let mut g = scenario(&text("2, 1", "crew = [{ card = \"grange-brothers\" }]"));
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(happened(&ev, |e| matches!(e, Event::Arrested { .. })));
    // A 2 then a 3: safe.
    let mut g = scenario(&text("2, 3", "crew = [{ card = \"grange-brothers\" }]"));
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(!happened(&ev, |e| matches!(e, Event::Arrested { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Grange Brothers"]);
}

/// FF-CREW-5 with FF-MISC-8: a dismissed crew member's Wanted token goes with them; hired
/// again, they are not Wanted.
#[test]
fn ff_crew_5_a_dismissed_crew_members_wanted_token_is_discarded() {
    let mut g = scenario(&captain(
        "malcolm",
        "regina",
        "crew = [{ card = \"kaylee\", wanted-token = true }]",
    ));
    assert!(g.is_outlaw(&g.players[0]));
    choose(&mut g, "Dismiss Kaylee");
    assert!(!g.is_outlaw(&g.players[0]));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Kaylee");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Kaylee");
    assert!(!crew(&g, 0, "Kaylee").wanted_token);
    assert!(!g.is_outlaw(&g.players[0]));
}

/// FF-CREW-19 / FF-KW-1: crew abilities that need a keyword on their own gear: the Enforcers
/// Negotiate with a FIREARM, Crow fights better with a KNIFE.
#[test]
fn ff_crew_19_abilities_that_need_keyworded_gear() {
    let g = scenario(&captain(
        "malcolm",
        "border-10",
        "crew = [{ card = \"enforcer-bo\", gear = [\"pistol\"] }, { card = \"enforcer-zoh\", gear = [\"knife\"] }, { card = \"crow\", gear = [\"crows-knife\"] }]",
    ));
    let p = &g.players[0];
    assert_eq!(
        g.mask_skill(p, 0b0010, Skill::Negotiate, false),
        1,
        "Bo with a Pistol"
    );
    assert_eq!(
        g.mask_skill(p, 0b0100, Skill::Negotiate, false),
        0,
        "Zoh with a Knife"
    );
    assert_eq!(
        g.mask_skill(p, 0b1000, Skill::Fight, false),
        3,
        "Crow 2 + 1 with a KNIFE"
    );
}
