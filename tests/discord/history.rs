//! The past through the real bot and the fake Discord: history pages that
//! match the log page by page (taken-back moves marked), paged with buttons
//! that keep working after a restart; the table after any move equal to a
//! fresh picture of the replayed position, stepped with buttons; the
//! server's games paged; the export equal to the terminal's bytes; another
//! server's game unknown.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::app::painter::RenderPainter;
use aquaretto_bot::command::{Command, ReplaySpeed};
use aquaretto_bot::discord::DEFAULT_DEFER_AFTER;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Action, Event, Game, Seat};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::referee::{Actor, Loaded, Painter, ReplayAsk, Request, TableNote};
use aquaretto_bot::render::{self, Highlight, SeatMarks};
use aquaretto_bot::store::Entry;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;
use support::{Answer, Table, ALICE, BOB, CHANNEL, GUILD};

/// A painter whose "picture" is the position and the events themselves, so
/// that a test can tell which position a picture shows.
struct StatePainter;

impl Painter for StatePainter {
    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>> {
        Ok(serde_json::to_vec(&(game, events))?)
    }
    fn zoo(&self, game: &Game, seat: Seat, _lang: &Lang) -> anyhow::Result<Vec<u8>> {
        Ok(serde_json::to_vec(&(game, seat))?)
    }
}

fn state_painter() -> Box<dyn Painter> {
    Box::new(StatePainter)
}

fn actor(id: u64, name: &str) -> Actor {
    Actor {
        id: id.to_string(),
        name: name.to_string(),
        manages_channel: false,
    }
}

/// Plays the channel's game to its end through the referee with seeded
/// random legal moves; the first player to take a truck takes it back once.
async fn play_out(t: &Table, channel: &str, guild: Option<&str>, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut undone = false;
    loop {
        let loaded = t
            .referee
            .open_game(channel)
            .await
            .expect("database")
            .map(|l| l.expect("not damaged"));
        let Some(loaded) = loaded else { break };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = &loaded.seats()[seat];
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        let command = Command::from_action(&action, &loaded.names());
        let took = matches!(command, Command::Take { .. });
        let request = |command: Command| Request {
            channel: channel.to_string(),
            guild: guild.map(str::to_string),
            actor: Actor {
                id: who.user_id.clone(),
                name: who.name.clone(),
                manages_channel: false,
            },
            command,
            via: Default::default(),
        };
        let reply = t.referee.handle(request(command)).await;
        assert!(reply.accepted, "{}", reply.text());
        if took && !undone {
            let reply = t.referee.handle(request(Command::Undo)).await;
            assert!(reply.accepted, "undo: {}", reply.text());
            undone = true;
        }
    }
}

async fn finished_game(t: &Table, seed: u64) -> Loaded {
    t.start_two_player_game(seed).await;
    play_out(t, &CHANNEL.to_string(), Some(&GUILD.to_string()), seed).await;
    t.referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
}

/// The move numbers an answer's history page lists, in order.
fn listed(answer: &Answer) -> Vec<i64> {
    answer
        .content()
        .lines()
        .filter_map(|l| l.strip_prefix("**")?.split_once(".**"))
        .map(|(n, _)| n.parse().expect("a move number"))
        .collect()
}

