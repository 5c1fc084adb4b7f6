//! A player's part of the table: coins, zoo, depot and coworkers.

use super::action::Post;
use super::tile::AnimalTile;
use super::zoo::Zoo;
use serde::{Deserialize, Serialize};

/// Most cashiers and keepers a player may have.
pub const MAX_CASHIERS: u8 = 2;
pub const MAX_KEEPERS: u8 = 2;

/// A player's table: coins, zoo, depot and coworkers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub coins: u32,
    pub zoo: Zoo,
    /// Bottom first: the top tile is the last.
    pub depot: Vec<AnimalTile>,
    pub cashiers: u8,
    pub keepers: u8,
    pub manager: bool,
    /// The truck taken this round (1-based).
    pub truck: Option<usize>,
}

impl Player {
    pub(super) fn new(name: String) -> Player {
        Player {
            name,
            coins: 1,
            zoo: Zoo::new(),
            depot: Vec::new(),
            cashiers: 0,
            keepers: 0,
            manager: false,
            truck: None,
        }
    }

    pub fn depot_top(&self) -> Option<AnimalTile> {
        self.depot.last().copied()
    }

    /// Coworkers in the player's service.
    pub fn coworkers(&self) -> u8 {
        self.cashiers + self.keepers + u8::from(self.manager) + self.zoo.trainer_count()
    }

    /// The places a coworker stands on.
    pub fn occupied_posts(&self) -> Vec<Post> {
        let mut posts = Vec::new();
        if self.cashiers > 0 {
            posts.push(Post::Cashier);
        }
        if self.keepers > 0 {
            posts.push(Post::Keeper);
        }
        if self.manager {
            posts.push(Post::Manager);
        }
        posts.extend(self.zoo.trainers().map(Post::Trainer));
        posts
    }

    /// The places a coworker could go to.
    pub fn free_posts(&self) -> Vec<Post> {
        let mut posts = Vec::new();
        if self.cashiers < MAX_CASHIERS {
            posts.push(Post::Cashier);
        }
        if self.keepers < MAX_KEEPERS {
            posts.push(Post::Keeper);
        }
        if !self.manager {
            posts.push(Post::Manager);
        }
        posts.extend(self.zoo.empty_spaces().map(Post::Trainer));
        posts
    }

    pub(super) fn has_free_post(&self) -> bool {
        self.cashiers < MAX_CASHIERS
            || self.keepers < MAX_KEEPERS
            || !self.manager
            || self.zoo.empty_spaces().next().is_some()
    }

    pub(super) fn put(&mut self, post: Post) {
        match post {
            Post::Cashier => self.cashiers += 1,
            Post::Keeper => self.keepers += 1,
            Post::Manager => self.manager = true,
            Post::Trainer(cell) => self.zoo.place_trainer(cell),
        }
    }

    pub(super) fn lift(&mut self, post: Post) {
        match post {
            Post::Cashier => self.cashiers -= 1,
            Post::Keeper => self.keepers -= 1,
            Post::Manager => self.manager = false,
            Post::Trainer(cell) => self.zoo.remove_trainer(cell),
        }
    }
}
