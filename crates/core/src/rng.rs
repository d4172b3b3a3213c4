//! A seeded, portable random number generator.
//!
//! We use PCG (`Pcg64Mcg` from `rand_pcg`), whose output stream is fixed by its specification and
//! will not change between crate versions (unlike `StdRng`). Bounded integers and shuffles are
//! implemented here rather than taken from `rand`, so that their algorithm — and hence every
//! replay — is pinned by this crate, not by a dependency's minor release.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// The random number generator kept inside every game state.
///
/// Cloning a state clones its generator, so a cloned state replays the same future; bots that
/// must not see the future call [`Rng::reseed`] on their copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng(Pcg64Mcg);

impl Rng {
    /// A generator from a 64-bit seed. Equal seeds give equal streams on every platform.
    pub fn new(seed: u64) -> Self {
        Rng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// Replace the stream with one derived from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        *self = Rng::new(seed);
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n`. `n` must be positive.
    ///
    /// Lemire's multiply-and-reject method: unbiased, and usually a single multiplication.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        let n64 = n as u64;
        loop {
            let x = self.next_u64() >> 32;
            let m = x * n64;
            let low = m as u32;
            if low >= n || low >= (n.wrapping_neg() % n) {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`len` must be positive).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("slice too long for Rng::index")) as usize
    }

    /// One roll of a six-sided die: `1..=6`.
    #[inline]
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Shuffle a slice in place (Fisher–Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// SplitMix64's finaliser: a good 64-bit mix (per-game and per-bot seeds, order-free hashes of
/// a set of cards).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    /// The stream is part of the save format: pin the first values so that a dependency upgrade
    /// that changed them would be caught.
    #[test]
    fn stream_is_pinned() {
        let mut r = Rng::new(7);
        let rolls: Vec<u8> = (0..12).map(|_| r.d6()).collect();
        let mut again = Rng::new(7);
        let again: Vec<u8> = (0..12).map(|_| again.d6()).collect();
        assert_eq!(rolls, again);
        assert_eq!(rolls, PINNED_D6_SEED_7.to_vec());
    }

    const PINNED_D6_SEED_7: [u8; 12] = [5, 3, 2, 6, 2, 2, 2, 3, 5, 2, 6, 3];

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = r.below(7) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Rng::new(3);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted, "50 items left in order: shuffle did nothing");
    }

    #[test]
    fn serde_round_trip_keeps_position() {
        let mut r = Rng::new(9);
        r.next_u64();
        let json = serde_json::to_string(&r).unwrap();
        let mut back: Rng = serde_json::from_str(&json).unwrap();
        assert_eq!(r.next_u64(), back.next_u64());
    }
}
