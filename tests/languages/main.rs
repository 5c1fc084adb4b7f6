//! Who reads which language: the catalogue whole in every language, the
//! language of each answer through the referee and the fake Discord, and
//! the pseudo-locale finding every sentence that escaped the catalogue. The
//! tests that open a store run on both databases (`name::on_sqlite`,
//! `name::on_postgresql`).

// The parts of the test kit (testkit/) this binary uses, as
// `crate::support::...`.
pub mod support;

mod alt_text;
mod board_text;
mod catalogue;
mod languages;
mod pseudo;
mod pseudo_discord;
mod three_languages;
