//! Property test: many random games (10,000 by default; `TABLETOP_PROPTEST_GAMES` raises it),
//! with invariants checked after every step — every card and token in exactly one place, a
//! game with a defeated character is over, views hide other hands and privately looked-at
//! threats — and the replay of each game's actions reproduces its final state.
use proptest::prelude::*;
use tabletop_core::{Game, NewGame, Replay, Rng};
use tabletop_mandalorian::*;

fn games() -> u32 {
    std::env::var("TABLETOP_PROPTEST_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
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

fn play_random(opts: &Options, seed: u64, policy: u64) -> Result<(), TestCaseError> {
    let content = embedded();
    let mut g = Mandalorian::new_game(content, opts, seed)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = Rng::new(policy);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut record: Replay<Options, Action> = Replay::new(
        "mandalorian",
        content.fingerprint.clone(),
        opts.clone(),
        seed,
    );
    let mut steps = 0;
    // A state copied into at every step (`clone_from`, as a search copies its root: only the
    // table's live part is copied over what the kept state held before) plays on exactly as
    // the game does.
    let mut kept = g.clone();
    let mut kept_ev = Vec::new();
    while g.outcome().is_none() {
        g.legal_actions(&mut legal);
        prop_assert!(!legal.is_empty(), "no legal action: {:?}", g);
        // Random play, a little less keen on ending the action phase early.
        let a = legal[rng.below(legal.len() as u32) as usize];
        kept.clone_from(&g);
        ev.clear();
        g.apply(a, &mut ev)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        kept_ev.clear();
        kept.apply(a, &mut kept_ev)
            .map_err(|e| TestCaseError::fail(format!("the copy refused {a:?}: {e}")))?;
        prop_assert!(
            kept == g && kept_ev == ev,
            "a copy into a kept state played {a:?} differently"
        );
        // The kept state goes its own way for a step, so that the next copy lands on a state
        // (a task stack above all) other than the one copied.
        if kept.outcome().is_none() {
            kept.legal_actions(&mut legal);
            let b = legal[rng.below(legal.len() as u32) as usize];
            kept.apply(b, &mut kept_ev)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        record.actions.push(a);
        let checked = if steps % 8 == 0 {
            g.check_invariants().and_then(|_| g.check_views())
        } else {
            g.check_invariants()
        };
        if let Err(e) = checked {
            return Err(TestCaseError::fail(format!(
                "after step {steps} ({a:?}): {e}"
            )));
        }
        steps += 1;
        prop_assert!(steps < 20_000, "no end after 20000 steps");
    }
    // A defeated character means the game is over and lost.
    if g.characters().iter().any(|c| c.damage >= c.health) {
        prop_assert!(g.outcome().unwrap().winners.is_empty());
    }
    let again: Mandalorian = record
        .play(content, &content.fingerprint, None)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(again == g, "the replay does not reproduce the state");
    // A save round-trips through JSON.
    let back = Replay::<Options, Action>::from_json(&record.to_json()).unwrap();
    prop_assert_eq!(back.actions.len(), record.actions.len());
    Ok(())
}

/// A random game of one of `missions`: its options, seed and the random policy's seed.
fn game(missions: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = (Options, u64, u64)> {
    (missions, 0u8..3, 0u8..4, 0u8..3, any::<u64>(), any::<u64>()).prop_map(
        |(mission, d, mode, seats, seed, policy)| (options(mission, d, mode, seats), seed, policy),
    )
}

// The games are split in two tests of half the games each, so both cores play them: missions 1
// and 2, and missions 3 and 4.
proptest! {
    #![proptest_config(ProptestConfig { cases: games() / 2, failure_persistence: None, .. ProptestConfig::default() })]
    #[test]
    fn random_games_keep_every_invariant((opts, seed, policy) in game(1..=2)) {
        play_random(&opts, seed, policy)?;
    }

    #[test]
    fn random_games_of_the_later_missions_keep_every_invariant((opts, seed, policy) in game(3..=4)) {
        play_random(&opts, seed, policy)?;
    }
}
