//! After the game, through the real bot and the fake Discord: the final
//! table carries the score card and **Rematch**; a tap opens the next game
//! with the same players, settings and language, the seats turned; the
//! others confirm with **Join** and it starts when all have, or its creator
//! starts it with those present; every refusal is private and changes
//! nothing.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::view::score_card::Decided;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord as fd;
use support::{Answer, Table, User, ALICE, BOB, CAROL, DAVE};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A short stacked deck: a game ends after a few moves.
const SHORT_DECK: &str = "orca reserve dolphin sealion";

async fn table() -> Table {
    Table::open(Duration::from_secs(2), support::render_painter).await
}

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

fn assert_public(answer: &Answer, what: &str) {
    assert!(!answer.is_private(), "{what}: {}", answer.content());
}

/// The labels of a message's controls.
fn labels(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["label"].as_str().map(str::to_string))
        .collect()
}

/// The id of the control of a message labelled `label`.
fn button(message: &Value, label: &str) -> String {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["label"] == label)
        .and_then(|c| c["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no control '{label}' on {message:#}"))
}

/// A press that is refused: private, no picture, nothing changed.
async fn refused_press(t: &Table, who: User, message: &Value, id: &str) -> String {
    let before = t.rows().await;
    let answer = t.press(who, message, id, None).await;
    assert!(answer.is_private(), "{id}: public: {}", answer.content());
    assert!(answer.pngs().is_empty());
    assert_eq!(t.rows().await, before, "{id} changed the database");
    answer.content().to_string()
}

/// A slash command that is refused: private, nothing changed.
async fn refused_say(t: &Table, who: User, sub: &str) -> String {
    let before = t.rows().await;
    let answer = t.say(who, sub, &[]).await;
    assert!(answer.is_private(), "{sub}: public: {}", answer.content());
    assert_eq!(t.rows().await, before, "{sub} changed the database");
    answer.content().to_string()
}

/// Opens a practice game of the short deck with `people` (the first opens
/// it and starts) and `bots` computer players of these levels seated after
/// the first person, `first` to play; plays it to the end with random legal
/// moves. Returns the final answer's message.
async fn played_to_the_end(
    t: &Table,
    people: &[User],
    bots: &[&str],
    seed: u64,
    language: Option<&str>,
) -> Value {
    let opener = people[0];
    let opened = t
        .say(
            opener,
            "new",
            &[
                ("first", fd::user_option(opener.id, opener.name)),
                ("deck", json!(SHORT_DECK)),
            ],
        )
        .await;
    assert_public(&opened, "new");
    if let Some(code) = language {
        let set = t
            .say(opener, "settings", &[("language", json!(code))])
            .await;
        assert_public(&set, "language");
    }
    for level in bots {
        let added = t
            .say(
                opener,
                "addbot",
                &[("level", t.choice_value("addbot", "level", level))],
            )
            .await;
        assert_public(&added, "addbot");
    }
    for who in &people[1..] {
        assert_public(&t.say(*who, "join", &[]).await, "join");
    }
    let mut last = t.say(opener, "start", &[]).await;
    assert_public(&last, "start");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started").clone();
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        let (sub, options) = t.options_for(&action, &loaded);
        last = t.say(who, sub, &options).await;
        assert_public(&last, "a legal move");
    }
    // The final message: the table, the score card beside it, and Rematch.
    let names: Vec<&str> = last
        .pngs()
        .iter()
        .map(|f| f.filename.as_deref().unwrap_or_default())
        .collect();
    assert_eq!(names, ["table.png", "score.png"], "{}", last.content());
    last.created.first().expect("the final message").clone()
}

