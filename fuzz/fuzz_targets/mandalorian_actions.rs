//! Arbitrary action sequences on a Mandalorian game: each step either plays a legal action (to
//! reach deep positions) or tries an arbitrary action value (any variant, any ids). Every
//! value is described and explained without a panic; a refused one leaves the state exactly
//! as it was; an applied one keeps every invariant.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::{embedded, Action, Difficulty, Mandalorian, Mode, Options};

fn run(u: &mut Unstructured) -> Result<()> {
    let mission = u.int_in_range(1..=4)?;
    let difficulty = Difficulty::ALL[u.choose_index(3)?];
    let o = match u.int_in_range(0..=2)? {
        0 => Options::solo(mission, difficulty),
        1 => Options::new(mission, difficulty, Mode::Standard, u.int_in_range(2..=4)?),
        _ => Options::new(mission, difficulty, Mode::Shared, u.int_in_range(1..=3)?),
    };
    let Ok(mut g) = Mandalorian::new_game(embedded(), &o, u.arbitrary()?) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    while !u.is_empty() && g.outcome().is_none() {
        g.legal_actions(&mut legal);
        let a: Action = if u.ratio(3, 4)? {
            legal[u.choose_index(legal.len())?]
        } else {
            u.arbitrary()?
        };
        let _ = g.describe_action(a);
        let _ = g.why_illegal(a);
        let before = g.clone();
        ev.clear();
        match g.apply(a, &mut ev) {
            Ok(()) => {
                if let Err(e) = g.check_invariants() {
                    panic!("after {a:?}: {e}");
                }
            }
            Err(_) => {
                assert!(ev.is_empty(), "{a:?} refused with events");
                assert!(g == before, "{a:?} refused but changed the state");
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
