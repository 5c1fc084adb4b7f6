//! A small fake Discord (REST + WebSocket gateway) on 127.0.0.1 for tests.
//!
//! Point serenity at it with `HttpBuilder::new(token).proxy(fake.base_url())
//! .ratelimiter_disabled(true)`: the proxy is ignored while serenity's own ratelimiter is
//! on. The gateway URL follows from the fake's `GET /gateway`. Every REST request is
//! recorded; unknown routes answer 404 and show up in [`FakeDiscord::unexpected`].
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

/// Application id, which is also the bot user's id (as on Discord).
pub const APP_ID: u64 = 1_000_000_000_000_000_001;
pub const BOT_NAME: &str = "fakebot";
/// Timestamp used in every fabricated object.
pub const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";
const PERMISSIONS: &str = "2248473465835073";

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
    pub at: std::time::Instant,
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
}

/// `/interactions/{id}/{token}/callback` for an interaction payload.
pub fn callback_path(interaction: &Value) -> String {
    let id = interaction["id"].as_str().unwrap_or_default();
    let token = interaction["token"].as_str().unwrap_or_default();
    format!("/interactions/{id}/{token}/callback")
}

#[derive(Default)]
struct Inner {
    /// Every REST request, with a flag set once `next_request` has returned it.
    log: Vec<(RecordedRequest, bool)>,
    gateway: Option<mpsc::UnboundedSender<String>>,
    gateway_frames: Vec<Value>,
    seq: u64,
    next_id: u64,
    stubs: HashMap<(String, String), (u16, Value)>,
    /// interaction token -> Message JSON of its original response
    originals: HashMap<String, Value>,
    /// interaction token -> channel id, learnt from injected interactions
    channels: HashMap<String, String>,
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
    heartbeats: Vec<std::time::Instant>,
    /// (method, path) of every request held open (`Once::Hang`) that the
    /// client gave up on, closing its connection.
    given_up: Vec<(String, String)>,
    /// How long every REST answer waits before it leaves (a network's round
    /// trip; zero by default).
    latency: Duration,
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
}

struct Shared {
    port: u16,
    inner: Mutex<Inner>,
    log_len: watch::Sender<usize>,
    identifies: watch::Sender<u64>,
    /// How many RESUMEs (op 6) the gateway received.
    resumes: watch::Sender<u64>,
    /// How many held requests were given up on.
    given_up: watch::Sender<usize>,
}

