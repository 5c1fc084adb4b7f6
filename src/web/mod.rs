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
//! The pages are a door to the internet: `door.rs` lets connections in
//! within bounds derived from the process's file limit (timeouts, a cap,
//! one client's share), `client.rs` says who a request comes from,
//! `limits.rs` keeps each client to its rate and each seat to its moves,
//! `cache.rs` keeps a watched game's page and the pictures ready (a
//! thousand watchers cost one page and one picture a move), `live.rs`
//! carries the news of moves to open pages, within bounds too. The
//! pictures are drawn after every reply's, in a bounded queue of their own
//! (`referee/drawing.rs`).
//!
//! `pages.rs` writes the HTML, `routes.rs` answers the requests.

pub mod activity;
mod cache;
pub mod client;
mod door;
mod fonts;
mod limits;
pub mod links;
mod live;
mod opened;
mod pages;
mod picks;
mod result;
mod routes;
mod watched;

pub use door::{file_limit, Bounds, DoorFigures, MOST_CONNECTIONS, RESERVED_FILES};

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
    /// The reverse proxies whose `X-Forwarded-For` names the client
    /// (`WEB_TRUSTED_PROXY`); none: each connection's own address.
    pub trusted_proxies: Vec<client::Net>,
    /// How much the pages let in.
    pub bounds: Bounds,
    /// Who opened the table inside Discord, and where (`activity.rs`):
    /// Discord's answer, when the bot is on Discord with the application's
    /// client secret; `None`, the Activity's page says it cannot open.
    pub activity: Option<Arc<dyn activity::Identity>>,
}

impl WebConfig {
    /// Pages on `addr`, linked as `public_url`, with a secret kept in the
    /// database, no trusted proxy, and the bounds of this process's file
    /// limit.
    pub fn new(addr: SocketAddr, public_url: impl Into<String>) -> WebConfig {
        WebConfig {
            addr,
            public_url: public_url.into(),
            secret: None,
            trusted_proxies: Vec::new(),
            bounds: Bounds::default(),
            activity: None,
        }
    }
}

/// The web front end over a referee.
pub struct Web {
    referee: Arc<Referee>,
    signer: Signer,
    public_url: String,
    door: Arc<door::Door>,
    limits: limits::Limits,
    /// Watched games' pages, and the pictures, kept ready.
    views: cache::Kept<routes::ViewKey, (axum::http::StatusCode, crate::lang::Text)>,
    pictures: cache::Kept<routes::PictureKey, routes::NoPicture>,
    generations: opened::Generations,
    following: live::Following,
    streams: Arc<live::Streams>,
    /// Who opened the table inside Discord, and where.
    identity: Option<Arc<dyn activity::Identity>>,
}

