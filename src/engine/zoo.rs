//! One player's water zoo: the frame, expansion boards, basins and trainers.
//!
//! Invariants kept by every method that changes the zoo:
//! - every animal tile stands on a space (a frame space or an expansion square);
//! - the tiles of one type form one edge-connected basin, at most one per type;
//! - no two tiles of different types share an edge;
//! - the number of types is at most 3 plus the large expansions;
//! - at most two expansion boards of each size.
//!
//! Checks return what blocks the move ([`Blocked`], [`BadExpansion`]), worded by
//! the language layer; they never change the zoo.

use super::cell::{Cell, FRAME_COL, FRAME_ROW, GRID};
use super::tile::{Animal, AnimalTile, Mark};
use super::word::BadWord;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// Basins allowed before any large expansion.
pub const BASE_BASINS: usize = 3;
/// Expansion boards of each size a player owns.
pub const EXPANSIONS_PER_SIZE: usize = 2;

/// The two sizes of expansion board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    /// Three spaces in an L; 1 coin.
    Small,
    /// Four spaces in a square; 2 coins; one more basin.
    Large,
}

impl Size {
    pub fn cost(self) -> u32 {
        match self {
            Size::Small => 1,
            Size::Large => 2,
        }
    }

    pub fn spaces(self) -> usize {
        match self {
            Size::Small => 3,
            Size::Large => 4,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Large => "large",
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Size {
    type Err = BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "small" | "s" => Ok(Size::Small),
            "large" | "l" | "big" => Ok(Size::Large),
            other => Err(BadWord::Size(other.to_string())),
        }
    }
}

/// An expansion board on the grid; its cells in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Expansion {
    pub size: Size,
    pub cells: Vec<Cell>,
}

/// What stands on a square of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Square {
    /// Not part of the zoo: outside every board, or cardboard of the frame.
    #[default]
    Off,
    Empty,
    Animal {
        tile: AnimalTile,
        /// A fertile animal that has already produced offspring.
        bred: bool,
    },
    Trainer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Allowed,
    NotASpace,
    Holds(Option<AnimalTile>),
    TouchesOther(Cell, Animal),
    AwayFromBasin,
    BasinLimit,
}

/// Why a space does not take an animal tile or a trainer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blocked {
    /// The cell is cardboard of the frame.
    Cardboard(Cell),
    /// The cell is on no board of the zoo.
    NotASpace(Cell),
    /// The cell holds an animal tile.
    Holds(Cell, AnimalTile),
    /// The cell holds a trainer.
    HoldsTrainer(Cell),
    /// The cell shares an edge, at `at`, with the basin of `other`.
    TouchesOther { cell: Cell, at: Cell, other: Animal },
    /// The cell does not touch the animal's basin.
    AwayFromBasin { cell: Cell, animal: Animal },
    /// The zoo has as many basins as it may (these).
    BasinLimit { basins: Vec<Animal> },
}

/// Why an expansion board cannot go where it was asked to. `example` is a
/// placement that would do, if any is left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadExpansion {
    /// Both boards of this size are placed already.
    BothPlaced(Size),
    /// The cells are not the board's shape.
    Shape {
        size: Size,
        cells: Vec<Cell>,
        example: Option<Vec<Cell>>,
    },
    /// A cell is on the water zoo board.
    OnFrame {
        cell: Cell,
        example: Option<Vec<Cell>>,
    },
    /// A cell is on an expansion board already.
    OnBoard {
        cell: Cell,
        example: Option<Vec<Cell>>,
    },
    /// The board touches no board of the zoo.
    Detached { example: Option<Vec<Cell>> },
}

/// What placing one animal tile did to its basin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The basin's size after the tile.
    pub size: u8,
    /// Offspring produced by fertile pairs now in the basin.
    pub offspring: u8,
}

/// A water zoo. Serialized as its boards, tiles and trainers; the grid is rebuilt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zoo {
    grid: Vec<Square>,
    /// Every space (frame and expansions), in the order the boards came.
    spaces: Vec<Cell>,
    expansions: Vec<Expansion>,
    counts: [u8; 8],
    unused_males: [u8; 8],
    unused_females: [u8; 8],
    trainers: u8,
}

impl Default for Zoo {
    fn default() -> Self {
        Zoo::new()
    }
}

