//! Faults, each with nothing lost, nothing doubled and a clear answer: an
//! interaction delivered twice, the database held by another process (for a
//! moment, and for too long), a full database, a read-only database, and an
//! online backup taken while moves are being played, answers Discord fails,
//! loses or never returns, and a dropped gateway.

use crate::support;

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Action, Game, Seat};
use aquaretto_bot::referee::{Actor, Loaded, Referee, Reply, Request};
use aquaretto_bot::store::{Store, StoreOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sqlx::Connection as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use support::{Table, TinyPainter, User};

const CHANNEL: &str = "faults";

fn actor(id: &str) -> Actor {
    Actor {
        id: id.to_string(),
        name: id.to_string(),
        manages_channel: false,
    }
}

async fn say_in(referee: &Referee, channel: &str, who: &str, command: Command) -> Reply {
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some("guild".into()),
            actor: actor(who),
            command,
            via: Default::default(),
        })
        .await
}

/// Opens and starts a game of `players` people in `channel`.
async fn start_in(referee: &Referee, channel: &str, players: usize, seed: u64) {
    let new = Command::New {
        removed: None,
        first: Some("p0".into()),
        seed: Some(seed),
        deck: None,
    };
    assert!(say_in(referee, channel, "p0", new).await.accepted);
    for p in 1..players {
        let who = format!("p{p}");
        assert!(say_in(referee, channel, &who, Command::Join).await.accepted);
    }
    let started = say_in(referee, channel, "p0", Command::Start).await;
    assert!(started.accepted, "{}", started.text());
}

async fn loaded(referee: &Referee, channel: &str) -> Option<Loaded> {
    referee
        .open_game(channel)
        .await
        .expect("the database answers")
        .map(|l| l.expect("the game is not damaged"))
}

/// The next random legal move of the channel's game, as (who, command).
async fn next_move(
    referee: &Referee,
    channel: &str,
    rng: &mut ChaCha8Rng,
) -> Option<(String, Command)> {
    let loaded = loaded(referee, channel).await?;
    let game = loaded.game().cloned()?;
    let seat = game.to_act()?;
    let action = random_action(&game, seat, rng)?;
    Some((
        loaded.seats()[seat].user_id.clone(),
        Command::from_action(&action, &loaded.names()),
    ))
}

/// Plays `moves` random legal moves (fewer if the game ends).
async fn play(referee: &Referee, channel: &str, moves: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..moves {
        let Some((who, command)) = next_move(referee, channel, rng).await else {
            return;
        };
        let reply = say_in(referee, channel, &who, command).await;
        assert!(reply.accepted, "{}", reply.text());
    }
}

async fn open(path: &Path, opts: &StoreOptions) -> Referee {
    let store = Store::open_with(path.to_str().expect("a UTF-8 path"), opts)
        .await
        .expect("the database opens");
    Referee::new(store)
}

async fn all_rows(referee: &Referee) -> Vec<String> {
    support::db::all_rows(referee.store().pool()).await
}

async fn integrity(path: &Path) -> String {
    let mut conn = sqlx::AnyConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("the database opens");
    sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .expect("the check runs")
}

/// Another process's connection holding the write lock until dropped or
/// committed.
async fn hold_write_lock(path: &Path) -> sqlx::AnyConnection {
    let mut other = sqlx::AnyConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("a second connection");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .expect("the lock is taken");
    other
}