/// The channel's game, whatever its state.
async fn latest(t: &Table) -> aquaretto_bot::referee::Loaded {
    t.referee
        .find_game(None, Some(&support::CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_tap_on_rematch_turns_the_seats_and_the_game_starts_when_all_have_joined
}
async fn a_tap_on_rematch_turns_the_seats_and_the_game_starts_when_all_have_joined() {
    let t = table().await;
    // alice opens, with settings of her own: no hints, reminders every 30
    // minutes, a slow clock; seats: alice, Easy bot, bob, carol; alice
    // starts.
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("first", fd::user_option(ALICE.id, ALICE.name)),
                ("deck", json!(SHORT_DECK)),
            ],
        )
        .await;
    assert_public(&opened, "new");
    assert_public(
        &t.say(
            ALICE,
            "settings",
            &[
                ("hints", json!(false)),
                ("reminders", json!("30m")),
                ("away", json!("6h")),
                ("clock", t.choice_value("settings", "clock", "slow")),
                ("vacations", json!(false)),
            ],
        )
        .await,
        "settings",
    );
    assert_public(
        &t.say(
            ALICE,
            "addbot",
            &[("level", t.choice_value("addbot", "level", "easy"))],
        )
        .await,
        "addbot",
    );
    assert_public(&t.say(BOB, "join", &[]).await, "bob joins");
    assert_public(&t.say(CAROL, "join", &[]).await, "carol joins");
    assert_public(&t.say(ALICE, "start", &[]).await, "start");
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let mut last = None;
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started").clone();
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(who, sub, &options).await;
        assert_public(&answer, "a legal move");
        last = Some(answer);
    }
    let last = last.expect("moves were played");
    let done = latest(&t).await;
    let done_id = done.id();
    assert_eq!(done.status().word(), "finished");
    let final_message = last.created.first().expect("the final message").clone();
    assert_eq!(labels(&final_message), ["Rematch", "Describe"]);
    let rematch = button(&final_message, "Rematch");

    // Someone who did not play may not call it.
    let why = refused_press(&t, DAVE, &final_message, &rematch).await;
    assert!(
        why.contains(&format!("Only the players of game #{done_id}")),
        "{why}"
    );

    // bob taps it: he opens the rematch and sits, with the computer player.
    let tapped = t.press(BOB, &final_message, &rematch, None).await;
    assert_public(&tapped, "rematch");
    let text = tapped.content().to_string();
    let lobby = latest(&t).await;
    let new_id = lobby.id();
    assert_ne!(new_id, done_id);
    assert!(
        text.contains(&format!(
            "bob called a rematch of game #{done_id}: game #{new_id}"
        )),
        "{text}"
    );
    assert!(
        text.contains("the seats turned: Easy bot, bob, carol, alice. Easy bot starts."),
        "{text}"
    );
    assert!(text.contains("dealt afresh"), "a practice deal: {text}");
    assert!(text.contains("Waiting for carol and alice"), "{text}");
    assert_eq!(lobby.status().word(), "lobby");
    assert_eq!(lobby.creator(), BOB.id.to_string());
    let seated: Vec<&str> = lobby.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(seated, ["Easy bot", "bob"]);
    assert_eq!(lobby.seats()[0].auto.as_deref(), Some("easy"));
    assert!(!lobby.practice(), "a rematch is a normal deal");
    let lobby_message = tapped.created.first().expect("the lobby").clone();
    assert_eq!(labels(&lobby_message)[..3], ["Join", "Leave", "Start"]);

    // A second tap, on the old table, is refused while the rematch gathers.
    let why = refused_press(&t, CAROL, &final_message, &rematch).await;
    assert!(
        why.contains(&format!("Game #{new_id} is already gathering players")),
        "{why}"
    );
    let why = refused_say(&t, CAROL, "rematch").await;
    assert!(why.contains("already gathering"), "{why}");

    // carol joins by tapping: not everyone yet.
    let join = button(&lobby_message, "Join");
    let joined = t.press(CAROL, &lobby_message, &join, None).await;
    assert_public(&joined, "carol joins");
    assert_eq!(latest(&t).await.status().word(), "lobby");
    // alice, the last, joins: the game starts by itself.
    let joined = t.press(ALICE, &lobby_message, &join, None).await;
    assert_public(&joined, "alice joins");
    assert!(
        joined.content().contains(&format!(
            "Game #{new_id} begins with Easy bot, bob, carol, alice"
        )),
        "{}",
        joined.content()
    );
    let running = latest(&t).await;
    assert_eq!(running.id(), new_id);
    assert_eq!(running.status().word(), "running");
    let order: Vec<&str> = running.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(order, ["Easy bot", "bob", "carol", "alice"]);
    let setup = running.setup().expect("a setup");
    assert_eq!(setup.first.as_deref(), Some("Easy bot"));
    assert!(
        setup.deck.is_none(),
        "the practice deck is not carried over"
    );
    assert_ne!(running.seed(), done.seed());
    // The computer player started at once; bob, next, is to act.
    let game = running.game().expect("started");
    assert!(running.log()[0].auto.is_some(), "Easy bot moved first");
    assert_eq!(running.log()[0].seat, 0);
    assert_eq!(game.to_act(), Some(1), "bob follows");
    // The same settings and language as the finished game.
    let settings = t.say(DAVE, "settings", &[]).await;
    let shown = settings.content().to_string();
    assert!(
        shown.contains(&format!(
            "Game #{new_id}: reminders every 30m (3 at most a turn); turn limit off; \
             clock slow: 3d to start, 1d12h added each turn, at most 10d; \
             no vacations: time away does not stop it; hints off; \
             the computer plays an away player's turns after 6h; language English (en)."
        )),
        "{shown}"
    );
    assert_eq!(running.lang(), done.lang());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_creator_starts_a_rematch_with_those_present
}
async fn the_creator_starts_a_rematch_with_those_present() {
    let t = table().await;
    let final_message = played_to_the_end(&t, &[ALICE, BOB, CAROL], &[], 7, None).await;
    assert_eq!(labels(&final_message), ["Rematch", "Describe"]);
    let done_id = latest(&t).await.id();
    // carol calls it with the slash command; the seats turn: bob, carol,
    // alice (alice started).
    let called = t.say(CAROL, "rematch", &[]).await;
    assert_public(&called, "rematch");
    assert!(
        called
            .content()
            .contains("the seats turned: bob, carol, alice. bob starts."),
        "{}",
        called.content()
    );
    let lobby_message = called.created.first().expect("the lobby").clone();
    // Only the creator starts it early.
    let start = button(&lobby_message, "Start");
    let why = refused_press(&t, ALICE, &lobby_message, &start).await;
    assert!(why.contains("Only carol"), "{why}");
    let join = button(&lobby_message, "Join");
    assert_public(
        &t.press(ALICE, &lobby_message, &join, None).await,
        "alice joins",
    );
    // bob does not come: carol starts with those present, in the
    // rematch's order.
    let started = t.press(CAROL, &lobby_message, &start, None).await;
    assert_public(&started, "start");
    let running = latest(&t).await;
    assert_eq!(running.status().word(), "running");
    let order: Vec<&str> = running.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(order, ["carol", "alice"]);
    assert_eq!(running.game().expect("started").to_act(), Some(0));

    // The old table's Rematch is refused now: a game runs here.
    let rematch = button(&final_message, "Rematch");
    let why = refused_press(&t, BOB, &final_message, &rematch).await;
    assert!(why.contains("is running in this channel"), "{why}");
    // Once that game is abandoned (both its players agree), the old table
    // is no longer the latest.
    assert_public(&t.say(CAROL, "abandon", &[]).await, "abandon");
    assert_public(&t.say(ALICE, "abandon", &[]).await, "abandon");
    let why = refused_press(&t, BOB, &final_message, &rematch).await;
    assert!(
        why.contains(&format!(
            "Game #{done_id} is no longer this channel's latest game (game #{} is)",
            running.id()
        )),
        "{why}"
    );
    // And an abandoned game is not played again.
    let why = refused_say(&t, BOB, "rematch").await;
    assert!(why.contains("was abandoned"), "{why}");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_rematch_with_nothing_finished_is_refused_and_changes_nothing
}
async fn a_rematch_with_nothing_finished_is_refused_and_changes_nothing() {
    let t = table().await;
    let why = refused_say(&t, ALICE, "rematch").await;
    assert!(
        why.contains("No game has finished in this channel"),
        "{why}"
    );
    assert_public(&t.say(ALICE, "new", &[]).await, "new");
    let why = refused_say(&t, ALICE, "rematch").await;
    assert!(why.contains("already gathering"), "{why}");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_final_message_carries_the_score_card_with_the_scores_of_score
}
async fn the_final_message_carries_the_score_card_with_the_scores_of_score() {
    let t = table().await;
    // In Japanese: the card and the rematch speak the game's language.
    let final_message = played_to_the_end(&t, &[ALICE, BOB], &["easy"], 11, Some("ja")).await;
    assert_eq!(labels(&final_message), ["再戦", "文章で説明"]);
    let done = latest(&t).await;
    let game = done.game().expect("played").clone();
    let card = done.score_card().expect("a finished game has a card");
    assert_eq!(card.game_id, done.id());
    assert!(card.practice, "the short deck was practice");
    assert_eq!(card.players.len(), 3);
    for p in &card.players {
        assert_eq!(p.score, game.score(p.seat), "{}", p.name);
        assert_eq!(p.coins, game.players()[p.seat].coins);
    }
    let best = card.players[0].score.total;
    let tied = card
        .players
        .iter()
        .filter(|p| p.score.total == best)
        .count();
    match card.decided {
        Decided::Points => assert_eq!(tied, 1),
        Decided::Coins | Decided::Shared => assert!(tied > 1),
    }
    // The numbers `score` shows, a line a seat, are the card's.
    let score = t.say(DAVE, "score", &[]).await;
    let text = score.content().to_string();
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("player"))
        .skip(1)
        .take(card.players.len())
        .collect();
    assert_eq!(rows.len(), card.players.len(), "{text}");
    for p in &card.players {
        let numbers: Vec<i64> = rows[p.seat]
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        let s = p.score;
        assert_eq!(
            numbers[numbers.len().saturating_sub(6)..],
            [s.animals, s.cashiers, s.keepers, s.trainers, s.depot, s.total].map(i64::from),
            "{}: {text}",
            p.name
        );
    }
    // The card itself: a narrow, tall PNG beside the table.
    let last = t
        .fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| {
            r.files
                .iter()
                .any(|f| f.filename.as_deref() == Some("score.png"))
        })
        .expect("the final message with its card");
    let card_png = last
        .files
        .iter()
        .find(|f| f.filename.as_deref() == Some("score.png"))
        .expect("score.png");
    assert!(card_png.bytes.starts_with(PNG_SIGNATURE));
    let picture = image::load_from_memory(&card_png.bytes).expect("a picture");
    assert!(
        picture.height() > picture.width() && picture.width() <= 800,
        "narrow and tall: {}x{}",
        picture.width(),
        picture.height()
    );
    finish(t).await;
}
