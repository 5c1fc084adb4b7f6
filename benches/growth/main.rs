//! What each request costs as the store grows: `cargo bench --bench growth`.
//!
//! The store is filled through the store's own writes (testkit/src/growth.rs
//! says how: finished and running games over 10,000 servers, a few very
//! large, and 100,000 people) to each size in turn, and at each size:
//!
//! - a bot process is started on it (this benchmark again, as a child):
//!   start-up to ready (the store opened and checked, the one check for
//!   older games to fill in, the servers whose games wait, the next time
//!   anything is due), then its requests, each timed (p50, p99): a move
//!   with its picture, `/aq mygames` of a person with 50 running games,
//!   `/aq past stats` and `/aq past stats player:` of the largest server,
//!   pages 1 and 20 of a 250-move game's history, the largest server's web
//!   page, the scheduler's step with 1% of the running games due; then its
//!   resident memory;
//! - the query plans of every statement those requests run, on the
//!   database itself, each checked for a whole table read;
//! - the database's size on disk per finished game, a backup (SQLite's
//!   `backup`, PostgreSQL's `pg_dump`) and `copy-store` into the other
//!   database, timed, and the upgrade that fills in this version's counts
//!   (the store taken back to before it, then migrated).
//!
//! The knobs (environment variables):
//! - `GROWTH_FINISHED` (`10000`) and `GROWTH_RUNNING` (`1000`): the sizes,
//!   comma-separated, in pairs (`GROWTH_FINISHED=10000,100000,1000000
//!   GROWTH_RUNNING=1000,10000,100000`); the store grows from one to the next;
//! - `GROWTH_PEOPLE` (`100000`), `GROWTH_SERVERS` (`10000`);
//! - `GROWTH_STORE` (`sqlite,postgres`): `sqlite`, `postgres` or both;
//! - `GROWTH_DIR`: where SQLite's files go, and a kept PostgreSQL server's
//!   data (a temporary folder);
//! - `GROWTH_SKIP`: parts left out, comma-separated: `backup`, `copy`,
//!   `plans`, `migration` (the upgrade to this version's counts, timed);
//! - `GROWTH_MOVES` (`200`) and `GROWTH_CALLS` (`50`): moves timed, and
//!   calls of each other request;
//! - `GROWTH_WRITERS` (`2` on PostgreSQL, `1` on SQLite, which writes one
//!   transaction at a time): the fill's transactions of finished games
//!   written at once, each with the games of its own servers (PostgreSQL's
//!   fill of 100,000 games is bound by one connection's round trips: 79
//!   games a second at 220,000, the two cores a third idle);
//! - `GROWTH_RESERVE_GB` (`8`): the room left free on the disk; the fill
//!   stops (and the store is measured at the size it reached) before
//!   a step of its fill could leave less, and a backup or a copy that could
//!   is left out; each says so.
//!
//! - `GROWTH_FROM` (`1`): grows the store kept in `GROWTH_DIR` by an
//!   earlier run (`GROWTH_KEEP=1`, or one stopped midway) instead of a new
//!   one: what it holds is counted, the sizes it has passed are left out,
//!   and it is kept again. A large size is so reached over several runs;
//!   the "filled in" of a size grown on is this run's part of it. On
//!   PostgreSQL the kept store is the database `growth` of a server whose
//!   data is in `GROWTH_DIR/postgres`, started by the run and stopped at
//!   its end.
//!
//! The backup, `copy-store` and the upgrade are measured at the first and
//! the last size (`GROWTH_EVERY_SIZE=1`: at each). Every store made is
//! deleted at the end (`GROWTH_KEEP=1`, with `GROWTH_DIR`, keeps it, with
//! what its requests are about beside it).

mod child;
mod explain;
mod stores;

// The test kit (testkit/): the databases, the growth benchmark's world and
// query plans, PostgreSQL and its tier.
use aquaretto_testkit as support;

