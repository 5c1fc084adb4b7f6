//! What the terminal's tests use of tests/support/: scripts of random
//! games, and the catalogue's words of each language.

#[path = "../support/langs.rs"]
pub mod langs;
#[path = "../support/script.rs"]
pub mod script;