/// The running fake. Dropping it stops the HTTP server.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
    /// How long `wait_ready` and `next_request` wait.
    pub timeout: Duration,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Binds 127.0.0.1 on a free port and serves until dropped.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let shared = Arc::new(Shared {
            port: listener.local_addr().expect("bound address").port(),
            inner: Mutex::new(Inner {
                next_id: 1_200_000_000_000_000_000,
                heartbeat_ms: 41_250,
                ..Inner::default()
            }),
            log_len: watch::channel(0).0,
            identifies: watch::channel(0).0,
            resumes: watch::channel(0).0,
            given_up: watch::channel(0).0,
        });
        let app = axum::Router::new()
            .route("/gw", axum::routing::get(gateway_upgrade))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(64 << 20))
            .with_state(shared.clone());
        // Without TCP_NODELAY a gateway frame can wait ~40 ms for a delayed ACK.
        let serve = axum::serve(listener, app).tcp_nodelay(true);
        let server = tokio::spawn(async move { serve.await.expect("fake Discord server") });
        FakeDiscord {
            shared,
            server,
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

    /// Waits until the bot has sent IDENTIFY and been answered with READY.
    pub async fn wait_ready(&self) -> Result<()> {
        let mut rx = self.shared.identifies.subscribe();
        let ready = tokio::time::timeout(self.timeout, rx.wait_for(|n| *n > 0)).await;
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
        self.shared.dispatch(
            &mut self.shared.inner.lock().expect("fake state lock"),
            event,
            d,
        )
    }

    /// Sends `text` as it is, as a frame of the newest gateway connection:
    /// for frames that are not JSON.
    pub fn send_raw_frame(&self, text: &str) -> Result<()> {
        let inner = self.shared.inner.lock().expect("fake state lock");
        send_frame(&inner, text.to_string())
    }

    /// Injects an INTERACTION_CREATE with `interaction` as `d`.
    pub fn send_interaction(&self, interaction: &Value) -> Result<()> {
        let mut inner = self.shared.inner.lock().expect("fake state lock");
        if let (Some(token), Some(channel)) = (
            interaction["token"].as_str(),
            interaction["channel_id"].as_str(),
        ) {
            inner.channels.insert(token.into(), channel.into());
        }
        self.shared
            .dispatch(&mut inner, "INTERACTION_CREATE", interaction.clone())
    }

    /// From now on, answer `method path` (path without `/api/v10`) with `status` and `body`,
    /// e.g. `stub("GET", "/guilds/1", 200, guild)`. Stubs win over the built-in routes.
    pub fn stub(&self, method: &str, path: &str, status: u16, body: Value) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .stubs
            .insert(key, (status, body));
    }

    /// Waits, up to `self.timeout`, until the client has given up on a held
    /// request (`Once::Hang`) to `method path`, closing its connection.
    pub async fn given_up(&self, method: &str, path: &str) -> Result<()> {
        let mut rx = self.shared.given_up.subscribe(); // before looking: no lost wake-ups
        let deadline = tokio::time::Instant::now() + self.timeout;
        let wanted = (method.to_ascii_uppercase(), path.to_string());
        loop {
            let seen = (self.shared.inner.lock().expect("fake state lock"))
                .given_up
                .contains(&wanted);
            if seen {
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
                let mut inner = self.shared.inner.lock().expect("fake state lock");
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

    /// The next `method path` request gets `once` instead of the usual answer
    /// (queued: several calls answer several requests, in order).
    pub fn once(&self, method: &str, path: &str, once: Once) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .once
            .entry(key)
            .or_default()
            .push_back(once);
    }

    /// Removes a stub: the route answers as Discord would again.
    pub fn unstub(&self, method: &str, path: &str) {
        let key = (method.to_ascii_uppercase(), path.to_string());
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .stubs
            .remove(&key);
    }

    /// The recipient of a DM channel the bot opened.
    pub fn dm_recipient(&self, channel: &str) -> Option<String> {
        let inner = self.shared.inner.lock().expect("fake state lock");
        inner.dm_channels.get(channel).cloned()
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
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .messages
            .clone()
    }

    /// A message by id, as last edited.
    pub fn message(&self, id: &str) -> Option<Value> {
        let inner = self.shared.inner.lock().expect("fake state lock");
        inner.messages.iter().find(|m| m["id"] == id).cloned()
    }

    /// The messages the answers to one interaction created, in order.
    pub fn messages_of(&self, interaction: &Value) -> Vec<Value> {
        let token = interaction["token"].as_str().unwrap_or_default();
        let inner = self.shared.inner.lock().expect("fake state lock");
        let ids = inner.by_token.get(token).cloned().unwrap_or_default();
        ids.iter()
            .filter_map(|id| inner.messages.iter().find(|m| m["id"] == *id).cloned())
            .collect()
    }

    /// Whether requests are recorded with their bodies and files, and
    /// messages kept with their content and components (the default). A
    /// benchmark of many thousands of messages turns this off so that the
    /// fake's record does not weigh on the process's memory; the method, path
    /// and status of every request and of every message its id, channel and nonce are kept.
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
        let mut inner = self.shared.inner.lock().expect("fake state lock");
        inner.watchers.insert(key, tx);
        rx
    }

    /// Drops the gateway connection as Discord does now and then (close code
    /// 4000): the bot reconnects and resumes its session.
    pub fn drop_gateway(&self) -> Result<()> {
        let inner = self.shared.inner.lock().expect("fake state lock");
        let gateway = inner
            .gateway
            .as_ref()
            .ok_or_else(|| anyhow!("no gateway session"))?;
        gateway
            .send(DROP_GATEWAY.to_string())
            .map_err(|_| anyhow::anyhow!("the gateway session has ended"))
    }

    /// The heartbeat interval the next gateway session is told (HELLO).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .heartbeat_ms = ms;
    }

    /// When each heartbeat arrived, first first.
    pub fn heartbeats(&self) -> Vec<std::time::Instant> {
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .heartbeats
            .clone()
    }

    /// Every REST answer from now on waits `latency` before it leaves, as
    /// over a network (the request is recorded when it arrives).
    pub fn set_latency(&self, latency: Duration) {
        self.shared.inner.lock().expect("fake state lock").latency = latency;
    }

    pub fn keep_bodies(&self, keep: bool) {
        self.shared.inner.lock().expect("fake state lock").lean = !keep;
    }

    /// Every request recorded so far.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        let inner = self.shared.inner.lock().expect("fake state lock");
        inner.log.iter().map(|(r, _)| r.clone()).collect()
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
        self.shared
            .inner
            .lock()
            .expect("fake state lock")
            .gateway_frames
            .clone()
    }
}

