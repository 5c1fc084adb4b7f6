//! The wait after every move, in the database: who must act and since when,
//! the next reminder, a direct-message alert when a turn starts, and when an
//! automatic seat is due. And the scheduler's side of the referee: turning
//! due reminders into letters, handing out letters to deliver, and recording
//! what became of them.
//!
//! Everything is written in the transaction of the move (or of the reminder
//! it replaces), so a restart neither loses nor repeats anything: a reminder
//! is counted sent in the same transaction that puts its letter in the
//! outbox, and a letter leaves the outbox only once delivered. A letter
//! handed out is leased (its due time moved ahead) so that one left behind by
//! a crash is tried again, with the same nonce, so that Discord shows it once.

use super::{Loaded, Referee};
use crate::clock::Millis;
use crate::engine::Game;
use crate::lang::{Arg, Lang, Text};
use crate::store::{self, Letter, LetterKind, Turn, Tx};

/// Reminders a wait gets at most.
pub const MAX_REMINDERS: i64 = 3;
/// How long after a move an automatic seat is left to the command that made
/// the move before the scheduler plays it (after a crash, say).
pub const AUTO_GRACE_MS: Millis = 30_000;
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
    /// Records the wait that follows a move (or the start) in `loaded`'s row:
    /// the person to act and since when, their first reminder, an automatic
    /// seat's due time; and alerts by direct message a person whose turn
    /// starts, if they asked for it.
    pub(super) async fn record_turn(
        &self,
        tx: &mut Tx,
        loaded: &mut Loaded,
        now: Millis,
    ) -> anyhow::Result<()> {
        let previous = loaded.row.turn.to_act_user.clone();
        let Some(game) = loaded.game.as_ref() else {
            return Ok(());
        };
        let seat = game.to_act().and_then(|s| loaded.seats.get(s));
        let person = seat.filter(|s| !s.is_auto());
        let turn = Turn {
            to_act_user: person.map(|s| s.user_id.clone()),
            waiting_since: seat.map(|_| now),
            remind_at: person
                .and(loaded.row.settings.reminders)
                .map(|every| now + every),
            reminders_sent: 0,
            nudged_at: loaded.row.turn.nudged_at,
            auto_at: seat.filter(|s| s.is_auto()).map(|_| now + AUTO_GRACE_MS),
        };
        store::set_turn(tx, loaded.row.id, &turn).await?;
        if let Some(user) = &turn.to_act_user {
            let person = store::person(tx, user).await?;
            if previous.as_ref() != Some(user) && person.dm && !person.dm_no_server {
                // A channel mention is Discord's; direct messages are too.
                let words = Text::msg("dm-your-turn")
                    .arg("game", loaded.row.id.to_string())
                    .arg("channel", Arg::Channel(loaded.row.channel.clone()))
                    .arg("task", task(game));
                store::post_letter(
                    tx,
                    &Letter {
                        id: 0,
                        game_id: Some(loaded.row.id),
                        kind: LetterKind::Dm,
                        channel: None,
                        user_id: Some(user.clone()),
                        words,
                        lang: Lang::default(),
                        extra: None,
                        nonce: format!("d{}.{}", loaded.row.id, loaded.seq()),
                        due_at: now,
                        posted_at: None,
                        attempts: 0,
                        picture: None,
                    },
                )
                .await?;
            }
        }
        loaded.row.turn = turn;
        self.wake.notify_one();
        Ok(())
    }

    /// Turns every reminder due at `now` into a letter in the game's channel
    /// (one per game, however many intervals passed), and schedules the next
    /// (at most [`MAX_REMINDERS`] a wait). Returns how many were queued.
    pub async fn queue_due_reminders(&self, now: Millis) -> anyhow::Result<usize> {
        let mut queued = 0;
        loop {
            let mut tx = self.store.write().await?;
            let due = store::due_reminders(&mut tx, now, 200).await?;
            let batch = due.len();
            for row in due {
                let Some(user) = row.turn.to_act_user.clone() else {
                    store::suspend_reminders(&mut tx, row.id).await?;
                    continue;
                };
                let sent = row.turn.reminders_sent + 1;
                let since = row.turn.waiting_since.unwrap_or(now);
                let name = store::seats(&mut tx, row.id)
                    .await?
                    .into_iter()
                    .find(|s| s.user_id == user)
                    .map(|s| s.name)
                    .unwrap_or_default();
                let words = Text::msg("reminder")
                    .arg(
                        "who",
                        Arg::Person {
                            name,
                            id: user.clone(),
                        },
                    )
                    .arg("game", row.id.to_string())
                    .arg("since", Arg::Time(since))
                    .arg("task", task_in(row.snapshot.as_deref(), "task-your-turn"))
                    .arg("sent", sent)
                    .arg("max", MAX_REMINDERS);
                store::post_letter(
                    &mut tx,
                    &Letter {
                        id: 0,
                        game_id: Some(row.id),
                        kind: LetterKind::Reminder,
                        channel: Some(row.channel.clone()),
                        user_id: Some(user),
                        words,
                        lang: Lang::default(),
                        extra: None,
                        nonce: format!("r{}.{}.{sent}", row.id, row.move_count),
                        due_at: now,
                        posted_at: None,
                        attempts: 0,
                        picture: None,
                    },
                )
                .await?;
                let next = (sent < MAX_REMINDERS)
                    .then_some(row.settings.reminders)
                    .flatten()
                    .map(|every| now + every);
                store::set_reminder(&mut tx, row.id, next, sent).await?;
                queued += 1;
            }
            tx.commit().await?;
            if batch < 200 {
                return Ok(queued);
            }
        }
    }

    /// Plays the automatic seats left to act in `channel`'s game, and those
    /// due at `now` elsewhere (see [`Referee::play_due_automatic`]), and
    /// takes the table messages that left for `channel` out of the outbox,
    /// to be shown by a front end that has no courier (the terminal): what
    /// the computer seats did, oldest first.
    pub async fn catch_up(&self, channel: &str, now: Millis) -> anyhow::Result<Vec<Text>> {
        // The channel's own game plays at once, without the grace a serving
        // process gives the command that may still be playing it: the front
        // end that asks is the one that was stopped.
        let left = {
            let mut tx = self.store.read().await?;
            store::open_game(&mut tx, channel)
                .await?
                .filter(|row| row.turn.auto_at.is_some())
                .map(|row| row.id)
        };
        if let Some(game_id) = left {
            self.play_left_automatic(game_id, now).await?;
        }
        self.play_due_automatic(now).await?;
        let mut tx = self.store.write().await?;
        let letters = store::take_table_letters(&mut tx, channel).await?;
        tx.commit().await?;
        Ok(letters)
    }

    /// Letters due at `now`, leased for delivery: each is held for
    /// [`LEASE_MS`] unless its delivery is reported first.
    pub async fn lease_letters(&self, now: Millis, limit: i64) -> anyhow::Result<Vec<Letter>> {
        let mut tx = self.store.write().await?;
        let mut letters = store::due_letters(&mut tx, now, limit).await?;
        let ids: Vec<i64> = letters.iter().map(|l| l.id).collect();
        store::lease_letters(&mut tx, &ids, now + LEASE_MS).await?;
        tx.commit().await?;
        for letter in &mut letters {
            letter.picture = self.letter_picture(letter).await;
        }
        Ok(letters)
    }

    /// The table's picture a table letter asks for (`"picture": true`): the
    /// table after the move it answers, drawn now. Nothing when it cannot
    /// be drawn: the letter goes without it.
    async fn letter_picture(&self, letter: &Letter) -> Option<Vec<u8>> {
        let extra: serde_json::Value = serde_json::from_str(letter.extra.as_deref()?).ok()?;
        if letter.kind != LetterKind::Table || extra["picture"] != true {
            return None;
        }
        let seq = usize::try_from(extra["seq"].as_i64()?).ok()?;
        let loaded = self.find_game(letter.game_id, None).await.ok()??.ok()?;
        self.web_picture(&loaded, seq).await
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

    /// The earliest time anything is due: a reminder, an automatic seat, a
    /// letter.
    pub async fn next_due(&self) -> anyhow::Result<Option<Millis>> {
        let mut tx = self.store.read().await?;
        store::next_due(&mut tx).await
    }

    /// The scheduler has handled everything due at `at`: reminders queued,
    /// automatic seats played, letters delivered and their fate recorded.
    pub fn mark_checked(&self, at: Millis) {
        self.checked.send_modify(|(time, passes)| {
            *time = at;
            *passes += 1;
        });
    }

    /// Follows the time up to which the scheduler has handled what was due,
    /// and a count of such passes: a test waits on it instead of sleeping.
    pub fn checked(&self) -> tokio::sync::watch::Receiver<(Millis, u64)> {
        self.checked.subscribe()
    }

    /// Something may be due sooner than the scheduler thinks: a move was
    /// made, settings changed. The scheduler waits on this.
    pub fn wake(&self) -> std::sync::Arc<tokio::sync::Notify> {
        self.wake.clone()
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
                    store::Place::Channel(channel),
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
                    store::Place::Channel(channel),
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

/// What the player to act must do, addressed to them.
pub fn task(game: &Game) -> Text {
    crate::lang::engine::task(&game.asked())
}

/// What the player to act must do in the game of this snapshot; `otherwise`
/// when it cannot be read.
pub(super) fn task_in(snapshot: Option<&str>, otherwise: &'static str) -> Text {
    snapshot
        .and_then(|s| serde_json::from_str::<Game>(s).ok())
        .map_or_else(|| Text::msg(otherwise), |g| task(&g))
}

impl Referee {
    /// Plays the automatic seats of games where they are due (left behind by
    /// a crash or a restart: normally the command that made the move before
    /// plays them at once), and posts the table message that no command
    /// answered, with the next player's controls and mention. Returns how many
    /// games moved.
    pub async fn play_due_automatic(&self, now: Millis) -> anyhow::Result<usize> {
        let due = {
            let mut tx = self.store.read().await?;
            store::due_automatic(&mut tx, now, 50).await?
        };
        let mut moved = 0;
        for game_id in due {
            if self.play_left_automatic(game_id, now).await? {
                self.moved(game_id);
                moved += 1;
            }
        }
        Ok(moved)
    }

    /// Plays the automatic seats of one game left to act, and posts the
    /// table message no command answered; false when nothing automatic was
    /// to act after all.
    async fn play_left_automatic(&self, game_id: i64, now: Millis) -> anyhow::Result<bool> {
        let played = self.play_automatic(game_id).await?;
        let mut tx = self.store.write().await?;
        let Some(auto) = played else {
            // Nothing automatic is to act after all.
            store::set_auto_at(&mut tx, game_id, None).await?;
            tx.commit().await?;
            return Ok(false);
        };
        let mut text = auto.loaded.table_names().in_text(
            Text::lines(auto.lines).then_line(super::play::closing(&auto.loaded, &auto.game)),
        );
        let to_act = auto
            .game
            .to_act()
            .and_then(|s| auto.loaded.seats.get(s))
            .filter(|s| !s.is_auto());
        let mention = to_act.map(|s| s.user_id.clone());
        if let Some(seat) = to_act {
            let who = Text::msg("mention").arg(
                "who",
                Arg::Person {
                    name: seat.name.clone(),
                    id: seat.user_id.clone(),
                },
            );
            text = who.then(text);
        }
        let names = auto.loaded.table_names();
        let undo = super::play::undo_seat(&auto.loaded, &auto.game);
        let view = auto.loaded.view(&auto.game, &names, undo);
        let panel = crate::view::controls::table_panel(&view);
        let extra =
            serde_json::json!({"seq": auto.loaded.seq(), "controls": panel, "picture": true});
        store::post_letter(
            &mut tx,
            &Letter {
                id: 0,
                game_id: Some(game_id),
                kind: LetterKind::Table,
                channel: Some(auto.loaded.row.channel.clone()),
                user_id: mention,
                words: text,
                lang: Lang::default(),
                extra: Some(extra.to_string()),
                nonce: format!("t{game_id}.{}", auto.loaded.seq()),
                due_at: now,
                posted_at: None,
                attempts: 0,
                picture: None,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }
}
