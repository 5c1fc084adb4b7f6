//! Text in any script: a chain of fonts compiled into the binary, shaped with
//! rustybuzz, put in visual order with the Unicode bidi algorithm, and blended
//! straight into the pixmap with ab_glyph.
//!
//! Players name themselves in every script, with emoji, and whatever a
//! Discord client lets them type. A name must be drawn as they wrote it,
//! never as tofu boxes, and never break a picture. So:
//!
//! - **Fallback chain.** Each grapheme cluster is drawn by the first family
//!   of [`CHAIN`] whose font has every visible character of it: DejaVu Sans
//!   (Latin, Greek, Cyrillic, Hebrew, Armenian, Georgian, symbols), then Noto
//!   Sans Arabic, Devanagari and Thai, Droid Sans Fallback (Chinese, Japanese,
//!   Korean) and Noto Emoji (monochrome outlines). A family is tried first for
//!   the clusters it is made for (Arabic letters, emoji sequences) even when
//!   an earlier family has a glyph, so a word never mixes two fonts. Families
//!   without a bold face are emboldened by widening the glyph's coverage.
//! - **Shaping.** Consecutive clusters in one font are shaped together, so
//!   Arabic letters join, Devanagari forms conjuncts, Thai marks stack and
//!   emoji ZWJ sequences become one glyph. Text of plain Latin, Greek and
//!   Cyrillic letters and common symbols skips shaping and is laid out with
//!   the font's kerning alone (the same pixels as before shaping existed, and
//!   several times faster); shaped layouts are cached.
//! - **Direction.** Right-to-left runs are reordered with the Unicode bidi
//!   algorithm (the paragraph's direction from its first strong letter) and
//!   shaped right to left, which also mirrors brackets. A name put inside an
//!   English sentence is wrapped in an isolate ([`isolate`]) so that it
//!   neither turns the sentence around nor borrows its neighbours.
//! - **Never tofu.** Control characters are dropped and white space becomes
//!   one space; joiners, variation selectors, bidi marks and other invisible
//!   characters draw nothing on their own; a cluster no font has becomes '?'
//!   (an emoji no font has is dropped); a glyph a font lacks (`.notdef`) is
//!   never drawn. Glyphs are clipped to a band around their line, so a pile
//!   of combining marks cannot paint over the rest of the picture.
//! - **Cutting.** [`Fonts::fit`] cuts between grapheme clusters only, never
//!   inside one, and ends the cut text with an ellipsis.
//!
//! Sizes are em sizes in pixels, as in CSS. The font files, the chain and
//! the character classes are in `script`; glyph masks and blending in
//! `raster`.

use super::raster::{blend_coverage, split_subpixel, Coverage, PHASES};
use super::script::{
    clean, collapse_spaces, is_bidi_control, is_emoji_cluster, is_ignorable, is_pictograph,
    is_simple, visual_runs, CHAIN, FILES, PRIMARY_BOLD, PRIMARY_REGULAR,
};
use super::RenderError;
use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Color, Pixmap};
use unicode_segmentation::UnicodeSegmentation;

pub(crate) use super::script::isolate;

/// One font file, parsed for outlines and for shaping.
struct Face {
    file: &'static str,
    glyphs: FontRef<'static>,
    shaper: rustybuzz::Face<'static>,
    units_per_em: f32,
    /// ab_glyph scales by ascent-to-descent height: its scale per em pixel.
    height_per_em: f32,
}

impl Face {
    fn has(&self, c: char) -> bool {
        self.glyphs.glyph_id(c).0 != 0
    }

    fn scale(&self, size: f32) -> PxScale {
        PxScale::from(size * self.height_per_em)
    }
}

/// A family of the chain, parsed.
struct Family {
    regular: u8,
    bold: Option<u8>,
    prefer: fn(&str) -> bool,
}

/// The embedded fonts, parsed once.
pub(crate) struct Fonts {
    faces: Vec<Face>,
    families: Vec<Family>,
}

