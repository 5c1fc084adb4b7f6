//! A soak of real servers' faults: 2,000 moves in 200 games on the fake
//! Discord while one channel loses its permissions, one thread is locked,
//! one server removes the bot and Discord is down for an hour of the test
//! clock (see `testkit/src/soak.rs` for what is counted, and how).
//!
//! Run with `cargo bench --bench servers`. Targets: no letter lost, no move
//! committed and never shown in its channel, and invalid requests far below
//! Discord's 10,000 in 10 minutes.
//!
//! Also what the `GUILDS` intent costs: the bot connects to a gateway that
//! announces 10,000 servers (READY, then a GUILD_CREATE each), and the
//! process's resident memory is read before and after (serenity's cache is
//! kept empty: `discord::servers::cache_settings`).

// The parts of the test kit (testkit/) this benchmark uses: a table on
// the fake Discord, and `fake_discord`, `soak`.
mod support {
    pub use aquaretto_testkit::table::*;
    pub use aquaretto_testkit::{fake_discord, soak};
}
use support::soak;

fn main() {
    // `SERVERS_PART=memory` runs the second part alone.
    let soak_too = std::env::var("SERVERS_PART").map_or(true, |p| p != "memory");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    if soak_too {
        run_soak(&runtime);
    }
    runtime.block_on(ten_thousand_servers());
}

/// The soak, and its figures.
fn run_soak(runtime: &tokio::runtime::Runtime) {
    let soak = runtime.block_on(soak::run(soak::Size {
        games: 200,
        moves: 2_000,
    }));
    println!(
        "servers/soak: {} games, {} moves ({} answers failed in the outage) in {:.1} s",
        soak.games,
        soak.moves_made,
        soak.answers_failed,
        soak.wall.as_secs_f64()
    );
    println!(
        "servers/soak: invalid requests {} (most in any 10 minutes of the test clock: {}; the bot's bound {} of Discord's 10,000)",
        soak.invalid,
        soak.most_invalid_in_ten_minutes,
        aquaretto_bot::discord::rest::INVALID_BOUND
    );
    println!(
        "servers/soak: letters {}: posted {}, held for a move whose answer was shown and taken out {}, tables merged into a newer one of their game {}, waiting with a game that waits for its channel {}, reminders replaced by newer ones {}, lost {} (target 0)",
        soak.letters,
        soak.letters_posted,
        soak.held_taken_out,
        soak.tables_merged,
        soak.letters_waiting,
        soak.reminders_replaced,
        soak.letters_lost.len()
    );
    println!(
        "servers/soak: moves committed and never shown in their channel: {} (target 0)",
        soak.moves_unseen.len()
    );
    println!(
        "servers/soak: longest a reminder in a healthy channel waited past its time: {} min outside the outage, {} min with it (test clock, in steps of 5 min)",
        soak.longest_reminder_wait_ms / 60_000,
        soak.longest_reminder_wait_with_outage_ms / 60_000
    );
    for lost in soak.letters_lost.iter().chain(&soak.moves_unseen) {
        println!("servers/soak: MISSING {lost}");
    }
}

/// The process's resident memory, in KiB.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The bot connects to a gateway that announces 10,000 servers.
async fn ten_thousand_servers() {
    use std::time::Duration;
    use support::fake_discord::ChannelSpec;
    const SERVERS: u64 = 10_000;
    let mut t = support::Table::open(Duration::from_secs(2), support::TinyPainter::boxed).await;
    t.fake.keep_bodies(false);
    t.stop_bot().await;
    for i in 0..SERVERS {
        let guild = 3_000_000_000_000_000_000 + i * 1_000;
        t.fake.add_channel(ChannelSpec::text(guild, guild + 1));
    }
    let before = rss_kib();
    let started = std::time::Instant::now();
    t.start_bot().await;
    // Every GUILD_CREATE was read before a later interaction is answered.
    let look = t.say(support::ALICE, "help", &[]).await;
    // The fake keeps no bodies here (10,000 servers' worth): the answer's
    // status says it was taken.
    assert!(look.message.status < 300, "answered");
    let after = rss_kib();
    println!(
        "servers/10000_servers: connected and every GUILD_CREATE read in {:.1} s; resident memory {} MiB before, {} MiB after (+{} KiB, {:.2} KiB a server, the fake's own copies included)",
        started.elapsed().as_secs_f64(),
        before / 1024,
        after / 1024,
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / SERVERS as f64
    );
    t.stop_bot().await;
}
