//! Where things are on the table's picture, for front ends that let a player
//! click them (the web pages).
//!
//! Invariant: every place comes from the walk the drawing itself follows
//! ([`table::table_plan`] for the cards and panels, [`player::PanelLayout::corners`]
//! and [`depot::depot`](super::depot::depot) within a panel, [`ZooLayout::squares`] within a zoo),
//! never from a second measurement; so the places of a game are where
//! [`super::table_png_marked`] draws it, for any highlight (a highlight
//! outlines, it moves nothing).
//!
//! The places and their coordinates are the view's ([`Places`]).

use super::canvas::pixel_size;
use super::player::{DEPOT_TILE, PANEL_PAD};
use super::table::{self, Card};
use super::typeset::fonts;
use super::zoo::{self, ZooLayout};
use super::{RenderError, SeatMarks};
use crate::engine::{Game, Role, Seat};
use crate::view::places::{Place, Places, Rect, TablePart};

/// Where the table's picture ([`super::table_png_marked`] of the same game
/// and marks, whatever the highlight) draws its trucks, the tiles waiting,
/// every zoo's squares, the depots and the coworkers' posts. Only what is
/// drawn: a finished game has no trucks.
pub fn table_places(game: &Game, marks: &SeatMarks) -> Result<Places, RenderError> {
    let plan = table::table_plan(game, marks)?;
    let (width, height) = pixel_size(plan.width, plan.height);
    let mut places = Vec::new();
    let mut put = |what: TablePart, rect: [f32; 4]| {
        places.push(Place {
            what,
            rect: Rect::of(rect),
        })
    };
    let card_h = table::truck_height();
    for &(card, (x, y)) in &plan.cards {
        match card {
            Card::Truck(i) => {
                put(TablePart::Truck(i + 1), [x, y, plan.card_w, card_h]);
                if let Some(truck) = game.trucks().get(i) {
                    let waiting = table::waiting_on(game, i + 1, truck);
                    for (slot, _) in waiting.iter().enumerate().filter(|(_, t)| t.is_some()) {
                        let (sx, sy) = table::slot_corner((x, y), slot);
                        put(
                            TablePart::Waiting(slot + 1),
                            [sx, sy, table::TILE, table::TILE],
                        );
                    }
                }
            }
            Card::Waiting => put(TablePart::Waiting(0), [x, y, plan.card_w, card_h]),
        }
    }
    let f = fonts()?;
    for (seat, lay, corner, _) in &plan.panels {
        let Some(player) = game.player(*seat) else {
            continue;
        };
        let (zoo_at, (dx, dy)) = lay.corners(*corner);
        zoo_places(&mut put, *seat, &lay.zoo, zoo_at);
        let inner = lay.w - 2.0 * PANEL_PAD;
        let depot = super::depot::depot(None, f, player, &marks.lang, (dx, dy), inner, DEPOT_TILE);
        put(TablePart::Depot(*seat), [dx, dy, inner, depot.h]);
        if let Some(manager) = depot.manager {
            put(TablePart::Post(*seat, Role::Manager), manager);
        }
    }
    Ok(Places {
        width,
        height,
        places,
    })
}

/// A zoo's squares, then its booths and stations.
fn zoo_places(
    put: &mut impl FnMut(TablePart, [f32; 4]),
    seat: Seat,
    lay: &ZooLayout,
    at: (f32, f32),
) {
    let p = lay.pitch;
    let posts = [
        (zoo::booth_cell(), Role::Cashier),
        (zoo::station_cell(), Role::Keeper),
    ];
    let mut found = Vec::new();
    for (cell, (x, y)) in lay.squares(at.0, at.1) {
        put(TablePart::Cell(seat, cell), [x, y, p, p]);
        for (post, role) in posts {
            if post == Some(cell) {
                found.push((role, [x, y, p, p]));
            }
        }
    }
    for (role, rect) in found {
        put(TablePart::Post(seat, role), rect);
    }
}

#[cfg(test)]
mod tests {
    use super::super::style::{PAGE, PANEL, SAND};
    use super::super::{table_pixmap_marked, table_png_marked, Highlight};
    use super::*;
    use crate::engine::playout::random_game;
    use crate::engine::{Cell, Setup, Square};
    use crate::lang::Lang;
    use std::collections::BTreeSet;
    use tiny_skia::{Color, Pixmap};

    const NAMES: [&str; 5] = ["Ana", "Ben", "Chiara", "Dev", "Emil"];

