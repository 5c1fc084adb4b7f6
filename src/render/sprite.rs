//! Small pictures drawn once per kind and size, then copied: tiles, empty
//! spaces, trainers, booths. A table repeats the same few dozen of them
//! hundreds of times, and copying is far cheaper than rasterising each again.
//!
//! Invariant: a sprite depends only on its key and size, never on the game,
//! so a cached one is always right.

use super::canvas::{Canvas, Pen};
use super::icons::Icon;
use super::style::*;
use super::typeset::{Align, Style};
use super::RenderError;
use crate::engine::{AnimalTile, Mark, Tile};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Color, Pixmap};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Sprite {
    /// A tile with its coloured rim, as on a truck, in a depot or in a zoo.
    Tile(Tile, bool),
    /// An empty space of a zoo, in a square the size of the pitch.
    Sand,
    /// A grid square outside the zoo, where an expansion could go.
    Ghost,
    /// A trainer and the points it scores now.
    Trainer(u8),
    /// Two booths (cashiers) or feeding stations (keepers), `filled` taken.
    Posts { keepers: bool, filled: u8 },
    /// A truck space covered by a face-down tile (2 players).
    Blocked,
    /// A truck space with nothing on it.
    Slot,
}

impl Sprite {
    fn paint(self, c: &mut Canvas, s: f32) {
        match self {
            Sprite::Tile(tile, bred) => match tile {
                Tile::Animal(a) => animal_tile(c, s, a, bred),
                Tile::Coin => coin_tile(c, s),
            },
            Sprite::Sand => {
                let inset = inset(s);
                c.round_rect(
                    inset,
                    inset,
                    s - 2.0 * inset,
                    s - 2.0 * inset,
                    s * 0.14,
                    SAND,
                );
            }
            Sprite::Ghost => {
                c.round_rect_stroke(4.0, 4.0, s - 8.0, s - 8.0, s * 0.12, Pen(GHOST, 1.5));
            }
            Sprite::Trainer(points) => trainer(c, s, points),
            Sprite::Posts { keepers, filled } => {
                let (icon, color) = if keepers {
                    (Icon::Fish, FISH_BLUE)
                } else {
                    (Icon::Coin, COIN_GOLD)
                };
                posts(c, s, filled, icon, color);
            }
            Sprite::Blocked => {
                c.round_rect(0.0, 0.0, s, s, 8.0, BLOCKED);
                c.round_rect_stroke(4.0, 4.0, s - 8.0, s - 8.0, 5.0, Pen(INK_FAINT, 1.5));
                let (a, b) = (s * 0.27, s * 0.73);
                c.polyline(&[(a, a), (b, b)], INK_FAINT, 3.0, true);
                c.polyline(&[(b, a), (a, b)], INK_FAINT, 3.0, true);
            }
            Sprite::Slot => {
                c.round_rect(0.0, 0.0, s, s, 8.0, rgb(0xe4, 0xea, 0xee));
                c.round_rect_stroke(
                    0.75,
                    0.75,
                    s - 1.5,
                    s - 1.5,
                    8.0,
                    Pen(rgb(0xc4, 0xcf, 0xd8), 1.5),
                );
            }
        }
    }
}

/// The sprite `size` pixels square, drawn on first use.
fn get(sprite: Sprite, size: u32) -> Result<Arc<Pixmap>, RenderError> {
    type Cache = Mutex<HashMap<(Sprite, u32), Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache
        .lock()
        .ok()
        .and_then(|m| m.get(&(sprite, size)).cloned())
    {
        return Ok(found);
    }
    let mut c = Canvas::new(size as f32, size as f32, Color::TRANSPARENT)?;
    sprite.paint(&mut c, size as f32);
    let made = Arc::new(c.pixmap);
    if let Ok(mut map) = cache.lock() {
        map.insert((sprite, size), made.clone());
    }
    Ok(made)
}

/// Copies the sprite `size` pixels square to (x, y); a sprite that cannot be
/// made (no memory) is left out rather than failing the picture.
pub(crate) fn draw(c: &mut Canvas, sprite: Sprite, x: f32, y: f32, size: f32) {
    if let Ok(pm) = get(sprite, size.round().max(1.0) as u32) {
        c.blit(&pm, x, y);
    }
}

fn animal_tile(c: &mut Canvas, s: f32, tile: AnimalTile, bred: bool) {
    c.round_rect(0.0, 0.0, s, s, s * 0.16, animal_color(tile.animal));
    tile_face(c, 0.0, 0.0, s, tile, bred);
}

fn coin_tile(c: &mut Canvas, s: f32) {
    c.round_rect(0.0, 0.0, s, s, s * 0.16, COIN_GOLD);
    let rim = (s * 0.08).max(3.0);
    c.round_rect(rim, rim, s - 2.0 * rim, s - 2.0 * rim, s * 0.12, CARD);
    c.icon(Icon::Coin, s * 0.17, s * 0.17, s * 0.66);
}

