//! The referee's painter backed by the renderer: the table after a move with
//! the changed cells highlighted, and one zoo large.

use crate::engine::{Event, Game, Seat};
use crate::referee::Painter;
use crate::render::{self, Highlight};

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
