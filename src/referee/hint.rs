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

use super::{damaged, load, Referee, Reply, Request};
use crate::command::Command;
use crate::cpu;
use crate::engine::{Action, Game, Seat};
use crate::lang::engine::narrate;
use crate::lang::Text;
use crate::store::{self, GameStatus};

impl Referee {
    pub(super) async fn hint(&self, req: &Request) -> anyhow::Result<Reply> {
        let loaded = {
            let mut tx = self.store.read().await?;
            let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
                return Ok(Reply::refused(Text::msg("hint-no-game")));
            };
            if row.status != GameStatus::Running {
                return Ok(Reply::refused(
                    Text::msg("hint-not-started").arg("game", row.id.to_string()),
                ));
            }
            let game_id = row.id;
            match load(&mut tx, row).await? {
                Ok(loaded) => loaded,
                Err(damage) => return Ok(damaged(game_id, &damage)),
            }
        };
        let game_id = loaded.row.id;
        let Some(seat) = loaded.seat_of(&req.actor.id) else {
            return Ok(Reply::refused(
                Text::msg("hint-not-seated").arg("game", game_id.to_string()),
            ));
        };
        if loaded.seats[seat].is_auto() {
            return Ok(Reply::refused(
                Text::msg("hint-plays-itself").arg("game", game_id.to_string()),
            ));
        }
        if !loaded.row.settings.hints {
            return Ok(Reply::refused(
                Text::msg("hint-off").arg("game", game_id.to_string()),
            ));
        }
        let Some(game) = loaded.game.clone() else {
            return Ok(Reply::refused(
                Text::msg("kick-not-started").arg("game", game_id.to_string()),
            ));
        };
        match game.to_act() {
            Some(s) if s == seat => {}
            Some(s) => {
                return Ok(Reply::refused(match loaded.seats.get(s) {
                    Some(r) => Text::msg("hint-not-your-turn").arg("name", r.name.clone()),
                    None => Text::msg("hint-not-your-turn-anyone"),
                }))
            }
            None => {
                return Ok(Reply::refused(
                    Text::msg("hint-over").arg("game", game_id.to_string()),
                ))
            }
        }
        let searched = game.clone();
        let Some(hint) = tokio::task::spawn_blocking(move || cpu::hint(&searched, seat)).await?
        else {
            return Ok(Reply::refused(Text::msg("hint-no-move")));
        };
        let names = loaded.names();
        let command = Command::from_action(&hint.action, &names).to_text();
        let what = match foretell(&game, seat, &hint.action, &names) {
            Ok(what) => what,
            Err(refusal) => {
                // The player module promises a legal move; say so if not.
                tracing::error!(game = game_id, "a hint was refused: {refusal}");
                return Ok(Reply::refused(Text::msg("hint-none")));
            }
        };
        let mut reply = Reply::private_info(
            Text::msg("hint")
                .arg("game", game_id.to_string())
                .arg("command", command)
                .arg("what", what)
                .arg("why", crate::lang::engine::hint_reason(&hint.reason)),
        );
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
) -> Result<Text, String> {
    let who = names.get(seat).map_or("?", String::as_str);
    let mut blind = game.clone();
    blind.redeal_hidden(|_| ());
    let events = blind.apply(seat, action).map_err(|r| r.to_string())?;
    if let Action::Draw { truck } = action {
        let from_reserve = game.draw_pile().is_empty();
        let told = Text::msg(if from_reserve {
            "hint-draw-reserve"
        } else {
            "hint-draw-pile"
        })
        .arg("name", who)
        .arg("truck", *truck);
        if from_reserve && !game.is_last_round() {
            return Ok(told.then(Text::msg("hint-last-round")));
        }
        return Ok(told);
    }
    Ok(narrate(&events, names))
}
