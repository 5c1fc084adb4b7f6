//! Clocks through the real bot and the fake Discord, on the test clock:
//! the game setting (`/aq game settings clock: weekend_pause:`), set in the
//! lobby or during a game (from the next turn), and its refusals; each
//! seat's time kept, the increment after each turn within the cap, the
//! weekend pause, and the time left on `/aq board` and `/aq mygames`; a
//! turn out of time played by the computer, the third handing the seat
//! over for good; each seat's time left on the table's picture and in its
//! words; reminders at shares of the time left; time away stopping a
//! clock within the yearly allowance, unless the game says no vacations.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;
use crate::waiting::{finish, game_in, next_reminder, table, CHANNEL2, HOUR, MINUTE};

use aquaretto_bot::app::painter::RenderPainter;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Event, Game};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::referee::{Painter, TableNote};
use aquaretto_bot::time_control::{Pace, Weekend, DAY, HOUR as HOUR_MS};
use aquaretto_bot::view::clocks::{ClockState, SeatTime};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::time::Duration;
use support::fake_discord as fd;
use support::{Answer, Table, User, ALICE, BOB, CAROL, CHANNEL, DAVE};

const DAY_SECS: Duration = Duration::from_secs(86_400);

/// Plays one turn of the person to act (until the engine passes the turn)
/// with random legal moves through Discord, `took` passing before its first
/// move; returns who played.
async fn play_turn(t: &Table, rng: &mut ChaCha8Rng, took: Duration) -> Option<User> {
    let loaded = t.loaded().await?;
    let seat = loaded.game().and_then(Game::to_act)?;
    let who = Table::user_of(&loaded, seat);
    t.advance(took).await;
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { break };
        if Table::user_of(&loaded, seat) != who {
            break;
        }
        let action = random_action(game, seat, rng).expect("a legal move");
        let mut after = game.clone();
        let events = after.apply(seat, &action).expect("legal");
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(who, sub, &options).await;
        assert!(!answer.is_private(), "{}", answer.content());
        if events
            .iter()
            .any(|e| matches!(e, Event::Turn { .. } | Event::GameOver))
        {
            break;
        }
    }
    Some(who)
}

