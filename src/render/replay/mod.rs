//! Replays: a game told again as an animated GIF that loops forever, one
//! captioned frame per position the caller chose (every move, every turn or
//! every round), the last frame held longer. When the last position is the
//! end of the game, its frame is the end-of-game table: the winner and every
//! player's score by category.
//!
//! Why a GIF: Discord plays animated GIFs inline on every client; APNG and
//! animated WebP do not play everywhere. The file is written with the `gif`
//! crate (see `animate` for how frames are made small and fast).
//!
//! Invariants:
//! - **It always fits.** The file is at most `max_bytes` long: when the
//!   frames would not fit, frames are dropped evenly (the first and the last
//!   are always kept) down to 16, then the pictures are scaled down, and only
//!   at the smallest scale are more frames dropped. Limits from
//!   [`MIN_LIMIT`] up always fit: the last try is the first and the last
//!   frame at the smallest scale.
//! - **Frames in order.** [`ReplayGif::kept`] is increasing, starts with 0
//!   and ends with the last frame given; every frame but the last shows for
//!   `frame_delay_ms`, the last for `final_delay_ms`, and the GIF loops
//!   forever.
//! - **What a frame shows is the table.** A frame is its caption above
//!   exactly the picture [`frame_table`] draws, the same as
//!   [`super::table_pixmap_marked`] of its position (so [`table_at`] of move
//!   `n` is frame `n` of a replay by move), mapped to the GIF's palette.
//! - **Pure.** A replay is a function of the frames and options given (and
//!   [`game_frames`] of the setup and the moves); it never changes a game,
//!   does no I/O and keeps nothing.

mod frames;
mod gif;

pub use frames::{
    frame_table, game_frames, table_at, Frame, FrameEvery, ReplayOptions, SHORT_GAME,
};

use super::typeset::fonts;
use super::{table, RenderError};
use gif::{Attempt, Plan};

/// The table of `game` (with `highlight` and `marks`, as
/// [`super::table_pixmap_marked`] draws it) under one caption bar a line of
/// `captions`, as a replay's frame is captioned: the review's picture of a
/// decision. `position` of `count` fills the last bar's edge.
pub fn captioned_table_png(
    game: &crate::engine::Game,
    highlight: &super::Highlight,
    marks: &super::SeatMarks,
    captions: &[String],
    position: usize,
    count: usize,
) -> Result<Vec<u8>, RenderError> {
    let table = super::table_pixmap_marked(game, highlight, marks)?;
    let w = table.width();
    let bar_h = frames::CAPTION_H as u32;
    let bars = captions.len() as u32;
    let h = table.height() + bar_h * bars;
    let mut page = tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
    page.fill(super::style::PAGE);
    for (i, caption) in captions.iter().enumerate() {
        let last = i + 1 == captions.len();
        let (p, c) = if last { (position, count) } else { (0, 0) };
        let bar = gif::caption_bar(w, caption, p, c)?;
        super::canvas::paste(&mut page, &bar, 0, i64::from(bar_h) * i as i64);
    }
    super::canvas::paste(&mut page, &table, 0, i64::from(bar_h * bars));
    super::encode_png(&page)
}

/// A replay, ready to upload, and what was done to make it fit.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayGif {
    /// The GIF file.
    pub bytes: Vec<u8>,
    /// Frames in the GIF.
    pub frames: usize,
    /// Frames asked for.
    pub source_frames: usize,
    /// Which of the frames asked for are in the GIF, in order.
    pub kept: Vec<usize>,
    /// Frames left out to fit the size limit, evenly spread.
    pub dropped: usize,
    /// The GIF's size in pixels.
    pub width: u32,
    pub height: u32,
    /// The scale the pictures were drawn at.
    pub scale: f32,
    /// Whether the pictures were made smaller than asked, to fit.
    pub scaled_down: bool,
    /// How many times the frames were drawn and compressed to find what
    /// fits (1 when everything fit at once).
    pub tries: usize,
}

/// The smallest size limit a replay is guaranteed to fit: two frames of a
/// few dozen pixels.
pub const MIN_LIMIT: usize = 16 * 1024;

/// The caption bar's height at scale 1.
pub(crate) const CAPTION_H: f32 = 44.0;
/// Pictures are never scaled below this.
const MIN_SCALE: f32 = 0.02;
/// Frames are dropped down to this many before the pictures are scaled
/// down: fewer would hardly tell the game.
const FEWEST_FRAMES: usize = 16;
/// Tries at fitting the limit before giving up (each try is smaller).
const MAX_TRIES: usize = 12;

