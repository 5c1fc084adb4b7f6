//! The Discord front end: the `/aq` slash command on poise and serenity.
//!
//! It exists to turn Discord interactions into [`Request`]s for the one
//! referee path and the referee's [`Reply`] back into Discord messages. It
//! holds no game logic: every option is read back through
//! [`crate::command::parse`], so Discord and the terminal accept the same
//! words with the same error sentences, and autocomplete asks
//! [`crate::referee::autocomplete`].
//!
//! Invariants:
//! - Exactly the subcommands and options of docs/commands.md (plus `new`'s `deck`),
//!   as subcommands of one `/aq` command ([`commands`]).
//! - Every interaction is answered within Discord's 3 seconds: a reply that is
//!   not ready after [`DiscordConfig::defer_after`] is deferred first
//!   ([`respond`]).
//! - Refusals and private information are ephemeral; an accepted move is one
//!   public message with the table picture, pinging at most the one player to
//!   act next (never everyone, roles or other users).
//! - Nothing from users, the network or the database is unwrapped: failures
//!   are logged and answered privately ([`on_error`]).
//!
//! [`Request`]: crate::referee::Request
//! [`Reply`]: crate::referee::Reply

pub mod autocomplete;
pub mod commands;
pub mod components;
pub mod courier;
pub mod identify;
pub mod inflight;
pub mod invite;
pub mod localize;
pub mod pacer;
pub mod respond;
pub mod rest;
pub mod servers;
pub mod timing;

use crate::lang::Text;
use crate::referee::Referee;
use anyhow::{anyhow, Context as _};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// Shared handles, given to every command.
pub struct Data {
    pub referee: Arc<Referee>,
    /// The bot's calls to Discord outside interactions (taking old
    /// controls off), paced with the scheduler's.
    pub courier: Arc<courier::DiscordCourier>,
    /// How long after an interaction's creation its answer is deferred if
    /// the reply is not ready.
    pub defer_after: Duration,
    /// How long an interaction's token takes follow-ups (Discord's 15
    /// minutes; tests shorten it).
    pub token_lifetime: Duration,
    /// The web pages, when they are served: replies' links are made with it.
    pub web: Option<Arc<crate::web::Web>>,
    /// The interactions being answered: a stop waits for them.
    pub inflight: Arc<inflight::Inflight>,
    /// What became of interactions not answered as usual.
    pub tallies: Arc<inflight::Tallies>,
    /// The servers whose games wait for the bot to come back.
    pub left: servers::Left,
    /// The bot's own user id, once connected.
    pub bot_id: serenity::UserId,
}

/// Errors at the edge: logged and answered privately by [`on_error`].
pub type Error = anyhow::Error;
/// What every command and autocomplete function receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

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
    /// The database (`DATABASE_URL`, default `sqlite://aquaretto.db`); the
    /// binary opens the store from it before building the referee.
    pub database_url: String,
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
    /// The web pages to serve beside the bot (`WEB_ADDR`, `PUBLIC_URL`,
    /// `WEB_SECRET`); `None`: no pages, and no links to them. A
    /// `public_url` left empty is the address bound (tests bind port 0).
    pub web: Option<crate::web::WebConfig>,
}

impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<hidden>")
            .field("database_url", &self.database_url)
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("defer_after", &self.defer_after)
            .field("http_timeout", &self.http_timeout)
            .field("discord_at", &self.discord_at.as_ref().map(|(a, _)| a))
            .field("shards", &self.shards)
            .field("web", &self.web.as_ref().map(|w| (w.addr, &w.public_url)))
            .finish()
    }
}

impl DiscordConfig {
    /// A configuration with defaults for everything but the token.
    pub fn new(token: impl Into<String>) -> DiscordConfig {
        DiscordConfig {
            token: token.into(),
            database_url: crate::app::config::DEFAULT_DATABASE_URL.into(),
            guild_id: None,
            api_base: None,
            defer_after: DEFAULT_DEFER_AFTER,
            http_timeout: DEFAULT_HTTP_TIMEOUT,
            discord_at: None,
            token_lifetime: timing::TOKEN_LIFETIME,
            register_retry: REGISTER_RETRY,
            shards: None,
            web: None,
        }
    }

