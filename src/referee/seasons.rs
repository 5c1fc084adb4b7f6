//! `season`: a place's leaderboard by season (its rated games of a
//! calendar month or quarter, ratings carried on), and the place's choice
//! of length. The arithmetic is `crate::tournament::season`; the rows
//! `store::seasons`.
//!
//! A season under way is read from its running totals (`season_people`:
//! one row a person, added to as each game is rated; its first
//! [`SEASON_SIZE`] and its counts are what is read; a place rated before
//! they were kept has them made from its rating changes the first time);
//! a season that ended is kept the first time it is asked for
//! (`seasons_kept`), and read from there ever after: what it said when it
//! ended it says for good, whatever the length chosen later.
//!
//! Who may choose the length: in a server, those who may manage it; in a
//! place without a server (the terminal), whoever manages the channel.

use super::{Referee, Reply, Request};
use crate::lang::{Arg, Text};
use crate::store::{self, KeptSeason};
use crate::tournament::season::{
    rank_season, Season, SeasonLength, SeasonLine, SeasonStandings, RANKED_FROM,
};

/// People a season's standings show.
pub const SEASON_SIZE: usize = 10;

/// The place's standings for a season: what the server's page shows too.
#[derive(Debug, Clone)]
pub struct SeasonView {
    pub season: Season,
    /// Rated games in it.
    pub games: i64,
    /// The people ranked: all of them once it ended, the first
    /// [`SEASON_SIZE`] while under way.
    pub standings: SeasonStandings,
    /// How many are ranked in all.
    pub ranked: usize,
    /// It ended (and is kept as it was).
    pub ended: bool,
}

impl Referee {
    /// `season [which:<this|last|2026-11|2026-Q4>] [length:<month|quarter|off>]`.
    pub(super) async fn season(
        &self,
        req: &Request,
        which: Option<&str>,
        length: Option<SeasonLength>,
    ) -> anyhow::Result<Reply> {
        let scope = store::scope_key(req.guild.as_deref(), &req.channel);
        let mut said = Vec::new();
        if let Some(length) = length {
            let may = if req.guild.is_some() {
                req.via.manages_server
            } else {
                req.actor.manages_channel
            };
            if !may {
                return Ok(Reply::refused(Text::msg("season-length-who")));
            }
            let mut tx = self.store.write().await?;
            store::set_season_length(&mut tx, &scope, length, self.clock.now()).await?;
            tx.commit().await?;
            said.push(Text::msg("season-length-set").arg("length", length.word()));
        }
        let chosen = {
            let mut tx = self.store.read().await?;
            store::season_length(&mut tx, &scope).await?
        }
        .unwrap_or_default();
        let place = Text::msg(if req.guild.is_some() {
            "stats-this-server"
        } else {
            "stats-this-channel"
        });
        let Some(current) = Season::at(self.clock.now(), chosen) else {
            if which.is_some() || said.is_empty() {
                said.push(Text::msg("season-off").arg("place", place));
            }
            return Ok(Reply::private_info(Text::lines(said)));
        };
        let season = match which.map(|w| w.trim().to_ascii_lowercase()).as_deref() {
            None | Some("" | "this" | "current") => current,
            Some("last" | "previous") => current.previous(),
            Some(name) => match Season::parse(name) {
                Some(season) => season,
                None => {
                    return Ok(Reply::refused(
                        Text::msg("season-unknown").arg("which", name.to_string()),
                    ))
                }
            },
        };
        if season.start_ms() > self.clock.now() {
            return Ok(Reply::refused(
                Text::msg("season-not-begun").arg("season", season.to_string()),
            ));
        }
        let view = self.season_view(&scope, season).await?;
        said.push(season_text(&view, place, current));
        Ok(Reply::private_info(Text::lines(said)))
    }

    /// The place's season that holds the moment now, by the length it
    /// chose; `None` when its seasons are off.
    pub(super) async fn current_season(&self, scope: &str) -> anyhow::Result<Option<SeasonView>> {
        let chosen = {
            let mut tx = self.store.read().await?;
            store::season_length(&mut tx, scope).await?
        }
        .unwrap_or_default();
        match Season::at(self.clock.now(), chosen) {
            Some(season) => Ok(Some(self.season_view(scope, season).await?)),
            None => Ok(None),
        }
    }

