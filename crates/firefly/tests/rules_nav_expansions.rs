//! The Rim expansions' Nav cards (content/blue-sun/nav.toml, content/kalidasa/nav*.toml): the
//! decks each set of expansions makes (FF-BS-2, FF-KAL-2, FF-MISC-13..15), and one test for each
//! effect the expansions' cards brought to the engine, played on the printed cards through
//! scenario files.

use tabletop_core::NewGame;
use tabletop_firefly::content::{Content, Expansion, ExpansionSet, Item, NavDeckName};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

/// Malcolm in Serenity (seat 0, whose turn it is) and Womack in the Yun Qi at Regina (seat 1,
/// on his right), with both Rim expansions; `tail` goes after the `[decks]` table's keys
/// (e.g. `[decks.supply-discard]`).
fn game(top: &str, p0: &str, decks: &str, tail: &str) -> Firefly {
    scenario(&format!(
        "expansions = [\"blue-sun\", \"kalidasa\"]\n{top}\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
         [decks]\n{decks}\n{tail}\n"
    ))
}

/// A Border Space card drawn on a Full Burn from Persephone into Border Space 10.
fn border_card(top: &str, p0: &str, card: &str, tail: &str) -> (Firefly, Vec<Event>) {
    let mut g = game(
        top,
        &format!("sector = \"persephone\"\n{p0}"),
        &nav_deck("border", card),
        tail,
    );
    let ev = full_burn_into(&mut g, "Border Space 10");
    assert_eq!(nav_drawn(&g, &ev), vec![card.to_string()]);
    (g, ev)
}

/// An Alliance Space card drawn on a Full Burn from Border Space 10 into Persephone.
fn alliance_card(top: &str, p0: &str, card: &str, tail: &str) -> (Firefly, Vec<Event>) {
    let mut g = game(
        &format!("cruiser = \"londinium\"\n{top}"),
        &format!("sector = \"border-10\"\n{p0}"),
        &nav_deck("alliance", card),
        tail,
    );
    let ev = full_burn_into(&mut g, "Persephone");
    assert_eq!(nav_drawn(&g, &ev), vec![card.to_string()]);
    (g, ev)
}

/// A Rim Space card drawn on a Full Burn from Three Hills into Rim Space 101.
fn rim_card(top: &str, p0: &str, card: &str, tail: &str) -> (Firefly, Vec<Event>) {
    let mut g = game(
        top,
        &format!("sector = \"three-hills\"\n{p0}"),
        &format!(
            "nav-rim = [\"{card}\", {}]",
            copies(3, "the-big-black-rim-blue-sun")
        ),
        tail,
    );
    let ev = full_burn_into(&mut g, "Rim Space 101");
    assert_eq!(nav_drawn(&g, &ev), vec![card.to_string()]);
    (g, ev)
}

fn money(g: &Firefly) -> u32 {
    g.players[0].money
}

fn item(g: &Firefly, i: Item) -> u8 {
    g.players[0].item(i)
}

// ---------------------------------------------------------------------------------------------
// The decks
// ---------------------------------------------------------------------------------------------

/// FF-BS-2 (Kalidasa: 20 Alliance and 20 Border cards make 60-card decks), FF-KAL-2 (Blue Sun:
/// 10 Border cards replace 10), FF-MISC-14/15 (both: one 60-card Rim deck, one RESHUFFLE card):
/// the decks of each set of expansions, and one RESHUFFLE card in each.
#[test]
fn ff_bs_2_ff_kal_2_ff_misc_14_deck_sizes_per_set_of_expansions() {
    let content = c();
    let sizes = |set: ExpansionSet| {
        let cards = content.nav_deck_cards(set);
        [NavDeckName::Alliance, NavDeckName::Border, NavDeckName::Rim].map(|deck| {
            let of: Vec<_> = cards
                .iter()
                .filter(|&&k| content.nav_def(k).deck == deck)
                .collect();
            let reshuffles = of
                .iter()
                .filter(|&&&k| content.nav_def(k).reshuffle)
                .count();
            (of.len(), reshuffles)
        })
    };
    let bs = ExpansionSet::of(&[Expansion::BlueSun]);
    let kal = ExpansionSet::of(&[Expansion::Kalidasa]);
    let both = ExpansionSet::of(&[Expansion::BlueSun, Expansion::Kalidasa]);
    assert_eq!(
        sizes(ExpansionSet::default()),
        [(40, 1), (40, 1), (0, 0)],
        "the base game"
    );
    assert_eq!(sizes(bs), [(40, 1), (40, 1), (30, 1)], "Blue Sun");
    assert_eq!(sizes(kal), [(60, 1), (60, 1), (31, 1)], "Kalidasa");
    assert_eq!(sizes(both), [(60, 1), (60, 1), (60, 1)], "both");
}