    /// Reads `DISCORD_TOKEN` (required), `DATABASE_URL`, `DISCORD_GUILD_ID`,
    /// `DISCORD_API_BASE`, `DISCORD_DEFER_AFTER_MS` and
    /// `DISCORD_HTTP_TIMEOUT_MS` from the environment, through the one
    /// loader ([`crate::app::config::Config`]).
    pub fn from_env() -> anyhow::Result<DiscordConfig> {
        crate::app::config::Config::from_env()?.discord()
    }

    /// [`DiscordConfig::from_env`] over any source of variables; empty values
    /// count as unset, a bad one is refused naming its variable
    /// ([`crate::app::config::BadSetting`]).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<DiscordConfig> {
        crate::app::config::Config::from_lookup(get)?.discord()
    }
}

/// A running bot: its shard manager and client task. Stop it with
/// [`RunningBot::stop`].
pub struct RunningBot {
    shard_manager: Arc<serenity::ShardManager>,
    task: Option<tokio::task::JoinHandle<Result<(), serenity::Error>>>,
    /// Set once the gateway is connected and commands are taken.
    connected: Option<oneshot::Receiver<()>>,
    /// Whether `/aq` is registered (tried again until it is).
    registered: tokio::sync::watch::Receiver<bool>,
    /// The scheduler (reminders, alerts, automatic seats) and its stop switch.
    scheduler: Option<(
        tokio::sync::watch::Sender<bool>,
        tokio::task::JoinHandle<()>,
    )>,
    /// The web pages' server, stopped with the scheduler, and where it
    /// listens.
    web: Option<(
        tokio::task::JoinHandle<anyhow::Result<()>>,
        std::net::SocketAddr,
    )>,
    /// The interactions being answered.
    inflight: Arc<inflight::Inflight>,
    tallies: Arc<inflight::Tallies>,
    /// The bot's own calls to Discord.
    rest: Arc<rest::Rest>,
}

impl RunningBot {
    /// Waits until the gateway is connected and the bot takes commands;
    /// fails if the client stopped first.
    pub async fn connected(&mut self) -> anyhow::Result<()> {
        let Some(connected) = self.connected.take() else {
            return Ok(());
        };
        let Some(task) = self.task.as_mut() else {
            return Err(anyhow!("the Discord client has stopped"));
        };
        tokio::select! {
            done = connected => done.map_err(|_| anyhow!("the bot stopped during setup")),
            ended = task => {
                self.task = None;
                Err(client_ended(ended))
            }
        }
    }

    /// Waits until the bot is connected and its commands are registered
    /// (registering is tried again until it succeeds); fails if the client
    /// stopped first.
    pub async fn ready(&mut self) -> anyhow::Result<()> {
        self.connected().await?;
        let mut registered = self.registered.clone();
        let Some(task) = self.task.as_mut() else {
            return Err(anyhow!("the Discord client has stopped"));
        };
        tokio::select! {
            done = registered.wait_for(|r| *r) => done
                .map(drop)
                .map_err(|_| anyhow!("the bot stopped before its commands were registered")),
            ended = task => {
                self.task = None;
                Err(client_ended(ended))
            }
        }
    }

    /// Whether every gateway connection (one a shard) is connected now: a
    /// handle that answers it while the bot runs.
    pub fn gateway(&self) -> GatewayState {
        GatewayState(self.shard_manager.clone())
    }

    /// Where the web pages are served, when they are.
    pub fn web_addr(&self) -> Option<std::net::SocketAddr> {
        self.web.as_ref().map(|(_, addr)| *addr)
    }

