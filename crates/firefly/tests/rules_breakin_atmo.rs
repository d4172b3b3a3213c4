//! Breakin' Atmo (issue 10): its 25 Job cards in the base Contacts' decks and its 25 Supply cards
//! in the base Supply decks (FF-SETUP-21, FF-COMP-1), each only with the expansion; the jobs'
//! "Extra Pay $X per point of a skill" (FF-WORK-16, FF-SKILL-2/4/11), "Moon the Alliance" worked
//! wherever the Cruiser is with "HACKING RIG or Solid with Harken" (FF-WORK-9), and one test per
//! card mechanic. The readings are in content/breakin-atmo/*.toml and crates/firefly/NOTES.md.

use tabletop_core::NewGame;
use tabletop_firefly::content::{
    render, ContactName, Content, Expansion, ExpansionSet, Item, Skill, Source,
};
use tabletop_firefly::crew::all_crew;
use tabletop_firefly::event::PaySource;
use tabletop_firefly::resolve::Pending;
use tabletop_firefly::state::{Market, WorkTarget};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

const ATMO: &str = "expansions = [\"breakin-atmo\"]";

/// A new two-captain game (no scenario) with these expansions.
fn deal(e: &[Expansion]) -> Firefly {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.expansions = e.to_vec();
    Firefly::new_game(c(), &o, 9).unwrap()
}

/// `leader` in Serenity at `sector` with `extra` player fields, Breakin' Atmo in play; `top` more
/// top-level keys (dice …), `decks` the `[decks]` table's keys.
fn atmo(top: &str, leader: &str, sector: &str, extra: &str, decks: &str) -> Firefly {
    scenario(&captain_text(
        &format!("{ATMO}\n{top}"),
        leader,
        sector,
        extra,
        &format!("[decks]\n{decks}"),
    ))
}

/// Work job `id` with every crew member who may go; the events.
fn work(g: &mut Firefly, id: &str) -> Vec<Event> {
    let j = job_id(g, id);
    act(g, Action::Work(WorkTarget::Job(j)));
    act(g, Action::Done)
}

/// The completed job's pay and its terms.
fn paid(ev: &[Event]) -> (u32, Vec<(PaySource, i64)>) {
    ev.iter()
        .find_map(|e| match e {
            Event::JobCompleted { pay, terms, .. } => {
                Some((*pay, terms.iter().map(|t| (t.source, t.amount)).collect()))
            }
            _ => None,
        })
        .expect("the job was completed")
}

fn supply_deck(id: &str) -> usize {
    c().supply_decks
        .iter()
        .position(|d| d.def.id == id)
        .unwrap()
}

const BASE_DECKS: [&str; 5] = [
    "persephone",
    "regina",
    "osiris",
    "silverhold",
    "space-bazaar",
];

// ---------------------------------------------------------------------------------------------
// The cards in their decks
// ---------------------------------------------------------------------------------------------

/// FF-SETUP-21: Breakin' Atmo's 25 Job cards, 5 for each base Contact, are shuffled into those
/// Contacts' decks only when it is in play; alone or with the Rim expansions.
#[test]
fn ff_setup_21_five_jobs_for_each_base_contact_only_with_the_expansion() {
    let five = [
        ContactName::Harken,
        ContactName::Badger,
        ContactName::AmnonDuul,
        ContactName::Patience,
        ContactName::Niska,
    ];
    for k in five {
        let atmo_jobs = c()
            .jobs
            .iter()
            .filter(|j| j.source == Source::BreakinAtmo && j.contact == Some(k))
            .count();
        assert_eq!(atmo_jobs, 5, "{k:?}");
    }
    assert!(c()
        .jobs
        .iter()
        .filter(|j| j.source == Source::BreakinAtmo)
        .all(|j| j.extra_pay.is_some() && five.contains(&j.contact.unwrap())));
    for rim in [vec![], vec![Expansion::BlueSun, Expansion::Kalidasa]] {
        let without = deal(&rim);
        let mut with_set = rim.clone();
        with_set.push(Expansion::BreakinAtmo);
        let with = deal(&with_set);
        for k in five {
            let n = |g: &Firefly| g.decks.contacts[k.index()].all_cards().count();
            assert_eq!(n(&with), n(&without) + 5, "{k:?} with {rim:?}");
            let atmo_in = |g: &Firefly| {
                g.decks.contacts[k.index()]
                    .all_cards()
                    .filter(|&j| c().jobs[j as usize].source == Source::BreakinAtmo)
                    .count()
            };
            assert_eq!(atmo_in(&with), 5);
            assert_eq!(atmo_in(&without), 0);
        }
    }
}

