//! The scheduler's side of the referee: handing out letters to deliver and
//! recording what became of them, judged by what Discord answered
//! ([`Delivery`]). A letter leaves the outbox only once delivered (or given
//! up); one handed out is leased (its due time moved ahead) so that one left
//! behind by a crash is tried again, with the same nonce, so that Discord
//! shows it once.

use super::Referee;
use crate::clock::Millis;
use crate::lang::Text;
use crate::store::{self, Letter, LetterKind, Tx};

/// How long a letter handed out for delivery is held before it is tried
/// again, if its delivery is never reported (a crash).
pub const LEASE_MS: Millis = 60_000;
/// The first wait after a failed delivery; each failure doubles it, up to
/// [`MAX_BACKOFF_MS`].
pub const FIRST_BACKOFF_MS: Millis = 15_000;
/// The longest wait between two tries of a letter.
pub const MAX_BACKOFF_MS: Millis = 3_600_000;
/// A letter other than a table's is given up once it has failed for this
/// long (an outage of Discord or of the network shorter than this loses
/// nothing). A table letter, the only record in its channel of a move made
/// elsewhere, is never given up.
pub const GIVE_UP_AFTER_MS: Millis = 24 * 3_600_000;
/// A letter written before letters kept their first due time is given up
/// after this many tries (more than a day of them at the longest wait).
const GIVE_UP_AFTER_TRIES: i64 = 40;

/// What became of a letter, as Discord's answer says it (its JSON `code`,
/// not the HTTP status alone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Delivered; for a table message, the message's `channel/message` id.
    Sent(Option<String>),
    /// Discord refuses the bot in the channel (`50001` no access, `50013` a
    /// permission missing, `160005` a locked thread): the game waits until
    /// someone acts there while the bot may post again, and its letters
    /// wait with it.
    Unreachable(String),
    /// The channel no longer exists (`10003`): the game waits for good and
    /// its channel letters are dropped.
    ChannelGone(String),
    /// The person's direct messages are closed (`50007`): their alerts are
    /// turned off, and they are told the next time they use a command.
    DmClosed,
    /// The person shares no server with the bot (`50278`): not their
    /// choice, so their alerts only wait until they use a command in a
    /// server again.
    NoMutualServer,
    /// Not sent: its game began to wait (its server removed the bot, its
    /// channel refused it) while the letter waited its turn to go. It
    /// stays in the outbox and goes when the game goes on (a reminder is
    /// dropped: a newer one is queued then).
    Held,
    /// Rate limited: try again after this long.
    RetryAfter(Millis),
    /// Anything else, or no answer: try again later, waiting longer each
    /// time.
    Failed(String),
}

/// How long a letter that failed `tries` times (this one included) waits
/// before its next try.
pub fn backoff(tries: i64) -> Millis {
    let doublings = tries.saturating_sub(1).clamp(0, 20) as u32;
    FIRST_BACKOFF_MS
        .saturating_mul(1 << doublings)
        .min(MAX_BACKOFF_MS)
}

impl Referee {
    /// Letters due at `now`, leased for delivery: each is held for
    /// [`LEASE_MS`] unless its delivery is reported first.
    pub async fn lease_letters(&self, now: Millis, limit: i64) -> anyhow::Result<Vec<Letter>> {
        let mut tx = self.store.write().await?;
        let mut letters = store::due_letters(&mut tx, now, limit).await?;
        let ids: Vec<i64> = letters.iter().map(|l| l.id).collect();
        store::lease_letters(&mut tx, &ids, now + LEASE_MS).await?;
        tx.commit().await?;
        for letter in &mut letters {
            letter.lang = super::language::letter_lang(letter);
            if let Some(picture) = self.letter_picture(letter).await {
                letter.picture = Some(picture.png);
                letter.picture_alt = picture.alt;
                if let Some(card) = self.letter_score_card(letter).await {
                    letter.score_card = Some(card.png);
                    letter.score_card_alt = card.alt;
                }
            }
        }
        Ok(letters)
    }

    /// Whether a letter handed out has to wait after all: its game began
    /// to wait (see [`Delivery::Held`]) since it was handed out. Asked
    /// right before it is sent, so that nothing goes to a server that
    /// removed the bot a moment ago. A letter of no game never waits.
    pub async fn letter_waits(&self, letter: &Letter) -> anyhow::Result<bool> {
        let Some(game) = letter.game_id else {
            return Ok(false);
        };
        let mut conn = self.store.read().await?;
        Ok(store::game_by_id(&mut conn, game)
            .await?
            .is_some_and(|row| row.paused.is_some()))
    }

