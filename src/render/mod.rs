//! Pictures of the game: the table after every move, one zoo large, and a
//! finished game's score card.
//!
//! Players on Discord look rather than read, so each picture must be readable
//! on a phone at about 45% scale: tiles are at least 48 px, text at least
//! 16 px, and no picture is wider than 1600 px. Fonts and icons are compiled
//! into the binary, so rendering works from any directory and never touches
//! the file system (except [`write_gallery`], which writes files on purpose).
//!
//! Rendering is a pure function of the [`Game`] and a [`Highlight`]; it never
//! changes the game and never panics on game data: any name, any legal
//! position of 2 to 5 players, any zoo the rules allow. Pictures are drawn
//! with tiny-skia and ab_glyph and written as 256-colour PNGs (see `encode`),
//! about 150 KB for a 5-player table.
//!
//! A whole game can be told again as a looping animated GIF, a frame a move,
//! turn or round, sized to fit an upload limit ([`game_frames`],
//! [`replay_gif`]; see `replay`): about 4 MB and a second for a 5-player
//! game by turn. Seats the computer plays can be marked on
//! the pictures ([`SeatMarks`], [`table_png_marked`]).
//!
//! Every word drawn is the catalogue's, in the language of
//! [`SeatMarks::lang`] (English by default); each is drawn in a box it
//! never leaves (see `words`).

mod canvas;
#[cfg(test)]
mod colour_vision;
mod depot;
mod encode;
mod gallery;
mod icons;
mod lzw;
mod places;
mod player;
mod raster;
mod replay;
mod score_card;
mod script;
mod shapes;
mod sprite;
mod standings;
mod style;
mod table;
mod typeset;
mod words;
mod zoo;

use crate::engine::{Cell, Event, Game, Post, Seat, Standings};
use crate::lang::Lang;
use crate::view::clocks::SeatTime;
use image::codecs::webp::WebPEncoder;
use image::{ExtendedColorType, ImageEncoder};
use std::path::PathBuf;
use tiny_skia::Pixmap;

pub use gallery::{
    crowded_table, gallery_positions, replay_prefix, write_gallery, GalleryPosition,
};
pub use places::table_places;
pub use replay::{
    captioned_table_png, frame_table, game_frames, replay_gif, table_at, Frame, FrameEvery,
    ReplayGif, ReplayOptions, MIN_LIMIT, SHORT_GAME,
};
pub use typeset::{FontRun, TextReport};
pub use words::{check_texts, BoxedText};

/// Cells to outline as "just changed", and whose zoo they are in; trucks are
/// numbered from 1, as players say them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Highlight {
    pub seat: Option<Seat>,
    pub cells: Vec<Cell>,
    pub trucks: Vec<usize>,
}

impl Highlight {
    /// What a move changed: cells that got a tile, a trainer or a board, cells
    /// a trainer left, and trucks drawn onto or taken.
    pub fn from_events(events: &[Event]) -> Highlight {
        let mut h = Highlight::default();
        let cell = |h: &mut Highlight, seat: Seat, c: Cell| {
            h.seat.get_or_insert(seat);
            if h.seat == Some(seat) && !h.cells.contains(&c) {
                h.cells.push(c);
            }
        };
        for e in events {
            match e {
                Event::Placed {
                    player, cell: c, ..
                }
                | Event::Bought {
                    player, cell: c, ..
                } => cell(&mut h, *player, *c),
                Event::Hired {
                    player,
                    post: Post::Trainer(c),
                } => cell(&mut h, *player, *c),
                Event::MovedCoworker { player, from, to } => {
                    for post in [from, to] {
                        if let Post::Trainer(c) = post {
                            cell(&mut h, *player, *c);
                        }
                    }
                }
                Event::Expanded { player, cells, .. } => {
                    for c in cells {
                        cell(&mut h, *player, *c);
                    }
                }
                Event::Drew { truck, .. } | Event::TookTruck { truck, .. }
                    if !h.trucks.contains(truck) =>
                {
                    h.trucks.push(*truck)
                }
                _ => {}
            }
        }
        h
    }
}

/// What the marker after the name of a seat the computer plays says, in
/// `lang`.
pub fn auto_marker(lang: &Lang) -> String {
    words::word(lang, "picture-auto")
}

/// What the pictures show about seats, and the game, beyond the position
/// itself, and the language they speak. The default marks nothing and speaks
/// English.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatMarks {
    /// Seats the computer plays, by seat (`automatic[seat]`): a computer
    /// player, or a player voted out whose seat the computer now plays. Their
    /// name is drawn with a small "auto" marker. Seats past the end are not
    /// automatic.
    pub automatic: Vec<bool>,
    /// The game is practice (a player chose the order of its tiles): the
    /// table says so beside the round, and in the final title.
    pub practice: bool,
    /// The language of every word drawn: the game's.
    pub lang: Lang,
    /// Who won and every seat's place, as the referee found them (the
    /// seats voted out ranked last): the crown, the winners' tags and the
    /// final scores' order of a finished game. None given (a picture
    /// outside a game: the gallery, a test): the game's with nobody out.
    pub standings: Option<Standings>,
    /// Each seat's clock as the table shows it, by seat (`clocks[seat]`;
    /// none for a seat without one, such as a computer player's): a
    /// game with clocks gives every panel a row for its clock, the
    /// running one marked. Empty (a game without clocks, a position of
    /// the past): no row, the table as it always was.
    pub clocks: Vec<Option<SeatTime>>,
}

