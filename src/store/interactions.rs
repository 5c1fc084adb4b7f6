//! Interactions already played: an interaction delivered twice changes
//! the game once. Ids are written in the transaction of the change they
//! made, and forgotten after [`REMEMBERED_MS`].

use crate::clock::Millis;
use sqlx::AnyConnection;

/// How long an interaction id is remembered: Discord's interaction tokens
/// live 15 minutes, so a copy can never come later than that; a day leaves
/// room for clocks and restarts.
pub const REMEMBERED_MS: Millis = 24 * 60 * 60 * 1000;

/// Records the interaction `id` as seen at `now` and forgets the ones older
/// than [`REMEMBERED_MS`]. `false` when it was already there: a copy, which
/// must change nothing.
pub async fn first_sight(conn: &mut AnyConnection, id: &str, now: Millis) -> anyhow::Result<bool> {
    sqlx::query("DELETE FROM seen_interactions WHERE seen_at < $1")
        .bind(now.saturating_sub(REMEMBERED_MS))
        .execute(&mut *conn)
        .await?;
    let inserted = sqlx::query(
        "INSERT INTO seen_interactions (id, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}
