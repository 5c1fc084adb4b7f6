//! Ratings: every finished game that counts rates its players (and the
//! older games are filled in: their ratings, their moves' times).
//!
//! **Ratings** are Weng-Lin's (the OpenSkill Bayesian rating, from the
//! `skillratings` crate, `weng_lin_multi_team` with one player a team): a
//! game of Aquaretto has 2 to 5 players whose final places may tie, and
//! Weng-Lin rates such a game as one outcome, where Elo and Glicko compare
//! players two by two. A rating is a mean and a deviation; the leaderboard
//! orders by the conservative estimate, mean less three deviations, so a
//! player with few games does not top it by luck.
//!
//! - Per place: the server, or the channel of a game without one (as the
//!   stats, [`store::scope_key`]).
//! - Places: the game's standings ([`crate::engine::standings()`]): by the
//!   final total, ties broken by coins, as the rules say; equal on both is a
//!   tie. A seat handed to the computer (its person voted out for being
//!   idle, or out of time three times) ranks last.
//! - Who is rated: each person, and each computer level as one player of its
//!   own ("Strong bot"), so a server sees how strong its levels are against
//!   its people. Not rated: the person whose seat was handed to the computer
//!   by a vote (the seat still counts as an opponent, with that person's
//!   rating, which stays as it was); a seat handed over because its clock
//!   ran out three times is rated, last, so letting the clock run out never
//!   saves a player a loss (in a game of two as in a larger one: a clock is
//!   the same for every seat and no change reaches a turn under way), and a second seat of one computer level in a game
//!   (an opponent too; the level's rating moves once a game, by its first
//!   seat). Practice games and abandoned games are never rated, but for
//!   one: a person alone against computer players who abandons a running
//!   game loses it ([`forfeit_contestants`]: last, the computers first).
//!   Voted out where one vote was enough (two people at the table), the
//!   game ends unrated instead (`waiting.rs`).
//! - Order: games are rated in the order they finished. Each seat's part is
//!   stored with its place and its rating before and after
//!   (`rating_changes`), so a place's ratings can be recomputed from those
//!   rows; a game filled in later than games that finished after it (see
//!   [`Referee::fill_in_results`]) has its place's ratings recomputed in
//!   finish order.
//!
//! Moves are timed in `pace.rs`; the older games whose moves were never
//! counted are filled in here, with their ratings.

use super::loaded::BOT_ID_PREFIX;
use super::{Loaded, Referee};
use crate::clock::{parse_rfc3339, Millis};
use crate::engine::Game;
use crate::store::{self, NewResult, RatingChange, SeatRow, Skill};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use sqlx::AnyConnection;
use std::collections::{BTreeSet, HashMap};

/// A new player's rating (the crate's: 25 and 25/3).
pub fn new_skill() -> Skill {
    let r = WengLinRating::new();
    Skill {
        mu: r.rating,
        sigma: r.uncertainty,
    }
}

/// The ratings after one game: `before` each seat's rating, `places` each
/// seat's place (1 the best, equal places tied). The crate's own
/// `weng_lin_multi_team` with its default configuration, one player a team.
pub fn rate(before: &[Skill], places: &[usize]) -> Vec<Skill> {
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|s| {
            [WengLinRating {
                rating: s.mu,
                uncertainty: s.sigma,
            }]
        })
        .collect();
    let outcome: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(t, p)| (&t[..], MultiTeamOutcome::new(*p)))
        .collect();
    weng_lin_multi_team(&outcome, &WengLinConfig::new())
        .into_iter()
        .zip(before)
        .map(|(team, b)| {
            team.first().map_or(*b, |r| Skill {
                mu: r.rating,
                sigma: r.uncertainty,
            })
        })
        .collect()
}

/// A seat of a finished game, as its rating sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contestant {
    pub seat: usize,
    /// The person's id, or one id a computer level (as the results').
    pub user_id: String,
    pub name: String,
    pub computer: bool,
    pub place: usize,
    /// Whether its rating moves (else it is an opponent only).
    pub rated: bool,
}

/// The contestants of a finished game from its results (none for practice)
/// and its seats.
pub(super) fn contestants(loaded: &Loaded, game: &Game, results: &[NewResult]) -> Vec<Contestant> {
    let standings = loaded.standings(game);
    let places = standings.places();
    let mut seen = BTreeSet::new();
    results
        .iter()
        .map(|r| {
            // Handed over by a vote: its person is not rated. Handed over
            // for running out of time: rated, last (the clock is the
            // player's own doing, so it cannot save them a loss).
            let handed = loaded.seats.get(r.seat).is_some_and(|s| {
                s.is_auto() && !s.user_id.starts_with(BOT_ID_PREFIX) && !s.ran_out_of_time()
            });
            Contestant {
                seat: r.seat,
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                computer: r.computer,
                place: places.get(r.seat).copied().unwrap_or(places.len()),
                rated: !handed && seen.insert(r.user_id.clone()),
            }
        })
        .collect()
}

