//! The table inside Discord, as an Activity, over plain HTTP: the page and
//! its files served from the pages' own origin (Discord's frame lets it load
//! nothing from elsewhere), at the root, at `/activity` and under
//! `/.proxy/`; the one answer that Discord's client may frame; the news of
//! moves over a WebSocket, bounded as the live streams are. In a real
//! browser, through a fake Discord client: `tests/web/activity_browser.rs`.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use std::time::Duration;
use support::{link, Table, ALICE};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// Discord's query, as its client loads the Activity.
pub const DISCORD_QUERY: &str =
    "frame_id=f-1&instance_id=i-1&platform=desktop&guild_id=1&channel_id=2";

/// The framing an answer allows: its `X-Frame-Options`, and its policy's
/// `frame-ancestors`.
fn framing(r: &reqwest::Response) -> (Option<String>, String) {
    let xfo = r
        .headers()
        .get("x-frame-options")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let csp = r
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let ancestors = csp
        .split(';')
        .map(str::trim)
        .find_map(|d| d.strip_prefix("frame-ancestors "))
        .unwrap_or_default()
        .to_string();
    (xfo, ancestors)
}

const DISCORD_FRAMES: &str =
    "'self' https://discord.com https://*.discord.com https://*.discordsays.com";

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    only_the_activity_may_be_framed_and_by_discord_alone
}
/// The Activity's page, wherever Discord's proxy asks for it, may be
/// framed by Discord's client; every other answer keeps refusing frames:
/// a game's page, its part, a picture, the files, a problem, the sign-in's
/// answers.
async fn only_the_activity_may_be_framed_and_by_discord_alone() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    t.start_two_player_game(7).await;
    let watch = link(t.say(ALICE, "board", &[]).await.data(), "Watch on the web");
    let base = t.web_base();
    for path in ["/activity", "/", "/.proxy/activity", "/.proxy/"] {
        let r = http()
            .get(format!("{base}{path}?{DISCORD_QUERY}"))
            .send()
            .await
            .expect("answers");
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let (xfo, ancestors) = framing(&r);
        assert_eq!(xfo, None, "{path}: no X-Frame-Options");
        assert_eq!(ancestors, DISCORD_FRAMES, "{path}");
        let page = r.text().await.expect("a page");
        // Nothing from another origin, no inline script: its files, named
        // relative to the page.
        assert!(
            page.contains(r#"<script type="module" src="assets/activity/activity.js">"#),
            "{page}"
        );
        for elsewhere in ["http:", "https:", "//", "<script>"] {
            assert!(
                !page.contains(&format!("src=\"{elsewhere}"))
                    && !page.contains(&format!("href=\"{elsewhere}")),
                "{path}: {elsewhere} in {page}"
            );
        }
        assert!(!page.contains("<script>"), "no inline script: {page}");
    }
    let token = watch.rsplit('/').next().expect("a token");
    for path in [
        format!("/g/{token}"),
        format!("/g/{token}/part"),
        format!("/.proxy/g/{token}"),
        format!("/g/{token}/table.png"),
        "/assets/web.css".to_string(),
        "/assets/activity/activity.js".to_string(),
        "/.proxy/assets/activity/discord-sdk.js".to_string(),
        "/g/not-a-link".to_string(),
        "/nothing-here".to_string(),
    ] {
        let r = http()
            .get(format!("{base}{path}"))
            .send()
            .await
            .expect("answers");
        let (xfo, ancestors) = framing(&r);
        assert_eq!(xfo.as_deref(), Some("DENY"), "{path}");
        assert_eq!(ancestors, "'none'", "{path}");
    }
    let r = http()
        .post(format!("{base}/activity/token"))
        .body(r#"{"code":"abc"}"#)
        .send()
        .await
        .expect("answers");
    assert_eq!(framing(&r).0.as_deref(), Some("DENY"));
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_activity_says_where_it_cannot_open
}
/// Opened outside Discord (no Discord's query), the page says to open it
/// from Discord; inside Discord but with no way to ask Discord who is
/// there (no client secret), it says the table cannot open there, in the
/// reader's language, and the sign-in refuses with the same words.
async fn the_activity_says_where_it_cannot_open() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let base = t.web_base();
    let (status, page) = get(&format!("{base}/activity"), "en").await;
    assert_eq!(status, 200);
    assert!(page.contains(r#"data-state="outside""#), "{page}");
    assert!(page.contains("open it from Discord"), "{page}");
    let (_, page) = get(&format!("{base}/activity?{DISCORD_QUERY}"), "de").await;
    assert!(page.contains(r#"data-state="off""#), "{page}");
    assert!(page.contains(r#"<html lang="de">"#), "{page}");
    assert!(page.contains("Der Tisch kann hier nicht"), "{page}");
    let r = http()
        .post(format!("{base}/activity/open"))
        .header("accept-language", "ja")
        .body(r#"{"access_token":"t","instance_id":"i"}"#)
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 404);
    let said: serde_json::Value =
        serde_json::from_str(&r.text().await.expect("a body")).expect("JSON");
    assert!(
        said["said"]
            .as_str()
            .is_some_and(|s| s.contains("Discord の中でテーブルを開けません")),
        "{said}"
    );
}

async fn get(url: &str, lang: &str) -> (u16, String) {
    let r = http()
        .get(url)
        .header("accept-language", lang)
        .send()
        .await
        .expect("the page answers");
    let status = r.status().as_u16();
    (status, r.text().await.unwrap_or_default())
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_sdk_is_served_from_the_pages_own_origin
}
/// Discord's Embedded App SDK, the file of our assets byte for byte, as a
/// script of the pages' own origin, with and without `/.proxy/`; the
/// Activity's own script and styles beside it.
async fn the_sdk_is_served_from_the_pages_own_origin() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/web/activity/");
    for (file, kind) in [
        ("discord-sdk.js", "text/javascript; charset=utf-8"),
        ("activity.js", "text/javascript; charset=utf-8"),
        ("activity.css", "text/css; charset=utf-8"),
    ] {
        let shipped = std::fs::read(format!("{assets}{file}")).expect("in the assets");
        for prefix in ["", "/.proxy"] {
            let url = format!("{}{prefix}/assets/activity/{file}", t.web_base());
            let r = http().get(&url).send().await.expect("answers");
            assert_eq!(r.status().as_u16(), 200, "{url}");
            assert_eq!(r.headers()["content-type"], kind, "{url}");
            assert_eq!(
                r.bytes().await.expect("a body").as_ref(),
                shipped.as_slice()
            );
        }
    }
}

/// A WebSocket opened by hand on `path` of `addr` (`host:port`): the
/// stream after the server's 101, or the status it answered instead.
pub async fn open_socket(addr: &str, path: &str) -> Result<TcpStream, u16> {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .expect("reads");
        assert!(
            n == 1,
            "the answer ended early: {:?}",
            String::from_utf8_lossy(&head)
        );
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_string();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    if status == 101 {
        assert!(
            head.to_ascii_lowercase()
                .contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="),
            "{head}"
        );
        Ok(stream)
    } else {
        Err(status)
    }
}

/// The next message the server sends on a socket within `within`: a text's
/// words, `close <code>` for a close; pings are skipped. `None`: nothing
/// came.
pub async fn next_message(stream: &mut TcpStream, within: Duration) -> Option<String> {
    tokio::time::timeout(within, async {
        loop {
            let mut head = [0u8; 2];
            stream.read_exact(&mut head).await.ok()?;
            let opcode = head[0] & 0x0f;
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut l = [0u8; 2];
                stream.read_exact(&mut l).await.ok()?;
                len = u64::from(u16::from_be_bytes(l));
            } else if len == 127 {
                let mut l = [0u8; 8];
                stream.read_exact(&mut l).await.ok()?;
                len = u64::from_be_bytes(l);
            }
            let mut payload = vec![0u8; usize::try_from(len).ok()?];
            stream.read_exact(&mut payload).await.ok()?;
            match opcode {
                1 => return Some(String::from_utf8_lossy(&payload).to_string()),
                8 => {
                    let code = payload
                        .get(..2)
                        .map_or(0, |c| u16::from_be_bytes([c[0], c[1]]));
                    return Some(format!("close {code}"));
                }
                _ => continue,
            }
        }
    })
    .await
    .ok()
    .flatten()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_websocket_carries_the_news_of_moves_within_the_streams_bounds
}
/// The news of a move reaches an open WebSocket of its game (under
/// `/.proxy/` too); a client holds no more sockets and streams together
/// than its share (the rest answered 429, nothing upgraded); the door
/// counts a socket's connection until it closes.
async fn a_websocket_carries_the_news_of_moves_within_the_streams_bounds() {
    let mut t = Table::open_web(support::TinyPainter::boxed).await;
    t.web_bounds.streams_per_client = 2;
    t.stop_bot().await;
    t.start_bot().await;
    t.start_two_player_game(7).await;
    let watch = link(t.say(ALICE, "board", &[]).await.data(), "Watch on the web");
    let base = t.web_base();
    let addr = base.trim_start_matches("http://").to_string();
    let token = watch.rsplit('/').next().expect("a token").to_string();
    let mut first = open_socket(&addr, &format!("/g/{token}/ws"))
        .await
        .expect("upgraded");
    let mut second = open_socket(&addr, &format!("/.proxy/g/{token}/ws"))
        .await
        .expect("upgraded under /.proxy/");
    // The client's share is taken: a third socket, or a stream, is refused.
    assert_eq!(
        open_socket(&addr, &format!("/g/{token}/ws")).await.err(),
        Some(429)
    );
    let r = http()
        .get(format!("{watch}/live"))
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 429);
    let figures = t
        .bot
        .as_ref()
        .and_then(|b| b.web())
        .expect("the pages")
        .figures();
    assert_eq!(figures.streams, 2, "{figures:?}");
    assert!(
        figures.door.open >= 2,
        "the sockets' connections counted: {figures:?}"
    );
    // Not a WebSocket: refused, nothing opened.
    let (status, _) = get(&format!("{watch}/ws"), "en").await;
    assert!(status >= 400, "{status}");

    // A move: both sockets told.
    let board = t.say(ALICE, "board", &[]).await;
    let play = link(board.data(), "Play in the browser");
    let r = http()
        .post(format!("{play}/move"))
        .form(&[("seq", "0"), ("command", "draw truck:1")])
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 303, "the move is made");
    for socket in [&mut first, &mut second] {
        assert_eq!(
            next_message(socket, Duration::from_secs(10))
                .await
                .as_deref(),
            Some("moved")
        );
    }
    // Closed by the page: its room is given back.
    drop(first);
    drop(second);
    for _ in 0..200 {
        let f = t
            .bot
            .as_ref()
            .and_then(|b| b.web())
            .expect("the pages")
            .figures();
        if f.streams == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the sockets' room was not given back");
}

/// A JSON request of the Activity's sign-in: its status and answer.
pub async fn sign_in(base: &str, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    let r = http()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("answers");
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or_default())
}

/// A person's access token, as the page gets it: Discord's code exchanged
/// by the bot's server.
async fn token_of(t: &Table, who: support::User) -> String {
    let code = t.fake.authorize(who.id);
    let (status, said) = sign_in(
        &t.web_base(),
        "/activity/token",
        serde_json::json!({ "code": code }),
    )
    .await;
    assert_eq!(status, 200, "{said}");
    said["access_token"]
        .as_str()
        .expect("an access token")
        .to_string()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_sign_in_believes_only_what_discord_says
}
/// The person is whom Discord says the token belongs to, the channel the
/// one Discord says the instance runs in, and they must be in it: a player
/// opens their seat, anyone else watches; a code used twice or made up, a
/// token Discord never gave, a person not in the instance, an instance that
/// ended or runs in a channel with no game are refused, and change nothing.
async fn the_sign_in_believes_only_what_discord_says() {
    use support::{BOB, CAROL, CHANNEL, DAVE, GUILD};
    let t = Table::open_activity(support::TinyPainter::boxed).await;
    t.start_two_player_game(7).await;
    let base = t.web_base();
    // The page learns the application's id to start its SDK with.
    let (_, page) = get(&format!("{base}/activity?{DISCORD_QUERY}"), "en").await;
    assert!(page.contains(r#"data-state="loading""#), "{page}");
    assert!(
        page.contains(&format!(
            r#"data-client-id="{}""#,
            support::fake_discord::APP_ID
        )),
        "{page}"
    );
    let instance = t.fake.launch_in(CHANNEL, Some(GUILD), ALICE.id);
    for who in [BOB, CAROL] {
        t.fake.join_instance(&instance, who.id);
    }
    let before = t.rows().await;

    // A code is used once; one made up opens nothing.
    let code = t.fake.authorize(ALICE.id);
    let (status, said) = sign_in(
        &base,
        "/activity/token",
        serde_json::json!({ "code": code }),
    )
    .await;
    assert_eq!(status, 200, "{said}");
    let alices = said["access_token"].as_str().expect("a token").to_string();
    for code in [code.as_str(), "fake-code-made-up", "not a code!"] {
        let (status, said) = sign_in(
            &base,
            "/activity/token",
            serde_json::json!({ "code": code }),
        )
        .await;
        assert_eq!(status, 403, "{code}: {said}");
        assert!(said["said"]
            .as_str()
            .is_some_and(|s| s.contains("Discord did not confirm")));
    }
    let (status, _) = sign_in(&base, "/activity/token", serde_json::json!({"no": 1})).await;
    assert_eq!(status, 400);

    // Alice plays her seat: her link to play, its page with her move.
    let open = |token: &str, instance: &str| serde_json::json!({ "access_token": token, "instance_id": instance });
    let (status, said) = sign_in(&base, "/activity/open", open(&alices, &instance)).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(said["kind"], "play", "{said}");
    let alice_base = said["base"].as_str().expect("a link").to_string();
    let (status, part) = get(&format!("{base}{alice_base}/part"), "en").await;
    assert_eq!(status, 200);
    assert!(part.contains("Your move"), "{part}");

    // Carol, in the Activity but not seated, watches, in her language.
    t.fake.set_user_locale(CAROL.id, "ja");
    let carols = token_of(&t, CAROL).await;
    let (status, said) = sign_in(&base, "/activity/open", open(&carols, &instance)).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(
        (said["kind"].as_str(), said["lang"].as_str()),
        (Some("watch"), Some("ja"))
    );
    assert!(
        said["said"].as_str().is_some_and(|s| s.contains("観戦中")),
        "{said}"
    );
    let watch = said["base"].as_str().expect("a link").to_string();
    let r = http()
        .post(format!("{base}{watch}/move"))
        .form(&[("seq", "0"), ("command", "draw truck:1")])
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 403, "a watcher cannot move");

    // Dave is not in the instance: refused, though Discord knows him.
    let daves = token_of(&t, DAVE).await;
    let (status, said) = sign_in(&base, "/activity/open", open(&daves, &instance)).await;
    assert_eq!(status, 403, "{said}");
    assert!(said["said"]
        .as_str()
        .is_some_and(|s| s.contains("not in this Activity")));
    // A token Discord never gave.
    let (status, _) = sign_in(&base, "/activity/open", open("fake-access-0-1", &instance)).await;
    assert_eq!(status, 403);
    // An instance in another channel, which Alice is not in: refused; one
    // she is in, in a channel with no game: nothing to open.
    let elsewhere = t.fake.launch_in(CHANNEL + 1, Some(GUILD), BOB.id);
    let (status, _) = sign_in(&base, "/activity/open", open(&alices, &elsewhere)).await;
    assert_eq!(status, 403);
    t.fake.join_instance(&elsewhere, ALICE.id);
    let (status, said) = sign_in(&base, "/activity/open", open(&alices, &elsewhere)).await;
    assert_eq!(status, 404, "{said}");
    assert!(said["said"]
        .as_str()
        .is_some_and(|s| s.contains("no game in this channel")));
    // The instance ended: its last participant left.
    for who in [ALICE, BOB] {
        t.fake.leave_instance(&elsewhere, who.id);
    }
    let (status, _) = sign_in(&base, "/activity/open", open(&alices, &elsewhere)).await;
    assert_eq!(status, 410);
    // Nothing was changed by any of it.
    assert_eq!(t.rows().await, before);
}
