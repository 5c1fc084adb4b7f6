//! The query plans of the statements a request runs (gathered with
//! `db::statements`), as each database would run them: SQLite's `EXPLAIN
//! QUERY PLAN`, and PostgreSQL's `EXPLAIN` of the statement prepared with
//! its parameters unknown (the generic plan, the one a statement prepared
//! once and run many times settles on). A plan that reads a whole table of
//! the store, or walks a whole index of one without a `LIMIT`, is a
//! problem: that statement's cost grows with the table.
//!
//! With `index_only`, PostgreSQL is asked not to read whole tables unless
//! nothing else can answer (`enable_seqscan = off`): on a small test store
//! it would rightly prefer reading a page or two to any index, so a whole
//! table read then means that no index can serve the statement. SQLite's
//! planner, which knows nothing of the tables' sizes unless they were
//! analysed (the bot never analyses them), chooses the same plans at any
//! size.

use aquaretto_bot::store::{Backend, Store};
use sqlx::Row as _;

/// Tables that hold one row (or a few) by design, read whole at no cost.
const SMALL_TABLES: [&str; 3] = ["web_secret", "identify_gate", "_sqlx_migrations"];

/// A statement's plan.
#[derive(Debug, Clone)]
pub struct Plan {
    pub sql: String,
    /// The plan, one step a line, indented as the database nests them.
    pub lines: Vec<String>,
    /// What in it grows with a table (empty: every table is reached
    /// through an index).
    pub problems: Vec<String>,
}

/// Whether a statement has a plan to read: not a transaction's control, a
/// setting, a lock or a notification.
pub fn plannable(sql: &str) -> bool {
    let head = sql.trim_start().to_ascii_uppercase();
    let skip = [
        "BEGIN",
        "COMMIT",
        "ROLLBACK",
        "SAVEPOINT",
        "RELEASE",
        "SET ",
        "RESET",
        "PRAGMA",
        "VACUUM",
        "ANALYZE",
        "CREATE ",
        "LISTEN",
        "SELECT 1 AS LOCKED",
        "SELECT 1 AS TOLD",
        "SELECT CURRENT_DATABASE",
        "SELECT PG_ADVISORY",
    ];
    !skip.iter().any(|s| head.starts_with(s))
}

/// The highest `$n` of a statement: how many parameters it takes.
fn parameters(sql: &str) -> usize {
    let bytes = sql.as_bytes();
    let mut most = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'$' {
            let digits: String = sql[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = digits.parse::<usize>() {
                most = most.max(n);
            }
            i += 1 + digits.len();
        } else {
            i += 1;
        }
    }
    most
}

/// The store's tables.
async fn tables(store: &Store) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(match store.backend() {
        Backend::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table'",
        Backend::Postgres => {
            "SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = current_schema()"
        }
    })
    .fetch_all(store.pool())
    .await?)
}

/// The plans of these statements (those [`plannable`]), in order.
pub async fn explain_all(
    store: &Store,
    statements: &[String],
    index_only: bool,
) -> anyhow::Result<Vec<Plan>> {
    let tables = tables(store).await?;
    let mut out = Vec::new();
    for sql in statements.iter().filter(|s| plannable(s)) {
        out.push(explain(store, &tables, sql, index_only).await?);
    }
    Ok(out)
}

