//! The requests the pages answer:
//!
//! - `GET /g/<link>`: a game's page (`?at=<n>` the table after move n,
//!   `?pick=<picks>` the clicks made so far on a personal link);
//!   `/part` the same without the page around it (live updates);
//!   `/table.png?at=<n>` the table's picture; `/score.png` a finished
//!   game's score card; `/replay.gif`; `/review/<n>.png` a finished game's
//!   reviewed decision at move n; `/live` the
//!   game's moves as server-sent events;
//!   `/ws` the same over a WebSocket (the table inside Discord);
//! - `POST /g/<link>/move` (`seq`, `command`): a move, personal links only;
//! - `GET /s/<link>`: a server's games and leaderboard (`?page=<n>`);
//! - `GET /activity` (and `/`), `POST /activity/token`, `POST
//!   /activity/open`: the table inside Discord (`activity.rs`);
//! - `/assets/web.css`, `/assets/live.js`, `/assets/activity/*.js|css`
//!   (the Activity's script and Discord's Embedded App SDK).
//!
//! Every request is answered the same under `/.proxy/` (Discord's proxy
//! reached the Activity there until 2025, and may still). Every answer
//! carries the content security policy and says nothing to other sites (no
//! referrer); a link that is not ours, altered, revoked or expired opens
//! nothing. No answer may be framed, except the Activity's page, by
//! Discord's client.
//!
//! Each request opens its link first (`opened.rs`); a game's page is what
//! `picks.rs` says it shows, written by `pages.rs`.

use super::cache::OfGame;
use super::door::{Visitor, MAX_BODY};
use super::limits::Cost;
use super::links::Link;
use super::opened::{App, Opened};
use super::pages::{self, ServerPage};
use super::pages::{browser_lang, page, problem};
use super::picks::{build_page, PageQuery};
use super::Web;
use crate::command::Command;
use crate::lang::{plain, Lang, Text};
use crate::referee::{WebAsk, WebDrawn};
use axum::body::Bytes;
use axum::extract::rejection::FormRejection;
use axum::extract::{DefaultBodyLimit, Extension, Form, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::watch;

/// The policy every answer carries: our own files and nothing else, no
/// inline script or style, no frames, forms only to us.
/// Fonts too: the pictures' own, which the pages serve (`fonts`).
const POLICY: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
    font-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; \
    base-uri 'none'; frame-ancestors 'none'";

pub(super) fn router(web: Arc<Web>, stop: watch::Receiver<bool>) -> Router {
    let pages: Router<App> = Router::new()
        .route("/", get(super::activity::activity))
        .route("/activity", get(super::activity::activity))
        .route("/activity/token", post(super::activity::token))
        .route("/activity/open", post(super::activity::open))
        .route("/g/:token", get(game_page))
        .route("/g/:token/part", get(game_part))
        .route("/g/:token/table.png", get(table_png))
        .route("/g/:token/score.png", get(score_png))
        .route("/g/:token/replay.gif", get(replay_gif))
        .route("/g/:token/review/:file", get(review_png))
        .route("/g/:token/live", get(super::live::live))
        .route("/g/:token/ws", get(super::live::socket))
        .route("/g/:token/move", post(make_move))
        .route("/s/:token", get(server))
        .route("/assets/web.css", get(css))
        .route("/assets/live.js", get(script))
        .route("/assets/activity/discord-sdk.js", get(super::activity::sdk))
        .route("/assets/activity/activity.js", get(super::activity::script))
        .route("/assets/activity/activity.css", get(super::activity::style))
        .route("/assets/fonts.css", get(fonts_css))
        .route("/assets/fonts/:file", get(font));
    Router::new()
        // Discord's root under its old prefix (the nest answers `/.proxy`).
        .route("/.proxy/", get(super::activity::activity))
        .nest("/.proxy", pages.clone())
        .merge(pages)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(guarded))
        .with_state(App { web, stop })
}

