//! What the referee's tests use of tests/support/: the databases, and the
//! fuzzer's inputs.

#[path = "../support/db.rs"]
pub mod db;
#[path = "../support/fuzz_inputs.rs"]
pub mod fuzz_inputs;
#[path = "../support/postgres.rs"]
pub mod postgres;
#[path = "../support/tiers.rs"]
pub mod tiers;
