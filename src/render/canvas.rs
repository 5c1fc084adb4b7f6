//! A pixmap with the drawing vocabulary the pictures need: anti-aliased
//! rectangles, rounded rectangles, discs, lines, icons and text.
//!
//! Drawing never fails: shapes that degenerate (zero size, off the pixmap) are
//! skipped, so layout arithmetic cannot turn into a runtime error.
//!
//! Invariants:
//! - A part of a picture drawn apart ([`Canvas::part`], at a whole-pixel
//!   corner) has exactly the pixels the whole picture has there, for
//!   everything drawn inside the part: coordinates are moved by whole
//!   pixels only after paths and glyph positions are made.
//! - Recycled pixel memory ([`recycle`]) is only reused by this thread, and a
//!   canvas made in it is filled with its background before anything is
//!   drawn: no picture shows what an earlier one left.

use super::icons::{self, Icon};
use super::shapes;
use super::style::{self, WHITE};
use super::typeset::{Align, Fonts, Style};
use super::RenderError;
use std::cell::RefCell;
use tiny_skia::{
    Color, FillRule, IntSize, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke,
    Transform,
};

/// What a line is drawn with: its colour and its width.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pen(pub Color, pub f32);

pub(crate) struct Canvas {
    pub pixmap: Pixmap,
    pub fonts: &'static Fonts,
    /// The picture's pixel at the pixmap's top-left corner: (0, 0) for a
    /// whole picture, elsewhere for a part drawn apart ([`Canvas::part`]).
    /// Coordinates given to the drawing methods are the picture's.
    origin: (i32, i32),
}

fn paint(color: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color);
    p.anti_alias = true;
    p
}

fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    if r <= 0.0 {
        return Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect);
    }
    // Circle arcs as cubic Béziers.
    let k = r * 0.552_284_8;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// The whole pixels a canvas of this size has.
pub(crate) fn pixel_size(width: f32, height: f32) -> (u32, u32) {
    (width.ceil().max(1.0) as u32, height.ceil().max(1.0) as u32)
}

