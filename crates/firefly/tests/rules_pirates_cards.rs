//! Pirates & Bounty Hunters' Supply cards, ships and Leader Sash (issue 10): each card's
//! mechanic, with the rule it touches; the decks' contents with and without the expansion.

use tabletop_core::NewGame;
use tabletop_firefly::content::{
    Ability, Content, CrewDefId, Expansion, Item, SupplyCardId, SupplyKind,
};
use tabletop_firefly::state::CrewCard;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

const PBH: &str = "expansions = [\"pirates-and-bounty-hunters\"]";

fn crew_def(id: &str) -> CrewDefId {
    c().crew.iter().position(|x| x.id == id).unwrap() as CrewDefId
}

/// The physical crew card of `seat`'s crew member `id`.
fn crew_card(g: &Firefly, seat: u8, id: &str) -> SupplyCardId {
    let d = crew_def(id);
    g.players[seat as usize]
        .crew
        .iter()
        .find_map(|m| match m.card {
            CrewCard::Hired(x) if m.def == d => Some(x),
            _ => None,
        })
        .unwrap()
}

fn has_crew(g: &Firefly, seat: u8, id: &str) -> bool {
    let d = crew_def(id);
    g.players[seat as usize].crew.iter().any(|m| m.def == d)
}

/// Malcolm in Serenity (seat 0) and Womack in the Yun Qi (seat 1), both at `sector`, with the
/// expansion: `top` more top-level keys, `p0`/`p1` more player fields.
fn hunt(sector: &str, top: &str, p0: &str, p1: &str) -> Firefly {
    let player = |leader: &str, ship: &str, fields: &str| {
        let mut t = format!("[[player]]\n{fields}\n");
        if !fields.contains("ship =") {
            t.push_str(&format!("ship = \"{ship}\"\n"));
        }
        if !fields.contains("leader =") {
            t.push_str(&format!("leader = \"{leader}\"\n"));
        }
        if !fields.contains("sector =") {
            t.push_str(&format!("sector = \"{sector}\"\n"));
        }
        t
    };
    scenario(&format!(
        "{PBH}\n{top}\n{}{}",
        player("malcolm", "serenity", p0),
        player("womack", "yun-qi", p1)
    ))
}

fn rolled_total(ev: &[Event]) -> Option<i32> {
    ev.iter().find_map(|e| match e {
        Event::Rolled { total, .. } => Some(*total),
        _ => None,
    })
}

// ---------------------------------------------------------------------------------------------
// The box's cards in their decks
// ---------------------------------------------------------------------------------------------

/// FF-SETUP-3 (each Supply deck shuffled at set-up) with the expansion's 30 Supply cards
/// (FF-PBH): each in its deck with its copies; without the expansion the decks are exactly the
/// other boxes'.
#[test]
fn the_box_s_thirty_supply_cards_are_in_their_decks_only_with_the_expansion() {
    let deck_size = |o: &Options, deck: &str| {
        let g = Firefly::new_game(c(), o, 5).unwrap();
        let d = c().supply_deck_id(deck);
        g.decks.supply[d as usize].draw_len() + g.decks.supply[d as usize].discard_len()
    };
    let plain = Options::new(2, DEFAULT_STORY);
    let mut pbh = plain.clone();
    pbh.expansions = vec![Expansion::PiratesAndBountyHunters];
    // Per deck: the box's cards (crew, gear, upgrades, copies counted).
    for (deck, added) in [
        ("osiris", 6),
        ("silverhold", 6),
        ("regina", 6),
        ("persephone", 6),
        ("space-bazaar", 6),
    ] {
        assert_eq!(
            deck_size(&pbh, deck),
            deck_size(&plain, deck) + added,
            "{deck}"
        );
        assert_eq!(deck_size(&plain, deck), 25, "the base deck {deck}");
    }
    // Copies: 4 Bandits (2 + 2), 2 Sonic Rifles, 2 Booby Traps, 2 EDS, 2 EVA Suits.
    let copies = |id: &str| {
        c().supply_cards
            .iter()
            .filter(|s| match s.kind {
                SupplyKind::Crew(d) => c().crew[d as usize].id == id,
                SupplyKind::Gear(d) => c().gear[d as usize].id == id,
                SupplyKind::Upgrade(d) => c().upgrades[d as usize].id == id,
            })
            .count()
    };
    for (id, n) in [
        ("bandit", 4),
        ("alliance-sonic-rifle", 2),
        ("booby-trap", 2),
        ("electronic-defense-suite", 2),
        ("eva-suit", 2),
        ("meadows", 1),
        ("dalin", 1),
        ("dobson", 1),
    ] {
        assert_eq!(copies(id), n, "{id}");
    }
}

