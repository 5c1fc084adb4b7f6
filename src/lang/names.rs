//! How the players of a table are named to a reader.
//!
//! A person goes by the name they sat down with, in every language. A
//! computer player is stored under a name made from its level (`Strong bot`,
//! `Strong bot 2`: the command language's name for the seat, which the game's
//! setup, its log and its record keep); a reader is shown the catalogue's
//! name for that level in their own language (`seat-computer`), made when it
//! is said.
//!
//! Invariants:
//! - The stored names are what commands and the engine read: [`Names::stored`]
//!   is the table as the game knows it, whatever the reader's language.
//! - A table's names are unique (the lobby makes them so, ignoring case), so
//!   a text that names a computer player by its stored name names exactly
//!   that seat: [`Names::in_text`] replaces such a name, and nothing else,
//!   with the computer's message.
//! - A seat is found by its stored name or by its name in any language of
//!   the catalogue ([`Names::find`]), so a player may name a computer player
//!   in the language they read it in.

use super::{plain, Arg, Lang, Text};
use crate::cpu::Level;

/// A computer player: its level and its number among the computer players
/// of that level at the table (1 the first, said without a number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Computer {
    pub level: Level,
    pub n: u32,
}

impl Computer {
    /// Its name as a message of the catalogue.
    pub fn text(&self) -> Text {
        Text::msg("seat-computer")
            .arg("level", self.level.word())
            .arg("n", self.n)
    }
}

/// The players of one table, by seat.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Names {
    stored: Vec<String>,
    computers: Vec<Option<Computer>>,
}

impl Names {
    /// Each seat's stored name, and the computer player it is, if one.
    pub fn new(seats: impl IntoIterator<Item = (String, Option<Computer>)>) -> Names {
        let (stored, computers) = seats.into_iter().unzip();
        Names { stored, computers }
    }

    /// A table of people only.
    pub fn people(names: &[String]) -> Names {
        Names::new(names.iter().map(|n| (n.clone(), None)))
    }

    /// The names as the game stores them, by seat: the command language's.
    pub fn stored(&self) -> &[String] {
        &self.stored
    }

    pub fn len(&self) -> usize {
        self.stored.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stored.is_empty()
    }

    /// A seat's name, to be said in the reader's language.
    pub fn text(&self, seat: usize) -> Text {
        match self.computers.get(seat) {
            Some(Some(computer)) => computer.text(),
            _ => Text::Raw(self.stored.get(seat).cloned().unwrap_or_default()),
        }
    }

    /// A seat's name as a message's argument.
    pub fn arg(&self, seat: usize) -> Arg {
        Arg::Text(Box::new(self.text(seat)))
    }

    /// A seat's name said in `lang`.
    pub fn said(&self, seat: usize, lang: &Lang) -> String {
        plain(lang, &self.text(seat))
    }

    /// Every seat's name said in `lang`, by seat.
    pub fn all_said(&self, lang: &Lang) -> Vec<String> {
        (0..self.len()).map(|s| self.said(s, lang)).collect()
    }

    /// Every seat's name, to be said in the reader's language.
    pub fn texts(&self) -> Vec<Text> {
        (0..self.len()).map(|s| self.text(s)).collect()
    }

    /// The computer player a stored name belongs to.
    fn computer(&self, name: &str) -> Option<&Computer> {
        self.stored
            .iter()
            .zip(&self.computers)
            .find(|(stored, _)| *stored == name)
            .and_then(|(_, c)| c.as_ref())
    }

    /// `text` with every computer player it names by its stored name (a
    /// whole argument or a whole verbatim part, as the engine and the
    /// referee pass names) named by the catalogue instead.
    pub fn in_text(&self, text: Text) -> Text {
        if self.computers.iter().all(Option::is_none) {
            return text;
        }
        match text {
            Text::Raw(s) => match self.computer(&s) {
                Some(c) => c.text(),
                None => Text::Raw(s),
            },
            Text::Msg { key, args } => Text::Msg {
                key,
                args: args
                    .into_iter()
                    .map(|(name, arg)| (name, self.in_arg(arg)))
                    .collect(),
            },
            Text::Join { parts, with } => Text::Join {
                parts: parts.into_iter().map(|p| self.in_text(p)).collect(),
                with,
            },
            Text::Sentence(t) => Text::Sentence(Box::new(self.in_text(*t))),
            Text::Marked(mark, t) => Text::Marked(mark, Box::new(self.in_text(*t))),
        }
    }

    fn in_arg(&self, arg: Arg) -> Arg {
        match arg {
            Arg::Str(s) => match self.computer(&s) {
                Some(c) => Arg::Text(Box::new(c.text())),
                None => Arg::Str(s),
            },
            Arg::Text(t) => Arg::Text(Box::new(self.in_text(*t))),
            other => other,
        }
    }

    /// The seat a player names: by its stored name, or a computer player by
    /// its name in any language of the catalogue; ignoring case.
    pub fn find(&self, who: &str) -> Option<usize> {
        let who = who.trim();
        let who = who.to_lowercase();
        let same = |name: &str| name.to_lowercase() == who;
        if let Some(seat) = self.stored.iter().position(|n| same(n)) {
            return Some(seat);
        }
        self.computers.iter().position(|c| {
            c.as_ref()
                .is_some_and(|c| Lang::all().iter().any(|lang| same(&plain(lang, &c.text()))))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Names {
        Names::new([
            ("ana".to_string(), None),
            (
                "Strong bot".to_string(),
                Some(Computer {
                    level: Level::Strong,
                    n: 1,
                }),
            ),
            (
                "Strong bot 2".to_string(),
                Some(Computer {
                    level: Level::Strong,
                    n: 2,
                }),
            ),
        ])
    }

    #[test]
    fn a_computer_player_is_named_in_the_readers_language() {
        let names = table();
        let en = Lang::english();
        let ja = Lang::for_locale("ja");
        let de = Lang::for_locale("de");
        assert_eq!(names.all_said(&en), ["ana", "Strong bot", "Strong bot 2"]);
        let said_ja = names.all_said(&ja);
        assert_eq!(said_ja[0], "ana");
        assert!(
            !said_ja[1].contains("bot") && said_ja[2].ends_with('2'),
            "{said_ja:?}"
        );
        assert_ne!(names.said(1, &de), "Strong bot");
        assert_eq!(names.stored(), ["ana", "Strong bot", "Strong bot 2"]);
    }

    #[test]
    fn a_text_naming_a_computer_by_its_stored_name_names_it_in_the_catalogue() {
        let names = table();
        let text = Text::msg("engine-asked-turn")
            .arg("name", "Strong bot 2")
            .then(Text::Raw("Strong bot".into()))
            .then(Text::Raw("ana".into()));
        let ja = Lang::for_locale("ja");
        let said = plain(&ja, &names.in_text(text));
        assert!(!said.contains("bot"), "{said}");
        assert!(said.contains(&names.said(2, &ja)), "{said}");
        assert!(said.ends_with("ana"), "{said}");
    }

    #[test]
    fn a_seat_is_found_by_its_stored_name_or_its_name_in_any_language() {
        let names = table();
        assert_eq!(names.find("ANA"), Some(0));
        assert_eq!(names.find("strong bot 2"), Some(2));
        for lang in Lang::all() {
            assert_eq!(names.find(&names.said(1, &lang)), Some(1), "{lang}");
            assert_eq!(names.find(&names.said(2, &lang)), Some(2), "{lang}");
        }
        assert_eq!(names.find("cy"), None);
    }
}
