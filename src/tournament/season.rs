//! Seasons, as arithmetic: a place's rated games cut into calendar months
//! or quarters (UTC), and each season's standings made from the rating
//! changes of its games. Pure: the moment to place comes in as
//! milliseconds since 1970, the changes as plain rows.
//!
//! Ratings carry on from one season to the next (nothing is reset): a
//! season's standings rank the people who played at least
//! [`RANKED_FROM`] rated games in it by their rating's conservative
//! estimate after their last game of the season, then by games played,
//! then by name; beside it each shows the rating gained or lost in the
//! season, its games and its wins.

use std::collections::BTreeMap;
use std::fmt;

/// Rated games a person needs in a season to be ranked in it.
pub const RANKED_FROM: usize = 3;

/// How long a place's seasons last: its choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SeasonLength {
    Month,
    /// Three months: January to March, April to June, July to September,
    /// October to December. A place that never chose has these.
    #[default]
    Quarter,
    /// No seasons: the leaderboard is the all-time one alone.
    Off,
}

impl SeasonLength {
    pub const ALL: [SeasonLength; 3] = [
        SeasonLength::Month,
        SeasonLength::Quarter,
        SeasonLength::Off,
    ];

    /// Its word: `month`, `quarter` or `off`.
    pub const fn word(self) -> &'static str {
        match self {
            SeasonLength::Month => "month",
            SeasonLength::Quarter => "quarter",
            SeasonLength::Off => "off",
        }
    }

    /// The length of a word (case-insensitive).
    pub fn from_word(word: &str) -> Option<SeasonLength> {
        let word = word.trim().to_ascii_lowercase();
        SeasonLength::ALL.into_iter().find(|l| l.word() == word)
    }

    /// Months in a season; none when seasons are off.
    fn months(self) -> Option<u32> {
        match self {
            SeasonLength::Month => Some(1),
            SeasonLength::Quarter => Some(3),
            SeasonLength::Off => None,
        }
    }
}

/// One season: a calendar month or quarter of a year, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Season {
    year: i32,
    /// The first month, 1 to 12.
    first_month: u32,
    /// 1 or 3.
    months: u32,
}

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The year and month (1 to 12) of a day counted since 1970-01-01
/// (`civil_from_days`).
fn civil_from_days(days: i64) -> (i32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as i32, month as u32)
}

impl Season {
    /// The season of `length` that holds the moment `ms`; none when
    /// seasons are off.
    pub fn at(ms: i64, length: SeasonLength) -> Option<Season> {
        let months = length.months()?;
        let (year, month) = civil_from_days(ms.div_euclid(DAY_MS));
        let first_month = (month - 1) / months * months + 1;
        Some(Season {
            year,
            first_month,
            months,
        })
    }

    /// The season before this one, of the same length.
    pub fn previous(self) -> Season {
        if self.first_month > self.months {
            Season {
                first_month: self.first_month - self.months,
                ..self
            }
        } else {
            Season {
                year: self.year - 1,
                first_month: 13 - self.months,
                ..self
            }
        }
    }

    /// Its first moment (ms since 1970, UTC).
    pub fn start_ms(self) -> i64 {
        days_from_civil(self.year, self.first_month, 1) * DAY_MS
    }

    /// The first moment after it: the next season's start.
    pub fn end_ms(self) -> i64 {
        let next = self.first_month + self.months;
        let (year, month) = if next > 12 {
            (self.year + 1, next - 12)
        } else {
            (self.year, next)
        };
        days_from_civil(year, month, 1) * DAY_MS
    }

    /// Its length.
    pub fn length(self) -> SeasonLength {
        if self.months == 1 {
            SeasonLength::Month
        } else {
            SeasonLength::Quarter
        }
    }

