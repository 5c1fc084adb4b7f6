//! What the fake knows ([`Inner`]: the interactions it sent, the messages,
//! the gateway's sessions, the world of [`super::places`], the tests' stubs
//! and one-time answers) and how it answers one request
//! ([`Shared::answer`]): Discord's rules first ([`super::strict`], the rules
//! of the moment, [`super::limits`]), then the tests' one-time answers
//! ([`Once`]) and stubs, then what Discord does ([`super::discord`],
//! [`super::activity`]). The handle's doors that shape the answers (stubs,
//! latency, outages, permissions, limits) are here too.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::recorder::{Notification, RecordedRequest};
use super::{activity, gateway, limits, places, strict, FakeDiscord, Shared, HELD};
use super::{snowflake_time, CALLBACK_WINDOW, TOKEN_LIFETIME};

/// What the fake knows of an interaction it sent.
#[derive(Clone, Debug)]
pub(super) struct Sent {
    /// When Discord created it: its snowflake's time (the fake's clock when
    /// its id is no snowflake).
    pub(super) created: SystemTime,
    pub(super) channel: String,
    /// The largest upload its answers may carry.
    pub(super) upload_limit: usize,
    /// Answered (a callback was accepted).
    pub(super) answered: bool,
    /// Answered with a deferral (type 5) whose placeholder no follow-up has
    /// replaced yet.
    pub(super) placeholder: bool,
    /// What an Activity's launch needs of the interaction: its type,
    /// channel, server and user.
    pub(super) interaction: Value,
}

/// One shard's gateway session: its connection and what a RESUME needs.
#[derive(Default)]
pub(super) struct Shard {
    pub(super) gateway: Option<mpsc::UnboundedSender<String>>,
    pub(super) seq: u64,
    /// The session READY named, while it may be resumed (an invalid
    /// session ends it).
    pub(super) session: Option<String>,
    /// The session's latest dispatches (sequence number, frame), replayed
    /// to a RESUME that missed them.
    pub(super) sent_frames: std::collections::VecDeque<(u64, String)>,
    /// The intents its IDENTIFY asked for.
    pub(super) intents: u64,
}

#[derive(Default)]
pub(super) struct Inner {
    /// Every REST request, with a flag set once `next_request` has returned it.
    pub(super) log: Vec<(RecordedRequest, bool)>,
    /// The gateway's sessions, one a shard, by shard id.
    pub(super) shards: std::collections::BTreeMap<u64, Shard>,
    /// How many shards the bot said it runs (IDENTIFY's `shard`); 0 until
    /// it says, which is one.
    pub(super) shard_total: u64,
    /// The shard whose connection came last: what the tests' raw frames,
    /// drops, reconnects and invalidations go to.
    pub(super) newest: u64,
    /// The shards `/gateway/bot` recommends (1 unless a test says).
    pub(super) recommended_shards: u64,
    pub(super) gateway_frames: Vec<Value>,
    /// How many dispatches RESUMEs replayed.
    pub(super) replayed: usize,
    pub(super) next_id: u64,
    pub(super) stubs: HashMap<(String, String), (u16, Value)>,
    /// interaction token -> Message JSON of its original response
    pub(super) originals: HashMap<String, Value>,
    /// interaction token -> what the fake knows of it
    pub(super) sent: HashMap<String, Sent>,
    /// Every message the bot created, by id, as last edited.
    pub(super) messages: Vec<Value>,
    /// interaction token -> ids of the messages its answers created, in order
    pub(super) by_token: HashMap<String, Vec<String>>,
    /// (method, path) -> answers to give once each, before the usual one
    pub(super) once: HashMap<(String, String), std::collections::VecDeque<Once>>,
    /// DM channel id -> its recipient
    pub(super) dm_channels: HashMap<String, String>,
    /// (channel, nonce) -> the index in `messages` of the message it made
    pub(super) nonces: HashMap<(String, String), usize>,
    /// Record requests without their bodies and files (see `keep_bodies`).
    pub(super) lean: bool,
    /// (method, path) -> who waits for the next such request (see `watch`).
    pub(super) watchers: HashMap<(String, String), tokio::sync::oneshot::Sender<RecordedRequest>>,
    /// The heartbeat interval HELLO announces, in ms (Discord's: 41250).
    pub(super) heartbeat_ms: u64,
    /// When each heartbeat (op 1) arrived.
    pub(super) heartbeats: Vec<Instant>,
    /// (method, path) of every request held open (`Once::Hang`) that the
    /// client gave up on, closing its connection.
    pub(super) given_up: Vec<(String, String)>,
    /// How long every REST answer waits before it leaves (a network's round
    /// trip; zero by default).
    pub(super) latency: Duration,
    /// The rules of Discord's API the bot's requests broke, in words.
    pub(super) violations: Vec<String>,
    /// Refusals a correct bot can meet: (status, code, what).
    pub(super) refusals: Vec<(u16, i64, String)>,
    /// Who was notified, in order.
    pub(super) notifications: Vec<Notification>,
    /// How far the fake's clock is ahead of the real one (see `advance`).
    pub(super) ahead: Duration,
    /// Where the wall clock stood when a test held the fake's clock (see
    /// `hold_clock`): from then on it moves only by `ahead`.
    pub(super) held: Option<SystemTime>,
    /// The bot's permissions by channel; a channel not listed has them all.
    pub(super) permissions: HashMap<String, u64>,
    /// Channels that no longer exist.
    pub(super) gone: HashSet<String>,
    pub(super) limits: limits::Limits,
    /// Servers, channels, threads, DMs.
    pub(super) world: places::World,
    /// Discord is down: every REST request is answered this status.
    pub(super) down: Option<u16>,
    /// When each invalid answer (401, 403, 429 but `shared`) was given.
    pub(super) invalid: Vec<Instant>,
    /// The intents of each IDENTIFY, in order.
    pub(super) identify_intents: Vec<u64>,
    /// Session starts, and the IDENTIFYs refused for concurrency.
    pub(super) starts: gateway::SessionStarts,
    /// Each registered command's `contexts` and `integration_types`, by name.
    pub(super) registered: HashMap<String, Registration>,
    /// The Activity's instances, codes and tokens.
    pub(super) activities: activity::Activities,
}

