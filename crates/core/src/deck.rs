//! A deck of cards: a face-down draw pile and a face-up discard pile.
//!
//! Cards are small `Copy` handles (usually an index into static content), so a deck is one flat
//! list: the draw pile, bottom first, then the discard pile, bottom first; the *top* of each
//! pile is its last card. Where the list lives is the deck's [`Pile`]: a `Vec` (room grows as
//! needed), or a fixed inline list ([`FixedDeck`], an [`Inline`]) whose copy is one `memcpy`
//! and never allocates — a Firefly state holds twenty decks, a Mandalorian table six, and a
//! search bot copies the state at every node (issue 11). Either way no draw, discard or
//! reshuffle in play allocates: a `Vec` deck keeps the room for all its cards, its copies too.

use std::marker::PhantomData;
use std::ops::{DerefMut, Range};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::chance::Chance;
use crate::inline::Inline;

/// Where a deck keeps its cards, draw pile then discard pile.
pub trait Pile<C: Copy>: DerefMut<Target = [C]> + Default {
    /// Cards at most.
    const ROOM: usize;
    fn push(&mut self, card: C);
    fn insert(&mut self, at: usize, card: C);
    fn remove(&mut self, at: usize) -> C;
    /// Replace the cards in `range` with `with`.
    fn splice_slice(&mut self, range: Range<usize>, with: &[C]);
    /// A pile holding `cards`; `None` if they do not fit.
    fn from_vec(cards: Vec<C>) -> Option<Self>;
    /// A copy with the same room as the original.
    fn copy(&self) -> Self;
}

impl<C: Copy> Pile<C> for Vec<C> {
    /// A deck counts its draw pile in a `u16`.
    const ROOM: usize = u16::MAX as usize;
    #[inline]
    fn push(&mut self, card: C) {
        Vec::push(self, card)
    }
    fn insert(&mut self, at: usize, card: C) {
        Vec::insert(self, at, card)
    }
    #[inline]
    fn remove(&mut self, at: usize) -> C {
        Vec::remove(self, at)
    }
    fn splice_slice(&mut self, range: Range<usize>, with: &[C]) {
        self.splice(range, with.iter().copied());
    }
    fn from_vec(mut cards: Vec<C>) -> Option<Self> {
        cards.shrink_to_fit();
        (cards.len() <= Self::ROOM).then_some(cards)
    }
    /// A deck in play never grows past the cards it was dealt, so a copy that keeps the room
    /// never allocates either.
    fn copy(&self) -> Self {
        let mut cards = Vec::with_capacity(self.capacity());
        cards.extend_from_slice(self);
        cards
    }
}

impl<C: Copy, const N: usize> Pile<C> for Inline<C, N> {
    const ROOM: usize = N;
    #[inline]
    fn push(&mut self, card: C) {
        Inline::push(self, card)
    }
    fn insert(&mut self, at: usize, card: C) {
        Inline::insert(self, at, card)
    }
    #[inline]
    fn remove(&mut self, at: usize) -> C {
        Inline::remove(self, at)
    }
    fn splice_slice(&mut self, range: Range<usize>, with: &[C]) {
        let tail = Inline::<C, N>::from_slice(&self[range.end..]);
        self.truncate(range.start);
        self.extend(with.iter().copied());
        self.extend(tail);
    }
    fn from_vec(cards: Vec<C>) -> Option<Self> {
        (cards.len() <= N).then(|| Inline::from_slice(&cards))
    }
    fn copy(&self) -> Self {
        *self
    }
}

/// A deck of at most `N` (≤ 255) cards held inline: a copy is one `memcpy`.
pub type FixedDeck<C, const N: usize> = Deck<C, Inline<C, N>>;

#[derive(Debug, PartialEq, Eq)]
pub struct Deck<C, S = Vec<C>> {
    /// The draw pile (`cards[..draw]`), then the discard pile.
    cards: S,
    /// The draw pile's size (a `u16`: a deck held inline stays small).
    draw: u16,
    card: PhantomData<C>,
}

impl<C, S: Default> Default for Deck<C, S> {
    fn default() -> Self {
        Deck {
            cards: S::default(),
            draw: 0,
            card: PhantomData,
        }
    }
}

impl<C: Copy, S: Pile<C>> Clone for Deck<C, S> {
    fn clone(&self) -> Self {
        Deck {
            cards: self.cards.copy(),
            draw: self.draw,
            card: PhantomData,
        }
    }
}

impl<C: Copy, const N: usize> Copy for FixedDeck<C, N> {}

impl<C: Copy + PartialEq> Deck<C> {
    /// A deck whose draw pile holds `cards`, unshuffled; the last card is on top.
    pub fn new(cards: Vec<C>) -> Self {
        Self::from_vec(cards)
    }
}

