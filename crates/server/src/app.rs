//! The server's shared state: the store, the tables in memory, and what happens to a table —
//! creation, loading (replaying its record), connections, actions, undo and bots.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tabletop_core::Seat;
use tabletop_firefly::Firefly;
use tabletop_mandalorian::Mandalorian;
use tokio::sync::{mpsc, Mutex, Semaphore};

use crate::games::{ServerGame, BOTS, GAMES};
use crate::live::{Live, LiveGame};
use crate::log::{Line, Log};
use crate::store::{Entry, EntryKind, SeatRow, Status, Store, StoredTable};
use crate::table::{restore, take_action, take_back, Conn, Outcome, TableInfo, TableState, OUTBOX};

/// How long a bot may think about one decision before the server plays a random legal action
/// for it.
pub const BOT_TIME_LIMIT: Duration = Duration::from_secs(20);

/// A table in memory.
pub struct Table {
    pub info: TableInfo,
    pub state: Mutex<TableState>,
}

/// Shared by every request.
pub struct App {
    pub store: Arc<dyn Store>,
    tables: RwLock<HashMap<String, Arc<Table>>>,
    /// Bots thinking at once (the machine's cores): bots never crowd out people's actions.
    bots: Arc<Semaphore>,
    next_conn: AtomicU64,
}

