//! The fake's servers: plain HTTP on one port (the REST routes, and the
//! gateway's WebSocket upgrade at `/gw`, [`super::gateway`]), and HTTPS as
//! discord.com on another ([`super::tls`]). Every REST request is read
//! (JSON, a form or multipart), answered ([`super::answers`]) and recorded
//! ([`super::recorder`]) before its answer leaves; a dispatch goes out on
//! its shard's gateway session. The handle's doors to the gateway (the
//! bot's sessions, resumes, reconnects) are here too.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::watch;

use super::answers::{Answer, Inner};
use super::recorder::{RecordedFile, RecordedRequest};
use super::{activity, gateway, tls, FakeDiscord, Shared, HELD};

impl Shared {
    pub(super) fn url(&self, scheme: &str, path: &str) -> String {
        format!("{scheme}://127.0.0.1:{}{path}", self.port)
    }

    /// Sends a dispatch with the session's next sequence number, and keeps
    /// it for a RESUME: while the connection is down and the session may be
    /// resumed, it waits there, as on Discord.
    pub(super) fn dispatch(&self, inner: &mut Inner, event: &str, d: Value) -> Result<()> {
        let shard = shard_of(&d, inner.shard_total);
        self.dispatch_to(inner, shard, event, d)
    }

    /// [`Shared::dispatch`] on the session of shard `id`.
    pub(super) fn dispatch_to(
        &self,
        inner: &mut Inner,
        id: u64,
        event: &str,
        d: Value,
    ) -> Result<()> {
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

/// The shard Discord sends a dispatch on: its server's, `(guild_id >> 22) %
/// shards` (direct messages and events of no server on shard 0).
fn shard_of(d: &Value, total: u64) -> u64 {
    d["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| (g >> 22) % total.max(1))
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
        super::answers::know_interaction(&mut inner, &d);
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
}

/// Sends a frame on the newest gateway connection.
pub(super) fn send_frame(inner: &Inner, frame: String) -> Result<()> {
    let tx = inner
        .shards
        .get(&inner.newest)
        .and_then(|s| s.gateway.as_ref())
        .ok_or_else(|| anyhow!("no gateway connection yet"))?;
    tx.send(frame)
        .map_err(|_| anyhow!("gateway connection closed"))
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

/// Ends the newest session's connection (close 4000, resumable).
fn drop_newest(inner: &Inner) -> Result<()> {
    let gateway = inner
        .shards
        .get(&inner.newest)
        .and_then(|s| s.gateway.as_ref())
        .ok_or_else(|| anyhow!("no gateway session"))?;
    gateway
        .send(gateway::DROP_GATEWAY.to_string())
        .map_err(|_| anyhow!("the gateway session has ended"))
}