/// The embedded fonts, parsed once.
pub(crate) fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(Fonts::parse)
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

/// Which face draws a cluster, and whether it is emboldened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    Face {
        face: u8,
        synthetic_bold: bool,
    },
    /// No font has it: drawn as '?'.
    Replace,
    /// Nothing visible: dropped.
    Drop,
}

/// A glyph placed on the line, in em units from the pen's start (`y` up).
#[derive(Debug, Clone, Copy)]
struct Placed {
    face: u8,
    id: u16,
    x: f32,
    y: f32,
    synthetic_bold: bool,
}

/// A run of the laid-out text drawn by one face, in visual order.
#[derive(Debug, Clone)]
struct Segment {
    pick: Pick,
    /// Byte range in the cleaned text.
    range: Range<usize>,
    rtl: bool,
    /// The glyphs of this segment in `Shaped::glyphs`.
    glyphs: Range<usize>,
    /// Characters of the segment its face drew as `.notdef` (not drawn).
    missing: Vec<char>,
    /// Byte offsets (into the cleaned text) of each glyph's cluster, visual order.
    clusters: Vec<usize>,
}

/// A string laid out in em units.
#[derive(Debug, Clone)]
struct Shaped {
    text: String,
    glyphs: Vec<Placed>,
    width: f32,
    segments: Vec<Segment>,
}

/// How the renderer draws a string: which fonts, in what order, what is
/// missing. See [`crate::render::text_report`].
#[derive(Debug, Clone, PartialEq)]
pub struct TextReport {
    /// The string after control characters were dropped, white space
    /// collapsed and clusters no font has replaced by '?' (for a name: what
    /// the pictures show, "Player 1" when nothing of it can be drawn).
    pub shown: String,
    /// Runs of one font each, in visual order (left to right).
    pub runs: Vec<FontRun>,
    /// Clusters no font has, drawn as '?'.
    pub replaced: Vec<String>,
    /// Characters a chosen font could not draw (never drawn, never tofu).
    pub missing: Vec<char>,
}

/// A run of text drawn by one font.
#[derive(Debug, Clone, PartialEq)]
pub struct FontRun {
    /// The font file, e.g. `DroidSansFallback.ttf`.
    pub font: &'static str,
    /// The run's text, in logical order.
    pub text: String,
    pub right_to_left: bool,
    /// Glyphs drawn (after shaping: ligatures make fewer, conjuncts more).
    pub glyphs: usize,
    /// Drawn with widened outlines because the family has no bold face.
    pub synthetic_bold: bool,
    /// For each glyph, left to right, the byte offset in `text` of the
    /// character it was shaped from.
    pub clusters: Vec<usize>,
    /// The font's glyph ids, left to right (joined and conjunct forms differ
    /// from a character's own glyph).
    pub glyph_ids: Vec<u16>,
}

impl Fonts {
    fn parse() -> Result<Fonts, String> {
        let mut faces = Vec::with_capacity(FILES.len());
        for (file, bytes) in FILES {
            let glyphs = FontRef::try_from_slice(bytes)
                .map_err(|e| format!("the embedded font {file} is not a valid font: {e}"))?;
            let shaper = rustybuzz::Face::from_slice(bytes, 0)
                .ok_or_else(|| format!("the embedded font {file} cannot be shaped"))?;
            let units_per_em = glyphs.units_per_em().unwrap_or(1000.0);
            faces.push(Face {
                file,
                height_per_em: glyphs.height_unscaled() / units_per_em,
                glyphs,
                shaper,
                units_per_em,
            });
        }
        let families = CHAIN
            .iter()
            .map(|spec| Family {
                regular: spec.regular as u8,
                bold: spec.bold.map(|b| b as u8),
                prefer: spec.prefer,
            })
            .collect();
        Ok(Fonts { faces, families })
    }

    fn face(&self, id: u8) -> &Face {
        // Face ids come from CHAIN, checked against FILES by a unit test.
        &self.faces[id as usize % self.faces.len()]
    }

