//! The pages' HTML, written with maud (every text escaped by construction).
//! Every word is a message of the catalogue (`locales/<lang>/web.ftl` and the
//! game's own messages), said in the reader's language.

use crate::engine::{Game, Role, Seat, Target};
use crate::lang::{plain, Lang, Text};
use crate::referee::GameStatus;
use crate::referee::{WebGame, WebReview};
use crate::view::controls::clicks::{write_picks, Offer, Pick};
use crate::view::places::{Place, Places, Rect, TablePart};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

/// A message of the catalogue in `lang`.
fn t(lang: &Lang, key: &'static str) -> String {
    plain(lang, &Text::msg(key))
}

/// What the player to act can click now.
pub(super) struct Play {
    /// The reader's seat.
    pub seat: Seat,
    /// The log's length the moves are made for.
    pub seq: i64,
    pub made: Vec<Pick>,
    /// The labels of the picks made.
    pub made_labels: Vec<String>,
    pub choices: Vec<Offer>,
    /// The pick whose move waits to be confirmed, with its command.
    pub confirm: Option<(String, String)>,
    pub undo: bool,
    /// Whose turn it is, when it is not the reader's.
    pub waiting_for: Option<String>,
}

/// A game's page.
pub(super) struct GamePage<'a> {
    pub base: &'a str,
    pub lang: &'a Lang,
    pub web: &'a WebGame,
    /// The entry of the log whose table is shown (0: the start).
    pub at: usize,
    pub play: Option<Play>,
    /// Said after a move was refused.
    pub refusal: Option<String>,
    /// Said after a move was made.
    pub done: Option<String>,
    pub places: Option<Places>,
}

/// A whole page: its head, and `main` holding `body`.
fn document(lang: &Lang, title: &str, main: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            (head(title))
            body { (main) }
        }
    }
}

fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            meta name="referrer" content="no-referrer";
            title { (title) }
            link rel="stylesheet" href="/assets/fonts.css";
            link rel="stylesheet" href="/assets/web.css";
            script src="/assets/live.js" defer {}
        }
    }
}

/// A whole game page.
pub(super) fn game_page(page: &GamePage) -> Markup {
    let lang = page.lang;
    let title = plain(
        lang,
        &Text::msg("web-title-game").arg("game", page.web.loaded.id().to_string()),
    );
    let main = html! {
        main id="main"
            data-live={ (page.base) "/live" }
            data-part={ (page.base) "/part" }
            data-latest=(if page.at == page.web.loaded.log().len() { "1" } else { "0" }) {
            (game_part(page))
        }
        // Shown by live.js while the page cannot follow the game.
        p id="live-lost" class="live-lost" role="status" hidden { (t(lang, "web-live-lost")) }
    };
    document(lang, &title, main)
}

