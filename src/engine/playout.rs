//! Random legal play: for benchmarks, galleries of typical positions, and
//! opponents in tests. Seeded, so the same seed plays the same game.

use super::action::{Action, Seat};
use super::game::Game;
use super::setup::Setup;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The kind of an action, for picking kinds evenly: draw, take, placing,
/// moving, buying or discarding, expanding.
pub fn kind(action: &Action) -> usize {
    match action {
        Action::Draw { .. } => 0,
        Action::Take { .. } => 1,
        Action::Place { .. } | Action::Hire { .. } => 2,
        Action::MoveDepotTile { .. } | Action::MoveCoworker { .. } => 3,
        Action::Buy { .. } | Action::Discard => 4,
        Action::Expand { .. } => 5,
    }
}

/// Picks a random legal action: first a kind of action, then one of that kind,
/// so that rare moves (hiring, buying) get played as often as common ones.
pub fn random_action(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let mut kinds: Vec<usize> = legal.iter().map(kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    if kinds.is_empty() {
        return None;
    }
    let chosen = kinds[rng.random_range(0..kinds.len())];
    let of_kind: Vec<&Action> = legal.iter().filter(|a| kind(a) == chosen).collect();
    Some(of_kind[rng.random_range(0..of_kind.len())].clone())
}

/// Plays a whole random game from the setup; returns the final game and its log.
pub fn random_game(setup: Setup, rng_seed: u64) -> (Game, Vec<(Seat, Action)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let mut game = match Game::new(setup) {
        Ok(game) => game,
        Err(e) => panic!("random_game: {e:?}"),
    };
    let mut log = Vec::new();
    while let Some(seat) = game.to_act() {
        let Some(action) = random_action(&game, seat, &mut rng) else {
            break;
        };
        if game.apply(seat, &action).is_err() {
            break;
        }
        log.push((seat, action));
    }
    (game, log)
}
