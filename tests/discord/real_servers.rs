//! What a real Discord server does that a fake usually doesn't, and what the
//! bot does about it, through the real bot against the fake Discord: the
//! bot's own DM, permissions lost mid-game, interactions that arrive late
//! or whose answer fails, threads (archived, private, locked), Discord's
//! error codes and Cloudflare's answers, a long rate limit on one edit,
//! being removed from a server, an outage, a stop in the middle of a move,
//! and the day's session starts. One test per thing a player or an admin
//! would see.

use crate::support;
use crate::support::soak;

use aquaretto_bot::clock::Clock;
use aquaretto_bot::engine::Game;
use aquaretto_bot::referee::Painter;
use serde_json::{json, Value};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;
use support::fake_discord::{self as fd, ChannelSpec, Once, APP_ID};
use support::{Table, TinyPainter, User, ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD};

const DIRECT: Duration = Duration::from_secs(2);
const HOUR: Duration = Duration::from_secs(3600);
const MINUTE: Duration = Duration::from_secs(60);
const CHANNEL2: u64 = 2_000_000_000_000_000_102;
const THREAD: u64 = 2_000_000_000_000_000_201;
const PRIVATE_THREAD: u64 = 2_000_000_000_000_000_202;
const GUILD2: u64 = 2_000_000_000_000_000_301;
const CHANNEL_OF_GUILD2: u64 = 2_000_000_000_000_000_302;
const SEND_MESSAGES: u64 = 1 << 11;

async fn finish(mut t: Table) {
    t.stop_bot().await;
}

/// Opens a game in `channel` of `guild` with `players` (the first plays
/// first) and `settings`, and starts it.
async fn game_in(
    t: &Table,
    guild: u64,
    channel: u64,
    players: &[User],
    settings: &[(&str, Value)],
) {
    let first = players[0];
    let say = |who: User, sub: &str, options: Vec<(&str, Value)>| {
        t.interaction_in_server(guild, channel, who, sub, &options)
    };
    let opened = t
        .send(&say(
            first,
            "new",
            vec![("first", fd::user_option(first.id, first.name))],
        ))
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    for p in &players[1..] {
        let joined = t.send(&say(*p, "join", vec![])).await;
        assert!(!joined.is_private(), "{}", joined.content());
    }
    if !settings.is_empty() {
        let set = t.send(&say(first, "settings", settings.to_vec())).await;
        assert!(set.content().contains("ettings"), "{}", set.content());
    }
    let started = t.send(&say(first, "start", vec![])).await;
    assert!(!started.is_private(), "{}", started.content());
}