/// The first legal move of the player to act, and the slash command
/// interaction that makes it.
struct FirstMove {
    before: Loaded,
    game: Game,
    seat: Seat,
    action: Action,
    who: User,
    sub: &'static str,
    options: Vec<(&'static str, Value)>,
    interaction: Value,
}

async fn first_move(t: &Table) -> FirstMove {
    let before = t.loaded().await.expect("running");
    let game = before.game().cloned().expect("started");
    let seat = game.to_act().expect("someone acts");
    let action = game.legal_actions(seat)[0].clone();
    let (sub, options) = t.options_for(&action, &before);
    let who = Table::user_of(&before, seat);
    let interaction = t.interaction(who, sub, &options);
    FirstMove {
        before,
        game,
        seat,
        action,
        who,
        sub,
        options,
        interaction,
    }
}

/// Sends an interaction whose answer the fake treats as `once` says, and
/// returns the bot's attempt to answer it, as the fake recorded it.
async fn answer_treated(
    t: &Table,
    interaction: &Value,
    once: support::fake_discord::Once,
) -> support::fake_discord::RecordedRequest {
    let path = support::fake_discord::callback_path(interaction);
    t.fake.once("POST", &path, once);
    t.fake
        .send_interaction(interaction)
        .expect("the gateway is connected");
    t.fake
        .next_request(|r| r.is_callback_for(interaction))
        .await
        .expect("the bot tries to answer")
}

/// The stored game has `moves` more log entries than `before` and is the
/// `expected` position.
async fn assert_stored(t: &Table, before: &Loaded, moves: usize, expected: &Game, why: &str) {
    let after = t.loaded().await.expect("running");
    assert_eq!(after.log().len(), before.log().len() + moves, "{why}");
    assert_eq!(after.game(), Some(expected), "{why}");
}

/// A look by `who` shows the `expected` position.
async fn assert_look_shows(t: &Table, who: User, expected: &Game, why: &str) {
    let look = t.say(who, "board", &[]).await;
    assert!(
        look.content().contains(&expected.asked().to_string()),
        "{why}: the look shows the position after the move: {}",
        look.content()
    );
}

/// A copy of an interaction already played is refused privately and
/// changes nothing.
async fn assert_copy_refused(t: &Table, interaction: &Value) {
    let rows = t.rows().await;
    let copy = t.send(interaction).await;
    assert!(copy.is_private(), "{}", copy.content());
    assert!(
        copy.content().contains("already received"),
        "{}",
        copy.content()
    );
    assert_eq!(t.rows().await, rows, "the copy changed nothing");
}

/// Discord delivers one interaction twice (as a resumed gateway may): the
/// move is played once, and the copy is answered privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_delivered_twice_is_played_once() {
    let t = Table::open(Duration::from_secs(5), TinyPainter::boxed).await;
    // Every answer direct, never deferred: Discord's window on the test's
    // clock, so that a busy machine's slow answer is not refused.
    t.fake.hold_clock();
    t.start_two_player_game(3).await;
    let FirstMove {
        before,
        who,
        sub,
        options,
        interaction,
        ..
    } = first_move(&t).await;

    let first = t.send(&interaction).await;
    assert!(
        !first.is_private(),
        "the move is played: {}",
        first.content()
    );
    let after_first = t.loaded().await.expect("running");
    assert_eq!(after_first.log().len(), before.log().len() + 1);

    assert_copy_refused(&t, &interaction).await;

    // A new interaction with the same command is judged on its own: here
    // the same player must not act again, so the game refuses it.
    let again = t.send(&t.interaction(who, sub, &options)).await;
    assert!(!again.content().contains("already received"));
}

/// Another process holds the database for a moment: the move waits it out
/// and is played, with no error shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_lock_is_waited_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    let referee = Arc::new(open(&path, &StoreOptions::default()).await);
    start_in(&referee, CHANNEL, 3, 11).await;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (who, command) = next_move(&referee, CHANNEL, &mut rng)
        .await
        .expect("a move");
    let moves = loaded(&referee, CHANNEL)
        .await
        .expect("running")
        .log()
        .len();

    let other = hold_write_lock(&path).await;
    let playing = {
        let referee = referee.clone();
        tokio::spawn(async move { say_in(&referee, CHANNEL, &who, command).await })
    };
    // The fault lasts 300 ms; the busy timeout is 5 s.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!playing.is_finished(), "the move waits for the lock");
    other.close().await.expect("the other process lets go");
    let reply = playing.await.expect("the move's task");
    assert!(reply.accepted, "{}", reply.text());
    let after = loaded(&referee, CHANNEL).await.expect("running");
    assert_eq!(after.log().len(), moves + 1);
}

