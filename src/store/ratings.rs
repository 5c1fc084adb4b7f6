//! The `rating_changes` and `ratings` tables: each seat's part in a rated
//! game with its rating before and after, and each player's current rating
//! in a place.
//!
//! The store keeps the rows; the referee decides places and computes the
//! ratings (`referee/ratings.rs`). The leaderboard reads `ratings` by its
//! index on the conservative estimate. How long each move took is in
//! `pace`.

use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// A rating: mean and deviation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Skill {
    pub mu: f64,
    pub sigma: f64,
}

impl Skill {
    /// The conservative estimate the leaderboard orders by: mu - 3 sigma.
    pub fn conservative(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// One seat's part in a rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub game_id: i64,
    pub seat: usize,
    pub scope: String,
    pub user_id: String,
    pub name: String,
    pub computer: bool,
    /// 1 the best; equal places are a tie.
    pub place: usize,
    /// Whether this seat's rating is updated (or it is an opponent only).
    pub rated: bool,
    pub finished_ms: i64,
    pub before: Skill,
    pub after: Skill,
}

/// A player's current rating in a place.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub user_id: String,
    pub name: String,
    pub computer: bool,
    pub skill: Skill,
    /// Games that updated it.
    pub games: i64,
}

/// A player's rating after one of their rated games.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub game_id: i64,
    pub place: usize,
    /// Seats in that game.
    pub players: i64,
    pub after: Skill,
}

const CHANGE_COLUMNS: &str = "game_id, seat, scope, user_id, name, computer, place, rated, \
     finished_ms, mu_before, sigma_before, mu_after, sigma_after";

fn change_row(r: &sqlx::any::AnyRow) -> anyhow::Result<RatingChange> {
    Ok(RatingChange {
        game_id: r.try_get("game_id")?,
        seat: r.try_get::<i64, _>("seat")? as usize,
        scope: r.try_get("scope")?,
        user_id: r.try_get("user_id")?,
        name: r.try_get("name")?,
        computer: r.try_get::<i64, _>("computer")? != 0,
        place: r.try_get::<i64, _>("place")? as usize,
        rated: r.try_get::<i64, _>("rated")? != 0,
        finished_ms: r.try_get("finished_ms")?,
        before: Skill {
            mu: r.try_get("mu_before")?,
            sigma: r.try_get("sigma_before")?,
        },
        after: Skill {
            mu: r.try_get("mu_after")?,
            sigma: r.try_get("sigma_after")?,
        },
    })
}

fn rating_row(r: &sqlx::any::AnyRow) -> anyhow::Result<RatingRow> {
    Ok(RatingRow {
        user_id: r.try_get("user_id")?,
        name: r.try_get("name")?,
        computer: r.try_get::<i64, _>("computer")? != 0,
        skill: Skill {
            mu: r.try_get("mu")?,
            sigma: r.try_get("sigma")?,
        },
        games: r.try_get("games")?,
    })
}

/// The first half of the two-part advisory keys that hold one place's
/// ratings on PostgreSQL ("AQUR"); the second half is the place's hash.
const RATING_LOCKS: i32 = 0x4151_5552;

