//! `Game::determinize(seat, seed)` (issue 12, honest information): everything hidden from the
//! seat is dealt anew — deck orders, the other seats' hands (MA-INFO-1), face-down threats it
//! has not looked at (MA-SPY-2, MA-INFO-2), the dice to come — depending only on what it sees.
//! Checked on positions of random games of every mission, solo, shared and standard modes.

use tabletop_core::{Game, NewGame, Rng, Seat};
use tabletop_mandalorian::testing::{hidden_parts, hidden_twin};
use tabletop_mandalorian::*;

/// Positions of random games: (mission, mode, seats) tables, every 5th decision.
fn positions(mut check: impl FnMut(&Mandalorian, Seat, u64)) {
    let content = embedded();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for m in content.missions.iter().map(|m| m.number) {
        for (mode, seats) in [(Mode::Shared, 1), (Mode::Shared, 2), (Mode::Standard, 2)] {
            for seed in 0..4u64 {
                let opts = Options::new(m, Difficulty::Standard, mode, seats);
                let mut g = Mandalorian::new_game(content, &opts, seed).unwrap();
                let mut rng = Rng::new(seed);
                for step in 0..400u64 {
                    if g.is_over() {
                        break;
                    }
                    if step % 5 == 0 {
                        check(&g, g.active_seat(), seed * 1000 + step);
                    }
                    g.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                }
            }
        }
    }
}

/// Two tables that differ only in what the seat cannot see come out the same: the same hidden
/// parts, and the same game afterwards (the same random decisions give the same views to every
/// seat and the same events: the dice to come are dealt anew as well).
#[test]
fn tables_that_differ_only_in_what_a_seat_cannot_see_determinize_alike() {
    let (mut compared, mut rival_hands) = (0, 0);
    positions(|g, seat, seed| {
        let Some(twin) = hidden_twin(g, seat, seed ^ 0xdead) else {
            return;
        };
        assert_ne!(hidden_parts(g), hidden_parts(&twin));
        rival_hands += (g.num_seats() > 1 && g.options().mode == Mode::Standard) as u32;
        let (mut a, mut b) = (g.clone(), twin);
        a.determinize(seat, seed);
        b.determinize(seat, seed);
        assert_eq!(hidden_parts(&a), hidden_parts(&b), "seed {seed}");
        let mut rng = Rng::new(seed);
        let (mut la, mut lb, mut ea, mut eb) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..40 {
            if a.is_over() {
                break;
            }
            a.legal_actions(&mut la);
            b.legal_actions(&mut lb);
            assert_eq!(la, lb);
            let act = la[rng.index(la.len())];
            ea.clear();
            eb.clear();
            a.apply_unchecked(act, &mut ea);
            b.apply_unchecked(act, &mut eb);
            assert_eq!(ea, eb);
        }
        assert_eq!(hidden_parts(&a), hidden_parts(&b));
        compared += 1;
    });
    assert!(compared >= 500, "only {compared} positions compared");
    assert!(
        rival_hands >= 100,
        "only {rival_hands} positions with rivals' hands"
    );
}

/// Determinizing changes nothing the seat sees (its view is the same), and it does deal the
/// hidden parts anew (different seeds give different deals).
#[test]
fn a_determinization_keeps_what_the_seat_sees_and_deals_the_rest_anew() {
    let (mut positions_seen, mut dealt_differently) = (0, 0);
    positions(|g, seat, seed| {
        let (mut a, mut b) = (g.clone(), g.clone());
        a.determinize(seat, seed);
        b.determinize(seat, seed + 1);
        for s in 0..g.num_seats() as Seat {
            if s == seat {
                assert_eq!(g.view(s), a.view(s), "seed {seed}: the seat's view changed");
            }
        }
        positions_seen += 1;
        dealt_differently += (hidden_parts(&a) != hidden_parts(&b)) as u32;
    });
    assert!(positions_seen >= 500);
    assert!(
        dealt_differently * 10 >= positions_seen * 9,
        "only {dealt_differently} of {positions_seen} positions dealt anew"
    );
}
