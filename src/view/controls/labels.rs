//! The words on controls and the private panels they open: labels of
//! buttons and menus, and the question each step asks, as messages of the
//! catalogue (`locales/*/controls.ftl`), said in the language of the message
//! they sit under ([`View::lang`]).

use super::*;
use crate::lang::{engine as words, plain, Text};

/// A coworker's post on a label: "Cashier", "Trainer on K11".
pub(super) fn post_label(post: Post) -> Text {
    match post {
        Post::Trainer(c) => Text::msg("label-post-trainer").arg("cell", c.to_string()),
        other => Text::msg("label-post-role").arg("role", other.role().word()),
    }
}

/// A coworker's post inside a question: "cashier", "trainer on K11".
fn post_phrase(post: Post) -> Text {
    match post {
        Post::Trainer(c) => Text::msg("panel-post-trainer").arg("cell", c.to_string()),
        other => Text::msg("panel-post-role").arg("role", other.role().word()),
    }
}

/// The taken truck's tile waiting in `slot` (from 1) in words, if any.
fn waiting_tile(game: &Game, slot: usize) -> Option<Text> {
    (game.pending().truck_tiles)
        .get(slot.wrapping_sub(1))
        .copied()
        .flatten()
        .map(words::animal_tile)
}

/// The top of a seat's depot in words, or nothing when it is empty.
pub(super) fn depot_top(game: &Game, seat: Seat) -> Text {
    (game.player(seat))
        .and_then(|p| p.depot_top())
        .map_or_else(Text::empty, words::animal_tile)
}

/// The question a step's menu asks.
pub(super) fn step_question(view: &View, step: Step) -> Text {
    let game = view.game;
    let seat = game.current();
    match step {
        Step::Place(Some(slot)) => match waiting_tile(game, slot) {
            Some(tile) => Text::msg("panel-where-tile-of")
                .arg("slot", slot)
                .arg("tile", tile),
            None => Text::msg("panel-where-tile").arg("slot", slot),
        },
        Step::Place(None) => match game.pending().offspring.first() {
            Some(animal) => Text::msg("panel-where-offspring-of")
                .arg("animal", crate::lang::engine::animal(*animal)),
            None => Text::msg("panel-where-offspring"),
        },
        Step::HireTrainer => Text::msg("panel-where-trainer"),
        Step::MoveDepot => Text::msg("panel-where-depot-tile").arg("tile", depot_top(game, seat)),
        Step::CoworkerFrom => Text::msg("panel-which-coworker"),
        Step::CoworkerTo(from) => Text::msg("panel-where-coworker").arg("post", post_phrase(from)),
        Step::Buy(s) => Text::msg("panel-where-bought-tile")
            .arg("tile", depot_top(game, s))
            .arg("name", view.name(s)),
        Step::Expand(size) => Text::msg("panel-where-expansion")
            .arg("size", size.word())
            .arg("cost", size.cost()),
    }
}

/// The label of a button that opens a step's menu.
pub(super) fn open_label(view: &View, step: Step) -> Text {
    match step {
        Step::Place(Some(slot)) => match waiting_tile(view.game, slot) {
            Some(tile) => Text::msg("label-place-tile-of")
                .arg("slot", slot)
                .arg("tile", tile),
            None => Text::msg("label-place-tile").arg("slot", slot),
        },
        Step::Place(None) => Text::msg("label-place-offspring"),
        Step::HireTrainer => Text::msg("label-hire-trainer"),
        other => step_question(view, other),
    }
}

pub(super) fn truck_tiles(game: &Game, truck: usize) -> Vec<Tile> {
    truck
        .checked_sub(1)
        .and_then(|i| game.trucks().get(i))
        .map(|t| t.tiles.clone())
        .unwrap_or_default()
}

pub(super) fn draw_label(game: &Game, truck: usize) -> Text {
    let free = truck
        .checked_sub(1)
        .and_then(|i| game.trucks().get(i))
        .map_or(0, |t| t.capacity.saturating_sub(t.tiles.len()));
    Text::msg("label-draw")
        .arg("truck", truck)
        .arg("free", free)
}

pub(super) fn take_label(game: &Game, truck: usize) -> Text {
    Text::msg("label-take")
        .arg("truck", truck)
        .arg("tiles", words::tiles(&truck_tiles(game, truck)))
}

impl View<'_> {
    /// A label or question said in the panel's language.
    pub(super) fn say(&self, text: &Text) -> String {
        plain(self.lang, text)
    }
}

/// Cuts a text to `max` characters with an ellipsis: only for labels whose
/// full text cannot be longer in practice (player names are at most 32
/// characters); the tests check that no label of a real game is cut.
pub(super) fn clip(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}
