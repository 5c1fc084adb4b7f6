//! Rated games that cannot be gamed, through the referee on both databases
//! and the test clock: a setting changed during a game applies from its
//! next turn, one vote that removes the only other person ends the game
//! unrated, a running game that counts is abandoned by every player's vote
//! (or, alone against computer players, as a loss), an undo once a turn,
//! and a page's move checked against its game inside the move's write
//! transaction.

use crate::support::db;
use crate::support::db::on_sqlite_and_postgresql;
use aquaretto_bot::clock::{ManualClock, Millis};
use aquaretto_bot::command::{self, Command};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::{Actor, Front, Referee, Reply, Request, Via};
use aquaretto_bot::store::{GameStatus, Store};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;
use tempfile::TempDir;

const EPOCH: Millis = 1_790_000_000_000;
const GUILD: &str = "guild-f";
const CHANNEL: &str = "chan-f";

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

async fn table() -> Table {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = db::test_url(dir.path()).await;
    let clock = ManualClock::new(EPOCH);
    let referee = Referee::new(Store::open(&url).await.expect("store opens"))
        .with_clock(Arc::new(clock.clone()));
    Table {
        referee,
        clock,
        url,
        _dir: dir,
    }
}

impl Table {
    async fn say_as(&self, who: &Actor, text: &str, via: Via) -> Reply {
        let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.referee
            .handle(Request {
                channel: CHANNEL.to_string(),
                guild: Some(GUILD.to_string()),
                actor: who.clone(),
                command,
                via,
            })
            .await
    }

    async fn say(&self, who: &str, text: &str) -> Reply {
        self.say_as(&actor(who), text, Via::default()).await
    }

    async fn ok(&self, who: &str, text: &str) -> Reply {
        let reply = self.say(who, text).await;
        assert!(reply.accepted, "{who}: {text}: {}", reply.text());
        reply
    }

    /// Refused privately, changing no row; what was said.
    async fn no(&self, who: &str, text: &str) -> String {
        let before = self.rows().await;
        let reply = self.say(who, text).await;
        assert!(
            !reply.accepted && reply.private,
            "{who}: {text}: {}",
            reply.text()
        );
        assert_eq!(self.rows().await, before, "{who}: {text} changed a row");
        reply.text()
    }

    async fn rows(&self) -> Vec<String> {
        db::all_rows(self.referee.store().pool()).await
    }

    async fn count(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sql)
            .bind(GUILD)
            .fetch_one(self.referee.store().pool())
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// Opens a game (`new` its options), seats `players` (`cpu:<level>` a
    /// computer player), applies `settings` in the lobby and starts it.
    async fn open(&self, players: &[&str], new: &str, settings: Option<&str>) -> i64 {
        let host = players[0];
        let id = self
            .ok(host, &format!("/aq new {new}"))
            .await
            .game_id
            .expect("a game");
        for p in &players[1..] {
            match p.strip_prefix("cpu:") {
                Some(level) => self.ok(host, &format!("/aq addbot level:{level}")).await,
                None => self.ok(p, "/aq join").await,
            };
        }
        if let Some(s) = settings {
            self.ok(host, s).await;
        }
        self.ok(host, "/aq start").await;
        id
    }

    /// The channel's game as it stands.
    async fn loaded(&self) -> aquaretto_bot::referee::Loaded {
        self.referee
            .find_game(None, Some(CHANNEL))
            .await
            .expect("database")
            .expect("a game")
            .expect("not damaged")
    }

    /// The name of the person to act.
    async fn to_act(&self) -> String {
        let loaded = self.loaded().await;
        let seat = loaded
            .game()
            .and_then(|g| g.to_act())
            .expect("someone acts");
        loaded.seats()[seat].name.clone()
    }

    /// Plays seeded random moves until `until` says so of the seat to act
    /// (before its move), the clock stepping 5 s a move.
    async fn play_until(&self, rng: &mut ChaCha8Rng, until: impl Fn(&str, usize) -> bool) {
        let mut moves = 0;
        loop {
            let loaded = self.loaded().await;
            let game = loaded.game().expect("started");
            let Some(seat) = game.to_act() else { return };
            let name = loaded.seats()[seat].name.clone();
            if until(&name, moves) {
                return;
            }
            let action = random_action(game, seat, rng).expect("a legal move");
            let text = Command::from_action(&action, &loaded.names()).to_text();
            self.clock.advance(Duration::from_secs(5));
            self.ok(&name, &text).await;
            moves += 1;
        }
    }