impl SeatMarks {
    /// The standings a picture of `game` draws: those given, if they are
    /// of as many seats; else the game's own with nobody voted out. The
    /// renderer ranks nobody itself.
    pub fn standings_of(&self, game: &Game) -> Standings {
        match &self.standings {
            Some(s) if s.seats() == game.players().len() => s.clone(),
            _ => game.standings(&[]),
        }
    }

    /// These seats marked as played by the computer.
    pub fn with_automatic(seats: impl IntoIterator<Item = Seat>) -> SeatMarks {
        let mut automatic = Vec::new();
        for seat in seats {
            if automatic.len() <= seat {
                automatic.resize(seat + 1, false);
            }
            automatic[seat] = true;
        }
        SeatMarks {
            automatic,
            ..SeatMarks::default()
        }
    }

    pub fn is_automatic(&self, seat: Seat) -> bool {
        self.automatic.get(seat).copied().unwrap_or(false)
    }

    /// The seat's clock, if the table shows one.
    pub fn clock(&self, seat: Seat) -> Option<SeatTime> {
        self.clocks.get(seat).copied().flatten()
    }

    /// Whether the table shows any clock (its panels have the clock's row).
    pub fn has_clocks(&self) -> bool {
        crate::view::clocks::any(&self.clocks)
    }
}

/// Why a picture could not be made: operator-facing, never a player's fault.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("font error: {0}")]
    Font(String),
    #[error("cannot allocate a {0}x{1} picture")]
    Size(u32, u32),
    #[error("there is no player in seat {0}")]
    NoSeat(Seat),
    #[error("image encoding failed: {0}")]
    Encode(#[from] image::ImageError),
    #[error("PNG encoding failed: {0}")]
    Png(String),
    #[error("GIF encoding failed: {0}")]
    Gif(String),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("replay: {0}")]
    Replay(String),
    #[error("gallery position could not be set up: {0}")]
    Gallery(String),
}

/// The whole table, drawn: trucks, piles, turn, what waits, every player's
/// panel; the score breakdown and the winner once the game is over.
pub fn table_pixmap(game: &Game, highlight: &Highlight) -> Result<Pixmap, RenderError> {
    table_pixmap_marked(game, highlight, &SeatMarks::default())
}

/// [`table_pixmap`] with seats marked: seats the computer plays have a small
/// "auto" marker after their name.
pub fn table_pixmap_marked(
    game: &Game,
    highlight: &Highlight,
    marks: &SeatMarks,
) -> Result<Pixmap, RenderError> {
    Ok(table::table_canvas(game, highlight, marks)?.pixmap)
}

/// One player's zoo large, with coordinates on every edge and a side column.
pub fn zoo_pixmap(game: &Game, seat: Seat, highlight: &Highlight) -> Result<Pixmap, RenderError> {
    zoo_pixmap_marked(game, seat, highlight, &SeatMarks::default())
}

/// [`zoo_pixmap`] with the "auto" marker after the name when the computer
/// plays the seat.
pub fn zoo_pixmap_marked(
    game: &Game,
    seat: Seat,
    highlight: &Highlight,
    marks: &SeatMarks,
) -> Result<Pixmap, RenderError> {
    let changed: &[Cell] = if highlight.seat == Some(seat) {
        &highlight.cells
    } else {
        &[]
    };
    let won = marks.standings_of(game).won(seat);
    Ok(player::zoo_canvas(
        game,
        seat,
        changed,
        marks.is_automatic(seat),
        won,
        &marks.lang,
    )?
    .pixmap)
}

/// How the pictures draw a string in bold (as names are drawn): the fonts
/// used run by run in visual order, clusters no font has (drawn as '?'), and
/// characters a chosen font lacked (never drawn). For tests and tools that
/// check coverage; drawing never needs it.
pub fn text_report(text: &str) -> Result<TextReport, RenderError> {
    Ok(typeset::fonts()?.report(text, true))
}

/// [`text_report`] of a player's name as the pictures show it: `shown` is
/// exactly the name drawn ("Player N" in `lang`, for seat N-1, when nothing
/// of the name can be drawn).
pub fn name_report(name: &str, seat: Seat, lang: &Lang) -> Result<TextReport, RenderError> {
    let f = typeset::fonts()?;
    let shown = player::shown_name(f, name, seat, lang);
    let mut report = f.report(&shown, true);
    report.shown = shown;
    Ok(report)
}

