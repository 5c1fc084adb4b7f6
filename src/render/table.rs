//! The whole table: round, piles and turn; the trucks; what waits for a
//! decision; every player's panel; and at the end the score breakdown.
//!
//! Layout invariant: the picture is never wider than `MAX_WIDTH`. Panels sit
//! in a grid of up to three columns; when the widest zoo does not fit, the
//! grid loses a column rather than shrinking tiles below 48 px.

use super::canvas::{Canvas, Pen};
use super::player::{self, display_name, PanelLayout, PlayerContext, MIN_PANEL_W, TABLE_PITCHES};
use super::style::*;
use super::typeset::{fonts, isolate, Align, Fonts, Style};
use super::words::{and_list, say, word};
use super::{Highlight, RenderError, SeatMarks};
use crate::engine::{Game, Mark, Seat, Tile};
use crate::lang::engine as engine_words;
use crate::lang::{Lang, Text};

mod final_scores;
mod trucks;
use final_scores::*;
use trucks::*;
pub(crate) use trucks::{slot_corner, waiting_on};

const MARGIN: f32 = 20.0;
const GAP: f32 = 16.0;
/// A tile on a truck card or the waiting card.
pub(crate) const TILE: f32 = 52.0;
const SLOT_GAP: f32 = 8.0;
const TRUCK_PAD: f32 = 12.0;
const TRUCK_HEAD: f32 = 40.0;
const TRUCK_FOOT: f32 = 30.0;
const STATUS_H: f32 = 44.0;
const PROMPT_H: f32 = 32.0;

/// A truck card's width: its three tiles, or in a language whose labels
/// are longer, as wide as its labels need at the smallest text size.
fn truck_width(f: &Fonts, lang: &Lang) -> f32 {
    let tiles = 2.0 * TRUCK_PAD + 3.0 * TILE + 2.0 * SLOT_GAP;
    let small = Style::new(SMALL, false, INK_SOFT);
    let head = Style::new(SMALL, true, INK);
    let foot = [
        word(lang, "picture-truck-full"),
        say(lang, &Text::msg("picture-truck-free").arg("count", 3)),
        say(lang, &Text::msg("picture-truck-free").arg("count", 1)),
        word(lang, "picture-waiting-offspring"),
        word(lang, "picture-waiting-coworker"),
        word(lang, "picture-waiting-both"),
    ]
    .iter()
    .map(|t| f.width(t, &small))
    .fold(0.0, f32::max);
    let heads = [
        say(lang, &Text::msg("picture-truck").arg("truck", 5)),
        word(lang, "picture-waiting"),
    ]
    .iter()
    .map(|t| 38.0 + f.width(t, &head))
    .fold(0.0, f32::max);
    (foot.max(heads) + 2.0 * TRUCK_PAD).ceil().max(tiles)
}

pub(crate) fn truck_height() -> f32 {
    TRUCK_HEAD + TILE + TRUCK_FOOT + 8.0
}

/// What the current player must still decide, in a sentence.
fn prompt(f: &Fonts, game: &Game, lang: &Lang) -> String {
    if game.is_over() {
        return String::new();
    }
    let seat = game.current();
    let name = isolate(&f.fit(
        &display_name(f, game, seat, lang),
        &Style::new(BODY, true, INK),
        260.0,
    ));
    let pending = game.pending();
    let mut parts = Vec::new();
    if let Some(a) = pending.offspring.first() {
        let n = pending.offspring.len();
        parts.push(if n == 1 {
            Text::msg("picture-task-offspring-one").arg("animal", engine_words::animal(*a))
        } else {
            Text::msg("picture-task-offspring").arg("count", n)
        });
    }
    if pending.coworkers > 0 {
        parts.push(if pending.coworkers == 1 {
            Text::msg("picture-task-hire-one")
        } else {
            Text::msg("picture-task-hire").arg("count", pending.coworkers)
        });
    }
    let slots: Vec<Text> = pending
        .waiting_tiles()
        .map(|(slot, _)| Text::Raw(slot.to_string()))
        .collect();
    if !slots.is_empty() {
        let count = slots.len();
        let tiles = and_list(slots);
        parts.push(
            match game.player(seat).and_then(|p| p.truck) {
                Some(truck) => Text::msg("picture-task-tiles-of-truck").arg("truck", truck),
                None => Text::msg("picture-task-tiles"),
            }
            .arg("count", count)
            .arg("tiles", tiles),
        );
    }
    let mut parts = parts.into_iter();
    let text = match parts.next() {
        None => Text::msg("picture-prompt-turn").arg("name", name),
        Some(first) => {
            let tasks = parts.fold(first, |done, next| {
                Text::msg("picture-task-then")
                    .arg("done", done)
                    .arg("next", next)
            });
            Text::msg("picture-prompt-must")
                .arg("name", name)
                .arg("tasks", tasks)
        }
    };
    say(lang, &text)
}

