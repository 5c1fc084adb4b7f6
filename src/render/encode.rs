//! PNG files small enough for Discord and fast enough for every move.
//!
//! The pictures are flat colours, anti-aliased edges and small emoji, so 256
//! well-chosen colours lose nothing a player can see, and an indexed PNG is
//! a third to a half the size of an RGB one. The palette is chosen by median
//! cut over a 15-bit colour histogram (no dithering, so flat areas stay flat
//! and the result is deterministic). The `image` crate writes the indices as
//! an 8-bit grey PNG; re-labelling its header as indexed and adding the
//! palette chunk gives a valid indexed PNG, because PNG filtering and
//! compression work on bytes whatever the colour type.

use super::RenderError;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
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

/// An indexed picture: at most 256 colours, one byte per pixel.
pub(crate) struct Indexed {
    pub palette: Vec<[u8; 3]>,
    pub indices: Vec<u8>,
}

/// Reduces an opaque pixmap to 256 colours.
pub(crate) fn quantize(pixmap: &Pixmap) -> Indexed {
    let data = pixmap.data();
    let row_len = pixmap.width() as usize * 4;
    let mut hist = vec![Cell::default(); BINS];
    // Every other row is enough to choose the palette. Flat areas repeat: a
    // row like the last one sampled adds nothing new, and a run of one colour
    // is counted in one step.
    let mut above: &[u8] = &[];
    for row in data.chunks_exact(row_len).step_by(2) {
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
            add_run(&mut hist, run);
            run = (v, 1);
        }
        add_run(&mut hist, run);
    }
    let occupied: Vec<Entry> = (0..BINS)
        .filter(|&b| hist[b].count > 0)
        .map(|b| Entry {
            bin: b as u16,
            rgb: bin_rgb(b),
            count: hist[b].count,
        })
        .collect();
    let mut boxes = vec![Box::new(occupied)];
    while boxes.len() < 256 {
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
    let palette: Vec<[u8; 3]> = boxes.iter().map(|b| b.mean(&hist)).collect();
    // Bins seen take their box's colour; bins only in unsampled rows take the
    // nearest palette colour, found when first met.
    const UNSEEN: u16 = u16::MAX;
    let mut lookup = vec![UNSEEN; BINS];
    for (i, b) in boxes.iter().enumerate() {
        for e in &b.entries {
            lookup[e.bin as usize] = i as u16;
        }
    }
    let mut index_of = |b: usize| -> u8 {
        if lookup[b] == UNSEEN {
            let c = bin_rgb(b).map(|v| ((v as i32) << 3) + 4);
            let nearest = palette
                .iter()
                .enumerate()
                .min_by_key(|(_, p)| (0..3).map(|k| (c[k] - p[k] as i32).pow(2)).sum::<i32>())
                .map_or(0, |(i, _)| i);
            lookup[b] = nearest as u16;
        }
        lookup[b] as u8
    };

    let width = pixmap.width() as usize;
    let mut indices = vec![0u8; data.len() / 4];
    let mut above: Option<&[u8]> = None;
    for (y, row) in data.chunks_exact(row_len).enumerate() {
        let (done, rest) = indices.split_at_mut(y * width);
        let out = &mut rest[..width];
        if above == Some(row) {
            out.copy_from_slice(&done[(y - 1) * width..]);
            continue;
        }
        above = Some(row);
        // The starting key is opaque white, so it carries white's index.
        let mut last = (u32::MAX, index_of(bin(255, 255, 255)));
        for (dst, px) in out.iter_mut().zip(row.chunks_exact(4)) {
            let v = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
            if v != last.0 {
                last = (v, index_of(bin(px[0], px[1], px[2])));
            }
            *dst = last.1;
        }
    }
    Indexed { palette, indices }
}

fn add_run(hist: &mut [Cell], (px, n): (u32, u32)) {
    if n == 0 {
        return;
    }
    let [r, g, b, _] = px.to_le_bytes();
    let cell = &mut hist[bin(r, g, b)];
    cell.count = cell.count.saturating_add(n);
    for (sum, v) in cell.sum.iter_mut().zip([r, g, b]) {
        *sum = sum.saturating_add((v as u32).saturating_mul(n));
    }
}

/// CRC-32 as PNG chunks use it.
fn crc32(parts: &[&[u8]]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    let mut c = 0xFFFF_FFFFu32;
    for part in parts {
        for &byte in *part {
            c = TABLE[((c ^ byte as u32) & 0xFF) as usize] ^ (c >> 8);
        }
    }
    c ^ 0xFFFF_FFFF
}

fn push_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&[kind, data]).to_be_bytes());
}

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];

/// Turns an 8-bit grey PNG of palette indices into an indexed PNG.
fn grey_to_indexed(grey: &[u8], palette: &[[u8; 3]]) -> Result<Vec<u8>, RenderError> {
    let bad = |why: &str| RenderError::Png(why.to_string());
    if grey.get(..8) != Some(&SIGNATURE[..]) {
        return Err(bad("the encoder wrote no PNG signature"));
    }
    let mut out = Vec::with_capacity(grey.len() + palette.len() * 3 + 64);
    out.extend_from_slice(&SIGNATURE);
    let mut at = 8;
    while at < grey.len() {
        let len_bytes: [u8; 4] = grey
            .get(at..at + 4)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| bad("a chunk is cut short"))?;
        let len = u32::from_be_bytes(len_bytes) as usize;
        let kind: [u8; 4] = grey
            .get(at + 4..at + 8)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| bad("a chunk is cut short"))?;
        let data = grey
            .get(at + 8..at + 8 + len)
            .ok_or_else(|| bad("a chunk is cut short"))?;
        if &kind == b"IHDR" {
            let mut header = data.to_vec();
            match header.get_mut(8..10) {
                Some([8, colour]) if *colour == 0 => *colour = 3,
                _ => return Err(bad("the encoder did not write 8-bit grey")),
            }
            push_chunk(&mut out, b"IHDR", &header);
            let plte: Vec<u8> = palette.iter().flatten().copied().collect();
            push_chunk(&mut out, b"PLTE", &plte);
        } else {
            let whole = grey
                .get(at..at + 12 + len)
                .ok_or_else(|| bad("a chunk is cut short"))?;
            out.extend_from_slice(whole);
        }
        at += 12 + len;
    }
    Ok(out)
}

/// An indexed PNG of an opaque pixmap.
pub(crate) fn png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let q = quantize(pixmap);
    let mut grey = Vec::new();
    // Real LZ77 matching (repeated tiles and text) rather than the run-length
    // only fast mode; the Up filter turns rows repeated down a flat area into
    // zeros. Measured best for size and about as fast as no filter.
    PngEncoder::new_with_quality(&mut grey, CompressionType::Level(1), FilterType::Up)
        .write_image(
            &q.indices,
            pixmap.width(),
            pixmap.height(),
            ExtendedColorType::L8,
        )?;
    grey_to_indexed(&grey, &q.palette)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_png_reference() {
        // The CRC of an IEND chunk is fixed by the PNG specification.
        assert_eq!(crc32(&[b"IEND"]), 0xAE42_6082);
    }

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
