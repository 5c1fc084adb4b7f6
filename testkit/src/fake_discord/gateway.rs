//! The fake's gateway: HELLO, READY on IDENTIFY, RESUMED on RESUME,
//! heartbeat acknowledgements, dispatches from the tests, and the ways
//! Discord ends a session (a dropped connection, a request to reconnect, an
//! invalid session).
//!
//! A RESUME is checked as Discord checks it: the session id READY gave, a
//! sequence number no later than the last dispatch, a session not
//! invalidated. A good one gets the dispatches it missed (sent while the
//! connection was down, or lost with it) before RESUMED; a bad one is
//! answered with an invalid session, and is a violation when the bot could
//! have known better (a wrong id or number, a session already invalidated).
//!
//! Each shard is a session of its own (IDENTIFY's `shard: [id, total]`),
//! and a server's events go to its shard only, `(guild_id >> 22) % total`.
//!
//! IDENTIFY is limited as on Discord: each spends one of the day's session
//! starts (`GET /gateway/bot` tells how many are left); one with none left
//! is a violation (Discord resets the bot's token: every session is closed,
//! 4004); at most `max_concurrency` start every 5 s, by rate-limit key
//! `shard_id % max_concurrency`, and another is answered op 9 (not a
//! violation, counted). READY lists the shard's servers as unavailable;
//! a session that asked for the `GUILDS` intent then gets a GUILD_CREATE
//! for each.

use super::places::GUILDS_INTENT;
use super::{ready_payload, send_frame, Shared};
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::mpsc;

/// What `drop_gateway` sends to a session to end it (close code 4000).
pub(super) const DROP_GATEWAY: &str = "\u{0}close 4000 Unknown error";

/// What ends a session with a close code: `"\0close CODE REASON"`.
fn close_marker(code: u16, reason: &str) -> String {
    format!("\u{0}close {code} {reason}")
}

/// Discord's window for `max_concurrency` IDENTIFYs.
pub const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);

/// Discord's session start limit: IDENTIFYs left of 1000 a day, when the
/// count starts afresh, how many may start every 5 s; and the IDENTIFYs
/// refused for starting too close together.
pub(super) struct SessionStarts {
    pub total: u64,
    pub remaining: u64,
    /// When the count starts afresh (on the fake's clock).
    pub reset_at: SystemTime,
    pub max_concurrency: u64,
    /// The last IDENTIFY let through, by rate-limit key
    /// (`shard_id % max_concurrency`).
    pub last: HashMap<u64, Instant>,
    /// IDENTIFYs answered op 9 for concurrency.
    pub refused: u64,
}

impl Default for SessionStarts {
    fn default() -> SessionStarts {
        SessionStarts {
            total: 1000,
            remaining: 1000,
            reset_at: SystemTime::now() + Duration::from_secs(24 * 3600),
            max_concurrency: 1,
            last: HashMap::new(),
            refused: 0,
        }
    }
}

impl SessionStarts {
    /// A new day of starts once the reset has come.
    pub fn refresh(&mut self, now: SystemTime) {
        if now >= self.reset_at {
            self.remaining = self.total;
            self.reset_at = now + Duration::from_secs(24 * 3600);
        }
    }

    pub fn reset_after(&self, now: SystemTime) -> Duration {
        self.reset_at.duration_since(now).unwrap_or_default()
    }
}

/// How many of a session's latest dispatches the fake keeps for a RESUME.
pub(super) const REPLAY_FRAMES: usize = 1000;

pub(super) async fn upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(shared, socket))
}

async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let heartbeat_ms = shared.inner.lock().expect("fake state lock").heartbeat_ms;
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": heartbeat_ms}});
    let _ = tx.send(hello.to_string());
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else { break };
                if let Some(rest) = text.strip_prefix("\u{0}close ") {
                    let (code, reason) = rest.split_once(' ').unwrap_or((rest, ""));
                    let close = axum::extract::ws::CloseFrame {
                        code: code.parse().unwrap_or(4000),
                        reason: reason.to_string().into(),
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
                    on_frame(&shared, &tx, v);
                }
                // After a Close, keep reading so tungstenite flushes its Close reply.
                Some(Ok(_)) => {}
                None | Some(Err(_)) => break,
            },
        }
    }
}

