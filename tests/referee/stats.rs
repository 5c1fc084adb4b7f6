//! `/aq stats` through the referee on a real SQLite file, and `stats` in the
//! terminal: whole games played out at random (people through the referee,
//! computer players by themselves), then the numbers checked against the
//! final scores of those games, computed here from the games themselves.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;
use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::{random_action, random_game};
use aquaretto_bot::engine::{Animal, Setup};
use aquaretto_bot::referee::{Actor, Referee, Reply, Request, LEADERBOARD_SIZE, RANKED_FROM};
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

use std::path::Path;
use std::process::{Command as Process, Stdio};
use tempfile::TempDir;

/// Where a game is played: a server's channel, or a channel without one.
#[derive(Debug, Clone, Copy)]
struct Place {
    guild: Option<&'static str>,
    channel: &'static str,
}

const SERVER: Place = Place {
    guild: Some("guild-1"),
    channel: "chan-1",
};
const SERVER_OTHER_CHANNEL: Place = Place {
    guild: Some("guild-1"),
    channel: "chan-2",
};
const OTHER_SERVER: Place = Place {
    guild: Some("guild-2"),
    channel: "chan-9",
};
const DIRECT: Place = Place {
    guild: None,
    channel: "dm-1",
};

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

struct Table {
    referee: Referee,
    url: String,
    _dir: TempDir,
}

async fn referee_on(url: &str) -> Referee {
    Referee::new(Store::open(url).await.expect("store opens"))
}

async fn table() -> Table {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = db::test_url(dir.path()).await;
    Table {
        referee: referee_on(&url).await,
        url,
        _dir: dir,
    }
}

async fn say(referee: &Referee, place: Place, who: &Actor, text: &str) -> Reply {
    let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    referee
        .handle(Request {
            channel: place.channel.to_string(),
            guild: place.guild.map(str::to_string),
            actor: who.clone(),
            command,
            via: Default::default(),
        })
        .await
}

async fn ok(referee: &Referee, place: Place, who: &Actor, text: &str) -> Reply {
    let reply = say(referee, place, who, text).await;
    assert!(
        reply.accepted,
        "{}: {text} was refused: {}",
        who.name,
        reply.text()
    );
    reply
}

/// The stats as `who` asks for them in `place`.
async fn stats(referee: &Referee, place: Place, who: &str, player: Option<&str>) -> String {
    let text = match player {
        Some(p) => format!("/aq stats player:\"{p}\""),
        None => "/aq stats".to_string(),
    };
    let reply = say(referee, place, &actor(who), &text).await;
    assert!(reply.private, "stats are private: {}", reply.text());
    reply.text()
}

/// Plays a whole game in `place`, dealt by the bot: `players` are people's
/// names, or `cpu:<level>` for a computer player; people move at random
/// (seeded). Returns the game's id.
async fn finished_game(referee: &Referee, place: Place, players: &[&str], seed: u64) -> i64 {
    played_game(referee, place, players, seed, "/aq new").await
}

/// [`finished_game`], opened with `new` (which may choose the seed or the
/// deck, making it a practice game).
async fn played_game(
    referee: &Referee,
    place: Place,
    players: &[&str],
    seed: u64,
    new: &str,
) -> i64 {
    let host = actor(players[0]);
    let new = ok(referee, place, &host, new).await;
    let id = new.game_id.expect("the new game's id");
    for p in &players[1..] {
        match p.strip_prefix("cpu:") {
            Some(level) => ok(referee, place, &host, &format!("/aq addbot level:{level}")).await,
            None => ok(referee, place, &actor(p), "/aq join").await,
        };
    }
    ok(referee, place, &host, "/aq start").await;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let Some(loaded) = referee.open_game(place.channel).await.expect("database") else {
            break;
        };
        let loaded = loaded.expect("not damaged");
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else { break };
        let action = random_action(game, seat, &mut rng).expect("a legal move");
        let text = Command::from_action(&action, &loaded.names()).to_text();
        let who = actor(&loaded.seats()[seat].name);
        assert_eq!(who.id, loaded.seats()[seat].user_id, "a person's seat");
        ok(referee, place, &who, &text).await;
    }
    id
}

