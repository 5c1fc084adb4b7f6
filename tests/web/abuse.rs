//! The web pages under attack, short: each attack of `cargo bench --bench
//! abuse` at a small size, on loopback only, against the real bot with its
//! fake Discord, each stopping by itself. Idle connections beyond the
//! bound, slow headers and idle kept-alive connections, floods of live
//! streams, one watcher's burst beside another watcher, a hundred watchers
//! following a move, floods of pictures and a client leaving before its
//! picture is drawn. Every address of 127.0.0.0/8 is this machine's, so
//! each client is its own source address there.
//!
//! No figure of speed is checked here: the full sizes and their figures
//! are the benchmark's (RELIABILITY.md, BENCHMARKS.md).

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::engine::{Event, Game, Seat};
use aquaretto_bot::referee::Painter;
use aquaretto_bot::web::{Bounds, WebFigures};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;
use support::{link, Table, ALICE, BOB};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};

/// Long enough for anything the tests wait for on a busy machine.
const WAIT: Duration = Duration::from_secs(20);

/// The bot serving its pages within `bounds`.
async fn guarded(bounds: Bounds, painter: fn() -> Box<dyn Painter>) -> Table {
    let mut t = Table::open(Duration::from_millis(1500), painter).await;
    t.web = true;
    t.web_bounds = bounds;
    t.stop_bot().await;
    t.start_bot().await;
    t
}

fn figures(t: &Table) -> WebFigures {
    t.bot
        .as_ref()
        .and_then(|b| b.web())
        .expect("the pages are served")
        .figures()
}

fn addr(t: &Table) -> SocketAddr {
    t.bot
        .as_ref()
        .and_then(|b| b.web_addr())
        .expect("the pages are served")
}

/// A client at `ip` (an address of 127.0.0.0/8).
fn client(ip: IpAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(WAIT)
        .build()
        .expect("a client")
}

fn ip(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::from([127, a, b, c])
}

/// A TCP connection to the pages from `from`.
async fn connect(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(to).await
}

/// Reads until the server closes the connection (what it sent, if
/// anything), within [`WAIT`].
async fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    tokio::time::timeout(WAIT, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .expect("the server closes the connection in time");
    got
}

async fn status(c: &reqwest::Client, url: &str) -> u16 {
    c.get(url)
        .send()
        .await
        .expect("the page answers")
        .status()
        .as_u16()
}

/// `k` random legal moves, each asked by its player through Discord.
async fn move_on(t: &Table, k: usize, seed: u64) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..k {
        let loaded = t.loaded().await.expect("a game");
        let game = loaded.game().expect("started").clone();
        let seat = game.to_act().expect("running");
        let action = aquaretto_bot::engine::playout::random_action(&game, seat, &mut rng)
            .expect("a legal move");
        let (sub, options) = t.options_for(&action, &loaded);
        let who = Table::user_of(&loaded, seat);
        let said = t.say(who, sub, &options).await;
        assert!(!said.is_private(), "{}", said.content());
    }
}

