//! The configuration: every variable the bot reads, read one way, in one
//! place, by every subcommand.
//!
//! The binary loads it first ([`Config::from_process`]): `.env`, which never
//! overrides the environment, then the process environment. Tests read any
//! source of variables with [`Config::from_lookup`], the same loader.
//!
//! Invariants:
//! - A value that is empty or only whitespace is unset, for every variable
//!   and every subcommand: `RUST_LOG=` is the default filter, `DATABASE_URL=`
//!   the default database file, never an in-memory one.
//! - A value that does not read is refused before anything starts, with the
//!   variable's name, what it expects and what it got ([`BadSetting`]); the
//!   same sentence whichever subcommand meets it.
//! - Nothing else reads these variables: [`DiscordConfig`] is made from a
//!   [`Config`], and a command-line flag (`--db`) only ever replaces a value
//!   read here.
//! - Secrets are never shown: the token only by its length, a password in a
//!   URL as `****` ([`Config::shown`], the `Debug` output).

use crate::discord::{
    DiscordConfig, ShardRange, DEFAULT_DEFER_AFTER, DEFAULT_HTTP_TIMEOUT, DEFER_AFTER_BOUND,
};
pub use crate::store::mask_url;
use std::path::PathBuf;
use std::str::FromStr as _;
use std::time::Duration;

/// The bot's token; without it the bot plays in the terminal.
pub const DISCORD_TOKEN: &str = "DISCORD_TOKEN";
/// The database: a `sqlite://` URL or a file path.
pub const DATABASE_URL: &str = "DATABASE_URL";
/// Register the commands in this one server.
pub const DISCORD_GUILD_ID: &str = "DISCORD_GUILD_ID";
/// Reach Discord through this base URL (a proxy).
pub const DISCORD_API_BASE: &str = "DISCORD_API_BASE";
/// The log filter.
pub const RUST_LOG: &str = "RUST_LOG";
/// How long a command may run before its answer is deferred.
pub const DISCORD_DEFER_AFTER_MS: &str = "DISCORD_DEFER_AFTER_MS";
/// How long one call to Discord may take.
pub const DISCORD_HTTP_TIMEOUT_MS: &str = "DISCORD_HTTP_TIMEOUT_MS";

/// The gateway shards this process runs, e.g. `0-3` (or one, `2`).
pub const DISCORD_SHARDS: &str = "DISCORD_SHARDS";
/// How many shards all the bot's processes run together.
pub const DISCORD_SHARD_TOTAL: &str = "DISCORD_SHARD_TOTAL";

/// Where the web pages listen (`127.0.0.1:8080`); unset: no web pages.
pub const WEB_ADDR: &str = "WEB_ADDR";
/// The address players reach the web pages at, which links start with.
pub const PUBLIC_URL: &str = "PUBLIC_URL";
/// The secret the web pages' links are signed with.
pub const WEB_SECRET: &str = "WEB_SECRET";
/// The reverse proxies in front of the web pages, whose `X-Forwarded-For`
/// names the client.
pub const WEB_TRUSTED_PROXY: &str = "WEB_TRUSTED_PROXY";
/// The application's OAuth2 client secret: the table inside Discord (an
/// Activity) learns who opened it with it.
pub const DISCORD_CLIENT_SECRET: &str = "DISCORD_CLIENT_SECRET";

/// Every variable of the configuration, in the order `config` shows them.
pub const VARIABLES: [&str; 14] = [
    DISCORD_TOKEN,
    DATABASE_URL,
    DISCORD_GUILD_ID,
    DISCORD_API_BASE,
    RUST_LOG,
    DISCORD_DEFER_AFTER_MS,
    DISCORD_HTTP_TIMEOUT_MS,
    DISCORD_SHARDS,
    DISCORD_SHARD_TOTAL,
    WEB_ADDR,
    PUBLIC_URL,
    WEB_SECRET,
    WEB_TRUSTED_PROXY,
    DISCORD_CLIENT_SECRET,
];

