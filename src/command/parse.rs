//! The reader of a command's text form: words, `name:value` options and a
//! bare value into a [`Command`], each option checked; what it cannot read is
//! a [`ParseError`].

use super::*;
use crate::cpu::Level;
use crate::engine::{Animal, Cell, Role, Target};
use crate::tournament::FormatKind;

/// A command's text in parts: its name, its `name:value` options, and the
/// words that name no option (bare values).
type Tokens = (String, Vec<(String, String)>, Vec<String>);

/// The words of a command's text, split at white space outside quotes
/// (straight or curly); the quotes themselves are dropped.
fn words(text: &str) -> Result<Vec<String>, ParseError> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_quotes = false;
    let mut any = false;
    for ch in text.chars() {
        match ch {
            '"' | '“' | '”' => {
                in_quotes = !in_quotes;
                any = true;
            }
            c if c.is_whitespace() && !in_quotes => {
                if any {
                    words.push(std::mem::take(&mut current));
                    any = false;
                }
            }
            c => {
                current.push(c);
                any = true;
            }
        }
    }
    if in_quotes {
        return Err(ParseError::UnclosedQuote);
    }
    if any {
        words.push(current);
    }
    Ok(words)
}

/// Splits `take truck:2 cells:"N10 N11"` into the command's name, its
/// `name:value` options and its bare words.
fn tokenize(text: &str) -> Result<Tokens, ParseError> {
    let mut iter = words(text)?.into_iter();
    let mut name = iter.next().unwrap_or_default().to_ascii_lowercase();
    if name == "/aq" || name == "aq" {
        name = iter.next().unwrap_or_default().to_ascii_lowercase();
    } else if let Some(rest) = name.strip_prefix("/aq") {
        name = rest.to_string();
    }
    let mut name = name.trim_start_matches('/').to_string();
    let mut iter = iter.peekable();
    // Discord's group word (`game new`, `past replay`) may come first: the
    // command is the word after it.
    if let Some(next) = iter.peek().map(|w| w.to_ascii_lowercase()) {
        let in_group = group_commands(&name).is_some_and(|mut names| names.any(|n| n == next));
        if in_group {
            name = next;
            iter.next();
        }
    }
    let mut options = Vec::new();
    let mut bare = Vec::new();
    for word in iter {
        match word.split_once(':') {
            Some((k, v)) if !k.is_empty() => {
                options.push((k.to_ascii_lowercase(), v.trim().to_string()))
            }
            _ => bare.push(word),
        }
    }
    Ok((name, options, bare))
}

/// Parses the text form of a command. An error says what was not
/// understood (`crate::lang::command` words it).
pub fn parse(text: &str) -> Result<Command, ParseError> {
    let (name, mut options, bare) = tokenize(text)?;
    if name.is_empty() {
        return Err(ParseError::Empty);
    }
    let Some((allowed, required)) = options_of(&name) else {
        return Err(ParseError::UnknownCommand {
            name,
            commands: COMMANDS.iter().map(|spec| spec.name).collect(),
        });
    };
    if bare.is_empty() {
        return read(&name, &options, &allowed, required);
    }
    // Bare words are one value, as if quoted: `zoo ana maria`.
    let value = bare.join(" ");
    let Some(option) = bare_option(&name) else {
        return Err(if allowed.is_empty() {
            ParseError::NoOptions {
                command: name,
                given: value,
            }
        } else {
            ParseError::BareValue {
                usage: usage(&name),
                command: name,
                value,
            }
        });
    };
    options.push((option.to_string(), value));
    read(&name, &options, &allowed, required).map_err(|why| why.with_usage(usage(&name)))
}

