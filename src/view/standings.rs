//! A tournament's standings as their picture shows them, free of any
//! drawing: the head (the tournament, where it stands), then a row a
//! player, best first, as many as [`MOST_ROWS`], and how many more there
//! are. Every number is the standings' own (`crate::tournament`): the
//! card ranks nobody itself.

use crate::lang::Text;

/// The most players a picture shows; the rest are counted under them
/// (`tournament standings` lists everyone in words).
pub const MOST_ROWS: usize = 30;

/// A tournament's standings, as the picture shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsCard {
    /// The head: the tournament's title, status, rounds and players.
    pub head: Text,
    /// The players shown, best first.
    pub rows: Vec<StandingsRow>,
    /// Players ranked below the last row shown.
    pub left_out: usize,
}

/// One player's row.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsRow {
    /// 1 the first; no two share one.
    pub place: usize,
    /// The name they signed up by.
    pub name: String,
    /// Tournament points, said as a number (a half shown as such).
    pub points: Text,
    /// Tables played, and byes.
    pub games: u32,
    pub byes: u32,
    /// The games' scores added up.
    pub game_points: i64,
    /// The opponents' points (a mean at each table, summed), said as a
    /// number.
    pub buchholz: Text,
}
