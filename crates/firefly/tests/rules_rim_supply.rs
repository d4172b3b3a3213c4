//! The Supply cards Blue Sun and Kalidasa bring: the Meridian and Beaumonde decks, the cards
//! they add to the base decks (shuffled in only with their expansion, FF-SETUP-4), their
//! Leaders (FF-SETUP-9), and the printed abilities of their crew, gear and ship upgrades, each
//! tested through the rule it changes (Shore Leave FF-BUY-8, Make-Work FF-WORK-27, selling
//! FF-DEAL-8, Kosherized tests FF-SKILL-6, Bribes FF-SKILL-7, Thrillin' Heroics FF-SKILL-8,
//! Salvage Ops FF-MISC-10).

use tabletop_core::NewGame;
use tabletop_firefly::content::Item;
use tabletop_firefly::content::{Content, Expansion, Profession, Skill};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

fn deal(e: &[Expansion]) -> Firefly {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.expansions = e.to_vec();
    Firefly::new_game(c(), &o, 9).unwrap()
}

fn deck_size(g: &Firefly, deck: &str) -> usize {
    let d = c()
        .supply_decks
        .iter()
        .position(|d| d.def.id == deck)
        .unwrap();
    g.decks.supply[d].all_cards().count()
}

/// Corbin at Persephone with Patience's "Henpecked Badger" in hand (as `henpecked`), with the
/// expansions in play, the next dice, more player fields and the Misbehave cards on top.
fn misbehaving(expansions: &str, dice: &str, more: &str, misbehave: &str) -> Firefly {
    two_captains(
        &format!("expansions = [{expansions}]\ndice = [{dice}]"),
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n{more}"),
        &format!("misbehave = [{misbehave}]"),
    )
}

// ---------------------------------------------------------------------------------------------
// The decks and the Leaders
// ---------------------------------------------------------------------------------------------

/// FF-SETUP-4, FF-SETUP-21 by way of the Supply decks: the Meridian deck (Blue Sun), the
/// Beaumonde deck (Kalidasa) and each box's cards for the base decks are shuffled in only
/// when their expansion is in play; without expansions every base deck keeps its 25 cards
/// (FF-COMP-1).
#[test]
fn expansion_supply_cards_only_with_their_expansion() {
    let base = deal(&[]);
    let bs = deal(&[Expansion::BlueSun]);
    let kal = deal(&[Expansion::Kalidasa]);
    let both = deal(&[Expansion::BlueSun, Expansion::Kalidasa]);
    for deck in [
        "space-bazaar",
        "silverhold",
        "persephone",
        "osiris",
        "regina",
    ] {
        assert_eq!(deck_size(&base, deck), 25, "{deck}");
    }
    assert_eq!(deck_size(&base, "meridian"), 0);
    assert_eq!(deck_size(&base, "beaumonde"), 0);
    assert!(deck_size(&bs, "meridian") > 0);
    assert_eq!(deck_size(&bs, "beaumonde"), 0);
    assert_eq!(deck_size(&kal, "meridian"), 0);
    assert!(deck_size(&kal, "beaumonde") > 0);
    // Silverhold: the Head Goon (Blue Sun).
    assert_eq!(deck_size(&bs, "silverhold"), 26);
    // Silverhold with Kalidasa: Barkeep Bob, Mudder Moo and Mudder Maddi.
    assert_eq!(deck_size(&kal, "silverhold"), 28);
    assert_eq!(deck_size(&both, "silverhold"), 29);
    assert_eq!(deck_size(&bs, "persephone"), 25);
    assert!(deck_size(&kal, "persephone") > 25);
}

/// FF-SETUP-9: Blue Sun's Leaders (Atherton, Murphy) are offered only with Blue Sun.
#[test]
fn expansion_leaders_only_with_their_expansion() {
    let leaders = |g: &Firefly| -> Vec<String> {
        legal(g)
            .into_iter()
            .filter_map(|a| match a {
                Action::ChooseLeader(l) => Some(c().crew[l as usize].id.clone()),
                _ => None,
            })
            .collect()
    };
    let base = leaders(&deal(&[]));
    assert!(!base.contains(&"atherton".to_string()));
    let bs = leaders(&deal(&[Expansion::BlueSun]));
    assert!(bs.contains(&"atherton".to_string()) && bs.contains(&"murphy".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Crew and Leaders
// ---------------------------------------------------------------------------------------------

/// Atherton may not hire Companions: Inara can be considered but not bought (FF-BUY-4), and a
/// rival's Disgruntled Companion cannot be hired away (FF-CREW-14).
#[test]
fn atherton_hires_no_companions() {
    let text = |leader: &str| {
        captain_text(
            "expansions = [\"blue-sun\"]",
            leader,
            "osiris",
            "",
            "[decks.supply-discard]\nosiris = [\"inara\"]",
        )
    };
    let consider_inara = |leader: &str| {
        let mut g = scenario(&text(leader));
        choose(&mut g, "Buy");
        choose(&mut g, "Consider Inara");
        choose(&mut g, "Draw a card face down");
        choose(&mut g, "Draw a card face down");
        choose(&mut g, "Done");
        g
    };
    let g = consider_inara("malcolm");
    assert!(can(&g, "Buy Inara"), "{:?}", menu(&g));
    let g = consider_inara("atherton");
    assert!(!can(&g, "Buy Inara"), "{:?}", menu(&g));
    // FF-CREW-14: nor hired away from a rival in the same sector.
    let text = |leader: &str| {
        format!(
            "expansions = [\"blue-sun\"]\n\
             [[player]]\nleader = \"{leader}\"\nship = \"serenity\"\nsector = \"osiris\"\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"osiris\"\n\
             crew = [{{ card = \"inara\", disgruntled = true }}]\n"
        )
    };
    assert!(can(&scenario(&text("malcolm")), "Hire away Inara"));
    assert!(!can(&scenario(&text("atherton")), "Hire away Inara"));
}

/// The Middleman takes $100 more for each Contraband sold to a Contact (FF-DEAL-8), Murphy
/// $100 more for each Cargo or Contraband; both together, $200.
#[test]
fn middleman_and_murphy_sell_for_more() {
    let sale = |leader: &str, crew: &str, item: &str| -> i64 {
        let mut g = scenario(&captain_text(
            "expansions = [\"blue-sun\"]",
            leader,
            "persephone",
            &format!("cargo = 1\ncontraband = 1\nsolid = [\"badger\"]\ncrew = [{crew}]"),
            "",
        ));
        choose(&mut g, "Deal with Badger");
        choose(&mut g, "Done");
        choose(&mut g, "Done");
        let ev = choose(&mut g, &format!("Sell 1 {item}"));
        ev.iter()
            .find_map(|e| match e {
                Event::Money { delta, .. } => Some(*delta),
                _ => None,
            })
            .unwrap()
    };
    // Badger pays 400 for Cargo and 700 for Contraband (FF-DEAL-9).
    assert_eq!(sale("malcolm", "", "Contraband"), 700);
    assert_eq!(
        sale("malcolm", "{ card = \"the-middleman\" }", "Contraband"),
        800
    );
    assert_eq!(
        sale("malcolm", "{ card = \"the-middleman\" }", "Cargo"),
        400
    );
    assert_eq!(sale("murphy", "", "Cargo"), 500);
    assert_eq!(
        sale("murphy", "{ card = \"the-middleman\" }", "Contraband"),
        900
    );
}

/// FF-BUY-8: with a Barkeep aboard, Shore Leave costs nothing.
#[test]
fn barkeeps_give_free_shore_leave() {
    let text = |crew: &str| {
        captain_text(
            "expansions = [\"kalidasa\"]",
            "malcolm",
            "osiris",
            &format!("money = 0\ncrew = [{crew}]"),
            "",
        )
    };
    let g = scenario(&text("{ card = \"zoe\", disgruntled = true }"));
    assert!(!can(&g, "Buy: Shore Leave"), "$200 needed, none in hand");
    let mut g = scenario(&text(
        "{ card = \"zoe\", disgruntled = true }, { card = \"barkeep-bob\" }",
    ));
    let ev = choose(&mut g, "Buy: Shore Leave ($0)");
    assert!(happened(&ev, |e| matches!(e, Event::Undisgruntled { .. })));
    assert_eq!(g.players[0].money, 0);
}

/// FF-WORK-27: Make-Work pays $200; with the Busker aboard, $300.
#[test]
fn busker_makes_more_from_make_work() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "osiris",
        "money = 0\ncrew = [{ card = \"busker\" }]",
        "",
    ));
    choose(&mut g, "Work: Make-Work (take $300)");
    assert_eq!(g.players[0].money, 300);
}

