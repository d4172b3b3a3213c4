//! Pirates & Bounty Hunters, Piracy (spec §18.4, FF-PBH-24..33): Piracy jobs worked against a
//! rival's ship — targets, the Active Job area, the Boarding Test and the Showdown, the Stash,
//! what may be stolen and how much, making room, stolen jobs and the hand limit, and what a
//! lost Showdown costs.

use tabletop_firefly::content::{Content, Item, JobId};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

fn job(id: &str) -> JobId {
    c().jobs
        .iter()
        .position(|j| j.id == id)
        .unwrap_or_else(|| panic!("no job {id}")) as JobId
}

const BADGER: &str = "badger-pilfer-purloin-and-plunder-1";
const HARKEN: &str = "harken-alliance-commission-1";
const NISKA: &str = "niska-a-message-from-niska-1";
const PATIENCE: &str = "patience-hard-rustlin-1";
const AMNON: &str = "amnon-duul-contract-jumper-1";

/// Two captains at `sector` with Pirates & Bounty Hunters in play: seat 0 (`leader0`, in
/// Serenity: Hold 8, Stash 4) attacks, seat 1 (`leader1`, in the Yun Qi) defends. `top` adds
/// top-level keys (dice), `p0`/`p1` player fields.
fn piracy(sector: &str, leaders: [&str; 2], top: &str, p0: &str, p1: &str) -> Firefly {
    let player = |leader: &str, ship: &str, fields: &str| {
        let mut t = format!("[[player]]\nleader = \"{leader}\"\n{fields}\n");
        if !fields.contains("ship =") {
            t.push_str(&format!("ship = \"{ship}\"\n"));
        }
        if !fields.contains("sector =") {
            t.push_str(&format!("sector = \"{sector}\"\n"));
        }
        t
    };
    scenario(&format!(
        "{}\n{top}\n{}{}",
        if top.contains("expansions") {
            ""
        } else {
            "expansions = [\"pirates-and-bounty-hunters\"]"
        },
        player(leaders[0], "serenity", p0),
        player(leaders[1], "yun-qi", p1)
    ))
}

/// Malcolm (Fight 2, Negotiate 1) attacks Womack (Fight 2, Negotiate 1) with Badger's card;
/// Womack carries `goods`.
fn badger(dice: &str, p0: &str, goods: &str) -> Firefly {
    piracy(
        "regina",
        ["malcolm", "womack"],
        &format!("dice = [{dice}]"),
        &format!("hand = [\"{BADGER}\"]\n{p0}"),
        goods,
    )
}

fn work_piracy(g: &Firefly) -> Vec<Action> {
    legal(g)
        .into_iter()
        .filter(|a| matches!(a, Action::Work(t) if matches!(t, tabletop_firefly::state::WorkTarget::Piracy { .. })))
        .collect()
}

/// Board with Negotiate, both choose Fight: the Showdown is rolled.
fn board_and_fight(g: &mut Firefly) -> Vec<Event> {
    choose(g, "against captain 2");
    choose(g, "Board with Negotiate");
    choose(g, "Use Fight in the Showdown");
    choose(g, "Use Fight in the Showdown")
}

fn items(g: &Firefly, seat: usize) -> [u8; 6] {
    g.players[seat].items
}

/// The rulebook's Piracy cards: 5 identical cards for each of the five base Contacts, in their
/// decks only with the expansion.
#[test]
fn piracy_jobs_are_five_for_each_contact() {
    use tabletop_firefly::content::ContactName;
    let cards: Vec<_> = c().jobs.iter().filter(|j| j.piracy.is_some()).collect();
    assert_eq!(cards.len(), 25);
    for k in [
        ContactName::AmnonDuul,
        ContactName::Badger,
        ContactName::Harken,
        ContactName::Niska,
        ContactName::Patience,
    ] {
        let n = cards.iter().filter(|j| j.contact == Some(k)).count();
        assert_eq!(n, 5, "{k:?}");
    }
    let plain = scenario(
        "[[player]]\nship = \"serenity\"\nleader = \"malcolm\"\nsector = \"regina\"\n\
         [[player]]\nship = \"yun-qi\"\nleader = \"womack\"\nsector = \"regina\"\n",
    );
    let with = piracy("regina", ["malcolm", "womack"], "", "", "");
    let in_decks = |g: &Firefly| {
        g.decks
            .contacts
            .iter()
            .flat_map(|d| d.draw_pile().iter())
            .filter(|&&j| c().jobs[j as usize].piracy.is_some())
            .count()
    };
    assert_eq!(in_decks(&plain), 0);
    assert_eq!(in_decks(&with), 25);
    // The card text is rendered from the fields the engine runs.
    use tabletop_firefly::content::render;
    let names = render::Names::of(c());
    let text = render::job_card(&c().jobs[job(BADGER) as usize], &names);
    for part in [
        "Piracy",
        "Illegal",
        "Target: any rival ship",
        "Subjective",
        "steal up to 6 of the Defender's Goods (not from the Stash",
        "Showdown lost: Kill 1 Crew; Warrant Issued.",
        "Pay: $200 per Good stolen.",
    ] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    let text = render::job_card(&c().jobs[job(AMNON) as usize], &names);
    assert!(text.contains("steal up to 3 Inactive jobs"), "{text}");
    assert!(text.contains("$800 per job stolen"), "{text}");
}

