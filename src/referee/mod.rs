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
//! - this file: [`Request`], [`Via`], [`Reply`], [`Loaded`] (a game as loaded,
//!   its rows read through methods), the [`Painter`] port, and
//!   [`Referee::handle`], which dispatches a command and gives its reply a
//!   language (`language.rs`: the game's in public, the asker's in private).
//! - The table's setup: `lobby.rs` (new, join, leave, start, abandon, addbot,
//!   removebot; a chosen seed or deck makes a practice game), `rematch.rs`
//!   (a new game after a finished one, the seats turned).
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
//!   `ratings.rs` (each finished game rated, each person's move timed),
//!   `hint.rs` (the strong player's move, nothing stored), `help.rs` (help
//!   and rules), `autocomplete.rs` (what a player may type next),
//!   `record.rs` (the game record as JSON).
//! - Waiting: `waiting.rs` (settings, nudge, mygames, notify, kick),
//!   `turns.rs` (each turn's reminder and automatic times, reminders turned
//!   into letters), `letters.rs` (letters handed out and what became of them,
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
mod lobby;
mod look;
mod once;
mod play;
mod press;
mod ratings;
mod reach;
pub mod record;
mod rematch;
mod replay;
mod review;
mod stats;
mod trouble;
mod turns;
mod views;
mod waiting;
mod web;

pub use crate::store::{ChannelView, GameStatus, Pause};
pub use courier::{retire_aside, Courier, Outgoing, Recipient, RETIRE_WITHIN};
pub use held::ANSWER_HELD_MS;
pub use help::{help_text, rules_text, Front};
pub use letters::{Delivery, LEASE_MS};
pub use look::moves_list;
pub use play::to_action;
pub use press::Press;
pub use ratings::{new_skill, rate, rate_game, rerate, Contestant, HISTORY_SIZE};
pub use reach::pause_text;
pub use stats::{LEADERBOARD_SIZE, RANKED_FROM};
pub use turns::{what_to_do, AUTO_GRACE_MS, MAX_REMINDERS};
pub use views::ChannelSeen;
pub use web::{
    game_scope, player_scope, server_scope, Links, WebAsk, WebDrawn, WebGame, WebMove, WebReview,
};

use crate::clock::{rfc3339, Millis, SharedClock, SystemClock};
use crate::command::Command;
use crate::engine::{Action, Event, Game, Seat, Setup, Standings};
use crate::lang::{Computer, Lang, Names, Text};
use crate::store::{self, Entry, GameRow, MoveRow, SeatRow, Store};
use crate::view::controls::Panel;
use crate::view::places::Places;
use std::sync::Arc;
use trouble::Trouble;

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
    pub via: Via,
}

/// What the front end knows of where a request came from.
#[derive(Debug, Clone, Default)]
pub struct Via {
    /// Discord's interaction id: a request that changed something is
    /// remembered by it, and a copy of it is refused.
    pub interaction: Option<String>,
    /// The largest file the answer may attach (Discord says it with each
    /// interaction); otherwise 10 MiB.
    pub upload_limit: Option<usize>,
    /// The front end that asks (Discord unless said): its help, and where
    /// `moves` points for more.
    pub front: Front,
    /// The asker's language as their client says it (`en-US`, `ja`): what
    /// is said to them alone speaks it, unless they chose one with
    /// `/aq language`. The terminal's `--lang` or `LANG`.
    pub locale: Option<String>,
    /// The server's language (Discord's `guild_locale`): a game opened by
    /// someone whose locale we do not speak speaks the server's.
    pub guild_locale: Option<String>,
    /// Whether the bot may post in the request's channel, as the front end
    /// knows it (Discord tells the bot its permissions with every
    /// interaction); `None` where it does not post (the terminal, the web).
    /// A game that waited for its channel goes on when this is true.
    pub can_post: Option<bool>,
    /// The game the request was made for, when its front end names one (a
    /// move clicked on a game's page): refused, changing nothing, if the
    /// channel's game is another by the time the move's write transaction
    /// holds the channel (that game ended and the next began).
    pub game: Option<i64>,
    /// The asker may manage the server (Discord's Manage Server or
    /// Administrator in the interaction): `/aq web reset what:server`.
    pub manages_server: bool,
    /// The asker sees every channel of the server (Discord's
    /// Administrator): `/aq past` reads any of its games by number.
    pub sees_every_channel: bool,
    /// Who may see the request's channel, when the front end looked (at
    /// `/aq new`): recorded with the game it opens.
    pub seen: Option<Box<ChannelSeen>>,
}