/// FF-SETUP-8/9: Leader Sash and the two ships (with their unique Drive Cores) are offered at
/// set-up only with the expansion.
#[test]
fn sash_and_the_two_ships_are_offered_only_with_the_expansion() {
    let offered = |o: &Options| {
        let mut g = Firefly::new_game(c(), o, 5).unwrap();
        let leaders: Vec<String> = legal(&g)
            .into_iter()
            .filter_map(|a| match a {
                Action::ChooseLeader(l) => Some(c().crew[l as usize].id.clone()),
                _ => None,
            })
            .collect();
        act(&mut g, Action::ChooseLeader(crew_def("malcolm")));
        let ships: Vec<String> = legal(&g)
            .into_iter()
            .filter_map(|a| match a {
                Action::ChooseShip(s) => Some(c().ships[s as usize].id.clone()),
                _ => None,
            })
            .collect();
        (leaders, ships)
    };
    let plain = Options::new(2, DEFAULT_STORY);
    let (l, s) = offered(&plain);
    assert!(!l.contains(&"sash".to_string()));
    assert!(!s.contains(&"interceptor".to_string()) && !s.contains(&"ss-walden".to_string()));
    let mut pbh = plain.clone();
    pbh.expansions = vec![Expansion::PiratesAndBountyHunters];
    let (l, s) = offered(&pbh);
    assert!(l.contains(&"sash".to_string()) && l.contains(&"jubal-early".to_string()));
    assert!(s.contains(&"interceptor".to_string()) && s.contains(&"ss-walden".to_string()));
}

/// FF-PBH-16: the Bandits' Cortex Alert pays $2,000 a Bandit at Triumph; Dalin's bounty is
/// delivered to the Alliance Cruiser.
#[test]
fn ff_pbh_16_the_bandits_cortex_alert_and_dalin_s_bounty() {
    let b = c().bounties.iter().position(|b| b.id == "bandits").unwrap();
    assert!(c().bounties[b].cortex_alert);
    assert_eq!(c().bounties[b].pay, 2000);
    assert_eq!(c().bounty.cards[b].len(), 4);
    assert_eq!(c().bounty.drop_offs[b], Some(sector("triumph")));
    let d = c().bounties.iter().position(|b| b.id == "dalin").unwrap();
    assert_eq!(c().bounty.drop_offs[d], None);
    assert_eq!(c().bounties[d].pay, 2600);
}

// ---------------------------------------------------------------------------------------------
// Boarding Tests (FF-PBH-21)
// ---------------------------------------------------------------------------------------------

/// FF-PBH-21: the Mag-Grappler Launchers add +3 to their owner's Tech Boarding Test: 3 + 3 = 6
/// boards, where 3 alone would fail.
#[test]
fn ff_pbh_21_mag_grappler_launchers_add_to_the_boarder_s_tech_test() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [3, 6, 1]",
        "upgrades = [\"mag-grappler-launchers\"]",
        "crew = [{ card = \"jayne\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    let ev = choose(&mut g, "Board with Tech");
    assert_eq!(rolled_total(&ev), Some(6));
    assert!(happened(&ev, |e| matches!(e, Event::Boarded { .. })));
}