/// A player's numbers, from the final scores of the games.
#[derive(Debug, Default, Clone)]
struct Expected {
    name: String,
    games: i64,
    wins: i64,
    sum: i64,
    best: i64,
    best_game: i64,
    animals: [i64; 8],
}

impl Expected {
    fn average(&self) -> f64 {
        self.sum as f64 / self.games as f64
    }

    fn rate(&self) -> f64 {
        self.wins as f64 / self.games as f64
    }
}

/// The numbers of a place: its games, every seat's score, by player.
#[derive(Debug, Default)]
struct Tally {
    games: i64,
    seats: i64,
    sum: i64,
    /// The best score, its game, whose it was (their name and key).
    best: Option<(i64, i64, String, String)>,
    animals: [i64; 8],
    computer_wins: i64,
    /// By person or computer level (computer players' keys start with
    /// "bot:").
    players: BTreeMap<String, Expected>,
}

/// The final scores of these finished games, tallied.
async fn tally(referee: &Referee, games: &[i64]) -> Tally {
    let mut t = Tally::default();
    for &id in games {
        let loaded = referee
            .find_game(Some(id), None)
            .await
            .expect("database")
            .expect("the game")
            .expect("not damaged");
        let game = loaded.game().expect("started");
        assert!(game.is_over(), "game #{id} is over");
        // Nobody is voted out in these games: the rules' order alone.
        let winners = game.standings(&[]).winners();
        t.games += 1;
        for (seat, s) in loaded.seats().iter().enumerate() {
            let score = i64::from(game.score(seat).total);
            let won = winners.contains(&seat);
            let (key, name) = match &s.auto {
                Some(level) => (format!("bot:{level}"), {
                    let mut n = level.clone();
                    n[..1].make_ascii_uppercase();
                    format!("{n} bot")
                }),
                None => (s.user_id.clone(), s.name.clone()),
            };
            let counts = Animal::ALL.map(|a| i64::from(game.players()[seat].zoo.count(a)));
            t.seats += 1;
            t.sum += score;
            // As the stats break ties: the earliest game, then the
            // smallest key (two seats of one game may share the best).
            if t.best
                .as_ref()
                .is_none_or(|(b, g, _, k)| score > *b || (score == *b && id == *g && key < *k))
            {
                t.best = Some((score, id, name.clone(), key.clone()));
            }
            if won && s.auto.is_some() {
                t.computer_wins += 1;
            }
            let e = t.players.entry(key).or_default();
            e.name = name;
            e.games += 1;
            e.wins += i64::from(won);
            e.sum += score;
            if e.games == 1 || score > e.best {
                e.best = score;
                e.best_game = id;
            }
            for (i, n) in counts.iter().enumerate() {
                e.animals[i] += n;
                t.animals[i] += n;
            }
        }
    }
    t
}

fn favourite(animals: &[i64; 8]) -> (Animal, i64) {
    let mut best = (Animal::ALL[0], animals[0]);
    for (a, n) in Animal::ALL.into_iter().zip(animals.iter().copied()) {
        if n > best.1 {
            best = (a, n);
        }
    }
    best
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The people ranked, in order.
fn ranked(t: &Tally) -> Vec<Expected> {
    let mut people: Vec<Expected> = t
        .players
        .iter()
        .filter(|(k, e)| !k.starts_with("bot:") && e.games >= RANKED_FROM)
        .map(|(_, e)| e.clone())
        .collect();
    people.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(b.rate().total_cmp(&a.rate()))
            .then(b.average().total_cmp(&a.average()))
            .then(a.name.cmp(&b.name))
    });
    people
}

fn leaderboard_line(i: usize, e: &Expected) -> String {
    format!(
        "{:>2}. {}: {} in {} ({:.0}%), average {:.1}, best {}",
        i + 1,
        e.name,
        plural(e.wins, "win", "wins"),
        plural(e.games, "game", "games"),
        e.rate() * 100.0,
        e.average(),
        e.best
    )
}

