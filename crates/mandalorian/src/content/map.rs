//! Map geometry, parsed from a text drawing (MA-TERRAIN, MA-CONCEPT-4: geometry is data,
//! independent of the mission's rules).
//!
//! The drawing alternates *square rows* and *edge rows*. In a square row the characters at even
//! columns are squares and those at odd columns are the edge to the next square on the right; in
//! an edge row the characters at even columns are the edges to the square below (odd columns are
//! corners and are ignored).
//!
//! Squares: `.` square, `*` star square (MA-TERRAIN-7), `R` red star square — a star of a
//! different colour, a normal star square for every effect unless an effect names the red star
//! (MA-TERRAIN-8) —, `@` start square (MA-TERRAIN-10), `X` forbidden area — not a square
//! (MA-TERRAIN-9).
//! Edges: space = thin line (adjacent, MA-TERRAIN-2); `|` or `-` = wall (MA-TERRAIN-3);
//! `:` = elevated-area boundary (dashed line, MA-TERRAIN-6); `1`..`9` = door with that number,
//! closed unless the mission opens it (MA-TERRAIN-4, -5).

use serde::Serialize;

use super::{Sq, NO_SQ};

/// Squares a map may have: a square is a `u8`, and a list of distinct squares ([`Squares`])
/// fits in a fixed-capacity list.
pub const MAX_SQUARES: usize = 250;

/// A list of distinct squares of one map, kept inline (no allocation: the engine lists
/// squares at many steps, issue 11).
pub type Squares = tabletop_core::Inline<Sq, MAX_SQUARES>;

/// What separates two orthogonally neighbouring squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Edge {
    /// Off the map, or a forbidden area on the other side.
    None,
    Open,
    Wall,
    Elevated,
    Door(u8),
}