/// A picture to attach, and what it shows in words (`describe.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub name: String,
    pub png: Vec<u8>,
    /// Its description, said in the reply's language within 1,024
    /// characters ([`crate::lang::within::alt`]).
    pub alt: Text,
}

/// A file to attach that is not a still picture: a game record, a replay.
#[derive(Debug, Clone)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What a replay shows in words; empty for a file that is no picture.
    pub alt: Text,
}

/// What to answer.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// What to say, worded by the language layer ([`crate::lang`]).
    pub words: Text,
    /// The language to say it in: the game's for a public message, the
    /// asker's for a private one.
    pub lang: Lang,
    /// The table as text, for front ends that cannot show pictures.
    pub board: Option<String>,
    pub pictures: Vec<Picture>,
    /// Other files: an export, a replay.
    pub files: Vec<Attachment>,
    /// The user to ping: whoever must act next, when it is someone else.
    pub mention: Option<String>,
    /// Only the acting user should see it (refusals and errors).
    pub private: bool,
    /// False when the command was refused or failed.
    pub accepted: bool,
    /// The game the reply is about.
    pub game_id: Option<i64>,
    /// Buttons and menus to show under the message.
    pub controls: Option<Panel>,
    /// Something to tell the asker privately besides the answer (their
    /// direct messages turned out to be closed).
    pub notice: Option<Text>,
    /// Web pages to link to, when the front end can make links.
    pub links: Vec<WebAsk>,
    /// Set on a public message that shows the table: the length of the
    /// game's log it shows. The front end remembers such a message as the
    /// one carrying the game's controls ([`Referee::table_message`]).
    pub seq: Option<i64>,
    /// The nonce of the channel message held for this move until its answer
    /// is known (see `held.rs`): taken out when the answer is shown in the
    /// channel ([`Referee::table_message`]), sent when it is not
    /// ([`Referee::release_held`]).
    pub held: Option<String>,
}

impl Reply {
    pub(crate) fn refused(words: impl Into<Text>) -> Reply {
        let words = match words.into() {
            Text::Raw(s) => Text::Raw(sentence(s)),
            sentence @ Text::Sentence(_) => sentence,
            other => Text::Sentence(Box::new(other)),
        };
        Reply {
            words,
            private: true,
            accepted: false,
            ..Reply::default()
        }
    }

    pub(crate) fn public(words: impl Into<Text>) -> Reply {
        Reply {
            words: words.into(),
            accepted: true,
            ..Reply::default()
        }
    }

    pub(crate) fn private_info(words: impl Into<Text>) -> Reply {
        Reply {
            words: words.into(),
            private: true,
            accepted: true,
            ..Reply::default()
        }
    }

    /// The reply said in its language, with names and UTC dates (no front
    /// end's markup): for the terminal, tests and logs.
    pub fn text(&self) -> String {
        crate::lang::plain(&self.lang, &self.words)
    }

    /// More to say, on a line of its own.
    pub(crate) fn add_line(&mut self, more: impl Into<Text>) {
        let words = std::mem::take(&mut self.words);
        self.words = words.then_line(more.into());
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

/// What can go wrong loading a game, besides the database.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    #[error("its setup is missing or invalid: {0}")]
    Setup(String),
    #[error("move {0} of its log no longer applies: {1}")]
    Replay(i64, String),
    #[error("entry {0} of its log cannot be read: {1}")]
    Unreadable(i64, String),
    #[error("its move count ({0}) differs from its log's length ({1})")]
    Count(i64, i64),
}

/// A game as loaded: its row, seats, log, and (once started) its state.
/// The store's rows stay the referee's: others read the game through its
/// methods.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub(in crate::referee) row: GameRow,
    pub(in crate::referee) seats: Vec<SeatRow>,
    /// The whole move log, undos and withdrawn moves included.
    pub(in crate::referee) log: Vec<MoveRow>,
    pub(in crate::referee) game: Option<Game>,
}

