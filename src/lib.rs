//! aquaretto-bot: a referee for the board game Aquaretto, on Discord, in the
//! terminal and on the web. ARCHITECTURE.md has the whole map: how a
//! request travels, the invariants and the tests that keep them, and where
//! to change what.
//!
//! # Layout
//!
//! A game is a seed and a list of moves; everything else is derived from
//! them. The layers, each importing only those below it (checked by
//! `tests/layers/`):
//!
//! - [`engine`]: the rules, pure: setup, [`engine::Game::apply`], the legal
//!   moves, the scores and [`engine::standings()`] (who won). [`cpu`]: the
//!   computer players. [`command`]: the command language.
//! - [`lang`] (with `locales/`): every word a person reads, in their
//!   language. [`view`]: what a reply shows besides words (controls, the
//!   table in characters, the score card), free of transport.
//! - [`referee`]: the one way to a game: requests to replies, each in one
//!   transaction. [`store`] beside it: rows in SQLite or PostgreSQL.
//!   [`render`] beside it: the pictures, plugged in as its painter.
//! - The front ends turn input into commands and show replies: [`discord`],
//!   [`terminal`], [`web`].
//! - [`app`]: the composition root, the only module that knows every other
//!   (and the binary's subcommands: `app::tools`). [`clock`]: the one clock;
//!   [`time_control`]: the games' clocks as arithmetic on its times.
//!   [`tournament`]: tournaments as arithmetic: each round's tables and the
//!   standings.

pub mod app;
pub mod clock;
pub mod command;
pub mod cpu;
pub mod discord;
pub mod engine;
pub mod lang;
pub mod referee;
pub mod render;
pub mod store;
pub mod terminal;
pub mod time_control;
pub mod tournament;
pub mod view;
pub mod web;