    fn primary(&self, bold: bool) -> u8 {
        if bold {
            PRIMARY_BOLD
        } else {
            PRIMARY_REGULAR
        }
    }

    /// The face that draws a grapheme cluster: the first family, preferred
    /// ones first, with a glyph for every visible character of it.
    fn pick(&self, cluster: &str, bold: bool) -> Pick {
        let mut visible = cluster.chars().filter(|c| !is_ignorable(*c)).peekable();
        let Some(&first) = visible.peek() else {
            return Pick::Drop;
        };
        if first == ' ' {
            let face = self.primary(bold);
            return Pick::Face {
                face,
                synthetic_bold: false,
            };
        }
        let face_of = |f: &Family| match (bold, f.bold) {
            (true, Some(b)) => (b, false),
            (true, None) => (f.regular, true),
            (false, _) => (f.regular, false),
        };
        let covers = |f: &Family| {
            let face = self.face(face_of(f).0);
            cluster
                .chars()
                .filter(|c| !is_ignorable(*c))
                .all(|c| face.has(c))
        };
        let found = self
            .families
            .iter()
            .find(|f| (f.prefer)(cluster) && covers(f))
            .or_else(|| self.families.iter().find(|f| covers(f)))
            .or_else(|| {
                self.families
                    .iter()
                    .find(|f| self.face(face_of(f).0).has(first))
            });
        match found {
            Some(f) => {
                let (face, synthetic_bold) = face_of(f);
                Pick::Face {
                    face,
                    synthetic_bold,
                }
            }
            None if is_pictograph(first) => Pick::Drop,
            None => Pick::Replace,
        }
    }

    /// The string as it will be drawn: control characters dropped, white
    /// space collapsed to single spaces, clusters no font has replaced by '?'
    /// (dropped when they are pictographs), and invisible characters dropped
    /// unless they mean something: inside emoji sequences, joiners before a
    /// letter, and bidi marks.
    pub fn printable(&self, text: &str) -> String {
        let cleaned = collapse_spaces(&clean(text));
        let mut out = String::with_capacity(cleaned.len());
        let mut clusters = cleaned.graphemes(true).peekable();
        while let Some(cluster) = clusters.next() {
            match self.pick(cluster, true) {
                Pick::Face { .. } if is_emoji_cluster(cluster) => out.push_str(cluster),
                Pick::Face { .. } => {
                    let mut chars = cluster.chars().peekable();
                    while let Some(c) = chars.next() {
                        let next = chars
                            .peek()
                            .copied()
                            .or_else(|| clusters.peek().and_then(|n| n.chars().next()));
                        let joins = matches!(c, '\u{200c}' | '\u{200d}')
                            && next.is_some_and(|n| n != ' ' && !is_ignorable(n));
                        if !is_ignorable(c) || joins || is_bidi_control(c) {
                            out.push(c);
                        }
                    }
                }
                Pick::Replace => out.push('?'),
                Pick::Drop => out.extend(cluster.chars().filter(|c| is_bidi_control(*c))),
            }
        }
        collapse_spaces(&out)
    }

    /// Whether a printable string shows anything worth calling a name: a
    /// letter, a digit, or any symbol or emoji beyond ASCII punctuation.
    pub fn shows_something(&self, printable: &str) -> bool {
        printable.chars().any(|c| {
            c.is_alphanumeric()
                || (!c.is_ascii() && c != '…' && !c.is_whitespace() && !is_ignorable(c))
        })
    }

