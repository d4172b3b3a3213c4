//! JSON mode: one JSON request per line in, one answer per line out.
//!
//! No input ends the session or loses the game: a line that is not JSON, not UTF-8 or too
//! long, a request of the wrong shape, an action that is not legal — each gets an `ok:false`
//! answer naming what was wrong and where, and the game is unchanged. A bug in the engine
//! (a panic) is caught here too and answered the same way.

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use anyhow::Result;
use serde_json::{json, Value};
use tabletop_core::{Actor, Seat};

use crate::driven::{Driven, Viewer};
use crate::input::{
    clip, from_value_at, read_line, read_text_file, Line, ECHO, MAX_JSON_LINE, MAX_SAVE_FILE,
};
use crate::panic_message;
use crate::record::{parse_replay, replay_error_index, replay_from_value, Match};

/// The version of the JSON protocol, in `help`, `new` and `load` answers. It changes when an
/// answer or a request changes shape; the changelog is in crates/cli/README.md.
pub const PROTOCOL: u32 = 2;

/// The commands of JSON mode, for `{"cmd":"help"}`.
pub const JSON_HELP: &str = r#"One JSON object per line in, one per line out; every answer has "ok" (false: "error" says why, and the game is unchanged). A request may carry an "id" (a string or a number), which its answer repeats.
  {"cmd":"new","options":{...},"seed":7}   start a game (options default to the game's; fields given replace them)
  {"cmd":"legal"}                           the actor and its legal actions, with their text
  {"cmd":"apply","action":ACTION}           apply an action (or {"cmd":"apply","index":N} for legal action N)
  {"cmd":"undo"}                            take back the last seat's own decisions since chance, hidden information or another seat ("seat":S, "count":N optional)
  {"cmd":"view","seat":N}                   what seat N may see (default: the actor)
  {"cmd":"suggest","bot":"hard","seed":S}   what a bot level (easy, normal, hard, random) would play for the actor now; nothing is applied
  {"cmd":"status"}                          actor, actions so far, outcome, what an undo would take back
  {"cmd":"content"}                         the content catalog: every id with its name, kind and text
  {"cmd":"save"}                            the save (a replay); add "path" to also write it to a file
  {"cmd":"load","replay":{...}}             load a save (or "path":FILE); checked action by action
  {"cmd":"help"}, {"cmd":"quit"}"#;

/// Makes a bot by name, seat and seed (a game's `make_bot`).
pub type MakeBot<G> = fn(&str, Seat, u64) -> Box<dyn tabletop_bots::Bot<G>>;

/// A JSON-mode session: at most one game at a time.
pub struct JsonSession<G: Driven> {
    content: &'static G::Content,
    default_options: G::Options,
    game: Option<Match<G>>,
    /// The bots `suggest` may ask, by name (`None`: the command is refused).
    bots: Option<MakeBot<G>>,
}

/// A refusal: `ok:false` and the reason (quoted input is clipped before it gets here; the cap
/// is a last guard so that no answer is ever much larger than its request warrants).
fn err(msg: impl std::fmt::Display) -> Value {
    json!({"ok": false, "error": clip(&msg.to_string(), 4 * ECHO)})
}

/// Lay `over`'s fields over `base` (objects only; anything else replaces).
fn overlay(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                b.insert(k, v);
            }
        }
        (b, o) => *b = o,
    }
}

/// A short description of a JSON value's type, for "expected …, got …" errors.
fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {}", clip(&n.to_string(), 40)),
        Value::String(s) => format!("the string {:?}", clip(s, 40)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// An optional non-negative integer field: `Ok(None)` when absent.
fn uint_field(req: &Value, name: &str, what: &str) -> Result<Option<u64>, Value> {
    match req.get(name) {
        None => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) => Ok(Some(n)),
            None => Err(err(format!("\"{name}\" must be {what}, got {}", kind(v)))),
        },
    }
}

impl<G: Driven> JsonSession<G> {
    pub fn new(content: &'static G::Content, default_options: G::Options) -> Self {
        JsonSession {
            content,
            default_options,
            game: None,
            bots: None,
        }
    }

    /// Let `suggest` ask the bots `make` makes (the names of [`crate::BOTS`]).
    pub fn with_bots(
        mut self,
        make: fn(&str, Seat, u64) -> Box<dyn tabletop_bots::Bot<G>>,
    ) -> Self {
        self.bots = Some(make);
        self
    }

    /// The game under way, if any.
    pub fn game(&self) -> Option<&Match<G>> {
        self.game.as_ref()
    }

