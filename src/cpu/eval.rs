//! How good a position is for one player, in points, and what the tiles of a
//! truck are worth to them: the evaluation behind the greedy player, the pruning
//! and the horizon of the strong player's search.
//!
//! A position is worth its score so far ([`Game::score`]: animals, cashiers,
//! keepers, trainers, depot minus points) plus what it promises while tiles are
//! still to come, scaled down as the game runs out:
//! - **basin room**: for each basin, the empty spaces it can still grow into
//!   (reached through spaces that touch no other type), counted up to the tiles
//!   of its type the player can expect; keepers make fish eaters worth more;
//! - **new basins**: free basin slots times the room left for a new basin, for
//!   the most plentiful types not yet in the zoo;
//! - **bonuses in reach**: the next coin (3, 6, 9, 12) and coworker (5, 10)
//!   sizes a basin can still reach, and unused fertile animals whose partner is
//!   still unseen;
//! - **coins**: worth most early (moves, purchases, expansions), a tie-break at
//!   the end; cashiers and the manager are valued for what they will still earn;
//! - **trainers** next to empty room of a show-animal basin.
//!
//! What a player can expect is computed from counts only: the unseen tiles
//! (draw pile and reserve together, never their order) and the tiles on the
//! trucks in the middle. The weights were set by playing the levels against
//! each other (`cargo bench --bench cpu`).

use crate::engine::player::{MAX_CASHIERS, MAX_KEEPERS};
use crate::engine::tile::{Mark, Tile};
use crate::engine::{Animal, Cell, Game, Player, Seat, Square, Zoo};

/// Weight of the expected future points a position promises.
const ROOM_WEIGHT: f32 = 0.55;
/// A coworker, in points, when it is earned.
pub const COWORKER_POINTS: f32 = 2.5;
/// A coin early in the game; it falls to [`COIN_LATE`] at the end.
const COIN_EARLY: f32 = 0.75;
const COIN_LATE: f32 = 0.05;
/// Tiles of its own types a player gets, against an even share.
const OWN_TYPE_SHARE: f32 = 1.3;
/// Room beyond what a basin can expect to fill, per space.
const SPARE_ROOM: f32 = 0.12;
/// Points lost per space that touches two types while the game lasts.
const DEAD_SPACE: f32 = 0.5;
/// Chance, per expected tile of a type, that one must go to the depot.
const DEPOT_RISK: f32 = 0.35;
/// Territory beyond this is not counted: no basin grows that far in a game.
const TERRITORY_CAP: usize = 14;

/// What every player can expect of the rest of the game, from public counts.
#[derive(Debug, Clone)]
pub struct Outlook {
    /// Tiles of each type still to come: unseen, or on a truck in the middle.
    pool: [f32; 8],
    /// Of those, the tiles with a fish.
    pool_fish: [f32; 8],
    /// Fertile males and females among them.
    pool_males: [f32; 8],
    pool_females: [f32; 8],
    pool_coins: f32,
    pool_total: f32,
    /// Tiles one player can expect to receive until the end.
    pub per_player: f32,
    /// The part of the game still to come: 1 at the start, 0 at the end.
    pub left: f32,
    coworkers_left: bool,
    kept: [bool; 8],
}

impl Outlook {
    pub fn of(game: &Game) -> Outlook {
        let mut out = Outlook {
            pool: [0.0; 8],
            pool_fish: [0.0; 8],
            pool_males: [0.0; 8],
            pool_females: [0.0; 8],
            pool_coins: 0.0,
            pool_total: 0.0,
            per_player: 0.0,
            left: 0.0,
            coworkers_left: game.coworker_supply() > 0,
            kept: [true; 8],
        };
        for a in game.removed() {
            out.kept[a.index()] = false;
        }
        let open_trucks = game.trucks().iter().filter(|t| t.taken_by.is_none());
        let mut on_trucks = 0usize;
        let mut room_on_trucks = 0usize;
        let unseen = game.draw_pile().iter().chain(game.reserve());
        for t in open_trucks.clone() {
            on_trucks += t.tiles.len();
            room_on_trucks += t.capacity.saturating_sub(t.tiles.len());
        }
        for tile in unseen.chain(open_trucks.flat_map(|t| t.tiles.iter())) {
            out.pool_total += 1.0;
            match tile {
                Tile::Coin => out.pool_coins += 1.0,
                Tile::Animal(a) => {
                    let i = a.animal.index();
                    out.pool[i] += 1.0;
                    match a.mark {
                        Mark::Fish => out.pool_fish[i] += 1.0,
                        Mark::Male => out.pool_males[i] += 1.0,
                        Mark::Female => out.pool_females[i] += 1.0,
                        _ => {}
                    }
                }
            }
        }
        let n = game.players().len().max(1);
        let reserve_part = if game.is_last_round() {
            game.reserve().len().min(room_on_trucks)
        } else {
            game.reserve().len().min(n + 1)
        };
        let to_come = (game.draw_pile().len() + on_trucks + reserve_part) as f32;
        out.per_player = to_come / n as f32;
        let kept = out.kept.iter().filter(|k| **k).count();
        let start = (11 * kept + 10).saturating_sub(15).max(1) as f32;
        out.left = (to_come / start).min(1.0);
        out
    }

