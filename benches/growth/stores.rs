//! The stores the benchmark grows: made, measured, backed up, copied,
//! upgraded and deleted.

use crate::{memory, support};
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::{Backend, Store};
use std::path::{Path, PathBuf};
use std::time::Instant;
use support::{growth, postgres};

/// A SQLite file's folder (kept until the end).
pub(crate) fn sqlite_dir() -> (Option<tempfile::TempDir>, PathBuf) {
    match std::env::var("GROWTH_DIR") {
        Ok(dir) => {
            let dir = PathBuf::from(dir);
            if let Err(e) = std::fs::create_dir_all(&dir) {
                panic!("cannot make {}: {e}", dir.display());
            }
            (None, dir)
        }
        Err(_) => match tempfile::Builder::new().prefix("aq-growth-").tempdir() {
            Ok(t) => {
                let p = t.path().to_path_buf();
                (Some(t), p)
            }
            Err(e) => panic!("no temporary folder: {e}"),
        },
    }
}

/// A fresh store of `backend` named `name`: its URL.
pub(crate) async fn fresh(backend: Backend, dir: &Path, name: &str) -> String {
    match backend {
        Backend::Sqlite => dir.join(format!("{name}.db")).display().to_string(),
        Backend::Postgres => postgres::durable_cluster().fresh_database().await,
    }
}

/// A store of `backend` kept in `dir` to grow on over several runs (SQLite's
/// file, or a database of a PostgreSQL server whose data is there): its URL,
/// and whether it was there before.
pub(crate) async fn kept(backend: Backend, dir: &Path, name: &str) -> (String, bool) {
    match backend {
        Backend::Sqlite => {
            let url = dir.join(format!("{name}.db")).display().to_string();
            let there = Path::new(&url).exists();
            (url, there)
        }
        Backend::Postgres => {
            postgres::kept_cluster(&dir.join("postgres"))
                .database(name)
                .await
        }
    }
}

/// Deletes a store made by [`fresh`].
pub(crate) async fn drop_store(backend: Backend, url: &str) {
    match backend {
        Backend::Sqlite => {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{url}{suffix}"));
            }
        }
        Backend::Postgres => {
            let Some(name) = url.split('?').next().and_then(|u| u.rsplit('/').next()) else {
                return;
            };
            let admin = postgres::durable_cluster().url("postgres");
            if let Ok(pool) = sqlx::any::AnyPoolOptions::new()
                .max_connections(1)
                .connect(&admin)
                .await
            {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&pool)
                    .await;
            }
        }
    }
}

/// Free bytes on the disk that holds `dir`.
pub(crate) fn free_bytes(dir: &Path) -> u64 {
    let Ok(path) = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()) else {
        return 0;
    };
    // SAFETY: statvfs fills the struct it is given for a NUL-terminated path.
    unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(path.as_ptr(), &mut st) != 0 {
            return 0;
        }
        st.f_bavail as u64 * st.f_frsize as u64
    }
}

/// The database's size on disk, in bytes.
pub(crate) async fn size_on_disk(store: &Store, url: &str) -> u64 {
    match store.backend() {
        Backend::Sqlite => ["", "-wal"]
            .iter()
            .filter_map(|s| std::fs::metadata(format!("{url}{s}")).ok())
            .map(|m| m.len())
            .sum(),
        Backend::Postgres => {
            sqlx::query_scalar::<_, i64>("SELECT pg_database_size(current_database())")
                .fetch_one(store.pool())
                .await
                .map_or(0, |n| n as u64)
        }
    }
}

/// The pages of SQLite's file that hold nothing (left by a table dropped
/// or rows deleted, reused before the file grows), in bytes; none on
/// PostgreSQL, whose size counts what it holds.
pub(crate) async fn free_on_disk(store: &Store) -> u64 {
    if store.backend() != Backend::Sqlite {
        return 0;
    }
    let read = |sql: &'static str| {
        let pool = store.pool().clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .unwrap_or(0)
        }
    };
    let pages = read("PRAGMA freelist_count").await;
    let size = read("PRAGMA page_size").await;
    (pages.max(0) * size.max(0)) as u64
}

/// The largest tables' share of the store, with their indexes, in bytes per
/// finished game: `moves 23000, games 4000, ...`.
pub(crate) async fn tables_by_size(store: &Store, finished: usize) -> String {
    let sql = match store.backend() {
        Backend::Sqlite => {
            "SELECT COALESCE(m.tbl_name, d.name) AS t, CAST(SUM(d.pgsize) AS BIGINT) AS b \
             FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name \
             GROUP BY t ORDER BY b DESC LIMIT 8"
        }
        // With the share of each table's row versions that are dead (left
        // by updates, not yet vacuumed): what PostgreSQL's size holds that
        // SQLite's does not.
        Backend::Postgres => {
            "SELECT CAST(t.tablename AS TEXT) AS t, \
             CAST(pg_total_relation_size(CAST(quote_ident(t.tablename) AS regclass)) AS BIGINT) AS b, \
             CAST(COALESCE(100 * s.n_dead_tup / NULLIF(s.n_live_tup + s.n_dead_tup, 0), 0) AS BIGINT) AS dead \
             FROM pg_tables t LEFT JOIN pg_stat_user_tables s \
             ON s.schemaname = t.schemaname AND s.relname = t.tablename \
             WHERE t.schemaname = current_schema() ORDER BY b DESC LIMIT 8"
        }
    };
    let rows = match store.backend() {
        Backend::Sqlite => sqlx::query_as::<_, (String, i64)>(sql)
            .fetch_all(store.pool())
            .await
            .map(|rows| rows.into_iter().map(|(t, b)| (t, b, None)).collect()),
        Backend::Postgres => sqlx::query_as::<_, (String, i64, i64)>(sql)
            .fetch_all(store.pool())
            .await
            .map(|rows| rows.into_iter().map(|(t, b, d)| (t, b, Some(d))).collect()),
    };
    let rows: Result<Vec<(String, i64, Option<i64>)>, _> = rows;
    match rows {
        Ok(rows) => rows
            .iter()
            .map(|(t, b, dead)| {
                let dead = dead
                    .map(|d| format!(" ({d}% dead rows)"))
                    .unwrap_or_default();
                format!("{t} {:.0}{dead}", *b as f64 / finished.max(1) as f64)
            })
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => format!("(cannot read the sizes: {e})"),
    }
}

