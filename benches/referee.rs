//! The referee's speed and memory: `cargo bench --bench referee`.
//! Targets: a move through the referee without rendering (parse, load, apply,
//! commit, on a file database in WAL mode) p50 under 1 ms and p99 under 5 ms;
//! 1,000 open games in one database with resident memory under 100 MB; a page
//! of a finished game's history (`/aq history` and its Older button), and
//! the table after a past move without its picture, under 20 ms.

use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::{Actor, Press, Referee, Request};
use aquaretto_bot::store::{Store, StoreOptions};
use aquaretto_bot::view::controls::{Control, ControlId};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sqlx::sqlite::SqliteSynchronous;
use std::time::{Duration, Instant};

const NAMES: [&str; 4] = ["ana", "ben", "cy", "dee"];

fn actor(name: &str) -> Actor {
    Actor {
        id: name.to_string(),
        name: name.to_string(),
        manages_channel: false,
    }
}

async fn say(referee: &Referee, channel: &str, who: &str, text: &str) -> bool {
    let command = match command::parse(text) {
        Ok(c) => c,
        Err(e) => panic!("{text}: {e}"),
    };
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some("bench".into()),
            actor: actor(who),
            command,
            via: Default::default(),
        })
        .await
        .accepted
}

async fn open(referee: &Referee, channel: &str, seed: u64) {
    assert!(
        say(
            referee,
            channel,
            "ana",
            &format!("/aq new seed:{seed} first:ana")
        )
        .await
    );
    for n in &NAMES[1..] {
        assert!(say(referee, channel, n, "/aq join").await);
    }
    assert!(say(referee, channel, "ana", "/aq start").await);
}

/// Plays up to `limit` random moves in a channel; returns each move's time.
async fn play(referee: &Referee, channel: &str, seed: u64, limit: usize) -> Vec<Duration> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    let mut times = Vec::new();
    for _ in 0..limit {
        let loaded = match referee.open_game(channel).await {
            Ok(Some(Ok(loaded))) => loaded,
            _ => break,
        };
        let Some(game) = loaded.game() else { break };
        let Some(seat) = game.to_act() else { break };
        let Some(action) = random_action(game, seat, &mut rng) else {
            break;
        };
        let text = Command::from_action(&action, &names).to_text();
        let started = Instant::now();
        let ok = say(referee, channel, NAMES[seat], &text).await;
        times.push(started.elapsed());
        assert!(ok, "{text} was refused");
    }
    times
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn resident_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn main() {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => panic!("no runtime: {e}"),
    };
    runtime.block_on(async {
        let dir = match tempfile::tempdir() {
            Ok(d) => d,
            Err(e) => panic!("no temp dir: {e}"),
        };
        // The same whole games under both durabilities: FULL (the bot's
        // choice) syncs the log at every commit, NORMAL only at checkpoints.
        let mut referee = None;
        let mut times = Vec::new();
        for (name, synchronous) in [
            ("NORMAL", SqliteSynchronous::Normal),
            ("FULL", SqliteSynchronous::Full),
        ] {
            let path = dir.path().join(format!("bench-{name}.db"));
            let opts = StoreOptions {
                synchronous,
                ..StoreOptions::default()
            };
            let store = match Store::open_with(&path.display().to_string(), &opts).await {
                Ok(s) => s,
                Err(e) => panic!("no store: {e}"),
            };
            let r = Referee::new(store);
            // Whole 4-player games, every move timed.
            times.clear();
            for g in 0..12u64 {
                let channel = format!("speed-{g}");
                open(&r, &channel, g).await;
                times.extend(play(&r, &channel, g, 10_000).await);
            }
            times.sort();
            println!(
                "synchronous={name}: move through the referee p50 {:.3} ms, p99 {:.3} ms ({} moves)",
                percentile(&times, 0.50).as_secs_f64() * 1e3,
                percentile(&times, 0.99).as_secs_f64() * 1e3,
                times.len(),
            );
            referee = Some(r);
        }
        let Some(referee) = referee else {
            panic!("no referee");
        };

        times.sort();
        println!(
            "move through the referee (4 players, whole games, {} moves, no pictures): p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            times.len(),
            percentile(&times, 0.50).as_secs_f64() * 1e3,
            percentile(&times, 0.90).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            percentile(&times, 1.0).as_secs_f64() * 1e3,
        );

        // Every page of the history of each finished game, through the press
        // of its Older button (the first page through the slash command),
        // and the table after every tenth move.
        let mut pages = Vec::new();
        let mut tables = Vec::new();
        for g in 0..12u64 {
            let channel = format!("speed-{g}");
            let loaded = match referee.find_game(None, Some(&channel)).await {
                Ok(Some(Ok(loaded))) => loaded,
                _ => panic!("game {g} is there"),
            };
            let (id, total) = (loaded.id(), loaded.log().len());
            let started = Instant::now();
            assert!(say(&referee, &channel, "ben", "/aq history").await);
            pages.push(started.elapsed());
            for page in 1..total.div_ceil(8) as u32 {
                let control = ControlId { game: id, seq: total as i64, control: Control::HistoryPage(page) };
                let started = Instant::now();
                let reply = referee
                    .press(Press {
                        channel: channel.clone(),
                        guild: Some("bench".into()),
                        actor: actor("ben"),
                        id: control.encode(),
                        values: Vec::new(),
                    })
                    .await;
                pages.push(started.elapsed());
                assert!(reply.accepted, "page {page}: {}", reply.text());
            }
            for n in (1..=total).step_by(10) {
                let started = Instant::now();
                assert!(say(&referee, &channel, "ben", &format!("/aq history move:{n}")).await);
                tables.push(started.elapsed());
            }
        }
        for (what, times) in [("history page", &mut pages), ("table after a past move (no picture)", &mut tables)] {
            times.sort();
            println!(
                "{what} of a finished 4-player game ({} asked): p50 {:.3} ms, p90 {:.3} ms, max {:.3} ms (target < 20 ms)",
                times.len(),
                percentile(times, 0.50).as_secs_f64() * 1e3,
                percentile(times, 0.90).as_secs_f64() * 1e3,
                percentile(times, 1.0).as_secs_f64() * 1e3,
            );
        }

        // 1,000 open games, each some moves in, every one looked at.
        let before = resident_mb();
        for g in 0..1000u64 {
            let channel = format!("open-{g}");
            open(&referee, &channel, 1000 + g).await;
            play(&referee, &channel, g, 25).await;
        }
        for g in 0..1000u64 {
            assert!(say(&referee, &format!("open-{g}"), "ana", "/aq board").await);
        }
        println!(
            "1,000 open games of 25 moves: resident memory {:.1} MB (before creating them: {before:.1} MB)",
            resident_mb()
        );
    });
}
