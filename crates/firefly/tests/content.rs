//! The built-in content loads and has the published shape.

use tabletop_firefly::content::{Content, ContentFiles, Expansion, ExpansionSet};

#[test]
fn builtin_content_loads_and_validates() {
    let c = Content::builtin();
    assert!(!c.sectors.is_empty());
}

#[test]
fn a_broken_reference_names_file_entry_and_field() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/bad.toml".into(),
        r#"
[[sector]]
id = "nowhere"
name = "Nowhere"
zone = "border"
source = "promo"
neighbours = ["no-such-sector"]
at = [0, 0]
box = [0, 0, 100, 100]
"#
        .into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/bad.toml");
    assert_eq!(err.entry, "sector \"nowhere\"");
    assert_eq!(err.field, "neighbours");
    assert!(
        err.to_string()
            .contains("unknown sector \"no-such-sector\""),
        "{err}"
    );
}

#[test]
fn a_malformed_file_is_refused_with_its_name_and_line() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/typo.toml".into(),
        "[[crew]]\nid = \"x\"\nnmae = \"X\"\n".into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/typo.toml");
    assert!(err.message.contains("nmae"), "{err}");
    assert!(err.message.contains("line"), "{err}");
}

#[test]
fn a_story_that_both_closes_and_deals_from_a_contact_is_refused() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/story.toml".into(),
        r#"
[[story]]
id = "contradiction"
title = "Contradiction"
source = "promo"
premise = "Harken both deals and does not."
players = [2, 4]
setup = { starting_jobs_from = ["harken", "badger"], closed_contacts = ["harken"] }

[[story.goals]]
name = "Be rich"
requires = [{ kind = "money", amount = 20000 }]
"#
        .into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/story.toml");
    assert_eq!(err.entry, "story \"contradiction\"");
    assert_eq!(err.field, "setup.closed_contacts");
    assert!(err.message.contains("Harken"), "{err}");
}

/// Settling unfinished jobs (`settle_jobs`) only matters where the most credits win, so a story
/// that settles jobs without a Last Call ending is refused, naming the field.
#[test]
fn a_story_that_settles_jobs_without_last_call_is_refused() {
    let err = load_err(
        r#"
[[story]]
id = "no-ending"
title = "No Ending"
source = "promo"
premise = "Jobs are settled, but nobody counts the credits."
players = [2, 4]
settle_jobs = true

[[story.goals]]
name = "Be rich"
requires = [{ kind = "money", amount = 20000 }]
"#,
    );
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "story \"no-ending\"");
    assert_eq!(err.field, "settle_jobs");
    assert!(err.message.contains("last_call"), "{err}");
}

/// A board section from an expansion joins the board by listing its links to base sectors; the
/// base files stay untouched and the link counts both ways.
#[test]
fn an_expansion_section_links_to_the_base_board_from_its_own_side() {
    let section = |source: &str| {
        format!(
            r#"
[[sector]]
id = "far-reach"
name = "Far Reach"
zone = "border"
source = "{source}"
neighbours = ["border-10"]
at = [130, 10]
box = [31000, 5800, 1200, 1200]
"#
        )
    };
    let mut files = ContentFiles::builtin();
    files
        .files
        .push(("blue-sun/board.toml".into(), section("blue-sun")));
    let c = Content::load(&files).unwrap();
    let far = c.sector("far-reach").unwrap();
    let b10 = c.sector("border-10").unwrap();
    // On the board of a game with Blue Sun; a base game's board does not have the sector.
    let blue_sun = c.board(ExpansionSet::of(&[Expansion::BlueSun]));
    assert_eq!(blue_sun.neighbours[far as usize], vec![b10]);
    assert!(blue_sun.neighbours[b10 as usize].contains(&far));
    assert!(!c.board(ExpansionSet::default()).in_play(far));
    assert!(!c.neighbours[b10 as usize].contains(&far));

    // Within one source both sectors must list the link: a one-sided base link is a typo.
    let mut files = ContentFiles::builtin();
    files
        .files
        .push(("base/extra.toml".into(), section("base")));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.entry, "sector \"border-10\"");
    assert_eq!(err.field, "neighbours");
    assert!(err.message.contains("far-reach"), "{err}");
}

