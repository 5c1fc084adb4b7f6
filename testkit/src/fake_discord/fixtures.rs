//! Payloads as Discord sends them (interactions, READY, messages, users) for
//! the tests to inject, and the objects the fake answers with.
//!
//! An interaction's id is a real snowflake, minted from the wall clock as
//! Discord mints it (`((ms since 2015) << 22) | counter`): its window for a
//! first answer and its token's 15 minutes count from that time
//! ([`snowflake_time`]), not from when a test sends it. [`created_ago`]
//! makes one look older.

use super::{APP_ID, BOT_NAME, PERMISSIONS, TIMESTAMP};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The low 22 bits of the snowflakes minted here (Discord's worker,
/// process and increment), so that two minted in one millisecond differ.
static NEXT_INCREMENT: AtomicU64 = AtomicU64::new(1);

/// Discord's epoch: the first millisecond of 2015, in ms since the Unix epoch.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The app's permissions in a DM with its bot, as Discord sends them in
/// `app_permissions`: Attach Files, Embed Links, Mention Everyone and Use
/// External Emojis; no View Channel, no Send Messages.
pub const DM_PERMISSIONS: &str = "442368";

/// A snowflake created at `at`: `((ms - DISCORD_EPOCH_MS) << 22) | increment`.
pub fn snowflake_at(at: SystemTime) -> u64 {
    let ms = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        .saturating_sub(DISCORD_EPOCH_MS);
    let increment = NEXT_INCREMENT.fetch_add(1, Ordering::Relaxed) & 0x3F_FFFF;
    (ms << 22) | increment
}

/// When a snowflake was created: `(id >> 22) + DISCORD_EPOCH_MS`.
pub fn snowflake_time(id: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis((id >> 22) + DISCORD_EPOCH_MS)
}

/// Re-mints an interaction's `id` (and its `token`, `token-{id}`) as if
/// Discord had created it `age` ago by the wall clock: an interaction that
/// reaches the bot late (replayed, held, queued). After
/// `FakeDiscord::advance`, use `FakeDiscord::created_ago`, which counts on
/// the fake's clock.
pub fn created_ago(interaction: &mut Value, age: Duration) {
    let at = SystemTime::now().checked_sub(age).unwrap_or(UNIX_EPOCH);
    restamp(interaction, at);
}

/// Re-mints an interaction's `id` and `token` as created at `at`.
pub(super) fn restamp(interaction: &mut Value, at: SystemTime) {
    let id = snowflake_at(at).to_string();
    interaction["token"] = json!(format!("token-{id}"));
    interaction["id"] = json!(id);
}

/// The id of the DM channel between the bot and `user`: one per user, as on
/// Discord, and the one the fake answers when the bot opens it.
pub fn dm_channel(user: u64) -> u64 {
    user.wrapping_add(1_000_000_000_000_000_000)
}

/// The `d` of READY; `application.id` becomes serenity's application id.
pub fn ready_payload(gateway_url: &str, shard: Value) -> Value {
    json!({"v": 10, "user": {"id": APP_ID.to_string(), "username": BOT_NAME, "discriminator": "0",
           "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
           "guilds": [], "session_id": "fake-session", "resume_gateway_url": gateway_url,
           "shard": shard, "application": {"id": APP_ID.to_string(), "flags": 0}})
}

/// `GET /oauth2/applications/@me`.
pub fn application_info() -> Value {
    json!({"id": APP_ID.to_string(), "name": BOT_NAME, "icon": null, "description": "",
           "bot_public": true, "bot_require_code_grant": false, "verify_key": "00", "flags": 0,
           "owner": {"id": "1000000000000000099", "username": "owner", "discriminator": "0", "avatar": null}})
}

/// A minimal Message JSON, authored by the bot.
pub fn message_fixture(id: u64, channel_id: &str, content: &str) -> Value {
    json!({"id": id.to_string(), "channel_id": channel_id,
           "author": {"id": APP_ID.to_string(), "username": BOT_NAME, "discriminator": "0", "avatar": null, "bot": true},
           "content": content, "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "components": [], "pinned": false, "type": 0, "flags": 0})
}

pub fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": false, "public_flags": 0})
}

pub fn member_json(id: u64, name: &str) -> Value {
    json!({"user": user_json(id, name), "nick": null, "avatar": null, "roles": [],
           "joined_at": TIMESTAMP, "premium_since": null, "deaf": false, "mute": false,
           "flags": 0, "pending": false, "permissions": PERMISSIONS})
}

/// Option value for a user option (type 6); the builders add the user to `resolved`.
pub fn user_option(id: u64, name: &str) -> Value {
    json!({"$user": {"id": id, "name": name}})
}

/// Option value with an explicit option type, e.g. `typed_option(7, json!("123"))` for a
/// channel. Nothing is added to `resolved` for these.
pub fn typed_option(kind: u8, value: Value) -> Value {
    json!({"$type": kind, "value": value})
}

fn options_json(options: &[(&str, Value)], resolved: &mut Value, guild: bool) -> Vec<Value> {
    let option = |name: &str, value: &Value, resolved: &mut Value| {
        if let Some(u) = value.get("$user") {
            let id = u["id"].as_u64().expect("user option id");
            let uname = u["name"].as_str().expect("user option name");
            resolved["users"][id.to_string()] = user_json(id, uname);
            if guild {
                let mut member = member_json(id, uname);
                member
                    .as_object_mut()
                    .expect("member object")
                    .remove("user");
                resolved["members"][id.to_string()] = member;
            }
            return json!({"name": name, "type": 6, "value": id.to_string()});
        }
        if let Some(kind) = value.get("$type") {
            return json!({"name": name, "type": kind, "value": value["value"]});
        }
        let kind = match value {
            Value::String(_) => 3,
            Value::Number(n) if n.is_i64() || n.is_u64() => 4,
            Value::Bool(_) => 5,
            Value::Number(_) => 10,
            _ => panic!("unsupported option value for {name}: {value}"),
        };
        json!({"name": name, "type": kind, "value": value})
    };
    options
        .iter()
        .map(|(n, v)| option(n, v, resolved))
        .collect()
}

/// Wraps `leaf` options in the subcommand path: `Some("sub")` or
/// `Some("group sub")`. A command of the command language that Discord
/// reaches through a group of `/aq` (`new` is `/aq game new`) is put in
/// its group; another command's subcommand (`/tournament new`) is itself.
fn nest(command: &str, subcommand: Option<&str>, leaf: Vec<Value>) -> Vec<Value> {
    let path = subcommand.map(|sub| match command {
        "aq" => aquaretto_bot::command::discord_path(sub),
        _ => sub.to_string(),
    });
    let parts: Vec<&str> = path
        .as_deref()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    match parts.as_slice() {
        [] => leaf,
        [sub] => vec![json!({"name": sub, "type": 1, "options": leaf})],
        [group, sub] => vec![json!({"name": group, "type": 2,
            "options": [{"name": sub, "type": 1, "options": leaf}]})],
        _ => panic!("bad subcommand path {subcommand:?}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn interaction(
    kind: u8,
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    leaf: Vec<Value>,
    resolved: Value,
) -> Value {
    let id = snowflake_at(SystemTime::now()).to_string();
    let mut data = json!({"id": "1100000000000000001", "name": command, "type": 1,
                          "options": nest(command, subcommand, leaf)});
    if resolved.as_object().is_some_and(|o| !o.is_empty()) {
        data["resolved"] = resolved;
    }
    let mut v = json!({
        "id": id, "application_id": APP_ID.to_string(), "type": kind, "data": data,
        "channel_id": channel_id.to_string(),
        "channel": {"id": channel_id.to_string(), "type": if guild_id.is_some() { 0 } else { 1 }},
        "token": format!("token-{id}"), "version": 1, "locale": "en-US",
        "app_permissions": PERMISSIONS, "entitlements": [], "attachment_size_limit": 26_214_400,
    });
    if let Some(g) = guild_id {
        v["data"]["guild_id"] = json!(g.to_string());
        v["guild_id"] = json!(g.to_string());
        v["guild_locale"] = json!("en-US");
        v["member"] = member_json(user_id, user_name);
        v["context"] = json!(0);
        v["authorizing_integration_owners"] = json!({"0": g.to_string()});
    } else {
        as_dm(&mut v, user_id, user_name);
    }
    v
}

/// Makes `v` an interaction in the bot's DM with the user, as Discord sends
/// it: `user` (no `member`), the DM channel (type 1), context 1 (bot DM),
/// the app's DM permissions ([`DM_PERMISSIONS`]), no `guild_locale`.
fn as_dm(v: &mut Value, user_id: u64, user_name: &str) {
    v["user"] = user_json(user_id, user_name);
    v["context"] = json!(1);
    v["app_permissions"] = json!(DM_PERMISSIONS);
    v["authorizing_integration_owners"] = json!({"1": user_id.to_string()});
}

/// A slash command interaction (type 2), the `d` of INTERACTION_CREATE. `guild_id: None`
/// makes it a DM; `subcommand` is `None`, `Some("sub")` or `Some("group sub")`. Option types
/// follow the JSON value (string 3, integer 4, bool 5, float 10); see [`user_option`] and
/// [`typed_option`] for others.
pub fn command_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
) -> Value {
    let mut resolved = json!({});
    let leaf = options_json(options, &mut resolved, guild_id.is_some());
    interaction(
        2, user_id, user_name, channel_id, guild_id, command, subcommand, leaf, resolved,
    )
}

/// An autocomplete interaction (type 4): `options` already filled in, plus the `focused`
/// (name, partial text) string option being typed.
#[allow(clippy::too_many_arguments)]
pub fn autocomplete_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
    focused: (&str, &str),
) -> Value {
    autocomplete_interaction_typed(
        user_id, user_name, channel_id, guild_id, command, subcommand, options, focused, 3,
    )
}

/// [`autocomplete_interaction`] for a focused option of any type: Discord sends the partial
/// text of an integer option (type 4) as a string too.
#[allow(clippy::too_many_arguments)]
pub fn autocomplete_interaction_typed(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    command: &str,
    subcommand: Option<&str>,
    options: &[(&str, Value)],
    focused: (&str, &str),
    focused_kind: u8,
) -> Value {
    let mut resolved = json!({});
    let mut leaf = options_json(options, &mut resolved, guild_id.is_some());
    leaf.push(
        json!({"name": focused.0, "type": focused_kind, "value": focused.1, "focused": true}),
    );
    interaction(
        4, user_id, user_name, channel_id, guild_id, command, subcommand, leaf, resolved,
    )
}

/// A component interaction (type 3): `who` presses the control `custom_id` on
/// `message` (a Message JSON, as the fake stores it), choosing `values` in a
/// select menu (`None` for a button).
pub fn component_interaction(
    user_id: u64,
    user_name: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    message: &Value,
    custom_id: &str,
    values: Option<&[String]>,
) -> Value {
    let id = snowflake_at(SystemTime::now()).to_string();
    let data = match values {
        Some(values) => json!({"custom_id": custom_id, "component_type": 3, "values": values}),
        None => json!({"custom_id": custom_id, "component_type": 2}),
    };
    let mut message = message.clone();
    message["channel_id"] = json!(channel_id.to_string());
    let mut v = json!({
        "id": id, "application_id": APP_ID.to_string(), "type": 3, "data": data,
        "channel_id": channel_id.to_string(),
        "channel": {"id": channel_id.to_string(), "type": if guild_id.is_some() { 0 } else { 1 }},
        "token": format!("token-{id}"), "version": 1, "locale": "en-US",
        "app_permissions": PERMISSIONS, "entitlements": [], "attachment_size_limit": 26_214_400,
        "message": message,
    });
    if let Some(g) = guild_id {
        v["guild_id"] = json!(g.to_string());
        v["guild_locale"] = json!("en-US");
        v["member"] = member_json(user_id, user_name);
        v["context"] = json!(0);
        v["authorizing_integration_owners"] = json!({"0": g.to_string()});
    } else {
        as_dm(&mut v, user_id, user_name);
    }
    v
}

/// Sets the invoking member's permissions in the channel (a decimal bit set, as Discord
/// sends it), e.g. `1 << 4` for MANAGE_CHANNELS. The default has no MANAGE_CHANNELS.
pub fn set_member_permissions(interaction: &mut Value, permissions: u64) {
    if interaction["member"].is_object() {
        interaction["member"]["permissions"] = json!(permissions.to_string());
    }
}
