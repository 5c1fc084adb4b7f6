//! The requests the pages answer:
//!
//! - `GET /g/<link>`: a game's page (`?at=<n>` the table after move n,
//!   `?pick=<picks>` the clicks made so far on a personal link);
//!   `/part` the same without the page around it (live updates);
//!   `/table.png?at=<n>` the table's picture; `/replay.gif`; `/live` the
//!   game's moves as server-sent events;
//! - `POST /g/<link>/move` (`seq`, `command`): a move, personal links only;
//! - `GET /s/<link>`: a server's games and leaderboard (`?page=<n>`);
//! - `/assets/web.css`, `/assets/live.js`.
//!
//! Every answer carries the content security policy and says nothing to
//! other sites (no referrer); a link that is not ours, altered, revoked or
//! expired opens nothing.

use super::links::Link;
use super::pages::{self, GamePage, Play, ServerPage};
use super::Web;
use crate::command::Command;
use crate::lang::{plain, Lang, Text};
use crate::referee::GameStatus;
use crate::referee::{game_scope, player_scope, server_scope, Referee, WebAsk, WebGame};
use crate::view::controls::clicks::{self, read_picks};
use axum::extract::{DefaultBodyLimit, Form, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::StreamExt as _;
use maud::Markup;
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

#[derive(Clone)]
struct App {
    web: Arc<Web>,
    stop: watch::Receiver<bool>,
}

pub(super) fn router(web: Arc<Web>, stop: watch::Receiver<bool>) -> Router {
    Router::new()
        .route("/g/:token", get(game_page))
        .route("/g/:token/part", get(game_part))
        .route("/g/:token/table.png", get(table_png))
        .route("/g/:token/replay.gif", get(replay_gif))
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

/// The reader's language from their browser's first choice we speak.
fn browser_lang(headers: &HeaderMap) -> Option<String> {
    let accept = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    accept
        .split(',')
        .map(|part| part.split(';').next().unwrap_or_default().trim())
        .find(|tag| Lang::find(tag).is_some())
        .map(str::to_string)
}

fn page(status: StatusCode, markup: Markup) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        markup.into_string(),
    )
        .into_response()
}

fn problem(status: StatusCode, lang: &Lang, said: Text) -> Response {
    page(status, pages::problem_page(lang, &plain(lang, &said)))
}

/// A link opened: what it names, in the reader's language.
struct Opened {
    link: Link,
    lang: Lang,
    locale: Option<String>,
    /// Where the link's pages are: `/g/<token>`.
    base: String,
}

impl App {
    /// Reads and checks a link: ours and unaltered, not revoked, not
    /// expired, within its rate.
    async fn open(
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
        let current = match &link {
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
                        &lang,
                        Text::msg("web-link-expired"),
                    ));
                }
                referee
                    .web_generations(&[game_scope(*game), player_scope(*game, user)])
                    .await
                    .map(|g| g == [*generation, *mine])
            }
            Link::Server { guild, generation } => referee
                .web_generations(&[server_scope(guild)])
                .await
                .map(|g| g == [*generation]),
        };
        match current {
            Ok(true) => {}
            Ok(false) => {
                return Err(problem(
                    StatusCode::GONE,
                    &lang,
                    Text::msg("web-link-revoked"),
                ))
            }
            Err(e) => {
                tracing::error!("cannot check a web link: {e:#}");
                return Err(problem(
                    StatusCode::SERVICE_UNAVAILABLE,
                    &lang,
                    Text::msg("web-trouble"),
                ));
            }
        }
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

    /// [`App::open`], then the game it names.
    async fn open_game(
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
    async fn game(&self, opened: &Opened) -> Result<WebGame, Response> {
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

#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    at: Option<usize>,
    pick: Option<String>,
}

/// A game's page as `query` asks, with `refusal` said on it.
fn build_page<'a>(
    referee: &Referee,
    opened: &'a Opened,
    web: &'a WebGame,
    query: &PageQuery,
    refusal: Option<String>,
) -> GamePage<'a> {
    let total = web.loaded.log().len();
    let at = query.at.unwrap_or(total).min(total);
    let mut refusal = refusal;
    let play = match (&opened.link, &web.loaded.game()) {
        (Link::Play { user, .. }, Some(game)) if web.loaded.status() == GameStatus::Running => {
            play_of(
                web,
                game,
                user,
                query.pick.as_deref(),
                &opened.lang,
                &mut refusal,
            )
        }
        _ => None,
    };
    let places = match (&web.loaded.game(), &play) {
        (Some(game), Some(_)) if at == total => referee.table_places(&web.loaded, game),
        _ => None,
    };
    GamePage {
        base: &opened.base,
        lang: &opened.lang,
        web,
        at,
        play,
        refusal,
        done: None,
        places,
    }
}

