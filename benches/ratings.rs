//! Ratings and pace over a large history: `cargo bench --bench ratings`.
//! Targets: with 10,000 finished games rated in one server, the ratings'
//! leaderboard query answers in under 50 ms (p50, p90 and max over 200
//! calls), and so does `/aq stats` through the referee (the leaderboard, the
//! medians to move and the rest); rating one more finished game (its
//! players' ratings read, the crate's computation, its rows written and
//! committed) is timed too. Then a season's standings over those games
//! (all in one quarter): `/aq season` while it is under way (read from its
//! running totals, kept as each game was rated), the first ask once it
//! ended (when it is kept) and the asks after it (read from what was
//! kept).
//!
//! The games' rows, seats and results are inserted directly (no game is
//! played: ratings never replay one); each game is rated through the
//! referee's own `rate_game`, in the order the games finished, as when a
//! game finishes; each person's moves are timed through the store's own
//! `record_move_time` (about 25 a game).

use aquaretto_bot::clock::ManualClock;
use aquaretto_bot::command;
use aquaretto_bot::referee::{self, Actor, Contestant, Referee, Request};
use aquaretto_bot::store::{self, MoveTime, NewResult, Store};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: usize = 10_000;
const PEOPLE: usize = 40;
const CALLS: usize = 200;
const LEVELS: [&str; 3] = ["easy", "normal", "strong"];
const GUILD: &str = "bench";
/// When the first game finished; each finishes a minute after the one before.
const START_MS: i64 = 1_790_000_000_000;
/// 2026-10-01 00:00 UTC: the quarter of every game is over.
const SEASON_OVER_MS: i64 = 1_790_812_800_000;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn summary(label: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{label} ({} calls): p50 {:.3} ms, p90 {:.3} ms, max {:.3} ms",
        times.len(),
        ms(percentile(&times, 0.50)),
        ms(percentile(&times, 0.90)),
        ms(percentile(&times, 1.0)),
    );
}

