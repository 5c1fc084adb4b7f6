//! The help and the rules in short: sentences a player reads, kept in one place.

use std::fmt::Write as _;

/// The front end a referee answers: where its help is read, and how its
/// answers can point to more (a command to type, or controls to press).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Front {
    #[default]
    Discord,
    /// Local play: commands typed, moves played by their numbers.
    Terminal,
}

/// The command list, opening with what the front end's newcomer needs first.
pub fn help_text(front: Front) -> String {
    match front {
        Front::Discord => discord_help(),
        Front::Terminal => terminal_help(),
    }
}

/// The terminal's help: how to begin and to play by numbers, then the
/// commands as typed there.
fn terminal_help() -> String {
    "How to begin: type the players' names at the names prompt, one a line or several separated by commas \
     (cpu:easy, cpu:normal or cpu:strong seats a computer player), then Enter to start; \
     a game left open is continued when you start again.\n\
     How to play by numbers: type moves to see what the player to act can do, each move with a number, \
     and type a number to play that move; a line like '4-43. expand small: 40 placements' folds alike moves, \
     and moves expand small lists them with their numbers. undo takes your move back.\n\
     Commands are typed without /aq, and a command's one option may be given bare: \
     draw 2, take 1, place K11, hire cashier, zoo ana, rules money. 'ben: take 1' acts as ben.\n\
     \n\
     Moves (the player to act):\n\
     /aq draw truck:<n> - add the top tile to a truck (A)\n\
     /aq take truck:<n> - take a truck (B); then place its tiles\n\
     /aq place at:<cell|depot> [tile:<n>] - place a waiting tile or offspring\n\
     /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - place a coworker just gained\n\
     /aq move from:depot to:<cell> - top depot tile into the zoo, 1 coin\n\
     /aq move from:<cell|role> to:<cell|role> - move a coworker, 1 coin\n\
     /aq buy from:<player> at:<cell> - top tile of their depot, 2 coins\n\
     /aq discard - top tile of your depot leaves the game, 2 coins\n\
     /aq expand size:<small|large> cells:\"<cells>\" - 1 or 2 coins\n\
     /aq undo - take back your last move (again: the one before), until another player acts or a tile is drawn\n\
     /aq moves [of:<family>] - the legal moves, numbered - /aq hint - a suggested move\n\
     Looking: /aq board - /aq zoo [player] - /aq score - /aq rules [topic] - /aq settings\n\
     The past: /aq history [move:<n>] [game:<id>] - /aq games [page:<n>] - /aq stats [player]\n\
     Files: /aq replay [game:<id>] [speed:<slow|normal|fast>] --out game.gif - /aq export [game:<id>] --out game.json\n\
     The table: /aq new [removed:\"penguin hippo\"] [first:<player>] [seed:<n>] - /aq join - /aq leave - /aq start - /aq abandon\n\
     /aq addbot [level:<easy|normal|strong>] - /aq removebot - seat or remove a computer player\n\
     quit leaves; the game is saved and continues next time."
        .to_string()
}

