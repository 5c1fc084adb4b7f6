//! The one path every front end takes: (channel, acting user, command) -> reply.
//!
//! The referee parses nothing from Discord and draws nothing itself. For each
//! command it loads the channel's game, checks who may act, applies, stores and
//! answers, all in one database transaction (moves and lobby changes hold the
//! write lock from the start, so racing commands run one after the other and
//! each sees the other's result). A refused command changes nothing.
//!
//! A game is loaded by replaying its move log; if the replay disagrees with the
//! cached snapshot, or a logged move no longer applies, the game is damaged: the
//! referee logs it loudly and refuses to play on.

use crate::command::{Command, Spot};
use crate::engine::{Action, Animal, Deck, Event, Game, Post, Role, Seat, Setup};
use crate::store::{
    self, AppendError, GameRow, GameStatus, MoveRow, NewGame, NewMove, SeatRow, Store, Tx,
};
use crate::text;
use std::fmt::Write as _;

/// Who gives a command, as the transport knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// A stable id: a Discord user id, or a terminal player's name.
    pub id: String,
    /// The name shown at the table.
    pub name: String,
    /// May manage the channel (and so abandon any game in it).
    pub manages_channel: bool,
}

/// A command from a channel.
#[derive(Debug, Clone)]
pub struct Request {
    pub channel: String,
    pub guild: Option<String>,
    pub actor: Actor,
    pub command: Command,
}

/// A picture to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub name: String,
    pub png: Vec<u8>,
}

/// What to answer.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The message.
    pub text: String,
    /// The table as text, for front ends that cannot show pictures.
    pub board: Option<String>,
    pub pictures: Vec<Picture>,
    /// The user to ping: whoever must act next, when it is someone else.
    pub mention: Option<String>,
    /// Only the acting user should see it (refusals and errors).
    pub private: bool,
    /// False when the command was refused or failed.
    pub accepted: bool,
    /// The game the reply is about.
    pub game_id: Option<i64>,
}

impl Reply {
    fn refused(text: impl Into<String>) -> Reply {
        Reply {
            text: sentence(text.into()),
            private: true,
            accepted: false,
            ..Reply::default()
        }
    }

    fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            accepted: true,
            ..Reply::default()
        }
    }

    fn private_info(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            accepted: true,
            ..Reply::default()
        }
    }
}

/// A refusal's first letter in capitals and a full stop.
pub fn sentence(mut s: String) -> String {
    if let Some(first) = s.chars().next() {
        let upper: String = first.to_uppercase().collect();
        s.replace_range(..first.len_utf8(), &upper);
    }
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

fn now() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| "1970-01-01T00:00:00Z".into())
}

/// What can go wrong loading a game, besides the database.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    #[error("its setup is missing or invalid: {0}")]
    Setup(String),
    #[error("move {0} of its log no longer applies: {1}")]
    Replay(i64, String),
    #[error("its cached state differs from the replay of its log after move {0}")]
    Snapshot(i64),
}

/// A game as loaded: its row, seats, log, and (once started) its state.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub moves: Vec<MoveRow>,
    pub game: Option<Game>,
}

impl Loaded {
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == user_id)
            .map(|s| s.seat)
    }

    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The seat a command names: by id, mention or name.
    pub fn resolve(&self, who: &str) -> Result<Seat, String> {
        let id = who
            .trim()
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_end_matches('>');
        self.seats
            .iter()
            .find(|s| s.user_id == id || s.name.eq_ignore_ascii_case(who.trim()))
            .map(|s| s.seat)
            .ok_or_else(|| {
                format!(
                    "nobody called {} sits at this table: the players are {}",
                    who.trim(),
                    self.names().join(", ")
                )
            })
    }

    fn setup(&self) -> Result<Setup, Damage> {
        self.row
            .setup
            .clone()
            .ok_or_else(|| Damage::Setup("no setup stored".into()))
    }

    /// The game after its first `n` moves.
    pub fn replay_to(&self, n: usize) -> Result<Game, Damage> {
        let mut game = Game::new(self.setup()?).map_err(|e| Damage::Setup(e.0))?;
        for m in self.moves.iter().take(n) {
            game.apply(m.seat, &m.action)
                .map_err(|r| Damage::Replay(m.seq, r.0))?;
        }
        Ok(game)
    }
}

