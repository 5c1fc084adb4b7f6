//! The past, for anyone at any time: a game's moves page by page, the table
//! right after any move, the server's games page by page, and the game record
//! as a file. Everything is rebuilt from the move log through the engine;
//! nothing here changes a game.
//!
//! Invariants:
//! - A game is looked up within the asker's server (in a server: any of its
//!   channels; outside one: this channel); another server's game reads as
//!   unknown. A game of another channel is shown only if every member of
//!   the server sees that channel, the asker played in it, or sees every
//!   channel ([`Asker`]); the server's list of games likewise.
//! - Pages are stateless: a page's buttons carry the game and the page or the
//!   move (`controls::pages`), so they work after a restart.
//! - Times are Discord's relative tags (`<t:UNIX:R>`); the terminal writes
//!   them as dates.

use super::{damaged, load, Attachment, Loaded, Referee, Reply, Request};
use crate::clock::parse_rfc3339;
use crate::engine::{Event, Game};
use crate::lang::{plain, Arg, Emphasis, Lang, Names, Text};
use crate::referee::record::export_bytes;
use crate::store::{self, Audience, Entry, GameRow, GameStatus, Tx};
use crate::view::controls::{self, Control, ControlId};

/// `a` then `b` with nothing between.
trait Tight {
    fn joined_tight(self, more: Text) -> Text;
}

impl Tight for Text {
    fn joined_tight(self, more: Text) -> Text {
        Text::Join {
            parts: vec![self, more],
            with: std::borrow::Cow::Borrowed(""),
        }
    }
}