/// Every answer: the policy, no sniffing, no referrer, no framing (but the
/// Activity's page, which Discord's client alone may frame), and not kept
/// by caches unless the answer says otherwise.
async fn guarded(mut response: Response) -> Response {
    let framed = response
        .extensions()
        .get::<super::activity::Framed>()
        .is_some();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(if framed {
            super::activity::POLICY
        } else {
            POLICY
        }),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !framed {
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A watched game's page (or its part) as the pages keep it ready: one a
/// link, language, move shown and kind, until the game changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ViewKey {
    game: i64,
    token: String,
    lang: String,
    at: Option<usize>,
    part: bool,
}

impl OfGame for ViewKey {
    fn game(&self) -> i64 {
        self.game
    }
}

/// A picture of a game, as the pages keep it ready: the table after move
/// `n`, the score card, the replay, the reviewed decision at move `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct PictureKey {
    game: i64,
    shown: Shown,
    n: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Shown {
    Table,
    Score,
    Replay,
    Review,
}

impl OfGame for PictureKey {
    fn game(&self) -> i64 {
        self.game
    }
}

/// Why there is no picture to give.
#[derive(Debug, Clone)]
pub(super) enum NoPicture {
    /// None there.
    Nothing,
    /// Too many wait to be drawn: try again soon.
    Busy,
    /// The game could not be read.
    Why(StatusCode, Text),
}

/// A game's whole page, or (`part`) what a live page replaces. A watched
/// game's is kept ready for every watcher.
async fn game_view(
    app: &App,
    token: &str,
    query: &PageQuery,
    headers: &HeaderMap,
    visitor: &Visitor,
    part: bool,
) -> Response {
    let opened = match app.open(token, headers, false).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let lang = &opened.lang;
    if let Link::Watch { game, .. } = &opened.link {
        let key = ViewKey {
            game: *game,
            token: token.to_string(),
            lang: lang.code(),
            at: query.at,
            part,
        };
        if let Some(html) = app.web.views.peek(&key) {
            return html_page(html);
        }
        if let Some(r) = app.charge(visitor, Cost::Request, lang) {
            return r;
        }
        let made = app
            .web
            .views
            .get(key, || async {
                let web = app.game_or_why(&opened).await?;
                let shown = build_page(&app.web.referee, &opened, &web, query, None);
                let markup = if part {
                    pages::game_part(&shown)
                } else {
                    pages::game_page(&shown)
                };
                Ok(Bytes::from(markup.into_string()))
            })
            .await;
        return match made {
            Ok(html) => html_page(html),
            Err((status, why)) => problem(status, lang, why),
        };
    }
    if let Some(r) = app.charge(visitor, Cost::Request, lang) {
        return r;
    }
    let web = match app.game(&opened).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    let shown = build_page(&app.web.referee, &opened, &web, query, None);
    let markup = if part {
        pages::game_part(&shown)
    } else {
        pages::game_page(&shown)
    };
    page(StatusCode::OK, markup)
}

/// An HTML page made before.
fn html_page(html: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

async fn game_page(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<PageQuery>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    game_view(&app, &token, &query, &headers, &visitor, false).await
}

async fn game_part(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<PageQuery>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    game_view(&app, &token, &query, &headers, &visitor, true).await
}

#[derive(Debug, Deserialize)]
struct MoveForm {
    seq: i64,
    command: String,
}

async fn make_move(
    State(app): State<App>,
    Path(token): Path<String>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
    form: Result<Form<MoveForm>, FormRejection>,
) -> Response {
    // A move reads its link's generations from the store, never as kept.
    let opened = match app.open(&token, &headers, true).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let lang = opened.lang.clone();
    if let Some(r) = app.charge(&visitor, Cost::Request, &lang) {
        return r;
    }
    let Link::Play { game, user, .. } = &opened.link else {
        return problem(StatusCode::FORBIDDEN, &lang, Text::msg("web-watch-only"));
    };
    if let Some(r) = app.charge_move(*game, user, &lang) {
        return r;
    }
    // Refused, nothing is done.
    let (seq, command) = match move_of(form) {
        Ok(both) => both,
        Err((status, why)) => return problem(status, &lang, why),
    };
    let reply = match app
        .web
        .referee
        .web_move(*game, user, command, seq, opened.locale.clone())
        .await
    {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(game, "a move from the web failed, nothing changed: {e:#}");
            return problem(
                StatusCode::SERVICE_UNAVAILABLE,
                &lang,
                Text::msg("web-trouble"),
            );
        }
    };
    if reply.accepted {
        return Redirect::to(&opened.base).into_response();
    }
    let said = plain(&reply.lang, &reply.words);
    let web = match app.game(&opened).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    let page_ = build_page(
        &app.web.referee,
        &opened,
        &web,
        &PageQuery::default(),
        Some(said),
    );
    page(StatusCode::CONFLICT, pages::game_page(&page_))
}

/// The move a form asks for (a move or an undo, its text read) and the
/// log's length it was made for; else the refusal's status and words: too
/// large (413), not a move's form (400), or not a move (400).
fn move_of(
    form: Result<Form<MoveForm>, FormRejection>,
) -> Result<(i64, Command), (StatusCode, Text)> {
    let form = match form {
        Ok(Form(form)) => form,
        Err(refused) => return Err((refused.status(), Text::msg("web-not-a-move"))),
    };
    match crate::command::parse(&form.command) {
        Ok(c) if c.is_move() || c == Command::Undo => Ok((form.seq, c)),
        Ok(_) => Err((StatusCode::BAD_REQUEST, Text::msg("web-not-a-move"))),
        Err(why) => {
            let why = Text::Sentence(Box::new(crate::lang::command::parse_error(&why)));
            Err((StatusCode::BAD_REQUEST, why))
        }
    }
}

#[derive(Debug, Deserialize)]
struct AtQuery {
    at: Option<usize>,
}

/// A request for a picture: where, with which link, from whom.
struct Asking<'a> {
    app: &'a App,
    token: &'a str,
    headers: &'a HeaderMap,
    visitor: &'a Visitor,
}

