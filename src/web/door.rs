//! The door the pages are served through: accepting connections, bounded
//! so that no client, and no crowd of clients, can take the process's
//! file descriptors, memory or time from the others (and from the
//! database and Discord, which share the process).
//!
//! - **At most [`Bounds::connections`] open**, derived from the process's
//!   file limit (which the composition root raises to its hard limit at
//!   start) less a reserve for the database, Discord and the log, and
//!   never more than [`MOST_CONNECTIONS`] (memory). A client (`client.rs`;
//!   a trusted proxy is exempt) holds at most
//!   [`Bounds::connections_per_client`]. When all are taken, the
//!   connection that has waited longest with nothing asked of it (no
//!   request being answered, no live page) is closed for the new one; when
//!   none waits, the new one is refused. A refused connection is told 503
//!   and closed at once, so the listening queue never fills: a second
//!   client's page still opens while idle connections flood in.
//! - **Time-bounded:** the head of each request must arrive within
//!   [`Bounds::header_timeout`] of the connection starting to wait for it
//!   (hyper's header-read timeout, which also closes a kept-alive
//!   connection left idle that long), a request's body within
//!   [`Bounds::body_timeout`] (it is read whole, at most 2 KB, before the
//!   request is answered, so no handler waits on a client), an answer
//!   within [`Bounds::answer_timeout`]; a connection on which no byte
//!   moves for [`Bounds::idle_timeout`] while nothing is being answered
//!   (a reader that stopped reading) is closed.
//! - **Accept errors** (no descriptor left, no memory) are logged, at most
//!   once every 10 s with how many there were, and waited out with a
//!   doubling pause (10 ms to 1 s) instead of being retried at once; an
//!   idle connection is closed to free a descriptor.
//!
//! Every request is handed to the pages' router with who it comes from
//! ([`Visitor`]): its client and its connection.

use super::client::{self, Net};
use super::pages::{browser_lang, problem};
use super::watched::Watched;
use crate::lang::{Lang, Text};
use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use http_body_util::BodyExt as _;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::{BTreeSet, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::time::Instant;

/// File descriptors kept for the rest of the process (the database's
/// connections and files, Discord's gateway and requests, the log, the
/// fonts), at least: an eighth of the limit when that is more.
pub const RESERVED_FILES: u64 = 128;
/// Connections open at most, whatever the file limit: each costs some
/// tens of kilobytes.
pub const MOST_CONNECTIONS: usize = 4096;
/// Connections an eviction may still be closing beyond the bound.
const CLOSING_SLACK: usize = 64;

/// The largest request body read (a move's form is a few dozen bytes).
pub(super) const MAX_BODY: usize = 2048;

/// How much the pages let in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounds {
    /// Connections open at most.
    pub connections: usize,
    /// Connections open at most from one client (a trusted proxy excepted).
    pub connections_per_client: usize,
    /// How long a request's head may take to arrive, counted from when
    /// the connection starts waiting for it (so also how long a connection
    /// is kept alive between requests).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive.
    pub body_timeout: Duration,
    /// How long an answer may take to start.
    pub answer_timeout: Duration,
    /// How long a connection may go without a byte moving while nothing
    /// is being answered.
    pub idle_timeout: Duration,
    /// Live pages (`/live` streams) open at most.
    pub streams: usize,
    /// Live pages open at most from one client.
    pub streams_per_client: usize,
    /// How long a live page's stream lasts before the page opens another
    /// (give or take a fifth, so that pages opened together do not come
    /// back together).
    pub stream_lifetime: Duration,
    /// How often a quiet stream says it is alive.
    pub stream_keep_alive: Duration,
    /// Bytes of pictures kept ready.
    pub picture_bytes: usize,
    /// Bytes of watched games' pages kept ready.
    pub page_bytes: usize,
}

impl Bounds {
    /// The bounds for a process that may open `files` file descriptors.
    pub fn for_file_limit(files: u64) -> Bounds {
        let reserve = RESERVED_FILES.max(files / 8);
        let usable = if files > 2 * reserve {
            files - reserve
        } else {
            files / 2
        };
        let connections = usize::try_from(usable)
            .unwrap_or(usize::MAX)
            .clamp(8, MOST_CONNECTIONS);
        Bounds {
            connections,
            connections_per_client: 64.min(connections / 2).max(2),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            answer_timeout: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(30),
            streams: connections / 2,
            streams_per_client: 16,
            stream_lifetime: Duration::from_secs(600),
            stream_keep_alive: Duration::from_secs(15),
            picture_bytes: 32 << 20,
            page_bytes: 8 << 20,
        }
    }