/// FF-MISC-13: only a deck of 60 cards shuffles its RESHUFFLE card in at set-up; a shorter deck
/// (Blue Sun's 40-card Border deck and 30-card Rim deck, Kalidasa's 31-card Rim deck alone)
/// keeps the base rule with 3 or more captains (FF-SETUP-2/3: face up in the discard pile).
#[test]
fn ff_misc_13_only_sixty_card_decks_take_their_reshuffle_card_in() {
    let discards = |expansions: &[Expansion]| {
        let mut o = Options::new(3, DEFAULT_STORY);
        o.expansions = expansions.to_vec();
        let g = Firefly::new_game(c(), &o, 4).unwrap();
        [0, 1, 2].map(|d| g.decks.nav[d].discard_len())
    };
    assert_eq!(discards(&[]), [1, 1, 0]);
    assert_eq!(discards(&[Expansion::BlueSun]), [1, 1, 1]);
    assert_eq!(discards(&[Expansion::Kalidasa]), [0, 0, 1]);
    assert_eq!(
        discards(&[Expansion::BlueSun, Expansion::Kalidasa]),
        [0, 0, 0]
    );
}

// ---------------------------------------------------------------------------------------------
// Kalidasa's Alliance and Border cards (FF-BS-2)
// ---------------------------------------------------------------------------------------------

/// FF-BS-2, Kalidasa's Nested Skill Tests ("Patience's Posse", "Shanghai Surprise!"): a
/// Negotiate total of 1–6 starts a Fight test, whose band finishes the card (1–7: Kill a Crew,
/// Full Stop).
#[test]
fn ff_bs_2_a_nested_skill_test() {
    // Not Solid with Patience: "Shanghai Surprise!" is the only option, resolved at once.
    let (mut g, ev) = border_card(
        "dice = [1, 2]",
        "crew = [{ card = \"wash\" }]",
        "patiences-posse",
        "",
    );
    assert_eq!(
        rolled_skills(&ev),
        vec![
            tabletop_firefly::content::Skill::Negotiate,
            tabletop_firefly::content::Skill::Fight
        ]
    );
    assert!(happened(&ev, |e| matches!(e, Event::NestedTest { .. })));
    let ev = choose(&mut g, "Wash is Killed");
    assert!(!crew_ids(&g, 0).contains(&"wash".to_string()));
    assert_eq!(
        endings(&ev).last(),
        Some(&tabletop_firefly::content::Ending::FullStop)
    );
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-BS-2 ("Patience's Posse", 7+): a crew card from Regina's discard pile comes aboard for
/// free; crew in other discard piles cannot be taken.
#[test]
fn ff_bs_2_take_a_crew_card_from_reginas_discard_pile() {
    let (mut g, _) = border_card(
        "dice = [6, 1]",
        "",
        "patiences-posse",
        "[decks.supply-discard]\nregina = [\"kaylee\"]\nsilverhold = [\"jayne\"]\n",
    );
    let before = money(&g);
    assert!(can(&g, "Take Kaylee aboard for free"));
    assert!(!can(&g, "Take Jayne aboard for free"));
    choose(&mut g, "Take Kaylee aboard for free");
    assert!(crew_ids(&g, 0).contains(&"kaylee".to_string()));
    assert_eq!(money(&g), before, "for free");
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "Keep Flying");
}

/// FF-BS-2 ("Broken Down Shuttle"): "Load exactly 2 Passengers" needs room for both.
#[test]
fn ff_bs_2_room_for_exactly_two_passengers() {
    let (g, _) = alliance_card(
        "",
        "cargo = 8\nfuel = 2\nparts = 4",
        "broken-down-shuttle",
        "",
    );
    assert!(!can(&g, "We Got Room for Two More"));
    let (mut g, _) = alliance_card("", "", "broken-down-shuttle", "");
    let before = money(&g);
    choose(&mut g, "We Got Room for Two More");
    assert_eq!(item(&g, Item::Passengers), 2);
    assert_eq!(money(&g), before + 400);
    assert_eq!(g.phase, Phase::Actions, "Full Stop");
}

