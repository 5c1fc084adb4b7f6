//! The gate the bot's processes take one at a time to connect to Discord.

use sqlx::AnyConnection;

// ----- the identify gate -----

/// Takes the gate to identify with Discord until `until` if it is free at
/// `now`; otherwise returns when it frees.
pub async fn take_identify_gate(
    conn: &mut AnyConnection,
    now: i64,
    until: i64,
) -> anyhow::Result<Option<i64>> {
    sqlx::query("INSERT INTO identify_gate (id, until_ms) VALUES (1, 0) ON CONFLICT DO NOTHING")
        .execute(&mut *conn)
        .await?;
    let taken =
        sqlx::query("UPDATE identify_gate SET until_ms = $1 WHERE id = 1 AND until_ms <= $2")
            .bind(until)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    if taken.rows_affected() == 1 {
        return Ok(None);
    }
    let frees: i64 = sqlx::query_scalar("SELECT until_ms FROM identify_gate WHERE id = 1")
        .fetch_one(conn)
        .await?;
    Ok(Some(frees))
}
