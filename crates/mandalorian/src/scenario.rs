//! Scenario files: a hand-written state (positions, hands, deck tops, damage, slots, threats,
//! the Child, doors, the crisis track) that the engine loads, validates and plays on from.
//! Rule tests are built from them. The game has no dice, so there are no scripted dice; every
//! random order can be fixed with the `*_top` lists instead.
//!
//! ```toml
//! mission = 1
//! difficulty = "recruit"
//! mode = "shared"            # standard | sandbox | shared
//! seats = 1
//! characters = ["mando", "ig11"]
//! seed = 7
//! clear_threats = true       # every threat token back in the box before placing `threats`
//! hands = [["Beskar Charge", "Jetpack Hop"]]
//! deck_top = [["Vibro-Knife"]]          # per deck, first card on top
//! events_top = ["overwatch"]
//! planning_top = ["defense", "bad-luck"]
//! reinforcements = ["Junk Hound"]       # the whole pile, first on top
//! track = 2
//! doors_open = [1]
//! [[character]]
//! id = "mando"
//! at = [2, 3]
//! damage = 1
//! kept = ["defense"]
//! [[threat]]
//! name = "Scrap Trooper"
//! shape = 2                  # optional: when tokens of several shapes share the name
//! at = [2, 4]
//! face_up = true
//! [[slot]]
//! slot = "move"                # or a mission slot's name
//! cards = ["Tracking Fob"]
//! tokens = [2]
//! ```

use serde::Deserialize;

use crate::content::*;
use crate::state::*;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("scenario: {0}")]
pub struct ScenarioError(pub String);

/// Bounds on a scenario's counters (missions end long before them; no sum overflows).
pub const MAX_TURN: u16 = 1_000;
pub const MAX_COLLECTED: u8 = 99;