/// Holds a place's ratings until the transaction ends, so that two games
/// of one server finishing at once in two channels (on PostgreSQL, side by
/// side) are rated one after the other, each from the other's result.
/// SQLite's write lock already holds the whole database.
pub async fn lock_ratings(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<()> {
    if conn.backend_name() == "PostgreSQL" {
        sqlx::query("SELECT 1 AS locked FROM pg_advisory_xact_lock($1, hashtext($2))")
            .bind(RATING_LOCKS)
            .bind(scope)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// The current ratings of these players in a place (those who have one).
pub async fn current_ratings(
    conn: &mut AnyConnection,
    scope: &str,
    user_ids: &[&str],
) -> anyhow::Result<HashMap<String, Skill>> {
    let mut out = HashMap::new();
    for id in user_ids {
        if out.contains_key(*id) {
            continue;
        }
        let row = sqlx::query("SELECT mu, sigma FROM ratings WHERE scope = $1 AND user_id = $2")
            .bind(scope)
            .bind(*id)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some(r) = row {
            out.insert(
                id.to_string(),
                Skill {
                    mu: r.try_get("mu")?,
                    sigma: r.try_get("sigma")?,
                },
            );
        }
    }
    Ok(out)
}

/// The last rated game of a place, as (finished_ms, game_id).
pub async fn last_rated(
    conn: &mut AnyConnection,
    scope: &str,
) -> anyhow::Result<Option<(i64, i64)>> {
    let row = sqlx::query(
        "SELECT finished_ms, game_id FROM rating_changes WHERE scope = $1 \
         ORDER BY finished_ms DESC, game_id DESC LIMIT 1",
    )
    .bind(scope)
    .fetch_optional(conn)
    .await?;
    row.map(|r| -> anyhow::Result<(i64, i64)> {
        Ok((r.try_get("finished_ms")?, r.try_get("game_id")?))
    })
    .transpose()
}

/// Writes a game's rating changes and sets each rated player's current
/// rating to its `after`. A game already written is left as it is.
pub async fn record_rating_changes(
    conn: &mut AnyConnection,
    changes: &[RatingChange],
) -> anyhow::Result<()> {
    let insert = format!(
        "INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES ({}) ON CONFLICT DO NOTHING",
        super::placeholders(1, 13)
    );
    // In one order, by player, as results are (two games finishing at once
    // lock the same rows in the same order).
    let mut sorted: Vec<&RatingChange> = changes.iter().collect();
    sorted.sort_by(|a, b| (&a.user_id, a.seat).cmp(&(&b.user_id, b.seat)));
    let mut written_now: Vec<&RatingChange> = Vec::with_capacity(sorted.len());
    for c in sorted {
        let written = sqlx::query(&insert)
            .bind(c.game_id)
            .bind(c.seat as i64)
            .bind(&c.scope)
            .bind(&c.user_id)
            .bind(&c.name)
            .bind(i64::from(c.computer))
            .bind(c.place as i64)
            .bind(i64::from(c.rated))
            .bind(c.finished_ms)
            .bind(c.before.mu)
            .bind(c.before.sigma)
            .bind(c.after.mu)
            .bind(c.after.sigma)
            .execute(&mut *conn)
            .await?
            .rows_affected();
        if written == 0 {
            continue;
        }
        written_now.push(c);
        if !c.rated {
            continue;
        }
        let rated = sqlx::query(
            "INSERT INTO ratings AS t (scope, user_id, name, computer, mu, sigma, conservative, \
             games, last_game) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) \
             ON CONFLICT (scope, user_id) DO UPDATE SET name = excluded.name, \
             computer = excluded.computer, mu = excluded.mu, sigma = excluded.sigma, \
             conservative = excluded.conservative, games = t.games + 1, \
             last_game = excluded.last_game RETURNING games",
        )
        .bind(&c.scope)
        .bind(&c.user_id)
        .bind(&c.name)
        .bind(i64::from(c.computer))
        .bind(c.after.mu)
        .bind(c.after.sigma)
        .bind(c.after.conservative())
        .bind(c.game_id)
        .fetch_one(&mut *conn)
        .await?;
        let games: i64 = rated.try_get("games")?;
        if games == 1 {
            // Rated in this place for the first time.
            sqlx::query(
                "INSERT INTO rated_counts AS r (scope, rated) VALUES ($1, 1) \
                 ON CONFLICT (scope) DO UPDATE SET rated = r.rated + 1",
            )
            .bind(&c.scope)
            .execute(&mut *conn)
            .await?;
        }
    }
    // The game's seasons, in the same transaction.
    super::seasons::add_to_seasons(conn, &written_now).await?;
    Ok(())
}

/// Every rating change of a place, in the order its games finished (and
/// seat by seat).
pub async fn rating_changes_in_order(
    conn: &mut AnyConnection,
    scope: &str,
) -> anyhow::Result<Vec<RatingChange>> {
    let rows = sqlx::query(&format!(
        "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE scope = $1 \
         ORDER BY finished_ms, game_id, seat"
    ))
    .bind(scope)
    .fetch_all(conn)
    .await?;
    rows.iter().map(change_row).collect()
}

/// Forgets a place's ratings and rating changes (to write them again), and
/// its seasons' running totals with them.
pub async fn clear_ratings(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<()> {
    super::seasons::clear_season_totals(conn, scope).await?;
    sqlx::query("DELETE FROM rating_changes WHERE scope = $1")
        .bind(scope)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM ratings WHERE scope = $1")
        .bind(scope)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM rated_counts WHERE scope = $1")
        .bind(scope)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Finished games that count (not practice) with no rating changes, with
/// their results written (so their places are known), oldest first.
pub async fn finished_without_ratings(conn: &mut AnyConnection) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM games WHERE status = 'finished' AND practice = 0 \
         AND NOT EXISTS (SELECT 1 FROM rating_changes r WHERE r.game_id = games.id) ORDER BY id",
    )
    .fetch_all(conn)
    .await?)
}

/// The best-rated players of a place by the conservative estimate,
/// computer levels included; `limit` at most.
pub async fn rating_board(
    conn: &mut AnyConnection,
    scope: &str,
    limit: i64,
) -> anyhow::Result<Vec<RatingRow>> {
    let rows = sqlx::query(
        "SELECT user_id, name, computer, mu, sigma, games FROM ratings WHERE scope = $1 \
         ORDER BY conservative DESC, user_id LIMIT $2",
    )
    .bind(scope)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter().map(rating_row).collect()
}

/// A player's current rating in a place, and their place on the board
/// (1 the best) with how many are on it.
pub async fn player_rating(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
) -> anyhow::Result<Option<(RatingRow, i64, i64)>> {
    let Some(row) = sqlx::query(
        "SELECT user_id, name, computer, mu, sigma, games, conservative FROM ratings \
         WHERE scope = $1 AND user_id = $2",
    )
    .bind(scope)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let estimate: f64 = row.try_get("conservative")?;
    // Two counts, each a range of the index on the estimates: those
    // above, then those level with a lower id. (Joined by OR in one
    // count, SQLite also read every rating of the place with a lower id;
    // the id compared as an expression (`|| ''`) so that SQLite does not
    // walk the key's range of lower ids either, a row a person.)
    let higher: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM ratings WHERE scope = $1 AND conservative > $2")
            .bind(scope)
            .bind(estimate)
            .fetch_one(&mut *conn)
            .await?;
    let level: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM ratings WHERE scope = $1 AND conservative = $2 \
         AND user_id || '' < $3",
    )
    .bind(scope)
    .bind(estimate)
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let above = higher + level;
    // How many are on the board: kept as they are first rated there.
    let all: i64 = sqlx::query_scalar("SELECT rated FROM rated_counts WHERE scope = $1")
        .bind(scope)
        .fetch_optional(&mut *conn)
        .await?
        .unwrap_or(0);
    Ok(Some((rating_row(&row)?, above + 1, all)))
}

/// A player's rating after each of their latest `limit` rated games, the
/// newest first.
pub async fn rating_history(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
    limit: i64,
) -> anyhow::Result<Vec<RatedGame>> {
    let rows = sqlx::query(
        "SELECT c.game_id, c.place, c.mu_after, c.sigma_after, \
         (SELECT COUNT(*) FROM rating_changes o WHERE o.game_id = c.game_id) AS players \
         FROM rating_changes c WHERE c.scope = $1 AND c.user_id = $2 AND c.rated = 1 \
         ORDER BY c.finished_ms DESC, c.game_id DESC LIMIT $3",
    )
    .bind(scope)
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(RatedGame {
                game_id: r.try_get("game_id")?,
                place: r.try_get::<i64, _>("place")? as usize,
                players: r.try_get("players")?,
                after: Skill {
                    mu: r.try_get("mu_after")?,
                    sigma: r.try_get("sigma_after")?,
                },
            })
        })
        .collect()
}