/// The frames as a looping GIF under the size limit: see the module doc.
/// Fails only without frames, or when the limit is below [`MIN_LIMIT`] and
/// nothing fits.
pub fn replay_gif(frames: &[Frame], options: &ReplayOptions) -> Result<ReplayGif, RenderError> {
    if frames.is_empty() {
        return Err(RenderError::Replay(
            "a replay needs at least one frame".to_string(),
        ));
    }
    fonts()?;
    let mut full = (1u32, 1u32);
    for f in frames {
        let (w, h) = table::table_size(&f.game, &f.marks)?;
        full = (full.0.max(w), full.1.max(h));
    }
    let full = (full.0, full.1 + CAPTION_H as u32);
    let asked = if options.scale.is_finite() {
        options.scale.clamp(MIN_SCALE, 1.0)
    } else {
        1.0
    };
    let limit = options.max_bytes;
    let target = limit as f64 * 0.92;
    let n = frames.len();
    let floor = (n.min(2), MIN_SCALE);
    let fewest = n.min(FEWEST_FRAMES);
    let (mut keep, mut scale) = (n, asked);
    let mut last_failure = String::new();
    for attempt in 0..MAX_TRIES {
        if attempt + 1 == MAX_TRIES {
            // The last try is the smallest replay there is.
            (keep, scale) = floor;
        }
        let kept = evenly(n, keep);
        let plan = Plan {
            frames,
            kept: &kept,
            scale,
            full,
            options,
        };
        let (first, middle, encoded) = match plan.encode(limit)? {
            Attempt::Fits(bytes, (width, height)) => {
                return Ok(ReplayGif {
                    bytes,
                    frames: kept.len(),
                    source_frames: n,
                    dropped: n - kept.len(),
                    kept,
                    width,
                    height,
                    scale,
                    scaled_down: scale < asked,
                    tries: attempt + 1,
                });
            }
            Attempt::TooBig {
                first,
                middle,
                encoded,
            } => (first, middle, encoded),
        };
        last_failure = format!(
            "{encoded} bytes or more for {} frames at scale {scale:.3}",
            kept.len()
        );
        if (kept.len(), scale) == floor {
            break;
        }
        // The first frame is a whole picture, and so nearly is the last
        // (the end-of-game table): together the least a replay takes. Frames
        // further apart differ more than those measured: a margin.
        let key = 2.0 * first as f64 + 1024.0;
        let per = middle.max(1.0) * 1.25;
        let bytes = |k: usize| key + per * k.saturating_sub(2) as f64;
        let fitting = ((target - key) / per).floor().max(0.0) as usize + 2;
        if kept.len() > fewest {
            keep = fitting.clamp(fewest, kept.len() - 1);
            if bytes(keep) > target {
                scale = smaller(scale, target / bytes(keep));
            }
        } else if scale > MIN_SCALE {
            scale = smaller(scale, target / bytes(kept.len()));
        } else {
            keep = fitting.clamp(2, kept.len().saturating_sub(1).max(2));
        }
    }
    Err(RenderError::Replay(format!(
        "cannot fit a replay under {limit} bytes (last try: {last_failure})"
    )))
}

/// A scale smaller by about the square root of `ratio` (bytes go with the
/// area), by a tenth at least and four times at most.
fn smaller(scale: f32, ratio: f64) -> f32 {
    let factor = ratio.sqrt().clamp(0.25, 0.9) as f32;
    (scale * factor).max(MIN_SCALE)
}

/// `keep` indices out of `0..n`, evenly spread, always with the first and
/// the last.
fn evenly(n: usize, keep: usize) -> Vec<usize> {
    let keep = keep.clamp(1, n.max(1));
    if keep >= n {
        return (0..n).collect();
    }
    if keep == 1 {
        return vec![n - 1];
    }
    let mut out: Vec<usize> = (0..keep)
        .map(|i| ((i as f64) * (n - 1) as f64 / (keep - 1) as f64).round() as usize)
        .collect();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_kept_evenly_with_the_first_and_last() {
        assert_eq!(evenly(10, 10), (0..10).collect::<Vec<_>>());
        assert_eq!(evenly(10, 2), vec![0, 9]);
        assert_eq!(evenly(10, 4), vec![0, 3, 6, 9]);
        assert_eq!(evenly(1, 5), vec![0]);
        let kept = evenly(173, 40);
        assert_eq!(kept.len(), 40);
        assert_eq!((kept[0], kept[39]), (0, 172));
    }
}
