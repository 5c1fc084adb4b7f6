//! A person's median time to move, read from their counts of moves by
//! duration (`pace_counts`: two rows summed by the database at each level,
//! whatever the moves), is the median of their times as the stats say a
//! time (to the second under an hour, to the minute after): for any number
//! of moves, odd and even, times from a second to days, some taken out
//! again, on both databases.

use crate::support::{self, db};
use aquaretto_bot::store::{self, MoveTime, Store};
use db::on_sqlite_and_postgresql;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SCOPE: &str = "guild-pace";

/// The median of the times as their buckets say them.
fn bucketed_median(times: &[i64]) -> i64 {
    let bucketed: Vec<i64> = times
        .iter()
        .map(|&ms| store::bucket_ms(store::bucket(ms)))
        .collect();
    support::median(&bucketed)
}

/// A time to move: mostly seconds and minutes, sometimes hours or days.
fn a_time(rng: &mut ChaCha8Rng) -> i64 {
    match rng.random_range(0..10) {
        0..=4 => rng.random_range(0..60_000),
        5..=7 => rng.random_range(60_000..3_600_000),
        8 => rng.random_range(3_600_000..86_400_000),
        _ => rng.random_range(86_400_000..10 * 86_400_000),
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_persons_median_from_their_counts_is_the_median_of_their_times
}
async fn a_persons_median_from_their_counts_is_the_median_of_their_times() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let mut games = Vec::new();
    {
        let mut tx = store.write().await.expect("tx");
        for n in 0..4 {
            games.push(support::finished_game_row(&mut tx, SCOPE, n, 1_800_000_000_000).await);
        }
        tx.commit().await.expect("commit");
    }
    // People with 1 to 300 moves over the games; then one game's times
    // taken out, as when a game stops counting.
    let people: Vec<(String, usize)> = [1, 2, 3, 4, 7, 10, 31, 64, 151, 300]
        .iter()
        .map(|&n| (format!("u{n}"), n))
        .collect();
    let mut times: std::collections::BTreeMap<(i64, String), Vec<i64>> = Default::default();
    let mut tx = store.write().await.expect("tx");
    let mut seq = 0;
    let mut recorded = Vec::new();
    for (who, n) in &people {
        for i in 0..*n {
            let game = games[i % games.len()];
            let ms = a_time(&mut rng);
            seq += 1;
            let time = MoveTime {
                game_id: game,
                seq,
                scope: SCOPE.into(),
                user_id: who.clone(),
                name: who.clone(),
                ms,
            };
            store::record_move_time(&mut tx, &time)
                .await
                .expect("a time recorded");
            recorded.push(time);
            times.entry((game, who.clone())).or_default().push(ms);
        }
    }
    tx.commit().await.expect("commit");
    let check = |times: std::collections::BTreeMap<(i64, String), Vec<i64>>| {
        let store = store.clone();
        let people = people.clone();
        async move {
            let mut tx = store.read().await.expect("tx");
            for (who, _) in &people {
                let mine: Vec<i64> = times
                    .iter()
                    .filter(|((_, w), _)| w == who)
                    .flat_map(|(_, t)| t.iter().copied())
                    .collect();
                let pace = store::player_pace(&mut tx, SCOPE, who)
                    .await
                    .expect("the pace");
                match pace {
                    None => assert!(mine.is_empty(), "{who}: no pace for {} moves", mine.len()),
                    Some(p) => {
                        assert_eq!(p.moves, mine.len() as i64, "{who}");
                        assert_eq!(p.median_ms, bucketed_median(&mine), "{who}: {mine:?}");
                    }
                }
            }
        }
    };
    check(times.clone()).await;
    let mut tx = store.write().await.expect("tx");
    assert!(store::paced(&mut tx, games[1]).await.expect("marked"));
    store::forget_move_times(&mut tx, games[1], &recorded)
        .await
        .expect("taken out");
    assert!(!store::paced(&mut tx, games[1]).await.expect("unmarked"));
    // A game taken out already is not taken out twice.
    store::forget_move_times(&mut tx, games[1], &recorded)
        .await
        .expect("taken out again");
    tx.commit().await.expect("commit");
    times.retain(|(game, _), _| *game != games[1]);
    check(times).await;
}