use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::store::{Backend, Store};
use child::{child, run_child};
use explain::print_plans;
use std::time::{Duration, Instant};
use stores::{
    backup, copy, drop_store, free_on_disk, fresh, kept, remigrate, size_on_disk, sqlite_dir,
    tables_by_size,
};
use support::db;
use support::growth::{self, World};

fn list(name: &str, default: &str) -> Vec<usize> {
    std::env::var(name)
        .unwrap_or_else(|_| default.to_string())
        .split(',')
        .filter_map(|v| v.trim().replace('_', "").parse().ok())
        .collect()
}

fn setting(name: &str, default: usize) -> usize {
    list(name, &default.to_string())
        .first()
        .copied()
        .unwrap_or(default)
}

/// The room left free on the shared disk: `GROWTH_RESERVE_GB` (8).
fn reserve() -> u64 {
    setting("GROWTH_RESERVE_GB", 8) as u64 * 1_000_000_000
}

/// Games the fill writes between two looks at the room left on the disk
/// (and, on SQLite, two copies of its log into the database).
const STEP: usize = 1_000;

/// SQLite's log copied into the database and emptied (PostgreSQL: nothing).
async fn empty_the_log(store: &Store) {
    if store.backend() != Backend::Sqlite {
        return;
    }
    match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_one(store.pool())
        .await
    {
        // busy: a reader kept the log from being emptied; the next step's
        // copy empties it.
        Ok((busy, _, _)) if busy != 0 => {
            println!("growth/sqlite: the log not emptied (a reader was busy)");
        }
        Ok(_) => {}
        Err(e) => panic!("checkpoint: {e}"),
    }
}

/// Whether the disk has room for `games` more games of `per_game` bytes
/// (200 KB before any is written) and the reserve besides; if not, what is
/// free and what is needed.
fn room_for(dir: &std::path::Path, per_game: f64, games: usize) -> Result<(), String> {
    let guess = if per_game > 0.0 { per_game } else { 200_000.0 };
    let free = stores::free_bytes(dir);
    let needed = (guess * games as f64 * 1.15) as u64 + reserve();
    if free >= needed {
        return Ok(());
    }
    Err(format!(
        "{:.1} GB free on the disk, {:.1} GB needed for the next {games} and to keep {:.0} GB free",
        free as f64 / 1e9,
        needed as f64 / 1e9,
        reserve() as f64 / 1e9
    ))
}

fn skipped(part: &str) -> bool {
    std::env::var("GROWTH_SKIP").is_ok_and(|s| s.split(',').any(|p| p.trim() == part))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The `q` quantile of some times, in ms.
fn quantile(times: &[Duration], q: f64) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    ms(sorted[i.min(sorted.len() - 1)])
}

/// This process's resident memory and its high-water mark, in MB.
fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn main() {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => panic!("no runtime: {e}"),
    };
    if let Ok(url) = std::env::var("GROWTH_CHILD") {
        runtime.block_on(child(&url));
        return;
    }
    db::init_tracing();
    let finished = list("GROWTH_FINISHED", "10000");
    let running = list("GROWTH_RUNNING", "1000");
    let sizes: Vec<(usize, usize)> = finished
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let r = running.get(i).or(running.last()).copied().unwrap_or(1000);
            (*f, r)
        })
        .collect();
    let stores = std::env::var("GROWTH_STORE").unwrap_or_else(|_| "sqlite,postgres".into());
    let mut rows = Vec::new();
    for name in stores.split(',').map(str::trim) {
        let backend = match name {
            "sqlite" => Backend::Sqlite,
            "postgres" => Backend::Postgres,
            other => panic!("GROWTH_STORE: unknown store {other}"),
        };
        if backend == Backend::Postgres
            && !support::tiers::available(support::tiers::Tier::Postgres)
        {
            println!("growth/postgres: PostgreSQL is not installed here, left out");
            continue;
        }
        rows.extend(runtime.block_on(grow(backend, &sizes)));
    }
    println!("\n{}", table(&rows));
}

/// One row of the summary: a store at one size.
#[derive(Debug, Default, Clone)]
struct Row {
    store: &'static str,
    finished: usize,
    running: usize,
    fill: f64,
    figures: serde_json::Value,
    bytes_per_game: f64,
    backup: Option<f64>,
    copy: Option<f64>,
    migration: Option<f64>,
    problems: usize,
}

