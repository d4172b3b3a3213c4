//! A Firefly scenario file: refused with an error naming its field, or a game whose invariants
//! hold and whose actor has a legal action — and that then plays on (a few dozen legal actions
//! picked by the input) without a panic or a broken invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::scenario::Scenario;
use tabletop_firefly::{invariants, Firefly, Options};

fuzz_target!(|input: (u8, u64, &str)| {
    let (story, seed, text) = input;
    let Ok(s) = Scenario::parse(text) else {
        return;
    };
    let content = Content::builtin();
    let story = &content.stories[story as usize % content.stories.len()].id;
    let mut o = Options::new(s.player.len().min(255) as u8, story);
    o.scenario = Some(s);
    let Ok(mut g) = Firefly::new_game(content, &o, seed) else {
        return;
    };
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut pick = seed;
    for _ in 0..40 {
        if let Err(e) = invariants::check(&g) {
            panic!("{e}");
        }
        if g.actor() == Actor::Over {
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