/// The command `name` with these options, each checked.
fn read(
    name: &str,
    options: &[(String, String)],
    allowed: &[&'static str],
    required: &[&str],
) -> Result<Command, ParseError> {
    check_options(name, options, allowed, required)?;
    if let Some(command) = without_options(name) {
        return Ok(command);
    }
    let given = Given { name, options };
    if let Some(command) = a_move(&given)? {
        return Ok(command);
    }
    // A row of the table without its reading here is no command (the
    // table's test reads every row's example back).
    with_options(&given)?.ok_or_else(|| ParseError::UnknownCommand {
        name: name.to_string(),
        commands: COMMANDS.iter().map(|spec| spec.name).collect(),
    })
}

/// Refuses an option the command does not take, an option given twice,
/// and a required option left out.
fn check_options(
    name: &str,
    options: &[(String, String)],
    allowed: &[&'static str],
    required: &[&str],
) -> Result<(), ParseError> {
    for (k, _) in options {
        if !allowed.contains(&k.as_str()) {
            return Err(if allowed.is_empty() {
                ParseError::NoOptions {
                    command: name.to_string(),
                    given: k.clone(),
                }
            } else {
                ParseError::UnknownOption {
                    command: name.to_string(),
                    option: k.clone(),
                    options: allowed.to_vec(),
                }
            });
        }
    }
    for (i, (k, _)) in options.iter().enumerate() {
        if options[..i].iter().any(|(other, _)| other == k) {
            return Err(ParseError::OptionTwice { option: k.clone() });
        }
    }
    for r in required {
        if !options.iter().any(|(k, _)| k == r) {
            return Err(ParseError::Missing {
                command: name.to_string(),
                option: r.to_string(),
                usage: Some(usage(name)),
            });
        }
    }
    Ok(())
}

/// The commands that take no options, by name.
fn without_options(name: &str) -> Option<Command> {
    Some(match name {
        "join" => Command::Join,
        "leave" => Command::Leave,
        "start" => Command::Start,
        "abandon" => Command::Abandon,
        "removebot" => Command::RemoveBot,
        "rematch" => Command::Rematch,
        "discard" => Command::Discard,
        "undo" => Command::Undo,
        "hint" => Command::Hint,
        "nudge" => Command::Nudge,
        "mygames" => Command::MyGames,
        "kick" => Command::Kick,
        "score" => Command::Score,
        "help" => Command::Help,
        _ => return None,
    })
}

/// The moves that take options (`draw` to `expand`); `None` for another
/// command.
fn a_move(given: &Given) -> Result<Option<Command>, ParseError> {
    Ok(Some(match given.name {
        "draw" => Command::Draw {
            truck: given.truck()?,
        },
        "take" => Command::Take {
            truck: given.truck()?,
        },
        "place" => place(given)?,
        "hire" => Command::Hire {
            role: given.need("as")?.parse()?,
            at: given.get("at").map(str::parse::<Cell>).transpose()?,
        },
        "move" => Command::Move {
            from: spot(given.need("from")?)?,
            to: spot(given.need("to")?)?,
        },
        "buy" => Command::Buy {
            from: given.need("from")?.to_string(),
            at: given.need("at")?.parse::<Cell>()?,
        },
        "expand" => Command::Expand {
            size: given.need("size")?.parse()?,
            cells: given
                .need("cells")?
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .map(str::parse::<Cell>)
                .collect::<Result<Vec<_>, _>>()?,
        },
        _ => return Ok(None),
    }))
}

/// `place`: its target, and its tile given apart or within `at`
/// (`at:"K11 tile:2"`), the two the same when both are given.
fn place(given: &Given) -> Result<Command, ParseError> {
    let (at, tile_in_at) = place_target(given.need("at")?)?;
    let tile = given.number("tile")?.map(|n| n as usize);
    let tile = match (tile, tile_in_at) {
        (Some(a), Some(b)) if a != b => {
            return Err(ParseError::TilesDiffer {
                tile: a,
                at: given.need("at")?.to_string(),
            })
        }
        (a, b) => a.or(b),
    };
    Ok(Command::Place { at, tile })
}

/// Every other command that takes options: setting a game up, and asking
/// or looking; `None` for another command.
fn with_options(given: &Given) -> Result<Option<Command>, ParseError> {
    let text = |k: &str| given.get(k).map(str::to_string);
    Ok(Some(match given.name {
        "new" => new(given)?,
        "addbot" => Command::AddBot {
            level: given.get("level").map(str::parse::<Level>).transpose()?,
        },
        "moves" => match given.get("of").map(str::trim) {
            Some(of) if !of.is_empty() => Command::MovesOf { of: of.to_string() },
            _ => Command::Moves,
        },
        "settings" => Command::Settings {
            reminders: given.get("reminders").map(Every::parse).transpose()?,
            turn_limit: given.get("turn_limit").map(Every::parse).transpose()?,
            hints: given.get("hints").map(|v| switch("hints", v)).transpose()?,
            language: text("language"),
            away: given.get("away").map(Every::parse).transpose()?,
            clock: given.get("clock").map(ClockChoice::parse).transpose()?,
            weekend_pause: given
                .get("weekend_pause")
                .map(|v| switch("weekend_pause", v))
                .transpose()?,
            vacations: given
                .get("vacations")
                .map(|v| switch("vacations", v))
                .transpose()?,
        },
        "language" => Command::Language { set: text("set") },
        "notify" => Command::Notify {
            dm: given.get("dm").map(|v| switch("dm", v)).transpose()?,
            before: given
                .get("before")
                .map(|v| switch("before", v))
                .transpose()?,
        },
        "away" => Command::Away {
            until: given.get("until").map(Until::parse).transpose()?,
        },
        "board" => match given.get("text") {
            // `board text`: the bare word is the option's own name.
            Some(v) if v.trim().eq_ignore_ascii_case("text") => Command::BoardText,
            Some(v) if switch("text", v)? => Command::BoardText,
            _ => Command::Board,
        },
        "zoo" => Command::Zoo {
            player: text("player"),
        },
        "history" => Command::History {
            move_n: given.small("move")?,
            game: given.id("game")?,
        },
        "games" => Command::Games {
            page: given.small("page")?,
        },
        "export" => Command::Export {
            game: given.id("game")?,
        },
        "replay" => Command::Replay {
            game: given.id("game")?,
            speed: given.get("speed").map(str::parse).transpose()?,
        },
        "stats" => Command::Stats {
            player: text("player"),
        },
        "review" => Command::Review {
            game: given.id("game")?,
            player: text("player"),
        },
        "rules" => Command::Rules {
            topic: text("topic"),
        },
        "reset" => Command::WebReset {
            server: match given.get("what").map(|w| w.trim().to_ascii_lowercase()) {
                None => false,
                Some(w) if w == "game" => false,
                Some(w) if w == "server" => true,
                Some(_) => {
                    return Err(ParseError::NotResetScope {
                        value: given.get("what").unwrap_or_default().trim().to_string(),
                    })
                }
            },
        },
        "tournament" => Command::Tournament(tournament(given)?),
        "season" => Command::Season {
            which: text("which"),
            length: given
                .get("length")
                .map(|v| {
                    SeasonLength::from_word(v).ok_or_else(|| ParseError::NotOneOf {
                        option: "length".into(),
                        value: v.trim().to_string(),
                        choices: SeasonLength::ALL.iter().map(|l| l.word()).collect(),
                    })
                })
                .transpose()?,
        },
        _ => return Ok(None),
    }))
}

/// `tournament`: its action, and `new`'s settings (which no other action
/// takes).
fn tournament(given: &Given) -> Result<TournamentAction, ParseError> {
    let word = given.need("action")?.trim().to_ascii_lowercase();
    let action = match word.as_str() {
        "new" => TournamentAction::New(TournamentSettings {
            name: given
                .get("name")
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_string),
            format: given
                .get("format")
                .map(|v| {
                    FormatKind::from_word(v).ok_or_else(|| ParseError::NotOneOf {
                        option: "format".into(),
                        value: v.trim().to_string(),
                        choices: FormatKind::ALL.iter().map(|f| f.word()).collect(),
                    })
                })
                .transpose()?,
            size: given
                .get("size")
                .map(|v| {
                    v.trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|n| (2..=5).contains(n))
                        .ok_or_else(|| ParseError::NotOneOf {
                            option: "size".into(),
                            value: v.trim().to_string(),
                            choices: vec!["2", "3", "4", "5"],
                        })
                })
                .transpose()?,
            rounds: given.small("rounds")?,
            clock: given.get("clock").map(ClockChoice::parse).transpose()?,
            deadline: given.get("deadline").map(Every::parse).transpose()?,
            rated: given.get("rated").map(|v| switch("rated", v)).transpose()?,
            vacations: given
                .get("vacations")
                .map(|v| switch("vacations", v))
                .transpose()?,
            closes: given.get("closes").map(Every::parse).transpose()?,
            players: given.small("players")?,
        }),
        "join" => TournamentAction::Join,
        "leave" => TournamentAction::Leave,
        "start" => TournamentAction::Start,
        "standings" => TournamentAction::Standings,
        "drop" => TournamentAction::Drop {
            player: given.need("player")?.trim().to_string(),
        },
        "extend" => TournamentAction::Extend,
        "end" => TournamentAction::End,
        _ => {
            return Err(ParseError::NotOneOf {
                option: "action".into(),
                value: given.need("action")?.trim().to_string(),
                choices: TournamentAction::WORDS.to_vec(),
            })
        }
    };
    if !matches!(action, TournamentAction::New(_)) {
        if let Some(option) = TournamentSettings::OPTIONS
            .iter()
            .find(|o| given.get(o).is_some())
        {
            return Err(ParseError::OnlyFor {
                option: option.to_string(),
                of: "new",
                action: word,
            });
        }
    }
    if !matches!(action, TournamentAction::Drop { .. }) && given.get("player").is_some() {
        return Err(ParseError::OnlyFor {
            option: "player".to_string(),
            of: "drop",
            action: word,
        });
    }
    Ok(action)
}

