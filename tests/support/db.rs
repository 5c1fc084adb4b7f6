//! Every row of every table of a database, as text, for byte-for-byte
//! comparisons ("a refusal changes nothing"). Tables and columns are read
//! from the schema, so new tables are compared too.
#![allow(dead_code)]

use sqlx::{AnyPool, Row};
use std::path::Path;

#[path = "postgres.rs"]
pub mod postgres;

/// Set to `postgres` (by [`rerun_on_postgres`]), the tests' stores are
/// PostgreSQL databases instead of SQLite files.
pub const BACKEND_VARIABLE: &str = "AQUARETTO_TEST_DATABASE";

/// Whether this run's stores are PostgreSQL's.
pub fn on_postgres() -> bool {
    std::env::var(BACKEND_VARIABLE).is_ok_and(|v| v == "postgres")
}

/// The database URL of a new test store: a SQLite file in `dir`, or a fresh
/// database on the test process's PostgreSQL server.
pub async fn test_url(dir: &Path) -> String {
    // The referee's errors (a command that failed on our side) show in the
    // output of a failing test.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::WARN)
        .with_test_writer()
        .try_init();
    if on_postgres() {
        postgres::cluster().fresh_database().await
    } else {
        dir.join("games.db")
            .to_str()
            .expect("utf-8 path")
            .to_string()
    }
}

/// Runs every other test of this test binary again with its stores on
/// PostgreSQL (a server of the system's, started by the run), and fails
/// with their output if any fails. `this_test` is the calling test's name,
/// left out of the run, with `sqlite_only`: tests of SQLite's own files
/// and migrations.
pub fn rerun_on_postgres(this_test: &str, sqlite_only: &[&str]) {
    if on_postgres() {
        // This run is that run (started by hand with the variable set).
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let mut run = std::process::Command::new(exe);
    run.env(BACKEND_VARIABLE, "postgres")
        .args(["--exact", "--skip", this_test]);
    for test in sqlite_only {
        run.args(["--skip", test]);
    }
    let out = run.output().expect("the test binary runs again");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "on PostgreSQL:\n{said}");
    let summary = said
        .lines()
        .find(|l| l.starts_with("test result:"))
        .unwrap_or_else(|| panic!("no test result on PostgreSQL:\n{said}"));
    let passed: usize = summary
        .split(';')
        .find_map(|part| part.trim().strip_prefix("test result: ok. "))
        .and_then(|p| p.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(passed > 0, "no test ran on PostgreSQL:\n{said}");
    println!("on PostgreSQL: {summary}");
}

/// `table: 'v1'|'v2'|...` for every row of every table but sqlx's own and
/// the identify gate (when a bot process last connected: no game's state).
pub async fn all_rows(pool: &AnyPool) -> Vec<String> {
    let postgres = pool
        .acquire()
        .await
        .expect("a connection")
        .backend_name()
        .contains("Postgre");
    let tables: Vec<String> = sqlx::query_scalar(if postgres {
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_sqlx%' \
         ORDER BY table_name"
    } else {
        "SELECT name FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%' ORDER BY name"
    })
    .fetch_all(pool)
    .await
    .expect("tables");
    let mut out = Vec::new();
    for table in tables.into_iter().filter(|t| t != "identify_gate") {
        let columns: Vec<String> = sqlx::query_scalar(&if postgres {
            format!(
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = '{table}' \
                 ORDER BY ordinal_position"
            )
        } else {
            format!("SELECT name FROM pragma_table_info('{table}')")
        })
        .fetch_all(pool)
        .await
        .expect("columns");
        let quote = if postgres { "quote_nullable" } else { "quote" };
        let quoted: Vec<String> = columns.iter().map(|c| format!("{quote}({c})")).collect();
        let sql = format!(
            "SELECT '{table}: ' || {} FROM {table} ORDER BY 1",
            quoted.join(" || '|' || ")
        );
        for row in sqlx::query(&sql).fetch_all(pool).await.expect("rows") {
            out.push(row.try_get::<String, _>(0).expect("text"));
        }
    }
    out
}
