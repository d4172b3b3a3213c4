//! A list of at most `N` plain (`Copy`) items held inline ([`Inline`]): a state made of such
//! lists clones with copies of memory and no allocation, and a copy can stop at the last item
//! in use ([`Inline::copy_live`]). A search bot copies its state at every node (issue 11).
//!
//! The capacities are bounds the rules and the content loaders guarantee (a hand never exceeds
//! its size, a Mandalorian mission has at most its threat tokens, a Firefly table at most five
//! captains); going past one is a bug in the engine, reported by a panic naming the list,
//! never a silent loss.

use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// At most `N` (≤ 255) `Copy` items stored inline: the list is `Copy` itself, so a state made
/// of such lists clones with one copy of memory (or, with [`Inline::copy_live`], of the items
/// in use only).
///
/// `repr(C)`, the items last: the bytes in use are a prefix ([`Inline::live_bytes`]).
#[derive(Copy)]
#[repr(C)]
pub struct Inline<T: Copy, const N: usize> {
    /// Never more than `N`: every change of it (push, pop, retain, truncate, a copy of another
    /// list) keeps it so, which the slices below rely on.
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
    /// of its room is uninitialised): a list last in a `repr(C)` struct lets the struct be
    /// copied up to there (the Mandalorian table's copy).
    #[inline]
    pub fn live_bytes(&self) -> usize {
        std::mem::offset_of!(Self, items) + self.len as usize * std::mem::size_of::<T>()
    }

    /// A copy of this list that copies only the items in use, not the whole room: for a list
    /// of large items seldom full (a Firefly table's captains: 2 to 5 places of ~600 bytes).
    #[inline]
    pub fn copy_live(&self) -> Self {
        let mut copy = Self::new();
        copy.copy_live_from(self);
        copy
    }

    /// Make this list a copy of `source`, copying only the items in use.
    #[inline]
    pub fn copy_live_from(&mut self, source: &Self) {
        let n = source.len as usize;
        self.items[..n].copy_from_slice(&source.items[..n]);
        self.len = source.len;
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

    /// Shifts the items from `i` on up by one: one `memmove` (a deck's draw takes a card from
    /// under its discard pile; a rotation, the generic way, costs ~200 instructions).
    pub fn insert(&mut self, i: usize, item: T) {
        let n = self.len as usize;
        assert!(i <= n, "insertion index {i} past the end ({n})");
        assert!(n < N, "a list of the state is full ({N} items)");
        self.items.copy_within(i..n, i + 1);
        self.items[i] = MaybeUninit::new(item);
        self.len += 1;
    }

    /// Shifts the items after `i` down by one: one `memmove`, as [`Inline::insert`].
    #[inline]
    pub fn remove(&mut self, i: usize) -> T {
        let n = self.len as usize;
        assert!(i < n, "removal index {i} past the end ({n})");
        // SAFETY: `i < len`: item `i` is initialised; it is read out once, then overwritten
        // by the shift (or left outside the list when it was the last).
        let item = unsafe { self.items[i].assume_init_read() };
        self.items.copy_within(i + 1..n, i);
        self.len -= 1;
        item
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

    /// Keep the first `len` items (no change if there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len as u8);
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
        debug_assert!(self.len as usize <= N);
        // SAFETY: `len <= N` (the field's invariant: no bounds check on every look at a list
        // of the state, issue 11), the first `len` items are initialised (every write below
        // `len` is a `MaybeUninit::new`), and `MaybeUninit<T>` has the layout of `T`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len as usize) }
    }
}

impl<T: Copy, const N: usize> DerefMut for Inline<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        debug_assert!(self.len as usize <= N);
        // SAFETY: as in `deref`; a `T` written through the slice keeps it initialised.
        unsafe {
            std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len as usize)
        }
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

    proptest::proptest! {
        /// Any run of inserts, removes, pushes and pops leaves the list as a `Vec` given the
        /// same: the shifts of `insert` and `remove` at every place, the ends included.
        #[test]
        fn a_list_changes_as_a_vec_does(ops in proptest::collection::vec((0u8..4, 0usize..16, 0u16..1000), 0..200)) {
            let mut l: Inline<u16, 12> = Inline::new();
            let mut v: Vec<u16> = Vec::new();
            for (op, at, x) in ops {
                match op {
                    0 if v.len() < 12 => {
                        let at = at % (v.len() + 1);
                        l.insert(at, x);
                        v.insert(at, x);
                    }
                    1 if !v.is_empty() => {
                        let at = at % v.len();
                        proptest::prop_assert_eq!(l.remove(at), v.remove(at));
                    }
                    2 if v.len() < 12 => {
                        l.push(x);
                        v.push(x);
                    }
                    _ => proptest::prop_assert_eq!(l.pop(), v.pop()),
                }
                proptest::prop_assert_eq!(&*l, &v[..]);
            }
        }
    }

    #[test]
    fn a_live_copy_holds_the_same_items() {
        let l: Inline<[u8; 3], 5> = [[1, 2, 3], [4, 5, 6]].into_iter().collect();
        let copy = l.copy_live();
        assert_eq!(&*copy, &[[1, 2, 3], [4, 5, 6]]);
        let mut kept: Inline<[u8; 3], 5> = [[9; 3]; 4].into_iter().collect();
        kept.copy_live_from(&l);
        assert_eq!(kept, l);
        assert_eq!(kept.live_bytes(), 1 + 2 * 3);
    }

    #[test]
    #[should_panic(expected = "full")]
    fn a_full_list_refuses_more() {
        let mut l: Inline<u8, 2> = Inline::new();
        l.extend([1, 2, 3]);
    }
}