/// One finished game of 2 to 5 seats (about one in five a computer
/// player), its row, seats and results written and its people's moves
/// timed; returns its contestants with random places.
async fn one_game(
    conn: &mut sqlx::AnyConnection,
    g: usize,
    rng: &mut ChaCha8Rng,
) -> (i64, i64, Vec<Contestant>) {
    let channel = format!("{GUILD}-chan-{}", g % 25);
    let finished_ms = START_MS + g as i64 * 60_000;
    let ended_at = aquaretto_bot::clock::rfc3339(finished_ms);
    let id = match sqlx::query(
        "INSERT INTO games (channel, guild, status, creator, seed, created_at, ended_at, move_count) \
         VALUES ($1, $2, 'finished', 'user-0', $3, $4, $5, 0) RETURNING id",
    )
    .bind(&channel)
    .bind(GUILD)
    .bind(g as i64)
    .bind(&ended_at)
    .bind(&ended_at)
    .fetch_one(&mut *conn)
    .await
    {
        Ok(row) => sqlx::Row::get::<i64, _>(&row, "id"),
        Err(e) => panic!("no game row: {e}"),
    };
    let seats = rng.random_range(2..=5usize);
    let mut people: Vec<usize> = (0..PEOPLE).collect();
    let mut results = Vec::new();
    let mut all = Vec::new();
    let mut levels_seen = Vec::new();
    for seat in 0..seats {
        let computer = rng.random_range(0..5) == 0;
        let (user_id, name, auto) = if computer {
            let level = LEVELS[rng.random_range(0..LEVELS.len())];
            (
                format!("bot:{level}"),
                format!("{}{} bot", level[..1].to_uppercase(), &level[1..]),
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
            "INSERT INTO seats (game_id, seat, user_id, name, auto) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(seat as i64)
        .bind(&seat_id)
        .bind(&name)
        .bind(auto.as_deref())
        .execute(&mut *conn)
        .await
        {
            panic!("no seat: {e}");
        }
        let score = rng.random_range(5..75);
        results.push(NewResult {
            game_id: id,
            seat,
            guild: Some(GUILD.to_string()),
            channel: channel.clone(),
            user_id: user_id.clone(),
            name: name.clone(),
            computer,
            score,
            won: false,
            ended_at: ended_at.clone(),
            animals: [0; 8],
        });
        if !computer {
            for seq in 0..25 {
                let t = MoveTime {
                    game_id: id,
                    seq: seq * 5 + seat as i64 + 1,
                    scope: GUILD.to_string(),
                    user_id: user_id.clone(),
                    name: name.clone(),
                    ms: rng.random_range(2_000..600_000),
                };
                if let Err(e) = store::record_move_time(conn, &t).await {
                    panic!("no move time: {e:#}");
                }
            }
        }
        let rated = !computer || !levels_seen.contains(&user_id);
        levels_seen.push(user_id.clone());
        all.push(Contestant {
            seat,
            user_id,
            name,
            computer,
            place: 0,
            rated,
        });
    }
    let best = results.iter().map(|r| r.score).max().unwrap_or_default();
    for r in &mut results {
        r.won = r.score == best;
    }
    for (c, r) in all.iter_mut().zip(&results) {
        c.place = 1 + results.iter().filter(|o| o.score > r.score).count();
    }
    // Its channel seen by every member, as the Discord front end records
    // it: `/aq stats` counts only the games of such channels.
    let view = store::ChannelView {
        channel: channel.clone(),
        guild: GUILD.to_string(),
        parent: None,
        private_thread: false,
        everyone: Some(true),
        denied_some: false,
    };
    if let Err(e) = store::record_channel_view(conn, &view, true, finished_ms).await {
        panic!("no channel view: {e:#}");
    }
    if let Err(e) = store::record_results(conn, &results).await {
        panic!("no results: {e:#}");
    }
    (id, finished_ms, all)
}

async fn ask(referee: &Referee, text: &str) -> (Duration, String) {
    let command = match command::parse(text) {
        Ok(c) => c,
        Err(e) => panic!("{text}: {e}"),
    };
    let started = Instant::now();
    let reply = referee
        .handle(Request {
            channel: format!("{GUILD}-chan-0"),
            guild: Some(GUILD.into()),
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
        let mut rng = ChaCha8Rng::seed_from_u64(35);
        let started = Instant::now();
        let mut rating = Duration::ZERO;
        for batch in 0..GAMES / 500 {
            let mut tx = match store.write().await {
                Ok(tx) => tx,
                Err(e) => panic!("no transaction: {e:#}"),
            };
            for g in batch * 500..(batch + 1) * 500 {
                let (id, finished_ms, all) = one_game(&mut tx, g, &mut rng).await;
                let rated = Instant::now();
                match referee::rate_game(&mut tx, GUILD, id, finished_ms, &all).await {
                    Ok(false) => {}
                    Ok(true) => panic!("game #{id} rated out of order"),
                    Err(e) => panic!("not rated: {e:#}"),
                }
                rating += rated.elapsed();
            }
            if let Err(e) = tx.commit().await {
                panic!("no commit: {e}");
            }
        }
        // The place's kept counts, as finishing each game through the
        // referee would have kept them (the rows above were written
        // directly).
        {
            let mut tx = match store.write().await {
                Ok(tx) => tx,
                Err(e) => panic!("no transaction: {e:#}"),
            };
            if let Err(e) = store::rebuild_place_totals(&mut tx, &[GUILD.to_string()]).await {
                panic!("no place totals: {e:#}");
            }
            if let Err(e) = tx.commit().await {
                panic!("no commit: {e}");
            }
        }
        let count = |sql: &'static str| {
            let pool = store.pool().clone();
            async move {
                match sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await {
                    Ok(n) => n,
                    Err(e) => panic!("no count: {e}"),
                }
            }
        };
        println!(
            "filled: {GAMES} finished games in one server, {} rating changes, {} ratings, {} games with timed moves, in {:.2} s ({:.2} s of it rating them through rate_game)",
            count("SELECT COUNT(*) FROM rating_changes").await,
            count("SELECT COUNT(*) FROM ratings").await,
            count("SELECT COUNT(*) FROM paced_games").await,
            started.elapsed().as_secs_f64(),
            rating.as_secs_f64(),
        );

        let mut times = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            let mut conn = match store.pool().acquire().await {
                Ok(c) => c,
                Err(e) => panic!("no connection: {e}"),
            };
            let t = Instant::now();
            match store::rating_board(&mut conn, GUILD, referee::LEADERBOARD_SIZE).await {
                Ok(board) => assert_eq!(board.len(), referee::LEADERBOARD_SIZE as usize),
                Err(e) => panic!("no board: {e:#}"),
            }
            times.push(t.elapsed());
        }
        summary("the ratings' leaderboard query (rating_board, top 10)", times);

        let mut times = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            let mut conn = match store.pool().acquire().await {
                Ok(c) => c,
                Err(e) => panic!("no connection: {e}"),
            };
            let t = Instant::now();
            if let Err(e) = store::pace_board(&mut conn, GUILD, referee::LEADERBOARD_SIZE).await {
                panic!("no pace: {e:#}");
            }
            times.push(t.elapsed());
        }
        summary("the medians to move (pace_board, top 10)", times);

        // One more finished game each time, rated and committed on its own.
        let mut times = Vec::with_capacity(CALLS);
        for g in GAMES..GAMES + CALLS {
            let mut tx = match store.write().await {
                Ok(tx) => tx,
                Err(e) => panic!("no transaction: {e:#}"),
            };
            let (id, finished_ms, all) = one_game(&mut tx, g, &mut rng).await;
            let t = Instant::now();
            if let Err(e) = referee::rate_game(&mut tx, GUILD, id, finished_ms, &all).await {
                panic!("not rated: {e:#}");
            }
            if let Err(e) = tx.commit().await {
                panic!("no commit: {e}");
            }
            times.push(t.elapsed());
        }
        summary(
            "rating one more finished game (rate_game and its commit)",
            times,
        );

        // The referee's time: an hour after the last game, in the same
        // quarter (2026-Q3), so that `/aq season` reads the season under way.
        let clock = ManualClock::new(START_MS + (GAMES + CALLS) as i64 * 60_000 + 3_600_000);
        let referee = Referee::new(store).with_clock(Arc::new(clock.clone()));
        let (first, text) = ask(&referee, "/aq stats").await;
        println!(
            "first /aq stats (with the one check for games to fill in): {:.3} ms",
            ms(first)
        );
        println!("---\n{text}\n---");
        for (label, command) in [
            ("/aq stats", "/aq stats"),
            ("/aq stats player:<@user-7>", "/aq stats player:<@user-7>"),
        ] {
            let mut times = Vec::with_capacity(CALLS);
            for _ in 0..CALLS {
                times.push(ask(&referee, command).await.0);
            }
            summary(label, times);
        }

        let (first, text) = ask(&referee, "/aq season").await;
        println!("first /aq season: {:.3} ms", ms(first));
        println!("---\n{text}\n---");
        let mut times = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            times.push(ask(&referee, "/aq season").await.0);
        }
        summary(
            "/aq season: the season under way, over its rated games",
            times,
        );
        // The quarter over: the first ask keeps it, the others read it.
        clock.set(SEASON_OVER_MS);
        let (first, _) = ask(&referee, "/aq season which:2026-Q3").await;
        println!(
            "first /aq season which:2026-Q3 after it ended (kept then): {:.3} ms",
            ms(first)
        );
        let mut times = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            times.push(ask(&referee, "/aq season which:2026-Q3").await.0);
        }
        summary("/aq season which:2026-Q3: a season kept", times);
    });
}
