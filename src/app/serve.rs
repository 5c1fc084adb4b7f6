//! Serving: the Discord client, the web pages and the scheduler started
//! side by side over one referee, the gateway's record kept for `health`,
//! and a clean stop on Ctrl-C or SIGTERM.

use super::config::Config;
use super::painter::RenderPainter;
use super::scheduler;
use crate::discord::{self, DiscordBot, DiscordConfig, GatewayState};
use crate::referee::{Links, Referee};
use crate::web::{Web, WebConfig};
use anyhow::Context as _;
use std::sync::Arc;
use std::time::Duration;

/// What serves Discord: the client, the scheduler beside it, and the web
/// pages when they are served. Stop it with [`Serving::stop`].
pub struct Serving {
    bot: DiscordBot,
    /// The scheduler (reminders, alerts, automatic seats) and its stop switch.
    scheduler: Option<(
        tokio::sync::watch::Sender<bool>,
        tokio::task::JoinHandle<()>,
    )>,
    /// The web pages' server and where it listens.
    web: Option<(
        tokio::task::JoinHandle<anyhow::Result<()>>,
        std::net::SocketAddr,
    )>,
    /// The web pages, when they are served.
    site: Option<Arc<Web>>,
}

/// Starts the web pages (when `web` says where), the Discord client and the
/// scheduler over `referee`. The pages listen before the gateway connects,
/// so a link in the first reply already opens; a `public_url` left empty is
/// the address bound (tests bind port 0).
pub async fn start(
    config: DiscordConfig,
    web: Option<WebConfig>,
    referee: Arc<Referee>,
) -> anyhow::Result<Serving> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let (links, web_task, site) = match web {
        Some(mut wc) => {
            // The table inside Discord, when the application's secret is set.
            if wc.activity.is_none() {
                wc.activity = super::activity::identity(&config)?;
            }
            let listener = crate::web::listen(wc.addr).await?;
            let bound = listener.local_addr()?;
            if wc.public_url.is_empty() {
                wc.public_url = format!("http://{bound}");
            }
            let site = Web::new(referee.clone(), &wc).await?;
            let task = tokio::spawn(crate::web::serve_on(
                site.clone(),
                listener,
                stopped.clone(),
            ));
            let links: Arc<dyn Links> = site.clone();
            (Some(links), Some((task, bound)), Some(site))
        }
        None => (None, None, None),
    };
    let bot = discord::start(config, referee.clone(), links).await?;
    // A tournament's tables are played in threads of its channel.
    referee.use_places(bot.places());
    let scheduler = tokio::spawn(scheduler::run(
        referee,
        bot.courier(),
        scheduler::Throttle::default(),
        stopped,
    ));
    Ok(Serving {
        bot,
        scheduler: Some((stop, scheduler)),
        web: web_task,
        site,
    })
}

impl Serving {
    /// Waits until the gateway is connected and the bot takes commands.
    pub async fn connected(&mut self) -> anyhow::Result<()> {
        self.bot.connected().await
    }

    /// Waits until the bot is connected and its commands are registered.
    pub async fn ready(&mut self) -> anyhow::Result<()> {
        self.bot.ready().await
    }

    /// The state of the gateway's connections, while the bot runs.
    pub fn gateway(&self) -> GatewayState {
        self.bot.gateway()
    }

    /// Where the web pages are served, when they are.
    pub fn web_addr(&self) -> Option<std::net::SocketAddr> {
        self.web.as_ref().map(|(_, addr)| *addr)
    }

    /// The web pages, when they are served (what they let in, kept ready
    /// and carried: [`Web::figures`]).
    pub fn web(&self) -> Option<&Arc<Web>> {
        self.site.as_ref()
    }

    /// The Discord client.
    pub fn bot(&self) -> &DiscordBot {
        &self.bot
    }

    /// What became of interactions not answered as usual, now and later.
    pub fn tally(&self) -> tokio::sync::watch::Receiver<crate::discord::inflight::Missed> {
        self.bot.tally()
    }

    /// The answers 401, 403 or 429 the bot's own calls met, and the most
    /// in any 10 minutes.
    pub fn invalid_requests(&self) -> (u64, usize) {
        self.bot.invalid_requests()
    }

    /// Waits until the client stops by itself (a fatal gateway error).
    pub async fn finished(&mut self) -> anyhow::Result<()> {
        self.bot.finished().await
    }

    /// Stops taking interactions and answers those in flight, then stops
    /// the scheduler and the web pages, then the gateway connections.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        self.bot.close().await;
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
        self.bot.stop().await
    }
}

/// `aquaretto-bot serve`: opens the store with the renderer as the
/// referee's painter and serves Discord (and the web pages when `WEB_ADDR`
/// is set) until Ctrl-C or SIGTERM, or a fatal gateway error. The gateway's
/// state is kept in a file beside the database for `health` while the bot
/// is up (see [`super::health`]), and removed when it stops.
pub async fn serve(config: &Config) -> anyhow::Result<()> {
    let discord = config.discord()?;
    // Before anything opens a file: the web pages' bounds follow it.
    super::raise_file_limit();
    let record = super::health::gateway_record(&config.database_url);
    let store = super::open_store(&config.database_url).await?;
    let referee = Arc::new(Referee::new(store).with_painter(Box::new(RenderPainter)));
    // A game is reviewed in the background as soon as it ends.
    referee.review_finished_games(crate::cpu::review::budget());
    // Games finished before results were kept get theirs now, beside
    // serving, not during someone's /aq stats (which would wait for it): the
    // check reads every game's row once, so it is not made before the bot
    // is ready.
    let filling = referee.clone();
    tokio::spawn(async move {
        if let Err(e) = filling.fill_in_results().await {
            tracing::warn!("cannot fill in the results of older games: {e:#}");
        }
    });
    tracing::info!("serving Discord");
    let clock = referee.clock().clone();
    let mut serving = start(discord, config.web(), referee)
        .await
        .context("cannot start serving")?;
    // One listener for the whole run, so that no signal falls between two.
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);
    let connected = tokio::select! {
        connected = serving.connected() => Some(connected),
        () = &mut shutdown => None,
    };
    match connected {
        Some(Ok(())) => {}
        Some(Err(e)) => {
            let _ = serving.stop().await;
            return Err(e);
        }
        None => {
            tracing::info!("stopping before the bot was connected");
            return serving.stop().await;
        }
    }
    // The gateway's record for `health`, kept on a task of its own that
    // removes it once told to stop.
    let (stop_recording, stopped) = tokio::sync::watch::channel(false);
    let gateway = serving.gateway();
    let recorder = tokio::spawn(async move {
        super::health::record_gateway(&record, clock, || gateway.connected(), stopped).await;
    });
    let ended = tokio::select! {
        ended = serving.finished() => Some(ended),
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
            serving.stop().await
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
