//! Computer players: given a game and a seat, one legal action.
//!
//! The referee seats computer players beside people, and a player may ask for a
//! hint; both need a move chosen from [`Game::legal_actions`] alone. This module
//! is pure like the engine: no I/O, no clock, no async, no Discord, no database.
//! A search is bounded by work alone (its [`Budget`] of playouts), never by
//! time: on a busy machine a decision takes longer, but it is the same
//! decision.
//!
//! # Levels
//! - [`Level::Easy`]: a random legal action, uniform over action kinds first
//!   ([`engine::playout::kind`](crate::engine::playout::kind)), so it draws,
//!   takes and spends coins rather than only expanding.
//! - [`Level::Normal`]: greedy. Every action gets an immediate evaluation (see
//!   [`eval`]): placements, hires and money actions are applied to a copy and
//!   the position is valued; draws and takes are valued by what the truck's
//!   tiles are worth to the player (points now, basin room, depot risk, coins),
//!   a draw by the expected worth of the unseen tile it adds, less the risk that
//!   the players still without a truck take it first.
//! - [`Level::Strong`]: Monte Carlo over determinized futures (see [`strong`]).
//!   The greedy evaluation prunes the legal actions to a few candidates; each
//!   future re-deals the unseen tiles, plays every candidate on it with a fast
//!   policy for all players to a horizon, and values the result; the candidate
//!   with the best mean wins.
//!
//! # Invariants
//! - [`choose`] returns an element of `game.legal_actions(seat)`, and `None`
//!   exactly when that list is empty (not the seat's turn, or the game is over).
//! - No computer player reads the hidden order of the draw pile or the reserve:
//!   the normal player uses only the counts of unseen tiles; the strong player
//!   searches on copies re-dealt with [`Game::redeal_hidden`], which hands it the
//!   unseen tiles sorted, so the real order cannot reach its choice.
//! - Each decision draws from its own random stream, keyed by the game's seed,
//!   the move number, the seat and the level: the position, the seed and the
//!   level decide the choice, whatever the machine's load (the search stops
//!   when its playouts are spent, never at a deadline). Two games that differ
//!   only in the order of their unseen tiles get the same choice at every
//!   level. Replays never depend on this: the move log records the chosen
//!   action.
//! - Nothing here panics on a legal position of 2 to 5 players: every fallback
//!   ends in an action taken from `legal_actions`.

pub mod easy;
pub mod eval;
pub mod fast;
pub mod normal;
pub mod review;
pub mod strong;
pub mod tournament;

use crate::engine::{Action, Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// How well a computer player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Normal,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Level {
    type Err = crate::engine::BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.word() == word)
            .ok_or_else(|| crate::engine::BadWord::Level(s.trim().to_string()))
    }
}

/// How much searching a decision may do. Only the strong player searches; the
/// other levels ignore the budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Simulated futures in all, shared among the candidates.
    pub playouts: u32,
    /// Candidates kept after pruning by the greedy evaluation.
    pub candidates: usize,
    /// Rounds played past the current one before a future is valued; 0 stops
    /// at the end of the current round.
    pub horizon_rounds: u32,
}

impl Budget {
    /// The budget a level plays with in production.
    pub fn for_level(level: Level) -> Budget {
        match level {
            Level::Easy | Level::Normal => Budget {
                playouts: 0,
                candidates: 1,
                horizon_rounds: 0,
            },
            // Measured with `cargo bench --bench cpu`: strength hardly moves
            // between 120 and 480 playouts, horizons of 0 to 2 rounds or 6 to 10
            // candidates. The playouts are the only bound on a decision's work
            // (there is no deadline), so this is sized for the slowest
            // positions: p99 within 250 ms on one busy core (BENCHMARKS.md).
            Level::Strong => Budget {
                playouts: 320,
                candidates: 8,
                horizon_rounds: 1,
            },
        }
    }
}

/// A suggested move and why (`crate::lang::engine::hint_reason` says it).
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    pub action: Action,
    pub reason: Reason,
}

/// Why the hint's move was chosen: the numbers of the search.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// It is the only legal move.
    Only,
    /// No search was possible: the first legal move.
    First,
    /// The best immediate evaluation; no future was simulated.
    Immediate,
    /// The search played the move on `futures` futures.
    Searched {
        futures: u32,
        /// Share of the futures in which the player led at the horizon.
        ahead: f32,
        /// Share of the futures that reached the end of the game.
        finished: f32,
        /// Mean points over the next best candidate, if there was one.
        margin: Option<f32>,
    },
}

/// The action `level` plays for `seat`, with the production budget; `None` when
/// the seat has no legal action.
pub fn choose(game: &Game, seat: Seat, level: Level) -> Option<Action> {
    choose_with(game, seat, level, &Budget::for_level(level))
}

/// The action `level` plays for `seat` within `budget`.
pub fn choose_with(game: &Game, seat: Seat, level: Level, budget: &Budget) -> Option<Action> {
    let legal = game.legal_actions(seat);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    let mut rng = decision_rng(game, seat, level);
    let chosen = match level {
        Level::Easy => easy::choose(&legal, &mut rng),
        Level::Normal => normal::choose(game, seat, &legal),
        Level::Strong => {
            strong::search(game, seat, &legal, budget, &mut rng).map(|verdict| verdict.action)
        }
    };
    // Every path above picks from `legal`; keep the promise even if one did not.
    match chosen {
        Some(action) if legal.contains(&action) => Some(action),
        _ => legal.into_iter().next(),
    }
}

/// The strong player's move for `seat`, with what its search saw.
pub fn hint(game: &Game, seat: Seat) -> Option<Hint> {
    let legal = game.legal_actions(seat);
    match legal.len() {
        0 => None,
        1 => legal.into_iter().next().map(|action| Hint {
            action,
            reason: Reason::Only,
        }),
        _ => {
            let mut rng = decision_rng(game, seat, Level::Strong);
            let budget = Budget::for_level(Level::Strong);
            match strong::search(game, seat, &legal, &budget, &mut rng) {
                Some(verdict) if legal.contains(&verdict.action) => Some(Hint {
                    reason: verdict.reason(),
                    action: verdict.action,
                }),
                _ => legal.into_iter().next().map(|action| Hint {
                    action,
                    reason: Reason::First,
                }),
            }
        }
    }
}

/// The random stream of one decision: the game's seed, the move number, the
/// seat and the level, mixed so that nearby values give unrelated streams.
pub(crate) fn decision_rng(game: &Game, seat: Seat, level: Level) -> ChaCha8Rng {
    let mut key = mix(game.setup().seed);
    key = mix(key ^ u64::from(game.moves()));
    key = mix(key ^ seat as u64);
    key = mix(key ^ level as u64);
    ChaCha8Rng::seed_from_u64(key)
}

/// SplitMix64's finaliser.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_their_words_in_any_case_and_explain_a_wrong_one() {
        for level in Level::ALL {
            assert_eq!(level.word().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.word());
        }
        assert_eq!(" STRONG ".parse::<Level>(), Ok(Level::Strong));
        let err = "hard".parse::<Level>().unwrap_err();
        assert_eq!(err, crate::engine::BadWord::Level("hard".into()));
    }

    #[test]
    fn decision_streams_differ_by_move_seat_and_level() {
        let a = mix(mix(mix(mix(7) ^ 3) ^ 1) ^ 2);
        let b = mix(mix(mix(mix(7) ^ 4) ^ 1) ^ 2);
        assert_ne!(a, b);
    }
}
