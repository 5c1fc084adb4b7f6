//! Tournaments through the store and the referee, on both databases: a
//! tournament opened in a channel, sign-up and withdrawal (idempotent in
//! the store, refused privately and changing nothing at the referee), the
//! standings from the results recorded so far, and the end.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::{self, NewTournament, Store, TournamentStatus};
use aquaretto_bot::time_control::Pace;
use aquaretto_bot::tournament::{EntrantId, FormatKind, Placing, TableResult};
use tempfile::TempDir;

async fn store() -> (Store, TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    (store, dir)
}

fn spring<'a>(channel: &'a str) -> NewTournament<'a> {
    NewTournament {
        guild: Some("guild-1"),
        channel,
        name: Some("Spring cup"),
        format: FormatKind::Swiss,
        table_size: 3,
        rounds: Some(3),
        clock: Some(Pace::Normal),
        deadline_ms: 14 * 86_400_000,
        rated: true,
        vacations: false,
        created_by: "id-ana",
        now: "2026-12-01T10:00:00Z",
        seed: u64::MAX - 7,
        closes_at_ms: None,
        closes_at_players: None,
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_tournament_is_stored_and_found_by_its_channel
}
async fn a_tournament_is_stored_and_found_by_its_channel() {
    let (store, _dir) = store().await;
    let mut tx = store.write().await.expect("tx");
    let id = store::insert_tournament(&mut tx, &spring("chan-1"))
        .await
        .expect("inserted");
    let other = store::insert_tournament(
        &mut tx,
        &NewTournament {
            name: None,
            format: FormatKind::RoundRobin,
            table_size: 5,
            rounds: None,
            clock: None,
            rated: false,
            vacations: true,
            ..spring("chan-2")
        },
    )
    .await
    .expect("inserted");
    tx.commit().await.expect("commit");

    let mut tx = store.read().await.expect("tx");
    let found = store::open_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("open");
    assert_eq!(found.id, id);
    assert_eq!(found.guild.as_deref(), Some("guild-1"));
    assert_eq!(found.channel, "chan-1");
    assert_eq!(found.name.as_deref(), Some("Spring cup"));
    assert_eq!(found.format, FormatKind::Swiss);
    assert_eq!(found.table_size, 3);
    assert_eq!(found.rounds, Some(3));
    assert_eq!(found.clock, Some(Pace::Normal));
    assert_eq!(found.deadline_ms, 14 * 86_400_000);
    assert!(found.rated && !found.vacations);
    assert_eq!(found.status, TournamentStatus::Signup);
    assert_eq!(found.created_by, "id-ana");
    assert_eq!(found.created_at, "2026-12-01T10:00:00Z");
    assert_eq!((found.closes_at_ms, found.closes_at_players), (None, None));
    assert_eq!(found.seed, u64::MAX - 7, "a seed past i64 reads back whole");
    let second = store::tournament_by_id(&mut tx, other)
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(second.name, None);
    assert_eq!(second.format, FormatKind::RoundRobin);
    assert_eq!((second.rounds, second.clock), (None, None));
    assert!(!second.rated && second.vacations);
    assert!(store::open_tournament(&mut tx, "chan-3")
        .await
        .expect("read")
        .is_none());
    drop(tx);

    // One open per channel: the database refuses a second.
    let mut tx = store.write().await.expect("tx");
    assert!(store::insert_tournament(&mut tx, &spring("chan-1"))
        .await
        .is_err());
    drop(tx);

    // Ended, it is no longer open, but still the channel's latest; a new
    // one may open.
    let mut tx = store.write().await.expect("tx");
    store::set_tournament_status(&mut tx, id, TournamentStatus::Ended)
        .await
        .expect("set");
    assert!(store::open_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .is_none());
    let latest = store::latest_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("kept");
    assert_eq!((latest.id, latest.status), (id, TournamentStatus::Ended));
    let next = store::insert_tournament(&mut tx, &spring("chan-1"))
        .await
        .expect("a new one opens");
    tx.commit().await.expect("commit");
    let mut tx = store.read().await.expect("tx");
    let latest = store::latest_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("kept");
    assert_eq!(latest.id, next);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    signing_up_and_withdrawing_are_idempotent_and_keep_the_order
}
async fn signing_up_and_withdrawing_are_idempotent_and_keep_the_order() {
    let (store, _dir) = store().await;
    let mut tx = store.write().await.expect("tx");
    let id = store::insert_tournament(&mut tx, &spring("chan-1"))
        .await
        .expect("inserted");
    let other = store::insert_tournament(&mut tx, &spring("chan-2"))
        .await
        .expect("inserted");
    for (user, name, at) in [
        ("id-ben", "ben", "2026-12-01T10:01:00Z"),
        ("id-ana", "ana", "2026-12-01T10:02:00Z"),
        ("id-cy", "cy", "2026-12-01T10:03:00Z"),
    ] {
        assert!(store::sign_up(&mut tx, id, user, name, at)
            .await
            .expect("signed up"));
    }
    // Twice is once: the first sign-up stands, name and time.
    assert!(
        !store::sign_up(&mut tx, id, "id-ana", "Ana again", "2026-12-01T11:00:00Z")
            .await
            .expect("no error")
    );
    // Another tournament's list is its own.
    assert!(
        store::sign_up(&mut tx, other, "id-ana", "ana", "2026-12-01T10:05:00Z")
            .await
            .expect("signed up")
    );
    tx.commit().await.expect("commit");

    let mut tx = store.write().await.expect("tx");
    let list = store::entrants(&mut tx, id).await.expect("read");
    let names: Vec<(&str, i64)> = list
        .iter()
        .map(|e| (e.name.as_str(), e.signed_up))
        .collect();
    assert_eq!(names, [("ben", 1), ("ana", 2), ("cy", 3)]);
    assert_eq!(list[1].user_id, "id-ana");
    assert_eq!(list[1].signed_up_at, "2026-12-01T10:02:00Z");
    assert_eq!(list[1].dropped_at, None);

    assert!(store::withdraw(&mut tx, id, "id-ana").await.expect("left"));
    assert!(!store::withdraw(&mut tx, id, "id-ana")
        .await
        .expect("no error"));
    assert!(!store::withdraw(&mut tx, id, "id-nobody")
        .await
        .expect("no error"));
    // Back again: last in the order.
    assert!(
        store::sign_up(&mut tx, id, "id-ana", "ana", "2026-12-01T12:00:00Z")
            .await
            .expect("signed up")
    );
    tx.commit().await.expect("commit");

    let mut tx = store.read().await.expect("tx");
    let names: Vec<(String, i64)> = store::entrants(&mut tx, id)
        .await
        .expect("read")
        .into_iter()
        .map(|e| (e.name, e.signed_up))
        .collect();
    assert_eq!(
        names,
        [("ben".into(), 1), ("cy".into(), 3), ("ana".into(), 4)]
    );
    let theirs = store::entrants(&mut tx, other).await.expect("read");
    assert_eq!(theirs.len(), 1);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_tables_result_is_kept_with_its_round
}
async fn a_tables_result_is_kept_with_its_round() {
    let (store, _dir) = store().await;
    let mut tx = store.write().await.expect("tx");
    let id = store::insert_tournament(&mut tx, &spring("chan-1"))
        .await
        .expect("inserted");
    for (round, table) in [(1, 1), (1, 2), (2, 1)] {
        store::insert_tournament_table(&mut tx, id, round, table, &[], None)
            .await
            .expect("table");
    }
    let result = |who: [&str; 2], scores: [i32; 2]| {
        TableResult::new(
            who.iter()
                .zip(scores)
                .enumerate()
                .map(|(i, (w, score))| Placing {
                    entrant: EntrantId::new(*w),
                    place: i + 1,
                    score,
                })
                .collect(),
        )
        .expect("a table's result")
    };
    let first = result(["id-ana", "id-ben"], [40, 31]);
    let second = result(["id-cy", "id-di"], [35, 20]);
    store::set_table_result(&mut tx, id, 1, 2, &second)
        .await
        .expect("recorded");
    store::set_table_result(&mut tx, id, 1, 1, &first)
        .await
        .expect("recorded");
    assert!(
        store::set_table_result(&mut tx, id, 3, 1, &first)
            .await
            .is_err(),
        "no such table"
    );
    tx.commit().await.expect("commit");
    let mut tx = store.read().await.expect("tx");
    // Round 2's table is not over: not a result yet.
    assert_eq!(
        store::table_results(&mut tx, id).await.expect("read"),
        [(1, first), (1, second)]
    );
}

