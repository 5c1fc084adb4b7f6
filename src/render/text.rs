//! Text: DejaVu Sans compiled into the binary, laid out with ab_glyph and
//! blended straight into the pixmap.
//!
//! Any string can be drawn, whatever a player typed: characters the font lacks
//! never reach the rasteriser as tofu boxes. Joiners, variation selectors and
//! other invisible code points are dropped, emoji are dropped, and any other
//! missing character becomes '?'. Sizes are em sizes in pixels, as in CSS.

use super::RenderError;
use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Color, Pixmap};

static REGULAR: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fonts/DejaVuSans.ttf"
));
static BOLD: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fonts/DejaVuSans-Bold.ttf"
));

/// The two faces every picture uses.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

/// The embedded fonts, parsed once.
pub(crate) fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let parse = |bytes: &'static [u8], name: &str| {
                FontRef::try_from_slice(bytes)
                    .map_err(|e| format!("the embedded font {name} is not a valid font: {e}"))
            };
            Ok(Fonts {
                regular: parse(REGULAR, "DejaVuSans.ttf")?,
                bold: parse(BOLD, "DejaVuSans-Bold.ttf")?,
            })
        })
        .as_ref()
        .map_err(|e| RenderError::Font(e.clone()))
}

/// How a run of text looks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Style {
    pub size: f32,
    pub bold: bool,
    pub color: Color,
}

impl Style {
    pub fn new(size: f32, bold: bool, color: Color) -> Style {
        Style { size, bold, color }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// Code points that draw nothing on their own: joiners, variation selectors,
/// emoji modifiers and tags, combining marks for keycaps, controls.
fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x0000..=0x001F | 0x007F..=0x009F | 0x200B..=0x200F | 0x2060..=0x2064
        | 0xFE00..=0xFE0F | 0x20E3 | 0x1F3FB..=0x1F3FF | 0xE0000..=0xE007F)
}

/// Pictographs: a missing one is dropped rather than shown as '?'.
fn is_emoji(c: char) -> bool {
    matches!(c as u32,
        0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF)
}

