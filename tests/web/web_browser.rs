//! The web pages in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`, through WebDriver), against the bot and its fake
//! Discord: a watched page follows the game live without a reload; two
//! browsers play a whole game by clicking the table with personal links
//! only, every move reaching the channel as its public message; a live page
//! goes on following past the end of its stream and says when it cannot;
//! the pages at a phone's width and a desktop's, kept as golden images, pass
//! axe-core's accessibility check.

use crate::support;

use serde_json::json;
use std::time::Duration;
use support::browser::{assert_golden, Browser, Session};
use support::tiers::{self, Tier};
use support::{link, Table, ALICE, BOB, CHANNEL};

const WAIT: Duration = Duration::from_secs(10);

async fn session(browser: &Browser, width: u32, height: u32) -> Session {
    let s = browser.session(width, height).await.expect("a browser");
    s.size_viewport(width, height)
        .await
        .expect("the viewport's size");
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_page_follows_the_game_without_a_reload() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let browser = Browser::start().await.expect("ChromeDriver starts");
    let page = session(&browser, 1280, 900).await;
    page.goto(&watch).await.expect("the page opens");
    assert_eq!(
        page.text_of("h1").await.expect("a title"),
        "Aquaretto, game #1"
    );
    assert!(page
        .text_of(".moves")
        .await
        .expect("the moves")
        .contains("No move yet"));
    page.wait_for("main[data-live-ready]", WAIT)
        .await
        .expect("the page listens for moves");
    // A mark on the page that a reload would lose.
    page.execute("window.stillHere = 'yes';", vec![])
        .await
        .expect("runs");
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    page.wait_until_text(".moves", "alice drew", WAIT)
        .await
        .expect("the move appears on the open page");
    assert!(page
        .text_of(".status")
        .await
        .expect("whose turn")
        .contains("bob"));
    let kept = page
        .execute("return window.stillHere || null;", vec![])
        .await
        .expect("runs");
    assert_eq!(kept, json!("yes"), "the page was not reloaded");
    page.close().await.expect("closes");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_page_follows_past_the_end_of_its_stream_and_says_when_it_cannot() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let mut t = Table::open(Duration::from_millis(1500), support::TinyPainter::boxed).await;
    t.web = true;
    // Each stream lives about a second: the page opens another.
    t.web_bounds = aquaretto_bot::web::Bounds {
        stream_lifetime: Duration::from_secs(1),
        stream_keep_alive: Duration::from_millis(300),
        ..aquaretto_bot::web::Bounds::for_file_limit(1024)
    };
    t.stop_bot().await;
    t.start_bot().await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let browser = Browser::start().await.expect("ChromeDriver starts");
    let page = session(&browser, 1280, 900).await;
    page.goto(&watch).await.expect("the page opens");
    page.wait_for("main[data-streams]", WAIT)
        .await
        .expect("the page listens for moves");
    assert!(page.exists("#live-lost[hidden]").await.expect("looks"));
    // A second stream: the first one ended, and the page opened another.
    let streams = page
        .execute_async(
            "var done = arguments[arguments.length - 1];
             var main = document.getElementById('main');
             (function look() {
               if (Number(main.dataset.streams || 0) >= 2) { done(main.dataset.streams); }
               else { setTimeout(look, 50); }
             })();",
            vec![],
        )
        .await
        .expect("another stream opens");
    assert!(
        streams
            .as_str()
            .is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 2)),
        "{streams}"
    );
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    page.wait_until_text(".moves", "alice drew", WAIT)
        .await
        .expect("the move appears on the page, on its later stream");
    assert!(page.exists("#live-lost[hidden]").await.expect("looks"));
    // The creator renews the game's links: this page's no longer opens,
    // its stream ends, and the page says it no longer follows the game.
    let reset = t.say(ALICE, "reset", &[]).await;
    assert!(reset.is_private(), "{}", reset.content());
    page.wait_for("#live-lost:not([hidden])", WAIT)
        .await
        .expect("the page says it cannot follow");
    let said = page.text_of("#live-lost").await.expect("the notice");
    assert!(said.contains("not following the game"), "{said}");
    page.close().await.expect("closes");
}

/// Who must act now, and the game's log length; `None` once it is over.
async fn to_act(t: &Table) -> Option<(u64, usize)> {
    let loaded = t.loaded().await?;
    let game = loaded.game()?;
    let seat = game.to_act()?;
    Some((Table::user_of(&loaded, seat).id, loaded.log().len()))
}

