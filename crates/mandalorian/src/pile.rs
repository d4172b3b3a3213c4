//! A deck held inline in the Mandalorian table ([`Pile`]): the same operations as
//! `tabletop_core::Deck`, its cards in one [`Inline`] list, so the table stays one copy of memory
//! (issue 11: a clone in ≤ 100 ns).

use std::fmt;

use tabletop_core::{Chance, Inline};

/// A deck of at most `N` cards: a draw pile (the last card on top) and a face-up discard pile
/// (the last card the visible top), with the operations of `tabletop_core::Deck` and the same
/// use of chance, so a game plays the same with either.
///
/// One list, the draw pile then the discard pile (as `tabletop_core::Deck`): the room is the
/// deck's size, not twice it (issue 11: a state's copy is a copy of its table). A draw takes
/// the draw pile's top from the middle of the list and moves the discards down a place: a few
/// bytes, for decks of at most 32 cards.
#[derive(Copy, Default, PartialEq, Eq)]
pub struct Pile<C: Copy, const N: usize> {
    /// The draw pile (`cards[..draw]`), then the discard pile.
    cards: Inline<C, N>,
    draw: u8,
}

impl<C: Copy, const N: usize> Clone for Pile<C, N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: Copy + PartialEq, const N: usize> Pile<C, N> {
    /// A deck whose draw pile holds `cards`, unshuffled; the last card is on top.
    pub fn new(cards: &[C]) -> Self {
        let cards = Inline::from_slice(cards);
        Pile {
            draw: cards.len() as u8,
            cards,
        }
    }

    /// The draw pile, bottom first, to rearrange in place (a determinization deals it anew).
    pub fn draw_pile_mut(&mut self) -> &mut [C] {
        &mut self.cards[..self.draw as usize]
    }

    /// Shuffle the draw pile.
    pub fn shuffle(&mut self, chance: &mut Chance) {
        chance.shuffle(self.draw_pile_mut());
    }

    /// Draw the top card, if any.
    #[inline]
    pub fn draw(&mut self) -> Option<C> {
        if self.draw == 0 {
            return None;
        }
        self.draw -= 1;
        Some(self.cards.remove(self.draw as usize))
    }

    /// Draw the top card; if the draw pile is empty, first shuffle the discard pile in.
    pub fn draw_or_reshuffle(&mut self, chance: &mut Chance) -> Option<C> {
        if self.draw == 0 {
            self.reshuffle(chance);
        }
        self.draw()
    }

    /// Put the discard pile under the draw pile and shuffle them together.
    pub fn reshuffle(&mut self, chance: &mut Chance) {
        self.draw = self.cards.len() as u8;
        self.shuffle(chance);
    }

    /// Put a card face up on top of the discard pile.
    #[inline]
    pub fn discard(&mut self, card: C) {
        self.cards.push(card);
    }

    /// Take a chosen card out of the draw pile; `false` if it is not there.
    pub fn take_from_draw(&mut self, card: C) -> bool {
        match self.draw_pile().iter().rposition(|&c| c == card) {
            Some(i) => {
                self.cards.remove(i);
                self.draw -= 1;
                true
            }
            None => false,
        }
    }

    /// Take a chosen card out of the discard pile; `false` if it is not there.
    pub fn take_from_discard(&mut self, card: C) -> bool {
        match self.discard_pile().iter().rposition(|&c| c == card) {
            Some(i) => {
                self.cards.remove(self.draw as usize + i);
                true
            }
            None => false,
        }
    }

    /// Put cards on top of the draw pile, the first listed ending on top.
    pub fn stack_top(&mut self, cards_top_first: &[C]) {
        for &c in cards_top_first.iter().rev() {
            self.cards.insert(self.draw as usize, c);
            self.draw += 1;
        }
    }

    /// The draw pile, bottom first (hidden information: only for the engine and tests).
    pub fn draw_pile(&self) -> &[C] {
        &self.cards[..self.draw as usize]
    }

    /// The face-up discard pile, bottom first; the last card is the visible top.
    pub fn discard_pile(&self) -> &[C] {
        &self.cards[self.draw as usize..]
    }

    pub fn top_discard(&self) -> Option<C> {
        self.discard_pile().last().copied()
    }

    pub fn draw_len(&self) -> usize {
        self.draw as usize
    }

    pub fn discard_len(&self) -> usize {
        self.cards.len() - self.draw as usize
    }

    /// Every card of the deck, draw pile then discard pile (for invariant checks).
    pub fn all_cards(&self) -> impl Iterator<Item = C> + '_ {
        self.cards.iter().copied()
    }
}

impl<C: Copy + fmt::Debug, const N: usize> fmt::Debug for Pile<C, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pile")
            .field("draw", &&self.cards[..self.draw as usize])
            .field("discard", &&self.cards[self.draw as usize..])
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pile_draws_from_the_top_and_reshuffles_its_discards() {
        let mut d: Pile<u8, 8> = Pile::new(&[1, 2, 3]);
        assert_eq!(d.draw(), Some(3));
        d.stack_top(&[9, 8]);
        assert_eq!(d.draw(), Some(9));
        d.discard(3);
        assert!(d.take_from_draw(1));
        assert_eq!(d.draw_pile(), &[2, 8]);
        let mut chance = Chance::new(1);
        assert_eq!(d.draw_or_reshuffle(&mut chance), Some(8));
        assert_eq!(d.draw_or_reshuffle(&mut chance), Some(2));
        assert_eq!(d.draw_or_reshuffle(&mut chance), Some(3));
        assert_eq!(d.draw_or_reshuffle(&mut chance), None);
    }

    #[test]
    fn a_pile_keeps_draw_and_discard_apart_in_one_list() {
        let mut d: Pile<u8, 6> = Pile::new(&[1, 2, 3, 4]);
        d.discard(7);
        d.discard(8);
        assert_eq!(d.draw(), Some(4));
        assert_eq!(
            (d.draw_pile(), d.discard_pile()),
            (&[1, 2, 3][..], &[7, 8][..])
        );
        assert_eq!(d.top_discard(), Some(8));
        assert!(d.take_from_discard(7) && !d.take_from_discard(3));
        assert!(d.take_from_draw(2) && !d.take_from_draw(8));
        d.stack_top(&[5, 6]);
        assert_eq!(
            (d.draw_pile(), d.discard_pile()),
            (&[1, 3, 6, 5][..], &[8][..])
        );
        assert_eq!((d.draw_len(), d.discard_len()), (4, 1));
        // The room is the deck's size: every card of a 6-card deck fits, wherever it lies.
        d.discard(9);
        assert_eq!(d.all_cards().collect::<Vec<_>>(), [1, 3, 6, 5, 8, 9]);
        let mut chance = Chance::new(3);
        d.reshuffle(&mut chance);
        assert_eq!((d.draw_len(), d.discard_len()), (6, 0));
    }
}
