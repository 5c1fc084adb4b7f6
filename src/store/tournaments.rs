//! The `tournaments` table and its companions: a tournament opened in a
//! channel (its format, table size, rounds, clock, round deadline, whether
//! it is rated and whether vacations pause it), who signed up and in what
//! order (`tournament_entrants`), and each round's tables with the game
//! played there and its placings (`tournament_tables`). Rows, not rules:
//! the referee decides who may do what, `crate::tournament` makes the
//! tables and the standings.

use crate::time_control::Pace;
use crate::tournament::{EntrantId, FormatKind, TableResult};
use anyhow::Context as _;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Players sign up and withdraw.
    Signup,
    /// Its rounds are being played.
    Running,
    /// Its last round was played.
    Finished,
    /// Ended early by its organiser or a channel manager.
    Ended,
}

impl TournamentStatus {
    pub fn word(self) -> &'static str {
        match self {
            TournamentStatus::Signup => "signup",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Ended => "ended",
        }
    }

    fn parse(s: &str) -> anyhow::Result<TournamentStatus> {
        Ok(match s {
            "signup" => TournamentStatus::Signup,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            "ended" => TournamentStatus::Ended,
            other => anyhow::bail!("unknown tournament status '{other}' in the database"),
        })
    }

    /// Signing up or running: the channel's open tournament.
    pub fn is_open(self) -> bool {
        matches!(self, TournamentStatus::Signup | TournamentStatus::Running)
    }
}

/// A tournament to open.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub guild: Option<&'a str>,
    pub channel: &'a str,
    /// `None`: said as "Tournament #id".
    pub name: Option<&'a str>,
    pub format: FormatKind,
    /// 2 to 5.
    pub table_size: u8,
    /// A Swiss tournament's rounds; `None`: as many as the format needs.
    pub rounds: Option<u32>,
    /// The pace of its games' clocks; `None`: no clock.
    pub clock: Option<Pace>,
    pub deadline_ms: i64,
    pub rated: bool,
    pub vacations: bool,
    pub created_by: &'a str,
    /// RFC 3339.
    pub now: &'a str,
    pub seed: u64,
    /// Sign-up closes by itself at this moment (ms since the epoch), once
    /// two have signed up.
    pub closes_at_ms: Option<i64>,
    /// Sign-up closes by itself once this many have signed up.
    pub closes_at_players: Option<u32>,
}

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub guild: Option<String>,
    pub channel: String,
    pub name: Option<String>,
    pub format: FormatKind,
    pub table_size: u8,
    pub rounds: Option<u32>,
    pub clock: Option<Pace>,
    pub deadline_ms: i64,
    pub rated: bool,
    pub vacations: bool,
    pub status: TournamentStatus,
    pub created_by: String,
    pub created_at: String,
    /// Sign-up closes at this time (ms since the epoch), if set.
    pub closes_at_ms: Option<i64>,
    /// Sign-up closes with this many entrants, if set.
    pub closes_at_players: Option<u32>,
    pub seed: u64,
    /// The language of its announcements (`None`: English).
    pub lang: Option<String>,
}

/// One entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantRow {
    pub user_id: String,
    pub name: String,
    /// Their place in the sign-up order, 1 the first.
    pub signed_up: i64,
    pub signed_up_at: String,
    pub dropped_at: Option<String>,
}

const COLUMNS: &str = "id, guild, channel, name, format, table_size, rounds, clock, deadline_ms, \
     rated, vacations, status, created_by, created_at, closes_at_ms, closes_at_players, seed, lang";

