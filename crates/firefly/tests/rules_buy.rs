//! Buy (FF-BUY): consider 3 and buy 2 at a Supply planet, Fuel and Parts, Shore Leave, ship
//! upgrades and drive cores, Leader discounts; storage of goods (FF-MISC-2/3).

use tabletop_core::Game;
use tabletop_firefly::content::{Ability, Content, Item, SupplyKind};
use tabletop_firefly::state::DriveCoreCard;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn deck_index(g: &Firefly, deck: &str) -> usize {
    g.content
        .supply_decks
        .iter()
        .position(|d| d.def.id == deck)
        .unwrap_or_else(|| panic!("no supply deck {deck}"))
}

/// The names on a Supply deck's discard pile, bottom first.
fn discards(g: &Firefly, deck: &str) -> Vec<String> {
    g.decks.supply[deck_index(g, deck)]
        .discard_pile()
        .iter()
        .map(|&c| g.content.supply_name(c).to_string())
        .collect()
}

fn crew_names(g: &Firefly, seat: usize) -> Vec<String> {
    g.players[seat]
        .crew
        .iter()
        .map(|m| g.crew_def(m).name.clone())
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

/// Seat 0 (whose turn it is) with `extra` scenario lines, and a rival far away at Londinium
/// (the story needs two captains).
fn one_player(leader: &str, sector: &str, extra: &str) -> String {
    format!(
        "[[player]]\nleader = \"{leader}\"\nship = \"serenity\"\nsector = \"{sector}\"\n{extra}\n\
         [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n"
    )
}

const PERSEPHONE_DISCARDS: &str = r#"
[decks.supply-discard]
persephone = ["river-tam", "simon-tam", "bree", "emma"]
"#;

// ---------------------------------------------------------------------------------------------
// FF-BUY-1..6: where, and consider 3 / buy 2
// ---------------------------------------------------------------------------------------------

/// FF-BUY-1: a Buy action is only possible in a sector with a Supply planet, and buys from
/// that planet's deck and discard pile.
#[test]
fn ff_buy_1_buy_only_at_a_supply_planet_from_its_deck() {
    let g = scenario(&one_player("malcolm", "border-10", ""));
    assert!(
        !menu(&g).iter().any(|d| d == "Buy"),
        "no Supply planet here"
    );

    let mut g = scenario(&format!(
        "{}{}",
        one_player("malcolm", "persephone", ""),
        PERSEPHONE_DISCARDS
    ));
    choose(&mut g, "Buy");
    assert!(can(&g, "Consider River Tam from the discard pile"));
    // Only Persephone's discard pile is offered.
    for d in menu(&g) {
        if let Some(name) = d.strip_prefix("Consider ") {
            let name = name.trim_end_matches(" from the discard pile");
            assert!(
                ["River Tam", "Simon Tam", "Bree", "Emma"].contains(&name),
                "{name} is not in Persephone's discard pile"
            );
        }
    }
}

/// FF-BUY-2: a Buy action is either buying (cards, Fuel, Parts) or Shore Leave, not both, and
/// only one Buy action is taken in a turn.
#[test]
fn ff_buy_2_one_buy_action_is_cards_or_shore_leave() {
    let text = format!(
        "{}{}",
        one_player("malcolm", "persephone", ""),
        PERSEPHONE_DISCARDS
    );
    let mut g = scenario(&text);
    assert!(can(&g, "Buy: Shore Leave"));
    choose(&mut g, "Buy: Shore Leave");
    // Shore Leave goes straight to Fuel and Parts: no Supply cards to consider.
    assert!(matches!(g.phase, Phase::BuyingGoods { .. }));
    assert!(!can(&g, "Consider"));
    choose(&mut g, "Done");
    assert!(!menu(&g).iter().any(|d| d == "Buy"));
    assert!(!can(&g, "Shore Leave"));

    let mut g = scenario(&text);
    choose(&mut g, "Buy");
    choose(&mut g, "Done"); // considered nothing
    choose(&mut g, "Done"); // bought nothing
    choose(&mut g, "Done"); // no Fuel or Parts
    assert_eq!(g.phase, Phase::Actions);
    assert!(!can(&g, "Shore Leave"), "the Buy action is spent");
}

/// FF-BUY-3: look through the whole discard pile and set aside up to 3 cards; at most 3 are
/// considered in all.
#[test]
fn ff_buy_3_consider_up_to_three_cards_from_the_discard_pile() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player("malcolm", "persephone", ""),
        PERSEPHONE_DISCARDS
    ));
    choose(&mut g, "Buy");
    // The whole pile is open to choose from, not only its top card.
    for n in ["River Tam", "Simon Tam", "Bree", "Emma"] {
        assert!(can(&g, &format!("Consider {n} from the discard pile")));
    }
    choose(&mut g, "Consider River Tam");
    choose(&mut g, "Consider Bree");
    choose(&mut g, "Consider Emma");
    assert!(!can(&g, "Consider"), "three cards considered: no fourth");
    assert!(!can(&g, "Draw a card face down"));
    let Phase::Considering { considered, .. } = &g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(names(&g, considered), ["River Tam", "Bree", "Emma"]);
}

