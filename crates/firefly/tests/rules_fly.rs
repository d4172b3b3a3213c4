//! Fly (FF-FLY): Full Burn, Mosey, Nav cards and the Reaver Cutter.

use tabletop_firefly::content::Item;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Phase};

/// FF-FLY-2: Full Burn spends 1 Fuel when it starts; with no Fuel there is no Full Burn.
#[test]
fn ff_fly_2_full_burn_costs_one_fuel_and_needs_fuel() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Full Burn");
    assert_eq!(g.players[0].item(Item::Fuel), 5);

    let mut g = scenario(&malcolm_at("persephone", "fuel = 0"));
    assert!(!can(&g, "Full Burn"), "No FUEL = No Go");
    assert!(can(&g, "Mosey"));
    let _ = &mut g;
}

/// FF-FLY-3: entering a sector on a Full Burn draws that sector's Nav card (blue sectors: the
/// Alliance deck, yellow: the Border deck).
#[test]
fn ff_fly_3_full_burn_draws_the_nav_card_of_the_sector_entered() {
    let text = format!("{MALCOLM_AND_MONTY}\n[decks]\nnav-alliance = [\"the-big-black-alliance\"]\nnav-border = [\"the-big-black-border\"]\n");
    let mut g = scenario(&text);
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert_eq!(nav_drawn(&g, &ev), vec!["the-big-black-border".to_string()]);
}

/// FF-FLY-5: Mosey moves exactly one sector, spends no Fuel and draws no Nav card.
#[test]
fn ff_fly_5_mosey_moves_one_sector_without_fuel_or_nav() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(!happened(&ev, |e| matches!(e, Event::NavDrawn { .. })));
    assert_eq!(g.players[0].sector, sector("border-10"));
    assert_eq!(g.players[0].item(Item::Fuel), 6);
    assert_eq!(
        g.phase,
        Phase::Actions,
        "one sector only, then the next action"
    );
}

/// FF-FLY-12: no ship may enter the Reaver Cutter's sector.
#[test]
fn ff_fly_12_no_ship_enters_the_cutters_sector() {
    let text = MALCOLM_AND_MONTY.replacen("[[player]]", "cutter = \"border-10\"\n[[player]]", 1);
    let mut g = scenario(&text);
    choose(&mut g, "Mosey");
    assert!(!can(&g, "Border Space 10"));
    assert!(can(&g, "Border Space 19"));
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

use tabletop_core::NewGame;
use tabletop_firefly::content::{Content, ContentFiles};
use tabletop_firefly::scenario::Scenario;
use tabletop_firefly::{Action, Firefly, Options};

/// Malcolm (Pilot) in Serenity as seat 0 and Monty (Mechanic) in Yun Qi as seat 1. `top` holds
/// top-level scenario keys (cruiser, cutter, dice), `p0` and `p1` the players' keys, `decks` the
/// `[decks]` table's keys.
fn game(top: &str, p0: &str, p1: &str, decks: &str) -> Firefly {
    scenario(&text(top, p0, p1, decks))
}

fn text(top: &str, p0: &str, p1: &str, decks: &str) -> String {
    format!(
        "{top}\n[[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"monty\"\nship = \"yun-qi\"\n{p1}\n[decks]\n{decks}\n"
    )
}

fn moves(g: &Firefly) -> Vec<u16> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveTo(s) => Some(s),
            _ => None,
        })
        .collect()
}

fn sorted(mut v: Vec<u16>) -> Vec<u16> {
    v.sort_unstable();
    v
}

fn big_black(n: usize, deck: &str) -> String {
    vec![format!("\"the-big-black-{deck}\""); n].join(", ")
}

// ---------------------------------------------------------------------------------------------
// Full Burn, Mosey, Nav cards
// ---------------------------------------------------------------------------------------------

/// FF-FLY-1: a Fly action is either a Full Burn or a Mosey, and one Fly action is all a turn has.
#[test]
fn ff_fly_1_fly_is_full_burn_or_mosey() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    assert!(can(&g, "Fly: Full Burn") && can(&g, "Fly: Mosey"));
    choose(&mut g, "Fly: Mosey");
    choose(&mut g, "Move to Border Space 10");
    assert!(!can(&g, "Full Burn") && !can(&g, "Mosey"));
}

/// FF-FLY-4: a Full Burn may enter as many sectors as the Drive Core's Range (5 for the Radion
/// Accelerator Mark I), one Nav card for each.
#[test]
fn ff_fly_4_full_burn_up_to_the_drive_cores_range() {
    let decks = format!(
        "nav-alliance = [{}]\nnav-border = [{}]",
        big_black(8, "alliance"),
        big_black(8, "border")
    );
    let mut g = game("", "sector = \"persephone\"", "sector = \"santo\"", &decks);
    assert_eq!(g.burn_range(&g.players[0]), 5);
    choose(&mut g, "Full Burn");
    let mut drawn = 0;
    let mut been = vec![g.players[0].sector];
    for _ in 0..5 {
        assert!(matches!(g.phase, Phase::FullBurn { .. }));
        let to = moves(&g)
            .into_iter()
            .find(|s| !been.contains(s))
            .expect("somewhere new");
        been.push(to);
        let ev = act(&mut g, Action::MoveTo(to));
        drawn += nav_drawn(&g, &ev).len();
    }
    assert_eq!(drawn, 5, "one Nav card per sector entered");
    assert_eq!(g.phase, Phase::Actions, "Range reached: the flight is over");
    assert!(moves(&g).is_empty());
}

