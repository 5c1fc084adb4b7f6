//! What the web's tests use of the test kit (testkit/): the fake Discord and
//! a table on it, the databases, and the browser.

pub use aquaretto_testkit::{browser, db, fake_discord, postgres, table, tiers};

pub use table::*;
