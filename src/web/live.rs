//! Live pages: the news that a game moved, and the streams that carry it to
//! the open pages (`GET /g/<link>/live`, server-sent events; and `GET
//! /g/<link>/ws`, a WebSocket, for the table inside Discord, whose proxy
//! carries WebSockets: each says `moved` where the other sends an event).
//!
//! The referee tells of every game that may have moved (this process's
//! moves, and on PostgreSQL the other processes'). The door's loop hears it
//! first (`door.rs`): what the pages keep of that game is forgotten, and the
//! links' generations are read again (a reset revokes links), then each
//! open page of that game is told. A page told looks again (`live.js`).
//!
//! Streams of both kinds are bounded together: at most [`super::Bounds::streams`] open, and
//! [`super::Bounds::streams_per_client`] for one client (answered 503 and
//! 429, with when to try again), and a WebSocket's connection stays
//! counted by the door until the socket ends (`door.rs`); each lasts about
//! [`super::Bounds::stream_lifetime`], then ends, and the page opens
//! another (and catches up on what it missed). A stream whose link is
//! revoked ends at the next news of its game; the page then says it no
//! longer follows the game.

use super::door::{stopped, Visitor};
use super::limits::Cost;
use super::links::Link;
use super::opened::App;
use super::pages::problem;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How long a page waits before opening its stream again after one ended
/// (the browser's own reconnection).
const RETRY: Duration = Duration::from_secs(2);

/// The news of each game with open pages.
pub(super) struct Following {
    games: Mutex<HashMap<i64, watch::Sender<u64>>>,
    /// Told when news was lost: every page looks again.
    all: watch::Sender<u64>,
}

impl Default for Following {
    fn default() -> Following {
        Following {
            games: Mutex::default(),
            all: watch::Sender::new(0),
        }
    }
}

impl Following {
    /// The news of `game`, and of all games.
    fn watch(&self, game: i64) -> (watch::Receiver<u64>, watch::Receiver<u64>) {
        let one = match self.games.lock() {
            Ok(mut games) => games
                .entry(game)
                .or_insert_with(|| watch::Sender::new(0))
                .subscribe(),
            // Poisoned: no news of the game, the page follows the others'.
            Err(_) => watch::Sender::new(0).subscribe(),
        };
        (one, self.all.subscribe())
    }

    /// Tells the open pages of `game` (`None`: of every game) to look again.
    pub(super) fn tell(&self, game: Option<i64>) {
        match game {
            Some(game) => {
                if let Ok(games) = self.games.lock() {
                    if let Some(sender) = games.get(&game) {
                        sender.send_modify(|n| *n += 1);
                    }
                }
            }
            None => self.all.send_modify(|n| *n += 1),
        }
    }

    /// A page of `game` closed: its news is dropped when none is left.
    fn left(&self, game: i64) {
        if let Ok(mut games) = self.games.lock() {
            if games.get(&game).is_some_and(|s| s.receiver_count() == 0) {
                games.remove(&game);
            }
        }
    }
}

/// Why a stream was refused.
enum TooMany {
    /// The client's own are open.
    Client,
    /// All are open.
    All,
}

/// The open streams, counted.
pub(super) struct Streams {
    most: usize,
    per_client: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
    most_open: AtomicUsize,
    opened: AtomicU64,
    refused: AtomicU64,
}

impl Streams {
    pub(super) fn new(most: usize, per_client: usize) -> Streams {
        Streams {
            most,
            per_client,
            open: Mutex::default(),
            most_open: AtomicUsize::new(0),
            opened: AtomicU64::new(0),
            refused: AtomicU64::new(0),
        }
    }

    /// Room for one more stream of `client`, until the permit is dropped.
    fn open(self: &Arc<Self>, client: IpAddr) -> Result<StreamPermit, TooMany> {
        let Ok(mut open) = self.open.lock() else {
            return Err(TooMany::All);
        };
        let (total, per_client) = &mut *open;
        let mine = per_client.entry(client).or_default();
        let refused = if *mine >= self.per_client {
            Some(TooMany::Client)
        } else if *total >= self.most {
            Some(TooMany::All)
        } else {
            None
        };
        if let Some(why) = refused {
            if *mine == 0 {
                per_client.remove(&client);
            }
            self.refused.fetch_add(1, Ordering::Relaxed);
            return Err(why);
        }
        *mine += 1;
        *total += 1;
        self.most_open.fetch_max(*total, Ordering::Relaxed);
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(StreamPermit {
            streams: self.clone(),
            client,
        })
    }

    /// Streams open now, the most at once, opened and refused so far.
    pub(super) fn figures(&self) -> (usize, usize, u64, u64) {
        (
            self.open.lock().map_or(0, |o| o.0),
            self.most_open.load(Ordering::Relaxed),
            self.opened.load(Ordering::Relaxed),
            self.refused.load(Ordering::Relaxed),
        )
    }
}

