//! Heap allocations per step in random play (issue 11: a search bot runs millions of steps,
//! and an allocation costs more than a whole step). A counting global allocator counts every
//! allocation made by `legal_actions` and `apply` from set-up to the end of random games.

use tabletop_core::alloc_count::{allocations, CountingAlloc};
use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Allocations in `legal_actions` and in `apply` over random games of every story, after
/// warm-up games that grow the reused buffers to their working size; and those of the steps
/// that end a game (the result's reason is a sentence: "the 30-round limit was reached").
fn count(story: &str, games: u64) -> Counts {
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
    let mut n = Counts::default();
    // No warm-up game: nothing is made once per thread and kept (the trade checks copy the two
    // captains, plain data, on the stack), so the first game counts like the others.
    for seed in 0..games {
        let mut g = Firefly::new_game(content, &o, seed).expect("set-up");
        while g.actor() != Actor::Over {
            let before = allocations();
            g.legal_actions(&mut legal);
            let mid = allocations();
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            let after = allocations();
            n.steps += 1;
            n.legal += mid - before;
            if g.actor() == Actor::Over {
                n.at_end += after - mid;
            } else {
                n.apply += after - mid;
            }
            // A search bot's copy of the state, every 16th position.
            if n.steps % 16 == 0 {
                let before = allocations();
                let copy = std::hint::black_box(g.clone());
                let made = allocations() - before;
                n.in_clones += made;
                n.most_in_a_clone = n.most_in_a_clone.max(made);
                n.clones += 1;
                drop(copy);
                // Every seat's view, as the server makes them after each action.
                for seat in 0..g.num_seats() as u8 {
                    let before = allocations();
                    let view = std::hint::black_box(g.view(seat));
                    n.in_views += allocations() - before;
                    n.views += 1;
                    drop(view);
                }
            }
        }
    }
    n
}

#[derive(Default)]
struct Counts {
    steps: u64,
    legal: u64,
    apply: u64,
    at_end: u64,
    clones: u64,
    in_clones: u64,
    most_in_a_clone: u64,
    views: u64,
    in_views: u64,
}

#[test]
fn allocations_per_random_step() {
    for story in Content::builtin().stories.iter().map(|s| s.id.as_str()) {
        let games = 20;
        let Counts {
            steps,
            legal,
            apply,
            at_end,
            clones,
            in_clones,
            most_in_a_clone,
            views,
            in_views,
        } = count(story, games);
        println!(
            "{story}: {steps} steps, {legal} allocations in legal_actions, {apply} in apply, \
             {at_end} in the {games} games' last steps; {in_clones} in {clones} copies; \
             {in_views} in {views} views"
        );
        // Issue 11: none. legal_actions: the trade checks copy the two captains on the stack;
        // the lists of sectors and ships offered are inline
        // (`SectorList`). apply: a deck keeps room for all its cards, a player's short lists
        // (gear, upgrades, hand, Active jobs, completed) and a roll's faces and terms are inline,
        // a trade moves cards in place. Before: 0.05-0.15 allocations a step in apply.
        assert_eq!(legal, 0, "{story}: legal_actions allocates");
        assert_eq!(apply, 0, "{story}: apply allocates");
        // The step that ends a game writes why (one sentence, for the log and the result).
        assert!(
            at_end <= 2 * games,
            "{story}: {at_end} allocations ending the games"
        );
        // Issue 11: a copy makes at most 1 allocation: the cards or events being resolved, if
        // any (a few copies in a hundred); the decks and the captains are plain data (before:
        // 19.5 a copy on average, King; then the captains' list and their spilled lists).
        assert!(
            most_in_a_clone <= 1,
            "{story}: a copy of the state made {most_in_a_clone} allocations"
        );
        assert!(
            in_clones <= clones / 20,
            "{story}: {in_clones} allocations in {clones} copies"
        );
        // A view is made for every seat after every action: it borrows the state's lists, so it
        // allocates the captains' list and, rarely, the cards a seat looks at to arrange (a copy
        // of every list was ~60 allocations a view; lists held inline, 1.5-2.5).
        assert!(
            in_views <= views + views / 50,
            "{story}: {in_views} allocations in {views} views"
        );
    }
}
