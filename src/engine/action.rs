//! What a player can do, and what happened when they did: the engine's input and
//! output. Both are serde types so that move logs and narrations can be stored.

use super::cell::Cell;
use super::tile::{Animal, AnimalTile, Tile};
use super::word::BadWord;
use super::zoo::Size;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat at the table, in seating order from 0.
pub type Seat = usize;

/// The four jobs of a coworker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// On a checkout booth: points per coin. At most 2.
    Cashier,
    /// On a feeding station: points per fish tile. At most 2.
    Keeper,
    /// On the depot: halves the depot's minus points. At most 1.
    Manager,
    /// On a zoo space: points for the show animals around. No limit.
    Trainer,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Cashier, Role::Keeper, Role::Manager, Role::Trainer];

    pub fn word(self) -> &'static str {
        match self {
            Role::Cashier => "cashier",
            Role::Keeper => "keeper",
            Role::Manager => "manager",
            Role::Trainer => "trainer",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Role {
    type Err = BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let w = s.trim().to_ascii_lowercase();
        let w = w.strip_suffix('s').unwrap_or(&w);
        Role::ALL
            .into_iter()
            .find(|r| r.word() == w)
            .ok_or_else(|| BadWord::Role(s.trim().to_string()))
    }
}

/// Where a coworker stands: a role, and for a trainer its cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Post {
    Cashier,
    Keeper,
    Manager,
    Trainer(Cell),
}

impl Post {
    pub fn role(self) -> Role {
        match self {
            Post::Cashier => Role::Cashier,
            Post::Keeper => Role::Keeper,
            Post::Manager => Role::Manager,
            Post::Trainer(_) => Role::Trainer,
        }
    }

    /// The post for a role; a trainer needs a cell.
    pub fn from_role(role: Role, at: Option<Cell>) -> Option<Post> {
        match role {
            Role::Cashier => Some(Post::Cashier),
            Role::Keeper => Some(Post::Keeper),
            Role::Manager => Some(Post::Manager),
            Role::Trainer => at.map(Post::Trainer),
        }
    }
}

impl fmt::Display for Post {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Post::Trainer(c) => write!(f, "{c}"),
            other => f.write_str(other.role().word()),
        }
    }
}

/// Where a waiting tile goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    Depot,
    Cell(Cell),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Depot => f.write_str("depot"),
            Target::Cell(c) => write!(f, "{c}"),
        }
    }
}

/// One move of the game. Trucks and slots count from 1, as players say them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// A: the top tile of the draw pile (or reserve) onto a truck.
    Draw { truck: usize },
    /// B: take a truck; its tiles then wait to be placed.
    Take { truck: usize },
    /// Place a waiting tile: the offspring when `tile` is absent and one waits,
    /// else the tile in that slot of the taken truck.
    Place { tile: Option<usize>, at: Target },
    /// Place a coworker just gained.
    Hire { role: Role, at: Option<Cell> },
    /// C-I: the top depot tile into the zoo, 1 coin.
    MoveDepotTile { to: Cell },
    /// C-I: a coworker to another place, 1 coin.
    MoveCoworker { from: Post, to: Post },
    /// C-II: the top tile of another player's depot into the zoo, 2 coins.
    Buy { from: Seat, at: Cell },
    /// C-II: the top tile of the depot leaves the game, 2 coins.
    Discard,
    /// C-III: an expansion board, 1 or 2 coins.
    Expand { size: Size, cells: Vec<Cell> },
}

impl Action {
    /// A money action (C), which costs coins and is never allowed after taking a truck.
    pub fn is_money_action(&self) -> bool {
        matches!(
            self,
            Action::MoveDepotTile { .. }
                | Action::MoveCoworker { .. }
                | Action::Buy { .. }
                | Action::Discard
                | Action::Expand { .. }
        )
    }

    /// The players a buy among `legal` is from, each once, in the order
    /// the actions come (`legal_actions` lists a seller's buys together).
    pub fn sellers(legal: &[Action]) -> Vec<Seat> {
        let mut sellers: Vec<Seat> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Buy { from, .. } => Some(*from),
                _ => None,
            })
            .collect();
        sellers.dedup();
        sellers
    }
}

/// Something that happened, in order, for a front end to narrate or draw
/// (`crate::lang::engine::event` says it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Drew {
        player: Seat,
        tile: Tile,
        truck: usize,
        from_reserve: bool,
    },
    /// The first reserve tile was drawn: this round is the last.
    LastRound,
    TookTruck {
        player: Seat,
        truck: usize,
        tiles: Vec<Tile>,
    },
    CoinTile {
        player: Seat,
    },
    Placed {
        player: Seat,
        tile: AnimalTile,
        cell: Cell,
    },
    ToDepot {
        player: Seat,
        tile: AnimalTile,
    },
    CoinBonus {
        player: Seat,
        animal: Animal,
        size: u8,
    },
    CoworkerBonus {
        player: Seat,
        animal: Animal,
        size: u8,
    },
    /// A coworker bonus was earned but the supply is empty.
    NoCoworkerLeft {
        player: Seat,
    },
    Offspring {
        player: Seat,
        animal: Animal,
    },
    Hired {
        player: Seat,
        post: Post,
    },
    /// A coworker had no free place and went back to the supply.
    CoworkerReturned {
        player: Seat,
    },
    MovedCoworker {
        player: Seat,
        from: Post,
        to: Post,
    },
    Bought {
        player: Seat,
        seller: Seat,
        tile: AnimalTile,
        cell: Cell,
    },
    Discarded {
        player: Seat,
        tile: AnimalTile,
    },
    Expanded {
        player: Seat,
        size: Size,
        cells: Vec<Cell>,
    },
    /// Coins paid for a money action.
    Paid {
        player: Seat,
        coins: u32,
    },
    Turn {
        player: Seat,
    },
    RoundEnded {
        round: u32,
        /// Face-up tiles left on untaken trucks, out of the game.
        cleared: Vec<Tile>,
    },
    RoundStarted {
        round: u32,
        first: Seat,
    },
    /// The last round ended: the game is over. Who won is the
    /// [`super::Standings`]' to say (the engine knows nothing of the seats
    /// voted out).
    GameOver,
}
