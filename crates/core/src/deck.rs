//! A deck of cards: a face-down draw pile and a face-up discard pile.
//!
//! Cards are small `Copy` handles (usually an index into static content), so decks are flat
//! vectors and cloning a game state is cheap. The *top* of each pile is the end of its vector.

use serde::{Deserialize, Serialize};

use crate::chance::Chance;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C> {
    draw: Vec<C>,
    discard: Vec<C>,
}

impl<C> Default for Deck<C> {
    fn default() -> Self {
        Deck {
            draw: Vec::new(),
            discard: Vec::new(),
        }
    }
}

impl<C: Copy + PartialEq> Deck<C> {
    /// A deck whose draw pile holds `cards`, unshuffled; the last card is on top.
    pub fn new(cards: Vec<C>) -> Self {
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// Shuffle the draw pile.
    pub fn shuffle(&mut self, chance: &mut Chance) {
        chance.shuffle(&mut self.draw);
    }

    /// Draw the top card, if any.
    #[inline]
    pub fn draw(&mut self) -> Option<C> {
        self.draw.pop()
    }

    /// Draw the top card; if the draw pile is empty, first shuffle the discard pile in to form
    /// a new draw pile. `None` only when both piles are empty.
    pub fn draw_or_reshuffle(&mut self, chance: &mut Chance) -> Option<C> {
        if self.draw.is_empty() {
            self.reshuffle(chance);
        }
        self.draw.pop()
    }

    /// Put the discard pile under the draw pile and shuffle them together.
    pub fn reshuffle(&mut self, chance: &mut Chance) {
        self.draw.append(&mut self.discard);
        chance.shuffle(&mut self.draw);
    }

    /// Put a card face up on top of the discard pile.
    #[inline]
    pub fn discard(&mut self, card: C) {
        self.discard.push(card);
    }

    /// Take a chosen card out of the discard pile ("look through the discard pile").
    /// Returns `false` if the card is not there.
    pub fn take_from_discard(&mut self, card: C) -> bool {
        match self.discard.iter().rposition(|&c| c == card) {
            Some(i) => {
                self.discard.remove(i);
                true
            }
            None => false,
        }
    }

    /// Take a chosen card out of the draw pile (set-up steps that search a deck).
    pub fn take_from_draw(&mut self, card: C) -> bool {
        match self.draw.iter().rposition(|&c| c == card) {
            Some(i) => {
                self.draw.remove(i);
                true
            }
            None => false,
        }
    }

    /// Put cards on top of the draw pile, the first listed ending on top (scenarios: "stack the
    /// deck"). The cards must not already be elsewhere; callers take them out first.
    pub fn stack_top(&mut self, cards_top_first: &[C]) {
        self.draw.extend(cards_top_first.iter().rev().copied());
    }

    /// Put a card at the bottom of the draw pile.
    pub fn put_bottom(&mut self, card: C) {
        self.draw.insert(0, card);
    }

    /// Replace the draw pile, bottom first (a bot's resampled copy of the state: the cards it
    /// cannot see dealt anew).
    pub fn set_draw(&mut self, cards_bottom_first: Vec<C>) {
        self.draw = cards_bottom_first;
    }

    /// The draw pile, bottom first, to re-order in place (a card that lets a player arrange
    /// the top cards).
    pub fn draw_pile_mut(&mut self) -> &mut [C] {
        &mut self.draw
    }

    /// Forget the order of the draw pile below its top `keep` cards (those a player has seen
    /// and put back, still on top): sort the rest, then shuffle it, as [`Deck::forget_order`].
    pub fn forget_order_below(&mut self, keep: usize, chance: &mut Chance)
    where
        C: Ord,
    {
        let n = self.draw.len().saturating_sub(keep);
        self.draw[..n].sort_unstable();
        chance.shuffle(&mut self.draw[..n]);
    }

    /// The draw pile, bottom first (hidden information: only for the engine and tests).
    pub fn draw_pile(&self) -> &[C] {
        &self.draw
    }

    /// The face-up discard pile, bottom first; the last card is the visible top.
    pub fn discard_pile(&self) -> &[C] {
        &self.discard
    }

    /// The top of the discard pile.
    pub fn top_discard(&self) -> Option<C> {
        self.discard.last().copied()
    }

    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// Forget the draw pile's order as someone who has not seen it would: sort it, then shuffle
    /// it. Two draw piles holding the same cards in different orders come out alike for the
    /// same `chance`, so a bot's look-ahead cannot depend on the real order.
    pub fn forget_order(&mut self, chance: &mut Chance)
    where
        C: Ord,
    {
        self.draw.sort_unstable();
        chance.shuffle(&mut self.draw);
    }

    /// Every card of the deck, draw pile then discard pile (for invariant checks).
    pub fn all_cards(&self) -> impl Iterator<Item = C> + '_ {
        self.draw.iter().chain(self.discard.iter()).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_takes_from_the_top() {
        let mut d = Deck::new(vec![1, 2, 3]);
        assert_eq!(d.draw(), Some(3));
        d.stack_top(&[9, 8]);
        assert_eq!(d.draw(), Some(9));
        assert_eq!(d.draw(), Some(8));
        assert_eq!(d.draw(), Some(2));
    }

    #[test]
    fn empty_draw_reshuffles_the_discards() {
        let mut c = Chance::new(1);
        let mut d = Deck::new(vec![1]);
        assert_eq!(d.draw(), Some(1));
        d.discard(1);
        d.discard(2);
        assert_eq!(d.draw(), None);
        let x = d.draw_or_reshuffle(&mut c).unwrap();
        assert!(x == 1 || x == 2);
        assert_eq!(d.discard_len(), 0);
        assert_eq!(d.draw_len(), 1);
    }

    #[test]
    fn take_from_discard_finds_the_card() {
        let mut d = Deck::new(vec![]);
        d.discard(4);
        d.discard(5);
        assert!(d.take_from_discard(4));
        assert!(!d.take_from_discard(4));
        assert_eq!(d.discard_pile(), &[5]);
    }

    #[test]
    fn cards_are_conserved_by_every_operation() {
        let mut c = Chance::new(2);
        let mut d = Deck::new((0..20).collect::<Vec<u8>>());
        d.shuffle(&mut c);
        for _ in 0..7 {
            let x = d.draw().unwrap();
            d.discard(x);
        }
        d.reshuffle(&mut c);
        let mut all: Vec<u8> = d.all_cards().collect();
        all.sort();
        assert_eq!(all, (0..20).collect::<Vec<_>>());
    }
}