/// FF-BS-2 ("Alliance Interrogation", "Detained for Questioning"): discard a crew member of
/// your choice, never the Leader; with the Leader alone the option cannot be chosen.
#[test]
fn ff_bs_2_discard_a_crew_member() {
    let (g, _) = alliance_card("", "", "alliance-interrogation", "");
    assert!(!can(&g, "Detained for Questioning"));
    let (mut g, _) = alliance_card(
        "",
        "crew = [{ card = \"wash\" }, { card = \"zoe\" }]",
        "alliance-interrogation",
        "",
    );
    choose(&mut g, "Detained for Questioning");
    assert!(!can(&g, "Discard Malcolm"));
    choose(&mut g, "Discard Zoe");
    assert_eq!(crew_ids(&g, 0), vec!["malcolm", "wash"]);
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
}

/// FF-BS-2 ("Space Pox!", "Outbreak!"): a die, not a Test; lower than the Passengers and
/// Fugitives aboard, as many as the roll are discarded, the player choosing which.
#[test]
fn ff_bs_2_a_die_against_passengers_and_fugitives() {
    // No Medic: "Outbreak!" is the only option, resolved at once.
    let (mut g, ev) = border_card(
        "dice = [2]",
        "passengers = 2\nfugitives = 1",
        "space-pox",
        "",
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::CardDie { roll: 2, .. }
    )));
    choose(&mut g, "Discard 1 Passengers");
    choose(&mut g, "Discard 1 Passengers");
    assert_eq!(
        (item(&g, Item::Passengers), item(&g, Item::Fugitives)),
        (0, 1)
    );
    // A roll as high as those aboard: nothing is lost.
    let (g, _) = border_card(
        "dice = [3]",
        "passengers = 2\nfugitives = 1",
        "space-pox",
        "",
    );
    assert_eq!(
        (item(&g, Item::Passengers), item(&g, Item::Fugitives)),
        (2, 1)
    );
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
}

/// FF-BS-2 ("Outbound Colonists", "We'll Help Out with That"): sell up to 3 Parts at $500.
#[test]
fn ff_bs_2_sell_parts_to_colonists() {
    let (mut g, _) = alliance_card("", "parts = 4", "outbound-colonists", "");
    let before = money(&g);
    choose(&mut g, "We'll Help Out with That");
    choose(&mut g, "Sell 1 Parts");
    choose(&mut g, "Sell 1 Parts");
    choose(&mut g, "Done");
    assert_eq!(money(&g), before + 1000);
    assert_eq!(item(&g, Item::Parts), 2);
    // At most 3.
    let (mut g, _) = alliance_card("", "parts = 4", "outbound-colonists", "");
    choose(&mut g, "We'll Help Out with That");
    for _ in 0..3 {
        choose(&mut g, "Sell 1 Parts");
    }
    assert_eq!(item(&g, Item::Parts), 1);
    assert!(matches!(g.phase, Phase::FullBurn { .. }));
}

/// FF-BS-2 ("Fire in the Engine Room", "Decompress the Hold!"): every Good outside the Stash is
/// lost, the player choosing which Goods the Stash (4 boxes on Serenity) holds; Passengers and
/// Fugitives stay.
#[test]
fn ff_bs_2_goods_outside_the_stash_are_lost() {
    let (mut g, _) = alliance_card(
        "",
        "cargo = 4\ncontraband = 2\nfuel = 2\nparts = 0\npassengers = 1",
        "fire-in-the-engine-room",
        "",
    );
    choose(&mut g, "Decompress the Hold!");
    choose(&mut g, "Keep 1 Contraband in the Stash");
    choose(&mut g, "Keep 1 Contraband in the Stash");
    // 1 Fuel is left after the Full Burn; then 1 Cargo fills the Stash and the rest is lost
    // without another question.
    choose(&mut g, "Keep 1 Fuel in the Stash");
    choose(&mut g, "Keep 1 Cargo in the Stash");
    assert_eq!(
        [Item::Cargo, Item::Contraband, Item::Fuel, Item::Passengers].map(|i| item(&g, i)),
        [1, 2, 1, 1]
    );
    assert_eq!(g.phase, Phase::Actions, "Full Stop");
}

/// FF-BS-2 ("Regulated Salvage"): with a FAKE ID the salvage is Cargo and no Warrant; without,
/// Contraband and a Warrant.
#[test]
fn ff_bs_2_regulated_salvage_with_and_without_a_fake_id() {
    let (mut g, _) = alliance_card("", "", "regulated-salvage", "");
    assert_eq!(
        menu(&g)
            .iter()
            .filter(|m| m.contains("By Hook or By Crook"))
            .count(),
        1
    );
    choose(&mut g, "By Hook or By Crook");
    assert_eq!((item(&g, Item::Contraband), g.players[0].warrants), (3, 1));
    let (mut g, _) = alliance_card(
        "",
        "crew = [{ card = \"wash\", gear = [\"bona-fide-credentials\"] }]",
        "regulated-salvage",
        "",
    );
    let fake = legal(&g)[0];
    act(&mut g, fake);
    assert_eq!((item(&g, Item::Cargo), g.players[0].warrants), (3, 0));
}

