//! A player's panel: name, score, coins, coworkers by role, depot and zoo.
//! The table shows one per player; `/aq zoo` shows one large with a side column.
//!
//! Every measurement here is done before drawing, so an image is allocated at
//! its final size once and nothing is drawn outside it.
//!
//! Invariants:
//! - A panel copied from the cache of [`with_panel_cache`] is exactly the
//!   panel that would have been drawn: the cache key holds everything
//!   `draw_panel` reads, and only panels on whole pixels, whose outline stays
//!   within [`OVERHANG`] of their box, are cached.
//! - The cache lives on one thread, only while `with_panel_cache` runs.

use super::canvas::{paste, Canvas, Pen};
use super::depot::depot;
use super::icons::Icon;
use super::style::*;
use super::typeset::{fonts, Align, Fonts, Style};
use super::words::{fit_in, say, shrunk, word};
use super::zoo::{self, ZooLayout};
use super::RenderError;
use crate::engine::{Cell, Game, Player, Score, Seat};
use crate::lang::{Lang, Text};
use crate::time_control::TIMEOUTS_TO_HAND_OVER;
use crate::view::clocks::{left_words, ClockState, SeatTime};
use std::cell::RefCell;
use tiny_skia::Pixmap;

/// A player's name as it is drawn: controls and invisible characters
/// dropped, white space collapsed, clusters no font has as '?'. A name of
/// which nothing can be shown (only such characters) becomes "Player N"
/// in the picture's language, which the seat colour ties to the player.
pub(crate) fn display_name(f: &Fonts, game: &Game, seat: Seat, lang: &Lang) -> String {
    shown_name(
        f,
        game.player(seat).map_or("", |p| p.name.as_str()),
        seat,
        lang,
    )
}

/// [`display_name`] of a name in a seat.
pub(crate) fn shown_name(f: &Fonts, name: &str, seat: Seat, lang: &Lang) -> String {
    let name = f.printable(name);
    if f.shows_something(&name) {
        name
    } else {
        say(lang, &Text::msg("picture-player").arg("seat", seat + 1))
    }
}

fn auto_style() -> Style {
    Style::new(SMALL, true, WHITE)
}

/// The width of the marker of a seat the computer plays, with the gap
/// before it; 0 when the seat is not automatic.
pub(crate) fn auto_marker_width(f: &Fonts, automatic: bool, lang: &Lang) -> f32 {
    marker_width(f, automatic, &super::auto_marker(lang))
}

fn marker_width(f: &Fonts, automatic: bool, marker: &str) -> f32 {
    if automatic {
        f.width(marker, &auto_style()) + 20.0 + 10.0
    } else {
        0.0
    }
}

/// Draws the marker of a seat the computer plays (a computer player, or a
/// player voted out whose seat the computer now plays): a small dark pill
/// after the name, its left edge at `x`, centred on `cy`. Returns the width
/// used with the gap after it (0 when the seat is not automatic).
pub(crate) fn auto_marker(c: &mut Canvas, x: f32, cy: f32, automatic: bool, lang: &Lang) -> f32 {
    draw_marker(c, x, cy, automatic, &super::auto_marker(lang))
}

/// The robot alone: the marker where a header has no room for its word.
const COMPACT_MARKER: &str = "🤖";

fn draw_marker(c: &mut Canvas, x: f32, cy: f32, automatic: bool, marker: &str) -> f32 {
    if !automatic {
        return 0.0;
    }
    let st = auto_style();
    let w = c.width(marker, &st) + 20.0;
    c.round_rect(x, cy - 12.0, w, 24.0, 12.0, INK_SOFT);
    c.text_mid(marker, x + w / 2.0, cy, &st, Align::Center);
    w + 10.0
}

/// The first candidate that fits `max` pixels, else the last one cut with an ellipsis.
pub(crate) fn first_fitting(f: &Fonts, candidates: &[String], st: &Style, max: f32) -> String {
    for c in candidates {
        if f.width(c, st) <= max {
            return c.clone();
        }
    }
    fit_in(f, candidates.last().map_or("", String::as_str), st, max)
}

