//! The state of a game and the one way to change it: [`Game::apply`].
//!
//! `apply` first checks the whole action against the state without touching it,
//! and only then carries it out; carrying out never fails. So a refused action
//! leaves the game exactly as it was. [`Game::legal_actions`] enumerates what
//! `apply` accepts, in canonical form.
//!
//! Turn structure: the current player acts; if the action leaves tiles, an
//! offspring or a coworker waiting, the same player resolves them before the
//! turn passes. Nobody else may act meanwhile.

use super::action::{Action, Event, Post, Role, Seat, Target};
use super::cell::Cell;
use super::player::{Player, MAX_CASHIERS, MAX_KEEPERS};
use super::score::{self, Score};
use super::setup::{deal, Setup, SetupError};
use super::tile::{Animal, AnimalTile, Tile, COWORKERS, OFFSPRING_PER_TYPE};
use super::zoo::{Size, Zoo};
use serde::{Deserialize, Serialize};

mod check;
mod legal;

pub use super::refusal::{Asked, Refusal};

/// Coins, basin sizes that pay a coin.
const COIN_SIZES: [u8; 4] = [3, 6, 9, 12];
/// Basin sizes that bring a coworker.
const COWORKER_SIZES: [u8; 2] = [5, 10];

/// A delivery truck in the middle of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truck {
    /// Usable spaces: 3, or fewer where 2-player blocking tiles lie.
    pub capacity: usize,
    /// Face-up tiles in the order they were drawn (slot 1 first).
    pub tiles: Vec<Tile>,
    /// Who took it this round.
    pub taken_by: Option<Seat>,
}

impl Truck {
    pub fn is_full(&self) -> bool {
        self.tiles.len() >= self.capacity
    }

    /// Spaces covered by face-down tiles for the whole game (2 players).
    pub fn blocked(&self) -> usize {
        3 - self.capacity
    }
}

/// What the current player must resolve before the turn passes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pending {
    /// The taken truck's animal tiles still to place, by slot (index 0 is slot 1).
    pub truck_tiles: Vec<Option<AnimalTile>>,
    /// Offspring waiting for a space in their basin, first to place first.
    pub offspring: Vec<Animal>,
    /// Coworkers gained and not yet placed.
    pub coworkers: u8,
}

impl Pending {
    pub fn is_empty(&self) -> bool {
        self.offspring.is_empty()
            && self.coworkers == 0
            && self.truck_tiles.iter().all(Option::is_none)
    }

    /// Waiting truck tiles with their slot numbers.
    pub fn waiting_tiles(&self) -> impl Iterator<Item = (usize, AnimalTile)> + '_ {
        self.truck_tiles
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.map(|t| (i + 1, t)))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Running,
    Finished,
}

/// A game of Aquaretto.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    setup: Setup,
    removed: Vec<Animal>,
    players: Vec<Player>,
    trucks: Vec<Truck>,
    /// Top last.
    draw_pile: Vec<Tile>,
    /// Top last.
    reserve: Vec<Tile>,
    /// Offspring tiles left per animal type, in [`Animal::ALL`] order.
    offspring_supply: [u8; 8],
    coworker_supply: u8,
    /// Tiles that left the game: discarded, or cleared from an untaken truck.
    out_of_game: Vec<Tile>,
    round: u32,
    current: Seat,
    last_round: bool,
    pending: Pending,
    status: Status,
    /// Actions applied so far.
    moves: u32,
}

