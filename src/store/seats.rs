//! The `seats` table: who sits at a game, in joining (clockwise) order.

use crate::time_control::AwayRecord;
use sqlx::{AnyConnection, Row};

/// A seated player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: String,
    pub name: String,
    /// The computer level that plays this seat (a computer player, or a seat
    /// whose person was voted out); `None` when a person plays it.
    pub auto: Option<String>,
    /// When the person in this seat was voted out for being idle.
    pub removed_at: Option<i64>,
    /// The time on the seat's clock (in a game with one) when its current
    /// turn began, or for its next turn; `None`: the pace's time to start.
    pub clock_left: Option<i64>,
    /// How many times the seat's time ran out.
    pub clock_timeouts: i64,
    /// Its person's time away, as kept for the clocks' allowance (a
    /// computer player's: nothing).
    pub away: AwayRecord,
}

impl SeatRow {
    /// The seat was handed to the computer because its clock ran out
    /// [`crate::time_control::TIMEOUTS_TO_HAND_OVER`] times (ranked as a
    /// seat voted out, but not for being idle).
    pub fn ran_out_of_time(&self) -> bool {
        self.removed_at.is_some()
            && self.clock_timeouts >= i64::from(crate::time_control::TIMEOUTS_TO_HAND_OVER)
    }

    /// Whether the seat plays by itself.
    pub fn is_auto(&self) -> bool {
        self.auto.is_some()
    }
}

/// A seat's columns, and its person's time away (`p`, left joined).
const SEAT_COLUMNS: &str = "s.seat, s.user_id, s.name, s.auto, s.removed_at, s.clock_left_ms, \
     s.clock_timeouts, p.away_since, p.away_until, p.away_year, p.away_used_ms";

pub async fn seats(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Vec<SeatRow>> {
    let sql = format!(
        "SELECT {SEAT_COLUMNS} FROM seats s LEFT JOIN people p ON p.user_id = s.user_id \
         WHERE s.game_id = $1 ORDER BY s.seat",
    );
    let rows = sqlx::query(&sql).bind(game_id).fetch_all(conn).await?;
    seat_rows(&rows)
}

/// The seats of the channel's latest game (its open game, when one is);
/// none when no game was ever played there.
pub async fn latest_seats(conn: &mut AnyConnection, channel: &str) -> anyhow::Result<Vec<SeatRow>> {
    let sql = format!(
        "SELECT {SEAT_COLUMNS} FROM seats s LEFT JOIN people p ON p.user_id = s.user_id \
         WHERE s.game_id = \
         (SELECT id FROM games WHERE channel = $1 ORDER BY id DESC LIMIT 1) ORDER BY s.seat",
    );
    let rows = sqlx::query(&sql).bind(channel).fetch_all(conn).await?;
    seat_rows(&rows)
}

fn seat_rows(rows: &[sqlx::any::AnyRow]) -> anyhow::Result<Vec<SeatRow>> {
    rows.iter()
        .map(|r| {
            let seat: i64 = r.try_get("seat")?;
            Ok(SeatRow {
                seat: seat as usize,
                user_id: r.try_get("user_id")?,
                name: r.try_get("name")?,
                auto: r.try_get("auto")?,
                removed_at: r.try_get("removed_at")?,
                clock_left: r.try_get("clock_left_ms")?,
                clock_timeouts: r.try_get("clock_timeouts")?,
                away: super::people::away_record(r)?,
            })
        })
        .collect()
}

/// Seats a player after the others; `auto` for a computer player.
pub async fn add_seat(
    conn: &mut AnyConnection,
    game_id: i64,
    user_id: &str,
    name: &str,
    auto: Option<&str>,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO seats (game_id, seat, user_id, name, auto) \
         VALUES ($1, (SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = $2), $3, $4, $5)",
    )
    .bind(game_id)
    .bind(game_id)
    .bind(user_id)
    .bind(name)
    .bind(auto)
    .execute(conn)
    .await?;
    Ok(())
}

/// The seat plays on automatically at `level` from now; `removed_at` when its
/// person was voted out.
pub async fn set_seat_auto(
    conn: &mut AnyConnection,
    game_id: i64,
    seat: usize,
    level: &str,
    removed_at: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE seats SET auto = $1, removed_at = $2 WHERE game_id = $3 AND seat = $4")
        .bind(level)
        .bind(removed_at)
        .bind(game_id)
        .bind(seat as i64)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets a seat's clock: the time it has for its current or next turn, and
/// its timeouts.
pub async fn set_seat_clock(
    conn: &mut AnyConnection,
    game_id: i64,
    seat: usize,
    left: Option<i64>,
    timeouts: i64,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE seats SET clock_left_ms = $1, clock_timeouts = $2 WHERE game_id = $3 AND seat = $4",
    )
    .bind(left)
    .bind(timeouts)
    .bind(game_id)
    .bind(seat as i64)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every seat of the game starts its clock again from the pace's time to
/// start (its pace changed); the timeouts stay counted.
pub async fn restart_seat_clocks(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE seats SET clock_left_ms = NULL WHERE game_id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Removes a player from a lobby and closes the gap in the seating order.
pub async fn remove_seat(
    conn: &mut AnyConnection,
    game_id: i64,
    user_id: &str,
) -> anyhow::Result<()> {
    let seat: Option<i64> =
        sqlx::query_scalar("SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2")
            .bind(game_id)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(seat) = seat else { return Ok(()) };
    sqlx::query("DELETE FROM seats WHERE game_id = $1 AND seat = $2")
        .bind(game_id)
        .bind(seat)
        .execute(&mut *conn)
        .await?;
    // Two steps so that the primary key never sees two rows at one seat.
    sqlx::query("UPDATE seats SET seat = -seat WHERE game_id = $1 AND seat > $2")
        .bind(game_id)
        .bind(seat)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE seats SET seat = -seat - 1 WHERE game_id = $1 AND seat < 0")
        .bind(game_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
