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
const NOTE_H: f32 = 40.0;
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
    let panels: f32 = card
        .players
        .iter()
        .map(|p| panel_height(p) + PANEL_GAP)
        .sum();
    let height = MARGIN + 60.0 + 52.0 + 44.0 + 20.0 + panels + NOTE_H * 2.0 + MARGIN;
    let mut c = Canvas::new(width, height, PAGE)?;

    // The title: the game and its final scores (a practice game says so).
    let mut title = Text::msg("picture-card-title").arg("game", card.game_id.to_string());
    if card.practice {
        title = Text::msg("picture-practice-title").arg("title", title);
    }
    let mut y = MARGIN;
    c.text_in(
        &say(lang, &title),
        MARGIN,
        y + 30.0,
        &Style::new(TITLE_SIZE, true, INK),
        Align::Left,
        width - 2.0 * MARGIN,
    );
    y += 60.0;

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
    c.icon(Icon::Star, MARGIN, y + 4.0, 40.0);
    c.text_in(
        &say(lang, &won),
        MARGIN + 50.0,
        y + 24.0,
        &Style::new(WINNER_SIZE, true, INK),
        Align::Left,
        width - 2.0 * MARGIN - 50.0,
    );
    y += 52.0;
    let reason = match card.decided {
        Decided::Points => "picture-card-by-points",
        Decided::Coins => "picture-card-by-coins",
        Decided::Shared => "picture-card-by-nothing",
    };
    c.text_in(
        &word(lang, reason),
        MARGIN + 50.0,
        y + 18.0,
        &Style::new(REASON_SIZE, false, INK_SOFT),
        Align::Left,
        width - 2.0 * MARGIN - 50.0,
    );
    y += 44.0 + 20.0;

    for p in &card.players {
        let h = panel_height(p);
        player_panel(&mut c, p, lang, y, width, h);
        y += h + PANEL_GAP;
    }

    // What the numbers are.
    let note = Style::new(NOTE_SIZE, false, INK_SOFT);
    for (i, key) in ["picture-card-note-total", "picture-card-note-coins"]
        .into_iter()
        .enumerate()
    {
        c.text_in(
            &word(lang, key),
            MARGIN,
            y + NOTE_H * (i as f32 + 0.5),
            &note,
            Align::Left,
            width - 2.0 * MARGIN,
        );
    }
    Ok(c.pixmap)
}

fn panel_height(p: &CardPlayer) -> f32 {
    HEAD_H + 3.0 * LINE_H + 16.0 + if p.voted_out { NOTE_H } else { 0.0 }
}

/// One player's panel at `y`: their rank in their seat's colour, their name,
/// their total; then their points by category in two columns, and their
/// coins.
fn player_panel(c: &mut Canvas, p: &CardPlayer, lang: &Lang, y: f32, width: f32, h: f32) {
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
        c.text_in(
            &word(lang, "picture-card-voted-out"),
            x + PAD,
            y + h - 8.0 - NOTE_H / 2.0,
            &Style::new(NOTE_SIZE, false, INK_SOFT),
            Align::Left,
            w - 2.0 * PAD,
        );
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