/// Entries of the log on one page of history.
pub const HISTORY_PAGE: usize = 8;
/// Games on one page of `/aq games`.
pub const GAMES_PAGE: usize = 8;
/// Pages of `/aq games` and of a server's web page offered, the newest
/// 1,000 games: a page further back would read every game before it (an
/// older game is still read by its number).
pub const LISTED_PAGES: usize = 125;
/// The longest line of one move in the history, in characters: its
/// sentences past it are left out for "…" (the game's end is kept). Eight
/// of them and their numbers, times and marks fit in one Discord message.
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
        asker: Asker<'_>,
    ) -> anyhow::Result<Result<Loaded, Reply>> {
        let mut tx = self.store.read().await?;
        let row = match past_game(&mut tx, guild, channel, id, asker).await? {
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
            .past_loaded(req.guild.as_deref(), &req.channel, game, Asker::of(req))
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let lang = self
            .asker_lang(&req.actor.id, req.via.locale.as_deref())
            .await;
        Ok(match move_n {
            Some(n) => self.history_move(&loaded, n, &lang).await,
            None => {
                let mut page = history_page(&loaded, 0, &lang);
                if req.via.front == super::Front::Terminal {
                    // The terminal's command has no `/aq`.
                    page.words = terminal_hint(page.words);
                }
                page
            }
        })
    }

    /// A press of a control that only looks: a history page, a move's table
    /// or a page of games. Anyone may press it; it never goes stale. Its
    /// buttons speak `lang`, the presser's.
    pub(super) async fn press_look(
        &self,
        guild: Option<&str>,
        channel: &str,
        id: ControlId,
        lang: &Lang,
        asker: Asker<'_>,
    ) -> anyhow::Result<Reply> {
        if let Control::GamesPage(page) = id.control {
            let mut tx = self.store.read().await?;
            let audience = asker.audience(guild, channel);
            return games_page(&mut tx, guild, channel, audience, page, lang).await;
        }
        let loaded = match self
            .past_loaded(guild, channel, Some(id.game), asker)
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        Ok(match id.control {
            Control::HistoryMove(n) => self.history_move(&loaded, n, lang).await,
            Control::HistoryPage(page) => history_page(&loaded, page, lang),
            _ => Reply::refused(Text::msg("history-not-a-look")),
        })
    }

    /// `/aq games [page:<n>]` (1 the newest page).
    pub(super) async fn games(&self, req: &Request, page: Option<u32>) -> anyhow::Result<Reply> {
        let lang = self
            .asker_lang(&req.actor.id, req.via.locale.as_deref())
            .await;
        let mut tx = self.store.read().await?;
        let page = page.unwrap_or(1).saturating_sub(1);
        let audience = Asker::of(req).audience(req.guild.as_deref(), &req.channel);
        games_page(
            &mut tx,
            req.guild.as_deref(),
            &req.channel,
            audience,
            page,
            &lang,
        )
        .await
    }

    /// `/aq export [game:<id>]`: the game record as a JSON file, the same
    /// bytes as the terminal's `export`.
    pub(super) async fn export(&self, req: &Request, game: Option<i64>) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(req.guild.as_deref(), &req.channel, game, Asker::of(req))
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
        let mut reply = Reply::private_info(
            Text::msg("export-made")
                .arg("game", game_id.to_string())
                .arg("status", status_word(loaded.row.status))
                .arg("moves", loaded.log.len()),
        );
        reply.files.push(Attachment {
            name: format!("aquaretto-game-{game_id}.json"),
            bytes,
            alt: Text::empty(),
        });
        reply.game_id = Some(game_id);
        Ok(reply)
    }

    /// The table as it was right after move `n`, with what that move did,
    /// and buttons to step to the moves before and after.
    async fn history_move(&self, loaded: &Loaded, n: u32, lang: &Lang) -> Reply {
        let game_id = loaded.row.id;
        let total = loaded.log.len();
        let i = n as usize;
        if i == 0 || i > total {
            return Reply::refused(if total == 0 {
                Text::msg("history-no-moves").arg("game", game_id.to_string())
            } else {
                Text::msg("history-move-range")
                    .arg("game", game_id.to_string())
                    .arg("total", total)
            });
        }
        let names = loaded.names();
        let m = &loaded.log[i - 1];
        let who = names.get(m.seat).map_or("?", String::as_str);
        let (after, events) = match loaded.after_entry(i) {
            Ok(after) => after,
            Err(damage) => return damaged(game_id, &damage),
        };
        let head = match parse_rfc3339(&m.at) {
            Some(at) => Text::msg("history-move-when").arg("when", Arg::Time(at)),
            None => Text::msg("history-move"),
        };
        let mut text = head
            .arg("game", game_id.to_string())
            .arg("n", i)
            .arg("total", total)
            .arg("name", who)
            .arg("command", m.command.clone());
        if loaded.withdrawn().contains(&m.seq) {
            text = text.then(Text::msg("history-taken-back-later"));
        }
        for e in crate::lang::engine::told(&events, &names) {
            text = text.then_line(e);
        }
        if events.contains(&Event::GameOver) {
            let standings = loaded.standings(&after);
            text = text.then_line(crate::lang::engine::game_over(&standings, &names));
        }
        let mut reply = Reply::private_info(text);
        reply.board = Some(crate::view::text_table::table(
            &loaded.shown(&after, lang),
            lang,
        ));
        self.paint_table(&mut reply, loaded, &after, &events).await;
        reply.controls = Some(controls::history_move_panel(
            game_id,
            loaded.seq(),
            n,
            total as u32,
            lang,
        ));
        reply.game_id = Some(game_id);
        reply
    }
}

/// A stored time, said its front end's way; nothing when it does not read.
fn when(at: &str) -> Text {
    parse_rfc3339(at).map_or_else(Text::empty, |t| {
        Text::msg("history-when").arg("when", Arg::Time(t))
    })
}

/// A game's state in a word, as lists of games say it.
fn status_word(status: GameStatus) -> Text {
    Text::msg(match status {
        GameStatus::Lobby => "replay-status-lobby",
        GameStatus::Running => "replay-status-running",
        GameStatus::Finished => "replay-status-finished",
        GameStatus::Abandoned => "replay-status-abandoned",
    })
}

/// The number of pages for `entries` entries, `per_page` a page (at least 1).
fn pages(entries: usize, per_page: usize) -> u32 {
    entries.div_ceil(per_page).max(1) as u32
}

