//! The process killed with SIGKILL at random moments, and restarted:
//! `cargo bench --bench kill`.
//!
//! The binary plays several 5-player games at once in the terminal
//! (`play --json --script -`, one process a game, all on one SQLite file,
//! lines a millisecond apart), each line acknowledged by a JSON line on its
//! standard output. At a random moment (0 to 100 ms after a start,
//! `KILL_WINDOW_MS`; 30 on PostgreSQL: during
//! the opening of the database, a move's transaction or its answer) every
//! process is killed with
//! SIGKILL; then each game restarts from the moves its database holds. After
//! `KILLS` rounds (20 by default) the games are played to their end.
//!
//! Checked after every kill: every acknowledged move is in the log (as
//! many moves stored as acknowledged, or more), no move was stored that was not sent, the log's
//! sequence has no gap and no double, and the stored state is the log
//! replayed; at the end each game equals the same game played without
//! kills. Prints the kills, the acknowledged and stored counts, and exits
//! non-zero on any loss or double.
//!
//! `KILL_DATABASE=postgres`: the same on one PostgreSQL database (a server
//! of the system's started for the run, fsync on) shared by the processes,
//! every other one of which (in turn) is killed each round while the others
//! are sent no more lines and end at the end of their input: each kill is of
//! one of two processes writing to the database at that moment.

use aquaretto_bot::engine::Game;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

// The test kit's scripts of random games and PostgreSQL (testkit/).
use aquaretto_testkit::{postgres, script};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");
const NAMES: [&str; 5] = ["ana", "ben", "cy", "dee", "eve"];

