//! How long people take to move, and what the medians are read from:
//! `pace` (each person's count of timed moves in a place, and the name of
//! their latest) and `pace_counts` (their moves counted by how long they
//! took), with `paced_games`, the games whose moves are in those counts.
//! A move's time is not kept: it is read from the log (the time since the
//! entry before it), when the move is appended and whenever a game's times
//! are needed again (the referee's `move_times`).
//!
//! A median is read from the counts, never from the times: the counts of a
//! person in a place are by the whole second under an hour and by the whole
//! minute from an hour ([`bucket`]; what `/aq past stats` shows of a time),
//! at two levels, the fine counts and their sums by sixty (the minute under
//! an hour, then the hour). Walking the sums up to the middle, then the
//! sixty fine counts of the one sum that holds it, reads a few dozen rows
//! however many moves the person made. The median is therefore the median
//! of the times each rounded down to its second (or minute): the same as
//! the exact one to what the stats show, but for an even count whose two
//! middle times fall in different seconds, where the mean of the two
//! rounded times may be shown a second (or minute) below the mean of the
//! exact ones.
//!
//! The counts are written in the transaction that times a move (and by the
//! bulk write of a game's times), taken out with a game's times
//! ([`forget_move_times`]), and counted again from a person's times for
//! the people whose older moves are timed later ([`recount_pace`]).

use sqlx::{AnyConnection, Row};
use std::collections::{BTreeMap, BTreeSet};

/// How long a person took to make one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTime {
    pub game_id: i64,
    pub seq: i64,
    pub scope: String,
    pub user_id: String,
    pub name: String,
    pub ms: i64,
}

/// A time's fine bucket: its whole second under an hour (0 to 3599), then
/// 3600 plus its whole minutes past the hour.
pub fn bucket(ms: i64) -> i64 {
    let ms = ms.max(0);
    if ms < 3_600_000 {
        ms / 1000
    } else {
        ms / 60_000 + 3540
    }
}

/// The time a fine bucket stands for: its second, or its minute.
pub fn bucket_ms(bucket: i64) -> i64 {
    if bucket < 3600 {
        bucket * 1000
    } else {
        (bucket - 3540) * 60_000
    }
}

/// Fine buckets to a coarse one.
const SPAN: i64 = 60;
/// The levels of `pace_counts`.
const FINE: i64 = 0;
const COARSE: i64 = 1;

/// Counts the time a move took, and marks its game as counted.
pub async fn record_move_time(conn: &mut AnyConnection, t: &MoveTime) -> anyhow::Result<()> {
    record_move_times(conn, std::slice::from_ref(t)).await
}

/// Rows written per statement: about 200 parameters (SQLite finds a
/// parameter by its name among all of a statement's, so a statement of
/// thousands binds in quadratic time).
const TIMES_PER_INSERT: usize = 32;

/// Counts the times moves took in their people's counts, and marks their
/// games as counted: the one write of move times, whether one move is
/// timed (in the transaction that appends it) or a game's moves are at
/// once (a game whose moves were not counted yet). Each move is counted by
/// the one transaction that writes it or fills its game in.
pub async fn record_move_times(conn: &mut AnyConnection, times: &[MoveTime]) -> anyhow::Result<()> {
    let games: BTreeSet<i64> = times.iter().map(|t| t.game_id).collect();
    for game in games {
        sqlx::query("INSERT INTO paced_games (game_id) VALUES ($1) ON CONFLICT DO NOTHING")
            .bind(game)
            .execute(&mut *conn)
            .await?;
    }
    let counted: Vec<&MoveTime> = times.iter().collect();
    count(conn, &counted, 1).await
}

