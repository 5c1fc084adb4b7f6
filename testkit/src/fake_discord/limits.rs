//! Discord's rate limits as the fake applies them: a bucket per route and
//! major parameter (channel, guild, webhook), each a number of requests per
//! window, told in the `X-RateLimit-*` headers of every answer; and the
//! global limit over every route but the interactions' (50 requests a
//! second on Discord). A request over a limit is answered `429` with
//! `retry_after`, as Discord does, and counted.

use super::strict::Operation;
use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Discord's global limit: requests a second over all routes but the
/// interactions'.
pub const GLOBAL_PER_SECOND: u32 = 50;

/// What a route allows, and what each bucket has used.
pub struct Limits {
    /// `"POST /channels/{channel_id}/messages"` -> (requests, window).
    routes: HashMap<String, (u32, Duration)>,
    /// For every other route.
    default: (u32, Duration),
    /// Bucket (route and major parameter) -> (used, window start).
    used: HashMap<String, (u32, Instant)>,
    global: u32,
    global_used: (u32, Instant),
    /// Every 429 given, and how many were global.
    pub limited: usize,
    pub limited_global: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            routes: HashMap::new(),
            // Roomy, so that the tests that are not about limits never meet
            // them; a test tightens the route it is about.
            default: (1000, Duration::from_secs(1)),
            used: HashMap::new(),
            global: GLOBAL_PER_SECOND,
            global_used: (0, Instant::now()),
            limited: 0,
            limited_global: 0,
        }
    }
}

/// The headers of an answer, and a 429 when a limit was hit.
pub struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    /// `Some((retry_after, global))` when the request is refused.
    pub refused: Option<(Duration, bool)>,
}

impl Limits {
    /// A route's limit, from its next request on (what its buckets have
    /// used so far is forgotten, as if the limit had always been so).
    pub fn set_route(&mut self, route: &str, requests: u32, per: Duration) {
        self.routes.insert(route.to_string(), (requests, per));
        let prefix = format!("{route} ");
        self.used.retain(|bucket, _| !bucket.starts_with(&prefix));
    }

    pub fn set_global(&mut self, per_second: u32) {
        self.global = per_second;
        self.global_used = (0, Instant::now());
    }

    /// Counts a request against its bucket and the global limit.
    pub fn check(&mut self, op: &Operation, now: Instant) -> Verdict {
        let route = format!("{} {}", op.method, op.template);
        let interaction = op.template.starts_with("/interactions/")
            || op
                .template
                .starts_with("/webhooks/{webhook_id}/{webhook_token}");
        if !interaction {
            let (used, start) = &mut self.global_used;
            if now.duration_since(*start) >= Duration::from_secs(1) {
                *used = 0;
                *start = now;
            }
            if *used >= self.global {
                let retry = Duration::from_secs(1).saturating_sub(now.duration_since(*start));
                self.limited += 1;
                self.limited_global += 1;
                return Verdict {
                    headers: vec![
                        ("x-ratelimit-global", "true".into()),
                        ("x-ratelimit-scope", "global".into()),
                        ("retry-after", format!("{:.3}", retry.as_secs_f64())),
                    ],
                    refused: Some((retry, true)),
                };
            }
            *used += 1;
        }
        let major: Vec<&str> = ["channel_id", "guild_id", "webhook_id", "webhook_token"]
            .iter()
            .filter_map(|p| op.param(p))
            .collect();
        let bucket = format!("{route} {}", major.join("/"));
        let (limit, window) = self.routes.get(&route).copied().unwrap_or(self.default);
        let (used, start) = self.used.entry(bucket).or_insert((0, now));
        if now.duration_since(*start) >= window {
            *used = 0;
            *start = now;
        }
        let reset_after = window.saturating_sub(now.duration_since(*start));
        let reset_at = SystemTime::now()
            .checked_add(reset_after)
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64());
        let mut headers = vec![
            ("x-ratelimit-limit", limit.to_string()),
            ("x-ratelimit-reset", format!("{reset_at:.3}")),
            (
                "x-ratelimit-reset-after",
                format!("{:.3}", reset_after.as_secs_f64()),
            ),
            ("x-ratelimit-bucket", format!("{:016x}", hash(&route))),
        ];
        if *used >= limit {
            self.limited += 1;
            headers.push(("x-ratelimit-remaining", "0".into()));
            headers.push(("x-ratelimit-scope", "user".into()));
            headers.push(("retry-after", format!("{:.3}", reset_after.as_secs_f64())));
            return Verdict {
                headers,
                refused: Some((reset_after, false)),
            };
        }
        *used += 1;
        headers.push(("x-ratelimit-remaining", (limit - *used).to_string()));
        Verdict {
            headers,
            refused: None,
        }
    }
}

/// A bucket's id for the `X-RateLimit-Bucket` header: the route's, hashed.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
