//! Tournaments at scale, three figures:
//! 1. a round of 100 tables (300 players at tables of 3) started through
//!    the referee with the real bot on the fake Discord (127.0.0.1): the
//!    time until every table has its thread and its game, and until every
//!    letter (a table's opening in each thread, the round's announcement)
//!    is posted; the requests to Discord it took, and how many Discord
//!    refused for its rate limits (429);
//! 2. the deadline sweep of open games (1,000 tables of 2 by default):
//!    the time to play every one out with the strong computer, close the
//!    round and finish the tournament (no Discord: places named after the
//!    channel), and the time per game;
//! 3. the standings of a 500-player Swiss tournament after 5 rounds of
//!    results (tables of 4, results drawn at random): the time of
//!    `tournament standings` through the referee, median and max of 20.
//!
//! Run with `cargo bench --bench tournaments` (`-- --tables N`,
//! `-- --open N`, `-- --players N` for other sizes; `-- --only
//! round|sweep|standings` for one of them).

mod support {
    pub use aquaretto_testkit::db;
    pub use aquaretto_testkit::fake_discord;
    pub use aquaretto_testkit::table::*;
}

use aquaretto_bot::clock::{Clock as _, ManualClock};
use aquaretto_bot::command;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::{self, NewTournament, Store, TournamentStatus};
use aquaretto_bot::tournament::{
    swiss, EntrantId, FormatKind, Placing, RoundResult, TableResult, TableSize,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{Table, TinyPainter, GUILD};

fn arg(name: &str, default: usize) -> usize {
    std::env::args()
        .skip_while(|a| a != name)
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn only() -> Option<String> {
    std::env::args().skip_while(|a| a != "--only").nth(1)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let only = only();
    let wants = |what: &str| only.as_deref().is_none_or(|o| o == what);
    if wants("round") {
        runtime.block_on(round(arg("--tables", 100)));
    }
    if wants("sweep") {
        runtime.block_on(sweep(arg("--open", 1_000)));
    }
    if wants("standings") {
        runtime.block_on(standings(arg("--players", 500)));
    }
}

fn actor(n: usize) -> Actor {
    Actor {
        id: (3_000_000_000_000_000_000u64 + n as u64).to_string(),
        name: format!("p{n}"),
        manages_channel: false,
    }
}

async fn say(referee: &Referee, channel: &str, who: &Actor, text: &str) -> Reply {
    let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some(GUILD.to_string()),
            actor: who.clone(),
            command,
            via: Default::default(),
        })
        .await
}

/// A tournament of `players` signed up in `channel`, opened by player 0.
async fn signed_up(referee: &Referee, channel: &str, players: usize, new: &str) {
    let organiser = actor(0);
    let opened = say(referee, channel, &organiser, new).await;
    assert!(opened.accepted, "{}", opened.text());
    for n in 0..players {
        let joined = say(referee, channel, &actor(n), "tournament join").await;
        assert!(joined.accepted, "{}", joined.text());
    }
}

async fn round(tables: usize) {
    let players = tables * 3;
    let (fake, _) = support::fake_discord::FakeDiscord::start_on_own_thread();
    fake.keep_bodies(false);
    let t = Table::open_with(fake, Duration::from_secs(2), TinyPainter::boxed).await;
    let channel = support::CHANNEL.to_string();
    signed_up(
        &t.referee,
        &channel,
        players,
        "tournament new size:3 rounds:3 clock:normal deadline:7d",
    )
    .await;
    let before = t.fake.requests().len();
    let started = Instant::now();
    let answer = say(&t.referee, &channel, &actor(0), "tournament start").await;
    assert!(answer.accepted, "{}", answer.text());
    let dealt = started.elapsed();
    t.advance_within(Duration::ZERO, Duration::from_secs(600))
        .await;
    let posted = started.elapsed();
    let requests: Vec<_> = t.fake.requests().into_iter().skip(before).collect();
    let threads = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads") && r.status < 300)
        .count();
    let messages = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages") && r.status < 300)
        .count();
    let limited = requests.iter().filter(|r| r.status == 429).count();
    let mut limited_on: Vec<String> = requests
        .iter()
        .filter(|r| r.status == 429)
        .map(|r| {
            let kind = if r.path.ends_with("/threads") {
                "a thread"
            } else {
                "a message"
            };
            format!("{} {kind}", r.method)
        })
        .collect();
    limited_on.sort();
    limited_on.dedup();
    let mut tx = t.referee.store().read().await.expect("tx");
    let made = store::tables(&mut tx, 1).await.expect("tables");
    assert_eq!(made.len(), tables);
    assert!(made.iter().all(|t| t.game_id.is_some()));
    drop(tx);
    println!(
        "a round of {tables} tables ({players} players at tables of 3): every table's thread and game in {:.1} s; \
         every letter posted in {:.1} s",
        dealt.as_secs_f64(),
        posted.as_secs_f64()
    );
    println!(
        "requests to Discord: {} in all, {threads} threads made, {messages} messages posted, {limited} refused for rate limits (429) {limited_on:?}",
        requests.len()
    );
}