fn tournament_row(r: &AnyRow) -> anyhow::Result<TournamentRow> {
    let format: String = r.try_get("format")?;
    let clock: Option<String> = r.try_get("clock")?;
    let status: String = r.try_get("status")?;
    let size: i64 = r.try_get("table_size")?;
    let rounds: Option<i64> = r.try_get("rounds")?;
    let players: Option<i64> = r.try_get("closes_at_players")?;
    Ok(TournamentRow {
        id: r.try_get("id")?,
        guild: r.try_get("guild")?,
        channel: r.try_get("channel")?,
        name: r.try_get("name")?,
        format: FormatKind::from_word(&format)
            .with_context(|| format!("unknown tournament format '{format}' in the database"))?,
        table_size: u8::try_from(size).context("tournaments.table_size")?,
        rounds: rounds
            .map(u32::try_from)
            .transpose()
            .context("tournaments.rounds")?,
        clock: clock
            .map(|c| {
                Pace::from_word(&c)
                    .with_context(|| format!("unknown clock pace '{c}' in the database"))
            })
            .transpose()?,
        deadline_ms: r.try_get("deadline_ms")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        vacations: r.try_get::<i64, _>("vacations")? != 0,
        status: TournamentStatus::parse(&status)?,
        created_by: r.try_get("created_by")?,
        created_at: r.try_get("created_at")?,
        closes_at_ms: r.try_get("closes_at_ms")?,
        closes_at_players: players
            .map(u32::try_from)
            .transpose()
            .context("tournaments.closes_at_players")?,
        seed: r.try_get::<i64, _>("seed")? as u64,
        lang: r.try_get("lang")?,
    })
}

/// Opens a tournament (signing up); its id.
pub async fn insert_tournament(
    conn: &mut AnyConnection,
    new: &NewTournament<'_>,
) -> anyhow::Result<i64> {
    let id = sqlx::query(
        "INSERT INTO tournaments (guild, channel, name, format, table_size, rounds, clock, \
         deadline_ms, rated, vacations, status, created_by, created_at, seed, closes_at_ms, \
         closes_at_players) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'signup', $11, $12, $13, $14, $15) \
         RETURNING id",
    )
    .bind(new.guild)
    .bind(new.channel)
    .bind(new.name)
    .bind(new.format.word())
    .bind(i64::from(new.table_size))
    .bind(new.rounds.map(i64::from))
    .bind(new.clock.map(Pace::word))
    .bind(new.deadline_ms)
    .bind(i64::from(new.rated))
    .bind(i64::from(new.vacations))
    .bind(new.created_by)
    .bind(new.now)
    .bind(new.seed as i64)
    .bind(new.closes_at_ms)
    .bind(new.closes_at_players.map(i64::from))
    .fetch_one(conn)
    .await?
    .try_get("id")?;
    Ok(id)
}

/// The channel's open tournament (signing up or running), if any.
pub async fn open_tournament(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Option<TournamentRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE channel = $1 AND status IN ('signup', 'running')"
    );
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(tournament_row).transpose()
}

/// The channel's latest tournament, open or not.
pub async fn latest_tournament(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Option<TournamentRow>> {
    let sql =
        format!("SELECT {COLUMNS} FROM tournaments WHERE channel = $1 ORDER BY id DESC LIMIT 1");
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(tournament_row).transpose()
}

/// A server's newest tournaments (at most `limit`), newest first, held in
/// channels every member of the server may see (`channel_views`): what
/// its page, open to anyone with the link, may show.
pub async fn public_tournaments(
    conn: &mut AnyConnection,
    guild: &str,
    limit: i64,
) -> anyhow::Result<Vec<TournamentRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE guild = $1 AND EXISTS \
         (SELECT 1 FROM channel_views v WHERE v.channel = tournaments.channel AND v.public = 1) \
         ORDER BY id DESC LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(guild)
        .bind(limit)
        .fetch_all(conn)
        .await?;
    rows.iter().map(tournament_row).collect()
}

/// The running tournament game `game` is a table of, if any.
pub async fn running_tournament_of_game(
    conn: &mut AnyConnection,
    game: i64,
) -> anyhow::Result<Option<TournamentRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE status = 'running' AND id IN \
         (SELECT tournament_id FROM tournament_tables WHERE game_id = $1)"
    );
    let row = sqlx::query(&sql).bind(game).fetch_optional(conn).await?;
    row.as_ref().map(tournament_row).transpose()
}

pub async fn tournament_by_id(
    conn: &mut AnyConnection,
    id: i64,
) -> anyhow::Result<Option<TournamentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(tournament_row).transpose()
}

