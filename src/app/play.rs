//! `aquaretto-bot play` and `aquaretto-bot web`: local play in the terminal
//! over the referee, with the renderer as its painter when pictures are
//! asked for, and with the web pages beside it for `web`.

use super::config::Config;
use super::painter::RenderPainter;
use crate::referee::{Links, Referee};
use crate::terminal;
pub use crate::terminal::PlayOptions;
use std::sync::Arc;

/// Where `aquaretto-bot web` serves the pages when `WEB_ADDR` is unset.
pub const LOCAL_WEB_ADDR: &str = "127.0.0.1:8080";

/// What local play is asked for, beside the game's own options.
#[derive(Default)]
pub struct Local {
    /// The database (`--db`, else `DATABASE_URL`).
    pub db: Option<String>,
    /// The language asked for (`--lang`).
    pub lang: Option<String>,
    /// Serve the web pages beside the terminal.
    pub web: bool,
}

/// Plays in the terminal until the players are done.
pub async fn play(config: &Config, local: Local, mut opts: PlayOptions) -> anyhow::Result<()> {
    if local.web {
        // The web pages' bounds follow it (`serve` does the same).
        super::raise_file_limit();
    }
    let db = config.database(local.db);
    let store = super::open_store(&db).await?;
    let mut referee = Referee::new(store);
    if opts.images.is_some() || local.web {
        referee = referee.with_painter(Box::new(RenderPainter));
    } else {
        referee = referee.with_animator(Box::new(RenderPainter));
    }
    if let Err(e) = referee.fill_in_results().await {
        tracing::warn!("cannot fill in the results of older games: {e:#}");
    }
    // A game is reviewed in the background as soon as it ends.
    referee.review_finished_games(crate::cpu::review::budget());
    let env = |key: &str| std::env::var(key).ok();
    opts.lang = terminal::choose_lang(local.lang.as_deref(), env).map_err(|why| {
        // Said in the environment's language, the one the person reads.
        let theirs = terminal::choose_lang(None, env).unwrap_or_default();
        anyhow::anyhow!(crate::lang::plain(&theirs, &why))
    })?;
    let referee = Arc::new(referee);
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut pages = None;
    if local.web {
        let wc = match config.web() {
            Some(wc) => wc,
            None => crate::web::WebConfig {
                secret: config.web_secret.clone(),
                ..crate::web::WebConfig::new(
                    LOCAL_WEB_ADDR.parse()?,
                    format!("http://{LOCAL_WEB_ADDR}"),
                )
            },
        };
        let site = crate::web::Web::new(referee.clone(), &wc).await?;
        let listener = crate::web::listen(wc.addr).await?;
        let links: Arc<dyn Links> = site.clone();
        opts.web = Some(links);
        pages = Some(tokio::spawn(crate::web::serve_on(site, listener, stopped)));
    }
    let played = terminal::run(&referee, &opts).await;
    let _ = stop.send(true);
    if let Some(task) = pages {
        let _ = task.await;
    }
    played
}
