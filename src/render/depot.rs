//! A player's depot as the pictures draw it: its top tile first (the one
//! a move or a purchase takes), then how many tiles of each type it holds,
//! and its manager.

use super::canvas::Canvas;
use super::icons::Icon;
use super::sprite;
use super::style::*;
use super::typeset::{Align, Fonts, Style};
use super::words::word;
use crate::engine::{Animal, Player};
use crate::lang::Lang;
use std::collections::BTreeMap;

/// What [`depot`] measured: its height, and where its manager stands
/// (x, y, width, height) when it has one.
pub(crate) struct DepotSize {
    pub h: f32,
    pub manager: Option<[f32; 4]>,
}

/// The depot: its top tile first (the one a move or a purchase takes), then
/// how many tiles of each type it holds, and its manager if it has one, on
/// lines `w` wide from (x, y), its top tile `tile` pixels wide.
/// Measures only when `c` is `None`; returns the height used.
pub(crate) fn depot(
    c: Option<&mut Canvas>,
    f: &Fonts,
    player: &Player,
    lang: &Lang,
    (x, y): (f32, f32),
    w: f32,
    tile: f32,
) -> DepotSize {
    let look = DepotLook::new(f, lang, tile);
    // The label takes at most a third of the line; the pieces wrap after it.
    let label_room = (w / 3.0).floor();
    let label_w = f.width(&look.label, &look.label_st).min(label_room) + 12.0;

    // Place the pieces on lines first, then draw them.
    let line_h = tile.max(look.chip_h);
    let gap = 10.0;
    let mut placed = Vec::new();
    let mut manager_at = None;
    let (mut px, mut py) = (x + label_w, y);
    for (piece, pw) in depot_pieces(player, &look) {
        if px + pw > x + w && px > x + label_w {
            px = x + label_w;
            py += line_h + 6.0;
        }
        if let Piece::Manager = piece {
            manager_at = Some([px, py, pw, line_h]);
        }
        placed.push((piece, px, py));
        px += pw + gap;
    }
    let size = DepotSize {
        h: py + line_h - y,
        manager: manager_at,
    };
    let Some(c) = c else {
        return size;
    };

    let pieces_room = w - label_w;
    c.text_in(
        &look.label,
        x,
        y + line_h / 2.0,
        &look.label_st,
        Align::Left,
        label_room,
    );
    for (piece, px, py) in placed {
        let cy = py + line_h / 2.0;
        depot_piece(c, &look, player, piece, (px, cy), pieces_room);
    }
    size
}

/// The words and sizes a depot is drawn with.
struct DepotLook<'a> {
    fonts: &'a Fonts,
    label: String,
    empty: String,
    top: String,
    manager: String,
    label_st: Style,
    count_st: Style,
    small_st: Style,
    /// An animal's icon on the chip that counts its tiles.
    icon: f32,
    chip_h: f32,
    /// The side of the top tile.
    tile: f32,
}

impl<'a> DepotLook<'a> {
    fn new(fonts: &'a Fonts, lang: &Lang, tile: f32) -> DepotLook<'a> {
        let icon = 30.0;
        DepotLook {
            fonts,
            label: word(lang, "picture-depot"),
            empty: word(lang, "picture-depot-empty"),
            top: word(lang, "picture-depot-top"),
            manager: word(lang, "picture-depot-manager"),
            label_st: Style::new(BODY, true, INK_SOFT),
            count_st: Style::new(BODY, true, INK),
            small_st: Style::new(SMALL, false, INK_SOFT),
            icon,
            chip_h: icon + 8.0,
            tile,
        }
    }

    /// The width of the chip that counts `n` tiles of a type.
    fn chip_w(&self, n: usize) -> f32 {
        self.icon + 8.0 + self.fonts.width(&format!("×{n}"), &self.count_st) + 10.0
    }
}

/// A piece of a depot's lines.
enum Piece {
    Top,
    Count(Animal, usize),
    Empty,
    Manager,
}

/// The depot's pieces in order, each with its width: the top tile and a
/// chip for each type held (or the words for an empty depot), then the
/// manager.
fn depot_pieces(player: &Player, look: &DepotLook) -> Vec<(Piece, f32)> {
    let f = look.fonts;
    let mut pieces: Vec<(Piece, f32)> = Vec::new();
    if player.depot.is_empty() {
        pieces.push((Piece::Empty, f.width(&look.empty, &look.small_st)));
    } else {
        pieces.push((
            Piece::Top,
            look.tile + f.width(&look.top, &look.small_st) + 8.0,
        ));
        for (a, n) in depot_counts(player) {
            pieces.push((Piece::Count(a, n), look.chip_w(n)));
        }
    }
    if player.manager {
        let bold = Style::new(SMALL, true, TRAINER_EDGE);
        pieces.push((
            Piece::Manager,
            26.0 + 6.0 + f.width(&look.manager, &bold) + 8.0,
        ));
    }
    pieces
}

/// Draws one piece of a depot's lines, its left edge at `px`, centred on
/// `cy`, its words within `room`.
fn depot_piece(
    c: &mut Canvas,
    look: &DepotLook,
    player: &Player,
    piece: Piece,
    (px, cy): (f32, f32),
    room: f32,
) {
    match piece {
        Piece::Empty => {
            c.text_in(&look.empty, px, cy, &look.small_st, Align::Left, room);
        }
        Piece::Top => {
            let tile = look.tile;
            if let Some(top) = player.depot_top() {
                sprite::tile(
                    c,
                    px,
                    cy - tile / 2.0,
                    tile,
                    crate::engine::Tile::Animal(top),
                );
            }
            let room = room - tile - 4.0;
            c.text_in(
                &look.top,
                px + tile + 4.0,
                cy,
                &look.small_st,
                Align::Left,
                room,
            );
        }
        Piece::Count(a, n) => count_chip(c, look, a, n, (px, cy)),
        Piece::Manager => {
            let r = 13.0;
            c.circle(px + r, cy, r, TRAINER_EDGE);
            c.circle(px + r, cy, r - 2.0, WHITE);
            c.icon(Icon::Worker, px + 3.0, cy - r + 3.0, 2.0 * r - 6.0);
            let st = Style::new(SMALL, true, TRAINER_EDGE);
            let room = room - 2.0 * r - 6.0;
            c.text_in(
                &look.manager,
                px + 2.0 * r + 6.0,
                cy,
                &st,
                Align::Left,
                room,
            );
        }
    }
}

/// The chip that counts a depot's `n` tiles of animal `a`: its icon and
/// `×n` on a card edged in the animal's colour.
fn count_chip(c: &mut Canvas, look: &DepotLook, a: Animal, n: usize, (px, cy): (f32, f32)) {
    let (icon, chip_h) = (look.icon, look.chip_h);
    let cw = look.chip_w(n);
    let tint = animal_color(a);
    c.round_rect(px, cy - chip_h / 2.0, cw, chip_h, 8.0, tint);
    c.round_rect(
        px + 2.5,
        cy - chip_h / 2.0 + 2.5,
        cw - 5.0,
        chip_h - 5.0,
        6.0,
        CARD,
    );
    c.icon(Icon::Animal(a), px + 5.0, cy - icon / 2.0, icon);
    c.text_mid(
        &format!("×{n}"),
        px + icon + 9.0,
        cy,
        &look.count_st,
        Align::Left,
    );
}

/// Depot tiles per type, in box order.
fn depot_counts(player: &Player) -> BTreeMap<Animal, usize> {
    let mut counts = BTreeMap::new();
    for t in &player.depot {
        *counts.entry(t.animal).or_insert(0) += 1;
    }
    counts
}
