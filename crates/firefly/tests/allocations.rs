//! Heap allocations per step in random play (issue 11: a search bot runs millions of steps,
//! and an allocation costs more than a whole step). A counting global allocator counts every
//! allocation made by `legal_actions` and `apply` from set-up to the end of random games.

use tabletop_core::alloc_count::{allocations, CountingAlloc};
use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Allocations in `legal_actions` and in `apply` over random games of every story, after a
/// warm-up game that grows the reused buffers to their working size.
fn count(story: &str, games: u64) -> (u64, u64, u64) {
    let content = Content::builtin();
    let mut o = Options::new(4, story);
    o.max_rounds = Some(30);
    // An expansion's story is played with the expansions it needs.
    o.expansions = content
        .stories
        .iter()
        .find(|s| s.id == story)
        .unwrap()
        .expansions_needed();
    let (mut legal, mut events) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let mut rng = Rng::new(7);
    let (mut steps, mut in_legal, mut in_apply) = (0, 0, 0);
    for seed in 0..=games {
        let mut g = Firefly::new_game(content, &o, seed).expect("set-up");
        let warm_up = seed == 0;
        while g.actor() != Actor::Over {
            let before = allocations();
            g.legal_actions(&mut legal);
            let mid = allocations();
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            let after = allocations();
            if !warm_up {
                steps += 1;
                in_legal += mid - before;
                in_apply += after - mid;
            }
        }
    }
    (steps, in_legal, in_apply)
}

#[test]
fn allocations_per_random_step() {
    for story in Content::builtin().stories.iter().map(|s| s.id.as_str()) {
        let (steps, legal, apply) = count(story, 20);
        println!(
            "{story}: {steps} steps, {:.3} allocations a step in legal_actions, {:.3} in apply",
            legal as f64 / steps as f64,
            apply as f64 / steps as f64
        );
        // Issue 11 aims at 0 in both. Measured when these bounds were set: legal_actions
        // 0.013–0.029 (the Rim's Cutter and Corvette destinations are still listed in Vecs; the
        // Blue Sun story's 0.029 since Hull-Mounted Flak Guns move Cutters more often),
        // apply 0.087–0.179 (the resolution stack's effect frames, market draws, starting
        // jobs). Before: legal_actions 0.22–0.30 (trade checks copied both ships), apply 0.20.
        // A rise above these fails.
        // Rim Rider plays on both Rim boxes (first measured at 0.044): more Cutter, Corvette and
        // Alert moves, whose destinations are those Vecs; issue 11 keeps the aim of 0.
        let legal_bound = if story == "rim-rider" { 0.05 } else { 0.032 };
        assert!(
            legal as f64 / steps as f64 <= legal_bound,
            "{story}: legal_actions allocates more"
        );
        // Pirates & Bounty Hunters' story (first measured at 0.263): random play there makes
        // many more Boarding Tests (each opens a resolution frame, the allocating path above)
        // and Work actions on Piracy jobs; issue 11 keeps the aim of 0.
        let bound = if story == "another-mans-treasure" {
            0.28
        } else {
            0.19
        };
        assert!(
            apply as f64 / steps as f64 <= bound,
            "{story}: apply allocates more"
        );
    }
}
