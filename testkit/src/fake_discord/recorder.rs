//! What the fake recorded: every REST request the bot made, with the answer's
//! status ([`RecordedRequest`]), the messages it created as last edited,
//! who they notified ([`Notification`]), the gateway's frames and
//! heartbeats, and what Discord refused (violations of its API, and the
//! refusals a correct bot can meet); and the handle's queries on them.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use serde_json::Value;

use super::FakeDiscord;

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

impl FakeDiscord {
    /// How many dispatches RESUMEs replayed (sent while the bot was away).
    pub fn replayed(&self) -> usize {
        self.inner().replayed
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

    /// When each heartbeat arrived, first first.
    pub fn heartbeats(&self) -> Vec<Instant> {
        self.inner().heartbeats.clone()
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

    /// How many requests were answered 429, and how many of them for the
    /// global limit.
    pub fn rate_limited(&self) -> (usize, usize) {
        let inner = self.inner();
        (inner.limits.limited, inner.limits.limited_global)
    }
}
