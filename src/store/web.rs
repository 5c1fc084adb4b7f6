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

/// The channel on which processes sharing a PostgreSQL database tell each
/// other that a game may have moved.
const MOVES_CHANNEL: &str = "aquaretto_moved";

impl super::Store {
    /// Tells every process listening on this database (PostgreSQL) that a
    /// game may have moved: `payload` is the teller and the game. Nothing on
    /// SQLite, which one process uses.
    pub async fn announce_move(&self, payload: &str) -> anyhow::Result<()> {
        if self.backend != super::Backend::Postgres {
            return Ok(());
        }
        // pg_notify returns void, which the Any driver cannot read: a
        // column of its own is read instead.
        sqlx::query("SELECT 1 AS told FROM (SELECT pg_notify($1, $2)) AS n")
            .bind(MOVES_CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A connection that hears every [`Store::announce_move`] on this
    /// database; `None` on SQLite.
    pub async fn listen_moves(&self) -> anyhow::Result<Option<sqlx::postgres::PgListener>> {
        if self.backend != super::Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(MOVES_CHANNEL).await?;
        Ok(Some(listener))
    }
}
