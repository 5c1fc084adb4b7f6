//! A tournament's standings as a picture: its head (the tournament, where
//! it stands), then a row a player, best first, with their place, name,
//! tournament points and tie-breaks (games and byes, game points,
//! Buchholz), the first three places marked; players beyond the picture's
//! rows counted under them. Drawn from a
//! [`StandingsCard`](crate::view::standings::StandingsCard), every word
//! the catalogue's in the asker's language.

use super::canvas::Canvas;
use super::icons::Icon;
use super::style::*;
use super::typeset::{fonts, isolate, Align, Style};
use super::words::{say, word, wrapped};
use super::RenderError;
use crate::lang::{Lang, Text};
use crate::view::standings::{StandingsCard, StandingsRow};
use tiny_skia::Pixmap;

const WIDTH: f32 = 1160.0;
const MARGIN: f32 = 24.0;
const PAD: f32 = 16.0;
const HEAD_SIZE: f32 = 26.0;
const LABEL_SIZE: f32 = 16.0;
const ROW_SIZE: f32 = 24.0;
const NOTE_SIZE: f32 = 20.0;
const ROW_H: f32 = 40.0;
const LABEL_H: f32 = 40.0;
/// The most lines the head is broken onto.
const HEAD_LINES: usize = 2;

/// The columns right of the name: (label, width, the row's value).
type Column = (&'static str, f32, fn(&StandingsRow, &Lang) -> String);
const COLUMNS: [Column; 5] = [
    ("picture-standings-points", 130.0, |r, lang| {
        say(lang, &r.points)
    }),
    ("picture-standings-games", 120.0, |r, _| r.games.to_string()),
    ("picture-standings-byes", 110.0, |r, _| r.byes.to_string()),
    ("picture-standings-game-points", 200.0, |r, _| {
        number(r.game_points)
    }),
    ("picture-standings-buchholz", 150.0, |r, lang| {
        say(lang, &r.buchholz)
    }),
];
/// The place column's width.
const PLACE_W: f32 = 64.0;

/// The standings, drawn.
pub(crate) fn standings_pixmap(card: &StandingsCard, lang: &Lang) -> Result<Pixmap, RenderError> {
    let f = fonts()?;
    let room = WIDTH - 2.0 * MARGIN;
    let head_st = Style::new(HEAD_SIZE, true, INK);
    let head = wrapped(f, &say(lang, &card.head), &head_st, room, HEAD_LINES);
    let note_st = Style::new(NOTE_SIZE, false, INK_SOFT);
    let mut notes = Vec::new();
    if card.rows.is_empty() {
        notes.extend(wrapped(
            f,
            &word(lang, "picture-standings-nobody"),
            &note_st,
            room,
            2,
        ));
    }
    if card.left_out > 0 {
        let more = Text::msg("picture-standings-more").arg("count", card.left_out);
        notes.extend(wrapped(f, &say(lang, &more), &note_st, room, 2));
    }
    notes.extend(wrapped(
        f,
        &word(lang, "picture-standings-note"),
        &note_st,
        room,
        2,
    ));
    let line = |st: &Style| (st.size * 1.35).ceil();
    let table_h = LABEL_H + ROW_H * card.rows.len() as f32 + PAD;
    let height = MARGIN
        + line(&head_st) * head.len() as f32
        + 12.0
        + table_h
        + 12.0
        + line(&note_st) * notes.len() as f32
        + MARGIN;
    let mut c = Canvas::new(WIDTH, height, PAGE)?;

    let mut y = MARGIN;
    for text in &head {
        let h = line(&head_st);
        c.text_in(text, MARGIN, y + h / 2.0, &head_st, Align::Left, room);
        y += h;
    }
    y += 12.0;

    c.round_rect(MARGIN, y, room, table_h, 14.0, PANEL);
    let columns_w: f32 = COLUMNS.iter().map(|(_, w, _)| w).sum();
    let name_x = MARGIN + PAD + PLACE_W;
    let name_w = room - 2.0 * PAD - PLACE_W - columns_w;
    // The labels: the place's and the name's, then each number's.
    let label_st = Style::new(LABEL_SIZE, true, INK_SOFT);
    let cy = y + LABEL_H / 2.0;
    c.text_in(
        &word(lang, "picture-standings-place"),
        MARGIN + PAD,
        cy,
        &label_st,
        Align::Left,
        PLACE_W - 8.0,
    );
    c.text_in(
        &word(lang, "picture-standings-player"),
        name_x,
        cy,
        &label_st,
        Align::Left,
        name_w - 8.0,
    );
    let mut x = name_x + name_w;
    for (label, w, _) in COLUMNS {
        c.text_in(
            &word(lang, label),
            x + w - 8.0,
            cy,
            &label_st,
            Align::Right,
            w - 12.0,
        );
        x += w;
    }
    c.rect(
        MARGIN + PAD,
        y + LABEL_H - 2.0,
        room - 2.0 * PAD,
        2.0,
        PANEL_EDGE,
    );

    let row_st = Style::new(ROW_SIZE, false, INK);
    let lead_st = Style::new(ROW_SIZE, true, INK);
    let mut ry = y + LABEL_H;
    for (i, row) in card.rows.iter().enumerate() {
        if i % 2 == 1 {
            c.rect(MARGIN + PAD, ry, room - 2.0 * PAD, ROW_H, GHOST);
        }
        let cy = ry + ROW_H / 2.0;
        let podium = row.place <= 3;
        if podium {
            c.circle(MARGIN + PAD + 18.0, cy, 16.0, PODIUM[row.place - 1]);
        }
        c.text_mid(
            &row.place.to_string(),
            MARGIN + PAD + 18.0,
            cy,
            &Style::new(ROW_SIZE - 2.0, true, if podium { INK } else { INK_SOFT }),
            Align::Center,
        );
        let st = if row.place == 1 { &lead_st } else { &row_st };
        let mut nx = name_x;
        if row.place == 1 {
            c.icon(Icon::Star, nx, cy - 13.0, 26.0);
            nx += 32.0;
        }
        let name = f.fit(
            &isolate(&row.name),
            st,
            (name_x + name_w - 8.0 - nx).max(40.0),
        );
        c.text_mid(&name, nx, cy, st, Align::Left);
        let mut x = name_x + name_w;
        for (key, w, value) in COLUMNS {
            let shown = value(row, lang);
            let bold = key == "picture-standings-points";
            let st = Style::new(ROW_SIZE, bold, INK);
            c.text_mid(&shown, x + w - 8.0, cy, &st, Align::Right);
            x += w;
        }
        ry += ROW_H;
    }
    y += table_h + 12.0;

    for text in &notes {
        let h = line(&note_st);
        c.text_in(text, MARGIN, y + h / 2.0, &note_st, Align::Left, room);
        y += h;
    }
    Ok(c.pixmap)
}

/// The first three places' marks: gold, silver, bronze.
const PODIUM: [tiny_skia::Color; 3] = [WINNER, rgb(0xd5, 0xdb, 0xe1), rgb(0xe3, 0xb7, 0x8f)];

/// A number as the picture shows it: a true minus sign.
fn number(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}
