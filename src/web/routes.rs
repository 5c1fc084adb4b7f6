//! The requests the pages answer:
//!
//! - `GET /g/<link>`: a game's page (`?at=<n>` the table after move n,
//!   `?pick=<picks>` the clicks made so far on a personal link);
//!   `/part` the same without the page around it (live updates);
//!   `/table.png?at=<n>` the table's picture; `/score.png` a finished
//!   game's score card; `/replay.gif`; `/review/<n>.png` a finished game's
//!   reviewed decision at move n; `/live` the
//!   game's moves as server-sent events;
//! - `POST /g/<link>/move` (`seq`, `command`): a move, personal links only;
//! - `GET /s/<link>`: a server's games and leaderboard (`?page=<n>`);
//! - `/assets/web.css`, `/assets/live.js`.
//!
//! Every answer carries the content security policy and says nothing to
//! other sites (no referrer); a link that is not ours, altered, revoked or
//! expired opens nothing.
//!
//! Each request opens its link first (`opened.rs`); a game's page is what
//! `picks.rs` says it shows, written by `pages.rs`.

use super::links::Link;
use super::opened::{browser_lang, page, problem, App};
use super::pages::{self, ServerPage};
use super::picks::{build_page, PageQuery};
use super::Web;
use crate::command::Command;
use crate::lang::{plain, Lang, Text};
use crate::referee::WebAsk;
use axum::extract::rejection::FormRejection;
use axum::extract::{DefaultBodyLimit, Form, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::StreamExt as _;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::watch;
use tokio_stream::wrappers::BroadcastStream;

/// The policy every answer carries: our own files and nothing else, no
/// inline script or style, no frames, forms only to us.
/// Fonts too: the pictures' own, which the pages serve (`fonts`).
const POLICY: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
    font-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; \
    base-uri 'none'; frame-ancestors 'none'";

/// The largest request body read (a move's form is a few dozen bytes).
const MAX_BODY: usize = 2048;

pub(super) fn router(web: Arc<Web>, stop: watch::Receiver<bool>) -> Router {
    Router::new()
        .route("/g/:token", get(game_page))
        .route("/g/:token/part", get(game_part))
        .route("/g/:token/table.png", get(table_png))
        .route("/g/:token/score.png", get(score_png))
        .route("/g/:token/replay.gif", get(replay_gif))
        .route("/g/:token/review/:file", get(review_png))
        .route("/g/:token/live", get(live))
        .route("/g/:token/move", post(make_move))
        .route("/s/:token", get(server))
        .route("/assets/web.css", get(css))
        .route("/assets/live.js", get(script))
        .route("/assets/fonts.css", get(fonts_css))
        .route("/assets/fonts/:file", get(font))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(guarded))
        .with_state(App { web, stop })
}