/// FF-PBH-24: Piracy is worked against a rival's ship in one's own sector, and only with a
/// Piracy job.
#[test]
fn ff_pbh_24_piracy_needs_a_rival_in_the_same_sector() {
    let g = badger("", "", "cargo = 2");
    assert_eq!(menu_has(&g, "against captain 2"), 1);
    let far = piracy(
        "regina",
        ["malcolm", "womack"],
        "",
        &format!("hand = [\"{BADGER}\"]"),
        "sector = \"persephone\"\ncargo = 2",
    );
    assert!(work_piracy(&far).is_empty());
    // No Piracy job, no attack.
    let none = piracy("regina", ["malcolm", "womack"], "", "", "cargo = 2");
    assert!(work_piracy(&none).is_empty());
}

/// FF-PBH-24: each card names its targets: Harken's a rival Outlaw Ship, Niska's a rival not
/// Solid with Niska, Patience's a rival with no Active Patience job.
#[test]
fn ff_pbh_24_each_card_names_whom_it_may_target() {
    let with = |card: &str, p1: &str| {
        let g = piracy(
            "regina",
            ["malcolm", "womack"],
            "",
            &format!("hand = [\"{card}\"]"),
            p1,
        );
        !work_piracy(&g).is_empty()
    };
    assert!(!with(HARKEN, "cargo = 2"));
    assert!(with(HARKEN, "contraband = 1"));
    assert!(with(HARKEN, "warrants = 1"));
    assert!(with(NISKA, "cargo = 2"));
    assert!(!with(NISKA, "cargo = 2\nsolid = [\"niska\"]"));
    assert!(with(PATIENCE, "cargo = 2"));
    assert!(!with(
        PATIENCE,
        "cargo = 2\nactive = [{ job = \"patience-bank-holdup\" }]"
    ));
}

/// FF-PBH-25: the Work action puts the card in the Active Job area; a failed Boarding Test
/// leaves it there and the attempt is over; with 3 Active jobs a Piracy job in hand cannot be
/// attempted, but an Active one can be tried again.
#[test]
fn ff_pbh_25_the_card_goes_active_and_stays_after_a_failed_boarding_test() {
    let mut g = badger("2", "", "cargo = 2");
    let ev = choose(&mut g, "against captain 2");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobStarted { seat: 0, .. }
    )));
    assert!(g.players[0].active.iter().any(|a| a.job == job(BADGER)));
    let ev = choose(&mut g, "Board with Negotiate");
    assert!(!happened(&ev, |e| matches!(e, Event::ShowdownBegun { .. })));
    assert_eq!(g.phase, Phase::Actions);
    assert!(g.turn.work);
    assert!(g.players[0].active.iter().any(|a| a.job == job(BADGER)));
    assert_eq!(items(&g, 1)[Item::Cargo.index()], 2);

    let full = "active = [{ job = \"harken-cargo-delivery-albion\" }, { job = \"harken-cargo-delivery-ariel\" }, \
                { job = \"harken-cargo-delivery-osiris\" }]";
    let g = badger("", full, "cargo = 2");
    assert!(work_piracy(&g).is_empty(), "{:?}", menu(&g));
    let g = piracy(
        "regina",
        ["malcolm", "womack"],
        "",
        &format!(
            "active = [{{ job = \"harken-cargo-delivery-albion\" }}, {{ job = \"harken-cargo-delivery-ariel\" }}, \
             {{ job = \"{BADGER}\" }}]"
        ),
        "cargo = 2",
    );
    assert_eq!(work_piracy(&g).len(), 1);
}

