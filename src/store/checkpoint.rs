//! Copying the write-ahead log into the database beside the commits, not in
//! them.
//!
//! In WAL mode SQLite copies the log into the database file (a checkpoint)
//! once the log has grown past a threshold, by default inside the commit
//! that crossed it: that commit, and every command queued behind it for the
//! write lock, waits for the copy and its sync to disk. Under load this was
//! a stall of a few hundred milliseconds every couple of seconds, the
//! slowest moves by far. So commits never checkpoint
//! (`wal_autocheckpoint=0`, set in [`super::Store::open_with`]); instead,
//! every [`EVERY`] write transactions the store starts a checkpoint on
//! another connection: passive passes copy the log without waiting for, or
//! holding up, readers and the writer, then a last short pass restarts the
//! log from its beginning (a passive checkpoint alone, racing the writer,
//! never finds the log wholly copied when a write begins, and the log file
//! grows without end).
//!
//! The last pass holds the write lock while it waits for readers still
//! reading an older state to finish, so it waits only [`RESTART_WAIT`], not
//! the store's busy timeout: a writer queued behind it waits the busy
//! timeout at most, and a long reader (a backup, a large page) would
//! otherwise make a move fail with "database is locked". A restart that
//! gives up leaves the log as it was, and the next checkpoint tries again.
//!
//! Invariants: at most one checkpoint of a store runs at a time; a failed
//! checkpoint is logged and changes nothing a player sees (the log keeps
//! every commit, and the next checkpoint copies it); a checkpoint holds the
//! write lock at most [`RESTART_WAIT`] twice and its copy.

use sqlx::AnyPool as SqlitePool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How many write transactions between checkpoints: a few hundred moves,
/// about SQLite's own threshold of a thousand pages.
pub(crate) const EVERY: u64 = 200;

/// At most this many passive passes a checkpoint, each copying what the
/// writer committed during the one before.
const PASSES: usize = 4;

/// The log's length, in pages, from which a checkpoint restarts it: 16 MiB
/// of log, a few thousand moves.
const RESTART_AT: i64 = 4096;

/// How long the last pass waits for the writer of the moment, and then,
/// holding the write lock, for readers of an older state: far below the
/// busy timeout a writer waits for the lock.
const RESTART_WAIT: Duration = Duration::from_millis(50);

/// Copies the log into the database in passive passes, each copying what
/// was committed when it began, without holding anyone up. Once the log
/// holds `restart_at` pages, a last pass restarts it from its beginning, so
/// that its file does not grow: that pass waits for the writer of the moment
/// and holds the next one back while it copies the little the passes left.
async fn checkpoint(pool: &SqlitePool, restart_at: i64) -> Result<(), sqlx::Error> {
    let mut log = 0;
    for _ in 0..PASSES {
        let (_, pages, copied): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(pool)
            .await?;
        log = pages;
        if copied >= pages {
            break;
        }
    }
    if log >= restart_at {
        let mut conn = pool.acquire().await?;
        let (wait,): (i64,) = sqlx::query_as("PRAGMA busy_timeout")
            .fetch_one(&mut *conn)
            .await?;
        sqlx::query(&format!(
            "PRAGMA busy_timeout = {}",
            RESTART_WAIT.as_millis()
        ))
        .execute(&mut *conn)
        .await?;
        let restarted: Result<(i64, i64, i64), _> =
            sqlx::query_as("PRAGMA wal_checkpoint(RESTART)")
                .fetch_one(&mut *conn)
                .await;
        let restored = sqlx::query(&format!("PRAGMA busy_timeout = {wait}"))
            .execute(&mut *conn)
            .await;
        if restored.is_err() {
            // Not returned to the pool with the short wait: the pool opens
            // another with the store's settings.
            conn.close_on_drop();
        }
        let (busy, pages, copied) = restarted?;
        tracing::debug!("log restarted: {copied} of {pages} pages copied, busy {busy}");
    }
    Ok(())
}

#[derive(Debug)]
pub(crate) struct Checkpoints {
    every: u64,
    restart_at: i64,
    writes: AtomicU64,
    running: Mutex<Option<JoinHandle<()>>>,
}

impl Default for Checkpoints {
    fn default() -> Checkpoints {
        Checkpoints::new(EVERY, RESTART_AT)
    }
}

impl Checkpoints {
    fn new(every: u64, restart_at: i64) -> Checkpoints {
        Checkpoints {
            every: every.max(1),
            restart_at,
            writes: AtomicU64::new(0),
            running: Mutex::new(None),
        }
    }

