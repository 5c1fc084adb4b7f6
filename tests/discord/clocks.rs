//! Clocks through the real bot and the fake Discord, on the test clock:
//! the game setting (`/aq game settings clock: weekend_pause:`), set in the
//! lobby or during a game (from the next turn), and its refusals.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;
use crate::waiting::{finish, game_in, table};

use aquaretto_bot::time_control::{Pace, Weekend};
use serde_json::json;
use support::fake_discord as fd;
use support::{ALICE, BOB, CAROL, CHANNEL};

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_clock_is_set_in_the_lobby_or_from_the_next_turn
}
async fn a_clock_is_set_in_the_lobby_or_from_the_next_turn() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    let slow = t.choice_value("settings", "clock", "slow");
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(7)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    let look = t.say(CAROL, "settings", &[]).await;
    assert!(
        look.is_private() && look.content().contains("no clock"),
        "off by default: {}",
        look.content()
    );
    let set = t.say(ALICE, "settings", &[("clock", fast)]).await;
    assert!(!set.is_private(), "{}", set.content());
    assert!(
        set.content()
            .contains("clock fast: 1d to start, 4h added each turn, at most 3d"),
        "{}",
        set.content()
    );
    let loaded = t.loaded().await.expect("open");
    assert_eq!(loaded.settings().clock, Some(Pace::Fast));
    assert_eq!(loaded.settings().weekend_pause, None);
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());

    // During the game: from the next turn.
    let during = t
        .say(
            ALICE,
            "settings",
            &[("clock", slow), ("weekend_pause", json!(true))],
        )
        .await;
    assert!(!during.is_private(), "{}", during.content());
    let c = during.content();
    assert!(c.contains("clock fast: 1d to start"), "in force: {c}");
    assert!(
        c.contains("From the next turn")
            && c.contains(
                "clock slow: 3d to start, 1d12h added each turn, at most 10d; \
                 stopped at weekends (Saturday and Sunday, UTC)"
            ),
        "{c}"
    );
    let loaded = t.loaded().await.expect("running");
    assert_eq!(
        loaded.settings().clock,
        Some(Pace::Fast),
        "this turn keeps it"
    );
    assert_eq!(
        loaded.next_settings().map(|n| (n.clock, n.weekend_pause)),
        Some((Some(Pace::Slow), Some(Weekend::utc())))
    );
    // A draw ends alice's turn: bob's begins with the new clock.
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    let loaded = t.loaded().await.expect("running");
    assert_eq!(loaded.settings().clock, Some(Pace::Slow));
    assert_eq!(loaded.settings().weekend_pause, Some(Weekend::utc()));
    assert_eq!(loaded.next_settings(), None);
    let off = t
        .say(
            ALICE,
            "settings",
            &[("clock", t.choice_value("settings", "clock", "off"))],
        )
        .await;
    assert!(
        !off.is_private()
            && off
                .content()
                .contains("keeps what it began with): no clock"),
        "{}",
        off.content()
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_weekend_pause_without_a_clock_and_others_settings_are_refused
}
async fn a_weekend_pause_without_a_clock_and_others_settings_are_refused() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[]).await;
    let before = t.rows().await;
    let alone = t
        .say(ALICE, "settings", &[("weekend_pause", json!(true))])
        .await;
    assert!(
        alone.is_private()
            && alone
                .content()
                .contains("has no clock for weekends to stop"),
        "{}",
        alone.content()
    );
    let other = t
        .say(
            BOB,
            "settings",
            &[("clock", t.choice_value("settings", "clock", "normal"))],
        )
        .await;
    assert!(
        other.is_private() && other.content().contains("Only the creator"),
        "{}",
        other.content()
    );
    assert_eq!(t.rows().await, before, "refusals change nothing");
    // With a clock in the same command, the pause is taken.
    let both = t
        .say(
            ALICE,
            "settings",
            &[
                ("clock", t.choice_value("settings", "clock", "normal")),
                ("weekend_pause", json!(true)),
            ],
        )
        .await;
    assert!(!both.is_private(), "{}", both.content());
    assert!(
        both.content().contains(
            "clock normal: 3d to start, 12h added each turn, at most 5d; stopped at weekends"
        ),
        "{}",
        both.content()
    );
    finish(t).await;
}
