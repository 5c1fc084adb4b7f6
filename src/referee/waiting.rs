//! Commands for games that are waiting on someone: the game's settings,
//! nudges, the list of games where the asker must act, direct-message turn
//! alerts, and votes to remove an idle player (whose seat then plays on
//! automatically and ranks last).

use super::schedule::task;
use super::{damaged, load, Referee, Reply, Request};
use crate::clock::{discord_relative, Millis};
use crate::command::{Command, Every};
use crate::cpu::Level;
use crate::engine::Game;
use crate::store::{self, GameStatus, Settings};
use std::fmt::Write as _;

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
        } = &req.command
        else {
            return Ok(Reply::refused("that is not /aq game settings"));
        };
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(
                "no game is open in this channel: settings belong to a game; open one with /aq game new",
            ));
        };
        let changing = reminders.is_some() || turn_limit.is_some() || hints.is_some();
        if !changing {
            let mut reply = Reply::private_info(settings_text(row.id, &row.settings));
            reply.game_id = Some(row.id);
            return Ok(reply);
        }
        if row.creator != req.actor.id && !req.actor.manages_channel {
            return Ok(Reply::refused(format!(
                "only the creator of game #{} or someone who manages this channel changes its settings; anyone may look with /aq game settings",
                row.id
            )));
        }
        let settings = Settings {
            reminders: reminders.map_or(row.settings.reminders, Every::millis),
            turn_limit: turn_limit.map_or(row.settings.turn_limit, Every::millis),
            hints: hints.unwrap_or(row.settings.hints),
        };
        store::set_settings(&mut tx, row.id, &settings).await?;
        // The wait in progress follows the new interval at once.
        if let (Some(since), Some(_)) = (row.turn.waiting_since, &row.turn.to_act_user) {
            let sent = row.turn.reminders_sent;
            let next = settings
                .reminders
                .filter(|_| sent < super::MAX_REMINDERS)
                .map(|every| (since + every * (sent + 1)).max(self.clock.now()));
            store::set_reminder(&mut tx, row.id, next, sent).await?;
        }
        tx.commit().await?;
        self.wake.notify_one();
        let mut reply = Reply::public(format!(
            "{} changed the settings. {}",
            crate::text::safe_name(&req.actor.name),
            settings_text(row.id, &settings)
        ));
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
            return Ok(Reply::refused("no game is running in this channel"));
        };
        let now = self.clock.now();
        let game_id = row.id;
        let Some(user) = row.turn.to_act_user.clone() else {
            return Ok(Reply::refused(format!(
                "nobody needs a nudge in game #{game_id}: no person must act now"
            )));
        };
        let seats = store::seats(&mut tx, game_id).await?;
        let Some(me) = seats.iter().find(|s| s.user_id == req.actor.id) else {
            return Ok(Reply::refused(format!(
                "only players seated in game #{game_id} may nudge"
            )));
        };
        if me.removed_at.is_some() {
            return Ok(Reply::refused(format!(
                "you were voted out of game #{game_id} and cannot act in it again"
            )));
        }
        if user == req.actor.id {
            return Ok(Reply::refused(
                "it is your own turn: nobody to nudge but you",
            ));
        }
        if let Some(last) = row.turn.nudged_at.filter(|t| now - t < NUDGE_EVERY_MS) {
            return Ok(Reply::refused(format!(
                "game #{game_id} was nudged {}; the next nudge is allowed {}",
                discord_relative(last),
                discord_relative(last + NUDGE_EVERY_MS)
            )));
        }
        let what = row
            .snapshot
            .as_deref()
            .and_then(|s| serde_json::from_str::<Game>(s).ok())
            .map_or_else(|| "it is your turn".to_string(), |g| task(&g));
        let name = seats
            .iter()
            .find(|s| s.user_id == user)
            .map_or("the player to act", |s| s.name.as_str());
        store::set_nudged(&mut tx, game_id, now).await?;
        tx.commit().await?;
        let since = row.turn.waiting_since.unwrap_or(now);
        let mut reply = Reply::public(format!(
            "{} nudges {name}: your turn in game #{game_id} has waited since {}: {what}.",
            me.name,
            discord_relative(since)
        ));
        reply.game_id = Some(game_id);
        reply.mention = Some(user);
        Ok(reply)
    }

    /// `/aq mygames`: the games where the asker must act, in every server
    /// the bot shares with them, the longest wait first.
    pub(super) async fn my_games(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = self.store.read().await?;
        let rows = store::waiting_for(&mut tx, &req.actor.id).await?;
        if rows.is_empty() {
            return Ok(Reply::private_info(
                "No game is waiting for you: it is nobody's fault but the others'.",
            ));
        }
        let mut text = format!(
            "Your turn in {} game{}, the longest wait first:",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        );
        for row in &rows {
            let what = row
                .snapshot
                .as_deref()
                .and_then(|s| serde_json::from_str::<Game>(s).ok())
                .map_or_else(|| "your move".to_string(), |g| task(&g));
            let since = row
                .turn
                .waiting_since
                .map_or_else(String::new, |t| format!(", since {}", discord_relative(t)));
            let _ = write!(
                text,
                "\n- <#{}> game #{}: {what}{since}",
                row.channel, row.id
            );
        }
        Ok(Reply::private_info(text))
    }

    /// `/aq notify dm:on|off`: turn alerts by direct message, per person.
    pub(super) async fn notify(&self, req: &Request) -> anyhow::Result<Reply> {
        let Command::Notify { dm } = req.command else {
            return Ok(Reply::refused("that is not /aq notify"));
        };
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        store::set_dm(&mut tx, &req.actor.id, dm, None).await?;
        tx.commit().await?;
        Ok(Reply::private_info(if dm {
            "Turn alerts by direct message are on: when a turn of yours starts, you get a direct message with the channel. Turn them off with /aq notify dm:off."
        } else {
            "Turn alerts by direct message are off."
        }))
    }

    /// `/aq kick`: a vote to remove the player to act once they are past the
    /// turn limit. With a majority of the other seated players, the seat plays
    /// on automatically from now and ranks last; its player cannot act in the
    /// game again.
    pub(super) async fn kick(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused("no game is running in this channel"));
        };
        let game_id = row.id;
        if row.status != GameStatus::Running {
            return Ok(Reply::refused(format!(
                "game #{game_id} has not started yet"
            )));
        }
        let now = self.clock.now();
        let Some(idle) = row.turn.to_act_user.clone() else {
            return Ok(Reply::refused(format!(
                "no person must act in game #{game_id} now: there is nobody to vote out"
            )));
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
            return Ok(Reply::refused(format!(
                "only players seated in game #{game_id} may vote"
            )));
        };
        if me.is_auto() {
            return Ok(Reply::refused(format!(
                "you were voted out of game #{game_id} and cannot act in it again"
            )));
        }
        if idle == req.actor.id {
            return Ok(Reply::refused(
                "it is your own turn: play, or leave the table to the others' vote",
            ));
        }
        let Some(limit) = loaded.row.settings.turn_limit else {
            return Ok(Reply::refused(format!(
                "game #{game_id} has no turn limit, so nobody can be voted out; its creator or a channel manager may set one with /aq game settings turn_limit:2d"
            )));
        };
        let since = loaded.row.turn.waiting_since.unwrap_or(now);
        let Some(idle_seat) = loaded.seats.iter().find(|s| s.user_id == idle).cloned() else {
            return Ok(Reply::refused("the player to act is not seated here"));
        };
        if now - since < limit {
            return Ok(Reply::refused(format!(
                "{} has had the turn since {}, and the turn limit is {}: a vote is allowed {}",
                idle_seat.name,
                discord_relative(since),
                Every::After(limit),
                discord_relative(since + limit)
            )));
        }
        let seq = loaded.seq();
        if !store::add_kick_vote(&mut tx, game_id, seq, &req.actor.id, now).await? {
            return Ok(Reply::refused(format!(
                "you already voted to remove {}",
                idle_seat.name
            )));
        }
        let votes = store::kick_votes(&mut tx, game_id, seq).await?;
        let voters = loaded
            .seats
            .iter()
            .filter(|s| !s.is_auto() && s.user_id != idle)
            .count();
        let needed = voters / 2 + 1;
        let mut text = format!(
            "{} votes to remove {}, whose turn has waited since {}: {} of {} votes needed.",
            me.name,
            idle_seat.name,
            discord_relative(since),
            votes.len().min(needed),
            needed
        );
        if votes.len() < needed {
            tx.commit().await?;
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
        self.record_turn(&mut tx, &mut loaded, now).await?;
        tx.commit().await?;
        let _ = write!(
            text,
            " {} is removed: the seat plays on automatically ({} level) and ranks last at the end.",
            idle_seat.name, level
        );
        let Some(game) = loaded.game.clone() else {
            return Ok(Reply::public(text));
        };
        Ok(self
            .after_move(&mut text, loaded, game, Vec::new(), &req.actor.id)
            .await)
    }
}

/// The settings of a game, for a player.
fn settings_text(game_id: i64, s: &Settings) -> String {
    let reminders = match s.reminders {
        Some(every) => format!(
            "reminders every {} ({} at most a turn)",
            Every::After(every),
            super::MAX_REMINDERS
        ),
        None => "reminders off".to_string(),
    };
    let limit = match s.turn_limit {
        Some(limit) => format!(
            "turn limit {} (then the others may vote an idle player out with /aq game kick)",
            Every::After(limit)
        ),
        None => "turn limit off".to_string(),
    };
    format!(
        "Game #{game_id}: {reminders}; {limit}; hints {}. The creator or a channel manager changes them: /aq game settings reminders:<30m|12h|2d|off> turn_limit:<2d|off> hints:<on|off>.",
        if s.hints { "on" } else { "off" }
    )
}