    /// The bounds for this process's file limit as it is now.
    pub fn from_process() -> Bounds {
        Bounds::for_file_limit(file_limit().unwrap_or(1024))
    }
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds::from_process()
    }
}

/// The file descriptors this process may open now (its soft limit).
pub fn file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            return Some(if limit.rlim_cur == libc::RLIM_INFINITY {
                u64::MAX
            } else {
                limit.rlim_cur
            });
        }
    }
    None
}

/// What the door has let in and kept out since it opened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DoorFigures {
    /// Connections open now, and the most at once.
    pub open: usize,
    pub most_open: usize,
    pub accepted: u64,
    /// Closed to make room for a new one.
    pub evicted: u64,
    /// Refused: all taken and none idle, or the client's own taken.
    pub refused: u64,
    /// Closed for moving no byte for the idle timeout.
    pub idle_closed: u64,
    /// Closed for a request head that did not arrive in time.
    pub header_timeouts: u64,
    /// Requests whose body did not arrive in time.
    pub body_timeouts: u64,
    /// Failures to accept (no descriptor left...).
    pub accept_errors: u64,
}

#[derive(Default)]
struct Counters {
    accepted: AtomicU64,
    evicted: AtomicU64,
    refused: AtomicU64,
    idle_closed: AtomicU64,
    header_timeouts: AtomicU64,
    body_timeouts: AtomicU64,
    accept_errors: AtomicU64,
    most_open: AtomicUsize,
}

/// One connection, as the door keeps it.
struct Entry {
    client: Option<IpAddr>,
    /// Requests being answered on it.
    working: u32,
    /// Live streams it carries.
    streams: u32,
    /// When it last started waiting with nothing asked of it.
    since: u64,
    /// Closed for a newcomer, closing now.
    evicted: bool,
    close: Arc<Notify>,
    /// Told when its last live stream ends (an upgraded connection's
    /// WebSocket: the connection is counted until then).
    calm: Arc<Notify>,
}

impl Entry {
    fn quiet(&self) -> bool {
        self.working == 0 && self.streams == 0
    }
}

#[derive(Default)]
struct Table {
    next: u64,
    entries: HashMap<u64, Entry>,
    per_client: HashMap<IpAddr, usize>,
    /// The quiet connections (nothing asked of them), longest waiting
    /// first: (since, id).
    quiet: BTreeSet<(u64, u64)>,
    /// Evicted, still closing.
    closing: usize,
    tick: u64,
}

/// The door: its bounds, the trusted proxies, the connections.
pub(super) struct Door {
    pub(super) bounds: Bounds,
    trusted: Vec<Net>,
    table: Mutex<Table>,
    counters: Counters,
    start: Instant,
}

/// Why a connection was not let in.
enum Refused {
    Full,
    Client,
}

impl Door {
    pub(super) fn new(bounds: Bounds, trusted: Vec<Net>) -> Door {
        Door {
            bounds,
            trusted,
            table: Mutex::default(),
            counters: Counters::default(),
            start: Instant::now(),
        }
    }

    /// Milliseconds since the door opened.
    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    pub(super) fn figures(&self) -> DoorFigures {
        let c = &self.counters;
        DoorFigures {
            open: self.table.lock().map_or(0, |t| t.entries.len()),
            most_open: c.most_open.load(Ordering::Relaxed),
            accepted: c.accepted.load(Ordering::Relaxed),
            evicted: c.evicted.load(Ordering::Relaxed),
            refused: c.refused.load(Ordering::Relaxed),
            idle_closed: c.idle_closed.load(Ordering::Relaxed),
            header_timeouts: c.header_timeouts.load(Ordering::Relaxed),
            body_timeouts: c.body_timeouts.load(Ordering::Relaxed),
            accept_errors: c.accept_errors.load(Ordering::Relaxed),
        }
    }

    /// The client a request from `peer` with `headers` comes from.
    pub(super) fn client_of(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        client::client_of(peer, headers, &self.trusted)
    }

