//! The score card: a finished game's final scores by category for every
//! player, who won and on what, as a narrow tall picture with large type, to
//! read on a phone beside the final table. Drawn from a
//! [`ScoreCard`](crate::view::score_card::ScoreCard) (the engine's numbers),
//! every word the catalogue's in the game's language.

use super::canvas::Canvas;
use super::icons::Icon;
use super::player::{auto_marker, auto_marker_width, shown_name};
use super::style::*;
use super::typeset::{fonts, isolate, Align, Style};
use super::words::wrapped;
use super::words::{and_list, say, word};
use super::RenderError;
use crate::lang::{Lang, Text};
use crate::view::score_card::{CardPlayer, Decided, ScoreCard};
use tiny_skia::Pixmap;

/// The card's width: narrow, for a phone held upright.
pub(crate) const CARD_WIDTH: f32 = 720.0;
const MARGIN: f32 = 24.0;
/// Room inside a player's panel, on each side.
const PAD: f32 = 20.0;
const TITLE_SIZE: f32 = 40.0;
const WINNER_SIZE: f32 = 34.0;
const REASON_SIZE: f32 = 28.0;
const NAME_SIZE: f32 = 36.0;
const TOTAL_SIZE: f32 = 50.0;
const LABEL_SIZE: f32 = 30.0;
const VALUE_SIZE: f32 = 34.0;
const NOTE_SIZE: f32 = 24.0;
const HEAD_H: f32 = 76.0;
const LINE_H: f32 = 50.0;
/// The most lines a sentence of the card is broken onto.
const MAX_LINES: usize = 2;
const PANEL_GAP: f32 = 16.0;
/// The categories, two columns of three: (label, value) of a player.
type Category = (&'static str, fn(&CardPlayer) -> i64);
const CATEGORIES: [[Category; 3]; 2] = [
    [
        ("picture-score-animals", |p| i64::from(p.score.animals)),
        ("picture-score-cashiers", |p| i64::from(p.score.cashiers)),
        ("picture-score-keepers", |p| i64::from(p.score.keepers)),
    ],
    [
        ("picture-score-trainers", |p| i64::from(p.score.trainers)),
        ("picture-score-depot", |p| i64::from(p.score.depot)),
        ("picture-score-coins", |p| i64::from(p.coins)),
    ],
];

/// The card, drawn.
pub(crate) fn score_card_pixmap(card: &ScoreCard, lang: &Lang) -> Result<Pixmap, RenderError> {
    let f = fonts()?;
    let width = CARD_WIDTH;
    let room = width - 2.0 * MARGIN;

    // The title: the game and its final scores (a practice game says so).
    let mut title = Text::msg("picture-card-title").arg("game", card.game_id.to_string());
    if card.practice {
        title = Text::msg("picture-practice-title").arg("title", title);
    }
    let title_st = Style::new(TITLE_SIZE, true, INK);
    let title = wrapped(f, &say(lang, &title), &title_st, room, MAX_LINES);
    // Who won, and on what.
    let winners: Vec<&CardPlayer> = card.players.iter().filter(|p| p.won).collect();
    let names: Vec<Text> = winners
        .iter()
        .map(|p| Text::Raw(isolate(&shown_name(f, &p.name, p.seat, lang))))
        .collect();
    let won = match names.len() {
        0 => Text::msg("picture-game-over"),
        1 => Text::msg("picture-card-wins").arg("name", and_list(names)),
        _ => Text::msg("picture-card-share").arg("names", and_list(names)),
    };
    let won_st = Style::new(WINNER_SIZE, true, INK);
    let won = wrapped(f, &say(lang, &won), &won_st, room - 50.0, MAX_LINES);
    let reason = match card.decided {
        Decided::Points => "picture-card-by-points",
        Decided::Coins => "picture-card-by-coins",
        Decided::Shared => "picture-card-by-nothing",
    };
    let reason_st = Style::new(REASON_SIZE, false, INK_SOFT);
    let reason = wrapped(f, &word(lang, reason), &reason_st, room - 50.0, MAX_LINES);
    // What the numbers are.
    let note_st = Style::new(NOTE_SIZE, false, INK_SOFT);
    let notes: Vec<String> = ["picture-card-note-total", "picture-card-note-coins"]
        .into_iter()
        .flat_map(|key| wrapped(f, &word(lang, key), &note_st, room, MAX_LINES))
        .collect();
    let out = |key| wrapped(f, &word(lang, key), &note_st, room - 2.0 * PAD, MAX_LINES);
    let outs = Outs {
        idle: out("picture-card-voted-out"),
        time: out("picture-card-out-of-time"),
    };

    let line = |st: &Style| (st.size * 1.3).ceil();
    let panels: f32 = card
        .players
        .iter()
        .map(|p| panel_height(p, outs.of(p).len()) + PANEL_GAP)
        .sum();
    let height = MARGIN
        + line(&title_st) * title.len() as f32
        + 12.0
        + line(&won_st) * won.len() as f32
        + line(&reason_st) * reason.len() as f32
        + 20.0
        + panels
        + line(&note_st) * notes.len() as f32
        + MARGIN;
    let mut c = Canvas::new(width, height, PAGE)?;

    let mut y = MARGIN;
    for text in &title {
        let h = line(&title_st);
        c.text_in(text, MARGIN, y + h / 2.0, &title_st, Align::Left, room);
        y += h;
    }
    y += 12.0;
    c.icon(Icon::Star, MARGIN, y + 2.0, 40.0);
    for (text, st) in won
        .iter()
        .map(|t| (t, &won_st))
        .chain(reason.iter().map(|t| (t, &reason_st)))
    {
        let h = line(st);
        c.text_in(
            text,
            MARGIN + 50.0,
            y + h / 2.0,
            st,
            Align::Left,
            room - 50.0,
        );
        y += h;
    }
    y += 20.0;

    for p in &card.players {
        let h = panel_height(p, outs.of(p).len());
        player_panel(&mut c, p, lang, y, width, h, outs.of(p));
        y += h + PANEL_GAP;
    }

    for text in &notes {
        let h = line(&note_st);
        c.text_in(text, MARGIN, y + h / 2.0, &note_st, Align::Left, room);
        y += h;
    }
    Ok(c.pixmap)
}

/// The note under a seat ranked out, in lines: voted out for being idle,
/// or out of time too often.
struct Outs {
    idle: Vec<String>,
    time: Vec<String>,
}

impl Outs {
    /// The note under `p`'s panel (nothing under a seat not ranked out).
    fn of(&self, p: &CardPlayer) -> &[String] {
        match (p.voted_out, p.out_of_time) {
            (false, _) => &[],
            (true, false) => &self.idle,
            (true, true) => &self.time,
        }
    }
}

fn panel_height(p: &CardPlayer, voted_out_lines: usize) -> f32 {
    let note = if p.voted_out {
        (NOTE_SIZE * 1.3).ceil() * voted_out_lines as f32 + 8.0
    } else {
        0.0
    };
    HEAD_H + 3.0 * LINE_H + 16.0 + note
}

/// One player's panel at `y`: their rank in their seat's colour, their name,
/// their total; then their points by category in two columns, and their
/// coins.
fn player_panel(
    c: &mut Canvas,
    p: &CardPlayer,
    lang: &Lang,
    y: f32,
    width: f32,
    h: f32,
    voted_out: &[String],
) {
    let f = c.fonts;
    let (x, w) = (MARGIN, width - 2.0 * MARGIN);
    c.round_rect(x, y, w, h, 14.0, if p.won { WINNER_SOFT } else { PANEL });
    let cy = y + HEAD_H / 2.0;
    c.circle(x + PAD + 24.0, cy, 24.0, seat_color(p.seat));
    c.text_mid(
        &p.rank.to_string(),
        x + PAD + 24.0,
        cy,
        &Style::new(28.0, true, WHITE),
        Align::Center,
    );
    let total_st = Style::new(TOTAL_SIZE, true, INK);
    let total = number(i64::from(p.score.total));
    let total_w = c.width(&total, &total_st);
    c.text_mid(&total, x + w - PAD, cy, &total_st, Align::Right);
    let mut nx = x + PAD + 60.0;
    if p.won {
        c.icon(Icon::Star, nx, cy - 16.0, 32.0);
        nx += 38.0;
    }
    let name_st = Style::new(NAME_SIZE, true, INK);
    let room = x + w - PAD - total_w - 16.0 - nx - auto_marker_width(f, p.automatic, lang);
    let name = f.fit(
        &shown_name(f, &p.name, p.seat, lang),
        &name_st,
        room.max(40.0),
    );
    let name_w = c.text_mid(&name, nx, cy, &name_st, Align::Left);
    auto_marker(c, nx + name_w + 10.0, cy, p.automatic, lang);
    c.rect(x + PAD, y + HEAD_H, w - 2.0 * PAD, 2.0, PANEL_EDGE);

    let col_w = (w - 2.0 * PAD - PAD) / 2.0;
    let label_st = Style::new(LABEL_SIZE, false, INK_SOFT);
    let value_st = Style::new(VALUE_SIZE, true, INK);
    for (col, categories) in CATEGORIES.iter().enumerate() {
        let cx = x + PAD + col as f32 * (col_w + PAD);
        for (row, (label, value)) in categories.iter().enumerate() {
            let ly = y + HEAD_H + 8.0 + (row as f32 + 0.5) * LINE_H;
            let shown = number(value(p));
            let value_w = c.text_mid(&shown, cx + col_w, ly, &value_st, Align::Right);
            c.text_in(
                &word(lang, label),
                cx,
                ly,
                &label_st,
                Align::Left,
                col_w - value_w - 12.0,
            );
        }
    }
    if p.voted_out {
        let st = Style::new(NOTE_SIZE, false, INK_SOFT);
        let line = (NOTE_SIZE * 1.3).ceil();
        let mut ny = y + HEAD_H + 8.0 + 3.0 * LINE_H + 8.0;
        for text in voted_out {
            c.text_in(
                text,
                x + PAD,
                ny + line / 2.0,
                &st,
                Align::Left,
                w - 2.0 * PAD,
            );
            ny += line;
        }
    }
}

/// A number as the card shows it: a true minus sign.
fn number(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}
