//! The `results` and `player_totals` tables: each seat's result in each
//! finished game, and their sums by player and place, which `/aq stats` reads.
//!
//! A result is written once (its key is the game and seat); writing it adds
//! it to the player's totals in the same statement batch, so the two stay in
//! step inside the transaction that finishes the game. [`rebuild_totals`]
//! recomputes players' totals from their results, for when older results
//! are filled in. Stats read only `player_totals` (a row per player) and an
//! index of finished games: their cost does not grow with the games played.
//! Practice games have no results and are not counted among the finished.

use crate::engine::Animal;
use sqlx::{AnyConnection, Row};

/// The fewest finished games that put a person on a place's leaderboard.
/// The place's count of them is kept as games finish (`place_totals.ranked`,
/// migration 20261208000100 counts from the same number).
pub const RANKED_FROM: i64 = 3;

/// The place stats are kept for: the server, or the channel of a game
/// without one.
pub fn scope_key(guild: Option<&str>, channel: &str) -> String {
    match guild {
        Some(g) => g.to_string(),
        None => format!("channel:{channel}"),
    }
}

/// Tiles of each animal, in the box's order ([`Animal::ALL`]).
pub type AnimalCounts = [i64; 8];

/// One seat's result in a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewResult {
    pub game_id: i64,
    pub seat: usize,
    pub guild: Option<String>,
    pub channel: String,
    /// The person's id, or one id per computer level.
    pub user_id: String,
    pub name: String,
    pub computer: bool,
    pub score: i64,
    pub won: bool,
    pub ended_at: String,
    /// Animal tiles in the zoo at the end.
    pub animals: AnimalCounts,
}

/// A player's sums in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    pub user_id: String,
    /// Their name in their latest game.
    pub name: String,
    pub computer: bool,
    pub games: i64,
    pub wins: i64,
    pub score_sum: i64,
    pub best: i64,
    /// The first game with the best score.
    pub best_game: i64,
    pub animals: AnimalCounts,
}

impl Totals {
    pub fn average(&self) -> f64 {
        self.score_sum as f64 / self.games.max(1) as f64
    }

    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
}

/// A place's sums over every player, computer players included.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlaceTotals {
    /// Seats in finished games.
    pub seats: i64,
    pub score_sum: i64,
    /// Wins of computer players.
    pub computer_wins: i64,
    pub animals: AnimalCounts,
    /// The best score, whose it was and in which game.
    pub best: Option<(i64, String, i64)>,
}