/// Page `page` (0 the newest) of a game's log, oldest first on the page:
/// each move numbered, with what it did in the engine's sentences and when;
/// taken-back moves struck through, undos and automatic moves said so; its
/// buttons in `lang`.
pub fn history_page(loaded: &Loaded, page: u32, lang: &Lang) -> Reply {
    let game_id = loaded.row.id;
    let total = loaded.log.len();
    let count = pages(total, HISTORY_PAGE);
    if page >= count {
        return Reply::refused(
            Text::msg("history-pages")
                .arg("game", game_id.to_string())
                .arg("count", count),
        );
    }
    let end = total - page as usize * HISTORY_PAGE;
    let start = end.saturating_sub(HISTORY_PAGE);
    let mut lines = vec![if total == 0 {
        Text::msg("history-page-empty")
            .arg("game", game_id.to_string())
            .arg("status", status_word(loaded.row.status))
    } else {
        Text::msg("history-page")
            .arg("game", game_id.to_string())
            .arg("status", status_word(loaded.row.status))
            .arg("from", start + 1)
            .arg("to", end)
            .arg("total", total)
            .arg("page", page + 1)
            .arg("count", count)
    }];
    let names = loaded.table_names();
    for told in told_entries(loaded, start..end) {
        let mut said = within(&told, &names, lang);
        if told.withdrawn {
            said = said
                .marked(Emphasis::Struck)
                .then(Text::msg("history-taken-back"));
        }
        if told.auto {
            said = said.then(Text::msg("history-auto"));
        }
        let at = loaded.log.get(told.n - 1).map_or("", |m| m.at.as_str());
        lines.push(
            Text::Raw(format!("{}.", told.n))
                .marked(Emphasis::Strong)
                .then(said)
                .then(when(at)),
        );
    }
    if total > 0 {
        lines.push(Text::msg("history-see-move"));
    }
    let mut reply = Reply::private_info(Text::lines(lines));
    reply.controls = Some(controls::history_panel(
        game_id,
        loaded.seq(),
        page,
        count,
        lang,
    ));
    reply.game_id = Some(game_id);
    reply
}

/// A history page's words with its last line, the hint to look at a move,
/// as the terminal types it.
fn terminal_hint(words: Text) -> Text {
    match words {
        Text::Join { mut parts, with } => {
            if let Some(last) = parts.last_mut() {
                if *last == Text::msg("history-see-move") {
                    *last = Text::msg("history-see-move-terminal");
                }
            }
            Text::Join { parts, with }
        }
        other => other,
    }
}

/// One entry of a game's log, told: the one narration of the past, which
/// the history pages and the web page's list of moves share.
#[derive(Debug, Clone)]
pub struct Told {
    /// Its number in the log, from 1.
    pub n: usize,
    /// What it did, a sentence each: a move's events (its command when they
    /// say nothing), or the move an undo took back.
    pub said: Vec<Text>,
    /// The game's end, when this move ended it.
    pub over: Option<Text>,
    /// A later undo took it back.
    pub withdrawn: bool,
    /// The computer chose it for a person (away, or voted out); never a
    /// computer player's own move.
    pub auto: bool,
}

impl Told {
    /// Every sentence, the game's end last.
    pub fn all(&self) -> Text {
        Text::words(self.said.iter().chain(&self.over).cloned().collect())
    }
}

/// The entries `range` of a game's log, told in the game's words from the
/// stored log alone (replayed once, again only after an undo), with the
/// stored names: a reply names the table's computer players for its reader.
pub fn told_entries(loaded: &Loaded, range: std::ops::Range<usize>) -> Vec<Told> {
    let names = loaded.names();
    let withdrawn = loaded.withdrawn();
    let mut game = loaded.replay_to(range.start).ok();
    let mut out = Vec::with_capacity(range.len());
    for (i, m) in loaded
        .log
        .iter()
        .enumerate()
        .take(range.end)
        .skip(range.start)
    {
        let who = names.get(m.seat).map_or("?", String::as_str);
        let (said, over) = match &m.entry {
            Entry::Move(action) => {
                let events = game
                    .as_mut()
                    .and_then(|g: &mut Game| g.apply(m.seat, action).ok())
                    .unwrap_or_default();
                let (over, events): (Vec<Event>, Vec<Event>) = events
                    .into_iter()
                    .partition(|e| matches!(e, Event::GameOver));
                let said = crate::lang::engine::told(&events, &names);
                let said = if said.is_empty() {
                    vec![Text::msg("history-move-plain")
                        .arg("name", who)
                        .arg("command", m.command.trim_start_matches("/aq "))]
                } else {
                    said
                };
                // Who won, as the standings of that position say.
                let over = match (over.is_empty(), game.as_ref()) {
                    (false, Some(g)) => {
                        Some(crate::lang::engine::game_over(&loaded.standings(g), &names))
                    }
                    _ => None,
                };
                (said, over)
            }
            Entry::Undo { of } => {
                game = loaded.replay_to(i + 1).ok();
                let undo = Text::msg("history-undo").arg("name", who).arg("seq", *of);
                (vec![undo], None)
            }
        };
        out.push(Told {
            n: i + 1,
            said,
            over,
            withdrawn: withdrawn.contains(&m.seq),
            auto: m.auto.is_some()
                && loaded
                    .seats
                    .get(m.seat)
                    .is_some_and(|s| super::loaded::computer(s).is_none()),
        });
    }
    out
}

