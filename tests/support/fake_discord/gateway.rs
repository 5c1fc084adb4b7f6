//! The fake's gateway: HELLO, READY on IDENTIFY, RESUMED on RESUME,
//! heartbeat acknowledgements, dispatches from the tests, and the ways
//! Discord ends a session (a dropped connection, a request to reconnect, an
//! invalid session).

use super::{ready_payload, send_frame, Shared};
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::mpsc;

/// What `drop_gateway` sends to a session to end it.
pub(super) const DROP_GATEWAY: &str = "\u{0}drop";

pub(super) async fn upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(shared, socket))
}

async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
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
    let inner = shared.inner.lock().expect("fake state lock");
    send_frame(
        &inner,
        json!({"op": 9, "s": null, "t": null, "d": false}).to_string(),
    )
}