/// FF-FLY-6: ships move only between adjacent sectors.
#[test]
fn ff_fly_6_moves_only_to_adjacent_sectors() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Full Burn");
    let want: Vec<u16> = g.content.neighbours[sector("persephone") as usize]
        .iter()
        .copied()
        .filter(|&s| !g.has_cutter(s))
        .collect();
    assert_eq!(sorted(moves(&g)), sorted(want));
    assert!(!moves(&g).contains(&sector("osiris")));
}

/// FF-FLY-7, FF-FLY-13: a Nav card offers its options and the player picks one; an option whose
/// requirement is not met cannot be picked ("Turn and Burn" needs a Fuel to spend).
#[test]
fn ff_fly_7_13_nav_card_options_and_requirements() {
    let decks = "nav-alliance = [\"customs-inspection\"]";
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Persephone");
    assert!(can(&g, "Option: Prepare to Be Boarded") && can(&g, "Option: Turn and Burn"));

    // With no Fuel left after the burn, only "Prepare to Be Boarded" can be chosen: it is.
    let mut g = game(
        "",
        "sector = \"border-10\"\nfuel = 1",
        "sector = \"santo\"",
        decks,
    );
    let ev = full_burn_into(&mut g, "Persephone");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::OptionChosen { option: 0, .. }
    )));
    assert!(!can(&g, "Turn and Burn"));
}

/// FF-FLY-8: after Keep Flying the player may move on or stop; after stopping, the other action
/// may be taken as normal.
#[test]
fn ff_fly_8_keep_flying_then_stop_and_act() {
    let decks = format!("nav-alliance = [{}]", big_black(2, "alliance"));
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", &decks);
    full_burn_into(&mut g, "Persephone");
    assert!(can(&g, "Move to") && can(&g, "Done"));
    choose(&mut g, "Done");
    assert_eq!(g.phase, Phase::Actions);
    assert!(can(&g, "Buy") && can(&g, "Deal with Badger"));
}

/// FF-FLY-9: Full Stop: no further move this action; the other action may still be taken.
#[test]
fn ff_fly_9_full_stop() {
    let decks = "nav-alliance = [\"customs-inspection\", \"the-big-black-alliance\"]";
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Persephone");
    choose(&mut g, "Prepare to Be Boarded");
    assert_eq!(g.phase, Phase::Actions);
    assert!(moves(&g).is_empty());
    assert_eq!(g.players[0].sector, sector("persephone"));
    assert!(can(&g, "Buy"));
}

/// FF-FLY-10: Evade: move into an adjacent sector, draw no Nav card, move no further.
#[test]
fn ff_fly_10_evade() {
    let decks = "nav-alliance = [\"customs-inspection\", \"the-big-black-alliance\"]";
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Persephone");
    choose(&mut g, "Turn and Burn");
    assert_eq!(g.players[0].warrants, 1);
    let ev = choose(&mut g, "Move to Pelorum");
    assert!(nav_drawn(&g, &ev).is_empty(), "no Nav card for an Evade");
    assert_eq!(g.players[0].sector, sector("pelorum"));
    assert_eq!(g.phase, Phase::Actions);
    assert!(moves(&g).is_empty());
}

/// FF-FLY-11: the Evade move is not limited by the Drive Core's Range.
#[test]
fn ff_fly_11_evade_beyond_the_range() {
    let decks = format!(
        "nav-alliance = [{}, \"customs-inspection\"]",
        big_black(4, "alliance")
    );
    let mut g = game(
        "cruiser = \"santo\"",
        "sector = \"londinium\"",
        "sector = \"athens\"",
        &decks,
    );
    choose(&mut g, "Full Burn");
    for s in ["sihnon", "gonghe", "alliance-30", "persephone", "pelorum"] {
        act(&mut g, Action::MoveTo(sector(s)));
    }
    choose(&mut g, "Turn and Burn");
    assert!(!moves(&g).is_empty(), "the 6th move is the Evade");
    choose(&mut g, "Move to Alliance Space 37");
    assert_eq!(g.players[0].sector, sector("alliance-37"));
}

/// FF-FLY-12: Evade cannot enter the Reaver Cutter's sector either, nor can a Full Burn.
#[test]
fn ff_fly_12_evade_and_full_burn_avoid_the_cutter() {
    let decks = "nav-alliance = [\"customs-inspection\"]";
    let mut g = game(
        "cutter = \"border-10\"",
        "sector = \"border-20\"",
        "sector = \"santo\"",
        decks,
    );
    choose(&mut g, "Full Burn");
    assert!(!moves(&g).contains(&sector("border-10")));
    choose(&mut g, "Move to Persephone");
    choose(&mut g, "Turn and Burn");
    assert!(!moves(&g).contains(&sector("border-10")));
    assert!(moves(&g).contains(&sector("border-19")));
}