/// What `DISCORD_SHARDS` takes.
const SHARDS_EXPECTS: &str = "a shard or a range of shards such as 0-3, below DISCORD_SHARD_TOTAL";
/// What `DISCORD_SHARD_TOTAL` takes.
const SHARD_TOTAL_EXPECTS: &str =
    "the number of shards all the bot's processes run together (1 or more; needed with DISCORD_SHARDS)";

/// The shards a process runs, from `DISCORD_SHARDS` and
/// `DISCORD_SHARD_TOTAL` (or the flags that replace them): none said, as
/// many as Discord recommends; a total alone, all of them; a range, those.
pub fn shard_range(
    range: Option<&str>,
    total: Option<&str>,
) -> Result<Option<ShardRange>, BadSetting> {
    let total = match total {
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| bad(DISCORD_SHARD_TOTAL, SHARD_TOTAL_EXPECTS, t))?,
        None if range.is_some() => return Err(bad(DISCORD_SHARD_TOTAL, SHARD_TOTAL_EXPECTS, "")),
        None => return Ok(None),
    };
    let Some(range) = range else {
        return Ok(Some(ShardRange {
            first: 0,
            last: total - 1,
            total,
        }));
    };
    let (first, last) = range.split_once('-').unwrap_or((range, range));
    match (first.trim().parse::<u32>(), last.trim().parse::<u32>()) {
        (Ok(first), Ok(last)) if first <= last && last < total => {
            Ok(Some(ShardRange { first, last, total }))
        }
        _ => Err(bad(DISCORD_SHARDS, SHARDS_EXPECTS, range)),
    }
}

/// The database when `DATABASE_URL` is unset: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://aquaretto.db";

/// The log filter when `RUST_LOG` is unset and the bot serves Discord.
pub const SERVING_LOG: &str = "info,serenity=warn";

/// The log filter when `RUST_LOG` is unset in the terminal and the tools:
/// warnings only, so that the game is not drowned.
pub const TERMINAL_LOG: &str = "warn";

/// Where a value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The process environment (or a source given to
    /// [`Config::from_lookup`]).
    Environment,
    /// The `.env` file, for a variable the environment did not set.
    DotEnv,
    /// Unset (or empty): the default.
    Default,
}

impl Origin {
    fn said(self) -> &'static str {
        match self {
            Origin::Environment => "from the environment",
            Origin::DotEnv => "from .env",
            Origin::Default => "default",
        }
    }
}

/// A value that does not read: `NAME must be EXPECTATION, not "VALUE"`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{name} must be {expects}, not {value:?}")]
pub struct BadSetting {
    /// The variable.
    pub name: &'static str,
    /// What it takes, in words.
    pub expects: &'static str,
    /// What it held (trimmed).
    pub value: String,
}

/// The configuration could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A variable's value does not read.
    #[error(transparent)]
    Bad(#[from] BadSetting),
    /// `.env` exists but cannot be read or has a line that is no
    /// `NAME=value`.
    #[error("cannot read .env: {0}")]
    DotEnv(String),
}

/// What `DISCORD_DEFER_AFTER_MS` takes.
const DEFER_EXPECTS: &str = "a whole number of milliseconds below 2500 ms \
     (Discord drops an interaction not answered within 3 seconds)";

