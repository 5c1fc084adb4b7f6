//! Indexed pictures: PNG files small enough for Discord and fast enough for
//! every move, and the palette the replay GIF shares between its frames.
//!
//! The pictures are flat colours, anti-aliased edges and small emoji, so 256
//! well-chosen colours lose nothing a player can see, and an indexed PNG is
//! a third to a half the size of an RGB one. The palette is chosen by median
//! cut over a 15-bit colour histogram (no dithering, so flat areas stay flat
//! and the result is deterministic). Measured against NeuQuant
//! (`color_quant`) and Wu's method (`quantette`) in `benches/render.rs`, it
//! is 5 to 17 times faster at the same fidelity, for files 2-3% larger: the
//! crates' 55-180 ms a table would not fit the budget of a picture per move,
//! and the replay GIF maps every frame through this histogram's lookup
//! table. The rows are stored with the Up filter and compressed in one go
//! at deflate level 1 (`flate2` over zlib-rs), then written with their
//! palette by the `png` crate. On the crowded 5-player table zlib-rs takes
//! 2.8 ms for 246 KB where `miniz_oxide` took 4.3 to 6.5 ms for 231 KB;
//! zlib-rs at level 2 gives 203 KB in 4.6 ms; `fdeflate` (the png crate's
//! fastest mode) gave files twice the size. Mapping a pixel copies the
//! indices of the pixels above wherever a run of pixels repeats the row
//! above, and looks every other pixel up without guessing that it repeats
//! the one before (a guess that missed a third of the time cost more than
//! the lookup).
//!
//! Invariants: every index a [`Palette`] maps to is below its colour count;
//! a colour seen while choosing the palette maps to its own box's colour; one
//! never seen maps to the nearest palette colour.

use super::RenderError;
use tiny_skia::Pixmap;

const BINS: usize = 1 << 15;

