//! The bot's process: started on the grown store, its start-up, requests
//! and memory measured.

use crate::support::growth::{self, Targets};
use crate::{memory, ms, quantile, setting};
use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::referee::Reply;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Runs the bot's start-up and requests in a process of its own; its
/// figures.
pub(crate) fn run_child(
    label: &str,
    finished: usize,
    url: &str,
    targets: &Targets,
    top: &str,
    armed: usize,
) -> serde_json::Value {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => panic!("no executable: {e}"),
    };
    let targets = match serde_json::to_string(targets) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    // A file, not the environment: the running games' channels pass a
    // variable's 128 KiB.
    let file = std::env::temp_dir().join(format!("aq-growth-targets-{}.json", std::process::id()));
    if let Err(e) = std::fs::write(&file, targets) {
        panic!("cannot write {}: {e}", file.display());
    }
    let out = std::process::Command::new(exe)
        .env("GROWTH_CHILD", url)
        .env("GROWTH_TARGETS", &file)
        .env("GROWTH_TOP", top)
        .env("GROWTH_ARMED", armed.to_string())
        .env("RUST_LOG", "warn")
        .stderr(std::process::Stdio::inherit())
        .output();
    let _ = std::fs::remove_file(&file);
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => panic!(
            "the bot's process failed: {}",
            String::from_utf8_lossy(&o.stdout)
        ),
        Err(e) => panic!("cannot start the bot's process: {e}"),
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let mut figures = serde_json::Value::Null;
    for line in text.lines() {
        if let Some(json) = line.strip_prefix("figures: ") {
            figures = serde_json::from_str(json).unwrap_or_default();
        } else {
            println!("growth/{label}/{finished}: {line}");
        }
    }
    figures
}

/// The bot's process: start-up to ready, the requests, its memory.
pub(crate) async fn child(url: &str) {
    let t: Targets = match std::env::var("GROWTH_TARGETS")
        .ok()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .and_then(|j| serde_json::from_str(&j).ok())
    {
        Some(t) => t,
        None => panic!("GROWTH_TARGETS is not the targets"),
    };
    let top = std::env::var("GROWTH_TOP").unwrap_or_default();
    let armed: usize = setting("GROWTH_ARMED", 0);
    let moves = setting("GROWTH_MOVES", 200);
    let calls = setting("GROWTH_CALLS", 50);
    let (rss_before, _) = memory();
    let start = Instant::now();
    let referee = match growth::start_up(
        url,
        Some(Box::new(aquaretto_bot::app::painter::RenderPainter)),
    )
    .await
    {
        Ok(r) => r,
        Err(e) => panic!("start-up: {e:#}"),
    };
    let startup = start.elapsed();
    let (rss_ready, _) = memory();
    println!(
        "start-up to ready: {:.1} ms; resident memory {rss_before:.1} MB before, {rss_ready:.1} MB ready",
        ms(startup)
    );
    let t0 = Instant::now();
    let filled = match growth::check_older_games(&referee).await {
        Ok(n) => n,
        Err(e) => panic!("the check for older games: {e:#}"),
    };
    let check = t0.elapsed();
    let (rss_checked, _) = memory();
    println!(
        "the check for older games (beside serving, once a process): {:.1} ms, {filled} filled in; resident memory {rss_checked:.1} MB",
        ms(check)
    );
    let now = aquaretto_bot::clock::SystemClock.now();
    let t0 = Instant::now();
    let queued = match growth::scheduler_step(&referee, now).await {
        Ok(q) => q,
        Err(e) => panic!("scheduler: {e:#}"),
    };
    let step = t0.elapsed();
    println!(
        "scheduler's step with {armed} of {} running games due (1%): {:.1} ms, {queued} reminders queued",
        t.running.len(),
        ms(step)
    );
    if let Err(e) = growth::deliver_all(&referee, now).await {
        panic!("{e:#}");
    }
    // Moves with their pictures, in running games other than the mygames
    // person's.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let pool: Vec<&(String, String)> = t.running.iter().skip(growth::MYGAMES).collect();
    let mut times = Vec::new();
    let mut refused = 0;
    let mut i = 0;
    while times.len() < moves && i < moves * 4 && !pool.is_empty() {
        let (channel, guild) = pool[(i * 7919) % pool.len()];
        i += 1;
        let req = match growth::next_move(&referee, guild, channel, &mut rng).await {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => panic!("{e:#}"),
        };
        let t1 = Instant::now();
        let reply = referee.handle(req).await;
        times.push(t1.elapsed());
        if !reply.accepted || reply.pictures.is_empty() {
            refused += 1;
        }
        if let Err(e) = growth::shown(&referee, &reply).await {
            panic!("{e:#}");
        }
    }
    let mut figures = serde_json::json!({
        "startup_ms": ms(startup),
        "check_ms": ms(check),
        "rss_ready_mb": rss_ready,
        "step_ms": ms(step),
        "queued": queued,
        "move_p50": quantile(&times, 0.5),
        "move_p99": quantile(&times, 0.99),
    });
    println!(
        "a move with its picture ({} moves, {refused} refused or without a picture): p50 {:.2} ms, p99 {:.2} ms",
        times.len(),
        quantile(&times, 0.5),
        quantile(&times, 0.99)
    );
    let mut first: Vec<(&str, String)> = Vec::new();
    async fn timed<F, Fut>(calls: usize, mut f: F) -> (Vec<Duration>, String)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = String>,
    {
        let mut times = Vec::new();
        let mut said = String::new();
        for _ in 0..calls {
            let t = Instant::now();
            said = f().await;
            times.push(t.elapsed());
        }
        (times, said)
    }
    let text = |r: Reply| growth::said(&r);
    let (referee, t, top) = (&referee, &t, top.as_str());
    let asks: Vec<(&str, (Vec<Duration>, String))> = vec![
        (
            "mygames",
            timed(
                calls,
                || async move { text(growth::mygames(referee, t).await) },
            )
            .await,
        ),
        (
            "stats",
            timed(
                calls,
                || async move { text(growth::stats(referee, t).await) },
            )
            .await,
        ),
        (
            "stats_player",
            timed(calls, || async move {
                text(growth::stats_player(referee, t, top).await)
            })
            .await,
        ),
        (
            "history_1",
            timed(calls, || async move {
                text(growth::history(referee, t, 1).await)
            })
            .await,
        ),
        (
            "history_20",
            timed(calls, || async move {
                text(growth::history(referee, t, 20).await)
            })
            .await,
        ),
        (
            "server_page",
            timed(calls, || async move {
                growth::server_page(referee, t)
                    .await
                    .unwrap_or_else(|e| format!("{e:#}"))
            })
            .await,
        ),
    ];
    for (name, (times, said)) in &asks {
        println!(
            "{name} ({} calls): p50 {:.2} ms, p99 {:.2} ms",
            times.len(),
            quantile(times, 0.5),
            quantile(times, 0.99)
        );
        figures[format!("{name}_p50")] = quantile(times, 0.5).into();
        figures[format!("{name}_p99")] = quantile(times, 0.99).into();
        first.push((name, said.clone()));
    }
    let (rss, hwm) = memory();
    figures["rss_mb"] = rss.into();
    figures["hwm_mb"] = hwm.into();
    println!("resident memory after the requests: {rss:.1} MB (peak {hwm:.1} MB)");
    for (name, said) in first {
        let lines: Vec<&str> = said.lines().collect();
        println!(
            "{name} said ({} lines): {}",
            lines.len(),
            lines
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join(" / ")
        );
    }
    println!("figures: {figures}");
}
