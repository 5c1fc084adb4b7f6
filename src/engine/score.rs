//! Scoring (rulebook "Scoring", docs/rules-clarifications.md §10): the same
//! function gives the score so far during the game and the final score at its
//! end.

use super::player::Player;
use super::tile::Mark;
use super::zoo::Square;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A player's points by category; `depot` is zero or negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Score {
    pub animals: i32,
    pub cashiers: i32,
    pub keepers: i32,
    pub trainers: i32,
    pub depot: i32,
    pub total: i32,
}

pub fn score(player: &Player) -> Score {
    let zoo = &player.zoo;
    let animals = zoo.animal_count() as i32;
    let cashiers = player.coins as i32 * player.cashiers as i32;
    let fish = zoo
        .animals()
        .filter(|(_, t, _)| t.mark == Mark::Fish)
        .count() as i32;
    let keepers = fish * player.keepers as i32;
    let trainers = zoo
        .trainers()
        .map(|trainer| {
            trainer
                .surrounding()
                .filter(|c| match zoo.square(*c) {
                    Square::Animal { tile, .. } => {
                        tile.animal.is_show_animal() && tile.mark != Mark::Bolt
                    }
                    _ => false,
                })
                .count() as i32
        })
        .sum();
    let types: BTreeSet<_> = player.depot.iter().map(|t| t.animal).collect();
    let per_type = if player.manager { 1 } else { 2 };
    let depot = -(types.len() as i32) * per_type;
    Score {
        animals,
        cashiers,
        keepers,
        trainers,
        depot,
        total: animals + cashiers + keepers + trainers + depot,
    }
}