impl Zoo {
    /// A zoo of the 19 frame spaces, empty.
    pub fn new() -> Zoo {
        let mut grid = vec![Square::Off; GRID];
        let spaces: Vec<Cell> = Cell::frame_spaces().collect();
        for c in &spaces {
            grid[c.index()] = Square::Empty;
        }
        Zoo {
            grid,
            spaces,
            expansions: Vec::new(),
            counts: [0; 8],
            unused_males: [0; 8],
            unused_females: [0; 8],
            trainers: 0,
        }
    }

    pub fn square(&self, cell: Cell) -> Square {
        self.grid[cell.index()]
    }

    pub fn is_space(&self, cell: Cell) -> bool {
        self.square(cell) != Square::Off
    }

    pub fn is_empty_space(&self, cell: Cell) -> bool {
        self.square(cell) == Square::Empty
    }

    /// Every space of the zoo.
    pub fn spaces(&self) -> &[Cell] {
        &self.spaces
    }

    pub fn empty_spaces(&self) -> impl Iterator<Item = Cell> + '_ {
        self.spaces
            .iter()
            .copied()
            .filter(|c| self.is_empty_space(*c))
    }

    pub fn expansions(&self) -> &[Expansion] {
        &self.expansions
    }

    pub fn expansion_count(&self, size: Size) -> usize {
        self.expansions.iter().filter(|e| e.size == size).count()
    }

    /// How many tiles of this type are in the zoo: its basin's size.
    pub fn count(&self, animal: Animal) -> u8 {
        self.counts[animal.index()]
    }

    /// All animal tiles in the zoo.
    pub fn animal_count(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// The types that have a basin, in box order.
    pub fn types(&self) -> impl Iterator<Item = Animal> + '_ {
        Animal::ALL.into_iter().filter(|a| self.count(*a) > 0)
    }

    pub fn type_count(&self) -> usize {
        self.counts.iter().filter(|&&n| n > 0).count()
    }

    /// 3 basins, plus one per large expansion.
    pub fn basin_limit(&self) -> usize {
        BASE_BASINS + self.expansion_count(Size::Large)
    }

    /// Every animal tile with its cell, in reading order.
    pub fn animals(&self) -> impl Iterator<Item = (Cell, AnimalTile, bool)> + '_ {
        self.grid.iter().enumerate().filter_map(|(i, sq)| match sq {
            Square::Animal { tile, bred } => Some((Cell::from_index(i), *tile, *bred)),
            _ => None,
        })
    }

    /// The cells of the trainers, in reading order.
    pub fn trainers(&self) -> impl Iterator<Item = Cell> + '_ {
        self.grid
            .iter()
            .enumerate()
            .filter(|(_, sq)| **sq == Square::Trainer)
            .map(|(i, _)| Cell::from_index(i))
    }

    pub fn trainer_count(&self) -> u8 {
        self.trainers
    }

    /// What, if anything, keeps an animal of this type off this cell.
    fn verdict(&self, cell: Cell, animal: Animal) -> Verdict {
        match self.square(cell) {
            Square::Off => return Verdict::NotASpace,
            Square::Animal { tile, .. } => return Verdict::Holds(Some(tile)),
            Square::Trainer => return Verdict::Holds(None),
            Square::Empty => {}
        }
        let mut touches_basin = false;
        for n in cell.neighbours() {
            if let Square::Animal { tile, .. } = self.square(n) {
                if tile.animal != animal {
                    return Verdict::TouchesOther(n, tile.animal);
                }
                touches_basin = true;
            }
        }
        if self.count(animal) > 0 {
            if !touches_basin {
                return Verdict::AwayFromBasin;
            }
        } else if self.type_count() >= self.basin_limit() {
            return Verdict::BasinLimit;
        }
        Verdict::Allowed
    }

    /// Whether an animal of this type may go on this cell.
    pub fn allows(&self, cell: Cell, animal: Animal) -> bool {
        self.verdict(cell, animal) == Verdict::Allowed
    }

    /// Whether an animal of this type may go on this cell; if not, why.
    pub fn check_animal(&self, cell: Cell, animal: Animal) -> Result<(), Blocked> {
        match self.verdict(cell, animal) {
            Verdict::Allowed => Ok(()),
            Verdict::NotASpace if cell.in_frame() => Err(Blocked::Cardboard(cell)),
            Verdict::NotASpace => Err(Blocked::NotASpace(cell)),
            Verdict::Holds(Some(tile)) => Err(Blocked::Holds(cell, tile)),
            Verdict::Holds(None) => Err(Blocked::HoldsTrainer(cell)),
            Verdict::TouchesOther(at, other) => Err(Blocked::TouchesOther { cell, at, other }),
            Verdict::AwayFromBasin => Err(Blocked::AwayFromBasin { cell, animal }),
            Verdict::BasinLimit => Err(Blocked::BasinLimit {
                basins: self.types().collect(),
            }),
        }
    }

    /// Every cell where an animal of this type may go, in reading order.
    pub fn legal_cells(&self, animal: Animal) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .empty_spaces()
            .filter(|c| self.allows(*c, animal))
            .collect();
        cells.sort();
        cells
    }

    /// Whether any cell takes an animal of this type.
    pub fn has_room_for(&self, animal: Animal) -> bool {
        self.empty_spaces().any(|c| self.allows(c, animal))
    }

    /// Puts an animal tile on a cell already checked with [`Zoo::check_animal`],
    /// then lets fertile pairs of its basin breed.
    pub fn place_animal(&mut self, cell: Cell, tile: AnimalTile) -> Growth {
        debug_assert!(self.allows(cell, tile.animal));
        let a = tile.animal.index();
        self.grid[cell.index()] = Square::Animal { tile, bred: false };
        self.counts[a] += 1;
        match tile.mark {
            Mark::Male => self.unused_males[a] += 1,
            Mark::Female => self.unused_females[a] += 1,
            _ => {}
        }
        let mut offspring = 0;
        while self.unused_males[a] > 0 && self.unused_females[a] > 0 {
            self.unused_males[a] -= 1;
            self.unused_females[a] -= 1;
            self.mark_bred(tile.animal, Mark::Male);
            self.mark_bred(tile.animal, Mark::Female);
            offspring += 1;
        }
        Growth {
            size: self.counts[a],
            offspring,
        }
    }

    fn mark_bred(&mut self, animal: Animal, mark: Mark) {
        let found = self.grid.iter_mut().find(|sq| {
            matches!(sq, Square::Animal { tile, bred: false } if tile.animal == animal && tile.mark == mark)
        });
        if let Some(Square::Animal { bred, .. }) = found {
            *bred = true;
        }
    }

    /// Whether a trainer may stand on this cell; if not, why.
    pub fn check_trainer(&self, cell: Cell) -> Result<(), Blocked> {
        match self.square(cell) {
            Square::Empty => Ok(()),
            Square::Off if cell.in_frame() => Err(Blocked::Cardboard(cell)),
            Square::Off => Err(Blocked::NotASpace(cell)),
            Square::Animal { tile, .. } => Err(Blocked::Holds(cell, tile)),
            Square::Trainer => Err(Blocked::HoldsTrainer(cell)),
        }
    }

    pub fn place_trainer(&mut self, cell: Cell) {
        debug_assert_eq!(self.square(cell), Square::Empty);
        self.grid[cell.index()] = Square::Trainer;
        self.trainers += 1;
    }

    pub fn remove_trainer(&mut self, cell: Cell) {
        debug_assert_eq!(self.square(cell), Square::Trainer);
        self.grid[cell.index()] = Square::Empty;
        self.trainers -= 1;
    }

    /// Checks an expansion board placement and returns its cells in reading order.
    pub fn check_expansion(&self, size: Size, cells: &[Cell]) -> Result<Vec<Cell>, BadExpansion> {
        if self.expansion_count(size) >= EXPANSIONS_PER_SIZE {
            return Err(BadExpansion::BothPlaced(size));
        }
        let mut sorted = cells.to_vec();
        sorted.sort();
        sorted.dedup();
        let example = || self.legal_expansions(size).into_iter().next();
        if sorted.len() != size.spaces() || !fits_two_by_two(&sorted) {
            return Err(BadExpansion::Shape {
                size,
                cells: cells.to_vec(),
                example: example(),
            });
        }
        for &cell in &sorted {
            if cell.in_frame() {
                return Err(BadExpansion::OnFrame {
                    cell,
                    example: example(),
                });
            }
            if self.is_space(cell) {
                return Err(BadExpansion::OnBoard {
                    cell,
                    example: example(),
                });
            }
        }
        let touches = sorted
            .iter()
            .any(|c| c.neighbours().any(|n| n.in_frame() || self.is_space(n)));
        if !touches {
            return Err(BadExpansion::Detached { example: example() });
        }
        Ok(sorted)
    }

    /// Every legal placement of an expansion board of this size, cells in reading order.
    pub fn legal_expansions(&self, size: Size) -> Vec<Vec<Cell>> {
        let mut out = Vec::new();
        if self.expansion_count(size) >= EXPANSIONS_PER_SIZE {
            return out;
        }
        let near = |c: Cell| c.neighbours().any(|n| n.in_frame() || self.is_space(n));
        let free = |c: Cell| !c.in_frame() && !self.is_space(c);
        // Only squares within two of the boards can touch them.
        let (mut c0, mut c1, mut r0, mut r1) = (FRAME_COL, FRAME_COL + 4, FRAME_ROW, FRAME_ROW + 4);
        for c in &self.spaces {
            c0 = c0.min(c.col());
            c1 = c1.max(c.col());
            r0 = r0.min(c.row());
            r1 = r1.max(c.row());
        }
        for row in r0.saturating_sub(2)..=r1 + 1 {
            for col in c0.saturating_sub(2)..=c1 + 1 {
                let (Some(a), Some(b), Some(c), Some(d)) = (
                    Cell::new(col, row),
                    Cell::new(col + 1, row),
                    Cell::new(col, row + 1),
                    Cell::new(col + 1, row + 1),
                ) else {
                    continue;
                };
                let square = [a, b, c, d];
                let skips: &[usize] = match size {
                    Size::Large => &[4],
                    Size::Small => &[0, 1, 2, 3],
                };
                for &skip in skips {
                    let cells = || {
                        square
                            .iter()
                            .enumerate()
                            .filter(move |(i, _)| *i != skip)
                            .map(|(_, c)| *c)
                    };
                    if cells().all(free) && cells().any(near) {
                        out.push(cells().collect());
                    }
                }
            }
        }
        out
    }

    /// Adds an expansion board already checked with [`Zoo::check_expansion`].
    pub fn add_expansion(&mut self, size: Size, cells: Vec<Cell>) {
        for c in &cells {
            self.grid[c.index()] = Square::Empty;
            self.spaces.push(*c);
        }
        self.expansions.push(Expansion { size, cells });
    }
}

