//! Who may see a server's channels, from Discord's own data: a channel's
//! permission overwrites, a thread's kind and parent, and the server's
//! `@everyone` role (whose id is the server's). The referee keeps, for
//! each channel that holds a game, whether every member can see it
//! ([`ChannelView`]): the server's page lists only those games.
//!
//! Learned at `/aq new` (the channel, and a thread's parent, read with
//! `GET /channels/{id}`; the `@everyone` role with `GET
//! /guilds/{id}/roles`), and kept fresh from the events the `GUILDS`
//! intent brings: GUILD_CREATE (every channel of the server that holds a
//! game), CHANNEL_UPDATE (its overwrites changed; its public threads
//! follow), GUILD_ROLE_CREATE and GUILD_ROLE_UPDATE of `@everyone`.
//! Whatever cannot be learned is hidden; a private thread is never public.
//!
//! The serenity cache keeps no server or channel (see `servers.rs`): what
//! `@everyone` may do is kept here, one flag a server.

use super::courier::DiscordCourier;
use crate::referee::{ChannelSeen, ChannelView};
use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{LightMethod, Route};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// Discord's View Channel permission.
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Discord's Administrator permission: every channel.
pub const ADMINISTRATOR: u64 = 1 << 3;

/// How long `/aq new` waits for Discord to say who may see its channel
/// before it opens the game with the channel taken as hidden.
pub const LOOK_WITHIN: Duration = Duration::from_millis(1500);

/// Whether each server's `@everyone` role may view channels, by server.
#[derive(Debug, Default)]
pub struct Everyone {
    sees: Mutex<HashMap<u64, bool>>,
}

impl Everyone {
    pub fn get(&self, guild: u64) -> Option<bool> {
        self.sees.lock().ok()?.get(&guild).copied()
    }

    /// Remembers it; returns whether it changed.
    pub fn set(&self, guild: u64, sees: bool) -> bool {
        match self.sees.lock() {
            Ok(mut map) => map.insert(guild, sees) != Some(sees),
            Err(_) => true,
        }
    }
}

/// Whether a role with these permissions may view channels.
pub fn may_view(permissions: u64) -> bool {
    permissions & (VIEW_CHANNEL | ADMINISTRATOR) != 0
}

/// A channel's overwrites, as facts: what the `@everyone` overwrite says of
/// viewing, and whether any other overwrite denies it to someone.
fn overwrite_facts(guild: u64, overwrites: &[(bool, u64, u64, u64)]) -> (Option<bool>, bool) {
    let mut everyone = None;
    let mut denied_some = false;
    for &(role, id, allow, deny) in overwrites {
        if role && id == guild {
            if deny & VIEW_CHANNEL != 0 {
                everyone = Some(false);
            } else if allow & VIEW_CHANNEL != 0 {
                everyone = Some(true);
            }
        } else if deny & VIEW_CHANNEL != 0 {
            denied_some = true;
        }
    }
    (everyone, denied_some)
}

/// Discord's channel types for threads.
const PUBLIC_THREAD: u64 = 11;
const PRIVATE_THREAD: u64 = 12;
const ANNOUNCEMENT_THREAD: u64 = 10;

