//! Games that keep moving, through the real bot and the fake Discord, on a
//! clock the tests move (nothing sleeps for a timer): reminders at their
//! interval, at most three a wait, stopped by a move, neither lost nor
//! repeated across restarts and lost answers; nudges; "my games"; turn
//! alerts by direct message and their switching off when Discord refuses
//! them; settings; votes to remove an idle player; and failures in one
//! channel that never hold up another.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::engine::playout::random_action;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord::{self as fd, Once};
use support::{Answer, Table, TinyPainter, User, ALICE, BOB, CAROL, CHANNEL, DAVE, ERIN};

pub(crate) const MINUTE: Duration = Duration::from_secs(60);
pub(crate) const HOUR: Duration = Duration::from_secs(3600);
pub(crate) const CHANNEL2: u64 = 2_000_000_000_000_000_102;
const CHANNEL3: u64 = 2_000_000_000_000_000_103;

pub(crate) async fn table() -> Table {
    Table::open(Duration::from_secs(2), TinyPainter::boxed).await
}

/// `who` says `/aq sub` in `channel`.
pub(crate) async fn say_in(
    t: &Table,
    channel: u64,
    who: User,
    sub: &str,
    options: &[(&str, Value)],
) -> Answer {
    t.send(&t.interaction_in(channel, who, sub, options)).await
}

/// Opens a game in `channel` with `players` (the first plays first), with
/// `settings` given before the start, and starts it.
pub(crate) async fn game_in(t: &Table, channel: u64, players: &[User], settings: &[(&str, Value)]) {
    let first = players[0];
    let opened = say_in(
        t,
        channel,
        first,
        "new",
        &[
            ("seed", json!(7)),
            ("first", fd::user_option(first.id, first.name)),
        ],
    )
    .await;
    assert!(!opened.is_private(), "{}", opened.content());
    for p in &players[1..] {
        let joined = say_in(t, channel, *p, "join", &[]).await;
        assert!(!joined.is_private(), "{}", joined.content());
    }
    if !settings.is_empty() {
        let set = say_in(t, channel, first, "settings", settings).await;
        assert!(!set.is_private(), "{}", set.content());
    }
    let started = say_in(t, channel, first, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
}

/// The reminders posted in a channel so far.
pub(crate) fn reminders(t: &Table, channel: u64) -> Vec<Value> {
    t.fake
        .channel_messages(&channel.to_string())
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("(Reminder "))
        })
        .collect()
}