/// Where a registered command is offered (`None`: not said, Discord's
/// default).
#[derive(Clone, Debug, Default)]
pub(super) struct Registration {
    pub(super) contexts: Option<Vec<u64>>,
    pub(super) integration_types: Option<Vec<u64>>,
}

impl Inner {
    /// The fake's clock: the wall clock (or where it stood when the clock
    /// was held), `ahead` of it.
    pub(super) fn now(&self) -> SystemTime {
        self.held.unwrap_or_else(SystemTime::now) + self.ahead
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

impl FakeDiscord {
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

    /// Every REST answer from now on waits `latency` before it leaves, as
    /// over a network (the request is recorded when it arrives).
    pub fn set_latency(&self, latency: Duration) {
        self.inner().latency = latency;
    }

    /// The bot's permissions in a channel (Discord's bits); other channels
    /// keep them all.
    pub fn set_permissions(&self, channel: u64, permissions: u64) {
        self.inner()
            .permissions
            .insert(channel.to_string(), permissions);
    }

    /// Discord is down (`Some(503)`, `Some(502)`...): every REST request,
    /// interaction callbacks included, is answered that status with an
    /// HTML page and nothing else happens, until `set_down(None)`. The
    /// requests are recorded as usual, and counted in
    /// [`FakeDiscord::refusals`].
    pub fn set_down(&self, status: Option<u16>) {
        self.inner().down = status;
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

    /// A route's bucket (`"POST /channels/{channel_id}/messages"`): at most
    /// `requests` per `per` and major parameter.
    pub fn set_route_limit(&self, route: &str, requests: u32, per: Duration) {
        self.inner().limits.set_route(route, requests, per);
    }

    /// The global limit, in requests a second (Discord's: 50).
    pub fn set_global_limit(&self, per_second: u32) {
        self.inner().limits.set_global(per_second);
    }
}

/// Notes an interaction the fake sends (or a test answers): when Discord
/// created it (its snowflake), where, and the largest upload its answers
/// may carry.
pub(super) fn know_interaction(inner: &mut Inner, interaction: &Value) {
    if let (Some(token), Some(channel)) = (
        interaction["token"].as_str(),
        interaction["channel_id"].as_str(),
    ) {
        let limit = interaction["attachment_size_limit"]
            .as_u64()
            .map_or(strict::DEFAULT_UPLOAD, |n| n as usize);
        let mut created = (interaction["id"].as_str())
            .and_then(places::id)
            .map_or_else(|| inner.now(), snowflake_time);
        if inner.held.is_some() {
            // Its id was minted by the wall clock, which has moved on: as
            // old as that says now, the test's time after.
            let age = SystemTime::now()
                .duration_since(created)
                .unwrap_or_default();
            created = inner.now().checked_sub(age).unwrap_or(created);
        }
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

/// An answer: status, JSON body (or an HTML page), headers.
pub(super) struct Answer {
    pub(super) status: u16,
    pub(super) body: Option<Value>,
    pub(super) html: Option<String>,
    pub(super) headers: Vec<(&'static str, String)>,
}

impl Answer {
    pub(super) fn new(status: u16, body: Option<Value>) -> Answer {
        Answer {
            status,
            body,
            html: None,
            headers: Vec::new(),
        }
    }

    pub(super) fn discord(status: u16, code: i64, message: &str) -> Answer {
        Answer::new(status, Some(json!({"code": code, "message": message})))
    }

    /// Cloudflare's answer in front of Discord: an HTML page, no JSON, no
    /// rate-limit headers.
    pub(super) fn cloudflare(status: u16) -> Answer {
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
    pub(super) fn is_shared_limit(&self) -> bool {
        self.headers
            .iter()
            .any(|(n, v)| *n == "x-ratelimit-scope" && v == "shared")
    }
}

impl Shared {
    /// The whole answer to one request: Discord's rules first, then the
    /// tests' one-time answers and stubs, then what Discord does.
    pub(super) fn answer(&self, req: &RecordedRequest) -> Answer {
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
