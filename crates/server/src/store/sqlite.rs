//! The SQLite store: one file in the data directory, created and migrated on start.
//!
//! Durability with speed: the database is in WAL mode with `synchronous = FULL`, so a commit
//! is on disk when it returns, and every write goes through one writer task that commits the
//! writes waiting at that moment together (group commit): one fsync for many tables' actions,
//! the actions of a batch written by a few multi-row statements. A refused write (a version
//! that is not current) sends its batch back to be written one write per transaction, so that
//! it fails alone. A write's future returns only after its batch is
//! committed — only then does the server tell anyone about the action.
//!
//! Reads (loading a table, the lobby) use a small pool of other connections, which WAL lets
//! read while the writer writes.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, Connection, Row, SqliteConnection};
use tabletop_core::Seat;
use tokio::sync::{mpsc, oneshot};

use super::{BoxFut, Entry, EntryKind, SeatRow, Status, Store, StoredTable};

/// The most writes committed together.
const MAX_BATCH: usize = 1024;

enum Write {
    Create(Box<StoredTable>),
    Append {
        table: String,
        entry: Entry,
        status: Status,
    },
    TakeSeat {
        table: String,
        seat: Seat,
        status: Status,
    },
}

struct Job {
    write: Write,
    done: oneshot::Sender<Result<()>>,
}

/// Tables in a SQLite file.
pub struct SqliteStore {
    writes: mpsc::UnboundedSender<Job>,
    reads: SqlitePool,
}

/// How durable a commit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = FULL`: a committed action survives a power cut.
    Full,
    /// `synchronous = NORMAL`: a committed action survives the server's crash or `kill -9`
    /// (it is in the operating system's hands), but maybe not a power cut.
    Normal,
}

impl SqliteStore {
    /// Open (create, migrate) `tabletop.sqlite` in `dir`.
    pub async fn open(dir: &Path, durability: Durability) -> Result<SqliteStore> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        let file = dir.join("tabletop.sqlite");
        let options = SqliteConnectOptions::from_str("sqlite://")?
            .filename(&file)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match durability {
                Durability::Full => SqliteSynchronous::Full,
                Durability::Normal => SqliteSynchronous::Normal,
            })
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let mut writer = SqliteConnection::connect_with(&options)
            .await
            .with_context(|| format!("cannot open the database {}", file.display()))?;
        sqlx::migrate!("migrations/sqlite")
            .run(&mut writer)
            .await
            .with_context(|| format!("cannot migrate the database {}", file.display()))?;
        let reads = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.read_only(true))
            .await
            .with_context(|| format!("cannot open the database {}", file.display()))?;
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(writer_task(writer, rx));
        Ok(SqliteStore { writes: tx, reads })
    }

    async fn write(&self, write: Write) -> Result<()> {
        let (done, rx) = oneshot::channel();
        self.writes
            .send(Job { write, done })
            .map_err(|_| anyhow!("the database writer has stopped"))?;
        rx.await
            .map_err(|_| anyhow!("the database writer has stopped"))?
    }
}

/// Commit the writes waiting, in batches, until every sender is gone.
async fn writer_task(mut conn: SqliteConnection, mut rx: mpsc::UnboundedReceiver<Job>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let results = commit_batch(&mut conn, &batch).await;
        for (job, r) in batch.drain(..).zip(results) {
            let _ = job.done.send(r);
        }
    }
}

/// Commit a batch in one transaction: the appends as a few multi-row statements, the other
/// writes one by one. If anything is refused (a version that is not current), the batch is
/// rolled back and each write is tried in a transaction of its own, so that only the refused
/// ones fail.
async fn commit_batch(conn: &mut SqliteConnection, batch: &[Job]) -> Vec<Result<()>> {
    match together(conn, batch).await {
        Ok(()) => batch.iter().map(|_| Ok(())).collect(),
        Err(e) => {
            tracing::debug!(
                "a batch of {} writes is retried one by one: {e:#}",
                batch.len()
            );
            let mut results = Vec::with_capacity(batch.len());
            for job in batch {
                results.push(alone(conn, &job.write).await);
            }
            results
        }
    }
}

/// Appends written by one statement (6 parameters a row, well under SQLite's limit).
const ROWS_PER_STATEMENT: usize = 128;

