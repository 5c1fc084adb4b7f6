//! Commands for games that are waiting on someone: the game's settings,
//! nudges, the list of games where the asker must act, direct-message turn
//! alerts, and votes to remove an idle player (whose seat then plays on
//! automatically and ranks last).

use super::language::{named, spoken};
use super::turns::what_to_do_in;
use super::{damaged, load, Referee, Reply, Request};
use crate::clock::Millis;
use crate::command::{ClockChoice, Command, Every, Until};
use crate::cpu::Level;
use crate::lang::{Arg, Lang, Text};
use crate::store::{self, GameStatus, Letter, LetterKind, NextSettings, Settings};
use crate::time_control::{TimeControl, Weekend};

/// The longest one may be away at once: sixty days.
pub const MAX_AWAY_MS: Millis = crate::command::MAX_INTERVAL_MS;

/// A nudge per game at most this often.
pub const NUDGE_EVERY_MS: Millis = 3_600_000;

impl Referee {
    /// `/aq settings`: anyone may look; the creator or a channel manager
    /// changes them, in the lobby or during the game.
    pub(super) async fn settings(&self, req: &Request) -> anyhow::Result<Reply> {
        let Command::Settings {
            reminders,
            turn_limit,
            hints,
            language,
            away,
            clock,
            weekend_pause,
            vacations,
        } = &req.command
        else {
            return Ok(Reply::refused(Text::msg("settings-not-this-command")));
        };
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(Text::msg("settings-no-game")));
        };
        let lang = match language.as_deref().map(str::trim).map(spoken).transpose() {
            Ok(lang) => lang,
            Err(refusal) => return Ok(Reply::refused(refusal)),
        };
        let changing = reminders.is_some()
            || turn_limit.is_some()
            || hints.is_some()
            || lang.is_some()
            || away.is_some()
            || clock.is_some()
            || weekend_pause.is_some()
            || vacations.is_some();
        if !changing {
            let mut text = settings_text(row.id, &row.settings, &row.lang);
            if let Some(next) = &row.next_settings {
                text = text.then_line(next_turn_text(&row.settings, next));
            }
            let mut reply = Reply::private_info(text);
            reply.game_id = Some(row.id);
            return Ok(reply);
        }
        if row.creator != req.actor.id && !req.actor.manages_channel {
            return Ok(Reply::refused(
                Text::msg("settings-not-yours").arg("game", row.id.to_string()),
            ));
        }
        let plays_differently = turn_limit.is_some()
            || hints.is_some()
            || away.is_some()
            || clock.is_some()
            || weekend_pause.is_some()
            || vacations.is_some();
        if plays_differently {
            if let Some(tournament) = super::tournament_text::running_table(&mut tx, row.id).await?
            {
                // Every table of a tournament plays by its settings.
                return Ok(Reply::refused(
                    Text::msg("settings-tournament-table")
                        .arg("game", row.id.to_string())
                        .arg("tournament", tournament),
                ));
            }
        }
        // What the game will have: the change over what already waits for
        // the next turn.
        let planned = row
            .next_settings
            .map_or(row.settings, |next| next.applied_to(row.settings));
        let wanted = Settings {
            reminders: reminders.map_or(planned.reminders, Every::millis),
            turn_limit: turn_limit.map_or(planned.turn_limit, Every::millis),
            hints: hints.unwrap_or(planned.hints),
            away_after: away.map_or(planned.away_after, Every::millis),
            clock: clock.map_or(planned.clock, ClockChoice::pace),
            weekend_pause: match weekend_pause {
                Some(true) => planned.weekend_pause.or(Some(Weekend::utc())),
                Some(false) => None,
                None => planned.weekend_pause,
            },
            vacations: vacations.unwrap_or(planned.vacations),
        };
        if *weekend_pause == Some(true) && wanted.clock.is_none() {
            return Ok(Reply::refused(
                Text::msg("settings-weekend-no-clock").arg("game", row.id.to_string()),
            ));
        }
        // During a game, what could bite the turn under way (the turn
        // limit a vote-out counts, hints, the computer's grace for an away
        // player, the clock) waits for the next turn; the reminders and the
        // language change at once.
        let (settings, next) = if row.status == GameStatus::Running {
            let now = Settings {
                reminders: wanted.reminders,
                ..row.settings
            };
            let next = NextSettings::of(&wanted);
            (now, (next != NextSettings::of(&now)).then_some(next))
        } else {
            (wanted, None)
        };
        store::set_settings(&mut tx, row.id, &settings).await?;
        store::set_next_settings(&mut tx, row.id, next.as_ref()).await?;
        let lang = lang.unwrap_or(row.lang);
        store::set_game_lang(&mut tx, row.id, &lang).await?;
        // The wait in progress follows the new interval at once.
        if let (Some(since), Some(user)) = (row.turn.waiting_since, &row.turn.to_act_user) {
            let sent = row.turn.reminders_sent;
            let now = self.clock.now();
            let every = settings.reminders.filter(|_| sent < super::MAX_REMINDERS);
            let seats = store::seats(&mut tx, row.id).await?;
            let seat = seats.iter().find(|s| &s.user_id == user);
            let next = match (every, seat, row.turn.turn_since) {
                // On a clock: the next share of the turn's time, no sooner
                // than the new interval allows.
                (Some(every), Some(seat), Some(turn_since)) => {
                    let not_before = (since + every * (sent + 1)).max(now);
                    super::clocks::reminder_at(&settings, seat, turn_since, now, not_before)
                        .unwrap_or(Some(not_before))
                }
                (every, _, _) => every.map(|every| (since + every * (sent + 1)).max(now)),
            };
            store::set_reminder(&mut tx, row.id, next, sent).await?;
        }
        tx.commit().await?;
        self.wake.notify_one();
        let mut text = Text::msg("settings-changed")
            .arg("name", crate::view::text_table::safe_name(&req.actor.name))
            .then(settings_text(row.id, &settings, &lang));
        if let Some(next) = &next {
            text = text.then_line(next_turn_text(&settings, next));
        }
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    /// `/aq nudge`: a seated player reminds the player to act, publicly with
    /// one mention, once an hour per game.
    pub(super) async fn nudge(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(Text::msg("waiting-no-game")));
        };
        let now = self.clock.now();
        let game_id = row.id;
        let Some(user) = row.turn.to_act_user.clone() else {
            return Ok(Reply::refused(
                Text::msg("nudge-nobody").arg("game", game_id.to_string()),
            ));
        };
        let seats = store::seats(&mut tx, game_id).await?;
        let Some(me) = seats.iter().find(|s| s.user_id == req.actor.id) else {
            return Ok(Reply::refused(
                Text::msg("nudge-not-seated").arg("game", game_id.to_string()),
            ));
        };
        if me.removed_at.is_some() {
            return Ok(Reply::refused(
                Text::msg("waiting-voted-out").arg("game", game_id.to_string()),
            ));
        }
        if user == req.actor.id {
            return Ok(Reply::refused(Text::msg("nudge-own-turn")));
        }
        if let Some(until) = store::person(&mut tx, &user)
            .await?
            .away_until
            .filter(|&until| until > now)
        {
            let who = seats
                .iter()
                .find(|s| s.user_id == user)
                .map_or_else(String::new, |s| s.name.clone());
            return Ok(Reply::refused(
                Text::msg("nudge-away")
                    .arg("who", who)
                    .arg("until", Arg::Time(until)),
            ));
        }
        if let Some(last) = row.turn.nudged_at.filter(|t| now - t < NUDGE_EVERY_MS) {
            return Ok(Reply::refused(
                Text::msg("nudge-too-soon")
                    .arg("game", game_id.to_string())
                    .arg("last", Arg::Time(last))
                    .arg("next", Arg::Time(last + NUDGE_EVERY_MS)),
            ));
        }
        let what = what_to_do_in(row.snapshot.as_deref(), "task-your-turn");
        let name = seats.iter().find(|s| s.user_id == user).map_or_else(
            || Text::msg("nudge-the-player"),
            |s| Text::Raw(s.name.clone()),
        );
        store::set_nudged(&mut tx, game_id, now).await?;
        tx.commit().await?;
        let since = row.turn.waiting_since.unwrap_or(now);
        let mut reply = Reply::public(
            Text::msg("nudge")
                .arg("name", me.name.clone())
                .arg("who", name)
                .arg("game", game_id.to_string())
                .arg("since", Arg::Time(since))
                .arg("task", what),
        );
        reply.game_id = Some(game_id);
        reply.mention = Some(user);
        Ok(reply)
    }

    /// `/aq mygames`: the games where the asker must act, in every server
    /// the bot shares with them, the longest wait first.
    pub(super) async fn my_games(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = self.store.read().await?;
        let rows = store::waiting_for(&mut tx, &req.actor.id).await?;
        let now = self.clock.now();
        if rows.is_empty() {
            return Ok(Reply::private_info(Text::msg("mygames-none")));
        }
        let mut lines = vec![Text::msg("mygames-heading").arg("count", rows.len())];
        for row in &rows {
            if let Some(pause) = row.paused {
                lines.push(
                    Text::msg("mygames-game-paused")
                        .arg("channel", Arg::Channel(row.channel.clone()))
                        .arg("game", row.id.to_string())
                        .arg("why", super::reach::pause_text(pause)),
                );
                continue;
            }
            let what = what_to_do_in(row.snapshot.as_deref(), "task-your-move");
            let line = match row.turn.waiting_since {
                Some(since) => Text::msg("mygames-game-since").arg("since", Arg::Time(since)),
                None => Text::msg("mygames-game"),
            };
            // A channel mention is Discord's: /aq mygames is answered there.
            let mut line = line
                .arg("channel", Arg::Channel(row.channel.clone()))
                .arg("game", row.id.to_string())
                .arg("task", what);
            if row.settings.clock.is_some() {
                let seats = store::seats(&mut tx, row.id).await?;
                if let Some(clock) = super::clocks::my_clock(row, &seats, now) {
                    line = line.then(clock);
                }
            }
            lines.push(line);
        }
        Ok(Reply::private_info(Text::lines(lines)))
    }

    /// `/aq notify [dm:on|off] [before:on|off]`: turn alerts by direct
    /// message, and the heads-up when the player before them starts a turn,
    /// per person; with neither, what they have.
    pub(super) async fn notify(&self, req: &Request) -> anyhow::Result<Reply> {
        let Command::Notify { dm, before } = req.command else {
            return Ok(Reply::refused(Text::msg("notify-not-this-command")));
        };
        if dm.is_none() && before.is_none() {
            let mut tx = self.store.read().await?;
            let me = store::person(&mut tx, &req.actor.id).await?;
            return Ok(Reply::private_info(Text::lines(vec![
                Text::msg(if me.dm { "notify-on" } else { "notify-off" }),
                Text::msg(if me.before {
                    "notify-before-on"
                } else {
                    "notify-before-off"
                }),
            ])));
        }
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let mut said = Vec::new();
        if let Some(dm) = dm {
            store::set_dm(&mut tx, &req.actor.id, dm, None).await?;
            said.push(Text::msg(if dm { "notify-on" } else { "notify-off" }));
        }
        if let Some(before) = before {
            store::set_notify_before(&mut tx, &req.actor.id, before).await?;
            said.push(Text::msg(if before {
                "notify-before-on"
            } else {
                "notify-before-off"
            }));
        }
        // Direct messages speak the language of the locale seen here.
        if let Some(locale) = req.via.locale.as_deref().filter(|l| !l.trim().is_empty()) {
            store::set_locale(&mut tx, &req.actor.id, locale).await?;
        }
        tx.commit().await?;
        Ok(Reply::private_info(Text::lines(said)))
    }

    /// `/aq away [until:<when>]`: the asker is away until then (no
    /// reminders, nudges or turn alerts to them; each table they play at is
    /// told once, in its channel), or back (`off`); with no time, whether
    /// they are away.
    pub(super) async fn away(&self, req: &Request) -> anyhow::Result<Reply> {
        let Command::Away { until } = req.command else {
            return Ok(Reply::refused(Text::msg("away-not-this-command")));
        };
        let now = self.clock.now();
        let Some(until) = until else {
            let mut tx = self.store.read().await?;
            let me = store::person(&mut tx, &req.actor.id).await?;
            return Ok(Reply::private_info(match me.away_until {
                Some(until) if until > now => Text::msg("away-is").arg("until", Arg::Time(until)),
                _ => Text::msg("away-is-not"),
            }));
        };
        let back_at = match until {
            Until::Back => None,
            Until::For(ms) => Some(now + ms),
            Until::Day(day) => Some(day.midnight().assume_utc().unix_timestamp() * 1000),
        };
        if let Some(at) = back_at {
            if at <= now {
                return Ok(Reply::refused(
                    Text::msg("away-in-the-past").arg("value", until.to_string()),
                ));
            }
            if at - now > MAX_AWAY_MS {
                return Ok(Reply::refused(
                    Text::msg("away-too-long").arg("value", until.to_string()),
                ));
            }
        }
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        // The last stretch away ends now: charged to the allowance, the
        // time it stopped a turn under way kept on that seat's clock.
        let me = store::person(&mut tx, &req.actor.id).await?;
        keep_time_away(&mut tx, &req.actor.id, &me.away, now).await?;
        let record = match back_at {
            Some(at) => me.away.away(now, at),
            None => me.away.settled(now),
        };
        store::set_away_record(&mut tx, &req.actor.id, &record).await?;
        let left = record.spent.left_at(now);
        let Some(at) = back_at else {
            reschedule_clocks(&mut tx, &req.actor.id, None).await?;
            tx.commit().await?;
            self.wake.notify_one();
            return Ok(Reply::private_info(Text::msg("away-back")));
        };
        let games = store::playing_in(&mut tx, &req.actor.id).await?;
        for row in &games {
            let name = store::seats(&mut tx, row.id)
                .await?
                .into_iter()
                .find(|s| s.user_id == req.actor.id)
                .map(|s| s.name)
                .unwrap_or_default();
            let plays = match row.settings.away_after {
                Some(grace) => {
                    Text::msg("away-told-computer").arg("after", Every::After(grace).to_string())
                }
                None => Text::msg("away-told-waits"),
            };
            let words = Text::msg("away-told")
                .arg("name", crate::view::text_table::safe_name(&name))
                .arg("game", row.id.to_string())
                .arg("until", Arg::Time(at))
                .arg("plays", plays);
            store::post_letter(
                &mut tx,
                &Letter {
                    channel: Some(row.channel.clone()),
                    ..Letter::new(
                        LetterKind::Notice,
                        row.id,
                        words,
                        format!("a{}.{}.{at}", row.id, req.actor.id),
                        now,
                    )
                },
            )
            .await?;
            // Their turn now: the computer's after the grace, if the game
            // lets it (a game with clocks: below).
            if row.settings.clock.is_some() {
                continue;
            }
            if let (Some(grace), Some(user)) = (row.settings.away_after, &row.turn.to_act_user) {
                if *user == req.actor.id {
                    // Unless their clock runs out sooner.
                    let at = row
                        .turn
                        .auto_at
                        .map_or(now + grace, |at| at.min(now + grace));
                    store::set_auto_at(&mut tx, row.id, Some(at)).await?;
                }
            }
        }
        reschedule_clocks(&mut tx, &req.actor.id, Some(now)).await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(Reply::private_info(
            Text::msg("away-set")
                .arg("until", Arg::Time(at))
                .arg("games", games.len())
                .then_line(
                    Text::msg("away-allowance")
                        .arg("left", Every::After(left).to_string())
                        .arg(
                            "days",
                            crate::time_control::AWAY_ALLOWANCE / crate::time_control::DAY,
                        ),
                ),
        ))
    }

    /// `/aq kick`: a vote to remove the player to act once they are past the
    /// turn limit (the limit in force when their turn began). With a
    /// majority of the other seated players, the seat plays on
    /// automatically from now and ranks last; its player cannot act in the
    /// game again. Where one vote is enough (only one other person plays)
    /// in a game that counts, the game ends instead, unrated: no rating
    /// moves on a vote nobody else agreed to.
    pub(super) async fn kick(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(Text::msg("waiting-no-game")));
        };
        let game_id = row.id;
        if row.status != GameStatus::Running {
            return Ok(Reply::refused(
                Text::msg("kick-not-started").arg("game", game_id.to_string()),
            ));
        }
        let now = self.clock.now();
        let Some(idle) = row.turn.to_act_user.clone() else {
            return Ok(Reply::refused(
                Text::msg("kick-nobody").arg("game", game_id.to_string()),
            ));
        };
        let mut loaded = match load(&mut tx, row).await? {
            Ok(loaded) => loaded,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        let Some(me) = loaded
            .seats
            .iter()
            .find(|s| s.user_id == req.actor.id)
            .cloned()
        else {
            return Ok(Reply::refused(
                Text::msg("kick-not-seated").arg("game", game_id.to_string()),
            ));
        };
        if me.is_auto() {
            return Ok(Reply::refused(
                Text::msg("waiting-voted-out").arg("game", game_id.to_string()),
            ));
        }
        if idle == req.actor.id {
            return Ok(Reply::refused(Text::msg("kick-own-turn")));
        }
        let Some(limit) = loaded.row.settings.turn_limit else {
            return Ok(Reply::refused(
                Text::msg("kick-no-limit").arg("game", game_id.to_string()),
            ));
        };
        let since = loaded.row.turn.waiting_since.unwrap_or(now);
        let Some(idle_seat) = loaded.seats.iter().find(|s| s.user_id == idle).cloned() else {
            return Ok(Reply::refused(Text::msg("kick-idle-not-seated")));
        };
        if now - since < limit {
            return Ok(Reply::refused(
                Text::msg("kick-too-soon")
                    .arg("name", idle_seat.name.clone())
                    .arg("since", Arg::Time(since))
                    .arg("limit", Every::After(limit).to_string())
                    .arg("allowed", Arg::Time(since + limit)),
            ));
        }
        let seq = loaded.seq();
        if !store::add_vote(
            &mut tx,
            store::Ballot::Kick,
            game_id,
            seq,
            &req.actor.id,
            now,
        )
        .await?
        {
            return Ok(Reply::refused(
                Text::msg("kick-voted-already").arg("name", idle_seat.name.clone()),
            ));
        }
        let votes = store::votes(&mut tx, store::Ballot::Kick, game_id, seq).await?;
        let voters = loaded
            .seats
            .iter()
            .filter(|s| !s.is_auto() && s.user_id != idle)
            .count();
        let needed = voters / 2 + 1;
        let text = Text::msg("kick-vote")
            .arg("name", me.name.clone())
            .arg("idle", idle_seat.name.clone())
            .arg("since", Arg::Time(since))
            .arg("votes", votes.len().min(needed))
            .arg("needed", needed);
        if votes.len() < needed {
            tx.commit().await?;
            let mut reply = Reply::public(text);
            reply.game_id = Some(game_id);
            return Ok(reply);
        }
        if voters == 1 && !loaded.row.practice {
            // One vote removes the only other person: in a game that counts
            // that would rank them last and rate the voter on it, so the
            // game ends there, unrated for everyone.
            let at = self.now_text();
            store::set_status(&mut tx, game_id, GameStatus::Abandoned, None, &at).await?;
            super::pace::forget_pace(&mut tx, game_id).await?;
            tx.commit().await?;
            let text = text.then(
                Text::msg("kick-ends-unrated")
                    .arg("name", idle_seat.name.clone())
                    .arg("game", game_id.to_string()),
            );
            let mut reply = Reply::public(text);
            reply.game_id = Some(game_id);
            return Ok(reply);
        }
        let level = Level::Normal;
        store::set_seat_auto(&mut tx, game_id, idle_seat.seat, level.word(), Some(now)).await?;
        if let Some(s) = loaded.seats.iter_mut().find(|s| s.seat == idle_seat.seat) {
            s.auto = Some(level.word().to_string());
            s.removed_at = Some(now);
        }
        self.record_turn(&mut tx, &mut loaded, now, false).await?;
        tx.commit().await?;
        let text = text.then(
            Text::msg("kick-removed")
                .arg("name", idle_seat.name.clone())
                .arg("level", level.to_string()),
        );
        let Some(game) = loaded.game.clone() else {
            return Ok(Reply::public(text));
        };
        Ok(self
            .after_move(text, loaded, game, Vec::new(), &req.actor.id)
            .await)
    }
}

