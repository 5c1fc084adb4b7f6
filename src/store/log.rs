//! The append-only move log: moves, undos, and who chose a move when no
//! person did. Appending checks the expected sequence number.

use crate::engine::{Action, Game};
use sqlx::{AnyConnection, Row};

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

/// An entry of the log this build cannot read (its action is not an
/// [`Action`] of this engine): the log no longer replays.
#[derive(Debug, thiserror::Error)]
#[error("entry {seq} of the log cannot be read: {why}")]
pub struct UnreadableEntry {
    pub seq: i64,
    pub why: String,
}

/// The game's log in order. An entry this build cannot read is an
/// [`UnreadableEntry`] error (the log no longer replays); others are the
/// database's.
pub async fn moves(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Vec<MoveRow>> {
    let rows = sqlx::query(
        "SELECT seq, seat, user_id, command, action, at, kind, undoes, auto \
         FROM moves WHERE game_id = $1 ORDER BY seq",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let seat: i64 = r.try_get("seat")?;
            let seq: i64 = r.try_get("seq")?;
            let kind: String = r.try_get("kind")?;
            let unreadable = |why: String| anyhow::Error::new(UnreadableEntry { seq, why });
            let entry = match kind.as_str() {
                "move" => {
                    let action: String = r.try_get("action")?;
                    Entry::Move(serde_json::from_str(&action).map_err(|e| {
                        unreadable(format!("its action is not one of this engine's: {e}"))
                    })?)
                }
                "undo" => Entry::Undo {
                    of: r
                        .try_get::<Option<i64>, _>("undoes")?
                        .ok_or_else(|| unreadable("an undo that names no move".into()))?,
                },
                other => return Err(unreadable(format!("an unknown kind of entry '{other}'"))),
            };
            Ok(MoveRow {
                seq,
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
pub async fn append_move(conn: &mut AnyConnection, m: NewMove<'_>) -> Result<(), AppendError> {
    let updated = sqlx::query(
        "UPDATE games SET move_count = $1, snapshot = $2 WHERE id = $3 AND move_count = $4",
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
    insert_entries(
        conn,
        m.game_id,
        &[Logged {
            seq: m.seq,
            seat: m.seat,
            user_id: m.user_id,
            command: m.command,
            entry: m.entry,
            at: m.at,
            auto: m.auto,
        }],
    )
    .await?;
    Ok(())
}

/// An entry of the log as it is written: [`NewMove`] without the game and
/// the state after it.
#[derive(Debug, Clone)]
pub struct Logged<'a> {
    pub seq: i64,
    pub seat: usize,
    pub user_id: &'a str,
    pub command: &'a str,
    pub entry: &'a Entry,
    pub at: &'a str,
    pub auto: Option<&'a str>,
}

/// The columns of a row of the log, in the order [`insert_entries`] binds.
const MOVE_COLUMNS: &str = "game_id, seq, seat, user_id, command, action, at, kind, undoes, auto";

/// Entries of the log written per statement: 200 parameters (SQLite finds
/// a parameter by its name among all of a statement's, so a statement of
/// thousands binds in quadratic time).
const ENTRIES_PER_INSERT: usize = 20;

/// Writes entries of a game's log, as many a statement as fit: the one
/// insert of the log, whether one move is appended or a game's whole log
/// is imported.
async fn insert_entries(
    conn: &mut AnyConnection,
    game_id: i64,
    entries: &[Logged<'_>],
) -> Result<(), AppendError> {
    for chunk in entries.chunks(ENTRIES_PER_INSERT) {
        let rows = (0..chunk.len())
            .map(|i| format!("({})", super::placeholders(1 + 10 * i, 10)))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("INSERT INTO moves ({MOVE_COLUMNS}) VALUES {rows}");
        let mut q = sqlx::query(&sql);
        for m in chunk {
            let (kind, action, undoes) = match m.entry {
                Entry::Move(action) => (
                    "move",
                    serde_json::to_string(action).map_err(anyhow::Error::from)?,
                    None,
                ),
                Entry::Undo { of } => ("undo", "null".to_string(), Some(*of)),
            };
            q = q
                .bind(game_id)
                .bind(m.seq)
                .bind(m.seat as i64)
                .bind(m.user_id)
                .bind(m.command)
                .bind(action)
                .bind(m.at)
                .bind(kind)
                .bind(undoes)
                .bind(m.auto);
        }
        q.execute(&mut *conn).await.map_err(anyhow::Error::from)?;
    }
    Ok(())
}

/// Writes a whole log at once to a game whose log is empty, and caches the
/// state after its last entry, `snapshot`: what appending the entries one
/// by one writes, in one statement per few hundred entries. For filling
/// a store at once (the growth benchmark, an import); a game that already
/// has moves is refused as a conflict, changing nothing.
pub async fn import_log(
    conn: &mut AnyConnection,
    game_id: i64,
    entries: &[Logged<'_>],
    snapshot: &Game,
) -> Result<(), AppendError> {
    let Some(last) = entries.last() else {
        return Ok(());
    };
    let updated = sqlx::query(
        "UPDATE games SET move_count = $1, snapshot = $2 WHERE id = $3 AND move_count = $4",
    )
    .bind(last.seq)
    .bind(serde_json::to_string(snapshot).map_err(anyhow::Error::from)?)
    .bind(game_id)
    .bind(0i64)
    .execute(&mut *conn)
    .await
    .map_err(anyhow::Error::from)?;
    if updated.rows_affected() != 1 {
        return Err(AppendError::Conflict { expected: 1 });
    }
    insert_entries(conn, game_id, entries).await
}