/// Each person's stored clock: (time kept, timeouts), by seat.
async fn clocks(t: &Table) -> Vec<(Option<i64>, i64)> {
    let loaded = t.loaded().await.expect("running");
    loaded
        .seats()
        .iter()
        .map(|s| (s.clock_left, s.clock_timeouts))
        .collect()
}

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

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    each_seat_keeps_its_time_and_gains_the_increment_within_the_cap
}
async fn each_seat_keeps_its_time_and_gains_the_increment_within_the_cap() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("clock", fast)]).await;
    assert_eq!(
        clocks(&t).await,
        [(None, 0), (None, 0)],
        "a day each to start"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Alice takes 5 hours: a day less 5 hours, 4 hours added.
    assert_eq!(play_turn(&t, &mut rng, 5 * HOUR).await, Some(ALICE));
    assert_eq!(clocks(&t).await, [(Some(23 * HOUR_MS), 0), (None, 0)]);
    t.advance(2 * HOUR).await;
    let board = t.say(CAROL, "board", &[]).await;
    assert!(board.is_private());
    let c = board.content();
    assert!(
        c.contains("Clocks (fast): alice 23h, bob 22h left (runs out: <t:"),
        "{c}"
    );
    let mine = t.say(BOB, "mygames", &[]).await;
    assert!(
        mine.content()
            .contains("Your clock: 22h left (runs out: <t:"),
        "{}",
        mine.content()
    );
    assert_eq!(play_turn(&t, &mut rng, MINUTE).await, Some(BOB));
    let kept = [
        (Some(23 * HOUR_MS), 0),
        (Some(DAY - 2 * HOUR_MS - 60_000 + 4 * HOUR_MS), 0),
    ];
    assert_eq!(clocks(&t).await, kept);
    // A new pace starts every clock again, from the next turn.
    let slow = t.choice_value("settings", "clock", "slow");
    assert!(!t
        .say(ALICE, "settings", &[("clock", slow)])
        .await
        .is_private());
    assert_eq!(clocks(&t).await, kept, "not during the turn under way");
    assert_eq!(play_turn(&t, &mut rng, HOUR).await, Some(ALICE));
    assert_eq!(clocks(&t).await, [(None, 0), (None, 0)], "3 days each");
    // Quick turns: 36 hours each, up to 10 days and no more.
    let most = Some(10 * DAY);
    let mut turns = 0;
    for _ in 0..30 {
        if clocks(&t).await.iter().all(|(left, _)| *left == most) {
            break;
        }
        if play_turn(&t, &mut rng, Duration::ZERO).await.is_none() {
            break;
        }
        turns += 1;
        if turns == 1 {
            assert_eq!(clocks(&t).await[1], (Some(3 * DAY + 36 * HOUR_MS), 0));
        }
    }
    assert_eq!(
        clocks(&t).await,
        [(most, 0), (most, 0)],
        "after {turns} turns"
    );
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("Clocks (slow): "),
        "{}",
        board.content()
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_clock_stands_still_at_the_weekend_when_the_game_says_so
}
async fn a_clock_stands_still_at_the_weekend_when_the_game_says_so() {
    let t = table().await;
    // The test clock starts on a Monday at 00:00 UTC: Saturday, 01:00.
    t.advance(Duration::from_secs(5 * 86_400 + 3600)).await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(
        &t,
        CHANNEL,
        &[ALICE, BOB],
        &[("clock", fast), ("weekend_pause", json!(true))],
    )
    .await;
    t.advance(20 * HOUR).await;
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board
            .content()
            .contains("alice 1d left (stopped for the weekend), bob 1d"),
        "{}",
        board.content()
    );
    let mine = t.say(ALICE, "mygames", &[]).await;
    assert!(
        mine.content()
            .contains("Your clock: 1d left (stopped for the weekend)."),
        "{}",
        mine.content()
    );
    // Monday, 06:00: 6 hours of alice's day have run.
    t.advance(33 * HOUR).await;
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 18h left (runs out: <t:"),
        "{}",
        board.content()
    );
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert_eq!(play_turn(&t, &mut rng, HOUR).await, Some(ALICE));
    assert_eq!(
        clocks(&t).await,
        [(Some(17 * HOUR_MS + 4 * HOUR_MS), 0), (None, 0)]
    );
    finish(t).await;
}

