//! Ratings and pace through the referee, on both databases: whole games
//! played on the test clock, then the stored ratings and `/aq past stats`
//! checked against the `skillratings` crate's own `weng_lin_multi_team`,
//! run here over the same games in the order they finished, and the median
//! times to move against the clock's steps.

use crate::support::db::on_sqlite_and_postgresql;
use crate::support::{self, db};
use aquaretto_bot::clock::{ManualClock, Millis};
use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use sqlx::Row;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tempfile::TempDir;

const EPOCH: Millis = 1_790_000_000_000;
const GUILD: &str = "guild-r";
const CHANNEL: &str = "chan-r";

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

struct Table {
    referee: Referee,
    clock: ManualClock,
    url: String,
    _dir: TempDir,
}

async fn referee_on(url: &str, clock: &ManualClock) -> Referee {
    Referee::new(Store::open(url).await.expect("store opens")).with_clock(Arc::new(clock.clone()))
}

async fn table() -> Table {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = db::test_url(dir.path()).await;
    let clock = ManualClock::new(EPOCH);
    Table {
        referee: referee_on(&url, &clock).await,
        clock,
        url,
        _dir: dir,
    }
}

async fn say(referee: &Referee, channel: &str, who: &Actor, text: &str) -> Reply {
    let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some(GUILD.to_string()),
            actor: who.clone(),
            command,
            via: Default::default(),
        })
        .await
}

async fn ok(referee: &Referee, channel: &str, who: &Actor, text: &str) -> Reply {
    let reply = say(referee, channel, who, text).await;
    assert!(reply.accepted, "{}: {text}: {}", who.name, reply.text());
    reply
}

async fn stats(referee: &Referee, player: Option<&str>) -> String {
    let text = match player {
        Some(p) => format!("/aq stats player:\"{p}\""),
        None => "/aq stats".to_string(),
    };
    let reply = ok(referee, CHANNEL, &actor("ana"), &text).await;
    assert!(reply.private, "stats are private");
    reply.text()
}

/// Opens a game in `channel` (`new` may choose its seed), seats `players`
/// (`cpu:<level>` a computer player) and starts it.
async fn open(
    t: &Table,
    channel: &str,
    players: &[&str],
    new: &str,
    settings: Option<&str>,
) -> i64 {
    let host = actor(players[0]);
    let id = ok(&t.referee, channel, &host, new)
        .await
        .game_id
        .expect("a game");
    for p in &players[1..] {
        match p.strip_prefix("cpu:") {
            Some(level) => {
                ok(
                    &t.referee,
                    channel,
                    &host,
                    &format!("/aq addbot level:{level}"),
                )
                .await
            }
            None => ok(&t.referee, channel, &actor(p), "/aq join").await,
        };
    }
    if let Some(s) = settings {
        ok(&t.referee, channel, &host, s).await;
    }
    ok(&t.referee, channel, &host, "/aq start").await;
    id
}

/// Plays the channel's game with seeded random moves, each person's move
/// `step(name)` after the entry before it, until it is over or `stop` says
/// so of the seat to act. Returns each person's times to move.
async fn play(
    t: &Table,
    channel: &str,
    seed: u64,
    step: &dyn Fn(&str) -> Duration,
    stop: &dyn Fn(&str) -> bool,
) -> BTreeMap<String, Vec<i64>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut times: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    loop {
        let Some(loaded) = t.referee.open_game(channel).await.expect("database") else {
            break;
        };
        let loaded = loaded.expect("not damaged");
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { break };
        let name = loaded.seats()[seat].name.clone();
        if stop(&name) {
            break;
        }
        let action = random_action(game, seat, &mut rng).expect("a legal move");
        let text = Command::from_action(&action, &loaded.names()).to_text();
        let by = step(&name);
        t.clock.advance(by);
        times
            .entry(name.clone())
            .or_default()
            .push(by.as_millis() as i64);
        ok(&t.referee, channel, &actor(&name), &text).await;
    }
    times
}

async fn finished(t: &Table, players: &[&str], seed: u64) -> i64 {
    let id = open(t, CHANNEL, players, "/aq new", None).await;
    play(t, CHANNEL, seed, &|_| Duration::from_secs(7), &|_| false).await;
    t.clock.advance(Duration::from_secs(60));
    id
}

