//! A tournament as its messages name it, in the reader's language: its
//! title, tournament points, and its standings a line each (and as their
//! picture shows them, with the picture's words for those who cannot see
//! it); shared by the
//! `tournament` command (`tournaments.rs`) and the rounds that run by
//! themselves (`rounds.rs`); and the tournament a game is a table of.

use crate::lang::{Arg, Text};
use crate::store::{EntrantRow, TournamentRow};
use crate::tournament::{Points, Standing};
use crate::view::standings::{StandingsCard, StandingsRow, MOST_ROWS};

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

/// The name `s`'s entrant signed up by.
fn name_of(entrants: &[EntrantRow], s: &Standing) -> String {
    entrants
        .iter()
        .find(|e| e.user_id == s.entrant.as_str())
        .map_or_else(|| s.entrant.to_string(), |e| e.name.clone())
}

/// Buchholz, to one decimal.
fn buchholz(s: &Standing) -> Arg {
    Arg::Dec {
        value: s.buchholz.as_points(),
        digits: 1,
    }
}

/// The standings as their picture shows them: under `head`, the first
/// [`MOST_ROWS`] players, the rest counted.
pub(super) fn standings_card(
    head: Text,
    entrants: &[EntrantRow],
    standings: &[Standing],
) -> StandingsCard {
    let number = |value: Arg| Text::msg("picture-standings-number").arg("value", value);
    StandingsCard {
        head,
        rows: standings
            .iter()
            .take(MOST_ROWS)
            .map(|s| StandingsRow {
                place: s.place,
                name: name_of(entrants, s),
                points: number(points(s.points)),
                games: s.games,
                byes: s.byes,
                game_points: s.game_points,
                buchholz: number(buchholz(s)),
            })
            .collect(),
        left_out: standings.len().saturating_sub(MOST_ROWS),
    }
}

/// The standings picture in words, for those who cannot see it: its head,
/// the players it shows a line each, and how many more there are (said
/// within an alt text's length by the front end).
pub(super) fn standings_alt(card: &StandingsCard) -> Text {
    let mut lines = vec![card.head.clone()];
    if card.rows.is_empty() {
        lines.push(Text::msg("picture-standings-nobody"));
    }
    lines.extend(card.rows.iter().map(|r| {
        Text::msg("tournament-standings-line")
            .arg("place", r.place)
            .arg("name", r.name.clone())
            .arg("points", r.points.clone())
            .arg("games", i64::from(r.games))
            .arg("byes", i64::from(r.byes))
            .arg("game_points", r.game_points)
            .arg("buchholz", r.buchholz.clone())
    }));
    if card.left_out > 0 {
        lines.push(Text::msg("picture-standings-more").arg("count", card.left_out));
    }
    Text::lines(lines)
}

/// The standings, a line each, with the names the entrants signed up by.
pub(super) fn standings_lines(entrants: &[EntrantRow], standings: &[Standing]) -> Text {
    Text::lines(
        standings
            .iter()
            .map(|s| {
                let name = name_of(entrants, s);
                Text::msg("tournament-standings-line")
                    .arg("place", s.place)
                    .arg("name", name)
                    .arg("points", points(s.points))
                    .arg("games", i64::from(s.games))
                    .arg("byes", i64::from(s.byes))
                    .arg("game_points", s.game_points)
                    .arg("buchholz", buchholz(s))
            })
            .collect(),
    )
}