    /// A season by its name: `2026-11` (a month) or `2026-Q4` (a quarter).
    pub fn parse(name: &str) -> Option<Season> {
        let (year, part) = name.trim().split_once('-')?;
        let year: i32 = year.parse().ok().filter(|y| (1970..=9999).contains(y))?;
        let part = part.to_ascii_uppercase();
        if let Some(q) = part.strip_prefix('Q') {
            let q: u32 = q.parse().ok().filter(|q| (1..=4).contains(q))?;
            return Some(Season {
                year,
                first_month: (q - 1) * 3 + 1,
                months: 3,
            });
        }
        let month: u32 = part.parse().ok().filter(|m| (1..=12).contains(m))?;
        if part.len() != 2 {
            return None;
        }
        Some(Season {
            year,
            first_month: month,
            months: 1,
        })
    }
}

/// Its name: `2026-11` or `2026-Q4`.
impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.months == 1 {
            write!(f, "{}-{:02}", self.year, self.first_month)
        } else {
            write!(f, "{}-Q{}", self.year, (self.first_month - 1) / 3 + 1)
        }
    }
}

/// One person's part in one rated game of the season, in the order the
/// games were rated.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonGame {
    pub user_id: String,
    pub name: String,
    /// 1 the best; equal places are a tie.
    pub place: usize,
    /// The rating's mean and deviation before and after the game.
    pub before: (f64, f64),
    pub after: (f64, f64),
}

/// One person's line in a season's standings.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonLine {
    pub user_id: String,
    /// The name of their latest game.
    pub name: String,
    pub games: usize,
    /// Games they finished first in (a shared first place counts).
    pub wins: usize,
    /// Their rating after their last game of the season: mean, deviation.
    pub rating: (f64, f64),
    /// The conservative estimate (mean - 3 deviations) gained in the
    /// season: after its last game, less before its first.
    pub gained: f64,
}

impl SeasonLine {
    /// The conservative estimate the standings order by.
    pub fn estimate(&self) -> f64 {
        self.rating.0 - 3.0 * self.rating.1
    }
}

/// A season's standings: the people ranked (at least [`RANKED_FROM`]
/// games), in order, and how many more played fewer games.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SeasonStandings {
    pub ranked: Vec<SeasonLine>,
    pub unranked: usize,
}

/// The standings made by a season's rated games (`games` in the order they
/// were rated).
pub fn season_standings(games: &[SeasonGame]) -> SeasonStandings {
    let mut by_person: BTreeMap<&str, SeasonLine> = BTreeMap::new();
    for g in games {
        let conservative = |(mu, sigma): (f64, f64)| mu - 3.0 * sigma;
        let line = by_person
            .entry(g.user_id.as_str())
            .or_insert_with(|| SeasonLine {
                user_id: g.user_id.clone(),
                name: g.name.clone(),
                games: 0,
                wins: 0,
                rating: g.before,
                gained: -conservative(g.before),
            });
        line.name = g.name.clone();
        line.games += 1;
        line.wins += usize::from(g.place == 1);
        line.rating = g.after;
    }
    rank_season(
        by_person
            .into_values()
            .map(|mut line| {
                line.gained += line.estimate();
                line
            })
            .collect(),
    )
}

