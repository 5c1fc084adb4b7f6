//! A whole random game as a terminal script, for the tests and the kill
//! run that drive the binary's `play --script`.

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Game, Setup};

/// A whole random game as script lines `<name>: /aq <command>`, the first
/// name playing first, and its end.
pub fn script(names: &[&str], seed: u64) -> (Vec<String>, Game) {
    let mut setup = Setup::new(names.iter().copied(), seed);
    setup.first = Some(names[0].to_string());
    let (game, log) = random_game(setup, seed);
    let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let lines = log
        .iter()
        .map(|(seat, action)| {
            format!(
                "{}: {}",
                names[*seat],
                Command::from_action(action, &seat_names).to_text()
            )
        })
        .collect();
    (lines, game)
}
