//! The `reviews` table: a finished game's review (`cpu::review`), as the
//! referee wrote it, once. The store keeps the JSON; what it says is the
//! referee's.

use sqlx::{AnyConnection, Row};

/// A stored review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRow {
    pub game_id: i64,
    /// The length of the game's log it was made from.
    pub seq: i64,
    /// The review as JSON.
    pub review: String,
    pub made_at: String,
}

/// The game's review, if one was written.
pub async fn review(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Option<ReviewRow>> {
    let row = sqlx::query("SELECT game_id, seq, review, made_at FROM reviews WHERE game_id = $1")
        .bind(game_id)
        .fetch_optional(conn)
        .await?;
    row.map(|r| {
        Ok(ReviewRow {
            game_id: r.try_get("game_id")?,
            seq: r.try_get("seq")?,
            review: r.try_get("review")?,
            made_at: r.try_get("made_at")?,
        })
    })
    .transpose()
}

/// Writes a game's review unless one is there already (the first written
/// stays: two processes that made the same review write it once). Returns
/// whether this one was written.
pub async fn write_review(conn: &mut AnyConnection, row: &ReviewRow) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO reviews (game_id, seq, review, made_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(row.game_id)
    .bind(row.seq)
    .bind(&row.review)
    .bind(&row.made_at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
