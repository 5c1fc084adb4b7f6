//! The Discord client: serenity's, with poise's framework on it and the
//! `/aq` command, connected with the session starts Discord allows, and a
//! clean stop that answers what is in flight first. Nothing else: the
//! scheduler and the web pages are started beside it by the composition
//! root (`app::serve`).

use super::config::{DiscordConfig, MAX_REGISTER_RETRY};
use super::courier::DiscordCourier;
use super::data::{Data, Error};
use super::{
    commands, events, identify, inflight, invite, left, localize, pacer, respond, rest, servers,
};
use crate::lang::Text;
use crate::referee::{Links, Referee};
use anyhow::{anyhow, Context as _};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// The running Discord client: its shard manager and task, the courier of
/// its own calls, and what it knows of the interactions it answers. Stop it
/// with [`DiscordBot::stop`], after [`DiscordBot::close`].
pub struct DiscordBot {
    shard_manager: Arc<serenity::ShardManager>,
    task: Option<tokio::task::JoinHandle<Result<(), serenity::Error>>>,
    /// Set once the gateway is connected and commands are taken.
    connected: Option<oneshot::Receiver<()>>,
    /// Whether `/aq` is registered (tried again until it is).
    registered: tokio::sync::watch::Receiver<bool>,
    /// The bot's own calls to Discord, for the scheduler's letters.
    courier: Arc<DiscordCourier>,
    /// The interactions being answered.
    inflight: Arc<inflight::Inflight>,
    tallies: Arc<inflight::Tallies>,
}

impl DiscordBot {
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

    /// The courier of the bot's own calls (the scheduler's letters).
    pub fn courier(&self) -> Arc<DiscordCourier> {
        self.courier.clone()
    }

    /// What makes a thread for each table of a tournament.
    pub fn places(&self) -> Arc<super::places::DiscordPlaces> {
        Arc::new(super::places::DiscordPlaces::new(
            self.courier.rest_shared(),
        ))
    }

    /// The answers 401, 403 or 429 the bot's own calls met since it
    /// started, and the most in any 10 minutes.
    pub fn invalid_requests(&self) -> (u64, usize) {
        self.courier.rest().invalid_counts()
    }

    /// What became of interactions not answered as usual, now and later.
    pub fn tally(&self) -> tokio::sync::watch::Receiver<inflight::Missed> {
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

    /// Takes no new interaction (those that come are told to try again)
    /// and waits a while for those in flight to be answered.
    pub async fn close(&self) {
        let left = self.inflight.close(inflight::DRAIN_WITHIN).await;
        if left > 0 {
            tracing::warn!(
                left,
                "interactions still being answered after {} s: stopping anyway",
                inflight::DRAIN_WITHIN.as_secs()
            );
        }
    }

    /// Closes every shard's gateway connection and waits for the client to
    /// end.
    pub async fn stop(mut self) -> anyhow::Result<()> {
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
    let mut tournament = commands::tournament::tournament();
    localize::localize_apart(&mut tournament, "tournament");
    let mut season = commands::season::season();
    localize::localize_apart(&mut season, "season");
    poise::FrameworkOptions {
        commands: vec![aq, tournament, season],
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |ctx, event, _framework, data| Box::pin(events::on_event(ctx, event, data)),
        allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
        ..Default::default()
    }
}

/// The HTTP client of every call to Discord: serenity's, with a time limit
/// (serenity's own client has none), and for a stand-in for Discord its
/// address and certificate authority.
pub(super) fn http_client(config: &DiscordConfig) -> anyhow::Result<reqwest::Client> {
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
/// [`DiscordBot::connected`] to know it takes commands, and
/// [`DiscordBot::ready`] to know its commands are registered. `links` makes
/// the links to the web pages, when they are served.
///
/// Answers to interactions go through serenity's `Http` and its rate
/// limiter (unless a proxy is configured: serenity then sends everything to
/// the proxy with its limiter off, and the proxy limits). The bot's own
/// calls (letters, old controls, threads) go through [`rest::Rest`], which
/// reads every answer itself.
pub async fn start(
    config: DiscordConfig,
    referee: Arc<Referee>,
    links: Option<Arc<dyn Links>>,
) -> anyhow::Result<DiscordBot> {
    let client = http_client(&config)?;
    let http = serenity::HttpBuilder::new(&config.token).client(client.clone());
    let http = match &config.api_base {
        Some(base) => http.proxy(base.as_str()).ratelimiter_disabled(true).build(),
        None => http.build(),
    };
    let rest = Arc::new(rest::Rest::new(
        client,
        &config.token,
        config.api_base.clone(),
        Arc::new(pacer::Pacer::start()),
    ));
    // The table opens inside Discord: its page is served, and Discord lets
    // the bot learn who opened it (the client secret).
    let activity = config.client_secret.is_some() && links.is_some();
    let courier = Arc::new(DiscordCourier::new(rest.clone()).with_activity(activity));
    let inflight = Arc::new(inflight::Inflight::default());
    let tallies = Arc::new(inflight::Tallies::default());
    let left = left::Left::read(&referee).await;
    let gate = referee.clone();
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
                let entry = activity.then(super::launch::entry_point);
                tokio::spawn(register(
                    ctx.http.clone(),
                    guild,
                    commands,
                    entry,
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
                    links,
                    inflight,
                    tallies,
                    left,
                    bot_id: ready.user.id,
                    everyone: Arc::default(),
                    activity,
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
    Ok(DiscordBot {
        shard_manager,
        task: Some(task),
        connected: Some(connected_rx),
        registered: registered_rx,
        courier,
        inflight,
        tallies,
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

/// Registers `/aq` (in one server, or globally), and the table's entry
/// point command (`entry`, when the table opens inside Discord: Discord
/// takes it globally only), trying again with a wait
/// that doubles up to [`MAX_REGISTER_RETRY`] until it succeeds: a bot that
/// is connected keeps serving while Discord refuses (the commands of its
/// last registration still work).
async fn register(
    http: Arc<serenity::Http>,
    guild: Option<serenity::GuildId>,
    commands: Vec<serenity::CreateCommand>,
    entry: Option<serenity::CreateCommand>,
    first_retry: Duration,
    registered: tokio::sync::watch::Sender<bool>,
) {
    let mut wait = first_retry;
    loop {
        let done = match (guild, &entry) {
            (Some(guild), None) => guild.set_commands(&http, commands.clone()).await.map(drop),
            (Some(guild), Some(entry)) => match guild.set_commands(&http, commands.clone()).await {
                Ok(_) => serenity::Command::set_global_commands(&http, vec![entry.clone()])
                    .await
                    .map(drop),
                Err(e) => Err(e),
            },
            (None, _) => {
                let all = commands.iter().cloned().chain(entry.clone()).collect();
                serenity::Command::set_global_commands(&http, all)
                    .await
                    .map(drop)
            }
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
        // The table's entry point command (type 4), which poise does not
        // know: Discord's App Launcher.
        poise::FrameworkError::UnknownInteraction {
            ctx,
            framework,
            interaction,
            ..
        } if super::launch::is_entry_point(interaction) => {
            let asked = super::launch::Launching::of_command(ctx, interaction);
            if let Err(e) = super::launch::launch(framework.user_data, asked).await {
                tracing::warn!("cannot answer the entry point command: {e:#}");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("cannot report a framework error: {e}");
            }
        }
    }
}