/// Another process holds the database for longer than the busy timeout: the
/// move is refused privately, saying why, and nothing changes; once the
/// lock is gone the same move is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_lock_refuses_the_move_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    let opts = StoreOptions {
        busy_timeout: Duration::from_millis(200),
        ..StoreOptions::default()
    };
    let referee = open(&path, &opts).await;
    start_in(&referee, CHANNEL, 2, 12).await;
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let (who, command) = next_move(&referee, CHANNEL, &mut rng)
        .await
        .expect("a move");
    let before = all_rows(&referee).await;

    let other = hold_write_lock(&path).await;
    let reply = say_in(&referee, CHANNEL, &who, command.clone()).await;
    assert!(!reply.accepted);
    assert!(reply.private, "a refusal is private");
    assert!(reply.text().contains("busy"), "{}", reply.text());
    assert!(
        reply.text().contains("nothing was changed"),
        "{}",
        reply.text()
    );
    other.close().await.expect("the other process lets go");
    assert_eq!(all_rows(&referee).await, before, "nothing changed");

    let reply = say_in(&referee, CHANNEL, &who, command).await;
    assert!(reply.accepted, "{}", reply.text());
}

/// The database cannot grow (a full disk, here its size limit): moves are
/// refused with a clear message, the refused move changes nothing, and the
/// database passes its integrity check afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_database_refuses_moves_and_stays_intact() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    {
        let referee = open(&path, &StoreOptions::default()).await;
        start_in(&referee, CHANNEL, 4, 13).await;
        referee.store().pool().close().await;
    }
    let size = std::fs::metadata(&path).expect("the file").len();
    // Everything written so far is checkpointed into the file: it may not grow.
    let opts = StoreOptions {
        max_bytes: Some(size),
        ..StoreOptions::default()
    };
    let referee = open(&path, &opts).await;
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut refused = None;
    for _ in 0..400 {
        let Some((who, command)) = next_move(&referee, CHANNEL, &mut rng).await else {
            break;
        };
        let before = all_rows(&referee).await;
        let reply = say_in(&referee, CHANNEL, &who, command).await;
        if !reply.accepted {
            assert_eq!(
                all_rows(&referee).await,
                before,
                "the refused move changed nothing"
            );
            refused = Some(reply);
            break;
        }
    }
    let reply = refused.expect("the database fills up within 400 moves");
    assert!(reply.private);
    assert!(reply.text().contains("full"), "{}", reply.text());
    assert!(
        reply.text().contains("nothing was changed"),
        "{}",
        reply.text()
    );
    let moves = loaded(&referee, CHANNEL)
        .await
        .expect("running")
        .log()
        .len();
    referee.store().pool().close().await;
    assert_eq!(integrity(&path).await, "ok");

    // With room again, the game goes on from where it was.
    let referee = open(&path, &StoreOptions::default()).await;
    assert_eq!(
        loaded(&referee, CHANNEL)
            .await
            .expect("running")
            .log()
            .len(),
        moves
    );
    play(&referee, CHANNEL, 5, &mut rng).await;
}

/// A database that cannot be written: looks still work, moves are refused
/// with a clear message, and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_refuses_moves_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    {
        let referee = open(&path, &StoreOptions::default()).await;
        start_in(&referee, CHANNEL, 2, 14).await;
        referee.store().pool().close().await;
    }
    let opts = StoreOptions {
        read_only: true,
        ..StoreOptions::default()
    };
    let referee = open(&path, &opts).await;
    let before = all_rows(&referee).await;
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let (who, command) = next_move(&referee, CHANNEL, &mut rng)
        .await
        .expect("a move");
    let reply = say_in(&referee, CHANNEL, &who, command).await;
    assert!(!reply.accepted);
    assert!(reply.private);
    assert!(
        reply.text().contains("cannot be written"),
        "{}",
        reply.text()
    );
    let look = say_in(&referee, CHANNEL, &who, Command::Board).await;
    assert!(look.accepted, "looking still works: {}", look.text());
    assert_eq!(all_rows(&referee).await, before);
    referee.store().pool().close().await;
    assert_eq!(integrity(&path).await, "ok");
}

