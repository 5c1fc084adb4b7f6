//! A tournament as its messages name it, in the reader's language: its
//! title, tournament points, and its standings a line each; shared by the
//! `tournament` command (`tournaments.rs`) and the rounds that run by
//! themselves (`rounds.rs`); and the tournament a game is a table of.

use crate::lang::{Arg, Text};
use crate::store::{EntrantRow, TournamentRow};
use crate::tournament::{Points, Standing};

/// The title of the running tournament game `game` is a table of, if it is
/// one: while it runs, the table's settings and its end are the
/// tournament's (`lobby.rs` refuses `abandon`, `waiting.rs` the settings
/// that change how it plays).
pub(super) async fn running_table(
    conn: &mut sqlx::AnyConnection,
    game: i64,
) -> anyhow::Result<Option<Text>> {
    Ok(crate::store::running_tournament_of_game(conn, game)
        .await?
        .map(|t| title(&t)))
}

/// A tournament's name, or "Tournament #<id>" in the reader's language.
pub(super) fn title(row: &TournamentRow) -> Text {
    match &row.name {
        Some(name) => Text::msg("tournament-named")
            .arg("name", name.clone())
            .arg("id", row.id.to_string()),
        None => Text::msg("tournament-unnamed").arg("id", row.id.to_string()),
    }
}

/// Tournament points, a half shown as such.
pub(super) fn points(p: Points) -> Arg {
    Arg::Dec {
        value: f64::from(p.halves()) / 2.0,
        digits: if p.has_half() { 1 } else { 0 },
    }
}

/// The standings, a line each, with the names the entrants signed up by.
pub(super) fn standings_lines(entrants: &[EntrantRow], standings: &[Standing]) -> Text {
    Text::lines(
        standings
            .iter()
            .map(|s| {
                let name = entrants
                    .iter()
                    .find(|e| e.user_id == s.entrant.as_str())
                    .map_or_else(|| s.entrant.to_string(), |e| e.name.clone());
                Text::msg("tournament-standings-line")
                    .arg("place", s.place)
                    .arg("name", name)
                    .arg("points", points(s.points))
                    .arg("games", i64::from(s.games))
                    .arg("byes", i64::from(s.byes))
                    .arg("game_points", s.game_points)
                    .arg(
                        "buchholz",
                        Arg::Dec {
                            value: s.buchholz.as_points(),
                            digits: 1,
                        },
                    )
            })
            .collect(),
    )
}
