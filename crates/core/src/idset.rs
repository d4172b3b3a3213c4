//! A set of small ids held as a bitset: plain data (`Copy`), so a state that keeps its
//! unbounded collections of unique cards this way copies them with the rest of its memory
//! (issue 11: a state's copy is one copy of memory). Ids come out in increasing order.

use std::fmt;

/// A set of ids in `0..64 * W`, ordered by id. Inserting an id past the room is a bug in the
/// caller (content that could produce one is refused when it is loaded), reported by a panic.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IdSet<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> IdSet<W> {
    /// The ids a set can hold: `0..ROOM`.
    pub const ROOM: usize = 64 * W;

    pub const fn new() -> Self {
        IdSet { words: [0; W] }
    }

    #[inline]
    fn at(id: u16) -> (usize, u64) {
        let i = id as usize;
        assert!(i < Self::ROOM, "id {i} past a set's room ({})", Self::ROOM);
        (i / 64, 1 << (i % 64))
    }

    /// Add `id`; `false` if it was already in.
    #[inline]
    pub fn insert(&mut self, id: u16) -> bool {
        let (w, bit) = Self::at(id);
        let new = self.words[w] & bit == 0;
        self.words[w] |= bit;
        new
    }

    /// Take `id` out; `false` if it was not in.
    #[inline]
    pub fn remove(&mut self, id: u16) -> bool {
        let (w, bit) = Self::at(id);
        let had = self.words[w] & bit != 0;
        self.words[w] &= !bit;
        had
    }

    #[inline]
    pub fn contains(&self, id: u16) -> bool {
        let i = id as usize;
        i < Self::ROOM && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn clear(&mut self) {
        self.words = [0; W];
    }

    /// The ids, smallest first.
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.words,
            w: 0,
        }
    }

    /// The `n`-th smallest id.
    pub fn nth(&self, n: usize) -> Option<u16> {
        self.iter().nth(n)
    }

    /// Keep only the ids `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(u16) -> bool) {
        for id in self.iter() {
            if !keep(id) {
                self.remove(id);
            }
        }
    }
}

impl<const W: usize> Default for IdSet<W> {
    fn default() -> Self {
        Self::new()
    }
}

/// The ids of an [`IdSet`], smallest first (a copy of the set's words, so the set may change
/// while its ids are walked).
#[derive(Clone)]
pub struct Iter<const W: usize> {
    words: [u64; W],
    w: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.w < W {
            let word = self.words[self.w];
            if word != 0 {
                self.words[self.w] = word & (word - 1);
                return Some((self.w * 64 + word.trailing_zeros() as usize) as u16);
            }
            self.w += 1;
        }
        None
    }
}

impl<const W: usize> IntoIterator for &IdSet<W> {
    type Item = u16;
    type IntoIter = Iter<W>;
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<u16> for IdSet<W> {
    fn from_iter<I: IntoIterator<Item = u16>>(ids: I) -> Self {
        let mut s = Self::new();
        s.extend(ids);
        s
    }
}

impl<const W: usize> Extend<u16> for IdSet<W> {
    fn extend<I: IntoIterator<Item = u16>>(&mut self, ids: I) {
        for id in ids {
            self.insert(id);
        }
    }
}

impl<const W: usize> fmt::Debug for IdSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Serialized as the list of ids, smallest first.
impl<const W: usize> serde::Serialize for IdSet<W> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_each_id_once_and_gives_them_in_order() {
        let mut s: IdSet<2> = [70, 3, 127, 3, 0].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 3, 70, 127]);
        assert_eq!(s.len(), 4);
        assert!(!s.insert(70));
        assert!(s.remove(3));
        assert!(!s.remove(3));
        assert!(!s.contains(3) && s.contains(127) && !s.contains(500));
        s.retain(|id| id != 0);
        assert_eq!(s.nth(1), Some(127));
        assert_eq!(serde_json::to_string(&s).unwrap(), "[70,127]");
        s.clear();
        assert!(s.is_empty());
    }

    #[test]
    #[should_panic(expected = "past a set's room")]
    fn an_id_past_the_room_is_refused() {
        let mut s: IdSet<1> = IdSet::new();
        s.insert(64);
    }
}
