//! Random legal games for 2 to 5 players, with the engine's invariants checked
//! after every action. The number of games per player count is the proptest
//! case count (`PROPTEST_CASES`, 500 by default here: the long run is
//! `PROPTEST_CASES=5000 cargo test --release --test engine engine_properties`).

use aquaretto_bot::engine::playout::kind;
use aquaretto_bot::engine::{
    Action, Animal, Cell, Event, Game, Post, Role, Seat, Setup, Size, Square, Target, Tile,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, VecDeque};

/// Bounds a game's length: every game must end well before.
const MAX_ACTIONS: usize = 5_000;

/// What the events say entered or left circulation, to check the totals.
#[derive(Default)]
struct Ledger {
    coin_tiles_taken: usize,
    /// Coins in players' hands expected from the events.
    coins: i64,
}

impl Ledger {
    fn record(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::CoinTile { .. } => {
                    self.coin_tiles_taken += 1;
                    self.coins += 1;
                }
                Event::CoinBonus { .. } => self.coins += 1,
                Event::Paid { coins, .. } => self.coins -= *coins as i64,
                Event::Bought { .. } => self.coins += 1,
                _ => {}
            }
        }
    }
}

fn tile_multiset(tiles: impl Iterator<Item = Tile>) -> BTreeMap<Tile, usize> {
    let mut m = BTreeMap::new();
    for t in tiles {
        *m.entry(t).or_default() += 1;
    }
    m
}

/// Every tile of the game where it is now, coin tiles taken counted as coins.
fn all_tiles(game: &Game, coin_tiles_taken: usize) -> BTreeMap<Tile, usize> {
    let mut tiles: Vec<Tile> = Vec::new();
    tiles.extend(game.draw_pile());
    tiles.extend(game.reserve());
    for t in game.trucks() {
        tiles.extend(&t.tiles);
    }
    for p in game.players() {
        tiles.extend(p.zoo.animals().map(|(_, t, _)| Tile::Animal(t)));
        tiles.extend(p.depot.iter().map(|t| Tile::Animal(*t)));
    }
    let pending = game.pending();
    tiles.extend(pending.waiting_tiles().map(|(_, t)| Tile::Animal(t)));
    tiles.extend(
        pending
            .offspring
            .iter()
            .map(|a| Tile::animal(*a, aquaretto_bot::engine::Mark::Young)),
    );
    for a in Animal::ALL {
        for _ in 0..game.offspring_supply(a) {
            tiles.push(Tile::animal(a, aquaretto_bot::engine::Mark::Young));
        }
    }
    tiles.extend(game.out_of_game());
    tiles.extend(std::iter::repeat_n(Tile::Coin, coin_tiles_taken));
    tile_multiset(tiles.into_iter())
}

fn check_basins(game: &Game) -> Result<(), String> {
    for p in game.players() {
        let zoo = &p.zoo;
        if zoo.type_count() > zoo.basin_limit() {
            return Err(format!(
                "{} has {} basins over the limit",
                p.name,
                zoo.type_count()
            ));
        }
        for (cell, tile, _) in zoo.animals() {
            if !zoo.spaces().contains(&cell) {
                return Err(format!("{} has a tile off the zoo at {cell}", p.name));
            }
            for n in cell.neighbours() {
                if let Square::Animal { tile: other, .. } = zoo.square(n) {
                    if other.animal != tile.animal {
                        return Err(format!("{} has {cell} touching {n}", p.name));
                    }
                }
            }
        }
        for animal in zoo.types() {
            let cells: Vec<Cell> = zoo
                .animals()
                .filter(|(_, t, _)| t.animal == animal)
                .map(|(c, _, _)| c)
                .collect();
            let mut seen = vec![cells[0]];
            let mut queue = VecDeque::from([cells[0]]);
            while let Some(c) = queue.pop_front() {
                for n in c.neighbours() {
                    if cells.contains(&n) && !seen.contains(&n) {
                        seen.push(n);
                        queue.push_back(n);
                    }
                }
            }
            if seen.len() != cells.len() {
                return Err(format!("{}'s {animal} basin is split", p.name));
            }
        }
        if p.cashiers > 2 || p.keepers > 2 {
            return Err(format!("{} has too many cashiers or keepers", p.name));
        }
        for size in [Size::Small, Size::Large] {
            if zoo.expansion_count(size) > 2 {
                return Err(format!("{} has too many {size} expansions", p.name));
            }
        }
    }
    Ok(())
}

/// A random action from a small universe that holds legal and illegal ones.
fn random_candidate(rng: &mut ChaCha8Rng, players: usize) -> Action {
    let cell = |rng: &mut ChaCha8Rng| {
        Cell::new(rng.random_range(5..16), rng.random_range(5..16)).expect("on the grid")
    };
    let post = |rng: &mut ChaCha8Rng| match rng.random_range(0..4) {
        0 => Post::Cashier,
        1 => Post::Keeper,
        2 => Post::Manager,
        _ => Post::Trainer(cell(rng)),
    };
    match rng.random_range(0..9) {
        0 => Action::Draw {
            truck: rng.random_range(0..7),
        },
        1 => Action::Take {
            truck: rng.random_range(0..7),
        },
        2 => Action::Place {
            tile: if rng.random_bool(0.3) {
                None
            } else {
                Some(rng.random_range(0..5))
            },
            at: if rng.random_bool(0.2) {
                Target::Depot
            } else {
                Target::Cell(cell(rng))
            },
        },
        3 => {
            let role = Role::ALL[rng.random_range(0..4)];
            let at = if role == Role::Trainer || rng.random_bool(0.1) {
                Some(cell(rng))
            } else {
                None
            };
            Action::Hire { role, at }
        }
        4 => Action::MoveDepotTile { to: cell(rng) },
        5 => Action::MoveCoworker {
            from: post(rng),
            to: post(rng),
        },
        6 => Action::Buy {
            from: rng.random_range(0..players + 1),
            at: cell(rng),
        },
        7 => Action::Discard,
        _ => {
            let size = if rng.random_bool(0.5) {
                Size::Small
            } else {
                Size::Large
            };
            let (c, r) = (rng.random_range(5..15), rng.random_range(5..15));
            let mut cells: Vec<Cell> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .filter_map(|(dc, dr)| Cell::new(c + dc, r + dr))
                .collect();
            if size == Size::Small {
                cells.remove(rng.random_range(0..4));
            }
            Action::Expand { size, cells }
        }
    }
}

