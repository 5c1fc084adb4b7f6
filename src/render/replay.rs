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

use super::animate::{Attempt, Plan};
use super::player::shown_name;
use super::typeset::{fonts, isolate};
use super::words::{and_list, say};
use super::{table, Highlight, RenderError, SeatMarks};
use crate::engine::{Action, Event, Game, Seat, Setup};
use crate::lang::{Lang, Text};
use tiny_skia::Pixmap;

/// One picture of a replay: a position, what led to it, and a caption.
#[derive(Debug, Clone)]
pub struct Frame {
    pub game: Game,
    /// Moves played to reach this position (0 for the start).
    pub moves: usize,
    /// What the move (or moves) since the previous frame changed.
    pub highlight: Highlight,
    /// A line above the table, e.g. "Round 3, move 41: Ana took truck 2".
    pub caption: Option<String>,
    /// Seats marked on the table (e.g. played automatically); none by
    /// default. Set them on the frames from the move a seat changed hands.
    /// Its language is the language of the table's words (the caption is
    /// already said).
    pub marks: SeatMarks,
}

/// How a replay is made.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayOptions {
    /// The largest file allowed, in bytes: Discord's attachment size limit
    /// for the channel (10 MiB by default).
    pub max_bytes: usize,
    /// How long each frame shows, in milliseconds (GIF counts hundredths of
    /// a second; at least 20 ms, as browsers slow down anything faster).
    pub frame_delay_ms: u32,
    /// How long the last frame shows before the replay starts again.
    pub final_delay_ms: u32,
    /// The size of the pictures, 1.0 being the table as it is posted after
    /// a move; at most 1.0. Replays that would not fit are scaled further.
    pub scale: f32,
}

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions {
            max_bytes: 10 * 1024 * 1024,
            frame_delay_ms: 800,
            final_delay_ms: 6000,
            scale: 1.0,
        }
    }
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

/// Which positions of a game become frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameEvery {
    Move,
    /// The position whenever the turn passes (a turn can be several moves:
    /// taking a truck, then placing its tiles).
    Turn,
    /// The position at the end of each round.
    Round,
    /// By move for short games (at most [`SHORT_GAME`] moves), else by turn.
    Auto,
}

impl FrameEvery {
    /// What [`FrameEvery::Auto`] stands for in a game of this many moves;
    /// the others stand for themselves.
    pub fn resolve(self, moves: usize) -> FrameEvery {
        match self {
            FrameEvery::Auto if moves <= SHORT_GAME => FrameEvery::Move,
            FrameEvery::Auto => FrameEvery::Turn,
            other => other,
        }
    }
}

/// The longest game [`FrameEvery::Auto`] shows move by move.
pub const SHORT_GAME: usize = 60;

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

/// The table after the first `moves` moves of a game, the last of them
/// highlighted: what frame `moves` of a replay by move shows under its
/// caption. Moves past the end of the log are not played.
pub fn table_at(setup: Setup, log: &[(Seat, Action)], moves: usize) -> Result<Pixmap, RenderError> {
    let mut game = Game::new(setup).map_err(|e| RenderError::Replay(e.to_string()))?;
    let mut highlight = Highlight::default();
    for (i, (seat, action)) in log.iter().take(moves).enumerate() {
        let events = game
            .apply(*seat, action)
            .map_err(|e| RenderError::Replay(format!("move {}: {e}", i + 1)))?;
        highlight = Highlight::from_events(&events);
    }
    super::table_pixmap(&game, &highlight)
}

/// The table a frame shows, below its caption.
pub fn frame_table(frame: &Frame) -> Result<Pixmap, RenderError> {
    super::table_pixmap_marked(&frame.game, &frame.highlight, &frame.marks)
}

