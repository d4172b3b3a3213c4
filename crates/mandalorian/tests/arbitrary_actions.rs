//! Property test: no action value can crash the engine or change a state it is refused in.
//!
//! Random games (every mission, difficulty and mode) are driven to random positions, then
//! arbitrary action values are tried there — every variant of [`Action`], with ids in range,
//! just out of range (a fifth action slot in a mission with four) and anywhere in their type.
//! For each one:
//! * `describe_action` and `why_illegal` answer without panicking;
//! * `apply` either refuses it, leaving the state exactly as it was (and no event), or applies
//!   it (it was legal) and every invariant still holds.
//!
//! `TABLETOP_PROPTEST_CASES` sets the number of positions (default 3,000).

use proptest::prelude::*;
use tabletop_core::{play_random_steps, Game, NewGame, Rng};
use tabletop_mandalorian::content::ActionKind;
use tabletop_mandalorian::state::Precede;
use tabletop_mandalorian::*;

fn cases() -> u32 {
    std::env::var("TABLETOP_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn options(mission: u8, d: u8, mode: u8, seats: u8) -> Options {
    let difficulty = Difficulty::ALL[d as usize % 3];
    match mode % 4 {
        0 => Options::solo(mission, difficulty),
        1 => Options::new(mission, difficulty, Mode::Standard, 2 + seats % 3),
        2 => Options::new(mission, difficulty, Mode::Shared, 1 + seats % 3),
        _ => {
            let mut o = Options::new(mission, difficulty, Mode::Sandbox, 2);
            o.characters = vec!["sela".into(), "bran".into()];
            o
        }
    }
}

/// An 8-bit id: small (a valid index in most tables), around the size of the tables (map
/// squares, tokens, planning cards), or any value.
fn id8() -> impl Strategy<Value = u8> {
    prop_oneof![0u8..8, 0u8..80, any::<u8>()]
}

fn id16() -> impl Strategy<Value = u16> {
    prop_oneof![0u16..8, 0u16..200, any::<u16>()]
}

fn kind() -> impl Strategy<Value = ActionKind> {
    prop::sample::select(ActionKind::ALL.to_vec())
}

/// Every variant of [`Action`] (kept complete by [`variant`]).
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (id16(), id8()).prop_map(|(card, slot)| Action::Play { card, slot }),
        (id8(), id8()).prop_map(|(ch, card)| Action::UsePlanning { ch, card }),
        (id8(), id8()).prop_map(|(ch, token)| Action::UseItem { ch, token }),
        id8().prop_map(|ch| Action::Rescue { ch }),
        Just(Action::EndActions),
        Just(Action::ResolveAction),
        Just(Action::ResolveText),
        Just(Action::FinishCard),
        id8().prop_map(Action::Step),
        Just(Action::Stop),
        id8().prop_map(Action::Target),
        id8().prop_map(Action::SpyLook),
        id8().prop_map(Action::SpyMove),
        id8().prop_map(Action::Square),
        id8().prop_map(Action::Character),
        id8().prop_map(Action::Slot),
        id8().prop_map(Action::Keep),
        Just(Action::KeepNone),
        id8().prop_map(Action::Top),
        Just(Action::TopNone),
        Just(Action::Block),
        Just(Action::TakeDamage),
        id8().prop_map(Action::Enemy),
        kind().prop_map(Action::Choose),
        (id8(), id8()).prop_map(|(slot, value)| Action::DiscardToken { slot, value }),
        prop_oneof![Just(Precede::EventCard), Just(Precede::AbilityCard)]
            .prop_map(Action::Precedence),
    ]
}

