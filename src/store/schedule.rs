//! What keeps games moving, in rows: each game's turn (who waits, since
//! when, the next reminder, an automatic seat due), settings, kick votes,
//! people's alert choices, and the outbox of messages to deliver.
//!
//! The scheduler finds what is due through indexes (`games.remind_at`,
//! `games.auto_at`, `outbox.due_at`): the cost of a wake-up follows the
//! number of things due, not the number of games.

use super::games::{game_row, GameRow, Settings, Turn, GAME_COLUMNS};
use crate::lang::{Lang, Text};
use sqlx::{AnyConnection, Row};

/// Records the state of the game's wait after a move (or the start): who
/// must act, since when, the first reminder, an automatic seat's due time;
/// the count of reminders starts again.
pub async fn set_turn(conn: &mut AnyConnection, game_id: i64, turn: &Turn) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE games SET to_act_user = $1, waiting_since = $2, remind_at = $3, reminders_sent = $4, \
         auto_at = $5 WHERE id = $6",
    )
    .bind(&turn.to_act_user)
    .bind(turn.waiting_since)
    .bind(turn.remind_at)
    .bind(turn.reminders_sent)
    .bind(turn.auto_at)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets when the next reminder is due (`None`: no more for this wait) and
/// how many were sent.
pub async fn set_reminder(
    conn: &mut AnyConnection,
    game_id: i64,
    remind_at: Option<i64>,
    sent: i64,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET remind_at = $1, reminders_sent = $2 WHERE id = $3")
        .bind(remind_at)
        .bind(sent)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stops the game's reminders until its next move (its channel cannot be
/// reached).
pub async fn suspend_reminders(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET remind_at = NULL WHERE id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets when the automatic seat to act is due (`None`: nothing due).
pub async fn set_auto_at(
    conn: &mut AnyConnection,
    game_id: i64,
    at: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET auto_at = $1 WHERE id = $2")
        .bind(at)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_nudged(conn: &mut AnyConnection, game_id: i64, at: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET nudged_at = $1 WHERE id = $2")
        .bind(at)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_settings(
    conn: &mut AnyConnection,
    game_id: i64,
    settings: &Settings,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE games SET reminders_ms = $1, turn_limit_ms = $2, hints = $3 WHERE id = $4")
        .bind(settings.reminders)
        .bind(settings.turn_limit)
        .bind(i64::from(settings.hints))
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Running games whose reminder is due at `now`, earliest first.
pub async fn due_reminders(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> anyhow::Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE remind_at <= $1 AND status = 'running' \
         AND paused IS NULL ORDER BY remind_at LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(now)
        .bind(limit)
        .fetch_all(conn)
        .await?;
    rows.iter().map(game_row).collect()
}

/// Running games whose automatic seat is due at `now`.
pub async fn due_automatic(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM games WHERE auto_at <= $1 AND status = 'running' AND paused IS NULL \
         ORDER BY auto_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// The earliest time anything is due: a reminder, an automatic seat, a
/// message to deliver; nothing of a paused game.
pub async fn next_due(conn: &mut AnyConnection) -> anyhow::Result<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT MIN(t) FROM ( \
           SELECT MIN(remind_at) AS t FROM games WHERE remind_at IS NOT NULL AND paused IS NULL \
           UNION ALL SELECT MIN(auto_at) FROM games WHERE auto_at IS NOT NULL AND paused IS NULL \
           UNION ALL SELECT MIN(o.due_at) FROM outbox o WHERE NOT EXISTS \
             (SELECT 1 FROM games g WHERE g.id = o.game_id AND g.paused IS NOT NULL)) AS due",
    )
    .fetch_one(conn)
    .await?)
}

/// Running games where `user` must act, the longest wait first.
pub async fn waiting_for(conn: &mut AnyConnection, user: &str) -> anyhow::Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE to_act_user = $1 AND status = 'running' \
         ORDER BY waiting_since, id"
    );
    let rows = sqlx::query(&sql).bind(user).fetch_all(conn).await?;
    rows.iter().map(game_row).collect()
}

// ----- kick votes -----

/// Records a vote against the wait at log length `seq`; false if this voter
/// already voted in it.
pub async fn add_kick_vote(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
    voter: &str,
    at: i64,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO kick_votes (game_id, seq, voter, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind(game_id)
    .bind(seq)
    .bind(voter)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The voters against the wait at log length `seq`.
pub async fn kick_votes(
    conn: &mut AnyConnection,
    game_id: i64,
    seq: i64,
) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT voter FROM kick_votes WHERE game_id = $1 AND seq = $2 ORDER BY at",
    )
    .bind(game_id)
    .bind(seq)
    .fetch_all(conn)
    .await?)
}