impl<C: Copy + PartialEq, S: Pile<C>> Deck<C, S> {
    /// A deck whose draw pile holds `cards`, unshuffled; the last card is on top.
    ///
    /// # Panics
    /// If the cards do not fit the pile (a [`FixedDeck`]'s room is checked when its content is
    /// loaded).
    pub fn from_vec(cards: Vec<C>) -> Self {
        let n = cards.len();
        let Some(cards) = S::from_vec(cards) else {
            panic!("a deck of {n} cards does not fit a pile of {}", S::ROOM)
        };
        Deck {
            draw: n as u16,
            cards,
            card: PhantomData,
        }
    }
    /// Shuffle the draw pile.
    pub fn shuffle(&mut self, chance: &mut Chance) {
        chance.shuffle(&mut self.cards[..self.draw as usize]);
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

    /// Draw the top card; if the draw pile is empty, first shuffle the discard pile in to form
    /// a new draw pile. `None` only when both piles are empty.
    pub fn draw_or_reshuffle(&mut self, chance: &mut Chance) -> Option<C> {
        if self.draw == 0 {
            self.reshuffle(chance);
        }
        self.draw()
    }

    /// Put the discard pile under the draw pile and shuffle them together (the discard pile
    /// already lies after the draw pile: the whole buffer becomes the draw pile).
    pub fn reshuffle(&mut self, chance: &mut Chance) {
        self.draw = self.cards.len() as u16;
        chance.shuffle(&mut self.cards);
    }

    /// Put a card face up on top of the discard pile.
    #[inline]
    pub fn discard(&mut self, card: C) {
        self.cards.push(card);
    }

    /// Take a chosen card out of the discard pile ("look through the discard pile").
    /// Returns `false` if the card is not there.
    pub fn take_from_discard(&mut self, card: C) -> bool {
        match self.discard_pile().iter().rposition(|&c| c == card) {
            Some(i) => {
                self.cards.remove(self.draw as usize + i);
                true
            }
            None => false,
        }
    }

    /// Take a chosen card out of the draw pile (set-up steps that search a deck).
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

    /// Put cards on top of the draw pile, the first listed ending on top (scenarios: "stack the
    /// deck"). The cards must not already be elsewhere; callers take them out first.
    pub fn stack_top(&mut self, cards_top_first: &[C]) {
        let at = self.draw as usize;
        for (k, &c) in cards_top_first.iter().rev().enumerate() {
            self.cards.insert(at + k, c);
        }
        self.draw += cards_top_first.len() as u16;
    }

    /// Put a card at the bottom of the draw pile.
    pub fn put_bottom(&mut self, card: C) {
        self.cards.insert(0, card);
        self.draw += 1;
    }

    /// Replace the draw pile, bottom first (a bot's resampled copy of the state: the cards it
    /// cannot see dealt anew).
    pub fn set_draw(&mut self, cards_bottom_first: &[C]) {
        let at = self.draw as usize;
        self.cards.splice_slice(0..at, cards_bottom_first);
        self.draw = cards_bottom_first.len() as u16;
    }

    /// The draw pile, bottom first, to re-order in place (a card that lets a player arrange
    /// the top cards).
    pub fn draw_pile_mut(&mut self) -> &mut [C] {
        &mut self.cards[..self.draw as usize]
    }

    /// Forget the order of the draw pile below its top `keep` cards (those a player has seen
    /// and put back, still on top): sort the rest, then shuffle it, as [`Deck::forget_order`].
    pub fn forget_order_below(&mut self, keep: usize, chance: &mut Chance)
    where
        C: Ord,
    {
        let n = (self.draw as usize).saturating_sub(keep);
        self.cards[..n].sort_unstable();
        chance.shuffle(&mut self.cards[..n]);
    }

    /// The draw pile, bottom first (hidden information: only for the engine and tests).
    pub fn draw_pile(&self) -> &[C] {
        &self.cards[..self.draw as usize]
    }

    /// The face-up discard pile, bottom first; the last card is the visible top.
    pub fn discard_pile(&self) -> &[C] {
        &self.cards[self.draw as usize..]
    }

    /// The top of the discard pile.
    pub fn top_discard(&self) -> Option<C> {
        self.discard_pile().last().copied()
    }

    pub fn draw_len(&self) -> usize {
        self.draw as usize
    }

    pub fn discard_len(&self) -> usize {
        self.cards.len() - self.draw as usize
    }

    /// Forget the draw pile's order as someone who has not seen it would: sort it, then shuffle
    /// it. Two draw piles holding the same cards in different orders come out alike for the
    /// same `chance`, so a bot's look-ahead cannot depend on the real order.
    pub fn forget_order(&mut self, chance: &mut Chance)
    where
        C: Ord,
    {
        let draw = &mut self.cards[..self.draw as usize];
        draw.sort_unstable();
        chance.shuffle(draw);
    }

    /// Every card of the deck, draw pile then discard pile (for invariant checks).
    pub fn all_cards(&self) -> impl Iterator<Item = C> + '_ {
        self.cards.iter().copied()
    }
}

/// A deck reads and writes as its two piles, `{"draw": [...], "discard": [...]}`, bottom first.
#[derive(Serialize, Deserialize)]
struct Piles<C> {
    draw: Vec<C>,
    discard: Vec<C>,
}

