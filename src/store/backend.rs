//! What differs between the two databases, one concern each: which one a
//! URL names, its migrations (and whether they ever ran), how a transaction
//! begins, and the schema as a copy reads it. The queries
//! themselves are written once, in the SQL both speak (numbered `$1`
//! parameters, `ON CONFLICT`, `RETURNING`).
//!
//! One writer per game, whichever process makes the write: SQLite's `BEGIN
//! IMMEDIATE` takes the database's write lock (one writer at all); on
//! PostgreSQL a command's transaction first takes transaction-scoped
//! advisory locks, released by its commit or rollback (or by the server when
//! the connection dies with its process): the store's shared, then its
//! channel's alone, so commands in different channels write side by side,
//! while the scheduler's writes, which may touch any game, take the store's
//! alone. So on both, a command reads the game and appends its move with no
//! other write to that game between, and a second process serving the same
//! channel waits its turn and then sees the move (RELIABILITY.md). What
//! commands of different channels share (a player's totals, people, the
//! outbox, the interactions seen) is written with upserts and unique keys,
//! which PostgreSQL's row locks keep whole.

use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, Executor as _};

/// The two databases the store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite, a file beside the bot (the default).
    Sqlite,
    /// PostgreSQL, a server several processes may share.
    Postgres,
}

/// The SQLite migrations (`migrations/sqlite`), compiled in.
static SQLITE: Migrator = sqlx::migrate!("./migrations/sqlite");
/// The PostgreSQL migrations (`migrations/postgres`), compiled in.
static POSTGRES: Migrator = sqlx::migrate!("./migrations/postgres");

/// The store's write lock on PostgreSQL: any 64-bit advisory key of our
/// own ("AQUARETT" in ASCII). A write to one channel's game holds it shared;
/// a write that may touch any game (the scheduler's) holds it alone.
const WRITE_LOCK: i64 = 0x4151_5541_5245_5454;

/// The first half of the two-part advisory keys that lock one channel's
/// game ("AQUG"); the second half is the channel's hash. PostgreSQL keeps
/// two-part keys apart from 64-bit ones. Two channels whose hashes meet only
/// wait for each other.
const CHANNEL_LOCKS: i32 = 0x4151_5547;

impl Backend {
    /// The backend a `DATABASE_URL` names: `postgres://` or
    /// `postgresql://` is PostgreSQL; anything else (a `sqlite:` URL, a
    /// path) is SQLite.
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// Its migrations: what `open` runs and what `health` compares with.
    pub fn migrator(self) -> &'static Migrator {
        match self {
            Backend::Sqlite => &SQLITE,
            Backend::Postgres => &POSTGRES,
        }
    }

    /// A transaction holding the store's write lock: for a write to
    /// `channel`'s game alone, the lock of that channel (on SQLite, the
    /// whole database's); else the whole store's. Locks are taken in one
    /// order (the store's, then a channel's), so two writers never wait for
    /// each other in a circle.
    pub(super) async fn begin_write(
        self,
        pool: &AnyPool,
        channel: Option<&str>,
    ) -> sqlx::Result<super::Tx> {
        match self {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => {
                let mut tx = pool.begin().await?;
                // Each waits at most the connection's lock_timeout (the busy
                // timeout), then fails like SQLite's busy database.
                let store = match channel {
                    Some(_) => "SELECT 1 AS locked FROM pg_advisory_xact_lock_shared($1)",
                    None => "SELECT 1 AS locked FROM pg_advisory_xact_lock($1)",
                };
                tx.execute(sqlx::query(store).bind(WRITE_LOCK)).await?;
                if let Some(channel) = channel {
                    tx.execute(
                        sqlx::query(
                            "SELECT 1 AS locked FROM pg_advisory_xact_lock($1, hashtext($2))",
                        )
                        .bind(CHANNEL_LOCKS)
                        .bind(channel),
                    )
                    .await?;
                }
                Ok(tx)
            }
        }
    }

    /// Whether the database was ever migrated (holds sqlx's table of
    /// migrations).
    pub(super) async fn migrated(self, conn: &mut AnyConnection) -> sqlx::Result<bool> {
        let tables: i64 = sqlx::query_scalar(match self {
            Backend::Sqlite => {
                "SELECT COUNT(*) FROM sqlite_master \
                 WHERE type = 'table' AND name = '_sqlx_migrations'"
            }
            Backend::Postgres => {
                "SELECT COUNT(*) FROM pg_tables WHERE tablename = '_sqlx_migrations' \
                 AND schemaname = current_schema()"
            }
        })
        .fetch_one(conn)
        .await?;
        Ok(tables > 0)
    }

    /// A transaction that sees one moment of the database throughout.
    pub(super) async fn begin_read(self, pool: &AnyPool) -> sqlx::Result<super::Tx> {
        match self {
            Backend::Sqlite => pool.begin().await,
            Backend::Postgres => {
                pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ")
                    .await
            }
        }
    }
}

