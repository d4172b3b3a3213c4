//! Components (FF-COMP), the named cards (FF-CARD) and the named places (FF-PLACE), checked
//! against the loaded content and, where a component has a rule attached, through play.

use std::collections::{BTreeMap, BTreeSet};

use tabletop_core::{Chance, NewGame};
use tabletop_firefly::content::*;
use tabletop_firefly::state::{CrewCard, DriveCoreCard};
use tabletop_firefly::testing::*;
use tabletop_firefly::turn::SetupError;
use tabletop_firefly::{Action, Firefly, Options};

fn c() -> &'static Content {
    Content::builtin()
}

fn crew(id: &str) -> &'static Crew {
    c().crew
        .iter()
        .find(|x| x.id == id)
        .unwrap_or_else(|| panic!("no crew {id}"))
}

fn gear(id: &str) -> &'static Gear {
    c().gear
        .iter()
        .find(|x| x.id == id)
        .unwrap_or_else(|| panic!("no gear {id}"))
}

fn nav(id: &str) -> &'static NavCard {
    c().nav_defs
        .iter()
        .find(|x| x.id == id)
        .unwrap_or_else(|| panic!("no nav card {id}"))
}

fn supply_deck(id: &str) -> &'static SupplyDeckInfo {
    c().supply_decks
        .iter()
        .find(|d| d.def.id == id)
        .unwrap_or_else(|| panic!("no supply deck {id}"))
}

/// FF-COMP-1: 5 Supply decks of 25 Crew, Gear and Ship Upgrade cards, each sold at its own
/// sector of the board.
#[test]
fn ff_comp_1_five_supply_decks_of_25_each_at_one_location() {
    let decks: Vec<_> = c()
        .supply_decks
        .iter()
        .filter(|d| d.def.source == Source::Base)
        .collect();
    assert_eq!(decks.len(), 5);
    let mut sectors = BTreeSet::new();
    for d in &decks {
        // The Rim boxes add cards to these decks, in play only with their expansion.
        let base = d
            .cards
            .iter()
            .filter(|&&k| c().supply_cards[k as usize].source == Source::Base)
            .count();
        assert_eq!(base, 25, "{}", d.def.id);
        for &card in &d.cards {
            // Crew, Gear or Ship Upgrade, and it belongs to this deck.
            assert!(matches!(
                c().supply_cards[card as usize].kind,
                SupplyKind::Crew(_) | SupplyKind::Gear(_) | SupplyKind::Upgrade(_)
            ));
        }
        assert!(sectors.insert(d.sector), "two decks in one sector");
        assert_eq!(
            c().sectors[d.sector as usize].supply.as_deref(),
            Some(&*d.def.id)
        );
    }
    let kinds: BTreeSet<u8> = decks
        .iter()
        .flat_map(|d| d.cards.iter())
        .map(|&x| match c().supply_cards[x as usize].kind {
            SupplyKind::Crew(_) => 0,
            SupplyKind::Gear(_) => 1,
            SupplyKind::Upgrade(_) => 2,
        })
        .collect();
    assert_eq!(kinds.len(), 3, "the decks hold crew, gear and upgrades");
}

/// FF-COMP-2: 5 Contact decks of 25 Job cards — Harken, Badger, Amnon Duul, Patience and Niska —
/// each dealt with at one location.
#[test]
fn ff_comp_2_five_contact_decks_of_25_jobs() {
    let mut per: BTreeMap<ContactName, usize> = BTreeMap::new();
    for j in c().jobs.iter().filter(|j| j.source == Source::Base) {
        if let Some(k) = j.contact {
            *per.entry(k).or_default() += 1;
        }
    }
    let names = [
        ContactName::Harken,
        ContactName::Badger,
        ContactName::AmnonDuul,
        ContactName::Patience,
        ContactName::Niska,
    ];
    assert_eq!(per.len(), 5);
    for k in names {
        assert_eq!(per[&k], 25, "{}", k.name());
        assert!(
            c().contact_sector[k.index()].is_some(),
            "{} has a location",
            k.name()
        );
    }
    // In a game, each deck holds its 25 cards (FF-SETUP-4 shuffled them).
    let g = Firefly::new_game(c(), &Options::new(2, DEFAULT_STORY), 3).unwrap();
    for k in names {
        assert_eq!(g.decks.contacts[k.index()].draw_len(), 25);
    }
}

