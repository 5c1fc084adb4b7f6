//! Every picture the bot posts carries its description (Discord's
//! attachment `description`: what a screen reader says of it, and what
//! Discord shows on hover), in its reader's language: the game's for a
//! message in the channel, the asker's for a private one. A short game is
//! played through the fake Discord in each language and the pseudo-locale
//! (the game in the creator's, the other player's looks in theirs): the
//! tables after moves, a look at the board and a zoo, a move of the
//! history, the last table and its score card, a replay and a review's
//! pictures. Every request the fake received with a picture is then read:
//! each picture described, within Discord's 1,024 characters (the strict
//! fake refuses more), and in the language its message speaks.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::discord::DEFAULT_DEFER_AFTER;
use aquaretto_bot::engine::{Action, Event, Game, Seat, Setup};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::referee::{Painter, ReplayAsk, ReplayMade, TableNote};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use support::fake_discord as fd;
use support::langs::assert_in;
use support::pseudo::escaped;
use support::{tiny_png, Answer, Table, User, ALICE, BOB};

/// A GIF of one pixel.
const TINY_GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

/// A painter that draws every kind of picture, each a tiny valid one: the
/// test reads what is said of the pictures, not the pictures.
struct EveryPicture;

impl Painter for EveryPicture {
    fn table(&self, _: &Game, _: &[Event]) -> anyhow::Result<Vec<u8>> {
        Ok(tiny_png())
    }
    fn zoo(&self, _: &Game, _: Seat, _: &Lang) -> anyhow::Result<Vec<u8>> {
        Ok(tiny_png())
    }
    fn score_card(
        &self,
        _: &aquaretto_bot::view::score_card::ScoreCard,
        _: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(tiny_png())
    }
    fn review_table(
        &self,
        _: &Game,
        _: &[Event],
        _: &[String],
        _: usize,
        _: usize,
        _: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(tiny_png())
    }
    fn replay(
        &self,
        _: &Setup,
        moves: &[(Seat, Action)],
        _: &ReplayAsk,
    ) -> anyhow::Result<ReplayMade> {
        Ok(ReplayMade {
            gif: TINY_GIF.to_vec(),
            frames: moves.len() + 1,
            dropped: 0,
            scaled_down: false,
            scale: 1.0,
        })
    }
}

fn every_picture() -> Box<dyn Painter> {
    Box::new(EveryPicture)
}

/// A short stacked deck (20 tiles, 5 in the reserve) without the turtle,
/// penguin and polar bear: a game of random moves ends within a minute.
fn short_deck(seed: u64) -> (String, String) {
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

/// The pictures an answer posted (each message it sent or edited with a
/// file) and the description each was given: (file name, description).
fn described(answer: &Answer) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for req in answer.deferred.iter().chain([&answer.message]) {
        out.extend(described_in(req));
    }
    out
}

/// The picture files of one request and their descriptions, as its
/// payload lists them by id.
fn described_in(req: &fd::RecordedRequest) -> Vec<(String, Option<String>)> {
    let body = req.body();
    let listed = body["attachments"]
        .as_array()
        .or_else(|| body["data"]["attachments"].as_array())
        .cloned()
        .unwrap_or_default();
    req.files
        .iter()
        .filter(|f| {
            f.filename
                .as_deref()
                .is_some_and(|n| n.ends_with(".png") || n.ends_with(".gif"))
        })
        .map(|f| {
            let index = f
                .field
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|n| n.parse::<u64>().ok());
            let description = listed
                .iter()
                .find(|a| {
                    a["id"].as_u64() == index
                        || a["id"].as_str().and_then(|s| s.parse().ok()) == index
                })
                .and_then(|a| a["description"].as_str())
                .map(str::to_string);
            (f.filename.clone().unwrap_or_default(), description)
        })
        .collect()
}

/// Fails unless `description` says something, fits Discord's 1,024
/// characters and is written in `lang` (`qps-ploc`: every word inside the
/// pseudo-locale's wrappers).
fn assert_described(lang: &str, file: &str, description: Option<&str>, what: &str) {
    let Some(said) = description else {
        panic!("{what}: {file} has no description");
    };
    assert!(
        !said.trim().is_empty(),
        "{what}: {file}'s description is empty"
    );
    let n = said.chars().count();
    assert!(n <= 1024, "{what}: {file}'s description has {n} characters");
    if lang == "qps-ploc" {
        assert!(said.starts_with('⟦'), "{what}: {said}");
        let found = escaped(said, &[ALICE.name, BOB.name]);
        assert!(
            found.is_empty(),
            "{what}: {found:?} outside the catalogue in {said}"
        );
    } else {
        assert_in(lang, said, &format!("{what}: {file}'s description"));
    }
}

