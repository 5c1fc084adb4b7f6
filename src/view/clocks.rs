//! What a table shows of its seats' clocks (a game with `clock:`): each
//! seat's time left as the referee found it when the picture or its words
//! were made, and whether that clock runs (the person to act's), stands
//! still (the weekend pause, or its person away within their allowance) or
//! waits for its turn. The table's picture draws it in each panel
//! (`render`), and its description says it ([`super::describe`]); both
//! take these values and say them in the reader's language.

use crate::clock::Millis;
use crate::command::Every;

/// Whether a seat's clock is running when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockState {
    /// Not its turn: the time it has for its next.
    Waiting,
    /// Its turn, and the time runs.
    Running,
    /// Its turn, but the clock stands still (the weekend pause, or its
    /// person away within their allowance).
    Stopped,
}

/// A seat's clock as a table shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatTime {
    /// The time left when shown.
    pub left: Millis,
    pub state: ClockState,
    /// Its timeouts so far.
    pub timeouts: u32,
}

/// The time left as the settings write a duration (`1d12h`, `23h10m`,
/// `0m`), the same in every language: to the minute under a day, to the
/// hour from a day on (`4d23h`, never more than is left).
pub fn left_words(ms: Millis) -> String {
    let ms = ms.max(0);
    let shown = if ms >= DAY { ms - ms % HOUR } else { ms };
    Every::After(shown).to_string()
}

const HOUR: Millis = 3_600_000;
const DAY: Millis = 24 * HOUR;

/// Whether any seat has a clock to show.
pub fn any(clocks: &[Option<SeatTime>]) -> bool {
    clocks.iter().any(Option::is_some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_written_as_the_settings_write_it() {
        assert_eq!(left_words(36 * 3_600_000), "1d12h");
        assert_eq!(left_words(23 * 3_600_000 + 10 * 60_000 + 999), "23h10m");
        assert_eq!(left_words(-5), "0m");
        assert_eq!(left_words(5 * 86_400_000 - 60_000), "4d23h", "not 5d");
        assert_eq!(left_words(86_400_000 + 59 * 60_000), "1d");
        assert!(!any(&[None, None]));
        assert!(any(&[
            None,
            Some(SeatTime {
                left: 0,
                state: ClockState::Running,
                timeouts: 0
            })
        ]));
    }
}