/// Checks the place's stats against the tally, line by line.
fn check_place(text: &str, t: &Tally, place: &str) {
    assert!(
        text.starts_with(&format!(
            "Aquaretto in {place}: {} finished. Practice games (a chosen seed or deck) are not counted.",
            plural(t.games, "game", "games")
        )),
        "{text}"
    );
    let (best, best_game, best_name, _) = t.best.clone().expect("a best score");
    let scores = format!(
        "Scores (every seat, computer players included): average {:.1}, best {best} by {best_name} in game #{best_game}.",
        t.sum as f64 / t.seats as f64
    );
    assert!(text.contains(&scores), "{scores}\nin:\n{text}");
    match favourite(&t.animals) {
        (_, 0) => assert!(!text.contains("Favourite animal"), "{text}"),
        (animal, n) => {
            // One tile is said as one ("1 tile"): a rare deal gives it.
            let fav = format!(
                "Favourite animal: {} ({} in zoos",
                animal.plural(),
                plural(n, "tile", "tiles")
            );
            assert!(text.contains(&fav), "{fav}\nin:\n{text}");
        }
    }
    let ranked = ranked(t);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.len() > 3 && l[..3].trim_end().ends_with('.') && l.contains(" in "))
        .filter(|l| l.contains("average"))
        .filter(|l| !l.starts_with("Scores"))
        .collect();
    let expected: Vec<String> = ranked
        .iter()
        .take(LEADERBOARD_SIZE as usize)
        .enumerate()
        .map(|(i, e)| leaderboard_line(i, e))
        .collect();
    assert_eq!(lines, expected, "the leaderboard in:\n{text}");
    let unranked = t
        .players
        .iter()
        .filter(|(k, e)| !k.starts_with("bot:") && e.games < RANKED_FROM)
        .count();
    if unranked == 0 {
        assert!(!text.contains("not ranked yet"), "{text}");
    } else {
        assert!(
            text.contains(&format!("{unranked} more ")),
            "{unranked} unranked in:\n{text}"
        );
    }
    if t.computer_wins > 0 {
        assert!(
            text.contains(&format!(
                "Computer players won {}.",
                plural(t.computer_wins, "time", "times")
            )),
            "{text}"
        );
    }
    assert!(
        !text.lines().any(|l| l.contains(" bot:")),
        "no computer player ranked:\n{text}"
    );
}

/// Checks a player's stats against the tally.
fn check_player(text: &str, t: &Tally, key: &str, place: &str) {
    let e = &t.players[key];
    let head = format!(
        "{} in {place}: {} finished, {} ({:.0}%).",
        e.name,
        plural(e.games, "game", "games"),
        plural(e.wins, "win", "wins"),
        e.rate() * 100.0
    );
    assert!(text.starts_with(&head), "{head}\nin:\n{text}");
    let scores = format!(
        "Average score {:.1}, best {} (game #{}).",
        e.average(),
        e.best,
        e.best_game
    );
    assert!(text.contains(&scores), "{scores}\nin:\n{text}");
    // The deals are the bot's own, so a player may end with no animal at
    // all: then there is no favourite.
    match favourite(&e.animals) {
        (_, 0) => assert!(!text.contains("Favourite animal"), "{text}"),
        (animal, n) => assert!(
            text.contains(&format!(
                "Favourite animal: {} ({} in their zoos",
                animal.plural(),
                plural(n, "tile", "tiles")
            )),
            "{text}"
        ),
    }
    let ranked = ranked(t);
    if key.starts_with("bot:") {
        assert!(text.contains("Computer players are not ranked."), "{text}");
    } else if let Some(i) = ranked.iter().position(|r| r.name == e.name) {
        assert!(
            text.contains(&format!("Leaderboard: {}", i + 1)),
            "rank {} in:\n{text}",
            i + 1
        );
        assert!(text.contains(&format!(" of {}.", ranked.len())), "{text}");
    } else {
        assert!(text.contains("Not ranked yet"), "{text}");
    }
}

/// The games of the shared scenario: four in one server over two channels,
/// one with a computer player, one in another server and one without a
/// server.
struct Played {
    server: Vec<i64>,
    other_server: Vec<i64>,
    direct: Vec<i64>,
}

