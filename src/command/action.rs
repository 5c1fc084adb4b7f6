//! A move command and the engine's action it asks for, both ways, in one
//! place: the referee turns a player's command into the action it checks,
//! the controls a button's command into the action they compare, and the
//! moves list, history and hints an action back into its command.

use super::{Command, Spot};
use crate::engine::{Action, Post, Role};

/// Why a command asks the engine for no action; `E` is why a player's name
/// named nobody, as the caller says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAnAction<E> {
    /// The command is no move (`board`, `join`).
    NotAMove,
    /// A trainer named by its role rather than its cell (`side` is `from`
    /// or `to`).
    TrainerByCell { side: &'static str },
    /// A role that is no place for a coworker.
    NoSuchPost,
    /// A coworker moved to the depot.
    CoworkerNotToDepot,
    /// The depot's tile moved elsewhere than a cell.
    DepotTileToCell,
    /// The player a purchase names is at no seat.
    Player(E),
}

impl Command {
    /// The command that asks for an engine action; `names` by seat, for buying.
    pub fn from_action(action: &Action, names: &[String]) -> Command {
        let spot = |p: Post| match p {
            Post::Trainer(c) => Spot::Cell(c),
            other => Spot::Role(other.role()),
        };
        match action {
            Action::Draw { truck } => Command::Draw { truck: *truck },
            Action::Take { truck } => Command::Take { truck: *truck },
            Action::Place { tile, at } => Command::Place {
                at: *at,
                tile: *tile,
            },
            Action::Hire { role, at } => Command::Hire {
                role: *role,
                at: *at,
            },
            Action::MoveDepotTile { to } => Command::Move {
                from: Spot::Depot,
                to: Spot::Cell(*to),
            },
            Action::MoveCoworker { from, to } => Command::Move {
                from: spot(*from),
                to: spot(*to),
            },
            Action::Buy { from, at } => Command::Buy {
                from: names.get(*from).cloned().unwrap_or_default(),
                at: *at,
            },
            Action::Discard => Command::Discard,
            Action::Expand { size, cells } => Command::Expand {
                size: *size,
                cells: cells.clone(),
            },
        }
    }

    /// The engine action this move command asks for, `seat_of` finding
    /// the seat of a player it names (to buy from); else why it names no
    /// move.
    pub fn to_action<E>(
        &self,
        seat_of: impl FnOnce(&str) -> Result<usize, E>,
    ) -> Result<Action, NotAnAction<E>> {
        let post = |spot: Spot, side: &'static str| match spot {
            Spot::Cell(c) => Ok(Post::Trainer(c)),
            Spot::Role(Role::Trainer) => Err(NotAnAction::TrainerByCell { side }),
            Spot::Role(r) => Post::from_role(r, None).ok_or(NotAnAction::NoSuchPost),
            Spot::Depot if side == "to" => Err(NotAnAction::CoworkerNotToDepot),
            Spot::Depot => Err(NotAnAction::DepotTileToCell),
        };
        Ok(match self {
            Command::Draw { truck } => Action::Draw { truck: *truck },
            Command::Take { truck } => Action::Take { truck: *truck },
            Command::Place { at, tile } => Action::Place {
                tile: *tile,
                at: *at,
            },
            Command::Hire { role, at } => Action::Hire {
                role: *role,
                at: *at,
            },
            Command::Move {
                from: Spot::Depot,
                to,
            } => match to {
                Spot::Cell(c) => Action::MoveDepotTile { to: *c },
                _ => return Err(NotAnAction::DepotTileToCell),
            },
            Command::Move { from, to } => Action::MoveCoworker {
                from: post(*from, "from")?,
                to: post(*to, "to")?,
            },
            Command::Buy { from, at } => Action::Buy {
                from: seat_of(from).map_err(NotAnAction::Player)?,
                at: *at,
            },
            Command::Discard => Action::Discard,
            Command::Expand { size, cells } => Action::Expand {
                size: *size,
                cells: cells.clone(),
            },
            _ => return Err(NotAnAction::NotAMove),
        })
    }
}
