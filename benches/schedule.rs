//! The scheduler at scale: 10,000 running games in one database, each with a
//! reminder due at a random minute of the next hour, the real bot running
//! against the fake Discord on 127.0.0.1. The clock (a manual one) moves a
//! minute at a time; after each minute the bench waits until the scheduler
//! has caught up (every reminder due by then queued, posted to the fake and
//! recorded) and checks that exactly the reminders due so far were sent.
//!
//! Reports: reminders sent, CPU time per sent reminder (user + system time of
//! the process during the hour, less that of the thread the fake Discord runs
//! on; the fake's share is printed too), the wall time to catch up after each minute,
//! and the process's peak RSS during the hour (again with the fake inside: it
//! keeps the id, channel and nonce of each message, and of each request its method, path
//! and status). Targets: every due reminder sent in time, under 1 ms of
//! CPU per reminder, under 100 MB RSS.
//!
//! Run with `cargo bench --bench schedule` (`-- --games N` for another count).

// The parts of the test kit (testkit/) this benchmark uses: a table on
// the fake Discord, and `fake_discord`.
mod support {
    pub use aquaretto_testkit::fake_discord;
    pub use aquaretto_testkit::table::*;
}

use aquaretto_bot::command::Command;
use aquaretto_bot::referee::{Actor, Request};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};
use support::{Table, TinyPainter, EPOCH, GUILD};

const MINUTE_MS: i64 = 60_000;

fn main() {
    let games: usize = std::env::args()
        .skip_while(|a| a != "--games")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(run(games));
}

fn actor(n: usize) -> Actor {
    Actor {
        id: (3_000_000_000_000_000_000u64 + n as u64).to_string(),
        name: format!("p{n}"),
        manages_channel: false,
    }
}

