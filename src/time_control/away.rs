//! The away allowance: how much of a person's time away pauses their
//! clocks. Each person has [`AWAY_ALLOWANCE`] (14 days) a calendar year in
//! UTC. Time away is charged as it passes, in whole wall time, from the
//! moment they say they are away until they are back (or until the
//! allowance runs out), whether or not it is their turn anywhere: a day
//! away is a day of the allowance, like a day of holiday. A stretch that
//! crosses New Year draws on each year's allowance for its own part; once
//! a year's allowance is spent, their clocks run again until the next
//! year's begins. A game (or its tournament) without vacations does not
//! stop for it.

use super::calendar::{year_of, year_start};
use super::pause::Span;
use super::{Millis, DAY};
use serde::{Deserialize, Serialize};

/// Time away a person may spend in a calendar year (UTC).
pub const AWAY_ALLOWANCE: Millis = 14 * DAY;

/// What a person has spent of a year's allowance (nothing of any other
/// year). The default has spent nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Allowance {
    /// The calendar year (UTC) `used` belongs to.
    pub year: i32,
    /// Time away charged in that year, at most [`AWAY_ALLOWANCE`].
    pub used: Millis,
}

/// A stretch away, charged: the parts of it the allowance covers (their
/// clocks stand still then) and what is spent after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charged {
    pub covered: Vec<Span>,
    pub after: Allowance,
}

impl Allowance {
    /// What is left of `year`'s allowance.
    pub fn left_in(&self, year: i32) -> Millis {
        match year.cmp(&self.year) {
            std::cmp::Ordering::Equal => (AWAY_ALLOWANCE - self.used).clamp(0, AWAY_ALLOWANCE),
            std::cmp::Ordering::Greater => AWAY_ALLOWANCE,
            // A year already closed: nothing is charged to it now.
            std::cmp::Ordering::Less => 0,
        }
    }

    /// What is left at `at`.
    pub fn left_at(&self, at: Millis) -> Millis {
        self.left_in(year_of(at))
    }

    /// Charges a stretch away: from its start, each year's part is covered
    /// as long as that year's allowance lasts. Charge a stretch once, when
    /// it is over (or up to now, from the allowance as it was before it, to
    /// know the present): charging the same time twice spends it twice.
    pub fn charge(&self, away: Span) -> Charged {
        let mut covered = Vec::new();
        let mut after = *self;
        if away.is_empty() {
            return Charged { covered, after };
        }
        let first = year_of(away.from);
        let last = year_of(away.until - 1);
        for year in first..=last {
            let from = away.from.max(year_start(year));
            let end = away.until.min(year_start(year.saturating_add(1)));
            let left = after.left_in(year);
            let until = end.min(from.saturating_add(left));
            let spent = (until - from).max(0);
            if spent > 0 {
                covered.push(Span::new(from, until));
            }
            if year >= after.year {
                after = Allowance {
                    year,
                    used: if year == after.year {
                        after.used + spent
                    } else {
                        spent
                    },
                };
            }
        }
        Charged { covered, after }
    }
}

/// A person's time away as kept: the stretch they said they are away for
/// (from `since`, when they said so, to `until`, when they are back; cut
/// short when they say they are back sooner), and what they had spent of
/// the allowance before it. A stretch is charged when the next begins or
/// they say they are back ([`AwayRecord::settled`]); until then its charge
/// is worked out from `spent`, so charging twice is impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AwayRecord {
    pub since: Option<Millis>,
    pub until: Option<Millis>,
    pub spent: Allowance,
}

impl AwayRecord {
    /// The stretch under way or the last one not yet charged, up to `end`.
    fn stretch(&self, end: Millis) -> Span {
        match (self.since, self.until) {
            (Some(since), Some(until)) => Span::new(since, until.min(end)),
            _ => Span::new(0, 0),
        }
    }

    /// The parts of the stretch the allowance covers (the person's clocks
    /// stand still then), as far as it is planned: in order, not
    /// overlapping.
    pub fn covered(&self) -> Vec<Span> {
        self.spent.charge(self.stretch(Millis::MAX)).covered
    }

    /// [`AwayRecord::covered`] up to `end`.
    pub fn covered_until(&self, end: Millis) -> Vec<Span> {
        self.spent.charge(self.stretch(end)).covered
    }

