//! The command language of docs/commands.md as a typed value, and the parser
//! for its text form (`/aq take truck:2`, `/aq expand size:large cells:"N10 N11
//! O10 O11"`), shared by the terminal, scripts and tests. Discord builds the
//! same [`Command`] from slash-command options, and [`Command::to_text`] writes
//! any command back in the text form that the move log stores.
//!
//! A command whose one option a person always gives takes its value bare
//! (`draw 2` is `draw truck:2`, `rules money` is `rules topic:money`; see
//! [`bare_option`]). Only the reading is lenient: `to_text`, and so the move
//! log and the game record, always write options by name.

use crate::cpu::Level;
use crate::engine::{Animal, Cell, Role, Size, Target};
use crate::tournament::season::SeasonLength;
use crate::tournament::FormatKind;
use std::fmt::Write as _;

mod action;
mod error;
mod parse;
mod table;
mod values;
pub use action::NotAnAction;
pub use error::ParseError;
pub use parse::{parse, place_target};
pub use table::{discord_path, find, group_commands, Group, Spec, COMMANDS};
pub use values::{ClockChoice, Every, ReplaySpeed, Until, MAX_INTERVAL_MS, MIN_INTERVAL_MS};

/// A player as a command names them: a name, a Discord mention `<@123>` or an id.
pub type PlayerRef = String;

/// Where a coworker is moved from or to: a role, or a trainer's cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    Depot,
    Cell(Cell),
    Role(Role),
}

/// One command of the language, before the referee checks who may give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    New {
        removed: Option<Vec<Animal>>,
        first: Option<PlayerRef>,
        seed: Option<u64>,
        /// A stacked deck (tiles top first, `reserve` before the reserve): an
        /// extension for puzzles and tests.
        deck: Option<String>,
    },
    Join,
    Leave,
    Start,
    Abandon,
    /// Seats a computer player in the lobby (its creator); `normal` when no
    /// level is given.
    AddBot {
        level: Option<Level>,
    },
    /// Takes the computer player seated last out of the lobby (its creator).
    RemoveBot,
    /// Opens a new game after the channel's finished one: the same players
    /// and settings, the seats turned by one (a player of that game).
    Rematch,
    Draw {
        truck: usize,
    },
    Take {
        truck: usize,
    },
    Place {
        at: Target,
        tile: Option<usize>,
    },
    Hire {
        role: Role,
        at: Option<Cell>,
    },
    Move {
        from: Spot,
        to: Spot,
    },
    Buy {
        from: PlayerRef,
        at: Cell,
    },
    Discard,
    Expand {
        size: Size,
        cells: Vec<Cell>,
    },
    /// Takes back the player's last move (repeated: the moves before it), as
    /// long as nobody else has acted and no tile was drawn since.
    Undo,
    /// Lists the legal moves of whoever must act, as command text, long
    /// families of alike moves each in one line.
    Moves,
    /// Lists one family of those moves in full (`moves expand`): the moves
    /// whose family's words begin with `of`. A variant of its own, so that
    /// the plain `Moves` stays what every front end already builds.
    MovesOf {
        of: String,
    },
    /// Privately suggests a move to the player to act, with a reason.
    Hint,
    /// Shows the game's settings, or changes those given (its creator or a
    /// channel manager).
    Settings {
        reminders: Option<Every>,
        turn_limit: Option<Every>,
        hints: Option<bool>,
        /// The game's language for its public messages: a code of the
        /// catalogue (`en`, `ja`, `de`), checked by the referee.
        language: Option<String>,
        /// How long an away player's turn waits before the computer plays
        /// it; `off`: it waits for them.
        away: Option<Every>,
        /// Each seat's clock: a named pace, or `off`.
        clock: Option<ClockChoice>,
        /// Whether the clocks stand still at weekends (Saturday and Sunday,
        /// UTC).
        weekend_pause: Option<bool>,
        /// Whether time away stops a person's clock (within their yearly
        /// allowance).
        vacations: Option<bool>,
    },
    /// Reminds the player to act (any seated player, once an hour).
    Nudge,
    /// Lists the games where the asker must act.
    MyGames,
    /// Shows the asker's language and the choices, or sets it (`set:<code>`,
    /// checked by the referee).
    Language {
        set: Option<String>,
    },
    /// Turns direct-message turn alerts on or off for the asker, and the
    /// heads-up when the player before them starts a turn; with neither,
    /// shows them.
    Notify {
        dm: Option<bool>,
        before: Option<bool>,
    },
    /// Marks the asker away until a time (no reminders, nudges or turn
    /// alerts), or back; with no time, shows it.
    Away {
        until: Option<Until>,
    },
    /// Votes to remove the player to act, once past the turn limit.
    Kick,
    Board,
    /// The whole table in words, read in order for a screen reader (`board
    /// text`): trucks, then each player's zoo by basin, depot, coworkers and
    /// score.
    BoardText,
    Zoo {
        player: Option<PlayerRef>,
    },
    Score,
    History {
        move_n: Option<u32>,
        game: Option<i64>,
    },
    /// The server's games, newest first, a page at a time (1 the newest).
    Games {
        page: Option<u32>,
    },
    /// The game record (docs/commands.md) as a JSON file.
    Export {
        game: Option<i64>,
    },
    /// The whole game as an animated picture.
    Replay {
        game: Option<i64>,
        speed: Option<ReplaySpeed>,
    },
    /// A finished game's review: each player's costliest decisions by the
    /// strong computer player's judgement, with pictures of one player's.
    Review {
        game: Option<i64>,
        player: Option<PlayerRef>,
    },
    /// The place's finished games in numbers and its leaderboard, or one
    /// player's numbers.
    Stats {
        player: Option<PlayerRef>,
    },
    Rules {
        topic: Option<String>,
    },
    Help,
    /// Every link to the channel's game on the web stops working (its
    /// creator or a channel manager), or the asker's own links to play it
    /// (a player); with `server`, every link to the server's page (those
    /// who may manage the server).
    WebReset {
        server: bool,
    },
    /// The channel's tournament: open one, sign up or withdraw, see the
    /// standings, end it (`tournament new`, `tournament join`...).
    Tournament(TournamentAction),
    /// The place's leaderboard for a season: `which` as typed (`this`, the
    /// default; `last`; a month `2026-11` or a quarter `2026-Q4`); with
    /// `length`, the length of its seasons from now on (those who may
    /// manage the server).
    Season {
        which: Option<String>,
        length: Option<SeasonLength>,
    },
}

