//! The one path every front end takes: (channel, acting user, command) -> reply.
//!
//! The referee parses nothing from Discord and draws nothing itself. For each
//! command it loads the channel's game, checks who may act, applies, stores and
//! answers, all in one database transaction (moves and lobby changes hold the
//! write lock from the start, so racing commands run one after the other and
//! each sees the other's result). A refused command changes nothing.
//!
//! A game is loaded by replaying its move log, the truth: its cached
//! snapshot, if it cannot be read or disagrees, is only logged and written
//! again by the next move. If an entry of the log cannot be read or no
//! longer applies, the game is damaged: the referee logs it loudly and
//! refuses to play on.
//!
//! Its files, by what they answer:
//! - this file: the [`Referee`] and [`Referee::handle`], which dispatches a
//!   command (every command named: a new one does not compile until it is
//!   sent somewhere) and gives its reply a language (`language.rs`: the
//!   game's in public, the asker's in private).
//! - The front ends' contract: `contract.rs` ([`Request`], [`Via`],
//!   [`Actor`], [`Reply`] with its [`Picture`]s and [`Attachment`]s);
//!   `loaded.rs` ([`Loaded`], a game as loaded and replayed, its rows read
//!   through methods; [`Damage`]; its seats' computer players and names);
//!   `painter.rs` (the [`Painter`] port the pictures are asked of).
//! - The table's setup: `lobby.rs` (new, join, leave, start, abandon, addbot,
//!   removebot; a chosen seed or deck makes a practice game), `rematch.rs`
//!   (a new game after a finished one, the seats turned).
//! - Tournaments: `tournaments.rs` (a channel's tournament opened, its
//!   sign-up, its start, its standings, its end), `rounds.rs` (a started
//!   tournament's rounds run on: tables dealt, games played out at the
//!   deadline, rounds closed, the tournament finished), `places.rs` (the
//!   [`Places`] port each table's place comes from), `tournament_text.rs`
//!   (a tournament's title and standings as its messages say them).
//! - Seasons: `seasons.rs` (a place's leaderboard by month or quarter,
//!   ratings carried on, past seasons kept; the length it chose).
//! - Moves: `play.rs` (apply, append, commit, answer with the table and its
//!   controls; undo), `auto.rs` (computer seats play at once after a move),
//!   `press.rs` (a control's id checked against the stored game, then the
//!   command it stands for, or a private panel), `once.rs` (a request's
//!   transaction records its interaction id: a copy is refused), `held.rs`
//!   (the channel message a move owes, held until its answer is shown).
//! - Looks: `look.rs` and `look/moves.rs` (board, zoo, score, the numbered
//!   moves), `history.rs` (the past, told from the stored log in the reader's
//!   language), `replay.rs` (the whole game as a GIF from the painter),
//!   `review.rs` (each player's costliest decisions, judged in the
//!   background once the game is over and stored once),
//!   `stats.rs` (results written when a game ends; the server's figures),
//!   `ratings.rs` (each finished game rated), `pace.rs` (each person's move
//!   timed, its time read again from the log),
//!   `hint.rs` (the strong player's move, nothing stored), `help.rs` (help
//!   and rules), `autocomplete.rs` (what a player may type next),
//!   `record.rs` (the game record as JSON).
//! - Waiting: `waiting.rs` (settings, nudge, mygames, notify, kick),
//!   `turns.rs` (each turn's reminder and automatic times, reminders turned
//!   into letters), `clocks.rs` (each seat's clock kept and shown), `letters.rs` (letters handed out and what became of them,
//!   [`Delivery`]), `courier.rs` (the [`Courier`] port letters leave by),
//!   `reach.rs` (a game that waits for its channel, and goes on).
//! - Beside: `web.rs` (a game as its page shows it, moves clicked there, the
//!   [`Links`] port), `views.rs` (who may see the channels that hold games),
//!   `describe.rs` (what each picture shows in words, and `board text`),
//!   `drawing.rs` (pictures drawn on threads of their own),
//!   `trouble.rs` (what a player is told when something fails on our side),
//!   `copy.rs` (two stores compared game by game), `gate.rs` (processes
//!   connecting to Discord one at a time).

