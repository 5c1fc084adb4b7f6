//! Looking, for anyone at any time: the board, a zoo, the score and the legal
//! moves (the past is in `history`).

mod moves;
pub use moves::moves_list;

use super::{help_text, load, rules_text, Damage, Loaded, Referee, Reply, Request};
use crate::command::Command;
use crate::lang::Text;
use crate::store::{self, GameStatus};
use crate::view::text_table;

/// What a game's number is followed by when it is no longer played: ` (finished)`.
pub(super) fn status_words(status: GameStatus) -> Text {
    match status {
        GameStatus::Finished => Text::msg("look-status-finished"),
        GameStatus::Abandoned => Text::msg("look-status-abandoned"),
        _ => Text::empty(),
    }
}
impl Referee {
    // ----- looking -----

    pub(super) async fn look(&self, req: &Request) -> anyhow::Result<Reply> {
        match &req.command {
            Command::Help => return Ok(Reply::private_info(help_text(req.via.front))),
            Command::Rules { topic } => {
                return Ok(Reply::private_info(rules_text(topic.as_deref())))
            }
            _ => {}
        }
        let loaded = match self
            .past_loaded(
                req.guild.as_deref(),
                &req.channel,
                None,
                super::history::Asker::of(req),
            )
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let game_id = loaded.row.id;
        let Some(game) = &loaded.game else {
            let mut reply = Reply::private_info(
                Text::msg("look-gathering")
                    .arg("game", game_id.to_string())
                    .arg(
                        "players",
                        super::language::listed(
                            loaded.names().into_iter().map(Text::Raw).collect(),
                        ),
                    ),
            );
            reply.game_id = Some(game_id);
            return Ok(reply);
        };
        let status = status_words(loaded.row.status);
        let mut reply = match &req.command {
            Command::Board => {
                let mut words = Text::msg("look-board")
                    .arg("game", game_id.to_string())
                    .arg("status", status.clone())
                    .arg("round", game.round())
                    .then(crate::lang::engine::asked(&game.asked()));
                if let Some(clocks) = super::clocks::clocks_line(&loaded, self.clock.now()) {
                    words = words.then_line(clocks);
                }
                let mut reply = Reply::private_info(words);
                let lang = self
                    .asker_lang(&req.actor.id, req.via.locale.as_deref())
                    .await;
                reply.board = Some(text_table::table(&loaded.shown(game, &lang), &lang));
                self.paint_table(&mut reply, &loaded, game, &[]).await;
                reply.links.push(super::WebAsk::Watch(game_id));
                if game.to_act().is_some() && game.to_act() == loaded.seat_of(&req.actor.id) {
                    reply.links.push(super::WebAsk::Play {
                        game: game_id,
                        user: req.actor.id.clone(),
                    });
                }
                reply
            }
            Command::BoardText => {
                Reply::private_info(loaded.describe_board_now(game, self.clock.now()))
            }
            Command::Zoo { player } => {
                let seat = match player {
                    Some(who) => match loaded.resolve(who) {
                        Ok(seat) => seat,
                        Err(why) => return Ok(Reply::refused(why)),
                    },
                    None => loaded.seat_of(&req.actor.id).unwrap_or(game.current()),
                };
                let mut reply = Reply::private_info(
                    Text::msg("look-zoo")
                        .arg("name", loaded.seats[seat].name.clone())
                        .arg("game", game_id.to_string())
                        .arg("status", status.clone()),
                );
                let lang = self
                    .asker_lang(&req.actor.id, req.via.locale.as_deref())
                    .await;
                let board = text_table::zoo(&loaded.shown(game, &lang), seat, &lang);
                reply.board = Some(board.clone());
                if self.painter.is_none() {
                    reply.add_line(Text::Raw(board));
                }
                self.paint_zoo(&mut reply, &loaded, game, seat).await;
                reply
            }
            Command::Score => {
                let lang = self
                    .asker_lang(&req.actor.id, req.via.locale.as_deref())
                    .await;
                Reply::private_info(
                    Text::msg("look-scores")
                        .arg("game", game_id.to_string())
                        .arg("status", status.clone())
                        .then_line(Text::Raw(text_table::scores(
                            &loaded.shown(game, &lang),
                            &loaded.standings(game),
                            &lang,
                        ))),
                )
            }
            Command::Moves | Command::MovesOf { .. } => {
                let of = match &req.command {
                    Command::MovesOf { of } => Some(of.as_str()),
                    _ => None,
                };
                match moves_list(game, &loaded.names(), of, req.via.front) {
                    None => Reply::private_info(
                        Text::msg("look-nobody-moves")
                            .arg("game", game_id.to_string())
                            .arg("status", status.clone()),
                    ),
                    Some(Ok(text)) => Reply::private_info(text),
                    Some(Err(why)) => Reply::refused(why),
                }
            }
            _ => Reply::refused(Text::msg("look-not-this-command")),
        };
        reply.game_id = Some(game_id);
        Ok(reply)
    }

    /// Loads the channel's open game for a read-only use (autocomplete, export).
    pub async fn open_game(&self, channel: &str) -> anyhow::Result<Option<Result<Loaded, Damage>>> {
        let mut tx = self.store.read().await?;
        let Some(row) = store::open_game(&mut tx, channel).await? else {
            return Ok(None);
        };
        Ok(Some(load(&mut tx, row).await?))
    }

    /// Loads any game by id or by channel (its latest) for export.
    pub async fn find_game(
        &self,
        id: Option<i64>,
        channel: Option<&str>,
    ) -> anyhow::Result<Option<Result<Loaded, Damage>>> {
        let mut tx = self.store.read().await?;
        let row = match (id, channel) {
            (Some(id), _) => store::game_by_id(&mut tx, id).await?,
            (None, Some(c)) => match store::open_game(&mut tx, c).await? {
                Some(row) => Some(row),
                None => store::latest_game(&mut tx, c).await?,
            },
            (None, None) => None,
        };
        match row {
            Some(row) => Ok(Some(load(&mut tx, row).await?)),
            None => Ok(None),
        }
    }
}
