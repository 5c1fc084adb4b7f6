//! The pages' HTML, written with maud (every text escaped by construction).
//! Every word is a message of the catalogue (`locales/<lang>/web.ftl` and the
//! game's own messages), said in the reader's language.

use crate::engine::{Game, Role, Seat, Target};
use crate::lang::{plain, Lang, Text};
use crate::referee::GameStatus;
use crate::referee::{WebGame, WebReview};
use crate::view::controls::clicks::{write_picks, Offer, Pick};
use crate::view::places::{Place, Places, TablePart};
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
/// picture's own pixels (the renderer's layout).
fn overlay(
    base: &str,
    lang: &Lang,
    picture: &str,
    alt: &str,
    places: &Places,
    play: &Play,
) -> Markup {
    let spots: Vec<(&Offer, &Place)> = play
        .choices
        .iter()
        .filter_map(|c| place_of(&c.pick, places, play.seat).map(|p| (c, p)))
        .collect();
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
            @for (choice, place) in &spots {
                a href=(pick_href(base, &play.made, &choice.pick)) aria-label=(plain(lang, &choice.label)) class="spot" {
                    rect x=(place.rect.x) y=(place.rect.y) width=(place.rect.w) height=(place.rect.h) {}
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