/// What a live page replaces when the game moves: everything in `main`.
pub(super) fn game_part(page: &GamePage) -> Markup {
    let lang = page.lang;
    let web = page.web;
    let loaded = &web.loaded;
    let total = web.loaded.log().len();
    let table = web.loaded.table_names();
    let names = table.all_said(lang);
    let at = page.at.min(total);
    let latest = at == total;
    let title = plain(
        lang,
        &Text::msg("web-title-game").arg("game", loaded.id().to_string()),
    );
    let status = match (loaded.game(), loaded.status()) {
        (_, GameStatus::Lobby) => t(lang, "web-status-lobby"),
        (_, GameStatus::Abandoned) => t(lang, "web-status-abandoned"),
        (Some(game), _) => plain(
            lang,
            &table.in_text(crate::lang::engine::asked(&game.asked())),
        ),
        (None, _) => String::new(),
    };
    let picture = format!("{}/table.png?at={at}", page.base);
    // What the table shows, in words: the description its picture has
    // on Discord.
    let alt = crate::lang::within::alt(lang, &loaded.describe_entry(at));
    html! {
        h1 { (title) }
        p.status role="status" { (status) }
        @if let (Some(clocks), GameStatus::Running) = (&web.clocks, loaded.status()) {
            p.clocks { (plain(lang, clocks)) }
        }
        @if let (Some(pause), GameStatus::Running) = (loaded.paused(), loaded.status()) {
            p.paused role="status" { (plain(lang, &crate::referee::pause_text(pause))) }
        }
        @if let Some(said) = &page.refusal {
            p.refused role="alert" { (said) }
        }
        @if let Some(said) = &page.done {
            p.done role="status" { (said) }
        }
        @if loaded.status() != GameStatus::Lobby {
            figure.table {
                @match (&page.play, &page.places, latest) {
                    (Some(play), Some(places), true) => {
                        (overlay(page.base, lang, &picture, &alt, places, play))
                    }
                    _ => { img src=(picture) alt=(alt) width=[page.places.as_ref().map(|p| p.width)] height=[page.places.as_ref().map(|p| p.height)]; }
                }
            }
            @if let (Some(play), Some(places), true) = (&page.play, &page.places, latest) {
                (close_up_figure(page.base, lang, &picture, places, play))
            }
            @if let (Some(play), true) = (&page.play, latest) {
                (play_panel(page.base, lang, play))
            }
            (slider(page.base, lang, at, total))
        }
        // The result in one place: a finished game's final scores (its
        // score card as a table), else the scores so far.
        @match (loaded.status(), loaded.score_card(), web.loaded.game()) {
            (GameStatus::Finished, Some(card), _) => {
                (super::result::final_scores(page.base, lang, &card, &table))
            }
            (_, _, Some(game)) => { (scores(lang, game, &names)) }
            _ => {}
        }
        @if let Some(review) = &web.review {
            (review_section(page.base, lang, review))
        }
        section.moves aria-labelledby="moves-h" {
            h2 id="moves-h" { (t(lang, "web-moves")) }
            @if web.moves.is_empty() {
                p { (t(lang, "web-no-moves")) }
            } @else {
                ol reversed {
                    @for m in web.moves.iter().rev() {
                        li value=(m.n) class=[m.withdrawn.then_some("withdrawn")] {
                            a href={ (page.base) "?at=" (m.n) } { (plain(lang, &m.said)) }
                            @if m.withdrawn { " " span.note { (t(lang, "web-taken-back")) } }
                            @if m.auto { " " span.note { (t(lang, "web-automatic")) } }
                        }
                    }
                }
            }
        }
        @if total > 0 {
            p { a href={ (page.base) "/replay.gif" } { (t(lang, "web-replay")) } }
        }
    }
}

