//! Pace: how long people take to move.
//!
//! The time a person took to make a move is the time since the
//! entry before it in the log (a move or an undo), or since the game
//! started; moves a computer chose are not timed, nor moves of practice
//! games, and an abandoned game's times are forgotten. Stats show medians.
//! A time is counted as its move is appended and read again from the log
//! when it is needed once more ([`move_times`]): to take a game's moves out
//! of the counts, to count a person again, to show a game's own medians.

use super::loaded::BOT_ID_PREFIX;
use super::Loaded;
use crate::clock::{parse_rfc3339, Millis};
use crate::store::{self, Entry, MoveTime};
use sqlx::AnyConnection;
use std::collections::HashMap;

/// The time the entry about to be appended took its person, if a person
/// chose it: since the entry before it, or since the game started.
pub(super) fn move_time(
    loaded: &Loaded,
    seq: i64,
    seat: usize,
    user_id: &str,
    entry: &Entry,
    auto: Option<&str>,
    now: Millis,
) -> Option<MoveTime> {
    if loaded.row.practice
        || !matches!(entry, Entry::Move(_))
        || auto.is_some()
        || user_id.starts_with(BOT_ID_PREFIX)
    {
        return None;
    }
    let since = match loaded.log.last() {
        Some(previous) => parse_rfc3339(&previous.at)?,
        None => parse_rfc3339(loaded.row.started_at.as_deref()?)?,
    };
    Some(MoveTime {
        game_id: loaded.row.id,
        seq,
        scope: store::scope_key(loaded.row.guild.as_deref(), &loaded.row.channel),
        user_id: user_id.to_string(),
        name: loaded
            .seats
            .get(seat)
            .map_or_else(|| user_id.to_string(), |s| s.name.clone()),
        ms: (now - since).max(0),
    })
}

/// The times of every move a person made in a loaded game, from its log:
/// the same times [`move_time`] gave each as it was appended.
pub(super) fn move_times(loaded: &Loaded) -> Vec<MoveTime> {
    let mut since = loaded.row.started_at.as_deref().and_then(parse_rfc3339);
    let mut out = Vec::new();
    for m in &loaded.log {
        let at = parse_rfc3339(&m.at);
        if let (Some(start), Some(at)) = (since, at) {
            if matches!(m.entry, Entry::Move(_))
                && m.auto.is_none()
                && !m.user_id.starts_with(BOT_ID_PREFIX)
            {
                out.push(MoveTime {
                    game_id: loaded.row.id,
                    seq: m.seq,
                    scope: store::scope_key(loaded.row.guild.as_deref(), &loaded.row.channel),
                    user_id: m.user_id.clone(),
                    name: loaded
                        .seats
                        .get(m.seat)
                        .map_or_else(|| m.user_id.clone(), |s| s.name.clone()),
                    ms: (at - start).max(0),
                });
            }
        }
        since = at.or(since);
    }
    out
}

/// The times of the moves people made in a game, read from its log (none
/// for a game not counted: practice, abandoned, or not filled in yet).
pub(super) async fn counted_times(
    conn: &mut AnyConnection,
    game_id: i64,
) -> anyhow::Result<Vec<MoveTime>> {
    if !store::paced(conn, game_id).await? {
        return Ok(Vec::new());
    }
    logged_times(conn, game_id).await
}

/// The times of the moves people made in a game, read from its log.
async fn logged_times(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Vec<MoveTime>> {
    let Some(row) = store::game_by_id(conn, game_id).await? else {
        return Ok(Vec::new());
    };
    let seats = store::seats(conn, game_id).await?;
    let log = store::moves(conn, game_id).await?;
    Ok(move_times(&Loaded {
        row,
        seats,
        log,
        game: None,
    }))
}

/// Takes a game's moves out of their people's counts (a game that stops
/// counting), their times read from its log; nothing for a game not
/// counted.
pub(super) async fn forget_pace(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<()> {
    let times = counted_times(conn, game_id).await?;
    store::forget_move_times(conn, game_id, &times).await
}

/// Counts these people's moves in these places again from the logs of
/// their counted games (each game's log read once): for when older moves
/// were timed, or a game's mark lost while its moves stayed counted.
pub(super) async fn recount_pace(
    conn: &mut AnyConnection,
    people: &[(String, String)],
) -> anyhow::Result<()> {
    let mut read: HashMap<i64, Vec<MoveTime>> = HashMap::new();
    for (scope, user) in people {
        let mut theirs = Vec::new();
        for game in store::paced_games_of(conn, user).await? {
            let times = match read.entry(game) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(logged_times(conn, game).await?)
                }
            };
            theirs.extend(
                times
                    .iter()
                    .filter(|t| t.scope == *scope && t.user_id == *user)
                    .cloned(),
            );
        }
        store::recount_pace(conn, scope, user, &theirs).await?;
    }
    Ok(())
}

/// The times of the moves people made in a game as the log says them, for
/// tools that rebuild a store as an older version kept it (its times kept
/// beside the log): none for a game whose moves are not counted.
pub async fn times_from_log(
    conn: &mut AnyConnection,
    game_id: i64,
) -> anyhow::Result<Vec<MoveTime>> {
    counted_times(conn, game_id).await
}
