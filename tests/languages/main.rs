//! Who reads which language: the catalogue whole in every language, the
//! language of each answer through the referee and the fake Discord, and
//! the pseudo-locale finding every sentence that escaped the catalogue. The
//! tests that open a store run on both databases (`name::on_sqlite`,
//! `name::on_postgresql`).

// Public, as a library is: the support modules are shared by several test
// binaries and benchmarks, and what this binary leaves unused another uses.
// Their private items are still checked for dead code.
pub mod support;

mod alt_text;
mod board_text;
mod catalogue;
mod languages;
mod pseudo;
mod pseudo_discord;
mod three_languages;