/// FF-SKILL-7: Cortland may pay Bribes before a Negotiate test that does not allow them.
#[test]
fn cortland_bribes_before_any_negotiate_test() {
    // A Bit of Local Color, "We'll Blow a New Crater…": Negotiate 6, no Bribes.
    let mut g = misbehaving("\"blue-sun\"", "1", "", "\"a-bit-of-local-color\"");
    work_henpecked(&mut g);
    choose(&mut g, "We'll Blow");
    assert!(!can(&g, "Bribe"));
    let mut g = misbehaving(
        "\"blue-sun\"",
        "1",
        "crew = [{ card = \"cortland\" }]",
        "\"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "We'll Blow");
    let ev = choose(&mut g, "Bribe $400");
    // 1 rolled + Negotiate 1 (Corbin) + 4 bribes = 6.
    assert_eq!(rolls(&ev)[0], (Skill::Negotiate, vec![1], 1, 4, 6));
}

/// The Head Goon adds +2 Negotiate while the crew has at least 3 Mercs (himself included);
/// the Foreman +2 Fight with at least 3 Mudders.
#[test]
fn head_goon_and_foreman_lead_their_own_kind() {
    let points = |crew: &str| {
        let g = scenario(&captain_text(
            "expansions = [\"blue-sun\", \"kalidasa\"]",
            "malcolm",
            "osiris",
            &format!("crew = [{crew}]"),
            "",
        ));
        let p = &g.players[0];
        let all = (1u16 << p.crew.len()) - 1;
        (
            g.mask_skill(p, all, Skill::Negotiate, false),
            g.mask_skill(p, all, Skill::Fight, false),
        )
    };
    // Malcolm: Fight 2, Negotiate 1. Gun Hands: Merc, Fight 1.
    let two_mercs = points("{ card = \"head-goon\" }, { card = \"gun-hand-jim\" }");
    assert_eq!(two_mercs, (1, 5));
    let three = points(
        "{ card = \"head-goon\" }, { card = \"gun-hand-jim\" }, { card = \"gun-hand-tim\" }",
    );
    assert_eq!(three, (3, 6));
    let mudders =
        points("{ card = \"foreman\" }, { card = \"busker\" }, { card = \"barkeep-bob\" }");
    // Fight: Malcolm 2 + Foreman 1 + Barkeep Bob 1 + the Foreman's 2.
    assert_eq!(mudders.1, 6);
    let two_mudders = points("{ card = \"foreman\" }, { card = \"busker\" }");
    assert_eq!(two_mudders.1, 3);
}

// ---------------------------------------------------------------------------------------------
// Gear
// ---------------------------------------------------------------------------------------------

/// FF-SKILL-6: Jayne's Holdout Pistol counts in a Kosherized Fight test, unlike other gear.
#[test]
fn holdout_pistol_counts_in_kosherized_fights() {
    // A Bit of Local Color, "Bar Fight!": Fight 6, Kosherized. Skunk: Fight 1.
    let fight = |gear: &str| {
        let mut g = misbehaving(
            "\"kalidasa\"",
            "2",
            &format!("crew = [{{ card = \"skunk\", gear = [{gear}] }}]"),
            "\"a-bit-of-local-color\"",
        );
        work_henpecked(&mut g);
        rolls(&choose(&mut g, "Bar Fight"))[0].2
    };
    assert_eq!(fight("\"pistol\""), 1);
    assert_eq!(fight("\"jaynes-holdout-pistol\""), 2);
}

/// Mal's Frontier Model B and Mal's Sniper Rifle: before each Fight test, their carrier is no
/// longer Disgruntled; not before other tests.
#[test]
fn mals_guns_cheer_their_carrier_before_a_fight() {
    let text = |gear: &str, option: &str| {
        let mut g = misbehaving(
            "\"blue-sun\", \"kalidasa\"",
            "6, 6",
            &format!("crew = [{{ card = \"skunk\", disgruntled = true, gear = [\"{gear}\"] }}]"),
            "\"a-bit-of-local-color\"",
        );
        work_henpecked(&mut g);
        let ev = choose(&mut g, option);
        // Only this card's test: what comes before its roll (the job goes on after it).
        let first_roll = ev
            .iter()
            .position(|e| matches!(e, Event::Rolled { .. }))
            .unwrap();
        happened(&ev[..first_roll], |e| {
            matches!(e, Event::Undisgruntled { .. })
        })
    };
    assert!(text("mals-frontier-model-b", "Bar Fight"));
    assert!(text("mals-sniper-rifle", "Bar Fight"));
    assert!(!text("mals-sniper-rifle", "We'll Blow"));
    assert!(!text("pistol", "Bar Fight"));
}

/// Inara's Bow re-rolls 1s on Fight tests when a Companion carries it; Inara's Guild Papers
/// make their carrier a Companion.
#[test]
fn inaras_bow_and_guild_papers() {
    let first_face = |crew: &str| {
        let mut g = misbehaving(
            "\"kalidasa\"",
            "1, 5",
            &format!("crew = [{crew}]"),
            "\"a-bit-of-local-color\"",
        );
        work_henpecked(&mut g);
        rolls(&choose(&mut g, "Bar Fight"))[0].1[0]
    };
    assert_eq!(
        first_face("{ card = \"inara\", gear = [\"inaras-bow\"] }"),
        5
    );
    assert_eq!(
        first_face("{ card = \"skunk\", gear = [\"inaras-bow\"] }"),
        1
    );
    let g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "osiris",
        "crew = [{ card = \"skunk\", gear = [\"inaras-guild-papers\"] }, { card = \"zoe\" }]",
        "",
    ));
    let p = &g.players[0];
    assert!(g.has_profession(&p.crew[1], Profession::Companion));
    assert!(!g.has_profession(&p.crew[2], Profession::Companion));
}