/// FF-COMP-3: 2 Nav decks of 40 cards, "Alliance Space" and "Border Space".
#[test]
fn ff_comp_3_two_nav_decks_of_40() {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for &d in &c().nav_cards {
        let def = &c().nav_defs[d as usize];
        if def.source == Source::Base {
            *count.entry(format!("{:?}", def.deck)).or_default() += 1;
        }
    }
    assert_eq!(count.len(), 2);
    assert_eq!(count["Alliance"], 40);
    assert_eq!(count["Border"], 40);
}

/// FF-COMP-4: 1 Misbehave deck of 40 cards.
#[test]
fn ff_comp_4_one_misbehave_deck_of_40() {
    assert_eq!(c().misbehave_cards.len(), 40);
    let g = Firefly::new_game(c(), &Options::new(2, DEFAULT_STORY), 3).unwrap();
    assert_eq!(g.decks.misbehave.draw_len(), 40);
}

/// FF-COMP-5: 11 Set Up cards: the Leaders and the starting Drive Cores (one per ship).
#[test]
fn ff_comp_5_eleven_set_up_cards_leaders_and_starting_cores() {
    let leaders = c()
        .leaders
        .iter()
        .filter(|&&l| c().crew[l as usize].source == Source::Base)
        .count();
    let ships = c()
        .ships
        .iter()
        .filter(|s| s.source == Source::Base)
        .count();
    assert_eq!(leaders + ships, 11);
    // Starting cores are never sold (no price) and are not in any Supply deck.
    for &core in &c().ship_cores {
        let u = &c().upgrades[core as usize];
        assert!(u.drive_core.is_some() && u.cost.is_none(), "{}", u.id);
        assert!(!c()
            .supply_cards
            .iter()
            .any(|s| s.kind == SupplyKind::Upgrade(core)));
    }
    // Every Leader is a Set Up card, costs nothing and is offered at set-up (FF-SETUP-7).
    for &l in &c().leaders {
        assert!(c().crew[l as usize].leader);
        assert_eq!(c().crew[l as usize].cost, 0);
    }
}

/// The base game's Ship Cards.
fn base_ships() -> impl Iterator<Item = &'static tabletop_firefly::content::Ship> {
    c().ships
        .iter()
        .filter(|s| s.source == tabletop_firefly::content::Source::Base)
}

/// FF-COMP-6: 4 Ship Cards; each comes with its starting Drive Core.
#[test]
fn ff_comp_6_four_ship_cards() {
    // The base game's (Pirates & Bounty Hunters brings two more, offered only with it).
    assert_eq!(base_ships().count(), 4);
    let g = scenario(MALCOLM_AND_MONTY);
    for p in &g.players {
        assert!(matches!(p.drive_core, DriveCoreCard::Starting(_)));
    }
}

/// FF-COMP-9: the die is six-sided (1..=6); a Firefly (6) earns a Bonus Roll (FF-SKILL-8).
#[test]
fn ff_comp_9_dice_are_six_sided() {
    let mut ch = Chance::new(11);
    let mut seen = [false; 7];
    for _ in 0..600 {
        let f = ch.d6();
        assert!((1..=6).contains(&f));
        seen[f as usize] = true;
    }
    assert!(seen[1..].iter().all(|&s| s), "every face comes up");
    ch.script_d6([6, 2]);
    let r = ch.exploding_d6();
    assert_eq!((r.total, r.heroic()), (8, true));
}