/// FF-PBH-21: a Booby Trap on the boarded ship counts -2 against the rival's Tech Boarding Test,
/// and a boarder who rolls a 1 loses one of the crew on the attempt (the boarder chooses).
#[test]
fn ff_pbh_21_a_booby_trap_hurts_a_rival_tech_boarding_test() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [1]",
        "upgrades = [\"mag-grappler-launchers\"]\ncrew = [{ card = \"gun-hand-jim\" }]",
        "crew = [{ card = \"jayne\" }]\nupgrades = [\"booby-trap\"]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    let ev = choose(&mut g, "Board with Tech");
    // 1 + no Tech + 3 (the boarder's Mag-Grappler) - 2 (the rival's Booby Trap): botched, and
    // the trap goes off.
    assert_eq!(rolled_total(&ev), Some(1 + 3 - 2));
    let jim = crew_card(&g, 0, "gun-hand-jim");
    assert!(legal(&g).contains(&Action::Kill(CrewCard::Hired(jim))));
    act(&mut g, Action::Kill(CrewCard::Hired(jim)));
    assert!(!has_crew(&g, 0, "gun-hand-jim"));
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-PBH-21: an Electronic Defense Suite bars Tech from rivals' Boarding Tests against the
/// ship: only Negotiate is offered.
#[test]
fn ff_pbh_21_an_electronic_defense_suite_bars_tech_boarding() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [2]",
        "",
        "crew = [{ card = \"jayne\" }]\nupgrades = [\"electronic-defense-suite\"]",
    );
    // Negotiate is the one option left, so it is made at once.
    let ev = choose(&mut g, "Work: apprehend Jayne");
    assert_eq!(
        rolled_skills(&ev),
        vec![tabletop_firefly::content::Skill::Negotiate]
    );
}

/// The Electronic Defense Suite's Reaver rule: when the "Reaver Cutter" Nav card is drawn
/// (FF-FLY-22), its owner may spend 1 Fuel to Evade instead — the card has no effect, the
/// Cutter stays where it was — or resolve the card; with no Fuel it is not offered.
#[test]
fn an_electronic_defense_suite_evades_the_reaver_cutter_card_for_1_fuel() {
    let text = |fuel: u8| {
        format!(
            "expansions = [\"pirates-and-bounty-hunters\"]\ndice = [1]\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\n\
             fuel = {fuel}\ncrew = [{{ card = \"jayne\" }}]\n\
             upgrades = [\"electronic-defense-suite\"]\n\
             [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"londinium\"\n\
             [decks]\n{}\n",
            nav_deck("border", "reaver-cutter")
        )
    };
    let mut g = scenario(&text(6));
    let cutter = g.cutters[0];
    full_burn_into(&mut g, "Border Space 10");
    assert!(can(&g, "Resolve the Reaver Cutter card"), "{:?}", menu(&g));
    let fuel = g.players[0].item(Item::Fuel);
    let ev = choose(&mut g, "Spend 1 Fuel (Electronic Defense Suite) to Evade");
    assert!(!happened(&ev, |e| matches!(e, Event::CutterMoved { .. })));
    assert_eq!(g.players[0].item(Item::Fuel), fuel - 1);
    assert_eq!(g.cutters[0], cutter, "the card had no effect");
    let moves = menu(&g);
    assert!(moves.iter().all(|m| m.starts_with("Move to")), "{moves:?}");
    choose(&mut g, "Move to");
    assert_ne!(g.players[0].sector, sector("border-10"));
    assert_eq!(g.players[0].crew.len(), 2, "nobody Killed");
    assert_eq!(g.players[0].upgrades.len(), 1, "kept: used each time");
    // Declined: the card is resolved as usual (the Cutter comes; 1 + Jayne's 3 < 8: Kill 2).
    let mut g = scenario(&text(6));
    full_burn_into(&mut g, "Border Space 10");
    let ev = choose(&mut g, "Resolve the Reaver Cutter card");
    assert!(happened(&ev, |e| matches!(e, Event::CutterMoved { .. })));
    assert_eq!(g.cutters[0], sector("border-10"));
    // No Fuel left after the burn: nothing to spend, nothing offered.
    let mut g = scenario(&text(1));
    full_burn_into(&mut g, "Border Space 10");
    assert!(!can(&g, "Spend 1 Fuel"), "{:?}", menu(&g));
    assert_eq!(g.cutters[0], sector("border-10"));
}