    /// Tiles of this type one player with a basin of it can expect.
    pub fn future(&self, animal: Animal) -> f32 {
        if self.pool_total <= 0.0 {
            return 0.0;
        }
        let share = self.pool[animal.index()] / self.pool_total;
        (self.per_player * share * OWN_TYPE_SHARE).min(self.pool[animal.index()])
    }

    /// Tiles of this type one player can expect on an even share, wanted or not.
    fn even(&self, animal: Animal) -> f32 {
        if self.pool_total <= 0.0 {
            return 0.0;
        }
        self.per_player * self.pool[animal.index()] / self.pool_total
    }

    /// The share of fish tiles among the tiles of this type still to come.
    fn fish_share(&self, animal: Animal) -> f32 {
        let n = self.pool[animal.index()];
        if n > 0.0 {
            self.pool_fish[animal.index()] / n
        } else {
            0.0
        }
    }

    /// Coins one player can expect from coin tiles.
    fn future_coins(&self) -> f32 {
        if self.pool_total <= 0.0 {
            return 0.0;
        }
        self.per_player * self.pool_coins / self.pool_total
    }

    /// What one coin is worth now.
    pub fn coin(&self) -> f32 {
        COIN_LATE + COIN_EARLY * self.left
    }

    fn kept(&self, animal: Animal) -> bool {
        self.kept[animal.index()]
    }
}

/// Empty spaces a basin of `animal` can still grow into: reached from the basin
/// through empty spaces that share no edge with another type. Without a basin,
/// 0. Counted up to [`TERRITORY_CAP`].
pub fn territory(zoo: &Zoo, animal: Animal) -> usize {
    let mut seen = [false; crate::engine::cell::GRID];
    let mut stack: Vec<Cell> = Vec::with_capacity(32);
    for (cell, tile, _) in zoo.animals() {
        if tile.animal == animal {
            seen[cell.index()] = true;
            stack.push(cell);
        }
    }
    let mut count = 0;
    while let Some(cell) = stack.pop() {
        for n in cell.neighbours() {
            if seen[n.index()] || !zoo.is_empty_space(n) {
                continue;
            }
            seen[n.index()] = true;
            if touches_other(zoo, n, animal) {
                continue;
            }
            count += 1;
            if count >= TERRITORY_CAP {
                return count;
            }
            stack.push(n);
        }
    }
    count
}

/// Whether the cell shares an edge with a tile of another type.
fn touches_other(zoo: &Zoo, cell: Cell, animal: Animal) -> bool {
    cell.neighbours().any(|n| match zoo.square(n) {
        Square::Animal { tile, .. } => tile.animal != animal,
        _ => false,
    })
}

/// Empty spaces that touch no animal at all, where a new basin could start,
/// and the size of the largest group of them.
fn open_room(zoo: &Zoo) -> (usize, usize) {
    let mut open = [false; crate::engine::cell::GRID];
    let mut cells = Vec::with_capacity(32);
    for c in zoo.empty_spaces() {
        let free = c
            .neighbours()
            .all(|n| !matches!(zoo.square(n), Square::Animal { .. }));
        if free {
            open[c.index()] = true;
            cells.push(c);
        }
    }
    let total = cells.len();
    let mut largest = 0;
    let mut stack = Vec::with_capacity(32);
    for start in cells {
        if !open[start.index()] {
            continue;
        }
        open[start.index()] = false;
        stack.push(start);
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for n in c.neighbours() {
                if open[n.index()] {
                    open[n.index()] = false;
                    stack.push(n);
                }
            }
        }
        largest = largest.max(size);
    }
    (total, largest)
}