    /// Plays until the person to act changes (the turn under way ends).
    async fn end_turn(&self, rng: &mut ChaCha8Rng) {
        let now = self.to_act().await;
        self.play_until(rng, |name, moves| moves > 0 && name != now)
            .await;
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_setting_changed_during_a_game_applies_from_the_next_turn
}
async fn a_setting_changed_during_a_game_applies_from_the_next_turn() {
    let t = table().await;
    t.open(
        &["ana", "ben", "cy"],
        "first:ana",
        Some("/aq settings turn_limit:2d hints:off"),
    )
    .await;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    t.end_turn(&mut rng).await;
    assert_eq!(t.to_act().await, "ben");
    // ben's turn is under way: the creator shortens the limit and turns
    // hints on. The reminders change at once; the rest waits.
    let changed = t
        .ok("ana", "/aq settings turn_limit:1m hints:on reminders:1h")
        .await;
    assert!(!changed.private);
    let said = changed.text();
    assert!(
        said.contains("reminders every 1h")
            && said.contains("turn limit 2d")
            && said.contains("hints off")
            && said.contains("From the next turn")
            && said.contains("turn limit 1m")
            && said.contains("hints on"),
        "{said}"
    );
    let shown = t.ok("cy", "/aq settings").await.text();
    assert!(
        shown.contains("turn limit 2d") && shown.contains("From the next turn"),
        "{shown}"
    );
    // A minute later ben is not past the limit his turn began with.
    t.clock.advance(Duration::from_secs(61));
    let why = t.no("ana", "/aq kick").await;
    assert!(
        why.contains("the turn limit is 2d"),
        "the turn under way keeps its limit: {why}"
    );
    // Nor may ben use a hint the turn began without.
    let why = t.no("ben", "/aq hint").await;
    assert!(why.contains("Hints are turned off"), "{why}");
    // A change back before the turn ends leaves nothing waiting.
    t.ok("ana", "/aq settings turn_limit:2d hints:off").await;
    let shown = t.ok("cy", "/aq settings").await.text();
    assert!(!shown.contains("From the next turn"), "{shown}");
    t.ok("ana", "/aq settings turn_limit:1m").await;

    // ben's turn ends: cy's begins under the new limit.
    t.end_turn(&mut rng).await;
    let next = t.to_act().await;
    assert_ne!(next, "ben");
    let shown = t.ok("ben", "/aq settings").await.text();
    assert!(
        shown.contains("turn limit 1m") && !shown.contains("From the next turn"),
        "{shown}"
    );
    t.clock.advance(Duration::from_secs(61));
    let voter = if next == "cy" { "ana" } else { "cy" };
    let vote = t.ok(voter, "/aq kick").await;
    assert!(vote.text().contains("votes to remove"), "{}", vote.text());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_limit_cut_and_a_kick_two_seconds_later_moves_no_rating
}
/// The exploit as it was played: `settings turn_limit:1m`, then `kick` two
/// seconds later on the test clock, in a rated game of two.
async fn a_limit_cut_and_a_kick_two_seconds_later_moves_no_rating() {
    let t = table().await;
    let id = t.open(&["ana", "ben"], "first:ana", None).await;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    t.end_turn(&mut rng).await;
    assert_eq!(t.to_act().await, "ben");
    t.ok("ana", "/aq settings turn_limit:1m").await;
    t.clock.advance(Duration::from_secs(2));
    let why = t.no("ana", "/aq kick").await;
    assert!(why.contains("no turn limit"), "{why}");
    // Later still, the turn under way has no limit at all.
    t.clock.advance(Duration::from_secs(3600));
    let why = t.no("ana", "/aq kick").await;
    assert!(why.contains("no turn limit"), "{why}");

    // The limit bites from ben's next turn; one vote at a table of two then
    // ends the game, unrated.
    t.end_turn(&mut rng).await;
    t.end_turn(&mut rng).await;
    assert_eq!(t.to_act().await, "ben");
    t.clock.advance(Duration::from_secs(61));
    let kicked = t.ok("ana", "/aq kick").await;
    assert!(
        kicked.text().contains("ends game") && kicked.text().contains("unrated"),
        "{}",
        kicked.text()
    );
    assert!(
        t.referee.open_game(CHANNEL).await.expect("db").is_none(),
        "the game ended"
    );
    let game = t
        .referee
        .find_game(Some(id), None)
        .await
        .expect("db")
        .expect("the game")
        .expect("not damaged");
    assert_eq!(game.status(), GameStatus::Abandoned);
    assert_eq!(
        t.count("SELECT COUNT(*) FROM rating_changes WHERE scope = $1")
            .await,
        0,
        "no rating moved"
    );
    assert_eq!(
        t.count("SELECT COUNT(*) FROM ratings WHERE scope = $1")
            .await,
        0
    );
    assert_eq!(
        t.count("SELECT COUNT(*) FROM results WHERE guild = $1")
            .await,
        0,
        "no result either"
    );
    // Nor does a new referee rate it when it fills in older games.
    let reopened = Referee::new(Store::open(&t.url).await.expect("opens"))
        .with_clock(Arc::new(t.clock.clone()));
    reopened.fill_in_results().await.expect("filled in");
    assert_eq!(
        t.count("SELECT COUNT(*) FROM rating_changes WHERE scope = $1")
            .await,
        0
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_running_rated_game_is_abandoned_only_by_every_players_vote
}
async fn a_running_rated_game_is_abandoned_only_by_every_players_vote() {
    let t = table().await;
    t.open(&["ana", "ben", "cy", "cpu:easy"], "first:ana", None)
        .await;
    // Someone who does not play, and manages nothing, may not.
    let why = t.no("dee", "/aq abandon").await;
    assert!(why.contains("counts for ratings"), "{why}");
    let vote = t.ok("ana", "/aq abandon").await;
    assert!(
        !vote.private && vote.text().contains("1 of 3 players agree"),
        "{}",
        vote.text()
    );
    assert!(vote.text().contains("ben, cy"), "{}", vote.text());
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_some());
    let why = t.no("ana", "/aq abandon").await;
    assert!(why.contains("already voted"), "{why}");
    t.ok("ben", "/aq abandon").await;
    // A move cancels the votes: they were for the position before it.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    t.play_until(&mut rng, |_, moves| moves == 1).await;
    let vote = t.ok("cy", "/aq abandon").await;
    assert!(
        vote.text().contains("1 of 3 players agree"),
        "{}",
        vote.text()
    );
    t.ok("ana", "/aq abandon").await;
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_some());
    let done = t.ok("ben", "/aq abandon").await;
    assert!(
        done.text().contains("All 3 players agreed") && done.text().contains("unrated"),
        "{}",
        done.text()
    );
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    assert_eq!(
        t.count("SELECT COUNT(*) FROM rating_changes WHERE scope = $1")
            .await,
        0
    );

