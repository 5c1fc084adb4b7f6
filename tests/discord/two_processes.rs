//! Two bot processes on one PostgreSQL (a throwaway server of the
//! system's), each with its own connections, scheduler and gateway shard,
//! against the fake Discord: the servers of both shards played to the end;
//! one interaction delivered to both processes played once; two moves
//! racing on one game through the two processes never doubled or lost; and
//! the reminders a dead process had leased delivered by the other once the
//! lease expires, each once.

use crate::support;

use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::discord::ShardRange;
use aquaretto_bot::engine::Action;
use aquaretto_bot::referee::{Loaded, Referee};
use rand::seq::IndexedRandom as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::fake_discord as fd;
use support::tiers::Tier;
use support::{Table, TinyPainter, ALICE, BOB, CHANNEL, GUILD};

const DIRECT: Duration = Duration::from_secs(2);
/// A server on the other shard of two.
const OTHER: u64 = GUILD + (1 << 22);
const OTHER_CHANNEL: u64 = 2_000_000_000_000_000_101;

fn shard(id: u32, total: u32) -> ShardRange {
    ShardRange {
        first: id,
        last: id,
        total,
    }
}

/// The shard of `GUILD` among two, and the other one.
fn shards() -> (u32, u32) {
    let ours = ((GUILD >> 22) % 2) as u32;
    (ours, 1 - ours)
}

/// A table whose bot runs `GUILD`'s shard of two, on a fresh PostgreSQL
/// database, and a second process running the other shard.
async fn two_processes() -> (Table, Arc<Referee>, aquaretto_bot::app::Serving) {
    let mut fake = fd::FakeDiscord::start().await;
    fake.timeout = Duration::from_secs(30);
    let dir = tempfile::tempdir().expect("temp dir");
    let db = support::postgres::cluster().fresh_database().await;
    let (ours, other) = shards();
    let t = Table::open_on(
        fake,
        dir,
        db,
        Some(shard(ours, 2)),
        DIRECT,
        TinyPainter::boxed,
    )
    .await;
    let (referee, bot) = t.another_process(shard(other, 2)).await;
    (t, referee, bot)
}

async fn open(referee: &Referee, channel: u64) -> Option<Loaded> {
    referee
        .open_game(&channel.to_string())
        .await
        .expect("database")
        .map(|l| l.expect("not damaged"))
}

/// The first answer to `interaction` (its callback): whether it was taken,
/// and whether it was public.
async fn answer(t: &Table, interaction: &Value) -> (bool, bool) {
    let callback = t
        .fake
        .next_request(|r| r.is_callback_for(interaction))
        .await
        .expect("an answer");
    let private = callback.body()["data"]["flags"]
        .as_u64()
        .is_some_and(|f| f & 64 != 0);
    (callback.status < 300, !private)
}