impl Shared {
    fn url(&self, scheme: &str, path: &str) -> String {
        format!("{scheme}://127.0.0.1:{}{path}", self.port)
    }

    fn dispatch(&self, inner: &mut Inner, event: &str, d: Value) -> Result<()> {
        inner.seq += 1;
        let frame = json!({"op": 0, "s": inner.seq, "t": event, "d": d});
        send_frame(inner, frame.to_string())
    }

    /// A Message as Discord returns it, built from a create/edit body and its files.
    fn message(
        &self,
        inner: &mut Inner,
        token: &str,
        body: &Value,
        files: &[RecordedFile],
    ) -> Value {
        inner.next_id += 1;
        let channel = inner.channels.get(token).map_or("1", String::as_str);
        let mut msg = message_fixture(inner.next_id, channel, "");
        for key in ["content", "embeds", "components", "flags"] {
            if !body[key].is_null() {
                msg[key] = body[key].clone();
            }
        }
        let mut attachments = Vec::new();
        for f in files {
            inner.next_id += 1;
            let name = f.filename.as_deref().unwrap_or("file");
            let url = self.url("http", &format!("/attachments/{}/{name}", inner.next_id));
            attachments.push(json!({"id": inner.next_id.to_string(), "filename": name,
                "size": f.bytes.len(), "url": url, "proxy_url": url, "content_type": f.content_type}));
        }
        msg["attachments"] = Value::Array(attachments);
        if !token.is_empty() {
            msg["webhook_id"] = json!(APP_ID.to_string());
            msg["application_id"] = json!(APP_ID.to_string());
        }
        msg
    }

    /// Stores a created message under its token.
    fn keep(inner: &mut Inner, token: &str, msg: &Value) {
        let kept = if inner.lean {
            // A valid message still (edits answer with it), without content,
            // components or attachments.
            let channel = msg["channel_id"].as_str().unwrap_or("1");
            let mut lean = message_fixture(0, channel, "");
            lean["id"] = msg["id"].clone();
            lean["nonce"] = msg["nonce"].clone();
            lean
        } else {
            msg.clone()
        };
        inner.messages.push(kept);
        if let Some(id) = msg["id"].as_str() {
            inner
                .by_token
                .entry(token.to_string())
                .or_default()
                .push(id.to_string());
        }
    }