/// The configuration in effect.
#[derive(Clone)]
pub struct Config {
    /// `DISCORD_TOKEN`: serve Discord with this token.
    pub discord_token: Option<String>,
    /// `DATABASE_URL`, default [`DEFAULT_DATABASE_URL`].
    pub database_url: String,
    /// `RUST_LOG`; `None`: the default of what the bot does
    /// ([`Config::log_filter`]).
    pub log_filter: Option<String>,
    /// `DISCORD_GUILD_ID`: register the commands in this server only.
    pub guild_id: Option<u64>,
    /// `DISCORD_API_BASE`, without a trailing slash.
    pub api_base: Option<String>,
    /// `DISCORD_DEFER_AFTER_MS`, under [`DEFER_AFTER_BOUND`].
    pub defer_after: Duration,
    /// `DISCORD_HTTP_TIMEOUT_MS`, above zero.
    pub http_timeout: Duration,
    /// `DISCORD_SHARDS` and `DISCORD_SHARD_TOTAL`; `None`: as many shards
    /// as Discord recommends.
    pub shards: Option<ShardRange>,
    /// `WEB_ADDR`: serve the web pages there.
    pub web_addr: Option<std::net::SocketAddr>,
    /// `PUBLIC_URL`, without a trailing slash; default `http://` and
    /// `WEB_ADDR`.
    pub public_url: Option<String>,
    /// `WEB_SECRET`: at least 32 characters.
    pub web_secret: Option<String>,
    /// `WEB_TRUSTED_PROXY`: addresses or networks, as written (trimmed).
    pub trusted_proxy: Option<String>,
    /// `DISCORD_CLIENT_SECRET`: the table inside Discord (with the web
    /// pages).
    pub client_secret: Option<String>,
    /// Where each variable that was set came from; the others are defaults.
    origins: Vec<(&'static str, Origin)>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("discord_token", &token_shown(self.discord_token.as_deref()))
            .field("database_url", &mask_url(&self.database_url))
            .field("log_filter", &self.log_filter)
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base.as_deref().map(mask_url))
            .field("defer_after", &self.defer_after)
            .field("http_timeout", &self.http_timeout)
            .field("shards", &self.shards)
            .finish()
    }
}

