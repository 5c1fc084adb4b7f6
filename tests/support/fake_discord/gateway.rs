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

use super::{ready_payload, send_frame, Shared};
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::mpsc;

/// What `drop_gateway` sends to a session to end it.
pub(super) const DROP_GATEWAY: &str = "\u{0}drop";

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
            let session = format!("fake-session-{}", *shared.identifies.borrow() + 1);
            inner.shard_total = total;
            inner.newest = id;
            let state = inner.shards.entry(id).or_default();
            state.seq = 0;
            state.sent_frames.clear();
            state.session = Some(session.clone());
            state.gateway = Some(tx.clone());
            let mut ready = ready_payload(&shared.url("ws", "/gw"), json!([id, total]));
            ready["session_id"] = json!(session);
            let _ = shared.dispatch_to(&mut inner, id, "READY", ready);
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
