//! What happened in a game, one event at a time.

use super::refusal::size;
use super::*;

/// What one move did: its events in order, each a sentence (not whose turn
/// is next, which a narration says once, after its last move, nor that the
/// game is over, which [`game_over`] says with who won). The one narration
/// of moves: the answer to a move, the history, the web page's list of
/// moves and a replay's captions.
pub fn told(events: &[Event], names: &[String]) -> Vec<Text> {
    events
        .iter()
        .filter(|e| !matches!(e, Event::Turn { .. } | Event::GameOver))
        .map(|e| event(e, names))
        .collect()
}

/// The end of a game and who won, from its standings (the seats voted out
/// ranked last): "The game is over: ana wins!".
pub fn game_over(standings: &Standings, names: &[String]) -> Text {
    let name = |seat: &Seat| s(names.get(*seat).map_or("?", String::as_str));
    match standings.winners().as_slice() {
        [] => Text::msg("event-game-over"),
        [one] => Text::msg("event-game-over-winner").arg("name", name(one)),
        many => {
            let winners: Vec<Text> = many
                .iter()
                .map(|w| Text::Raw(names.get(*w).map_or("?", String::as_str).to_string()))
                .collect();
            Text::msg("event-game-over-shared").arg("names", and_list(winners))
        }
    }
}

/// [`told`] as one line.
pub fn narrate(events: &[Event], names: &[String]) -> Text {
    Text::words(told(events, names))
}

/// One event of the game, with the players' names.
pub fn event(e: &Event, names: &[String]) -> Text {
    let who = |seat: &Seat| s(names.get(*seat).map_or("?", String::as_str));
    match e {
        Event::Drew {
            player,
            tile,
            truck,
            from_reserve,
        } => Text::msg(if *from_reserve {
            "event-drew-reserve"
        } else {
            "event-drew"
        })
        .arg("name", who(player))
        .arg("tile", tile_phrase(*tile))
        .arg("truck", *truck),
        Event::LastRound => Text::msg("event-last-round"),
        Event::TookTruck {
            player,
            truck,
            tiles,
        } => Text::msg("event-took-truck")
            .arg("name", who(player))
            .arg("truck", *truck)
            .arg(
                "tiles",
                comma_list(tiles.iter().map(|t| tile_phrase(*t)).collect()),
            ),
        Event::CoinTile { player } => Text::msg("event-coin-tile").arg("name", who(player)),
        Event::Placed { player, tile, cell } => Text::msg("event-placed")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile))
            .arg("cell", s(cell)),
        Event::ToDepot { player, tile } => Text::msg("event-to-depot")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile)),
        Event::CoinBonus {
            player,
            animal: a,
            size,
        } => Text::msg("event-coin-bonus")
            .arg("name", who(player))
            .arg("animal", animal(*a))
            .arg("size", *size),
        Event::CoworkerBonus {
            player,
            animal: a,
            size,
        } => Text::msg("event-coworker-bonus")
            .arg("name", who(player))
            .arg("animal", animal(*a))
            .arg("size", *size),
        Event::NoCoworkerLeft { player } => {
            Text::msg("event-no-coworker-left").arg("name", who(player))
        }
        Event::Offspring { player, animal: a } => Text::msg("event-offspring")
            .arg("name", who(player))
            .arg("a-animal", a_animal(*a)),
        Event::Hired { player, post } => match post {
            Post::Trainer(cell) => Text::msg("event-hired-trainer")
                .arg("name", who(player))
                .arg("cell", s(cell)),
            other => Text::msg("event-hired")
                .arg("name", who(player))
                .arg("role", role(other.role())),
        },
        Event::CoworkerReturned { player } => {
            Text::msg("event-coworker-returned").arg("name", who(player))
        }
        Event::MovedCoworker { player, from, to } => Text::msg("event-moved-coworker")
            .arg("name", who(player))
            .arg("from", s(from))
            .arg("to", s(to)),
        Event::Bought {
            player,
            seller,
            tile,
            cell,
        } => Text::msg("event-bought")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile))
            .arg("seller", who(seller))
            .arg("cell", s(cell)),
        Event::Discarded { player, tile } => Text::msg("event-discarded")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile)),
        Event::Expanded {
            player,
            size: sz,
            cells,
        } => Text::msg("event-expanded")
            .arg("name", who(player))
            .arg("size", size(*sz))
            .arg("cells", s(join_cells(cells))),
        Event::Paid { player, coins } => Text::msg("event-paid")
            .arg("name", who(player))
            .arg("count", *coins),
        Event::Turn { player } => Text::msg("event-turn").arg("name", who(player)),
        Event::RoundEnded { round, cleared } => {
            if cleared.is_empty() {
                Text::msg("event-round-ended").arg("round", *round)
            } else {
                Text::msg("event-round-ended-cleared")
                    .arg("round", *round)
                    .arg(
                        "tiles",
                        and_list(cleared.iter().map(|t| tile_phrase(*t)).collect()),
                    )
            }
        }
        Event::RoundStarted { round, first } => Text::msg("event-round-started")
            .arg("round", *round)
            .arg("name", who(first)),
        // Who won is the standings' to say: [`game_over`].
        Event::GameOver => Text::msg("event-game-over"),
    }
}
