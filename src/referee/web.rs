//! What the web pages ask of the referee: a game as the page shows it (read
//! in one transaction, nothing changed), a move clicked on a page (the same
//! path as every command, its channel message sent through the outbox), the
//! generations that revoke links, and the news that a game moved.
//!
//! The referee knows no address and signs nothing: a reply names the pages
//! it would link to ([`WebAsk`]) and the front end that can make links
//! makes them.

use super::drawing::{DrawFailed, Lane};
use super::replay::NoReplay;
use super::{damaged, Front, Loaded, Reply, Request, Via};
use super::{Actor, Referee};
use crate::command::Command;
use crate::engine::{Game, Seat};
use crate::lang::{Lang, Text};
use crate::store::{self, GameStatus};
use crate::view::places::Places;

/// A web page's picture: drawn, none to draw, or not now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebDrawn {
    Drawn(Vec<u8>),
    /// Nothing to show there (no painter, no such picture, or it failed:
    /// logged).
    Nothing,
    /// Too many pages' pictures wait to be drawn: ask again soon.
    Busy,
}

impl WebDrawn {
    /// What a drawing of `what` came to.
    pub(super) fn of(drawn: Result<anyhow::Result<Vec<u8>>, DrawFailed>, what: &str) -> WebDrawn {
        match drawn {
            Ok(Ok(png)) => WebDrawn::Drawn(png),
            Ok(Err(e)) => {
                tracing::warn!("could not draw {what}: {e:#}");
                WebDrawn::Nothing
            }
            Err(DrawFailed::Busy) => WebDrawn::Busy,
            Err(e) => {
                tracing::error!("drawing {what} failed: {e}");
                WebDrawn::Nothing
            }
        }
    }
}

/// A web page a reply would link to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebAsk {
    /// A game's page, for anyone who can see the message.
    Watch(i64),
    /// A game's page with its moves clickable, for one person.
    Play { game: i64, user: String },
    /// A server's games and leaderboard.
    Server(String),
}

/// Makes the links to the web pages a reply asks for ([`WebAsk`]): the web
/// front end, handed to the others by the composition root, so that no
/// front end knows another.
pub trait Links: Send + Sync {
    /// The address of the page `ask` names, signed.
    fn url<'a>(
        &'a self,
        ask: &'a WebAsk,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = anyhow::Result<String>> + Send + 'a>>;
    /// What a button leading there says, in `lang`.
    fn label(&self, ask: &WebAsk, lang: &Lang) -> String;
}

/// The scope of every link to a game.
pub fn game_scope(game: i64) -> String {
    format!("game:{game}")
}

/// The scope of one person's links to play a game.
pub fn player_scope(game: i64, user: &str) -> String {
    format!("player:{game}:{user}")
}

/// The scope of the links to a server's page.
pub fn server_scope(guild: &str) -> String {
    format!("server:{guild}")
}

/// A game as its page shows it.
#[derive(Debug, Clone)]
pub struct WebGame {
    /// The game as loaded: its position now is `loaded.game`.
    pub loaded: Loaded,
    /// Each entry of the log: what it did, in the game's words, and
    /// whether a later undo took it back.
    pub moves: Vec<WebMove>,
    /// Its review, once it is over (see `review`); `None` before.
    pub review: Option<WebReview>,
    /// Each person's clock now, in a game with one.
    pub clocks: Option<Text>,
}

/// A finished game's review as its page shows it.
#[derive(Debug, Clone)]
pub enum WebReview {
    /// Not written yet: under way.
    Preparing,
    /// Its head, then each reviewed player's line and costliest decisions
    /// (the move's number in the log, the decision in words, and what its
    /// picture shows in words).
    Ready {
        head: Text,
        players: Vec<(Text, Vec<WebDecision>)>,
    },
}

/// A reviewed decision on a finished game's page: the move's number in the
/// log, the decision in words, and what its picture shows in words.
pub type WebDecision = (u32, Text, Text);