/// Coworkers by role, the roles nobody fills left out.
fn coworker_line(f: &Fonts, player: &Player, lang: &Lang, st: &Style, max: f32) -> String {
    let count =
        |n: u8, key: &'static str| (n > 0).then(|| say(lang, &Text::msg(key).arg("count", n)));
    let roles: Vec<String> = [
        count(player.cashiers, "picture-cashiers"),
        count(player.keepers, "picture-keepers"),
        player.manager.then(|| word(lang, "picture-manager")),
        count(player.zoo.trainer_count(), "picture-trainers"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if roles.is_empty() {
        return fit_in(f, &word(lang, "picture-coworkers-none"), st, max);
    }
    let roles = roles.join(" · ");
    first_fitting(
        f,
        &[
            say(
                lang,
                &Text::msg("picture-coworkers").arg("roles", roles.as_str()),
            ),
            roles,
        ],
        st,
        max,
    )
}

fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        format!("+{n}")
    }
}

/// The score by category, zero categories left out: long, then short.
fn score_lines(game: &Game, seat: Seat, lang: &Lang) -> Vec<String> {
    let s = game.score(seat);
    let parts = |long: bool| {
        let mut out = say(
            lang,
            &Text::msg("picture-points-animals").arg("count", s.animals),
        );
        for (n, key, short) in [
            (
                s.cashiers,
                "picture-points-cashiers",
                "picture-points-cashiers-short",
            ),
            (
                s.keepers,
                "picture-points-keepers",
                "picture-points-keepers-short",
            ),
            (
                s.trainers,
                "picture-points-trainers",
                "picture-points-trainers-short",
            ),
            (
                s.depot,
                "picture-points-depot",
                "picture-points-depot-short",
            ),
        ] {
            if n != 0 {
                let part = Text::msg(if long { key } else { short }).arg("points", signed(n));
                out.push(' ');
                out.push_str(&say(lang, &part));
            }
        }
        out
    };
    vec![parts(true), parts(false)]
}

/// What the panel header says about the turn: whose it is and whether they
/// are mid-way through placing (the tag's message).
fn turn_tag(game: &Game, seat: Seat, won: bool) -> Option<&'static str> {
    if game.is_over() {
        return won.then_some(WINNER_TAG);
    }
    if game.current() != seat {
        return None;
    }
    Some(if game.pending().is_empty() {
        "picture-tag-to-play"
    } else {
        "picture-tag-placing"
    })
}

const WINNER_TAG: &str = "picture-tag-winner";

/// What drawing one player's part of a picture reads besides the canvas
/// and where to draw: the fonts (to measure before there is a canvas), the
/// game and the seat, how the seat is marked, and the picture's language.
/// Its panel's header, the panel on the table and `/aq zoo`'s side column
/// are drawn from one.
#[derive(Clone, Copy)]
pub(crate) struct PlayerContext<'a> {
    pub fonts: &'static Fonts,
    pub game: &'a Game,
    pub seat: Seat,
    /// The computer plays the seat: its name carries the marker.
    pub automatic: bool,
    /// The seat won (the game's standings say so): crowned.
    pub won: bool,
    /// The seat's clock, drawn in its panel's clock row (a table with
    /// clocks has one in every panel).
    pub clock: Option<SeatTime>,
    /// The cells the last move changed, outlined on the zoo.
    pub changed: &'a [Cell],
    /// The language of every word drawn.
    pub lang: &'a Lang,
}

impl<'a> PlayerContext<'a> {
    /// The player in the seat.
    fn player(&self) -> Option<&'a Player> {
        self.game.player(self.seat)
    }
}

/// The panel header: seat chip, name, the automatic marker, turn tag,
/// coins, truck and total. Returns its height.
fn header(c: &mut Canvas, ctx: &PlayerContext, (x, y): (f32, f32), w: f32, big: bool) -> f32 {
    let Some(player) = ctx.player() else {
        return 0.0;
    };
    let h = if big { 48.0 } else { HEADER_H };
    let cy = y + h / 2.0;
    let limit = header_counts(c, ctx, player, (x + w, cy), big);
    header_name(c, ctx, (x, cy), limit, big);
    h
}

