//! Tournaments, as arithmetic: who sits at which table in each round, and
//! the standings the results make. Pure like the engine: no I/O, no clock
//! read, no words; the same entrants, results and seed give the same rounds.
//! Entrants are plain ids ([`EntrantId`]) in sign-up order; whoever runs a
//! tournament keeps the rounds and their results and asks again.
//!
//! # Points by place
//!
//! At a table of `n` players the first place scores 12 points, the last 0,
//! and the places between are evenly spaced ([`points_for_place`]): a table
//! of 2 gives 12/0, of 3 gives 12/6/0, of 4 gives 12/8/4/0 and of 5 gives
//! 12/9/6/3/0. A place shared by several players (equal on points and
//! coins, as the game ranks them) gives each the mean of the places they
//! share, so 5-player tables can give half points ([`Points`] counts
//! halves). Every table hands out 6 points a seat on average, whatever its
//! size, so tables of different sizes in one round weigh the same.
//!
//! A **bye** (a round without a table: for a lone player, [`layout`]; and
//! in a round-robin pool of an odd number at tables of 2, each player once,
//! [`round_robin`]) scores [`BYE`], 6 points: the mean of any table, the
//! middle place of a table of 3. It scores no game points.
//!
//! # Standings
//!
//! [`standings::standings`] orders the entrants by tournament points, then
//! by these tie-breaks in turn ([`TieBreak`]):
//! 1. total game points (the Aquaretto scores of every game played);
//! 2. Buchholz: at each table the mean of the opponents' tournament points,
//!    summed over the tables played (a mean, so that a table of 4 counts as
//!    much as a table of 3; a bye adds nothing);
//! 3. head to head: among the players still equal, each scores one for
//!    every tied player they finished above at a table they shared, minus
//!    one for every one they finished below;
//! 4. sign-up order (the earlier first).
//!
//! # Tables
//!
//! Every format seats players by the same rule ([`layout::layout`]): tables
//! of the chosen size, or one seat fewer or more where the count does not
//! divide, all within one seat of each other, as many tables as bring the
//! mean closest to the chosen size (fewer, larger tables on a tie); never
//! outside 2..=5. A count that cannot be seated within one seat of the
//! chosen size (2, 3, 6, 7 or 11 players at tables of 5; 2 players at
//! tables of 4) gets tables as even as possible. So a bye is needed only by a lone
//! player (and, by the circle method, in a round-robin pool of an odd
//! number at tables of 2). The formats: multiplayer Swiss ([`swiss`]),
//! round-robin pools ([`round_robin`]) and top-N elimination
//! ([`elimination`]).

pub mod elimination;
pub mod layout;
pub mod round_robin;
pub mod season;
pub mod standings;
pub mod swiss;

mod grouping;

pub use standings::{standings, Standing, TieBreak};

use serde::{Deserialize, Serialize};
use std::fmt;

/// An entrant: whatever id the caller keeps for a person (a Discord id, a
/// name in the terminal).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntrantId(pub String);

