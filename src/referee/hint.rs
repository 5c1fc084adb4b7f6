//! `/aq hint`: the strong computer player's move for the asker, privately,
//! with the engine's sentence for it and what the search saw. Nothing is
//! played and nothing is stored.

use super::auto::narrate;
use super::{damaged, load, Referee, Reply, Request};
use crate::command::Command;
use crate::cpu;
use crate::store::{self, GameStatus};

impl Referee {
    pub(super) async fn hint(&self, req: &Request) -> anyhow::Result<Reply> {
        let loaded = {
            let mut tx = self.store.read().await?;
            let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
                return Ok(Reply::refused(
                    "no game is running in this channel: hints are for the player to act",
                ));
            };
            if row.status != GameStatus::Running {
                return Ok(Reply::refused(format!(
                    "game #{} has not started yet: hints are for the player to act",
                    row.id
                )));
            }
            let game_id = row.id;
            match load(&mut tx, row).await? {
                Ok(loaded) => loaded,
                Err(damage) => return Ok(damaged(game_id, &damage)),
            }
        };
        let game_id = loaded.row.id;
        let Some(seat) = loaded.seat_of(&req.actor.id) else {
            return Ok(Reply::refused(format!(
                "hints are for the players seated in game #{game_id}"
            )));
        };
        if loaded.seats[seat].is_auto() {
            return Ok(Reply::refused(format!(
                "your seat in game #{game_id} plays by itself now: there is nothing to hint"
            )));
        }
        if !loaded.row.settings.hints {
            return Ok(Reply::refused(format!(
                "hints are turned off in game #{game_id}; its creator can turn them on with /aq settings hints:on"
            )));
        }
        let Some(game) = loaded.game.clone() else {
            return Ok(Reply::refused(format!(
                "game #{game_id} has not started yet"
            )));
        };
        match game.to_act() {
            Some(s) if s == seat => {}
            Some(s) => {
                return Ok(Reply::refused(format!(
                    "it is {}'s turn: ask for a hint when it is yours",
                    loaded
                        .seats
                        .get(s)
                        .map_or("another player", |r| r.name.as_str())
                )))
            }
            None => return Ok(Reply::refused(format!("game #{game_id} is over"))),
        }
        let searched = game.clone();
        let Some(hint) = tokio::task::spawn_blocking(move || cpu::hint(&searched, seat)).await?
        else {
            return Ok(Reply::refused("you have no legal move now"));
        };
        let names = loaded.names();
        let command = Command::from_action(&hint.action, &names).to_text();
        let mut after = game;
        let what = match after.apply(seat, &hint.action) {
            Ok(events) => narrate(&events, &names),
            Err(refusal) => {
                // The player module promises a legal move; say so if not.
                tracing::error!(game = game_id, "a hint was refused: {refusal}");
                return Ok(Reply::refused(
                    "no hint can be given now; nothing was changed",
                ));
            }
        };
        let mut reply = Reply::private_info(format!(
            "Hint for game #{game_id}: {command}\nIt would mean: {what}\nWhy: {}.",
            hint.reason.trim_end_matches('.')
        ));
        reply.game_id = Some(game_id);
        Ok(reply)
    }
}
