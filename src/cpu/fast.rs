//! The fast policy that plays every seat in the strong player's simulated
//! futures: the greedy player's judgement of trucks, with placements and hires
//! chosen by local rules instead of valuing a copy of the game for every cell.
//!
//! It builds its action directly rather than listing every legal action (the
//! expansion placements and coworker moves are many and rarely wanted). The
//! caller applies it; should `apply` refuse it, the caller falls back to a
//! random legal action, so a gap here costs strength, never a stuck game.

use super::eval::{self, Holdings, Outlook};
use super::normal::{others_waiting, truck_values, DRAW_RISK};
use crate::engine::tile::Mark;
use crate::engine::{Action, Animal, Cell, Game, Player, Role, Seat, Size, Square, Target, Zoo};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Noise added to the value of draws and takes, so futures differ.
const NOISE: f32 = 0.35;

/// The fast policy's action for `seat`, or `None` if it has none to offer.
pub fn act(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    let player = game.player(seat)?;
    let pending = game.pending();
    let outlook = Outlook::of(game);
    if let Some(&animal) = pending.offspring.first() {
        let at = match best_cell(&player.zoo, animal, rng) {
            Some(cell) => Target::Cell(cell),
            None => Target::Depot,
        };
        return Some(Action::Place { tile: None, at });
    }
    if pending.coworkers > 0 {
        return Some(hire(player, &outlook));
    }
    let waiting: Vec<_> = pending.waiting_tiles().collect();
    if !waiting.is_empty() {
        return Some(place_truck_tile(player, &waiting, &outlook, rng));
    }
    if let Some(money) = money_action(game, seat, player, rng) {
        return Some(money);
    }
    draw_or_take(game, seat, player, &outlook, rng)
}

/// Which waiting truck tile goes where: tiles that join a basin first, then
/// new basins, then the depot.
fn place_truck_tile(
    player: &Player,
    waiting: &[(usize, crate::engine::AnimalTile)],
    outlook: &Outlook,
    rng: &mut ChaCha8Rng,
) -> Action {
    let zoo = &player.zoo;
    let order = |(_, t): &&(usize, crate::engine::AnimalTile)| {
        if zoo.count(t.animal) > 0 {
            0
        } else {
            1
        }
    };
    let mut sorted: Vec<&(usize, crate::engine::AnimalTile)> = waiting.iter().collect();
    sorted.sort_by_key(order);
    let Some(&&(slot, tile)) = sorted.first() else {
        return Action::Place {
            tile: None,
            at: Target::Depot,
        };
    };
    let new_type = zoo.count(tile.animal) == 0;
    let slots = zoo.basin_limit().saturating_sub(zoo.type_count());
    let worth_a_slot = !new_type
        || slots >= 2
        || outlook.left < 0.25
        || outlook.future(tile.animal) >= 2.0
        || player.depot.iter().any(|d| d.animal == tile.animal);
    let at = if worth_a_slot {
        best_cell(zoo, tile.animal, rng).map_or(Target::Depot, Target::Cell)
    } else {
        Target::Depot
    };
    Action::Place {
        tile: Some(slot),
        at,
    }
}

/// The best legal cell for an animal by local rules: next to its own kind,
/// wasting no space another basin could grow into, a new basin at the edge.
pub fn best_cell(zoo: &Zoo, animal: Animal, rng: &mut ChaCha8Rng) -> Option<Cell> {
    let new_basin = zoo.count(animal) == 0;
    let mut best: Option<(f32, Cell)> = None;
    for cell in zoo.empty_spaces() {
        if !zoo.allows(cell, animal) {
            continue;
        }
        let mut score = rng.random_range(0.0..0.1);
        for n in cell.neighbours() {
            match zoo.square(n) {
                Square::Animal { tile, .. } if tile.animal == animal => score += 1.0,
                Square::Empty => {
                    let blocks_other = n.neighbours().any(|m| {
                        matches!(zoo.square(m), Square::Animal { tile, .. } if tile.animal != animal)
                    });
                    if blocks_other {
                        score -= 0.8;
                    } else if new_basin {
                        score -= 0.15;
                    } else {
                        score += 0.1;
                    }
                }
                _ => {}
            }
        }
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, cell));
        }
    }
    best.map(|(_, c)| c)
}