/// FF-COMP-11, FF-COMP-12: 4 Firefly miniatures (one per Ship Card), 1 Cruiser and 1 Cutter; a
/// 5th captain needs the 5th-player kit, which the base content does not have.
#[test]
fn ff_comp_11_12_four_fireflies_and_the_fifth_player_kit() {
    for n in 2..=4 {
        let g = Firefly::new_game(c(), &Options::new(n, DEFAULT_STORY), 1).unwrap();
        assert_eq!(g.players.len(), n as usize);
    }
    let err = Firefly::new_game(c(), &Options::new(5, DEFAULT_STORY), 1).unwrap_err();
    assert!(
        matches!(err, SetupError::NotEnoughShips { players: 5, .. }),
        "{err}"
    );
    // One Cruiser and one Cutter: each is in exactly one sector.
    let g = scenario(MALCOLM_AND_MONTY);
    assert_eq!(g.cruiser, sector("londinium"));
    assert!(c().sectors[g.cutters[0] as usize].firefly_logo);
}

/// FF-COMP-13: the Cargo Hold and the Stash have Empty boxes where items are carried; nothing
/// is carried beyond them.
#[test]
fn ff_comp_13_hold_and_stash_boxes_hold_the_goods() {
    for s in base_ships() {
        assert!(s.hold > 0 && s.stash > 0, "{}", s.id);
    }
    // Serenity: 8 Hold + 4 Stash = 12 boxes; 6 Fuel + 2 Parts take 4 of them.
    let mut g = scenario(&malcolm_at("persephone", "cargo = 7"));
    let p = &g.players[0];
    assert_eq!(g.storage_boxes(p), (8, 4));
    assert_eq!(g.room_for(p, Item::Cargo), 1);
    // Buying goods stops when the boxes are full: 1 box left = 2 Fuel.
    choose(&mut g, "Buy");
    choose(&mut g, "Done"); // consider nothing
    choose(&mut g, "Done"); // buy no cards
    choose(&mut g, "Buy 1 Fuel");
    choose(&mut g, "Buy 1 Fuel");
    assert!(!can(&g, "Buy 1 Fuel"), "the Hold and Stash are full");
    assert!(!can(&g, "Buy 1 Parts"));
    assert_eq!(g.players[0].item(Item::Fuel), 8);
}

/// FF-COMP-14: one Main Drive slot for the Drive Core and three Ship Upgrade slots.
#[test]
fn ff_comp_14_main_drive_slot_and_three_upgrade_slots() {
    for s in base_ships() {
        assert_eq!(s.upgrade_slots, 3, "{}", s.id);
    }
    let mut g = scenario(&malcolm_at(
        "osiris",
        "money = 9000\nupgrades = [\"cry-baby\", \"fully-equipped-med-bay\", \"sky-hook\"]",
    ));
    // With three upgrades fitted, a fourth upgrade cannot be bought, but a drive core can: it
    // takes the Main Drive slot.
    choose(&mut g, "Buy");
    let deck = g.supply_deck_at(sector("osiris")).unwrap();
    let cards: Vec<u16> = g.decks.supply[deck as usize].draw_pile().to_vec();
    let core = cards
        .iter()
        .copied()
        .find(|&x| matches!(c().supply_cards[x as usize].kind, SupplyKind::Upgrade(u) if c().upgrades[u as usize].drive_core.is_some()))
        .expect("Osiris sells drive cores");
    let upgrade = cards
        .iter()
        .copied()
        .find(|&x| matches!(c().supply_cards[x as usize].kind, SupplyKind::Upgrade(u) if c().upgrades[u as usize].drive_core.is_none()))
        .expect("Osiris sells ship upgrades");
    // Put both on top of the deck and consider them.
    let d = &mut g.decks.supply[deck as usize];
    d.take_from_draw(core);
    d.take_from_draw(upgrade);
    d.stack_top(&[core, upgrade]);
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    assert!(
        !legal(&g).contains(&Action::BuyCard(upgrade)),
        "no free slot"
    );
    act(&mut g, Action::BuyCard(core));
    assert_eq!(g.players[0].drive_core, DriveCoreCard::Card(core));
    assert_eq!(g.players[0].upgrades.len(), 3);
}