/// A stream's room, given back when dropped.
struct StreamPermit {
    streams: Arc<Streams>,
    client: IpAddr,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        if let Ok(mut open) = self.streams.open.lock() {
            let (total, per_client) = &mut *open;
            *total -= 1;
            if let Some(n) = per_client.get_mut(&self.client) {
                *n -= 1;
                if *n == 0 {
                    per_client.remove(&self.client);
                }
            }
        }
    }
}

/// What a stream holds while it is open.
struct Open {
    app: App,
    link: Link,
    one: watch::Receiver<u64>,
    all: watch::Receiver<u64>,
    end: std::pin::Pin<Box<tokio::time::Sleep>>,
    stop: watch::Receiver<bool>,
    first: bool,
    _permit: StreamPermit,
    _carried: super::door::Mark,
    /// Last, so that it is dropped after the news it forgets.
    _leaving: Leaving,
}

/// Drops a game's news when its last page leaves.
struct Leaving {
    web: Arc<super::Web>,
    game: i64,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        self.web.following.left(self.game);
    }
}

/// `lifetime`, give or take a fifth.
fn about(lifetime: Duration) -> Duration {
    use rand::TryRngCore as _;
    let spread = rand::rngs::OsRng
        .try_next_u32()
        .map_or(0.5, |n| f64::from(n) / f64::from(u32::MAX));
    lifetime.mul_f64(0.8 + 0.4 * spread)
}

/// A refusal with when to try again.
fn again(status: StatusCode, after: &'static str, mut response: Response) -> Response {
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static(after));
    response
}

/// What a live stream of either kind holds while it is open: its room
/// among the streams, its connection marked as carrying it, and its game's
/// news.
struct Admitted {
    link: Link,
    one: watch::Receiver<u64>,
    all: watch::Receiver<u64>,
    permit: StreamPermit,
    carried: super::door::Mark,
    leaving: Leaving,
}

/// Lets a live stream of the game a link opens in, or answers why not: the
/// link refused, the client over its rate, too many streams open (the
/// client's own: 429; all: 503, each with when to try again).
async fn admit(
    app: &App,
    token: &str,
    headers: &HeaderMap,
    visitor: &Visitor,
) -> Result<Admitted, Response> {
    let opened = app.open(token, headers, false).await?;
    let lang = &opened.lang;
    let Some(game) = opened.link.game() else {
        return Err(problem(
            StatusCode::NOT_FOUND,
            lang,
            crate::lang::Text::msg("web-link-unknown"),
        ));
    };
    if let Some(r) = app.charge(visitor, Cost::Request, lang) {
        return Err(r);
    }
    let permit = match app.web.streams.open(visitor.client) {
        Ok(permit) => permit,
        Err(TooMany::Client) => {
            return Err(again(
                StatusCode::TOO_MANY_REQUESTS,
                "10",
                problem(
                    StatusCode::TOO_MANY_REQUESTS,
                    lang,
                    crate::lang::Text::msg("web-too-fast"),
                ),
            ))
        }
        Err(TooMany::All) => {
            return Err(again(
                StatusCode::SERVICE_UNAVAILABLE,
                "10",
                problem(
                    StatusCode::SERVICE_UNAVAILABLE,
                    lang,
                    crate::lang::Text::msg("web-busy"),
                ),
            ))
        }
    };
    let (one, all) = app.web.following.watch(game);
    Ok(Admitted {
        link: opened.link,
        one,
        all,
        permit,
        carried: visitor.conn.streaming(),
        leaving: Leaving {
            web: app.web.clone(),
            game,
        },
    })
}

/// The game's moves as they happen: an event `moved` each time the game
/// may have moved, until the page closes, the stream's time is up, its
/// link is revoked or the server stops.
pub(super) async fn live(
    State(app): State<App>,
    Path(token): Path<String>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let admitted = match admit(&app, &token, &headers, &visitor).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let bounds = &app.web.door.bounds;
    let open = Open {
        app: app.clone(),
        link: admitted.link,
        one: admitted.one,
        all: admitted.all,
        end: Box::pin(tokio::time::sleep(about(bounds.stream_lifetime))),
        stop: app.stop.clone(),
        first: true,
        _permit: admitted.permit,
        _carried: admitted.carried,
        _leaving: admitted.leaving,
    };
    let keep_alive = KeepAlive::new().interval(bounds.stream_keep_alive);
    let events = futures_util::stream::unfold(open, |mut open| async move {
        if open.first {
            open.first = false;
            let retry = Event::default().retry(RETRY);
            return Some((Ok::<Event, std::convert::Infallible>(retry), open));
        }
        let told = tokio::select! {
            changed = open.one.changed() => changed.is_ok(),
            changed = open.all.changed() => changed.is_ok(),
            () = &mut open.end => false,
            () = stopped(&mut open.stop) => false,
        };
        if !told || !open.app.still_current(&open.link).await {
            return None;
        }
        Some((Ok(Event::default().event("moved").data("")), open))
    });
    Sse::new(events).keep_alive(keep_alive).into_response()
}

