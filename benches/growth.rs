//! What each request costs as the store grows: `cargo bench --bench growth`.
//!
//! The store is filled through the store's own writes (tests/support/growth.rs
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
//! - `GROWTH_DIR`: where SQLite's files go (a temporary folder);
//! - `GROWTH_SKIP`: parts left out, comma-separated: `backup`, `copy`,
//!   `plans`, `migration` (the upgrade to this version's counts, timed);
//! - `GROWTH_MOVES` (`200`) and `GROWTH_CALLS` (`50`): moves timed, and
//!   calls of each other request.
//!
//! The backup, `copy-store` and the upgrade are measured at the first and
//! the last size (`GROWTH_EVERY_SIZE=1`: at each). Every store made is
//! deleted at the end (`GROWTH_KEEP=1` keeps SQLite's, with what its
//! requests are about beside it).

#[allow(dead_code, unused_imports, unused_macros)]
#[path = "../tests/referee/support.rs"]
mod support;

use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::referee::{Referee, Reply};
use aquaretto_bot::store::{Backend, Store};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::growth::{self, Targets, World};
use support::{db, plans, postgres};

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

/// A SQLite file's folder (kept until the end).
fn sqlite_dir() -> (Option<tempfile::TempDir>, PathBuf) {
    match std::env::var("GROWTH_DIR") {
        Ok(dir) => {
            let dir = PathBuf::from(dir);
            if let Err(e) = std::fs::create_dir_all(&dir) {
                panic!("cannot make {}: {e}", dir.display());
            }
            (None, dir)
        }
        Err(_) => match tempfile::Builder::new().prefix("aq-growth-").tempdir() {
            Ok(t) => {
                let p = t.path().to_path_buf();
                (Some(t), p)
            }
            Err(e) => panic!("no temporary folder: {e}"),
        },
    }
}

/// A fresh store of `backend` named `name`: its URL.
async fn fresh(backend: Backend, dir: &Path, name: &str) -> String {
    match backend {
        Backend::Sqlite => dir.join(format!("{name}.db")).display().to_string(),
        Backend::Postgres => postgres::durable_cluster().fresh_database().await,
    }
}

/// Deletes a store made by [`fresh`].
async fn drop_store(backend: Backend, url: &str) {
    match backend {
        Backend::Sqlite => {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{url}{suffix}"));
            }
        }
        Backend::Postgres => {
            let Some(name) = url.split('?').next().and_then(|u| u.rsplit('/').next()) else {
                return;
            };
            let admin = postgres::durable_cluster().url("postgres");
            if let Ok(pool) = sqlx::any::AnyPoolOptions::new()
                .max_connections(1)
                .connect(&admin)
                .await
            {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&pool)
                    .await;
            }
        }
    }
}

/// Free bytes on the disk that holds `dir`.
fn free_bytes(dir: &Path) -> u64 {
    let Ok(path) = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()) else {
        return 0;
    };
    // SAFETY: statvfs fills the struct it is given for a NUL-terminated path.
    unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(path.as_ptr(), &mut st) != 0 {
            return 0;
        }
        st.f_bavail as u64 * st.f_frsize as u64
    }
}

/// The database's size on disk, in bytes.
async fn size_on_disk(store: &Store, url: &str) -> u64 {
    match store.backend() {
        Backend::Sqlite => ["", "-wal"]
            .iter()
            .filter_map(|s| std::fs::metadata(format!("{url}{s}")).ok())
            .map(|m| m.len())
            .sum(),
        Backend::Postgres => {
            sqlx::query_scalar::<_, i64>("SELECT pg_database_size(current_database())")
                .fetch_one(store.pool())
                .await
                .map_or(0, |n| n as u64)
        }
    }
}

