//! The past, for anyone at any time: a game's moves page by page, the table
//! right after any move, the server's games page by page, and the game record
//! as a file. Everything is rebuilt from the move log through the engine;
//! nothing here changes a game.
//!
//! Invariants:
//! - A game is looked up within the asker's server (in a server: any of its
//!   channels; outside one: this channel); another server's game reads as
//!   unknown.
//! - Pages are stateless: a page's buttons carry the game and the page or the
//!   move (`controls::pages`), so they work after a restart.
//! - Times are Discord's relative tags (`<t:UNIX:R>`); the terminal writes
//!   them as dates.

use super::{damaged, load, Attachment, Loaded, Referee, Reply, Request};
use crate::clock::{discord_relative, parse_rfc3339};
use crate::controls::{self, Control, ControlId};
use crate::engine::{Event, Game};
use crate::record::export_bytes;
use crate::store::{self, Entry, GameRow, GameStatus, Tx};
use std::fmt::Write as _;

/// Entries of the log on one page of history.
pub const HISTORY_PAGE: usize = 8;
/// Games on one page of `/aq games`.
pub const GAMES_PAGE: usize = 8;
/// The longest line of one move in the history; longer ones are cut with
/// "…" (keeping the end of the game). Eight of them and their numbers,
/// times and marks fit in one Discord message.
const MAX_ENTRY: usize = 190;

impl Referee {
    /// The game a look is about, loaded: `game:<id>` (any game of the
    /// asker's server) or the channel's open game, else its latest. `Err` is
    /// the refusal (unknown here, or damaged).
    pub(super) async fn past_loaded(
        &self,
        guild: Option<&str>,
        channel: &str,
        id: Option<i64>,
    ) -> anyhow::Result<Result<Loaded, Reply>> {
        let mut tx = self.store.read().await?;
        let row = match past_game(&mut tx, guild, channel, id).await? {
            Ok(row) => row,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let game_id = row.id;
        Ok(load(&mut tx, row)
            .await?
            .map_err(|damage| damaged(game_id, &damage)))
    }

    /// `/aq history [move:<n>] [game:<id>]`.
    pub(super) async fn history(
        &self,
        req: &Request,
        move_n: Option<u32>,
        game: Option<i64>,
    ) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(req.guild.as_deref(), &req.channel, game)
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        Ok(match move_n {
            Some(n) => self.history_move(&loaded, n).await,
            None => history_page(&loaded, 0),
        })
    }

    /// A press of a control that only looks: a history page, a move's table
    /// or a page of games. Anyone may press it; it never goes stale.
    pub(super) async fn press_look(
        &self,
        guild: Option<&str>,
        channel: &str,
        id: ControlId,
    ) -> anyhow::Result<Reply> {
        if let Control::GamesPage(page) = id.control {
            let mut tx = self.store.read().await?;
            return games_page(&mut tx, guild, channel, page).await;
        }
        let loaded = match self.past_loaded(guild, channel, Some(id.game)).await? {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        Ok(match id.control {
            Control::HistoryMove(n) => self.history_move(&loaded, n).await,
            Control::HistoryPage(page) => history_page(&loaded, page),
            _ => Reply::refused("that control is not a way of looking"),
        })
    }

    /// `/aq games [page:<n>]` (1 the newest page).
    pub(super) async fn games(&self, req: &Request, page: Option<u32>) -> anyhow::Result<Reply> {
        let mut tx = self.store.read().await?;
        let page = page.unwrap_or(1).saturating_sub(1);
        games_page(&mut tx, req.guild.as_deref(), &req.channel, page).await
    }

    /// `/aq export [game:<id>]`: the game record as a JSON file, the same
    /// bytes as the terminal's `export`.
    pub(super) async fn export(&self, req: &Request, game: Option<i64>) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(req.guild.as_deref(), &req.channel, game)
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let game_id = loaded.row.id;
        let bytes = export_bytes(
            &loaded.row,
            &loaded.seats,
            &loaded.log,
            loaded.game.as_ref(),
        );
        let mut reply = Reply::private_info(format!(
            "The record of game #{game_id} ({}, {} moves), as COMMANDS.md describes it.",
            loaded.row.status.word(),
            loaded.log.len()
        ));
        reply.files.push(Attachment {
            name: format!("aquaretto-game-{game_id}.json"),
            bytes,
        });
        reply.game_id = Some(game_id);
        Ok(reply)
    }

