//! A table in memory: its game, version, log and connections, behind one mutex so that one
//! thing happens at a time (rule 1 of docs/PROTOCOL.md).
//!
//! Every change follows the same order: check (seat, version, legality), store the new row
//! of the record and wait for the commit, and only then tell every connection — each its own
//! `state`, built for the seats it holds.

use axum::extract::ws::Utf8Bytes;
use serde_json::{json, Value};
use std::fmt::Write as _;
use tabletop_core::Seat;
use tokio::sync::mpsc;

use crate::live::{LiveGame, Refusal};
use crate::log::{Line, Log};
use crate::store::{Entry, EntryKind, SeatRow, Status, StoredTable};

/// The protocol version of docs/PROTOCOL.md.
pub const PROTOCOL: u32 = 1;

/// Frames waiting for a slow client before it is dropped (it reconnects and syncs).
pub const OUTBOX: usize = 256;

/// A connection to a table: the seats its token holds (none for a spectator) and where its
/// frames go.
pub struct Conn {
    pub id: u64,
    pub seats: Vec<Seat>,
    pub tx: mpsc::Sender<Utf8Bytes>,
}

impl Conn {
    /// Whose log this connection reads: its seat's if it holds one, the public log for a
    /// spectator or a hot-seat screen shared by several seats.
    fn log_viewer(&self, seats: usize) -> usize {
        match self.seats.as_slice() {
            [s] => *s as usize,
            _ => seats,
        }
    }

    /// The seat whose view this connection is shown: the actor if it holds it, else its
    /// first seat; `None` for a spectator.
    fn shown_seat(&self, actor: Option<Seat>) -> Option<Seat> {
        match actor {
            Some(a) if self.seats.contains(&a) => Some(a),
            _ => self.seats.first().copied(),
        }
    }
}

/// What a table is, fixed when it is made.
pub struct TableInfo {
    pub id: String,
    pub game: &'static str,
    pub summary: String,
    pub options: Value,
    pub created: i64,
    pub seats: Vec<SeatRow>,
}

/// The mutable part of a table.
pub struct TableState {
    pub live: Box<dyn LiveGame>,
    /// The seq of the last row of the record.
    pub version: u64,
    pub log: Log,
    pub conns: Vec<Conn>,
    /// Which person's seats have been taken (their token used).
    pub taken: Vec<bool>,
    /// A bot of this table is thinking.
    pub bot_busy: bool,
}

impl TableState {
    pub fn status(&self, info: &TableInfo) -> Status {
        if self.live.actor().is_none() {
            Status::Over
        } else if info
            .seats
            .iter()
            .any(|s| s.bot.is_none() && !self.taken[s.seat as usize])
        {
            Status::Waiting
        } else {
            Status::Playing
        }
    }

    fn connected(&self, seat: Seat) -> bool {
        self.conns.iter().any(|c| c.seats.contains(&seat))
    }

