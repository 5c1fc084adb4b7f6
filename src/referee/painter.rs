//! The [`Painter`] port: the pictures a reply carries, asked of a painter
//! the referee is given (it never draws), and what a table or a replay
//! shows beyond the game itself.

use crate::engine::{Action, Event, Game, Seat, Setup, Standings};
use crate::lang::Lang;
use crate::view::clocks::SeatTime;
use crate::view::places::Places;

/// Draws the pictures a reply carries. The referee asks; it never draws.
pub trait Painter: Send + Sync {
    /// The whole table after a move (highlighting what the events changed).
    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>>;
    /// [`Painter::table`] with what the table shows beyond the game itself
    /// (a practice game says so). A painter that shows nothing more draws
    /// the plain table.
    fn table_noted(
        &self,
        game: &Game,
        events: &[Event],
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = note;
        self.table(game, events)
    }
    /// One zoo, large, its words in `lang` (the game's).
    fn zoo(&self, game: &Game, seat: Seat, lang: &Lang) -> anyhow::Result<Vec<u8>>;
    /// [`Painter::zoo`] with what the picture shows beyond the game itself
    /// (whether the seat won, from `note.standings`). A painter that shows
    /// nothing more draws the plain zoo.
    fn zoo_noted(&self, game: &Game, seat: Seat, note: TableNote) -> anyhow::Result<Vec<u8>> {
        self.zoo(game, seat, &note.lang)
    }
    /// A finished game's score card (its final scores by category, who won
    /// and on what), its words in `lang` (the game's). A painter that draws
    /// no card says so.
    fn score_card(
        &self,
        card: &crate::view::score_card::ScoreCard,
        lang: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = (card, lang);
        anyhow::bail!("this painter draws no score card")
    }
    /// A tournament's standings (the best players, each with their points
    /// and tie-breaks), its words in `lang` (the asker's). A painter that
    /// draws no standings says so.
    fn standings(
        &self,
        card: &crate::view::standings::StandingsCard,
        lang: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = (card, lang);
        anyhow::bail!("this painter draws no standings")
    }
    /// Where things are on the picture [`Painter::table_noted`] draws for
    /// the same game and note: the places a web page makes clickable. A
    /// painter that draws no table places nothing.
    fn places(&self, game: &Game, note: &TableNote) -> anyhow::Result<Places> {
        let _ = (game, note);
        anyhow::bail!("this painter draws no table")
    }
    /// The table at a reviewed decision: `game` the position before it,
    /// what `events` changed marked (those of the move played and of the
    /// move preferred, each on a copy), under `captions` (one bar a line,
    /// said in `note.lang`); decision `position` of `count`. A painter that
    /// draws no table says so.
    fn review_table(
        &self,
        game: &Game,
        events: &[Event],
        captions: &[String],
        position: usize,
        count: usize,
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let _ = (game, events, captions, position, count, note);
        anyhow::bail!("this painter draws no table")
    }
    /// The whole game as an animated GIF, from its setup and the moves in
    /// force, fitting `ask.max_bytes`. A painter that cannot animate says so.
    fn replay(
        &self,
        setup: &Setup,
        moves: &[(Seat, Action)],
        ask: &ReplayAsk,
    ) -> anyhow::Result<ReplayMade> {
        let _ = (setup, moves, ask);
        anyhow::bail!("this painter does not make replays")
    }
}

/// What a table's picture shows beyond the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableNote {
    /// A player chose the order of the tiles: the game is practice.
    pub practice: bool,
    /// The language of its words: the game's.
    pub lang: Lang,
    /// The players' names as the picture shows them, by seat, in `lang`
    /// (a computer player's in that language); none: the game's own.
    pub names: Vec<String>,
    /// Who won and every seat's place in the position drawn, the seats
    /// voted out ranked last ([`Loaded::standings`]): the picture crowns
    /// whom they say.
    pub standings: Standings,
    /// Each seat's clock, by seat, in a reply's picture of the game as it
    /// stands with clocks (none for a seat without one); empty otherwise,
    /// and the picture is as it always was.
    pub clocks: Vec<Option<SeatTime>>,
}

/// What a replay is asked to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayAsk {
    /// The largest file that may be uploaded.
    pub max_bytes: usize,
    /// How long each frame shows, in milliseconds.
    pub frame_ms: u32,
    /// The language of its captions and tables: the game's.
    pub lang: Lang,
    /// The standings of the last position, the seats voted out ranked
    /// last: its last frame names whom they say won.
    pub standings: Standings,
}

/// A replay made, and what was done to make it fit.
#[derive(Debug, Clone)]
pub struct ReplayMade {
    pub gif: Vec<u8>,
    /// Frames in the GIF, and frames left out to fit the size limit.
    pub frames: usize,
    pub dropped: usize,
    /// Whether the pictures were drawn smaller than the posted table to fit,
    /// and at what size against it (1.0 the same).
    pub scaled_down: bool,
    pub scale: f32,
}
