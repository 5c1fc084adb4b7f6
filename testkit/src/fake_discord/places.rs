//! Where the bot's requests go, as Discord keeps them: servers the bot is in
//! or was removed from, their channels and threads (public or private, the
//! bot a member or not, archived, locked, archiving themselves after a quiet
//! spell), deleted channels, and the DM channel of each user with whether
//! that user can be written to.
//!
//! The rules for a call with the bot's token to `/channels/{id}/...`, in
//! order (each refusal is answered as Discord answers it and counted in
//! [`super::FakeDiscord::refusals`]):
//! - a deleted channel: `404 10003` Unknown Channel;
//! - a channel of a server the bot was removed from (and any
//!   `/guilds/{id}/...` of it): `403 50001` Missing Access;
//! - a private thread the bot is not a member of: `403 50001`;
//! - a DM whose user closed their DMs: `403 50007`; who shares no server with
//!   the bot: `403 50278` (posting only; opening the DM channel works);
//! - the bot's permissions in the channel (a thread's are its parent's
//!   unless set for the thread; posting in a thread needs Send Messages in
//!   Threads): `403 50013`;
//! - a locked thread refuses new messages and edits: `400 160005`; an
//!   archived one refuses edits and joins: `400 50083`; a post in an
//!   archived, unlocked thread unarchives it (THREAD_UPDATE).
//!
//! Events (GUILD_CREATE, GUILD_DELETE, CHANNEL_UPDATE, CHANNEL_DELETE,
//! THREAD_CREATE, THREAD_UPDATE, THREAD_DELETE, GUILD_ROLE_UPDATE) go to a
//! server's shard only when that shard's IDENTIFY asked for the `GUILDS`
//! intent, as on Discord.
//!
//! Who sees what: a channel carries its permission overwrites (GET, events,
//! GUILD_CREATE), each server an `@everyone` role (the tests' permissions
//! unless set), which `GET /guilds/{id}/roles` and GUILD_CREATE give.

use super::{member_json, Answer, Inner, RecordedRequest, Shared, APP_ID, BOT_NAME, PERMISSIONS};
use super::{strict::Operation, TIMESTAMP};
use anyhow::{bail, Result};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, SystemTime};

/// The server of the tests (`testkit/src/table.rs`'s `GUILD`), known from the start.
pub const DEFAULT_GUILD: u64 = 2_000_000_000_000_000_001;
/// Its text channel (`testkit/src/table.rs`'s `CHANNEL`).
pub const DEFAULT_CHANNEL: u64 = 2_000_000_000_000_000_002;

/// The `GUILDS` gateway intent (not privileged).
pub const GUILDS_INTENT: u64 = 1;

const VIEW_CHANNEL: u64 = 1 << 10;
const SEND_MESSAGES: u64 = 1 << 11;
const ATTACH_FILES: u64 = 1 << 15;
const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// What kind of channel a registered channel is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChannelKind {
    /// A server's text channel (type 0).
    #[default]
    Text,
    /// A public thread (type 11): anyone who sees its parent sees it.
    PublicThread,
    /// A private thread (type 12): only its members (and moderators) see it.
    PrivateThread,
}

impl ChannelKind {
    /// Discord's channel type.
    pub fn code(self) -> u64 {
        match self {
            ChannelKind::Text => 0,
            ChannelKind::PublicThread => 11,
            ChannelKind::PrivateThread => 12,
        }
    }

    pub fn is_thread(self) -> bool {
        self != ChannelKind::Text
    }
}