    /// Lays out text the primary font draws alone, exactly as the font's
    /// advances and kerning say, in pixels. `None` when the text needs the
    /// full path.
    fn layout_simple(&self, text: &str, style: &Style) -> Option<(Vec<Placed>, f32)> {
        let face_id = self.primary(style.bold);
        let face = self.face(face_id);
        let scaled = face.glyphs.as_scaled(face.scale(style.size));
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            if !is_simple(c) {
                return None;
            }
            let id = face.glyphs.glyph_id(c);
            if id.0 == 0 {
                return None;
            }
            if let Some(p) = prev {
                x += scaled.kern(p, id);
            }
            out.push(Placed {
                face: face_id,
                id: id.0,
                x,
                y: 0.0,
                synthetic_bold: false,
            });
            x += scaled.h_advance(id);
            prev = Some(id);
        }
        Some((out, x))
    }

    /// Cleans, reorders, picks fonts and shapes: the full path, in em units.
    fn shape(&self, text: &str, bold: bool) -> Shaped {
        let text = clean(text);
        let mut shaped = Shaped {
            glyphs: Vec::new(),
            width: 0.0,
            segments: Vec::new(),
            text: String::new(),
        };
        for (range, rtl) in visual_runs(&text) {
            // Clusters of the run, grouped into segments of one pick.
            let mut segments: Vec<(Pick, Range<usize>)> = Vec::new();
            for (at, cluster) in text[range.clone()].grapheme_indices(true) {
                let start = range.start + at;
                let end = start + cluster.len();
                let pick = self.pick(cluster, bold);
                match segments.last_mut() {
                    Some((p, r)) if *p == pick && pick != Pick::Replace => r.end = end,
                    _ => segments.push((pick, start..end)),
                }
            }
            if rtl {
                segments.reverse();
            }
            for (pick, range) in segments {
                self.shape_segment(&mut shaped, &text, pick, range, rtl, bold);
            }
        }
        shaped.text = text;
        shaped
    }

    fn shape_segment(
        &self,
        out: &mut Shaped,
        text: &str,
        pick: Pick,
        range: Range<usize>,
        rtl: bool,
        bold: bool,
    ) {
        let first = out.glyphs.len();
        let mut missing = Vec::new();
        let mut clusters = Vec::new();
        match pick {
            Pick::Drop => {}
            Pick::Replace => {
                let face_id = self.primary(bold);
                let face = self.face(face_id);
                let id = face.glyphs.glyph_id('?');
                out.glyphs.push(Placed {
                    face: face_id,
                    id: id.0,
                    x: out.width,
                    y: 0.0,
                    synthetic_bold: false,
                });
                clusters.push(range.start);
                out.width += face.glyphs.h_advance_unscaled(id) / face.units_per_em;
            }
            Pick::Face {
                face: face_id,
                synthetic_bold,
            } => {
                let face = self.face(face_id);
                let mut buffer = rustybuzz::UnicodeBuffer::new();
                buffer.push_str(&text[range.clone()]);
                buffer.set_pre_context(&text[..range.start]);
                buffer.set_post_context(&text[range.end..]);
                buffer.set_direction(if rtl {
                    rustybuzz::Direction::RightToLeft
                } else {
                    rustybuzz::Direction::LeftToRight
                });
                buffer.guess_segment_properties();
                let glyphs = rustybuzz::shape(&face.shaper, &[], buffer);
                let em = face.units_per_em;
                for (info, pos) in glyphs.glyph_infos().iter().zip(glyphs.glyph_positions()) {
                    let cluster = range.start + info.cluster as usize;
                    if info.glyph_id == 0 {
                        // .notdef: the font lacks this character; never drawn.
                        if let Some(c) = text.get(cluster..).and_then(|s| s.chars().next()) {
                            if !is_ignorable(c) && !missing.contains(&c) {
                                missing.push(c);
                            }
                        }
                        continue;
                    }
                    out.glyphs.push(Placed {
                        face: face_id,
                        id: info.glyph_id as u16,
                        x: out.width + pos.x_offset as f32 / em,
                        y: pos.y_offset as f32 / em,
                        synthetic_bold,
                    });
                    clusters.push(cluster);
                    out.width += pos.x_advance as f32 / em;
                }
            }
        }
        out.segments.push(Segment {
            pick,
            range,
            rtl,
            glyphs: first..out.glyphs.len(),
            missing,
            clusters,
        });
    }

    /// The full-path layout of a string, cached: names and labels repeat on
    /// every picture.
    fn shaped(&self, text: &str, bold: bool, cache: bool) -> Arc<Shaped> {
        type Cache = Mutex<HashMap<(String, bool), Arc<Shaped>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        const MAX_ENTRIES: usize = 4096;
        if !cache {
            return Arc::new(self.shape(text, bold));
        }
        let map = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let key = (text.to_string(), bold);
        if let Ok(m) = map.lock() {
            if let Some(found) = m.get(&key) {
                return found.clone();
            }
        }
        let made = Arc::new(self.shape(text, bold));
        if let Ok(mut m) = map.lock() {
            if m.len() >= MAX_ENTRIES {
                m.clear();
            }
            m.insert(key, made.clone());
        }
        made
    }

    /// Glyphs in pixels from the pen's start, and the total advance.
    fn layout(&self, text: &str, style: &Style, cache: bool) -> (Vec<Placed>, f32) {
        if let Some(simple) = self.layout_simple(text, style) {
            return simple;
        }
        let shaped = self.shaped(text, style.bold, cache);
        let s = style.size;
        let glyphs = shaped
            .glyphs
            .iter()
            .map(|g| Placed {
                x: g.x * s,
                y: g.y * s,
                ..*g
            })
            .collect();
        (glyphs, shaped.width * s)
    }

    /// The advance width of a string.
    pub fn width(&self, text: &str, style: &Style) -> f32 {
        self.layout(text, style, true).1
    }

    /// The string cut to fit `max` pixels between grapheme clusters, ending in
    /// an ellipsis when cut; empty when not even the ellipsis fits.
    pub fn fit(&self, text: &str, style: &Style, max: f32) -> String {
        if self.width(text, style) <= max {
            return text.to_string();
        }
        let cuts: Vec<usize> = text.grapheme_indices(true).map(|(i, _)| i).collect();
        let candidate = |k: usize| {
            let head = &text[..cuts.get(k).copied().unwrap_or(text.len())];
            format!("{}…", head.trim_end())
        };
        let fits = |k: usize| self.layout(&candidate(k), style, false).1 <= max;
        // The longest head that fits: widths grow with the head.
        if !fits(0) {
            return String::new();
        }
        let (mut lo, mut hi) = (0, cuts.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        candidate(lo)
    }

    /// How a string is drawn in the given weight: fonts, runs and what is
    /// missing.
    pub fn report(&self, text: &str, bold: bool) -> TextReport {
        let shaped = self.shape(text, bold);
        let mut report = TextReport {
            shown: self.printable(text),
            runs: Vec::new(),
            replaced: Vec::new(),
            missing: Vec::new(),
        };
        for seg in &shaped.segments {
            let seg_text = shaped.text.get(seg.range.clone()).unwrap_or_default();
            match seg.pick {
                Pick::Drop => {}
                Pick::Replace => report.replaced.push(seg_text.to_string()),
                Pick::Face {
                    face,
                    synthetic_bold,
                } => report.runs.push(FontRun {
                    font: self.face(face).file,
                    text: seg_text.to_string(),
                    right_to_left: seg.rtl,
                    glyphs: seg.glyphs.len(),
                    synthetic_bold,
                    clusters: seg.clusters.iter().map(|c| c - seg.range.start).collect(),
                    glyph_ids: shaped
                        .glyphs
                        .get(seg.glyphs.clone())
                        .unwrap_or_default()
                        .iter()
                        .map(|g| g.id)
                        .collect(),
                }),
            }
            report.missing.extend(seg.missing.iter().copied());
        }
        report
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
        self.draw_in(pixmap, (0, 0), text, (x, y), style, align)
    }

    /// [`Fonts::draw`] on a pixmap whose top-left pixel is `origin` of the
    /// picture (a part drawn apart): every glyph lands on exactly the pixels
    /// it would have in the whole picture.
    pub fn draw_in(
        &self,
        pixmap: &mut Pixmap,
        origin: (i32, i32),
        text: &str,
        (x, y): (f32, f32),
        style: &Style,
        align: Align,
    ) -> f32 {
        let (glyphs, width) = self.layout(text, style, true);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let baseline = y.round() as i32 - origin.1;
        // The line's band: nothing is drawn far above or below it.
        let band = (
            baseline - (style.size * 1.5).ceil() as i32,
            baseline + (style.size * 0.75).ceil() as i32,
        );
        let color = style.color;
        for g in glyphs {
            let face = self.face(g.face);
            let (ix, phase) = split_subpixel(left + g.x);
            let Some(bitmap) = self.bitmap(g, face.scale(style.size), phase, style.size) else {
                continue;
            };
            let gy = (y - g.y).round() as i32;
            blend_coverage(
                pixmap,
                &bitmap,
                ix + bitmap.left - origin.0,
                gy + bitmap.top - origin.1,
                band,
                color,
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

    /// [`Fonts::draw_mid`] on a part of a picture: see [`Fonts::draw_in`].
    pub fn draw_mid_in(
        &self,
        pixmap: &mut Pixmap,
        origin: (i32, i32),
        text: &str,
        (x, cy): (f32, f32),
        style: &Style,
        align: Align,
    ) -> f32 {
        let y = cy + style.size * 0.36;
        self.draw_in(pixmap, origin, text, (x, y), style, align)
    }

    fn bitmap(&self, g: Placed, scale: PxScale, phase: u8, size: f32) -> Option<Arc<Coverage>> {
        type Key = (u8, u16, u32, u8, bool);
        type Cache = Mutex<HashMap<Key, Option<Arc<Coverage>>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        const MAX_ENTRIES: usize = 50_000;
        let key = (
            g.face,
            g.id,
            // The exact scale: a glyph cached at a nearby size would make a
            // picture depend on what was drawn before it.
            scale.y.to_bits(),
            phase,
            g.synthetic_bold,
        );
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        if let Ok(map) = cache.lock() {
            if let Some(found) = map.get(&key) {
                return found.clone();
            }
        }
        let glyph =
            GlyphId(g.id).with_scale_and_position(scale, point(phase as f32 / PHASES as f32, 0.0));
        let made = self
            .face(g.face)
            .glyphs
            .outline_glyph(glyph)
            .map(|outlined| {
                let b = outlined.px_bounds();
                let (w, h) = (b.width() as u32, b.height() as u32);
                let mut cov = vec![0u8; (w * h) as usize];
                outlined.draw(|x, y, c| {
                    if let Some(p) = cov.get_mut((y * w + x) as usize) {
                        *p = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                });
                let coverage = Coverage {
                    left: b.min.x as i32,
                    top: b.min.y as i32,
                    width: w,
                    height: h,
                    cov,
                };
                let widen = if g.synthetic_bold {
                    if size >= 28.0 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                Arc::new(coverage.widened(widen))
            });
        if let Ok(mut map) = cache.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(key, made.clone());
        }
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st() -> Style {
        Style::new(20.0, true, Color::BLACK)
    }

    #[test]
    fn every_family_refers_to_a_font_file() {
        for f in &CHAIN {
            assert!(f.regular < FILES.len());
            assert!(f.bold.is_none_or(|b| b < FILES.len()));
        }
        let f = fonts().expect("fonts");
        assert_eq!(f.faces.len(), FILES.len());
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
    fn names_are_cut_between_grapheme_clusters_only() {
        let f = fonts().expect("fonts");
        // Decomposed accents, a ZWJ family emoji, Devanagari and Thai marks:
        // each cut keeps every cluster whole.
        let names = [
            "Ze\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
            "👩\u{200d}👩\u{200d}👧\u{200d}👦👩\u{200d}👩\u{200d}👧\u{200d}👦👩\u{200d}👩\u{200d}👧\u{200d}👦👩\u{200d}👩\u{200d}👧\u{200d}👦",
            "क्षत्रिय क्षत्रिय क्षत्रिय क्षत्रिय",
            "สวัสดีครับสวัสดีครับสวัสดีครับ",
        ];
        for name in names {
            for max in [30.0, 60.0, 90.0] {
                let cut = f.fit(name, &st(), max);
                assert!(f.width(&cut, &st()) <= max, "{cut} wider than {max}");
                let head = cut.trim_end_matches('…');
                let whole: Vec<&str> = name.graphemes(true).collect();
                let kept: Vec<&str> = head.graphemes(true).collect();
                assert!(
                    kept.iter().zip(&whole).all(|(a, b)| a == b),
                    "{name:?} was cut inside a cluster: {cut:?}"
                );
            }
        }
    }

    #[test]
    fn invisible_and_control_characters_are_dropped_and_missing_ones_questioned() {
        let f = fonts().expect("fonts");
        assert_eq!(f.printable("🐬🐬 Flipper 🐬🐬"), "🐬🐬 Flipper 🐬🐬");
        assert_eq!(f.printable("Zoë\u{200d}\u{fe0f} Ångström"), "Zoë Ångström");
        assert_eq!(f.printable("海豚 Kai"), "海豚 Kai");
        assert_eq!(f.printable("\u{200b}\u{200b}"), "");
        assert_eq!(f.printable("a\u{0}b\u{1b}[31mc\td\n\ne"), "ab[31mc d e");
        // Private use and unassigned code points have no font.
        assert_eq!(f.printable("A\u{e000}B\u{0378}"), "A?B?");
        assert!(!f.shows_something(&f.printable("\u{200d}\u{200f}\u{202e}")));
        assert!(f.shows_something("🐬"));
        assert!(!f.shows_something("?? ..."));
    }

    #[test]
    fn drawing_any_text_never_panics_even_off_the_pixmap() {
        let f = fonts().expect("fonts");
        let mut pm = Pixmap::new(50, 20).expect("pixmap");
        let nasty = [
            "海豚🐬\u{200d}ok",
            "\u{200d}",
            "\u{202e}\u{2066}\u{2069}\u{2069}\u{202c}",
            "\u{fe0f}\u{20e3}\u{1f3fb}",
            "a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
            "لا إله\u{200c}\u{200d}",
            "\u{0}\u{7f}\u{85}\u{2028}\u{2029}",
            "🇺🇳🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}",
        ];
        for s in nasty {
            for align in [Align::Left, Align::Center, Align::Right] {
                f.draw(&mut pm, s, -10.0, 500.0, &st(), align);
                f.draw(&mut pm, s, 5.0, 15.0, &st(), align);
            }
            let _ = f.fit(s, &st(), 10.0);
            let r = f.report(s, true);
            assert!(r.missing.is_empty(), "{s:?}: {r:?}");
        }
    }

    #[test]
    fn right_to_left_names_are_drawn_in_visual_order() {
        let f = fonts().expect("fonts");
        let r = f.report("שלום", true);
        assert_eq!(r.runs.len(), 1);
        assert!(r.runs[0].right_to_left);
        let c = &r.runs[0].clusters;
        assert!(c.windows(2).all(|w| w[0] > w[1]), "{c:?}");
        // Inside a sentence, an isolated name keeps the sentence left to right.
        let sentence = format!("{} must place a tile.", isolate("سارة"));
        let r = f.report(&sentence, true);
        assert_eq!(r.runs.first().map(|run| run.right_to_left), Some(true));
        assert!(r
            .runs
            .iter()
            .any(|run| run.text.contains("must") && !run.right_to_left));
    }

    #[test]
    fn plain_text_takes_the_fast_path() {
        let f = fonts().expect("fonts");
        assert!(f.layout_simple("Ana’s turn: 3 × 4 − 1 …", &st()).is_some());
        assert!(f.layout_simple("Zoë Ångström Ωμέγα Жанна", &st()).is_some());
        assert!(f.layout_simple("e\u{301}", &st()).is_none());
        assert!(f.layout_simple("海", &st()).is_none());
    }
}