/// Adds `sign` (1 or -1) times each of these moves to its person's counts
/// (a count taken down to nothing stays, at zero). Rows are written in one
/// order (the counts by key, then the people by key), so two transactions
/// that count moves of the same people never wait for each other in a
/// circle.
async fn count(conn: &mut AnyConnection, times: &[&MoveTime], sign: i64) -> anyhow::Result<()> {
    if times.is_empty() {
        return Ok(());
    }
    let mut counts: BTreeMap<(&str, &str, i64, i64), i64> = BTreeMap::new();
    let mut people: BTreeMap<(&str, &str), (i64, &MoveTime)> = BTreeMap::new();
    for t in times {
        let fine = bucket(t.ms);
        *counts
            .entry((&t.scope, &t.user_id, FINE, fine))
            .or_default() += sign;
        *counts
            .entry((&t.scope, &t.user_id, COARSE, fine / SPAN))
            .or_default() += sign;
        let person = people.entry((&t.scope, &t.user_id)).or_insert((0, t));
        person.0 += sign;
        if (t.game_id, t.seq) > (person.1.game_id, person.1.seq) {
            person.1 = t;
        }
    }
    let counts: Vec<_> = counts.into_iter().collect();
    for chunk in counts.chunks(TIMES_PER_INSERT) {
        let rows = (0..chunk.len())
            .map(|i| format!("({})", super::placeholders(1 + 5 * i, 5)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO pace_counts AS c (scope, user_id, level, bucket, moves) VALUES {rows} \
             ON CONFLICT (scope, user_id, level, bucket) DO UPDATE SET \
             moves = c.moves + excluded.moves"
        );
        let mut q = sqlx::query(&sql);
        for ((scope, user, level, bucket), n) in chunk {
            q = q
                .bind(*scope)
                .bind(*user)
                .bind(*level)
                .bind(*bucket)
                .bind(*n);
        }
        q.execute(&mut *conn).await?;
    }
    if sign < 0 {
        // Taken out: the name of the person's latest timed move stays.
        for ((scope, user), (n, _)) in people {
            sqlx::query("UPDATE pace SET moves = moves + $1 WHERE scope = $2 AND user_id = $3")
                .bind(n)
                .bind(scope)
                .bind(user)
                .execute(&mut *conn)
                .await?;
        }
        return Ok(());
    }
    let people: Vec<_> = people.into_iter().collect();
    for chunk in people.chunks(TIMES_PER_INSERT) {
        let rows = (0..chunk.len())
            .map(|i| format!("({})", super::placeholders(1 + 6 * i, 6)))
            .collect::<Vec<_>>()
            .join(", ");
        let newer = "(excluded.last_game > p.last_game OR (excluded.last_game = p.last_game \
                     AND excluded.last_seq > p.last_seq))";
        let sql = format!(
            "INSERT INTO pace AS p (scope, user_id, name, moves, last_game, last_seq) \
             VALUES {rows} ON CONFLICT (scope, user_id) DO UPDATE SET \
             moves = p.moves + excluded.moves, \
             name = CASE WHEN {newer} THEN excluded.name ELSE p.name END, \
             last_seq = CASE WHEN {newer} THEN excluded.last_seq ELSE p.last_seq END, \
             last_game = CASE WHEN {newer} THEN excluded.last_game ELSE p.last_game END"
        );
        let mut q = sqlx::query(&sql);
        for ((scope, user), (n, latest)) in chunk {
            q = q
                .bind(*scope)
                .bind(*user)
                .bind(&latest.name)
                .bind(*n)
                .bind(latest.game_id)
                .bind(latest.seq);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Running and finished games that count (not practice) whose moves are
/// not counted though people (no computer chose them, and the player's id
/// does not start with `computer_prefix`) made some: games whose log was
/// written before moves were timed, or whose mark was lost. A game's moves
/// are counted in the transactions that append them, all or none, so each
/// game is asked whether it is marked (through the key of the marks) and,
/// if not, whether a person moved in it (its log read up to the first such
/// move): two short reads a game, never the whole log.
pub async fn games_with_untimed_moves(
    conn: &mut AnyConnection,
    computer_prefix: &str,
) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT g.id FROM games g WHERE g.practice = 0 AND g.status IN ('running', 'finished') \
         AND NOT EXISTS (SELECT 1 FROM paced_games p WHERE p.game_id = g.id) \
         AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.kind = 'move' \
         AND m.auto IS NULL AND SUBSTR(m.user_id, 1, LENGTH($1)) <> $2) \
         ORDER BY g.id",
    )
    .bind(computer_prefix)
    .bind(computer_prefix)
    .fetch_all(conn)
    .await?)
}

/// Whether a game's moves are counted in their people's counts.
pub async fn paced(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<bool> {
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT game_id FROM paced_games WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(conn)
            .await?
            .is_some(),
    )
}