/// FF-COMP-15: each ship card prints its crew maximum; no more crew can be hired.
#[test]
fn ff_comp_15_ship_card_prints_the_crew_maximum() {
    for s in base_ships() {
        assert_eq!(s.max_crew, 6, "{}", s.id);
    }
    let full = r#"crew = [{ card = "kaylee" }, { card = "wash" }, { card = "jayne" }, { card = "zoe" }, { card = "simon-tam" }]"#;
    let mut g = scenario(&malcolm_at("persephone", &format!("money = 9000\n{full}")));
    assert_eq!(g.players[0].crew.len(), 6);
    let deck = g.supply_deck_at(sector("persephone")).unwrap();
    let d = &g.decks.supply[deck as usize];
    let hire = d
        .draw_pile()
        .iter()
        .copied()
        .find(|&x| matches!(c().supply_cards[x as usize].kind, SupplyKind::Crew(_)))
        .unwrap();
    let d = &mut g.decks.supply[deck as usize];
    d.take_from_draw(hire);
    d.stack_top(&[hire]);
    choose(&mut g, "Buy");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    assert!(
        !legal(&g).contains(&Action::BuyCard(hire)),
        "the ship is full"
    );
}

/// FF-COMP-16: a Supply card's price is its printed price.
#[test]
fn ff_comp_16_supply_card_price_is_the_printed_price() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    let deck = g.supply_deck_at(sector("persephone")).unwrap();
    let top: Vec<u16> = g.decks.supply[deck as usize]
        .draw_pile()
        .iter()
        .rev()
        .take(3)
        .copied()
        .collect();
    choose(&mut g, "Buy");
    for _ in 0..3 {
        choose(&mut g, "Draw a card face down");
    }
    choose(&mut g, "Done");
    for x in top {
        let printed = match c().supply_cards[x as usize].kind {
            SupplyKind::Crew(d) => c().crew[d as usize].cost,
            SupplyKind::Gear(d) => c().gear[d as usize].cost,
            SupplyKind::Upgrade(d) => c().upgrades[d as usize].cost.unwrap(),
        };
        assert_eq!(g.price(0, x), printed);
        let text = g.describe(Action::BuyCard(x));
        assert!(text.ends_with(&format!("for ${printed}")), "{text}");
    }
}

/// FF-COMP-17: a crew card's profession, its hire cost, which is also its Cut, and the Warrant
/// badge of Wanted crew.
#[test]
fn ff_comp_17_crew_card_profession_cost_cut_and_wanted_badge() {
    let simon = crew("simon-tam");
    assert_eq!(simon.professions, vec![Profession::Medic]);
    assert_eq!(simon.cost, 200);
    assert!(simon.wanted);
    // The Warrant badge makes the ship an Outlaw Ship (FF-FLY-14).
    let g = scenario(&malcolm_at(
        "persephone",
        "crew = [{ card = \"simon-tam\" }]",
    ));
    assert!(g.is_outlaw(&g.players[0]));
    // The Cut paid after a job is the hire cost.
    let text = r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "sihnon"
crew = [{ card = "simon-tam" }]
active = [{ job = "harken-cargo-delivery-sihnon", steps-done = 1 }]
cargo = 1
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
"#;
    let mut g = scenario(text);
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert!(can(&g, "Pay Simon Tam's Cut ($200)"), "{:?}", menu(&g));
    let before = g.players[0].money;
    choose(&mut g, "Pay Simon Tam's Cut");
    assert_eq!(g.players[0].money, before - 200);
}

