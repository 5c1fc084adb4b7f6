//! A fake Discord (REST + WebSocket gateway) on 127.0.0.1 for tests, as
//! strict as the real one.
//!
//! The bot reaches it in one of two ways:
//! - as `discord.com` itself over HTTPS ([`FakeDiscord::tls_addr`] and the
//!   authority [`FakeDiscord::ca_pem`], given to the bot as
//!   `DiscordConfig::discord_at`): the same URLs as on Discord, serenity's
//!   own rate limiter on. The tests' `Table` starts the bot this way;
//! - as a proxy ([`FakeDiscord::base_url`], `DISCORD_API_BASE`): serenity
//!   sends every call there with its rate limiter off (a real proxy limits).
//!
//! Every request is checked before it is answered ([`strict`]): against
//! Discord's own description of its API and its documented limits, and
//! against the rules of the moment (an interaction answered once and within
//! 3 seconds, its token used within 15 minutes, the bot's permissions in a
//! channel, rate limits: [`limits`]). A request that breaks a rule of the
//! API is answered as Discord answers it and kept as a *violation*: a fake
//! with violations fails the test when it is dropped, naming each rule. A
//! refusal a correct bot can meet (a late or repeated answer, a missing
//! permission, a channel gone, a rate limit) is answered the same way and
//! only counted ([`FakeDiscord::refusals`]).
//!
//! The fake also models who a message notifies ([`Notification`]): a
//! mention notifies only in a newly created, non-ephemeral message (never in
//! an edit, including the first answer to a deferred interaction, which
//! edits its placeholder), and only the users `allowed_mentions` lets
//! through; a direct message notifies its recipient.
//!
//! # What real Discord does that a bot would rather it did not
//! - **Time.** An interaction's id is a snowflake of when Discord created it
//!   ([`snowflake_time`]); its first answer must come within 3 s of that,
//!   its token serves 15 minutes from it, however late it reached the bot
//!   (replayed after a RESUME, held at start). The fake's clock is the wall
//!   clock plus [`FakeDiscord::advance`]; [`created_ago`] and
//!   [`FakeDiscord::created_ago`] make an interaction older. A test whose
//!   subject is not time holds it ([`FakeDiscord::hold_clock`]): the
//!   windows then count the test's time, not a busy machine's.
//! - **DMs.** An interaction without a server comes as Discord sends it from
//!   the bot's DM (`user`, channel type 1, context 1, `app_permissions`
//!   [`DM_PERMISSIONS`]); its channel is then that user's DM channel, where
//!   the bot may post. [`FakeDiscord::close_dms`] (`403 50007`),
//!   [`FakeDiscord::no_mutual_server`] (`403 50278`) and
//!   [`FakeDiscord::open_dms`] set whether posting there works; opening the
//!   DM channel always works.
//! - **Refusals as they come**: [`Once::Html`] (Cloudflare: an HTML page, no
//!   JSON, no rate-limit headers), [`Once::RateLimitedShared`] (a `shared`
//!   429, which Discord does not count against the bot), [`Once::OldMessageEdits`]
//!   (`429 30046`, edits of messages older than an hour);
//!   [`FakeDiscord::set_down`] answers every REST request (interaction
//!   callbacks too) with a 5xx HTML page until lifted.
//! - **Invalid requests**: every 401, 403 and 429 answered (but the `shared`
//!   ones) is timed: [`FakeDiscord::invalid_requests`],
//!   [`FakeDiscord::most_invalid_in`] (Discord bans an IP for a while after
//!   10,000 in 10 minutes).
//! - **Channels, threads, servers**: see [`places`]: [`FakeDiscord::add_channel`]
//!   ([`ChannelSpec`], its permission overwrites), [`FakeDiscord::set_overwrites`]
//!   (CHANNEL_UPDATE), [`FakeDiscord::set_everyone_permissions`]
//!   (GUILD_ROLE_UPDATE), [`FakeDiscord::archive`], [`FakeDiscord::lock`],
//!   [`FakeDiscord::unlock`], [`FakeDiscord::add_thread_member`],
//!   [`FakeDiscord::delete_channel`], [`FakeDiscord::remove_bot`],
//!   [`FakeDiscord::add_bot`], [`FakeDiscord::guild_outage`]. Their events
//!   reach a shard only if its IDENTIFY asked for the `GUILDS` intent
//!   ([`FakeDiscord::identify_intents`]).
//! - **Activities** (the table inside Discord): see [`activity`]: the
//!   `LAUNCH_ACTIVITY` callback and its instances, the entry point command
//!   in the registration, OAuth2's code and token, `/users/@me` with a
//!   person's token, the instances the bot may ask of.
//! - **Session starts** ([`FakeDiscord::set_session_starts`],
//!   [`FakeDiscord::set_max_concurrency`]): `GET /gateway/bot` tells them;
//!   each IDENTIFY spends one, and one with none left is a violation (Discord
//!   resets the bot's token; the connection is closed, 4004); more than
//!   `max_concurrency` IDENTIFYs in 5 s (by `shard_id % max_concurrency`) are
//!   answered op 9 and counted ([`FakeDiscord::identifies_refused`]).
//! - **Where a command is offered**: the `contexts` and `integration_types`
//!   each command was registered with ([`FakeDiscord::registered_contexts`]);
//!   `send_interaction` refuses a command from a context not listed.
//!
//! # Its parts
//! - here: the handle ([`FakeDiscord`]) and what a test does to Discord's
//!   world: interactions sent, channels, threads, servers, DMs, its clock;
//! - `server`: the HTTP side (the routes, each request read, answered and
//!   recorded; HTTPS as discord.com in `tls`) and the gateway's WebSocket
//!   side (`gateway`: sessions, dispatches, resumes);
//! - `recorder`: what the bot sent and what it was answered, and the
//!   queries on them (requests, messages, notifications, refusals);
//! - `answers`: what the fake knows (its state) and how it answers a
//!   request: Discord's rules ([`strict`], [`limits`], `places`), then a
//!   test's one-time answers and stubs, then what Discord does (`discord`,
//!   `activity`).

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use anyhow::Result;
use serde_json::{json, Value};
use tokio::sync::watch;

