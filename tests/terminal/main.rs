//! The terminal and the binary as a person starts it: local play by
//! script and by hand, a newcomer's first minutes, and the terminal's
//! language.

// The parts of the test kit (testkit/) this binary uses, as
// `crate::support::...`.
pub mod support;

mod board_text;
mod local_play;
mod newcomer;
mod seasons;
mod terminal_lang;
mod tournaments;
