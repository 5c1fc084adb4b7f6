//! The bot on Discord: the real bot (poise on serenity), and the real
//! binary, against the strict fake Discord (testkit/src/fake_discord/):
//! commands, presses, computer players, clocks, the past, waiting games,
//! players away, faults, real servers' ways, the rematch and the score card,
//! fuzzed payloads, fair play, configuration and
//! health, and two processes on one PostgreSQL. The tests that open a store
//! run on both databases (`name::on_sqlite`, `name::on_postgresql`).

// The parts of the test kit (testkit/) this binary uses, as
// `crate::support::...`.
pub mod support;

mod away;
mod bots;
mod clocks;
mod commands;
mod config;
mod controls;
mod discord_api;
mod fair_play;
mod faults;
mod history;
mod launch;
mod payloads;
mod real_servers;
mod rematch;
mod seasons;
mod serve;
mod tournaments;
mod two_processes;
mod waiting;