/// Unused fertile males and females per type in a zoo.
fn unused_fertile(zoo: &Zoo) -> ([u8; 8], [u8; 8]) {
    let mut males = [0; 8];
    let mut females = [0; 8];
    for (_, tile, bred) in zoo.animals() {
        if bred {
            continue;
        }
        match tile.mark {
            Mark::Male => males[tile.animal.index()] += 1,
            Mark::Female => females[tile.animal.index()] += 1,
            _ => {}
        }
    }
    (males, females)
}

/// Bonuses a basin of `size` may still earn by growing `growth` more tiles,
/// each weighted by how sure the growth is.
fn bonuses_in_reach(size: u8, growth: f32, outlook: &Outlook) -> f32 {
    let mut value = 0.0;
    for (threshold, worth) in [
        (3u8, outlook.coin()),
        (
            5,
            if outlook.coworkers_left {
                COWORKER_POINTS
            } else {
                0.0
            },
        ),
        (6, outlook.coin()),
        (9, outlook.coin()),
        (
            10,
            if outlook.coworkers_left {
                COWORKER_POINTS
            } else {
                0.0
            },
        ),
        (12, outlook.coin()),
    ] {
        if threshold <= size {
            continue;
        }
        let need = f32::from(threshold - size);
        let sure = (growth - need + 1.0).clamp(0.0, 1.0) * (1.0 - 0.08 * need).max(0.2);
        value += worth * sure;
    }
    value
}

/// What the position promises `seat` beyond its score, in points.
pub fn promise(game: &Game, seat: Seat, outlook: &Outlook) -> f32 {
    let Some(player) = game.player(seat) else {
        return 0.0;
    };
    let zoo = &player.zoo;
    let mut future_points = 0.0;
    let (males, females) = unused_fertile(zoo);
    let slots = zoo.basin_limit().saturating_sub(zoo.type_count());
    let mut trainer_room = 0.0;
    for animal in zoo.types() {
        let room = territory(zoo, animal) as f32;
        let coming = outlook.future(animal);
        let growth = room.min(coming);
        let per_tile = 1.0 + f32::from(player.keepers) * outlook.fish_share(animal);
        future_points += growth * per_tile;
        // Spare room keeps later choices open.
        future_points += SPARE_ROOM * (room - growth).min(coming + 2.0);
        future_points += bonuses_in_reach(zoo.count(animal), growth, outlook);
        let i = animal.index();
        let partners = if males[i] > females[i] {
            outlook.pool_females[i]
        } else if females[i] > males[i] {
            outlook.pool_males[i]
        } else {
            0.0
        };
        if partners > 0.0 && growth >= 1.0 {
            future_points += 0.8 * (partners / (partners + 2.0));
        }
        if animal.is_show_animal() && zoo.trainer_count() > 0 {
            trainer_room += growth.min(2.0);
        }
    }
    if slots > 0 {
        let (open, largest) = open_room(zoo);
        if open > 0 {
            let mut coming: Vec<f32> = Animal::ALL
                .into_iter()
                .filter(|a| outlook.kept(*a) && zoo.count(*a) == 0)
                .map(|a| outlook.future(a))
                .collect();
            coming.sort_by(|a, b| b.total_cmp(a));
            let room = (largest as f32).max(open as f32 / slots as f32);
            for c in coming.into_iter().take(slots) {
                future_points += 0.8 * c.min(room);
            }
        }
    }
    // Depot risk: types with no basin and no tile in the depot yet will bring
    // minus points when they come, unless a free basin slot takes them.
    let mut in_depot = [false; 8];
    for t in &player.depot {
        in_depot[t.animal.index()] = true;
    }
    let mut risks: Vec<f32> = Animal::ALL
        .into_iter()
        .filter(|a| outlook.kept(*a) && zoo.count(*a) == 0 && !in_depot[a.index()])
        .map(|a| (DEPOT_RISK * outlook.even(a)).min(1.0))
        .collect();
    risks.sort_by(|a, b| b.total_cmp(a));
    let per_type = if player.manager { 1.0 } else { 2.0 };
    let risk: f32 = risks.iter().skip(slots).sum::<f32>() * per_type;
    // Spaces that touch two types take only trainers.
    future_points -= DEAD_SPACE * dead_spaces(zoo) as f32 * outlook.left.min(1.0);
    // Cashiers will count the coins still to come; the manager the depot's growth.
    let mut roles = f32::from(player.cashiers) * outlook.future_coins();
    if player.manager {
        roles += 0.8 * outlook.left;
    }
    roles += 0.5 * trainer_room * outlook.left.min(1.0) * f32::from(zoo.trainer_count().min(2));
    // The top of the depot can move into the zoo for a coin.
    let relief = match player.depot_top() {
        Some(top) if zoo.has_room_for(top.animal) => 0.6,
        _ => 0.0,
    };
    ROOM_WEIGHT * future_points - risk
        + roles
        + (relief + player.coins as f32 * outlook.coin()) * outlook.left.clamp(0.05, 1.0)
        + waiting(game, seat, player, outlook)
}