/// A stretch away of `user` (`record`) ends at `now`, to be charged and
/// forgotten: in each game where it is their turn on a clock that time
/// away stops, the running time it stopped is kept on their seat's clock
/// (as if the turn had begun with that much more), so the turn keeps it.
async fn keep_time_away(
    tx: &mut store::Tx,
    user: &str,
    record: &crate::time_control::AwayRecord,
    now: Millis,
) -> anyhow::Result<()> {
    let covered = record.covered_until(now);
    if covered.is_empty() {
        return Ok(());
    }
    for row in store::playing_in(tx, user).await? {
        if row.turn.to_act_user.as_deref() != Some(user) || !row.settings.vacations {
            continue;
        }
        let (Some(control), Some(since)) = (row.settings.time_control(), row.turn.turn_since)
        else {
            continue;
        };
        let saved = control.running(since, now, &[]) - control.running(since, now, &covered);
        if saved <= 0 {
            continue;
        }
        let seats = store::seats(tx, row.id).await?;
        if let Some(seat) = seats.iter().find(|s| s.user_id == user && !s.is_auto()) {
            let left = super::clocks::seat_clock(&control, seat).left + saved;
            store::set_seat_clock(tx, row.id, seat.seat, Some(left), seat.clock_timeouts).await?;
        }
    }
    Ok(())
}

