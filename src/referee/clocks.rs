//! Each seat's clock in a game that has one (`/aq game settings clock:`),
//! kept in the seat's row: the time it had when its turn began (or has for
//! its next), settled when the turn ends (the increment added, within the
//! cap: [`crate::time_control`]), and shown (`/aq board`, `/aq mygames`).
//!
//! A turn is a person's from the first of their moves to the last before
//! another seat acts (`games.turn_since`); their clock runs through it, and
//! stands still at weekends if the game pauses them. When it runs out, the
//! scheduler finds the game by its `auto_at` (the earlier of the clock's
//! end and any other automatic play due) and the computer plays the rest of
//! the turn for them (`auto.rs`, marked in the log as the computer's). A
//! turn that ends after its time ran out counts as a timeout: the seat's
//! clock starts again from the increment, and the third hands the seat to
//! the computer for the rest of the game, ranked as voted out. The person
//! to act is reminded at shares of the time their turn began with
//! ([`crate::time_control::REMINDER_SHARES`]), no more often than the
//! game's reminder interval.

use super::Loaded;
use crate::clock::Millis;
use crate::command::Every;
use crate::cpu::Level;
use crate::lang::{Arg, Text};
use crate::store::{self, GameRow, SeatRow, Settings, Tx};
use crate::time_control::{Ended, SeatClock, Span, TimeControl};
use crate::view::clocks::{ClockState, SeatTime};

/// The level that plays the turn of a person whose clock ran out, and
/// their seat once it ran out three times.
pub const TIMEOUT_LEVEL: Level = Level::Normal;

/// A seat's clock as stored: the pace's time to start when none is kept.
pub(super) fn seat_clock(control: &TimeControl, seat: &SeatRow) -> SeatClock {
    SeatClock {
        left: seat.clock_left.unwrap_or_else(|| control.start()),
        timeouts: u32::try_from(seat.clock_timeouts).unwrap_or(u32::MAX),
    }
}

/// The time its person's time away stops a seat's clock in a game with
/// `settings`: the stretches their allowance covers (in order), or none in
/// a game without vacations.
pub(super) fn away(settings: &Settings, seat: &SeatRow) -> Vec<Span> {
    if settings.vacations {
        seat.away.covered()
    } else {
        Vec::new()
    }
}

/// Whether a running clock stands still at `now`: the weekend pause, or
/// its person away within their allowance.
fn stopped(control: &TimeControl, away: &[Span], now: Millis) -> bool {
    control.weekend.is_some_and(|w| w.contains(now)) || away.iter().any(|s| s.contains(now))
}

/// The turn under way on a clock: the game's clock, the seat, when its
/// turn began and the time its person's absence stops it.
struct Running {
    control: TimeControl,
    seat: usize,
    since: Millis,
    away: Vec<Span>,
}

/// The seat whose turn is under way on a clock. `None` when the game has
/// no clock, or nobody's clock runs (a computer seat to act, the game
/// over).
fn running(loaded: &Loaded) -> Option<Running> {
    running_in(&loaded.row, &loaded.seats)
}

fn running_in(row: &GameRow, seats: &[SeatRow]) -> Option<Running> {
    let control = row.settings.time_control()?;
    let user = row.turn.to_act_user.as_deref()?;
    let since = row.turn.turn_since?;
    let seat = seats
        .iter()
        .position(|s| s.user_id == user && !s.is_auto())?;
    Some(Running {
        control,
        seat,
        since,
        away: away(&row.settings, &seats[seat]),
    })
}

/// When the clock of the turn under way runs out, if one runs.
pub(super) fn deadline(loaded: &Loaded) -> Option<Millis> {
    deadline_in(&loaded.row, &loaded.seats)
}

/// [`deadline`] of a game's row and seats.
pub(super) fn deadline_in(row: &GameRow, seats: &[SeatRow]) -> Option<Millis> {
    let r = running_in(row, seats)?;
    let left = seat_clock(&r.control, &seats[r.seat]).left;
    Some(r.control.runs_out(r.since, left, &r.away))
}

/// The turn of `loaded`'s person to act ended at `now` (another seat acts,
/// or the game is over): their clock is settled under the settings the
/// turn began with, in the row and in `loaded`.
pub(super) async fn settle(tx: &mut Tx, loaded: &mut Loaded, now: Millis) -> anyhow::Result<()> {
    let Some(Running {
        control,
        seat,
        since,
        away,
    }) = running(loaded)
    else {
        return Ok(());
    };
    let clock = seat_clock(&control, &loaded.seats[seat]);
    let after = match control.after_turn(since, clock.left, now, &away) {
        Ended::InTime(left) => SeatClock { left, ..clock },
        Ended::RanOut => clock.timed_out(&control),
    };
    let row = &mut loaded.seats[seat];
    row.clock_left = Some(after.left);
    row.clock_timeouts = i64::from(after.timeouts);
    store::set_seat_clock(tx, loaded.row.id, seat, row.clock_left, row.clock_timeouts).await?;
    if after.handed_over() && after.timeouts > clock.timeouts {
        // The third time out: the computer keeps the seat, which ranks as
        // voted out.
        row.auto = Some(TIMEOUT_LEVEL.word().to_string());
        row.removed_at = Some(now);
        store::set_seat_auto(tx, loaded.row.id, seat, TIMEOUT_LEVEL.word(), Some(now)).await?;
    }
    Ok(())
}

