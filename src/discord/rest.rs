//! The bot's own calls to Discord's REST API: everything but the answers to
//! interactions (letters, old controls taken off, threads kept open,
//! whether the bot is in a thread).
//!
//! Every answer is read here, never slept through inside a library: rate
//! limits are waited out in the call while the waits stay short, a longer
//! one is handed back so the letter is tried again later; a refusal is judged by Discord's JSON
//! `code`, not by the HTTP status alone ([`Refused`]).
//!
//! Invariants:
//! - Calls are paced under Discord's global limit ([`Pacer`]) and wait for
//!   a route's bucket when Discord said it is spent (`X-RateLimit-*`).
//! - The bot stays far below Discord's ban threshold (10,000 answers 401,
//!   403 or 429 in 10 minutes get the machine's address banned): the
//!   [`Guard`] counts such answers and holds every call back once
//!   [`INVALID_BOUND`] of them came in the last [`INVALID_WINDOW`].
//! - An answer that is not Discord's (a 429 or 403 without its JSON, as
//!   Cloudflare answers when it bans) or a 429 that says no wait holds every
//!   call back for a while that doubles each time, from [`FIRST_BLOCK`] to
//!   [`MAX_BLOCK`], and starts again after a call goes through. It doubles
//!   once per hold, not once per answer: the answers to calls sent before
//!   the hold began (ten letters refused together) are the same refusal,
//!   and leave the hold as it is.

use super::pacer::Pacer;
use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{CreateAttachment, LightMethod, Multipart, MultipartUpload, Request, Route};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// The window Discord counts invalid requests in.
pub const INVALID_WINDOW: Duration = Duration::from_secs(600);
/// Answers 401, 403 or 429 in [`INVALID_WINDOW`] after which the bot makes
/// no call until the oldest leaves the window: a twentieth of the 10,000
/// that get an address banned.
pub const INVALID_BOUND: usize = 500;
/// The first wait after an answer that is not Discord's.
pub const FIRST_BLOCK: Duration = Duration::from_secs(5);
/// The longest such wait.
pub const MAX_BLOCK: Duration = Duration::from_secs(600);
/// Rate limits are waited out within a call while the waits add up to no
/// more than this (under the scheduler's 15 seconds for a delivery); a
/// longer one is handed back, and the letter is tried again later.
pub const WAIT_WITHIN: Duration = Duration::from_secs(10);

/// Discord's JSON error codes the bot acts on
/// (`topics/opcodes-and-status-codes`).
pub mod codes {
    /// Unknown Channel: it was deleted (or never was).
    pub const UNKNOWN_CHANNEL: i64 = 10003;
    /// Missing Access: the bot cannot see the channel (or is not in the
    /// private thread, or not in the server).
    pub const MISSING_ACCESS: i64 = 50001;
    /// Cannot send messages to this user (their DMs are closed).
    pub const DMS_CLOSED: i64 = 50007;
    /// Missing Permissions.
    pub const MISSING_PERMISSIONS: i64 = 50013;
    /// The operation is not allowed on an archived thread.
    pub const THREAD_ARCHIVED: i64 = 50083;
    /// Cannot send messages to this user: no mutual servers.
    pub const NO_MUTUAL_SERVER: i64 = 50278;
    /// The thread is locked.
    pub const THREAD_LOCKED: i64 = 160005;
}

/// Why a call did not go through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Rate limited for this long (a route's bucket, the global limit, a
    /// shared limit such as edits to old messages).
    RateLimited(Duration),
    /// Not sent: the [`Guard`] holds every call back for this long.
    Held(Duration),
    /// Refused with Discord's JSON error code.
    Code { status: u16, code: i64 },
    /// Anything else: a server error, no answer, an answer that is not
    /// Discord's. Worth trying again later.
    Transient(String),
}

impl Refused {
    /// Discord's error code, if Discord gave one.
    pub fn code(&self) -> Option<i64> {
        match self {
            Refused::Code { code, .. } => Some(*code),
            _ => None,
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::RateLimited(d) => write!(f, "rate limited for {} ms", d.as_millis()),
            Refused::Held(d) => write!(f, "held back for {} ms", d.as_millis()),
            Refused::Code { status, code } => write!(f, "{status}, Discord's code {code}"),
            Refused::Transient(why) => write!(f, "{why}"),
        }
    }
}

/// Counts the answers Discord counts against the bot's address and holds
/// every call back when they come too fast, or when Discord (or Cloudflare
/// before it) answers in a way that says to stop.
#[derive(Debug)]
pub struct Guard {
    /// When each invalid answer of the last [`INVALID_WINDOW`] came.
    invalid: VecDeque<Instant>,
    /// Every invalid answer since the start.
    total_invalid: u64,
    /// The most invalid answers in any window so far.
    most_in_window: usize,
    /// No call before this.
    blocked_until: Option<Instant>,
    /// When the last hold that an answer of stopping set ends: an answer
    /// to a call sent before then belongs to that hold.
    stop_until: Option<Instant>,
    /// The next block's length.
    next_block: Duration,
}