async fn play_scenario(referee: &Referee) -> Played {
    let mut server = Vec::new();
    server.push(finished_game(referee, SERVER, &["ana", "ben"], 11).await);
    server.push(finished_game(referee, SERVER, &["ana", "ben", "cy"], 12).await);
    server.push(
        finished_game(
            referee,
            SERVER_OTHER_CHANNEL,
            &["cy", "ana", "cpu:easy"],
            13,
        )
        .await,
    );
    server.push(finished_game(referee, SERVER, &["ben", "ana"], 14).await);
    let other_server = vec![finished_game(referee, OTHER_SERVER, &["ana", "cy"], 15).await];
    let direct = vec![finished_game(referee, DIRECT, &["ana", "dee"], 16).await];
    Played {
        server,
        other_server,
        direct,
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    stats_and_the_leaderboard_agree_with_the_games_played
}
async fn stats_and_the_leaderboard_agree_with_the_games_played() {
    let t = table().await;
    let played = play_scenario(&t.referee).await;
    // A game still running and an abandoned one count for nothing.
    ok(&t.referee, SERVER, &actor("ana"), "/aq new").await;
    ok(&t.referee, SERVER, &actor("ben"), "/aq join").await;
    ok(&t.referee, SERVER, &actor("ana"), "/aq start").await;
    let other = SERVER_OTHER_CHANNEL;
    ok(&t.referee, other, &actor("cy"), "/aq new").await;
    ok(&t.referee, other, &actor("ben"), "/aq join").await;
    ok(&t.referee, other, &actor("cy"), "/aq start").await;
    ok(&t.referee, other, &actor("cy"), "/aq abandon").await;
    ok(&t.referee, other, &actor("ben"), "/aq abandon").await;

    let server = tally(&t.referee, &played.server).await;
    assert_eq!(server.players["id-ana"].games, 4);
    assert_eq!(server.players["id-ben"].games, 3);
    assert_eq!(server.players["id-cy"].games, 2);
    let text = stats(&t.referee, SERVER, "cy", None).await;
    check_place(&text, &server, "this server");
    // Asked from another channel of the server: the same numbers.
    assert_eq!(
        stats(&t.referee, SERVER_OTHER_CHANNEL, "eve", None).await,
        text
    );
    for key in ["id-ana", "id-ben", "id-cy", "bot:easy"] {
        let name = server.players[key].name.clone();
        let mine = stats(&t.referee, SERVER, "eve", Some(&name)).await;
        check_player(&mine, &server, key, "this server");
    }
    // By mention (a Discord user option) and by a name in other capitals.
    let by_id = say(
        &t.referee,
        SERVER,
        &actor("eve"),
        "/aq stats player:<@id-ben>",
    )
    .await;
    check_player(&by_id.text(), &server, "id-ben", "this server");
    check_player(
        &stats(&t.referee, SERVER, "eve", Some("BEN")).await,
        &server,
        "id-ben",
        "this server",
    );
    // Someone who has not played here.
    let nobody = say(&t.referee, SERVER, &actor("eve"), "/aq stats player:dee").await;
    assert!(!nobody.accepted && nobody.private, "{}", nobody.text());
    assert!(
        nobody
            .text()
            .contains("Nobody called dee has finished a game in this server"),
        "{}",
        nobody.text()
    );

    // The other server counts only its own game, and nobody is ranked there.
    let other = tally(&t.referee, &played.other_server).await;
    let text = stats(&t.referee, OTHER_SERVER, "ana", None).await;
    check_place(&text, &other, "this server");
    assert!(text.contains("Nobody is ranked yet"), "{text}");
    assert!(text.contains("2 more people have fewer than 3"), "{text}");

    // Without a server, the channel's games.
    let direct = tally(&t.referee, &played.direct).await;
    let text = stats(&t.referee, DIRECT, "dee", None).await;
    check_place(&text, &direct, "this channel");
    let mine = stats(&t.referee, DIRECT, "dee", Some("dee")).await;
    check_player(&mine, &direct, "id-dee", "this channel");
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    fewer_than_three_finished_games_are_not_ranked
}
async fn fewer_than_three_finished_games_are_not_ranked() {
    let t = table().await;
    let empty = stats(&t.referee, SERVER, "ana", None).await;
    assert_eq!(
        empty,
        "No game has been finished in this server yet (practice games, with a chosen seed or deck, are not counted): open one with /aq game new."
    );
    let mut games = Vec::new();
    for seed in [31, 32] {
        games.push(finished_game(&t.referee, SERVER, &["ana", "ben"], seed).await);
        let text = stats(&t.referee, SERVER, "ana", None).await;
        assert!(text.contains("Nobody is ranked yet"), "{text}");
        let mine = stats(&t.referee, SERVER, "ana", Some("ana")).await;
        assert!(mine.contains("Not ranked yet"), "{mine}");
    }
    games.push(finished_game(&t.referee, SERVER, &["ben", "ana"], 33).await);
    let server = tally(&t.referee, &games).await;
    let text = stats(&t.referee, SERVER, "ana", None).await;
    check_place(&text, &server, "this server");
    assert!(text.contains(" 1. ") && text.contains(" 2. "), "{text}");
    assert!(!text.contains("Nobody is ranked yet"), "{text}");
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    games_finished_before_results_were_kept_are_filled_in_once
}
async fn games_finished_before_results_were_kept_are_filled_in_once() {
    let t = table().await;
    let played = play_scenario(&t.referee).await;
    let asks = [
        (SERVER, None),
        (SERVER, Some("ana")),
        (SERVER, Some("cy")),
        (SERVER, Some("Easy bot")),
        (OTHER_SERVER, None),
        (DIRECT, None),
        (DIRECT, Some("dee")),
    ];
    let mut before = Vec::new();
    for (place, player) in asks {
        before.push(stats(&t.referee, place, "ana", player).await);
    }
    let pool = t.referee.store().pool();
    // One game's results lost (its players' totals still count it), as if it
    // had finished before results were kept.
    sqlx::query("DELETE FROM results WHERE game_id = $1")
        .bind(played.server[1])
        .execute(pool)
        .await
        .expect("delete");
    let reopened = referee_on(&t.url).await;
    assert_eq!(reopened.fill_in_results().await.expect("filled in"), 1);
    for ((place, player), was) in asks.iter().zip(&before) {
        assert_eq!(&stats(&reopened, *place, "ana", *player).await, was);
    }
    // Nothing kept at all: every game is filled in, on the first stats.
    sqlx::query("DELETE FROM results")
        .execute(pool)
        .await
        .expect("delete");
    sqlx::query("DELETE FROM player_totals")
        .execute(pool)
        .await
        .expect("delete");
    let reopened = referee_on(&t.url).await;
    for ((place, player), was) in asks.iter().zip(&before) {
        assert_eq!(&stats(&reopened, *place, "ana", *player).await, was);
    }
    let results: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM results")
        .fetch_one(pool)
        .await
        .expect("count");
    let seats: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id WHERE status = 'finished'",
    )
    .fetch_one(pool)
    .await
    .expect("count");
    assert_eq!(results, seats, "one result per seat of each finished game");
    // Once filled in, a new referee has nothing to do.
    let again = referee_on(&t.url).await;
    assert_eq!(again.fill_in_results().await.expect("nothing to do"), 0);
}

