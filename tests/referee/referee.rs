//! The referee through a real SQLite file: whole games, every lobby path,
//! refusals that change nothing (byte for byte in the game's rows), and racing
//! commands that never lose or double a move.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;

use sqlx::Row;

use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Game, Setup};
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::Store;
use std::sync::Arc;
use tempfile::TempDir;

struct Table {
    referee: Referee,
    _dir: TempDir,
    /// What was said at the table, refusals and answers in order: the
    /// tests that read the referee's words compare it with a snapshot.
    said: std::sync::Mutex<String>,
}

async fn table() -> Table {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    Table {
        referee: Referee::new(store),
        _dir: dir,
        said: Default::default(),
    }
}

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

impl Table {
    async fn say_in(&self, channel: &str, who: &Actor, text: &str) -> Reply {
        let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.referee
            .handle(Request {
                channel: channel.to_string(),
                guild: Some("guild-1".into()),
                actor: who.clone(),
                command,
                via: Default::default(),
            })
            .await
    }

    async fn say(&self, who: &str, text: &str) -> Reply {
        self.say_in("chan-1", &actor(who), text).await
    }

    async fn ok(&self, who: &str, text: &str) -> Reply {
        let reply = self.say(who, text).await;
        assert!(
            reply.accepted,
            "{who}: {text} was refused: {}",
            reply.text()
        );
        self.note(who, text, "", &reply.text());
        reply
    }

    /// Adds an exchange to [`Table::said`].
    fn note(&self, who: &str, text: &str, how: &str, answer: &str) {
        let mut said = self.said.lock().expect("transcript");
        let answer = answer.trim_end().replace('\n', "\n    ");
        said.push_str(&format!("{who}> {text}\n  {how}{answer}\n"));
    }

    /// Everything said at the table so far.
    fn transcript(&self) -> String {
        self.said.lock().expect("transcript").clone()
    }

    async fn no(&self, who: &str, text: &str) -> String {
        let before = self.rows().await;
        let reply = self.say(who, text).await;
        assert!(
            !reply.accepted,
            "{who}: {text} was accepted: {}",
            reply.text()
        );
        assert!(reply.private, "refusals are private");
        assert_eq!(
            self.rows().await,
            before,
            "{who}: {text} changed the database"
        );
        self.note(who, text, "refused, privately: ", &reply.text());
        reply.text()
    }

    /// Every row of every table, as text: byte-for-byte comparisons.
    async fn rows(&self) -> Vec<String> {
        db::all_rows(self.referee.store().pool()).await
    }

    async fn game(&self) -> Game {
        let loaded = self
            .referee
            .find_game(None, Some("chan-1"))
            .await
            .expect("database")
            .expect("a game")
            .expect("not damaged");
        loaded.game().cloned().expect("started")
    }

    /// Opens a game with these players and starts it.
    async fn started(&self, names: &[&str], options: &str) {
        self.ok(names[0], &format!("/aq new {options}")).await;
        for n in &names[1..] {
            self.ok(n, "/aq join").await;
        }
        self.ok(names[0], "/aq start").await;
    }
}

