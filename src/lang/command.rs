//! The command parser's words: why a command's text was not understood
//! ([`ParseError`]), said from `locales/<lang>/command.ftl`. Command names,
//! options, usages and the values typed are the command language and stay
//! verbatim in every language.

use super::engine::bad_word;
use super::{plain, Arg, Lang, Text};
use crate::command::ParseError;
use std::fmt;

fn s(word: impl ToString) -> Arg {
    Arg::Str(word.to_string())
}

/// The words the command language lists, as typed (`draw, take, place`).
fn listed(words: &[&str]) -> Arg {
    s(words.join(", "))
}

/// Why a command's text was not understood, as a message (not yet a
/// sentence: a front end says it as one, or inside its own).
pub fn parse_error(e: &ParseError) -> Text {
    match e {
        ParseError::Empty => Text::msg("parse-empty"),
        ParseError::UnclosedQuote => Text::msg("parse-unclosed-quote"),
        ParseError::UnknownCommand { name, commands } => Text::msg("parse-unknown-command")
            .arg("name", s(name))
            .arg("commands", listed(commands)),
        ParseError::NoOptions { command, given } => Text::msg("parse-no-options")
            .arg("command", s(command))
            .arg("given", s(given)),
        ParseError::BareValue {
            command,
            value,
            usage,
        } => Text::msg("parse-bare-value")
            .arg("command", s(command))
            .arg("value", s(value))
            .arg("usage", s(usage)),
        ParseError::UnknownOption {
            command,
            option,
            options,
        } => Text::msg("parse-unknown-option")
            .arg("command", s(command))
            .arg("option", s(option))
            .arg("options", listed(options)),
        ParseError::OptionTwice { option } => {
            Text::msg("parse-option-twice").arg("option", s(option))
        }
        ParseError::Missing {
            command,
            option,
            usage,
        } => match usage {
            Some(usage) => Text::msg("parse-missing-usage")
                .arg("command", s(command))
                .arg("option", s(option))
                .arg("usage", s(usage)),
            None => Text::msg("parse-missing")
                .arg("command", s(command))
                .arg("option", s(option)),
        },
        ParseError::NotNumber { option, value } => Text::msg("parse-not-number")
            .arg("option", s(option))
            .arg("value", s(value)),
        ParseError::NoSuch { option, number } => Text::msg("parse-no-such")
            .arg("option", s(option))
            .arg("number", s(number)),
        ParseError::TilesDiffer { tile, at } => Text::msg("parse-tiles-differ")
            .arg("tile", s(tile))
            .arg("at", s(at)),
        ParseError::Word(b) => bad_word(b),
        ParseError::CellOrDepot(b) => {
            Text::msg("parse-cell-or-depot").arg("why", Arg::Text(Box::new(bad_word(b))))
        }
        ParseError::NotPlace { value } => Text::msg("parse-not-place").arg("value", s(value)),
        ParseError::NotSpot { value } => Text::msg("parse-not-spot").arg("value", s(value)),
        ParseError::NotSwitch { option, value } => Text::msg("parse-not-switch")
            .arg("option", s(option))
            .arg("value", s(value)),
        ParseError::NotDuration { value } => Text::msg("parse-not-duration").arg("value", s(value)),
        ParseError::TooShort { value } => Text::msg("parse-too-short").arg("value", s(value)),
        ParseError::TooLong { value } => Text::msg("parse-too-long").arg("value", s(value)),
        ParseError::NotSpeed { value } => Text::msg("parse-not-speed").arg("value", s(value)),
        ParseError::NotClock { value } => Text::msg("parse-not-clock").arg("value", s(value)),
        ParseError::NotResetScope { value } => {
            Text::msg("parse-not-reset-what").arg("value", s(value))
        }
        ParseError::NotWhen { value } => Text::msg("parse-not-when").arg("value", s(value)),
        ParseError::NotOneOf {
            option,
            value,
            choices,
        } => Text::msg("parse-not-one-of")
            .arg("option", s(option))
            .arg("value", s(value))
            .arg("choices", listed(choices)),
        ParseError::OnlyFor { option, of, action } => Text::msg("parse-only-for")
            .arg("option", s(option))
            .arg("of", s(of))
            .arg("action", s(action)),
        ParseError::WithUsage(why, usage) => Text::msg("parse-with-usage")
            .arg("why", Arg::Text(Box::new(parse_error(why))))
            .arg("usage", s(usage)),
    }
}

impl From<&ParseError> for Text {
    fn from(e: &ParseError) -> Text {
        parse_error(e)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&plain(&Lang::english(), &parse_error(self)))
    }
}

#[cfg(test)]
mod tests {
    use crate::command::parse;

    fn english(text: &str) -> String {
        match parse(text) {
            Ok(c) => panic!("{text} parsed as {c:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn errors_read_as_before_in_english() {
        assert_eq!(english("   "), "type a command, like /aq board or /aq help");
        assert_eq!(
            english("expand cells:\"N10"),
            "a quote is not closed: write values with spaces as cells:\"N10 N11 O10\""
        );
        assert!(english("dance").starts_with("there is no command 'dance': the commands are "));
        assert_eq!(english("undo now"), "/aq undo takes no options, not 'now'");
        assert_eq!(
            english("draw truck:2 truck:3"),
            "the option truck is given twice"
        );
        assert_eq!(
            english("draw truck:x"),
            "truck must be a whole number, not 'x'"
        );
        assert_eq!(
            english("draw x"),
            "truck must be a whole number, not 'x' (/aq draw truck:<n>)"
        );
        assert_eq!(
            english("place at:Z99"),
            "'Z99' is not a cell: write a column A-U and a row 1-21, like K11, or depot"
        );
        assert_eq!(
            english("settings reminders:5s"),
            "'5s' is not a duration: write off, or a number and a unit, like 30m, 12h, 2d or 1h30m (m minutes, h hours, d days, w weeks)"
        );
        assert_eq!(
            english("replay speed:warp"),
            "'warp' is not a speed: slow, normal or fast"
        );
        assert_eq!(english("notify dm:maybe"), "dm is on or off, not 'maybe'");
        assert_eq!(
            english("history game:99999999999999999999"),
            "game must be a whole number, not '99999999999999999999'"
        );
        assert_eq!(
            english("games page:4294967296"),
            "there is no page 4294967296"
        );
    }

    #[test]
    fn errors_are_said_in_each_language() {
        use crate::lang::{plain, Lang};
        let e = parse("draw truck:x").expect_err("not a number");
        let ja = plain(&Lang::for_locale("ja"), &super::parse_error(&e));
        let de = plain(&Lang::for_locale("de"), &super::parse_error(&e));
        assert!(
            ja.contains("truck") && ja.contains('x') && ja != e.to_string(),
            "{ja}"
        );
        assert!(
            de.contains("truck") && de.contains('x') && de != e.to_string(),
            "{de}"
        );
    }
}