    /// Applies an edit body to a stored message; returns it, or `None` if unknown.
    fn edit(
        inner: &mut Inner,
        id: &str,
        body: &Value,
        attachments: Option<Value>,
    ) -> Option<Value> {
        let msg = inner.messages.iter_mut().find(|m| m["id"] == id)?;
        for key in ["content", "embeds", "components", "flags"] {
            if !body[key].is_null() {
                msg[key] = body[key].clone();
            }
        }
        if let Some(a) = attachments {
            msg["attachments"] = a;
        }
        msg["edited_timestamp"] = json!(TIMESTAMP);
        Some(msg.clone())
    }

    /// The answer to one REST request: status and JSON body (`None` for an empty body).
    fn answer(
        &self,
        method: &str,
        path: &str,
        body: &Value,
        files: &[RecordedFile],
    ) -> (u16, Option<Value>) {
        let mut guard = self.inner.lock().expect("fake state lock");
        let inner = &mut *guard;
        let key = (method.to_string(), path.to_string());
        let once = inner.once.get_mut(&key).and_then(|q| q.pop_front());
        if let Some(Once::Fail(status, v)) = &once {
            return (*status, Some(v.clone()));
        }
        if let Some(Once::Hang) = &once {
            return (HELD, None);
        }
        if let Some((status, v)) = inner.stubs.get(&key) {
            return (*status, Some(v.clone()));
        }
        let lost = match once {
            Some(Once::LoseAnswer(status)) => Some(status),
            _ => None,
        };
        let (status, body) = self.answer_as_discord(inner, method, path, body, files);
        match lost {
            Some(status) => (status, Some(json!({"message": "lost", "code": 0}))),
            None => (status, body),
        }
    }

