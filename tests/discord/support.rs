//! What the Discord tests use of the test kit (testkit/): the fake Discord
//! and a table on it, the databases, the fuzzer's inputs and the soak.

pub use aquaretto_testkit::{db, fake_discord, fuzz_inputs, postgres, soak, table, tiers};

pub use table::*;
