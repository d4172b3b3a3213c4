//! The map drawn as text for terminals: walls, doors, elevated areas, stars, forbidden areas,
//! threats face down or up (with health and damage), characters and the Child. Drawn for one
//! seat: face-down threats show only their shape unless that seat looked at them.

use crate::content::*;
use crate::state::*;

const W: usize = 6;

fn edge_h(e: Edge, open: u16) -> char {
    match e {
        Edge::None | Edge::Open => ' ',
        Edge::Wall => '|',
        Edge::Elevated => ':',
        Edge::Door(d) if open & (1 << d) != 0 => '/',
        Edge::Door(d) => (b'0' + d) as char,
    }
}

fn edge_v(e: Edge, open: u16) -> String {
    let c = match e {
        Edge::None | Edge::Open => ' ',
        Edge::Wall => '=',
        Edge::Elevated => '.',
        Edge::Door(d) if open & (1 << d) != 0 => '/',
        Edge::Door(d) => (b'0' + d) as char,
    };
    std::iter::repeat_n(c, W).collect()
}

impl Mandalorian {
    /// A short glyph for a threat token as `seat` may know it.
    fn glyph(&self, t: ThreatId, seat: u8) -> String {
        let th = &self.threats[t as usize];
        let def = self.token_def(t);
        if !th.face_up && !self.looked_at(t, seat) {
            return format!("?{}", def.shape);
        }
        let g = match def.face {
            Face::Enemy { class, health } => {
                let k = match class {
                    EnemyClass::Sniper => 's',
                    EnemyClass::Melee => 'm',
                    EnemyClass::Blaster => 'b',
                };
                format!("{k}{}", health - th.damage.min(health))
            }
            Face::Item(i) => {
                if self.mission().items[i as usize].medpac {
                    "+".into()
                } else {
                    "i".into()
                }
            }
        };
        if th.face_up {
            g
        } else {
            format!("?{g}")
        }
    }

    /// Letters for characters: A, B, C, D in play order.
    pub fn char_letter(ch: u8) -> char {
        (b'A' + ch) as char
    }

    pub fn draw_map(&self, seat: u8) -> String {
        let map = self.map();
        let (w, h) = (map.width as usize, map.height as usize);
        let mut out = String::new();
        out.push_str("     ");
        for c in 0..w {
            out.push_str(&format!("{:<width$}", c, width = W + 1));
        }
        out.push('\n');
        out.push_str("    +");
        out.push_str(&"-".repeat((W + 1) * w - 1));
        out.push_str("+\n");
        for r in 0..h {
            let mut line = format!("{r:>3} |");
            let mut under = String::from("    |");
            for c in 0..w {
                let sq = map.sq(r, c);
                let s = sq as usize;
                let mut cell = String::new();
                if !map.exists[s] {
                    cell = "#".repeat(W);
                } else {
                    for (i, ch) in self.chars.iter().enumerate() {
                        if ch.sq == sq {
                            cell.push(Self::char_letter(i as u8));
                        }
                    }
                    if self.child == Child::Square(sq) {
                        cell.push('c');
                    }
                    for t in 0..self.threats.len() as ThreatId {
                        if self.threats[t as usize].loc == TLoc::Map(sq) {
                            cell.push_str(&self.glyph(t, seat));
                            if self.child == Child::Token(t) {
                                cell.push('c');
                            }
                        }
                    }
                    if cell.is_empty() {
                        cell = if map.red[s] {
                            "R".into()
                        } else if map.star[s] {
                            "*".into()
                        } else if map.start == sq {
                            "@".into()
                        } else if map.number[s] > 0 {
                            format!("#{}", map.number[s])
                        } else {
                            ".".into()
                        };
                    } else if map.star[s] {
                        cell.insert(0, if map.red[s] { 'R' } else { '*' });
                    }
                    if cell.chars().count() > W {
                        cell = cell.chars().take(W - 1).collect::<String>() + "~";
                    }
                }
                line.push_str(&format!("{cell:<W$}"));
                let e = if c + 1 < w {
                    if map.exists[s] {
                        edge_h(map.edge[s][1], self.doors_open)
                    } else {
                        ' '
                    }
                } else {
                    '|'
                };
                line.push(e);
                if r + 1 < h {
                    under.push_str(&if map.exists[s] {
                        edge_v(map.edge[s][2], self.doors_open)
                    } else {
                        " ".repeat(W)
                    });
                    under.push(if c + 1 < w { ' ' } else { '|' });
                }
            }
            out.push_str(&line);
            out.push('\n');
            if r + 1 < h {
                out.push_str(&under);
                out.push('\n');
            }
        }
        out.push_str("    +");
        out.push_str(&"-".repeat((W + 1) * w - 1));
        out.push_str("+\n");
        out.push_str(
            "Legend: A-D characters, c the Child, ?N face-down threat (shape N), b/m/s blaster/melee/sniper\n\
             enemy with health left, + medpac, i item, * star, R red star, @ start, #N numbered square, ###### forbidden;\n\
             | or === wall, : or ... elevated edge, digit = closed door, / open door.\n",
        );
        out
    }
}