    /// What Discord would answer and do.
    fn answer_as_discord(
        &self,
        inner: &mut Inner,
        method: &str,
        path: &str,
        body: &Value,
        files: &[RecordedFile],
    ) -> (u16, Option<Value>) {
        let gateway = self.url("ws", "/gw");
        let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
        let ok = |v: Value| (200, Some(v));
        match (method, segs.as_slice()) {
            ("GET", ["gateway"]) => ok(json!({"url": gateway})),
            ("GET", ["gateway", "bot"]) => ok(json!({"url": gateway, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})),
            ("GET", ["oauth2", "applications", "@me"]) => ok(application_info()),
            ("GET", ["users", "@me"]) => ok(ready_payload(&gateway, json!([0, 1]))["user"].clone()),
            ("GET" | "PUT", ["applications", _, "commands"])
            | ("GET" | "PUT", ["applications", _, "guilds", _, "commands"]) => ok(json!([])),
            ("POST", ["interactions", _, token, "callback"]) => {
                let data = match body["type"].as_u64() {
                    Some(4) => body["data"].clone(),
                    Some(5) => json!({"flags": body["data"]["flags"]}),
                    _ => return (204, None),
                };
                let msg = self.message(inner, token, &data, files);
                Self::keep(inner, token, &msg);
                inner.originals.insert(token.to_string(), msg);
                (204, None)
            }
            ("GET", ["webhooks", _, token, "messages", "@original"]) => {
                match inner.originals.get(*token) {
                    Some(m) => ok(m.clone()),
                    None => (
                        404,
                        Some(json!({"message": "Unknown Message", "code": 10008})),
                    ),
                }
            }
            ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                let fresh = self.message(inner, token, body, files);
                let msg = inner
                    .originals
                    .entry(token.to_string())
                    .or_insert(fresh.clone());
                for key in ["content", "embeds", "components", "flags"] {
                    if !body[key].is_null() {
                        msg[key] = body[key].clone();
                    }
                }
                if !files.is_empty() {
                    msg["attachments"] = fresh["attachments"].clone();
                }
                msg["edited_timestamp"] = json!(TIMESTAMP);
                let msg = msg.clone();
                if let Some(id) = msg["id"].as_str() {
                    let attachments = (!files.is_empty()).then(|| msg["attachments"].clone());
                    Self::edit(inner, id, body, attachments);
                }
                ok(msg)
            }
            ("PATCH", ["channels", _, "messages", id]) => match Self::edit(inner, id, body, None) {
                Some(msg) => ok(msg),
                None => (
                    404,
                    Some(json!({"message": "Unknown Message", "code": 10008})),
                ),
            },
            ("PATCH", ["webhooks", _, token, "messages", id]) => {
                let mut msg = self.message(inner, token, body, files);
                msg["id"] = json!(id);
                msg["edited_timestamp"] = json!(TIMESTAMP);
                ok(msg)
            }
            ("DELETE", ["webhooks", _, _, "messages", _]) => (204, None),
            ("POST", ["webhooks", _, token]) => {
                let msg = self.message(inner, token, body, files);
                Self::keep(inner, token, &msg);
                ok(msg)
            }
            ("POST", ["users", "@me", "channels"]) => {
                let Some(user) = body["recipient_id"].as_str() else {
                    return (400, Some(json!({"message": "no recipient", "code": 50035})));
                };
                let existing = inner
                    .dm_channels
                    .iter()
                    .find(|(_, u)| u.as_str() == user)
                    .map(|(c, _)| c.clone());
                let id = existing.unwrap_or_else(|| {
                    inner.next_id += 1;
                    let id = inner.next_id.to_string();
                    inner.dm_channels.insert(id.clone(), user.to_string());
                    id
                });
                ok(json!({"id": id, "type": 1, "last_message_id": null,
                          "recipients": [user_json(user.parse().unwrap_or(1), "someone")]}))
            }
            ("POST", ["channels", channel, "messages"]) => {
                // enforce_nonce: the same nonce in the same channel is the
                // same message (Discord keeps them for a few minutes).
                let nonce = match &body["nonce"] {
                    Value::String(n) => Some(n.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                };
                let key = nonce.map(|n| (channel.to_string(), n));
                if body["enforce_nonce"] == true {
                    let existing = key.as_ref().and_then(|k| inner.nonces.get(k));
                    if let Some(existing) = existing.and_then(|&i| inner.messages.get(i)) {
                        return ok(existing.clone());
                    }
                }
                let mut msg = self.message(inner, "", body, files);
                msg["channel_id"] = json!(channel);
                msg["nonce"] = body["nonce"].clone();
                Self::keep(inner, &format!("channel:{channel}"), &msg);
                if let Some(key) = key {
                    let index = inner.messages.len() - 1;
                    inner.nonces.entry(key).or_insert(index);
                }
                ok(msg)
            }
            _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
        }
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
        at: std::time::Instant::now(),
    };
    let parsed = if req.is_multipart() {
        read_multipart(request, &mut req).await
    } else {
        read_json(request, &mut req).await
    };
    let (status, answer) = match parsed {
        Ok(()) => shared.answer(&req.method, &req.path, req.body(), &req.files),
        Err(e) => (400, Some(json!({"message": e.to_string(), "code": 50109}))),
    };
    req.status = status;
    let key = (req.method.clone(), req.path.clone());
    let (len, latency) = {
        let mut inner = shared.inner.lock().expect("fake state lock");
        if let Some(watcher) = inner
            .watchers
            .remove(&(req.method.clone(), req.path.clone()))
        {
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
    if status == HELD {
        // Held open until the client closes the connection, which drops
        // this future and, with it, the guard.
        let _guard = GivenUp {
            shared: shared.clone(),
            request: key,
        };
        std::future::pending::<()>().await;
    }
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match answer {
        Some(v) => (status, axum::Json(v)).into_response(),
        None => status.into_response(),
    }
}

/// Sends a frame on the newest gateway connection.
fn send_frame(inner: &Inner, frame: String) -> Result<()> {
    let tx = inner
        .gateway
        .as_ref()
        .ok_or_else(|| anyhow!("no gateway connection yet"))?;
    tx.send(frame)
        .map_err(|_| anyhow!("gateway connection closed"))
}

/// The status recorded for a request held open (`Once::Hang`): no answer.
const HELD: u16 = 0;

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

/// What `drop_gateway` sends to a session to end it.
const DROP_GATEWAY: &str = "\u{0}drop";

async fn gateway_upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| gateway_session(shared, socket))
}