/// A channel the fake knows ([`super::FakeDiscord::add_channel`]).
#[derive(Clone, Debug)]
pub struct ChannelSpec {
    pub id: u64,
    /// Its server (`None`: none known).
    pub guild: Option<u64>,
    pub kind: ChannelKind,
    /// A thread's channel.
    pub parent: Option<u64>,
    /// Whether the bot is a member of the thread.
    pub bot_member: bool,
    pub archived: bool,
    pub locked: bool,
    /// A thread archives itself after this many minutes without a message,
    /// on the fake's clock (Discord's choices: 60, 1440, 4320, 10080; 0
    /// never).
    pub auto_archive_minutes: u32,
    /// A channel's permission overwrites, as Discord writes them (`id`,
    /// `type` 0 a role, 1 a member, `allow`, `deny`); a thread has none.
    pub overwrites: Vec<Value>,
}

impl Default for ChannelSpec {
    /// A text channel (id 0: set one) of [`DEFAULT_GUILD`], for
    /// `..ChannelSpec::default()`: not archived, not locked, the bot not a
    /// member, a day's auto-archive duration.
    fn default() -> ChannelSpec {
        ChannelSpec {
            id: 0,
            guild: Some(DEFAULT_GUILD),
            kind: ChannelKind::Text,
            parent: None,
            bot_member: false,
            archived: false,
            locked: false,
            auto_archive_minutes: 1440,
            overwrites: Vec::new(),
        }
    }
}

impl ChannelSpec {
    /// A text channel of `guild`.
    pub fn text(guild: u64, id: u64) -> ChannelSpec {
        ChannelSpec {
            id,
            guild: Some(guild),
            ..ChannelSpec::default()
        }
    }

    /// A thread of `parent` in `guild`, active, that archives itself after
    /// a day of quiet; the bot a member or not.
    pub fn thread(
        guild: u64,
        parent: u64,
        id: u64,
        private: bool,
        bot_member: bool,
    ) -> ChannelSpec {
        ChannelSpec {
            id,
            guild: Some(guild),
            kind: if private {
                ChannelKind::PrivateThread
            } else {
                ChannelKind::PublicThread
            },
            parent: Some(parent),
            bot_member,
            ..ChannelSpec::default()
        }
    }
}

/// A registered channel and what has happened to it.
#[derive(Clone, Debug)]
pub(super) struct Place {
    pub spec: ChannelSpec,
    /// The users (other than the bot) who are members of the thread.
    pub members: BTreeSet<u64>,
    /// The last message, unarchiving or creation, on the fake's clock.
    pub last_activity: SystemTime,
    /// When `archived` last changed.
    pub archive_timestamp: SystemTime,
}

impl Place {
    fn new(spec: ChannelSpec, now: SystemTime) -> Place {
        Place {
            spec,
            members: BTreeSet::new(),
            last_activity: now,
            archive_timestamp: now,
        }
    }

    fn is_thread(&self) -> bool {
        self.spec.kind.is_thread()
    }

    /// The channel object Discord gives (GET, events, an interaction's
    /// `channel`).
    pub fn json(&self) -> Value {
        let s = &self.spec;
        let mut v = json!({
            "id": s.id.to_string(), "type": s.kind.code(), "flags": 0,
            "last_message_id": null, "rate_limit_per_user": 0, "nsfw": false,
        });
        if let Some(g) = s.guild {
            v["guild_id"] = json!(g.to_string());
        }
        if s.kind.is_thread() {
            v["name"] = json!(format!("thread-{}", s.id));
            v["parent_id"] = json!(s.parent.map(|p| p.to_string()));
            v["owner_id"] = json!("1000000000000000099");
            v["message_count"] = json!(0);
            v["member_count"] = json!(self.members.len() + usize::from(s.bot_member));
            v["total_message_sent"] = json!(0);
            let mut metadata = json!({
                "archived": s.archived, "locked": s.locked,
                "auto_archive_duration": s.auto_archive_minutes,
                "archive_timestamp": iso(self.archive_timestamp),
                "create_timestamp": TIMESTAMP,
            });
            if s.kind == ChannelKind::PrivateThread {
                metadata["invitable"] = json!(false);
            }
            v["thread_metadata"] = metadata;
            if s.bot_member {
                v["member"] = thread_member(s.id, APP_ID);
            }
        } else {
            v["name"] = json!(format!("channel-{}", s.id));
            v["parent_id"] = Value::Null;
            v["position"] = json!(0);
            v["permission_overwrites"] = json!(s.overwrites);
            v["topic"] = Value::Null;
        }
        v
    }
}