/// The coworker's post: where it earns most, now and soon.
fn hire(player: &Player, outlook: &Outlook) -> Action {
    let zoo = &player.zoo;
    let mut best = (f32::NEG_INFINITY, Role::Manager, None);
    let mut consider = |value: f32, role: Role, at: Option<Cell>| {
        if value > best.0 {
            best = (value, role, at);
        }
    };
    for cell in zoo.empty_spaces() {
        let mut value = 0.0;
        for n in cell.surrounding() {
            match zoo.square(n) {
                Square::Animal { tile, .. }
                    if tile.animal.is_show_animal() && tile.mark != Mark::Bolt =>
                {
                    value += 1.0;
                }
                Square::Empty if outlook.left > 0.2 => {
                    let show_next = n.neighbours().any(|m| {
                        matches!(zoo.square(m), Square::Animal { tile, .. } if tile.animal.is_show_animal())
                    });
                    if show_next {
                        value += 0.4;
                    }
                }
                _ => {}
            }
        }
        consider(value - 0.3 * outlook.left, Role::Trainer, Some(cell));
    }
    if player.keepers < crate::engine::player::MAX_KEEPERS {
        let fish = zoo
            .animals()
            .filter(|(_, t, _)| t.mark == Mark::Fish)
            .count() as f32;
        let coming: f32 = zoo
            .types()
            .filter(|a| !a.is_show_animal())
            .map(|a| 0.5 * outlook.future(a))
            .sum();
        consider(fish + coming * 0.5, Role::Keeper, None);
    }
    if player.cashiers < crate::engine::player::MAX_CASHIERS {
        consider(
            player.coins as f32 + 1.5 * outlook.left,
            Role::Cashier,
            None,
        );
    }
    if !player.manager {
        let mut types = [false; 8];
        for t in &player.depot {
            types[t.animal.index()] = true;
        }
        let n = types.iter().filter(|t| **t).count() as f32;
        consider(n + 1.2 * outlook.left, Role::Manager, None);
    }
    Action::Hire {
        role: best.1,
        at: best.2,
    }
}

/// A money action worth a turn: the top of the depot into its basin, a
/// purchase that joins a basin, or an expansion when the zoo is full.
fn money_action(game: &Game, seat: Seat, player: &Player, rng: &mut ChaCha8Rng) -> Option<Action> {
    let zoo = &player.zoo;
    if player.coins >= 1 {
        if let Some(top) = player.depot_top() {
            if zoo.count(top.animal) > 0 {
                if let Some(to) = best_cell(zoo, top.animal, rng) {
                    return Some(Action::MoveDepotTile { to });
                }
            }
        }
    }
    if player.coins >= 3 {
        for (s, other) in game.players().iter().enumerate() {
            if s == seat {
                continue;
            }
            if let Some(top) = other.depot_top() {
                if zoo.count(top.animal) > 0 && rng.random_bool(0.5) {
                    if let Some(at) = best_cell(zoo, top.animal, rng) {
                        return Some(Action::Buy { from: s, at });
                    }
                }
            }
        }
    }
    if player.coins >= 2 && rng.random_bool(0.5) {
        let room: usize = zoo.types().map(|a| eval::territory(zoo, a)).sum();
        if room <= 1 && zoo.expansion_count(Size::Small) < 2 {
            let options = zoo.legal_expansions(Size::Small);
            let touching: Vec<&Vec<Cell>> = options
                .iter()
                .filter(|cells| {
                    cells.iter().any(|c| {
                        c.neighbours()
                            .any(|n| matches!(zoo.square(n), Square::Animal { .. }))
                    })
                })
                .collect();
            if !touching.is_empty() {
                let cells = touching[rng.random_range(0..touching.len())].clone();
                return Some(Action::Expand {
                    size: Size::Small,
                    cells,
                });
            }
        }
    }
    None
}

/// Draw onto a truck or take one, as the greedy player judges them, with noise.
fn draw_or_take(
    game: &Game,
    seat: Seat,
    player: &Player,
    outlook: &Outlook,
    rng: &mut ChaCha8Rng,
) -> Option<Action> {
    let holdings = Holdings::of(player);
    let trucks = truck_values(game, &holdings, outlook);
    let waiting = others_waiting(game, seat) as f32;
    let mut best: Option<(f32, Action)> = None;
    for (k, t) in trucks.iter().enumerate() {
        let mut options = Vec::with_capacity(2);
        if let Some(take) = t.take {
            options.push((take, Action::Take { truck: k + 1 }));
        }
        if t.drawn.is_finite() {
            let other = trucks
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .filter_map(|(_, t)| t.take)
                .fold(f32::NEG_INFINITY, f32::max);
            options.push((
                t.drawn.max(other) - DRAW_RISK * waiting,
                Action::Draw { truck: k + 1 },
            ));
        }
        for (value, action) in options {
            let value = value + rng.random_range(-NOISE..NOISE);
            if best.as_ref().is_none_or(|(b, _)| value > *b) {
                best = Some((value, action));
            }
        }
    }
    best.map(|(_, a)| a)
}
