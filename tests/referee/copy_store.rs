//! `aquaretto-bot copy-store`: a SQLite database holding finished, running
//! and lobby games, undos, settings, people's choices and scheduled messages
//! copied into PostgreSQL (a throwaway server of the system's) and back; the
//! copies replay to the same states, the round trip is the original byte for
//! byte, a non-empty target is refused and left as it was, and the bot plays
//! on in the copy.

use crate::support::tiers::Tier;
use crate::support::{self, db};

use aquaretto_bot::clock::{ManualClock, Millis};
use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::Command as Process;
use std::sync::Arc;

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");
const EPOCH: Millis = 1_790_000_000_000;

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

async fn say(referee: &Referee, channel: &str, who: &str, text: &str) -> Reply {
    let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some("guild-1".into()),
            actor: actor(who),
            command,
            via: Default::default(),
        })
        .await
}

async fn ok(referee: &Referee, channel: &str, who: &str, text: &str) -> Reply {
    let reply = say(referee, channel, who, text).await;
    assert!(reply.accepted, "{who}: {text}: {}", reply.text());
    reply
}

/// The game open in `channel`, loaded.
async fn running(referee: &Referee, channel: &str) -> aquaretto_bot::referee::Loaded {
    referee
        .open_game(channel)
        .await
        .expect("database")
        .expect("an open game")
        .expect("not damaged")
}

/// Plays `moves` legal moves (or to the end, if fewer remain) of the game
/// in `channel`.
async fn play(referee: &Referee, channel: &str, moves: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..moves {
        let loaded = running(referee, channel).await;
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { return };
        let action = random_action(game, seat, rng).expect("a legal move");
        let text = Command::from_action(&action, &loaded.names()).to_text();
        let reply = ok(referee, channel, &loaded.seats()[seat].name, &text).await;
        if reply.text().contains("final score")
            || referee.open_game(channel).await.expect("db").is_none()
        {
            return;
        }
    }
}

async fn referee_on(url: &str, clock: &ManualClock) -> Referee {
    Referee::new(Store::open(url).await.expect("store opens")).with_clock(Arc::new(clock.clone()))
}

/// A database with a finished game, a running one with an undo, its own
/// settings, a kick vote's wait and a reminder queued, a lobby, and people's
/// choices.
async fn a_server_database(url: &str) {
    let clock = ManualClock::new(EPOCH);
    let referee = referee_on(url, &clock).await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Finished.
    ok(&referee, "done", "ana", "/aq new").await;
    ok(&referee, "done", "ben", "/aq join").await;
    ok(&referee, "done", "ana", "/aq start").await;
    play(&referee, "done", 10_000, &mut rng).await;
    assert!(
        referee.open_game("done").await.expect("db").is_none(),
        "finished"
    );
    // Running, with settings, an undo, a computer seat, alerts and a reminder.
    ok(&referee, "live", "cy", "/aq new").await;
    ok(&referee, "live", "ana", "/aq join").await;
    ok(&referee, "live", "cy", "/aq addbot level:easy").await;
    ok(
        &referee,
        "live",
        "cy",
        "/aq settings reminders:1h turn_limit:2d hints:false",
    )
    .await;
    ok(&referee, "live", "ana", "/aq notify dm:true").await;
    ok(&referee, "live", "cy", "/aq start").await;
    play(&referee, "live", 5, &mut rng).await;
    let loaded = running(&referee, "live").await;
    let seat = loaded
        .game()
        .as_ref()
        .and_then(|g| g.to_act())
        .expect("someone acts");
    let who = loaded.seats()[seat].name.clone();
    let game = loaded.game().expect("started");
    let action = random_action(game, seat, &mut rng).expect("a move");
    let text = Command::from_action(&action, &loaded.names()).to_text();
    ok(&referee, "live", &who, &text).await;
    let _ = say(&referee, "live", &who, "/aq undo").await;
    clock.advance(std::time::Duration::from_secs(2 * 3600));
    referee
        .queue_due_reminders(aquaretto_bot::clock::Clock::now(&clock))
        .await
        .expect("reminders queued");
    // A lobby.
    ok(&referee, "wait", "dee", "/aq new").await;
    ok(&referee, "wait", "eve", "/aq join").await;
    ok(&referee, "wait", "dee", "/aq language set:ja").await;
}

