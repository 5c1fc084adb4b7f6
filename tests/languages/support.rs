//! What the languages' tests use of the test kit (testkit/): the fake
//! Discord and a table on it, the databases, the catalogue's words, the
//! pseudo-locale's check.

pub use aquaretto_testkit::{db, fake_discord, langs, postgres, pseudo, table, tiers};

pub use table::*;
