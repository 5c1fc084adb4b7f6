//! Why a word of the command language was not understood: the error of every
//! `FromStr` of the engine (tiles, cells, animals, roles, sizes).
//!
//! The engine says what was wrong, with the word as it was typed; the language
//! layer (`crate::lang::engine`) says it in a sentence. `Display` is that
//! sentence in English, for logs and for serde's errors.

use serde::{Deserialize, Serialize};

/// A word the command language does not know, as it was typed (trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadWord {
    /// Not a column A-U and a row 1-21.
    Cell(String),
    /// Not one of the eight animals.
    Animal(String),
    /// Not one of the four roles.
    Role(String),
    /// Not small or large.
    Size(String),
    /// Not a computer player's level (easy, normal or strong).
    Level(String),
    /// A tile word whose mark (after the `-`) is unknown.
    Mark { tile: String, mark: String },
    /// A tile the box does not hold: a show animal with a fish, or a fish
    /// eater with a bolt (`show` tells which).
    NoSuchTile { tile: String, show: bool },
}

impl std::error::Error for BadWord {}