/// Plays one whole random game, checking every invariant after every action.
fn play_random_game(players: usize, seed: u64) -> Result<(), String> {
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let setup = Setup::new(names, seed);
    let mut game = Game::new(setup.clone()).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let initial = all_tiles(&game, 0);
    let mut ledger = Ledger {
        coins: players as i64,
        ..Ledger::default()
    };
    let mut log: Vec<(Seat, Action)> = Vec::new();

    for step in 0..MAX_ACTIONS {
        if game.is_over() {
            let replayed = Game::replay(setup, &log).map_err(|e| e.to_string())?;
            if replayed != game {
                return Err("the replay differs from the game".into());
            }
            let json = serde_json::to_string(&game).map_err(|e| e.to_string())?;
            let back: Game = serde_json::from_str(&json).map_err(|e| e.to_string())?;
            if back != game {
                return Err("the serde round trip differs".into());
            }
            if game.standings(&[]).winners().is_empty() {
                return Err("a finished game has no winner".into());
            }
            return Ok(());
        }
        let Some(seat) = game.to_act() else {
            return Err("a running game has nobody to act".into());
        };
        // Exactly one player may act.
        for s in 0..players {
            let legal = game.legal_actions(s);
            if (s == seat) == legal.is_empty() {
                return Err(format!(
                    "step {step}: seat {s} has {} legal actions while {seat} is to act",
                    legal.len()
                ));
            }
        }
        let legal = game.legal_actions(seat);
        // Never offers a refused action.
        for a in &legal {
            if let Err(r) = game.clone().apply(seat, a) {
                return Err(format!("step {step}: offered {a:?} but refused: {r}"));
            }
        }
        // Never misses one that apply accepts; refusals change nothing.
        for _ in 0..12 {
            let candidate = random_candidate(&mut rng, players);
            let mut copy = game.clone();
            match copy.apply(seat, &candidate) {
                Ok(_) if !legal.contains(&candidate) => {
                    // Non-canonical forms (`tile` left out) are accepted too.
                    let canonical = matches!(candidate, Action::Place { tile: None, .. })
                        && game.pending().offspring.is_empty();
                    if !canonical {
                        return Err(format!(
                            "step {step}: {candidate:?} accepted but not offered"
                        ));
                    }
                }
                Ok(_) => {}
                Err(_) if copy != game => {
                    return Err(format!(
                        "step {step}: refused {candidate:?} changed the game"
                    ));
                }
                Err(_) => {}
            }
            // Another seat is always refused, and changes nothing.
            let other = (seat + 1 + rng.random_range(0..players - 1)) % players;
            let mut copy = game.clone();
            if copy.apply(other, &candidate).is_ok() || copy != game {
                return Err(format!("step {step}: seat {other} acted out of turn"));
            }
        }
        // Pick a category, then an action in it, so that rare moves get played.
        let mut cats: Vec<usize> = legal.iter().map(kind).collect();
        cats.sort();
        cats.dedup();
        let cat = cats[rng.random_range(0..cats.len())];
        let choices: Vec<&Action> = legal.iter().filter(|a| kind(a) == cat).collect();
        let action = choices[rng.random_range(0..choices.len())].clone();
        let events = game
            .apply(seat, &action)
            .map_err(|r| format!("step {step}: legal {action:?} refused: {r}"))?;
        ledger.record(&events);
        log.push((seat, action));

        // Every tile in exactly one place.
        let now = all_tiles(&game, ledger.coin_tiles_taken);
        if now != initial {
            return Err(format!("step {step}: tiles are not conserved"));
        }
        // Coins add up.
        let coins: i64 = game.players().iter().map(|p| p.coins as i64).sum();
        if coins != ledger.coins {
            return Err(format!(
                "step {step}: coins {coins} but the events say {}",
                ledger.coins
            ));
        }
        // Coworkers add up.
        let working: u32 = game.players().iter().map(|p| p.coworkers() as u32).sum();
        let total = working + game.coworker_supply() as u32 + game.pending().coworkers as u32;
        if total != 16 {
            return Err(format!("step {step}: {total} coworkers instead of 16"));
        }
        check_basins(&game).map_err(|e| format!("step {step}: {e}"))?;
        // Replay equals the state, now and then mid-game.
        if step % 97 == 0 {
            let replayed = Game::replay(setup.clone(), &log).map_err(|e| e.to_string())?;
            if replayed != game {
                return Err(format!("step {step}: the replay differs"));
            }
        }
    }
    Err(format!("the game did not end within {MAX_ACTIONS} actions"))
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_two_player_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game(2, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_three_player_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game(3, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_four_player_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game(4, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_five_player_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game(5, seed).map_err(TestCaseError::fail)?;
    }
}