fn bad<T>(m: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(m.into()))
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub mission: u8,
    #[serde(default)]
    pub difficulty: Difficulty,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default = "one")]
    pub seats: u8,
    #[serde(default)]
    pub characters: Vec<String>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub first_player: u8,
    #[serde(default)]
    pub clear_threats: bool,
    #[serde(default)]
    pub hands: Option<Vec<Vec<String>>>,
    #[serde(default)]
    pub deck_top: Vec<Vec<String>>,
    #[serde(default)]
    pub events_top: Vec<String>,
    #[serde(default)]
    pub planning_top: Vec<String>,
    #[serde(default)]
    pub reinforcements: Option<Vec<String>>,
    /// Keep only this many cards in the planning draw pile; the rest go to its discard pile.
    #[serde(default)]
    pub planning_draw: Option<usize>,
    /// Per ability deck: keep only this many cards in the draw pile, the rest discarded.
    #[serde(default)]
    pub deck_draw: Vec<Option<usize>>,
    /// Defeated threat tokens (on the face-up defeated pile), orange ones first.
    #[serde(default)]
    pub defeated: Vec<String>,
    /// `"action"` (default) or `"event"`: start at the event phase of the first turn.
    /// [`Scenario::build`] stops before it (tests call [`Mandalorian::resume`] to watch it);
    /// a game made by `NewGame::new_game` resolves it up to the first decision.
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub track: u8,
    #[serde(default)]
    pub collected: u8,
    #[serde(default)]
    pub turn: Option<u16>,
    #[serde(default)]
    pub doors_open: Vec<u8>,
    #[serde(default)]
    pub character: Vec<ScenarioCharacter>,
    #[serde(default)]
    pub threat: Vec<ScenarioThreat>,
    #[serde(default)]
    pub slot: Vec<ScenarioSlot>,
    #[serde(default)]
    pub child: Option<ScenarioChild>,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioCharacter {
    pub id: String,
    #[serde(default)]
    pub at: Option<[u8; 2]>,
    #[serde(default)]
    pub damage: u8,
    #[serde(default)]
    pub kept: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioThreat {
    pub name: String,
    /// The token's shape (MA-COMP-7), when tokens of several shapes share the name.
    #[serde(default)]
    pub shape: Option<u8>,
    pub at: [u8; 2],
    #[serde(default)]
    pub face_up: bool,
    #[serde(default)]
    pub damage: u8,
    #[serde(default)]
    pub carries_child: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSlot {
    pub slot: String,
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub tokens: Option<Vec<u8>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioChild {
    #[serde(default)]
    pub at: Option<[u8; 2]>,
    #[serde(default)]
    pub character: Option<String>,
}

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        toml::from_str(text).map_err(|e| ScenarioError(e.to_string()))
    }

    pub fn options(&self) -> Options {
        Options {
            mission: self.mission,
            difficulty: self.difficulty,
            mode: self.mode,
            seats: self.seats,
            characters: self.characters.clone(),
            first_player: Some(self.first_player),
            locked: Vec::new(),
            scenario: None,
        }
    }

    /// Build the state: normal set-up from the options and seed, then every override.
    pub fn build(&self, content: &'static Content) -> Result<Mandalorian, ScenarioError> {
        let mut g = Mandalorian::setup(content, &self.options(), self.seed)
            .map_err(|e| ScenarioError(format!("options: {e}")))?;
        // Tokens are looked up by name in the content's order; numbered again at the end.
        g.threats_by_token();
        let map = g.map();
        let sq_of = |field: &str, rc: [u8; 2]| -> Result<Sq, ScenarioError> {
            let (r, c) = (rc[0] as usize, rc[1] as usize);
            if r >= map.height as usize
                || c >= map.width as usize
                || !map.exists[map.sq(r, c) as usize]
            {
                return bad(format!("{field}: [{r}, {c}] is not a square of the map"));
            }
            Ok(map.sq(r, c))
        };
        // Doors and track.
        for &d in &self.doors_open {
            if d > 9 || map.doors & (1 << d) == 0 {
                return bad(format!("doors_open: no door {d} on this map"));
            }
            g.t.doors_open |= 1 << d;
        }
        // Counters: within the mission's limits (a track at its maximum or a turn past the
        // last has already lost, MA-WIN-4) and far from any overflow.
        if let Some(max) = g.mission().track_max() {
            if self.track >= max {
                return bad(format!(
                    "track: {} reaches the crisis track's maximum {max}: the mission is lost",
                    self.track
                ));
            }
        }
        if self.collected > MAX_COLLECTED {
            return bad(format!("collected: at most {MAX_COLLECTED}"));
        }
        g.t.track = self.track;
        g.t.collected = self.collected;
        if let Some(t) = self.turn {
            let last = g.mission().turn_max().unwrap_or(MAX_TURN).min(MAX_TURN);
            if t == 0 || t > last {
                return bad(format!(
                    "turn: {t} is not a turn of this mission (1 to {last})"
                ));
            }
            g.t.turn = t;
        }
        // Threats.
        if self.clear_threats {
            for th in g.t.threats.iter_mut() {
                if matches!(th.loc, TLoc::Map(_)) {
                    *th = Threat {
                        loc: TLoc::Box,
                        face_up: false,
                        damage: 0,
                        seen: 0,
                        ..*th
                    };
                }
            }
            if matches!(g.t.child, Child::Token(_)) {
                g.t.child = Child::Absent;
            }
        }
        if let Some(pile) = &self.reinforcements {
            for &t in &g.t.reinforcements {
                g.t.threats[t as usize].loc = TLoc::Box;
            }
            g.t.reinforcements.clear();
            let mut order = Vec::new();
            for (i, name) in pile.iter().enumerate() {
                let t = (0..g.t.threats.len() as ThreatId).find(|&t| {
                    g.token_def(t).orange
                        && g.token_def(t).name == *name
                        && g.t.threats[t as usize].loc == TLoc::Box
                        && !order.contains(&t)
                });
                match t {
                    Some(t) => order.push(t),
                    None => {
                        return bad(format!(
                            "reinforcements[{i}]: no orange \"{name}\" token left"
                        ))
                    }
                }
            }
            for &t in order.iter().rev() {
                g.t.threats[t as usize].loc = TLoc::Pile;
                g.t.reinforcements.push(t);
            }
        }
        for (i, st) in self.threat.iter().enumerate() {
            let ctx = format!("threat[{i}] \"{}\"", st.name);
            let sq = sq_of(&format!("{ctx}: at"), st.at)?;
            let is = |t: ThreatId| {
                let def = g.token_def(t);
                def.name == st.name && st.shape.is_none_or(|s| s == def.shape)
            };
            let t = (0..g.t.threats.len() as ThreatId)
                .find(|&t| is(t) && g.t.threats[t as usize].loc == TLoc::Box)
                .or_else(|| {
                    (0..g.t.threats.len() as ThreatId)
                        .find(|&t| is(t) && g.t.threats[t as usize].loc == TLoc::Pile)
                });
            let Some(t) = t else {
                return bad(format!("{ctx}: no such token left in the box (clear_threats = true frees the placed ones)"));
            };
            if g.t.threats[t as usize].loc == TLoc::Pile {
                g.t.reinforcements.retain(|&x| x != t);
            }
            if let Face::Enemy { health, .. } = g.token_def(t).face {
                if st.damage >= health {
                    return bad(format!(
                        "{ctx}: damage {} would have defeated it",
                        st.damage
                    ));
                }
            } else if st.damage > 0 {
                return bad(format!("{ctx}: damage: items take no damage (MA-ATTACK-6)"));
            }
            g.t.threats[t as usize] = Threat {
                loc: TLoc::Map(sq),
                face_up: st.face_up,
                damage: st.damage,
                seen: 0,
                ..g.t.threats[t as usize]
            };
            if st.carries_child {
                if !g.token_def(t).is_enemy() {
                    return bad(format!(
                        "{ctx}: carries_child: only an enemy carries the Child"
                    ));
                }
                g.t.child = Child::Token(t);
            }
        }
        for (i, name) in self.defeated.iter().enumerate() {
            let pick = |orange: bool| {
                (0..g.t.threats.len() as ThreatId).find(|&t| {
                    g.token_def(t).name == *name
                        && g.token_def(t).orange == orange
                        && g.token_def(t).is_enemy()
                        && g.t.threats[t as usize].loc == TLoc::Box
                })
            };
            match pick(true).or_else(|| pick(false)) {
                Some(t) => {
                    g.t.threats[t as usize] = Threat {
                        loc: TLoc::Defeated,
                        face_up: true,
                        damage: 0,
                        seen: 0,
                        ..g.t.threats[t as usize]
                    }
                }
                None => {
                    return bad(format!(
                        "defeated[{i}]: no enemy \"{name}\" left in the box"
                    ))
                }
            }
        }
        // Characters.
        for (i, sc) in self.character.iter().enumerate() {
            let ctx = format!("character[{i}] \"{}\"", sc.id);
            let Some(def) = content.character_by_id(&sc.id) else {
                return bad(format!("{ctx}: id: unknown character"));
            };
            let Some(ch) = g.t.chars.iter().position(|c| c.def == def) else {
                return bad(format!("{ctx}: id: not in play in this scenario"));
            };
            if let Some(at) = sc.at {
                g.t.chars[ch].sq = sq_of(&format!("{ctx}: at"), at)?;
            }
            if sc.damage >= g.t.chars[ch].health {
                return bad(format!("{ctx}: damage {} defeats the character", sc.damage));
            }
            g.t.chars[ch].damage = sc.damage;
            for p in &sc.kept {
                let Some(pid) = take_planning(&mut g, p) else {
                    return bad(format!(
                        "{ctx}: kept: no planning card \"{p}\" left in the deck"
                    ));
                };
                if !g.may_keep(ch as u8, pid) {
                    return bad(format!(
                        "{ctx}: kept: \"{p}\" cannot be kept (MA-PLAN-4, -5)"
                    ));
                }
                g.t.chars[ch].kept.push(pid);
            }
        }
        if let Some(c) = &self.child {
            g.t.child = match (&c.at, &c.character) {
                (Some(at), None) => Child::Square(sq_of("child.at", *at)?),
                (None, Some(id)) => {
                    let def = content
                        .character_by_id(id)
                        .ok_or_else(|| ScenarioError(format!("child.character: unknown '{id}'")))?;
                    match g.t.chars.iter().position(|c| c.def == def) {
                        Some(i) => Child::Character(i as u8),
                        None => return bad(format!("child.character: '{id}' is not in play")),
                    }
                }
                _ => return bad("child: give exactly one of at, character"),
            };
        }
        // Hands: every hand back into its deck, then the named cards.
        if let Some(hands) = &self.hands {
            if hands.len() != g.t.seats.len() {
                return bad(format!(
                    "hands: {} hands for {} seats",
                    hands.len(),
                    g.t.seats.len()
                ));
            }
            for s in 0..g.t.seats.len() {
                let d = g.t.seats[s].deck as usize;
                let hand = std::mem::take(&mut g.t.seats[s].hand);
                g.t.decks[d].stack_top(&hand);
            }
            for (s, names) in hands.iter().enumerate() {
                if names.len() > g.hand_size() {
                    return bad(format!(
                        "hands[{s}]: {} cards, above the hand size",
                        names.len()
                    ));
                }
                let d = g.t.seats[s].deck as usize;
                for n in names {
                    let c = take_card(&mut g, d, n)
                        .map_err(|e| ScenarioError(format!("hands[{s}]: {e}")))?;
                    g.t.seats[s].hand.push(c);
                }
            }
        }
        // Slots.
        // Every listed slot's tokens go back to the pool first, then each slot takes its own.
        for s2 in self.slot.iter().filter(|s| s.tokens.is_some()) {
            if let Some(k) =
                (0..g.t.slots.len()).find(|&k| g.slot_name(k).eq_ignore_ascii_case(&s2.slot))
            {
                let old = std::mem::take(&mut g.t.slots[k].tokens);
                g.t.dist_pool
                    .extend(old.into_iter().filter(|&t| t != STAND_IN));
            }
        }
        let mut slot_seen = Vec::new();
        for (i, ss) in self.slot.iter().enumerate() {
            let ctx = format!("slot[{i}] \"{}\"", ss.slot);
            let idx = (0..g.t.slots.len())
                .find(|&k| g.slot_name(k).eq_ignore_ascii_case(&ss.slot))
                .ok_or_else(|| ScenarioError(format!("{ctx}: no such action slot")))?;
            if slot_seen.contains(&idx) {
                return bad(format!("{ctx}: listed twice"));
            }
            slot_seen.push(idx);
            // A slot resolves at Strength 5 (MA-EVENT-5): it never holds many cards or tokens,
            // and the state has room for MAX_IN_SLOT of each.
            let (cards, tokens) = (ss.cards.len(), ss.tokens.as_ref().map_or(0, Vec::len));
            if cards > MAX_IN_SLOT || tokens > MAX_IN_SLOT {
                return bad(format!(
                    "{ctx}: at most {MAX_IN_SLOT} cards and {MAX_IN_SLOT} disturbance tokens in a slot"
                ));
            }
            if let Some(tokens) = &ss.tokens {
                for &v in tokens {
                    let pos = g
                        .dist_pool
                        .iter()
                        .position(|&t| content.disturbance[t as usize].value == v);
                    match pos {
                        Some(p) => {
                            let t = g.t.dist_pool.swap_remove(p);
                            g.t.slots[idx].tokens.push(t);
                        }
                        None => {
                            return bad(format!(
                                "{ctx}: tokens: no disturbance token worth {v} left in the pool"
                            ))
                        }
                    }
                }
            }
            for n in &ss.cards {
                let mut found = None;
                for d in 0..g.t.decks.len() {
                    if let Ok(c) = take_card(&mut g, d, n) {
                        found = Some(c);
                        break;
                    }
                }
                match found {
                    Some(c) => g.t.slots[idx].cards.push(c),
                    None => return bad(format!("{ctx}: cards: \"{n}\" is not in any draw pile")),
                }
            }
        }
        // Deck tops.
        if self.deck_top.len() > g.t.decks.len() {
            return bad(format!(
                "deck_top: {} decks listed, {} in play",
                self.deck_top.len(),
                g.t.decks.len()
            ));
        }
        for (d, names) in self.deck_top.iter().enumerate() {
            let mut cards = Vec::new();
            for n in names {
                cards.push(
                    take_card(&mut g, d, n)
                        .map_err(|e| ScenarioError(format!("deck_top[{d}]: {e}")))?,
                );
            }
            g.t.decks[d].stack_top(&cards);
        }
        let mut tops = Vec::new();
        for (i, id) in self.events_top.iter().enumerate() {
            let e = content
                .events
                .iter()
                .position(|e| &e.id == id)
                .ok_or_else(|| ScenarioError(format!("events_top[{i}]: unknown event '{id}'")))?;
            if !g.t.events.take_from_draw(e as EventId) {
                return bad(format!("events_top[{i}]: '{id}' listed twice"));
            }
            tops.push(e as EventId);
        }
        g.t.events.stack_top(&tops);
        let mut ptops = Vec::new();
        for (i, id) in self.planning_top.iter().enumerate() {
            match take_planning(&mut g, id) {
                Some(p) => ptops.push(p),
                None => {
                    return bad(format!(
                        "planning_top[{i}]: no '{id}' left in the planning deck"
                    ))
                }
            }
        }
        g.t.planning.stack_top(&ptops);
        if let Some(n) = self.planning_draw {
            while g.t.planning.draw_len() > n {
                let p = g.t.planning.draw_pile()[0];
                g.t.planning.take_from_draw(p);
                g.t.planning.discard(p);
            }
        }
        for (d, n) in self.deck_draw.iter().enumerate() {
            if d >= g.t.decks.len() {
                return bad(format!("deck_draw[{d}]: no such deck"));
            }
            if let Some(n) = *n {
                while g.t.decks[d].draw_len() > n {
                    let c = g.t.decks[d].draw_pile()[0];
                    g.t.decks[d].take_from_draw(c);
                    g.t.decks[d].discard(c);
                }
            }
        }
        g.number_threats();
        g.check_invariants()
            .map_err(|e| ScenarioError(format!("invalid state: {e}")))?;
        match self.phase.as_deref() {
            None | Some("action") => {}
            Some("event") => {
                // Skip the action phase: the event phase is next (MA-TURN-2).
                if g.t.stack.last() == Some(&Task::ActionPhase) {
                    g.t.stack.pop();
                }
            }
            Some(p) => return bad(format!("phase: '{p}' is not action or event")),
        }
        Ok(g)
    }
}

fn take_planning(g: &mut Mandalorian, id: &str) -> Option<PlanId> {
    let c = g.t.content;
    let p = g
        .planning
        .draw_pile()
        .iter()
        .rev()
        .copied()
        .find(|&p| c.planning[p as usize].id == id)?;
    g.t.planning.take_from_draw(p);
    Some(p)
}

/// Take a card by name ("Name" or "character:Name") out of a deck's draw pile.
fn take_card(g: &mut Mandalorian, deck: usize, name: &str) -> Result<CardId, String> {
    let c = g.t.content;
    let (who, card) = match name.split_once(':') {
        Some((w, n)) => (Some(w), n),
        None => (None, name),
    };
    let found = g.t.decks[deck]
        .draw_pile()
        .iter()
        .rev()
        .copied()
        .find(|&id| {
            let k = c.card(id);
            k.name == card && who.is_none_or(|w| c.characters[k.character as usize].id == w)
        });
    match found {
        Some(id) => {
            g.t.decks[deck].take_from_draw(id);
            Ok(id)
        }
        None => Err(format!("\"{name}\" is not in the draw pile of deck {deck}")),
    }
}