/// Loads a game's seats and log and replays it, checking the snapshot.
pub async fn load(
    conn: &mut sqlx::SqliteConnection,
    row: GameRow,
) -> anyhow::Result<Result<Loaded, Damage>> {
    let seats = store::seats(conn, row.id).await?;
    let moves = store::moves(conn, row.id).await?;
    let mut loaded = Loaded {
        row,
        seats,
        moves,
        game: None,
    };
    if loaded.row.status == GameStatus::Lobby {
        return Ok(Ok(loaded));
    }
    let game = match loaded.replay_to(loaded.moves.len()) {
        Ok(game) => game,
        Err(damage) => return Ok(Err(damage)),
    };
    if loaded.moves.len() as i64 != loaded.row.move_count {
        return Ok(Err(Damage::Snapshot(loaded.row.move_count)));
    }
    if let Some(snapshot) = &loaded.row.snapshot {
        let cached: Result<Game, _> = serde_json::from_str(snapshot);
        if cached.as_ref().ok() != Some(&game) {
            return Ok(Err(Damage::Snapshot(loaded.row.move_count)));
        }
    }
    loaded.game = Some(game);
    Ok(Ok(loaded))
}

/// Draws the pictures a reply carries. The referee asks; it never draws.
pub trait Painter: Send + Sync {
    /// The whole table after a move (highlighting what the events changed).
    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>>;
    /// One zoo, large.
    fn zoo(&self, game: &Game, seat: Seat) -> anyhow::Result<Vec<u8>>;
}

/// The referee over a store.
pub struct Referee {
    store: Store,
    painter: Option<Box<dyn Painter>>,
}

impl Referee {
    /// A referee that answers in text only.
    pub fn new(store: Store) -> Referee {
        Referee {
            store,
            painter: None,
        }
    }

