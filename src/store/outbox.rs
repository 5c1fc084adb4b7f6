//! The outbox in rows: letters to deliver (reminders, direct-message
//! alerts, tables no command answered), written in the transaction of what
//! caused them, leased while they are being delivered, with a nonce each so
//! that a letter tried again shows once.

use crate::lang::{Lang, Text};
use sqlx::{AnyConnection, Row};

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
    /// A notice in the game's channel that mentions no one (a player went
    /// away).
    Notice,
}

impl LetterKind {
    fn word(self) -> &'static str {
        match self {
            LetterKind::Reminder => "reminder",
            LetterKind::Dm => "dm",
            LetterKind::Table => "table",
            LetterKind::Notice => "notice",
        }
    }

    fn parse(s: &str) -> anyhow::Result<LetterKind> {
        Ok(match s {
            "reminder" => LetterKind::Reminder,
            "dm" => LetterKind::Dm,
            "table" => LetterKind::Table,
            "notice" => LetterKind::Notice,
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
    /// The language to word it in, chosen by the referee when it is handed
    /// out for delivery from [`Letter::readers`] (ignored when posting).
    pub lang: Lang,
    /// The languages of those who may read it, as stored when it is handed
    /// out (empty when posting).
    pub readers: Readers,
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
    /// The score card beside the table's picture, when the letter shows a
    /// game's last move (drawn when handed out, never stored).
    pub score_card: Option<Vec<u8>>,
    /// What the picture and the score card show, in words (their
    /// descriptions, said in `lang`; made when handed out, never stored).
    pub picture_alt: Text,
    pub score_card_alt: Text,
}

/// The languages of a letter's possible readers: its game's, and its
/// recipient's own choice and last locale.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Readers {
    pub game: Option<Lang>,
    pub person: Option<Lang>,
    pub person_locale: Option<String>,
}

impl Letter {
    /// A letter of game `game_id` to post at `due_at`, with no channel,
    /// person, controls or picture yet (set them with `..Letter::new(..)`).
    pub fn new(kind: LetterKind, game_id: i64, words: Text, nonce: String, due_at: i64) -> Letter {
        Letter {
            id: 0,
            game_id: Some(game_id),
            kind,
            channel: None,
            user_id: None,
            words,
            lang: Lang::default(),
            readers: Default::default(),
            extra: None,
            nonce,
            due_at,
            posted_at: None,
            attempts: 0,
            picture: None,
            score_card: None,
            picture_alt: Text::empty(),
            score_card_alt: Text::empty(),
        }
    }
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

/// The messages waiting in the outbox for `channel` (tables and notices,
/// such as a tournament's rounds), taken out of it (oldest first): for a
/// front end without a courier, which shows them itself.
pub async fn take_channel_letters(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Vec<Text>> {
    let rows = sqlx::query(
        "DELETE FROM outbox WHERE kind IN ('table', 'notice') AND channel = $1 \
         RETURNING id, words, content",
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

/// Letters due at `now`, earliest first, each with the languages of its
/// possible readers.
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
            let readers = Readers {
                game: code("game_lang")?,
                person: code("person_lang")?,
                person_locale: r.try_get("person_locale")?,
            };
            let words = letter_words(r)?;
            Ok(Letter {
                id: r.try_get("id")?,
                game_id: r.try_get("game_id")?,
                kind,
                channel: r.try_get("channel")?,
                user_id: r.try_get("user_id")?,
                words,
                lang: Lang::default(),
                readers,
                extra: r.try_get("extra")?,
                nonce: r.try_get("nonce")?,
                due_at: r.try_get("due_at")?,
                posted_at: r.try_get("posted_at")?,
                attempts: r.try_get("attempts")?,
                picture: None,
                score_card: None,
                picture_alt: Text::empty(),
                score_card_alt: Text::empty(),
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

/// Takes back the try counted when letter `id` was handed out (it was
/// not sent after all).
pub async fn uncount_try(conn: &mut AnyConnection, id: i64) -> anyhow::Result<()> {
    sqlx::query("UPDATE outbox SET attempts = attempts - 1 WHERE id = $1 AND attempts > 0")
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

/// What merging a game's waiting tables did ([`merge_table_letters`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Merged {
    /// Older tables taken out of the outbox, with those they had taken the
    /// place of (a letter's `extra` keeps its count as `left_out`).
    pub left_out: u64,
    /// The table kept is older than one still waiting: it was taken out
    /// itself.
    pub superseded: bool,
}

/// Merges a game's tables waiting in the outbox into the one of nonce
/// `keep`, which shows the log at length `seq`: every other table letter
/// of the game that shows an earlier position and is not held for an
/// answer (held: never handed out and not yet due) is taken out; if one
/// shows a later position, `keep` is taken out instead. A table being
/// delivered at that moment may still show: a letter is never posted
/// twice, at worst an older table once.
pub async fn merge_table_letters(
    conn: &mut AnyConnection,
    game_id: i64,
    keep: &str,
    seq: i64,
    now: i64,
) -> anyhow::Result<Merged> {
    let rows = sqlx::query(
        "SELECT id, extra FROM outbox WHERE game_id = $1 AND kind = 'table' AND nonce <> $2 \
         AND (attempts > 0 OR due_at <= $3)",
    )
    .bind(game_id)
    .bind(keep)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    let mut merged = Merged::default();
    for row in &rows {
        let id: i64 = row.try_get("id")?;
        let extra = row
            .try_get::<Option<String>, _>("extra")?
            .and_then(|e| serde_json::from_str::<serde_json::Value>(&e).ok())
            .unwrap_or_default();
        match extra["seq"].as_i64() {
            Some(other) if other > seq => merged.superseded = true,
            _ => {
                remove_letter(&mut *conn, id).await?;
                // It may have taken the place of others already.
                merged.left_out += 1 + extra["left_out"].as_u64().unwrap_or(0);
            }
        }
    }
    if merged.superseded {
        remove_letter_by_nonce(&mut *conn, keep).await?;
    }
    Ok(merged)
}