impl Config {
    /// What the binary reads: `.env` (found in the working directory or
    /// above it) loaded into the environment where the environment does not
    /// set a variable already, then the environment's values, each
    /// remembering whether it came from the environment or `.env`. A
    /// variable the environment sets empty is unset there, so `.env`'s
    /// value counts. A missing `.env` is fine; one that does not read is
    /// refused.
    ///
    /// Call it before starting any thread: loading `.env` sets variables of
    /// the process.
    pub fn from_process() -> Result<Config, ConfigError> {
        let blank = |value: &str| value.trim().is_empty();
        // Set, and not empty, in the environment itself.
        let before: Vec<&str> = VARIABLES
            .into_iter()
            .filter(|name| std::env::var(name).is_ok_and(|v| !blank(&v)))
            .collect();
        let unreadable = |e: dotenvy::Error| ConfigError::DotEnv(dotenv_error(&e));
        let from_file: Vec<(String, String)> = match dotenvy::dotenv_iter() {
            Ok(lines) => lines.collect::<Result<_, _>>().map_err(unreadable)?,
            Err(e) if e.not_found() => Vec::new(),
            Err(e) => return Err(unreadable(e)),
        };
        // `.env` sets for the whole process what the environment leaves
        // unset (as `dotenvy::dotenv` would, from this one reading).
        for (key, value) in &from_file {
            if std::env::var_os(key).is_none() {
                std::env::set_var(key, value);
            }
        }
        let raw = process_values()?;
        Ok(Config::load(|name| {
            let value = raw.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone());
            if before.contains(&name) {
                return value.map(|v| (v, Origin::Environment));
            }
            match from_file.iter().find(|(key, _)| key == name) {
                Some((_, v)) => Some((v.clone(), Origin::DotEnv)),
                None => value.map(|v| (v, Origin::Environment)),
            }
        })?)
    }

    /// The configuration from any source of variables (a test's table, the
    /// environment): the one loader.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, BadSetting> {
        Config::load(|name| get(name).map(|value| (value, Origin::Environment)))
    }

    /// Reads every variable, each checked by its own function below (the
    /// first that does not read is refused), remembering where each value
    /// came from.
    fn load(get: impl Fn(&str) -> Option<(String, Origin)>) -> Result<Config, BadSetting> {
        let mut origins = Vec::new();
        let mut read = |name: &'static str| -> Option<String> {
            let (value, origin) = get(name)?;
            let value = value.trim();
            if value.is_empty() {
                return None;
            }
            origins.push((name, origin));
            Some(value.to_string())
        };
        let discord_token = read(DISCORD_TOKEN);
        let database_url = match read(DATABASE_URL) {
            Some(url) => database_url(url)?,
            None => DEFAULT_DATABASE_URL.to_string(),
        };
        let log_filter = read(RUST_LOG).map(log_filter).transpose()?;
        let guild_id = read(DISCORD_GUILD_ID).map(guild_id).transpose()?;
        let api_base = read(DISCORD_API_BASE).map(api_base).transpose()?;
        let defer_after = read(DISCORD_DEFER_AFTER_MS).map(defer_after).transpose()?;
        let http_timeout = read(DISCORD_HTTP_TIMEOUT_MS)
            .map(http_timeout)
            .transpose()?;
        let range = read(DISCORD_SHARDS);
        let total = read(DISCORD_SHARD_TOTAL);
        let shards = shard_range(range.as_deref(), total.as_deref())?;
        let web_addr = read(WEB_ADDR).map(web_addr).transpose()?;
        let public_url = read(PUBLIC_URL).map(public_url).transpose()?;
        links_reachable(web_addr, public_url.as_deref())?;
        let web_secret = read(WEB_SECRET).map(web_secret).transpose()?;
        let trusted_proxy = read(WEB_TRUSTED_PROXY).map(trusted_proxy).transpose()?;
        let client_secret = read(DISCORD_CLIENT_SECRET).map(client_secret).transpose()?;
        Ok(Config {
            client_secret,
            trusted_proxy,
            web_addr,
            public_url,
            web_secret,
            shards,
            discord_token,
            database_url,
            log_filter,
            guild_id,
            api_base,
            defer_after: defer_after.unwrap_or(DEFAULT_DEFER_AFTER),
            http_timeout: http_timeout.unwrap_or(DEFAULT_HTTP_TIMEOUT),
            origins,
        })
    }

    /// Where a variable's value came from.
    pub fn origin(&self, name: &str) -> Origin {
        self.origins
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(Origin::Default, |(_, origin)| *origin)
    }

    /// Whether the plain command (no subcommand) serves Discord: a token is
    /// configured.
    pub fn serves(&self) -> bool {
        self.discord_token.is_some()
    }

    /// The log filter in effect: `RUST_LOG`, else [`SERVING_LOG`] when
    /// serving Discord and [`TERMINAL_LOG`] otherwise.
    pub fn log_filter(&self, serving: bool) -> &str {
        match &self.log_filter {
            Some(filter) => filter,
            None if serving => SERVING_LOG,
            None => TERMINAL_LOG,
        }
    }

    /// The Discord front end's configuration; the token is required.
    pub fn discord(&self) -> anyhow::Result<DiscordConfig> {
        let Some(token) = &self.discord_token else {
            anyhow::bail!(
                "DISCORD_TOKEN is not set: the bot needs its token to serve Discord; put it in \
                 .env (see .env.example), or play locally with `aquaretto-bot play`"
            );
        };
        let mut config = DiscordConfig::new(token.clone());
        config.guild_id = self.guild_id;
        config.api_base = self.api_base.clone();
        config.defer_after = self.defer_after;
        config.http_timeout = self.http_timeout;
        config.shards = self.shards;
        config.client_secret = self.client_secret.clone();
        Ok(config)
    }

    /// The web pages' configuration, when `WEB_ADDR` is set.
    pub fn web(&self) -> Option<crate::web::WebConfig> {
        let addr = self.web_addr?;
        let public_url = self
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"));
        Some(crate::web::WebConfig {
            secret: self.web_secret.clone(),
            trusted_proxies: self.trusted_proxies(),
            ..crate::web::WebConfig::new(addr, public_url)
        })
    }

    /// The reverse proxies trusted to name the web pages' clients
    /// (`WEB_TRUSTED_PROXY`); none when unset.
    pub fn trusted_proxies(&self) -> Vec<crate::web::client::Net> {
        self.trusted_proxy
            .as_deref()
            .and_then(crate::web::client::read_proxies)
            .unwrap_or_default()
    }

    /// The database a subcommand opens: its `--db` flag, else
    /// `DATABASE_URL` (or its default).
    pub fn database(&self, flag: Option<String>) -> String {
        flag.unwrap_or_else(|| self.database_url.clone())
    }

    /// One `NAME=value  # where it came from` line per variable, secrets
    /// masked; `RUST_LOG`'s default is that of the plain command (serving
    /// when a token is configured).
    pub fn shown(&self) -> Vec<String> {
        let serving = self.serves();
        VARIABLES
            .into_iter()
            .map(|name| {
                let origin = self.origin(name);
                let value = match name {
                    DISCORD_TOKEN => token_shown(self.discord_token.as_deref()),
                    DATABASE_URL => mask_url(&self.database_url),
                    DISCORD_GUILD_ID => self
                        .guild_id
                        .map_or_else(|| "unset".to_string(), |id| id.to_string()),
                    DISCORD_API_BASE => self
                        .api_base
                        .as_deref()
                        .map_or_else(|| "unset".to_string(), mask_url),
                    RUST_LOG => self.log_filter(serving).to_string(),
                    DISCORD_DEFER_AFTER_MS => self.defer_after.as_millis().to_string(),
                    DISCORD_SHARDS => self.shards.map_or_else(
                        || "unset".to_string(),
                        |s| format!("{}-{}", s.first, s.last),
                    ),
                    DISCORD_SHARD_TOTAL => self
                        .shards
                        .map_or_else(|| "unset".to_string(), |s| s.total.to_string()),
                    WEB_ADDR => self
                        .web_addr
                        .map_or_else(|| "unset".to_string(), |a| a.to_string()),
                    PUBLIC_URL => self
                        .web()
                        .map_or_else(|| "unset".to_string(), |w| w.public_url),
                    WEB_SECRET => token_shown(self.web_secret.as_deref()),
                    DISCORD_CLIENT_SECRET => token_shown(self.client_secret.as_deref()),
                    WEB_TRUSTED_PROXY => self
                        .trusted_proxy
                        .clone()
                        .unwrap_or_else(|| "unset".to_string()),
                    _ => self.http_timeout.as_millis().to_string(),
                };
                let note = match (name, origin) {
                    (DISCORD_TOKEN, Origin::Default) => " (the bot plays in the terminal)",
                    (DISCORD_GUILD_ID, Origin::Default) => {
                        " (the commands are registered in every server)"
                    }
                    (DISCORD_API_BASE, Origin::Default) => " (discord.com itself)",
                    (WEB_ADDR, Origin::Default) => " (no web pages)",
                    (PUBLIC_URL, Origin::Default) => " (from WEB_ADDR)",
                    (WEB_SECRET, Origin::Default) => " (made once and kept in the database)",
                    (WEB_TRUSTED_PROXY, Origin::Default) => {
                        " (each connection's own address is its client)"
                    }
                    (DISCORD_CLIENT_SECRET, Origin::Default) => {
                        " (no table inside Discord: the web pages' links only)"
                    }
                    (DISCORD_SHARDS | DISCORD_SHARD_TOTAL, Origin::Default) => {
                        " (as many shards as Discord recommends)"
                    }
                    (RUST_LOG, Origin::Default) if serving => {
                        " when serving Discord (warn in the terminal)"
                    }
                    (RUST_LOG, Origin::Default) => {
                        " in the terminal (info,serenity=warn when serving)"
                    }
                    _ => "",
                };
                format!("{name}={value}  # {}{note}", origin.said())
            })
            .collect()
    }
}

