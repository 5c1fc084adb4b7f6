//! The calendar in UTC, for the yearly away allowance and the seasons:
//! which year and month an instant falls in, and where they start. Pure
//! arithmetic on the `time` crate's dates (no clock is read); an instant
//! beyond the years it knows (±9999) is taken as the nearest it knows.

use super::Millis;
use time::{Date, Month, OffsetDateTime, PrimitiveDateTime};

/// The first and last instants the calendar knows.
fn bounds() -> (Millis, Millis) {
    let first = PrimitiveDateTime::MIN.assume_utc().unix_timestamp() * 1000;
    let last = PrimitiveDateTime::MAX.assume_utc().unix_timestamp() * 1000 + 999;
    (first, last)
}

fn date_of(at: Millis) -> Date {
    let (first, last) = bounds();
    let at = at.clamp(first, last);
    OffsetDateTime::from_unix_timestamp(at.div_euclid(1000))
        .map(OffsetDateTime::date)
        .unwrap_or(Date::MIN)
}

fn start_of(date: Date) -> Millis {
    date.midnight().assume_utc().unix_timestamp() * 1000
}

/// The calendar year (UTC) of an instant.
pub fn year_of(at: Millis) -> i32 {
    date_of(at).year()
}

/// The month (UTC) of an instant: its year and its number, 1 to 12.
pub fn month_of(at: Millis) -> (i32, u8) {
    let date = date_of(at);
    (date.year(), u8::from(date.month()))
}

/// The first instant of a month (UTC), `month` 1 to 12; a month past
/// December is in the years after (`13` is next January), one before
/// January in the years before.
pub fn month_start(year: i32, month: i64) -> Millis {
    let months = i64::from(year) * 12 + (month - 1);
    let year = months.div_euclid(12);
    let month = (months.rem_euclid(12) + 1) as u8;
    let year = year.clamp(i64::from(Date::MIN.year()), i64::from(Date::MAX.year())) as i32;
    let month = Month::try_from(month).unwrap_or(Month::January);
    Date::from_calendar_date(year, month, 1)
        .map(start_of)
        .unwrap_or_else(|_| bounds().1)
}

/// The first instant of a year (UTC).
pub fn year_start(year: i32) -> Millis {
    month_start(year, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn ms(t: OffsetDateTime) -> Millis {
        (t.unix_timestamp_nanos() / 1_000_000) as Millis
    }

    #[test]
    fn years_and_months_begin_at_midnight_utc() {
        let new_year = ms(datetime!(2027-01-01 00:00 UTC));
        assert_eq!(year_of(new_year - 1), 2026);
        assert_eq!(year_of(new_year), 2027);
        assert_eq!(year_start(2027), new_year);
        assert_eq!(month_of(new_year - 1), (2026, 12));
        assert_eq!(month_start(2026, 13), new_year);
        assert_eq!(month_start(2027, 0), ms(datetime!(2026-12-01 00:00 UTC)));
        assert_eq!(month_start(2028, 3), ms(datetime!(2028-03-01 00:00 UTC)));
        // Before the epoch too.
        assert_eq!(month_of(-1), (1969, 12));
    }

    #[test]
    fn instants_beyond_the_calendar_are_its_ends() {
        assert_eq!(year_of(i64::MAX), 9999);
        assert_eq!(year_of(i64::MIN), -9999);
        assert!(month_start(i32::MAX, 1) > 0);
    }
}
