//! What the web pages' links rest on: the secret they are signed with when
//! the operator sets none, and each scope's generation (a link signed for an
//! older generation opens nothing).

use sqlx::{AnyConnection, Row};

/// The stored secret; `fresh` is stored first when there is none yet (the
/// first process to ask wins, every other reads its secret).
pub async fn web_secret(conn: &mut AnyConnection, fresh: &str) -> anyhow::Result<String> {
    sqlx::query("INSERT INTO web_secret (id, secret) VALUES (1, $1) ON CONFLICT DO NOTHING")
        .bind(fresh)
        .execute(&mut *conn)
        .await?;
    let row = sqlx::query("SELECT secret FROM web_secret WHERE id = 1")
        .fetch_one(&mut *conn)
        .await?;
    Ok(row.try_get("secret")?)
}

/// A scope's generation: 0 until it is first moved on.
pub async fn web_generation(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<i64> {
    let row = sqlx::query("SELECT generation FROM web_generations WHERE scope = $1")
        .bind(scope)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match row {
        Some(row) => row.try_get("generation")?,
        None => 0,
    })
}

/// Moves a scope's generation on; returns the new one.
pub async fn next_web_generation(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<i64> {
    let row = sqlx::query(
        "INSERT INTO web_generations (scope, generation) VALUES ($1, 1) \
         ON CONFLICT (scope) DO UPDATE SET generation = web_generations.generation + 1 \
         RETURNING generation",
    )
    .bind(scope)
    .fetch_one(&mut *conn)
    .await?;
    Ok(row.try_get("generation")?)
}
