//! Each link to its rate: a bucket of requests per link (its signature),
//! refilled as time passes. A link over its rate is answered 429 and nothing
//! is done. A matter of the network, not of the game: its time is tokio's
//! (as the Discord front end's pacing), not the game's clock.

use std::collections::HashMap;
use std::sync::Mutex;
use tokio::time::Instant;

/// Milliseconds, as the buckets count them.
type Millis = i64;

/// Requests a link may make at once, and per second after: a page is three
/// or four requests (the page, its picture, its live stream), so a person
/// clicking quickly stays well under, a flood does not.
const BURST: f64 = 120.0;
const PER_SECOND: f64 = 30.0;
/// Moves a link may send at once, and per second after.
const MOVE_BURST: f64 = 20.0;
const MOVES_PER_SECOND: f64 = 5.0;
/// Buckets kept before the full ones are forgotten.
const MAX_BUCKETS: usize = 10_000;

pub(super) struct Limits {
    buckets: Mutex<HashMap<(String, bool), (f64, Millis)>>,
    start: Instant,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            buckets: Mutex::default(),
            start: Instant::now(),
        }
    }
}

impl Limits {
    /// Whether `key` may make one more request (a move when `moving`).
    pub(super) fn allow_now(&self, key: &str, moving: bool) -> bool {
        let now = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.allow(key, moving, now)
    }

    /// Whether `key` may make one more request (a move when `moving`) now.
    pub(super) fn allow(&self, key: &str, moving: bool, now: Millis) -> bool {
        let (burst, rate) = if moving {
            (MOVE_BURST, MOVES_PER_SECOND)
        } else {
            (BURST, PER_SECOND)
        };
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() > MAX_BUCKETS {
            buckets.retain(|_, (tokens, at)| *tokens + (now - *at) as f64 / 1000.0 * rate < burst);
        }
        let (tokens, at) = buckets
            .entry((key.to_string(), moving))
            .or_insert((burst, now));
        *tokens = (*tokens + (now - *at).max(0) as f64 / 1000.0 * rate).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_over_its_rate_waits_and_others_do_not() {
        let limits = Limits::default();
        let granted = (0..100).filter(|_| limits.allow("a", true, 0)).count();
        assert_eq!(granted, MOVE_BURST as usize);
        assert!(limits.allow("b", true, 0));
        assert!(!limits.allow("a", true, 100));
        assert!(limits.allow("a", true, 600));
    }
}
