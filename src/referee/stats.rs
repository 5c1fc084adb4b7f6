//! `/aq stats`: the finished games of a place (the server, or the channel of
//! a game without one) in numbers, and a player's own.
//!
//! Each seat's result is written in the transaction that finishes its game
//! ([`results_of`]); games finished before results were kept get theirs once,
//! by replaying them ([`Referee::fill_in_results`]), when the program starts
//! or at the latest before the first stats are read. Stats read only the
//! totals by player and by place (kept as games are opened and finish),
//! through indexes, never a game: the answer costs the same after ten games
//! or a million (BENCHMARKS.md), and a player's place on the leaderboard is
//! counted through its index (the people ahead of them).
//!
//! Every computer player of one level counts as one player ("Strong bot"):
//! their games and scores count in the place's numbers, but only people are
//! ranked.
//!
//! Ratings (`ratings.rs`) are shown beside them: the ratings' leaderboard,
//! computer levels included, and a player's rating with its recent history;
//! and the median time to move of the place's people (the ten with the
//! most finished games there), and of the channel's running game.
//!
//! Practice games (a player chose the seed or the deck, and so may have
//! known the order of the tiles) count in no figure at all: no result is
//! written for them, and the games counted are those dealt by the bot. They
//! are listed in `/aq games`, marked as practice.

use super::loaded::{bot_name, BOT_ID_PREFIX};
use super::{load, Loaded, Referee, Reply, Request};
use crate::cpu::Level;
use crate::engine::{Animal, Game};
use crate::lang::{Arg, Computer, Names, Text};
use crate::store::{
    self, AnimalCounts, GameStatus, NewResult, RatedGame, RatingRow, Skill, TimeToMove, Totals,
};
use crate::tournament::{EntrantId, Placing, TableResult};
use std::collections::BTreeSet;

/// Rated games a player's history shows.
pub const HISTORY_SIZE: i64 = 10;

/// Finished games a person needs to be ranked (the store keeps the count).
pub use crate::store::RANKED_FROM;
/// People shown on the leaderboard.
pub const LEADERBOARD_SIZE: i64 = 10;
/// Older games filled in per transaction, so the write lock is never held
/// long.
pub(super) const FILL_IN_BATCH: usize = 100;

/// The result of each seat of a finished game; none for a practice game.
pub(super) fn results_of(loaded: &Loaded, game: &Game, ended_at: &str) -> Vec<NewResult> {
    if loaded.row.practice {
        return Vec::new();
    }
    let won = loaded.standings(game).winners();
    loaded
        .seats
        .iter()
        .filter_map(|s| {
            let player = game.player(s.seat)?;
            let level = s
                .auto
                .as_deref()
                .filter(|_| s.user_id.starts_with(BOT_ID_PREFIX));
            let (user_id, name) = match level {
                Some(level) => (
                    format!("{BOT_ID_PREFIX}{level}"),
                    level
                        .parse::<Level>()
                        .map_or_else(|_| s.name.clone(), bot_name),
                ),
                None => (s.user_id.clone(), s.name.clone()),
            };
            Some(NewResult {
                game_id: loaded.row.id,
                seat: s.seat,
                guild: loaded.row.guild.clone(),
                channel: loaded.row.channel.clone(),
                computer: level.is_some(),
                user_id,
                name,
                score: i64::from(game.score(s.seat).total),
                won: won.contains(&s.seat),
                ended_at: ended_at.to_string(),
                animals: Animal::ALL.map(|a| i64::from(player.zoo.count(a))),
            })
        })
        .collect()
}

impl Referee {
    /// Writes the results of finished games that have none (games finished
    /// before results were kept), by replaying them, and brings their
    /// players' totals in line with all their results; once per referee (the
    /// first stats asked do it otherwise). Returns how many games were filled
    /// in. A damaged game is logged and left out.
    pub async fn fill_in_results(&self) -> anyhow::Result<usize> {
        let mut filled = 0;
        self.results_filled
            .get_or_try_init(|| async {
                filled = self.fill_in_missing().await?;
                self.fill_in_ratings_and_pace().await?;
                anyhow::Ok(())
            })
            .await?;
        Ok(filled)
    }