mod auto;
pub mod autocomplete;
mod clocks;
mod contract;
mod copy;
mod courier;
mod describe;
mod drawing;
mod gate;
mod held;
mod help;
mod hint;
mod history;
mod language;
mod letters;
mod loaded;
mod lobby;
mod look;
mod once;
mod pace;
mod painter;
mod places;
mod play;
mod press;
mod ratings;
mod reach;
pub mod record;
mod rematch;
mod replay;
mod review;
mod rounds;
mod seasons;
mod stats;
mod tournament_text;
mod tournaments;
mod trouble;
mod turns;
mod views;
mod waiting;
mod web;

pub use crate::store::{ChannelView, GameStatus, Pause};
pub use contract::{sentence, Actor, Attachment, Picture, Reply, Request, Via};
pub use courier::{retire_aside, Courier, Outgoing, Recipient, RETIRE_WITHIN};
pub use held::ANSWER_HELD_MS;
pub use help::{help_text, rules_text, Front};
pub use history::{GAMES_PAGE, LISTED_PAGES};
pub use letters::{Delivery, LEASE_MS};
pub(crate) use loaded::{damaged, table_names, voted_out};
pub use loaded::{legal_commands, load, Damage, Loaded};
pub use look::moves_list;
pub use pace::times_from_log;
pub use painter::{Painter, ReplayAsk, ReplayMade, TableNote};
pub use places::{NamedPlaces, Places};
pub use play::to_action;
pub use press::Press;
pub use ratings::{new_skill, rate, rate_game, rerate, Contestant};
pub use reach::pause_text;
pub use seasons::{season_text, SeasonView, SEASON_SIZE};
pub use stats::{HISTORY_SIZE, LEADERBOARD_SIZE, RANKED_FROM};
pub use turns::{what_to_do, AUTO_GRACE_MS, MAX_REMINDERS};
pub use views::ChannelSeen;
pub use web::{
    game_scope, player_scope, server_scope, Links, WebAsk, WebDrawn, WebGame, WebMove, WebReview,
};

use crate::clock::{rfc3339, Millis, SharedClock, SystemClock};
use crate::command::Command;
use crate::lang::Text;
use crate::store::{self, Store};
use std::sync::Arc;
use trouble::Trouble;

/// The referee over a store.
pub struct Referee {
    store: Store,
    painter: Option<Arc<dyn Painter>>,
    /// Draws replays when there is no painter for every reply (the
    /// terminal without `--images`).
    animator: Option<Arc<dyn Painter>>,
    /// The threads that draw pictures (see `drawing`), one per core.
    drawers: drawing::Drawers,
    /// The thread that draws replays, one at a time.
    replayers: drawing::Drawers,
    /// Reviews of finished games, made in the background (see `review`).
    reviewer: review::Reviewer,
    clock: SharedClock,
    /// Poked when something may come due sooner: the scheduler waits on it.
    wake: Arc<tokio::sync::Notify>,
    /// The time up to which the scheduler has handled everything due, and
    /// how many times it has said so.
    checked: tokio::sync::watch::Sender<(Millis, u64)>,
    /// Set once the results of games finished before results were kept
    /// have been filled in ([`Referee::fill_in_results`]).
    results_filled: tokio::sync::OnceCell<()>,
    /// Told the id of every game that may have moved (the web pages).
    moved: tokio::sync::broadcast::Sender<i64>,
    /// Who this referee is when it tells other processes of a move: random,
    /// so that it does not hear its own.
    teller: String,
    /// Makes the places a tournament's tables are played in; unset:
    /// [`NamedPlaces`].
    places: std::sync::RwLock<Option<Arc<dyn Places>>>,
    /// Held while a tournament is run on (`rounds.rs`): one step at a time
    /// in this process, so that a table gets one place and one game.
    running_rounds: tokio::sync::Mutex<()>,
}

