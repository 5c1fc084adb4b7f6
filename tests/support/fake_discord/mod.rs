//! A fake Discord (REST + WebSocket gateway) on 127.0.0.1 for tests, as
//! strict as the real one.
//!
//! The bot reaches it in one of two ways:
//! - as `discord.com` itself over HTTPS ([`FakeDiscord::tls_addr`] and the
//!   authority [`FakeDiscord::ca_pem`], given to the bot as
//!   `DiscordConfig::discord_at`): the same URLs as on Discord, serenity's
//!   own rate limiter on. The tests' `Table` starts the bot this way;
//! - as a proxy ([`FakeDiscord::base_url`], `DISCORD_API_BASE`): serenity
//!   sends every call there with its rate limiter off (a real proxy limits).
//!
//! Every request is checked before it is answered ([`strict`]): against
//! Discord's own description of its API and its documented limits, and
//! against the rules of the moment (an interaction answered once and within
//! 3 seconds, its token used within 15 minutes, the bot's permissions in a
//! channel, rate limits: [`limits`]). A request that breaks a rule of the
//! API is answered as Discord answers it and kept as a *violation*: a fake
//! with violations fails the test when it is dropped, naming each rule. A
//! refusal a correct bot can meet (a late or repeated answer, a missing
//! permission, a channel gone, a rate limit) is answered the same way and
//! only counted ([`FakeDiscord::refusals`]).
//!
//! The fake also models who a message notifies ([`Notification`]): a
//! mention notifies only in a newly created, non-ephemeral message (never in
//! an edit, including the first answer to a deferred interaction, which
//! edits its placeholder), and only the users `allowed_mentions` lets
//! through; a direct message notifies its recipient.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

mod discord;
mod fixtures;
mod gateway;
pub mod limits;
pub mod strict;
mod tls;
pub use fixtures::*;

/// Application id, which is also the bot user's id (as on Discord).
pub const APP_ID: u64 = 1_000_000_000_000_000_001;
pub const BOT_NAME: &str = "fakebot";
/// Timestamp used in every fabricated object.
pub const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";
/// The permissions of members and of the bot in the tests' channels.
pub(crate) const PERMISSIONS: &str = "2248473465835073";
/// [`PERMISSIONS`] as a number.
pub const PERMISSIONS_BITS: u64 = 2_248_473_465_835_073;

/// Discord's window for the first answer to an interaction.
pub const CALLBACK_WINDOW: Duration = Duration::from_secs(3);
/// How long an interaction's token may be used.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// A file part (`files[n]`) of a multipart request.
#[derive(Clone, Debug)]
pub struct RecordedFile {
    pub field: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request the bot made, as the fake saw it.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// Path without the `/api/v10` prefix, e.g. `/interactions/1/tok/callback`.
    pub path: String,
    pub query: Option<String>,
    pub content_type: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub files: Vec<RecordedFile>,
    /// The status the fake answered with.
    pub status: u16,
    /// When the request arrived.
    pub at: Instant,
}

impl RecordedRequest {
    pub fn is(&self, method: &str, path: &str) -> bool {
        self.method.eq_ignore_ascii_case(method) && self.path == path
    }
    pub fn is_multipart(&self) -> bool {
        let ct = self.content_type.as_deref().unwrap_or_default();
        ct.starts_with("multipart/form-data")
    }
    /// Is this the callback (initial response) to `interaction` (an INTERACTION_CREATE `d`)?
    pub fn is_callback_for(&self, interaction: &Value) -> bool {
        self.method == "POST" && self.path == callback_path(interaction)
    }
    /// `json`, or `Value::Null` when there was none, for indexing.
    pub fn body(&self) -> &Value {
        self.json.as_ref().unwrap_or(&Value::Null)
    }
    /// Whether the query asks for `name=value`.
    pub fn asks(&self, name: &str, value: &str) -> bool {
        self.query
            .as_deref()
            .unwrap_or_default()
            .split('&')
            .any(|p| p == format!("{name}={value}"))
    }
}

/// `/interactions/{id}/{token}/callback` for an interaction payload.
pub fn callback_path(interaction: &Value) -> String {
    let id = interaction["id"].as_str().unwrap_or_default();
    let token = interaction["token"].as_str().unwrap_or_default();
    format!("/interactions/{id}/{token}/callback")
}

/// Someone a message notified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    /// The user notified.
    pub user: String,
    /// The message that notified them, and its channel.
    pub message: String,
    pub channel: String,
    /// A direct message (which notifies its recipient whatever it says).
    pub dm: bool,
}

