//! The stored format is a contract (ARCHITECTURE.md, "The stored format"):
//! `games.setup`, `games.snapshot` and `moves.action` are the engine's
//! `Setup`, `Game` and `Action` as serde JSON. A database written by an
//! earlier build, one for each released schema (tests/fixtures/old-databases/,
//! each written by that commit's own build driven through the terminal as a
//! person drives it: scripts/old-databases), opens, migrates and replays to
//! the positions that build's `export` said its games were in, on SQLite and
//! on PostgreSQL (a pg_dump written by the build against a server of its
//! own); every snapshot it wrote still reads as this build's `Game`; its
//! running games take the next move, and its lobby the next player.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;
use aquaretto_bot::command;
use aquaretto_bot::engine::Game;
use aquaretto_bot::referee::{legal_commands, Actor, Referee, Request};
use aquaretto_bot::store::Store;
use serde_json::Value;
use std::io::Read as _;
use std::path::{Path, PathBuf};

fn folder(backend: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/old-databases")
        .join(backend)
}

/// A database of an earlier build: the commit that wrote it, the file
/// (gzipped: the SQLite database, or pg_dump's SQL), and the positions it
/// said its games were in.
struct Fixture {
    commit: String,
    data: PathBuf,
    expected: Value,
}

/// The fixtures of one backend (`sqlite`, `postgres`), by commit.
fn fixtures(backend: &str) -> Vec<Fixture> {
    let dir = folder(backend);
    let mut out: Vec<Fixture> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|json| {
            let commit = json
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            let data = dir.join(format!(
                "{commit}.{}",
                if backend == "sqlite" {
                    "db.gz"
                } else {
                    "sql.gz"
                }
            ));
            let expected =
                serde_json::from_str(&std::fs::read_to_string(&json).expect("the positions read"))
                    .expect("the positions are JSON");
            Fixture {
                commit,
                data,
                expected,
            }
        })
        .collect();
    out.sort_by(|a, b| a.commit.cmp(&b.commit));
    out
}

fn gunzip(path: &Path) -> Vec<u8> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut out)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out
}

/// The fixture as a database of the test's backend, not yet opened by this
/// build: the SQLite file as the old build left it, or its dump restored
/// into a fresh PostgreSQL database. Its URL.
async fn restored(fixture: &Fixture, dir: &Path) -> String {
    let url = db::test_url(dir).await;
    if url.starts_with("postgres") {
        let dump = String::from_utf8(gunzip(&fixture.data)).expect("the dump is text");
        // psql's own commands (`\restrict`) are not SQL.
        let sql: String = dump
            .lines()
            .filter(|l| !l.starts_with('\\'))
            .map(|l| format!("{l}\n"))
            .collect();
        use sqlx::Connection as _;
        let mut conn = sqlx::PgConnection::connect(&url)
            .await
            .expect("the fresh database");
        sqlx::raw_sql(&sql)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{}: the dump does not restore: {e}", fixture.commit));
        conn.close().await.expect("closed");
    } else {
        std::fs::write(&url, gunzip(&fixture.data)).expect("the database written");
    }
    url
}

/// Where `expected` (an earlier build's record) and `actual` (this build's)
/// differ: every field the earlier record has must be the same in this
/// one, but for those the record stopped showing on purpose.
fn differences(expected: &Value, actual: &Value, at: &str, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (key, value) in e {
                let here = format!("{at}.{key}");
                match a.get(key) {
                    Some(other) => differences(value, other, &here, out),
                    None if NO_LONGER_SHOWN.contains(&key.as_str()) => {}
                    None => out.push(format!("{here}: missing (was {value})")),
                }
            }
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            for (i, (x, y)) in e.iter().zip(a).enumerate() {
                differences(x, y, &format!("{at}[{i}]"), out);
            }
        }
        _ if expected == actual => {}
        _ => out.push(format!("{at}: was {expected}, is {actual}")),
    }
}

/// Fields of the record a later build stopped showing on purpose: the seed
/// of a game (it stays out of a running game's record since practice games
/// were told apart, so that nobody reads the deal ahead); and the length of
/// the log, which scripts/old-databases keeps in place of the list of moves
/// (checked against the log itself).
const NO_LONGER_SHOWN: &[&str] = &["seed", "move_count"];

fn actor(name: &str) -> Actor {
    // The terminal's players: their id is their name in lower case.
    Actor {
        id: name.to_lowercase(),
        name: name.to_string(),
        manages_channel: true,
    }
}