/// When the person to act on a clock is reminded next, deciding at `now`
/// (their turn begun at `since`, a move, a reminder sent): at the shares of
/// the time their turn began with (half, a quarter, a tenth left), no
/// sooner than `not_before`. `None` when the game has no clock or the seat
/// none: the game's fixed interval applies. `Some(None)`: no reminder is
/// left this turn.
pub(super) fn reminder_at(
    settings: &Settings,
    seat: &SeatRow,
    since: Millis,
    now: Millis,
    not_before: Millis,
) -> Option<Option<Millis>> {
    let control = settings.time_control()?;
    if seat.is_auto() {
        return None;
    }
    let left = seat_clock(&control, seat).left;
    let away = away(settings, seat);
    Some(control.reminder_after(since, left, now, not_before, &away))
}

/// The reminder's words for the person to act in the game of `row` on a
/// clock, at `now`: their time left and when it runs out; `None` without a
/// clock running.
pub(super) fn reminder_clock(row: &GameRow, seats: &[SeatRow], now: Millis) -> Option<Text> {
    let r = running_in(row, seats)?;
    let left = seat_clock(&r.control, &seats[r.seat]).left;
    Some(
        Text::msg("reminder-clock")
            .arg(
                "left",
                duration(r.control.left_at(r.since, left, now, &r.away)),
            )
            .arg("out", Arg::Time(r.control.runs_out(r.since, left, &r.away))),
    )
}

/// The pace changed at a new turn: every seat starts again from the new
/// pace's time to start.
pub(super) async fn restart(tx: &mut Tx, loaded: &mut Loaded) -> anyhow::Result<()> {
    store::restart_seat_clocks(tx, loaded.row.id).await?;
    for seat in &mut loaded.seats {
        seat.clock_left = None;
    }
    Ok(())
}

/// Whether the seat was handed to the computer for running out of time
/// (rather than voted out).
pub(super) fn handed_over(seat: &SeatRow) -> bool {
    seat.ran_out_of_time()
}

/// The message `key` with the timeouts that hand a seat over (`$most`).
pub(super) fn most_text(key: &'static str) -> Text {
    Text::msg(key).arg(
        "most",
        i64::from(crate::time_control::TIMEOUTS_TO_HAND_OVER),
    )
}

/// A duration as the settings write it (`23h10m`).
fn duration(ms: Millis) -> String {
    Every::After(ms.max(0)).to_string()
}

/// A seat's clock at `now`: the one running, or the time it keeps.
fn seat_text(loaded: &Loaded, seat: usize, now: Millis) -> Option<Text> {
    let control = loaded.row.settings.time_control()?;
    let row = loaded.seats.get(seat)?;
    if row.is_auto() {
        return None;
    }
    let clock = seat_clock(&control, row);
    let text = match running(loaded).filter(|r| r.seat == seat) {
        Some(Running { since, away, .. }) => {
            let left = control.left_at(since, clock.left, now, &away);
            if control.weekend.is_some_and(|w| w.contains(now)) {
                Text::msg("clocks-seat-weekend")
            } else if stopped(&control, &away, now) {
                Text::msg("clocks-seat-away")
            } else {
                Text::msg("clocks-seat-running")
                    .arg("out", Arg::Time(control.runs_out(since, clock.left, &away)))
            }
            .arg("left", duration(left))
        }
        None => Text::msg("clocks-seat").arg("left", duration(clock.left)),
    };
    let text = text.arg("name", row.name.clone());
    Some(if clock.timeouts > 0 {
        text.then(most_text("clocks-timeouts").arg("count", i64::from(clock.timeouts)))
    } else {
        text
    })
}

/// Every seat's clock as the table shows it at `now` (its picture and its
/// words), by seat: none for a seat the computer plays; empty when the
/// game has no clock.
pub(super) fn seat_times(loaded: &Loaded, now: Millis) -> Vec<Option<SeatTime>> {
    let Some(control) = loaded.row.settings.time_control() else {
        return Vec::new();
    };
    let running = running(loaded);
    loaded
        .seats
        .iter()
        .enumerate()
        .map(|(seat, row)| {
            if row.is_auto() {
                return None;
            }
            let clock = seat_clock(&control, row);
            let timeouts = clock.timeouts;
            Some(match running.as_ref().filter(|r| r.seat == seat) {
                Some(Running { since, away, .. }) => SeatTime {
                    left: control.left_at(*since, clock.left, now, away),
                    state: if stopped(&control, away, now) {
                        ClockState::Stopped
                    } else {
                        ClockState::Running
                    },
                    timeouts,
                },
                None => SeatTime {
                    left: clock.left,
                    state: ClockState::Waiting,
                    timeouts,
                },
            })
        })
        .collect()
}

/// Every person's clock in one line (`/aq board`); `None` without a clock.
pub(super) fn clocks_line(loaded: &Loaded, now: Millis) -> Option<Text> {
    let control = loaded.row.settings.time_control()?;
    let seats: Vec<Text> = (0..loaded.seats.len())
        .filter_map(|s| seat_text(loaded, s, now))
        .collect();
    if seats.is_empty() {
        return None;
    }
    Some(
        Text::msg("clocks-line")
            .arg("pace", control.pace.word())
            .arg("seats", super::language::listed(seats)),
    )
}

/// The clock of the person to act in the game of `row` (`/aq mygames`).
pub(super) fn my_clock(row: &GameRow, seats: &[SeatRow], now: Millis) -> Option<Text> {
    let Running {
        control,
        seat,
        since,
        away,
    } = running_in(row, seats)?;
    let clock = seat_clock(&control, &seats[seat]);
    let left = control.left_at(since, clock.left, now, &away);
    Some(if control.weekend.is_some_and(|w| w.contains(now)) {
        Text::msg("mygames-clock-weekend").arg("left", duration(left))
    } else if stopped(&control, &away, now) {
        Text::msg("mygames-clock-away").arg("left", duration(left))
    } else {
        Text::msg("mygames-clock")
            .arg("left", duration(left))
            .arg("out", Arg::Time(control.runs_out(since, clock.left, &away)))
    })
}