impl Referee {
    /// A referee that answers in text only, on the wall clock.
    pub fn new(store: Store) -> Referee {
        Referee {
            store,
            painter: None,
            animator: None,
            drawers: drawing::Drawers::per_core("picture"),
            replayers: drawing::Drawers::new("replay", 1),
            reviewer: review::Reviewer::new(),
            clock: Arc::new(SystemClock),
            wake: Arc::new(tokio::sync::Notify::new()),
            checked: tokio::sync::watch::channel((Millis::MIN, 0)).0,
            results_filled: tokio::sync::OnceCell::new(),
            moved: tokio::sync::broadcast::channel(1024).0,
            teller: {
                use rand::TryRngCore as _;
                let n = rand::rngs::OsRng
                    .try_next_u64()
                    .unwrap_or_else(|_| u64::from(std::process::id()));
                format!("{n:016x}")
            },
            places: std::sync::RwLock::new(None),
            running_rounds: tokio::sync::Mutex::new(()),
        }
    }

    /// Makes the places of tournaments' tables with `places` (a thread each,
    /// on Discord), from now on (a bot started again plugs its own).
    pub fn use_places(&self, places: Arc<dyn Places>) {
        let mut plugged = self.places.write().unwrap_or_else(|e| e.into_inner());
        *plugged = Some(places);
    }

    /// The port that makes tables' places.
    fn places(&self) -> Arc<dyn Places> {
        let plugged = self.places.read().unwrap_or_else(|e| e.into_inner());
        plugged.clone().unwrap_or_else(|| Arc::new(NamedPlaces))
    }

    /// Adds pictures to the replies.
    pub fn with_painter(mut self, painter: Box<dyn Painter>) -> Referee {
        self.painter = Some(Arc::from(painter));
        self
    }

    /// A painter for replays alone, used when there is no painter for every
    /// reply: replays are asked for, pictures after each move are not.
    pub fn with_animator(mut self, animator: Box<dyn Painter>) -> Referee {
        self.animator = Some(Arc::from(animator));
        self
    }

