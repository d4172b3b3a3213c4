//! The original content and its validation (MA-COMP, MA-CONCEPT, MA-THREAT, MA-CARD-10,
//! MA-GUIDE-9, MA-MISSION-1). Content errors name the file, the entry and the field.
mod common;
use tabletop_mandalorian::content::load::EMBEDDED;
use tabletop_mandalorian::content::*;

fn with_file(file: &str, f: impl Fn(&str) -> String) -> Result<Content, ContentError> {
    let texts: Vec<(&str, String)> = EMBEDDED
        .iter()
        .map(|(n, t)| (*n, if *n == file { f(t) } else { t.to_string() }))
        .collect();
    let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    Content::from_texts(&refs)
}

// MA-COMP-1, MA-COMP-2, MA-COMP-3, MA-COMP-1, MA-COMP-2, MA-COMP-3, MA-COMP-4
#[test]
fn ma_comp_1_2_3_eight_characters_two_sides_twelve_cards_strengths_1_to_4() {
    let c = embedded();
    assert_eq!(c.characters.len(), 8, "MA-COMP-1");
    assert!(c
        .characters
        .iter()
        .all(|ch| ch.recruit_health > ch.standard_health));
    assert_eq!(c.cards.len(), 96, "MA-COMP-2");
    for ch in &c.characters {
        assert_eq!(ch.cards.len(), 12);
        let mut s: Vec<u8> = ch.cards.iter().map(|&k| c.card(k).strength).collect();
        s.sort();
        s.dedup();
        assert_eq!(s, vec![1, 2, 3, 4], "MA-COMP-3: {}", ch.id);
    }
}

// MA-COMP-4, MA-COMP-6, MA-COMP-9, MA-COMP-12
#[test]
fn ma_comp_4_6_9_12_events_planning_disturbance_envelopes() {
    let c = embedded();
    assert_eq!(c.events.len(), 12, "MA-COMP-4");
    assert_eq!(c.planning.len(), 20, "MA-COMP-6");
    assert_eq!(c.disturbance.len(), 10, "MA-COMP-9");
    assert_eq!(c.disturbance.iter().filter(|t| t.white).count(), 5);
    assert_eq!(c.envelopes.len(), 2, "MA-COMP-12");
    // MA-PLAN-9, -10, -4: Defense, an extra-action card and Bad Luck are there.
    for k in [PlanKind::Defense, PlanKind::BadLuck] {
        assert!(c.planning.iter().any(|p| p.kind == k));
    }
    assert!(c
        .planning
        .iter()
        .any(|p| p.effects.contains(&Effect::ExtraAction)));
}

// MA-COMP-7, MA-COMP-10, MA-COMP-14, MA-THREAT-1, MA-THREAT-3, MA-THREAT-7, MA-THREAT-8, MA-THREAT-9, MA-THREAT-10, MA-THREAT-11
#[test]
fn ma_comp_7_10_14_and_threat_1_3_7_8_9_10_11_missions_threats_and_the_child() {
    let c = embedded();
    assert!(c.missions.len() >= 4);
    let mut shapes = [false; 5];
    let mut classes = 0u8;
    let mut abilities = 0u8;
    let mut children = 0;
    for m in &c.missions {
        // MA-COMP-14: every mission has its book pages.
        assert!(
            !m.intro.is_empty()
                && !m.briefing.is_empty()
                && !m.map_rules.is_empty()
                && !m.crisis.is_empty()
        );
        for t in &m.tokens {
            shapes[t.shape as usize] = true;
            abilities |= t.abilities;
            match t.face {
                // MA-THREAT-7, -9: class, Health (MA-THREAT-8: the three classes).
                Face::Enemy { class, health } => {
                    classes |= class.bit();
                    assert!(health >= 1);
                }
                // MA-THREAT-11: items, among them medpacs.
                Face::Item(i) => assert!(i < m.items.len() as u8),
            }
        }
        assert!(
            m.tokens.iter().any(|t| t.is_enemy()) && m.tokens.iter().any(|t| !t.is_enemy()),
            "MA-THREAT-3"
        );
        assert!(m.items.iter().any(|i| i.medpac));
        children += usize::from(m.child.is_some());
    }
    assert_eq!(&shapes[1..], &[true; 4], "MA-COMP-7: shapes 1-4");
    assert_eq!(classes, 7);
    assert_eq!(
        abilities, 15,
        "MA-THREAT-10: Sentinel, Grapple, Sabotage, Mission Effect"
    );
    assert!(children >= 1, "MA-COMP-10: the Child");
    // MA-THREAT-1: some threats start face down, others face up.
    let m1 = c.mission_by_number(1).unwrap();
    assert!(m1.icons.iter().any(|i| i.hidden) && m1.icons.iter().any(|i| !i.hidden));
}

// MA-CONCEPT-4, MA-TERRAIN-7
#[test]
fn ma_concept_4_and_terrain_7_maps_are_data_and_use_every_terrain_kind() {
    let c = embedded();
    let mut walls = false;
    let mut closed = false;
    let mut open = false;
    let mut elevated = false;
    let mut forbidden = false;
    let mut numbered = false;
    for m in &c.missions {
        let g = &m.map;
        assert!(g.stars().count() > 0, "MA-TERRAIN-7");
        forbidden |= g.exists.iter().any(|&e| !e);
        numbered |= g.number.iter().any(|&n| n > 0);
        for e in g.edge.iter().flatten() {
            match e {
                Edge::Wall => walls = true,
                Edge::Elevated => elevated = true,
                Edge::Door(d) if g.doors_open & (1 << d) != 0 => open = true,
                Edge::Door(_) => closed = true,
                _ => {}
            }
        }
    }
    assert!(walls && closed && open && elevated && forbidden && numbered);
    // A map parses on its own, without any mission rule.
    let g = MapGeo::parse("@ .|*\n  -\n. X .").unwrap();
    assert_eq!((g.width, g.height, g.stars().count()), (3, 2, 1));
}