/// How a column's values travel between the two databases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Integer,
    Real,
    Text,
    Bytes,
}

impl Backend {
    /// The store's tables (not the migrations' own), by name.
    pub(super) async fn tables(self, conn: &mut AnyConnection) -> sqlx::Result<Vec<String>> {
        sqlx::query_scalar(match self {
            Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_sqlx%' ESCAPE '\\' \
                 ORDER BY name"
            }
            Backend::Postgres => {
                "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
                 AND table_name NOT LIKE '\\_sqlx%' ESCAPE '\\' ORDER BY table_name"
            }
        })
        .fetch_all(conn)
        .await
    }

    /// A table's columns, in order, and how each one's values travel.
    pub(super) async fn columns(
        self,
        conn: &mut AnyConnection,
        table: &str,
    ) -> sqlx::Result<Vec<(String, Kind)>> {
        let rows: Vec<(String, String)> = match self {
            Backend::Sqlite => {
                sqlx::query_as("SELECT name, type FROM pragma_table_info($1) ORDER BY cid")
                    .bind(table)
                    .fetch_all(conn)
                    .await?
            }
            Backend::Postgres => {
                sqlx::query_as(
                    "SELECT CAST(column_name AS TEXT), CAST(data_type AS TEXT) \
                     FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name = $1 \
                     ORDER BY ordinal_position",
                )
                .bind(table)
                .fetch_all(conn)
                .await?
            }
        };
        Ok(rows
            .into_iter()
            .map(|(name, declared)| {
                let declared = declared.to_ascii_uppercase();
                // SQLite's rules of type affinity, which PostgreSQL's names
                // also follow.
                let kind = if declared.contains("INT") {
                    Kind::Integer
                } else if declared.contains("CHAR") || declared.contains("TEXT") {
                    Kind::Text
                } else if declared.contains("BLOB") || declared.contains("BYTEA") {
                    Kind::Bytes
                } else {
                    Kind::Real
                };
                (name, kind)
            })
            .collect())
    }

    /// After rows were written with their own ids: PostgreSQL's identity
    /// columns continue after the largest id copied (SQLite's
    /// AUTOINCREMENT does so by itself).
    pub(super) async fn ids_continue(self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        if self == Backend::Sqlite {
            return Ok(());
        }
        let identities: Vec<(String, String)> = sqlx::query_as(
            "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT) \
             FROM information_schema.columns \
             WHERE table_schema = current_schema() AND is_identity = 'YES'",
        )
        .fetch_all(&mut *conn)
        .await?;
        for (table, column) in identities {
            sqlx::query(&format!(
                "SELECT CAST(setval(pg_get_serial_sequence('{table}', '{column}'), \
                 COALESCE(MAX({column}), 0) + 1, false) AS BIGINT) FROM {table}"
            ))
            .fetch_one(&mut *conn)
            .await?;
        }
        Ok(())
    }
}
