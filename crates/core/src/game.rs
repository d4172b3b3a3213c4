//! The engine trait shared by every game.
//!
//! A game is a pure, deterministic state machine. At every point exactly one [`Actor`] is to
//! act: a seat, or nobody because the game is over. Chance (dice, shuffles) is resolved inside
//! [`Game::apply`] from the [`crate::Chance`] stored in the state, so the whole game is
//! reproduced by `(content, options, seed, actions)`. Every decision a player makes — including
//! the small ones, such as which crew member is killed — is one of [`Game::legal_actions`].

use std::fmt::Debug;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A seat at the table, `0..num_seats`.
pub type Seat = u8;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Actor {
    Seat(Seat),
    /// The game is over; see [`Game::outcome`].
    Over,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats (one in a competitive game, all in a won cooperative game, none when
    /// everybody lost or a turn limit ended the game).
    pub winners: Vec<Seat>,
    /// A short human-readable reason ("completed the story", "turn limit reached" …).
    pub reason: String,
}

/// An action that is not legal in the current state. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action: {reason}")]
pub struct IllegalAction {
    pub reason: String,
}

impl IllegalAction {
    pub fn new(reason: impl Into<String>) -> Self {
        IllegalAction {
            reason: reason.into(),
        }
    }
}

/// A game engine state.
pub trait Game: Clone + Send + Sync {
    /// One decision of one seat. Small and `Copy`, so that bots can enumerate them cheaply.
    type Action: Copy + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for logs and user interfaces.
    type Event: Clone + Debug + Serialize;
    /// What one seat may see of the state. It may borrow from the state (a view is made for
    /// every seat after every action, and copying what it shows would be most of its cost).
    type View<'a>: Serialize
    where
        Self: 'a;

    /// The game's short name, as used in save files (`"firefly"`, `"mandalorian"`).
    const NAME: &'static str;

    fn num_seats(&self) -> usize;

    /// Who is to act.
    fn actor(&self) -> Actor;

    /// Append the legal actions of the actor to `out` (which is cleared first). Empty exactly
    /// when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Apply a legal action, appending what happened to `events`. The caller promises that the
    /// action is legal; [`Game::apply`] checks.
    fn apply_unchecked(&mut self, action: Self::Action, events: &mut Vec<Self::Event>);

    /// Apply an action after checking that it is legal. An illegal action is refused with a
    /// reason, and the state is left exactly as it was.
    fn apply(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if legal.contains(&action) {
            self.apply_unchecked(action, events);
            Ok(())
        } else {
            Err(self.why_illegal(action))
        }
    }

    /// Explain why an action is not legal now (user interfaces show this to people, so seats
    /// are numbered from 1).
    fn why_illegal(&self, action: Self::Action) -> IllegalAction {
        match self.actor() {
            Actor::Over => IllegalAction::new("the game is over"),
            Actor::Seat(s) => IllegalAction::new(format!(
                "{action:?} is not one of seat {}'s legal actions now",
                s + 1
            )),
        }
    }

    /// What `seat` may see: its own hidden cards, and only the public part of everyone else's.
    fn view(&self, seat: Seat) -> Self::View<'_>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A one-line description of an action for user interfaces, in the rulebook's words.
    fn describe_action(&self, action: Self::Action) -> String;

    /// Forget the future (deck orders and dice): bots call this on a copy before looking ahead.
    fn reseed(&mut self, seed: u64);

    /// Resample everything `seat` cannot see, consistently with what it has seen: deck orders,
    /// rivals' hidden cards, face-down tokens, the dice to come. A bot that looks ahead calls
    /// this on its copy of the state, so it plays on what it may know. The result depends only
    /// on what `seat` can see and on `seed`: two states that differ only in what is hidden
    /// from `seat` come out the same, so a bot's decisions cannot depend on what it may not see.
    /// The default forgets the future only ([`Game::reseed`]).
    fn determinize(&mut self, seat: Seat, seed: u64) {
        let _ = seat;
        self.reseed(seed);
    }

    /// Why the step that led from `before` to `self` (one applied action and its `events`)
    /// cannot be taken back, or `None` if it can.
    ///
    /// Undo follows Board Game Arena's policy: a player may take back their own decisions up to
    /// the last point where chance was resolved (a die roll, a shuffle, anything drawn from the
    /// random stream) or hidden information was revealed (a card drawn from a face-down pile, a
    /// face-down token turned up or looked at), because taking such a step back would let them
    /// choose again knowing what is to come. The reason names what happened ("a Nav card was
    /// drawn"). The default refuses every step, so a game that does not classify its steps never
    /// lets a player take anything back.
    fn revealed(&self, before: &Self, events: &[Self::Event]) -> Option<String> {
        let _ = (before, events);
        Some("this game does not support taking actions back".into())
    }
}

/// Play up to `steps` legal actions of `g`, each picked uniformly at random with `pick`, stopping
/// when the game is over: the positions that tests, fuzz targets and benchmarks start from.
pub fn play_random_steps<G: Game>(g: &mut G, pick: &mut crate::Rng, steps: usize) {
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        if g.actor() == Actor::Over {
            break;
        }
        g.legal_actions(&mut legal);
        let a = legal[pick.index(legal.len())];
        events.clear();
        g.apply(a, &mut events).expect("a legal action is applied");
    }
}

/// How a game is created: from its static content, its options and a seed.
pub trait NewGame: Game + Sized {
    /// The game's static content (cards, maps), shared by reference by every state.
    type Content: 'static + Sync;
    /// Table options (seats, story or mission, difficulty …).
    type Options: Clone + Debug + Serialize + DeserializeOwned;
    /// Why options were refused.
    type SetupError: std::error::Error + Send + Sync + 'static;

    fn new_game(
        content: &'static Self::Content,
        options: &Self::Options,
        seed: u64,
    ) -> Result<Self, Self::SetupError>;
}
