//! What the referee's tests use of tests/support/: the databases, the
//! fuzzer's inputs, and the growth benchmark's world and query plans.

#[path = "../support/db.rs"]
pub mod db;
#[path = "../support/fuzz_inputs.rs"]
pub mod fuzz_inputs;
#[path = "../support/growth.rs"]
pub mod growth;
#[path = "../support/plans.rs"]
pub mod plans;
#[path = "../support/postgres.rs"]
pub mod postgres;
#[path = "../support/tiers.rs"]
pub mod tiers;