    /// The answers 401, 403 or 429 the bot's own calls met since it
    /// started, and the most in any 10 minutes.
    pub fn invalid_requests(&self) -> (u64, usize) {
        self.rest.invalid_counts()
    }

    /// What became of interactions not answered as usual, now and later.
    pub fn tally(&self) -> tokio::sync::watch::Receiver<inflight::Tally> {
        self.tallies.watch()
    }

    /// Waits until the client stops by itself (a fatal gateway error).
    pub async fn finished(&mut self) -> anyhow::Result<()> {
        match self.task.as_mut() {
            Some(task) => {
                let ended = task.await;
                self.task = None;
                match ended {
                    Ok(Ok(())) => Ok(()),
                    other => Err(client_ended(other)),
                }
            }
            None => Ok(()),
        }
    }

    /// Stops taking interactions and waits a while for those in flight to
    /// be answered, then stops the scheduler and the web pages, closes
    /// every shard's gateway connection and waits for the client to end.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        let left = self.inflight.close(inflight::DRAIN_WITHIN).await;
        if left > 0 {
            tracing::warn!(
                left,
                "interactions still being answered after {} s: stopping anyway",
                inflight::DRAIN_WITHIN.as_secs()
            );
        }
        if let Some((stop, task)) = self.scheduler.take() {
            let _ = stop.send(true);
            if tokio::time::timeout(Duration::from_secs(20), task)
                .await
                .is_err()
            {
                tracing::warn!("the scheduler did not stop within 20 s");
            }
        }
        if let Some((task, _)) = self.web.take() {
            match tokio::time::timeout(Duration::from_secs(10), task).await {
                Ok(Ok(Ok(()))) => {}
                Ok(Ok(Err(e))) => tracing::warn!("the web pages stopped: {e:#}"),
                Ok(Err(e)) => tracing::warn!("the web pages' task failed: {e}"),
                Err(_) => tracing::warn!("the web pages did not stop within 10 s"),
            }
        }
        self.shard_manager.shutdown_all().await;
        let Some(task) = self.task.take() else {
            return Ok(());
        };
        match tokio::time::timeout(Duration::from_secs(10), task).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(other) => Err(client_ended(other)),
            Err(_) => Err(anyhow!(
                "the Discord client did not stop within 10 s of the shutdown"
            )),
        }
    }
}

fn client_ended(
    ended: Result<Result<(), serenity::Error>, tokio::task::JoinError>,
) -> anyhow::Error {
    match ended {
        Ok(Ok(())) => anyhow!("the Discord client stopped"),
        Ok(Err(e)) => anyhow!("the Discord client stopped: {e}"),
        Err(e) => anyhow!("the Discord client task failed: {e}"),
    }
}

/// The poise options: the `/aq` command worded in every language of the
/// catalogue ([`localize`]), the error handler, and no pings unless a reply
/// asks for one.
pub fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    let mut aq = commands::aq();
    localize::localize(&mut aq);
    poise::FrameworkOptions {
        commands: vec![aq],
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |ctx, event, _framework, data| {
            Box::pin(components::on_event(ctx, event, data))
        },
        allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
        ..Default::default()
    }
}

/// The HTTP client of every call to Discord: serenity's, with a time limit
/// (serenity's own client has none), and for a stand-in for Discord its
/// address and certificate authority.
fn http_client(config: &DiscordConfig) -> anyhow::Result<reqwest::Client> {
    let mut client = reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(config.http_timeout)
        .connect_timeout(config.http_timeout.min(Duration::from_secs(10)));
    if let Some((addr, authority)) = &config.discord_at {
        let authority = reqwest::Certificate::from_pem(authority.as_bytes())
            .context("the stand-in's certificate authority is not PEM")?;
        client = client
            .resolve("discord.com", *addr)
            .add_root_certificate(authority);
    }
    client.build().context("cannot build the HTTP client")
}