/// Tournaments signing up whose sign-up closes by itself by `now`: its
/// time has come or its player count is reached, with at least two
/// signed up. Oldest first.
pub async fn due_signups(conn: &mut AnyConnection, now: i64) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT t.id FROM tournaments t WHERE t.status = 'signup' \
         AND (t.closes_at_ms IS NOT NULL OR t.closes_at_players IS NOT NULL) \
         AND (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) >= 2 \
         AND (t.closes_at_ms <= $1 OR (SELECT COUNT(*) FROM tournament_entrants e \
              WHERE e.tournament_id = t.id) >= t.closes_at_players) \
         ORDER BY t.id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

/// Closes a tournament's sign-up and starts it; false (and nothing
/// changed) if it was not signing up (started already).
pub async fn close_signup(conn: &mut AnyConnection, id: i64) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'signup'",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets a tournament's status.
pub async fn set_tournament_status(
    conn: &mut AnyConnection,
    id: i64,
    status: TournamentStatus,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE tournaments SET status = $1 WHERE id = $2")
        .bind(status.word())
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Signs `user` up, last in the order; false (and nothing changed) if they
/// are signed up already.
pub async fn sign_up(
    conn: &mut AnyConnection,
    tournament: i64,
    user: &str,
    name: &str,
    now: &str,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO tournament_entrants (tournament_id, user_id, name, signed_up, signed_up_at) \
         SELECT $1, $2, $3, COALESCE(MAX(signed_up), 0) + 1, $4 \
         FROM tournament_entrants WHERE tournament_id = $5 \
         ON CONFLICT DO NOTHING",
    )
    .bind(tournament)
    .bind(user)
    .bind(name)
    .bind(now)
    .bind(tournament)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `user` off the list; false (and nothing changed) if they were not
/// on it. Those after them keep their order.
pub async fn withdraw(
    conn: &mut AnyConnection,
    tournament: i64,
    user: &str,
) -> anyhow::Result<bool> {
    let done =
        sqlx::query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2")
            .bind(tournament)
            .bind(user)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Every entrant, in sign-up order.
pub async fn entrants(
    conn: &mut AnyConnection,
    tournament: i64,
) -> anyhow::Result<Vec<EntrantRow>> {
    let rows = sqlx::query(
        "SELECT user_id, name, signed_up, signed_up_at, dropped_at FROM tournament_entrants \
         WHERE tournament_id = $1 ORDER BY signed_up",
    )
    .bind(tournament)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(EntrantRow {
                user_id: r.try_get("user_id")?,
                name: r.try_get("name")?,
                signed_up: r.try_get("signed_up")?,
                signed_up_at: r.try_get("signed_up_at")?,
                dropped_at: r.try_get("dropped_at")?,
            })
        })
        .collect()
}

/// Records a table of a round: its seats (entrants in seat order) and its
/// game, when opened (`None` before).
pub async fn insert_tournament_table(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    table: u32,
    seats: &[EntrantId],
    game: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO tournament_tables (tournament_id, round, table_number, seats, game_id) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(tournament)
    .bind(i64::from(round))
    .bind(i64::from(table))
    .bind(serde_json::to_string(seats)?)
    .bind(game)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records how a table finished.
pub async fn set_table_result(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    table: u32,
    result: &TableResult,
) -> anyhow::Result<()> {
    let done = sqlx::query(
        "UPDATE tournament_tables SET placings = $1 \
         WHERE tournament_id = $2 AND round = $3 AND table_number = $4",
    )
    .bind(serde_json::to_string(result)?)
    .bind(tournament)
    .bind(i64::from(round))
    .bind(i64::from(table))
    .execute(conn)
    .await?;
    anyhow::ensure!(
        done.rows_affected() == 1,
        "tournament #{tournament} has no table {table} in round {round}"
    );
    Ok(())
}

/// The results recorded so far: each finished table's round and placings,
/// by round and table.
pub async fn table_results(
    conn: &mut AnyConnection,
    tournament: i64,
) -> anyhow::Result<Vec<(u32, TableResult)>> {
    let rows = sqlx::query(
        "SELECT round, placings FROM tournament_tables \
         WHERE tournament_id = $1 AND placings IS NOT NULL ORDER BY round, table_number",
    )
    .bind(tournament)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let round: i64 = r.try_get("round")?;
            let placings: String = r.try_get("placings")?;
            Ok((
                u32::try_from(round).context("tournament_tables.round")?,
                serde_json::from_str(&placings)
                    .context("tournament_tables.placings is not a table's result")?,
            ))
        })
        .collect()
}