/// FF-FLY-28: a resolved Nav card goes on its deck's discard pile.
#[test]
fn ff_fly_28_resolved_nav_cards_are_discarded() {
    let decks = "nav-border = [\"the-big-black-border\"]";
    let mut g = game("", "sector = \"persephone\"", "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Border Space 10");
    let top = g.decks.nav[1].top_discard().unwrap();
    assert_eq!(g.content.nav_def(top).id, "the-big-black-border");
    assert!(g.resolution.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Outlaw Ships and the Alliance Cruiser
// ---------------------------------------------------------------------------------------------

/// FF-FLY-14, FF-FLY-15: a ship is an Outlaw Ship with a Warrant, Contraband, Fugitives or Wanted
/// crew aboard; an Outlaw Ship that comes into the Cruiser's sector (here on a Mosey) resolves
/// Alliance Contact; a law-abiding ship has nothing to fear.
#[test]
fn ff_fly_14_15_outlaw_ships_meet_the_alliance() {
    for (what, outlaw) in [
        ("", false),
        ("warrants = 1", true),
        ("contraband = 1", true),
        ("fugitives = 1", true),
        ("crew = [{ card = \"jayne\" }]\n", true),
        ("cargo = 2\npassengers = 1", false),
    ] {
        let mut g = game(
            "dice = [6]",
            &format!("sector = \"bernadette\"\n{what}"),
            "sector = \"santo\"",
            "",
        );
        assert_eq!(g.is_outlaw(&g.players[0]), outlaw, "{what}");
        choose(&mut g, "Mosey");
        let ev = choose(&mut g, "Move to Londinium");
        assert_eq!(
            happened(&ev, |e| matches!(e, Event::AllianceContact { seat: 0 })),
            outlaw,
            "{what}"
        );
        assert_eq!(g.phase, Phase::Actions);
    }
}

/// FF-FLY-15: entering the Cruiser's sector on a Full Burn, an Outlaw Ship resolves Alliance
/// Contact at once; its Full Stop ends the flight (judged: no Nav card for that sector). A
/// law-abiding ship draws the sector's Nav card and flies on.
#[test]
fn ff_fly_15_full_burn_into_the_cruisers_sector() {
    let decks = format!("nav-alliance = [{}]", big_black(3, "alliance"));
    let mut g = game(
        "",
        "sector = \"bernadette\"\ncontraband = 2",
        "sector = \"santo\"",
        &decks,
    );
    let ev = full_burn_into(&mut g, "Londinium");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { seat: 0 }
    )));
    assert!(nav_drawn(&g, &ev).is_empty());
    assert_eq!(g.players[0].item(Item::Contraband), 0, "seized");
    assert_eq!(g.phase, Phase::Actions, "Full Stop");
    assert!(
        can(&g, "Deal with Harken"),
        "the other action is still there"
    );

    let mut g = game("", "sector = \"bernadette\"", "sector = \"santo\"", &decks);
    let ev = full_burn_into(&mut g, "Londinium");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert_eq!(nav_drawn(&g, &ev).len(), 1);
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
}

/// FF-FLY-15: judged, Alliance Contact happens once each time a ship and the Cruiser come to
/// share a sector: not again when a turn starts there.
#[test]
fn ff_fly_15_no_contact_for_staying_in_the_cruisers_sector() {
    let mut g = game(
        "",
        "sector = \"londinium\"\ncontraband = 1",
        "sector = \"santo\"",
        "",
    );
    assert_eq!(g.phase, Phase::Actions);
    choose(&mut g, "End turn");
    let ev = choose(&mut g, "End turn");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert_eq!(g.players[0].item(Item::Contraband), 1);
}

/// FF-FLY-15: Alliance Contact also follows an Evade into the Cruiser's sector.
#[test]
fn ff_fly_15_evading_into_the_cruisers_sector() {
    let decks = "nav-alliance = [\"customs-inspection\"]";
    let mut g = game("", "sector = \"bernadette\"", "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Alliance Space 59");
    choose(&mut g, "Turn and Burn");
    assert_eq!(g.players[0].warrants, 1);
    let ev = choose(&mut g, "Move to Londinium");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { seat: 0 }
    )));
    assert_eq!(g.players[0].warrants, 0, "cleared (FF-FLY-16)");
    assert_eq!(g.players[0].money, 2000, "$1,000 fine");
}

/// FF-FLY-19 (c), FF-FLY-15: "Cruiser Patrol": the player to the drawer's right moves the
/// Cruiser 1 sector within Alliance Space; if it comes to an Outlaw Ship, Alliance Contact
/// follows, and its Full Stop ends that ship's flight.
#[test]
fn ff_fly_19c_cruiser_patrol_moved_by_the_player_on_the_right() {
    let decks = nav_deck("alliance", "cruiser-patrol");
    let mut g = game(
        "",
        "sector = \"bernadette\"\ncontraband = 1",
        "sector = \"santo\"",
        &decks,
    );
    full_burn_into(&mut g, "Alliance Space 59");
    assert_eq!(g.actor, 1, "the player to the right moves the Cruiser");
    let londinium_alliance: Vec<u16> = g.content.neighbours[sector("londinium") as usize]
        .iter()
        .copied()
        .filter(|&s| {
            g.content.sectors[s as usize].zone == tabletop_firefly::content::Zone::Alliance
        })
        .collect();
    assert_eq!(sorted(moves(&g)), sorted(londinium_alliance));
    let ev = choose(&mut g, "Move to Alliance Space 59");
    assert!(happened(&ev, |e| matches!(e, Event::CruiserMoved { .. })));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { seat: 0 }
    )));
    assert_eq!(g.cruiser, sector("alliance-59"));
    assert_eq!(g.actor, 0);
    assert_eq!(g.phase, Phase::Actions, "the Full Stop ended the flight");
}