/// After `user` said they are away (`away_from`: since now) or back: in each
/// game with clocks where it is their turn, when the scheduler must look
/// again: their clock's end (stopped while the allowance covers their
/// absence), or sooner the game's grace before the computer plays an
/// away player's turn.
async fn reschedule_clocks(
    tx: &mut store::Tx,
    user: &str,
    away_from: Option<Millis>,
) -> anyhow::Result<()> {
    for row in store::playing_in(tx, user).await? {
        if row.turn.to_act_user.as_deref() != Some(user) || row.settings.clock.is_none() {
            continue;
        }
        let seats = store::seats(tx, row.id).await?;
        let deadline = super::clocks::deadline_in(&row, &seats);
        let grace = away_from.zip(row.settings.away_after).map(|(a, g)| a + g);
        let at = match (deadline, grace) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        store::set_auto_at(tx, row.id, at).await?;
    }
    Ok(())
}

/// What changes at a running game's next turn: each setting that waits,
/// as the summary says it.
fn next_turn_text(now: &Settings, next: &NextSettings) -> Text {
    let mut changes = Vec::new();
    if next.turn_limit != now.turn_limit {
        changes.push(limit_text(next.turn_limit));
    }
    if next.hints != now.hints {
        changes.push(hints_text(next.hints));
    }
    if next.away_after != now.away_after {
        changes.push(away_text(next.away_after));
    }
    if next.clock != now.clock
        || next.weekend_pause != now.weekend_pause
        || next.vacations != now.vacations
    {
        let then = next.applied_to(*now);
        changes.push(clock_text(then.time_control(), then.vacations));
    }
    Text::msg("settings-next-turn").arg("changes", super::language::listed(changes))
}