impl EntrantId {
    pub fn new(id: impl Into<String>) -> EntrantId {
        EntrantId(id.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EntrantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The players at a table the organiser chose: 2 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct TableSize(u8);

/// A table size outside 2..=5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a table seats 2 to 5 players, not {0}")]
pub struct BadTableSize(pub u8);

impl TableSize {
    pub const MIN: u8 = 2;
    pub const MAX: u8 = 5;

    pub fn new(players: u8) -> Result<TableSize, BadTableSize> {
        if (Self::MIN..=Self::MAX).contains(&players) {
            Ok(TableSize(players))
        } else {
            Err(BadTableSize(players))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    pub(crate) fn seats(self) -> usize {
        usize::from(self.0)
    }
}

impl TryFrom<u8> for TableSize {
    type Error = BadTableSize;
    fn try_from(players: u8) -> Result<TableSize, BadTableSize> {
        TableSize::new(players)
    }
}

impl From<TableSize> for u8 {
    fn from(size: TableSize) -> u8 {
        size.0
    }
}

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "format")]
pub enum Format {
    /// Multiplayer Swiss ([`swiss`]): each round's tables by the standings,
    /// never the same pair twice while avoidable.
    Swiss { rounds: u32 },
    /// Round-robin pools ([`round_robin`]) of at most `pool_size` players:
    /// everyone meets everyone in their pool.
    RoundRobin { pool_size: u32 },
    /// Top-N elimination ([`elimination`]): the first `top` of the
    /// standings (or of the sign-up order) play; each table's winner
    /// advances until one table's winner wins.
    Elimination { top: u32 },
}

/// A format without its numbers: what an organiser chooses and a store
/// keeps (`swiss`, `round_robin`, `elimination`), the numbers of
/// [`Format`] settled when the rounds are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormatKind {
    Swiss,
    RoundRobin,
    Elimination,
}

impl FormatKind {
    pub const ALL: [FormatKind; 3] = [
        FormatKind::Swiss,
        FormatKind::RoundRobin,
        FormatKind::Elimination,
    ];

    /// Its word: `swiss`, `round_robin` or `elimination`.
    pub const fn word(self) -> &'static str {
        match self {
            FormatKind::Swiss => "swiss",
            FormatKind::RoundRobin => "round_robin",
            FormatKind::Elimination => "elimination",
        }
    }

    /// The format of a word (case-insensitive; `round-robin` too).
    pub fn from_word(word: &str) -> Option<FormatKind> {
        let word = word.trim().to_ascii_lowercase().replace('-', "_");
        FormatKind::ALL.into_iter().find(|k| k.word() == word)
    }
}

impl Format {
    pub fn kind(&self) -> FormatKind {
        match self {
            Format::Swiss { .. } => FormatKind::Swiss,
            Format::RoundRobin { .. } => FormatKind::RoundRobin,
            Format::Elimination { .. } => FormatKind::Elimination,
        }
    }
}

/// Tournament points, counted in halves (a place shared at a table of 5
/// can give half a point).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(u32);

impl Points {
    pub const ZERO: Points = Points(0);

    pub const fn whole(points: u32) -> Points {
        Points(points * 2)
    }

    pub const fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    pub const fn halves(self) -> u32 {
        self.0
    }

    /// The whole points, leaving out a half.
    pub const fn whole_part(self) -> u32 {
        self.0 / 2
    }

    pub const fn has_half(self) -> bool {
        self.0 % 2 == 1
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// What the first place at a table scores, whatever its size.
pub const FIRST: Points = Points::whole(12);

/// What a bye scores: 6 points, the mean of any table.
pub const BYE: Points = Points::whole(6);

/// The points of place `place` (1 the first) at a table of `players`, the
/// place held alone: 12 for the first, 0 for the last, evenly spaced.
/// `None` for a table outside 2..=5 or a place outside it.
pub fn points_for_place(place: usize, players: usize) -> Option<Points> {
    let table = u8::try_from(players)
        .ok()
        .and_then(|n| TableSize::new(n).ok())?;
    if !(1..=table.seats()).contains(&place) {
        return None;
    }
    // 24 halves spread over n - 1 steps: 24, 12, 8 or 6 halves a place.
    let step = FIRST.halves() / (players as u32 - 1);
    Some(Points((players - place) as u32 * step))
}

/// The points of each of `shared` players sharing the place `place` at a
/// table of `players`: the mean of the places `place..place + shared`.
pub fn points_for_shared_place(place: usize, shared: usize, players: usize) -> Option<Points> {
    if shared == 0 {
        return None;
    }
    let mut total = 0;
    for p in place..place + shared {
        total += points_for_place(p, players)?.halves();
    }
    // The places are evenly spaced by an even number of halves, so the mean
    // of consecutive ones is whole in halves.
    debug_assert_eq!(total % shared as u32, 0);
    Some(Points(total / shared as u32))
}

/// Where one player finished at a table.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placing {
    pub entrant: EntrantId,
    /// 1 the first; players equal on every count share a place, and the
    /// next place skips as many (1, 1, 3).
    pub place: usize,
    /// The game's points (the Aquaretto score).
    pub score: i32,
}

/// The placings of one table, checked: 2 to 5 different players whose
/// places are those the game gives (1, 1, 3 and not 1, 1, 2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Placing>", into = "Vec<Placing>")]
pub struct TableResult {
    placings: Vec<Placing>,
}

/// Placings that no table gives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadResult {
    #[error("a table has 2 to 5 players, not {0}")]
    Players(usize),
    #[error("{0} is placed twice at one table")]
    Twice(EntrantId),
    #[error("{0}'s place {1} is not one a game gives")]
    Place(EntrantId, usize),
}

impl TableResult {
    pub fn new(placings: Vec<Placing>) -> Result<TableResult, BadResult> {
        let n = placings.len();
        if !(usize::from(TableSize::MIN)..=usize::from(TableSize::MAX)).contains(&n) {
            return Err(BadResult::Players(n));
        }
        for (i, p) in placings.iter().enumerate() {
            if placings[..i].iter().any(|q| q.entrant == p.entrant) {
                return Err(BadResult::Twice(p.entrant.clone()));
            }
            let better = placings.iter().filter(|q| q.place < p.place).count();
            if p.place != better + 1 {
                return Err(BadResult::Place(p.entrant.clone(), p.place));
            }
        }
        Ok(TableResult { placings })
    }