/// FF-FLY-16: Alliance Contact fines ($1,000 per Warrant): who cannot pay in full loses all
/// their credits, and the Warrants are removed anyway.
#[test]
fn ff_fly_16_fines_and_warrants() {
    let mut g = game(
        "",
        "sector = \"bernadette\"\nwarrants = 2\nmoney = 1500",
        "sector = \"santo\"",
        "",
    );
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Londinium");
    assert_eq!(g.players[0].money, 0);
    assert_eq!(g.players[0].warrants, 0);
    let mut g = game(
        "",
        "sector = \"bernadette\"\nwarrants = 1",
        "sector = \"santo\"",
        "",
    );
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Londinium");
    assert_eq!(g.players[0].money, 2000);
}

/// FF-FLY-17: Alliance Contact rolls for each Wanted crew member: a 1 and they are arrested and
/// removed from play; otherwise they are safe.
#[test]
fn ff_fly_17_wanted_crew_may_be_arrested() {
    let mut g = game(
        "dice = [1, 4]",
        "sector = \"bernadette\"\ncrew = [{ card = \"jayne\" }, { card = \"simon-tam\" }]",
        "sector = \"santo\"",
        "",
    );
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Londinium");
    assert_eq!(count(&ev, |e| matches!(e, Event::Arrested { .. })), 1);
    let names: Vec<&str> = g.players[0]
        .crew
        .iter()
        .map(|m| g.crew_def(m).id.as_str())
        .collect();
    assert_eq!(names, vec!["malcolm", "simon-tam"]);
    assert_eq!(g.removed.supply.len(), 1, "Jayne is out of the game");
}

/// FF-FLY-18, FF-FLY-19 (a): the "Alliance Cruiser" Nav card brings the Cruiser to the drawer's
/// sector: Alliance Contact (once) and a Full Stop.
#[test]
fn ff_fly_18_alliance_cruiser_card() {
    let decks = nav_deck("alliance", "alliance-cruiser");
    let mut g = game(
        "dice = [3]",
        "sector = \"border-10\"\ncrew = [{ card = \"jayne\" }]",
        "sector = \"santo\"",
        &decks,
    );
    let ev = full_burn_into(&mut g, "Persephone");
    assert_eq!(g.cruiser, sector("persephone"));
    assert_eq!(
        count(&ev, |e| matches!(e, Event::AllianceContact { seat: 0 })),
        1,
        "Alliance Contact is resolved once"
    );
    assert_eq!(
        g.chance.scripted_remaining(),
        0,
        "one Wanted roll for Jayne"
    );
    assert_eq!(g.phase, Phase::Actions, "Full Stop");
    // A law-abiding ship only sees the Cruiser come.
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", &decks);
    let ev = full_burn_into(&mut g, "Persephone");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert_eq!(g.cruiser, sector("persephone"));
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-FLY-19 (b): "Alliance Entanglements": the drawer moves the Cruiser — anywhere in Alliance
/// Space with no ship ("Wild Gosling Chase"), or, for $500, to an Outlaw Ship ("A Legitimate
/// Tip"), which is not possible (judged) without an Outlaw Ship.
#[test]
fn ff_fly_19b_alliance_entanglements_moved_by_the_drawer() {
    let decks = nav_deck("alliance", "alliance-entanglements");
    let mut g = game("", "sector = \"border-10\"", "sector = \"osiris\"", &decks);
    let ev = full_burn_into(&mut g, "Persephone");
    assert!(
        happened(&ev, |e| matches!(e, Event::OptionChosen { option: 0, .. })),
        "no Outlaw Ship: no tip"
    );
    assert_eq!(g.actor, 0);
    let to = moves(&g);
    assert!(
        !to.contains(&sector("osiris")) && !to.contains(&sector("persephone")),
        "no ships there"
    );
    assert!(!to.contains(&sector("border-20")), "Alliance Space only");
    assert!(to.contains(&sector("santo")));
    choose(&mut g, "Move to Santo");
    assert_eq!(g.cruiser, sector("santo"));
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "Keep Flying");

    let mut g = game(
        "",
        "sector = \"border-10\"",
        "sector = \"osiris\"\ncontraband = 1",
        &decks,
    );
    full_burn_into(&mut g, "Persephone");
    choose(&mut g, "A Legitimate Tip");
    let ev = choose(&mut g, "Move to Osiris");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { seat: 1 }
    )));
    assert_eq!(g.players[1].item(Item::Contraband), 0);
    assert_eq!(g.players[0].money, 3500);
}

