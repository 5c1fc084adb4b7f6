//! Seats that play by themselves: computer players (`/aq addbot`), seats
//! whose person was voted out for being idle (or ran out of time three
//! times), the turns of a person away in a game whose settings let the
//! computer play them (`away:`), and the turn of a person whose clock ran
//! out (`clock:`, see `clocks.rs`). Whenever such a seat must act,
//! its moves are chosen by [`crate::cpu`] and go through the log like any
//! move (recorded with the level that chose them), one transaction each.
//!
//! The search runs off the async workers (a blocking task) and outside any
//! transaction: the game is read, the move chosen, then the game is loaded
//! again under the write lock and the move applied only if nothing changed in
//! between. A search is bounded by its work (the level's playouts), never by
//! a deadline: the position, the game's seed and the level decide the move,
//! however busy the machine, so a game can be replayed and checked.

use super::play::NewEntry;
use super::{load, Loaded, Referee};
use crate::command::Command;
use crate::cpu::{self, Level};
use crate::engine::{Event, Game, Seat};
use crate::lang::Text;
use crate::store::{self, Entry, GameStatus};
/// The level that plays an away player's turns (`/aq game settings away:`).
pub const AWAY_LEVEL: Level = Level::Normal;
/// Automatic moves played in one go at most: a whole game, and then some.
const MAX_CHAIN: usize = 2_000;

/// What automatic seats played: a line per move, and the game after them.
pub(super) struct Automatic {
    pub loaded: Loaded,
    pub game: Game,
    pub lines: Vec<Text>,
    /// The events of the last automatic move (for the picture's highlight).
    pub events: Vec<Event>,
}

impl Referee {
    /// Plays every automatic seat to act in `game_id`, until a person must
    /// act or the game ends. `None` when no automatic seat was to act.
    pub(super) async fn play_automatic(&self, game_id: i64) -> anyhow::Result<Option<Automatic>> {
        let mut played: Option<Automatic> = None;
        let mut lines = Vec::new();
        // The seat whose timed-out turn is being played, once said.
        let mut told: Option<Seat> = None;
        for _ in 0..MAX_CHAIN {
            let Some((loaded, seat, level, why)) = self.automatic_to_act(game_id).await? else {
                break;
            };
            if why == Why::OutOfTime && told != Some(seat) {
                told = Some(seat);
                let held = &loaded.seats[seat];
                lines.push(
                    super::clocks::most_text("clocks-ran-out")
                        .arg("name", held.name.clone())
                        .arg("level", level.to_string())
                        .arg("count", held.clock_timeouts + 1),
                );
            }
            let Some(game) = loaded.game.clone() else {
                break;
            };
            let played_move = match self.computer_move(&loaded, game, seat, level).await? {
                Computed::Played(played_move) => played_move,
                Computed::Raced => continue,
                Computed::Gone | Computed::NoMove => break,
                Computed::Refused(refusal) => {
                    tracing::error!(game = game_id, "a computer move was refused: {refusal}");
                    break;
                }
            };
            let ComputerMove {
                loaded,
                game: after,
                events,
                was_auto: handed,
            } = *played_move;
            let names = loaded.names();
            lines.push(crate::lang::engine::narrate(&events, &names));
            if !handed && why == Why::OutOfTime && loaded.seats[seat].is_auto() {
                // The turn that ended was its third out of time.
                lines.push(
                    super::clocks::most_text("clocks-handed-over")
                        .arg("name", loaded.seats[seat].name.clone())
                        .arg("level", super::clocks::TIMEOUT_LEVEL.to_string()),
                );
            }
            played = Some(Automatic {
                loaded,
                game: after,
                lines: Vec::new(),
                events,
            });
        }
        Ok(played.map(|mut p| {
            p.lines = lines;
            p
        }))
    }

