//! Where the ships are, kept apart from the captains for the walks that compare every ship's
//! place at every step (issue 11): trading (FF-TRADE-1, FF-TRADE-3), hiring away (FF-CREW-14)
//! and placing ships (FF-SETUP-11).

use tabletop_core::Seat;

use crate::content::SectorId;
use crate::state::{Player, MAX_CAPTAINS};

/// Each seat's sector (`SectorId::MAX`: not on the board), and which ships share a sector with
/// another ship.
///
/// Set only by [`ShipPlaces::put`] (through `Firefly::put_ship`, the one place ships are placed
/// or move), which works the sharing out again; `invariants::check` compares both with the
/// captains. The end of every turn asks which captains share a sector (the trade window,
/// FF-TRADE-3) and every turn's listing whether the active ship does (trading and hiring away):
/// as a walk of the places, those compares were the most mispredicted branches of a random step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShipPlaces {
    at: [SectorId; MAX_CAPTAINS],
    /// Bit `s`: seat `s`'s ship shares its sector with at least one other ship.
    sharing: u8,
}

impl Default for ShipPlaces {
    fn default() -> Self {
        ShipPlaces {
            at: [SectorId::MAX; MAX_CAPTAINS],
            sharing: 0,
        }
    }
}

impl ShipPlaces {
    /// The places of the captains' ships as they stand (a position built captain by captain:
    /// scenarios; and the reference `invariants::check` compares with).
    pub fn of(players: &[Player]) -> Self {
        let mut places = ShipPlaces::default();
        for p in players.iter().filter(|p| p.placed) {
            places.put(p.seat, p.sector);
        }
        places
    }

    /// Put `seat`'s ship in `sector`.
    #[inline]
    pub fn put(&mut self, seat: Seat, sector: SectorId) {
        self.at[seat as usize] = sector;
        self.sharing = Self::sharing_of(&self.at);
    }

    /// Which ships share a sector: every pair compared, without a branch (ten pairs).
    fn sharing_of(at: &[SectorId; MAX_CAPTAINS]) -> u8 {
        let mut sharing = 0u8;
        for i in 0..MAX_CAPTAINS - 1 {
            // The ships after `i` in the same sector as `i`'s…
            let mut same = 0u8;
            for j in i + 1..MAX_CAPTAINS {
                same |= u8::from(at[j] == at[i]) << j;
            }
            // …none when `i`'s is off the board (the places of ships off the board are alike).
            same &= 0u8.wrapping_sub(u8::from(at[i] != SectorId::MAX));
            sharing |= same | (u8::from(same != 0) << i);
        }
        sharing
    }

    /// Where `seat`'s ship is (`SectorId::MAX`: not on the board).
    #[inline]
    pub fn at(&self, seat: Seat) -> SectorId {
        self.at[seat as usize]
    }

    /// Every seat's place, by seat (the seats past the table's are `SectorId::MAX`).
    #[inline]
    pub fn all(&self) -> &[SectorId; MAX_CAPTAINS] {
        &self.at
    }

    /// Whether `seat`'s ship shares its sector with another ship.
    #[inline]
    pub fn shares(&self, seat: Seat) -> bool {
        self.sharing & (1 << seat) != 0
    }

    /// The seats whose ships share a sector with another ship, as bits.
    #[inline]
    pub fn sharing(&self) -> u8 {
        self.sharing
    }

    /// Whether a ship is in `sector`.
    #[inline]
    pub fn taken(&self, sector: SectorId) -> bool {
        // In line: `contains` calls the slice search out of line (measured: a listing of the
        // sectors for placing a ship ~4,700 instructions in line, ~7,800 with it).
        #[allow(clippy::manual_contains)]
        self.at.iter().any(|&at| at == sector)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ships_share_a_sector_only_with_another_ship_on_the_board() {
        let mut places = ShipPlaces::default();
        assert_eq!(places.sharing(), 0);
        places.put(0, 7);
        places.put(2, 9);
        assert_eq!(places.sharing(), 0, "two ships in two sectors");
        places.put(3, 7);
        assert_eq!(places.sharing(), 0b1001);
        assert!(places.shares(0) && places.shares(3) && !places.shares(2));
        places.put(0, 9);
        assert_eq!(
            places.sharing(),
            0b0101,
            "seat 3 alone again; 0 and 2 together"
        );
        places.put(4, 9);
        assert_eq!(places.sharing(), 0b10101);
        assert!(places.taken(7) && !places.taken(8));
        assert_eq!(
            places.at(1),
            SectorId::MAX,
            "an unplaced ship shares nothing"
        );
    }
}
