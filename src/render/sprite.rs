//! Small pictures drawn once per kind and size, then copied: tiles, empty
//! spaces, trainers, booths. A table repeats the same few dozen of them
//! hundreds of times, and copying is far cheaper than rasterising each again.
//!
//! Invariant: a sprite depends only on its key and size, never on the game,
//! so a cached one is always right.

use super::canvas::Canvas;
use super::icons::Icon;
use super::style::*;
use super::typeset::{Align, Style};
use super::zoo;
use super::RenderError;
use crate::engine::{AnimalTile, Tile};
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
                let inset = zoo::inset(s);
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
                c.round_rect_stroke(4.0, 4.0, s - 8.0, s - 8.0, s * 0.12, GHOST, 1.5);
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
                c.round_rect_stroke(4.0, 4.0, s - 8.0, s - 8.0, 5.0, INK_FAINT, 1.5);
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
                    rgb(0xc4, 0xcf, 0xd8),
                    1.5,
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
    zoo::tile_face(c, 0.0, 0.0, s, tile, bred);
}

fn coin_tile(c: &mut Canvas, s: f32) {
    c.round_rect(0.0, 0.0, s, s, s * 0.16, COIN_GOLD);
    let rim = (s * 0.08).max(3.0);
    c.round_rect(rim, rim, s - 2.0 * rim, s - 2.0 * rim, s * 0.12, CARD);
    c.icon(Icon::Coin, s * 0.17, s * 0.17, s * 0.66);
}

fn trainer(c: &mut Canvas, p: f32, points: u8) {
    let inset = zoo::inset(p) + 2.0;
    let s = p - 2.0 * inset;
    c.round_rect(inset, inset, s, s, p * 0.14, TRAINER_DISC);
    c.round_rect_stroke(inset, inset, s, s, p * 0.14, TRAINER_EDGE, 2.5);
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
            c.round_rect_stroke(sx, sy, d, d, d * 0.3, color, 2.0);
            c.icon(icon, sx + d * 0.2, sy + d * 0.2, d * 0.6);
        }
    }
}