/// Everything above the panels while the game runs; its height.
fn top_height(game: &Game, width: f32, truck_w: f32) -> f32 {
    let per_row = (((width - 2.0 * MARGIN + GAP) / (truck_w + GAP)).floor() as usize).max(1);
    let cards = game.trucks().len() + usize::from(waiting_card(game).is_some());
    let rows = cards.div_ceil(per_row);
    STATUS_H + PROMPT_H + 8.0 + rows as f32 * (truck_height() + GAP)
}

fn top_width(game: &Game, truck_w: f32) -> f32 {
    let cards = game.trucks().len() + usize::from(waiting_card(game).is_some());
    2.0 * MARGIN + cards as f32 * (truck_w + GAP) - GAP
}

/// Offspring and coworkers waiting, shown as an extra card beside the trucks.
fn waiting_card(game: &Game) -> Option<(Vec<Tile>, u8)> {
    let p = game.pending();
    if game.is_over() || (p.offspring.is_empty() && p.coworkers == 0) {
        return None;
    }
    let tiles = p
        .offspring
        .iter()
        .map(|a| Tile::animal(*a, Mark::Young))
        .collect();
    Some((tiles, p.coworkers))
}

/// The width [`pile`] needs.
fn pile_width(c: &Canvas, label: &str, count: usize, size: f32) -> f32 {
    let st = Style::new(size, false, INK_SOFT);
    let bold = Style::new(HEAD, true, INK);
    40.0 + c.width(label, &st) + 8.0 + c.width(&count.to_string(), &bold)
}

/// A pile and how many tiles it holds, its left edge at `x`, within `room`
/// pixels, its label `size` pixels high; returns the width used.
fn pile(c: &mut Canvas, x: f32, cy: f32, pile: (&str, usize), room: f32, size: f32) -> f32 {
    let (label, count) = pile;
    let st = Style::new(size, false, INK_SOFT);
    let bold = Style::new(HEAD, true, INK);
    for i in 0..3 {
        let o = i as f32 * 3.0;
        c.round_rect(x + 6.0 - o, cy - 14.0 - o + 4.0, 24.0, 24.0, 4.0, BLOCKED);
        c.round_rect_stroke(
            x + 6.0 - o,
            cy - 14.0 - o + 4.0,
            24.0,
            24.0,
            4.0,
            Pen(WHITE, 1.5),
        );
    }
    let number = count.to_string();
    let mut w = 40.0;
    let label_room = room - w - 8.0 - c.width(&number, &bold);
    w += c.text_in(label, x + w, cy, &st, Align::Left, label_room) + 8.0;
    w += c.text_mid(&number, x + w, cy, &bold, Align::Left);
    w
}

/// What drawing the table reads besides the canvas and where to draw: the
/// game, what its last move changed, and the seats' marks with the
/// picture's language.
#[derive(Clone, Copy)]
struct TableContext<'a> {
    game: &'a Game,
    highlight: &'a Highlight,
    marks: &'a SeatMarks,
}

/// The status row: round, last round, piles on the left; whose turn on the
/// right, drawn first so that the left part knows its room. Then the
/// prompt's line below it.
fn draw_status(c: &mut Canvas, ctx: &TableContext, y: f32, width: f32) {
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    let f = c.fonts;
    let cy = y + STATUS_H / 2.0;
    let right = width - MARGIN;

    let seat = game.current();
    let name_st = Style::new(HEAD, true, seat_color(seat));
    let name = f.fit(&display_name(f, game, seat, lang), &name_st, 300.0);
    let turn = say(
        lang,
        &Text::msg("picture-turn-of").arg("name", isolate(&name)),
    );
    let turn_room = (width - 2.0 * MARGIN) / 2.0;
    let tw = c.text_in(&turn, right, cy, &name_st, Align::Right, turn_room);
    c.circle(right - tw - 16.0, cy, 9.0, seat_color(seat));
    let end = right - tw - 16.0 - 9.0 - 16.0;
    status_counts(c, game, lang, cy, end);
    prompt_line(c, ctx, y, width);
}