/// What `user` may click now.
fn play_of(
    web: &WebGame,
    game: &crate::engine::Game,
    user: &str,
    pick: Option<&str>,
    lang: &Lang,
    refusal: &mut Option<String>,
) -> Option<Play> {
    let loaded = &web.loaded;
    let seat = loaded.seat_of(user)?;
    let names = loaded.table_names();
    let undo = Referee::web_undo_seat(loaded, game) == Some(seat);
    let mut play = Play {
        seat,
        seq: loaded.seq(),
        made: Vec::new(),
        made_labels: Vec::new(),
        choices: Vec::new(),
        confirm: None,
        undo,
        waiting_for: None,
    };
    if game.to_act() != Some(seat) {
        play.waiting_for = game
            .to_act()
            .map(|s| names.said(s, lang))
            .or_else(|| Some(String::new()));
        return Some(play);
    }
    let view = crate::view::controls::View {
        lang,
        ..loaded.view(game, &names, None)
    };
    let mut picks = match pick.map(read_picks) {
        None => Vec::new(),
        Some(Some(picks)) => picks,
        Some(None) => {
            *refusal = Some(plain(lang, &Text::msg("web-pick-stale")));
            Vec::new()
        }
    };
    // A last pick that completes a move waits to be confirmed.
    if let Some((last, before)) = picks.split_last() {
        let (_, offered) = clicks::choices(&view, seat, before);
        if let Some(c) = offered.iter().find(|c| &c.pick == last) {
            if let Some(command) = &c.command {
                play.confirm = Some((plain(lang, &c.label), command.clone()));
            }
        } else {
            *refusal = Some(plain(lang, &Text::msg("web-pick-stale")));
            picks.clear();
        }
    }
    let (made, choices) = if play.confirm.is_some() {
        (picks, Vec::new())
    } else {
        let (made, choices) = clicks::choices(&view, seat, &picks);
        if choices.is_empty() && !made.is_empty() {
            *refusal = Some(plain(lang, &Text::msg("web-pick-stale")));
            clicks::choices(&view, seat, &[])
        } else {
            (made, choices)
        }
    };
    for i in 0..made.len() {
        let (_, offered) = clicks::choices(&view, seat, &made[..i]);
        if let Some(c) = offered.iter().find(|c| c.pick == made[i]) {
            play.made_labels.push(plain(lang, &c.label));
        }
    }
    play.made = made;
    play.choices = choices;
    Some(play)
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
    form: Result<Form<MoveForm>, axum::extract::rejection::FormRejection>,
) -> Response {
    let opened = match app.open(&token, &headers, true).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let lang = opened.lang.clone();
    let Link::Play { game, user, .. } = &opened.link else {
        return problem(StatusCode::FORBIDDEN, &lang, Text::msg("web-watch-only"));
    };
    // Too large (413) or not a move's form (400): nothing is done.
    let form = match form {
        Ok(Form(form)) => form,
        Err(refused) => return problem(refused.status(), &lang, Text::msg("web-not-a-move")),
    };
    let command = match crate::command::parse(&form.command) {
        Ok(c) if c.is_move() || c == Command::Undo => c,
        Ok(_) => return problem(StatusCode::BAD_REQUEST, &lang, Text::msg("web-not-a-move")),
        Err(why) => {
            let why = Text::Sentence(Box::new(crate::lang::command::parse_error(&why)));
            return problem(StatusCode::BAD_REQUEST, &lang, why);
        }
    };
    let reply = match app
        .web
        .referee
        .web_move(*game, user, command, form.seq, opened.locale.clone())
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