/// The binary run in `dir` with `args`, no configuration from outside.
fn tool(dir: &Path, args: &[&str]) -> std::process::Output {
    Process::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("the binary runs")
}

fn copy_store(from: &str, to: &str, dir: &Path) -> std::process::Output {
    tool(dir, &["copy-store", "--from", from, "--to", to])
}

/// What a run that must succeed printed.
fn succeeded(out: &std::process::Output) -> String {
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    said
}

#[tokio::test]
async fn a_server_moves_to_postgresql_and_back_and_plays_on() {
    if !support::tiers::available(Tier::Postgres) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let sqlite = dir
        .path()
        .join("server.db")
        .to_str()
        .expect("utf-8")
        .to_string();
    a_server_database(&sqlite).await;
    let original = db::all_rows(Store::open(&sqlite).await.expect("opens").pool()).await;
    let tables_with_rows: std::collections::BTreeSet<&str> = original
        .iter()
        .filter_map(|r| r.split(':').next())
        .collect();
    for table in [
        "games",
        "seats",
        "moves",
        "outbox",
        "people",
        "results",
        "player_totals",
    ] {
        assert!(
            tables_with_rows.contains(table),
            "the source has rows in {table}"
        );
    }

    let cluster = support::postgres::cluster();
    let postgres = cluster.fresh_database().await;
    let said = succeeded(&copy_store(&sqlite, &postgres, dir.path()));
    assert!(
        said.contains("3 games, each replaying to the same state in both"),
        "{said}"
    );

    // Copied again onto the same target: refused, the target unchanged.
    let copied = db::all_rows(Store::open(&postgres).await.expect("opens").pool()).await;
    assert_eq!(copied.len(), original.len(), "every row copied");
    let again = copy_store(&sqlite, &postgres, dir.path());
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("the target already holds"), "{err}");
    assert_eq!(
        db::all_rows(Store::open(&postgres).await.expect("opens").pool()).await,
        copied
    );

    // The tools on PostgreSQL: health reads it; backup names pg_dump.
    let said = succeeded(&tool(dir.path(), &["health", "--db", &postgres]));
    let migrations =
        std::fs::read_dir(env!("CARGO_MANIFEST_DIR").to_owned() + "/migrations/postgres")
            .expect("migrations")
            .count();
    assert!(
        said.contains(&format!(
            "answers (3 games), its {migrations} migrations are this binary's"
        )),
        "{said}"
    );
    let backup = tool(
        dir.path(),
        &["backup", "--db", &postgres, "--to", "copy.dump"],
    );
    let err = String::from_utf8_lossy(&backup.stderr);
    assert!(!backup.status.success());
    assert!(
        err.contains("pg_dump --format=custom --file=copy.dump"),
        "{err}"
    );
    assert!(!dir.path().join("copy.dump").exists(), "nothing written");

    // A source that does not exist is refused, and nothing is created.
    let missing = copy_store("nowhere.db", &postgres, dir.path());
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(!missing.status.success());
    assert!(
        err.contains("the database nowhere.db does not exist"),
        "{err}"
    );
    assert!(!dir.path().join("nowhere.db").exists());

    // And back into a new SQLite file: the original, byte for byte.
    let back = dir
        .path()
        .join("back.db")
        .to_str()
        .expect("utf-8")
        .to_string();
    succeeded(&copy_store(&postgres, &back, dir.path()));
    assert_eq!(
        db::all_rows(Store::open(&back).await.expect("opens").pool()).await,
        original
    );

    // The bot plays on in the PostgreSQL copy: the running game takes its
    // next move, the lobby starts, and a new game gets a new id.
    let clock = ManualClock::new(EPOCH + 3 * 3_600_000);
    let referee = referee_on(&postgres, &clock).await;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let before = running(&referee, "live").await.seq();
    play(&referee, "live", 1, &mut rng).await;
    let after = running(&referee, "live").await.seq();
    assert!(after > before, "a move was played in the copy");
    ok(&referee, "wait", "dee", "/aq start").await;
    let new = ok(&referee, "fresh", "fay", "/aq new").await;
    assert_eq!(new.game_id, Some(4), "ids continue after the copied ones");
}
