//! Firefly's board in the terminal: `map` draws the sectors where the content's layout puts
//! them (`at` in board.toml) with the ships and your jobs marked, `route PLACE` gives the
//! shortest route with its Full Burns and Fuel, and places are found by name or number.

use std::fmt::Write as _;

use anstyle::Style;
use tabletop_core::Seat;
use tabletop_firefly::content::*;
use tabletop_firefly::Firefly;

use tabletop_driver::firefly::{captain, job_line, sector_line};

use crate::style;

/// The widest a sector's label may be on the map (markers included), so that the labels of
/// two sectors side by side in the base layout (8 columns apart at the closest) never touch.
const LABEL: usize = 7;

/// The number a player may call a sector by: its place in the board file, from 1 (the base
/// board's sector numbers). Set-up lists sectors by it, the map shows it for empty space.
pub fn sector_number(s: SectorId) -> usize {
    s as usize + 1
}

/// The sectors a player's words may name: a sector's number, or its name or a planet's (the
/// exact name first, else every name containing the words), any case.
pub fn places(g: &Firefly, query: &str) -> Vec<SectorId> {
    let c = g.content;
    let board = g.board();
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    // "55", "#55" and "sector 55" are sector 55.
    let number = q
        .trim_start_matches("sector")
        .trim()
        .trim_start_matches('#');
    if let Ok(n) = number.parse::<usize>() {
        return if (1..=c.sectors.len()).contains(&n) && board.in_play((n - 1) as SectorId) {
            vec![(n - 1) as SectorId]
        } else {
            Vec::new()
        };
    }
    let names = |s: &Sector| -> Vec<String> {
        std::iter::once(s.name.to_lowercase())
            .chain(s.planets.iter().map(|p| p.name.to_lowercase()))
            .collect()
    };
    let all = (0..c.sectors.len())
        .filter(|&i| board.in_play(i as SectorId))
        .map(|i| (i as SectorId, names(&c.sectors[i])));
    let exact: Vec<SectorId> = all
        .clone()
        .filter(|(_, ns)| ns.contains(&q))
        .map(|(s, _)| s)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    all.filter(|(_, ns)| ns.iter().any(|n| n.contains(&q)))
        .map(|(s, _)| s)
        .collect()
}

/// The one sector a player's words name, or why not.
pub fn place(g: &Firefly, query: &str) -> Result<SectorId, String> {
    let c = g.content;
    match places(g, query).as_slice() {
        [s] => Ok(*s),
        [] => Err(format!(
            "No sector or planet is called {query:?} (a name like \"Persephone\", or a sector \
             number from 1 to {}).",
            c.sectors.len()
        )),
        many => {
            let names: Vec<&str> = many.iter().take(8).map(|&s| c.sector_name(s)).collect();
            Err(format!(
                "{} places match {query:?}: {}{}. Be more precise.",
                many.len(),
                names.join(", "),
                if many.len() > 8 { ", …" } else { "" }
            ))
        }
    }
}

/// A mark on a sector of the map and its style.
type Mark = (char, Style);