    /// A season's standings in `scope`: kept if it ended (kept now, the
    /// first time, from its running totals), its first [`SEASON_SIZE`]
    /// and its counts read from the running totals while under way.
    async fn season_view(&self, scope: &str, season: Season) -> anyhow::Result<SeasonView> {
        self.fill_in_results().await?;
        let now = self.clock.now();
        let name = season.to_string();
        let ended = season.end_ms() <= now;
        if ended {
            let mut tx = self.store.read().await?;
            if let Some(kept) = store::kept_season(&mut tx, scope, &name).await? {
                return Ok(view(season, kept, true));
            }
        }
        let made = {
            let mut tx = self.store.read().await?;
            store::season_totals_made(&mut tx, scope).await?
        };
        if !made {
            // A place rated before the totals were kept: made whole from
            // its rating changes, once.
            let mut tx = self.store.write().await?;
            store::lock_ratings(&mut tx, scope).await?;
            if !store::season_totals_made(&mut tx, scope).await? {
                store::make_season_totals(&mut tx, scope, now).await?;
            }
            tx.commit().await?;
        }
        let mut tx = self.store.read().await?;
        if !ended {
            let top = store::season_top(&mut tx, scope, &name, SEASON_SIZE).await?;
            return Ok(SeasonView {
                season,
                games: top.games,
                ranked: usize::try_from(top.ranked).unwrap_or(0),
                standings: SeasonStandings {
                    ranked: top.first,
                    unranked: usize::try_from(top.unranked).unwrap_or(0),
                },
                ended: false,
            });
        }
        let (lines, count) = store::season_totals(&mut tx, scope, &name).await?;
        drop(tx);
        let kept = KeptSeason {
            games: count,
            standings: rank_season(lines),
        };
        let mut tx = self.store.write().await?;
        store::keep_season(&mut tx, scope, &name, &kept, now).await?;
        // Another process may have kept it first: what is kept is said.
        let kept = store::kept_season(&mut tx, scope, &name)
            .await?
            .unwrap_or(kept);
        tx.commit().await?;
        Ok(view(season, kept, true))
    }
}

fn view(season: Season, kept: KeptSeason, ended: bool) -> SeasonView {
    SeasonView {
        season,
        games: kept.games,
        ranked: kept.standings.ranked.len(),
        standings: kept.standings,
        ended,
    }
}

/// A season's standings in words: its name and span, the people ranked
/// (at most [`SEASON_SIZE`]), how many more played, and how the season
/// ranks.
pub fn season_text(view: &SeasonView, place: Text, current: Season) -> Text {
    let season = view.season;
    let mut lines = vec![Text::msg("season-title")
        .arg("season", season.to_string())
        .arg("place", place)
        .arg("games", view.games)];
    if view.standings.ranked.is_empty() {
        lines.push(Text::msg("season-nobody").arg("min", RANKED_FROM as i64));
    }
    for (i, line) in view.standings.ranked.iter().take(SEASON_SIZE).enumerate() {
        lines.push(season_line(i + 1, line));
    }
    let hidden = view.ranked.saturating_sub(SEASON_SIZE);
    if hidden > 0 {
        lines.push(Text::msg("season-more").arg("people", hidden as i64));
    }
    if view.standings.unranked > 0 {
        lines.push(
            Text::msg("season-unranked")
                .arg("people", view.standings.unranked as i64)
                .arg("min", RANKED_FROM as i64),
        );
    }
    lines.push(Text::msg("season-how").arg("min", RANKED_FROM as i64));
    lines.push(if view.ended {
        Text::msg("season-kept")
    } else if season == current {
        Text::msg("season-ends").arg("end", Arg::Time(season.end_ms()))
    } else {
        Text::msg("season-other-length")
    });
    Text::lines(lines)
}

/// One person's line: rank, name, rating at the season's end, what it
/// gained in the season, games and wins.
fn season_line(rank: usize, line: &SeasonLine) -> Text {
    let gained = Arg::Text(Box::new(
        Text::msg(if line.gained < 0.0 {
            "season-down"
        } else {
            "season-up"
        })
        .arg(
            "by",
            Arg::Dec {
                value: line.gained.abs(),
                digits: 1,
            },
        ),
    ));
    Text::msg("season-line")
        .arg("rank", format!("{rank:>2}"))
        .arg("name", super::stats::result_name(&line.name))
        .arg(
            "estimate",
            Arg::Dec {
                value: line.estimate(),
                digits: 1,
            },
        )
        .arg("gained", gained)
        .arg("games", line.games as i64)
        .arg("wins", line.wins as i64)
}