    /// One move of the computer at `seat`, chosen at `level` from `game`
    /// (read as `read`, outside any transaction), then applied under the
    /// write lock only if nothing moved meanwhile, recorded with the level
    /// that chose it, and committed. Every loop of computer moves (the
    /// automatic seats here, a round's deadline in `rounds.rs`) plays
    /// through it.
    pub(super) async fn computer_move(
        &self,
        read: &Loaded,
        game: Game,
        seat: Seat,
        level: Level,
    ) -> anyhow::Result<Computed> {
        let game_id = read.row.id;
        let seq = read.seq();
        let chosen = {
            let game = game.clone();
            tokio::task::spawn_blocking(move || cpu::choose(&game, seat, level)).await?
        };
        let Some(action) = chosen else {
            return Ok(Computed::NoMove);
        };
        let mut tx = self.store.write_in(&read.row.channel).await?;
        let Some(row) = store::game_by_id(&mut tx, game_id).await? else {
            return Ok(Computed::Gone);
        };
        if row.move_count != seq || row.status != GameStatus::Running {
            // Someone else moved meanwhile: look again.
            return Ok(Computed::Raced);
        }
        let Ok(loaded) = load(&mut tx, row).await? else {
            return Ok(Computed::Gone);
        };
        let mut after = game;
        let events = match after.apply(seat, &action) {
            Ok(events) => events,
            Err(refusal) => return Ok(Computed::Refused(refusal.to_string())),
        };
        let names = loaded.names();
        let command = Command::from_action(&action, &names).to_text();
        let user = loaded.seats[seat].user_id.clone();
        let was_auto = loaded.seats[seat].is_auto();
        let new = NewEntry {
            seat,
            user_id: &user,
            command: &command,
            entry: Entry::Move(action),
            auto: Some(level.word()),
            turn_passed: super::play::passes_turn(&events),
        };
        let Some(loaded) = self.append(&mut tx, loaded, new, &after).await? else {
            return Ok(Computed::Raced);
        };
        tx.commit().await?;
        Ok(Computed::Played(Box::new(ComputerMove {
            loaded,
            game: after,
            events,
            was_auto,
        })))
    }

    /// The game, and the automatic seat to act with its level and why it
    /// plays, if one is.
    async fn automatic_to_act(
        &self,
        game_id: i64,
    ) -> anyhow::Result<Option<(Loaded, Seat, Level, Why)>> {
        let mut tx = self.store.read().await?;
        let Some(row) = store::game_by_id(&mut tx, game_id).await? else {
            return Ok(None);
        };
        if row.status != GameStatus::Running {
            return Ok(None);
        }
        let Ok(loaded) = load(&mut tx, row).await? else {
            return Ok(None);
        };
        let Some(seat) = loaded.game.as_ref().and_then(Game::to_act) else {
            return Ok(None);
        };
        let Some(held) = loaded.seats.get(seat) else {
            return Ok(None);
        };
        if let Some(level) = held.auto.as_deref() {
            return Ok(level
                .parse::<Level>()
                .ok()
                .map(|level| (loaded, seat, level, Why::Seat)));
        }
        let now = self.clock.now();
        // A person whose clock ran out.
        if super::clocks::deadline(&loaded).is_some_and(|at| at <= now) {
            return Ok(Some((
                loaded,
                seat,
                super::clocks::TIMEOUT_LEVEL,
                Why::OutOfTime,
            )));
        }
        // A person away, in a game that lets the computer play their turns
        // once its grace is over.
        let due = loaded.row.settings.away_after.is_some()
            && loaded.row.turn.auto_at.is_some_and(|at| at <= now)
            && store::person(&mut tx, &held.user_id).await?.away_at(now);
        Ok(due.then_some((loaded, seat, AWAY_LEVEL, Why::Away)))
    }
}

/// What came of one computer move ([`Referee::computer_move`]).
pub(super) enum Computed {
    /// Played and committed.
    Played(Box<ComputerMove>),
    /// Someone moved meanwhile: nothing done, look again.
    Raced,
    /// The game is gone, or cannot be loaded.
    Gone,
    /// The computer found no move.
    NoMove,
    /// The engine refused the computer's move (a defect): why.
    Refused(String),
}

/// A computer move played: the game after it, as recorded.
pub(super) struct ComputerMove {
    pub loaded: Loaded,
    pub game: Game,
    pub events: Vec<Event>,
    /// The seat was already the computer's before the move.
    pub was_auto: bool,
}

/// Why an automatic seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// A computer player, or a seat handed to the computer.
    Seat,
    /// A person away, past the game's grace.
    Away,
    /// A person whose clock ran out.
    OutOfTime,
}
