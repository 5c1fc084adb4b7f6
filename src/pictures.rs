//! The referee's painter backed by the renderer: the table after a move with
//! the changed cells highlighted, and one zoo large.

use crate::engine::{Event, Game, Seat};
use crate::referee::Painter;
use crate::render::{self, Highlight, SeatMarks};

/// Draws replies' pictures with [`crate::render`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RenderPainter;

impl Painter for RenderPainter {
    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>> {
        Ok(render::table_png(game, &Highlight::from_events(events))?)
    }

    fn zoo(&self, game: &Game, seat: Seat) -> anyhow::Result<Vec<u8>> {
        Ok(render::zoo_png(game, seat, &Highlight::default())?)
    }
}

impl RenderPainter {
    /// [`Painter::table`] with the seats the computer plays (`automatic`)
    /// marked after their names.
    pub fn table_marked(
        &self,
        game: &Game,
        events: &[Event],
        automatic: &[Seat],
    ) -> anyhow::Result<Vec<u8>> {
        let marks = SeatMarks::with_automatic(automatic.iter().copied());
        Ok(render::table_png_marked(
            game,
            &Highlight::from_events(events),
            &marks,
        )?)
    }
}