/// One entry of a game's log on its page.
#[derive(Debug, Clone)]
pub struct WebMove {
    pub n: usize,
    pub said: Text,
    pub withdrawn: bool,
    pub auto: bool,
}

impl Referee {
    /// The generations of these scopes, in order.
    pub async fn web_generations(&self, scopes: &[String]) -> anyhow::Result<Vec<i64>> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::with_capacity(scopes.len());
        for scope in scopes {
            out.push(store::web_generation(&mut tx, scope).await?);
        }
        Ok(out)
    }

    /// The secret links are signed with when the operator sets none: the
    /// stored one, or `fresh`, stored now.
    pub async fn web_secret(&self, fresh: &str) -> anyhow::Result<String> {
        let mut tx = self.store.write().await?;
        let secret = store::web_secret(&mut tx, fresh).await?;
        tx.commit().await?;
        Ok(secret)
    }

    /// Told whenever a game may have moved (its id): the pages that show it
    /// look again.
    pub fn moves(&self) -> tokio::sync::broadcast::Receiver<i64> {
        self.moved.subscribe()
    }

    /// Tells the pages that a game moved: this process's at once, the
    /// other processes' on the same PostgreSQL through it.
    pub(super) fn moved(&self, game: i64) {
        // Nobody listening is no failure.
        let _ = self.moved.send(game);
        if self.store.backend() == crate::store::Backend::Postgres {
            let store = self.store.clone();
            let payload = format!("{}:{game}", self.teller);
            tokio::spawn(async move {
                if let Err(e) = store.announce_move(&payload).await {
                    tracing::warn!("cannot tell the other processes of a move: {e:#}");
                }
            });
        }
    }

    /// Hears the moves other processes on the same PostgreSQL announce and
    /// tells this process's pages, for as long as the referee lives; on
    /// SQLite, nothing (one process). A lost connection is made again.
    pub fn follow_other_processes(self: &std::sync::Arc<Self>) {
        if self.store.backend() != crate::store::Backend::Postgres {
            return;
        }
        let referee = std::sync::Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let Some(this) = referee.upgrade() else {
                    return;
                };
                let listener = this.store.listen_moves().await;
                let teller = this.teller.clone();
                let moved = this.moved.clone();
                drop(this);
                let mut listener = match listener {
                    Ok(Some(listener)) => listener,
                    Ok(None) => return,
                    Err(e) => {
                        tracing::warn!("cannot hear other processes' moves: {e:#}");
                        tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                        continue;
                    }
                };
                loop {
                    match listener.recv().await {
                        Ok(told) => {
                            let Some((who, game)) = told.payload().split_once(':') else {
                                continue;
                            };
                            if who == teller {
                                continue;
                            }
                            if let Ok(game) = game.parse::<i64>() {
                                let _ = moved.send(game);
                            }
                            if referee.strong_count() == 0 {
                                return;
                            }
                        }
                        Err(e) => {
                            tracing::warn!("lost other processes' moves, listening again: {e:#}");
                            break;
                        }
                    }
                }
            }
        });
    }

    /// A game by id with every entry of its log said, for its page; `None`
    /// when there is no such game.
    pub async fn web_game(&self, game_id: i64) -> anyhow::Result<Option<Result<WebGame, Reply>>> {
        let loaded = match self.find_game(Some(game_id), None).await? {
            None => return Ok(None),
            Some(Ok(loaded)) => loaded,
            Some(Err(damage)) => return Ok(Some(Err(damaged(game_id, &damage)))),
        };
        let moves = said_moves(&loaded);
        let review = self.web_review(&loaded).await?;
        let clocks = super::clocks::clocks_line(&loaded, self.clock.now());
        Ok(Some(Ok(WebGame {
            loaded,
            moves,
            review,
            clocks,
        })))
    }

    /// A game by id as loaded, for what needs no more than its log (a
    /// picture): nothing said, no review read; `None` when there is no
    /// such game.
    pub async fn web_loaded(&self, game_id: i64) -> anyhow::Result<Option<Result<Loaded, Reply>>> {
        Ok(match self.find_game(Some(game_id), None).await? {
            None => None,
            Some(Ok(loaded)) => Some(Ok(loaded)),
            Some(Err(damage)) => Some(Err(damaged(game_id, &damage))),
        })
    }

    /// The table's picture after entry `n` of the log, in the game's
    /// language, with what that move changed marked and its description,
    /// drawn as a reply's (a table letter's picture).
    pub(super) async fn web_picture(&self, loaded: &Loaded, n: usize) -> Option<super::Picture> {
        let (game, events) = loaded.after_entry(n.min(loaded.log.len())).ok()?;
        let mut reply = Reply::default();
        self.paint_table(&mut reply, loaded, &game, &events).await;
        reply.pictures.into_iter().next()
    }

    /// The web pages' pictures (replays too) not drawn because their page
    /// went before their turn, so far.
    pub fn web_pictures_abandoned(&self) -> u64 {
        self.drawers.abandoned() + self.replayers.abandoned()
    }

    /// [`Referee::web_picture`] for a web page: drawn after every reply's
    /// picture, refused when too many pages' pictures wait (see
    /// `drawing`).
    pub async fn page_picture(&self, loaded: &Loaded, n: usize) -> WebDrawn {
        let Ok((game, events)) = loaded.after_entry(n.min(loaded.log.len())) else {
            return WebDrawn::Nothing;
        };
        let Some(painter) = self.painter.clone() else {
            return WebDrawn::Nothing;
        };
        let note = super::play::note(loaded, &game);
        let drawn = self
            .drawers
            .draw_in(Lane::Web, move || painter.table_noted(&game, &events, note))
            .await;
        WebDrawn::of(drawn, "a page's table")
    }

    /// A finished game's score card for its page (as the final message
    /// carries it); nothing while the game is not over, or when it cannot
    /// be drawn.
    pub async fn web_score_card(&self, loaded: &Loaded) -> WebDrawn {
        let (Some(card), Some(painter)) = (loaded.score_card(), self.painter.clone()) else {
            return WebDrawn::Nothing;
        };
        let lang = loaded.row.lang.clone();
        let drawn = self
            .drawers
            .draw_in(Lane::Web, move || painter.score_card(&card, &lang))
            .await;
        WebDrawn::of(drawn, "a page's score card")
    }

    /// A move clicked on a game's page by `user`, made for the log at length
    /// `seq`: through the same path as a slash command (refused as stale
    /// when the game has moved on, and as over when the channel's game is
    /// no longer this one, both checked in the move's write transaction),
    /// and when accepted its channel gets the public message any move
    /// gets, through the outbox.
    pub async fn web_move(
        &self,
        game_id: i64,
        user: &str,
        command: Command,
        seq: i64,
        locale: Option<String>,
    ) -> anyhow::Result<Reply> {
        let row = {
            let mut tx = self.store.read().await?;
            store::game_by_id(&mut tx, game_id).await?
        };
        let Some(row) = row else {
            return Ok(Reply::refused(Text::msg("press-no-game")));
        };
        if row.status != GameStatus::Running {
            return Ok(Reply::refused(Text::msg("web-game-not-running")));
        }
        if let Some(pause) = row.paused {
            return Ok(Reply::refused(super::reach::pause_text(pause)));
        }
        if !(command.is_move() || command == Command::Undo) {
            return Ok(Reply::refused(Text::msg("web-not-a-move")));
        }
        let seats = {
            let mut tx = self.store.read().await?;
            store::seats(&mut tx, game_id).await?
        };
        let name = seats
            .iter()
            .find(|s| s.user_id == user)
            .map(|s| s.name.clone());
        let req = Request {
            channel: row.channel.clone(),
            guild: row.guild.clone(),
            actor: Actor {
                id: user.to_string(),
                name: name.unwrap_or_else(|| user.to_string()),
                manages_channel: false,
            },
            command,
            via: Via {
                front: Front::Web,
                locale,
                game: Some(game_id),
                ..Via::default()
            },
        };
        let reply = self.handle_at(req, Some(seq)).await;
        if reply.accepted && !reply.private {
            self.release_held(&reply).await?;
        }
        Ok(reply)
    }

    /// `/aq web reset`: the game's creator or a channel manager makes every
    /// link to the channel's game stop working; a player, their own links
    /// to play it.
    pub(super) async fn web_reset(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = self.store.write_in(&req.channel).await?;
        let row = match store::open_game(&mut tx, &req.channel).await? {
            Some(row) => Some(row),
            None => store::latest_game(&mut tx, &req.channel).await?,
        };
        let Some(row) = row else {
            return Ok(Reply::refused(Text::msg("play-no-game")));
        };
        let game = row.id.to_string();
        let reply = if row.creator == req.actor.id || req.actor.manages_channel {
            store::next_web_generation(&mut tx, &game_scope(row.id)).await?;
            Reply::private_info(Text::msg("web-reset-game").arg("game", game))
        } else if store::seats(&mut tx, row.id)
            .await?
            .iter()
            .any(|s| s.user_id == req.actor.id)
        {
            store::next_web_generation(&mut tx, &player_scope(row.id, &req.actor.id)).await?;
            Reply::private_info(Text::msg("web-reset-mine").arg("game", game))
        } else {
            return Ok(Reply::refused(Text::msg("web-reset-who").arg("game", game)));
        };
        tx.commit().await?;
        // The pages look again: a revoked link's open pages stop following.
        self.moved(row.id);
        let mut reply = reply;
        reply.game_id = Some(row.id);
        Ok(reply)
    }
}

