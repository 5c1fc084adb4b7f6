//! Copying a whole store into another, empty one, of either backend
//! (`aquaretto-bot copy-store`): every row of every table, in one write
//! transaction of the target, so a copy that fails leaves it empty.
//!
//! Tables and columns are read from the target's schema (both stores are
//! migrated to this binary's schema when opened), so a table added by a
//! later migration is copied without a change here.

use super::backend::Kind;
use super::Store;
use anyhow::Context as _;
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
            let rows = sqlx::query(&format!("SELECT {} FROM {table}", names.join(", ")))
                .fetch_all(&mut *source)
                .await
                .with_context(|| format!("cannot read {table} from the source"))?;
            let insert = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                names.join(", "),
                super::placeholders(1, names.len())
            );
            for row in &rows {
                let mut query = sqlx::query(&insert);
                for (i, (name, kind)) in columns.iter().enumerate() {
                    query = bind(query, row, i, *kind)
                        .with_context(|| format!("cannot read {table}.{name}"))?;
                }
                query
                    .execute(&mut *target)
                    .await
                    .with_context(|| format!("cannot write a row of {table}"))?;
            }
            copied.push((table.clone(), rows.len() as i64));
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
