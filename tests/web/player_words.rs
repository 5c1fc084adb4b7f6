//! Words meant for code never reach a player: no tile's command word
//! (`dolphin-m`, `orca-f`, `hippo-fish`, `crocodile-bolt`, `seal-young`)
//! in anything a player reads, through every door. One game of two people
//! and a computer player is played to its end on the fake Discord with the
//! web pages on (moves typed and pressed, autocomplete asked, the looks,
//! the history, the review), and every request the fake received is read:
//! messages, buttons, menus, choices, descriptions. The game's web page is
//! read mid-game and once it is over (its text and its `alt`, `title` and
//! `aria-label`), and a game at the terminal's prompt, looks and history
//! included. Also: "(auto)" marks no computer player's own move, and the
//! terminal's hints name its commands without `/aq`.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Action, Setup};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command as Process, Stdio};
use support::fake_discord as fd;
use support::{link, Table, TinyPainter, ALICE, BOB};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// The marks a tile's command word ends with.
const MARKS: [&str; 5] = ["m", "f", "fish", "bolt", "young"];

/// The first tile's command word in `said` (`[a-z]+-(m|f|fish|bolt|young)`
/// as a whole word), with a little of what is around it; addresses are
/// left out (a link's token is no word).
fn tile_code(said: &str) -> Option<String> {
    let words: Vec<&str> = said
        .split_whitespace()
        .filter(|w| !w.contains("://"))
        .collect();
    for (i, word) in words.iter().enumerate() {
        for part in word.split(|c: char| !(c.is_ascii_lowercase() || c == '-')) {
            let Some((head, mark)) = part.rsplit_once('-') else {
                continue;
            };
            if !head.is_empty() && !head.contains('-') && MARKS.contains(&mark) {
                let from = i.saturating_sub(4);
                let to = (i + 4).min(words.len());
                return Some(words[from..to].join(" "));
            }
        }
    }
    None
}

fn assert_no_code(said: &str, what: &str) {
    if let Some(code) = tile_code(said) {
        panic!("{what}: a tile's command word in '{code}'");
    }
}

/// Every string a player may read in a request's JSON: not ids, tokens,
/// addresses or the values a menu hands back.
fn readable(v: &Value, key: &str, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            let code_only = matches!(
                key,
                "custom_id" | "url" | "value" | "id" | "token" | "filename" | "nonce" | "proxy_url"
            ) || key.ends_with("_id");
            if !code_only {
                out.push(s.clone());
            }
        }
        Value::Array(items) => items.iter().for_each(|i| readable(i, key, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| readable(v, k, out)),
        _ => {}
    }
}

/// What a page shows a reader: its text, and its `alt`, `title` and
/// `aria-label` values (scripts and styles left out).
fn page_words(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        let tag_and_after = &rest[open..];
        let Some(close) = tag_and_after.find('>') else {
            break;
        };
        let tag = &tag_and_after[..=close];
        for attribute in ["alt=\"", "title=\"", "aria-label=\""] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                out.push_str(value.split('"').next().unwrap_or_default());
                out.push(' ');
            }
        }
        rest = &tag_and_after[close + 1..];
        for skipped in ["<script", "<style"] {
            if tag.starts_with(skipped) {
                let end = format!("</{}>", &skipped[1..]);
                rest = rest.find(&end).map_or("", |e| &rest[e + end.len()..]);
            }
        }
    }
    out.push_str(rest);
    out
}

async fn get(url: &str) -> String {
    let r = reqwest::get(url).await.expect("the page answers");
    assert_eq!(r.status().as_u16(), 200, "{url}");
    r.text().await.unwrap_or_default()
}

