//! Computer players at the table, through the real bot and the fake Discord:
//! `addbot` and `removebot` in the lobby (its creator only, room permitting),
//! computer turns told in the one message of the move before them with the
//! mention of the next person, whole games against them, and hints.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::legal_commands;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord as fd;
use support::{Answer, Table, TinyPainter, ALICE, BOB, CAROL, DAVE};

async fn table() -> Table {
    Table::open(Duration::from_secs(2), TinyPainter::boxed).await
}

fn assert_public(answer: &Answer, what: &str) {
    assert!(!answer.is_private(), "{what}: {}", answer.content());
}

fn assert_refused(answer: &Answer, why: &str) {
    assert!(
        answer.is_private(),
        "refused privately: {}",
        answer.content()
    );
    assert!(
        answer
            .content()
            .to_lowercase()
            .contains(&why.to_lowercase()),
        "'{why}' in: {}",
        answer.content()
    );
}

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    addbot_is_for_the_lobby_its_creator_and_a_table_with_room
}
async fn addbot_is_for_the_lobby_its_creator_and_a_table_with_room() {
    let t = table().await;
    let none = t.say(ALICE, "addbot", &[]).await;
    assert_refused(&none, "no game is open");
    assert_public(&t.say(ALICE, "new", &[("seed", json!(5))]).await, "new");
    let before = t.rows().await;
    let other = t
        .say(
            BOB,
            "addbot",
            &[("level", t.choice_value("addbot", "level", "strong"))],
        )
        .await;
    assert_refused(&other, "only alice");
    assert_refused(&t.say(BOB, "removebot", &[]).await, "only alice");
    assert_refused(&t.say(ALICE, "removebot", &[]).await, "no computer player");
    assert_eq!(t.rows().await, before, "refusals change nothing");

    let strong = t
        .say(
            ALICE,
            "addbot",
            &[("level", t.choice_value("addbot", "level", "strong"))],
        )
        .await;
    assert_public(&strong, "addbot strong");
    assert!(
        strong
            .content()
            .contains("Strong bot, a computer player (strong)"),
        "{}",
        strong.content()
    );
    for _ in 0..3 {
        assert_public(&t.say(ALICE, "addbot", &[]).await, "addbot");
    }
    let loaded = t.loaded().await.expect("lobby");
    let names: Vec<&str> = loaded.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "alice",
            "Strong bot",
            "Normal bot",
            "Normal bot 2",
            "Normal bot 3"
        ]
    );
    let levels: Vec<Option<&str>> = loaded.seats().iter().map(|s| s.auto.as_deref()).collect();
    assert_eq!(
        levels,
        [
            None,
            Some("strong"),
            Some("normal"),
            Some("normal"),
            Some("normal")
        ]
    );
    let before = t.rows().await;
    assert_refused(&t.say(ALICE, "addbot", &[]).await, "the table is full");
    assert_refused(&t.say(BOB, "join", &[]).await, "the table is full");
    assert_eq!(t.rows().await, before);

    let removed = t.say(ALICE, "removebot", &[]).await;
    assert_public(&removed, "removebot");
    assert!(removed.content().contains("Normal bot 3 left"));
    assert_public(&t.say(BOB, "join", &[]).await, "a seat again");

    assert_public(&t.say(ALICE, "start", &[]).await, "start");
    let before = t.rows().await;
    assert_refused(&t.say(ALICE, "addbot", &[]).await, "has already started");
    assert_refused(&t.say(ALICE, "removebot", &[]).await, "has already started");
    assert_eq!(t.rows().await, before);
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    computer_turns_come_in_one_message_that_mentions_the_next_person
}
async fn computer_turns_come_in_one_message_that_mentions_the_next_person() {
    let t = table().await;
    let first = fd::user_option(ALICE.id, ALICE.name);
    let opened = t
        .say(ALICE, "new", &[("seed", json!(11)), ("first", first)])
        .await;
    assert_public(&opened, "new");
    assert_public(
        &t.say(
            ALICE,
            "addbot",
            &[("level", t.choice_value("addbot", "level", "normal"))],
        )
        .await,
        "normal",
    );
    assert_public(&t.say(BOB, "join", &[]).await, "bob");
    assert_public(
        &t.say(
            ALICE,
            "addbot",
            &[("level", t.choice_value("addbot", "level", "easy"))],
        )
        .await,
        "easy",
    );
    // Seats: alice, Normal bot, bob, Easy bot; alice first.
    let started = t.say(ALICE, "start", &[]).await;
    assert_public(&started, "start");

    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut bot_moves_told = 0;
    loop {
        let Some(loaded) = t.loaded().await else {
            break; // finished
        };
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { break };
        assert!(
            !loaded.seats()[seat].is_auto(),
            "a computer seat never waits for anyone"
        );
        let who = Table::user_of(&loaded, seat);
        let before = loaded.log().len();
        let action = random_action(game, seat, &mut rng).expect("legal");
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(who, sub, &options).await;
        assert_public(&answer, "a legal move");
        assert_eq!(answer.created.len(), 1, "one message: {}", answer.content());
        assert_eq!(answer.pngs().len(), 1, "one picture, after the last move");
        let after = t
            .referee
            .find_game(Some(loaded.id()), None)
            .await
            .expect("database")
            .expect("the game")
            .expect("not damaged");
        let bots: Vec<_> = after.log()[before + 1..].iter().collect();
        for m in &bots {
            assert!(m.auto.is_some(), "only computer seats moved after {who:?}");
            let name = &after.seats()[m.seat].name;
            assert!(
                answer.content().contains(&format!("\n{name} ")),
                "a line for {name}'s move: {}",
                answer.content()
            );
        }
        bot_moves_told += bots.len();
        let next = after
            .game()
            .as_ref()
            .and_then(|g| g.to_act())
            .map(|s| after.seats()[s].user_id.clone());
        let mentioned: Vec<Value> = answer.data()["allowed_mentions"]["users"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let notified: Vec<String> = answer.notified.iter().map(|n| n.user.clone()).collect();
        match next {
            Some(user) if user != who.id.to_string() => {
                assert_eq!(mentioned, vec![json!(user)], "the next person alone");
                assert_eq!(notified, [user], "the next person is notified, alone");
            }
            _ => {
                assert!(mentioned.is_empty(), "nobody to ping");
                assert!(notified.is_empty(), "nobody notified: {notified:?}");
            }
        }
    }
    assert!(
        bot_moves_told > 20,
        "the computers played: {bot_moves_told}"
    );
    let done = t
        .referee
        .find_game(None, Some(&support::CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("game")
        .expect("not damaged");
    assert_eq!(done.status().word(), "finished");
    let record = done.record();
    assert_eq!(record["players"][1]["automatic"], "normal");
    assert_eq!(record["players"][3]["automatic"], "easy");
    assert_eq!(record["players"][0]["automatic"], Value::Null);
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    hints_go_to_the_player_to_act_unless_turned_off
}
async fn hints_go_to_the_player_to_act_unless_turned_off() {
    let t = table().await;
    let first = fd::user_option(ALICE.id, ALICE.name);
    assert_public(
        &t.say(ALICE, "new", &[("seed", json!(3)), ("first", first)])
            .await,
        "new",
    );
    assert_public(&t.say(BOB, "join", &[]).await, "join");
    assert_refused(&t.say(ALICE, "hint", &[]).await, "has not started");
    assert_public(&t.say(ALICE, "start", &[]).await, "start");
    let before = t.rows().await;
    assert_refused(&t.say(DAVE, "hint", &[]).await, "seated");
    assert_refused(&t.say(BOB, "hint", &[]).await, "it is alice's turn");
    let hint = t.say(ALICE, "hint", &[]).await;
    assert!(hint.is_private(), "a hint is private");
    let text = hint.content().to_string();
    let first_line = text.lines().next().unwrap_or_default();
    let suggested = first_line
        .split_once(": ")
        .map(|(_, c)| c.trim())
        .expect("the command after the colon");
    assert!(
        text.contains("\nPlayed, the table would say: alice "),
        "{text}"
    );
    assert!(text.contains("\nWhy: "), "{text}");
    let parsed = command::parse(suggested).expect("the hint reads as a command");
    let loaded = t.loaded().await.expect("running");
    let legal = legal_commands(&loaded);
    let as_text = parsed.to_text();
    assert!(
        legal.iter().any(|l| format!("/aq {l}") == as_text),
        "{as_text} in {legal:?}"
    );
    assert_eq!(t.rows().await, before, "hints change nothing");

    assert_refused(
        &t.say(BOB, "settings", &[("hints", json!(false))]).await,
        "only the creator",
    );
    // Turned off during the game: from the next turn, so alice's turn keeps
    // the hints it began with and bob's has none.
    let off = t.say(ALICE, "settings", &[("hints", json!(false))]).await;
    assert_public(&off, "hints off");
    assert!(
        off.content().contains("From the next turn"),
        "{}",
        off.content()
    );
    let (sub, options) = t.options_for(
        &loaded.game().expect("started").legal_actions(0)[0],
        &loaded,
    );
    let hint_again = t.say(ALICE, "hint", &[]).await;
    assert!(
        hint_again.content().starts_with("Hint for game"),
        "{}",
        hint_again.content()
    );
    assert_public(&t.say(ALICE, sub, &options).await, "alice moves");
    let before = t.rows().await;
    assert_refused(&t.say(BOB, "hint", &[]).await, "hints are turned off");
    assert_refused(&t.say(CAROL, "hint", &[]).await, "seated");
    assert_eq!(t.rows().await, before);
    finish(t).await;
}
