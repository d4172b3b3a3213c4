//! One table's game, whatever the game: a driver [`Match`] behind the type-erased
//! [`LiveGame`], which speaks JSON and readable text, so that the rest of the server is
//! written once for every game.
//!
//! Every engine call that may panic is caught here: a panic while checking or applying an
//! action is reported as [`Refusal::Broken`] (the table is then rebuilt from the database);
//! a panic while rendering a view or a text gives an error text instead of the view.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Value};
use tabletop_bots::Bot;
use tabletop_core::{Actor, Outcome, Replay, Seat};
use tabletop_driver::{replay_from_value, Match, Viewer};

use crate::games::ServerGame;
use crate::log::Line;

/// The seat number of a spectator: no seat's hidden cards are shown to it, so the engine's
/// view of it is the public view.
pub const SPECTATOR: Seat = Seat::MAX;

/// An action that was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not an action of this game at all.
    Malformed(String),
    /// Not legal now: the engine's reason.
    Illegal(String),
    /// The engine failed (a panic); the in-memory game can no longer be trusted.
    Broken(String),
}

impl Refusal {
    pub fn reason(&self) -> &str {
        match self {
            Refusal::Malformed(r) | Refusal::Illegal(r) | Refusal::Broken(r) => r,
        }
    }
}

/// An action taken: who took it, the action as stored (its JSON), and the log lines of what
/// happened.
pub struct Applied {
    pub seat: Seat,
    pub action: String,
    pub lines: Vec<Line>,
}

/// A bot's decision to be computed off the async runtime. `run` returns the chosen action
/// (JSON) and the bot itself, to be put back with [`LiveGame::put_bot`].
pub struct BotTurn {
    pub seat: Seat,
    pub run: Box<dyn FnOnce() -> (String, Box<dyn Any + Send>) + Send>,
}

/// A table's game behind one interface for every game.
pub trait LiveGame: Send {
    fn game_name(&self) -> &'static str;
    fn num_seats(&self) -> usize;
    /// The seat to act; `None` once the game is over.
    fn actor(&self) -> Option<Seat>;
    fn outcome(&self) -> Option<Outcome>;
    fn seat_name(&self, seat: Seat) -> String;
    /// Check and apply an action given in its JSON form.
    fn act(&mut self, action: &Value) -> Result<Applied, Refusal>;
    /// The view of `seat` (`None`: the public view) as JSON text.
    fn view_json(&self, seat: Option<Seat>) -> String;
    /// The actor's legal actions as a JSON array of `{"action","text"}`.
    fn legal_json(&self) -> String;
    /// The effective actions so far (undone ones excluded).
    fn actions_taken(&self) -> usize;
    fn options_json(&self) -> Value;
    fn summary(&self) -> String;
    fn seed(&self) -> u64;
    fn fingerprint(&self) -> String;
    /// The save (options, seed, actions) as JSON.
    fn save(&self) -> Value;
    /// The bot of `seat` with a copy of the game, ready to think off the runtime.
    fn bot_turn(&mut self, seat: Seat, bot_name: &str, seed: u64) -> Option<BotTurn>;
    fn put_bot(&mut self, seat: Seat, bot: Box<dyn Any + Send>);
    /// The texts of the actions an undo by `seat` would take back, oldest first.
    fn undoable(&self, seat: Seat) -> Result<Vec<String>, String>;
    /// Take back `seat`'s undoable decisions; the number taken back.
    fn undo(&mut self, seat: Seat, count: Option<usize>) -> Result<usize, String>;
    /// The line everyone reads when `seat` took back `n` actions.
    fn undo_line(&self, seat: Seat, n: usize) -> Line {
        Line::Same(
            format!(
                "{} took back {n} action{}",
                self.seat_name(seat),
                if n == 1 { "" } else { "s" }
            )
            .into(),
        )
    }
}

/// A game of type `G` at a table.
pub struct Live<G: ServerGame> {
    m: Match<G>,
    /// Each bot seat's bot, made on first use and kept between its decisions (bots remember
    /// what they are doing within a turn).
    bots: Vec<Option<Box<dyn Bot<G>>>>,
}

