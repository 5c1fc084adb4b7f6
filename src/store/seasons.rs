//! The seasons' tables: the length each place chose (`season_lengths`),
//! and the seasons kept once they ended (`seasons_kept`,
//! `season_standings`). A season under way is read from `rating_changes`
//! through its index by place and time; `crate::tournament::season` makes
//! the standings, the referee decides who may do what.

use crate::tournament::season::{SeasonGame, SeasonLength, SeasonLine, SeasonStandings};
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

/// Each person's part in the rated games of `scope` that finished in
/// `[from, to)`, in the order they were rated; and how many games those
/// were. Computer players are opponents only: their seats are left out.
pub async fn season_games(
    conn: &mut AnyConnection,
    scope: &str,
    from: i64,
    to: i64,
) -> anyhow::Result<(Vec<SeasonGame>, i64)> {
    let rows = sqlx::query(
        "SELECT game_id, user_id, name, place, computer, rated, mu_before, sigma_before, \
         mu_after, sigma_after FROM rating_changes \
         WHERE scope = $1 AND finished_ms >= $2 AND finished_ms < $3 \
         ORDER BY finished_ms, game_id, seat",
    )
    .bind(scope)
    .bind(from)
    .bind(to)
    .fetch_all(&mut *conn)
    .await?;
    let mut games = Vec::with_capacity(rows.len());
    let mut last_game = None;
    let mut count = 0;
    for r in &rows {
        let game: i64 = r.try_get("game_id")?;
        if last_game != Some(game) {
            count += 1;
            last_game = Some(game);
        }
        let person = r.try_get::<i64, _>("computer")? == 0 && r.try_get::<i64, _>("rated")? != 0;
        if !person {
            continue;
        }
        games.push(SeasonGame {
            user_id: r.try_get("user_id")?,
            name: r.try_get("name")?,
            place: usize::try_from(r.try_get::<i64, _>("place")?).unwrap_or(usize::MAX),
            before: (r.try_get("mu_before")?, r.try_get("sigma_before")?),
            after: (r.try_get("mu_after")?, r.try_get("sigma_after")?),
        });
    }
    Ok((games, count))
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
