//! aquaretto-bot: a referee for the board game Aquaretto, on Discord, in the
//! terminal and on the web. See ARCHITECTURE.md for the map.

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
pub mod view;
pub mod web;
