//! The configuration and the health check through the real binary, each run
//! with nothing of the test's environment but PATH and HOME, in a temporary
//! directory of its own (so no `.env` but the one a test writes there): an
//! empty value is unset for every subcommand, a bad one is refused by every
//! subcommand with the same sentence, `config` shows what is in effect with
//! the token masked, and `health` answers for the database, its migrations
//! and a serving bot's gateway.

use crate::support;

use aquaretto_bot::clock::{rfc3339, Clock as _, SystemClock};
use aquaretto_bot::store::Store;
use sqlx::ConnectOptions as _;
use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Command as Process, Output, Stdio};
use std::time::Duration;
use support::fake_discord::FakeDiscord;

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// The binary as a person starts it in `dir`, with only these variables.
fn command(dir: &Path, vars: &[(&str, &str)], args: &[&str]) -> Process {
    let mut p = Process::new(BIN);
    p.args(args)
        .env_clear()
        .current_dir(dir)
        .stdin(Stdio::null());
    for key in ["PATH", "HOME"] {
        if let Some(value) = std::env::var_os(key) {
            p.env(key, value);
        }
    }
    for (key, value) in vars {
        p.env(key, value);
    }
    p
}

fn run(dir: &Path, vars: &[(&str, &str)], args: &[&str]) -> Output {
    command(dir, vars, args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn succeeded(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{:?}\n{}{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// The one line a failed run said on its standard error.
fn failed(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(1),
        "fails: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let said = text(&out.stderr);
    assert_eq!(said.trim_end().lines().count(), 1, "one line: {said}");
    said.trim_end().to_string()
}

/// A script of one move and the players to play it.
const PLAY: [&str; 7] = [
    "play",
    "--players",
    "ana,ben",
    "--first",
    "ana",
    "--script",
    "moves.txt",
];

fn write_script(dir: &Path) {
    std::fs::write(dir.join("moves.txt"), "ana: /aq draw truck:1\n").expect("script written");
}

#[test]
fn an_empty_rust_log_logs_as_the_default_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Serving: the database cannot be opened (its folder is missing), so the
    // bot stops after its first lines, which the default shows at info.
    let missing = format!("sqlite://{}/missing/bot.db", dir.path().display());
    let serve = |log: Option<&str>| {
        let mut vars = vec![
            ("DISCORD_TOKEN", "t0ken"),
            ("DATABASE_URL", missing.as_str()),
        ];
        vars.extend(log.map(|log| ("RUST_LOG", log)));
        let out = run(dir.path(), &vars, &["serve"]);
        assert!(!out.status.success(), "the database cannot be opened");
        text(&out.stderr)
    };
    for log in [None, Some(""), Some("   ")] {
        let said = serve(log);
        assert!(
            said.contains("INFO") && said.contains("opening the database"),
            "RUST_LOG={log:?} serves at info: {said}"
        );
        assert!(said.contains("cannot open the database"), "{said}");
    }
    let said = serve(Some("warn"));
    assert!(!said.contains("opening the database"), "{said}");
    assert!(said.contains("cannot open the database"), "{said}");

    // In the terminal the default is warnings only.
    let play = |log: Option<&str>| {
        let dir = tempfile::tempdir().expect("temp dir");
        write_script(dir.path());
        let vars: Vec<_> = log.map(|log| ("RUST_LOG", log)).into_iter().collect();
        let out = run(dir.path(), &vars, &PLAY);
        succeeded(&out);
        text(&out.stderr)
    };
    for log in [None, Some(""), Some(" ")] {
        let said = play(log);
        assert!(
            !said.contains("opening the database"),
            "RUST_LOG={log:?} is quiet in the terminal: {said}"
        );
    }
    assert!(play(Some("info")).contains("opening the database"));
}

#[test]
fn an_empty_database_url_is_the_default_file_for_every_subcommand() {
    for empty in ["", "  "] {
        let dir = tempfile::tempdir().expect("temp dir");
        write_script(dir.path());
        let vars = [("DATABASE_URL", empty)];
        succeeded(&run(dir.path(), &vars, &PLAY));
        assert!(dir.path().join("aquaretto.db").exists(), "the default file");
        let record = succeeded(&run(dir.path(), &vars, &["export", "--channel", "local"]));
        let record: serde_json::Value = serde_json::from_str(&record).expect("JSON");
        assert_eq!(
            record["moves"][0]["command"], "/aq draw truck:1",
            "{record}"
        );
        let backup = dir.path().join("copy.db");
        let backup = backup.to_str().expect("utf-8 path");
        let said = succeeded(&run(dir.path(), &vars, &["backup", "--to", backup]));
        assert!(said.contains("1 game and 1 move"), "{said}");
        succeeded(&run(dir.path(), &vars, &["health"]));
    }
}

#[test]
fn the_db_flag_wins_over_the_environment() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_script(dir.path());
    let vars = [("DATABASE_URL", "sqlite://from-environment.db")];
    let mut args = PLAY.to_vec();
    args.extend(["--db", "from-flag.db"]);
    succeeded(&run(dir.path(), &vars, &args));
    assert!(dir.path().join("from-flag.db").exists());
    assert!(!dir.path().join("from-environment.db").exists());
    let said = failed(&run(dir.path(), &vars, &["health"]));
    assert!(
        said.contains("from-environment.db does not exist"),
        "{said}"
    );
    succeeded(&run(dir.path(), &vars, &["health", "--db", "from-flag.db"]));
}

#[test]
fn a_bad_value_is_refused_by_every_subcommand_naming_its_variable() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_script(dir.path());
    let expected = "Error: DISCORD_DEFER_AFTER_MS must be a whole number of milliseconds \
                    below 2500 ms (Discord drops an interaction not answered within 3 \
                    seconds), not \"abc\"";
    let subcommands: [&[&str]; 8] = [
        &[],
        &PLAY,
        &["serve"],
        &["export", "--channel", "local"],
        &["backup", "--to", "copy.db"],
        &["gallery", "--out", "pictures"],
        &["config"],
        &["health"],
    ];
    for args in subcommands {
        for token in ["", "t0ken"] {
            let vars = [
                ("DISCORD_TOKEN", token),
                ("DISCORD_DEFER_AFTER_MS", " abc "),
            ];
            let said = failed(&run(dir.path(), &vars, args));
            assert_eq!(said, expected, "{args:?}");
        }
    }
    // From .env the same, and nothing was started: no database, no copy.
    std::fs::write(dir.path().join(".env"), "DISCORD_DEFER_AFTER_MS=3000\n").expect(".env");
    let said = failed(&run(dir.path(), &[], &PLAY));
    assert!(said.ends_with("not \"3000\""), "{said}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left.len(), 2, "only the script and .env: {left:?}");
}

#[test]
fn shards_out_of_range_are_refused_before_the_bot_connects() {
    let dir = tempfile::tempdir().expect("temp dir");
    let token = [("DISCORD_TOKEN", "t0ken")];
    let said = failed(&run(
        dir.path(),
        &token,
        &["serve", "--shards", "2-5", "--shard-total", "4"],
    ));
    assert!(
        said.starts_with("Error: DISCORD_SHARDS must be a shard or a range of shards")
            && said.ends_with("not \"2-5\""),
        "{said}"
    );
    let vars = [("DISCORD_TOKEN", "t0ken"), ("DISCORD_SHARDS", "0-1")];
    let said = failed(&run(dir.path(), &vars, &["serve"]));
    assert!(
        said.starts_with("Error: DISCORD_SHARD_TOTAL must be"),
        "{said}"
    );
    // A range needs its total on the command line too.
    let out = run(dir.path(), &token, &["serve", "--shards", "0-1"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--shard-total"),
        "{}",
        text(&out.stderr)
    );
    // Nothing was started: no database.
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
}

#[test]
fn config_masks_the_token_and_shows_where_each_value_came_from() {
    let dir = tempfile::tempdir().expect("temp dir");
    let token = "MTA5ODc2NTQzMjEwOTg3NjU0Mz.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
    assert_eq!(token.len(), 72);
    std::fs::write(
        dir.path().join(".env"),
        "DISCORD_GUILD_ID=123\nDATABASE_URL=sqlite://from-dotenv.db\nRUST_LOG=\n",
    )
    .expect(".env");
    let out = run(
        dir.path(),
        &[
            ("DISCORD_TOKEN", token),
            ("DATABASE_URL", "sqlite://from-environment.db"),
            ("DISCORD_HTTP_TIMEOUT_MS", "  "),
            // Empty in the environment is unset there: `.env`'s 123 counts.
            ("DISCORD_GUILD_ID", ""),
        ],
        &["config"],
    );
    let shown = succeeded(&out);
    assert_eq!(
        shown,
        "DISCORD_TOKEN=set (72 characters, masked)  # from the environment\n\
         DATABASE_URL=sqlite://from-environment.db  # from the environment\n\
         DISCORD_GUILD_ID=123  # from .env\n\
         DISCORD_API_BASE=unset  # default (discord.com itself)\n\
         RUST_LOG=info,serenity=warn  # default when serving Discord (warn in the terminal)\n\
         DISCORD_DEFER_AFTER_MS=1500  # default\n\
         DISCORD_HTTP_TIMEOUT_MS=30000  # default\n\
         DISCORD_SHARDS=unset  # default (as many shards as Discord recommends)\n\
         DISCORD_SHARD_TOTAL=unset  # default (as many shards as Discord recommends)\n\
         WEB_ADDR=unset  # default (no web pages)\n\
         PUBLIC_URL=unset  # default (from WEB_ADDR)\n\
         WEB_SECRET=unset  # default (made once and kept in the database)\n\
         WEB_TRUSTED_PROXY=unset  # default (each connection's own address is its client)\n\
         DISCORD_CLIENT_SECRET=unset  # default (no table inside Discord: the web pages' links only)\n"
    );
    assert!(!text(&out.stderr).contains(token) && !shown.contains(&token[..20]));

    // The application's client secret, masked as the token is.
    let secret = "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345";
    let out = run(
        dir.path(),
        &[("DISCORD_CLIENT_SECRET", secret)],
        &["config"],
    );
    let shown = succeeded(&out);
    assert!(
        shown.contains(
            "\nDISCORD_CLIENT_SECRET=set (32 characters, masked)  # from the environment\n"
        ),
        "{shown}"
    );
    assert!(!shown.contains(&secret[..8]) && !text(&out.stderr).contains(&secret[..8]));
    // One that cannot be a client secret is refused, and not echoed.
    let out = run(
        dir.path(),
        &[("DISCORD_CLIENT_SECRET", "not a secret!")],
        &["config"],
    );
    let said = failed(&out);
    assert!(said.contains("DISCORD_CLIENT_SECRET must be"), "{said}");
    assert!(!said.contains("not a secret"), "{said}");

    let out = run(dir.path(), &[], &["config"]);
    let shown = succeeded(&out);
    assert!(
        shown.starts_with("DISCORD_TOKEN=unset  # default"),
        "{shown}"
    );
    assert!(shown.contains("\nDATABASE_URL=sqlite://from-dotenv.db  # from .env\n"));
    assert!(shown.contains("\nRUST_LOG=warn  # default in the terminal"));
}

#[test]
fn no_secret_is_said_by_config_or_the_log() {
    let dir = tempfile::tempdir().expect("temp dir");
    let token = "MTA5ODc2NTQzMjEwOTg3NjU0Mz.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
    // A .env line that does not parse: named by its variable, never shown.
    std::fs::write(
        dir.path().join(".env"),
        format!("RUST_LOG=info\nDISCORD_TOKEN={token} and \"more\n"),
    )
    .expect(".env");
    for args in [&["config"][..], &["health"][..], &PLAY[..]] {
        let said = failed(&run(dir.path(), &[], args));
        assert!(
            said.contains("cannot read .env: the line of DISCORD_TOKEN is no NAME=value"),
            "{args:?}: {said}"
        );
        assert!(!said.contains(&token[..12]), "{args:?}: {said}");
    }
    std::fs::remove_file(dir.path().join(".env")).expect("removed");

    // A WEB_SECRET (or token) that is no UTF-8 is refused, not echoed.
    for name in ["WEB_SECRET", "DISCORD_TOKEN"] {
        use std::os::unix::ffi::OsStrExt as _;
        let mut value = b"hunter2-the-operator's-secret-of-forty-bytes".to_vec();
        value.push(0xff);
        let out = command(dir.path(), &[], &["config"])
            .env(name, std::ffi::OsStr::from_bytes(&value))
            .output()
            .expect("the binary runs");
        let said = failed(&out);
        assert!(
            said.contains(&format!("{name} must be text (UTF-8)")) && !said.contains("hunter2"),
            "{said}"
        );
    }

    // A database password in each form PostgreSQL reads one.
    for (url, shown) in [
        (
            "postgres://bot:hunter2@127.0.0.1:1/aquaretto",
            "postgres://bot:****@127.0.0.1:1/aquaretto",
        ),
        (
            "postgres://bot@127.0.0.1:1/aquaretto?sslmode=disable&password=hunter2",
            "postgres://bot@127.0.0.1:1/aquaretto?sslmode=disable&password=****",
        ),
    ] {
        let vars = [("DATABASE_URL", url), ("RUST_LOG", "debug")];
        let config = succeeded(&run(dir.path(), &vars, &["config"]));
        assert!(
            config.contains(&format!("\nDATABASE_URL={shown}  # from the environment\n")),
            "{config}"
        );
        assert!(!config.contains("hunter2"), "{config}");
        // Nothing listens there: the failure and the log name it masked.
        let out = run(dir.path(), &vars, &["health"]);
        assert!(!out.status.success());
        let said = text(&out.stdout) + &text(&out.stderr);
        assert!(said.contains("****"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
    }
    // A key=value connection string is refused, its password masked.
    let vars = [(
        "DATABASE_URL",
        "host=127.0.0.1 port=1 user=bot password='hunter 2' dbname=aquaretto",
    )];
    let said = failed(&run(dir.path(), &vars, &["config"]));
    assert!(
        said.starts_with("Error: DATABASE_URL must be a URL such as postgres://")
            && said.contains("password=****")
            && !said.contains("hunter"),
        "{said}"
    );
}

/// A database the bot made and migrated, and nothing running on it.
async fn fresh_database(dir: &Path) -> String {
    let url = format!("sqlite://{}", dir.join("bot.db").display());
    Store::open(&url).await.expect("database opens");
    url
}

async fn change(url: &str, sql: &str) {
    let mut db = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .expect("url")
        .connect()
        .await
        .expect("database opens");
    sqlx::query(sql).execute(&mut db).await.expect("changed");
}

#[tokio::test]
async fn health_passes_on_a_fresh_migrated_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = fresh_database(dir.path()).await;
    let said = succeeded(&run(dir.path(), &[("DATABASE_URL", &url)], &["health"]));
    assert!(said.starts_with("healthy: "), "{said}");
    let migrations =
        std::fs::read_dir(env!("CARGO_MANIFEST_DIR").to_owned() + "/migrations/sqlite")
            .expect("migrations")
            .count();
    assert!(
        said.contains(&format!(
            "(0 games), its {migrations} migrations are this binary's"
        )),
        "{said}"
    );
}

#[test]
fn health_fails_on_a_missing_database_and_creates_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let said = failed(&run(dir.path(), &[], &["health"]));
    assert_eq!(said, "unhealthy: the database aquaretto.db does not exist");
    let said = failed(&run(dir.path(), &[], &["health", "--db", "elsewhere.db"]));
    assert_eq!(said, "unhealthy: the database elsewhere.db does not exist");
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
    std::fs::write(dir.path().join("notes.db"), "not a database").expect("file");
    let said = failed(&run(dir.path(), &[], &["health", "--db", "notes.db"]));
    assert!(said.contains("file is not a database"), "{said}");
}

#[tokio::test]
async fn health_fails_on_a_database_with_a_migration_this_binary_does_not_know() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = fresh_database(dir.path()).await;
    change(
        &url,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29991231000001, 'from the future', 1, x'00', 0)",
    )
    .await;
    let said = failed(&run(dir.path(), &[("DATABASE_URL", &url)], &["health"]));
    assert!(
        said.starts_with("unhealthy: the database sqlite://")
            && said.contains("has migration 29991231000001, which this binary does not know"),
        "{said}"
    );
}

#[tokio::test]
async fn health_fails_on_a_database_that_lacks_a_migration() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = fresh_database(dir.path()).await;
    let newest = std::fs::read_dir(env!("CARGO_MANIFEST_DIR").to_owned() + "/migrations/sqlite")
        .expect("migrations")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .max()
        .expect("a migration");
    let version = newest.split('_').next().expect("a version");
    change(
        &url,
        &format!("DELETE FROM _sqlx_migrations WHERE version = {version}"),
    )
    .await;
    let said = failed(&run(dir.path(), &[("DATABASE_URL", &url)], &["health"]));
    assert!(
        said.contains(&format!("lacks migration {version} (")),
        "{said}"
    );
}