/// FF-PBH-25: winning the Showdown completes the job: paid per Good stolen, Solid with the
/// Contact.
#[test]
fn ff_pbh_25_winning_the_showdown_completes_the_job() {
    // Board 1 + 5; attack Fight 2 + 5 = 7 against 2 + 1 = 3.
    let mut g = badger("5, 5, 1", "money = 1000", "cargo = 3");
    let ev = board_and_fight(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownWon {
            attacker_won: true,
            ..
        }
    )));
    assert!(matches!(g.phase, Phase::Plunder(_)));
    for _ in 0..3 {
        choose(&mut g, "Steal 1 Cargo");
    }
    let ev = choose(&mut g, "Done");
    let pay = ev.iter().find_map(|e| match e {
        Event::JobCompleted { job: j, pay, .. } if *j == job(BADGER) => Some(*pay),
        _ => None,
    });
    assert_eq!(pay, Some(600));
    assert_eq!(items(&g, 0)[Item::Cargo.index()], 3);
    assert_eq!(items(&g, 1)[Item::Cargo.index()], 0);
    assert!(g.players[0].completed.contains(job(BADGER)));
    assert!(g.players[0].is_solid(tabletop_firefly::content::ContactName::Badger));
}

/// FF-PBH-25: a lost Showdown: Badger's card kills one of the Attacker's crew and issues a
/// Warrant, which discards the job (FF-MISB-10).
#[test]
fn ff_pbh_25_a_lost_showdown_kills_and_issues_a_warrant() {
    // Board 6; attack 2 + 1 = 3 against 2 + 5 = 7.
    let mut g = badger(
        "5, 1, 5",
        "crew = [{ card = \"gun-hand-jim\" }]",
        "cargo = 3",
    );
    let ev = board_and_fight(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownWon {
            attacker_won: false,
            ..
        }
    )));
    // Kill 1 of the Attacker's crew: the Attacker picks whom if it is a choice.
    // Kill 1 of the Attacker's crew (the Attacker picks whom, FF-DEATH-1).
    assert!(can(&g, "Malcolm is Killed"));
    choose(&mut g, "Gun Hand Jim is Killed");
    assert_eq!(g.players[0].crew.len(), 1);
    assert_eq!(g.players[0].warrants, 1);
    assert!(!g.players[0].active.iter().any(|a| a.job == job(BADGER)));
    assert_eq!(items(&g, 1)[Item::Cargo.index()], 3);
}

/// FF-PBH-25: Harken's Legal card, lost: one crew Killed and Attempt Botched: no Warrant, the
/// job stays Active.
#[test]
fn ff_pbh_25_harkens_card_lost_is_botched_and_stays_active() {
    let mut g = piracy(
        "regina",
        ["malcolm", "womack"],
        "dice = [5, 1, 5]",
        &format!("hand = [\"{HARKEN}\"]\ncrew = [{{ card = \"gun-hand-jim\" }}]"),
        "contraband = 1",
    );
    choose(&mut g, "against captain 2");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    let ev = choose(&mut g, "Use Fight in the Showdown");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownWon {
            attacker_won: false,
            ..
        }
    )));
    choose(&mut g, "Gun Hand Jim is Killed");
    assert_eq!(g.players[0].crew.len(), 1);
    assert_eq!(g.players[0].warrants, 0);
    assert!(g.players[0].active.iter().any(|a| a.job == job(HARKEN)));
}

/// FF-PBH-26: Piracy against a Moral Leader is Immoral: the Attacker's Moral crew are
/// Disgruntled when it is completed, and crew who stay aboard for Immoral jobs stay aboard.
/// Against a Leader who is not Moral it is not.
#[test]
fn ff_pbh_26_piracy_is_subjective() {
    // Womack attacks Malcolm (Moral): Wash (Moral) is Disgruntled.
    let run = |target: &str| {
        let mut g = piracy(
            "regina",
            ["womack", target],
            "dice = [5, 5, 1]",
            &format!("hand = [\"{BADGER}\"]\ncrew = [{{ card = \"wash\" }}]"),
            "cargo = 1",
        );
        board_and_fight(&mut g);
        choose(&mut g, "Steal 1 Cargo");
        choose(&mut g, "Done");
        // Pay the Cut if asked.
        while g.phase != Phase::Actions {
            let m = menu(&g);
            let pick = m
                .iter()
                .find(|x| x.contains("Pay"))
                .unwrap_or(&m[0])
                .clone();
            choose(&mut g, &pick);
        }
        g.players[0].crew[1].disgruntled
    };
    assert!(run("malcolm"));
    assert!(!run("burgess"));
    // Shepherd Book stays aboard when the target's Leader is Moral.
    let g = piracy(
        "regina",
        ["womack", "malcolm"],
        "",
        &format!("hand = [\"{BADGER}\"]\ncrew = [{{ card = \"shepherd-book\" }}]"),
        "cargo = 1",
    );
    let p = &g.players[0];
    let t = tabletop_firefly::state::WorkTarget::Piracy {
        job: job(BADGER),
        target: 1,
    };
    assert_eq!(g.eligible_crew(p, t), 0b01);
}

