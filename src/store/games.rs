//! The `games` table: one row per game, found by channel, id or server.

use super::GameStatus;
use crate::engine::{Animal, Deck, Game, Setup};
use crate::lang::Lang;
use crate::time_control::{Pace, TimeControl, Weekend};
use anyhow::Context as _;
use sqlx::{AnyConnection, Row};

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
    /// A player chose the order of the tiles (a seed or a stacked deck): the
    /// game is practice, left out of the stats.
    pub practice: bool,
    pub setup: Option<Setup>,
    pub created_at: String,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    pub move_count: i64,
    pub snapshot: Option<String>,
    pub winners: Option<Vec<String>>,
    pub settings: Settings,
    /// The language of its public messages (`/aq game settings language:`);
    /// English for a game opened before games had one.
    pub lang: Lang,
    pub turn: Turn,
    /// Why the bot cannot post in the game's channel for now, if it cannot:
    /// the game then waits (no reminders, no computer moves, no letters).
    pub paused: Option<Pause>,
    /// Settings changed during the game that apply from its next turn.
    pub next_settings: Option<NextSettings>,
    /// The person whose abandoning of the running game was their loss.
    pub forfeited_by: Option<String>,
}

/// The settings a running game takes at its next turn (those whose change
/// could bite the turn under way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NextSettings {
    pub turn_limit: Option<i64>,
    pub hints: bool,
    pub away_after: Option<i64>,
    /// Kept from the stored JSON of a change made before games had clocks:
    /// no clock.
    #[serde(default)]
    pub clock: Option<Pace>,
    #[serde(default)]
    pub weekend_pause: Option<Weekend>,
    /// Kept from a change made before games said whether time away stops
    /// the clocks: it does.
    #[serde(default = "yes")]
    pub vacations: bool,
}

fn yes() -> bool {
    true
}

impl NextSettings {
    /// The settings that wait in `settings`.
    pub fn of(settings: &Settings) -> NextSettings {
        NextSettings {
            turn_limit: settings.turn_limit,
            hints: settings.hints,
            away_after: settings.away_after,
            clock: settings.clock,
            weekend_pause: settings.weekend_pause,
            vacations: settings.vacations,
        }
    }

    /// `settings` with these taken in.
    pub fn applied_to(self, settings: Settings) -> Settings {
        Settings {
            turn_limit: self.turn_limit,
            hints: self.hints,
            away_after: self.away_after,
            clock: self.clock,
            weekend_pause: self.weekend_pause,
            vacations: self.vacations,
            ..settings
        }
    }
}

/// Why a running game waits for its channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pause {
    /// The bot left or was removed from the game's server: it waits for the
    /// bot to come back.
    Removed,
    /// The game's channel or thread was deleted.
    Deleted,
    /// Discord refuses the bot there (a permission lost, a private thread
    /// it is not in, a locked thread): it waits for someone to act there
    /// while the bot may post again.
    Unreachable,
}

impl Pause {
    pub fn word(self) -> &'static str {
        match self {
            Pause::Removed => "removed",
            Pause::Deleted => "deleted",
            Pause::Unreachable => "unreachable",
        }
    }

    pub(crate) fn parse(s: &str) -> anyhow::Result<Pause> {
        Ok(match s {
            "removed" => Pause::Removed,
            "deleted" => Pause::Deleted,
            "unreachable" => Pause::Unreachable,
            other => anyhow::bail!("unknown pause '{other}' in games.paused"),
        })
    }
}

/// A game's settings (`/aq settings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The reminder interval in milliseconds; `None`: no reminders.
    pub reminders: Option<i64>,
    /// How long the player to act may take before the others may vote them
    /// out, in milliseconds; `None`: no limit.
    pub turn_limit: Option<i64>,
    /// Whether `/aq hint` may be used.
    pub hints: bool,
    /// How long an away player's turn waits before the computer plays it,
    /// in milliseconds; `None`: it waits for them.
    pub away_after: Option<i64>,
    /// The pace of each seat's clock; `None`: no clock.
    pub clock: Option<Pace>,
    /// The weekend that stops the clocks, if one does.
    pub weekend_pause: Option<Weekend>,
    /// Whether time away (within its person's yearly allowance) stops
    /// their clock (`vacations:on`, the default).
    pub vacations: bool,
}

impl Settings {
    /// The game's clock, if it has one.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.map(|pace| TimeControl {
            pace,
            weekend: self.weekend_pause,
        })
    }
}