/// Sets the language a tournament's announcements speak.
pub async fn set_tournament_lang(
    conn: &mut AnyConnection,
    id: i64,
    lang: &str,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE tournaments SET lang = $1 WHERE id = $2")
        .bind(lang)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every running tournament, oldest first.
pub async fn running_tournaments(conn: &mut AnyConnection) -> anyhow::Result<Vec<TournamentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(conn).await?;
    rows.iter().map(tournament_row).collect()
}

/// A round of a tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    /// 1 the first.
    pub round: u32,
    pub opened_at_ms: i64,
    pub deadline_at_ms: i64,
    pub byes: Vec<EntrantId>,
    /// Whether its organiser extended it (once at most).
    pub extended: bool,
    /// `None` while it is played.
    pub closed_at_ms: Option<i64>,
}

/// Records a round opened at `opened_at_ms`, closing at `deadline_at_ms`,
/// with its byes; false (and nothing changed) if it was recorded already.
pub async fn insert_round(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    opened_at_ms: i64,
    deadline_at_ms: i64,
    byes: &[EntrantId],
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO tournament_rounds (tournament_id, round, opened_at_ms, deadline_at_ms, byes) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(tournament)
    .bind(i64::from(round))
    .bind(opened_at_ms)
    .bind(deadline_at_ms)
    .bind(serde_json::to_string(byes)?)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A tournament's rounds, the first first.
pub async fn rounds(conn: &mut AnyConnection, tournament: i64) -> anyhow::Result<Vec<RoundRow>> {
    let rows = sqlx::query(
        "SELECT round, opened_at_ms, deadline_at_ms, byes, extended, closed_at_ms \
         FROM tournament_rounds \
         WHERE tournament_id = $1 ORDER BY round",
    )
    .bind(tournament)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let round: i64 = r.try_get("round")?;
            let byes: String = r.try_get("byes")?;
            Ok(RoundRow {
                round: u32::try_from(round).context("tournament_rounds.round")?,
                opened_at_ms: r.try_get("opened_at_ms")?,
                deadline_at_ms: r.try_get("deadline_at_ms")?,
                byes: serde_json::from_str(&byes).context("tournament_rounds.byes")?,
                extended: r.try_get::<i64, _>("extended")? != 0,
                closed_at_ms: r.try_get("closed_at_ms")?,
            })
        })
        .collect()
}

/// Closes a round at `at`; false (and nothing changed) if it was closed
/// already, by this process or another.
pub async fn close_round(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    at: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_rounds SET closed_at_ms = $1 \
         WHERE tournament_id = $2 AND round = $3 AND closed_at_ms IS NULL",
    )
    .bind(at)
    .bind(tournament)
    .bind(i64::from(round))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A table of a round as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    pub round: u32,
    /// 1 the first of its round.
    pub table: u32,
    /// Its entrants in seat order.
    pub seats: Vec<EntrantId>,
    /// The place its game is played in, once made.
    pub channel: Option<String>,
    pub game_id: Option<i64>,
    /// How it finished, once it has.
    pub result: Option<TableResult>,
}