/// A seat's part in a finished game, computed here from the game: who
/// (a person's id, or `bot:<level>`), its place, and whether it is rated.
#[derive(Debug, Clone)]
struct Part {
    key: String,
    place: usize,
    rated: bool,
}

async fn parts(referee: &Referee, id: i64) -> Vec<Part> {
    let loaded = referee
        .find_game(Some(id), None)
        .await
        .expect("database")
        .expect("the game")
        .expect("not damaged");
    let game = loaded.game().expect("started");
    assert!(game.is_over(), "game #{id} is over");
    let keys: Vec<(bool, i32, u32)> = loaded
        .seats()
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            (
                s.removed_at.is_none(),
                game.score(seat).total,
                game.players()[seat].coins,
            )
        })
        .collect();
    let mut seen = Vec::new();
    loaded
        .seats()
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            let computer = s.user_id.starts_with("bot:");
            let key = match (&s.auto, computer) {
                (Some(level), true) => format!("bot:{level}"),
                _ => s.user_id.clone(),
            };
            let rated = s.auto.is_none() || computer;
            let rated = rated && !seen.contains(&key);
            seen.push(key.clone());
            Part {
                key,
                place: 1 + keys.iter().filter(|k| **k > keys[seat]).count(),
                rated,
            }
        })
        .collect()
}

/// The crate's own ratings over these games, in this order.
fn expected(games: &[Vec<Part>]) -> BTreeMap<String, (WengLinRating, i64)> {
    let mut now: BTreeMap<String, (WengLinRating, i64)> = BTreeMap::new();
    let config = WengLinConfig::new();
    for parts in games {
        let teams: Vec<[WengLinRating; 1]> = parts
            .iter()
            .map(|p| [now.get(&p.key).map_or_else(WengLinRating::new, |r| r.0)])
            .collect();
        let outcome: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(parts)
            .map(|(team, p)| (&team[..], MultiTeamOutcome::new(p.place)))
            .collect();
        let after = weng_lin_multi_team(&outcome, &config);
        for (p, team) in parts.iter().zip(after) {
            if p.rated {
                let games = now.get(&p.key).map_or(0, |r| r.1);
                now.insert(p.key.clone(), (team[0], games + 1));
            }
        }
    }
    now
}

/// The stored ratings of the server.
async fn stored(referee: &Referee) -> BTreeMap<String, (f64, f64, i64)> {
    let rows = sqlx::query("SELECT user_id, mu, sigma, games FROM ratings WHERE scope = $1")
        .bind(GUILD)
        .fetch_all(referee.store().pool())
        .await
        .expect("ratings");
    rows.iter()
        .map(|r| {
            (
                r.get::<String, _>("user_id"),
                (r.get("mu"), r.get("sigma"), r.get("games")),
            )
        })
        .collect()
}

fn assert_same(
    stored: &BTreeMap<String, (f64, f64, i64)>,
    expected: &BTreeMap<String, (WengLinRating, i64)>,
) {
    assert_eq!(
        stored.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>(),
        "the players rated"
    );
    for (key, (r, games)) in expected {
        let (mu, sigma, n) = stored[key];
        assert!(
            (mu - r.rating).abs() < 1e-9 && (sigma - r.uncertainty).abs() < 1e-9,
            "{key}: stored {mu} ± {sigma}, the crate's {} ± {}",
            r.rating,
            r.uncertainty
        );
        assert_eq!(n, *games, "{key}'s rated games");
    }
}

fn name_of(key: &str) -> String {
    match key.strip_prefix("bot:") {
        Some(level) => {
            let mut n = level.to_string();
            n[..1].make_ascii_uppercase();
            format!("{n} bot")
        }
        None => key.trim_start_matches("id-").to_string(),
    }
}

/// The ratings' leaderboard as `/aq past stats` should show it.
fn board_lines(expected: &BTreeMap<String, (WengLinRating, i64)>) -> Vec<String> {
    let mut rows: Vec<(&String, &(WengLinRating, i64))> = expected.iter().collect();
    let safe = |r: &WengLinRating| r.rating - 3.0 * r.uncertainty;
    rows.sort_by(|a, b| safe(&b.1 .0).total_cmp(&safe(&a.1 .0)).then(a.0.cmp(b.0)));
    rows.iter()
        .enumerate()
        .map(|(i, (key, (r, games)))| {
            format!(
                "{:>2}. {} — {:.1} ({:.1} ± {:.1}) after {games} rated game{}",
                i + 1,
                name_of(key),
                safe(r),
                r.rating,
                r.uncertainty,
                if *games == 1 { "" } else { "s" }
            )
        })
        .collect()
}