/// A short stacked deck of animals no game leaves out.
const SHORT_DECK: &str = "dolphin orca sealion dolphin-m dolphin-f orca-m orca-f coin \
    sealion-m sealion-f dolphin orca reserve sealion coin";

on_sqlite_and_postgresql! {
    #[tokio::test]
    practice_games_are_listed_but_left_out_of_every_stats_figure
}
async fn practice_games_are_listed_but_left_out_of_every_stats_figure() {
    let t = table().await;
    let counted = vec![finished_game(&t.referee, SERVER, &["ana", "ben"], 51).await];
    let server = tally(&t.referee, &counted).await;
    let asks = [
        (SERVER, None),
        (SERVER, Some("ana")),
        (SERVER, Some("ben")),
        (OTHER_SERVER, None),
    ];
    let mut before = Vec::new();
    for (place, player) in asks {
        before.push(stats(&t.referee, place, "ana", player).await);
    }
    check_place(&before[0], &server, "this server");

    // A chosen seed and a stacked deck: practice, and each table says so.
    let dealt = ok(&t.referee, SERVER_OTHER_CHANNEL, &actor("cy"), "/aq new").await;
    assert!(!dealt.text().contains("Practice"), "{}", dealt.text());
    ok(
        &t.referee,
        SERVER_OTHER_CHANNEL,
        &actor("cy"),
        "/aq abandon",
    )
    .await;
    let seeded = ok(&t.referee, SERVER, &actor("cy"), "/aq new seed:52").await;
    assert!(seeded.text().contains("Practice game"), "{}", seeded.text());
    ok(&t.referee, SERVER, &actor("dee"), "/aq join").await;
    let started = ok(&t.referee, SERVER, &actor("cy"), "/aq start").await;
    assert!(
        started.text().contains("Practice game"),
        "{}",
        started.text()
    );
    ok(&t.referee, SERVER, &actor("cy"), "/aq abandon").await;
    let practice = vec![
        played_game(&t.referee, SERVER, &["ana", "ben"], 52, "/aq new seed:52").await,
        played_game(
            &t.referee,
            SERVER,
            &["ben", "cy", "cpu:normal"],
            53,
            &format!("/aq new deck:\"{SHORT_DECK}\""),
        )
        .await,
        played_game(
            &t.referee,
            OTHER_SERVER,
            &["ana", "cy"],
            54,
            &format!("/aq new seed:7 deck:\"{SHORT_DECK}\""),
        )
        .await,
    ];
    for (i, (place, player)) in asks.into_iter().enumerate() {
        assert_eq!(
            stats(&t.referee, place, "ana", player).await,
            before[i],
            "practice games changed the stats of {:?} {player:?}",
            place.guild
        );
    }
    let nobody = say(&t.referee, SERVER, &actor("eve"), "/aq stats player:cy").await;
    assert!(
        nobody
            .text()
            .contains("Nobody called cy has finished a game"),
        "cy played practice games only: {}",
        nobody.text()
    );
    let pool = t.referee.store().pool();
    for id in &practice {
        let results: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM results WHERE game_id = $1")
            .bind(id)
            .fetch_one(pool)
            .await
            .expect("count");
        assert_eq!(results, 0, "game #{id} is practice: no results");
    }
    // Listed in /aq games, marked as practice; the dealt games are not.
    let games = say(&t.referee, SERVER, &actor("eve"), "/aq games").await;
    for line in games.text().lines().filter(|l| l.starts_with("**#")) {
        let id: i64 = line
            .strip_prefix("**#")
            .and_then(|l| l.split_once("**"))
            .and_then(|(n, _)| n.parse().ok())
            .expect("a game number");
        let practice_game = practice.contains(&id) || id == counted[0] + 2;
        assert_eq!(
            line.contains("(practice)"),
            practice_game,
            "game #{id}: {line}"
        );
    }
    assert_eq!(
        games.text().matches("(practice)").count(),
        3,
        "{}",
        games.text()
    );
    // Filling in older games never adds a practice game.
    let reopened = referee_on(&t.url).await;
    assert_eq!(reopened.fill_in_results().await.expect("filled in"), 0);
}