/// Waits (up to 10 s) until no message of `channel` but its latest has a
/// game's controls: the bot takes them off an answer's older message on a
/// task of its own, after the answer.
async fn controls_retired(t: &Table, channel: u64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let channel_id = channel.to_string();
    loop {
        let with_controls = t
            .fake
            .messages()
            .iter()
            .filter(|m| m["channel_id"].as_str() == Some(&channel_id) && support::has_controls(m))
            .count();
        if with_controls <= 1 {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{with_controls} messages of {channel} still have controls"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The slash command that makes the first legal move of whoever must act
/// in `channel` (of `guild`), and who that is.
async fn first_move(t: &Table, guild: u64, channel: u64) -> (User, Value) {
    let loaded = t.loaded_in(channel).await.expect("a game there");
    let game = loaded.game().cloned().expect("started");
    let seat = game.to_act().expect("someone acts");
    let action = game.legal_actions(seat)[0].clone();
    let (sub, options) = t.options_for(&action, &loaded);
    let who = Table::user_of(&loaded, seat);
    (
        who,
        t.interaction_in_server(guild, channel, who, sub, &options),
    )
}

/// The channel messages (not answers to interactions) posted in `channel`
/// with a nonce, by nonce.
fn letters_in(t: &Table, channel: u64) -> Vec<(String, Value)> {
    t.fake
        .channel_messages(&channel.to_string())
        .into_iter()
        .filter_map(|m| Some((m["nonce"].as_str()?.to_string(), m)))
        .collect()
}

/// Reminders posted in `channel`.
fn reminders(t: &Table, channel: u64) -> usize {
    letters_in(t, channel)
        .iter()
        .filter(|(nonce, _)| nonce.starts_with('r'))
        .count()
}

/// The private notice that follows the answer to `interaction` (a
/// follow-up with its token), waited for.
async fn notice_after(t: &Table, interaction: &Value) -> String {
    let hook = format!(
        "/webhooks/{APP_ID}/{}",
        interaction["token"].as_str().expect("a token")
    );
    let notice = t
        .fake
        .next_request(|r| r.is("POST", &hook) && r.body()["flags"].as_u64() == Some(64))
        .await
        .expect("a private notice follows");
    notice.body()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_dm_takes_private_commands_and_a_practice_game_against_the_computer() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let admin = "A server admin can give it to me";
    for (sub, options) in [
        ("mygames", vec![]),
        ("language", vec![]),
        ("notify", vec![("dm", json!(true))]),
        ("help", vec![]),
        ("rules", vec![]),
    ] {
        let answer = t.send(&t.dm_interaction(ALICE, sub, &options)).await;
        assert!(answer.is_private(), "{sub}: {}", answer.content());
        assert!(
            !answer.content().contains(admin),
            "{sub}: {}",
            answer.content()
        );
    }
    // A game against the computer, played in the DM through the answers.
    let dm = fd::dm_channel(ALICE.id);
    let opened = t.send(&t.dm_interaction(ALICE, "new", &[])).await;
    assert!(!opened.is_private(), "{}", opened.content());
    let level = t.choice_value("addbot", "level", "normal");
    let added = t
        .send(&t.dm_interaction(ALICE, "addbot", &[("level", level)]))
        .await;
    assert!(!added.is_private(), "{}", added.content());
    let started = t.send(&t.dm_interaction(ALICE, "start", &[])).await;
    assert!(!started.is_private(), "{}", started.content());
    for _ in 0..3 {
        let loaded = t.loaded_in(dm).await.expect("the DM's game");
        let game = loaded.game().cloned().expect("started");
        let seat = game.to_act().expect("someone acts");
        assert_eq!(Table::user_of(&loaded, seat), ALICE, "the computer played");
        let action = game.legal_actions(seat)[0].clone();
        let (sub, options) = t.options_for(&action, &loaded);
        let moved = t.send(&t.dm_interaction(ALICE, sub, &options)).await;
        assert!(!moved.is_private(), "{}", moved.content());
        assert_eq!(moved.pngs().len(), 1, "the table's picture, in a DM too");
        let after = t.loaded_in(dm).await.expect("the DM's game");
        assert!(after.log().len() > loaded.log().len(), "the move is played");
    }
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_and_ending_a_game_need_no_permission_and_a_lost_one_is_named() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.start_two_player_game(21).await;
    let without = |mut i: Value| {
        i["app_permissions"] = json!((fd::PERMISSIONS_BITS & !SEND_MESSAGES).to_string());
        i
    };
    let refusal = "I cannot run a game in this channel";
    for (who, sub, options) in [
        (CAROL, "mygames", vec![]),
        (CAROL, "notify", vec![("dm", json!(false))]),
        (CAROL, "language", vec![]),
        (ALICE, "moves", vec![]),
        (ALICE, "reset", vec![]),
        (CAROL, "board", vec![]),
    ] {
        let answer = t.send(&without(t.interaction(who, sub, &options))).await;
        assert!(
            !answer.content().contains(refusal),
            "{sub} needs no permission: {}",
            answer.content()
        );
    }
    // A move in a channel that lost Send Messages is played, and whoever
    // makes it is told privately what the bot lacks there.
    let (who, interaction) = first_move(&t, GUILD, CHANNEL).await;
    let before = t.loaded().await.expect("running").log().len();
    let interaction = without(interaction);
    let moved = t.send(&interaction).await;
    assert!(!moved.is_private(), "{}", moved.content());
    assert_eq!(t.loaded().await.expect("running").log().len(), before + 1);
    let said = notice_after(&t, &interaction).await;
    assert!(
        said.contains("I am missing the permission Send Messages here"),
        "{who:?} is told: {said}"
    );
    // Settings and ending the game work without it.
    let loaded = t.loaded().await.expect("running");
    let creator = Table::user_of(&loaded, 0);
    let set = t
        .send(&without(t.interaction(
            creator,
            "settings",
            &[("reminders", json!("2h"))],
        )))
        .await;
    assert!(!set.content().contains(refusal), "{}", set.content());
    let ended = t
        .send(&without(t.interaction(creator, "abandon", &[])))
        .await;
    assert!(!ended.is_private(), "{}", ended.content());
    assert!(t.loaded().await.is_none(), "the game was ended");
    finish(t).await;
}

/// A painter that holds every picture while the gate of its test is shut.
macro_rules! gated_painter {
    ($gate:ident, $painter:ident, $open:ident) => {
        fn $gate() -> &'static (Mutex<bool>, Condvar) {
            static GATE: OnceLock<(Mutex<bool>, Condvar)> = OnceLock::new();
            GATE.get_or_init(|| (Mutex::new(true), Condvar::new()))
        }
        fn $open(open: bool) {
            let (lock, wake) = $gate();
            if let Ok(mut o) = lock.lock() {
                *o = open;
            }
            wake.notify_all();
        }
        fn $painter() -> Box<dyn Painter> {
            struct Gated;
            impl Painter for Gated {
                fn table(
                    &self,
                    _game: &Game,
                    _events: &[aquaretto_bot::engine::Event],
                ) -> anyhow::Result<Vec<u8>> {
                    let (lock, wake) = $gate();
                    let mut open = lock.lock().map_err(|_| anyhow::anyhow!("gate"))?;
                    while !*open {
                        open = wake.wait(open).map_err(|_| anyhow::anyhow!("gate"))?;
                    }
                    Ok(support::tiny_png())
                }
                fn zoo(
                    &self,
                    game: &Game,
                    _seat: aquaretto_bot::engine::Seat,
                    _lang: &aquaretto_bot::lang::Lang,
                ) -> anyhow::Result<Vec<u8>> {
                    self.table(game, &[])
                }
            }
            Box::new(Gated)
        }
    };
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_too_old_to_answer_is_not_played_and_one_whose_answer_fails_still_reaches_the_channel(
) {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.start_two_player_game(22).await;
    let tally = t.bot.as_ref().expect("running").tally();
    // Five seconds old on arrival (a busy machine, a reconnect): its
    // answer could not reach Discord, so it is not played at all.
    let before = t.rows().await;
    let (who, mut late) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.created_ago(&mut late, Duration::from_secs(5));
    t.fake.send_interaction(&late).expect("the gateway");
    let look = t.say(who, "board", &[]).await;
    assert!(look.is_private(), "{}", look.content());
    let mut seen = tally.clone();
    tokio::time::timeout(Duration::from_secs(10), seen.wait_for(|t| t.too_late >= 1))
        .await
        .expect("the late move is judged")
        .expect("the bot runs");
    assert_eq!(t.rows().await, before, "nothing was played");
    assert!(
        !t.fake.requests().iter().any(|r| r.is_callback_for(&late)),
        "no answer was tried"
    );

    // Replayed after a RESUME, too late: the same.
    let resumes = t.fake.resumes();
    let (_, mut replayed) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.created_ago(&mut replayed, Duration::from_secs(4));
    t.fake
        .drop_gateway_and_send(&replayed)
        .expect("kept for the resume");
    t.fake
        .wait_resumed(resumes, Duration::from_secs(20))
        .await
        .expect("resumed");
    let mut seen = tally.clone();
    tokio::time::timeout(Duration::from_secs(10), seen.wait_for(|t| t.too_late >= 2))
        .await
        .expect("the replayed move is judged")
        .expect("the bot runs");
    assert_eq!(t.rows().await, before, "nothing was played");

    // In time, but Discord fails the answer after the move is committed:
    // the move's table goes to the channel through the outbox, once, with
    // its controls and the one mention.
    let (who, move_) = first_move(&t, GUILD, CHANNEL).await;
    let loaded = t.loaded().await.expect("running");
    t.fake.once(
        "POST",
        &fd::callback_path(&move_),
        Once::Fail(
            500,
            json!({"message": "500: Internal Server Error", "code": 0}),
        ),
    );
    t.fake.send_interaction(&move_).expect("the gateway");
    let mut seen = tally.clone();
    tokio::time::timeout(
        Duration::from_secs(10),
        seen.wait_for(|t| t.sent_to_channel >= 1),
    )
    .await
    .expect("the failed answer is noticed")
    .expect("the bot runs");
    t.advance(Duration::ZERO).await;
    let after = t.loaded().await.expect("running");
    assert_eq!(after.log().len(), loaded.log().len() + 1, "played once");
    let nonce = format!("w{}.{}", loaded.id(), loaded.log().len() + 1);
    let posted: Vec<Value> = letters_in(&t, CHANNEL)
        .into_iter()
        .filter(|(n, _)| *n == nonce)
        .map(|(_, m)| m)
        .collect();
    assert_eq!(posted.len(), 1, "{posted:#?}");
    let next = Table::user_of(&after, after.game().and_then(Game::to_act).expect("a turn"));
    assert_ne!(next, who);
    assert!(
        posted[0]["content"]
            .as_str()
            .is_some_and(|c| c.starts_with(&format!("<@{}>", next.id))),
        "{:#}",
        posted[0]
    );
    assert!(support::has_controls(&posted[0]), "{:#}", posted[0]);
    assert!(t
        .fake
        .notified(next.id)
        .iter()
        .any(|n| n.channel == CHANNEL.to_string()));
    // Long after, it is not posted again.
    t.advance(Duration::from_secs(20 * 60)).await;
    let again = letters_in(&t, CHANNEL)
        .iter()
        .filter(|(n, _)| *n == nonce)
        .count();
    assert_eq!(again, 1, "posted once");
    finish(t).await;
}

gated_painter!(slow_gate, slow_painter, open_slow);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_move_defers_from_its_creation_and_one_slower_than_its_token_reaches_the_channel() {
    open_slow(true);
    let mut t = Table::open(Duration::from_millis(1500), slow_painter).await;
    t.start_two_player_game(23).await;
    // Two seconds old on arrival, and slow: answered at once with the note,
    // within Discord's 3 seconds of its creation (a deferral counted from
    // its arrival would come at 3.5 s).
    open_slow(false);
    let (_, mut slow) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.created_ago(&mut slow, Duration::from_secs(2));
    t.fake.send_interaction(&slow).expect("the gateway");
    let note = t
        .fake
        .next_request(|r| r.is_callback_for(&slow))
        .await
        .expect("answered");
    assert!(note.status < 300, "within the window: {}", note.status);
    assert_eq!(
        note.body()["data"]["content"],
        aquaretto_bot::discord::message::working(&aquaretto_bot::lang::Lang::english())
    );
    open_slow(true);
    let hook = format!(
        "/webhooks/{APP_ID}/{}",
        slow["token"].as_str().expect("a token")
    );
    t.fake
        .next_request(|r| r.is("POST", &hook) && r.status == 200)
        .await
        .expect("the table follows");

    // A reply slower than its token's life: the wait ends before the token
    // lapses, and the move's table goes to the channel, never through the
    // lapsed token.
    t.token_lifetime = Duration::from_secs(3);
    t.restart().await;
    let tally = t.bot.as_ref().expect("running").tally();
    open_slow(false);
    let loaded = t.loaded().await.expect("running");
    let (_, move_) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.send_interaction(&move_).expect("the gateway");
    let note = t
        .fake
        .next_request(|r| r.is_callback_for(&move_))
        .await
        .expect("the note");
    assert!(note.status < 300);
    let mut seen = tally.clone();
    tokio::time::timeout(Duration::from_secs(10), seen.wait_for(|t| t.given_up >= 1))
        .await
        .expect("the wait ends")
        .expect("the bot runs");
    // From here on, the fake refuses the token as Discord would.
    t.fake.advance(Duration::from_secs(16 * 60));
    open_slow(true);
    let mut seen = tally.clone();
    tokio::time::timeout(
        Duration::from_secs(10),
        seen.wait_for(|t| t.sent_to_channel >= 1),
    )
    .await
    .expect("the table goes to the channel")
    .expect("the bot runs");
    t.advance(Duration::ZERO).await;
    let nonce = format!("w{}.{}", loaded.id(), loaded.log().len() + 1);
    assert_eq!(
        letters_in(&t, CHANNEL)
            .iter()
            .filter(|(n, _)| *n == nonce)
            .count(),
        1
    );
    let hook = format!(
        "/webhooks/{APP_ID}/{}",
        move_["token"].as_str().expect("a token")
    );
    assert!(
        !t.fake.requests().iter().any(|r| r.path.starts_with(&hook)),
        "nothing sent with the lapsed token"
    );
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_thread_is_kept_open_a_private_one_says_how_to_add_the_bot_and_a_locked_one_waits()
{
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.fake
        .add_channel(ChannelSpec::thread(GUILD, CHANNEL, THREAD, false, false));
    game_in(
        &t,
        GUILD,
        THREAD,
        &[ALICE, BOB],
        &[("reminders", json!("1h"))],
    )
    .await;
    // The thread archives itself after a quiet day: the bot opens it again,
    // since nobody could use a command in it.
    t.fake.archive(THREAD);
    t.fake
        .next_request(|r| {
            r.is("PATCH", &format!("/channels/{THREAD}"))
                && r.body()["archived"] == false
                && r.status == 200
        })
        .await
        .expect("the thread is opened again");

    // A private thread the bot is not in: opening a game there says so and
    // how to fix it, and changes nothing.
    t.fake.add_channel(ChannelSpec::thread(
        GUILD,
        CHANNEL,
        PRIVATE_THREAD,
        true,
        false,
    ));
    let before = t.rows().await;
    let refused = t
        .send(&t.interaction_in(PRIVATE_THREAD, CAROL, "new", &[]))
        .await;
    assert!(refused.is_private(), "{}", refused.content());
    assert!(
        refused
            .content()
            .contains("I am not a member of this private thread")
            && refused.content().contains("mentioning me"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, before, "nothing was changed");
    t.fake.add_thread_member(PRIVATE_THREAD, APP_ID);
    let opened = t
        .send(&t.interaction_in(PRIVATE_THREAD, CAROL, "new", &[]))
        .await;
    assert!(!opened.is_private(), "{}", opened.content());

    // The game's thread is locked: its game waits, no reminder is tried
    // there, and whoever acts is told why; unlocked, it goes on.
    t.fake.lock(THREAD);
    t.wait_paused(THREAD, Some("unreachable")).await;
    let from = t.fake.requests().len();
    t.advance(HOUR).await;
    t.advance(HOUR).await;
    let tried = t.fake.requests()[from..]
        .iter()
        .filter(|r| r.path.starts_with(&format!("/channels/{THREAD}/")))
        .count();
    assert_eq!(tried, 0, "nothing tried in a locked thread");
    let (_, move_) = first_move(&t, GUILD, THREAD).await;
    let moved = t.send(&move_).await;
    assert!(!moved.is_private(), "{}", moved.content());
    let said = notice_after(&t, &move_).await;
    assert!(said.contains("This game waits"), "{said}");
    t.fake.unlock(THREAD);
    t.wait_paused(THREAD, None).await;
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| {
            r.is("POST", &format!("/channels/{THREAD}/messages"))
                && r.body()["nonce"]
                    .as_str()
                    .is_some_and(|n| n.starts_with('r'))
        })
        .await
        .expect("reminders go on in the unlocked thread");
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_read_by_discords_code_and_a_ban_page_holds_every_call() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let dm_on = |who: User| {
        let t = &t;
        async move {
            sqlx::query_scalar::<_, i64>("SELECT dm FROM people WHERE user_id = $1")
                .bind(who.id.to_string())
                .fetch_one(t.referee.store().pool())
                .await
                .expect("a person")
                == 1
        }
    };
    // ALICE shares no server with the bot any more (50278): not her choice,
    // so her alerts only wait, and come back once she uses a command in a
    // server.
    let on = t.say(ALICE, "notify", &[("dm", json!(true))]).await;
    assert!(on.is_private());
    t.start_two_player_game(24).await;
    let alice_dm = fd::dm_channel(ALICE.id).to_string();
    let alerts_to_alice = |t: &Table| t.fake.channel_messages(&alice_dm).len();
    let turn_to = |who: User| {
        let t = &t;
        async move {
            for _ in 0..4 {
                let loaded = t.loaded().await.expect("running");
                let seat = loaded.game().and_then(Game::to_act).expect("a turn");
                if Table::user_of(&loaded, seat) == who {
                    return;
                }
                let (_, m) = first_move(t, GUILD, CHANNEL).await;
                let moved = t.send(&m).await;
                assert!(!moved.is_private(), "{}", moved.content());
            }
            panic!("the turn never came to {who:?}");
        }
    };
    turn_to(BOB).await;
    // Every alert owed so far has gone.
    t.advance(Duration::ZERO).await;
    let sent = alerts_to_alice(&t);
    t.fake.no_mutual_server(ALICE.id);
    turn_to(ALICE).await;
    t.advance(Duration::ZERO).await;
    let dm_path = format!("/channels/{alice_dm}/messages");
    t.fake
        .next_request(|r| r.is("POST", &dm_path) && r.status == 403)
        .await
        .expect("refused 50278");
    t.advance(Duration::ZERO).await;
    assert!(dm_on(ALICE).await, "alerts stay on");
    let no_server = || async {
        sqlx::query_scalar::<_, i64>("SELECT dm_no_server FROM people WHERE user_id = $1")
            .bind(ALICE.id.to_string())
            .fetch_one(t.referee.store().pool())
            .await
            .expect("a person")
            == 1
    };
    assert!(no_server().await, "her alerts wait");
    // She uses a command in a server: she shares one with the bot again.
    t.fake.open_dms(ALICE.id);
    let look = t.say(ALICE, "board", &[]).await;
    assert!(look.is_private());
    assert!(!no_server().await, "her alerts go again");
    turn_to(BOB).await;
    turn_to(ALICE).await;
    t.advance(Duration::ZERO).await;
    t.fake
        .next_request(|r| r.is("POST", &dm_path) && r.status == 200)
        .await
        .expect("alerts come back");
    assert_eq!(alerts_to_alice(&t), sent + 1);

    // A Cloudflare page instead of Discord's JSON (a ban): not a closed
    // DM, and every call holds back for a while; the alert goes after.
    turn_to(BOB).await;
    t.fake.once("POST", &dm_path, Once::Html(403));
    turn_to(ALICE).await;
    t.advance(Duration::ZERO).await;
    t.fake
        .next_request(|r| r.is("POST", &dm_path) && r.status == 403)
        .await
        .expect("the ban page");
    t.advance(Duration::ZERO).await;
    assert!(dm_on(ALICE).await, "a ban page is not a closed DM");
    // Held for the first block: the letter goes when it is tried again.
    let mut posted = false;
    for _ in 0..40 {
        t.advance(Duration::from_secs(15)).await;
        if t.fake.channel_messages(&alice_dm).len() == sent + 2 {
            posted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(posted, "the alert went once the hold was over");
    let (invalid, most) = t.bot.as_ref().expect("running").invalid_requests();
    assert!(invalid >= 2, "the 50278 and the ban page: {invalid}");
    assert_eq!(
        invalid,
        t.fake.invalid_requests() as u64,
        "the bot counts what Discord counts"
    );
    assert!(most <= aquaretto_bot::discord::rest::INVALID_BOUND);
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_minute_rate_limit_on_one_edit_delays_no_reminder_elsewhere() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    game_in(
        &t,
        GUILD,
        CHANNEL,
        &[ALICE, BOB],
        &[("reminders", json!("1h"))],
    )
    .await;
    t.fake
        .add_channel(ChannelSpec::text(GUILD2, CHANNEL_OF_GUILD2));
    game_in(
        &t,
        GUILD2,
        CHANNEL_OF_GUILD2,
        &[CAROL, DAVE],
        &[("reminders", json!("1h"))],
    )
    .await;
    // A move in CHANNEL whose answer fails: its table goes through the
    // scheduler, which then takes the controls off the table before it;
    // that edit (of a message an hour old, say) is rate limited for 20
    // minutes, in the shared scope.
    let loaded = t.loaded().await.expect("running");
    let old = loaded.id();
    let table_before: String = sqlx::query_scalar("SELECT table_message FROM games WHERE id = $1")
        .bind(old)
        .fetch_one(t.referee.store().pool())
        .await
        .expect("a table message");
    let old_message = table_before.split('/').nth(1).expect("channel/message");
    let edit = format!("/channels/{CHANNEL}/messages/{old_message}");
    t.fake.once(
        "PATCH",
        &edit,
        Once::RateLimitedShared(Duration::from_secs(1200)),
    );
    let (_, move_) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.once(
        "POST",
        &fd::callback_path(&move_),
        Once::Fail(502, json!({"message": "502: Bad Gateway", "code": 0})),
    );
    t.fake.send_interaction(&move_).expect("the gateway");
    t.fake
        .next_request(|r| r.is("PATCH", &edit) && r.status == 429)
        .await
        .expect("the edit is rate limited");
    // An hour on, the other server's reminder comes on time.
    t.advance(HOUR).await;
    let path = format!("/channels/{CHANNEL_OF_GUILD2}/messages");
    t.fake
        .next_request(|r| r.is("POST", &path) && r.status == 200)
        .await
        .expect("the reminder elsewhere");
    assert_eq!(reminders(&t, CHANNEL_OF_GUILD2), 1);
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removes_the_bot_has_its_games_wait_until_it_is_back() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    game_in(
        &t,
        GUILD,
        CHANNEL,
        &[ALICE, BOB],
        &[("reminders", json!("1h"))],
    )
    .await;
    t.fake
        .add_channel(ChannelSpec::text(GUILD2, CHANNEL_OF_GUILD2));
    game_in(
        &t,
        GUILD2,
        CHANNEL_OF_GUILD2,
        &[CAROL, DAVE],
        &[("reminders", json!("1h"))],
    )
    .await;
    // Each answer's older message loses its controls on a task of its
    // own: done before the removal, not racing it.
    controls_retired(&t, CHANNEL_OF_GUILD2).await;
    t.fake.remove_bot(GUILD2);
    t.wait_paused(CHANNEL_OF_GUILD2, Some("removed")).await;
    // An outage of a server is not a removal.
    t.fake.guild_outage(GUILD);
    let from = t.fake.requests().len();
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| r.is("POST", &format!("/channels/{CHANNEL}/messages")))
        .await
        .expect("reminders go on where the bot is");
    assert_eq!(t.paused(CHANNEL).await, None, "an outage is no removal");
    let tried: Vec<String> = t.fake.requests()[from..]
        .iter()
        .filter(|r| r.path.contains(&CHANNEL_OF_GUILD2.to_string()))
        .map(|r| format!("{} {} {} {:?}", r.method, r.path, r.status, r.json))
        .collect();
    assert!(
        tried.is_empty(),
        "nothing posted into a server that removed the bot: {tried:#?}"
    );
    // Its players see why, from anywhere.
    let mine = t.say(CAROL, "mygames", &[]).await;
    assert!(
        mine.content().contains("I was removed from its server"),
        "{}",
        mine.content()
    );
    // Back in the server: the game goes on, its reminders too.
    t.fake.add_bot(GUILD2);
    t.wait_paused(CHANNEL_OF_GUILD2, None).await;
    t.advance(HOUR).await;
    t.fake
        .next_request(|r| {
            r.is("POST", &format!("/channels/{CHANNEL_OF_GUILD2}/messages")) && r.status == 200
        })
        .await
        .expect("reminders come back");
    finish(t).await;
}

/// A letter handed out for delivery a moment before the bot was removed
/// from its server is not sent: asked again right before it goes, its game
/// waits, and it is held (a reminder dropped, any other letter kept for
/// when the bot is back, the try not counted).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_letter_handed_out_just_before_a_removal_is_held_not_sent() {
    let mut t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.fake
        .add_channel(ChannelSpec::text(GUILD2, CHANNEL_OF_GUILD2));
    game_in(
        &t,
        GUILD2,
        CHANNEL_OF_GUILD2,
        &[CAROL, DAVE],
        &[("reminders", json!("1h"))],
    )
    .await;
    game_in(
        &t,
        GUILD,
        CHANNEL,
        &[ALICE, BOB],
        &[("reminders", json!("1h"))],
    )
    .await;
    // The referee alone, as the scheduler drives it.
    t.stop_bot().await;
    let removed = t.loaded_in(CHANNEL_OF_GUILD2).await.expect("a game").id();
    let notice = aquaretto_bot::store::Letter {
        channel: Some(CHANNEL_OF_GUILD2.to_string()),
        ..aquaretto_bot::store::Letter::new(
            aquaretto_bot::store::LetterKind::Notice,
            removed,
            aquaretto_bot::lang::Text::msg("paused-removed"),
            "held-notice".into(),
            t.clock.now(),
        )
    };
    let store = t.referee.store();
    let mut tx = store.write().await.expect("a transaction");
    aquaretto_bot::store::post_letter(&mut tx, &notice)
        .await
        .expect("posted");
    tx.commit().await.expect("committed");
    t.clock.advance(HOUR);
    let now = t.clock.now();
    assert_eq!(t.referee.queue_due_reminders(now).await.expect("queued"), 2);
    let leased = t.referee.lease_letters(now, 100).await.expect("leased");
    assert_eq!(leased.len(), 3, "two reminders and the notice");
    t.referee
        .server_left(&GUILD2.to_string())
        .await
        .expect("removed");
    let mut done = Vec::new();
    for letter in leased {
        let waits = t.referee.letter_waits(&letter).await.expect("asked");
        let there = letter.channel.as_deref() == Some(&CHANNEL_OF_GUILD2.to_string());
        assert_eq!(waits, there, "only the removed server's letters wait");
        if waits {
            done.push((letter, aquaretto_bot::referee::Delivery::Held));
        }
    }
    t.referee
        .letters_delivered(done, now)
        .await
        .expect("recorded");
    let kept: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT kind, attempts, due_at FROM outbox WHERE game_id = $1 ORDER BY id")
            .bind(removed)
            .fetch_all(store.pool())
            .await
            .expect("the outbox");
    assert_eq!(
        kept,
        vec![("notice".to_string(), 0, now)],
        "the reminder dropped, the notice kept as it was, due when the game goes on"
    );
    assert!(
        t.referee
            .lease_letters(now, 100)
            .await
            .expect("leased")
            .is_empty(),
        "nothing of a waiting game is handed out"
    );
    t.referee
        .server_back(&GUILD2.to_string())
        .await
        .expect("back");
    let again = t.referee.lease_letters(now, 100).await.expect("leased");
    assert_eq!(again.len(), 1, "the notice goes when the bot is back");
    assert!(!t.referee.letter_waits(&again[0]).await.expect("asked"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hours_of_discord_down_lose_no_letter_and_a_refused_picture_is_left_out() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    game_in(
        &t,
        GUILD,
        CHANNEL,
        &[ALICE, BOB],
        &[("reminders", json!("1h"))],
    )
    .await;
    game_in(
        &t,
        GUILD,
        CHANNEL2,
        &[CAROL, DAVE],
        &[("reminders", json!("1h"))],
    )
    .await;
    let on = t.say(DAVE, "notify", &[("dm", json!(true))]).await;
    assert!(on.is_private());
    t.fake.set_down(Some(503));
    // A move during the outage: the gateway brings it, its answer fails,
    // its table waits in the outbox.
    let loaded = t.loaded_in(CHANNEL2).await.expect("running");
    let (who, move_) = first_move(&t, GUILD, CHANNEL2).await;
    assert_eq!(who, CAROL);
    t.fake.send_interaction(&move_).expect("the gateway is up");
    t.fake
        .next_request(|r| r.is_callback_for(&move_) && r.status == 503)
        .await
        .expect("the answer fails");
    let tally = t.bot.as_ref().expect("running").tally();
    let mut seen = tally.clone();
    tokio::time::timeout(
        Duration::from_secs(10),
        seen.wait_for(|t| t.sent_to_channel >= 1),
    )
    .await
    .expect("the move's table is owed to the channel")
    .expect("the bot runs");
    for _ in 0..24 {
        t.advance(5 * MINUTE).await;
    }
    let failed = t.fake.requests().iter().filter(|r| r.status == 503).count();
    assert!(failed > 3, "tried during the outage: {failed}");
    t.fake.set_down(None);
    for _ in 0..36 {
        t.advance(5 * MINUTE).await;
    }
    // Every letter arrived, once: the move's table, DAVE's alert, and the
    // latest reminder of each channel (older reminders a newer one
    // replaced may be dropped).
    let table_nonce = format!("w{}.{}", loaded.id(), loaded.log().len() + 1);
    let in_2 = letters_in(&t, CHANNEL2);
    assert_eq!(
        in_2.iter().filter(|(n, _)| *n == table_nonce).count(),
        1,
        "the move's table"
    );
    for channel in [CHANNEL, CHANNEL2] {
        let letters = letters_in(&t, channel);
        let mut nonces: Vec<&String> = letters.iter().map(|(n, _)| n).collect();
        let all = nonces.len();
        nonces.sort();
        nonces.dedup();
        assert_eq!(nonces.len(), all, "no letter twice in {channel}");
        assert!(reminders(&t, channel) >= 1, "reminders in {channel}");
    }
    let dave_dm = fd::dm_channel(DAVE.id).to_string();
    assert_eq!(t.fake.channel_messages(&dave_dm).len(), 1, "DAVE's alert");
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
        .fetch_one(t.referee.store().pool())
        .await
        .expect("outbox");
    assert_eq!(left, 0, "nothing left behind");

    // A table refused only for its picture (Attach Files) goes without it.
    const ATTACH_FILES: u64 = 1 << 15;
    t.fake
        .set_permissions(CHANNEL, fd::PERMISSIONS_BITS & !ATTACH_FILES);
    let loaded = t.loaded().await.expect("running");
    let (_, move_) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.once(
        "POST",
        &fd::callback_path(&move_),
        Once::Fail(
            500,
            json!({"message": "500: Internal Server Error", "code": 0}),
        ),
    );
    t.fake.send_interaction(&move_).expect("the gateway");
    let mut seen = tally.clone();
    tokio::time::timeout(
        Duration::from_secs(10),
        seen.wait_for(|t| t.sent_to_channel >= 2),
    )
    .await
    .expect("owed to the channel")
    .expect("the bot runs");
    t.advance(Duration::ZERO).await;
    let nonce = format!("w{}.{}", loaded.id(), loaded.log().len() + 1);
    let path = format!("/channels/{CHANNEL}/messages");
    let posted = t
        .fake
        .next_request(|r| {
            r.is("POST", &path) && r.status == 200 && r.body()["nonce"].as_str() == Some(&nonce)
        })
        .await
        .expect("posted without its picture");
    assert!(posted.files.is_empty(), "no picture");
    finish(t).await;
}

gated_painter!(stop_gate, stop_painter, open_stop);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_answers_the_move_in_flight_and_takes_no_new_one() {
    open_stop(true);
    let mut t = Table::open(Duration::from_secs(2), stop_painter).await;
    t.start_two_player_game(25).await;
    open_stop(false);
    let (_, move_) = first_move(&t, GUILD, CHANNEL).await;
    t.fake.send_interaction(&move_).expect("the gateway");
    // The move is being drawn when the stop comes.
    let loaded_before = t.loaded().await.expect("running");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while t.loaded().await.expect("running").log().len() == loaded_before.log().len() {
        assert!(tokio::time::Instant::now() < deadline, "the move commits");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let bot = t.bot.take().expect("running");
    let tally = bot.tally();
    let stopping = tokio::spawn(async move { bot.stop().await });
    // A new interaction meanwhile is told to try again, and changes nothing.
    let mut told = false;
    for _ in 0..50 {
        let answer = t.say(BOB, "board", &[]).await;
        if answer.content().contains("I am restarting") {
            told = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(told, "told to try again");
    assert!(tally.borrow().refused_stopping >= 1);
    open_stop(true);
    let answer = t
        .fake
        .next_request(|r| r.is_callback_for(&move_))
        .await
        .expect("the move in flight is answered");
    assert!(answer.status < 300, "{}", answer.status);
    stopping
        .await
        .expect("the stop ends")
        .expect("the bot stops cleanly");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_never_identifies_without_session_starts_and_serves_while_registering_fails() {
    let mut t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.stop_bot().await;
    // No session start left today: the bot does not identify (Discord would
    // reset its token), and does once Discord allows it again.
    t.fake.set_session_starts(0, Duration::from_millis(400));
    let identifies = t.fake.identifies();
    // Registering is refused twice: the connected bot serves meanwhile,
    // and registers later.
    let commands = format!("/applications/{APP_ID}/guilds/{GUILD}/commands");
    for _ in 0..2 {
        t.fake.once(
            "PUT",
            &commands,
            Once::Fail(
                500,
                json!({"message": "500: Internal Server Error", "code": 0}),
            ),
        );
    }
    let from = t.fake.requests().len();
    let mut bot = aquaretto_bot::app::start(t.config(), None, t.referee.clone())
        .await
        .expect("the bot starts");
    t.fake
        .next_request(|r| r.is("GET", "/gateway/bot"))
        .await
        .expect("the bot reads its session starts");
    t.fake
        .next_request(|r| r.is("GET", "/gateway/bot"))
        .await
        .expect("and reads them again after the wait");
    assert_eq!(
        t.fake.identifies(),
        identifies,
        "no IDENTIFY without a start"
    );
    t.fake.set_session_starts(1000, Duration::from_secs(3600));
    tokio::time::timeout(Duration::from_secs(20), bot.connected())
        .await
        .expect("connected once allowed")
        .expect("the bot is connected");
    let help = t.say(ALICE, "help", &[]).await;
    assert!(help.is_private(), "{}", help.content());
    tokio::time::timeout(Duration::from_secs(20), bot.ready())
        .await
        .expect("registered in the end")
        .expect("the bot registers");
    let puts: Vec<u16> = t.fake.requests()[from..]
        .iter()
        .filter(|r| r.is("PUT", &commands))
        .map(|r| r.status)
        .collect();
    assert_eq!(puts, [500, 500, 200], "tried again until registered");
    assert_eq!(t.fake.identifies_refused(), 0, "no IDENTIFY too soon");
    t.bot = Some(bot);
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_through_every_fault_at_once_lose_no_letter_and_no_move() {
    // The short version of `cargo bench --bench servers`.
    let soak = soak::run(soak::Size {
        games: 16,
        moves: 160,
    })
    .await;
    eprintln!("{soak:#?}");
    assert_eq!((soak.games, soak.moves_made), (16, 160), "{soak:#?}");
    assert!(
        soak.letters
            == soak.letters_posted
                + soak.held_taken_out
                + soak.tables_merged
                + soak.letters_waiting
                + soak.reminders_replaced
                + soak.letters_lost.len(),
        "{soak:#?}"
    );
    assert!(
        soak.answers_failed > 0,
        "the outage failed answers: {soak:#?}"
    );
    assert!(soak.invalid > 0, "the faults were met: {soak:#?}");
    assert_eq!(soak.letters_lost, Vec::<String>::new(), "{soak:#?}");
    assert_eq!(soak.moves_unseen, Vec::<String>::new(), "{soak:#?}");
    assert!(
        soak.most_invalid_in_ten_minutes <= aquaretto_bot::discord::rest::INVALID_BOUND,
        "{soak:#?}"
    );
    assert!(soak.letters_posted > 0, "{soak:#?}");
    // Reminders elsewhere come on time, whatever the faults; the outage
    // holds those due in it back, and they come after.
    assert_eq!(soak.longest_reminder_wait_ms, 0, "{soak:#?}");
    assert!(soak.longest_reminder_wait_with_outage_ms > 0, "{soak:#?}");
}
