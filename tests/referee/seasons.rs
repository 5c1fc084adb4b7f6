//! A season's running totals (kept as each game is rated) say what its
//! rating changes say, on both databases: games rated across a month's and
//! a quarter's end, one of them late (the place rated again from the
//! start), then every season's standings from the totals compared with the
//! standings made from the rating changes themselves; and a place rated
//! before the totals were kept has them made whole, the same.

use crate::support::db::on_sqlite_and_postgresql;
use crate::support::{self, db};
use aquaretto_bot::referee::{self, Contestant, SEASON_SIZE};
use aquaretto_bot::store::{self, Store};
use aquaretto_bot::tournament::season::{
    rank_season, season_standings, Season, SeasonGame, SeasonLength, SeasonStandings,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SCOPE: &str = "guild-s";
/// 2026-09-25 00:00 UTC: the games run into October, and the fourth quarter.
const FIRST_MS: i64 = 1_790_294_400_000;
const GAMES: usize = 40;
const HOUR: i64 = 3_600_000;

/// 2 to 4 of 6 people, and sometimes a computer player (an opponent
/// only), in random places.
fn contestants(rng: &mut ChaCha8Rng) -> Vec<Contestant> {
    let mut people: Vec<usize> = (0..6).collect();
    let mut all = Vec::new();
    for seat in 0..rng.random_range(2..=4usize) {
        let p = people.swap_remove(rng.random_range(0..people.len()));
        all.push(Contestant {
            seat,
            user_id: format!("p{p}"),
            name: format!("Player {p}"),
            computer: false,
            place: rng.random_range(1..=3),
            rated: true,
        });
    }
    if rng.random_bool(0.3) {
        all.push(Contestant {
            seat: all.len(),
            user_id: "bot:normal".into(),
            name: "Normal bot".into(),
            computer: true,
            place: rng.random_range(1..=3),
            rated: true,
        });
    }
    all
}

/// Rates one game, as a finished game is: again from the start when it
/// came late.
async fn rate(store: &Store, n: usize, finished_ms: i64, rng: &mut ChaCha8Rng) {
    let mut tx = store.write().await.expect("tx");
    let id = support::finished_game_row(&mut tx, SCOPE, n, finished_ms).await;
    let all = contestants(rng);
    if referee::rate_game(&mut tx, SCOPE, id, finished_ms, &all)
        .await
        .expect("rated")
    {
        referee::rerate(&mut tx, SCOPE).await.expect("rated again");
    }
    tx.commit().await.expect("commit");
}

/// A season's standings and games as its rating changes say them.
async fn from_changes(store: &Store, season: Season) -> (SeasonStandings, i64) {
    let mut tx = store.read().await.expect("tx");
    let changes = store::rating_changes_in_order(&mut tx, SCOPE)
        .await
        .expect("changes");
    let inside: Vec<_> = changes
        .iter()
        .filter(|c| (season.start_ms()..season.end_ms()).contains(&c.finished_ms))
        .collect();
    let mut games: Vec<i64> = inside.iter().map(|c| c.game_id).collect();
    games.dedup();
    let parts: Vec<SeasonGame> = inside
        .iter()
        .filter(|c| !c.computer && c.rated)
        .map(|c| SeasonGame {
            user_id: c.user_id.clone(),
            name: c.name.clone(),
            place: c.place,
            before: (c.before.mu, c.before.sigma),
            after: (c.after.mu, c.after.sigma),
        })
        .collect();
    (season_standings(&parts), games.len() as i64)
}

/// The same season from its running totals; and its first people and
/// counts as a season under way reads them (`season_top`), the same.
async fn from_totals(store: &Store, season: Season) -> (SeasonStandings, i64) {
    let mut tx = store.read().await.expect("tx");
    let name = season.to_string();
    let (lines, games) = store::season_totals(&mut tx, SCOPE, &name)
        .await
        .expect("totals");
    let all = rank_season(lines);
    let ranked = all.ranked.len();
    for n in [1, 3, SEASON_SIZE, ranked, ranked + 1] {
        let top = store::season_top(&mut tx, SCOPE, &name, n)
            .await
            .expect("the first");
        assert_eq!(
            top.first,
            all.ranked[..n.min(ranked)],
            "{season}: first {n}"
        );
        assert_eq!(
            (top.ranked, top.unranked, top.games),
            (ranked as i64, all.unranked as i64, games),
            "{season}: counts"
        );
    }
    (all, games)
}

fn seasons() -> Vec<Season> {
    let mut all = Vec::new();
    for length in [SeasonLength::Month, SeasonLength::Quarter] {
        for at in [FIRST_MS, FIRST_MS + 20 * 24 * HOUR] {
            all.extend(Season::at(at, length));
        }
    }
    all
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_seasons_running_totals_say_what_its_rating_changes_say
}
async fn a_seasons_running_totals_say_what_its_rating_changes_say() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    // Twelve hours apart: 20 days, over September's and the quarter's end.
    for n in 0..GAMES {
        rate(&store, n, FIRST_MS + n as i64 * 12 * HOUR, &mut rng).await;
    }
    // A game that finished before the last rated: the place is rated again.
    rate(&store, GAMES, FIRST_MS + 7 * HOUR, &mut rng).await;
    let names: Vec<String> = seasons().iter().map(Season::to_string).collect();
    assert_eq!(names, ["2026-09", "2026-10", "2026-Q3", "2026-Q4"]);
    for season in seasons() {
        let (expected, games) = from_changes(&store, season).await;
        assert!(
            games > 5 && !expected.ranked.is_empty(),
            "{season}: {games} games"
        );
        assert_eq!(
            from_totals(&store, season).await,
            (expected, games),
            "{season}"
        );
    }
    // Rated from its first game on, the place's totals are whole.
    let mut tx = store.write().await.expect("tx");
    assert!(store::season_totals_made(&mut tx, SCOPE)
        .await
        .expect("read"));
    // A place rated before the totals were kept: made whole from its
    // rating changes, the same.
    for table in ["season_people", "season_counts", "season_totals_made"] {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&mut *tx)
            .await
            .expect("forgotten");
    }
    assert!(!store::season_totals_made(&mut tx, SCOPE)
        .await
        .expect("read"));
    store::make_season_totals(&mut tx, SCOPE, FIRST_MS)
        .await
        .expect("made");
    assert!(store::season_totals_made(&mut tx, SCOPE)
        .await
        .expect("read"));
    tx.commit().await.expect("commit");
    for season in seasons() {
        let expected = from_changes(&store, season).await;
        assert_eq!(from_totals(&store, season).await, expected, "{season}");
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_first_of_a_season_are_read_in_the_standings_order_even_when_level
}
async fn the_first_of_a_season_are_read_in_the_standings_order_even_when_level() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    // One person ahead, three level on their rating and games (so only
    // their names order them), one level on the rating with a game less,
    // and one with too few games to be ranked.
    let people: [(&str, &str, i64, f64, f64); 6] = [
        ("u-top", "Zed", 4, 30.0, 2.0),
        ("u-cy", "Cy", 3, 25.0, 3.0),
        ("u-al", "Al", 3, 25.0, 3.0),
        ("u-bo", "Bo", 3, 25.0, 3.0),
        ("u-ann", "Ann", 4, 25.0, 3.0),
        ("u-new", "Aaron", 2, 40.0, 1.0),
    ];
    let mut tx = store.write().await.expect("tx");
    for (id, name, games, mu, sigma) in people {
        sqlx::query(
            "INSERT INTO season_people (scope, season, user_id, name, games, wins, mu_first, \
             sigma_first, mu, sigma, estimate) VALUES ($1, '2026-11', $2, $3, $4, 1, 25.0, 8.0, \
             $5, $6, $7)",
        )
        .bind(SCOPE)
        .bind(id)
        .bind(name)
        .bind(games)
        .bind(mu)
        .bind(sigma)
        .bind(mu - 3.0 * sigma)
        .execute(&mut *tx)
        .await
        .expect("a person's season");
    }
    sqlx::query(
        "INSERT INTO season_counts (scope, season, games, people, ranked) \
         VALUES ($1, '2026-11', 7, 6, 5)",
    )
    .bind(SCOPE)
    .execute(&mut *tx)
    .await
    .expect("the season's counts");
    tx.commit().await.expect("commit");
    let mut tx = store.read().await.expect("tx");
    let (lines, _) = store::season_totals(&mut tx, SCOPE, "2026-11")
        .await
        .expect("totals");
    let order: Vec<String> = rank_season(lines)
        .ranked
        .iter()
        .map(|l| l.name.clone())
        .collect();
    assert_eq!(order, ["Zed", "Ann", "Al", "Bo", "Cy"]);
    for n in 1..=6 {
        let top = store::season_top(&mut tx, SCOPE, "2026-11", n)
            .await
            .expect("the first");
        let names: Vec<&str> = top.first.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, order[..n.min(5)], "the first {n}");
        assert_eq!((top.ranked, top.unranked, top.games), (5, 1, 7));
    }
}
