//! What a game is created from: players, seed, removed types, first player, and
//! optionally a stacked deck. Every random choice of a game is made here, from
//! one ChaCha stream keyed by the seed, in a fixed order; nothing random happens
//! after setup, so (setup, moves) always replays to the same state.

use super::tile::{Animal, Tile, RESERVE_SIZE};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Players at the table.
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;

pub use super::refusal::SetupError;

/// How a game is created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Names in seating order (clockwise).
    pub players: Vec<String>,
    pub seed: u64,
    /// Removed animal types; drawn at random among the fish eaters when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<Vec<Animal>>,
    /// The first player's name; drawn at random when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// A stacked deck replacing the shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Deck>,
}

impl Setup {
    pub fn new<S: Into<String>>(players: impl IntoIterator<Item = S>, seed: u64) -> Setup {
        Setup {
            players: players.into_iter().map(Into::into).collect(),
            seed,
            removed: None,
            first: None,
            deck: None,
        }
    }
}

/// A stacked deck: tiles in draw order, top first, and the reserve, top first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub draw: Vec<Tile>,
    pub reserve: Vec<Tile>,
}

impl Deck {
    /// Reads a deck: tiles separated by white space, top first; the word
    /// `reserve` (on its own line in a file) starts the reserve, else the last
    /// 15 tiles are the reserve; `#` starts a comment. Counts are checked
    /// against the box.
    pub fn parse(text: &str) -> Result<Deck, SetupError> {
        let mut draw = Vec::new();
        let mut reserve = Vec::new();
        let mut marked = false;
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            for word in line.split_whitespace() {
                if word.eq_ignore_ascii_case("reserve") {
                    if marked {
                        return Err(SetupError::DeckTwoReserves { line: n + 1 });
                    }
                    marked = true;
                    continue;
                }
                let tile: Tile = word
                    .parse()
                    .map_err(|bad| SetupError::DeckWord { line: n + 1, bad })?;
                if marked {
                    reserve.push(tile);
                } else {
                    draw.push(tile);
                }
            }
        }
        if !marked {
            let split = draw.len().saturating_sub(RESERVE_SIZE);
            reserve = draw.split_off(split);
        }
        let deck = Deck { draw, reserve };
        deck.check_counts()?;
        Ok(deck)
    }

    /// Every tile of the deck.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.draw.iter().chain(self.reserve.iter()).copied()
    }

    fn check_counts(&self) -> Result<(), SetupError> {
        if self.draw.is_empty() && self.reserve.is_empty() {
            return Err(SetupError::DeckEmpty);
        }
        let mut counts: BTreeMap<Tile, usize> = BTreeMap::new();
        for tile in self.tiles() {
            if let Tile::Animal(a) = tile {
                if a.mark == super::tile::Mark::Young {
                    return Err(SetupError::DeckOffspring(tile));
                }
            }
            *counts.entry(tile).or_default() += 1;
        }
        for (tile, n) in counts {
            if n > usize::from(tile.in_box()) {
                return Err(SetupError::DeckTooMany {
                    tile,
                    count: n,
                    in_box: tile.in_box(),
                });
            }
        }
        Ok(())
    }

    /// Writes the deck back in the file format.
    pub fn to_text(&self) -> String {
        let line = |tiles: &[Tile]| {
            tiles
                .iter()
                .map(Tile::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!("{} reserve {}", line(&self.draw), line(&self.reserve))
    }
}

/// How many types are removed for a number of players.
pub fn removed_count(players: usize) -> usize {
    match players {
        2 => 3,
        3 => 2,
        4 => 1,
        _ => 0,
    }
}

/// The random choices of a setup, made and checked.
#[derive(Debug, Clone)]
pub(crate) struct Dealt {
    pub removed: Vec<Animal>,
    /// Top last.
    pub draw_pile: Vec<Tile>,
    /// Top last.
    pub reserve: Vec<Tile>,
    pub first: usize,
}

/// A uniform number below `n` (n > 0), by rejection: the same for every platform
/// and every version of our dependencies, since ChaCha's stream is fixed.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    let limit = u64::MAX - u64::MAX % n;
    loop {
        let x = rng.next_u64();
        if x < limit {
            return (x % n) as usize;
        }
    }
}

/// Fisher-Yates with [`below`].
fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