/// The header's right part, drawn right to left from `right`: the total
/// and its unit, the coins, then the truck taken this round. Returns the
/// room's end left for the name.
fn header_counts(
    c: &mut Canvas,
    ctx: &PlayerContext,
    player: &Player,
    (right, cy): (f32, f32),
    big: bool,
) -> f32 {
    let total_st = Style::new(if big { TITLE } else { HEAD }, true, INK);
    let unit_st = Style::new(BODY, false, INK_SOFT);
    let total = ctx.game.score(ctx.seat).total;
    let total_txt = total.to_string();
    let unit = say(
        ctx.lang,
        &Text::msg("picture-points-unit").arg("count", total.abs()),
    );
    let unit_w = c.width(&unit, &unit_st);
    c.text_mid(&unit, right, cy + 2.0, &unit_st, Align::Right);
    let total_w = c.text_mid(&total_txt, right - unit_w, cy, &total_st, Align::Right);
    let mut limit = right - unit_w - total_w - 16.0;

    // Coins, then the truck taken this round, right to left.
    let icon = 28.0;
    let coin_txt = player.coins.to_string();
    let coin_st = Style::new(HEAD, true, INK);
    let coin_w = c.width(&coin_txt, &coin_st);
    let coin_x = limit - coin_w;
    c.text_mid(&coin_txt, coin_x, cy, &coin_st, Align::Left);
    c.icon(Icon::Coin, coin_x - icon - 4.0, cy - icon / 2.0, icon);
    limit = coin_x - icon - 18.0;
    if let Some(t) = player.truck.filter(|_| !ctx.game.is_over()) {
        let txt = t.to_string();
        let tw = c.width(&txt, &coin_st);
        let tx = limit - tw;
        c.text_mid(&txt, tx, cy, &coin_st, Align::Left);
        c.icon(Icon::Truck, tx - icon - 4.0, cy - icon / 2.0, icon);
        limit = tx - icon - 18.0;
    }
    limit
}

/// The header's left part, from `x` up to `limit`: the seat's chip, the
/// name, the automatic marker and the turn tag.
fn header_name(c: &mut Canvas, ctx: &PlayerContext, (x, cy): (f32, f32), limit: f32, big: bool) {
    let PlayerContext {
        fonts: f,
        game,
        seat,
        automatic,
        lang,
        ..
    } = *ctx;
    let name_st = Style::new(if big { TITLE } else { HEAD }, true, INK);
    let chip = if big { 11.0 } else { 9.0 };
    c.circle(x + chip, cy, chip, seat_color(seat));
    let name_x = x + 2.0 * chip + 10.0;
    let tag = turn_tag(game, seat, ctx.won);
    let tag_text = tag.map(|t| word(lang, t));
    let tag_st = Style::new(SMALL, true, WHITE);
    let tag_w = tag_text
        .as_ref()
        .map_or(0.0, |t| c.width(t, &tag_st) + 20.0 + 10.0);
    // A header too crowded for the marker's word shows the robot alone, so
    // that the name and the tag keep their room.
    let mut marker = super::auto_marker(lang);
    if limit - name_x - tag_w - marker_width(f, automatic, &marker) < 80.0 {
        marker = COMPACT_MARKER.to_string();
    }
    let auto_w = marker_width(f, automatic, &marker);
    let name = f.fit(
        &display_name(f, game, seat, lang),
        &name_st,
        (limit - name_x - tag_w - auto_w).max(40.0),
    );
    let name_w = c.text_mid(&name, name_x, cy, &name_st, Align::Left);
    let marker_w = draw_marker(c, name_x + name_w + 10.0, cy, automatic, &marker);
    if let (Some(t), Some(text)) = (tag, tag_text) {
        let tx = name_x + name_w + 10.0 + marker_w;
        let pill_w = tag_w - 10.0;
        let color = if t == WINNER_TAG {
            rgb(0xb8, 0x86, 0x00)
        } else {
            seat_color(seat)
        };
        c.round_rect(tx, cy - 13.0, pill_w, 26.0, 13.0, color);
        // The pill must not reach the coins: it is cut rather than overlap.
        let room = (limit - tx - 20.0).min(pill_w - 20.0);
        c.text_in(&text, tx + pill_w / 2.0, cy, &tag_st, Align::Center, room);
    }
}