    /// The table as it was right after move `n`, with what that move did,
    /// and buttons to step to the moves before and after.
    async fn history_move(&self, loaded: &Loaded, n: u32) -> Reply {
        let game_id = loaded.row.id;
        let total = loaded.log.len();
        let i = n as usize;
        if i == 0 || i > total {
            return Reply::refused(if total == 0 {
                format!("game #{game_id} has no moves yet")
            } else {
                format!("game #{game_id} has {total} moves: ask for move 1 to {total}")
            });
        }
        let names = loaded.names();
        let m = &loaded.log[i - 1];
        let who = names.get(m.seat).map_or("?", String::as_str);
        let (after, events) = match m.action() {
            Some(action) => {
                let mut game = match loaded.replay_to(i - 1) {
                    Ok(g) => g,
                    Err(damage) => return damaged(game_id, &damage),
                };
                let events = game.apply(m.seat, action).unwrap_or_default();
                (game, events)
            }
            None => match loaded.replay_to(i) {
                Ok(g) => (g, Vec::new()),
                Err(damage) => return damaged(game_id, &damage),
            },
        };
        let mut text = format!(
            "Game #{game_id}, move {i} of {total}{}: {who} played {}",
            when(&m.at),
            m.command
        );
        if loaded.withdrawn().contains(&m.seq) {
            text.push_str(" (taken back later)");
        }
        text.push('\n');
        for e in events.iter().filter(|e| !matches!(e, Event::Turn { .. })) {
            let _ = writeln!(
                text,
                "{}",
                crate::lang::plain(
                    &crate::lang::Lang::english(),
                    &crate::lang::engine::event(e, &names)
                )
            );
        }
        let mut reply = Reply::private_info(text.trim_end().to_string());
        reply.board = Some(crate::text::table(&after));
        self.paint_table_noted(&mut reply, &after, &events, super::play::note(loaded))
            .await;
        reply.controls = Some(controls::history_move_panel(
            game_id,
            loaded.seq(),
            n,
            total as u32,
        ));
        reply.game_id = Some(game_id);
        reply
    }
}

/// `" <t:UNIX:R>"` for a stored time, or nothing when it does not read.
fn when(at: &str) -> String {
    parse_rfc3339(at).map_or_else(String::new, |t| format!(" {}", discord_relative(t)))
}

/// The number of pages for `entries` entries, `per_page` a page (at least 1).
fn pages(entries: usize, per_page: usize) -> u32 {
    entries.div_ceil(per_page).max(1) as u32
}

/// Page `page` (0 the newest) of a game's log, oldest first on the page:
/// each move numbered, with what it did in the engine's sentences and when;
/// taken-back moves struck through, undos and automatic moves said so.
pub fn history_page(loaded: &Loaded, page: u32) -> Reply {
    let game_id = loaded.row.id;
    let total = loaded.log.len();
    let count = pages(total, HISTORY_PAGE);
    if page >= count {
        return Reply::refused(format!(
            "game #{game_id}'s history has {count} page{}",
            if count == 1 { "" } else { "s" }
        ));
    }
    let names = loaded.names();
    let withdrawn = loaded.withdrawn();
    let end = total - page as usize * HISTORY_PAGE;
    let start = end.saturating_sub(HISTORY_PAGE);
    let mut text = if total == 0 {
        format!(
            "Game #{game_id} ({}): no moves yet.",
            loaded.row.status.word()
        )
    } else {
        format!(
            "Game #{game_id} ({}): moves {}–{end} of {total}, page {} of {count} (newest first).",
            loaded.row.status.word(),
            start + 1,
            page + 1
        )
    };
    for m in &loaded.log[start..end] {
        let who = names.get(m.seat).map_or("?", String::as_str);
        let said = match &m.entry {
            Entry::Undo { of } => format!("{who} took back move {of}"),
            Entry::Move(action) => {
                let mut game = loaded.replay_to(m.seq as usize - 1).ok();
                let events = game
                    .as_mut()
                    .and_then(|g: &mut Game| g.apply(m.seat, action).ok())
                    .unwrap_or_default();
                let told: Vec<String> = events
                    .iter()
                    .filter(|e| !matches!(e, Event::Turn { .. } | Event::GameOver { .. }))
                    .map(|e| {
                        crate::lang::plain(
                            &crate::lang::Lang::english(),
                            &crate::lang::engine::event(e, &names),
                        )
                    })
                    .collect();
                let over: Vec<String> = events
                    .iter()
                    .filter(|e| matches!(e, Event::GameOver { .. }))
                    .map(|e| {
                        crate::lang::plain(
                            &crate::lang::Lang::english(),
                            &crate::lang::engine::event(e, &names),
                        )
                    })
                    .collect();
                let told = if told.is_empty() {
                    format!("{who}: {}", m.command.trim_start_matches("/aq "))
                } else {
                    told.join(" ")
                };
                match over.first() {
                    Some(end) => {
                        let room = MAX_ENTRY.saturating_sub(end.chars().count() + 1).max(20);
                        format!("{} {end}", cut(&told, room))
                    }
                    None => cut(&told, MAX_ENTRY),
                }
            }
        };
        let mut said = said;
        if withdrawn.contains(&m.seq) {
            said = format!("~~{said}~~ (taken back)");
        }
        if m.auto.is_some() {
            said.push_str(" (auto)");
        }
        let _ = write!(text, "\n**{}.** {said}{}", m.seq, when(&m.at));
    }
    if total > 0 {
        text.push_str("\nSee the table after any move with /aq history move:<n>.");
    }
    let mut reply = Reply::private_info(text);
    reply.controls = Some(controls::history_panel(game_id, loaded.seq(), page, count));
    reply.game_id = Some(game_id);
    reply
}