/// The frames of a game played from `setup` through `moves`: the start,
/// then one frame per move, turn or round, the last frame the final
/// position. Each frame is captioned with the round, the moves since the
/// previous frame and what the first of them did ("Round 3, moves 39-41:
/// Ana took truck 2 (...)."); the frame of a finished game says who won
/// with how many points. Names are written as the pictures draw them. An
/// illegal move in `moves` is an error naming it, never a panic. The
/// captions and every word of the tables are in `lang`.
pub fn game_frames(
    setup: Setup,
    moves: &[(Seat, Action)],
    every: FrameEvery,
    lang: &Lang,
) -> Result<Vec<Frame>, RenderError> {
    let every = every.resolve(moves.len());
    let marks = SeatMarks {
        lang: lang.clone(),
        ..SeatMarks::default()
    };
    let f = fonts()?;
    let mut game = Game::new(setup).map_err(|e| RenderError::Replay(e.to_string()))?;
    let names: Vec<String> = game
        .names()
        .iter()
        .enumerate()
        .map(|(seat, n)| isolate(&shown_name(f, n, seat, lang)))
        .collect();
    let mut frames = vec![Frame {
        game: game.clone(),
        moves: 0,
        highlight: Highlight::default(),
        caption: Some(say(
            lang,
            &Text::msg("picture-replay-start").arg("round", game.round()),
        )),
        marks: marks.clone(),
    }];
    let mut span: Vec<Event> = Vec::new();
    // The round, the number and the sentence of the span's first move.
    let mut first: Option<(u32, usize, Text)> = None;
    for (i, (seat, action)) in moves.iter().enumerate() {
        let round = game.round();
        let events = game
            .apply(*seat, action)
            .map_err(|e| RenderError::Replay(format!("move {}: {e}", i + 1)))?;
        if first.is_none() {
            let sentence = events
                .first()
                .map(|e| crate::lang::engine::event(e, &names))
                .unwrap_or_default();
            first = Some((round, i + 1, sentence));
        }
        let boundary = match every {
            FrameEvery::Move | FrameEvery::Auto => true,
            FrameEvery::Turn => events
                .iter()
                .any(|e| matches!(e, Event::Turn { .. } | Event::GameOver { .. })),
            FrameEvery::Round => events
                .iter()
                .any(|e| matches!(e, Event::RoundStarted { .. } | Event::GameOver { .. })),
        };
        span.extend(events);
        let last = i + 1 == moves.len();
        if !boundary && !last {
            continue;
        }
        let (round, from, sentence) = first.take().unwrap_or_default();
        let to = i + 1;
        let caption = if game.is_over() {
            game_over(&game, &names, to)
        } else if every == FrameEvery::Round {
            Text::msg("picture-replay-round-end")
                .arg("round", round)
                .arg("move", to)
        } else if from == to {
            Text::msg("picture-replay-move")
                .arg("round", round)
                .arg("move", to)
                .arg("sentence", sentence)
        } else {
            Text::msg("picture-replay-moves")
                .arg("round", round)
                .arg("from", from)
                .arg("to", to)
                .arg("sentence", sentence)
        };
        frames.push(Frame {
            game: game.clone(),
            moves: i + 1,
            highlight: Highlight::from_events(&span),
            caption: Some(say(lang, &caption)),
            marks: marks.clone(),
        });
        span.clear();
    }
    Ok(frames)
}

/// The last caption of a finished game: who won, with how many points.
fn game_over(game: &Game, names: &[String], moves: usize) -> Text {
    let winners = game.winners();
    let who: Vec<Text> = winners
        .iter()
        .map(|&s| Text::Raw(names.get(s).map_or("?", String::as_str).to_string()))
        .collect();
    let points = winners.first().map_or(0, |&s| game.score(s).total);
    let key = match who.len() {
        0 => return Text::msg("picture-replay-over").arg("moves", moves),
        1 => "picture-replay-won",
        _ => "picture-replay-shared",
    };
    Text::msg(key)
        .arg("moves", moves)
        .arg("names", and_list(who))
        .arg("points", points)
}

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
        let (w, h) = table::table_size(&f.game, &f.marks.lang)?;
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

    #[test]
    fn auto_is_by_move_for_short_games_only() {
        assert_eq!(FrameEvery::Auto.resolve(10), FrameEvery::Move);
        assert_eq!(FrameEvery::Auto.resolve(SHORT_GAME), FrameEvery::Move);
        assert_eq!(FrameEvery::Auto.resolve(SHORT_GAME + 1), FrameEvery::Turn);
        assert_eq!(FrameEvery::Round.resolve(5), FrameEvery::Round);
    }
}