/// FF-COMP-18: each skill symbol is worth 1 point: a test adds every crew and gear point.
#[test]
fn ff_comp_18_each_skill_symbol_is_one_point() {
    // Jayne (Fight 3?) with Vera: the test's skill points are the sum of the printed symbols.
    let text = malcolm_at(
        "border-10",
        "crew = [{ card = \"jayne\", gear = [\"pistol\"] }]",
    );
    let g = scenario(&text);
    let p = &g.players[0];
    let printed: u32 = p
        .crew
        .iter()
        .map(|m| {
            c().crew[m.def as usize].skills.fight as u32
                + m.gear
                    .iter()
                    .map(|&x| g.gear_def(x).skills.fight as u32)
                    .sum::<u32>()
        })
        .sum();
    assert_eq!(g.mask_skill(p, 0b11, Skill::Fight, false), printed);
    assert!(printed >= 3);
}

/// FF-COMP-19: Keywords are printed on Gear cards and on some Crew cards.
#[test]
fn ff_comp_19_keywords_on_gear_and_some_crew() {
    assert!(c().gear.iter().any(|g| !g.keywords.is_empty()));
    assert!(c().crew.iter().any(|m| !m.keywords.is_empty()));
    assert!(
        c().crew.iter().any(|m| m.keywords.is_empty()),
        "only some crew"
    );
    assert_eq!(gear("4wd-mule").keywords, vec![Keyword::Transport]);
}

/// FF-COMP-20: sectors are Alliance Space (blue) or Border Space (yellow) in the base game;
/// the map shows the Supply planets and the Contacts.
#[test]
fn ff_comp_20_board_zones_supply_planets_and_contacts() {
    let base: Vec<_> = c()
        .sectors
        .iter()
        .filter(|s| s.source == Source::Base)
        .collect();
    assert!(base.iter().all(|s| s.zone != Zone::Rim));
    assert!(base.iter().any(|s| s.zone == Zone::Alliance));
    assert!(base.iter().any(|s| s.zone == Zone::Border));
    assert_eq!(base.iter().filter(|s| s.supply.is_some()).count(), 5);
    assert_eq!(base.iter().filter(|s| s.contact.is_some()).count(), 5);
}

/// FF-COMP-8: Story Cards. The base game's are only the printed ones whose goals are known
/// (content/base/stories.toml), never more than the 6 printed; the others are an expansion's.
#[test]
fn ff_comp_8_story_cards_are_base_story_cards() {
    let base: Vec<_> = c()
        .stories
        .iter()
        .filter(|s| s.source == Source::Base)
        .collect();
    assert!(!base.is_empty() && base.len() <= 6);
    assert!(base.iter().all(|s| !s.community));
    assert!(c().story("The King of All Londinium").is_some());
}

// ---------------------------------------------------------------------------------------------
// FF-CARD: named cards
// ---------------------------------------------------------------------------------------------

/// FF-CARD-1: the named Nav cards: "Alliance Cruiser" (Alliance deck, RESHUFFLE), "Reaver Cutter"
/// (Border deck, RESHUFFLE), "Alliance Entanglements", "Cruiser Patrol", "Reaver Bait" and
/// "Reavers on the Hunt".
#[test]
fn ff_card_1_named_nav_cards() {
    let ac = nav("alliance-cruiser");
    assert_eq!(
        (ac.name.as_str(), ac.deck, ac.reshuffle),
        ("Alliance Cruiser", NavDeckName::Alliance, true)
    );
    let rc = nav("reaver-cutter");
    assert_eq!(
        (rc.name.as_str(), rc.deck, rc.reshuffle),
        ("Reaver Cutter", NavDeckName::Border, true)
    );
    for (id, name, deck) in [
        (
            "alliance-entanglements",
            "Alliance Entanglements",
            NavDeckName::Alliance,
        ),
        ("cruiser-patrol", "Cruiser Patrol", NavDeckName::Alliance),
        ("reaver-bait", "Reaver Bait", NavDeckName::Border),
        (
            "reavers-on-the-hunt",
            "Reavers on the Hunt",
            NavDeckName::Border,
        ),
    ] {
        let n = nav(id);
        assert_eq!((n.name.as_str(), n.deck, n.reshuffle), (name, deck, false));
    }
    // The Alliance Cruiser card ends in a Full Stop (FF-FLY-18).
    assert_eq!(ac.options.len(), 1);
    assert_eq!(ac.options[0].ends, Some(Ending::FullStop));
}