/// The SHA-256 of a token, in hex: only this is stored.
pub fn token_hash(token: &str) -> String {
    let d = Sha256::digest(token.as_bytes());
    d.iter().fold(String::with_capacity(64), |mut s, b| {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn random_hex(bytes: usize) -> String {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).expect("the operating system gives random bytes");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system gives random bytes");
    u64::from_le_bytes(b)
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A new game of `game` from its options (engine JSON) and seed.
pub fn new_live(game: &str, options: &Value, seed: u64) -> Result<Box<dyn LiveGame>> {
    fn make<G: ServerGame>(options: &Value, seed: u64) -> Result<Box<dyn LiveGame>> {
        let o: G::Options = serde_json::from_value(options.clone())
            .map_err(|e| anyhow!("bad {} options: {e}", G::NAME))?;
        Ok(Box::new(Live::<G>::new(o, seed)?))
    }
    match game {
        "firefly" => make::<Firefly>(options, seed),
        "mandalorian" => make::<Mandalorian>(options, seed),
        other => bail!(
            "there is no game {other:?} here (games: {})",
            GAMES.join(", ")
        ),
    }
}

/// Who sits in a seat of a new table, as a request gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatRequest {
    /// The creator (every `you` seat shares the creator's token: hot-seat).
    You,
    /// A friend, invited with a token of their own.
    Invite,
    Bot(String),
}

/// Read the `seats` list of a request.
pub fn seat_requests(v: &Value) -> Result<Vec<SeatRequest>> {
    let Some(list) = v.as_array() else {
        bail!("\"seats\" must be a list of {{\"kind\":\"you\"|\"invite\"|\"bot\"}}");
    };
    if list.is_empty() {
        bail!("a table needs at least one seat");
    }
    list.iter()
        .enumerate()
        .map(|(i, s)| {
            let kind = s.get("kind").and_then(Value::as_str).unwrap_or("");
            Ok(match kind {
                "you" => SeatRequest::You,
                "invite" => SeatRequest::Invite,
                "bot" => {
                    // A bot seat without a level is `normal` (as before the levels).
                    let bot = s.get("bot").and_then(Value::as_str).unwrap_or("normal");
                    let Some(name) = tabletop_driver::bot_name(bot, BOTS) else {
                        bail!(
                            "seat {}: there is no bot {bot:?} (bots: {})",
                            i + 1,
                            BOTS.join(", ")
                        );
                    };
                    SeatRequest::Bot(name)
                }
                other => bail!(
                    "seat {}: kind {other:?} — each seat is \"you\", \"invite\" or \"bot\"",
                    i + 1
                ),
            })
        })
        .collect()
}

/// The tokens of a new table, for the answer to its creator.
pub struct Created {
    pub id: String,
    pub you: Option<String>,
    pub invites: Vec<(Seat, String)>,
}

impl Created {
    pub fn json(&self) -> Value {
        let invites: Vec<Value> = self
            .invites
            .iter()
            .map(|(seat, token)| {
                json!({"seat": seat, "token": token, "url": format!("/t/{}?token={token}", self.id)})
            })
            .collect();
        json!({
            "table": self.id,
            "you": self.you,
            "invites": invites,
            "spectate": format!("/t/{}", self.id),
        })
    }
}

/// A table about to be made: its game, what the record starts with, who sits where.
pub struct NewTable {
    pub live: Box<dyn LiveGame>,
    /// Actions already taken (an imported save), with their seats.
    pub taken: Vec<(Seat, String)>,
    pub seats: Vec<SeatRequest>,
    pub rematch_of: Option<String>,
}

impl App {
    pub fn new(store: Arc<dyn Store>) -> App {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        App {
            store,
            tables: RwLock::new(HashMap::new()),
            bots: Arc::new(Semaphore::new(cores)),
            next_conn: AtomicU64::new(1),
        }
    }

    /// Load every unfinished table from the store, replaying its record; a table that can no
    /// longer be replayed is reported and left in the database.
    pub async fn reload(self: &Arc<Self>) -> Result<usize> {
        let ids = self.store.unfinished().await?;
        let mut n = 0;
        for id in ids {
            match self.load(&id).await {
                Ok(Some(_)) => n += 1,
                Ok(None) => {}
                Err(e) => tracing::error!("table {id} cannot be reloaded: {e:#}"),
            }
        }
        Ok(n)
    }

    pub fn tables_in_memory(&self) -> usize {
        self.tables.read().expect("tables lock").len()
    }

    /// A table, from memory or else from the store.
    pub async fn table(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Table>>> {
        if let Some(t) = self.tables.read().expect("tables lock").get(id) {
            return Ok(Some(t.clone()));
        }
        self.load(id).await
    }

    pub fn cached(&self, id: &str) -> Option<Arc<Table>> {
        self.tables.read().expect("tables lock").get(id).cloned()
    }

    async fn load(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Table>>> {
        let Some(stored) = self.store.load(id).await? else {
            return Ok(None);
        };
        let (info, state) = build(stored)?;
        let table = Arc::new(Table {
            info,
            state: Mutex::new(state),
        });
        let table = {
            let mut map = self.tables.write().expect("tables lock");
            map.entry(id.to_string()).or_insert(table).clone()
        };
        let mut st = table.state.lock().await;
        self.schedule_bot(&table, &mut st);
        drop(st);
        Ok(Some(table))
    }

    /// Store a new table and put it in memory; its bots start playing.
    pub async fn create(self: &Arc<Self>, new: NewTable) -> Result<Created> {
        let NewTable {
            live,
            taken,
            seats,
            rematch_of,
        } = new;
        if seats.len() != live.num_seats() {
            bail!(
                "this game has {} seats, and {} were given",
                live.num_seats(),
                seats.len()
            );
        }
        let id = random_hex(6);
        let you = seats.contains(&SeatRequest::You).then(|| random_hex(16));
        let mut invites = Vec::new();
        let mut rows = Vec::new();
        for (i, s) in seats.iter().enumerate() {
            let seat = i as Seat;
            let (bot, token) = match s {
                SeatRequest::You => (None, you.clone()),
                SeatRequest::Invite => {
                    let t = random_hex(16);
                    invites.push((seat, t.clone()));
                    (None, Some(t))
                }
                SeatRequest::Bot(b) => (Some(b.clone()), None),
            };
            rows.push(SeatRow {
                seat,
                bot,
                token_hash: token.as_deref().map(token_hash),
                taken: false,
            });
        }
        let created = now_ms();
        let entries: Vec<Entry> = taken
            .into_iter()
            .enumerate()
            .map(|(i, (seat, action))| Entry {
                seq: i as u64 + 1,
                seat,
                kind: EntryKind::Act(action),
                at: created,
            })
            .collect();
        let stored = StoredTable {
            id: id.clone(),
            game: live.game_name().to_string(),
            options: live.options_json().to_string(),
            seed: live.seed(),
            engine: env!("CARGO_PKG_VERSION").to_string(),
            fingerprint: live.fingerprint(),
            summary: live.summary(),
            status: if live.actor().is_none() {
                Status::Over
            } else if rows.iter().any(|s| s.bot.is_none()) {
                Status::Waiting
            } else {
                Status::Playing
            },
            version: entries.len() as u64,
            created,
            rematch_of,
            seats: rows,
            entries,
        };
        self.store.create(stored.clone()).await?;
        // An imported save is replayed once more here, for its log.
        let (info, state) = if stored.entries.is_empty() {
            build_with(stored, live)?
        } else {
            build(stored)?
        };
        let table = Arc::new(Table {
            info,
            state: Mutex::new(state),
        });
        self.tables
            .write()
            .expect("tables lock")
            .insert(id.clone(), table.clone());
        let mut st = table.state.lock().await;
        self.schedule_bot(&table, &mut st);
        drop(st);
        Ok(Created { id, you, invites })
    }

    /// The seats a token holds at a table; `Err` for a token that holds none.
    pub fn seats_of(table: &Table, token: Option<&str>) -> Result<Vec<Seat>, String> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Vec::new());
        };
        let h = token_hash(token);
        let seats: Vec<Seat> = table
            .info
            .seats
            .iter()
            .filter(|s| s.token_hash.as_deref() == Some(h.as_str()))
            .map(|s| s.seat)
            .collect();
        if seats.is_empty() {
            Err("this token holds no seat at this table".into())
        } else {
            Ok(seats)
        }
    }

    /// Register a connection: it gets `hello` and the whole state; the seats it holds are
    /// taken; everyone sees who is connected.
    pub async fn connect(
        self: &Arc<Self>,
        table: &Arc<Table>,
        seats: Vec<Seat>,
    ) -> (u64, mpsc::Receiver<axum::extract::ws::Utf8Bytes>) {
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(OUTBOX);
        let mut st = table.state.lock().await;
        let hello = st.hello(&table.info, &seats);
        let _ = tx.try_send(hello.into());
        let newly_taken: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|&s| !st.taken[s as usize])
            .collect();
        for &s in &newly_taken {
            st.taken[s as usize] = true;
        }
        st.conns.push(Conn { id, seats, tx });
        for s in newly_taken {
            let status = st.status(&table.info);
            if let Err(e) = self.store.take_seat(&table.info.id, s, status).await {
                tracing::warn!(
                    "table {}: seat {s} taken but not stored: {e:#}",
                    table.info.id
                );
            }
        }
        // The newcomer gets everything; the others see who is connected now.
        st.broadcast(&table.info, &[], true);
        (id, rx)
    }

    pub async fn disconnect(&self, table: &Arc<Table>, conn: u64) {
        let mut st = table.state.lock().await;
        let before = st.conns.len();
        st.conns.retain(|c| c.id != conn);
        if st.conns.len() != before && !st.conns.is_empty() {
            st.broadcast(&table.info, &[], true);
        }
        self.evict_if_done(table, &st);
    }

    /// A finished table nobody watches leaves memory (it is loaded again when asked for).
    fn evict_if_done(&self, table: &Arc<Table>, st: &TableState) {
        if st.conns.is_empty() && st.live.actor().is_none() && !st.bot_busy {
            let mut map = self.tables.write().expect("tables lock");
            if map
                .get(&table.info.id)
                .is_some_and(|t| Arc::ptr_eq(t, table))
            {
                map.remove(&table.info.id);
            }
        }
    }

    /// A client's message: `act`, `undo` or `sync`.
    pub async fn message(self: &Arc<Self>, table: &Arc<Table>, conn: u64, text: &str) {
        let msg: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let mut st = table.state.lock().await;
                let f = st.refused(&None, &format!("not JSON: {e}"));
                st.send_to(conn, f);
                return;
            }
        };
        let id = msg.get("id").cloned();
        let kind = msg.get("type").and_then(Value::as_str).unwrap_or("");
        let mut st = table.state.lock().await;
        let Some(seats) = st
            .conns
            .iter()
            .find(|c| c.id == conn)
            .map(|c| c.seats.clone())
        else {
            return;
        };
        match kind {
            "sync" => st.send_full(&table.info, conn),
            "act" | "undo" => {
                let version = msg.get("version").and_then(Value::as_u64);
                let refuse = |st: &mut TableState, reason: &str| {
                    let f = st.refused(&id, reason);
                    st.send_to(conn, f);
                };
                if seats.is_empty() {
                    return refuse(
                        &mut st,
                        "a spectator cannot act: open the table with a seat's link",
                    );
                }
                let Some(version) = version else {
                    return refuse(
                        &mut st,
                        "\"version\" (the state version you saw) is missing",
                    );
                };
                let actor = st.live.actor();
                let outcome = if kind == "act" {
                    let Some(actor) = actor else {
                        return refuse(&mut st, "the game is over");
                    };
                    if !seats.contains(&actor) {
                        let who = st.live.seat_name(actor);
                        return refuse(&mut st, &format!("it is {who}'s decision, not yours"));
                    }
                    if version != st.version {
                        stale(&mut st, &table.info, conn, &id, version);
                        return;
                    }
                    let Some(action) = msg.get("action") else {
                        return refuse(
                            &mut st,
                            "\"action\" is missing: send one of the legal actions",
                        );
                    };
                    take_action(self, &table.info, &mut st, action).await
                } else {
                    if version != st.version {
                        stale(&mut st, &table.info, conn, &id, version);
                        return;
                    }
                    // The seat taking back: the last to act among this connection's seats.
                    let seat = seats
                        .iter()
                        .copied()
                        .find(|&s| st.live.undoable(s).is_ok())
                        .unwrap_or(seats[0]);
                    take_back(self, &table.info, &mut st, seat).await
                };
                self.after(table, &mut st, outcome, Some((conn, id))).await;
            }
            other => {
                let f = st.refused(
                    &id,
                    &format!("unknown message type {other:?}: send act, undo or sync"),
                );
                st.send_to(conn, f);
            }
        }
    }

    /// What follows a change: a refusal goes back to its sender; a broken table is rebuilt
    /// from the database; bots get their turn.
    async fn after(
        self: &Arc<Self>,
        table: &Arc<Table>,
        st: &mut TableState,
        outcome: Outcome,
        from: Option<(u64, Option<Value>)>,
    ) {
        match outcome {
            Outcome::Done | Outcome::Stale => {}
            Outcome::Refused(reason) => {
                if let Some((conn, id)) = from {
                    let f = st.refused(&id, &reason);
                    st.send_to(conn, f);
                } else {
                    tracing::warn!(
                        "table {}: a bot's action was refused: {reason}",
                        table.info.id
                    );
                }
            }
            Outcome::Broken(reason) => {
                tracing::error!(
                    "table {}: {reason}; rebuilding it from the database",
                    table.info.id
                );
                if let Some((conn, id)) = &from {
                    let f = st.refused(id, &format!("{reason}; the table is as it was"));
                    st.send_to(*conn, f);
                }
                match self.rebuild(&table.info.id).await {
                    Ok((live, log, version)) => {
                        st.live = live;
                        st.log = log;
                        st.version = version;
                        st.broadcast(&table.info, &[], true);
                    }
                    Err(e) => tracing::error!("table {}: cannot be rebuilt: {e:#}", table.info.id),
                }
            }
        }
        self.schedule_bot(table, st);
        self.evict_if_done(table, st);
    }

    async fn rebuild(&self, id: &str) -> Result<(Box<dyn LiveGame>, Log, u64)> {
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| anyhow!("table {id} is not in the database"))?;
        let options: Value = serde_json::from_str(&stored.options)?;
        let live = new_live(&stored.game, &options, stored.seed)?;
        restore(&stored, live)
    }

    /// If a bot is to act and none is thinking, let it think off the async runtime.
    fn schedule_bot(self: &Arc<Self>, table: &Arc<Table>, st: &mut TableState) {
        if st.bot_busy {
            return;
        }
        let Some(actor) = st.live.actor() else {
            return;
        };
        let Some(bot) = table.info.seats[actor as usize].bot.clone() else {
            return;
        };
        let seed = tabletop_driver::bot_seed(st.live.seed(), actor) ^ st.version;
        let Some(turn) = st.live.bot_turn(actor, &bot, seed) else {
            return;
        };
        st.bot_busy = true;
        let version = st.version;
        let app = self.clone();
        let table = table.clone();
        tokio::spawn(async move {
            let permit = app.bots.clone().acquire_owned().await;
            let run = turn.run;
            let job = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                catch_unwind(AssertUnwindSafe(run))
            });
            let result = tokio::time::timeout(BOT_TIME_LIMIT, job).await;
            let mut st = table.state.lock().await;
            st.bot_busy = false;
            let (action, failure) = match result {
                Ok(Ok(Ok((action, bot)))) => {
                    st.live.put_bot(turn.seat, bot);
                    (Some(action), None)
                }
                Ok(Ok(Err(p))) => (None, Some(format!("failed ({})", panic_str(&*p)))),
                Ok(Err(e)) => (None, Some(format!("failed ({e})"))),
                Err(_) => (None, Some(format!("took more than {BOT_TIME_LIMIT:?}"))),
            };
            if st.version != version || st.live.actor() != Some(turn.seat) {
                // Something else changed the table meanwhile: think again.
                app.schedule_bot(&table, &mut st);
                return;
            }
            let action: Value = match action {
                Some(a) => serde_json::from_str(&a).unwrap_or(Value::Null),
                None => {
                    let why = failure.unwrap_or_default();
                    tracing::warn!(
                        "table {}: the bot of seat {} {why}",
                        table.info.id,
                        turn.seat
                    );
                    let line = format!(
                        "{}'s bot {why}: it plays a random legal action",
                        st.live.seat_name(turn.seat)
                    );
                    let lines = vec![Line::Same(line.into())];
                    st.log.push(lines.clone());
                    st.broadcast(&table.info, &lines, false);
                    match random_legal(st.live.as_ref(), seed) {
                        Some(a) => a,
                        None => return,
                    }
                }
            };
            let outcome = take_action(&app, &table.info, &mut st, &action).await;
            app.after(&table, &mut st, outcome, None).await;
        });
    }

    /// The lobby: the newest tables first.
    pub async fn lobby(self: &Arc<Self>, limit: u32) -> Result<Vec<Value>> {
        let rows = self.store.lobby(limit).await?;
        let mut out = Vec::with_capacity(rows.len());
        for t in rows {
            if let Some(table) = self.cached(&t.id) {
                let st = table.state.lock().await;
                out.push(st.lobby_entry(&table.info));
                continue;
            }
            let seats: Vec<Value> = t
                .seats
                .iter()
                .map(|s| {
                    json!({"seat": s.seat, "kind": if s.bot.is_some() { "bot" } else { "human" },
                           "bot": s.bot, "taken": s.bot.is_some() || s.taken, "connected": false})
                })
                .collect();
            out.push(json!({
                "table": t.id, "game": t.game, "summary": t.summary, "status": t.status.as_str(),
                "seats": seats, "created": t.created, "version": t.version,
            }));
        }
        Ok(out)
    }
}