impl Default for Guard {
    fn default() -> Guard {
        Guard {
            invalid: VecDeque::new(),
            total_invalid: 0,
            most_in_window: 0,
            blocked_until: None,
            stop_until: None,
            next_block: FIRST_BLOCK,
        }
    }
}

impl Guard {
    /// How long to hold a call back at `now`, if at all.
    pub fn check(&mut self, now: Instant) -> Option<Duration> {
        while self
            .invalid
            .front()
            .is_some_and(|t| now.duration_since(*t) >= INVALID_WINDOW)
        {
            self.invalid.pop_front();
        }
        let blocked = self
            .blocked_until
            .filter(|until| *until > now)
            .map(|until| until - now);
        let full = (self.invalid.len() >= INVALID_BOUND)
            .then(|| self.invalid.front().map(|t| *t + INVALID_WINDOW - now))
            .flatten();
        match (blocked, full) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// An answer 401, 403 or 429 came at `now`.
    pub fn invalid(&mut self, now: Instant) {
        self.invalid.push_back(now);
        self.total_invalid += 1;
        self.most_in_window = self.most_in_window.max(self.invalid.len());
    }

    /// An answer that says to stop, at `now`, to a call sent at `sent`:
    /// every call waits, longer each hold in a row. A call sent before the
    /// hold in force ended (sent before it began: no call leaves during
    /// one) was refused by the same ban, and changes nothing. Returns the
    /// wait from `now`.
    pub fn block(&mut self, sent: Instant, now: Instant) -> Duration {
        if let Some(until) = self.stop_until.filter(|until| sent < *until) {
            return until.saturating_duration_since(now);
        }
        let wait = self.next_block;
        self.next_block = (wait * 2).min(MAX_BLOCK);
        self.stop_until = Some(now + wait);
        self.block_for(now, wait);
        wait
    }

    /// Every call waits `wait` (Discord's global limit said so).
    pub fn block_for(&mut self, now: Instant, wait: Duration) {
        let until = now + wait;
        self.blocked_until = Some(self.blocked_until.map_or(until, |u| u.max(until)));
    }

    /// A call went through: the next block starts short again.
    pub fn ok(&mut self) {
        self.next_block = FIRST_BLOCK;
    }

    /// Invalid answers since the start, and the most in any window.
    pub fn counts(&self) -> (u64, usize) {
        (self.total_invalid, self.most_in_window)
    }
}

/// What Discord said of a route's bucket.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    remaining: i64,
    reset: Instant,
}

/// The client of the bot's own REST calls.
pub struct Rest {
    client: reqwest::Client,
    /// `Bot <token>`.
    token: String,
    /// Where Discord's API is reached, when not at discord.com (a proxy).
    proxy: Option<String>,
    pacer: Arc<Pacer>,
    guard: Mutex<Guard>,
    buckets: Mutex<HashMap<serenity::RatelimitingBucket, Bucket>>,
}

