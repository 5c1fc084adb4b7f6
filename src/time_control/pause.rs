//! Paused time: the weekend pause and a person's time away, and the
//! arithmetic of a clock that stands still through them: how much time ran
//! between two instants, and when a given amount of running time is used
//! up. Exact to the millisecond, in closed form (no stepping through time).

use super::{Millis, DAY, MINUTE, WEEK};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A stretch of time from `from` (included) to `until` (excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Span {
    pub from: Millis,
    pub until: Millis,
}

impl Span {
    pub fn new(from: Millis, until: Millis) -> Span {
        Span { from, until }
    }

    /// Its length; nothing when it ends before it starts.
    pub fn len(self) -> Millis {
        self.until.saturating_sub(self.from).max(0)
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub fn contains(self, at: Millis) -> bool {
        self.from <= at && at < self.until
    }
}

/// The weekend pause: every clock of the game stands still from Saturday
/// 00:00 to Monday 00:00 (48 hours) at the game's fixed offset from UTC
/// (UTC unless the game says otherwise; a fixed offset, so no daylight
/// saving moves it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "i32", into = "i32")]
pub struct Weekend {
    /// Minutes east of UTC.
    offset_minutes: i16,
}

/// An offset from UTC outside -12:00 to +14:00.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadOffset(pub i32);

impl fmt::Display for BadOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} minutes is not an offset from UTC", self.0)
    }
}

impl std::error::Error for BadOffset {}

impl Weekend {
    /// The offsets a game may carry: -12:00 to +14:00, as the world's.
    pub const FEWEST_MINUTES: i32 = -12 * 60;
    pub const MOST_MINUTES: i32 = 14 * 60;

    /// The weekend in UTC.
    pub fn utc() -> Weekend {
        Weekend { offset_minutes: 0 }
    }

    /// The weekend at a fixed offset, in minutes east of UTC (Tokyo 540,
    /// New York in winter -300).
    pub fn at_offset(minutes: i32) -> Result<Weekend, BadOffset> {
        if (Self::FEWEST_MINUTES..=Self::MOST_MINUTES).contains(&minutes) {
            Ok(Weekend {
                offset_minutes: minutes as i16,
            })
        } else {
            Err(BadOffset(minutes))
        }
    }

    pub fn offset_minutes(self) -> i32 {
        i32::from(self.offset_minutes)
    }

    fn offset(self) -> i128 {
        i128::from(self.offset_minutes) * i128::from(MINUTE)
    }

    /// Whether the pause holds at `at`.
    pub fn contains(self, at: Millis) -> bool {
        let (_, within) = self.week_of(i128::from(at));
        within >= i128::from(5 * DAY)
    }

    /// The weekend that holds at `at`, or the next one.
    pub fn around(self, at: Millis) -> Span {
        // Its week's weekend: ahead of `at`, or holding at it.
        let (week, _) = self.week_of(i128::from(at));
        let monday = self.monday(week);
        Span::new(
            clamp(monday + i128::from(5 * DAY)),
            clamp(monday + i128::from(WEEK)),
        )
    }

    /// The week (counted from Monday 5 January 1970, local) and the time
    /// into it.
    fn week_of(self, at: i128) -> (i128, i128) {
        let local = at + self.offset() - i128::from(4 * DAY);
        let week = i128::from(WEEK);
        (local.div_euclid(week), local.rem_euclid(week))
    }

    /// The instant (UTC) its week `week` starts.
    fn monday(self, week: i128) -> i128 {
        week * i128::from(WEEK) + i128::from(4 * DAY) - self.offset()
    }

    /// Running time up to `at`, from a fixed origin: five days a week.
    fn running_to(self, at: i128) -> i128 {
        let (week, within) = self.week_of(at);
        week * i128::from(5 * DAY) + within.min(i128::from(5 * DAY))
    }

    /// The first instant by which `running` has been reached (the inverse
    /// of [`Weekend::running_to`]): a clock that runs out on Friday night
    /// runs out at Saturday 00:00, not on Monday.
    fn reached(self, running: i128) -> i128 {
        let five = i128::from(5 * DAY);
        let (week, into) = (running.div_euclid(five), running.rem_euclid(five));
        if into == 0 {
            self.monday(week - 1) + five
        } else {
            self.monday(week) + into
        }
    }
}

impl From<Weekend> for i32 {
    fn from(w: Weekend) -> i32 {
        w.offset_minutes()
    }
}

impl TryFrom<i32> for Weekend {
    type Error = BadOffset;
    fn try_from(minutes: i32) -> Result<Weekend, BadOffset> {
        Weekend::at_offset(minutes)
    }
}

fn clamp(x: i128) -> Millis {
    x.clamp(i128::from(Millis::MIN), i128::from(Millis::MAX)) as Millis
}

/// The paused time of one clock: the weekends, if paused, and stretches
/// away (already merged, in order: see [`merge`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Pauses<'a> {
    pub weekend: Option<Weekend>,
    pub away: &'a [Span],
}