/// FF-COMP-1 and FF-SETUP-4: its 25 Supply cards go five into each base Supply deck, only with
/// the expansion; without it every base deck is exactly today's.
#[test]
fn ff_comp_1_five_supply_cards_for_each_base_deck_only_with_the_expansion() {
    let without = deal(&[]);
    let with = deal(&[Expansion::BreakinAtmo]);
    for deck in BASE_DECKS {
        let d = supply_deck(deck);
        let atmo = |g: &Firefly| {
            g.decks.supply[d]
                .all_cards()
                .filter(|&x| c().supply_cards[x as usize].source == Source::BreakinAtmo)
                .count()
        };
        assert_eq!(without.decks.supply[d].all_cards().count(), 25, "{deck}");
        assert_eq!(with.decks.supply[d].all_cards().count(), 30, "{deck}");
        assert_eq!((atmo(&without), atmo(&with)), (0, 5), "{deck}");
    }
}

/// Every deck of a new game, by card name (Supply decks, Contact decks, Nav decks, Misbehave
/// deck), draw piles and discard piles in order.
fn decks_by_name(g: &Firefly) -> Vec<Vec<String>> {
    let c = g.content;
    let mut out = Vec::new();
    for d in &g.decks.supply {
        out.push(
            d.all_cards()
                .map(|x| c.supply_name(x).to_string())
                .collect(),
        );
    }
    for d in &g.decks.contacts {
        out.push(
            d.all_cards()
                .map(|j| c.jobs[j as usize].id.clone())
                .collect(),
        );
    }
    for d in &g.decks.nav {
        out.push(d.all_cards().map(|n| c.nav_def(n).id.clone()).collect());
    }
    out.push(
        g.decks
            .misbehave
            .all_cards()
            .map(|m| c.misbehave_def(m).id.clone())
            .collect(),
    );
    out
}

/// Without Breakin' Atmo chosen the game is exactly today's: with or without its content files
/// in the box, a new game (no expansions, or both Rim expansions) deals the same cards in the
/// same order from the same seed.
#[test]
fn without_the_expansion_its_content_changes_nothing() {
    let mut files = tabletop_firefly::content::ContentFiles::builtin();
    files.files.retain(|(path, _)| {
        // Its files, and the two Bounty cards for its crew.
        !path.starts_with("breakin-atmo/") && !path.ends_with("bounties-breakin-atmo.toml")
    });
    let before: &'static Content = Content::load(&files).unwrap().leak();
    for set in [vec![], vec![Expansion::BlueSun, Expansion::Kalidasa]] {
        for seed in [1, 9, 42] {
            let mut o = Options::new(4, DEFAULT_STORY);
            o.expansions = set.clone();
            let now = Firefly::new_game(c(), &o, seed).unwrap();
            let then = Firefly::new_game(before, &o, seed).unwrap();
            assert_eq!(
                decks_by_name(&now),
                decks_by_name(&then),
                "{set:?} seed {seed}"
            );
        }
    }
    assert!(!ExpansionSet::default().includes(Source::BreakinAtmo));
}