/// A backup taken while games are being played: it opens, passes its
/// integrity check, and every game in it replays to the state it had in the
/// running database at that many moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_backup_is_consistent_and_replays_every_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    let referee = Arc::new(open(&path, &StoreOptions::default()).await);
    let channels: Vec<String> = (0..4).map(|c| format!("table-{c}")).collect();
    for (c, channel) in channels.iter().enumerate() {
        start_in(&referee, channel, 2 + c % 4, 20 + c as u64).await;
    }
    // Moves go on in every channel while the backup is made.
    let players = {
        let referee = referee.clone();
        let channels = channels.clone();
        tokio::spawn(async move {
            let mut rng = ChaCha8Rng::seed_from_u64(20);
            for _ in 0..60 {
                for channel in &channels {
                    play(&referee, channel, 1, &mut rng).await;
                }
            }
        })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    let to = dir.path().join("backup.db");
    let report = referee.store().backup_to(&to).await.expect("the backup");
    players.await.expect("the players");
    assert!(report.games == 4 && report.moves > 0, "{report:?}");
    {
        // It holds the web pages' signing secret: its owner's alone.
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&to)
            .expect("the backup")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
    assert!(
        referee.store().backup_to(&to).await.is_err(),
        "a backup never overwrites a file"
    );

    let copy = open(
        &to,
        &StoreOptions {
            read_only: true,
            ..StoreOptions::default()
        },
    )
    .await;
    assert_eq!(integrity(&to).await, "ok");
    let mut moves = 0;
    for channel in &channels {
        let backed_up = loaded(&copy, channel)
            .await
            .expect("the game is in the backup");
        let live = loaded(&referee, channel).await.expect("the game runs");
        let n = backed_up.log().len();
        moves += n;
        assert!(n <= live.log().len());
        assert_eq!(
            backed_up.log(),
            &live.log()[..n],
            "{channel}: the log is a prefix"
        );
        let in_force: Vec<_> = backed_up
            .live(n)
            .expect("the moves in force")
            .iter()
            .map(|(m, a)| (m.seat, (*a).clone()))
            .collect();
        let replayed = aquaretto_bot::render::replay_prefix(
            backed_up.setup().expect("a setup"),
            &in_force,
            in_force.len(),
        )
        .expect("the backup's moves replay")
        .0;
        assert_eq!(
            backed_up.game(),
            Some(&replayed),
            "{channel}: the backup's game is its log replayed"
        );
    }
    assert_eq!(moves as i64, report.moves);
}

/// `aquaretto-bot backup --to FILE` from the terminal.
#[test]
fn the_backup_command_writes_a_checked_copy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.db");
    let to = dir.path().join("copy.db");
    let bin = env!("CARGO_BIN_EXE_aquaretto-bot");
    let played = std::process::Command::new(bin)
        .args([
            "play",
            "--players",
            "cpu,cpu:easy",
            "--seed",
            "5",
            "--script",
            "-",
        ])
        .arg("--db")
        .arg(&db)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(played.status.success(), "{played:?}");
    let out = std::process::Command::new(bin)
        .arg("backup")
        .arg("--db")
        .arg(&db)
        .arg("--to")
        .arg(&to)
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(text.contains("Backed up 1 game and "), "{text}");
    assert!(text.contains("integrity check"), "{text}");
    assert!(to.exists());
    let again = std::process::Command::new(bin)
        .arg("backup")
        .arg("--db")
        .arg(&db)
        .arg("--to")
        .arg(&to)
        .output()
        .expect("the binary runs");
    assert!(
        !again.status.success(),
        "an existing file is not overwritten"
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
}