fn play(db: &str, channel: &str) -> Process {
    let mut p = Process::new(BIN);
    p.arg("play")
        .arg("--db")
        .arg(db)
        .args(["--channel", channel, "--json", "--script", "-"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "error")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    p
}

/// (moves stored, the stored state, whether it is the log replayed and the
/// sequence is 1..=n without gap or double).
async fn stored(db: &str, channel: &str) -> (usize, Option<Game>, bool) {
    let store = match Store::open(db).await {
        Ok(s) => s,
        Err(e) => panic!("the database does not open after a kill: {e:#}"),
    };
    let referee = Referee::new(store.clone());
    let loaded = match referee.find_game(None, Some(channel)).await {
        Ok(Some(Ok(l))) => l,
        Ok(None) => {
            store.pool().close().await;
            return (0, None, true);
        }
        other => panic!("{channel}: the game cannot be loaded: {other:?}"),
    };
    let seqs_ok = loaded
        .log()
        .iter()
        .enumerate()
        .all(|(i, m)| m.seq == i as i64 + 1);
    let replays = match (loaded.setup(), loaded.live(loaded.log().len())) {
        (Ok(setup), Ok(live)) => Game::new(setup).ok().and_then(|mut g| {
            for (m, a) in live {
                g.apply(m.seat, a).ok()?;
            }
            Some(g)
        }),
        _ => None,
    };
    let ok = seqs_ok && replays.is_some() && replays.as_ref() == loaded.game();
    store.pool().close().await;
    (loaded.log().len(), loaded.game().cloned(), ok)
}

struct Table {
    channel: String,
    lines: Vec<String>,
    end: Game,
}

fn main() {
    let kills: usize = std::env::var("KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    // On PostgreSQL: the processes share the database, and each round half
    // of them (every other one, in turn) are killed while the others go on.
    let on_postgres = std::env::var("KILL_DATABASE").is_ok_and(|v| v == "postgres");
    let games: usize = std::env::var("KILL_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    // The kill comes at a random moment within this many milliseconds of a
    // round's start. On PostgreSQL, where a spared process plays on through
    // the round, a shorter window keeps the games from ending before the
    // rounds do (every kill then lands in a game still being played).
    let window: u64 = std::env::var("KILL_WINDOW_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if on_postgres { 30 } else { 100 });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temp dir");
    let db = if on_postgres {
        runtime.block_on(postgres::durable_cluster().fresh_database())
    } else {
        dir.path()
            .join("kill.db")
            .to_str()
            .expect("a UTF-8 path")
            .to_string()
    };
    let where_ = if on_postgres {
        "one PostgreSQL database, every other process killed each round while the others go on"
    } else {
        "one SQLite file"
    };
    let tables: Vec<Table> = (0..games)
        .map(|g| {
            let (lines, end) = script::script(&NAMES, 40 + g as u64);
            Table {
                channel: format!("kill-{g}"),
                lines,
                end,
            }
        })
        .collect();
    // The games are opened and started first, without kills: the kills
    // are for moves.
    for (g, t) in tables.iter().enumerate() {
        let out = play(&db, &t.channel)
            .args(["--players", &NAMES.join(","), "--first", "ana"])
            .args(["--seed", &(40 + g).to_string()])
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{} opens", t.channel);
        assert_eq!(runtime.block_on(stored(&db, &t.channel)).0, 0);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut failures = Vec::new();
    let (mut acknowledged_total, mut beyond_ack, mut landed, mut lost) = (0, 0, 0, 0);
    let started = Instant::now();
    for round in 0..=kills {
        let last = round == kills;
        let mut children = Vec::new();
        for t in &tables {
            let (done, _, _) = runtime.block_on(stored(&db, &t.channel));
            let mut child = play(&db, &t.channel).spawn().expect("the binary starts");
            let mut input = String::new();
            for line in &t.lines[done..] {
                input.push_str(line);
                input.push('\n');
            }
            let mut stdin = child.stdin.take().expect("piped");
            // Lines come a millisecond apart, as from players: a kill lands
            // in the middle of a game, not after it. A process spared by a
            // round is sent no more lines from the kill on, and ends at the
            // end of its input.
            let stop = Arc::new(AtomicBool::new(false));
            let stopped = stop.clone();
            let writer = std::thread::spawn(move || {
                use std::io::Write as _;
                for line in input.lines() {
                    if stopped.load(Ordering::SeqCst) || writeln!(stdin, "{line}").is_err() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
            let stdout = child.stdout.take().expect("piped");
            let acks = Arc::new(AtomicUsize::new(0));
            let reader = {
                let acks = acks.clone();
                std::thread::spawn(move || {
                    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                        let v: serde_json::Value = match serde_json::from_str(&line) {
                            Ok(v) => v,
                            Err(_) => continue,
                        };
                        if v["ok"] == true {
                            acks.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                })
            };
            children.push((child, writer, reader, acks, done, stop));
        }
        if !last {
            std::thread::sleep(Duration::from_millis(rng.random_range(0..window)));
        }
        let spared = |i: usize| last || (on_postgres && i % 2 != round % 2);
        // The kills first, all at this moment; then the others are sent no
        // more lines (their input ends) and finish what they were sent.
        for (i, (child, _, _, _, _, _)) in children.iter_mut().enumerate() {
            if !spared(i) {
                if matches!(child.try_wait(), Ok(None)) {
                    landed += 1;
                }
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        for (_, _, _, _, _, stop) in &children {
            if !last {
                stop.store(true, Ordering::SeqCst);
            }
        }
        for (i, (mut child, writer, reader, acks, before, _)) in children.into_iter().enumerate() {
            let _ = writer.join();
            if spared(i) {
                let _ = child.wait();
            }
            let _ = reader.join();
            let t = &tables[i];
            let acknowledged = before + acks.load(Ordering::SeqCst);
            let (now, game, ok) = runtime.block_on(stored(&db, &t.channel));
            acknowledged_total += acks.load(Ordering::SeqCst);
            beyond_ack += now.saturating_sub(acknowledged);
            if now < acknowledged {
                lost += acknowledged - now;
                failures.push(format!(
                    "round {round}, {}: {acknowledged} acknowledged but {now} stored",
                    t.channel
                ));
            }
            if now > t.lines.len() {
                failures.push(format!(
                    "round {round}, {}: more moves stored than sent",
                    t.channel
                ));
            }
            if !ok {
                failures.push(format!(
                    "round {round}, {}: the log has a gap or a double, or is not the state",
                    t.channel
                ));
            }
            if last && game.as_ref() != Some(&t.end) {
                failures.push(format!(
                    "{}: the game does not end as without kills",
                    t.channel
                ));
            }
        }
    }
    println!(
        "kill: {kills} rounds of SIGKILL to {games} processes (5-player games, {where_}), {landed} kills of a running process, {:.1} s; \
         {acknowledged_total} moves acknowledged, {lost} of them lost; {beyond_ack} stored but not yet acknowledged when killed; \
         {} failures",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    for f in &failures {
        println!("  {f}");
    }
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