/// Every message in the channel, the bot's posts and its answers, in order.
fn posted(t: &Table) -> Vec<String> {
    let channel = CHANNEL.to_string();
    t.fake
        .messages()
        .iter()
        .filter(|m| m["channel_id"].as_str() == Some(channel.as_str()))
        .filter_map(|m| m["content"].as_str().map(str::to_string))
        .collect()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_turn_out_of_time_is_played_by_the_computer_and_the_third_hands_the_seat_over
}
async fn a_turn_out_of_time_is_played_by_the_computer_and_the_third_hands_the_seat_over() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("clock", fast)]).await;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    // Not a minute before her day is up.
    t.advance(DAY_SECS - MINUTE).await;
    assert_eq!(t.loaded().await.expect("running").seq(), 0);
    let rows = t.rows().await;
    t.advance(MINUTE).await;
    assert_ne!(t.rows().await, rows, "her time ran out");
    let loaded = t.loaded().await.expect("running");
    let game = loaded.game().expect("started");
    assert_eq!(game.to_act(), Some(1), "bob's turn");
    assert!(loaded.seq() > 0);
    assert!(
        loaded
            .log()
            .iter()
            .all(|m| m.seat == 0 && m.auto.as_deref() == Some("normal")),
        "the computer played alice's turn, marked as its own"
    );
    assert_eq!(clocks(&t).await, [(Some(4 * HOUR_MS), 1), (None, 0)]);
    let said = posted(&t).join("\n");
    assert!(
        said.contains(
            "alice's time ran out (1 of 3): the computer (normal level) plays this turn for them."
        ),
        "{said}"
    );
    let history = t.say(CAROL, "history", &[]).await;
    assert!(
        history.content().contains("(auto)"),
        "{}",
        history.content()
    );
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 4h (1 of 3 timeouts)"),
        "{}",
        board.content()
    );
    // Twice more: bob plays quickly, alice's 4 hours run out.
    for n in [2, 3] {
        while t
            .loaded()
            .await
            .and_then(|l| l.game().and_then(Game::to_act))
            == Some(1)
        {
            assert_eq!(play_turn(&t, &mut rng, MINUTE).await, Some(BOB));
        }
        assert_eq!(clocks(&t).await[0], (Some(4 * HOUR_MS), n - 1));
        t.advance(4 * HOUR - MINUTE).await;
        assert_eq!(clocks(&t).await[0].1, n - 1, "not yet");
        t.advance(MINUTE).await;
        assert_eq!(clocks(&t).await[0].1, n);
    }
    let loaded = t.loaded().await.expect("running");
    let alice = &loaded.seats()[0];
    assert_eq!(
        alice.auto.as_deref(),
        Some("normal"),
        "the computer's seat now"
    );
    assert!(alice.removed_at.is_some(), "ranked as voted out");
    assert_eq!(loaded.voted_out(), [0]);
    let said = posted(&t).join("\n");
    assert!(
        said.contains("alice's time ran out (3 of 3)")
            && said.contains(
                "alice ran out of time 3 times: the seat plays on automatically \
                 (normal level) and ranks last at the end."
            ),
        "{said}"
    );
    let before = t.rows().await;
    let refused = t.say(ALICE, "undo", &[]).await;
    assert!(
        refused.is_private()
            && refused
                .content()
                .contains("You ran out of time 3 times in game #1"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, before, "a refusal changes nothing");
    // Bob plays on against the computer in alice's seat, to the end.
    while play_turn(&t, &mut rng, MINUTE).await.is_some() {}
    let said = posted(&t).join("\n");
    assert!(
        said.contains(
            "alice ran out of time 3 times: the seat played on automatically and ranks last."
        ),
        "{said}"
    );
    // The table's words and the score card say why she ranks last: her
    // clock, not a vote.
    let channel = CHANNEL.to_string();
    let described: Vec<String> = (t.fake.messages().iter())
        .filter(|m| m["channel_id"].as_str() == Some(channel.as_str()))
        .flat_map(|m| m["attachments"].as_array().cloned().unwrap_or_default())
        .filter_map(|a| a["description"].as_str().map(str::to_string))
        .collect();
    let described = described.join("\n");
    assert!(
        described.contains("alice, out of time too often: "),
        "{described}"
    );
    let finished = t
        .referee
        .web_loaded(1)
        .await
        .expect("database")
        .expect("game 1")
        .expect("not damaged");
    let card = finished.score_card().expect("over");
    let last = card.players.last().expect("players");
    assert!(last.seat == 0 && last.voted_out && last.out_of_time);
    let card = finished.describe_score_card(&card);
    let card = aquaretto_bot::lang::plain(&aquaretto_bot::lang::Lang::english(), &card);
    assert!(
        card.contains("Place 2: alice, out of time too often, "),
        "{card}"
    );
    assert!(!described.contains("for being idle") && !card.contains("for being idle"));
    finish(t).await;
}