// ---------------------------------------------------------------------------------------------
// The Reaver Cutter
// ---------------------------------------------------------------------------------------------

/// FF-FLY-20: Reaver Contact, "If We're Very Lucky…": Kill all Passengers and Fugitives, then a
/// test against 8: 1–7 Kill 2 crew and Evade; 8+ Kill 1 crew and Evade.
#[test]
fn ff_fly_20_reaver_contact_if_were_very_lucky() {
    // Fight: Malcolm 2 + Zoë 2 = 4. A roll of 3 makes 7: two crew are Killed.
    let crew = "crew = [{ card = \"zoe\" }, { card = \"kaylee\" }]\npassengers = 2\nfugitives = 1";
    let mut g = game(
        "cutter = \"border-10\"\ndice = [3]",
        &format!("sector = \"border-10\"\n{crew}"),
        "sector = \"santo\"",
        "",
    );
    assert!(can(&g, "Crazy Ivan") && can(&g, "If We're Very Lucky"));
    choose(&mut g, "If We're Very Lucky");
    assert_eq!(g.players[0].item(Item::Passengers), 0, "killed first");
    assert_eq!(g.players[0].item(Item::Fugitives), 0);
    let ev = choose(&mut g, "Keep the roll"); // Zoë may re-roll Fight tests
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Rolled { total: 7, .. }
    )));
    choose(&mut g, "Zoe is Killed");
    choose(&mut g, "Kaylee is Killed");
    assert_eq!(g.players[0].crew.len(), 1);
    choose(&mut g, "Move to");
    assert_ne!(g.players[0].sector, sector("border-10"), "Evade");
    assert_eq!(g.phase, Phase::Actions);

    // A roll of 4 makes 8: one crew member is Killed.
    let mut g = game(
        "cutter = \"border-10\"\ndice = [4]",
        &format!("sector = \"border-10\"\n{crew}"),
        "sector = \"santo\"",
        "",
    );
    choose(&mut g, "If We're Very Lucky");
    choose(&mut g, "Keep the roll");
    choose(&mut g, "Kaylee is Killed");
    assert!(can(&g, "Move to"), "then Evade: no second Kill");
}

/// FF-FLY-20, FF-FLY-21: "Crazy Ivan!" needs a Pilot, a Mechanic and a Fuel to spend; it costs
/// the Fuel and the ship Evades, with no losses.
#[test]
fn ff_fly_21_crazy_ivan() {
    let at_cutter = |p0: &str| {
        game(
            "cutter = \"border-10\"\ndice = [1]",
            &format!("sector = \"border-10\"\n{p0}"),
            "sector = \"santo\"",
            "",
        )
    };
    let g = at_cutter("crew = [{ card = \"zoe\" }]");
    assert!(!can(&g, "Crazy Ivan"), "no Mechanic");
    let g = at_cutter("crew = [{ card = \"kaylee\" }]\nfuel = 0");
    assert!(!can(&g, "Crazy Ivan"), "no Fuel");
    let mut g = at_cutter("crew = [{ card = \"kaylee\" }]");
    choose(&mut g, "Crazy Ivan");
    assert_eq!(g.players[0].item(Item::Fuel), 5);
    choose(&mut g, "Move to Persephone");
    assert_eq!(g.players[0].crew.len(), 2);
    assert_eq!(g.players[0].sector, sector("persephone"));
}

/// FF-FLY-22, FF-FLY-24 (a): the "Reaver Cutter" Nav card moves the Cutter to the drawer's sector
/// and is resolved at once.
#[test]
fn ff_fly_22_reaver_cutter_card() {
    let decks = "nav-border = [\"reaver-cutter\"]";
    let p0 = "sector = \"persephone\"\ncrew = [{ card = \"jayne\" }]";
    let mut g = game("dice = [1]", p0, "sector = \"santo\"", decks);
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert!(happened(&ev, |e| matches!(e, Event::CutterMoved { .. })));
    assert_eq!(g.cutters[0], sector("border-10"));
    // No Mechanic: "If We're Very Lucky…" at once; 1 + 4 = 5: Kill 2 (the Leader returns).
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Rolled { total: 5, .. }
    )));
    choose(&mut g, "Jayne is Killed");
    choose(&mut g, "Malcolm is Killed");
    choose(&mut g, "Move to");
    assert_ne!(g.players[0].sector, sector("border-10"));
}

/// FF-FLY-23, FF-FLY-24 (c): "Reavers on the Hunt": the player to the right moves the Cutter 1
/// sector within Border Space; if it comes into the drawer's sector there is no Reaver Contact
/// then, only if the drawer's next turn starts there.
#[test]
fn ff_fly_23_24c_reavers_on_the_hunt() {
    let decks = nav_deck("border", "reavers-on-the-hunt");
    let mut g = game(
        "dice = [6, 6]",
        "sector = \"persephone\"",
        "sector = \"santo\"",
        &decks,
    );
    assert_eq!(g.cutters[0], sector("border-1"));
    full_burn_into(&mut g, "Border Space 10");
    assert_eq!(g.actor, 1, "moved by the player on the drawer's right");
    assert_eq!(
        sorted(moves(&g)),
        sorted(vec![
            sector("border-2"),
            sector("border-9"),
            sector("border-10")
        ])
    );
    let ev = choose(&mut g, "Move to Border Space 10");
    assert!(!happened(&ev, |e| matches!(e, Event::ReaverContact { .. })));
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "Keep Flying");
    assert!(!moves(&g).contains(&sector("border-10")));
    choose(&mut g, "Done");
    choose(&mut g, "End turn");
    let ev = choose(&mut g, "End turn");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReaverContact { seat: 0 }
    )));
}