fn lines_after<'a>(text: &'a str, header: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| !l.starts_with(header))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    ratings_after_seeded_games_equal_the_crates_own
}
async fn ratings_after_seeded_games_equal_the_crates_own() {
    let t = table().await;
    let mut ids = Vec::new();
    ids.push(finished(&t, &["ana", "ben"], 1).await);
    ids.push(finished(&t, &["ana", "ben", "cy"], 2).await);
    ids.push(finished(&t, &["cy", "ana", "cpu:easy", "cpu:easy"], 3).await);
    ids.push(finished(&t, &["ben", "cy", "cpu:strong"], 4).await);
    let mut games = Vec::new();
    for &id in &ids {
        games.push(parts(&t.referee, id).await);
    }
    let want = expected(&games);
    assert_same(&stored(&t.referee).await, &want);

    let text = stats(&t.referee, None).await;
    assert_eq!(
        lines_after(&text, "Ratings (Weng-Lin)"),
        board_lines(&want),
        "the ratings' leaderboard in:\n{text}"
    );
    // A player's history: the rating after each of their rated games, the
    // newest first, and where they placed.
    let mine = stats(&t.referee, Some("ana")).await;
    let mut history = Vec::new();
    for (i, parts) in games.iter().enumerate() {
        let Some(me) = parts.iter().find(|p| p.key == "id-ana") else {
            continue;
        };
        let after = expected(&games[..=i])["id-ana"].0;
        history.push(
            format!(
                "Game #{}: {:.1} ({:.1} ± {:.1}), {}",
                ids[i],
                after.rating - 3.0 * after.uncertainty,
                after.rating,
                after.uncertainty,
                match me.place {
                    1 => "1st",
                    2 => "2nd",
                    3 => "3rd",
                    _ => "4th",
                }
            ) + &format!(" of {}", parts.len()),
        );
    }
    history.reverse();
    assert_eq!(
        lines_after(&mine, "Rating after each recent rated game")
            .into_iter()
            .take_while(|l| l.starts_with("Game #"))
            .collect::<Vec<_>>(),
        history,
        "ana's rating history in:\n{mine}"
    );
    let (r, games_rated) = want["id-ana"];
    assert!(
        mine.contains(&format!(
            "Rating: {:.1} ({:.1} ± {:.1}), ",
            r.rating - 3.0 * r.uncertainty,
            r.rating,
            r.uncertainty
        )) && mine.contains(&format!("after {games_rated} rated games.")),
        "{mine}"
    );
    // A computer level is rated as one player.
    let bot = stats(&t.referee, Some("Easy bot")).await;
    assert!(bot.contains("after 1 rated game."), "{bot}");

    // Recomputable: everything forgotten, and one game's part lost (as if
    // it had finished before ratings were kept), a new referee rates them
    // again in the order they finished, and the numbers are the same.
    let pool = t.referee.store().pool();
    sqlx::query("DELETE FROM rating_changes WHERE game_id = $1")
        .bind(ids[1])
        .execute(pool)
        .await
        .expect("delete");
    let reopened = referee_on(&t.url, &t.clock).await;
    reopened.fill_in_results().await.expect("filled in");
    assert_same(&stored(&reopened).await, &want);
    assert_eq!(stats(&reopened, None).await, text);
    assert_rated_counted(&reopened).await;
    sqlx::query("DELETE FROM rating_changes")
        .execute(pool)
        .await
        .expect("delete");
    for table in ["ratings", "rated_counts"] {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(pool)
            .await
            .expect("delete");
    }
    let reopened = referee_on(&t.url, &t.clock).await;
    assert_eq!(stats(&reopened, None).await, text);
    assert_eq!(stats(&reopened, Some("ana")).await, mine);
    assert_rated_counted(&reopened).await;
}