mod activity;
mod answers;
pub mod client;
mod discord;
mod fixtures;
mod gateway;
pub mod limits;
pub mod places;
mod recorder;
mod server;
pub mod strict;
mod tls;
pub use activity::{Instance as ActivityInstance, CLIENT_SECRET};
pub use answers::Once;
use answers::{know_interaction, Answer, Inner, Registration};
pub use fixtures::*;
#[allow(unused_imports)]
pub use places::{
    overwrite, ChannelKind, ChannelSpec, DEFAULT_CHANNEL, DEFAULT_GUILD, GUILDS_INTENT,
};
pub use recorder::{callback_path, Notification, RecordedFile, RecordedRequest};
use server::send_frame;

/// What the routes and the handle share: the ports, the state, and the
/// counters a test waits on.
struct Shared {
    port: u16,
    tls_port: u16,
    inner: Mutex<Inner>,
    log_len: watch::Sender<usize>,
    identifies: watch::Sender<u64>,
    /// How many RESUMEs (op 6) the gateway received.
    resumes: watch::Sender<u64>,
    /// How many held requests were given up on.
    given_up: watch::Sender<usize>,
}

/// The status recorded for a request held open (`Once::Hang`): no answer.
const HELD: u16 = 0;

/// Application id, which is also the bot user's id (as on Discord).
pub const APP_ID: u64 = 1_000_000_000_000_000_001;
pub const BOT_NAME: &str = "fakebot";
/// Timestamp used in every fabricated object.
pub const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";
/// The permissions of members and of the bot in the tests' channels.
pub const PERMISSIONS: &str = "2248473465835073";
/// [`PERMISSIONS`] as a number.
pub const PERMISSIONS_BITS: u64 = 2_248_473_465_835_073;

/// Discord's window for the first answer to an interaction.
pub const CALLBACK_WINDOW: Duration = Duration::from_secs(3);
/// How long an interaction's token may be used.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// The running fake. Dropping it stops the servers, and fails the test if
/// the bot broke a rule of Discord's API.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    servers: Vec<tokio::task::JoinHandle<()>>,
    /// How long `wait_ready` and `next_request` wait.
    pub timeout: Duration,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for server in &self.servers {
            server.abort();
        }
        if std::thread::panicking() {
            return;
        }
        let violations = self.take_violations();
        assert!(
            violations.is_empty(),
            "the bot sent Discord requests it refuses:\n- {}",
            violations.join("\n- ")
        );
    }
}