/// FF-CARD-2: the event cards "Alliance Contact" and "Reaver Contact" (Reaver Contact's two
/// options are FF-FLY-20's).
#[test]
fn ff_card_2_event_cards() {
    let names: Vec<&str> = c().events.iter().map(|e| e.name.as_str()).collect();
    assert!(names.contains(&"Alliance Contact"));
    assert!(names.contains(&"Reaver Contact"));
    let rc = c()
        .events
        .iter()
        .find(|e| e.id == "reaver-contact")
        .unwrap();
    assert_eq!(rc.options.len(), 2);
    assert_eq!(rc.options[1].name, "Crazy Ivan!");
}

/// FF-CARD-3: the Misbehave card "Reaver Raid": a failed test Kills every crew member on the job
/// (three in the rulebook's example, FF-DEATH-8).
#[test]
fn ff_card_3_reaver_raid_can_kill_every_crew_member_on_the_job() {
    let rr = c()
        .misbehave_defs
        .iter()
        .find(|m| m.name == "Reaver Raid")
        .expect("Reaver Raid");
    let hide = rr.options.iter().find_map(|o| o.test.as_ref()).unwrap();
    assert_eq!(hide.outcomes[0].effects, vec![Effect::KillAllCrewOnJob]);
}

/// FF-CARD-4: crew named in the rulebooks: River Tam, Inara (in the Osiris deck), and the Medics
/// Simon Tam and Doralee.
#[test]
fn ff_card_4_named_crew() {
    crew("river-tam");
    assert!(crew("simon-tam").professions.contains(&Profession::Medic));
    assert!(crew("doralee").professions.contains(&Profession::Medic));
    let inara = c().crew.iter().position(|x| x.id == "inara").unwrap() as CrewDefId;
    let osiris = supply_deck("osiris");
    assert!(osiris
        .cards
        .iter()
        .any(|&x| c().supply_cards[x as usize].kind == SupplyKind::Crew(inara)));
}

/// FF-CARD-5: the Leader Marco buys weapons at a discount.
#[test]
fn ff_card_5_marco_buys_weapons_at_a_discount() {
    let marco = crew("marco");
    assert!(marco.leader);
    let text = r#"
[[player]]
leader = "marco"
ship = "serenity"
sector = "silverhold"
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "londinium"
"#;
    let g = scenario(text);
    let pistol = c()
        .supply_cards
        .iter()
        .position(|s| matches!(s.kind, SupplyKind::Gear(d) if c().gear[d as usize].id == "pistol"))
        .unwrap() as SupplyCardId;
    assert!(gear("pistol").keywords.contains(&Keyword::Firearm));
    assert!(g.price(0, pistol) < gear("pistol").cost);
    assert_eq!(
        g.price(1, pistol),
        gear("pistol").cost,
        "Monty pays full price"
    );
}

/// FF-CARD-6: the "Cry Baby" (helps avoid the Alliance), and the TRANSPORT gear "Fast Horses" and
/// "4WD Mule".
#[test]
fn ff_card_6_cry_baby_fast_horses_and_4wd_mule() {
    let cry = c().upgrades.iter().find(|u| u.id == "cry-baby").unwrap();
    assert!(cry.abilities.contains(&Ability::EvadeCruiser));
    assert!(gear("4wd-mule").keywords.contains(&Keyword::Transport));
    assert!(gear("fast-horses")
        .abilities
        .contains(&Ability::DiscardForKeyword {
            keyword: Keyword::Transport
        }));
}