/// Zoe's Mare's Leg Rifle: a Fight test rolls two dice and keeps the higher; a kept 6 earns
/// Thrillin' Heroics (FF-SKILL-8) with single bonus dice. Other tests roll one die.
#[test]
fn mares_leg_rolls_two_dice_for_a_fight() {
    let faces = |dice: &str, option: &str| {
        let mut g = misbehaving(
            "\"kalidasa\"",
            dice,
            "crew = [{ card = \"skunk\", gear = [\"zoes-mares-leg-rifle\"] }]",
            "\"a-bit-of-local-color\"",
        );
        work_henpecked(&mut g);
        rolls(&choose(&mut g, option))[0].1.clone()
    };
    assert_eq!(faces("2, 5", "Bar Fight"), vec![5]);
    assert_eq!(faces("6, 1, 3", "Bar Fight"), vec![6, 3]);
    assert_eq!(faces("2, 5", "We'll Blow"), vec![2]);
}

/// Kaylee's Parasol does not count toward the gear limit (FF-CREW-21).
#[test]
fn kaylees_parasol_is_carried_beyond_the_limit() {
    let g = scenario(&captain_text(
        "expansions = [\"blue-sun\"]",
        "malcolm",
        "osiris",
        "leader-gear = [\"pistol\"]\nspare-gear = [\"kaylees-parasol\", \"knife\"]",
        "",
    ));
    assert!(can(&g, "Give Kaylee's Parasol to Malcolm"));
    assert!(!can(&g, "Give Knife to Malcolm"));
}

/// The Love Bot: an action to remove Disgruntled from any crew member, its carrier included.
#[test]
fn love_bot_cheers_anyone() {
    let mut g = scenario(&captain_text(
        "expansions = [\"blue-sun\"]",
        "malcolm",
        "osiris",
        "crew = [{ card = \"zoe\", disgruntled = true, gear = [\"love-bot\"] }]",
        "",
    ));
    let ev = choose(&mut g, "Use an action: remove Disgruntled from Zoe");
    assert!(happened(&ev, |e| matches!(e, Event::Undisgruntled { .. })));
    assert!(!g.players[0].crew[1].disgruntled);
}

// ---------------------------------------------------------------------------------------------
// Ship upgrades
// ---------------------------------------------------------------------------------------------

/// FF-MISC-10: with Hydraulic Docking Clamps, a completed Crime job counts as a Salvage Op, so
/// the "after a Salvage Op" abilities pay out.
#[test]
fn docking_clamps_make_crime_jobs_salvage_ops() {
    let g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "osiris",
        "upgrades = [\"hydraulic-docking-clamps\"]",
        "",
    ));
    let crime = c()
        .jobs
        .iter()
        .position(|j| j.types == [tabletop_firefly::content::JobType::Crime])
        .unwrap() as u16;
    let shipping = c()
        .jobs
        .iter()
        .position(|j| j.types == [tabletop_firefly::content::JobType::Shipping])
        .unwrap() as u16;
    use tabletop_firefly::content::JobType::SalvageOp;
    assert!(g.job_counts_as(0, crime, SalvageOp));
    assert!(!g.job_counts_as(0, shipping, SalvageOp));
    assert!(
        !g.job_counts_as(1, crime, SalvageOp),
        "the rival has no Clamps"
    );
}

/// Sheydra: once per job, a Fight test may be treated as a Negotiate test (the mirror of
/// Stitch's); the crew's Negotiate counts, and a Kosherized Fight test's gear counts again.
#[test]
fn sheydra_treats_a_fight_as_a_negotiation_once_per_job() {
    // Two "A Bit of Local Color": "Bar Fight!" is Fight 6, Kosherized.
    let mut g = misbehaving(
        "\"blue-sun\"",
        "3, 3",
        "crew = [{ card = \"sheydra\" }]",
        "\"a-bit-of-local-color\", \"a-bit-of-local-color\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Bar Fight");
    assert!(can(&g, "Treat this Fight test as a Negotiate test"));
    let ev = choose(&mut g, "Treat this Fight test as a Negotiate test");
    // Negotiate: Corbin 1 + Sheydra 2.
    assert_eq!(rolls(&ev)[0], (Skill::Negotiate, vec![3], 3, 0, 6));
    // Once per job: the second card's Fight test is rolled as a Fight test.
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev)[0].0, Skill::Fight);
    // Not without Sheydra on the job.
    let mut g = misbehaving("\"blue-sun\"", "3", "", "\"a-bit-of-local-color\"");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Bar Fight");
    assert_eq!(rolls(&ev)[0].0, Skill::Fight);
}

/// Yolonda's Pistol: after a Fight test is rolled, discard it to re-roll the test.
#[test]
fn yolondas_pistol_is_discarded_for_a_reroll() {
    // Kill the Alarm, "Just Shoot the Gorram Thing": Fight 7.
    let mut g = misbehaving(
        "\"kalidasa\"",
        "1, 6, 2",
        "crew = [{ card = \"skunk\", gear = [\"yolondas-pistol\"] }]",
        "\"kill-the-alarm\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    assert!(can(&g, "Discard Yolonda's Pistol to re-roll"));
    let ev = choose(&mut g, "Discard Yolonda's Pistol to re-roll");
    // Skunk: Fight 1 + the Pistol 1; the 1 re-rolled into a 6 and a bonus 2.
    assert_eq!(rolls(&ev)[0].1, vec![6, 2]);
    assert!(g.players[0].crew[1].gear.is_empty(), "discarded");
    assert!(!can(&g, "to re-roll"));
}

/// Zoe's Flak Jacket: its carrier, about to be Killed, lives; the jacket is discarded instead
/// (FF-DEATH-2 does not happen, so no Medic Check either).
#[test]
fn flak_jacket_takes_the_bullet() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "osiris",
        "crew = [{ card = \"skunk\", gear = [\"zoes-flak-jacket\"] }, { card = \"zoe\" }]",
        "",
    ));
    let mut ev = Vec::new();
    assert!(!g.kill_crew(0, 1, &mut ev));
    assert!(happened(&ev, |e| matches!(e, Event::KillPrevented { .. })));
    assert!(!happened(&ev, |e| matches!(e, Event::MedicCheck { .. })));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Skunk", "Zoe"]);
    assert!(g.players[0].crew[1].gear.is_empty());
    // Once: the next Kill takes him.
    let mut ev = Vec::new();
    assert!(g.kill_crew(0, 1, &mut ev));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Zoe"]);
}

