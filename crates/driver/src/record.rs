//! Matches, saves and replays: a game in progress with its record (the save), checked loading.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use serde_json::Value;
use tabletop_core::{IllegalAction, Replay, ReplayError};

use crate::driven::Driven;
use crate::panic_message;

/// A game in progress with its record: the record is the save.
pub struct Match<G: Driven> {
    pub game: G,
    pub record: Replay<G::Options, G::Action>,
}

impl<G: Driven> Match<G> {
    pub fn new(
        content: &'static G::Content,
        options: G::Options,
        seed: u64,
    ) -> Result<Self, G::SetupError> {
        let game = G::new_game(content, &options, seed)?;
        Ok(Match {
            game,
            record: Replay::new(G::NAME, G::fingerprint(content), options, seed),
        })
    }

    /// Re-create a game from its record, checking every action (see [`Stepper`]).
    pub fn from_replay(
        content: &'static G::Content,
        record: Replay<G::Options, G::Action>,
    ) -> Result<Self, ReplayError> {
        let mut st = Stepper::<G>::start(content, record)?;
        while !st.done() {
            st.step()?;
        }
        Ok(Match {
            game: st.game,
            record: st.replay,
        })
    }

    /// Load a save from its text.
    pub fn load_str(content: &'static G::Content, text: &str) -> Result<Self, ReplayError> {
        Self::from_replay(content, parse_replay::<G>(text)?)
    }

    /// Load a save file.
    pub fn load_file(content: &'static G::Content, path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Self::load_str(content, &text).map_err(|e| anyhow!("{} is refused: {e}", path.display()))
    }

    pub fn legal(&self) -> Vec<G::Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&mut v);
        v
    }

    /// Apply an action, checked; a refused action leaves the game and the record untouched.
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, IllegalAction> {
        let mut events = Vec::new();
        self.game.apply(action, &mut events)?;
        self.record.actions.push(action);
        Ok(events)
    }

    pub fn save_json(&self) -> String {
        self.record.to_json()
    }

    /// Write the save; the old file is replaced only once the new one is complete.
    pub fn save_file(&self, path: &Path) -> Result<()> {
        write_atomically(path, &self.save_json())
    }
}

/// Write a file via a temporary file and a rename, so that a failure never leaves half a file.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Parse a save, reading each action on its own so that an unreadable one is reported with its
/// index like an illegal one.
pub fn parse_replay<G: Driven>(text: &str) -> Result<Replay<G::Options, G::Action>, ReplayError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ReplayError::Parse(e.to_string()))?;
    replay_from_value::<G>(value)
}

pub fn replay_from_value<G: Driven>(
    mut value: Value,
) -> Result<Replay<G::Options, G::Action>, ReplayError> {
    let raw_actions = match value.get_mut("actions") {
        Some(Value::Array(a)) => std::mem::take(a),
        Some(_) => return Err(ReplayError::Parse("`actions` is not a list".into())),
        None => return Err(ReplayError::Parse("no `actions` list: not a save".into())),
    };
    if let Some(game) = value.get("game").and_then(Value::as_str) {
        if game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.into(),
                found: game.into(),
            });
        }
    }
    let mut actions = Vec::with_capacity(raw_actions.len());
    for (index, raw) in raw_actions.into_iter().enumerate() {
        match serde_json::from_value::<G::Action>(raw.clone()) {
            Ok(a) => actions.push(a),
            Err(e) => {
                return Err(ReplayError::Action {
                    index,
                    action: raw.to_string(),
                    source: IllegalAction::new(format!("it is not a {} action ({e})", G::NAME)),
                })
            }
        }
    }
    value["actions"] = Value::Array(Vec::new());
    let mut replay: Replay<G::Options, G::Action> =
        serde_json::from_value(value).map_err(|e| ReplayError::Parse(e.to_string()))?;
    replay.actions = actions;
    Ok(replay)
}

/// Walks through a record one checked action at a time.
pub struct Stepper<G: Driven> {
    pub game: G,
    pub replay: Replay<G::Options, G::Action>,
    pub next: usize,
}

impl<G: Driven> Stepper<G> {
    /// Check the record's game, format and content fingerprint, and set the game up.
    pub fn start(
        content: &'static G::Content,
        replay: Replay<G::Options, G::Action>,
    ) -> Result<Self, ReplayError> {
        let game = replay.play::<G>(content, &G::fingerprint(content), Some(0))?;
        Ok(Stepper {
            game,
            replay,
            next: 0,
        })
    }

    pub fn done(&self) -> bool {
        self.next >= self.replay.actions.len()
    }

    pub fn peek(&self) -> Option<G::Action> {
        self.replay.actions.get(self.next).copied()
    }

    /// Apply the next action, checked. An engine panic is reported like an illegal action.
    pub fn step(&mut self) -> Result<Vec<G::Event>, ReplayError> {
        let index = self.next;
        let a = self.replay.actions[index];
        let mut events = Vec::new();
        let game = &mut self.game;
        let r = catch_unwind(AssertUnwindSafe(|| game.apply(a, &mut events)));
        let err = |source| ReplayError::Action {
            index,
            action: format!("{a:?}"),
            source,
        };
        match r {
            Ok(Ok(())) => {
                self.next += 1;
                Ok(events)
            }
            Ok(Err(e)) => Err(err(e)),
            Err(p) => Err(err(IllegalAction::new(format!(
                "the engine failed on it: {}",
                panic_message(&*p)
            )))),
        }
    }
}

/// `Some(index)` of the bad action of a refused save.
pub fn replay_error_index(e: &ReplayError) -> Option<usize> {
    match e {
        ReplayError::Action { index, .. } => Some(*index),
        _ => None,
    }
}