/// FF-BUY-3: for each of the 3 not taken from the discard pile one card may be drawn face down;
/// once the drawing has started the discard pile is no longer looked through.
#[test]
fn ff_buy_3_draw_one_card_for_each_not_taken_from_the_discards() {
    let mut g = scenario(&format!(
        "{}{}[decks.supply]\npersephone = [\"billy\", \"kaylees-fluffy-pink-dress\", \"a-very-fine-hat\"]\n",
        one_player("malcolm", "persephone", ""),
        PERSEPHONE_DISCARDS
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Simon Tam");
    choose(&mut g, "Draw a card face down");
    assert!(
        !can(&g, "from the discard pile"),
        "the discard pile is looked through before drawing"
    );
    choose(&mut g, "Draw a card face down");
    assert!(
        !can(&g, "Draw a card face down"),
        "1 from the discards + 2 drawn = 3"
    );
    let Phase::Considering { considered, .. } = &g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(
        names(&g, considered),
        ["Simon Tam", "Billy", "Kaylee's Fluffy Pink Dress"]
    );

    // Nothing from the discard pile: three cards may be drawn.
    let mut g = scenario(&format!(
        "{}[decks.supply]\npersephone = [\"billy\", \"kaylees-fluffy-pink-dress\", \"a-very-fine-hat\"]\n",
        one_player("malcolm", "persephone", "")
    ));
    choose(&mut g, "Buy");
    for _ in 0..3 {
        choose(&mut g, "Draw a card face down");
    }
    assert!(!can(&g, "Draw a card face down"));
}

/// FF-BUY-4: of the considered cards up to 2 may be bought, each at its printed price paid to
/// the bank; buying none is allowed.
#[test]
fn ff_buy_4_buy_up_to_two_at_the_printed_price() {
    let text = format!(
        "{}[decks.supply-discard]\nsilverhold = [\"pistol\", \"knife\", \"vera\"]\n",
        one_player("malcolm", "silverhold", "money = 3000")
    );
    let mut g = scenario(&text);
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Pistol");
    choose(&mut g, "Consider Knife");
    choose(&mut g, "Consider \"Vera\"");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy Pistol for $400"));
    assert!(can(&g, "Buy Knife for $200"));
    assert!(can(&g, "Buy \"Vera\" for $1600"));
    choose(&mut g, "Buy Pistol");
    choose(&mut g, "Buy \"Vera\"");
    assert!(!can(&g, "Buy Knife"), "two cards bought: no third");
    assert_eq!(g.players[0].money, 3000 - 400 - 1600);
    // FF-CREW-18: bought gear is set aside until given to a crew member.
    assert_eq!(names(&g, &g.players[0].spare_gear), ["Pistol", "\"Vera\""]);

    // Buying none.
    let mut g = scenario(&text);
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Pistol");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3000);
    assert!(g.players[0].spare_gear.is_empty());
}

/// FF-BUY-4: a card that cannot be paid for is not offered.
#[test]
fn ff_buy_4_unaffordable_cards_are_not_offered() {
    let mut g = scenario(&format!(
        "{}[decks.supply-discard]\nsilverhold = [\"pistol\", \"vera\"]\n",
        one_player("malcolm", "silverhold", "money = 500")
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Pistol");
    choose(&mut g, "Consider \"Vera\"");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy Pistol for $400"));
    assert!(!can(&g, "Buy \"Vera\""));
}

/// FF-BUY-5: every considered card not bought, drawn ones included, goes face up onto that
/// deck's discard pile.
#[test]
fn ff_buy_5_cards_not_bought_go_to_the_discard_pile() {
    let mut g = scenario(&format!(
        "{}[decks.supply-discard]\npersephone = [\"river-tam\", \"emma\"]\n[decks.supply]\npersephone = [\"billy\", \"a-very-fine-hat\"]\n",
        one_player("malcolm", "persephone", "")
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider River Tam");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Draw a card face down");
    assert_eq!(discards(&g, "persephone"), ["Emma"]);
    choose(&mut g, "Done");
    choose(&mut g, "Buy Billy");
    choose(&mut g, "Done");
    let pile = discards(&g, "persephone");
    assert_eq!(pile.len(), 3);
    assert!(pile.contains(&"Emma".to_string()));
    assert!(pile.contains(&"River Tam".to_string()));
    assert!(
        pile.contains(&"A Very Fine Hat".to_string()),
        "a drawn card not bought goes face up on the discard pile"
    );
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Billy"]);
}

/// FF-BUY-6: the rulebook's example. Pete, at Persephone, considers River Tam from the discard
/// pile and draws 2 cards; he buys the 2 drawn cards and River Tam goes back on the discard pile.
#[test]
fn ff_buy_6_example_pete_considers_river_and_buys_the_two_drawn_cards() {
    let mut g = scenario(&format!(
        "{}[decks.supply-discard]\npersephone = [\"river-tam\"]\n[decks.supply]\npersephone = [\"simon-tam\", \"security-interface-pad\"]\n",
        one_player("malcolm", "persephone", "money = 3000")
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider River Tam");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Simon Tam");
    choose(&mut g, "Buy Security Interface Pad");
    choose(&mut g, "Done");
    assert_eq!(discards(&g, "persephone"), ["River Tam"]);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Simon Tam"]);
    assert_eq!(
        names(&g, &g.players[0].spare_gear),
        ["Security Interface Pad"]
    );
    assert_eq!(g.players[0].money, 3000 - 200 - 1000);
}

// ---------------------------------------------------------------------------------------------
// FF-BUY-7, FF-MISC-2/3: Fuel, Parts and storage
// ---------------------------------------------------------------------------------------------

/// FF-BUY-7: during a Buy action Fuel costs $100 and Parts $300, bought on top of Supply cards.
#[test]
fn ff_buy_7_fuel_100_and_parts_300_with_the_buy_action() {
    let mut g = scenario(&format!(
        "{}[decks.supply-discard]\npersephone = [\"emma\"]\n",
        one_player("malcolm", "persephone", "money = 3000\nfuel = 0\nparts = 0")
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Emma");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Emma for $200");
    choose(&mut g, "Done");
    choose(&mut g, "Buy 1 Fuel");
    choose(&mut g, "Buy 1 Fuel");
    choose(&mut g, "Buy 1 Parts");
    choose(&mut g, "Done");
    let p = &g.players[0];
    assert_eq!((p.item(Item::Fuel), p.item(Item::Parts)), (2, 1));
    assert_eq!(p.money, 3000 - 200 - 200 - 300);
}

/// FF-BUY-7, FF-MISC-3: no limit on Fuel and Parts but the ship's space; and no Fuel or Parts
/// without the money.
#[test]
fn ff_buy_7_fuel_and_parts_only_limited_by_space_and_money() {
    // Serenity: 8 Hold + 4 Stash boxes = 24 half boxes. 5 Cargo (10) + 6 Fuel + 2 Parts (8)
    // leave 6 half boxes: 6 Fuel, or 3 + 3...
    let mut g = scenario(&one_player(
        "malcolm",
        "persephone",
        "money = 5000\ncargo = 5",
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    for _ in 0..6 {
        choose(&mut g, "Buy 1 Fuel");
    }
    assert!(!can(&g, "Buy 1 Fuel"), "the Hold and Stash are full");
    assert!(!can(&g, "Buy 1 Parts"));
    assert_eq!(g.players[0].item(Item::Fuel), 12);
    assert_eq!(g.players[0].money, 5000 - 600);

    let mut g = scenario(&one_player("malcolm", "persephone", "money = 250"));
    choose(&mut g, "Buy");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy 1 Fuel"));
    assert!(!can(&g, "Buy 1 Parts"), "$250 does not buy $300 Parts");
}

/// FF-BUY-7: Fuel and Parts can be bought even when the Supply deck has no cards left.
#[test]
fn ff_buy_7_fuel_and_parts_at_an_empty_supply_deck() {
    let mut g = scenario(&one_player("malcolm", "persephone", "fuel = 1"));
    let d = deck_index(&g, "persephone");
    // Empty the deck (the cards go out of play for this test).
    while let Some(c) = g.decks.supply[d].draw() {
        g.removed.supply.insert(c);
    }
    choose(&mut g, "Buy");
    assert!(!can(&g, "Consider"), "nothing to consider");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Buy 1 Fuel");
    assert_eq!(g.players[0].item(Item::Fuel), 2);
}

/// FF-MISC-2: Fuel and Parts take half a box each (two share a box); FF-MISC-3: Cargo,
/// Contraband, Passengers and Fugitives a full box, and nothing beyond the Hold and Stash.
#[test]
fn ff_misc_2_fuel_and_parts_take_half_a_box() {
    let g = scenario(&one_player(
        "malcolm",
        "persephone",
        "fuel = 1\nparts = 1\ncargo = 11",
    ));
    let p = &g.players[0];
    // 12 boxes: 11 Cargo and one box shared by 1 Fuel and 1 Part.
    assert_eq!(g.storage_boxes(p), (8, 4));
    assert_eq!(g.room_for(p, Item::Cargo), 0);
    assert_eq!(g.room_for(p, Item::Fuel), 0);

    let g = scenario(&one_player(
        "malcolm",
        "persephone",
        "fuel = 1\nparts = 0\ncargo = 11",
    ));
    let p = &g.players[0];
    assert_eq!(
        g.room_for(p, Item::Parts),
        1,
        "a Part shares the Fuel's box"
    );
    assert_eq!(
        g.room_for(p, Item::Fuel),
        1,
        "two Fuel share a box too (judged)"
    );
    assert_eq!(g.room_for(p, Item::Passengers), 0);
}

/// FF-MISC-3: a ship never carries more than its boxes allow; a full ship loads nothing more.
#[test]
fn ff_misc_3_no_more_goods_than_the_boxes_allow() {
    let text = one_player("malcolm", "persephone", "fuel = 0\nparts = 0\ncargo = 10");
    let mut g = scenario(&text);
    let mut ev = Vec::new();
    g.load(0, Item::Passengers, 5, &mut ev);
    assert_eq!(
        g.players[0].item(Item::Passengers),
        2,
        "only 2 boxes were empty"
    );
    g.load(0, Item::Fuel, 1, &mut ev);
    assert_eq!(g.players[0].item(Item::Fuel), 0);
    // A scenario that overfills the ship is refused.
    let bad = one_player("malcolm", "persephone", "fuel = 0\nparts = 0\ncargo = 13");
    let s = tabletop_firefly::scenario::Scenario::parse(&bad).unwrap();
    let mut o = tabletop_firefly::Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    use tabletop_core::NewGame;
    assert!(Firefly::new_game(Content::builtin(), &o, 1).is_err());
}

// ---------------------------------------------------------------------------------------------
// FF-BUY-8: Shore Leave
// ---------------------------------------------------------------------------------------------

/// FF-BUY-8: Shore Leave costs $100 for each crew member, the Leader included, Disgruntled or
/// not, and removes every Disgruntled token. Fuel and Parts may still be bought (judged).
#[test]
fn ff_buy_8_shore_leave_pays_100_per_crew_and_cheers_everyone_up() {
    let mut g = scenario(&one_player(
        "malcolm",
        "persephone",
        "money = 1000\nleader-disgruntled = true\nfuel = 0\ncrew = [{ card = \"kaylee\", disgruntled = true }, { card = \"wash\" }]",
    ));
    assert!(can(&g, "Buy: Shore Leave ($300)"));
    let ev = choose(&mut g, "Shore Leave");
    assert_eq!(g.players[0].money, 700);
    assert!(g.players[0].crew.iter().all(|m| !m.disgruntled));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Undisgruntled { .. }))
            .count(),
        2
    );
    choose(&mut g, "Buy 1 Fuel");
    assert_eq!(g.players[0].item(Item::Fuel), 1);
    assert_eq!(g.players[0].money, 600);
}

/// FF-BUY-8: Shore Leave is only at a Supply planet and only with the money to pay for it.
#[test]
fn ff_buy_8_shore_leave_needs_a_supply_planet_and_the_money() {
    let g = scenario(&one_player(
        "malcolm",
        "persephone",
        "money = 299\ncrew = [{ card = \"kaylee\" }, { card = \"wash\" }]",
    ));
    assert!(!can(&g, "Shore Leave"), "3 crew cost $300");
    let g = scenario(&one_player("malcolm", "ezra", "money = 3000"));
    assert!(!can(&g, "Shore Leave"), "Ezra has no Supply deck");
}

/// FF-BUY-9: a table-talk tip (browse the discard piles during others' turns). In software the
/// discard piles are public at all times: every seat's view shows them.
#[test]
fn ff_buy_9_discard_piles_are_visible_to_everyone() {
    let text = format!(
        "{}{}",
        one_player("malcolm", "persephone", ""),
        PERSEPHONE_DISCARDS
    );
    let g = scenario(&text);
    let v = g.view(1);
    let d = deck_index(&g, "persephone");
    assert_eq!(v.supply_discards[d].len(), 4);
}

// ---------------------------------------------------------------------------------------------
// FF-BUY-10..15: what Supply cards are; upgrades and drive cores
// ---------------------------------------------------------------------------------------------

/// FF-BUY-10: Supply cards are crew, gear and ship upgrades; drive cores are bought as Supply
/// cards too (at Osiris in the base game).
#[test]
fn ff_buy_10_supply_cards_are_crew_gear_and_upgrades() {
    let c = Content::builtin();
    let mut kinds = [0; 3];
    for card in &c.supply_cards {
        match card.kind {
            SupplyKind::Crew(_) => kinds[0] += 1,
            SupplyKind::Gear(_) => kinds[1] += 1,
            SupplyKind::Upgrade(_) => kinds[2] += 1,
        }
    }
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
    let osiris = c
        .supply_decks
        .iter()
        .find(|d| d.def.id == "osiris")
        .unwrap();
    let cores = osiris
        .cards
        .iter()
        .filter(|&&x| {
            matches!(c.supply_cards[x as usize].kind,
                SupplyKind::Upgrade(u) if c.upgrades[u as usize].drive_core.is_some())
        })
        .count();
    assert!(cores >= 3, "Osiris sells drive cores");
}

const OSIRIS_UPGRADES: &str = r#"
[decks.supply-discard]
osiris = ["cargo-hold", "modified-radion-accelerator-mark-ii", "hyper-efficient-radion-accelerator-mark-iii"]
"#;

/// FF-BUY-11: a Ship Upgrade may only be bought with a free Upgrade slot; never more upgrades
/// than slots. FF-BUY-12: discarding one (even mid-purchase) frees its slot.
#[test]
fn ff_buy_11_an_upgrade_needs_a_free_slot() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player(
            "malcolm",
            "osiris",
            "money = 5000\nupgrades = [\"fully-equipped-med-bay\", \"expanded-crew-quarters\", \"cry-baby\"]"
        ),
        OSIRIS_UPGRADES
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Cargo Hold");
    choose(&mut g, "Done");
    assert!(!can(&g, "Buy Cargo Hold"), "all 3 slots are full");
    choose(&mut g, "Discard ship upgrade Cry Baby");
    assert!(can(&g, "Buy Cargo Hold for $600"));
    choose(&mut g, "Buy Cargo Hold");
    assert_eq!(
        names(&g, g.players[0].upgrades),
        [
            "Fully Equipped Med Bay",
            "Expanded Crew Quarters",
            "Cargo Hold"
        ]
    );
    assert_eq!(g.upgrade_slots(&g.players[0]), 3);
}

/// FF-CREW-5 in the middle of a Buy: crew may be dismissed whenever the ship is in a sector
/// with a planet (a Supply planet always is, FF-BUY-1), so also while choosing what to buy
/// (FF-BUY-4), e.g. to make room under the crew maximum (FF-CREW-3) for a considered crew card.
/// It uses no action, and the Leader is never dismissed (FF-CREW-7).
#[test]
fn ff_crew_5_dismiss_crew_mid_buy_to_make_room_for_a_hire() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player(
            "malcolm",
            "persephone",
            "money = 5000
crew = [{ card = \"zoe\" }, { card = \"wash\" }, { card = \"jayne\", gear = [\"pistol\"] }, { card = \"inara\" }, { card = \"kaylee\" }]"
        ),
        PERSEPHONE_DISCARDS
    ));
    assert_eq!(
        g.players[0].crew.len(),
        g.max_crew(&g.players[0]),
        "a full crew"
    );
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Simon Tam");
    choose(&mut g, "Done");
    assert!(matches!(g.phase, Phase::Purchasing { .. }));
    assert!(!can(&g, "Buy Simon Tam"), "FF-CREW-3: no room");
    assert!(can(&g, "Dismiss Jayne") && !can(&g, "Dismiss Malcolm"));
    let ev = choose(&mut g, "Dismiss Jayne");
    assert!(happened(&ev, |e| matches!(e, Event::Dismissed { .. })));
    assert!(matches!(g.phase, Phase::Purchasing { .. }), "still buying");
    assert!(g.decks.supply.iter().any(|d| d
        .discard_pile()
        .iter()
        .any(|&c| g.content.supply_name(c) == "Jayne")));
    assert_eq!(
        names(&g, &g.players[0].spare_gear),
        ["Pistol"],
        "his gear stays aboard"
    );
    choose(&mut g, "Buy Simon Tam");
    assert!(crew_names(&g, 0).contains(&"Simon Tam".to_string()));
    assert!(!crew_names(&g, 0).contains(&"Jayne".to_string()));
    assert_eq!(g.turn.taken, 1, "the Buy is the only action used");
    // Buying goods (after the cards) does not depend on the crew: no dismissing there.
    choose(&mut g, "Done");
    assert!(matches!(g.phase, Phase::BuyingGoods { .. }));
    assert!(!can(&g, "Dismiss"));
}

/// FF-BUY-12: a Ship Upgrade may be discarded at any time (a free action on your turn), onto
/// its deck's discard pile.
#[test]
fn ff_buy_12_discard_an_upgrade_at_any_time() {
    let mut g = scenario(&one_player(
        "malcolm",
        "border-10",
        "upgrades = [\"cargo-hold\"]",
    ));
    let ev = choose(&mut g, "Discard ship upgrade Cargo Hold");
    let _ = ev;
    assert!(g.players[0].upgrades.is_empty());
    assert_eq!(discards(&g, "osiris"), ["Cargo Hold"]);
    assert_eq!(g.turn.taken, 0, "uses no action");
}

/// FF-BUY-13: a ship has one Drive Core; a new one replaces it and the old card is discarded.
/// A drive core needs no Upgrade slot.
#[test]
fn ff_buy_13_a_new_drive_core_replaces_the_old_one() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player(
            "malcolm",
            "osiris",
            "money = 5000\ndrive-core = \"enhanced-graviton-accelerator\"\nupgrades = [\"fully-equipped-med-bay\", \"expanded-crew-quarters\", \"cry-baby\"]"
        ),
        OSIRIS_UPGRADES
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Hyper-Efficient");
    choose(&mut g, "Done");
    choose(
        &mut g,
        "Buy Hyper-Efficient Radion Accelerator Mark III for $800",
    );
    choose(&mut g, "Done");
    let p = &g.players[0];
    assert!(
        matches!(p.drive_core, DriveCoreCard::Card(c) if g.content.supply_name(c) == "Hyper-Efficient Radion Accelerator Mark III")
    );
    assert_eq!(p.upgrades.len(), 3, "the core took no upgrade slot");
    assert!(discards(&g, "osiris").contains(&"Enhanced Graviton Accelerator".to_string()));
}

/// FF-BUY-13: the starting core (a Set Up card, not a Supply card) leaves the game when
/// replaced: it goes to no discard pile.
#[test]
fn ff_buy_13_the_starting_core_is_not_discarded_to_a_supply_deck() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player("malcolm", "osiris", "money = 5000"),
        OSIRIS_UPGRADES
    ));
    assert!(matches!(
        g.players[0].drive_core,
        DriveCoreCard::Starting(_)
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Modified Radion");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Modified Radion Accelerator Mark II");
    choose(&mut g, "Done");
    assert!(matches!(g.players[0].drive_core, DriveCoreCard::Card(_)));
    // The considered cards not bought are the only ones on the pile: no Mark I.
    assert_eq!(
        discards(&g, "osiris"),
        ["Cargo Hold", "Hyper-Efficient Radion Accelerator Mark III"]
    );
}

/// FF-BUY-14: the Drive Core's Range is how many sectors one Full Burn may move; a core may
/// print its own rules (the Mark III needs no Fuel).
#[test]
fn ff_buy_14_drive_core_range_sets_the_full_burn() {
    let g0 = scenario(&one_player("malcolm", "persephone", ""));
    assert_eq!(
        g0.burn_range(&g0.players[0]),
        5,
        "Radion Accelerator Mark I"
    );

    let mut g = scenario(&one_player(
        "malcolm",
        "persephone",
        "drive-core = \"modified-radion-accelerator-mark-ii\"",
    ));
    choose(&mut g, "Full Burn");
    assert!(matches!(g.phase, Phase::FullBurn { range: 6, .. }));
    assert_eq!(g.players[0].item(Item::Fuel), 5);

    let mut g = scenario(&one_player(
        "malcolm",
        "persephone",
        "drive-core = \"hyper-efficient-radion-accelerator-mark-iii\"\nfuel = 0",
    ));
    assert!(can(&g, "Full Burn"), "the Mark III burns no Fuel");
    choose(&mut g, "Full Burn");
    assert!(matches!(g.phase, Phase::FullBurn { range: 4, .. }));
}

/// FF-BUY-15: upgrades raise range, add storage, add crew room, make the ship reliable.
#[test]
fn ff_buy_15_upgrades_change_the_ship() {
    let plain = scenario(&one_player("malcolm", "persephone", ""));
    let p0 = &plain.players[0];
    let g = scenario(&one_player(
        "malcolm",
        "persephone",
        "upgrades = [\"cargo-hold\", \"expanded-crew-quarters\", \"overcharged-grav-thruster\"]",
    ));
    let p = &g.players[0];
    assert_eq!(g.storage_boxes(p), (10, 4), "Cargo Hold: +2 boxes");
    assert_eq!(g.max_crew(p), plain.max_crew(p0) + 3);
    assert_eq!(g.burn_range(p), plain.burn_range(p0) + 1);
    assert!(!g.ignores_breakdowns(p));
    let g = scenario(&one_player(
        "malcolm",
        "persephone",
        "upgrades = [\"shiny-new-state-of-the-art-compression-coils\", \"concealed-smuggling-compartments\"]",
    ));
    let p = &g.players[0];
    assert!(g.ignores_breakdowns(p));
    assert_eq!(g.mosey_range(p), 2);
    assert_eq!(
        g.storage_boxes(p),
        (8, 6),
        "Smuggling compartments: +2 Stash"
    );
}

// ---------------------------------------------------------------------------------------------
// FF-BUY-16 and Leader / gear buying abilities
// ---------------------------------------------------------------------------------------------

const SILVERHOLD_GUNS: &str = r#"
[decks.supply-discard]
silverhold = ["pistol", "vera", "knife", "gl-flashkill-pod-grenades"]
"#;

/// FF-BUY-16: Marco gets a discount on weapons (half price on FIREARM and EXPLOSIVES gear), and
/// Silverhold is the place to buy them; other gear costs full price.
#[test]
fn ff_buy_16_marco_buys_weapons_at_half_price_at_silverhold() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player("marco", "silverhold", "money = 3000"),
        SILVERHOLD_GUNS
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Pistol");
    choose(&mut g, "Consider Knife");
    choose(&mut g, "Consider GL Flashkill");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy Pistol for $200"), "FIREARM: $400 / 2");
    assert!(
        can(&g, "Buy GL Flashkill Pod Grenades for $500"),
        "EXPLOSIVES"
    );
    assert!(can(&g, "Buy Knife for $200"), "a KNIFE is full price");
    choose(&mut g, "Buy Pistol");
    assert_eq!(g.players[0].money, 2800);

    // Malcolm pays full price.
    let mut g = scenario(&format!(
        "{}{}",
        one_player("malcolm", "silverhold", ""),
        SILVERHOLD_GUNS
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider \"Vera\"");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy \"Vera\" for $1600"));
}