    /// The table's picture a table letter asks for (`"picture": true`): the
    /// table after the move it answers, drawn now. Nothing when it cannot
    /// be drawn: the letter goes without it.
    async fn letter_picture(&self, letter: &Letter) -> Option<super::Picture> {
        let extra: serde_json::Value = serde_json::from_str(letter.extra.as_deref()?).ok()?;
        if letter.kind != LetterKind::Table || extra["picture"] != true {
            return None;
        }
        let seq = usize::try_from(extra["seq"].as_i64()?).ok()?;
        let loaded = self.find_game(letter.game_id, None).await.ok()??.ok()?;
        self.web_picture(&loaded, seq).await
    }

    /// The score card beside a table letter's picture when the move it
    /// shows ended the game, in the game's language; nothing otherwise.
    async fn letter_score_card(&self, letter: &Letter) -> Option<super::Picture> {
        let extra: serde_json::Value = serde_json::from_str(letter.extra.as_deref()?).ok()?;
        let seq = usize::try_from(extra["seq"].as_i64()?).ok()?;
        let loaded = self.find_game(letter.game_id, None).await.ok()??.ok()?;
        let game = loaded.game()?;
        if loaded.seq() != i64::try_from(seq).ok()? || !game.is_over() {
            return None;
        }
        let card = loaded.score_card_of(game)?;
        let alt = loaded.describe_score_card(&card);
        let lang = loaded.lang().clone();
        let painter = self.painter.clone()?;
        match self
            .drawers
            .draw(move || painter.score_card(&card, &lang))
            .await
        {
            Ok(Ok(png)) => Some(super::Picture {
                name: "score.png".into(),
                png,
                alt,
            }),
            Ok(Err(e)) => {
                tracing::warn!("could not draw a letter's score card: {e:#}");
                None
            }
            Err(e) => {
                tracing::error!("drawing a letter's score card failed: {e}");
                None
            }
        }
    }

    /// Records what became of a letter: delivered letters leave the outbox;
    /// a lost channel suspends the game's reminders until its next move;
    /// closed direct messages turn the alerts off and leave the person a
    /// notice; rate limits and failures are tried again later. Returns the
    /// table message whose controls a delivered table message replaces.
    pub async fn letter_delivered(
        &self,
        letter: &Letter,
        delivery: Delivery,
        now: Millis,
    ) -> anyhow::Result<Option<String>> {
        let mut retire = self
            .letters_delivered(vec![(letter.clone(), delivery)], now)
            .await?;
        Ok(retire.pop().flatten())
    }

    /// [`Referee::letter_delivered`] for several letters in one transaction
    /// (what a busy scheduler finds finished at once); returns what to
    /// retire for each, in order.
    pub async fn letters_delivered(
        &self,
        done: Vec<(Letter, Delivery)>,
        now: Millis,
    ) -> anyhow::Result<Vec<Option<String>>> {
        let mut tx = self.store.write().await?;
        let mut retires = Vec::with_capacity(done.len());
        for (letter, delivery) in &done {
            retires.push(record_delivery(&mut tx, letter, delivery, now).await?);
        }
        tx.commit().await?;
        Ok(retires)
    }
}