impl Loaded {
    /// The game's number.
    pub fn id(&self) -> i64 {
        self.row.id
    }

    /// The channel it is played in.
    pub fn channel(&self) -> &str {
        &self.row.channel
    }

    /// Its server, if it has one.
    pub fn guild(&self) -> Option<&str> {
        self.row.guild.as_deref()
    }

    pub fn status(&self) -> GameStatus {
        self.row.status
    }

    /// Who opened it.
    pub fn creator(&self) -> &str {
        &self.row.creator
    }

    /// The language of its public messages.
    pub fn lang(&self) -> &Lang {
        &self.row.lang
    }

    /// Whether a player chose its deal (a practice game).
    pub fn practice(&self) -> bool {
        self.row.practice
    }

    /// Its seed: every random choice of the game comes from it.
    pub fn seed(&self) -> u64 {
        self.row.seed
    }

    /// The winners' names, once it is over.
    pub fn winners(&self) -> Option<&[String]> {
        self.row.winners.as_deref()
    }

    /// Why it waits for its channel, if it does.
    pub fn paused(&self) -> Option<Pause> {
        self.row.paused
    }

    /// The seats in joining order.
    pub fn seats(&self) -> &[SeatRow] {
        &self.seats
    }

    /// The whole move log, undos and withdrawn moves included.
    pub fn log(&self) -> &[MoveRow] {
        &self.log
    }

    /// The position now, once the game has started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Its score card once it is over: every player's final score by
    /// category (the engine's), who won and on what, the names in the
    /// game's language; `None` while it is not over.
    pub fn score_card(&self) -> Option<crate::view::score_card::ScoreCard> {
        self.score_card_of(self.game.as_ref()?)
    }

    /// [`Loaded::score_card`] of `game`, a position of this game.
    pub(crate) fn score_card_of(&self, game: &Game) -> Option<crate::view::score_card::ScoreCard> {
        use crate::view::score_card::{score_card, SeatFacts};
        if !game.is_over() {
            return None;
        }
        let names = self.table_names().all_said(&self.row.lang);
        let facts: Vec<SeatFacts> = self
            .seats
            .iter()
            .map(|s| SeatFacts {
                automatic: s.is_auto(),
            })
            .collect();
        Some(score_card(
            self.row.id,
            game,
            &names,
            &self.standings(game),
            &facts,
            self.row.practice,
        ))
    }

    /// The seats whose person was voted out for being idle.
    pub fn voted_out(&self) -> Vec<Seat> {
        voted_out(&self.seats)
    }

    /// Who won `game` (a position of this game) and every seat's place,
    /// the seats voted out ranked last: the one answer every reply, record,
    /// result, rating, card and picture gives.
    pub fn standings(&self, game: &Game) -> Standings {
        game.standings(&self.voted_out())
    }

    /// Its game record (docs/commands.md), as JSON.
    pub fn record(&self) -> serde_json::Value {
        record::game_record(&self.row, &self.seats, &self.log, self.game.as_ref())
    }