/// The Mudders: at Higgins' Harvest (where Magistrate Higgins deals) one may be turned over to
/// him for $500, using no action; removed from play, and Immoral: Moral crew are Disgruntled.
#[test]
fn mudders_are_turned_over_at_harvest() {
    let text = |sector: &str| {
        captain_text(
            "expansions = [\"kalidasa\"]",
            "malcolm",
            sector,
            "money = 0\ncrew = [{ card = \"mudder-max\" }, { card = \"zoe\" }]",
            "",
        )
    };
    assert!(!can(&scenario(&text("osiris")), "Turn Mudder Max over"));
    let mut g = scenario(&text("harvest"));
    assert!(!can(&g, "Turn Zoe over"));
    let ev = choose(
        &mut g,
        "Turn Mudder Max over to Magistrate Higgins ($500, Immoral)",
    );
    assert_eq!(g.players[0].money, 500);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Zoe"]);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::TurnedOver { amount: 500, .. }
    )));
    // Malcolm and Zoe are Moral.
    assert!(g.players[0].crew.iter().all(|m| m.disgruntled));
    assert!(can(&g, "Work"), "no action used");
}

/// GAMBLING gear, discarded on one's turn with no action used: Maque Tiles (one die, 4–6
/// takes $1,200) and Billiards Betting (two dice, $100 times the total). Not a Test.
#[test]
fn gambling_gear() {
    let text = |dice: &str, gear: &str| {
        captain_text(
            &format!("expansions = [\"blue-sun\", \"kalidasa\"]\ndice = [{dice}]"),
            "malcolm",
            "osiris",
            &format!("money = 0\nspare-gear = [\"{gear}\"]"),
            "",
        )
    };
    let mut g = scenario(&text("4", "maque-tiles"));
    choose(&mut g, "Gamble: discard Maque Tiles");
    assert_eq!(g.players[0].money, 1200);
    assert!(g.players[0].spare_gear.is_empty());
    assert!(can(&g, "Work"), "no action used");
    let mut g = scenario(&text("3", "maque-tiles"));
    choose(&mut g, "Gamble: discard Maque Tiles");
    assert_eq!(g.players[0].money, 0);
    let mut g = scenario(&text("5, 6", "billiards-betting"));
    choose(&mut g, "Gamble: discard Billiards Betting");
    assert_eq!(g.players[0].money, 1100);
    assert!(!can(&g, "Gamble"));
}

/// Content errors name file, entry and field: an expansion's addition to a Supply deck that
/// does not exist, or naming a card that does not exist.
#[test]
fn supply_additions_are_checked_on_load() {
    let load = |text: &str| {
        let mut files = tabletop_firefly::content::ContentFiles::builtin();
        files
            .files
            .push(("kalidasa/test-additions.toml".into(), text.into()));
        let Err(e) = Content::load(&files) else {
            panic!("refused")
        };
        e
    };
    let e = load("[[supply_addition]]\ndeck = \"nowhere\"\nsource = \"kalidasa\"\ncards = []\n");
    assert_eq!(e.file, "kalidasa/test-additions.toml");
    assert_eq!(e.entry, "supply_addition \"nowhere (Kalidasa)\"");
    assert_eq!(e.field, "deck");
    assert!(e.message.contains("unknown supply deck"), "{}", e.message);
    let e = load(
        "[[supply_addition]]\ndeck = \"regina\"\nsource = \"blue-sun\"\n\
         cards = [{ crew = \"mudder-nobody\" }]\n",
    );
    assert_eq!(e.file, "kalidasa/test-additions.toml");
    assert_eq!(e.field, "cards[0].crew");
    assert!(
        e.message.contains("unknown crew \"mudder-nobody\""),
        "{}",
        e.message
    );
}

/// A scenario that puts an expansion's card aboard without that expansion in play is refused
/// with a reason naming the card, not loaded with a card from a box left closed.
#[test]
fn scenario_cards_need_their_expansion() {
    let text = captain_text(
        "",
        "malcolm",
        "osiris",
        "crew = [{ card = \"mudder-max\" }]",
        "",
    );
    let s = tabletop_firefly::scenario::Scenario::parse(&text).unwrap();
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    let Err(e) = Firefly::new_game(c(), &o, 1) else {
        panic!("refused")
    };
    assert!(
        e.to_string().contains("mudder-max") || e.to_string().contains("Mudder Max"),
        "{e}"
    );
    let ok = captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "osiris",
        "crew = [{ card = \"mudder-max\" }]",
        "",
    );
    assert_eq!(crew_names(&scenario(&ok), 0), ["Malcolm", "Mudder Max"]);
}

// ---------------------------------------------------------------------------------------------
// Cards used on one's turn (`Ability::Use`): FF-TURN-4..6
// ---------------------------------------------------------------------------------------------

/// A Labor Contract hires one crew card from its planet's discard pile for free, from any
/// sector, as the turn's Buy action (FF-TURN-5: no second Buy that turn); it is kept, so it
/// works again on a later turn. With no crew in that pile, it is not offered.
#[test]
fn labor_contract_hires_from_afar_as_a_buy_action() {
    let text = |discard: &str| {
        captain_text(
            "expansions = [\"kalidasa\"]",
            "malcolm",
            "space-bazaar",
            "money = 0\nspare-gear = [\"labor-contract-persephone\"]",
            &format!("[decks.supply-discard]\npersephone = [{discard}]"),
        )
    };
    let g = scenario(&text(""));
    assert!(!can(&g, "Use Labor Contract"), "{:?}", menu(&g));
    let mut g = scenario(&text("\"bree\""));
    assert!(can(&g, "Buy"));
    let ev = choose(&mut g, "Use Labor Contract: Persephone (a Buy action)");
    assert!(happened(&ev, |e| matches!(e, Event::CardUsed { .. })));
    choose(&mut g, "Bree");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Bree"]);
    assert_eq!(g.players[0].money, 0, "free");
    assert_eq!(g.players[0].spare_gear.len(), 1, "the contract is kept");
    assert!(g.turn.buy && g.turn.taken == 1);
    assert!(!can(&g, "Buy"), "{:?}", menu(&g));
    assert!(!can(&g, "Use Labor Contract"));
}