impl FakeDiscord {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.inner.lock().expect("fake state lock")
    }

    /// Injects an INTERACTION_CREATE with `interaction` as `d`. Its window
    /// for a first answer and its token's lifetime count from its id's time
    /// (see [`created_ago`]). Refused (`Err`), as Discord would never send
    /// it, for a command (or its autocomplete) from a context its
    /// registration does not list, from a server the bot was removed from,
    /// or in an archived thread. In a registered thread it carries the
    /// thread as its `channel`; without a server, its channel becomes the
    /// user's DM channel.
    pub fn send_interaction(&self, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        let d = self.shared.admit(&mut inner, interaction)?;
        know_interaction(&mut inner, &d);
        self.shared.dispatch(&mut inner, "INTERACTION_CREATE", d)
    }

    /// [`FakeDiscord::send_interaction`] on shard `shard`'s session, whatever
    /// the server: the same interaction delivered to two processes, as
    /// Discord may when two think they hold one shard.
    /// An interaction sent before keeps its window and its answers.
    pub fn send_interaction_on(&self, shard: u64, interaction: &Value) -> Result<()> {
        let mut inner = self.inner();
        let d = self.shared.admit(&mut inner, interaction)?;
        let known = d["token"]
            .as_str()
            .is_some_and(|token| inner.sent.contains_key(token));
        if !known {
            know_interaction(&mut inner, &d);
        }
        self.shared
            .dispatch_to(&mut inner, shard, "INTERACTION_CREATE", d)
    }

    /// Moves the fake's clock ahead: interactions created before look that
    /// much older (their tokens expire after 15 minutes), and threads quiet
    /// for longer than their auto-archive duration archive themselves
    /// (THREAD_UPDATE).
    pub fn advance(&self, by: Duration) {
        let mut inner = self.inner();
        inner.ahead += by;
        self.shared.auto_archive(&mut inner);
    }

    /// Holds the fake's clock: from now on it moves only by
    /// [`FakeDiscord::advance`], so that Discord's windows (an interaction's
    /// first answer within 3 s, its token's 15 minutes) count the test's
    /// time, not how long a busy machine takes to answer. For the tests
    /// whose subject is not time and that need every answer the same shape
    /// (a long `defer_after`: never deferred); the window's own tests keep
    /// the wall clock. An interaction is as old, when sent, as its id says
    /// by the wall clock (a fresh one: not at all), and ages by the test's
    /// time after. The bot still reads the wall clock for an interaction's
    /// age on arrival (it plays none older than 2.5 s).
    pub fn hold_clock(&self) {
        let mut inner = self.inner();
        if inner.held.is_none() {
            inner.held = Some(SystemTime::now());
        }
    }

    /// The fake's clock: the wall clock (or where it stood when held, see
    /// [`FakeDiscord::hold_clock`]) plus every [`FakeDiscord::advance`].
    pub fn now(&self) -> SystemTime {
        self.inner().now()
    }

    /// Re-mints an interaction's `id` and `token` as if Discord had created
    /// it `age` ago on the fake's clock (`Duration::ZERO`: now, for an
    /// interaction made after the clock was advanced). On a held clock the
    /// id is minted by the wall clock, which that clock counts from.
    pub fn created_ago(&self, interaction: &mut Value, age: Duration) {
        let inner = self.inner();
        let now = match inner.held {
            Some(_) => SystemTime::now(),
            None => inner.now(),
        };
        drop(inner);
        let at = now.checked_sub(age).unwrap_or(std::time::UNIX_EPOCH);
        fixtures::restamp(interaction, at);
    }

    /// The channel is deleted: the same as [`FakeDiscord::delete_channel`].
    pub fn remove_channel(&self, channel: u64) {
        self.delete_channel(channel);
    }

    /// The channel is deleted: CHANNEL_DELETE (THREAD_DELETE `{id, guild_id,
    /// parent_id, type}` for a thread) is dispatched to a bot that asked for
    /// the `GUILDS` intent, and from then on the channel, and its threads,
    /// answer `404 10003` Unknown Channel.
    pub fn delete_channel(&self, channel: u64) {
        let mut inner = self.inner();
        self.shared.delete_channel(&mut inner, channel);
    }

    /// Registers a channel or thread (replacing what was known of it), its
    /// server known too. The fake starts knowing [`DEFAULT_GUILD`] and its
    /// text channel [`DEFAULT_CHANNEL`], and learns each server channel an
    /// interaction comes from (as a text channel).
    pub fn add_channel(&self, spec: ChannelSpec) {
        let mut inner = self.inner();
        let now = inner.now();
        inner.world.add(spec, now);
    }

    /// A channel's permission overwrites change (made with
    /// [`places::overwrite`]): CHANNEL_UPDATE.
    pub fn set_overwrites(&self, channel: u64, overwrites: Vec<Value>) {
        let mut inner = self.inner();
        self.shared.set_overwrites(&mut inner, channel, overwrites);
    }

    /// What a server's `@everyone` role may do changes: GUILD_ROLE_UPDATE.
    pub fn set_everyone_permissions(&self, guild: u64, permissions: u64) {
        let mut inner = self.inner();
        self.shared.set_everyone(&mut inner, guild, permissions);
    }

    /// A thread is archived (by a moderator, or its clock): THREAD_UPDATE.
    pub fn archive(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.archived = true);
    }

    /// A thread is locked by a moderator: THREAD_UPDATE. The bot (without
    /// Manage Threads) can no longer post or edit there (`160005`), nor
    /// unarchive it (`403 50013`).
    pub fn lock(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.locked = true);
    }

    /// A thread is unlocked: THREAD_UPDATE.
    pub fn unlock(&self, thread: u64) {
        let mut inner = self.inner();
        self.shared
            .change_thread(&mut inner, thread, |p| p.spec.locked = false);
    }

    /// Someone adds `user` to a thread (the bot itself when `user` is
    /// [`APP_ID`]: then THREAD_CREATE with its thread member, as Discord
    /// tells a bot added to a thread).
    pub fn add_thread_member(&self, thread: u64, user: u64) {
        let mut inner = self.inner();
        let Some(place) = inner.world.channels.get_mut(&thread) else {
            panic!("channel {thread} is not registered: add_channel first");
        };
        if user != APP_ID {
            place.members.insert(user);
            return;
        }
        place.spec.bot_member = true;
        let (d, guild) = (place.json(), place.spec.guild);
        if let Some(g) = guild {
            self.shared.guild_event(&mut inner, g, "THREAD_CREATE", d);
        }
    }

    /// The bot is removed from a server: GUILD_DELETE `{id}` (no
    /// `unavailable`) to a bot with the `GUILDS` intent; from then on every
    /// call with the bot's token to the server's channels (or
    /// `/guilds/{id}/...`) answers `403 50001`, and `send_interaction` from
    /// the server is refused.
    pub fn remove_bot(&self, guild: u64) {
        let mut inner = self.inner();
        inner.world.guilds.insert(guild, true);
        let d = json!({"id": guild.to_string()});
        self.shared
            .guild_event(&mut inner, guild, "GUILD_DELETE", d);
    }

    /// The bot is added to a server again (or for the first time):
    /// GUILD_CREATE with its channels and threads, and what
    /// [`FakeDiscord::remove_bot`] did is undone.
    pub fn add_bot(&self, guild: u64) {
        let mut inner = self.inner();
        inner.world.guilds.insert(guild, false);
        let d = inner.world.guild_json(guild, &inner.gone);
        self.shared
            .guild_event(&mut inner, guild, "GUILD_CREATE", d);
    }

    /// A server becomes unavailable (Discord's outage): GUILD_DELETE with
    /// `unavailable: true`. Nothing else changes.
    pub fn guild_outage(&self, guild: u64) {
        let mut inner = self.inner();
        let d = json!({"id": guild.to_string(), "unavailable": true});
        self.shared
            .guild_event(&mut inner, guild, "GUILD_DELETE", d);
    }

    /// `user` closes their DMs (or blocks the bot): a post in their DM
    /// channel answers `403 50007`.
    pub fn close_dms(&self, user: u64) {
        let state = places::DmState::Closed;
        self.inner().world.dms.insert(user.to_string(), state);
    }

    /// `user` no longer shares a server with the bot: a post in their DM
    /// channel answers `403 50278`.
    pub fn no_mutual_server(&self, user: u64) {
        let state = places::DmState::NoMutualServer;
        self.inner().world.dms.insert(user.to_string(), state);
    }

    /// `user` can be written to again.
    pub fn open_dms(&self, user: u64) {
        self.inner().world.dms.remove(&user.to_string());
    }
}
