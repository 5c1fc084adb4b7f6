//! Looking, for anyone at any time: the board, a zoo, the score, the history and the games.

use super::{
    damaged, help_text, legal_commands, load, rules_text, Damage, Loaded, Referee, Reply, Request,
};
use crate::command::Command;
use crate::engine::Event;
use crate::store::{self, GameRow, GameStatus, Tx};
use crate::text;
use std::fmt::Write as _;
impl Referee {
    // ----- looking -----

    pub(super) async fn look(&self, req: &Request) -> anyhow::Result<Reply> {
        match &req.command {
            Command::Help => return Ok(Reply::private_info(help_text())),
            Command::Rules { topic } => {
                return Ok(Reply::private_info(rules_text(topic.as_deref())))
            }
            _ => {}
        }
        let mut tx = self.store.read().await?;
        if let Command::Games = req.command {
            let rows = store::list_games(&mut tx, req.guild.as_deref(), &req.channel, 25).await?;
            return Ok(Reply::private_info(games_text(&mut tx, &rows).await?));
        }
        let row = match &req.command {
            Command::History { game: Some(id), .. } => match store::game_by_id(&mut tx, *id).await?
            {
                Some(row)
                    if row.guild == req.guild
                        && (req.guild.is_some() || row.channel == req.channel) =>
                {
                    row
                }
                _ => {
                    return Ok(Reply::refused(format!(
                        "there is no game #{id} in this server"
                    )))
                }
            },
            _ => {
                match store::open_game(&mut tx, &req.channel).await? {
                    Some(row) => row,
                    None => match store::latest_game(&mut tx, &req.channel).await? {
                        Some(row) => row,
                        None => return Ok(Reply::refused(
                            "no game has been played in this channel yet: open one with /aq new",
                        )),
                    },
                }
            }
        };
        let game_id = row.id;
        let loaded = match load(&mut tx, row).await? {
            Ok(loaded) => loaded,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        let Some(game) = &loaded.game else {
            let mut reply = Reply::private_info(format!(
                "Game #{game_id} is gathering players: {}. Join with /aq join.",
                loaded.names().join(", ")
            ));
            reply.game_id = Some(game_id);
            return Ok(reply);
        };
        let status = match loaded.row.status {
            GameStatus::Finished => " (finished)",
            GameStatus::Abandoned => " (abandoned)",
            _ => "",
        };
        let mut reply = match &req.command {
            Command::Board => {
                let mut reply = Reply::private_info(format!(
                    "Game #{game_id}{status}, round {}. {}",
                    game.round(),
                    game.prompt()
                ));
                reply.board = Some(text::table(game));
                self.paint_table(&mut reply, game, &[]);
                reply
            }
            Command::Zoo { player } => {
                let seat = match player {
                    Some(who) => match loaded.resolve(who) {
                        Ok(seat) => seat,
                        Err(why) => return Ok(Reply::refused(why)),
                    },
                    None => loaded.seat_of(&req.actor.id).unwrap_or(game.current()),
                };
                let mut reply = Reply::private_info(format!(
                    "{}'s zoo in game #{game_id}{status}.",
                    loaded.seats[seat].name
                ));
                let mut board = text::player_summary(game, seat);
                if let Some(p) = game.player(seat) {
                    board.push_str(&text::zoo_grid(p));
                }
                let _ = write!(board, "({})", text::LEGEND);
                reply.board = Some(board.clone());
                if self.painter.is_none() {
                    reply.text = format!("{}\n{board}", reply.text);
                }
                self.paint_zoo(&mut reply, game, seat);
                reply
            }
            Command::Score => Reply::private_info(format!(
                "Scores in game #{game_id}{status}:\n{}",
                text::scores(game)
            )),
            Command::History { move_n: None, .. } => Reply::private_info(history_text(&loaded)),
            Command::History {
                move_n: Some(n), ..
            } => {
                let n = *n as usize;
                let total = loaded.log.len();
                if n == 0 || n > total {
                    return Ok(Reply::refused(format!(
                        "game #{game_id} has {total} moves: ask for move 1 to {}",
                        total.max(1)
                    )));
                }
                let names = loaded.names();
                let m = &loaded.log[n - 1];
                let who = names.get(m.seat).map_or("?", String::as_str);
                let (after, events) = match m.action() {
                    Some(action) => {
                        let mut game = match loaded.replay_to(n - 1) {
                            Ok(g) => g,
                            Err(damage) => return Ok(damaged(game_id, &damage)),
                        };
                        let events = game.apply(m.seat, action).unwrap_or_default();
                        (game, events)
                    }
                    None => match loaded.replay_to(n) {
                        Ok(g) => (g, Vec::new()),
                        Err(damage) => return Ok(damaged(game_id, &damage)),
                    },
                };
                let mut text = format!(
                    "Game #{game_id}, move {n} of {total}: {who} played {}",
                    m.command
                );
                if loaded.withdrawn().contains(&m.seq) {
                    text.push_str(" (taken back later)");
                }
                text.push('\n');
                for e in events.iter().filter(|e| !matches!(e, Event::Turn { .. })) {
                    let _ = writeln!(text, "{}", e.describe(&names));
                }
                let mut reply = Reply::private_info(text.trim_end().to_string());
                reply.board = Some(text::table(&after));
                self.paint_table(&mut reply, &after, &events);
                reply
            }
            Command::Moves => {
                let legal = legal_commands(&loaded);
                let who = game
                    .to_act()
                    .and_then(|s| loaded.seats.get(s))
                    .map_or("nobody", |s| s.name.as_str());
                if legal.is_empty() {
                    Reply::private_info(format!("Game #{game_id}{status}: nobody may move."))
                } else {
                    let mut text = format!("{who} may play ({} moves):", legal.len());
                    for (i, c) in legal.iter().enumerate() {
                        let _ = write!(text, "\n{:>3}. {c}", i + 1);
                    }
                    Reply::private_info(text)
                }
            }
            _ => Reply::refused("that command is not a way of looking"),
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

/// The move list of a game, most recent last.
fn history_text(loaded: &Loaded) -> String {
    let names = loaded.names();
    let total = loaded.log.len();
    let withdrawn = loaded.withdrawn();
    let shown = 30;
    let mut out = format!(
        "Game #{}: {total} move{}.",
        loaded.row.id,
        if total == 1 { "" } else { "s" }
    );
    if total > shown {
        let _ = write!(
            out,
            " The last {shown}; see any move with /aq history move:<n>."
        );
    }
    out.push('\n');
    for m in loaded.log.iter().skip(total.saturating_sub(shown)) {
        let _ = writeln!(
            out,
            "{:>4}. {}: {}{}",
            m.seq,
            names.get(m.seat).map_or("?", String::as_str),
            m.command.trim_start_matches("/aq "),
            if withdrawn.contains(&m.seq) {
                " (taken back)"
            } else {
                ""
            }
        );
    }
    out.trim_end().to_string()
}

async fn games_text(tx: &mut Tx, rows: &[GameRow]) -> anyhow::Result<String> {
    if rows.is_empty() {
        return Ok("No games yet: open one with /aq new.".into());
    }
    let mut out = String::from("Games here, newest first:\n");
    for row in rows {
        let seats = store::seats(tx, row.id).await?;
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        let _ = write!(
            out,
            "#{} {} - {}",
            row.id,
            row.status.word(),
            names.join(", ")
        );
        if let Some(w) = &row.winners {
            let _ = write!(out, " - won by {}", w.join(" and "));
        }
        if row.status == GameStatus::Running {
            let _ = write!(out, " - {} moves", row.move_count);
        }
        out.push('\n');
    }
    Ok(out.trim_end().to_string())
}