/// A channel's referee, and the commands said to it.
struct Hall {
    referee: Referee,
    _dir: TempDir,
}

async fn hall() -> Hall {
    let (store, dir) = store().await;
    Hall {
        referee: Referee::new(store),
        _dir: dir,
    }
}

fn person(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

impl Hall {
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

    /// `who` says `text` in chan-1 and is answered yes; the answer's text.
    async fn ok(&self, who: &str, text: &str) -> Reply {
        let reply = self.say_in("chan-1", &person(who), text).await;
        assert!(
            reply.accepted,
            "{who}: {text} was refused: {}",
            reply.text()
        );
        reply
    }

    /// `who` says `text` in chan-1 and is refused, privately, with no row
    /// of the database changed; the refusal's text.
    async fn no(&self, who: &str, text: &str) -> String {
        let before = db::all_rows(self.referee.store().pool()).await;
        let reply = self.say_in("chan-1", &person(who), text).await;
        assert!(
            !reply.accepted,
            "{who}: {text} was accepted: {}",
            reply.text()
        );
        assert!(reply.private, "{who}: {text}: a refusal is private");
        assert_eq!(
            db::all_rows(self.referee.store().pool()).await,
            before,
            "{who}: {text} changed the database"
        );
        reply.text()
    }

    /// The standings' lines after their head, as `who` reads them.
    async fn standings(&self, who: &str) -> Vec<String> {
        let reply = self.ok(who, "tournament standings").await;
        assert!(reply.private, "the standings are shown to the asker");
        reply.text().lines().skip(1).map(str::to_string).collect()
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    players_sign_up_in_order_and_the_standings_start_at_zero
}
async fn players_sign_up_in_order_and_the_standings_start_at_zero() {
    let t = hall().await;
    let opened = t
        .ok("ana", "tournament new name:\"Spring cup\" size:3 rounds:2")
        .await;
    assert!(
        !opened.private,
        "the channel reads that a tournament opened"
    );
    let said = opened.text();
    assert!(
        said.contains("ana opened the tournament Spring cup (#1)."),
        "{said}"
    );
    assert!(
        said.contains(
            "Swiss, tables of 3, 2 rounds; clock normal, 14d a round; rated; \
             away does not pause its games' clocks."
        ),
        "{said}"
    );
    assert!(said.contains("tournament join"), "{said}");
    // The organiser is not signed up by opening it.
    let lines = t.standings("ana").await;
    assert_eq!(lines, ["Nobody has signed up yet."]);

    for (who, count) in [
        ("ben", "1 player"),
        ("cy", "2 players"),
        ("ana", "3 players"),
    ] {
        let joined = t.ok(who, "tournament join").await;
        assert!(!joined.private);
        assert_eq!(
            joined.text(),
            format!("{who} signed up for Spring cup (#1): {count} so far.")
        );
    }
    let head = t.ok("di", "tournament standings").await.text();
    assert!(
        head.starts_with(
            "Standings of Spring cup (#1) (signing up; 0 rounds with results, 3 players):"
        ),
        "{head}"
    );
    let zero = |place: usize, name: &str| {
        format!("{place}. {name}: 0 points (0 games, 0 byes; 0 game points, Buchholz 0.0)")
    };
    assert_eq!(
        t.standings("di").await,
        [
            "No results yet: everyone has 0 points, in sign-up order.".to_string(),
            zero(1, "ben"),
            zero(2, "cy"),
            zero(3, "ana"),
        ]
    );
    // Withdrawn and back: last in the order.
    let left = t.ok("ben", "tournament leave").await;
    assert_eq!(
        left.text(),
        "ben withdrew from Spring cup (#1): 2 players signed up."
    );
    t.ok("ben", "tournament join").await;
    assert_eq!(
        t.standings("ana").await[1..],
        [zero(1, "cy"), zero(2, "ana"), zero(3, "ben")]
    );
    // Another channel's tournament is its own.
    let elsewhere = t
        .say_in("chan-2", &person("di"), "tournament new format:round_robin")
        .await;
    assert!(elsewhere.accepted, "{}", elsewhere.text());
    assert!(
        elsewhere
            .text()
            .contains("Round robin, tables of 4, as many rounds as the format needs; clock normal"),
        "{}",
        elsewhere.text()
    );
    assert_eq!(t.standings("ana").await.len(), 4);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    refusals_are_private_clear_and_change_nothing
}
async fn refusals_are_private_clear_and_change_nothing() {
    let t = hall().await;
    let none = "No tournament is open in this channel. tournament new opens one.";
    assert_eq!(t.no("ben", "tournament join").await, none);
    assert_eq!(t.no("ben", "tournament leave").await, none);
    assert_eq!(t.no("ben", "tournament end").await, none);
    assert_eq!(
        t.no("ben", "tournament standings").await,
        "This channel has had no tournament yet. tournament new opens one."
    );
    assert_eq!(
        t.no("ana", "tournament new rounds:13").await,
        "A Swiss tournament plays 1 to 12 rounds, not 13."
    );
    assert_eq!(
        t.no("ana", "tournament new rounds:0").await,
        "A Swiss tournament plays 1 to 12 rounds, not 0."
    );
    assert_eq!(
        t.no("ana", "tournament new format:elimination rounds:3")
            .await,
        "An elimination plays as many rounds as its format needs: rounds: is for format:swiss."
    );
    assert_eq!(
        t.no("ana", "tournament new deadline:off").await,
        "Every round has a deadline, from 1h to 60d (like 7d), not off."
    );
    assert_eq!(
        t.no("ana", "tournament new deadline:30m").await,
        "Every round has a deadline, from 1h to 60d (like 7d), not 30m."
    );

    t.ok("ana", "tournament new name:Winter").await;
    assert_eq!(
        t.no("ben", "tournament new name:Other").await,
        "Winter (#1) is already open in this channel, and a channel holds one at a time. \
         Its organiser, or someone who manages the channel, can end it with tournament end."
    );
    assert_eq!(
        t.no("ben", "tournament leave").await,
        "You are not signed up for Winter (#1), so there is nothing to withdraw from. \
         tournament join signs you up."
    );
    t.ok("ben", "tournament join").await;
    t.ok("cy", "tournament join").await;
    assert_eq!(
        t.no("cy", "tournament join").await,
        "You are already signed up for Winter (#1) (number 2 in the sign-up order). \
         tournament leave takes you off the list."
    );
    assert_eq!(
        t.no("ben", "tournament end").await,
        "Only the organiser of Winter (#1), or someone who manages this channel, can end it."
    );

    // Once its rounds have begun, the list is closed.
    let mut tx = t.referee.store().write().await.expect("tx");
    let open = store::open_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("open");
    store::set_tournament_status(&mut tx, open.id, TournamentStatus::Running)
        .await
        .expect("set");
    tx.commit().await.expect("commit");
    let closed = "Sign-up for Winter (#1) is closed: its rounds have begun.";
    assert_eq!(t.no("di", "tournament join").await, closed);
    assert_eq!(t.no("ben", "tournament leave").await, closed);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_organiser_or_a_channel_manager_ends_it_and_a_new_one_may_open
}
async fn the_organiser_or_a_channel_manager_ends_it_and_a_new_one_may_open() {
    let t = hall().await;
    t.ok("ana", "tournament new").await;
    t.ok("ben", "tournament join").await;
    let ended = t.ok("ana", "tournament end").await;
    assert!(!ended.private);
    assert!(
        ended.text().starts_with("ana ended Tournament #1."),
        "{}",
        ended.text()
    );
    // Its standings stay; its list is closed; the channel may open another.
    let head = t.ok("ben", "tournament standings").await.text();
    assert!(
        head.starts_with("Standings of Tournament #1 (ended; 0 rounds with results, 1 player):"),
        "{head}"
    );
    assert_eq!(
        t.no("cy", "tournament join").await,
        "No tournament is open in this channel. tournament new opens one."
    );
    t.ok(
        "ben",
        "tournament new name:\"Second go\" size:5 clock:off deadline:3d rated:off vacations:on",
    )
    .await;
    let mut tx = t.referee.store().read().await.expect("tx");
    let second = store::open_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("open");
    assert_eq!(second.name.as_deref(), Some("Second go"));
    assert_eq!((second.table_size, second.clock), (5, None));
    assert_eq!(second.deadline_ms, 3 * 86_400_000);
    assert!(!second.rated && second.vacations);
    assert_eq!(second.created_by, "id-ben");
    drop(tx);
    // Someone who manages the channel ends another's tournament.
    let manager = Actor {
        manages_channel: true,
        ..person("mo")
    };
    let ended = t.say_in("chan-1", &manager, "tournament end").await;
    assert!(ended.accepted, "{}", ended.text());
    assert!(ended.text().starts_with("mo ended Second go (#2)."));
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_standings_count_the_results_recorded
}
async fn the_standings_count_the_results_recorded() {
    let t = hall().await;
    t.ok("ana", "tournament new size:2").await;
    for who in ["ana", "ben", "cy", "di"] {
        t.ok(who, "tournament join").await;
    }
    // Round 1: ana beats ben 40 to 30, cy beats di 35 to 20.
    let mut tx = t.referee.store().write().await.expect("tx");
    let open = store::open_tournament(&mut tx, "chan-1")
        .await
        .expect("read")
        .expect("open");
    let table = |a: &str, b: &str, scores: [i32; 2]| {
        TableResult::new(vec![
            Placing {
                entrant: EntrantId::new(format!("id-{a}")),
                place: 1,
                score: scores[0],
            },
            Placing {
                entrant: EntrantId::new(format!("id-{b}")),
                place: 2,
                score: scores[1],
            },
        ])
        .expect("a result")
    };
    for (n, result) in [
        (1, table("ana", "ben", [40, 30])),
        (2, table("cy", "di", [35, 20])),
    ] {
        store::insert_tournament_table(&mut tx, open.id, 1, n, &[], None)
            .await
            .expect("table");
        store::set_table_result(&mut tx, open.id, 1, n, &result)
            .await
            .expect("result");
    }
    tx.commit().await.expect("commit");
    // By hand: ana and cy 12 points, ana ahead on game points (40 to 35);
    // ben and di 0, ben ahead (30 to 20). Each one's Buchholz is their
    // one opponent's points.
    let lines = t.standings("di").await;
    assert_eq!(
        lines,
        [
            "1. ana: 12 points (1 game, 0 byes; 40 game points, Buchholz 0.0)",
            "2. cy: 12 points (1 game, 0 byes; 35 game points, Buchholz 0.0)",
            "3. ben: 0 points (1 game, 0 byes; 30 game points, Buchholz 12.0)",
            "4. di: 0 points (1 game, 0 byes; 20 game points, Buchholz 12.0)",
        ]
    );
}