// ---------------------------------------------------------------------------------------------
// Kalidasa's Rim cards
// ---------------------------------------------------------------------------------------------

/// FF-MISC-14 ("Alliance Spy Satellite", "Scanned & Tagged"): a Warrant only for an Outlaw
/// Ship (FF-FLY-14).
#[test]
fn ff_misc_14_a_warrant_only_for_outlaws() {
    let (mut g, _) = rim_card("", "", "alliance-spy-satellite", "");
    choose(&mut g, "Scanned & Tagged");
    assert_eq!(g.players[0].warrants, 0);
    let (mut g, _) = rim_card("", "contraband = 1", "alliance-spy-satellite", "");
    choose(&mut g, "Scanned & Tagged");
    assert_eq!(g.players[0].warrants, 1);
}

/// FF-MISC-14 ("Damaged Spy Satellite", "No! Cut the Red Wire!"): only a Cry Baby may be taken
/// from a Supply discard pile, and Alliance Alert tokens go around the ship.
#[test]
fn ff_misc_14_a_cry_baby_from_a_discard_pile() {
    let (mut g, _) = rim_card(
        "",
        "",
        "damaged-spy-satellite",
        "[decks.supply-discard]\nregina = [\"cry-baby\", \"sky-hook\"]\n",
    );
    choose(&mut g, "No! Cut the Red Wire!");
    let takes: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::TakeUpgrade(_)))
        .collect();
    assert_eq!(takes.len(), 1);
    act(&mut g, takes[0]);
    assert_eq!(g.players[0].upgrades.len(), 1);
    let here = g.players[0].sector;
    for &s in g.neighbours(here) {
        assert_eq!(
            g.alert_count(s, tabletop_firefly::content::AlertKind::Alliance),
            1,
            "an Alliance Alert next door"
        );
    }
    assert_eq!(g.phase, Phase::Actions, "Full Stop");
}

/// FF-MISC-14 ("Fly-By-Night Casino Ship", "Make Your Own Luck"): one die, not a Test: 5+ takes
/// $2,000, 1–4 pays $1,000.
#[test]
fn ff_misc_14_a_gamble() {
    let (mut g, _) = rim_card("dice = [5]", "", "fly-by-night-casino-ship", "");
    let before = money(&g);
    choose(&mut g, "Make Your Own Luck");
    assert_eq!(money(&g), before + 2000);
    let (mut g, _) = rim_card(
        "dice = [4]",
        "crew = [{ card = \"jayne\" }]",
        "fly-by-night-casino-ship",
        "",
    );
    let before = money(&g);
    choose(&mut g, "Make Your Own Luck");
    assert_eq!(money(&g), before - 1000);
}

/// FF-MISC-14 ("First Rule of Flying", "Love Keeps Her in the Air"): +1 to the Full Burn's
/// range for each Moral crew member aboard.
#[test]
fn ff_misc_14_range_for_each_moral_crew_member() {
    let (mut g, _) = rim_card(
        "",
        "crew = [{ card = \"wash\" }, { card = \"zoe\" }, { card = \"jayne\" }]",
        "first-rule-of-flying",
        "",
    );
    let range = |g: &Firefly| match g.activity {
        tabletop_firefly::state::Activity::Flying { range, .. } => range,
        _ => 0,
    };
    let r0 = range(&g);
    choose(&mut g, "Love Keeps Her in the Air");
    assert_eq!(
        range(&g),
        r0 + 3,
        "Malcolm, Wash and Zoe are Moral; Jayne is not"
    );
}

/// FF-MISC-14 ("Niska's Ne'er-Do-Wells", "Shakedown"): a nested Fight test of 1–7 loses 3 Goods
/// of the player's choice.
#[test]
fn ff_misc_14_lose_goods_of_your_choice() {
    let (mut g, _) = rim_card(
        "dice = [1, 1]",
        "cargo = 2\nfuel = 3\nparts = 0",
        "niskas-neer-do-wells",
        "",
    );

    choose(&mut g, "Lose 1 Cargo");
    choose(&mut g, "Lose 1 Cargo");
    choose(&mut g, "Lose 1 Fuel");
    // 3 Fuel, less the Full Burn's and the one lost.
    assert_eq!((item(&g, Item::Cargo), item(&g, Item::Fuel)), (0, 1));
    assert_eq!(g.phase, Phase::Actions);
}