fn bin(r: u8, g: u8, b: u8) -> usize {
    (((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)) & (BINS - 1)
}

fn bin_rgb(b: usize) -> [u8; 3] {
    [(b >> 10) as u8, ((b >> 5) & 31) as u8, (b & 31) as u8]
}

/// A colour histogram cell: how many pixels, and the sum of their channels
/// (saturating: exact for pictures up to 16 million pixels).
#[derive(Clone, Copy, Default)]
struct Cell {
    count: u32,
    sum: [u32; 3],
}

/// An occupied histogram bin, as median cut sees it.
#[derive(Clone, Copy)]
struct Entry {
    bin: u16,
    rgb: [u8; 3],
    count: u32,
}

/// A median-cut box over occupied histogram bins.
struct Box {
    entries: Vec<Entry>,
    count: u64,
    lo: [u8; 3],
    hi: [u8; 3],
    priority: u64,
}

impl Box {
    fn new(entries: Vec<Entry>) -> Box {
        let mut lo = [31u8; 3];
        let mut hi = [0u8; 3];
        let mut count = 0u64;
        for e in &entries {
            for i in 0..3 {
                lo[i] = lo[i].min(e.rgb[i]);
                hi[i] = hi[i].max(e.rgb[i]);
            }
            count += e.count as u64;
        }
        let mut b = Box {
            entries,
            count,
            lo,
            hi,
            priority: 0,
        };
        // Worth splitting: many pixels over a wide range of colour.
        if b.entries.len() >= 2 {
            b.priority = b.count * (b.longest().1 as u64 + 1);
        }
        b
    }

    fn longest(&self) -> (usize, u8) {
        (0..3)
            .map(|i| (i, self.hi[i] - self.lo[i]))
            .max_by_key(|&(i, r)| (r, std::cmp::Reverse(i)))
            .unwrap_or((0, 0))
    }

    /// Splits at the weighted median of the longest side; both halves keep
    /// at least one bin because that side spans more than one value.
    fn split(self) -> (Box, Box) {
        let (axis, _) = self.longest();
        let mut per_value = [0u64; 32];
        for e in &self.entries {
            per_value[e.rgb[axis] as usize] += e.count as u64;
        }
        let (lo, hi) = (self.lo[axis], self.hi[axis]);
        let mut cut = lo;
        let mut acc = 0u64;
        for v in lo..hi {
            acc += per_value[v as usize];
            cut = v;
            if acc * 2 >= self.count {
                break;
            }
        }
        let (left, right): (Vec<Entry>, Vec<Entry>) =
            self.entries.into_iter().partition(|e| e.rgb[axis] <= cut);
        (Box::new(left), Box::new(right))
    }

    fn mean(&self, hist: &[Cell]) -> [u8; 3] {
        let mut sum = [0u64; 3];
        for e in &self.entries {
            for (s, v) in sum.iter_mut().zip(hist[e.bin as usize].sum) {
                *s += v as u64;
            }
        }
        let n = self.count.max(1);
        sum.map(|s| ((s + n / 2) / n).min(255) as u8)
    }
}

/// A colour histogram of one or more opaque pictures.
pub(crate) struct Histogram {
    cells: Vec<Cell>,
}

impl Histogram {
    pub fn new() -> Histogram {
        Histogram {
            cells: vec![Cell::default(); BINS],
        }
    }

    /// Counts an opaque pixmap's colours. Every other row is enough to choose
    /// a palette. Flat areas repeat: a row like the last one sampled adds
    /// nothing new, and a run of one colour is counted in one step.
    pub fn add(&mut self, pixmap: &Pixmap) {
        let row_len = pixmap.width() as usize * 4;
        let mut above: &[u8] = &[];
        for row in pixmap.data().chunks_exact(row_len.max(4)).step_by(2) {
            if row == above {
                continue;
            }
            above = row;
            let mut run = (u32::MAX, 0u32);
            for px in row.chunks_exact(4) {
                let v = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
                if v == run.0 {
                    run.1 += 1;
                    continue;
                }
                self.add_run(run);
                run = (v, 1);
            }
            self.add_run(run);
        }
    }

    fn add_run(&mut self, (px, n): (u32, u32)) {
        if n == 0 {
            return;
        }
        let [r, g, b, _] = px.to_le_bytes();
        let cell = &mut self.cells[bin(r, g, b)];
        cell.count = cell.count.saturating_add(n);
        for (sum, v) in cell.sum.iter_mut().zip([r, g, b]) {
            *sum = sum.saturating_add((v as u32).saturating_mul(n));
        }
    }
}

/// At most 256 colours, and the map from 15-bit colours to them.
#[derive(Clone)]
pub(crate) struct Palette {
    pub colors: Vec<[u8; 3]>,
    lookup: Vec<u16>,
}

const UNSEEN: u16 = u16::MAX;

impl Palette {
    /// Median cut: up to `max_colors` (1 to 256) colours for the histogram.
    pub fn median_cut(hist: &Histogram, max_colors: usize) -> Palette {
        let max_colors = max_colors.clamp(1, 256);
        let occupied: Vec<Entry> = (0..BINS)
            .filter(|&b| hist.cells[b].count > 0)
            .map(|b| Entry {
                bin: b as u16,
                rgb: bin_rgb(b),
                count: hist.cells[b].count,
            })
            .collect();
        let mut boxes = vec![Box::new(occupied)];
        while boxes.len() < max_colors {
            let Some((i, best)) = boxes
                .iter()
                .enumerate()
                .map(|(i, b)| (i, b.priority))
                .max_by_key(|&(i, p)| (p, std::cmp::Reverse(i)))
            else {
                break;
            };
            if best == 0 {
                break;
            }
            let (a, b) = boxes.swap_remove(i).split();
            boxes.push(a);
            boxes.push(b);
        }
        let colors: Vec<[u8; 3]> = boxes.iter().map(|b| b.mean(&hist.cells)).collect();
        // Bins seen take their box's colour; the others the nearest colour,
        // found when first met.
        let mut lookup = vec![UNSEEN; BINS];
        for (i, b) in boxes.iter().enumerate() {
            for e in &b.entries {
                lookup[e.bin as usize] = i as u16;
            }
        }
        Palette { colors, lookup }
    }

    /// The palette index of a 15-bit colour.
    fn index(&mut self, b: usize) -> u8 {
        if self.lookup[b] == UNSEEN {
            let [r, g, bl] = bin_rgb(b).map(|v| ((v as i32) << 3) + 4);
            // A plain loop: this runs for every colour the histogram did not
            // see, a few hundred times a picture.
            let (mut nearest, mut best) = (0, i32::MAX);
            for (i, p) in self.colors.iter().enumerate() {
                let d =
                    (r - p[0] as i32).pow(2) + (g - p[1] as i32).pow(2) + (bl - p[2] as i32).pow(2);
                if d < best {
                    (nearest, best) = (i, d);
                }
            }
            self.lookup[b] = nearest as u16;
        }
        self.lookup[b] as u8
    }

    /// The palette index of a colour.
    pub fn index_of(&mut self, [r, g, b]: [u8; 3]) -> u8 {
        self.index(bin(r, g, b))
    }

    /// Maps an opaque pixmap to palette indices, one byte per pixel.
    pub fn map(&mut self, pixmap: &Pixmap) -> Vec<u8> {
        let width = pixmap.width() as usize;
        let mut indices = Vec::with_capacity(pixmap.data().len() / 4);
        if width == 0 {
            return indices;
        }
        // Row by row, so that the memory is written once, while in cache.
        for row in pixmap.data().chunks_exact(width * 4) {
            let start = indices.len();
            indices.resize(start + width, 0);
            let (done, here) = indices.split_at_mut(start);
            let above = start
                .checked_sub(width)
                .map(|at| (&pixmap.data()[at * 4..start * 4], &done[at..]));
            self.map_row(row, here, above);
        }
        indices
    }

    /// Maps an opaque pixmap into rows of a larger index buffer `stride`
    /// pixels wide, its top-left corner at (`x`, `y`); what falls outside
    /// the buffer is left out.
    pub fn map_into(&mut self, pixmap: &Pixmap, out: &mut [u8], stride: usize, x: usize, y: usize) {
        let width = pixmap.width() as usize;
        if width == 0 || stride <= x {
            return;
        }
        let w = width.min(stride - x);
        let mut above: Option<(&[u8], usize)> = None;
        for (row_y, row) in pixmap.data().chunks_exact(width * 4).enumerate() {
            let start = (y + row_y) * stride + x;
            if start + w > out.len() {
                break;
            }
            let row = &row[..w * 4];
            let (done, rest) = out.split_at_mut(start);
            let here = &mut rest[..w];
            let above_row = above.map(|(pixels, at)| (pixels, &done[at..at + w]));
            self.map_row(row, here, above_row);
            above = Some((row, start));
        }
    }

    /// Maps one row of pixels to indices. Where the row above (its pixels
    /// and their indices) has the same pixels, a few at a time, their
    /// indices are copied: most of a picture repeats the row above it.
    fn map_row(&mut self, row: &[u8], out: &mut [u8], above: Option<(&[u8], &[u8])>) {
        const RUN: usize = 16;
        if let Some((above_pixels, above_indices)) = above {
            // A whole row like the one above (a sixth of a table's rows).
            if above_pixels == row {
                out.copy_from_slice(above_indices);
                return;
            }
        }
        for (k, (pixels, dst)) in row.chunks(RUN * 4).zip(out.chunks_mut(RUN)).enumerate() {
            if let Some((above_pixels, above_indices)) = above {
                let at = k * RUN;
                if same(&above_pixels[at * 4..at * 4 + pixels.len()], pixels) {
                    dst.copy_from_slice(&above_indices[at..at + dst.len()]);
                    continue;
                }
            }
            // Every pixel looked up, without asking whether it is like the
            // last: colours change too often along a row of text and edges
            // for a guess to pay.
            for (d, px) in dst.iter_mut().zip(pixels.chunks_exact(4)) {
                let b = bin(px[0], px[1], px[2]);
                *d = match self.lookup[b] {
                    UNSEEN => self.index(b),
                    i => i as u8,
                };
            }
        }
    }
}

/// Whether two runs of pixels are the same, compared without stopping at
/// the first difference (which compiles to a few wide instructions).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// An opaque pixmap in 256 colours chosen for it.
pub(crate) fn quantize(pixmap: &Pixmap) -> (Vec<[u8; 3]>, Vec<u8>) {
    let mut hist = Histogram::new();
    hist.add(pixmap);
    let mut palette = Palette::median_cut(&hist, 256);
    let indices = palette.map(pixmap);
    (palette.colors, indices)
}

/// An indexed PNG: 8-bit indices into `palette`, which has 1 to 256 colours.
pub(crate) fn indexed_png(
    width: u32,
    height: u32,
    palette: &[[u8; 3]],
    indices: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let bad = |e: png::EncodingError| RenderError::Png(e.to_string());
    if palette.is_empty() || palette.len() > 256 {
        return Err(RenderError::Png(format!(
            "a palette of {} colours",
            palette.len()
        )));
    }
    let width = width as usize;
    if indices.len() != width * height as usize {
        return Err(RenderError::Png(format!(
            "{} indices for {width}x{height} pixels",
            indices.len()
        )));
    }
    let mut out = Vec::with_capacity(indices.len() / 8 + 1024);
    let mut encoder = png::Encoder::new(&mut out, width as u32, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.iter().flatten().copied().collect::<Vec<u8>>());
    let mut writer = encoder.write_header().map_err(bad)?;
    // The rows are filtered and compressed here in one pass each, and
    // written as one IDAT chunk: the png crate's own path compresses row by
    // row, and its deflate stream clears a buffer on every row.
    let rows = filtered_rows(width, indices);
    let compressed = deflate(&rows).map_err(|e| RenderError::Png(e.to_string()))?;
    writer
        .write_chunk(png::chunk::IDAT, &compressed)
        .map_err(bad)?;
    writer.finish().map_err(bad)?;
    Ok(out)
}

/// A zlib stream of `data` at level 1.
fn deflate(data: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let out = Vec::with_capacity(data.len() / 8 + 64);
    let mut encoder = flate2::write::ZlibEncoder::new(out, flate2::Compression::fast());
    encoder.write_all(data)?;
    encoder.finish()
}

/// PNG's filtered scanlines of 8-bit indices, each row stored as its
/// difference from the row above (the Up filter): zeros wherever a flat area
/// goes on, and a row that repeats the one above is all zeros. (Choosing
/// Sub instead for rows that have fewer changes along them made the
/// compressed picture no smaller.)
fn filtered_rows(width: usize, indices: &[u8]) -> Vec<u8> {
    if width == 0 {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(indices.len() / width * (width + 1));
    let mut above: Option<&[u8]> = None;
    for row in indices.chunks_exact(width) {
        out.push(2);
        let start = out.len();
        out.extend_from_slice(row);
        if let Some(above) = above {
            for (d, a) in out[start..].iter_mut().zip(above) {
                *d = d.wrapping_sub(*a);
            }
        }
        above = Some(row);
    }
    out
}

/// An indexed PNG of an opaque pixmap.
pub(crate) fn png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let (palette, indices) = quantize(pixmap);
    indexed_png(pixmap.width(), pixmap.height(), &palette, &indices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_at_the_start_of_a_row_stays_white() {
        let mut pm = Pixmap::new(30, 4).expect("pixmap");
        pm.fill(tiny_skia::Color::WHITE);
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(0, 0, 0, 255);
        let rect = tiny_skia::Rect::from_xywh(20.0, 0.0, 10.0, 4.0).expect("rect");
        pm.fill_rect(rect, &paint, tiny_skia::Transform::identity(), None);
        let img = image::load_from_memory(&png(&pm).expect("encodes"))
            .expect("decodes")
            .to_rgb8();
        assert_eq!(img.get_pixel(0, 0).0, [255, 255, 255]);
        assert_eq!(img.get_pixel(25, 3).0, [0, 0, 0]);
    }

    #[test]
    fn the_png_is_indexed_with_its_palette() {
        let mut pm = Pixmap::new(7, 3).expect("pixmap");
        pm.fill(tiny_skia::Color::from_rgba8(12, 34, 56, 255));
        let bytes = png(&pm).expect("encodes");
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().expect("decodes");
        let info = reader.info();
        assert_eq!(info.color_type, ::png::ColorType::Indexed);
        assert_eq!(info.bit_depth, ::png::BitDepth::Eight);
        assert_eq!((info.width, info.height), (7, 3));
        assert_eq!(info.palette.as_deref(), Some(&[12u8, 34, 56][..]));
    }

    #[test]
    fn a_few_flat_colours_come_back_exactly() {
        let mut pm = Pixmap::new(40, 10).expect("pixmap");
        pm.fill(tiny_skia::Color::from_rgba8(200, 100, 50, 255));
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(10, 20, 30, 255);
        let rect = tiny_skia::Rect::from_xywh(0.0, 0.0, 20.0, 10.0).expect("rect");
        pm.fill_rect(rect, &paint, tiny_skia::Transform::identity(), None);
        let bytes = png(&pm).expect("encodes");
        let img = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
        assert_eq!(img.get_pixel(5, 5).0, [10, 20, 30]);
        assert_eq!(img.get_pixel(35, 5).0, [200, 100, 50]);
    }
}