/// What the fake knows of an interaction it sent.
#[derive(Clone, Debug)]
struct Sent {
    /// When it was sent (on the fake's clock: see `advance`).
    at: Instant,
    channel: String,
    /// The largest upload its answers may carry.
    upload_limit: usize,
    /// Answered (a callback was accepted).
    answered: bool,
    /// Answered with a deferral (type 5) whose placeholder no follow-up has
    /// replaced yet.
    placeholder: bool,
}

/// One shard's gateway session: its connection and what a RESUME needs.
#[derive(Default)]
struct Shard {
    gateway: Option<mpsc::UnboundedSender<String>>,
    seq: u64,
    /// The session READY named, while it may be resumed (an invalid
    /// session ends it).
    session: Option<String>,
    /// The session's latest dispatches (sequence number, frame), replayed
    /// to a RESUME that missed them.
    sent_frames: std::collections::VecDeque<(u64, String)>,
}

/// The shard Discord sends a dispatch on: its server's, `(guild_id >> 22) %
/// shards` (direct messages and events of no server on shard 0).
fn shard_of(d: &Value, total: u64) -> u64 {
    d["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| (g >> 22) % total.max(1))
}

#[derive(Default)]
struct Inner {
    /// Every REST request, with a flag set once `next_request` has returned it.
    log: Vec<(RecordedRequest, bool)>,
    /// The gateway's sessions, one a shard, by shard id.
    shards: std::collections::BTreeMap<u64, Shard>,
    /// How many shards the bot said it runs (IDENTIFY's `shard`); 0 until
    /// it says, which is one.
    shard_total: u64,
    /// The shard whose connection came last: what the tests' raw frames,
    /// drops, reconnects and invalidations go to.
    newest: u64,
    /// The shards `/gateway/bot` recommends (1 unless a test says).
    recommended_shards: u64,
    gateway_frames: Vec<Value>,
    /// How many dispatches RESUMEs replayed.
    replayed: usize,
    next_id: u64,
    stubs: HashMap<(String, String), (u16, Value)>,
    /// interaction token -> Message JSON of its original response
    originals: HashMap<String, Value>,
    /// interaction token -> what the fake knows of it
    sent: HashMap<String, Sent>,
    /// Every message the bot created, by id, as last edited.
    messages: Vec<Value>,
    /// interaction token -> ids of the messages its answers created, in order
    by_token: HashMap<String, Vec<String>>,
    /// (method, path) -> answers to give once each, before the usual one
    once: HashMap<(String, String), std::collections::VecDeque<Once>>,
    /// DM channel id -> its recipient
    dm_channels: HashMap<String, String>,
    /// (channel, nonce) -> the index in `messages` of the message it made
    nonces: HashMap<(String, String), usize>,
    /// Record requests without their bodies and files (see `keep_bodies`).
    lean: bool,
    /// (method, path) -> who waits for the next such request (see `watch`).
    watchers: HashMap<(String, String), tokio::sync::oneshot::Sender<RecordedRequest>>,
    /// The heartbeat interval HELLO announces, in ms (Discord's: 41250).
    heartbeat_ms: u64,
    /// When each heartbeat (op 1) arrived.
    heartbeats: Vec<Instant>,
    /// (method, path) of every request held open (`Once::Hang`) that the
    /// client gave up on, closing its connection.
    given_up: Vec<(String, String)>,
    /// How long every REST answer waits before it leaves (a network's round
    /// trip; zero by default).
    latency: Duration,
    /// The rules of Discord's API the bot's requests broke, in words.
    violations: Vec<String>,
    /// Refusals a correct bot can meet: (status, code, what).
    refusals: Vec<(u16, i64, String)>,
    /// Who was notified, in order.
    notifications: Vec<Notification>,
    /// How far the fake's clock is ahead of the real one (see `advance`).
    ahead: Duration,
    /// Discord's window for an interaction's first answer.
    callback_window: Duration,
    /// The bot's permissions by channel; a channel not listed has them all.
    permissions: HashMap<String, u64>,
    /// Channels that no longer exist.
    gone: HashSet<String>,
    limits: limits::Limits,
}

/// A one-time answer to a request.
#[derive(Clone, Debug)]
pub enum Once {
    /// Answer with this status and body instead (nothing is stored).
    Fail(u16, Value),
    /// Do what Discord does (store a message...), but answer with this
    /// status: the answer was lost on its way back.
    LoseAnswer(u16),
    /// Never answer: the request is recorded (with status 0) and held open
    /// until the client gives up on it (see `given_up`).
    Hang,
    /// Refuse it as a route's bucket does (429 with `retry_after`, the
    /// `Retry-After` and `X-RateLimit-*` headers, scope `user`), asking the
    /// client to wait this long; counted in [`FakeDiscord::refusals`].
    RateLimited(Duration),
}

struct Shared {
    port: u16,
    tls_port: u16,
    inner: Mutex<Inner>,
    log_len: watch::Sender<usize>,
    identifies: watch::Sender<u64>,
    /// How many RESUMEs (op 6) the gateway received.
    resumes: watch::Sender<u64>,
    /// How many held requests were given up on.
    given_up: watch::Sender<usize>,
}

impl Shared {
    fn url(&self, scheme: &str, path: &str) -> String {
        format!("{scheme}://127.0.0.1:{}{path}", self.port)
    }

    /// Sends a dispatch with the session's next sequence number, and keeps
    /// it for a RESUME: while the connection is down and the session may be
    /// resumed, it waits there, as on Discord.
    fn dispatch(&self, inner: &mut Inner, event: &str, d: Value) -> Result<()> {
        let shard = shard_of(&d, inner.shard_total);
        self.dispatch_to(inner, shard, event, d)
    }

    /// [`Shared::dispatch`] on the session of shard `id`.
    fn dispatch_to(&self, inner: &mut Inner, id: u64, event: &str, d: Value) -> Result<()> {
        let shard = inner.shards.entry(id).or_default();
        shard.seq += 1;
        let frame = json!({"op": 0, "s": shard.seq, "t": event, "d": d}).to_string();
        if shard.sent_frames.len() == gateway::REPLAY_FRAMES {
            shard.sent_frames.pop_front();
        }
        shard.sent_frames.push_back((shard.seq, frame.clone()));
        let Some(gateway) = shard.gateway.as_ref() else {
            return Err(anyhow!("no gateway connection for shard {id}"));
        };
        match gateway.send(frame) {
            Ok(()) => Ok(()),
            // Down, and the session may be resumed: it waits for the RESUME.
            Err(_) if shard.session.is_some() => Ok(()),
            Err(_) => Err(anyhow!("the gateway connection of shard {id} is closed")),
        }
    }
}

/// The running fake. Dropping it stops the servers, and fails the test if
/// the bot broke a rule of Discord's API.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    servers: Vec<tokio::task::JoinHandle<()>>,
    /// How long `wait_ready` and `next_request` wait.
    pub timeout: Duration,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for server in &self.servers {
            server.abort();
        }
        if std::thread::panicking() {
            return;
        }
        let violations = self.take_violations();
        assert!(
            violations.is_empty(),
            "the bot sent Discord requests it refuses:\n- {}",
            violations.join("\n- ")
        );
    }
}

