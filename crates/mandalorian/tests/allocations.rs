//! Heap allocations of a state's clone (issue 11: search bots clone the state at every node,
//! and an allocation costs more than the copy itself). A counting global allocator counts every
//! allocation made by `clone` at every position of random games of every mission and
//! difficulty, and those of `legal_actions` (none) and `apply` (a few in a hundred steps: a
//! reinforcement pile shuffled anew, MA-EVENT-16, and the like; the reasons a card is put
//! aside are kept as data, `idle::IdleWhy`, no longer as texts, which made about one a step).

use tabletop_core::alloc_count::{allocations, CountingAlloc};
use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_mandalorian::*;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// A clone of a state is one copy of its table and a shared `Arc` of the options: no
/// allocation at any point of any game. A copy into a state kept for it (`clone_from`, a
/// search's copy of its root) is the same state and allocates nothing either, whatever the kept
/// state held (another mission's game). A warm-up pass plays the same games first, so that
/// buffers and the distance tables of each door set (built once per map) have their size.
#[test]
fn a_clone_allocates_nothing_at_any_position_of_random_games() {
    let content = embedded();
    let (mut legal, mut events) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let mut steps = 0u64;
    let mut kept: Option<Mandalorian> = None;
    for pass in 0..2 {
        let (mut in_clone, mut in_legal, mut in_apply) = (0, 0, 0);
        for m in content.missions.iter().map(|m| m.number) {
            for d in Difficulty::ALL {
                for seed in 0..20u64 {
                    let mut rng = Rng::new(seed);
                    let mut g =
                        Mandalorian::new_game(content, &Options::solo(m, d), seed).expect("set-up");
                    while g.actor() != Actor::Over {
                        let before = allocations();
                        let copy = g.clone();
                        in_clone += allocations() - before;
                        drop(copy);
                        let k = kept.get_or_insert_with(|| g.clone());
                        let before_copy = allocations();
                        k.clone_from(&g);
                        in_clone += allocations() - before_copy;
                        assert!(*k == g, "a copy into a kept state differs: {g:?}");
                        let after_clone = allocations();
                        g.legal_actions(&mut legal);
                        let after_legal = allocations();
                        let a = legal[rng.index(legal.len())];
                        events.clear();
                        g.apply_unchecked(a, &mut events);
                        let after_apply = allocations();
                        in_legal += after_legal - after_clone;
                        in_apply += after_apply - after_legal;
                        steps += (pass == 1) as u64;
                    }
                }
            }
        }
        if pass == 1 {
            assert!(steps > 10_000, "only {steps} steps played");
            eprintln!(
                "{steps} steps: {in_clone} allocations in clone, {in_legal} in legal_actions, \
                 {in_apply} in apply"
            );
            assert_eq!(in_clone, 0, "allocations in clone over {steps} steps");
            assert_eq!(
                in_legal, 0,
                "allocations in legal_actions over {steps} steps"
            );
            assert!(
                in_apply * 20 <= steps,
                "{in_apply} allocations in apply over {steps} steps"
            );
        }
    }
}