/// Clicks the first place offered on the table (else the first pick in the
/// list) until a move waits for its confirmation, then confirms it.
async fn click_a_move(page: &Session) {
    for _ in 0..6 {
        if page.exists("button.confirm").await.expect("looks") {
            page.click("button.confirm").await.expect("confirms");
            return;
        }
        if page.exists("svg a.spot").await.expect("looks") {
            page.click("svg a.spot").await.expect("clicks the table");
        } else if page.exists("a.pick").await.expect("looks") {
            page.click("a.pick").await.expect("clicks a pick");
        } else {
            let shown = page.text_of("main").await.unwrap_or_default();
            panic!("nothing to click on the page: {shown}");
        }
    }
    panic!("no move to confirm after six clicks");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_a_whole_game_by_clicking() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.start_two_player_game(5).await;
    let browser = Browser::start().await.expect("ChromeDriver starts");
    let pages = [
        (ALICE, session(&browser, 390, 844).await),
        (BOB, session(&browser, 1280, 900).await),
    ];
    let mut links: Vec<(u64, String)> = Vec::new();
    let mut moves = 0;
    while let Some((user, before)) = to_act(&t).await {
        assert!(moves < 400, "the game ends");
        let who = if user == ALICE.id { ALICE } else { BOB };
        // A player's link, asked for once, on their turn, with /aq board.
        let url = match links.iter().find(|(u, _)| *u == user) {
            Some((_, url)) => url.clone(),
            None => {
                let board = t.say(who, "board", &[]).await;
                let url = link(board.data(), "Play in the browser");
                links.push((user, url.clone()));
                url
            }
        };
        let page = &pages.iter().find(|(u, _)| u.id == user).expect("a page").1;
        page.goto(&url).await.expect("the page opens");
        click_a_move(page).await;
        // The move is made (the last one ends the game: no game runs then).
        let mut after = None;
        for _ in 0..200 {
            after = t.loaded().await.map(|l| l.log().len());
            if after.is_none_or(|n| n > before) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        if after.is_some_and(|n| n != before + 1) {
            let shown = page.text_of("main").await.unwrap_or_default();
            panic!(
                "move {moves}: the log has {after:?} entries, not {}: {shown}",
                before + 1
            );
        }
        moves += 1;
    }
    assert!(t.loaded().await.is_none(), "no game runs: it ended");
    let ended = t
        .referee
        .find_game(Some(1), None)
        .await
        .expect("reads")
        .expect("the game")
        .expect("undamaged");
    assert_eq!(ended.status(), aquaretto_bot::store::GameStatus::Finished);
    assert_eq!(ended.log().len(), moves, "every move was a click");
    // Every move reached the channel once, with its picture: its own
    // table, or (when tables waited behind a slow channel) counted in the
    // "left out" line of the newer table that replaced it; the last move's
    // table is always posted, and no table twice.
    let channel = CHANNEL.to_string();
    let mut sent = Vec::new();
    let mut shown = 0;
    for _ in 0..400 {
        sent = t
            .fake
            .channel_messages(&channel)
            .into_iter()
            .filter(|m| m["nonce"].as_str().is_some_and(|n| n.starts_with("w1.")))
            .collect::<Vec<_>>();
        shown = sent.iter().map(|m| 1 + left_out(m)).sum::<usize>();
        if shown >= moves {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(shown, moves, "every move shown in the channel once");
    let mut nonces: Vec<&str> = sent.iter().filter_map(|m| m["nonce"].as_str()).collect();
    nonces.sort_unstable();
    nonces.dedup();
    assert_eq!(nonces.len(), sent.len(), "no table posted twice");
    // A table letter's nonce is `w<game>.<moves made>` (referee/held.rs).
    let newest = nonces
        .iter()
        .filter_map(|n| n.strip_prefix("w1.")?.parse::<usize>().ok())
        .max();
    assert_eq!(newest, Some(moves), "the last move's table is posted");
    for m in &sent {
        let pictured = m["attachments"]
            .as_array()
            .is_some_and(|a| a.iter().any(|f| f["filename"] == "table.png"));
        assert!(pictured, "{m}");
    }
    let mentioned = sent
        .iter()
        .filter(|m| m["content"].as_str().is_some_and(|c| c.starts_with("<@")))
        .count();
    assert!(
        mentioned >= moves / 3,
        "the next player is mentioned when it is someone else"
    );
    for (_, page) in pages {
        page.close().await.expect("closes");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_look_right_and_pass_the_accessibility_check() {
    if !tiers::all_available(&[Tier::Browser, Tier::Axe]) {
        return;
    }
    let t = Table::open_web(support::render_painter).await;
    let started = t.start_two_player_game(3).await;
    let watch = link(&started.created[0], "Watch on the web");
    for (who, truck) in [(ALICE, 1), (BOB, 2)] {
        let drew = t.say(who, "draw", &[("truck", json!(truck))]).await;
        assert!(!drew.is_private(), "{}", drew.content());
    }
    let play = link(
        t.say(ALICE, "board", &[]).await.data(),
        "Play in the browser",
    );
    let browser = Browser::start().await.expect("ChromeDriver starts");
    for (name, width, height) in [("phone", 390, 844), ("desktop", 1280, 900)] {
        let page = session(&browser, width, height).await;
        for (kind, url) in [("watch", &watch), ("play", &play)] {
            page.goto(url).await.expect("the page opens");
            page.wait_for("main[data-live-ready]", WAIT)
                .await
                .expect("the page is ready");
            let problems = page.accessibility_problems().await.expect("axe runs");
            assert!(problems.is_empty(), "{kind} at {width}px: {problems:#?}");
            let shot = page.screenshot_png().await.expect("a screenshot");
            assert_golden(&format!("{kind}-{name}"), &shot, 0.02);
        }
        // Every control is reached with the keyboard: the first Tab lands on
        // a link or a button.
        page.execute("document.activeElement.blur();", vec![])
            .await
            .expect("runs");
        page.client()
            .active_element()
            .await
            .expect("an element")
            .send_keys("\u{E004}")
            .await
            .expect("tabs");
        let focused = page
            .execute("return document.activeElement.tagName;", vec![])
            .await
            .expect("runs");
        assert!(
            ["A", "a", "BUTTON", "INPUT"].contains(&focused.as_str().unwrap_or_default()),
            "{focused}"
        );
        page.close().await.expect("closes");
    }
}

/// A player with a Japanese name.
const HANAKO: support::User = support::User {
    id: 2_000_000_000_000_000_031,
    name: "山田はなこ",
};

/// A Japanese name reads on a game's page in a browser that has no CJK font
/// at all (only DejaVu and Liberation, as a bare Debian has): the page
/// brings the pictures' own fonts, and a golden screenshot shows the name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_name_reads_on_a_page_in_a_browser_without_cjk_fonts() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let opened = t.say(ALICE, "new", &[("seed", json!(11))]).await;
    assert!(!opened.is_private(), "{}", opened.content());
    let joined = t.say(HANAKO, "join", &[]).await;
    assert!(!joined.is_private(), "{}", joined.content());
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    let watch = link(&started.created[0], "Watch on the web");
    // Hanako to act: her name in the status line at the top of the page.
    if started.content().contains("alice's turn") {
        let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
        assert!(!drew.is_private(), "{}", drew.content());
    }
    let browser = Browser::start_with_font_dirs(&[
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/truetype/liberation",
    ])
    .await
    .expect("ChromeDriver starts");
    let page = session(&browser, 600, 700).await;
    page.goto(&watch).await.expect("the page opens");
    page.wait_for("main[data-live-ready]", WAIT)
        .await
        .expect("the page is ready");
    let fonts = page
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             document.fonts.ready.then(() => done([...document.fonts]\
               .filter(f => f.status === 'loaded').map(f => f.family)));",
            vec![],
        )
        .await
        .expect("the fonts settle");
    assert!(
        fonts.to_string().contains("Aquaretto Scripts"),
        "the page loaded the pictures' CJK font: {fonts}"
    );
    let scores = page.text_of(".scores").await.expect("the scores");
    assert!(scores.contains("山田はなこ"), "{scores}");
    let shot = page.screenshot_png().await.expect("a screenshot");
    assert_golden("japanese-name-no-cjk-fonts", &shot, 0.02);
    page.close().await.expect("closes");
}

/// How many older tables a table message says it replaced (its "left out"
/// line: "The table before this one was left out", "The 3 tables before
/// this one were left out").
fn left_out(message: &serde_json::Value) -> usize {
    let content = message["content"].as_str().unwrap_or("");
    let Some(line) = content.lines().find(|l| l.contains("before this one w")) else {
        return 0;
    };
    let digits: String = line
        .split("tables before")
        .next()
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap_or(1)
}
