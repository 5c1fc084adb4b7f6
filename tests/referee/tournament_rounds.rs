//! A tournament's rounds running by themselves through the referee, on both
//! databases, on a test clock: `tournament start` opens the first round
//! (a place and a game for each table, its players seated and pinged), a
//! finished game records its table's placings with its last move, a round
//! closes when its tables are done or at its deadline (a game still open
//! played out by the strong computer, the same on every run), the next
//! round follows from the standings, and the last one finishes the
//! tournament, rated. Running the tournaments again, or from a referee
//! started afresh on the same database, repeats nothing.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::clock::{Clock as _, ManualClock, Millis};
use aquaretto_bot::command;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request};
use aquaretto_bot::store::{self, GameStatus, LetterKind, NewTournament, Store, TournamentStatus};
use aquaretto_bot::time_control::Pace;
use aquaretto_bot::tournament::{EntrantId, FormatKind};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;
use tempfile::TempDir;

const EPOCH: Millis = 1_796_000_000_000;
const HOUR: Duration = Duration::from_secs(3_600);
const CHANNEL: &str = "chan-1";
const GUILD: &str = "guild-1";
const NINE: [&str; 9] = ["ana", "ben", "cy", "di", "eve", "fay", "gus", "hal", "ida"];

struct Hall {
    referee: Referee,
    clock: ManualClock,
    url: String,
    _dir: TempDir,
}