/// Names as the pictures draw them, one a row: the seat chip and the name as
/// a panel header shows it, then the name inside a sentence as the turn
/// prompt shows it. For looking at a name before a game, the gallery and the
/// golden tests of scripts. The sentence is in `lang`.
pub fn names_pixmap(names: &[&str], lang: &Lang) -> Result<Pixmap, RenderError> {
    table::names_canvas(names, lang).map(|c| c.pixmap)
}

/// The score card of a finished game: its final scores by category for
/// every player, who won and on what, narrow and tall with large type (to
/// read on a phone), in `lang` (see `score_card`).
pub fn score_card_pixmap(
    card: &crate::view::score_card::ScoreCard,
    lang: &Lang,
) -> Result<Pixmap, RenderError> {
    score_card::score_card_pixmap(card, lang)
}

/// [`score_card_pixmap`] as PNG bytes.
pub fn score_card_png(
    card: &crate::view::score_card::ScoreCard,
    lang: &Lang,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&score_card_pixmap(card, lang)?)
}

/// A tournament's standings: its best players with their points and
/// tie-breaks, in `lang` (see `standings`).
pub fn standings_pixmap(
    card: &crate::view::standings::StandingsCard,
    lang: &Lang,
) -> Result<Pixmap, RenderError> {
    standings::standings_pixmap(card, lang)
}

/// [`standings_pixmap`] as PNG bytes.
pub fn standings_png(
    card: &crate::view::standings::StandingsCard,
    lang: &Lang,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&standings_pixmap(card, lang)?)
}

/// The whole table as PNG bytes (the end-of-game picture with scores and winner
/// when the game is over).
pub fn table_png(game: &Game, highlight: &Highlight) -> Result<Vec<u8>, RenderError> {
    encode_png(&table_pixmap(game, highlight)?)
}

/// [`table_png`] with seats marked (see [`SeatMarks`]).
pub fn table_png_marked(
    game: &Game,
    highlight: &Highlight,
    marks: &SeatMarks,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&table_pixmap_marked(game, highlight, marks)?)
}

/// One player's zoo, large, with coordinates on its edges, their depot and
/// coworkers, as PNG bytes.
pub fn zoo_png(game: &Game, seat: Seat, highlight: &Highlight) -> Result<Vec<u8>, RenderError> {
    encode_png(&zoo_pixmap(game, seat, highlight)?)
}

/// [`zoo_png`] with seats marked (see [`SeatMarks`]).
pub fn zoo_png_marked(
    game: &Game,
    seat: Seat,
    highlight: &Highlight,
    marks: &SeatMarks,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&zoo_pixmap_marked(game, seat, highlight, marks)?)
}

/// The opaque pixmap's RGB bytes (pictures are drawn on an opaque page).
fn rgb_bytes(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixmap.width() as usize * pixmap.height() as usize * 3);
    for px in pixmap.data().chunks_exact(4) {
        out.extend_from_slice(&px[..3]);
    }
    out
}

/// An indexed PNG (256 colours chosen for the picture): a few milliseconds,
/// and well under 500 KB for a whole 5-player table.
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    encode::png(pixmap)
}

/// A picture in at most 256 colours: a palette and one index a pixel, row by
/// row. What [`encode_png`] writes, open for comparing quantizers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedPicture {
    pub width: u32,
    pub height: u32,
    pub palette: Vec<[u8; 3]>,
    pub indices: Vec<u8>,
}

/// The 256 colours [`encode_png`] chooses for an opaque pixmap (median cut,
/// no dithering), and every pixel's index.
pub fn quantize(pixmap: &Pixmap) -> IndexedPicture {
    let (palette, indices) = encode::quantize(pixmap);
    IndexedPicture {
        width: pixmap.width(),
        height: pixmap.height(),
        palette,
        indices,
    }
}

/// An indexed PNG of an indexed picture, written as [`encode_png`] writes
/// them (8-bit indices, deflate level 1, the Up filter).
pub fn encode_indexed_png(picture: &IndexedPicture) -> Result<Vec<u8>, RenderError> {
    let pixels = picture.width as usize * picture.height as usize;
    if picture.indices.len() != pixels
        || picture
            .indices
            .iter()
            .any(|&i| i as usize >= picture.palette.len())
    {
        return Err(RenderError::Png(format!(
            "{} indices for {}x{} pixels and {} colours",
            picture.indices.len(),
            picture.width,
            picture.height,
            picture.palette.len()
        )));
    }
    encode::indexed_png(
        picture.width,
        picture.height,
        &picture.palette,
        &picture.indices,
    )
}

/// WebP lossless with exact colours: smaller than the RGB PNG, larger than the
/// indexed one; for front ends that want exact colours.
pub fn encode_webp(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    WebPEncoder::new_lossless(&mut out).write_image(
        &rgb_bytes(pixmap),
        pixmap.width(),
        pixmap.height(),
        ExtendedColorType::Rgb8,
    )?;
    Ok(out)
}
