//! One water zoo on the fixed grid of docs/rules-clarifications.md §3, and the
//! tiles that also appear on trucks and depots.
//!
//! Invariants: a zoo is drawn cropped to the bounding box of its frame and
//! expansion boards plus a margin of empty grid squares (where expansions can
//! go), and the coordinates printed on its edges are the grid's own, so a cell
//! read off the picture is a cell the commands accept. Every tile shows its
//! animal three ways (icon, rim colour, and its basin's legend) and its mark as
//! a badge, never by colour alone.

use super::canvas::{Canvas, Pen};
use super::sprite::{self, inset, Sprite};
use super::style::*;
use super::typeset::{Align, Style};
use crate::engine::cell::{COLS, FRAME_COL, FRAME_ROW, FRAME_SIZE, ROWS};
use crate::engine::{Cell, Mark, Player, Square, Tile, Zoo};

/// Where a zoo's squares fall: the grid window shown and its label bands.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ZooLayout {
    col0: u8,
    row0: u8,
    cols: u8,
    rows: u8,
    pub pitch: f32,
    label: f32,
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

/// The frame squares that hold the checkout booths (I12) and feeding stations (J13).
pub(crate) fn booth_cell() -> Option<Cell> {
    Cell::new(FRAME_COL, FRAME_ROW + 3)
}
pub(crate) fn station_cell() -> Option<Cell> {
    Cell::new(FRAME_COL + 1, FRAME_ROW + 4)
}

impl ZooLayout {
    /// `margin` empty squares around the boards; labels on all four edges or
    /// only on the top and left.
    pub fn new(zoo: &Zoo, pitch: f32, margin: u8, all_edges: bool) -> ZooLayout {
        let (mut c0, mut c1) = (FRAME_COL, FRAME_COL + FRAME_SIZE - 1);
        let (mut r0, mut r1) = (FRAME_ROW, FRAME_ROW + FRAME_SIZE - 1);
        for c in zoo.spaces() {
            c0 = c0.min(c.col());
            c1 = c1.max(c.col());
            r0 = r0.min(c.row());
            r1 = r1.max(c.row());
        }
        let c0 = c0.saturating_sub(margin);
        let r0 = r0.saturating_sub(margin);
        let c1 = (c1 + margin).min(COLS - 1);
        let r1 = (r1 + margin).min(ROWS - 1);
        let label = (pitch * 0.34).max(BODY);
        let fonts = super::typeset::fonts().ok();
        let st = Style::new(label, true, INK_SOFT);
        let number_w = (fonts.map(|f| f.width("21", &st)).unwrap_or(label * 1.3) + 10.0).round();
        let band = (label + 12.0).round();
        ZooLayout {
            col0: c0,
            row0: r0,
            cols: c1 - c0 + 1,
            rows: r1 - r0 + 1,
            pitch: pitch.round(),
            label,
            left: number_w,
            top: band,
            right: if all_edges { number_w } else { 0.0 },
            bottom: if all_edges { band } else { 0.0 },
        }
    }

    pub fn width(&self) -> f32 {
        self.left + self.cols as f32 * self.pitch + self.right
    }

    pub fn height(&self) -> f32 {
        self.top + self.rows as f32 * self.pitch + self.bottom
    }

    /// Columns of the grid shown.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    fn contains(&self, cell: Cell) -> bool {
        (self.col0..self.col0 + self.cols).contains(&cell.col())
            && (self.row0..self.row0 + self.rows).contains(&cell.row())
    }

    /// The top-left corner of a square, for a zoo drawn at (ox, oy).
    fn at(&self, ox: f32, oy: f32, cell: Cell) -> (f32, f32) {
        (
            ox + self.left + (cell.col() - self.col0) as f32 * self.pitch,
            oy + self.top + (cell.row() - self.row0) as f32 * self.pitch,
        )
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (self.row0..self.row0 + self.rows)
            .flat_map(move |r| (self.col0..self.col0 + self.cols).map(move |c| (c, r)))
            .filter_map(|(c, r)| Cell::new(c, r))
    }

    /// Every square shown and its top-left corner, for a zoo [`draw_zoo`]
    /// is asked to draw at (ox, oy): where it draws them.
    pub fn squares(&self, ox: f32, oy: f32) -> impl Iterator<Item = (Cell, (f32, f32))> + '_ {
        let (ox, oy) = snap(ox, oy);
        self.cells().map(move |cell| (cell, self.at(ox, oy, cell)))
    }
}

/// A zoo's corner as [`draw_zoo`] draws it: on whole pixels.
fn snap(ox: f32, oy: f32) -> (f32, f32) {
    (ox.round(), oy.round())
}