/// The description an answer gave its picture `name`.
fn alt_of(answer: &Answer, name: &str) -> String {
    answer.data()["attachments"]
        .as_array()
        .and_then(|all| all.iter().find(|a| a["filename"] == name))
        .and_then(|a| a["description"].as_str())
        .unwrap_or_else(|| panic!("{name} described in {}", answer.data()))
        .to_string()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_table_s_picture_and_its_words_show_each_seat_s_clock
}
/// Through the real bot and renderer: the table posted after a move draws
/// each seat's time left (the person to act's running), its description
/// and `board text` say them; a past position (history) shows none.
async fn the_table_s_picture_and_its_words_show_each_seat_s_clock() {
    let t = Table::open(Duration::from_secs(5), support::render_painter).await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("clock", fast)]).await;
    t.advance(2 * HOUR).await;
    // Alice's draw ends her turn 2 hours in: 22 hours and 4 added; bob's
    // day runs.
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    let alt = alt_of(&drew, "table.png");
    assert!(
        alt.contains("Clocks: alice 1d2h left, bob 1d left and running."),
        "{alt}"
    );
    let loaded = t.loaded().await.expect("running");
    let game = loaded.game().expect("started").clone();
    let m = &loaded.log()[0];
    let mut before = loaded.replay_to(0).expect("replays");
    let events = before
        .apply(m.seat, m.action().expect("a move"))
        .expect("legal");
    assert_eq!(before, game);
    let note = TableNote {
        practice: loaded.practice(),
        lang: Lang::english(),
        names: loaded.names(),
        standings: loaded.standings(&game),
        clocks: vec![
            Some(SeatTime {
                left: DAY + 2 * HOUR_MS,
                state: ClockState::Waiting,
                timeouts: 0,
            }),
            Some(SeatTime {
                left: DAY,
                state: ClockState::Running,
                timeouts: 0,
            }),
        ],
    };
    let png = drew.pngs().first().map(|f| f.bytes.clone());
    let drawn = RenderPainter
        .table_noted(&game, &events, note.clone())
        .expect("drawn");
    assert!(png.as_ref() == Some(&drawn), "the table with both clocks");
    let plain = RenderPainter
        .table_noted(
            &game,
            &events,
            TableNote {
                clocks: Vec::new(),
                ..note
            },
        )
        .expect("drawn");
    let height = |png: &[u8]| image::load_from_memory(png).expect("decodes").height();
    assert_eq!(height(&drawn), height(&plain) + 30, "a row for the clocks");

    // An hour on: /aq board and its words say bob's time as it is now.
    t.advance(HOUR).await;
    let board = t.say(CAROL, "board", &[]).await;
    let alt = alt_of(&board, "table.png");
    assert!(
        alt.contains("Clocks: alice 1d2h left, bob 23h left and running."),
        "{alt}"
    );
    let text = t.say(CAROL, "board", &[("text", json!(true))]).await;
    assert!(
        text.content()
            .contains("Clocks: alice 1d2h left, bob 23h left and running."),
        "{}",
        text.content()
    );
    // A move of the past shows no clock: they are not kept.
    assert_eq!(
        play_turn(&t, &mut ChaCha8Rng::seed_from_u64(4), MINUTE).await,
        Some(BOB)
    );
    let history = t.say(CAROL, "history", &[("move", json!(1))]).await;
    let alt = alt_of(&history, "table.png");
    assert!(!alt.contains("Clocks"), "{alt}");
    finish(t).await;
}