/// FF-FLY-24 (b): "Reaver Bait": the drawer moves the Cutter: anywhere in Border Space with no
/// ship ("Decoy 'Em"), or to their own sector, and Evades ("They Won't See This Coming").
#[test]
fn ff_fly_24b_reaver_bait_moved_by_the_drawer() {
    let decks = nav_deck("border", "reaver-bait");
    let mut g = game(
        "",
        "sector = \"persephone\"",
        "sector = \"border-20\"",
        &decks,
    );
    full_burn_into(&mut g, "Border Space 10");
    choose(&mut g, "Decoy");
    assert_eq!(g.actor, 0);
    let to = moves(&g);
    assert!(!to.contains(&sector("border-20")) && !to.contains(&sector("border-10")));
    assert!(!to.contains(&sector("persephone")), "Border Space only");
    choose(&mut g, "Move to Border Space 2");
    assert_eq!(g.cutters[0], sector("border-2"));

    let mut g = game(
        "",
        "sector = \"persephone\"",
        "sector = \"border-20\"",
        &decks,
    );
    full_burn_into(&mut g, "Border Space 10");
    choose(&mut g, "They Won't See This Coming");
    assert_eq!(g.cutters[0], sector("border-10"));
    choose(&mut g, "Move to Persephone");
    assert_eq!(g.phase, Phase::Actions);
}

// ---------------------------------------------------------------------------------------------
// Reshuffling the Nav decks
// ---------------------------------------------------------------------------------------------

/// FF-FLY-25: the first time a Nav deck runs out, its discard pile, RESHUFFLE card included, is
/// shuffled to form the new deck.
#[test]
fn ff_fly_25_first_exhaustion_reshuffles_the_discards() {
    let mut g = game("", "sector = \"persephone\"", "sector = \"santo\"", "");
    let deck = &mut g.decks.nav[1];
    while let Some(c) = deck.draw() {
        deck.discard(c);
    }
    assert_eq!(g.decks.nav[1].discard_len(), 40);
    assert!(!g.decks.nav_reshuffled[1]);
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::NavReshuffled { deck: 1 }
    )));
    assert!(g.decks.nav_reshuffled[1]);
    let d = &g.decks.nav[1];
    assert_eq!(
        d.draw_len() + d.discard_len(),
        39 + usize::from(g.resolution.is_empty())
    );
    let all: Vec<u16> = d.all_cards().collect();
    let drawn_reshuffle = g
        .resolution
        .iter()
        .any(|r| matches!(r.origin, tabletop_firefly::resolve::Origin::Nav(c) if g.content.nav_def(c).reshuffle));
    assert!(
        drawn_reshuffle || all.iter().any(|&c| g.content.nav_def(c).reshuffle),
        "the RESHUFFLE card is back in the deck"
    );
}

/// FF-FLY-26: after a deck's first reshuffle, a RESHUFFLE card drawn and resolved reshuffles the
/// deck with its discard pile, once resolved; before it (judged) it only has its own effect.
#[test]
fn ff_fly_26_reshuffle_card_after_the_first_reshuffle() {
    let decks = "nav-alliance = [\"alliance-cruiser\"]\nnav-reshuffled = true";
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", decks);
    for _ in 0..5 {
        let c = g.decks.nav[0].draw_pile()[0];
        g.decks.nav[0].take_from_draw(c);
        g.decks.nav[0].discard(c);
    }
    let ev = full_burn_into(&mut g, "Persephone");
    let resolved = ev
        .iter()
        .position(|e| matches!(e, Event::Ended { .. }))
        .unwrap();
    let reshuffled = ev
        .iter()
        .position(|e| matches!(e, Event::NavReshuffled { deck: 0 }))
        .expect("reshuffled");
    assert!(resolved < reshuffled, "resolved first, then reshuffled");
    assert_eq!(g.decks.nav[0].discard_len(), 0);
    assert_eq!(g.decks.nav[0].draw_len(), 40);

    let decks = "nav-alliance = [\"alliance-cruiser\"]";
    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", decks);
    let ev = full_burn_into(&mut g, "Persephone");
    assert!(!happened(&ev, |e| matches!(e, Event::NavReshuffled { .. })));
    assert_eq!(g.decks.nav[0].discard_len(), 1);
    assert_eq!(g.cruiser, sector("persephone"));
}

