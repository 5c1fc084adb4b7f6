//! Games, seats and the append-only move log in SQLite (sqlx, runtime-checked
//! queries so a fresh clone builds without a database).
//!
//! The store knows rows, not rules: it never applies a move itself. Every write
//! a command makes happens inside one `BEGIN IMMEDIATE` transaction taken by the
//! referee, and appending a move checks the expected sequence number, so two
//! commands racing on one game never both apply and never lose a move.

use crate::engine::{Action, Animal, Deck, Game, Setup};
use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqliteConnection, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

/// A transaction holding the database's write lock.
pub type Tx = sqlx::Transaction<'static, sqlx::Sqlite>;

/// Where a game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Lobby,
    Running,
    Finished,
    Abandoned,
}

impl GameStatus {
    pub fn word(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
        }
    }

    fn parse(s: &str) -> anyhow::Result<GameStatus> {
        Ok(match s {
            "lobby" => GameStatus::Lobby,
            "running" => GameStatus::Running,
            "finished" => GameStatus::Finished,
            "abandoned" => GameStatus::Abandoned,
            other => anyhow::bail!("unknown game status '{other}' in the database"),
        })
    }
}

/// A row of `games`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub channel: String,
    pub guild: Option<String>,
    pub status: GameStatus,
    pub creator: String,
    pub seed: u64,
    pub removed: Option<Vec<Animal>>,
    pub first: Option<String>,
    pub deck: Option<Deck>,
    pub setup: Option<Setup>,
    pub created_at: String,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    pub move_count: i64,
    pub snapshot: Option<String>,
    pub winners: Option<Vec<String>>,
}

/// A seated player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: String,
    pub name: String,
}

/// What an entry of the move log does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// An engine action that was applied.
    Move(Action),
    /// Takes back the move with this sequence number.
    Undo { of: i64 },
}

/// A row of the move log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    pub seq: i64,
    pub seat: usize,
    pub user_id: String,
    pub command: String,
    pub entry: Entry,
    pub at: String,
    /// Who chose the move when no person did: a computer level, or `idle`.
    pub auto: Option<String>,
}

impl MoveRow {
    /// The action, for a move (not an undo).
    pub fn action(&self) -> Option<&Action> {
        match &self.entry {
            Entry::Move(action) => Some(action),
            Entry::Undo { .. } => None,
        }
    }
}

/// What a new game row holds.
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    pub channel: &'a str,
    pub guild: Option<&'a str>,
    pub creator: &'a str,
    pub seed: u64,
    pub removed: Option<&'a [Animal]>,
    pub first: Option<&'a str>,
    pub deck: Option<&'a Deck>,
    pub now: &'a str,
}

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the database at a `sqlite://` URL or a path,
    /// in WAL mode, and runs the migrations.
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)
                .with_context(|| format!("'{url}' is not a SQLite database URL"))?
        } else {
            SqliteConnectOptions::new().filename(url)
        }
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open the database {url}"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .context("cannot migrate the database")?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A transaction that holds the write lock from its first statement.
    pub async fn write(&self) -> anyhow::Result<Tx> {
        self.pool
            .begin_with("BEGIN IMMEDIATE")
            .await
            .context("cannot begin a write transaction")
    }

    /// A read transaction: a consistent view for looking.
    pub async fn read(&self) -> anyhow::Result<Tx> {
        self.pool
            .begin()
            .await
            .context("cannot begin a read transaction")
    }
}

const GAME_COLUMNS: &str =
    "id, channel, guild, status, creator, seed, removed, first, deck, setup, \
     created_at, started_at, ended_at, move_count, snapshot, winners";

fn game_row(row: &sqlx::sqlite::SqliteRow) -> anyhow::Result<GameRow> {
    let json_opt = |col: &str| -> anyhow::Result<Option<String>> { Ok(row.try_get(col)?) };
    let removed = json_opt("removed")?
        .map(|s| serde_json::from_str(&s))
        .transpose()
        .context("games.removed is not a list of animals")?;
    let deck = json_opt("deck")?
        .map(|s| Deck::parse(&s))
        .transpose()
        .context("games.deck is not a deck")?;
    let setup = json_opt("setup")?
        .map(|s| serde_json::from_str(&s))
        .transpose()
        .context("games.setup is not a setup")?;
    let winners = json_opt("winners")?
        .map(|s| serde_json::from_str(&s))
        .transpose()
        .context("games.winners is not a list of names")?;
    let seed: i64 = row.try_get("seed")?;
    Ok(GameRow {
        id: row.try_get("id")?,
        channel: row.try_get("channel")?,
        guild: row.try_get("guild")?,
        status: GameStatus::parse(row.try_get("status")?)?,
        creator: row.try_get("creator")?,
        seed: seed as u64,
        removed,
        first: row.try_get("first")?,
        deck,
        setup,
        created_at: row.try_get("created_at")?,
        started_at: row.try_get("started_at")?,
        ended_at: row.try_get("ended_at")?,
        move_count: row.try_get("move_count")?,
        snapshot: row.try_get("snapshot")?,
        winners,
    })
}

