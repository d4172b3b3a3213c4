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
        // Issue 11 aims at 0 in both. legal_actions is there: 0.000-0.001 when these bounds
        // were set, the last ones being the trade checks' scratch copies growing to a ship's
        // size (once per thread). The lists of sectors and ships offered (Cutter, Corvette,
        // Cruiser, Evade, Alert answers, scans) are kept inline (`SectorList`), and the Cutter's
        // refuge reads the board's distance table. Before: 0.013-0.044, and 0.22-0.30 before
        // the trade checks reused their copies.
        assert!(
            legal as f64 / steps as f64 <= 0.002,
            "{story}: legal_actions allocates more"
        );
        // apply: 0.048-0.150 when set (was 0.067-0.263 before a resolution's effect frames
        // were kept inline): what is left is a test's roll (its terms go out in the event),
        // market and starting-job deals, discards and trades. "…Another Man's Treasure" is the
        // highest: random play there makes many Boarding Tests and Piracy jobs.
        let bound = if story == "another-mans-treasure" {
            0.17
        } else {
            0.13
        };
        assert!(
            apply as f64 / steps as f64 <= bound,
            "{story}: apply allocates more"
        );
    }
}