/// Takes a game's moves out of their people's counts (a game abandoned
/// counts in no figure), given their times as its log says them; nothing
/// for a game not counted.
pub async fn forget_move_times(
    conn: &mut AnyConnection,
    game_id: i64,
    times: &[MoveTime],
) -> anyhow::Result<()> {
    let marked = sqlx::query_scalar::<_, i64>(
        "DELETE FROM paced_games WHERE game_id = $1 RETURNING game_id",
    )
    .bind(game_id)
    .fetch_optional(&mut *conn)
    .await?;
    if marked.is_none() {
        return Ok(());
    }
    let times: Vec<&MoveTime> = times.iter().filter(|t| t.game_id == game_id).collect();
    count(conn, &times, -1).await
}

/// The counted games a person sat in, oldest first (through the index of
/// the seats by person).
pub async fn paced_games_of(conn: &mut AnyConnection, user_id: &str) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT s.game_id FROM seats s JOIN paced_games p ON p.game_id = s.game_id \
         WHERE s.user_id = $1 ORDER BY s.game_id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?)
}

/// Counts a person's moves in a place again from all their times: for
/// when older moves were timed, or marks lost.
pub async fn recount_pace(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
    times: &[MoveTime],
) -> anyhow::Result<()> {
    for table in ["pace_counts", "pace"] {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE scope = $1 AND user_id = $2"
        ))
        .bind(scope)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    }
    let times: Vec<&MoveTime> = times
        .iter()
        .filter(|t| t.scope == scope && t.user_id == user_id)
        .collect();
    count(conn, &times, 1).await
}

/// A player's median time to move and how many moves it is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeToMove {
    pub user_id: String,
    pub name: String,
    pub moves: i64,
    pub median_ms: i64,
}

