//! The whole bot under load: `cargo bench --bench load`.
//!
//! 200 games of 5 players, every game's players moving at once (one task a
//! game, each move sent as soon as the one before was answered), on one
//! SQLite file:
//!
//! - `referee`: through the referee, without pictures and with them;
//! - `discord`: through the real bot (serenity, poise) against the fake
//!   Discord on 127.0.0.1, with pictures: each move an interaction, timed
//!   from the moment it leaves the fake's gateway to its callback arriving.
//!   The gateway's heartbeat is set to one a second, and the gaps between
//!   heartbeats during the load show whether the pictures held up the
//!   runtime (they are drawn on the drawing threads, at a lower priority).
//!
//! Each run reports moves per second, p50/p99 latency, errors (a legal move
//! refused, an answer missing), the process's peak resident memory, and
//! then checks every game: its stored state equals the replay of its log
//! through the engine, and the state its players tracked.
//!
//! The referee's runs are made again on PostgreSQL (`postgres/...`: a
//! server of the system's started for the run, fsync on), and with two
//! referees sharing it (`postgres/two-referees`: two processes' stores,
//! each with its own connections, each playing half the games). Target:
//! PostgreSQL's p99 for a move with its picture within 1.5x of SQLite's.
//!
//! Targets (2 cores): through the referee at least 500 moves/s without
//! pictures and 100 with them, p99 under 50 ms with pictures; through the
//! fake Discord at least 50 moves/s with pictures, p99 under 100 ms; no
//! errors. `LOAD_GAMES` and `LOAD_MOVES` (moves per game) change the size;
//! an argument picks runs by name: `referee`, `discord`, `pictures`, or
//! `pictures at` for the paced runs with pictures alone.

// The parts of the test kit (testkit/) this benchmark uses: a table on
// the fake Discord, and `fake_discord`, `postgres`.
mod support {
    pub use aquaretto_testkit::table::*;
    pub use aquaretto_testkit::{fake_discord, postgres};
}

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Action, Game, Seat};
use aquaretto_bot::referee::{Actor, Loaded, Painter, Referee, Request};
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fake_discord::{self as fd, FakeDiscord};
use support::{Table, GUILD};

const PLAYERS: usize = 5;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A player's Discord id: a snowflake per game and seat.
fn user_id(game: usize, seat: usize) -> u64 {
    3_000_000_000_000_000_000 + (game * 10 + seat) as u64
}

fn channel_id(game: usize) -> u64 {
    4_000_000_000_000_000_000 + game as u64
}

fn actor(game: usize, seat: usize) -> Actor {
    Actor {
        id: user_id(game, seat).to_string(),
        name: format!("g{game}p{seat}"),
        manages_channel: false,
    }
}

async fn say(referee: &Referee, game: usize, seat: usize, command: Command) -> bool {
    referee
        .handle(Request {
            channel: channel_id(game).to_string(),
            guild: Some(GUILD.to_string()),
            actor: actor(game, seat),
            command,
            via: Default::default(),
        })
        .await
        .accepted
}

/// Opens and starts every game (not timed).
async fn open_games(referee: &Referee, games: usize) {
    for g in 0..games {
        let new = Command::New {
            removed: None,
            first: Some(format!("<@{}>", user_id(g, 0))),
            seed: Some(g as u64),
            deck: None,
        };
        assert!(say(referee, g, 0, new).await, "game {g} opens");
        for seat in 1..PLAYERS {
            assert!(say(referee, g, seat, Command::Join).await, "game {g} fills");
        }
        assert!(say(referee, g, 0, Command::Start).await, "game {g} starts");
    }
}

async fn loaded(referee: &Referee, game: usize) -> Loaded {
    match referee.open_game(&channel_id(game).to_string()).await {
        Ok(Some(Ok(l))) => l,
        other => panic!("game {game} cannot be loaded: {other:?}"),
    }
}

/// The stored game equals its log replayed through the engine, and the
/// state its players tracked. Returns a problem, if any.
fn check(loaded: &Loaded, tracked: &Game) -> Option<String> {
    let setup = match loaded.setup() {
        Ok(s) => s,
        Err(e) => return Some(format!("no setup: {e}")),
    };
    let mut replayed = match Game::new(setup) {
        Ok(g) => g,
        Err(e) => return Some(format!("the setup does not start: {e}")),
    };
    let live = match loaded.live(loaded.log().len()) {
        Ok(l) => l,
        Err(e) => return Some(format!("the log is damaged: {e}")),
    };
    for (m, action) in live {
        if let Err(e) = replayed.apply(m.seat, action) {
            return Some(format!("move {} does not replay: {e}", m.seq));
        }
    }
    if loaded.game() != Some(&replayed) {
        return Some("the stored state is not the log replayed".into());
    }
    if &replayed != tracked {
        return Some("the log is not the moves the players made".into());
    }
    None
}