#[tokio::test]
async fn older_games_with_a_stacked_deck_become_practice_when_the_database_is_migrated() {
    let t = table().await;
    let dealt = finished_game(&t.referee, SERVER, &["ana", "ben"], 61).await;
    let stacked = played_game(
        &t.referee,
        SERVER,
        &["ana", "cy"],
        62,
        &format!("/aq new deck:\"{SHORT_DECK}\""),
    )
    .await;
    let asks = [None, Some("ana"), Some("ben"), Some("cy")];
    let mut practice_left_out = Vec::new();
    for player in asks {
        practice_left_out.push(stats(&t.referee, SERVER, "ana", player).await);
    }
    let pool = t.referee.store().pool();
    // The database as it was before practice was kept: the stacked game
    // counted (its results written, as every finished game's were), then no
    // column, no index and the migration not applied.
    sqlx::query("UPDATE games SET practice = 0")
        .execute(pool)
        .await
        .expect("update");
    assert_eq!(
        referee_on(&t.url)
            .await
            .fill_in_results()
            .await
            .expect("filled in"),
        1
    );
    let counted = stats(&t.referee, SERVER, "ana", None).await;
    assert!(
        counted.contains("2 games finished"),
        "the stacked game counted before: {counted}"
    );
    // (`games_by_status`, a later index, names the column too: SQLite
    // refuses to drop a column an index names, PostgreSQL drops the index.)
    for sql in [
        "DROP INDEX games_counted",
        "DROP INDEX games_by_status",
        "ALTER TABLE games DROP COLUMN practice",
        "CREATE INDEX games_finished ON games (guild, channel) WHERE status = 'finished'",
        "DELETE FROM _sqlx_migrations WHERE version = 20261124000001",
    ] {
        sqlx::query(sql).execute(pool).await.expect(sql);
    }
    // Opening the store migrates it.
    let migrated = referee_on(&t.url).await;
    let practice: Vec<(i64, i64)> = sqlx::query_as("SELECT id, practice FROM games ORDER BY id")
        .fetch_all(migrated.store().pool())
        .await
        .expect("games");
    assert_eq!(practice, vec![(dealt, 0), (stacked, 1)]);
    for (player, was) in asks.into_iter().zip(&practice_left_out) {
        assert_eq!(
            &stats(&migrated, SERVER, "ana", player).await,
            was,
            "{player:?}"
        );
    }
    assert_eq!(migrated.fill_in_results().await.expect("nothing to do"), 0);
}

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// A whole random game as script lines `<name>: /aq <command>`.
fn script(names: &[&str], seed: u64) -> Vec<String> {
    let mut setup = Setup::new(names.iter().copied(), seed);
    setup.first = Some(names[0].to_string());
    let (game, log) = random_game(setup, seed);
    assert!(game.is_over());
    let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    log.iter()
        .map(|(seat, action)| {
            format!(
                "{}: {}",
                names[*seat],
                Command::from_action(action, &seat_names).to_text()
            )
        })
        .collect()
}