/// The reminders of a game with clocks posted in `channel` so far.
fn clock_reminders(t: &Table, channel: u64) -> Vec<String> {
    t.fake
        .channel_messages(&channel.to_string())
        .into_iter()
        .filter_map(|m| m["content"].as_str().map(str::to_string))
        .filter(|c| c.contains("Your clock:"))
        .collect()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    reminders_on_a_clock_come_at_shares_of_the_time_left
}
/// On a clock, the player to act is reminded when half, a quarter and a
/// tenth of the time their turn began with are left, never sooner after
/// the last than the game's reminder interval: with an hour, three times
/// (not each hour); with the default 12 hours, at half the day alone.
async fn reminders_on_a_clock_come_at_shares_of_the_time_left() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(
        &t,
        CHANNEL,
        &[ALICE, BOB],
        &[("clock", fast.clone()), ("reminders", json!("1h"))],
    )
    .await;
    game_in(&t, CHANNEL2, &[CAROL, DAVE], &[("clock", fast)]).await;
    t.advance(HOUR).await;
    assert!(
        t.fake
            .channel_messages(&CHANNEL.to_string())
            .iter()
            .all(|m| !m["content"].as_str().unwrap_or("").contains("your turn")),
        "no reminder at the hour's interval"
    );
    t.advance(11 * HOUR - MINUTE).await;
    assert!(clock_reminders(&t, CHANNEL).is_empty(), "not before half");
    assert!(clock_reminders(&t, CHANNEL2).is_empty());
    // Half of each day is left.
    t.advance(MINUTE).await;
    next_reminder(&t, CHANNEL, ALICE).await;
    next_reminder(&t, CHANNEL2, CAROL).await;
    for channel in [CHANNEL, CHANNEL2] {
        let said = clock_reminders(&t, channel);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].contains("Your clock: 12h left (runs out: <t:")
                && !said[0].contains("(Reminder"),
            "{}",
            said[0]
        );
    }
    // A quarter: 6 hours on.
    t.advance(6 * HOUR - MINUTE).await;
    assert_eq!(clock_reminders(&t, CHANNEL).len(), 1, "not yet");
    t.advance(MINUTE).await;
    next_reminder(&t, CHANNEL, ALICE).await;
    assert!(clock_reminders(&t, CHANNEL)[1].contains("Your clock: 6h left"));
    // A tenth: 2 hours and 24 minutes left.
    t.advance(3 * HOUR + 36 * MINUTE).await;
    next_reminder(&t, CHANNEL, ALICE).await;
    assert!(clock_reminders(&t, CHANNEL)[2].contains("Your clock: 2h24m left"));
    // Nothing more before the day runs out: the 12 hours' game had its one.
    t.advance(2 * HOUR + 23 * MINUTE).await;
    assert_eq!(clock_reminders(&t, CHANNEL).len(), 3);
    assert_eq!(clock_reminders(&t, CHANNEL2).len(), 1);
    finish(t).await;
}