/// The error of loading the base content plus one test file.
fn load_err(extra: &str) -> tabletop_firefly::content::ContentError {
    let mut files = ContentFiles::builtin();
    files
        .files
        .push(("test/extra.toml".into(), extra.to_string()));
    Content::load(&files).expect_err("the test file is invalid")
}

const NAV_HEAD: &str =
    "[[nav]]\nid = \"test-nav\"\nname = \"Test\"\ndeck = \"border\"\nsource = \"promo\"\n";
const MISB_HEAD: &str =
    "[[misbehave]]\nid = \"test-misb\"\nname = \"Test\"\nsuit = \"spades\"\nsource = \"promo\"\n";

/// FF-MISB-14: only a Misbehave card can tell you to draw another Misbehave card.
#[test]
fn ff_misb_14_draw_another_only_on_misbehave_cards() {
    let err = load_err(&format!(
        "{NAV_HEAD}[[nav.options]]\nname = \"Huh\"\nends = \"draw-another\"\n"
    ));
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "nav \"test-nav\"");
    assert_eq!(err.field, "options[0].ends");
    assert!(err.message.contains("FF-MISB-14"), "{err}");
}

/// FF-MISB-15: further steps follow a first test, and each step but the last can end in
/// Proceed (else the next could never be made); only cards worked on a job have steps.
#[test]
fn ff_misb_15_steps_are_checked() {
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\nends = \"proceed\"\n\
         [[misbehave.options.then]]\nskill = \"tech\"\n\
         [[misbehave.options.then.outcomes]]\nmin = 1\nends = \"proceed\"\n"
    ));
    assert_eq!(err.field, "options[0].then");
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n[misbehave.options.test]\n\
         skill = \"tech\"\n[[misbehave.options.test.outcomes]]\nmin = 1\n\
         ends = \"attempt-botched\"\n[[misbehave.options.then]]\nskill = \"fight\"\n\
         [[misbehave.options.then.outcomes]]\nmin = 1\nends = \"proceed\"\n"
    ));
    assert_eq!(err.entry, "misbehave \"test-misb\"");
    assert_eq!(err.field, "options[0].test");
    assert!(err.message.contains("next step"), "{err}");
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n[misbehave.options.test]\n\
         skill = \"tech\"\n[[misbehave.options.test.outcomes]]\nmin = 1\nends = \"proceed\"\n\
         [[misbehave.options.then]]\nskill = \"fight\"\n\
         [[misbehave.options.then.outcomes]]\nmin = 3\nends = \"proceed\"\n"
    ));
    assert_eq!(err.field, "options[0].then[0].outcomes[0].min");
}