/// The id of the button of an answer's message whose label starts with
/// `label`, and whether it is disabled.
fn button(answer: &Answer, label: &str) -> Option<(String, bool)> {
    let message = answer.created.first()?;
    message["components"]
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"].as_str().is_some_and(|l| l.starts_with(label)))
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap_or_default().to_string(),
                b["disabled"] == true,
            )
        })
}

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    history_pages_match_the_log_and_page_after_a_restart
}
async fn history_pages_match_the_log_and_page_after_a_restart() {
    let mut t = Table::open(Duration::from_secs(2), state_painter).await;
    let loaded = finished_game(&t, 31).await;
    let total = loaded.log().len() as i64;
    let withdrawn = loaded.withdrawn();
    assert_eq!(withdrawn.len(), 1, "one move was taken back");
    let before = t.rows().await;

    let first = t.say(BOB, "history", &[]).await;
    assert!(first.is_private(), "{}", first.content());
    let pages = (total as usize).div_ceil(8);
    assert!(
        first.content().contains(&format!(
            "oldest first; page 1 of {pages}, page 1 the newest"
        )),
        "{}",
        first.content()
    );
    assert_eq!(
        listed(&first),
        ((total - 7).max(1)..=total).collect::<Vec<_>>()
    );
    let (newer, disabled) = button(&first, "Newer").expect("a Newer button");
    assert!(disabled, "nothing newer than the newest page: {newer}");

    // Older, page by page, with a restart halfway: every move listed once,
    // in order; taken-back moves and undos marked.
    let mut seen: Vec<i64> = listed(&first);
    let mut page = first;
    let mut restarted = false;
    while let Some((older, false)) = button(&page, "◀ Older") {
        if !restarted && seen.len() > total as usize / 2 {
            t.restart().await;
            restarted = true;
        }
        let message = page.created.first().expect("a message").clone();
        page = t.press(ALICE, &message, &older, None).await;
        assert!(page.is_private(), "{}", page.content());
        let mut numbers = listed(&page);
        numbers.extend(seen);
        seen = numbers;
    }
    assert!(restarted, "the history was long enough to restart halfway");
    assert_eq!(seen, (1..=total).collect::<Vec<_>>(), "every move, once");
    let all: String = {
        // The whole history again, to check the marks.
        let mut text = String::new();
        let mut page = t.say(BOB, "history", &[]).await;
        loop {
            text.push_str(page.content());
            text.push('\n');
            match button(&page, "◀ Older") {
                Some((older, false)) => {
                    let message = page.created.first().expect("a message").clone();
                    page = t.press(BOB, &message, &older, None).await;
                }
                _ => break,
            }
        }
        text
    };
    for m in loaded.log() {
        let line = all
            .lines()
            .find(|l| l.starts_with(&format!("**{}.**", m.seq)))
            .expect("listed");
        match &m.entry {
            Entry::Undo { of } => assert!(line.contains(&format!("took back move {of}")), "{line}"),
            Entry::Move(_) if withdrawn.contains(&m.seq) => {
                assert!(
                    line.contains("~~") && line.contains("(taken back)"),
                    "{line}"
                )
            }
            Entry::Move(_) => {
                assert!(!line.contains("taken back"), "{line}");
                assert!(line.contains("<t:"), "when: {line}");
            }
        }
    }
    assert!(all.contains("The game is over"), "the end is told");
    assert_eq!(t.rows().await, before, "looking changed nothing");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_table_after_any_move_is_the_replayed_position_stepped_by_buttons
}
async fn the_table_after_any_move_is_the_replayed_position_stepped_by_buttons() {
    let mut t = Table::open(Duration::from_secs(2), state_painter).await;
    let loaded = finished_game(&t, 32).await;
    let total = loaded.log().len();
    let expected = |n: usize| -> Vec<u8> {
        let m = &loaded.log()[n - 1];
        let (game, events) = match m.action() {
            Some(action) => {
                let mut game = loaded.replay_to(n - 1).expect("replays");
                let events = game.apply(m.seat, action).expect("legal");
                (game, events)
            }
            None => (loaded.replay_to(n).expect("replays"), Vec::new()),
        };
        StatePainter.table(&game, &events).expect("drawn")
    };
    let picture = |a: &Answer| a.pngs().first().map(|f| f.bytes.clone());
    let at = t.say(ALICE, "history", &[("move", json!(5))]).await;
    assert!(at.is_private());
    assert_eq!(picture(&at), Some(expected(5)), "move 5");
    // Step forward three times, then back once, with a restart between.
    let mut answer = at;
    for n in 6..=8 {
        let (next, disabled) = button(&answer, "Move").expect("a next button");
        assert!(!disabled);
        let message = answer.created.first().expect("a message").clone();
        answer = t.press(BOB, &message, &next, None).await;
        assert_eq!(picture(&answer), Some(expected(n)), "move {n}");
    }
    t.restart().await;
    let (previous, _) = button(&answer, "◀ Move").expect("a previous button");
    let message = answer.created.first().expect("a message").clone();
    let back = t.press(BOB, &message, &previous, None).await;
    assert_eq!(picture(&back), Some(expected(7)), "back to move 7");
    // The last move: nothing after it.
    let last = t.say(ALICE, "history", &[("move", json!(total))]).await;
    assert_eq!(picture(&last), Some(expected(total)));
    assert_eq!(button(&last, "Move").map(|b| b.1), Some(true));
    // Out of range.
    let past = t.say(ALICE, "history", &[("move", json!(total + 1))]).await;
    assert!(past.is_private() && past.content().contains(&format!("has {total} moves")));
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    games_are_paged_exports_are_the_terminals_bytes_and_other_servers_unknown
}
async fn games_are_paged_exports_are_the_terminals_bytes_and_other_servers_unknown() {
    let t = Table::open(Duration::from_secs(2), state_painter).await;
    let loaded = finished_game(&t, 33).await;
    // Nine more games in other channels of the server, one in another server.
    let guild = GUILD.to_string();
    for k in 0..9u64 {
        let channel = format!("{}", CHANNEL + 100 + k);
        for (who, command) in [
            (
                actor(ALICE.id, ALICE.name),
                Command::New {
                    removed: None,
                    first: None,
                    seed: Some(k),
                    deck: None,
                },
            ),
            (actor(BOB.id, BOB.name), Command::Join),
        ] {
            let reply = t
                .referee
                .handle(Request {
                    channel: channel.clone(),
                    guild: Some(guild.clone()),
                    actor: who,
                    command,
                    via: Default::default(),
                })
                .await;
            assert!(reply.accepted, "{}", reply.text());
        }
    }
    let elsewhere = t
        .referee
        .handle(Request {
            channel: "77".into(),
            guild: Some("78".into()),
            actor: actor(ALICE.id, ALICE.name),
            command: Command::New {
                removed: None,
                first: None,
                seed: Some(1),
                deck: None,
            },
            via: Default::default(),
        })
        .await;
    assert!(elsewhere.accepted);
    let other_id = elsewhere.game_id.expect("a game id");

    let first = t.say(BOB, "games", &[]).await;
    assert!(first.is_private());
    assert!(
        first.content().contains("page 1 of 2, 10 in all"),
        "{}",
        first.content()
    );
    let ids = |a: &Answer| -> BTreeSet<i64> {
        a.content()
            .lines()
            .filter_map(|l| l.strip_prefix("**#")?.split_once("**"))
            .map(|(n, _)| n.parse().expect("a game number"))
            .collect()
    };
    assert_eq!(ids(&first).len(), 8);
    assert!(!ids(&first).contains(&other_id), "another server's game");
    let (older, disabled) = button(&first, "Older").expect("an Older button");
    assert!(!disabled);
    let message = first.created.first().expect("a message").clone();
    let second = t.press(ALICE, &message, &older, None).await;
    assert_eq!(ids(&second).len(), 2);
    let finished_line = second
        .content()
        .lines()
        .find(|l| l.starts_with(&format!("**#{}**", loaded.id())))
        .expect("the finished game on the older page");
    let winners = loaded.winners().expect("winners");
    assert!(finished_line.contains(&format!("won by {}", winners.join(" and "))));
    let game = loaded.game().expect("started");
    for seat in loaded.seats() {
        let score = game.score(seat.seat).total;
        assert!(
            finished_line.contains(&format!("{} ({score})", seat.name)),
            "{finished_line}"
        );
    }
    let by_page = t.say(BOB, "games", &[("page", json!(2))]).await;
    assert_eq!(ids(&by_page), ids(&second));

    // Export: the same bytes as the terminal's export of the same database.
    let export = t
        .say(ALICE, "export", &[("game", json!(loaded.id()))])
        .await;
    assert!(export.is_private());
    let file = export
        .message
        .files
        .iter()
        .find(|f| f.filename.as_deref().is_some_and(|n| n.ends_with(".json")))
        .expect("a JSON file");
    let terminal = std::process::Command::new(env!("CARGO_BIN_EXE_aquaretto-bot"))
        .args(["export", "--db", &t.db, "--game", &loaded.id().to_string()])
        .output()
        .expect("the binary runs");
    assert!(
        terminal.status.success(),
        "{}",
        String::from_utf8_lossy(&terminal.stderr)
    );
    assert_eq!(file.bytes, terminal.stdout, "the terminal's bytes");
    let record: Value = serde_json::from_slice(&file.bytes).expect("JSON");
    assert_eq!(record["status"], "finished");

    // Another server's game reads as unknown, for every way of asking.
    for (sub, options) in [
        ("history", vec![("game", json!(other_id))]),
        (
            "history",
            vec![("game", json!(other_id)), ("move", json!(1))],
        ),
        ("export", vec![("game", json!(other_id))]),
        ("replay", vec![("game", json!(other_id))]),
    ] {
        let answer = t.say(BOB, sub, &options).await;
        assert!(answer.is_private(), "{sub}");
        assert!(
            answer
                .content()
                .contains(&format!("no game #{other_id} in this server")),
            "{sub}: {}",
            answer.content()
        );
        assert!(answer.message.files.is_empty());
    }
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_replay_is_a_looping_gif_of_every_move_under_the_limit
}
/// `/aq replay` of a game ten moves in, with the real renderer: a looping
/// GIF, a picture per move (a short game) and the start, each held for the
/// speed asked, under Discord's limit; refused before the game starts.
async fn a_replay_is_a_looping_gif_of_every_move_under_the_limit() {
    let t = Table::open(DEFAULT_DEFER_AFTER, support::render_painter).await;
    let lobby = t.say(ALICE, "new", &[("seed", json!(34))]).await;
    assert!(!lobby.is_private());
    let early = t.say(BOB, "replay", &[]).await;
    assert!(early.is_private() && early.content().contains("nothing to replay yet"));
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    play_random_moves(&t, &mut rng, 10).await;
    let before = t.rows().await;
    let fast = t.choice_value("replay", "speed", "fast");
    let answer = t.say(BOB, "replay", &[("speed", fast)]).await;
    assert!(answer.is_private(), "{}", answer.content());
    assert!(
        answer
            .content()
            .contains("10 moves in 11 pictures, fast speed"),
        "{}",
        answer.content()
    );
    let file = answer.gif().expect("a GIF");
    assert!(file.bytes.len() < 10 * 1024 * 1024);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&file.bytes[..]).expect("the GIF decodes");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("every frame decodes") {
        delays.push(frame.delay);
    }
    assert_eq!(decoder.repeat(), gif::Repeat::Infinite, "it loops");
    assert_eq!(delays.len(), 11, "the start and every move");
    assert!(
        delays[..10].iter().all(|d| *d == 35),
        "fast: 0.35 s a picture: {delays:?}"
    );
    assert!(delays[10] > 35, "the last picture is held longer");
    let full_size = decoder.width();

    // A server whose uploads are smaller: the interaction says how much it
    // may attach, and the replay fits that, drawn smaller.
    let limit: usize = 150 * 1024;
    assert!(file.bytes.len() > limit, "the limit must bite");
    let mut small = t.interaction(BOB, "replay", &[]);
    small["attachment_size_limit"] = json!(limit);
    let answer = t.send(&small).await;
    assert!(answer.is_private(), "{}", answer.content());
    assert!(
        answer.content().contains("of the table's size to fit"),
        "{}",
        answer.content()
    );
    let file = answer.gif().expect("a GIF");
    assert!(
        file.bytes.len() <= limit,
        "{} bytes over a limit of {limit}",
        file.bytes.len()
    );
    let decoder = gif::DecodeOptions::new()
        .read_info(&file.bytes[..])
        .expect("the GIF decodes");
    assert!(decoder.width() < full_size, "drawn smaller");
    assert_eq!(t.rows().await, before, "a replay changes nothing");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_past_of_a_japanese_game_is_drawn_in_japanese
}
/// A Japanese game's past is drawn in Japanese, through the real bot and
/// renderer: the table after a move is the Japanese picture of the replayed
/// position (not the English one), and the replay is the Japanese replay of
/// the moves.
async fn the_past_of_a_japanese_game_is_drawn_in_japanese() {
    let t = Table::open(DEFAULT_DEFER_AFTER, support::render_painter).await;
    t.start_two_player_game(35).await;
    let set = t.say(ALICE, "settings", &[("language", json!("ja"))]).await;
    assert!(!set.is_private(), "{}", set.content());
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    play_random_moves(&t, &mut rng, 6).await;
    let loaded = t.loaded().await.expect("running");
    let ja = Lang::find("ja").expect("the catalogue speaks Japanese");
    assert_eq!(loaded.lang(), &ja);

    // The table after move 4.
    let m = &loaded.log()[3];
    let mut game = loaded.replay_to(3).expect("replays");
    let events = game
        .apply(m.seat, m.action().expect("a move"))
        .expect("legal");
    let marks = |lang: &Lang| SeatMarks {
        practice: loaded.practice(),
        lang: lang.clone(),
        ..SeatMarks::default()
    };
    let highlight = Highlight::from_events(&events);
    let japanese = render::table_png_marked(&game, &highlight, &marks(&ja)).expect("drawn");
    let english =
        render::table_png_marked(&game, &highlight, &marks(&Lang::english())).expect("drawn");
    assert_ne!(japanese, english);
    let at = t.say(ALICE, "history", &[("move", json!(4))]).await;
    let picture = at.pngs().first().map(|f| f.bytes.clone());
    assert_eq!(
        picture,
        Some(japanese),
        "the table after move 4, in Japanese"
    );
    let note = TableNote {
        practice: loaded.practice(),
        lang: ja.clone(),
        names: loaded.names(),
        standings: loaded.standings(&game),
        clocks: Vec::new(),
    };
    assert_eq!(
        picture,
        Some(
            RenderPainter
                .table_noted(&game, &events, note)
                .expect("drawn")
        ),
        "the painter draws what the renderer draws"
    );

    // The replay.
    let setup = loaded.setup().expect("a setup");
    let moves: Vec<(Seat, Action)> = loaded
        .live(loaded.log().len())
        .expect("the moves in force")
        .iter()
        .map(|(m, a)| (m.seat, (*a).clone()))
        .collect();
    let ask = |lang: &Lang| ReplayAsk {
        max_bytes: 10 * 1024 * 1024,
        frame_ms: ReplaySpeed::Normal.frame_ms(),
        lang: lang.clone(),
        standings: loaded.standings(loaded.game().expect("started")),
    };
    let expected = RenderPainter
        .replay(&setup, &moves, &ask(&ja))
        .expect("a replay");
    let in_english = RenderPainter
        .replay(&setup, &moves, &ask(&Lang::english()))
        .expect("a replay");
    assert!(expected.dropped == 0 && !expected.scaled_down);
    assert_ne!(expected.gif, in_english.gif);
    let answer = t.say(BOB, "replay", &[]).await;
    let file = answer.gif().expect("a GIF");
    assert_eq!(file.bytes, expected.gif, "the replay, in Japanese");
    finish(t).await;
}