/// The state of the current wait: who must act and since when, reminders,
/// nudges, and when an automatic seat is due. Times in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Turn {
    /// The person who must act; `None` when nobody must, or the seat to act
    /// plays automatically.
    pub to_act_user: Option<String>,
    pub waiting_since: Option<i64>,
    pub remind_at: Option<i64>,
    pub reminders_sent: i64,
    pub nudged_at: Option<i64>,
    /// When the automatic seat to act is due to be played by the scheduler,
    /// if nothing played it first (a computer seat, an away player's turn,
    /// a clock that runs out).
    pub auto_at: Option<i64>,
    /// When the turn of the person to act began: `waiting_since` starts
    /// again at each of their moves, this stays until another's turn (a
    /// clock runs from it).
    pub turn_since: Option<i64>,
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
    /// See [`GameRow::practice`].
    pub practice: bool,
    /// See [`GameRow::lang`].
    pub lang: &'a Lang,
    pub now: &'a str,
}

pub(crate) const GAME_COLUMNS: &str =
    "id, channel, guild, status, creator, seed, removed, first, deck, practice, setup, \
     created_at, started_at, ended_at, move_count, snapshot, winners, \
     reminders_ms, turn_limit_ms, hints, to_act_user, waiting_since, remind_at, \
     reminders_sent, nudged_at, auto_at, lang, paused, away_after_ms, next_settings, \
     forfeited_by, clock, clock_weekend_offset, turn_since, vacations";

pub(crate) fn game_row(row: &sqlx::any::AnyRow) -> anyhow::Result<GameRow> {
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
        practice: row.try_get::<i64, _>("practice")? != 0,
        setup,
        created_at: row.try_get("created_at")?,
        started_at: row.try_get("started_at")?,
        ended_at: row.try_get("ended_at")?,
        move_count: row.try_get("move_count")?,
        snapshot: row.try_get("snapshot")?,
        winners,
        settings: Settings {
            reminders: row.try_get("reminders_ms")?,
            turn_limit: row.try_get("turn_limit_ms")?,
            hints: row.try_get::<i64, _>("hints")? != 0,
            vacations: row.try_get::<i64, _>("vacations")? != 0,
            away_after: row.try_get("away_after_ms")?,
            clock: row
                .try_get::<Option<String>, _>("clock")?
                .map(|word| {
                    Pace::from_word(&word)
                        .with_context(|| format!("games.clock '{word}' is not a pace"))
                })
                .transpose()?,
            weekend_pause: row
                .try_get::<Option<i64>, _>("clock_weekend_offset")?
                .map(|minutes| {
                    i32::try_from(minutes)
                        .ok()
                        .and_then(|m| Weekend::at_offset(m).ok())
                        .with_context(|| {
                            format!("games.clock_weekend_offset {minutes} is not an offset")
                        })
                })
                .transpose()?,
        },
        lang: json_opt("lang")?
            .as_deref()
            .and_then(Lang::find)
            .unwrap_or_default(),
        turn: Turn {
            to_act_user: row.try_get("to_act_user")?,
            waiting_since: row.try_get("waiting_since")?,
            remind_at: row.try_get("remind_at")?,
            reminders_sent: row.try_get("reminders_sent")?,
            nudged_at: row.try_get("nudged_at")?,
            auto_at: row.try_get("auto_at")?,
            turn_since: row.try_get("turn_since")?,
        },
        paused: row
            .try_get::<Option<String>, _>("paused")?
            .as_deref()
            .map(Pause::parse)
            .transpose()?,
        next_settings: json_opt("next_settings")?
            .map(|s| serde_json::from_str(&s))
            .transpose()
            .context("games.next_settings is not a game's settings")?,
        forfeited_by: row.try_get("forfeited_by")?,
    })
}

