//! The gate the bot's processes pass one at a time to open their gateway
//! sessions: Discord takes at most `max_concurrency` IDENTIFYs every 5
//! seconds from a bot, and answers another with an invalid session (which
//! costs one of the bot's 1,000 session starts a day).

use super::Referee;
use crate::clock::Millis;
use crate::store;

impl Referee {
    /// Takes the gate from `now` until `until` (Unix milliseconds, the
    /// machines' clocks: a matter of the network) if it is free; otherwise
    /// returns when it frees.
    pub async fn take_identify_gate(
        &self,
        now: Millis,
        until: Millis,
    ) -> anyhow::Result<Option<Millis>> {
        let mut tx = self.store.write().await?;
        let frees = store::take_identify_gate(&mut tx, now, until).await?;
        tx.commit().await?;
        Ok(frees)
    }
}