/// An entry's sentences as a line of the history in `lang`: whole
/// sentences while they fit in [`MAX_ENTRY`] characters, then "…", and
/// the game's end always (the line is measured in the reader's language,
/// with the table's names as they read them).
fn within(told: &Told, names: &Names, lang: &Lang) -> Text {
    let length = |t: &Text| plain(lang, t).chars().count();
    let over = told.over.clone().map(|o| names.in_text(o));
    let room = MAX_ENTRY
        .saturating_sub(over.as_ref().map_or(0, |o| length(o) + 1))
        .max(20);
    let mut kept: Vec<Text> = Vec::new();
    let mut used = 0;
    for sentence in &told.said {
        let sentence = names.in_text(sentence.clone());
        let more = length(&sentence) + usize::from(!kept.is_empty());
        if !kept.is_empty() && used + more > room {
            kept.push(Text::Raw("…".into()));
            break;
        }
        used += more;
        kept.push(sentence);
    }
    kept.extend(over);
    Text::words(kept)
}

/// Page `page` (0 the newest) of the server's games: players with their
/// scores, the winner, the round for a running game, and dates.
pub(super) async fn games_page(
    tx: &mut Tx,
    guild: Option<&str>,
    channel: &str,
    audience: Audience<'_>,
    page: u32,
    lang: &Lang,
) -> anyhow::Result<Reply> {
    let total = store::count_games(tx, guild, channel, audience).await?;
    Ok(
        games_page_of(tx, guild, channel, audience, total, page, lang)
            .await?
            .0,
    )
}

/// [`games_page`] of a place whose games `audience` may see number
/// `total` (counted once by the caller), with the ids of the games shown.
pub(super) async fn games_page_of(
    tx: &mut Tx,
    guild: Option<&str>,
    channel: &str,
    audience: Audience<'_>,
    total: i64,
    page: u32,
    lang: &Lang,
) -> anyhow::Result<(Reply, Vec<i64>)> {
    if total == 0 {
        return Ok((Reply::private_info(Text::msg("games-none")), Vec::new()));
    }
    let all = pages(total as usize, GAMES_PAGE);
    let count = all.min(LISTED_PAGES as u32);
    if page >= count {
        let refusal = if all > count {
            Text::msg("games-pages-newest")
                .arg("count", count)
                .arg("listed", count as usize * GAMES_PAGE)
        } else {
            Text::msg("games-pages").arg("count", count)
        };
        return Ok((Reply::refused(refusal), Vec::new()));
    }
    let rows = store::list_games(
        tx,
        guild,
        channel,
        audience,
        GAMES_PAGE as i64,
        page as i64 * GAMES_PAGE as i64,
    )
    .await?;
    let mut lines = vec![Text::msg(if guild.is_some() {
        "games-heading-server"
    } else {
        "games-heading-here"
    })
    .arg("page", page + 1)
    .arg("count", count)
    .arg("total", total)];
    for row in &rows {
        let seats = store::seats(tx, row.id).await?;
        let game: Option<Game> = row
            .snapshot
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        let names = super::table_names(&seats);
        let players: Vec<Text> = seats
            .iter()
            .map(|s| match &game {
                Some(g) if row.status != GameStatus::Lobby => Text::Join {
                    parts: vec![
                        names.text(s.seat),
                        Text::Raw(format!("({})", g.score(s.seat).total)),
                    ],
                    with: std::borrow::Cow::Borrowed(" "),
                },
                _ => names.text(s.seat),
            })
            .collect();
        let mut line = Text::Raw(format!("#{}", row.id))
            .marked(Emphasis::Strong)
            .then(status_word(row.status));
        if row.practice {
            line = line.then(Text::msg("games-practice"));
        }
        if guild.is_some() {
            line = line.then(
                Text::msg("games-in-channel").arg("channel", Arg::Channel(row.channel.clone())),
            );
        }
        line = line.then(if players.is_empty() {
            Text::msg("games-nobody-seated")
        } else {
            Text::msg("games-players").arg("players", super::language::listed(players))
        });
        if let Some(w) = &row.winners {
            let winners = crate::lang::engine::and_list(
                w.iter()
                    .map(|n| names.in_text(Text::Raw(n.clone())))
                    .collect(),
            );
            line = line.then(Text::msg("games-won-by").arg("winners", winners));
        }
        if let (GameStatus::Running, Some(g)) = (row.status, &game) {
            line = line.then(
                Text::msg("games-round")
                    .arg("round", g.round())
                    .arg("move", row.move_count),
            );
        }
        let started = row.started_at.as_deref().unwrap_or(&row.created_at);
        line = line.then(Text::msg("games-started").arg("when", when(started)));
        if let Some(ended) = &row.ended_at {
            line = line.joined_tight(Text::msg("games-ended").arg("when", when(ended)));
        }
        lines.push(line);
    }
    let mut reply = Reply::private_info(Text::lines(lines));
    reply.controls = Some(controls::games_panel(page, count, lang));
    Ok((reply, rows.iter().map(|r| r.id).collect()))
}

