//! `rematch`: a new game after the channel's finished one, in one tap.
//!
//! The same players (computer players at the same levels), the same
//! settings and language, and the seats turned so that the player after the
//! one who started the finished game sits first and starts. Who calls it
//! must have played the finished game; they open the new table and sit at
//! it, with the computer players; every other person confirms with **Join**
//! (the lobby's buttons). The game starts when the last of them joins, or
//! when its creator starts it with those present (**Start**): they sit in
//! the rematch's order, and the first of them starts. A practice game's
//! chosen seed or deck is not carried over: a rematch is dealt afresh, and
//! counts. At the keyboard every seat is local: the rematch seats everyone
//! and starts at once.
//!
//! Refused, changing nothing, when a game is open in the channel, when the
//! game asked about is not the channel's latest or did not finish, and when
//! the asker did not play it.

use super::loaded::BOT_ID_PREFIX;
use super::lobby::{fresh_seed, unique_name};
use super::{Front, Referee, Reply, Request};
use crate::engine::Game;
use crate::lang::{Names, Text};
use crate::store::{self, GameStatus, NewGame, SeatRow, Tx};

impl Referee {
    /// `rematch` of the channel's latest game; `of`: the game the control
    /// pressed was under, which must be that one.
    pub(super) async fn rematch(&self, req: &Request, of: Option<i64>) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        if let Some(open) = store::open_game(&mut tx, &req.channel).await? {
            let key = if open.status == GameStatus::Lobby {
                "rematch-gathering"
            } else {
                "rematch-running"
            };
            return Ok(Reply::refused(
                Text::msg(key).arg("game", open.id.to_string()),
            ));
        }
        let Some(done) = store::latest_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(Text::msg("rematch-no-game")));
        };
        if let Some(of) = of.filter(|of| *of != done.id) {
            return Ok(Reply::refused(
                Text::msg("rematch-not-latest")
                    .arg("game", of.to_string())
                    .arg("latest", done.id.to_string()),
            ));
        }
        if done.status != GameStatus::Finished {
            return Ok(Reply::refused(
                Text::msg("rematch-not-finished").arg("game", done.id.to_string()),
            ));
        }
        let old = store::seats(&mut tx, done.id).await?;
        // At the keyboard everyone plays: whoever types it may call it.
        let local = req.via.front == Front::Terminal;
        if !local && !old.iter().any(|s| s.user_id == req.actor.id) {
            return Ok(Reply::refused(
                Text::msg("rematch-not-a-player").arg("game", done.id.to_string()),
            ));
        }
        let Some(setup) = done.setup.clone() else {
            return Ok(Reply::refused(Text::msg("rematch-no-game")));
        };
        let started_first = match Game::new(setup) {
            Ok(game) => game.to_act().unwrap_or(0),
            Err(e) => return Ok(Reply::refused(crate::lang::engine::setup_error(&e))),
        };
        let order = turned(&old, started_first);

        // At the keyboard, someone who did not play (the terminal's host of
        // a table of computers) hands the table to its first person.
        let creator = match order.iter().find(|s| !is_computer(s)) {
            Some(first) if local && !old.iter().any(|s| s.user_id == req.actor.id) => {
                first.user_id.clone()
            }
            _ => req.actor.id.clone(),
        };
        let lang = done.lang.clone();
        let id = store::insert_game(
            &mut tx,
            NewGame {
                channel: &req.channel,
                guild: req.guild.as_deref(),
                creator: &creator,
                seed: fresh_seed()?,
                removed: done.removed.as_deref(),
                first: None,
                deck: None,
                practice: false,
                lang: &lang,
                now: &self.now_text(),
            },
        )
        .await?;
        store::set_settings(&mut tx, id, &done.settings).await?;
        let ids: Vec<String> = order.iter().map(|s| s.user_id.clone()).collect();
        store::insert_rematch(&mut tx, id, done.id, &ids).await?;

        // Who sits now: the computer players and the caller; at the
        // keyboard, everyone.
        let mut seated: Vec<SeatRow> = Vec::new();
        for s in &order {
            let computer = is_computer(s);
            let (name, auto) = if computer {
                (s.name.clone(), s.auto.clone())
            } else if local {
                (unique_name(&s.name, &seated), None)
            } else if s.user_id == req.actor.id {
                (unique_name(&req.actor.name, &seated), None)
            } else {
                continue;
            };
            store::add_seat(&mut tx, id, &s.user_id, &name, auto.as_deref()).await?;
            seated = store::seats(&mut tx, id).await?;
        }
        let names = names_of(&order);
        let caller = seated.iter().find(|s| s.user_id == creator).map_or_else(
            || crate::view::text_table::safe_name(&req.actor.name),
            |s| s.name.clone(),
        );
        let mut text = Text::msg("rematch-opened")
            .arg("name", caller.clone())
            .arg("of", done.id.to_string())
            .arg("game", id.to_string())
            .arg("seated", super::language::listed(names.texts()))
            .arg("first", names.text(0));
        if done.practice {
            text = text.then_line(Text::msg("rematch-dealt-afresh").arg("of", done.id.to_string()));
        }
        let waiting: Vec<Text> = order
            .iter()
            .enumerate()
            .filter(|(_, s)| !seated.iter().any(|x| x.user_id == s.user_id))
            .map(|(i, _)| names.text(i))
            .collect();
        if waiting.is_empty() {
            let row = store::game_by_id(&mut tx, id)
                .await?
                .ok_or_else(|| anyhow::anyhow!("game #{id} vanished in its own transaction"))?;
            return self.begin(tx, req, row, seated, text).await;
        }
        text = text.then_line(
            Text::msg("rematch-waiting")
                .arg("names", crate::lang::engine::and_list(waiting))
                .arg("name", caller),
        );
        let mut reply = Reply::public(text);
        reply.game_id = Some(id);
        // The lobby's newest message carries its buttons (its log is empty).
        reply.seq = Some(0);
        reply.controls = Some(crate::view::controls::lobby_panel(id, &lang));
        tx.commit().await?;
        Ok(reply)
    }

    /// Whether `game_id` is a rematch whose every person has joined.
    pub(super) async fn rematch_complete(&self, tx: &mut Tx, game_id: i64) -> anyhow::Result<bool> {
        let Some(plan) = store::rematch(tx, game_id).await? else {
            return Ok(false);
        };
        let seats = store::seats(tx, game_id).await?;
        // The computer players sat down with the caller; the people confirm.
        Ok(plan
            .seats
            .iter()
            .filter(|id| !id.starts_with(BOT_ID_PREFIX))
            .all(|id| seats.iter().any(|s| &s.user_id == id)))
    }
}

/// The finished game's seats turned so that the one after `first` (who
/// started it) sits first.
fn turned(seats: &[SeatRow], first: usize) -> Vec<SeatRow> {
    let n = seats.len().max(1);
    (0..seats.len())
        .map(|k| seats[(first + 1 + k) % n].clone())
        .collect()
}

/// A computer player's seat (not a person voted out, whom the computer
/// played for).
fn is_computer(seat: &SeatRow) -> bool {
    seat.user_id.starts_with(BOT_ID_PREFIX) && seat.auto.is_some()
}

/// How the rematch's players are named, in its order: a computer player by
/// its level, in each reader's language.
fn names_of(order: &[SeatRow]) -> Names {
    Names::new(
        order
            .iter()
            .map(|s| (s.name.clone(), super::loaded::computer(s))),
    )
}