/// The standings made by each person's part in a season (in any order, as
/// its running totals keep them): those with [`RANKED_FROM`] games or more
/// ranked by their rating after their last game, the rest counted.
pub fn rank_season(lines: Vec<SeasonLine>) -> SeasonStandings {
    let (mut ranked, rest): (Vec<SeasonLine>, Vec<SeasonLine>) = lines
        .into_iter()
        .partition(|line| line.games >= RANKED_FROM);
    ranked.sort_by(|a, b| {
        b.estimate()
            .total_cmp(&a.estimate())
            .then(b.games.cmp(&a.games))
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.user_id.cmp(&b.user_id))
    });
    SeasonStandings {
        ranked,
        unranked: rest.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(days: i64) -> i64 {
        days * DAY_MS
    }

    #[test]
    fn a_moment_falls_in_its_month_and_its_quarter() {
        // 2026-11-28 12:00 UTC.
        let at = ms(days_from_civil(2026, 11, 28)) + 12 * 3_600_000;
        let month = Season::at(at, SeasonLength::Month).expect("a season");
        assert_eq!(month.to_string(), "2026-11");
        assert_eq!(month.start_ms(), ms(days_from_civil(2026, 11, 1)));
        assert_eq!(month.end_ms(), ms(days_from_civil(2026, 12, 1)));
        let quarter = Season::at(at, SeasonLength::Quarter).expect("a season");
        assert_eq!(quarter.to_string(), "2026-Q4");
        assert_eq!(quarter.start_ms(), ms(days_from_civil(2026, 10, 1)));
        assert_eq!(quarter.end_ms(), ms(days_from_civil(2027, 1, 1)));
        assert_eq!(Season::at(at, SeasonLength::Off), None);
        // The last millisecond of a season is in it; the next is not.
        let last = quarter.end_ms() - 1;
        assert_eq!(Season::at(last, SeasonLength::Quarter), Some(quarter));
        assert_ne!(
            Season::at(quarter.end_ms(), SeasonLength::Quarter),
            Some(quarter)
        );
    }

    #[test]
    fn seasons_follow_each_other_without_a_gap() {
        let mut season = Season::parse("2027-02").expect("a month");
        for _ in 0..30 {
            let before = season.previous();
            assert_eq!(before.end_ms(), season.start_ms(), "{before} then {season}");
            assert_eq!(
                Season::at(before.start_ms(), SeasonLength::Month),
                Some(before)
            );
            season = before;
        }
        assert_eq!(season.to_string(), "2024-08");
        let q1 = Season::parse("2027-q1").expect("a quarter");
        assert_eq!(q1.previous().to_string(), "2026-Q4");
        assert_eq!(q1.length(), SeasonLength::Quarter);
        // A leap February.
        let feb = Season::parse("2028-02").expect("a month");
        assert_eq!(feb.end_ms() - feb.start_ms(), ms(29));
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(civil_from_days(days_from_civil(2000, 2, 29)), (2000, 2));
    }

    #[test]
    fn only_well_formed_names_are_seasons() {
        for bad in [
            "", "2026", "2026-13", "2026-0", "2026-Q5", "2026-Q0", "26-11", "2026-1", "x-11",
        ] {
            assert_eq!(Season::parse(bad), None, "{bad}");
        }
        for good in ["2026-01", "2026-12", "2026-Q1", "2026-Q4"] {
            assert_eq!(
                Season::parse(good).map(|s| s.to_string()).as_deref(),
                Some(good)
            );
        }
    }

    fn game(user: &str, place: usize, before: (f64, f64), after: (f64, f64)) -> SeasonGame {
        SeasonGame {
            user_id: user.into(),
            name: user.to_uppercase(),
            place,
            before,
            after,
        }
    }

    #[test]
    fn standings_rank_by_the_rating_at_the_seasons_end_among_those_with_enough_games() {
        let games = vec![
            game("a", 1, (25.0, 8.0), (28.0, 7.0)),
            game("b", 2, (30.0, 3.0), (29.0, 3.0)),
            game("a", 1, (28.0, 7.0), (30.0, 6.0)),
            game("b", 1, (29.0, 3.0), (30.0, 3.0)),
            game("c", 1, (25.0, 8.0), (40.0, 2.0)),
            game("a", 2, (30.0, 6.0), (29.0, 5.0)),
            game("b", 2, (30.0, 3.0), (29.5, 3.0)),
        ];
        let s = season_standings(&games);
        // c played one game: not ranked, counted.
        assert_eq!(s.unranked, 1);
        let order: Vec<&str> = s.ranked.iter().map(|l| l.user_id.as_str()).collect();
        assert_eq!(order, ["b", "a"], "20.5 before 14");
        let b = &s.ranked[0];
        assert_eq!((b.games, b.wins, b.rating), (3, 1, (29.5, 3.0)));
        assert!((b.gained - (20.5 - 21.0)).abs() < 1e-9, "{}", b.gained);
        let a = &s.ranked[1];
        assert_eq!((a.games, a.wins), (3, 2));
        assert!((a.gained - (14.0 - 1.0)).abs() < 1e-9, "{}", a.gained);
        assert_eq!(season_standings(&[]), SeasonStandings::default());
    }
}