// MA-CARD-10
#[test]
fn ma_card_10_duplicates_are_two_marked_cards() {
    let c = embedded();
    let jet: Vec<&AbilityCard> = c.cards.iter().filter(|k| k.name == "Jetpack Hop").collect();
    assert_eq!(jet.len(), 2);
    assert!(jet.iter().all(|k| k.duplicate));
    assert!(render::card(jet[0]).contains("●●"));
    assert!(
        !c.cards
            .iter()
            .find(|k| k.name == "Beskar Charge")
            .unwrap()
            .duplicate
    );
}

#[test]
fn ability_texts_and_event_texts_are_rendered_from_effects() {
    // MA-CARD-4, MA-EVENT-35: the text is written from the structured effects.
    let c = embedded();
    let v = c
        .cards
        .iter()
        .find(|k| k.name == "Whistling Volley")
        .unwrap();
    assert_eq!(
        render::ability_text(v.text.as_ref().unwrap()),
        "Attack: Deal 1 damage to an enemy within range 2."
    );
    let e = c.events.iter().find(|e| e.id == "overwatch").unwrap();
    assert!(render::event(e)
        .contains("6+: 1 sniper enemy attacks the nearest character within range 4."));
}

#[test]
fn errors_name_file_entry_and_field() {
    let e = with_file("missions.toml", |t| {
        t.replacen("\n. .|. . .:. .:.\n", "\n. .|. . .:. .:Q\n", 1)
    })
    .map(|_| ())
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "missions.toml: mission \"scrapyard-bounty\": map row 5: unknown terrain char 'Q'"
    );
    let e = with_file("characters.toml", |t| {
        t.replacen(
            "strength = 4, bonus = \"move\"",
            "strength = 5, bonus = \"move\"",
            1,
        )
    })
    .map(|_| ())
    .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "characters.toml: character \"mando\": card \"Beskar Charge\": strength: 5"
        ),
        "{e}"
    );
    let e = with_file("events.toml", |t| {
        t.replacen("\"enemies_move\"", "\"enemies_dance\"", 1)
    })
    .map(|_| ())
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("events.toml: event \"blaster-advance\":"),
        "{e}"
    );
    assert!(e.to_string().contains("enemies_dance"), "{e}");
    let e = with_file("planning.toml", |t| {
        t.replacen(
            "copies = 5",
            "copies = 5\neffects = [{ kind = \"calm\" }]",
            1,
        )
    })
    .map(|_| ())
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("planning.toml: planning card \"defense\": effects"),
        "{e}"
    );
    // MA-GUIDE-9: mission 1 uses only Sentinel.
    let e = with_file("missions.toml", |t| {
        t.replacen(
            "abilities = [\"sentinel\"] },",
            "abilities = [\"grapple\"] },",
            1,
        )
    })
    .map(|_| ())
    .unwrap_err();
    assert!(e.to_string().contains("MA-GUIDE-9"), "{e}");
    // MA-MISSION-1: green slots only from mission 3.
    let e = with_file("missions.toml", |t| t.replacen("\nitems = [{ id = \"medpac\", name = \"Medpac\", medpac = true }]", "\nslots = [{ name = \"X\", effects = [{ kind = \"calm\" }] }]\nitems = [{ id = \"medpac\", name = \"Medpac\", medpac = true }]", 1)).map(|_| ()).unwrap_err();
    assert!(e.to_string().contains("MA-MISSION-1"), "{e}");
}

#[test]
fn content_loads_from_a_directory_with_embedded_fallback() {
    let dir = std::env::temp_dir().join(format!("ma-content-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let t = EMBEDDED
        .iter()
        .find(|(n, _)| *n == "tokens.toml")
        .unwrap()
        .1;
    std::fs::write(
        dir.join("tokens.toml"),
        t.replacen("value = 3", "value = 4", 1),
    )
    .unwrap();
    let c = Content::load_dir(&dir).unwrap();
    assert!(c.disturbance.iter().any(|t| t.value == 4));
    assert_ne!(c.fingerprint, embedded().fingerprint);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Content that cannot set up a game — no mission, no character, an empty event or planning
/// deck — is refused, naming the file and the table.
#[test]
fn content_that_cannot_set_up_a_game_is_refused() {
    for (file, key) in [
        ("missions.toml", "missions"),
        ("characters.toml", "characters"),
        ("events.toml", "events"),
        ("planning.toml", "planning"),
    ] {
        let e = with_file(file, |_| format!("{key} = []\n"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            format!("{file}: {key}: no entries (a game needs at least one)")
        );
    }
}

/// The fingerprint (recorded in saves) depends on the content only: the same files from a
/// directory anywhere give the built-in fingerprint.
#[test]
fn the_fingerprint_depends_on_the_content_only() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    assert_eq!(
        Content::load_dir(&dir).unwrap().fingerprint,
        embedded().fingerprint
    );
}

/// One file can be checked on its own (the fuzz targets do): every embedded file passes, and
/// a broken one is refused naming the file.
#[test]
fn one_file_is_checked_on_its_own() {
    for (name, text) in EMBEDDED {
        load::check_file(name, text).unwrap_or_else(|e| panic!("{e}"));
    }
    let e = load::check_file("planning.toml", "planning = []\n").unwrap_err();
    assert!(e.to_string().starts_with("planning.toml: "), "{e}");
    assert!(load::check_file("other.toml", "").is_err());
}
