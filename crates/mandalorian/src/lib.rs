//! # tabletop-mandalorian
//!
//! *Star Wars: The Mandalorian Adventures* as a pure, deterministic state machine, with ORIGINAL
//! content (the published cards and maps are not public) and scenario files. Its bot lives with
//! the others, in `tabletop-bots` (`tabletop_bots::mandalorian`).
//!
//! Where to look: set-up [`setup`], the turn and the action phase [`turn`], the four actions
//! [`actions`], terrain [`terrain`], range [`range`], events [`event`], enemies [`enemy`],
//! disturbance tokens [`disturbance`], the Child [`child`], damage [`damage`], items and planning
//! cards [`items`], ability texts and other effects [`effects`], what a seat sees [`view`],
//! scenario files [`scenario`], the guide-deck campaign [`campaign`], invariants checked by tests
//! [`invariants`]. Rule IDs (MA-…) refer to `shared/rules/mandalorian.md`.

pub mod actions;
pub mod campaign;
pub mod catalog;
pub mod child;
pub mod content;
pub mod damage;
pub mod determinize;
pub mod disturbance;
pub mod draw;
pub mod effects;
pub mod enemy;
pub mod event;
pub mod idle;
pub mod invariants;
pub mod items;
pub mod range;
pub mod reveal;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod terrain;
pub mod testing;
pub mod turn;
pub mod view;

use tabletop_core::{Actor, Game, IllegalAction, NewGame, Outcome, Seat};

pub use content::{embedded, Content};
pub use setup::SetupError;
pub use state::{Action, Difficulty, Happened, Mandalorian, Mode, Options};
pub use view::View;

impl Game for Mandalorian {
    type Action = Action;
    type Event = Happened;
    type View<'a> = View;

    const NAME: &'static str = "mandalorian";

    fn num_seats(&self) -> usize {
        self.t.seats.len()
    }

    fn actor(&self) -> Actor {
        if self.outcome.is_some() {
            Actor::Over
        } else {
            // MA-GOLD-3, MA-EVENT-13: the active player makes every decision.
            Actor::Seat(self.t.active)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply_unchecked(&mut self, action: Action, events: &mut Vec<Happened>) {
        self.decide(action, events);
        self.run(events);
    }

    fn why_illegal(&self, action: Action) -> IllegalAction {
        IllegalAction::new(self.explain_illegal(action))
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn describe_action(&self, action: Action) -> String {
        self.describe(action)
    }

    fn reseed(&mut self, seed: u64) {
        self.forget_future(seed);
    }

    fn determinize(&mut self, seat: Seat, seed: u64) {
        self.determinize_for(seat, seed);
    }

    fn revealed(&self, before: &Self, events: &[Happened]) -> Option<String> {
        self.undo_barrier(before, events)
    }
}

impl NewGame for Mandalorian {
    type Content = Content;
    type Options = Options;
    type SetupError = SetupError;

    fn new_game(
        content: &'static Content,
        options: &Options,
        seed: u64,
    ) -> Result<Self, SetupError> {
        match &options.scenario {
            Some(text) => {
                let s = scenario::Scenario::parse(text)
                    .map_err(|e| SetupError(format!("scenario: {e}")))?;
                let mut g = s
                    .build(content)
                    .map_err(|e| SetupError(format!("scenario: {e}")))?;
                // A scenario may start before automatic steps (`phase = "event"`): resolve
                // them, so the game starts at a decision like any other.
                g.resume(&mut Vec::new());
                let mut legal = Vec::new();
                g.legal_actions(&mut legal);
                if legal.is_empty() && g.outcome.is_none() {
                    return Err(SetupError(
                        "scenario: the position leaves the active player no legal action".into(),
                    ));
                }
                Ok(g)
            }
            None => Mandalorian::setup(content, options, seed),
        }
    }
}

impl Mandalorian {
    /// Why an action is refused, in the rules' words.
    pub fn explain_illegal(&self, a: Action) -> String {
        use state::Task;
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let pending = self.pending_label();
        match (self.t.stack.last(), a) {
            (Some(Task::ActionPhase), Action::Play { card, slot }) => {
                if !self.t.seats[self.t.active as usize].hand.contains(&card) {
                    "that card is not in your hand (MA-INFO-1)".into()
                } else if slot as usize >= self.t.slots.len() {
                    "there is no such action slot".into()
                } else if self.t.acts.played & (1 << slot) != 0 {
                    "only 1 card per action slot per turn (MA-ACT-4, MA-EXTRA-3)".into()
                } else {
                    "you have already performed your 2 actions (MA-ACT-1)".into()
                }
            }
            (Some(Task::ActionPhase), Action::EndActions) => {
                "you must perform exactly 2 different actions first (MA-ACT-1)".into()
            }
            (Some(Task::Move { .. }), Action::Step(_)) => {
                "that square is not adjacent, or your movement has ended (MA-MOVE-2, -3, MA-TERRAIN)".into()
            }
            (Some(Task::PlanKeep { .. }), Action::Keep(_)) => {
                "Bad Luck cannot be kept, nor a second copy of a card (MA-PLAN-4, -5)".into()
            }
            (_, Action::Target(_)) | (_, Action::SpyLook(_)) | (_, Action::SpyMove(_)) => {
                format!("that threat is not a legal choice now (out of range? MA-RANGE) — {pending}")
            }
            _ => format!("{a:?} is not a legal choice now — {pending}"),
        }
    }

    /// Resolve pending steps until the next decision (scenarios that start mid-turn).
    pub fn resume(&mut self, events: &mut Vec<Happened>) {
        self.run(events);
    }

    /// Forget the future for a bot's look-ahead: everything hidden from the active seat is
    /// dealt anew ([`Mandalorian::determinize_for`]).
    pub fn forget_future(&mut self, seed: u64) {
        self.determinize_for(self.t.active as Seat, seed);
    }
}

impl Mandalorian {
    /// Move an enemy token as an effect outside the event phase (tests and tools).
    pub fn move_enemy_for_test(
        &mut self,
        t: state::ThreatId,
        sq: content::Sq,
        ev: &mut Vec<Happened>,
    ) {
        self.move_enemy(t, sq, ev);
    }
}
