//! The sentences on controls and the private panels they open: labels of
//! buttons and menus, and the question each step asks, in the game's words.

use super::*;

pub(super) fn post_label(post: Post) -> String {
    match post {
        Post::Trainer(c) => format!("Trainer on {c}"),
        other => capitalised(other.role().word()),
    }
}

/// " (tile)" for the taken truck's tile waiting in `slot` (from 1), or
/// nothing when there is none.
fn waiting_tile(game: &Game, slot: usize) -> String {
    (game.pending().truck_tiles)
        .get(slot.wrapping_sub(1))
        .copied()
        .flatten()
        .map_or_else(String::new, |t| format!(" ({t})"))
}

/// " tile" for the top of a seat's depot, or nothing when it is empty.
fn depot_top(game: &Game, seat: Seat) -> String {
    (game.player(seat))
        .and_then(|p| p.depot_top())
        .map_or_else(String::new, |t| format!(" {t}"))
}

/// The question a step's menu asks.
pub(super) fn step_question(view: &View, step: Step) -> String {
    let game = view.game;
    let seat = game.current();
    match step {
        Step::Place(Some(slot)) => {
            let tile = waiting_tile(game, slot);
            format!("Where does tile {slot}{tile} go?")
        }
        Step::Place(None) => {
            let animal = game.pending().offspring.first().map_or("", |a| a.name());
            format!("Where does the {animal} offspring go?")
        }
        Step::HireTrainer => "Where does the trainer stand?".into(),
        Step::MoveDepot => {
            let top = depot_top(game, seat);
            format!("Where does{top} from the depot go? (1 coin)")
        }
        Step::CoworkerFrom => "Which coworker moves? (1 coin)".into(),
        Step::CoworkerTo(from) => {
            format!(
                "Where does the {} go? (1 coin)",
                post_label(from).to_lowercase()
            )
        }
        Step::Buy(s) => {
            let tile = depot_top(game, s);
            format!(
                "Where does{tile} from {}'s depot go? (2 coins)",
                view.name(s)
            )
        }
        Step::Expand(size) => format!(
            "Where does the {size} expansion go? ({} coin{})",
            size.cost(),
            plural(size.cost() as usize)
        ),
    }
}

/// The label of a button that opens a step's menu.
pub(super) fn open_label(view: &View, step: Step) -> String {
    match step {
        Step::Place(Some(slot)) => {
            let tile = waiting_tile(view.game, slot);
            format!("Place tile {slot}{tile}")
        }
        Step::Place(None) => "Place the offspring".into(),
        Step::HireTrainer => "Hire a trainer".into(),
        other => step_question(view, other),
    }
}

pub(super) fn truck_tiles(game: &Game, truck: usize) -> Vec<Tile> {
    truck
        .checked_sub(1)
        .and_then(|i| game.trucks().get(i))
        .map(|t| t.tiles.clone())
        .unwrap_or_default()
}

pub(super) fn draw_label(game: &Game, truck: usize) -> String {
    let free = truck
        .checked_sub(1)
        .and_then(|i| game.trucks().get(i))
        .map_or(0, |t| t.capacity.saturating_sub(t.tiles.len()));
    format!(
        "Draw onto truck {truck} ({free} space{} left)",
        plural(free)
    )
}

pub(super) fn take_label(game: &Game, truck: usize) -> String {
    let tiles: Vec<String> = truck_tiles(game, truck)
        .iter()
        .map(ToString::to_string)
        .collect();
    format!("Take truck {truck} ({})", tiles.join(", "))
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Cuts a text to `max` characters with an ellipsis: only for labels whose
/// full text cannot be longer in practice (player names are at most 32
/// characters); the tests check that no label of a real game is cut.
pub(super) fn clip(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}
