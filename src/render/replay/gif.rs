//! The replay's GIF, one try at a size: frames drawn, mapped to one shared
//! palette, reduced to the rectangle that changed and LZW-compressed (see
//! `lzw`), on every core; then written in order by the `gif` crate. [`super::replay`]
//! decides what to try.
//!
//! - One palette (255 colours and a transparent index) is chosen by median
//!   cut from a few sample frames and shared by all frames.
//! - Every frame after the first stores only the rectangle where it differs
//!   from the frame before, the pixels that did not change inside it
//!   transparent, and is kept ("do not dispose").
//! - Frames are drawn in contiguous chunks, shared out among the threads;
//!   each chunk also draws the frame before it, to compare against.
//! - A try stops as soon as the bytes made pass the limit (each chunk still
//!   makes its first frame, so that a try too big measures the first frame
//!   and a few others).
//!
//! Invariants: every frame lies within the picture; a frame's pixels that
//! did not change are transparent and the frame is kept, so a decoder that
//! draws every frame over the ones before sees each whole picture; neither a
//! GIF nor what a try too big measures depends on how many threads made it
//! (so neither does the replay a size limit leads to).

use super::super::canvas::{paste, recycle};
use super::super::encode::{Histogram, Palette};
use super::super::lzw;
use super::super::player::with_panel_cache;
use super::super::style::{BODY, INK, PAGE, SMALL, WHITE, WINNER};
use super::super::typeset::{fonts, Align, Style};
use super::super::words;
use super::super::RenderError;
use super::frames::{frame_table, Frame, ReplayOptions, CAPTION_H};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tiny_skia::{Color, Pixmap};

/// One try at a replay: these frames at this scale.
pub(crate) struct Plan<'a> {
    pub frames: &'a [Frame],
    /// Which frames, in order.
    pub kept: &'a [usize],
    pub scale: f32,
    /// The size of a frame at scale 1: the largest table and the caption.
    pub full: (u32, u32),
    pub options: &'a ReplayOptions,
}

pub(crate) enum Attempt {
    /// The GIF file, and its size in pixels.
    Fits(Vec<u8>, (u32, u32)),
    /// Over the limit: the first frame's bytes, the mean bytes of the other
    /// frames encoded (the last excluded), and the bytes encoded before
    /// stopping.
    TooBig {
        first: usize,
        middle: f64,
        encoded: usize,
    },
}

/// A frame drawn, mapped to the palette, and LZW-compressed.
struct Encoded {
    position: usize,
    frame: gif::Frame<'static>,
}

/// The parts of a frame as drawn at scale 1: the caption bar and the table.
struct Parts {
    caption: Pixmap,
    table: Pixmap,
}

fn page_rgb() -> [u8; 3] {
    let c = PAGE.to_color_u8();
    [c.red(), c.green(), c.blue()]
}

/// Frames are made in this many contiguous chunks (fewer for short
/// replays) however many threads there are, so that a try measures the same
/// frames on every machine.
const CHUNKS: usize = 4;

/// What a try too big measured, from the frames every try makes (the first
/// of each chunk): the first frame's bytes, and the mean bytes of the chunks'
/// first frames between the first and the last frame (the first frame's
/// when there are none).
fn sizes(encoded: &[Encoded], starts: &[usize], frames: usize) -> (usize, f64) {
    let bytes = |p: usize| {
        encoded
            .iter()
            .find(|e| e.position == p)
            .map(|e| e.frame.buffer.len())
    };
    let first = bytes(0).unwrap_or(0);
    let others: Vec<usize> = starts
        .iter()
        .filter(|&&p| p != 0 && p + 1 != frames)
        .filter_map(|&p| bytes(p))
        .collect();
    let middle = if others.is_empty() {
        first as f64
    } else {
        others.iter().sum::<usize>() as f64 / others.len() as f64
    };
    (first, middle)
}