/// The Supply cards' facts that decide which deck and how many: two Helmsmen at Osiris (Pilots
/// who count as Solid with Harken), the Specialist at Regina, a second Head Goon at Silverhold.
#[test]
fn breakin_atmo_supply_cards_sit_in_their_decks() {
    let g = deal(&[Expansion::BreakinAtmo]);
    let names = |deck: &str| -> Vec<String> {
        let mut v: Vec<String> = g.decks.supply[supply_deck(deck)]
            .all_cards()
            .filter(|&x| c().supply_cards[x as usize].source == Source::BreakinAtmo)
            .map(|x| c().supply_name(x).to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        names("osiris"),
        [
            "Alliance Body Armor",
            "Alliance Body Armor",
            "Helmsman Wan",
            "Helmsman Woo",
            "Universal Encyclopedia"
        ]
    );
    assert_eq!(
        names("silverhold"),
        [
            "\"The Best in the House\"",
            "Elder Gommen",
            "Head Goon",
            "Vehicle Mounted BFG",
            "Vehicle Mounted BFG"
        ]
    );
    assert_eq!(
        names("space-bazaar"),
        [
            "Breaching Tool",
            "Breaching Tool",
            "Merchant",
            "Merchant",
            "Tall Playing Cards"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Extra Pay
// ---------------------------------------------------------------------------------------------

/// Corbin (Negotiate 1, a Shiny Neck Tie: +1) and Inara (Negotiate 3, a Companion) at Osiris with
/// "Zir Com franchising: Tanis Docks" ($400, Extra Pay $400 per Negotiate, Companion +$500).
fn tanis_docks() -> Firefly {
    atmo(
        "",
        "corbin",
        "osiris",
        "leader-gear = [\"shiny-neck-tie\"]\ncrew = [{ card = \"inara\" }]\n\
         hand = [\"amnon-duul-zir-com-franchising-tanis-docks\"]",
        "",
    )
}

/// FF-WORK-16 with Breakin' Atmo's Extra Pay: $400 for each point of Negotiate of the crew on
/// the job, their carried gear included (FF-SKILL-2/4): 4 + 1 points.
#[test]
fn ff_work_16_extra_pay_counts_the_skill_of_the_crew_on_the_job_and_their_gear() {
    let mut g = tanis_docks();
    let ev = work(&mut g, "amnon-duul-zir-com-franchising-tanis-docks");
    let (pay, terms) = paid(&ev);
    assert!(terms.contains(&(
        PaySource::ExtraPay {
            skill: Skill::Negotiate,
            points: 5,
            each: 400
        },
        2000
    )));
    assert_eq!(pay, 400 + 2000 + 500);
}

/// FF-SKILL-11 for the Extra Pay: crew left aboard the ship do not count; the Bonus still does
/// (FF-WORK-17: any crew member, judged).
#[test]
fn ff_skill_11_extra_pay_counts_no_crew_left_aboard() {
    let mut g = tanis_docks();
    let j = job_id(&g, "amnon-duul-zir-com-franchising-tanis-docks");
    act(&mut g, Action::Work(WorkTarget::Job(j)));
    let inara = g.players[0].crew[1].card;
    act(&mut g, Action::ToggleCrew(inara));
    let ev = act(&mut g, Action::Done);
    let (pay, _) = paid(&ev);
    assert_eq!(pay, 400 + 2 * 400 + 500);
}

/// The Extra Pay is shown on the card, rendered from the data.
#[test]
fn extra_pay_and_the_cruisers_step_are_rendered() {
    let names = render::Names::of(c());
    let card = |id: &str| {
        render::job_card(c().jobs.iter().find(|j| j.id == id).unwrap(), &names)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let tanis = card("amnon-duul-zir-com-franchising-tanis-docks");
    assert!(
        tanis.contains("Extra Pay: +$400 for each point of Negotiate of the crew on the job"),
        "{tanis}"
    );
    let moon = card("niska-moon-the-alliance");
    assert!(moon.contains("wherever the Alliance Cruiser is"), "{moon}");
    assert!(moon.contains("HACKING RIG or Solid with Harken"), "{moon}");
}

// ---------------------------------------------------------------------------------------------
// Moon the Alliance
// ---------------------------------------------------------------------------------------------

/// "Moon the Alliance" (Niska) in hand, at `sector`, the Cruiser at `cruiser`, `crew` aboard.
fn moon(sector: &str, cruiser: &str, crew: &str) -> Firefly {
    atmo(
        &format!("cruiser = \"{cruiser}\""),
        "corbin",
        sector,
        &format!("hand = [\"niska-moon-the-alliance\"]\ncrew = [{crew}]"),
        "",
    )
}

/// FF-WORK-9 and the card's place: it is worked where the Alliance Cruiser is, not at the
/// Cruiser's starting sector, with a HACKING RIG or while (counting as) Solid with Harken.
#[test]
fn ff_work_9_moon_the_alliance_at_the_cruiser_with_a_hacking_rig_or_harken() {
    let rig = "{ card = \"zoe\", gear = [\"security-interface-pad\"] }";
    let at = |g: &Firefly| {
        let j = job_id(g, "niska-moon-the-alliance");
        g.can_work_job(&g.players[0], j)
    };
    assert!(at(&moon("sihnon", "sihnon", rig)));
    assert!(
        !at(&moon("londinium", "sihnon", rig)),
        "where it is, not where it starts"
    );
    assert!(
        !at(&moon("sihnon", "sihnon", "{ card = \"zoe\" }")),
        "no Needs met"
    );
    assert!(
        at(&moon("sihnon", "sihnon", "{ card = \"helmsman-woo\" }")),
        "a Helmsman counts as Solid with Harken"
    );
    let g = moon("sihnon", "sihnon", rig);
    let j = job_id(&g, "niska-moon-the-alliance");
    assert_eq!(g.job_step_sector(j, 0), sector("sihnon"));
}

// ---------------------------------------------------------------------------------------------
// Crew
// ---------------------------------------------------------------------------------------------

/// FF-CREW-17 and the Specialist's "may not carry Gear": no Gear card is offered to him, not
/// even one that does not count toward the limit; the Leader may take them.
#[test]
fn ff_crew_17_the_specialist_carries_no_gear() {
    let g = atmo(
        "",
        "corbin",
        "regina",
        "crew = [{ card = \"the-specialist\" }]\nspare-gear = [\"pistol\", \"jaynes-cunning-hat\"]",
        "",
    );
    let m = menu(&g);
    assert!(m.iter().any(|d| d.contains("to Corbin")), "{m:?}");
    assert!(!m.iter().any(|d| d.contains("to The Specialist")), "{m:?}");
    // His own keywords are his: FIREARM and SNIPER RIFLE.
    assert!(g.mask_has_keyword(
        &g.players[0],
        0b10,
        tabletop_firefly::content::Keyword::SniperRifle
    ));
}

/// FF-REP-5 with the Helmsmen's "counts as Solid with Harken": every Solid query counts it while
/// the Helmsman is aboard (not a Solid reputation of the player's own).
#[test]
fn ff_rep_5_a_helmsman_counts_as_solid_with_harken() {
    let g = atmo(
        "",
        "corbin",
        "osiris",
        "crew = [{ card = \"helmsman-wan\" }]",
        "",
    );
    let p = &g.players[0];
    assert!(g.counts_as_solid(p, ContactName::Harken));
    assert!(!p.is_solid(ContactName::Harken));
    assert!(!g.counts_as_solid(p, ContactName::Badger));
}

/// FF-WORK-8 and FF-WORK-22 with Elder Gommen: on an Immoral job ("Riot suppression") he stays
/// aboard, so he is not offered for the job and adds no skill or Extra Pay; as a Moral crew
/// member he is still Disgruntled when it is done.
#[test]
fn ff_work_22_elder_gommen_stays_aboard_for_immoral_jobs() {
    let mut g = atmo(
        "",
        "malcolm",
        "persephone",
        "crew = [{ card = \"elder-gommen\" }, { card = \"zoe\" }]\n\
         hand = [\"harken-riot-suppression-dock-worker-strike\"]",
        "",
    );
    let j = job_id(&g, "harken-riot-suppression-dock-worker-strike");
    act(&mut g, Action::Work(WorkTarget::Job(j)));
    assert!(!can(&g, "Elder Gommen"), "{:?}", menu(&g));
    let ev = act(&mut g, Action::Done);
    // Malcolm 2 + Zoe 2 Fight at $200, and the Soldier bonus.
    assert_eq!(paid(&ev).0, 200 + 800 + 300);
    assert!(g.players[0].crew.iter().all(|m| m.disgruntled));
}

/// FF-WIN-4 with the Accountant: taking a Goal token takes $500 too (a standing goal's as well:
/// "Solid with any 2 Contacts", met when the Alliance Ident Card is handed to the Leader).
#[test]
fn ff_win_4_the_accountant_earns_with_every_goal_token() {
    let text = |crew: &str| {
        two_captains_text(
            ATMO,
            &format!(
                "leader = \"corbin\"\nsector = \"persephone\"\nsolid = [\"badger\"]\n\
                 spare-gear = [\"alliance-ident-card\"]\ncrew = [{crew}]"
            ),
            "",
        )
    };
    let story = "first-time-in-the-captains-chair";
    for (crew, gain) in [
        ("{ card = \"accountant\" }", 500),
        ("{ card = \"zoe\" }", 0),
    ] {
        let mut g = scenario_with(&text(crew), story, 1);
        let before = g.players[0].money;
        let ev = choose(&mut g, "Give Alliance Ident Card to Corbin");
        assert!(happened(&ev, |e| matches!(
            e,
            Event::GoalCompleted { seat: 0, goal: 0 }
        )));
        assert_eq!(g.players[0].money, before + gain, "{crew}");
    }
}

/// FF-DEAL-8 with the Merchants: each adds $100 to every Cargo sold to a Contact; Contraband is
/// not Cargo.
#[test]
fn ff_deal_8_merchants_sell_cargo_for_more() {
    let sale = |crew: &str, item: &str| -> i64 {
        let mut g = atmo(
            "",
            "malcolm",
            "persephone",
            &format!("cargo = 1\ncontraband = 1\nsolid = [\"badger\"]\ncrew = [{crew}]"),
            "",
        );
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
    // Badger pays $400 for Cargo and $700 for Contraband (FF-DEAL-9).
    assert_eq!(sale("", "Cargo"), 400);
    assert_eq!(sale("{ card = \"merchant\" }", "Cargo"), 500);
    assert_eq!(
        sale("{ card = \"merchant\" }, { card = \"merchant\" }", "Cargo"),
        600
    );
    assert_eq!(sale("{ card = \"merchant\" }", "Contraband"), 700);
}

// ---------------------------------------------------------------------------------------------
// Gear
// ---------------------------------------------------------------------------------------------

/// FF-CREW-11 and FF-TURN-6 with "The Best in the House": discarded on one's turn, no action
/// used, to remove Disgruntled from every crew member; offered only when someone is.
#[test]
fn ff_crew_11_the_best_in_the_house_cheers_everyone() {
    let text = |sour: bool| {
        format!(
            "spare-gear = [\"the-best-in-the-house\"]\nleader-disgruntled = {sour}\n\
             crew = [{{ card = \"zoe\", disgruntled = {sour} }}, {{ card = \"kaylee\" }}]"
        )
    };
    let g = atmo("", "malcolm", "osiris", &text(false), "");
    assert!(!can(&g, "Use \"The Best in the House\""), "{:?}", menu(&g));
    let mut g = atmo("", "malcolm", "osiris", &text(true), "");
    choose(&mut g, "Use \"The Best in the House\"");
    assert!(g.players[0].crew.iter().all(|m| !m.disgruntled));
    assert!(g.players[0].spare_gear.is_empty(), "discarded");
    let d = supply_deck("silverhold");
    assert_eq!(g.decks.supply[d].discard_len(), 1);
    assert_eq!(g.turn.taken, 0, "no action used");
}

/// FF-TURN-4/5 with the Universal Encyclopedia: a Deal action from anywhere to look at the top
/// 3 Misbehave cards and put them back in any order; unlike Heist Intel, none may be discarded.
#[test]
fn ff_turn_4_universal_encyclopedia_reorders_the_misbehave_deck_as_a_deal() {
    let mut g = atmo(
        "",
        "corbin",
        "border-10",
        "leader-gear = [\"universal-encyclopedia\"]",
        &misbehave_deck(&["kill-the-alarm", "alliance-patrol", "ambush", "gun-play"]),
    );
    let top = |g: &Firefly| -> Vec<String> {
        g.decks
            .misbehave
            .draw_pile()
            .iter()
            .rev()
            .take(4)
            .map(|&m| c().misbehave_def(m).id.clone())
            .collect()
    };
    let ev = choose(&mut g, "Use Universal Encyclopedia (a Deal action)");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ActionTaken { action: "deal", .. }
    )));
    assert!(matches!(
        g.resolution.last().and_then(|r| r.pending),
        Some(Pending::Arrange {
            may_discard: false,
            ..
        })
    ));
    assert!(!legal(&g).contains(&Action::DiscardLooked));
    // Ambush on top (the third card looked at), then Kill the Alarm (now the third):
    // Alliance Patrol is left third.
    act(&mut g, Action::PutOnTop(2));
    act(&mut g, Action::PutOnTop(1));
    act(&mut g, Action::Done);
    assert_eq!(
        top(&g),
        ["ambush", "kill-the-alarm", "alliance-patrol", "gun-play"]
    );
    assert_eq!(g.phase, Phase::Actions);
    assert!(
        !can(&g, "Use Universal Encyclopedia"),
        "the Deal action is used"
    );
}

/// FF-DEAL-2..4 with the Cortex Uplink: a Deal action from anywhere to consider the top
/// face-down card of one Contact's deck — never its discard pile — and accept or discard it; no
/// selling to that Contact afterwards, even while Solid.
#[test]
fn ff_deal_2_cortex_uplink_considers_one_face_down_card_from_afar() {
    let mut g = atmo(
        "",
        "corbin",
        "border-10",
        "leader-gear = [\"cortex-uplink\"]\ncargo = 2\nsolid = [\"badger\"]",
        "contact = { badger = [\"badger-data-jacking\"] }\n\
         contact-discard = { badger = [\"badger-street-sweepers\"] }",
    );
    choose(&mut g, "Use Cortex Uplink (a Deal action)");
    let ev = choose(&mut g, "Badger");
    assert!(
        matches!(
            g.phase,
            Phase::Considering {
                market: Market::Contact(ContactName::Badger),
                max: 1,
                ..
            }
        ),
        "{:?}",
        g.phase
    );
    let _ = ev;
    assert_eq!(legal(&g), [Action::ConsiderDraw, Action::Done]);
    act(&mut g, Action::ConsiderDraw);
    assert_eq!(legal(&g), [Action::Done], "one card only");
    act(&mut g, Action::Done);
    let j = job_id(&g, "badger-data-jacking");
    act(&mut g, Action::AcceptJob(j));
    act(&mut g, Action::Done);
    assert_eq!(g.phase, Phase::Actions, "no selling to Badger");
    assert_eq!(g.players[0].hand.as_slice(), [j]);
    assert!(g.turn.deal);
}

/// FF-SKILL-4 with the Gentleman's Dueling Sword: it counts as a Knife (Crow's +1 Fight with a
/// Knife) and is discarded after a Fight roll for +1, as the Knife is.
#[test]
fn ff_skill_4_the_dueling_sword_counts_as_a_knife() {
    let mut g = two_captains(
        &format!("{ATMO}\ndice = [2]"),
        &format!(
            "leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n\
             crew = [{{ card = \"crow\", gear = [\"gentlemans-dueling-sword\"] }}]"
        ),
        "misbehave = [\"kill-the-alarm\", \"kill-the-alarm\"]",
    );
    // Crow 2 + the sword 1 + Crow's Knife bonus 1.
    let crow = 0b10;
    assert_eq!(g.mask_skill(&g.players[0], crow, Skill::Fight, false), 4);
    work_henpecked(&mut g);
    choose(&mut g, "Just Shoot");
    assert!(can(&g, "Discard Gentleman's Dueling Sword for its bonus"));
    choose(&mut g, "Discard Gentleman's Dueling Sword for its bonus");
    assert!(g.players[0].crew[1].gear.is_empty());
}

/// FF-SKILL-4 with Two-Fry's Carbine and Nandi's Gun Collection: every 1 rolled on a test of
/// their skill by crew that include the carrier is re-rolled, whoever carries them; other
/// skills' tests keep their 1s.
#[test]
fn ff_skill_4_carbine_and_gun_collection_reroll_ones() {
    let game = |gear: &str, misbehave: &str| {
        two_captains(
            &format!("{ATMO}\ndice = [1, 5]"),
            &format!(
                "leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}\n\
                 crew = [{{ card = \"skunk\", gear = [\"{gear}\"] }}]"
            ),
            &format!("misbehave = [\"{misbehave}\", \"kill-the-alarm\"]"),
        )
    };
    // Kill the Alarm: "Just Shoot" is a Fight test, "Rig a Bypass" a Tech test.
    let mut g = game("two-frys-carbine", "kill-the-alarm");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Just Shoot");
    assert_eq!(rolls(&ev)[0].1, vec![5], "the 1 re-rolled");
    let mut g = game("two-frys-carbine", "kill-the-alarm");
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert_eq!(rolls(&ev)[0].1, vec![1], "not a Fight test");
    // A Rival Crew: "Maybe We Can Make a Deal" is a Negotiate test.
    let mut g = game("nandis-gun-collection", "a-rival-crew");
    work_henpecked(&mut g);
    // A test with Bribes: none paid, then the roll.
    choose(&mut g, "Maybe We Can Make a Deal");
    let ev = choose(&mut g, "Bribe $0");
    assert_eq!(rolls(&ev)[0].1, vec![5]);
}

/// FF-DEATH-2 with Alliance Body Armor: its carrier, about to be Killed, rolls a die (not a
/// Test): 4-6 lives, the armor kept; 1-3 is Killed.
#[test]
fn ff_death_2_body_armor_saves_its_carrier_on_four_to_six() {
    let game = |die: u8| {
        atmo(
            &format!("dice = [{die}]"),
            "malcolm",
            "osiris",
            "crew = [{ card = \"zoe\", gear = [\"alliance-body-armor\"] }]",
            "",
        )
    };
    let mut g = game(4);
    let mut ev = Vec::new();
    assert!(!g.kill_crew(0, 1, &mut ev));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ArmorRoll {
            roll: 4,
            held: true,
            ..
        }
    )));
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Zoe"]);
    assert_eq!(g.players[0].crew[1].gear.len(), 1, "kept");
    let mut g = game(3);
    let mut ev = Vec::new();
    assert!(g.kill_crew(0, 1, &mut ev));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ArmorRoll { held: false, .. }
    )));
    assert_eq!(crew_names(&g, 0), ["Malcolm"]);
}

