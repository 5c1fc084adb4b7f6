//! What each picture of a game shows, in words: the facts a description is
//! made from (the game's number, its players as a reader names them, the
//! standings, practice), gathered from a loaded game and handed to
//! [`crate::view::describe`], which words them. Each picture a reply
//! carries has its description ([`super::Picture::alt`]); the web's `alt`
//! is the same text.
//!
//! The whole table read in order is `board text` and the Describe button
//! under a table's message ([`Referee::press_describe`]): private, in the
//! reader's language, the table as that message shows it.

use super::press::Press;
use super::{Loaded, Referee, Reply};
use crate::clock::Millis;
use crate::engine::{Event, Game, Seat};
use crate::lang::Text;
use crate::view::clocks::SeatTime;
use crate::view::controls::ControlId;
use crate::view::describe::{self, Seen};
use crate::view::score_card::ScoreCard;

impl Loaded {
    /// The facts of `game` (a position of this game) and `f` of them.
    fn seen<T>(&self, game: &Game, f: impl FnOnce(&Seen) -> T) -> T {
        self.seen_clocked(game, &[], f)
    }

    /// [`Loaded::seen`] with the seats' clocks (see [`Seen::clocks`]).
    fn seen_clocked<T>(
        &self,
        game: &Game,
        clocks: &[Option<SeatTime>],
        f: impl FnOnce(&Seen) -> T,
    ) -> T {
        let names = self.table_names();
        let standings = self.standings(game);
        let out_of_time: Vec<Seat> = (self.seats.iter().enumerate())
            .filter(|(_, s)| s.ran_out_of_time())
            .map(|(seat, _)| seat)
            .collect();
        f(&Seen {
            game_id: self.row.id,
            game,
            names: &names,
            standings: &standings,
            practice: self.row.practice,
            clocks,
            out_of_time: &out_of_time,
        })
    }

    /// The table's picture of `game` after a move that did `events`.
    pub fn describe_table(&self, game: &Game, events: &[Event]) -> Text {
        self.seen(game, |s| s.table(events))
    }

    /// [`Loaded::describe_table`] of a table that shows the seats' clocks.
    pub(super) fn describe_table_clocked(
        &self,
        game: &Game,
        events: &[Event],
        clocks: &[Option<SeatTime>],
    ) -> Text {
        self.seen_clocked(game, clocks, |s| s.table(events))
    }

    /// The seats' clocks a table of `game` shows at `now`: those of the
    /// game as it stands while it runs; none for a position of its past
    /// (its clocks then are not kept) or a game without clocks.
    pub(super) fn clocks_shown(&self, game: &Game, now: Millis) -> Vec<Option<SeatTime>> {
        if game.is_over() || self.game.as_ref() != Some(game) {
            return Vec::new();
        }
        super::clocks::seat_times(self, now)
    }

    /// The table's picture right after entry `n` of the log (0: the
    /// start), as a history move and a web page show it.
    pub fn describe_entry(&self, n: usize) -> Text {
        match self.after_entry(n.min(self.log.len())) {
            Ok((game, events)) => self.describe_table(&game, &events),
            Err(_) => Text::empty(),
        }
    }

    /// One zoo's picture.
    pub fn describe_zoo(&self, game: &Game, seat: Seat) -> Text {
        self.seen(game, |s| s.zoo(seat))
    }

    /// The whole table in words, read in order (`board text`).
    pub fn describe_board(&self, game: &Game) -> Text {
        self.seen(game, |s| s.board())
    }

    /// [`Loaded::describe_board`] with the seats' clocks at `now`, when
    /// `game` is the game as it stands.
    pub(super) fn describe_board_now(&self, game: &Game, now: Millis) -> Text {
        let clocks = self.clocks_shown(game, now);
        self.seen_clocked(game, &clocks, |s| s.board())
    }

    /// The whole table right after entry `n` of the log (past its end: the
    /// game as it stands, with its clocks at `now`), as a table's message
    /// made then shows it.
    pub(super) fn describe_board_at(&self, n: usize, now: Millis) -> Text {
        match self.replay_to(n.min(self.log.len())) {
            Ok(game) => self.describe_board_now(&game, now),
            Err(_) => Text::empty(),
        }
    }

    /// A replay up to `game`, showing `moves` moves.
    pub fn describe_replay(&self, game: &Game, moves: usize) -> Text {
        self.seen(game, |s| s.replay(moves))
    }

    /// A finished game's score card.
    pub fn describe_score_card(&self, card: &ScoreCard) -> Text {
        describe::score_card(card, &self.table_names())
    }
}

impl Referee {
    /// The Describe button under a table's message: that table in words,
    /// privately, to anyone who presses it (the game may have moved on or
    /// ended since; the text is still the table the message shows).
    pub(super) async fn press_describe(
        &self,
        press: &Press,
        id: ControlId,
    ) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(
                press.guild.as_deref(),
                &press.channel,
                Some(id.game),
                // The message's game is this channel's: anyone here sees it.
                super::history::Asker {
                    user: &press.actor.id,
                    sees_all: false,
                },
            )
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        if loaded.game.is_none() {
            return Ok(Reply::refused(
                Text::msg("press-not-started").arg("game", id.game.to_string()),
            ));
        }
        let at = usize::try_from(id.seq).unwrap_or(usize::MAX);
        let mut reply = Reply::private_info(loaded.describe_board_at(at, self.clock.now()));
        reply.game_id = Some(loaded.row.id);
        Ok(reply)
    }
}