    // A channel manager who does not play ends one at once.
    t.open(&["ben", "cy"], "", None).await;
    let mut manager = actor("mod");
    manager.manages_channel = true;
    let ended = t.say_as(&manager, "/aq abandon", Via::default()).await;
    assert!(ended.accepted && !ended.private, "{}", ended.text());
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    // A practice game, as before: its creator alone.
    t.open(&["ben", "cy"], "seed:5", None).await;
    t.ok("ben", "/aq abandon").await;
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    // At the keyboard, everyone is at the one terminal: at once.
    t.open(&["ben", "cy"], "", None).await;
    let at_keyboard = Via {
        front: Front::Terminal,
        ..Via::default()
    };
    let ended = t.say_as(&actor("ben"), "/aq abandon", at_keyboard).await;
    assert!(ended.accepted, "{}", ended.text());
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    assert_eq!(
        t.count("SELECT COUNT(*) FROM rating_changes WHERE scope = $1")
            .await,
        0
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    abandoning_alone_against_computer_players_counts_as_a_loss
}
async fn abandoning_alone_against_computer_players_counts_as_a_loss() {
    let t = table().await;
    let id = t
        .open(&["ana", "cpu:easy", "cpu:easy"], "first:ana", None)
        .await;
    let gone = t.ok("ana", "/aq abandon").await;
    assert!(
        gone.text().contains("counts as a loss for ana"),
        "{}",
        gone.text()
    );
    assert!(t.referee.open_game(CHANNEL).await.expect("db").is_none());
    let parts: Vec<(String, i64, i64, f64, f64)> = sqlx::query_as(
        "SELECT user_id, place, rated, mu_before, mu_after FROM rating_changes \
         WHERE game_id = $1 ORDER BY seat",
    )
    .bind(id)
    .fetch_all(t.referee.store().pool())
    .await
    .expect("rating changes");
    assert_eq!(parts.len(), 3, "{parts:?}");
    assert_eq!(
        (parts[0].0.as_str(), parts[0].1, parts[0].2),
        ("id-ana", 3, 1)
    );
    assert!(parts[0].4 < parts[0].3, "ana's rating fell: {parts:?}");
    assert_eq!(
        (parts[1].0.as_str(), parts[1].1, parts[1].2),
        ("bot:easy", 1, 1)
    );
    assert_eq!(
        (parts[2].1, parts[2].2),
        (1, 0),
        "a level rated once a game"
    );
    let (games, mu): (i64, f64) =
        sqlx::query_as("SELECT games, mu FROM ratings WHERE scope = $1 AND user_id = 'id-ana'")
            .bind(GUILD)
            .fetch_one(t.referee.store().pool())
            .await
            .expect("ana's rating");
    assert_eq!(games, 1);
    assert!((mu - parts[0].4).abs() < 1e-9, "{mu} {parts:?}");
    // It stays rated: a new referee forgets only games that do not count.
    let reopened = Referee::new(Store::open(&t.url).await.expect("opens"))
        .with_clock(Arc::new(t.clock.clone()));
    reopened.fill_in_results().await.expect("filled in");
    assert_eq!(
        t.count("SELECT COUNT(*) FROM rating_changes WHERE scope = $1")
            .await,
        3
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    an_undo_once_a_turn_ends_a_take_and_undo_loop
}
async fn an_undo_once_a_turn_ends_a_take_and_undo_loop() {
    let t = table().await;
    t.open(&["ana", "ben"], "first:ana", None).await;
    // A truck for ana to take: ben and ana draw onto truck 1.
    t.ok("ana", "/aq draw truck:1").await;
    t.ok("ben", "/aq draw truck:2").await;
    let before = t.loaded().await.log().len();
    let mut accepted = 0;
    for round in 0..50 {
        let text = if round % 2 == 0 {
            "/aq take truck:1"
        } else {
            "/aq undo"
        };
        if t.say("ana", text).await.accepted {
            accepted += 1;
        }
    }
    let after = t.loaded().await;
    assert_eq!(accepted, 3, "take, undo, take: then the take stands");
    assert_eq!(after.log().len(), before + 3);
    let why = t.no("ana", "/aq undo").await;
    assert!(why.contains("then played again"), "{why}");
    // Undos in a row still go back move by move, once a turn: ben's turn
    // is his own.
    assert!(after.game().is_some_and(|g| g.to_act().is_some()));
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_page_s_move_is_checked_against_its_game_while_the_channel_is_held
}
/// A move made for game A is refused when the channel's game is B by the
/// time the move's write transaction holds the channel (A ended, B began
/// in between): the check is the transaction's, not a look before it.
async fn a_page_s_move_is_checked_against_its_game_while_the_channel_is_held() {
    let t = table().await;
    let first = t.open(&["ana", "ben"], "first:ana", None).await;
    let mut manager = actor("mod");
    manager.manages_channel = true;
    t.say_as(&manager, "/aq abandon", Via::default()).await;
    let second = t.open(&["ana", "ben"], "first:ana", None).await;
    assert_ne!(first, second);
    let before = t.rows().await;
    let for_first = Via {
        front: Front::Web,
        game: Some(first),
        ..Via::default()
    };
    let reply = t.say_as(&actor("ana"), "/aq draw truck:1", for_first).await;
    assert!(!reply.accepted && reply.private, "{}", reply.text());
    assert!(reply.text().contains("not running"), "{}", reply.text());
    assert_eq!(t.rows().await, before, "nothing changed");
    // The same through the page's door.
    let reply = t
        .referee
        .web_move(
            first,
            "id-ana",
            command::parse("/aq draw truck:1").expect("a move"),
            0,
            None,
        )
        .await
        .expect("answered");
    assert!(!reply.accepted, "{}", reply.text());
    assert_eq!(t.rows().await, before, "nothing changed");
    // Made for the game that runs, it is played.
    let for_second = Via {
        front: Front::Web,
        game: Some(second),
        ..Via::default()
    };
    let reply = t
        .say_as(&actor("ana"), "/aq draw truck:1", for_second)
        .await;
    assert!(reply.accepted, "{}", reply.text());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_game_s_waiting_tables_merge_into_the_newest
}
/// Moves clicked on the pages faster than the channel takes messages (no
/// courier here: nothing is delivered): each releases its table, which
/// takes the place of the game's tables still waiting, saying how many.
async fn a_game_s_waiting_tables_merge_into_the_newest() {
    let t = table().await;
    let id = t.open(&["ana", "ben", "cy"], "first:ana", None).await;
    let tables = || async {
        sqlx::query_as::<_, (String, String)>(
            "SELECT nonce, content FROM outbox WHERE kind = 'table' ORDER BY id",
        )
        .fetch_all(t.referee.store().pool())
        .await
        .expect("outbox")
    };
    for (seq, who) in ["id-ana", "id-ben", "id-cy"].iter().enumerate() {
        let truck = seq + 1;
        let reply = t
            .referee
            .web_move(
                id,
                who,
                command::parse(&format!("/aq draw truck:{truck}")).expect("a move"),
                seq as i64,
                None,
            )
            .await
            .expect("answered");
        assert!(reply.accepted, "{}", reply.text());
        let waiting = tables().await;
        assert_eq!(waiting.len(), 1, "only the newest table waits: {waiting:?}");
        assert_eq!(waiting[0].0, format!("w{id}.{}", seq + 1));
        if seq > 0 {
            assert!(
                waiting[0].1.contains(if seq == 1 {
                    "The table before this one was left out"
                } else {
                    "The 2 tables before this one were left out"
                }),
                "{}",
                waiting[0].1
            );
        }
    }
}