/// What a channel object (Discord's JSON) says of who may see it; for a
/// public thread, `parent` is its channel's object, whose overwrites are
/// the thread's.
pub fn view_of_json(guild: u64, channel: &Value, parent: Option<&Value>) -> Option<ChannelView> {
    let id = channel["id"].as_str()?;
    let kind = channel["type"].as_u64().unwrap_or(0);
    let thread = matches!(kind, PUBLIC_THREAD | PRIVATE_THREAD | ANNOUNCEMENT_THREAD);
    let overwrites_of = |c: &Value| -> Vec<(bool, u64, u64, u64)> {
        c["permission_overwrites"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|o| {
                        let number = |v: &Value| -> Option<u64> {
                            v.as_str()
                                .and_then(|s| s.parse().ok())
                                .or_else(|| v.as_u64())
                        };
                        Some((
                            o["type"].as_u64()? == 0,
                            number(&o["id"])?,
                            number(&o["allow"]).unwrap_or(0),
                            number(&o["deny"]).unwrap_or(0),
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let (everyone, denied_some) = match (thread, parent) {
        (false, _) => overwrite_facts(guild, &overwrites_of(channel)),
        (true, Some(parent)) => overwrite_facts(guild, &overwrites_of(parent)),
        // A thread whose channel is not known: hidden.
        (true, None) => (Some(false), false),
    };
    Some(ChannelView {
        channel: id.to_string(),
        guild: guild.to_string(),
        parent: channel["parent_id"]
            .as_str()
            .filter(|_| thread)
            .map(str::to_string),
        private_thread: kind == PRIVATE_THREAD,
        everyone,
        denied_some,
    })
}

/// [`view_of_json`] of a channel serenity read (an event's).
pub fn view_of(
    guild: serenity::GuildId,
    channel: &serenity::GuildChannel,
    parent: Option<&serenity::GuildChannel>,
) -> Option<ChannelView> {
    let channel = serde_json::to_value(channel).ok()?;
    let parent = parent.and_then(|p| serde_json::to_value(p).ok());
    view_of_json(guild.get(), &channel, parent.as_ref())
}

/// Who may see `channel` of `guild`, asked of Discord now (at `/aq new`):
/// the channel, a thread's parent, and `@everyone` if not known yet. What
/// Discord does not say within [`LOOK_WITHIN`] is taken as hidden.
pub async fn look(
    courier: &DiscordCourier,
    everyone: &Everyone,
    guild: serenity::GuildId,
    channel: serenity::ChannelId,
) -> Option<ChannelSeen> {
    let asked = async {
        let rest = courier.rest();
        let get = |route: Route<'static>| async move {
            rest.call(LightMethod::Get, route, None, &[]).await.ok()
        };
        let this = get(Route::Channel {
            channel_id: channel,
        })
        .await?;
        let parent = match this["parent_id"]
            .as_str()
            .and_then(|p| p.parse::<u64>().ok())
        {
            Some(p) if matches!(this["type"].as_u64(), Some(10..=12)) => {
                get(Route::Channel {
                    channel_id: serenity::ChannelId::new(p.max(1)),
                })
                .await
            }
            _ => None,
        };
        let view = view_of_json(guild.get(), &this, parent.as_ref())?;
        // Asked every time, not taken from GUILD_CREATE: the server's
        // events and this command come in no set order.
        let roles = get(Route::GuildRoles { guild_id: guild }).await;
        let role = roles.as_ref().and_then(|r| {
            r.as_array()?
                .iter()
                .find(|role| role["id"].as_str() == Some(&guild.to_string()))
                .cloned()
        });
        let sees = match role
            .as_ref()
            .and_then(|r| r["permissions"].as_str())
            .and_then(|p| p.parse::<u64>().ok())
        {
            Some(perms) => {
                everyone.set(guild.get(), may_view(perms));
                Some(may_view(perms))
            }
            None => everyone.get(guild.get()),
        };
        Some(ChannelSeen {
            view,
            everyone_sees: sees,
        })
    };
    match tokio::time::timeout(LOOK_WITHIN, asked).await {
        Ok(seen) => seen,
        Err(_) => {
            tracing::warn!(%channel, "Discord did not say in time who may see the channel: its game is taken as hidden from the server's page");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GUILD: u64 = 100;

    fn channel(overwrites: Value) -> Value {
        json!({"id": "7", "type": 0, "permission_overwrites": overwrites})
    }

    #[test]
    fn a_channel_is_public_only_when_no_overwrite_hides_it_from_anyone() {
        let seen = |c: &Value, parent: Option<&Value>, everyone: Option<bool>| {
            view_of_json(GUILD, c, parent)
                .expect("a channel")
                .public(everyone)
        };
        let open = channel(json!([]));
        assert!(seen(&open, None, Some(true)));
        assert!(!seen(&open, None, Some(false)), "@everyone may not view");
        assert!(!seen(&open, None, None), "unknown is hidden");
        let denied = channel(json!([{"id": "100", "type": 0, "allow": "0", "deny": "1024"}]));
        assert!(!seen(&denied, None, Some(true)));
        let allowed = channel(json!([{"id": "100", "type": 0, "allow": "1024", "deny": "0"}]));
        assert!(seen(&allowed, None, Some(false)));
        let one_role = channel(json!([{"id": "5", "type": 0, "allow": "0", "deny": "1024"}]));
        assert!(!seen(&one_role, None, Some(true)), "some members cannot");
        let one_member = channel(json!([{"id": "9", "type": 1, "allow": "0", "deny": "1024"}]));
        assert!(!seen(&one_member, None, Some(true)));
        let unrelated = channel(json!([{"id": "5", "type": 0, "allow": "0", "deny": "2048"}]));
        assert!(seen(&unrelated, None, Some(true)), "another permission");
        let public_thread = json!({"id": "8", "type": 11, "parent_id": "7"});
        assert!(seen(&public_thread, Some(&open), Some(true)));
        assert!(!seen(&public_thread, Some(&denied), Some(true)));
        assert!(
            !seen(&public_thread, None, Some(true)),
            "its channel unknown"
        );
        let private_thread = json!({"id": "8", "type": 12, "parent_id": "7"});
        assert!(!seen(&private_thread, Some(&open), Some(true)));
        let view = view_of_json(GUILD, &private_thread, Some(&open)).expect("a thread");
        assert_eq!(view.parent.as_deref(), Some("7"));
        assert!(view.private_thread);
        assert!(may_view(VIEW_CHANNEL) && may_view(ADMINISTRATOR) && !may_view(2048));
    }
}