/// What `tournament` does: its option `action`, given bare (`tournament
/// join`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentAction {
    /// Opens a tournament in the channel, signing up; every setting left
    /// out takes its default (the referee's `tournaments.rs` states them).
    New(TournamentSettings),
    /// Signs the asker up.
    Join,
    /// Takes the asker off the list, while sign-up is open.
    Leave,
    /// Closes sign-up and opens the first round (its organiser or a
    /// channel manager).
    Start,
    /// The standings so far.
    Standings,
    /// Drops a player from the tournament (its organiser or a channel
    /// manager): `player` as typed (a name, or a mention).
    Drop { player: String },
    /// Extends the round under way once, by the tournament's deadline (its
    /// organiser or a channel manager).
    Extend,
    /// Ends the tournament (its organiser or a channel manager).
    End,
}

impl TournamentAction {
    /// Every action's word, in the usage's order.
    pub const WORDS: [&'static str; 8] = [
        "new",
        "join",
        "leave",
        "start",
        "standings",
        "drop",
        "extend",
        "end",
    ];

    pub fn word(&self) -> &'static str {
        match self {
            TournamentAction::New(_) => "new",
            TournamentAction::Join => "join",
            TournamentAction::Leave => "leave",
            TournamentAction::Start => "start",
            TournamentAction::Standings => "standings",
            TournamentAction::Drop { .. } => "drop",
            TournamentAction::Extend => "extend",
            TournamentAction::End => "end",
        }
    }
}

/// `tournament new`'s settings, as given (`None`: the default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TournamentSettings {
    pub name: Option<String>,
    pub format: Option<FormatKind>,
    /// Players at a table, 2 to 5.
    pub size: Option<u8>,
    /// A Swiss tournament's rounds.
    pub rounds: Option<u32>,
    /// The games' clocks.
    pub clock: Option<ClockChoice>,
    /// How long a round lasts.
    pub deadline: Option<Every>,
    /// Whether its games count in the ratings.
    pub rated: Option<bool>,
    /// Whether `away` pauses its games' clocks.
    pub vacations: Option<bool>,
    /// Sign-up closes by itself this long after the tournament opens (once
    /// two have signed up).
    pub closes: Option<Every>,
    /// Sign-up closes by itself once this many have signed up.
    pub players: Option<u32>,
}