/// A panel's clock row, centred on `cy` from `x`, `w` wide: a clock and
/// the seat's time left, the running clock's in a pill of the seat's
/// colour and a clock standing still in a grey one, then its timeouts.
/// Nothing for a seat without a clock.
fn clock_row(c: &mut Canvas, ctx: &PlayerContext, (x, cy): (f32, f32), w: f32) {
    let Some(clock) = ctx.clock else {
        return;
    };
    let lang = ctx.lang;
    let (key, fill) = match clock.state {
        ClockState::Waiting => ("picture-clock", None),
        ClockState::Running => ("picture-clock-running", Some(seat_color(ctx.seat))),
        ClockState::Stopped => ("picture-clock-stopped", Some(INK_SOFT)),
    };
    let text = say(lang, &Text::msg(key).arg("left", left_words(clock.left)));
    let st = match fill {
        Some(_) => Style::new(BODY, true, WHITE),
        None => Style::new(BODY, false, INK_SOFT),
    };
    let icon = if fill.is_some() { WHITE } else { INK_SOFT };
    let small = Style::new(SMALL, false, INK_SOFT);
    // The pill holds the clock and the words, 10 px in from each end.
    const AROUND: f32 = 10.0 + 26.0 + 10.0;
    // The timeouts, in words where the row has room beside the pill, else
    // short.
    let timeouts = (clock.timeouts > 0).then(|| {
        let said = |key: &'static str| {
            say(
                lang,
                &Text::msg(key)
                    .arg("count", clock.timeouts)
                    .arg("most", TIMEOUTS_TO_HAND_OVER),
            )
        };
        let long = said("picture-clock-timeouts");
        if AROUND + c.width(&text, &st) + 12.0 + c.width(&long, &small) <= w {
            long
        } else {
            said("picture-clock-timeouts-short")
        }
    });
    let timeouts_w = timeouts.as_ref().map_or(0.0, |t| c.width(t, &small) + 12.0);
    let room = (w - timeouts_w - AROUND).max(40.0);
    let shown = shrunk(ctx.fonts, &text, &st, room);
    let pill_w = AROUND + c.width(&text, &shown).min(room);
    if let Some(fill) = fill {
        c.round_rect(x, cy - 13.0, pill_w, 26.0, 13.0, fill);
    }
    clock_face(c, x + 10.0 + 9.0, cy, icon);
    c.text_in(&text, x + 10.0 + 26.0, cy, &st, Align::Left, room);
    if let Some(t) = timeouts {
        let at = x + pill_w + 12.0;
        c.text_in(&t, at, cy, &small, Align::Left, x + w - at);
    }
}

/// A small clock face centred on (cx, cy), in `color`: its rim, and hands
/// at three o'clock.
fn clock_face(c: &mut Canvas, cx: f32, cy: f32, color: tiny_skia::Color) {
    c.circle_stroke(cx, cy, 8.0, color, 2.0);
    c.polyline(
        &[(cx, cy - 5.0), (cx, cy), (cx + 4.0, cy)],
        color,
        2.0,
        true,
    );
}

/// Basin sizes and the basin limit, for the big view.
fn basins(c: &mut Canvas, player: &Player, lang: &Lang, x: f32, y: f32, w: f32) -> f32 {
    let zoo = &player.zoo;
    let st = Style::new(SIDE, false, INK);
    let bold = Style::new(SIDE, true, INK);
    let label = Style::new(SIDE, true, INK_SOFT);
    let mut cy = y + 16.0;
    let head = Text::msg("picture-basins")
        .arg("count", zoo.type_count())
        .arg("limit", zoo.basin_limit());
    c.text_in(&say(lang, &head), x, cy, &label, Align::Left, w);
    cy += 34.0;
    for a in zoo.types() {
        let icon = 32.0;
        c.round_rect(x, cy - 19.0, 38.0, 38.0, 8.0, animal_color(a));
        c.round_rect(x + 3.0, cy - 16.0, 32.0, 32.0, 6.0, CARD);
        c.icon(Icon::Animal(a), x + 3.0, cy - icon / 2.0, icon);
        let count = zoo.count(a).to_string();
        let room = w - 48.0 - c.width(&count, &bold) - 12.0;
        let name = say(lang, &crate::lang::engine::animals(a));
        c.text_in(&name, x + 48.0, cy, &st, Align::Left, room);
        c.text_mid(&count, x + w, cy, &bold, Align::Right);
        cy += 44.0;
    }
    cy - 22.0 - y
}

