//! Game clocks, as arithmetic: the named paces (`fast`, `normal`, `slow`),
//! each seat's time left, the increment after a turn and its cap, the
//! weekend pause ([`pause`]), a person's yearly away allowance ([`away`])
//! and the calendar they need ([`calendar`]).
//!
//! Pure like the engine: no I/O, no clock read. Every instant is passed in
//! as [`Millis`] from the one clock (`crate::clock`), so the same times give
//! the same answers and tests use fixed times.
//!
//! A clock in short (a Fischer clock with a cap): each seat starts with the
//! pace's [`Pace::start`]; while it is that seat's turn its time runs
//! (except through the pauses); when its turn ends the pace's
//! [`Pace::increment`] is added, and the total is kept within
//! [`Pace::most`]. A seat whose time runs out before it ends its turn has
//! timed out: its turn is played for it and its clock starts again from the
//! increment ([`TimeControl::after_timeout`]).

pub mod away;
pub mod calendar;
pub mod pause;

pub use crate::clock::Millis;
pub use away::{Allowance, AwayRecord, AWAY_ALLOWANCE};
pub use pause::{merge, BadOffset, Span, Weekend};

use pause::Pauses;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const SECOND: Millis = 1_000;
pub const MINUTE: Millis = 60 * SECOND;
pub const HOUR: Millis = 60 * MINUTE;
pub const DAY: Millis = 24 * HOUR;
pub const WEEK: Millis = 7 * DAY;

/// The timeouts after which a seat is handed to the computer for the rest
/// of the game.
pub const TIMEOUTS_TO_HAND_OVER: u32 = 3;

/// The shares of the time a turn began with at which its player is
/// reminded: when half, a quarter and a tenth of it are left.
pub const REMINDER_SHARES: [(Millis, Millis); 3] = [(1, 2), (1, 4), (1, 10)];

/// A named pace: how long a seat's clock starts with, what each turn adds
/// and the most it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// 1 day to start, 4 hours a turn, at most 3 days.
    Fast,
    /// 3 days to start, 12 hours a turn, at most 5 days.
    Normal,
    /// 3 days to start, 36 hours a turn, at most 10 days.
    Slow,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Fast, Pace::Normal, Pace::Slow];

    /// Its word in the command language (`clock:fast`).
    pub fn word(self) -> &'static str {
        match self {
            Pace::Fast => "fast",
            Pace::Normal => "normal",
            Pace::Slow => "slow",
        }
    }

    /// The pace a word names (case-insensitive); `None` for any other word.
    pub fn from_word(word: &str) -> Option<Pace> {
        Pace::ALL
            .into_iter()
            .find(|p| p.word().eq_ignore_ascii_case(word.trim()))
    }

    /// The time each seat's clock starts with.
    pub fn start(self) -> Millis {
        match self {
            Pace::Fast => DAY,
            Pace::Normal | Pace::Slow => 3 * DAY,
        }
    }

    /// The time a turn ended in time adds.
    pub fn increment(self) -> Millis {
        match self {
            Pace::Fast => 4 * HOUR,
            Pace::Normal => 12 * HOUR,
            Pace::Slow => 36 * HOUR,
        }
    }

    /// The most a seat's clock holds.
    pub fn most(self) -> Millis {
        match self {
            Pace::Fast => 3 * DAY,
            Pace::Normal => 5 * DAY,
            Pace::Slow => 10 * DAY,
        }
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A game's clock: its pace, and the weekend pause if its clocks stand
/// still at weekends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    pub pace: Pace,
    pub weekend: Option<Weekend>,
}

/// How a turn ended on the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// In time: the seat's time left for its next turn (the increment
    /// added, within the cap).
    InTime(Millis),
    /// The time ran out before the turn ended.
    RanOut,
}

impl TimeControl {
    /// A clock of `pace` that runs at weekends.
    pub fn new(pace: Pace) -> TimeControl {
        TimeControl {
            pace,
            weekend: None,
        }
    }

    /// The same clock paused at weekends (UTC).
    pub fn pausing_weekends(self) -> TimeControl {
        TimeControl {
            weekend: Some(Weekend::utc()),
            ..self
        }
    }