impl<C: Serialize + Copy + PartialEq, S: Pile<C>> Serialize for Deck<C, S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        #[derive(Serialize)]
        struct PilesRef<'a, C> {
            draw: &'a [C],
            discard: &'a [C],
        }
        PilesRef {
            draw: self.draw_pile(),
            discard: self.discard_pile(),
        }
        .serialize(s)
    }
}

impl<'de, C: Deserialize<'de> + Copy + PartialEq, S: Pile<C>> Deserialize<'de> for Deck<C, S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = Piles::<C>::deserialize(d)?;
        let mut cards = p.draw;
        let draw = cards.len();
        cards.extend(p.discard);
        let n = cards.len();
        let cards = S::from_vec(cards).ok_or_else(|| {
            serde::de::Error::custom(format!("a deck of {n} cards: at most {} fit", S::ROOM))
        })?;
        Ok(Deck {
            cards,
            draw: draw as u16,
            card: PhantomData,
        })
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

    #[test]
    fn a_deck_reads_and_writes_as_its_two_piles() {
        let mut d = Deck::new(vec![1u16, 2, 3, 4]);
        let top = d.draw().unwrap();
        d.discard(top);
        d.discard(9);
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(json, r#"{"draw":[1,2,3],"discard":[4,9]}"#);
        let back: Deck<u16> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.draw_pile(), &[1, 2, 3]);
        assert_eq!(back.top_discard(), Some(9));
    }

    /// A copy keeps the room for every card, so play on a copy (a bot's look-ahead) never
    /// grows a pile's buffer either.
    #[test]
    fn a_copy_keeps_room_for_every_card() {
        let mut d = Deck::new((0..30u16).collect());
        for _ in 0..10 {
            let c = d.draw().unwrap();
            d.discard(c);
        }
        let mut copy = d.clone();
        let room = copy.cards.capacity();
        assert!(room >= 30);
        let mut c = Chance::new(5);
        for _ in 0..100 {
            let x = copy.draw_or_reshuffle(&mut c).unwrap();
            copy.discard(x);
        }
        assert_eq!(copy.cards.capacity(), room);
        assert_eq!(copy.draw_len() + copy.discard_len(), 30);
    }

    /// A reshuffle puts the discard pile under the draw pile and shuffles the whole: the same
    /// order as shuffling `draw ++ discard`, so games replay as they did with two piles.
    #[test]
    fn a_reshuffle_shuffles_draw_then_discard() {
        let mut d = Deck::new(vec![1u16, 2, 3]);
        d.discard(7);
        d.discard(8);
        let mut expected = vec![1u16, 2, 3, 7, 8];
        Chance::new(11).shuffle(&mut expected);
        d.reshuffle(&mut Chance::new(11));
        assert_eq!(d.draw_pile(), expected.as_slice());
        assert_eq!(d.discard_len(), 0);
    }

    /// A deck held inline does what a `Vec` deck does, card for card, through the same RNG
    /// calls; its copy is a plain copy.
    #[test]
    fn a_fixed_deck_plays_as_a_vec_deck() {
        let cards: Vec<u16> = (0..30).collect();
        let mut v = Deck::new(cards.clone());
        let mut f = FixedDeck::<u16, 32>::from_vec(cards);
        let (mut cv, mut cf) = (Chance::new(3), Chance::new(3));
        v.shuffle(&mut cv);
        f.shuffle(&mut cf);
        for round in 0..200u16 {
            match round % 7 {
                0..=2 => {
                    assert_eq!(v.draw_or_reshuffle(&mut cv), f.draw_or_reshuffle(&mut cf));
                }
                3 => {
                    if let Some(x) = v.draw() {
                        assert_eq!(f.draw(), Some(x));
                        v.stack_top(&[x]);
                        f.stack_top(&[x]);
                    }
                }
                4 => {
                    let pile = v.draw_pile().to_vec();
                    v.set_draw(&pile);
                    f.set_draw(&pile);
                }
                _ => {
                    if let Some(x) = v.draw() {
                        f.draw();
                        v.discard(x);
                        f.discard(x);
                    }
                }
            }
            assert_eq!(v.draw_pile(), f.draw_pile());
            assert_eq!(v.discard_pile(), f.discard_pile());
        }
        let copy = f;
        assert_eq!(copy, f);
        assert_eq!(
            serde_json::to_string(&copy).unwrap(),
            serde_json::to_string(&v).unwrap()
        );
    }

    /// A saved deck with more cards than its pile holds is refused with a reason, not cut short.
    #[test]
    fn a_fixed_deck_refuses_more_cards_than_it_holds() {
        let err = serde_json::from_str::<FixedDeck<u16, 2>>(r#"{"draw":[1,2],"discard":[3]}"#)
            .unwrap_err();
        assert!(err.to_string().contains("at most 2"), "{err}");
        let ok: FixedDeck<u16, 3> =
            serde_json::from_str(r#"{"draw":[1,2],"discard":[3]}"#).unwrap();
        assert_eq!(ok.top_discard(), Some(3));
    }

    #[test]
    fn a_fixed_deck_keeps_draw_and_discard_apart_in_one_list() {
        let mut d = FixedDeck::<u8, 6>::from_vec(vec![1, 2, 3, 4]);
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