/// Pauses (with `Some`) or resumes the running games of `channel`, or of
/// every channel of `guild`, that are paused for `from` (any reason but
/// `Deleted`, which never resumes, when `from` is `None`) or not at all.
/// Returns the ids of the games changed.
pub async fn set_paused(
    conn: &mut AnyConnection,
    scope: Scope<'_>,
    pause: Option<Pause>,
    from: Option<Pause>,
) -> anyhow::Result<Vec<i64>> {
    let (column, key) = match scope {
        Scope::Channel(c) => ("channel", c),
        Scope::Guild(g) => ("guild", g),
    };
    let only = match (pause, from) {
        // Pausing: a game already paused keeps its first reason, unless
        // the channel is gone for good.
        (Some(Pause::Deleted), _) => "(paused IS NULL OR paused <> 'deleted')",
        (Some(_), _) => "paused IS NULL",
        (None, Some(_)) => "paused = $3",
        (None, None) => "paused IS NOT NULL AND paused <> 'deleted'",
    };
    let sql = format!(
        "UPDATE games SET paused = $1 WHERE {column} = $2 AND status = 'running' AND {only} \
         RETURNING id"
    );
    let mut query = sqlx::query_scalar(&sql)
        .bind(pause.map(Pause::word))
        .bind(key);
    if let (None, Some(from)) = (pause, from) {
        query = query.bind(from.word());
    }
    Ok(query.fetch_all(conn).await?)
}

/// Where games are paused or resumed.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    Channel(&'a str),
    Guild(&'a str),
}

/// The servers with games paused because the bot left them.
pub async fn guilds_paused_removed(conn: &mut AnyConnection) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT guild FROM games WHERE paused = 'removed' AND guild IS NOT NULL",
    )
    .fetch_all(conn)
    .await?)
}

/// The channel's open game (lobby or running), if any.
pub async fn open_game(conn: &mut AnyConnection, channel: &str) -> anyhow::Result<Option<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE channel = $1 AND status IN ('lobby', 'running')"
    );
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

/// The channel's most recent game, open or not.
pub async fn latest_game(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Option<GameRow>> {
    let sql =
        format!("SELECT {GAME_COLUMNS} FROM games WHERE channel = $1 ORDER BY id DESC LIMIT 1");
    let row = sqlx::query(&sql).bind(channel).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

pub async fn game_by_id(conn: &mut AnyConnection, id: i64) -> anyhow::Result<Option<GameRow>> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(game_row).transpose()
}

/// Who a list of a server's games is for: which of its games it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience<'a> {
    /// Whoever reads it: every game (outside a server, the terminal).
    All,
    /// Anyone with a link, in or out of the server: only games of channels
    /// every member can see ([`super::channel_public`]).
    Everyone,
    /// A member asking from `channel`: games of channels every member can
    /// see, of this channel, and those the member played in.
    Member { channel: &'a str, user: &'a str },
}

/// Games of a server (or, without one, of a channel) that `audience` may
/// see, newest first, from the `offset`th.
pub async fn list_games(
    conn: &mut AnyConnection,
    guild: Option<&str>,
    channel: &str,
    audience: Audience<'_>,
    limit: i64,
    offset: i64,
) -> anyhow::Result<Vec<GameRow>> {
    let (filter, key) = scope(guild, channel);
    let (seen, extra) = seen_by(audience, 4);
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE {filter}{seen} ORDER BY id DESC LIMIT $2 OFFSET $3"
    );
    let mut query = sqlx::query(&sql).bind(key).bind(limit).bind(offset);
    for value in extra {
        query = query.bind(value);
    }
    let rows = query.fetch_all(conn).await?;
    rows.iter().map(game_row).collect()
}

/// How many games a server (or, without one, a channel) has had that
/// `audience` may see: for every game, its count kept as games are
/// opened; a server's public games kept too ([`count_seen_games`]); a
/// channel's narrower view counted from its games.
pub async fn count_games(
    conn: &mut AnyConnection,
    guild: Option<&str>,
    channel: &str,
    audience: Audience<'_>,
) -> anyhow::Result<i64> {
    if let Audience::All = audience {
        let games: Option<i64> =
            sqlx::query_scalar("SELECT games FROM place_totals WHERE scope = $1")
                .bind(super::scope_key(guild, channel))
                .fetch_optional(conn)
                .await?;
        return Ok(games.unwrap_or(0));
    }
    if let Some(guild) = guild {
        return count_seen_games(conn, guild, audience).await;
    }
    let (filter, key) = scope(guild, channel);
    let (seen, extra) = seen_by(audience, 2);
    let sql = format!("SELECT COUNT(*) FROM games WHERE {filter}{seen}");
    let mut query = sqlx::query_scalar(&sql).bind(key);
    for value in extra {
        query = query.bind(value);
    }
    Ok(query.fetch_one(conn).await?)
}