/// Three or four distinct cells inside one 2x2 square.
fn fits_two_by_two(cells: &[Cell]) -> bool {
    let min_c = cells.iter().map(|c| c.col()).min();
    let max_c = cells.iter().map(|c| c.col()).max();
    let min_r = cells.iter().map(|c| c.row()).min();
    let max_r = cells.iter().map(|c| c.row()).max();
    match (min_c, max_c, min_r, max_r) {
        (Some(a), Some(b), Some(c), Some(d)) => b - a == 1 && d - c == 1,
        _ => false,
    }
}

/// Cells separated by spaces, as the `cells` option takes them.
pub fn join_cells(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The zoo as stored: boards, tiles, fertile animals that bred, trainers.
#[derive(Serialize, Deserialize)]
struct ZooRecord {
    expansions: Vec<Expansion>,
    tiles: BTreeMap<Cell, AnimalTile>,
    bred: Vec<Cell>,
    trainers: Vec<Cell>,
}

impl Serialize for Zoo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let record = ZooRecord {
            expansions: self.expansions.clone(),
            tiles: self.animals().map(|(c, t, _)| (c, t)).collect(),
            bred: self.animals().filter(|a| a.2).map(|a| a.0).collect(),
            trainers: self.trainers().collect(),
        };
        record.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Zoo {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record = ZooRecord::deserialize(d)?;
        let mut zoo = Zoo::new();
        for e in record.expansions {
            zoo.add_expansion(e.size, e.cells);
        }
        for (cell, tile) in record.tiles {
            if !zoo.is_empty_space(cell) {
                return Err(serde::de::Error::invalid_value(
                    serde::de::Unexpected::Str(&cell.to_string()),
                    &"free space",
                ));
            }
            let bred = record.bred.contains(&cell);
            zoo.grid[cell.index()] = Square::Animal { tile, bred };
            let a = tile.animal.index();
            zoo.counts[a] += 1;
            match (tile.mark, bred) {
                (Mark::Male, false) => zoo.unused_males[a] += 1,
                (Mark::Female, false) => zoo.unused_females[a] += 1,
                _ => {}
            }
        }
        for cell in record.trainers {
            if !zoo.is_empty_space(cell) {
                return Err(serde::de::Error::invalid_value(
                    serde::de::Unexpected::Str(&cell.to_string()),
                    &"free space",
                ));
            }
            zoo.place_trainer(cell);
        }
        Ok(zoo)
    }
}
