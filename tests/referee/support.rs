//! What the referee's tests use of the test kit (testkit/): the databases,
//! the fuzzer's inputs and strategies, and the growth benchmark's world and
//! query plans.

pub use aquaretto_testkit::{db, fuzz_inputs, fuzz_strategies, growth, plans, postgres, tiers};