    /// Adds pictures to the replies.
    pub fn with_painter(mut self, painter: Box<dyn Painter>) -> Referee {
        self.painter = Some(painter);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Handles one command. Database failures are logged and answered privately;
    /// they change nothing, since the transaction is rolled back.
    pub async fn handle(&self, req: Request) -> Reply {
        match self.dispatch(&req).await {
            Ok(reply) => reply,
            Err(err) => {
                tracing::error!(channel = %req.channel, user = %req.actor.id, command = %req.command.to_text(), "command failed: {err:#}");
                Reply::refused(
                    "something went wrong on our side and nothing was changed; please try again",
                )
            }
        }
    }

    async fn dispatch(&self, req: &Request) -> anyhow::Result<Reply> {
        match &req.command {
            Command::New { .. }
            | Command::Join
            | Command::Leave
            | Command::Start
            | Command::Abandon => self.lobby(req).await,
            c if c.is_move() => self.play(req).await,
            _ => self.look(req).await,
        }
    }

    // ----- lobby -----

    async fn lobby(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = self.store.write().await?;
        let open = store::open_game(&mut tx, &req.channel).await?;
        let reply = match (&req.command, open) {
            (Command::New { removed, first, seed, deck }, None) => {
                self.open_lobby(&mut tx, req, removed.as_deref(), first.as_deref(), *seed, deck.as_deref())
                    .await?
            }
            (Command::New { .. }, Some(row)) => Reply::refused(format!(
                "game #{} is already {} in this channel: finish it, or its creator abandons it with /aq abandon",
                row.id,
                if row.status == GameStatus::Lobby { "gathering players" } else { "running" }
            )),
            (_, None) => Reply::refused("no game is open in this channel: open one with /aq new"),
            (Command::Abandon, Some(row)) => self.abandon(&mut tx, req, row).await?,
            (_, Some(row)) if row.status != GameStatus::Lobby => {
                Reply::refused(format!("game #{} has already started", row.id))
            }
            (Command::Join, Some(row)) => self.join(&mut tx, req, row).await?,
            (Command::Leave, Some(row)) => self.leave(&mut tx, req, row).await?,
            (Command::Start, Some(row)) => self.start(&mut tx, req, row).await?,
            (_, Some(_)) => Reply::refused("that is not a lobby command"),
        };
        if reply.accepted {
            tx.commit().await?;
        }
        Ok(reply)
    }

    async fn open_lobby(
        &self,
        tx: &mut Tx,
        req: &Request,
        removed: Option<&[Animal]>,
        first: Option<&str>,
        seed: Option<u64>,
        deck: Option<&str>,
    ) -> anyhow::Result<Reply> {
        if let Some(show) = removed.and_then(|r| r.iter().find(|a| a.is_show_animal())) {
            return Ok(Reply::refused(format!(
                "{} cannot be removed: dolphins, orcas and sea lions always play; remove fish eaters (turtle, penguin, polarbear, crocodile, hippo)",
                show.plural()
            )));
        }
        let deck = match deck.map(Deck::parse).transpose() {
            Ok(deck) => deck,
            Err(e) => return Ok(Reply::refused(e.0)),
        };
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let now = now();
        let id = store::insert_game(
            tx,
            NewGame {
                channel: &req.channel,
                guild: req.guild.as_deref(),
                creator: &req.actor.id,
                seed,
                removed,
                first,
                deck: deck.as_ref(),
                now: &now,
            },
        )
        .await?;
        store::add_seat(tx, id, &req.actor.id, &req.actor.name).await?;
        let mut reply = Reply::public(format!(
            "{} opened game #{id} of Aquaretto. Join with /aq join; {} starts it with /aq start once 2 to 5 players are seated.",
            req.actor.name, req.actor.name
        ));
        reply.game_id = Some(id);
        Ok(reply)
    }

    async fn join(&self, tx: &mut Tx, req: &Request, row: GameRow) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        if seats.iter().any(|s| s.user_id == req.actor.id) {
            return Ok(Reply::refused(format!(
                "you are already seated in game #{}",
                row.id
            )));
        }
        if seats.len() >= crate::engine::setup::MAX_PLAYERS {
            return Ok(Reply::refused(
                "the table is full: Aquaretto seats 5 players at most",
            ));
        }
        let name = unique_name(&req.actor.name, &seats);
        store::add_seat(tx, row.id, &req.actor.id, &name).await?;
        let mut names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        names.push(name.clone());
        let mut reply = Reply::public(format!(
            "{name} joined game #{}. Seated: {}.",
            row.id,
            names.join(", ")
        ));
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    async fn leave(&self, tx: &mut Tx, req: &Request, row: GameRow) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        let Some(me) = seats.iter().find(|s| s.user_id == req.actor.id) else {
            return Ok(Reply::refused(format!(
                "you are not seated in game #{}",
                row.id
            )));
        };
        store::remove_seat(tx, row.id, &req.actor.id).await?;
        let rest: Vec<&SeatRow> = seats.iter().filter(|s| s.user_id != req.actor.id).collect();
        let mut text = format!("{} left game #{}.", me.name, row.id);
        if row.creator == req.actor.id {
            match rest.first() {
                Some(next) => {
                    store::set_creator(tx, row.id, &next.user_id).await?;
                    let _ = write!(text, " {} now runs the lobby.", next.name);
                }
                None => {
                    store::set_status(tx, row.id, GameStatus::Abandoned, None, &now()).await?;
                    text.push_str(" Nobody is left, so the lobby is closed.");
                }
            }
        }
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    async fn start(&self, tx: &mut Tx, req: &Request, row: GameRow) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        if row.creator != req.actor.id {
            let creator = seats
                .iter()
                .find(|s| s.user_id == row.creator)
                .map_or("its creator", |s| s.name.as_str());
            return Ok(Reply::refused(format!(
                "only {creator}, who opened game #{}, can start it",
                row.id
            )));
        }
        if seats.len() < crate::engine::setup::MIN_PLAYERS {
            return Ok(Reply::refused(
                "Aquaretto needs 2 to 5 players: wait until someone joins with /aq join",
            ));
        }
        let loaded = Loaded {
            row: row.clone(),
            seats: seats.clone(),
            moves: Vec::new(),
            game: None,
        };
        let first = match &row.first {
            Some(who) => match loaded.resolve(who) {
                Ok(seat) => Some(seats[seat].name.clone()),
                Err(why) => {
                    return Ok(Reply::refused(format!(
                        "the first player was named at /aq new, but {why}"
                    )))
                }
            },
            None => None,
        };
        let setup = Setup {
            players: loaded.names(),
            seed: row.seed,
            removed: row.removed.clone(),
            first,
            deck: row.deck.clone(),
        };
        let game = match Game::new(setup.clone()) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::refused(e.0)),
        };
        store::start_game(tx, row.id, &setup, &game, &now()).await?;
        let removed: Vec<&str> = game.removed().iter().map(|a| a.plural()).collect();
        let mut text = format!(
            "Game #{} begins with {}.",
            row.id,
            loaded.names().join(", ")
        );
        if !removed.is_empty() {
            let _ = write!(text, " Out of the box: {}.", removed.join(", "));
        }
        let _ = write!(text, "\n{}", game.prompt());
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        reply.mention = game
            .to_act()
            .map(|s| seats[s].user_id.clone())
            .filter(|id| *id != req.actor.id);
        reply.board = Some(text::table(&game));
        self.paint_table(&mut reply, &game, &[]);
        Ok(reply)
    }

    async fn abandon(&self, tx: &mut Tx, req: &Request, row: GameRow) -> anyhow::Result<Reply> {
        if row.creator != req.actor.id && !req.actor.manages_channel {
            return Ok(Reply::refused(
                "only the game's creator or someone who manages this channel can abandon it",
            ));
        }
        store::set_status(tx, row.id, GameStatus::Abandoned, None, &now()).await?;
        let mut reply = Reply::public(format!(
            "{} abandoned game #{}; it stays in the history, unscored.",
            req.actor.name, row.id
        ));
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    // ----- moves -----

    async fn play(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = self.store.write().await?;
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return Ok(Reply::refused(
                "no game is running in this channel: open one with /aq new",
            ));
        };
        if row.status == GameStatus::Lobby {
            return Ok(Reply::refused(format!(
                "game #{} has not started yet: its creator starts it with /aq start",
                row.id
            )));
        }
        let game_id = row.id;
        let loaded = match load(&mut tx, row).await? {
            Ok(loaded) => loaded,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        let Some(mut game) = loaded.game.clone() else {
            return Ok(Reply::refused("the game has not started yet"));
        };
        let Some(seat) = loaded.seat_of(&req.actor.id) else {
            return Ok(Reply::refused(format!(
                "you are not seated in game #{game_id}; anyone may look with /aq board"
            )));
        };
        let action = match to_action(&req.command, &loaded) {
            Ok(action) => action,
            Err(why) => return Ok(Reply::refused(why)),
        };
        let events = match game.apply(seat, &action) {
            Ok(events) => events,
            Err(refusal) => return Ok(Reply::refused(refusal.0)),
        };
        let at = now();
        let command = req.command.to_text();
        let appended = store::append_move(
            &mut tx,
            NewMove {
                game_id,
                seq: loaded.row.move_count + 1,
                seat,
                user_id: &req.actor.id,
                command: &command,
                action: &action,
                at: &at,
                snapshot: &game,
            },
        )
        .await;
        match appended {
            Ok(()) => {}
            Err(AppendError::Conflict { .. }) => return Ok(Reply::refused(
                "the game changed while your move was on its way; look at /aq board and try again",
            )),
            Err(AppendError::Database(e)) => return Err(e),
        }
        if game.is_over() {
            let winners: Vec<String> = game
                .winners()
                .iter()
                .map(|s| loaded.seats[*s].name.clone())
                .collect();
            store::set_status(&mut tx, game_id, GameStatus::Finished, Some(&winners), &at).await?;
        }
        tx.commit().await?;

        let names = loaded.names();
        let mut text = String::new();
        for e in events.iter().filter(|e| !matches!(e, Event::Turn { .. })) {
            let _ = writeln!(text, "{}", e.describe(&names));
        }
        if game.is_over() {
            text.push('\n');
            text.push_str(&text::scores(&game));
        } else {
            text.push_str(&game.prompt());
        }
        let mut reply = Reply::public(text.trim_end().to_string());
        reply.game_id = Some(game_id);
        reply.mention = game
            .to_act()
            .map(|s| loaded.seats[s].user_id.clone())
            .filter(|id| *id != req.actor.id);
        reply.board = Some(text::table(&game));
        self.paint_table(&mut reply, &game, &events);
        Ok(reply)
    }

    fn paint_table(&self, reply: &mut Reply, game: &Game, events: &[Event]) {
        self.attach(reply, "table.png", |p| p.table(game, events));
    }

    fn paint_zoo(&self, reply: &mut Reply, game: &Game, seat: Seat) {
        self.attach(reply, "zoo.png", |p| p.zoo(game, seat));
    }

    /// Adds a picture when there is a painter; a picture that cannot be drawn
    /// is logged and left out, never failing the command.
    fn attach(
        &self,
        reply: &mut Reply,
        name: &str,
        draw: impl FnOnce(&dyn Painter) -> anyhow::Result<Vec<u8>>,
    ) {
        let Some(painter) = &self.painter else { return };
        match draw(painter.as_ref()) {
            Ok(png) => reply.pictures.push(Picture {
                name: name.into(),
                png,
            }),
            Err(e) => tracing::warn!("could not draw {name}: {e:#}"),
        }
    }

    // ----- looking -----

    async fn look(&self, req: &Request) -> anyhow::Result<Reply> {
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
                if n == 0 || n > loaded.moves.len() {
                    return Ok(Reply::refused(format!(
                        "game #{game_id} has {} moves: ask for move 1 to {}",
                        loaded.moves.len(),
                        loaded.moves.len().max(1)
                    )));
                }
                let mut before = match loaded.replay_to(n - 1) {
                    Ok(g) => g,
                    Err(damage) => return Ok(damaged(game_id, &damage)),
                };
                let m = &loaded.moves[n - 1];
                let events = before.apply(m.seat, &m.action).unwrap_or_default();
                let names = loaded.names();
                let mut text = format!(
                    "Game #{game_id}, move {n} of {}: {} played {}\n",
                    loaded.moves.len(),
                    names.get(m.seat).map_or("?", String::as_str),
                    m.command
                );
                for e in events.iter().filter(|e| !matches!(e, Event::Turn { .. })) {
                    let _ = writeln!(text, "{}", e.describe(&names));
                }
                let mut reply = Reply::private_info(text.trim_end().to_string());
                reply.board = Some(text::table(&before));
                self.paint_table(&mut reply, &before, &events);
                reply
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

/// A new game's seed, from the operating system's entropy.
fn fresh_seed() -> anyhow::Result<u64> {
    use rand::TryRngCore as _;
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| anyhow::anyhow!("no entropy for a seed: {e}"))
}

fn damaged(game_id: i64, damage: &Damage) -> Reply {
    tracing::error!(
        game = game_id,
        "game #{game_id} is damaged and will not be played on: {damage}"
    );
    Reply::refused(format!(
        "game #{game_id} cannot go on: {damage}. Nothing was changed; a channel manager can end it with /aq abandon"
    ))
}

/// A name not yet taken at the table: "ana", else "ana 2", "ana 3"...
fn unique_name(wanted: &str, seats: &[SeatRow]) -> String {
    let base: String = wanted
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(32)
        .collect();
    let base = if base.is_empty() {
        "player".to_string()
    } else {
        base
    };
    let taken = |n: &str| seats.iter().any(|s| s.name.eq_ignore_ascii_case(n));
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| !taken(n))
        .unwrap_or(base)
}