/// `dolphin, orca, ...`: the animal columns, in the box's order.
fn animal_columns(prefix: &str, suffix: &str) -> String {
    Animal::ALL
        .iter()
        .map(|a| format!("{prefix}{}{suffix}", a.word()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn animals_of(row: &sqlx::any::AnyRow) -> anyhow::Result<AnimalCounts> {
    let mut counts = [0; 8];
    for (n, a) in counts.iter_mut().zip(Animal::ALL) {
        *n = row.try_get::<Option<i64>, _>(a.word())?.unwrap_or(0);
    }
    Ok(counts)
}

/// Writes the results of a finished game and adds each new one to its
/// player's totals and its place's. A result already written is left as it
/// is (and not counted twice).
pub async fn record_results(conn: &mut AnyConnection, results: &[NewResult]) -> anyhow::Result<()> {
    let insert = format!(
        "INSERT INTO results (game_id, seat, guild, channel, scope, user_id, name, \
         computer, score, won, ended_at, {}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, {}) \
         ON CONFLICT DO NOTHING",
        animal_columns("", ""),
        super::placeholders(12, 8)
    );
    let add = format!(
        "INSERT INTO player_totals AS t (scope, user_id, name, computer, games, wins, score_sum, \
         best, best_game, last_game, {}) VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, {}) \
         ON CONFLICT (scope, user_id) DO UPDATE SET \
         name = CASE WHEN excluded.last_game > t.last_game THEN excluded.name ELSE t.name END, \
         computer = excluded.computer, \
         games = t.games + 1, wins = t.wins + excluded.wins, \
         score_sum = t.score_sum + excluded.score_sum, \
         best_game = CASE WHEN excluded.best > t.best \
             OR (excluded.best = t.best AND excluded.best_game < t.best_game) \
             THEN excluded.best_game ELSE t.best_game END, \
         best = CASE WHEN excluded.best > t.best THEN excluded.best ELSE t.best END, \
         last_game = CASE WHEN excluded.last_game > t.last_game \
             THEN excluded.last_game ELSE t.last_game END, {} RETURNING games, computer",
        animal_columns("", ""),
        super::placeholders(10, 8),
        Animal::ALL
            .iter()
            .map(|a| format!("{0} = t.{0} + excluded.{0}", a.word()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let place = format!(
        "INSERT INTO place_totals AS p (scope, seats, score_sum, computer_wins, people, ranked, {}) \
         VALUES ($1, 1, $2, $3, $4, $5, {}) ON CONFLICT (scope) DO UPDATE SET seats = p.seats + 1, \
         score_sum = p.score_sum + excluded.score_sum, \
         computer_wins = p.computer_wins + excluded.computer_wins, \
         people = p.people + excluded.people, ranked = p.ranked + excluded.ranked, {}",
        animal_columns("", ""),
        super::placeholders(6, 8),
        Animal::ALL
            .iter()
            .map(|a| format!("{0} = p.{0} + excluded.{0}", a.word()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    // In one order, by player: two games ending at once in two channels
    // (on PostgreSQL, side by side) lock their players' totals in the same
    // order, so neither waits for the other in a circle.
    let mut results: Vec<&NewResult> = results.iter().collect();
    results.sort_by(|a, b| (&a.user_id, a.seat).cmp(&(&b.user_id, b.seat)));
    for r in results {
        let scope = scope_key(r.guild.as_deref(), &r.channel);
        let mut q = sqlx::query(&insert)
            .bind(r.game_id)
            .bind(r.seat as i64)
            .bind(r.guild.as_deref())
            .bind(&r.channel)
            .bind(&scope)
            .bind(&r.user_id)
            .bind(&r.name)
            .bind(i64::from(r.computer))
            .bind(r.score)
            .bind(i64::from(r.won))
            .bind(&r.ended_at);
        for n in r.animals {
            q = q.bind(n);
        }
        if q.execute(&mut *conn).await?.rows_affected() == 0 {
            continue;
        }
        let mut q = sqlx::query(&add)
            .bind(&scope)
            .bind(&r.user_id)
            .bind(&r.name)
            .bind(i64::from(r.computer))
            .bind(i64::from(r.won))
            .bind(r.score)
            .bind(r.score)
            .bind(r.game_id)
            .bind(r.game_id);
        for n in r.animals {
            q = q.bind(n);
        }
        let row = q.fetch_one(&mut *conn).await?;
        let (games, computer): (i64, i64) = (row.try_get("games")?, row.try_get("computer")?);
        // The place's people: one more at their first game there, one more
        // ranked at their RANKED_FROM-th.
        let person = computer == 0;
        let mut q = sqlx::query(&place)
            .bind(&scope)
            .bind(r.score)
            .bind(i64::from(r.computer && r.won))
            .bind(i64::from(person && games == 1))
            .bind(i64::from(person && games == RANKED_FROM));
        for n in r.animals {
            q = q.bind(n);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Finished games that count (not practice) with no results written, oldest
/// first.
pub async fn finished_without_results(conn: &mut AnyConnection) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM games WHERE status = 'finished' AND practice = 0 \
         AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id) ORDER BY id",
    )
    .fetch_all(conn)
    .await?)
}

/// Recomputes these players' totals, given as (scope, user id), from their
/// results.
pub async fn rebuild_totals(
    conn: &mut AnyConnection,
    players: &[(String, String)],
) -> anyhow::Result<()> {
    let sums = Animal::ALL
        .iter()
        .map(|a| format!("SUM({})", a.word()))
        .collect::<Vec<_>>()
        .join(", ");
    let insert = format!(
        "INSERT INTO player_totals (scope, user_id, name, computer, games, wins, score_sum, \
         best, best_game, last_game, {}) \
         SELECT scope, user_id, '', MAX(computer), COUNT(*), SUM(won), SUM(score), MAX(score), 0, \
         MAX(game_id), {sums} FROM results WHERE scope = $1 AND user_id = $2 GROUP BY scope, user_id",
        animal_columns("", "")
    );
    for (scope, user_id) in players {
        sqlx::query("DELETE FROM player_totals WHERE scope = $1 AND user_id = $2")
            .bind(scope)
            .bind(user_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query(&insert)
            .bind(scope)
            .bind(user_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query(
            "UPDATE player_totals SET \
             name = (SELECT r.name FROM results r WHERE r.scope = player_totals.scope \
                 AND r.user_id = player_totals.user_id AND r.game_id = player_totals.last_game \
                 ORDER BY r.seat LIMIT 1), \
             best_game = (SELECT MIN(r.game_id) FROM results r WHERE r.scope = player_totals.scope \
                 AND r.user_id = player_totals.user_id AND r.score = player_totals.best) \
             WHERE scope = $1 AND user_id = $2",
        )
        .bind(scope)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

const TOTALS_COLUMNS: &str = "user_id, name, computer, games, wins, score_sum, best, best_game";

fn totals_row(row: &sqlx::any::AnyRow) -> anyhow::Result<Totals> {
    Ok(Totals {
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        computer: row.try_get::<i64, _>("computer")? != 0,
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        score_sum: row.try_get("score_sum")?,
        best: row.try_get("best")?,
        best_game: row.try_get("best_game")?,
        animals: animals_of(row)?,
    })
}

/// A player's totals in a place: by id, or else by their latest name
/// (case-insensitive; the most recent player of that name).
pub async fn player_totals(
    conn: &mut AnyConnection,
    scope: &str,
    id: &str,
    name: &str,
) -> anyhow::Result<Option<Totals>> {
    let by_id = format!(
        "SELECT {TOTALS_COLUMNS}, {} FROM player_totals WHERE scope = $1 AND user_id = $2",
        animal_columns("", "")
    );
    if let Some(row) = sqlx::query(&by_id)
        .bind(scope)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    {
        return totals_row(&row).map(Some);
    }
    let by_name = format!(
        "SELECT {TOTALS_COLUMNS}, {} FROM player_totals WHERE scope = $1 AND LOWER(name) = LOWER($2) \
         ORDER BY last_game DESC LIMIT 1",
        animal_columns("", "")
    );
    let row = sqlx::query(&by_name)
        .bind(scope)
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(totals_row).transpose()
}

/// The people of a place with at least `min_games` finished games, best
/// first: most wins, then the best win rate, then the best average, then by
/// name. Computer players are never ranked. `limit`: how many at most.
pub async fn ranking(
    conn: &mut AnyConnection,
    scope: &str,
    min_games: i64,
    limit: Option<i64>,
) -> anyhow::Result<Vec<Totals>> {
    // `+games`: the fewest games is a filter on the walk of the
    // leaderboard's index (player_totals_leaders), which stops at `limit`;
    // as a bound on an index of the games (SQLite's planner prefers it) it
    // would read every ranked person of the place to sort them.
    let sql = format!(
        "SELECT {TOTALS_COLUMNS}, {} FROM player_totals \
         WHERE scope = $1 AND computer = 0 AND +games >= $2 \
         ORDER BY wins DESC, CAST(wins AS DOUBLE PRECISION) / games DESC, \
         CAST(score_sum AS DOUBLE PRECISION) / games DESC, name, user_id LIMIT $3",
        animal_columns("", "")
    );
    let rows = sqlx::query(&sql)
        .bind(scope)
        .bind(min_games)
        .bind(limit.unwrap_or(i64::MAX))
        .fetch_all(conn)
        .await?;
    rows.iter().map(totals_row).collect()
}

/// A person's place on a place's leaderboard ([`ranking`]'s order, at
/// least [`RANKED_FROM`] games) and how many are on it: `None` when they
/// are not on it (a computer player, or too few finished games). The people
/// ahead of them are counted through the leaderboard's index (`+o.games`:
/// the walk goes down it from the most wins to theirs, as many entries as
/// people are ahead or level; on the index of the games it would read every
/// ranked person); how many are on it is the place's kept count.
pub async fn rank_of(
    conn: &mut AnyConnection,
    scope: &str,
    user_id: &str,
) -> anyhow::Result<Option<(i64, i64)>> {
    let ratio = |t: &str| format!("CAST({t}.wins AS DOUBLE PRECISION) / {t}.games");
    let average = |t: &str| format!("CAST({t}.score_sum AS DOUBLE PRECISION) / {t}.games");
    let (ro, rm, ao, am) = (ratio("o"), ratio("m"), average("o"), average("m"));
    let sql = format!(
        "SELECT (SELECT COUNT(*) FROM player_totals o WHERE o.scope = $1 AND o.computer = 0 \
         AND +o.games >= $2 AND o.wins >= m.wins AND (o.wins > m.wins OR {ro} > {rm} \
         OR ({ro} = {rm} AND ({ao} > {am} OR ({ao} = {am} AND (o.name < m.name \
         OR (o.name = m.name AND o.user_id < m.user_id))))))) AS above \
         FROM player_totals m WHERE m.scope = $3 AND m.user_id = $4 AND m.computer = 0 \
         AND m.games >= $5"
    );
    let above: Option<i64> = sqlx::query_scalar(&sql)
        .bind(scope)
        .bind(RANKED_FROM)
        .bind(scope)
        .bind(user_id)
        .bind(RANKED_FROM)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(above) = above else {
        return Ok(None);
    };
    let ranked: Option<i64> =
        sqlx::query_scalar("SELECT ranked FROM place_totals WHERE scope = $1")
            .bind(scope)
            .fetch_optional(conn)
            .await?;
    Ok(Some((above + 1, ranked.unwrap_or(0))))
}

/// How many people of a place have fewer than [`RANKED_FROM`] finished
/// games: the place's kept counts.
pub async fn unranked_people(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<i64> {
    let counts: Option<(i64, i64)> =
        sqlx::query_as("SELECT people, ranked FROM place_totals WHERE scope = $1")
            .bind(scope)
            .fetch_optional(conn)
            .await?;
    Ok(counts.map_or(0, |(people, ranked)| people - ranked))
}

/// A place's sums over every player: its row of sums, and its best score
/// through the index on the best scores.
pub async fn place_totals(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<PlaceTotals> {
    let sql = format!(
        "SELECT seats, score_sum, computer_wins, {} FROM place_totals WHERE scope = $1",
        animal_columns("", "")
    );
    let row = sqlx::query(&sql)
        .bind(scope)
        .fetch_optional(&mut *conn)
        .await?;
    let best = sqlx::query(
        "SELECT best, name, best_game FROM player_totals WHERE scope = $1 \
         ORDER BY best DESC, best_game, user_id LIMIT 1",
    )
    .bind(scope)
    .fetch_optional(&mut *conn)
    .await?
    .map(|r| -> anyhow::Result<(i64, String, i64)> {
        Ok((
            r.try_get("best")?,
            r.try_get("name")?,
            r.try_get("best_game")?,
        ))
    })
    .transpose()?;
    let Some(row) = row else {
        return Ok(PlaceTotals {
            best,
            ..PlaceTotals::default()
        });
    };
    Ok(PlaceTotals {
        seats: row.try_get("seats")?,
        score_sum: row.try_get("score_sum")?,
        computer_wins: row.try_get("computer_wins")?,
        animals: animals_of(&row)?,
        best,
    })
}

/// The condition on `games` for a place (`scope_key`'s), and its key.
fn place_of(scope: &str) -> (&'static str, &str) {
    match scope.strip_prefix("channel:") {
        Some(channel) => ("guild IS NULL AND channel = $1", channel),
        None => ("guild = $1", scope),
    }
}

/// Recomputes these places' figures from their games and their players'
/// totals: for when older games are filled in or taken out (after
/// [`rebuild_totals`]).
pub async fn rebuild_place_totals(
    conn: &mut AnyConnection,
    scopes: &[String],
) -> anyhow::Result<()> {
    let sums = Animal::ALL
        .iter()
        .map(|a| format!("COALESCE(SUM({}), 0)", a.word()))
        .collect::<Vec<_>>()
        .join(", ");
    let columns = animal_columns("", "");
    let totals = format!(
        "UPDATE place_totals SET (seats, score_sum, computer_wins, people, ranked, {columns}) = \
         (SELECT COALESCE(SUM(games), 0), \
         COALESCE(SUM(score_sum), 0), \
         COALESCE(SUM(CASE WHEN computer <> 0 THEN wins ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN computer = 0 THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN computer = 0 AND games >= {RANKED_FROM} THEN 1 ELSE 0 END), 0), \
         {sums} FROM player_totals WHERE scope = $1) WHERE scope = $2"
    );
    for scope in scopes {
        let (filter, key) = place_of(scope);
        sqlx::query("DELETE FROM place_totals WHERE scope = $1")
            .bind(scope)
            .execute(&mut *conn)
            .await?;
        sqlx::query(&format!(
            "INSERT INTO place_totals (scope, games, finished) SELECT $2, COUNT(*), \
             COALESCE(SUM(CASE WHEN status = 'finished' AND practice = 0 THEN 1 ELSE 0 END), 0) \
             FROM games WHERE {filter}"
        ))
        .bind(key)
        .bind(scope)
        .execute(&mut *conn)
        .await?;
        sqlx::query(&totals)
            .bind(scope)
            .bind(scope)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Finished games that count (not practice) of a server, or, without one,
/// of a channel: its count, kept as games finish.
pub async fn finished_games(
    conn: &mut AnyConnection,
    guild: Option<&str>,
    channel: &str,
) -> anyhow::Result<i64> {
    let finished: Option<i64> =
        sqlx::query_scalar("SELECT finished FROM place_totals WHERE scope = $1")
            .bind(scope_key(guild, channel))
            .fetch_optional(conn)
            .await?;
    Ok(finished.unwrap_or(0))
}
