//! The web pages through the real bot, its fake Discord and plain HTTP: the
//! links the bot gives, what each opens (and what it does not), moves made
//! with a personal link reaching the channel once, refusals that change
//! nothing; each again on PostgreSQL. The same pages in a real browser:
//! `tests/web/web_browser.rs`.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use serde_json::json;
use std::time::Duration;
use support::{link, link_buttons, Table, ALICE, BOB, CHANNEL};

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

async fn get(url: &str) -> (u16, String) {
    let r = http().get(url).send().await.expect("the page answers");
    let status = r.status().as_u16();
    (status, r.text().await.unwrap_or_default())
}

async fn post_move(url: &str, seq: i64, command: &str) -> (u16, String) {
    let r = http()
        .post(format!("{url}/move"))
        .form(&[("seq", seq.to_string()), ("command", command.to_string())])
        .send()
        .await
        .expect("the move is answered");
    let status = r.status().as_u16();
    (status, r.text().await.unwrap_or_default())
}

/// Waits until the outbox is empty: the channel message of a move made on
/// the web delivered and recorded.
async fn delivered(t: &Table) {
    for _ in 0..400 {
        if !t.rows().await.iter().any(|r| r.starts_with("outbox:")) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the outbox did not empty within 10 s");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_links_open_their_game_and_nothing_else
}
/// The links a game's start message and a board give, and what they open.
async fn the_links_open_their_game_and_nothing_else() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    assert!(watch.starts_with(&t.web_base()), "{watch}");
    let (status, page) = get(&watch).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Aquaretto, game #1"), "{page}");
    assert!(page.contains("alice"), "the scores name the players");
    // No state of the game beyond what its pictures show: no snapshot, no
    // seed, no deck.
    for hidden in ["\"seed\"", "snapshot", "\"deck\"", "reserve"] {
        assert!(!page.contains(hidden), "{hidden} on the page");
    }
    let r = http().get(&watch).send().await.expect("answers");
    let csp = r.headers()["content-security-policy"]
        .to_str()
        .expect("text")
        .to_string();
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert_eq!(r.headers()["referrer-policy"], "no-referrer");

    // The player to act gets a personal link with their board; the other
    // player does not.
    let board = t.say(ALICE, "board", &[]).await;
    assert!(board.is_private());
    let buttons = link_buttons(board.data());
    assert!(
        buttons.iter().any(|(l, _)| l == "Play in the browser"),
        "{buttons:?}"
    );
    let bobs = t.say(BOB, "board", &[]).await;
    assert!(!link_buttons(bobs.data())
        .iter()
        .any(|(l, _)| l == "Play in the browser"));

    // A link altered by one character, cut, or made up opens nothing.
    let (base, token) = watch.rsplit_once('/').expect("a token");
    let mut altered: Vec<char> = token.chars().collect();
    altered[3] = if altered[3] == 'A' { 'B' } else { 'A' };
    let altered: String = altered.into_iter().collect();
    for bad in [
        format!("{base}/{altered}"),
        format!("{base}/{}", &token[..token.len() - 2]),
        format!("{base}/eyJrIjoidyIsImciOjEsIm4iOjB9.AAAAAAAAAAAAAAAAAAAAAA"),
        format!("{}/s/{token}", t.web_base()),
    ] {
        let (status, page) = get(&bad).await;
        assert_eq!(status, 404, "{bad}: {page}");
        assert!(page.contains("opens nothing"), "{page}");
    }
    // The watch link cannot move.
    let before = t.rows().await;
    let (status, _) = post_move(&watch, 0, "draw truck:1").await;
    assert_eq!(status, 403);
    assert_eq!(t.rows().await, before, "nothing changed");

    // A server's link from /aq past games lists this server's games.
    let games = t.say(ALICE, "games", &[]).await;
    let server = link(games.data(), "This server's games on the web");
    let (status, page) = get(&server).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Aquaretto, game #1"), "{page}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_move_from_the_web_reaches_the_channel_once
}
/// A move clicked with a personal link: the same path as a slash command,
/// and the channel gets its public message once, with the table and the
/// next player's mention.
async fn a_move_from_the_web_reaches_the_channel_once() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.start_two_player_game(7).await;
    let board = t.say(ALICE, "board", &[]).await;
    let play = link(board.data(), "Play in the browser");
    let (status, page) = get(&play).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Your move"), "{page}");
    // The page's first pick, followed until a move waits for its
    // confirmation.
    let mut page = page;
    let mut url;
    for _ in 0..4 {
        if page.contains("name=\"command\"") && !page.contains("value=\"undo\"") {
            break;
        }
        let href = page
            .split("href=\"")
            .skip(1)
            .map(|h| {
                h.split('"')
                    .next()
                    .unwrap_or_default()
                    .replace("&amp;", "&")
            })
            .find(|h| h.contains("?pick="))
            .expect("a pick to click");
        url = format!("{}{href}", t.web_base());
        let (status, next) = get(&url).await;
        assert_eq!(status, 200, "{next}");
        page = next;
    }
    let command = page
        .split("name=\"command\" value=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .expect("a move to confirm")
        .to_string();
    let channel = CHANNEL.to_string();
    let messages_before = t.fake.channel_messages(&channel).len();
    let (status, _) = post_move(&play, 0, &command).await;
    assert_eq!(status, 303, "a move made sends the page back to the game");
    let loaded = t.loaded().await.expect("a game");
    assert_eq!(loaded.log().len(), 1, "the move is in the log");
    assert_eq!(loaded.log()[0].command, format!("/aq {command}"));
    // The channel's message, through the outbox.
    let mut sent = Vec::new();
    for _ in 0..200 {
        sent = t.fake.channel_messages(&channel);
        if sent.len() > messages_before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(
        sent.len(),
        messages_before + 1,
        "one message in the channel"
    );
    let message = sent.last().expect("the message");
    let attachments = message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        attachments.iter().any(|a| a["filename"] == "table.png"
            && a["description"]
                .as_str()
                .is_some_and(|d| d.starts_with("Picture of the table of game #"))),
        "the letter's table is described: {message}"
    );
    assert!(
        message["content"]
            .as_str()
            .is_some_and(|c| c.contains(&format!("<@{}>", BOB.id))),
        "{message}"
    );
    // The same move again (a form sent twice): stale, nothing changed, no
    // second message.
    delivered(&t).await;
    let before = t.rows().await;
    let (status, page) = post_move(&play, 0, &command).await;
    assert_eq!(status, 409, "{page}");
    assert_eq!(t.rows().await, before);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(t.fake.channel_messages(&channel).len(), messages_before + 1);
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    refused_clicks_change_nothing
}
/// Clicks that must change nothing: not the player's turn, a stale page,
/// an expired link, a revoked link, a link to another game.
async fn refused_clicks_change_nothing() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.start_two_player_game(7).await;
    let alices = link(
        t.say(ALICE, "board", &[]).await.data(),
        "Play in the browser",
    );
    let (status, _) = post_move(&alices, 0, "draw truck:1").await;
    assert_eq!(status, 303);
    let bobs = link(t.say(BOB, "board", &[]).await.data(), "Play in the browser");

    delivered(&t).await;
    let rows = t.rows().await;
    // Alice's turn is over.
    let (status, page) = post_move(&alices, 1, "draw truck:1").await;
    assert_eq!(status, 409, "{page}");
    assert!(page.contains("role=\"alert\""), "{page}");
    // A page that showed an older position.
    let (status, _) = post_move(&bobs, 0, "draw truck:1").await;
    assert_eq!(status, 409);
    // Not a move at all.
    let (status, _) = post_move(&bobs, 1, "abandon").await;
    assert_eq!(status, 400);
    // A body far larger than any move's form.
    let big = http()
        .post(format!("{bobs}/move"))
        .form(&[("seq", "1".to_string()), ("command", "x".repeat(10_000))])
        .send()
        .await
        .expect("answered");
    assert_eq!(big.status().as_u16(), 413);
    assert_eq!(t.rows().await, rows, "nothing changed");

    // Bob renews his own links: his old one opens nothing, alice's works.
    let reset = t.say(BOB, "reset", &[]).await;
    assert!(reset.is_private(), "{}", reset.content());
    let (status, _) = get(&bobs).await;
    assert_eq!(status, 410);
    let (status, _) = get(&alices).await;
    assert_eq!(status, 200);
    // The creator renews every link.
    t.say(ALICE, "reset", &[]).await;
    let (status, _) = get(&alices).await;
    assert_eq!(status, 410);
    let rows = t.rows().await;
    let (status, _) = post_move(&alices, 1, "draw truck:1").await;
    assert_eq!(status, 410);
    assert_eq!(t.rows().await, rows);

    // A week later a personal link has expired.
    let fresh = link(t.say(BOB, "board", &[]).await.data(), "Play in the browser");
    assert_eq!(get(&fresh).await.0, 200);
    t.advance(Duration::from_secs(8 * 24 * 3600)).await;
    let rows = t.rows().await;
    let (status, page) = post_move(&fresh, 1, "draw truck:1").await;
    assert_eq!(status, 410, "{page}");
    assert!(page.contains("expired"), "{page}");
    assert_eq!(t.rows().await, rows);
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_slider_shows_the_history_picture
}
/// The slider's table after move n is the picture `/aq history move:n`
/// posts.
async fn the_slider_shows_the_history_picture() {
    let t = Table::open_web(support::render_painter).await;
    let started = t.start_two_player_game(11).await;
    let watch = link(&started.created[0], "Watch on the web");
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    let history = t.say(BOB, "history", &[("move", json!(1))]).await;
    let posted = history.pngs();
    assert_eq!(posted.len(), 1, "{}", history.content());
    let r = http()
        .get(format!("{watch}/table.png?at=1"))
        .send()
        .await
        .expect("the picture");
    assert_eq!(r.status().as_u16(), 200);
    let bytes = r.bytes().await.expect("bytes");
    assert_eq!(
        bytes.as_ref(),
        posted[0].bytes.as_slice(),
        "the same picture"
    );
    // Described in the same words: the page's alt is the attachment's
    // description.
    let listed = history.data()["attachments"].clone();
    let description = listed[0]["description"]
        .as_str()
        .unwrap_or_else(|| panic!("the history's picture is described: {listed}"))
        .to_string();
    assert!(
        description.contains("Last move: alice drew"),
        "{description}"
    );
    let (status, page) = get(&format!("{watch}?at=1")).await;
    assert_eq!(status, 200, "{page}");
    let alt = page
        .split("alt=\"")
        .nth(1)
        .and_then(|a| a.split('"').next())
        .expect("the table's alt")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    assert_eq!(
        alt, description,
        "the page describes its table as Discord does"
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_servers_page_shows_its_ratings_and_times_to_move
}
/// A game dealt by the bot played to its end (each move 20 s after the one
/// before, on the test clock): the server's page, linked from `/aq past
/// stats`, shows the ratings' leaderboard and the medians as the stats do,
/// and the season under way as `/season` says it.
async fn the_servers_page_shows_its_ratings_and_times_to_move() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    assert!(!t.say(ALICE, "new", &[]).await.is_private());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    assert!(!t.say(ALICE, "start", &[]).await.is_private());
    t.play_to_the_end(3, |_| t.clock.advance(Duration::from_secs(20)))
        .await;
    let stats = t.say(ALICE, "stats", &[]).await;
    assert!(stats.is_private());
    for line in [
        "alice — ",
        "bob — ",
        "after 1 rated game",
        "alice: 20 s over ",
    ] {
        assert!(
            stats.content().contains(line),
            "{line} in {}",
            stats.content()
        );
    }
    let server = link(stats.data(), "This server's games on the web");
    let (status, page) = get(&server).await;
    assert_eq!(status, 200, "{page}");
    for line in [
        "Ratings (Weng-Lin)",
        "alice — ",
        "bob — ",
        "after 1 rated game",
        "alice: 20 s over ",
        "bob: 20 s over ",
        // The season under way (the server's seasons are quarters).
        "This season",
        "Season 2026-Q4 in this server: 1 rated game.",
        "Nobody has played 3 rated games this season yet.",
    ] {
        assert!(page.contains(line), "{line} on the page:\n{page}");
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_finished_games_page_shows_its_review_with_pictures
}
/// A finished game's page shows its review: being prepared at first (the
/// first look starts it), then each player's costliest decisions, each with
/// its picture, the same picture `/aq past review` attaches.
async fn a_finished_games_page_shows_its_review_with_pictures() {
    use aquaretto_bot::command::Command;
    use aquaretto_bot::engine::playout::random_action;
    use aquaretto_bot::engine::{Animal, Deck, Tile};
    use aquaretto_bot::referee::{Actor, Request};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    let t = Table::open_web(support::render_painter).await;
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
    let (_, running) = get(&watch).await;
    assert!(
        !running.contains("id=\"review-h\""),
        "no review while it runs"
    );
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
    let (status, page) = get(&watch).await;
    assert_eq!(status, 200);
    assert!(page.contains("id=\"review-h\""), "{page}");
    assert!(page.contains("is being prepared"), "{page}");
    t.referee.review_done(ended.id()).await;
    let (_, page) = get(&watch).await;
    assert!(
        page.contains(&format!("Review of game #{}", ended.id())),
        "{page}"
    );
    let pictures: Vec<&str> = page
        .split("src=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .filter(|src| src.contains("/review/"))
        .collect();
    assert!(!pictures.is_empty(), "a decision pictured: {page}");
    let asked = t.say(ALICE, "review", &[]).await;
    let posted = asked.pngs();
    let mut same = 0;
    for src in &pictures {
        let url = if src.starts_with("http") {
            src.to_string()
        } else {
            format!("{}{src}", t.web_base())
        };
        let r = http().get(&url).send().await.expect("the picture");
        assert_eq!(r.status().as_u16(), 200, "{url}");
        let bytes = r.bytes().await.expect("bytes");
        image::load_from_memory(&bytes).expect("a picture");
        same += posted
            .iter()
            .filter(|p| p.bytes.as_slice() == bytes.as_ref())
            .count();
    }
    assert_eq!(same, posted.len(), "alice's pictures are the page's");
    let missing = format!("{watch}/review/1000.png");
    assert_eq!(get(&missing).await.0, 404);
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_finished_game_s_page_shows_its_score_card
}
/// Once the game is over its page shows the score card the final message
/// carries, served like the table's picture; before, there is none.
async fn a_finished_game_s_page_shows_its_score_card() {
    use aquaretto_bot::engine::playout::random_action;
    use rand::SeedableRng;
    let t = Table::open_web(support::render_painter).await;
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                (
                    "first",
                    support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
                ("deck", json!("orca reserve dolphin sealion")),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let started = t.say(ALICE, "start", &[]).await;
    let watch = link(&started.created[0], "Watch on the web");
    let (status, _) = get(&format!("{watch}/score.png")).await;
    assert_eq!(status, 404, "no card while the game runs");
    let (_, page) = get(&watch).await;
    assert!(!page.contains("score.png"), "{page}");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().expect("started").clone();
        let Some(seat) = game.to_act() else { break };
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        let (sub, options) = t.options_for(&action, &loaded);
        let who = Table::user_of(&loaded, seat);
        assert!(!t.say(who, sub, &options).await.is_private());
    }
    let (status, page) = get(&watch).await;
    assert_eq!(status, 200);
    assert!(page.contains("/score.png\""), "{page}");
    assert!(page.contains("Final scores of game #1"), "{page}");
    let r = http()
        .get(format!("{watch}/score.png"))
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    let bytes = r.bytes().await.expect("the picture");
    let picture = image::load_from_memory(&bytes).expect("a PNG");
    assert!(picture.height() > picture.width());
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_take_and_undo_loop_from_a_play_link_yields_a_handful_of_moves_and_messages
}
/// A player's link posting `take` and `undo` in turn, a hundred times, as
/// fast as the page answers: one undo a turn ends the loop after its first
/// round, and the channel gets a few tables, not a hundred.
async fn a_take_and_undo_loop_from_a_play_link_yields_a_handful_of_moves_and_messages() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.start_two_player_game(7).await;
    // A tile on truck 1 for alice to take.
    assert!(!t
        .say(ALICE, "draw", &[("truck", json!(1))])
        .await
        .is_private());
    assert!(!t
        .say(BOB, "draw", &[("truck", json!(2))])
        .await
        .is_private());
    let alices = link(
        t.say(ALICE, "board", &[]).await.data(),
        "Play in the browser",
    );
    delivered(&t).await;
    let channel = CHANNEL.to_string();
    let messages_before = t.fake.channel_messages(&channel).len();
    let log_before = t.loaded().await.expect("running").log().len();
    let mut accepted = 0;
    for round in 0..100 {
        let seq = t.loaded().await.expect("running").log().len() as i64;
        let command = if round % 2 == 0 {
            "take truck:1"
        } else {
            "undo"
        };
        let (status, _) = post_move(&alices, seq, command).await;
        if status == 303 {
            accepted += 1;
        }
    }
    delivered(&t).await;
    let moves = t.loaded().await.expect("running").log().len() - log_before;
    let messages = t.fake.channel_messages(&channel).len() - messages_before;
    assert_eq!(accepted, 3, "take, undo, take: the take then stands");
    assert_eq!(moves, 3, "three entries in the log");
    assert!(
        (1..=3).contains(&messages),
        "{messages} tables in the channel"
    );
}

/// The games a server's page links to, by number.
fn games_listed(page: &str) -> Vec<u32> {
    page.split("Aquaretto, game #")
        .skip(1)
        .filter_map(|rest| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse().ok())
        })
        .collect()
}