/// Builds the client and starts it in the background. Await
/// [`RunningBot::connected`] to know it takes commands, and
/// [`RunningBot::ready`] to know its commands are registered.
///
/// Answers to interactions go through serenity's `Http` and its rate
/// limiter (unless a proxy is configured: serenity then sends everything to
/// the proxy with its limiter off, and the proxy limits). The bot's own
/// calls (letters, old controls, threads) go through [`rest::Rest`], which
/// reads every answer itself.
pub async fn start(config: DiscordConfig, referee: Arc<Referee>) -> anyhow::Result<RunningBot> {
    let client = http_client(&config)?;
    let http = serenity::HttpBuilder::new(&config.token).client(client.clone());
    let http = match &config.api_base {
        Some(base) => http.proxy(base.as_str()).ratelimiter_disabled(true).build(),
        None => http.build(),
    };
    let scheduling = referee.clone();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // The web pages listen before the gateway connects, so a link in the
    // first reply already opens.
    let (web, web_task) = match &config.web {
        Some(wc) => {
            let listener = crate::web::listen(wc.addr).await?;
            let bound = listener.local_addr()?;
            let mut wc = wc.clone();
            if wc.public_url.is_empty() {
                wc.public_url = format!("http://{bound}");
            }
            let web = crate::web::Web::new(referee.clone(), &wc).await?;
            let task = tokio::spawn(crate::web::serve_on(web.clone(), listener, stopped.clone()));
            (Some(web), Some((task, bound)))
        }
        None => (None, None),
    };
    let rest = Arc::new(rest::Rest::new(
        client,
        &config.token,
        config.api_base.clone(),
        Arc::new(pacer::Pacer::start()),
    ));
    let courier = Arc::new(courier::DiscordCourier::new(rest.clone()));
    let inflight = Arc::new(inflight::Inflight::default());
    let tallies = Arc::new(inflight::Tallies::default());
    let left = servers::Left::read(&referee).await;
    let (connected_tx, connected_rx) = oneshot::channel();
    let (registered_tx, registered_rx) = tokio::sync::watch::channel(false);
    let guild = config.guild_id.map(serenity::GuildId::new);
    let defer_after = config.defer_after;
    let token_lifetime = config.token_lifetime;
    let register_retry = config.register_retry;
    let for_setup = (courier.clone(), inflight.clone(), tallies.clone());
    let framework = poise::Framework::builder()
        .options(framework_options())
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = registration(&framework.options().commands);
                tokio::spawn(register(
                    ctx.http.clone(),
                    guild,
                    commands,
                    register_retry,
                    registered_tx,
                ));
                tracing::info!(bot = %ready.user.name, guild = ?guild, "connected to Discord");
                tracing::info!(
                    "invite the bot to a server with {}",
                    invite::link(ready.application.id.get())
                );
                let _ = connected_tx.send(());
                let (courier, inflight, tallies) = for_setup;
                Ok(Data {
                    referee,
                    courier,
                    defer_after,
                    token_lifetime,
                    web,
                    inflight,
                    tallies,
                    left,
                    bot_id: ready.user.id,
                })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, servers::intents())
        .cache_settings(servers::cache_settings())
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shard_manager = client.shard_manager.clone();
    let shards = config.shards;
    let gate = scheduling.clone();
    let task = tokio::spawn(async move {
        // Never an IDENTIFY Discord would count against the bot's token:
        // wait for session starts, and for the other processes' turns.
        let wanted = shards.map(|s| s.last.saturating_sub(s.first) + 1);
        match identify::wait_for_session_starts(&client.http, &gate, wanted).await {
            Ok(gateway) => tracing::info!(
                shards = gateway.shards,
                remaining = gateway.session_start_limit.remaining,
                "Discord allows the session starts"
            ),
            Err(e) => tracing::warn!("cannot read the session starts left: {e:#}"),
        }
        match shards {
            None => client.start_autosharded().await,
            // serenity's range includes its end (`4..7` starts shards 4 to 7).
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        }
    });
    let scheduler = tokio::spawn(crate::app::scheduler::run(
        scheduling,
        courier,
        crate::app::scheduler::Pace::default(),
        stopped,
    ));
    Ok(RunningBot {
        shard_manager,
        task: Some(task),
        connected: Some(connected_rx),
        registered: registered_rx,
        scheduler: Some((stop, scheduler)),
        web: web_task,
        inflight,
        tallies,
        rest,
    })
}