/// The token as it may be shown: whether it is set and its length.
fn token_shown(token: Option<&str>) -> String {
    match token {
        Some(token) => format!("set ({} characters, masked)", token.chars().count()),
        None => "unset".to_string(),
    }
}

/// `NAME must be EXPECTATION, not "VALUE"`.
fn bad(name: &'static str, expects: &'static str, value: &str) -> BadSetting {
    BadSetting {
        name,
        expects,
        value: value.to_string(),
    }
}

/// `DATABASE_URL`: a URL (or a file path) the store can open.
fn database_url(url: String) -> Result<String, BadSetting> {
    // A PostgreSQL `key=value` connection string would be read as a file's
    // name (and its password shown as one): refused, masked.
    let keys = ["host", "hostaddr", "port", "dbname", "user", "password"];
    let connection_string = !url.contains("://")
        && !url.starts_with("sqlite:")
        && url.split_whitespace().any(|part| {
            part.split_once('=')
                .is_some_and(|(key, _)| keys.contains(&key.trim().to_ascii_lowercase().as_str()))
        });
    if connection_string {
        return Err(bad(
            DATABASE_URL,
            "a URL such as postgres://user:password@host/aquaretto (a key=value connection \
             string is not read)",
            &mask_url(&url),
        ));
    }
    let readable = match crate::store::Backend::of_url(&url) {
        crate::store::Backend::Sqlite => crate::store::url_options(&url, DATABASE_URL).is_ok(),
        crate::store::Backend::Postgres => sqlx::postgres::PgConnectOptions::from_str(&url).is_ok(),
    };
    if !readable {
        return Err(bad(
            DATABASE_URL,
            "a SQLite database URL such as sqlite://aquaretto.db, a file path, \
             or a PostgreSQL URL such as postgres://user:password@host/aquaretto",
            &mask_url(&url),
        ));
    }
    Ok(url)
}