/// FF-PBH-27, FF-PBH-28: before the Showdown is rolled the Defender keeps Goods in the Stash
/// (as room allows), and those cannot be stolen; once rolled, it is too late.
#[test]
fn ff_pbh_27_28_the_defender_hides_goods_in_the_stash_before_the_roll() {
    let mut g = badger("5, 5, 1", "", "cargo = 6\ncontraband = 2");
    choose(&mut g, "against captain 2");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    assert_eq!(g.actor, 1);
    // The Yun Qi's Stash holds 4 boxes: 2 Contraband and 2 Cargo.
    choose(&mut g, "Keep 1 Contraband in the Stash");
    choose(&mut g, "Keep 1 Contraband in the Stash");
    choose(&mut g, "Keep 1 Cargo in the Stash");
    choose(&mut g, "Keep 1 Cargo in the Stash");
    assert!(!can(&g, "in the Stash"), "{:?}", menu(&g));
    choose(&mut g, "Use Fight in the Showdown");
    // Rolled: no more re-arranging.
    assert!(!can(&g, "in the Stash"));
    assert!(!can(&g, "Steal 1 Contraband"));
    for _ in 0..4 {
        choose(&mut g, "Steal 1 Cargo");
    }
    assert!(!can(&g, "Steal 1 Cargo"), "{:?}", menu(&g));
    assert_eq!(items(&g, 1)[Item::Cargo.index()], 2);
    assert_eq!(items(&g, 1)[Item::Contraband.index()], 2);
}

/// FF-PBH-29: no more Goods than the card allows, nor than there is room for.
#[test]
fn ff_pbh_29_the_card_and_free_room_cap_the_plunder() {
    // Badger's card: 6 at most.
    let mut g = badger("5, 5, 1", "", "cargo = 8");
    board_and_fight(&mut g);
    for _ in 0..6 {
        choose(&mut g, "Steal 1 Cargo");
    }
    assert!(!can(&g, "Steal"));
    // Room: Serenity's 12 boxes, 10 taken by 10 Cargo: 2 more fit.
    let mut g = badger("5, 5, 1", "cargo = 10\nfuel = 0\nparts = 0", "cargo = 8");
    board_and_fight(&mut g);
    choose(&mut g, "Steal 1 Cargo");
    choose(&mut g, "Steal 1 Cargo");
    assert!(!can(&g, "Steal 1 Cargo"), "{:?}", menu(&g));
}

/// FF-PBH-30: Goods are Cargo, Contraband, Fuel and Parts; Passengers and Fugitives are not
/// stolen.
#[test]
fn ff_pbh_30_people_are_not_goods() {
    let mut g = badger(
        "5, 5, 1",
        "",
        "passengers = 2\nfugitives = 1\nfuel = 2\nparts = 1",
    );
    board_and_fight(&mut g);
    assert!(can(&g, "Steal 1 Fuel"));
    assert!(can(&g, "Steal 1 Part"));
    assert!(!legal(&g)
        .iter()
        .any(|a| matches!(a, Action::Steal(Item::Passengers | Item::Fugitives))));
}

/// FF-PBH-31: before stealing, the pirate may jettison Goods and, at a planet, drop Passengers
/// and Fugitives to make room; not once stealing has begun; nobody is dropped in empty space.
#[test]
fn ff_pbh_31_room_is_made_before_stealing() {
    let full = "cargo = 10\nfuel = 0\nparts = 0\npassengers = 1";
    let mut g = badger("5, 5, 1", full, "contraband = 4");
    board_and_fight(&mut g);
    assert!(can(&g, "Jettison 1 Cargo"));
    assert!(can(&g, "Unload 1 Passenger"));
    choose(&mut g, "Jettison 1 Cargo");
    choose(&mut g, "Steal 1 Contraband");
    assert!(!can(&g, "Jettison"));
    assert!(!can(&g, "Unload"));
    // In empty space nobody can be put off the ship.
    let id = "border-2";
    assert!(c().sectors[sector(id) as usize].planets.is_empty());
    let mut g = piracy(
        id,
        ["malcolm", "womack"],
        "dice = [5, 5, 1]",
        &format!("hand = [\"{BADGER}\"]\n{full}"),
        "contraband = 4",
    );
    board_and_fight(&mut g);
    assert!(can(&g, "Jettison 1 Cargo"));
    assert!(!can(&g, "Unload"));
}

