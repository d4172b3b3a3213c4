//! Helpers for rule tests: scenarios, applying actions, finding cards, slots and tokens.
#![allow(dead_code)]

use tabletop_core::Game;
use tabletop_mandalorian::content::*;
use tabletop_mandalorian::scenario::Scenario;
use tabletop_mandalorian::state::*;
#[allow(unused_imports)]
use tabletop_mandalorian::*;

/// A state from an inline scenario (embedded content).
pub fn sc(text: &str) -> Mandalorian {
    match Scenario::parse(text).and_then(|s| s.build(embedded())) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

/// A state from `tests/scenarios/NAME.toml`.
pub fn file(name: &str) -> Mandalorian {
    let p = format!("{}/tests/scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    sc(&std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}")))
}

pub fn legal(g: &Mandalorian) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

pub fn act(g: &mut Mandalorian, a: Action) -> Vec<Happened> {
    let mut ev = Vec::new();
    if let Err(e) = g.apply(a, &mut ev) {
        panic!(
            "{a:?} refused: {e}\npending: {}\nlegal: {:?}",
            g.pending_label(),
            legal(g)
        );
    }
    if let Err(e) = g.check_invariants().and_then(|_| g.check_views()) {
        panic!("invariant broken after {a:?}: {e}");
    }
    ev
}

pub fn sq(g: &Mandalorian, r: usize, c: usize) -> Sq {
    g.map().sq(r, c)
}

pub fn slot(g: &Mandalorian, name: &str) -> u8 {
    (0..g.slots().len())
        .find(|&i| g.slot_name(i).eq_ignore_ascii_case(name))
        .unwrap_or_else(|| panic!("no slot {name}")) as u8
}

pub fn card_in_hand(g: &Mandalorian, seat: usize, name: &str) -> CardId {
    *g.hand(seat)
        .iter()
        .find(|&&c| g.content().card(c).name == name)
        .unwrap_or_else(|| panic!("{name} not in hand {seat}"))
}

/// Play a card from the active seat's hand into a slot.
pub fn play(g: &mut Mandalorian, name: &str, slot_name: &str) -> Vec<Happened> {
    let seat = g.active_seat() as usize;
    let card = card_in_hand(g, seat, name);
    let s = slot(g, slot_name);
    act(g, Action::Play { card, slot: s })
}

/// A token on the map (or anywhere) by name.
pub fn token(g: &Mandalorian, name: &str) -> ThreatId {
    (0..g.threats().len() as ThreatId)
        .find(|&t| {
            g.token_def(t).name == name && matches!(g.threats()[t as usize].loc, TLoc::Map(_))
        })
        .unwrap_or_else(|| panic!("no token {name} on the map"))
}

pub fn at(g: &Mandalorian, ch: usize) -> (usize, usize) {
    g.map().row_col(g.characters()[ch].sq)
}

pub fn has(g: &Mandalorian, a: Action) -> bool {
    legal(g).contains(&a)
}

/// Play a card and finish it without resolving anything (MA-ACT-5).
pub fn play_idle(g: &mut Mandalorian, name: &str, slot_name: &str) {
    play(g, name, slot_name);
    if matches!(g.pending(), Some(Task::Card { .. })) {
        act(g, Action::FinishCard);
    }
}

/// Walk a character along squares with Move steps, then stop.
pub fn walk(g: &mut Mandalorian, path: &[(usize, usize)]) -> Vec<Happened> {
    let mut ev = Vec::new();
    for &(r, c) in path {
        let s = sq(g, r, c);
        ev.extend(act(g, Action::Step(s)));
    }
    ev
}

pub fn damage(g: &Mandalorian, ch: usize) -> u8 {
    g.characters()[ch].damage
}

pub fn lost(g: &Mandalorian) -> bool {
    g.outcome.as_ref().is_some_and(|o| o.winners.is_empty())
}

pub fn won(g: &Mandalorian) -> bool {
    g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty())
}

/// Solo scenario header on mission `m`, threats cleared, with a hand.
pub fn solo(m: u8, hand: &[&str], extra: &str) -> Mandalorian {
    let hand: Vec<String> = hand.iter().map(|h| format!("\"{h}\"")).collect();
    sc(&format!(
        "mission = {m}\nmode = \"shared\"\nseats = 1\nclear_threats = true\nseed = 5\nhands = [[{}]]\n{extra}",
        hand.join(", ")
    ))
}

/// End a movement if it is still going (a movement with no step left ends by itself: a
/// decision with a single option is taken automatically).
pub fn stop(g: &mut Mandalorian) {
    if matches!(g.pending(), Some(Task::Move { .. })) {
        act(g, Action::Stop);
    }
}

/// Finish the card being resolved, if it still waits for a decision.
pub fn finish(g: &mut Mandalorian) {
    if matches!(g.pending(), Some(Task::Card { .. })) {
        act(g, Action::FinishCard);
    }
}
