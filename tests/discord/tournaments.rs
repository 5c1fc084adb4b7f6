//! `/tournament` through the fake Discord: registered beside `/aq` within
//! Discord's limits in every language, and a tournament of nine players
//! played to its end: sign-up, `start`, each table a thread of the channel
//! with its three players pinged there, a move made in a thread, a player
//! whose clock runs out (the computer plays their turn), each round's
//! deadline playing out the games still open, the next round announced,
//! the final standings posted, and the games rated.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;
use crate::waiting::finish;

use aquaretto_bot::command::{Group, COMMANDS};
use aquaretto_bot::store;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;
use support::fake_discord::{self as fd, strict};
use support::{Answer, Table, TinyPainter, User, CHANNEL, GUILD, USERS};

const DAY: Duration = Duration::from_secs(86_400);
const HOUR: Duration = Duration::from_secs(3_600);

/// Nine players: the kit's five and four more.
fn nine() -> Vec<User> {
    let more = [
        User {
            id: 2_000_000_000_000_000_011,
            name: "fay",
        },
        User {
            id: 2_000_000_000_000_000_012,
            name: "gus",
        },
        User {
            id: 2_000_000_000_000_000_013,
            name: "hal",
        },
        User {
            id: 2_000_000_000_000_000_014,
            name: "ida",
        },
    ];
    USERS.iter().copied().chain(more).collect()
}