    /// The lobby entry of the table (`GET /api/tables`).
    pub fn lobby_entry(&self, info: &TableInfo) -> Value {
        let seats: Vec<Value> = info
            .seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat,
                    "kind": if s.bot.is_some() { "bot" } else { "human" },
                    "bot": s.bot,
                    "taken": s.bot.is_some() || self.taken[s.seat as usize],
                    "connected": self.connected(s.seat),
                })
            })
            .collect();
        json!({
            "table": info.id,
            "game": info.game,
            "summary": info.summary,
            "status": self.status(info).as_str(),
            "seats": seats,
            "created": info.created,
            "version": self.version,
        })
    }

    fn players_json(&self, info: &TableInfo) -> String {
        let v: Vec<Value> = info
            .seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat,
                    "name": self.live.seat_name(s.seat),
                    "kind": if s.bot.is_some() { "bot" } else { "human" },
                    "connected": s.bot.is_some() || self.connected(s.seat),
                })
            })
            .collect();
        Value::Array(v).to_string()
    }

    /// The `hello` frame of a new connection.
    pub fn hello(&self, info: &TableInfo, seats: &[Seat]) -> String {
        let mut table = self.lobby_entry(info);
        let mut options = info.options.clone();
        // A scenario holds scripted dice, deck tops and hands: while the game is on it only
        // says that there is one.
        if let Some(sc) = options.get_mut("scenario") {
            if !sc.is_null() {
                *sc = Value::Bool(true);
            }
        }
        table["options"] = options;
        json!({
            "type": "hello",
            "protocol": PROTOCOL,
            "table": table,
            "seats": seats,
            "role": if seats.is_empty() { "spectator" } else { "player" },
        })
        .to_string()
    }

    /// Send every connection its `state`. `new_lines` were just pushed to the log (empty for
    /// a full state, see `full`). A connection whose outbox is full is dropped: its client
    /// reconnects and gets the whole state again.
    pub fn broadcast(&mut self, info: &TableInfo, new_lines: &[Line], full: bool) {
        let mut frames = Frames::new(self, info);
        let mut dead = Vec::new();
        for c in &self.conns {
            let frame = frames.state(self, c, new_lines, full);
            if c.tx.try_send(frame.into()).is_err() {
                dead.push(c.id);
            }
        }
        if !dead.is_empty() {
            self.conns.retain(|c| !dead.contains(&c.id));
        }
    }

    /// Send one connection its whole state.
    pub fn send_full(&mut self, info: &TableInfo, conn_id: u64) {
        let mut frames = Frames::new(self, info);
        if let Some(c) = self.conns.iter().find(|c| c.id == conn_id) {
            let frame = frames.state(self, c, &[], true);
            if c.tx.try_send(frame.into()).is_err() {
                self.conns.retain(|c| c.id != conn_id);
            }
        }
    }

    /// Send one connection a frame of its own (`refused`).
    pub fn send_to(&mut self, conn_id: u64, frame: String) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn_id) {
            if c.tx.try_send(frame.into()).is_err() {
                self.conns.retain(|c| c.id != conn_id);
            }
        }
    }

    pub fn refused(&self, id: &Option<Value>, reason: &str) -> String {
        let mut v = json!({"type": "refused", "reason": reason, "version": self.version});
        if let Some(id) = id {
            v["id"] = id.clone();
        }
        v.to_string()
    }
}

/// The parts of `state` frames computed once per change and shared by the connections that
/// need them.
struct Frames {
    seats: usize,
    actor: Option<Seat>,
    outcome: String,
    players: String,
    views: Vec<Option<String>>,
    legal: Option<String>,
    undo: Vec<Option<String>>,
}

impl Frames {
    fn new(st: &TableState, info: &TableInfo) -> Frames {
        let seats = st.live.num_seats();
        Frames {
            seats,
            actor: st.live.actor(),
            outcome: serde_json::to_string(&st.live.outcome()).unwrap_or_else(|_| "null".into()),
            players: st.players_json(info),
            views: vec![None; seats + 1],
            legal: None,
            undo: vec![None; seats],
        }
    }

    fn view(&mut self, st: &TableState, seat: Option<Seat>) -> &str {
        let i = seat.map_or(self.seats, |s| s as usize);
        self.views[i].get_or_insert_with(|| st.live.view_json(seat))
    }

    fn undo(&mut self, st: &TableState, seat: Seat) -> &str {
        self.undo[seat as usize].get_or_insert_with(|| match st.live.undoable(seat) {
            Ok(texts) if !texts.is_empty() => json!({"actions": texts}).to_string(),
            _ => "null".into(),
        })
    }

