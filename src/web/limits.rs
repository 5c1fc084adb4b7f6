//! Each client to its rate, each seat to its moves: a bucket of requests
//! per client (`client.rs`: its address, or the address a trusted proxy
//! forwards), refilled as time passes, and a bucket of moves per seat of a
//! game. Never per link: every watcher of a game shares its link, and one
//! of them must not use up the others' requests. A request over its rate is
//! answered 429 and nothing is done. What the pages keep ready (a watched
//! game's page and the pictures, `cache.rs`) costs no request.
//!
//! A matter of the network, not of the game: its time is tokio's (as the
//! Discord front end's pacing), not the game's clock.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use tokio::time::Instant;

/// Milliseconds, as the buckets count them.
type Millis = i64;

/// What a request costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Cost {
    /// A page, a picture not kept, a live stream: a page is three or four
    /// requests, so a person clicking quickly stays well under the rate, a
    /// flood does not.
    Request,
    /// A replay drawn for the client (a second or more of drawing).
    Heavy,
    /// A question to Discord for the client: the sign-in of the table
    /// inside Discord (two a person opening it).
    Discord,
}

/// A bucket's owner.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Key {
    Client(IpAddr, Cost),
    /// A seat of a game (its player's id): its moves.
    Seat(i64, String),
}

impl Key {
    /// The bucket's size and how many it gains a second.
    fn rate(&self) -> (f64, f64) {
        match self {
            Key::Client(_, Cost::Request) => (BURST, PER_SECOND),
            Key::Client(_, Cost::Heavy) => (HEAVY_BURST, HEAVY_PER_SECOND),
            Key::Client(_, Cost::Discord) => (DISCORD_BURST, DISCORD_PER_SECOND),
            Key::Seat(..) => (MOVE_BURST, MOVES_PER_SECOND),
        }
    }
}

const BURST: f64 = 120.0;
const PER_SECOND: f64 = 30.0;
const HEAVY_BURST: f64 = 4.0;
const HEAVY_PER_SECOND: f64 = 0.5;
/// Questions to Discord a client may cause at once (ten openings of the
/// table inside Discord: a household behind one address), and per second
/// after (three openings a minute).
const DISCORD_BURST: f64 = 20.0;
const DISCORD_PER_SECOND: f64 = 0.1;
/// Moves a seat may send at once, and per second after.
const MOVE_BURST: f64 = 20.0;
const MOVES_PER_SECOND: f64 = 5.0;
/// Buckets kept: beyond, the full ones are forgotten (a forgotten bucket is
/// a full one), then the longest untouched.
const MAX_BUCKETS: usize = 20_000;

pub(super) struct Limits {
    buckets: Mutex<HashMap<Key, (f64, Millis)>>,
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
    /// Whether `key` may make one more request now.
    pub(super) fn allow_now(&self, key: Key) -> bool {
        let now = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.allow(key, now)
    }

    /// Whether `key` may make one more request at `now`.
    pub(super) fn allow(&self, key: Key, now: Millis) -> bool {
        let (burst, rate) = key.rate();
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() >= MAX_BUCKETS && !buckets.contains_key(&key) {
            buckets.retain(|k, (tokens, at)| {
                let (burst, rate) = k.rate();
                *tokens + (now - *at) as f64 / 1000.0 * rate < burst
            });
            if buckets.len() >= MAX_BUCKETS {
                let mut touched: Vec<Millis> = buckets.values().map(|(_, at)| *at).collect();
                touched.sort_unstable();
                let cut = touched[touched.len() / 2];
                buckets.retain(|_, (_, at)| *at > cut);
            }
        }
        let (tokens, at) = buckets.entry(key).or_insert((burst, now));
        *tokens = (*tokens + (now - *at).max(0) as f64 / 1000.0 * rate).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Buckets kept now.
    #[cfg(test)]
    fn kept(&self) -> usize {
        self.buckets.lock().map_or(0, |b| b.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(last: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, last])
    }

    #[test]
    fn a_seat_over_its_rate_waits_and_others_do_not() {
        let limits = Limits::default();
        let seat = |user: &str| Key::Seat(7, user.to_string());
        let granted = (0..100).filter(|_| limits.allow(seat("a"), 0)).count();
        assert_eq!(granted, MOVE_BURST as usize);
        assert!(limits.allow(seat("b"), 0));
        assert!(limits.allow(Key::Seat(8, "a".into()), 0), "another game");
        assert!(!limits.allow(seat("a"), 100));
        assert!(limits.allow(seat("a"), 600));
    }

    #[test]
    fn one_clients_burst_leaves_another_clients_requests_alone() {
        let limits = Limits::default();
        let granted = (0..1000)
            .filter(|_| limits.allow(Key::Client(client(1), Cost::Request), 0))
            .count();
        assert_eq!(granted, BURST as usize);
        assert!(limits.allow(Key::Client(client(2), Cost::Request), 0));
        // A replay is counted apart, and far more sparingly.
        let heavy = (0..10)
            .filter(|_| limits.allow(Key::Client(client(2), Cost::Heavy), 0))
            .count();
        assert_eq!(heavy, HEAVY_BURST as usize);
        assert!(limits.allow(Key::Client(client(2), Cost::Request), 0));
    }

    #[test]
    fn the_buckets_kept_are_bounded() {
        let limits = Limits::default();
        for n in 0..(MAX_BUCKETS as u32 + 5_000) {
            let ip = IpAddr::from(n.to_be_bytes());
            // Each client one request: its bucket is not full for a while.
            assert!(limits.allow(Key::Client(ip, Cost::Request), i64::from(n / 100)));
        }
        assert!(limits.kept() <= MAX_BUCKETS, "{}", limits.kept());
    }
}