    /// [`Referee::fill_in_results`] each time: a second run finds nothing to
    /// do.
    async fn fill_in_missing(&self) -> anyhow::Result<usize> {
        let missing = {
            let mut conn = self.store.pool().acquire().await?;
            store::finished_without_results(&mut conn).await?
        };
        let mut filled = 0;
        for batch in missing.chunks(FILL_IN_BATCH) {
            let mut tx = self.store.write().await?;
            let mut players = BTreeSet::new();
            let mut places = BTreeSet::new();
            for &id in batch {
                let Some(row) = store::game_by_id(&mut tx, id).await? else {
                    continue;
                };
                if row.status != GameStatus::Finished || row.practice {
                    continue;
                }
                let ended_at = row.ended_at.clone().unwrap_or_default();
                let loaded = match load(&mut tx, row).await? {
                    Ok(loaded) => loaded,
                    Err(damage) => {
                        tracing::warn!(game = id, "no stats for game #{id}: {damage}");
                        continue;
                    }
                };
                let Some(game) = loaded.game.as_ref().filter(|g| g.is_over()) else {
                    tracing::warn!(game = id, "no stats for game #{id}: it is not over");
                    continue;
                };
                let results = results_of(&loaded, game, &ended_at);
                for r in &results {
                    players.insert((
                        store::scope_key(r.guild.as_deref(), &r.channel),
                        r.user_id.clone(),
                    ));
                }
                places.insert(store::scope_key(
                    loaded.row.guild.as_deref(),
                    &loaded.row.channel,
                ));
                store::record_results(&mut tx, &results).await?;
                filled += 1;
            }
            let players: Vec<(String, String)> = players.into_iter().collect();
            store::rebuild_totals(&mut tx, &players).await?;
            let places: Vec<String> = places.into_iter().collect();
            store::rebuild_place_totals(&mut tx, &places).await?;
            tx.commit().await?;
        }
        if filled > 0 {
            tracing::info!("results filled in for {filled} finished games");
        }
        Ok(filled)
    }

    /// `/aq stats [player]`, privately.
    pub(super) async fn stats(&self, req: &Request, player: Option<&str>) -> anyhow::Result<Reply> {
        self.fill_in_results().await?;
        let place = Text::msg(if req.guild.is_some() {
            "stats-this-server"
        } else {
            "stats-this-channel"
        });
        let scope = store::scope_key(req.guild.as_deref(), &req.channel);
        let mut tx = self.store.read().await?;
        if let Some(who) = player {
            let id = who
                .trim()
                .trim_start_matches("<@")
                .trim_start_matches('!')
                .trim_end_matches('>');
            // A computer player by its name in any language: its results'.
            let computer = computer_named(who);
            let (id, who) = match &computer {
                Some((id, name)) => (id.as_str(), name.as_str()),
                None => (id, who),
            };
            let Some(totals) = store::player_totals(&mut tx, &scope, id, who.trim()).await? else {
                return Ok(Reply::refused(
                    Text::msg("stats-nobody-called")
                        .arg("name", who.trim())
                        .arg("place", place),
                ));
            };
            let rank = store::rank_of(&mut tx, &scope, &totals.user_id).await?;
            let rating = store::player_rating(&mut tx, &scope, &totals.user_id).await?;
            let history =
                store::rating_history(&mut tx, &scope, &totals.user_id, HISTORY_SIZE).await?;
            let pace = store::player_pace(&mut tx, &scope, &totals.user_id).await?;
            let mut text = player_text(&totals, rank, place);
            text = text.then_line(rating_text(rating.as_ref(), &history));
            if let Some(pace) = pace {
                text = text.then_line(
                    Text::msg("stats-player-pace")
                        .arg("time", duration(pace.median_ms))
                        .arg("moves", pace.moves),
                );
            }
            return Ok(Reply::private_info(text));
        }
        let games = store::finished_games(&mut tx, req.guild.as_deref(), &req.channel).await?;
        let running = match store::open_game(&mut tx, &req.channel).await? {
            Some(row) if row.status == GameStatus::Running => Some((
                row.id,
                store::game_pace(&super::pace::counted_times(&mut tx, row.id).await?),
            )),
            _ => None,
        }
        .filter(|(_, pace)| !pace.is_empty());
        if games == 0 {
            let mut text = Text::msg("stats-no-games").arg("place", place);
            if let Some((game, pace)) = &running {
                text = text.then_line(game_pace_text(*game, pace));
            }
            return Ok(Reply::private_info(text));
        }
        let sums = store::place_totals(&mut tx, &scope).await?;
        let leaders = store::ranking(&mut tx, &scope, RANKED_FROM, Some(LEADERBOARD_SIZE)).await?;
        let unranked = store::unranked_people(&mut tx, &scope).await?;
        let board = store::rating_board(&mut tx, &scope, LEADERBOARD_SIZE).await?;
        let pace = store::pace_board(&mut tx, &scope, LEADERBOARD_SIZE).await?;
        let mut text = place_text(place, games, &sums, &leaders, unranked);
        text = text.then_line(board_text(&board));
        if !pace.is_empty() {
            text = text.then_line(pace_text(&pace));
        }
        if let Some((game, pace)) = &running {
            text = text.then_line(game_pace_text(*game, pace));
        }
        Ok(Reply::private_info(text))
    }
}