/// A backup of the store, timed; the copy deleted.
pub(crate) async fn backup(
    label: &str,
    finished: usize,
    store: &Store,
    url: &str,
    dir: &Path,
) -> f64 {
    let to = dir.join(format!("backup-{finished}.db"));
    let _ = std::fs::remove_file(&to);
    let t = Instant::now();
    let said = match store.backend() {
        Backend::Sqlite => match store.backup_to(&to).await {
            Ok(r) => format!(
                "backup: {} games, {} moves, {:.2} GB, checked",
                r.games,
                r.moves,
                r.bytes as f64 / 1e9
            ),
            Err(e) => panic!("backup: {e:#}"),
        },
        Backend::Postgres => {
            let pg_dump = match support::tiers::postgres_bin_dir() {
                Ok(bin) => bin.join("pg_dump"),
                Err(e) => panic!("{e}"),
            };
            let out = std::process::Command::new(pg_dump)
                .arg("--format=custom")
                .arg(format!("--file={}", to.display()))
                .arg(url.replace("postgres://", "postgresql://"))
                .output();
            match out {
                Ok(o) if o.status.success() => format!(
                    "pg_dump --format=custom: {:.2} GB",
                    std::fs::metadata(&to).map_or(0, |m| m.len()) as f64 / 1e9
                ),
                Ok(o) => panic!("pg_dump: {}", String::from_utf8_lossy(&o.stderr)),
                Err(e) => panic!("pg_dump: {e}"),
            }
        }
    };
    let took = t.elapsed().as_secs_f64();
    println!("growth/{label}/{finished}: {said} in {took:.1} s");
    let _ = std::fs::remove_file(&to);
    took
}

/// `copy-store` into a fresh store of the other database, as the command
/// makes it (the rows copied, then every game compared), timed; the copy
/// deleted.
pub(crate) async fn copy(label: &str, finished: usize, store: &Store, dir: &Path) -> f64 {
    let other = match store.backend() {
        Backend::Sqlite => Backend::Postgres,
        Backend::Postgres => Backend::Sqlite,
    };
    if other == Backend::Postgres && !support::tiers::available(support::tiers::Tier::Postgres) {
        println!("growth/{label}/{finished}: copy-store left out (no PostgreSQL)");
        return 0.0;
    }
    let url = fresh(other, dir, &format!("copy-{finished}")).await;
    drop_store(other, &url).await;
    let url = fresh(other, dir, &format!("copy-{finished}")).await;
    let target = match Store::open(&url).await {
        Ok(s) => s,
        Err(e) => panic!("{e:#}"),
    };
    let t = Instant::now();
    let copied = match store.copy_into(&target).await {
        Ok(c) => c,
        Err(e) => panic!("copy-store: {e:#}"),
    };
    let rows_s = t.elapsed().as_secs_f64();
    let source = Referee::new(store.clone());
    let compared = match source.same_games_as(&Referee::new(target.clone())).await {
        Ok(n) => n,
        Err(e) => panic!("copy-store's check: {e:#}"),
    };
    let took = t.elapsed().as_secs_f64();
    let rows: i64 = copied.iter().map(|(_, n)| n).sum();
    println!(
        "growth/{label}/{finished}: copy-store into {}: {rows} rows in {rows_s:.1} s, then {compared} games compared: {took:.1} s in all (peak memory of this process {:.0} MB)",
        match other {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        },
        memory().1
    );
    drop(target);
    drop_store(other, &url).await;
    took
}

/// What the upgrade to the counts of this version costs on a store of this
/// size: the store taken back to before its migration
/// (20261202000400_growth: its tables and indexes dropped, its row in
/// sqlx's table of migrations deleted), then opened, which migrates it.
pub(crate) async fn remigrate(label: &str, finished: usize, url: &str) -> f64 {
    let before = match Store::open(url).await {
        Ok(s) => s,
        Err(e) => panic!("{e:#}"),
    };
    if let Err(e) = growth::take_back(before.pool()).await {
        panic!("{e:#}");
    }
    before.pool().close().await;
    let t = Instant::now();
    if let Err(e) = Store::open(url).await {
        panic!("the migration: {e:#}");
    }
    let took = t.elapsed().as_secs_f64();
    println!(
        "growth/{label}/{finished}: the upgrade to this version's counts (migrations {:?} on this store): {took:.1} s",
        growth::UPGRADES
    );
    took
}