/// Waits for the `n`-th move's turn when paced (moves spread evenly at
/// `pace` a second from `start`), and returns when it was due.
async fn wait_turn(pace: Option<f64>, start: Instant, n: usize) -> Option<Instant> {
    let due = pace.map(|rate| start + Duration::from_secs_f64(n as f64 / rate))?;
    tokio::time::sleep_until(due.into()).await;
    Some(due)
}

/// Every player task's latencies, and the games as its players saw them.
async fn gather(
    tasks: Vec<tokio::task::JoinHandle<(Vec<Duration>, Game)>>,
) -> (Vec<Duration>, Vec<Game>) {
    let mut latencies = Vec::new();
    let mut tracked = Vec::new();
    for task in tasks {
        let (times, game) = task.await.expect("a player task");
        latencies.extend(times);
        tracked.push(game);
    }
    (latencies, tracked)
}

/// Each game checked against its log and what its players tracked.
async fn check_games(referee: &Referee, tracked: &[Game]) -> Vec<String> {
    let mut problems = Vec::new();
    for (g, game) in tracked.iter().enumerate() {
        if let Some(p) = check(&loaded(referee, g).await, game) {
            problems.push(format!("game {g}: {p}"));
        }
    }
    problems
}

struct Run {
    name: String,
    latencies: Vec<Duration>,
    wall: Duration,
    errors: usize,
    problems: Vec<String>,
    extra: String,
}

