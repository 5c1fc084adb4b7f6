//! What a game's page shows, before `pages.rs` writes it as HTML: the table
//! after the move the query asks for, and on a personal link what its
//! player may click now, their picks so far (`?pick=`) read and checked
//! against the moves offered. A pick no longer offered is dropped and the
//! page says so; a last pick that completes a move waits to be confirmed.
//!
//! Apart from `routes.rs`, which answers the requests: this is the one
//! part of the web front end that knows the clicks.

use super::links::Link;
use super::opened::Opened;
use super::pages::{GamePage, Play};
use crate::engine::{Game, Seat};
use crate::lang::{plain, Lang, Text};
use crate::referee::{GameStatus, Referee, WebGame};
use crate::view::controls::clicks::{self, read_picks, Pick};
use crate::view::controls::View;
use serde::Deserialize;

/// What a game's page is asked for: the table after move `at` (the last
/// by default), and the picks made so far.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PageQuery {
    pub(super) at: Option<usize>,
    pub(super) pick: Option<String>,
}

/// A game's page as `query` asks, with `refusal` said on it.
pub(super) fn build_page<'a>(
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
    game: &Game,
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
    let view = View {
        lang,
        ..loaded.view(game, &names, None)
    };
    let mut picks = picks_of(pick, lang, refusal);
    play.confirm = to_confirm(&view, seat, &mut picks, lang, refusal);
    let (made, choices) = if play.confirm.is_some() {
        (picks, Vec::new())
    } else {
        let (made, choices) = clicks::choices(&view, seat, &picks);
        if choices.is_empty() && !made.is_empty() {
            *refusal = Some(stale(lang));
            clicks::choices(&view, seat, &[])
        } else {
            (made, choices)
        }
    };
    play.made_labels = labels_of(&view, seat, &made, lang);
    play.made = made;
    play.choices = choices;
    Some(play)
}

/// What the page says of picks no longer offered.
fn stale(lang: &Lang) -> String {
    plain(lang, &Text::msg("web-pick-stale"))
}

/// The picks of `?pick=`: none without it, and none (said) when they do
/// not read.
fn picks_of(pick: Option<&str>, lang: &Lang, refusal: &mut Option<String>) -> Vec<Pick> {
    match pick.map(read_picks) {
        None => Vec::new(),
        Some(Some(picks)) => picks,
        Some(None) => {
            *refusal = Some(stale(lang));
            Vec::new()
        }
    }
}

/// The move to confirm when the last pick completes one: its label and its
/// command. A last pick no longer offered clears the picks (said).
fn to_confirm(
    view: &View,
    seat: Seat,
    picks: &mut Vec<Pick>,
    lang: &Lang,
    refusal: &mut Option<String>,
) -> Option<(String, String)> {
    let (last, before) = picks.split_last()?;
    let (_, offered) = clicks::choices(view, seat, before);
    match offered.iter().find(|c| &c.pick == last) {
        Some(c) => c
            .command
            .as_ref()
            .map(|command| (plain(lang, &c.label), command.clone())),
        None => {
            *refusal = Some(stale(lang));
            picks.clear();
            None
        }
    }
}

/// The label of each pick made, as it was offered.
fn labels_of(view: &View, seat: Seat, made: &[Pick], lang: &Lang) -> Vec<String> {
    let mut labels = Vec::new();
    for i in 0..made.len() {
        let (_, offered) = clicks::choices(view, seat, &made[..i]);
        if let Some(c) = offered.iter().find(|c| c.pick == made[i]) {
            labels.push(plain(lang, &c.label));
        }
    }
    labels
}