/// The Electronic Defense Suite at Reaver Contact (FF-TURN-2, FF-FLY-20): a turn starting in a
/// Cutter's sector may spend 1 Fuel to Evade it instead; with a Hull-Mounted Flak Gun too, the
/// Flak Gun is offered first and the Suite after it is declined.
#[test]
fn an_electronic_defense_suite_evades_reaver_contact_for_1_fuel() {
    let text = |upgrades: &str| {
        format!(
            "expansions = [\"pirates-and-bounty-hunters\", \"blue-sun\"]\n\
             cutters = [\"border-10\", \"border-1\", \"rim-122\"]\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\n\
             [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"border-10\"\n\
             upgrades = [{upgrades}]\n"
        )
    };
    let mut g = scenario(&text("\"electronic-defense-suite\""));
    let ev = choose(&mut g, "End turn");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReaverContact { seat: 1 }
    )));
    assert!(can(&g, "Resolve Reaver Contact"), "{:?}", menu(&g));
    let fuel = g.players[1].item(Item::Fuel);
    choose(&mut g, "Spend 1 Fuel");
    assert_eq!(g.players[1].item(Item::Fuel), fuel - 1);
    choose(&mut g, "Move to");
    assert_ne!(g.players[1].sector, sector("border-10"));
    assert!(g.has_cutter(sector("border-10")), "the Cutter stays");
    // Both: the Flak Gun first; declined, the Suite.
    let mut g = scenario(&text(
        "\"hull-mounted-flak-gun\", \"electronic-defense-suite\"",
    ));
    choose(&mut g, "End turn");
    assert!(can(&g, "Discard Hull-Mounted Flak Gun"), "{:?}", menu(&g));
    choose(&mut g, "Resolve Reaver Contact");
    assert!(can(&g, "Spend 1 Fuel"), "{:?}", menu(&g));
}

/// FF-PBH-21 with the Interceptor: a Tech Boarding Test may be re-rolled; a Negotiate one may
/// not (Malcolm has no re-roll of his own).
#[test]
fn ff_pbh_21_the_interceptor_re_rolls_tech_boarding_tests() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [2, 6, 6]",
        "ship = \"interceptor\"\ncrew = [{ card = \"kaylee\" }]",
        "crew = [{ card = \"jayne\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Tech");
    assert!(legal(&g).contains(&Action::Reroll));
    let ev = act(&mut g, Action::Reroll);
    assert!(happened(&ev, |e| matches!(e, Event::Boarded { .. })));

    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [2]",
        "ship = \"interceptor\"",
        "crew = [{ card = \"jayne\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Negotiate");
    assert!(!legal(&g).contains(&Action::Reroll));
}

/// FF-PBH-14: a Cryo Stasis Chamber keeps rivals from Jumping the ship's bounties.
#[test]
fn ff_pbh_14_a_cryo_stasis_chamber_stops_bounty_jumps() {
    let bound = "[[bound]]\nseat = 1\nbounty = \"jayne\"\nfugitive = \"jayne\"";
    let g = hunt("regina", bound, "", "");
    assert!(can(&g, "Work: jump captain 2's Bounty on Jayne"));
    let g = hunt("regina", bound, "", "upgrades = [\"cryo-stasis-chamber\"]");
    assert!(!can(&g, "Work: jump captain 2's Bounty on Jayne"));
}

// ---------------------------------------------------------------------------------------------
// Showdowns (FF-PBH-23)
// ---------------------------------------------------------------------------------------------

/// FF-PBH-23 with FF-SKILL-6: an Alliance Sonic Rifle in the Defender's crew makes the
/// Attacker's Fight Kosherized: Vera adds nothing (Malcolm's own Fight 2 only).
#[test]
fn ff_pbh_23_a_sonic_rifle_kosherizes_the_rival_s_fight() {
    let showdown_attack = |p1: &str| {
        let mut g = hunt(
            "regina",
            "most-wanted = [\"jayne\"]\ndice = [6, 1, 3, 3]",
            "leader-gear = [\"vera\"]",
            p1,
        );
        choose(&mut g, "Work: apprehend Jayne");
        choose(&mut g, "Board with Negotiate");
        choose(&mut g, "Use Fight in the Showdown");
        let ev = choose(&mut g, "Use Fight in the Showdown");
        ev.iter()
            .find_map(|e| match e {
                Event::ShowdownWon { attack, .. } => Some(*attack),
                _ => None,
            })
            .unwrap()
    };
    let with_vera = showdown_attack("crew = [{ card = \"jayne\" }]");
    let kosherized =
        showdown_attack("crew = [{ card = \"jayne\", gear = [\"alliance-sonic-rifle\"] }]");
    assert_eq!(with_vera, kosherized + 2);
}

