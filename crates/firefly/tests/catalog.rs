//! The content catalog a client reads instead of the TOML files: every id of every kind a view
//! or an action can hold has an entry with a name and a text, and the board can be drawn from
//! the sectors' boxes alone.

use tabletop_firefly::catalog::{Catalog, Kind};
use tabletop_firefly::content::{render, Content, Item, SupplyKind};

fn catalog() -> (&'static Content, Catalog) {
    let c = Content::builtin();
    (c, Catalog::of(c))
}

#[test]
fn every_id_of_every_kind_has_a_named_entry() {
    let (c, cat) = catalog();
    assert_eq!(cat.sectors.len(), c.sectors.len());
    assert_eq!(cat.crew.len(), c.crew.len());
    assert_eq!(cat.gear.len(), c.gear.len());
    assert_eq!(cat.upgrades.len(), c.upgrades.len());
    assert_eq!(cat.ships.len(), c.ships.len());
    assert_eq!(cat.supply_decks.len(), c.supply_decks.len());
    assert_eq!(cat.supply.len(), c.supply_cards.len());
    assert_eq!(cat.contacts.len(), c.contacts.len());
    assert_eq!(cat.jobs.len(), c.jobs.len());
    assert_eq!(cat.nav.len(), c.nav_cards.len());
    assert_eq!(cat.misbehave.len(), c.misbehave_cards.len());
    assert_eq!(cat.events.len(), c.events.len());
    assert_eq!(cat.stories.len(), c.stories.len());
    assert_eq!(cat.items.len(), Item::ALL.len());
    let entries = cat
        .sectors
        .iter()
        .map(|x| &x.entry)
        .chain(cat.crew.iter().map(|x| &x.entry))
        .chain(cat.gear.iter().map(|x| &x.entry))
        .chain(cat.upgrades.iter().map(|x| &x.entry))
        .chain(cat.ships.iter().map(|x| &x.entry))
        .chain(cat.supply_decks.iter().map(|x| &x.entry))
        .chain(cat.supply.iter().map(|x| &x.entry))
        .chain(cat.contacts.iter().map(|x| &x.entry))
        .chain(cat.jobs.iter().map(|x| &x.entry))
        .chain(cat.nav.iter().map(|x| &x.entry))
        .chain(cat.misbehave.iter().map(|x| &x.entry))
        .chain(cat.events.iter().map(|x| &x.entry))
        .chain(cat.stories.iter().map(|x| &x.entry))
        .chain(cat.items.iter().map(|x| &x.entry));
    let mut n = 0;
    for e in entries {
        n += 1;
        assert!(!e.id.is_empty(), "{e:?}");
        assert!(!e.name.trim().is_empty(), "{e:?}");
        assert!(!e.text.trim().is_empty(), "{e:?}");
    }
    assert!(n > 500, "only {n} entries");
}

/// Card text is the renderer's, built from the structured effects (the terminal shows the same).
#[test]
fn card_texts_are_the_rendered_cards() {
    let (c, cat) = catalog();
    for (i, s) in c.supply_cards.iter().enumerate() {
        let e = &cat.supply[i];
        let terminal = render::supply_card(c, i as u16);
        assert_eq!(words(&e.entry.text), words(&terminal));
        let (kind, name) = match s.kind {
            SupplyKind::Crew(d) => (Kind::Crew, &c.crew[d as usize].name),
            SupplyKind::Gear(d) => (Kind::Gear, &c.gear[d as usize].name),
            SupplyKind::Upgrade(d) => (e.entry.kind, &c.upgrades[d as usize].name),
        };
        assert_eq!(e.entry.kind, kind);
        assert_eq!(&e.entry.name, name);
        assert!(e.entry.text.starts_with(name.as_str()), "{}", e.entry.text);
    }
    for (i, &d) in c.nav_cards.iter().enumerate() {
        assert_eq!(cat.nav[i].def, d);
        assert_eq!(
            cat.nav[i].options.len(),
            c.nav_defs[d as usize].options.len()
        );
    }
    for &l in &cat.leaders {
        assert_eq!(cat.crew[l as usize].entry.kind, Kind::Leader);
    }
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The catalog's texts are the terminal's cards with one line per paragraph: the same words,
/// each line starting as a terminal line does, no paragraph broken at the terminal's width.
#[test]
fn card_texts_have_one_line_per_paragraph() {
    let (c, cat) = catalog();
    let names = render::Names::of(c);
    let pairs = c
        .jobs
        .iter()
        .zip(&cat.jobs)
        .map(|(j, e)| (render::job_card(j, &names), &e.entry.text))
        .chain(c.misbehave_cards.iter().zip(&cat.misbehave).map(|(&d, e)| {
            let m = &c.misbehave_defs[d as usize];
            (render::misbehave_card(m, &names), &e.entry.text)
        }));
    let mut longer = 0;
    for (terminal, text) in pairs {
        assert_eq!(words(text), words(&terminal));
        assert!(text.lines().count() <= terminal.lines().count());
        if text.lines().any(|l| l.chars().count() > render::WIDTH) {
            longer += 1;
        }
        let starts: Vec<&str> = terminal.lines().collect();
        for l in text.lines() {
            assert!(
                starts.iter().any(|t| l.starts_with(t.trim_end())),
                "{l:?} does not start a terminal line of\n{terminal}"
            );
        }
    }
    assert!(
        longer > 0,
        "some card has a paragraph longer than a terminal line"
    );
    // Rendering the catalog leaves the terminal's wrapping as it was.
    for m in &c.misbehave_defs {
        let t = render::misbehave_card(m, &names);
        assert!(t.lines().all(|l| l.chars().count() <= render::WIDTH), "{t}");
    }
}

/// Views spell Contacts and items in kebab-case; the catalog's ids are the same words.
#[test]
fn contacts_and_items_are_keyed_as_views_spell_them() {
    let (_, cat) = catalog();
    let amnon = cat.contacts.iter().find(|x| x.entry.name == "Amnon Duul");
    assert_eq!(amnon.map(|x| x.entry.id.as_str()), Some("amnon-duul"));
    let ids: Vec<&str> = cat.items.iter().map(|x| x.entry.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "cargo",
            "contraband",
            "fuel",
            "parts",
            "passengers",
            "fugitives"
        ]
    );
    let json = serde_json::to_value(&cat).unwrap();
    assert_eq!(json["contacts"][0]["contact"], json["contacts"][0]["id"]);
    assert!(json["sectors"][0]["box"].is_array());
}

