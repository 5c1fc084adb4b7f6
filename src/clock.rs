//! The one clock the bot reads. Everything that depends on time (the times in
//! the move log, reminders, nudges, turn limits) asks a [`Clock`], so tests
//! drive time with a [`ManualClock`] instead of sleeping.
//!
//! Times are milliseconds since the Unix epoch ([`Millis`]); the move log
//! writes them as RFC 3339 ([`rfc3339`]), Discord's timestamps take seconds.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

/// A source of the current time that can also wait for a time to come.
pub trait Clock: Send + Sync + 'static {
    /// Now, in milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
    /// Resolves once `now() >= at`.
    fn sleep_until(&self, at: Millis) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;
}

/// A shared clock.
pub type SharedClock = Arc<dyn Clock>;

/// The wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let now = time::OffsetDateTime::now_utc();
        (now.unix_timestamp_nanos() / 1_000_000) as Millis
    }

    fn sleep_until(&self, at: Millis) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            // Sleep in slices, so that a clock set forward (or a suspended
            // machine) is noticed within a minute.
            loop {
                let left = at - self.now();
                if left <= 0 {
                    return;
                }
                let slice = Duration::from_millis(left.min(60_000) as u64);
                tokio::time::sleep(slice).await;
            }
        })
    }
}

/// A clock the tests set and advance; whatever sleeps on it wakes when time
/// passes its deadline.
#[derive(Debug, Clone)]
pub struct ManualClock {
    now: Arc<watch::Sender<Millis>>,
}

impl ManualClock {
    /// A clock standing at `start`.
    pub fn new(start: Millis) -> ManualClock {
        ManualClock {
            now: Arc::new(watch::channel(start).0),
        }
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        let by = by.as_millis() as Millis;
        self.now.send_modify(|t| *t += by);
    }

    /// Sets the clock (forward or back).
    pub fn set(&self, at: Millis) {
        self.now.send_replace(at);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        *self.now.borrow()
    }

    fn sleep_until(&self, at: Millis) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        let mut rx = self.now.subscribe();
        Box::pin(async move {
            // The sender lives as long as the clock, which outlives this borrow.
            let _ = rx.wait_for(|now| *now >= at).await;
        })
    }
}

/// A time as RFC 3339, for the move log.
pub fn rfc3339(at: Millis) -> String {
    let nanos = i128::from(at) * 1_000_000;
    time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_else(|| "1970-01-01T00:00:00Z".into())
}

/// An RFC 3339 time back to milliseconds (`None` when it does not read).
pub fn parse_rfc3339(text: &str) -> Option<Millis> {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(|t| (t.unix_timestamp_nanos() / 1_000_000) as Millis)
}

/// Discord's relative time tag: `<t:SECONDS:R>` ("3 hours ago").
pub fn discord_relative(at: Millis) -> String {
    format!("<t:{}:R>", at.div_euclid(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_back_from_rfc3339() {
        let t = 1_795_000_000_123;
        assert_eq!(parse_rfc3339(&rfc3339(t)), Some(t));
        assert_eq!(discord_relative(t), "<t:1795000000:R>");
        assert_eq!(parse_rfc3339("yesterday"), None);
    }

    #[tokio::test]
    async fn a_manual_clock_wakes_sleepers_when_it_passes_their_time() {
        let clock = ManualClock::new(1_000);
        let waiter = {
            let clock = clock.clone();
            tokio::spawn(async move { clock.sleep_until(5_000).await })
        };
        clock.advance(Duration::from_millis(3_000));
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished(), "woke before its time");
        clock.advance(Duration::from_millis(1_000));
        tokio::time::timeout(Duration::from_secs(5), waiter)
            .await
            .expect("wakes once the time has come")
            .expect("the sleeper ends");
        assert_eq!(clock.now(), 5_000);
    }
}