/// A player's panel on the table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PanelLayout {
    pub w: f32,
    pub h: f32,
    pub zoo: ZooLayout,
    /// The clock's row under the header: [`LINE_H`] in a table with
    /// clocks, else nothing.
    pub clock_h: f32,
}

pub(crate) const PANEL_PAD: f32 = 16.0;
/// Text in the side column of `/aq zoo`, which has room to spare.
const SIDE: f32 = 20.0;
const HEADER_H: f32 = 40.0;
const LINE_H: f32 = 30.0;
/// Square pitches tried on the table's zoos, largest first: tiles of 50 and 48 px.
pub(crate) const TABLE_PITCHES: [f32; 2] = [56.0, 54.0];
/// The depot's top tile on the table.
pub(crate) const DEPOT_TILE: f32 = 48.0;
pub(crate) const MIN_PANEL_W: f32 = 470.0;

impl PanelLayout {
    /// The width the panel needs for its zoo with `margin` empty squares around.
    pub fn natural_width(player: &Player, pitch: f32, margin: u8) -> f32 {
        let zoo = ZooLayout::new(&player.zoo, pitch, margin, false);
        (zoo.width() + 2.0 * PANEL_PAD).max(MIN_PANEL_W).ceil()
    }

    /// A panel `w` wide. Its zoo is cropped to the boards themselves: the
    /// table must stay short, and `/aq zoo` shows the squares around. A
    /// table with clocks (`clock_row`) gives it a row for its clock.
    pub fn new(
        player: &Player,
        pitch: f32,
        w: f32,
        lang: &Lang,
        clock_row: bool,
    ) -> Result<PanelLayout, RenderError> {
        let f = fonts()?;
        let zoo = ZooLayout::new(&player.zoo, pitch, 0, false);
        let inner = w - 2.0 * PANEL_PAD;
        let depot_h = depot(None, f, player, lang, (0.0, 0.0), inner, DEPOT_TILE).h;
        let clock_h = if clock_row { LINE_H } else { 0.0 };
        let h = PANEL_PAD
            + HEADER_H
            + clock_h
            + LINE_H
            + 6.0
            + zoo.height()
            + 10.0
            + LINE_H
            + 8.0
            + depot_h
            + PANEL_PAD;
        Ok(PanelLayout { w, h, zoo, clock_h })
    }

    /// Where the panel drawn with its corner at (x, y) puts its zoo (the
    /// corner [`zoo::draw_zoo`] is given) and its depot (the corner
    /// [`depot`] is given, `w - 2 * PANEL_PAD` wide): [`draw_panel`] draws
    /// there.
    pub fn corners(&self, (x, y): (f32, f32)) -> ((f32, f32), (f32, f32)) {
        let mut cy = y + PANEL_PAD;
        cy += HEADER_H + self.clock_h;
        cy += LINE_H + 6.0;
        let zoo = (x + (self.w - self.zoo.width()) / 2.0, cy);
        cy += self.zoo.height() + 10.0;
        cy += LINE_H + 8.0;
        (zoo, (x + PANEL_PAD, cy))
    }
}

/// A player's panel on the table, its corner at (x, y), `h` high.
pub(crate) fn draw_panel(
    c: &mut Canvas,
    ctx: &PlayerContext,
    lay: &PanelLayout,
    (x, y): (f32, f32),
    h: f32,
) {
    let Some(player) = ctx.player() else {
        return;
    };
    let PlayerContext {
        fonts: f,
        game,
        seat,
        changed,
        lang,
        ..
    } = *ctx;
    let winner = game.is_over() && ctx.won;
    let current = !game.is_over() && game.current() == seat;
    c.round_rect(x, y, lay.w, h, 14.0, PANEL);
    let (edge, edge_w) = if winner {
        (WINNER, 5.0)
    } else if current {
        (seat_color(seat), 4.0)
    } else {
        (PANEL_EDGE, 2.0)
    };
    c.round_rect_stroke(x, y, lay.w, h, 14.0, Pen(edge, edge_w));

    let inner = lay.w - 2.0 * PANEL_PAD;
    let ix = x + PANEL_PAD;
    let ((zx, zy), (dx, dy)) = lay.corners((x, y));
    let cy = y + PANEL_PAD;
    header(c, ctx, (ix, cy), inner, false);
    if lay.clock_h > 0.0 {
        clock_row(c, ctx, (ix, cy + HEADER_H + lay.clock_h / 2.0), inner);
    }
    let cy = cy + lay.clock_h;

    let st = Style::new(BODY, false, INK_SOFT);
    let lines = score_lines(game, seat, lang);
    let shortest = lines.last().map_or("", String::as_str);
    let st = shrunk(f, shortest, &st, inner);
    let line = first_fitting(f, &lines, &st, inner);
    c.text_mid(&line, ix, cy + HEADER_H + LINE_H / 2.0, &st, Align::Left);

    zoo::draw_zoo(c, &lay.zoo, zx, zy, player, changed);

    let cw = Style::new(BODY, false, INK);
    let line = coworker_line(f, player, lang, &cw, inner);
    let cy = zy + lay.zoo.height() + 10.0;
    c.text_mid(&line, ix, cy + LINE_H / 2.0, &cw, Align::Left);

    depot(Some(c), f, player, lang, (dx, dy), inner, DEPOT_TILE);
}