    /// Lets a connection from `peer` in, closing the longest quiet one when
    /// all are taken; or says why not.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Admitted, Refused> {
        let Ok(mut table) = self.table.lock() else {
            return Err(Refused::Full);
        };
        let table = &mut *table;
        let client = (!client::is_trusted(peer, &self.trusted)).then(|| client::client_key(peer));
        if let Some(c) = client {
            if table.per_client.get(&c).copied().unwrap_or(0) >= self.bounds.connections_per_client
            {
                return Err(Refused::Client);
            }
        }
        let open = table.entries.len();
        if open >= self.bounds.connections {
            if table.closing >= CLOSING_SLACK || open >= self.bounds.connections + CLOSING_SLACK {
                return Err(Refused::Full);
            }
            if !self.evict(table) {
                return Err(Refused::Full);
            }
        }
        table.next += 1;
        table.tick += 1;
        let id = table.next;
        let close = Arc::new(Notify::new());
        let calm = Arc::new(Notify::new());
        table.entries.insert(
            id,
            Entry {
                client,
                working: 0,
                streams: 0,
                since: table.tick,
                evicted: false,
                close: close.clone(),
                calm: calm.clone(),
            },
        );
        table.quiet.insert((table.tick, id));
        if let Some(c) = client {
            *table.per_client.entry(c).or_default() += 1;
        }
        self.counters
            .most_open
            .fetch_max(table.entries.len(), Ordering::Relaxed);
        Ok(Admitted(ConnHandle {
            id,
            door: self.clone(),
            close,
            calm,
            activity: Arc::new(AtomicU64::new(self.now())),
        }))
    }

    /// Closes the longest quiet connection (to free a descriptor).
    fn evict_one(&self) {
        if let Ok(mut table) = self.table.lock() {
            self.evict(&mut table);
        }
    }

    /// Closes the longest quiet connection of `table`, if there is one.
    fn evict(&self, table: &mut Table) -> bool {
        let Some((_, oldest)) = table.quiet.pop_first() else {
            return false;
        };
        if let Some(entry) = table.entries.get_mut(&oldest) {
            entry.evicted = true;
            entry.close.notify_one();
            table.closing += 1;
            self.counters.evicted.fetch_add(1, Ordering::Relaxed);
        }
        true
    }

    /// Something is asked of connection `id` (`stream`: a live stream), or
    /// no longer (`by` -1).
    fn mark(&self, id: u64, stream: bool, by: i32) {
        let Ok(mut table) = self.table.lock() else {
            return;
        };
        let table = &mut *table;
        table.tick += 1;
        let tick = table.tick;
        let Some(entry) = table.entries.get_mut(&id) else {
            return;
        };
        let was_quiet = entry.quiet();
        let count = if stream {
            &mut entry.streams
        } else {
            &mut entry.working
        };
        *count = count.saturating_add_signed(by);
        if stream && entry.streams == 0 {
            entry.calm.notify_one();
        }
        match (was_quiet, entry.quiet()) {
            _ if entry.evicted => {}
            (true, false) => {
                table.quiet.remove(&(entry.since, id));
            }
            (false, true) => {
                entry.since = tick;
                table.quiet.insert((tick, id));
            }
            _ => {}
        }
    }

    /// Connection `id` closed.
    fn release(&self, id: u64) {
        let Ok(mut table) = self.table.lock() else {
            return;
        };
        let table = &mut *table;
        if let Some(entry) = table.entries.remove(&id) {
            if entry.evicted {
                table.closing = table.closing.saturating_sub(1);
            } else {
                table.quiet.remove(&(entry.since, id));
            }
            if let Some(c) = entry.client {
                if let Some(n) = table.per_client.get_mut(&c) {
                    *n -= 1;
                    if *n == 0 {
                        table.per_client.remove(&c);
                    }
                }
            }
        }
    }

    /// Whether connection `id` carries a live stream now.
    fn streaming_now(&self, id: u64) -> bool {
        self.table
            .lock()
            .ok()
            .and_then(|t| t.entries.get(&id).map(|e| e.streams > 0))
            .unwrap_or(false)
    }

    /// Whether connection `id` is answering nothing now.
    fn is_quiet(&self, id: u64) -> bool {
        self.table
            .lock()
            .ok()
            .and_then(|t| t.entries.get(&id).map(|e| e.working == 0))
            .unwrap_or(true)
    }
}

/// A connection let in; dropped when it closes.
struct Admitted(ConnHandle);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.door.release(self.0.id);
    }
}

/// A connection, as a request sees it.
#[derive(Clone)]
pub(super) struct ConnHandle {
    id: u64,
    door: Arc<Door>,
    close: Arc<Notify>,
    calm: Arc<Notify>,
    /// When a byte last moved (the door's milliseconds).
    activity: Arc<AtomicU64>,
}

