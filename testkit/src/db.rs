//! The tests' databases: each test's stores on SQLite or on PostgreSQL,
//! and a test run on both ([`on_sqlite_and_postgresql`]); and every row of
//! every table of a database, as text, for byte-for-byte comparisons ("a
//! refusal changes nothing"), tables and columns read from the schema so
//! that new tables are compared too; and the statements a piece of work
//! runs on its stores ([`statements`]), whose query plans the growth test
//! and benchmark read.

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
    /// (testkit/src/postgres.rs).
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
    init_tracing();
    let backend = SCOPE
        .try_with(|scope| {
            scope.opened.fetch_add(1, Ordering::SeqCst);
            scope.backend
        })
        .unwrap_or(Backend::Sqlite);
    match backend {
        Backend::Postgres => crate::postgres::cluster().fresh_database().await,
        Backend::Sqlite => dir
            .join("games.db")
            .to_str()
            .expect("utf-8 path")
            .to_string(),
    }
}

/// Runs `test` with its stores ([`test_url`]) on `backend`. On PostgreSQL,
/// a machine without it skips the test (testkit/src/tiers.rs), and a test
/// that opened no store there fails: it would pass without testing
/// anything.
pub async fn on(backend: Backend, test: impl Future<Output = ()>) {
    if backend == Backend::Postgres && !crate::tiers::available(crate::tiers::Tier::Postgres) {
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
#[macro_export]
macro_rules! on_sqlite_and_postgresql {
    ($(#[$test:meta])+ $name:ident) => {
        mod $name {
            $(#[$test])+
            async fn on_sqlite() {
                $crate::db::on($crate::db::Backend::Sqlite, super::$name()).await
            }

            $(#[$test])+
            async fn on_postgresql() {
                $crate::db::on($crate::db::Backend::Postgres, super::$name()).await
            }
        }
    };
}
/// Where the tests import it from, beside [`on`].
pub use crate::on_sqlite_and_postgresql;

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

/// The name of the span under which [`statements`] gathers what runs.
const STATEMENTS_SPAN: &str = "aq_statements";
/// Gatherings under way: sqlx says its statements only while there is one.
static GATHERING: AtomicUsize = AtomicUsize::new(0);
/// The next gathering's key.
static NEXT_GATHERING: AtomicUsize = AtomicUsize::new(1);
/// The statements gathered so far, by gathering.
static GATHERED: std::sync::Mutex<Vec<(usize, String)>> = std::sync::Mutex::new(Vec::new());

/// The tests' logging (warnings and errors, in the test's output), and the
/// layer that gathers statements for [`statements`]: once per process.
pub fn init_tracing() {
    use tracing_subscriber::filter::{dynamic_filter_fn, LevelFilter};
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    use tracing_subscriber::Layer as _;
    let gather = dynamic_filter_fn(|meta, _| {
        meta.name() == STATEMENTS_SPAN
            || (meta.target() == "sqlx::query" && GATHERING.load(Ordering::SeqCst) > 0)
    })
    .with_callsite_filter(|meta| {
        if meta.name() == STATEMENTS_SPAN || meta.target() == "sqlx::query" {
            tracing::subscriber::Interest::sometimes()
        } else {
            tracing::subscriber::Interest::never()
        }
    });
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_test_writer()
                .with_filter(LevelFilter::WARN),
        )
        .with(Gatherer.with_filter(gather))
        .try_init();
}

/// Runs `work` and returns what it returned with every statement it ran
/// on a store (sqlx's text of it, parameters as `$1`...), in the order
/// first run, each once. Statements run by other work meanwhile (another
/// test) are not among them: they are told apart by the span `work` runs
/// in, which SQLite's connection threads enter too.
pub async fn statements<F: Future>(work: F) -> (F::Output, Vec<String>) {
    use tracing::Instrument as _;
    init_tracing();
    let key = NEXT_GATHERING.fetch_add(1, Ordering::SeqCst);
    GATHERING.fetch_add(1, Ordering::SeqCst);
    let span = tracing::info_span!(target: "aq", "aq_statements", key = key as u64);
    let out = work.instrument(span).await;
    GATHERING.fetch_sub(1, Ordering::SeqCst);
    let mut mine = Vec::new();
    if let Ok(mut gathered) = GATHERED.lock() {
        gathered.retain(|(k, sql)| {
            if *k == key {
                if !mine.contains(sql) {
                    mine.push(sql.clone());
                }
                false
            } else {
                true
            }
        });
    }
    (out, mine)
}

/// The gathering a span belongs to.
struct GatheringKey(usize);

/// Gathers the statements sqlx says it ran under a [`statements`] span.
struct Gatherer;

impl<S> tracing_subscriber::Layer<S> for Gatherer
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        if attrs.metadata().name() != STATEMENTS_SPAN {
            return;
        }
        let mut key = Fields::default();
        attrs.record(&mut key);
        if let (Some(span), Some(k)) = (ctx.span(id), key.key) {
            span.extensions_mut().insert(GatheringKey(k as usize));
        }
    }

    fn on_event(&self, event: &tracing::Event<'_>, ctx: tracing_subscriber::layer::Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let Some(scope) = ctx.event_scope(event) else {
            return;
        };
        let key = scope
            .into_iter()
            .find_map(|span| span.extensions().get::<GatheringKey>().map(|k| k.0));
        let Some(key) = key else {
            return;
        };
        let mut fields = Fields::default();
        event.record(&mut fields);
        // sqlx says a statement of four words or fewer as its summary alone.
        let sql = match fields.statement.as_deref().map(str::trim) {
            Some(sql) if !sql.is_empty() => sql.to_string(),
            _ => fields.summary.unwrap_or_default(),
        };
        if let Ok(mut gathered) = GATHERED.lock() {
            gathered.push((key, sql));
        }
    }
}

/// The fields of sqlx's events and of the gathering span.
#[derive(Default)]
struct Fields {
    key: Option<u64>,
    statement: Option<String>,
    summary: Option<String>,
}

impl tracing::field::Visit for Fields {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        if field.name() == "key" {
            self.key = Some(value);
        }
    }

    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        match field.name() {
            "db.statement" => self.statement = Some(value.to_string()),
            "summary" => self.summary = Some(value.to_string()),
            _ => {}
        }
    }

    fn record_debug(&mut self, _field: &tracing::field::Field, _value: &dyn std::fmt::Debug) {}
}
