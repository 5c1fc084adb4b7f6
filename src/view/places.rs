//! Where things are on the table's picture, in its own pixels: the places a
//! front end lets a player click (the web pages). The renderer measures
//! them from the walk that draws the table (`render::table_places`); the
//! referee's painter hands them out.
//!
//! Coordinates are the picture's pixels, unscaled: (0, 0) is the PNG's
//! top-left corner, x grows rightwards and y downwards, and a rectangle
//! covers `x <= px < x + w`, `y <= py < y + h`; pixel (i, j) of the PNG is
//! the square from (i, j) to (i + 1, j + 1).

use crate::engine::{Cell, Role, Seat};
use serde::Serialize;

/// A rectangle of the picture, in its pixels (see the module's doc).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn of([x, y, w, h]: [f32; 4]) -> Rect {
        Rect { x, y, w, h }
    }

    /// Whether the point (x, y) of the picture lies inside.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    pub fn center(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// What is drawn at a place: a part of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TablePart {
    /// A truck's card, its number counting from 1 as players say it.
    Truck(usize),
    /// A tile waiting to be placed. From 1: the slot of the taken truck that
    /// shows it (the slot of `Action::Place { tile: Some(slot) }`), inside
    /// that truck's card. 0: the whole "waiting" card, which shows the
    /// offspring (placed with `tile: None`, first first) and the coworkers
    /// gained, without slots.
    Waiting(usize),
    /// A square of a seat's zoo: every square of the grid the picture shows
    /// (spaces, and the empty squares around them and on the frame).
    Cell(Seat, Cell),
    /// A seat's depot.
    Depot(Seat),
    /// Where a seat's coworkers of a role stand: the checkout booths
    /// (cashiers, square I12 of the frame), the feeding stations (keepers,
    /// J13), and the depot's manager (only while the seat has one). Trainers
    /// stand on cells.
    Post(Seat, Role),
}

/// One place of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Place {
    pub what: TablePart,
    pub rect: Rect,
}

/// Where things are on the table's picture, and its size in pixels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Places {
    /// The PNG's width and height.
    pub width: u32,
    pub height: u32,
    /// Trucks (each followed by the slots of its waiting tiles), the waiting
    /// card, then seat by seat: its cells (row by row), its booths and
    /// stations, its depot and its manager. Places nest: a slot lies inside
    /// its truck, the manager inside the depot, and the booth and station
    /// posts are the squares of cells I12 and J13.
    pub places: Vec<Place>,
}

impl Places {
    /// The place a point of the picture falls on: the smallest one holding
    /// it, of equal ones the last listed (the slot rather than its truck,
    /// the manager rather than the depot, the post rather than its cell).
    pub fn hit(&self, x: f32, y: f32) -> Option<&Place> {
        self.places
            .iter()
            .rev()
            .filter(|p| p.rect.contains(x, y))
            .min_by(|a, b| (a.rect.w * a.rect.h).total_cmp(&(b.rect.w * b.rect.h)))
    }

    /// The rectangle of a place, when it is drawn.
    pub fn rect(&self, what: TablePart) -> Option<Rect> {
        self.places.iter().find(|p| p.what == what).map(|p| p.rect)
    }
}