    /// Counts a write transaction; every so many of them, starts a
    /// checkpoint unless one is still running.
    pub(crate) fn wrote(&self, pool: &SqlitePool) {
        let n = self.writes.fetch_add(1, Ordering::Relaxed) + 1;
        if !n.is_multiple_of(self.every) {
            return;
        }
        let Ok(mut running) = self.running.lock() else {
            return;
        };
        if running.as_ref().is_some_and(|task| !task.is_finished()) {
            return;
        }
        let (pool, restart_at) = (pool.clone(), self.restart_at);
        *running = Some(tokio::spawn(async move {
            if let Err(e) = checkpoint(&pool, restart_at).await {
                tracing::warn!("checkpoint failed, to be tried again: {e}");
            }
        }));
    }

    /// Waits for the checkpoint running now, if any.
    #[cfg(test)]
    async fn settle(&self) {
        let task = self.running.lock().ok().and_then(|mut r| r.take());
        if let Some(task) = task {
            let _ = task.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// Many commits, each a page or more, with a checkpoint every 100 and
    /// a restart from 1,000 pages of log: the log is copied beside the
    /// commits and starts again from its beginning, so its file stays about
    /// the restart's size, a fraction of what was written (without the
    /// restart it grew past all of it); and nothing written is lost.
    #[tokio::test]
    async fn the_log_is_copied_beside_the_commits() {
        const EVERY: u64 = 100;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("games.db");
        let mut store = Store::open(&path.to_string_lossy()).await.expect("opens");
        store.checkpoints = std::sync::Arc::new(Checkpoints::new(EVERY, 1000));
        sqlx::query("CREATE TABLE scratch (n INTEGER, body BLOB)")
            .execute(store.pool())
            .await
            .expect("table");
        let writes = 40 * EVERY;
        let body = vec![7u8; 6000];
        for n in 0..writes {
            let mut tx = store.write().await.expect("write");
            sqlx::query("INSERT INTO scratch (n, body) VALUES ($1, $2)")
                .bind(n as i64)
                .bind(&body)
                .execute(&mut *tx)
                .await
                .expect("insert");
            tx.commit().await.expect("commit");
            if n % EVERY == EVERY - 1 {
                store.checkpoints.settle().await;
            }
        }
        let written = writes * body.len() as u64;
        let wal = std::fs::metadata(dir.path().join("games.db-wal"))
            .expect("the log file")
            .len();
        assert!(
            wal * 4 < written,
            "the log file is {wal} bytes after {written} bytes written"
        );
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM scratch")
            .fetch_one(store.pool())
            .await
            .expect("count");
        assert_eq!(rows, writes as i64);
    }

    /// A reader holds an older state throughout while the log is restarted:
    /// the restart holds the write lock only its short wait for the reader,
    /// not the store's busy timeout (5 s, the bot's). So a write begun
    /// meanwhile, by a process that waits for the lock a fifth of that
    /// (a margin for a slow disk's copy), still gets it
    /// (held the store's busy timeout and then its copy, the lock was lost
    /// to writes begun during the copy: "database is locked"); the restart,
    /// given up, is tried again later.
    #[tokio::test]
    async fn a_long_reader_does_not_make_a_write_fail() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("games.db");
        let open = |wait: u64| {
            let path = path.to_string_lossy().into_owned();
            async move {
                let opts = crate::store::StoreOptions {
                    busy_timeout: Duration::from_millis(wait),
                    ..Default::default()
                };
                let mut store = Store::open_with(&path, &opts).await.expect("opens");
                store.checkpoints = std::sync::Arc::new(Checkpoints::new(u64::MAX, 0));
                store
            }
        };
        let store = open(5000).await;
        let writer = open(1000).await;
        assert!(RESTART_WAIT.as_millis() * 4 <= 1000);
        sqlx::query("CREATE TABLE scratch (n INTEGER)")
            .execute(store.pool())
            .await
            .expect("table");
        let write = |n: i64| {
            let store = writer.clone();
            async move {
                let mut tx = store.write().await?;
                sqlx::query("INSERT INTO scratch (n) VALUES ($1)")
                    .bind(n)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                anyhow::Ok(())
            }
        };
        write(0).await.expect("first write");
        let mut reader = store.read().await.expect("read");
        let seen: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM scratch")
            .fetch_one(&mut *reader)
            .await
            .expect("reads");
        assert_eq!(seen, 1);
        write(1).await.expect("a write after the reader began");
        let pool = store.pool().clone();
        let restart = tokio::spawn(async move { checkpoint(&pool, 0).await });
        let mut n = 2;
        while !restart.is_finished() {
            write(n)
                .await
                .unwrap_or_else(|e| panic!("write {n}, beside the restart: {e:#}"));
            n += 1;
        }
        restart
            .await
            .expect("the checkpoint task")
            .expect("a restart given up is not an error");
        let seen: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM scratch")
            .fetch_one(&mut *reader)
            .await
            .expect("reads");
        assert_eq!(seen, 1, "the reader still sees the state it began with");
        drop(reader);
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM scratch")
            .fetch_one(store.pool())
            .await
            .expect("count");
        assert_eq!(rows, n);
    }
}