    /// Positions of random games of 2 to 5 players, with the highlight of
    /// the move that led there: every 15th move, the first positions where
    /// truck tiles wait, where the waiting card shows and where a manager
    /// stands, and the end.
    fn positions() -> Vec<(String, Game, Highlight)> {
        let mut out = Vec::new();
        for players in 2..=5 {
            let setup = Setup::new(NAMES.iter().take(players).copied(), 70 + players as u64);
            let (end, log) = random_game(setup.clone(), players as u64);
            let mut game = Game::new(setup).expect("valid setup");
            let mut seen = [false; 3];
            for (i, (seat, action)) in log.iter().enumerate() {
                let events = game.apply(*seat, action).expect("logged move is legal");
                let p = game.pending();
                let now = [
                    p.waiting_tiles().next().is_some(),
                    !p.offspring.is_empty() || p.coworkers > 0,
                    game.players().iter().any(|p| p.manager),
                ];
                let first = now.iter().zip(&seen).any(|(n, s)| *n && !*s);
                if i % 15 == 7 || first || game.is_over() {
                    let what = format!("{players} players, move {}", i + 1);
                    out.push((what, game.clone(), Highlight::from_events(&events)));
                }
                for (s, n) in seen.iter_mut().zip(now) {
                    *s |= n;
                }
            }
            assert_eq!(game, end, "the log replays to the end");
        }
        out
    }