/// What still waits for the player who is placing: the truck's other tiles as
/// their table can take them, offspring, and coworkers to hire.
fn waiting(game: &Game, seat: Seat, player: &Player, outlook: &Outlook) -> f32 {
    let pending = game.pending();
    if game.current() != seat || pending.is_empty() {
        return 0.0;
    }
    let mut holdings = Holdings::of(player);
    let mut value = 0.0;
    for animal in &pending.offspring {
        let tile = Tile::Animal(crate::engine::AnimalTile::new(*animal, Mark::Young));
        value += holdings.take(tile, outlook);
    }
    value += f32::from(pending.coworkers) * COWORKER_POINTS;
    let tiles: Vec<Tile> = pending
        .waiting_tiles()
        .map(|(_, t)| Tile::Animal(t))
        .collect();
    value + holdings.truck(&tiles, outlook)
}

/// Empty spaces that share an edge with two types: no basin can use them.
fn dead_spaces(zoo: &Zoo) -> usize {
    zoo.empty_spaces()
        .filter(|c| {
            let mut first: Option<Animal> = None;
            c.neighbours().any(|n| match zoo.square(n) {
                Square::Animal { tile, .. } => match first {
                    None => {
                        first = Some(tile.animal);
                        false
                    }
                    Some(a) => a != tile.animal,
                },
                _ => false,
            })
        })
        .count()
}

/// The value of `seat`'s position: score so far plus what it promises.
pub fn position(game: &Game, seat: Seat, outlook: &Outlook) -> f32 {
    let Some(player) = game.player(seat) else {
        return 0.0;
    };
    if game.is_over() {
        // Coins break ties.
        return game.score(seat).total as f32 + 0.01 * player.coins as f32;
    }
    game.score(seat).total as f32 + promise(game, seat, outlook)
}

/// What a player's table offers the next tiles, in a few numbers: enough to
/// value a truck's tiles quickly, without placing them.
#[derive(Debug, Clone, Copy)]
pub struct Holdings {
    counts: [u8; 8],
    room: [u8; 8],
    males: [u8; 8],
    females: [u8; 8],
    slots: u8,
    open: u8,
    depot: u8,
    manager: bool,
    keepers: u8,
    cashiers: u8,
    trainers_near_show: [u8; 8],
}

impl Holdings {
    pub fn of(player: &Player) -> Holdings {
        let zoo = &player.zoo;
        let (males, females) = unused_fertile(zoo);
        let mut counts = [0; 8];
        let mut room = [0; 8];
        let mut trainers_near_show = [0; 8];
        for a in zoo.types() {
            counts[a.index()] = zoo.count(a);
            room[a.index()] = territory(zoo, a) as u8;
            if a.is_show_animal() && zoo.trainer_count() > 0 {
                trainers_near_show[a.index()] = 1;
            }
        }
        let mut depot = 0u8;
        for t in &player.depot {
            depot |= 1 << t.animal.index();
        }
        Holdings {
            counts,
            room,
            males,
            females,
            slots: zoo.basin_limit().saturating_sub(zoo.type_count()) as u8,
            open: open_room(zoo).0.min(255) as u8,
            depot,
            manager: player.manager,
            keepers: player.keepers.min(MAX_KEEPERS),
            cashiers: player.cashiers.min(MAX_CASHIERS),
            trainers_near_show,
        }
    }