impl Referee {
    /// `/aq web reset what:server`: those who may manage the server make
    /// every link to its page stop working.
    pub(super) async fn web_reset_server(&self, req: &Request) -> anyhow::Result<Reply> {
        let Some(guild) = &req.guild else {
            return Ok(Reply::refused(Text::msg("web-reset-no-server")));
        };
        if !req.via.manages_server {
            return Ok(Reply::refused(Text::msg("web-reset-server-who")));
        }
        let mut tx = self.store.write().await?;
        store::next_web_generation(&mut tx, &server_scope(guild)).await?;
        tx.commit().await?;
        Ok(Reply::private_info(Text::msg("web-reset-server")))
    }
}

/// A server's page: its games (a page of them) and its leaderboard.
#[derive(Debug, Clone)]
pub struct WebServer {
    /// The lines of `/aq past games` for that page.
    pub games: Text,
    /// The games of that page, newest first.
    pub ids: Vec<i64>,
    /// The lines of `/aq past stats`.
    pub stats: Text,
    /// The season under way, as `/season` says it; `None` when the
    /// server's seasons are off.
    pub season: Option<Text>,
    /// The standings of its newest tournaments (of channels every member
    /// sees), as `tournament standings` says them, newest first.
    pub tournaments: Vec<Text>,
    pub pages: u32,
}

