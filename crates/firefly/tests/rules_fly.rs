//! Fly (FF-FLY): Full Burn, Mosey, Nav cards and the Reaver Cutter.

use tabletop_firefly::content::Item;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Phase};

const AT_PERSEPHONE: &str = r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
"#;

/// FF-FLY-2: Full Burn spends 1 Fuel when it starts; with no Fuel there is no Full Burn.
#[test]
fn ff_fly_2_full_burn_costs_one_fuel_and_needs_fuel() {
    let mut g = scenario(AT_PERSEPHONE);
    choose(&mut g, "Full Burn");
    assert_eq!(g.players[0].item(Item::Fuel), 5);

    let mut g = scenario(&AT_PERSEPHONE.replacen(
        "sector = \"persephone\"",
        "sector = \"persephone\"\nfuel = 0",
        1,
    ));
    assert!(!can(&g, "Full Burn"), "No FUEL = No Go");
    assert!(can(&g, "Mosey"));
    let _ = &mut g;
}

/// FF-FLY-3: entering a sector on a Full Burn draws that sector's Nav card (blue sectors: the
/// Alliance deck, yellow: the Border deck).
#[test]
fn ff_fly_3_full_burn_draws_the_nav_card_of_the_sector_entered() {
    let text = format!("{AT_PERSEPHONE}\n[decks]\nnav-alliance = [\"the-big-black-alliance\"]\nnav-border = [\"the-big-black-border\"]\n");
    let mut g = scenario(&text);
    choose(&mut g, "Full Burn");
    let ev = choose(&mut g, "Move to Border Space 10");
    let drawn: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::NavDrawn { card, .. } => Some(g.content.nav_def(*card).id.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec!["the-big-black-border".to_string()]);
}

/// FF-FLY-5: Mosey moves exactly one sector, spends no Fuel and draws no Nav card.
#[test]
fn ff_fly_5_mosey_moves_one_sector_without_fuel_or_nav() {
    let mut g = scenario(AT_PERSEPHONE);
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
    let text = AT_PERSEPHONE.replacen("[[player]]", "cutter = \"border-10\"\n[[player]]", 1);
    let mut g = scenario(&text);
    choose(&mut g, "Mosey");
    assert!(!can(&g, "Border Space 10"));
    assert!(can(&g, "Border Space 19"));
}