async fn together(conn: &mut SqliteConnection, batch: &[Job]) -> Result<()> {
    let mut tx = conn.begin().await?;
    let mut appends = Vec::new();
    for job in batch {
        match &job.write {
            Write::Append {
                table,
                entry,
                status,
            } => appends.push((table.as_str(), entry, *status)),
            other => apply_write(&mut tx, other).await?,
        }
    }
    let at = now_ms();
    for chunk in appends.chunks(ROWS_PER_STATEMENT) {
        let mut sql = String::from(
            "INSERT INTO actions (table_id, seq, seat, action, takes_back, at) VALUES ",
        );
        for i in 0..chunk.len() {
            sql.push_str(if i == 0 {
                "(?, ?, ?, ?, ?, ?)"
            } else {
                ", (?, ?, ?, ?, ?, ?)"
            });
        }
        let mut q = sqlx::query(AssertSqlSafe(sql));
        for (table, e, _) in chunk {
            let (action, takes_back) = entry_columns(e);
            q = q
                .bind(*table)
                .bind(e.seq as i64)
                .bind(e.seat as i64)
                .bind(action)
                .bind(takes_back)
                .bind(if e.at == 0 { at } else { e.at });
        }
        q.execute(&mut *tx).await?;
        // Advance every table's version, each only from the version before its row.
        let mut sql =
            String::from("UPDATE tables SET version = v.column2, status = v.column3 FROM (VALUES ");
        for i in 0..chunk.len() {
            sql.push_str(if i == 0 { "(?, ?, ?)" } else { ", (?, ?, ?)" });
        }
        sql.push_str(") AS v WHERE tables.id = v.column1 AND tables.version = v.column2 - 1");
        let mut q = sqlx::query(AssertSqlSafe(sql));
        for (table, e, status) in chunk {
            q = q.bind(*table).bind(e.seq as i64).bind(status.as_str());
        }
        let r = q.execute(&mut *tx).await?;
        if r.rows_affected() != chunk.len() as u64 {
            bail!("a table of the batch is not at the version before its row");
        }
    }
    tx.commit().await?;
    Ok(())
}

async fn alone(conn: &mut SqliteConnection, write: &Write) -> Result<()> {
    let mut tx = conn.begin().await?;
    apply_write(&mut tx, write).await?;
    tx.commit().await?;
    Ok(())
}

