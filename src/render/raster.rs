//! Glyphs as pixels: coverage masks at sub-pixel positions, a synthetic
//! bold, and blending a solid colour through a mask within a band of rows.

use tiny_skia::{Color, Pixmap};

/// Horizontal sub-pixel positions a glyph is rasterised at.
pub(super) const PHASES: u8 = 3;

pub(super) fn split_subpixel(x: f32) -> (i32, u8) {
    let floor = x.floor();
    let phase = ((x - floor) * PHASES as f32).round() as u8;
    if phase >= PHASES {
        (floor as i32 + 1, 0)
    } else {
        (floor as i32, phase)
    }
}

/// A rasterised glyph: coverage per pixel, placed relative to the pen.
pub(super) struct Coverage {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    pub cov: Vec<u8>,
}

impl Coverage {
    /// The glyph `by` pixels wider, each pixel covered as much as the most
    /// covered of itself and the `by` pixels to its left: a synthetic bold.
    pub fn widened(self, by: u32) -> Coverage {
        if by == 0 || self.width == 0 {
            return self;
        }
        let w = self.width + by;
        let mut cov = vec![0u8; (w * self.height) as usize];
        for y in 0..self.height as usize {
            let src = &self.cov[y * self.width as usize..(y + 1) * self.width as usize];
            let dst = &mut cov[y * w as usize..(y + 1) * w as usize];
            for (x, &c) in src.iter().enumerate() {
                for d in dst.iter_mut().skip(x).take(by as usize + 1) {
                    *d = (*d).max(c);
                }
            }
        }
        Coverage {
            width: w,
            cov,
            ..self
        }
    }
}

/// Source-over blend of a solid colour through a coverage mask, only within
/// the rows `band` (inclusive start, exclusive end).
pub(super) fn blend_coverage(
    pixmap: &mut Pixmap,
    g: &Coverage,
    x0: i32,
    y0: i32,
    band: (i32, i32),
    color: Color,
) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let c = color.premultiply().to_color_u8();
    let src = [c.red(), c.green(), c.blue(), c.alpha()];
    let data = pixmap.data_mut();
    for gy in 0..g.height as i32 {
        let py = y0 + gy;
        if py < 0 || py >= ph || py < band.0 || py >= band.1 {
            continue;
        }
        for gx in 0..g.width as i32 {
            let px = x0 + gx;
            if px < 0 || px >= pw {
                continue;
            }
            let k = g.cov[(gy * g.width as i32 + gx) as usize] as u32;
            if k == 0 {
                continue;
            }
            let i = ((py * pw + px) * 4) as usize;
            let a = src[3] as u32 * k / 255;
            for ch in 0..4 {
                let s = src[ch] as u32 * k / 255;
                let d = data[i + ch] as u32;
                data[i + ch] = (s + d * (255 - a) / 255).min(255) as u8;
            }
        }
    }
}
