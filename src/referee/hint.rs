//! `/aq hint`: the strong computer player's move for the asker, privately,
//! with what the move would do and what the search saw. Nothing is played
//! and nothing is stored.
//!
//! Invariant: a hint reveals no tile nobody has seen. The move is told from
//! the move alone ([`foretell`]): a draw is "a tile onto truck 2", never the
//! tile the real pile would give, and every other move is told from a copy
//! of the game whose unseen tiles are put in a fixed order first, so no
//! sentence can depend on the real order. What the search saw is its own
//! averages over futures it dealt itself (see `cpu::strong`).

use super::auto::narrate;
use super::{damaged, load, Referee, Reply, Request};
use crate::command::Command;
use crate::cpu;
use crate::engine::{Action, Game, Seat};
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
                "hints are turned off in game #{game_id}; its creator can turn them on with /aq game settings hints:on"
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
        let what = match foretell(&game, seat, &hint.action, &names) {
            Ok(what) => what,
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
            crate::lang::plain(
                &crate::lang::Lang::english(),
                &crate::lang::engine::hint_reason(&hint.reason)
            )
        ));
        reply.game_id = Some(game_id);
        Ok(reply)
    }
}

/// What `action` would do, told before it is made, from the move alone: a
/// draw names the truck and where the tile would come from, never the tile;
/// any other move is played on a copy whose unseen tiles are first put in a
/// fixed order (no other move reads them, and so none can tell them). `Err`
/// is the engine's refusal of an illegal move.
pub(super) fn foretell(
    game: &Game,
    seat: Seat,
    action: &Action,
    names: &[String],
) -> Result<String, String> {
    let who = names.get(seat).map_or("?", String::as_str);
    let mut blind = game.clone();
    blind.redeal_hidden(|_| ());
    let events = blind.apply(seat, action).map_err(|r| r.to_string())?;
    if let Action::Draw { truck } = action {
        let from_reserve = game.draw_pile().is_empty();
        let mut told = format!(
            "{who} would draw the top tile of the {} onto truck {truck}, a tile nobody has seen yet.",
            if from_reserve { "reserve" } else { "draw pile" }
        );
        if from_reserve && !game.is_last_round() {
            told.push_str(" The last round would begin.");
        }
        return Ok(told);
    }
    Ok(narrate(&events, names))
}