// ----- people -----

/// A person's choices: direct-message alerts, a notice owed to them, the
/// language they chose, and the locale Discord last gave with their commands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Person {
    pub dm: bool,
    /// Discord said the bot shares no server with them (50278): their
    /// alerts wait until they use a command in a server again.
    pub dm_no_server: bool,
    pub notice: Option<Text>,
    /// Their own choice (`/aq language`), if any.
    pub lang: Option<Lang>,
    /// Their client's locale as last seen (`en-US`, `ja`), if any.
    pub locale: Option<String>,
}

impl Person {
    /// The language to speak to them in: their choice, else their locale's
    /// when we speak it, else English.
    pub fn speaks(&self) -> Lang {
        self.lang
            .clone()
            .or_else(|| self.locale.as_deref().and_then(Lang::find))
            .unwrap_or_default()
    }
}

/// A stored notice: the JSON of a [`Text`], or (written before notices were
/// messages of the catalogue) verbatim text.
fn notice_text(stored: String) -> Text {
    serde_json::from_str(&stored).unwrap_or(Text::Raw(stored))
}

pub async fn person(conn: &mut AnyConnection, user: &str) -> anyhow::Result<Person> {
    let row =
        sqlx::query("SELECT dm, dm_no_server, notice, lang, locale FROM people WHERE user_id = $1")
            .bind(user)
            .fetch_optional(conn)
            .await?;
    Ok(match row {
        Some(r) => Person {
            dm: r.try_get::<i64, _>("dm")? != 0,
            dm_no_server: r.try_get::<i64, _>("dm_no_server")? != 0,
            notice: r.try_get::<Option<String>, _>("notice")?.map(notice_text),
            lang: r
                .try_get::<Option<String>, _>("lang")?
                .as_deref()
                .and_then(Lang::find),
            locale: r.try_get("locale")?,
        },
        None => Person::default(),
    })
}

/// Sets (or, with `None`, forgets) the language a person chose.
pub async fn set_lang(
    conn: &mut AnyConnection,
    user: &str,
    lang: Option<&Lang>,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, lang) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang",
    )
    .bind(user)
    .bind(lang.map(Lang::code))
    .execute(conn)
    .await?;
    Ok(())
}

/// Remembers the locale Discord gave with a person's command.
pub async fn set_locale(conn: &mut AnyConnection, user: &str, locale: &str) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, locale) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
    )
    .bind(user)
    .bind(locale)
    .execute(conn)
    .await?;
    Ok(())
}

/// Turns direct-message alerts on or off; `notice` is told to them the next
/// time they use a command (`None` clears it).
pub async fn set_dm(
    conn: &mut AnyConnection,
    user: &str,
    on: bool,
    notice: Option<&Text>,
) -> anyhow::Result<()> {
    let notice = notice.map(serde_json::to_string).transpose()?;
    sqlx::query(
        "INSERT INTO people (user_id, dm, notice) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, notice = excluded.notice",
    )
    .bind(user)
    .bind(i64::from(on))
    .bind(notice)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes the notice owed to a person, if any. A person seen `in_server`
/// shares one with the bot again: alerts that waited for that go again.
pub async fn take_notice(
    conn: &mut AnyConnection,
    user: &str,
    in_server: bool,
) -> anyhow::Result<Option<Text>> {
    let row = sqlx::query(
        "SELECT notice, dm_no_server FROM people WHERE user_id = $1 \
         AND (notice IS NOT NULL OR dm_no_server <> 0)",
    )
    .bind(user)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let notice: Option<String> = row.try_get("notice")?;
    let back = in_server && row.try_get::<i64, _>("dm_no_server")? != 0;
    if notice.is_some() || back {
        let sql = if back {
            "UPDATE people SET notice = NULL, dm_no_server = 0 WHERE user_id = $1"
        } else {
            "UPDATE people SET notice = NULL WHERE user_id = $1"
        };
        sqlx::query(sql).bind(user).execute(conn).await?;
    }
    Ok(notice.map(notice_text))
}

/// Marks a person Discord will not let the bot write to for now because
/// they share no server with it (or, with `false`, clears it).
pub async fn set_dm_no_server(
    conn: &mut AnyConnection,
    user: &str,
    no_server: bool,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, dm_no_server) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET dm_no_server = excluded.dm_no_server",
    )
    .bind(user)
    .bind(i64::from(no_server))
    .execute(conn)
    .await?;
    Ok(())
}

// ----- the outbox -----