/// Waits (up to [`WAIT`]) until `what` holds of the pages' figures.
async fn until(t: &Table, what: &str, holds: impl Fn(&WebFigures) -> bool) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let now = figures(t);
        if holds(&now) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what} within {WAIT:?}: {now:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    idle_connections_beyond_the_bound_leave_a_second_clients_page_and_discord_alone
}
/// 200 connections that send nothing, from 50 addresses, against a bound
/// of 24: the longest idle are closed for the newest, so the bot never
/// holds more than its bound (and what it is closing), and a second
/// client's page, a Discord command and the store answer throughout. One
/// address holds its share and is told 503 beyond it.
async fn idle_connections_beyond_the_bound_leave_a_second_clients_page_and_discord_alone() {
    let bounds = Bounds {
        connections: 24,
        connections_per_client: 4,
        ..Bounds::for_file_limit(1024)
    };
    let t = guarded(bounds, support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let to = addr(&t);
    let mut idle = Vec::new();
    for n in 0..200u16 {
        let from = ip(3, 0, 1 + (n % 50) as u8);
        if let Ok(s) = connect(from, to).await {
            idle.push(s);
        }
    }
    let second = client(ip(0, 0, 1));
    assert_eq!(status(&second, &watch).await, 200, "a second client's page");
    let board = t.say(ALICE, "board", &[]).await;
    assert!(board.is_private(), "Discord answers: {}", board.content());
    assert!(t.loaded().await.is_some(), "the store answers");
    let seen = figures(&t);
    assert!(seen.door.evicted >= 150, "{seen:?}");
    assert!(
        seen.door.most_open <= 24 + 64,
        "held within the bound and what it closes: {seen:?}"
    );
    // The idle connections are closed, the oldest first.
    let closed = until_closed(&mut idle[0]).await;
    assert!(closed.is_empty(), "closed without a word");
    // One address: its share held, the rest told 503 and closed.
    drop(idle);
    let mine: Vec<TcpStream> = {
        let mut v = Vec::new();
        for _ in 0..4 {
            v.push(connect(ip(3, 1, 1), to).await.expect("connects"));
        }
        v
    };
    let mut over = connect(ip(3, 1, 1), to).await.expect("connects");
    let told = until_closed(&mut over).await;
    assert!(
        told.starts_with(b"HTTP/1.1 503"),
        "{}",
        String::from_utf8_lossy(&told)
    );
    drop(mine);
    assert_eq!(status(&second, &watch).await, 200);
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_slow_head_a_slow_body_and_an_idle_kept_connection_are_closed_in_time
}
/// A head that never ends, a body that never comes, and a connection kept
/// alive after its answer with nothing more asked: each closed within its
/// time (shortened here), the rest of the pages unaffected.
async fn a_slow_head_a_slow_body_and_an_idle_kept_connection_are_closed_in_time() {
    let bounds = Bounds {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        ..Bounds::for_file_limit(1024)
    };
    let t = guarded(bounds, support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let path = watch.trim_start_matches(&t.web_base()).to_string();
    let to = addr(&t);

    let mut slow_head = connect(ip(0, 1, 1), to).await.expect("connects");
    slow_head
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n").as_bytes())
        .await
        .expect("half a head");
    until_closed(&mut slow_head).await;
    until(&t, "a header timeout counted", |f| {
        f.door.header_timeouts >= 1
    })
    .await;

    let mut slow_body = connect(ip(0, 1, 2), to).await.expect("connects");
    slow_body
        .write_all(
            format!(
                "POST {path}/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nseq=0"
            )
            .as_bytes(),
        )
        .await
        .expect("a head and a little body");
    let told = until_closed(&mut slow_body).await;
    assert!(
        told.starts_with(b"HTTP/1.1 408"),
        "{}",
        String::from_utf8_lossy(&told)
    );

    let mut kept = connect(ip(0, 1, 3), to).await.expect("connects");
    kept.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .expect("a request");
    let answered = until_closed(&mut kept).await;
    assert!(
        answered.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answered[..answered.len().min(200)])
    );
    assert_eq!(status(&client(ip(0, 1, 4)), &watch).await, 200);
}

/// Opens a live stream; its status, and the response to read on.
async fn stream(c: &reqwest::Client, url: &str) -> reqwest::Response {
    c.get(format!("{url}/live"))
        .send()
        .await
        .expect("the stream answers")
}

/// Reads a stream until it ends (true) or says `moved` (false), within
/// [`WAIT`].
async fn ends_or_moves(r: &mut reqwest::Response) -> bool {
    tokio::time::timeout(WAIT, async {
        loop {
            match r.chunk().await {
                Ok(Some(chunk)) if chunk.windows(5).any(|w| w == b"moved") => return false,
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => return true,
            }
        }
    })
    .await
    .expect("the stream ends or says something in time")
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    live_streams_are_bounded_per_client_and_in_all_and_each_ends_in_time
}
/// A flood of live streams: a client gets its share (then 429), all
/// clients together the bound (then 503), each with when to try again;
/// a second client's page still opens; every stream ends by itself after
/// its lifetime (shortened here), and the room is free again.
async fn live_streams_are_bounded_per_client_and_in_all_and_each_ends_in_time() {
    let bounds = Bounds {
        streams: 6,
        streams_per_client: 2,
        stream_lifetime: Duration::from_millis(800),
        stream_keep_alive: Duration::from_millis(200),
        ..Bounds::for_file_limit(1024)
    };
    let t = guarded(bounds, support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let mut open = Vec::new();
    let one = client(ip(5, 0, 1));
    for _ in 0..2 {
        let r = stream(&one, &watch).await;
        assert_eq!(r.status().as_u16(), 200);
        open.push(r);
    }
    let third = stream(&one, &watch).await;
    assert_eq!(third.status().as_u16(), 429);
    assert!(third.headers().contains_key("retry-after"));
    for n in 2..=3 {
        let other = client(ip(5, 0, n));
        for _ in 0..2 {
            let r = stream(&other, &watch).await;
            assert_eq!(r.status().as_u16(), 200);
            open.push(r);
        }
    }
    let refused = stream(&client(ip(5, 0, 9)), &watch).await;
    assert_eq!(refused.status().as_u16(), 503);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(status(&client(ip(0, 0, 1)), &watch).await, 200);
    let seen = figures(&t);
    assert_eq!((seen.streams, seen.most_streams), (6, 6), "{seen:?}");
    for r in &mut open {
        assert!(ends_or_moves(r).await, "the stream ends by itself");
    }
    until(&t, "every stream closed", |f| f.streams == 0).await;
    let again = stream(&client(ip(5, 0, 9)), &watch).await;
    assert_eq!(again.status().as_u16(), 200, "room again");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_page_left_gives_its_stream_back_at_once
}
/// A page left (its connection closed by the browser) gives its stream's
/// room back at once, not at the end of the stream's lifetime: a player
/// moving page after page on one address is never refused a stream.
async fn a_page_left_gives_its_stream_back_at_once() {
    let bounds = Bounds {
        streams_per_client: 2,
        stream_lifetime: Duration::from_secs(3600),
        ..Bounds::for_file_limit(1024)
    };
    let t = guarded(bounds, support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let one = client(ip(5, 1, 1));
    let kept = stream(&one, &watch).await;
    assert_eq!(kept.status().as_u16(), 200);
    for page in 0..5 {
        let r = stream(&one, &watch).await;
        assert_eq!(r.status().as_u16(), 200, "page {page} follows the game");
        until(&t, "both streams open", |f| f.streams == 2).await;
        drop(r);
        until(&t, "the page left gave its stream back", |f| f.streams == 1).await;
    }
    assert_eq!(kept.status().as_u16(), 200);
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_reset_closes_the_open_streams_of_the_links_it_revokes_and_no_others
}
/// A player's reset ends the live streams of their own links to play; the
/// creator's reset ends every stream of the game's links; the others go on.
async fn a_reset_closes_the_open_streams_of_the_links_it_revokes_and_no_others() {
    let t = guarded(Bounds::for_file_limit(1024), support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let alices = link(
        t.say(ALICE, "board", &[]).await.data(),
        "Play in the browser",
    );
    move_on(&t, 1, 3).await;
    let bobs = link(t.say(BOB, "board", &[]).await.data(), "Play in the browser");
    let c = client(ip(6, 0, 1));
    let mut watching = stream(&c, &watch).await;
    let mut alice = stream(&c, &alices).await;
    let mut bob = stream(&c, &bobs).await;
    for r in [&watching, &alice, &bob] {
        assert_eq!(r.status().as_u16(), 200);
    }
    let reset = t.say(BOB, "reset", &[]).await;
    assert!(reset.is_private(), "{}", reset.content());
    assert!(ends_or_moves(&mut bob).await, "bob's stream ends");
    assert!(
        !ends_or_moves(&mut watching).await,
        "the watcher is told, and goes on"
    );
    assert!(
        !ends_or_moves(&mut alice).await,
        "alice is told, and goes on"
    );
    assert_eq!(stream(&c, &bobs).await.status().as_u16(), 410);
    t.say(ALICE, "reset", &[]).await;
    assert!(
        ends_or_moves(&mut watching).await,
        "the watcher's stream ends"
    );
    assert!(ends_or_moves(&mut alice).await, "alice's stream ends");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    one_watchers_burst_locks_out_no_other_watcher_and_a_seat_is_held_to_its_moves
}
/// One watcher asks for 200 pages the bot must make (each a table after a
/// move not yet played): past its rate it is answered 429; another
/// watcher of the same link gets the page, its part, the picture and a
/// live stream; the page kept ready still opens for the first (it costs
/// nothing). A seat sending moves faster than its rate is answered 429.
async fn one_watchers_burst_locks_out_no_other_watcher_and_a_seat_is_held_to_its_moves() {
    let t = guarded(Bounds::for_file_limit(1024), support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let greedy = client(ip(7, 0, 1));
    let mut too_fast = 0;
    for n in 0..300 {
        let code = status(&greedy, &format!("{watch}?at={}", 1000 + n)).await;
        assert!(code == 200 || code == 429, "{code}");
        too_fast += usize::from(code == 429);
    }
    assert!(too_fast > 0, "the burst is held to its rate");
    let other = client(ip(7, 0, 2));
    for url in [
        watch.clone(),
        format!("{watch}/part"),
        format!("{watch}/table.png?at=0"),
    ] {
        assert_eq!(status(&other, &url).await, 200, "{url}");
    }
    assert_eq!(stream(&other, &watch).await.status().as_u16(), 200);
    // Out of requests, the first watcher still gets what is kept ready: 50
    // pages in a row, far more than its rate gives back meanwhile.
    for _ in 0..50 {
        assert_eq!(status(&greedy, &watch).await, 200, "kept ready, free");
    }

    let alices = link(
        t.say(ALICE, "board", &[]).await.data(),
        "Play in the browser",
    );
    let mover = client(ip(7, 0, 3));
    let before = t.rows().await;
    let mut codes = Vec::new();
    for _ in 0..30 {
        let r = mover
            .post(format!("{alices}/move"))
            .form(&[("seq", "99"), ("command", "draw truck:1")])
            .send()
            .await
            .expect("answered");
        codes.push(r.status().as_u16());
    }
    // 20 at once, then about five a second: the stale moves are refused
    // (409) until the seat is over its rate (429).
    assert!(codes[..20].iter().all(|c| *c == 409), "stale: {codes:?}");
    assert!(codes.iter().all(|c| *c == 409 || *c == 429), "{codes:?}");
    assert!(
        codes.iter().filter(|c| **c == 429).count() >= 5,
        "over the rate: {codes:?}"
    );
    assert_eq!(t.rows().await, before, "nothing changed");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_hundred_watchers_follow_a_move_for_one_page_and_one_picture
}
/// A hundred watchers (a hundred addresses), each with its live stream:
/// a move reaches every one, each fetches the new part and the new picture
/// as a page does, and the bot made the part once and drew the picture
/// once for all of them.
async fn a_hundred_watchers_follow_a_move_for_one_page_and_one_picture() {
    let t = guarded(Bounds::for_file_limit(1024), support::TinyPainter::boxed).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    let mut watchers = Vec::new();
    for n in 0..100u8 {
        let c = client(ip(8, n / 50, 1 + n % 50));
        let mut r = stream(&c, &watch).await;
        assert_eq!(r.status().as_u16(), 200);
        // The stream's first word (when to come back) says it is open.
        tokio::time::timeout(WAIT, r.chunk())
            .await
            .expect("in time")
            .expect("reads");
        watchers.push((c, r));
    }
    let before = figures(&t);
    move_on(&t, 1, 11).await;
    let followed = futures_util::future::join_all(watchers.into_iter().map(|(c, mut r)| {
        let watch = watch.clone();
        async move {
            assert!(!ends_or_moves(&mut r).await, "told of the move");
            let part = c
                .get(format!("{watch}/part"))
                .send()
                .await
                .expect("the part");
            assert_eq!(part.status().as_u16(), 200);
            let part = part.text().await.expect("its text");
            assert!(part.contains("table.png?at=1"), "the new table");
            status(&c, &format!("{watch}/table.png?at=1")).await
        }
    }))
    .await;
    assert!(followed.iter().all(|s| *s == 200), "{followed:?}");
    let after = figures(&t);
    assert_eq!(after.pages_made - before.pages_made, 1, "{after:?}");
    assert_eq!(after.pictures_made - before.pictures_made, 1, "{after:?}");
}

/// The pictures of the flood test: drawn only while [`GATE`] is open.
static GATE: (Mutex<bool>, Condvar) = (Mutex::new(true), Condvar::new());
/// Tables drawn by [`GatedPainter`].
static DRAWN: AtomicUsize = AtomicUsize::new(0);

fn gate(open: bool) {
    let (lock, opened) = &GATE;
    *lock.lock().expect("the gate") = open;
    opened.notify_all();
}

struct GatedPainter;

impl Painter for GatedPainter {
    fn table(&self, _game: &Game, _events: &[Event]) -> anyhow::Result<Vec<u8>> {
        let (lock, opened) = &GATE;
        let mut open = lock.lock().expect("the gate");
        while !*open {
            open = opened.wait(open).expect("the gate");
        }
        DRAWN.fetch_add(1, Ordering::SeqCst);
        Ok(support::tiny_png())
    }
    fn zoo(
        &self,
        game: &Game,
        _seat: Seat,
        _lang: &aquaretto_bot::lang::Lang,
    ) -> anyhow::Result<Vec<u8>> {
        self.table(game, &[])
    }
}

fn gated_painter() -> Box<dyn Painter> {
    Box::new(GatedPainter)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pictures_is_refused_beyond_its_queue_and_a_picture_whose_page_left_is_not_drawn(
) {
    // One database: the painter's gate is this test's alone.
    let t = guarded(Bounds::for_file_limit(1024), gated_painter).await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    move_on(&t, 14, 5).await;
    gate(false);
    // 15 pictures at once, from 15 clients: one drawn, a few waiting, the
    // rest refused at once with when to try again.
    let flood = futures_util::future::join_all((0..15u8).map(|n| {
        let url = format!("{watch}/table.png?at={n}");
        async move {
            let r = client(ip(9, 0, 1 + n))
                .get(url)
                .send()
                .await
                .expect("answered");
            (r.status().as_u16(), r.headers().contains_key("retry-after"))
        }
    }));
    let flood = tokio::spawn(flood);
    until(&t, "pictures refused", |f| f.pictures_begun >= 15).await;
    gate(true);
    let answered = flood.await.expect("the flood");
    let drawn = answered.iter().filter(|(s, _)| *s == 200).count();
    let busy: Vec<_> = answered.iter().filter(|(s, _)| *s == 503).collect();
    assert_eq!(drawn + busy.len(), 15, "{answered:?}");
    assert!((1..=8).contains(&drawn), "{answered:?}");
    assert!(busy.iter().all(|(_, again)| *again), "{answered:?}");

    // A page that leaves before its picture's turn: not drawn. (A move
    // first, so that nothing of the game is kept.)
    move_on(&t, 1, 6).await;
    gate(false);
    let first = tokio::spawn({
        let url = format!("{watch}/table.png?at=15");
        async move {
            client(ip(9, 1, 1))
                .get(url)
                .send()
                .await
                .map(|r| r.status())
        }
    });
    until(&t, "the first picture asked", |f| f.pictures_begun >= 16).await;
    let path = watch.trim_start_matches(&t.web_base()).to_string();
    let mut leaving = connect(ip(9, 1, 2), addr(&t)).await.expect("connects");
    leaving
        .write_all(format!("GET {path}/table.png?at=14 HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .expect("asks");
    until(&t, "the second picture asked", |f| f.pictures_begun >= 17).await;
    let open_before = figures(&t).door.open;
    drop(leaving);
    until(&t, "its connection closed", |f| f.door.open < open_before).await;
    let drawn_before = DRAWN.load(Ordering::SeqCst);
    gate(true);
    let shown = first.await.expect("the first page").expect("answered");
    assert_eq!(shown.as_u16(), 200);
    until(&t, "the left picture dropped", |f| {
        f.pictures_abandoned >= 1
    })
    .await;
    assert_eq!(
        DRAWN.load(Ordering::SeqCst),
        drawn_before + 1,
        "only the first drawn"
    );
}