fn trainer(c: &mut Canvas, p: f32, points: u8) {
    let inset = inset(p) + 2.0;
    let s = p - 2.0 * inset;
    c.round_rect(inset, inset, s, s, p * 0.14, TRAINER_DISC);
    c.round_rect_stroke(inset, inset, s, s, p * 0.14, Pen(TRAINER_EDGE, 2.5));
    let icon = s * 0.68;
    c.icon(Icon::Worker, inset + s * 0.08, inset + s * 0.06, icon);
    let d = p * 0.42;
    let (bx, by) = (p - inset - d * 0.62, p - inset - d * 0.62);
    c.circle(bx, by, d / 2.0, TRAINER_EDGE);
    let st = Style::new((d * 0.62).max(SMALL), true, WHITE);
    c.text_mid(&format!("+{points}"), bx, by, &st, Align::Center);
}

fn posts(c: &mut Canvas, p: f32, filled: u8, icon: Icon, color: Color) {
    let d = p * 0.44;
    let gap = (p - 2.0 * d) / 3.0;
    for i in 0..2u8 {
        let sx = gap + i as f32 * (d + gap);
        let sy = (p - d) / 2.0;
        if i < filled {
            c.round_rect(sx, sy, d, d, d * 0.3, color);
            c.round_rect(sx + 2.0, sy + 2.0, d - 4.0, d - 4.0, d * 0.25, WHITE);
            c.icon(Icon::Worker, sx + d * 0.1, sy + d * 0.1, d * 0.8);
        } else {
            c.round_rect(sx, sy, d, d, d * 0.3, rgba(255, 255, 255, 60));
            c.round_rect_stroke(sx, sy, d, d, d * 0.3, Pen(color, 2.0));
            c.icon(icon, sx + d * 0.2, sy + d * 0.2, d * 0.6);
        }
    }
}

/// The gap between a square's edge and what stands on it.
pub(crate) fn inset(pitch: f32) -> f32 {
    (pitch * 0.05).max(2.0).round()
}

/// A tile standing alone (on a truck, in a depot) in a square of side `s`.
pub(crate) fn tile(c: &mut Canvas, x: f32, y: f32, s: f32, tile: Tile) {
    draw(c, Sprite::Tile(tile, false), x, y, s);
}

/// The card of an animal tile inside its coloured rim square of side `s`.
pub(crate) fn tile_face(c: &mut Canvas, x: f32, y: f32, s: f32, tile: AnimalTile, bred: bool) {
    let rim = (s * 0.08).max(3.0);
    c.round_rect(
        x + rim,
        y + rim,
        s - 2.0 * rim,
        s - 2.0 * rim,
        s * 0.12,
        CARD,
    );
    let marked = tile.mark != Mark::Plain;
    let icon = if tile.mark == Mark::Young {
        s * 0.56
    } else {
        s * 0.68
    };
    let shift = if marked { s * 0.07 } else { 0.0 };
    c.icon(
        Icon::Animal(tile.animal),
        x + (s - icon) / 2.0 - shift,
        y + (s - icon) / 2.0 - shift,
        icon,
    );
    if marked {
        let d = (s * 0.44).max(20.0);
        mark_badge(c, x + s - d * 0.55, y + s - d * 0.55, d, tile.mark, bred);
    }
}

/// A mark as a disc of diameter `d` centred on (cx, cy).
pub(crate) fn mark_badge(c: &mut Canvas, cx: f32, cy: f32, d: f32, mark: Mark, bred: bool) {
    let r = d / 2.0;
    let symbol = |c: &mut Canvas, text: &str, fill: Color, ink: Color| {
        c.circle(cx, cy, r, WHITE);
        c.circle(cx, cy, r - 1.5, fill);
        let st = Style::new(d * 0.78, true, ink);
        c.text_mid(text, cx, cy, &st, Align::Center);
    };
    match mark {
        Mark::Plain => {}
        Mark::Male | Mark::Female => {
            let (text, color) = if mark == Mark::Male {
                ("♂", MALE_BLUE)
            } else {
                ("♀", FEMALE_RED)
            };
            if bred {
                c.circle(cx, cy, r, WHITE);
                c.circle_stroke(cx, cy, r - 1.5, USED_GREY, 2.0);
                let st = Style::new(d * 0.7, true, USED_GREY);
                c.text_mid(text, cx, cy, &st, Align::Center);
            } else {
                symbol(c, text, color, WHITE);
            }
        }
        Mark::Fish => {
            c.circle(cx, cy, r, WHITE);
            c.circle(cx, cy, r - 1.5, rgb(0xd6, 0xec, 0xfb));
            c.icon(Icon::Fish, cx - r * 0.78, cy - r * 0.78, r * 1.56);
        }
        Mark::Bolt => {
            c.circle(cx, cy, r, WHITE);
            c.circle(cx, cy, r - 1.5, rgb(0x33, 0x33, 0x3a));
            c.icon(Icon::Bolt, cx - r * 0.75, cy - r * 0.75, r * 1.5);
        }
        Mark::Young => {
            c.circle(cx, cy, r, WHITE);
            c.circle(cx, cy, r - 1.5, YOUNG_GREEN);
            c.icon(Icon::Baby, cx - r * 0.75, cy - r * 0.75, r * 1.5);
        }
    }
}