/// What a letter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LetterKind {
    /// A reminder in the game's channel, mentioning the player to act.
    Reminder,
    /// A direct message to a person.
    Dm,
    /// A table message in the game's channel after automatic moves that no
    /// command answered (after a restart), with the next player's controls.
    Table,
}

impl LetterKind {
    fn word(self) -> &'static str {
        match self {
            LetterKind::Reminder => "reminder",
            LetterKind::Dm => "dm",
            LetterKind::Table => "table",
        }
    }

    fn parse(s: &str) -> anyhow::Result<LetterKind> {
        Ok(match s {
            "reminder" => LetterKind::Reminder,
            "dm" => LetterKind::Dm,
            "table" => LetterKind::Table,
            other => anyhow::bail!("unknown kind of letter '{other}' in the outbox"),
        })
    }
}

/// A message waiting to be delivered.
#[derive(Debug, Clone, PartialEq)]
pub struct Letter {
    pub id: i64,
    pub game_id: Option<i64>,
    pub kind: LetterKind,
    /// The channel, for a channel message.
    pub channel: Option<String>,
    /// The one person mentioned, or a direct message's recipient.
    pub user_id: Option<String>,
    /// What it says, worded when it is sent.
    pub words: Text,
    /// The language to word it in, read when it is handed out for delivery:
    /// the game's for a channel message, the recipient's for a direct one
    /// (ignored when posting).
    pub lang: Lang,
    /// JSON the front end attaches (controls of a table message).
    pub extra: Option<String>,
    /// Sent along, so that Discord shows a retried message once.
    pub nonce: String,
    pub due_at: i64,
    /// When it was first due; `None` for a letter written before this was
    /// kept.
    pub posted_at: Option<i64>,
    pub attempts: i64,
    /// The table's picture to attach (PNG), drawn when the letter is handed
    /// out: never stored.
    pub picture: Option<Vec<u8>>,
}

/// A letter to post; ignored if one with the same nonce is already waiting.
/// `content` keeps the English words, for a reader of the database.
pub async fn post_letter(conn: &mut AnyConnection, letter: &Letter) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO outbox (game_id, kind, channel, user_id, content, words, extra, \
         nonce, due_at, posted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) \
         ON CONFLICT DO NOTHING",
    )
    .bind(letter.game_id)
    .bind(letter.kind.word())
    .bind(&letter.channel)
    .bind(&letter.user_id)
    .bind(crate::lang::plain(&Lang::english(), &letter.words))
    .bind(serde_json::to_string(&letter.words)?)
    .bind(&letter.extra)
    .bind(&letter.nonce)
    .bind(letter.due_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A held letter (see `Referee::web_move`) given its final words, mention
/// and attachments, and made due at `due_at`. Nothing when it was sent
/// already.
pub async fn rewrite_letter(
    conn: &mut AnyConnection,
    nonce: &str,
    words: &Text,
    user_id: Option<&str>,
    extra: &str,
    due_at: i64,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE outbox SET content = $1, words = $2, user_id = $3, extra = $4, due_at = $5 \
         WHERE nonce = $6",
    )
    .bind(crate::lang::plain(&Lang::english(), words))
    .bind(serde_json::to_string(words)?)
    .bind(user_id)
    .bind(extra)
    .bind(due_at)
    .bind(nonce)
    .execute(conn)
    .await?;
    Ok(())
}

/// A letter's message; one written before letters were messages (or whose
/// message cannot be read) says its English content as it is.
fn letter_words(r: &sqlx::any::AnyRow) -> anyhow::Result<Text> {
    let words = r
        .try_get::<Option<String>, _>("words")?
        .and_then(|json| serde_json::from_str(&json).ok());
    Ok(match words {
        Some(words) => words,
        None => Text::Raw(r.try_get("content")?),
    })
}