/// `new`: the animals removed, who begins, a seed and a stacked deck.
fn new(given: &Given) -> Result<Command, ParseError> {
    Ok(Command::New {
        removed: given
            .get("removed")
            .map(|v| {
                v.split([' ', ','])
                    .filter(|w| !w.is_empty())
                    .map(|w| w.parse::<Animal>())
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?,
        first: given.get("first").map(str::to_string),
        seed: given.number("seed")?,
        deck: given.get("deck").map(str::to_string),
    })
}

/// The options given to command `name` (already checked: each one it
/// takes, once), read by name.
struct Given<'a> {
    name: &'a str,
    options: &'a [(String, String)],
}

impl<'a> Given<'a> {
    /// The value of option `k`, if given.
    fn get(&self, k: &str) -> Option<&'a str> {
        self.options
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    }

    /// The value of option `k`, which the command requires.
    fn need(&self, k: &str) -> Result<&'a str, ParseError> {
        self.get(k).ok_or_else(|| ParseError::Missing {
            command: self.name.to_string(),
            option: k.to_string(),
            usage: None,
        })
    }

    /// Option `k` as a whole number, if given.
    fn number(&self, k: &str) -> Result<Option<u64>, ParseError> {
        self.get(k)
            .map(|v| {
                v.parse::<u64>().map_err(|_| ParseError::NotNumber {
                    option: k.to_string(),
                    value: v.to_string(),
                })
            })
            .transpose()
    }

    /// Option `truck` (of `draw` and `take`).
    fn truck(&self) -> Result<usize, ParseError> {
        Ok(self.number("truck")?.unwrap_or(0) as usize)
    }

    /// Option `k` as a game id. Game ids, move numbers and pages past
    /// their type are refused, never wrapped around.
    fn id(&self, k: &str) -> Result<Option<i64>, ParseError> {
        self.number(k)?
            .map(|n| i64::try_from(n).map_err(|_| no_such(k, n)))
            .transpose()
    }

    /// Option `k` as a move number or a page.
    fn small(&self, k: &str) -> Result<Option<u32>, ParseError> {
        self.number(k)?
            .map(|n| u32::try_from(n).map_err(|_| no_such(k, n)))
            .transpose()
    }
}

