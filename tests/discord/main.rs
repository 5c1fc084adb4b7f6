//! The bot on Discord: the real bot (poise on serenity), and the real
//! binary, against the strict fake Discord (tests/support/fake_discord/):
//! commands, presses, computer players, the past, waiting games, players
//! away, faults, real servers' ways, the rematch and the score card,
//! fuzzed payloads, fair play, configuration and
//! health, and two processes on one PostgreSQL. The tests that open a store
//! run on both databases (`name::on_sqlite`, `name::on_postgresql`).

// Public, as a library is: the support modules are shared by several test
// binaries and benchmarks, and what this binary leaves unused another uses.
// Their private items are still checked for dead code.
pub mod support;

mod away;
mod bots;
mod config;
mod controls;
mod discord;
mod discord_api;
mod fair_play;
mod faults;
mod history;
mod launch;
mod payloads;
mod real_servers;
mod rematch;
mod serve;
mod two_processes;
mod waiting;
