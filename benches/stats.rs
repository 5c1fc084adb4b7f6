//! `/aq stats` over a large history: `cargo bench --bench stats`.
//! Target: with 10,000 finished games in one server (and 1,000 in another,
//! in the same database), `/aq stats` and `/aq stats player:` through the
//! referee answer in under 50 ms (p50, p90 and max over 200 calls each).
//!
//! The games' rows and seats are inserted directly (no game is played: the
//! stats never replay one); each game's results go through the store's own
//! write, `record_results`, and is rated through the referee's own
//! `rate_game`, as when a game finishes, so the totals and ratings the stats
//! read are the real ones. The first `/aq stats` also checks, once, that no
//! finished game lacks results: it is timed on its own.

use aquaretto_bot::command;
use aquaretto_bot::referee::{self, Actor, Contestant, Referee, Request};
use aquaretto_bot::store::{self, NewResult, Store};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

const GAMES: usize = 10_000;
const OTHER_GAMES: usize = 1_000;
const PEOPLE: usize = 40;
const CALLS: usize = 200;
const LEVELS: [&str; 3] = ["easy", "normal", "strong"];

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Finished games of 2 to 5 seats in `guild`, about one seat in five a
/// computer player, with random final scores and zoos.
async fn fill(store: &Store, guild: &str, games: usize, rng: &mut ChaCha8Rng) {
    let mut tx = match store.write().await {
        Ok(tx) => tx,
        Err(e) => panic!("no transaction: {e:#}"),
    };
    for g in 0..games {
        let channel = format!("{guild}-chan-{}", g % 25);
        let ended_at = format!("2026-01-01T00:00:{:02}Z", g % 60);
        let id = match sqlx::query(
            "INSERT INTO games (channel, guild, status, creator, seed, created_at, ended_at, move_count) \
             VALUES ($1, $2, 'finished', 'user-0', $3, $4, $5, 0) RETURNING id",
        )
        .bind(&channel)
        .bind(guild)
        .bind(g as i64)
        .bind(&ended_at)
        .bind(&ended_at)
        .fetch_one(&mut *tx)
        .await
        {
            Ok(row) => sqlx::Row::get::<i64, _>(&row, "id"),
            Err(e) => panic!("no game row: {e}"),
        };
        let seats = rng.random_range(2..=5usize);
        let mut people: Vec<usize> = (0..PEOPLE).collect();
        let mut results = Vec::new();
        for seat in 0..seats {
            let computer = rng.random_range(0..5) == 0;
            let (user_id, name, auto) = if computer {
                let level = LEVELS[rng.random_range(0..LEVELS.len())];
                (
                    format!("bot:{level}"),
                    format!("{level} bot"),
                    Some(level.to_string()),
                )
            } else {
                let p = people.swap_remove(rng.random_range(0..people.len()));
                (format!("user-{p}"), format!("player{p}"), None)
            };
            let seat_id = if computer {
                format!("bot:{}", seat + 1)
            } else {
                user_id.clone()
            };
            if let Err(e) = sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, name, auto) VALUES (?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(&seat_id)
            .bind(&name)
            .bind(auto.as_deref())
            .execute(&mut *tx)
            .await
            {
                panic!("no seat: {e}");
            }
            let mut animals = [0i64; 8];
            for n in animals.iter_mut().take(rng.random_range(3..=5)) {
                *n = rng.random_range(0..12);
            }
            results.push(NewResult {
                game_id: id,
                seat,
                guild: Some(guild.to_string()),
                channel: channel.clone(),
                user_id,
                name,
                computer,
                score: rng.random_range(5..75),
                won: false,
                ended_at: ended_at.clone(),
                animals,
            });
        }
        let best = results.iter().map(|r| r.score).max().unwrap_or_default();
        for r in &mut results {
            r.won = r.score == best;
        }
        if let Err(e) = store::record_results(&mut tx, &results).await {
            panic!("no results: {e:#}");
        }
        // Rated as a game is when it finishes (places by score), so the
        // stats find no game to rate.
        let mut levels = Vec::new();
        let contestants: Vec<Contestant> = results
            .iter()
            .map(|r| Contestant {
                seat: r.seat,
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                computer: r.computer,
                place: 1 + results.iter().filter(|o| o.score > r.score).count(),
                rated: !r.computer || {
                    let first = !levels.contains(&r.user_id);
                    levels.push(r.user_id.clone());
                    first
                },
            })
            .collect();
        if let Err(e) = referee::rate_game(&mut tx, guild, id, g as i64, &contestants).await {
            panic!("not rated: {e:#}");
        }
    }
    if let Err(e) = tx.commit().await {
        panic!("no commit: {e}");
    }
}

async fn ask(referee: &Referee, text: &str) -> (Duration, String) {
    let command = match command::parse(text) {
        Ok(c) => c,
        Err(e) => panic!("{text}: {e}"),
    };
    let started = Instant::now();
    let reply = referee
        .handle(Request {
            channel: "bench-chan-0".into(),
            guild: Some("bench".into()),
            actor: Actor {
                id: "user-1".into(),
                name: "player1".into(),
                manages_channel: false,
            },
            command,
            via: Default::default(),
        })
        .await;
    let took = started.elapsed();
    assert!(reply.accepted, "{text}: {}", reply.text());
    (took, reply.text())
}

async fn measure(referee: &Referee, label: &str, text: &str) {
    let mut times = Vec::with_capacity(CALLS);
    for _ in 0..CALLS {
        times.push(ask(referee, text).await.0);
    }
    times.sort();
    println!(
        "{label} ({CALLS} calls): p50 {:.3} ms, p90 {:.3} ms, max {:.3} ms",
        ms(percentile(&times, 0.50)),
        ms(percentile(&times, 0.90)),
        ms(percentile(&times, 1.0)),
    );
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
        let path = dir.path().join("bench.db");
        let store = match Store::open(&path.display().to_string()).await {
            Ok(s) => s,
            Err(e) => panic!("no store: {e:#}"),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let started = Instant::now();
        fill(&store, "bench", GAMES, &mut rng).await;
        fill(&store, "other", OTHER_GAMES, &mut rng).await;
        let seats: i64 = match sqlx::query_scalar("SELECT COUNT(*) FROM results")
            .fetch_one(store.pool())
            .await
        {
            Ok(n) => n,
            Err(e) => panic!("no count: {e}"),
        };
        println!(
            "filled: {GAMES} finished games in one server and {OTHER_GAMES} in another, {seats} results, written through record_results in {:.2} s",
            started.elapsed().as_secs_f64()
        );

        let referee = Referee::new(store);
        let (first, text) = ask(&referee, "/aq stats").await;
        println!(
            "first /aq stats (with the one check for games to fill in): {:.3} ms",
            ms(first)
        );
        assert!(
            text.starts_with(&format!("Aquaretto in this server: {GAMES} games finished.")),
            "{text}"
        );
        println!("---\n{text}\n---");
        measure(&referee, "/aq stats", "/aq stats").await;
        measure(
            &referee,
            "/aq stats player:<@user-7>",
            "/aq stats player:<@user-7>",
        )
        .await;
        measure(
            &referee,
            "/aq stats player:player7 (by name)",
            "/aq stats player:player7",
        )
        .await;
    });
}
