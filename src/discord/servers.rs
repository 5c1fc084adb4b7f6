//! What the gateway says of servers, channels and threads (the `GUILDS`
//! intent, which is not privileged), and what it means for games there
//! (who may see a channel that holds a game: `views.rs`):
//! removed from a server (not an outage of it), its games wait until the
//! bot is back; a channel or thread deleted, its game waits for good; a
//! thread locked, its game waits until it is unlocked; a thread that
//! archived itself while a game runs there is opened again, since Discord
//! lets nobody use commands in an archived thread.
//!
//! The cache keeps no server, channel or user (see [`cache_settings`]):
//! nothing here needs them, and 10,000 servers then cost the bot little
//! memory (BENCHMARKS.md).

use super::data::Data;
use poise::serenity_prelude as serenity;

/// What the bot asks the gateway for: the `GUILDS` intent alone (servers,
/// channels and threads coming and going). Interactions need none.
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS
}

/// serenity's cache, kept empty: no messages, servers, channels or users.
pub fn cache_settings() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.max_messages = 0;
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings.cache_users = false;
    settings
}

/// Acts on one gateway event about servers, channels or threads.
pub async fn on_event(event: &serenity::FullEvent, data: &Data) {
    let referee = &data.referee;
    let done = match event {
        serenity::FullEvent::GuildCreate { guild, .. } => {
            see_server(guild, data).await;
            let id = guild.id.to_string();
            if !data.left.has(&id) {
                return;
            }
            data.left.set(&id, false);
            referee.server_back(&id).await
        }
        serenity::FullEvent::GuildRoleCreate { new }
        | serenity::FullEvent::GuildRoleUpdate { new, .. }
            if new.id.get() == new.guild_id.get() =>
        {
            // The @everyone role: whether every member may view channels.
            let sees = super::views::may_view(new.permissions.bits());
            if !data.everyone.set(new.guild_id.get(), sees) {
                return;
            }
            referee
                .everyone_changed(&new.guild_id.to_string(), sees)
                .await
                .map(|()| Vec::new())
        }
        serenity::FullEvent::ChannelUpdate { new, .. } => {
            let Some(view) = super::views::view_of(new.guild_id, new, None) else {
                return;
            };
            let seen = crate::referee::ChannelSeen {
                view,
                everyone_sees: data.everyone.get(new.guild_id.get()),
            };
            referee.channel_changed(&seen).await.map(|_| Vec::new())
        }
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let id = incomplete.id.to_string();
            data.left.set(&id, true);
            referee.server_left(&id).await
        }
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            referee.channel_deleted(&channel.id.to_string()).await
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            referee.channel_deleted(&thread.id.to_string()).await
        }
        // Sent when the bot is added to a thread, too.
        serenity::FullEvent::ThreadCreate { thread } => {
            referee.channel_reachable(&thread.id.to_string()).await
        }
        serenity::FullEvent::ThreadUpdate { new, .. } => {
            let Some(meta) = new.thread_metadata else {
                return;
            };
            let id = new.id.to_string();
            if meta.locked {
                referee.channel_unreachable(&id).await
            } else if meta.archived {
                keep_open(data, new.id).await;
                return;
            } else {
                referee.channel_reachable(&id).await
            }
        }
        _ => return,
    };
    if let Err(e) = done {
        tracing::error!("cannot record what became of a server or channel: {e:#}");
    }
}

/// A server seen (the bot connects, or joins it): what its `@everyone` may
/// do, and who may see each of its channels and active threads that hold
/// a game, recorded afresh. A server without games costs one read.
async fn see_server(guild: &serenity::Guild, data: &Data) {
    if let Some(everyone) = guild.roles.get(&guild.id.everyone_role()) {
        data.everyone.set(
            guild.id.get(),
            super::views::may_view(everyone.permissions.bits()),
        );
    }
    let referee = &data.referee;
    let games = match referee.game_channels(&guild.id.to_string()).await {
        Ok(games) if games.is_empty() => return,
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(guild = %guild.id, "cannot tell which channels hold games: {e:#}");
            return;
        }
    };
    let everyone_sees = data.everyone.get(guild.id.get());
    let mut seen = Vec::new();
    for channel in guild.channels.values() {
        if games.contains(&channel.id.to_string()) {
            seen.extend(super::views::view_of(guild.id, channel, None));
        }
    }
    for thread in &guild.threads {
        if games.contains(&thread.id.to_string()) {
            let parent = thread.parent_id.and_then(|p| guild.channels.get(&p));
            seen.extend(super::views::view_of(guild.id, thread, parent));
        }
    }
    for view in seen {
        let seen = crate::referee::ChannelSeen {
            view,
            everyone_sees,
        };
        if let Err(e) = referee.channel_seen(&seen).await {
            tracing::warn!(guild = %guild.id, "cannot record who may see a channel: {e:#}");
        }
    }
    if let Some(sees) = everyone_sees {
        if let Err(e) = referee.everyone_changed(&guild.id.to_string(), sees).await {
            tracing::warn!(guild = %guild.id, "cannot record who may see its channels: {e:#}");
        }
    }
}

/// A thread that archived itself while a game runs there is opened again.
async fn keep_open(data: &Data, thread: serenity::ChannelId) {
    match data.referee.runs_in(&thread.to_string()).await {
        Ok(true) => {
            if let Err(why) = data.courier.unarchive(thread).await {
                tracing::warn!(%thread, "cannot open the game's thread again: {why}");
            }
        }
        Ok(false) => {}
        Err(e) => tracing::warn!(%thread, "cannot tell whether a game runs in the thread: {e:#}"),
    }
}
