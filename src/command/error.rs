//! Why a command's text was not understood: the error of [`super::parse`].
//!
//! The parser says what was wrong, with the words as they were typed; the
//! language layer (`crate::lang::command`) says it in a sentence in the
//! reader's language. `Display` is that sentence in English, for logs and
//! tests.

use crate::engine::BadWord;

/// A command text the parser cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but spaces (or `/aq` alone).
    Empty,
    /// A `"` opened and never closed.
    UnclosedQuote,
    /// No command of this name; `commands` lists them all.
    UnknownCommand {
        name: String,
        commands: Vec<&'static str>,
    },
    /// A command without options was given one (`given`: its name or value).
    NoOptions { command: String, given: String },
    /// Bare words where the command has no option that takes them.
    BareValue {
        command: String,
        value: String,
        usage: &'static str,
    },
    /// An option the command does not have; `options` lists its own.
    UnknownOption {
        command: String,
        option: String,
        options: Vec<&'static str>,
    },
    /// The same option twice.
    OptionTwice { option: String },
    /// A required option left out; `usage` shows the command when known.
    Missing {
        command: String,
        option: String,
        usage: Option<&'static str>,
    },
    /// Not a whole number.
    NotNumber { option: String, value: String },
    /// A number past what any game, move or page could be.
    NoSuch { option: String, number: u64 },
    /// `tile:` and the tile in `at:` disagree.
    TilesDiffer { tile: usize, at: String },
    /// A word of the command language (a cell, an animal, a role...).
    Word(BadWord),
    /// Not a cell, and not `depot` either.
    CellOrDepot(BadWord),
    /// Not a place (`K11`, `depot`, optionally followed by `tile:<n>`).
    NotPlace { value: String },
    /// Not `depot`, a role or a cell.
    NotSpot { value: String },
    /// Not on or off.
    NotSwitch { option: String, value: String },
    /// Not a duration (`30m`, `12h`, `2d`, `off`).
    NotDuration { value: String },
    /// A duration shorter than the shortest a setting takes.
    TooShort { value: String },
    /// A duration longer than the longest a setting takes.
    TooLong { value: String },
    /// Not a replay speed.
    NotSpeed { value: String },
    /// Not a game's clock: `fast`, `normal`, `slow` or `off`.
    NotClock { value: String },
    /// Not what `reset` renews: `game` or `server`.
    NotResetScope { value: String },
    /// Not when someone is back: a duration, a date or `off`.
    NotWhen { value: String },
    /// Not one of an option's few values (`choices`, as typed).
    NotOneOf {
        option: String,
        value: String,
        choices: Vec<&'static str>,
    },
    /// An option of one `tournament` action (`of`: `new`'s settings,
    /// `drop`'s player) given to another action.
    OnlyFor {
        option: String,
        of: &'static str,
        action: String,
    },
    /// An error, then how the command is written.
    WithUsage(Box<ParseError>, &'static str),
}

impl ParseError {
    /// This error with the command's usage after it, unless it shows it
    /// already.
    pub fn with_usage(self, usage: &'static str) -> ParseError {
        match self {
            ParseError::BareValue { .. }
            | ParseError::Missing { usage: Some(_), .. }
            | ParseError::WithUsage(..) => self,
            other => ParseError::WithUsage(Box::new(other), usage),
        }
    }
}

impl From<BadWord> for ParseError {
    fn from(b: BadWord) -> ParseError {
        ParseError::Word(b)
    }
}

impl std::error::Error for ParseError {}
