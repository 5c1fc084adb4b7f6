//! Small shapes drawn once and pasted: a table repeats the same rounded
//! squares, outlines and discs dozens of times (a halo under every animal, a
//! frame round every truck space, a chip in every depot), and rasterising a
//! curved path costs far more than copying its few hundred pixels.
//!
//! A small shape is always drawn onto a small transparent pixmap and pasted
//! (blending as the path would, to within one level of 255), and the pixmap
//! is kept, from the second time the shape is met, by what decides its
//! pixels: its kind and size, its colour, the stroke width, and where it
//! falls within a pixel (the fraction of its corner's coordinates).
//!
//! Invariants: a shape is kept only by this thread (pictures are drawn on
//! the drawing threads, one per thread at a time), at most [`MOST`] of them;
//! a shape's pixels depend only on its key, never on whether it was kept,
//! so a part of a picture drawn apart still has exactly the whole picture's
//! pixels (both paste the same shape at the same whole-pixel corner).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use tiny_skia::{Color, Pixmap};

/// How many shapes a thread keeps before it starts again.
const MOST: usize = 2048;

/// The largest shape kept, in pixels of its box: larger ones are mostly
/// straight edges the rasteriser fills quickly, and would cost memory.
pub(crate) const LARGEST: f32 = 12_000.0;

/// Which shape.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// Sized by width, height and corner radius.
    RoundRect,
    /// Sized by its radius (the first of the sizes).
    Disc,
}

impl Kind {
    /// The width and height of the shape's box, from its sizes.
    pub fn box_size(self, size: [f32; 3]) -> (f32, f32) {
        match self {
            Kind::RoundRect => (size[0], size[1]),
            Kind::Disc => (2.0 * size[0], 2.0 * size[0]),
        }
    }
}

/// What decides a shape's pixels.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub kind: Kind,
    /// Width, height and corner radius (or radius), as bits.
    pub size: [u32; 3],
    /// The stroke's width as bits, 0 for a fill.
    pub stroke: u32,
    pub color: [u32; 4],
    /// The fraction of a pixel at the shape's corner, as bits.
    pub fraction: [u32; 2],
}

impl Key {
    pub fn new(kind: Kind, size: [f32; 3], stroke: f32, color: Color, fraction: [f32; 2]) -> Key {
        Key {
            kind,
            size: size.map(f32::to_bits),
            stroke: stroke.to_bits(),
            color: [color.red(), color.green(), color.blue(), color.alpha()].map(f32::to_bits),
            fraction: fraction.map(f32::to_bits),
        }
    }
}

thread_local! {
    /// Shapes seen once (None) and shapes kept.
    static KEPT: RefCell<HashMap<Key, Option<Rc<Pixmap>>>> = RefCell::new(HashMap::new());
}

/// The pixmap of a shape: the kept one, or one made by `draw`, kept from
/// the second time the shape is met (a shape met once is not worth the
/// memory). None only when `draw` gives none.
pub(crate) fn kept(key: Key, draw: impl FnOnce() -> Option<Pixmap>) -> Option<Rc<Pixmap>> {
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        match kept.get(&key) {
            Some(Some(pixmap)) => Some(pixmap.clone()),
            Some(None) => {
                let pixmap = draw().map(Rc::new);
                kept.insert(key, pixmap.clone());
                pixmap
            }
            None => {
                if kept.len() >= MOST {
                    kept.clear();
                }
                kept.insert(key, None);
                draw().map(Rc::new)
            }
        }
    })
}