/// How many of a server's games `audience` may see: the kept count of the
/// games of its public channels (`public_games`), with, for a member,
/// their channel's kept count if it is not public and the games they
/// played in the server's other channels that are not (counted from their
/// seats: what is theirs).
async fn count_seen_games(
    conn: &mut AnyConnection,
    guild: &str,
    audience: Audience<'_>,
) -> anyhow::Result<i64> {
    let public: Option<i64> = sqlx::query_scalar("SELECT games FROM public_games WHERE guild = $1")
        .bind(guild)
        .fetch_optional(&mut *conn)
        .await?;
    let public = public.unwrap_or(0);
    let Audience::Member { channel, user } = audience else {
        // Everyone's view (every game's, `Audience::All`, is the place's
        // kept count, read by the caller).
        return Ok(public);
    };
    // Not public, so not counted above: the games of the member's channel,
    // and theirs in the other channels that are not public.
    let here: Option<i64> = sqlx::query_scalar(
        "SELECT c.games FROM channel_games c WHERE c.channel = $1 \
         AND NOT EXISTS (SELECT 1 FROM channel_views v WHERE v.channel = c.channel AND v.public = 1)",
    )
    .bind(channel)
    .fetch_optional(&mut *conn)
    .await?;
    let theirs: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.user_id = $1 AND g.guild = $2 AND g.channel <> $3 \
         AND NOT EXISTS (SELECT 1 FROM channel_views v WHERE v.channel = g.channel AND v.public = 1)",
    )
    .bind(user)
    .bind(guild)
    .bind(channel)
    .fetch_one(conn)
    .await?;
    Ok(public + here.unwrap_or(0) + theirs)
}

/// The condition (`AND ...`) for the games `audience` may see, its
/// parameters numbered from `$first`, and their values.
fn seen_by(audience: Audience<'_>, first: usize) -> (String, Vec<String>) {
    // One look-up of the game's channel by its key a game, never a read of
    // every channel's view.
    const PUBLIC: &str = "EXISTS (SELECT 1 FROM channel_views v \
                          WHERE v.channel = games.channel AND v.public = 1)";
    match audience {
        Audience::All => (String::new(), Vec::new()),
        Audience::Everyone => (format!(" AND {PUBLIC}"), Vec::new()),
        Audience::Member { channel, user } => (
            format!(
                " AND ({PUBLIC} OR channel = ${first} OR id IN \
                 (SELECT game_id FROM seats WHERE user_id = ${}))",
                first + 1
            ),
            vec![channel.to_string(), user.to_string()],
        ),
    }
}

/// The condition for a server's games, or a channel's outside servers.
fn scope<'a>(guild: Option<&'a str>, channel: &'a str) -> (&'static str, &'a str) {
    match guild {
        Some(g) => ("guild = $1", g),
        None => ("guild IS NULL AND channel = $1", channel),
    }
}

pub async fn insert_game(conn: &mut AnyConnection, new: NewGame<'_>) -> anyhow::Result<i64> {
    let removed = new.removed.map(serde_json::to_string).transpose()?;
    let id = sqlx::query(
        "INSERT INTO games (channel, guild, status, creator, seed, removed, first, deck, practice, \
         lang, created_at) VALUES ($1, $2, 'lobby', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(new.channel)
    .bind(new.guild)
    .bind(new.creator)
    .bind(new.seed as i64)
    .bind(removed)
    .bind(new.first)
    .bind(new.deck.map(Deck::to_text))
    .bind(i64::from(new.practice))
    .bind(new.lang.code())
    .bind(new.now)
    .fetch_one(&mut *conn)
    .await?
    .try_get("id")?;
    sqlx::query(
        "INSERT INTO place_totals (scope, games) VALUES ($1, 1) \
         ON CONFLICT (scope) DO UPDATE SET games = place_totals.games + 1",
    )
    .bind(super::scope_key(new.guild, new.channel))
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO channel_games (channel, games) VALUES ($1, 1) \
         ON CONFLICT (channel) DO UPDATE SET games = channel_games.games + 1",
    )
    .bind(new.channel)
    .execute(&mut *conn)
    .await?;
    if let Some(guild) = new.guild {
        if super::channel_public(conn, new.channel).await? == Some(true) {
            super::views::add_public_games(conn, guild, 1).await?;
        }
    }
    Ok(id)
}