/// `RUST_LOG`: a filter the log reads.
fn log_filter(filter: String) -> Result<String, BadSetting> {
    if tracing_subscriber::EnvFilter::try_new(&filter).is_err() {
        return Err(bad(
            RUST_LOG,
            "a log filter such as info or aquaretto_bot=debug,serenity=warn",
            &filter,
        ));
    }
    Ok(filter)
}

/// `DISCORD_GUILD_ID`: a server id, not 0.
fn guild_id(id: String) -> Result<u64, BadSetting> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n != 0)
        .ok_or_else(|| bad(DISCORD_GUILD_ID, "a server id (a whole number)", &id))
}

/// `DISCORD_CLIENT_SECRET`: what the Developer Portal shows (letters,
/// digits, `-` and `_`).
fn client_secret(secret: String) -> Result<String, BadSetting> {
    let reads = secret.len() >= 16
        && secret.len() <= 128
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if reads {
        Ok(secret)
    } else {
        // Never echoed: a mistyped secret is still most of one.
        Err(bad(
            DISCORD_CLIENT_SECRET,
            "the application's client secret from the Developer Portal (OAuth2 page: 16 to 128 letters, digits, - and _)",
            &format!("{} characters", secret.chars().count()),
        ))
    }
}

/// `DISCORD_API_BASE`: an http(s) URL, kept without its trailing slash.
fn api_base(base: String) -> Result<String, BadSetting> {
    if !(base.starts_with("http://") || base.starts_with("https://")) {
        return Err(bad(
            DISCORD_API_BASE,
            "an http:// or https:// URL",
            &mask_url(&base),
        ));
    }
    Ok(base.trim_end_matches('/').to_string())
}

/// `DISCORD_DEFER_AFTER_MS`: milliseconds under [`DEFER_AFTER_BOUND`].
fn defer_after(ms: String) -> Result<Duration, BadSetting> {
    ms.parse::<u64>()
        .ok()
        .map(Duration::from_millis)
        .filter(|wait| *wait < DEFER_AFTER_BOUND)
        .ok_or_else(|| bad(DISCORD_DEFER_AFTER_MS, DEFER_EXPECTS, &ms))
}

/// `DISCORD_HTTP_TIMEOUT_MS`: milliseconds, more than 0.
fn http_timeout(ms: String) -> Result<Duration, BadSetting> {
    ms.parse::<u64>()
        .ok()
        .filter(|ms| *ms > 0)
        .map(Duration::from_millis)
        .ok_or_else(|| {
            bad(
                DISCORD_HTTP_TIMEOUT_MS,
                "a whole number of milliseconds above 0",
                &ms,
            )
        })
}

/// `WEB_ADDR`: an address and port to listen on.
fn web_addr(addr: String) -> Result<std::net::SocketAddr, BadSetting> {
    addr.parse().map_err(|_| {
        bad(
            WEB_ADDR,
            "an address and port to listen on, such as 127.0.0.1:8080",
            &addr,
        )
    })
}

/// `PUBLIC_URL`: an http(s) URL, kept without its trailing slash.
fn public_url(url: String) -> Result<String, BadSetting> {
    if url.starts_with("http://") || url.starts_with("https://") {
        return Ok(url.trim_end_matches('/').to_string());
    }
    Err(bad(
        PUBLIC_URL,
        "the address players reach the web pages at, starting with https:// or http://",
        &url,
    ))
}