    /// Whether the allowance stops the person's clocks at `at`.
    pub fn stops_at(&self, at: Millis) -> bool {
        self.covered().iter().any(|s| s.contains(at))
    }

    /// The allowance spent by `now`, this stretch's part charged.
    pub fn spent_by(&self, now: Millis) -> Allowance {
        self.spent.charge(self.stretch(now)).after
    }

    /// The record at `now` once the stretch is over (they are back, or a
    /// new stretch begins): its part up to `now` charged, none under way.
    pub fn settled(&self, now: Millis) -> AwayRecord {
        AwayRecord {
            since: None,
            until: None,
            spent: self.spent_by(now),
        }
    }

    /// The record of someone who says at `now` they are away until
    /// `until`: the last stretch charged, a new one from now.
    pub fn away(&self, now: Millis, until: Millis) -> AwayRecord {
        AwayRecord {
            since: Some(now),
            until: Some(until),
            ..self.settled(now)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;
    use time::OffsetDateTime;

    fn ms(t: OffsetDateTime) -> Millis {
        (t.unix_timestamp_nanos() / 1_000_000) as Millis
    }

    #[test]
    fn a_stretch_is_covered_until_the_year_s_allowance_runs_out() {
        let from = ms(datetime!(2026-06-01 12:00 UTC));
        let spent = Allowance {
            year: 2026,
            used: 13 * DAY,
        };
        let charged = spent.charge(Span::new(from, from + 3 * DAY));
        assert_eq!(charged.covered, vec![Span::new(from, from + DAY)]);
        assert_eq!(
            charged.after,
            Allowance {
                year: 2026,
                used: 14 * DAY
            }
        );
        assert_eq!(charged.after.left_at(from + 2 * DAY), 0);
        // Last year's spending leaves this year whole.
        let old = Allowance {
            year: 2025,
            used: 14 * DAY,
        };
        assert_eq!(old.left_at(from), AWAY_ALLOWANCE);
    }

    #[test]
    fn a_record_charges_each_stretch_once_and_cuts_it_short_when_back() {
        let day1 = ms(datetime!(2026-06-01 00:00 UTC));
        let none = AwayRecord::default();
        assert_eq!(none.covered(), vec![]);
        // Away 10 days: all covered while planned.
        let away = none.away(day1, day1 + 10 * DAY);
        assert_eq!(away.covered(), vec![Span::new(day1, day1 + 10 * DAY)]);
        assert!(away.stops_at(day1 + 5 * DAY) && !away.stops_at(day1 + 10 * DAY));
        assert_eq!(
            away.covered_until(day1 + 3 * DAY),
            vec![Span::new(day1, day1 + 3 * DAY)]
        );
        // Back after 3 days: 3 spent; a new stretch of 20 days has 11.
        let back = away.settled(day1 + 3 * DAY);
        assert_eq!(back.spent.left_at(day1 + 3 * DAY), 11 * DAY);
        assert_eq!(back.covered(), vec![]);
        let again = back.away(day1 + 4 * DAY, day1 + 24 * DAY);
        assert_eq!(
            again.covered(),
            vec![Span::new(day1 + 4 * DAY, day1 + 15 * DAY)]
        );
        // Charged as it passes: 5 days in, 8 spent; at its end, all 14.
        assert_eq!(again.spent_by(day1 + 9 * DAY).used, 8 * DAY);
        assert_eq!(again.settled(day1 + 30 * DAY).spent.used, AWAY_ALLOWANCE);
    }

    #[test]
    fn new_year_brings_a_fresh_allowance_mid_stretch() {
        let from = ms(datetime!(2026-12-30 00:00 UTC));
        let new_year = ms(datetime!(2027-01-01 00:00 UTC));
        let spent = Allowance {
            year: 2026,
            used: 13 * DAY,
        };
        let charged = spent.charge(Span::new(from, new_year + 3 * DAY));
        // One day of 2026 left, then 2027's from its first instant.
        assert_eq!(
            charged.covered,
            vec![
                Span::new(from, from + DAY),
                Span::new(new_year, new_year + 3 * DAY)
            ]
        );
        assert_eq!(
            charged.after,
            Allowance {
                year: 2027,
                used: 3 * DAY
            }
        );
        assert_eq!(
            Allowance::default().charge(Span::new(from, from)).covered,
            vec![]
        );
    }
}
