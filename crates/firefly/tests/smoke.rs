use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

#[test]
fn random_games_run() {
    let content = Content::builtin();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for seed in 0..200u64 {
        let mut opts = Options::new(2 + (seed % 3) as u8, "The King of All Londinium");
        opts.max_rounds = Some(30);
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
            // Bias against ending the turn at once so that games go somewhere.
            let a = actions[pick.index(actions.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: runaway");
        }
    }
}