/// The status row's left part, up to `end`: the round, the last round's
/// pill, the draw pile and the reserve.
fn status_counts(c: &mut Canvas, game: &Game, lang: &Lang, cy: f32, end: f32) {
    let mut title = Style::new(TITLE, true, INK);
    let mut x = MARGIN;
    let round = say(lang, &Text::msg("picture-round").arg("round", game.round()));
    let draw_pile = word(lang, "picture-draw-pile");
    let reserve = word(lang, "picture-reserve");
    let last_round = word(lang, "picture-last-round");
    let pill_st = Style::new(BODY, true, WHITE);
    // A row too crowded for its words draws the round smaller, then the
    // piles' words smaller, then its gaps narrower.
    let needs = |c: &Canvas, title: &Style, size: f32, gap: f32| {
        c.width(&round, title)
            + gap
            + if game.is_last_round() {
                c.width(&last_round, &pill_st) + 24.0 + gap
            } else {
                0.0
            }
            + gap
            + 2.0
            + pile_width(c, &draw_pile, game.draw_pile().len(), size)
            + 2.0 * gap
            + pile_width(c, &reserve, game.reserve().len(), size)
    };
    let (mut size, mut gap) = (BODY, 14.0);
    if x + needs(c, &title, size, gap) > end {
        title = Style::new(HEAD, true, INK);
    }
    if x + needs(c, &title, size, gap) > end {
        size = SMALL;
    }
    if x + needs(c, &title, size, gap) > end {
        gap = 8.0;
    }
    x += c.text_in(&round, x, cy, &title, Align::Left, end - x) + gap;
    if game.is_last_round() {
        let w = (c.width(&last_round, &pill_st) + 24.0).min((end - x).max(24.0));
        c.round_rect(x, cy - 15.0, w, 30.0, 15.0, LAST_ROUND);
        c.text_in(
            &last_round,
            x + w / 2.0,
            cy,
            &pill_st,
            Align::Center,
            w - 24.0,
        );
        x += w + gap;
    }
    x += gap + 2.0;
    // The two piles share what is left: the draw pile leaves the reserve
    // what it needs.
    let reserve_w = pile_width(c, &reserve, game.reserve().len(), size);
    let room = end - x - 2.0 * gap - reserve_w;
    x += pile(c, x, cy, (&draw_pile, game.draw_pile().len()), room, size) + 2.0 * gap;
    pile(c, x, cy, (&reserve, game.reserve().len()), end - x, size);
}

/// The line below the status row: what the player to act must decide,
/// and at its end the pill of a practice game.
fn prompt_line(c: &mut Canvas, ctx: &TableContext, y: f32, width: f32) {
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    let f = c.fonts;
    let right = width - MARGIN;
    // A practice game says so at the end of the prompt's line, where the
    // status row's names and piles leave it room.
    let py = y + STATUS_H + PROMPT_H / 2.0;
    let mut room = width - 2.0 * MARGIN;
    if ctx.marks.practice {
        let st = Style::new(SMALL, true, WHITE);
        let label = word(lang, "picture-practice");
        let w = c.width(&label, &st) + 20.0;
        c.round_rect(right - w, py - 12.0, w, 24.0, 12.0, INK_SOFT);
        c.text_mid(&label, right - w / 2.0, py, &st, Align::Center);
        room -= w + 12.0;
    }
    let st = Style::new(BODY, false, INK);
    c.text_in(&prompt(f, game, lang), MARGIN, py, &st, Align::Left, room);
}

/// Panel widths by row, and the square pitch: the most panels per row that
/// fit (balanced: 2+2 rather than 3+1), then the largest pitch that fits. Each
/// panel is as wide as its own zoo needs, so one wide zoo does not push the
/// others onto another row.
fn grid(game: &Game) -> (Vec<Vec<f32>>, f32) {
    let players = game.players();
    let n = players.len().max(1);
    let row_w = |ws: &[f32]| 2.0 * MARGIN + ws.iter().map(|w| w + GAP).sum::<f32>() - GAP;
    for cols in (1..=n.min(3)).rev() {
        let cols = n.div_ceil(n.div_ceil(cols));
        for pitch in TABLE_PITCHES {
            let widths: Vec<f32> = players
                .iter()
                .map(|p| PanelLayout::natural_width(p, pitch, 0))
                .collect();
            let rows: Vec<Vec<f32>> = widths.chunks(cols).map(<[f32]>::to_vec).collect();
            if cols == 1 || rows.iter().all(|r| row_w(r) <= MAX_WIDTH) {
                return (rows, pitch);
            }
        }
    }
    (vec![vec![MIN_PANEL_W]; n], TABLE_PITCHES[0])
}