/// The `/aq` command as it is registered: offered in servers and in the
/// bot's own DM (where a person's private commands, and practice games
/// against computer players, work), for a server install only. Private
/// channels and user installs are not offered: a game needs a channel the
/// bot can post in.
fn registration(commands: &[poise::Command<Data, Error>]) -> Vec<serenity::CreateCommand> {
    poise::builtins::create_application_commands(commands)
        .into_iter()
        .map(|command| {
            command
                .contexts(vec![
                    serenity::InteractionContext::Guild,
                    serenity::InteractionContext::BotDm,
                ])
                .integration_types(vec![serenity::InstallationContext::Guild])
        })
        .collect()
}

/// Registers `/aq` (in one server, or globally), trying again with a wait
/// that doubles up to [`MAX_REGISTER_RETRY`] until it succeeds: a bot that
/// is connected keeps serving while Discord refuses (the commands of its
/// last registration still work).
async fn register(
    http: Arc<serenity::Http>,
    guild: Option<serenity::GuildId>,
    commands: Vec<serenity::CreateCommand>,
    first_retry: Duration,
    registered: tokio::sync::watch::Sender<bool>,
) {
    let mut wait = first_retry;
    loop {
        let done = match guild {
            Some(guild) => guild.set_commands(&http, commands.clone()).await.map(drop),
            None => serenity::Command::set_global_commands(&http, commands.clone())
                .await
                .map(drop),
        };
        match done {
            Ok(()) => {
                tracing::info!(guild = ?guild, "/aq is registered");
                let _ = registered.send(true);
                return;
            }
            Err(e) => {
                tracing::error!(
                    "cannot register the /aq command, trying again in {} s: {e}",
                    wait.as_secs()
                );
                if registered.is_closed() {
                    return;
                }
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(MAX_REGISTER_RETRY);
            }
        }
    }
}

/// The state of a running bot's gateway connections.
#[derive(Clone)]
pub struct GatewayState(Arc<serenity::ShardManager>);

impl GatewayState {
    /// Every shard's connection is up (none being re-established).
    pub async fn connected(&self) -> bool {
        let runners = self.0.runners.lock().await;
        !runners.is_empty()
            && runners
                .values()
                .all(|r| r.stage == serenity::ConnectionStage::Connected)
    }
}

/// Runs the bot until Ctrl-C or SIGTERM (or a fatal gateway error). The
/// gateway's state is kept in the file `record` for `health` while the bot
/// is up (see [`crate::app::health`]), and removed when it stops.
pub async fn serve(
    config: DiscordConfig,
    referee: Arc<Referee>,
    record: std::path::PathBuf,
) -> anyhow::Result<()> {
    let clock = referee.clock().clone();
    let mut bot = start(config, referee).await?;
    // One listener for the whole run, so that no signal falls between two.
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);
    let ready = tokio::select! {
        ready = bot.connected() => Some(ready),
        () = &mut shutdown => None,
    };
    match ready {
        Some(Ok(())) => {}
        Some(Err(e)) => {
            let _ = bot.stop().await;
            return Err(e);
        }
        None => {
            tracing::info!("stopping before the bot was connected");
            return bot.stop().await;
        }
    }
    // The gateway's record for `health`, kept on a task of its own that
    // removes it once told to stop.
    let (stop_recording, stopped) = tokio::sync::watch::channel(false);
    let gateway = bot.gateway();
    let recorder = tokio::spawn(async move {
        crate::app::health::record_gateway(&record, clock, || gateway.connected(), stopped).await;
    });
    let ended = tokio::select! {
        ended = bot.finished() => Some(ended),
        () = &mut shutdown => None,
    };
    let _ = stop_recording.send(true);
    if let Err(e) = recorder.await {
        tracing::warn!("the gateway's record did not stop cleanly: {e}");
    }
    match ended {
        Some(result) => result,
        None => {
            tracing::info!(
                "stopping: answering what is in flight, then closing the gateway connections"
            );
            bot.stop().await
        }
    }
}

