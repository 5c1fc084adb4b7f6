//! What is legal: every action a seat may take now, in canonical form, as
//! [`Game::apply`] accepts it.

use super::*;

impl Game {
    /// Every action `seat` may take now, in canonical form: truck tiles by slot,
    /// the offspring without `tile`, expansion cells in reading order.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.is_over() || seat != self.current {
            return out;
        }
        let player = &self.players[seat];
        if !self.pending.is_empty() {
            if let Some(&animal) = self.pending.offspring.first() {
                let cells = player.zoo.legal_cells(animal);
                if cells.is_empty() {
                    out.push(Action::Place {
                        tile: None,
                        at: Target::Depot,
                    });
                }
                out.extend(cells.into_iter().map(|c| Action::Place {
                    tile: None,
                    at: Target::Cell(c),
                }));
            }
            if self.pending.coworkers > 0 {
                for post in player.free_posts() {
                    let (role, at) = match post {
                        Post::Trainer(c) => (Role::Trainer, Some(c)),
                        other => (other.role(), None),
                    };
                    out.push(Action::Hire { role, at });
                }
            }
            if self.pending.offspring.is_empty() && self.pending.coworkers == 0 {
                for (slot, tile) in self.pending.waiting_tiles() {
                    out.push(Action::Place {
                        tile: Some(slot),
                        at: Target::Depot,
                    });
                    out.extend(player.zoo.legal_cells(tile.animal).into_iter().map(|c| {
                        Action::Place {
                            tile: Some(slot),
                            at: Target::Cell(c),
                        }
                    }));
                }
            }
            return out;
        }
        let can_draw = !(self.draw_pile.is_empty() && self.reserve.is_empty());
        for (i, t) in self.trucks.iter().enumerate() {
            if t.taken_by.is_none() && !t.is_full() && can_draw {
                out.push(Action::Draw { truck: i + 1 });
            }
        }
        for (i, t) in self.trucks.iter().enumerate() {
            if t.taken_by.is_none() && !t.tiles.is_empty() {
                out.push(Action::Take { truck: i + 1 });
            }
        }
        if player.coins >= 1 {
            if let Some(top) = player.depot_top() {
                out.extend(
                    player
                        .zoo
                        .legal_cells(top.animal)
                        .into_iter()
                        .map(|to| Action::MoveDepotTile { to }),
                );
            }
            let free = player.free_posts();
            for from in player.occupied_posts() {
                for &to in &free {
                    if to != from {
                        out.push(Action::MoveCoworker { from, to });
                    }
                }
            }
            for size in [Size::Small, Size::Large] {
                if player.coins >= size.cost() {
                    out.extend(
                        player
                            .zoo
                            .legal_expansions(size)
                            .into_iter()
                            .map(|cells| Action::Expand { size, cells }),
                    );
                }
            }
        }
        if player.coins >= 2 {
            for (s, seller) in self.players.iter().enumerate() {
                if s == seat {
                    continue;
                }
                if let Some(top) = seller.depot_top() {
                    out.extend(
                        player
                            .zoo
                            .legal_cells(top.animal)
                            .into_iter()
                            .map(|at| Action::Buy { from: s, at }),
                    );
                }
            }
            if !player.depot.is_empty() {
                out.push(Action::Discard);
            }
        }
        out
    }
}