/// Each place's kept count of those rated is the number of its ratings.
async fn assert_rated_counted(referee: &Referee) {
    let pool = referee.store().pool();
    let kept: Vec<(String, i64)> =
        sqlx::query_as("SELECT scope, rated FROM rated_counts ORDER BY scope")
            .fetch_all(pool)
            .await
            .expect("the kept counts");
    let rated: Vec<(String, i64)> =
        sqlx::query_as("SELECT scope, COUNT(*) FROM ratings GROUP BY scope ORDER BY scope")
            .fetch_all(pool)
            .await
            .expect("the ratings");
    assert!(!rated.is_empty());
    assert_eq!(kept, rated);
}

async fn count(referee: &Referee, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(referee.store().pool())
        .await
        .expect("count")
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    practice_and_abandoned_games_leave_ratings_unchanged
}
async fn practice_and_abandoned_games_leave_ratings_unchanged() {
    let t = table().await;
    finished(&t, &["ana", "ben"], 5).await;
    let before = stored(&t.referee).await;
    let board = lines_after(&stats(&t.referee, None).await, "Ratings (Weng-Lin)").join("\n");
    assert_eq!(
        count(&t.referee, "SELECT COUNT(*) FROM rating_changes").await,
        2
    );
    // A practice deal (a chosen seed), played to the end.
    let practice = open(&t, CHANNEL, &["ana", "ben"], "/aq new seed:77", None).await;
    play(&t, CHANNEL, 6, &|_| Duration::from_secs(3), &|_| false).await;
    assert!(
        t.referee.open_game(CHANNEL).await.expect("db").is_none(),
        "the practice game #{practice} is over"
    );
    // An abandoned game, some moves in.
    open(&t, CHANNEL, &["ben", "ana"], "/aq new", None).await;
    let moved = std::cell::Cell::new(0);
    play(&t, CHANNEL, 8, &|_| Duration::from_secs(3), &|_| {
        moved.set(moved.get() + 1);
        moved.get() > 6
    })
    .await;
    // Both players agree (a game that counts).
    ok(&t.referee, CHANNEL, &actor("ben"), "/aq abandon").await;
    ok(&t.referee, CHANNEL, &actor("ana"), "/aq abandon").await;
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    assert_eq!(stored(&t.referee).await, before);
    assert_eq!(
        count(&t.referee, "SELECT COUNT(*) FROM rating_changes").await,
        2
    );
    let after = stats(&t.referee, None).await;
    assert_eq!(lines_after(&after, "Ratings (Weng-Lin)").join("\n"), board);
    // Nor does a new referee rate them when it fills in older games.
    let reopened = referee_on(&t.url, &t.clock).await;
    reopened.fill_in_results().await.expect("filled in");
    assert_eq!(stored(&reopened).await, before);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_seat_handed_to_the_computer_leaves_its_persons_rating_as_it_was
}
async fn a_seat_handed_to_the_computer_leaves_its_persons_rating_as_it_was() {
    let t = table().await;
    let first = finished(&t, &["ana", "ben", "cy"], 9).await;
    let cy_before = stored(&t.referee).await["id-cy"];
    // cy stops moving; after the turn limit the others vote them out and
    // their seat plays on by itself.
    let id = open(
        &t,
        CHANNEL,
        &["ana", "ben", "cy"],
        "/aq new",
        Some("/aq settings turn_limit:1h"),
    )
    .await;
    let turns = std::cell::Cell::new(0);
    play(&t, CHANNEL, 10, &|_| Duration::from_secs(5), &|name| {
        turns.set(turns.get() + 1);
        name == "cy" && turns.get() > 4
    })
    .await;
    t.clock.advance(Duration::from_secs(2 * 3600));
    ok(&t.referee, CHANNEL, &actor("ana"), "/aq kick").await;
    ok(&t.referee, CHANNEL, &actor("ben"), "/aq kick").await;
    play(&t, CHANNEL, 11, &|_| Duration::from_secs(5), &|_| false).await;
    let games = vec![parts(&t.referee, first).await, parts(&t.referee, id).await];
    let cy = games[1]
        .iter()
        .find(|p| p.key == "id-cy")
        .expect("cy's seat");
    assert!(!cy.rated, "a seat handed to the computer is not rated");
    assert_eq!(cy.place, 3, "and ranks last");
    let now = stored(&t.referee).await;
    assert_eq!(now["id-cy"], cy_before, "cy's rating is as it was");
    // The others' are the crate's, cy counted as an opponent with the
    // rating they had.
    assert_same(&now, &expected(&games));
    let row = sqlx::query(
        "SELECT rated, place, mu_before, mu_after FROM rating_changes \
         WHERE game_id = $1 AND user_id = 'id-cy'",
    )
    .bind(id)
    .fetch_one(t.referee.store().pool())
    .await
    .expect("cy's part");
    assert_eq!(row.get::<i64, _>("rated"), 0);
    assert_eq!(row.get::<i64, _>("place"), 3);
    assert_eq!(
        row.get::<f64, _>("mu_before"),
        row.get::<f64, _>("mu_after")
    );
    let mine = stats(&t.referee, Some("cy")).await;
    assert!(
        mine.contains("after 1 rated game.") && !mine.contains(&format!("Game #{id}:")),
        "{mine}"
    );
}

