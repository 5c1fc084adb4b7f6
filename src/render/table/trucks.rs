//! The trucks on the table's picture: each truck's card with its slots,
//! who took it and what it waits for, and the card of the tiles still to
//! place.

use super::*;
use crate::engine::{Game, Seat, Tile, Truck};
use crate::lang::{Lang, Text};
use crate::render::canvas::{Canvas, Pen};
use crate::render::icons::Icon;
use crate::render::player::display_name;
use crate::render::sprite::{self, Sprite};
use crate::render::typeset::{isolate, Align, Fonts, Style};
use crate::render::words::{say, shrunk, word};

/// The tiles of truck `n` still waiting for its taker, by slot (index 0 is
/// slot 1, as the engine numbers them): only on the current player's taken
/// truck, which shows them in their slots.
pub(crate) fn waiting_on(game: &Game, n: usize, truck: &Truck) -> Vec<Option<Tile>> {
    match truck.taken_by.filter(|_| !game.is_over()) {
        Some(seat)
            if seat == game.current() && game.player(seat).and_then(|p| p.truck) == Some(n) =>
        {
            game.pending()
                .truck_tiles
                .iter()
                .map(|t| t.map(Tile::Animal))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The top-left corner of a truck card's slot (from 0), its side [`TILE`],
/// for the card's corner at (x, y).
pub(crate) fn slot_corner((x, y): (f32, f32), slot: usize) -> (f32, f32) {
    let ty = y + TRUCK_HEAD + 4.0;
    (x + TRUCK_PAD + slot as f32 * (TILE + SLOT_GAP), ty)
}

/// A truck's card, its corner at (x, y), `w` wide: its number, its slots,
/// who took it or how much room is left, and the outline of a truck the
/// last move used.
pub(super) fn draw_truck(
    c: &mut Canvas,
    ctx: &TableContext,
    n: usize,
    truck: &Truck,
    (x, y): (f32, f32),
    w: f32,
) {
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    let h = truck_height();
    let taker = truck.taken_by.filter(|_| !game.is_over());
    let bg = match taker {
        Some(_) => rgb(0xee, 0xf1, 0xf3),
        None => PANEL,
    };
    c.round_rect(x, y, w, h, 12.0, bg);
    c.round_rect_stroke(
        x,
        y,
        w,
        h,
        12.0,
        Pen(
            taker.map_or(PANEL_EDGE, seat_color),
            if taker.is_some() { 3.0 } else { 2.0 },
        ),
    );
    let head = Style::new(HEAD, true, INK);
    c.icon(Icon::Truck, x + TRUCK_PAD, y + 8.0, 30.0);
    c.text_in(
        &say(lang, &Text::msg("picture-truck").arg("truck", n)),
        x + TRUCK_PAD + 38.0,
        y + TRUCK_HEAD / 2.0 + 4.0,
        &head,
        Align::Left,
        w - 2.0 * TRUCK_PAD - 38.0,
    );
    truck_slots(c, game, n, truck, (x, y), taker.is_some());

    let ty = slot_corner((x, y), 0).1;
    let fy = ty + TILE + 4.0 + TRUCK_FOOT / 2.0;
    let room = w - 2.0 * TRUCK_PAD;
    let (label, st) = truck_foot(c.fonts, ctx, truck, taker, room);
    c.text_in(&label, x + TRUCK_PAD, fy, &st, Align::Left, room);
    if ctx.highlight.trucks.contains(&n) {
        c.round_rect_stroke(x - 3.0, y - 3.0, w + 6.0, h + 6.0, 14.0, Pen(WHITE, 8.0));
        c.round_rect_stroke(
            x - 3.0,
            y - 3.0,
            w + 6.0,
            h + 6.0,
            14.0,
            Pen(HIGHLIGHT, 5.0),
        );
    }
}

/// A truck card's three slots: the tiles the truck holds, or once it is
/// `taken`, the tiles still waiting for its taker, numbered; a slot past
/// its capacity blocked.
pub(super) fn truck_slots(
    c: &mut Canvas,
    game: &Game,
    n: usize,
    truck: &Truck,
    card: (f32, f32),
    taken: bool,
) {
    let waiting = waiting_on(game, n, truck);
    for slot in 0..3 {
        let (sx, ty) = slot_corner(card, slot);
        if slot >= truck.capacity {
            sprite::draw(c, Sprite::Blocked, sx, ty, TILE);
            continue;
        }
        let shown = if taken {
            waiting.get(slot).copied().flatten()
        } else {
            truck.tiles.get(slot).copied()
        };
        match shown {
            Some(t) => {
                sprite::tile(c, sx, ty, TILE, t);
                if taken {
                    let st = Style::new(SMALL, true, WHITE);
                    c.circle(sx + 4.0, ty + 4.0, 11.0, INK);
                    c.text_mid(
                        &(slot + 1).to_string(),
                        sx + 4.0,
                        ty + 4.0,
                        &st,
                        Align::Center,
                    );
                }
            }
            None => sprite::draw(c, Sprite::Slot, sx, ty, TILE),
        }
    }
}

/// The words at a truck card's foot, `room` wide, and their style: who
/// took it (drawn smaller when long; then the name is cut, never the
/// words), else whether it is full or how many tiles it still takes.
pub(super) fn truck_foot(
    f: &Fonts,
    ctx: &TableContext,
    truck: &Truck,
    taker: Option<Seat>,
    room: f32,
) -> (String, Style) {
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    match taker {
        Some(seat) => {
            let taken = |name: &str| {
                say(
                    lang,
                    &Text::msg("picture-taken-by").arg("name", isolate(name)),
                )
            };
            let name = display_name(f, game, seat, lang);
            let label = taken(&name);
            let st = shrunk(f, &label, &Style::new(BODY, true, seat_color(seat)), room);
            let label = if f.width(&label, &st) <= room {
                label
            } else {
                taken(&f.fit(&name, &st, room - f.width(&taken(""), &st)))
            };
            (label, st)
        }
        None => {
            let free = truck.capacity.saturating_sub(truck.tiles.len());
            let label = if free == 0 {
                word(lang, "picture-truck-full")
            } else {
                say(lang, &Text::msg("picture-truck-free").arg("count", free))
            };
            (label, Style::new(SMALL, false, INK_SOFT))
        }
    }
}

pub(super) fn draw_waiting(
    c: &mut Canvas,
    lang: &Lang,
    tiles: &[Tile],
    coworkers: u8,
    (x, y): (f32, f32),
    w: f32,
) {
    let h = truck_height();
    c.round_rect(x, y, w, h, 12.0, rgb(0xff, 0xf4, 0xd6));
    c.round_rect_stroke(x, y, w, h, 12.0, Pen(rgb(0xe0, 0xa8, 0x20), 3.0));
    let head = Style::new(HEAD, true, INK);
    c.text_in(
        &word(lang, "picture-waiting"),
        x + TRUCK_PAD,
        y + TRUCK_HEAD / 2.0 + 4.0,
        &head,
        Align::Left,
        w - 2.0 * TRUCK_PAD,
    );
    let ty = y + TRUCK_HEAD + 4.0;
    let mut sx = x + TRUCK_PAD;
    for t in tiles.iter().take(2) {
        sprite::tile(c, sx, ty, TILE, *t);
        sx += TILE + SLOT_GAP;
    }
    let st = Style::new(BODY, true, INK);
    if coworkers > 0 && sx + TILE <= x + w {
        c.round_rect(sx, ty, TILE, TILE, 8.0, TRAINER_DISC);
        c.icon(Icon::Worker, sx + 6.0, ty + 4.0, TILE - 12.0);
        if coworkers > 1 {
            c.text_mid(
                &format!("×{coworkers}"),
                sx + TILE - 4.0,
                ty + TILE - 10.0,
                &st,
                Align::Right,
            );
        }
    }
    let small = Style::new(SMALL, false, INK_SOFT);
    let label = match (tiles.is_empty(), coworkers) {
        (false, 0) => "picture-waiting-offspring",
        (true, _) => "picture-waiting-coworker",
        (false, _) => "picture-waiting-both",
    };
    c.text_in(
        &word(lang, label),
        x + TRUCK_PAD,
        ty + TILE + 4.0 + TRUCK_FOOT / 2.0,
        &small,
        Align::Left,
        w - 2.0 * TRUCK_PAD,
    );
}
