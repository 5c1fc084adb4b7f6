//! Games, seats and the append-only move log in SQLite or PostgreSQL (sqlx's
//! `Any` driver, runtime-checked queries so a fresh clone builds without a
//! database; what differs between the two is in `backend`).
//!
//! The store knows rows, not rules: it never applies a move itself. Every write
//! a command makes happens inside one write transaction taken by the referee,
//! holding the store's write lock from its first statement (in every process
//! on the database), and appending a move checks the expected sequence
//! number, so two commands racing on one game never both apply and never
//! lose a move.
//!
//! By table: `games` (a game's row, settings and current wait), `seats`,
//! `log` (the move log), `turns` (each game's wait: reminders, automatic
//! seats, nudges, settings), `kicks` (votes against an idle player),
//! `people` (alert choices and languages), `rematches` (a game opened
//! from a finished one, and the order of its seats), `outbox` (letters to deliver),
//! `gate` (processes connecting one at a time), `results` (each seat's
//! result in a finished game, the totals by player and by place that stats
//! read), `ratings` (each rated game's rating changes and the players'
//! ratings), `pace` (how long people took to move, counted by person for
//! the medians, and which games are counted), `reviews` (a finished game's review, written once), `views`
//! (who may see the channels that hold games), `tournaments` (a channel's
//! tournaments, their entrants in sign-up order and their rounds' tables).
//!
//! What a request reads follows what it shows, never how many games were
//! played: counts are kept as games are opened and finish (`place_totals`:
//! the games, their sums, the people and how many of them are ranked),
//! medians read from counts (`pace_counts`), and every query is served by
//! an index (`tests/referee/growth.rs` reads their plans; BENCHMARKS.md has
//! their cost from 10,000 to a million finished games).

mod backend;
mod backup;
mod checkpoint;
mod copy;
mod games;
mod gate;
pub mod health;
mod interactions;
mod kicks;
mod log;
mod outbox;
mod pace;
mod people;
pub mod private;
mod ratings;
mod rematches;
mod results;
mod reviews;
mod seasons;
mod seats;
mod tournaments;
mod turns;
mod views;
mod web;

pub use backup::{pg_dump_advice, BackupReport};
pub use copy::Copied;
pub use games::*;
pub use gate::*;
pub use interactions::*;
pub use kicks::*;
pub use log::*;
pub use outbox::*;
pub use pace::*;
pub use people::*;
pub use ratings::*;
pub use rematches::*;
pub use results::*;
pub use reviews::*;
pub use seasons::*;
pub use seats::*;
pub use tournaments::*;
pub use turns::*;
pub use views::*;
pub use web::*;

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteSynchronous};
use sqlx::{AnyPool, ConnectOptions as _, Executor as _};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

pub use backend::Backend;

/// A transaction holding the database's write lock.
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

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
    pool: AnyPool,
    backend: Backend,
    checkpoints: Arc<checkpoint::Checkpoints>,
    /// Where it was opened: PostgreSQL's listener for other processes'
    /// moves connects there ([`Store::listen_moves`]).
    url: Arc<str>,
}

/// How the database is opened. [`StoreOptions::default`] is what the bot uses.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How long a write waits for another writer (another process holding
    /// the database) before the command is refused, changing nothing. On
    /// PostgreSQL, how long it waits for the store's write lock.
    pub busy_timeout: Duration,
    /// The largest the database may grow, in bytes; a write that would pass
    /// it is refused like a full disk. `None`: as large as the disk allows.
    pub max_bytes: Option<u64>,
    /// `FULL` (the default): a commit is on the disk before the move is
    /// answered, so even a power cut loses no acknowledged move. `NORMAL`
    /// in WAL mode is faster and safe against a crash of the process, but a
    /// power cut may lose the last commits (see RELIABILITY.md). SQLite
    /// only: PostgreSQL's durability is its server's own setting.
    pub synchronous: SqliteSynchronous,
    /// Open for reading only (a copy to look at, a disk mounted read-only):
    /// every write is refused. The database must exist and be migrated.
    /// SQLite only.
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

/// A database URL (or connection string) with every password in it as
/// `****`, in each form PostgreSQL reads one: the user's in the URL
/// (`postgres://bot:****@db/aquaretto`), a `password=` (or `sslpassword=`)
/// parameter of its query (`?password=****`), and a `password=` of a
/// `key=value` connection string (`host=db password=****`, quoted or not).
pub fn mask_url(url: &str) -> String {
    let masked = mask_userinfo(url);
    let masked = mask_parameters(&masked, true);
    mask_parameters(&masked, false)
}