/// Games with counted moves or rating changes that no longer count (practice,
/// or neither running nor finished), with the place of their ratings if
/// they were rated.
pub async fn uncounted_games(
    conn: &mut AnyConnection,
) -> anyhow::Result<Vec<(i64, Option<String>)>> {
    // Games that never count (a lobby, abandoned), then practice games:
    // each read from the index of the games by status.
    let which = |games: &str| {
        format!(
            "SELECT g.id AS id, \
             (SELECT MAX(r.scope) FROM rating_changes r WHERE r.game_id = g.id) AS scope \
             FROM games g WHERE {games} \
             AND (EXISTS (SELECT 1 FROM paced_games p WHERE p.game_id = g.id) \
             OR EXISTS (SELECT 1 FROM rating_changes r WHERE r.game_id = g.id))"
        )
    };
    let rows = sqlx::query(&format!(
        "{} UNION ALL {} ORDER BY id",
        which("g.status IN ('lobby', 'abandoned') AND g.forfeited_by IS NULL"),
        which("g.status IN ('running', 'finished') AND g.practice <> 0")
    ))
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("scope")?)))
        .collect()
}

/// Forgets a game's rating changes (the place's ratings are then to be
/// recomputed).
pub async fn forget_rating_changes(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM rating_changes WHERE game_id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}