/// FF-SKILL-2 with the Vehicle Mounted BFG ("Requires TRANSPORT"): its Fight and FIREARM count
/// only with a TRANSPORT from another card among the crew it works with.
#[test]
fn ff_skill_2_the_bfg_needs_a_transport() {
    let game = |leader_gear: &str| {
        atmo(
            "",
            "corbin",
            "osiris",
            &format!(
                "leader-gear = [{leader_gear}]\n\
                 crew = [{{ card = \"kaylee\", gear = [\"vehicle-mounted-bfg\"] }}]"
            ),
            "",
        )
    };
    use tabletop_firefly::content::Keyword;
    let g = game("");
    let p = &g.players[0];
    assert_eq!(g.mask_skill(p, all_crew(p), Skill::Fight, false), 0);
    assert!(!g.mask_has_keyword(p, all_crew(p), Keyword::Firearm));
    let g = game("\"mud-dog-atv\"");
    let p = &g.players[0];
    assert_eq!(g.mask_skill(p, all_crew(p), Skill::Fight, false), 2);
    assert!(g.mask_has_keyword(p, all_crew(p), Keyword::Firearm));
    // Kaylee alone on a test: the Mule stays with Corbin.
    assert_eq!(g.mask_skill(p, 0b10, Skill::Fight, false), 0);
}

