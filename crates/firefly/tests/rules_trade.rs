//! Trading and player interaction (FF-TRADE, FF-TURN-6): players whose ships are in the same
//! sector may buy, sell and swap crew, goods, Ship Upgrades and Gear, and hire each other's
//! Disgruntled crew, using no action.

use tabletop_core::{Actor, Game};
use tabletop_firefly::content::*;
use tabletop_firefly::testing::*;
use tabletop_firefly::trade::TradeAction;
use tabletop_firefly::{Action, Event, Firefly, Phase};

/// Seat 0: Malcolm with Kaylee (carrying a Pistol), a Cry Baby and 2 Cargo; seat 1: Monty with
/// Zoë, 1 Contraband; both at Persephone unless `p1_sector` says otherwise.
fn two(p0_extra: &str, p1_extra: &str) -> Firefly {
    let zoe = if p1_extra.contains("crew =") {
        ""
    } else {
        "crew = [{ card = \"zoe\" }]"
    };
    scenario(&format!(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
crew = [{{ card = "kaylee", gear = ["pistol"] }}]
upgrades = ["cry-baby"]
cargo = 2
{p0_extra}
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "persephone"
{zoe}
contraband = 1
{p1_extra}
"#
    ))
}

fn actor(g: &Firefly) -> u8 {
    match g.actor() {
        Actor::Seat(s) => s,
        Actor::Over => panic!("over"),
    }
}

fn crew_ids(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .map(|m| g.crew_def(m).id.clone())
        .collect()
}

/// FF-TRADE-1, FF-TURN-6: players in the same sector may trade and hire each other's
/// Disgruntled crew; neither uses an action.
#[test]
fn ff_trade_1_trading_and_hiring_away_use_no_action() {
    let mut g = two("", "").clone();
    g.players[1].crew[1].disgruntled = true;
    g.players[1].refresh_disgruntled();
    assert!(can(&g, "Trade with Monty (captain 2)"));
    assert!(can(&g, "Hire away Zoe"));
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer 1 Cargo");
    choose(&mut g, "Propose");
    choose(&mut g, "Accept");
    assert_eq!(g.turn.taken, 0);
    choose(&mut g, "Hire away Zoe");
    assert_eq!(g.turn.taken, 0);
    assert_eq!(crew_ids(&g, 0), vec!["malcolm", "kaylee", "zoe"]);
    // Both actions are still there.
    assert!(can(&g, "Buy") && can(&g, "Fly: Mosey"));
}

/// FF-TRADE-2: buy, sell and swap Fuel, Parts, Cargo, Contraband, crew, Ship Upgrades and Gear,
/// with credits as the price.
#[test]
fn ff_trade_2_buy_sell_and_swap() {
    // Sell 2 Fuel for $600.
    let mut g = two("", "");
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer 1 Fuel");
    choose(&mut g, "Offer 1 Fuel");
    choose(&mut g, "Ask for $500");
    choose(&mut g, "Ask for $100");
    choose(
        &mut g,
        "Propose the trade to Monty: you give 2 Fuel; you get $600",
    );
    let ev = choose(
        &mut g,
        "Accept Malcolm's trade: you give $600; you get 2 Fuel",
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Traded { from: 0, to: 1, .. }
    )));
    assert_eq!(
        (g.players[0].item(Item::Fuel), g.players[0].money),
        (4, 3600)
    );
    assert_eq!(
        (g.players[1].item(Item::Fuel), g.players[1].money),
        (8, 2400)
    );

    // Buy Zoë for $300: she changes ships.
    let mut g = two("", "");
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Ask for Zoe");
    choose(&mut g, "Offer $100");
    choose(&mut g, "Offer $100");
    choose(&mut g, "Offer $100");
    choose(&mut g, "Propose");
    choose(&mut g, "Accept");
    assert_eq!(crew_ids(&g, 0), vec!["malcolm", "kaylee", "zoe"]);
    assert_eq!(crew_ids(&g, 1), vec!["monty"]);
    assert_eq!(g.players[0].money, 2700);

    // Swap the Cry Baby and the Pistol (carried by Kaylee) for Monty's Contraband and Parts.
    let mut g = two("", "");
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer Cry Baby");
    choose(&mut g, "Offer Pistol");
    choose(&mut g, "Ask for 1 Contraband");
    choose(&mut g, "Ask for 1 Parts");
    choose(&mut g, "Propose");
    choose(&mut g, "Accept");
    let (p0, p1) = (&g.players[0], &g.players[1]);
    assert!(p0.upgrades.is_empty() && p0.crew[1].gear.is_empty());
    assert_eq!(p1.upgrades.len(), 1);
    assert_eq!(p1.spare_gear.len(), 1, "traded Gear arrives set aside");
    assert_eq!((p0.item(Item::Contraband), p0.item(Item::Parts)), (1, 3));
    assert_eq!((p1.item(Item::Contraband), p1.item(Item::Parts)), (0, 1));
    // Monty may hand the Pistol to a crew member for free.
    assert!(g.players[1]
        .spare_gear
        .iter()
        .all(|x| g.gear_def(x).id == "pistol"));
}

