//! What differs between the two databases, one concern each: which one a
//! URL names, its migrations, and how a transaction begins. The queries
//! themselves are written once, in the SQL both speak (numbered `$1`
//! parameters, `ON CONFLICT`, `RETURNING`).
//!
//! One write at a time, whichever process makes it: SQLite's `BEGIN
//! IMMEDIATE` takes the database's write lock; on PostgreSQL every write
//! transaction first takes one transaction-scoped advisory lock, released by
//! its commit or rollback (or by the server when the connection dies with
//! its process). So on both, a command reads the game and appends its move
//! with no other write between, and a second process serving the same
//! channel waits its turn and then sees the move (RELIABILITY.md).

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

/// The advisory lock every PostgreSQL write holds: any 64-bit key of our
/// own ("AQUARETT" in ASCII).
const WRITE_LOCK: i64 = 0x4151_5541_5245_5454;

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

    /// A transaction holding the store's write lock.
    pub(super) async fn begin_write(self, pool: &AnyPool) -> sqlx::Result<super::Tx> {
        match self {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => {
                let mut tx = pool.begin().await?;
                // Waits at most the connection's lock_timeout (the busy
                // timeout), then fails like SQLite's busy database.
                tx.execute(
                    sqlx::query("SELECT 1 AS locked FROM pg_advisory_xact_lock($1)")
                        .bind(WRITE_LOCK),
                )
                .await?;
                Ok(tx)
            }
        }
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