/// Every table of a tournament, by round and table.
pub async fn tables(conn: &mut AnyConnection, tournament: i64) -> anyhow::Result<Vec<TableRow>> {
    let rows = sqlx::query(
        "SELECT round, table_number, seats, channel, game_id, placings FROM tournament_tables \
         WHERE tournament_id = $1 ORDER BY round, table_number",
    )
    .bind(tournament)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let round: i64 = r.try_get("round")?;
            let table: i64 = r.try_get("table_number")?;
            let seats: Option<String> = r.try_get("seats")?;
            let placings: Option<String> = r.try_get("placings")?;
            Ok(TableRow {
                round: u32::try_from(round).context("tournament_tables.round")?,
                table: u32::try_from(table).context("tournament_tables.table_number")?,
                seats: match seats {
                    Some(s) => serde_json::from_str(&s).context("tournament_tables.seats")?,
                    None => Vec::new(),
                },
                channel: r.try_get("channel")?,
                game_id: r.try_get("game_id")?,
                result: placings
                    .map(|p| serde_json::from_str(&p))
                    .transpose()
                    .context("tournament_tables.placings is not a table's result")?,
            })
        })
        .collect()
}

/// Records the place a table's game is played in, unless one is recorded
/// already; the place recorded.
pub async fn set_table_channel(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    table: u32,
    channel: &str,
) -> anyhow::Result<Option<String>> {
    sqlx::query(
        "UPDATE tournament_tables SET channel = $1 \
         WHERE tournament_id = $2 AND round = $3 AND table_number = $4 AND channel IS NULL",
    )
    .bind(channel)
    .bind(tournament)
    .bind(i64::from(round))
    .bind(i64::from(table))
    .execute(&mut *conn)
    .await?;
    Ok(sqlx::query_scalar(
        "SELECT channel FROM tournament_tables \
         WHERE tournament_id = $1 AND round = $2 AND table_number = $3",
    )
    .bind(tournament)
    .bind(i64::from(round))
    .bind(i64::from(table))
    .fetch_optional(conn)
    .await?
    .flatten())
}

/// Records the game a table plays, unless one is recorded already; false
/// when one was.
pub async fn set_table_game(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    table: u32,
    game: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_tables SET game_id = $1 \
         WHERE tournament_id = $2 AND round = $3 AND table_number = $4 AND game_id IS NULL",
    )
    .bind(game)
    .bind(tournament)
    .bind(i64::from(round))
    .bind(i64::from(table))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The tournament, round and table a game is played for, if it is.
pub async fn table_of_game(
    conn: &mut AnyConnection,
    game: i64,
) -> anyhow::Result<Option<(i64, u32, u32)>> {
    let row = sqlx::query(
        "SELECT tournament_id, round, table_number FROM tournament_tables WHERE game_id = $1",
    )
    .bind(game)
    .fetch_optional(conn)
    .await?;
    row.map(|r| {
        let round: i64 = r.try_get("round")?;
        let table: i64 = r.try_get("table_number")?;
        Ok((
            r.try_get("tournament_id")?,
            u32::try_from(round).context("tournament_tables.round")?,
            u32::try_from(table).context("tournament_tables.table_number")?,
        ))
    })
    .transpose()
}

/// Records how a game's table finished, once: false (and nothing changed)
/// when the game plays no table or its result is recorded already.
pub async fn record_game_result(
    conn: &mut AnyConnection,
    game: i64,
    result: &TableResult,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_tables SET placings = $1 WHERE game_id = $2 AND placings IS NULL",
    )
    .bind(serde_json::to_string(result)?)
    .bind(game)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a round still played to `deadline_at_ms` and marks it extended;
/// false (and nothing changed) if it was extended or closed already.
pub async fn extend_round(
    conn: &mut AnyConnection,
    tournament: i64,
    round: u32,
    deadline_at_ms: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_rounds SET deadline_at_ms = $1, extended = 1 \
         WHERE tournament_id = $2 AND round = $3 AND extended = 0 AND closed_at_ms IS NULL",
    )
    .bind(deadline_at_ms)
    .bind(tournament)
    .bind(i64::from(round))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Drops `user` from a running tournament at `now`: they play no further
/// round, and their results stay; false (and nothing changed) if they are
/// not an entrant or were dropped already.
pub async fn drop_entrant(
    conn: &mut AnyConnection,
    tournament: i64,
    user: &str,
    now: &str,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_entrants SET dropped_at = $1 \
         WHERE tournament_id = $2 AND user_id = $3 AND dropped_at IS NULL",
    )
    .bind(now)
    .bind(tournament)
    .bind(user)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