    /// Its game record as the file `export` writes.
    pub fn export_bytes(&self) -> Vec<u8> {
        record::export_bytes(&self.row, &self.seats, &self.log, self.game.as_ref())
    }

    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == user_id)
            .map(|s| s.seat)
    }

    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// What controls are made from: this game's id and log length, the
    /// position `game`, the `names` by seat, and the seat that may take
    /// back the last move now (`undo`).
    pub fn view<'a>(
        &'a self,
        game: &'a Game,
        names: &'a Names,
        undo: Option<Seat>,
    ) -> crate::view::controls::View<'a> {
        crate::view::controls::View {
            game_id: self.row.id,
            seq: self.seq(),
            game,
            names,
            undo,
            lang: &self.row.lang,
        }
    }

    /// How the table's players are named to a reader: a computer player by
    /// the catalogue's name for its level, in the reader's language.
    pub fn table_names(&self) -> Names {
        table_names(&self.seats)
    }

    /// `game` as a reader of `lang` is shown it: its computer players named
    /// in their language (for what is drawn or laid out in that language:
    /// the pictures, the table in characters).
    pub fn shown(&self, game: &Game, lang: &Lang) -> Game {
        game.clone().named(&self.table_names().all_said(lang))
    }

    /// The seat a command names: by id, mention or name (a computer player
    /// also by its name in any language the bot speaks); else why not.
    pub fn resolve(&self, who: &str) -> Result<Seat, Text> {
        let id = who
            .trim()
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_end_matches('>');
        let names = self.table_names();
        self.seats
            .iter()
            .position(|s| s.user_id == id)
            .or_else(|| names.find(who))
            .or_else(|| names.find(&crate::view::text_table::safe_name(who)))
            .ok_or_else(|| {
                Text::msg("play-nobody-called")
                    .arg("name", who.trim())
                    .arg("players", language::listed(names.texts()))
            })
    }

    pub fn setup(&self) -> Result<Setup, Damage> {
        self.row
            .setup
            .clone()
            .ok_or_else(|| Damage::Setup("no setup stored".into()))
    }

    /// The length of the log: the number controls and stale checks use.
    pub fn seq(&self) -> i64 {
        self.log.len() as i64
    }

    /// The moves in force after the first `n` entries of the log: its moves
    /// less those taken back by an undo among those entries. An undo always
    /// takes back the last move in force.
    pub fn live(&self, n: usize) -> Result<Vec<(&MoveRow, &Action)>, Damage> {
        let mut live: Vec<(&MoveRow, &Action)> = Vec::new();
        for m in self.log.iter().take(n) {
            match &m.entry {
                Entry::Move(action) => live.push((m, action)),
                Entry::Undo { of } => match live.last() {
                    Some((last, _)) if last.seq == *of => {
                        live.pop();
                    }
                    _ => {
                        return Err(Damage::Replay(
                            m.seq,
                            format!("it takes back move {of}, which is not the last move in force"),
                        ))
                    }
                },
            }
        }
        Ok(live)
    }

    /// Sequence numbers of the moves taken back anywhere in the log.
    pub fn withdrawn(&self) -> std::collections::BTreeSet<i64> {
        self.log
            .iter()
            .filter_map(|m| match m.entry {
                Entry::Undo { of } => Some(of),
                Entry::Move(_) => None,
            })
            .collect()
    }

    /// The game after the first `n` entries of the log.
    /// The position right after entry `n` (from 1) of the log, and what
    /// that entry did (nothing for an undo): the table a history move and a
    /// web page's slider show.
    pub fn after_entry(&self, n: usize) -> Result<(Game, Vec<Event>), Damage> {
        match self.log.get(n.wrapping_sub(1)).and_then(|m| m.action()) {
            Some(action) => {
                let mut game = self.replay_to(n - 1)?;
                let events = game.apply(self.log[n - 1].seat, action).unwrap_or_default();
                Ok((game, events))
            }
            None => Ok((self.replay_to(n)?, Vec::new())),
        }
    }

    pub fn replay_to(&self, n: usize) -> Result<Game, Damage> {
        self.replay_to_live(&self.live(n)?)
    }

    /// The game after these moves (from [`Loaded::live`]).
    pub fn replay_to_live(&self, live: &[(&MoveRow, &Action)]) -> Result<Game, Damage> {
        let mut game = Game::new(self.setup()?).map_err(|e| Damage::Setup(e.to_string()))?;
        for (m, action) in live {
            game.apply(m.seat, action)
                .map_err(|r| Damage::Replay(m.seq, r.to_string()))?;
        }
        Ok(game)
    }
}