/// FF-TRADE-3: trading happens outside turn order: the other player decides on the offer during
/// the active player's turn, and the turn goes on afterwards; a refused offer changes nothing.
#[test]
fn ff_trade_3_the_other_player_answers() {
    let mut g = two("", "");
    choose(&mut g, "Trade with Monty");
    assert_eq!(actor(&g), 0, "the active player builds the offer");
    choose(&mut g, "Offer 1 Cargo");
    choose(&mut g, "Ask for $500");
    choose(&mut g, "Propose");
    assert!(matches!(g.phase, Phase::TradeAnswer(_)));
    assert_eq!(actor(&g), 1, "Monty answers");
    assert_eq!(g.current, 0, "on Malcolm's turn");
    assert!(can(&g, "Accept") && can(&g, "Refuse the trade"));
    let before = (g.players[0], g.players[1]);
    choose(&mut g, "Refuse the trade");
    assert_eq!(actor(&g), 0);
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!((g.players[0], g.players[1]), before);
    // An offer can also be dropped before it is made.
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer 1 Cargo");
    choose(&mut g, "Cancel the trade");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].item(Item::Cargo), 2);
}

/// Three captains: Malcolm (captain 1, whose turn it is), Monty (captain 2) and Womack (captain 3),
/// at the sectors given.
fn three(s0: &str, s1: &str, s2: &str) -> Firefly {
    scenario(&format!(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "{s0}"
cargo = 2
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "{s1}"
contraband = 1
[[player]]
leader = "womack"
ship = "bonanza"
sector = "{s2}"
cargo = 1
"#
    ))
}

/// FF-TRADE-3: "you may also trade when it is not your turn". When Malcolm ends his turn, Monty
/// (in the same sector, waiting for his turn) may open an offer to him before the Dinosaur
/// passes; Malcolm answers it, and then Monty's turn starts.
#[test]
fn ff_trade_3_trade_window_lets_a_waiting_captain_open_an_offer() {
    let mut g = two("", "");
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 1 });
    assert_eq!(
        (actor(&g), g.current),
        (1, 0),
        "Monty decides on Malcolm's turn"
    );
    assert_eq!(
        menu(&g),
        [
            "Trade with Malcolm (captain 1)",
            "Pass: make no trade offer"
        ]
    );
    choose(&mut g, "Trade with Malcolm");
    assert_eq!(actor(&g), 1, "Monty builds his offer");
    choose(&mut g, "Offer 1 Contraband");
    choose(&mut g, "Ask for 1 Cargo");
    choose(&mut g, "Ask for $100");
    choose(
        &mut g,
        "Propose the trade to Malcolm: you give 1 Contraband; you get 1 Cargo, $100",
    );
    assert_eq!((actor(&g), g.current), (0, 0), "Malcolm answers");
    let ev = choose(
        &mut g,
        "Accept Monty's trade: you give 1 Cargo, $100; you get 1 Contraband",
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Traded { from: 1, to: 0, .. }
    )));
    assert_eq!(
        (
            g.players[0].item(Item::Contraband),
            g.players[0].item(Item::Cargo)
        ),
        (1, 1)
    );
    assert_eq!(g.players[1].money, 3100);
    // One offer per captain per window: with no one else to ask, Monty's turn starts.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::TurnStarted { seat: 1, .. }
    )));
    assert_eq!(
        (g.phase.clone(), g.current, actor(&g)),
        (Phase::Actions, 1, 1)
    );
}

