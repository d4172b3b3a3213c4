//! Matches, saves and replays: a game in progress with its record (the save), checked loading,
//! and undo (taking back one's own decisions, Board Game Arena's policy).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use serde_json::Value;
use tabletop_core::{Actor, IllegalAction, Replay, ReplayError, Seat};

use crate::driven::Driven;
use crate::input::{clip, from_value_at, read_text_file, ECHO, MAX_SAVE_FILE};
use crate::panic_message;
use crate::seats::{parse_seats, SeatKind};

/// One recorded action: who took it, its text, and whether it may be taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The seat that took it.
    pub seat: Seat,
    /// [`tabletop_core::Game::describe_action`] just before it was taken.
    pub text: String,
    /// Why it cannot be taken back ([`tabletop_core::Game::revealed`]: chance or hidden
    /// information); `None` if it can.
    pub barrier: Option<String>,
}

/// A game in progress with its record: the record is the save.
///
/// Change the game only through [`Match::apply`] and [`Match::undo`], which keep the game, the
/// record and the [`Step`]s in agreement.
pub struct Match<G: Driven> {
    pub game: G,
    pub record: Replay<G::Options, G::Action>,
    content: &'static G::Content,
    steps: Vec<Step>,
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
            content,
            steps: Vec::new(),
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
            content,
            steps: st.steps,
        })
    }

    /// Load a save from its text.
    pub fn load_str(content: &'static G::Content, text: &str) -> Result<Self, ReplayError> {
        Self::from_replay(content, parse_replay::<G>(text)?)
    }

    /// Load a save file (at most [`MAX_SAVE_FILE`] bytes).
    pub fn load_file(content: &'static G::Content, path: &Path) -> Result<Self> {
        let text = read_text_file(path, MAX_SAVE_FILE, "save")?;
        Self::load_str(content, &text).map_err(|e| anyhow!("{} is refused: {e}", path.display()))
    }

    pub fn content(&self) -> &'static G::Content {
        self.content
    }

    pub fn legal(&self) -> Vec<G::Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&mut v);
        v
    }

    /// Apply an action, checked (see [`checked_step`]); a refused action leaves the game and
    /// the record untouched.
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, IllegalAction> {
        let (events, step) = checked_step(&mut self.game, action)?;
        self.record.actions.push(action);
        self.steps.push(step);
        Ok(events)
    }

    /// Every recorded action's seat, text and undo barrier, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The actions an undo by `seat` would take back, oldest first: `seat`'s own decisions
    /// since the last point where another seat acted or a step resolved chance or revealed
    /// hidden information (that step itself stays). `Err` says why there is none.
    pub fn undoable(&self, seat: Seat) -> Result<&[Step], String> {
        if self.game.actor() == Actor::Over {
            return Err("the game is over".into());
        }
        let n = self
            .steps
            .iter()
            .rev()
            .take_while(|s| s.seat == seat && s.barrier.is_none())
            .count();
        if n > 0 {
            return Ok(&self.steps[self.steps.len() - n..]);
        }
        Err(match self.steps.last() {
            None => "nothing has been done yet".into(),
            Some(last) if last.seat != seat => format!(
                "{} acted last: you may take back only your own decisions since anyone else acted",
                G::seat_name(last.seat)
            ),
            Some(last) => format!(
                "your last action ({}) cannot be taken back: {}",
                last.text,
                last.barrier.as_deref().unwrap_or("")
            ),
        })
    }

    /// Take back `seat`'s last `count` decisions (all of [`Match::undoable`] when `None`) by
    /// truncating the record and replaying it. Returns the steps taken back, oldest first. A
    /// refusal (nothing to take back, `count` too large) changes nothing.
    pub fn undo(&mut self, seat: Seat, count: Option<usize>) -> Result<Vec<Step>, String> {
        let can = self.undoable(seat)?.len();
        let n = count.unwrap_or(can);
        if n == 0 {
            return Err("nothing to take back: count is 0".into());
        }
        if n > can {
            return Err(format!(
                "only {can} action{} can be taken back now",
                if can == 1 { "" } else { "s" }
            ));
        }
        let keep = self.record.actions.len() - n;
        let mut record = self.record.clone();
        record.actions.truncate(keep);
        let game = replay_trusted::<G>(self.content, &record)?;
        self.game = game;
        self.record = record;
        Ok(self.steps.split_off(keep))
    }

    /// Record who sits where, so a save says it (`--load` needs no `--seats`).
    pub fn set_seats(&mut self, seats: &[SeatKind]) {
        self.record.seats = seats.iter().map(|s| s.label().to_string()).collect();
    }

    /// Who sat where according to the save, if it says (and names only `human` and `bots`).
    pub fn saved_seats(&self, bots: &[&str]) -> Option<Vec<SeatKind>> {
        if self.record.seats.len() != self.game.num_seats() {
            return None;
        }
        parse_seats(&self.record.seats.join(","), bots).ok()
    }

    pub fn save_json(&self) -> String {
        self.record.to_json()
    }

    /// Write the save; the old file is replaced only once the new one is complete.
    pub fn save_file(&self, path: &Path) -> Result<()> {
        write_atomically(path, &self.save_json())
    }
}

