//! Why the engine refused an action, and what the player must do now: typed
//! values with the data their sentences need (the cell, the tile, the truck,
//! the alternatives). The language layer (`crate::lang::engine`) words them;
//! `Display` is the English sentence, for logs and tests.
//!
//! Names of players are carried as they sit at the table, so that a refusal
//! can be said without the game at hand.

use super::action::{Post, Role, Target};
use super::cell::Cell;
use super::tile::{Animal, AnimalTile};
use super::zoo::{BadExpansion, Blocked};
use serde::{Deserialize, Serialize};

/// Where an animal may go in a zoo: its type and the cells that take it
/// (none: no space in the zoo).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub animal: Animal,
    pub cells: Vec<Cell>,
}

/// What the current player must do before anything else happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Asked {
    /// Nobody: the game is over.
    Over,
    /// Place the first waiting offspring.
    Offspring { player: String, room: Room },
    /// Hire the coworker just gained.
    Hire { player: String },
    /// Place the taken truck's tiles still waiting, by slot.
    TruckTiles {
        player: String,
        tiles: Vec<(usize, AnimalTile)>,
    },
    /// Nothing waits: an ordinary turn.
    Turn { player: String },
}

/// Why a coworker cannot go to a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PostTaken {
    BothCashiers,
    BothKeepers,
    HasManager,
    /// A trainer's space is no empty space.
    Space(Blocked),
}

/// Why no coworker can be taken from a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PostEmpty {
    /// No trainer stands on this cell.
    NoTrainer(Cell),
    /// The player has no coworker in this role.
    NoRole(Role),
}

/// What a truck was wanted for; the alternatives depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TruckUse {
    Draw,
    Take,
}

/// Why an action was refused: the rule broken and what is allowed instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    GameOver,
    NotSeated,
    /// The player took a truck this round; `current` is to act.
    TookTruck {
        current: String,
    },
    NotYourTurn {
        current: String,
    },
    /// Something waits (`asked`) and must be done first.
    FinishFirst(Asked),
    NoTilesLeft,
    /// Truck `truck` does not exist, was taken, is full (draw) or empty
    /// (take); `open` lists the trucks that would do.
    Truck {
        truck: usize,
        why: TruckProblem,
        wanted: TruckUse,
        open: Vec<usize>,
    },
    /// A tile slot was named while an offspring waits to be placed first.
    OffspringFirst {
        room: Room,
        slot: usize,
    },
    /// The offspring's cell does not take it.
    OffspringBlocked {
        why: Blocked,
        room: Room,
    },
    /// The offspring was sent to the depot while its basin has room.
    OffspringHasRoom {
        room: Room,
    },
    HireFirst,
    NothingToPlace,
    /// No waiting tile may go to `at`.
    NoTileFits {
        at: Target,
        waiting: Vec<(usize, AnimalTile)>,
    },
    /// Several tiles wait and any may go there: which one?
    WhichTile {
        waiting: Vec<(usize, AnimalTile)>,
    },
    /// Some of the `waiting` tiles (`fitting`) may go to `at`: which one?
    SomeTilesFit {
        at: Target,
        fitting: Vec<(usize, AnimalTile)>,
        waiting: usize,
    },
    NoTileInSlot {
        slot: usize,
        waiting: Vec<(usize, AnimalTile)>,
    },
    /// A truck tile's cell does not take it.
    TileBlocked {
        why: Blocked,
        room: Room,
    },
    NoCoworkerWaiting,
    TrainerNeedsCell,
    /// Only a trainer stands on a cell.
    OnlyTrainerOnCell(Role),
    /// The place is taken; `free` roles are open, `trainer` says whether an
    /// empty space takes a trainer.
    PostTaken {
        why: PostTaken,
        free: Vec<Role>,
        trainer: bool,
    },
    CannotAfford {
        cost: u32,
        coins: u32,
    },
    DepotEmptyToMove,
    /// The depot's top tile may not go to that cell.
    DepotTileBlocked {
        why: Blocked,
        room: Room,
    },
    /// No coworker to move from there; `posts` are where coworkers stand.
    NoCoworkerThere {
        why: PostEmpty,
        posts: Vec<Post>,
    },
    AlreadyThere(Post),
    /// A coworker's new place is taken.
    PostBusy(PostTaken),
    BuyFromOther,
    /// The seller's depot is empty; `others` have a tile to sell.
    SellerDepotEmpty {
        seller: String,
        others: Vec<String>,
    },
    /// The seller's depot top may not go to that cell.
    BoughtTileBlocked {
        why: Blocked,
        seller: String,
        room: Room,
    },
    NothingToDiscard,
    Expansion(BadExpansion),
    NotMoneyAction,
}

/// What is wrong with the truck a player named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TruckProblem {
    NoSuchTruck,
    TakenBy(String),
    Full,
    Empty,
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    /// Aquaretto is played by 2 to 5.
    Players(usize),
    EmptyName,
    SameName(String),
    UnknownFirst(String),
    /// Show animals always play.
    ShowAnimalRemoved(Animal),
    /// With `players`, `need` types are removed, not `given`.
    RemovedCount {
        players: usize,
        need: usize,
        given: usize,
    },
    /// The deck uses too many types for `need` fish eaters to be removed.
    DeckUsesTypes {
        players: usize,
        need: usize,
        left: usize,
    },
    /// The deck holds a tile of a removed type.
    DeckHoldsRemoved(super::tile::Tile),
    /// A line of the deck: a word that is no tile.
    DeckWord {
        line: usize,
        bad: super::word::BadWord,
    },
    DeckTwoReserves {
        line: usize,
    },
    DeckEmpty,
    DeckOffspring(super::tile::Tile),
    /// The deck holds more tiles of a kind than the box.
    DeckTooMany {
        tile: super::tile::Tile,
        count: usize,
        in_box: u8,
    },
}

impl std::error::Error for Refusal {}
impl std::error::Error for SetupError {}