impl Game {
    /// Sets up a game: removes types, shuffles (or stacks) the tiles, seats the
    /// players with 1 coin each and picks the first player.
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
        let dealt = deal(&setup)?;
        let n = setup.players.len();
        let capacities: Vec<usize> = if n == 2 { vec![2, 1, 3] } else { vec![3; n] };
        let mut offspring_supply = [0; 8];
        for a in Animal::ALL {
            if !dealt.removed.contains(&a) {
                offspring_supply[a.index()] = OFFSPRING_PER_TYPE;
            }
        }
        let mut game = Game {
            players: setup.players.iter().cloned().map(Player::new).collect(),
            trucks: capacities
                .into_iter()
                .map(|capacity| Truck {
                    capacity,
                    tiles: Vec::new(),
                    taken_by: None,
                })
                .collect(),
            draw_pile: dealt.draw_pile,
            reserve: dealt.reserve,
            removed: dealt.removed,
            offspring_supply,
            coworker_supply: COWORKERS,
            out_of_game: Vec::new(),
            round: 1,
            current: dealt.first,
            last_round: false,
            pending: Pending::default(),
            status: Status::Running,
            moves: 0,
            setup,
        };
        if game.stalled() {
            game.status = Status::Finished;
        }
        Ok(game)
    }

    /// Sets up the game and applies every move in order.
    pub fn replay<'a>(
        setup: Setup,
        moves: impl IntoIterator<Item = &'a (Seat, Action)>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup).map_err(ReplayError::Setup)?;
        for (i, (seat, action)) in moves.into_iter().enumerate() {
            game.apply(*seat, action)
                .map_err(|refusal| ReplayError::Move(i + 1, refusal))?;
        }
        Ok(game)
    }

    // ----- reading the state -----

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn removed(&self) -> &[Animal] {
        &self.removed
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(seat)
    }
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }
    /// The same position with its players called by `names`, by seat (a
    /// seat past their end keeps its name): the game as a reader is shown
    /// it, a computer player named in their language. Only a copy to show:
    /// moves are applied to the game as stored.
    pub fn named(mut self, names: &[String]) -> Game {
        for (player, name) in self.players.iter_mut().zip(names) {
            player.name.clone_from(name);
        }
        self
    }
    pub fn trucks(&self) -> &[Truck] {
        &self.trucks
    }
    pub fn draw_pile(&self) -> &[Tile] {
        &self.draw_pile
    }
    pub fn reserve(&self) -> &[Tile] {
        &self.reserve
    }

    /// The tiles nobody has seen yet, draw pile and reserve together, sorted:
    /// what a player may know of them (which tiles, not their order, nor which
    /// of them lie in the reserve).
    pub fn unseen_tiles(&self) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = self
            .draw_pile
            .iter()
            .chain(&self.reserve)
            .copied()
            .collect();
        tiles.sort_unstable();
        tiles
    }

    /// Deals the unseen tiles again, for a computer player that searches over
    /// futures it cannot know. `arrange` receives [`Game::unseen_tiles`] (so
    /// nothing of the real order) and may only permute them; the draw pile and
    /// the reserve keep their sizes. Only a copy of a game should be re-dealt:
    /// the result no longer follows from the setup and the moves.
    pub fn redeal_hidden(&mut self, arrange: impl FnOnce(&mut [Tile])) {
        let mut tiles = self.unseen_tiles();
        arrange(&mut tiles);
        let reserve = tiles.split_off(self.draw_pile.len());
        self.draw_pile = tiles;
        self.reserve = reserve;
    }
    pub fn offspring_supply(&self, animal: Animal) -> u8 {
        self.offspring_supply[animal.index()]
    }
    pub fn coworker_supply(&self) -> u8 {
        self.coworker_supply
    }
    pub fn out_of_game(&self) -> &[Tile] {
        &self.out_of_game
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn is_last_round(&self) -> bool {
        self.last_round
    }
    pub fn pending(&self) -> &Pending {
        &self.pending
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn is_over(&self) -> bool {
        self.status == Status::Finished
    }
    pub fn moves(&self) -> u32 {
        self.moves
    }
    /// The seat whose turn it is (also while they resolve waiting tiles).
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Who must act now: nobody once the game is over.
    /// Who acts after `seat` in this round if `seat` does not take a truck:
    /// the next seat round the table still without one. `None` when no
    /// other seat is left in the round.
    pub fn next_after(&self, seat: Seat) -> Option<Seat> {
        let n = self.players.len();
        (1..n)
            .map(|step| (seat + step) % n)
            .find(|&s| self.players[s].truck.is_none())
    }

    pub fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.current)
    }

    /// The score so far (the final score once the game is over).
    pub fn score(&self, seat: Seat) -> Score {
        score::score(&self.players[seat])
    }

    /// Every seat's place, the seats in `out` voted out (ranked last): who
    /// won, once the game is over. See [`super::standings()`].
    pub fn standings(&self, out: &[Seat]) -> super::Standings {
        super::standings(self, out)
    }

    /// What the current player must do now (`crate::lang::engine::asked`
    /// says it).
    pub fn asked(&self) -> Asked {
        if self.is_over() {
            return Asked::Over;
        }
        let player = &self.players[self.current];
        let name = player.name.clone();
        if let Some(&animal) = self.pending.offspring.first() {
            return Asked::Offspring {
                player: name,
                room: check::room(&player.zoo, animal),
            };
        }
        if self.pending.coworkers > 0 {
            return Asked::Hire { player: name };
        }
        let tiles: Vec<(usize, AnimalTile)> = self.pending.waiting_tiles().collect();
        if !tiles.is_empty() {
            return Asked::TruckTiles {
                player: name,
                tiles,
            };
        }
        Asked::Turn { player: name }
    }

    // ----- changing the state -----

    /// Applies a whole action for `seat`, or refuses it and changes nothing.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, Refusal> {
        let plan = self.check(seat, action)?;
        let mut events = Vec::new();
        self.execute(seat, plan, &mut events);
        self.moves += 1;
        self.settle(&mut events);
        Ok(events)
    }

    /// Whether `apply` would accept the action.
    pub fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// The action in the canonical form of [`Game::legal_actions`]: a
    /// `place` of a truck tile names its slot even when the player left it
    /// out. Any other action, or one `apply` would refuse, comes back as is.
    pub fn canonical(&self, seat: Seat, action: &Action) -> Action {
        match (action, self.check(seat, action)) {
            (Action::Place { at, .. }, Ok(Plan::PlaceTruckTile(slot, _, _))) => Action::Place {
                tile: Some(slot),
                at: *at,
            },
            _ => action.clone(),
        }
    }

    fn execute(&mut self, seat: Seat, plan: Plan, events: &mut Vec<Event>) {
        match plan {
            Plan::Draw(truck) => {
                let from_reserve = self.draw_pile.is_empty();
                let tile = if from_reserve {
                    self.reserve.pop()
                } else {
                    self.draw_pile.pop()
                };
                let Some(tile) = tile else { return };
                self.trucks[truck - 1].tiles.push(tile);
                events.push(Event::Drew {
                    player: seat,
                    tile,
                    truck,
                    from_reserve,
                });
                if from_reserve && !self.last_round {
                    self.last_round = true;
                    events.push(Event::LastRound);
                }
            }
            Plan::Take(truck) => {
                let t = &mut self.trucks[truck - 1];
                t.taken_by = Some(seat);
                let tiles = std::mem::take(&mut t.tiles);
                self.players[seat].truck = Some(truck);
                events.push(Event::TookTruck {
                    player: seat,
                    truck,
                    tiles: tiles.clone(),
                });
                self.pending.truck_tiles = tiles.iter().map(|t| t.as_animal()).collect();
                for tile in tiles {
                    if tile == Tile::Coin {
                        self.players[seat].coins += 1;
                        events.push(Event::CoinTile { player: seat });
                    }
                }
            }
            Plan::PlaceTruckTile(slot, tile, at) => {
                self.pending.truck_tiles[slot - 1] = None;
                self.put_tile(seat, tile, at, events);
            }
            Plan::PlaceOffspring(at) => {
                let animal = self.pending.offspring.remove(0);
                let tile = AnimalTile::new(animal, super::tile::Mark::Young);
                self.put_tile(seat, tile, at, events);
            }
            Plan::Hire(post) => {
                self.pending.coworkers -= 1;
                self.players[seat].put(post);
                events.push(Event::Hired { player: seat, post });
            }
            Plan::MoveDepotTile(to, tile) => {
                self.pay(seat, 1, events);
                self.players[seat].depot.pop();
                self.put_tile(seat, tile, Target::Cell(to), events);
            }
            Plan::MoveCoworker(from, to) => {
                self.pay(seat, 1, events);
                let player = &mut self.players[seat];
                player.lift(from);
                player.put(to);
                events.push(Event::MovedCoworker {
                    player: seat,
                    from,
                    to,
                });
            }
            Plan::Buy(seller, at, tile) => {
                self.pay(seat, 2, events);
                self.players[seller].coins += 1;
                self.players[seller].depot.pop();
                events.push(Event::Bought {
                    player: seat,
                    seller,
                    tile,
                    cell: at,
                });
                self.add_to_zoo(seat, at, tile, events);
            }
            Plan::Discard(tile) => {
                self.pay(seat, 2, events);
                self.players[seat].depot.pop();
                self.out_of_game.push(Tile::Animal(tile));
                events.push(Event::Discarded { player: seat, tile });
            }
            Plan::Expand(size, cells) => {
                self.pay(seat, size.cost(), events);
                self.players[seat].zoo.add_expansion(size, cells.clone());
                events.push(Event::Expanded {
                    player: seat,
                    size,
                    cells,
                });
            }
        }
    }

    fn pay(&mut self, seat: Seat, coins: u32, events: &mut Vec<Event>) {
        self.players[seat].coins -= coins;
        events.push(Event::Paid {
            player: seat,
            coins,
        });
    }

    fn put_tile(&mut self, seat: Seat, tile: AnimalTile, at: Target, events: &mut Vec<Event>) {
        match at {
            Target::Depot => {
                self.players[seat].depot.push(tile);
                events.push(Event::ToDepot { player: seat, tile });
            }
            Target::Cell(cell) => {
                events.push(Event::Placed {
                    player: seat,
                    tile,
                    cell,
                });
                self.add_to_zoo(seat, cell, tile, events);
            }
        }
    }

    /// A tile joins its basin: coin and coworker bonuses, then offspring.
    fn add_to_zoo(&mut self, seat: Seat, cell: Cell, tile: AnimalTile, events: &mut Vec<Event>) {
        let growth = self.players[seat].zoo.place_animal(cell, tile);
        let animal = tile.animal;
        if COIN_SIZES.contains(&growth.size) {
            self.players[seat].coins += 1;
            events.push(Event::CoinBonus {
                player: seat,
                animal,
                size: growth.size,
            });
        }
        if COWORKER_SIZES.contains(&growth.size) {
            if self.coworker_supply > 0 {
                self.coworker_supply -= 1;
                self.pending.coworkers += 1;
                events.push(Event::CoworkerBonus {
                    player: seat,
                    animal,
                    size: growth.size,
                });
            } else {
                events.push(Event::NoCoworkerLeft { player: seat });
            }
        }
        for _ in 0..growth.offspring {
            let supply = &mut self.offspring_supply[animal.index()];
            if *supply > 0 {
                *supply -= 1;
                self.pending.offspring.push(animal);
                events.push(Event::Offspring {
                    player: seat,
                    animal,
                });
            }
        }
    }

    /// Resolves what has only one outcome, then passes the turn once nothing waits.
    fn settle(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        loop {
            let player = &self.players[seat];
            if let Some(&animal) = self.pending.offspring.first() {
                if !player.zoo.has_room_for(animal) {
                    self.pending.offspring.remove(0);
                    let tile = AnimalTile::new(animal, super::tile::Mark::Young);
                    self.players[seat].depot.push(tile);
                    events.push(Event::ToDepot { player: seat, tile });
                    continue;
                }
            }
            if self.pending.coworkers > 0 && !player.has_free_post() {
                self.pending.coworkers -= 1;
                self.coworker_supply += 1;
                events.push(Event::CoworkerReturned { player: seat });
                continue;
            }
            break;
        }
        if self.pending.is_empty() {
            self.pending.truck_tiles.clear();
            self.pass_turn(events);
        }
    }

    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.players.len();
        let next = (1..=n)
            .map(|step| (self.current + step) % n)
            .find(|&s| self.players[s].truck.is_none());
        match next {
            Some(seat) if !self.stalled() => {
                self.current = seat;
                events.push(Event::Turn { player: seat });
            }
            _ => self.end_round(events),
        }
    }

    /// No tile is left to draw and no truck in the middle has one: only possible
    /// with a short stacked deck. The round (and so the game) cannot go on.
    fn stalled(&self) -> bool {
        self.draw_pile.is_empty()
            && self.reserve.is_empty()
            && self
                .trucks
                .iter()
                .all(|t| t.taken_by.is_some() || t.tiles.is_empty())
    }

    fn end_round(&mut self, events: &mut Vec<Event>) {
        let mut cleared = Vec::new();
        for truck in &mut self.trucks {
            if truck.taken_by.is_none() {
                cleared.append(&mut truck.tiles);
            }
            truck.taken_by = None;
        }
        self.out_of_game.extend(cleared.iter().copied());
        events.push(Event::RoundEnded {
            round: self.round,
            cleared,
        });
        for p in &mut self.players {
            p.truck = None;
        }
        if self.last_round || self.stalled() {
            self.status = Status::Finished;
            events.push(Event::GameOver);
            return;
        }
        self.round += 1;
        // The player who took the last truck starts the next round.
        events.push(Event::RoundStarted {
            round: self.round,
            first: self.current,
        });
        events.push(Event::Turn {
            player: self.current,
        });
    }
}

/// An action checked against the state, ready to carry out.
#[derive(Debug)]
enum Plan {
    Draw(usize),
    Take(usize),
    PlaceTruckTile(usize, AnimalTile, Target),
    PlaceOffspring(Target),
    Hire(Post),
    MoveDepotTile(Cell, AnimalTile),
    MoveCoworker(Post, Post),
    Buy(Seat, Cell, AnimalTile),
    Discard(AnimalTile),
    Expand(Size, Vec<Cell>),
}

/// Why a log could not be replayed: the setup, or the move (counted from 1)
/// and its refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    Setup(SetupError),
    Move(usize, Refusal),
}

impl std::error::Error for ReplayError {}
