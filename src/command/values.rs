//! Values of options that are more than a word or a number: a setting's
//! interval (`Every`), a game's clock and a replay's speed.

use super::ParseError;
use crate::time_control::Pace;
use std::fmt::Write as _;

/// A game's clock as `settings clock:` names it: a pace, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockChoice {
    Off,
    Pace(Pace),
}

impl ClockChoice {
    pub const ALL: [ClockChoice; 4] = [
        ClockChoice::Pace(Pace::Fast),
        ClockChoice::Pace(Pace::Normal),
        ClockChoice::Pace(Pace::Slow),
        ClockChoice::Off,
    ];

    /// `fast`, `normal`, `slow` or `off` (case-insensitive).
    pub fn parse(text: &str) -> Result<ClockChoice, ParseError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("off") {
            return Ok(ClockChoice::Off);
        }
        Pace::from_word(t)
            .map(ClockChoice::Pace)
            .ok_or_else(|| ParseError::NotClock {
                value: t.to_string(),
            })
    }

    /// The pace, if the game is to have a clock.
    pub fn pace(self) -> Option<Pace> {
        match self {
            ClockChoice::Off => None,
            ClockChoice::Pace(p) => Some(p),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            ClockChoice::Off => "off",
            ClockChoice::Pace(p) => p.word(),
        }
    }
}

impl std::fmt::Display for ClockChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// How often something happens, or not at all: a setting's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Every {
    Off,
    /// An interval in milliseconds, at least a minute.
    After(i64),
}

/// The shortest interval a setting takes.
pub const MIN_INTERVAL_MS: i64 = 60_000;
/// The longest: sixty days.
pub const MAX_INTERVAL_MS: i64 = 60 * 86_400_000;

impl Every {
    /// The one reader of durations: `off`, or amounts with units `m`
    /// (minutes), `h`, `d`, `w`, like `30m`, `12h`, `2d` or `1h30m`; between
    /// a minute and sixty days.
    pub fn parse(text: &str) -> Result<Every, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "off" || t == "never" {
            return Ok(Every::Off);
        }
        let bad = || ParseError::NotDuration {
            value: text.trim().to_string(),
        };
        if t.is_empty() {
            return Err(bad());
        }
        let mut total: i64 = 0;
        let mut digits = String::new();
        for c in t.chars() {
            if c.is_ascii_digit() {
                if digits.len() >= 6 {
                    return Err(bad());
                }
                digits.push(c);
                continue;
            }
            let unit: i64 = match c {
                'm' => 60_000,
                'h' => 3_600_000,
                'd' => 86_400_000,
                'w' => 7 * 86_400_000,
                _ => return Err(bad()),
            };
            let n: i64 = digits.parse().map_err(|_| bad())?;
            digits.clear();
            total = total.saturating_add(n.saturating_mul(unit));
        }
        if !digits.is_empty() {
            return Err(bad());
        }
        if total < MIN_INTERVAL_MS {
            return Err(ParseError::TooShort {
                value: text.trim().to_string(),
            });
        }
        if total > MAX_INTERVAL_MS {
            return Err(ParseError::TooLong {
                value: text.trim().to_string(),
            });
        }
        Ok(Every::After(total))
    }

    /// The interval in milliseconds, `None` when off.
    pub fn millis(self) -> Option<i64> {
        match self {
            Every::Off => None,
            Every::After(ms) => Some(ms),
        }
    }

    pub fn from_millis(ms: Option<i64>) -> Every {
        ms.map_or(Every::Off, Every::After)
    }
}

impl std::fmt::Display for Every {
    /// As the parser reads it back: `off`, `12h`, `1d12h`, `1h30m`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Every::After(mut ms) = *self else {
            return f.write_str("off");
        };
        let mut out = String::new();
        for (unit, letter) in [(86_400_000, 'd'), (3_600_000, 'h'), (60_000, 'm')] {
            if ms >= unit {
                let _ = write!(out, "{}{letter}", ms / unit);
                ms %= unit;
            }
        }
        if out.is_empty() {
            out.push_str("0m");
        }
        f.write_str(&out)
    }
}

/// Until when someone is away (`/aq away until:<when>`): back now, for a
/// while from now, or until a day begins (UTC). The referee turns it into a
/// time with its clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Back now (`off`).
    Back,
    /// For this long from now, in milliseconds (`3d`, `12h`).
    For(i64),
    /// Until this day begins, in UTC (`2026-12-24`).
    Day(time::Date),
}

impl Until {
    /// `off` (or `back`, `now`), a duration like `Every`'s (`3d`, `1w`), or
    /// a date `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Result<Until, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "off" | "back" | "now") {
            return Ok(Until::Back);
        }
        let bad = || ParseError::NotWhen {
            value: text.trim().to_string(),
        };
        if let Some(day) = date(&t) {
            return Ok(Until::Day(day));
        }
        if t.contains('-') {
            return Err(bad());
        }
        match Every::parse(&t) {
            Ok(Every::After(ms)) => Ok(Until::For(ms)),
            Ok(Every::Off) => Ok(Until::Back),
            Err(ParseError::NotDuration { .. }) => Err(bad()),
            Err(e) => Err(e),
        }
    }
}

/// A calendar date written `YYYY-MM-DD`.
fn date(t: &str) -> Option<time::Date> {
    let mut parts = t.split('-');
    let year: i32 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    let month = time::Month::try_from(month).ok()?;
    time::Date::from_calendar_date(year, month, day).ok()
}

impl std::fmt::Display for Until {
    /// As [`Until::parse`] reads it back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Until::Back => f.write_str("off"),
            Until::For(ms) => write!(f, "{}", Every::After(*ms)),
            Until::Day(d) => write!(
                f,
                "{:04}-{:02}-{:02}",
                d.year(),
                u8::from(d.month()),
                d.day()
            ),
        }
    }
}

/// How fast a replay runs: how long each frame shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaySpeed {
    Slow,
    Normal,
    Fast,
}

impl ReplaySpeed {
    pub const ALL: [ReplaySpeed; 3] = [ReplaySpeed::Slow, ReplaySpeed::Normal, ReplaySpeed::Fast];

    pub fn word(self) -> &'static str {
        match self {
            ReplaySpeed::Slow => "slow",
            ReplaySpeed::Normal => "normal",
            ReplaySpeed::Fast => "fast",
        }
    }

    /// How long each frame shows, in milliseconds.
    pub fn frame_ms(self) -> u32 {
        match self {
            ReplaySpeed::Slow => 1500,
            ReplaySpeed::Normal => 800,
            ReplaySpeed::Fast => 350,
        }
    }
}

impl std::str::FromStr for ReplaySpeed {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<ReplaySpeed, ParseError> {
        ReplaySpeed::ALL
            .into_iter()
            .find(|v| v.word().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseError::NotSpeed {
                value: s.to_string(),
            })
    }
}