/// Directions: north, east, south, west.
pub const DIRS: [(i8, i8); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

#[derive(Clone, Debug, Serialize)]
pub struct MapGeo {
    pub width: u8,
    pub height: u8,
    /// Per square: exists (false = forbidden area).
    pub exists: Vec<bool>,
    /// Per square: a star square, whatever its colour (MA-TERRAIN-7, -8).
    pub star: Vec<bool>,
    /// Per square: a star of the other colour (red). Also set in `star`: a red star is a normal
    /// star square for every effect unless the effect names the red star (MA-TERRAIN-8).
    pub red: Vec<bool>,
    pub start: Sq,
    /// Per square: its number (MA-SQUARE-1), 0 if none.
    pub number: Vec<u8>,
    /// Per square and direction: the neighbour (NO_SQ if none) and the edge kind.
    pub nbr: Vec<[Sq; 4]>,
    pub edge: Vec<[Edge; 4]>,
    /// Doors open at set-up (bit `d` = door `d`).
    pub doors_open: u16,
    /// Door numbers present.
    pub doors: u16,
    /// Range and walking distances, per set of open doors, built on first use.
    #[serde(skip)]
    pub dist: crate::range::DistCache,
    /// The star squares (red ones included), then the red ones, listed on parsing: a spawn
    /// at the nearest star looks at them at every event (`star` and `red` say the same by
    /// square).
    #[serde(skip)]
    star_list: Vec<Sq>,
    #[serde(skip)]
    red_list: Vec<Sq>,
}

impl MapGeo {
    #[inline]
    pub fn len(&self) -> usize {
        self.exists.len()
    }
    pub fn is_empty(&self) -> bool {
        self.exists.is_empty()
    }
    pub fn sq(&self, row: usize, col: usize) -> Sq {
        (row * self.width as usize + col) as Sq
    }
    pub fn row_col(&self, sq: Sq) -> (usize, usize) {
        (
            sq as usize / self.width as usize,
            sq as usize % self.width as usize,
        )
    }
    /// Every star square, red ones included (MA-TERRAIN-8).
    pub fn stars(&self) -> impl Iterator<Item = Sq> + '_ {
        self.star_squares().iter().copied()
    }
    /// The red star squares only (for an effect that names them, MA-TERRAIN-8).
    pub fn red_stars(&self) -> impl Iterator<Item = Sq> + '_ {
        self.red_star_squares().iter().copied()
    }
    /// [`MapGeo::stars`] as a list, in square order.
    pub fn star_squares(&self) -> &[Sq] {
        &self.star_list
    }
    /// [`MapGeo::red_stars`] as a list, in square order.
    pub fn red_star_squares(&self) -> &[Sq] {
        &self.red_list
    }
    /// The square with number `n`.
    #[inline]
    pub fn numbered(&self, n: u8) -> Option<Sq> {
        self.number.iter().position(|&x| x == n).map(|i| i as Sq)
    }

    /// Parse a drawing. Errors name the row (1-based drawing line) and the problem.
    pub fn parse(text: &str) -> Result<MapGeo, String> {
        let lines: Vec<&str> = text
            .lines()
            .skip_while(|l| l.trim().is_empty())
            .collect::<Vec<_>>();
        let mut lines: Vec<&str> = lines;
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err("the map is empty".into());
        }
        let square_rows: Vec<&str> = lines.iter().step_by(2).copied().collect();
        let height = square_rows.len();
        let width = square_rows
            .iter()
            .map(|l| l.chars().count().div_ceil(2))
            .max()
            .unwrap_or(0);
        if width == 0 || height == 0 {
            return Err("the map has no squares".into());
        }
        if width * height > MAX_SQUARES {
            return Err(format!(
                "map is {width}x{height}: at most {MAX_SQUARES} squares"
            ));
        }
        let n = width * height;
        let mut exists = vec![false; n];
        let mut star = vec![false; n];
        let mut red = vec![false; n];
        let mut start = NO_SQ;
        let mut h_edge = vec![Edge::Open; n]; // edge to the east
        let mut v_edge = vec![Edge::Open; n]; // edge to the south
        let mut doors = 0u16;
        let edge_of = |ch: char, row: usize, doors: &mut u16| -> Result<Edge, String> {
            Ok(match ch {
                ' ' => Edge::Open,
                '|' | '-' => Edge::Wall,
                ':' => Edge::Elevated,
                '1'..='9' => {
                    let d = ch as u8 - b'0';
                    *doors |= 1 << d;
                    Edge::Door(d)
                }
                _ => return Err(format!("map row {row}: unknown edge char '{ch}'")),
            })
        };
        for (li, line) in lines.iter().enumerate() {
            let row_no = li + 1;
            let chars: Vec<char> = line.chars().collect();
            if li % 2 == 0 {
                let r = li / 2;
                let count = chars.len().div_ceil(2);
                if count != width {
                    return Err(format!(
                        "map row {row_no}: {count} squares, expected {width} (every square row must be as wide as the widest)"
                    ));
                }
                for (ci, &ch) in chars.iter().enumerate() {
                    if ci % 2 == 0 {
                        let c = ci / 2;
                        let sq = r * width + c;
                        match ch {
                            '.' => exists[sq] = true,
                            '*' => {
                                exists[sq] = true;
                                star[sq] = true
                            }
                            'R' => {
                                exists[sq] = true;
                                star[sq] = true;
                                red[sq] = true;
                            }
                            '@' => {
                                if start != NO_SQ {
                                    return Err(format!(
                                        "map row {row_no}: a second start square '@'"
                                    ));
                                }
                                exists[sq] = true;
                                start = sq as Sq;
                            }
                            'X' => {}
                            _ => {
                                return Err(format!(
                                    "map row {row_no}: unknown terrain char '{ch}'"
                                ))
                            }
                        }
                    } else {
                        let c = ci / 2;
                        h_edge[r * width + c] = edge_of(ch, row_no, &mut doors)?;
                    }
                }
            } else {
                let r = li / 2;
                if r + 1 >= height {
                    return Err(format!(
                        "map row {row_no}: an edge row below the last square row"
                    ));
                }
                for (ci, &ch) in chars.iter().enumerate() {
                    if ci % 2 == 0 {
                        let c = ci / 2;
                        if c >= width {
                            return Err(format!("map row {row_no}: wider than the map"));
                        }
                        v_edge[r * width + c] = edge_of(ch, row_no, &mut doors)?;
                    }
                }
            }
        }
        if start == NO_SQ {
            return Err("the map has no start square '@'".into());
        }
        let mut nbr = vec![[NO_SQ; 4]; n];
        let mut edge = vec![[Edge::None; 4]; n];
        for r in 0..height {
            for c in 0..width {
                let sq = r * width + c;
                if !exists[sq] {
                    continue;
                }
                for (d, &(dr, dc)) in DIRS.iter().enumerate() {
                    let (nr, nc) = (r as i32 + dr as i32, c as i32 + dc as i32);
                    if nr < 0 || nc < 0 || nr >= height as i32 || nc >= width as i32 {
                        continue;
                    }
                    let o = nr as usize * width + nc as usize;
                    if !exists[o] {
                        continue;
                    }
                    let e = match d {
                        0 => v_edge[o],
                        1 => h_edge[sq],
                        2 => v_edge[sq],
                        _ => h_edge[o],
                    };
                    nbr[sq][d] = o as Sq;
                    edge[sq][d] = e;
                }
            }
        }
        let list = |by_square: &[bool]| (0..n).filter(|&i| by_square[i]).map(|i| i as Sq).collect();
        Ok(MapGeo {
            width: width as u8,
            height: height as u8,
            star_list: list(&star),
            red_list: list(&red),
            exists,
            star,
            red,
            start,
            number: vec![0; n],
            nbr,
            edge,
            doors_open: 0,
            doors,
            dist: Default::default(),
        })
    }
}