/// The fake Discord fails the answer to a move: a server error, a rate
/// limit (with `retry_after`), or the answer lost on its way back. The move
/// stays committed, and the next look shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_answer_leaves_the_move_committed() {
    use support::fake_discord::Once;
    let t = Table::open(Duration::from_secs(5), TinyPainter::boxed).await;
    // Every answer direct, never deferred: Discord's window on the test's
    // clock, so that a busy machine's slow answer is not refused.
    t.fake.hold_clock();
    t.start_two_player_game(5).await;
    let failures = [
        Once::Fail(
            500,
            serde_json::json!({"message": "500: Internal Server Error", "code": 0}),
        ),
        Once::Fail(
            429,
            serde_json::json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false}),
        ),
        Once::LoseAnswer(502),
    ];
    for failure in failures {
        let FirstMove {
            before,
            game,
            seat,
            action,
            who,
            interaction,
            ..
        } = first_move(&t).await;
        let why = format!("{failure:?}");
        let answered = answer_treated(&t, &interaction, failure).await;
        assert!(answered.status >= 400, "{why}: the answer failed");
        // The move was committed before the answer was tried.
        let mut replayed = game.clone();
        replayed.apply(seat, &action).expect("legal");
        assert_stored(&t, &before, 1, &replayed, &why).await;
        assert_look_shows(&t, who, &replayed, &why).await;
    }
}

/// Discord never answers the bot's answer to a move: the call hangs. The
/// move is committed already and shows at once; the next player moves
/// while the call is still held; the bot gives the call up at its time
/// limit (its task is not held forever), and the next look shows both moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_never_returns_is_given_up_and_the_move_stays() {
    use support::fake_discord::{callback_path, Once};
    let mut t = Table::open(Duration::from_secs(5), TinyPainter::boxed).await;
    // Every answer direct, never deferred: Discord's window on the test's
    // clock, so that a busy machine's slow answer is not refused.
    t.fake.hold_clock();
    t.http_timeout = Duration::from_millis(800);
    t.restart().await;
    t.start_two_player_game(5).await;
    let FirstMove {
        before,
        game,
        seat,
        action,
        interaction,
        ..
    } = first_move(&t).await;
    let held = answer_treated(&t, &interaction, Once::Hang).await;
    assert_eq!(held.status, 0, "the answer is held open, not answered");
    let mut replayed = game.clone();
    replayed.apply(seat, &action).expect("legal");
    assert_stored(&t, &before, 1, &replayed, "committed").await;

    let next = first_move(&t).await;
    let answer = t.send(&next.interaction).await;
    assert!(!answer.is_private(), "{}", answer.content());
    replayed
        .apply(next.seat, &next.action)
        .expect("the next move is legal");
    assert_stored(&t, &before, 2, &replayed, "both moves, once each").await;

    t.fake
        .given_up("POST", &callback_path(&interaction))
        .await
        .expect("the bot gives the held call up");
    assert_look_shows(&t, next.who, &replayed, "both moves").await;
}

/// The gateway drops the connection and the bot resumes its session; the
/// interaction that was in flight is delivered again after the resume (as
/// Discord replays missed events): it is refused as a copy, and the move
/// stays played once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_dropped_gateway_resumes_a_replayed_interaction_is_played_once() {
    let t = Table::open(Duration::from_secs(5), TinyPainter::boxed).await;
    // Every answer direct, never deferred: Discord's window on the test's
    // clock, so that a busy machine's slow answer is not refused.
    t.fake.hold_clock();
    t.start_two_player_game(8).await;
    let FirstMove {
        before,
        who,
        interaction,
        ..
    } = first_move(&t).await;
    let played = t.send(&interaction).await;
    assert!(!played.is_private(), "{}", played.content());

    assert_eq!(t.fake.resumes(), 0);
    t.fake.drop_gateway().expect("a session to drop");
    // The bot reconnects on its own.
    t.fake
        .wait_resumed(0, Duration::from_secs(20))
        .await
        .expect("the bot resumes within 20 s");
    assert_copy_refused(&t, &interaction).await;
    let after = t.loaded().await.expect("running");
    assert_eq!(after.log().len(), before.log().len() + 1, "played once");

    // The resumed session carries new interactions as before.
    let look = t.say(who, "board", &[]).await;
    assert!(look.content().contains("Game #"), "{}", look.content());
}
