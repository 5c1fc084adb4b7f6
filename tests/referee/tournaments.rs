//! Tournaments through the store and the referee, on both databases: a
//! tournament opened in a channel, sign-up and withdrawal (idempotent in
//! the store, refused privately and changing nothing at the referee), the
//! standings from the results recorded so far, and the end.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;

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
        store::insert_tournament_table(&mut tx, id, round, table, None)
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
