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
mod tests {
    use super::*;

    #[test]
    fn every_command_reads_back_from_its_text_form() {
        let samples = [
            "/aq new removed:\"penguin hippo\" first:ana seed:42",
            "/aq join",
            "/aq draw truck:2",
            "/aq take truck:3",
            "/aq place at:K11 tile:2",
            "/aq place at:depot",
            "/aq hire as:trainer at:L12",
            "/aq hire as:cashier",
            "/aq move from:depot to:K10",
            "/aq move from:manager to:K12",
            "/aq move from:L12 to:keeper",
            "/aq buy from:ben at:K12",
            "/aq discard",
            "/aq expand size:large cells:\"N10 O10 N11 O11\"",
            "/aq undo",
            "/aq addbot level:strong",
            "/aq addbot",
            "/aq removebot",
            "/aq hint",
            "/aq moves",
            "/aq settings reminders:1d12h turn_limit:off hints:off",
            "/aq settings language:ja",
            "/aq language",
            "/aq language set:de",
            "/aq settings",
            "/aq nudge",
            "/aq mygames",
            "/aq review",
            "/aq review game:3 player:ana",
            "/aq notify dm:on",
            "/aq notify dm:off before:on",
            "/aq notify",
            "/aq away until:3d",
            "/aq away until:2026-12-24",
            "/aq away until:off",
            "/aq away",
            "/aq settings away:12h",
            "/aq settings clock:fast",
            "/aq settings clock:off weekend_pause:off",
            "/aq settings clock:slow weekend_pause:on",
            "/aq settings clock:normal vacations:off",
            "/aq kick",
            "/aq zoo player:ana",
            "/aq history move:3 game:7",
            "/aq games",
            "/aq games page:2",
            "/aq export",
            "/aq export game:3",
            "/aq replay",
            "/aq replay game:3 speed:fast",
            "/aq stats",
            "/aq stats player:\"ana maria\"",
            "/aq rules topic:scoring",
            "/aq help",
            "/aq board",
            "/aq board text:on",
            "/aq tournament action:new",
            "/aq tournament action:new name:Cup format:round_robin size:5 clock:off deadline:3d rated:off vacations:on",
            "/aq tournament action:join",
            "/aq tournament action:leave",
            "/aq tournament action:start",
            "/aq tournament action:standings",
            "/aq tournament action:drop player:ana",
            "/aq tournament action:extend",
            "/aq tournament action:end",
        ];
        for text in samples {
            let command = parse(text).unwrap();
            assert_eq!(command.to_text(), text);
        }
    }

    #[test]
    fn discord_forms_read_as_the_command_language() {
        assert_eq!(parse("/aq game join"), Ok(Command::Join));
        assert_eq!(parse("game START"), Ok(Command::Start));
        assert_eq!(
            parse("/aq past replay speed:fast"),
            parse("/aq replay speed:fast")
        );
        assert_eq!(
            parse("/aq game new seed:7").map(|c| c.to_text()),
            Ok("/aq new seed:7".to_string()),
            "the record keeps the command language's form"
        );
        // A group word alone, or before a command that is not in it, is no
        // command.
        assert!(parse("/aq game").is_err());
        assert!(parse("/aq game draw truck:1").is_err());
    }

    #[test]
    fn names_and_values_are_case_insensitive_and_aq_is_optional() {
        assert_eq!(parse("/AQ TAKE Truck:2"), Ok(Command::Take { truck: 2 }));
        assert_eq!(parse("take truck:2"), Ok(Command::Take { truck: 2 }));
        assert_eq!(
            parse("place at:k11"),
            Ok(Command::Place {
                at: Target::Cell("K11".parse().unwrap()),
                tile: None
            })
        );
    }

    #[test]
    fn a_place_may_carry_its_tile_as_autocomplete_offers_it() {
        let k11 = Target::Cell("K11".parse().unwrap());
        assert_eq!(
            parse("/aq place at:\"K11 tile:2\""),
            Ok(Command::Place {
                at: k11,
                tile: Some(2)
            })
        );
        assert_eq!(
            parse("/aq place at:\"depot TILE:1\" tile:1"),
            Ok(Command::Place {
                at: Target::Depot,
                tile: Some(1)
            })
        );
        let err = parse("/aq place at:\"K11 tile:2\" tile:1").unwrap_err();
        assert!(err.to_string().contains("name different tiles"), "{err}");
        let err = parse("/aq place at:\"K11 slot:2\"").unwrap_err();
        assert!(err.to_string().contains("is not a place"), "{err}");
        let err = parse("/aq place at:\"K11 tile:2 tile:3\"").unwrap_err();
        assert!(err.to_string().contains("is not a place"), "{err}");
    }