/// The contestants of a running game that `forfeiter` abandoned alone
/// against computer players: they rank last (with any person voted out
/// before), every other seat shares the first place; rated as a finished
/// game's (a computer level once, a person voted out not).
pub(super) fn forfeit_contestants(seats: &[SeatRow], forfeiter: &str) -> Vec<Contestant> {
    let behind = |s: &SeatRow| s.user_id == forfeiter || s.removed_at.is_some();
    let out_count = seats.iter().filter(|s| behind(s)).count();
    let mut seen = BTreeSet::new();
    seats
        .iter()
        .map(|s| {
            let level = s
                .auto
                .as_deref()
                .filter(|_| s.user_id.starts_with(BOT_ID_PREFIX));
            let (user_id, name) = match level {
                Some(level) => (
                    format!("{BOT_ID_PREFIX}{level}"),
                    level
                        .parse::<crate::cpu::Level>()
                        .map_or_else(|_| s.name.clone(), super::loaded::bot_name),
                ),
                None => (s.user_id.clone(), s.name.clone()),
            };
            let handed = s.is_auto() && !s.user_id.starts_with(BOT_ID_PREFIX);
            Contestant {
                seat: s.seat,
                place: if behind(s) {
                    seats.len() - out_count + 1
                } else {
                    1
                },
                computer: level.is_some(),
                rated: !handed && seen.insert(user_id.clone()),
                user_id,
                name,
            }
        })
        .collect()
}

/// Rates one finished game of a place from its players' current ratings,
/// and stores its changes. Returns whether a game that finished after it was
/// already rated there: then the place's ratings must be recomputed
/// ([`rerate`]) for the order to hold.
pub async fn rate_game(
    conn: &mut AnyConnection,
    scope: &str,
    game_id: i64,
    finished_ms: Millis,
    contestants: &[Contestant],
) -> anyhow::Result<bool> {
    if contestants.len() < 2 {
        return Ok(false);
    }
    store::lock_ratings(conn, scope).await?;
    let late = store::last_rated(conn, scope)
        .await?
        .is_some_and(|last| last > (finished_ms, game_id));
    let ids: Vec<&str> = contestants.iter().map(|c| c.user_id.as_str()).collect();
    let current = store::current_ratings(conn, scope, &ids).await?;
    let before: Vec<Skill> = ids
        .iter()
        .map(|id| current.get(*id).copied().unwrap_or_else(new_skill))
        .collect();
    let places: Vec<usize> = contestants.iter().map(|c| c.place).collect();
    let after = rate(&before, &places);
    let changes: Vec<RatingChange> = contestants
        .iter()
        .zip(before.iter().zip(after))
        .map(|(c, (b, a))| RatingChange {
            game_id,
            seat: c.seat,
            scope: scope.to_string(),
            user_id: c.user_id.clone(),
            name: c.name.clone(),
            computer: c.computer,
            place: c.place,
            rated: c.rated,
            finished_ms,
            before: *b,
            after: if c.rated { a } else { *b },
        })
        .collect();
    store::record_rating_changes(conn, &changes).await?;
    Ok(late)
}

/// Recomputes a place's ratings from its stored rating changes, game by
/// game in the order they finished.
pub async fn rerate(conn: &mut AnyConnection, scope: &str) -> anyhow::Result<()> {
    store::lock_ratings(conn, scope).await?;
    let old = store::rating_changes_in_order(conn, scope).await?;
    store::clear_ratings(conn, scope).await?;
    let mut now: HashMap<String, Skill> = HashMap::new();
    for game in old.chunk_by(|a, b| a.game_id == b.game_id) {
        let before: Vec<Skill> = game
            .iter()
            .map(|c| now.get(&c.user_id).copied().unwrap_or_else(new_skill))
            .collect();
        let places: Vec<usize> = game.iter().map(|c| c.place).collect();
        let after = rate(&before, &places);
        let changes: Vec<RatingChange> = game
            .iter()
            .zip(before.into_iter().zip(after))
            .map(|(c, (b, a))| RatingChange {
                before: b,
                after: if c.rated { a } else { b },
                ..c.clone()
            })
            .collect();
        for c in changes.iter().filter(|c| c.rated) {
            now.insert(c.user_id.clone(), c.after);
        }
        store::record_rating_changes(conn, &changes).await?;
    }
    Ok(())
}

