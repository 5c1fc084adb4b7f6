//! A finished game's web page: its result in one place (the final scores
//! as a table, who won in a sentence, the score card's picture a link and
//! not shown again), and its review as a proper list, each decision an
//! item with its words (no typed dash after the list's marker) and its
//! picture. Over plain HTTP on both databases; in a real Chromium at a
//! phone's width and a desktop's, the whole page passing axe-core and its
//! result kept as golden screenshots
//! (`tests/golden/web/finished-{phone,desktop}.png`).

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Animal, Deck, Tile};
use aquaretto_bot::referee::{Actor, Request};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;
use std::time::Duration;
use support::browser::{assert_golden, Browser};
use support::tiers::{self, Tier};
use support::{link, Table, ALICE, BOB, CHANNEL};

/// Plays a short game of alice and bob to its end (a stacked deck of 18
/// tiles, random moves from a fixed seed) and waits for its review; the
/// address of its page.
async fn a_finished_game(t: &Table) -> String {
    let removed = [Animal::Turtle, Animal::Penguin, Animal::PolarBear];
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(71);
    let mut tiles = Tile::shuffled_box(&kept);
    tiles.shuffle(&mut rng);
    tiles.truncate(18);
    let reserve = tiles.split_off(14);
    let deck = Deck {
        draw: tiles,
        reserve,
    }
    .to_text();
    let words: Vec<&str> = removed.iter().map(|a| a.word()).collect();
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("deck", json!(deck)),
                ("removed", json!(words.join(" "))),
                (
                    "first",
                    support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let started = t.say(ALICE, "start", &[]).await;
    let watch = link(&started.created[0], "Watch on the web");
    let channel = CHANNEL.to_string();
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = &loaded.seats()[seat];
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        let reply = t
            .referee
            .handle(Request {
                channel: channel.clone(),
                guild: Some(support::GUILD.to_string()),
                actor: Actor {
                    id: who.user_id.clone(),
                    name: who.name.clone(),
                    manages_channel: false,
                },
                command: Command::from_action(&action, &loaded.names()),
                via: Default::default(),
            })
            .await;
        assert!(reply.accepted, "{}", reply.text());
    }
    let ended = t
        .referee
        .find_game(None, Some(&channel))
        .await
        .expect("reads")
        .expect("the game")
        .expect("undamaged");
    // The first look starts the review; wait for it.
    let _ = reqwest::get(&watch).await.expect("the page answers");
    t.referee.review_done(ended.id()).await;
    watch
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_finished_games_page_gives_its_result_once_and_its_review_as_a_list
}
async fn a_finished_games_page_gives_its_result_once_and_its_review_as_a_list() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let watch = a_finished_game(&t).await;
    let page = reqwest::get(&watch)
        .await
        .expect("the page answers")
        .text()
        .await
        .expect("its text");
    // The result, once: one scores section, a table whose caption says
    // what it is, a row per player with every category, who won above it;
    // the card's picture a link, not shown again.
    assert_eq!(page.matches("id=\"scores-h\"").count(), 1, "{page}");
    assert!(
        page.contains("<caption id=\"scores-caption\">Final scores of game #1.</caption>"),
        "{page}"
    );
    for heading in [
        "Place", "Player", "Points", "Animals", "Cashiers", "Keepers", "Trainers", "Depot", "Coins",
    ] {
        assert!(
            page.contains(&format!("<th scope=\"col\">{heading}</th>")),
            "{heading}: {page}"
        );
    }
    for name in ["alice", "bob"] {
        assert!(
            page.contains(&format!("<th scope=\"row\">{name}")),
            "{name}: {page}"
        );
    }
    assert!(page.contains("<p class=\"won\">"), "who won: {page}");
    assert_eq!(
        page.matches("score.png").count(),
        1,
        "the card once, a link: {page}"
    );
    assert!(
        page.contains("/score.png\">The final scores as a picture</a>"),
        "{page}"
    );
    assert!(!page.contains("score-card"), "{page}");

    // The review: a list, each decision an item with its words and its
    // picture, and no dash typed after the list's marker.
    let review = page
        .split("id=\"review-h\"")
        .nth(1)
        .and_then(|r| r.split("</section>").next())
        .unwrap_or_else(|| panic!("a review: {page}"));
    let items: Vec<&str> = review.split("<li>").skip(1).collect();
    assert!(!items.is_empty(), "decisions listed: {review}");
    for item in items {
        let words = item
            .strip_prefix("<p>")
            .unwrap_or_else(|| panic!("its words first: {item}"));
        assert!(!words.trim_start().starts_with('-'), "a typed dash: {item}");
        assert!(!words.trim_start().starts_with('–'), "a typed dash: {item}");
        assert!(item.contains("<img src=\""), "its picture: {item}");
        assert!(
            item.contains(" alt=\"Review picture of move "),
            "its alt: {item}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_page_looks_right_and_passes_the_accessibility_check() {
    if !tiers::all_available(&[Tier::Browser, Tier::Axe]) {
        return;
    }
    let t = Table::open_web(support::render_painter).await;
    let watch = a_finished_game(&t).await;
    let browser = Browser::start().await.expect("ChromeDriver starts");
    for (name, width, height) in [("phone", 390, 844), ("desktop", 1280, 900)] {
        let page = browser.session(width, height).await.expect("a browser");
        page.size_viewport(width, height)
            .await
            .expect("the viewport's size");
        page.goto(&watch).await.expect("the page opens");
        page.wait_for("main[data-live-ready]", Duration::from_secs(10))
            .await
            .expect("the page is ready");
        let problems = page.accessibility_problems().await.expect("axe runs");
        assert!(problems.is_empty(), "at {width}px: {problems:#?}");
        // The result, the page's own part. (The review below it has chosen
        // different decisions from one run to the next, so it is no golden
        // image; its form is checked over HTTP above.)
        let shot = page
            .client()
            .find(fantoccini::Locator::Css("section.scores"))
            .await
            .expect("the scores")
            .screenshot()
            .await
            .expect("a screenshot");
        assert_golden(&format!("finished-{name}"), &shot, 0.02);
        page.close().await.expect("closes");
    }
}
