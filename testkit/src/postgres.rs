//! A throwaway PostgreSQL server, started the way its users start it: the
//! system's own `initdb` and `postgres` (Debian's `postgresql` package), on a
//! unix socket in a temporary folder, as the `postgres` user when the tests
//! run as root (the server refuses root). One server per test process, a
//! fresh database per test; stopped and removed when the process exits (and
//! killed with it if it dies). The programs are found by
//! testkit/src/tiers.rs, which skips the tests when they are absent (and
//! fails them under `AQUARETTO_ALL_TIERS`); a server that is there but
//! cannot start fails the test with the reason.

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

/// The port in the socket's name (no TCP port is opened).
const PORT: u16 = 5432;

/// A running server.
pub struct Cluster {
    /// The folder of its data and its socket.
    pub dir: PathBuf,
    /// The server's process id.
    pub pid: u32,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static SERVER_PID: AtomicU32 = AtomicU32::new(0);
static DIR: OnceLock<PathBuf> = OnceLock::new();
static NEXT_DATABASE: AtomicUsize = AtomicUsize::new(0);

/// The test process's server, started on first use (durable: `fsync` off,
/// which only a power cut could tell).
pub fn cluster() -> &'static Cluster {
    match CLUSTER.get_or_init(|| start(false)) {
        Ok(cluster) => cluster,
        Err(e) => panic!("cannot start PostgreSQL for the tests: {e}"),
    }
}

/// A server as a deployment runs it (`fsync` on), for benchmarks.
pub fn durable_cluster() -> &'static Cluster {
    match CLUSTER.get_or_init(|| start(true)) {
        Ok(cluster) => cluster,
        Err(e) => panic!("cannot start PostgreSQL: {e}"),
    }
}

/// A durable server whose data is kept in `dir` (made there the first
/// time, started again on it after): a benchmark's store grown over
/// several runs. Stopped when the process exits, never removed; a process
/// killed leaves it to recover at its next start, as a server does after a
/// crash. The first cluster of a process is its only one.
pub fn kept_cluster(dir: &Path) -> &'static Cluster {
    match CLUSTER.get_or_init(|| start_in(true, Some(dir))) {
        Ok(cluster) => cluster,
        Err(e) => panic!("cannot start PostgreSQL in {}: {e}", dir.display()),
    }
}

impl Cluster {
    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!(
            "postgres://postgres@localhost/{name}?host={}&port={PORT}",
            self.dir.display()
        )
    }

    /// A new empty database, its URL.
    pub async fn fresh_database(&self) -> String {
        let n = NEXT_DATABASE.fetch_add(1, Ordering::Relaxed);
        let name = format!("t{n}");
        let mut admin = connect(&self.url("postgres")).await;
        sqlx::Executor::execute(&mut admin, format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
        self.url(&name)
    }

    /// Database `name` (a plain lower-case name), made if this server does
    /// not hold it yet: its URL, and whether it was there.
    pub async fn database(&self, name: &str) -> (String, bool) {
        let mut admin = connect(&self.url("postgres")).await;
        let there: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(name)
                .fetch_one(&mut admin)
                .await
                .unwrap_or_else(|e| panic!("cannot list the databases: {e}"));
        if !there {
            sqlx::Executor::execute(&mut admin, format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
        }
        (self.url(name), there)
    }
}

/// A connection, once the server has finished starting (it answers "the
/// database system is starting up" for a moment after its socket opens).
async fn connect(url: &str) -> sqlx::PgConnection {
    use sqlx::Connection as _;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match sqlx::PgConnection::connect(url).await {
            Ok(conn) => return conn,
            Err(e) if Instant::now() > deadline => {
                panic!("cannot connect to the test PostgreSQL at {url}: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// `command`, run as `user`; and when `tied`, killed (immediate shutdown) if
/// the thread that started it ends.
fn as_user(command: &mut Command, user: Option<(u32, u32)>, tied: bool) {
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if let Some((uid, gid)) = user {
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(gid) != 0
                    || libc::setuid(uid) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if tied && libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGQUIT) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

fn start(durable: bool) -> Result<Cluster, String> {
    start_in(durable, None)
}

/// Starts a server in a new temporary folder, removed at exit, or in
/// `kept` (its data made there if missing).
fn start_in(durable: bool, kept: Option<&Path>) -> Result<Cluster, String> {
    let bin = crate::tiers::postgres_bin_dir()?;
    let user = crate::tiers::postgres_server_user()?;
    let dir = match kept {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
            dir.to_path_buf()
        }
        None => tempfile::Builder::new()
            .prefix("aq-pg-")
            .tempdir()
            .map_err(|e| format!("no temporary folder: {e}"))?
            .keep(),
    };
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
            .map_err(|e| format!("cannot give {} to postgres: {e}", dir.display()))?;
    }
    let data = dir.join("data");
    if kept.is_none() || !data.join("PG_VERSION").exists() {
        init(&bin, &data, user)?;
    }
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("server.log"))
        .map_err(|e| e.to_string())?;
    let mut server = Command::new(bin.join("postgres"));
    server
        .arg("-D")
        .arg(&data)
        .arg("-k")
        .arg(&dir)
        .args(["-p", &PORT.to_string(), "-c", "listen_addresses="])
        .args(["-c", "max_connections=200"])
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log);
    if !durable {
        server.args([
            "-c",
            "fsync=off",
            "-c",
            "synchronous_commit=off",
            "-c",
            "full_page_writes=off",
        ]);
    }
    as_user(&mut server, user, true);
    // The server is tied to the thread that starts it, so that thread
    // stays for the life of the process.
    let (started, pid) = mpsc::channel();
    std::thread::spawn(move || {
        let child = server.spawn();
        let _ = started.send(child.map(|c| c.id()).map_err(|e| e.to_string()));
        loop {
            std::thread::park();
        }
    });
    let pid = pid
        .recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    SERVER_PID.store(pid, Ordering::SeqCst);
    if kept.is_none() {
        let _ = DIR.set(dir.clone());
    }
    // SAFETY: registers a plain function, run once at exit.
    unsafe {
        libc::atexit(stop_at_exit);
    }
    wait_ready(&dir, pid)?;
    Ok(Cluster { dir, pid })
}

/// Makes a server's data folder.
fn init(bin: &Path, data: &Path, user: Option<(u32, u32)>) -> Result<(), String> {
    let mut initdb = Command::new(bin.join("initdb"));
    initdb
        .args(["-D"])
        .arg(data)
        .args(["-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"])
        .arg("--no-sync")
        .stdout(std::process::Stdio::null());
    as_user(&mut initdb, user, false);
    let out = initdb
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.join("initdb").display()))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Waits for the socket to take connections.
fn wait_ready(dir: &Path, pid: u32) -> Result<(), String> {
    let socket = dir.join(format!(".s.PGSQL.{PORT}"));
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        // SAFETY: kill with signal 0 only asks whether the process lives.
        if unsafe { libc::kill(pid as i32, 0) } != 0 {
            let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
            return Err(format!("postgres exited at start: {log}"));
        }
        if socket.exists() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Err("postgres did not open its socket within 30 s".into())
}

/// Stops the server (fast shutdown), waits for it, and removes its folder.
extern "C" fn stop_at_exit() {
    let pid = SERVER_PID.load(Ordering::SeqCst) as i32;
    if pid != 0 {
        // SAFETY: signals and waits for our own child.
        unsafe {
            libc::kill(pid, libc::SIGINT);
            let mut status = 0;
            libc::waitpid(pid, &mut status, 0);
        }
    }
    if let Some(dir) = DIR.get() {
        let _ = std::fs::remove_dir_all(dir);
    }
}