/// FF-PBH-23 with FF-CREW-11: Sash's Hand Cannon in the Attacker's crew Disgruntles the
/// Defender's Leader before the dice are rolled.
#[test]
fn ff_pbh_23_sash_s_hand_cannon_disgruntles_the_rival_leader() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [6, 1, 3, 3]",
        "leader-gear = [\"sashs-hand-cannon\"]",
        "crew = [{ card = \"jayne\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    assert!(!g.players[1].crew[0].disgruntled);
    let ev = choose(&mut g, "Use Fight in the Showdown");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Disgruntled {
            seat: 1,
            crew: CrewCard::Leader(_)
        }
    )));
}

// ---------------------------------------------------------------------------------------------
// Meadows, Dalin, Dobson, Early's gear
// ---------------------------------------------------------------------------------------------

/// FF-PBH-9(a): Meadows may be Killed instead of a fugitive of her crew the rival apprehends:
/// her captain (the Defender) decides; the fugitive stays.
#[test]
fn ff_pbh_9a_meadows_is_killed_instead_of_an_apprehended_fugitive() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [6, 1, 6, 1, 1]",
        "",
        "crew = [{ card = \"jayne\" }, { card = \"meadows\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    choose(&mut g, "Use Fight in the Showdown");
    // The Defender answers the offer.
    assert_eq!(g.actor, 1);
    let meadows = crew_card(&g, 1, "meadows");
    assert!(legal(&g).contains(&Action::UseCard(meadows)) && legal(&g).contains(&Action::Done));
    let ev = act(&mut g, Action::UseCard(meadows));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::KilledInstead { seat: 1, .. }
    )));
    assert!(has_crew(&g, 1, "jayne"));
    assert!(!has_crew(&g, 1, "meadows"));
    assert!(g.bounties.bound.is_empty());
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-DEATH-1: Meadows may be chosen for a Kill of her captain's (here a lost Showdown's
/// "Kill 1 of the Attacker's crew"), sparing the others.
#[test]
fn ff_death_1_meadows_may_be_killed_instead_of_a_crew_member_on_the_attempt() {
    // A lost Showdown for Jayne Kills 2 of the Attacker's crew; Meadows is one of those chosen.
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [6, 1, 1, 6, 1]",
        "crew = [{ card = \"kaylee\" }, { card = \"meadows\" }]",
        "crew = [{ card = \"jayne\" }]",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    choose(&mut g, "Use Fight in the Showdown");
    let meadows = crew_card(&g, 0, "meadows");
    assert!(legal(&g).contains(&Action::Kill(CrewCard::Hired(meadows))));
    act(&mut g, Action::Kill(CrewCard::Hired(meadows)));
    assert!(!has_crew(&g, 0, "meadows"));
}

/// FF-MISB-2 with Dalin: on the job, his captain may pay $200 to discard the Misbehave card drawn
/// unresolved and draw another, once a Work action.
#[test]
fn ff_misb_2_dalin_re_draws_a_misbehave_card_for_200() {
    let mut g = two_captains(
        PBH,
        &format!(
            "leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n\
             crew = [{{ card = \"dalin\" }}]\nmoney = 1000"
        ),
        TWO_ALARMS,
    );
    work_henpecked(&mut g);
    let dalin = crew_card(&g, 0, "dalin");
    if !legal(&g).contains(&Action::UseCard(dalin)) {
        panic!("Dalin's re-draw is not offered: {:?}", menu(&g));
    }
    let money = g.players[0].money;
    let ev = act(&mut g, Action::UseCard(dalin));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::MisbehaveRedrawn { .. }
    )));
    assert!(happened(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })));
    assert_eq!(g.players[0].money, money - 200);
    // Once a Work action.
    assert!(!legal(&g).contains(&Action::UseCard(dalin)));
}

