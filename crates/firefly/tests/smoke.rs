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