/// FF-TRADE-3: the window is bounded: each waiting captain gets one decision, to open one
/// offer or pass; a refused or cancelled offer is not made again in the same window, and
/// passing changes nothing.
#[test]
fn ff_trade_3_one_offer_per_captain_per_window() {
    // A refused offer ends Monty's chance.
    let mut g = two("", "");
    choose(&mut g, "End turn");
    choose(&mut g, "Trade with Malcolm");
    choose(&mut g, "Ask for 1 Cargo");
    choose(&mut g, "Propose");
    let before = (g.players[0], g.players[1]);
    choose(&mut g, "Refuse the trade");
    assert_eq!((g.players[0], g.players[1]), before);
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));
    // A cancelled one too.
    let mut g = two("", "");
    choose(&mut g, "End turn");
    choose(&mut g, "Trade with Malcolm");
    choose(&mut g, "Offer 1 Contraband");
    choose(&mut g, "Cancel the trade");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));
    assert_eq!(g.players[1].item(Item::Contraband), 1);
    // Passing changes nothing but whose turn it is.
    let mut g = two("", "");
    choose(&mut g, "End turn");
    let before = g.players;
    act(&mut g, Action::Trade(TradeAction::Pass));
    assert_eq!(g.players, before);
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));
}

/// FF-TRADE-3: two captains who are both waiting may trade with each other in the window, and
/// only captains whose ship shares a sector are asked, in turn order from the next player.
#[test]
fn ff_trade_3_waiting_captains_trade_with_each_other() {
    // Monty and Womack share Regina; Malcolm (the active player) is away.
    let mut g = three("persephone", "regina", "regina");
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 1 });
    assert_eq!(
        menu(&g),
        ["Trade with Womack (captain 3)", "Pass: make no trade offer"]
    );
    choose(&mut g, "Trade with Womack");
    choose(&mut g, "Offer 1 Contraband");
    choose(&mut g, "Ask for 1 Cargo");
    choose(&mut g, "Propose");
    assert_eq!(
        (actor(&g), g.current),
        (2, 0),
        "Womack answers on Malcolm's turn"
    );
    choose(&mut g, "Accept");
    assert_eq!(g.players[2].item(Item::Contraband), 1);
    assert_eq!(g.players[1].item(Item::Cargo), 1);
    // Then Womack's own chance in the same window.
    assert_eq!(g.phase, Phase::TradeWindow { seat: 2 });
    assert_eq!(
        menu(&g),
        ["Trade with Monty (captain 2)", "Pass: make no trade offer"]
    );
    choose(&mut g, "Pass");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));

    // Malcolm and Monty share Persephone, Womack is away: after Malcolm's turn only Monty is
    // asked; after Monty's turn, only Malcolm (Womack, next in turn order, is alone).
    let mut g = three("persephone", "persephone", "regina");
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 1 });
    choose(&mut g, "Pass");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 0 });
    assert_eq!(
        menu(&g),
        ["Trade with Monty (captain 2)", "Pass: make no trade offer"]
    );
    choose(&mut g, "Pass");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 2));
    // After Womack's turn (he is alone) Malcolm and Monty are both asked, being together:
    // Malcolm first, next in turn order.
    choose(&mut g, "End turn");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 0 });
    choose(&mut g, "Pass");
    assert_eq!(g.phase, Phase::TradeWindow { seat: 1 });
    choose(&mut g, "Pass");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 0));
}

