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
//!
//! # What real Discord does that a bot would rather it did not
//! - **Time.** An interaction's id is a snowflake of when Discord created it
//!   ([`snowflake_time`]); its first answer must come within 3 s of that,
//!   its token serves 15 minutes from it, however late it reached the bot
//!   (replayed after a RESUME, held at start). The fake's clock is the wall
//!   clock plus [`FakeDiscord::advance`]; [`created_ago`] and
//!   [`FakeDiscord::created_ago`] make an interaction older.
//! - **DMs.** An interaction without a server comes as Discord sends it from
//!   the bot's DM (`user`, channel type 1, context 1, `app_permissions`
//!   [`DM_PERMISSIONS`]); its channel is then that user's DM channel, where
//!   the bot may post. [`FakeDiscord::close_dms`] (`403 50007`),
//!   [`FakeDiscord::no_mutual_server`] (`403 50278`) and
//!   [`FakeDiscord::open_dms`] set whether posting there works; opening the
//!   DM channel always works.
//! - **Refusals as they come**: [`Once::Html`] (Cloudflare: an HTML page, no
//!   JSON, no rate-limit headers), [`Once::RateLimitedShared`] (a `shared`
//!   429, which Discord does not count against the bot), [`Once::OldMessageEdits`]
//!   (`429 30046`, edits of messages older than an hour);
//!   [`FakeDiscord::set_down`] answers every REST request (interaction
//!   callbacks too) with a 5xx HTML page until lifted.
//! - **Invalid requests**: every 401, 403 and 429 answered (but the `shared`
//!   ones) is timed: [`FakeDiscord::invalid_requests`],
//!   [`FakeDiscord::most_invalid_in`] (Discord bans an IP for a while after
//!   10,000 in 10 minutes).
//! - **Channels, threads, servers**: see [`places`]: [`FakeDiscord::add_channel`]
//!   ([`ChannelSpec`], its permission overwrites), [`FakeDiscord::set_overwrites`]
//!   (CHANNEL_UPDATE), [`FakeDiscord::set_everyone_permissions`]
//!   (GUILD_ROLE_UPDATE), [`FakeDiscord::archive`], [`FakeDiscord::lock`],
//!   [`FakeDiscord::unlock`], [`FakeDiscord::add_thread_member`],
//!   [`FakeDiscord::delete_channel`], [`FakeDiscord::remove_bot`],
//!   [`FakeDiscord::add_bot`], [`FakeDiscord::guild_outage`]. Their events
//!   reach a shard only if its IDENTIFY asked for the `GUILDS` intent
//!   ([`FakeDiscord::identify_intents`]).
//! - **Activities** (the table inside Discord): see [`activity`]: the
//!   `LAUNCH_ACTIVITY` callback and its instances, the entry point command
//!   in the registration, OAuth2's code and token, `/users/@me` with a
//!   person's token, the instances the bot may ask of.
//! - **Session starts** ([`FakeDiscord::set_session_starts`],
//!   [`FakeDiscord::set_max_concurrency`]): `GET /gateway/bot` tells them;
//!   each IDENTIFY spends one, and one with none left is a violation (Discord
//!   resets the bot's token; the connection is closed, 4004); more than
//!   `max_concurrency` IDENTIFYs in 5 s (by `shard_id % max_concurrency`) are
//!   answered op 9 and counted ([`FakeDiscord::identifies_refused`]).
//! - **Where a command is offered**: the `contexts` and `integration_types`
//!   each command was registered with ([`FakeDiscord::registered_contexts`]);
//!   `send_interaction` refuses a command from a context not listed.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{anyhow, bail, Result};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

