//! What one captain can know: a copy of the state with everything hidden from a seat dealt anew
//! ([`tabletop_core::Game::determinize`]), for bots that look ahead without peeking.
//!
//! Hidden from a seat (FF-DEAL-6, the per-seat view): the order of every face-down pile (Supply,
//! Contact, Nav and Misbehave decks, but the top cards the seat has looked at and put back), the jobs in rivals' hands, and the dice to come. What
//! each rival's hand card is remains hidden, but which Contact it came from does not: Contact
//! decks have their own backs, and taking a job is done in the open (a Deal, a starting job).
//! So each rival keeps as many cards of each Contact as it holds, drawn anew from that Contact's
//! unseen cards (its draw pile and the rivals' cards of it). Face-up cards (discard piles, Active
//! jobs, crew, gear) are known to everyone and stay.
//!
//! The result depends only on what the seat can see and on the seed: unseen cards are put in a
//! canonical order (sorted) before they are shuffled, so two tables that differ only in what the
//! seat cannot see come out identical (tested in `tests/determinize.rs`).

use tabletop_core::Seat;

use crate::card_use::MISBEHAVE_ROW;
use crate::content::*;
use crate::deal::ALL_CONTACTS;
use crate::state::Firefly;

impl Firefly {
    /// See the module documentation.
    pub fn determinize_for(&mut self, seat: Seat, seed: u64) {
        self.chance.reseed(seed);
        for d in &mut self.decks.supply {
            d.forget_order(&mut self.chance);
        }
        // The top cards the seat has looked at (Nav Charts, Heist Intel) stay where it put
        // them; the rest of each pile is unseen.
        let keep: [usize; 4] = std::array::from_fn(|row| self.known_top_len(seat, row));
        for (d, &keep) in self.decks.nav.iter_mut().zip(&keep) {
            d.forget_order_below(keep, &mut self.chance);
        }
        self.decks
            .misbehave
            .forget_order_below(keep[MISBEHAVE_ROW], &mut self.chance);
        for k in ALL_CONTACTS {
            self.redeal_unseen_jobs(seat, k);
        }
        // The Bounty deck is face down (FF-PBH-1).
        self.bounties.deck.forget_order(&mut self.chance);
    }

    /// Contact `k`'s cards `seat` cannot see (its draw pile, the rivals' hand cards from it)
    /// sorted, shuffled and dealt back: each rival gets as many as it held, in the same places
    /// in its hand; the rest is the draw pile.
    fn redeal_unseen_jobs(&mut self, seat: Seat, k: ContactName) {
        let content = self.content;
        let from_k = |j: &JobId| content.jobs[*j as usize].contact == Some(k);
        let mut pool: Vec<JobId> = self.decks.contacts[k.index()].draw_pile().to_vec();
        for p in self.players.iter().filter(|p| p.seat != seat) {
            pool.extend(p.hand.iter().copied().filter(from_k));
        }
        if pool.is_empty() {
            return;
        }
        pool.sort_unstable();
        self.chance.shuffle(&mut pool);
        for p in self.players.iter_mut().filter(|p| p.seat != seat) {
            for j in p.hand.iter_mut().filter(|j| from_k(j)) {
                *j = pool.pop().expect("as many cards as were taken");
            }
        }
        self.decks.contacts[k.index()].set_draw(&pool);
    }
}
