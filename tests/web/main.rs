//! The web pages: through plain HTTP against the bot and its fake Discord
//! (and under attack, short: `abuse.rs`), and in a real headless Chromium (with the browser driver's own checks).
//! The tests that open a store run on both databases (`name::on_sqlite`,
//! `name::on_postgresql`); the browser's need Chromium and ChromeDriver,
//! and the accessibility checks axe-core (testkit/src/tiers.rs).

// The parts of the test kit (testkit/) this binary uses, as
// `crate::support::...`.
pub mod support;

mod abuse;
mod activity;
mod activity_browser;
mod browser_smoke;
mod discord_frame;
mod finished_page;
mod player_words;
mod web;
mod web_browser;
