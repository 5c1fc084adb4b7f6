//! Before the gateway: Discord allows a bot 1,000 session starts (IDENTIFY)
//! a day and resets its token past that, and takes at most
//! `max_concurrency` IDENTIFYs every 5 seconds. So the bot reads what is left
//! (`session_start_limit` of `GET /gateway/bot`), never identifies when
//! nothing is (it waits, saying until when, rather than exiting into a tight
//! restart loop), and its processes take turns through a gate in the shared
//! database, each holding it while its shards identify.

use crate::clock::{Clock as _, SystemClock};
use crate::referee::Referee;
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// How long serenity leaves between two of its shards' IDENTIFYs, and so
/// how long a process holds the gate per shard (with a margin).
pub const PER_SHARD: Duration = Duration::from_millis(5_500);

/// Waits until Discord allows `shards` more session starts (`None`: as many
/// as it recommends), then takes the identify gate for them. Returns what
/// `GET /gateway/bot` said, for the log.
pub async fn wait_for_session_starts(
    http: &serenity::Http,
    referee: &Referee,
    shards: Option<u32>,
) -> anyhow::Result<serenity::BotGateway> {
    let gateway = loop {
        let gateway = http.get_bot_gateway().await?;
        let limit = gateway.session_start_limit.clone();
        let wanted = u64::from(shards.unwrap_or(gateway.shards).max(1));
        if limit.remaining >= wanted {
            break gateway;
        }
        let wait = Duration::from_millis(limit.reset_after.max(1_000));
        tracing::error!(
            remaining = limit.remaining,
            total = limit.total,
            "Discord allows no more session starts today (past them it would reset the bot's token): \
             waiting {} min until it allows more",
            wait.as_secs().div_ceil(60)
        );
        tokio::time::sleep(wait).await;
    };
    let shards = shards.unwrap_or(gateway.shards).max(1);
    let concurrency = u32::try_from(gateway.session_start_limit.max_concurrency)
        .unwrap_or(1)
        .max(1);
    let hold = PER_SHARD * shards.div_ceil(concurrency);
    let hold_ms = i64::try_from(hold.as_millis()).unwrap_or(i64::MAX);
    loop {
        // The wall clock, never a test's: the gate is shared with the bot's
        // other processes through the database.
        let now = SystemClock.now();
        match referee.take_identify_gate(now, now + hold_ms).await? {
            None => break,
            Some(frees) => {
                let wait = Duration::from_millis(u64::try_from(frees - now).unwrap_or(0));
                tracing::info!(
                    "another process of this bot is connecting: waiting {} ms",
                    wait.as_millis()
                );
                tokio::time::sleep(wait.clamp(Duration::from_millis(100), Duration::from_secs(30)))
                    .await;
            }
        }
    }
    Ok(gateway)
}
