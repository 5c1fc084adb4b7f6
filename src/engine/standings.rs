//! Who won, and where every seat finished: the one place that decides it.
//! Every front end, the referee's record, results and ratings, the score
//! card, the table in characters and the pictures take a [`Standings`];
//! none ranks players itself.
//!
//! The rulebook's order: the most points, then the most coins among those
//! tied on points; equal on both share a place (docs/rules-clarifications.md
//! §10). The engine knows nothing of people, so the seats whose person was
//! voted out for being idle are given to it: they rank after every other
//! seat (among themselves by the same order), and the win is found among the
//! others, if any are left.

use super::{Game, Seat};

/// How the first place was found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Decided {
    /// One seat has the most points.
    #[default]
    Points,
    /// Several have the most points; one of them has the most coins.
    Coins,
    /// Several are tied on points and coins: they share the first place.
    Shared,
}

/// Every seat's place in a position: final once the game is over.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings {
    /// By seat: 1 the best; seats equal on every count share a place.
    places: Vec<usize>,
    /// By seat: voted out, so ranked after the others.
    out: Vec<bool>,
    /// The game is over: the places are final and the first place won.
    over: bool,
    decided: Decided,
}

/// The standings of `game`, the seats in `out` voted out.
pub fn standings(game: &Game, out: &[Seat]) -> Standings {
    let n = game.players().len();
    let is_out: Vec<bool> = (0..n).map(|s| out.contains(&s)).collect();
    // Better is greater: in before out, then points, then coins.
    let key = |s: Seat| {
        (
            !is_out[s],
            game.score(s).total,
            game.player(s).map_or(0, |p| p.coins),
        )
    };
    let keys: Vec<_> = (0..n).map(key).collect();
    let places: Vec<usize> = keys
        .iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count())
        .collect();
    let first: Vec<Seat> = (0..n).filter(|s| places[*s] == 1).collect();
    let decided = match first.as_slice() {
        [one] => {
            let (group, points, _) = keys[*one];
            let tied = (0..n).any(|s| s != *one && keys[s].0 == group && keys[s].1 == points);
            if tied {
                Decided::Coins
            } else {
                Decided::Points
            }
        }
        _ => Decided::Shared,
    };
    Standings {
        places,
        out: is_out,
        over: game.is_over(),
        decided,
    }
}

impl Standings {
    /// How many seats it ranks.
    pub fn seats(&self) -> usize {
        self.places.len()
    }

    /// The places by seat, 1 the best.
    pub fn places(&self) -> &[usize] {
        &self.places
    }

    /// A seat's place (1 the best), if the seat is there.
    pub fn place(&self, seat: Seat) -> Option<usize> {
        self.places.get(seat).copied()
    }

    /// The seats best first; seats sharing a place in seat order.
    pub fn order(&self) -> Vec<Seat> {
        let mut order: Vec<Seat> = (0..self.places.len()).collect();
        order.sort_by_key(|s| (self.places[*s], *s));
        order
    }

    /// The seats in the first place, whether or not the game is over (the
    /// leaders while it runs).
    pub fn leaders(&self) -> Vec<Seat> {
        (0..self.places.len())
            .filter(|s| self.places[*s] == 1)
            .collect()
    }

    /// The winners once the game is over; nobody before.
    pub fn winners(&self) -> Vec<Seat> {
        if self.over {
            self.leaders()
        } else {
            Vec::new()
        }
    }

    /// Whether `seat` won (the game over, and it first).
    pub fn won(&self, seat: Seat) -> bool {
        self.over && self.place(seat) == Some(1)
    }

    /// Whether `seat` was voted out.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out.get(seat).copied().unwrap_or(false)
    }

    /// Whether the game was over: the places are final.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How the first place was found.
    pub fn decided(&self) -> Decided {
        self.decided
    }
}