/// Tournaments the server's page shows, the newest.
const SERVER_TOURNAMENTS: i64 = 3;

/// Games on a page of the server's page, as `/aq past games` pages them.
const SERVER_PAGE: i64 = super::history::GAMES_PAGE as i64;

impl Referee {
    /// A server's games (page `page`, 0 the newest) and its leaderboard,
    /// as `/aq past games` and `/aq past stats` say them there.
    pub async fn web_server(
        &self,
        guild: &str,
        page: u32,
        lang: &Lang,
    ) -> anyhow::Result<WebServer> {
        let req = Request {
            channel: String::new(),
            guild: Some(guild.to_string()),
            actor: Actor {
                id: String::new(),
                name: String::new(),
                manages_channel: false,
            },
            command: Command::Stats { player: None },
            via: Via::default(),
        };
        let stats = self.stats(&req, None).await?.words;
        let season = self
            .current_season(&store::scope_key(Some(guild), ""))
            .await?
            .map(|view| {
                let current = view.season;
                super::season_text(&view, Text::msg("stats-this-server"), current)
            });
        let shown = {
            let mut tx = self.store.read().await?;
            store::public_tournaments(&mut tx, guild, SERVER_TOURNAMENTS).await?
        };
        let mut tournaments = Vec::with_capacity(shown.len());
        for row in &shown {
            tournaments.extend(self.tournament_standings_text(row).await?);
        }
        let mut tx = self.store.read().await?;
        // Anyone with the link may read it, in the server or not: only the
        // games of channels every member sees.
        let everyone = store::Audience::Everyone;
        // Counted and listed once: the count is the statement of the page
        // that follows the server's games (an index entry a game).
        let total = store::count_games(&mut tx, Some(guild), "", everyone).await?;
        let pages = ((total.max(1) as u64).div_ceil(SERVER_PAGE as u64) as u32)
            .min(super::history::LISTED_PAGES as u32);
        let page = page.min(pages.saturating_sub(1));
        let (games, ids) =
            super::history::games_page_of(&mut tx, Some(guild), "", everyone, total, page, lang)
                .await?;
        let games = games.words;
        Ok(WebServer {
            games,
            ids,
            stats,
            season,
            tournaments,
            pages,
        })
    }