/// The animal with the most tiles (the first in the box's order on a tie),
/// if any.
fn favourite(animals: &AnimalCounts) -> Option<(Animal, i64)> {
    Animal::ALL
        .into_iter()
        .zip(animals.iter().copied())
        .filter(|(_, n)| *n > 0)
        .fold(None, |best, (a, n)| match best {
            Some((_, m)) if m >= n => best,
            _ => Some((a, n)),
        })
}

/// A rate as a percentage, in the language's digits.
fn percent(rate: f64) -> Arg {
    Arg::Dec {
        value: rate * 100.0,
        digits: 0,
    }
}

/// An average, with one digit after the point.
fn tenths(value: f64) -> Arg {
    Arg::Dec { value, digits: 1 }
}

/// The English ordinal suffix of `n` ("st", "nd", "rd", "th"): a hint the
/// English catalogue selects on; other languages write their ordinals from
/// the number alone.
fn ordinal(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// The favourite animal line: its plural word and how many tiles.
fn favourite_line(key: &'static str, animals: &AnimalCounts) -> Option<Text> {
    favourite(animals).map(|(animal, n)| {
        Text::msg(key)
            .arg("animals", crate::lang::engine::animals(animal))
            .arg("tiles", n)
    })
}

fn place_text(
    place: Text,
    games: i64,
    sums: &store::PlaceTotals,
    leaders: &[Totals],
    unranked: i64,
) -> Text {
    let mut lines = vec![Text::msg("stats-place")
        .arg("place", place)
        .arg("games", games)];
    if sums.seats > 0 {
        let average = tenths(sums.score_sum as f64 / sums.seats as f64);
        lines.push(match &sums.best {
            Some((best, name, game)) => Text::msg("stats-scores-best")
                .arg("average", average)
                .arg("best", *best)
                .arg("name", result_name(name))
                .arg("game", game.to_string()),
            None => Text::msg("stats-scores").arg("average", average),
        });
    }
    lines.extend(favourite_line("stats-favourite", &sums.animals));
    if sums.computer_wins > 0 {
        lines.push(Text::msg("stats-computer-wins").arg("times", sums.computer_wins));
    }
    lines.push(Text::msg("stats-leaderboard").arg("min", RANKED_FROM));
    if leaders.is_empty() {
        lines.push(Text::msg("stats-nobody-ranked").arg("min", RANKED_FROM));
    }
    for (i, t) in leaders.iter().enumerate() {
        lines.push(
            Text::msg("stats-leader")
                .arg("rank", format!("{:>2}", i + 1))
                .arg("name", result_name(&t.name))
                .arg("wins", t.wins)
                .arg("games", t.games)
                .arg("rate", percent(t.win_rate()))
                .arg("average", tenths(t.average()))
                .arg("best", t.best),
        );
    }
    if unranked > 0 {
        lines.push(
            Text::msg("stats-unranked")
                .arg("people", unranked)
                .arg("min", RANKED_FROM),
        );
    }
    lines.push(Text::msg("stats-own-numbers"));
    Text::Join {
        parts: lines,
        with: std::borrow::Cow::Borrowed("\n"),
    }
}

/// A player's own numbers; `rank` their place on the leaderboard and how
/// many are on it, when they are on it.
fn player_text(t: &Totals, rank: Option<(i64, i64)>, place: Text) -> Text {
    let mut lines = vec![
        Text::msg("stats-player")
            .arg("name", result_name(&t.name))
            .arg("place", place)
            .arg("games", t.games)
            .arg("wins", t.wins)
            .arg("rate", percent(t.win_rate())),
        Text::msg("stats-player-scores")
            .arg("average", tenths(t.average()))
            .arg("best", t.best)
            .arg("game", t.best_game.to_string()),
    ];
    lines.extend(favourite_line("stats-player-favourite", &t.animals));
    lines.push(if t.computer {
        Text::msg("stats-computer-not-ranked")
    } else if let Some((rank, of)) = rank {
        Text::msg("stats-player-rank")
            .arg("rank", rank)
            .arg("suffix", ordinal(rank as usize))
            .arg("of", of)
    } else {
        Text::msg("stats-player-not-ranked").arg("min", RANKED_FROM)
    });
    Text::lines(lines)
}

/// A rating's figures: the conservative estimate, the mean and the
/// deviation, one digit after the point.
fn skill_args(text: Text, skill: Skill) -> Text {
    text.arg("estimate", tenths(skill.conservative()))
        .arg("mean", tenths(skill.mu))
        .arg("deviation", tenths(skill.sigma))
}

/// The ratings' leaderboard (after a blank line): computer levels included,
/// by the conservative estimate.
fn board_text(board: &[RatingRow]) -> Text {
    let mut lines = vec![Text::msg("stats-ratings")];
    if board.is_empty() {
        lines.push(Text::msg("stats-nobody-rated"));
    }
    for (i, r) in board.iter().enumerate() {
        lines.push(skill_args(
            Text::msg("stats-rating")
                .arg("rank", format!("{:>2}", i + 1))
                .arg("name", result_name(&r.name))
                .arg("games", r.games),
            r.skill,
        ));
    }
    Text::lines(lines)
}

/// The people's median times to move in a place.
fn pace_text(pace: &[TimeToMove]) -> Text {
    let mut lines = vec![Text::msg("stats-pace")];
    lines.extend(pace.iter().map(pace_line));
    Text::lines(lines)
}

fn pace_line(p: &TimeToMove) -> Text {
    Text::msg("stats-pace-line")
        .arg("name", p.name.clone())
        .arg("time", duration(p.median_ms))
        .arg("moves", p.moves)
}

/// The people's median times to move in the channel's running game (shown
/// once someone has moved).
fn game_pace_text(game: i64, pace: &[TimeToMove]) -> Text {
    let mut lines = vec![Text::msg("stats-pace-game").arg("game", game.to_string())];
    lines.extend(pace.iter().map(pace_line));
    Text::lines(lines)
}

/// A player's current rating, their place on the ratings' board, and their
/// rating after each of their latest rated games.
fn rating_text(rating: Option<&(RatingRow, i64, i64)>, history: &[RatedGame]) -> Text {
    let Some((row, rank, of)) = rating else {
        return Text::msg("stats-player-unrated");
    };
    let mut lines = vec![skill_args(
        Text::msg("stats-player-rating")
            .arg("rank", *rank)
            .arg("suffix", ordinal(*rank as usize))
            .arg("of", *of)
            .arg("games", row.games),
        row.skill,
    )];
    if !history.is_empty() {
        lines.push(Text::msg("stats-player-history"));
    }
    for h in history {
        lines.push(skill_args(
            Text::msg("stats-player-history-line")
                .arg("game", h.game_id.to_string())
                .arg("place", h.place)
                .arg("suffix", ordinal(h.place))
                .arg("players", h.players),
            h.after,
        ));
    }
    Text::lines(lines)
}

/// A time to move in hours, minutes and seconds, in the reader's words.
fn duration(ms: i64) -> Arg {
    let s = ms.max(0) / 1000;
    let text = if s < 60 {
        Text::msg("stats-seconds").arg("s", s)
    } else if s < 3600 {
        Text::msg("stats-minutes").arg("m", s / 60).arg("s", s % 60)
    } else {
        Text::msg("stats-hours")
            .arg("h", s / 3600)
            .arg("m", s % 3600 / 60)
    };
    Arg::Text(Box::new(text))
}

/// The computer players the results name, one a level, as a table names
/// them: a computer player's result carries its level's stored name.
fn computers() -> Names {
    Names::new(Level::ALL.map(|level| (bot_name(level), Some(Computer { level, n: 1 }))))
}

/// The id and stored name of the level's computer player a player names,
/// by its stored name or its name in any language.
fn computer_named(who: &str) -> Option<(String, String)> {
    let names = computers();
    let seat = names.find(who)?;
    let level = Level::ALL.get(seat)?;
    Some((
        format!("{BOT_ID_PREFIX}{}", level.word()),
        names.stored().get(seat)?.clone(),
    ))
}

/// A name of the results as a reader reads it: a computer player's is the
/// catalogue's name for its level.
pub(super) fn result_name(name: &str) -> Arg {
    Arg::Text(Box::new(computers().in_text(Text::Raw(name.to_string()))))
}

/// How a game placed its players: its standings (seats voted out or out
/// of time last) and each seat's score.
pub(super) fn placings(loaded: &Loaded, game: &Game) -> Option<TableResult> {
    let standings = loaded.standings(game);
    let placings = loaded
        .seats
        .iter()
        .map(|s| Placing {
            entrant: EntrantId::new(&s.user_id),
            place: standings.place(s.seat).unwrap_or(loaded.seats.len()),
            score: game.score(s.seat).total,
        })
        .collect();
    TableResult::new(placings).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(|n| format!("{n}{}", ordinal(n)))
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn the_favourite_animal_has_the_most_tiles_and_the_box_breaks_ties() {
        assert_eq!(favourite(&[0; 8]), None);
        assert_eq!(
            favourite(&[1, 4, 0, 4, 0, 0, 0, 2]),
            Some((Animal::Orca, 4))
        );
    }
}
