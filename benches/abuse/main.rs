//! The bot under attack: `cargo bench --bench abuse` runs every part at
//! its full size (`cargo bench --bench abuse -- web` one part). Each part
//! is a module of this folder (`benches/abuse/<part>.rs`), run in a child
//! process of this one where it needs limits of its own (a file limit
//! set with setrlimit before anything starts), the attacker in this
//! process, on loopback only (every address of 127.0.0.0/8 is this
//! machine's, so each client is a source address of its own).
//!
//! `cargo test` keeps a short version of each attack (`tests/web/abuse.rs`);
//! the figures go in RELIABILITY.md and BENCHMARKS.md.

// The parts of the test kit (testkit/) this benchmark uses: a table on
// the fake Discord.
mod support {
    pub use aquaretto_testkit::table::*;
}

mod take_undo;
mod web;

/// A part: its name, what it runs in this process, and what it runs in a
/// child (`ABUSE_CHILD=<name>`).
struct Part {
    name: &'static str,
    run: fn() -> anyhow::Result<()>,
    child: fn() -> anyhow::Result<()>,
}

const PARTS: &[Part] = &[
    Part {
        name: "web",
        run: web::run,
        child: web::child,
    },
    Part {
        name: "take_undo",
        run: take_undo_loop,
        child: no_child,
    },
];

/// The take-and-undo loop from one play link, 10,000 posts
/// (`TAKE_UNDO=<n>` another number).
fn take_undo_loop() -> anyhow::Result<()> {
    let attempts = std::env::var("TAKE_UNDO")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(take_undo::run(attempts))?;
    Ok(())
}

/// A part that runs in this process only.
fn no_child() -> anyhow::Result<()> {
    anyhow::bail!("this part has no child process")
}

fn main() -> anyhow::Result<()> {
    if let Ok(name) = std::env::var("ABUSE_CHILD") {
        let part = PARTS
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| anyhow::anyhow!("no part {name}"))?;
        return (part.child)();
    }
    // `cargo bench` passes `--bench`; the other words name parts.
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for part in PARTS {
        if wanted.is_empty() || wanted.iter().any(|w| w == part.name) {
            (part.run)()?;
        }
    }
    Ok(())
}