/// A Board Game Collection gives Shore Leave (FF-BUY-8, $100 a crew member) in any sector, as
/// the Buy action.
#[test]
fn board_game_collection_gives_shore_leave_anywhere() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "border-10",
        "money = 1000\nupgrades = [\"board-game-collection\"]\n\
         crew = [{ card = \"zoe\", disgruntled = true }]",
        "",
    ));
    assert!(!can(&g, "Shore Leave"), "not a Supply planet");
    choose(&mut g, "Use Board Game Collection");
    assert!(!g.players[0].crew[1].disgruntled);
    assert_eq!(g.players[0].money, 800);
    assert!(g.turn.buy);
    assert!(!can(&g, "Use Board Game Collection"));
}

/// Wash's Hawaiian Shirt: discarded (no action) to shuffle a Nav deck of the player's choice,
/// its discard pile included.
#[test]
fn hawaiian_shirt_reshuffles_a_nav_deck() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "border-10",
        "spare-gear = [\"washs-hawaiian-shirt\"]",
        "",
    ));
    for _ in 0..4 {
        let card = g.decks.nav[1].draw().unwrap();
        g.decks.nav[1].discard(card);
    }
    let before = g.decks.nav[1].draw_len();
    choose(&mut g, "Use Wash's Hawaiian Shirt");
    let ev = choose(&mut g, "Option: Border Space");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::NavReshuffled { deck: 1 }
    )));
    assert_eq!(g.decks.nav[1].discard_len(), 0);
    assert_eq!(g.decks.nav[1].draw_len(), before + 4);
    assert!(g.players[0].spare_gear.is_empty(), "discarded");
    assert_eq!(g.turn.taken, 0, "no action used");
}

/// Nav Charts: the player looks at the top 5 cards of the deck and puts them back in the
/// order they choose, one at a time; only their view shows the cards (and what they know of
/// the deck's top afterwards); the next Full Burn draws them in that order; a look-ahead
/// copy for that seat keeps them on top, one for another seat does not know them.
#[test]
fn nav_charts_arrange_the_top_of_a_nav_deck() {
    use tabletop_core::Game;
    let top = [
        "reavers-on-the-hunt",
        "the-big-black-border",
        "the-big-black-border",
        "the-big-black-border",
        "the-big-black-border",
    ];
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "border-10",
        "spare-gear = [\"nav-charts-border\"]",
        &format!("[decks]\nnav-border = [{}]", cards(&top)),
    ));
    let ev = choose(&mut g, "Use Nav Charts: Border Space");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::LookedAtTop { cards: 5, .. }
    )));
    let seen = g
        .view(0)
        .looking_at
        .expect("the looker sees the cards")
        .cards;
    assert_eq!(seen.len(), 5);
    assert_eq!(g.content.nav_def(seen[0]).id, "reavers-on-the-hunt");
    assert!(g.view(1).looking_at.is_none(), "the rival does not");
    // Put the Reavers last: four Big Blacks go on top first.
    for _ in 0..4 {
        let menu = menu(&g);
        let i = menu
            .iter()
            .position(|m| m.contains("The Big Black"))
            .unwrap_or_else(|| panic!("{menu:?}"));
        let a = legal(&g)[i];
        act(&mut g, a);
    }
    choose(&mut g, "Done");
    let pile = g.decks.nav[1].draw_pile();
    let order: Vec<&str> = pile
        .iter()
        .rev()
        .take(5)
        .map(|&c| g.content.nav_def(c).id.as_str())
        .collect();
    assert_eq!(order[4], "reavers-on-the-hunt", "{order:?}");
    assert!(g.players[0].spare_gear.is_empty(), "discarded");
    assert_eq!(g.view(0).known_top[1].len(), 5);
    assert!(g.view(1).known_top[1].is_empty());
    // Determinized for seat 0 the five stay; for seat 1 they are dealt anew.
    let known: Vec<u16> = pile.iter().rev().take(5).copied().collect();
    let top5 = |g: &Firefly| -> Vec<u16> {
        g.decks.nav[1]
            .draw_pile()
            .iter()
            .rev()
            .take(5)
            .copied()
            .collect()
    };
    let differs = (0..20u64).any(|seed| {
        let mut mine = g.clone();
        mine.determinize(0, seed);
        assert_eq!(top5(&mine), known);
        let mut theirs = g.clone();
        theirs.determinize(1, seed);
        top5(&theirs) != known
    });
    assert!(differs, "another seat's look-ahead does not know the top");
    // Drawing one card leaves four known; a reshuffle forgets them.
    let mut g2 = g.clone();
    g2.decks.nav[1].draw();
    assert_eq!(g2.view(0).known_top[1].len(), 4);
    let mut ev = Vec::new();
    g2.reshuffle_nav(1, &mut ev);
    assert!(g2.view(0).known_top[1].is_empty());
}

/// Heist Intel: the top 3 Misbehave cards, looked at, are discarded all together if the
/// player wishes.
#[test]
fn heist_intel_discards_the_misbehave_cards_looked_at() {
    use tabletop_core::Game;
    let mut g = scenario(&captain_text(
        "expansions = [\"blue-sun\"]",
        "malcolm",
        "border-10",
        "spare-gear = [\"heist-intel\"]",
        &format!(
            "[decks]\n{}",
            misbehave_deck(&["kill-the-alarm", "alliance-patrol", "the-local-law"])
        ),
    ));
    let left = g.decks.misbehave.draw_len();
    choose(&mut g, "Use Heist Intel");
    assert_eq!(g.view(0).looking_at.unwrap().cards.len(), 3);
    let ev = choose(&mut g, "Discard the cards looked at");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::MisbehaveDiscarded { cards: 3, .. }
    )));
    assert_eq!(g.decks.misbehave.draw_len(), left - 3);
    assert_eq!(g.decks.misbehave.discard_len(), 3);
}

/// The Salesman: as a Buy action from anywhere, discarded to buy a Ship Upgrade from any
/// discard pile at half its price.
#[test]
fn the_salesman_buys_an_upgrade_at_half_price() {
    let mut g = scenario(&captain_text(
        "expansions = [\"blue-sun\"]",
        "malcolm",
        "border-10",
        "money = 500\ncrew = [{ card = \"the-salesman\" }]",
        "[decks.supply-discard]\nosiris = [\"cry-baby\"]",
    ));
    choose(&mut g, "Use The Salesman (a Buy action)");
    choose(&mut g, "Cry Baby");
    assert_eq!(crew_names(&g, 0), ["Malcolm"], "discarded");
    assert_eq!(g.players[0].upgrades.len(), 1);
    let price = g
        .content
        .upgrades
        .iter()
        .find(|u| u.id == "cry-baby")
        .unwrap()
        .cost;
    assert_eq!(g.players[0].money, 500 - price.unwrap() / 2);
    assert!(g.turn.buy);
}

