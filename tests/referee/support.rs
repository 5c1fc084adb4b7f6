//! What the referee's tests use of the test kit (testkit/): the databases,
//! the fuzzer's inputs and strategies, and the growth benchmark's world and
//! query plans.

pub use aquaretto_testkit::{db, fuzz_inputs, fuzz_strategies, growth, plans, postgres, tiers};

/// A finished game's row, `n`th of `guild` (rating changes and move times
/// name it), finished at `finished_ms`: its id.
pub async fn finished_game_row(
    conn: &mut sqlx::AnyConnection,
    guild: &str,
    n: usize,
    finished_ms: i64,
) -> i64 {
    let at = aquaretto_bot::clock::rfc3339(finished_ms);
    let row = sqlx::query(
        "INSERT INTO games (channel, guild, status, creator, seed, created_at, ended_at, move_count) \
         VALUES ($1, $2, 'finished', 'p0', $3, $4, $5, 0) RETURNING id",
    )
    .bind(format!("chan-{}", n % 3))
    .bind(guild)
    .bind(n as i64)
    .bind(&at)
    .bind(&at)
    .fetch_one(&mut *conn)
    .await
    .expect("a game row");
    sqlx::Row::get(&row, "id")
}

/// The median of times as the stats say it: the middle one, or the mean of
/// the two in the middle (rounded down).
pub fn median(times: &[i64]) -> i64 {
    let mut t = times.to_vec();
    t.sort_unstable();
    let n = t.len();
    if n % 2 == 1 {
        t[n / 2]
    } else {
        (t[n / 2 - 1] + t[n / 2]) / 2
    }
}
