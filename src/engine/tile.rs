//! Animals, tiles and the contents of the box.
//!
//! A tile is a value, not an identity: two `dolphin-m` tiles are interchangeable,
//! so conservation is checked as a multiset of tile kinds. Tiles are written as in
//! docs/commands.md (`dolphin-m`, `penguin-fish`, `orca-bolt`, `hippo`, `coin`).

use super::word::BadWord;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The eight animal types of the game, in the order of the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animal {
    Dolphin,
    Orca,
    #[serde(rename = "sealion")]
    SeaLion,
    Turtle,
    Penguin,
    #[serde(rename = "polarbear")]
    PolarBear,
    Crocodile,
    Hippo,
}

impl Animal {
    pub const ALL: [Animal; 8] = [
        Animal::Dolphin,
        Animal::Orca,
        Animal::SeaLion,
        Animal::Turtle,
        Animal::Penguin,
        Animal::PolarBear,
        Animal::Crocodile,
        Animal::Hippo,
    ];

    /// The five fish eaters: the only types that may be removed at setup.
    pub const FISH_EATERS: [Animal; 5] = [
        Animal::Turtle,
        Animal::Penguin,
        Animal::PolarBear,
        Animal::Crocodile,
        Animal::Hippo,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Dolphins, orcas and sea lions score for trainers; they carry bolts, not fish.
    pub fn is_show_animal(self) -> bool {
        matches!(self, Animal::Dolphin | Animal::Orca | Animal::SeaLion)
    }

    /// The word used in commands: `dolphin`, `sealion`, `polarbear`...
    pub fn word(self) -> &'static str {
        match self {
            Animal::Dolphin => "dolphin",
            Animal::Orca => "orca",
            Animal::SeaLion => "sealion",
            Animal::Turtle => "turtle",
            Animal::Penguin => "penguin",
            Animal::PolarBear => "polarbear",
            Animal::Crocodile => "crocodile",
            Animal::Hippo => "hippo",
        }
    }

    /// The plural a sentence uses: "dolphins may go to J10".
    pub fn plural(self) -> &'static str {
        match self {
            Animal::Dolphin => "dolphins",
            Animal::Orca => "orcas",
            Animal::SeaLion => "sea lions",
            Animal::Turtle => "turtles",
            Animal::Penguin => "penguins",
            Animal::PolarBear => "polar bears",
            Animal::Crocodile => "crocodiles",
            Animal::Hippo => "hippos",
        }
    }

    /// The singular a sentence uses.
    pub fn name(self) -> &'static str {
        match self {
            Animal::Dolphin => "dolphin",
            Animal::Orca => "orca",
            Animal::SeaLion => "sea lion",
            Animal::Turtle => "turtle",
            Animal::Penguin => "penguin",
            Animal::PolarBear => "polar bear",
            Animal::Crocodile => "crocodile",
            Animal::Hippo => "hippo",
        }
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Animal {
    type Err = BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let word = lower.replace([' ', '_', '-'], "");
        let find = |w: &str| Animal::ALL.into_iter().find(|a| a.word() == w);
        find(&word)
            .or_else(|| word.strip_suffix('s').and_then(find))
            .or_else(|| word.starts_with("hippopotam").then_some(Animal::Hippo))
            .ok_or_else(|| BadWord::Animal(s.trim().to_string()))
    }
}

/// What is printed on an animal tile besides the animal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Plain,
    /// Fertile male (♂).
    Male,
    /// Fertile female (♀).
    Female,
    /// Fish symbol: a point per keeper at the end.
    Fish,
    /// Lightning bolt: no trainer points.
    Bolt,
    /// An offspring tile from the supply.
    Young,
}

impl Mark {
    pub const ALL: [Mark; 6] = [
        Mark::Plain,
        Mark::Male,
        Mark::Female,
        Mark::Fish,
        Mark::Bolt,
        Mark::Young,
    ];

    fn suffix(self) -> &'static str {
        match self {
            Mark::Plain => "",
            Mark::Male => "-m",
            Mark::Female => "-f",
            Mark::Fish => "-fish",
            Mark::Bolt => "-bolt",
            Mark::Young => "-young",
        }
    }

    /// How many tiles of one type carry this mark in the box (offspring included).
    pub fn in_box(self, animal: Animal) -> u8 {
        match (self, animal.is_show_animal()) {
            (Mark::Male | Mark::Female, _) => 2,
            (Mark::Young, _) => 2,
            (Mark::Bolt, true) => 2,
            (Mark::Plain, true) => 5,
            (Mark::Fish, false) => 6,
            (Mark::Plain, false) => 1,
            (Mark::Bolt, false) | (Mark::Fish, true) => 0,
        }
    }
}

