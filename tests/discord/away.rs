//! Away and heads-up, through the real bot and the fake Discord on the
//! test clock: `/aq away` silences reminders and nudges until the player is
//! back and tells each of their tables once; a game may let the computer
//! play an away player's turns after a grace, marked as the computer's in
//! history; `/aq notify before:on` tells a player by direct message when the
//! player before them starts a turn.

use crate::support::db::on_sqlite_and_postgresql;
use crate::waiting::{
    finish, game_in, next_reminder, notified, reminders, say_in, table, CHANNEL2, HOUR, MINUTE,
};

use crate::support::{Table, ALICE, BOB, CAROL, CHANNEL};
use serde_json::{json, Value};
use std::time::Duration;

/// The notices posted in `channel` that say someone is away.
fn away_notices(t: &Table, channel: u64) -> Vec<Value> {
    t.fake
        .channel_messages(&channel.to_string())
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("is away until"))
        })
        .collect()
}

/// The direct messages the bot sent to `who` so far, by their text.
fn dms_to(t: &Table, who: u64) -> Vec<String> {
    t.fake
        .messages()
        .into_iter()
        .filter(|m| {
            m["channel_id"]
                .as_str()
                .and_then(|c| t.fake.dm_recipient(c))
                .is_some_and(|r| r == who.to_string())
        })
        .filter_map(|m| m["content"].as_str().map(str::to_string))
        .collect()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    away_silences_reminders_and_nudges_and_each_table_is_told_once
}
async fn away_silences_reminders_and_nudges_and_each_table_is_told_once() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    game_in(&t, CHANNEL2, &[CAROL, ALICE], &[]).await;
    let not_yet = t.say(ALICE, "away", &[]).await;
    assert!(
        not_yet.is_private() && not_yet.content().contains("You are not away"),
        "{}",
        not_yet.content()
    );
    // Bad times are refused and change nothing.
    let before = t.rows().await;
    for (until, why) in [
        ("someday", "is not a time to be back"),
        ("2020-01-01", "already past"),
        ("2026-02-30", "is not a time to be back"),
        ("90d", "too long"),
    ] {
        let no = t.say(ALICE, "away", &[("until", json!(until))]).await;
        assert!(
            no.is_private() && no.content().contains(why),
            "{until}: {}",
            no.content()
        );
    }
    assert_eq!(t.rows().await, before, "refused times change nothing");
    let away = t.say(ALICE, "away", &[("until", json!("1d"))]).await;
    assert!(away.is_private(), "{}", away.content());
    assert!(
        away.content().contains("You are away until <t:")
            && away.content().contains("Your 2 tables are told"),
        "{}",
        away.content()
    );
    t.advance(Duration::ZERO).await;
    for channel in [CHANNEL, CHANNEL2] {
        let told = away_notices(&t, channel);
        assert_eq!(told.len(), 1, "each table is told once: {told:#?}");
        let content = told[0]["content"].as_str().unwrap_or_default();
        assert!(
            content.contains("alice is away until <t:") && content.contains("turns wait for them"),
            "{content}"
        );
    }
    // The notices ping nobody.
    let notices: Vec<String> = away_notices(&t, CHANNEL)
        .into_iter()
        .chain(away_notices(&t, CHANNEL2))
        .filter_map(|m| m["id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(notices.len(), 2);
    let pinged: Vec<_> = t
        .fake
        .notifications()
        .into_iter()
        .filter(|n| notices.contains(&n.message))
        .collect();
    assert!(pinged.is_empty(), "{pinged:?}");
    // No nudge while away.
    let before = t.rows().await;
    let nudged = t.say(BOB, "nudge", &[]).await;
    assert!(
        nudged.is_private()
            && nudged
                .content()
                .to_lowercase()
                .contains("alice is away until <t:"),
        "{}",
        nudged.content()
    );
    assert!(notified(&nudged).is_empty());
    assert_eq!(t.rows().await, before, "a refused nudge changes nothing");
    // The notice was the one message posted in the channel so far.
    let path = format!("/channels/{CHANNEL}/messages");
    let notice = t
        .fake
        .next_request(|r| r.is("POST", &path) && r.status < 300)
        .await
        .expect("the notice");
    assert!(notice.body()["content"]
        .as_str()
        .is_some_and(|c| c.contains("is away until")));
    // No reminder in the day away.
    for _ in 0..23 {
        t.advance(HOUR).await;
    }
    assert!(reminders(&t, CHANNEL).is_empty(), "no reminder while away");
    // Back: the reminders come again, counted from one.
    t.advance(HOUR).await;
    let first = next_reminder(&t, CHANNEL, ALICE).await;
    assert!(
        first["content"]
            .as_str()
            .is_some_and(|c| c.contains("Reminder 1 of 3")),
        "{first}"
    );
    let back = t.say(ALICE, "away", &[]).await;
    assert!(
        back.content().contains("You are not away"),
        "{}",
        back.content()
    );
    assert_eq!(away_notices(&t, CHANNEL).len(), 1, "told once only");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    an_away_players_turns_are_the_computers_after_the_grace_and_marked_in_history
}
async fn an_away_players_turns_are_the_computers_after_the_grace_and_marked_in_history() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("away", json!("2h"))]).await;
    let settings = t.say(BOB, "settings", &[]).await;
    assert!(
        settings
            .content()
            .contains("the computer plays an away player's turns after 2h"),
        "{}",
        settings.content()
    );
    let away = t.say(ALICE, "away", &[("until", json!("3d"))]).await;
    assert!(away.is_private(), "{}", away.content());
    t.advance(HOUR).await;
    assert_eq!(
        t.loaded().await.expect("running").seq(),
        0,
        "within the grace"
    );
    t.advance(HOUR).await;
    let loaded = t.loaded().await.expect("running");
    assert!(loaded.seq() >= 1, "the computer played alice's turn");
    let alice = loaded.seat_of(&ALICE.id.to_string()).expect("seated");
    assert!(
        loaded
            .log()
            .iter()
            .all(|m| m.seat == alice && m.auto.as_deref() == Some("normal")),
        "marked as the computer's: {:?}",
        loaded.log()
    );
    assert!(
        loaded.seats().iter().all(|s| s.auto.is_none()),
        "the seat stays alice's"
    );
    let game = loaded.game().expect("started");
    let bob = loaded.seat_of(&BOB.id.to_string()).expect("seated");
    assert_eq!(game.to_act(), Some(bob), "bob's turn now");
    let history = t.say(BOB, "history", &[]).await;
    assert!(
        history.content().contains("(auto)"),
        "{}",
        history.content()
    );
    // Back: alice's next turn waits for her.
    let back = t.say(ALICE, "away", &[("until", json!("off"))]).await;
    assert!(
        back.content().contains("Welcome back"),
        "{}",
        back.content()
    );
    let drawn = t.say(BOB, "draw", &[("truck", json!(1))]).await;
    assert!(!drawn.is_private(), "{}", drawn.content());
    let seq = t.loaded().await.expect("running").seq();
    for _ in 0..3 {
        t.advance(HOUR).await;
    }
    assert_eq!(
        t.loaded().await.expect("running").seq(),
        seq,
        "back: her turn waits for her"
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_player_after_is_told_when_the_one_before_starts_if_they_asked
}
async fn the_player_after_is_told_when_the_one_before_starts_if_they_asked() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB, CAROL], &[]).await;
    let shown = t.say(CAROL, "notify", &[]).await;
    assert!(
        shown
            .content()
            .contains("direct message when the player before you starts a turn: off"),
        "{}",
        shown.content()
    );
    let on = say_in(&t, CHANNEL, CAROL, "notify", &[("before", json!(true))]).await;
    assert!(
        on.is_private() && on.content().contains("starts a turn: on"),
        "{}",
        on.content()
    );
    t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    t.advance(Duration::ZERO).await;
    let told = dms_to(&t, CAROL.id);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains("bob is to play, and you play after them")
            && told[0].contains(&format!("<#{CHANNEL}>")),
        "{}",
        told[0]
    );
    assert!(dms_to(&t, BOB.id).is_empty(), "bob asked for nothing");
    // Away: not told.
    t.say(CAROL, "away", &[("until", json!("1d"))]).await;
    t.say(BOB, "draw", &[("truck", json!(1))]).await;
    t.say(CAROL, "draw", &[("truck", json!(1))]).await;
    t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    t.advance(MINUTE).await;
    assert_eq!(dms_to(&t, CAROL.id).len(), 1, "not while away");
    // Back, and off: not told either.
    t.say(CAROL, "away", &[("until", json!("off"))]).await;
    t.say(CAROL, "notify", &[("before", json!(false))]).await;
    t.say(BOB, "draw", &[("truck", json!(2))]).await;
    t.say(CAROL, "draw", &[("truck", json!(2))]).await;
    t.say(ALICE, "draw", &[("truck", json!(2))]).await;
    t.advance(MINUTE).await;
    assert_eq!(dms_to(&t, CAROL.id).len(), 1, "not once off");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_game_the_computer_ends_for_players_away_shows_its_score_card_beside_the_table
}
/// Both players away in a game that lets the computer play for them: the
/// scheduler plays every turn, and the table message of the last move (a
/// letter, no command answered it) carries the score card beside the table.
async fn a_game_the_computer_ends_for_players_away_shows_its_score_card_beside_the_table() {
    let t = Table::open(Duration::from_secs(2), crate::support::render_painter).await;
    let (deck, removed) = crate::history::short_deck(5);
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("deck", json!(deck)),
                ("removed", json!(removed)),
                (
                    "first",
                    crate::support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let set = t.say(ALICE, "settings", &[("away", json!("1m"))]).await;
    assert!(!set.is_private(), "{}", set.content());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
    for who in [ALICE, BOB] {
        let away = t.say(who, "away", &[("until", json!("1d"))]).await;
        assert!(away.is_private(), "{}", away.content());
    }
    let mut steps = 0;
    while t.loaded().await.is_some() {
        t.advance(MINUTE).await;
        steps += 1;
        assert!(steps < 500, "the computer ends the game");
    }
    let finished = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("the game")
        .expect("not damaged");
    assert!(finished.game().is_some_and(|g| g.is_over()));
    assert!(
        finished.log().iter().all(|m| m.auto.is_some()),
        "every move the computer's"
    );
    t.advance(Duration::ZERO).await;
    let last = t
        .fake
        .channel_messages(&CHANNEL.to_string())
        .into_iter()
        .rfind(|m| m["attachments"].as_array().is_some_and(|a| !a.is_empty()))
        .expect("a table message with pictures");
    let names: Vec<&str> = last["attachments"]
        .as_array()
        .map(|a| a.iter().filter_map(|f| f["filename"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["table.png", "score.png"], "{last:#}");
    finish(t).await;
}