async fn gateway_session(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let heartbeat_ms = {
        let mut inner = shared.inner.lock().expect("fake state lock");
        inner.gateway = Some(tx.clone());
        inner.heartbeat_ms
    };
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": heartbeat_ms}});
    let _ = tx.send(hello.to_string());
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else { break };
                if text == DROP_GATEWAY {
                    let close = axum::extract::ws::CloseFrame {
                        code: 4000,
                        reason: "Unknown error".into(),
                    };
                    let _ = socket.send(WsMessage::Close(Some(close))).await;
                    break;
                }
                if socket.send(WsMessage::Text(text)).await.is_err() {
                    break;
                }
            }
            frame = socket.recv() => match frame {
                Some(Ok(WsMessage::Text(text))) => {
                    let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                    on_gateway_frame(&shared, &tx, v);
                }
                // After a Close, keep reading so tungstenite flushes its Close reply.
                Some(Ok(_)) => {}
                None | Some(Err(_)) => break,
            },
        }
    }
}

fn on_gateway_frame(shared: &Shared, tx: &mpsc::UnboundedSender<String>, v: Value) {
    let mut inner = shared.inner.lock().expect("fake state lock");
    inner.gateway_frames.push(v.clone());
    match v["op"].as_u64() {
        Some(1) => {
            inner.heartbeats.push(std::time::Instant::now());
            drop(tx.send(json!({"op": 11, "s": null, "t": null, "d": null}).to_string()))
        }
        Some(2) => {
            inner.seq = 0;
            let shard = Some(v["d"]["shard"].clone()).filter(Value::is_array);
            let ready = ready_payload(&shared.url("ws", "/gw"), shard.unwrap_or(json!([0, 1])));
            let _ = shared.dispatch(&mut inner, "READY", ready);
            drop(inner);
            shared.identifies.send_modify(|n| *n += 1);
        }
        Some(6) => {
            let _ = shared.dispatch(&mut inner, "RESUMED", json!({}));
            drop(inner);
            shared.resumes.send_modify(|n| *n += 1);
        }
        _ => {}
    }
}

// ------------------------------------------------------------------------------ fixtures

static NEXT_FIXTURE_ID: AtomicU64 = AtomicU64::new(1_300_000_000_000_000_000);

