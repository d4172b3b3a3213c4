//! Storage: what the server keeps of a table, behind a small trait ([`Store`]) so that
//! another database can follow SQLite ([`sqlite`]).
//!
//! The truth is the append-only record: a table's game, options, seed, engine version and
//! content fingerprint, and its rows of [`Entry`] in order. The in-memory state of a table is
//! only a cache of that record, rebuilt by replaying it.

use std::future::Future;
use std::pin::Pin;

use anyhow::Result;
use tabletop_core::Seat;

pub mod sqlite;

pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Some person's seat has not been taken yet.
    Waiting,
    Playing,
    Over,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "waiting" => Some(Status::Waiting),
            "playing" => Some(Status::Playing),
            "over" => Some(Status::Over),
            _ => None,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: Seat,
    /// `None`: a person; `Some(name)`: a bot.
    pub bot: Option<String>,
    /// Hex SHA-256 of a person's token.
    pub token_hash: Option<String>,
    /// Someone has used the seat's token.
    pub taken: bool,
}

/// One row of a table's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The table's version after this row: 1, 2, 3 …
    pub seq: u64,
    pub seat: Seat,
    pub kind: EntryKind,
    /// Unix milliseconds.
    pub at: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// An action, in its JSON form.
    Act(String),
    /// An undo that takes back this many of the actions still standing.
    Undo(u32),
}

/// A table as stored: what it is, who sits where, and (when loaded with it) its record.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: String,
    pub game: String,
    /// The engine's options, JSON.
    pub options: String,
    pub seed: u64,
    pub engine: String,
    pub fingerprint: String,
    pub summary: String,
    pub status: Status,
    pub version: u64,
    /// Unix milliseconds.
    pub created: i64,
    pub rematch_of: Option<String>,
    pub seats: Vec<SeatRow>,
    /// The record, in order (empty in lobby listings).
    pub entries: Vec<Entry>,
}

/// A database that keeps tables. Every write is durable when its future returns `Ok`.
pub trait Store: Send + Sync + 'static {
    /// Store a new table with its seats and the record it starts with (an imported save).
    fn create(&self, table: StoredTable) -> BoxFut<'_, Result<()>>;

    /// Append one row to a table's record and advance its version to `entry.seq`, in one
    /// transaction; refused unless the stored version is `entry.seq - 1`.
    fn append(&self, table: &str, entry: Entry, status: Status) -> BoxFut<'_, Result<()>>;

    /// Mark a seat as taken (its token was used) and set the table's status.
    fn take_seat(&self, table: &str, seat: Seat, status: Status) -> BoxFut<'_, Result<()>>;

    /// A table with its seats and record.
    fn load(&self, id: &str) -> BoxFut<'_, Result<Option<StoredTable>>>;

    /// The ids of every table whose game is not over.
    fn unfinished(&self) -> BoxFut<'_, Result<Vec<String>>>;

    /// The newest tables first, with their seats (no record).
    fn lobby(&self, limit: u32) -> BoxFut<'_, Result<Vec<StoredTable>>>;
}