/// Corbin buys Ship Upgrades and Drive Cores at half price.
#[test]
fn corbin_buys_upgrades_and_drive_cores_at_half_price() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player("corbin", "osiris", "money = 3000"),
        OSIRIS_UPGRADES
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Cargo Hold");
    choose(&mut g, "Consider Modified Radion");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy Cargo Hold for $300"));
    assert!(can(&g, "Buy Modified Radion Accelerator Mark II for $600"));
    choose(&mut g, "Buy Cargo Hold");
    choose(&mut g, "Buy Modified Radion");
    assert_eq!(g.players[0].money, 3000 - 300 - 600);
}

/// Nandi hires crew at no cost; their Cut is still their printed cost (FF-CREW-2).
#[test]
fn nandi_hires_crew_for_free() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player("nandi", "persephone", "money = 100"),
        PERSEPHONE_DISCARDS
    ));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Simon Tam");
    choose(&mut g, "Consider Bree");
    choose(&mut g, "Done");
    assert!(can(&g, "Buy Simon Tam for $0"));
    choose(&mut g, "Buy Simon Tam");
    choose(&mut g, "Buy Bree");
    assert_eq!(g.players[0].money, 100);
    assert_eq!(crew_names(&g, 0), ["Nandi", "Simon Tam", "Bree"]);
}