/// A Fruity Oaty Bar: discarded before a roll its carrier makes for +1, or on one's turn to
/// cheer the carrier up (offered only while the carrier is Disgruntled).
#[test]
fn fruity_oaty_bar() {
    let mut g = misbehaving(
        "\"blue-sun\"",
        "2, 2",
        "crew = [{ card = \"skunk\", gear = [\"fruity-oaty-bar\"] }]",
        "\"kill-the-alarm\"",
    );
    assert!(!can(&g, "Use Fruity Oaty Bar"), "the carrier is content");
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    // Nothing else to decide before the roll: discarding it rolls.
    let ev = choose(&mut g, "Discard Fruity Oaty Bar before rolling");
    // Skunk's Fight 1, Corbin's 0, the die 2, the bar 1.
    assert_eq!(rolls(&ev)[0].4, 4, "{:?}", rolls(&ev));
    assert!(g.players[0].crew[1].gear.is_empty());
    let mut g = scenario(&captain_text(
        "expansions = [\"blue-sun\"]",
        "malcolm",
        "border-10",
        "crew = [{ card = \"skunk\", disgruntled = true, gear = [\"fruity-oaty-bar\"] }]",
        "",
    ));
    choose(&mut g, "Use Fruity Oaty Bar");
    assert!(!g.players[0].crew[1].disgruntled);
    assert!(g.players[0].crew[1].gear.is_empty());
    assert_eq!(g.turn.taken, 0);
}

/// A Hull-Mounted Flak Gun: when Reaver Contact comes (a turn starting in a Cutter's sector,
/// FF-TURN-2), its owner may discard it to ignore the Reavers and move that Cutter 1 sector
/// within Border or Rim Space; or resolve the contact.
#[test]
fn flak_gun_drives_off_a_reaver_cutter() {
    let text =
        "expansions = [\"blue-sun\"]\ncutters = [\"border-10\", \"border-1\", \"rim-122\"]\n\
                [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\n\
                [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"border-10\"\n\
                upgrades = [\"hull-mounted-flak-gun\"]\n";
    let mut g = scenario(text);
    let ev = choose(&mut g, "End turn");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReaverContact { seat: 1 }
    )));
    assert!(can(&g, "Resolve Reaver Contact"), "{:?}", menu(&g));
    choose(
        &mut g,
        "Discard Hull-Mounted Flak Gun to ignore the Reaver Cutter",
    );
    assert!(g.players[1].upgrades.is_empty());
    let moves = menu(&g);
    assert!(moves.iter().all(|m| m.starts_with("Move to")), "{moves:?}");
    choose(&mut g, "Move to");
    assert!(!g.has_cutter(sector("border-10")));
    assert_eq!(g.players[1].crew.len(), 1, "no Reaver Contact");
}

/// Grimey: whenever a gear card of the crew is discarded, a die is rolled; a 6 keeps it (set
/// aside on the ship).
#[test]
fn grimey_keeps_discarded_gear_on_a_six() {
    let text = |dice: &str| {
        captain_text(
            &format!("expansions = [\"blue-sun\", \"kalidasa\"]\ndice = [{dice}]"),
            "malcolm",
            "border-10",
            "crew = [{ card = \"grimey\" }, { card = \"skunk\", disgruntled = true, \
             gear = [\"fruity-oaty-bar\"] }]",
            "",
        )
    };
    let mut g = scenario(&text("6"));
    let ev = choose(&mut g, "Use Fruity Oaty Bar");
    assert!(happened(&ev, |e| matches!(e, Event::GearKept { .. })));
    assert!(!g.players[0].crew[2].disgruntled);
    assert_eq!(g.players[0].spare_gear.len(), 1, "kept");
    let mut g = scenario(&text("5"));
    choose(&mut g, "Use Fruity Oaty Bar");
    assert!(g.players[0].spare_gear.is_empty());
    assert_eq!(
        g.decks
            .supply
            .iter()
            .map(|d| d.discard_len())
            .sum::<usize>(),
        1
    );
}

/// Holder: after a Make-Work (FF-WORK-27) the player may also take a Fugitive aboard.
#[test]
fn holder_takes_a_fugitive_when_making_work() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "persephone",
        "crew = [{ card = \"holder\" }]",
        "",
    ));
    choose(&mut g, "Make-Work");
    assert!(can(&g, "0"), "{:?}", menu(&g));
    let before = g.players[0].item(tabletop_firefly::content::Item::Fugitives);
    act(&mut g, Action::LoadCount(1));
    assert_eq!(
        g.players[0].item(tabletop_firefly::content::Item::Fugitives),
        before + 1
    );
    assert!(can(&g, "End turn"));
}

/// Fess: from any sector, a Deal action deals with Magistrate Higgins (FF-DEAL-1); no second
/// Deal that turn.
#[test]
fn fess_deals_with_higgins_from_afar() {
    let mut g = scenario(&captain_text(
        "expansions = [\"kalidasa\"]",
        "malcolm",
        "border-10",
        "crew = [{ card = \"fess\" }]",
        "",
    ));
    assert!(!can(&g, "Deal with"));
    choose(&mut g, "Use Fess (a Deal action)");
    assert!(
        matches!(g.phase, tabletop_firefly::Phase::Considering { .. }),
        "{:?}",
        g.phase
    );
    assert_eq!(
        g.activity_contact,
        Some(tabletop_firefly::content::ContactName::MagistrateHiggins)
    );
    assert!(g.turn.deal);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Fess"], "Fess stays");
}

// ---------------------------------------------------------------------------------------------
// Cards used in the middle of something (`crate::interrupts`)
// ---------------------------------------------------------------------------------------------

/// Mal's Brown Coat: before a Negotiate roll (FF-SKILL-3), its carrier on the test may become
/// Disgruntled (FF-CREW-11) to add their Fight to the total; once, as a Disgruntled carrier
/// cannot pay again.
#[test]
fn mals_brown_coat_lends_fight_to_a_negotiation() {
    // A Rival Crew, "Maybe We Can Make a Deal": Negotiate, 8 proceeds.
    let mut g = misbehaving(
        "\"blue-sun\"",
        "3",
        "crew = [{ card = \"skunk\", gear = [\"mals-brown-coat\"] }]",
        "\"a-rival-crew\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Maybe We Can Make a Deal");
    let ev = choose(&mut g, "Mal's Brown Coat: its carrier becomes Disgruntled");
    assert!(g.players[0].crew[1].disgruntled);
    assert!(happened(&ev, |e| matches!(e, Event::Disgruntled { .. })));
    assert!(!can(&g, "Mal's Brown Coat"), "once a test");
    let ev = choose(&mut g, "Bribe $0");
    let terms = ev
        .iter()
        .find_map(|e| match e {
            Event::Rolled { terms, .. } => Some(terms.clone()),
            _ => None,
        })
        .unwrap();
    // Skunk's Fight 1 lent to the test.
    assert!(
        terms.iter().any(|t| matches!(
            t.source,
            tabletop_firefly::event::TermSource::LentSkill { .. }
        ) && t.amount == 1),
        "{terms:?}"
    );
    // Not on a Fight test: only the test its card names.
    let mut g = misbehaving(
        "\"blue-sun\"",
        "3",
        "crew = [{ card = \"skunk\", gear = [\"mals-brown-coat\"] }]",
        "\"kill-the-alarm\"",
    );
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Just Shoot");
    assert_eq!(
        rolls(&ev).len(),
        1,
        "nothing to decide before the Fight roll"
    );
}