/// Checks every picture of `answer` is described in `lang`; returns how
/// many it had.
fn check(answer: &Answer, lang: &str, what: &str) -> usize {
    let pictures = described(answer);
    for (file, description) in &pictures {
        assert_described(lang, file, description.as_deref(), what);
    }
    pictures.len()
}

/// The catalogue's code of a client's locale, as the checks name it.
fn code(locale: &str) -> &str {
    match locale {
        "en-US" => "en",
        other => other,
    }
}

/// One short game: alice opens it in her locale (the game's language), bob
/// reads his own; every picture of it checked. Returns the pictures seen.
async fn play_a_described_game(t: &Table, seed: u64, game_locale: &str, bob_locale: &str) -> usize {
    t.set_locale(ALICE, game_locale);
    t.set_locale(BOB, bob_locale);
    let (game_lang, bob_lang) = (code(game_locale), code(bob_locale));
    let (deck, removed) = short_deck(seed);
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(seed)),
                ("deck", json!(deck)),
                ("removed", json!(removed)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "new: {}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    let mut pictures = check(&started, game_lang, "the start");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    loop {
        let Some(loaded) = t.loaded().await else {
            break;
        };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        if moves == 3 {
            // Looks, each in its asker's language.
            let board = t.say(BOB, "board", &[]).await;
            assert!(board.is_private());
            pictures += check(&board, bob_lang, "bob's board");
            let zoo = t
                .say(
                    BOB,
                    "zoo",
                    &[("player", fd::user_option(ALICE.id, ALICE.name))],
                )
                .await;
            assert!(zoo.is_private());
            pictures += check(&zoo, bob_lang, "bob's look at alice's zoo");
            let past = t.say(ALICE, "history", &[("move", json!(2))]).await;
            assert!(past.is_private(), "{}", past.content());
            pictures += check(&past, game_lang, "alice's history move 2");
        }
        let who: User = Table::user_of(&loaded, seat);
        let actions = game.legal_actions(seat);
        let action = actions.choose(&mut rng).expect("a legal move").clone();
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(who, sub, &options).await;
        assert!(!answer.is_private(), "move {moves}: {}", answer.content());
        let shown = check(&answer, game_lang, &format!("move {moves}"));
        assert!(shown >= 1, "move {moves}: the table is pictured");
        pictures += shown;
        moves += 1;
        assert!(moves < 200, "the short game ends");
    }
    let game_id = t
        .referee
        .find_game(None, Some(&support::CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
        .id();
    let replay = t.say(BOB, "replay", &[]).await;
    assert!(replay.is_private(), "{}", replay.content());
    assert!(replay.gif().is_some(), "{}", replay.content());
    pictures += check(&replay, bob_lang, "bob's replay");
    t.referee.review_done(game_id).await;
    for (who, lang) in [(ALICE, game_lang), (BOB, bob_lang)] {
        let review = t.say(who, "review", &[]).await;
        assert!(review.is_private(), "{}", review.content());
        pictures += check(&review, lang, &format!("{who:?}'s review"));
    }
    pictures
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    every_picture_posted_is_described_in_its_readers_language
}
async fn every_picture_posted_is_described_in_its_readers_language() {
    let t = Table::open(DEFAULT_DEFER_AFTER, every_picture).await;
    t.referee.review_finished_games(aquaretto_bot::cpu::Budget {
        playouts: 16,
        candidates: 3,
        horizon_rounds: 0,
    });
    let mut pictures = 0;
    for (seed, game, bob) in [
        (71, "ja", "de"),
        (72, "de", "en-US"),
        (73, "en-US", "qps-ploc"),
        (74, "qps-ploc", "ja"),
    ] {
        pictures += play_a_described_game(&t, seed, game, bob).await;
    }
    assert!(pictures > 100, "{pictures} pictures");
    // Every request the fake received with a picture (answers, follow-ups,
    // edits, letters) described each, within the limit.
    let mut posted = 0;
    for req in t.fake.requests() {
        for (file, description) in described_in(&req) {
            posted += 1;
            let said = description
                .unwrap_or_else(|| panic!("{} {}: {file} undescribed", req.method, req.path));
            assert!(
                !said.trim().is_empty() && said.chars().count() <= 1024,
                "{file}: {said}"
            );
        }
    }
    assert!(posted >= pictures, "{posted} posted, {pictures} checked");
    assert!(
        t.fake.take_violations().is_empty(),
        "the fake refused nothing"
    );
}