/// `n` random legal moves through the referee, each by the player to act.
async fn play_random_moves(t: &Table, rng: &mut ChaCha8Rng, n: usize) {
    for _ in 0..n {
        let loaded = t.loaded().await.expect("running");
        let game = loaded.game().cloned().expect("started");
        let seat = game.to_act().expect("someone acts");
        let action = random_action(&game, seat, rng).expect("a legal move");
        let who = &loaded.seats()[seat];
        let reply = t
            .referee
            .handle(Request {
                channel: CHANNEL.to_string(),
                guild: Some(GUILD.to_string()),
                actor: actor(who.user_id.parse().expect("an id"), &who.name),
                command: Command::from_action(&action, &loaded.names()),
                via: Default::default(),
            })
            .await;
        assert!(reply.accepted, "{}", reply.text());
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    past_stats_show_the_ratings_a_players_history_and_the_pace
}
/// A game dealt by the bot played to its end on the test clock (alice
/// takes 40 s a move, bob 2 min 5 s), then `/aq past stats` and `/aq past
/// stats player:` as a user asks them: the ratings are the crate's own for
/// that game, the history names it, the medians are the clock's steps.
async fn past_stats_show_the_ratings_a_players_history_and_the_pace() {
    use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
    use skillratings::MultiTeamOutcome;
    let t = Table::open(Duration::from_secs(2), state_painter).await;
    assert!(!t.say(ALICE, "new", &[]).await.is_private());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
    let mut moves = [0usize; 2];
    t.play_to_the_end(21, |who| {
        let alice = who.name == ALICE.name;
        moves[usize::from(!alice)] += 1;
        t.clock
            .advance(Duration::from_secs(if alice { 40 } else { 125 }));
    })
    .await;
    let channel = CHANNEL.to_string();
    let done = t
        .referee
        .find_game(None, Some(&channel))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged");
    let game = done.game().expect("started");
    let key = |s: usize| (game.score(s).total, game.players()[s].coins);
    let places: Vec<usize> = (0..2)
        .map(|s| 1 + (0..2).filter(|o| key(*o) > key(s)).count())
        .collect();
    let fresh = [WengLinRating::new()];
    let outcome: Vec<(&[WengLinRating], MultiTeamOutcome)> = places
        .iter()
        .map(|p| (&fresh[..], MultiTeamOutcome::new(*p)))
        .collect();
    let after = weng_lin_multi_team(&outcome, &WengLinConfig::new());
    let name = |s: usize| done.seats()[s].name.clone();
    let said = |r: &WengLinRating| {
        format!(
            "{:.1} ({:.1} ± {:.1})",
            r.rating - 3.0 * r.uncertainty,
            r.rating,
            r.uncertainty
        )
    };

    let stats = t.say(ALICE, "stats", &[]).await;
    assert!(stats.is_private(), "stats are private");
    let text = stats.content();
    for (s, rated) in after.iter().enumerate() {
        let line = format!("{} — {} after 1 rated game", name(s), said(&rated[0]));
        assert!(text.contains(&line), "{line}\nin:\n{text}");
    }
    assert!(
        text.contains("Median time to move (people's moves"),
        "{text}"
    );
    assert!(
        text.contains(&format!("alice: 40 s over {} moves", moves[0])),
        "{text}"
    );
    assert!(
        text.contains(&format!("bob: 2 min 5 s over {} moves", moves[1])),
        "{text}"
    );

    let bob_seat = usize::from(name(0) != BOB.name);
    let mine = t
        .say(
            ALICE,
            "stats",
            &[(
                "player",
                support::fake_discord::user_option(BOB.id, BOB.name),
            )],
        )
        .await;
    assert!(mine.is_private());
    let text = mine.content();
    let history = format!(
        "Game #{}: {}, {} of 2",
        done.id(),
        said(&after[bob_seat][0]),
        if places[bob_seat] == 1 { "1st" } else { "2nd" }
    );
    assert!(
        text.contains("Rating after each recent rated game, newest first:")
            && text.contains(&history),
        "{history}\nin:\n{text}"
    );
    assert!(
        text.contains(&format!(
            "Median time to move: 2 min 5 s over {} moves.",
            moves[1]
        )),
        "{text}"
    );
    finish(t).await;
}

/// A short stacked deck (20 tiles, 5 in the reserve) without the turtle,
/// penguin and polar bear, for games that end within a minute of random
/// moves.
pub(crate) fn short_deck(seed: u64) -> (String, String) {
    use aquaretto_bot::engine::{Animal, Deck, Tile};
    use rand::seq::SliceRandom;
    let removed = [Animal::Turtle, Animal::Penguin, Animal::PolarBear];
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut tiles = Tile::shuffled_box(&kept);
    tiles.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    tiles.truncate(20);
    let reserve = tiles.split_off(15);
    let words: Vec<&str> = removed.iter().map(|a| a.word()).collect();
    (
        Deck {
            draw: tiles,
            reserve,
        }
        .to_text(),
        words.join(" "),
    )
}

/// A small review budget: the judgement's every path, quickly.
fn review_budget() -> aquaretto_bot::cpu::Budget {
    aquaretto_bot::cpu::Budget {
        playouts: 16,
        candidates: 3,
        horizon_rounds: 0,
    }
}

/// Opens and starts a short-deck game of alice (first) and bob.
async fn start_short_game(t: &Table, seed: u64) {
    let (deck, removed) = short_deck(seed);
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(seed)),
                ("deck", json!(deck)),
                ("removed", json!(removed)),
                (
                    "first",
                    support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
            ],
        )
        .await;
    assert!(!opened.is_private(), "new: {}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_finished_game_is_reviewed_with_pictures_and_a_running_one_is_refused
}
/// `/aq past review`: refused while the game runs (nothing changes); a game
/// finished before reviews were made is reviewed when first asked (being
/// prepared meanwhile); with reviews after games on, the review is written
/// in the background after the last move, with no one asking; the answer
/// names each player's costliest decisions with both moves and attaches the
/// asker's pictures, the same each time.
async fn a_finished_game_is_reviewed_with_pictures_and_a_running_one_is_refused() {
    let t = Table::open(DEFAULT_DEFER_AFTER, support::render_painter).await;
    start_short_game(&t, 61).await;
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    play_random_moves(&t, &mut rng, 4).await;
    let before = t.rows().await;
    let running = t.say(BOB, "review", &[]).await;
    assert!(running.is_private());
    assert!(
        running.content().contains("is not over"),
        "{}",
        running.content()
    );
    assert_eq!(t.rows().await, before, "a refused review changes nothing");

    // Finished while this referee made no reviews after games: made when
    // first asked.
    play_out(&t, &CHANNEL.to_string(), Some(&GUILD.to_string()), 61).await;
    let id = t.loaded().await.map(|l| l.id());
    let first_id = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
        .id();
    assert!(id.is_none() || id == Some(first_id));
    let asked = t.say(BOB, "review", &[]).await;
    assert!(asked.is_private());
    assert!(
        asked.content().contains("is being prepared"),
        "{}",
        asked.content()
    );
    t.referee.review_done(first_id).await;
    let review = t.say(ALICE, "review", &[]).await;
    assert!(review.is_private(), "{}", review.content());
    let text = review.content().to_string();
    assert!(
        text.contains(&format!("Review of game #{first_id}")),
        "{text}"
    );
    assert!(text.contains("alice") && text.contains("bob"), "{text}");
    assert!(text.contains("Move "), "a costly decision is named: {text}");
    assert!(text.contains("preferred "), "{text}");
    let pictures = review.pngs();
    assert!(!pictures.is_empty(), "alice's decisions pictured: {text}");
    assert!(pictures.len() <= 3);
    for p in &pictures {
        image::load_from_memory(&p.bytes).expect("a picture");
    }
    let again = t.say(ALICE, "review", &[]).await;
    assert_eq!(again.content(), text, "the same review again");
    let rows = t.rows().await;
    assert!(
        rows.iter().filter(|r| r.starts_with("reviews:")).count() == 1,
        "stored once"
    );

    // Reviews after games: written after the last move, asked by no one.
    t.referee.review_finished_games(review_budget());
    start_short_game(&t, 62).await;
    play_out(&t, &CHANNEL.to_string(), Some(&GUILD.to_string()), 62).await;
    let second = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
        .id();
    assert_ne!(second, first_id);
    t.referee.review_done(second).await;
    let rows = t.rows().await;
    assert_eq!(
        rows.iter().filter(|r| r.starts_with("reviews:")).count(),
        2,
        "the second game's review was written with no one asking"
    );
    let review = t.say(BOB, "review", &[]).await;
    assert!(
        review
            .content()
            .contains(&format!("Review of game #{second}")),
        "{}",
        review.content()
    );
    assert!(!review.pngs().is_empty(), "bob's decisions pictured");
    // Another game, and another player's pictures, by option.
    let alice = t
        .say(
            BOB,
            "review",
            &[
                ("game", json!(first_id)),
                (
                    "player",
                    support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
            ],
        )
        .await;
    assert_eq!(alice.content(), text);
    assert_eq!(alice.pngs().len(), pictures.len());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_game_of_a_channel_the_asker_may_not_see_is_not_read_by_its_number
}
/// `/aq past ... game:<id>` and `/aq past games` read a game of another
/// channel only where every member sees that channel, the asker played in
/// it, or sees every channel (Administrator); from its own channel, anyone
/// there.
async fn a_game_of_a_channel_the_asker_may_not_see_is_not_read_by_its_number() {
    use support::fake_discord::{self as fd, ChannelSpec};
    use support::{CAROL, DAVE};
    const VIEW: u64 = 1 << 10;
    const ADMINISTRATOR: u64 = 1 << 3;
    const HIDDEN: u64 = 2_000_000_000_000_000_111;
    let t = Table::open(Duration::from_secs(2), state_painter).await;
    t.fake.add_channel(ChannelSpec {
        overwrites: vec![
            fd::overwrite(GUILD, false, 0, VIEW),
            fd::overwrite(ALICE.id, true, VIEW, 0),
            fd::overwrite(BOB.id, true, VIEW, 0),
        ],
        ..ChannelSpec::text(GUILD, HIDDEN)
    });
    for (who, sub) in [(ALICE, "new"), (BOB, "join"), (ALICE, "start")] {
        let answer = t.send(&t.interaction_in(HIDDEN, who, sub, &[])).await;
        assert!(!answer.is_private(), "{sub}: {}", answer.content());
    }
    let hidden = t.loaded_in(HIDDEN).await.expect("a game").id();
    t.start_two_player_game(5).await;
    let open = t.loaded().await.expect("a game").id();
    let game = |id: i64| [("game", json!(id))];

    let rows = t.rows().await;
    for sub in ["export", "history", "replay", "review"] {
        let refused = t.say(CAROL, sub, &game(hidden)).await;
        assert!(refused.is_private(), "{sub}: {}", refused.content());
        assert!(
            refused
                .content()
                .contains("not every member of this server can see"),
            "{sub}: {}",
            refused.content()
        );
        assert!(refused.message.files.is_empty(), "{sub}: nothing attached");
    }
    assert_eq!(t.rows().await, rows, "refusals change nothing");
    // Whoever played in it, an administrator, and anyone in its channel.
    let played = t.say(BOB, "export", &game(hidden)).await;
    assert_eq!(played.message.files.len(), 1, "{}", played.content());
    let mut admin = t.interaction(CAROL, "export", &game(hidden));
    fd::set_member_permissions(&mut admin, fd::PERMISSIONS_BITS | ADMINISTRATOR);
    assert_eq!(t.send(&admin).await.message.files.len(), 1);
    let there = t
        .send(&t.interaction_in(HIDDEN, DAVE, "export", &game(hidden)))
        .await;
    assert_eq!(there.message.files.len(), 1, "{}", there.content());
    // A game of a channel every member sees, from anywhere.
    let elsewhere = t
        .send(&t.interaction_in(HIDDEN, DAVE, "export", &game(open)))
        .await;
    assert_eq!(elsewhere.message.files.len(), 1, "{}", elsewhere.content());

    // The server's list: each sees what they may.
    let listed = |answer: &Answer, id: i64| answer.content().contains(&format!("#{id}**"));
    let carol = t.say(CAROL, "games", &[]).await;
    assert!(
        listed(&carol, open) && !listed(&carol, hidden),
        "{}",
        carol.content()
    );
    let bob = t.say(BOB, "games", &[]).await;
    assert!(
        listed(&bob, open) && listed(&bob, hidden),
        "{}",
        bob.content()
    );
    let from_there = t.send(&t.interaction_in(HIDDEN, DAVE, "games", &[])).await;
    assert!(
        listed(&from_there, open) && listed(&from_there, hidden),
        "{}",
        from_there.content()
    );
    finish(t).await;
}
