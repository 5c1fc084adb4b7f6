//! Online backups: a consistent copy of the database made while the bot
//! runs, with SQLite's `VACUUM INTO` (one read transaction: the copy is the
//! database as of one moment, and writers are not held up for long), then
//! checked.

use super::{Backend, Store};
use anyhow::Context as _;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Row};
use std::path::Path;

/// What a backup holds, read back from the copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    pub games: i64,
    pub moves: i64,
    pub bytes: u64,
}

/// What to do instead of `backup` on PostgreSQL, whose own tool copies a
/// running database consistently.
pub fn pg_dump_advice(to: &Path) -> String {
    format!(
        "backup copies a SQLite database; for PostgreSQL use its own tool, which also \
         copies a running database consistently:\n  \
         pg_dump --format=custom --file={0} \"$DATABASE_URL\"\n\
         and to restore it into an empty database:\n  \
         pg_restore --clean --if-exists --dbname \"$DATABASE_URL\" {0}",
        to.display()
    )
}

impl Store {
    /// Copies the whole database to `to` (which must not exist yet), then
    /// opens the copy read-only and checks it with `PRAGMA integrity_check`.
    /// PostgreSQL has its own tool for this: the error says how to use it
    /// ([`pg_dump_advice`]).
    pub async fn backup_to(&self, to: &Path) -> anyhow::Result<BackupReport> {
        if self.backend() == Backend::Postgres {
            anyhow::bail!(pg_dump_advice(to));
        }
        if to.exists() {
            anyhow::bail!(
                "{} already exists: a backup never overwrites a file",
                to.display()
            );
        }
        let target = to
            .to_str()
            .with_context(|| format!("{} is not a UTF-8 path", to.display()))?;
        // Made empty and private first: `VACUUM INTO` writes into an empty
        // file, keeping its mode (see `private`).
        if !super::private::create_private(to)
            .with_context(|| format!("cannot create the backup {}", to.display()))?
        {
            anyhow::bail!(
                "{} already exists: a backup never overwrites a file",
                to.display()
            );
        }
        let written = sqlx::query("VACUUM INTO $1")
            .bind(target)
            .execute(self.pool())
            .await;
        if let Err(e) = written {
            // No half-made backup left behind.
            let _ = std::fs::remove_file(to);
            return Err(e).with_context(|| format!("cannot write the backup to {}", to.display()));
        }
        let mut copy = SqliteConnectOptions::new()
            .filename(to)
            .read_only(true)
            .connect()
            .await
            .with_context(|| format!("cannot open the backup {}", to.display()))?;
        let check: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&mut copy)
            .await
            .context("cannot check the backup")?;
        if check != "ok" {
            anyhow::bail!(
                "the backup {} fails its integrity check: {check}",
                to.display()
            );
        }
        let counts = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM games) AS games, (SELECT COUNT(*) FROM moves) AS moves",
        )
        .fetch_one(&mut copy)
        .await
        .context("cannot read the backup")?;
        let bytes = std::fs::metadata(to)
            .with_context(|| format!("cannot read {}", to.display()))?
            .len();
        Ok(BackupReport {
            games: counts.try_get("games")?,
            moves: counts.try_get("moves")?,
            bytes,
        })
    }
}