impl Fonts {
    fn face(&self, bold: bool) -> &FontRef<'static> {
        if bold {
            &self.bold
        } else {
            &self.regular
        }
    }

    /// ab_glyph scales by ascent-to-descent height; convert an em size.
    fn scale(&self, style: &Style) -> PxScale {
        let face = self.face(style.bold);
        let upem = face.units_per_em().unwrap_or(2048.0);
        PxScale::from(style.size * face.height_unscaled() / upem)
    }

    /// The glyphs for a string, with fallbacks applied.
    fn glyphs(&self, text: &str, bold: bool) -> Vec<GlyphId> {
        let face = self.face(bold);
        let question = face.glyph_id('?');
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            let c = if c.is_whitespace() { ' ' } else { c };
            if is_invisible(c) {
                continue;
            }
            let id = face.glyph_id(c);
            if id.0 != 0 {
                out.push(id);
            } else if !is_emoji(c) {
                out.push(question);
            }
        }
        out
    }

    /// Pen positions of each glyph and the total advance.
    fn layout(&self, text: &str, style: &Style) -> (Vec<(GlyphId, f32)>, f32) {
        let scaled = self.face(style.bold).as_scaled(self.scale(style));
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        let mut out = Vec::new();
        for id in self.glyphs(text, style.bold) {
            if let Some(p) = prev {
                x += scaled.kern(p, id);
            }
            out.push((id, x));
            x += scaled.h_advance(id);
            prev = Some(id);
        }
        (out, x)
    }

    /// The advance width of a string.
    pub fn width(&self, text: &str, style: &Style) -> f32 {
        self.layout(text, style).1
    }

    /// The string as it will be drawn: invisible characters and emoji the
    /// font lacks dropped, other missing characters replaced by '?', runs of
    /// white space collapsed.
    pub fn printable(&self, text: &str) -> String {
        let mapped: String = text
            .chars()
            .filter_map(|c| {
                if c.is_whitespace() {
                    Some(' ')
                } else if is_invisible(c) {
                    None
                } else if self.regular.glyph_id(c).0 != 0 && self.bold.glyph_id(c).0 != 0 {
                    Some(c)
                } else if is_emoji(c) {
                    None
                } else {
                    Some('?')
                }
            })
            .collect();
        mapped.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The string cut to fit `max` pixels, ending in an ellipsis when cut.
    pub fn fit(&self, text: &str, style: &Style, max: f32) -> String {
        if self.width(text, style) <= max {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let head: String = chars.iter().collect();
            let candidate = format!("{}…", head.trim_end());
            if self.width(&candidate, style) <= max {
                return candidate;
            }
        }
        String::new()
    }

    /// Draws a string with its baseline at `y`; `x` is its left edge, centre or
    /// right edge by `align`. Returns the width drawn.
    pub fn draw(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        x: f32,
        y: f32,
        style: &Style,
        align: Align,
    ) -> f32 {
        let (glyphs, width) = self.layout(text, style);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let scale = self.scale(style);
        for (id, dx) in glyphs {
            let gx = left + dx;
            let (ix, phase) = split_subpixel(gx);
            let Some(bitmap) = self.bitmap(style.bold, id, scale, phase) else {
                continue;
            };
            blend_coverage(
                pixmap,
                &bitmap,
                ix + bitmap.left,
                y.round() as i32 + bitmap.top,
                style.color,
            );
        }
        width
    }

    /// Draws a string vertically centred on `cy` (capital letters centred).
    pub fn draw_mid(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        x: f32,
        cy: f32,
        style: &Style,
        align: Align,
    ) -> f32 {
        self.draw(pixmap, text, x, cy + style.size * 0.36, style, align)
    }

    fn bitmap(&self, bold: bool, id: GlyphId, scale: PxScale, phase: u8) -> Option<Arc<Coverage>> {
        type Key = (bool, u16, u32, u8);
        static CACHE: OnceLock<Mutex<HashMap<Key, Option<Arc<Coverage>>>>> = OnceLock::new();
        let key = (bold, id.0, (scale.y * 8.0).round() as u32, phase);
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        if let Ok(map) = cache.lock() {
            if let Some(found) = map.get(&key) {
                return found.clone();
            }
        }
        let glyph = id.with_scale_and_position(scale, point(phase as f32 / PHASES as f32, 0.0));
        let made = self.face(bold).outline_glyph(glyph).map(|outlined| {
            let b = outlined.px_bounds();
            let (w, h) = (b.width() as u32, b.height() as u32);
            let mut cov = vec![0u8; (w * h) as usize];
            outlined.draw(|x, y, c| {
                if let Some(p) = cov.get_mut((y * w + x) as usize) {
                    *p = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            });
            Arc::new(Coverage {
                left: b.min.x as i32,
                top: b.min.y as i32,
                width: w,
                height: h,
                cov,
            })
        });
        if let Ok(mut map) = cache.lock() {
            map.insert(key, made.clone());
        }
        made
    }
}

/// Horizontal sub-pixel positions a glyph is rasterised at.
const PHASES: u8 = 3;

fn split_subpixel(x: f32) -> (i32, u8) {
    let floor = x.floor();
    let phase = ((x - floor) * PHASES as f32).round() as u8;
    if phase >= PHASES {
        (floor as i32 + 1, 0)
    } else {
        (floor as i32, phase)
    }
}

/// A rasterised glyph: coverage per pixel, placed relative to the pen.
pub(crate) struct Coverage {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    cov: Vec<u8>,
}

/// Source-over blend of a solid colour through a coverage mask.
fn blend_coverage(pixmap: &mut Pixmap, g: &Coverage, x0: i32, y0: i32, color: Color) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let c = color.premultiply().to_color_u8();
    let src = [c.red(), c.green(), c.blue(), c.alpha()];
    let data = pixmap.data_mut();
    for gy in 0..g.height as i32 {
        let py = y0 + gy;
        if py < 0 || py >= ph {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn st() -> Style {
        Style::new(20.0, true, Color::BLACK)
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis_within_the_width() {
        let f = fonts().expect("fonts");
        let long = "Maximiliane von Aquarettohausen-Schwanstein";
        let cut = f.fit(long, &st(), 150.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(f.width(&cut, &st()) <= 150.0);
        assert_eq!(f.fit("Ana", &st(), 150.0), "Ana");
        assert_eq!(f.fit(long, &st(), 1.0), "");
    }

    #[test]
    fn characters_the_font_lacks_are_dropped_or_questioned() {
        let f = fonts().expect("fonts");
        assert_eq!(f.printable("🐬🐬 Flipper 🐬🐬"), "Flipper");
        assert_eq!(f.printable("Zoë\u{200d}\u{fe0f} Ångström"), "Zoë Ångström");
        assert_eq!(f.printable("海豚 Kai"), "?? Kai");
        assert_eq!(f.printable("\u{200b}\u{200b}"), "");
        // Drawing such text never panics, even off the pixmap.
        let mut pm = Pixmap::new(50, 20).expect("pixmap");
        f.draw(
            &mut pm,
            "海豚🐬\u{200d}ok",
            -10.0,
            500.0,
            &st(),
            Align::Left,
        );
        f.draw(&mut pm, "海豚🐬\u{200d}ok", 5.0, 15.0, &st(), Align::Right);
    }
}
