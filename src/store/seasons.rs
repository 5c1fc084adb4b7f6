//! The seasons' tables: the length each place chose (`season_lengths`),
//! each season's running totals, added to as games are rated
//! (`season_people`, `season_counts`: a season under way is read by its
//! first people through the index of the ranked and its kept counts,
//! whatever its games and people), and the seasons kept once they ended
//! (`seasons_kept`, `season_standings`). `crate::tournament::season` makes
//! the standings, the referee decides who may do what.

use super::RatingChange;
use crate::tournament::season::{
    rank_season, Season, SeasonLength, SeasonLine, SeasonStandings, RANKED_FROM,
};
use sqlx::{AnyConnection, Row};

/// The length `scope` chose; `None` when it never chose.
pub async fn season_length(
    conn: &mut AnyConnection,
    scope: &str,
) -> anyhow::Result<Option<SeasonLength>> {
    let word: Option<String> =
        sqlx::query_scalar("SELECT length FROM season_lengths WHERE scope = $1")
            .bind(scope)
            .fetch_optional(conn)
            .await?;
    match word {
        None => Ok(None),
        Some(word) => SeasonLength::from_word(&word)
            .map(Some)
            .ok_or_else(|| anyhow::anyhow!("unknown season length '{word}' in season_lengths")),
    }
}