/// Sets the language of a game's public messages.
pub async fn set_game_lang(
    conn: &mut AnyConnection,
    game_id: i64,
    lang: &Lang,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET lang = $1 WHERE id = $2")
        .bind(lang.code())
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The language of a game's public messages (English for a game not found).
pub async fn game_lang(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<Lang> {
    let code: Option<Option<String>> = sqlx::query_scalar("SELECT lang FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_optional(conn)
        .await?;
    Ok(code
        .flatten()
        .as_deref()
        .and_then(Lang::find)
        .unwrap_or_default())
}

pub async fn set_creator(
    conn: &mut AnyConnection,
    game_id: i64,
    user_id: &str,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET creator = $1 WHERE id = $2")
        .bind(user_id)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks a game started with its setup.
pub async fn start_game(
    conn: &mut AnyConnection,
    game_id: i64,
    setup: &Setup,
    game: &Game,
    now: &str,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE games SET status = 'running', setup = $1, started_at = $2, snapshot = $3 WHERE id = $4 AND status = 'lobby'",
    )
    .bind(serde_json::to_string(setup)?)
    .bind(now)
    .bind(serde_json::to_string(game)?)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets a game's status (and, as it ends, when and who won). A game that
/// ends (finished or abandoned) waits for nothing from then on: no one to
/// act, no reminder, no automatic seat. A game that finishes, and counts
/// (not practice), is counted among its place's finished games.
pub async fn set_status(
    conn: &mut AnyConnection,
    game_id: i64,
    status: GameStatus,
    winners: Option<&[String]>,
    now: &str,
) -> anyhow::Result<()> {
    let winners = winners.map(serde_json::to_string).transpose()?;
    if status == GameStatus::Finished {
        let place: Option<(Option<String>, String)> = sqlx::query_as(
            "SELECT guild, channel FROM games WHERE id = $1 AND status <> 'finished' \
             AND practice = 0",
        )
        .bind(game_id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((guild, channel)) = place {
            sqlx::query(
                "INSERT INTO place_totals (scope, finished) VALUES ($1, 1) \
                 ON CONFLICT (scope) DO UPDATE SET finished = place_totals.finished + 1",
            )
            .bind(super::scope_key(guild.as_deref(), &channel))
            .execute(&mut *conn)
            .await?;
        }
    }
    let sql = match status {
        GameStatus::Finished | GameStatus::Abandoned => {
            "UPDATE games SET status = $1, ended_at = $2, winners = $3, to_act_user = NULL, \
             waiting_since = NULL, remind_at = NULL, auto_at = NULL WHERE id = $4"
        }
        GameStatus::Lobby | GameStatus::Running => {
            "UPDATE games SET status = $1, ended_at = $2, winners = $3 WHERE id = $4"
        }
    };
    sqlx::query(sql)
        .bind(status.word())
        .bind(now)
        .bind(winners)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Remembers `message` as the one carrying the game's controls, if the log is
/// still `seq` long, and returns the message it replaces (`Some(None)` when
/// there was none). Returns `None`, changing nothing, when the game has moved
/// on: `message` is then already out of date.
pub async fn swap_table_message(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
    message: &str,
) -> anyhow::Result<Option<Option<String>>> {
    let previous: Option<(i64, Option<String>)> =
        sqlx::query_as("SELECT move_count, table_message FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&mut *conn)
            .await?;
    match previous {
        Some((count, previous)) if count == seq => {
            // Still at `seq` when written: a move committed since the look
            // (by another process) makes this message stale after all.
            let done = sqlx::query(
                "UPDATE games SET table_message = $1 WHERE id = $2 AND move_count = $3",
            )
            .bind(message)
            .bind(game_id)
            .bind(seq)
            .execute(&mut *conn)
            .await?;
            Ok((done.rows_affected() == 1).then_some(previous))
        }
        _ => Ok(None),
    }
}

/// Every game's id, oldest first.
pub async fn game_ids(conn: &mut AnyConnection) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(conn)
        .await?)
}

/// Sets (or with `None` clears) the settings a running game takes at its
/// next turn.
pub async fn set_next_settings(
    conn: &mut AnyConnection,
    game_id: i64,
    next: Option<&NextSettings>,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET next_settings = $1 WHERE id = $2")
        .bind(next.map(serde_json::to_string).transpose()?)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records who lost a running game by abandoning it.
pub async fn set_forfeited_by(
    conn: &mut AnyConnection,
    game_id: i64,
    user_id: &str,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET forfeited_by = $1 WHERE id = $2")
        .bind(user_id)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}
