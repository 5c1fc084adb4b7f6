//! How the bot reaches Discord: its token, where its commands are
//! registered, the stand-in or proxy it may reach instead, the shards it
//! runs, and its timings. Read from the environment by the one loader
//! (`app::config::Config::discord`); defaults here.

use super::timing;
use std::time::Duration;

/// How long to wait for the referee before deferring, by default: Discord
/// drops an interaction that has no answer after 3 s, network included.
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The bound `DISCORD_DEFER_AFTER_MS` must stay under: Discord drops an
/// interaction with no first answer after 3 s, and the deferral itself still
/// has to cross the network, so a wait of 2.5 s or more risks the window.
pub const DEFER_AFTER_BOUND: Duration = Duration::from_millis(2500);

/// How long one call to Discord may take by default before it is given up.
pub const DEFAULT_HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The first wait before registering `/aq` again after a failure.
pub const REGISTER_RETRY: Duration = Duration::from_secs(5);

/// The longest wait between two tries to register `/aq`.
pub const MAX_REGISTER_RETRY: Duration = Duration::from_secs(300);

/// The gateway shards one process runs: `first` to `last` (both included)
/// of `total`, which all the bot's processes run together. Discord sends a
/// server's events to shard `(guild_id >> 22) % total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// How the bot reaches Discord.
#[derive(Clone)]
pub struct DiscordConfig {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: String,
    /// Register the commands in this guild only (`DISCORD_GUILD_ID`): they
    /// appear at once, for development. Otherwise they are registered globally.
    pub guild_id: Option<u64>,
    /// Send every REST call to this base URL instead of discord.com
    /// (`DISCORD_API_BASE`, e.g. a rate-limiting proxy or a test fake). The
    /// built-in rate limiter is then off, since serenity ignores the proxy
    /// while it is on.
    pub api_base: Option<String>,
    /// How long a command may run before its answer is deferred
    /// (`DISCORD_DEFER_AFTER_MS`, default 1500 ms, under
    /// [`DEFER_AFTER_BOUND`]); zero defers every command first.
    pub defer_after: Duration,
    /// How long one call to Discord may take before it is given up
    /// (`DISCORD_HTTP_TIMEOUT_MS`, default 30 s): a call that never comes
    /// back must not hold its task forever. A move is committed before its
    /// answer is sent, so a call given up loses no move.
    pub http_timeout: Duration,
    /// Reach discord.com at this address, trusting this certificate
    /// authority (PEM) besides the usual ones: a stand-in for Discord
    /// reached exactly as Discord is (the same URLs over HTTPS, serenity's
    /// rate limiter on). For tests; never read from the environment.
    pub discord_at: Option<(std::net::SocketAddr, String)>,
    /// How long an interaction's token takes follow-ups: Discord's 15
    /// minutes ([`timing::TOKEN_LIFETIME`]). Tests shorten it; never read
    /// from the environment.
    pub token_lifetime: Duration,
    /// The first wait before registering `/aq` again after a failure; it
    /// doubles up to 5 minutes. Tests shorten it; never read from the
    /// environment.
    pub register_retry: Duration,
    /// The shards to run (`DISCORD_SHARDS`, `DISCORD_SHARD_TOTAL`, or
    /// `serve --shards --shard-total`); `None`: as many as Discord
    /// recommends (`/gateway/bot`), all in this process.
    pub shards: Option<ShardRange>,
    /// The application's OAuth2 client secret (`DISCORD_CLIENT_SECRET`):
    /// with it, the table opens inside Discord as an Activity
    /// ([`super::activity`]); never logged.
    pub client_secret: Option<String>,
}

impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<hidden>")
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("defer_after", &self.defer_after)
            .field("http_timeout", &self.http_timeout)
            .field("discord_at", &self.discord_at.as_ref().map(|(a, _)| a))
            .field("shards", &self.shards)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "<hidden>"),
            )
            .finish()
    }
}

impl DiscordConfig {
    /// A configuration with defaults for everything but the token.
    pub fn new(token: impl Into<String>) -> DiscordConfig {
        DiscordConfig {
            token: token.into(),
            guild_id: None,
            api_base: None,
            defer_after: DEFAULT_DEFER_AFTER,
            http_timeout: DEFAULT_HTTP_TIMEOUT,
            discord_at: None,
            token_lifetime: timing::TOKEN_LIFETIME,
            register_retry: REGISTER_RETRY,
            shards: None,
            client_secret: None,
        }
    }
}
