//! The referee's painter backed by the renderer: the table after a move with
//! the changed cells highlighted, a reviewed decision's table under its
//! captions, one zoo large, and a whole game as an
//! animated GIF (a picture a move for short games, else a picture a turn),
//! a finished game's score card, a tournament's standings,
//! each in the language the referee asks for (the game's).

use crate::engine::{Action, Event, Game, Seat, Setup};
use crate::lang::Lang;
use crate::referee::{Painter, ReplayAsk, ReplayMade, TableNote};
use crate::render::{self, Highlight, SeatMarks};
use crate::view::places::Places;

/// Draws replies' pictures with [`crate::render`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RenderPainter;

impl Painter for RenderPainter {
    fn places(&self, game: &Game, note: &TableNote) -> anyhow::Result<Places> {
        let game = game.clone().named(&note.names);
        Ok(render::table_places(&game, &note_marks(note.clone()))?)
    }

    fn table(&self, game: &Game, events: &[Event]) -> anyhow::Result<Vec<u8>> {
        Ok(render::table_png(game, &Highlight::from_events(events))?)
    }

    fn table_noted(
        &self,
        game: &Game,
        events: &[Event],
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let game = game.clone().named(&note.names);
        let marks = note_marks(note);
        Ok(render::table_png_marked(
            &game,
            &Highlight::from_events(events),
            &marks,
        )?)
    }

    fn review_table(
        &self,
        game: &Game,
        events: &[Event],
        captions: &[String],
        position: usize,
        count: usize,
        note: TableNote,
    ) -> anyhow::Result<Vec<u8>> {
        let game = game.clone().named(&note.names);
        let marks = note_marks(note);
        Ok(render::captioned_table_png(
            &game,
            &Highlight::from_events(events),
            &marks,
            captions,
            position,
            count,
        )?)
    }

    fn zoo(&self, game: &Game, seat: Seat, lang: &Lang) -> anyhow::Result<Vec<u8>> {
        let marks = SeatMarks {
            lang: lang.clone(),
            ..SeatMarks::default()
        };
        Ok(render::zoo_png_marked(
            game,
            seat,
            &Highlight::default(),
            &marks,
        )?)
    }

    fn zoo_noted(&self, game: &Game, seat: Seat, note: TableNote) -> anyhow::Result<Vec<u8>> {
        let marks = note_marks(note);
        Ok(render::zoo_png_marked(
            game,
            seat,
            &Highlight::default(),
            &marks,
        )?)
    }
    fn score_card(
        &self,
        card: &crate::view::score_card::ScoreCard,
        lang: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(render::score_card_png(card, lang)?)
    }

    fn standings(
        &self,
        card: &crate::view::standings::StandingsCard,
        lang: &Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(render::standings_png(card, lang)?)
    }

    fn replay(
        &self,
        setup: &Setup,
        moves: &[(Seat, Action)],
        ask: &ReplayAsk,
    ) -> anyhow::Result<ReplayMade> {
        let frames = render::game_frames(
            setup.clone(),
            moves,
            render::FrameEvery::Auto,
            &ask.lang,
            &ask.standings,
        )?;
        let options = render::ReplayOptions {
            max_bytes: ask.max_bytes,
            frame_delay_ms: ask.frame_ms,
            ..render::ReplayOptions::default()
        };
        let gif = render::replay_gif(&frames, &options)?;
        Ok(ReplayMade {
            gif: gif.bytes,
            frames: gif.frames,
            dropped: gif.dropped,
            scaled_down: gif.scaled_down,
            scale: gif.scale,
        })
    }
}

/// What a noted table marks: practice, its words' language, who won and
/// the seats' clocks.
fn note_marks(note: TableNote) -> SeatMarks {
    SeatMarks {
        practice: note.practice,
        lang: note.lang,
        standings: Some(note.standings),
        clocks: note.clocks,
        ..SeatMarks::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Setup;

    #[test]
    fn a_practice_table_says_so_and_a_counted_one_is_the_plain_table() {
        let game = Game::new(Setup::new(["ana", "ben"], 7)).expect("a valid setup");
        let painter = RenderPainter;
        let plain = painter.table(&game, &[]).expect("drawn");
        let counted = painter
            .table_noted(&game, &[], TableNote::default())
            .expect("drawn");
        let practice = painter
            .table_noted(
                &game,
                &[],
                TableNote {
                    practice: true,
                    ..TableNote::default()
                },
            )
            .expect("drawn");
        assert_eq!(counted, plain);
        assert_ne!(practice, plain, "the practice mark is drawn");
    }
}