/// Where everything of the table goes: measured before anything is drawn.
struct TableLayout {
    width: f32,
    height: f32,
    top_h: f32,
    layouts: Vec<Vec<PanelLayout>>,
    row_heights: Vec<f32>,
}

fn table_layout(game: &Game, marks: &SeatMarks) -> Result<TableLayout, RenderError> {
    let f = fonts()?;
    let lang = &marks.lang;
    // A table with clocks gives every panel the row of its clock.
    let clock_row = marks.has_clocks();
    let (mut rows, pitch) = grid(game);
    let row_w = |ws: &[f32]| 2.0 * MARGIN + ws.iter().map(|w| w + GAP).sum::<f32>() - GAP;
    let top_w = if game.is_over() {
        final_width(f, lang)
    } else {
        top_width(game, truck_width(f, lang))
    };
    let width = rows
        .iter()
        .map(|r| row_w(r))
        .fold(top_w, f32::max)
        .min(MAX_WIDTH)
        .ceil();
    // Rows narrower than the picture share out the slack, so every row is flush.
    for row in rows.iter_mut() {
        let slack = (width - row_w(row)) / row.len().max(1) as f32;
        for w in row.iter_mut() {
            *w = (*w + slack.max(0.0)).floor();
        }
    }

    let mut layouts: Vec<Vec<PanelLayout>> = Vec::new();
    let mut seat = 0;
    for row in &rows {
        let mut out = Vec::new();
        for w in row {
            if let Some(p) = game.player(seat) {
                out.push(PanelLayout::new(p, pitch, *w, lang, clock_row)?);
            }
            seat += 1;
        }
        layouts.push(out);
    }
    let row_heights: Vec<f32> = layouts
        .iter()
        .map(|r| r.iter().map(|l| l.h).fold(0.0, f32::max))
        .collect();
    let top_h = if game.is_over() {
        final_height(game)
    } else {
        top_height(game, width, truck_width(f, lang))
    };
    let height =
        MARGIN + top_h + GAP + row_heights.iter().map(|h| h + GAP).sum::<f32>() + MARGIN - GAP;
    Ok(TableLayout {
        width,
        height,
        top_h,
        layouts,
        row_heights,
    })
}

/// The size in pixels of the table's picture, without drawing it.
pub(crate) fn table_size(game: &Game, marks: &SeatMarks) -> Result<(u32, u32), RenderError> {
    let l = table_layout(game, marks)?;
    Ok(super::canvas::pixel_size(l.width, l.height))
}

/// A card above the panels: a truck (its index in `Game::trucks`) or what
/// waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Card {
    Truck(usize),
    Waiting,
}

/// Where the table's parts go, walked once: [`table_canvas`] draws them
/// there and `places` tells where they are.
pub(crate) struct TablePlan {
    pub width: f32,
    pub height: f32,
    /// Every card's top-left corner; each `card_w` wide, [`truck_height`] high.
    pub cards: Vec<(Card, (f32, f32))>,
    pub card_w: f32,
    /// Every seat's panel: its layout, its top-left corner, and its row's
    /// height (the height it is drawn).
    pub panels: Vec<(Seat, PanelLayout, (f32, f32), f32)>,
}