/// The channel's open game (lobby or running), if any.
pub async fn open_game(
    conn: &mut SqliteConnection,
    channel: &str,
) -> anyhow::Result<Option<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE channel = ? AND status IN ('lobby', 'running')"
    );
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

/// The channel's most recent game, open or not.
pub async fn latest_game(
    conn: &mut SqliteConnection,
    channel: &str,
) -> anyhow::Result<Option<GameRow>> {
    let sql =
        format!("SELECT {GAME_COLUMNS} FROM games WHERE channel = ? ORDER BY id DESC LIMIT 1");
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

pub async fn game_by_id(conn: &mut SqliteConnection, id: i64) -> anyhow::Result<Option<GameRow>> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

/// Games of a server (or, without one, of a channel), newest first.
pub async fn list_games(
    conn: &mut SqliteConnection,
    guild: Option<&str>,
    channel: &str,
    limit: i64,
) -> anyhow::Result<Vec<GameRow>> {
    let rows = match guild {
        Some(g) => {
            let sql = format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE guild = ? ORDER BY id DESC LIMIT ?"
            );
            sqlx::query(&sql)
                .bind(g)
                .bind(limit)
                .fetch_all(conn)
                .await?
        }
        None => {
            let sql = format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE guild IS NULL AND channel = ? ORDER BY id DESC LIMIT ?"
            );
            sqlx::query(&sql)
                .bind(channel)
                .bind(limit)
                .fetch_all(conn)
                .await?
        }
    };
    rows.iter().map(game_row).collect()
}

pub async fn insert_game(conn: &mut SqliteConnection, new: NewGame<'_>) -> anyhow::Result<i64> {
    let removed = new.removed.map(serde_json::to_string).transpose()?;
    let id = sqlx::query(
        "INSERT INTO games (channel, guild, status, creator, seed, removed, first, deck, created_at) \
         VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
    )
    .bind(new.channel)
    .bind(new.guild)
    .bind(new.creator)
    .bind(new.seed as i64)
    .bind(removed)
    .bind(new.first)
    .bind(new.deck.map(Deck::to_text))
    .bind(new.now)
    .execute(conn)
    .await?
    .last_insert_rowid();
    Ok(id)
}

pub async fn seats(conn: &mut SqliteConnection, game_id: i64) -> anyhow::Result<Vec<SeatRow>> {
    let rows = sqlx::query("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat")
        .bind(game_id)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| {
            let seat: i64 = r.try_get("seat")?;
            Ok(SeatRow {
                seat: seat as usize,
                user_id: r.try_get("user_id")?,
                name: r.try_get("name")?,
            })
        })
        .collect()
}

/// Seats a player after the others.
pub async fn add_seat(
    conn: &mut SqliteConnection,
    game_id: i64,
    user_id: &str,
    name: &str,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO seats (game_id, seat, user_id, name) \
         VALUES (?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?), ?, ?)",
    )
    .bind(game_id)
    .bind(game_id)
    .bind(user_id)
    .bind(name)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes a player from a lobby and closes the gap in the seating order.