/// Content where the Alliance deck's RESHUFFLE card is a Breakdown ("Minor Technical
/// Difficulty") instead of "Alliance Cruiser", so that a card can be discarded unresolved.
fn breakdown_reshuffle_content() -> &'static Content {
    let mut files = ContentFiles::builtin();
    for (path, text) in &mut files.files {
        if path.ends_with("nav.toml") {
            *text = text
                .replacen(
                    "id = \"alliance-cruiser\"\nname = \"Alliance Cruiser\"\ndeck = \"alliance\"\nsource = \"base\"\nreshuffle = true",
                    "id = \"alliance-cruiser\"\nname = \"Alliance Cruiser\"\ndeck = \"alliance\"\nsource = \"base\"",
                    1,
                )
                .replacen(
                    "id = \"minor-technical-difficulty\"\nname = \"Minor Technical Difficulty\"\ndeck = \"alliance\"\nsource = \"base\"",
                    "id = \"minor-technical-difficulty\"\nname = \"Minor Technical Difficulty\"\ndeck = \"alliance\"\nsource = \"base\"\nreshuffle = true",
                    1,
                );
        }
    }
    let c = Content::load(&files).expect("modified content loads");
    assert!(c
        .nav_defs
        .iter()
        .any(|d| d.id == "minor-technical-difficulty" && d.reshuffle));
    c.leak()
}

/// FF-FLY-27: a RESHUFFLE card put on the discard pile without being resolved (here ignored as a
/// Breakdown) reshuffles its deck once the current action has finished.
#[test]
fn ff_fly_27_unresolved_reshuffle_card_reshuffles_after_the_action() {
    let content = breakdown_reshuffle_content();
    let t = text(
        "",
        "sector = \"border-10\"\ndrive-core = \"enhanced-graviton-accelerator\"",
        "sector = \"santo\"",
        &nav_deck("alliance", "minor-technical-difficulty"),
    );
    let s = Scenario::parse(&t).unwrap();
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    let mut g = Firefly::new_game(content, &o, 1).unwrap();
    let ev = full_burn_into(&mut g, "Persephone");
    assert_eq!(
        nav_drawn(&g, &ev),
        vec!["minor-technical-difficulty".to_string()]
    );
    assert!(
        !happened(&ev, |e| matches!(e, Event::NavReshuffled { .. })),
        "not during the action"
    );
    assert_eq!(g.decks.nav[0].discard_len(), 1);
    choose(&mut g, "Move to Pelorum");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::NavReshuffled { deck: 0 }
    )));
    assert_eq!(g.decks.nav[0].discard_len(), 0);
}

// ---------------------------------------------------------------------------------------------
// Card abilities met while flying
// ---------------------------------------------------------------------------------------------

/// FF-FLY-7, FF-FLY-8: a Drive Core that "Ignores all Breakdowns" (Enhanced Graviton Accelerator)
/// does not resolve Breakdown Nav cards: the ship flies on as after Keep Flying.
#[test]
fn breakdowns_are_ignored_by_drive_cores_that_ignore_them() {
    let decks = nav_deck("border", "whats-that-noise");
    let mut g = game(
        "",
        "sector = \"persephone\"\ndrive-core = \"enhanced-graviton-accelerator\"",
        "sector = \"santo\"",
        &decks,
    );
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert_eq!(nav_drawn(&g, &ev), vec!["whats-that-noise".to_string()]);
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::OptionChosen { .. } | Event::Rolled { .. }
    )));
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "flies on");
    assert_eq!(
        g.content.nav_def(g.decks.nav[1].top_discard().unwrap()).id,
        "whats-that-noise"
    );
    // Without that core, the card is resolved.
    let mut g = game("", "sector = \"persephone\"", "sector = \"santo\"", &decks);
    full_burn_into(&mut g, "Border Space 10");
    assert!(can(&g, "That Doesn't Sound Good") && can(&g, "Gorram Parts"));
}

/// FF-REP-5, Harken's "Your Papers are in Order": while Solid with Harken, the player may ignore
/// a Customs Inspection Nav card (a choice), or resolve it.
#[test]
fn harkens_papers_in_order_may_ignore_customs_inspections() {
    let decks = nav_deck("alliance", "customs-inspection");
    let p0 = "sector = \"border-10\"\ncontraband = 2\nsolid = [\"harken\"]";
    let mut g = game("", p0, "sector = \"santo\"", &decks);
    full_burn_into(&mut g, "Persephone");
    assert!(can(&g, "Your Papers are in Order") && can(&g, "Resolve Customs Inspection"));
    choose(&mut g, "Your Papers are in Order");
    assert_eq!(g.players[0].item(Item::Contraband), 2);
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
    assert_eq!(
        g.content.nav_def(g.decks.nav[0].top_discard().unwrap()).id,
        "customs-inspection"
    );

    let mut g = game("", p0, "sector = \"santo\"", &decks);
    full_burn_into(&mut g, "Persephone");
    choose(&mut g, "Resolve Customs Inspection");
    choose(&mut g, "Prepare to Be Boarded");
    assert_eq!(g.phase, Phase::Actions, "resolved: Full Stop");
    assert_eq!(
        g.players[0].item(Item::Contraband),
        2,
        "the Stash hides 2 Contraband"
    );

    let mut g = game("", "sector = \"border-10\"", "sector = \"santo\"", &decks);
    full_burn_into(&mut g, "Persephone");
    assert!(
        !can(&g, "Your Papers are in Order"),
        "not Solid with Harken"
    );
}

