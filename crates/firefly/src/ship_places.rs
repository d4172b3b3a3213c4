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

    /// Put `seat`'s ship in `sector`. Only the sharing of the two sectors concerned can change:
    /// the one entered and the one left (ten pair compares worked it all out again: ~66
    /// instructions a move, issue 11).
    #[inline]
    pub fn put(&mut self, seat: Seat, sector: SectorId) {
        let from = self.at[seat as usize];
        self.at[seat as usize] = sector;
        // The ships now in `sector` (`seat`'s among them), and those left in `from` (all of
        // them, `seat`'s too, when it stayed).
        let (here, left) = (self.seats_at(sector), self.seats_at(from));
        let mut sharing = self.sharing & !(1 << seat);
        // More than one ship in the sector entered: they all share it (a ship off the board
        // shares nothing).
        if sector != SectorId::MAX && here & (here - 1) != 0 {
            sharing |= here;
        }
        // A ship left alone in the sector left shares no more.
        if left & left.wrapping_sub(1) == 0 {
            sharing &= !left;
        }
        self.sharing = sharing;
    }

    /// The seats whose ships are in `sector`, as bits.
    #[inline]
    fn seats_at(&self, sector: SectorId) -> u8 {
        (0..MAX_CAPTAINS).fold(0, |m, j| m | (u8::from(self.at[j] == sector) << j))
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
        self.seats_at(sector) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Any run of moves (onto the board, off it, staying put) leaves the sharing as its
        /// definition says: a ship on the board with another ship in its sector.
        #[test]
        fn the_sharing_is_kept_through_every_move(
            moves in proptest::collection::vec((0u8..5, 0u16..5), 0..60)
        ) {
            let mut places = ShipPlaces::default();
            for (seat, s) in moves {
                // Four sectors and off the board, so that ships meet often.
                let sector = if s == 4 { SectorId::MAX } else { s };
                places.put(seat, sector);
                let at = places.all();
                for i in 0..MAX_CAPTAINS {
                    let shares = at[i] != SectorId::MAX
                        && (0..MAX_CAPTAINS).any(|j| j != i && at[j] == at[i]);
                    proptest::prop_assert_eq!(places.shares(i as Seat), shares, "{:?}", places);
                }
            }
        }
    }

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