thread_local! {
    /// Pixel memory given back by [`recycle`], for the next canvas of about
    /// its size drawn on this thread.
    static SPARE: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Gives a pixmap's memory back for the next canvas of about its size drawn
/// on this thread: a replay draws hundreds of tables one after the other,
/// and fresh memory costs more than the drawing it holds.
pub(crate) fn recycle(pixmap: Pixmap) {
    let data = pixmap.take();
    SPARE.with(|spare| *spare.borrow_mut() = Some(data));
}

/// A pixmap of this size in recycled memory, when there is some of about
/// that size (never much larger: small pixmaps are kept in caches).
fn new_pixmap_recycled(w: u32, h: u32) -> Option<Pixmap> {
    let len = (w as usize).checked_mul(h as usize)?.checked_mul(4)?;
    let mut data = SPARE.with(|spare| spare.borrow_mut().take())?;
    if data.capacity() >= len && data.capacity() <= len + len / 4 {
        data.resize(len, 0);
        Pixmap::from_vec(data, IntSize::from_wh(w, h)?)
    } else {
        SPARE.with(|spare| *spare.borrow_mut() = Some(data));
        None
    }
}

/// A new pixmap filled with one colour, its memory written once: zeroed
/// memory filled again would be written twice.
fn filled_pixmap(w: u32, h: u32, color: Color) -> Option<Pixmap> {
    let len = (w as usize).checked_mul(h as usize)?.checked_mul(4)?;
    let c = color.premultiply().to_color_u8();
    let mut data = Vec::with_capacity(len);
    data.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    while data.len() < len {
        let more = (len - data.len()).min(data.len());
        data.extend_from_within(..more);
    }
    data.truncate(len);
    Pixmap::from_vec(data, IntSize::from_wh(w, h)?)
}

/// Copies `src` onto `dst` with its top-left corner at (x, y), replacing
/// what was there (no blending); what falls outside `dst` is left out.
pub(crate) fn paste(dst: &mut Pixmap, src: &Pixmap, x: i64, y: i64) {
    let (dw, dh) = (dst.width() as i64, dst.height() as i64);
    let (sw, sh) = (src.width() as i64, src.height() as i64);
    let (x0, x1) = (x.max(0), (x + sw).min(dw));
    if x0 >= x1 {
        return;
    }
    let n = ((x1 - x0) * 4) as usize;
    let data = src.data();
    let out = dst.data_mut();
    for sy in (-y).max(0)..sh.min(dh - y) {
        let from = ((sy * sw + (x0 - x)) * 4) as usize;
        let to = (((y + sy) * dw + x0) * 4) as usize;
        out[to..to + n].copy_from_slice(&data[from..from + n]);
    }
}

/// Blends a row of premultiplied pixels onto another of the same length:
/// runs of opaque pixels are copied at once, transparent ones skipped (a
/// pasted shape is mostly one or the other, translucent only at its edge).
fn blit_row(src: &[u8], dst: &mut [u8]) {
    let alpha = |i: usize| src[i * 4 + 3];
    let n = src.len().min(dst.len()) / 4;
    let mut i = 0;
    while i < n {
        let start = i;
        match alpha(i) {
            255 => {
                // Four at a time, then one by one.
                while i + 4 <= n && alpha(i) & alpha(i + 1) & alpha(i + 2) & alpha(i + 3) == 255 {
                    i += 4;
                }
                while i < n && alpha(i) == 255 {
                    i += 1;
                }
                dst[start * 4..i * 4].copy_from_slice(&src[start * 4..i * 4]);
            }
            0 => {
                while i + 4 <= n && alpha(i) | alpha(i + 1) | alpha(i + 2) | alpha(i + 3) == 0 {
                    i += 4;
                }
                while i < n && alpha(i) == 0 {
                    i += 1;
                }
            }
            a => {
                let keep = 255 - a as u32;
                for k in i * 4..i * 4 + 4 {
                    let blended = src[k] as u32 + (dst[k] as u32 * keep + 127) / 255;
                    dst[k] = blended.min(255) as u8;
                }
                i += 1;
            }
        }
    }
}

impl Canvas {
    pub fn new(width: f32, height: f32, background: Color) -> Result<Canvas, RenderError> {
        let (w, h) = pixel_size(width, height);
        let pixmap = match new_pixmap_recycled(w, h) {
            Some(mut pixmap) => {
                pixmap.fill(background);
                Some(pixmap)
            }
            None => filled_pixmap(w, h, background),
        };
        let pixmap = pixmap.ok_or(RenderError::Size(w, h))?;
        Ok(Canvas {
            pixmap,
            fonts: super::typeset::fonts()?,
            origin: (0, 0),
        })
    }

    /// A part of a picture, `width` by `height` from its pixel (x, y), drawn
    /// apart: everything drawn on it lands on exactly the pixels (same
    /// values) it would have on the whole picture, as long as it lies within
    /// the part. Path coordinates are moved by whole pixels only after the
    /// paths are made, which is exact in floating point.
    pub fn part(
        (x, y): (i32, i32),
        width: f32,
        height: f32,
        background: Color,
    ) -> Result<Canvas, RenderError> {
        let mut c = Canvas::new(width, height, background)?;
        c.origin = (x, y);
        Ok(c)
    }

    /// Moves the picture's coordinates onto the pixmap.
    fn transform(&self) -> Transform {
        Transform::from_translate(-self.origin.0 as f32, -self.origin.1 as f32)
    }

    fn fill(&mut self, path: &Path, color: Color) {
        let ts = self.transform();
        self.pixmap
            .fill_path(path, &paint(color), FillRule::Winding, ts, None);
    }

    /// Strokes a path. The outline is made before it is moved onto a part
    /// (a translation does not change how finely curves are flattened), so
    /// a part gets the same pixels.
    fn stroke(&mut self, path: &Path, color: Color, stroke: &Stroke) {
        let ts = self.transform();
        self.pixmap
            .stroke_path(path, &paint(color), stroke, ts, None);
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        let (ox, oy) = (self.origin.0 as f32, self.origin.1 as f32);
        let moved = Rect::from_xywh(x, y, w, h).and_then(|r| {
            Rect::from_ltrb(r.left() - ox, r.top() - oy, r.right() - ox, r.bottom() - oy)
        });
        if let Some(r) = moved {
            let mut p = paint(color);
            p.anti_alias = [x, y, w, h].iter().any(|v| v.fract() != 0.0);
            self.pixmap.fill_rect(r, &p, Transform::identity(), None);
        }
    }

    pub fn round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, color: Color) {
        // Large opaque shapes: straight parts as rectangles, only the corners
        // rasterised as curves.
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0).round();
        let whole = [x, y, w, h].iter().all(|v| v.fract() == 0.0);
        if whole && w * h > 8000.0 && color.is_opaque() && r > 0.0 {
            self.rect(x, y + r, w, h - 2.0 * r, color);
            self.rect(x + r, y, w - 2.0 * r, r, color);
            self.rect(x + r, y + h - r, w - 2.0 * r, r, color);
            for (cx, cy) in [
                (x + r, y + r),
                (x + w - r, y + r),
                (x + r, y + h - r),
                (x + w - r, y + h - r),
            ] {
                self.circle(cx, cy, r, color);
            }
            return;
        }
        if self.kept_shape(
            shapes::Kind::RoundRect,
            (x, y),
            [w, h, r],
            color,
            0.0,
            |x, y| rounded(x, y, w, h, r),
        ) {
            return;
        }
        if let Some(path) = rounded(x, y, w, h, r) {
            self.fill(&path, color);
        }
    }

    /// The outline of a rounded rectangle, drawn with `pen`, the stroke
    /// centred on its edge.
    pub fn round_rect_stroke(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, pen: Pen) {
        let Pen(color, width) = pen;
        if self.kept_shape(
            shapes::Kind::RoundRect,
            (x, y),
            [w, h, r],
            color,
            width,
            |x, y| rounded(x, y, w, h, r),
        ) {
            return;
        }
        if let Some(path) = rounded(x, y, w, h, r) {
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            self.stroke(&path, color, &stroke);
        }
    }

    /// Draws a small shape by pasting a copy of it, kept by the thread from
    /// the second time it is met (see [`shapes`]): `path` makes the shape
    /// with its box's corner at the point given. False when the shape is to
    /// be drawn in place: too large, or not a finite size.
    fn kept_shape(
        &mut self,
        kind: shapes::Kind,
        (x, y): (f32, f32),
        size: [f32; 3],
        color: Color,
        stroke: f32,
        path: impl FnOnce(f32, f32) -> Option<Path>,
    ) -> bool {
        let (w, h) = kind.box_size(size);
        let finite = [x, y, w, h, stroke].iter().all(|v| v.is_finite());
        if !finite || w <= 0.0 || h <= 0.0 || w * h > shapes::LARGEST {
            return false;
        }
        let (ix, iy) = (x.floor(), y.floor());
        let fraction = [x - ix, y - iy];
        let pad = if stroke > 0.0 {
            (stroke / 2.0).ceil() + 1.0
        } else {
            1.0
        };
        let key = shapes::Key::new(kind, size, stroke, color, fraction);
        let kept = shapes::kept(key, || {
            let (pw, ph) = pixel_size(w + 2.0 * pad + 1.0, h + 2.0 * pad + 1.0);
            let mut pixmap = Pixmap::new(pw, ph)?;
            let path = path(pad + fraction[0], pad + fraction[1])?;
            if stroke > 0.0 {
                let stroke = Stroke {
                    width: stroke,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &paint(color), &stroke, Transform::identity(), None);
            } else {
                pixmap.fill_path(
                    &path,
                    &paint(color),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
            Some(pixmap)
        });
        match kept {
            Some(pixmap) => {
                self.blit(&pixmap, ix - pad, iy - pad);
                true
            }
            None => false,
        }
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, color: Color) {
        if self.kept_shape(
            shapes::Kind::Disc,
            (cx - r, cy - r),
            [r, 0.0, 0.0],
            color,
            0.0,
            |x, y| PathBuilder::from_circle(x + r, y + r, r),
        ) {
            return;
        }
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill(&path, color);
        }
    }

    pub fn circle_stroke(&mut self, cx: f32, cy: f32, r: f32, color: Color, width: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            self.stroke(&path, color, &stroke);
        }
    }

    /// Connected line segments through the points.
    pub fn polyline(&mut self, points: &[(f32, f32)], color: Color, width: f32, round: bool) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width,
                line_cap: if round {
                    LineCap::Round
                } else {
                    LineCap::Square
                },
                ..Stroke::default()
            };
            self.stroke(&path, color, &stroke);
        }
    }

    /// A closed polygon, filled and/or outlined with round joins.
    pub fn polygon(
        &mut self,
        points: &[(f32, f32)],
        fill: Option<Color>,
        stroke: Option<(Color, f32)>,
    ) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
        let Some(path) = pb.finish() else {
            return;
        };
        if let Some(color) = fill {
            self.fill(&path, color);
        }
        if let Some((color, width)) = stroke {
            let stroke = Stroke {
                width,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            self.stroke(&path, color, &stroke);
        }
    }

    /// Copies a premultiplied pixmap with its top-left corner at (x, y),
    /// rounded to whole pixels, blending where it is translucent.
    pub fn blit(&mut self, src: &Pixmap, x: f32, y: f32) {
        let (x0, y0) = (
            x.round() as i64 - self.origin.0 as i64,
            y.round() as i64 - self.origin.1 as i64,
        );
        let (dw, dh) = (self.pixmap.width() as i64, self.pixmap.height() as i64);
        let (sw, sh) = (src.width() as i64, src.height() as i64);
        let (cx0, cx1) = (x0.max(0), (x0 + sw).min(dw));
        if cx0 >= cx1 {
            return;
        }
        let data = src.data();
        let dst = self.pixmap.data_mut();
        for sy in 0..sh {
            let dy = y0 + sy;
            if dy < 0 || dy >= dh {
                continue;
            }
            let s_row =
                &data[((sy * sw + (cx0 - x0)) * 4) as usize..((sy * sw + (cx1 - x0)) * 4) as usize];
            let d_row = &mut dst[((dy * dw + cx0) * 4) as usize..((dy * dw + cx1) * 4) as usize];
            blit_row(s_row, d_row);
        }
    }

    /// Pastes an icon `size` pixels square with its top-left corner at (x, y);
    /// a lettered disc when the artwork is missing.
    pub fn icon(&mut self, icon: Icon, x: f32, y: f32, size: f32) {
        let px = size.round().max(1.0) as u32;
        match icons::scaled(icon, px) {
            Some(pm) => self.blit(&pm, x, y),
            None => {
                let r = size / 2.0;
                let color = match icon {
                    Icon::Animal(a) => style::animal_color(a),
                    Icon::Coin => style::COIN_GOLD,
                    Icon::Fish => style::FISH_BLUE,
                    Icon::Bolt => style::BOLT_YELLOW,
                    Icon::Worker => style::TRAINER_EDGE,
                    _ => style::INK_SOFT,
                };
                self.circle(x + r, y + r, r * 0.92, color);
                let st = Style::new((size * 0.42).max(8.0), true, WHITE);
                self.text_mid(icon.letters(), x + r, y + r, &st, Align::Center);
            }
        }
    }

    /// Text centred vertically on `cy`; returns its width.
    pub fn text_mid(&mut self, s: &str, x: f32, cy: f32, st: &Style, align: Align) -> f32 {
        self.fonts
            .draw_mid_in(&mut self.pixmap, self.origin, s, (x, cy), st, align)
    }

    /// Text centred vertically on `cy`, within a box `room` pixels wide:
    /// drawn smaller when it does not fit (down to the smallest text size),
    /// then cut (see [`super::words::fit_in`]); returns the width drawn.
    pub fn text_in(
        &mut self,
        s: &str,
        x: f32,
        cy: f32,
        st: &Style,
        align: Align,
        room: f32,
    ) -> f32 {
        let st = super::words::shrunk(self.fonts, s, st, room);
        let shown = super::words::fit_in(self.fonts, s, &st, room);
        self.text_mid(&shown, x, cy, &st, align)
    }

    pub fn width(&self, s: &str, st: &Style) -> f32 {
        self.fonts.width(s, st)
    }
}
