//! Votes to remove the idle player to act, and votes to abandon a running
//! game, each for the wait (the log's length) it was cast in.

use sqlx::AnyConnection;

// ----- kick votes -----

/// Records a vote against the wait at log length `seq`; false if this voter
/// already voted in it.
pub async fn add_kick_vote(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
    voter: &str,
    at: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO kick_votes (game_id, seq, voter, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind(game_id)
    .bind(seq)
    .bind(voter)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The voters against the wait at log length `seq`.
pub async fn kick_votes(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT voter FROM kick_votes WHERE game_id = $1 AND seq = $2 ORDER BY at",
    )
    .bind(game_id)
    .bind(seq)
    .fetch_all(conn)
    .await?)
}

// ----- abandon votes -----

/// Records a vote to abandon the game at log length `seq`; false if this
/// voter already voted there.
pub async fn add_abandon_vote(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
    voter: &str,
    at: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO abandon_votes (game_id, seq, voter, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind(game_id)
    .bind(seq)
    .bind(voter)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The voters to abandon the game at log length `seq`.
pub async fn abandon_votes(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT voter FROM abandon_votes WHERE game_id = $1 AND seq = $2 ORDER BY at, voter",
    )
    .bind(game_id)
    .bind(seq)
    .fetch_all(conn)
    .await?)
}