/// What the store keeps of a person's time away: (since, spent this year).
async fn away_kept(t: &Table, who: User) -> (Option<i64>, i64) {
    sqlx::query_as::<_, (Option<i64>, i64)>(
        "SELECT away_since, away_used_ms FROM people WHERE user_id = $1",
    )
    .bind(who.id.to_string())
    .fetch_one(t.referee.store().pool())
    .await
    .expect("their row")
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    time_away_stops_a_clock_within_the_yearly_allowance
}
/// Away, a person's clock stands still, within 14 days a calendar year:
/// back early, the turn keeps the time it stood still and the days spent
/// are kept; away again, the rest of the allowance stops it, then it runs
/// out.
async fn time_away_stops_a_clock_within_the_yearly_allowance() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(&t, CHANNEL, &[ALICE, BOB], &[("clock", fast)]).await;
    let settings = t.say(CAROL, "settings", &[]).await;
    assert!(
        settings
            .content()
            .contains("time away stops it (14 days a year)"),
        "{}",
        settings.content()
    );
    t.advance(2 * HOUR).await;
    let away = t.say(ALICE, "away", &[("until", json!("20d"))]).await;
    assert!(
        away.is_private() && away.content().contains("14d of this year's are left"),
        "{}",
        away.content()
    );
    // Three days on, her 22 hours still stand.
    t.advance(70 * HOUR).await;
    assert_eq!(t.loaded().await.expect("running").seq(), 0, "no timeout");
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 22h left (stopped: away)"),
        "{}",
        board.content()
    );
    let mine = t.say(ALICE, "mygames", &[]).await;
    assert!(
        mine.content()
            .contains("Your clock: 22h left (stopped while you are away)."),
        "{}",
        mine.content()
    );
    // Back: the 70 hours are spent, and her turn keeps them.
    let back = t.say(ALICE, "away", &[("until", json!("off"))]).await;
    assert!(back.is_private(), "{}", back.content());
    assert_eq!(away_kept(&t, ALICE).await, (None, 70 * HOUR_MS));
    assert_eq!(clocks(&t).await[0], (Some(DAY + 70 * HOUR_MS), 0));
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 22h left (runs out: <t:"),
        "{}",
        board.content()
    );
    // An hour later, away again: 11 days and 2 hours of the allowance stop
    // her last 21 hours, which then run out.
    t.advance(HOUR).await;
    let away = t.say(ALICE, "away", &[("until", json!("20d"))]).await;
    assert!(
        away.content().contains("11d2h of this year's are left"),
        "{}",
        away.content()
    );
    t.advance(11 * DAY_SECS + 2 * HOUR + 21 * HOUR - MINUTE)
        .await;
    assert_eq!(t.loaded().await.expect("running").seq(), 0, "not yet");
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 1m left (runs out: <t:"),
        "{}",
        board.content()
    );
    t.advance(MINUTE).await;
    assert_eq!(clocks(&t).await[0], (Some(4 * HOUR_MS), 1), "timed out");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_game_without_vacations_runs_its_clocks_while_their_players_are_away
}
async fn a_game_without_vacations_runs_its_clocks_while_their_players_are_away() {
    let t = table().await;
    let fast = t.choice_value("settings", "clock", "fast");
    game_in(
        &t,
        CHANNEL,
        &[ALICE, BOB],
        &[("clock", fast), ("vacations", json!(false))],
    )
    .await;
    let settings = t.say(CAROL, "settings", &[]).await;
    assert!(
        settings
            .content()
            .contains("no vacations: time away does not stop it"),
        "{}",
        settings.content()
    );
    t.advance(2 * HOUR).await;
    assert!(!t
        .say(ALICE, "away", &[("until", json!("20d"))])
        .await
        .content()
        .is_empty());
    let board = t.say(CAROL, "board", &[]).await;
    assert!(
        board.content().contains("alice 22h left (runs out: <t:"),
        "{}",
        board.content()
    );
    t.advance(22 * HOUR - MINUTE).await;
    assert_eq!(clocks(&t).await[0], (None, 0), "not yet");
    t.advance(MINUTE).await;
    assert_eq!(
        clocks(&t).await[0],
        (Some(4 * HOUR_MS), 1),
        "her day ran out"
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_seat_out_of_time_in_a_game_that_counts_is_rated_last
}
/// In a game that counts (dealt by the bot) between two people, letting the
/// clock run out three times saves no loss: the seat ranks last and its
/// person's rating moves, as the winner's does.
async fn a_seat_out_of_time_in_a_game_that_counts_is_rated_last() {
    let t = table().await;
    assert!(!t.say(ALICE, "new", &[]).await.is_private());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let fast = t.choice_value("settings", "clock", "fast");
    assert!(!t
        .say(ALICE, "settings", &[("clock", fast)])
        .await
        .is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
    let to_act = |l: Option<aquaretto_bot::referee::Loaded>| l.and_then(|l| l.game()?.to_act());
    let out = to_act(t.loaded().await).expect("a turn");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for n in 1..=3 {
        while to_act(t.loaded().await) != Some(out) {
            assert!(
                play_turn(&t, &mut rng, MINUTE).await.is_some(),
                "the other moves"
            );
        }
        let left = clocks(&t).await[out]
            .0
            .map_or(DAY_SECS, |ms| Duration::from_millis(ms as u64));
        t.advance(left).await;
        assert_eq!(clocks(&t).await[out].1, n, "timeout {n}");
    }
    while play_turn(&t, &mut rng, MINUTE).await.is_some() {}
    assert!(t.loaded().await.is_none(), "the game is over");
    let rated: Vec<(i64, i64, i64, f64, f64)> = sqlx::query_as(
        "SELECT seat, place, rated, mu_before, mu_after FROM rating_changes \
         WHERE game_id = 1 ORDER BY seat",
    )
    .fetch_all(t.referee.store().pool())
    .await
    .expect("rating changes");
    assert_eq!(rated.len(), 2, "{rated:?}");
    let other = 1 - out;
    let (_, place, counted, before, after) = rated[out];
    assert_eq!((place, counted), (2, 1), "out of time: rated, last");
    assert!(after < before, "{rated:?}");
    let (_, place, counted, before, after) = rated[other];
    assert_eq!((place, counted), (1, 1));
    assert!(after > before, "{rated:?}");
    finish(t).await;
}
