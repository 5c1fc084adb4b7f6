//! The growth benchmark's short version (`benches/growth/`): a small
//! store filled as the benchmark fills it, each request the benchmark
//! times run once, and the query plan of every statement they run read
//! from the database: none may read a whole table (or walk a whole index
//! without a limit), so that a query added without an index fails here
//! rather than at a million games.

use crate::support::db::{self, on_sqlite_and_postgresql};
use crate::support::growth::{self, World};
use crate::support::plans;
use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

on_sqlite_and_postgresql! {
    #[tokio::test]
    every_statement_of_the_growth_benchmarks_requests_is_served_by_an_index
}
async fn every_statement_of_the_growth_benchmarks_requests_is_served_by_an_index() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = db::test_url(dir.path()).await;
    let store = Store::open(&url).await.expect("the store opens");
    let now = aquaretto_bot::clock::SystemClock.now();
    let mut world = World::new(60, 6, now);
    world.people_rows(&store).await.expect("people");
    world
        .fill_finished(&store, 40)
        .await
        .expect("finished games");
    world
        .fill_running(&store, growth::MYGAMES + 10)
        .await
        .expect("running games");
    let t = world.targets.clone();
    let top = growth::top_player(&store, &t.guild)
        .await
        .expect("a player");
    let referee = Referee::new(store.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut asked: Vec<(&str, Vec<String>, String)> = Vec::new();

    let (started, s) = db::statements(growth::start_up(&url, None)).await;
    started.expect("the start-up");
    asked.push(("start-up", s, String::new()));
    // The check for older games reads one index entry a game, never more:
    // no game's log, no table but the games' index.
    let (checked, s) = db::statements(growth::check_older_games(&referee)).await;
    assert_eq!(checked.expect("the check"), 0, "nothing to fill in");
    for plan in plans::explain_all(&store, &s, true)
        .await
        .expect("explained")
    {
        let tables = growth::tables_named(&plan.problems);
        assert!(
            tables.iter().all(|t| t == "games")
                && plan
                    .problems
                    .iter()
                    .all(|p| !p.starts_with("reads every row")),
            "the check reads more than an index entry a game:\n{}",
            plans::print(std::slice::from_ref(&plan))
        );
    }
    let (mover_channel, mover_guild) = t.running[growth::MYGAMES + 1].clone();
    let (reply, s) = db::statements(async {
        let req = growth::next_move(&referee, &mover_guild, &mover_channel, &mut rng)
            .await
            .expect("the game loads")
            .expect("someone to act");
        let reply = referee.handle(req).await;
        growth::shown(&referee, &reply).await.expect("shown");
        reply
    })
    .await;
    assert!(reply.accepted, "{}", reply.text());
    asked.push(("a move", s, reply.text()));
    let (reply, s) = db::statements(growth::mygames(&referee, &t)).await;
    assert!(
        reply.text().contains(&format!("{} games", growth::MYGAMES)),
        "{}",
        reply.text()
    );
    asked.push(("mygames", s, reply.text()));
    let (reply, s) = db::statements(growth::stats(&referee, &t)).await;
    asked.push(("stats", s, reply.text()));
    let (reply, s) = db::statements(growth::stats_player(&referee, &t, &top)).await;
    assert!(reply.text().contains("Rating"), "{}", reply.text());
    asked.push(("stats player:", s, reply.text()));
    let (reply, s) = db::statements(growth::history(&referee, &t, 1)).await;
    asked.push(("history page 1", s, reply.text()));
    let (reply, s) = db::statements(growth::history(&referee, &t, 20)).await;
    assert!(reply.text().contains("page 20 of"), "{}", reply.text());
    asked.push(("history page 20", s, reply.text()));
    let (page, s) = db::statements(growth::server_page(&referee, &t)).await;
    asked.push(("server page", s, page.expect("the server's page")));
    let now = aquaretto_bot::clock::SystemClock.now();
    let (queued, s) = db::statements(async {
        growth::arm_reminders(&store, &t, now).await.expect("armed");
        growth::scheduler_step(&referee, now).await
    })
    .await;
    assert!(queued.expect("the scheduler's step") > 0);
    asked.push(("scheduler step", s, String::new()));

    let mut failures = Vec::new();
    for (request, statements, said) in &asked {
        assert!(!statements.is_empty(), "{request} ran no statement: {said}");
        let explained = plans::explain_all(&store, statements, true)
            .await
            .expect("every statement explained");
        for plan in explained.iter().filter(|p| !p.problems.is_empty()) {
            failures.push(format!(
                "{request}:\n{}",
                plans::print(std::slice::from_ref(plan))
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "statements not served by an index:\n{}",
        failures.join("\n")
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    an_abandoned_game_leaves_nothing_due
}
async fn an_abandoned_game_leaves_nothing_due() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("the store opens");
    let referee = Referee::new(store);
    let say = |who: &str, text: &str| {
        let command = aquaretto_bot::command::parse(text).expect("a command");
        referee.handle(growth::request(
            "guild-1",
            "chan-1",
            growth::actor(&format!("id-{who}"), who),
            command,
        ))
    };
    for (who, text) in [
        ("ana", "/aq new"),
        ("ben", "/aq join"),
        ("ana", "/aq start"),
    ] {
        let reply = say(who, text).await;
        assert!(reply.accepted, "{text}: {}", reply.text());
    }
    let due = referee.next_due().await.expect("the schedule");
    assert!(due.is_some(), "the player to act has a reminder coming");
    // A game in a server counts for ratings: both players agree.
    for who in ["ana", "ben"] {
        let reply = say(who, "/aq abandon").await;
        assert!(reply.accepted, "{}", reply.text());
    }
    assert_eq!(
        referee.next_due().await.expect("the schedule"),
        None,
        "an abandoned game's reminder is never due: the scheduler would wake for it forever"
    );
}

/// Plays a channel's game to the end (or, with `stop`, that many moves)
/// with random legal moves, each a few seconds after the one before.
async fn play_out(
    referee: &Referee,
    clock: &aquaretto_bot::clock::ManualClock,
    guild: Option<&str>,
    channel: &str,
    stop: Option<usize>,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(channel.len() as u64);
    let mut moves = 0;
    while stop.is_none_or(|n| moves < n) {
        let Some(Ok(loaded)) = referee.open_game(channel).await.expect("the game") else {
            return;
        };
        let Some(game) = loaded.game() else {
            return;
        };
        let Some(seat) = game.to_act() else {
            return;
        };
        let row = loaded.seats()[seat].clone();
        let action = aquaretto_bot::engine::playout::random_action(game, seat, &mut rng)
            .expect("a legal move");
        let command = aquaretto_bot::command::Command::from_action(&action, &loaded.names());
        clock.advance(std::time::Duration::from_secs(3 + (moves % 7) as u64 * 11));
        let reply = referee
            .handle(aquaretto_bot::referee::Request {
                channel: channel.to_string(),
                guild: guild.map(str::to_string),
                actor: growth::actor(&row.user_id, &row.name),
                command,
                via: Default::default(),
            })
            .await;
        assert!(reply.accepted, "{}", reply.text());
        moves += 1;
    }
}

/// A table's rows, in order, as text.
async fn rows_of(store: &Store, sql: &str) -> Vec<String> {
    let rows = sqlx::query(sql)
        .fetch_all(store.pool())
        .await
        .expect("the rows");
    rows.iter()
        .map(|r| {
            (0..sqlx::Row::len(r))
                .map(|i| {
                    sqlx::Row::try_get::<Option<String>, _>(r, i)
                        .map(|v| v.unwrap_or_default())
                        .or_else(|_| {
                            sqlx::Row::try_get::<Option<i64>, _>(r, i)
                                .map(|v| v.map_or(String::new(), |v| v.to_string()))
                        })
                        .expect("text or a number")
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// What stats say: of the largest server and its top player, of the game
/// without a server and one of its players, and of the server where the
/// practice and abandoned games were.
async fn answers(referee: &Referee, t: &growth::Targets, top: &str) -> Vec<String> {
    let mut said = vec![
        growth::stats(referee, t).await.text(),
        growth::stats_player(referee, t, top).await.text(),
    ];
    for (guild, channel, player) in [
        (None, "dm-1", None),
        (None, "dm-1", Some("<@id-ana>")),
        (Some("guild-upgrade"), "chan-practice", None),
    ] {
        let reply = referee
            .handle(aquaretto_bot::referee::Request {
                channel: channel.to_string(),
                guild: guild.map(str::to_string),
                actor: growth::actor("id-eve", "eve"),
                command: aquaretto_bot::command::Command::Stats {
                    player: player.map(str::to_string),
                },
                via: Default::default(),
            })
            .await;
        said.push(reply.text());
    }
    said
}

/// What the upgrade fills in, and what the bot keeps in step as it plays.
async fn kept(store: &Store) -> Vec<Vec<String>> {
    vec![
        rows_of(
            store,
            "SELECT scope, games, finished, seats, score_sum, computer_wins, people, ranked, \
             dolphin, orca, sealion, turtle, penguin, polarbear, crocodile, hippo FROM place_totals \
             WHERE games > 0 OR finished > 0 OR seats > 0 ORDER BY scope",
        )
        .await,
        rows_of(
            store,
            "SELECT scope, user_id, moves FROM pace WHERE moves > 0 ORDER BY scope, user_id",
        )
        .await,
        rows_of(
            store,
            "SELECT channel, games FROM channel_games ORDER BY channel",
        )
        .await,
        rows_of(
            store,
            "SELECT guild, games FROM public_games WHERE games <> 0 ORDER BY guild",
        )
        .await,
        rows_of(
            store,
            "SELECT scope, rated FROM rated_counts ORDER BY scope",
        )
        .await,
        rows_of(
            store,
            "SELECT scope, user_id, level, bucket, moves FROM pace_counts WHERE moves > 0 \
             ORDER BY scope, user_id, level, bucket",
        )
        .await,
    ]
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    an_older_store_is_upgraded_to_the_same_counts_the_bot_keeps
}
async fn an_older_store_is_upgraded_to_the_same_counts_the_bot_keeps() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = db::test_url(dir.path()).await;
    let store = Store::open(&url).await.expect("the store opens");
    let clock = std::sync::Arc::new(aquaretto_bot::clock::ManualClock::new(1_800_000_000_000));
    let mut world = World::new(40, 4, clock.now());
    // Written by two transactions at once, as the benchmark fills
    // PostgreSQL: the counts kept are the same.
    world.writers = 2;
    world.people_rows(&store).await.expect("people");
    world
        .fill_finished(&store, 30)
        .await
        .expect("finished games");
    world.fill_running(&store, 8).await.expect("running games");
    let referee = Referee::new(store.clone()).with_clock(clock.clone());
    let say = |guild: Option<&'static str>, channel: &'static str, who: &str, text: &str| {
        let command = aquaretto_bot::command::parse(text).expect("a command");
        referee.handle(aquaretto_bot::referee::Request {
            channel: channel.to_string(),
            guild: guild.map(str::to_string),
            actor: growth::actor(&format!("id-{who}"), who),
            command,
            via: Default::default(),
        })
    };
    // A game without a server, played to the end; a practice game; a game
    // abandoned some moves in; in a server of their own.
    let server = Some("guild-upgrade");
    for (guild, channel, new) in [
        (None, "dm-1", "/aq new"),
        (server, "chan-practice", "/aq new seed:9"),
        (server, "chan-abandoned", "/aq new"),
    ] {
        for (who, text) in [("ana", new), ("ben", "/aq join"), ("ana", "/aq start")] {
            let reply = say(guild, channel, who, text).await;
            assert!(reply.accepted, "{text}: {}", reply.text());
        }
    }
    play_out(&referee, &clock, None, "dm-1", None).await;
    play_out(&referee, &clock, server, "chan-practice", None).await;
    play_out(&referee, &clock, server, "chan-abandoned", Some(9)).await;
    let abandoned = referee
        .open_game("chan-abandoned")
        .await
        .expect("the game")
        .expect("a game")
        .expect("not damaged")
        .id();
    // It counts for ratings: both players agree.
    for who in ["ana", "ben"] {
        let reply = say(server, "chan-abandoned", who, "/aq abandon").await;
        assert!(reply.accepted, "{}", reply.text());
    }

    let t = world.targets.clone();
    let top = growth::top_player(&store, &t.guild)
        .await
        .expect("a player");
    let before = answers(&referee, &t, &top).await;
    let counts = kept(&store).await;
    assert!(counts.iter().all(|rows| !rows.is_empty()), "{counts:?}");

    // The store as the bot left it before this upgrade: none of its
    // tables or indexes, and the abandoned game still waiting for a
    // reminder, as abandoned games did.
    let pool = store.pool();
    growth::take_back(pool).await.expect("the store taken back");
    sqlx::query("UPDATE games SET remind_at = 1, to_act_user = 'id-ana' WHERE id = $1")
        .bind(abandoned)
        .execute(pool)
        .await
        .expect("the old wait");
    drop(referee);
    store.pool().close().await;

    let upgraded = Store::open(&url)
        .await
        .expect("the store opens and upgrades");
    assert_eq!(
        kept(&upgraded).await,
        counts,
        "the upgrade counts as the bot does"
    );
    let referee = Referee::new(upgraded.clone()).with_clock(clock.clone());
    assert_eq!(answers(&referee, &t, &top).await, before);
    let waiting: (Option<i64>, Option<String>) =
        sqlx::query_as("SELECT remind_at, to_act_user FROM games WHERE id = $1")
            .bind(abandoned)
            .fetch_one(upgraded.pool())
            .await
            .expect("the abandoned game");
    assert_eq!(waiting, (None, None), "an abandoned game waits for nothing");
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_kept_store_grows_on_from_what_it_holds
}
/// The benchmark grows a kept store over several runs (`GROWTH_FROM`): the
/// world read back from the store is the world that filled it (its counts,
/// its long game, its running games in order), and grows on from there.
async fn a_kept_store_grows_on_from_what_it_holds() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = db::test_url(dir.path()).await;
    let store = Store::open(&url).await.expect("the store opens");
    let now = aquaretto_bot::clock::SystemClock.now();
    let mut world = World::new(50, 5, now);
    world.people_rows(&store).await.expect("people");
    world
        .fill_finished(&store, 30)
        .await
        .expect("finished games");
    world.fill_running(&store, 7).await.expect("running games");

    let again = World::resume(50, 5, now, &store)
        .await
        .expect("the world read back");
    assert_eq!(
        (again.finished, again.running, again.moves),
        (world.finished, world.running, world.moves)
    );
    assert_eq!(again.targets.long_game, world.targets.long_game);
    assert_eq!(again.targets.long_moves, world.targets.long_moves);
    assert_eq!(again.targets.running, world.targets.running);
    assert_eq!(
        (again.targets.guild.as_str(), again.targets.channel.as_str()),
        (world.targets.guild.as_str(), world.targets.channel.as_str())
    );

    // A move of the benchmark's ends a running game: it stays among the
    // games made running (the next running game gets a channel of its
    // own), and leaves the running games the requests are about.
    let (ended_channel, _) = again.targets.running[3].clone();
    let ended: i64 = sqlx::query_scalar("SELECT id FROM games WHERE channel = $1")
        .bind(&ended_channel)
        .fetch_one(store.pool())
        .await
        .expect("the running game");
    let mut tx = store.write().await.expect("a write");
    aquaretto_bot::store::set_status(
        &mut tx,
        ended,
        aquaretto_bot::store::GameStatus::Finished,
        Some(&[]),
        "2026-11-29T12:00:00.000Z",
    )
    .await
    .expect("ended");
    tx.commit().await.expect("committed");
    let after_end = World::resume(50, 5, now, &store)
        .await
        .expect("read back after a game ended");
    assert_eq!(
        (after_end.finished, after_end.running),
        (world.finished + 1, 7)
    );
    assert_eq!(after_end.targets.running.len(), 6);
    assert!(!after_end
        .targets
        .running
        .iter()
        .any(|(c, _)| *c == ended_channel));

    let mut again = after_end;
    again
        .fill_finished(&store, 45)
        .await
        .expect("more finished games");
    again.fill_running(&store, 10).await.expect("more running");
    let counted = World::resume(50, 5, now, &store)
        .await
        .expect("read back again");
    assert_eq!((counted.finished, counted.running), (45, 10));
    assert_eq!(counted.moves, again.moves);
    assert!(again.moves > world.moves);
    assert_eq!(counted.targets.running, again.targets.running);
    assert_eq!(counted.targets.running.len(), 9);

    // A store no fill made is not grown on.
    let other = tempfile::tempdir().expect("a temporary folder");
    let empty = Store::open(&db::test_url(other.path()).await)
        .await
        .expect("an empty store opens");
    assert!(World::resume(50, 5, now, &empty).await.is_err());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_servers_count_of_the_games_each_may_see_is_the_number_listed
}
/// The server's page reads its kept count of the games of its public
/// channels, and a member's adds their channel's and their own: each count
/// is the number of games the same audience is listed, whatever channel or
/// thread turns public or private (by each of the three writes of a
/// channel's view), and a game opened after counts at once.
async fn a_servers_count_of_the_games_each_may_see_is_the_number_listed() {
    use aquaretto_bot::store::{self, Audience, ChannelView};
    const GUILD: &str = "guild-count";
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("the store opens");
    // (channel, whether every member sees it; None: no view recorded)
    let channels = [
        ("c-open", Some(true)),
        ("c-open-2", Some(true)),
        ("c-closed", Some(false)),
        ("c-closed-2", Some(false)),
        ("c-unseen", None),
    ];
    let view = |channel: &str| ChannelView {
        channel: channel.to_string(),
        guild: GUILD.to_string(),
        parent: None,
        private_thread: false,
        everyone: None,
        denied_some: false,
    };
    let mut tx = store.write().await.expect("tx");
    for (channel, public) in channels {
        if let Some(public) = public {
            store::record_channel_view(&mut tx, &view(channel), public, 1)
                .await
                .expect("a view");
        }
    }
    // Games in every channel; "ana" sits in some of each, "ben" in others.
    async fn open(tx: &mut store::Tx, guild: &str, channel: &str, n: usize) {
        let id = an_ended_game(tx, guild, channel, n).await;
        let who = if n.is_multiple_of(3) { "ana" } else { "ben" };
        store::add_seat(tx, id, who, who, None)
            .await
            .expect("a seat");
    }
    for (i, (channel, _)) in channels.iter().enumerate() {
        for n in 0..(3 + i) {
            open(&mut tx, GUILD, channel, n).await;
        }
    }
    // A game of another server's channel is never counted.
    store::record_channel_view(
        &mut tx,
        &ChannelView {
            guild: "guild-other".into(),
            ..view("c-other")
        },
        true,
        1,
    )
    .await
    .expect("a view");
    open(&mut tx, "guild-other", "c-other", 0).await;
    tx.commit().await.expect("commit");

    let audiences = [
        Audience::Everyone,
        Audience::All,
        Audience::Member {
            channel: "c-closed",
            user: "ana",
        },
        Audience::Member {
            channel: "c-open",
            user: "ana",
        },
        Audience::Member {
            channel: "c-unseen",
            user: "ben",
        },
        Audience::Member {
            channel: "c-elsewhere",
            user: "ana",
        },
        Audience::Member {
            channel: "c-closed-2",
            user: "nobody",
        },
    ];
    let check = |when: &'static str| {
        let store = store.clone();
        async move {
            let mut tx = store.read().await.expect("tx");
            for audience in audiences {
                let listed = store::list_games(&mut tx, Some(GUILD), "", audience, 1_000, 0)
                    .await
                    .expect("the list")
                    .len() as i64;
                let counted = store::count_games(&mut tx, Some(GUILD), "", audience)
                    .await
                    .expect("the count");
                assert_eq!(counted, listed, "{when}: {audience:?}");
                assert!(listed > 0, "{when}: {audience:?} sees games");
            }
        }
    };
    check("as opened").await;
    // A closed channel opens, an open one closes, a game is opened.
    let mut tx = store.write().await.expect("tx");
    store::record_channel_view(&mut tx, &view("c-closed"), true, 2)
        .await
        .expect("opened");
    store::record_channel_view(&mut tx, &view("c-open-2"), false, 2)
        .await
        .expect("closed");
    open(&mut tx, GUILD, "c-unseen", 9).await;
    open(&mut tx, GUILD, "c-open", 10).await;
    tx.commit().await.expect("commit");
    check("after the changes").await;
    // A channel's overwrites change, its public threads with it; a channel
    // is set private; a view recorded again as it was changes nothing.
    let mut tx = store.write().await.expect("tx");
    for thread in ["t-open", "t-open-2"] {
        store::record_channel_view(
            &mut tx,
            &ChannelView {
                parent: Some("c-closed-2".into()),
                ..view(thread)
            },
            false,
            3,
        )
        .await
        .expect("a thread");
        open(&mut tx, GUILD, thread, 11).await;
    }
    store::update_channel_views(&mut tx, &view("c-closed-2"), true, 3)
        .await
        .expect("its overwrites");
    store::set_channel_public(&mut tx, "c-open", false, 3)
        .await
        .expect("made private");
    store::record_channel_view(&mut tx, &view("c-closed"), true, 3)
        .await
        .expect("the same again");
    tx.commit().await.expect("commit");
    check("after the overwrites").await;
    let mut tx = store.write().await.expect("tx");
    store::update_channel_views(&mut tx, &view("c-closed-2"), false, 4)
        .await
        .expect("its overwrites again");
    store::set_channel_public(&mut tx, "c-open", true, 4)
        .await
        .expect("made public");
    tx.commit().await.expect("commit");
    check("and back").await;
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_games_listed_stop_at_the_newest_thousand
}
/// `/aq games` and a server's web page offer the newest games' pages only
/// ([`referee::LISTED_PAGES`]): a page further back would read every game
/// before it. The count still says them all; a page past the last offered
/// is refused (in Discord) or shows the last offered (on the web).
async fn the_games_listed_stop_at_the_newest_thousand() {
    use aquaretto_bot::lang::Lang;
    use aquaretto_bot::referee::{self, Request};
    use aquaretto_bot::store::{self, ChannelView};
    const GUILD: &str = "guild-many";
    const CHANNEL: &str = "c-many";
    let listed = referee::LISTED_PAGES * referee::GAMES_PAGE;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("the store opens");
    let lang = Lang::english();
    let mut tx = store.write().await.expect("tx");
    let view = ChannelView {
        channel: CHANNEL.into(),
        guild: GUILD.into(),
        parent: None,
        private_thread: false,
        everyone: None,
        denied_some: false,
    };
    store::record_channel_view(&mut tx, &view, true, 1)
        .await
        .expect("a view");
    let mut ids = Vec::new();
    for n in 0..listed + 10 {
        let id = an_ended_game(&mut tx, GUILD, CHANNEL, n).await;
        ids.push(id);
    }
    tx.commit().await.expect("commit");
    ids.reverse();
    let referee = Referee::new(store.clone());
    let games = |page: usize| {
        referee.handle(Request {
            channel: CHANNEL.into(),
            guild: Some(GUILD.into()),
            actor: growth::actor("id-ana", "ana"),
            command: aquaretto_bot::command::parse(&format!("/aq games page:{page}"))
                .expect("a command"),
            via: Default::default(),
        })
    };
    let last = games(referee::LISTED_PAGES).await;
    assert!(last.accepted, "{}", last.text());
    let pages = referee::LISTED_PAGES;
    let total = listed + 10;
    assert!(
        last.text()
            .contains(&format!("page {pages} of {pages}, {total} in all")),
        "{}",
        last.text()
    );
    assert!(
        last.text().contains(&format!("#{}", ids[listed - 1])),
        "{}",
        last.text()
    );
    let past = games(referee::LISTED_PAGES + 1).await;
    assert!(!past.accepted, "{}", past.text());
    assert!(
        past.text().contains(&format!(
            "Only the newest {listed} games are listed ({pages} pages)"
        )),
        "{}",
        past.text()
    );
    let web = referee
        .web_server(GUILD, u32::MAX, &lang)
        .await
        .expect("the server's page");
    assert_eq!(web.pages as usize, referee::LISTED_PAGES);
    assert_eq!(web.ids, ids[listed - referee::GAMES_PAGE..listed].to_vec());
}

/// A game opened in a server's channel by "ana" and ended (abandoned), so
/// that the channel may open the next: a row to count and list.
async fn an_ended_game(
    tx: &mut aquaretto_bot::store::Tx,
    guild: &str,
    channel: &str,
    n: usize,
) -> i64 {
    use aquaretto_bot::store::{self, NewGame};
    let lang = aquaretto_bot::lang::Lang::english();
    let id = store::insert_game(
        tx,
        NewGame {
            channel,
            guild: Some(guild),
            creator: "ana",
            seed: n as u64,
            removed: None,
            first: None,
            deck: None,
            practice: false,
            lang: &lang,
            now: "2026-01-01T00:00:00Z",
        },
    )
    .await
    .expect("a game");
    store::set_status(
        tx,
        id,
        store::GameStatus::Abandoned,
        None,
        "2026-01-01T00:00:01Z",
    )
    .await
    .expect("ended");
    id
}