mod activity;
pub mod client;
mod discord;
mod fixtures;
mod gateway;
pub mod limits;
pub mod places;
pub mod strict;
mod tls;
pub use activity::{Instance as ActivityInstance, CLIENT_SECRET};
pub use fixtures::*;
#[allow(unused_imports)]
pub use places::{
    overwrite, ChannelKind, ChannelSpec, DEFAULT_CHANNEL, DEFAULT_GUILD, GUILDS_INTENT,
};

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
    /// The `Authorization` header (`Bot ...`, or a person's `Bearer ...`).
    pub authorization: Option<String>,
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
    /// When Discord created it: its snowflake's time (the fake's clock when
    /// its id is no snowflake).
    created: SystemTime,
    channel: String,
    /// The largest upload its answers may carry.
    upload_limit: usize,
    /// Answered (a callback was accepted).
    answered: bool,
    /// Answered with a deferral (type 5) whose placeholder no follow-up has
    /// replaced yet.
    placeholder: bool,
    /// What an Activity's launch needs of the interaction: its type,
    /// channel, server and user.
    interaction: Value,
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
    /// The intents its IDENTIFY asked for.
    intents: u64,
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
    /// The bot's permissions by channel; a channel not listed has them all.
    permissions: HashMap<String, u64>,
    /// Channels that no longer exist.
    gone: HashSet<String>,
    limits: limits::Limits,
    /// Servers, channels, threads, DMs.
    world: places::World,
    /// Discord is down: every REST request is answered this status.
    down: Option<u16>,
    /// When each invalid answer (401, 403, 429 but `shared`) was given.
    invalid: Vec<Instant>,
    /// The intents of each IDENTIFY, in order.
    identify_intents: Vec<u64>,
    /// Session starts, and the IDENTIFYs refused for concurrency.
    starts: gateway::SessionStarts,
    /// Each registered command's `contexts` and `integration_types`, by name.
    registered: HashMap<String, Registration>,
    /// The Activity's instances, codes and tokens.
    activities: activity::Activities,
}

/// Where a registered command is offered (`None`: not said, Discord's
/// default).
#[derive(Clone, Debug, Default)]
struct Registration {
    contexts: Option<Vec<u64>>,
    integration_types: Option<Vec<u64>>,
}

