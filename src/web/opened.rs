//! A link opened: what every request starts with. [`App`] is the state the
//! requests share; [`App::open`] reads a link's token, checks it (ours and
//! unaltered, not expired, not revoked) and says in which language the
//! reader is answered; [`App::charge`] holds the client to its rate (what
//! the pages keep ready costs nothing, so a request charges only once it
//! knows it must make something); [`App::game`] loads the game it names.
//! A link refused is answered with a page that says why ([`problem`]).
//!
//! The links' generations (which a reset moves on) are kept a few seconds
//! ([`Generations`]), read again at once after any news of their game (a
//! reset made by this process, or by another on the same PostgreSQL); a
//! move reads them from the store, always.
//!
//! Apart from `routes.rs` so that the requests there read as what they do,
//! once a link is open.

use super::door::Visitor;
use super::limits::{Cost, Key};
use super::links::Link;
use super::pages::{browser_lang, problem};
use super::Web;
use crate::clock::Millis;
use crate::lang::{Lang, Text};
use crate::referee::{game_scope, player_scope, server_scope, Loaded, Referee, WebGame};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{watch, OnceCell};
use tokio::time::Instant;

/// How long a link's generation read from the store is believed without
/// news of its game.
const GENERATION_KEPT: Duration = Duration::from_secs(5);
/// Generations kept at most (all are forgotten beyond).
const MOST_GENERATIONS: usize = 10_000;

/// The links' generations, kept a few seconds; a generation not kept is
/// read once however many pages ask for it at the same time (after a move,
/// a thousand watchers' pages ask together).
#[derive(Default)]
pub(super) struct Generations {
    kept: Mutex<HashMap<String, (Generation, Instant)>>,
}

/// A generation, read or being read.
type Generation = Arc<OnceCell<i64>>;

impl Generations {
    /// The generations of `scopes`, kept or read now.
    async fn get(&self, referee: &Referee, scopes: &[String]) -> anyhow::Result<Vec<i64>> {
        let mut out = Vec::with_capacity(scopes.len());
        for scope in scopes {
            let cell = {
                let Ok(mut kept) = self.kept.lock() else {
                    return referee.web_generations(scopes).await;
                };
                let fresh = kept
                    .get(scope)
                    .filter(|(_, at)| at.elapsed() < GENERATION_KEPT)
                    .map(|(cell, _)| cell.clone());
                match fresh {
                    Some(cell) => cell,
                    None => {
                        if kept.len() >= MOST_GENERATIONS {
                            kept.clear();
                        }
                        let cell = Arc::new(OnceCell::new());
                        kept.insert(scope.clone(), (cell.clone(), Instant::now()));
                        cell
                    }
                }
            };
            let generation = cell
                .get_or_try_init(|| async {
                    let read = referee.web_generations(std::slice::from_ref(scope)).await?;
                    read.first()
                        .copied()
                        .ok_or_else(|| anyhow::anyhow!("no generation read"))
                })
                .await?;
            out.push(*generation);
        }
        Ok(out)
    }

    /// Forgets the generations of `game`'s links (`None`: of every link).
    pub(super) fn forget(&self, game: Option<i64>) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        match game {
            Some(game) => {
                let players = player_scope(game, "");
                kept.remove(&game_scope(game));
                kept.retain(|scope, _| !scope.starts_with(&players));
            }
            None => kept.clear(),
        }
    }
}

/// What every request handler is given: the web front end, and the signal
/// that the server stops.
#[derive(Clone)]
pub(super) struct App {
    pub(super) web: Arc<Web>,
    pub(super) stop: watch::Receiver<bool>,
}

/// A link opened: what it names, in the reader's language.
pub(super) struct Opened {
    pub(super) link: Link,
    pub(super) lang: Lang,
    pub(super) locale: Option<String>,
    /// Where the link's pages are: `/g/<token>`.
    pub(super) base: String,
}

impl App {
    /// Reads and checks a link: ours and unaltered, not revoked, not
    /// expired; its generations read from the store when `fresh` (a move),
    /// else as the pages keep them.
    pub(super) async fn open(
        &self,
        token: &str,
        headers: &HeaderMap,
        fresh: bool,
    ) -> Result<Opened, Response> {
        let locale = browser_lang(headers);
        let lang = locale
            .as_deref()
            .map_or_else(Lang::english, Lang::for_locale);
        let Some(link) = self.web.signer.read(token) else {
            return Err(problem(
                StatusCode::NOT_FOUND,
                &lang,
                Text::msg("web-link-unknown"),
            ));
        };
        let referee = &self.web.referee;
        let now = referee.clock().now();
        self.check_current(&link, now, &lang, fresh).await?;
        let lang = match &link {
            Link::Play { user, .. } => referee.asker_lang(user, locale.as_deref()).await,
            _ => lang,
        };
        let base = match &link {
            Link::Server { .. } => format!("/s/{token}"),
            _ => format!("/g/{token}"),
        };
        Ok(Opened {
            link,
            lang,
            locale,
            base,
        })
    }

