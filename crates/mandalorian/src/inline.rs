//! Fixed-capacity lists kept inside the state, so that cloning a state — what a bot does at
//! every node of its look-ahead — is one copy of memory with no allocation (issue 11: a clone
//! in ≤ 100 ns). [`Inline`] is a list of at most `N` small plain items; [`Pile`] is a deck
//! (draw pile and discard pile) with the same operations as `tabletop_core::Deck`.
//!
//! The capacities are bounds the rules and the content loader guarantee (a hand never exceeds
//! its size, a mission has at most [`crate::content::MAX_TOKENS`] threat tokens, …); going past
//! one is a bug in the engine, reported by a panic naming the list, never a silent loss.

use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

use tabletop_core::Chance;

/// At most `N` (≤ 255) small `Copy` items stored inline: the list is `Copy` itself, so a state
/// made of such lists clones with one copy of memory.
///
/// `repr(C)`, the items last: the bytes in use are a prefix ([`Inline::live_bytes`]).
#[derive(Copy)]
#[repr(C)]
pub struct Inline<T: Copy, const N: usize> {
    len: u8,
    /// The first `len` are initialised.
    items: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> Inline<T, N> {
    pub const fn new() -> Self {
        const { assert!(N <= u8::MAX as usize) };
        Inline {
            len: 0,
            items: [const { MaybeUninit::uninit() }; N],
        }
    }

    /// The bytes of this list in use: its length and its items, up to the last (the rest
    /// of its room is uninitialised; see `Table::copy_live`).
    #[inline]
    pub fn live_bytes(&self) -> usize {
        std::mem::offset_of!(Self, items) + self.len as usize * std::mem::size_of::<T>()
    }

    pub fn from_slice(items: &[T]) -> Self {
        let mut l = Self::new();
        l.extend(items.iter().copied());
        l
    }

    #[inline]
    pub fn push(&mut self, item: T) {
        let n = self.len as usize;
        assert!(n < N, "a list of the state is full ({N} items)");
        self.items[n] = MaybeUninit::new(item);
        self.len += 1;
    }

    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // SAFETY: item `len` was initialised and is now outside the list: moved out once.
        Some(unsafe { self.items[self.len as usize].assume_init_read() })
    }

    pub fn insert(&mut self, i: usize, item: T) {
        let n = self.len as usize;
        assert!(i <= n, "insertion index {i} past the end ({n})");
        self.push(item);
        self.items[i..=n].rotate_right(1);
    }

    pub fn remove(&mut self, i: usize) -> T {
        let n = self.len as usize;
        assert!(i < n, "removal index {i} past the end ({n})");
        self.items[i..n].rotate_left(1);
        self.pop().expect("not empty")
    }

    /// Remove item `i`, putting the last item in its place (as `Vec::swap_remove`).
    pub fn swap_remove(&mut self, i: usize) -> T {
        let n = self.len as usize;
        assert!(i < n, "removal index {i} past the end ({n})");
        self.items.swap(i, n - 1);
        self.pop().expect("not empty")
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut w = 0;
        for r in 0..self.len as usize {
            if keep(&self[r]) {
                self.items.swap(r, w);
                w += 1;
            }
        }
        self.len = w as u8;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn extend(&mut self, items: impl IntoIterator<Item = T>) {
        for item in items {
            self.push(item);
        }
    }

    /// Move every item of `other` to the end of this list.
    pub fn append(&mut self, other: &mut Self) {
        self.extend(other.iter().copied());
        other.clear();
    }
}

impl<T: Copy, const N: usize> Clone for Inline<T, N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Copy, const N: usize> Default for Inline<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy, const N: usize> Deref for Inline<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        let init = &self.items[..self.len as usize];
        // SAFETY: the first `len` items are initialised (every write below `len` is a
        // `MaybeUninit::new`), and `MaybeUninit<T>` has the layout of `T`.
        unsafe { &*(init as *const [MaybeUninit<T>] as *const [T]) }
    }
}

impl<T: Copy, const N: usize> DerefMut for Inline<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        let init = &mut self.items[..self.len as usize];
        // SAFETY: as in `deref`; a `T` written through the slice keeps it initialised.
        unsafe { &mut *(init as *mut [MaybeUninit<T>] as *mut [T]) }
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl<T: Copy + Eq, const N: usize> Eq for Inline<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for Inline<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for Inline<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut l = Self::new();
        l.extend(items);
        l
    }
}

/// The items of an [`Inline`], by value.
pub struct IntoIter<T: Copy, const N: usize> {
    list: Inline<T, N>,
    next: usize,
}

impl<T: Copy, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let item = self.list.get(self.next).copied();
        self.next += 1;
        item
    }
}

impl<T: Copy, const N: usize> IntoIterator for Inline<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> Self::IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Inline<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a mut Inline<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy + serde::Serialize, const N: usize> serde::Serialize for Inline<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

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
    fn a_list_keeps_the_order_of_a_vec() {
        let mut l: Inline<u8, 8> = [1, 2, 3, 4].into_iter().collect();
        l.insert(1, 9);
        assert_eq!(&*l, &[1, 9, 2, 3, 4]);
        assert_eq!(l.remove(0), 1);
        l.retain(|&x| x != 3);
        assert_eq!(&*l, &[9, 2, 4]);
        assert_eq!(l.pop(), Some(4));
        assert_eq!(&*l, &[9, 2]);
    }

    #[test]
    #[should_panic(expected = "full")]
    fn a_full_list_refuses_more() {
        let mut l: Inline<u8, 2> = Inline::new();
        l.extend([1, 2, 3]);
    }

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