impl ConnHandle {
    /// Marks the connection as carrying a live stream until the mark is
    /// dropped: it is not closed for a newcomer meanwhile.
    pub(super) fn streaming(&self) -> Mark {
        self.door.mark(self.id, true, 1);
        Mark {
            conn: self.clone(),
            stream: true,
        }
    }

    fn working(&self) -> Mark {
        self.door.mark(self.id, false, 1);
        Mark {
            conn: self.clone(),
            stream: false,
        }
    }
}

/// Something asked of a connection, until dropped.
pub(super) struct Mark {
    conn: ConnHandle,
    stream: bool,
}

impl Drop for Mark {
    fn drop(&mut self) {
        self.conn.door.mark(self.conn.id, self.stream, -1);
    }
}

/// Who a request comes from.
#[derive(Clone)]
pub(super) struct Visitor {
    /// Its client (`client.rs`).
    pub(super) client: IpAddr,
    pub(super) conn: ConnHandle,
}

/// Waits until `stop` turns true (or its sender goes).
pub(super) async fn stopped(stop: &mut watch::Receiver<bool>) {
    while !*stop.borrow() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// Accept errors, said at most once every 10 s.
struct AcceptTrouble {
    said: Option<Instant>,
    unsaid: u64,
    pause: Duration,
}

impl AcceptTrouble {
    /// Notes `e`, says it when due, and how long to pause now.
    fn note(&mut self, e: &std::io::Error) -> Duration {
        self.unsaid += 1;
        let due = self
            .said
            .is_none_or(|at| at.elapsed() >= Duration::from_secs(10));
        if due {
            tracing::warn!(
                "cannot accept connections to the web pages: {e} ({} time(s) since last said); \
                 pausing accepts, and closing an idle connection",
                self.unsaid
            );
            self.said = Some(Instant::now());
            self.unsaid = 0;
        }
        self.pause = (self.pause * 2).clamp(Duration::from_millis(10), Duration::from_secs(1));
        self.pause
    }
}

/// Whether an accept error is the connection's own (it went before being
/// accepted), not the process's: then the next is accepted at once.
fn connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset | Interrupted
    )
}

/// Serves `router` on `listener` through `door` until `stop` turns true,
/// each move told by `moves` handed to `heard` on the way (the pages'
/// news). Then the connections are asked to finish what they answer, and
/// closed after 5 s at most.
pub(super) async fn serve(
    door: Arc<Door>,
    router: Router,
    listener: TcpListener,
    stop: watch::Receiver<bool>,
    mut moves: tokio::sync::broadcast::Receiver<i64>,
    heard: impl Fn(Option<i64>),
) -> anyhow::Result<()> {
    let mut connections = tokio::task::JoinSet::new();
    let mut trouble = AcceptTrouble {
        said: None,
        unsaid: 0,
        pause: Duration::ZERO,
    };
    let mut full_said: Option<Instant> = None;
    let mut stopping = stop.clone();
    let mut hearing = true;
    loop {
        tokio::select! {
            biased;
            () = stopped(&mut stopping) => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            told = moves.recv(), if hearing => match told {
                Ok(game) => heard(Some(game)),
                // Fell behind: every page looks again.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => heard(None),
                Err(tokio::sync::broadcast::error::RecvError::Closed) => hearing = false,
            },
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    trouble.pause = Duration::ZERO;
                    door.counters.accepted.fetch_add(1, Ordering::Relaxed);
                    match door.admit(peer.ip()) {
                        Ok(admitted) => {
                            let router = router.clone();
                            let stop = stop.clone();
                            connections.spawn(connection(stream, peer, admitted, router, stop));
                        }
                        Err(why) => {
                            door.counters.refused.fetch_add(1, Ordering::Relaxed);
                            if matches!(why, Refused::Full)
                                && full_said.is_none_or(|at| at.elapsed() >= Duration::from_secs(60))
                            {
                                tracing::warn!(
                                    "the web pages hold their most connections ({}), none idle: refusing new ones",
                                    door.bounds.connections
                                );
                                full_said = Some(Instant::now());
                            }
                            refuse(&stream);
                        }
                    }
                }
                Err(e) if connection_error(&e) => {}
                Err(e) => {
                    door.counters.accept_errors.fetch_add(1, Ordering::Relaxed);
                    let pause = trouble.note(&e);
                    door.evict_one();
                    tokio::select! {
                        () = tokio::time::sleep(pause) => {}
                        () = stopped(&mut stopping) => break,
                    }
                }
            },
        }
    }
    drop(listener);
    let grace = tokio::time::sleep(Duration::from_secs(5));
    tokio::pin!(grace);
    loop {
        tokio::select! {
            next = connections.join_next() => if next.is_none() { break },
            () = &mut grace => {
                connections.abort_all();
                break;
            }
        }
    }
    Ok(())
}

