//! What a player can do, and what happened when they did: the engine's input and
//! output. Both are serde types so that move logs and narrations can be stored.

use super::cell::Cell;
use super::tile::{with_article, Animal, AnimalTile, Tile};
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
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let w = s.trim().to_ascii_lowercase();
        let w = w.strip_suffix('s').unwrap_or(&w);
        Role::ALL
            .into_iter()
            .find(|r| r.word() == w)
            .ok_or_else(|| {
                format!(
                    "'{}' is not a role: use cashier, keeper, manager or trainer",
                    s.trim()
                )
            })
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

/// Something that happened, in order, for a front end to narrate or draw.
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
    GameOver {
        winners: Vec<Seat>,
    },
}

impl Event {
    /// One line of narration, with player names from `names`.
    pub fn describe(&self, names: &[String]) -> String {
        let who = |s: &Seat| names.get(*s).map(String::as_str).unwrap_or("?");
        match self {
            Event::Drew {
                player,
                tile,
                truck,
                from_reserve,
            } => format!(
                "{} drew {}{} onto truck {truck}.",
                who(player),
                tile.describe(),
                if *from_reserve {
                    " from the reserve"
                } else {
                    ""
                }
            ),
            Event::LastRound => {
                "The first reserve tile was drawn: this is the last round.".to_string()
            }
            Event::TookTruck {
                player,
                truck,
                tiles,
            } => {
                let list: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
                format!("{} took truck {truck} ({}).", who(player), list.join(", "))
            }
            Event::CoinTile { player } => {
                format!("{} added a coin tile to their coins.", who(player))
            }
            Event::Placed { player, tile, cell } => format!(
                "{} placed {} on {cell}.",
                who(player),
                Tile::Animal(*tile).describe()
            ),
            Event::ToDepot { player, tile } => format!(
                "{} put {} in the depot.",
                who(player),
                Tile::Animal(*tile).describe()
            ),
            Event::CoinBonus {
                player,
                animal,
                size,
            } => format!(
                "{}'s {} basin reached {size}: +1 coin.",
                who(player),
                animal.name()
            ),
            Event::CoworkerBonus {
                player,
                animal,
                size,
            } => format!(
                "{}'s {} basin reached {size}: a coworker joins.",
                who(player),
                animal.name()
            ),
            Event::NoCoworkerLeft { player } => format!(
                "{} earned a coworker, but none is left in the supply.",
                who(player)
            ),
            Event::Offspring { player, animal } => format!(
                "A fertile pair bred: {} gets {} offspring.",
                who(player),
                with_article(animal.name())
            ),
            Event::Hired { player, post } => match post {
                Post::Trainer(c) => format!("{} hired a trainer on {c}.", who(player)),
                other => format!("{} hired a {}.", who(player), other.role()),
            },
            Event::CoworkerReturned { player } => format!(
                "{} has no free place for a coworker: it goes back to the supply.",
                who(player)
            ),
            Event::MovedCoworker { player, from, to } => {
                format!("{} moved a coworker from {from} to {to}.", who(player))
            }
            Event::Bought {
                player,
                seller,
                tile,
                cell,
            } => format!(
                "{} bought {} from {}'s depot and placed it on {cell}.",
                who(player),
                Tile::Animal(*tile).describe(),
                who(seller)
            ),
            Event::Discarded { player, tile } => format!(
                "{} discarded {} from the depot.",
                who(player),
                Tile::Animal(*tile).describe()
            ),
            Event::Expanded {
                player,
                size,
                cells,
            } => format!(
                "{} added a {size} expansion on {}.",
                who(player),
                super::zoo::join_cells(cells)
            ),
            Event::Paid { player, coins } => format!(
                "{} paid {coins} coin{}.",
                who(player),
                if *coins == 1 { "" } else { "s" }
            ),
            Event::Turn { player } => format!("{}'s turn.", who(player)),
            Event::RoundEnded { round, cleared } => {
                if cleared.is_empty() {
                    format!("Round {round} is over.")
                } else {
                    let list: Vec<String> = cleared.iter().map(|t| t.to_string()).collect();
                    format!(
                        "Round {round} is over; {} left the game from the untaken truck.",
                        list.join(", ")
                    )
                }
            }
            Event::RoundStarted { round, first } => {
                format!("Round {round} begins with {}.", who(first))
            }
            Event::GameOver { winners } => {
                let list: Vec<&str> = winners.iter().map(who).collect();
                match list.as_slice() {
                    [one] => format!("The game is over: {one} wins!"),
                    many => format!("The game is over: {} share the win!", many.join(" and ")),
                }
            }
        }
    }
}