/// Sets the length of `scope`'s seasons.
pub async fn set_season_length(
    conn: &mut AnyConnection,
    scope: &str,
    length: SeasonLength,
    now: i64,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO season_lengths (scope, length, set_at_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (scope) DO UPDATE SET length = excluded.length, set_at_ms = excluded.set_at_ms",
    )
    .bind(scope)
    .bind(length.word())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The seasons a game finished at `finished_ms` counts in: its month and
/// its quarter, by name.
fn seasons_of(finished_ms: i64) -> Vec<String> {
    [SeasonLength::Month, SeasonLength::Quarter]
        .into_iter()
        .filter_map(|length| Season::at(finished_ms, length))
        .map(|season| season.to_string())
        .collect()
}

/// Adds one rated game's changes (those just written) to the running
/// totals of its seasons: the game counted, and each person's games, wins
/// and rating after it (their rating before it too, when it is their first
/// of the season). Games are rated in the order they finished (a late one
/// makes the place rated again from the start), so the last written is the
/// latest.
pub(super) async fn add_to_seasons(
    conn: &mut AnyConnection,
    game: &[&RatingChange],
) -> anyhow::Result<()> {
    let Some(first) = game.first() else {
        return Ok(());
    };
    if !season_totals_made(conn, &first.scope).await? {
        // A place's first rated game: its totals are whole from the start.
        let rated_before: Option<i64> = sqlx::query_scalar(
            "SELECT game_id FROM rating_changes WHERE scope = $1 AND game_id <> $2 LIMIT 1",
        )
        .bind(&first.scope)
        .bind(first.game_id)
        .fetch_optional(&mut *conn)
        .await?;
        if rated_before.is_none() {
            sqlx::query(
                "INSERT INTO season_totals_made (scope, made_at_ms) VALUES ($1, $2) \
                 ON CONFLICT (scope) DO NOTHING",
            )
            .bind(&first.scope)
            .bind(first.finished_ms)
            .execute(&mut *conn)
            .await?;
        }
    }
    for season in seasons_of(first.finished_ms) {
        // The season's people: one more at a person's first game of it,
        // one more ranked at their RANKED_FROM-th.
        let (mut people, mut ranked) = (0_i64, 0_i64);
        for c in game.iter().filter(|c| !c.computer && c.rated) {
            let games: i64 = sqlx::query_scalar(
                "INSERT INTO season_people AS t (scope, season, user_id, name, games, wins, \
                 mu_first, sigma_first, mu, sigma, estimate) \
                 VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (scope, season, user_id) DO UPDATE SET name = excluded.name, \
                 games = t.games + 1, wins = t.wins + excluded.wins, mu = excluded.mu, \
                 sigma = excluded.sigma, estimate = excluded.estimate RETURNING games",
            )
            .bind(&c.scope)
            .bind(&season)
            .bind(&c.user_id)
            .bind(&c.name)
            .bind(i64::from(c.place == 1))
            .bind(c.before.mu)
            .bind(c.before.sigma)
            .bind(c.after.mu)
            .bind(c.after.sigma)
            .bind(c.after.mu - 3.0 * c.after.sigma)
            .fetch_one(&mut *conn)
            .await?;
            people += i64::from(games == 1);
            ranked += i64::from(games == RANKED_FROM as i64);
        }
        // The game counted, with the people it brought.
        sqlx::query(
            "INSERT INTO season_counts AS t (scope, season, games, people, ranked) \
             VALUES ($1, $2, 1, $3, $4) ON CONFLICT (scope, season) DO UPDATE SET \
             games = t.games + 1, people = t.people + excluded.people, \
             ranked = t.ranked + excluded.ranked",
        )
        .bind(&first.scope)
        .bind(&season)
        .bind(people)
        .bind(ranked)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Forgets `scope`'s running season totals (its ratings are written again,
/// and the totals with them).
pub(super) async fn clear_season_totals(
    conn: &mut AnyConnection,
    scope: &str,
) -> anyhow::Result<()> {
    for table in ["season_people", "season_counts"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE scope = $1"))
            .bind(scope)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Whether `scope`'s season totals hold every rating change it had: made
/// from them ([`make_season_totals`]), or kept from its first rated game.
pub async fn season_totals_made(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<bool> {
    let made: Option<i64> =
        sqlx::query_scalar("SELECT made_at_ms FROM season_totals_made WHERE scope = $1")
            .bind(scope)
            .fetch_optional(conn)
            .await?;
    Ok(made.is_some())
}

/// Makes `scope`'s season totals from every rating change it has, in the
/// order they were rated, and remembers that it did: for a place rated
/// before the totals were kept. Once made, each rated game adds to them.
/// Call in a write transaction holding the place's ratings
/// ([`super::lock_ratings`]).
pub async fn make_season_totals(
    conn: &mut AnyConnection,
    scope: &str,
    now: i64,
) -> anyhow::Result<()> {
    clear_season_totals(conn, scope).await?;
    let changes = super::rating_changes_in_order(conn, scope).await?;
    for game in changes.chunk_by(|a, b| a.game_id == b.game_id) {
        let game: Vec<&RatingChange> = game.iter().collect();
        add_to_seasons(conn, &game).await?;
    }
    sqlx::query(
        "INSERT INTO season_totals_made (scope, made_at_ms) VALUES ($1, $2) \
         ON CONFLICT (scope) DO NOTHING",
    )
    .bind(scope)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Each person's part in the season `season` (its name) of `scope`, from
/// the running totals: one line a person, in no order; and how many rated
/// games it holds.
pub async fn season_totals(
    conn: &mut AnyConnection,
    scope: &str,
    season: &str,
) -> anyhow::Result<(Vec<SeasonLine>, i64)> {
    let rows = sqlx::query(&format!(
        "SELECT {SEASON_COLUMNS} FROM season_people WHERE scope = $1 AND season = $2"
    ))
    .bind(scope)
    .bind(season)
    .fetch_all(&mut *conn)
    .await?;
    let lines = rows
        .iter()
        .map(season_line)
        .collect::<anyhow::Result<Vec<_>>>()?;
    let games: Option<i64> =
        sqlx::query_scalar("SELECT games FROM season_counts WHERE scope = $1 AND season = $2")
            .bind(scope)
            .bind(season)
            .fetch_optional(conn)
            .await?;
    Ok((lines, games.unwrap_or(0)))
}

/// The columns of a person's part in a season.
const SEASON_COLUMNS: &str = "user_id, name, games, wins, mu_first, sigma_first, mu, sigma";

/// A person's part in a season, from its row.
fn season_line(r: &sqlx::any::AnyRow) -> anyhow::Result<SeasonLine> {
    let before: (f64, f64) = (r.try_get("mu_first")?, r.try_get("sigma_first")?);
    let rating: (f64, f64) = (r.try_get("mu")?, r.try_get("sigma")?);
    let count = |column: &str| -> anyhow::Result<usize> {
        Ok(usize::try_from(r.try_get::<i64, _>(column)?).unwrap_or(0))
    };
    let estimate = |(mu, sigma): (f64, f64)| mu - 3.0 * sigma;
    Ok(SeasonLine {
        user_id: r.try_get("user_id")?,
        name: r.try_get("name")?,
        games: count("games")?,
        wins: count("wins")?,
        rating,
        gained: estimate(rating) - estimate(before),
    })
}

/// The first of a season under way, from its running totals.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonTop {
    /// The first `n` people ranked, in the standings' order.
    pub first: Vec<SeasonLine>,
    /// People ranked in all.
    pub ranked: i64,
    /// People with fewer games than ranked.
    pub unranked: i64,
    /// Rated games in it.
    pub games: i64,
}

/// The first `n` ranked people of season `season` of `scope` and its
/// counts, from its running totals: through the index of the ranked by
/// their estimate and the season's kept counts, never a row for each of
/// its people. (The index orders by estimate and games; those level with
/// the `n`-th on both are all read, and the standings' order, names last,
/// is made of them by [`rank_season`].)
pub async fn season_top(
    conn: &mut AnyConnection,
    scope: &str,
    season: &str,
    n: usize,
) -> anyhow::Result<SeasonTop> {
    let ranked_rows = format!(
        "SELECT {SEASON_COLUMNS}, estimate FROM season_people \
         WHERE scope = $1 AND season = $2 AND games >= {RANKED_FROM}"
    );
    let first = sqlx::query(&format!(
        "{ranked_rows} ORDER BY estimate DESC, games DESC LIMIT $3"
    ))
    .bind(scope)
    .bind(season)
    .bind(i64::try_from(n).unwrap_or(i64::MAX))
    .fetch_all(&mut *conn)
    .await?;
    let mut lines = first
        .iter()
        .map(season_line)
        .collect::<anyhow::Result<Vec<_>>>()?;
    if let (Some(last), true) = (first.last(), first.len() == n) {
        let (estimate, games): (f64, i64) = (last.try_get("estimate")?, last.try_get("games")?);
        let level = sqlx::query(&format!("{ranked_rows} AND estimate = $3 AND games = $4"))
            .bind(scope)
            .bind(season)
            .bind(estimate)
            .bind(games)
            .fetch_all(&mut *conn)
            .await?;
        for r in &level {
            let line = season_line(r)?;
            if !lines.iter().any(|l| l.user_id == line.user_id) {
                lines.push(line);
            }
        }
    }
    let mut first = rank_season(lines).ranked;
    first.truncate(n);
    let counts: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT games, people, ranked FROM season_counts WHERE scope = $1 AND season = $2",
    )
    .bind(scope)
    .bind(season)
    .fetch_optional(conn)
    .await?;
    let (games, people, ranked) = counts.unwrap_or((0, 0, 0));
    Ok(SeasonTop {
        first,
        ranked,
        unranked: people - ranked,
        games,
    })
}

/// A season kept once it ended: its rated games and standings.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptSeason {
    pub games: i64,
    pub standings: SeasonStandings,
}

/// Season `season` of `scope` as it was kept, if it was.
pub async fn kept_season(
    conn: &mut AnyConnection,
    scope: &str,
    season: &str,
) -> anyhow::Result<Option<KeptSeason>> {
    let Some(kept) =
        sqlx::query("SELECT games, unranked FROM seasons_kept WHERE scope = $1 AND season = $2")
            .bind(scope)
            .bind(season)
            .fetch_optional(&mut *conn)
            .await?
    else {
        return Ok(None);
    };
    let rows = sqlx::query(
        "SELECT user_id, name, games, wins, mu, sigma, gained FROM season_standings \
         WHERE scope = $1 AND season = $2 ORDER BY line",
    )
    .bind(scope)
    .bind(season)
    .fetch_all(&mut *conn)
    .await?;
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    let ranked = rows
        .iter()
        .map(|r| {
            Ok(SeasonLine {
                user_id: r.try_get("user_id")?,
                name: r.try_get("name")?,
                games: count(r.try_get("games")?),
                wins: count(r.try_get("wins")?),
                rating: (r.try_get("mu")?, r.try_get("sigma")?),
                gained: r.try_get("gained")?,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Some(KeptSeason {
        games: kept.try_get("games")?,
        standings: SeasonStandings {
            ranked,
            unranked: count(kept.try_get("unranked")?),
        },
    }))
}

/// Keeps a season that ended, once: a second call (another process, a
/// later read) changes nothing.
pub async fn keep_season(
    conn: &mut AnyConnection,
    scope: &str,
    season: &str,
    kept: &KeptSeason,
    now: i64,
) -> anyhow::Result<()> {
    let unranked = i64::try_from(kept.standings.unranked).unwrap_or(i64::MAX);
    let inserted = sqlx::query(
        "INSERT INTO seasons_kept (scope, season, games, unranked, kept_at_ms) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(scope)
    .bind(season)
    .bind(kept.games)
    .bind(unranked)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(());
    }
    let n = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
    for (i, line) in kept.standings.ranked.iter().enumerate() {
        sqlx::query(
            "INSERT INTO season_standings (scope, season, line, user_id, name, games, wins, \
             mu, sigma, gained) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(scope)
        .bind(season)
        .bind(n(i + 1))
        .bind(&line.user_id)
        .bind(&line.name)
        .bind(n(line.games))
        .bind(n(line.wins))
        .bind(line.rating.0)
        .bind(line.rating.1)
        .bind(line.gained)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