/// FF-WORK-16 and the Mud Dog ATV: after a Smuggling job, load 1 Contraband; the job's Extra
/// Pay counts Corbin's Tech ("Special delivery: Classified tech", $800 + $400 per Tech).
#[test]
fn ff_work_16_mud_dog_loads_contraband_after_a_smuggling_job() {
    let mut g = atmo(
        "",
        "corbin",
        "regina",
        "contraband = 2\nleader-gear = [\"mud-dog-atv\"]\n\
         active = [{ job = \"amnon-duul-special-delivery-classified-tech\", steps-done = 1 }]",
        "",
    );
    let ev = work(&mut g, "amnon-duul-special-delivery-classified-tech");
    assert_eq!(paid(&ev).0, 800 + 2 * 400);
    assert_eq!(g.players[0].item(Item::Contraband), 1);
}

/// FF-MISC-10 with the Breaching Tool: +1 Contraband after a Salvage Op, carried.
#[test]
fn ff_misc_10_breaching_tool_salvages_contraband() {
    let mut g = atmo(
        "",
        "corbin",
        "osiris",
        "leader-gear = [\"breaching-tool\"]",
        "",
    );
    let mut ev = Vec::new();
    g.pay_salvage_bonuses(0, &mut ev);
    assert_eq!(g.players[0].item(Item::Contraband), 1);
    // Set aside, it does nothing (FF-CREW-20).
    let mut g = atmo(
        "",
        "corbin",
        "osiris",
        "spare-gear = [\"breaching-tool\"]",
        "",
    );
    g.pay_salvage_bonuses(0, &mut ev);
    assert_eq!(g.players[0].item(Item::Contraband), 0);
}