async fn sweep(open: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = support::db::test_url(dir.path()).await;
    let clock = ManualClock::new(1_796_000_000_000);
    let referee =
        Referee::new(Store::open(&url).await.expect("store")).with_clock(Arc::new(clock.clone()));
    let channel = "sweep";
    signed_up(
        &referee,
        channel,
        open * 2,
        "tournament new size:2 rounds:1 clock:off deadline:1d",
    )
    .await;
    let started = Instant::now();
    let answer = say(&referee, channel, &actor(0), "tournament start").await;
    assert!(answer.accepted, "{}", answer.text());
    let dealt = started.elapsed();
    clock.advance(Duration::from_secs(86_400));
    let swept = Instant::now();
    // Pass after pass, as the scheduler calls it (a game played out a pass).
    let mut passes = 0;
    while referee.run_tournaments(clock.now()).await.expect("runs") > 0 {
        passes += 1;
    }
    let took = swept.elapsed();
    let mut tx = referee.store().read().await.expect("tx");
    let row = store::tournament_by_id(&mut tx, 1)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(row.status, TournamentStatus::Finished);
    let tables = store::tables(&mut tx, 1).await.expect("tables");
    assert!(tables.iter().all(|t| t.result.is_some()));
    println!(
        "{open} open games (tables of 2) dealt in {:.1} s; the deadline sweep played every one out (strong), \
         closed the round and finished the tournament in {passes} passes, {:.1} s: {:.0} ms a game",
        dealt.as_secs_f64(),
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / open as f64
    );
    let again = Instant::now();
    let steps = referee.run_tournaments(clock.now()).await.expect("runs");
    println!(
        "a second sweep: {steps} steps in {:.1} ms",
        again.elapsed().as_secs_f64() * 1000.0
    );
}

async fn standings(players: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = support::db::test_url(dir.path()).await;
    let store = Store::open(&url).await.expect("store");
    let channel = "big";
    let rounds = 5;
    let mut tx = store.write().await.expect("tx");
    let id = store::insert_tournament(
        &mut tx,
        &NewTournament {
            guild: Some("g"),
            channel,
            name: Some("Big"),
            format: FormatKind::Swiss,
            table_size: 4,
            rounds: Some(rounds),
            clock: None,
            deadline_ms: 86_400_000,
            rated: true,
            vacations: false,
            created_by: "0",
            now: "2026-12-01T00:00:00Z",
            seed: 7,
            closes_at_ms: None,
            closes_at_players: None,
        },
    )
    .await
    .expect("opened");
    let ids: Vec<EntrantId> = (0..players).map(|n| EntrantId::new(actor(n).id)).collect();
    for (n, e) in ids.iter().enumerate() {
        store::sign_up(
            &mut tx,
            id,
            e.as_str(),
            &format!("p{n}"),
            "2026-12-01T00:00:00Z",
        )
        .await
        .expect("signed");
    }
    let made = Instant::now();
    let mut played: Vec<RoundResult> = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let size = TableSize::new(4).expect("4");
    for r in 1..=rounds {
        let round = swiss::round(&ids, &played, size, 7);
        store::insert_round(&mut tx, id, r, 0, 86_400_000, &round.byes)
            .await
            .expect("round");
        let mut result = RoundResult {
            tables: Vec::new(),
            byes: round.byes.clone(),
        };
        for (k, table) in round.tables.iter().enumerate() {
            let mut order = table.seats.clone();
            order.shuffle(&mut rng);
            let placings = order
                .iter()
                .enumerate()
                .map(|(i, e)| Placing {
                    entrant: e.clone(),
                    place: i + 1,
                    score: 40 - 5 * i as i32 + rng.random_range(0..3),
                })
                .collect();
            let placed = TableResult::new(placings).expect("a result");
            let number = k as u32 + 1;
            store::insert_tournament_table(&mut tx, id, r, number, &table.seats, None)
                .await
                .expect("table");
            store::set_table_result(&mut tx, id, r, number, &placed)
                .await
                .expect("result");
            result.tables.push(placed);
        }
        store::close_round(&mut tx, id, r, 1).await.expect("closed");
        played.push(result);
    }
    store::set_tournament_status(&mut tx, id, TournamentStatus::Running)
        .await
        .expect("running");
    tx.commit().await.expect("commit");
    println!(
        "{players} players, {rounds} rounds of tables of 4 drawn and recorded in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let referee = Referee::new(store);
    let mut times = Vec::new();
    for _ in 0..20 {
        let asked = Instant::now();
        let reply = say(&referee, channel, &actor(3), "tournament standings").await;
        times.push(asked.elapsed());
        assert!(reply.accepted, "{}", reply.text());
        assert_eq!(reply.text().lines().count(), players + 1);
    }
    times.sort();
    println!(
        "tournament standings of {players} players after {rounds} rounds: median {:.1} ms, max {:.1} ms (20 asks)",
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[times.len() - 1].as_secs_f64() * 1000.0
    );
}