    fn pauses<'a>(&self, away: &'a [Span]) -> Pauses<'a> {
        Pauses {
            weekend: self.weekend,
            away,
        }
    }

    /// What a seat's clock holds at the start of the game.
    pub fn start(&self) -> Millis {
        self.pace.start().min(self.pace.most())
    }

    /// The time the clock ran from `from` to `to`, through the weekends if
    /// they pause it and the stretches `away` (in order, not overlapping:
    /// see [`merge`]) its person was away.
    pub fn running(&self, from: Millis, to: Millis, away: &[Span]) -> Millis {
        self.pauses(away).running(from, to)
    }

    /// The seat's time left at `now`, its turn having begun at `since` with
    /// `left` on its clock (nothing once it ran out).
    pub fn left_at(&self, since: Millis, left: Millis, now: Millis, away: &[Span]) -> Millis {
        (left - self.running(since, now, away)).max(0)
    }

    /// When the clock of a turn begun at `since` with `left` runs out.
    pub fn runs_out(&self, since: Millis, left: Millis, away: &[Span]) -> Millis {
        self.pauses(away).after(since, left.max(0))
    }

    /// When a turn begun at `since` with `left` has `remaining` left
    /// (`since` itself if it never had more): for reminders at a share of
    /// the time left.
    pub fn when_left(
        &self,
        since: Millis,
        left: Millis,
        remaining: Millis,
        away: &[Span],
    ) -> Millis {
        self.pauses(away).after(since, (left - remaining).max(0))
    }

    /// When the player of a turn begun at `since` with `left` is reminded
    /// next, deciding at `after` (the turn begun, a move, a reminder
    /// sent): at the first of the [`REMINDER_SHARES`] of `left` still
    /// ahead, but not before `not_before` (the game's reminder interval
    /// after the last move or reminder: never more often), and only before
    /// the clock runs out. `None` when no share is left.
    pub fn reminder_after(
        &self,
        since: Millis,
        left: Millis,
        after: Millis,
        not_before: Millis,
        away: &[Span],
    ) -> Option<Millis> {
        let out = self.runs_out(since, left, away);
        REMINDER_SHARES
            .iter()
            .map(|&(part, whole)| self.when_left(since, left, left * part / whole, away))
            .find(|&at| at > after)
            .map(|at| at.max(not_before))
            .filter(|&at| at < out)
    }

    /// A turn begun at `since` with `left` on its clock ends at `now`:
    /// what the seat has for its next turn, or that its time ran out.
    pub fn after_turn(&self, since: Millis, left: Millis, now: Millis, away: &[Span]) -> Ended {
        let rest = left - self.running(since, now, away);
        if rest <= 0 {
            Ended::RanOut
        } else {
            Ended::InTime(self.added(rest))
        }
    }

    /// The increment added to `rest`, within the cap.
    pub fn added(&self, rest: Millis) -> Millis {
        rest.max(0)
            .saturating_add(self.pace.increment())
            .min(self.pace.most())
    }

    /// What a seat whose time ran out starts its next turn with: the
    /// increment alone.
    pub fn after_timeout(&self) -> Millis {
        self.added(0)
    }
}

/// A seat's clock as the game keeps it: the time it had when its current
/// (or next) turn began, and its timeouts so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SeatClock {
    pub left: Millis,
    pub timeouts: u32,
}

impl SeatClock {
    /// A seat's clock at the start of a game with `control`.
    pub fn new(control: &TimeControl) -> SeatClock {
        SeatClock {
            left: control.start(),
            timeouts: 0,
        }
    }

    /// The clock after a timeout: the increment alone, one more timeout.
    pub fn timed_out(self, control: &TimeControl) -> SeatClock {
        SeatClock {
            left: control.after_timeout(),
            timeouts: self.timeouts.saturating_add(1),
        }
    }

