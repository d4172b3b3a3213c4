//! Where the Reaver Cutters are (FF-SETUP-6, FF-KAL-5, FF-KAL-9), kept with a bit per sector
//! for the question asked of every sector a ship might enter or be placed in: is a Cutter
//! there (FF-FLY-12, FF-SETUP-11)? Every Actions listing asks it of the ship's neighbours (Full
//! Burn, Mosey) and every placement of every sector: as a walk of the Cutters it cost ~9
//! instructions a question, ~20 a random step (issue 11); a bit is read in ~4.

use serde::{Serialize, Serializer};

use crate::content::SectorId;

/// Sectors below this have a bit; a board of more sectors (none is printed: the base game's
/// and the expansions' together have fewer than 160) asks the list for the rest.
const BITS: usize = 256;

/// The Reaver Cutters' sectors, in order (a Cutter is named by its index: `NpcShip::Cutter`),
/// and a bit per sector that holds one.
///
/// Changed only by [`CutterPlaces::new`] and [`CutterPlaces::set`], which keep the bits;
/// `invariants::check` compares the bits with the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutterPlaces {
    /// Inline up to four: one in the base game and with Kalidasa alone, three with Blue Sun.
    at: smallvec::SmallVec<[SectorId; 4]>,
    bits: [u64; BITS / 64],
}

impl CutterPlaces {
    /// Cutters in these sectors, in this order.
    pub fn new(sectors: impl IntoIterator<Item = SectorId>) -> Self {
        let mut places = CutterPlaces {
            at: sectors.into_iter().collect(),
            bits: [0; BITS / 64],
        };
        for i in 0..places.at.len() {
            places.mark(places.at[i], true);
        }
        places
    }

    /// Move Cutter `i` to `sector` (FF-KAL-5: no other Cutter is there).
    pub fn set(&mut self, i: usize, sector: SectorId) {
        let from = self.at[i];
        self.at[i] = sector;
        // Two Cutters never share a sector, so the one leaving takes its bit with it.
        self.mark(from, false);
        self.mark(sector, true);
    }

    fn mark(&mut self, sector: SectorId, on: bool) {
        let s = sector as usize;
        if s < BITS {
            let bit = 1u64 << (s % 64);
            if on {
                self.bits[s / 64] |= bit;
            } else {
                self.bits[s / 64] &= !bit;
            }
        }
    }

    /// Whether a Cutter is in `sector`.
    #[inline]
    pub fn has(&self, sector: SectorId) -> bool {
        let s = sector as usize;
        if s < BITS {
            self.bits[s / 64] >> (s % 64) & 1 != 0
        } else {
            // A board past the bits (none is printed): the Cutters walked, in line.
            #[allow(clippy::manual_contains)]
            self.at.iter().any(|&c| c == sector)
        }
    }

    /// The bits agree with the list (`invariants::check`): a bit for each Cutter's sector below
    /// [`BITS`], none for any other.
    pub fn bits_agree(&self) -> bool {
        let mut want = [0u64; BITS / 64];
        for &s in self.at.iter().filter(|&&s| (s as usize) < BITS) {
            want[s as usize / 64] |= 1 << (s % 64);
        }
        want == self.bits
    }
}

impl std::ops::Deref for CutterPlaces {
    type Target = [SectorId];
    #[inline]
    fn deref(&self) -> &[SectorId] {
        &self.at
    }
}

impl<'a> IntoIterator for &'a CutterPlaces {
    type Item = &'a SectorId;
    type IntoIter = std::slice::Iter<'a, SectorId>;
    fn into_iter(self) -> Self::IntoIter {
        self.at.iter()
    }
}

/// Serialized as the list of the Cutters' sectors (the bits follow from it).
impl Serialize for CutterPlaces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.at.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cutter_is_found_where_it_is_and_nowhere_else() {
        let mut c = CutterPlaces::new([7, 130, 300]);
        assert!(c.has(7) && c.has(130) && c.has(300));
        assert!(!c.has(8) && !c.has(0) && !c.has(299) && !c.has(SectorId::MAX));
        c.set(0, 64);
        assert!(!c.has(7) && c.has(64));
        c.set(2, 255);
        assert!(!c.has(300) && c.has(255));
        c.set(1, 1000);
        assert!(!c.has(130) && c.has(1000));
        assert_eq!(&*c, &[64, 1000, 255]);
        assert!(c.bits_agree());
    }
}