/// Everything a panel's pixels depend on: panels drawn for equal keys are
/// the same picture. (What `draw_panel` reads of the game, and its layout.)
#[derive(PartialEq)]
struct PanelKey {
    seat: Seat,
    player: Player,
    score: Score,
    tag: Option<&'static str>,
    winner: bool,
    current: bool,
    changed: Vec<Cell>,
    automatic: bool,
    clock: Option<SeatTime>,
    lang: Lang,
    /// The layout's width and height, the pitch and the row height, as bits.
    size: [u32; 4],
}

impl PanelKey {
    /// The key of `player`'s panel drawn `h` high with this layout.
    fn of(ctx: &PlayerContext, player: &Player, lay: &PanelLayout, h: f32) -> PanelKey {
        let PlayerContext {
            game,
            seat,
            automatic,
            changed,
            lang,
            ..
        } = *ctx;
        PanelKey {
            seat,
            player: player.clone(),
            score: game.score(seat),
            tag: turn_tag(game, seat, ctx.won),
            winner: game.is_over() && ctx.won,
            current: !game.is_over() && game.current() == seat,
            changed: changed.to_vec(),
            automatic,
            clock: ctx.clock,
            lang: lang.clone(),
            size: [lay.w, lay.h, lay.zoo.pitch, h].map(f32::to_bits),
        }
    }
}

/// Room around a cached panel for what is drawn over its edge (its outline).
const OVERHANG: f32 = 6.0;

thread_local! {
    /// The panels last drawn on this thread, one a seat, while
    /// [`with_panel_cache`] runs.
    static PANELS: RefCell<Option<Vec<(PanelKey, Pixmap)>>> = const { RefCell::new(None) };
}

/// Runs `f` with the panels of the tables it draws on this thread cached: a
/// panel equal to the one last drawn for its seat is copied instead of drawn
/// again (a replay draws the same panels over and over). The pictures are
/// exactly the same.
pub(crate) fn with_panel_cache<T>(f: impl FnOnce() -> T) -> T {
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            PANELS.with(|p| *p.borrow_mut() = None);
        }
    }
    PANELS.with(|p| *p.borrow_mut() = Some(Vec::new()));
    let _off = Off;
    f()
}

/// [`draw_panel`], through the cache of [`with_panel_cache`] when it is on
/// and the panel sits on whole pixels (so copying it is exact).
pub(crate) fn draw_panel_cached(
    c: &mut Canvas,
    ctx: &PlayerContext,
    lay: &PanelLayout,
    (x, y): (f32, f32),
    h: f32,
) {
    let on = PANELS.with(|p| p.borrow().is_some());
    let whole = [x, y, lay.w, h].iter().all(|v| v.fract() == 0.0);
    let Some(player) = ctx.player().filter(|_| on && whole) else {
        draw_panel(c, ctx, lay, (x, y), h);
        return;
    };
    let key = PanelKey::of(ctx, player, lay, h);
    let at = |v: f32| (v - OVERHANG) as i64;
    let hit = PANELS.with(|p| {
        let cache = p.borrow();
        let found = cache.as_ref()?.iter().find(|(k, _)| *k == key)?;
        paste(&mut c.pixmap, &found.1, at(x), at(y));
        Some(())
    });
    if hit.is_some() {
        return;
    }
    let corner = ((x - OVERHANG) as i32, (y - OVERHANG) as i32);
    let size = (lay.w + 2.0 * OVERHANG, h + 2.0 * OVERHANG);
    let Ok(mut sub) = Canvas::part(corner, size.0, size.1, PAGE) else {
        draw_panel(c, ctx, lay, (x, y), h);
        return;
    };
    draw_panel(&mut sub, ctx, lay, (x, y), h);
    paste(&mut c.pixmap, &sub.pixmap, at(x), at(y));
    PANELS.with(|p| {
        if let Some(cache) = p.borrow_mut().as_mut() {
            cache.retain(|(k, _)| k.seat != ctx.seat);
            cache.push((key, sub.pixmap));
        }
    });
}