/// FF-MISC-6: a split is made by an option's own effects, on a card worked on a job, into at
/// least 2 teams, each with its own test.
#[test]
fn ff_misc_6_splits_are_checked() {
    let test = "[misbehave.options.test]\nskill = \"tech\"\n\
                [[misbehave.options.test.outcomes]]\nmin = 1\nends = \"proceed\"\n";
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n\
         effects = [{{ kind = \"split-crew\", teams = 2 }}]\n{test}"
    ));
    assert_eq!(err.field, "options[0].effects[0]");
    assert!(err.message.contains("2 teams need 2 steps"), "{err}");
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n\
         effects = [{{ kind = \"split-crew\", teams = 1 }}]\n{test}"
    ));
    assert_eq!(err.field, "options[0].effects[0].teams");
    let err = load_err(&format!(
        "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n[misbehave.options.test]\n\
         skill = \"tech\"\n[[misbehave.options.test.outcomes]]\nmin = 1\n\
         effects = [{{ kind = \"split-crew\", teams = 2 }}]\nends = \"proceed\"\n"
    ));
    assert_eq!(err.field, "options[0].test.outcomes[0].effects[0]");
    let err = load_err(&format!(
        "{NAV_HEAD}[[nav.options]]\nname = \"A\"\n\
         effects = [{{ kind = \"split-crew\", teams = 2 }}]\nends = \"keep-flying\"\n"
    ));
    assert_eq!(err.field, "options[0].effects[0]");
    assert!(err.message.contains("FF-MISC-6"), "{err}");
}

/// FF-MISC-9: Gear is seized from the crew on a job: not by a Nav card.
#[test]
fn ff_misc_9_seizures_only_on_a_job() {
    let err = load_err(&format!(
        "{NAV_HEAD}[[nav.options]]\nname = \"A\"\n\
         effects = [{{ kind = \"seize-gear\", keyword = \"firearm\" }}]\nends = \"keep-flying\"\n"
    ));
    assert_eq!(err.entry, "nav \"test-nav\"");
    assert_eq!(err.field, "options[0].effects[0]");
    assert!(err.message.contains("FF-MISC-9"), "{err}");
}

/// FF-MISC-11: an Opportunity Bonus has a reward of its own (not a change to the job's pay),
/// and a name used once on its job.
#[test]
fn ff_misc_11_opportunities_are_checked() {
    let job = "[[job]]\nid = \"test-job\"\nname = \"T\"\ncontact = \"badger\"\n\
               source = \"promo\"\ntypes = [\"crime\"]\npay = 100\n\
               [[job.steps]]\nkind = \"target\"\nat = \"persephone\"\n";
    let err = load_err(&format!(
        "{job}[[job.opportunities]]\nname = \"A\"\nreward = [{{ kind = \"pay-adjust\", amount = 500 }}]\n"
    ));
    assert_eq!(err.entry, "job \"test-job\"");
    assert_eq!(err.field, "opportunities[0].reward[0]");
    assert!(err.message.contains("FF-MISC-11"), "{err}");
    let err = load_err(&format!(
        "{job}[[job.opportunities]]\nname = \"A\"\nreward = []\n"
    ));
    assert_eq!(err.field, "opportunities[0].reward");
    let bonus = "[[job.opportunities]]\nname = \"A\"\n\
                 reward = [{ kind = \"take-money\", amount = 100 }]\n";
    let err = load_err(&format!("{job}{bonus}{bonus}"));
    assert_eq!(err.field, "opportunities[1].name");
}

/// FF-SKILL-6/7: only a Fight test is Kosherized and only a Negotiate test takes Bribes (a
/// Kosherized Negotiate test would become one under Stitch's "treat it as a Fight test").
#[test]
fn ff_skill_6_7_kosherized_and_bribes_mark_their_own_skill() {
    let test = |skill: &str, flag: &str| {
        load_err(&format!(
            "{MISB_HEAD}[[misbehave.options]]\nname = \"A\"\n[misbehave.options.test]\n\
             skill = \"{skill}\"\n{flag} = true\n\
             [[misbehave.options.test.outcomes]]\nmin = 1\nends = \"proceed\"\n"
        ))
    };
    let err = test("negotiate", "kosherized");
    assert_eq!(err.entry, "misbehave \"test-misb\"");
    assert_eq!(err.field, "options[0].test.kosherized");
    assert!(err.message.contains("FF-SKILL-6"), "{err}");
    let err = test("fight", "bribes");
    assert_eq!(err.field, "options[0].test.bribes");
    assert!(err.message.contains("FF-SKILL-7"), "{err}");
}

/// The fingerprint (recorded in saves) depends on the content only: the same files read from
/// a directory, under other names or with other comments give the built-in fingerprint; a
/// changed card does not.
#[test]
fn the_fingerprint_depends_on_the_content_only() {
    let builtin = Content::builtin().fingerprint.clone();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let from_dir = Content::load(&ContentFiles::from_dir(&dir).unwrap()).unwrap();
    assert_eq!(from_dir.fingerprint, builtin);
    let mut moved = ContentFiles::builtin();
    for (path, text) in &mut moved.files {
        *path = format!("some/other/place/{}", path.replace('/', "\\"));
        *text = format!("# a copy\n{text}");
    }
    assert_eq!(Content::load(&moved).unwrap().fingerprint, builtin);
    let mut changed = ContentFiles::builtin();
    let (_, text) = changed
        .files
        .iter_mut()
        .find(|(p, _)| p.ends_with("gear.toml"))
        .unwrap();
    *text = text.replacen("cost = 400", "cost = 500", 1);
    assert_ne!(Content::load(&changed).unwrap().fingerprint, builtin);
}

/// Content that cannot set up a game — no story, no ship, no Leader — is refused on load,
/// naming what is missing (FF-SETUP-8/9/13).
#[test]
fn content_that_cannot_set_up_a_game_is_refused() {
    let without = |file: &str| {
        let mut files = ContentFiles::builtin();
        files.files.retain(|(p, _)| !p.ends_with(file));
        Content::load(&files).expect_err("refused")
    };
    let e = without("stories.toml");
    assert_eq!(
        (e.file.as_str(), e.field.as_str()),
        ("(all files)", "story")
    );
    let e = without("ships.toml");
    assert_eq!(e.field, "ship", "{e}");
    let mut files = ContentFiles::builtin();
    for (_, t) in &mut files.files {
        *t = t.replace("leader = true", "leader = false");
    }
    let e = Content::load(&files).expect_err("refused");
    assert_eq!(e.field, "crew.leader", "{e}");
    // A story for more captains than there are ships can never be set up.
    let e = load_err(
        "[[story]]\nid = \"crowded\"\ntitle = \"Crowded\"\nsource = \"promo\"\n\
         premise = \"Five captains.\"\nplayers = [5, 5]\n[[story.goals]]\nname = \"Win\"\n\
         requires = [{ kind = \"money\", amount = 20000 }]\n",
    );
    assert_eq!(e.entry, "story \"crowded\"", "{e}");
    assert_eq!(e.field, "players");
}

/// One file can be checked on its own (the fuzz targets do): every built-in file passes, and
/// a broken entry is refused naming the file, the entry and the field.
#[test]
fn one_file_is_checked_on_its_own() {
    use tabletop_firefly::content::load::check_file;
    for (path, text) in &ContentFiles::builtin().files {
        check_file(path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    let e = check_file(
        "extra.toml",
        &format!("{NAV_HEAD}[[nav.options]]\nname = \"Huh\"\nends = \"draw-another\"\n"),
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("extra.toml", "nav \"test-nav\"", "options[0].ends")
    );
}

/// A sector's layout box (for drawing the board) must have a size.
#[test]
fn a_sector_box_without_a_size_is_refused() {
    let err = load_err(
        "[[sector]]\nid = \"flat\"\nname = \"Flat\"\nzone = \"border\"\nsource = \"promo\"\n\
         neighbours = [\"border-10\"]\nat = [0, 0]\nbox = [100, 100, 0, 50]\n",
    );
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "sector \"flat\"");
    assert_eq!(err.field, "box");
    assert!(err.message.contains("positive"), "{err}");
}

/// FF-FLY-6: the shortest route between two sectors runs over the board's links, one sector at
/// a time, and no route is shorter than the one found; on the board of every set of expansions
/// (FF-BS-1, FF-KAL-1), each of which is connected.
#[test]
fn the_shortest_route_runs_over_links() {
    let c = Content::builtin();
    let s = |id: &str| c.sector(id).unwrap();
    let from = s("persephone");
    assert_eq!(c.shortest_route(from, from), Some(vec![]));
    let next = c.neighbours[from as usize][0];
    assert_eq!(c.shortest_route(from, next), Some(vec![next]));
    for set in ExpansionSet::BOARDS {
        let board = c.board(set);
        // Every sector is reached, each step is a link, and a route is never longer than one
        // step more than the route to the sector before its end.
        for to in (0..c.sectors.len() as u16).filter(|&x| board.in_play(x)) {
            let r = c
                .shortest_route_on(set, from, to)
                .expect("the board is connected");
            let mut at = from;
            for &x in &r {
                assert!(board.neighbours[at as usize].contains(&x));
                at = x;
            }
            assert_eq!(at, to);
            // The board's distance table (read while listing legal actions) agrees.
            assert_eq!(board.distance(from, to), Some(r.len() as u16));
            assert_eq!(board.distance(to, from), Some(r.len() as u16));
            for &n in &board.neighbours[to as usize] {
                let rn = c.shortest_route_on(set, from, n).unwrap();
                assert!(r.len() <= rn.len() + 1, "{to} via {n}");
            }
        }
        // Sectors of an expansion not in play are not on the board, and no way leads there.
        for x in 0..c.sectors.len() as u16 {
            assert_eq!(board.in_play(x), set.includes(c.sectors[x as usize].source));
            if !board.in_play(x) {
                assert_eq!(board.distance(from, x), None);
            }
        }
    }
}

/// A card used on one's turn (`Ability::Use`): its options only have effects (FF-TURN-6: a
/// use rolls nothing and ends no card), and a look at a deck's top shows 1 to 8 cards. Each
/// refusal names the file, the card and the field.
#[test]
fn a_cards_use_is_checked() {
    let gear = |options: &str| {
        format!(
            "[[gear]]\nid = \"test-gear\"\nname = \"Test\"\nsource = \"promo\"\ncost = 100\n\
             abilities = [{{ kind = \"use\", discard = true, options = [{options}] }}]\n"
        )
    };
    let err = load_err(&gear(""));
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "gear \"test-gear\"");
    assert_eq!(err.field, "abilities[0].options");
    let err = load_err(&gear("{ name = \"Roll\", ends = \"proceed\" }"));
    assert_eq!(err.field, "abilities[0].options[0]");
    assert!(err.message.contains("effects only"), "{err}");
    let err = load_err(&gear(
        "{ name = \"Peek\", effects = [{ kind = \"arrange-nav\", deck = \"border\", cards = 0 }] }",
    ));
    assert_eq!(err.field, "abilities[0].options[0].effects[0].cards");
    let err = load_err(&gear(
        "{ name = \"Peek\", effects = [{ kind = \"arrange-misbehave\", cards = 9 }] }",
    ));
    assert_eq!(err.field, "abilities[0].options[0].effects[0].cards");
    assert!(err.message.contains("1 to 8"), "{err}");
}

/// The ship cards' numbers and the Nav card an Emissions Recycler counts are checked on load,
/// each refusal naming file, entry and field.
#[test]
fn ship_card_abilities_are_checked() {
    let upgrade = |ability: &str| {
        format!(
            "[[upgrade]]\nid = \"test-upgrade\"\nname = \"Test\"\nsource = \"promo\"\ncost = 100\n\
             abilities = [{ability}]\n"
        )
    };
    let err = load_err(&upgrade(
        "{ kind = \"fuel-after-nav-cards\", card = \"The Small White\", in_a_row = 2 }",
    ));
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "upgrade \"test-upgrade\"");
    assert_eq!(err.field, "abilities[0].card");
    let err = load_err(&upgrade(
        "{ kind = \"fuel-after-nav-cards\", card = \"The Big Black\", in_a_row = 0 }",
    ));
    assert_eq!(err.field, "abilities[0].in_a_row");
    let err = load_err(&upgrade("{ kind = \"evade-arriving-ships\", from = 7 }"));
    assert_eq!(err.field, "abilities[0].from");
    assert!(err.message.contains("1 to 6"), "{err}");
}

/// A Nav deck holds at most `NAV_DECK_ROOM` cards (a state keeps its decks inline, issue
/// 11): content that would deal a bigger deck is refused on load, naming the card that does
/// not fit. A promo Nav card is dealt with every expansion, so the Border deck with all of them
/// (the biggest) says how many copies still fit.
#[test]
fn a_deck_too_big_for_the_table_is_refused_on_load() {
    use tabletop_firefly::content::{NavDeckName, Source};
    let c = Content::builtin();
    let all = ExpansionSet::of(&Expansion::ALL);
    let border = (c.nav_deck_cards(all).into_iter())
        .filter(|&i| c.nav_def(i).deck == NavDeckName::Border)
        .count();
    assert!((c.nav_defs.iter()).all(|d| d.source != Source::Promo));
    let room = tabletop_firefly::state::NAV_DECK_ROOM - border;
    let card = |copies: usize| {
        format!("{NAV_HEAD}copies = {copies}\n[[nav.options]]\nname = \"Keep Flying\"\nends = \"keep-flying\"\n")
    };
    let err = load_err(&card(room + 1));
    assert_eq!(err.file, "test/extra.toml");
    assert_eq!(err.entry, "nav \"test-nav\"");
    assert_eq!(err.field, "deck");
    assert!(err.message.contains("at most 64"), "{err}");
    let mut files = ContentFiles::builtin();
    files.files.push(("test/extra.toml".into(), card(room)));
    assert!(Content::load(&files).is_ok(), "{room} more cards fit");
}

/// Issue 11: a captain's lists are held inline, with room the rules and the content bound (a
/// state's copy is one copy of memory). Content whose ships, crew or Set Up cards could need more
/// room in some game is refused on load, naming the file, entry and field; content at the room
/// loads.
#[test]
fn a_captain_who_could_outgrow_the_table_is_refused_on_load() {
    use tabletop_firefly::state::{CREW_ROOM, GEAR_ROOM, UPGRADE_ROOM};
    let where_ = |e: &tabletop_firefly::content::ContentError| {
        (e.file.clone(), e.entry.clone(), e.field.clone())
    };
    let loads = |extra: String| {
        let mut files = ContentFiles::builtin();
        files.files.push(("test/extra.toml".into(), extra));
        Content::load(&files).map(|_| ())
    };
    // FF-BUY-11: an upgrade is bought onto a full ship before one is discarded.
    let ship = |slots: usize, crew: usize| {
        format!(
            "[[ship]]\nid = \"test-ship\"\nname = \"Test\"\nsource = \"promo\"\nhold = 8\n\
             stash = 4\nmax_crew = {crew}\nupgrade_slots = {slots}\n\
             drive_core = \"radion-accelerator-mark-i\"\n"
        )
    };
    let err = load_err(&ship(UPGRADE_ROOM, 6));
    let at = |field: &str| {
        (
            "test/extra.toml".into(),
            "ship \"test-ship\"".into(),
            field.into(),
        )
    };
    assert_eq!(where_(&err), at("upgrade_slots"), "{err}");
    assert!(
        err.message.contains(&format!("at most {UPGRADE_ROOM}")),
        "{err}"
    );
    assert!(loads(ship(UPGRADE_ROOM - 1, 6)).is_ok());
    // FF-CREW-3: the crew maximum, with the upgrades' extra crew (Expanded Crew Quarters).
    let err = load_err(&ship(3, CREW_ROOM));
    assert_eq!(where_(&err), at("max_crew"), "{err}");
    assert!(
        err.message.contains(&format!("at most {CREW_ROOM}")),
        "{err}"
    );
    // FF-CREW-17: Gear carried, with every card that does not count toward the limit.
    let crew = |cards: usize| {
        format!(
            "[[crew]]\nid = \"test-crew\"\nname = \"Test\"\nsource = \"promo\"\nleader = true\n\
             skills = {{ fight = 1 }}\nabilities = [{{ kind = \"gear-capacity\", cards = {cards} }}]\n"
        )
    };
    let err = load_err(&crew(GEAR_ROOM));
    let at = (
        "test/extra.toml".into(),
        "crew \"test-crew\"".into(),
        "abilities".into(),
    );
    assert_eq!(where_(&err), at, "{err}");
    assert!(loads(crew(3)).is_ok());
    // FF-DEAL-5/7, FF-KAL-20: what Solid Contacts add to the hand and Active-job limits
    // (Magistrate Higgins' file, changed).
    let higgins = |change: &str| {
        let mut files = ContentFiles::builtin();
        let (name, text) = (files.files.iter_mut())
            .find(|(_, t)| t.contains("extra_active_jobs = 1"))
            .expect("Higgins' Contact card");
        *text = text.replace("extra_active_jobs = 1", change);
        (name.clone(), Content::load(&files).map(|_| ()))
    };
    let (file, err) = higgins("extra_active_jobs = 5");
    let err = err.expect_err("8 Active jobs and one more while discarding");
    assert_eq!(
        where_(&err),
        (
            file,
            "contact \"MagistrateHiggins\"".into(),
            "extra_active_jobs".into()
        )
    );
    assert!(
        higgins("extra_active_jobs = 4").1.is_ok(),
        "7 and one more fit"
    );
    let (file, err) = higgins("extra_active_jobs = 1\nextra_hand_cards = 6");
    let err = err.expect_err("a hand of 9, and a rival's 9 plundered");
    assert_eq!(
        where_(&err),
        (
            file,
            "contact \"MagistrateHiggins\"".into(),
            "extra_hand_cards".into()
        )
    );
}
