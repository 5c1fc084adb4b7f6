//! The wait after every move, in the database: who must act and since when,
//! the next reminder, a direct-message alert when a turn starts, and when an
//! automatic seat is due; turning due reminders into letters and playing the
//! automatic seats left to act.
//!
//! Everything is written in the transaction of the move (or of the reminder
//! it replaces), so a restart neither loses nor repeats anything: a reminder
//! is counted sent in the same transaction that puts its letter in the
//! outbox.

use super::{Loaded, Referee};
use crate::clock::Millis;
use crate::engine::Game;
use crate::lang::{Arg, Text};
use crate::store::{self, Letter, LetterKind, Turn, Tx};

/// Reminders a wait gets at most.
pub const MAX_REMINDERS: i64 = 3;
/// How long after a move an automatic seat is left to the command that made
/// the move before the scheduler plays it (after a crash, say).
pub const AUTO_GRACE_MS: Millis = 30_000;

impl Referee {
    /// Records the wait that follows a move (or the start) in `loaded`'s row:
    /// the person to act and since when, their first reminder, an automatic
    /// seat's due time; and alerts by direct message a person whose turn
    /// starts, if they asked for it. A new turn (another person, or a
    /// computer seat, to act) takes the settings changed during the last
    /// one. A clock's turn ends there too, or when the move `turn_passed`
    /// (the engine passed the turn back to the same person).
    pub(super) async fn record_turn(
        &self,
        tx: &mut Tx,
        loaded: &mut Loaded,
        now: Millis,
        turn_passed: bool,
    ) -> anyhow::Result<()> {
        let previous = loaded.row.turn.to_act_user.clone();
        let Some(to_act) = loaded.game.as_ref().map(Game::to_act) else {
            return Ok(());
        };
        let acting = to_act
            .and_then(|s| loaded.seats.get(s))
            .filter(|s| !s.is_auto())
            .map(|s| s.user_id.clone());
        let same_turn = previous.is_some() && previous == acting;
        // A clock's turn is the engine's: it ends with the move that passes
        // the turn, even to the same person.
        let clock_turn_ended = !same_turn || turn_passed;
        if clock_turn_ended {
            // The turn that ended settles its clock under the settings it
            // began with.
            super::clocks::settle(tx, loaded, now).await?;
        }
        if !same_turn {
            // A new turn: the settings changed during the last one apply
            // from here; a new pace starts every clock again.
            if let Some(next) = loaded.row.next_settings.take() {
                let pace = loaded.row.settings.clock;
                loaded.row.settings = next.applied_to(loaded.row.settings);
                store::set_settings(tx, loaded.row.id, &loaded.row.settings).await?;
                store::set_next_settings(tx, loaded.row.id, None).await?;
                if loaded.row.settings.clock != pace {
                    super::clocks::restart(tx, loaded).await?;
                }
            }
        }
        let Some(game) = loaded.game.as_ref() else {
            return Ok(());
        };
        let seat = game.to_act().and_then(|s| loaded.seats.get(s));
        let person = seat.filter(|s| !s.is_auto());
        let someone = match person {
            Some(p) => Some(store::person(tx, &p.user_id).await?),
            None => None,
        };
        let away = someone.as_ref().is_some_and(|p| p.away_at(now));
        let auto_at = match (seat, loaded.row.settings.away_after) {
            (Some(s), _) if s.is_auto() => Some(now + AUTO_GRACE_MS),
            // An away player's turn is the computer's after the game's grace;
            // a turn it has begun for them it finishes at once.
            (Some(_), Some(grace)) if away => {
                let going_on = same_turn && loaded.log.last().is_some_and(|m| m.auto.is_some());
                Some(if going_on { now } else { now + grace })
            }
            _ => None,
        };
        let turn_since = match person {
            Some(_) if !clock_turn_ended => loaded.row.turn.turn_since.or(Some(now)),
            Some(_) => Some(now),
            None => None,
        };
        // A clock that runs out is due like an automatic seat.
        let runs_out = match (person, loaded.row.settings.time_control(), turn_since) {
            (Some(p), Some(control), Some(since)) => {
                let left = super::clocks::seat_clock(&control, p).left;
                let away = super::clocks::away(&loaded.row.settings, p);
                Some(control.runs_out(since, left, &away))
            }
            _ => None,
        };
        let auto_at = match (auto_at, runs_out) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // On a clock, at shares of the time the turn began with; else the
        // game's interval after this move.
        let remind_at = match (person, loaded.row.settings.reminders) {
            (Some(p), Some(every)) => {
                let since = turn_since.unwrap_or(now);
                super::clocks::reminder_at(&loaded.row.settings, p, since, now, now + every)
                    .unwrap_or(Some(now + every))
            }
            _ => None,
        };
        let turn = Turn {
            to_act_user: person.map(|s| s.user_id.clone()),
            waiting_since: seat.map(|_| now),
            remind_at,
            reminders_sent: 0,
            nudged_at: loaded.row.turn.nudged_at,
            auto_at,
            turn_since,
        };
        store::set_turn(tx, loaded.row.id, &turn).await?;
        if let (Some(user), Some(someone)) = (&turn.to_act_user, &someone) {
            if !same_turn && someone.dm && !someone.dm_no_server && !away {
                // A channel mention is Discord's; direct messages are too.
                let words = Text::msg("dm-your-turn")
                    .arg("game", loaded.row.id.to_string())
                    .arg("channel", Arg::Channel(loaded.row.channel.clone()))
                    .arg("task", what_to_do(game));
                let nonce = format!("d{}.{}", loaded.row.id, loaded.seq());
                store::post_letter(tx, &dm_letter(loaded.row.id, user, words, nonce, now)).await?;
            }
        }
        if let (Some(starts), false) = (person, same_turn) {
            self.tell_the_next(tx, loaded, game, starts, now).await?;
        }
        loaded.row.turn = turn;
        self.wake.notify_one();
        Ok(())
    }