/// Records what became of one letter, in `tx`.
async fn record_delivery(
    tx: &mut Tx,
    letter: &Letter,
    delivery: &Delivery,
    now: Millis,
) -> anyhow::Result<Option<String>> {
    let mut retire = None;
    match delivery {
        Delivery::Sent(message) => {
            store::remove_letter(&mut *tx, letter.id).await?;
            if let (LetterKind::Table, Some(message), Some(game)) =
                (letter.kind, message, letter.game_id)
            {
                let seq = letter
                    .extra
                    .as_deref()
                    .and_then(|e| serde_json::from_str::<serde_json::Value>(e).ok())
                    .and_then(|e| e["seq"].as_i64());
                if let Some(seq) = seq {
                    retire = match store::swap_table_message(&mut *tx, game, seq, message).await? {
                        Some(previous) => previous,
                        None => Some(message.clone()),
                    };
                }
            }
        }
        Delivery::Unreachable(why) => {
            tracing::warn!(
                game = ?letter.game_id,
                channel = ?letter.channel,
                "Discord refuses the bot in the channel ({why}): its game waits until someone acts there"
            );
            if let Some(channel) = &letter.channel {
                store::set_paused(
                    &mut *tx,
                    store::Scope::Channel(channel),
                    Some(store::Pause::Unreachable),
                    None,
                )
                .await?;
            }
            let waits = match letter.game_id {
                Some(game) => store::game_by_id(&mut *tx, game)
                    .await?
                    .is_some_and(|row| row.paused.is_some()),
                None => false,
            };
            let tries = letter.attempts + 1;
            if letter.kind == LetterKind::Table && waits {
                // The move it shows goes out when its game goes on.
                store::retry_letter(&mut *tx, letter.id, now).await?;
            } else if letter.kind == LetterKind::Reminder
                || letter.posted_at.is_none_or(|p| now - p >= GIVE_UP_AFTER_MS)
            {
                // A reminder: a newer one is queued when the game goes on.
                store::remove_letter(&mut *tx, letter.id).await?;
            } else {
                // The table of a game that ended, or a letter of no game:
                // tried again now and then, for a day.
                store::retry_letter(&mut *tx, letter.id, now + backoff(tries)).await?;
            }
        }
        Delivery::ChannelGone(why) => {
            tracing::warn!(
                game = ?letter.game_id,
                channel = ?letter.channel,
                "the channel is gone ({why}): its game waits for good"
            );
            store::remove_letter(&mut *tx, letter.id).await?;
            if let Some(channel) = &letter.channel {
                let paused = store::set_paused(
                    &mut *tx,
                    store::Scope::Channel(channel),
                    Some(store::Pause::Deleted),
                    None,
                )
                .await?;
                for game in paused.into_iter().chain(letter.game_id) {
                    store::drop_channel_letters(&mut *tx, game).await?;
                }
            }
        }
        Delivery::NoMutualServer => {
            let user = letter.user_id.as_deref().unwrap_or_default();
            tracing::info!(
                user,
                "the person shares no server with the bot: their alerts wait until they use a command in one"
            );
            store::remove_letter(&mut *tx, letter.id).await?;
            store::set_dm_no_server(&mut *tx, user, true).await?;
        }
        Delivery::DmClosed => {
            let user = letter.user_id.as_deref().unwrap_or_default();
            tracing::info!(
                user,
                "direct messages are closed: turn alerts by direct message are off for them"
            );
            store::remove_letter(&mut *tx, letter.id).await?;
            store::set_dm(&mut *tx, user, false, Some(&Text::msg("notice-dms-closed"))).await?;
        }
        Delivery::Held => {
            if letter.kind == LetterKind::Reminder {
                store::remove_letter(&mut *tx, letter.id).await?;
            } else {
                // Handed out for nothing: not a try.
                store::retry_letter(&mut *tx, letter.id, now).await?;
                store::uncount_try(&mut *tx, letter.id).await?;
            }
        }
        Delivery::RetryAfter(after) => {
            store::retry_letter(&mut *tx, letter.id, now + after.max(&0)).await?;
        }
        Delivery::Failed(why) => {
            // This try was counted when the letter was handed out.
            let tries = letter.attempts + 1;
            if superseded(&mut *tx, letter).await? {
                tracing::info!(nonce = %letter.nonce, "a reminder failed and a newer one replaces it: {why}");
                store::remove_letter(&mut *tx, letter.id).await?;
            } else if given_up(letter, tries, now) {
                tracing::error!(
                    game = ?letter.game_id,
                    nonce = %letter.nonce,
                    "a message could not be delivered in a day of tries ({tries}) and is given up: {why}"
                );
                store::remove_letter(&mut *tx, letter.id).await?;
            } else {
                let wait = backoff(tries);
                tracing::warn!(
                    game = ?letter.game_id,
                    nonce = %letter.nonce,
                    "a message could not be delivered, trying again in {} s: {why}",
                    wait / 1000
                );
                store::retry_letter(&mut *tx, letter.id, now + wait).await?;
            }
        }
    }
    Ok(retire)
}

/// Whether a letter that failed has been tried long enough: never a
/// table's; others after a day since they were first due.
fn given_up(letter: &Letter, tries: i64, now: Millis) -> bool {
    if letter.kind == LetterKind::Table {
        return false;
    }
    match letter.posted_at {
        Some(posted) => now - posted >= GIVE_UP_AFTER_MS,
        None => tries >= GIVE_UP_AFTER_TRIES,
    }
}

/// Whether a reminder that failed is out of date: a newer one was queued,
/// or the game has moved on (its nonce names the log length it was for).
async fn superseded(tx: &mut Tx, letter: &Letter) -> anyhow::Result<bool> {
    let (LetterKind::Reminder, Some(game_id)) = (letter.kind, letter.game_id) else {
        return Ok(false);
    };
    if store::newer_letter(&mut *tx, game_id, LetterKind::Reminder, letter.id).await? {
        return Ok(true);
    }
    let for_length = letter
        .nonce
        .strip_prefix('r')
        .and_then(|n| n.split('.').nth(1))
        .and_then(|n| n.parse::<i64>().ok());
    let row = store::game_by_id(&mut *tx, game_id).await?;
    Ok(match (row, for_length) {
        (Some(row), Some(length)) => {
            row.status != store::GameStatus::Running || row.move_count != length
        }
        (None, _) => true,
        (Some(_), None) => false,
    })
}
