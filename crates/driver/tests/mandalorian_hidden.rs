//! Face-down threat tokens cannot be read (MA-SETUP-13, MA-SPY-2, MA-SPY-3, MA-INFO-2,
//! MA-THREAT-6): two tables that differ only in which face-down threats lie where send every
//! seat byte-identical views, legal actions (their JSON and their texts), events and log lines,
//! until a threat is turned face up (MA-MOVE-8, MA-ATTACK-6) — and a seat that looked at one
//! with Spy is the only one whose view changes.

use tabletop_core::{Game, NewGame, Rng, Seat};
use tabletop_driver::{Driven, Viewer};
use tabletop_mandalorian::content::Content;
use tabletop_mandalorian::state::{Action, Child, Happened, Mode, Options, TLoc};
use tabletop_mandalorian::{embedded, Difficulty, Mandalorian, View};

/// A spectator: no seat of the table.
const PUBLIC: Seat = Seat::MAX;

/// One threat of a scenario: name, shape, square, face up, carries the Child.
type Placed = (String, u8, [usize; 2], bool, bool);

/// The set-up of `opts` and `seed` written as a scenario, every threat on the map listed.
fn scenario(opts: &Options, seed: u64, threats: &[Placed]) -> String {
    let mut t = format!(
        "mission = {}\nmode = \"{}\"\nseats = {}\nseed = {seed}\nclear_threats = true\n",
        opts.mission,
        match opts.mode {
            Mode::Shared => "shared",
            Mode::Standard => "standard",
            Mode::Sandbox => "sandbox",
        },
        opts.seats
    );
    for (name, shape, [r, c], up, child) in threats {
        t += &format!(
            "[[threat]]\nname = \"{name}\"\nshape = {shape}\nat = [{r}, {c}]\nface_up = {up}\ncarries_child = {child}\n"
        );
    }
    t
}

/// The threats on the map of `g`, and the same with the face-down ones of each shape given
/// other identities (the names rotated among the face-down tokens of that shape and the
/// unused ones of the box). `None` when no shape has two different tokens to exchange.
fn arrangements(g: &Mandalorian) -> Option<(Vec<Placed>, Vec<Placed>)> {
    let map = g.map();
    let mut a = Vec::new();
    let mut b = Vec::new();
    let mut changed = false;
    for shape in 1..=4u8 {
        let mut down = Vec::new();
        let mut names = Vec::new();
        for (t, th) in g.threats().iter().enumerate() {
            let def = g.token_def(t as u8);
            if def.shape != shape {
                continue;
            }
            match th.loc {
                TLoc::Map(sq) if !th.face_up => {
                    down.push(map.row_col(sq));
                    names.push(def.name.clone());
                }
                TLoc::Map(sq) => a.push((
                    def.name.clone(),
                    shape,
                    <[usize; 2]>::from(map.row_col(sq)),
                    true,
                    g.child() == Child::Token(t as u8),
                )),
                _ => {}
            }
        }
        let placed = names.len();
        for (t, th) in g.threats().iter().enumerate() {
            let def = g.token_def(t as u8);
            if th.loc == TLoc::Box && def.shape == shape && !def.orange && !def.carries_child {
                names.push(def.name.clone());
            }
        }
        let mut other = names.clone();
        if let Some(i) = (1..other.len()).find(|&i| other[i] != other[0]) {
            other.swap(0, i);
            changed |= other[..placed] != names[..placed];
        }
        for (k, &(r, c)) in down.iter().enumerate() {
            a.push((names[k].clone(), shape, [r, c], false, false));
            b.push((other[k].clone(), shape, [r, c], false, false));
        }
    }
    // The face-up ones are the same in both.
    b.extend(a.iter().filter(|p| p.3).cloned());
    changed.then_some((a, b))
}

/// What `seat` is sent now: its view, and the legal actions with their texts as it reads them.
/// Compared as values (the view's fields, the texts), which is what the JSON a client gets is
/// made from: equal values give equal JSON.
fn sent(g: &Mandalorian, seat: Seat, legal: &[Action]) -> (View, Vec<String>) {
    let viewer = if seat == PUBLIC {
        Viewer::Public
    } else {
        Viewer::Seat(seat)
    };
    let texts: Vec<String> = legal
        .iter()
        .map(|&a| g.public_description(a, viewer))
        .collect();
    (g.view(seat), texts)
}