/// The largest message a page may send on its WebSocket: it sends none
/// (what it sends is read and dropped).
const MOST_FROM_PAGE: usize = 1024;

/// Why a WebSocket closed, as the page reads it: its time was up (open
/// another at once), the server stops, or the link no longer opens.
pub(super) const CLOSE_AGAIN: u16 = 4000;
pub(super) const CLOSE_GONE: u16 = 4004;

/// The same news over a WebSocket (`GET /g/<link>/ws`): a text message
/// `moved` each time the game may have moved, pings to keep it open, and a
/// close when its time is up ([`CLOSE_AGAIN`]), the link no longer opens
/// ([`CLOSE_GONE`]) or the server stops (1001). Bounded as the streams are.
pub(super) async fn socket(
    State(app): State<App>,
    Path(token): Path<String>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(refused) => return refused.into_response(),
    };
    let admitted = match admit(&app, &token, &headers, &visitor).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    upgrade
        .max_message_size(MOST_FROM_PAGE)
        .max_frame_size(MOST_FROM_PAGE)
        .on_upgrade(move |socket| carry(app, socket, admitted))
}

/// Carries a game's news on an open WebSocket until it ends.
async fn carry(app: App, mut socket: WebSocket, admitted: Admitted) {
    let Admitted {
        link,
        mut one,
        mut all,
        permit,
        carried,
        leaving,
        ..
    } = admitted;
    let bounds = &app.web.door.bounds;
    let end = tokio::time::sleep(about(bounds.stream_lifetime));
    tokio::pin!(end);
    let mut ping = tokio::time::interval_at(
        tokio::time::Instant::now() + bounds.stream_keep_alive,
        bounds.stream_keep_alive,
    );
    let mut stop = app.stop.clone();
    let close = loop {
        let told = tokio::select! {
            changed = one.changed() => changed.is_ok(),
            changed = all.changed() => changed.is_ok(),
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new())).await.is_err() {
                    break None;
                }
                continue;
            }
            read = socket.recv() => match read {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                Some(Ok(_)) => continue,
            },
            () = &mut end => break Some((CLOSE_AGAIN, "again")),
            () = stopped(&mut stop) => break Some((1001, "stopping")),
        };
        if !told {
            break Some((CLOSE_AGAIN, "again"));
        }
        if !app.still_current(&link).await {
            break Some((CLOSE_GONE, "gone"));
        }
        if socket.send(Message::Text("moved".into())).await.is_err() {
            break None;
        }
    };
    if let Some((code, reason)) = close {
        let frame = axum::extract::ws::CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            socket.send(Message::Close(Some(frame))),
        )
        .await;
    }
    // The room and the mark given back, then the news forgotten.
    drop(permit);
    drop(carried);
    drop(leaving);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_counted_per_client_and_in_all() {
        let streams = Arc::new(Streams::new(3, 2));
        let a = IpAddr::from([192, 0, 2, 1]);
        let b = IpAddr::from([192, 0, 2, 2]);
        let first = streams.open(a).ok().expect("room");
        let _second = streams.open(a).ok().expect("room");
        assert!(matches!(streams.open(a), Err(TooMany::Client)));
        let _third = streams.open(b).ok().expect("room");
        assert!(matches!(streams.open(b), Err(TooMany::All)));
        drop(first);
        assert!(streams.open(b).is_ok(), "room again");
        assert_eq!(streams.figures().3, 2);
    }

    #[test]
    fn a_stream_lasts_about_its_lifetime() {
        for _ in 0..100 {
            let d = about(Duration::from_secs(100));
            assert!(
                d >= Duration::from_secs(80) && d <= Duration::from_secs(120),
                "{d:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_pages_of_a_game_are_told_and_others_not() {
        let following = Following::default();
        let (mut one, _) = following.watch(1);
        let (mut two, all) = following.watch(2);
        following.tell(Some(1));
        assert!(one.has_changed().expect("open"));
        assert!(!two.has_changed().expect("open"));
        following.tell(None);
        assert!(all.has_changed().expect("open"));
        one.mark_unchanged();
        drop(one);
        following.left(1);
        assert!(following.games.lock().expect("lock").get(&1).is_none());
        two.mark_unchanged();
        assert!(following.games.lock().expect("lock").get(&2).is_some());
    }
}