fn panic_text(p: &(dyn Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}

/// The log lines of some events, for every viewer: the seats in order, then the public.
pub fn event_lines<G: ServerGame>(g: &G, events: &[G::Event]) -> Vec<Line> {
    let n = g.num_seats();
    let viewers: Vec<Viewer> = (0..n as Seat)
        .map(Viewer::Seat)
        .chain([Viewer::Public])
        .collect();
    events
        .iter()
        .filter_map(|e| {
            let texts: Vec<Option<String>> = viewers.iter().map(|&v| g.event_line(e, v)).collect();
            Line::from_texts(texts)
        })
        .collect()
}

impl<G: ServerGame> Live<G> {
    pub fn new(options: G::Options, seed: u64) -> anyhow::Result<Self> {
        let m = catch_unwind(AssertUnwindSafe(|| {
            Match::<G>::new(G::content(), options, seed)
        }))
        .map_err(|p| anyhow::anyhow!("the engine failed to set up: {}", panic_text(&*p)))?
        .map_err(|e| anyhow::anyhow!("the options were refused: {e}"))?;
        let bots = (0..m.game.num_seats()).map(|_| None).collect();
        Ok(Live { m, bots })
    }

    /// The record of a save, checked: the right game and content, every action legal.
    pub fn from_save(save: Value) -> anyhow::Result<(Self, Vec<(Seat, String)>)> {
        let record: Replay<G::Options, G::Action> = replay_from_value::<G>(save)
            .map_err(|e| anyhow::anyhow!("the save is refused: {e}"))?;
        let mut live = Self::new(record.options.clone(), record.seed)?;
        if record.content != G::fingerprint(G::content()) {
            anyhow::bail!(
                "the save was made with other content ({}) than this server's ({})",
                record.content,
                G::fingerprint(G::content())
            );
        }
        let mut taken = Vec::new();
        for (i, a) in record.actions.iter().enumerate() {
            let v = serde_json::to_value(a)?;
            match live.act(&v) {
                Ok(applied) => taken.push((applied.seat, applied.action)),
                Err(r) => anyhow::bail!("the save is refused: action #{i}: {}", r.reason()),
            }
        }
        Ok((live, taken))
    }
}

impl<G: ServerGame> LiveGame for Live<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn num_seats(&self) -> usize {
        self.m.game.num_seats()
    }

    fn actor(&self) -> Option<Seat> {
        match self.m.game.actor() {
            Actor::Seat(s) => Some(s),
            Actor::Over => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.game.outcome()
    }

    fn seat_name(&self, seat: Seat) -> String {
        G::seat_name(seat)
    }

    fn act(&mut self, action: &Value) -> Result<Applied, Refusal> {
        let a: G::Action = serde_json::from_value(action.clone()).map_err(|e| {
            Refusal::Malformed(format!("{action} is not a {} action: {e}", G::NAME))
        })?;
        let Some(seat) = self.actor() else {
            return Err(Refusal::Illegal("the game is over".into()));
        };
        let m = &mut self.m;
        let r = catch_unwind(AssertUnwindSafe(|| {
            m.apply(a).map(|events| event_lines(&m.game, &events))
        }));
        match r {
            Ok(Ok(lines)) => Ok(Applied {
                seat,
                action: serde_json::to_string(&a).expect("an action serializes"),
                lines,
            }),
            Ok(Err(illegal)) => Err(Refusal::Illegal(illegal.reason)),
            Err(p) => Err(Refusal::Broken(format!(
                "the engine failed on this action: {}",
                panic_text(&*p)
            ))),
        }
    }

    fn view_json(&self, seat: Option<Seat>) -> String {
        let g = &self.m.game;
        catch_unwind(AssertUnwindSafe(|| {
            serde_json::to_string(&g.view(seat.unwrap_or(SPECTATOR))).expect("a view serializes")
        }))
        .unwrap_or_else(|p| {
            json!({"error": format!("the engine failed to show this view: {}", panic_text(&*p))})
                .to_string()
        })
    }

    fn legal_json(&self) -> String {
        let g = &self.m.game;
        catch_unwind(AssertUnwindSafe(|| {
            let Actor::Seat(seat) = g.actor() else {
                return "[]".to_string();
            };
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            let v: Vec<Value> = legal
                .iter()
                .map(|&a| json!({"action": a, "text": g.public_description(a, Viewer::Seat(seat))}))
                .collect();
            Value::Array(v).to_string()
        }))
        .unwrap_or_else(|_| "[]".to_string())
    }

    fn actions_taken(&self) -> usize {
        self.m.record.actions.len()
    }

    fn options_json(&self) -> Value {
        serde_json::to_value(&self.m.record.options).unwrap_or(Value::Null)
    }

    fn summary(&self) -> String {
        G::summary(&self.m.record.options)
    }

    fn seed(&self) -> u64 {
        self.m.record.seed
    }

    fn fingerprint(&self) -> String {
        self.m.record.content.clone()
    }

    fn save(&self) -> Value {
        serde_json::to_value(&self.m.record).unwrap_or(Value::Null)
    }

    fn bot_turn(&mut self, seat: Seat, bot_name: &str, seed: u64) -> Option<BotTurn> {
        let slot = self.bots.get_mut(seat as usize)?;
        let mut bot = match slot.take() {
            Some(b) => b,
            None => catch_unwind(AssertUnwindSafe(|| G::make_bot(bot_name, seat, seed))).ok()?,
        };
        let game = self.m.game.clone();
        Some(BotTurn {
            seat,
            run: Box::new(move || {
                let mut legal = Vec::new();
                game.legal_actions(&mut legal);
                let a = bot.choose(&game, seat, &legal);
                let action = serde_json::to_string(&a).expect("an action serializes");
                (action, Box::new(bot) as Box<dyn Any + Send>)
            }),
        })
    }

    fn put_bot(&mut self, seat: Seat, bot: Box<dyn Any + Send>) {
        if let (Some(slot), Ok(bot)) = (
            self.bots.get_mut(seat as usize),
            bot.downcast::<Box<dyn Bot<G>>>(),
        ) {
            *slot = Some(*bot);
        }
    }

    fn undoable(&self, seat: Seat) -> Result<Vec<String>, String> {
        self.m
            .undoable(seat)
            .map(|steps| steps.iter().map(|s| s.text.clone()).collect())
    }

    fn undo(&mut self, seat: Seat, count: Option<usize>) -> Result<usize, String> {
        let m = &mut self.m;
        catch_unwind(AssertUnwindSafe(|| m.undo(seat, count)))
            .unwrap_or_else(|p| Err(format!("the engine failed: {}", panic_text(&*p))))
            .map(|steps| steps.len())
    }
}

/// A finished game step by step, from its save: each action's seat, public text and public log
/// lines, and the public view after it (for replays in the browser).
pub fn replay_steps<G: ServerGame>(save: Value) -> Result<Value, String> {
    let record: Replay<G::Options, G::Action> =
        replay_from_value::<G>(save).map_err(|e| e.to_string())?;
    catch_unwind(AssertUnwindSafe(|| {
        let mut m = Match::<G>::new(G::content(), record.options.clone(), record.seed)
            .map_err(|e| e.to_string())?;
        let start = serde_json::to_value(m.game.view(SPECTATOR)).map_err(|e| e.to_string())?;
        let mut steps = Vec::with_capacity(record.actions.len());
        for (i, &a) in record.actions.iter().enumerate() {
            let seat = match m.game.actor() {
                Actor::Seat(s) => s,
                Actor::Over => return Err(format!("action #{i} comes after the end")),
            };
            let text = m.game.public_description(a, Viewer::Public);
            let events = m
                .apply(a)
                .map_err(|e| format!("action #{i}: {}", e.reason))?;
            let lines: Vec<String> = events
                .iter()
                .filter_map(|e| m.game.event_line(e, Viewer::Public))
                .collect();
            steps.push(json!({
                "seat": seat,
                "action": a,
                "text": text,
                "lines": lines,
                "view": m.game.view(SPECTATOR),
            }));
        }
        Ok(json!({"start": start, "steps": steps, "outcome": m.game.outcome()}))
    }))
    .unwrap_or_else(|p| Err(format!("the engine failed: {}", panic_text(&*p))))
}