/// A finished game's review: each player's costliest decisions, each with
/// the table before it, both moves marked.
fn review_section(base: &str, lang: &Lang, review: &WebReview) -> Markup {
    html! {
        section.review aria-labelledby="review-h" {
            h2 id="review-h" { (t(lang, "web-review")) }
            @match review {
                WebReview::Preparing => {
                    p role="status" { (t(lang, "web-review-preparing")) }
                }
                WebReview::Ready { head, players } => {
                    p { (plain(lang, head)) }
                    @for (line, decisions) in players {
                        h3 { (plain(lang, line)) }
                        @if !decisions.is_empty() {
                            ol.decisions {
                                @for (n, said, alt) in decisions {
                                    li {
                                        p { (plain(lang, said)) }
                                        img src={ (base) "/review/" (n) ".png" }
                                            alt=(crate::lang::within::alt(lang, alt))
                                            loading="lazy";
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The table with the places the player can click drawn over it, in the
/// picture's own pixels (the renderer's layout). The places too small for a
/// finger on a phone are only highlighted here: they are tapped in the
/// close-up below the table ([`close_up_figure`]).
fn overlay(
    base: &str,
    lang: &Lang,
    picture: &str,
    alt: &str,
    places: &Places,
    play: &Play,
) -> Markup {
    let spots = spots_of(places, play);
    let near = close_up(places, &spots);
    let up_close = |i: usize| {
        near.as_ref()
            .is_some_and(|c| c.hits.iter().any(|(j, _)| *j == i))
    };
    let chosen: Option<&Place> = play
        .made
        .last()
        .and_then(|pick| place_of(pick, places, play.seat));
    html! {
        svg viewBox={ "0 0 " (places.width) " " (places.height) } role="group" aria-label=(alt) class="board" {
            image href=(picture) x="0" y="0" width=(places.width) height=(places.height) {}
            @if let Some(p) = chosen {
                rect.chosen x=(p.rect.x) y=(p.rect.y) width=(p.rect.w) height=(p.rect.h) {}
            }
            @for (i, (choice, place)) in spots.iter().enumerate() {
                @if up_close(i) {
                    rect.far x=(place.rect.x) y=(place.rect.y) width=(place.rect.w) height=(place.rect.h) {}
                } @else {
                    a href=(pick_href(base, &play.made, &choice.pick)) aria-label=(plain(lang, &choice.label)) class="spot" {
                        rect x=(place.rect.x) y=(place.rect.y) width=(place.rect.w) height=(place.rect.h) {}
                    }
                }
            }
        }
    }
}

/// The offers that are places on the table, with their places.
fn spots_of<'a>(places: &'a Places, play: &'a Play) -> Vec<(&'a Offer, &'a Place)> {
    play.choices
        .iter()
        .filter_map(|c| place_of(&c.pick, places, play.seat).map(|p| (c, p)))
        .collect()
}

/// The width, in CSS pixels, the table's picture is assumed to get on a
/// phone (390 px less the page's margins and Discord's insets).
const PHONE_WIDTH: f32 = 360.0;
/// The least side of a place a finger taps, in CSS pixels.
const FINGER: f32 = 44.0;
/// The side the close-up gives a square of the zoos, in CSS pixels.
const CLOSE_SQUARE: f32 = 52.0;

/// The part of the picture shown up close, in its pixels, its scale (CSS
/// pixels per pixel of the picture), and each spot tapped there (its index
/// in the spots) with the rectangle that takes its taps.
#[derive(Debug, PartialEq)]
struct CloseUp {
    crop: Rect,
    scale: f32,
    hits: Vec<(usize, Rect)>,
}

/// The close-up of the places offered that would be narrower or shorter
/// than a finger on a phone (the squares of a zoo, a depot, the tiles on a
/// truck): none when every place is big enough. There a square of the zoos
/// is [`CLOSE_SQUARE`] CSS pixels, and every place takes its taps on at
/// least a square (a depot's line grown to a square's height, and as wide
/// as the squares above it, rather than across its whole panel).
fn close_up(places: &Places, spots: &[(&Offer, &Place)]) -> Option<CloseUp> {
    let phone = PHONE_WIDTH / places.width.max(1) as f32;
    let small: Vec<(usize, Rect)> = spots
        .iter()
        .enumerate()
        .filter(|(_, (_, p))| p.rect.w.min(p.rect.h) * phone < FINGER)
        .map(|(i, (_, p))| (i, p.rect))
        .collect();
    if small.is_empty() {
        return None;
    }
    let square = places
        .places
        .iter()
        .find(|p| matches!(p.what, TablePart::Cell(..)))
        .map_or(0.0, |p| p.rect.w.min(p.rect.h));
    let unit = small
        .iter()
        .map(|(_, r)| r.w.min(r.h))
        .fold(square, f32::max)
        .max(1.0);
    let picture = Rect::of([0.0, 0.0, places.width as f32, places.height as f32]);
    // Each grown to at least a square, around its centre.
    let grown: Vec<(usize, Rect)> = small
        .iter()
        .map(|(i, r)| (*i, within(grow(*r, unit), picture)))
        .collect();
    let wide = |r: &Rect| r.w > 3.0 * unit;
    let anchors = grown
        .iter()
        .filter(|(_, r)| !wide(r))
        .map(|(_, r)| *r)
        .reduce(union);
    let hits: Vec<(usize, Rect)> = match anchors {
        None => grown,
        Some(around) => grown
            .into_iter()
            .map(|(i, r)| {
                (
                    i,
                    if wide(&r) {
                        narrowed(r, around, unit)
                    } else {
                        r
                    },
                )
            })
            .collect(),
    };
    let crop = hits.iter().map(|(_, r)| *r).reduce(union)?;
    // Around them, room for the zoo's letters and numbers: less at the
    // sides when that would make it wider than a phone.
    let scale = CLOSE_SQUARE / unit;
    let my = unit * 0.75;
    let mx = ((PHONE_WIDTH / scale - crop.w) / 2.0).clamp(unit * 0.2, my);
    let crop = within(
        Rect::of([
            crop.x - mx,
            crop.y - my,
            crop.w + 2.0 * mx,
            crop.h + 2.0 * my,
        ]),
        picture,
    );
    Some(CloseUp { crop, scale, hits })
}

/// `r` grown to at least `side` both ways, around its centre.
fn grow(r: Rect, side: f32) -> Rect {
    let (cx, cy) = r.center();
    let (w, h) = (r.w.max(side), r.h.max(side));
    Rect::of([cx - w / 2.0, cy - h / 2.0, w, h])
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    let right = (a.x + a.w).max(b.x + b.w);
    let bottom = (a.y + a.h).max(b.y + b.h);
    Rect::of([x, y, right - x, bottom - y])
}

/// `r` cut to what lies inside `outer` (kept whole when it lies outside).
fn within(r: Rect, outer: Rect) -> Rect {
    let x = r.x.max(outer.x);
    let y = r.y.max(outer.y);
    let right = (r.x + r.w).min(outer.x + outer.w);
    let bottom = (r.y + r.h).min(outer.y + outer.h);
    if right <= x || bottom <= y {
        r
    } else {
        Rect::of([x, y, right - x, bottom - y])
    }
}

/// A wide place (a depot across its panel) cut to the columns of `around`,
/// at least `unit` wide.
fn narrowed(r: Rect, around: Rect, unit: f32) -> Rect {
    let x = r.x.max(around.x);
    let right = (r.x + r.w).min(around.x + around.w);
    if right - x >= unit {
        Rect::of([x, r.y, right - x, r.h])
    } else {
        let x = x.min(r.x + r.w - unit).max(r.x);
        Rect::of([x, r.y, unit.min(r.w), r.h])
    }
}

/// The close-up under the table while places too small for a finger are
/// offered: the part of the picture holding them, enlarged so that a
/// square of the zoos is [`CLOSE_SQUARE`] CSS pixels, each place a link
/// as on the table. It pans sideways in its own frame when it is wider
/// than the screen; the page never does.
fn close_up_figure(base: &str, lang: &Lang, picture: &str, places: &Places, play: &Play) -> Markup {
    let spots = spots_of(places, play);
    let Some(near) = close_up(places, &spots) else {
        return html! {};
    };
    let c = near.crop;
    let said = t(lang, "web-close-up");
    html! {
        figure.close-up {
            figcaption { (said) }
            div.pan {
                svg viewBox={ (c.x) " " (c.y) " " (c.w) " " (c.h) }
                    width=((c.w * near.scale).round()) height=((c.h * near.scale).round())
                    role="group" aria-label=(said) class="board close" {
                    image href=(picture) x="0" y="0" width=(places.width) height=(places.height) {}
                    @for (i, hit) in &near.hits {
                        @if let Some((choice, _)) = spots.get(*i) {
                            a href=(pick_href(base, &play.made, &choice.pick)) aria-label=(plain(lang, &choice.label)) class="spot" {
                                rect x=(hit.x) y=(hit.y) width=(hit.w) height=(hit.h) {}
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Where a pick is on the table, if it is a place there.
fn place_of<'a>(pick: &Pick, places: &'a Places, seat: Seat) -> Option<&'a Place> {
    let want = match pick {
        Pick::Truck(t) => TablePart::Truck(*t),
        Pick::Tile(slot) => TablePart::Waiting(slot.unwrap_or(0)),
        Pick::To(Target::Cell(c)) => TablePart::Cell(seat, *c),
        Pick::To(Target::Depot) => TablePart::Depot(seat),
        Pick::Depot(s) => TablePart::Depot(*s),
        Pick::Hire(role) if *role != Role::Trainer => TablePart::Post(seat, *role),
        Pick::Coworker(post) | Pick::Post(post) => match post {
            crate::engine::Post::Trainer(c) => TablePart::Cell(seat, *c),
            other => TablePart::Post(seat, other.role()),
        },
        _ => return None,
    };
    places.places.iter().find(|p| p.what == want)
}

fn pick_href(base: &str, made: &[Pick], pick: &Pick) -> String {
    let mut picks = made.to_vec();
    picks.push(pick.clone());
    format!("{base}?pick={}", write_picks(&picks))
}

/// The player's panel: what they picked, the picks that are no place on
/// the table, the move to confirm, undo.
fn play_panel(base: &str, lang: &Lang, play: &Play) -> Markup {
    html! {
        section.play aria-labelledby="play-h" {
            h2 id="play-h" { (t(lang, "web-your-move")) }
            @if let Some(who) = &play.waiting_for {
                p { (plain(lang, &Text::msg("web-waiting-for").arg("name", who.clone()))) }
            } @else {
                @if !play.made_labels.is_empty() {
                    p.picked {
                        (t(lang, "web-picked")) " "
                        @for (i, l) in play.made_labels.iter().enumerate() {
                            @if i > 0 { " › " }
                            strong { (l) }
                        }
                        " " a href=(base) { (t(lang, "web-start-over")) }
                    }
                }
                @if let Some((label, command)) = &play.confirm {
                    form method="post" action={ (base) "/move" } {
                        input type="hidden" name="seq" value=(play.seq);
                        input type="hidden" name="command" value=(command);
                        button type="submit" class="confirm" { (plain(lang, &Text::msg("web-confirm").arg("move", label.clone()))) }
                    }
                } @else {
                    p { (t(lang, "web-click")) }
                    ul.picks {
                        @for c in &play.choices {
                            li { a.pick href=(pick_href(base, &play.made, &c.pick)) { (plain(lang, &c.label)) } }
                        }
                    }
                }
            }
            @if play.undo {
                form method="post" action={ (base) "/move" } {
                    input type="hidden" name="seq" value=(play.seq);
                    input type="hidden" name="command" value="undo";
                    button type="submit" class="undo" { (t(lang, "label-undo-mine")) }
                }
            }
        }
    }
}

/// The slider through the game's moves: a form that works without
/// JavaScript, and links to the move before and after.
fn slider(base: &str, lang: &Lang, at: usize, total: usize) -> Markup {
    html! {
        form.slider method="get" action=(base) {
            label for="at" { (t(lang, "web-slider")) }
            input type="range" id="at" name="at" min="0" max=(total) value=(at);
            output for="at" { (at) " / " (total) }
            button type="submit" { (t(lang, "web-show")) }
            @if at > 0 { " " a href={ (base) "?at=" (at - 1) } rel="prev" { (t(lang, "web-before")) } }
            @if at < total { " " a href={ (base) "?at=" (at + 1) } rel="next" { (t(lang, "web-after")) } }
            @if at < total { " " a href=(base) { (t(lang, "web-now")) } }
        }
    }
}

fn scores(lang: &Lang, game: &Game, names: &[String]) -> Markup {
    html! {
        section.scores aria-labelledby="scores-h" {
            h2 id="scores-h" { (t(lang, "web-scores")) }
            table {
                thead { tr {
                    th scope="col" { (t(lang, "web-player")) }
                    th scope="col" { (t(lang, "web-points")) }
                    th scope="col" { (t(lang, "web-coins")) }
                } }
                tbody {
                    @for (seat, player) in game.players().iter().enumerate() {
                        tr class=[(game.to_act() == Some(seat)).then_some("to-act")] {
                            th scope="row" { (names.get(seat).map_or("?", String::as_str)) }
                            td { (game.score(seat).total) }
                            td { (player.coins) }
                        }
                    }
                }
            }
        }
    }
}

/// A server's page: its games (each linked to its page) and its
/// leaderboard, as `/aq games` and `/aq stats` say them.
pub(super) struct ServerPage<'a> {
    pub lang: &'a Lang,
    pub games: Vec<String>,
    pub links: Vec<(i64, String)>,
    pub stats: Vec<String>,
    /// The season under way (empty when the server's seasons are off).
    pub season: Vec<String>,
    /// Each of its newest tournaments' standings, in lines.
    pub tournaments: Vec<Vec<String>>,
    pub page: u32,
    pub pages: u32,
    pub base: &'a str,
}

pub(super) fn server_page(page: &ServerPage) -> Markup {
    let lang = page.lang;
    let title = t(lang, "web-title-server");
    let main = html! {
        main id="main" {
            h1 { (title) }
            section aria-labelledby="games-h" {
                h2 id="games-h" { (t(lang, "web-games")) }
                @for line in &page.games { p { (line) } }
                @if !page.links.is_empty() {
                    ul.games {
                        @for (id, url) in &page.links {
                            li { a href=(url) { (plain(lang, &Text::msg("web-title-game").arg("game", id.to_string()))) } }
                        }
                    }
                }
                p {
                    @if page.page > 0 { a href={ (page.base) "?page=" (page.page - 1) } { (t(lang, "label-games-newer")) } " " }
                    @if page.page + 1 < page.pages { a href={ (page.base) "?page=" (page.page + 1) } { (t(lang, "label-games-older")) } }
                }
            }
            section aria-labelledby="stats-h" {
                h2 id="stats-h" { (t(lang, "web-leaderboard")) }
                @for line in &page.stats { p { (line) } }
            }
            @if !page.season.is_empty() {
                section aria-labelledby="season-h" {
                    h2 id="season-h" { (t(lang, "web-season")) }
                    @for line in &page.season { p { (line) } }
                }
            }
            @if !page.tournaments.is_empty() {
                section aria-labelledby="tournaments-h" {
                    h2 id="tournaments-h" { (t(lang, "web-tournaments")) }
                    @for standings in &page.tournaments {
                        div.tournament {
                            @for line in standings { p { (line) } }
                        }
                    }
                }
            }
        }
    };
    document(lang, &title, main)
}

/// A page that says why there is nothing to show.
pub(super) fn problem_page(lang: &Lang, said: &str) -> Markup {
    let title = t(lang, "web-title-problem");
    let main = html! {
        main id="main" {
            h1 { (title) }
            p role="alert" { (said) }
        }
    };
    document(lang, &title, main)
}

/// The table inside Discord (`activity.rs`): a frame its script fills with
/// the page of the link the person may open (`/g/<link>/part`), once
/// Discord said who they are. Its files are named relative to the page, so
/// that it works at the root, at `/activity` and under `/.proxy/`. The
/// words its script may need before it knows the person are on the page,
/// in the reader's language.
pub(super) fn activity_page(page: &ActivityPage) -> Markup {
    let lang = page.lang;
    let state = match (page.in_discord, &page.client_id) {
        (false, _) => "outside",
        (true, None) => "off",
        (true, Some(_)) => "loading",
    };
    let first = match state {
        "outside" => "web-activity-outside",
        "off" => "web-activity-off",
        _ => "web-activity-loading",
    };
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover";
                meta name="referrer" content="no-referrer";
                title { (t(lang, "web-activity-title")) }
                link rel="stylesheet" href="assets/fonts.css";
                link rel="stylesheet" href="assets/web.css";
                link rel="stylesheet" href="assets/activity/activity.css";
                script type="module" src="assets/activity/activity.js" {}
            }
            body.activity {
                div id="activity"
                    data-state=(state)
                    data-client-id=(page.client_id.as_deref().unwrap_or_default())
                    data-platform=(if page.mobile { "mobile" } else { "desktop" })
                    data-guild=(page.guild.as_deref().unwrap_or_default())
                    data-channel=(page.channel.as_deref().unwrap_or_default())
                    data-say-refused=(t(lang, "web-activity-refused"))
                    data-say-trouble=(t(lang, "web-trouble"))
                    data-say-back=(t(lang, "web-activity-back"))
                    data-say-lost=(t(lang, "web-live-lost")) {
                    header.activity-bar {
                        p id="activity-said" role="status" { (t(lang, first)) }
                        p id="activity-here" hidden {}
                    }
                    main id="main" {}
                }
            }
        }
    }
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
    page(status, problem_page(lang, &plain(lang, &said)))
}

/// What the page is told when it is written.
pub(super) struct ActivityPage<'a> {
    pub lang: &'a Lang,
    /// The application's id; `None`: no Discord to ask who is here.
    pub client_id: Option<String>,
    /// Whether Discord's client opened the page.
    pub in_discord: bool,
    pub mobile: bool,
    /// The server and channel Discord's query names (kept on the page for
    /// its script; the server believes only what it asks Discord itself).
    pub guild: Option<String>,
    pub channel: Option<String>,
}