pub async fn remove_seat(
    conn: &mut SqliteConnection,
    game_id: i64,
    user_id: &str,
) -> anyhow::Result<()> {
    let seat: Option<i64> =
        sqlx::query_scalar("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?")
            .bind(game_id)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(seat) = seat else { return Ok(()) };
    sqlx::query("DELETE FROM seats WHERE game_id = ? AND seat = ?")
        .bind(game_id)
        .bind(seat)
        .execute(&mut *conn)
        .await?;
    // Two steps so that the primary key never sees two rows at one seat.
    sqlx::query("UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?")
        .bind(game_id)
        .bind(seat)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0")
        .bind(game_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn set_creator(
    conn: &mut SqliteConnection,
    game_id: i64,
    user_id: &str,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET creator = ? WHERE id = ?")
        .bind(user_id)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks a game started with its setup.
pub async fn start_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    setup: &Setup,
    game: &Game,
    now: &str,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE games SET status = 'running', setup = ?, started_at = ?, snapshot = ? WHERE id = ? AND status = 'lobby'",
    )
    .bind(serde_json::to_string(setup)?)
    .bind(now)
    .bind(serde_json::to_string(game)?)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_status(
    conn: &mut SqliteConnection,
    game_id: i64,
    status: GameStatus,
    winners: Option<&[String]>,
    now: &str,
) -> anyhow::Result<()> {
    let winners = winners.map(serde_json::to_string).transpose()?;
    sqlx::query("UPDATE games SET status = ?, ended_at = ?, winners = ? WHERE id = ?")
        .bind(status.word())
        .bind(now)
        .bind(winners)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn moves(conn: &mut SqliteConnection, game_id: i64) -> anyhow::Result<Vec<MoveRow>> {
    let rows = sqlx::query(
        "SELECT seq, seat, user_id, command, action, at, kind, undoes, auto \
         FROM moves WHERE game_id = ? ORDER BY seq",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let seat: i64 = r.try_get("seat")?;
            let kind: String = r.try_get("kind")?;
            let entry = match kind.as_str() {
                "move" => {
                    let action: String = r.try_get("action")?;
                    Entry::Move(
                        serde_json::from_str(&action).context("moves.action is not an action")?,
                    )
                }
                "undo" => Entry::Undo {
                    of: r
                        .try_get::<Option<i64>, _>("undoes")?
                        .context("an undo in the move log names no move")?,
                },
                other => anyhow::bail!("unknown kind of move '{other}' in the log"),
            };
            Ok(MoveRow {
                seq: r.try_get("seq")?,
                seat: seat as usize,
                user_id: r.try_get("user_id")?,
                command: r.try_get("command")?,
                entry,
                at: r.try_get("at")?,
                auto: r.try_get("auto")?,
            })
        })
        .collect()
}

/// Why a move could not be appended.
#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    #[error("the game moved on: move {expected} was already played")]
    Conflict { expected: i64 },
    #[error(transparent)]
    Database(#[from] anyhow::Error),
}

/// The move to append.
#[derive(Debug, Clone)]
pub struct NewMove<'a> {
    pub game_id: i64,
    /// The sequence number this move must get: the log's length plus one.
    pub seq: i64,
    pub seat: usize,
    pub user_id: &'a str,
    pub command: &'a str,
    pub entry: &'a Entry,
    pub at: &'a str,
    /// Who chose the move when no person did.
    pub auto: Option<&'a str>,
    /// The state after the move, cached.
    pub snapshot: &'a Game,
}

/// Appends an entry if the log is still `seq - 1` long, and caches the new state.
pub async fn append_move(conn: &mut SqliteConnection, m: NewMove<'_>) -> Result<(), AppendError> {
    let updated = sqlx::query(
        "UPDATE games SET move_count = ?, snapshot = ? WHERE id = ? AND move_count = ?",
    )
    .bind(m.seq)
    .bind(serde_json::to_string(m.snapshot).map_err(anyhow::Error::from)?)
    .bind(m.game_id)
    .bind(m.seq - 1)
    .execute(&mut *conn)
    .await
    .map_err(anyhow::Error::from)?;
    if updated.rows_affected() != 1 {
        return Err(AppendError::Conflict { expected: m.seq });
    }
    let (kind, action, undoes) = match m.entry {
        Entry::Move(action) => (
            "move",
            serde_json::to_string(action).map_err(anyhow::Error::from)?,
            None,
        ),
        Entry::Undo { of } => ("undo", "null".to_string(), Some(*of)),
    };
    sqlx::query(
        "INSERT INTO moves (game_id, seq, seat, user_id, command, action, at, kind, undoes, auto) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(m.game_id)
    .bind(m.seq)
    .bind(m.seat as i64)
    .bind(m.user_id)
    .bind(m.command)
    .bind(action)
    .bind(m.at)
    .bind(kind)
    .bind(undoes)
    .bind(m.auto)
    .execute(&mut *conn)
    .await
    .map_err(anyhow::Error::from)?;
    Ok(())
}

/// Remembers `message` as the one carrying the game's controls, if the log is
/// still `seq` long, and returns the message it replaces (`Some(None)` when
/// there was none). Returns `None`, changing nothing, when the game has moved
/// on: `message` is then already out of date.
pub async fn swap_table_message(
    conn: &mut SqliteConnection,
    game_id: i64,
    seq: i64,
    message: &str,
) -> anyhow::Result<Option<Option<String>>> {
    let previous: Option<(i64, Option<String>)> =
        sqlx::query_as("SELECT move_count, table_message FROM games WHERE id = ?")
            .bind(game_id)
            .fetch_optional(&mut *conn)
            .await?;
    match previous {
        Some((count, previous)) if count == seq => {
            sqlx::query("UPDATE games SET table_message = ? WHERE id = ?")
                .bind(message)
                .bind(game_id)
                .execute(&mut *conn)
                .await?;
            Ok(Some(previous))
        }
        _ => Ok(None),
    }
}
