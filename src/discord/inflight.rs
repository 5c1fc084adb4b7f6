//! The interactions being answered, so that a stop (a deploy's SIGTERM)
//! first stops taking new ones, then waits a bounded time for those in
//! flight: a move committed just before the stop still gets its answer. And
//! what became of the interactions that were not answered as usual
//! ([`Missed`]), for the log, the soak and the tests.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// How long a stop waits for the interactions in flight, at most.
pub const DRAIN_WITHIN: Duration = Duration::from_secs(10);

/// The interactions being answered.
#[derive(Debug, Default)]
pub struct Inflight {
    closed: AtomicBool,
    count: AtomicUsize,
    idle: Notify,
}

/// One interaction being answered: counted until dropped.
#[derive(Debug)]
pub struct Busy(Arc<Inflight>);

impl Drop for Busy {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Inflight {
    /// Counts one interaction in, unless the bot is stopping.
    pub fn enter(self: &Arc<Self>) -> Option<Busy> {
        self.count.fetch_add(1, Ordering::SeqCst);
        let busy = Busy(self.clone());
        // Checked after counting in: a stop that closed meanwhile either
        // sees this one counted or this one sees it closed.
        (!self.closed.load(Ordering::SeqCst)).then_some(busy)
    }

    /// How many are being answered now.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    /// Takes no new interaction from now on and waits, up to `within`, for
    /// those in flight. Returns how many were still in flight at the end.
    pub async fn close(&self, within: Duration) -> usize {
        self.closed.store(true, Ordering::SeqCst);
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let idle = self.idle.notified();
            tokio::pin!(idle);
            idle.as_mut().enable();
            let left = self.count();
            if left == 0 {
                return 0;
            }
            if tokio::time::timeout_at(deadline, idle).await.is_err() {
                return self.count();
            }
        }
    }
}

/// Interactions that were not answered as usual, since the start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Missed {
    /// Came too late for an answer to reach Discord: not played.
    pub too_late: u64,
    /// Came while the bot was stopping: told to try again.
    pub refused_stopping: u64,
    /// Their reply was not ready before their token lapsed: the wait for
    /// it ended (a move's table then goes to the channel).
    pub given_up: u64,
    /// A move whose answer failed, or could not be given before its token
    /// lapsed: its table went to the channel through the outbox.
    pub sent_to_channel: u64,
}

/// A [`Missed`] that can be waited on.
#[derive(Debug)]
pub struct Tallies(tokio::sync::watch::Sender<Missed>);

impl Default for Tallies {
    fn default() -> Tallies {
        Tallies(tokio::sync::watch::channel(Missed::default()).0)
    }
}

impl Tallies {
    pub fn count(&self, what: impl FnOnce(&mut Missed)) {
        self.0.send_modify(what);
    }

    /// The tally now, and later ones.
    pub fn watch(&self) -> tokio::sync::watch::Receiver<Missed> {
        self.0.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_stop_waits_for_those_in_flight_and_takes_no_more() {
        let inflight = Arc::new(Inflight::default());
        let busy = inflight.enter().expect("open");
        let stopping = {
            let inflight = inflight.clone();
            tokio::spawn(async move { inflight.close(DRAIN_WITHIN).await })
        };
        tokio::task::yield_now().await;
        assert!(
            inflight.enter().is_none(),
            "no new interaction while stopping"
        );
        drop(busy);
        assert_eq!(stopping.await.expect("the stop ends"), 0);

        let stuck = Arc::new(Inflight::default());
        let _held = stuck.enter().expect("open");
        assert_eq!(stuck.close(DRAIN_WITHIN).await, 1, "the wait is bounded");
    }
}