    /// Reads time from `clock` (tests drive it).
    pub fn with_clock(mut self, clock: SharedClock) -> Referee {
        self.clock = clock;
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    /// Now, as the move log writes it.
    pub(crate) fn now_text(&self) -> String {
        rfc3339(self.clock.now())
    }

    /// Handles one command. Database failures are logged and answered privately;
    /// they change nothing, since the transaction is rolled back.
    pub async fn handle(&self, req: Request) -> Reply {
        self.handle_at(req, None).await
    }

    /// [`Referee::handle`] for a command made by a control for the log at
    /// length `expect`: refused as stale if the game has moved on.
    pub(crate) async fn handle_at(&self, req: Request, expect: Option<i64>) -> Reply {
        let mut reply = self.handle_inner(&req, expect).await;
        // A table's reply told the pages when it committed; other changes
        // (the lobby, settings, a kick) tell them now.
        if let (true, false, Some(game), None) =
            (reply.accepted, reply.private, reply.game_id, reply.seq)
        {
            self.moved(game);
        }
        if let (
            true,
            Some(guild),
            Command::Games { .. } | Command::Stats { .. } | Command::Season { .. },
        ) = (reply.accepted, &req.guild, &req.command)
        {
            reply.links.push(WebAsk::Server(guild.clone()));
        }
        let owed = self.notice_for(&req.actor.id, req.guild.is_some()).await;
        let reach = match (reply.accepted, reply.private, reply.game_id) {
            (true, false, Some(_)) if req.via.can_post.is_some() => {
                self.check_reach(&req.channel, req.via.can_post).await
            }
            _ => None,
        };
        reply.notice = match (owed, reach) {
            (Some(owed), Some(reach)) => Some(Text::lines(vec![owed, reach])),
            (owed, reach) => owed.or(reach),
        };
        self.speak(&mut reply, &req.actor.id, &req.channel, &req.via)
            .await;
        reply
    }

    /// The answer to a command's text a front end could not read: why, as a
    /// refusal that changes nothing, in the asker's language (the language
    /// any private reply speaks; see `language`).
    pub async fn not_understood(
        &self,
        channel: &str,
        actor: &str,
        via: &Via,
        why: &crate::command::ParseError,
    ) -> Reply {
        let mut reply = Reply::refused(crate::lang::command::parse_error(why));
        self.speak(&mut reply, actor, channel, via).await;
        reply
    }

    /// A notice owed to a person (their direct messages turned out to be
    /// closed), taken so it is told once. A person seen `in_server` shares
    /// one with the bot: alerts that waited for that go again. Failing to
    /// read it costs nothing.
    pub(crate) async fn notice_for(&self, user: &str, in_server: bool) -> Option<Text> {
        let mut conn = match self.store.pool().acquire().await {
            Ok(conn) => conn,
            Err(e) => {
                tracing::warn!("cannot read notices: {e}");
                return None;
            }
        };
        store::take_notice(&mut conn, user, in_server)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!("cannot read notices: {e:#}");
                None
            })
    }

    async fn handle_inner(&self, req: &Request, expect: Option<i64>) -> Reply {
        match self.dispatch(req, expect).await {
            Ok(reply) => reply,
            Err(err) => {
                let trouble = Trouble::of(&err);
                tracing::error!(channel = %req.channel, user = %req.actor.id, command = %req.command.to_text(), ?trouble, "command failed, nothing changed: {err:#}");
                trouble.reply()
            }
        }
    }

    async fn dispatch(&self, req: &Request, expect: Option<i64>) -> anyhow::Result<Reply> {
        match &req.command {
            Command::New { .. }
            | Command::Join
            | Command::Leave
            | Command::Start
            | Command::Abandon
            | Command::AddBot { .. }
            | Command::RemoveBot => self.lobby(req).await,
            Command::Rematch => self.rematch(req, None).await,
            Command::Draw { .. }
            | Command::Take { .. }
            | Command::Place { .. }
            | Command::Hire { .. }
            | Command::Move { .. }
            | Command::Buy { .. }
            | Command::Discard
            | Command::Expand { .. }
            | Command::Undo => self.play(req, expect).await,
            Command::Settings { .. } => self.settings(req).await,
            Command::Nudge => self.nudge(req).await,
            Command::MyGames => self.my_games(req).await,
            Command::Language { .. } => self.language(req).await,
            Command::Notify { .. } => self.notify(req).await,
            Command::Away { .. } => self.away(req).await,
            Command::Kick => self.kick(req).await,
            Command::WebReset { server: false } => self.web_reset(req).await,
            Command::WebReset { server: true } => self.web_reset_server(req).await,
            Command::Hint => self.hint(req).await,
            Command::History { move_n, game } => self.history(req, *move_n, *game).await,
            Command::Games { page } => self.games(req, *page).await,
            Command::Export { game } => self.export(req, *game).await,
            Command::Replay { game, speed } => self.replay(req, *game, *speed).await,
            Command::Review { game, player } => self.review(req, *game, player.as_deref()).await,
            Command::Stats { player } => self.stats(req, player.as_deref()).await,
            Command::Tournament(action) => self.tournament(req, action).await,
            Command::Season { which, length } => self.season(req, which.as_deref(), *length).await,
            // Every variant is named: a new command does not compile until
            // it is sent somewhere.
            Command::Board
            | Command::BoardText
            | Command::Zoo { .. }
            | Command::Score
            | Command::Moves
            | Command::MovesOf { .. }
            | Command::Rules { .. }
            | Command::Help => self.look(req).await,
        }
    }
}