impl TournamentSettings {
    /// The options only `tournament new` takes.
    pub const OPTIONS: [&'static str; 10] = [
        "name",
        "format",
        "size",
        "rounds",
        "clock",
        "deadline",
        "rated",
        "vacations",
        "closes",
        "players",
    ];
}

/// Every option the text form of a command takes, and the required ones;
/// `None` for a name that is no command.
fn options_of(name: &str) -> Option<(Vec<&'static str>, &'static [&'static str])> {
    let spec = find(name)?;
    Some((spec.every_option(), spec.required))
}

/// The option a bare value fills (`draw 2`, `zoo ana`, `rules money`): the
/// one option a person always gives, that is the command's only required
/// option, or its only option when none is required. `None` when a bare
/// value would be a guess (`history 3`: a move or a game? `replay fast`
/// beside `game`) or the command takes no options.
///
/// So: `draw`, `take` (truck), `place` (at), `hire` (as), `addbot` (level),
/// `language` (set), `zoo`, `stats` (player), `games` (page), `export` (game),
/// `rules` (topic), `moves` (of), `away` (until) and `board` (text: `board
/// text`); `notify` (dm), whose
/// bare `on` or `off` has always meant direct messages, beside `before`;
/// and `season` (which: `season last`), whose `length` is a setting said
/// by its name.
pub fn bare_option(name: &str) -> Option<&'static str> {
    match name {
        "notify" => return Some("dm"),
        "season" => return Some("which"),
        _ => {}
    }
    let (all, required) = options_of(name)?;
    match (required, all.as_slice()) {
        ([one], _) => Some(one),
        ([], [one]) => Some(one),
        _ => None,
    }
}

