//! Arbitrary action sequences on a Firefly game: each step either plays a legal action (to
//! reach deep positions) or tries an arbitrary action value (any variant, any ids). Every
//! value is described and explained without a panic; a refused one leaves the state exactly
//! as it was; an applied one keeps every invariant.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{invariants, Action, Firefly, Options};

fn run(u: &mut Unstructured) -> Result<()> {
    let content = Content::builtin();
    let players = u.int_in_range(2..=4)?;
    let story = &content.stories[u.choose_index(content.stories.len())?].id;
    let mut o = Options::new(players, story);
    o.max_rounds = Some(u.int_in_range(1..=12)?);
    let Ok(mut g) = Firefly::new_game(content, &o, u.arbitrary()?) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    while !u.is_empty() && g.actor() != Actor::Over {
        g.legal_actions(&mut legal);
        let a: Action = if u.ratio(3, 4)? {
            legal[u.choose_index(legal.len())?]
        } else {
            u.arbitrary()?
        };
        let _ = g.describe_action(a);
        let _ = g.why_illegal(a);
        let before = g.state_json();
        ev.clear();
        match g.apply(a, &mut ev) {
            Ok(()) => {
                if let Err(e) = invariants::check(&g) {
                    panic!("after {a:?}: {e}");
                }
            }
            Err(_) => {
                assert!(ev.is_empty(), "{a:?} refused with events");
                assert!(
                    g.state_json() == before,
                    "{a:?} refused but changed the state"
                );
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