/// How `/aq past stats` says a time in English.
fn said(ms: i64) -> String {
    let s = ms / 1000;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_median_time_to_move_follows_the_test_clock
}
async fn the_median_time_to_move_follows_the_test_clock() {
    let t = table().await;
    // ana takes 10 s, 30 s, 50 s, ... in turn; ben a minute and a half and
    // then two hours, alternately; the computer player is never timed.
    let ana = std::cell::Cell::new(0u64);
    let ben = std::cell::Cell::new(0u64);
    let step = |name: &str| match name {
        "ana" => {
            ana.set(ana.get() + 1);
            Duration::from_secs(10 + 20 * (ana.get() % 4))
        }
        _ => {
            ben.set(ben.get() + 1);
            Duration::from_secs(if ben.get().is_multiple_of(2) {
                7200
            } else {
                95
            })
        }
    };
    open(&t, CHANNEL, &["ana", "ben", "cpu:normal"], "/aq new", None).await;
    let first = play(&t, CHANNEL, 12, &step, &|_| false).await;
    // A second game, left running after a few moves.
    let id = open(&t, CHANNEL, &["ben", "ana"], "/aq new", None).await;
    let moved = std::cell::Cell::new(0);
    let running = play(&t, CHANNEL, 13, &step, &|_| {
        moved.set(moved.get() + 1);
        moved.get() > 7
    })
    .await;
    let text = stats(&t.referee, None).await;
    let mut all = first.clone();
    for (who, times) in &running {
        all.entry(who.clone()).or_default().extend(times);
    }
    let mut want: Vec<(usize, String, String)> = all
        .iter()
        .map(|(who, times)| {
            (
                times.len(),
                who.clone(),
                format!(
                    "{who}: {} over {}",
                    said(support::median(times)),
                    moves(times.len())
                ),
            )
        })
        .collect();
    want.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let want: Vec<String> = want.into_iter().map(|w| w.2).collect();
    assert_eq!(
        lines_after(&text, "Median time to move (people's moves"),
        want,
        "{text}"
    );
    let mut game: Vec<(usize, &String, String)> = running
        .iter()
        .map(|(who, times)| {
            (
                times.len(),
                who,
                format!(
                    "{who}: {} over {}",
                    said(support::median(times)),
                    moves(times.len())
                ),
            )
        })
        .collect();
    game.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let game: Vec<String> = game.into_iter().map(|g| g.2).collect();
    assert_eq!(
        lines_after(
            &text,
            &format!("Median time to move in this channel's game #{id}")
        ),
        game,
        "{text}"
    );
    let mine = stats(&t.referee, Some("ana")).await;
    assert!(
        mine.contains(&format!(
            "Median time to move: {} over {}.",
            said(support::median(&all["ana"])),
            moves(all["ana"].len())
        )),
        "{mine}"
    );
    // Filled in from the log for games whose moves were not counted, the
    // counts kept: each person counted again, once.
    let before = stats(&t.referee, None).await;
    sqlx::query("DELETE FROM paced_games")
        .execute(t.referee.store().pool())
        .await
        .expect("delete");
    let reopened = referee_on(&t.url, &t.clock).await;
    assert_eq!(stats(&reopened, None).await, before);
}
