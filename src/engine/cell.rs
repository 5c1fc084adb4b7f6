//! Cells of the fixed zoo grid: columns A-U, rows 1-21
//! (docs/rules-clarifications.md §3).
//!
//! Coordinates never change during a game: the frame always sits at I-M, 9-13
//! and expansions grow around it, so what a player reads off a picture is what
//! the commands accept.

use super::word::BadWord;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Columns A-U.
pub const COLS: u8 = 21;
/// Rows 1-21.
pub const ROWS: u8 = 21;
/// Squares in the grid.
pub const GRID: usize = COLS as usize * ROWS as usize;

/// The frame's top-left square (I9), as zero-based column and row.
pub const FRAME_COL: u8 = 8;
pub const FRAME_ROW: u8 = 8;
/// The frame is 5x5 squares.
pub const FRAME_SIZE: u8 = 5;

/// The frame's layout, top row first: `X` a space, `.` cardboard.
const FRAME_LAYOUT: [&[u8; 5]; 5] = [b".XXX.", b"XXXXX", b"XXXXX", b".XXXX", b"..XX."];

/// A square of the grid, zero-based inside; written `K11` outside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Zero-based row (row 1 is 0). Rows sort first so cells list in reading order.
    row: u8,
    /// Zero-based column (A is 0).
    col: u8,
}

impl Cell {
    /// A cell from zero-based column and row, if it is on the grid.
    pub fn new(col: u8, row: u8) -> Option<Cell> {
        (col < COLS && row < ROWS).then_some(Cell { row, col })
    }

    /// A cell from signed zero-based coordinates, if on the grid.
    pub fn at(col: i32, row: i32) -> Option<Cell> {
        let col = u8::try_from(col).ok()?;
        let row = u8::try_from(row).ok()?;
        Cell::new(col, row)
    }

    pub fn col(self) -> u8 {
        self.col
    }

    pub fn row(self) -> u8 {
        self.row
    }

    /// Index into a grid-sized array.
    pub fn index(self) -> usize {
        self.row as usize * COLS as usize + self.col as usize
    }

    pub fn from_index(index: usize) -> Cell {
        Cell {
            row: (index / COLS as usize) as u8,
            col: (index % COLS as usize) as u8,
        }
    }

    /// The up to four squares sharing an edge.
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        let (c, r) = (self.col as i32, self.row as i32);
        [(c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)]
            .into_iter()
            .filter_map(|(c, r)| Cell::at(c, r))
    }

    /// The up to eight squares around, diagonals included (trainer scoring).
    pub fn surrounding(self) -> impl Iterator<Item = Cell> {
        let (c, r) = (self.col as i32, self.row as i32);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (dc, dr)))
            .filter(|&(dc, dr)| (dc, dr) != (0, 0))
            .filter_map(move |(dc, dr)| Cell::at(c + dc, r + dr))
    }

    /// Inside the 5x5 frame (spaces and cardboard alike).
    pub fn in_frame(self) -> bool {
        (FRAME_COL..FRAME_COL + FRAME_SIZE).contains(&self.col)
            && (FRAME_ROW..FRAME_ROW + FRAME_SIZE).contains(&self.row)
    }

    /// One of the frame's 19 spaces.
    pub fn is_frame_space(self) -> bool {
        self.in_frame()
            && FRAME_LAYOUT[(self.row - FRAME_ROW) as usize][(self.col - FRAME_COL) as usize]
                == b'X'
    }

    /// The 19 spaces of the water zoo board, in reading order.
    pub fn frame_spaces() -> impl Iterator<Item = Cell> {
        (0..GRID)
            .map(Cell::from_index)
            .filter(|c| c.is_frame_space())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad = || BadWord::Cell(t.to_string());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        let col = letter as u8 - b'A';
        if row == 0 {
            return Err(bad());
        }
        Cell::new(col, row - 1).ok_or_else(bad)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn the_frame_has_nineteen_spaces_at_the_fixed_coordinates() {
        let spaces: Vec<String> = Cell::frame_spaces().map(|c| c.to_string()).collect();
        let expected = "J9 K9 L9 I10 J10 K10 L10 M10 I11 J11 K11 L11 M11 J12 K12 L12 M12 K13 L13";
        assert_eq!(spaces.join(" "), expected);
        for corner in ["I9", "M9", "I12", "I13", "J13", "M13"] {
            assert!(
                c(corner).in_frame() && !c(corner).is_frame_space(),
                "{corner}"
            );
        }
    }

    #[test]
    fn cells_are_case_insensitive_and_bounded() {
        assert_eq!(c("k11"), c("K11"));
        assert_eq!(c("A1").to_string(), "A1");
        assert_eq!(c("U21").to_string(), "U21");
        for bad in ["V1", "A22", "A0", "11", "K", "K1x", ""] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }
}