#[test]
fn sectors_carry_what_the_board_shows() {
    let (c, cat) = catalog();
    let persephone = &cat.sectors[c.sector("persephone").unwrap() as usize];
    assert_eq!(persephone.entry.name, "Persephone");
    assert!(persephone.supply.is_some());
    assert!(persephone.contact.is_some());
    assert!(!persephone.planets.is_empty());
    assert!(persephone.entry.text.contains("Supply"));
    assert!(persephone.entry.text.contains("Badger"));
    let capital: Vec<_> = cat.sectors.iter().filter(|s| s.alliance_capital).collect();
    assert_eq!(capital.len(), 1);
    for (i, s) in cat.sectors.iter().enumerate() {
        for &n in &s.neighbours {
            assert!(
                cat.sectors[n as usize].neighbours.contains(&(i as u16)),
                "{} - {}",
                s.entry.id,
                cat.sectors[n as usize].entry.id
            );
        }
    }
    for j in &cat.jobs {
        assert!(j
            .steps
            .iter()
            .all(|st| (st.sector as usize) < cat.sectors.len()));
    }
}

/// Gap between two boxes along the axis where they are furthest apart (0 when they touch or
/// overlap), and their overlap in x and in y.
fn gap(a: [i32; 4], b: [i32; 4]) -> i32 {
    let dx = (b[0] - (a[0] + a[2])).max(a[0] - (b[0] + b[2])).max(0);
    let dy = (b[1] - (a[1] + a[3])).max(a[1] - (b[1] + b[3])).max(0);
    dx.max(dy)
}

fn overlap(a: [i32; 4], b: [i32; 4]) -> (i32, i32) {
    (
        (a[0] + a[2]).min(b[0] + b[2]) - a[0].max(b[0]),
        (a[1] + a[3]).min(b[1] + b[3]) - a[1].max(b[1]),
    )
}

/// The board is drawn from the boxes alone, so they must lay the sectors out like the printed
/// map: every sector has a box inside the board's bounds, boxes do not cover each other (a
/// sliver where two printed outlines bend is allowed), and neighbours lie close together. The
/// boxes sit inside the printed sectors, so neighbouring boxes may be apart by up to about one
/// and a half sectors (a typo in a coordinate moves a box much further).
#[test]
fn every_sector_has_a_box_and_neighbours_lie_close() {
    let (_, cat) = catalog();
    let [bl, bt, bw, bh] = cat.board;
    let mut sizes: Vec<i32> = cat
        .sectors
        .iter()
        .map(|s| s.layout[2].max(s.layout[3]))
        .collect();
    sizes.sort();
    let median = sizes[sizes.len() / 2];
    for s in &cat.sectors {
        let [l, t, w, h] = s.layout;
        assert!(w > 0 && h > 0, "{}: {:?}", s.entry.id, s.layout);
        assert!(l >= bl && t >= bt && l + w <= bl + bw && t + h <= bt + bh);
        for &n in &s.neighbours {
            let o = &cat.sectors[n as usize];
            let g = gap(s.layout, o.layout);
            assert!(
                g <= median * 8 / 5,
                "{} and {} are neighbours but their boxes are {g} apart (a sector is about {median})",
                s.entry.id,
                o.entry.id
            );
        }
    }
    for (i, a) in cat.sectors.iter().enumerate() {
        for b in &cat.sectors[i + 1..] {
            let (ox, oy) = overlap(a.layout, b.layout);
            assert!(
                ox <= 0 || oy <= 0 || ox.min(oy) <= median / 10,
                "the boxes of {} and {} cover each other ({ox} x {oy})",
                a.entry.id,
                b.entry.id
            );
        }
    }
    // Neighbours are nearer than the typical non-neighbour: the mean gap to a neighbour is well
    // under the mean gap to every other sector.
    let mut near = (0i64, 0i64);
    let mut far = (0i64, 0i64);
    for (i, a) in cat.sectors.iter().enumerate() {
        for (j, b) in cat.sectors.iter().enumerate() {
            if i == j {
                continue;
            }
            let g = gap(a.layout, b.layout) as i64;
            if a.neighbours.contains(&(j as u16)) {
                near = (near.0 + g, near.1 + 1);
            } else {
                far = (far.0 + g, far.1 + 1);
            }
        }
    }
    assert!(near.0 / near.1 * 5 < far.0 / far.1, "{near:?} {far:?}");
}