/// Ctrl-C, or SIGTERM where there is one.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Logs every framework error and, where there is an interaction to answer,
/// tells the player privately.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("the bot could not start: {error:#}");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(
                command = %ctx.invocation_string(),
                user = %ctx.author().id,
                "command failed: {error:#}"
            );
            respond::say_privately(ctx, Text::msg("discord-went-wrong")).await;
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            tracing::warn!(command = %ctx.invocation_string(), ?input, "unreadable option: {error}");
            respond::say_privately(
                ctx,
                Text::msg("discord-unreadable-option").arg("error", error.to_string()),
            )
            .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("cannot report a framework error: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> anyhow::Result<DiscordConfig> {
        DiscordConfig::from_lookup(|key| {
            vars.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_configuration_reads_the_environment_with_defaults() {
        let c = config(&[("DISCORD_TOKEN", "t0ken")]).expect("valid");
        assert_eq!(c.token, "t0ken");
        assert_eq!(c.database_url, "sqlite://aquaretto.db");
        assert_eq!((c.guild_id, c.api_base), (None, None));
        assert_eq!(c.defer_after, DEFAULT_DEFER_AFTER);
        assert_eq!(c.http_timeout, DEFAULT_HTTP_TIMEOUT);
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "sqlite://x.db"),
            ("DISCORD_GUILD_ID", "123"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
            ("DISCORD_DEFER_AFTER_MS", "0"),
            ("DISCORD_HTTP_TIMEOUT_MS", "2500"),
        ])
        .expect("valid");
        assert_eq!(c.http_timeout, Duration::from_millis(2500));
        assert_eq!(c.database_url, "sqlite://x.db");
        assert_eq!(c.guild_id, Some(123));
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert!(c.defer_after.is_zero());
        assert!(
            !format!("{c:?}").contains("\"t\""),
            "the token is never printed"
        );
    }

    #[test]
    fn a_bad_configuration_is_refused_with_its_variable() {
        let err = config(&[]).expect_err("no token");
        assert!(err.to_string().contains("DISCORD_TOKEN"));
        let err = config(&[("DISCORD_TOKEN", " ")]).expect_err("blank token");
        assert!(err.to_string().contains("DISCORD_TOKEN"));
        for bad in ["abc", "0", "-1"] {
            let err = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", bad)])
                .expect_err("bad guild");
            assert!(err.to_string().contains("DISCORD_GUILD_ID"), "{err}");
        }
        let err = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", "soon")])
            .expect_err("bad delay");
        assert!(err.to_string().contains("DISCORD_DEFER_AFTER_MS"));
        // A wait that would miss Discord's 3 seconds is refused at start,
        // naming the variable and the bound; just under it is taken.
        for long in ["2500", "3000", "60000"] {
            let err = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", long)])
                .expect_err("too long a delay");
            let said = err.to_string();
            assert!(
                said.contains("DISCORD_DEFER_AFTER_MS") && said.contains("2500 ms"),
                "{said}"
            );
        }
        let c = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", "2499")])
            .expect("under the bound");
        assert_eq!(c.defer_after, Duration::from_millis(2499));
        for bad in ["never", "0"] {
            let err = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_HTTP_TIMEOUT_MS", bad)])
                .expect_err("bad timeout");
            assert!(err.to_string().contains("DISCORD_HTTP_TIMEOUT_MS"), "{err}");
        }
    }
}