async fn run(games: usize) {
    let (fake, fake_tid) = support::fake_discord::FakeDiscord::start_on_own_thread();
    fake.keep_bodies(false);
    let mut t = Table::open_with(fake, Duration::from_secs(2), TinyPainter::boxed).await;
    let started = Instant::now();
    let mut ids = Vec::with_capacity(games);
    for g in 0..games {
        let channel = (4_000_000_000_000_000_000u64 + g as u64).to_string();
        let request = |who: usize, command: Command| Request {
            channel: channel.clone(),
            guild: Some(GUILD.to_string()),
            actor: actor(who),
            command,
            via: Default::default(),
        };
        let new = Command::New {
            removed: None,
            first: None,
            seed: Some(g as u64),
            deck: None,
        };
        for (who, command) in [
            (2 * g, new),
            (2 * g + 1, Command::Join),
            (2 * g, Command::Start),
        ] {
            let reply = t.referee.handle(request(who, command)).await;
            assert!(reply.accepted, "{}", reply.text());
        }
        let id = t
            .referee
            .open_game(&channel)
            .await
            .expect("database")
            .expect("a game")
            .expect("not damaged")
            .id();
        ids.push(id);
    }
    println!(
        "{games} running games created through the referee in {:.1} s (RSS now {:.1} MB, peak {:.1} MB)",
        started.elapsed().as_secs_f64(),
        status_kb("VmRSS:") as f64 / 1024.0,
        status_kb("VmHWM:") as f64 / 1024.0
    );
    // Each game's reminder at a random minute of the next hour (to the ms).
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut due: Vec<i64> = Vec::with_capacity(games);
    {
        let pool = t.referee.store().pool();
        let mut tx = pool.begin().await.expect("a transaction");
        for id in &ids {
            let at = EPOCH + rng.random_range(MINUTE_MS..=60 * MINUTE_MS);
            sqlx::query("UPDATE games SET remind_at = ? WHERE id = ?")
                .bind(at)
                .bind(id)
                .execute(&mut *tx)
                .await
                .expect("set a reminder");
            due.push(at);
        }
        tx.commit().await.expect("commit");
    }
    // The bot restarts to read the schedule fresh, as after an operator's edit.
    t.restart().await;
    due.sort_unstable();
    // From here on the peak is the hour's: creating the games (a burst of
    // 30,000 commands) is not what is measured.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let rss_start = status_kb("VmRSS:");
    let cpu_before = cpu_seconds();
    let fake_before = thread_cpu_seconds(&fake_tid);
    let mut catch_up = Vec::new();
    let hour = Instant::now();
    for minute in 1..=60 {
        let start = Instant::now();
        t.advance(Duration::from_millis(MINUTE_MS as u64)).await;
        catch_up.push(start.elapsed());
        let now = EPOCH + minute * MINUTE_MS;
        let expected = due.partition_point(|&d| d <= now) as i64;
        let sent: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE reminders_sent >= 1")
            .fetch_one(t.referee.store().pool())
            .await
            .expect("count");
        let waiting: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
            .fetch_one(t.referee.store().pool())
            .await
            .expect("outbox");
        assert_eq!(
            sent, expected,
            "minute {minute}: every due reminder, no more"
        );
        assert_eq!(waiting, 0, "minute {minute}: every letter delivered");
        if std::env::var_os("SCHEDULE_BENCH_TRACE").is_some() && minute % 10 == 0 {
            println!(
                "minute {minute}: RSS {:.1} MB (anonymous {:.1}, files {:.1}, shared {:.1})",
                status_kb("VmRSS:") as f64 / 1024.0,
                status_kb("RssAnon:") as f64 / 1024.0,
                status_kb("RssFile:") as f64 / 1024.0,
                status_kb("RssShmem:") as f64 / 1024.0
            );
        }
    }
    let wall = hour.elapsed();
    let cpu = cpu_seconds() - cpu_before;
    let fake_cpu = thread_cpu_seconds(&fake_tid) - fake_before;
    let posted = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.starts_with("/channels/") && r.status < 300)
        .count();
    assert_eq!(posted, games, "one message per reminder");
    catch_up.sort();
    let pct = |p: f64| catch_up[((catch_up.len() - 1) as f64 * p).round() as usize];
    println!(
        "reminders sent: {posted} over a simulated hour in {:.1} s of wall time",
        wall.as_secs_f64()
    );
    let per = |s: f64| s * 1000.0 / posted.max(1) as f64;
    println!(
        "CPU: the bot {:.3} ms per reminder (target < 1 ms): {:.2} s for the process, less {:.2} s on the fake Discord's thread ({:.3} ms per reminder)",
        per(cpu - fake_cpu),
        cpu,
        fake_cpu,
        per(fake_cpu)
    );
    println!(
        "catching up after each simulated minute (about {} reminders): p50 {:.0} ms, p90 {:.0} ms, max {:.0} ms",
        games / 60,
        pct(0.5).as_secs_f64() * 1000.0,
        pct(0.9).as_secs_f64() * 1000.0,
        pct(1.0).as_secs_f64() * 1000.0
    );
    println!(
        "RSS during the hour: {:.1} MB at its start, peak {:.1} MB (target < 100 MB; includes the fake Discord, which keeps the id, channel and nonce of each message and the method, path and status of each request)",
        rss_start as f64 / 1024.0,
        status_kb("VmHWM:") as f64 / 1024.0
    );
    t.stop_bot().await;
}

/// User + system CPU time of this process, from /proc (ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    stat_cpu_seconds("/proc/self/stat")
}

/// The same for one thread of this process.
fn thread_cpu_seconds(tid: &str) -> f64 {
    stat_cpu_seconds(&format!("/proc/self/task/{tid}/stat"))
}

fn stat_cpu_seconds(path: &str) -> f64 {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after ')'.
    (ticks(11) + ticks(12)) / 100.0
}

/// The process's peak resident set size (VmHWM), in kB.
/// A line of /proc/self/status in kB, e.g. `VmRSS:` (now) or `VmHWM:` (peak).
fn status_kb(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
