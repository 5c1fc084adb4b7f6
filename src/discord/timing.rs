//! An interaction's clock: Discord takes its first answer within 3 seconds
//! of the interaction's creation, and its follow-ups within 15 minutes; the
//! creation time is in its id (a snowflake), whatever delayed its arrival (a
//! gateway RESUME replaying missed events, a busy machine, the commands
//! being registered at start).
//!
//! So an interaction is played only while its answer can still reach
//! Discord ([`Arrival::too_late`]), its deferral counts from its creation,
//! and the wait for a slow reply ends before its token lapses. These are
//! matters of the network, measured on the machine's wall clock against
//! Discord's: the host's clock must be kept in time (NTP), as for any
//! Discord bot.

use super::inflight::Tallies;
use crate::clock::{Clock as _, SystemClock};
use std::time::Duration;

/// Discord's epoch, the first millisecond of 2015, in Unix milliseconds.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Discord's window for an interaction's first answer.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// An interaction older than this on arrival is not played: its first
/// answer (or its deferral) still has to cross the network within
/// [`ANSWER_WITHIN`].
pub const PLAY_WITHIN: Duration = Duration::from_millis(2500);

/// How long an interaction's token takes follow-ups: Discord's 15 minutes.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// Room kept before the token lapses for the last follow-up to arrive: a
/// thirtieth of its life (30 s of Discord's 15 minutes).
pub const TOKEN_MARGIN_PART: u32 = 30;

/// When a snowflake was made, in Unix milliseconds.
pub fn created_ms(snowflake: u64) -> u64 {
    (snowflake >> 22) + DISCORD_EPOCH_MS
}

/// Now, in Unix milliseconds, by the wall clock (never a test's: Discord
/// made the snowflake by its own).
fn now_ms() -> u64 {
    u64::try_from(SystemClock.now()).unwrap_or(0)
}

/// An interaction as it arrived: how old it was then, and when it came.
#[derive(Debug, Clone, Copy)]
pub struct Arrival {
    /// Its age on arrival (zero if the machine's clock is behind Discord's).
    pub age: Duration,
    /// When it arrived, on the runtime's clock (for waits).
    pub at: tokio::time::Instant,
}

impl Arrival {
    /// The interaction `id`, arriving now.
    pub fn of(id: u64) -> Arrival {
        Arrival::aged(Duration::from_millis(
            now_ms().saturating_sub(created_ms(id)),
        ))
    }

    /// An interaction `age` old, arriving now.
    pub fn aged(age: Duration) -> Arrival {
        Arrival {
            age,
            at: tokio::time::Instant::now(),
        }
    }

    /// Whether its first answer could no longer reach Discord in time.
    pub fn too_late(&self) -> bool {
        self.age >= PLAY_WITHIN
    }

    /// How long after its arrival to answer at once if the reply is not
    /// ready: `defer_after` counted from the interaction's creation.
    pub fn defer_in(&self, defer_after: Duration) -> Duration {
        defer_after.saturating_sub(self.age)
    }

    /// When the wait for its reply ends, its token lasting `lifetime`.
    pub fn give_up_at(&self, lifetime: Duration) -> tokio::time::Instant {
        let margin = lifetime / TOKEN_MARGIN_PART;
        self.at + lifetime.saturating_sub(self.age + margin)
    }
}

/// An interaction that came too late for its answer to reach Discord: not
/// played, so that nothing is committed that nobody would be shown.
pub fn not_played(tallies: &Tallies, arrival: &Arrival, what: &str) {
    tallies.count(|t| t.too_late += 1);
    tracing::warn!(
        age_ms = arrival.age.as_millis() as u64,
        "{what} came too late to be answered in Discord's 3 seconds: not played (is this machine's clock in time?)"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snowflake_says_when_it_was_made() {
        // Discord's documented example: 175928847299117063 was made at
        // 1462015105796 (2016-04-30 11:18:25.796 UTC).
        assert_eq!(created_ms(175_928_847_299_117_063), 1_462_015_105_796);
        let now = now_ms();
        let id = (now - DISCORD_EPOCH_MS) << 22;
        assert!(Arrival::of(id).age < Duration::from_secs(1));
        let old = (now - 10_000 - DISCORD_EPOCH_MS) << 22;
        assert!(Arrival::of(old).too_late());
        // A clock behind Discord's sees a fresh interaction.
        let future = (now + 60_000 - DISCORD_EPOCH_MS) << 22;
        assert_eq!(Arrival::of(future).age, Duration::ZERO);
    }

    #[tokio::test]
    async fn deferral_and_giving_up_count_from_the_creation() {
        let fresh = Arrival::aged(Duration::ZERO);
        assert!(!fresh.too_late());
        assert_eq!(
            fresh.defer_in(Duration::from_millis(1500)),
            Duration::from_millis(1500)
        );
        let late = Arrival::aged(Duration::from_millis(1200));
        assert!(!late.too_late());
        assert_eq!(
            late.defer_in(Duration::from_millis(1500)),
            Duration::from_millis(300)
        );
        assert_eq!(
            Arrival::aged(Duration::from_secs(2)).defer_in(Duration::from_millis(1500)),
            Duration::ZERO
        );
        assert!(Arrival::aged(PLAY_WITHIN).too_late());
        let give_up = late.give_up_at(TOKEN_LIFETIME) - late.at;
        assert_eq!(
            give_up,
            TOKEN_LIFETIME - Duration::from_secs(30) - Duration::from_millis(1200)
        );
    }
}