    /// A heads-up by direct message to the person who plays after `starts`
    /// in this round, if they asked for it (`/aq notify before:on`) and are
    /// not away.
    async fn tell_the_next(
        &self,
        tx: &mut Tx,
        loaded: &Loaded,
        game: &Game,
        starts: &store::SeatRow,
        now: Millis,
    ) -> anyhow::Result<()> {
        let Some(next) = game
            .next_after(starts.seat)
            .and_then(|s| loaded.seats.get(s))
            .filter(|s| !s.is_auto() && s.user_id != starts.user_id)
        else {
            return Ok(());
        };
        let them = store::person(tx, &next.user_id).await?;
        if !them.before || them.dm_no_server || them.away_at(now) {
            return Ok(());
        }
        let words = Text::msg("dm-you-are-next")
            .arg("game", loaded.row.id.to_string())
            .arg("channel", Arg::Channel(loaded.row.channel.clone()))
            .arg("who", starts.name.clone());
        let nonce = format!("b{}.{}", loaded.row.id, loaded.seq());
        store::post_letter(
            tx,
            &dm_letter(loaded.row.id, &next.user_id, words, nonce, now),
        )
        .await
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
                if let Some(back) = store::person(&mut tx, &user)
                    .await?
                    .away_until
                    .filter(|&until| until > now)
                {
                    // Away: no reminder until they are back, none counted.
                    let sent = row.turn.reminders_sent;
                    store::set_reminder(&mut tx, row.id, Some(back), sent).await?;
                    continue;
                }
                let sent = row.turn.reminders_sent + 1;
                let since = row.turn.waiting_since.unwrap_or(now);
                let seats = store::seats(&mut tx, row.id).await?;
                let seat = seats.iter().find(|s| s.user_id == user);
                let name = seat.map(|s| s.name.clone()).unwrap_or_default();
                let clock = super::clocks::reminder_clock(&row, &seats, now);
                let words = Text::msg(if clock.is_some() {
                    "reminder-timed"
                } else {
                    "reminder"
                })
                .arg(
                    "who",
                    Arg::Person {
                        name,
                        id: user.clone(),
                    },
                )
                .arg("game", row.id.to_string())
                .arg("since", Arg::Time(since))
                .arg(
                    "task",
                    what_to_do_in(row.snapshot.as_deref(), "task-your-turn"),
                )
                .arg("sent", sent)
                .arg("max", MAX_REMINDERS);
                let words = match clock {
                    Some(clock) => words.then(clock),
                    None => words,
                };
                store::post_letter(
                    &mut tx,
                    &Letter {
                        channel: Some(row.channel.clone()),
                        user_id: Some(user),
                        ..Letter::new(
                            LetterKind::Reminder,
                            row.id,
                            words,
                            format!("r{}.{}.{sent}", row.id, row.move_count),
                            now,
                        )
                    },
                )
                .await?;
                let every = (sent < MAX_REMINDERS)
                    .then_some(row.settings.reminders)
                    .flatten();
                // On a clock, at the next share of the turn's time; else the
                // game's interval on.
                let next = match (every, seat, row.turn.turn_since) {
                    (Some(every), Some(seat), Some(turn_since)) => super::clocks::reminder_at(
                        &row.settings,
                        seat,
                        turn_since,
                        now,
                        now + every,
                    )
                    .unwrap_or(Some(now + every)),
                    (every, _, _) => every.map(|every| now + every),
                };
                store::set_reminder(&mut tx, row.id, next, sent).await?;
                queued += 1;
            }
            tx.commit().await?;
            if batch < 200 {
                return Ok(queued);
            }
        }
    }

    /// What a front end without a scheduler (the terminal) has happen
    /// before it shows `channels`: the automatic seats left to act in their
    /// games play, and those due at `now` elsewhere (see
    /// [`Referee::play_due_automatic`]); the tournaments run on (a round
    /// closed, the next opened, a deadline's games played out); then the
    /// messages that left for those channels (what the computer seats did,
    /// a tournament's tables and rounds) are taken out of the outbox to be
    /// shown by the front end itself, oldest first within each channel.
    pub async fn catch_up(&self, channels: &[&str], now: Millis) -> anyhow::Result<Vec<Text>> {
        for channel in channels {
            // The channel's own game plays at once, without the grace a
            // serving process gives the command that may still be playing
            // it: the front end that asks is the one that was stopped.
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
        }
        self.play_due_automatic(now).await?;
        self.run_tournaments(now).await?;
        let mut tx = self.store.write().await?;
        let mut letters = Vec::new();
        for channel in channels {
            letters.extend(store::take_channel_letters(&mut tx, channel).await?);
        }
        tx.commit().await?;
        Ok(letters)
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

/// A direct message to `user` about game `game_id`, due at `now`.
fn dm_letter(game_id: i64, user: &str, words: Text, nonce: String, now: Millis) -> Letter {
    Letter {
        user_id: Some(user.to_string()),
        ..Letter::new(LetterKind::Dm, game_id, words, nonce, now)
    }
}

/// What the player to act must do, addressed to them.
pub fn what_to_do(game: &Game) -> Text {
    crate::lang::engine::task(&game.asked())
}

/// What the player to act must do in the game of this snapshot; `otherwise`
/// when it cannot be read.
pub(super) fn what_to_do_in(snapshot: Option<&str>, otherwise: &'static str) -> Text {
    snapshot
        .and_then(|s| serde_json::from_str::<Game>(s).ok())
        .map_or_else(|| Text::msg(otherwise), |g| what_to_do(&g))
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
            // Nothing automatic is to act after all: only a clock may still
            // run out.
            let runs_out = match store::game_by_id(&mut tx, game_id).await? {
                Some(row) if row.status == store::GameStatus::Running => {
                    let seats = store::seats(&mut tx, game_id).await?;
                    super::clocks::deadline_in(&row, &seats)
                }
                _ => None,
            };
            store::set_auto_at(&mut tx, game_id, runs_out).await?;
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
        let nonce = format!("t{game_id}.{}", auto.loaded.seq());
        let merged =
            store::merge_table_letters(&mut tx, game_id, &nonce, auto.loaded.seq(), now).await?;
        let text = super::held::with_left_out(text, merged.left_out);
        let extra = serde_json::json!({
            "seq": auto.loaded.seq(),
            "controls": panel,
            "picture": true,
            "left_out": merged.left_out,
        });
        store::post_letter(
            &mut tx,
            &Letter {
                channel: Some(auto.loaded.row.channel.clone()),
                user_id: mention,
                extra: Some(extra.to_string()),
                ..Letter::new(LetterKind::Table, game_id, text, nonce, now)
            },
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }
}
