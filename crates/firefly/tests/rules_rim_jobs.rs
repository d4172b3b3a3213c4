//! The Job cards Blue Sun and Kalidasa add (FF-SETUP-21, FF-BS-4, FF-KAL-19) and the job rules
//! their cards print: "Good Deeds" (no Cut for Moral crew, FF-WORK-18/19), a Bonus earned with a
//! keyword (FF-WORK-17), Needs met one way or another (FF-WORK-9).

use tabletop_core::NewGame;
use tabletop_firefly::content::{ContactName, Content, Expansion, Source};
use tabletop_firefly::event::PaySource;
use tabletop_firefly::state::WorkTarget;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

fn game_text(expansions: &str, p0: &str) -> String {
    format!(
        "expansions = [{expansions}]\n\
         [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n"
    )
}

fn deck_of(g: &Firefly, k: ContactName) -> Vec<String> {
    g.decks.contacts[k.index()]
        .all_cards()
        .map(|j| c().jobs[j as usize].id.clone())
        .collect()
}

/// FF-SETUP-21, FF-BS-4: each expansion's Job cards go into their Contacts' decks when it is in
/// play, and only then: Lord Harrow's deck with Blue Sun, Magistrate Higgins' and Fanty &
/// Mingo's with Kalidasa, and each box's new jobs for the base Contacts.
#[test]
fn ff_setup_21_expansion_jobs_are_shuffled_into_their_decks() {
    let deal = |e: &[Expansion]| {
        let mut o = Options::new(2, DEFAULT_STORY);
        o.expansions = e.to_vec();
        Firefly::new_game(c(), &o, 9).unwrap()
    };
    let count = |g: &Firefly, k: ContactName, src: Source| {
        g.decks.contacts[k.index()]
            .all_cards()
            .chain(g.players.iter().flat_map(|p| p.hand.iter().copied()))
            .filter(|&j| {
                let job = &c().jobs[j as usize];
                job.contact == Some(k) && job.source == src
            })
            .count()
    };
    let base = deal(&[]);
    let bs = deal(&[Expansion::BlueSun]);
    let kal = deal(&[Expansion::Kalidasa]);
    assert_eq!(count(&base, ContactName::Harken, Source::BlueSun), 0);
    assert_eq!(count(&bs, ContactName::Harken, Source::BlueSun), 5);
    assert_eq!(count(&bs, ContactName::LordHarrow, Source::BlueSun), 25);
    assert_eq!(count(&bs, ContactName::Harken, Source::Kalidasa), 0);
    assert_eq!(count(&kal, ContactName::Harken, Source::Kalidasa), 5);
    assert!(count(&kal, ContactName::FantyAndMingo, Source::Kalidasa) > 0);
    assert!(count(&kal, ContactName::MagistrateHiggins, Source::Kalidasa) > 0);
    assert_eq!(count(&kal, ContactName::LordHarrow, Source::BlueSun), 0);
}

/// FF-KAL-19: Magistrate Higgins' jobs to Blue Sun planets are dealt only when Blue Sun is in
/// play too (the content has 6; the rulebook says 7, see crates/firefly/NOTES.md).
#[test]
fn ff_kal_19_higgins_blue_sun_jobs_only_with_blue_sun() {
    let to_blue_sun: Vec<&str> = c()
        .jobs
        .iter()
        .enumerate()
        .filter(|(j, job)| {
            job.contact == Some(ContactName::MagistrateHiggins)
                && c().job_sectors[*j]
                    .iter()
                    .any(|&s| c().sectors[s as usize].source == Source::BlueSun)
        })
        .map(|(_, job)| job.id.as_str())
        .collect();
    assert_eq!(to_blue_sun.len(), 6, "{to_blue_sun:?}");
    let deal = |e: &[Expansion]| {
        let mut o = Options::new(2, DEFAULT_STORY);
        o.expansions = e.to_vec();
        let g = Firefly::new_game(c(), &o, 4).unwrap();
        let mut all = deck_of(&g, ContactName::MagistrateHiggins);
        for p in &g.players {
            all.extend(p.hand.iter().map(|&j| c().jobs[j as usize].id.clone()));
        }
        all
    };
    let kal = deal(&[Expansion::Kalidasa]);
    let both = deal(&[Expansion::Kalidasa, Expansion::BlueSun]);
    for id in &to_blue_sun {
        assert!(!kal.iter().any(|x| x == id), "{id} without Blue Sun");
        assert!(both.iter().any(|x| x == id), "{id} missing with Blue Sun");
    }
}

/// "Good Deeds" (FF-WORK-18/19 do not apply to Moral crew): completing "Mercy is the mark of a
/// great man", Zoë (Moral) asks no Cut and stays content; Jayne (not Moral) is asked as usual.
#[test]
fn good_deeds_moral_crew_take_no_cut() {
    let mut g = scenario(&game_text(
        "\"blue-sun\"",
        "sector = \"shadow\"\ncontraband = 3\n\
         crew = [{ card = \"zoe\" }, { card = \"jayne\" }]\n\
         active = [{ job = \"lord-harrow-mercy-is-the-mark-of-a-great-man\", steps-done = 1 }]",
    ));
    let j = job_id(&g, "lord-harrow-mercy-is-the-mark-of-a-great-man");
    act(&mut g, Action::Work(WorkTarget::Job(j)));
    let ev = act(&mut g, Action::Done);
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    // Only Jayne's Cut is asked.
    let Phase::PayCuts { next, .. } = g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(crew_names(&g, 0)[next as usize], "Jayne");
    act(&mut g, Action::PayCut(false));
    assert_eq!(g.phase, Phase::Actions);
    let p = &g.players[0];
    assert!(!p.crew[1].disgruntled, "Zoë is not Disgruntled");
    assert!(p.crew[2].disgruntled, "Jayne went unpaid");
}