impl Command {
    /// Whether this command changes a game (and so is stored in the move log).
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Command::Draw { .. }
                | Command::Take { .. }
                | Command::Place { .. }
                | Command::Hire { .. }
                | Command::Move { .. }
                | Command::Buy { .. }
                | Command::Discard
                | Command::Expand { .. }
        )
    }

    /// Whether the command only looks (its answers are private, it changes
    /// nothing): its row of [`COMMANDS`] says.
    pub fn only_looks(&self) -> bool {
        self.spec().looks
    }

    /// [`Command::to_text`] without its `/aq `: `draw truck:1`, as the
    /// terminal, the moves list and the web pages write a move.
    pub fn words(&self) -> String {
        self.to_text().trim_start_matches("/aq ").to_string()
    }

    /// The command in its text form, as a player would type it: its name,
    /// then the options given, each by name (`/aq take truck:2`).
    pub fn to_text(&self) -> String {
        let mut s = format!("/aq {}", self.name());
        for (option, value) in self.options() {
            if let Some(value) = value {
                // Writing to a String cannot fail.
                let _ = write!(s, " {option}:{value}");
            }
        }
        s
    }

    /// The command's name in the command language (`moves` also for
    /// [`Command::MovesOf`], `reset` for [`Command::WebReset`]).
    fn name(&self) -> &'static str {
        self.spec().name
    }

    /// Every option the command has, by name, with its value as the text
    /// form writes it (quoted when it holds white space); `None` when not
    /// given.
    fn options(&self) -> Vec<(&'static str, Option<String>)> {
        if self.is_move() {
            return self.move_options();
        }
        let text = |v: &Option<String>| v.as_deref().map(quote);
        match self {
            Command::New {
                removed,
                first,
                seed,
                deck,
            } => {
                let removed = removed.as_ref().map(|r| {
                    let words: Vec<&str> = r.iter().map(|a| a.word()).collect();
                    quote(&words.join(" "))
                });
                let seed = seed.map(|n| n.to_string());
                vec![
                    ("removed", removed),
                    ("first", text(first)),
                    ("seed", seed),
                    ("deck", text(deck)),
                ]
            }
            Command::AddBot { level } => vec![("level", level.map(|l| l.to_string()))],
            Command::Settings {
                reminders,
                turn_limit,
                hints,
                language,
                away,
                clock,
                weekend_pause,
                vacations,
            } => vec![
                ("reminders", reminders.map(|r| r.to_string())),
                ("turn_limit", turn_limit.map(|t| t.to_string())),
                ("hints", hints.map(|h| on_off(h).to_string())),
                ("language", text(language)),
                ("away", away.map(|a| a.to_string())),
                ("clock", clock.map(|c| c.to_string())),
                (
                    "weekend_pause",
                    weekend_pause.map(|w| on_off(w).to_string()),
                ),
                ("vacations", vacations.map(|v| on_off(v).to_string())),
            ],
            Command::MovesOf { of } => vec![("of", Some(quote(of)))],
            Command::BoardText => vec![("text", Some(on_off(true).to_string()))],
            Command::Language { set } => vec![("set", text(set))],
            Command::Notify { dm, before } => vec![
                ("dm", dm.map(|d| on_off(d).to_string())),
                ("before", before.map(|b| on_off(b).to_string())),
            ],
            Command::Away { until } => vec![("until", until.map(|u| u.to_string()))],
            Command::Zoo { player } | Command::Stats { player } => vec![("player", text(player))],
            Command::History { move_n, game } => vec![
                ("move", move_n.map(|n| n.to_string())),
                ("game", game.map(|g| g.to_string())),
            ],
            Command::Games { page } => vec![("page", page.map(|p| p.to_string()))],
            Command::Export { game } => vec![("game", game.map(|g| g.to_string()))],
            Command::Replay { game, speed } => vec![
                ("game", game.map(|g| g.to_string())),
                ("speed", speed.map(|v| v.word().to_string())),
            ],
            Command::Review { game, player } => vec![
                ("game", game.map(|g| g.to_string())),
                ("player", text(player)),
            ],
            Command::Rules { topic } => vec![("topic", text(topic))],
            Command::WebReset { server } => {
                vec![("what", server.then(|| "server".to_string()))]
            }
            Command::Tournament(action) => {
                let mut options = vec![("action", Some(action.word().to_string()))];
                if let TournamentAction::New(s) = action {
                    options.extend([
                        ("name", text(&s.name)),
                        ("format", s.format.map(|f| f.word().to_string())),
                        ("size", s.size.map(|n| n.to_string())),
                        ("rounds", s.rounds.map(|n| n.to_string())),
                        ("clock", s.clock.map(|c| c.to_string())),
                        ("deadline", s.deadline.map(|d| d.to_string())),
                        ("rated", s.rated.map(|r| on_off(r).to_string())),
                        ("vacations", s.vacations.map(|v| on_off(v).to_string())),
                        ("closes", s.closes.map(|c| c.to_string())),
                        ("players", s.players.map(|n| n.to_string())),
                    ]);
                }
                if let TournamentAction::Drop { player } = action {
                    options.push(("player", Some(player.clone())));
                }
                options
            }
            Command::Season { which, length } => vec![
                ("which", text(which)),
                ("length", length.map(|l| l.word().to_string())),
            ],
            // The commands without options.
            _ => Vec::new(),
        }
    }

    /// [`Command::options`] of a move.
    fn move_options(&self) -> Vec<(&'static str, Option<String>)> {
        let given = |v: &dyn std::fmt::Display| Some(v.to_string());
        match self {
            Command::Draw { truck } | Command::Take { truck } => vec![("truck", given(truck))],
            Command::Place { at, tile } => vec![
                ("at", Some(target_word(*at))),
                ("tile", tile.map(|t| t.to_string())),
            ],
            Command::Hire { role, at } => {
                vec![("as", given(role)), ("at", at.map(|c| c.to_string()))]
            }
            Command::Move { from, to } => vec![
                ("from", Some(spot_word(*from))),
                ("to", Some(spot_word(*to))),
            ],
            Command::Buy { from, at } => vec![("from", Some(quote(from))), ("at", given(at))],
            Command::Expand { size, cells } => {
                let list: Vec<String> = cells.iter().map(Cell::to_string).collect();
                vec![
                    ("size", given(size)),
                    ("cells", Some(quote(&list.join(" ")))),
                ]
            }
            // `discard`, the one move without options.
            _ => Vec::new(),
        }
    }
}

/// A value as the text form writes it: in quotes when it holds white space.
fn quote(v: &str) -> String {
    if v.contains(char::is_whitespace) {
        format!("\"{v}\"")
    } else {
        v.to_string()
    }
}

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

fn target_word(t: Target) -> String {
    t.to_string()
}

fn spot_word(s: Spot) -> String {
    match s {
        Spot::Depot => "depot".into(),
        Spot::Cell(c) => c.to_string(),
        Spot::Role(r) => r.to_string(),
    }
}

/// One line of usage for a command (its row's), or the pointer to the help.
pub fn usage(name: &str) -> &'static str {
    find(name).map_or("/aq help lists every command", Spec::usage_line)
}

#[cfg(test)]
mod tests;
