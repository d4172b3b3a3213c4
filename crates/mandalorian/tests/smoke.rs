use tabletop_core::{Game, NewGame, Rng};
use tabletop_mandalorian::*;

#[test]
fn random_games_run() {
    let content = embedded();
    let mut rng = Rng::new(7);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for m in 1..=4u8 {
        for seed in 0..200u64 {
            let opts = if seed % 2 == 0 { Options::solo(m, Difficulty::Recruit) } else { Options::new(m, Difficulty::Standard, Mode::Standard, 2) };
            let mut g = Mandalorian::new_game(content, &opts, seed).unwrap();
            let mut steps = 0;
            while g.outcome().is_none() {
                g.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "{:?}", g);
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply(a, &mut ev).unwrap();
                if let Err(e) = g.check_invariants() { panic!("m{m} seed {seed} step {steps}: {e}\n{:?}", g); }
                steps += 1;
                assert!(steps < 5000);
            }
        }
    }
}

#[test]
fn draw_maps() {
    for m in 1..=4u8 {
        let g = Mandalorian::new_game(embedded(), &Options::solo(m, Difficulty::Recruit), 1).unwrap();
        println!("{}", g.draw_map(0));
    }
}
