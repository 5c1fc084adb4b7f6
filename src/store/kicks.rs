//! Votes to remove the idle player to act, and votes to abandon a running
//! game, each for the wait (the log's length) it was cast in.

use sqlx::AnyConnection;

/// What a vote is cast for: each kind has its own table, of the same
/// columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ballot {
    /// To remove the idle player to act (`kick_votes`).
    Kick,
    /// To abandon a running game (`abandon_votes`).
    Abandon,
}

impl Ballot {
    fn insert(self) -> &'static str {
        match self {
            Ballot::Kick => {
                "INSERT INTO kick_votes (game_id, seq, voter, at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING"
            }
            Ballot::Abandon => {
                "INSERT INTO abandon_votes (game_id, seq, voter, at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING"
            }
        }
    }

    fn voters(self) -> &'static str {
        match self {
            Ballot::Kick => {
                "SELECT voter FROM kick_votes WHERE game_id = $1 AND seq = $2 ORDER BY at, voter"
            }
            Ballot::Abandon => {
                "SELECT voter FROM abandon_votes WHERE game_id = $1 AND seq = $2 \
                 ORDER BY at, voter"
            }
        }
    }
}

/// Records `voter`'s vote of kind `ballot` in the wait at log length `seq`;
/// false if they already voted there.
pub async fn add_vote(
    conn: &mut AnyConnection,
    ballot: Ballot,
    game_id: i64,
    seq: i64,
    voter: &str,
    at: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(ballot.insert())
        .bind(game_id)
        .bind(seq)
        .bind(voter)
        .bind(at)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The voters of kind `ballot` in the wait at log length `seq`, the first
/// first.
pub async fn votes(
    conn: &mut AnyConnection,
    ballot: Ballot,
    game_id: i64,
    seq: i64,
) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(ballot.voters())
        .bind(game_id)
        .bind(seq)
        .fetch_all(conn)
        .await?)
}