impl Inner {
    /// The fake's clock: the wall clock, `ahead` of it.
    fn now(&self) -> SystemTime {
        SystemTime::now() + self.ahead
    }
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
    /// Answer as Cloudflare does in front of Discord (a ban's 429 or 403, a
    /// 502): this status, an HTML page (`text/html`), no JSON, no
    /// `retry_after`, no rate-limit headers. Counted in
    /// [`FakeDiscord::refusals`] (code 0).
    Html(u16),
    /// A `shared`-scope 429 (a resource's limit, not the bot's): JSON
    /// `retry_after`, `Retry-After`, `X-RateLimit-Scope: shared` and the
    /// bucket's headers. Counted in [`FakeDiscord::refusals`]; not an
    /// invalid request (Discord does not count these against the bot).
    RateLimitedShared(Duration),
    /// Discord's `30046` on an edit: "Maximum number of edits to messages
    /// older than 1 hour reached. Try again later", a `shared` 429 with
    /// `retry_after`. Counted in [`FakeDiscord::refusals`] (code 30046).
    OldMessageEdits(Duration),
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

/// Ends the newest session's connection (close 4000, resumable).
fn drop_newest(inner: &Inner) -> Result<()> {
    let gateway = inner
        .shards
        .get(&inner.newest)
        .and_then(|s| s.gateway.as_ref())
        .ok_or_else(|| anyhow!("no gateway session"))?;
    gateway
        .send(gateway::DROP_GATEWAY.to_string())
        .map_err(|_| anyhow::anyhow!("the gateway session has ended"))
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
    /// for a first answer and its token's lifetime count from its id's time
    /// (see [`created_ago`]). Refused (`Err`), as Discord would never send
    /// it, for a command (or its autocomplete) from a context its
    /// registration does not list, from a server the bot was removed from,
    /// or in an archived thread. In a registered thread it carries the
    /// thread as its `channel`; without a server, its channel becomes the
    /// user's DM channel.
    pub fn send_interaction(&self, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        let d = self.shared.admit(&mut inner, interaction)?;
        know_interaction(&mut inner, &d);
        self.shared.dispatch(&mut inner, "INTERACTION_CREATE", d)
    }

    /// [`FakeDiscord::send_interaction`] on shard `shard`'s session, whatever
    /// the server: the same interaction delivered to two processes, as
    /// Discord may when two think they hold one shard.
    /// An interaction sent before keeps its window and its answers.
    pub fn send_interaction_on(&self, shard: u64, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        let d = self.shared.admit(&mut inner, interaction)?;
        let known = d["token"]
            .as_str()
            .is_some_and(|token| inner.sent.contains_key(token));
        if !known {
            know_interaction(&mut inner, &d);
        }
        self.shared
            .dispatch_to(&mut inner, shard, "INTERACTION_CREATE", d)
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
        drop_newest(&self.inner())
    }

    /// Drops the bot's connection and sends `interaction` while it is down,
    /// in one step under the fake's lock: the bot cannot reconnect in
    /// between, so the interaction is lost with the connection and reaches
    /// the bot only as a missed event replayed to its RESUME, however soon
    /// it comes back (a test thread put aside by a busy machine would
    /// otherwise send it on the new connection).
    pub fn drop_gateway_and_send(&self, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        drop_newest(&inner)?;
        let d = self.shared.admit(&mut inner, interaction)?;
        know_interaction(&mut inner, &d);
        self.shared.dispatch(&mut inner, "INTERACTION_CREATE", d)
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

    /// Moves the fake's clock ahead: interactions created before look that
    /// much older (their tokens expire after 15 minutes), and threads quiet
    /// for longer than their auto-archive duration archive themselves
    /// (THREAD_UPDATE).
    pub fn advance(&self, by: Duration) {
        let mut inner = self.inner();
        inner.ahead += by;
        self.shared.auto_archive(&mut inner);
    }

    /// The fake's clock: the wall clock plus every [`FakeDiscord::advance`].
    pub fn now(&self) -> SystemTime {
        self.inner().now()
    }

    /// Re-mints an interaction's `id` and `token` as if Discord had created
    /// it `age` ago on the fake's clock (`Duration::ZERO`: now, for an
    /// interaction made after the clock was advanced).
    pub fn created_ago(&self, interaction: &mut Value, age: Duration) {
        let at = self.now().checked_sub(age).unwrap_or(std::time::UNIX_EPOCH);
        fixtures::restamp(interaction, at);
    }

    /// The bot's permissions in a channel (Discord's bits); other channels
    /// keep them all.
    pub fn set_permissions(&self, channel: u64, permissions: u64) {
        self.inner()
            .permissions
            .insert(channel.to_string(), permissions);
    }

    /// The channel is deleted: the same as [`FakeDiscord::delete_channel`].
    pub fn remove_channel(&self, channel: u64) {
        self.delete_channel(channel);
    }

    /// The channel is deleted: CHANNEL_DELETE (THREAD_DELETE `{id, guild_id,
    /// parent_id, type}` for a thread) is dispatched to a bot that asked for
    /// the `GUILDS` intent, and from then on the channel, and its threads,
    /// answer `404 10003` Unknown Channel.
    pub fn delete_channel(&self, channel: u64) {
        let mut inner = self.inner();
        self.shared.delete_channel(&mut inner, channel);
    }

    /// Registers a channel or thread (replacing what was known of it), its
    /// server known too. The fake starts knowing [`DEFAULT_GUILD`] and its
    /// text channel [`DEFAULT_CHANNEL`], and learns each server channel an
    /// interaction comes from (as a text channel).
    pub fn add_channel(&self, spec: ChannelSpec) {
        let mut inner = self.inner();
        let now = inner.now();
        inner.world.add(spec, now);
    }

    /// A channel's permission overwrites change (made with
    /// [`places::overwrite`]): CHANNEL_UPDATE.
    pub fn set_overwrites(&self, channel: u64, overwrites: Vec<Value>) {
        let mut inner = self.inner();
        self.shared.set_overwrites(&mut inner, channel, overwrites);
    }

    /// What a server's `@everyone` role may do changes: GUILD_ROLE_UPDATE.
    pub fn set_everyone_permissions(&self, guild: u64, permissions: u64) {
        let mut inner = self.inner();
        self.shared.set_everyone(&mut inner, guild, permissions);
    }

    /// A thread is archived (by a moderator, or its clock): THREAD_UPDATE.
    pub fn archive(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.archived = true);
    }

    /// A thread is locked by a moderator: THREAD_UPDATE. The bot (without
    /// Manage Threads) can no longer post or edit there (`160005`), nor
    /// unarchive it (`403 50013`).
    pub fn lock(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.locked = true);
    }

