//! Range and walking distance (MA-RANGE-7): breadth-first search over the map's squares, done
//! once per map and set of open doors and kept ([`Tables`]), so that every later question is a
//! table lookup.
//!
//! Range counts squares along the shortest path, around corners but never through walls,
//! closed doors or forbidden areas; it passes elevated-area boundaries, pieces and open doors
//! (MA-RANGE-1..6). Walking distance is the same over movement adjacency only; enemies move by it
//! (MA-EVENT-19). Neither depends on what stands in the squares (MA-RANGE-4, MA-EVENT-22), only
//! on the map and its doors — which is why they can be computed ahead.

use std::sync::OnceLock;

use crate::content::{MapGeo, Sq};
use crate::terrain::{move_neighbors, range_neighbors};

/// Unreachable: out of range of every effect (MA-RANGE-6).
pub const FAR: u8 = u8::MAX;

/// Distances from one square to every square; `FAR` where unreachable.
#[derive(Clone, Copy)]
pub struct Dist<'a>(pub &'a [u8]);

impl Dist<'_> {
    #[inline]
    pub fn to(&self, sq: Sq) -> u8 {
        self.0[sq as usize]
    }
}

/// Every distance of one map with one set of open doors: `range[from * n + to]` and
/// `walk[from * n + to]`.
pub struct Tables {
    n: usize,
    range: Box<[u8]>,
    walk: Box<[u8]>,
}

impl Tables {
    fn build(map: &MapGeo, doors: u16) -> Tables {
        let n = map.len();
        let mut range = vec![FAR; n * n].into_boxed_slice();
        let mut walk = vec![FAR; n * n].into_boxed_slice();
        for from in 0..n {
            bfs(
                map,
                from as Sq,
                doors,
                true,
                &mut range[from * n..(from + 1) * n],
            );
            bfs(
                map,
                from as Sq,
                doors,
                false,
                &mut walk[from * n..(from + 1) * n],
            );
        }
        Tables { n, range, walk }
    }

    #[inline]
    pub fn range_from(&self, from: Sq) -> Dist<'_> {
        let f = from as usize * self.n;
        Dist(&self.range[f..f + self.n])
    }

    #[inline]
    pub fn walk_from(&self, from: Sq) -> Dist<'_> {
        let f = from as usize * self.n;
        Dist(&self.walk[f..f + self.n])
    }
}

/// The [`Tables`] of one map, per set of open doors, built on first use (doors 0..9: at most
/// 1,024 sets; a mission meets a handful). Shared by every game of the content.
pub struct DistCache(Box<[OnceLock<Tables>]>);

impl DistCache {
    const SETS: usize = 1 << 10;

    pub fn new() -> DistCache {
        DistCache((0..Self::SETS).map(|_| OnceLock::new()).collect())
    }
}

impl Default for DistCache {
    fn default() -> Self {
        DistCache::new()
    }
}

/// A copy of a map starts with an empty cache (the tables are rebuilt on demand).
impl Clone for DistCache {
    fn clone(&self) -> Self {
        DistCache::new()
    }
}

impl std::fmt::Debug for DistCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built = self.0.iter().filter(|t| t.get().is_some()).count();
        write!(f, "DistCache({built} door sets built)")
    }
}

/// The distance tables of `map` with `doors_open` (only the map's own doors count).
#[inline]
pub fn tables(map: &MapGeo, doors_open: u16) -> &Tables {
    let doors = doors_open & map.doors & (DistCache::SETS as u16 - 1);
    map.dist.0[doors as usize].get_or_init(|| Tables::build(map, doors))
}

fn bfs(map: &MapGeo, from: Sq, doors: u16, range: bool, d: &mut [u8]) {
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
}

/// Range from `from` to every square (MA-RANGE-7, -8).
#[inline]
pub fn range_from(map: &MapGeo, from: Sq, doors_open: u16) -> Dist<'_> {
    tables(map, doors_open).range_from(from)
}

/// Walking distance from `from` to every square (movement adjacency).
#[inline]
pub fn walk_from(map: &MapGeo, from: Sq, doors_open: u16) -> Dist<'_> {
    tables(map, doors_open).walk_from(from)
}

/// Range between two squares; `FAR` if it cannot be traced.
#[inline]
pub fn range(map: &MapGeo, a: Sq, b: Sq, doors_open: u16) -> u8 {
    range_from(map, a, doors_open).to(b)
}
