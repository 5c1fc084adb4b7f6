//! The referee and the store: whole games and lobbies through the referee,
//! the statistics, bad input fuzzed through the referee, and `copy-store`
//! between SQLite and PostgreSQL. The tests that open a store run on both
//! databases (`name::on_sqlite`, `name::on_postgresql`); support: the
//! databases only (support.rs).

// Public, as a library is: the support modules are shared by several test
// binaries and benchmarks, and what this binary leaves unused another uses.
// Their private items are still checked for dead code.
pub mod support;

mod copy_store;
mod fair;
mod fuzz;
mod growth;
mod ratings;
mod referee;
mod standings;
mod stats;
mod stored_format;
