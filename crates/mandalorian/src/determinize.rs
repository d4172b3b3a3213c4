//! Honest information for bots (issue 12): [`Mandalorian::determinize_for`] deals anew
//! everything one seat cannot see, so that a bot looking ahead on the copy plays on what it may
//! know. The result depends only on what the seat sees and on the seed: every hidden pool is put
//! in a canonical order (sorted) before it is shuffled with the new random stream, and is dealt
//! back into the same places (as many cards to each hand, the same handles), so two states that
//! differ only in what is hidden from the seat determinize to the same state.
//!
//! Hidden from a seat, and dealt anew:
//! * the order of every draw pile: ability decks, planning deck, event deck (MA-DECK-1), the
//!   reinforcement pile (MA-SETUP-15) — keeping on top of the event deck a card with the back
//!   icon everyone sees (MA-INFO-5);
//! * the other seats' hands (MA-INFO-1): each is dealt again, with the draw pile of its deck,
//!   from the cards of that deck the seat cannot see;
//! * the planning cards another seat is drawing with Plan (MA-PLAN-2);
//! * what the face-down threats are that the seat has not looked at (MA-SETUP-13, MA-INFO-2;
//!   a secret look with Spy, MA-SPY-2, makes a token seen), and which tokens were left in the
//!   box (MA-SETUP-16): the tokens of one back (shape) are dealt again among those handles;
//!   where each handle lies stays;
//! * the dice to come: a new random stream, no scripted rolls.
//!
//! Not tracked, so not kept: a planning card a seat put back on top of the deck (MA-PLAN-6) is
//! known to that seat, but the state does not remember it, so it is dealt anew like the rest.

use tabletop_core::Seat;

use crate::content::{EventId, TokenId, MAX_TOKENS};
use crate::state::*;
use tabletop_core::Inline;

/// Room for one deck's unseen cards: an ability deck's draw pile and the hands drawn from it,
/// or the planning deck's draw pile and the cards being drawn.
type Pool<T> = Inline<T, { 2 * crate::content::MAX_CHAR_CARDS + MAX_SEATS * MAX_HAND }>;

impl Mandalorian {
    /// See the module documentation.
    pub fn determinize_for(&mut self, seat: Seat, seed: u64) {
        self.chance.reseed(seed);
        for d in 0..self.t.decks.len() {
            self.redeal_ability_deck(seat, d);
        }
        self.redeal_planning(seat);
        self.redeal_events();
        let pile = &mut self.t.reinforcements;
        pile.sort_unstable();
        self.chance.shuffle(pile);
        self.redeal_threats(seat);
    }

    /// Deck `d`'s draw pile and the other seats' hands drawn from it, sorted, shuffled and
    /// dealt back: each of those seats gets as many cards as it held, in the same places.
    fn redeal_ability_deck(&mut self, seat: Seat, d: usize) {
        let others = |s: usize, st: &SeatState| s != seat as usize && st.deck as usize == d;
        let mut pool = Pool::<_>::new();
        pool.extend(self.t.decks[d].draw_pile().iter().copied());
        for (s, st) in self.t.seats.iter().enumerate() {
            if others(s, st) {
                pool.extend(st.hand.iter().copied());
            }
        }
        pool.sort_unstable();
        self.chance.shuffle(&mut pool);
        for s in 0..self.t.seats.len() {
            if others(s, &self.t.seats[s]) {
                for c in self.t.seats[s].hand.iter_mut() {
                    *c = pool.pop().expect("as many cards as were taken");
                }
            }
        }
        self.t.decks[d].draw_pile_mut().copy_from_slice(&pool);
    }

    /// The planning draw pile, with the cards another seat is drawing right now (MA-PLAN-2).
    fn redeal_planning(&mut self, seat: Seat) {
        let drawing_unseen = seat != self.t.active;
        let mut pool = Pool::<_>::new();
        pool.extend(self.t.planning.draw_pile().iter().copied());
        if drawing_unseen {
            pool.extend(self.t.plan_drawn.iter().copied());
        }
        pool.sort_unstable();
        self.chance.shuffle(&mut pool);
        if drawing_unseen {
            for c in self.t.plan_drawn.iter_mut() {
                *c = pool.pop().expect("as many cards as were drawn");
            }
        }
        self.t.planning.draw_pile_mut().copy_from_slice(&pool);
    }

    /// The event draw pile, with a card of the back icon everyone sees on top (MA-INFO-5).
    fn redeal_events(&mut self) {
        let content = self.t.content;
        let back = |e: &EventId| content.events[*e as usize].back;
        let pile = self.t.events.draw_pile_mut();
        let Some(top_back) = pile.last().map(back) else {
            return;
        };
        pile.sort_unstable();
        self.chance.shuffle(pile);
        let i = pile
            .iter()
            .rposition(|e| back(e) == top_back)
            .expect("the top card is in the pile");
        let top = pile.len() - 1;
        pile.swap(i, top);
    }

    /// The tokens of the handles `seat` cannot tell apart — one back (shape), face down and not
    /// looked at by it, or left in the box — sorted, shuffled and dealt back to those handles in
    /// handle order. Orange tokens and the one carrying the Child are told apart by everyone
    /// (their backs, MA-CHILD-3) and stay.
    fn redeal_threats(&mut self, seat: Seat) {
        let me = 1u8 << seat;
        for shape in 1..=4u8 {
            // Fixed-size lists: a bot determinizes at every decision (no allocation).
            let mut handles = [0usize; MAX_TOKENS];
            let mut tokens = [0 as TokenId; MAX_TOKENS];
            let mut n = 0;
            for (t, th) in self.t.threats.iter().enumerate() {
                let def = &self.t.mission.tokens[th.token as usize];
                if !def.orange
                    && def.shape == shape
                    && !def.carries_child
                    && th.seen & me == 0
                    && (th.loc == TLoc::Box || (matches!(th.loc, TLoc::Map(_)) && !th.face_up))
                {
                    handles[n] = t;
                    tokens[n] = th.token;
                    n += 1;
                }
            }
            tokens[..n].sort_unstable();
            self.chance.shuffle(&mut tokens[..n]);
            for (&t, &token) in handles[..n].iter().zip(&tokens[..n]) {
                self.t.threats[t].token = token;
            }
        }
    }
}