    #[test]
    fn durations_are_read_in_one_place() {
        assert_eq!(Every::parse("30m"), Ok(Every::After(1_800_000)));
        assert_eq!(Every::parse("12H"), Ok(Every::After(43_200_000)));
        assert_eq!(Every::parse(" 2d "), Ok(Every::After(172_800_000)));
        assert_eq!(Every::parse("1h30m"), Ok(Every::After(5_400_000)));
        assert_eq!(Every::parse("1m"), Ok(Every::After(60_000)));
        assert_eq!(Every::parse("off"), Ok(Every::Off));
        for bad in ["12x", "-1h", "12", "h", "", "1.5h", "1 h", "12h30"] {
            let err = Every::parse(bad).unwrap_err();
            assert!(
                err.to_string().contains("is not a duration"),
                "{bad}: {err}"
            );
        }
        let err = Every::parse("0m").unwrap_err();
        assert!(err.to_string().contains("at least 1m"), "{err}");
        let err = Every::parse(&"9".repeat(40)).unwrap_err();
        assert!(err.to_string().contains("is not a duration"), "{err}");
        let err = Every::parse("999999d").unwrap_err();
        assert!(err.to_string().contains("at most 60d"), "{err}");
        for text in ["1m", "12h", "1d12h", "2d", "1h30m", "off"] {
            let every = Every::parse(text).unwrap();
            assert_eq!(every.to_string(), text);
        }
        let err = parse("/aq settings reminders:12x").unwrap_err();
        assert!(err.to_string().contains("is not a duration"), "{err}");
        let err = parse("/aq notify dm:maybe").unwrap_err();
        assert!(err.to_string().contains("on or off"), "{err}");
    }

    #[test]
    fn a_clock_is_a_named_pace_or_off() {
        use crate::time_control::Pace;
        assert_eq!(
            parse("settings clock:FAST weekend_pause:on"),
            Ok(Command::Settings {
                reminders: None,
                turn_limit: None,
                hints: None,
                language: None,
                away: None,
                clock: Some(ClockChoice::Pace(Pace::Fast)),
                weekend_pause: Some(true),
                vacations: None,
            })
        );
        for choice in ClockChoice::ALL {
            assert_eq!(ClockChoice::parse(choice.word()), Ok(choice));
        }
        assert_eq!(ClockChoice::parse(" off "), Ok(ClockChoice::Off));
        assert_eq!(ClockChoice::Off.pace(), None);
        for bad in ["blitz", "3d", "", "on"] {
            let err = parse(&format!("/aq settings clock:{bad}")).unwrap_err();
            assert!(
                err.to_string().contains("fast, normal, slow or off"),
                "{bad}: {err}"
            );
        }
        let err = parse("/aq settings weekend_pause:sometimes").unwrap_err();
        assert!(err.to_string().contains("on or off"), "{err}");
    }

    #[test]
    fn the_one_option_a_person_gives_may_come_bare() {
        let bare_and_named = [
            ("draw 2", "/aq draw truck:2"),
            ("take 1", "/aq take truck:1"),
            ("place K11", "/aq place at:K11"),
            ("place depot tile:2", "/aq place at:depot tile:2"),
            ("hire cashier", "/aq hire as:cashier"),
            ("hire trainer at:L12", "/aq hire as:trainer at:L12"),
            ("addbot strong", "/aq addbot level:strong"),
            ("notify on", "/aq notify dm:on"),
            ("away 2d", "/aq away until:2d"),
            ("language ja", "/aq language set:ja"),
            ("zoo ana", "/aq zoo player:ana"),
            ("zoo ana maria", "/aq zoo player:\"ana maria\""),
            ("stats ben", "/aq stats player:ben"),
            ("games 2", "/aq games page:2"),
            ("export 3", "/aq export game:3"),
            ("rules money", "/aq rules topic:money"),
            ("/aq rules money", "/aq rules topic:money"),
            ("moves expand", "/aq moves of:expand"),
            ("moves expand small", "/aq moves of:\"expand small\""),
            ("board text", "/aq board text:on"),
            ("reset server", "/aq reset what:server"),
            ("tournament join", "/aq tournament action:join"),
            ("season last", "/aq season which:last"),
            ("season 2026-Q3", "/aq season which:2026-Q3"),
            ("season length:month", "/aq season length:month"),
            (
                "tournament new size:3 name:\"Spring cup\"",
                "/aq tournament action:new name:\"Spring cup\" size:3",
            ),
        ];
        for (bare, named) in bare_and_named {
            let command = parse(bare).unwrap_or_else(|e| panic!("{bare}: {e}"));
            assert_eq!(command.to_text(), named, "{bare}");
            assert_eq!(parse(named), Ok(command), "{named}");
        }
        let with_one: Vec<&str> = COMMANDS
            .iter()
            .map(|spec| spec.name)
            .filter(|name| bare_option(name).is_some())
            .collect();
        assert_eq!(
            with_one,
            [
                "addbot",
                "draw",
                "take",
                "place",
                "hire",
                "moves",
                "language",
                "notify",
                "away",
                "board",
                "zoo",
                "games",
                "export",
                "stats",
                "rules",
                "reset",
                "tournament",
                "season"
            ]
        );
        for name in with_one {
            assert!(
                bare_and_named
                    .iter()
                    .any(|(bare, _)| bare.trim_start_matches("/aq ").starts_with(name)),
                "{name} is tried bare above"
            );
        }
        assert_eq!(parse("moves"), Ok(Command::Moves));
        assert_eq!(parse("moves of:"), Ok(Command::Moves));
    }