/// At most `max` characters, the cut marked with "…".
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// Page `page` (0 the newest) of the server's games: players with their
/// scores, the winner, the round for a running game, and dates.
async fn games_page(
    tx: &mut Tx,
    guild: Option<&str>,
    channel: &str,
    page: u32,
) -> anyhow::Result<Reply> {
    let total = store::count_games(tx, guild, channel).await?;
    if total == 0 {
        return Ok(Reply::private_info(
            "No games yet: open one with /aq game new.",
        ));
    }
    let count = pages(total as usize, GAMES_PAGE);
    if page >= count {
        return Ok(Reply::refused(format!(
            "there {} {count} page{} of games",
            if count == 1 { "is" } else { "are" },
            if count == 1 { "" } else { "s" }
        )));
    }
    let rows = store::list_games(
        tx,
        guild,
        channel,
        GAMES_PAGE as i64,
        page as i64 * GAMES_PAGE as i64,
    )
    .await?;
    let mut text = format!(
        "Games {}, newest first (page {} of {count}, {total} in all):",
        if guild.is_some() {
            "in this server"
        } else {
            "here"
        },
        page + 1
    );
    for row in &rows {
        let seats = store::seats(tx, row.id).await?;
        let game: Option<Game> = row
            .snapshot
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        let players: Vec<String> = seats
            .iter()
            .map(|s| match &game {
                Some(g) if row.status != GameStatus::Lobby => {
                    format!("{} ({})", s.name, g.score(s.seat).total)
                }
                _ => s.name.clone(),
            })
            .collect();
        let _ = write!(text, "\n**#{}** {}", row.id, row.status.word());
        if row.practice {
            text.push_str(" (practice)");
        }
        if guild.is_some() {
            let _ = write!(text, " in <#{}>", row.channel);
        }
        if players.is_empty() {
            text.push_str(" · nobody seated");
        } else {
            let _ = write!(text, " · {}", players.join(", "));
        }
        if let Some(w) = &row.winners {
            let _ = write!(text, " · won by {}", w.join(" and "));
        }
        if let (GameStatus::Running, Some(g)) = (row.status, &game) {
            let _ = write!(text, " · round {}, move {}", g.round(), row.move_count);
        }
        let started = row.started_at.as_deref().unwrap_or(&row.created_at);
        let _ = write!(text, " · started{}", when(started));
        if let Some(ended) = &row.ended_at {
            let _ = write!(text, ", ended{}", when(ended));
        }
    }
    let mut reply = Reply::private_info(text);
    reply.controls = Some(controls::games_panel(page, count));
    Ok(reply)
}

/// The row of the game a look is about (see [`Referee::past_loaded`]).
async fn past_game(
    tx: &mut Tx,
    guild: Option<&str>,
    channel: &str,
    id: Option<i64>,
) -> anyhow::Result<Result<GameRow, Reply>> {
    if let Some(id) = id {
        return Ok(match store::game_by_id(tx, id).await? {
            Some(row)
                if row.guild.as_deref() == guild && (guild.is_some() || row.channel == channel) =>
            {
                Ok(row)
            }
            _ => Err(Reply::refused(format!(
                "there is no game #{id} in this server"
            ))),
        });
    }
    if let Some(row) = store::open_game(tx, channel).await? {
        return Ok(Ok(row));
    }
    Ok(match store::latest_game(tx, channel).await? {
        Some(row) => Ok(row),
        None => Err(Reply::refused(
            "no game has been played in this channel yet: open one with /aq game new",
        )),
    })
}