/// Tall Playing Cards (GAMBLING, FF-TURN-6): discarded with no action used by a player with
/// $500: pay it, reveal the top 5 Misbehave cards (then discarded); 3 of one suit take $1,500.
#[test]
fn tall_playing_cards_win_with_three_of_a_suit() {
    let game = |money: u32, cards: &[&str]| {
        atmo(
            "",
            "malcolm",
            "osiris",
            &format!("money = {money}\nspare-gear = [\"tall-playing-cards\"]"),
            &misbehave_deck(cards),
        )
    };
    // Spades, Spades, Spades, Hearts, Clubs.
    let three = [
        "kill-the-alarm",
        "kill-the-alarm",
        "tight-security",
        "alliance-patrol",
        "ambush",
    ];
    let mut g = game(500, &three);
    let ev = choose(&mut g, "Gamble: discard Tall Playing Cards");
    assert_eq!(
        count(&ev, |e| matches!(e, Event::MisbehaveRevealed { .. })),
        5
    );
    assert_eq!(g.players[0].money, 1500);
    assert_eq!(g.decks.misbehave.discard_len(), 5);
    assert!(g.players[0].spare_gear.is_empty());
    assert_eq!(g.turn.taken, 0, "no action used");
    // Spades 2, Hearts 2, Clubs 1: the stake is lost.
    let two = [
        "kill-the-alarm",
        "kill-the-alarm",
        "alliance-patrol",
        "alliance-patrol",
        "ambush",
    ];
    let mut g = game(700, &two);
    choose(&mut g, "Gamble: discard Tall Playing Cards");
    assert_eq!(g.players[0].money, 200);
    // Without the $500 stake it is not offered.
    assert!(!can(&game(499, &two), "Gamble"));
}

