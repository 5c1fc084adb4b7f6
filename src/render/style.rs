//! The look: colours, sizes and short names shared by every picture.
//!
//! Animal colours follow the Okabe-Ito palette, which stays distinct for the
//! common colour-vision deficiencies; each type also has its own icon and a
//! two-letter code, so no information rests on colour alone. Tiles sit on
//! sand-coloured cards so that blue and black animals never vanish on water.

use crate::engine::Animal;
use tiny_skia::Color;

pub(crate) const fn rgb(r: u8, g: u8, b: u8) -> Color {
    // SAFETY: a u8 divided by 255 is always within 0..=1.
    unsafe { Color::from_rgba_unchecked(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0) }
}

pub(crate) fn rgba(r: u8, g: u8, b: u8, a: u8) -> Color {
    Color::from_rgba8(r, g, b, a)
}

pub(crate) const PAGE: Color = rgb(0xd9, 0xe6, 0xee);
pub(crate) const PANEL: Color = rgb(0xfb, 0xfa, 0xf6);
pub(crate) const PANEL_EDGE: Color = rgb(0xb8, 0xc8, 0xd4);
pub(crate) const INK: Color = rgb(0x1d, 0x2b, 0x3a);
pub(crate) const INK_SOFT: Color = rgb(0x4e, 0x60, 0x72);
pub(crate) const INK_FAINT: Color = rgb(0x8a, 0x9a, 0xa8);
pub(crate) const GHOST: Color = rgb(0xdc, 0xe3, 0xe8);
/// The water zoo board.
pub(crate) const BOARD: Color = rgb(0x1f, 0x6e, 0x8c);
pub(crate) const BOARD_EDGE: Color = rgb(0x14, 0x4d, 0x63);
/// Expansion boards: a lighter water.
pub(crate) const EXPANSION: Color = rgb(0x3a, 0x93, 0xae);
pub(crate) const EXPANSION_EDGE: Color = rgb(0x0e, 0x3a, 0x4c);
/// An empty space.
pub(crate) const SAND: Color = rgb(0xf1, 0xe3, 0xbf);
/// A tile's card.
pub(crate) const CARD: Color = rgb(0xff, 0xfb, 0xf0);
pub(crate) const TRAINER_DISC: Color = rgb(0xe4, 0xd9, 0xf7);
pub(crate) const TRAINER_EDGE: Color = rgb(0x6b, 0x4f, 0xb0);
pub(crate) const COIN_GOLD: Color = rgb(0xe8, 0xb3, 0x1c);
pub(crate) const FISH_BLUE: Color = rgb(0x2f, 0x8f, 0xd8);
pub(crate) const BOLT_YELLOW: Color = rgb(0xf5, 0xc2, 0x18);
pub(crate) const MALE_BLUE: Color = rgb(0x1f, 0x5f, 0xc4);
pub(crate) const FEMALE_RED: Color = rgb(0xc8, 0x2a, 0x6e);
pub(crate) const USED_GREY: Color = rgb(0x9a, 0xa3, 0xab);
pub(crate) const YOUNG_GREEN: Color = rgb(0x2e, 0x9e, 0x5b);
/// The "just changed" outline: a colour used nowhere else.
pub(crate) const HIGHLIGHT: Color = rgb(0xff, 0x1f, 0x8f);
pub(crate) const WINNER: Color = rgb(0xf6, 0xd3, 0x5b);
pub(crate) const WINNER_SOFT: Color = rgb(0xfd, 0xf1, 0xc8);
pub(crate) const BLOCKED: Color = rgb(0x5a, 0x63, 0x6b);
pub(crate) const WHITE: Color = rgb(0xff, 0xff, 0xff);
pub(crate) const LAST_ROUND: Color = rgb(0xd3, 0x3c, 0x2c);

/// The colour of an animal type: its basin and its tiles' rims.
pub(crate) fn animal_color(a: Animal) -> Color {
    match a {
        Animal::Dolphin => rgb(0x00, 0x72, 0xb2),
        Animal::Orca => rgb(0x22, 0x22, 0x2a),
        Animal::SeaLion => rgb(0xe6, 0x9f, 0x00),
        Animal::Turtle => rgb(0x00, 0x9e, 0x73),
        Animal::Penguin => rgb(0xcc, 0x79, 0xa7),
        Animal::PolarBear => rgb(0x56, 0xb4, 0xe9),
        Animal::Crocodile => rgb(0xd5, 0x5e, 0x00),
        Animal::Hippo => rgb(0x7b, 0x5c, 0xa8),
    }
}

/// Two letters per type, shown where an icon would be too small to tell apart.
pub(crate) fn short(a: Animal) -> &'static str {
    match a {
        Animal::Dolphin => "DO",
        Animal::Orca => "OR",
        Animal::SeaLion => "SL",
        Animal::Turtle => "TU",
        Animal::Penguin => "PE",
        Animal::PolarBear => "PB",
        Animal::Crocodile => "CR",
        Animal::Hippo => "HI",
    }
}

/// One colour per seat, for names, trucks taken and turn markers, always
/// beside the seat's name (never the only sign of whose it is). Maroon,
/// blue, teal, orange and lavender: chosen so that any two differ by a
/// CIE76 ΔE of at least 40 for normal vision and as simulated for
/// protanopia and deuteranopia (Machado et al. 2009, severity 1), with a
/// contrast of at least 3:1 on the panels for the bold names written in
/// them (`colour_vision.rs` checks both).
pub(crate) fn seat_color(seat: usize) -> Color {
    match seat % 5 {
        0 => rgb(0x7a, 0x1e, 0x0c),
        1 => rgb(0x2b, 0x1f, 0xe6),
        2 => rgb(0x2f, 0x9a, 0x8a),
        3 => rgb(0xe0, 0x6c, 0x0a),
        _ => rgb(0x84, 0x72, 0xd6),
    }
}

/// Text sizes (em, pixels). Nothing smaller than `SMALL` is ever drawn.
pub(crate) const SMALL: f32 = 16.0;
pub(crate) const BODY: f32 = 18.0;
pub(crate) const HEAD: f32 = 24.0;
pub(crate) const TITLE: f32 = 30.0;

/// The widest picture Discord gets.
pub(crate) const MAX_WIDTH: f32 = 1600.0;
