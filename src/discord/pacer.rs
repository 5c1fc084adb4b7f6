//! Keeps the bot's own calls to Discord under its global rate limit.
//!
//! Discord allows a bot 50 requests a second over every route but the
//! interactions' (answers to interactions and their follow-ups), and bans an
//! application for a while after too many refused requests. Serenity's rate
//! limiter waits out the per-route buckets before they are spent, but learns
//! of the global limit only from a 429, and then holds back only the request
//! that met it. The calls the bot makes outside interactions (reminders,
//! turn alerts, taking the controls off an old table message) all go through
//! the courier, which asks this pacer first: a permit a call, at most
//! [`BURST`] at once and [`PER_SECOND`] a second after, refilled by a timer
//! (the calls' pace is a matter of the network, not of game time, so it is
//! not the game's clock). In any one second at most `BURST + PER_SECOND`
//! calls go: a burst (a tournament's round opening 100 threads) stays
//! under Discord's 50 instead of meeting its 429s.

use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Calls a second the pacer lets through once its burst is spent.
pub const PER_SECOND: usize = 40;
/// Calls let through at once: with [`PER_SECOND`], 45 in any second, under
/// Discord's 50, leaving room for serenity's own (the gateway's URL,
/// registering the commands).
pub const BURST: usize = 5;

// Discord's global limit is 50 calls a second.
const _: () = assert!(BURST + PER_SECOND < 50);

/// Permits to call Discord, refilled [`PER_SECOND`] times a second.
pub struct Pacer {
    permits: Arc<Semaphore>,
    refill: tokio::task::JoinHandle<()>,
}

impl Pacer {
    /// Starts the refilling timer (on the current tokio runtime).
    pub fn start() -> Pacer {
        let permits = Arc::new(Semaphore::new(BURST));
        let filled = permits.clone();
        let refill = tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1) / PER_SECOND as u32);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if filled.available_permits() < BURST {
                    filled.add_permits(1);
                }
            }
        });
        Pacer { permits, refill }
    }

    /// Waits for a permit to make one call, and spends it.
    pub async fn wait(&self) {
        if let Ok(permit) = self.permits.acquire().await {
            permit.forget();
        }
    }
}

impl Drop for Pacer {
    fn drop(&mut self) {
        self.refill.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_burst_is_spread_to_the_pace() {
        let pacer = Pacer::start();
        let start = tokio::time::Instant::now();
        for _ in 0..BURST + PER_SECOND * 2 {
            pacer.wait().await;
        }
        // The burst at once, then one a tick.
        let took = start.elapsed();
        assert!(took >= Duration::from_millis(1900), "{took:?}");
        assert!(took <= Duration::from_millis(2100), "{took:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn no_second_lets_through_more_than_discord_allows() {
        let pacer = Pacer::start();
        let start = tokio::time::Instant::now();
        let mut at = Vec::new();
        for _ in 0..200 {
            pacer.wait().await;
            at.push(start.elapsed());
        }
        for (i, first) in at.iter().enumerate() {
            let within = at[i..]
                .iter()
                .take_while(|t| **t < *first + Duration::from_secs(1))
                .count();
            assert!(
                within <= BURST + PER_SECOND,
                "{within} calls within a second of {first:?}"
            );
        }
    }
}