/// Runs the binary's local game on `db` with `args`, feeding it `lines`;
/// returns its JSON lines.
fn terminal(db: &Path, args: &[&str], lines: &[String]) -> Vec<serde_json::Value> {
    let mut child = Process::new(BIN)
        .arg("play")
        .args(args)
        .arg("--db")
        .arg(db)
        .args(["--script", "-", "--json"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(lines.join("\n").as_bytes())
            .expect("the script is written");
    }
    let out = child.wait_with_output().expect("the binary ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[tokio::test]
async fn the_terminal_answers_stats_with_the_same_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.db");
    // A game dealt by the bot, played to its end by always taking the first
    // legal move (a number plays that move of the list).
    let mut lines = vec!["1".to_string(); 600];
    lines.push("ana: stats".into());
    lines.push("stats player:ben".into());
    let replies = terminal(&db, &["--players", "ana,ben"], &lines);
    assert!(
        replies
            .iter()
            .any(|r| r["game"]["status"] == "finished" && r["game"]["practice"] == false),
        "the game was played to its end"
    );
    let [.., place, ben] = replies.as_slice() else {
        panic!("a reply per line");
    };
    let local = Place {
        guild: None,
        channel: "local",
    };
    let referee = referee_on(db.to_str().expect("utf-8 path")).await;
    assert_eq!(place["ok"], true, "{place}");
    let text = place["reply"].as_str().expect("text");
    assert!(
        text.starts_with("Aquaretto in this channel: 1 game finished"),
        "{text}"
    );
    assert_eq!(text, stats(&referee, local, "ana", None).await);
    let text = ben["reply"].as_str().expect("text");
    assert!(
        text.starts_with("ben in this channel: 1 game finished"),
        "{text}"
    );
    assert_eq!(text, stats(&referee, local, "ana", Some("ben")).await);

    // A game whose seed was chosen (--seed) is practice: played to its end,
    // it changes nothing in the stats.
    let before = place["reply"].clone();
    let mut lines = script(&["ana", "ben"], 41);
    lines.push("ana: stats".into());
    let replies = terminal(
        &db,
        &["--players", "ana,ben", "--seed", "41", "--first", "ana"],
        &lines,
    );
    let [.., over, again] = replies.as_slice() else {
        panic!("a reply per line");
    };
    assert_eq!(over["game"]["status"], "finished", "{over}");
    assert_eq!(over["game"]["practice"], true, "{over}");
    assert!(
        over["reply"]
            .as_str()
            .is_some_and(|r| r.contains("Practice game")),
        "its table says it is practice: {over}"
    );
    assert_eq!(again["reply"], before, "a practice game counts for nothing");
}