/// Turns a move command into the engine's action, resolving players.
pub fn to_action(command: &Command, loaded: &Loaded) -> Result<Action, String> {
    let post = |spot: Spot, side: &str| -> Result<Post, String> {
        match spot {
            Spot::Cell(c) => Ok(Post::Trainer(c)),
            Spot::Role(Role::Trainer) => Err(format!("name a trainer by its cell: {side}:K11")),
            Spot::Role(r) => Post::from_role(r, None).ok_or_else(|| "no such place".to_string()),
            Spot::Depot => Err(if side == "to" {
                "coworkers do not go to the depot; the manager sits on it: to:manager".into()
            } else {
                "from:depot moves the top depot tile, and it goes to a cell: to:K11".into()
            }),
        }
    };
    Ok(match command {
        Command::Draw { truck } => Action::Draw { truck: *truck },
        Command::Take { truck } => Action::Take { truck: *truck },
        Command::Place { at, tile } => Action::Place {
            tile: *tile,
            at: *at,
        },
        Command::Hire { role, at } => Action::Hire {
            role: *role,
            at: *at,
        },
        Command::Move {
            from: Spot::Depot,
            to,
        } => match to {
            Spot::Cell(c) => Action::MoveDepotTile { to: *c },
            _ => return Err("a tile from the depot goes to a cell of your zoo: to:K11".into()),
        },
        Command::Move { from, to } => Action::MoveCoworker {
            from: post(*from, "from")?,
            to: post(*to, "to")?,
        },
        Command::Buy { from, at } => Action::Buy {
            from: loaded.resolve(from)?,
            at: *at,
        },
        Command::Discard => Action::Discard,
        Command::Expand { size, cells } => Action::Expand {
            size: *size,
            cells: cells.clone(),
        },
        other => return Err(format!("{} is not a move", other.to_text())),
    })
}