/// The table messages waiting in the outbox for `channel`, taken out of it
/// (oldest first): for a front end without a courier, which shows them
/// itself.
pub async fn take_table_letters(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Vec<Text>> {
    let rows = sqlx::query(
        "DELETE FROM outbox WHERE kind = 'table' AND channel = $1 RETURNING id, words, content",
    )
    .bind(channel)
    .fetch_all(conn)
    .await?;
    let mut letters: Vec<(i64, Text)> = Vec::with_capacity(rows.len());
    for r in &rows {
        letters.push((r.try_get("id")?, letter_words(r)?));
    }
    letters.sort_by_key(|(id, _)| *id);
    Ok(letters.into_iter().map(|(_, words)| words).collect())
}

/// Letters due at `now`, earliest first, each with the language to word it
/// in: a direct message in its recipient's, a channel message in its
/// game's.
pub async fn due_letters(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> anyhow::Result<Vec<Letter>> {
    let rows = sqlx::query(
        "SELECT o.id, o.game_id, o.kind, o.channel, o.user_id, o.content, o.words, o.extra, \
         o.nonce, o.due_at, o.posted_at, o.attempts, g.lang AS game_lang, \
         p.lang AS person_lang, p.locale AS person_locale \
         FROM outbox o LEFT JOIN games g ON g.id = o.game_id \
         LEFT JOIN people p ON p.user_id = o.user_id \
         WHERE o.due_at <= $1 AND g.paused IS NULL ORDER BY o.due_at, o.id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let kind = LetterKind::parse(r.try_get("kind")?)?;
            let code = |col: &str| -> anyhow::Result<Option<Lang>> {
                Ok(r.try_get::<Option<String>, _>(col)?
                    .as_deref()
                    .and_then(Lang::find))
            };
            let lang = match kind {
                LetterKind::Dm => Person {
                    lang: code("person_lang")?,
                    locale: r.try_get("person_locale")?,
                    ..Person::default()
                }
                .speaks(),
                LetterKind::Reminder | LetterKind::Table => code("game_lang")?.unwrap_or_default(),
            };
            let words = letter_words(r)?;
            Ok(Letter {
                id: r.try_get("id")?,
                game_id: r.try_get("game_id")?,
                kind,
                channel: r.try_get("channel")?,
                user_id: r.try_get("user_id")?,
                words,
                lang,
                extra: r.try_get("extra")?,
                nonce: r.try_get("nonce")?,
                due_at: r.try_get("due_at")?,
                posted_at: r.try_get("posted_at")?,
                attempts: r.try_get("attempts")?,
                picture: None,
            })
        })
        .collect()
}

/// A delivered (or abandoned) letter leaves the outbox.
pub async fn remove_letter(conn: &mut AnyConnection, id: i64) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM outbox WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Holds letters until `until` (a lease while they are being delivered),
/// in one statement.
pub async fn lease_letters(
    conn: &mut AnyConnection,
    ids: &[i64],
    until: i64,
) -> anyhow::Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "UPDATE outbox SET due_at = $1, attempts = attempts + 1 WHERE id IN ({})",
        super::placeholders(2, ids.len())
    );
    let mut query = sqlx::query(&sql).bind(until);
    for id in ids {
        query = query.bind(*id);
    }
    query.execute(conn).await?;
    Ok(())
}

/// A letter to try again at `at` (its try was counted when it was handed
/// out).
pub async fn retry_letter(conn: &mut AnyConnection, id: i64, at: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE outbox SET due_at = $1 WHERE id = $2")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether a letter of the same kind for the same game was posted after
/// letter `id` (a newer reminder supersedes an older one).
pub async fn newer_letter(
    conn: &mut AnyConnection,
    game_id: i64,
    kind: LetterKind,
    id: i64,
) -> anyhow::Result<bool> {
    let newer: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM outbox WHERE game_id = $1 AND kind = $2 AND id > $3 LIMIT 1",
    )
    .bind(game_id)
    .bind(kind.word())
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(newer.is_some())
}

/// Takes a game's channel letters (reminders and tables) out of the
/// outbox: its channel is gone. Returns how many there were.
pub async fn drop_channel_letters(conn: &mut AnyConnection, game_id: i64) -> anyhow::Result<u64> {
    let done =
        sqlx::query("DELETE FROM outbox WHERE game_id = $1 AND kind IN ('reminder', 'table')")
            .bind(game_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected())
}

/// A held letter taken out of the outbox (its move was answered), by nonce.
pub async fn remove_letter_by_nonce(conn: &mut AnyConnection, nonce: &str) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM outbox WHERE nonce = $1")
        .bind(nonce)
        .execute(conn)
        .await?;
    Ok(())
}

// ----- the identify gate -----

/// Takes the gate to identify with Discord until `until` if it is free at
/// `now`; otherwise returns when it frees.
pub async fn take_identify_gate(
    conn: &mut AnyConnection,
    now: i64,
    until: i64,
) -> anyhow::Result<Option<i64>> {
    sqlx::query("INSERT INTO identify_gate (id, until_ms) VALUES (1, 0) ON CONFLICT DO NOTHING")
        .execute(&mut *conn)
        .await?;
    let taken =
        sqlx::query("UPDATE identify_gate SET until_ms = $1 WHERE id = 1 AND until_ms <= $2")
            .bind(until)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    if taken.rows_affected() == 1 {
        return Ok(None);
    }
    let frees: i64 = sqlx::query_scalar("SELECT until_ms FROM identify_gate WHERE id = 1")
        .fetch_one(conn)
        .await?;
    Ok(Some(frees))
}
