//! JSON mode: one JSON request per line in, one answer per line out.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::Result;
use serde_json::{json, Value};
use tabletop_core::{Actor, Seat};

use crate::driven::{Driven, Viewer};
use crate::record::{parse_replay, replay_error_index, replay_from_value, Match};

/// The commands of JSON mode, for `{"cmd":"help"}`.
pub const JSON_HELP: &str = r#"One JSON object per line in, one per line out; every answer has "ok".
  {"cmd":"new","options":{...},"seed":7}   start a game (options default to the game's; fields given replace them)
  {"cmd":"legal"}                           the actor and its legal actions, with their text
  {"cmd":"apply","action":ACTION}           apply an action (or {"cmd":"apply","index":N} for legal action N)
  {"cmd":"view","seat":N}                   what seat N may see (default: the actor)
  {"cmd":"status"}                          actor, actions so far, outcome
  {"cmd":"save"}                            the save (a replay); add "path" to also write it to a file
  {"cmd":"load","replay":{...}}             load a save (or "path":FILE); checked action by action
  {"cmd":"quit"}"#;

/// A JSON-mode session: at most one game at a time.
pub struct JsonSession<G: Driven> {
    content: &'static G::Content,
    default_options: G::Options,
    game: Option<Match<G>>,
}

fn err(msg: impl std::fmt::Display) -> Value {
    json!({"ok": false, "error": msg.to_string()})
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

impl<G: Driven> JsonSession<G> {
    pub fn new(content: &'static G::Content, default_options: G::Options) -> Self {
        JsonSession {
            content,
            default_options,
            game: None,
        }
    }

    /// Run until `quit` or the end of the input.
    pub fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            if line.trim().is_empty() {
                continue;
            }
            let (answer, quit) = match serde_json::from_str::<Value>(&line) {
                Ok(req) => {
                    let quit = req.get("cmd").and_then(Value::as_str) == Some("quit");
                    (self.handle(&req), quit)
                }
                Err(e) => (err(format!("not JSON: {e}")), false),
            };
            writeln!(out, "{answer}")?;
            out.flush()?;
            if quit {
                return Ok(());
            }
        }
    }

    fn status(m: &Match<G>) -> Value {
        let actor = match m.game.actor() {
            Actor::Seat(s) => json!(s),
            Actor::Over => Value::Null,
        };
        json!({
            "actor": actor,
            "over": m.game.actor() == Actor::Over,
            "outcome": m.game.outcome(),
            "actions_taken": m.record.actions.len(),
        })
    }

    fn with_status(m: &Match<G>, mut v: Value) -> Value {
        overlay(&mut v, Self::status(m));
        v
    }

    /// Answer one request.
    pub fn handle(&mut self, req: &Value) -> Value {
        let Some(cmd) = req.get("cmd").and_then(Value::as_str) else {
            return err("no \"cmd\": send {\"cmd\":\"help\"} for the commands");
        };
        match cmd {
            "help" => json!({"ok": true, "help": JSON_HELP}),
            "quit" => json!({"ok": true}),
            "new" => self.new_game(req),
            "load" => self.load(req),
            _ => {
                let Some(m) = self.game.as_mut() else {
                    return err(format!(
                        "no game yet: send {{\"cmd\":\"new\"}} or {{\"cmd\":\"load\",…}} before \"{cmd}\""
                    ));
                };
                Self::game_command(m, cmd, req)
            }
        }
    }

    fn new_game(&mut self, req: &Value) -> Value {
        let mut options = serde_json::to_value(&self.default_options).expect("options serialize");
        if let Some(o) = req.get("options") {
            overlay(&mut options, o.clone());
        }
        let options: G::Options = match serde_json::from_value(options) {
            Ok(o) => o,
            Err(e) => return err(format!("bad options: {e}")),
        };
        let seed = match req.get("seed") {
            None => 0,
            Some(s) => match s.as_u64() {
                Some(s) => s,
                None => return err("\"seed\" must be a non-negative integer"),
            },
        };
        match Match::<G>::new(self.content, options, seed) {
            Ok(m) => {
                let seat = match m.game.actor() {
                    Actor::Seat(s) => s,
                    Actor::Over => 0,
                };
                let v = json!({
                    "ok": true,
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
        } else if let Some(p) = req.get("path").and_then(Value::as_str) {
            match std::fs::read_to_string(p) {
                Ok(text) => parse_replay::<G>(&text),
                Err(e) => return err(format!("cannot read {p}: {e}")),
            }
        } else {
            return err("load needs \"replay\" (a save) or \"path\" (a save file)");
        };
        match replay.and_then(|r| Match::<G>::from_replay(self.content, r)) {
            Ok(m) => {
                let v = Self::with_status(&m, json!({"ok": true}));
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
                let seat = match req.get("seat") {
                    Some(s) => match s.as_u64() {
                        Some(s) if (s as usize) < m.game.num_seats() => s as Seat,
                        _ => {
                            return err(format!(
                                "\"seat\" must be 0..{} (seats are numbered from 0)",
                                m.game.num_seats() - 1
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
            "apply" => {
                let action = if let Some(a) = req.get("action") {
                    match serde_json::from_value::<G::Action>(a.clone()) {
                        Ok(a) => a,
                        Err(e) => return err(format!("{a} is not a {} action: {e}", G::NAME)),
                    }
                } else if let Some(i) = req.get("index").and_then(Value::as_u64) {
                    let legal = m.legal();
                    match legal.get(i as usize) {
                        Some(&a) => a,
                        None => {
                            return err(format!(
                                "there is no legal action {i}: there are {} (numbered from 0)",
                                legal.len()
                            ))
                        }
                    }
                } else {
                    return err("apply needs \"action\" (or \"index\" into the legal actions)");
                };
                let text = m.game.describe_action(action);
                match m.apply(action) {
                    Ok(events) => {
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
                        let v = json!({"ok": false, "error": e.reason, "game_unchanged": true});
                        Self::with_status(m, v)
                    }
                }
            }
            "save" => {
                let replay: Value = serde_json::from_str(&m.save_json()).expect("a save is JSON");
                if let Some(p) = req.get("path").and_then(Value::as_str) {
                    if let Err(e) = m.save_file(Path::new(p)) {
                        return err(format!("{e:#}"));
                    }
                }
                json!({"ok": true, "replay": replay})
            }
            other => err(format!(
                "unknown command \"{other}\": send {{\"cmd\":\"help\"}} for the commands"
            )),
        }
    }
}
