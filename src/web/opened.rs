//! A link opened: what every request starts with. [`App`] is the state the
//! requests share; [`App::open`] reads a link's token, checks it (ours and
//! unaltered, within its rate, not expired, not revoked) and says in which
//! language the reader is answered; [`App::game`] loads the game it names.
//! A link refused is answered with a page that says why ([`problem`]).
//!
//! Apart from `routes.rs` so that the requests there read as what they do,
//! once a link is open.

use super::links::Link;
use super::pages;
use super::Web;
use crate::clock::Millis;
use crate::lang::{plain, Lang, Text};
use crate::referee::{game_scope, player_scope, server_scope, WebGame};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::Markup;
use std::sync::Arc;
use tokio::sync::watch;

/// What every request handler is given: the web front end, and the signal
/// that the server stops.
#[derive(Clone)]
pub(super) struct App {
    pub(super) web: Arc<Web>,
    pub(super) stop: watch::Receiver<bool>,
}

/// The reader's language from their browser's first choice we speak.
pub(super) fn browser_lang(headers: &HeaderMap) -> Option<String> {
    let accept = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    accept
        .split(',')
        .map(|part| part.split(';').next().unwrap_or_default().trim())
        .find(|tag| Lang::find(tag).is_some())
        .map(str::to_string)
}

/// An HTML page as the answer, with `status`.
pub(super) fn page(status: StatusCode, markup: Markup) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        markup.into_string(),
    )
        .into_response()
}

/// The page that says what went wrong, in the reader's language.
pub(super) fn problem(status: StatusCode, lang: &Lang, said: Text) -> Response {
    page(status, pages::problem_page(lang, &plain(lang, &said)))
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
    /// expired, within its rate.
    pub(super) async fn open(
        &self,
        token: &str,
        headers: &HeaderMap,
        moving: bool,
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
        let key = token.rsplit('.').next().unwrap_or(token);
        if !self.web.limits.allow_now(key, moving) {
            return Err(problem(
                StatusCode::TOO_MANY_REQUESTS,
                &lang,
                Text::msg("web-too-fast"),
            ));
        }
        self.check_current(&link, now, &lang).await?;
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

    /// Refuses a link to play or to a server's page that expired before
    /// `now`, and a link that a reset revoked: its generations are no
    /// longer those stored.
    async fn check_current(&self, link: &Link, now: Millis, lang: &Lang) -> Result<(), Response> {
        let referee = &self.web.referee;
        let current = match link {
            Link::Watch { game, generation } => referee
                .web_generations(&[game_scope(*game)])
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
                referee
                    .web_generations(&[game_scope(*game), player_scope(*game, user)])
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

    /// [`App::open`], then the game it names.
    pub(super) async fn open_game(
        &self,
        token: &str,
        headers: &HeaderMap,
        moving: bool,
    ) -> Result<(Opened, WebGame), Response> {
        let opened = self.open(token, headers, moving).await?;
        let web = self.game(&opened).await?;
        Ok((opened, web))
    }

    /// The game a link opens, loaded with its log said.
    pub(super) async fn game(&self, opened: &Opened) -> Result<WebGame, Response> {
        let lang = &opened.lang;
        let Some(id) = opened.link.game() else {
            return Err(problem(
                StatusCode::NOT_FOUND,
                lang,
                Text::msg("web-link-unknown"),
            ));
        };
        match self.web.referee.web_game(id).await {
            Ok(Some(Ok(web))) => Ok(web),
            Ok(Some(Err(damaged))) => Err(problem(
                StatusCode::INTERNAL_SERVER_ERROR,
                lang,
                damaged.words,
            )),
            Ok(None) => Err(problem(
                StatusCode::NOT_FOUND,
                lang,
                Text::msg("web-link-unknown"),
            )),
            Err(e) => {
                tracing::error!(game = id, "cannot load a game for its page: {e:#}");
                Err(problem(
                    StatusCode::SERVICE_UNAVAILABLE,
                    lang,
                    Text::msg("web-trouble"),
                ))
            }
        }
    }
}