/// FF-TURN-5 with Dobson: as the turn's Fly action, in Alliance Space, the Alliance Cruiser comes
/// to his ship's sector; not offered in Border Space.
#[test]
fn ff_turn_5_dobson_brings_the_cruiser_as_a_fly_action() {
    let mut g = hunt(
        "osiris",
        "cruiser = \"londinium\"",
        "crew = [{ card = \"dobson\" }]",
        "sector = \"regina\"",
    );
    let dobson = crew_card(&g, 0, "dobson");
    assert!(legal(&g).contains(&Action::UseCard(dobson)));
    act(&mut g, Action::UseCard(dobson));
    assert_eq!(g.cruiser, sector("osiris"));
    assert!(g.turn.fly);
    assert!(!can(&g, "Fly: Full Burn"));

    let g = hunt(
        "regina",
        "cruiser = \"londinium\"",
        "crew = [{ card = \"dobson\" }]",
        "",
    );
    let dobson = crew_card(&g, 0, "dobson");
    assert!(!legal(&g).contains(&Action::UseCard(dobson)));
}

/// FF-TURN-5 with Early's Datascope: as the turn's Work action at a Supply planet, the top 3
/// cards of its deck are revealed and discarded.
#[test]
fn ff_turn_5_early_s_datascope_discards_the_top_of_the_supply_deck() {
    let mut g = hunt(
        "space-bazaar",
        "",
        "leader-gear = [\"earlys-datascope\"]",
        "sector = \"regina\"",
    );
    let d = c().supply_deck_id("space-bazaar") as usize;
    let (draw, discard) = (
        g.decks.supply[d].draw_len(),
        g.decks.supply[d].discard_len(),
    );
    let scope = g.players[0].crew[0].gear[0];
    let ev = act(&mut g, Action::UseCard(scope));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::SupplyCardRevealed { .. }))
            .count(),
        3
    );
    assert_eq!(g.decks.supply[d].draw_len(), draw - 3);
    assert_eq!(g.decks.supply[d].discard_len(), discard + 3);
    assert!(g.turn.work);
}

/// FF-DEATH-2 with Early's Combat Armor: its carrier survives a Kill on a 4-6 (the Alliance Body
/// Armor's rule).
#[test]
fn ff_death_2_early_s_combat_armor_is_a_survival_roll() {
    let armor = c()
        .gear
        .iter()
        .find(|x| x.id == "earlys-combat-armor")
        .unwrap();
    assert_eq!(
        armor.abilities,
        vec![Ability::SurviveKillOnRoll { from: 4 }]
    );
    assert_eq!((armor.skills.fight, armor.skills.tech), (1, 1));
}

// ---------------------------------------------------------------------------------------------
// The ships
// ---------------------------------------------------------------------------------------------

/// FF-BUY-14 with the Interceptor: range 8, 1 less for each Ship Upgrade installed; no Fuel to
/// start a Full Burn (FF-FLY-2); its Drive Core is never replaced (FF-BUY-13).
#[test]
fn ff_buy_14_the_interceptor_s_range_and_unique_core() {
    let g = hunt("regina", "", "ship = \"interceptor\"", "");
    let p = &g.players[0];
    assert_eq!(g.burn_range(p), 8);
    assert_eq!(g.burn_fuel(p), 0);
    let g = hunt(
        "regina",
        "",
        "ship = \"interceptor\"\nupgrades = [\"eva-suit\", \"booby-trap\"]",
        "",
    );
    assert_eq!(g.burn_range(&g.players[0]), 6);
    // No Drive Core may be fitted in place of the Echelon LR-8.
    let core = (0..c().supply_cards.len() as SupplyCardId)
        .find(|&s| match c().supply_cards[s as usize].kind {
            SupplyKind::Upgrade(u) => c().upgrades[u as usize].drive_core.is_some(),
            _ => false,
        })
        .unwrap();
    assert!(!g.can_fit_upgrade(&g.players[0], core));
    assert!(g.can_fit_upgrade(&g.players[1], core));
}

