//! What one seat may see (MA-INFO-1..6): its own hand, threats it looked at secretly, the
//! planning cards it is drawing; everything public; of the event deck only the top card's back.

use serde::Serialize;
use tabletop_core::Outcome;

use crate::content::*;
use crate::state::*;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    pub id: CardId,
    pub character: &'static str,
    pub text: &'static str,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CharView {
    pub id: String,
    pub name: String,
    pub row: usize,
    pub col: usize,
    pub damage: u8,
    pub health: u8,
    /// Kept planning cards are public (MA-INFO-6).
    pub kept: Vec<String>,
    pub carries_child: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlotView {
    pub name: String,
    pub strength: u8,
    pub cards: Vec<&'static str>,
    pub tokens: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThreatView {
    /// Its handle at this table ([`ThreatId`]), as actions name it: numbered from where the
    /// tokens lay at set-up, so it says nothing about what a face-down token is.
    pub token: ThreatId,
    /// What it is as an index into the catalog's `missions[m].tokens`: face up, or looked at
    /// by this seat (MA-SPY-2); `None` otherwise.
    pub def: Option<TokenId>,
    pub row: usize,
    pub col: usize,
    pub shape: u8,
    pub face_up: bool,
    pub damage: u8,
    /// What it is: face up, or looked at by this seat (MA-SPY-2); `None` otherwise.
    pub identity: Option<String>,
    /// This seat looked at it secretly.
    pub looked: bool,
    pub carries_child: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: u8,
    pub active: u8,
    pub turn: u16,
    pub mission: String,
    pub objective: String,
    pub characters: Vec<CharView>,
    /// This seat's own hand (MA-INFO-1).
    pub hand: Vec<CardView>,
    /// Hand sizes of every seat.
    pub hand_sizes: Vec<usize>,
    pub slots: Vec<SlotView>,
    pub threats: Vec<ThreatView>,
    pub defeated: Vec<String>,
    pub reinforcement_pile: usize,
    pub event_deck: usize,
    /// The back icon of the top event card (MA-INFO-5).
    pub event_top_back: Option<String>,
    pub event_discard: Vec<String>,
    pub planning_deck: usize,
    pub planning_discard: Vec<String>,
    /// Planning cards this seat is drawing right now (MA-PLAN-2).
    pub plan_drawn: Vec<String>,
    /// Ability discard piles are public (MA-INFO-4).
    pub ability_discards: Vec<Vec<&'static str>>,
    pub disturbance_pool: usize,
    pub disturbance_discard: Vec<u8>,
    pub child: String,
    /// The character enemies move toward this turn, if one taunted (public).
    pub taunt: Option<String>,
    pub doors_open: Vec<u8>,
    pub track: u8,
    pub collected: u8,
    pub pending: String,
    pub outcome: Option<Outcome>,
}

impl Mandalorian {
    /// Describe a threat token as `seat` may know it.
    ///
    /// Labels are looked up with a check: an action from a script or a save may name an id
    /// that does not exist, and is described as "unknown … #id" (then refused), never a panic.
    /// `seat` may be a number that is no seat (a spectator's): it then knows what is public.
    pub fn threat_label(&self, t: ThreatId, seat: u8) -> String {
        let Some(th) = self.threats.get(t as usize) else {
            return format!("unknown threat #{t}");
        };
        let def = self.token_def(t);
        if th.face_up {
            let mut s = render::token(self.mission(), def);
            if th.damage > 0 {
                s += &format!(" {} damage", th.damage);
            }
            s
        } else if self.looked_at(t, seat) {
            format!(
                "face-down threat (shape {}; you looked: {})",
                def.shape,
                render::token(self.mission(), def)
            )
        } else {
            format!("face-down threat (shape {})", def.shape)
        }
    }

    /// Seat `seat` looked at face-down threat `t` secretly (MA-SPY-2); false for a number
    /// that is no seat.
    pub fn looked_at(&self, t: ThreatId, seat: u8) -> bool {
        let seen = self.threats.get(t as usize).map_or(0, |th| th.seen);
        1u8.checked_shl(seat as u32).is_some_and(|b| seen & b != 0)
    }

    pub fn square_label(&self, sq: Sq) -> String {
        if sq as usize >= self.map().len() {
            return format!("unknown square #{sq}");
        }
        let (r, c) = self.map().row_col(sq);
        let n = self.map().number[sq as usize];
        if n > 0 {
            format!("({r},{c}) #{n}")
        } else {
            format!("({r},{c})")
        }
    }

    pub fn char_name(&self, ch: u8) -> &'static str {
        &self.content.characters[self.chars[ch as usize].def as usize].name
    }

    /// [`Mandalorian::char_name`] with a check, for a character index from an action.
    pub fn char_label(&self, ch: u8) -> String {
        match self.chars.get(ch as usize) {
            Some(_) => self.char_name(ch).to_string(),
            None => format!("unknown character #{ch}"),
        }
    }

    /// For the card being resolved: why its action or its ability text, not done yet, can do
    /// nothing now, in words ([`Mandalorian::card_idle`]); empty when both can, or when no card
    /// is being resolved.
    pub fn card_idle_reasons(&self) -> Vec<String> {
        self.card_idle().texts()
    }

    pub fn pending_label(&self) -> String {
        match self.stack.last() {
            None => "game over".into(),
            Some(t) => match *t {
                Task::ActionPhase => format!(
                    "action phase: {} of 2 actions done{}",
                    self.acts.normal,
                    if self.acts.extra > 0 {
                        format!(", {} additional", self.acts.extra)
                    } else {
                        String::new()
                    }
                ),
                Task::Card { ch, slot, s, .. } => {
                    let mut t = format!(
                        "{} played into {} (Strength {s})",
                        self.char_name(ch),
                        self.slot_name(slot as usize)
                    );
                    let why = self.card_idle_reasons();
                    if !why.is_empty() {
                        t.push_str(" — ");
                        t.push_str(&why.join("; "));
                    }
                    t
                }
                Task::Move { ch, left, .. } => {
                    format!("{} is moving: {left} square(s) left", self.char_name(ch))
                }
                Task::Attack { ch, s } => format!(
                    "{} attacks with Strength {s}: choose a target",
                    self.char_name(ch)
                ),
                Task::Spy { ch, s } => format!("{} spies with Strength {s}", self.char_name(ch)),
                Task::SpyMoveTo { .. } => "move the enemy 1 square".into(),
                Task::PlanKeep { .. } => "Plan: keep 1 card (not Bad Luck, no second copy)".into(),
                Task::PlanTop { .. } => "Plan: put 1 card on top of the planning deck".into(),
                Task::ChooseFree { .. } => "choose the free action".into(),
                Task::Target { .. } => "choose a threat".into(),
                Task::PushSteps { .. } => "move the enemy away".into(),
                Task::ChooseCharacter { .. } => "choose a character".into(),
                Task::Calm => "discard a disturbance token".into(),
                Task::EnemyMove {
                    toward: UNDECIDED,
                    ..
                } => format!(
                    "the event moves enemies toward the nearest character, but {} taunted: which card takes precedence?",
                    self.taunt.map(|c| self.char_name(c)).unwrap_or("a character")
                ),
                Task::EnemyMove { .. } => "event: choose the enemy that moves".into(),
                Task::EnemyDest { .. } => "event: choose where the enemy moves (ties)".into(),
                Task::EnemyAttack { .. } => "event: choose the enemy that attacks".into(),
                Task::AttackTarget { .. } => {
                    "event: choose the nearest character attacked (tie)".into()
                }
                Task::Spawn { .. } => "choose the spawn square (tie)".into(),
                Task::Disturb { .. } => "choose the slot to disturb (tie)".into(),
                Task::Damage { ch, .. } => {
                    format!("{} takes damage: block with Defense?", self.char_name(ch))
                }
                Task::ChildFlee { .. } => "the Child flees: choose its square".into(),
                Task::RevealNearest { .. } => "choose the nearest face-down threat (tie)".into(),
                Task::SlotOrder { .. } => {
                    "several slots reached Strength 5+ together: choose which resolves first"
                        .into()
                }
                Task::SlotResolve { slot, .. } => format!(
                    "event for {}: who is \"you\"?",
                    self.slot_name(slot as usize)
                ),
                other => format!("{other:?}"),
            },
        }
    }

    pub fn view_of(&self, seat: u8) -> View {
        let c = self.content;
        let map = self.map();
        let pos = |sq: Sq| map.row_col(sq);
        let card_text = |id: CardId| c.card_texts[id as usize].as_str();
        let characters = self
            .chars
            .iter()
            .enumerate()
            .map(|(i, ch)| {
                let (row, col) = pos(ch.sq);
                CharView {
                    id: c.characters[ch.def as usize].id.clone(),
                    name: c.characters[ch.def as usize].name.clone(),
                    row,
                    col,
                    damage: ch.damage,
                    health: ch.health,
                    kept: ch
                        .kept
                        .iter()
                        .map(|&p| c.planning[p as usize].name.clone())
                        .collect(),
                    carries_child: self.child == Child::Character(i as u8),
                }
            })
            .collect();
        // A seat number that is no seat of the table (a spectator's) sees no hand: the
        // public view.
        let hand = self
            .seats
            .get(seat as usize)
            .map_or(&[][..], |s| &s.hand[..])
            .iter()
            .map(|&id| CardView {
                id,
                character: &c.characters[c.card(id).character as usize].name,
                text: card_text(id),
            })
            .collect();
        let slots = (0..self.slots.len())
            .map(|i| SlotView {
                name: self.slot_name(i),
                strength: self.slot_strength(i),
                cards: self.slots[i]
                    .cards
                    .iter()
                    .map(|&id| card_text(id))
                    .collect(),
                tokens: self.slots[i]
                    .tokens
                    .iter()
                    .map(|&t| self.dist_value(t))
                    .collect(),
            })
            .collect();
        let threats = (0..self.threats.len() as ThreatId)
            .filter_map(|t| {
                let th = &self.threats[t as usize];
                let TLoc::Map(sq) = th.loc else { return None };
                let (row, col) = pos(sq);
                let looked = self.looked_at(t, seat);
                Some(ThreatView {
                    token: t,
                    def: (th.face_up || looked).then_some(th.token),
                    row,
                    col,
                    shape: self.token_def(t).shape,
                    face_up: th.face_up,
                    damage: th.damage,
                    identity: (th.face_up || looked)
                        .then(|| render::token(self.mission(), self.token_def(t))),
                    looked,
                    carries_child: self.child == Child::Token(t),
                })
            })
            .collect();
        let defeated = (0..self.threats.len() as ThreatId)
            .filter(|&t| self.threats[t as usize].loc == TLoc::Defeated)
            .map(|t| self.token_def(t).name.clone())
            .collect();
        let event_top_back = self
            .events
            .draw_pile()
            .last()
            .map(|&e| render::back(c.events[e as usize].back).to_string());
        let is_active = seat == self.active;
        View {
            seat,
            active: self.active,
            turn: self.turn,
            mission: format!("{} — {}", self.mission().number, self.mission().name),
            objective: render::objective(self.mission()),
            characters,
            hand,
            hand_sizes: self.seats.iter().map(|s| s.hand.len()).collect(),
            slots,
            threats,
            defeated,
            reinforcement_pile: self.reinforcements.len(),
            event_deck: self.events.draw_len(),
            event_top_back,
            event_discard: self
                .events
                .discard_pile()
                .iter()
                .map(|&e| c.events[e as usize].name.clone())
                .collect(),
            planning_deck: self.planning.draw_len(),
            planning_discard: self
                .planning
                .discard_pile()
                .iter()
                .map(|&p| c.planning[p as usize].name.clone())
                .collect(),
            plan_drawn: if is_active {
                self.plan_drawn
                    .iter()
                    .map(|&p| render::planning(&c.planning[p as usize]))
                    .collect()
            } else {
                Vec::new()
            },
            ability_discards: self
                .decks
                .iter()
                .map(|d| d.discard_pile().iter().map(|&id| card_text(id)).collect())
                .collect(),
            disturbance_pool: self.dist_pool.len(),
            disturbance_discard: self
                .dist_discard
                .iter()
                .map(|&t| self.dist_value(t))
                .collect(),
            child: match self.child {
                Child::Absent => "not in this mission".into(),
                Child::Square(sq) => format!("in square {}", self.square_label(sq)),
                Child::Character(ch) => format!("carried by {}", self.char_name(ch)),
                Child::Token(t) => format!("carried by {}", self.threat_label(t, seat)),
            },
            taunt: self.taunt.map(|c| self.char_name(c).to_string()),
            doors_open: (0..10)
                .filter(|d| self.doors_open & (1 << d) != 0)
                .collect(),
            track: self.track,
            collected: self.collected,
            pending: self.pending_label(),
            outcome: self.outcome.clone(),
        }
    }

    /// One action in the rulebook's words, as the active seat may know it.
    pub fn describe(&self, a: Action) -> String {
        self.describe_for(a, self.active)
    }

    /// One action in the rulebook's words, as `seat` may know it: a face-down threat is named
    /// by its shape and square, and by what it is only for a seat that looked at it
    /// (MA-SPY-2, MA-INFO-2). `seat` may be a number that is no seat (the public).
    pub fn describe_for(&self, a: Action, seat: u8) -> String {
        let c = self.content;
        let tok = |t: ThreatId| {
            let at = match self.threats.get(t as usize).map(|th| th.loc) {
                Some(TLoc::Map(sq)) => format!(" at {}", self.square_label(sq)),
                _ => String::new(),
            };
            format!("{}{at}", self.threat_label(t, seat))
        };
        let planning = |p: PlanId| match c.planning.get(p as usize) {
            Some(card) => render::planning(card),
            None => format!("unknown planning card #{p}"),
        };
        match a {
            Action::Play { card, slot } => match c.cards.get(card as usize) {
                Some(d) if (slot as usize) < self.slots.len() => {
                    // The card's head ("Whistling Volley [3 +Attack]"): the hand shows its
                    // text, and whether that text can be used in this slot is said here
                    // (MA-CARD-4, -7).
                    let full = render::card(d);
                    let head = full.split(" — ").next().unwrap_or(&full);
                    let text_here = d
                        .text
                        .as_ref()
                        .is_some_and(|t| self.slot_kind(slot as usize) == Ok(t.slot));
                    format!(
                        "play {head} ({}) into {} — Strength {}{}",
                        c.characters[d.character as usize].name,
                        self.slot_name(slot as usize),
                        self.resolve_strength(card, slot as usize),
                        if text_here { ", with its text" } else { "" }
                    )
                }
                Some(d) => format!(
                    "play {} into {}",
                    render::card(d),
                    self.slot_name(slot as usize)
                ),
                None => format!(
                    "play unknown ability card #{card} into {}",
                    self.slot_name(slot as usize)
                ),
            },
            Action::UsePlanning { ch, card } => {
                format!("{} uses {}", self.char_label(ch), planning(card))
            }
            Action::UseItem { ch, token } => format!("{} uses {}", self.char_label(ch), tok(token)),
            Action::Rescue { ch } => format!("{} rescues the Child", self.char_label(ch)),
            Action::EndActions => "end the action phase".into(),
            Action::ResolveAction => match self.stack.last() {
                Some(Task::Card { slot, s, .. }) => match self.slot_kind(*slot as usize) {
                    Ok(k) => format!("resolve the {} action with Strength {s}", k.name()),
                    Err(m) => format!(
                        "resolve the mission action: {}",
                        render::mission_slot(&self.mission().slots[m])
                    ),
                },
                _ => "resolve the action".into(),
            },
            Action::ResolveText => match self.stack.last() {
                Some(Task::Card { card, .. }) => format!(
                    "resolve the ability text: {}",
                    c.card(*card)
                        .text
                        .as_ref()
                        .map(render::ability_text)
                        .unwrap_or_default()
                ),
                _ => "resolve the ability text".into(),
            },
            Action::FinishCard => "done with this card".into(),
            Action::Step(sq) => format!("step to {}", self.square_label(sq)),
            Action::Stop => "stop here".into(),
            Action::Target(t) => format!("choose {}", tok(t)),
            Action::SpyLook(t) => format!("look secretly at {}", tok(t)),
            Action::SpyMove(t) => format!("move {} 1 square", tok(t)),
            Action::Square(sq) => format!("square {}", self.square_label(sq)),
            Action::Character(ch) => self.char_label(ch),
            Action::Slot(s) => format!("the {} slot", self.slot_name(s as usize)),
            Action::Keep(p) => format!("keep {}", planning(p)),
            Action::KeepNone => "keep nothing".into(),
            Action::Top(p) => format!(
                "put {} on top of the planning deck",
                c.planning
                    .get(p as usize)
                    .map_or_else(|| format!("unknown planning card #{p}"), |x| x.name.clone())
            ),
            Action::TopNone => "put nothing on top".into(),
            Action::Block => "discard Defense to block 1 damage".into(),
            Action::TakeDamage => "take the damage".into(),
            Action::Enemy(t) => format!("the enemy {}", tok(t)),
            Action::Choose(k) => format!("a free {} action", k.name()),
            Action::Precedence(Precede::EventCard) => {
                "the event card takes precedence: enemies move toward the nearest character".into()
            }
            Action::Precedence(Precede::AbilityCard) => format!(
                "the taunt takes precedence: enemies move only toward {}",
                self.taunt
                    .map(|c| self.char_name(c))
                    .unwrap_or("the taunting character")
            ),
            Action::DiscardToken { slot, value } => format!(
                "discard a disturbance token worth {value} from {}",
                self.slot_name(slot as usize)
            ),
        }
    }
}