/// `/tournament <action>` from `who` in `channel`.
async fn tournament(
    t: &Table,
    channel: u64,
    who: User,
    action: &str,
    options: &[(&str, Value)],
) -> Answer {
    let interaction = t.localized(
        who,
        fd::command_interaction(
            who.id,
            who.name,
            channel,
            Some(GUILD),
            "tournament",
            Some(action),
            options,
        ),
    );
    t.send(&interaction).await
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_tournament_command_is_registered_beside_aq_with_every_action_and_option
}
async fn the_tournament_command_is_registered_beside_aq_with_every_action_and_option() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    let registered = t
        .registrations
        .iter()
        .find(|c| c["name"] == "tournament")
        .expect("/tournament is registered")
        .clone();
    strict::command_limits(&registered, "0").unwrap_or_else(|(at, _, why)| panic!("{at}: {why}"));
    for locale in ["", "ja", "de"] {
        assert!(
            strict::characters(&registered, locale) <= strict::COMMAND_CHARACTERS,
            "/tournament in '{locale}'"
        );
    }
    // Its actions are its subcommands, in the command language's order;
    // `new` takes every setting of the text form.
    let actions: Vec<&str> = registered["options"]
        .as_array()
        .expect("subcommands")
        .iter()
        .map(|s| {
            assert_eq!(s["type"], 1, "{s}");
            s["name"].as_str().expect("a name")
        })
        .collect();
    assert_eq!(
        actions,
        aquaretto_bot::command::TournamentAction::WORDS.to_vec()
    );
    let spec = COMMANDS
        .iter()
        .find(|s| s.name == "tournament")
        .expect("a row");
    assert_eq!(spec.group, Group::Apart);
    let new = &registered["options"][0];
    let options: Vec<&str> = new["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    let settings = aquaretto_bot::command::TournamentSettings::OPTIONS.to_vec();
    assert_eq!(options, settings);
    // `drop` names the player, as a Discord user; together, `new`'s and
    // `drop`'s options are every option of the text form but the action.
    let drop = (registered["options"].as_array().into_iter().flatten())
        .find(|s| s["name"] == "drop")
        .expect("/tournament drop");
    assert_eq!(drop["options"][0]["name"], "player");
    assert_eq!(drop["options"][0]["type"], 6, "a user option");
    assert_eq!(drop["options"][0]["required"], true);
    let every: Vec<&str> = settings.iter().copied().chain(["player"]).collect();
    let text_form: Vec<&str> = spec
        .options
        .iter()
        .copied()
        .filter(|o| *o != "action")
        .collect();
    assert_eq!(every, text_form);
    let ja = registered["description_localizations"]["ja"]
        .as_str()
        .unwrap_or_default();
    assert!(ja.contains("大会"), "{ja}");
    // The Discord help tells of it.
    let help = aquaretto_bot::lang::plain(
        &aquaretto_bot::lang::Lang::english(),
        &aquaretto_bot::referee::help_text(aquaretto_bot::referee::Front::Discord),
    );
    for action in ["/tournament new", "/tournament join", "/tournament start"] {
        assert!(help.contains(action), "{help}");
    }
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_sign_up_that_closes_at_its_player_count_starts_the_tournament_by_itself
}
/// `/tournament new players:4`: the opening says when sign-up closes; the
/// fourth tap on Join closes it, and the scheduler starts the tournament
/// at once: each table a thread, its players pinged there, the round
/// announced; a fifth player is refused.
async fn a_sign_up_that_closes_at_its_player_count_starts_the_tournament_by_itself() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    let players = nine();
    let opened = tournament(
        &t,
        CHANNEL,
        players[0],
        "new",
        &[
            ("name", json!("Quick")),
            ("size", choice(&t, "size", "2")),
            ("players", json!(4)),
        ],
    )
    .await;
    assert!(
        opened
            .content()
            .contains("Sign-up closes by itself at 4 players."),
        "{}",
        opened.content()
    );
    let opening = opened.created.first().expect("the opening").clone();
    let join = support::presses(&opening)[0].0.clone();
    for p in &players[..4] {
        let joined = t.press(*p, &opening, &join, None).await;
        assert!(!joined.is_private(), "{}", joined.content());
    }
    // The scheduler closes the sign-up: two tables of two, two threads.
    let threads = format!("/channels/{CHANNEL}/threads");
    for _ in 0..2 {
        t.fake
            .next_request(|r| r.is("POST", &threads) && r.status == 201)
            .await
            .expect("a thread for each table");
    }
    let announced = t
        .fake
        .next_request(|r| {
            r.is("POST", &format!("/channels/{CHANNEL}/messages"))
                && r.body()["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Round 1"))
        })
        .await
        .expect("the round announced");
    assert!(
        announced.body()["content"]
            .as_str()
            .is_some_and(|c| c.contains("Quick (#1)")),
        "{}",
        announced.body()
    );
    let late = t.press(players[4], &opening, &join, None).await;
    assert!(late.is_private(), "{}", late.content());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    nine_players_play_three_rounds_in_threads_to_a_rated_finish
}
async fn nine_players_play_three_rounds_in_threads_to_a_rated_finish() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    let players = nine();
    let organiser = players[0];
    let opened = tournament(
        &t,
        CHANNEL,
        organiser,
        "new",
        &[
            ("name", json!("Cup")),
            ("size", choice(&t, "size", "3")),
            ("rounds", json!(3)),
            ("clock", choice(&t, "clock", "fast")),
            ("deadline", json!("2d")),
        ],
    )
    .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(
        opened.content().contains("opened the tournament Cup (#1)"),
        "{}",
        opened.content()
    );
    // Sign-up: by the command, or by tapping Join under the opening (Leave
    // takes a player off the list, and Join puts them back, last).
    let opening = opened
        .created
        .first()
        .expect("the opening is a message")
        .clone();
    let buttons = support::presses(&opening);
    let ids: Vec<&str> = buttons.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids.len(), 2, "Join and Leave: {ids:?}");
    for (n, p) in players.iter().enumerate() {
        let joined = if n < 2 {
            tournament(&t, CHANNEL, *p, "join", &[]).await
        } else {
            t.press(*p, &opening, ids[0], None).await
        };
        assert!(!joined.is_private(), "{}", joined.content());
        assert!(
            joined
                .content()
                .contains(&format!("{} players so far", n + 1))
                || (n == 0 && joined.content().contains("1 player so far")),
            "{}",
            joined.content()
        );
    }
    let left = t.press(players[2], &opening, ids[1], None).await;
    assert!(left.content().contains("withdrew"), "{}", left.content());
    let back = t.press(players[2], &opening, ids[0], None).await;
    assert!(
        back.content().contains("9 players so far"),
        "{}",
        back.content()
    );
    let twice = t.press(players[2], &opening, ids[0], None).await;
    assert!(twice.is_private(), "{}", twice.content());
    assert!(twice.content().contains("number 9"), "{}", twice.content());
    // Only its organiser starts it.
    let early = tournament(&t, CHANNEL, players[1], "start", &[]).await;
    assert!(early.is_private(), "{}", early.content());
    let started = tournament(&t, CHANNEL, organiser, "start", &[]).await;
    assert!(
        started
            .content()
            .contains("started Cup (#1) with 9 players"),
        "{}",
        started.content()
    );

    // The sign-up buttons are done with.
    let late = t.press(players[3], &opening, ids[0], None).await;
    assert!(late.is_private(), "{}", late.content());
    assert_eq!(
        late.content(),
        "Sign-up for Cup (#1) is closed: its rounds have begun."
    );

    // Three threads, one a table, named after it; each table's letter
    // pings its three players there.
    let threads_asked = |t: &Table| -> Vec<Value> {
        let path = format!("/channels/{CHANNEL}/threads");
        t.fake
            .requests()
            .into_iter()
            .filter(|r| r.is("POST", &path))
            .map(|r| r.body().clone())
            .collect()
    };
    let made = threads_asked(&t);
    assert_eq!(made.len(), 3, "{made:?}");
    assert_eq!(made[0]["name"], "Cup (#1) · round 1 · table 1");
    assert_eq!(made[0]["type"], 11, "a public thread");
    t.advance(Duration::ZERO).await;
    let tables = tables_of(&t).await;
    assert_eq!(tables.len(), 3);
    for table in &tables {
        let thread = table.channel.clone().expect("a thread");
        let posted = t.fake.channel_messages(&thread);
        let opening = posted
            .first()
            .unwrap_or_else(|| panic!("{thread}: {posted:?}"));
        let content = opening["content"].as_str().unwrap_or_default();
        assert!(content.contains("Cup (#1), round 1, table"), "{content}");
        for seat in &table.seats {
            assert!(content.contains(&format!("<@{seat}>")), "{content}");
        }
    }
    let announced = t.fake.channel_messages(&CHANNEL.to_string());
    assert!(
        announced.iter().any(|m| m["content"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Round 1 of Cup (#1) is open: 3 tables")),
        "{announced:#?}"
    );

    // A move in a thread: the first player of table 1 draws.
    let first = &tables[0];
    let thread: u64 = first
        .channel
        .as_deref()
        .expect("a thread")
        .parse()
        .expect("an id");
    let mover = player(&players, first.seats[0].as_str());
    let moved = t
        .send(&t.interaction_in(thread, mover, "draw", &[("truck", json!(1))]))
        .await;
    assert!(!moved.is_private(), "{}", moved.content());

    // A day passes: the next player's clock (fast: a day) runs out, and the
    // computer plays their turn.
    t.advance_within(DAY + HOUR, Duration::from_secs(120)).await;
    let log = moves(&t, first.game_id.expect("a game")).await;
    assert!(
        log.iter().any(|m| m.auto.as_deref() == Some("normal")),
        "{log:?}"
    );

    // Each round's deadline (2 days from its start) plays out what is
    // open and opens the next: round 2 a day from now, round 3 two days
    // after that.
    for (round, wait) in [(2, DAY), (3, 2 * DAY)] {
        t.advance_within(wait, Duration::from_secs(300)).await;
        let now = tables_of(&t).await;
        assert!(
            now.iter().any(|t| t.round == round),
            "round {round} opened: {now:?}"
        );
        assert_eq!(threads_asked(&t).len(), 3 * round as usize);
    }
    t.advance_within(2 * DAY, Duration::from_secs(300)).await;
    let all = tables_of(&t).await;
    assert_eq!(all.len(), 9);
    assert!(all.iter().all(|t| t.result.is_some()), "{all:?}");
    let played_out = moves(&t, all[8].game_id.expect("a game")).await;
    assert!(
        played_out
            .iter()
            .any(|m| m.auto.as_deref() == Some("strong")),
        "the deadline played out the last round's games"
    );
    // Nobody sat with the same two players twice while avoidable: with 9
    // at tables of 3 over 3 rounds, no pair meets twice.
    let mut pairs = BTreeSet::new();
    for table in &all {
        for a in &table.seats {
            for b in &table.seats {
                if a < b {
                    assert!(
                        pairs.insert((a.clone(), b.clone())),
                        "{a} and {b} met twice"
                    );
                }
            }
        }
    }

    // The end, announced in the channel with the standings; rated.
    let posted = t.fake.channel_messages(&CHANNEL.to_string());
    let end = posted
        .iter()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with("Cup (#1) is over after 3 rounds."))
        .unwrap_or_else(|| panic!("{posted:#?}"));
    assert!(end.contains("The winner: "), "{end}");
    assert_eq!(end.matches(" points (").count(), 9, "{end}");
    let standings = tournament(&t, CHANNEL, players[4], "standings", &[]).await;
    assert!(standings.is_private());
    assert!(
        standings
            .content()
            .contains("(finished; 3 rounds with results, 9 players)"),
        "{}",
        standings.content()
    );
    // With the standings as a picture, described for a screen reader.
    let pictures = standings.pngs();
    assert_eq!(pictures.len(), 1, "{:?}", standings.data());
    assert_eq!(pictures[0].filename.as_deref(), Some("standings.png"));
    let described = standings.data()["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .find_map(|a| a["description"].as_str())
        .unwrap_or_default()
        .to_string();
    assert!(
        described
            .starts_with("Standings of Cup (#1) (finished; 3 rounds with results, 9 players):")
            && described.contains("\n1. "),
        "{described}"
    );
    let mut tx = t.referee.store().read().await.expect("tx");
    let ids: Vec<String> = players.iter().map(|p| p.id.to_string()).collect();
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    let rated = store::current_ratings(&mut tx, &GUILD.to_string(), &refs)
        .await
        .expect("ratings");
    assert_eq!(rated.len(), 9, "{rated:?}");
    drop(tx);
    finish(t).await;
}

/// The registered value of a fixed choice of `/tournament new`.
fn choice(t: &Table, option: &str, name: &str) -> Value {
    let registered = (t.registrations.iter())
        .find(|c| c["name"] == "tournament")
        .expect("/tournament is registered");
    let new = &registered["options"][0];
    let option = (new["options"].as_array().into_iter().flatten())
        .find(|o| o["name"] == option)
        .unwrap_or_else(|| panic!("{option} of /tournament new"));
    (option["choices"].as_array().into_iter().flatten())
        .find(|c| {
            c["name"]
                .as_str()
                .is_some_and(|n| n.split(' ').next() == Some(name))
        })
        .map(|c| c["value"].clone())
        .unwrap_or_else(|| panic!("{name} is a choice"))
}

fn player(players: &[User], id: &str) -> User {
    *players
        .iter()
        .find(|p| p.id.to_string() == id)
        .unwrap_or_else(|| panic!("{id} plays"))
}

async fn tables_of(t: &Table) -> Vec<store::TableRow> {
    let mut tx = t.referee.store().read().await.expect("tx");
    store::tables(&mut tx, 1).await.expect("tables")
}

async fn moves(t: &Table, game: i64) -> Vec<store::MoveRow> {
    let mut tx = t.referee.store().read().await.expect("tx");
    store::moves(&mut tx, game).await.expect("moves")
}