/// Who the message posted in `channel` with `nonce` notified, as the
/// fake's record of notifications says.
fn notified_by_post(t: &Table, channel: u64, nonce: &Value) -> Vec<String> {
    let posted: Vec<String> = t
        .fake
        .channel_messages(&channel.to_string())
        .into_iter()
        .filter(|m| !nonce.is_null() && m["nonce"] == *nonce)
        .filter_map(|m| m["id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(posted.len(), 1, "one message with nonce {nonce}");
    t.fake
        .notifications()
        .into_iter()
        .filter(|n| n.message == posted[0])
        .map(|n| n.user)
        .collect()
}

/// Waits for the next reminder posted in `channel` and checks that it
/// notifies exactly `who`.
pub(crate) async fn next_reminder(t: &Table, channel: u64, who: User) -> Value {
    let path = format!("/channels/{channel}/messages");
    let posted = t
        .fake
        .next_request(|r| r.is("POST", &path) && r.status < 300)
        .await
        .expect("a reminder is posted");
    let body = posted.body().clone();
    let content = body["content"].as_str().expect("content");
    assert!(
        content.contains("<t:") && content.contains(":R>"),
        "since when: {content}"
    );
    assert_eq!(
        notified_by_post(t, channel, &body["nonce"]),
        [who.id.to_string()],
        "{who:?} alone is notified: {content}"
    );
    // Nobody else, whatever the text holds: no @everyone, @here or roles.
    assert_eq!(
        body["allowed_mentions"],
        json!({"parse": [], "users": [who.id.to_string()]}),
        "only {who:?} can be pinged"
    );
    body
}

/// The users an answer's messages notified.
pub(crate) fn notified(answer: &Answer) -> Vec<String> {
    answer.notified.iter().map(|n| n.user.clone()).collect()
}

/// An hour on: CAROL's reminder in CHANNEL2 is posted, and the one to
/// CHANNEL (posted to `path`) refused with `status`; returns when CHANNEL's
/// game would remind next (none while it waits for its channel, or once
/// given up).
async fn refused_once_then_suspended(t: &Table, path: &str, status: u16) -> Option<i64> {
    t.advance(HOUR).await;
    next_reminder(t, CHANNEL2, CAROL).await;
    t.fake
        .next_request(|r| r.is("POST", path) && r.status == status)
        .await
        .expect("tried once");
    t.advance(Duration::ZERO).await;
    sqlx::query_scalar::<_, Option<i64>>(
        "SELECT remind_at FROM games WHERE channel = $1 AND paused IS NULL",
    )
    .bind(CHANNEL.to_string())
    .fetch_optional(t.referee.store().pool())
    .await
    .expect("game")
    .flatten()
}

async fn outbox_len(t: &Table) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
        .fetch_one(t.referee.store().pool())
        .await
        .expect("outbox")
}

pub(crate) async fn finish(t: Table) {
    finish_with_refusals(t, 0).await;
}

/// Stops the bot and checks that the fake answered `404` only the
/// `expected` times a test meant it to.
async fn finish_with_refusals(mut t: Table, expected: usize) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert_eq!(unexpected.len(), expected, "{unexpected:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_reminder_comes_at_the_interval_not_before_and_three_times_at_most
}
async fn a_reminder_comes_at_the_interval_not_before_and_three_times_at_most() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    t.advance(59 * MINUTE).await;
    assert!(reminders(&t, CHANNEL).is_empty(), "not before the interval");
    assert_eq!(outbox_len(&t).await, 0);
    t.advance(MINUTE).await;
    let first = next_reminder(&t, CHANNEL, ALICE).await;
    assert!(first["content"]
        .as_str()
        .is_some_and(|c| c.contains("Reminder 1 of 3")));
    t.advance(HOUR).await;
    next_reminder(&t, CHANNEL, ALICE).await;
    t.advance(HOUR).await;
    let third = next_reminder(&t, CHANNEL, ALICE).await;
    assert!(third["content"]
        .as_str()
        .is_some_and(|c| c.contains("Reminder 3 of 3")));
    for _ in 0..4 {
        t.advance(HOUR).await;
    }
    assert_eq!(outbox_len(&t).await, 0);
    assert_eq!(reminders(&t, CHANNEL).len(), 3, "at most three a wait");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_move_stops_the_reminders_and_starts_the_next_players
}
async fn a_move_stops_the_reminders_and_starts_the_next_players() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    t.advance(30 * MINUTE).await;
    let drawn = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drawn.is_private(), "{}", drawn.content());
    t.advance(40 * MINUTE).await;
    assert!(
        reminders(&t, CHANNEL).is_empty(),
        "alice's wait ended; bob's is not due"
    );
    t.advance(20 * MINUTE).await;
    next_reminder(&t, CHANNEL, BOB).await;
    assert_eq!(reminders(&t, CHANNEL).len(), 1);
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    restarts_and_lost_answers_neither_lose_nor_repeat_a_reminder
}
async fn restarts_and_lost_answers_neither_lose_nor_repeat_a_reminder() {
    let mut t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    // Due three times over while the bot is down: sent once at the start.
    t.stop_bot().await;
    t.clock.advance(3 * HOUR + 10 * MINUTE);
    t.start_bot().await;
    next_reminder(&t, CHANNEL, ALICE).await;
    t.advance(Duration::ZERO).await;
    assert_eq!(
        reminders(&t, CHANNEL).len(),
        1,
        "once, not once per interval"
    );
    // The next one an interval later; its answer is lost on the way back,
    // and the bot restarts before trying again: Discord still shows one.
    let path = format!("/channels/{CHANNEL}/messages");
    t.fake.once("POST", &path, Once::LoseAnswer(500));
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| r.is("POST", &path) && r.status == 500)
        .await
        .expect("the first try");
    t.restart().await;
    t.advance(10 * MINUTE).await;
    t.fake
        .next_request(|r| r.is("POST", &path) && r.status == 200)
        .await
        .expect("tried again");
    t.advance(Duration::ZERO).await;
    assert_eq!(
        reminders(&t, CHANNEL).len(),
        2,
        "the retry is the same message"
    );
    assert_eq!(outbox_len(&t).await, 0, "delivered, nothing left");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_rate_limited_reminder_is_sent_after_the_time_discord_names
}
async fn a_rate_limited_reminder_is_sent_after_the_time_discord_names() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    let path = format!("/channels/{CHANNEL}/messages");
    // A wait longer than a delivery waits out in its call (a short one is
    // waited there): the letter is handed back and tried again then.
    t.fake.once(
        "POST",
        &path,
        Once::Fail(
            429,
            json!({"message": "You are being rate limited.", "retry_after": 30.0, "global": false}),
        ),
    );
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| r.is("POST", &path) && r.status == 429)
        .await
        .expect("rate limited");
    t.advance(Duration::from_millis(29_000)).await;
    assert!(reminders(&t, CHANNEL).is_empty(), "not before retry_after");
    t.advance(Duration::from_millis(1_000)).await;
    next_reminder(&t, CHANNEL, ALICE).await;
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_channel_that_refuses_does_not_hold_up_other_channels
}
async fn a_channel_that_refuses_does_not_hold_up_other_channels() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    game_in(&t, CHANNEL2, &[CAROL, DAVE], &[("reminders", json!("1h"))]).await;
    let lost = format!("/channels/{CHANNEL}/messages");
    t.fake.stub(
        "POST",
        &lost,
        403,
        json!({"message": "Missing Access", "code": 50001}),
    );
    let suspended = refused_once_then_suspended(&t, &lost, 403).await;
    assert_eq!(suspended, None, "reminders stop where the bot cannot write");
    t.advance(HOUR).await;
    next_reminder(&t, CHANNEL2, CAROL).await;
    let tries = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.is("POST", &lost))
        .count();
    assert_eq!(tries, 1, "no more tries in the lost channel");
    // A move there starts them again.
    t.fake.unstub("POST", &lost);
    let moved = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!moved.is_private());
    t.advance(HOUR).await;
    next_reminder(&t, CHANNEL, BOB).await;
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_deleted_channel_is_never_tried_again_and_others_go_on
}
async fn a_deleted_channel_is_never_tried_again_and_others_go_on() {
    let mut t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("reminders", json!("1h"))]).await;
    game_in(&t, CHANNEL2, &[CAROL, DAVE], &[("reminders", json!("1h"))]).await;
    // The channel is deleted, and Discord tells the bot (CHANNEL_DELETE):
    // its game waits for good, and nothing is tried there again.
    let from = t.fake.requests().len();
    t.fake.remove_channel(CHANNEL);
    t.wait_paused(CHANNEL, Some("deleted")).await;
    for _ in 0..3 {
        t.advance(HOUR).await;
    }
    next_reminder(&t, CHANNEL2, CAROL).await;
    let tried = |from: usize| -> Vec<String> {
        t.fake.requests()[from..]
            .iter()
            .filter(|r| r.path.starts_with(&format!("/channels/{CHANNEL}/")))
            .map(|r| format!("{} {} {}", r.method, r.path, r.status))
            .collect()
    };
    assert_eq!(tried(from), Vec::<String>::new(), "never tried");
    assert_eq!(outbox_len(&t).await, 0, "nothing left to retry");
    // Its players see why in /aq mygames, anywhere.
    let mine = say_in(&t, CHANNEL2, ALICE, "mygames", &[]).await;
    assert!(
        mine.content().contains("its channel was deleted"),
        "{}",
        mine.content()
    );

    // A deletion the bot did not hear of (it was stopped then): the first
    // letter there is refused 404 Unknown Channel, once, and that game
    // waits for good too.
    game_in(&t, CHANNEL3, &[ERIN, BOB], &[("reminders", json!("1h"))]).await;
    t.stop_bot().await;
    t.fake.remove_channel(CHANNEL3);
    t.start_bot().await;
    let from = t.fake.requests().len();
    let gone = format!("/channels/{CHANNEL3}/messages");
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| r.is("POST", &gone) && r.status == 404)
        .await
        .expect("tried once");
    t.wait_paused(CHANNEL3, Some("deleted")).await;
    for _ in 0..3 {
        t.advance(HOUR).await;
    }
    let tries = t.fake.requests()[from..]
        .iter()
        .filter(|r| r.path.starts_with(&format!("/channels/{CHANNEL3}/")))
        .count();
    assert_eq!(tries, 1, "one try, no retries");
    let refusals = t.fake.refusals();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert_eq!((refusals[0].0, refusals[0].1), (404, 10003), "{refusals:?}");
    finish_with_refusals(t, 1).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    nudges_ping_the_player_to_act_once_an_hour
}
async fn nudges_ping_the_player_to_act_once_an_hour() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[]).await;
    let nudged = t.say(BOB, "nudge", &[]).await;
    assert!(!nudged.is_private(), "{}", nudged.content());
    assert_eq!(
        notified(&nudged),
        [ALICE.id.to_string()],
        "{}",
        nudged.content()
    );
    // Nobody else, whatever the text holds: no @everyone, @here or roles.
    let allowed = &nudged.data()["allowed_mentions"];
    assert_eq!(allowed["parse"], json!([]), "{allowed}");
    assert_eq!(allowed["users"], json!([ALICE.id.to_string()]), "{allowed}");
    assert!(
        allowed.get("roles").is_none() || allowed["roles"] == json!([]),
        "no role can be pinged: {allowed}"
    );
    let before = t.rows().await;
    let again = t.say(BOB, "nudge", &[]).await;
    assert!(again.is_private(), "{}", again.content());
    assert!(
        again.content().contains("next nudge is allowed <t:"),
        "{}",
        again.content()
    );
    let own = t.say(ALICE, "nudge", &[]).await;
    assert!(own.is_private() && own.content().contains("your own turn"));
    let stranger = t.say(CAROL, "nudge", &[]).await;
    assert!(stranger.is_private() && stranger.content().contains("seated"));
    assert_eq!(t.rows().await, before, "refused nudges change nothing");
    for refused in [&again, &own, &stranger] {
        assert!(notified(refused).is_empty(), "{}", refused.content());
    }
    t.advance(HOUR).await;
    let later = t.say(BOB, "nudge", &[]).await;
    assert!(!later.is_private(), "{}", later.content());
    assert_eq!(notified(&later), [ALICE.id.to_string()]);
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    my_games_lists_where_i_must_act_the_longest_wait_first
}
async fn my_games_lists_where_i_must_act_the_longest_wait_first() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[]).await;
    t.advance(10 * MINUTE).await;
    game_in(&t, CHANNEL2, &[ALICE, CAROL], &[]).await;
    game_in(&t, CHANNEL3, &[BOB, CAROL], &[]).await;
    let mine = t.say(ALICE, "mygames", &[]).await;
    assert!(mine.is_private());
    let text = mine.content();
    let one = text.find(&format!("<#{CHANNEL}>")).expect("the first game");
    let two = text
        .find(&format!("<#{CHANNEL2}>"))
        .expect("the second game");
    assert!(one < two, "the longest wait first: {text}");
    assert!(!text.contains(&format!("<#{CHANNEL3}>")), "{text}");
    assert!(text.contains("draw a tile onto a truck"), "{text}");
    let bobs = t.say(BOB, "mygames", &[]).await;
    assert!(bobs.content().contains(&format!("<#{CHANNEL3}>")));
    assert!(!bobs.content().contains(&format!("<#{CHANNEL}>")));
    let none = t.say(DAVE, "mygames", &[]).await;
    assert!(none.content().starts_with("No game is waiting for you"));
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    turn_alerts_by_direct_message_and_their_end_when_refused
}
async fn turn_alerts_by_direct_message_and_their_end_when_refused() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[]).await;
    let on = t.say(BOB, "notify", &[("dm", json!(true))]).await;
    assert!(
        on.is_private() && on.content().contains("are on"),
        "{}",
        on.content()
    );
    t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    let opened = t
        .fake
        .next_request(|r| r.is("POST", "/users/@me/channels"))
        .await
        .expect("a DM channel");
    assert_eq!(opened.body()["recipient_id"], BOB.id.to_string());
    let dm = t
        .fake
        .next_request(|r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && r.path != format!("/channels/{CHANNEL}/messages")
        })
        .await
        .expect("the alert");
    let dm_channel = dm.path.split('/').nth(2).expect("channel").to_string();
    assert_eq!(t.fake.dm_recipient(&dm_channel), Some(BOB.id.to_string()));
    let content = dm.body()["content"].as_str().expect("content");
    assert!(content.contains(&format!("<#{CHANNEL}>")), "{content}");
    // Off: no alert.
    t.say(BOB, "notify", &[("dm", json!(false))]).await;
    t.say(BOB, "draw", &[("truck", json!(1))]).await;
    t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    t.advance(Duration::ZERO).await;
    let alerts = |t: &Table| {
        t.fake
            .requests()
            .iter()
            .filter(|r| r.path == format!("/channels/{dm_channel}/messages"))
            .count()
    };
    assert_eq!(alerts(&t), 1, "no alert while off");
    // On again, but Discord refuses: switched off, and bob is told.
    t.say(BOB, "notify", &[("dm", json!(true))]).await;
    t.fake.stub(
        "POST",
        &format!("/channels/{dm_channel}/messages"),
        403,
        json!({"message": "Cannot send messages to this user", "code": 50007}),
    );
    t.say(BOB, "take", &[("truck", json!(1))]).await;
    // bob's tiles wait; place them so that alice, then bob again, act.
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started");
        let seat = game.to_act().expect("someone");
        if Table::user_of(&loaded, seat) == ALICE {
            break;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let action = random_action(game, seat, &mut rng).expect("legal");
        let (sub, options) = t.options_for(&action, &loaded);
        t.say(BOB, sub, &options).await;
    }
    let refused_path = format!("/channels/{dm_channel}/messages");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started");
        let seat = game.to_act().expect("someone");
        if Table::user_of(&loaded, seat) == BOB {
            break;
        }
        let action = random_action(game, seat, &mut rng).expect("legal");
        let (sub, options) = t.options_for(&action, &loaded);
        t.say(ALICE, sub, &options).await;
    }
    t.fake
        .next_request(|r| r.is("POST", &refused_path) && r.status == 403)
        .await
        .expect("the refused alert");
    t.advance(Duration::ZERO).await;
    let board = t.say(BOB, "board", &[]).await;
    assert!(board.is_private());
    let told = t
        .fake
        .next_request(|r| {
            r.method == "POST"
                && r.path.starts_with("/webhooks/")
                && r.body()["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("direct messages are closed"))
        })
        .await
        .expect("bob is told");
    assert_eq!(
        told.body()["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "privately"
    );
    let dm_on: i64 = sqlx::query_scalar("SELECT dm FROM people WHERE user_id = $1")
        .bind(BOB.id.to_string())
        .fetch_one(t.referee.store().pool())
        .await
        .expect("bob");
    assert_eq!(dm_on, 0, "alerts are off after 50007");
    t.say(BOB, "board", &[]).await;
    let notices = t
        .fake
        .messages()
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("direct messages are closed"))
        })
        .count();
    assert_eq!(notices, 1, "told once only");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    settings_are_refused_to_others_and_bad_durations
}
async fn settings_are_refused_to_others_and_bad_durations() {
    let t = table().await;
    game_in(&t, CHANNEL, &[ALICE, BOB], &[]).await;
    let look = t.say(CAROL, "settings", &[]).await;
    assert!(look.is_private());
    assert!(
        look.content().contains("reminders every 12h"),
        "{}",
        look.content()
    );
    assert!(
        look.content().contains("turn limit off"),
        "{}",
        look.content()
    );
    let before = t.rows().await;
    let other = t.say(BOB, "settings", &[("reminders", json!("1h"))]).await;
    assert!(
        other.is_private() && other.content().contains("Only the creator"),
        "{}",
        other.content()
    );
    for bad in ["12x", "-1h", "0m", &"9".repeat(40)] {
        let answer = t.say(ALICE, "settings", &[("reminders", json!(bad))]).await;
        assert!(answer.is_private(), "{bad}: {}", answer.content());
        let c = answer.content();
        assert!(
            c.contains("is not a duration") || c.contains("at least 1m"),
            "{bad}: {c}"
        );
        let answer = t
            .say(ALICE, "settings", &[("turn_limit", json!(bad))])
            .await;
        assert!(answer.is_private(), "{bad}");
    }
    assert_eq!(t.rows().await, before, "refusals change nothing");
    let mut managed = t.interaction(CAROL, "settings", &[("turn_limit", json!("2d"))]);
    fd::set_member_permissions(&mut managed, support::MANAGE_CHANNELS);
    let changed = t.send(&managed).await;
    assert!(!changed.is_private(), "{}", changed.content());
    assert!(
        changed.content().contains("turn limit 2d"),
        "{}",
        changed.content()
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    an_idle_player_voted_out_plays_on_automatically_and_ranks_last
}
async fn an_idle_player_voted_out_plays_on_automatically_and_ranks_last() {
    let t = table().await;
    game_in(
        &t,
        CHANNEL,
        &[ALICE, BOB, CAROL],
        &[("turn_limit", json!("1h"))],
    )
    .await;
    let early = t.say(BOB, "kick", &[]).await;
    assert!(
        early.is_private() && early.content().contains("a vote is allowed <t:"),
        "{}",
        early.content()
    );
    t.advance(HOUR).await;
    let before = t.rows().await;
    for (who, why) in [(ALICE, "your own turn"), (DAVE, "seated")] {
        let no = t.say(who, "kick", &[]).await;
        assert!(
            no.is_private() && no.content().contains(why),
            "{}",
            no.content()
        );
    }
    assert_eq!(t.rows().await, before);
    let one = t.say(BOB, "kick", &[]).await;
    assert!(!one.is_private(), "{}", one.content());
    assert!(
        one.content().contains("1 of 2 votes needed"),
        "{}",
        one.content()
    );
    let loaded = t.loaded().await.expect("running");
    assert!(
        loaded.seats().iter().all(|s| s.auto.is_none()),
        "short of a majority: nothing"
    );
    assert_eq!(loaded.seq(), 0);
    let twice = t.say(BOB, "kick", &[]).await;
    assert!(twice.is_private() && twice.content().contains("already voted"));
    let passed = t.say(CAROL, "kick", &[]).await;
    assert!(!passed.is_private(), "{}", passed.content());
    assert!(
        passed.content().contains("alice is removed"),
        "{}",
        passed.content()
    );
    let loaded = t.loaded().await.expect("running");
    let alice_seat = loaded.seat_of(&ALICE.id.to_string()).expect("seated");
    assert_eq!(loaded.seats()[alice_seat].auto.as_deref(), Some("normal"));
    assert!(loaded.seq() >= 1, "the seat played at once");
    assert!(loaded
        .log()
        .iter()
        .all(|m| m.auto.as_deref() == Some("normal")));
    let refused = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(refused.is_private());
    // bob and carol play the game out; alice's seat plays by itself.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut last = passed;
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        assert_ne!(who, ALICE, "the removed seat never waits for a person");
        let action = random_action(game, seat, &mut rng).expect("legal");
        let (sub, options) = t.options_for(&action, &loaded);
        last = t.say(who, sub, &options).await;
        assert!(!last.is_private(), "{}", last.content());
        if let Some(users) = last.data()["allowed_mentions"]["users"].as_array() {
            assert!(
                !users.contains(&json!(ALICE.id.to_string())),
                "the removed player is never pinged"
            );
        }
        assert!(
            !notified(&last).contains(&ALICE.id.to_string()),
            "the removed player is never notified"
        );
    }
    let done = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("game")
        .expect("not damaged");
    assert_eq!(done.status().word(), "finished");
    let winners = done.winners().unwrap_or_default();
    assert!(!winners.contains(&"alice".to_string()), "{winners:?}");
    assert!(
        last.content().contains("alice was voted out"),
        "{}",
        last.content()
    );
    let autos = done.log().iter().filter(|m| m.seat == alice_seat).count();
    assert!(
        autos > 5
            && done
                .log()
                .iter()
                .filter(|m| m.seat == alice_seat)
                .all(|m| m.auto.is_some())
    );
    let record = done.record();
    assert_eq!(record["players"][alice_seat]["automatic"], "normal");
    assert_eq!(record["players"][alice_seat]["removed"], true);
    finish(t).await;
}
