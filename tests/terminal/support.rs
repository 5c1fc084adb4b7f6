//! What the terminal's tests use of the test kit (testkit/): scripts of
//! random games, and the catalogue's words of each language.

pub use aquaretto_testkit::{langs, script};
