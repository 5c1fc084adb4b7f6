//! Each game's turn in rows: who waits and since when, the next reminder,
//! an automatic seat due, the last nudge, and the game's settings. The
//! scheduler finds what is due through indexes (`games.remind_at`,
//! `games.auto_at`, `outbox.due_at`): the cost of a wake-up follows the
//! number of things due, not the number of games.

use super::games::{game_row, GameRow, Settings, Turn, GAME_COLUMNS};
use sqlx::AnyConnection;

/// Records the state of the game's wait after a move (or the start): who
/// must act, since when, the first reminder, an automatic seat's due time;
/// the count of reminders starts again.
pub async fn set_turn(conn: &mut AnyConnection, game_id: i64, turn: &Turn) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE games SET to_act_user = $1, waiting_since = $2, remind_at = $3, reminders_sent = $4, \
         auto_at = $5, turn_since = $6 WHERE id = $7",
    )
    .bind(&turn.to_act_user)
    .bind(turn.waiting_since)
    .bind(turn.remind_at)
    .bind(turn.reminders_sent)
    .bind(turn.auto_at)
    .bind(turn.turn_since)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets when the next reminder is due (`None`: no more for this wait) and
/// how many were sent.
pub async fn set_reminder(
    conn: &mut AnyConnection,
    game_id: i64,
    remind_at: Option<i64>,
    sent: i64,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET remind_at = $1, reminders_sent = $2 WHERE id = $3")
        .bind(remind_at)
        .bind(sent)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stops the game's reminders until its next move (its channel cannot be
/// reached).
pub async fn suspend_reminders(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET remind_at = NULL WHERE id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets when the automatic seat to act is due (`None`: nothing due).
pub async fn set_auto_at(
    conn: &mut AnyConnection,
    game_id: i64,
    at: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET auto_at = $1 WHERE id = $2")
        .bind(at)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_nudged(conn: &mut AnyConnection, game_id: i64, at: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET nudged_at = $1 WHERE id = $2")
        .bind(at)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_settings(
    conn: &mut AnyConnection,
    game_id: i64,
    settings: &Settings,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE games SET reminders_ms = $1, turn_limit_ms = $2, hints = $3, away_after_ms = $4, \
         clock = $5, clock_weekend_offset = $6, vacations = $7 WHERE id = $8",
    )
    .bind(settings.reminders)
    .bind(settings.turn_limit)
    .bind(i64::from(settings.hints))
    .bind(settings.away_after)
    .bind(settings.clock.map(|p| p.word()))
    .bind(
        settings
            .weekend_pause
            .map(|w| i64::from(w.offset_minutes())),
    )
    .bind(i64::from(settings.vacations))
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Running games whose reminder is due at `now`, earliest first.
pub async fn due_reminders(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> anyhow::Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE remind_at <= $1 AND status = 'running' \
         AND paused IS NULL ORDER BY remind_at LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(now)
        .bind(limit)
        .fetch_all(conn)
        .await?;
    rows.iter().map(game_row).collect()
}

/// Running games whose automatic seat is due at `now`.
pub async fn due_automatic(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM games WHERE auto_at <= $1 AND status = 'running' AND paused IS NULL \
         ORDER BY auto_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// The earliest time anything is due: a reminder, an automatic seat, a
/// message to deliver, a tournament round's deadline, a sign-up's closing
/// (once two have signed up); nothing of a paused game. Each is the first of its
/// index that is not paused.
pub async fn next_due(conn: &mut AnyConnection) -> anyhow::Result<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT MIN(t) FROM ( \
           SELECT MIN(remind_at) AS t FROM games WHERE remind_at IS NOT NULL AND paused IS NULL \
           UNION ALL SELECT MIN(auto_at) FROM games WHERE auto_at IS NOT NULL AND paused IS NULL \
           UNION ALL SELECT (SELECT o.due_at FROM outbox o WHERE NOT EXISTS \
             (SELECT 1 FROM games g WHERE g.id = o.game_id AND g.paused IS NOT NULL) \
             ORDER BY o.due_at LIMIT 1) \
           UNION ALL SELECT MIN(r.deadline_at_ms) FROM tournament_rounds r \
             JOIN tournaments t ON t.id = r.tournament_id \
             WHERE r.closed_at_ms IS NULL AND t.status = 'running' \
           UNION ALL SELECT MIN(t.closes_at_ms) FROM tournaments t \
             WHERE t.status = 'signup' AND t.closes_at_ms IS NOT NULL \
             AND (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) >= 2) \
           AS due",
    )
    .fetch_one(conn)
    .await?)
}

/// Running games where `user` must act, the longest wait first.
pub async fn waiting_for(conn: &mut AnyConnection, user: &str) -> anyhow::Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE to_act_user = $1 AND status = 'running' \
         ORDER BY waiting_since, id"
    );
    let rows = sqlx::query(&sql).bind(user).fetch_all(conn).await?;
    rows.iter().map(game_row).collect()
}

/// The running games where `user` holds a seat they play themselves (not
/// handed to the computer), oldest first.
pub async fn playing_in(conn: &mut AnyConnection, user: &str) -> anyhow::Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE status = 'running' AND id IN \
         (SELECT game_id FROM seats WHERE user_id = $1 AND auto IS NULL) ORDER BY id"
    );
    let rows = sqlx::query(&sql).bind(user).fetch_all(conn).await?;
    rows.iter().map(game_row).collect()
}