fn on_frame(shared: &Shared, tx: &mpsc::UnboundedSender<String>, v: Value) {
    // The connection becomes its shard's by IDENTIFY or RESUME.
    let mut inner = shared.inner.lock().expect("fake state lock");
    inner.gateway_frames.push(v.clone());
    match v["op"].as_u64() {
        Some(1) => {
            inner.heartbeats.push(std::time::Instant::now());
            drop(tx.send(json!({"op": 11, "s": null, "t": null, "d": null}).to_string()))
        }
        Some(2) => {
            let shard = v["d"]["shard"].as_array();
            let id = shard.and_then(|s| s.first()?.as_u64()).unwrap_or(0);
            let total = shard.and_then(|s| s.get(1)?.as_u64()).unwrap_or(1);
            let intents = v["d"]["intents"].as_u64().unwrap_or(0);
            inner.identify_intents.push(intents);
            let now = inner.now();
            inner.starts.refresh(now);
            if inner.starts.remaining == 0 {
                // Discord resets the bot's token and ends all its sessions.
                let total = inner.starts.total;
                inner.violations.push(format!(
                    "gateway: IDENTIFY with no session start left (Discord allows {total} a day, then resets the bot's token)"
                ));
                let close = close_marker(4004, "Authentication failed.");
                for state in inner.shards.values_mut() {
                    state.session = None;
                    if let Some(gateway) = state.gateway.take() {
                        drop(gateway.send(close.clone()));
                    }
                }
                drop(tx.send(close));
                return;
            }
            let key = id % inner.starts.max_concurrency.max(1);
            let at = Instant::now();
            let too_soon = (inner.starts.last.get(&key))
                .is_some_and(|last| at.duration_since(*last) < IDENTIFY_WINDOW);
            if too_soon {
                // Over max_concurrency: an invalid session, not resumable.
                inner.starts.refused += 1;
                drop(tx.send(json!({"op": 9, "s": null, "t": null, "d": false}).to_string()));
                return;
            }
            inner.starts.last.insert(key, at);
            inner.starts.remaining -= 1;
            let session = format!("fake-session-{}", *shared.identifies.borrow() + 1);
            inner.shard_total = total;
            inner.newest = id;
            let state = inner.shards.entry(id).or_default();
            state.seq = 0;
            state.sent_frames.clear();
            state.session = Some(session.clone());
            state.gateway = Some(tx.clone());
            state.intents = intents;
            let guilds = inner.world.guilds_on(id, total);
            let mut ready = ready_payload(&shared.url("ws", "/gw"), json!([id, total]));
            ready["session_id"] = json!(session);
            ready["guilds"] = guilds
                .iter()
                .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                .collect();
            let _ = shared.dispatch_to(&mut inner, id, "READY", ready);
            if intents & GUILDS_INTENT != 0 {
                // Then each server, as it becomes available.
                for g in guilds {
                    let d = inner.world.guild_json(g, &inner.gone);
                    let _ = shared.dispatch_to(&mut inner, id, "GUILD_CREATE", d);
                }
            }
            drop(inner);
            shared.identifies.send_modify(|n| *n += 1);
        }
        Some(6) => {
            let asked = v["d"]["session_id"].as_str().unwrap_or_default();
            let from = v["d"]["seq"].as_u64();
            let found = inner
                .shards
                .iter()
                .find(|(_, s)| s.session.as_deref() == Some(asked))
                .map(|(id, _)| *id);
            let last = found.map_or(0, |id| inner.shards[&id].seq);
            let wrong = match (found, from) {
                (None, _) => Some(format!(
                    "RESUME of session '{asked}', which no shard holds (invalidated, or never given: the bot must IDENTIFY)"
                )),
                (_, None) => Some("RESUME without a sequence number".to_string()),
                (_, Some(seq)) if seq > last => Some(format!(
                    "RESUME from sequence {seq}; the last dispatch sent was {last}"
                )),
                _ => None,
            };
            let (Some(id), None) = (found, wrong.clone()) else {
                if let Some(why) = wrong {
                    inner.violations.push(format!("gateway: {why}"));
                }
                drop(tx.send(json!({"op": 9, "s": null, "t": null, "d": false}).to_string()));
                return;
            };
            let from = from.unwrap_or(0);
            let state = inner.shards.entry(id).or_default();
            let oldest = state.sent_frames.front().map_or(1, |(s, _)| *s);
            if from + 1 < oldest {
                // Older than what is kept: Discord cannot resume it either.
                drop(tx.send(json!({"op": 9, "s": null, "t": null, "d": false}).to_string()));
                return;
            }
            state.gateway = Some(tx.clone());
            let missed: Vec<String> = (state.sent_frames.iter())
                .filter(|(s, _)| *s > from)
                .map(|(_, f)| f.clone())
                .collect();
            inner.newest = id;
            inner.replayed += missed.len();
            for frame in missed {
                drop(tx.send(frame));
            }
            let _ = shared.dispatch_to(&mut inner, id, "RESUMED", json!({}));
            drop(inner);
            shared.resumes.send_modify(|n| *n += 1);
        }
        _ => {}
    }
}

/// Asks the session to reconnect and resume (op 7), as Discord does before
/// moving it.
pub(super) fn reconnect(shared: &Shared) -> anyhow::Result<()> {
    let inner = shared.inner.lock().expect("fake state lock");
    send_frame(
        &inner,
        json!({"op": 7, "s": null, "t": null, "d": null}).to_string(),
    )
}

/// Tells the session it is no longer valid (op 9, not resumable): the bot
/// must identify afresh.
pub(super) fn invalidate(shared: &Shared) -> anyhow::Result<()> {
    let mut inner = shared.inner.lock().expect("fake state lock");
    let newest = inner.newest;
    let state = inner.shards.entry(newest).or_default();
    state.session = None;
    state.sent_frames.clear();
    send_frame(
        &inner,
        json!({"op": 9, "s": null, "t": null, "d": false}).to_string(),
    )
}