    #[test]
    fn a_bare_value_that_fits_no_option_is_refused_with_the_options() {
        let refused = [
            ("board 3", "text is on or off, not '3' (/aq board [text])"),
            ("score 3", "/aq score takes no options, not '3'"),
            ("history 3", "/aq history [move:<n>] [game:<id>]"),
            (
                "replay fast",
                "/aq replay [game:<id>] [speed:<slow|normal|fast>]",
            ),
            ("buy ben", "/aq buy from:<player> at:<cell>"),
            (
                "move depot",
                "/aq move from:<depot|cell|role> to:<cell|role>",
            ),
            ("expand small", "/aq expand size:<small|large> cells:"),
            ("settings 12h", "/aq settings [reminders:"),
            ("new 42", "/aq new [removed:"),
            ("draw two", "not 'two' (/aq draw truck:<n>)"),
            ("take 1 2", "not '1 2' (/aq take truck:<n>)"),
            ("place Z99", "(/aq place at:<cell|depot> [tile:<n>])"),
            ("hire boss", "not a role"),
            ("addbot hard", "easy, normal or strong"),
            ("notify maybe", "on or off"),
            ("games -1", "whole number"),
            ("draw 2 truck:3", "the option truck is given twice"),
        ];
        for (text, says) in refused {
            let err = parse(text).expect_err(text);
            assert!(err.to_string().contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn a_tournament_reads_its_action_and_new_alone_takes_settings() {
        assert_eq!(
            parse("/aq tournament new format:ROUND-ROBIN size:2 deadline:7d clock:slow"),
            Ok(Command::Tournament(TournamentAction::New(
                TournamentSettings {
                    format: Some(FormatKind::RoundRobin),
                    size: Some(2),
                    deadline: Some(Every::After(7 * 86_400_000)),
                    clock: Some(ClockChoice::Pace(crate::time_control::Pace::Slow)),
                    ..TournamentSettings::default()
                }
            )))
        );
        assert_eq!(
            parse("tournament standings"),
            Ok(Command::Tournament(TournamentAction::Standings))
        );
        // An empty name is no name: the default's.
        assert_eq!(
            parse("tournament new name:\"  \""),
            Ok(Command::Tournament(TournamentAction::New(
                TournamentSettings::default()
            )))
        );
        let refused = [
            ("tournament", "needs the option action"),
            (
                "tournament begin",
                "action is one of new, join, leave, start, standings, drop, extend, end, not 'begin'",
            ),
            (
                "tournament new format:league",
                "format is one of swiss, round_robin, elimination, not 'league'",
            ),
            (
                "tournament new size:6",
                "size is one of 2, 3, 4, 5, not '6'",
            ),
            (
                "tournament new size:1",
                "size is one of 2, 3, 4, 5, not '1'",
            ),
            ("tournament new rounds:two", "whole number"),
            ("tournament new clock:blitz", "fast, normal, slow or off"),
            ("tournament new deadline:soon", "is not a duration"),
            ("tournament new rated:maybe", "on or off"),
            (
                "tournament join size:3",
                "size is a setting of /aq tournament new, not of /aq tournament join",
            ),
            (
                "tournament end name:x",
                "name is a setting of /aq tournament new, not of /aq tournament end",
            ),
            ("tournament new seed:3", "has no option 'seed'"),
        ];
        for (text, says) in refused {
            let err = parse(text).expect_err(text);
            assert!(err.to_string().contains(says), "{text}: {err}");
        }
        for kind in FormatKind::ALL {
            assert_eq!(FormatKind::from_word(kind.word()), Some(kind));
        }
    }

    #[test]
    fn bad_input_gets_a_sentence() {
        let err = parse("/aq fly").unwrap_err();
        assert!(
            err.to_string().contains("there is no command 'fly'"),
            "{err}"
        );
        let err = parse("/aq take").unwrap_err();
        assert!(err.to_string().contains("needs the option truck"), "{err}");
        let err = parse("/aq take truck:two").unwrap_err();
        assert!(err.to_string().contains("whole number"), "{err}");
        let err = parse("/aq take lorry:2").unwrap_err();
        assert!(err.to_string().contains("has no option 'lorry'"), "{err}");
        let err = parse("/aq place at:Z99").unwrap_err();
        assert!(err.to_string().contains("not a cell"), "{err}");
        let err = parse("/aq expand size:large cells:\"N10 N11").unwrap_err();
        assert!(err.to_string().contains("quote is not closed"), "{err}");
    }
}
