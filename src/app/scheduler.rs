//! The scheduler: one task that keeps asynchronous games moving. It reads
//! the next due time from the database's indexes (reminders, automatic seats,
//! the outbox), sleeps on the [`Clock`](crate::clock::Clock) until then or
//! until the referee says something may be due sooner, queues due reminders,
//! plays due automatic seats, and hands letters to a [`Courier`].
//!
//! No timer per game is held in memory: a thousand waiting games cost one
//! sleeping task. Nothing the loop does waits on one request: deliveries run
//! concurrently, each bounded by a timeout, and old controls are taken off
//! on tasks of their own, each bounded too; so a slow, failing or
//! rate-limited channel never delays another game's reminder, and a rate
//! limit puts back only the letter it hit. What a delivery became is written
//! back through the referee ([`Referee::letter_delivered`]).

use crate::clock::Millis;
use crate::referee::{retire_aside, Courier, Delivery, Outgoing, Referee};
use crate::store::Letter;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinSet;

/// How the scheduler holds itself back.
#[derive(Debug, Clone)]
pub struct Throttle {
    /// Letters being delivered at once, at most.
    pub in_flight: usize,
    /// How long one delivery may take before it counts as failed.
    pub delivery_timeout: Duration,
    /// After an error of its own (the database), wait this long.
    pub after_error: Millis,
}

impl Default for Throttle {
    fn default() -> Throttle {
        Throttle {
            in_flight: 32,
            delivery_timeout: Duration::from_secs(15),
            after_error: 1_000,
        }
    }
}

/// Runs until `stop` turns true (or its sender is dropped).
pub async fn run(
    referee: Arc<Referee>,
    courier: Arc<dyn Courier>,
    throttle: Throttle,
    mut stop: watch::Receiver<bool>,
) {
    let clock = referee.clock().clone();
    let wake = referee.wake();
    let mut in_flight: JoinSet<(Letter, Delivery)> = JoinSet::new();
    loop {
        if *stop.borrow() {
            break;
        }
        let now = clock.now();
        let mut failed = false;
        if let Err(e) = referee.queue_due_reminders(now).await {
            tracing::error!("cannot queue reminders: {e:#}");
            failed = true;
        }
        if let Err(e) = referee.play_due_automatic(now).await {
            tracing::error!("cannot play automatic seats: {e:#}");
            failed = true;
        }
        // Tournaments take a bounded step a pass; while they took one, there
        // may be more, and the next pass comes at once.
        let tournaments_moved = match referee.run_tournaments(now).await {
            Ok(steps) => steps > 0,
            Err(e) => {
                tracing::error!("cannot run the tournaments on: {e:#}");
                failed = true;
                false
            }
        };
        let room = throttle.in_flight.saturating_sub(in_flight.len());
        if room > 0 {
            match referee.lease_letters(now, room as i64).await {
                Ok(letters) => {
                    for letter in letters {
                        let sending = courier.deliver(Outgoing::of(&letter));
                        let timeout = throttle.delivery_timeout;
                        let referee = referee.clone();
                        in_flight.spawn(async move {
                            // Its game may have begun to wait since the
                            // letter was handed out (the bot removed from
                            // its server): then it is not sent.
                            if matches!(referee.letter_waits(&letter).await, Ok(true)) {
                                return (letter, Delivery::Held);
                            }
                            let delivery = match tokio::time::timeout(timeout, sending).await {
                                Ok(delivery) => delivery,
                                Err(_) => Delivery::Failed(format!(
                                    "no answer within {} s",
                                    timeout.as_secs()
                                )),
                            };
                            (letter, delivery)
                        });
                    }
                }
                Err(e) => {
                    tracing::error!("cannot read the outbox: {e:#}");
                    failed = true;
                }
            }
        }
        let next = match referee.next_due().await {
            Ok(next) => next,
            Err(e) => {
                tracing::error!("cannot read the schedule: {e:#}");
                failed = true;
                None
            }
        };
        let next = if failed {
            Some(now + throttle.after_error)
        } else if tournaments_moved {
            Some(now)
        } else {
            if in_flight.is_empty() {
                // Everything due by `now` is queued, delivered and recorded.
                referee.mark_checked(now);
            }
            next
        };
        let sleep = async {
            match next {
                Some(at) => clock.sleep_until(at).await,
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            Some(first) = in_flight.join_next(), if !in_flight.is_empty() => {
                // Every delivery finished by now is recorded in one transaction.
                let mut done = Vec::new();
                let mut next = Some(first);
                while let Some(finished) = next {
                    match finished {
                        Ok(pair) => done.push(pair),
                        Err(e) => tracing::error!("a delivery task failed: {e}"),
                    }
                    next = in_flight.try_join_next();
                }
                record(&referee, courier.as_ref(), done, clock.now()).await;
            }
            () = sleep => {}
            () = wake.notified() => {}
            _ = stop.changed() => {}
        }
    }
    // Deliveries under way finish; their letters are recorded.
    let mut done = Vec::new();
    while let Some(finished) = in_flight.join_next().await {
        if let Ok(pair) = finished {
            done.push(pair);
        }
    }
    record(&referee, courier.as_ref(), done, clock.now()).await;
}

/// Writes down what became of finished deliveries, then retires the table
/// messages they replaced.
async fn record(
    referee: &Referee,
    courier: &dyn Courier,
    done: Vec<(Letter, Delivery)>,
    now: Millis,
) {
    if done.is_empty() {
        return;
    }
    let nonces: Vec<String> = done.iter().map(|(l, _)| l.nonce.clone()).collect();
    match referee.letters_delivered(done, now).await {
        Ok(retires) => {
            for retire in retires.into_iter().flatten() {
                retire_aside(courier, retire);
            }
        }
        // The letters stay leased and are sent again when the lease ends:
        // their nonces keep Discord from showing them twice.
        Err(e) => tracing::error!(?nonces, "cannot record deliveries: {e:#}"),
    }
}
