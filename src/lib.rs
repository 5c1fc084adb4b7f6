//! aquaretto-bot: a referee for the board game Aquaretto, on Discord and in the
//! terminal. See ARCHITECTURE.md for the map.

pub mod engine;