/// A thread member object.
fn thread_member(thread: u64, user: u64) -> Value {
    json!({"id": thread.to_string(), "user_id": user.to_string(),
           "join_timestamp": TIMESTAMP, "flags": 0})
}

/// An ISO 8601 timestamp, as Discord writes them.
fn iso(at: SystemTime) -> String {
    time::OffsetDateTime::from(at)
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| TIMESTAMP.to_string())
}

/// Whether a user can be written to in a DM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DmState {
    /// Closed DMs, or the bot blocked: `50007`.
    Closed,
    /// No server shared with the bot any more: `50278`.
    NoMutualServer,
}

/// A permission overwrite as Discord writes it: of the role (`member`
/// false) or member `id`, allowing and denying these permissions.
pub fn overwrite(id: u64, member: bool, allow: u64, deny: u64) -> Value {
    json!({"id": id.to_string(), "type": u64::from(member),
           "allow": allow.to_string(), "deny": deny.to_string()})
}

/// What the fake knows of servers, channels and DMs.
pub(super) struct World {
    pub channels: BTreeMap<u64, Place>,
    /// The servers the fake knows, and whether the bot was removed.
    pub guilds: BTreeMap<u64, bool>,
    /// The permissions of each server's `@everyone` role, where not the
    /// tests' ([`PERMISSIONS`]).
    pub everyone: BTreeMap<u64, u64>,
    /// Users who cannot be written to, by id.
    pub dms: HashMap<String, DmState>,
}

impl Default for World {
    /// The tests' server with its text channel.
    fn default() -> World {
        let mut world = World {
            channels: BTreeMap::new(),
            guilds: BTreeMap::new(),
            everyone: BTreeMap::new(),
            dms: HashMap::new(),
        };
        world.add(
            ChannelSpec::text(DEFAULT_GUILD, DEFAULT_CHANNEL),
            SystemTime::now(),
        );
        world
    }
}

impl World {
    pub fn add(&mut self, spec: ChannelSpec, now: SystemTime) {
        if let Some(g) = spec.guild {
            self.guilds.entry(g).or_insert(false);
        }
        let mut place = Place::new(spec, now);
        if place.spec.archived {
            place.archive_timestamp = now;
        }
        self.channels.insert(place.spec.id, place);
    }

    fn removed(&self, guild: u64) -> bool {
        self.guilds.get(&guild).copied().unwrap_or(false)
    }

    /// A new message in a channel (not ephemeral): the thread's activity.
    pub fn touch(&mut self, channel: &str, now: SystemTime) {
        if let Some(place) = id(channel).and_then(|c| self.channels.get_mut(&c)) {
            if !place.spec.archived {
                place.last_activity = now;
            }
        }
    }

