//! The referee and the store: whole games and lobbies through the referee,
//! the statistics, bad input fuzzed through the referee, and `copy-store`
//! between SQLite and PostgreSQL. The tests that open a store run on both
//! databases (`name::on_sqlite`, `name::on_postgresql`); of the test kit:
//! the databases, the fuzzer's inputs and the growth benchmark's world
//! (support.rs).

// The parts of the test kit (testkit/) this binary uses, as
// `crate::support::...`.
pub mod support;

mod copy_store;
mod fair;
mod fuzz;
mod growth;
mod pace;
mod ratings;
mod referee;
mod seasons;
mod standings;
mod stats;
mod stored_format;
mod tournament_rounds;
mod tournaments;