/// Tells a refused connection 503, if its buffer takes it at once, and
/// closes it.
fn refuse(stream: &TcpStream) {
    let _ = stream.try_write(
        b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
}

/// One connection, answered until it closes, is evicted, idles out, or the
/// server stops (then it finishes what it answers).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    admitted: Admitted,
    router: Router,
    mut stop: watch::Receiver<bool>,
) {
    let handle = admitted.0.clone();
    let door = handle.door.clone();
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Watched {
        io: stream,
        activity: handle.activity.clone(),
        start: door.start,
    });
    let visitor_conn = handle.clone();
    let service = hyper::service::service_fn(move |req: Request<Incoming>| {
        answer(router.clone(), visitor_conn.clone(), peer, req)
    });
    // Boxed, to be dropped before waiting on a WebSocket below: a finished
    // connection that may upgrade keeps its last answer's body (a live
    // stream's, with its mark) until it is dropped.
    let mut conn = Box::pin(
        hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(door.bounds.header_timeout)
            .serve_connection(io, service)
            .with_upgrades(),
    );
    let mut stopping = false;
    loop {
        tokio::select! {
            served = conn.as_mut() => {
                if let Err(e) = served {
                    if e.is_timeout() {
                        door.counters.header_timeouts.fetch_add(1, Ordering::Relaxed);
                    }
                    tracing::debug!("a web connection ended: {e}");
                }
                break;
            }
            () = handle.close.notified() => break,
            () = idled(&handle) => {
                door.counters.idle_closed.fetch_add(1, Ordering::Relaxed);
                break;
            }
            () = stopped(&mut stop), if !stopping => {
                conn.as_mut().graceful_shutdown();
                stopping = true;
            }
        }
    }
    drop(conn);
    // Upgraded to a WebSocket (the Activity's live updates): the connection
    // is counted, and its client's share held, until the socket ends (it
    // ends by itself when the server stops, or at its lifetime).
    while handle.door.streaming_now(handle.id) {
        tokio::select! {
            () = handle.calm.notified() => {}
            () = handle.close.notified() => break,
        }
    }
    drop(admitted);
}

/// Returns once no byte has moved on the connection for the idle timeout
/// while it answers nothing.
async fn idled(handle: &ConnHandle) {
    let idle = u64::try_from(handle.door.bounds.idle_timeout.as_millis()).unwrap_or(u64::MAX);
    loop {
        let last = handle.activity.load(Ordering::Relaxed);
        let now = handle.door.now();
        let quiet_for = now.saturating_sub(last);
        if quiet_for >= idle && handle.door.is_quiet(handle.id) {
            return;
        }
        let wait = if quiet_for >= idle {
            idle
        } else {
            idle - quiet_for
        };
        tokio::time::sleep(Duration::from_millis(wait.max(1))).await;
    }
}