    pub fn placings(&self) -> &[Placing] {
        &self.placings
    }

    pub fn players(&self) -> usize {
        self.placings.len()
    }

    /// The tournament points of each placing, in the same order.
    pub fn points(&self) -> Vec<Points> {
        let n = self.placings.len();
        self.placings
            .iter()
            .map(|p| {
                let shared = self.placings.iter().filter(|q| q.place == p.place).count();
                // Checked in `new`: the place and the table's size are valid.
                points_for_shared_place(p.place, shared, n).unwrap_or(Points::ZERO)
            })
            .collect()
    }
}

impl TryFrom<Vec<Placing>> for TableResult {
    type Error = BadResult;
    fn try_from(placings: Vec<Placing>) -> Result<TableResult, BadResult> {
        TableResult::new(placings)
    }
}

impl From<TableResult> for Vec<Placing> {
    fn from(result: TableResult) -> Vec<Placing> {
        result.placings
    }
}

/// The players at one table, in seat order (the first plays first).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Table {
    pub seats: Vec<EntrantId>,
}

/// One round: its tables, and the players with a bye.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// 1 the first.
    pub number: u32,
    pub tables: Vec<Table>,
    pub byes: Vec<EntrantId>,
}

impl Round {
    /// Every player the round seats or gives a bye.
    pub fn players(&self) -> impl Iterator<Item = &EntrantId> {
        self.tables
            .iter()
            .flat_map(|t| t.seats.iter())
            .chain(self.byes.iter())
    }
}

/// A round played: each table's result, and the byes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundResult {
    pub tables: Vec<TableResult>,
    pub byes: Vec<EntrantId>,
}

/// What a draw from the seed is for: each has a stream of its own, so that
/// one draw never shifts another.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Draw {
    /// The order of the players before a Swiss round 1, or a round-robin
    /// pool's schedule.
    Order = 1,
    /// Who sits first at each table of a round.
    Seats = 2,
    /// A round-robin pool's own seed.
    Pool = 3,
}

/// The random stream of one draw and round, from the tournament's seed:
/// the same seed and round give the same draw.
pub(crate) fn stream(seed: u64, draw: Draw, number: u32) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(((draw as u64) << 32) | u64::from(number));
    rng
}

/// A table's players in the order they sit, drawn (who plays first).
pub(crate) fn seat_order(
    mut players: Vec<EntrantId>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Vec<EntrantId> {
    use rand::seq::SliceRandom;
    players.shuffle(rng);
    players
}

#[cfg(test)]
mod tests;