/// FF-TRADE-4: trading needs the ships in one sector; the chance ends when one leaves.
#[test]
fn ff_trade_4_only_in_the_same_sector() {
    let mut g = two("", "");
    assert!(can(&g, "Trade with Monty"));
    choose(&mut g, "Mosey");
    choose(&mut g, "Move to Border Space 10");
    assert!(!can(&g, "Trade with"));
    // Malcolm has left: Monty gets no trade window after Malcolm's turn.
    choose(&mut g, "End turn");
    assert_eq!((g.phase.clone(), g.current), (Phase::Actions, 1));
    let g = scenario(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "border-10"
"#,
    );
    assert!(!can(&g, "Trade with"));
}

/// FF-TRADE-5: jobs, Passengers, Fugitives, Leaders and Drive Cores cannot be traded.
#[test]
fn ff_trade_5_what_cannot_be_traded() {
    let mut g = two(
        "passengers = 1\nfugitives = 1\nhand = [\"harken-cargo-delivery-osiris\"]\ndrive-core = \"modified-radion-accelerator-mark-ii\"",
        "passengers = 2",
    );
    choose(&mut g, "Trade with Monty");
    let m = menu(&g);
    for not in [
        "Passengers",
        "Fugitives",
        "Malcolm",
        "Monty",
        "Radion",
        "Cargo Delivery",
    ] {
        assert!(!m.iter().any(|d| d.contains(not)), "{not}: {m:?}");
    }
    for yes in [
        "Offer 1 Cargo",
        "Offer 1 Fuel",
        "Offer 1 Parts",
        "Offer Kaylee",
        "Offer Pistol",
        "Offer Cry Baby",
        "Ask for Zoe",
        "Ask for 1 Contraband",
    ] {
        assert!(m.iter().any(|d| d == yes), "{yes}: {m:?}");
    }
}

/// FF-TRADE-6: crew gained by trade count against the crew maximum, and Ship Upgrades against
/// the Upgrade slots; a trade that would break either (or overfill the Hold) cannot be made.
#[test]
fn ff_trade_6_crew_maximum_and_upgrade_slots() {
    // Monty's ship is full (6 crew): he cannot take Kaylee, unless Zoë comes the other way.
    let mut g = two(
        "",
        "crew = [{ card = \"zoe\" }, { card = \"wash\" }, { card = \"jayne\" }, { card = \"simon-tam\" }, { card = \"inara\" }]",
    );
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer Kaylee");
    assert!(!can(&g, "Propose"), "no room for Kaylee");
    choose(&mut g, "Ask for Zoe");
    assert!(can(&g, "Propose"), "a swap fits");
    choose(&mut g, "Propose");
    choose(&mut g, "Accept");
    assert!(crew_ids(&g, 1).contains(&"kaylee".to_string()));
    assert_eq!(g.players[1].crew.len(), 6);

    // Monty's three Upgrade slots are taken: no Cry Baby for him.
    let mut g = two(
        "",
        "upgrades = [\"fully-equipped-med-bay\", \"sky-hook\", \"expanded-crew-quarters\"]",
    );
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer Cry Baby");
    assert!(!can(&g, "Propose"));

    // Goods need room in the Hold and Stash.
    let mut g = two("", "cargo = 7\nfuel = 6");
    choose(&mut g, "Trade with Monty");
    choose(&mut g, "Offer 1 Cargo");
    assert!(!can(&g, "Propose"), "Monty's ship is full");
    choose(&mut g, "Ask for 1 Cargo");
    assert!(can(&g, "Propose"), "Cargo for Cargo fits");
}