impl Pauses<'_> {
    /// Running time up to `at` counting the weekends alone.
    fn base(&self, at: i128) -> i128 {
        match self.weekend {
            Some(w) => w.running_to(at),
            None => at,
        }
    }

    fn base_reached(&self, running: i128) -> i128 {
        match self.weekend {
            Some(w) => w.reached(running),
            None => running,
        }
    }

    /// The time the clock ran from `from` to `to` (nothing if `to` is not
    /// after `from`).
    pub fn running(&self, from: Millis, to: Millis) -> Millis {
        if to <= from {
            return 0;
        }
        let (from, to) = (i128::from(from), i128::from(to));
        let mut ran = self.base(to) - self.base(from);
        for s in self.away {
            let a = i128::from(s.from).max(from);
            let b = i128::from(s.until).min(to);
            if a < b {
                ran -= self.base(b) - self.base(a);
            }
        }
        clamp(ran.max(0))
    }

    /// The first instant at or after `start` by which the clock has run
    /// `amount` (`start` itself for nothing).
    pub fn after(&self, start: Millis, amount: Millis) -> Millis {
        if amount <= 0 {
            return start;
        }
        let mut now = i128::from(start);
        let mut need = i128::from(amount);
        for s in self.away {
            let until = i128::from(s.until);
            if until <= now {
                continue;
            }
            let from = i128::from(s.from).max(now);
            let free = self.base(from) - self.base(now);
            if free >= need {
                break;
            }
            need -= free;
            now = until;
        }
        clamp(self.base_reached(self.base(now) + need).max(now))
    }
}

/// Stretches put in order and joined where they overlap or touch; empty
/// ones dropped.
pub fn merge(spans: &[Span]) -> Vec<Span> {
    let mut sorted: Vec<Span> = spans.iter().copied().filter(|s| !s.is_empty()).collect();
    sorted.sort();
    let mut out: Vec<Span> = Vec::with_capacity(sorted.len());
    for s in sorted {
        match out.last_mut() {
            Some(last) if s.from <= last.until => last.until = last.until.max(s.until),
            _ => out.push(s),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::HOUR;
    use time::macros::datetime;
    use time::OffsetDateTime;

    fn ms(t: OffsetDateTime) -> Millis {
        (t.unix_timestamp_nanos() / 1_000_000) as Millis
    }

    #[test]
    fn the_weekend_is_saturday_and_sunday_at_the_offset() {
        let utc = Weekend::utc();
        let friday_night = ms(datetime!(2026-11-27 23:59:59.999 UTC));
        assert!(!utc.contains(friday_night));
        assert!(utc.contains(friday_night + 1));
        assert!(utc.contains(ms(datetime!(2026-11-29 23:59 UTC))));
        assert!(!utc.contains(ms(datetime!(2026-11-30 00:00 UTC))));
        assert_eq!(
            utc.around(friday_night),
            Span::new(
                ms(datetime!(2026-11-28 00:00 UTC)),
                ms(datetime!(2026-11-30 00:00 UTC))
            )
        );
        // Tokyo's weekend starts on Friday at 15:00 UTC.
        let tokyo = Weekend::at_offset(9 * 60).unwrap();
        assert_eq!(
            tokyo.around(ms(datetime!(2026-11-25 12:00 UTC))),
            Span::new(
                ms(datetime!(2026-11-27 15:00 UTC)),
                ms(datetime!(2026-11-29 15:00 UTC))
            )
        );
        assert_eq!(Weekend::at_offset(15 * 60), Err(BadOffset(900)));
        assert_eq!(Weekend::at_offset(-12 * 60).unwrap().offset_minutes(), -720);
    }

    #[test]
    fn running_time_skips_the_weekend_and_time_away() {
        let pauses = Pauses {
            weekend: Some(Weekend::utc()),
            away: &[],
        };
        let friday = ms(datetime!(2026-11-27 18:00 UTC));
        let monday = ms(datetime!(2026-11-30 06:00 UTC));
        assert_eq!(pauses.running(friday, monday), 12 * HOUR);
        // 12 h of running time from Friday 18:00 is Monday 06:00.
        assert_eq!(pauses.after(friday, 12 * HOUR), monday);
        // Exactly the rest of Friday: it runs out at Saturday 00:00.
        assert_eq!(
            pauses.after(friday, 6 * HOUR),
            ms(datetime!(2026-11-28 00:00 UTC))
        );
        // Started on Sunday: the clock starts on Monday.
        let sunday = ms(datetime!(2026-11-29 10:00 UTC));
        assert_eq!(
            pauses.after(sunday, HOUR),
            ms(datetime!(2026-11-30 01:00 UTC))
        );
        let away = merge(&[
            Span::new(monday, monday + 2 * DAY),
            Span::new(monday + DAY, monday + 3 * DAY),
        ]);
        assert_eq!(away, vec![Span::new(monday, monday + 3 * DAY)]);
        let pauses = Pauses {
            weekend: Some(Weekend::utc()),
            away: &away,
        };
        // Friday 18:00 to Thursday 06:00: 6 h Friday, away Monday 06:00 to
        // Thursday 06:00: the 6 h of Monday morning run.
        assert_eq!(pauses.running(friday, monday + 3 * DAY), 12 * HOUR);
        assert_eq!(pauses.after(friday, 13 * HOUR), monday + 3 * DAY + HOUR);
    }
}