async fn explain(
    store: &Store,
    tables: &[String],
    sql: &str,
    index_only: bool,
) -> anyhow::Result<Plan> {
    let n = parameters(sql);
    let mut conn = store.pool().acquire().await?;
    let lines = match store.backend() {
        Backend::Sqlite => {
            let explain = format!("EXPLAIN QUERY PLAN {sql}");
            let mut q = sqlx::query(&explain);
            for _ in 0..n {
                q = q.bind(None::<i64>);
            }
            let rows = q
                .fetch_all(&mut *conn)
                .await
                .map_err(|e| anyhow::anyhow!("cannot explain {sql}: {e}"))?;
            // Each step names its parent: indent it under it.
            let mut depth: Vec<(i64, usize)> = Vec::new();
            let mut lines = Vec::new();
            for r in rows {
                let id: i64 = r.try_get("id")?;
                let parent: i64 = r.try_get("parent")?;
                let detail: String = r.try_get("detail")?;
                let level = depth
                    .iter()
                    .find(|(i, _)| *i == parent)
                    .map_or(0, |(_, d)| d + 1);
                depth.push((id, level));
                lines.push(format!("{}{detail}", "  ".repeat(level)));
            }
            lines
        }
        Backend::Postgres => {
            let setup = format!(
                "SET plan_cache_mode = force_generic_plan; SET enable_seqscan = {}; \
                 PREPARE aq_plan AS {sql}",
                if index_only { "off" } else { "on" }
            );
            let prepared = sqlx::raw_sql(&setup).execute(&mut *conn).await;
            let lines = match prepared {
                Ok(_) => {
                    let explained = {
                        let args = vec!["NULL"; n].join(", ");
                        let execute = if n == 0 {
                            "EXPLAIN EXECUTE aq_plan".to_string()
                        } else {
                            format!("EXPLAIN EXECUTE aq_plan({args})")
                        };
                        let rows = sqlx::raw_sql(&execute).fetch_all(&mut *conn).await;
                        rows.map_err(|e| anyhow::anyhow!("cannot explain {sql}: {e}"))
                            .and_then(|rows| {
                                rows.iter()
                                    .map(|r| Ok(r.try_get::<String, _>(0)?))
                                    .collect::<anyhow::Result<Vec<String>>>()
                            })
                    };
                    // sqlx's own prepared statements stay; the connection's
                    // settings are as they were.
                    sqlx::raw_sql(
                        "DEALLOCATE aq_plan; RESET plan_cache_mode; RESET enable_seqscan",
                    )
                    .execute(&mut *conn)
                    .await?;
                    explained
                }
                Err(e) => Err(anyhow::anyhow!("cannot prepare {sql}: {e}")),
            };
            lines?
        }
    };
    let problems = problems(store.backend(), tables, sql, &lines);
    Ok(Plan {
        sql: sql.to_string(),
        lines,
        problems,
    })
}

/// The names a statement gives the store's tables (`FROM games g`,
/// `games AS g`), with the tables themselves: plans name a table by them.
fn names(tables: &[String], sql: &str) -> Vec<(String, String)> {
    const NOT_AN_ALIAS: [&str; 16] = [
        "where",
        "join",
        "on",
        "set",
        "values",
        "order",
        "group",
        "left",
        "inner",
        "limit",
        "union",
        "using",
        "select",
        "from",
        "returning",
        "default",
    ];
    let words: Vec<String> = sql
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut out: Vec<(String, String)> = tables.iter().map(|t| (t.clone(), t.clone())).collect();
    for (i, w) in words.iter().enumerate() {
        if !tables.contains(w) {
            continue;
        }
        let next = match words.get(i + 1).map(String::as_str) {
            Some("as") => words.get(i + 2),
            _ => words.get(i + 1),
        };
        if let Some(alias) =
            next.filter(|a| !NOT_AN_ALIAS.contains(&a.as_str()) && !tables.contains(a))
        {
            out.push((alias.clone(), w.clone()));
        }
    }
    out
}

/// What in a plan reads a whole table, or a whole index without a limit.
fn problems(backend: Backend, tables: &[String], sql: &str, lines: &[String]) -> Vec<String> {
    let names = names(tables, sql);
    let table_of = |name: &str| -> Option<String> {
        names
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
            .filter(|t| !SMALL_TABLES.contains(&t.as_str()))
    };
    let limited = sql.to_ascii_uppercase().contains("LIMIT");
    let mut out = Vec::new();
    for line in lines {
        let step = line.trim();
        match backend {
            Backend::Sqlite => {
                let Some(rest) = step.strip_prefix("SCAN ") else {
                    continue;
                };
                let Some(table) = table_of(rest.split_whitespace().next().unwrap_or("")) else {
                    continue;
                };
                if !rest.contains(" USING ") {
                    out.push(format!("reads every row of {table}"));
                } else if !limited {
                    out.push(format!("walks a whole index of {table}: {step}"));
                }
            }
            Backend::Postgres => {
                let Some(at) = step.find("Seq Scan on ") else {
                    continue;
                };
                // `Seq Scan on games g`: the table, then its name here.
                let name = step[at + "Seq Scan on ".len()..]
                    .split_whitespace()
                    .next()
                    .unwrap_or("");
                if let Some(table) = table_of(name) {
                    out.push(format!("reads every row of {table}"));
                }
            }
        }
    }
    out
}

/// The plans as the benchmark prints them: each statement, its plan
/// indented under it, and its problems.
pub fn print(plans: &[Plan]) -> String {
    let mut out = String::new();
    for p in plans {
        let sql: String = p.sql.split_whitespace().collect::<Vec<_>>().join(" ");
        out.push_str(&format!("  {sql}\n"));
        for line in &p.lines {
            out.push_str(&format!("      {line}\n"));
        }
        for problem in &p.problems {
            if problem.starts_with("note: ") {
                out.push_str(&format!("      {problem}\n"));
            } else {
                out.push_str(&format!("      !! {problem}\n"));
            }
        }
    }
    out
}