impl Rest {
    pub fn new(
        client: reqwest::Client,
        token: &str,
        proxy: Option<String>,
        pacer: Arc<Pacer>,
    ) -> Rest {
        let token = token.trim();
        let token = if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        Rest {
            client,
            token,
            proxy,
            pacer,
            guard: Mutex::new(Guard::default()),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Invalid answers since the start, and the most in any 10 minutes.
    pub fn invalid_counts(&self) -> (u64, usize) {
        self.guard.lock().map(|g| g.counts()).unwrap_or_default()
    }

    fn guard<T>(&self, f: impl FnOnce(&mut Guard) -> T) -> T {
        match self.guard.lock() {
            Ok(mut guard) => f(&mut guard),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }

    /// One call, with a JSON body (or none) and its files (none, or the
    /// pictures a message attaches): the
    /// answer's JSON (`Null` when it has none), or why it did not go
    /// through. Rate limits are waited out while the waits fit in
    /// [`WAIT_WITHIN`].
    pub async fn call(
        &self,
        method: LightMethod,
        route: Route<'_>,
        body: Option<&Value>,
        files: &[CreateAttachment],
    ) -> Result<Value, Refused> {
        let deadline = Instant::now() + WAIT_WITHIN;
        loop {
            match self.call_once(method, route, body, files).await {
                Err(Refused::RateLimited(wait) | Refused::Held(wait))
                    if Instant::now() + wait <= deadline =>
                {
                    tokio::time::sleep(wait.max(Duration::from_millis(1))).await;
                }
                other => return other,
            }
        }
    }

    async fn call_once(
        &self,
        method: LightMethod,
        route: Route<'_>,
        body: Option<&Value>,
        files: &[CreateAttachment],
    ) -> Result<Value, Refused> {
        if let Some(wait) = self.guard(|g| g.check(Instant::now())) {
            return Err(Refused::Held(wait));
        }
        let key = route.ratelimiting_bucket();
        let spent = self.buckets.lock().ok().and_then(|b| b.get(&key).copied());
        if let Some(bucket) = spent.filter(|b| b.remaining <= 0) {
            let now = Instant::now();
            if bucket.reset > now {
                return Err(Refused::RateLimited(bucket.reset - now));
            }
        }
        self.pacer.wait().await;
        let request = Request::new(route, method);
        let request = match (files.is_empty(), body) {
            (false, _) => request.multipart(Some(Multipart {
                upload: MultipartUpload::Attachments(files.to_vec()),
                fields: Vec::new(),
                payload_json: body.map(Value::to_string),
            })),
            (true, Some(body)) => request.body(Some(body.to_string().into_bytes())),
            (true, None) => request,
        };
        let built = match request.build(&self.client, &self.token, self.proxy.as_deref()) {
            Ok(builder) => builder
                .build()
                .map_err(|e| Refused::Transient(format!("cannot build the request: {e}")))?,
            Err(e) => return Err(Refused::Transient(format!("cannot build the request: {e}"))),
        };
        let sent = Instant::now();
        let response = self
            .client
            .execute(built)
            .await
            .map_err(|e| Refused::Transient(format!("no answer from Discord: {e}")))?;
        let now = Instant::now();
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let seconds = |name: &str| header(name).and_then(|v| v.parse::<f64>().ok());
        if let (Some(remaining), Some(after)) = (
            header("x-ratelimit-remaining").and_then(|v| v.parse::<i64>().ok()),
            seconds("x-ratelimit-reset-after"),
        ) {
            if let Ok(mut buckets) = self.buckets.lock() {
                buckets.insert(
                    key,
                    Bucket {
                        remaining,
                        reset: now + duration(after),
                    },
                );
            }
        }
        let header_wait = seconds("retry-after");
        let global_header = header("x-ratelimit-global").is_some();
        let text = response.text().await.unwrap_or_default();
        let parsed: Option<Value> = serde_json::from_str(&text).ok();
        if (200..300).contains(&status) {
            self.guard(Guard::ok);
            // An object, or a list (a server's roles).
            return Ok(parsed.unwrap_or(Value::Null));
        }
        let json = parsed.filter(Value::is_object);
        let global = global_header || json.as_ref().is_some_and(|j| j["global"] == true);
        if matches!(status, 401 | 403 | 429) {
            self.guard(|g| g.invalid(now));
        }
        let refused = judge(status, json.as_ref(), header_wait);
        match &refused {
            Judged::Refused(Refused::RateLimited(wait)) if global => {
                self.guard(|g| g.block_for(now, *wait));
            }
            Judged::Stop => {
                let wait = self.guard(|g| g.block(sent, now));
                tracing::warn!(
                    status,
                    "Discord answered without its JSON (a ban, or a proxy's page): every call waits {} s",
                    wait.as_secs()
                );
                return Err(Refused::Held(wait));
            }
            _ => {}
        }
        match refused {
            Judged::Refused(refused) => Err(refused),
            Judged::Stop => Err(Refused::Transient(format!("{status}"))),
        }
    }
}

/// A wait Discord wrote in seconds.
fn duration(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds.clamp(0.0, 86_400.0))
}

/// What an answer that is not a success means.
#[derive(Debug, PartialEq, Eq)]
enum Judged {
    Refused(Refused),
    /// Stop every call for a while: an answer 429 or 403 that is not
    /// Discord's, or a 429 that names no wait.
    Stop,
}

/// Judges an answer that is not a success by Discord's JSON, never by its
/// status alone.
fn judge(status: u16, json: Option<&Value>, header_wait: Option<f64>) -> Judged {
    let code = json.and_then(|j| j["code"].as_i64()).filter(|c| *c != 0);
    let json_wait = json.and_then(|j| j["retry_after"].as_f64());
    match (status, json) {
        (429, _) => match json_wait.or(header_wait) {
            Some(wait) => Judged::Refused(Refused::RateLimited(duration(wait))),
            None => Judged::Stop,
        },
        (403, None) | (401, None) => Judged::Stop,
        (_, Some(_)) if code.is_some() => Judged::Refused(Refused::Code {
            status,
            code: code.unwrap_or_default(),
        }),
        _ => Judged::Refused(Refused::Transient(format!(
            "{status}{}",
            if json.is_none() {
                " (not Discord's JSON)"
            } else {
                ""
            }
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn refusals_are_judged_by_discords_code_not_the_status() {
        let code = |status, code| Judged::Refused(Refused::Code { status, code });
        let refused = |status: u16, body: Value| judge(status, Some(&body), None);
        assert_eq!(
            refused(
                403,
                json!({"code": 50007, "message": "Cannot send messages to this user"})
            ),
            code(403, codes::DMS_CLOSED)
        );
        assert_eq!(
            refused(403, json!({"code": 50278, "message": "no mutual guilds"})),
            code(403, codes::NO_MUTUAL_SERVER)
        );
        assert_eq!(
            refused(404, json!({"code": 10003, "message": "Unknown Channel"})),
            code(404, codes::UNKNOWN_CHANNEL)
        );
        assert_eq!(
            refused(400, json!({"code": 50083, "message": "archived"})),
            code(400, codes::THREAD_ARCHIVED)
        );
        assert_eq!(
            refused(
                403,
                json!({"code": 40004, "message": "Send messages disabled"})
            ),
            code(403, 40004)
        );
        // Cloudflare's answers: no JSON, an HTML page.
        assert_eq!(judge(403, None, None), Judged::Stop);
        assert_eq!(judge(429, None, None), Judged::Stop);
        assert_eq!(
            judge(429, None, Some(2.5)),
            Judged::Refused(Refused::RateLimited(Duration::from_millis(2500)))
        );
        assert_eq!(
            refused(
                429,
                json!({"message": "slow down", "retry_after": 1200.0, "global": false})
            ),
            Judged::Refused(Refused::RateLimited(Duration::from_secs(1200)))
        );
        // A server error, with or without JSON, is worth trying again.
        assert!(matches!(
            judge(503, None, None),
            Judged::Refused(Refused::Transient(_))
        ));
        assert!(matches!(
            refused(
                500,
                json!({"message": "500: Internal Server Error", "code": 0})
            ),
            Judged::Refused(Refused::Transient(_))
        ));
    }

    #[test]
    fn the_guard_holds_calls_back_before_discords_ban_threshold() {
        let start = Instant::now();
        let mut guard = Guard::default();
        for i in 0..INVALID_BOUND {
            assert_eq!(guard.check(start), None, "call {i} goes");
            guard.invalid(start);
        }
        let held = guard.check(start).expect("held at the bound");
        assert_eq!(held, INVALID_WINDOW);
        // Once the window has passed the oldest, calls go again.
        assert_eq!(guard.check(start + INVALID_WINDOW), None);
        assert_eq!(guard.counts(), (INVALID_BOUND as u64, INVALID_BOUND));
    }

    #[test]
    fn blocks_double_up_to_a_cap_and_start_short_after_a_success() {
        let start = Instant::now();
        let mut guard = Guard::default();
        // Each call sent once the hold before it is over, and refused again.
        let mut now = start;
        let mut waits = Vec::new();
        for _ in 0..10 {
            let wait = guard.block(now, now);
            waits.push(wait);
            now += wait;
        }
        assert_eq!(waits[0], FIRST_BLOCK);
        assert_eq!(waits[1], FIRST_BLOCK * 2);
        assert_eq!(*waits.last().expect("ten"), MAX_BLOCK);
        assert!(waits.windows(2).all(|w| w[0] <= w[1]));
        let last = now - MAX_BLOCK;
        assert_eq!(
            guard.check(last),
            Some(MAX_BLOCK),
            "the longest block holds"
        );
        guard.ok();
        assert_eq!(guard.block(now, now), FIRST_BLOCK);
    }

    #[test]
    fn answers_to_calls_sent_before_a_hold_do_not_lengthen_it() {
        let sent = Instant::now();
        let mut guard = Guard::default();
        // Ten letters sent together, all refused by the same ban, their
        // answers coming a millisecond apart.
        let waits: Vec<Duration> = (0..10u64)
            .map(|i| guard.block(sent, sent + Duration::from_millis(1 + i)))
            .collect();
        assert_eq!(waits[0], FIRST_BLOCK);
        for (i, wait) in waits.iter().enumerate().skip(1) {
            assert_eq!(*wait, FIRST_BLOCK - Duration::from_millis(i as u64));
        }
        let first = sent + Duration::from_millis(1);
        assert_eq!(
            guard.check(first),
            Some(FIRST_BLOCK),
            "the hold is the first one, not doubled ten times"
        );
        // A call sent after the hold, refused again: the next hold doubles
        // once.
        let later = first + FIRST_BLOCK;
        assert_eq!(guard.check(later), None);
        assert_eq!(guard.block(later, later), FIRST_BLOCK * 2);
    }
}