    /// Holds `visitor`'s client to its rate for a request that costs
    /// `cost`: the refusal (429, try again in a few seconds) over it.
    pub(super) fn charge(&self, visitor: &Visitor, cost: Cost, lang: &Lang) -> Option<Response> {
        let allowed = self.web.limits.allow_now(Key::Client(visitor.client, cost));
        (!allowed).then(|| too_fast(lang))
    }

    /// Holds a seat of `game` to its moves' rate: the refusal over it.
    pub(super) fn charge_move(&self, game: i64, user: &str, lang: &Lang) -> Option<Response> {
        let allowed = self.web.limits.allow_now(Key::Seat(game, user.to_string()));
        (!allowed).then(|| too_fast(lang))
    }

    /// Whether `link` still opens (as the pages know its generations).
    pub(super) async fn still_current(&self, link: &Link) -> bool {
        let now = self.web.referee.clock().now();
        self.check_current(link, now, &Lang::english(), false)
            .await
            .is_ok()
    }

    /// Refuses a link to play or to a server's page that expired before
    /// `now`, and a link that a reset revoked: its generations are no
    /// longer those stored.
    async fn check_current(
        &self,
        link: &Link,
        now: Millis,
        lang: &Lang,
        fresh: bool,
    ) -> Result<(), Response> {
        let referee = &self.web.referee;
        let read = |scopes: Vec<String>| async move {
            if fresh {
                referee.web_generations(&scopes).await
            } else {
                self.web.generations.get(referee, &scopes).await
            }
        };
        let current = match link {
            Link::Watch { game, generation } => read(vec![game_scope(*game)])
                .await
                .map(|g| g == [*generation]),
            Link::Play {
                game,
                user,
                generation,
                mine,
                expires,
            } => {
                if *expires <= now {
                    return Err(problem(
                        StatusCode::GONE,
                        lang,
                        Text::msg("web-link-expired"),
                    ));
                }
                read(vec![game_scope(*game), player_scope(*game, user)])
                    .await
                    .map(|g| g == [*generation, *mine])
            }
            Link::Server {
                guild,
                generation,
                expires,
            } => {
                if *expires <= now {
                    return Err(problem(
                        StatusCode::GONE,
                        lang,
                        Text::msg("web-server-link-expired"),
                    ));
                }
                // Read from the store each time: a server's reset is news
                // of no game, so nothing would tell a kept generation to go.
                referee
                    .web_generations(&[server_scope(guild)])
                    .await
                    .map(|g| g == [*generation])
            }
        };
        match current {
            Ok(true) => Ok(()),
            Ok(false) => Err(problem(
                StatusCode::GONE,
                lang,
                Text::msg("web-link-revoked"),
            )),
            Err(e) => {
                tracing::error!("cannot check a web link: {e:#}");
                Err(problem(
                    StatusCode::SERVICE_UNAVAILABLE,
                    lang,
                    Text::msg("web-trouble"),
                ))
            }
        }
    }

    /// The game a link opens, loaded with its log said.
    pub(super) async fn game(&self, opened: &Opened) -> Result<WebGame, Response> {
        self.game_or_why(opened)
            .await
            .map_err(|(status, why)| problem(status, &opened.lang, why))
    }

    /// [`App::game`], or the status and the words of why not.
    pub(super) async fn game_or_why(&self, opened: &Opened) -> Result<WebGame, (StatusCode, Text)> {
        let id = opened.link.game().ok_or_else(unknown)?;
        loaded_or_why(id, self.web.referee.web_game(id).await)
    }

    /// The game a link opens as loaded, nothing said (what a picture
    /// needs), or the status and the words of why not.
    pub(super) async fn loaded(&self, opened: &Opened) -> Result<Loaded, (StatusCode, Text)> {
        let id = opened.link.game().ok_or_else(unknown)?;
        loaded_or_why(id, self.web.referee.web_loaded(id).await)
    }
}

/// No game there.
fn unknown() -> (StatusCode, Text) {
    (StatusCode::NOT_FOUND, Text::msg("web-link-unknown"))
}

/// A game read for a page, or the status and words of why not.
fn loaded_or_why<T>(
    id: i64,
    read: anyhow::Result<Option<Result<T, crate::referee::Reply>>>,
) -> Result<T, (StatusCode, Text)> {
    match read {
        Ok(Some(Ok(game))) => Ok(game),
        Ok(Some(Err(damaged))) => Err((StatusCode::INTERNAL_SERVER_ERROR, damaged.words)),
        Ok(None) => Err(unknown()),
        Err(e) => {
            tracing::error!(game = id, "cannot load a game for its page: {e:#}");
            Err((StatusCode::SERVICE_UNAVAILABLE, Text::msg("web-trouble")))
        }
    }
}

/// Too many requests from the client: try again in a few seconds.
pub(super) fn too_fast(lang: &Lang) -> Response {
    let mut r = problem(
        StatusCode::TOO_MANY_REQUESTS,
        lang,
        Text::msg("web-too-fast"),
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    r
}
