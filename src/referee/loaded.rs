//! A game as loaded ([`Loaded`]): its row, seats and move log, replayed to
//! its state (the log is the truth, the snapshot a cache), and what is read
//! from its seats (the computer players, the voted out, the table's names).

use super::{language, record, Reply};
use crate::command::Command;
use crate::engine::{Action, Event, Game, Seat, Setup, Standings};
use crate::lang::{Computer, Lang, Names, Text};
use crate::store::{self, Entry, GameRow, MoveRow, SeatRow};
use crate::store::{GameStatus, Pause};

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

    /// Its settings in force (a change made during the game waits for the
    /// next turn: [`Loaded::next_settings`]).
    pub fn settings(&self) -> crate::store::Settings {
        self.row.settings
    }

    /// The settings it takes at its next turn, if any changed during this
    /// one.
    pub fn next_settings(&self) -> Option<crate::store::NextSettings> {
        self.row.next_settings
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
                out_of_time: s.ran_out_of_time(),
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
pub(super) fn computer(seat: &SeatRow) -> Option<Computer> {
    if !seat.user_id.starts_with(BOT_ID_PREFIX) {
        return None;
    }
    let level: crate::cpu::Level = seat.auto.as_deref()?.parse().ok()?;
    let base = bot_name(level);
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

/// The ids of computer players' seats start so; a Discord id is a number and
/// a terminal player's id a name without a colon, so none can look alike.
pub const BOT_ID_PREFIX: &str = "bot:";

/// A computer player's name: its level, e.g. "Strong bot".
pub(super) fn bot_name(level: crate::cpu::Level) -> String {
    let word = level.word();
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => format!("{}{} bot", first.to_uppercase(), chars.as_str()),
        None => "bot".to_string(),
    }
}
