//! The reader of a command's text form: words, `name:value` options and a
//! bare value into a [`Command`], each option checked; what it cannot read is
//! a [`ParseError`].

use super::*;
use crate::cpu::Level;
use crate::engine::{Animal, Cell, Role, Target};

/// A command's text in parts: its name, its `name:value` options, and the
/// words that name no option (bare values).
type Tokens = (String, Vec<(String, String)>, Vec<String>);

/// Splits `take truck:2 cells:"N10 N11"` into the command's name, its
/// `name:value` options and its bare words.
fn tokenize(text: &str) -> Result<Tokens, ParseError> {
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
    let mut iter = words.into_iter();
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
    if let Some((_, names)) = DISCORD_GROUPS.iter().find(|(group, _)| *group == name) {
        if let Some(next) = iter.peek().map(|w| w.to_ascii_lowercase()) {
            if names.contains(&next.as_str()) {
                name = next;
                iter.next();
            }
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
            commands: SUBCOMMANDS.iter().map(|(n, _, _)| *n).collect(),
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
    let get = |k: &str| {
        options
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    let need = |k: &str| {
        get(k).ok_or_else(|| ParseError::Missing {
            command: name.to_string(),
            option: k.to_string(),
            usage: None,
        })
    };
    let number = |k: &str| -> Result<Option<u64>, ParseError> {
        get(k)
            .map(|v| {
                v.parse::<u64>().map_err(|_| ParseError::NotNumber {
                    option: k.to_string(),
                    value: v.to_string(),
                })
            })
            .transpose()
    };
    let no_such = |k: &str, n: u64| ParseError::NoSuch {
        option: k.to_string(),
        number: n,
    };
    // Game ids, move numbers and pages past their type are refused, never
    // wrapped around.
    let id = |k: &str| -> Result<Option<i64>, ParseError> {
        number(k)?
            .map(|n| i64::try_from(n).map_err(|_| no_such(k, n)))
            .transpose()
    };
    let small = |k: &str| -> Result<Option<u32>, ParseError> {
        number(k)?
            .map(|n| u32::try_from(n).map_err(|_| no_such(k, n)))
            .transpose()
    };
    let cell = |v: &str| v.parse::<Cell>();
    Ok(match name {
        "new" => Command::New {
            removed: get("removed")
                .map(|v| {
                    v.split([' ', ','])
                        .filter(|w| !w.is_empty())
                        .map(|w| w.parse::<Animal>())
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()?,
            first: get("first").map(str::to_string),
            seed: number("seed")?,
            deck: get("deck").map(str::to_string),
        },
        "join" => Command::Join,
        "leave" => Command::Leave,
        "start" => Command::Start,
        "abandon" => Command::Abandon,
        "addbot" => Command::AddBot {
            level: get("level").map(str::parse::<Level>).transpose()?,
        },
        "removebot" => Command::RemoveBot,
        "draw" | "take" => {
            let truck = number("truck")?.unwrap_or(0) as usize;
            if name == "draw" {
                Command::Draw { truck }
            } else {
                Command::Take { truck }
            }
        }
        "place" => {
            let (at, tile_in_at) = place_target(need("at")?)?;
            let tile = number("tile")?.map(|n| n as usize);
            let tile = match (tile, tile_in_at) {
                (Some(a), Some(b)) if a != b => {
                    return Err(ParseError::TilesDiffer {
                        tile: a,
                        at: need("at")?.to_string(),
                    })
                }
                (a, b) => a.or(b),
            };
            Command::Place { at, tile }
        }
        "hire" => Command::Hire {
            role: need("as")?.parse()?,
            at: get("at").map(cell).transpose()?,
        },
        "move" => Command::Move {
            from: spot(need("from")?)?,
            to: spot(need("to")?)?,
        },
        "buy" => Command::Buy {
            from: need("from")?.to_string(),
            at: cell(need("at")?)?,
        },
        "discard" => Command::Discard,
        "expand" => Command::Expand {
            size: need("size")?.parse()?,
            cells: need("cells")?
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .map(cell)
                .collect::<Result<Vec<_>, _>>()?,
        },
        "undo" => Command::Undo,
        "moves" => match get("of").map(str::trim) {
            Some(of) if !of.is_empty() => Command::MovesOf { of: of.to_string() },
            _ => Command::Moves,
        },
        "hint" => Command::Hint,
        "settings" => Command::Settings {
            reminders: get("reminders").map(Every::parse).transpose()?,
            turn_limit: get("turn_limit").map(Every::parse).transpose()?,
            hints: get("hints").map(|v| switch("hints", v)).transpose()?,
            language: get("language").map(str::to_string),
        },
        "nudge" => Command::Nudge,
        "mygames" => Command::MyGames,
        "language" => Command::Language {
            set: get("set").map(str::to_string),
        },
        "notify" => Command::Notify {
            dm: switch("dm", need("dm")?)?,
        },
        "kick" => Command::Kick,
        "reset" => Command::WebReset,
        "board" => Command::Board,
        "zoo" => Command::Zoo {
            player: get("player").map(str::to_string),
        },
        "score" => Command::Score,
        "history" => Command::History {
            move_n: small("move")?,
            game: id("game")?,
        },
        "games" => Command::Games {
            page: small("page")?,
        },
        "export" => Command::Export { game: id("game")? },
        "replay" => Command::Replay {
            game: id("game")?,
            speed: get("speed").map(str::parse).transpose()?,
        },
        "stats" => Command::Stats {
            player: get("player").map(str::to_string),
        },
        "rules" => Command::Rules {
            topic: get("topic").map(str::to_string),
        },
        _ => Command::Help,
    })
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