impl Run {
    fn report(mut self) -> bool {
        self.latencies.sort();
        let pct = |q: f64| {
            let i = ((self.latencies.len() as f64 - 1.0) * q).round() as usize;
            self.latencies
                .get(i)
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        let moves = self.latencies.len();
        println!(
            "load/{}: {moves} moves in {:.2} s = {:.0} moves/s; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}; peak RSS {:.1} MB; {} games checked against their logs, {} wrong{}",
            self.name,
            self.wall.as_secs_f64(),
            moves as f64 / self.wall.as_secs_f64(),
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(1.0),
            self.errors,
            peak_rss_mb(),
            setting("LOAD_GAMES", 200),
            self.problems.len(),
            self.extra,
        );
        for p in self.problems.iter().take(5) {
            println!("  {p}");
        }
        self.errors == 0 && self.problems.is_empty()
    }
}

/// The process's peak resident memory (VmHWM), in MB.
fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// What the players of every game did: each move's latency, the games as
/// they saw them, the moves refused or unanswered, and when they played.
struct Played {
    latencies: Vec<Duration>,
    tracked: Vec<Game>,
    errors: usize,
    start: Instant,
    wall: Duration,
}

impl Played {
    fn into_run(self, name: &str, problems: Vec<String>, extra: String) -> Run {
        Run {
            name: name.to_string(),
            latencies: self.latencies,
            wall: self.wall,
            errors: self.errors,
            problems,
            extra,
        }
    }
}

/// Every game's players moving at once, a task a game, each move sent as
/// soon as the one before was answered (or when it is due, paced): `step`
/// makes one move (the game's number, the game as loaded, the seat, the
/// action) and says whether it was played; one that was not is an error
/// and ends that game's run.
async fn play_all<F, Fut>(referee: &Arc<Referee>, pace: Option<f64>, step: F) -> Played
where
    F: Fn(usize, Arc<Loaded>, Seat, Action) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send + 'static,
{
    let games = setting("LOAD_GAMES", 200);
    let moves = moves_per_game(pace);
    let errors = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..games {
        let (referee, errors, step) = (referee.clone(), errors.clone(), step.clone());
        tasks.push(tokio::spawn(async move {
            let loaded = Arc::new(loaded(&referee, g).await);
            let mut game = loaded.game().cloned().expect("started");
            let mut rng = ChaCha8Rng::seed_from_u64(g as u64);
            let mut times = Vec::with_capacity(moves);
            for k in 0..moves {
                let due = wait_turn(pace, start, k * games + g).await;
                let Some(seat) = game.to_act() else { break };
                let Some(action) = random_action(&game, seat, &mut rng) else {
                    break;
                };
                let t0 = due.unwrap_or_else(Instant::now);
                let played = step(g, loaded.clone(), seat, action.clone()).await;
                times.push(t0.elapsed());
                if !played {
                    errors.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                game.apply(seat, &action).expect("a legal move applies");
            }
            (times, game)
        }));
    }
    let (latencies, tracked) = gather(tasks).await;
    Played {
        latencies,
        tracked,
        errors: errors.load(Ordering::Relaxed),
        start,
        wall: start.elapsed(),
    }
}

/// Which database a run plays on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Db {
    /// A SQLite file (the default store).
    Sqlite,
    /// A PostgreSQL database on a server of the system's, started for the
    /// run as deployed (fsync on).
    Postgres,
    /// The same, shared by two referees with their own connections (two
    /// bot processes' stores), each playing half the games.
    PostgresTwice,
}

/// Every game's players moving at once through the referee.
async fn referee_load(
    name: &str,
    painter: Option<fn() -> Box<dyn Painter>>,
    pace: Option<f64>,
    db: Db,
) -> Run {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = match db {
        Db::Sqlite => dir
            .path()
            .join("load.db")
            .to_str()
            .expect("a UTF-8 path")
            .to_string(),
        Db::Postgres | Db::PostgresTwice => {
            support::postgres::durable_cluster().fresh_database().await
        }
    };
    let open = || async {
        let store = Store::open(&url).await.expect("the database opens");
        let mut referee = Referee::new(store);
        if let Some(p) = painter {
            referee = referee.with_painter(p());
        }
        Arc::new(referee)
    };
    let referee = open().await;
    let second = match db {
        Db::PostgresTwice => open().await,
        Db::Sqlite | Db::Postgres => referee.clone(),
    };
    open_games(&referee, setting("LOAD_GAMES", 200)).await;
    let (to, other) = (referee.clone(), second.clone());
    let played = play_all(&referee, pace, move |g, loaded, seat, action| {
        let referee = if g % 2 == 0 {
            to.clone()
        } else {
            other.clone()
        };
        async move {
            let command = Command::from_action(&action, &loaded.names());
            say(&referee, g, seat, command).await
        }
    })
    .await;
    let problems = check_games(&referee, &played.tracked).await;
    played.into_run(name, problems, String::new())
}

/// One move through the fake Discord: the interaction sent, and the bot's
/// answer awaited (the callback, or after a deferral the follow-up, by
/// which the move is judged). Whether it was played.
async fn discord_move(
    t: &Table,
    g: usize,
    loaded: &Loaded,
    seat: Seat,
    action: &Action,
    deferred: &AtomicUsize,
) -> bool {
    let (sub, opts) = t.options_for(action, loaded);
    let interaction = fd::command_interaction(
        user_id(g, seat),
        &format!("g{g}p{seat}"),
        channel_id(g),
        Some(GUILD),
        "aq",
        Some(sub),
        &opts,
    );
    let token = interaction["token"].as_str().expect("a token").to_string();
    let hook = format!("/webhooks/{}/{token}", fd::APP_ID);
    let answer = t.fake.watch("POST", &fd::callback_path(&interaction));
    let follow_up = t.fake.watch("POST", &hook);
    let edit = t.fake.watch("PATCH", &format!("{hook}/messages/@original"));
    if t.fake.send_interaction(&interaction).is_err() {
        return false;
    }
    let limit = Duration::from_secs(30);
    let Ok(Ok(callback)) = tokio::time::timeout(limit, answer).await else {
        return false;
    };
    let (status, message) = if callback.body()["type"] == 5 {
        deferred.fetch_add(1, Ordering::Relaxed);
        let later = async {
            tokio::select! {
                Ok(r) = follow_up => Some(r),
                Ok(r) = edit => Some(r),
                else => None,
            }
        };
        let Ok(Some(r)) = tokio::time::timeout(limit, later).await else {
            return false;
        };
        (r.status, r.body().clone())
    } else {
        (callback.status, callback.body()["data"].clone())
    };
    let private = message["flags"].as_u64().unwrap_or(0) & 64 != 0;
    status < 300 && !private
}

/// Every game's players moving at once through the real bot and the fake.
async fn discord_load(name: &str, painter: fn() -> Box<dyn Painter>, pace: Option<f64>) -> Run {
    let fake = FakeDiscord::start().await;
    fake.set_heartbeat_interval(1000);
    let t = Arc::new(Table::open_with(fake, Duration::from_millis(2500), painter).await);
    // Bodies are not kept from now on: thousands of pictures.
    t.fake.keep_bodies(false);
    open_games(&t.referee, setting("LOAD_GAMES", 200)).await;
    // A few quiet heartbeats first, to compare with those under load.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let quiet_from = Instant::now() - Duration::from_millis(3500);
    let deferred = Arc::new(AtomicUsize::new(0));
    let (table, counted) = (t.clone(), deferred.clone());
    let played = play_all(&t.referee, pace, move |g, loaded, seat, action| {
        let (t, deferred) = (table.clone(), counted.clone());
        async move { discord_move(&t, g, &loaded, seat, &action, &deferred).await }
    })
    .await;
    let (start, wall) = (played.start, played.wall);
    let beats = t.fake.heartbeats();
    let gaps = |from: Instant, to: Instant| -> Vec<f64> {
        let inside: Vec<&Instant> = beats.iter().filter(|b| **b >= from && **b <= to).collect();
        inside
            .windows(2)
            .map(|w| w[1].duration_since(*w[0]).as_secs_f64() * 1000.0)
            .collect()
    };
    let describe = |mut g: Vec<f64>| {
        g.sort_by(f64::total_cmp);
        match (g.first(), g.last()) {
            (Some(lo), Some(hi)) => format!("{} gaps {lo:.0} to {hi:.0} ms", g.len()),
            _ => "no two heartbeats".to_string(),
        }
    };
    let extra = format!(
        "; deferred {}; heartbeat (every 1000 ms) quiet: {}, under load: {}",
        deferred.load(Ordering::Relaxed),
        describe(gaps(quiet_from, start)),
        describe(gaps(start, start + wall)),
    );
    let problems = check_games(&t.referee, &played.tracked).await;
    // The bot stops with its run: left running, its gateway would keep
    // reconnecting to the stopped fake on the runtime the next runs use.
    if let Ok(mut t) = Arc::try_unwrap(t) {
        t.stop_bot().await;
    }
    played.into_run(name, problems, extra)
}

/// Moves each game makes: as many as the players can (closed loop), or,
/// paced, fewer (the run lasts games x moves / rate seconds).
fn moves_per_game(pace: Option<f64>) -> usize {
    match pace {
        None => setting("LOAD_MOVES", 20),
        Some(_) => setting("LOAD_PACED_MOVES", 10),
    }
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let mut ok = true;
    // Each run twice: as fast as the players can go (every game's next move
    // sent as soon as its last one is answered: the throughput), then at the
    // target rate, moves spread evenly over the games (the latency a player
    // sees at that traffic, timed from when the move was due).
    type Runner =
        fn(&'static str, Option<f64>) -> std::pin::Pin<Box<dyn std::future::Future<Output = Run>>>;
    let runs: [(&str, f64, Runner); 6] = [
        ("referee/no-pictures", 500.0, |n, p| {
            Box::pin(referee_load(n, None, p, Db::Sqlite))
        }),
        ("referee/pictures", 100.0, |n, p| {
            Box::pin(referee_load(
                n,
                Some(support::render_painter),
                p,
                Db::Sqlite,
            ))
        }),
        ("discord/pictures", 50.0, |n, p| {
            Box::pin(discord_load(n, support::render_painter, p))
        }),
        ("postgres/referee/no-pictures", 500.0, |n, p| {
            Box::pin(referee_load(n, None, p, Db::Postgres))
        }),
        ("postgres/referee/pictures", 100.0, |n, p| {
            Box::pin(referee_load(
                n,
                Some(support::render_painter),
                p,
                Db::Postgres,
            ))
        }),
        ("postgres/two-referees/pictures", 100.0, |n, p| {
            Box::pin(referee_load(
                n,
                Some(support::render_painter),
                p,
                Db::PostgresTwice,
            ))
        }),
    ];
    for (name, rate, run) in runs {
        if wanted(name) {
            ok &= runtime.block_on(run(name, None)).report();
        }
        let paced: &'static str = Box::leak(format!("{name} at {rate} moves/s").into_boxed_str());
        if wanted(paced) {
            ok &= runtime.block_on(run(paced, Some(rate))).report();
        }
    }
    if !ok {
        std::process::exit(1);
    }
}