/// An animal tile: its type and its mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AnimalTile {
    pub animal: Animal,
    pub mark: Mark,
}

impl AnimalTile {
    pub const fn new(animal: Animal, mark: Mark) -> Self {
        AnimalTile { animal, mark }
    }
}

/// A tile of the box: an animal tile or a coin tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tile {
    Animal(AnimalTile),
    Coin,
}

/// Coin tiles in the box.
pub const COIN_TILES: u8 = 10;
/// Coworkers in the box.
pub const COWORKERS: u8 = 16;
/// Offspring tiles per animal type.
pub const OFFSPRING_PER_TYPE: u8 = 2;
/// Tiles set aside as the reserve.
pub const RESERVE_SIZE: usize = 15;

impl Tile {
    pub const fn animal(animal: Animal, mark: Mark) -> Tile {
        Tile::Animal(AnimalTile::new(animal, mark))
    }

    pub fn as_animal(self) -> Option<AnimalTile> {
        match self {
            Tile::Animal(a) => Some(a),
            Tile::Coin => None,
        }
    }

    /// Every tile that is shuffled into the draw pile and reserve, for the types kept.
    pub fn shuffled_box(kept: &[Animal]) -> Vec<Tile> {
        let mut tiles = Vec::with_capacity(98);
        for &animal in kept {
            for mark in Mark::ALL {
                if mark == Mark::Young {
                    continue;
                }
                for _ in 0..mark.in_box(animal) {
                    tiles.push(Tile::animal(animal, mark));
                }
            }
        }
        tiles.extend(std::iter::repeat_n(Tile::Coin, COIN_TILES as usize));
        tiles
    }

    /// How many tiles of this kind the box holds.
    pub fn in_box(self) -> u8 {
        match self {
            Tile::Coin => COIN_TILES,
            Tile::Animal(a) => a.mark.in_box(a.animal),
        }
    }
}

impl fmt::Display for AnimalTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.animal.word(), self.mark.suffix())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Coin => f.write_str("coin"),
            Tile::Animal(a) => a.fmt(f),
        }
    }
}

impl FromStr for Tile {
    type Err = BadWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        if lower == "coin" {
            return Ok(Tile::Coin);
        }
        let (word, mark) = match lower.split_once('-') {
            None => (lower.as_str(), Mark::Plain),
            Some((word, suffix)) => {
                let mark = match suffix {
                    "m" => Mark::Male,
                    "f" => Mark::Female,
                    "fish" => Mark::Fish,
                    "bolt" => Mark::Bolt,
                    "young" => Mark::Young,
                    _ => {
                        return Err(BadWord::Mark {
                            tile: s.trim().to_string(),
                            mark: suffix.to_string(),
                        })
                    }
                };
                (word, mark)
            }
        };
        let animal: Animal = word.parse()?;
        if mark != Mark::Young && mark.in_box(animal) == 0 {
            return Err(BadWord::NoSuchTile {
                tile: s.trim().to_string(),
                show: animal.is_show_animal(),
            });
        }
        Ok(Tile::animal(animal, mark))
    }
}

impl Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for AnimalTile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AnimalTile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Tile::deserialize(d)? {
            Tile::Animal(a) => Ok(a),
            Tile::Coin => Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Str("coin"),
                &"AnimalTile",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_eleven_tiles_and_two_offspring() {
        for animal in Animal::ALL {
            let shuffled: u8 = Mark::ALL
                .iter()
                .filter(|m| **m != Mark::Young)
                .map(|m| m.in_box(animal))
                .sum();
            assert_eq!(shuffled, 11, "{animal}");
            assert_eq!(Mark::Young.in_box(animal), 2);
        }
        assert_eq!(Tile::shuffled_box(&Animal::ALL).len(), 98);
    }

    #[test]
    fn tiles_read_and_write_as_in_the_command_language() {
        for text in [
            "dolphin-m",
            "penguin-fish",
            "orca-bolt",
            "hippo",
            "coin",
            "sealion-young",
        ] {
            let tile: Tile = text.parse().unwrap();
            assert_eq!(tile.to_string(), text);
        }
        assert_eq!(
            "Polar Bear-F".parse::<Tile>().unwrap().to_string(),
            "polarbear-f"
        );
        assert!("dolphin-fish".parse::<Tile>().is_err());
        assert!("walrus".parse::<Tile>().is_err());
    }
}