/// Simon's Sonic Stun Baton: after a Fight roll, discarded, the die counts as a 6 and earns
/// Thrillin' Heroics' bonus roll (FF-SKILL-8).
#[test]
fn stun_baton_counts_a_fight_roll_as_a_six() {
    // Kill the Alarm, "Just Shoot the Gorram Thing": Fight 7.
    let mut g = misbehaving(
        "\"blue-sun\"",
        "1, 4",
        "crew = [{ card = \"skunk\", gear = [\"simons-sonic-stun-baton\"] }]",
        "\"kill-the-alarm\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    assert!(can(&g, "Keep the roll"));
    let ev = choose(
        &mut g,
        "Discard Simon's Sonic Stun Baton: the roll counts as a 6",
    );
    assert_eq!(rolls(&ev)[0].1, vec![6, 4], "{:?}", rolls(&ev));
    assert!(g.players[0].crew[1].gear.is_empty());
}

/// The Operative's Sword: carried on the job, discarded to count as an Ace in the Hole for any
/// Misbehave card (FF-MISB-6): the card is passed.
#[test]
fn operatives_sword_is_an_ace_for_any_misbehave_card() {
    let mut g = misbehaving(
        "\"blue-sun\"",
        "",
        "crew = [{ card = \"skunk\", gear = [\"the-operatives-sword\"] }]",
        "\"kill-the-alarm\", \"a-rival-crew\"",
    );
    work_henpecked(&mut g);
    assert!(can(&g, "Just Shoot"));
    let ev = choose(&mut g, "Discard The Operative's Sword: an Ace in the Hole");
    assert!(happened(&ev, |e| matches!(e, Event::AceInTheHole { .. })));
    assert!(g.players[0].crew[1].gear.is_empty());
    // The next card is resolved as usual, the Sword gone.
    assert!(can(&g, "Maybe We Can Make a Deal"));
    assert!(!can(&g, "Operative's Sword"));
}

/// Med Foam: set against a Kill (FF-DEATH-1), the crew member chosen is saved as by a
/// successful Medic Check (FF-DEATH-5) and the foam is discarded.
#[test]
fn med_foam_saves_the_crew_member_chosen() {
    // A Rival Crew, "Getting Awful Crowded in My Sky": Fight, 1-8 Kill 1 crew and a Warrant.
    let mut g = misbehaving(
        "\"kalidasa\"",
        "1",
        "crew = [{ card = \"skunk\", gear = [\"med-foam\"] }]",
        "\"a-rival-crew\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Getting Awful Crowded");
    assert!(can(&g, "Skunk is Killed"), "{:?}", menu(&g));
    choose(&mut g, "Set Med Foam against the Kill");
    assert!(!can(&g, "Set Med Foam"), "once");
    let ev = choose(&mut g, "Skunk is Killed");
    assert!(happened(&ev, |e| matches!(e, Event::KillPrevented { .. })));
    assert!(!happened(&ev, |e| matches!(e, Event::Killed { .. })));
    assert_eq!(crew_names(&g, 0), ["Corbin", "Skunk"]);
    assert!(
        g.players[0].crew[1].gear.is_empty(),
        "the foam is discarded"
    );
}

/// Fan Dancer: when a Warrant is issued (FF-MISB-10..12), she may be discarded to ignore it:
/// no token, no lost Solid, the job not discarded — the attempt is still over (the fan PC
/// game's reading, the only source for her card's text). Or the Warrant is taken.
#[test]
fn fan_dancer_makes_a_warrant_go_away() {
    let text = "crew = [{ card = \"fan-dancer\" }]\nsolid = [\"harken\"]";
    // A Rival Crew, "Getting Awful Crowded in My Sky", rolled 1: Kill 1 crew, Warrant Issued.
    let mut g = misbehaving("\"kalidasa\"", "1", text, "\"a-rival-crew\"");
    work_henpecked(&mut g);
    choose(&mut g, "Getting Awful Crowded");
    choose(&mut g, "Corbin is Killed");
    assert!(can(&g, "Take the Warrant"), "{:?}", menu(&g));
    let ev = choose(&mut g, "Discard Fan Dancer to ignore the Warrant");
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIgnored { .. })));
    assert_eq!(g.players[0].warrants, 0);
    assert!(g.players[0].is_solid(tabletop_firefly::content::ContactName::Harken));
    assert_eq!(crew_names(&g, 0), ["Corbin"]);
    assert_eq!(g.players[0].active.len(), 1, "the job stays Active");
    // Taken: the Warrant as ever.
    let mut g = misbehaving("\"kalidasa\"", "1", text, "\"a-rival-crew\"");
    work_henpecked(&mut g);
    choose(&mut g, "Getting Awful Crowded");
    choose(&mut g, "Corbin is Killed");
    choose(&mut g, "Take the Warrant");
    assert_eq!(g.players[0].warrants, 1);
    assert!(
        g.players[0].active.is_empty(),
        "FF-MISB-11: the job is discarded"
    );
    assert_eq!(crew_names(&g, 0), ["Corbin", "Fan Dancer"]);
}

/// Roberta: discarded instead of losing Solid with a Contact (FF-REP-6), one loss each; a
/// second loss at the same moment, Roberta gone, happens.
#[test]
fn roberta_keeps_a_contact_solid() {
    let text = "crew = [{ card = \"roberta\" }]\nsolid = [\"harken\", \"patience\"]";
    let mut g = misbehaving("\"kalidasa\"", "1", text, "\"a-rival-crew\"");
    work_henpecked(&mut g);
    choose(&mut g, "Getting Awful Crowded");
    choose(&mut g, "Corbin is Killed");
    // The Warrant: Harken's Solid first, then Patience's (the job's Contact, FF-REP-8): the
    // one asked about last is decided first.
    assert!(can(&g, "Lose Solid with"), "{:?}", menu(&g));
    choose(&mut g, "Discard Roberta to stay Solid");
    assert_eq!(g.players[0].warrants, 1);
    let solid = |g: &Firefly, c| g.players[0].is_solid(c);
    use tabletop_firefly::content::ContactName::{Harken, Patience};
    assert_eq!(
        [solid(&g, Harken), solid(&g, Patience)]
            .iter()
            .filter(|&&s| s)
            .count(),
        1,
        "one kept, the other lost"
    );
    assert_eq!(crew_names(&g, 0), ["Corbin"]);
}

