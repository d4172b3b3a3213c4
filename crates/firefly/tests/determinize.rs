//! A bot's copy of the state holds only what its seat can know ([`Game::determinize`]): two
//! tables that differ only in what one seat cannot see — the jobs in a rival's hand, the order
//! of the face-down decks — come out identical for that seat, so nothing a look-ahead does can
//! depend on the hidden part; while the seat's own hand and every face-up card stay as they were.

use tabletop_core::{Game, NewGame, Rng};
use tabletop_firefly::content::{ContactName, Content};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Firefly, Options};

fn c() -> &'static Content {
    Content::builtin()
}

/// A game played some way into its turns with random legal actions.
fn midgame(seed: u64, steps: usize) -> Firefly {
    let mut g = Firefly::new_game(c(), &Options::new(3, DEFAULT_STORY), seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut ev = Vec::new();
    for _ in 0..steps {
        let l = legal(&g);
        if l.is_empty() {
            break;
        }
        g.apply_unchecked(l[rng.index(l.len())], &mut ev);
    }
    g
}

fn snapshot(g: &Firefly) -> String {
    format!("{:?}\n{:?}\n{:?}", g.players, g.decks, g.chance)
}

#[test]
fn two_tables_that_differ_only_in_hidden_cards_determinize_alike() {
    let mut checked = 0;
    for seed in 0..40 {
        let a = midgame(seed, 150 + seed as usize * 7);
        if a.outcome.is_some() {
            continue;
        }
        let seat = 0u8;
        let mut b = a.clone();
        // Another rival's hidden job and a reordered Nav and Supply deck.
        if !swap_a_rivals_hidden_job(&mut b, seat) {
            continue;
        }
        let mut nav = b.decks.nav[1].draw_pile().to_vec();
        nav.reverse();
        b.decks.nav[1].set_draw(&nav);
        let mut supply = b.decks.supply[0].draw_pile().to_vec();
        supply.rotate_left(1);
        b.decks.supply[0].set_draw(&supply);
        assert_ne!(snapshot(&a), snapshot(&b));
        // What seat 0 sees is the same.
        assert_eq!(
            serde_json::to_value(a.view(seat)).unwrap(),
            serde_json::to_value(b.view(seat)).unwrap()
        );
        let (mut da, mut db) = (a.clone(), b.clone());
        da.determinize(seat, 99);
        db.determinize(seat, 99);
        assert_eq!(snapshot(&da), snapshot(&db), "seed {seed}");
        // The seat's own hand and the face-up cards are untouched; the rival keeps as many
        // cards of each Contact as it held.
        assert_eq!(da.players[0].hand, a.players[0].hand);
        for (p, q) in da.players.iter().zip(&a.players) {
            assert_eq!(p.active, q.active);
            assert_eq!(p.crew, q.crew);
            let by_contact = |h: &[u16]| {
                let mut n = [0usize; ContactName::COUNT];
                for &j in h {
                    if let Some(k) = c().jobs[j as usize].contact {
                        n[k.index()] += 1;
                    }
                }
                n
            };
            assert_eq!(by_contact(&p.hand), by_contact(&q.hand));
        }
        for k in 0..ContactName::COUNT {
            assert_eq!(
                da.decks.contacts[k].discard_pile(),
                a.decks.contacts[k].discard_pile()
            );
        }
        tabletop_firefly::invariants::check(&da).unwrap();
        checked += 1;
    }
    assert!(
        checked >= 20,
        "only {checked} positions had a hidden job to swap"
    );
}

/// Different seeds give different resamplings: the rivals' hands are really dealt anew.
#[test]
fn determinizing_deals_rivals_hands_anew() {
    let a = midgame(3, 200);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        let mut d = a.clone();
        d.determinize(0, seed);
        seen.insert((d.players[1].hand, d.players[2].hand));
    }
    assert!(seen.len() > 1, "the rivals' hands never changed");
}