    /// Marks in every language in turn, with a seat the computer plays,
    /// and on every fourth table the seats' clocks (their panels a row
    /// taller).
    fn marks(i: usize) -> SeatMarks {
        use crate::view::clocks::{ClockState, SeatTime};
        let mut langs = Lang::all();
        langs.push(Lang::pseudo());
        let clocks = if i % 4 == 2 {
            (0..5)
                .map(|seat| {
                    Some(SeatTime {
                        left: 3_600_000 * (seat as i64 + 1),
                        state: if seat == 0 {
                            ClockState::Running
                        } else {
                            ClockState::Waiting
                        },
                        timeouts: 0,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        SeatMarks {
            lang: langs[i % langs.len()].clone(),
            practice: i % 2 == 1,
            clocks,
            ..SeatMarks::with_automatic([i % 3])
        }
    }

    fn rgba(c: Color) -> [u8; 4] {
        let c = c.premultiply().to_color_u8();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    fn pixel(pm: &Pixmap, x: f32, y: f32) -> Option<[u8; 4]> {
        let p = pm.pixel(x.floor() as u32, y.floor() as u32)?;
        Some([p.red(), p.green(), p.blue(), p.alpha()])
    }

    /// Pixels that tie the places to the drawing: an empty space is sand at
    /// its centre and not at its left and top edges (the gap between
    /// squares), a square outside the boards is the panel's background at
    /// its centre, a tile is neither; a truck card is not the page inside
    /// its edges and, unless highlighted, is the page just outside them; a slot's waiting tile is
    /// not the card; a depot begins on its panel, 5 pixels inside it.
    /// Returns how many pixels were checked and what did not match.
    fn pixel_faults(
        game: &Game,
        lit: &Highlight,
        pm: &Pixmap,
        places: &Places,
    ) -> (usize, Vec<String>) {
        let (mut checked, mut faults) = (0, Vec::new());
        let mut expect = |what: &TablePart, (x, y): (f32, f32), want: Color, same: bool| {
            checked += 1;
            let got = pixel(pm, x, y);
            if (got == Some(rgba(want))) != same {
                faults.push(format!("{what:?} at ({x}, {y}): {got:?}"));
            }
        };
        for place in &places.places {
            let Rect { x, y, w, h } = place.rect;
            let mid = place.rect.center();
            match place.what {
                TablePart::Cell(seat, cell) => {
                    let Some(player) = game.player(seat) else {
                        continue;
                    };
                    match player.zoo.square(cell) {
                        Square::Empty => {
                            expect(&place.what, mid, SAND, true);
                            expect(&place.what, (x, y + h / 2.0), SAND, false);
                            expect(&place.what, (x + w / 2.0, y), SAND, false);
                        }
                        Square::Animal { .. } => {
                            expect(&place.what, mid, SAND, false);
                            expect(&place.what, mid, PANEL, false);
                        }
                        Square::Off if !cell.in_frame() => {
                            expect(&place.what, mid, PANEL, true);
                        }
                        _ => {}
                    }
                }
                TablePart::Truck(_) | TablePart::Waiting(0) => {
                    expect(&place.what, (x + 5.0, mid.1), PAGE, false);
                    expect(&place.what, (mid.0, y + 5.0), PAGE, false);
                    let lit = matches!(place.what, TablePart::Truck(n) if lit.trucks.contains(&n));
                    if !lit {
                        expect(&place.what, (x - 5.0, mid.1), PAGE, true);
                        expect(&place.what, (x + w + 5.0, mid.1), PAGE, true);
                    }
                }
                TablePart::Waiting(_) => {
                    expect(&place.what, mid, PANEL, false);
                    expect(&place.what, mid, PAGE, false);
                }
                TablePart::Depot(_) => {
                    expect(&place.what, (x + 1.0, y + 1.0), PANEL, true);
                    expect(&place.what, (x - PANEL_PAD - 5.0, y + 1.0), PAGE, true);
                }
                TablePart::Post(..) => {}
            }
        }
        (checked, faults)
    }

    #[test]
    fn places_fit_the_png_and_hold_every_tile_truck_and_depot() {
        let mut kinds = BTreeSet::new();
        for (i, (what, game, highlight)) in positions().iter().enumerate() {
            let marks = marks(i);
            let places = table_places(game, &marks).expect("places");
            let png = table_png_marked(game, highlight, &marks).expect("draws");
            let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
                .expect("the PNG decodes");
            assert_eq!(
                (places.width, places.height),
                (img.width(), img.height()),
                "{what}: the PNG's size"
            );
            let (w, h) = (places.width as f32, places.height as f32);
            for p in &places.places {
                let r = p.rect;
                assert!(
                    r.w > 0.0 && r.h > 0.0 && r.x >= 0.0 && r.y >= 0.0,
                    "{what}: {p:?}"
                );
                assert!(
                    r.x + r.w <= w && r.y + r.h <= h,
                    "{what}: {p:?} leaves the picture"
                );
                kinds.insert(match p.what {
                    TablePart::Truck(_) => "truck",
                    TablePart::Waiting(0) => "waiting card",
                    TablePart::Waiting(_) => "waiting slot",
                    TablePart::Cell(..) => "cell",
                    TablePart::Depot(_) => "depot",
                    TablePart::Post(_, Role::Manager) => "manager",
                    TablePart::Post(..) => "post",
                });
            }
            let spots: Vec<TablePart> = places.places.iter().map(|p| p.what).collect();
            let unique: BTreeSet<String> = spots.iter().map(|s| format!("{s:?}")).collect();
            assert_eq!(unique.len(), spots.len(), "{what}: a place twice");

            // Every zoo: its spaces and tiles have squares, which do not overlap
            // (nor those of other zoos).
            let cells: Vec<(Seat, Cell, Rect)> = places
                .places
                .iter()
                .filter_map(|p| match p.what {
                    TablePart::Cell(s, c) => Some((s, c, p.rect)),
                    _ => None,
                })
                .collect();
            for (seat, player) in game.players().iter().enumerate() {
                let has = |c: Cell| cells.iter().any(|(s, x, _)| *s == seat && *x == c);
                for (cell, _, _) in player.zoo.animals() {
                    assert!(has(cell), "{what}: seat {seat}'s {cell} holds a tile");
                }
                for &cell in player.zoo.spaces() {
                    assert!(has(cell), "{what}: seat {seat}'s space {cell}");
                }
                assert!(
                    spots.contains(&TablePart::Depot(seat)),
                    "{what}: depot {seat}"
                );
                for role in [Role::Cashier, Role::Keeper] {
                    assert!(
                        spots.contains(&TablePart::Post(seat, role)),
                        "{what}: {role:?}"
                    );
                }
                let manager = spots.contains(&TablePart::Post(seat, Role::Manager));
                assert_eq!(manager, player.manager, "{what}: seat {seat}'s manager");
            }
            for (i, (s, c, a)) in cells.iter().enumerate() {
                for (t, d, b) in &cells[i + 1..] {
                    let apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y;
                    assert!(
                        apart || b.y + b.h <= a.y,
                        "{what}: {s} {c} and {t} {d} overlap"
                    );
                }
            }

            // One card a truck while the game runs; the slots of the tiles waiting.
            let trucks: Vec<usize> = spots
                .iter()
                .filter_map(|s| match s {
                    TablePart::Truck(n) => Some(*n),
                    _ => None,
                })
                .collect();
            if game.is_over() {
                assert!(trucks.is_empty(), "{what}: trucks after the end");
                assert!(!spots.iter().any(|s| matches!(s, TablePart::Waiting(_))));
            } else {
                let all: Vec<usize> = (1..=game.trucks().len()).collect();
                assert_eq!(trucks, all, "{what}: one place a truck");
                let slots: Vec<usize> = game.pending().waiting_tiles().map(|(n, _)| n).collect();
                let shown: Vec<usize> = spots
                    .iter()
                    .filter_map(|s| match s {
                        TablePart::Waiting(n) if *n > 0 => Some(*n),
                        _ => None,
                    })
                    .collect();
                assert_eq!(shown, slots, "{what}: the waiting tiles' slots");
                let p = game.pending();
                let card = !p.offspring.is_empty() || p.coworkers > 0;
                assert_eq!(spots.contains(&TablePart::Waiting(0)), card, "{what}: card");
            }

            let pm = table_pixmap_marked(game, highlight, &marks).expect("draws");
            let (checked, faults) = pixel_faults(game, highlight, &pm, &places);
            assert!(checked > 50, "{what}: only {checked} pixels checked");
            assert!(faults.is_empty(), "{what}: {faults:#?}");
        }
        // Every kind of place was seen.
        assert_eq!(kinds.len(), 7, "{kinds:?}");
    }

    #[test]
    fn places_moved_by_a_panel_or_half_a_square_fail_the_pixel_check() {
        let setup = Setup::new(NAMES.iter().take(4).copied(), 9);
        let (_, log) = random_game(setup.clone(), 9);
        let mut game = Game::new(setup).expect("valid setup");
        for (seat, action) in log.iter().take(log.len() / 2) {
            game.apply(*seat, action).expect("legal");
        }
        let marks = SeatMarks::default();
        let places = table_places(&game, &marks).expect("places");
        let pm = table_pixmap_marked(&game, &Highlight::default(), &marks).expect("draws");
        assert!(pixel_faults(&game, &Highlight::default(), &pm, &places)
            .1
            .is_empty());

        let depot = |seat: Seat| places.rect(TablePart::Depot(seat)).expect("a depot");
        let (a, b) = (depot(0), depot(1));
        let pitch = places
            .places
            .iter()
            .find(|p| matches!(p.what, TablePart::Cell(..)))
            .map_or(0.0, |p| p.rect.w);
        for (dx, dy) in [
            (b.x - a.x, b.y - a.y),
            (pitch / 2.0, 0.0),
            (0.0, pitch / 2.0),
        ] {
            let mut moved = places.clone();
            for p in &mut moved.places {
                p.rect.x += dx;
                p.rect.y += dy;
            }
            let (checked, faults) = pixel_faults(&game, &Highlight::default(), &pm, &moved);
            assert!(
                faults.len() * 10 > checked,
                "moved by ({dx}, {dy}): {} of {checked} pixels differ",
                faults.len()
            );
        }
    }

    #[test]
    fn a_point_hits_the_smallest_place_and_places_serialize() {
        let setup = Setup::new(NAMES.iter().take(3).copied(), 4);
        let game = Game::new(setup).expect("valid setup");
        let places = table_places(&game, &SeatMarks::default()).expect("places");
        let truck = places.rect(TablePart::Truck(1)).expect("truck 1");
        let (x, y) = truck.center();
        assert_eq!(places.hit(x, y).map(|p| p.what), Some(TablePart::Truck(1)));
        let booth: Cell = "I12".parse().expect("a cell");
        let post = places
            .rect(TablePart::Post(2, Role::Cashier))
            .expect("booths");
        assert_eq!(places.rect(TablePart::Cell(2, booth)), Some(post));
        let (x, y) = post.center();
        assert_eq!(
            places.hit(x, y).map(|p| p.what),
            Some(TablePart::Post(2, Role::Cashier))
        );
        assert_eq!(places.hit(-1.0, 0.0), None);
        let json = serde_json::to_value(&places).expect("serializes");
        assert_eq!(json["width"], places.width);
        let first = &json["places"][0];
        assert_eq!(first["what"], serde_json::json!({"truck": 1}));
        assert!(json["places"]
            .as_array()
            .expect("a list")
            .iter()
            .any(|p| p["what"] == serde_json::json!({"cell": [0, "K10"]})));
    }
}