/// The `d` of READY; `application.id` becomes serenity's application id.
pub fn ready_payload(gateway_url: &str, shard: Value) -> Value {
    json!({"v": 10, "user": {"id": APP_ID.to_string(), "username": BOT_NAME, "discriminator": "0",
           "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
           "guilds": [], "session_id": "fake-session", "resume_gateway_url": gateway_url,
           "shard": shard, "application": {"id": APP_ID.to_string(), "flags": 0}})
}

/// `GET /oauth2/applications/@me`.
pub fn application_info() -> Value {
    json!({"id": APP_ID.to_string(), "name": BOT_NAME, "icon": null, "description": "",
           "bot_public": true, "bot_require_code_grant": false, "verify_key": "00", "flags": 0,
           "owner": {"id": "1000000000000000099", "username": "owner", "discriminator": "0", "avatar": null}})
}

/// A minimal Message JSON, authored by the bot.
pub fn message_fixture(id: u64, channel_id: &str, content: &str) -> Value {
    json!({"id": id.to_string(), "channel_id": channel_id,
           "author": {"id": APP_ID.to_string(), "username": BOT_NAME, "discriminator": "0", "avatar": null, "bot": true},
           "content": content, "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "components": [], "pinned": false, "type": 0, "flags": 0})
}

pub fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": false, "public_flags": 0})
}

pub fn member_json(id: u64, name: &str) -> Value {
    json!({"user": user_json(id, name), "nick": null, "avatar": null, "roles": [],
           "joined_at": TIMESTAMP, "premium_since": null, "deaf": false, "mute": false,
           "flags": 0, "pending": false, "permissions": PERMISSIONS})
}

/// Option value for a user option (type 6); the builders add the user to `resolved`.
pub fn user_option(id: u64, name: &str) -> Value {
    json!({"$user": {"id": id, "name": name}})
}

/// Option value with an explicit option type, e.g. `typed_option(7, json!("123"))` for a
/// channel. Nothing is added to `resolved` for these.
pub fn typed_option(kind: u8, value: Value) -> Value {
    json!({"$type": kind, "value": value})
}

fn options_json(options: &[(&str, Value)], resolved: &mut Value, guild: bool) -> Vec<Value> {
    let option = |name: &str, value: &Value, resolved: &mut Value| {
        if let Some(u) = value.get("$user") {
            let id = u["id"].as_u64().expect("user option id");
            let uname = u["name"].as_str().expect("user option name");
            resolved["users"][id.to_string()] = user_json(id, uname);
            if guild {
                let mut member = member_json(id, uname);
                member
                    .as_object_mut()
                    .expect("member object")
                    .remove("user");
                resolved["members"][id.to_string()] = member;
            }
            return json!({"name": name, "type": 6, "value": id.to_string()});
        }
        if let Some(kind) = value.get("$type") {
            return json!({"name": name, "type": kind, "value": value["value"]});
        }
        let kind = match value {
            Value::String(_) => 3,
            Value::Number(n) if n.is_i64() || n.is_u64() => 4,
            Value::Bool(_) => 5,
            Value::Number(_) => 10,
            _ => panic!("unsupported option value for {name}: {value}"),
        };
        json!({"name": name, "type": kind, "value": value})
    };
    options
        .iter()
        .map(|(n, v)| option(n, v, resolved))
        .collect()
}

/// Wraps `leaf` options in the subcommand path: `Some("sub")` or `Some("group sub")`.
fn nest(subcommand: Option<&str>, leaf: Vec<Value>) -> Vec<Value> {
    let parts: Vec<&str> = subcommand.unwrap_or_default().split_whitespace().collect();
    match parts.as_slice() {
        [] => leaf,
        [sub] => vec![json!({"name": sub, "type": 1, "options": leaf})],
        [group, sub] => vec![json!({"name": group, "type": 2,
            "options": [{"name": sub, "type": 1, "options": leaf}]})],
        _ => panic!("bad subcommand path {subcommand:?}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn interaction(
    kind: u8,
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    leaf: Vec<Value>,
    resolved: Value,
) -> Value {
    let id = NEXT_FIXTURE_ID.fetch_add(1, Ordering::Relaxed).to_string();
    let mut data = json!({"id": "1100000000000000001", "name": command, "type": 1,
                          "options": nest(subcommand, leaf)});
    if resolved.as_object().is_some_and(|o| !o.is_empty()) {
        data["resolved"] = resolved;
    }
    let mut v = json!({
        "id": id, "application_id": APP_ID.to_string(), "type": kind, "data": data,
        "channel_id": channel_id.to_string(),
        "channel": {"id": channel_id.to_string(), "type": if guild_id.is_some() { 0 } else { 1 }},
        "token": format!("token-{id}"), "version": 1, "locale": "en-US",
        "app_permissions": PERMISSIONS, "entitlements": [], "attachment_size_limit": 26_214_400,
    });
    if let Some(g) = guild_id {
        v["data"]["guild_id"] = json!(g.to_string());
        v["guild_id"] = json!(g.to_string());
        v["guild_locale"] = json!("en-US");
        v["member"] = member_json(user_id, user_name);
        v["context"] = json!(0);
        v["authorizing_integration_owners"] = json!({"0": g.to_string()});
    } else {
        v["user"] = user_json(user_id, user_name);
        v["context"] = json!(1);
        v["authorizing_integration_owners"] = json!({"1": user_id.to_string()});
    }
    v
}

/// A slash command interaction (type 2), the `d` of INTERACTION_CREATE. `guild_id: None`
/// makes it a DM; `subcommand` is `None`, `Some("sub")` or `Some("group sub")`. Option types
/// follow the JSON value (string 3, integer 4, bool 5, float 10); see [`user_option`] and
/// [`typed_option`] for others.
pub fn command_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
) -> Value {
    let mut resolved = json!({});
    let leaf = options_json(options, &mut resolved, guild_id.is_some());
    interaction(
        2, user_id, user_name, channel_id, guild_id, command, subcommand, leaf, resolved,
    )
}

/// An autocomplete interaction (type 4): `options` already filled in, plus the `focused`
/// (name, partial text) string option being typed.
#[allow(clippy::too_many_arguments)]
pub fn autocomplete_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
    focused: (&str, &str),
) -> Value {
    autocomplete_interaction_typed(
        user_id, user_name, channel_id, guild_id, command, subcommand, options, focused, 3,
    )
}

/// [`autocomplete_interaction`] for a focused option of any type: Discord sends the partial
/// text of an integer option (type 4) as a string too.
#[allow(clippy::too_many_arguments)]
pub fn autocomplete_interaction_typed(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
    focused: (&str, &str),
    focused_kind: u8,
) -> Value {
    let mut resolved = json!({});
    let mut leaf = options_json(options, &mut resolved, guild_id.is_some());
    leaf.push(
        json!({"name": focused.0, "type": focused_kind, "value": focused.1, "focused": true}),
    );
    interaction(
        4, user_id, user_name, channel_id, guild_id, command, subcommand, leaf, resolved,
    )
}

/// A component interaction (type 3): `who` presses the control `custom_id` on
/// `message` (a Message JSON, as the fake stores it), choosing `values` in a
/// select menu (`None` for a button).
pub fn component_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    message: &Value,
    custom_id: &str,
    values: Option<&[String]>,
) -> Value {
    let id = NEXT_FIXTURE_ID.fetch_add(1, Ordering::Relaxed).to_string();
    let data = match values {
        Some(values) => json!({"custom_id": custom_id, "component_type": 3, "values": values}),
        None => json!({"custom_id": custom_id, "component_type": 2}),
    };
    let mut message = message.clone();
    message["channel_id"] = json!(channel_id.to_string());
    let mut v = json!({
        "id": id, "application_id": APP_ID.to_string(), "type": 3, "data": data,
        "channel_id": channel_id.to_string(),
        "channel": {"id": channel_id.to_string(), "type": if guild_id.is_some() { 0 } else { 1 }},
        "token": format!("token-{id}"), "version": 1, "locale": "en-US",
        "app_permissions": PERMISSIONS, "entitlements": [], "attachment_size_limit": 26_214_400,
        "message": message,
    });
    if let Some(g) = guild_id {
        v["guild_id"] = json!(g.to_string());
        v["guild_locale"] = json!("en-US");
        v["member"] = member_json(user_id, user_name);
        v["context"] = json!(0);
        v["authorizing_integration_owners"] = json!({"0": g.to_string()});
    } else {
        v["user"] = user_json(user_id, user_name);
        v["context"] = json!(1);
        v["authorizing_integration_owners"] = json!({"1": user_id.to_string()});
    }
    v
}

/// Sets the invoking member's permissions in the channel (a decimal bit set, as Discord
/// sends it), e.g. `1 << 4` for MANAGE_CHANNELS. The default has no MANAGE_CHANNELS.
pub fn set_member_permissions(interaction: &mut Value, permissions: u64) {
    if interaction["member"].is_object() {
        interaction["member"]["permissions"] = json!(permissions.to_string());
    }
}