/// Every answer: the policy, no sniffing, no referrer, no framing, and not
/// kept by caches unless the answer says otherwise.
async fn guarded(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A game's whole page, or (`part`) what a live page replaces.
async fn game_view(
    app: &App,
    token: &str,
    query: &PageQuery,
    headers: &HeaderMap,
    part: bool,
) -> Response {
    let (opened, web) = match app.open_game(token, headers, false).await {
        Ok(both) => both,
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

async fn game_page(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    game_view(&app, &token, &query, &headers, false).await
}

async fn game_part(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    game_view(&app, &token, &query, &headers, true).await
}

#[derive(Debug, Deserialize)]
struct MoveForm {
    seq: i64,
    command: String,
}

async fn make_move(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
    form: Result<Form<MoveForm>, FormRejection>,
) -> Response {
    let opened = match app.open(&token, &headers, true).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let lang = opened.lang.clone();
    let Link::Play { game, user, .. } = &opened.link else {
        return problem(StatusCode::FORBIDDEN, &lang, Text::msg("web-watch-only"));
    };
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

async fn table_png(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<AtQuery>,
    headers: HeaderMap,
) -> Response {
    let (opened, web) = match app.open_game(&token, &headers, false).await {
        Ok(both) => both,
        Err(r) => return r,
    };
    let total = web.loaded.log().len();
    let n = query.at.unwrap_or(total).min(total);
    let referee = app.web.referee.clone();
    let loaded = &web.loaded;
    let png = app
        .web
        .pictures
        .get(loaded.id(), n, &loaded.lang().code(), || {
            referee.web_picture(loaded, n)
        })
        .await;
    image(png, "image/png", "private, max-age=86400", &opened.lang)
}

/// A finished game's score card; a page that says there is none while the
/// game is not over.
async fn score_png(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (opened, web) = match app.open_game(&token, &headers, false).await {
        Ok(both) => both,
        Err(r) => return r,
    };
    let referee = app.web.referee.clone();
    let loaded = &web.loaded;
    let tag = format!("score:{}", loaded.lang().code());
    let png = app
        .web
        .pictures
        .get(loaded.id(), loaded.log().len(), &tag, || {
            referee.web_score_card(loaded)
        })
        .await;
    image(png, "image/png", "private, max-age=86400", &opened.lang)
}

/// A picture drawn (kept by the browser for `cache`), or the page that
/// says there is none.
fn image(
    bytes: Option<Arc<Vec<u8>>>,
    kind: &'static str,
    cache: &'static str,
    lang: &Lang,
) -> Response {
    match bytes {
        Some(bytes) => (
            [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, cache)],
            bytes.as_ref().clone(),
        )
            .into_response(),
        None => problem(StatusCode::NOT_FOUND, lang, Text::msg("web-no-picture")),
    }
}

async fn replay_gif(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    // A replay costs as much as a move: it is held to a move's rate.
    let (opened, web) = match app.open_game(&token, &headers, true).await {
        Ok(both) => both,
        Err(r) => return r,
    };
    let referee = app.web.referee.clone();
    let loaded = &web.loaded;
    let tag = format!("replay:{}", loaded.lang().code());
    let gif = app
        .web
        .pictures
        .get(loaded.id(), loaded.log().len(), &tag, || {
            referee.web_replay(loaded)
        })
        .await;
    image(gif, "image/gif", "private, max-age=3600", &opened.lang)
}

/// The picture of a finished game's reviewed decision at move `n`
/// (`<n>.png`): the table before it, the move played and the one preferred
/// marked.
async fn review_png(
    State(app): State<App>,
    Path((token, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (opened, web) = match app.open_game(&token, &headers, false).await {
        Ok(both) => both,
        Err(r) => return r,
    };
    let number = file
        .strip_suffix(".png")
        .and_then(|n| n.parse::<u32>().ok());
    let Some(number) = number else {
        return problem(
            StatusCode::NOT_FOUND,
            &opened.lang,
            Text::msg("web-no-picture"),
        );
    };
    let referee = app.web.referee.clone();
    let loaded = &web.loaded;
    let tag = format!("review:{}", loaded.lang().code());
    let png = app
        .web
        .pictures
        .get(loaded.id(), number as usize, &tag, || {
            referee.web_review_picture(loaded, number)
        })
        .await;
    image(png, "image/png", "private, max-age=86400", &opened.lang)
}

/// The game's moves as they happen: an event `moved` each time the game
/// may have moved, until the page closes or the server stops.
async fn live(State(app): State<App>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let opened = match app.open(&token, &headers, false).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let Some(game) = opened.link.game() else {
        return problem(
            StatusCode::NOT_FOUND,
            &opened.lang,
            Text::msg("web-link-unknown"),
        );
    };
    let mut stop = app.stop.clone();
    let stopped = async move {
        while !*stop.borrow() {
            if stop.changed().await.is_err() {
                break;
            }
        }
    };
    let events = BroadcastStream::new(app.web.referee.moves())
        .filter(move |moved| {
            // A page that fell behind looks again too.
            std::future::ready(moved.as_ref().map_or(true, |g| *g == game))
        })
        .map(|_| Ok::<Event, std::convert::Infallible>(Event::default().event("moved").data("")))
        .take_until(Box::pin(stopped));
    Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response()
}

#[derive(Debug, Deserialize)]
struct ServerQuery {
    page: Option<u32>,
}

async fn server(
    State(app): State<App>,
    Path(token): Path<String>,
    Query(query): Query<ServerQuery>,
    headers: HeaderMap,
) -> Response {
    let opened = match app.open(&token, &headers, false).await {
        Ok(o) => o,
        Err(r) => return r,
    };
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
