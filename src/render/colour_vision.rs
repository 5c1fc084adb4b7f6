//! Nothing on the pictures told by colour alone, checked as a reader with a
//! colour-vision deficiency sees it: pictures are rendered, then passed
//! through the simulation of protanopia and deuteranopia of Machado,
//! Oliveira and Fernandes (2009, severity 1.0, on linear RGB), and their
//! colours compared by CIE76 ΔE*ab (D65).
//!
//! Stated bounds: the seats' colours differ pairwise by at least
//! [`SEATS_DELTA_E`] for normal vision and both deficiencies (and each is
//! drawn beside its seat's name anyway); the last move's outline, white
//! under pink, keeps one of its two tones at least [`MARK_DELTA_E`] from
//! every surface it is drawn on; the fertile marks differ by colour and by
//! symbol (♂, ♀).

use super::style::*;
use crate::engine::{Cell, Game, Setup};
use tiny_skia::{Color, Pixmap};

/// The least CIE76 ΔE between two seats' colours, in every vision.
const SEATS_DELTA_E: f32 = 40.0;
/// The least CIE76 ΔE between a mark and the surface under it.
const MARK_DELTA_E: f32 = 20.0;

/// Machado et al. (2009), severity 1.0.
const PROTANOPIA: [[f32; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: [[f32; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const NORMAL: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
const VISIONS: [(&str, [[f32; 3]; 3]); 3] = [
    ("normal vision", NORMAL),
    ("protanopia", PROTANOPIA),
    ("deuteranopia", DEUTERANOPIA),
];

fn linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// An sRGB colour (0..=255 a channel) as a reader with `vision` sees it, in
/// CIE L*a*b* (D65).
fn seen(rgb: [u8; 3], vision: &[[f32; 3]; 3]) -> [f32; 3] {
    let l = rgb.map(|c| linear(f32::from(c) / 255.0));
    let s: Vec<f32> = vision
        .iter()
        .map(|row| (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0))
        .collect();
    let x = 0.412_456_4 * s[0] + 0.357_576_1 * s[1] + 0.180_437_5 * s[2];
    let y = 0.212_672_9 * s[0] + 0.715_152_2 * s[1] + 0.072_175 * s[2];
    let z = 0.019_333_9 * s[0] + 0.119_192 * s[1] + 0.950_304_1 * s[2];
    let f = |t: f32| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn delta_e(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn rgb8(c: Color) -> [u8; 3] {
    let u = c.to_color_u8();
    [u.red(), u.green(), u.blue()]
}

/// Where `pixmap` (opaque) is exactly `color`.
fn pixels_of(pixmap: &Pixmap, color: Color) -> Vec<usize> {
    let want = rgb8(color);
    pixmap
        .pixels()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.alpha() == 255 && [p.red(), p.green(), p.blue()] == want)
        .map(|(i, _)| i)
        .collect()
}

/// The picture as `vision` sees it: each pixel's colour, in L*a*b*.
fn through(pixmap: &Pixmap, vision: &[[f32; 3]; 3]) -> Vec<[f32; 3]> {
    pixmap
        .pixels()
        .iter()
        .map(|p| seen([p.red(), p.green(), p.blue()], vision))
        .collect()
}

#[test]
fn the_seats_stay_apart_for_protanopia_and_deuteranopia_on_a_rendered_table() {
    let game = Game::new(Setup::new(["ana", "ben", "cy", "dee", "eve"], 4)).expect("setup");
    let pixmap = super::table_pixmap(&game, &super::Highlight::default()).expect("renders");
    // Each seat's colour is on the table (its chip beside its name).
    let at: Vec<usize> = (0..5)
        .map(|seat| {
            let found = pixels_of(&pixmap, seat_color(seat));
            assert!(!found.is_empty(), "seat {seat}'s colour is drawn");
            found[found.len() / 2]
        })
        .collect();
    for (name, vision) in &VISIONS {
        let seen_table = through(&pixmap, vision);
        for a in 0..5 {
            for b in a + 1..5 {
                let d = delta_e(seen_table[at[a]], seen_table[at[b]]);
                assert!(
                    d >= SEATS_DELTA_E,
                    "{name}: seats {a} and {b} differ by ΔE {d:.1} only"
                );
            }
        }
    }
}

#[test]
fn names_in_their_seats_colour_read_on_the_panels() {
    let luminance = |c: [u8; 3]| {
        let l = c.map(|v| linear(f32::from(v) / 255.0));
        0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
    };
    let panel = luminance(rgb8(PANEL));
    for seat in 0..5 {
        let ratio = (panel + 0.05) / (luminance(rgb8(seat_color(seat))) + 0.05);
        assert!(
            ratio >= 3.0,
            "seat {seat}: contrast {ratio:.2} on the panel"
        );
    }
}

#[test]
fn the_last_moves_outline_shows_on_every_surface_for_every_vision() {
    // Rendered: a zoo with a changed cell carries the pink outline.
    let game = Game::new(Setup::new(["ana", "ben"], 4)).expect("setup");
    let cell: Cell = "K11".parse().expect("a cell");
    let highlight = super::Highlight {
        seat: Some(0),
        cells: vec![cell],
        trucks: vec![1],
    };
    let pixmap = super::zoo_pixmap(&game, 0, &highlight).expect("renders");
    assert!(
        !pixels_of(&pixmap, HIGHLIGHT).is_empty(),
        "the outline is drawn"
    );
    // Its two tones, white under pink: one of them stands out from each
    // surface it may lie on, whatever the vision.
    for (name, vision) in &VISIONS {
        for (surface, colour) in [
            ("the board", BOARD),
            ("an expansion", EXPANSION),
            ("an empty space", SAND),
            ("a tile", CARD),
            ("a panel", PANEL),
            ("the page", PAGE),
        ] {
            let under = seen(rgb8(colour), vision);
            let best = [HIGHLIGHT, WHITE]
                .map(|tone| delta_e(seen(rgb8(tone), vision), under))
                .into_iter()
                .fold(0.0_f32, f32::max);
            assert!(
                best >= MARK_DELTA_E,
                "{name}: the outline on {surface} differs by ΔE {best:.1} only"
            );
        }
    }
}

#[test]
fn the_fertile_marks_differ_by_colour_and_by_symbol() {
    for (name, vision) in &VISIONS {
        let d = delta_e(
            seen(rgb8(MALE_BLUE), vision),
            seen(rgb8(FEMALE_RED), vision),
        );
        assert!(d >= MARK_DELTA_E, "{name}: ♂ and ♀ differ by ΔE {d:.1}");
        // An offspring's disc and a bred mark's grey on a tile's card.
        for mark in [YOUNG_GREEN, USED_GREY] {
            let d = delta_e(seen(rgb8(mark), vision), seen(rgb8(CARD), vision));
            assert!(d >= MARK_DELTA_E, "{name}: a mark on a card, ΔE {d:.1}");
        }
    }
}