    /// The GUILD_CREATE of a server: its text channels and the active
    /// threads the bot can see, the bot's own member, `@everyone` with the
    /// tests' permissions.
    pub fn guild_json(&self, guild: u64, gone: &std::collections::HashSet<String>) -> Value {
        let here =
            |p: &&Place| p.spec.guild == Some(guild) && !gone.contains(&p.spec.id.to_string());
        let channels: Vec<Value> = (self.channels.values())
            .filter(here)
            .filter(|p| !p.is_thread())
            .map(Place::json)
            .collect();
        let threads: Vec<Value> = (self.channels.values())
            .filter(here)
            .filter(|p| p.is_thread() && !p.spec.archived)
            .filter(|p| p.spec.kind == ChannelKind::PublicThread || p.spec.bot_member)
            .map(Place::json)
            .collect();
        let mut bot = member_json(APP_ID, BOT_NAME);
        bot["user"]["bot"] = json!(true);
        let everyone = self.everyone_role(guild);
        let mut guild = json!({
            "id": guild.to_string(), "name": format!("server-{guild}"), "icon": null,
            "icon_hash": null, "splash": null, "discovery_splash": null,
            "owner_id": "1000000000000000099", "widget_enabled": false,
            "verification_level": 0, "default_message_notifications": 1,
            "explicit_content_filter": 0, "roles": [everyone], "emojis": [], "features": [],
            "mfa_level": 0, "application_id": null, "system_channel_id": null,
            "system_channel_flags": 0, "rules_channel_id": null, "max_members": 500000,
            "vanity_url_code": null, "description": null, "banner": null, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": "en-US",
        });
        // The rest of the guild, then GUILD_CREATE's extra fields.
        let more = json!({
            "public_updates_channel_id": null, "nsfw_level": 0, "stickers": [],
            "premium_progress_bar_enabled": false, "safety_alerts_channel_id": null,
            "joined_at": TIMESTAMP, "large": false, "unavailable": false,
            "member_count": 2, "voice_states": [], "members": [bot], "channels": channels,
            "threads": threads, "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        });
        if let (Some(g), Value::Object(more)) = (guild.as_object_mut(), more) {
            g.extend(more);
        }
        guild
    }

    /// A server's `@everyone` role, as Discord gives it.
    pub fn everyone_role(&self, guild: u64) -> Value {
        let permissions =
            (self.everyone.get(&guild)).map_or_else(|| PERMISSIONS.to_string(), u64::to_string);
        json!({
            "id": guild.to_string(), "name": "@everyone", "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false, "icon": null, "unicode_emoji": null, "position": 0,
            "permissions": permissions, "managed": false, "mentionable": false, "flags": 0,
        })
    }

    /// The servers a shard serves, known and not left.
    pub fn guilds_on(&self, shard: u64, total: u64) -> Vec<u64> {
        (self.guilds.iter())
            .filter(|(g, removed)| !**removed && (**g >> 22) % total.max(1) == shard)
            .map(|(g, _)| *g)
            .collect()
    }
}

/// A snowflake in a string, as a number.
pub(super) fn id(s: &str) -> Option<u64> {
    s.parse().ok().filter(|&n| n > 0)
}

/// A refusal a correct bot can meet: answered as Discord does, and counted.
fn refuse(inner: &mut Inner, status: u16, code: i64, message: &str, what: String) -> Answer {
    inner.refusals.push((status, code, what));
    Answer::discord(status, code, message)
}

impl Shared {
    /// Sends an event about `guild` on its shard, when that shard's session
    /// asked for the `GUILDS` intent (else Discord sends nothing).
    pub(super) fn guild_event(&self, inner: &mut Inner, guild: u64, event: &str, d: Value) {
        let shard = (guild >> 22) % inner.shard_total.max(1);
        let wants = inner
            .shards
            .get(&shard)
            .is_some_and(|s| s.intents & GUILDS_INTENT != 0 && s.session.is_some());
        if wants {
            let _ = self.dispatch_to(inner, shard, event, d);
        }
    }

    /// THREAD_UPDATE with the thread as it is now.
    pub(super) fn thread_updated(&self, inner: &mut Inner, thread: u64) {
        let Some(place) = inner.world.channels.get(&thread) else {
            return;
        };
        let (d, guild) = (place.json(), place.spec.guild);
        if let Some(g) = guild {
            self.guild_event(inner, g, "THREAD_UPDATE", d);
        }
    }

    /// Changes a registered thread and tells the bot (THREAD_UPDATE).
    pub(super) fn change_thread(
        &self,
        inner: &mut Inner,
        thread: u64,
        change: impl FnOnce(&mut Place),
    ) {
        let now = inner.now();
        let Some(place) = inner.world.channels.get_mut(&thread) else {
            panic!("channel {thread} is not registered: add_channel first");
        };
        let was = place.spec.archived;
        change(place);
        if place.spec.archived != was {
            place.archive_timestamp = now;
            if !place.spec.archived {
                place.last_activity = now;
            }
        }
        self.thread_updated(inner, thread);
    }

    /// Threads quiet for longer than their auto-archive duration archive
    /// themselves (on the fake's clock), each with a THREAD_UPDATE.
    pub(super) fn auto_archive(&self, inner: &mut Inner) {
        let now = inner.now();
        let mut archived = Vec::new();
        for place in inner.world.channels.values_mut() {
            let minutes = u64::from(place.spec.auto_archive_minutes);
            if !place.is_thread() || place.spec.archived || minutes == 0 {
                continue;
            }
            let due = place.last_activity + Duration::from_secs(minutes * 60);
            if now >= due {
                place.spec.archived = true;
                place.archive_timestamp = due;
                archived.push(place.spec.id);
            }
        }
        for thread in archived {
            self.thread_updated(inner, thread);
        }
    }

    /// The bot is deleted from a channel's world: CHANNEL_DELETE (THREAD_DELETE
    /// for a thread), and the channel, with its threads, answers 404 10003.
    pub(super) fn delete_channel(&self, inner: &mut Inner, channel: u64) {
        inner.gone.insert(channel.to_string());
        let threads: Vec<u64> = (inner.world.channels.values())
            .filter(|p| p.spec.parent == Some(channel))
            .map(|p| p.spec.id)
            .collect();
        for t in threads {
            inner.gone.insert(t.to_string());
        }
        let Some(place) = inner.world.channels.get(&channel) else {
            return;
        };
        let Some(guild) = place.spec.guild else {
            return;
        };
        if place.is_thread() {
            let d = json!({"id": channel.to_string(), "guild_id": guild.to_string(),
                           "parent_id": place.spec.parent.map(|p| p.to_string()),
                           "type": place.spec.kind.code()});
            self.guild_event(inner, guild, "THREAD_DELETE", d);
        } else {
            let d = place.json();
            self.guild_event(inner, guild, "CHANNEL_DELETE", d);
        }
    }

    /// What an INTERACTION_CREATE becomes on its way, or why Discord would
    /// never send it: a command (or its autocomplete) from a context its
    /// registration does not list, from a server the bot was removed from,
    /// or in an archived thread. A server's channel is learned (a text
    /// channel unless registered), a DM channel is known as its user's, and
    /// an interaction in a registered thread carries the thread as its
    /// `channel`.
    pub(super) fn admit(&self, inner: &mut Inner, interaction: &Value) -> Result<Value> {
        let mut d = interaction.clone();
        let command = matches!(d["type"].as_u64(), Some(2 | 4));
        if command {
            let name = d["data"]["name"].as_str().unwrap_or_default();
            let contexts = (inner.registered.get(name)).and_then(|r| r.contexts.clone());
            if let (Some(contexts), Some(context)) = (contexts, d["context"].as_u64()) {
                if !contexts.contains(&context) {
                    bail!("/{name} is registered for the contexts {contexts:?}, not {context}: Discord does not offer it there");
                }
            }
        }
        let guild = d["guild_id"].as_str().and_then(id);
        let channel = d["channel_id"].as_str().and_then(id);
        let now = inner.now();
        match (guild, channel) {
            (Some(g), _) if inner.world.removed(g) => {
                bail!("the bot was removed from server {g}: Discord sends it nothing from there")
            }
            (Some(g), Some(c)) => {
                inner.world.guilds.entry(g).or_insert(false);
                if !inner.world.channels.contains_key(&c) && !inner.gone.contains(&c.to_string()) {
                    inner.world.add(ChannelSpec::text(g, c), now);
                }
            }
            (Some(g), None) => {
                inner.world.guilds.entry(g).or_insert(false);
            }
            (None, Some(c)) => {
                let user = d["user"]["id"].as_str().map(str::to_string);
                if let (false, Some(user)) = (inner.world.channels.contains_key(&c), user) {
                    inner.dm_channels.entry(c.to_string()).or_insert(user);
                }
            }
            (None, None) => {}
        }
        if let Some(place) = channel.and_then(|c| inner.world.channels.get(&c)) {
            if place.is_thread() {
                if command && place.spec.archived {
                    bail!(
                        "thread {} is archived: Discord lets no one use an application command there",
                        place.spec.id
                    );
                }
                d["channel"] = place.json();
            }
        }
        Ok(d)
    }

    /// Discord's rules for a call with the bot's token about a channel or a
    /// server (see the module's doc), or `None` when it may go on.
    pub(super) fn place_rules(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &Operation,
    ) -> Option<Answer> {
        let what = format!("{} {}", req.method, op.template);
        if let Some(g) = op.param("guild_id").and_then(id) {
            if inner.world.removed(g) {
                let what = format!("{what}: the bot is not in server {g}");
                return Some(refuse(inner, 403, 50001, "Missing Access", what));
            }
        }
        let channel = op.param("channel_id")?.to_string();
        if inner.gone.contains(&channel) {
            let what = format!("{what}: channel {channel} is gone");
            return Some(refuse(inner, 404, 10003, "Unknown Channel", what));
        }
        let place = id(&channel)
            .and_then(|c| inner.world.channels.get(&c))
            .cloned();
        if let Some(g) = place.as_ref().and_then(|p| p.spec.guild) {
            if inner.world.removed(g) {
                let what = format!("{what}: the bot is not in server {g}");
                return Some(refuse(inner, 403, 50001, "Missing Access", what));
            }
        }
        let private = place
            .as_ref()
            .is_some_and(|p| p.spec.kind == ChannelKind::PrivateThread && !p.spec.bot_member);
        if private {
            let what = format!("{what}: the bot is not a member of private thread {channel}");
            return Some(refuse(inner, 403, 50001, "Missing Access", what));
        }
        let post = req.method == "POST" && op.template == "/channels/{channel_id}/messages";
        let edit =
            req.method == "PATCH" && op.template == "/channels/{channel_id}/messages/{message_id}";
        if let Some(user) = inner.dm_channels.get(&channel).cloned() {
            return match (post, inner.world.dms.get(&user)) {
                (true, Some(DmState::Closed)) => Some(refuse(
                    inner,
                    403,
                    50007,
                    "Cannot send messages to this user",
                    format!("{what}: user {user} does not take DMs from the bot"),
                )),
                (true, Some(DmState::NoMutualServer)) => Some(refuse(
                    inner,
                    403,
                    50278,
                    "Cannot send messages to this user due to having no mutual guilds",
                    format!("{what}: user {user} shares no server with the bot"),
                )),
                _ => None,
            };
        }
        let thread = place.as_ref().is_some_and(Place::is_thread);
        let parent = place
            .as_ref()
            .and_then(|p| p.spec.parent)
            .map(|p| p.to_string());
        let has = (inner.permissions.get(&channel))
            .or_else(|| parent.and_then(|p| inner.permissions.get(&p)))
            .copied()
            .unwrap_or(u64::MAX);
        let mut needs = VIEW_CHANNEL;
        if post {
            needs |= if thread {
                SEND_MESSAGES_IN_THREADS
            } else {
                SEND_MESSAGES
            };
            if !req.files.is_empty() {
                needs |= ATTACH_FILES;
            }
        }
        if has & needs != needs {
            let what = format!("{what}: missing permissions");
            return Some(refuse(inner, 403, 50013, "Missing Permissions", what));
        }
        let place = place.filter(Place::is_thread)?;
        let joins =
            req.method == "PUT" && op.template == "/channels/{channel_id}/thread-members/@me";
        if (edit || joins) && place.spec.archived {
            let what = format!("{what}: thread {channel} is archived");
            let message = "Thread is archived";
            return Some(refuse(inner, 400, 50083, message, what));
        }
        if (post || edit) && place.spec.locked {
            let what = format!("{what}: thread {channel} is locked");
            return Some(refuse(
                inner,
                THREAD_LOCKED_STATUS,
                160005,
                "Thread is locked",
                what,
            ));
        }
        None
    }

    /// A message posted in an archived thread that is not locked unarchives
    /// it, as on Discord.
    pub(super) fn unarchive_by_post(&self, inner: &mut Inner, channel: &str) {
        let Some(c) = id(channel) else { return };
        let reopen = (inner.world.channels.get(&c))
            .is_some_and(|p| p.is_thread() && p.spec.archived && !p.spec.locked);
        if reopen {
            self.change_thread(inner, c, |p| p.spec.archived = false);
        }
    }

    /// The routes of a server the fake models: `GET /guilds/{id}/roles`
    /// (its `@everyone` role).
    pub(super) fn guild_route(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &Operation,
    ) -> Option<Answer> {
        let guild = op.param("guild_id").and_then(id)?;
        match (req.method.as_str(), op.template.as_str()) {
            ("GET", "/guilds/{guild_id}/roles") => Some(Answer::new(
                200,
                Some(json!([inner.world.everyone_role(guild)])),
            )),
            _ => None,
        }
    }

    /// A channel's overwrites change: CHANNEL_UPDATE with it as it is now.
    pub(super) fn set_overwrites(&self, inner: &mut Inner, channel: u64, overwrites: Vec<Value>) {
        let Some(place) = inner.world.channels.get_mut(&channel) else {
            panic!("channel {channel} is not registered: add_channel first");
        };
        place.spec.overwrites = overwrites;
        let (d, guild) = (place.json(), place.spec.guild);
        if let Some(g) = guild {
            self.guild_event(inner, g, "CHANNEL_UPDATE", d);
        }
    }

    /// A server's `@everyone` role changes: GUILD_ROLE_UPDATE.
    pub(super) fn set_everyone(&self, inner: &mut Inner, guild: u64, permissions: u64) {
        inner.world.everyone.insert(guild, permissions);
        let d = json!({"guild_id": guild.to_string(), "role": inner.world.everyone_role(guild)});
        self.guild_event(inner, guild, "GUILD_ROLE_UPDATE", d);
    }

    /// The channel routes: GET and PATCH a channel, a thread's members. A
    /// channel the fake neither registered nor learned is read as a text
    /// channel of [`DEFAULT_GUILD`].
    pub(super) fn channel_route(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &Operation,
    ) -> Option<Answer> {
        let channel = op.param("channel_id")?.to_string();
        let c = id(&channel)?;
        let what = format!("{} {}", req.method, op.template);
        let place = inner.world.channels.get(&c).cloned();
        let thread = place.as_ref().filter(|p| p.is_thread());
        let ok = |v: Value| Answer::new(200, Some(v));
        let not_thread = |inner: &mut Inner| {
            let what = format!("{what}: channel {channel} is not a thread");
            refuse(
                inner,
                400,
                50024,
                "Cannot execute action on this channel type",
                what,
            )
        };
        let answer = match (req.method.as_str(), op.template.as_str()) {
            ("GET", "/channels/{channel_id}") => match (&place, inner.dm_channels.get(&channel)) {
                (Some(p), _) => ok(p.json()),
                (None, Some(user)) => ok(json!({"id": channel, "type": 1, "last_message_id": null,
                    "flags": 0, "recipients": [super::user_json(id(user).unwrap_or(1), "someone")]})),
                (None, None) => {
                    ok(Place::new(ChannelSpec::text(DEFAULT_GUILD, c), inner.now()).json())
                }
            },
            ("PATCH", "/channels/{channel_id}") => {
                let body = req.body().as_object().cloned().unwrap_or_default();
                let unarchive = body.len() == 1 && body.get("archived") == Some(&json!(false));
                match thread {
                    Some(p) if unarchive && !p.spec.locked => {
                        if p.spec.archived {
                            self.change_thread(inner, c, |p| p.spec.archived = false);
                        }
                        ok(inner.world.channels[&c].json())
                    }
                    _ => {
                        let why = if thread.is_some_and(|p| p.spec.locked) {
                            format!("{what}: thread {channel} is locked (unarchiving it needs Manage Threads)")
                        } else {
                            format!("{what}: the change needs Manage Threads or Manage Channels")
                        };
                        refuse(inner, 403, 50013, "Missing Permissions", why)
                    }
                }
            }
            ("POST", "/channels/{channel_id}/threads") => {
                // A thread without a message: its name 1 to 100 characters,
                // public (11) or private (12), archived after 60, 1440, 4320
                // or 10080 minutes; in a text channel, not in a thread.
                let body = req.body();
                let name = body["name"].as_str().unwrap_or_default();
                let kind = body["type"].as_u64().unwrap_or(12);
                let minutes = body["auto_archive_duration"].as_u64().unwrap_or(4320);
                if thread.is_some() {
                    return Some(not_thread(inner));
                }
                if !(1..=100).contains(&name.chars().count())
                    || !matches!(kind, 11 | 12)
                    || ![60, 1440, 4320, 10080].contains(&minutes)
                {
                    let why = format!("{what}: name {name:?}, type {kind}, archive {minutes}");
                    return Some(refuse(inner, 400, 50035, "Invalid Form Body", why));
                }
                let guild = place
                    .as_ref()
                    .and_then(|p| p.spec.guild)
                    .unwrap_or(DEFAULT_GUILD);
                inner.next_id += 1;
                let id = inner.next_id;
                let spec = ChannelSpec {
                    auto_archive_minutes: minutes as u32,
                    ..ChannelSpec::thread(guild, c, id, kind == 12, true)
                };
                let now = inner.now();
                inner.world.add(spec, now);
                let mut made = inner.world.channels[&id].json();
                made["name"] = json!(name);
                let mut event = made.clone();
                event["newly_created"] = json!(true);
                self.guild_event(inner, guild, "THREAD_CREATE", event);
                Answer::new(201, Some(made))
            }
            ("GET", "/channels/{channel_id}/thread-members/{user_id}") => {
                let Some(p) = thread else {
                    return Some(not_thread(inner));
                };
                let user = op.param("user_id").and_then(id).unwrap_or(0);
                let member = if user == APP_ID {
                    p.spec.bot_member
                } else {
                    p.members.contains(&user)
                };
                if member {
                    let mut m = thread_member(c, user);
                    if req.asks("with_member", "true") {
                        m["member"] = member_json(user, "someone");
                    }
                    ok(m)
                } else {
                    let what = format!("{what}: {user} is not a member of thread {channel}");
                    refuse(inner, 404, 10007, "Unknown Member", what)
                }
            }
            ("PUT", "/channels/{channel_id}/thread-members/@me") => {
                if thread.is_none() {
                    return Some(not_thread(inner));
                }
                if let Some(p) = inner.world.channels.get_mut(&c) {
                    p.spec.bot_member = true;
                }
                Answer::new(204, None)
            }
            ("DELETE", "/channels/{channel_id}/thread-members/@me") => {
                if thread.is_none() {
                    return Some(not_thread(inner));
                }
                if let Some(p) = inner.world.channels.get_mut(&c) {
                    p.spec.bot_member = false;
                }
                Answer::new(204, None)
            }
            _ => return None,
        };
        Some(answer)
    }
}

/// The status of `160005` Thread is locked: Discord's documentation gives
/// the code, not the status; the fake answers it as it answers `50083`, the
/// other refusal for a thread's state.
pub const THREAD_LOCKED_STATUS: u16 = 400;