#[tokio::test]
async fn the_servers_of_both_shards_are_played_to_the_end_by_their_processes() {
    if !support::tiers::available(Tier::Postgres) {
        return;
    }
    let (t, other, bot) = two_processes().await;
    // Started together, the two processes opened their sessions one at a
    // time (Discord takes one IDENTIFY every 5 seconds from a bot).
    assert_eq!(t.fake.identifies(), 2);
    assert_eq!(t.fake.identifies_refused(), 0, "no IDENTIFY too soon");
    // GUILD's game through this process, OTHER's through the other.
    t.start_two_player_game(3).await;
    for (who, sub) in [(ALICE, "new"), (BOB, "join"), (ALICE, "start")] {
        let answer = t
            .send(&t.interaction_in_server(OTHER, OTHER_CHANNEL, who, sub, &[]))
            .await;
        assert!(!answer.is_private(), "{sub}: {}", answer.content());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut played = [0i64; 2];
    loop {
        let mut moved = false;
        for (i, channel) in [CHANNEL, OTHER_CHANNEL].into_iter().enumerate() {
            // Each process reads the game through its own connections.
            let reader = if i == 0 { &t.referee } else { &other };
            let Some(loaded) = open(reader, channel).await else {
                continue;
            };
            let game = loaded.game().cloned().expect("started");
            let Some(seat) = game.to_act() else { continue };
            let action = game
                .legal_actions(seat)
                .choose(&mut rng)
                .cloned()
                .expect("a move");
            let (sub, options) = t.options_for(&action, &loaded);
            let who = Table::user_of(&loaded, seat);
            let interaction = if i == 0 {
                t.interaction(who, sub, &options)
            } else {
                t.interaction_in_server(OTHER, OTHER_CHANNEL, who, sub, &options)
            };
            let answer = t.send(&interaction).await;
            assert!(!answer.is_private(), "{sub}: {}", answer.content());
            played[i] += 1;
            moved = true;
        }
        if !moved {
            break;
        }
    }
    for (i, channel) in [CHANNEL, OTHER_CHANNEL].into_iter().enumerate() {
        let last = t
            .referee
            .find_game(None, Some(&channel.to_string()))
            .await
            .expect("database")
            .expect("a game")
            .expect("not damaged");
        assert!(
            last.game().is_some_and(|g| g.is_over()),
            "{channel}: played to the end"
        );
        assert_eq!(last.seq(), played[i], "{channel}: every move once");
    }
    assert!(played.iter().all(|n| *n > 20), "{played:?}");
    bot.stop().await.expect("the other process stops");
}

#[tokio::test]
async fn an_interaction_given_to_both_processes_is_played_once_and_races_lose_nothing() {
    if !support::tiers::available(Tier::Postgres) {
        return;
    }
    let (t, other, bot) = two_processes().await;
    let (_, theirs) = shards();
    t.start_two_player_game(5).await;
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut rounds = 0;
    while rounds < 12 {
        let Some(loaded) = t.loaded().await else {
            break;
        };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        let before = loaded.seq();
        let legal: Vec<Action> = game.legal_actions(seat);
        if rounds % 2 == 0 {
            // One interaction, delivered to both processes.
            let action = legal.choose(&mut rng).expect("a move");
            let (sub, options) = t.options_for(action, &loaded);
            let interaction = t.interaction(who, sub, &options);
            t.fake.send_interaction(&interaction).expect("this process");
            t.fake
                .send_interaction_on(u64::from(theirs), &interaction)
                .expect("the other process");
            let first = answer(&t, &interaction).await;
            let second = answer(&t, &interaction).await;
            assert!(
                first.0 != second.0,
                "one answer taken, the other refused as already answered: {first:?} {second:?}"
            );
            let after = open(&other, CHANNEL).await.map_or(before + 1, |l| l.seq());
            assert_eq!(after, before + 1, "round {rounds}: played once");
        } else {
            // Two moves of the player to act, one through each process.
            let a = legal.choose(&mut rng).cloned().expect("a move");
            let b = legal
                .iter()
                .find(|other| **other != a)
                .cloned()
                .unwrap_or_else(|| a.clone());
            let (sub_a, options_a) = t.options_for(&a, &loaded);
            let (sub_b, options_b) = t.options_for(&b, &loaded);
            let ia = t.interaction(who, sub_a, &options_a);
            let ib = t.interaction(who, sub_b, &options_b);
            t.fake.send_interaction(&ia).expect("this process");
            t.fake
                .send_interaction_on(u64::from(theirs), &ib)
                .expect("the other process");
            let (taken_a, public_a) = answer(&t, &ia).await;
            let (taken_b, public_b) = answer(&t, &ib).await;
            assert!(taken_a && taken_b, "both answered");
            let played = i64::from(public_a) + i64::from(public_b);
            assert!(
                played >= 1,
                "round {rounds}: at least one of two legal moves played"
            );
            let after = open(&other, CHANNEL)
                .await
                .map_or(before + played, |l| l.seq());
            assert_eq!(
                after,
                before + played,
                "round {rounds}: each move played is in the log once"
            );
        }
        rounds += 1;
    }
    assert_eq!(rounds, 12, "the game lasted the rounds");
    // The log replays to the stored state: nothing doubled or lost.
    let loaded = open(&other, CHANNEL).await.expect("still running");
    assert_eq!(
        loaded.replay_to(loaded.log().len()).ok().as_ref(),
        loaded.game()
    );
    let seqs: Vec<i64> = loaded.log().iter().map(|m| m.seq).collect();
    assert_eq!(seqs, (1..=loaded.seq()).collect::<Vec<_>>());
    bot.stop().await.expect("the other process stops");
}

/// Moves the shared clock and waits until `referee`'s scheduler has handled
/// everything due by then.
async fn advance_on(t: &Table, referee: &Referee, by: Duration) {
    let mut checked = referee.checked();
    let passes = checked.borrow().1;
    t.clock.advance(by);
    let target = t.clock.now();
    referee.wake().notify_one();
    tokio::time::timeout(
        Duration::from_secs(10),
        checked.wait_for(|(at, n)| *at >= target && *n > passes),
    )
    .await
    .expect("the scheduler catches up within 10 s")
    .expect("the scheduler is running");
}

#[tokio::test]
async fn reminders_a_dead_process_leased_are_sent_by_the_other_once_its_lease_ends() {
    if !support::tiers::available(Tier::Postgres) {
        return;
    }
    let fake = fd::FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let db = support::postgres::cluster().fresh_database().await;
    let mut t = Table::open_on(fake, dir, db, None, DIRECT, TinyPainter::boxed).await;
    let opened = t
        .say(
            ALICE,
            "new",
            &[("first", fd::user_option(ALICE.id, ALICE.name))],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    let set = t
        .say(ALICE, "settings", &[("reminders", json!("1h"))])
        .await;
    assert!(
        set.content().contains("1h") || !set.is_private(),
        "{}",
        set.content()
    );
    t.say(BOB, "join", &[]).await;
    t.say(ALICE, "start", &[]).await;
    let alice = ALICE.id.to_string();
    let reminded = |t: &Table| {
        t.fake
            .notified(ALICE.id)
            .into_iter()
            .filter(|n| n.user == alice && !n.dm)
            .count()
    };
    let before = reminded(&t);

    // The first process stops serving, then, an hour on, its scheduler
    // queues the reminder and leases it for delivery, and the process dies
    // before delivering it: its connections close.
    t.stop_bot().await;
    t.clock.advance(Duration::from_secs(3600));
    let now = t.clock.now();
    assert_eq!(t.referee.queue_due_reminders(now).await.expect("queued"), 1);
    let leased = t.referee.lease_letters(now, 100).await.expect("leased");
    assert_eq!(leased.len(), 1, "the reminder is leased");
    t.referee.store().pool().close().await;

    // The second process takes over: nothing while the lease holds, the
    // reminder once it has run out, and never again.
    let (second, bot) = t.another_process(shard(0, 1)).await;
    advance_on(&t, &second, Duration::from_secs(30)).await;
    assert_eq!(reminded(&t), before, "held by the dead process's lease");
    advance_on(&t, &second, Duration::from_secs(31)).await;
    assert_eq!(reminded(&t), before + 1, "sent by the second process");
    advance_on(&t, &second, Duration::from_secs(600)).await;
    assert_eq!(reminded(&t), before + 1, "sent once");
    bot.stop().await.expect("the second process stops");
}

/// A game's page served by one process follows a move made by the other:
/// the processes tell each other through PostgreSQL.
#[tokio::test]
async fn a_page_served_by_one_process_follows_a_move_made_by_the_other() {
    if !support::tiers::available(Tier::Postgres) {
        return;
    }
    let (mut t, other, other_bot) = two_processes().await;
    t.web = true;
    t.stop_bot().await;
    t.start_bot().await;
    let started = t.start_two_player_game(7).await;
    let watch = support::link(&started.created[0], "Watch on the web");
    let mut live = reqwest::get(format!("{watch}/live"))
        .await
        .expect("the page's live stream opens");
    assert!(live.status().is_success());
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let listening = tokio::spawn(async move {
        while let Ok(Some(chunk)) = live.chunk().await {
            if chunk.windows(5).any(|w| w == b"moved") {
                let _ = heard_tx.send(());
            }
        }
    });
    // Time for the listener to be in place before the move.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moved = other
        .handle(aquaretto_bot::referee::Request {
            channel: CHANNEL.to_string(),
            guild: Some(GUILD.to_string()),
            actor: aquaretto_bot::referee::Actor {
                id: ALICE.id.to_string(),
                name: ALICE.name.to_string(),
                manages_channel: false,
            },
            command: aquaretto_bot::command::parse("draw truck:1").expect("a command"),
            via: Default::default(),
        })
        .await;
    assert!(moved.accepted, "{}", moved.text());
    tokio::time::timeout(Duration::from_secs(10), heard.recv())
        .await
        .expect("the page hears the other process's move")
        .expect("an event");
    listening.abort();
    other_bot.stop().await.expect("the other process stops");
    t.stop_bot().await;
}