/// FF-WORK-17 (Kalidasa's "Bonus with TRANSPORT"): the Mud Run's bonus is earned with the
/// keyword among the crew's gear.
#[test]
fn a_keyword_bonus_is_earned_with_the_keyword() {
    let pay = |gear: &str| {
        let mut g = scenario(&game_text(
            "\"blue-sun\", \"kalidasa\"",
            &format!(
                "sector = \"meridian\"\ncargo = 5\nleader-gear = [{gear}]\n\
                 active = [{{ job = \"magistrate-higgins-mud-run-meridian\", steps-done = 1 }}]"
            ),
        ));
        let j = job_id(&g, "magistrate-higgins-mud-run-meridian");
        act(&mut g, Action::Work(WorkTarget::Job(j)));
        let ev = act(&mut g, Action::Done);
        ev.iter()
            .find_map(|e| match e {
                Event::JobCompleted { pay, terms, .. } => Some((
                    *pay,
                    terms
                        .iter()
                        .any(|t| matches!(t.source, PaySource::KeywordBonus { .. })),
                )),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(pay(""), (2000, false));
    assert_eq!(pay("\"4wd-mule\""), (2200, true));
}

/// FF-WORK-9 ("Needs: Solid with Patience OR FIREARM"): either one lets the job be worked.
#[test]
fn needs_met_one_way_or_another() {
    let can = |extra: &str| {
        let g = scenario(&game_text(
            "\"kalidasa\"",
            &format!(
                "sector = \"athens\"\n{extra}\nhand = [\"magistrate-higgins-dirt-nap-fetch-conroy\"]"
            ),
        ));
        let j = job_id(&g, "magistrate-higgins-dirt-nap-fetch-conroy");
        legal(&g).contains(&Action::Work(WorkTarget::Job(j)))
    };
    assert!(!can(""));
    assert!(can("solid = [\"patience\"]"));
    assert!(can("leader-gear = [\"pistol\"]"));
}

/// FF-MISC-11, Kalidasa's Bonus Drop-Off: a Bonus Opportunity at another planet, worked with a
/// Work action of its own once the job is started (Active) and before it is complete: its goods
/// are delivered and the bonus is paid (no Cut); once only. "Two-faced swindlers": 4 Contraband
/// to Pelorum for $3,000, then 4 more to Ariel for the job's pay.
#[test]
fn ff_misc_11_a_bonus_drop_off_at_another_planet() {
    let id = "fanty-and-mingo-two-faced-swindlers";
    let text = |sector: &str, where_: &str| {
        game_text(
            "\"kalidasa\"",
            &format!(
                "sector = \"{sector}\"\ncontraband = 4\ncrew = [{{ card = \"zoe\" }}]\n{where_}"
            ),
        )
    };
    // In hand (not started): no Bonus Drop-Off.
    let g = scenario(&text("pelorum", &format!("hand = [\"{id}\"]")));
    assert!(!can(&g, "Bonus Drop-Off"), "{:?}", menu(&g));
    // Started: worked at Pelorum.
    let mut g = scenario(&text(
        "pelorum",
        &format!("active = [{{ job = \"{id}\", steps-done = 1 }}]"),
    ));
    let money = g.players[0].money;
    choose(&mut g, "Bonus Drop-Off");
    let mut ev = act(&mut g, Action::Done);
    while g.phase == Phase::Resolving {
        let a = legal(&g)[0];
        ev.extend(act(&mut g, a));
    }
    assert!(happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { .. }
    )));
    let p = &g.players[0];
    assert_eq!(p.money, money + 3000, "no Cut for Zoë");
    assert_eq!(p.item(tabletop_firefly::content::Item::Contraband), 0);
    assert_eq!(p.active.len(), 1, "the job goes on");
    assert_eq!(g.phase, Phase::Actions);
    // Once only: with more Contraband aboard, it is not offered again.
    let mut g2 = g.clone();
    g2.players[0].items[tabletop_firefly::content::Item::Contraband.index()] = 4;
    assert!(!can(&g2, "Bonus Drop-Off"));
    // Elsewhere, or without the goods, it is not offered either.
    let g = scenario(&text(
        "ariel",
        &format!("active = [{{ job = \"{id}\", steps-done = 1 }}]"),
    ));
    assert!(!can(&g, "Bonus Drop-Off"));
    let g = scenario(&game_text(
        "\"kalidasa\"",
        &format!(
            "sector = \"pelorum\"\ncontraband = 3\nactive = [{{ job = \"{id}\", steps-done = 1 }}]"
        ),
    ));
    assert!(!can(&g, "Bonus Drop-Off"));
}
