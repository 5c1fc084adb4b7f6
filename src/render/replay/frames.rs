//! The frames of a replay: the positions the caller chose (every move,
//! every turn or every round), each captioned, the last the end-of-game
//! table when the game is over; and the options a replay is made with.

use super::super::player::shown_name;
use super::super::typeset::{fonts, isolate};
use super::super::words::{and_list, say};
use super::super::{Highlight, RenderError, SeatMarks};
use crate::engine::{Action, Event, Game, Seat, Setup, Standings};
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

/// The caption bar's height at scale 1.
pub(crate) const CAPTION_H: f32 = 44.0;

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
    super::super::table_pixmap(&game, &highlight)
}

/// The table a frame shows, below its caption.
pub fn frame_table(frame: &Frame) -> Result<Pixmap, RenderError> {
    super::super::table_pixmap_marked(&frame.game, &frame.highlight, &frame.marks)
}

/// The frames of a game played from `setup` through `moves`: the start,
/// then one frame per move, turn or round, the last frame the final
/// position. Each frame is captioned with the round, the moves since the
/// previous frame and what the first of them did ("Round 3, moves 39-41:
/// Ana took truck 2 (...)."); the frame of a finished game says who won
/// with how many points, as `standings` (the final position's, the seats
/// voted out given) say. Names are written as the pictures draw them. An
/// illegal move in `moves` is an error naming it, never a panic. The
/// captions and every word of the tables are in `lang`.
pub fn game_frames(
    setup: Setup,
    moves: &[(Seat, Action)],
    every: FrameEvery,
    lang: &Lang,
    standings: &Standings,
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
                .any(|e| matches!(e, Event::Turn { .. } | Event::GameOver)),
            FrameEvery::Round => events
                .iter()
                .any(|e| matches!(e, Event::RoundStarted { .. } | Event::GameOver)),
        };
        span.extend(events);
        let last = i + 1 == moves.len();
        if !boundary && !last {
            continue;
        }
        let (round, from, sentence) = first.take().unwrap_or_default();
        let to = i + 1;
        // The final position's standings, on its frame only.
        let over = game.is_over();
        let marks = SeatMarks {
            standings: over.then(|| standings.clone()),
            ..marks.clone()
        };
        let caption = if over {
            game_over(&game, &names, to, &marks)
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
            marks,
        });
        span.clear();
    }
    Ok(frames)
}

/// The last caption of a finished game: who won, with how many points.
fn game_over(game: &Game, names: &[String], moves: usize, marks: &SeatMarks) -> Text {
    let winners = marks.standings_of(game).winners();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_is_by_move_for_short_games_only() {
        assert_eq!(FrameEvery::Auto.resolve(10), FrameEvery::Move);
        assert_eq!(FrameEvery::Auto.resolve(SHORT_GAME), FrameEvery::Move);
        assert_eq!(FrameEvery::Auto.resolve(SHORT_GAME + 1), FrameEvery::Turn);
        assert_eq!(FrameEvery::Round.resolve(5), FrameEvery::Round);
    }
}