/// FF-CARD-7: the Story Card "The King of All Londinium".
#[test]
fn ff_card_7_the_king_of_all_londinium() {
    let s = c().story("the-king-of-all-londinium").unwrap();
    let st = &c().stories[s as usize];
    assert_eq!(st.title, "The King of All Londinium");
    assert_eq!(st.goals.len(), 3);
}

// ---------------------------------------------------------------------------------------------
// FF-PLACE: named places
// ---------------------------------------------------------------------------------------------

/// FF-PLACE table: Londinium (White Sun, the Cruiser's start), Jiangyin (Red Sun), Boros
/// (Georgia), Space Bazaar (Red Sun) and the Supply planets Persephone, Silverhold and Osiris;
/// Athens, Ezra, Regina and Bellerophon.
#[test]
fn ff_place_named_places_are_on_the_board() {
    let sys = |id: &str| c().sectors[sector(id) as usize].planets[0].system.clone();
    assert_eq!(sys("londinium"), "White Sun");
    assert_eq!(sys("jiangyin"), "Red Sun");
    assert_eq!(sys("boros"), "Georgia");
    assert_eq!(sys("space-bazaar"), "Red Sun");
    for id in ["persephone", "silverhold", "osiris", "space-bazaar"] {
        assert!(c().sectors[sector(id) as usize].supply.is_some(), "{id}");
    }
    for id in ["athens", "ezra", "regina", "bellerophon"] {
        assert!(!c().sectors[sector(id) as usize].planets.is_empty(), "{id}");
    }
    let g = scenario(MALCOLM_AND_MONTY);
    assert_eq!(g.cruiser, sector("londinium"));
    // King goals: 1 at Jiangyin, 2 at Londinium, 3 at Boros.
    let st = g.story_def();
    let at: Vec<&str> = st.goals.iter().map(|x| x.at.as_deref().unwrap()).collect();
    assert_eq!(at, vec!["jiangyin", "londinium", "boros"]);
}

/// FF-PLACE-1: a Contact is dealt with where their name is printed: Patience at Athens, Niska at
/// Ezra, Badger at Persephone, and (judged) Harken at Londinium.
#[test]
fn ff_place_1_contacts_are_dealt_with_where_named() {
    for (id, who) in [
        ("athens", "Patience"),
        ("ezra", "Niska"),
        ("persephone", "Badger"),
        ("londinium", "Harken"),
    ] {
        let g = scenario(&malcolm_at(id, ""));
        assert!(can(&g, &format!("Deal with {who}")), "{id}: {:?}", menu(&g));
    }
    let g = scenario(&malcolm_at("boros", ""));
    assert!(!can(&g, "Deal with"), "no Contact at Boros");
}

/// FF-PLACE-2: the sources give neither Amnon Duul's location nor the fifth Supply planet; the
/// content supplies them (Space Bazaar and Regina).
#[test]
fn ff_place_2_amnon_duul_and_the_fifth_supply_planet_come_from_the_content() {
    assert_eq!(
        c().contact_sector[ContactName::AmnonDuul.index()],
        Some(sector("space-bazaar"))
    );
    assert!(supply_deck("regina").sector == sector("regina"));
}

/// FF-PLACE-3: a Supply deck is bought from only at its own Supply planet.
#[test]
fn ff_place_3_supply_decks_are_bought_at_their_own_planet() {
    let mut g = scenario(MALCOLM_AND_MONTY);
    choose(&mut g, "Buy");
    let tabletop_firefly::Phase::Considering { market, .. } = g.phase.clone() else {
        panic!()
    };
    assert_eq!(
        market,
        tabletop_firefly::state::Market::Supply(g.supply_deck_at(sector("persephone")).unwrap())
    );
    let g = scenario(&malcolm_at("boros", ""));
    assert!(!can(&g, "Buy"), "no Supply planet at Boros");
    let _ = CrewCard::Leader(0);
}
