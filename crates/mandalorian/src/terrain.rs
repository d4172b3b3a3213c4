//! Terrain: which squares are adjacent for movement and which for range (MA-TERRAIN).

use crate::content::{Edge, MapGeo, Sq, NO_SQ};

/// Can pieces move across this edge? Thin lines and open doors: yes; walls, closed doors,
/// elevated-area boundaries and forbidden areas: no (MA-TERRAIN-2..6, -9, -11).
#[inline]
pub fn edge_moves(e: Edge, doors_open: u16) -> bool {
    match e {
        Edge::Open => true,
        Edge::Door(d) => doors_open & (1 << d) != 0,
        Edge::None | Edge::Wall | Edge::Elevated => false,
    }
}

/// Can range be traced across this edge? As movement, plus elevated-area boundaries
/// (MA-TERRAIN-6, MA-RANGE-3, -4).
#[inline]
pub fn edge_ranges(e: Edge, doors_open: u16) -> bool {
    matches!(e, Edge::Elevated) || edge_moves(e, doors_open)
}

/// The squares a piece in `sq` can step to (MA-MOVE-2).
#[inline]
pub fn move_neighbors(map: &MapGeo, sq: Sq, doors_open: u16) -> impl Iterator<Item = Sq> + '_ {
    let s = sq as usize;
    (0..4).filter_map(move |d| {
        let n = map.nbr[s][d];
        (n != NO_SQ && edge_moves(map.edge[s][d], doors_open)).then_some(n)
    })
}

/// The squares range passes to from `sq` in one square.
#[inline]
pub fn range_neighbors(map: &MapGeo, sq: Sq, doors_open: u16) -> impl Iterator<Item = Sq> + '_ {
    let s = sq as usize;
    (0..4).filter_map(move |d| {
        let n = map.nbr[s][d];
        (n != NO_SQ && edge_ranges(map.edge[s][d], doors_open)).then_some(n)
    })
}

pub fn adjacent(map: &MapGeo, a: Sq, b: Sq, doors_open: u16) -> bool {
    move_neighbors(map, a, doors_open).any(|n| n == b)
}