#[tokio::test]
async fn health_when_serving_needs_a_recent_gateway_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = fresh_database(dir.path()).await;
    let record = dir.path().join("bot.db.gateway");
    let serving = [("DATABASE_URL", url.as_str()), ("DISCORD_TOKEN", "t0ken")];
    let local = [("DATABASE_URL", url.as_str())];

    let said = failed(&run(dir.path(), &serving, &["health"]));
    assert!(said.contains("no gateway is recorded"), "{said}");
    let said = failed(&run(dir.path(), &local, &["health", "--serving"]));
    assert!(said.contains("no gateway is recorded"), "{said}");
    succeeded(&run(dir.path(), &local, &["health"]));

    let now = SystemClock.now();
    std::fs::write(&record, rfc3339(now - 10_000) + "\n").expect("record");
    let said = succeeded(&run(dir.path(), &serving, &["health"]));
    let ago: u64 = said
        .split(", the gateway was connected ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("how long ago: {said}"));
    assert!((10..=120).contains(&ago), "{said}");

    // A record from the future (a clock set back, a file written by hand)
    // is no sign of life.
    std::fs::write(&record, rfc3339(now + 600_000) + "\n").expect("record");
    let said = failed(&run(dir.path(), &serving, &["health"]));
    assert!(said.contains("in the future"), "{said}");

    std::fs::write(&record, rfc3339(now - 180_000) + "\n").expect("record");
    let said = failed(&run(dir.path(), &serving, &["health"]));
    assert!(said.contains("more than 120 s"), "{said}");

    // A record that is a link to a fresh one elsewhere (planted) is not
    // believed.
    let elsewhere = dir.path().join("planted");
    std::fs::write(&elsewhere, rfc3339(now - 10_000) + "\n").expect("planted");
    std::fs::remove_file(&record).expect("removed");
    std::os::unix::fs::symlink(&elsewhere, &record).expect("linked");
    let said = failed(&run(dir.path(), &serving, &["health"]));
    assert!(said.contains("is not a plain file"), "{said}");
    std::fs::remove_file(&record).expect("removed");
    std::fs::rename(&elsewhere, &record).expect("moved");
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        // As root, the test can make it another user's, as a planted one is.
        let chowned = Process::new("chown")
            .args(["65534", &record.display().to_string()])
            .status()
            .expect("chown runs");
        assert!(chowned.success());
        let said = failed(&run(dir.path(), &serving, &["health"]));
        assert!(said.contains("belongs to another user"), "{said}");
    }
    std::fs::remove_file(&record).expect("removed");
    std::fs::write(&record, rfc3339(now - 180_000) + "\n").expect("record");
    let said = failed(&run(dir.path(), &local, &["health", "--serving"]));
    assert!(said.contains("more than 120 s"), "{said}");
    succeeded(&run(dir.path(), &local, &["health"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_serving_bot_records_its_gateway_for_health_until_it_stops() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bot.db").display());
    let fake = FakeDiscord::start().await;
    let base = fake.base_url();
    let vars = [
        ("DATABASE_URL", url.as_str()),
        ("DISCORD_TOKEN", "fake-token"),
        ("DISCORD_API_BASE", base.as_str()),
    ];
    let mut bot = command(dir.path(), &vars, &["serve"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let stderr = bot.stderr.take().expect("stderr");
    // The bot says when it has recorded its gateway; read its log until then.
    let reading = tokio::task::spawn_blocking(move || {
        let mut lines = BufReader::new(stderr);
        let mut said = String::new();
        loop {
            let mut line = String::new();
            if lines.read_line(&mut line).expect("stderr reads") == 0 {
                return (said, lines);
            }
            said.push_str(&line);
            if line.contains("the gateway is recorded in") {
                return (said, lines);
            }
        }
    });
    let Ok(read) = tokio::time::timeout(Duration::from_secs(60), reading).await else {
        let _ = bot.kill();
        panic!("the bot did not record its gateway within a minute");
    };
    let (said, stderr) = read.expect("the log is read");
    assert!(said.contains("the gateway is recorded in"), "{said}");

    let healthy = succeeded(&run(dir.path(), &vars, &["health"]));
    assert!(
        healthy.contains(", the gateway was connected "),
        "{healthy}"
    );
    // The record, and the database with its -wal and -shm, are the bot's
    // user's alone.
    for file in ["bot.db.gateway", "bot.db", "bot.db-wal", "bot.db-shm"] {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(dir.path().join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{file}: {mode:o}");
    }

    let sent = Process::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = tokio::task::spawn_blocking(move || bot.wait())
        .await
        .expect("waited")
        .expect("the bot stops");
    assert!(status.success(), "{status:?}");
    drop(stderr);
    let said = failed(&run(dir.path(), &vars, &["health"]));
    assert!(said.contains("no gateway is recorded"), "{said}");
}
