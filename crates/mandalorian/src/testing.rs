//! Helpers for tests of hidden information (here and in `tabletop-bots`): tables that look the
//! same to one seat.

use tabletop_core::Seat;

use crate::state::*;

/// Another table that looks exactly the same to `seat` but differs in what it cannot see
/// (MA-INFO-1..6): every draw pile (ability, planning, reinforcement) reversed, the event deck
/// reversed below its top card (whose back is seen, MA-INFO-5), each other seat's hand card
/// swapped with a card of its deck's draw pile, two face-down threats of one back the seat has
/// not looked at (MA-SPY-2) swapped, and other dice to come. `None` when nothing could differ.
pub fn hidden_twin(g: &Mandalorian, seat: Seat, dice_seed: u64) -> Option<Mandalorian> {
    let mut b = g.clone();
    let mut changed = false;
    for d in 0..b.t.decks.len() {
        changed |= reverse(b.t.decks[d].draw_pile_mut());
    }
    changed |= reverse(b.t.planning.draw_pile_mut());
    changed |= reverse(&mut b.t.reinforcements);
    let events = b.t.events.draw_pile_mut();
    if events.len() > 2 {
        let below_top = events.len() - 1;
        changed |= reverse(&mut events[..below_top]);
    }
    for s in 0..b.t.seats.len() {
        if s == seat as usize || b.t.seats[s].hand.is_empty() {
            continue;
        }
        let d = b.t.seats[s].deck as usize;
        let pile = b.t.decks[d].draw_pile_mut();
        if let Some(c) = pile.first_mut() {
            if *c != b.t.seats[s].hand[0] {
                std::mem::swap(c, &mut b.t.seats[s].hand[0]);
                changed = true;
            }
        }
    }
    let me = 1u8 << seat;
    let unseen: Vec<usize> = (0..b.t.threats.len())
        .filter(|&t| {
            let th = &b.t.threats[t];
            let def = &b.t.mission.tokens[th.token as usize];
            matches!(th.loc, TLoc::Map(_))
                && !th.face_up
                && th.seen & me == 0
                && !def.orange
                && !def.carries_child
        })
        .collect();
    'pairs: for (i, &x) in unseen.iter().enumerate() {
        for &y in &unseen[i + 1..] {
            let (tx, ty) = (b.t.threats[x].token, b.t.threats[y].token);
            let m = b.t.mission;
            if tx != ty && m.tokens[tx as usize].shape == m.tokens[ty as usize].shape {
                b.t.threats[x].token = ty;
                b.t.threats[y].token = tx;
                changed = true;
                break 'pairs;
            }
        }
    }
    b.chance.reseed(dice_seed);
    changed.then_some(b)
}

/// Reverse a pile; whether that changed it.
fn reverse<T: PartialEq>(pile: &mut [T]) -> bool {
    pile.reverse();
    pile.windows(2).any(|w| w[0] != w[1])
}

/// Everything a determinization deals (the hidden parts of a state), as text to compare.
pub fn hidden_parts(g: &Mandalorian) -> String {
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        g.t.decks,
        g.t.seats,
        g.t.planning,
        g.t.plan_drawn,
        g.t.events,
        g.t.reinforcements,
        g.t.threats
    )
}