/// Discord's help: how to begin, in three lines, then every command in the
/// form Discord shows it (`/aq game new`), grouped as there.
fn discord_help() -> String {
    "To begin: /aq game new opens a game in this channel; the others tap Join (or /aq game join), and its creator taps Start.\n\
     On your turn, tap the buttons under the table: they offer exactly your legal moves. Or type /aq draw, /aq take, /aq place...\n\
     /aq moves lists your legal moves, /aq hint suggests one, /aq rules explains the game.\n\
     \n\
     Moves (the player to act):\n\
     /aq draw truck:<n> - add the top tile to a truck (A)\n\
     /aq take truck:<n> - take a truck (B); then place its tiles\n\
     /aq place at:<cell|depot> [tile:<n>] - place a waiting tile or offspring\n\
     /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - place a coworker just gained\n\
     /aq move from:depot to:<cell> - top depot tile into the zoo, 1 coin\n\
     /aq move from:<cell|role> to:<cell|role> - move a coworker, 1 coin\n\
     /aq buy from:<player> at:<cell> - top tile of their depot, 2 coins\n\
     /aq discard - top tile of your depot leaves the game, 2 coins\n\
     /aq expand size:<small|large> cells:\"<cells>\" - 1 or 2 coins\n\
     /aq undo - take back your last move, until another player acts or a tile is drawn\n\
     Looking: /aq board - /aq zoo [player] - /aq score - /aq moves - /aq hint - /aq history [move:<n>] [game:<id>] - /aq rules [topic] - /aq help\n\
     Waiting: /aq mygames - where you must act; /aq nudge - remind the player to act; /aq notify dm:<true|false> - a DM when your turn starts\n\
     The table: /aq game new [removed:\"penguin hippo\"] [first:<player>] [seed:<n>] [deck:<tiles>] - /aq game join - /aq game leave - /aq game start - /aq game abandon\n\
     /aq game addbot [level:<easy|normal|strong>] - /aq game removebot - computer players (the lobby's creator)\n\
     /aq game settings [reminders:<12h|off>] [turn_limit:<2d|off>] [hints:<true|false>] - /aq game kick - vote out a player past the turn limit\n\
     The past: /aq past games [page:<n>] - /aq past replay [game:<id>] [speed:<slow|normal|fast>] - /aq past export [game:<id>] - /aq past stats [player]\n\
     The terminal, scripts and game records use the same words without the group word: new, join, replay."
        .to_string()
}

/// The rules in short, by topic.
pub fn rules_text(topic: Option<&str>) -> String {
    let topics: &[(&str, &str)] = &[
        ("turn", "On your turn do one thing: draw the top tile onto a truck with room (/aq draw), take a truck with at least one tile and place its tiles (/aq take, then /aq place), or pay for one money action. Once you have taken a truck you sit out the rest of the round. The last player without a truck takes turn after turn. The round ends when everyone has a truck; whoever took the last one starts the next."),
        ("basins", "A basin is all your tiles of one animal; it must stay connected, edge to edge. A new animal starts a basin only while you have fewer types than your limit (3, +1 per large expansion). Tiles of different animals must never share an edge (corners are fine). Any animal may go to your depot instead."),
        ("bonuses", "When a basin reaches 3, 6, 9 or 12 tiles you get a coin; at 5 and 10 a coworker, placed at once. A fertile male and female in one basin breed at once: the offspring must join that basin if it can, else it goes to the depot. Each fertile animal breeds once."),
        ("coworkers", "Cashiers (2 at most) score 1 point per coin each; keepers (2 at most) 1 per fish tile each; the manager (1) halves the depot's minus points; trainers stand on empty spaces and score 1 per dolphin, orca or sea lion without a bolt on the 8 squares around."),
        ("money", "Money actions, one per turn, never after taking a truck: move the top depot tile into your zoo or a coworker (1 coin); buy the top tile of another depot into your zoo (2 coins: 1 to them, 1 to the bank); discard your top depot tile (2 coins); add a small (1 coin, 3 spaces) or large (2 coins, 4 spaces, +1 basin) expansion touching your zoo."),
        ("end", "Drawing the first reserve tile makes the round the last. Scoring: 1 per animal in the zoo, plus cashiers, keepers and trainers, minus 2 per animal type in the depot (1 with a manager). Most points wins; ties go to the most coins."),
        ("two", "With 2 players: 3 trucks with 2, 1 and 3 usable spaces; when both players have a truck, the tiles left on the third truck leave the game."),
    ];
    match topic.map(|t| t.trim().to_ascii_lowercase()) {
        Some(t) => match topics
            .iter()
            .find(|(name, _)| t.starts_with(name) || name.starts_with(t.as_str()))
        {
            Some((name, body)) => format!("Rules - {name}: {body}"),
            None => format!(
                "No topic '{t}'. Topics: {}.",
                topics
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        None => {
            let mut out = String::from(
                "Aquaretto in short (topics: turn, basins, bonuses, coworkers, money, end, two):\n",
            );
            for (name, body) in topics {
                let _ = writeln!(out, "- {name}: {body}");
            }
            out.trim_end().to_string()
        }
    }
}
