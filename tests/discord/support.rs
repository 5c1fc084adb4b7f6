//! What the Discord tests use of tests/support/: the fake Discord and a
//! table on it, the databases, the fuzzer's inputs and the soak.

#[path = "../support/db.rs"]
pub mod db;
#[path = "../support/fake_discord/mod.rs"]
pub mod fake_discord;
#[path = "../support/fuzz_inputs.rs"]
pub mod fuzz_inputs;
#[path = "../support/postgres.rs"]
pub mod postgres;
#[path = "../support/soak.rs"]
pub mod soak;
#[path = "../support/table.rs"]
pub mod table;
#[path = "../support/tiers.rs"]
pub mod tiers;

pub use table::*;