/// A picture of the game a link opens: kept ready (free) when `asked` says
/// which; else, charged `cost`, the game loaded (nothing said), `n_of` says
/// which from the log's length and `draw` draws it, once for every page
/// that asks meanwhile.
async fn picture<D, Fut>(
    asking: Asking<'_>,
    cost: Cost,
    shown: Shown,
    asked: Option<u64>,
    n_of: impl FnOnce(usize) -> u64,
    draw: D,
) -> Result<(Bytes, Opened), (Response, Lang)>
where
    D: FnOnce(crate::referee::Loaded, u64) -> Fut,
    Fut: std::future::Future<Output = WebDrawn>,
{
    let Asking {
        app,
        token,
        headers,
        visitor,
    } = asking;
    let opened = app
        .open(token, headers, false)
        .await
        .map_err(|r| (r, Lang::english()))?;
    let lang = opened.lang.clone();
    let Some(game) = opened.link.game() else {
        return Err((
            problem(StatusCode::NOT_FOUND, &lang, Text::msg("web-link-unknown")),
            lang,
        ));
    };
    if let Some(n) = asked {
        let key = PictureKey { game, shown, n };
        if let Some(bytes) = app.web.pictures.peek(&key) {
            return Ok((bytes, opened));
        }
    }
    if let Some(r) = app.charge(visitor, cost, &lang) {
        return Err((r, lang));
    }
    let made = match app.loaded(&opened).await {
        Ok(loaded) => {
            let n = n_of(loaded.log().len());
            let key = PictureKey { game, shown, n };
            app.web
                .pictures
                .get(key, || async move {
                    match draw(loaded, n).await {
                        WebDrawn::Drawn(bytes) => Ok(Bytes::from(bytes)),
                        WebDrawn::Nothing => Err(NoPicture::Nothing),
                        WebDrawn::Busy => Err(NoPicture::Busy),
                    }
                })
                .await
        }
        Err((status, why)) => Err(NoPicture::Why(status, why)),
    };
    match made {
        Ok(bytes) => Ok((bytes, opened)),
        Err(why) => Err((no_picture(why, &lang), lang)),
    }
}

/// The page that says why there is no picture.
fn no_picture(why: NoPicture, lang: &Lang) -> Response {
    match why {
        NoPicture::Nothing => problem(StatusCode::NOT_FOUND, lang, Text::msg("web-no-picture")),
        NoPicture::Busy => {
            let mut r = problem(StatusCode::SERVICE_UNAVAILABLE, lang, Text::msg("web-busy"));
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
            r
        }
        NoPicture::Why(status, why) => problem(status, lang, why),
    }
}

/// A picture given (kept by the browser for `cache`), or why not.
fn image(
    made: Result<(Bytes, Opened), (Response, Lang)>,
    kind: &'static str,
    cache: &'static str,
) -> Response {
    match made {
        Ok((bytes, _)) => (
            [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, cache)],
            bytes,
        )
            .into_response(),
        Err((response, _)) => response,
    }
}

async fn table_png(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<AtQuery>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let asked = query.at.map(|n| n as u64);
    let referee = app.web.referee.clone();
    let made = picture(
        Asking {
            app: &app,
            token: &token,
            headers: &headers,
            visitor: &visitor,
        },
        Cost::Request,
        Shown::Table,
        asked,
        |total| query.at.unwrap_or(total).min(total) as u64,
        |loaded, n| async move { referee.page_picture(&loaded, n as usize).await },
    )
    .await;
    image(made, "image/png", "private, max-age=86400")
}

/// A finished game's score card; a page that says there is none while the
/// game is not over.
async fn score_png(
    State(app): State<App>,
    Path(token): Path<String>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let referee = app.web.referee.clone();
    let made = picture(
        Asking {
            app: &app,
            token: &token,
            headers: &headers,
            visitor: &visitor,
        },
        Cost::Request,
        Shown::Score,
        Some(0),
        |_| 0,
        |loaded, _| async move { referee.web_score_card(&loaded).await },
    )
    .await;
    image(made, "image/png", "private, max-age=86400")
}

