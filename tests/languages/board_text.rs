//! The table in words for a screen reader: `/aq board text` and the
//! Describe button under a table's message, through the fake Discord. A
//! game of two people and a computer player is played to its middle; then
//! its table is read in English, Japanese and German and compared with the
//! golden texts `tests/golden/board-text-{en,ja,de}.txt` (written afresh
//! with `UPDATE_GOLDEN=1`; read them when they change). The Describe
//! button, pressed by someone who does not play, gives the same text,
//! privately, in their language.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::discord::DEFAULT_DEFER_AFTER;
use aquaretto_bot::view::controls::{Control, ControlId};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::PathBuf;
use support::fake_discord as fd;
use support::langs::assert_in;
use support::{Answer, Table, TinyPainter, ALICE, BOB, CAROL};

/// Moves played before the table is read (the computer's own among them).
const MOVES: usize = 90;

fn golden_path(code: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/board-text-{code}.txt"))
}

/// Compares `said` with its golden text, or writes it with `UPDATE_GOLDEN`.
fn golden(code: &str, said: &str) {
    let path = golden_path(code);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, format!("{said}\n")).expect("golden written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    assert_eq!(
        said,
        expected.trim_end_matches('\n'),
        "{code}: the board text changed from {}; if intended, run with UPDATE_GOLDEN=1 and read it",
        path.display()
    );
}

/// Every message an answer created, their contents one after another (a
/// long text may take more than one message).
fn text_of(answer: &Answer) -> String {
    if answer.created.is_empty() {
        return answer.content().to_string();
    }
    let parts: Vec<&str> = answer
        .created
        .iter()
        .filter_map(|m| m["content"].as_str())
        .collect();
    parts.join("\n")
}

/// The id of the Describe button under the channel's latest table message.
fn describe_button(t: &Table) -> (Value, String) {
    // The table's message is the answer to a move (a webhook's message)
    // or a letter to the channel.
    let channel = support::CHANNEL.to_string();
    let message = t
        .fake
        .messages()
        .into_iter()
        .filter(|m| m["channel_id"].as_str() == Some(channel.as_str()))
        .rev()
        .find(support::has_controls)
        .expect("a table message with controls");
    let id = support::presses(&message)
        .into_iter()
        .map(|(id, _)| id)
        .find(|id| ControlId::decode(id).is_some_and(|c| c.control == Control::Describe))
        .unwrap_or_else(|| panic!("no Describe button under {message}"));
    (message, id)
}

/// Opens alice's game with bob and an easy computer player, and plays
/// [`MOVES`] moves chosen by a seeded generator.
async fn play_to_the_middle(t: &Table) {
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(42)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "new: {}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let level = t.choice_value("addbot", "level", "easy");
    let seated = t.say(ALICE, "addbot", &[("level", level)]).await;
    assert!(!seated.is_private(), "addbot: {}", seated.content());
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "start: {}", started.content());
    t.settle(&started).await;
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    loop {
        let loaded = t.loaded().await.expect("the game");
        if loaded.seq() >= MOVES as i64 {
            break;
        }
        let game = loaded.game().cloned().expect("started");
        let seat = game.to_act().expect("not over yet");
        let who = Table::user_of(&loaded, seat);
        let action = game
            .legal_actions(seat)
            .choose(&mut rng)
            .expect("a legal move")
            .clone();
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(who, sub, &options).await;
        assert!(!answer.is_private(), "{}", answer.content());
        t.settle(&answer).await;
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    board_text_reads_the_table_in_order_in_three_languages
}
async fn board_text_reads_the_table_in_order_in_three_languages() {
    let t = Table::open(DEFAULT_DEFER_AFTER, TinyPainter::boxed).await;
    play_to_the_middle(&t).await;
    for (locale, code) in [("en-US", "en"), ("ja", "ja"), ("de", "de")] {
        t.set_locale(BOB, locale);
        let answer = t.say(BOB, "board", &[("text", json!(true))]).await;
        assert!(answer.is_private(), "{code}: {}", answer.content());
        assert!(answer.pngs().is_empty(), "{code}: words, not a picture");
        let said = text_of(&answer);
        assert_in(code, &said, &format!("board text in {code}"));
        // The monospace grid is not in it: a screen reader reads sentences.
        assert!(!said.contains("```"), "{code}: {said}");
        assert!(!said.contains('│') && !said.contains('┃'), "{code}: {said}");
        golden(code, &said);

        // The Describe button, pressed by someone who does not play, says
        // the same, privately, in their language.
        t.set_locale(CAROL, locale);
        let (message, describe) = describe_button(&t);
        let pressed = t.press(CAROL, &message, &describe, None).await;
        assert!(pressed.is_private(), "{code}: {}", pressed.content());
        assert_eq!(text_of(&pressed), said, "{code}: Describe says board text");
    }
    // In English, in the order a screen reader should follow: the game,
    // whose turn, the trucks, then each player's points, zoo and coworkers.
    let en = std::fs::read_to_string(golden_path("en")).expect("the English golden");
    let at = |s: &str| en.find(s).unwrap_or_else(|| panic!("{s} in {en}"));
    assert!(at("Game #1, round") < at("Truck 1"));
    assert!(at("Truck 1") < at("Truck 2"));
    assert!(at("Truck 2") < at("alice:"));
    assert!(at("alice:") < at("bob:"));
    assert!(at("bob:") < at("Easy bot:"));
    assert!(at("alice:") < at("Basin of"));
    assert!(at("Basin of") < at("empty spaces"));
    assert!(at("empty spaces") < at("depot"));
    assert!(
        t.fake.take_violations().is_empty(),
        "the fake refused nothing"
    );
}