    /// A thread is unlocked: THREAD_UPDATE.
    pub fn unlock(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.locked = false);
    }

    /// Someone adds `user` to a thread (the bot itself when `user` is
    /// [`APP_ID`]: then THREAD_CREATE with its thread member, as Discord
    /// tells a bot added to a thread).
    pub fn add_thread_member(&self, thread: u64, user: u64) {
        let mut inner = self.inner();
        let Some(place) = inner.world.channels.get_mut(&thread) else {
            panic!("channel {thread} is not registered: add_channel first");
        };
        if user != APP_ID {
            place.members.insert(user);
            return;
        }
        place.spec.bot_member = true;
        let (d, guild) = (place.json(), place.spec.guild);
        if let Some(g) = guild {
            self.shared.guild_event(&mut inner, g, "THREAD_CREATE", d);
        }
    }

    /// The bot is removed from a server: GUILD_DELETE `{id}` (no
    /// `unavailable`) to a bot with the `GUILDS` intent; from then on every
    /// call with the bot's token to the server's channels (or
    /// `/guilds/{id}/...`) answers `403 50001`, and `send_interaction` from
    /// the server is refused.
    pub fn remove_bot(&self, guild: u64) {
        let mut inner = self.inner();
        inner.world.guilds.insert(guild, true);
        let d = json!({"id": guild.to_string()});
        self.shared
            .guild_event(&mut inner, guild, "GUILD_DELETE", d);
    }

    /// The bot is added to a server again (or for the first time):
    /// GUILD_CREATE with its channels and threads, and what
    /// [`FakeDiscord::remove_bot`] did is undone.
    pub fn add_bot(&self, guild: u64) {
        let mut inner = self.inner();
        inner.world.guilds.insert(guild, false);
        let d = inner.world.guild_json(guild, &inner.gone);
        self.shared
            .guild_event(&mut inner, guild, "GUILD_CREATE", d);
    }

    /// A server becomes unavailable (Discord's outage): GUILD_DELETE with
    /// `unavailable: true`. Nothing else changes.
    pub fn guild_outage(&self, guild: u64) {
        let mut inner = self.inner();
        let d = json!({"id": guild.to_string(), "unavailable": true});
        self.shared
            .guild_event(&mut inner, guild, "GUILD_DELETE", d);
    }

    /// `user` closes their DMs (or blocks the bot): a post in their DM
    /// channel answers `403 50007`.
    pub fn close_dms(&self, user: u64) {
        let state = places::DmState::Closed;
        self.inner().world.dms.insert(user.to_string(), state);
    }

    /// `user` no longer shares a server with the bot: a post in their DM
    /// channel answers `403 50278`.
    pub fn no_mutual_server(&self, user: u64) {
        let state = places::DmState::NoMutualServer;
        self.inner().world.dms.insert(user.to_string(), state);
    }

    /// `user` can be written to again.
    pub fn open_dms(&self, user: u64) {
        self.inner().world.dms.remove(&user.to_string());
    }

    /// Discord is down (`Some(503)`, `Some(502)`...): every REST request,
    /// interaction callbacks included, is answered that status with an
    /// HTML page and nothing else happens, until `set_down(None)`. The
    /// requests are recorded as usual, and counted in
    /// [`FakeDiscord::refusals`].
    pub fn set_down(&self, status: Option<u16>) {
        self.inner().down = status;
    }

    /// How many invalid answers (401, 403, 429; a `shared` 429 excepted, as
    /// Discord does not count it) the fake has given.
    pub fn invalid_requests(&self) -> usize {
        self.inner().invalid.len()
    }

    /// The most invalid answers given within any `window` (sliding):
    /// Discord bans the IP after 10,000 in 10 minutes.
    pub fn most_invalid_in(&self, window: Duration) -> usize {
        let times = self.inner().invalid.clone();
        let mut most = 0;
        let mut first = 0;
        for (last, at) in times.iter().enumerate() {
            while first <= last && at.duration_since(times[first]) >= window {
                first += 1;
            }
            most = most.max(last + 1 - first);
        }
        most
    }

    /// The session starts `GET /gateway/bot` tells from now on: `remaining`
    /// of Discord's 1000, the count starting afresh after `reset_after` (on
    /// the fake's clock).
    pub fn set_session_starts(&self, remaining: u64, reset_after: Duration) {
        let mut inner = self.inner();
        let now = inner.now();
        inner.starts.remaining = remaining;
        inner.starts.reset_at = now + reset_after;
    }

    /// How many IDENTIFYs may start every 5 s (`max_concurrency`, 1 unless
    /// a test says).
    pub fn set_max_concurrency(&self, n: u64) {
        self.inner().starts.max_concurrency = n.max(1);
    }

    /// How many session starts remain.
    pub fn session_starts_left(&self) -> u64 {
        let mut inner = self.inner();
        let now = inner.now();
        inner.starts.refresh(now);
        inner.starts.remaining
    }

    /// How many IDENTIFYs were refused for concurrency (answered op 9).
    pub fn identifies_refused(&self) -> u64 {
        self.inner().starts.refused
    }

    /// The intents each IDENTIFY asked for, in order.
    pub fn identify_intents(&self) -> Vec<u64> {
        self.inner().identify_intents.clone()
    }

    /// Where `/aq` is offered, as last registered (in bulk, globally or in a
    /// server): `(contexts, integration_types)`, each as sent, or Discord's
    /// default where absent (`[0, 1, 2]`; `[0]`). `None` until `/aq` is
    /// registered with either.
    pub fn registered_contexts(&self) -> Option<(Vec<u64>, Vec<u64>)> {
        let inner = self.inner();
        let r = inner.registered.get("aq")?;
        if r.contexts.is_none() && r.integration_types.is_none() {
            return None;
        }
        Some((
            r.contexts.clone().unwrap_or_else(|| vec![0, 1, 2]),
            r.integration_types.clone().unwrap_or_else(|| vec![0]),
        ))
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

/// Notes an interaction the fake sends (or a test answers): when Discord
/// created it (its snowflake), where, and the largest upload its answers
/// may carry.
fn know_interaction(inner: &mut Inner, interaction: &Value) {
    if let (Some(token), Some(channel)) = (
        interaction["token"].as_str(),
        interaction["channel_id"].as_str(),
    ) {
        let limit = interaction["attachment_size_limit"]
            .as_u64()
            .map_or(strict::DEFAULT_UPLOAD, |n| n as usize);
        let created = (interaction["id"].as_str())
            .and_then(places::id)
            .map_or_else(|| inner.now(), snowflake_time);
        let sent = Sent {
            created,
            channel: channel.to_string(),
            upload_limit: limit,
            answered: false,
            placeholder: false,
            interaction: json!({
                "type": interaction["type"], "channel_id": interaction["channel_id"],
                "guild_id": interaction["guild_id"],
                "member": {"user": {"id": interaction["member"]["user"]["id"]}},
                "user": {"id": interaction["user"]["id"]},
            }),
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

/// An answer: status, JSON body (or an HTML page), headers.
struct Answer {
    status: u16,
    body: Option<Value>,
    html: Option<String>,
    headers: Vec<(&'static str, String)>,
}

impl Answer {
    fn new(status: u16, body: Option<Value>) -> Answer {
        Answer {
            status,
            body,
            html: None,
            headers: Vec::new(),
        }
    }

    fn discord(status: u16, code: i64, message: &str) -> Answer {
        Answer::new(status, Some(json!({"code": code, "message": message})))
    }

    /// Cloudflare's answer in front of Discord: an HTML page, no JSON, no
    /// rate-limit headers.
    fn cloudflare(status: u16) -> Answer {
        let (title, says) = match status {
            429 => ("Access denied", "Error 1015: You are being rate limited."),
            403 => ("Access denied", "Error 1020: Access denied."),
            502 => ("502 Bad Gateway", "Bad gateway."),
            _ => (
                "Service unavailable",
                "The web server is not available right now.",
            ),
        };
        let page = format!(
            "<!DOCTYPE html>\n<html lang=\"en-US\"><head><title>{title} | discord.com | Cloudflare</title></head>\n<body><h1>{status}</h1><p>{says}</p><p>Cloudflare Ray ID: 8f00c0ffee000000</p></body></html>\n"
        );
        Answer {
            status,
            body: None,
            html: Some(page),
            headers: vec![
                ("server", "cloudflare".into()),
                ("cf-ray", "8f00c0ffee000000-FRA".into()),
            ],
        }
    }

    /// A 429 whose scope is `shared` (not counted against the bot).
    fn is_shared_limit(&self) -> bool {
        self.headers
            .iter()
            .any(|(n, v)| *n == "x-ratelimit-scope" && v == "shared")
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
    let authorization = (request.headers().get(header::AUTHORIZATION))
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let mut req = RecordedRequest {
        method,
        path,
        query,
        content_type,
        json: None,
        files: vec![],
        authorization,
        status: 0,
        at: Instant::now(),
    };
    let form = (req.content_type.as_deref())
        .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
    let parsed = if req.is_multipart() {
        read_multipart(request, &mut req).await
    } else if form {
        read_form(request, &mut req).await
    } else {
        read_json(request, &mut req).await
    };
    let answer = match parsed {
        Ok(()) => shared.answer(&req),
        Err(e) => Answer::discord(400, 50109, &format!("The request body is invalid: {e}")),
    };
    req.status = answer.status;
    let key = (req.method.clone(), req.path.clone());
    let invalid = matches!(answer.status, 401 | 403 | 429) && !answer.is_shared_limit();
    let (len, latency) = {
        let mut inner = shared.inner.lock().expect("fake state lock");
        if invalid {
            inner.invalid.push(Instant::now());
        }
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
    let mut response = match (answer.body, answer.html) {
        (_, Some(page)) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=UTF-8")],
            page,
        )
            .into_response(),
        (Some(v), None) => (status, axum::Json(v)).into_response(),
        (None, None) => status.into_response(),
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
        if req.path == "/oauth2/token" {
            // OAuth2, which Discord's API description leaves out.
            return self.oauth_token(inner, req);
        }
        let checked = strict::api().check(&incoming);
        if let Some(status) = inner.down {
            // Down: nothing reaches Discord (a request that breaks its
            // rules is still kept as a violation).
            if let Err(refusal) = checked {
                inner.violations.push(refusal.rule);
            }
            let what = format!("{} {}: Discord is down", req.method, req.path);
            inner.refusals.push((status, 0, what));
            return Answer::cloudflare(status);
        }
        let op = match checked {
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
            Some(Once::Html(status)) => {
                let what = format!("{} {}: Cloudflare's {status}", req.method, req.path);
                inner.refusals.push((status, 0, what));
                return Answer::cloudflare(status);
            }
            Some(Once::RateLimitedShared(wait)) => {
                let what = format!("{} {}: a shared limit", req.method, req.path);
                inner.refusals.push((429, 0, what));
                let body = json!({"message": "The resource is being rate limited.",
                                  "retry_after": wait.as_secs_f64(), "global": false});
                return shared_limit(body, wait, verdict.headers);
            }
            Some(Once::OldMessageEdits(wait)) => {
                let what = format!("{} {}: edits of old messages", req.method, req.path);
                inner.refusals.push((429, 30046, what));
                let body = json!({"code": 30046,
                    "message": "Maximum number of edits to messages older than 1 hour reached. Try again later",
                    "retry_after": wait.as_secs_f64(), "global": false});
                return shared_limit(body, wait, verdict.headers);
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
    /// window, its token used within 15 minutes (both from its creation),
    /// then the places' rules ([`places`]: servers, channels, threads, DMs,
    /// the bot's permissions).
    fn of_the_moment(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &strict::Operation,
        sent: Option<&Sent>,
    ) -> Option<Answer> {
        let now = inner.now();
        let what = format!("{} {}", req.method, op.template);
        if let Some(sent) = sent {
            let age = now.duration_since(sent.created).unwrap_or_default();
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
                if age > CALLBACK_WINDOW {
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
        self.place_rules(inner, req, op)
    }
}

/// A `shared`-scope 429 with `body`: `Retry-After` (whole seconds, rounded
/// up, as Discord writes it), the scope, and the bucket's own headers.
fn shared_limit(body: Value, wait: Duration, bucket: Vec<(&'static str, String)>) -> Answer {
    let mut answer = Answer::new(429, Some(body));
    answer.headers = bucket;
    answer.headers.retain(|(n, _)| *n != "x-ratelimit-scope");
    answer.headers.push(("x-ratelimit-scope", "shared".into()));
    answer
        .headers
        .push(("retry-after", wait.as_secs_f64().ceil().to_string()));
    answer
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

async fn read_form(request: Request, req: &mut RecordedRequest) -> Result<()> {
    let bytes = axum::body::to_bytes(request.into_body(), usize::MAX).await?;
    req.json = Some(activity::form_fields(&bytes));
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
