//! What the terminal's tests use of the test kit (testkit/): scripts of
//! random games, and the catalogue's words of each language.

pub use aquaretto_testkit::{langs, script};

use std::path::Path;
use std::process::{Command as Process, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// `aquaretto-bot play --db <db>` as a person starts it with no token and
/// no database URL, speaking English (the environment's language
/// removed), its output piped.
pub fn play(db: &Path) -> Process {
    let mut p = Process::new(BIN);
    p.arg("play")
        .arg("--db")
        .arg(db)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        // The terminal speaks the environment's language: English here.
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    p
}
