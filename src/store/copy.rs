//! Copying a whole store into another, empty one, of either backend
//! (`aquaretto-bot copy-store`): every row of every table, in one write
//! transaction of the target, so a copy that fails leaves it empty.
//!
//! Tables and columns are read from the target's schema (both stores are
//! migrated to this binary's schema when opened), so a table added by a
//! later migration is copied without a change here. Rows are streamed from
//! the source and written a statement of rows at a time, so the copy's
//! memory does not grow with the store (BENCHMARKS.md: a store of 100,000
//! finished games).

use super::backend::Kind;
use super::Store;
use anyhow::Context as _;
use futures_util::TryStreamExt as _;
use sqlx::any::AnyRow;
use sqlx::Row as _;

/// The table every other one refers to, written first.
const FIRST: &str = "games";

/// Rows copied, by table.
pub type Copied = Vec<(String, i64)>;

impl Store {
    /// Copies every row of this store into `to`, which must hold none.
    /// Returns the rows copied by table, each count checked against the
    /// target after the commit.
    pub async fn copy_into(&self, to: &Store) -> anyhow::Result<Copied> {
        let mut source = self.read().await?;
        let mut target = to.write().await?;
        let mut tables = to.backend.tables(&mut target).await?;
        tables.sort_by_key(|t| t != FIRST);
        for table in &tables {
            let held: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&mut *target)
                .await?;
            if held > 0 {
                anyhow::bail!(
                    "the target already holds {held} row{} in {table}: copy-store only \
                     copies into an empty database, and never overwrites one",
                    if held == 1 { "" } else { "s" }
                );
            }
        }
        let mut copied = Vec::with_capacity(tables.len());
        for table in &tables {
            let columns = to.backend.columns(&mut target, table).await?;
            let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
            // Rows are read as they come and written a few at a time: the
            // copy holds a statement's rows in memory, never a table's.
            let per_insert = (PARAMETERS / names.len().max(1)).max(1);
            let select = format!("SELECT {} FROM {table}", names.join(", "));
            let mut rows = sqlx::query(&select).fetch(&mut *source);
            let mut batch: Vec<AnyRow> = Vec::with_capacity(per_insert);
            let mut count = 0i64;
            loop {
                let next = rows
                    .try_next()
                    .await
                    .with_context(|| format!("cannot read {table} from the source"))?;
                let done = next.is_none();
                batch.extend(next);
                if batch.len() == per_insert || (done && !batch.is_empty()) {
                    write_rows(&mut target, table, &columns, &batch).await?;
                    count += batch.len() as i64;
                    batch.clear();
                }
                if done {
                    break;
                }
            }
            copied.push((table.clone(), count));
        }
        to.backend.ids_continue(&mut target).await?;
        target.commit().await.context("cannot commit the copy")?;
        drop(source);
        let mut check = to.read().await?;
        for (table, rows) in &copied {
            let held: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&mut *check)
                .await?;
            if held != *rows {
                anyhow::bail!("the copy holds {held} rows in {table}, the source {rows}");
            }
        }
        Ok(copied)
    }
}

/// Parameters a statement of the copy binds at most: SQLite finds a
/// parameter by its name among all of a statement's, so a statement of
/// thousands binds in quadratic time.
const PARAMETERS: usize = 200;

/// Writes `rows` of `table` in one statement.
async fn write_rows(
    target: &mut sqlx::AnyConnection,
    table: &str,
    columns: &[(String, Kind)],
    rows: &[AnyRow],
) -> anyhow::Result<()> {
    let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
    let values = (0..rows.len())
        .map(|r| {
            format!(
                "({})",
                super::placeholders(1 + r * names.len(), names.len())
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let insert = format!("INSERT INTO {table} ({}) VALUES {values}", names.join(", "));
    let mut query = sqlx::query(&insert);
    for row in rows {
        for (i, (name, kind)) in columns.iter().enumerate() {
            query = bind(query, row, i, *kind)
                .with_context(|| format!("cannot read {table}.{name}"))?;
        }
    }
    query
        .execute(&mut *target)
        .await
        .with_context(|| format!("cannot write rows of {table}"))?;
    Ok(())
}

/// Binds column `i` of `row` as the target's column kind wants it (NULL
/// included, typed, which PostgreSQL requires).
fn bind<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    row: &AnyRow,
    i: usize,
    kind: Kind,
) -> anyhow::Result<sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>> {
    Ok(match kind {
        Kind::Integer => query.bind(row.try_get::<Option<i64>, _>(i)?),
        Kind::Real => query.bind(row.try_get::<Option<f64>, _>(i)?),
        Kind::Text => query.bind(row.try_get::<Option<String>, _>(i)?),
        Kind::Bytes => query.bind(row.try_get::<Option<Vec<u8>>, _>(i)?),
    })
}
