//! The content catalog a client reads instead of the TOML files: every id of every kind has a
//! named entry with its rendered text, and each mission's map can be drawn from its grid alone.

use tabletop_mandalorian::catalog::{Catalog, Line, Side};
use tabletop_mandalorian::content::{render, Edge};
use tabletop_mandalorian::embedded;

#[test]
fn every_id_of_every_kind_has_a_named_entry() {
    let c = embedded();
    let cat = Catalog::of(c);
    assert_eq!(cat.characters.len(), c.characters.len());
    assert_eq!(cat.cards.len(), c.cards.len());
    assert_eq!(cat.events.len(), c.events.len());
    assert_eq!(cat.planning.len(), c.planning.len());
    assert_eq!(cat.disturbance.len(), c.disturbance.len());
    assert_eq!(cat.missions.len(), c.missions.len());
    let mut entries: Vec<_> = cat
        .characters
        .iter()
        .map(|x| &x.entry)
        .chain(cat.cards.iter().map(|x| &x.entry))
        .chain(cat.events.iter().map(|x| &x.entry))
        .chain(cat.planning.iter().map(|x| &x.entry))
        .chain(cat.disturbance.iter().map(|x| &x.entry))
        .collect();
    for (m, def) in cat.missions.iter().zip(&c.missions) {
        assert_eq!(m.tokens.len(), def.tokens.len());
        assert_eq!(m.items.len(), def.items.len());
        assert_eq!(m.slots.len(), def.num_slots());
        entries.push(&m.entry);
        entries.extend(m.tokens.iter().map(|t| &t.entry));
        entries.extend(m.items.iter());
        entries.extend(m.slots.iter());
    }
    assert!(entries.len() > 100, "{}", entries.len());
    for e in entries {
        assert!(!e.id.is_empty(), "{e:?}");
        assert!(!e.name.trim().is_empty(), "{e:?}");
        assert!(!e.text.trim().is_empty(), "{e:?}");
    }
}

/// Card text is the renderer's, built from the structured effects (the terminal shows the same).
#[test]
fn texts_are_rendered_from_the_content() {
    let c = embedded();
    let cat = Catalog::of(c);
    for (e, card) in cat.cards.iter().zip(&c.cards) {
        assert_eq!(e.entry.text, render::card(card));
        assert_eq!(e.strength, card.strength);
        assert!(c.characters[e.character as usize].cards.len() == 12);
    }
    for (e, ev) in cat.events.iter().zip(&c.events) {
        assert_eq!(e.entry.text, render::event(ev));
    }
    for (m, def) in cat.missions.iter().zip(&c.missions) {
        assert_eq!(m.objective, render::objective(def));
        for (t, td) in m.tokens.iter().zip(&def.tokens) {
            assert_eq!(t.entry.text, render::token(def, td));
        }
    }
}

/// The grid holds every square, every wall, door and elevated line of the map, and nothing else.
#[test]
fn each_mission_grid_is_its_map() {
    let c = embedded();
    let cat = Catalog::of(c);
    for (m, def) in cat.missions.iter().zip(&c.missions) {
        let map = &def.map;
        let g = &m.grid;
        assert_eq!((g.width, g.height), (map.width, map.height));
        assert_eq!(
            g.squares.len(),
            map.exists.iter().filter(|&&e| e).count(),
            "{}",
            m.entry.id
        );
        assert_eq!(g.squares.iter().filter(|s| s.start).count(), 1);
        for s in &g.squares {
            assert_eq!(
                s.sq as usize,
                s.row as usize * g.width as usize + s.col as usize
            );
            assert_eq!(s.star, map.star[s.sq as usize]);
            assert_eq!(s.number.unwrap_or(0), map.number[s.sq as usize]);
        }
        let mut lines = 0;
        for sq in 0..map.len() {
            for d in [1, 2] {
                if matches!(map.edge[sq][d], Edge::Wall | Edge::Elevated | Edge::Door(_)) {
                    lines += 1;
                }
            }
        }
        assert_eq!(g.edges.len(), lines, "{}", m.entry.id);
        for e in &g.edges {
            let d = if e.side == Side::East { 1 } else { 2 };
            let want = match map.edge[e.sq as usize][d] {
                Edge::Wall => Line::Wall,
                Edge::Elevated => Line::Elevated,
                Edge::Door(n) => {
                    assert_eq!(e.door, Some(n));
                    Line::Door
                }
                other => panic!("{other:?} is not drawn"),
            };
            assert_eq!(e.line, want);
        }
        // Icons sit on squares of the map, and every map has a star square.
        for i in &m.icons {
            assert!(map.exists[i.sq as usize]);
        }
        assert!(g.squares.iter().any(|s| s.star), "{}", m.entry.id);
    }
    // The missions use walls, doors, elevated lines, red stars and numbered squares somewhere.
    let all_edges: Vec<_> = cat.missions.iter().flat_map(|m| &m.grid.edges).collect();
    for l in [Line::Wall, Line::Door, Line::Elevated] {
        assert!(all_edges.iter().any(|e| e.line == l), "{l:?}");
    }
    let all_squares: Vec<_> = cat.missions.iter().flat_map(|m| &m.grid.squares).collect();
    assert!(all_squares.iter().any(|s| s.red));
    assert!(all_squares.iter().any(|s| s.number.is_some()));
}