/// MF-813 Flying Mule: after completing a Crime job, 6 Goods of the player's mix, less 1 for
/// each crew member who worked the job (FF-MISC-3 storage as ever).
#[test]
fn flying_mule_loads_goods_after_a_crime_job() {
    let mut g = misbehaving(
        "\"blue-sun\"",
        "6, 6, 6, 6, 6, 6",
        "crew = [{ card = \"skunk\", gear = [\"mf-813-flying-mule\"] }]",
        "\"kill-the-alarm\", \"kill-the-alarm\"",
    );
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    choose(&mut g, "Just Shoot");
    // "Cover your tracks" rolled (the one choice), the job done. Corbin and Skunk worked it: 4 Goods.
    assert!(can(&g, "Load 1 Cargo"), "{:?}", menu(&g));
    for _ in 0..4 {
        choose(&mut g, "Load 1 Cargo");
    }
    assert!(!can(&g, "Load 1 Cargo"));
    assert_eq!(g.players[0].item(tabletop_firefly::content::Item::Cargo), 4);
}

// ---------------------------------------------------------------------------------------------
// Ship cards: flying (FF-FLY)
// ---------------------------------------------------------------------------------------------

fn flying(expansion: &str, extra: &str, decks: &str) -> Firefly {
    scenario(&format!(
        "expansions = [\"{expansion}\"]\n{}\n[decks]\n{decks}\n",
        malcolm_at("persephone", extra)
    ))
}

/// Modded Fuel Catalyzer: a Full Burn (FF-FLY-2) may be started spending 1 more Fuel for +2
/// to the Drive Core's range this turn; only with the Fuel for both.
#[test]
fn fuel_catalyzer_burns_more_fuel_for_more_range() {
    let upgrade = "upgrades = [\"modded-fuel-catalyzer\"]";
    let mut g = flying("blue-sun", &format!("fuel = 3\n{upgrade}"), "");
    let plain = g.burn_range(&g.players[0]);
    assert!(can(&g, "Fly: Full Burn"));
    choose(&mut g, "Fly: Full Burn with Modded Fuel Catalyzer");
    assert_eq!(g.players[0].item(Item::Fuel), 1);
    assert!(matches!(g.phase, Phase::FullBurn { range, .. } if range == plain + 2));
    let g = flying("blue-sun", &format!("fuel = 1\n{upgrade}"), "");
    assert!(can(&g, "Fly: Full Burn"));
    assert!(!can(&g, "Full Burn with Modded Fuel Catalyzer"));
}

/// Emissions Recycler: +1 Full Burn range (FF-BUY-14), and after two "The Big Black" Nav
/// cards in a row in a Full Burn (FF-FLY-3) the player may take 1 Fuel, once a Fly action.
#[test]
fn emissions_recycler_takes_fuel_after_two_big_blacks() {
    let decks = format!(
        "nav-alliance = [{}]\nnav-border = [{}]",
        copies(4, "the-big-black-alliance"),
        copies(4, "the-big-black-border")
    );
    let mut g = flying(
        "kalidasa",
        "fuel = 1\nupgrades = [\"emissions-recycler\"]",
        &decks,
    );
    full_burn_into(&mut g, "Border Space 10");
    assert_eq!(g.players[0].item(Item::Fuel), 0);
    assert!(!can(&g, "Load 1"));
    let next = |g: &Firefly| {
        menu(g)
            .into_iter()
            .find(|m| m.starts_with("Move to"))
            .unwrap()
    };
    let m = next(&g);
    choose(&mut g, &m);
    assert!(can(&g, "Load 0"), "{:?}", menu(&g));
    choose(&mut g, "Load 1");
    assert_eq!(g.players[0].item(Item::Fuel), 1);
    let m = next(&g);
    choose(&mut g, &m);
    let m = next(&g);
    choose(&mut g, &m);
    assert!(!can(&g, "Load 1"), "once a Fly action");
}

/// Reaver-Flage: the ship may Full Burn into a Reaver Cutter's sector (FF-FLY-12 lifted), and
/// the card is discarded once Reavers take any crew (Reaver Contact, FF-FLY-20).
#[test]
fn reaver_flage_flies_into_a_cutters_sector() {
    let cutters = "cutters = [\"border-10\", \"border-1\", \"rim-122\"]";
    let with = |upgrades: &str| {
        scenario(&format!(
            "expansions = [\"blue-sun\"]\n{cutters}\n{}",
            malcolm_at("persephone", upgrades)
        ))
    };
    let mut g = with("");
    choose(&mut g, "Fly: Full Burn");
    assert!(!can(&g, "Move to Border Space 10"));
    let mut g = with("upgrades = [\"reaver-flage\"]");
    choose(&mut g, "Fly: Full Burn");
    assert!(can(&g, "Move to Border Space 10"), "{:?}", menu(&g));
    // Reaver Contact at the start of a turn in the Cutter's sector: crew Killed, the card goes.
    let text = format!(
        "expansions = [\"blue-sun\"]\n{cutters}\ndice = [1]\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"persephone\"\n\
         [[player]]\nleader = \"womack\"\nship = \"bonnie-mae\"\nsector = \"border-10\"\n\
         upgrades = [\"reaver-flage\"]\ncrew = [{{ card = \"skunk\" }}, {{ card = \"zoe\" }}]\n"
    );
    let mut g = scenario(&text);
    choose(&mut g, "End turn");
    // "If We're Very Lucky…", the one option Womack's crew has, rolled 1: two crew Killed.
    choose(&mut g, "Keep the roll");
    choose(&mut g, "Skunk is Killed");
    assert!(
        g.players[1].upgrades.is_empty(),
        "discarded after losing crew to Reavers"
    );
}

/// Xunsu Whisper X1: when an Alliance ship enters the ship's sector, the player may roll a
/// die: 3–6, Evade (FF-FLY-10) before Alliance Contact (FF-FLY-15); otherwise the contact.
#[test]
fn xunsu_whisper_evades_an_arriving_cruiser() {
    let decks = format!(
        "nav-alliance = [\"alliance-cruiser\", {}]",
        copies(3, "the-big-black-alliance")
    );
    let ship = |die: u8| {
        let mut g = scenario(&format!(
            "expansions = [\"blue-sun\"]\ndice = [{die}]\n{}\n[decks]\n{decks}\n",
            malcolm_at(
                "persephone",
                "fuel = 3\nwarrants = 1\ndrive-core = \"xunsu-whisper-x1\""
            )
        ));
        full_burn_into(&mut g, "Alliance Space 30");
        g
    };
    let mut g = ship(4);
    assert!(can(&g, "Do not roll"), "{:?}", menu(&g));
    choose(&mut g, "Roll for Xunsu Whisper X1");
    let m = menu(&g)
        .into_iter()
        .find(|m| m.starts_with("Move to"))
        .unwrap();
    let ev = choose(&mut g, &m);
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert_ne!(g.players[0].sector, sector("alliance-30"), "evaded");
    let mut g = ship(2);
    let ev = choose(&mut g, "Roll for Xunsu Whisper X1");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
}
