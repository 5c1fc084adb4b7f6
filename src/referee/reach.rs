//! Whether the bot can post in a game's channel, and what a game does while
//! it cannot: it waits (no reminders, no computer moves, no letters; its
//! web page and `/aq mygames` say why) and goes on when the channel is
//! back.
//!
//! A front end says what it learns of a channel: the bot was removed from
//! a server or came back, a channel or thread was deleted, a thread was
//! locked or unlocked, and with every command whether the bot may post where
//! it was given ([`Via::can_post`](super::Via)). The scheduler learns the rest
//! from Discord's refusals of its letters ([`super::Delivery`]).

use super::Referee;
use crate::lang::Text;
use crate::store::{self, Pause, Scope};

/// What a player is told of a game that waits for its channel.
pub fn pause_text(pause: Pause) -> Text {
    Text::msg(match pause {
        Pause::Removed => "paused-removed",
        Pause::Deleted => "paused-deleted",
        Pause::Unreachable => "paused-unreachable",
    })
}

impl Referee {
    /// The bot was removed from a server (not an outage of it): its running
    /// games wait. Returns the games paused.
    pub async fn server_left(&self, guild: &str) -> anyhow::Result<Vec<i64>> {
        self.pause(Scope::Guild(guild), Some(Pause::Removed), None)
            .await
    }

    /// The bot is in a server (again): the games that waited for it go on.
    /// Returns the games resumed.
    pub async fn server_back(&self, guild: &str) -> anyhow::Result<Vec<i64>> {
        self.pause(Scope::Guild(guild), None, Some(Pause::Removed))
            .await
    }

    /// The servers whose games wait for the bot to come back: a front end
    /// that hears of every server at start need only act on these.
    pub async fn servers_left(&self) -> anyhow::Result<Vec<String>> {
        let mut tx = self.store.read().await?;
        store::guilds_paused_removed(&mut tx).await
    }

    /// A channel or thread was deleted: its game waits for good, and its
    /// letters to the channel are dropped.
    pub async fn channel_deleted(&self, channel: &str) -> anyhow::Result<Vec<i64>> {
        let mut tx = self.store.write_in(channel).await?;
        let paused =
            store::set_paused(&mut tx, Scope::Channel(channel), Some(Pause::Deleted), None).await?;
        for game in &paused {
            store::drop_channel_letters(&mut tx, *game).await?;
        }
        tx.commit().await?;
        self.after_pause(&paused);
        Ok(paused)
    }

    /// Discord refuses the bot in a channel (a thread was locked, say): its
    /// game waits until the bot may post there again.
    pub async fn channel_unreachable(&self, channel: &str) -> anyhow::Result<Vec<i64>> {
        self.pause(Scope::Channel(channel), Some(Pause::Unreachable), None)
            .await
    }

    /// The bot may post in a channel again (a thread was unlocked, the bot
    /// was added to a private thread): its game goes on.
    pub async fn channel_reachable(&self, channel: &str) -> anyhow::Result<Vec<i64>> {
        self.pause(Scope::Channel(channel), None, Some(Pause::Unreachable))
            .await
    }

    /// Whether a game runs in the channel (waiting for it or not).
    pub async fn runs_in(&self, channel: &str) -> anyhow::Result<bool> {
        let mut tx = self.store.read().await?;
        Ok(store::open_game(&mut tx, channel)
            .await?
            .is_some_and(|row| row.status == store::GameStatus::Running))
    }

    /// Whether the channel's running game waits for its channel, and why.
    pub(super) async fn paused_in(&self, channel: &str) -> anyhow::Result<Option<Pause>> {
        let mut tx = self.store.read().await?;
        Ok(store::open_game(&mut tx, channel)
            .await?
            .and_then(|row| row.paused))
    }

    async fn pause(
        &self,
        scope: Scope<'_>,
        pause: Option<Pause>,
        from: Option<Pause>,
    ) -> anyhow::Result<Vec<i64>> {
        let lock = match scope {
            Scope::Channel(c) => c.to_string(),
            Scope::Guild(g) => format!("guild {g}"),
        };
        let mut tx = self.store.write_in(&lock).await?;
        let changed = store::set_paused(&mut tx, scope, pause, from).await?;
        tx.commit().await?;
        if !changed.is_empty() {
            tracing::info!(?scope, ?pause, games = ?changed, "games wait for their channel, or go on");
        }
        self.after_pause(&changed);
        Ok(changed)
    }

    /// Games that paused or went on: their pages look again, and the
    /// scheduler reads what is due anew.
    fn after_pause(&self, games: &[i64]) {
        for game in games {
            self.moved(*game);
        }
        if !games.is_empty() {
            self.wake.notify_one();
        }
    }

    /// After an accepted public reply in `channel`: a game that waited for
    /// a channel the bot may post in again (as the front end says) goes on;
    /// one that still waits says why, to the one who acted.
    pub(super) async fn check_reach(&self, channel: &str, can_post: Option<bool>) -> Option<Text> {
        let paused = match self.paused_in(channel).await {
            Ok(paused) => paused?,
            Err(e) => {
                tracing::warn!(channel, "cannot read whether the game waits: {e:#}");
                return None;
            }
        };
        if paused == Pause::Unreachable && can_post == Some(true) {
            match self.channel_reachable(channel).await {
                Ok(_) => return None,
                Err(e) => tracing::warn!(channel, "cannot let the game go on: {e:#}"),
            }
        }
        Some(pause_text(paused))
    }
}
