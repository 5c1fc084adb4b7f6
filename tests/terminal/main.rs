//! The terminal and the binary as a person starts it: local play by
//! script and by hand, a newcomer's first minutes, and the terminal's
//! language.

// Public, as a library is: the support modules are shared by several test
// binaries and benchmarks, and what this binary leaves unused another uses.
// Their private items are still checked for dead code.
pub mod support;

mod board_text;
mod local_play;
mod newcomer;
mod terminal_lang;