/// FF-FLY-2 with the S.S. Walden: its Tri-Capissen 28HD ignores Heavy Load (a Serenity with the
/// same job pays 1 Fuel more); Hold 15, no Stash.
#[test]
fn ff_fly_2_the_walden_ignores_heavy_load() {
    let heavy = c()
        .jobs
        .iter()
        .find(|j| j.heavy_load > 0)
        .expect("a Heavy Load job");
    let active = format!("active = [{{ job = \"{}\" }}]", heavy.id);
    let g = hunt("regina", "", &format!("ship = \"ss-walden\"\n{active}"), "");
    assert_eq!(g.full_burn_fuel(&g.players[0]), 1);
    let serenity = hunt("regina", "", &active, "");
    assert_eq!(
        serenity.full_burn_fuel(&serenity.players[0]),
        1 + heavy.heavy_load
    );
    assert_eq!(g.storage_boxes(&g.players[0]), (15, 0));
    // Its Salvage Scow rule: completed Piracy jobs count as Salvage Ops (FF-MISC-10).
    let walden = c().ships.iter().find(|s| s.id == "ss-walden").unwrap();
    assert!(matches!(
        walden.abilities[..],
        [Ability::JobsCountAs { .. }]
    ));
}

/// FF-PBH-24..26 with the Bandits and Leader Sash: completing a Piracy job takes $200 for each
/// Bandit and $500 for Sash from the targeted rival, as much as the rival has.
#[test]
fn ff_pbh_24_bandits_and_sash_take_money_from_the_targeted_rival() {
    let mut g = hunt(
        "regina",
        "",
        "leader = \"sash\"\ncrew = [{ card = \"bandit\" }]\nmoney = 0",
        "money = 600",
    );
    let mut ev = Vec::new();
    g.take_piracy_money(0, 1, &mut ev);
    assert_eq!(g.players[0].money, 600);
    assert_eq!(g.players[1].money, 0);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::MoneyTaken {
            seat: 0,
            from: 1,
            amount: 600
        }
    )));
}

/// FF-FLY-17 with the EVA Suit: 1 Wanted crew member aboard is not rolled for.
#[test]
fn ff_fly_17_an_eva_suit_hides_one_wanted_crew_member() {
    let g = hunt(
        "regina",
        "",
        "crew = [{ card = \"jayne\" }, { card = \"bandit\" }]\nupgrades = [\"eva-suit\"]",
        "",
    );
    assert_eq!(g.exposed_wanted_crew(0).len(), 1);
    let g = hunt(
        "regina",
        "",
        "crew = [{ card = \"jayne\" }, { card = \"bandit\" }]",
        "",
    );
    assert_eq!(g.exposed_wanted_crew(0).len(), 2);
}

/// FF-TURN-6 with Friendly Game of Cards (GAMBLING, no action): pay $300, name a suit, reveal 3
/// Misbehave cards; each of the suit takes $500 and removes 1 Disgruntled token, the player
/// choosing whose when more crew are Disgruntled than tokens come off.
#[test]
fn ff_turn_6_a_friendly_game_of_cards_pays_per_matching_suit() {
    let mut g = two_captains(
        PBH,
        "leader = \"malcolm\"\nsector = \"regina\"\nmoney = 1000\nspare-gear = [\"friendly-game-of-cards\"]\n\
         crew = [{ card = \"kaylee\", disgruntled = true }, \
         { card = \"gun-hand-jim\", disgruntled = true }, \
         { card = \"zoe\", disgruntled = true }]",
        &misbehave_deck(&["kill-the-alarm", "a-rival-crew", "kill-the-alarm"]),
    );
    let game = g.players[0].spare_gear.nth(0).unwrap();
    act(&mut g, Action::Gamble(game));
    assert_eq!(g.players[0].money, 700);
    let ev = choose(&mut g, "Name Spades");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::MisbehaveRevealed { .. }))
            .count(),
        3
    );
    // Two Spades: $1,000 and two tokens, of three Disgruntled crew: the player chooses.
    assert_eq!(g.players[0].money, 1700);
    let zoe = crew_card(&g, 0, "zoe");
    let kaylee = crew_card(&g, 0, "kaylee");
    assert!(legal(&g).contains(&Action::CrewRemoveDisgruntled(CrewCard::Hired(zoe))));
    act(&mut g, Action::CrewRemoveDisgruntled(CrewCard::Hired(zoe)));
    act(
        &mut g,
        Action::CrewRemoveDisgruntled(CrewCard::Hired(kaylee)),
    );
    let still: Vec<bool> = g.players[0].crew.iter().map(|m| m.disgruntled).collect();
    assert_eq!(still.iter().filter(|&&d| d).count(), 1);
    assert_eq!(g.phase, Phase::Actions);
}