/// Asks for the choices of every option a move's autocomplete fills.
async fn ask_choices(t: &Table, who: support::User) {
    for (sub, option, kind) in [
        ("draw", "truck", 4),
        ("take", "truck", 4),
        ("place", "at", 3),
        ("place", "tile", 4),
        ("move", "from", 3),
        ("move", "to", 3),
        ("buy", "at", 3),
    ] {
        t.autocomplete(who, sub, &[], (option, ""), kind).await;
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    no_tile_code_reaches_a_player_on_discord_or_the_web
}
async fn no_tile_code_reaches_a_player_on_discord_or_the_web() {
    let t = Table::open_web(TinyPainter::boxed).await;
    t.referee.review_finished_games(aquaretto_bot::cpu::Budget {
        playouts: 8,
        candidates: 2,
        horizon_rounds: 0,
    });
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(17)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let level = t.choice_value("addbot", "level", "easy");
    assert!(!t
        .say(ALICE, "addbot", &[("level", level)])
        .await
        .is_private());
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    t.settle(&started).await;
    let watch = link(&started.created[0], "Watch on the web");
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut moves = 0;
    let mut pages = Vec::new();
    loop {
        // Once over, the channel has no open game.
        let Some(loaded) = t.loaded().await else {
            break;
        };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        if moves % 5 == 0 {
            ask_choices(&t, who).await;
        }
        if moves % 20 == 10 {
            for (sub, options) in [
                ("moves", vec![]),
                ("board", vec![]),
                ("board", vec![("text", json!(true))]),
                ("score", vec![]),
                ("history", vec![]),
                ("history", vec![("move", json!(moves))]),
                ("zoo", vec![("player", fd::user_option(BOB.id, BOB.name))]),
            ] {
                let answer = t.say(BOB, sub, &options).await;
                assert!(answer.is_private(), "{sub}: {}", answer.content());
            }
            pages.push(get(&watch).await);
        }
        // Every second move by a press of the table's own controls.
        let table = t
            .fake
            .messages()
            .into_iter()
            .rev()
            .find(support::has_controls);
        let pressed = match table.filter(|_| moves % 2 == 1) {
            Some(message) => support::direct_moves(&loaded, &message)
                .choose(&mut rng)
                .cloned()
                .map(|(_, id, values)| (message, id, values)),
            None => None,
        };
        let answer = match pressed {
            Some((message, id, values)) => t.press(who, &message, &id, values.as_deref()).await,
            None => {
                let actions: Vec<Action> = game.legal_actions(seat);
                let action = actions.choose(&mut rng).expect("a legal move").clone();
                let (sub, options) = t.options_for(&action, &loaded);
                t.say(who, sub, &options).await
            }
        };
        assert!(!answer.is_private(), "move {moves}: {}", answer.content());
        t.settle(&answer).await;
        moves += 1;
        assert!(moves < 400, "the game ends");
    }
    let done = t
        .referee
        .find_game(None, Some(&support::CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged");
    assert!(
        done.game().is_some_and(|g| g.is_over()),
        "played to its end"
    );
    t.referee.review_done(done.id()).await;
    for who in [ALICE, BOB] {
        for (sub, options) in [
            ("review", vec![]),
            ("history", vec![]),
            ("history", vec![("move", json!(moves / 2))]),
            ("board", vec![("text", json!(true))]),
            ("score", vec![]),
            ("games", vec![]),
        ] {
            let answer = t.say(who, sub, &options).await;
            assert!(answer.is_private(), "{sub}: {}", answer.content());
        }
    }
    // A refusal, too.
    assert!(t
        .say(BOB, "take", &[("truck", json!(9))])
        .await
        .is_private());
    pages.push(get(&watch).await);

    // Every request the fake received, as a player reads it.
    let mut read = 0;
    for req in t.fake.requests() {
        let Some(body) = &req.json else { continue };
        let mut said = Vec::new();
        readable(body, "", &mut said);
        for s in said {
            read += 1;
            assert_no_code(&s, &format!("{} {}", req.method, req.path));
            assert!(
                !s.contains("(auto)"),
                "a computer player's own move marked automatic: {s}"
            );
        }
    }
    assert!(read > 500, "{read} texts read");
    for (i, page) in pages.iter().enumerate() {
        let words = page_words(page);
        assert!(words.contains("#1"), "page {i}: {words}");
        assert_no_code(&words, &format!("the web page, read {}", i + 1));
    }
    assert!(
        t.fake.take_violations().is_empty(),
        "the fake refused nothing"
    );
}

/// A whole game at the terminal's prompt, its looks and history between
/// the moves: no tile's command word, and the hints without `/aq`.
#[test]
fn no_tile_code_reaches_a_player_at_the_terminal() {
    let names = ["ana", "ben"];
    let mut setup = Setup::new(names, 8);
    setup.first = Some("ana".to_string());
    let (_, log) = random_game(setup, 8);
    let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut input = String::new();
    for (i, (seat, action)) in log.iter().enumerate() {
        let command = Command::from_action(action, &seat_names).to_text();
        input.push_str(&format!("{}: {command}\n", names[*seat]));
        if i % 25 == 12 {
            for look in [
                "moves",
                "board",
                "board text",
                "zoo ben",
                "score",
                "history",
                "history move:3",
                "take 9",
            ] {
                input.push_str(look);
                input.push('\n');
            }
        }
    }
    input.push_str("history\nhistory move:5\nscore\nreview\ngames\nquit\n");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = Process::new(BIN);
    p.arg("play")
        .arg("--db")
        .arg(dir.path().join("games.db"))
        .args(["--players", "ana,ben", "--seed", "8", "--lang", "en"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = p.spawn().expect("starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("writes");
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("(top first)"), "a depot was shown: {said}");
    assert!(said.contains("with history move:<n>."), "{said}");
    assert!(!said.contains("/aq history move:<n>"), "{said}");
    assert!(said.contains("oldest first"), "{said}");
    assert_no_code(&said, "the terminal");
}

#[test]
fn the_scan_finds_tile_codes_and_only_them() {
    for code in [
        "ana took truck 2 (polarbear-m)",
        "orca-f left the game",
        "Take truck 1 (hippo-fish, orca)",
        "depot: seal-young",
        "crocodile-bolt.",
    ] {
        assert!(tile_code(code).is_some(), "{code}");
    }
    for words in [
        "ana took truck 2 (a fertile male polar bear)",
        "Take truck 1 (hippo (fish), orca)",
        "https://example.org/s/ab-m",
        "e-mail, well-made, K11",
    ] {
        assert_eq!(tile_code(words), None, "{words}");
    }
}