/// `/aq zoo`: one zoo large with coordinates on every edge, and a side column
/// with coins, coworkers, basins, depot and score.
pub(crate) fn zoo_canvas(
    game: &Game,
    seat: Seat,
    changed: &[crate::engine::Cell],
    automatic: bool,
    won: bool,
    lang: &Lang,
) -> Result<Canvas, RenderError> {
    let player = game.player(seat).ok_or(RenderError::NoSeat(seat))?;
    let ctx = PlayerContext {
        fonts: fonts()?,
        game,
        seat,
        automatic,
        won,
        clock: None,
        changed,
        lang,
    };
    let pad = 24.0;
    let side_w = 380.0;
    let probe = ZooLayout::new(&player.zoo, 84.0, 1, true);
    let cols = probe.cols() as f32;
    let room = MAX_WIDTH - 3.0 * pad - side_w - (probe.width() - cols * 84.0);
    let pitch = (room / cols).clamp(56.0, 84.0).floor();
    let zl = ZooLayout::new(&player.zoo, pitch, 1, true);

    let side_h = side_column(None, &ctx, (0.0, 0.0), side_w);
    let header_h = 48.0;
    let width = pad + zl.width() + pad + side_w + pad;
    let body_h = zl.height().max(side_h);
    let height = pad + header_h + 16.0 + body_h + pad;
    let mut c = Canvas::new(width, height, PAGE)?;
    c.round_rect(8.0, 8.0, width - 16.0, height - 16.0, 16.0, PANEL);
    header(&mut c, &ctx, (pad, pad), width - 2.0 * pad, true);
    let by = pad + header_h + 16.0;
    zoo::draw_zoo(&mut c, &zl, pad, by, player, changed);
    side_column(Some(&mut c), &ctx, (pad + zl.width() + pad, by), side_w);
    Ok(c)
}

/// The row of the side column's lists.
const SIDE_ROW: f32 = 36.0;

/// `/aq zoo`'s side column, `w` wide from (x, y): the coworkers, the
/// basins, the depot and the score by category. Measures only when `c` is
/// `None`; returns the height used.
fn side_column(c: Option<&mut Canvas>, ctx: &PlayerContext, (x, y): (f32, f32), w: f32) -> f32 {
    let Some(player) = ctx.player() else {
        return 0.0;
    };
    let (f, lang) = (ctx.fonts, ctx.lang);
    let row = SIDE_ROW;
    let types = player.zoo.type_count() as f32;
    let basins_h = 34.0 + types * 44.0 - 6.0;
    let depot_h = depot(None, f, player, lang, (0.0, 0.0), w, 56.0).h;
    let total_h = row * 5.0 + 14.0 + basins_h + 14.0 + depot_h + 14.0 + row * 7.0;
    let Some(c) = c else {
        return total_h;
    };

    let mut cy = side_coworkers(c, player, lang, (x, y), w);
    cy += 14.0;
    cy += basins(c, player, lang, x, cy, w) + 14.0;
    depot(Some(c), f, player, lang, (x, cy), w, 56.0);
    cy += depot_h + 14.0;
    side_score(c, ctx.game.score(ctx.seat), lang, (x, cy), w);
    total_h
}

