//! Game records. A [`Replay`] is `(game, content fingerprint, options, seed, actions)`: enough to
//! re-create every state of a game. It is also the save-file format — saving at any decision is
//! writing the actions so far, and loading replays them, checking each one on the way, so that a
//! corrupt or tampered save is refused with the index of the first bad action.

use serde::{Deserialize, Serialize};

use crate::game::{IllegalAction, NewGame};

/// The save/replay format version written by this build.
pub const REPLAY_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "O: Serialize, A: Serialize",
    deserialize = "O: serde::de::DeserializeOwned, A: serde::de::DeserializeOwned"
))]
pub struct Replay<O, A> {
    /// [`crate::Game::NAME`] of the game.
    pub game: String,
    pub format: u32,
    /// Fingerprint of the content the game was played with (see the game's content module).
    pub content: String,
    pub options: O,
    pub seed: u64,
    pub actions: Vec<A>,
    /// Who sat where when the game was saved, one entry per seat (`"human"` or a bot's name);
    /// empty when unknown (saves written before this field existed, bot-only records).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("this is a save of '{found}', not of '{expected}'")]
    WrongGame { expected: String, found: String },
    #[error("save format {found} is not supported (this build reads format {REPLAY_FORMAT})")]
    Format { found: u32 },
    #[error("the save was made with content '{found}', but the loaded content is '{expected}'")]
    Content { expected: String, found: String },
    #[error("the options were refused: {0}")]
    Setup(String),
    #[error("action #{index} ({action}) is not legal at that point: {source}")]
    Action {
        index: usize,
        action: String,
        source: IllegalAction,
    },
    #[error("could not read the save: {0}")]
    Parse(String),
}

impl<O, A> Replay<O, A> {
    pub fn new(game: &str, content: impl Into<String>, options: O, seed: u64) -> Self {
        Replay {
            game: game.to_string(),
            format: REPLAY_FORMAT,
            content: content.into(),
            options,
            seed,
            actions: Vec::new(),
            seats: Vec::new(),
        }
    }
}

impl<O, A> Replay<O, A>
where
    O: Serialize + serde::de::DeserializeOwned,
    A: Serialize + serde::de::DeserializeOwned,
{
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay always serializes")
    }

    pub fn from_json(text: &str) -> Result<Self, ReplayError> {
        serde_json::from_str(text).map_err(|e| ReplayError::Parse(e.to_string()))
    }
}

impl<O: Clone, A: Copy + std::fmt::Debug> Replay<O, A> {
    /// Re-create the state after the first `upto` actions (all of them if `None`), checking
    /// that the record belongs to this game and content, and that every action is legal.
    pub fn play<G>(
        &self,
        content: &'static G::Content,
        fingerprint: &str,
        upto: Option<usize>,
    ) -> Result<G, ReplayError>
    where
        G: NewGame<Options = O, Action = A>,
    {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.into(),
                found: self.game.clone(),
            });
        }
        if self.format != REPLAY_FORMAT {
            return Err(ReplayError::Format { found: self.format });
        }
        if self.content != fingerprint {
            return Err(ReplayError::Content {
                expected: fingerprint.into(),
                found: self.content.clone(),
            });
        }
        let mut g = G::new_game(content, &self.options, self.seed)
            .map_err(|e| ReplayError::Setup(e.to_string()))?;
        let mut events = Vec::new();
        let n = upto.unwrap_or(self.actions.len()).min(self.actions.len());
        for (index, &a) in self.actions[..n].iter().enumerate() {
            events.clear();
            g.apply(a, &mut events)
                .map_err(|source| ReplayError::Action {
                    index,
                    action: format!("{a:?}"),
                    source,
                })?;
        }
        Ok(g)
    }
}