fn entry_columns(e: &Entry) -> (Option<&str>, Option<i64>) {
    match &e.kind {
        EntryKind::Act(a) => (Some(a.as_str()), None),
        EntryKind::Undo(n) => (None, Some(*n as i64)),
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

async fn apply_write(conn: &mut SqliteConnection, write: &Write) -> Result<()> {
    match write {
        Write::Create(t) => {
            sqlx::query(
                "INSERT INTO tables (id, game, options, seed, engine, fingerprint, summary, \
                 status, version, created, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&t.id)
            .bind(&t.game)
            .bind(&t.options)
            .bind(t.seed as i64)
            .bind(&t.engine)
            .bind(&t.fingerprint)
            .bind(&t.summary)
            .bind(t.status.as_str())
            .bind(t.version as i64)
            .bind(t.created)
            .bind(&t.rematch_of)
            .execute(&mut *conn)
            .await?;
            for s in &t.seats {
                sqlx::query(
                    "INSERT INTO seats (table_id, seat, kind, bot, token_hash, taken) \
                     VALUES (?, ?, ?, ?, ?, ?)",
                )
                .bind(&t.id)
                .bind(s.seat as i64)
                .bind(if s.bot.is_some() { "bot" } else { "human" })
                .bind(&s.bot)
                .bind(&s.token_hash)
                .bind(s.taken)
                .execute(&mut *conn)
                .await?;
            }
            for e in &t.entries {
                insert_entry(conn, &t.id, e).await?;
            }
        }
        Write::Append {
            table,
            entry,
            status,
        } => {
            insert_entry(conn, table, entry).await?;
            let r = sqlx::query(
                "UPDATE tables SET version = ?, status = ? WHERE id = ? AND version = ?",
            )
            .bind(entry.seq as i64)
            .bind(status.as_str())
            .bind(table)
            .bind(entry.seq as i64 - 1)
            .execute(&mut *conn)
            .await?;
            if r.rows_affected() != 1 {
                bail!("table {table} is not at version {}", entry.seq - 1);
            }
        }
        Write::TakeSeat {
            table,
            seat,
            status,
        } => {
            sqlx::query("UPDATE seats SET taken = 1 WHERE table_id = ? AND seat = ?")
                .bind(table)
                .bind(*seat as i64)
                .execute(&mut *conn)
                .await?;
            sqlx::query("UPDATE tables SET status = ? WHERE id = ? AND status <> 'over'")
                .bind(status.as_str())
                .bind(table)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

async fn insert_entry(conn: &mut SqliteConnection, table: &str, e: &Entry) -> Result<()> {
    let (action, takes_back) = entry_columns(e);
    sqlx::query(
        "INSERT INTO actions (table_id, seq, seat, action, takes_back, at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(table)
    .bind(e.seq as i64)
    .bind(e.seat as i64)
    .bind(action)
    .bind(takes_back)
    .bind(if e.at == 0 { now_ms() } else { e.at })
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn table_from_row(row: &sqlx::sqlite::SqliteRow) -> Result<StoredTable> {
    let status: String = row.try_get("status")?;
    Ok(StoredTable {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        options: row.try_get("options")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        engine: row.try_get("engine")?,
        fingerprint: row.try_get("fingerprint")?,
        summary: row.try_get("summary")?,
        status: Status::parse(&status).ok_or_else(|| anyhow!("unknown status {status:?}"))?,
        version: row.try_get::<i64, _>("version")? as u64,
        created: row.try_get("created")?,
        rematch_of: row.try_get("rematch_of")?,
        seats: Vec::new(),
        entries: Vec::new(),
    })
}

fn seat_from_row(row: &sqlx::sqlite::SqliteRow) -> Result<(String, SeatRow)> {
    Ok((
        row.try_get("table_id")?,
        SeatRow {
            seat: row.try_get::<i64, _>("seat")? as Seat,
            bot: row.try_get("bot")?,
            token_hash: row.try_get("token_hash")?,
            taken: row.try_get::<i64, _>("taken")? != 0,
        },
    ))
}

impl SqliteStore {
    async fn load_table(&self, id: &str) -> Result<Option<StoredTable>> {
        let mut conn = self.reads.acquire().await?;
        let Some(row) = sqlx::query("SELECT * FROM tables WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(None);
        };
        let mut t = table_from_row(&row)?;
        for row in sqlx::query("SELECT * FROM seats WHERE table_id = ? ORDER BY seat")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?
        {
            t.seats.push(seat_from_row(&row)?.1);
        }
        for row in sqlx::query(
            "SELECT seq, seat, action, takes_back, at FROM actions WHERE table_id = ? ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        {
            let action: Option<String> = row.try_get("action")?;
            let takes_back: Option<i64> = row.try_get("takes_back")?;
            let kind = match (action, takes_back) {
                (Some(a), None) => EntryKind::Act(a),
                (None, Some(n)) => EntryKind::Undo(n as u32),
                _ => bail!("table {id}: a row is neither an action nor an undo"),
            };
            t.entries.push(Entry {
                seq: row.try_get::<i64, _>("seq")? as u64,
                seat: row.try_get::<i64, _>("seat")? as Seat,
                kind,
                at: row.try_get("at")?,
            });
        }
        Ok(Some(t))
    }

    async fn list(&self, limit: u32) -> Result<Vec<StoredTable>> {
        let mut conn = self.reads.acquire().await?;
        let rows = sqlx::query("SELECT * FROM tables ORDER BY created DESC, id LIMIT ?")
            .bind(limit as i64)
            .fetch_all(&mut *conn)
            .await?;
        let mut tables = rows
            .iter()
            .map(table_from_row)
            .collect::<Result<Vec<_>>>()?;
        if let Some(oldest) = tables.last().map(|t| t.created) {
            let by_id: std::collections::HashMap<String, usize> = tables
                .iter()
                .enumerate()
                .map(|(i, t)| (t.id.clone(), i))
                .collect();
            for row in sqlx::query(
                "SELECT s.* FROM seats s JOIN tables t ON t.id = s.table_id \
                 WHERE t.created >= ? ORDER BY s.table_id, s.seat",
            )
            .bind(oldest)
            .fetch_all(&mut *conn)
            .await?
            {
                let (table, seat) = seat_from_row(&row)?;
                if let Some(&i) = by_id.get(&table) {
                    tables[i].seats.push(seat);
                }
            }
        }
        Ok(tables)
    }
}

impl Store for SqliteStore {
    fn create(&self, table: StoredTable) -> BoxFut<'_, Result<()>> {
        Box::pin(self.write(Write::Create(Box::new(table))))
    }

    fn append(&self, table: &str, entry: Entry, status: Status) -> BoxFut<'_, Result<()>> {
        Box::pin(self.write(Write::Append {
            table: table.to_string(),
            entry,
            status,
        }))
    }

    fn take_seat(&self, table: &str, seat: Seat, status: Status) -> BoxFut<'_, Result<()>> {
        Box::pin(self.write(Write::TakeSeat {
            table: table.to_string(),
            seat,
            status,
        }))
    }

    fn load(&self, id: &str) -> BoxFut<'_, Result<Option<StoredTable>>> {
        let id = id.to_string();
        Box::pin(async move { self.load_table(&id).await })
    }

    fn unfinished(&self) -> BoxFut<'_, Result<Vec<String>>> {
        Box::pin(async move {
            let mut conn = self.reads.acquire().await?;
            let rows = sqlx::query("SELECT id FROM tables WHERE status <> 'over' ORDER BY created")
                .fetch_all(&mut *conn)
                .await?;
            rows.iter()
                .map(|r| r.try_get::<String, _>("id").map_err(Into::into))
                .collect()
        })
    }

    fn lobby(&self, limit: u32) -> BoxFut<'_, Result<Vec<StoredTable>>> {
        Box::pin(self.list(limit))
    }
}