/// The password of a URL's user as `****`.
fn mask_userinfo(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_string();
    };
    let authority_start = scheme_end + 3;
    let rest = &url[authority_start..];
    let authority_len = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_len];
    let Some(at) = authority.rfind('@') else {
        return url.to_string();
    };
    let Some(colon) = authority[..at].find(':') else {
        return url.to_string();
    };
    format!(
        "{}{}****{}",
        &url[..authority_start],
        &authority[..=colon],
        &url[authority_start + at..]
    )
}

/// Whether a parameter's name names a password (`password`,
/// `sslpassword`, any case).
fn names_a_password(key: &str) -> bool {
    let key = key.trim();
    key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && key.to_ascii_lowercase().ends_with("password")
}

/// `text` with the value of every parameter whose name names a password
/// as `****`: the parameters of a URL's query (`?a=1&password=x`) when
/// `query`, else those of a `key=value` connection string (`host=db
/// password='a b'`, spaces around `=` allowed, a quoted value masked to
/// its closing quote).
fn mask_parameters(text: &str, query: bool) -> String {
    let starts_after = |c: char| {
        if query {
            c == '?' || c == '&'
        } else {
            c.is_whitespace()
        }
    };
    let ends_at = |c: char| {
        if query {
            c == '&' || c == '#'
        } else {
            c.is_whitespace()
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // A connection string's first parameter starts the text; a URL's
    // query starts after its `?`.
    let mut at_start = !query;
    while let Some(c) = text[i..].chars().next() {
        if at_start {
            let rest = &text[i..];
            let key_len = rest
                .find(|c: char| c == '=' || ends_at(c) || starts_after(c))
                .unwrap_or(rest.len());
            let after_key = &rest[key_len..];
            let spaced = if query {
                after_key
            } else {
                after_key.trim_start()
            };
            if let (true, Some(value)) =
                (names_a_password(&rest[..key_len]), spaced.strip_prefix('='))
            {
                let value = if query { value } else { value.trim_start() };
                let value_len = match value.chars().next() {
                    Some(q @ ('\'' | '"')) => value[1..].find(q).map_or(value.len(), |n| n + 2),
                    _ => value.find(ends_at).unwrap_or(value.len()),
                };
                out.push_str(&rest[..key_len]);
                out.push_str("=****");
                i = text.len() - value.len() + value_len;
                at_start = false;
                continue;
            }
        }
        out.push(c);
        i += c.len_utf8();
        at_start = starts_after(c);
    }
    out
}

/// `count` numbered parameters from `$first`, joined by commas: the
/// placeholders both databases read.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

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
    /// Opens (creating if missing) the database at a `postgres://` URL, or a
    /// `sqlite://` URL or path (SQLite in WAL mode), and runs the migrations
    /// of its backend.
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        Store::open_with(url, &StoreOptions::default()).await
    }

    /// [`Store::open`] with other options.
    pub async fn open_with(url: &str, opts: &StoreOptions) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url);
        let pool = match backend {
            Backend::Sqlite => open_sqlite(url, opts).await?,
            Backend::Postgres => open_postgres(url, opts).await?,
        }
        .with_context(|| format!("cannot open the database {}", mask_url(url)))?;
        backend
            .migrator()
            .run(&pool)
            .await
            .context("cannot migrate the database")?;
        Ok(Store {
            pool,
            backend,
            checkpoints: Arc::default(),
            url: Arc::from(url),
        })
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A transaction that holds the store's write lock from its first
    /// statement, for a write that may touch any game: no other write
    /// meanwhile, whichever process would make it.
    pub async fn write(&self) -> anyhow::Result<Tx> {
        self.begin_write(None).await
    }

    /// A transaction that holds the write lock of `channel`'s game from its
    /// first statement: no other write to that game meanwhile, whichever
    /// process would make it (on SQLite, no other write at all).
    pub async fn write_in(&self, channel: &str) -> anyhow::Result<Tx> {
        self.begin_write(Some(channel)).await
    }

    async fn begin_write(&self, channel: Option<&str>) -> anyhow::Result<Tx> {
        let tx = self
            .backend
            .begin_write(&self.pool, channel)
            .await
            .context("cannot begin a write transaction")?;
        if self.backend == Backend::Sqlite {
            self.checkpoints.wrote(&self.pool);
        }
        Ok(tx)
    }

    /// A read transaction: a consistent view for looking.
    pub async fn read(&self) -> anyhow::Result<Tx> {
        self.backend
            .begin_read(&self.pool)
            .await
            .context("cannot begin a read transaction")
    }
}