    /// Run until `quit` or the end of the input.
    pub fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
        let mut number = 0usize;
        loop {
            number += 1;
            let line = read_line(input, MAX_JSON_LINE)?;
            let (answer, quit) = match line {
                Line::End => return Ok(()),
                Line::Text(t) if t.trim().is_empty() => continue,
                Line::Text(t) => self.handle_line(&t),
                Line::NotUtf8 { at } => (
                    err(format!(
                        "line {number} is not UTF-8 text (a bad byte at offset {at}): refused"
                    )),
                    false,
                ),
                Line::TooLong { len } => (
                    err(format!(
                        "line {number} has {len} bytes, more than the {MAX_JSON_LINE} a request may have: refused (send a long save with \"path\")"
                    )),
                    false,
                ),
            };
            writeln!(out, "{answer}")?;
            out.flush()?;
            if quit {
                return Ok(());
            }
        }
    }

    /// Answer one line of text; `true` when it asks to quit.
    pub fn handle_line(&mut self, line: &str) -> (Value, bool) {
        match serde_json::from_str::<Value>(line) {
            Ok(req) => {
                let quit = req.get("cmd").and_then(Value::as_str) == Some("quit");
                (self.handle(&req), quit)
            }
            Err(e) => (
                err(format!("not JSON: {}", clip(&e.to_string(), ECHO))),
                false,
            ),
        }
    }

    /// Answer one request. The answer repeats the request's `id`. An engine panic is caught and
    /// answered as an error; the game is kept (a refused or failed step never changes it).
    pub fn handle(&mut self, req: &Value) -> Value {
        let id = match req.get("id") {
            None => None,
            Some(v @ (Value::String(_) | Value::Number(_))) => {
                if v.as_str().is_some_and(|s| s.len() > ECHO) {
                    return err(format!("\"id\" is longer than {ECHO} bytes"));
                }
                Some(v.clone())
            }
            Some(v) => {
                return err(format!(
                    "\"id\" must be a string or a number, got {}",
                    kind(v)
                ))
            }
        };
        let mut answer = match catch_unwind(AssertUnwindSafe(|| self.answer(req))) {
            Ok(a) => a,
            Err(p) => {
                let mut a = err(format!(
                    "internal error (please report it): {}; the game is kept as it was before this request",
                    panic_message(&*p)
                ));
                a["game_unchanged"] = json!(true);
                a
            }
        };
        if let Some(id) = id {
            answer["id"] = id;
        }
        answer
    }

    fn answer(&mut self, req: &Value) -> Value {
        let cmd = match req.get("cmd") {
            Some(Value::String(c)) => c.as_str(),
            Some(v) => {
                return err(format!(
                    "\"cmd\" must be a string such as \"help\", got {}",
                    kind(v)
                ))
            }
            None => return err("no \"cmd\": send {\"cmd\":\"help\"} for the commands"),
        };
        match cmd {
            "help" => json!({"ok": true, "protocol": PROTOCOL, "game": G::NAME, "help": JSON_HELP}),
            "quit" => json!({"ok": true}),
            "content" => json!({"ok": true, "game": G::NAME, "catalog": G::catalog(self.content)}),
            "new" => self.new_game(req),
            "load" => self.load(req),
            "suggest" => {
                let Some(m) = self.game.as_ref() else {
                    return err("no game yet: send {\"cmd\":\"new\"} or {\"cmd\":\"load\",…} before \"suggest\"");
                };
                self.suggest(m, req)
            }
            _ => {
                let Some(m) = self.game.as_mut() else {
                    return err(format!(
                        "no game yet: send {{\"cmd\":\"new\"}} or {{\"cmd\":\"load\",…}} before \"{}\"",
                        clip(cmd, 40)
                    ));
                };
                Self::game_command(m, cmd, req)
            }
        }
    }

    /// `{"cmd":"suggest","bot":LEVEL,"seed":S}`: the action a bot of that level would take for
    /// the actor (it sees what the actor may see only), with its text; the game is unchanged.
    fn suggest(&self, m: &Match<G>, req: &Value) -> Value {
        let Some(make) = self.bots else {
            return err("this session has no bots to ask");
        };
        let name = match req.get("bot") {
            None => "normal".to_string(),
            Some(Value::String(b)) => match crate::bot_name(b, crate::BOTS) {
                Some(n) => n,
                None => {
                    return err(format!(
                        "there is no bot {:?} (bots: {})",
                        clip(b, 40),
                        crate::BOTS.join(", ")
                    ))
                }
            },
            Some(v) => return err(format!("\"bot\" must be a string, got {}", kind(v))),
        };
        let seed = match uint_field(req, "seed", "the bot's seed") {
            Ok(s) => s.unwrap_or(0),
            Err(e) => return e,
        };
        let Actor::Seat(seat) = m.game.actor() else {
            return err("the game is over: no decision to suggest");
        };
        let legal = m.legal();
        let a = make(&name, seat, seed).choose(&m.game, seat, &legal);
        json!({"ok": true, "bot": name, "seat": seat, "action": a, "text": m.game.describe_action(a)})
    }

    fn status(m: &Match<G>) -> Value {
        let actor = match m.game.actor() {
            Actor::Seat(s) => json!(s),
            Actor::Over => Value::Null,
        };
        let undo = m
            .steps()
            .last()
            .and_then(|last| m.undoable(last.seat).ok())
            .map(|steps| {
                json!({
                    "seat": steps[0].seat,
                    "actions": steps.iter().map(|s| s.text.as_str()).collect::<Vec<_>>(),
                })
            });
        json!({
            "actor": actor,
            "over": m.game.actor() == Actor::Over,
            "outcome": m.game.outcome(),
            "actions_taken": m.record.actions.len(),
            "undo": undo,
        })
    }

    fn with_status(m: &Match<G>, mut v: Value) -> Value {
        overlay(&mut v, Self::status(m));
        v
    }

    fn new_game(&mut self, req: &Value) -> Value {
        let mut options = match serde_json::to_value(&self.default_options) {
            Ok(o) => o,
            Err(e) => return err(format!("the default options do not serialize: {e}")),
        };
        match req.get("options") {
            None => {}
            Some(o @ Value::Object(_)) => overlay(&mut options, o.clone()),
            Some(v) => {
                return err(format!(
                    "\"options\" must be an object of option fields, got {}",
                    kind(v)
                ))
            }
        }
        let options: G::Options = match from_value_at(options, "options") {
            Ok(o) => o,
            Err(e) => return err(format!("bad options: {e}")),
        };
        let seed = match uint_field(req, "seed", "a non-negative integer") {
            Ok(s) => s.unwrap_or(0),
            Err(e) => return e,
        };
        match Match::<G>::new(self.content, options, seed) {
            Ok(m) => {
                let seat = match m.game.actor() {
                    Actor::Seat(s) => s,
                    Actor::Over => 0,
                };
                let v = json!({
                    "ok": true,
                    "protocol": PROTOCOL,
                    "game": G::NAME,
                    "seats": m.game.num_seats(),
                    "seed": seed,
                    "options": m.record.options,
                    "view": m.game.view(seat),
                });
                let v = Self::with_status(&m, v);
                self.game = Some(m);
                v
            }
            Err(e) => err(format!("the options were refused: {e}")),
        }
    }

    fn load(&mut self, req: &Value) -> Value {
        let replay = if let Some(r) = req.get("replay") {
            replay_from_value::<G>(r.clone())
        } else if let Some(p) = req.get("path") {
            let Some(p) = p.as_str() else {
                return err(format!("\"path\" must be a string, got {}", kind(p)));
            };
            match read_text_file(Path::new(p), MAX_SAVE_FILE, "save") {
                Ok(text) => parse_replay::<G>(&text),
                Err(e) => return err(format!("{e:#}; the current game is kept")),
            }
        } else {
            return err("load needs \"replay\" (a save) or \"path\" (a save file)");
        };
        match replay.and_then(|r| Match::<G>::from_replay(self.content, r)) {
            Ok(m) => {
                let v = Self::with_status(
                    &m,
                    json!({"ok": true, "protocol": PROTOCOL, "game": G::NAME, "seats": m.game.num_seats()}),
                );
                self.game = Some(m);
                v
            }
            Err(e) => {
                let mut v = err(format!(
                    "the save is refused, the current game is kept: {e}"
                ));
                if let Some(i) = replay_error_index(&e) {
                    v["index"] = json!(i);
                }
                v
            }
        }
    }

    fn game_command(m: &mut Match<G>, cmd: &str, req: &Value) -> Value {
        match cmd {
            "status" => Self::with_status(m, json!({"ok": true})),
            "legal" => {
                let actions: Vec<Value> = m
                    .legal()
                    .into_iter()
                    .map(|a| json!({"action": a, "text": m.game.describe_action(a)}))
                    .collect();
                Self::with_status(m, json!({"ok": true, "actions": actions}))
            }
            "view" => {
                let n = m.game.num_seats();
                let seat = match req.get("seat") {
                    Some(s) => match s.as_u64() {
                        Some(s) if (s as usize) < n => s as Seat,
                        _ => {
                            return err(format!(
                                "\"seat\" must be an integer from 0 to {} (seats are numbered from 0), got {}",
                                n - 1,
                                kind(s)
                            ))
                        }
                    },
                    None => match m.game.actor() {
                        Actor::Seat(s) => s,
                        Actor::Over => 0,
                    },
                };
                Self::with_status(
                    m,
                    json!({"ok": true, "seat": seat, "view": m.game.view(seat)}),
                )
            }
            "apply" => Self::apply(m, req),
            "undo" => Self::undo(m, req),
            "save" => {
                let replay: Value = match serde_json::to_value(&m.record) {
                    Ok(r) => r,
                    Err(e) => return err(format!("the save does not serialize: {e}")),
                };
                if let Some(p) = req.get("path") {
                    let Some(p) = p.as_str() else {
                        return err(format!("\"path\" must be a string, got {}", kind(p)));
                    };
                    if let Err(e) = m.save_file(Path::new(p)) {
                        return err(format!("{e:#}"));
                    }
                }
                json!({"ok": true, "replay": replay})
            }
            other => err(format!(
                "unknown command \"{}\": send {{\"cmd\":\"help\"}} for the commands",
                clip(other, 40)
            )),
        }
    }

    fn apply(m: &mut Match<G>, req: &Value) -> Value {
        let action = match (req.get("action"), req.get("index")) {
            (Some(_), Some(_)) => {
                return err("apply takes \"action\" or \"index\", not both");
            }
            (Some(a), None) => match from_value_at::<G::Action>(a.clone(), "action") {
                Ok(a) => a,
                Err(e) => {
                    return err(format!(
                        "{} is not a {} action: {e}",
                        clip(&a.to_string(), ECHO),
                        G::NAME
                    ))
                }
            },
            (None, Some(i)) => {
                let Some(i) = i.as_u64() else {
                    return err(format!(
                        "\"index\" must be a non-negative integer (a place in the legal actions, from 0), got {}",
                        kind(i)
                    ));
                };
                let legal = m.legal();
                match usize::try_from(i).ok().and_then(|i| legal.get(i)) {
                    Some(&a) => a,
                    None => {
                        return err(format!(
                            "there is no legal action {i}: there are {} (numbered from 0)",
                            legal.len()
                        ))
                    }
                }
            }
            (None, None) => {
                return err("apply needs \"action\" (or \"index\" into the legal actions)");
            }
        };
        match m.apply(action) {
            Ok(events) => {
                let text = m.steps().last().map(|s| s.text.clone()).unwrap_or_default();
                let lines: Vec<String> = events
                    .iter()
                    .filter_map(|e| m.game.event_line(e, Viewer::All))
                    .collect();
                Self::with_status(
                    m,
                    json!({"ok": true, "action": action, "text": text, "events": events, "lines": lines}),
                )
            }
            Err(e) => {
                let v = json!({"ok": false, "error": clip(&e.reason, 4 * ECHO), "game_unchanged": true});
                Self::with_status(m, v)
            }
        }
    }

    /// `{"cmd":"undo"}`: take back the decisions of `seat` (default: the seat that took the last
    /// action), all of them or the last `count`.
    fn undo(m: &mut Match<G>, req: &Value) -> Value {
        let n = m.game.num_seats();
        let seat = match req.get("seat") {
            Some(s) => match s.as_u64() {
                Some(s) if (s as usize) < n => s as Seat,
                _ => {
                    return err(format!(
                    "\"seat\" must be an integer from 0 to {} (seats are numbered from 0), got {}",
                    n - 1,
                    kind(s)
                ))
                }
            },
            None => match m.steps().last() {
                Some(s) => s.seat,
                None => return err("nothing to take back: nothing has been done yet"),
            },
        };
        let count = match uint_field(req, "count", "a positive integer") {
            Ok(c) => c.map(|c| usize::try_from(c).unwrap_or(usize::MAX)),
            Err(e) => return e,
        };
        match m.undo(seat, count) {
            Ok(steps) => {
                let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
                let line = format!(
                    "{} took back {} action{}",
                    G::seat_name(seat),
                    steps.len(),
                    if steps.len() == 1 { "" } else { "s" }
                );
                Self::with_status(
                    m,
                    json!({"ok": true, "seat": seat, "taken_back": texts, "lines": [line]}),
                )
            }
            Err(reason) => {
                let v = json!({
                    "ok": false,
                    "error": format!("nothing taken back: {reason}"),
                    "game_unchanged": true,
                });
                Self::with_status(m, v)
            }
        }
    }
}
