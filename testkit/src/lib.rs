//! The test kit of aquaretto-bot: what its tests (`tests/<group>/`) and
//! benchmarks (`benches/`) share, built once as a library of the workspace
//! and taken by the bot as a dev-dependency. Each test binary's `support.rs`
//! re-exports the modules it uses, so its tests say `crate::support::db`.
//!
//! - [`fake_discord`]: a strict fake of Discord's HTTP API and gateway,
//!   checking every request against Discord's OpenAPI description
//!   (`testkit/discord_api/`) and the rules of the moment.
//! - [`table`]: a table on the fake: the real bot (poise on serenity), a real
//!   referee and a test store, and the users, answers and presses the tests
//!   use.
//! - [`db`]: the tests' stores, on SQLite or PostgreSQL, and
//!   [`on_sqlite_and_postgresql!`]; every row of a database, for "nothing
//!   changed"; the statements a piece of work runs on its stores.
//! - [`postgres`]: a throwaway PostgreSQL server (the system's `initdb` and
//!   `postgres`), one per test process, a fresh database per test.
//! - [`browser`]: a headless Chromium through ChromeDriver, golden
//!   screenshots and axe-core's accessibility check.
//! - [`tiers`]: where the programs of each tier of the suite are, and the
//!   skipping of a tier this machine lacks.
//! - [`growth`], [`plans`]: the growth benchmark's world and requests; the
//!   query plans of statements, and what in them reads a whole table.
//! - [`langs`], [`pseudo`], [`script`], [`soak`], [`fuzz_inputs`],
//!   [`fuzz_strategies`]: words of each language, the pseudo-locale's check,
//!   scripts of random games, the soak of real servers' faults, the fuzzer's
//!   inputs and its proptest strategies.

use std::path::Path;

pub mod browser;
pub mod db;
pub mod fake_discord;
pub mod fuzz_inputs;
pub mod fuzz_strategies;
pub mod growth;
pub mod langs;
pub mod plans;
pub mod postgres;
pub mod pseudo;
pub mod script;
pub mod soak;
pub mod table;
pub mod tiers;

/// The workspace's top folder (the bot's crate, its `locales/`, `tests/`
/// and `target/`): the kit's own folder is `testkit/` below it.
pub fn root() -> &'static Path {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    kit.parent().unwrap_or(kit)
}