pub(crate) fn deal(setup: &Setup) -> Result<Dealt, SetupError> {
    let n = setup.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        return Err(SetupError::Players(n));
    }
    for (i, name) in setup.players.iter().enumerate() {
        if name.trim().is_empty() {
            return Err(SetupError::EmptyName);
        }
        if setup.players[..i]
            .iter()
            .any(|other| other.eq_ignore_ascii_case(name))
        {
            return Err(SetupError::SameName(name.clone()));
        }
    }
    let need = removed_count(n);
    let first = match &setup.first {
        Some(name) => Some(
            setup
                .players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(name))
                .ok_or_else(|| SetupError::UnknownFirst(name.clone()))?,
        ),
        None => None,
    };

    let mut rng = ChaCha8Rng::from_seed(seed_bytes(setup.seed));

    let removed = match &setup.removed {
        Some(removed) => {
            let mut removed = removed.clone();
            removed.sort();
            removed.dedup();
            if let Some(show) = removed.iter().find(|a| a.is_show_animal()) {
                return Err(SetupError::ShowAnimalRemoved(*show));
            }
            if removed.len() != need {
                return Err(SetupError::RemovedCount {
                    players: n,
                    need,
                    given: removed.len(),
                });
            }
            removed
        }
        None => {
            // With a stacked deck, only types absent from it can be removed.
            let mut candidates: Vec<Animal> = Animal::FISH_EATERS
                .into_iter()
                .filter(|a| match &setup.deck {
                    Some(deck) => !deck
                        .tiles()
                        .any(|t| t.as_animal().is_some_and(|t| t.animal == *a)),
                    None => true,
                })
                .collect();
            if candidates.len() < need {
                return Err(SetupError::DeckUsesTypes {
                    players: n,
                    need,
                    left: candidates.len(),
                });
            }
            shuffle(&mut rng, &mut candidates);
            let mut removed = candidates[..need].to_vec();
            removed.sort();
            removed
        }
    };

    let (draw_pile, reserve) = match &setup.deck {
        Some(deck) => {
            if let Some(tile) = deck
                .tiles()
                .find(|t| t.as_animal().is_some_and(|t| removed.contains(&t.animal)))
            {
                return Err(SetupError::DeckHoldsRemoved(tile));
            }
            let mut draw = deck.draw.clone();
            let mut reserve = deck.reserve.clone();
            draw.reverse();
            reserve.reverse();
            (draw, reserve)
        }
        None => {
            let kept: Vec<Animal> = Animal::ALL
                .into_iter()
                .filter(|a| !removed.contains(a))
                .collect();
            let mut tiles = Tile::shuffled_box(&kept);
            shuffle(&mut rng, &mut tiles);
            let draw = tiles.split_off(RESERVE_SIZE);
            (draw, tiles)
        }
    };

    let first = match first {
        Some(i) => i,
        None => below(&mut rng, n),
    };

    Ok(Dealt {
        removed,
        draw_pile,
        reserve,
        first,
    })
}

/// The seed as a ChaCha key: its eight bytes, little-endian, then zeros.
fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shuffle_is_the_same_on_every_platform() {
        // A change here changes every stored game: it must never happen.
        let dealt = deal(&Setup::new(["ana", "ben", "cy"], 42)).unwrap();
        let top: Vec<String> = dealt
            .draw_pile
            .iter()
            .rev()
            .take(6)
            .map(Tile::to_string)
            .collect();
        let mut rng = ChaCha8Rng::from_seed(seed_bytes(7));
        let draws: Vec<usize> = (0..6).map(|_| below(&mut rng, 10)).collect();
        assert_eq!(draws, GOLDEN_DRAWS, "GOLDEN_DRAWS");
        assert_eq!(
            (dealt.removed.clone(), top.join(" "), dealt.first),
            golden_deal(),
            "golden_deal (seed 42)"
        );
    }

    const GOLDEN_DRAWS: [usize; 6] = [9, 7, 0, 4, 5, 6];

    fn golden_deal() -> (Vec<Animal>, String, usize) {
        (
            vec![Animal::Turtle, Animal::Penguin],
            "dolphin crocodile-m dolphin coin orca hippo-m".to_string(),
            0,
        )
    }

    #[test]
    fn a_deck_reads_its_reserve_line_and_checks_the_box() {
        let deck = Deck::parse("dolphin-m orca\n# comment\nreserve\ncoin hippo-fish").unwrap();
        assert_eq!(deck.draw.len(), 2);
        assert_eq!(deck.reserve.len(), 2);
        let err = Deck::parse("dolphin-m dolphin-m dolphin-m").unwrap_err();
        assert!(
            matches!(
                err,
                SetupError::DeckTooMany {
                    count: 3,
                    in_box: 2,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = Deck::parse("dolphin-young").unwrap_err();
        assert!(matches!(err, SetupError::DeckOffspring(_)), "{err:?}");
        let err = Deck::parse("dolphin walrus").unwrap_err();
        assert!(
            matches!(err, SetupError::DeckWord { line: 1, .. }),
            "{err:?}"
        );
    }
}