/// SQLite through the pool of either backend: its file and mode from the URL,
/// its settings on each new connection.
async fn open_sqlite(url: &str, opts: &StoreOptions) -> anyhow::Result<sqlx::Result<AnyPool>> {
    let file = url_options(url, &format!("'{url}'"))?
        .create_if_missing(!opts.read_only)
        .read_only(opts.read_only);
    let path = file.get_filename().to_path_buf();
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    if !opts.read_only && !in_memory {
        // Made private before SQLite opens it: its -wal and -shm take its
        // mode (see `private`).
        private::create_private(&path)
            .with_context(|| format!("cannot create its file {}", path.display()))
            .with_context(|| format!("cannot open the database {}", mask_url(url)))?;
        if private::open_to_others(&path) {
            tracing::warn!(
                "the database file {} may be read by other users of this machine: it holds \
                 every game and the web pages' signing secret (chmod 600 it, and its -wal and -shm)",
                path.display()
            );
        }
    }
    let any = AnyConnectOptions::from_url(&file.to_url_lossy())?;
    let synchronous = match opts.synchronous {
        SqliteSynchronous::Off => "OFF",
        SqliteSynchronous::Normal => "NORMAL",
        SqliteSynchronous::Full => "FULL",
        SqliteSynchronous::Extra => "EXTRA",
    };
    let mut pragmas = format!(
        "PRAGMA busy_timeout = {}; PRAGMA foreign_keys = ON; PRAGMA synchronous = {synchronous};",
        opts.busy_timeout.as_millis()
    );
    // Read-only, the file is read in whatever mode it was written in (a
    // backup is not in WAL mode, and choosing a mode is a write).
    if !opts.read_only {
        // Commits never copy the log into the database themselves: see
        // `checkpoint`, which does it beside them.
        pragmas.push_str(&format!(
            " PRAGMA page_size = {PAGE_SIZE}; PRAGMA journal_mode = WAL; \
             PRAGMA wal_autocheckpoint = 0;"
        ));
    }
    if let Some(bytes) = opts.max_bytes {
        pragmas.push_str(&format!(
            " PRAGMA max_page_count = {};",
            (bytes / PAGE_SIZE).max(1)
        ));
    }
    Ok(pool(any, 4, pragmas).await)
}

/// PostgreSQL: a write waits for the store's write lock at most the busy
/// timeout.
async fn open_postgres(url: &str, opts: &StoreOptions) -> anyhow::Result<sqlx::Result<AnyPool>> {
    if opts.read_only || opts.max_bytes.is_some() {
        anyhow::bail!("a read-only store and a size limit are SQLite's settings");
    }
    let any = AnyConnectOptions::from_str(url)
        .with_context(|| format!("{} is not a PostgreSQL URL", mask_url(url)))?;
    let timeout = format!("SET lock_timeout = {}", opts.busy_timeout.as_millis());
    Ok(pool(any, 16, timeout).await)
}

/// A pool of at most `connections`, each of which runs `settings` (SQL) as
/// it opens.
async fn pool(any: AnyConnectOptions, connections: u32, settings: String) -> sqlx::Result<AnyPool> {
    let settings: Arc<str> = settings.into();
    AnyPoolOptions::new()
        .max_connections(connections)
        .after_connect(move |conn, _| {
            let settings = settings.clone();
            Box::pin(async move {
                conn.execute(&*settings).await?;
                Ok(())
            })
        })
        .connect_with(any)
        .await
}

#[cfg(test)]
mod tests {
    use super::mask_url;

    #[test]
    fn every_form_of_a_database_password_is_masked() {
        for (url, masked) in [
            (
                "postgres://bot:hunter2@db/aquaretto",
                "postgres://bot:****@db/aquaretto",
            ),
            (
                "postgresql://bot@db:5432/aquaretto?sslmode=require&password=hunter2",
                "postgresql://bot@db:5432/aquaretto?sslmode=require&password=****",
            ),
            (
                "postgres://db/aquaretto?password=hunter2&user=bot#x",
                "postgres://db/aquaretto?password=****&user=bot#x",
            ),
            (
                "postgres://bot:hunter2@db/a?PassWord=hunter3&sslpassword=hunter4",
                "postgres://bot:****@db/a?PassWord=****&sslpassword=****",
            ),
            (
                "host=db user=bot password=hunter2 dbname=aquaretto",
                "host=db user=bot password=**** dbname=aquaretto",
            ),
            (
                "host=db password = 'hunter 2' dbname=aquaretto",
                "host=db password=**** dbname=aquaretto",
            ),
            ("password=\"hunter2\"", "password=****"),
            ("sqlite://aquaretto.db", "sqlite://aquaretto.db"),
            ("/data/aquaretto.db", "/data/aquaretto.db"),
            ("postgres://bot@db/aquaretto", "postgres://bot@db/aquaretto"),
        ] {
            let shown = mask_url(url);
            assert_eq!(shown, masked, "{url}");
            assert!(!shown.contains("hunter"), "{url}: {shown}");
        }
    }
}