    fn state(&mut self, st: &TableState, c: &Conn, new_lines: &[Line], full: bool) -> String {
        let shown = c.shown_seat(self.actor);
        let viewer = c.log_viewer(self.seats);
        let (from, lines): (usize, Vec<&str>) = if full {
            (0, st.log.all(viewer))
        } else {
            let lines = Log::texts(new_lines, viewer);
            (st.log.len(viewer) - lines.len(), lines)
        };
        let acting = self.actor.filter(|a| c.seats.contains(a));
        let mut f = String::with_capacity(4096);
        let _ = write!(
            f,
            r#"{{"type":"state","version":{},"seat":{},"actor":{},"view":"#,
            st.version,
            json_opt(shown),
            json_opt(self.actor),
        );
        f.push_str(self.view(st, shown));
        f.push_str(r#","legal":"#);
        match acting {
            Some(_) => {
                let legal = self.legal.get_or_insert_with(|| st.live.legal_json());
                f.push_str(legal);
            }
            None => f.push_str("[]"),
        }
        let _ = write!(
            f,
            r#","log":{{"from":{from},"lines":{}}},"outcome":{},"undo":"#,
            serde_json::to_string(&lines).unwrap_or_else(|_| "[]".into()),
            self.outcome
        );
        match acting.or(shown) {
            Some(s) if !c.seats.is_empty() && self.actor.is_some() => f.push_str(self.undo(st, s)),
            _ => f.push_str("null"),
        }
        let _ = write!(f, r#","players":{}}}"#, self.players);
        f
    }
}

fn json_opt(s: Option<Seat>) -> String {
    s.map_or_else(|| "null".into(), |s| s.to_string())
}

/// A table rebuilt from its stored record: the game after every row, the log as it was told,
/// and the version.
pub fn restore(
    t: &StoredTable,
    mut live: Box<dyn LiveGame>,
) -> anyhow::Result<(Box<dyn LiveGame>, Log, u64)> {
    let mut log = Log::new(live.num_seats() + 1);
    let mut version = 0;
    for e in &t.entries {
        if e.seq != version + 1 {
            anyhow::bail!("table {}: row {} follows row {version}", t.id, e.seq);
        }
        match &e.kind {
            EntryKind::Act(a) => {
                let v: Value = serde_json::from_str(a)
                    .map_err(|err| anyhow::anyhow!("table {}: row {}: {err}", t.id, e.seq))?;
                match live.act(&v) {
                    Ok(applied) => log.push(applied.lines),
                    Err(r) => anyhow::bail!(
                        "table {}: row {} ({a}) is refused: {}",
                        t.id,
                        e.seq,
                        r.reason()
                    ),
                }
            }
            EntryKind::Undo(n) => {
                live.undo(e.seat, Some(*n as usize)).map_err(|r| {
                    anyhow::anyhow!("table {}: row {} (undo {n}) is refused: {r}", t.id, e.seq)
                })?;
                log.push(vec![live.undo_line(e.seat, *n as usize)]);
            }
        }
        version = e.seq;
    }
    Ok((live, log, version))
}

/// What a change to a table did, for the caller.
pub enum Outcome {
    Done,
    Refused(String),
    /// The version was not current: refused, and the current state sent.
    Stale,
    /// The engine failed or the store refused: the table must be rebuilt from the database.
    Broken(String),
}

/// Apply an action for `seat` (already checked to be the actor's), store it, tell everyone.
pub async fn take_action(
    app: &crate::app::App,
    info: &TableInfo,
    st: &mut TableState,
    action: &Value,
) -> Outcome {
    let applied = match st.live.act(action) {
        Ok(a) => a,
        Err(Refusal::Broken(r)) => return Outcome::Broken(r),
        Err(r) => return Outcome::Refused(r.reason().to_string()),
    };
    let entry = Entry {
        seq: st.version + 1,
        seat: applied.seat,
        kind: EntryKind::Act(applied.action),
        at: 0,
    };
    let status = st.status(info);
    if let Err(e) = app.store.append(&info.id, entry, status).await {
        return Outcome::Broken(format!("the action could not be stored: {e:#}"));
    }
    st.version += 1;
    st.log.push(applied.lines.clone());
    st.broadcast(info, &applied.lines, false);
    Outcome::Done
}

/// Take back `seat`'s decisions, store the undo, tell everyone.
pub async fn take_back(
    app: &crate::app::App,
    info: &TableInfo,
    st: &mut TableState,
    seat: Seat,
) -> Outcome {
    let n = match st.live.undo(seat, None) {
        Ok(n) => n,
        Err(r) => return Outcome::Refused(r),
    };
    let entry = Entry {
        seq: st.version + 1,
        seat,
        kind: EntryKind::Undo(n as u32),
        at: 0,
    };
    let status = st.status(info);
    if let Err(e) = app.store.append(&info.id, entry, status).await {
        return Outcome::Broken(format!("the undo could not be stored: {e:#}"));
    }
    st.version += 1;
    let lines = vec![st.live.undo_line(seat, n)];
    st.log.push(lines.clone());
    st.broadcast(info, &lines, false);
    Outcome::Done
}
