//! Who may see the channels that hold games, as a front end learns it
//! (Discord: a channel's permission overwrites and the server's
//! `@everyone` role, at a game's opening and from the gateway's channel and
//! role events), kept per channel in the store. The server's page lists
//! only games of channels every member can see; `/aq past` reads a game
//! of another channel only where that is so (see `history.rs`).

use super::Referee;
use crate::store::{self, ChannelView};

/// What a front end knows of a channel when a game opens there: its view,
/// and whether the server's `@everyone` role may view channels (`None`:
/// not known, hidden unless the channel allows it itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelSeen {
    pub view: ChannelView,
    pub everyone_sees: Option<bool>,
}

impl Referee {
    /// Records what is known of a channel (a game opened there, or a
    /// server's channels seen when the bot connects).
    /// Nothing is written when nothing changed.
    pub async fn channel_seen(&self, seen: &ChannelSeen) -> anyhow::Result<()> {
        let public = seen.view.public(seen.everyone_sees);
        let mut tx = self.store.write().await?;
        let known = store::channel_views_of(&mut tx, &seen.view.guild)
            .await?
            .into_iter()
            .any(|(view, was)| view == seen.view && was == public);
        if !known {
            store::record_channel_view(&mut tx, &seen.view, public, self.clock.now()).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// A channel's permissions changed: it, and its public threads, if
    /// recorded, take its new view. Returns how many were recorded.
    pub async fn channel_changed(&self, seen: &ChannelSeen) -> anyhow::Result<u64> {
        let mut tx = self.store.write().await?;
        let public = seen.view.public(seen.everyone_sees);
        let changed =
            store::update_channel_views(&mut tx, &seen.view, public, self.clock.now()).await?;
        tx.commit().await?;
        Ok(changed)
    }

    /// Whether the server's `@everyone` role may view channels changed:
    /// every recorded channel of the server is judged again.
    pub async fn everyone_changed(&self, guild: &str, everyone_sees: bool) -> anyhow::Result<()> {
        let mut tx = self.store.write().await?;
        let now = self.clock.now();
        for (view, was) in store::channel_views_of(&mut tx, guild).await? {
            let public = view.public(Some(everyone_sees));
            if public != was {
                store::set_channel_public(&mut tx, &view.channel, public, now).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// The channels of a server that hold games (or are recorded): those
    /// whose view a front end keeps fresh.
    pub async fn game_channels(&self, guild: &str) -> anyhow::Result<Vec<String>> {
        let mut tx = self.store.read().await?;
        store::game_channels(&mut tx, guild).await
    }

    /// Whether every member can see `channel`, if known.
    pub async fn channel_public(&self, channel: &str) -> anyhow::Result<Option<bool>> {
        let mut tx = self.store.read().await?;
        store::channel_public(&mut tx, channel).await
    }
}