/// Links point to `PUBLIC_URL`, else to `WEB_ADDR` itself: an address that
/// listens everywhere (0.0.0.0) is no address a player can open, so
/// `PUBLIC_URL` is required when `WEB_ADDR` is not this machine's loopback.
fn links_reachable(
    web_addr: Option<std::net::SocketAddr>,
    public_url: Option<&str>,
) -> Result<(), BadSetting> {
    match (web_addr, public_url) {
        (Some(addr), None) if !addr.ip().is_loopback() => Err(bad(
            PUBLIC_URL,
            "the address players reach the web pages at (https://...), required when WEB_ADDR listens beyond this machine",
            "unset",
        )),
        _ => Ok(()),
    }
}

/// `WEB_SECRET`: at least 32 characters; never said when refused.
fn web_secret(secret: String) -> Result<String, BadSetting> {
    if secret.chars().count() >= 32 {
        return Ok(secret);
    }
    Err(bad(
        WEB_SECRET,
        "a secret of at least 32 characters (or unset: one is made and kept in the database)",
        "(hidden)",
    ))
}

/// `WEB_TRUSTED_PROXY`: addresses or networks separated by commas.
fn trusted_proxy(proxies: String) -> Result<String, BadSetting> {
    if crate::web::client::read_proxies(&proxies).is_some() {
        return Ok(proxies);
    }
    Err(bad(
        WEB_TRUSTED_PROXY,
        "the addresses of the reverse proxies in front of the web pages, such as 127.0.0.1 or \
         10.0.0.0/8,::1, separated by commas",
        &proxies,
    ))
}

/// Why `.env` does not read, without a word of its values: a line that
/// does not parse is named by its variable (dotenvy's own message quotes
/// the whole line, a token with it).
fn dotenv_error(error: &dotenvy::Error) -> String {
    match error {
        dotenvy::Error::LineParse(line, _) => {
            let name = line
                .trim_start()
                .trim_start_matches("export ")
                .split(['=', ' ', '\t'])
                .next()
                .unwrap_or_default();
            let is_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !name.starts_with(|c: char| c.is_ascii_digit());
            if is_name {
                format!(
                    "the line of {name} is no NAME=value (quote a value that holds spaces, \
                     quotes or #; the line is not shown, it may hold a secret)"
                )
            } else {
                "a line is no NAME=value (the line is not shown, it may hold a secret)".to_string()
            }
        }
        dotenvy::Error::Io(e) => e.to_string(),
        dotenvy::Error::EnvVar(_) => {
            "a variable it refers to is not text (UTF-8; its value is not shown)".to_string()
        }
        _ => "it does not read (its text is not shown, it may hold a secret)".to_string(),
    }
}

/// Every variable of the configuration set in the process, as text; a
/// value that is no UTF-8 is refused (a secret's never said).
fn process_values() -> Result<Vec<(&'static str, String)>, BadSetting> {
    let mut values = Vec::new();
    for name in VARIABLES {
        if let Some(value) = std::env::var_os(name) {
            let value = value.into_string().map_err(|raw| BadSetting {
                name,
                expects: "text (UTF-8)",
                value: match name {
                    DISCORD_TOKEN | WEB_SECRET => "(masked)".to_string(),
                    DATABASE_URL => mask_url(&raw.to_string_lossy()),
                    _ => raw.to_string_lossy().into_owned(),
                },
            })?;
            values.push((name, value));
        }
    }
    Ok(values)
}

/// The file a database URL or path names, as the store opens it
/// (`sqlite://aquaretto.db`, `sqlite:///data/aquaretto.db` or a plain
/// path); `None` for an in-memory database or a URL that is not SQLite's.
pub fn database_file(url: &str) -> Option<PathBuf> {
    if url.contains(":memory:") || url.contains("mode=memory") {
        return None;
    }
    if url.starts_with("sqlite:") {
        let options = crate::store::url_options(url, DATABASE_URL).ok()?;
        return Some(options.get_filename().to_path_buf());
    }
    if url.contains("://") || url.is_empty() {
        return None;
    }
    Some(PathBuf::from(url))
}

#[cfg(test)]
mod tests;