fn person(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

async fn hall() -> Hall {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = db::test_url(dir.path()).await;
    let clock = ManualClock::new(EPOCH);
    let referee = Referee::new(Store::open(&url).await.expect("store opens"))
        .with_clock(Arc::new(clock.clone()));
    Hall {
        referee,
        clock,
        url,
        _dir: dir,
    }
}

impl Hall {
    async fn say(&self, who: &str, text: &str) -> Reply {
        self.say_in(CHANNEL, who, text).await
    }

    /// `who` says `text` in `channel` (a table's place).
    async fn say_in(&self, channel: &str, who: &str, text: &str) -> Reply {
        let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.referee
            .handle(Request {
                channel: channel.to_string(),
                guild: Some(GUILD.into()),
                actor: person(who),
                command,
                via: Default::default(),
            })
            .await
    }

    async fn ok_in(&self, channel: &str, who: &str, text: &str) -> Reply {
        let reply = self.say_in(channel, who, text).await;
        assert!(reply.accepted, "{who}: {text}: {}", reply.text());
        reply
    }

    async fn ok(&self, who: &str, text: &str) -> Reply {
        let reply = self.say(who, text).await;
        assert!(reply.accepted, "{who}: {text}: {}", reply.text());
        reply
    }

    /// A Swiss tournament of `names` at tables of `size`, `rounds` rounds
    /// of a day each, on a fixed seed, signed up in order; its id.
    async fn open(&self, names: &[&str], size: u8, rounds: u32, clock: Option<Pace>) -> i64 {
        let mut tx = self.referee.store().write().await.expect("tx");
        let id = store::insert_tournament(
            &mut tx,
            &NewTournament {
                guild: Some(GUILD),
                channel: CHANNEL,
                name: Some("Cup"),
                format: FormatKind::Swiss,
                table_size: size,
                rounds: Some(rounds),
                clock,
                deadline_ms: 24 * 3_600_000,
                rated: true,
                vacations: false,
                created_by: "id-ana",
                now: "2026-12-01T10:00:00Z",
                seed: 0x5EED_CAFE,
                closes_at_ms: None,
                closes_at_players: None,
            },
        )
        .await
        .expect("opened");
        tx.commit().await.expect("commit");
        for name in names {
            self.ok(name, "tournament join").await;
        }
        id
    }

    async fn state(
        &self,
        id: i64,
    ) -> (
        store::TournamentRow,
        Vec<store::RoundRow>,
        Vec<store::TableRow>,
    ) {
        let mut tx = self.referee.store().read().await.expect("tx");
        (
            store::tournament_by_id(&mut tx, id)
                .await
                .expect("read")
                .expect("there"),
            store::rounds(&mut tx, id).await.expect("rounds"),
            store::tables(&mut tx, id).await.expect("tables"),
        )
    }

    /// Every table game's moves, by round and table.
    async fn logs(&self, id: i64) -> Vec<Vec<String>> {
        let (_, _, tables) = self.state(id).await;
        let mut tx = self.referee.store().read().await.expect("tx");
        let mut out = Vec::new();
        for t in tables {
            let game = t.game_id.expect("a game");
            let moves = store::moves(&mut tx, game).await.expect("moves");
            out.push(
                moves
                    .iter()
                    .map(|m| format!("{} {} {:?}", m.seat, m.command, m.auto))
                    .collect(),
            );
        }
        out
    }

    /// Passes the round's deadline and runs the tournaments on, pass after
    /// pass as the scheduler does, until nothing is left to do; the steps
    /// taken.
    async fn past_deadline(&self) -> usize {
        self.clock.advance(24 * HOUR);
        let mut steps = 0;
        loop {
            let took = self
                .referee
                .run_tournaments(self.clock.now())
                .await
                .expect("runs");
            if took == 0 {
                return steps;
            }
            steps += took;
        }
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    start_opens_the_first_round_with_a_place_and_a_game_for_each_table
}
async fn start_opens_the_first_round_with_a_place_and_a_game_for_each_table() {
    let t = hall().await;
    let id = t.open(&NINE, 3, 3, Some(Pace::Normal)).await;
    // Someone else may not start it; nobody may start a tournament of one.
    let refused = t.say("ben", "tournament start").await;
    assert!(!refused.accepted && refused.private, "{}", refused.text());
    assert_eq!(
        refused.text(),
        "Only the organiser of Cup (#1), or someone who manages this channel, can start it."
    );

    let started = t.ok("ana", "tournament start").await;
    assert_eq!(
        started.text(),
        "ana started Cup (#1) with 9 players: sign-up is closed and the first round is open."
    );
    let (row, rounds, tables) = t.state(id).await;
    assert_eq!(row.status, TournamentStatus::Running);
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].deadline_at_ms, EPOCH + 24 * 3_600_000);
    assert!(rounds[0].byes.is_empty());
    assert_eq!(tables.len(), 3);
    let mut everyone = BTreeSet::new();
    let mut tx = t.referee.store().read().await.expect("tx");
    for table in &tables {
        assert_eq!(table.seats.len(), 3);
        everyone.extend(table.seats.iter().cloned());
        let channel = table.channel.clone().expect("a place");
        assert_eq!(channel, format!("{CHANNEL}/t{id}-r1-{}", table.table));
        let game = store::game_by_id(&mut tx, table.game_id.expect("a game"))
            .await
            .expect("read")
            .expect("there");
        assert_eq!(game.channel, channel);
        assert_eq!(game.status, GameStatus::Running);
        assert!(!game.practice, "a rated tournament's games count");
        assert_eq!(game.settings.clock, Some(Pace::Normal));
        assert!(!game.settings.vacations);
        assert!(!game.settings.hints);
        let seats = store::seats(&mut tx, game.id).await.expect("seats");
        let seated: Vec<EntrantId> = seats.iter().map(|s| EntrantId::new(&s.user_id)).collect();
        assert_eq!(seated, table.seats, "seated in the drawn order");
        // The first seat plays first.
        assert_eq!(
            game.turn.to_act_user.as_deref(),
            Some(table.seats[0].as_str())
        );
    }
    assert_eq!(everyone.len(), 9, "everyone plays round 1");
    // Each table's players are pinged in its place; the round is announced
    // in the tournament's channel.
    let letters = store::due_letters(&mut tx, EPOCH, 100)
        .await
        .expect("letters");
    drop(tx);
    for table in &tables {
        let opening = letters
            .iter()
            .find(|l| l.kind == LetterKind::Table && l.channel == table.channel)
            .expect("a letter opens each table");
        let extra: serde_json::Value =
            serde_json::from_str(opening.extra.as_deref().expect("extra")).expect("json");
        let mentions: Vec<String> =
            serde_json::from_value(extra["mentions"].clone()).expect("mentions");
        let seats: Vec<String> = table.seats.iter().map(|e| e.to_string()).collect();
        assert_eq!(mentions, seats);
    }
    let announced: Vec<_> = letters
        .iter()
        .filter(|l| l.kind == LetterKind::Notice && l.channel.as_deref() == Some(CHANNEL))
        .collect();
    assert_eq!(announced.len(), 1, "the round is announced once");
    let words = aquaretto_bot::lang::plain(&Default::default(), &announced[0].words);
    assert!(
        words.starts_with("Round 1 of Cup (#1) is open: 3 tables, until "),
        "{words}"
    );
    assert_eq!(words.matches("Table ").count(), 3, "{words}");

    // Running again changes nothing: the round is open, its games played.
    let before = db::all_rows(t.referee.store().pool()).await;
    assert_eq!(
        t.referee
            .run_tournaments(t.clock.now())
            .await
            .expect("runs"),
        0
    );
    assert_eq!(db::all_rows(t.referee.store().pool()).await, before);
    // A table's result is the tournament's: no vote abandons its game, and
    // its organiser (its games' creator) changes nothing of how it plays.
    let place = tables[0].channel.clone().expect("a place");
    let player = tables[0].seats[0]
        .as_str()
        .trim_start_matches("id-")
        .to_string();
    for (who, text, says) in [
        (player.as_str(), "abandon", "it is not abandoned"),
        (
            "ana",
            "settings clock:off",
            "it plays by the tournament's settings",
        ),
        (
            "ana",
            "settings turn_limit:1d",
            "it plays by the tournament's settings",
        ),
    ] {
        let refused = t.say_in(&place, who, text).await;
        assert!(
            !refused.accepted && refused.private,
            "{text}: {}",
            refused.text()
        );
        assert!(refused.text().contains(says), "{text}: {}", refused.text());
        assert!(refused.text().contains("Cup (#1)"), "{}", refused.text());
    }
    assert_eq!(db::all_rows(t.referee.store().pool()).await, before);
    t.ok_in(&place, "ana", "settings reminders:12h").await;
    // Sign-up is closed.
    let late = t.say("jo", "tournament join").await;
    assert_eq!(
        late.text(),
        "Sign-up for Cup (#1) is closed: its rounds have begun."
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    rounds_close_at_their_deadline_and_the_tournament_finishes_rated
}
async fn rounds_close_at_their_deadline_and_the_tournament_finishes_rated() {
    let t = hall().await;
    let id = t.open(&NINE[..4], 2, 2, None).await;
    t.ok("ana", "tournament start").await;
    let (_, _, tables) = t.state(id).await;
    assert_eq!(tables.len(), 2, "4 players at tables of 2");

    // Round 1's deadline: both games played out by the computer.
    let steps = t.past_deadline().await;
    assert!(steps >= 3, "played out, closed, round 2 opened: {steps}");
    let (row, rounds, tables) = t.state(id).await;
    assert_eq!(row.status, TournamentStatus::Running);
    assert_eq!(rounds.len(), 2);
    assert!(rounds[0].closed_at_ms.is_some());
    assert!(rounds[1].closed_at_ms.is_none());
    let first: Vec<_> = tables.iter().filter(|t| t.round == 1).collect();
    assert!(
        first.iter().all(|t| t.result.is_some()),
        "every table placed"
    );
    let logs = t.logs(id).await;
    assert!(
        logs[0].iter().all(|m| m.ends_with("Some(\"strong\")")),
        "the strong computer played every move of a game nobody touched"
    );
    // The winners of round 1 meet in round 2 (Swiss).
    let winners: BTreeSet<EntrantId> = first
        .iter()
        .filter_map(|t| {
            let placings = t.result.as_ref().expect("placed").placings();
            Some(placings.iter().find(|p| p.place == 1)?.entrant.clone())
        })
        .collect();
    let second: Vec<_> = tables.iter().filter(|t| t.round == 2).collect();
    assert!(
        second
            .iter()
            .any(|t| t.seats.iter().cloned().collect::<BTreeSet<_>>() == winners),
        "{first:?} {second:?}"
    );

    // A referee started afresh on the same database repeats nothing.
    let again = Referee::new(Store::open(&t.url).await.expect("store opens"))
        .with_clock(Arc::new(t.clock.clone()));
    let before = db::all_rows(t.referee.store().pool()).await;
    assert_eq!(again.run_tournaments(t.clock.now()).await.expect("runs"), 0);
    assert_eq!(db::all_rows(t.referee.store().pool()).await, before);

    // Round 2's deadline: the last round; the tournament is finished.
    t.past_deadline().await;
    let (row, rounds, tables) = t.state(id).await;
    assert_eq!(row.status, TournamentStatus::Finished);
    assert_eq!(rounds.len(), 2);
    assert!(tables.iter().all(|t| t.result.is_some()));
    let standings = t.ok("ben", "tournament standings").await.text();
    assert!(
        standings
            .starts_with("Standings of Cup (#1) (finished; 2 rounds with results, 4 players):"),
        "{standings}"
    );
    // Every table gave 12 and 0: 48 points in all.
    let total: u32 = standings
        .lines()
        .skip(1)
        .filter_map(|l| l.split(": ").nth(1)?.split(' ').next()?.parse::<u32>().ok())
        .sum();
    assert_eq!(total, 48, "{standings}");
    // Rated: each of the four has a rating in the server.
    let mut tx = t.referee.store().read().await.expect("tx");
    let ids: Vec<String> = NINE[..4].iter().map(|n| format!("id-{n}")).collect();
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    let rated = store::current_ratings(&mut tx, GUILD, &refs)
        .await
        .expect("ratings");
    assert_eq!(rated.len(), 4, "{rated:?}");
    let letters = store::due_letters(&mut tx, t.clock.now(), 100)
        .await
        .expect("letters");
    let finished = letters
        .iter()
        .filter(|l| l.kind == LetterKind::Notice)
        .map(|l| aquaretto_bot::lang::plain(&Default::default(), &l.words))
        .find(|w| w.starts_with("Cup (#1) is over after 2 rounds."))
        .expect("the end is announced");
    assert!(finished.contains("The winner: "), "{finished}");
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_game_played_out_at_the_deadline_is_the_same_on_every_run
}
async fn a_game_played_out_at_the_deadline_is_the_same_on_every_run() {
    let mut runs = Vec::new();
    for _ in 0..2 {
        let t = hall().await;
        let id = t.open(&NINE[..2], 2, 1, None).await;
        t.ok("ana", "tournament start").await;
        t.past_deadline().await;
        let (row, _, tables) = t.state(id).await;
        assert_eq!(row.status, TournamentStatus::Finished);
        runs.push((t.logs(id).await, tables[0].result.clone()));
    }
    assert!(!runs[0].0[0].is_empty());
    assert_eq!(runs[0], runs[1]);
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    the_organiser_extends_a_round_once_and_drops_a_player
}
async fn the_organiser_extends_a_round_once_and_drops_a_player() {
    let t = hall().await;
    let id = t.open(&NINE[..4], 2, 2, None).await;
    t.ok("ana", "tournament start").await;

    // Extend: the organiser's, once a round, by the round's length.
    let refused = t.say("ben", "tournament extend").await;
    assert!(!refused.accepted && refused.private);
    assert_eq!(
        refused.text(),
        "Only the organiser of Cup (#1), or someone who manages this channel, can extend a round."
    );
    let extended = t.ok("ana", "tournament extend").await;
    assert!(
        extended
            .text()
            .starts_with("ana extended round 1 of Cup (#1): it now closes "),
        "{}",
        extended.text()
    );
    let (_, rounds, _) = t.state(id).await;
    assert_eq!(rounds[0].deadline_at_ms, EPOCH + 2 * 24 * 3_600_000);
    assert!(rounds[0].extended);
    let before = db::all_rows(t.referee.store().pool()).await;
    let again = t.say("ana", "tournament extend").await;
    assert!(!again.accepted && again.private);
    assert_eq!(
        again.text(),
        "Round 1 of Cup (#1) has been extended already: a round is extended once at most."
    );
    assert_eq!(db::all_rows(t.referee.store().pool()).await, before);
    // A day on, the round is still played.
    t.past_deadline().await;
    let (_, rounds, _) = t.state(id).await;
    assert_eq!(rounds.len(), 1);
    assert!(rounds[0].closed_at_ms.is_none());

    // Drop: di plays no further round; the computer takes their seat now.
    let refused = t.say("di", "tournament drop player:ben").await;
    assert!(!refused.accepted && refused.private);
    let unknown = t.say("ana", "tournament drop player:zed").await;
    assert_eq!(
        unknown.text(),
        "Nobody called zed has signed up for Cup (#1)."
    );
    let dropped = t.ok("ana", "tournament drop player:DI").await;
    assert!(
        dropped.text().starts_with("ana dropped di from Cup (#1)"),
        "{}",
        dropped.text()
    );
    let twice = t.say("ana", "tournament drop player:di").await;
    assert_eq!(
        twice.text(),
        "Already done: di was dropped from Cup (#1) before."
    );
    let (_, _, tables) = t.state(id).await;
    let theirs = tables
        .iter()
        .find(|t| t.seats.iter().any(|e| e.as_str() == "id-di"))
        .expect("di's table");
    let mut tx = t.referee.store().read().await.expect("tx");
    let seats = store::seats(&mut tx, theirs.game_id.expect("a game"))
        .await
        .expect("seats");
    drop(tx);
    let seat = seats.iter().find(|s| s.user_id == "id-di").expect("di sat");
    assert_eq!(seat.auto.as_deref(), Some("normal"));
    assert!(seat.removed_at.is_some());

    // Round 2 seats the three still in; di stays in the standings.
    t.past_deadline().await;
    let (_, rounds, tables) = t.state(id).await;
    assert_eq!(rounds.len(), 2);
    let second: Vec<_> = tables.iter().filter(|t| t.round == 2).collect();
    let seated: BTreeSet<&str> = second
        .iter()
        .flat_map(|t| t.seats.iter().map(|e| e.as_str()))
        .chain(rounds[1].byes.iter().map(|e| e.as_str()))
        .collect();
    assert_eq!(seated, BTreeSet::from(["id-ana", "id-ben", "id-cy"]));
    let standings = t.ok("cy", "tournament standings").await.text();
    assert_eq!(standings.lines().count(), 5, "{standings}");
    assert!(standings.contains(". di: "), "{standings}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_sign_up_closes_by_itself_at_its_time_or_its_player_count
}
/// `tournament new closes:<duration> players:<n>`: the sign-up closes by
/// itself, and the tournament starts as `tournament start` starts it,
/// when its player count is reached, or at its time once two have signed
/// up (never with fewer); refused settings change nothing.
async fn a_sign_up_closes_by_itself_at_its_time_or_its_player_count() {
    let t = hall().await;
    // Refused: a time too long, too few players to wait for.
    let before = db::all_rows(t.referee.store().pool()).await;
    for (text, says) in [
        ("tournament new closes:30m", "from 1h to 60d"),
        ("tournament new players:1", "at 2 to 500 players, not 1"),
    ] {
        let refused = t.say("ana", text).await;
        assert!(!refused.accepted, "{text}");
        assert!(refused.text().contains(says), "{}", refused.text());
    }
    assert_eq!(db::all_rows(t.referee.store().pool()).await, before);

    // By the count: three players wanted.
    let opened = t
        .ok(
            "ana",
            "tournament new name:Quick size:3 players:3 deadline:1d",
        )
        .await;
    assert!(
        opened
            .text()
            .contains("Sign-up closes by itself at 3 players."),
        "{}",
        opened.text()
    );
    let now = t.clock.now();
    t.ok("ana", "tournament join").await;
    t.ok("ben", "tournament join").await;
    assert_eq!(
        t.referee.run_tournaments(now).await.expect("runs"),
        0,
        "2 of 3"
    );
    let mut tx = t.referee.store().read().await.expect("tx");
    let quick = store::open_tournament(&mut tx, CHANNEL)
        .await
        .expect("read")
        .expect("open");
    drop(tx);
    assert_eq!(quick.status, TournamentStatus::Signup);
    t.ok("cy", "tournament join").await;
    assert!(t.referee.run_tournaments(now).await.expect("runs") > 0);
    let (row, rounds, tables) = t.state(quick.id).await;
    assert_eq!(row.status, TournamentStatus::Running, "closed at 3 players");
    assert_eq!((rounds.len(), tables.len()), (1, 1), "round 1: one table");
    let late = t.say("di", "tournament join").await;
    assert!(!late.accepted, "{}", late.text());
    t.ok("ana", "tournament end").await;

    // By the time: two days, and never with fewer than two (in a server
    // with nothing else due).
    let t = hall().await;
    let opened = t
        .ok("ana", "tournament new name:Slow size:2 closes:2d players:8")
        .await;
    assert!(
        opened.text().contains("Sign-up closes by itself")
            && opened.text().contains("or sooner at 8 players"),
        "{}",
        opened.text()
    );
    t.ok("ana", "tournament join").await;
    let mut tx = t.referee.store().read().await.expect("tx");
    let slow = store::open_tournament(&mut tx, CHANNEL)
        .await
        .expect("read")
        .expect("open");
    assert_eq!(
        store::next_due(&mut tx).await.expect("next"),
        None,
        "one player: nothing to wake for"
    );
    drop(tx);
    t.clock.advance(Duration::from_secs(3 * 24 * 3_600));
    let now = t.clock.now();
    assert_eq!(
        t.referee.run_tournaments(now).await.expect("runs"),
        0,
        "alone"
    );
    t.ok("ben", "tournament join").await;
    let mut tx = t.referee.store().read().await.expect("tx");
    let due = store::next_due(&mut tx).await.expect("next").expect("due");
    assert!(due <= now, "two players, the time past: due now");
    drop(tx);
    assert!(t.referee.run_tournaments(now).await.expect("runs") > 0);
    let (row, rounds, _) = t.state(slow.id).await;
    assert_eq!(row.status, TournamentStatus::Running);
    assert_eq!(rounds.len(), 1);
    // Once: a second pass, or a referee started afresh, starts nothing.
    let again = Referee::new(Store::open(&t.url).await.expect("store opens"))
        .with_clock(Arc::new(t.clock.clone()));
    let rows = db::all_rows(t.referee.store().pool()).await;
    assert_eq!(again.run_tournaments(now).await.expect("runs"), 0);
    assert_eq!(db::all_rows(t.referee.store().pool()).await, rows);
}
