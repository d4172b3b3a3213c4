use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{invariants, Firefly, Options};

#[test]
fn random_games_run() {
    let content = Content::builtin();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let (mut total_steps, mut won, mut jobs) = (0u64, 0, 0);
    for seed in 0..300u64 {
        let mut opts = Options::new(2 + (seed % 3) as u8, "The King of All Londinium");
        opts.max_rounds = Some(40);
        let mut g = Firefly::new_game(content, &opts, seed).unwrap();
        let mut pick = Rng::new(seed ^ 0xabcdef);
        let mut steps = 0;
        while g.actor() != Actor::Over {
            g.legal_actions(&mut actions);
            assert!(
                !actions.is_empty(),
                "seed {seed}: no legal action in {:?}",
                g.phase
            );
            // Prefer anything over ending the turn, so random games go somewhere.
            let mut a = actions[pick.index(actions.len())];
            if a == tabletop_firefly::Action::EndTurn && actions.len() > 1 && pick.below(4) != 0 {
                a = actions[pick.index(actions.len())];
            }
            events.clear();
            g.apply_unchecked(a, &mut events);
            if let Err(e) = invariants::check(&g) {
                panic!("seed {seed} step {steps} after {a:?}: {e}");
            }
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: runaway");
        }
        total_steps += steps;
        won += g.outcome.as_ref().unwrap().winners.len();
        jobs += g.players.iter().map(|p| p.completed.len()).sum::<usize>();
    }
    eprintln!("steps {total_steps}, won {won}, jobs completed {jobs}");
}

/// Issue 11: a copy into a kept state (`clone_from`, as a search copies its root for every
/// rollout) is the same state as a new copy: the same JSON, and the same game from there on —
/// whatever the kept state held before (another story, other captains, a resolution under way).
#[test]
fn a_copy_into_a_kept_state_is_the_state() {
    let content = Content::builtin();
    let (mut legal, mut legal_kept, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut kept: Option<Firefly> = None;
    let mut copies = 0;
    for story in &content.stories {
        for seed in 0..4u64 {
            let mut opts = Options::new(2 + seed as u8, &story.id);
            opts.max_rounds = Some(15);
            opts.expansions = story.expansions_needed();
            let Ok(mut g) = Firefly::new_game(content, &opts, seed) else {
                continue;
            };
            let mut pick = Rng::new(seed);
            let mut steps = 0u64;
            while g.actor() != Actor::Over {
                if steps.is_multiple_of(5) {
                    let k = kept.get_or_insert_with(|| g.clone());
                    k.clone_from(&g);
                    assert_eq!(k.state_json(), g.state_json(), "{}: step {steps}", story.id);
                    g.legal_actions(&mut legal);
                    k.legal_actions(&mut legal_kept);
                    assert_eq!(legal, legal_kept);
                    copies += 1;
                }
                g.legal_actions(&mut legal);
                events.clear();
                g.apply_unchecked(legal[pick.index(legal.len())], &mut events);
                steps += 1;
            }
        }
    }
    assert!(copies > 800, "{copies} copies compared");
}