/// FF-PBH-32: stealing jobs may take the hand over the limit, but the pirate discards down to
/// it before the Work action ends; the pay is per job stolen.
#[test]
fn ff_pbh_32_stolen_jobs_then_back_down_to_the_hand_limit() {
    let mut g = piracy(
        "regina",
        ["malcolm", "womack"],
        "dice = [5, 5, 1]",
        &format!("hand = [\"{AMNON}\", \"harken-cargo-delivery-albion\", \"harken-cargo-delivery-osiris\"]"),
        "hand = [\"patience-dung-run\", \"patience-cattle-rustling\", \
         \"harken-cargo-delivery-sihnon\"]",
    );
    choose(&mut g, "against captain 2");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    choose(&mut g, "Use Fight in the Showdown");
    for _ in 0..3 {
        let ev = choose(&mut g, "Steal a job");
        assert!(happened(&ev, |e| matches!(
            e,
            Event::JobStolen {
                seat: 0,
                from: 1,
                ..
            }
        )));
    }
    assert!(!can(&g, "Steal a job"));
    assert_eq!(g.players[0].hand.len(), 5);
    assert!(g.players[1].hand.is_empty());
    choose(&mut g, "Done");
    // Over the limit: only discarding, until 3 are left.
    assert!(legal(&g).iter().all(|a| matches!(a, Action::DiscardJob(_))));
    choose(&mut g, "Discard");
    let ev = choose(&mut g, "Discard");
    let pay = ev.iter().find_map(|e| match e {
        Event::JobCompleted { pay, .. } => Some(*pay),
        _ => None,
    });
    assert_eq!(pay, Some(2400));
    assert_eq!(g.players[0].hand.len(), 3);
}

/// FF-PBH-33: a Big Damn Challenge cannot go under a Piracy job: working one never offers to
/// attach it.
#[test]
fn ff_pbh_33_no_challenge_under_a_piracy_job() {
    // No source has Mr. Universe's cards: the rules are tested with the Blue Sun tests' cards.
    let content = content_with(
        "test/challenges.toml",
        include_str!("test-content/challenges.toml"),
    );
    let challenge = "test-off-the-books";
    assert!(content.jobs.iter().any(|j| j.id == challenge && j.illegal));
    let mut g = scenario_on(
        content,
        &format!(
            "expansions = [\"pirates-and-bounty-hunters\", \"blue-sun\"]\ndice = [5, 5, 1]\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"regina\"\n\
             hand = [\"{BADGER}\", \"{challenge}\"]\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\ncargo = 1\n"
        ),
    );
    let job = |id: &str| content.jobs.iter().position(|j| j.id == id).unwrap() as JobId;
    let p = &g.players[0];
    assert_eq!(g.attachable_challenges(p, 1, job(BADGER)).count(), 0);
    choose(&mut g, "against captain 2");
    assert!(!matches!(g.phase, Phase::AttachChallenge { .. }));
    assert!(g.players[0].hand.contains(&job(challenge)));
}

fn menu_has(g: &Firefly, text: &str) -> usize {
    menu(g).iter().filter(|m| m.contains(text)).count()
}

/// FF-PBH-25 with the box's cards: completing a Piracy job, Leader Sash takes $500 and each
/// Bandit $200 from the targeted rival; on the S.S. Walden the job also counts as a Salvage Op
/// (FF-MISC-10).
#[test]
fn ff_pbh_25_sash_and_the_bandits_take_money_and_the_walden_salvages() {
    // Sash (Tech 1, Negotiate 2) boards with Negotiate 2 + 4; Negotiate 2 + 5 against Womack's
    // Fight 2 + 1.
    let mut g = piracy(
        "regina",
        ["sash", "womack"],
        "dice = [4, 5, 1]",
        &format!("hand = [\"{BADGER}\"]\ncrew = [{{ card = \"bandit\" }}]\nmoney = 0"),
        "cargo = 1\nmoney = 1000",
    );
    choose(&mut g, "against captain 2");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Negotiate in the Showdown");
    choose(&mut g, "Use Fight in the Showdown");
    choose(&mut g, "Steal 1 Cargo");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::MoneyTaken {
            seat: 0,
            from: 1,
            amount: 700
        }
    )));
    assert_eq!(g.players[1].money, 300);
    let salvage = tabletop_firefly::content::JobType::SalvageOp;
    let walden = piracy(
        "regina",
        ["malcolm", "womack"],
        "",
        "ship = \"ss-walden\"",
        "",
    );
    assert!(walden.job_counts_as(0, job(BADGER), salvage));
    assert!(!g.job_counts_as(0, job(BADGER), salvage));
}
