//! The engine's words: its refusals, its events, what the player must do now,
//! its setup errors, the words of the command language it did not understand,
//! and the computer player's reasons, each a [`Text`] of the catalogue
//! (`locales/<lang>/engine.ftl`, `events.ftl`, the game's nouns in
//! `terms.ftl`).
//!
//! The engine and the computer players return typed values and build no
//! sentence; this is the one place that words them. The `Display` of those
//! types, implemented here, is their English sentence, for logs, error
//! chains and tests; a player reads them through these functions, in their
//! language.

use super::{plain, Arg, Lang, Text};
use crate::engine::tile::Mark;
use crate::engine::zoo::join_cells;
use crate::engine::{
    Animal, AnimalTile, Asked, BadExpansion, BadWord, Blocked, Cell, Event, Post, Refusal,
    ReplayError, Role, Room, Seat, SetupError, Size, Standings, Tile,
};
use std::fmt;

mod asked;
mod event;
mod refusal;

pub use asked::{asked, asked_clause, hint_reason, task};
pub use event::{event, game_over, narrate, told};
pub use refusal::{bad_expansion, bad_word, blocked, refusal, replay_error, room, setup_error};

fn s(word: impl ToString) -> Arg {
    Arg::Str(word.to_string())
}

/// The key of an animal's name in `terms.ftl`.
pub fn animal_key(animal: Animal) -> &'static str {
    match animal {
        Animal::Dolphin => "animal-dolphin",
        Animal::Orca => "animal-orca",
        Animal::SeaLion => "animal-sealion",
        Animal::Turtle => "animal-turtle",
        Animal::Penguin => "animal-penguin",
        Animal::PolarBear => "animal-polarbear",
        Animal::Crocodile => "animal-crocodile",
        Animal::Hippo => "animal-hippo",
    }
}

/// The key of a role's name in `terms.ftl`.
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::Cashier => "role-cashier",
        Role::Keeper => "role-keeper",
        Role::Manager => "role-manager",
        Role::Trainer => "role-trainer",
    }
}

/// An animal's name: "sea lion". (The catalogue refuses a message whose
/// selector's variable is missing, so the singular is asked with a count of 1.)
pub fn animal(a: Animal) -> Text {
    Text::msg(animal_key(a)).arg("count", 1)
}

/// An animal's name in the plural, as a sentence says the kind: "sea lions".
pub fn animals(a: Animal) -> Text {
    Text::msg(animal_key(a)).arg("count", 2)
}

/// A role's name: "cashier".
pub fn role(r: Role) -> Text {
    Text::msg(role_key(r)).arg("count", 1)
}

/// "a dolphin", "an orca" (the article where the language has one).
fn a_animal(a: Animal) -> Text {
    Text::msg("engine-a-animal")
        .arg("animal", s(a.word()))
        .arg("name", animal(a))
}

/// A tile in a sentence: "a fertile female dolphin", "a coin tile".
pub fn tile_phrase(t: Tile) -> Text {
    match t {
        Tile::Coin => Text::msg("engine-tile-coin"),
        Tile::Animal(a) => animal_tile_phrase(a),
    }
}

/// An animal tile in a sentence: "an orca with a bolt".
pub fn animal_tile_phrase(t: AnimalTile) -> Text {
    let key = match t.mark {
        Mark::Plain => "engine-tile-plain",
        Mark::Male => "engine-tile-male",
        Mark::Female => "engine-tile-female",
        Mark::Fish => "engine-tile-fish",
        Mark::Bolt => "engine-tile-bolt",
        Mark::Young => "engine-tile-young",
    };
    Text::msg(key)
        .arg("name", animal(t.animal))
        .arg("a-name", a_animal(t.animal))
}

/// A tile on a label: the animal's name in the language with its mark
/// ("dolphin ♂"), "coin" for a coin tile.
pub fn tile(t: Tile) -> Text {
    let Tile::Animal(a) = t else {
        return Text::msg("term-coin").arg("count", 1);
    };
    let key = match a.mark {
        Mark::Plain => "engine-label-plain",
        Mark::Male => "engine-label-male",
        Mark::Female => "engine-label-female",
        Mark::Fish => "engine-label-fish",
        Mark::Bolt => "engine-label-bolt",
        Mark::Young => "engine-label-young",
    };
    Text::msg(key)
        .arg("animal", animal(a.animal))
        .arg("fish", Text::msg("term-fish").arg("count", 1))
        .arg("offspring", Text::msg("term-offspring").arg("count", 1))
}

/// An animal tile on a label ("dolphin ♂"), as [`tile`].
pub fn animal_tile(t: AnimalTile) -> Text {
    tile(Tile::Animal(t))
}

/// Tiles on a label, joined by commas: "dolphin ♂, orca".
pub fn tiles(ts: &[Tile]) -> Text {
    comma_list(ts.iter().map(|t| tile(*t)).collect())
}

/// Items joined as a list of alternatives: "a", "a or b", "a, b or c".
pub fn or_list(items: Vec<Text>) -> Text {
    joined(items, "engine-list-or")
}

/// Items joined as one list: "a, b, c".
pub fn comma_list(items: Vec<Text>) -> Text {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Text::empty();
    };
    items.fold(first, |init, next| {
        Text::msg("engine-list-comma")
            .arg("init", init)
            .arg("next", next)
    })
}

/// Items all together: "a", "a and b", "a, b and c".
pub fn and_list(items: Vec<Text>) -> Text {
    joined(items, "engine-list-and")
}

/// All but the last joined with commas, the last with `last_key`.
fn joined(mut items: Vec<Text>, last_key: &'static str) -> Text {
    let Some(last) = items.pop() else {
        return Text::empty();
    };
    if items.is_empty() {
        return last;
    }
    Text::msg(last_key)
        .arg("init", comma_list(items))
        .arg("last", last)
}

fn words<T: ToString>(items: &[T]) -> Vec<Text> {
    items.iter().map(|i| Text::Raw(i.to_string())).collect()
}

fn cells_or(cells: &[Cell]) -> Text {
    or_list(words(cells))
}
/// English, for logs, error chains and tests.
fn english(text: &Text) -> String {
    plain(&Lang::english(), text)
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&refusal(self)))
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&setup_error(self)))
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&replay_error(self)))
    }
}

impl fmt::Display for BadWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&bad_word(self)))
    }
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&blocked(self)))
    }
}

impl fmt::Display for BadExpansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&bad_expansion(self)))
    }
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&asked(self)))
    }
}

#[cfg(test)]
mod tests;