/// Kaylee's Fluffy Pink Dress: its wearer's captain may buy 3 of the considered cards; only
/// while a crew member carries it (FF-CREW-20).
#[test]
fn kaylees_fluffy_pink_dress_buys_three() {
    let text = |gear: &str| {
        format!(
            "{}[decks.supply-discard]\npersephone = [\"emma\", \"billy\", \"knife\"]\n",
            one_player("malcolm", "persephone", &format!("money = 5000\n{gear}"))
        )
    };
    let mut g = scenario(&text("leader-gear = [\"kaylees-fluffy-pink-dress\"]"));
    assert_eq!(g.buy_limit(&g.players[0]), 3);
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Emma");
    choose(&mut g, "Consider Billy");
    choose(&mut g, "Consider Knife");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Emma");
    choose(&mut g, "Buy Billy");
    assert!(can(&g, "Buy Knife"), "a third card");
    choose(&mut g, "Buy Knife");

    let mut g = scenario(&text("spare-gear = [\"kaylees-fluffy-pink-dress\"]"));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Emma");
    choose(&mut g, "Consider Billy");
    choose(&mut g, "Consider Knife");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Emma");
    choose(&mut g, "Buy Billy");
    assert!(!can(&g, "Buy Knife"), "the dress set aside does nothing");
    // Consider 3 is unchanged by the dress.
    assert_eq!(
        g.consider_limit(
            &g.players[0],
            tabletop_firefly::state::Market::Supply(deck_index(&g, "persephone") as u8)
        ),
        3
    );
    let dress = g
        .content
        .gear
        .iter()
        .find(|x| x.id == "kaylees-fluffy-pink-dress")
        .unwrap();
    assert!(dress.abilities.contains(&Ability::BuyCards { cards: 3 }));
}

/// FF-CREW-3: crew cannot be bought beyond the ship's crew maximum.
#[test]
fn ff_crew_3_no_hiring_beyond_the_crew_maximum() {
    let mut g = scenario(&format!(
        "{}{}",
        one_player(
            "malcolm",
            "persephone",
            "money = 5000\ncrew = [{ card = \"kaylee\" }, { card = \"wash\" }, { card = \"zoe\" }, { card = \"jayne\" }, { card = \"inara\" }]"
        ),
        PERSEPHONE_DISCARDS
    ));
    assert_eq!(g.players[0].crew.len(), 6);
    assert_eq!(g.max_crew(&g.players[0]), 6);
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Bree");
    choose(&mut g, "Done");
    assert!(!can(&g, "Buy Bree"), "Serenity holds 6 crew");
}