async fn replay_gif(
    State(app): State<App>,
    Path(token): Path<String>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    // A replay drawn costs a second or more: held to a rate of its own.
    let referee = app.web.referee.clone();
    let made = picture(
        Asking {
            app: &app,
            token: &token,
            headers: &headers,
            visitor: &visitor,
        },
        Cost::Heavy,
        Shown::Replay,
        Some(0),
        |_| 0,
        |loaded, _| async move { referee.web_replay(&loaded).await },
    )
    .await;
    image(made, "image/gif", "private, max-age=3600")
}

/// The picture of a finished game's reviewed decision at move `n`
/// (`<n>.png`): the table before it, the move played and the one preferred
/// marked.
async fn review_png(
    State(app): State<App>,
    Path((token, file)): Path<(String, String)>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let number = file
        .strip_suffix(".png")
        .and_then(|n| n.parse::<u32>().ok());
    let Some(number) = number else {
        let lang = browser_lang(&headers).map_or_else(Lang::english, |l| Lang::for_locale(&l));
        return problem(StatusCode::NOT_FOUND, &lang, Text::msg("web-no-picture"));
    };
    let referee = app.web.referee.clone();
    let made = picture(
        Asking {
            app: &app,
            token: &token,
            headers: &headers,
            visitor: &visitor,
        },
        Cost::Request,
        Shown::Review,
        Some(u64::from(number)),
        |_| u64::from(number),
        |loaded, _| async move { referee.web_review_picture(&loaded, number).await },
    )
    .await;
    image(made, "image/png", "private, max-age=86400")
}

#[derive(Debug, Deserialize)]
struct ServerQuery {
    page: Option<u32>,
}

async fn server(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<ServerQuery>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let opened = match app.open(&token, &headers, false).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    if let Some(r) = app.charge(&visitor, Cost::Request, &opened.lang) {
        return r;
    }
    let Link::Server { guild, .. } = &opened.link else {
        return problem(
            StatusCode::NOT_FOUND,
            &opened.lang,
            Text::msg("web-link-unknown"),
        );
    };
    let lang = &opened.lang;
    let page_n = query.page.unwrap_or(0);
    let server = match app.web.referee.web_server(guild, page_n, lang).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("cannot read a server's games for its page: {e:#}");
            return problem(
                StatusCode::SERVICE_UNAVAILABLE,
                lang,
                Text::msg("web-trouble"),
            );
        }
    };
    let mut links = Vec::new();
    for id in &server.ids {
        match app.web.url(&WebAsk::Watch(*id)).await {
            Ok(url) => links.push((*id, url)),
            Err(e) => tracing::warn!(game = id, "no link to a game: {e:#}"),
        }
    }
    let lines =
        |text: &Text| -> Vec<String> { plain(lang, text).lines().map(str::to_string).collect() };
    let server_page = ServerPage {
        lang,
        games: lines(&server.games),
        links,
        stats: lines(&server.stats),
        season: server.season.as_ref().map(lines).unwrap_or_default(),
        tournaments: server.tournaments.iter().map(lines).collect(),
        page: page_n.min(server.pages.saturating_sub(1)),
        pages: server.pages,
        base: &opened.base,
    };
    page(StatusCode::OK, pages::server_page(&server_page))
}

async fn css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../assets/web/web.css"),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../assets/web/live.js"),
    )
        .into_response()
}

async fn fonts_css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        super::fonts::stylesheet(),
    )
        .into_response()
}

/// A font of the pictures, compressed when the browser takes gzip; kept a
/// year, since its address changes with its bytes.
async fn font(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(font) = super::fonts::find(&format!("{}{file}", super::fonts::PREFIX)) else {
        return not_found(headers).await;
    };
    let takes_gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")));
    let zipped = if takes_gzip {
        tokio::task::spawn_blocking(move || font.gzip())
            .await
            .ok()
            .flatten()
    } else {
        None
    };
    let cache = (header::CACHE_CONTROL, "public, max-age=31536000, immutable");
    let kind = (header::CONTENT_TYPE, "font/ttf");
    let vary = (header::VARY, "accept-encoding");
    match zipped {
        Some(bytes) => (
            [kind, cache, vary, (header::CONTENT_ENCODING, "gzip")],
            bytes,
        )
            .into_response(),
        None => ([kind, cache, vary], font.bytes).into_response(),
    }
}

async fn not_found(headers: HeaderMap) -> Response {
    let lang = browser_lang(&headers).map_or_else(Lang::english, |l| Lang::for_locale(&l));
    problem(StatusCode::NOT_FOUND, &lang, Text::msg("web-link-unknown"))
}