fn lines(g: &Mandalorian, events: &[Happened], seat: Seat) -> Vec<Option<String>> {
    let viewer = if seat == PUBLIC {
        Viewer::Public
    } else {
        Viewer::Seat(seat)
    };
    events.iter().map(|e| g.event_line(e, viewer)).collect()
}

/// Play both tables with the same random decisions; compare what every seat is sent until a
/// threat is revealed. Returns (steps compared, looks by Spy).
fn play_pair(
    content: &'static Content,
    a_text: String,
    b_text: String,
    seats: u8,
    seed: u64,
) -> (usize, usize) {
    let opts = |text: String| {
        let mut o = Options::new(1, Difficulty::Recruit, Mode::Shared, seats);
        o.scenario = Some(text);
        o
    };
    let mut a = Mandalorian::new_game(content, &opts(a_text), 0).unwrap();
    let mut b = Mandalorian::new_game(content, &opts(b_text), 0).unwrap();
    let viewers: Vec<Seat> = (0..seats).chain([PUBLIC]).collect();
    // Seats that looked at a face-down threat (MA-SPY-2): their own views may differ.
    let mut looked = vec![false; viewers.len()];
    let mut rng = Rng::new(seed);
    let (mut steps, mut looks) = (0, 0);
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    while !a.is_over() && steps < 400 {
        la.clear();
        lb.clear();
        a.legal_actions(&mut la);
        b.legal_actions(&mut lb);
        assert_eq!(la, lb, "the legal actions name threats alike");
        for (i, &s) in viewers.iter().enumerate() {
            if !looked[i] {
                assert_eq!(
                    sent(&a, s, &la),
                    sent(&b, s, &lb),
                    "seat {s} is sent the same"
                );
            }
        }
        let action = la[rng.below(la.len() as u32) as usize];
        let actor = a.active_seat();
        ea.clear();
        eb.clear();
        a.apply(action, &mut ea).unwrap();
        b.apply(action, &mut eb).unwrap();
        steps += 1;
        // Compare the events up to the first reveal; the reveal itself shows what it is.
        let shown = ea
            .iter()
            .position(|e| matches!(e, Happened::Revealed { .. }));
        let upto = shown.unwrap_or(ea.len());
        assert_eq!(ea[..upto], eb[..upto.min(eb.len())], "the events");
        for (i, &s) in viewers.iter().enumerate() {
            if !looked[i] {
                assert_eq!(lines(&a, &ea[..upto], s), lines(&b, &eb[..upto], s));
            }
        }
        if shown.is_some() {
            break;
        }
        if let Action::SpyLook(_) = action {
            looks += 1;
            looked[actor as usize] = true;
        }
    }
    (steps, looks)
}

#[test]
fn face_down_threats_look_alike_wherever_they_lie() {
    let content = embedded();
    let (mut pairs, mut steps, mut looks) = (0, 0, 0);
    for m in &content.missions {
        for (mode, seats) in [(Mode::Shared, 1), (Mode::Shared, 2), (Mode::Shared, 3)] {
            for seed in 0..12u64 {
                let opts = Options::new(m.number, Difficulty::Recruit, mode, seats);
                let g = Mandalorian::new_game(content, &opts, seed).unwrap();
                let Some((a, b)) = arrangements(&g) else {
                    continue;
                };
                let (ta, tb) = (scenario(&opts, seed, &a), scenario(&opts, seed, &b));
                assert_ne!(ta, tb);
                let (s, l) = play_pair(content, ta, tb, seats, seed * 31 + 7);
                pairs += 1;
                steps += s;
                looks += l;
            }
        }
    }
    // The test means something: many tables, many decisions compared, some secret looks.
    eprintln!("{pairs} pairs, {steps} steps, {looks} looks");
    assert!(pairs >= 60, "{pairs} pairs of tables");
    assert!(steps >= 1_000, "{steps} decisions compared");
    assert!(looks >= 5, "{looks} looks by Spy");
}
