//! A finished game's scores on the table's picture: who won, and each
//! player's points by category.

use super::*;
use crate::engine::{Game, Seat};
use crate::lang::{Lang, Text};
use crate::render::canvas::Canvas;
use crate::render::icons::Icon;
use crate::render::player::{auto_marker, auto_marker_width, display_name};
use crate::render::typeset::{isolate, Align, Fonts, Style};
use crate::render::words::{and_list, say, word};

/// The score table's columns, by their words in the catalogue.
pub(crate) const SCORE_COLS: [&str; 7] = [
    "picture-score-animals",
    "picture-score-cashiers",
    "picture-score-keepers",
    "picture-score-trainers",
    "picture-score-depot",
    "picture-score-total",
    "picture-score-coins",
];
pub(super) const SCORE_ROW: f32 = 40.0;
/// The narrowest score column; a language whose headings are longer widens
/// them all.
pub(super) const SCORE_COL_W: f32 = 104.0;
/// Room on each side of a column's heading.
pub(super) const SCORE_COL_PAD: f32 = 6.0;
pub(super) const SCORE_NAME_W: f32 = 300.0;

pub(super) fn final_height(game: &Game) -> f32 {
    56.0 + SCORE_ROW * (game.players().len() as f32 + 1.0) + 16.0
}

/// The width of a score column in `lang`: the widest heading fits.
pub(super) fn score_col_w(f: &Fonts, lang: &Lang) -> f32 {
    let head = Style::new(BODY, true, INK_SOFT);
    SCORE_COLS
        .iter()
        .map(|k| (f.width(&word(lang, k), &head) + 2.0 * SCORE_COL_PAD).ceil())
        .fold(SCORE_COL_W, f32::max)
}

pub(super) fn final_width(f: &Fonts, lang: &Lang) -> f32 {
    2.0 * MARGIN + SCORE_NAME_W + SCORE_COLS.len() as f32 * score_col_w(f, lang)
}

/// The end of the game: who won, and every player's score by category.
pub(super) fn draw_final(c: &mut Canvas, ctx: &TableContext, y: f32, width: f32) {
    let game = ctx.game;
    let f = c.fonts;
    let lang = &ctx.marks.lang;
    let standings = ctx.marks.standings_of(game);
    let winners = standings.winners();
    final_title(c, ctx, &winners, y, width);

    let tw = final_width(f, lang) - 2.0 * MARGIN;
    let table = ScoreTable {
        x: MARGIN + ((width - 2.0 * MARGIN - tw) / 2.0).max(0.0),
        w: tw,
        col_w: score_col_w(f, lang),
    };
    let mut ty = y + 56.0;
    c.round_rect(
        table.x,
        ty,
        table.w,
        SCORE_ROW * (game.players().len() as f32 + 1.0),
        10.0,
        PANEL,
    );
    score_heads(c, lang, &table, ty);
    ty += SCORE_ROW;
    for seat in standings.order() {
        score_row(c, ctx, &table, seat, winners.contains(&seat), ty);
        ty += SCORE_ROW;
    }
}

/// The final title: who won (a practice game says so), with a star.
pub(super) fn final_title(
    c: &mut Canvas,
    ctx: &TableContext,
    winners: &[Seat],
    y: f32,
    width: f32,
) {
    let f = c.fonts;
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    let names: Vec<Text> = winners
        .iter()
        .map(|s| {
            Text::Raw(isolate(&f.fit(
                &display_name(f, game, *s, lang),
                &Style::new(TITLE, true, INK),
                360.0,
            )))
        })
        .collect();
    let mut title = match names.len() {
        0 => Text::msg("picture-game-over"),
        1 => Text::msg("picture-game-over-won").arg("name", and_list(names)),
        _ => Text::msg("picture-game-over-shared").arg("names", and_list(names)),
    };
    if ctx.marks.practice {
        title = Text::msg("picture-practice-title").arg("title", title);
    }
    let st = Style::new(TITLE, true, INK);
    c.icon(Icon::Star, MARGIN, y + 8.0, 38.0);
    c.text_in(
        &say(lang, &title),
        MARGIN + 48.0,
        y + 28.0,
        &st,
        Align::Left,
        width - 2.0 * MARGIN - 50.0,
    );
}

/// Where the final score table goes: its left edge, its width, and the
/// width of each score column.
pub(super) struct ScoreTable {
    x: f32,
    w: f32,
    col_w: f32,
}

/// The score table's headings, on the row at `ty`.
pub(super) fn score_heads(c: &mut Canvas, lang: &Lang, table: &ScoreTable, ty: f32) {
    let head = Style::new(BODY, true, INK_SOFT);
    for (i, col) in SCORE_COLS.iter().enumerate() {
        let cx = table.x + SCORE_NAME_W + (i as f32 + 0.5) * table.col_w;
        let room = table.col_w - 2.0 * SCORE_COL_PAD;
        c.text_in(
            &word(lang, col),
            cx,
            ty + SCORE_ROW / 2.0,
            &head,
            Align::Center,
            room,
        );
    }
}

/// One player's row of the score table at `ty`: their chip, a star if
/// they `won`, their name with the automatic marker, and their points by
/// category, the total and the coins.
pub(super) fn score_row(
    c: &mut Canvas,
    ctx: &TableContext,
    table: &ScoreTable,
    seat: Seat,
    won: bool,
    ty: f32,
) {
    let f = c.fonts;
    let (game, lang) = (ctx.game, &ctx.marks.lang);
    let (tx, tw) = (table.x, table.w);
    if won {
        c.round_rect(
            tx + 2.0,
            ty + 2.0,
            tw - 4.0,
            SCORE_ROW - 4.0,
            8.0,
            WINNER_SOFT,
        );
    }
    c.rect(tx + 10.0, ty, tw - 20.0, 1.0, PANEL_EDGE);
    let cy = ty + SCORE_ROW / 2.0;
    c.circle(tx + 20.0, cy, 8.0, seat_color(seat));
    let name_st = Style::new(BODY, true, INK);
    let mut nx = tx + 36.0;
    if won {
        c.icon(Icon::Star, nx, cy - 13.0, 26.0);
        nx += 32.0;
    }
    let automatic = ctx.marks.is_automatic(seat);
    let name = f.fit(
        &display_name(f, game, seat, lang),
        &name_st,
        tx + SCORE_NAME_W - nx - 8.0 - auto_marker_width(f, automatic, lang),
    );
    let name_w = c.text_mid(&name, nx, cy, &name_st, Align::Left);
    auto_marker(c, nx + name_w + 10.0, cy, automatic, lang);
    let s = game.score(seat);
    let coins = game.player(seat).map_or(0, |p| p.coins as i32);
    let values = [
        s.animals, s.cashiers, s.keepers, s.trainers, s.depot, s.total, coins,
    ];
    for (i, v) in values.iter().enumerate() {
        let cx = tx + SCORE_NAME_W + (i as f32 + 0.5) * table.col_w;
        let bold = i == 5;
        let st = Style::new(if bold { HEAD } else { BODY }, bold, INK);
        let txt = if *v < 0 {
            format!("−{}", -v)
        } else {
            v.to_string()
        };
        c.text_mid(&txt, cx, cy, &st, Align::Center);
    }
}
