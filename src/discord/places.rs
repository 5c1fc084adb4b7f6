//! The places a tournament's tables are played in, on Discord: a public
//! thread of the tournament's channel for each table, named after it
//! (`Cup (#1) · round 2 · table 3`), kept a week after its last message.

use super::message::fit;
use super::rest::Rest;
use crate::referee::Places;
use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{LightMethod, Route};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A thread's name: at most 100 characters.
const NAME_LIMIT: usize = 100;
/// A public thread (Discord's channel type 11).
const PUBLIC_THREAD: u64 = 11;
/// Minutes without a message before Discord archives a thread: a week,
/// as a round lasts days.
const ARCHIVE_AFTER_MINUTES: u64 = 10_080;

/// Makes a thread for each table.
pub struct DiscordPlaces {
    rest: Arc<Rest>,
}

impl DiscordPlaces {
    pub fn new(rest: Arc<Rest>) -> DiscordPlaces {
        DiscordPlaces { rest }
    }
}

impl Places for DiscordPlaces {
    fn open<'a>(
        &'a self,
        parent: &'a str,
        key: &'a str,
        name: &'a str,
    ) -> Pin<Box<dyn Future<Output = anyhow::Result<String>> + Send + 'a>> {
        Box::pin(async move {
            let Some(channel_id) = parent
                .parse::<u64>()
                .ok()
                .filter(|n| *n != 0)
                .map(serenity::ChannelId::new)
            else {
                anyhow::bail!("'{parent}' is not a Discord channel: no thread for {key}");
            };
            let body = json!({
                "name": fit(name, NAME_LIMIT),
                "type": PUBLIC_THREAD,
                "auto_archive_duration": ARCHIVE_AFTER_MINUTES,
            });
            let made = self
                .rest
                .call(
                    LightMethod::Post,
                    Route::ChannelThreads { channel_id },
                    Some(&body),
                    &[],
                )
                .await
                .map_err(|why| anyhow::anyhow!("Discord made no thread for {key}: {why}"))?;
            made["id"]
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| anyhow::anyhow!("Discord's new thread for {key} has no id"))
        })
    }
}