/// The move list of a game, most recent last.
fn history_text(loaded: &Loaded) -> String {
    let names = loaded.names();
    let total = loaded.moves.len();
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
    for m in loaded.moves.iter().skip(total.saturating_sub(shown)) {
        let _ = writeln!(
            out,
            "{:>4}. {}: {}",
            m.seq,
            names.get(m.seat).map_or("?", String::as_str),
            m.command.trim_start_matches("/aq ")
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

/// The command list.
pub fn help_text() -> String {
    "Aquaretto commands:\n\
     /aq new [removed:\"penguin hippo\"] [first:<player>] [seed:<n>] - open a game here\n\
     /aq join - /aq leave - /aq start - /aq abandon\n\
     /aq draw truck:<n> - add the top tile to a truck (A)\n\
     /aq take truck:<n> - take a truck (B); then place its tiles\n\
     /aq place at:<cell|depot> [tile:<n>] - place a waiting tile or offspring\n\
     /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - place a coworker just gained\n\
     /aq move from:depot to:<cell> - top depot tile into the zoo, 1 coin\n\
     /aq move from:<cell|role> to:<cell|role> - move a coworker, 1 coin\n\
     /aq buy from:<player> at:<cell> - top tile of their depot, 2 coins\n\
     /aq discard - top tile of your depot leaves the game, 2 coins\n\
     /aq expand size:<small|large> cells:\"<cells>\" - 1 or 2 coins\n\
     /aq board - /aq zoo [player] - /aq score - /aq history [move:<n>] [game:<id>] - /aq games - /aq rules [topic]"
        .to_string()
}

/// The rules in short, by topic.
pub fn rules_text(topic: Option<&str>) -> String {
    let topics: &[(&str, &str)] = &[
        ("turn", "On your turn do one thing: draw the top tile onto a truck with room (/aq draw), take a truck with at least one tile and place its tiles (/aq take, then /aq place), or pay for one money action. Once you have taken a truck you sit out the rest of the round. The last player without a truck takes turn after turn. The round ends when everyone has a truck; whoever took the last one starts the next."),
        ("basins", "A basin is all your tiles of one animal; it must stay connected, edge to edge. A new animal starts a basin only while you have fewer types than your limit (3, +1 per large expansion). Tiles of different animals must never share an edge (corners are fine). Any animal may go to your depot instead."),
        ("bonuses", "When a basin reaches 3, 6, 9 or 12 tiles you get a coin; at 5 and 10 a coworker, placed at once. A fertile male and female in one basin breed at once: the offspring must join that basin if it can, else it goes to the depot. Each fertile animal breeds once."),
        ("coworkers", "Cashiers (2 at most) score 1 point per coin each; keepers (2 at most) 1 per fish tile each; the manager (1) halves the depot's minus points; trainers stand on empty spaces and score 1 per dolphin, orca or sea lion without a bolt on the 8 squares around."),
        ("money", "Money actions, one per turn, never after taking a truck: move the top depot tile into your zoo or a coworker (1 coin); buy the top tile of another depot into your zoo (2 coins: 1 to them, 1 to the bank); discard your top depot tile (2 coins); add a small (1 coin, 3 spaces) or large (2 coins, 4 spaces, +1 basin) expansion touching your zoo."),
        ("end", "Drawing the first reserve tile makes the round the last. Scoring: 1 per animal in the zoo, plus cashiers, keepers and trainers, minus 2 per animal type in the depot (1 with a manager). Most points wins; ties go to the most coins."),
        ("two", "With 2 players: 3 trucks with 2, 1 and 3 usable spaces; when both players have a truck, the tiles left on the third truck leave the game."),
    ];
    match topic.map(|t| t.trim().to_ascii_lowercase()) {
        Some(t) => match topics
            .iter()
            .find(|(name, _)| t.starts_with(name) || name.starts_with(t.as_str()))
        {
            Some((name, body)) => format!("Rules - {name}: {body}"),
            None => format!(
                "No topic '{t}'. Topics: {}.",
                topics
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        None => {
            let mut out = String::from(
                "Aquaretto in short (topics: turn, basins, bonuses, coworkers, money, end, two):\n",
            );
            for (name, body) in topics {
                let _ = writeln!(out, "- {name}: {body}");
            }
            out.trim_end().to_string()
        }
    }
}