impl Referee {
    /// Rates the finished games that count and have no rating yet (games
    /// finished before ratings were kept), in the order they finished, and
    /// times the moves of games that have untimed moves; part of
    /// [`Referee::fill_in_results`]. A damaged game is logged and left out.
    pub(super) async fn fill_in_ratings_and_pace(&self) -> anyhow::Result<()> {
        self.forget_uncounted().await?;
        let (unrated, untimed) = {
            let mut conn = self.store.pool().acquire().await?;
            (
                store::finished_without_ratings(&mut conn).await?,
                store::games_with_untimed_moves(&mut conn, BOT_ID_PREFIX).await?,
            )
        };
        for batch in unrated.chunks(super::stats::FILL_IN_BATCH) {
            let mut tx = self.store.write().await?;
            let mut late = BTreeSet::new();
            for &id in batch {
                let Some(row) = store::game_by_id(&mut tx, id).await? else {
                    continue;
                };
                if row.status != store::GameStatus::Finished || row.practice {
                    continue;
                }
                let ended_at = row.ended_at.clone().unwrap_or_default();
                let finished_ms = parse_rfc3339(&ended_at).unwrap_or_default();
                let loaded = match super::load(&mut tx, row).await? {
                    Ok(loaded) => loaded,
                    Err(damage) => {
                        tracing::warn!(game = id, "no rating for game #{id}: {damage}");
                        continue;
                    }
                };
                let Some(game) = loaded.game.as_ref().filter(|g| g.is_over()) else {
                    continue;
                };
                let results = super::stats::results_of(&loaded, game, &ended_at);
                let all = contestants(&loaded, game, &results);
                let scope = store::scope_key(loaded.row.guild.as_deref(), &loaded.row.channel);
                if rate_game(&mut tx, &scope, id, finished_ms, &all).await? {
                    late.insert(scope);
                }
            }
            for scope in &late {
                rerate(&mut tx, scope).await?;
            }
            tx.commit().await?;
        }
        for batch in untimed.chunks(super::stats::FILL_IN_BATCH) {
            let mut tx = self.store.write().await?;
            let mut people = BTreeSet::new();
            for &id in batch {
                let Some(row) = store::game_by_id(&mut tx, id).await? else {
                    continue;
                };
                let seats = store::seats(&mut tx, id).await?;
                let log = store::moves(&mut tx, id).await?;
                let loaded = Loaded {
                    row,
                    seats,
                    log,
                    game: None,
                };
                let times = super::pace::move_times(&loaded);
                people.extend(times.iter().map(|t| (t.scope.clone(), t.user_id.clone())));
                store::record_move_times(&mut tx, &times).await?;
            }
            // Their counts again from all their times: a person's times
            // counted now may be counted already (a mark lost, the counts
            // kept).
            let people: Vec<(String, String)> = people.into_iter().collect();
            super::pace::recount_pace(&mut tx, &people).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Forgets the ratings and times of games that no longer count (a game
    /// made practice since, as older games with a stacked deck were when
    /// practice was first kept), and recomputes their places' ratings.
    async fn forget_uncounted(&self) -> anyhow::Result<()> {
        let uncounted = {
            let mut conn = self.store.pool().acquire().await?;
            store::uncounted_games(&mut conn).await?
        };
        if uncounted.is_empty() {
            return Ok(());
        }
        let mut tx = self.store.write().await?;
        let mut scopes = BTreeSet::new();
        let mut places = BTreeSet::new();
        for (id, scope) in uncounted {
            super::pace::forget_pace(&mut tx, id).await?;
            store::forget_rating_changes(&mut tx, id).await?;
            scopes.extend(scope);
            if let Some(row) = store::game_by_id(&mut tx, id).await? {
                places.insert(store::scope_key(row.guild.as_deref(), &row.channel));
            }
        }
        for scope in &scopes {
            rerate(&mut tx, scope).await?;
        }
        // The game may have been counted among its place's finished games.
        let places: Vec<String> = places.into_iter().collect();
        store::rebuild_place_totals(&mut tx, &places).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_places_tie_and_rate_alike() {
        let before = [new_skill(), new_skill(), new_skill()];
        let after = rate(&before, &[1, 1, 3]);
        assert_eq!(after[0], after[1]);
        assert!(after[0].mu > before[0].mu && after[2].mu < before[2].mu);
        assert!(after.iter().all(|s| s.sigma < before[0].sigma));
    }
}