    /// What one more tile is worth to this table, and the table after it.
    pub fn take(&mut self, tile: Tile, outlook: &Outlook) -> f32 {
        let a = match tile {
            Tile::Coin => return outlook.coin() + f32::from(self.cashiers),
            Tile::Animal(a) => a,
        };
        let i = a.animal.index();
        let fits_basin = self.counts[i] > 0 && self.room[i] > 0;
        let new_basin = self.counts[i] == 0 && self.slots > 0 && self.open > 0;
        if !fits_basin && !new_basin {
            let in_depot = self.depot & (1 << i) != 0;
            self.depot |= 1 << i;
            return if in_depot {
                -0.3
            } else if self.manager {
                -1.0
            } else {
                -2.0
            };
        }
        let mut value = 1.0;
        if new_basin {
            self.slots -= 1;
            self.room[i] = self.open.saturating_sub(1).min(TERRITORY_CAP as u8);
            self.open = self.open.saturating_sub(3);
            // A basin slot spent: worth it for a type that will keep coming.
            value += ROOM_WEIGHT * (outlook.future(a.animal).min(6.0) - 2.5) * outlook.left;
        } else {
            self.room[i] -= 1;
        }
        if a.mark == Mark::Fish {
            value += f32::from(self.keepers);
        }
        if a.mark != Mark::Bolt && self.trainers_near_show[i] > 0 {
            value += 0.5;
        }
        let mut added = 1;
        match a.mark {
            Mark::Male if self.females[i] > 0 => {
                self.females[i] -= 1;
                added += 1;
            }
            Mark::Female if self.males[i] > 0 => {
                self.males[i] -= 1;
                added += 1;
            }
            Mark::Male => self.males[i] += 1,
            Mark::Female => self.females[i] += 1,
            _ => {}
        }
        if added == 2 {
            // The offspring: a tile of its own if the basin has room.
            if self.room[i] > 0 {
                self.room[i] -= 1;
                value += 1.0;
            } else {
                value -= if self.depot & (1 << i) != 0 { 0.3 } else { 2.0 };
            }
        }
        for _ in 0..added {
            self.counts[i] = self.counts[i].saturating_add(1);
            value += match self.counts[i] {
                3 | 6 | 9 | 12 => outlook.coin(),
                5 | 10 if outlook.coworkers_left => COWORKER_POINTS,
                _ => 0.0,
            };
        }
        value
    }

    /// What the tiles are worth to this table, best placed tiles first.
    pub fn truck(mut self, tiles: &[Tile], outlook: &Outlook) -> f32 {
        let mut order: Vec<Tile> = tiles.to_vec();
        // Tiles that join a basin first, so a new basin does not take their room.
        order.sort_by_key(|t| match t {
            Tile::Coin => 0,
            Tile::Animal(a) if self.counts[a.animal.index()] > 0 => 1,
            Tile::Animal(_) => 2,
        });
        order.iter().map(|t| self.take(*t, outlook)).sum()
    }
}

/// The unseen tiles by kind, with how many of each: what a drawn tile may be.
pub fn unseen_kinds(game: &Game) -> Vec<(Tile, f32)> {
    let mut out: Vec<(Tile, f32)> = Vec::new();
    for tile in game.unseen_tiles() {
        match out.last_mut() {
            Some((t, n)) if *t == tile => *n += 1.0,
            _ => out.push((tile, 1.0)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tile::AnimalTile;
    use crate::engine::Setup;

    fn game() -> Game {
        Game::new(Setup::new(["ana", "ben"], 3)).expect("valid setup")
    }

    #[test]
    fn an_empty_zoo_offers_room_for_new_basins_and_the_outlook_sums_to_the_box() {
        let g = game();
        let o = Outlook::of(&g);
        // 5 kept types of 11 and 10 coin tiles.
        assert_eq!(o.pool_total, 65.0);
        assert!(o.left > 0.99);
        let zoo = Zoo::new();
        assert_eq!(open_room(&zoo), (19, 19));
        assert!(promise(&g, 0, &o) > 0.0);
    }

    #[test]
    fn a_tile_that_joins_a_basin_is_worth_more_than_one_that_goes_to_the_depot() {
        let g = game();
        let o = Outlook::of(&g);
        let mut h = Holdings::of(&g.players()[0]);
        h.slots = 0;
        h.counts[Animal::Dolphin.index()] = 2;
        h.room[Animal::Dolphin.index()] = 4;
        let dolphin = Tile::Animal(AnimalTile::new(Animal::Dolphin, Mark::Plain));
        let orca = Tile::Animal(AnimalTile::new(Animal::Orca, Mark::Plain));
        let joins = h.take(dolphin, &o);
        let depot = h.take(orca, &o);
        assert!(joins > 1.0, "third dolphin: {joins}");
        assert_eq!(depot, -2.0);
        assert_eq!(h.take(orca, &o), -0.3, "second orca");
    }
}