/// Loads a game's seats and log and replays it, checking the snapshot.
pub async fn load(
    conn: &mut sqlx::AnyConnection,
    row: GameRow,
) -> anyhow::Result<Result<Loaded, Damage>> {
    let seats = store::seats(conn, row.id).await?;
    let log = match store::moves(conn, row.id).await {
        Ok(log) => log,
        Err(e) => match e.downcast_ref::<store::UnreadableEntry>() {
            Some(entry) => return Ok(Err(Damage::Unreadable(entry.seq, entry.why.clone()))),
            None => return Err(e),
        },
    };
    let mut loaded = Loaded {
        row,
        seats,
        log,
        game: None,
    };
    if loaded.row.status == GameStatus::Lobby {
        return Ok(Ok(loaded));
    }
    let game = match loaded.replay_to(loaded.log.len()) {
        Ok(game) => game,
        Err(damage) => return Ok(Err(damage)),
    };
    if loaded.seq() != loaded.row.move_count {
        return Ok(Err(Damage::Count(loaded.row.move_count, loaded.seq())));
    }
    // The snapshot is a cache of the log's replay (ARCHITECTURE.md, the
    // stored format): one this build cannot read, or that differs, is not
    // damage. The replay stands, and the next move writes it again.
    if let Some(snapshot) = &loaded.row.snapshot {
        let id = loaded.row.id;
        match serde_json::from_str::<Game>(snapshot) {
            Ok(cached) if cached == game => {}
            Ok(_) => tracing::warn!(
                game = id,
                "game #{id}'s cached state differs from its log: the log's replay stands"
            ),
            Err(e) => tracing::warn!(
                game = id,
                "game #{id}'s cached state cannot be read ({e}): the log's replay stands"
            ),
        }
    }
    loaded.game = Some(game);
    Ok(Ok(loaded))
}

/// Draws the pictures a reply carries. The referee asks; it never draws.
pub trait Painter: Send + Sync {
    /// The whole table after a move (highlighting what the events changed).
    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>>;
    /// [`Painter::table`] with what the table shows beyond the game itself
    /// (a practice game says so). A painter that shows nothing more draws
    /// the plain table.
    fn table_noted(
        &self,
        game: &Game,
        events: &[Event],
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = note;
        self.table(game, events)
    }
    /// One zoo, large, its words in `lang` (the game's).
    fn zoo(&self, game: &Game, seat: Seat, lang: &Lang) -> anyhow::Result<Vec<u8>>;
    /// [`Painter::zoo`] with what the picture shows beyond the game itself
    /// (whether the seat won, from `note.standings`). A painter that shows
    /// nothing more draws the plain zoo.
    fn zoo_noted(&self, game: &Game, seat: Seat, note: TableNote) -> anyhow::Result<Vec<u8>> {
        self.zoo(game, seat, &note.lang)
    }
    /// A finished game's score card (its final scores by category, who won
    /// and on what), its words in `lang` (the game's). A painter that draws
    /// no card says so.
    fn score_card(
        &self,
        card: &crate::view::score_card::ScoreCard,
        lang: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = (card, lang);
        anyhow::bail!("this painter draws no score card")
    }
    /// Where things are on the picture [`Painter::table_noted`] draws for
    /// the same game and note: the places a web page makes clickable. A
    /// painter that draws no table places nothing.
    fn places(&self, game: &Game, note: &TableNote) -> anyhow::Result<Places> {
        let _ = (game, note);
        anyhow::bail!("this painter draws no table")
    }
    /// The table at a reviewed decision: `game` the position before it,
    /// what `events` changed marked (those of the move played and of the
    /// move preferred, each on a copy), under `captions` (one bar a line,
    /// said in `note.lang`); decision `position` of `count`. A painter that
    /// draws no table says so.
    fn review_table(
        &self,
        game: &Game,
        events: &[Event],
        captions: &[String],
        position: usize,
        count: usize,
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = (game, events, captions, position, count, note);
        anyhow::bail!("this painter draws no table")
    }
    /// The whole game as an animated GIF, from its setup and the moves in
    /// force, fitting `ask.max_bytes`. A painter that cannot animate says so.
    fn replay(
        &self,
        setup: &Setup,
        moves: &[(Seat, Action)],
        ask: &ReplayAsk,
    ) -> anyhow::Result<ReplayMade> {
        let _ = (setup, moves, ask);
        anyhow::bail!("this painter does not make replays")
    }
}

