//! aquaretto-bot: a referee for the board game Aquaretto, on Discord, in the
//! terminal and on the web. See ARCHITECTURE.md for the map.

pub mod choices;
pub mod clock;
pub mod command;
pub mod config;
pub mod controls;
pub mod cpu;
pub mod discord;
pub mod engine;
pub mod health;
pub mod lang;
pub mod pictures;
pub mod record;
pub mod referee;
pub mod render;
pub mod schedule;
pub mod store;
pub mod terminal;
pub mod text;
pub mod web;