/// The outline of a group of squares as grid corner points (column, row),
/// clockwise; for the L and square shapes of expansion boards it is one loop.
fn boundary(cells: &[Cell]) -> Vec<(i32, i32)> {
    let has = |c: i32, r: i32| {
        cells
            .iter()
            .any(|x| x.col() as i32 == c && x.row() as i32 == r)
    };
    let mut edges: Vec<((i32, i32), (i32, i32))> = Vec::new();
    for cell in cells {
        let (c, r) = (cell.col() as i32, cell.row() as i32);
        if !has(c, r - 1) {
            edges.push(((c, r), (c + 1, r)));
        }
        if !has(c + 1, r) {
            edges.push(((c + 1, r), (c + 1, r + 1)));
        }
        if !has(c, r + 1) {
            edges.push(((c + 1, r + 1), (c, r + 1)));
        }
        if !has(c - 1, r) {
            edges.push(((c, r + 1), (c, r)));
        }
    }
    let Some(&(first, mut at)) = edges.first() else {
        return Vec::new();
    };
    let mut points = vec![first];
    while at != first && points.len() <= edges.len() {
        points.push(at);
        match edges.iter().find(|(from, _)| *from == at) {
            Some(&(_, to)) => at = to,
            None => break,
        }
    }
    points
}

/// Points a trainer on this cell scores now (docs/rules-clarifications.md §10).
pub(crate) fn trainer_points(zoo: &Zoo, cell: Cell) -> usize {
    cell.surrounding()
        .filter(|c| match zoo.square(*c) {
            Square::Animal { tile, .. } => tile.animal.is_show_animal() && tile.mark != Mark::Bolt,
            _ => false,
        })
        .count()
}

/// Draws a player's zoo with its top-left corner at (ox, oy): the squares
/// around it, the boards, the basins, what each space holds, the posts,
/// the cells the last move changed, and the coordinates.
pub(crate) fn draw_zoo(
    c: &mut Canvas,
    lay: &ZooLayout,
    ox: f32,
    oy: f32,
    player: &Player,
    changed: &[Cell],
) {
    let (ox, oy) = snap(ox, oy);
    let zoo = &player.zoo;
    ghosts(c, lay, (ox, oy), zoo);
    boards(c, lay, (ox, oy), zoo);
    basins(c, lay, (ox, oy), zoo);
    spaces(c, lay, (ox, oy), zoo);
    posts(c, lay, (ox, oy), player);
    for &cell in changed {
        if lay.contains(cell) {
            let (x, y) = lay.at(ox, oy, cell);
            highlight_square(c, x, y, lay.pitch);
        }
    }
    labels(c, lay, ox, oy);
}

/// The squares of the layout that are no space of the zoo (yet), outside
/// the starting board.
fn ghosts(c: &mut Canvas, lay: &ZooLayout, (ox, oy): (f32, f32), zoo: &Zoo) {
    for cell in lay.cells() {
        if !cell.in_frame() && !zoo.is_space(cell) {
            let (x, y) = lay.at(ox, oy, cell);
            sprite::draw(c, Sprite::Ghost, x, y, lay.pitch);
        }
    }
}

/// The starting board, then each expansion board by its outline.
fn boards(c: &mut Canvas, lay: &ZooLayout, (ox, oy): (f32, f32), zoo: &Zoo) {
    let p = lay.pitch;
    if let Some(corner) = Cell::new(FRAME_COL, FRAME_ROW) {
        let (x, y) = lay.at(ox, oy, corner);
        let side = FRAME_SIZE as f32 * p;
        c.round_rect(x, y, side, side, p * 0.22, BOARD);
        c.round_rect_stroke(
            x + 1.0,
            y + 1.0,
            side - 2.0,
            side - 2.0,
            p * 0.22,
            Pen(BOARD_EDGE, 2.0),
        );
    }
    for exp in zoo.expansions() {
        let outline: Vec<(f32, f32)> = boundary(&exp.cells)
            .into_iter()
            .map(|(col, row)| {
                (
                    ox + lay.left + (col - lay.col0 as i32) as f32 * p,
                    oy + lay.top + (row - lay.row0 as i32) as f32 * p,
                )
            })
            .collect();
        c.polygon(
            &outline,
            Some(EXPANSION),
            Some((EXPANSION_EDGE, (p * 0.05).max(2.5))),
        );
    }
}

/// Basins: each type's tiles joined into one coloured group with a light
/// halo, so that a group stands out from the board whatever its colour.
fn basins(c: &mut Canvas, lay: &ZooLayout, (ox, oy): (f32, f32), zoo: &Zoo) {
    let p = lay.pitch;
    let inset = inset(p);
    for halo in [true, false] {
        let grow = if halo { 2.0 } else { 0.0 };
        for (cell, tile, _) in zoo.animals() {
            let (x, y) = lay.at(ox, oy, cell);
            let color = if halo {
                CARD
            } else {
                animal_color(tile.animal)
            };
            let same = |dc: i32, dr: i32| {
                Cell::at(cell.col() as i32 + dc, cell.row() as i32 + dr).is_some_and(|n| {
                    matches!(zoo.square(n), Square::Animal { tile: t, .. } if t.animal == tile.animal)
                })
            };
            let (a, s) = (inset - grow, p - 2.0 * (inset - grow));
            if halo {
                c.round_rect(x + a, y + a, s, s, p * 0.16 + grow, color);
            }
            if same(1, 0) {
                c.rect(x + p / 2.0, y + a, p, s, color);
            }
            if same(0, 1) {
                c.rect(x + a, y + p / 2.0, s, p, color);
            }
            if same(1, 0) && same(0, 1) && same(1, 1) {
                c.rect(x + p / 2.0, y + p / 2.0, p, p, color);
            }
        }
    }
}