/// Who looks at the past: a game of another channel is shown them only
/// if they may see it (see [`past_game`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Asker<'a> {
    pub user: &'a str,
    /// Sees every channel of the server (Discord's Administrator).
    pub sees_all: bool,
}

impl<'a> Asker<'a> {
    pub(super) fn of(req: &'a Request) -> Asker<'a> {
        Asker {
            user: &req.actor.id,
            sees_all: req.via.sees_every_channel,
        }
    }

    /// The games of a server's list they may see: all of them outside a
    /// server or for one who sees every channel; else those of channels
    /// every member sees, of this channel, and those they played in.
    pub(super) fn audience(self, guild: Option<&str>, channel: &'a str) -> Audience<'a> {
        if guild.is_none() || self.sees_all {
            Audience::All
        } else {
            Audience::Member {
                channel,
                user: self.user,
            }
        }
    }
}

/// The row of the game a look is about (see [`Referee::past_loaded`]). A
/// game by number must be of the asker's server (outside one, of this
/// channel); one of another channel is shown only to who can be sure to
/// see that channel: the channel is one every member of the server sees,
/// the asker played in the game, or sees every channel. Discord tells a
/// member's permissions for the channel they ask from only, so another
/// channel the asker may see through their roles is still refused: they
/// look from there.
async fn past_game(
    tx: &mut Tx,
    guild: Option<&str>,
    channel: &str,
    id: Option<i64>,
    asker: Asker<'_>,
) -> anyhow::Result<Result<GameRow, Reply>> {
    if let Some(id) = id {
        let row = match store::game_by_id(tx, id).await? {
            Some(row)
                if row.guild.as_deref() == guild && (guild.is_some() || row.channel == channel) =>
            {
                row
            }
            _ => {
                return Ok(Err(Reply::refused(
                    Text::msg("history-no-such-game").arg("game", id.to_string()),
                )))
            }
        };
        if row.channel == channel || asker.sees_all {
            return Ok(Ok(row));
        }
        if store::channel_public(tx, &row.channel).await? == Some(true) {
            return Ok(Ok(row));
        }
        let played = store::seats(tx, row.id)
            .await?
            .iter()
            .any(|s| s.user_id == asker.user);
        if played {
            return Ok(Ok(row));
        }
        return Ok(Err(Reply::refused(
            Text::msg("history-channel-hidden")
                .arg("game", id.to_string())
                .arg("channel", Arg::Channel(row.channel.clone())),
        )));
    }
    if let Some(row) = store::open_game(tx, channel).await? {
        return Ok(Ok(row));
    }
    Ok(match store::latest_game(tx, channel).await? {
        Some(row) => Ok(row),
        None => Err(Reply::refused(Text::msg("history-no-game-here"))),
    })
}