impl FakeDiscord {
    /// Binds 127.0.0.1 on two free ports (plain HTTP and the gateway; HTTPS
    /// as discord.com) and serves until dropped.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let tls_listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind TLS");
        tls_listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let shared = Arc::new(Shared {
            port: listener.local_addr().expect("bound address").port(),
            tls_port: tls_listener.local_addr().expect("bound address").port(),
            inner: Mutex::new(Inner {
                next_id: 1_200_000_000_000_000_000,
                heartbeat_ms: 41_250,
                recommended_shards: 1,
                callback_window: CALLBACK_WINDOW,
                ..Inner::default()
            }),
            log_len: watch::channel(0).0,
            identifies: watch::channel(0).0,
            resumes: watch::channel(0).0,
            given_up: watch::channel(0).0,
        });
        let app = axum::Router::new()
            .route("/gw", axum::routing::get(gateway::upgrade))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(64 << 20))
            .with_state(shared.clone());
        // Without TCP_NODELAY a gateway frame can wait ~40 ms for a delayed ACK.
        let serve = axum::serve(listener, app.clone()).tcp_nodelay(true);
        let plain = tokio::spawn(async move { serve.await.expect("fake Discord server") });
        let secure = tokio::spawn(tls::serve(tls_listener, app));
        FakeDiscord {
            shared,
            servers: vec![plain, secure],
            timeout: Duration::from_secs(10),
        }
    }

    /// [`FakeDiscord::start`] on a thread of its own, with a runtime of its
    /// own, so that a benchmark can tell the fake's CPU time from the bot's;
    /// also returns that thread's id (for `/proc/self/task/<tid>/stat`).
    pub fn start_on_own_thread() -> (FakeDiscord, String) {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("fake-discord".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a runtime for the fake");
                let tid = std::fs::read_link("/proc/thread-self")
                    .ok()
                    .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                    .unwrap_or_default();
                runtime.block_on(async move {
                    let fake = FakeDiscord::start().await;
                    let _ = sender.send((fake, tid));
                    std::future::pending::<()>().await;
                });
            })
            .expect("the fake's thread starts");
        receiver.recv().expect("the fake starts")
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy` / `DISCORD_API_BASE`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.shared.port)
    }

    /// Where the fake answers as discord.com over HTTPS.
    pub fn tls_addr(&self) -> std::net::SocketAddr {
        std::net::SocketAddr::from(([127, 0, 0, 1], self.shared.tls_port))
    }

    /// The certificate authority that signed the fake's discord.com (PEM).
    pub fn ca_pem(&self) -> String {
        tls::identity().ca_pem.clone()
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.inner.lock().expect("fake state lock")
    }

    /// Waits until the bot has sent IDENTIFY and been answered with READY.
    pub async fn wait_ready(&self) -> Result<()> {
        self.wait_identified(0).await
    }

    /// How many times the bot has identified (IDENTIFY, op 2).
    pub fn identifies(&self) -> u64 {
        *self.shared.identifies.borrow()
    }

    /// Waits until the bot has identified more than `seen` times.
    pub async fn wait_identified(&self, seen: u64) -> Result<()> {
        let mut rx = self.shared.identifies.subscribe();
        let ready = tokio::time::timeout(self.timeout, rx.wait_for(|n| *n > seen)).await;
        match ready {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(_)) => bail!("fake stopped"),
            Err(_) => bail!("bot did not IDENTIFY within {:?}", self.timeout),
        }
    }

    /// How many times the bot has resumed its session (RESUME, op 6).
    pub fn resumes(&self) -> u64 {
        *self.shared.resumes.borrow()
    }

    /// How many dispatches RESUMEs replayed (sent while the bot was away).
    pub fn replayed(&self) -> usize {
        self.inner().replayed
    }

    /// Waits, up to `within`, until the bot has resumed its session more
    /// than `seen` times.
    pub async fn wait_resumed(&self, seen: u64, within: Duration) -> Result<()> {
        let mut rx = self.shared.resumes.subscribe();
        let resumed = tokio::time::timeout(within, rx.wait_for(|n| *n > seen)).await;
        match resumed {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(_)) => bail!("fake stopped"),
            Err(_) => bail!("the bot did not resume within {within:?}"),
        }
    }

    /// Sends a dispatch (`op` 0, next `s`) to the newest gateway connection.
    pub fn send_dispatch(&self, event: &str, d: Value) -> Result<()> {
        self.shared.dispatch(&mut self.inner(), event, d)
    }

    /// Sends `text` as it is, as a frame of the newest gateway connection:
    /// for frames that are not JSON.
    pub fn send_raw_frame(&self, text: &str) -> Result<()> {
        send_frame(&self.inner(), text.to_string())
    }

    /// Injects an INTERACTION_CREATE with `interaction` as `d`. Its window
    /// for a first answer and its token's lifetime start now.
    pub fn send_interaction(&self, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        know_interaction(&mut inner, interaction);
        self.shared
            .dispatch(&mut inner, "INTERACTION_CREATE", interaction.clone())
    }

    /// [`FakeDiscord::send_interaction`] on shard `shard`'s session, whatever
    /// the server: the same interaction delivered to two processes, as
    /// Discord may when two think they hold one shard.
    /// An interaction sent before keeps its window and its answers.
    pub fn send_interaction_on(&self, shard: u64, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        let known = interaction["token"]
            .as_str()
            .is_some_and(|token| inner.sent.contains_key(token));
        if !known {
            know_interaction(&mut inner, interaction);
        }
        self.shared
            .dispatch_to(&mut inner, shard, "INTERACTION_CREATE", interaction.clone())
    }

    /// The fake knows of `interaction` as if it had sent it (its window, its
    /// token's lifetime, its upload limit), without sending it: for a test
    /// that answers it with raw requests.
    pub fn know_interaction(&self, interaction: &Value) {
        know_interaction(&mut self.inner(), interaction);
    }

    /// From now on, answer `method path` (path without `/api/v10`) with `status` and `body`,
    /// e.g. `stub("GET", "/guilds/1", 200, guild)`. Stubs win over the built-in routes.
    pub fn stub(&self, method: &str, path: &str, status: u16, body: Value) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.inner().stubs.insert(key, (status, body));
    }

    /// Removes a stub: the route answers as Discord would again.
    pub fn unstub(&self, method: &str, path: &str) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.inner().stubs.remove(&key);
    }

    /// The next `method path` request gets `once` instead of the usual answer
    /// (queued: several calls answer several requests, in order).
    pub fn once(&self, method: &str, path: &str, once: Once) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.inner().once.entry(key).or_default().push_back(once);
    }

    /// Waits, up to `self.timeout`, until the client has given up on a held
    /// request (`Once::Hang`) to `method path`, closing its connection.
    pub async fn given_up(&self, method: &str, path: &str) -> Result<()> {
        let mut rx = self.shared.given_up.subscribe(); // before looking: no lost wake-ups
        let deadline = tokio::time::Instant::now() + self.timeout;
        let wanted = (method.to_ascii_uppercase(), path.to_string());
        loop {
            if self.inner().given_up.contains(&wanted) {
                return Ok(());
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => bail!("fake stopped"),
                Err(_) => bail!("{method} {path} still held after {:?}", self.timeout),
            }
        }
    }

    /// The earliest recorded request matching `pred` that no earlier call returned, waiting
    /// up to `self.timeout` for it. Every request is logged from the start, so calling this
    /// after injecting an event cannot miss the answer.
    pub async fn next_request(
        &self,
        pred: impl Fn(&RecordedRequest) -> bool,
    ) -> Result<RecordedRequest> {
        let mut rx = self.shared.log_len.subscribe(); // before looking: no lost wake-ups
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            {
                let mut inner = self.inner();
                if let Some((req, taken)) = inner.log.iter_mut().find(|(r, t)| !*t && pred(r)) {
                    *taken = true;
                    return Ok(req.clone());
                }
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => bail!("fake stopped"),
                Err(_) => {
                    let seen: Vec<String> = (self.requests().iter())
                        .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                        .collect();
                    bail!(
                        "no matching request in {:?}; recorded: {seen:#?}",
                        self.timeout
                    )
                }
            }
        }
    }

    /// The next `method path` request, delivered as soon as it is recorded:
    /// for many waiters at once, where `next_request` would scan the log for
    /// each. Register before the request can arrive.
    pub fn watch(
        &self,
        method: &str,
        path: &str,
    ) -> tokio::sync::oneshot::Receiver<RecordedRequest> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.inner().watchers.insert(key, tx);
        rx
    }

    /// The recipient of a DM channel the bot opened.
    pub fn dm_recipient(&self, channel: &str) -> Option<String> {
        self.inner().dm_channels.get(channel).cloned()
    }

    /// Messages the bot posted in a channel (not interaction answers).
    pub fn channel_messages(&self, channel: &str) -> Vec<Value> {
        self.messages()
            .into_iter()
            .filter(|m| m["channel_id"] == channel && m["webhook_id"].is_null())
            .collect()
    }

    /// Every message the bot created, as last edited, oldest first.
    pub fn messages(&self) -> Vec<Value> {
        self.inner().messages.clone()
    }

    /// A message by id, as last edited.
    pub fn message(&self, id: &str) -> Option<Value> {
        self.inner()
            .messages
            .iter()
            .find(|m| m["id"] == id)
            .cloned()
    }

    /// The messages the answers to one interaction created, in order.
    pub fn messages_of(&self, interaction: &Value) -> Vec<Value> {
        let token = interaction["token"].as_str().unwrap_or_default();
        let inner = self.inner();
        let ids = inner.by_token.get(token).cloned().unwrap_or_default();
        ids.iter()
            .filter_map(|id| inner.messages.iter().find(|m| m["id"] == *id).cloned())
            .collect()
    }

    /// Who has been notified so far, in order.
    pub fn notifications(&self) -> Vec<Notification> {
        self.inner().notifications.clone()
    }

    /// The notifications of one user.
    pub fn notified(&self, user: u64) -> Vec<Notification> {
        let user = user.to_string();
        self.notifications()
            .into_iter()
            .filter(|n| n.user == user)
            .collect()
    }

    /// The notifications made by the messages of one interaction's answers.
    pub fn notified_by(&self, interaction: &Value) -> Vec<Notification> {
        let ids: Vec<String> = self
            .messages_of(interaction)
            .iter()
            .filter_map(|m| m["id"].as_str().map(str::to_string))
            .collect();
        self.notifications()
            .into_iter()
            .filter(|n| ids.contains(&n.message))
            .collect()
    }

    /// Drops the gateway connection as Discord does now and then (close code
    /// 4000): the bot reconnects and resumes its session.
    pub fn drop_gateway(&self) -> Result<()> {
        let inner = self.inner();
        let gateway = inner
            .shards
            .get(&inner.newest)
            .and_then(|s| s.gateway.as_ref())
            .ok_or_else(|| anyhow!("no gateway session"))?;
        gateway
            .send(gateway::DROP_GATEWAY.to_string())
            .map_err(|_| anyhow::anyhow!("the gateway session has ended"))
    }

    /// Asks the bot to reconnect and resume (op 7).
    pub fn request_reconnect(&self) -> Result<()> {
        gateway::reconnect(&self.shared)
    }

    /// Ends the bot's session for good (op 9, not resumable): it must
    /// identify again.
    pub fn invalidate_session(&self) -> Result<()> {
        gateway::invalidate(&self.shared)
    }

    /// How many shards `/gateway/bot` recommends from now on.
    pub fn set_recommended_shards(&self, shards: u64) {
        self.inner().recommended_shards = shards;
    }

    /// The heartbeat interval the next gateway session is told (HELLO).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.inner().heartbeat_ms = ms;
    }

    /// When each heartbeat arrived, first first.
    pub fn heartbeats(&self) -> Vec<Instant> {
        self.inner().heartbeats.clone()
    }

    /// Every REST answer from now on waits `latency` before it leaves, as
    /// over a network (the request is recorded when it arrives).
    pub fn set_latency(&self, latency: Duration) {
        self.inner().latency = latency;
    }

    /// Whether requests are recorded with their bodies and files, and
    /// messages kept with their content and components (the default). A
    /// benchmark of many thousands of messages turns this off so that the
    /// fake's record does not weigh on the process's memory; the method, path
    /// and status of every request and of every message its id, channel and
    /// nonce are kept.
    pub fn keep_bodies(&self, keep: bool) {
        self.inner().lean = !keep;
    }

    /// Every request recorded so far.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.inner().log.iter().map(|(r, _)| r.clone()).collect()
    }

    /// Requests the fake had no answer for (404).
    pub fn unexpected(&self) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(|r| r.status == 404)
            .collect()
    }

    /// Every JSON frame the bot sent on the gateway (IDENTIFY, heartbeats, presence...).
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.inner().gateway_frames.clone()
    }

    /// The rules of Discord's API the bot broke so far, taken: a test that
    /// provokes one on purpose checks it here, so that dropping the fake
    /// does not fail it.
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.inner().violations)
    }

    /// The refusals a correct bot can meet (status, Discord's code, what),
    /// in order: late or repeated answers, missing permissions, channels
    /// gone, rate limits.
    pub fn refusals(&self) -> Vec<(u16, i64, String)> {
        self.inner().refusals.clone()
    }

    /// Moves the fake's clock ahead: interactions sent before look that
    /// much older (their tokens expire after 15 minutes).
    pub fn advance(&self, by: Duration) {
        self.inner().ahead += by;
    }

    /// Discord's 3 seconds for a first answer, changed for a test.
    pub fn set_callback_window(&self, window: Duration) {
        self.inner().callback_window = window;
    }

    /// The bot's permissions in a channel (Discord's bits); other channels
    /// keep them all.
    pub fn set_permissions(&self, channel: u64, permissions: u64) {
        self.inner()
            .permissions
            .insert(channel.to_string(), permissions);
    }

    /// The channel is deleted: requests to it answer `404 Unknown Channel`.
    pub fn remove_channel(&self, channel: u64) {
        self.inner().gone.insert(channel.to_string());
    }

    /// A route's bucket (`"POST /channels/{channel_id}/messages"`): at most
    /// `requests` per `per` and major parameter.
    pub fn set_route_limit(&self, route: &str, requests: u32, per: Duration) {
        self.inner().limits.set_route(route, requests, per);
    }

    /// The global limit, in requests a second (Discord's: 50).
    pub fn set_global_limit(&self, per_second: u32) {
        self.inner().limits.set_global(per_second);
    }

    /// How many requests were answered 429, and how many of them for the
    /// global limit.
    pub fn rate_limited(&self) -> (usize, usize) {
        let inner = self.inner();
        (inner.limits.limited, inner.limits.limited_global)
    }
}

/// Notes an interaction the fake sends (or a test answers): when, where,
/// and the largest upload its answers may carry.
fn know_interaction(inner: &mut Inner, interaction: &Value) {
    if let (Some(token), Some(channel)) = (
        interaction["token"].as_str(),
        interaction["channel_id"].as_str(),
    ) {
        let limit = interaction["attachment_size_limit"]
            .as_u64()
            .map_or(strict::DEFAULT_UPLOAD, |n| n as usize);
        let sent = Sent {
            at: Instant::now() + inner.ahead,
            channel: channel.to_string(),
            upload_limit: limit,
            answered: false,
            placeholder: false,
        };
        inner.sent.insert(token.to_string(), sent);
    }
}

/// Sends a frame on the newest gateway connection.
fn send_frame(inner: &Inner, frame: String) -> Result<()> {
    let tx = inner
        .shards
        .get(&inner.newest)
        .and_then(|s| s.gateway.as_ref())
        .ok_or_else(|| anyhow!("no gateway connection yet"))?;
    tx.send(frame)
        .map_err(|_| anyhow!("gateway connection closed"))
}

/// The status recorded for a request held open (`Once::Hang`): no answer.
const HELD: u16 = 0;

/// An answer: status, JSON body, headers.
struct Answer {
    status: u16,
    body: Option<Value>,
    headers: Vec<(&'static str, String)>,
}

impl Answer {
    fn new(status: u16, body: Option<Value>) -> Answer {
        Answer {
            status,
            body,
            headers: Vec::new(),
        }
    }

    fn discord(status: u16, code: i64, message: &str) -> Answer {
        Answer::new(status, Some(json!({"code": code, "message": message})))
    }
}

async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().as_str().to_string();
    let full = request.uri().path();
    let path = full.strip_prefix("/api/v10").unwrap_or(full).to_string();
    let query = request.uri().query().map(str::to_string);
    let content_type = (request.headers().get(header::CONTENT_TYPE))
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let mut req = RecordedRequest {
        method,
        path,
        query,
        content_type,
        json: None,
        files: vec![],
        status: 0,
        at: Instant::now(),
    };
    let parsed = if req.is_multipart() {
        read_multipart(request, &mut req).await
    } else {
        read_json(request, &mut req).await
    };
    let answer = match parsed {
        Ok(()) => shared.answer(&req),
        Err(e) => Answer::discord(400, 50109, &format!("The request body is invalid: {e}")),
    };
    req.status = answer.status;
    let key = (req.method.clone(), req.path.clone());
    let (len, latency) = {
        let mut inner = shared.inner.lock().expect("fake state lock");
        if let Some(watcher) = inner.watchers.remove(&key) {
            let _ = watcher.send(req.clone());
        }
        if inner.lean {
            req.json = None;
            req.files = Vec::new();
        }
        inner.log.push((req, false));
        (inner.log.len(), inner.latency)
    };
    shared.log_len.send_replace(len);
    if !latency.is_zero() {
        // The answer's way back over a network.
        tokio::time::sleep(latency).await;
    }
    if answer.status == HELD {
        // Held open until the client closes the connection, which drops
        // this future and, with it, the guard.
        let _guard = GivenUp {
            shared: shared.clone(),
            request: key,
        };
        std::future::pending::<()>().await;
    }
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = match answer.body {
        Some(v) => (status, axum::Json(v)).into_response(),
        None => status.into_response(),
    };
    for (name, value) in answer.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            response
                .headers_mut()
                .insert(HeaderName::from_static(name), value);
        }
    }
    response
}

impl Shared {
    /// The whole answer to one request: Discord's rules first, then the
    /// tests' one-time answers and stubs, then what Discord does.
    fn answer(&self, req: &RecordedRequest) -> Answer {
        let mut guard = self.inner.lock().expect("fake state lock");
        let inner = &mut *guard;
        let token = token_of(&req.path);
        let sent = token.as_deref().and_then(|t| inner.sent.get(t)).cloned();
        let incoming = strict::Incoming {
            method: &req.method,
            path: &req.path,
            query: req.query.as_deref(),
            content_type: req.content_type.as_deref(),
            json: req.json.as_ref(),
            files: &req.files,
            upload_limit: sent
                .as_ref()
                .map_or(strict::DEFAULT_UPLOAD, |s| s.upload_limit),
        };
        let op = match strict::api().check(&incoming) {
            Ok(op) => op,
            Err(refusal) => {
                inner.violations.push(refusal.rule);
                return Answer::new(refusal.status, Some(refusal.body));
            }
        };
        if let Some(refused) = self.of_the_moment(inner, req, &op, sent.as_ref()) {
            return refused;
        }
        let verdict = inner.limits.check(&op, Instant::now());
        if let Some((retry, global)) = verdict.refused {
            inner
                .refusals
                .push((429, 0, format!("{} {}", req.method, req.path)));
            let mut answer = Answer::new(
                429,
                Some(json!({"message": "You are being rate limited.",
                            "retry_after": retry.as_secs_f64(), "global": global})),
            );
            answer.headers = verdict.headers;
            return answer;
        }
        let key = (req.method.clone(), req.path.clone());
        let once = inner.once.get_mut(&key).and_then(|q| q.pop_front());
        let mut answer = match once {
            Some(Once::Fail(status, v)) => Answer::new(status, Some(v)),
            Some(Once::Hang) => Answer::new(HELD, None),
            Some(Once::RateLimited(wait)) => {
                inner
                    .refusals
                    .push((429, 0, format!("{} {}", req.method, req.path)));
                let seconds = format!("{:.3}", wait.as_secs_f64());
                let mut answer = Answer::new(
                    429,
                    Some(json!({"message": "You are being rate limited.",
                                "retry_after": wait.as_secs_f64(), "global": false})),
                );
                answer.headers = vec![
                    ("x-ratelimit-limit", "1".into()),
                    ("x-ratelimit-remaining", "0".into()),
                    ("x-ratelimit-reset-after", seconds.clone()),
                    ("x-ratelimit-scope", "user".into()),
                    ("retry-after", seconds),
                ];
                return answer;
            }
            _ if inner.stubs.contains_key(&key) => {
                let (status, v) = inner.stubs[&key].clone();
                Answer::new(status, Some(v))
            }
            Some(Once::LoseAnswer(status)) => {
                self.as_discord(inner, req, &op);
                Answer::discord(status, 0, "lost")
            }
            None => self.as_discord(inner, req, &op),
        };
        answer.headers.extend(verdict.headers);
        answer
    }

    /// The rules of the moment: an interaction answered once and within its
    /// window, its token used within 15 minutes, the bot's permissions in a
    /// channel, channels that exist.
    fn of_the_moment(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &strict::Operation,
        sent: Option<&Sent>,
    ) -> Option<Answer> {
        let now = Instant::now() + inner.ahead;
        let what = format!("{} {}", req.method, op.template);
        if let Some(sent) = sent {
            let age = now.saturating_duration_since(sent.at);
            if op.template.starts_with("/interactions/") {
                if sent.answered {
                    inner
                        .refusals
                        .push((400, 40060, format!("{what}: answered twice")));
                    return Some(Answer::discord(
                        400,
                        40060,
                        "Interaction has already been acknowledged.",
                    ));
                }
                if age > inner.callback_window {
                    inner.refusals.push((
                        404,
                        10062,
                        format!("{what}: first answer after {} ms", age.as_millis()),
                    ));
                    return Some(Answer::discord(404, 10062, "Unknown interaction"));
                }
            } else if age > TOKEN_LIFETIME {
                inner.violations.push(format!(
                    "{what}: an interaction's token used {} s after the interaction (Discord allows 15 minutes)",
                    age.as_secs()
                ));
                return Some(Answer::discord(401, 50027, "Invalid Webhook Token"));
            }
        }
        if let Some(channel) = op.param("channel_id") {
            if inner.gone.contains(channel) {
                inner
                    .refusals
                    .push((404, 10003, format!("{what}: channel {channel} is gone")));
                return Some(Answer::discord(404, 10003, "Unknown Channel"));
            }
            let has = inner.permissions.get(channel).copied().unwrap_or(u64::MAX);
            const VIEW_CHANNEL: u64 = 1 << 10;
            const SEND_MESSAGES: u64 = 1 << 11;
            const ATTACH_FILES: u64 = 1 << 15;
            let mut needs = VIEW_CHANNEL;
            if req.method == "POST" && op.template == "/channels/{channel_id}/messages" {
                needs |= SEND_MESSAGES;
                if !req.files.is_empty() {
                    needs |= ATTACH_FILES;
                }
            }
            if has & needs != needs {
                inner
                    .refusals
                    .push((403, 50013, format!("{what}: missing permissions")));
                return Some(Answer::discord(403, 50013, "Missing Permissions"));
            }
        }
        None
    }
}

/// The interaction token a path carries, if any.
fn token_of(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        ["interactions", _, token, ..] | ["webhooks", _, token, ..] => Some(token.to_string()),
        _ => None,
    }
}

/// Notes, when dropped, that the client gave up on a held request.
struct GivenUp {
    shared: Arc<Shared>,
    request: (String, String),
}

impl Drop for GivenUp {
    fn drop(&mut self) {
        let n = {
            let Ok(mut inner) = self.shared.inner.lock() else {
                return;
            };
            inner.given_up.push(self.request.clone());
            inner.given_up.len()
        };
        self.shared.given_up.send_replace(n);
    }
}

async fn read_json(request: Request, req: &mut RecordedRequest) -> Result<()> {
    let bytes = axum::body::to_bytes(request.into_body(), usize::MAX).await?;
    if !bytes.is_empty() {
        req.json = Some(serde_json::from_slice(&bytes)?);
    }
    Ok(())
}

async fn read_multipart(request: Request, req: &mut RecordedRequest) -> Result<()> {
    let mut form = Multipart::from_request(request, &()).await?;
    while let Some(field) = form.next_field().await? {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(str::to_string);
        let bytes = field.bytes().await?.to_vec();
        if name == "payload_json" {
            req.json = Some(serde_json::from_slice(&bytes)?);
        } else {
            req.files.push(RecordedFile {
                field: name,
                filename,
                content_type,
                bytes,
            });
        }
    }
    Ok(())
}