/// Plays the random game of the engine's playout through the referee.
async fn whole_game(names: &[&str], seed: u64) {
    let t = table().await;
    t.started(names, &format!("seed:{seed} first:{}", names[0]))
        .await;
    let mut setup = Setup::new(names.iter().copied(), seed);
    setup.first = Some(names[0].to_string());
    let (expected, log) = random_game(setup, seed);
    let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut last = None;
    for (seat, action) in &log {
        let text = Command::from_action(action, &seat_names).to_text();
        last = Some(t.ok(names[*seat], &text).await);
    }
    let game = t.game().await;
    assert_eq!(game, expected, "the stored game equals the engine's");
    assert!(game.is_over());
    let last = last.expect("some moves");
    assert!(last.text().contains("The game is over"), "{}", last.text());
    assert!(
        last.text().contains("total"),
        "the final reply shows the scores: {}",
        last.text()
    );
    // Finished games stay for history; the channel is free again.
    let games = t.ok(names[0], "/aq games").await;
    assert!(games.text().contains("finished"), "{}", games.text());
    assert!(games.text().contains("won by"), "{}", games.text());
    let history = t.ok(names[1], "/aq history move:1").await;
    assert!(history.text().contains("move 1 of"), "{}", history.text());
    t.ok(names[1], "/aq new").await;
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_whole_scripted_game_for_two_players
}
async fn a_whole_scripted_game_for_two_players() {
    whole_game(&["ana", "ben"], 21).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_whole_scripted_game_for_five_players
}
async fn a_whole_scripted_game_for_five_players() {
    whole_game(&["ana", "ben", "cy", "dee", "eli"], 55).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    every_lobby_path
}
async fn every_lobby_path() {
    let t = table().await;
    t.no("ana", "/aq join").await;
    t.no("ana", "/aq start").await;
    t.ok("ana", "/aq new removed:\"penguin hippo\" first:cy seed:5")
        .await;
    t.no("ben", "/aq new").await;
    t.no("ana", "/aq join").await;
    t.no("ana", "/aq start").await;
    t.ok("ben", "/aq join").await;
    t.no("ben", "/aq start").await;
    t.no("ana", "/aq start").await;
    t.ok("cy", "/aq join").await;
    t.no("zed", "/aq leave").await;
    t.ok("dee", "/aq join").await;
    t.ok("eli", "/aq join").await;
    t.no("fay", "/aq join").await;
    // With 5 players nothing may be removed.
    t.no("ana", "/aq start").await;
    t.ok("dee", "/aq leave").await;
    t.ok("eli", "/aq leave").await;
    // The creator leaves: the lobby passes on.
    t.ok("ana", "/aq leave").await;
    t.ok("ana", "/aq join").await;
    let start = t.ok("ben", "/aq start").await;
    assert_eq!(
        start.mention.as_deref(),
        Some("id-cy"),
        "the first player is pinged"
    );
    let game = t.game().await;
    assert_eq!(game.removed().len(), 2);
    t.no("dee", "/aq join").await;
    // Abandon: the creator or a channel manager, nobody else.
    t.no("ana", "/aq abandon").await;
    let mut admin = actor("mod");
    admin.manages_channel = true;
    let reply = t.say_in("chan-1", &admin, "/aq abandon").await;
    assert!(reply.accepted, "{}", reply.text());
    t.note("mod", "/aq abandon", "", &reply.text());
    // The channel is free again; the last one out closes a lobby.
    t.ok("cy", "/aq new").await;
    t.ok("cy", "/aq leave").await;
    let games = t.ok("cy", "/aq games").await;
    // Every word of the lobby, refusals and answers, in order (the times
    // the games list shows are the wall clock's).
    insta::with_settings!({filters => vec![(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "[time]")]}, {
        insta::assert_snapshot!("every_lobby_path", t.transcript());
    });
    // Each game's number stands out on Discord (its markup, not the referee's).
    let on_discord = aquaretto_bot::discord::message::said(&games.lang, &games.words);
    assert!(
        on_discord.contains("**#1** abandoned") && on_discord.contains("**#2** abandoned"),
        "{on_discord}"
    );
    assert!(!games.text().contains("**"), "{}", games.text());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    refusals_change_nothing_in_the_database
}
async fn refusals_change_nothing_in_the_database() {
    let t = table().await;
    t.started(&["ana", "ben"], "seed:8 first:ana").await;
    // Each refusal changes no row (`Table::no`); what each says is in the
    // snapshot.
    let before = t.transcript().len();
    t.no("ben", "/aq draw truck:1").await;
    t.no("zed", "/aq draw truck:1").await;
    t.no("ana", "/aq draw truck:9").await;
    t.no("ana", "/aq place at:K11").await;
    t.no("ana", "/aq buy from:zed at:K11").await;
    t.no("ana", "/aq move from:trainer to:K11").await;
    t.ok("ana", "/aq draw truck:1").await;
    t.ok("ben", "/aq take truck:1").await;
    t.no("ben", "/aq place at:A1").await;
    t.no("ben", "/aq place at:I9").await;
    insta::assert_snapshot!(
        "refusals_change_nothing_in_the_database",
        t.transcript()[before..].to_string()
    );
    // Unknown commands and options never reach the referee: the parser refuses.
    assert!(command::parse("/aq fly").is_err());
    assert!(command::parse("/aq take lorry:1").is_err());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_finished_game_takes_no_more_moves
}
async fn a_finished_game_takes_no_more_moves() {
    let t = table().await;
    let deck = "orca reserve dolphin sealion";
    t.started(&["ana", "ben"], &format!("first:ana deck:\"{deck}\""))
        .await;
    t.ok("ana", "/aq draw truck:3").await;
    t.ok("ben", "/aq draw truck:3").await;
    t.ok("ana", "/aq take truck:3").await;
    t.ok("ana", "/aq place at:K11 tile:1").await;
    t.ok("ana", "/aq place at:J9 tile:2").await;
    t.ok("ben", "/aq draw truck:1").await;
    t.ok("ben", "/aq take truck:1").await;
    let last = t.ok("ben", "/aq place at:K11").await;
    assert!(last.text().contains("The game is over"), "{}", last.text());
    // Not "no game is running", which reads as if the game were lost: what
    // became of it, who won, and how to see it or start another.
    let why = t.no("ana", "/aq draw truck:1").await;
    assert!(why.starts_with("Game #1 has ended: "), "{why}");
    assert!(
        why.contains(" won with ") && why.contains(" points"),
        "{why}"
    );
    assert!(
        why.contains("/aq board") && why.contains("/aq history") && why.contains("/aq game new"),
        "{why}"
    );
    let board = t.ok("ana", "/aq board").await;
    assert!(board.text().contains("(finished)"), "{}", board.text());
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    racing_moves_are_never_lost_or_doubled
}
async fn racing_moves_are_never_lost_or_doubled() {
    let t = Arc::new(table().await);
    t.started(&["ana", "ben", "cy"], "seed:99 first:ana").await;
    let names = ["ana", "ben", "cy"];
    let mut tasks = Vec::new();
    for task in 0..32 {
        let t = Arc::clone(&t);
        tasks.push(tokio::spawn(async move {
            let me = names[task % 3];
            let seat = task % 3;
            let mut accepted = 0;
            // 40 tries each, however long the task waits for its seat's
            // turn (a look that finds another seat to act is no try: on a
            // slower store, the looks would use up the tries).
            let (mut round, mut looks) = (0, 0);
            while round < 40 && looks < 400 {
                looks += 1;
                let game = t.game().await;
                if game.is_over() {
                    break;
                }
                let legal = game.legal_actions(seat);
                if legal.is_empty() {
                    tokio::task::yield_now().await;
                    continue;
                }
                round += 1;
                // Every task of a seat tries the same kind of move at once.
                let action = &legal[(task + round) % legal.len()];
                let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
                let text = Command::from_action(action, &seat_names).to_text();
                if t.say(me, &text).await.accepted {
                    accepted += 1;
                }
            }
            accepted
        }));
    }
    let mut accepted = 0;
    for task in tasks {
        accepted += task.await.expect("task");
    }
    assert!(accepted > 10, "the tasks played ({accepted} moves)");
    let pool = t.referee.store().pool();
    let (count, max_seq, move_count): (i64, i64, i64) = {
        let row = sqlx::query("SELECT COUNT(*), MAX(seq), (SELECT move_count FROM games WHERE id = 1) FROM moves WHERE game_id = 1")
            .fetch_one(pool)
            .await
            .expect("query");
        (row.get(0), row.get(1), row.get(2))
    };
    assert_eq!(
        count, accepted as i64,
        "every accepted move is in the log once"
    );
    assert_eq!(max_seq, count, "no gaps in the log");
    assert_eq!(move_count, count);
    // Loading replays the log and checks the snapshot: it must agree.
    let game = t.game().await;
    assert_eq!(game.moves() as i64, count);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_log_is_the_truth_and_a_log_that_no_longer_replays_is_not_played_on
}
/// The log is the truth, the snapshot its cache (ARCHITECTURE.md, the
/// stored format): a snapshot that disagrees with the log, or that this
/// build cannot read, is not damage, and the next move writes it again;
/// only a log that no longer replays is.
async fn the_log_is_the_truth_and_a_log_that_no_longer_replays_is_not_played_on() {
    let t = table().await;
    t.started(&["ana", "ben"], "seed:12 first:ana").await;
    t.ok("ana", "/aq draw truck:1").await;
    t.ok("ben", "/aq draw truck:3").await;
    let pool = t.referee.store().pool();
    let position = || async {
        let loaded = t
            .referee
            .open_game("chan-1")
            .await
            .expect("db")
            .expect("a game");
        loaded
            .expect("not damaged")
            .game()
            .cloned()
            .expect("started")
    };
    let truth = position().await;
    // The cached state edited by hand, then made unreadable: the game goes
    // on from its log.
    let other = truth.clone().named(&["zed".to_string(), "yan".to_string()]);
    let other = serde_json::to_string(&other).expect("serializes");
    for snapshot in [other.as_str(), r#"{"players":"not a game"}"#] {
        sqlx::query("UPDATE games SET snapshot = $1 WHERE id = 1")
            .bind(snapshot)
            .execute(pool)
            .await
            .expect("edit");
        assert_eq!(position().await, truth, "the log's replay stands");
        t.ok("ana", "/aq board").await;
    }
    t.ok("ana", "/aq take truck:1").await;
    let written: String = sqlx::query_scalar("SELECT snapshot FROM games WHERE id = 1")
        .fetch_one(pool)
        .await
        .expect("snapshot");
    let written: Game = serde_json::from_str(&written).expect("the next move writes it again");
    assert_eq!(written, position().await);
    // A log move that no longer applies is damage.
    sqlx::query(r#"UPDATE moves SET action = '{"action":"take","truck":3}' WHERE seq = 1"#)
        .execute(pool)
        .await
        .expect("edit");
    let why = t.no("ben", "/aq draw truck:1").await;
    assert!(why.contains("Game #1 cannot go on"), "{why}");
    assert!(why.contains("move 1 of its log no longer applies"), "{why}");
    let why = t.no("ana", "/aq board").await;
    assert!(why.contains("cannot go on"), "{why}");
    // And so is an entry this build cannot read.
    sqlx::query(r#"UPDATE moves SET action = '{"action":"fly"}' WHERE seq = 1"#)
        .execute(pool)
        .await
        .expect("edit");
    let why = t.no("ben", "/aq draw truck:1").await;
    assert!(why.contains("entry 1 of its log cannot be read"), "{why}");
}