    /// The whole game as an animated GIF, as `/aq past replay` makes it
    /// (at most Discord's default upload limit), drawn after every
    /// `/aq replay`'s.
    pub async fn web_replay(&self, loaded: &Loaded) -> WebDrawn {
        if loaded.row.status == GameStatus::Lobby || loaded.game.is_none() {
            return WebDrawn::Nothing;
        }
        let made = self
            .draw_replay(
                loaded,
                crate::command::ReplaySpeed::Normal,
                super::replay::REPLAY_LIMIT,
                Lane::Web,
            )
            .await;
        match made {
            Ok((made, _)) => WebDrawn::Drawn(made.gif),
            Err(NoReplay::Busy) => WebDrawn::Busy,
            Err(NoReplay::Refused(_)) => WebDrawn::Nothing,
        }
    }

    /// The seat that may take back the last move now, as the table's
    /// controls offer it.
    pub fn web_undo_seat(loaded: &Loaded, game: &Game) -> Option<Seat> {
        super::play::undo_seat(loaded, game)
    }

    /// What the table's picture of `game`, a position of `loaded`, shows
    /// beyond the position.
    pub(super) fn web_note(loaded: &Loaded, game: &Game) -> super::TableNote {
        super::play::note(loaded, game)
    }

    /// Where things are on the picture of the table `game` of `loaded`, as
    /// the painter draws it: the places a page makes clickable. `None`
    /// without a painter, or when they cannot be measured (logged).
    pub fn table_places(&self, loaded: &Loaded, game: &Game) -> Option<Places> {
        let painter = self.painter.as_ref()?;
        match painter.places(game, &Referee::web_note(loaded, game)) {
            Ok(places) => Some(places),
            Err(e) => {
                tracing::warn!("no places on the table's picture: {e:#}");
                None
            }
        }
    }
}

/// Every entry of a game's log said in the game's words: the history's
/// narration ([`super::history::told_entries`]), every sentence of each
/// entry, with the table's computer players named for the reader.
fn said_moves(loaded: &Loaded) -> Vec<WebMove> {
    let names = loaded.table_names();
    super::history::told_entries(loaded, 0..loaded.log.len())
        .into_iter()
        .map(|told| WebMove {
            n: told.n,
            said: names.in_text(told.all()),
            withdrawn: told.withdrawn,
            auto: told.auto,
        })
        .collect()
}