fn limit_text(limit: Option<i64>) -> Text {
    match limit {
        Some(limit) => {
            Text::msg("settings-turn-limit").arg("limit", Every::After(limit).to_string())
        }
        None => Text::msg("settings-turn-limit-off"),
    }
}

fn hints_text(hints: bool) -> Text {
    Text::msg(if hints {
        "settings-hints-on"
    } else {
        "settings-hints-off"
    })
}

fn away_text(after: Option<i64>) -> Text {
    match after {
        Some(after) => {
            Text::msg("settings-away-computer").arg("after", Every::After(after).to_string())
        }
        None => Text::msg("settings-away-waits"),
    }
}

/// The clock part of a game's settings, and whether time away stops it.
pub(super) fn clock_text(clock: Option<TimeControl>, vacations: bool) -> Text {
    let Some(clock) = clock else {
        return Text::msg("settings-clock-off");
    };
    let away = if vacations {
        Text::msg("settings-vacations-on").arg(
            "days",
            crate::time_control::AWAY_ALLOWANCE / crate::time_control::DAY,
        )
    } else {
        Text::msg("settings-vacations-off")
    };
    Text::msg("settings-clock-and-away")
        .arg("clock", pace_text(clock))
        .arg("away", away)
}

/// A clock's pace, and the weekend pause if it has one.
fn pace_text(clock: TimeControl) -> Text {
    let key = if clock.weekend.is_some() {
        "settings-clock-weekends"
    } else {
        "settings-clock"
    };
    let pace = clock.pace;
    Text::msg(key)
        .arg("pace", pace.word())
        .arg("start", Every::After(pace.start()).to_string())
        .arg("increment", Every::After(pace.increment()).to_string())
        .arg("most", Every::After(pace.most()).to_string())
}

/// The settings of a game, for a player.
fn settings_text(game_id: i64, s: &Settings, lang: &Lang) -> Text {
    let reminders = match s.reminders {
        Some(every) => Text::msg("settings-reminders-every")
            .arg("every", Every::After(every).to_string())
            .arg("max", super::MAX_REMINDERS),
        None => Text::msg("settings-reminders-off"),
    };
    Text::msg("settings-summary")
        .arg("game", game_id.to_string())
        .arg("away", away_text(s.away_after))
        .arg("reminders", reminders)
        .arg("limit", limit_text(s.turn_limit))
        .arg("clock", clock_text(s.time_control(), s.vacations))
        .arg("hints", hints_text(s.hints))
        .arg("lang", named(lang))
}
