//! The rules engine: a pure function of (setup, moves).
//!
//! No I/O, no async, no clock, no Discord types. A [`Game`] is created from a
//! [`Setup`]; [`Game::apply`] either applies a whole [`Action`] and returns the
//! [`Event`]s that happened, or refuses it with a [`Refusal`] and changes nothing;
//! [`Game::legal_actions`] lists every action `apply` accepts.

pub mod action;
pub mod cell;
pub mod game;
pub mod player;
pub mod playout;
pub mod refusal;
pub mod score;
pub mod setup;
pub mod standings;
pub mod tile;
pub mod word;
pub mod zoo;

pub use action::{Action, Event, Post, Role, Seat, Target};
pub use cell::Cell;
pub use game::{Game, Pending, ReplayError, Status, Truck};
pub use player::Player;
pub use refusal::{Asked, Refusal, Room};
pub use score::Score;
pub use setup::{Deck, Setup, SetupError};
pub use standings::{standings, Decided, Standings};
pub use tile::{Animal, AnimalTile, Mark, Tile};
pub use word::BadWord;
pub use zoo::{BadExpansion, Blocked, Expansion, Size, Square, Zoo};