/// The variant's position in [`action`]'s list. The match has no wildcard, so a new variant
/// does not compile until it is generated above too.
fn variant(a: &Action) -> usize {
    match a {
        Action::Play { .. } => 0,
        Action::UsePlanning { .. } => 1,
        Action::UseItem { .. } => 2,
        Action::Rescue { .. } => 3,
        Action::EndActions => 4,
        Action::ResolveAction => 5,
        Action::ResolveText => 6,
        Action::FinishCard => 7,
        Action::Step(_) => 8,
        Action::Stop => 9,
        Action::Target(_) => 10,
        Action::SpyLook(_) => 11,
        Action::SpyMove(_) => 12,
        Action::Square(_) => 13,
        Action::Character(_) => 14,
        Action::Slot(_) => 15,
        Action::Keep(_) => 16,
        Action::KeepNone => 17,
        Action::Top(_) => 18,
        Action::TopNone => 19,
        Action::Block => 20,
        Action::TakeDamage => 21,
        Action::Enemy(_) => 22,
        Action::Choose(_) => 23,
        Action::DiscardToken { .. } => 24,
        Action::Precedence(_) => 25,
    }
}

const VARIANTS: usize = 26;

/// Try `a` in `g`: it must be described and explained without a panic, and either refused
/// with the state untouched or applied with every invariant holding. `Ok(true)`: applied.
fn try_action(g: &mut Mandalorian, a: Action) -> Result<bool, TestCaseError> {
    let _ = g.describe_action(a);
    let why = g.why_illegal(a);
    let before = g.clone();
    let mut ev = Vec::new();
    match g.apply(a, &mut ev) {
        Ok(()) => {
            g.check_invariants()
                .map_err(|e| TestCaseError::fail(format!("after legal {a:?}: {e}")))?;
            Ok(true)
        }
        Err(e) => {
            prop_assert!(!e.reason.is_empty() && !why.reason.is_empty());
            prop_assert!(ev.is_empty(), "{a:?} was refused but produced events");
            prop_assert!(
                *g == before,
                "{a:?} was refused ({}) but changed the state",
                e.reason
            );
            Ok(false)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    #[test]
    fn no_action_value_crashes_or_changes_a_refusing_state(
        mission in 1u8..=4,
        d in 0u8..3,
        mode in 0u8..4,
        seats in 0u8..3,
        seed in any::<u64>(),
        steps in prop_oneof![0usize..12, 0usize..300],
        tries in prop::collection::vec(prop::option::weighted(0.9, action()), 1..48),
    ) {
        let opts = options(mission, d, mode, seats);
        let mut g = Mandalorian::new_game(embedded(), &opts, seed).unwrap();
        let mut pick = Rng::new(seed ^ 0x5eed);
        let mut legal = Vec::new();
        play_random_steps(&mut g, &mut pick, steps);
        for a in tries {
            match a {
                Some(a) => {
                    try_action(&mut g, a)?;
                }
                // Now and then play on, to try more positions.
                None if g.outcome().is_none() => {
                    g.legal_actions(&mut legal);
                    try_action(&mut g, legal[pick.index(legal.len())])?;
                }
                None => {}
            }
            g.legal_actions(&mut legal);
            for &l in &legal {
                let _ = g.describe_action(l);
            }
        }
    }
}

/// The generator covers every variant (so the property above tries them all).
#[test]
fn the_generator_makes_every_variant() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = [false; VARIANTS];
    let s = action();
    for _ in 0..5_000 {
        seen[variant(&s.new_tree(&mut runner).unwrap().current())] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}

/// The examples found by people: ids that do not exist — a planning card, a square, a fifth
/// action slot in a mission with four — are refused with a reason and described.
#[test]
fn ids_out_of_range_are_refused_and_described() {
    let mut g = Mandalorian::new_game(embedded(), &options(1, 0, 0, 0), 1).unwrap();
    for a in [
        Action::Keep(20),
        Action::Keep(u8::MAX),
        Action::Play { card: 14, slot: 4 },
        Action::Play {
            card: u16::MAX,
            slot: 200,
        },
        Action::Square(54),
        Action::Square(u8::MAX),
        Action::Step(200),
        Action::Target(200),
        Action::Character(9),
        Action::UsePlanning { ch: 9, card: 200 },
        Action::DiscardToken { slot: 9, value: 9 },
    ] {
        assert!(try_action(&mut g, a).is_ok_and(|applied| !applied), "{a:?}");
    }
    assert!(g.describe_action(Action::Square(200)).contains("#200"));
}