/// What each space holds: sand, a trainer with the points it scores, or an
/// animal tile.
fn spaces(c: &mut Canvas, lay: &ZooLayout, (ox, oy): (f32, f32), zoo: &Zoo) {
    let p = lay.pitch;
    let inset = inset(p);
    for &cell in zoo.spaces() {
        let (x, y) = lay.at(ox, oy, cell);
        match zoo.square(cell) {
            Square::Empty => sprite::draw(c, Sprite::Sand, x, y, p),
            Square::Trainer => {
                let points = trainer_points(zoo, cell) as u8;
                sprite::draw(c, Sprite::Trainer(points), x, y, p);
            }
            Square::Animal { tile, bred } => sprite::draw(
                c,
                Sprite::Tile(Tile::Animal(tile), bred),
                x + inset,
                y + inset,
                p - 2.0 * inset,
            ),
            Square::Off => {}
        }
    }
}

/// The cashiers' booth and the keepers' station, with the posts filled.
fn posts(c: &mut Canvas, lay: &ZooLayout, (ox, oy): (f32, f32), player: &Player) {
    let p = lay.pitch;
    if let Some(cell) = booth_cell() {
        let (x, y) = lay.at(ox, oy, cell);
        let filled = player.cashiers;
        sprite::draw(
            c,
            Sprite::Posts {
                keepers: false,
                filled,
            },
            x,
            y,
            p,
        );
    }
    if let Some(cell) = station_cell() {
        let (x, y) = lay.at(ox, oy, cell);
        let filled = player.keepers;
        sprite::draw(
            c,
            Sprite::Posts {
                keepers: true,
                filled,
            },
            x,
            y,
            p,
        );
    }
}

/// The "just changed" outline around a square of side `p` at (x, y).
pub(crate) fn highlight_square(c: &mut Canvas, x: f32, y: f32, p: f32) {
    let w = (p * 0.08).max(4.0);
    c.round_rect_stroke(
        x + 1.0,
        y + 1.0,
        p - 2.0,
        p - 2.0,
        p * 0.18,
        Pen(WHITE, w + 3.0),
    );
    c.round_rect_stroke(
        x + 1.0,
        y + 1.0,
        p - 2.0,
        p - 2.0,
        p * 0.18,
        Pen(HIGHLIGHT, w),
    );
}

fn labels(c: &mut Canvas, lay: &ZooLayout, ox: f32, oy: f32) {
    let st = Style::new(lay.label, true, INK_SOFT);
    let p = lay.pitch;
    let grid_x = ox + lay.left;
    let grid_y = oy + lay.top;
    for i in 0..lay.cols {
        let letter = ((b'A' + lay.col0 + i) as char).to_string();
        let cx = grid_x + (i as f32 + 0.5) * p;
        c.text_mid(&letter, cx, oy + lay.top / 2.0, &st, Align::Center);
        if lay.bottom > 0.0 {
            let cy = grid_y + lay.rows as f32 * p + lay.bottom / 2.0;
            c.text_mid(&letter, cx, cy, &st, Align::Center);
        }
    }
    for j in 0..lay.rows {
        let number = (lay.row0 + j + 1).to_string();
        let cy = grid_y + (j as f32 + 0.5) * p;
        c.text_mid(&number, grid_x - 6.0, cy, &st, Align::Right);
        if lay.right > 0.0 {
            let rx = grid_x + lay.cols as f32 * p + 6.0;
            c.text_mid(&number, rx, cy, &st, Align::Left);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_on_the_table_are_at_least_48_pixels() {
        for p in super::super::player::TABLE_PITCHES {
            assert!(p - 2.0 * inset(p) >= 48.0, "pitch {p}");
        }
    }

    #[test]
    fn an_l_shaped_board_has_one_outline_of_six_corners() {
        let cells: Vec<Cell> = ["N10", "N11", "O11"]
            .iter()
            .filter_map(|c| c.parse().ok())
            .collect();
        let outline = boundary(&cells);
        assert_eq!(outline.len(), 8, "{outline:?}");
        let corners = outline
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                let prev = outline[(i + outline.len() - 1) % outline.len()];
                let next = outline[(i + 1) % outline.len()];
                (p.0 - prev.0, p.1 - prev.1) != (next.0 - p.0, next.1 - p.1)
            })
            .count();
        assert_eq!(corners, 6);
    }
}
