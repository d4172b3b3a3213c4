//! The hasher of the memos' keys (`chance_key`, `blind_key`, the card facts' key) and of the
//! tables keyed by them.
//!
//! A key is worked out for nearly every decision, from a few hundred bytes of a captain (crew,
//! gear, jobs), so the standard library's SipHash, built to resist a chosen-input attack that
//! no memo here faces, was a notable share of a decision. [`KeyHasher`] folds the input a word
//! at a time with a 64×64→128-bit multiply (as foldhash and wyhash do) and mixes the end
//! (`tabletop_core::rng::mix`): well spread over 64 bits, so two states of a game that share a
//! key stay as unlikely as before. The tables keyed by such a hash need not hash it again
//! ([`Prehashed`]).

use std::hash::{BuildHasherDefault, Hasher};

/// Odd constants with well-mixed bits (the fractional parts of π and e).
const SEED: u64 = 0x243f_6a88_85a3_08d3;
const MULTIPLIER: u64 = 0xb7e1_5162_8aed_2a6b;

/// A fast hasher for the memos' keys (see the module's comment).
#[derive(Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(SEED)
    }
}

impl KeyHasher {
    /// Folds one word in: multiply the state with the word mixed in, and fold the 128-bit
    /// product's halves together.
    #[inline]
    fn fold(&mut self, word: u64) {
        let m = ((self.0 ^ word) as u128).wrapping_mul(MULTIPLIER as u128);
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.fold(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length tells a short tail from the same bytes padded with zeros.
            self.fold(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.fold(i as u64);
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.fold(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.fold(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.fold(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.fold(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        tabletop_core::rng::mix(self.0)
    }
}

/// A hasher for keys that are already well-mixed 64-bit hashes: it passes them through.
#[derive(Default, Clone, Copy)]
pub(super) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are expected; anything else is folded in, still correctly.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The build hasher of a table keyed by a value hashed with [`KeyHasher`].
pub(super) type KeyHashing = BuildHasherDefault<KeyHasher>;

/// The build hasher of a table keyed by a memo key (a `KeyHasher` hash).
pub(super) type Prehashed = BuildHasherDefault<PassThrough>;

/// `value` hashed with a [`KeyHasher`].
pub(super) fn key_of(value: impl std::hash::Hash) -> u64 {
    let mut h = KeyHasher::default();
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::key_of;

    #[test]
    fn keys_tell_apart_what_differs() {
        let mut seen = std::collections::HashSet::new();
        for a in 0u16..64 {
            for b in 0u8..64 {
                assert!(seen.insert(key_of((a, b, [1u8, 2, 3]))));
                assert!(seen.insert(key_of((a, [b, 0u8, 0]))));
            }
        }
        assert_ne!(key_of([0u8; 3].as_slice()), key_of([0u8; 2].as_slice()));
        assert_ne!(key_of(vec![1u32, 2]), key_of(vec![2u32, 1]));
    }
}