fn panic_str(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}

/// A legal action chosen at random (when a bot failed).
fn random_legal(live: &dyn LiveGame, seed: u64) -> Option<Value> {
    let legal: Value = serde_json::from_str(&live.legal_json()).ok()?;
    let list = legal.as_array()?;
    if list.is_empty() {
        return None;
    }
    let i = (tabletop_driver::mix(seed) % list.len() as u64) as usize;
    list[i].get("action").cloned()
}

/// A stale version: refuse, then send the current state (rule 1).
fn stale(st: &mut TableState, info: &TableInfo, conn: u64, id: &Option<Value>, seen: u64) {
    let f = st.refused(
        id,
        &format!(
            "the table has changed since the state you saw (version {seen}, now {}): here is the current state",
            st.version
        ),
    );
    st.send_to(conn, f);
    st.send_full(info, conn);
}

fn build(stored: StoredTable) -> Result<(TableInfo, TableState)> {
    let options: Value = serde_json::from_str(&stored.options)?;
    let live = new_live(&stored.game, &options, stored.seed)?;
    build_with(stored, live)
}

/// The table in memory from its stored record, replaying it on `live` (a fresh game).
fn build_with(stored: StoredTable, live: Box<dyn LiveGame>) -> Result<(TableInfo, TableState)> {
    let game = GAMES
        .iter()
        .copied()
        .find(|&g| g == stored.game)
        .ok_or_else(|| anyhow!("there is no game {:?} here", stored.game))?;
    if live.fingerprint() != stored.fingerprint {
        bail!(
            "table {} was played with other content ({}) than this server's ({})",
            stored.id,
            stored.fingerprint,
            live.fingerprint()
        );
    }
    let (live, log, version) = restore(&stored, live)?;
    let taken = {
        let mut t = vec![false; live.num_seats()];
        for s in &stored.seats {
            if let Some(x) = t.get_mut(s.seat as usize) {
                *x = s.taken;
            }
        }
        t
    };
    let options: Value = serde_json::from_str(&stored.options)?;
    Ok((
        TableInfo {
            id: stored.id,
            game,
            summary: stored.summary,
            options,
            created: stored.created,
            seats: stored.seats,
        },
        TableState {
            live,
            version,
            log,
            conns: Vec::new(),
            taken,
            bot_busy: false,
        },
    ))
}

/// A random seed for a new table.
pub fn new_seed() -> u64 {
    random_u64()
}