/// Every mark `seat` sees on the board, by sector: `@` their ship, `2`… other captains' ships,
/// `A` the Alliance Cruiser, `R` the Reaver Cutter, `a`, `b`… the sectors of their jobs (in
/// the legend's order), `G` their next story goal. Also the legend's lines.
fn marks(g: &Firefly, seat: Seat) -> (Vec<Vec<Mark>>, Vec<String>) {
    let c = g.content;
    let mut m: Vec<Vec<Mark>> = vec![Vec::new(); c.sectors.len()];
    let mut legend = Vec::new();
    let me = g.player(seat);
    if me.placed {
        m[me.sector as usize].push(('@', style::MINE));
        legend.push(format!(
            "@ you, {} ({}) at {}",
            captain(seat),
            c.ships[me.ship as usize].name,
            c.sector_name(me.sector)
        ));
    }
    for p in &g.players {
        if p.seat != seat && p.placed {
            let mark = char::from_digit(p.seat as u32 + 1, 10).unwrap_or('?');
            m[p.sector as usize].push((mark, style::OTHERS));
            legend.push(format!(
                "{mark} {} ({}) at {}",
                captain(p.seat),
                c.ships[p.ship as usize].name,
                c.sector_name(p.sector)
            ));
        }
    }
    m[g.cruiser as usize].push(('A', style::BAD));
    for &s in &g.cutters {
        m[s as usize].push(('R', style::BAD));
    }
    let cutters: Vec<&str> = g.cutters.iter().map(|&s| c.sector_name(s)).collect();
    legend.push(format!(
        "A the Alliance Cruiser at {} · R the Reaver Cutter{} at {}",
        c.sector_name(g.cruiser),
        if cutters.len() == 1 { "" } else { "s" },
        cutters.join(", ")
    ));
    if let Some(s) = g.corvette {
        m[s as usize].push(('C', style::BAD));
        legend.push(format!(
            "C the Operative's Corvette at {}",
            c.sector_name(s)
        ));
    }
    // Alert tokens (the Rim expansions): `+` Alliance, `~` Reaver, one mark per kind.
    let mut alerts = Vec::new();
    for s in 0..c.sectors.len() as SectorId {
        let a = g.alerts_at(s);
        let reaver = g.alert_count(s, AlertKind::Reaver);
        if a.alliance > 0 {
            m[s as usize].push(('+', style::BAD));
        }
        if reaver > 0 {
            m[s as usize].push(('~', style::BAD));
        }
        if a.alliance > 0 || reaver > 0 {
            alerts.push(format!(
                "{} ({}{})",
                c.sector_name(s),
                if a.alliance > 0 {
                    format!("{} Alliance", a.alliance)
                } else {
                    String::new()
                },
                if reaver > 0 {
                    format!("{}{reaver} Reaver", if a.alliance > 0 { ", " } else { "" })
                } else {
                    String::new()
                }
            ));
        }
    }
    if !alerts.is_empty() {
        legend.push(format!(
            "+ Alliance, ~ Reaver Alert tokens: {}",
            alerts.join("; ")
        ));
    }
    // Your jobs, active ones first: a letter on every sector where one of its steps is made.
    let jobs = me
        .active
        .iter()
        .map(|a| (a.job, true))
        .chain(me.hand.iter().map(|&j| (j, false)));
    for ((job, active), letter) in jobs.zip('a'..='z') {
        let mut seen = Vec::new();
        for &s in &c.job_sectors[job as usize] {
            if !seen.contains(&s) {
                m[s as usize].push((letter, style::MINE));
                seen.push(s);
            }
        }
        legend.push(format!(
            "{letter} {}{}",
            if active { "active: " } else { "in hand: " },
            job_line(c, job)
        ));
    }
    let story = g.story as usize;
    if let Some(Some(s)) = c.goal_sectors[story].get(me.goals as usize) {
        m[*s as usize].push(('G', style::MINE));
        legend.push(format!("G your next story goal, at {}", c.sector_name(*s)));
    }
    (m, legend)
}

/// A sector's name on the map: its number in empty space, else the start of its name, cut to
/// `width` characters. Alliance Space numbers are in brackets, and without colours Alliance
/// planets are in capitals.
fn name_label(c: &Content, s: SectorId, width: usize) -> String {
    let sd = &c.sectors[s as usize];
    let alliance = sd.zone == Zone::Alliance;
    if sd.planets.is_empty() {
        let n = sector_number(s);
        return if alliance {
            format!("({n})")
        } else {
            n.to_string()
        };
    }
    let squeezed: String = sd.name.chars().filter(|ch| !ch.is_whitespace()).collect();
    let cut: String = squeezed.chars().take(width.max(2)).collect();
    if alliance && !style::colour() {
        cut.to_uppercase()
    } else {
        cut
    }
}

