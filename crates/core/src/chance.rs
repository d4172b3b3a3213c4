//! The chance player: every die roll and shuffle of a game goes through [`Chance`], which lives
//! in the game state. A scenario file may *script* die rolls; scripted values are used first,
//! in order, and the seeded [`Rng`] takes over once they run out.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::rng::Rng;

/// The source of all randomness of one game.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chance {
    rng: Rng,
    scripted_d6: VecDeque<u8>,
}

// By hand for `clone_from`: a copy into a kept state reuses the scripted dice's buffer (almost
// always empty: scenarios script dice) instead of building a new one aside.
impl Clone for Chance {
    #[inline]
    fn clone(&self) -> Self {
        Chance {
            rng: self.rng.clone(),
            // Almost always empty: a new empty deque is a constant, a clone of one is not
            // (its allocation and its copy are asked about).
            scripted_d6: if self.scripted_d6.is_empty() {
                VecDeque::new()
            } else {
                self.scripted_d6.clone()
            },
        }
    }
    fn clone_from(&mut self, source: &Self) {
        self.rng.clone_from(&source.rng);
        self.scripted_d6.clone_from(&source.scripted_d6);
    }
}

impl Chance {
    pub fn new(seed: u64) -> Self {
        Chance {
            rng: Rng::new(seed),
            scripted_d6: VecDeque::new(),
        }
    }

    /// Queue die results to be rolled next, in order (scenarios and rule tests).
    ///
    /// Panics if a value is not a die face; scenario loaders validate first.
    pub fn script_d6(&mut self, faces: impl IntoIterator<Item = u8>) {
        for f in faces {
            assert!((1..=6).contains(&f), "scripted die face {f} is not 1..=6");
            self.scripted_d6.push_back(f);
        }
    }

    /// Scripted rolls not yet used.
    pub fn scripted_remaining(&self) -> usize {
        self.scripted_d6.len()
    }

    /// Forget the future: a new random stream and no scripted dice. Bots call this on a cloned
    /// state so that their look-ahead cannot peek at the real deck order or die rolls.
    pub fn reseed(&mut self, seed: u64) {
        self.rng.reseed(seed);
        self.scripted_d6.clear();
    }

    /// One six-sided die, `1..=6`.
    #[inline]
    pub fn d6(&mut self) -> u8 {
        match self.scripted_d6.pop_front() {
            Some(f) => f,
            None => self.rng.d6(),
        }
    }

    /// An "exploding" d6: a 6 counts 6 and earns a bonus roll, which is added, and a 6 on a
    /// bonus roll earns another (Firefly's Thrillin' Heroics, FF-SKILL-8).
    pub fn exploding_d6(&mut self) -> ExplodingRoll {
        let mut roll = ExplodingRoll::default();
        loop {
            let f = self.d6();
            roll.push(f);
            if f != 6 {
                return roll;
            }
        }
    }

    /// A uniform integer in `0..n`.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        self.rng.below(n)
    }

    /// Shuffle a slice in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.rng.shuffle(items)
    }
}

/// The faces of one exploding roll. The total counts every face; the first
/// [`ExplodingRoll::SHOWN`] faces are kept for display without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplodingRoll {
    pub total: u32,
    pub rolls: u32,
    shown: [u8; ExplodingRoll::SHOWN],
}

impl ExplodingRoll {
    pub const SHOWN: usize = 6;

    /// Add one face (engines that build rolls die by die, e.g. re-rolling 1s).
    pub fn push(&mut self, face: u8) {
        if (self.rolls as usize) < Self::SHOWN {
            self.shown[self.rolls as usize] = face;
        }
        self.rolls += 1;
        self.total += face as u32;
    }

    /// A single die that earns no bonus roll (an ability cancelled Thrillin' Heroics).
    pub fn plain(face: u8) -> ExplodingRoll {
        let mut r = ExplodingRoll::default();
        r.push(face);
        r
    }

    /// The faces rolled, in order (at most [`ExplodingRoll::SHOWN`]).
    pub fn faces(&self) -> &[u8] {
        &self.shown[..(self.rolls as usize).min(Self::SHOWN)]
    }

    /// Whether a bonus roll was earned (the first face was a 6).
    pub fn heroic(&self) -> bool {
        self.rolls > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_dice_come_first_then_rng() {
        let mut c = Chance::new(5);
        let mut plain = Rng::new(5);
        c.script_d6([3, 6]);
        assert_eq!(c.d6(), 3);
        assert_eq!(c.d6(), 6);
        assert_eq!(c.d6(), plain.d6());
    }

    #[test]
    fn exploding_roll_adds_bonus_rolls() {
        let mut c = Chance::new(0);
        c.script_d6([6, 6, 2]);
        let r = c.exploding_d6();
        assert_eq!(r.total, 14);
        assert_eq!(r.faces(), &[6, 6, 2]);
        assert!(r.heroic());
        c.script_d6([5]);
        let r = c.exploding_d6();
        assert_eq!((r.total, r.rolls, r.heroic()), (5, 1, false));
    }

    #[test]
    fn long_chains_still_count_every_face() {
        let mut c = Chance::new(0);
        c.script_d6([6; 9]);
        c.script_d6([1]);
        let r = c.exploding_d6();
        assert_eq!(r.total, 55);
        assert_eq!(r.rolls, 10);
        assert_eq!(r.faces().len(), ExplodingRoll::SHOWN);
    }

    #[test]
    #[should_panic]
    fn scripting_a_seven_is_refused() {
        Chance::new(0).script_d6([7]);
    }
}