async fn say(referee: &Referee, channel: &str, who: &str, text: &str) -> bool {
    let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let reply = referee
        .handle(Request {
            channel: channel.to_string(),
            guild: None,
            actor: actor(who),
            command,
            via: Default::default(),
        })
        .await;
    if !reply.accepted {
        eprintln!("{who}: {text}: {}", reply.text());
    }
    reply.accepted
}

/// Checks one fixture; what is wrong with it.
async fn check(fixture: &Fixture, dir: &Path) -> Vec<String> {
    let name = &fixture.commit;
    let url = restored(fixture, dir).await;
    let store = match Store::open(&url).await {
        Ok(store) => store,
        Err(e) => return vec![format!("{name}: does not open and migrate: {e:#}")],
    };
    let referee = Referee::new(store.clone());
    let games = fixture.expected["games"].as_array().expect("games");
    let mut wrong = Vec::new();
    for game in games {
        let channel = game["channel"].as_str().expect("a channel");
        let expected = &game["record"];
        let at = format!("{name} {channel}");
        let loaded = match referee.find_game(None, Some(channel)).await {
            Ok(Some(Ok(loaded))) => loaded,
            Ok(Some(Err(damage))) => {
                wrong.push(format!("{at}: damaged: {damage}"));
                continue;
            }
            Ok(None) => {
                wrong.push(format!("{at}: no game"));
                continue;
            }
            Err(e) => {
                wrong.push(format!("{at}: {e:#}"));
                continue;
            }
        };
        let mut found = Vec::new();
        differences(expected, &loaded.record(), &at, &mut found);
        if expected["move_count"].as_u64() != Some(loaded.log().len() as u64) {
            found.push(format!(
                "{at}: {} entries in the log, the build wrote {}",
                loaded.log().len(),
                expected["move_count"]
            ));
        }
        wrong.extend(found);
        // The snapshot the build wrote reads as this build's Game, equal to
        // the replay: a field added to Game needs `#[serde(default)]`.
        if let Some(game) = loaded.game() {
            let snapshot: Option<String> =
                sqlx::query_scalar("SELECT snapshot FROM games WHERE id = $1")
                    .bind(loaded.id())
                    .fetch_one(store.pool())
                    .await
                    .expect("the snapshot");
            match snapshot.as_deref().map(serde_json::from_str::<Game>) {
                Some(Ok(cached)) if &cached == game => {}
                Some(Ok(_)) => wrong.push(format!("{at}: the snapshot differs from the replay")),
                Some(Err(e)) => wrong.push(format!(
                    "{at}: the snapshot no longer reads as engine::Game ({e}): a field added \
                     to Game needs #[serde(default)] (ARCHITECTURE.md, the stored format)"
                )),
                None => wrong.push(format!("{at}: a started game without a snapshot")),
            }
        }
        // It goes on: the next move of a running game, the next player of
        // a lobby.
        match expected["status"].as_str() {
            Some("running") => {
                let game = loaded.game().expect("running");
                let seat = game.to_act().expect("someone acts");
                let who = &loaded.seats()[seat].name;
                let next = legal_commands(&loaded);
                let first = next.first().expect("a legal move");
                if !say(&referee, channel, who, &format!("/aq {first}")).await {
                    wrong.push(format!("{at}: {who}'s move {first} was refused"));
                }
            }
            Some("lobby") if !say(&referee, channel, "zoe", "/aq join").await => {
                wrong.push(format!("{at}: zoe could not join"));
            }
            _ => {}
        }
    }
    store.pool().close().await;
    wrong
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    every_released_schema_s_database_opens_migrates_and_replays
}
async fn every_released_schema_s_database_opens_migrates_and_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let probe = db::test_url(dir.path()).await;
    let backend = if probe.starts_with("postgres") {
        "postgres"
    } else {
        "sqlite"
    };
    let fixtures = fixtures(backend);
    let mut wrong = Vec::new();
    for (i, fixture) in fixtures.iter().enumerate() {
        let here = dir.path().join(i.to_string());
        std::fs::create_dir_all(&here).expect("a folder");
        wrong.extend(check(fixture, &here).await);
    }
    assert!(
        wrong.is_empty(),
        "databases of earlier builds that this build does not read as they were:\n{}",
        wrong.join("\n")
    );
    // Each schema released: SQLite's since the first build, PostgreSQL's
    // since it came (`git log --first-parent --diff-filter=A -- migrations/`).
    assert!(
        fixtures.len() >= if backend == "sqlite" { 14 } else { 7 },
        "a fixture for each released schema on {backend}: {} found",
        fixtures.len()
    );
}