/// A crew card a scenario names from Breakin' Atmo needs the expansion, as every expansion's.
#[test]
fn scenario_cards_of_breakin_atmo_need_the_expansion() {
    let text = captain_text(
        "",
        "malcolm",
        "osiris",
        "crew = [{ card = \"helmsman-woo\" }]",
        "",
    );
    let s = tabletop_firefly::scenario::Scenario::parse(&text).unwrap();
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(s);
    assert!(Firefly::new_game(c(), &o, 1).is_err());
}

/// FF-PBH-1 and FF-PBH-4 with Breakin' Atmo: the Bounty cards for The Fixer and The Specialist
/// (Pirates & Bounty Hunters' cards) are in the Bounty deck only when their crew cards are in
/// the game, that is with Breakin' Atmo too.
#[test]
fn ff_pbh_4_the_fixer_and_the_specialist_are_wanted_only_with_breakin_atmo() {
    let wanted = |e: &[Expansion]| -> Vec<String> {
        let g = deal(e);
        let mut v: Vec<String> = g
            .bounties
            .deck
            .all_cards()
            .chain(g.bounties.most_wanted.iter().copied())
            .map(|b| c().bounties[b as usize].id.clone())
            .filter(|id| id == "the-fixer" || id == "the-specialist")
            .collect();
        v.sort();
        v
    };
    let pbh = Expansion::PiratesAndBountyHunters;
    assert_eq!(
        wanted(&[pbh, Expansion::BreakinAtmo]),
        ["the-fixer", "the-specialist"]
    );
    assert!(wanted(&[pbh]).is_empty());
}