/// The side column's coworkers: a heading, then each role and how many
/// hold it. Returns the y below them.
fn side_coworkers(c: &mut Canvas, player: &Player, lang: &Lang, (x, y): (f32, f32), w: f32) -> f32 {
    let label = Style::new(SIDE, true, INK_SOFT);
    let body = Style::new(SIDE, false, INK);
    let bold = Style::new(SIDE, true, INK);
    let row = SIDE_ROW;
    let of = |n: u8| {
        say(
            lang,
            &Text::msg("picture-of").arg("count", n).arg("most", 2),
        )
    };
    let roles: [(&str, String); 4] = [
        ("picture-score-cashiers", of(player.cashiers)),
        ("picture-score-keepers", of(player.keepers)),
        (
            "picture-side-manager",
            word(
                lang,
                if player.manager {
                    "picture-yes"
                } else {
                    "picture-no"
                },
            ),
        ),
        (
            "picture-score-trainers",
            player.zoo.trainer_count().to_string(),
        ),
    ];
    let mut cy = y;
    let heading = word(lang, "picture-side-coworkers");
    c.text_in(&heading, x, cy + row / 2.0, &label, Align::Left, w);
    cy += row;
    for (key, value) in &roles {
        c.icon(Icon::Worker, x, cy + row / 2.0 - 12.0, 24.0);
        let room = w - 32.0 - c.width(value, &bold) - 12.0;
        let name = word(lang, key);
        c.text_in(&name, x + 32.0, cy + row / 2.0, &body, Align::Left, room);
        c.text_mid(value, x + w, cy + row / 2.0, &bold, Align::Right);
        cy += row;
    }
    cy
}

/// The side column's score: a heading, the points of each category, a
/// rule, and the total.
fn side_score(c: &mut Canvas, score: Score, lang: &Lang, (x, y): (f32, f32), w: f32) {
    let label = Style::new(SIDE, true, INK_SOFT);
    let body = Style::new(SIDE, false, INK);
    let bold = Style::new(SIDE, true, INK);
    let row = SIDE_ROW;
    let lines: [(&str, i32); 5] = [
        ("picture-score-animals", score.animals),
        ("picture-score-cashiers", score.cashiers),
        ("picture-score-keepers", score.keepers),
        ("picture-score-trainers", score.trainers),
        ("picture-score-depot", score.depot),
    ];
    let mut cy = y;
    let heading = word(lang, "picture-side-score");
    c.text_in(&heading, x, cy + row / 2.0, &label, Align::Left, w);
    cy += row;
    for (key, value) in lines {
        let value = signed(value);
        let room = w - c.width(&value, &bold) - 12.0;
        let name = word(lang, key);
        c.text_in(&name, x, cy + row / 2.0, &body, Align::Left, room);
        c.text_mid(&value, x + w, cy + row / 2.0, &bold, Align::Right);
        cy += row;
    }
    c.rect(x, cy + 2.0, w, 2.0, PANEL_EDGE);
    let total = score.total.to_string();
    let room = w - c.width(&total, &bold) - 12.0;
    let name = word(lang, "picture-score-total");
    c.text_in(&name, x, cy + row / 2.0 + 4.0, &bold, Align::Left, room);
    c.text_mid(&total, x + w, cy + row / 2.0 + 4.0, &bold, Align::Right);
}

#[cfg(test)]
mod tests {
    use super::super::{table_pixmap_marked, Highlight, SeatMarks};
    use super::*;
    use crate::engine::playout::random_game;
    use crate::engine::Setup;

    #[test]
    fn cached_panels_draw_exactly_the_same_tables() {
        let setup = Setup::new(["Ana", "Ben", "Chiara", "Dev", "Emil"], 5);
        let (end, log) = random_game(setup.clone(), 5);
        let mut game = Game::new(setup).expect("valid setup");
        let mut positions = Vec::new();
        for (seat, action) in log.iter().take(40) {
            let events = game.apply(*seat, action).expect("legal");
            positions.push((game.clone(), Highlight::from_events(&events)));
        }
        positions.push((end, Highlight::default()));
        let marks = SeatMarks::with_automatic([2]);
        let draw = |(g, h): &(Game, Highlight)| table_pixmap_marked(g, h, &marks).expect("draws");
        let direct: Vec<Pixmap> = positions.iter().map(draw).collect();
        let cached: Vec<Pixmap> = with_panel_cache(|| positions.iter().map(draw).collect());
        for (i, (a, b)) in direct.iter().zip(&cached).enumerate() {
            assert!(a == b, "position {i} differs");
        }
        assert!(
            PANELS.with(|p| p.borrow().is_none()),
            "the cache is off again"
        );
    }
}