    /// Whether this many timeouts hand the seat to the computer.
    pub fn handed_over(self) -> bool {
        self.timeouts >= TIMEOUTS_TO_HAND_OVER
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
    fn the_paces_are_the_named_ones() {
        let table: Vec<(Pace, Millis, Millis, Millis)> = Pace::ALL
            .iter()
            .map(|&p| (p, p.start(), p.increment(), p.most()))
            .collect();
        assert_eq!(
            table,
            vec![
                (Pace::Fast, DAY, 4 * HOUR, 3 * DAY),
                (Pace::Normal, 3 * DAY, 12 * HOUR, 5 * DAY),
                (Pace::Slow, 3 * DAY, 36 * HOUR, 10 * DAY),
            ]
        );
        for p in Pace::ALL {
            assert_eq!(Pace::from_word(p.word()), Some(p));
        }
        assert_eq!(Pace::from_word(" FAST "), Some(Pace::Fast));
        assert_eq!(Pace::from_word("off"), None);
        assert_eq!(Pace::from_word("blitz"), None);
    }

    #[test]
    fn a_turn_in_time_adds_the_increment_within_the_cap() {
        // A Wednesday, so no weekend is near.
        let since = ms(datetime!(2026-11-25 09:00 UTC));
        let fast = TimeControl::new(Pace::Fast);
        assert_eq!(fast.start(), DAY);
        // 5 hours of a day used: 19 h left, 23 h with the increment.
        assert_eq!(
            fast.after_turn(since, DAY, since + 5 * HOUR, &[]),
            Ended::InTime(19 * HOUR + 4 * HOUR)
        );
        assert_eq!(fast.left_at(since, DAY, since + 5 * HOUR, &[]), 19 * HOUR);
        // A quick turn with nearly 3 days: held to 3 days.
        assert_eq!(
            fast.after_turn(since, 3 * DAY - HOUR, since + MINUTE, &[]),
            Ended::InTime(3 * DAY)
        );
        let slow = TimeControl::new(Pace::Slow);
        assert_eq!(
            slow.after_turn(since, 9 * DAY, since + HOUR, &[]),
            Ended::InTime(10 * DAY)
        );
        let normal = TimeControl::new(Pace::Normal);
        assert_eq!(
            normal.after_turn(since, 3 * DAY, since + 2 * DAY, &[]),
            Ended::InTime(DAY + 12 * HOUR)
        );
    }

    #[test]
    fn a_clock_runs_out_at_its_time_and_restarts_from_the_increment() {
        let since = ms(datetime!(2026-11-24 09:00 UTC));
        let fast = TimeControl::new(Pace::Fast);
        assert_eq!(fast.runs_out(since, DAY, &[]), since + DAY);
        assert_eq!(fast.after_turn(since, DAY, since + DAY, &[]), Ended::RanOut);
        assert_eq!(
            fast.after_turn(since, DAY, since + DAY - 1, &[]),
            Ended::InTime(1 + 4 * HOUR)
        );
        assert_eq!(fast.left_at(since, DAY, since + 2 * DAY, &[]), 0);
        assert_eq!(fast.after_timeout(), 4 * HOUR);
        let clock = SeatClock::new(&fast);
        assert_eq!(
            clock,
            SeatClock {
                left: DAY,
                timeouts: 0
            }
        );
        let once = clock.timed_out(&fast);
        assert_eq!(
            once,
            SeatClock {
                left: 4 * HOUR,
                timeouts: 1
            }
        );
        assert!(!once.handed_over());
        assert!(!once.timed_out(&fast).handed_over());
        assert!(once.timed_out(&fast).timed_out(&fast).handed_over());
        // Reminders at shares of the time left: half of a day's turn is
        // left 12 hours in.
        assert_eq!(fast.when_left(since, DAY, DAY / 2, &[]), since + 12 * HOUR);
        assert_eq!(fast.when_left(since, DAY, 2 * DAY, &[]), since);
    }

    #[test]
    fn reminders_come_at_shares_of_the_time_left_never_more_often_than_the_interval() {
        let since = ms(datetime!(2026-11-24 09:00 UTC));
        let fast = TimeControl::new(Pace::Fast);
        let next = |after: Millis, every: Millis| {
            fast.reminder_after(since, DAY, after, after + every, &[])
        };
        // An hour's interval: at half, a quarter and a tenth of the day left.
        assert_eq!(next(since, HOUR), Some(since + 12 * HOUR));
        assert_eq!(next(since + 12 * HOUR, HOUR), Some(since + 18 * HOUR));
        assert_eq!(
            next(since + 18 * HOUR, HOUR),
            Some(since + 21 * HOUR + 36 * MINUTE)
        );
        assert_eq!(next(since + 21 * HOUR + 36 * MINUTE, HOUR), None);
        // Twelve hours: at half, then the next would come as the clock runs
        // out, so none.
        assert_eq!(next(since, 12 * HOUR), Some(since + 12 * HOUR));
        assert_eq!(next(since + 12 * HOUR, 12 * HOUR), None);
        // A move 11 hours in puts the half off to an hour after it... with
        // a two-hour interval, to 13 hours.
        assert_eq!(next(since + 11 * HOUR, 2 * HOUR), Some(since + 13 * HOUR));
        // A share delayed past the next one stands for both.
        assert_eq!(next(since + 12 * HOUR, 7 * HOUR), Some(since + 19 * HOUR));
        assert_eq!(next(since + 19 * HOUR, 7 * HOUR), None);
        // The weekend pause moves the shares with the clock.
        let friday = ms(datetime!(2026-11-27 12:00 UTC));
        let paused = fast.pausing_weekends();
        assert_eq!(
            paused.reminder_after(friday, DAY, friday, friday + HOUR, &[]),
            Some(friday + 12 * HOUR),
            "Saturday 00:00: half the day ran on Friday"
        );
        assert_eq!(
            paused.reminder_after(friday, DAY, friday + 12 * HOUR, friday + 13 * HOUR, &[]),
            Some(ms(datetime!(2026-11-30 06:00 UTC)))
        );
    }

    #[test]
    fn the_weekend_pause_stops_every_clock_from_saturday_to_monday() {
        let friday = ms(datetime!(2026-11-27 12:00 UTC));
        let monday = ms(datetime!(2026-11-30 00:00 UTC));
        let runs = TimeControl::new(Pace::Fast);
        let pauses = runs.pausing_weekends();
        // A day from Friday noon: Saturday noon, or Monday noon when the
        // weekend pauses it.
        assert_eq!(runs.runs_out(friday, DAY, &[]), friday + DAY);
        assert_eq!(pauses.runs_out(friday, DAY, &[]), monday + 12 * HOUR);
        // Friday noon to Monday 06:00: 18 hours of running time.
        let ended = monday + 6 * HOUR;
        assert_eq!(pauses.running(friday, ended, &[]), 18 * HOUR);
        assert_eq!(
            pauses.after_turn(friday, DAY, ended, &[]),
            Ended::InTime(6 * HOUR + 4 * HOUR)
        );
        assert_eq!(runs.after_turn(friday, DAY, ended, &[]), Ended::RanOut);
        // A turn begun on Sunday starts running on Monday.
        let sunday = ms(datetime!(2026-11-29 20:00 UTC));
        assert_eq!(pauses.left_at(sunday, DAY, monday, &[]), DAY);
        assert_eq!(pauses.runs_out(sunday, DAY, &[]), monday + DAY);
    }

    #[test]
    fn time_away_within_the_allowance_pauses_a_seat_s_clock() {
        assert_eq!(AWAY_ALLOWANCE, 14 * DAY);
        let since = ms(datetime!(2026-03-02 12:00 UTC));
        let normal = TimeControl::new(Pace::Normal);
        // Away for 20 days with 10 left this year: 10 days stand still.
        let spent = Allowance {
            year: 2026,
            used: 4 * DAY,
        };
        let charged = spent.charge(Span::new(since + HOUR, since + HOUR + 20 * DAY));
        assert_eq!(
            charged.covered,
            vec![Span::new(since + HOUR, since + HOUR + 10 * DAY)]
        );
        assert_eq!(charged.after.left_at(since + 30 * DAY), 0);
        let away = merge(&charged.covered);
        assert_eq!(
            normal.runs_out(since, 3 * DAY, &away),
            since + 13 * DAY,
            "3 days of running time around 10 days away"
        );
        assert_eq!(
            normal.left_at(since, 3 * DAY, since + 11 * DAY, &away),
            2 * DAY,
            "an hour before, 23 hours after"
        );
        // With the weekend pause too: the weekends outside the time away
        // stand still as well.
        let both = normal.pausing_weekends();
        assert_eq!(
            both.running(since, since + 13 * DAY, &away),
            36 * HOUR,
            "an hour before, Thursday 13:00 to Saturday, not the weekend of 14-15 March"
        );
    }
}