/// FF-KW-11, FF-CARD-6: the Cry Baby: in the Alliance Cruiser's sector, discard it to ignore the
/// Cruiser and move it 1 sector within Alliance Space; or keep it and resolve Alliance Contact.
#[test]
fn cry_baby_ignores_the_cruiser() {
    let p0 = "sector = \"bernadette\"\ncontraband = 1\nupgrades = [\"cry-baby\"]";
    let mut g = game("", p0, "sector = \"santo\"", "");
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Londinium");
    assert!(can(&g, "Discard Cry Baby") && can(&g, "Resolve Alliance Contact"));
    choose(&mut g, "Discard Cry Baby");
    assert!(g.players[0].upgrades.is_empty());
    let sihnon = sector("sihnon");
    assert!(moves(&g).contains(&sihnon) && !moves(&g).contains(&sector("border-10")));
    choose(&mut g, "Move to Sihnon");
    assert_eq!(g.cruiser, sihnon);
    assert_eq!(
        g.players[0].item(Item::Contraband),
        1,
        "no Alliance Contact"
    );
    assert_eq!(g.phase, Phase::Actions);

    let mut g = game("", p0, "sector = \"santo\"", "");
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Londinium");
    choose(&mut g, "Resolve Alliance Contact");
    assert_eq!(g.players[0].item(Item::Contraband), 0);
    assert_eq!(g.players[0].upgrades.len(), 1);
}

/// The Cry Baby on a Full Burn into the Cruiser's sector: with the Cruiser ignored, the ship
/// draws the sector's Nav card and flies on (FF-FLY-3, FF-FLY-15).
#[test]
fn cry_baby_on_a_full_burn_flies_on() {
    let decks = format!("nav-alliance = [{}]", big_black(3, "alliance"));
    let p0 = "sector = \"bernadette\"\ncontraband = 1\nupgrades = [\"cry-baby\"]";
    let mut g = game("", p0, "sector = \"santo\"", &decks);
    let ev = full_burn_into(&mut g, "Londinium");
    assert!(
        nav_drawn(&g, &ev).is_empty(),
        "Alliance Contact comes first"
    );
    choose(&mut g, "Discard Cry Baby");
    let ev = choose(&mut g, "Move to Sihnon");
    assert_eq!(nav_drawn(&g, &ev).len(), 1, "then the sector's Nav card");
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
}

/// FF-FLY-2: an Active "Heavy Load" job makes every Full Burn cost 1 more Fuel.
#[test]
fn heavy_load_costs_a_fuel_more_per_full_burn() {
    let job =
        "active = [{ job = \"amnon-duul-heavy-load-motherlode-ore\", steps-done = 1 }]\ncargo = 3";
    let mut g = game(
        "",
        &format!("sector = \"persephone\"\n{job}"),
        "sector = \"santo\"",
        "",
    );
    assert_eq!(g.full_burn_fuel(&g.players[0]), 2);
    choose(&mut g, "Full Burn");
    assert_eq!(g.players[0].item(Item::Fuel), 4);
    let g = game(
        "",
        &format!("sector = \"persephone\"\nfuel = 1\n{job}"),
        "sector = \"santo\"",
        "",
    );
    assert!(!can(&g, "Full Burn"));
    assert!(can(&g, "Mosey"), "a Mosey needs no Fuel");
    // In hand (not Active), a Heavy Load costs nothing.
    let g = game(
        "",
        "sector = \"persephone\"\nhand = [\"amnon-duul-heavy-load-motherlode-ore\"]",
        "sector = \"santo\"",
        "",
    );
    assert_eq!(g.full_burn_fuel(&g.players[0]), 1);
}

/// FF-MISC-10: a successful Salvage Op pays the crew's and the ship's salvage bonuses; a failed
/// one pays nothing.
#[test]
fn salvage_op_bonuses() {
    let p0 = "sector = \"persephone\"\ncrew = [{ card = \"scrapper-mex\" }]\nupgrades = [\"onboard-chop-shop\"]";
    let decks = "nav-border = [\"derelict-ship\"]";
    let mut g = game("", p0, "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Border Space 10");
    choose(&mut g, "Pick the Bones");
    let p = &g.players[0];
    assert_eq!(p.item(Item::Cargo), 2);
    assert_eq!(p.item(Item::Fuel), 5 + 2, "Scrapper Mex: 2 Fuel");
    assert_eq!(
        p.item(Item::Contraband),
        1,
        "Onboard Chop Shop: 1 Contraband"
    );
    assert_eq!(p.money, 3500, "Onboard Chop Shop: $500");

    // "Stop and I'll Take a Look" with a roll of 1: nothing salvaged, no bonus.
    let decks = "nav-border = [\"nav-hazard-debris-field\"]";
    let mut g = game("dice = [1]", p0, "sector = \"santo\"", decks);
    full_burn_into(&mut g, "Border Space 10");
    choose(&mut g, "Stop and I'll Take a Look");
    let p = &g.players[0];
    assert_eq!(
        (p.item(Item::Cargo), p.item(Item::Fuel), p.money),
        (0, 5, 3000)
    );
}