/// Opens and starts a game of alice and bob in `channel`; its number.
async fn game_in(t: &Table, channel: u64) -> i64 {
    for (who, sub) in [(ALICE, "new"), (BOB, "join"), (ALICE, "start")] {
        let answer = t.send(&t.interaction_in(channel, who, sub, &[])).await;
        assert!(!answer.is_private(), "{sub}: {}", answer.content());
    }
    t.loaded_in(channel).await.expect("a game").id()
}

/// Waits until the bot has recorded whether every member sees `channel`
/// as `public` (a gateway event it handles on its own).
async fn seen_as(t: &Table, channel: u64, public: bool) {
    for _ in 0..400 {
        let now = t.referee.channel_public(&channel.to_string()).await;
        if now.expect("database") == Some(public) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("channel {channel} was not recorded as public: {public} within 10 s");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_servers_page_shows_the_standings_of_tournaments_every_member_can_see
}
/// The server's page shows its newest tournaments' standings, as
/// `/tournament standings` says them, but only those of channels every
/// member of the server can see (as Discord's data says it at `new`).
async fn the_servers_page_shows_the_standings_of_tournaments_every_member_can_see() {
    use support::fake_discord::{self as fd, ChannelSpec};
    use support::{User, GUILD};
    const VIEW: u64 = 1 << 10;
    const HIDDEN: u64 = 2_000_000_000_000_000_101;
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.fake.add_channel(ChannelSpec {
        overwrites: vec![fd::overwrite(GUILD, false, 0, VIEW)],
        ..ChannelSpec::text(GUILD, HIDDEN)
    });
    let tournament =
        |channel: u64, who: User, action: &str, options: &[(&str, serde_json::Value)]| {
            t.localized(
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
            )
        };
    for (channel, name) in [(CHANNEL, "Open cup"), (HIDDEN, "Staff cup")] {
        let opened = t
            .send(&tournament(channel, ALICE, "new", &[("name", json!(name))]))
            .await;
        assert!(!opened.is_private(), "{}", opened.content());
        let joined = t.send(&tournament(channel, BOB, "join", &[])).await;
        assert!(!joined.is_private(), "{}", joined.content());
    }
    let games = t.say(ALICE, "games", &[]).await;
    let server = link(games.data(), "This server's games on the web");
    let (status, page) = get(&server).await;
    assert_eq!(status, 200, "{page}");
    for line in ["Tournaments", "Standings of Open cup", "signing up", "bob"] {
        assert!(page.contains(line), "{line} on the page:\n{page}");
    }
    assert!(!page.contains("Staff cup"), "a hidden channel's: {page}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_servers_page_lists_only_games_every_member_can_see
}
/// The server's page (a link anyone may pass on) lists the games of
/// channels every member of the server can see, as Discord's data says it
/// at a game's opening and its channel and role events after; its links
/// expire after a week and are revoked by those who may manage the server.
async fn the_servers_page_lists_only_games_every_member_can_see() {
    use support::fake_discord::{self as fd, ChannelSpec};
    use support::GUILD;
    const VIEW: u64 = 1 << 10;
    const HIDDEN: u64 = 2_000_000_000_000_000_101;
    const SECRET: u64 = 2_000_000_000_000_000_102;
    const OPEN: u64 = 2_000_000_000_000_000_103;
    const THREAD: u64 = 2_000_000_000_000_000_104;
    let t = Table::open_web(support::TinyPainter::boxed).await;
    // A channel @everyone may not view, a private thread, a public channel
    // and a public thread of the hidden channel.
    t.fake.add_channel(ChannelSpec {
        overwrites: vec![fd::overwrite(GUILD, false, 0, VIEW)],
        ..ChannelSpec::text(GUILD, HIDDEN)
    });
    t.fake
        .add_channel(ChannelSpec::thread(GUILD, CHANNEL, SECRET, true, true));
    t.fake.add_channel(ChannelSpec::text(GUILD, OPEN));
    t.fake
        .add_channel(ChannelSpec::thread(GUILD, HIDDEN, THREAD, false, true));
    let public = game_in(&t, CHANNEL).await;
    let hidden = game_in(&t, HIDDEN).await;
    let secret = game_in(&t, SECRET).await;
    let open = game_in(&t, OPEN).await;
    let thread = game_in(&t, THREAD).await;
    let games = t.say(ALICE, "games", &[]).await;
    let server = link(games.data(), "This server's games on the web");
    let (status, page) = get(&server).await;
    assert_eq!(status, 200, "{page}");
    let mut listed = games_listed(&page);
    listed.sort_unstable();
    assert_eq!(listed, [public as u32, open as u32], "{page}");
    for gone in [hidden, secret, thread] {
        assert!(!page.contains(&format!("#{gone} ")), "game #{gone}: {page}");
    }

    // The public channel is closed to @everyone: its game leaves the page.
    t.fake
        .set_overwrites(OPEN, vec![fd::overwrite(GUILD, false, 0, VIEW)]);
    seen_as(&t, OPEN, false).await;
    let (_, page) = get(&server).await;
    assert_eq!(games_listed(&page), [public as u32], "{page}");
    // The hidden one is opened to @everyone, its public thread with it.
    t.fake
        .set_overwrites(HIDDEN, vec![fd::overwrite(GUILD, false, VIEW, 0)]);
    seen_as(&t, THREAD, true).await;
    let (_, page) = get(&server).await;
    let mut listed = games_listed(&page);
    listed.sort_unstable();
    assert_eq!(
        listed,
        [public as u32, hidden as u32, thread as u32],
        "{page}"
    );
    // @everyone may no longer view channels: only the channel that allows
    // it itself stays.
    t.fake
        .set_everyone_permissions(GUILD, fd::PERMISSIONS_BITS & !VIEW);
    seen_as(&t, CHANNEL, false).await;
    let (_, page) = get(&server).await;
    let mut listed = games_listed(&page);
    listed.sort_unstable();
    assert_eq!(listed, [hidden as u32, thread as u32], "{page}");
    t.fake.set_everyone_permissions(GUILD, fd::PERMISSIONS_BITS);
    seen_as(&t, CHANNEL, true).await;

    // Revoked by those who may manage the server, and no one else.
    let rows = t.rows().await;
    let server_choice = t.choice_value("reset", "what", "server");
    let refused = t
        .say(BOB, "reset", &[("what", server_choice.clone())])
        .await;
    assert!(refused.is_private(), "{}", refused.content());
    assert!(
        refused.content().contains("Manage Server"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, rows, "nothing changed");
    assert_eq!(get(&server).await.0, 200);
    let mut managing = t.interaction(ALICE, "reset", &[("what", server_choice)]);
    fd::set_member_permissions(&mut managing, 1 << 5);
    let reset = t.send(&managing).await;
    assert!(reset.is_private(), "{}", reset.content());
    assert!(reset.content().contains("renewed"), "{}", reset.content());
    let (status, page) = get(&server).await;
    assert_eq!(status, 410, "{page}");
    let fresh = link(
        t.say(ALICE, "games", &[]).await.data(),
        "This server's games on the web",
    );
    assert_eq!(get(&fresh).await.0, 200);
    // A week later it has expired.
    t.advance(Duration::from_secs(8 * 24 * 3600)).await;
    let (status, page) = get(&fresh).await;
    assert_eq!(status, 410, "{page}");
    assert!(page.contains("expired"), "{page}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_game_s_page_shows_each_player_s_time_left
}
/// A game with a clock: its page says each person's time, the time of the
/// player to act running.
async fn a_game_s_page_shows_each_player_s_time_left() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(7)),
                (
                    "first",
                    support::fake_discord::user_option(ALICE.id, ALICE.name),
                ),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    let fast = t.choice_value("settings", "clock", "fast");
    assert!(!t
        .say(ALICE, "settings", &[("clock", fast)])
        .await
        .is_private());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let started = t.say(ALICE, "start", &[]).await;
    let watch = link(&started.created[0], "Watch on the web");
    t.advance(Duration::from_secs(3 * 3600)).await;
    let (status, page) = get(&watch).await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("Clocks (fast): alice 21h left (runs out: ") && page.contains("bob 1d"),
        "{page}"
    );
}