/// The median of sorted values: the middle one, or the mean of the two in
/// the middle (rounded down).
fn median_of(sorted: &[i64]) -> i64 {
    match sorted.len() {
        0 => 0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// The times (each its bucket's) of ranks `ranks` (from 1, ascending, the
/// last at most one above the first: a median's) among a person's counted
/// moves in a place: the coarse counts summed in order up to the first
/// rank, then the fine counts of the coarse buckets that hold them, summed
/// the same way. The database sums: two rows come back from each, however
/// many moves and buckets.
async fn at_ranks(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
    ranks: &[i64],
) -> anyhow::Result<Vec<i64>> {
    let (Some(&first), Some(&last)) = (ranks.first(), ranks.last()) else {
        return Ok(Vec::new());
    };
    // The first two buckets of a level (in `from..to`) whose moves, summed
    // in order, reach a rank: the second is the next with any moves, where
    // a rank one higher falls when the first does not hold it. Each with
    // the sum up to it and its own moves.
    let reaching = "SELECT bucket, upto, moves FROM (SELECT bucket, moves, \
         CAST(SUM(moves) OVER (ORDER BY bucket ROWS UNBOUNDED PRECEDING) AS BIGINT) AS upto \
         FROM pace_counts WHERE scope = $1 AND user_id = $2 AND level = $3 \
         AND bucket >= $4 AND bucket < $5 AND moves > 0) AS c \
         WHERE upto >= $6 ORDER BY bucket LIMIT 2";
    // The bucket of `rank` among rows whose sums start after `before` moves.
    let holding = |rows: &[(i64, i64, i64)], rank: i64, before: i64| {
        rows.iter()
            .copied()
            .find(|&(_, upto, _)| before + upto >= rank)
    };
    let coarse: Vec<(i64, i64, i64)> = sqlx::query_as(reaching)
        .bind(scope)
        .bind(user_id)
        .bind(COARSE)
        .bind(0_i64)
        .bind(i64::MAX)
        .bind(first)
        .fetch_all(&mut *conn)
        .await?;
    let (Some((low, upto, moves)), Some((high, _, _))) =
        (holding(&coarse, first, 0), holding(&coarse, last, 0))
    else {
        return Ok(Vec::new());
    };
    // The moves before the first rank's coarse bucket.
    let before = upto - moves;
    let fine: Vec<(i64, i64, i64)> = sqlx::query_as(reaching)
        .bind(scope)
        .bind(user_id)
        .bind(FINE)
        .bind(low * SPAN)
        .bind((high + 1) * SPAN)
        .bind(first - before)
        .fetch_all(&mut *conn)
        .await?;
    Ok(ranks
        .iter()
        .filter_map(|&rank| holding(&fine, rank, before).map(|(bucket, _, _)| bucket_ms(bucket)))
        .collect())
}

/// A player's median time to move in a place from their counts: the
/// middle of their `moves` times, or the mean of the two in the middle.
async fn median_in(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
    moves: i64,
) -> anyhow::Result<i64> {
    let ranks = if moves % 2 == 1 {
        vec![(moves + 1) / 2]
    } else {
        vec![moves / 2, moves / 2 + 1]
    };
    Ok(median_of(&at_ranks(conn, scope, user_id, &ranks).await?))
}

/// The median time to move of the people of a place with the most finished
/// games there (`limit` at most; those with timed moves), most moves first.
/// Each reads their count and a few dozen of their counts of moves: the
/// cost follows the people shown, not the moves.
pub async fn pace_board(
    conn: &mut AnyConnection,
    scope: &str,
    limit: i64,
) -> anyhow::Result<Vec<TimeToMove>> {
    let rows = sqlx::query(
        "SELECT user_id, name FROM player_totals WHERE scope = $1 AND computer = 0 \
         ORDER BY games DESC, user_id LIMIT $2",
    )
    .bind(scope)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let user_id: String = r.try_get("user_id")?;
        if let Some(mut pace) = player_pace(conn, scope, &user_id).await? {
            pace.name = r.try_get("name")?;
            out.push(pace);
        }
    }
    out.sort_by(|a, b| {
        b.moves
            .cmp(&a.moves)
            .then_with(|| a.user_id.cmp(&b.user_id))
    });
    Ok(out)
}

/// A player's median time to move in a place, if they have moved there;
/// with the name of their latest timed move.
pub async fn player_pace(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
) -> anyhow::Result<Option<TimeToMove>> {
    let row: Option<(String, i64)> =
        sqlx::query_as("SELECT name, moves FROM pace WHERE scope = $1 AND user_id = $2")
            .bind(scope)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((name, moves)) = row.filter(|(_, moves)| *moves > 0) else {
        return Ok(None);
    };
    let median_ms = median_in(conn, scope, user_id, moves).await?;
    Ok(Some(TimeToMove {
        user_id: user_id.to_string(),
        name,
        moves,
        median_ms,
    }))
}

/// The median time to move of each person in one game, most moves first
/// (then by id, as [`pace_board`]): from the game's own times, exact.
pub fn game_pace(times: &[MoveTime]) -> Vec<TimeToMove> {
    let mut order: Vec<(&str, &str, Vec<i64>)> = Vec::new();
    for t in times {
        match order.iter_mut().find(|(id, _, _)| *id == t.user_id) {
            Some((_, _, times)) => times.push(t.ms),
            None => order.push((&t.user_id, &t.name, vec![t.ms])),
        }
    }
    let mut pace: Vec<TimeToMove> = order
        .into_iter()
        .map(|(user_id, name, mut times)| {
            times.sort_unstable();
            TimeToMove {
                user_id: user_id.to_string(),
                name: name.to_string(),
                moves: times.len() as i64,
                median_ms: median_of(&times),
            }
        })
        .collect();
    pace.sort_by(|a, b| {
        b.moves
            .cmp(&a.moves)
            .then_with(|| a.user_id.cmp(&b.user_id))
    });
    pace
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_stands_for_its_second_under_an_hour_and_its_minute_after() {
        assert_eq!(bucket(0), 0);
        assert_eq!(bucket(1_999), 1);
        assert_eq!(bucket(3_599_999), 3599);
        assert_eq!(bucket(3_600_000), 3600);
        assert_eq!(bucket(3_659_999), 3600);
        assert_eq!(bucket(7_200_000), 3660);
        for ms in [
            0, 999, 59_999, 61_500, 3_599_999, 3_600_000, 5_000_000, 90_000_000,
        ] {
            let b = bucket(ms);
            assert!(bucket_ms(b) <= ms, "{ms}");
            assert_eq!(bucket(bucket_ms(b)), b, "{ms}");
        }
        // Sixty fine buckets to a coarse one: the minute, then the hour.
        assert_eq!(bucket(59_999) / SPAN, 0);
        assert_eq!(bucket(60_000) / SPAN, 1);
        assert_eq!(bucket(3_600_000) / SPAN, 60);
        assert_eq!(bucket(7_199_999) / SPAN, 60);
        assert_eq!(bucket(7_200_000) / SPAN, 61);
    }
}