/// The board as `seat` sees it, fitted to `columns` of text (the content's grid when it is
/// narrower), with a legend.
pub fn draw(g: &Firefly, seat: Seat, columns: usize) -> String {
    let c = g.content;
    let (marks, legend) = marks(g, seat);
    // Only the board on the table (the Rim sections with their expansions), shifted so that
    // its leftmost and topmost sectors are at 0.
    let board = g.board();
    let on: Vec<usize> = (0..c.sectors.len())
        .filter(|&i| board.in_play(i as SectorId))
        .collect();
    let min_x = on.iter().map(|&i| c.sectors[i].at[0]).min().unwrap_or(0);
    let min_y = on.iter().map(|&i| c.sectors[i].at[1]).min().unwrap_or(0);
    let at = |s: &Sector| ((s.at[0] - min_x) as usize, (s.at[1] - min_y) as usize);
    let max_x = on.iter().map(|&i| at(&c.sectors[i]).0).max().unwrap_or(0);
    let max_y = on.iter().map(|&i| at(&c.sectors[i]).1).max().unwrap_or(0);
    // Squeeze the columns to fit (rows stay); labels get narrower with them.
    let full = max_x + LABEL;
    let scale = if columns < full {
        columns.saturating_sub(LABEL) as f64 / max_x.max(1) as f64
    } else {
        1.0
    };
    let width = ((LABEL as f64 * scale).round() as usize).clamp(3, LABEL);
    let x_of = |s: &Sector| (at(s).0 as f64 * scale).round() as usize;
    let grid_w = (max_x as f64 * scale).round() as usize + width + 2;
    let mut grid: Vec<Vec<(char, Option<Style>)>> = vec![vec![(' ', None); grid_w]; max_y + 1];
    for &i in &on {
        let sd = &c.sectors[i];
        let s = i as SectorId;
        let here = &marks[i];
        let room = width.saturating_sub(here.len()).max(2);
        let name = name_label(c, s, room);
        let zone = match sd.zone {
            Zone::Alliance => style::ALLIANCE,
            Zone::Border => style::BORDER,
            Zone::Rim => style::RIM,
        };
        let mut cells: Vec<(char, Option<Style>)> =
            here.iter().map(|&(ch, st)| (ch, Some(st))).collect();
        cells.extend(name.chars().map(|ch| (ch, Some(zone))));
        let len = cells.len();
        let row = &mut grid[at(sd).1];
        let start = x_of(sd).saturating_sub(len / 2).min(row.len() - len);
        // Never write over a neighbour's label: cut this one short instead.
        let mut end = start + len;
        if let Some(taken) = (start..end).find(|&x| row[x].0 != ' ') {
            end = taken.saturating_sub(1).max(start);
        }
        for (k, cell) in cells.into_iter().take(end - start).enumerate() {
            row[start + k] = cell;
        }
    }
    // The links between sectors (FF-FLY-6) as dotted lines, kept clear of the labels.
    for &a in &on {
        let sa = &c.sectors[a];
        for &b in g.neighbours(a as SectorId) {
            if (b as usize) < a {
                continue;
            }
            let sb = &c.sectors[b as usize];
            let (xa, ya) = (x_of(sa) as f64, at(sa).1 as f64);
            let (xb, yb) = (x_of(sb) as f64, at(sb).1 as f64);
            let n = (xb - xa).abs().max((yb - ya).abs()) as usize;
            // Every other cell along a mostly level line: lighter, and still a line.
            let step = if (xb - xa).abs() > (yb - ya).abs() {
                2
            } else {
                1
            };
            for k in (1..n).step_by(step) {
                let t = k as f64 / n as f64;
                let x = (xa + (xb - xa) * t).round() as usize;
                let y = (ya + (yb - ya) * t).round() as usize;
                let row = &grid[y];
                let clear = |x: usize| {
                    !row.get(x)
                        .is_some_and(|c| c.0 != ' ' && c.1 != Some(style::LINK))
                };
                if row[x].0 == ' ' && clear(x.wrapping_sub(1)) && clear(x + 1) {
                    grid[y][x] = ('·', Some(style::LINK));
                }
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        style::paint(
            style::HEADING,
            "The 'Verse (`route PLACE` plans a trip, `card PLACE` describes a sector)"
        )
    );
    for row in grid {
        let mut line = String::new();
        let mut run = String::new();
        let mut run_style: Option<Style> = None;
        for (ch, st) in row {
            if st != run_style {
                line.push_str(&paint_opt(run_style, &run));
                run.clear();
                run_style = st;
            }
            run.push(ch);
        }
        line.push_str(&paint_opt(run_style, &run));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let rim = g.expansions().has_rim();
    let zones = if style::colour() {
        format!(
            "{}{} {}{}",
            style::paint(style::ALLIANCE, "Alliance Space in blue"),
            if rim { "," } else { " and" },
            style::paint(style::BORDER, "Border Space in yellow"),
            if rim {
                format!(" and {}", style::paint(style::RIM, "Rim Space in red"))
            } else {
                String::new()
            }
        )
    } else {
        "Alliance Space: (numbers) and PLANETS in capitals".to_string()
    };
    let _ = writeln!(
        out,
        "Numbers are empty sectors (`card sector 55` describes sector 55); {zones}."
    );
    for l in legend {
        let _ = writeln!(out, "  {l}");
    }
    out.trim_end().to_string()
}

fn paint_opt(st: Option<Style>, text: &str) -> String {
    match st {
        Some(st) => style::paint(st, text),
        None => text.to_string(),
    }
}

/// `route PLACE`: the shortest way from `seat`'s ship to a place, with the Full Burns and Fuel
/// it takes with the drive core they have, and what lies on the way.
pub fn route(g: &Firefly, seat: Seat, query: &str) -> Result<String, String> {
    let c = g.content;
    let p = g.player(seat);
    if !p.placed {
        return Err("Your ship is not on the board yet.".into());
    }
    let to = place(g, query)?;
    let from = p.sector;
    if to == from {
        return Ok(format!("You are at {} already.", c.sector_name(to)));
    }
    let Some(path) = c.shortest_route_on(g.expansions(), from, to) else {
        return Err(format!(
            "No route links {} to {}.",
            c.sector_name(from),
            c.sector_name(to)
        ));
    };
    let n = path.len();
    let names: Vec<&str> = path.iter().map(|&s| c.sector_name(s)).collect();
    let mut s = format!(
        "From {} to {}: {n} sector{} — {}.\n",
        c.sector_name(from),
        sector_line(c, to),
        if n == 1 { "" } else { "s" },
        names.join(" → ")
    );
    let range = g.burn_range(p) as usize;
    let fuel = g.burn_fuel(p) as usize;
    let mosey = g.mosey_range(p) as usize;
    let have = p.item(Item::Fuel) as usize;
    if range == 0 {
        let _ = writeln!(s, "Your ship cannot Full Burn (no drive core range).");
    } else {
        let burns = n.div_ceil(range);
        let need = burns * fuel;
        let _ = writeln!(
            s,
            "Full Burn (range {range}, {} each): {burns} Full Burn{} — {} in all, you have {}{}.",
            render::item_count(Item::Fuel, fuel as u32),
            if burns == 1 { "" } else { "s" },
            render::item_count(Item::Fuel, need as u32),
            render::item_count(Item::Fuel, have as u32),
            if need > have { ": NOT ENOUGH FUEL" } else { "" }
        );
    }
    let moseys = n.div_ceil(mosey.max(1));
    let _ = writeln!(
        s,
        "Mosey ({mosey} sector{} a Fly action, no Fuel, no Nav cards): {moseys} Fly action{}.",
        if mosey == 1 { "" } else { "s" },
        if moseys == 1 { "" } else { "s" }
    );
    // What a Full Burn meets on the way (FF-FLY-14/15: the Cruiser and the Cutter; Nav cards
    // are drawn in every sector entered, from the deck of its Space).
    let mut on_way = Vec::new();
    if path.contains(&g.cruiser) {
        on_way.push(format!(
            "the Alliance Cruiser at {}",
            c.sector_name(g.cruiser)
        ));
    }
    for &x in &g.cutters {
        if path.contains(&x) {
            on_way.push(format!("the Reaver Cutter at {}", c.sector_name(x)));
        }
    }
    if let Some(x) = g.corvette.filter(|x| path.contains(x)) {
        on_way.push(format!("the Operative's Corvette at {}", c.sector_name(x)));
    }
    let tokens: u32 = path
        .iter()
        .map(|&x| {
            (g.alert_count(x, AlertKind::Alliance) + g.alert_count(x, AlertKind::Reaver)) as u32
        })
        .sum();
    if tokens > 0 {
        on_way.push(format!(
            "{tokens} Alert token{}",
            if tokens == 1 { "" } else { "s" }
        ));
    }
    for q in &g.players {
        if q.seat != seat && q.placed && path.contains(&q.sector) {
            on_way.push(format!(
                "{} at {}",
                captain(q.seat),
                c.sector_name(q.sector)
            ));
        }
    }
    let alliance = path
        .iter()
        .filter(|&&x| c.sectors[x as usize].zone == Zone::Alliance)
        .count();
    let _ = write!(
        s,
        "On the way: {}; {alliance} of the {n} sectors in Alliance Space.",
        if on_way.is_empty() {
            "no ship".to_string()
        } else {
            on_way.join(", ")
        }
    );
    Ok(s)
}

/// `card PLACE`: a sector in words — its Space, planets, Supply and Contact, neighbours, who is
/// there, and which of `seat`'s jobs and goals are made there.
pub fn describe(g: &Firefly, seat: Seat, s: SectorId) -> String {
    let c = g.content;
    let mut t = format!("Sector {}: {}", sector_number(s), sector_line(c, s));
    let ns: Vec<String> = g
        .neighbours(s)
        .iter()
        .map(|&n| format!("{} ({})", c.sector_name(n), sector_number(n)))
        .collect();
    let _ = write!(t, "\n  neighbours: {}", ns.join(", "));
    let mut here = Vec::new();
    for p in &g.players {
        if p.placed && p.sector == s {
            here.push(if p.seat == seat {
                "your ship".to_string()
            } else {
                format!("{}'s {}", captain(p.seat), c.ships[p.ship as usize].name)
            });
        }
    }
    if g.cruiser == s {
        here.push("the Alliance Cruiser".into());
    }
    if g.has_cutter(s) {
        here.push("a Reaver Cutter".into());
    }
    if g.corvette == Some(s) {
        here.push("the Operative's Corvette".into());
    }
    let a = g.alerts_at(s);
    if a.alliance > 0 {
        here.push(format!("{} Alliance Alert token(s)", a.alliance));
    }
    if a.reaver > 0 {
        here.push(format!("{} Reaver Alert token(s)", a.reaver));
    }
    if g.printed_reaver_alert(s) {
        here.push("Reaver Space's permanent Reaver Alert".into());
    }
    if !here.is_empty() {
        let _ = write!(t, "\n  here now: {}", here.join(", "));
    }
    let me = g.player(seat);
    for j in me
        .active
        .iter()
        .map(|a| a.job)
        .chain(me.hand.iter().copied())
    {
        if c.job_sectors[j as usize].contains(&s) {
            let _ = write!(t, "\n  your job: {}", job_line(c, j));
        }
    }
    if let Some(Some(gs)) = c.goal_sectors[g.story as usize].get(me.goals as usize) {
        if *gs == s {
            let _ = write!(t, "\n  your next story goal is made here");
        }
    }
    t
}
