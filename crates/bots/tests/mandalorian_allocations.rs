//! Heap allocations per decision of the heuristic Mandalorian bot (issue 11: it made ~545 a
//! decision, then ~19, made by the engine's event texts while the bot looks ahead; under one
//! since the engine keeps those reasons as data). A counting
//! global allocator counts every allocation made by `choose` in whole solo games of every
//! mission.

use tabletop_bots::mandalorian::MandalorianBot;
use tabletop_core::alloc_count::{self, CountingAlloc};
use tabletop_core::{Game, NewGame};
use tabletop_mandalorian::*;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Allocations of `choose`, averaged over the decisions of solo games of every mission.
#[test]
fn the_bot_allocates_little_per_decision() {
    let content = embedded();
    let (mut decisions, mut allocations) = (0u64, 0u64);
    let mut ev = Vec::new();
    for m in content.missions.iter().map(|m| m.number) {
        for seed in 0..3u64 {
            let mut g =
                Mandalorian::new_game(content, &Options::solo(m, Difficulty::Standard), seed)
                    .expect("set-up");
            let mut bot = MandalorianBot::new(seed);
            while g.outcome.is_none() {
                let before = alloc_count::allocations();
                let a = bot.choose(&g);
                allocations += alloc_count::allocations() - before;
                decisions += 1;
                ev.clear();
                g.apply_unchecked(a, &mut ev);
            }
        }
    }
    let per = allocations as f64 / decisions as f64;
    eprintln!("{decisions} decisions, {per:.1} allocations each");
    assert!(decisions > 1000, "only {decisions} decisions");
    // What is left is the engine's own, in the look-ahead: a reinforcement pile shuffled anew
    // (MA-EVENT-16) and the like.
    assert!(per <= 2.0, "{per:.1} allocations a decision");
}