/// Re-create the state after a record whose actions were all checked before (undo), without
/// checking them again; any failure is an error, never a panic.
fn replay_trusted<G: Driven>(
    content: &'static G::Content,
    record: &Replay<G::Options, G::Action>,
) -> Result<G, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut g = G::new_game(content, &record.options, record.seed)
            .map_err(|e| format!("the game could not be set up again: {e}"))?;
        let mut events = Vec::new();
        for &a in &record.actions {
            events.clear();
            g.apply_unchecked(a, &mut events);
        }
        Ok(g)
    }))
    .unwrap_or_else(|p| Err(format!("the engine failed: {}", panic_message(&*p))))
}

/// Apply `action` to `game` as one checked step: legality first (nothing describes an action
/// that is not one of the legal ones, so an id out of range is refused, never looked up), then
/// its text, then the engine, then whether it may be taken back. An engine panic anywhere is
/// caught, the state restored, and reported like a refusal.
pub fn checked_step<G: Driven>(
    game: &mut G,
    action: G::Action,
) -> Result<(Vec<G::Event>, Step), IllegalAction> {
    let before = game.clone();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let seat = match game.actor() {
            Actor::Seat(s) => s,
            Actor::Over => return Err(IllegalAction::new("the game is over")),
        };
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(refusal(game, action));
        }
        let text = game.describe_action(action);
        let mut events = Vec::new();
        game.apply_unchecked(action, &mut events);
        let barrier = game.revealed(&before, &events);
        Ok((
            events,
            Step {
                seat,
                text,
                barrier,
            },
        ))
    }));
    match r {
        Ok(r) => r,
        Err(p) => {
            *game = before;
            Err(IllegalAction::new(format!(
                "the engine failed on it, so it was not taken ({}); the game is as it was",
                panic_message(&*p)
            )))
        }
    }
}

/// Why `action` is refused, from the engine; if explaining fails, a plain refusal.
fn refusal<G: Driven>(game: &G, action: G::Action) -> IllegalAction {
    catch_unwind(AssertUnwindSafe(|| game.why_illegal(action))).unwrap_or_else(|_| {
        IllegalAction::new(format!(
            "{} is not one of the legal actions now",
            clip(&format!("{action:?}"), ECHO)
        ))
    })
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
    let value: Value =
        serde_json::from_str(text).map_err(|e| ReplayError::Parse(clip(&e.to_string(), ECHO)))?;
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
                    action: clip(&raw.to_string(), ECHO),
                    source: IllegalAction::new(format!(
                        "it is not a {} action ({})",
                        G::NAME,
                        clip(&e.to_string(), ECHO)
                    )),
                })
            }
        }
    }
    value["actions"] = Value::Array(Vec::new());
    let mut replay: Replay<G::Options, G::Action> =
        from_value_at(value, "").map_err(ReplayError::Parse)?;
    replay.actions = actions;
    Ok(replay)
}

/// Walks through a record one checked action at a time.
pub struct Stepper<G: Driven> {
    pub game: G,
    pub replay: Replay<G::Options, G::Action>,
    pub next: usize,
    /// The steps taken so far.
    pub steps: Vec<Step>,
}

impl<G: Driven> Stepper<G> {
    /// Check the record's game, format and content fingerprint, and set the game up.
    pub fn start(
        content: &'static G::Content,
        replay: Replay<G::Options, G::Action>,
    ) -> Result<Self, ReplayError> {
        let game = catch_unwind(AssertUnwindSafe(|| {
            replay.play::<G>(content, &G::fingerprint(content), Some(0))
        }))
        .unwrap_or_else(|p| {
            Err(ReplayError::Setup(format!(
                "the engine failed on it: {}",
                panic_message(&*p)
            )))
        })?;
        Ok(Stepper {
            game,
            replay,
            next: 0,
            steps: Vec::new(),
        })
    }

    pub fn done(&self) -> bool {
        self.next >= self.replay.actions.len()
    }

    pub fn peek(&self) -> Option<G::Action> {
        self.replay.actions.get(self.next).copied()
    }

    /// Apply the next action, checked (see [`checked_step`]).
    pub fn step(&mut self) -> Result<Vec<G::Event>, ReplayError> {
        let index = self.next;
        let a = self.replay.actions[index];
        match checked_step(&mut self.game, a) {
            Ok((events, step)) => {
                self.next += 1;
                self.steps.push(step);
                Ok(events)
            }
            Err(source) => Err(ReplayError::Action {
                index,
                action: clip(&format!("{a:?}"), ECHO),
                source,
            }),
        }
    }

    /// The last step taken.
    pub fn last_step(&self) -> Option<&Step> {
        self.steps.last()
    }
}

/// `Some(index)` of the bad action of a refused save.
pub fn replay_error_index(e: &ReplayError) -> Option<usize> {
    match e {
        ReplayError::Action { index, .. } => Some(*index),
        _ => None,
    }
}