/// The largest tables' share of the store, with their indexes, in bytes per
/// finished game: `moves 23000, move_times 14000, ...`.
async fn tables_by_size(store: &Store, finished: usize) -> String {
    let sql = match store.backend() {
        Backend::Sqlite => {
            "SELECT COALESCE(m.tbl_name, d.name) AS t, CAST(SUM(d.pgsize) AS BIGINT) AS b \
             FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name \
             GROUP BY t ORDER BY b DESC LIMIT 8"
        }
        Backend::Postgres => {
            "SELECT CAST(tablename AS TEXT) AS t, \
             CAST(pg_total_relation_size(CAST(quote_ident(tablename) AS regclass)) AS BIGINT) AS b \
             FROM pg_tables WHERE schemaname = current_schema() ORDER BY b DESC LIMIT 8"
        }
    };
    match sqlx::query_as::<_, (String, i64)>(sql)
        .fetch_all(store.pool())
        .await
    {
        Ok(rows) => rows
            .iter()
            .map(|(t, b)| format!("{t} {:.0}", *b as f64 / finished.max(1) as f64))
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => format!("(cannot read the sizes: {e})"),
    }
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
    let url = fresh(backend, &dir, "growth").await;
    let store = match Store::open(&url).await {
        Ok(s) => s,
        Err(e) => panic!("cannot open {url}: {e:#}"),
    };
    let people = setting("GROWTH_PEOPLE", 100_000);
    let servers = setting("GROWTH_SERVERS", 10_000);
    let now = aquaretto_bot::clock::SystemClock.now();
    let mut world = World::new(people, servers, now);
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
    if let Err(e) = world.people_rows(&store).await {
        panic!("people not written: {e:#}");
    }
    let mut filling = started.elapsed();
    println!(
        "growth/{label}: {people} people's rows in {:.1} s",
        filling.as_secs_f64()
    );
    let mut rows = Vec::new();
    for &(finished, running) in sizes {
        let (from_f, from_r, from_moves) = (world.finished, world.running, world.moves);
        let t = Instant::now();
        if let Err(e) = world.fill_finished(&store, finished).await {
            panic!("finished games not written: {e:#}");
        }
        let finished_s = t.elapsed();
        let t = Instant::now();
        if let Err(e) = world.fill_running(&store, running).await {
            panic!("running games not written: {e:#}");
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
            // What the server's autovacuum does after a large write.
            let t = Instant::now();
            if let Err(e) = sqlx::query("ANALYZE").execute(store.pool()).await {
                panic!("ANALYZE: {e}");
            }
            println!(
                "growth/{label}/{finished}: ANALYZE in {:.1} s",
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
        let bytes = size_on_disk(&store, &url).await;
        row.bytes_per_game = bytes as f64 / world.finished as f64;
        println!(
            "growth/{label}/{finished}: {:.2} GB on disk, {:.1} KB per finished game ({} moves written, {:.0} bytes a move)",
            bytes as f64 / 1e9,
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
        // less than 4 GB free is left out, and says so.
        let room = |part: &str, factor: f64| {
            let free = free_bytes(&dir);
            let needed = (bytes as f64 * factor) as u64 + 4_000_000_000;
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
    }
    drop(store);
    if std::env::var("GROWTH_KEEP").is_err() {
        drop_store(backend, &url).await;
    } else {
        let targets = dir.join(format!("targets-{label}.json"));
        let _ = std::fs::write(
            &targets,
            serde_json::to_string(&world.targets).unwrap_or_default(),
        );
        println!(
            "growth/{label}: kept {url}, what its requests are about in {}",
            targets.display()
        );
    }
    rows
}

/// Runs the bot's start-up and requests in a process of its own; its
/// figures.
fn run_child(
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

/// Each request once with its statements gathered; their plans printed.
/// Returns how many statements have a problem.
async fn print_plans(
    label: &str,
    finished: usize,
    store: &Store,
    url: &str,
    t: &Targets,
    top: &str,
) -> usize {
    let referee = Referee::new(store.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut all: Vec<(&str, Vec<String>)> = Vec::new();
    let (_, s) = db::statements(growth::start_up(url, None)).await;
    all.push(("start-up", s));
    let (_, s) = db::statements(growth::check_older_games(&referee)).await;
    all.push((
        "the check for older games (once a process, beside serving)",
        s,
    ));
    let mover = t
        .running
        .get(growth::MYGAMES + 1)
        .cloned()
        .unwrap_or_default();
    let (_, s) = db::statements(async {
        if let Ok(Some(req)) = growth::next_move(&referee, &mover.1, &mover.0, &mut rng).await {
            let reply = referee.handle(req).await;
            let _ = growth::shown(&referee, &reply).await;
        }
    })
    .await;
    all.push(("a move", s));
    let (_, s) = db::statements(growth::mygames(&referee, t)).await;
    all.push(("mygames", s));
    let (_, s) = db::statements(growth::stats(&referee, t)).await;
    all.push(("stats", s));
    let (_, s) = db::statements(growth::stats_player(&referee, t, top)).await;
    all.push(("stats player:", s));
    let (_, s) = db::statements(growth::history(&referee, t, 1)).await;
    all.push(("history page 1", s));
    let (_, s) = db::statements(growth::history(&referee, t, 20)).await;
    all.push(("history page 20", s));
    let (_, s) = db::statements(growth::server_page(&referee, t)).await;
    all.push(("server page", s));
    let now = aquaretto_bot::clock::SystemClock.now();
    let (_, s) = db::statements(async {
        let _ = growth::arm_reminders(store, t, now).await;
        growth::scheduler_step(&referee, now).await
    })
    .await;
    all.push(("scheduler step", s));
    let _ = growth::deliver_all(&referee, now).await;
    let mut problems = 0;
    let mut seen: Vec<String> = Vec::new();
    println!(
        "growth/{label}/{finished}: query plans of every statement the requests run (each once):"
    );
    for (request, statements) in &all {
        let fresh: Vec<String> = statements
            .iter()
            .filter(|s| !seen.contains(s))
            .cloned()
            .collect();
        seen.extend(fresh.iter().cloned());
        let real = match plans::explain_all(store, &fresh, false).await {
            Ok(p) => p,
            Err(e) => panic!("{e:#}"),
        };
        let forced = match plans::explain_all(store, &fresh, true).await {
            Ok(p) => p,
            Err(e) => panic!("{e:#}"),
        };
        println!(" {request}: {} statements", real.len());
        // A problem is what the forced plans show (no index could serve
        // the statement; on SQLite the plans are the same); a table the
        // planner chose to read whole in the real plan, though an index
        // could serve, is noted (a small table, read whole at no cost).
        let mut shown = real.clone();
        for (p, f) in shown.iter_mut().zip(&forced) {
            let noted: Vec<String> = p
                .problems
                .iter()
                .filter(|x| !f.problems.contains(x))
                .map(|x| format!("note: the planner {x} here; an index could serve it"))
                .collect();
            p.problems = f.problems.clone();
            let counted = !p.problems.is_empty() && !request.starts_with("the check");
            problems += usize::from(counted);
            p.problems.extend(noted);
        }
        print!("{}", plans::print(&shown));
    }
    println!(
        "growth/{label}/{finished}: statements of the requests that no index can serve: {problems} (the check for older games aside: it reads one index entry a game by design)"
    );
    problems
}

/// A backup of the store, timed; the copy deleted.
async fn backup(label: &str, finished: usize, store: &Store, url: &str, dir: &Path) -> f64 {
    let to = dir.join(format!("backup-{finished}.db"));
    let _ = std::fs::remove_file(&to);
    let t = Instant::now();
    let said = match store.backend() {
        Backend::Sqlite => match store.backup_to(&to).await {
            Ok(r) => format!(
                "backup: {} games, {} moves, {:.2} GB, checked",
                r.games,
                r.moves,
                r.bytes as f64 / 1e9
            ),
            Err(e) => panic!("backup: {e:#}"),
        },
        Backend::Postgres => {
            let pg_dump = match support::tiers::postgres_bin_dir() {
                Ok(bin) => bin.join("pg_dump"),
                Err(e) => panic!("{e}"),
            };
            let out = std::process::Command::new(pg_dump)
                .arg("--format=custom")
                .arg(format!("--file={}", to.display()))
                .arg(url.replace("postgres://", "postgresql://"))
                .output();
            match out {
                Ok(o) if o.status.success() => format!(
                    "pg_dump --format=custom: {:.2} GB",
                    std::fs::metadata(&to).map_or(0, |m| m.len()) as f64 / 1e9
                ),
                Ok(o) => panic!("pg_dump: {}", String::from_utf8_lossy(&o.stderr)),
                Err(e) => panic!("pg_dump: {e}"),
            }
        }
    };
    let took = t.elapsed().as_secs_f64();
    println!("growth/{label}/{finished}: {said} in {took:.1} s");
    let _ = std::fs::remove_file(&to);
    took
}

/// `copy-store` into a fresh store of the other database, as the command
/// makes it (the rows copied, then every game compared), timed; the copy
/// deleted.
async fn copy(label: &str, finished: usize, store: &Store, dir: &Path) -> f64 {
    let other = match store.backend() {
        Backend::Sqlite => Backend::Postgres,
        Backend::Postgres => Backend::Sqlite,
    };
    if other == Backend::Postgres && !support::tiers::available(support::tiers::Tier::Postgres) {
        println!("growth/{label}/{finished}: copy-store left out (no PostgreSQL)");
        return 0.0;
    }
    let url = fresh(other, dir, &format!("copy-{finished}")).await;
    drop_store(other, &url).await;
    let url = fresh(other, dir, &format!("copy-{finished}")).await;
    let target = match Store::open(&url).await {
        Ok(s) => s,
        Err(e) => panic!("{e:#}"),
    };
    let t = Instant::now();
    let copied = match store.copy_into(&target).await {
        Ok(c) => c,
        Err(e) => panic!("copy-store: {e:#}"),
    };
    let rows_s = t.elapsed().as_secs_f64();
    let source = Referee::new(store.clone());
    let compared = match source.same_games_as(&Referee::new(target.clone())).await {
        Ok(n) => n,
        Err(e) => panic!("copy-store's check: {e:#}"),
    };
    let took = t.elapsed().as_secs_f64();
    let rows: i64 = copied.iter().map(|(_, n)| n).sum();
    println!(
        "growth/{label}/{finished}: copy-store into {}: {rows} rows in {rows_s:.1} s, then {compared} games compared: {took:.1} s in all (peak memory of this process {:.0} MB)",
        match other {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        },
        memory().1
    );
    drop(target);
    drop_store(other, &url).await;
    took
}

/// What the upgrade to the counts of this version costs on a store of this
/// size: the store taken back to before its migration
/// (20261202000400_growth: its tables and indexes dropped, its row in
/// sqlx's table of migrations deleted), then opened, which migrates it.
async fn remigrate(label: &str, finished: usize, url: &str) -> f64 {
    let before = match Store::open(url).await {
        Ok(s) => s,
        Err(e) => panic!("{e:#}"),
    };
    for sql in [
        "DROP TABLE place_totals",
        "DROP TABLE pace",
        "DROP TABLE pace_counts",
        "DROP INDEX games_by_channel",
        "DROP INDEX seats_by_user",
        "DROP INDEX games_paused",
        "DROP INDEX player_totals_leaders",
        "DROP INDEX player_totals_by_games",
        "DROP INDEX player_totals_by_name",
        "DROP INDEX player_totals_best",
        "DROP INDEX games_by_status",
        "DROP INDEX games_due_reminders",
        "DROP INDEX games_due_automatic",
        "DELETE FROM _sqlx_migrations WHERE version = 20261202000400",
    ] {
        if let Err(e) = sqlx::query(sql).execute(before.pool()).await {
            panic!("{sql}: {e}");
        }
    }
    before.pool().close().await;
    let t = Instant::now();
    if let Err(e) = Store::open(url).await {
        panic!("the migration: {e:#}");
    }
    let took = t.elapsed().as_secs_f64();
    println!(
        "growth/{label}/{finished}: the upgrade to this version's counts (migration 20261202000400 on this store): {took:.1} s"
    );
    took
}

/// The bot's process: start-up to ready, the requests, its memory.
async fn child(url: &str) {
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
