//! Every row of every table of a database, as text, for byte-for-byte
//! comparisons ("a refusal changes nothing"). Tables and columns are read
//! from the schema, so new tables are compared too.
#![allow(dead_code)]

use sqlx::{Row, SqlitePool};

/// `table: 'v1'|'v2'|...` for every row of every table but sqlx's own.
pub async fn all_rows(pool: &SqlitePool) -> Vec<String> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%' ORDER BY name",
    )
    .fetch_all(pool)
    .await
    .expect("tables");
    let mut out = Vec::new();
    for table in tables {
        let columns: Vec<String> =
            sqlx::query_scalar(&format!("SELECT name FROM pragma_table_info('{table}')"))
                .fetch_all(pool)
                .await
                .expect("columns");
        let quoted: Vec<String> = columns.iter().map(|c| format!("quote({c})")).collect();
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
