//! What the languages' tests use of tests/support/: the fake Discord and a
//! table on it, the databases, the catalogue's words, the pseudo-locale's
//! check.

#[path = "../support/db.rs"]
pub mod db;
#[path = "../support/fake_discord/mod.rs"]
pub mod fake_discord;
#[path = "../support/langs.rs"]
pub mod langs;
#[path = "../support/postgres.rs"]
pub mod postgres;
#[path = "../support/pseudo.rs"]
pub mod pseudo;
#[path = "../support/table.rs"]
pub mod table;
#[path = "../support/tiers.rs"]
pub mod tiers;

pub use table::*;
