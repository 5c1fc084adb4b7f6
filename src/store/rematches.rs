//! The `rematches` table: a game opened from a finished one, and the order
//! its seats take when it starts.

use anyhow::Context as _;
use sqlx::{AnyConnection, Row};

/// A rematch's plan: the finished game it follows, and the user ids of its
/// players in the new seating order (persons and computer players alike).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchRow {
    pub game_id: i64,
    pub of_game: i64,
    pub seats: Vec<String>,
}

/// Records that `game_id` is a rematch of `of_game`, seated in `seats`.
pub async fn insert_rematch(
    conn: &mut AnyConnection,
    game_id: i64,
    of_game: i64,
    seats: &[String],
) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO rematches (game_id, of_game, seats) VALUES ($1, $2, $3)")
        .bind(game_id)
        .bind(of_game)
        .bind(serde_json::to_string(seats)?)
        .execute(conn)
        .await?;
    Ok(())
}

/// The plan of `game_id`, if it is a rematch.
pub async fn rematch(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Option<RematchRow>> {
    let row = sqlx::query("SELECT game_id, of_game, seats FROM rematches WHERE game_id = $1")
        .bind(game_id)
        .fetch_optional(conn)
        .await?;
    row.map(|r| {
        let seats: String = r.try_get("seats")?;
        Ok(RematchRow {
            game_id: r.try_get("game_id")?,
            of_game: r.try_get("of_game")?,
            seats: serde_json::from_str(&seats).context("rematches.seats is not a list of ids")?,
        })
    })
    .transpose()
}

/// Seats a game's players in `order` (user ids): those named take seats 0,
/// 1, ... in that order, the others follow in their own order.
pub async fn reorder_seats(
    conn: &mut AnyConnection,
    game_id: i64,
    order: &[String],
) -> anyhow::Result<()> {
    let seats = super::seats(&mut *conn, game_id).await?;
    let mut ids: Vec<&str> = order
        .iter()
        .map(String::as_str)
        .filter(|id| seats.iter().any(|s| s.user_id == *id))
        .collect();
    for s in &seats {
        if !ids.contains(&s.user_id.as_str()) {
            ids.push(&s.user_id);
        }
    }
    // Out of the way first: seat numbers are unique within a game.
    let aside = seats.len() as i64 + 1;
    sqlx::query("UPDATE seats SET seat = seat + $1 WHERE game_id = $2")
        .bind(aside)
        .bind(game_id)
        .execute(&mut *conn)
        .await?;
    for (i, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3")
            .bind(i as i64)
            .bind(game_id)
            .bind(*id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