pub(crate) fn table_plan(game: &Game, marks: &SeatMarks) -> Result<TablePlan, RenderError> {
    let TableLayout {
        width,
        height,
        top_h,
        layouts,
        row_heights,
    } = table_layout(game, marks)?;
    let card_w = truck_width(fonts()?, &marks.lang);
    let mut y = MARGIN;
    let mut cards = Vec::new();
    if !game.is_over() {
        let mut x = MARGIN;
        let mut ty = y + STATUS_H + PROMPT_H + 8.0;
        let mut all: Vec<Card> = (0..game.trucks().len()).map(Card::Truck).collect();
        if waiting_card(game).is_some() {
            all.push(Card::Waiting);
        }
        for card in all {
            if x + card_w > width - MARGIN + 0.5 {
                x = MARGIN;
                ty += truck_height() + GAP;
            }
            cards.push((card, (x, ty)));
            x += card_w + GAP;
        }
    }
    y += top_h + GAP;
    let mut panels = Vec::new();
    let mut seat = 0;
    for (row, h) in layouts.into_iter().zip(row_heights) {
        let mut x = MARGIN;
        for lay in row {
            panels.push((seat, lay, (x, y), h));
            x += lay.w + GAP;
            seat += 1;
        }
        y += h + GAP;
    }
    Ok(TablePlan {
        width,
        height,
        cards,
        card_w,
        panels,
    })
}

/// The whole table, drawn; `marks` marks seats the computer plays.
pub(crate) fn table_canvas(
    game: &Game,
    highlight: &Highlight,
    marks: &SeatMarks,
) -> Result<Canvas, RenderError> {
    let ctx = TableContext {
        game,
        highlight,
        marks,
    };
    let lang = &marks.lang;
    let plan = table_plan(game, marks)?;
    let mut c = Canvas::new(plan.width, plan.height, PAGE)?;
    if game.is_over() {
        draw_final(&mut c, &ctx, MARGIN, plan.width);
    } else {
        draw_status(&mut c, &ctx, MARGIN, plan.width);
    }
    let waiting = waiting_card(game);
    for &(card, at) in &plan.cards {
        match (card, &waiting) {
            (Card::Truck(i), _) => {
                if let Some(t) = game.trucks().get(i) {
                    draw_truck(&mut c, &ctx, i + 1, t, at, plan.card_w);
                }
            }
            (Card::Waiting, Some((tiles, coworkers))) => {
                draw_waiting(&mut c, lang, tiles, *coworkers, at, plan.card_w);
            }
            (Card::Waiting, None) => {}
        }
    }
    let standings = marks.standings_of(game);
    for (seat, lay, at, h) in &plan.panels {
        let changed: &[crate::engine::Cell] = if highlight.seat == Some(*seat) {
            &highlight.cells
        } else {
            &[]
        };
        let player = PlayerContext {
            fonts: c.fonts,
            game,
            seat: *seat,
            automatic: marks.is_automatic(*seat),
            won: standings.won(*seat),
            clock: marks.clock(*seat),
            changed,
            lang,
        };
        player::draw_panel_cached(&mut c, &player, lay, *at, *h);
    }
    Ok(c)
}

/// Names drawn as the table draws them: see [`super::names_pixmap`].
pub(crate) fn names_canvas(names: &[&str], lang: &Lang) -> Result<Canvas, RenderError> {
    const ROW: f32 = 44.0;
    const NAME_W: f32 = 300.0;
    const SENTENCE_W: f32 = 380.0;
    let f = fonts()?;
    let width = 2.0 * MARGIN + 30.0 + NAME_W + GAP + SENTENCE_W;
    let height = 2.0 * MARGIN + ROW * names.len().max(1) as f32;
    let mut c = Canvas::new(width, height, PAGE)?;
    c.round_rect(
        MARGIN / 2.0,
        MARGIN / 2.0,
        width - MARGIN,
        height - MARGIN,
        10.0,
        PANEL,
    );
    for (seat, name) in names.iter().enumerate() {
        let cy = MARGIN + ROW * (seat as f32 + 0.5);
        let shown = player::shown_name(f, name, seat, lang);
        c.circle(MARGIN + 9.0, cy, 9.0, seat_color(seat));
        let name_st = Style::new(HEAD, true, INK);
        let cut = f.fit(&shown, &name_st, NAME_W);
        c.text_mid(&cut, MARGIN + 30.0, cy, &name_st, Align::Left);
        let st = Style::new(BODY, false, INK);
        let sentence = say(
            lang,
            &Text::msg("picture-prompt-must")
                .arg("name", isolate(&shown))
                .arg(
                    "tasks",
                    Text::msg("picture-task-tiles")
                        .arg("count", 1)
                        .arg("tiles", "1"),
                ),
        );
        let line = f.fit(&sentence, &st, SENTENCE_W);
        c.text_mid(&line, MARGIN + 30.0 + NAME_W + GAP, cy, &st, Align::Left);
    }
    Ok(c)
}