/// Grows one store through the sizes.
async fn grow(backend: Backend, sizes: &[(usize, usize)]) -> Vec<Row> {
    let label = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let (_temp, dir) = sqlite_dir();
    let resumed = std::env::var("GROWTH_FROM").is_ok();
    let keep = resumed || std::env::var("GROWTH_KEEP").is_ok();
    if keep && _temp.is_some() {
        panic!("GROWTH_FROM and GROWTH_KEEP keep the store in GROWTH_DIR: give it");
    }
    let url = if keep {
        let (url, there) = kept(backend, &dir, "growth").await;
        if resumed && !there {
            panic!("GROWTH_FROM: no kept store at {url}");
        }
        url
    } else {
        fresh(backend, &dir, "growth").await
    };
    let store = match Store::open(&url).await {
        Ok(s) => s,
        Err(e) => panic!("cannot open {url}: {e:#}"),
    };
    let people = setting("GROWTH_PEOPLE", 100_000);
    let servers = setting("GROWTH_SERVERS", 10_000);
    let now = aquaretto_bot::clock::SystemClock.now();
    let targets_file = dir.join(format!("targets-{label}.json"));
    let mut world = if resumed {
        let t = Instant::now();
        match World::resume(people, servers, now, &store).await {
            Ok(w) => {
                println!(
                    "growth/{label}: grows on {url}: {} finished games, {} running, {} moves (counted in {:.1} s)",
                    w.finished,
                    w.running,
                    w.moves,
                    t.elapsed().as_secs_f64()
                );
                w
            }
            Err(e) => panic!("GROWTH_FROM: {e:#}"),
        }
    } else {
        World::new(people, servers, now)
    };
    world.writers = setting(
        "GROWTH_WRITERS",
        if backend == Backend::Postgres { 2 } else { 1 },
    );
    println!(
        "growth/{label}: {people} people, {servers} servers; the pool's games (players: mean moves): {}",
        world
            .pool_lengths()
            .iter()
            .map(|(n, m)| format!("{n}: {m:.0}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let started = Instant::now();
    if resumed {
        // Its people's rows were written when it was first filled.
    } else if let Err(e) = world.people_rows(&store).await {
        panic!("people not written: {e:#}");
    }
    let mut filling = started.elapsed();
    if !resumed {
        println!(
            "growth/{label}: {people} people's rows in {:.1} s",
            filling.as_secs_f64()
        );
    }
    let mut rows = Vec::new();
    let mut per_game = if resumed {
        size_on_disk(&store, &url).await as f64 / (world.finished + world.running).max(1) as f64
    } else {
        0.0
    };
    for &(finished, running) in sizes {
        if finished < world.finished && running < world.running {
            println!(
                "growth/{label}/{finished}: left out, the store already holds {} finished games and {} running",
                world.finished, world.running
            );
            continue;
        }
        let (from_f, from_r, from_moves) = (world.finished, world.running, world.moves);
        let t = Instant::now();
        // In steps of STEP games, SQLite's log copied into the database and
        // emptied after each: the bot copies it every 200 writes, while the
        // fill's large writes, back to back, let it grow to gigabytes on
        // the shared disk (8 GB over the first 100,000 games' fill; 14.5 GB
        // within one step of 10,000 games on a store of 130,000, whose
        // indexes are so large that each write of 25 games touches
        // thousands of their pages).
        // The disk is shared: the fill stops before a step that could leave
        // less than the reserve free (a step's bytes judged from those of a
        // game so far, 200 KB before any), measures the size it reached and
        // grows no further, and says so.
        let mut stopped = false;
        while world.finished < finished {
            let step = (world.finished + STEP).min(finished);
            if let Err(short) = room_for(&dir, per_game, step - world.finished) {
                println!(
                    "growth/{label}/{finished}: stopped at {} finished games: {short}",
                    world.finished
                );
                stopped = true;
                break;
            }
            if let Err(e) = world.fill_finished(&store, step).await {
                panic!("finished games not written: {e:#}");
            }
            empty_the_log(&store).await;
        }
        let finished_s = t.elapsed();
        let t = Instant::now();
        // The running games too, in steps, each judged against the room
        // left (a running game's log is shorter than a finished one's: the
        // bytes of a game so far are an upper bound).
        while !stopped && world.running < running {
            let step = (world.running + STEP).min(running);
            if let Err(short) = room_for(&dir, per_game, step - world.running) {
                println!(
                    "growth/{label}/{finished}: running games stopped at {}: {short}",
                    world.running
                );
                stopped = true;
                break;
            }
            if let Err(e) = world.fill_running(&store, step).await {
                panic!("running games not written: {e:#}");
            }
            empty_the_log(&store).await;
        }
        let running_s = t.elapsed();
        filling += finished_s + running_s;
        println!(
            "growth/{label}/{finished}: filled {} finished games ({} moves) in {:.1} s ({:.0} games/s), {} running games in {:.1} s; {:.1} s of filling in all",
            world.finished - from_f,
            world.moves - from_moves,
            finished_s.as_secs_f64(),
            (world.finished - from_f) as f64 / finished_s.as_secs_f64().max(1e-9),
            world.running - from_r,
            running_s.as_secs_f64(),
            filling.as_secs_f64()
        );
        if backend == Backend::Sqlite {
            // The bot copies its log into the database every 200 writes
            // (src/store/checkpoint.rs); the fill writes in few, large
            // transactions, so its log is copied here.
            let t = Instant::now();
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(store.pool())
                .await
            {
                panic!("checkpoint: {e}");
            }
            println!(
                "growth/{label}/{finished}: the log copied into the database in {:.1} s",
                t.elapsed().as_secs_f64()
            );
        }
        if backend == Backend::Postgres {
            // What the server's autovacuum does after a large write (inserts
            // wake it too, since PostgreSQL 13): the planner's statistics,
            // and the visibility map that lets an index-only scan leave the
            // table alone (after ANALYZE alone, the server page's count of
            // its games fetched 4,573 of its 10,217 rows from the table at
            // 100,000 finished games).
            let t = Instant::now();
            if let Err(e) = sqlx::query("VACUUM (ANALYZE)").execute(store.pool()).await {
                panic!("VACUUM (ANALYZE): {e}");
            }
            println!(
                "growth/{label}/{finished}: VACUUM (ANALYZE) in {:.1} s",
                t.elapsed().as_secs_f64()
            );
        }
        let mut row = Row {
            store: label,
            finished: world.finished,
            running: world.running,
            fill: filling.as_secs_f64(),
            ..Row::default()
        };
        // A store grown on after an upgrade that dropped a table holds free
        // pages until the fill has reused them: the cost of a game is what
        // its pages hold, the file's size is said beside it.
        let file = size_on_disk(&store, &url).await;
        let free = free_on_disk(&store).await;
        let bytes = file.saturating_sub(free);
        row.bytes_per_game = bytes as f64 / world.finished as f64;
        per_game = bytes as f64 / (world.finished + world.running).max(1) as f64;
        println!(
            "growth/{label}/{finished}: {:.2} GB on disk ({:.2} GB of it free pages), {:.1} KB per finished game ({} moves written, {:.0} bytes a move)",
            file as f64 / 1e9,
            free as f64 / 1e9,
            row.bytes_per_game / 1e3,
            world.moves,
            bytes as f64 / world.moves.max(1) as f64
        );
        println!(
            "growth/{label}/{finished}: bytes per finished game by table (indexes included): {}",
            tables_by_size(&store, world.finished).await
        );
        let top = match growth::top_player(&store, &world.targets.guild).await {
            Ok(top) => top,
            Err(e) => panic!("no top player: {e:#}"),
        };
        let clock_now = aquaretto_bot::clock::SystemClock.now();
        let armed = match growth::arm_reminders(&store, &world.targets, clock_now).await {
            Ok(n) => n,
            Err(e) => panic!("reminders not armed: {e:#}"),
        };
        row.figures = run_child(label, finished, &url, &world.targets, &top, armed);
        if !skipped("plans") {
            row.problems = print_plans(label, finished, &store, &url, &world.targets, &top).await;
        }
        // A backup or a copy needs room for another store (PostgreSQL's
        // twice SQLite's); the disk is shared, so a part that would leave
        // less than the reserve free is left out, and says so.
        let room = |part: &str, factor: f64| {
            let free = stores::free_bytes(&dir);
            let needed = (bytes as f64 * factor) as u64 + reserve();
            if free < needed {
                println!(
                    "growth/{label}/{finished}: {part} left out: {:.1} GB free on the disk, {:.1} GB needed",
                    free as f64 / 1e9,
                    needed as f64 / 1e9
                );
            }
            free >= needed
        };
        let (backup_factor, copy_factor) = match backend {
            Backend::Sqlite => (1.1, 2.2),
            Backend::Postgres => (0.5, 0.6),
        };
        // The parts that take as long as the store is large are measured
        // at the first and the last size (GROWTH_EVERY_SIZE=1: at each).
        let whole = std::env::var("GROWTH_EVERY_SIZE").is_ok()
            || (finished, running) == sizes[0]
            || Some(&(finished, running)) == sizes.last();
        if whole && !skipped("backup") && room("backup", backup_factor) {
            row.backup = Some(backup(label, finished, &store, &url, &dir).await);
        }
        if whole && !skipped("copy") && room("copy-store", copy_factor) {
            row.copy = Some(copy(label, finished, &store, &dir).await);
        }
        if whole && !skipped("migration") {
            row.migration = Some(remigrate(label, finished, &url).await);
        }
        rows.push(row);
        if stopped {
            break;
        }
    }
    drop(store);
    if !keep {
        drop_store(backend, &url).await;
    } else {
        if let Err(e) = std::fs::write(
            &targets_file,
            serde_json::to_string(&world.targets).unwrap_or_default(),
        ) {
            panic!("targets not kept in {}: {e}", targets_file.display());
        }
        println!(
            "growth/{label}: kept {url}, what its requests are about in {} (grow on it with GROWTH_FROM=1 and the same GROWTH_DIR)",
            targets_file.display()
        );
    }
    rows
}

/// The summary: a table per store, a row per size.
fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    for store in ["sqlite", "postgres"] {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.store == store).collect();
        if mine.is_empty() {
            continue;
        }
        out.push_str(&format!("{store}:\n"));
        out.push_str("| finished | running | filled in | move with picture p50/p99 | mygames | stats | stats player: | history p.1 | history p.20 | server page | scheduler step (1% due) | start-up to ready | check of older games | memory ready/after | per finished game | backup | copy-store | upgrade | plans with a problem |\n");
        out.push_str(
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        );
        for r in mine {
            let f = &r.figures;
            let g = |k: &str| f[k].as_f64().unwrap_or(f64::NAN);
            out.push_str(&format!(
                "| {} | {} | {:.0} s | {:.1} / {:.1} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.1} ms ({} reminders) | {:.0} ms | {:.0} ms | {:.0} / {:.0} MB | {:.1} KB | {} | {} | {} | {} |\n",
                r.finished,
                r.running,
                r.fill,
                g("move_p50"),
                g("move_p99"),
                g("mygames_p50"),
                g("stats_p50"),
                g("stats_player_p50"),
                g("history_1_p50"),
                g("history_20_p50"),
                g("server_page_p50"),
                g("step_ms"),
                f["queued"].as_u64().unwrap_or(0),
                g("startup_ms"),
                g("check_ms"),
                g("rss_ready_mb"),
                g("rss_mb"),
                r.bytes_per_game / 1e3,
                r.backup.map_or("-".into(), |s| format!("{s:.1} s")),
                r.copy.map_or("-".into(), |s| format!("{s:.1} s")),
                r.migration.map_or("-".into(), |s| format!("{s:.1} s")),
                r.problems
            ));
        }
    }
    out
}
