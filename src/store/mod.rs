//! Games, seats and the append-only move log in SQLite (sqlx, runtime-checked
//! queries so a fresh clone builds without a database).
//!
//! The store knows rows, not rules: it never applies a move itself. Every write
//! a command makes happens inside one `BEGIN IMMEDIATE` transaction taken by the
//! referee, and appending a move checks the expected sequence number, so two
//! commands racing on one game never both apply and never lose a move.
//!
//! By table: `games` (a game's row, settings and current wait), `seats`,
//! `log` (the move log), `schedule` (reminders, automatic seats, votes,
//! people's alert choices, the outbox), `results` (each seat's result in a
//! finished game and the totals by player that stats read).

mod backup;
mod checkpoint;
mod games;
pub mod health;
mod interactions;
mod log;
mod results;
mod schedule;
mod seats;

pub use backup::BackupReport;
pub use games::*;
pub use interactions::*;
pub use log::*;
pub use results::*;
pub use schedule::*;
pub use seats::*;

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// A transaction holding the database's write lock.
pub type Tx = sqlx::Transaction<'static, sqlx::Sqlite>;

/// Where a game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Lobby,
    Running,
    Finished,
    Abandoned,
}

impl GameStatus {
    pub fn word(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
        }
    }

    pub(crate) fn parse(s: &str) -> anyhow::Result<GameStatus> {
        Ok(match s {
            "lobby" => GameStatus::Lobby,
            "running" => GameStatus::Running,
            "finished" => GameStatus::Finished,
            "abandoned" => GameStatus::Abandoned,
            other => anyhow::bail!("unknown game status '{other}' in the database"),
        })
    }
}

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
    checkpoints: Arc<checkpoint::Checkpoints>,
}

/// How the database is opened. [`StoreOptions::default`] is what the bot uses.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How long a write waits for another writer (another process holding
    /// the database) before the command is refused, changing nothing.
    pub busy_timeout: Duration,
    /// The largest the database may grow, in bytes; a write that would pass
    /// it is refused like a full disk. `None`: as large as the disk allows.
    pub max_bytes: Option<u64>,
    /// `FULL` (the default): a commit is on the disk before the move is
    /// answered, so even a power cut loses no acknowledged move. `NORMAL`
    /// in WAL mode is faster and safe against a crash of the process, but a
    /// power cut may lose the last commits (see RELIABILITY.md).
    pub synchronous: SqliteSynchronous,
    /// Open for reading only (a copy to look at, a disk mounted read-only):
    /// every write is refused. The database must exist and be migrated.
    pub read_only: bool,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            busy_timeout: Duration::from_secs(5),
            max_bytes: None,
            synchronous: SqliteSynchronous::Full,
            read_only: false,
        }
    }
}

/// The migrations in `migrations/`, compiled in: what `open` runs and what
/// `health` compares a database with.
pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// SQLite's page size for new databases, which `max_bytes` counts in.
const PAGE_SIZE: u64 = 4096;

/// The connection options of a `sqlite:` URL, or of a plain file path;
/// `shown` names it in the error.
pub(crate) fn url_options(url: &str, shown: &str) -> anyhow::Result<SqliteConnectOptions> {
    if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)
            .with_context(|| format!("{shown} is not a SQLite database URL"))
    } else {
        Ok(SqliteConnectOptions::new().filename(url))
    }
}

impl Store {
    /// Opens (creating if missing) the database at a `sqlite://` URL or a path,
    /// in WAL mode, and runs the migrations.
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        Store::open_with(url, &StoreOptions::default()).await
    }

    /// [`Store::open`] with other options.
    pub async fn open_with(url: &str, opts: &StoreOptions) -> anyhow::Result<Store> {
        let options = url_options(url, &format!("'{url}'"))?
            .create_if_missing(!opts.read_only)
            .read_only(opts.read_only)
            .synchronous(opts.synchronous)
            .busy_timeout(opts.busy_timeout)
            .foreign_keys(true)
            .page_size(PAGE_SIZE as u32);
        // Read-only, the file is read in whatever mode it was written in (a
        // backup is not in WAL mode, and choosing a mode is a write).
        let options = if opts.read_only {
            options
        } else {
            // Commits never copy the log into the database themselves: see
            // `checkpoint`, which does it beside them.
            options
                .journal_mode(SqliteJournalMode::Wal)
                .pragma("wal_autocheckpoint", "0")
        };
        let options = match opts.max_bytes {
            Some(bytes) => options.pragma("max_page_count", (bytes / PAGE_SIZE).max(1).to_string()),
            None => options,
        };
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open the database {url}"))?;
        MIGRATOR
            .run(&pool)
            .await
            .context("cannot migrate the database")?;
        Ok(Store {
            pool,
            checkpoints: Arc::default(),
        })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A transaction that holds the write lock from its first statement.
    pub async fn write(&self) -> anyhow::Result<Tx> {
        let tx = self
            .pool
            .begin_with("BEGIN IMMEDIATE")
            .await
            .context("cannot begin a write transaction")?;
        self.checkpoints.wrote(&self.pool);
        Ok(tx)
    }

    /// A read transaction: a consistent view for looking.
    pub async fn read(&self) -> anyhow::Result<Tx> {
        self.pool
            .begin()
            .await
            .context("cannot begin a read transaction")
    }
}
