//! A Mandalorian scenario file: refused with an error, or a game whose invariants hold and
//! whose active player has a legal action — and that then plays on (a few dozen legal actions
//! picked by the input) without a panic or a broken invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::scenario::Scenario;
use tabletop_mandalorian::{embedded, Mandalorian};

fuzz_target!(|input: (u64, &str)| {
    let (seed, text) = input;
    let Ok(s) = Scenario::parse(text) else {
        return;
    };
    let mut o = s.options();
    o.scenario = Some(text.to_string());
    let Ok(mut g) = Mandalorian::new_game(embedded(), &o, s.seed) else {
        return;
    };
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut pick = seed;
    for _ in 0..40 {
        if let Err(e) = g.check_invariants() {
            panic!("{e}");
        }
        if g.outcome().is_some() {
            break;
        }
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action");
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = legal[(pick >> 33) as usize % legal.len()];
        let _ = g.describe_action(a);
        ev.clear();
        g.apply(a, &mut ev).unwrap();
    }
});