/// Option `k` names a number past what it may be.
fn no_such(k: &str, n: u64) -> ParseError {
    ParseError::NoSuch {
        option: k.to_string(),
        number: n,
    }
}

/// The value of `place at`: a cell or `depot`, optionally followed by the
/// tile (`K11 tile:2`), the form autocomplete offers when several waiting
/// tiles may go to one place.
pub fn place_target(v: &str) -> Result<(Target, Option<usize>), ParseError> {
    let mut words = v.split_whitespace();
    let first = words.next().unwrap_or_default();
    let at = if first.eq_ignore_ascii_case("depot") {
        Target::Depot
    } else {
        Target::Cell(first.parse::<Cell>().map_err(ParseError::CellOrDepot)?)
    };
    let tile = match (words.next(), words.next()) {
        (None, _) => None,
        (Some(w), None) => {
            let n = w
                .split_once(':')
                .filter(|(k, _)| k.eq_ignore_ascii_case("tile"))
                .and_then(|(_, n)| n.parse::<usize>().ok())
                .ok_or_else(|| ParseError::NotPlace {
                    value: v.to_string(),
                })?;
            Some(n)
        }
        _ => {
            return Err(ParseError::NotPlace {
                value: v.to_string(),
            })
        }
    };
    Ok((at, tile))
}

fn spot(v: &str) -> Result<Spot, ParseError> {
    if v.eq_ignore_ascii_case("depot") {
        return Ok(Spot::Depot);
    }
    if let Ok(role) = v.parse::<Role>() {
        return Ok(Spot::Role(role));
    }
    v.parse::<Cell>()
        .map(Spot::Cell)
        .map_err(|_| ParseError::NotSpot {
            value: v.to_string(),
        })
}

/// `on` or `off` (also yes/no, true/false).
fn switch(option: &str, v: &str) -> Result<bool, ParseError> {
    match v.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(ParseError::NotSwitch {
            option: option.to_string(),
            value: v.trim().to_string(),
        }),
    }
}
