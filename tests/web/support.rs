//! What the web's tests use of tests/support/: the fake Discord and a
//! table on it, the databases, and the browser.

#[path = "../support/browser.rs"]
pub mod browser;
#[path = "../support/db.rs"]
pub mod db;
#[path = "../support/fake_discord/mod.rs"]
pub mod fake_discord;
#[path = "../support/postgres.rs"]
pub mod postgres;
#[path = "../support/table.rs"]
pub mod table;
#[path = "../support/tiers.rs"]
pub mod tiers;

pub use table::*;