/// One request: its body read whole first (in time, and not too large),
/// then answered by the router in time, knowing who asks.
async fn answer(
    mut router: Router,
    conn: ConnHandle,
    peer: SocketAddr,
    req: Request<Incoming>,
) -> Result<Response, std::convert::Infallible> {
    let _working = conn.working();
    let door = conn.door.clone();
    let (mut parts, body) = req.into_parts();
    let lang = browser_lang(&parts.headers).map_or_else(Lang::english, |l| Lang::for_locale(&l));
    let client = door.client_of(peer.ip(), &parts.headers);
    let limited = http_body_util::Limited::new(body, MAX_BODY);
    let body = match tokio::time::timeout(door.bounds.body_timeout, limited.collect()).await {
        Ok(Ok(collected)) => Body::from(collected.to_bytes()),
        Ok(Err(e)) => {
            let too_large = e
                .downcast_ref::<http_body_util::LengthLimitError>()
                .is_some();
            let status = if too_large {
                StatusCode::PAYLOAD_TOO_LARGE
            } else {
                StatusCode::BAD_REQUEST
            };
            return Ok(problem(status, &lang, Text::msg("web-not-a-move")));
        }
        Err(_) => {
            door.counters.body_timeouts.fetch_add(1, Ordering::Relaxed);
            let mut r = problem(StatusCode::REQUEST_TIMEOUT, &lang, Text::msg("web-trouble"));
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return Ok(r);
        }
    };
    parts.extensions.insert(Visitor {
        client,
        conn: conn.clone(),
    });
    let req = Request::from_parts(parts, body);
    let answered = tokio::time::timeout(
        door.bounds.answer_timeout,
        tower_service::Service::call(&mut router, req),
    )
    .await;
    Ok(match answered {
        Ok(Ok(response)) => response,
        Ok(Err(never)) => match never {},
        Err(_) => {
            tracing::warn!(
                "a web page took longer than {:?} to answer",
                door.bounds.answer_timeout
            );
            let mut r = problem(
                StatusCode::SERVICE_UNAVAILABLE,
                &lang,
                Text::msg("web-trouble"),
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            r
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door(connections: usize, per_client: usize) -> Arc<Door> {
        let bounds = Bounds {
            connections,
            connections_per_client: per_client,
            ..Bounds::for_file_limit(1024)
        };
        Arc::new(Door::new(
            bounds,
            client::read_proxies("10.0.0.1").unwrap_or_default(),
        ))
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, last])
    }

    #[test]
    fn the_bounds_leave_room_for_the_rest_of_the_process() {
        let b = Bounds::for_file_limit(1024);
        assert_eq!(b.connections, 1024 - 128);
        assert_eq!(b.streams, b.connections / 2);
        assert_eq!(
            Bounds::for_file_limit(1 << 20).connections,
            MOST_CONNECTIONS
        );
        assert_eq!(Bounds::for_file_limit(200).connections, 100);
        assert!(Bounds::for_file_limit(0).connections >= 8);
    }

    #[test]
    fn a_full_door_closes_the_longest_idle_connection_and_never_a_busy_one() {
        let door = door(3, 10);
        let a = door.admit(ip(1)).ok().expect("in");
        let b = door.admit(ip(2)).ok().expect("in");
        let c = door.admit(ip(3)).ok().expect("in");
        // a answers a request, b carries a live stream: c is the one to go.
        let _working = a.0.working();
        let _streaming = b.0.streaming();
        let d = door.admit(ip(4)).ok().expect("in, c closed for it");
        assert_eq!(door.figures().evicted, 1);
        assert!(
            c.0.close.notified().now_or_never_ready(),
            "c is told to close"
        );
        assert!(!a.0.close.notified().now_or_never_ready());
        assert!(!b.0.close.notified().now_or_never_ready());
        drop(c);
        assert_eq!(door.figures().open, 3);
        // d idles: the next newcomer takes its place.
        let _e = door.admit(ip(5)).ok().expect("in, d closed for it");
        assert!(
            d.0.close.notified().now_or_never_ready(),
            "d is told to close"
        );
        drop(d);
        assert_eq!(door.figures().open, 3);
        assert_eq!(
            door.figures().most_open,
            4,
            "one closing beyond the bound at most"
        );
    }

    #[test]
    fn one_client_holds_its_share_and_a_trusted_proxy_more() {
        let door = door(100, 2);
        let held: Vec<Admitted> = (0..2).filter_map(|_| door.admit(ip(9)).ok()).collect();
        assert_eq!(held.len(), 2);
        assert!(door.admit(ip(9)).is_err(), "a third from the same client");
        assert!(door.admit(ip(10)).is_ok(), "another client");
        let proxy = IpAddr::from([10, 0, 0, 1]);
        let behind: Vec<Admitted> = (0..10).filter_map(|_| door.admit(proxy).ok()).collect();
        assert_eq!(behind.len(), 10);
        drop(held);
        assert!(door.admit(ip(9)).is_ok(), "released");
    }

    #[test]
    fn a_full_door_with_none_idle_refuses() {
        let door = door(2, 10);
        let a = door.admit(ip(1)).ok().expect("in");
        let b = door.admit(ip(2)).ok().expect("in");
        let _wa = a.0.working();
        let _wb = b.0.streaming();
        assert!(matches!(door.admit(ip(3)), Err(Refused::Full)));
        assert_eq!(door.figures().refused, 0, "counted by the accept loop");
    }

    trait ReadyNow {
        fn now_or_never_ready(self) -> bool;
    }

    impl<F: std::future::Future<Output = ()>> ReadyNow for F {
        fn now_or_never_ready(self) -> bool {
            use futures_util::FutureExt as _;
            self.now_or_never().is_some()
        }
    }
}