impl Plan<'_> {
    pub fn size(&self) -> (u32, u32) {
        let s = self.scale;
        (
            ((self.full.0 as f32 * s).round() as u32).max(1),
            ((self.full.1 as f32 * s).round() as u32).max(1),
        )
    }

    fn at_full_size(&self) -> bool {
        self.size() == self.full
    }

    fn parts(&self, position: usize) -> Result<Parts, RenderError> {
        let index = self.kept.get(position).copied().unwrap_or(0);
        let frame = self
            .frames
            .get(index)
            .ok_or_else(|| RenderError::Replay(format!("no frame {index}")))?;
        Ok(Parts {
            caption: caption_bar(
                self.full.0,
                frame.caption.as_deref().unwrap_or(""),
                position,
                self.kept.len(),
            )?,
            table: frame_table(frame)?,
        })
    }

    /// The whole frame on the page at this plan's scale.
    fn page(&self, parts: &Parts) -> Result<Pixmap, RenderError> {
        let (w, h) = self.full;
        let mut page = Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
        page.fill(PAGE);
        paste(&mut page, &parts.caption, 0, 0);
        paste(&mut page, &parts.table, 0, CAPTION_H as i64);
        let (sw, sh) = self.size();
        if (sw, sh) == (w, h) {
            Ok(page)
        } else {
            downscale(&page, sw, sh)
        }
    }

    /// The frame at this plan's scale, as palette indices, into `out`. At
    /// full size the parts are mapped straight into place, without a page to
    /// copy them to.
    fn indices(
        &self,
        position: usize,
        palette: &mut Palette,
        out: &mut Vec<u8>,
    ) -> Result<(), RenderError> {
        let parts = self.parts(position)?;
        let (w, h) = self.size();
        let (w, h) = (w as usize, h as usize);
        out.clear();
        if self.at_full_size() {
            out.resize(w * h, palette.index_of(page_rgb()));
            palette.map_into(&parts.caption, out, w, 0, 0);
            palette.map_into(&parts.table, out, w, 0, CAPTION_H as usize);
            recycle(parts.table);
            return Ok(());
        }
        let page = self.page(&parts)?;
        out.resize(w * h, 0);
        palette.map_into(&page, out, w, 0, 0);
        Ok(())
    }

    fn delay(&self, position: usize) -> u16 {
        let ms = if position + 1 == self.kept.len() {
            self.options.final_delay_ms
        } else {
            self.options.frame_delay_ms
        };
        (ms.saturating_add(5) / 10).clamp(2, u16::MAX as u32) as u16
    }

    /// The shared palette: median cut over the first, the last and two
    /// frames between, drawn in parallel.
    fn palette(&self) -> Result<Palette, RenderError> {
        let m = self.kept.len();
        let mut samples = vec![0, m / 3, 2 * m / 3, m.saturating_sub(1)];
        samples.dedup();
        let sink = words::checking();
        let drawn: Vec<Result<Vec<Pixmap>, RenderError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = samples
                .iter()
                .map(|&p| {
                    let sink = sink.clone();
                    scope.spawn(move || {
                        words::checked_by(sink, || {
                            let parts = self.parts(p)?;
                            if self.at_full_size() {
                                Ok(vec![parts.caption, parts.table])
                            } else {
                                Ok(vec![self.page(&parts)?])
                            }
                        })
                    })
                })
                .collect();
            handles.into_iter().map(join).collect()
        });
        let mut hist = Histogram::new();
        for pixmaps in drawn {
            for pixmap in pixmaps? {
                hist.add(&pixmap);
            }
        }
        Ok(Palette::median_cut(&hist, 255))
    }

    /// Draws, maps, compares and compresses every frame; stops early once
    /// the bytes pass `limit`.
    pub fn encode(&self, limit: usize) -> Result<Attempt, RenderError> {
        let (w, h) = self.size();
        // GIF sizes are 16-bit: checked once, so frames can be cast.
        let (gw, gh) = (
            u16::try_from(w).map_err(|_| RenderError::Size(w, h))?,
            u16::try_from(h).map_err(|_| RenderError::Size(w, h))?,
        );
        let m = self.kept.len();
        let palette = self.palette()?;
        let transparent = palette.colors.len() as u8;

        let chunks = CHUNKS.min(m.max(1));
        let per = m.div_ceil(chunks);
        let ranges: Vec<std::ops::Range<usize>> = (0..chunks)
            .map(|c| (c * per).min(m)..((c + 1) * per).min(m))
            .collect();
        let starts: Vec<usize> = ranges.iter().map(|r| r.start).collect();
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, chunks);
        let total = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let sink = words::checking();
        let made: Vec<Result<Vec<Encoded>, RenderError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let mine: Vec<_> = ranges.iter().skip(t).step_by(threads).cloned().collect();
                    let mut palette = palette.clone();
                    let (total, stop) = (&total, &stop);
                    let sink = sink.clone();
                    scope.spawn(move || {
                        words::checked_by(sink, || {
                            with_panel_cache(|| {
                                let mut out = Vec::new();
                                for range in mine {
                                    out.extend(self.encode_chunk(
                                        range,
                                        &mut palette,
                                        transparent,
                                        limit,
                                        total,
                                        stop,
                                    )?);
                                }
                                Ok(out)
                            })
                        })
                    })
                })
                .collect();
            handles.into_iter().map(join).collect()
        });
        let mut encoded = Vec::with_capacity(m);
        for part in made {
            encoded.extend(part?);
        }
        encoded.sort_by_key(|e| e.position);
        if stop.load(Ordering::Relaxed) || encoded.len() < m {
            let (first, middle) = sizes(&encoded, &starts, m);
            return Ok(Attempt::TooBig {
                first,
                middle,
                encoded: total.load(Ordering::Relaxed),
            });
        }

        let mut global = palette.colors.clone();
        global.push([0, 0, 0]); // the transparent index
        let colors: Vec<u8> = global.iter().flatten().copied().collect();
        let bad = |e: gif::EncodingError| RenderError::Gif(e.to_string());
        let mut out = Vec::with_capacity(total.load(Ordering::Relaxed) + 1024);
        {
            let mut encoder = gif::Encoder::new(&mut out, gw, gh, &colors).map_err(bad)?;
            encoder.set_repeat(gif::Repeat::Infinite).map_err(bad)?;
            for e in &encoded {
                encoder.write_lzw_pre_encoded_frame(&e.frame).map_err(bad)?;
            }
            encoder.into_inner().map_err(bad)?;
        }
        if out.len() > limit {
            let (first, middle) = sizes(&encoded, &starts, m);
            return Ok(Attempt::TooBig {
                first,
                middle,
                encoded: out.len(),
            });
        }
        Ok(Attempt::Fits(out, (w, h)))
    }

    fn encode_chunk(
        &self,
        range: std::ops::Range<usize>,
        palette: &mut Palette,
        transparent: u8,
        limit: usize,
        total: &AtomicUsize,
        stop: &AtomicBool,
    ) -> Result<Vec<Encoded>, RenderError> {
        let (w, h) = self.size();
        let mut out = Vec::with_capacity(range.len());
        if range.is_empty() {
            return Ok(out);
        }
        let mut previous = match range.start {
            0 => None,
            p => {
                let mut before = Vec::new();
                self.indices(p - 1, palette, &mut before)?;
                Some(before)
            }
        };
        let mut spare = Vec::new();
        let start = range.start;
        for position in range {
            // A chunk's first frame is always made: the sizes it measures
            // (the first frame's among them) guide the next try.
            if position != start && stop.load(Ordering::Relaxed) {
                break;
            }
            let mut current = std::mem::take(&mut spare);
            self.indices(position, palette, &mut current)?;
            let mut frame = match &previous {
                None => gif::Frame {
                    width: w as u16,
                    height: h as u16,
                    buffer: lzw::encode(&current, palette.index_of(page_rgb())).into(),
                    ..gif::Frame::default()
                },
                Some(before) => {
                    let mut f = changed(before, &current, w as usize, transparent);
                    f.buffer = lzw::encode(&f.buffer, transparent).into();
                    f
                }
            };
            frame.delay = self.delay(position);
            frame.dispose = gif::DisposalMethod::Keep;
            // The frame's header and descriptor, besides its data.
            let bytes = frame.buffer.len() + 32;
            if total.fetch_add(bytes, Ordering::Relaxed) + bytes > limit {
                stop.store(true, Ordering::Relaxed);
            }
            out.push(Encoded { position, frame });
            if let Some(before) = previous.replace(current) {
                spare = before;
            }
        }
        Ok(out)
    }
}

