//! The tests' databases: each test's stores on SQLite or on PostgreSQL,
//! and a test run on both ([`on_sqlite_and_postgresql`]); and every row of
//! every table of a database, as text, for byte-for-byte comparisons ("a
//! refusal changes nothing"), tables and columns read from the schema so
//! that new tables are compared too.

use sqlx::{AnyPool, Row};
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The database a test's stores are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file in the test's temporary folder.
    Sqlite,
    /// A fresh database on the test process's PostgreSQL server
    /// (tests/support/postgres.rs).
    Postgres,
}

/// The backend of the test running in this task, and how many databases it
/// opened on it.
#[derive(Clone)]
struct Scope {
    backend: Backend,
    opened: Arc<AtomicUsize>,
}

tokio::task_local! {
    static SCOPE: Scope;
}

/// The database URL of a new test store: a SQLite file in `dir`, or, in a
/// test running [`on`] PostgreSQL, a fresh database on the test process's
/// PostgreSQL server. A store opened outside [`on`] (another test, or a
/// spawned task) is SQLite's.
pub async fn test_url(dir: &Path) -> String {
    // The referee's errors (a command that failed on our side) show in the
    // output of a failing test.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::WARN)
        .with_test_writer()
        .try_init();
    let backend = SCOPE
        .try_with(|scope| {
            scope.opened.fetch_add(1, Ordering::SeqCst);
            scope.backend
        })
        .unwrap_or(Backend::Sqlite);
    match backend {
        Backend::Postgres => super::postgres::cluster().fresh_database().await,
        Backend::Sqlite => dir
            .join("games.db")
            .to_str()
            .expect("utf-8 path")
            .to_string(),
    }
}

/// Runs `test` with its stores ([`test_url`]) on `backend`. On PostgreSQL,
/// a machine without it skips the test (tests/support/tiers.rs), and a test
/// that opened no store there fails: it would pass without testing
/// anything.
pub async fn on(backend: Backend, test: impl Future<Output = ()>) {
    if backend == Backend::Postgres && !super::tiers::available(super::tiers::Tier::Postgres) {
        return;
    }
    let opened = Arc::new(AtomicUsize::new(0));
    let scope = Scope {
        backend,
        opened: opened.clone(),
    };
    SCOPE.scope(scope, test).await;
    assert!(
        opened.load(Ordering::SeqCst) > 0,
        "the test opened no store on {backend:?}: it runs on one backend only"
    );
}

/// A test that runs once on each database: `#[tokio::test] name` above
/// `async fn name()` makes the tests `name::on_sqlite` and
/// `name::on_postgresql`, each running `name` with its stores on that
/// database ([`on`]), so that a failure names the test and the backend.
macro_rules! on_sqlite_and_postgresql {
    ($(#[$test:meta])+ $name:ident) => {
        mod $name {
            $(#[$test])+
            async fn on_sqlite() {
                crate::support::db::on(crate::support::db::Backend::Sqlite, super::$name()).await
            }

            $(#[$test])+
            async fn on_postgresql() {
                crate::support::db::on(crate::support::db::Backend::Postgres, super::$name())
                    .await
            }
        }
    };
}
pub(crate) use on_sqlite_and_postgresql;

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