// ---------------------------------------------------------------------------------------------
// Blue Sun's Rim cards
// ---------------------------------------------------------------------------------------------

/// FF-BS-6 ("Grav-Well Maneuver", "Slingshot Roundhouse"): +3 range only in a planetary sector.
#[test]
fn ff_bs_6_range_from_a_planetary_sector() {
    let range = |g: &Firefly| match g.activity {
        tabletop_firefly::state::Activity::Flying { range, .. } => range,
        _ => 0,
    };
    let (mut g, _) = rim_card("", "crew = [{ card = \"wash\" }]", "grav-well-maneuver", "");
    let r0 = range(&g);
    choose(&mut g, "Slingshot Roundhouse");
    assert_eq!(range(&g), r0, "Rim Space 101 holds no planet");
    assert!(!g.planetary(g.players[0].sector));
}

/// FF-BS-6 ("Fuel Coupling Failure", "She's Hemorrhaging Fuel!"): each further sector this
/// turn costs 1 Fuel; with none left the Full Burn cannot go on.
#[test]
fn ff_bs_6_fuel_for_each_further_sector() {
    let (mut g, _) = rim_card("", "fuel = 2", "fuel-coupling-failure", "");
    assert_eq!(item(&g, Item::Fuel), 1, "the Full Burn's Fuel");
    choose(&mut g, "She's Hemorrhaging Fuel!");
    let to = legal(&g)
        .into_iter()
        .find(|a| matches!(a, Action::MoveTo(_)))
        .unwrap();
    let ev = act(&mut g, to);
    assert!(happened(&ev, |e| matches!(e, Event::FuelLeaked { .. })));
    assert_eq!(item(&g, Item::Fuel), 0);
    if matches!(g.phase, Phase::FullBurn { .. }) {
        assert!(!legal(&g).iter().any(|a| matches!(a, Action::MoveTo(_))));
    }
}

/// FF-BS-6 ("Nav System on the Fritz", "Those Stars Look Right to You?"): the player on the
/// drawer's right moves the drawer's ship 2 sectors; the drawer then keeps flying.
#[test]
fn ff_bs_6_the_player_on_your_right_moves_your_ship() {
    let (mut g, _) = rim_card("", "", "nav-system-on-the-fritz", "");
    let start = g.players[0].sector;
    assert_eq!(g.actor, 1);
    let first = legal(&g)[0];
    act(&mut g, first);
    assert_eq!(g.actor, 1);
    let second = legal(&g)[0];
    act(&mut g, second);
    let Action::MoveTo(s) = second else {
        panic!("{second:?}")
    };
    assert_eq!(g.players[0].sector, s);
    assert_ne!(s, start);
    assert_eq!(g.actor, 0);
    assert!(matches!(g.phase, Phase::FullBurn { .. }), "Keep Flying");
}

/// FF-BS-6 ("Objects in Space", "Fancy Meetin' You Here"): a crew card from any discard pile,
/// only with room in the crew.
#[test]
fn ff_bs_6_a_crew_card_from_any_discard_pile() {
    let tail = "[decks.supply-discard]\nsilverhold = [\"jayne\"]\n";
    let (mut g, _) = rim_card("", "", "objects-in-space", tail);
    choose(&mut g, "Fancy Meetin' You Here");
    choose(&mut g, "Take Jayne aboard for free");
    assert!(crew_ids(&g, 0).contains(&"jayne".to_string()));
    let full = "crew = [{ card = \"wash\" }, { card = \"zoe\" }, { card = \"kaylee\" }, \
                { card = \"bester\" }, { card = \"lucy\" }]";
    let (mut g, _) = rim_card("", full, "objects-in-space", tail);
    choose(&mut g, "Fancy Meetin' You Here");
    assert_eq!(crew_ids(&g, 0).len(), 6, "no room: nothing taken");
    assert_eq!(g.phase, Phase::Actions);
}

/// Kalidasa's Nested Skill Tests are shown inside the band that starts them (the card's text is
/// rendered from its structure): "1–6: [Fight test. 1–7: Kill 1 Crew. Full Stop. 8+: …]".
#[test]
fn a_nested_test_is_rendered_in_its_band() {
    let content = c();
    let def = content
        .nav_defs
        .iter()
        .find(|d| d.id == "patiences-posse")
        .unwrap();
    let text = tabletop_firefly::content::render::choice_body(&def.options[1]);
    assert!(
        text.starts_with("Negotiate test. 1–6: [Fight test. 1–7: Kill 1 Crew. Full Stop."),
        "{text}"
    );
    assert!(text.contains("7+: If you have room in your crew"), "{text}");
}