/// A worker's result; a worker that panicked is an error, not a panic.
fn join<T>(
    handle: std::thread::ScopedJoinHandle<'_, Result<T, RenderError>>,
) -> Result<T, RenderError> {
    handle
        .join()
        .unwrap_or_else(|_| Err(RenderError::Replay("a frame worker panicked".to_string())))
}

/// The first index where `a` and `b` differ, comparing 16 bytes at a time.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    const STEP: usize = 16;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + STEP <= n && a[i..i + STEP] == b[i..i + STEP] {
        i += STEP;
    }
    (i..n).find(|&k| a[k] != b[k])
}

/// The last index where `a` and `b` differ, comparing 16 bytes at a time.
fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    const STEP: usize = 16;
    let mut end = a.len().min(b.len());
    while end >= STEP && a[end - STEP..end] == b[end - STEP..end] {
        end -= STEP;
    }
    (0..end).rev().find(|&k| a[k] != b[k])
}

/// The rectangle where `after` differs from `before`, the pixels that did
/// not change inside it transparent; a single transparent pixel when
/// nothing changed.
pub(crate) fn changed(
    before: &[u8],
    after: &[u8],
    width: usize,
    transparent: u8,
) -> gif::Frame<'static> {
    let width = width.max(1);
    let rows = after.len().min(before.len()) / width;
    let row = |y: usize| y * width..(y + 1) * width;
    let differs = |y: usize| before[row(y)] != after[row(y)];
    let Some(top) = (0..rows).find(|&y| differs(y)) else {
        return gif::Frame {
            width: 1,
            height: 1,
            transparent: Some(transparent),
            buffer: vec![transparent].into(),
            ..gif::Frame::default()
        };
    };
    let bottom = (top..rows).rev().find(|&y| differs(y)).unwrap_or(top);
    // Each row only needs looking at outside the columns already known.
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (a, b) = (&before[row(y)], &after[row(y)]);
        if let Some(l) = first_difference(&a[..left], &b[..left]) {
            left = l;
        }
        let from = (right + 1).min(width);
        if let Some(r) = last_difference(&a[from..], &b[from..]) {
            right = from + r;
        }
        if left > right {
            // Only when the first row's difference was found from the left.
            right = left;
        }
    }
    let (fw, fh) = (right + 1 - left, bottom + 1 - top);
    let mut buffer = Vec::with_capacity(fw * fh);
    for y in top..=bottom {
        let span = y * width + left..y * width + left + fw;
        buffer.extend(before[span.clone()].iter().zip(&after[span]).map(|(a, b)| {
            if a == b {
                transparent
            } else {
                *b
            }
        }));
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: fw as u16,
        height: fh as u16,
        transparent: Some(transparent),
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

/// The caption bar: the caption on dark ink, and how far the replay is.
pub(crate) fn caption_bar(
    width: u32,
    caption: &str,
    position: usize,
    count: usize,
) -> Result<Pixmap, RenderError> {
    let f = fonts()?;
    let h = CAPTION_H as u32;
    let mut bar = Pixmap::new(width, h).ok_or(RenderError::Size(width, h))?;
    bar.fill(INK);
    let margin = 20.0;
    let room = width as f32 - 2.0 * margin;
    // A caption too long for one line (a long sentence beside a narrow
    // table) is drawn smaller on two, before anything of it is cut.
    let body = Style::new(BODY, true, WHITE);
    let small = Style::new(SMALL, true, WHITE);
    let lines = if f.width(caption, &body) <= room {
        vec![(words::fit_in(f, caption, &body, room), body, 0.0)]
    } else {
        let (first, rest) = words::split_to_fit(f, caption, &small, room);
        if rest.is_empty() {
            vec![(words::fit_in(f, &first, &small, room), small, 0.0)]
        } else {
            vec![
                (words::fit_in(f, &first, &small, room), small, -10.0),
                (words::fit_in(f, &rest, &small, room), small, 9.0),
            ]
        }
    };
    for (text, st, dy) in &lines {
        f.draw_mid(
            &mut bar,
            text,
            margin,
            CAPTION_H / 2.0 - 2.0 + dy,
            st,
            Align::Left,
        );
    }
    // Progress along the bottom edge.
    let done = if count > 1 {
        position as f32 / (count - 1) as f32
    } else {
        1.0
    };
    let track = tiny_skia::Rect::from_xywh(0.0, CAPTION_H - 4.0, width as f32, 4.0);
    let fill =
        tiny_skia::Rect::from_xywh(0.0, CAPTION_H - 4.0, (width as f32 * done).max(1.0), 4.0);
    for (rect, color) in [
        (track, Color::from_rgba8(0x3a, 0x4c, 0x5e, 0xff)),
        (fill, WINNER),
    ] {
        if let Some(r) = rect {
            let mut paint = tiny_skia::Paint::default();
            paint.set_color(color);
            bar.fill_rect(r, &paint, tiny_skia::Transform::identity(), None);
        }
    }
    Ok(bar)
}

/// An opaque pixmap made smaller by averaging the area under each new pixel.
fn downscale(src: &Pixmap, w: u32, h: u32) -> Result<Pixmap, RenderError> {
    let (sw, sh) = (src.width() as usize, src.height() as usize);
    let (w, h) = (w.max(1) as usize, h.max(1) as usize);
    // For each new column (row), the old columns (rows) under it and how
    // much of each, in 1/256ths.
    let spans = |from: usize, to: usize| -> Vec<Vec<(usize, u32)>> {
        let step = from as f64 / to as f64;
        (0..to)
            .map(|i| {
                let (a, b) = (i as f64 * step, ((i + 1) as f64 * step).min(from as f64));
                let mut out = Vec::new();
                let mut x = a.floor() as usize;
                while (x as f64) < b && x < from {
                    let cover = (b.min(x as f64 + 1.0) - a.max(x as f64)) / step;
                    out.push((x, (cover * 256.0).round() as u32));
                    x += 1;
                }
                out
            })
            .collect()
    };
    let cols = spans(sw, w);
    let rows = spans(sh, h);
    let data = src.data();
    // Across first: each old row to `w` columns (sums scaled by 256).
    let mut across = vec![0u32; sh * w * 3];
    for y in 0..sh {
        let line = &data[y * sw * 4..(y + 1) * sw * 4];
        for (x, span) in cols.iter().enumerate() {
            let mut acc = [0u32; 3];
            for &(sx, k) in span {
                for c in 0..3 {
                    acc[c] += line[sx * 4 + c] as u32 * k;
                }
            }
            across[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&acc);
        }
    }
    let mut out = Pixmap::new(w as u32, h as u32).ok_or(RenderError::Size(w as u32, h as u32))?;
    let dst = out.data_mut();
    for (y, span) in rows.iter().enumerate() {
        for x in 0..w {
            let mut acc = [0u32; 3];
            for &(sy, k) in span {
                for c in 0..3 {
                    acc[c] += across[(sy * w + x) * 3 + c] * k;
                }
            }
            let i = (y * w + x) * 4;
            for c in 0..3 {
                dst[i + c] = ((acc[c] + (1 << 15)) >> 16).min(255) as u8;
            }
            dst[i + 3] = 255;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_stored() {
        let before = vec![1u8; 6 * 4];
        let mut after = before.clone();
        after[6 + 2] = 7;
        after[2 * 6 + 4] = 8;
        let f = changed(&before, &after, 6, 200);
        assert_eq!((f.left, f.top, f.width, f.height), (2, 1, 3, 2));
        assert_eq!(&f.buffer[..], &[7, 200, 200, 200, 200, 8]);
        let same = changed(&before, &before, 6, 200);
        assert_eq!((same.width, same.height), (1, 1));
    }

    #[test]
    fn the_changed_rectangle_is_found_in_wide_rows() {
        // Rows wider than the 16-byte steps, changes on both sides.
        let width = 100;
        let before = vec![3u8; width * 5];
        let mut after = before.clone();
        after[width + 40] = 9;
        after[3 * width + 17] = 9;
        after[3 * width + 83] = 9;
        let f = changed(&before, &after, width, 255);
        assert_eq!((f.left, f.top, f.width, f.height), (17, 1, 67, 3));
        assert_eq!(f.buffer.iter().filter(|&&i| i == 9).count(), 3);
        assert_eq!(first_difference(&before, &after), Some(width + 40));
        assert_eq!(last_difference(&before, &after), Some(3 * width + 83));
        assert_eq!(first_difference(&before, &before), None);
        assert_eq!(last_difference(&[], &[]), None);
    }

    #[test]
    fn downscaling_averages_the_area() {
        let mut pm = Pixmap::new(4, 2).expect("pixmap");
        pm.fill(Color::WHITE);
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(0, 0, 0, 255);
        let r = tiny_skia::Rect::from_xywh(0.0, 0.0, 1.0, 2.0).expect("rect");
        pm.fill_rect(r, &paint, tiny_skia::Transform::identity(), None);
        let small = downscale(&pm, 2, 1).expect("scales");
        assert_eq!(small.pixel(0, 0).map(|p| p.red()), Some(128));
        assert_eq!(small.pixel(1, 0).map(|p| p.red()), Some(255));
    }
}
