//! The web front end: every game's page (the table, whose turn, the scores,
//! the moves in the game's words, the table after any move, the replay),
//! live while it is open, and a server's games with its leaderboard; the
//! player to act clicks their move on a personal link. Served by the bot's
//! own process with axum, on the same runtime and the same [`Referee`]: a
//! click is a `Command` through the same path as a slash command.
//!
//! Pages are reached only through signed links (`links.rs`). Nothing on a
//! page reveals an unseen tile or a running game's seed: a page shows what
//! the channel's pictures and messages show. Every page works without
//! JavaScript (clicks are links and one form); `assets/web/live.js` only
//! brings live updates. A strict content security policy allows our own
//! files and nothing else; the per-page positions of the clickable places
//! are one inline stylesheet carrying the response's nonce.
//!
//! `pages.rs` writes the HTML, `limits.rs` keeps each link to its rate,
//! `routes.rs` answers the requests.

mod fonts;
mod limits;
pub mod links;
mod opened;
mod pages;
mod picks;
mod picture_cache;
mod routes;

use crate::lang::Lang;
use crate::referee::{game_scope, player_scope, server_scope, Referee, WebAsk};
use anyhow::Context as _;
use links::{Link, Signer, PLAY_LINK_MS, SERVER_LINK_MS};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

/// The web front end's settings.
#[derive(Debug, Clone)]
pub struct WebConfig {
    /// Where to listen (`WEB_ADDR`).
    pub addr: SocketAddr,
    /// The address players reach, which links start with (`PUBLIC_URL`),
    /// without a trailing slash.
    pub public_url: String,
    /// The secret links are signed with (`WEB_SECRET`); otherwise one made
    /// once and kept in the database.
    pub secret: Option<String>,
}

/// The web front end over a referee.
pub struct Web {
    referee: Arc<Referee>,
    signer: Signer,
    public_url: String,
    limits: limits::Limits,
    pictures: picture_cache::Pictures,
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web")
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl Web {
    /// The front end, its secret read (or made and stored) now.
    pub async fn new(referee: Arc<Referee>, config: &WebConfig) -> anyhow::Result<Arc<Web>> {
        let secret = match &config.secret {
            Some(secret) => secret.clone(),
            None => {
                let fresh = fresh_secret();
                referee
                    .web_secret(&fresh)
                    .await
                    .context("cannot read or keep the web pages' secret")?
            }
        };
        referee.follow_other_processes();
        Ok(Arc::new(Web {
            signer: Signer::new(&secret),
            public_url: config.public_url.trim_end_matches('/').to_string(),
            limits: limits::Limits::default(),
            pictures: picture_cache::Pictures::default(),
            referee,
        }))
    }

    pub fn referee(&self) -> &Arc<Referee> {
        &self.referee
    }

    /// The address of the page a reply asks for, signed now.
    pub async fn url(&self, ask: &WebAsk) -> anyhow::Result<String> {
        let link = match ask {
            WebAsk::Watch(game) => {
                let generation = self.referee.web_generations(&[game_scope(*game)]).await?[0];
                Link::Watch {
                    game: *game,
                    generation,
                }
            }
            WebAsk::Play { game, user } => {
                let gens = self
                    .referee
                    .web_generations(&[game_scope(*game), player_scope(*game, user)])
                    .await?;
                Link::Play {
                    game: *game,
                    user: user.clone(),
                    expires: self.referee.clock().now() + PLAY_LINK_MS,
                    generation: gens[0],
                    mine: gens[1],
                }
            }
            WebAsk::Server(guild) => {
                let generation = self.referee.web_generations(&[server_scope(guild)]).await?[0];
                Link::Server {
                    guild: guild.clone(),
                    expires: self.referee.clock().now() + SERVER_LINK_MS,
                    generation,
                }
            }
        };
        Ok(self.link_url(&link))
    }

    /// A link's address.
    pub fn link_url(&self, link: &Link) -> String {
        let token = self.signer.sign(link);
        match link {
            Link::Server { .. } => format!("{}/s/{token}", self.public_url),
            _ => format!("{}/g/{token}", self.public_url),
        }
    }

    /// The words of a link button, in `lang`.
    pub fn button_label(ask: &WebAsk, lang: &Lang) -> String {
        crate::lang::plain(
            lang,
            &crate::lang::Text::msg(match ask {
                WebAsk::Watch(_) => "web-button-watch",
                WebAsk::Play { .. } => "web-button-play",
                WebAsk::Server(_) => "web-button-server",
            }),
        )
    }
}

impl crate::referee::Links for Web {
    fn url<'a>(
        &'a self,
        ask: &'a WebAsk,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = anyhow::Result<String>> + Send + 'a>>
    {
        Box::pin(Web::url(self, ask))
    }

    fn label(&self, ask: &WebAsk, lang: &Lang) -> String {
        Web::button_label(ask, lang)
    }
}

/// 32 random bytes from the operating system, as hex.
fn fresh_secret() -> String {
    use rand::TryRngCore as _;
    let mut bytes = [0u8; 32];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        tracing::error!("the operating system gave no randomness for the web pages' secret");
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Listens on `addr` for the pages: a taken port is said before anything
/// is served.
pub async fn listen(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen for the web pages on {addr}"))
}

/// Serves the pages on `listener` (see [`listen`]; tests bind port 0) until
/// `stop` turns true; live pages are closed then, so the server stops at
/// once.
pub async fn serve_on(
    web: Arc<Web>,
    listener: tokio::net::TcpListener,
    stop: watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let local = listener.local_addr()?;
    tracing::info!(
        "web pages served on http://{local}, linked as {}",
        web.public_url
    );
    let app = routes::router(web, stop.clone());
    let mut stop = stop;
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
        })
        .await
        .context("the web server failed")
}
