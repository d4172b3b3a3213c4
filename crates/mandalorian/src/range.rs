//! Range and walking distance: breadth-first search over the map's squares (MA-RANGE-7).
//!
//! Range counts squares along the shortest path, around corners but never through walls,
//! closed doors or forbidden areas; it passes elevated-area boundaries, pieces and open doors
//! (MA-RANGE-1..6). Walking distance is the same over movement adjacency only; enemies move by it
//! (MA-EVENT-19). Neither depends on what stands in the squares (MA-RANGE-4, MA-EVENT-22).

use crate::content::{MapGeo, Sq};
use crate::terrain::{move_neighbors, range_neighbors};

/// Unreachable: out of range of every effect (MA-RANGE-6).
pub const FAR: u8 = u8::MAX;

/// Distances from one square to every square; `FAR` where unreachable.
#[derive(Clone)]
pub struct Dist(pub [u8; 256]);

impl Dist {
    #[inline]
    pub fn to(&self, sq: Sq) -> u8 {
        self.0[sq as usize]
    }
}

fn bfs(map: &MapGeo, from: Sq, doors: u16, range: bool) -> Dist {
    let mut d = [FAR; 256];
    let mut queue = [0u8; 256];
    let (mut head, mut tail) = (0usize, 0usize);
    d[from as usize] = 0;
    queue[tail] = from;
    tail += 1;
    while head < tail {
        let s = queue[head];
        head += 1;
        let nd = d[s as usize].saturating_add(1);
        let mut visit = |n: Sq| {
            if d[n as usize] == FAR {
                d[n as usize] = nd;
                queue[tail] = n;
                tail += 1;
            }
        };
        if range {
            range_neighbors(map, s, doors).for_each(&mut visit);
        } else {
            move_neighbors(map, s, doors).for_each(&mut visit);
        }
    }
    Dist(d)
}

/// Range from `from` to every square (MA-RANGE-7, -8).
pub fn range_from(map: &MapGeo, from: Sq, doors_open: u16) -> Dist {
    bfs(map, from, doors_open, true)
}

/// Walking distance from `from` to every square (movement adjacency).
pub fn walk_from(map: &MapGeo, from: Sq, doors_open: u16) -> Dist {
    bfs(map, from, doors_open, false)
}

/// Range between two squares; `FAR` if it cannot be traced.
pub fn range(map: &MapGeo, a: Sq, b: Sq, doors_open: u16) -> u8 {
    if a == b {
        return 0;
    }
    range_from(map, a, doors_open).to(b)
}
