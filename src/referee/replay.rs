//! `/aq replay`: a whole game told again as an animated GIF, for anyone at
//! any time. The frames are rebuilt from the moves in force (taken-back
//! moves are not shown) by the painter, on the replay thread (see
//! `drawing`: one replay at a time, at a lower priority) so that the bot
//! keeps answering, and the pictures of moves keep coming, while it draws.
//! The file always fits the upload limit: the painter drops frames evenly,
//! then draws smaller, rather than fail.

use super::drawing::{DrawFailed, Lane};
use super::{damaged, Attachment, Loaded, Referee, ReplayAsk, ReplayMade, Reply, Request};
use crate::command::ReplaySpeed;
use crate::engine::{Action, Seat};
use crate::lang::Text;
use crate::store::GameStatus;

/// The largest file a replay may be when the front end does not say:
/// Discord's default upload limit (10 MiB), which every server allows.
pub const REPLAY_LIMIT: usize = 10 * 1024 * 1024;
/// A front end's limit is used up to this much: a replay is not worth a
/// longer wait or a bigger download than this, even where a server allows
/// more.
pub const REPLAY_MOST: usize = 25 * 1024 * 1024;

/// Why a replay was not made.
pub(super) enum NoReplay {
    /// It cannot be (the answer says why).
    Refused(Box<Reply>),
    /// A web page's replay while too many wait to be drawn.
    Busy,
}

impl Referee {
    pub(super) async fn replay(
        &self,
        req: &Request,
        game: Option<i64>,
        speed: Option<ReplaySpeed>,
    ) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(
                req.guild.as_deref(),
                &req.channel,
                game,
                super::history::Asker::of(req),
            )
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let game_id = loaded.row.id;
        if loaded.row.status == GameStatus::Lobby || loaded.game.is_none() {
            return Ok(Reply::refused(
                Text::msg("replay-not-started").arg("game", game_id.to_string()),
            ));
        }
        let speed = speed.unwrap_or(ReplaySpeed::Normal);
        let max_bytes = req
            .via
            .upload_limit
            .map_or(REPLAY_LIMIT, |limit| limit.min(REPLAY_MOST));
        let (made, count) = match self
            .draw_replay(&loaded, speed, max_bytes, Lane::Reply)
            .await
        {
            Ok(made) => made,
            Err(NoReplay::Refused(refusal)) => return Ok(*refusal),
            // Only the web's replays are refused for being busy.
            Err(NoReplay::Busy) => {
                return Ok(Reply::refused(
                    Text::msg("replay-failed").arg("game", game_id.to_string()),
                ))
            }
        };
        let status = match loaded.row.status {
            GameStatus::Lobby => "replay-status-lobby",
            GameStatus::Running => "replay-status-running",
            GameStatus::Finished => "replay-status-finished",
            GameStatus::Abandoned => "replay-status-abandoned",
        };
        let mut text = Text::msg("replay-made")
            .arg("game", game_id.to_string())
            .arg("status", Text::msg(status))
            .arg("moves", count)
            .arg("pictures", made.frames)
            .arg("speed", speed.word());
        if made.dropped > 0 {
            text = text.then(Text::msg("replay-dropped").arg("count", made.dropped));
        }
        if made.scaled_down {
            let percent = format!("{:.0}", made.scale * 100.0);
            text = text.then(Text::msg("replay-scaled").arg("percent", percent));
        }
        let mut reply = Reply::private_info(text);
        let alt = loaded
            .game()
            .map_or_else(Text::empty, |game| loaded.describe_replay(game, count));
        reply.files.push(Attachment {
            name: format!("aquaretto-game-{game_id}.gif"),
            bytes: made.gif,
            alt,
        });
        reply.game_id = Some(game_id);
        Ok(reply)
    }

    /// A replay of `loaded` drawn on the replay thread in `lane`, at most
    /// `max_bytes`, and how many moves it shows; else why not.
    pub(super) async fn draw_replay(
        &self,
        loaded: &Loaded,
        speed: ReplaySpeed,
        max_bytes: usize,
        lane: Lane,
    ) -> Result<(ReplayMade, usize), NoReplay> {
        let game_id = loaded.row.id;
        let refused = |reply| Err(NoReplay::Refused(Box::new(reply)));
        let Some(painter) = self.painter.clone().or_else(|| self.animator.clone()) else {
            return refused(Reply::refused(Text::msg("replay-no-pictures")));
        };
        let mut setup = match loaded.setup() {
            Ok(setup) => setup,
            Err(damage) => return refused(damaged(game_id, &damage)),
        };
        // Drawn with the players named as the game's language names them.
        let mut shown = loaded.table_names().all_said(&loaded.row.lang);
        let mut seen: Vec<String> = shown.iter().map(|n| n.to_lowercase()).collect();
        seen.sort();
        seen.dedup();
        if seen.len() != shown.len() {
            // A person took a computer player's name in that language.
            shown = setup.players.clone();
        }
        setup.first = setup.first.as_ref().map(|first| {
            setup
                .players
                .iter()
                .position(|p| p == first)
                .and_then(|seat| shown.get(seat))
                .unwrap_or(first)
                .clone()
        });
        setup.players = shown;
        let moves: Vec<(Seat, Action)> = match loaded.live(loaded.log.len()) {
            Ok(live) => live.iter().map(|(m, a)| (m.seat, (*a).clone())).collect(),
            Err(damage) => return refused(damaged(game_id, &damage)),
        };
        let ask = ReplayAsk {
            max_bytes,
            frame_ms: speed.frame_ms(),
            lang: loaded.row.lang.clone(),
            standings: match &loaded.game {
                Some(game) => loaded.standings(game),
                None => Default::default(),
            },
        };
        let count = moves.len();
        let made = (self.replayers)
            .draw_in(lane, move || painter.replay(&setup, &moves, &ask))
            .await;
        match made {
            Ok(Ok(made)) => Ok((made, count)),
            Ok(Err(e)) => {
                tracing::warn!(game = game_id, "could not make a replay: {e:#}");
                refused(Reply::refused(
                    Text::msg("replay-failed").arg("game", game_id.to_string()),
                ))
            }
            Err(DrawFailed::Busy) => Err(NoReplay::Busy),
            Err(e) => {
                tracing::error!(game = game_id, "the replay task failed: {e}");
                refused(Reply::refused(
                    Text::msg("replay-failed").arg("game", game_id.to_string()),
                ))
            }
        }
    }
}