/// What the pages have let in, kept ready and carried, since they opened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebFigures {
    pub door: DoorFigures,
    /// Live streams open now, the most at once, opened and refused.
    pub streams: usize,
    pub most_streams: usize,
    pub streams_opened: u64,
    pub streams_refused: u64,
    /// Pages kept ready: bytes, how many, answers given from them, pages made.
    pub page_bytes: usize,
    pub pages_kept: usize,
    pub page_hits: u64,
    pub pages_made: u64,
    /// Pictures kept ready: the same (made: drawn), and pictures begun
    /// (drawn, refused for a full queue, or failed).
    pub picture_bytes: usize,
    pub pictures_kept: usize,
    pub picture_hits: u64,
    pub pictures_made: u64,
    pub pictures_begun: u64,
    /// Pictures not drawn because their page went before their turn.
    pub pictures_abandoned: u64,
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web")
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl Web {
    /// The front end, its secret read (or made and stored) now. Without
    /// randomness from the operating system for a new secret, the pages do
    /// not start (a secret anyone could guess would open every game).
    pub async fn new(referee: Arc<Referee>, config: &WebConfig) -> anyhow::Result<Arc<Web>> {
        let secret = match &config.secret {
            Some(secret) => secret.clone(),
            None => {
                let fresh = fresh_secret(|bytes| {
                    use rand::TryRngCore as _;
                    rand::rngs::OsRng
                        .try_fill_bytes(bytes)
                        .map_err(|e| e.to_string())
                })?;
                referee
                    .web_secret(&fresh)
                    .await
                    .context("cannot read or keep the web pages' secret")?
            }
        };
        referee.follow_other_processes();
        let public_url = config.public_url.trim_end_matches('/').to_string();
        for warning in warnings(config.addr, &public_url, &config.trusted_proxies) {
            tracing::warn!("{warning}");
        }
        let bounds = config.bounds.clone();
        Ok(Arc::new(Web {
            signer: Signer::new(&secret),
            public_url,
            limits: limits::Limits::default(),
            views: cache::Kept::new(bounds.page_bytes),
            pictures: cache::Kept::new(bounds.picture_bytes),
            generations: opened::Generations::default(),
            following: live::Following::default(),
            streams: Arc::new(live::Streams::new(
                bounds.streams,
                bounds.streams_per_client,
            )),
            door: Arc::new(door::Door::new(bounds, config.trusted_proxies.clone())),
            identity: config.activity.clone(),
            referee,
        }))
    }

    /// What the pages have let in, kept ready and carried so far.
    pub fn figures(&self) -> WebFigures {
        let (streams, most_streams, streams_opened, streams_refused) = self.streams.figures();
        let pages = self.views.figures();
        let pictures = self.pictures.figures();
        WebFigures {
            door: self.door.figures(),
            streams,
            most_streams,
            streams_opened,
            streams_refused,
            page_bytes: pages.bytes,
            pages_kept: pages.kept,
            page_hits: pages.hits,
            pages_made: pages.made,
            picture_bytes: pictures.bytes,
            pictures_kept: pictures.kept,
            picture_hits: pictures.hits,
            pictures_made: pictures.made,
            pictures_begun: pictures.begun,
            pictures_abandoned: self.referee.web_pictures_abandoned(),
        }
    }

    /// The news that `game` may have moved (`None`: any game; news was
    /// lost): what is kept of it is forgotten, its links' generations read
    /// again, then its open pages told.
    fn heard(&self, game: Option<i64>) {
        match game {
            Some(game) => {
                self.views.forget_game(game);
                self.pictures.forget_game(game);
            }
            None => {
                self.views.forget_all();
                self.pictures.forget_all();
            }
        }
        self.generations.forget(game);
        self.following.tell(game);
    }

    pub fn referee(&self) -> &Arc<Referee> {
        &self.referee
    }

    /// The address of the page a reply asks for, signed now.
    pub async fn url(&self, ask: &WebAsk) -> anyhow::Result<String> {
        Ok(format!("{}{}", self.public_url, self.path(ask).await?))
    }

    /// The path of the page a reply asks for (`/g/<link>`), signed now.
    pub async fn path(&self, ask: &WebAsk) -> anyhow::Result<String> {
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
        Ok(self.link_path(&link))
    }

    /// A link's address.
    pub fn link_url(&self, link: &Link) -> String {
        format!("{}{}", self.public_url, self.link_path(link))
    }

    /// A link's path.
    fn link_path(&self, link: &Link) -> String {
        let token = self.signer.sign(link);
        match link {
            Link::Server { .. } => format!("/s/{token}"),
            _ => format!("/g/{token}"),
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

/// 32 random bytes from `fill` (the operating system's randomness), as
/// hex; refused when it gives none.
fn fresh_secret(fill: impl FnOnce(&mut [u8]) -> Result<(), String>) -> anyhow::Result<String> {
    let mut bytes = [0u8; 32];
    if let Err(e) = fill(&mut bytes) {
        anyhow::bail!(
            "cannot start the web pages: the operating system gave no randomness to make \
             their links' secret ({e}); set WEB_SECRET (at least 32 characters), or start \
             without WEB_ADDR"
        );
    }
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// What an operator is warned of at start: links in plain `http://` to an
/// address beyond this machine (anyone on the way reads them, and the
/// links to play they carry), and pages listening on this machine only
/// behind a public address (a reverse proxy) with no proxy trusted, so
/// that every visitor counts as one client, the proxy.
fn warnings(addr: SocketAddr, public_url: &str, trusted: &[client::Net]) -> Vec<String> {
    let mut said = Vec::new();
    let host = public_host(public_url);
    let beyond = !host.as_deref().is_some_and(is_loopback_host);
    if public_url.starts_with("http://") && beyond {
        said.push(format!(
            "PUBLIC_URL {public_url} is plain http:// beyond this machine: the links (the \
             personal links to play too) cross the network unencrypted; put an HTTPS proxy in \
             front and use https://"
        ));
    }
    if addr.ip().is_loopback() && beyond && trusted.is_empty() {
        said.push(format!(
            "the web pages listen on {addr} (this machine) but are linked as {public_url}: if a \
             reverse proxy forwards them, set WEB_TRUSTED_PROXY to its address, else every \
             visitor counts as one client (the proxy) for the rate and connection limits"
        ));
    }
    said
}

/// The host of an `http(s)://` address, without its port.
fn public_host(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split_once(']')?.0,
        None => authority.split(':').next()?,
    };
    Some(host.to_ascii_lowercase())
}

/// Whether a host names this machine.
fn is_loopback_host(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Listens on `addr` for the pages: a taken port is said before anything
/// is served.
pub async fn listen(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen for the web pages on {addr}"))
}

/// Serves the pages on `listener` (see [`listen`]; tests bind port 0),
/// through the door (`door.rs`), until `stop` turns true; live pages are
/// closed then, and the others finish what they answer.
pub async fn serve_on(
    web: Arc<Web>,
    listener: tokio::net::TcpListener,
    stop: watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let local = listener.local_addr()?;
    let bounds = &web.door.bounds;
    tracing::info!(
        "web pages served on http://{local}, linked as {}: at most {} connections ({} a client), {} live pages",
        web.public_url,
        bounds.connections,
        bounds.connections_per_client,
        bounds.streams
    );
    let router = routes::router(web.clone(), stop.clone());
    let moves = web.referee.moves();
    let heard = {
        let web = web.clone();
        move |game| web.heard(game)
    };
    door::serve(web.door.clone(), router, listener, stop, moves, heard).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_randomness_no_secret_and_the_pages_do_not_start() {
        let refused = fresh_secret(|_| Err("no entropy".into())).expect_err("refused");
        let said = format!("{refused:#}");
        assert!(
            said.contains("WEB_SECRET") && said.contains("no entropy"),
            "{said}"
        );
        let made = fresh_secret(|b| {
            b.fill(0xab);
            Ok(())
        })
        .expect("made");
        assert_eq!(made, "ab".repeat(32));
    }

    #[test]
    fn plain_http_beyond_this_machine_is_warned_of_and_on_it_not() {
        let here: SocketAddr = ([127, 0, 0, 1], 8080).into();
        let wide: SocketAddr = ([0, 0, 0, 0], 8080).into();
        let proxy = client::read_proxies("127.0.0.1").unwrap_or_default();
        for quiet in [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://[::1]:8080/",
            "http://aq.localhost",
        ] {
            assert!(warnings(here, quiet, &[]).is_empty(), "{quiet}");
        }
        for loud in [
            "http://aq.example.org",
            "http://192.0.2.1:8080",
            "http://user@aq.example.org:80/x",
        ] {
            let said = warnings(wide, loud, &[]);
            assert_eq!(said.len(), 1, "{loud}: {said:?}");
            assert!(said[0].contains("plain http://"), "{said:?}");
        }
        assert!(warnings(wide, "https://aq.example.org", &[]).is_empty());
        // Behind a proxy on this machine: trust it, or be told to.
        let said = warnings(here, "https://aq.example.org", &[]);
        assert!(
            said.len() == 1 && said[0].contains("WEB_TRUSTED_PROXY"),
            "{said:?}"
        );
        assert!(warnings(here, "https://aq.example.org", &proxy).is_empty());
    }
}