/// What a table's picture shows beyond the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableNote {
    /// A player chose the order of the tiles: the game is practice.
    pub practice: bool,
    /// The language of its words: the game's.
    pub lang: Lang,
    /// The players' names as the picture shows them, by seat, in `lang`
    /// (a computer player's in that language); none: the game's own.
    pub names: Vec<String>,
    /// Who won and every seat's place in the position drawn, the seats
    /// voted out ranked last ([`Loaded::standings`]): the picture crowns
    /// whom they say.
    pub standings: Standings,
}

/// What a replay is asked to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayAsk {
    /// The largest file that may be uploaded.
    pub max_bytes: usize,
    /// How long each frame shows, in milliseconds.
    pub frame_ms: u32,
    /// The language of its captions and tables: the game's.
    pub lang: Lang,
    /// The standings of the last position, the seats voted out ranked
    /// last: its last frame names whom they say won.
    pub standings: Standings,
}

/// A replay made, and what was done to make it fit.
#[derive(Debug, Clone)]
pub struct ReplayMade {
    pub gif: Vec<u8>,
    /// Frames in the GIF, and frames left out to fit the size limit.
    pub frames: usize,
    pub dropped: usize,
    /// Whether the pictures were drawn smaller than the posted table to fit,
    /// and at what size against it (1.0 the same).
    pub scaled_down: bool,
    pub scale: f32,
}

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
        }
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
        if let (true, Some(guild), Command::Games { .. } | Command::Stats { .. }) =
            (reply.accepted, &req.guild, &req.command)
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

/// Every legal move of whoever must act, as command text (`draw truck:1`),
/// in the engine's order; empty when nobody may act.
pub fn legal_commands(loaded: &Loaded) -> Vec<String> {
    let Some(game) = &loaded.game else {
        return Vec::new();
    };
    let Some(seat) = game.to_act() else {
        return Vec::new();
    };
    let names = loaded.names();
    game.legal_actions(seat)
        .iter()
        .map(|a| Command::from_action(a, &names).words())
        .collect()
}

/// The seats of these whose person was voted out for being idle.
pub(crate) fn voted_out(seats: &[SeatRow]) -> Vec<Seat> {
    seats
        .iter()
        .filter(|s| s.removed_at.is_some())
        .map(|s| s.seat)
        .collect()
}

/// The refusal for a damaged game, logged loudly.
pub(crate) fn damaged(game_id: i64, damage: &Damage) -> Reply {
    tracing::error!(
        game = game_id,
        "game #{game_id} is damaged and will not be played on: {damage}"
    );
    Reply::refused(
        Text::msg("damaged")
            .arg("game", game_id.to_string())
            .arg("damage", damage.to_string()),
    )
}

/// How a table's players are named to a reader (see [`Loaded::table_names`]).
pub(crate) fn table_names(seats: &[SeatRow]) -> Names {
    Names::new(seats.iter().map(|s| (s.name.clone(), computer(s))))
}

/// The computer player a seat holds: seated by `addbot` (its id says so, and
/// its name is its level's, numbered when the level sat there already). A
/// person voted out, whose seat the computer plays, keeps their name.
fn computer(seat: &SeatRow) -> Option<Computer> {
    if !seat.user_id.starts_with(lobby::BOT_ID_PREFIX) {
        return None;
    }
    let level: crate::cpu::Level = seat.auto.as_deref()?.parse().ok()?;
    let base = lobby::bot_name(level);
    let n = if seat.name == base {
        1
    } else {
        seat.name
            .strip_prefix(base.as_str())?
            .strip_prefix(' ')?
            .parse()
            .ok()?
    };
    Some(Computer { level, n })
}
