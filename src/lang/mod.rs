//! The language layer: where words are made.
//!
//! The engine and the referee say *what* happened: typed events and refusals,
//! each worded as a [`Text`] (a message of the catalogue and its arguments),
//! never a sentence. This module says a [`Text`] in a [`Lang`], from the one
//! message catalogue (Project Fluent files, `locales/<language>/*.ftl`,
//! compiled into the binary and parsed once, at the first word said); each
//! front end adds its own markup through a [`Markup`] (a mention and a
//! relative time on Discord, a name and a date in the terminal).
//!
//! Invariants:
//! - Every sentence a person reads comes from the catalogue. A [`Text::Raw`]
//!   is verbatim text that is no sentence (a JSON record, a name on its own);
//!   the pseudo-locale ([`Lang::pseudo`]) wraps every message in `⟦…⟧`, so a
//!   sentence that escaped the catalogue shows outside the brackets.
//! - A language is a folder of the catalogue: adding one is a new folder and
//!   no code. A locale we do not speak falls back to English, never to a
//!   missing key (a test checks that every key is in every language, with the
//!   same variables).
//! - Arguments that are words of the command language (coordinates, tile
//!   words, command text) are passed verbatim ([`Arg::Str`]); numbers select
//!   plural forms ([`Arg::Num`]).

pub mod command;
pub mod engine;
pub mod names;
pub mod within;

pub use names::{Computer, Names};

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

fluent_templates::static_loader! {
    static CATALOGUE = {
        locales: "./locales",
        fallback_language: "en",
        // No Unicode isolation marks around arguments: Discord and terminals
        // show them as they are, and names are cleaned when seated.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The pseudo-locale's tag: English, every message wrapped in `⟦…⟧` and
/// lengthened by 40%, to find text outside the catalogue and text that does
/// not fit. For tests; not offered to players.
pub const PSEUDO: &str = "qps-ploc";

/// A language the bot speaks (a folder of the catalogue), or the
/// pseudo-locale.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Lang(LanguageIdentifier);

impl Lang {
    /// English, the language of last resort.
    pub fn english() -> Lang {
        Lang(CATALOGUE.fallback().clone())
    }

    /// The pseudo-locale (see [`PSEUDO`]).
    pub fn pseudo() -> Lang {
        Lang(
            PSEUDO
                .parse()
                .unwrap_or_else(|_| CATALOGUE.fallback().clone()),
        )
    }

    pub fn is_pseudo(&self) -> bool {
        // Private-use language subtag `qps`, reserved for pseudo-locales.
        self.0.language.as_str() == "qps"
    }

    /// Every language of the catalogue, English first.
    pub fn all() -> Vec<Lang> {
        let mut all: Vec<Lang> = CATALOGUE.locales().cloned().map(Lang).collect();
        all.sort_by_key(|l| (*l != Lang::english(), l.code()));
        all
    }

    /// The catalogue's language for a locale (`en-US`, `ja`, `de`, `de_DE.UTF-8`),
    /// matched exactly or by its language alone; `None` for a language we do
    /// not speak.
    pub fn find(locale: &str) -> Option<Lang> {
        let tag = locale
            .trim()
            .split(['.', '@'])
            .next()
            .unwrap_or_default()
            .replace('_', "-");
        if tag.eq_ignore_ascii_case(PSEUDO) {
            return Some(Lang::pseudo());
        }
        let wanted: LanguageIdentifier = tag.parse().ok()?;
        let all = Lang::all();
        all.iter()
            .find(|l| l.0 == wanted)
            .or_else(|| all.iter().find(|l| l.0.language == wanted.language))
            .cloned()
    }

    /// [`Lang::find`], else English.
    pub fn for_locale(locale: &str) -> Lang {
        Lang::find(locale).unwrap_or_else(Lang::english)
    }

    /// Its code: `en`, `ja`, `de`.
    pub fn code(&self) -> String {
        self.0.to_string()
    }

    /// The identifier the catalogue reads it by (English for the
    /// pseudo-locale).
    fn catalogue_id(&self) -> &LanguageIdentifier {
        if self.is_pseudo() {
            CATALOGUE.fallback()
        } else {
            &self.0
        }
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::english()
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.0)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<String> for Lang {
    type Error = String;
    fn try_from(code: String) -> Result<Lang, String> {
        Lang::find(&code).ok_or_else(|| format!("'{code}' is not a language of the catalogue"))
    }
}

impl From<Lang> for String {
    fn from(lang: Lang) -> String {
        lang.code()
    }
}

/// Something said: a message of the catalogue with its arguments, several
/// said one after the other, or verbatim text that is no sentence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Text {
    /// A message: its key in the catalogue and its arguments.
    Msg {
        key: Cow<'static, str>,
        args: Vec<(Cow<'static, str>, Arg)>,
    },
    /// Parts said one after the other, joined by `with` (a space, a line).
    Join {
        parts: Vec<Text>,
        with: Cow<'static, str>,
    },
    /// Verbatim text that is no sentence: a record, a name on its own, the
    /// table drawn in characters.
    Raw(String),
    /// A message said as a whole sentence: its first letter a capital, and
    /// the language's full stop (`sentence-end`) when it has no end of its
    /// own. Refusals are messages that may also be parts of sentences.
    Sentence(Box<Text>),
    /// Text a front end marks: a number to find at a glance, a move taken
    /// back (bold and struck through on Discord, plain in the terminal).
    Marked(Emphasis, Box<Text>),
}

/// How a front end may mark a piece of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Emphasis {
    /// Stands out: an entry's number, a game's number.
    Strong,
    /// No longer counts: a move taken back.
    Struck,
}

/// An argument of a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Arg {
    /// Said as it is: a word of the command language (`K11`, `dolphin-m`,
    /// `/aq draw truck:2`), a game's number, a name of a thing.
    Str(String),
    /// A whole number: said in the language's digits, and selecting plural
    /// forms.
    Num(i64),
    /// A number with `digits` after the point, in the language's way.
    Dec { value: f64, digits: u8 },
    /// A person, by the name they go by at the table and their id: a front
    /// end may show a mention.
    Person { name: String, id: String },
    /// A moment (milliseconds since 1970, UTC): a front end shows it its way.
    Time(i64),
    /// A place where games are played, by its id: a front end may link it.
    Channel(String),
    /// Another message, said in the same language.
    Text(Box<Text>),
}

impl Text {
    /// A message without arguments.
    pub fn msg(key: &'static str) -> Text {
        Text::Msg {
            key: Cow::Borrowed(key),
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        if let Text::Msg { args, .. } = &mut self {
            args.push((Cow::Borrowed(name), value.into()));
        }
        self
    }

    /// Parts said one after the other, separated by a space.
    pub fn words(parts: Vec<Text>) -> Text {
        Text::Join {
            parts,
            with: Cow::Borrowed(" "),
        }
    }

    /// Parts said one a line.
    pub fn lines(parts: Vec<Text>) -> Text {
        Text::Join {
            parts,
            with: Cow::Borrowed("\n"),
        }
    }

    /// This, marked by the front end that says it.
    pub fn marked(self, mark: Emphasis) -> Text {
        Text::Marked(mark, Box::new(self))
    }

    /// Nothing to say.
    pub fn empty() -> Text {
        Text::Raw(String::new())
    }

    pub fn is_empty(&self) -> bool {
        match self {
            Text::Raw(s) => s.is_empty(),
            Text::Join { parts, .. } => parts.iter().all(Text::is_empty),
            Text::Sentence(t) | Text::Marked(_, t) => t.is_empty(),
            Text::Msg { .. } => false,
        }
    }

    /// This, then `more` after a space.
    pub fn then(self, more: Text) -> Text {
        self.joined(more, " ")
    }

    /// This, then `more` on a line of its own.
    pub fn then_line(self, more: Text) -> Text {
        self.joined(more, "\n")
    }

    fn joined(self, more: Text, with: &'static str) -> Text {
        if self.is_empty() {
            return more;
        }
        if more.is_empty() {
            return self;
        }
        match self {
            Text::Join { mut parts, with: w } if w == with => {
                parts.push(more);
                Text::Join { parts, with: w }
            }
            other => Text::Join {
                parts: vec![other, more],
                with: Cow::Borrowed(with),
            },
        }
    }

    /// Every message key said, nested ones included (for checks).
    pub fn keys(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_keys(&mut out);
        out
    }

    fn collect_keys(&self, out: &mut Vec<String>) {
        match self {
            Text::Msg { key, args } => {
                out.push(key.to_string());
                for (_, a) in args {
                    if let Arg::Text(t) = a {
                        t.collect_keys(out);
                    }
                }
            }
            Text::Join { parts, .. } => parts.iter().for_each(|p| p.collect_keys(out)),
            Text::Sentence(t) => {
                out.push("sentence-end".to_string());
                t.collect_keys(out)
            }
            Text::Marked(_, t) => t.collect_keys(out),
            Text::Raw(_) => {}
        }
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::empty()
    }
}

/// Text not yet in the catalogue, said as it is (the pseudo-locale finds it).
impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::Raw(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::Raw(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(Box::new(t))
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
numbers!(i64, i32, u32, u64, usize, u8, u16);

/// What a front end adds to the words: how it shows a person, a moment.
pub trait Markup {
    /// A person: their name by default.
    fn person(&self, name: &str, _id: &str) -> String {
        name.to_string()
    }
    /// A moment: by default its UTC date and time, `2026-11-23 14:05 UTC`.
    fn time(&self, ms: i64) -> String {
        utc_minute(ms)
    }
    /// Text marked to stand out or as no longer counting: unmarked by default.
    fn mark(&self, _mark: Emphasis, said: String) -> String {
        said
    }
    /// A channel: `#` and its id by default.
    fn channel(&self, id: &str) -> String {
        format!("#{id}")
    }
}

/// Names and UTC dates: the terminal's way, and the one for tests and logs.
pub struct Plain;

impl Markup for Plain {}

/// `2026-11-23 14:05 UTC`.
pub fn utc_minute(ms: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)) {
        Ok(at) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02} UTC",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        ),
        Err(_) => ms.to_string(),
    }
}

/// Says `text` in `lang` with a front end's `markup`.
pub fn say(lang: &Lang, text: &Text, markup: &dyn Markup) -> String {
    match text {
        Text::Raw(s) => s.clone(),
        Text::Sentence(t) => {
            let mut said = say(lang, t, markup);
            if let Some(first) = said.chars().next() {
                let upper: String = first.to_uppercase().collect();
                said.replace_range(..first.len_utf8(), &upper);
            }
            let end = CATALOGUE.lookup(lang.catalogue_id(), "sentence-end");
            let ended = said
                .trim_end_matches(['⟧', '~'])
                .ends_with(['.', '!', '?', '。', '！', '？', ':']);
            if !said.is_empty() && !ended {
                said.push_str(&end);
            }
            said
        }
        Text::Marked(mark, t) => {
            let said = say(lang, t, markup);
            if said.is_empty() {
                said
            } else {
                markup.mark(*mark, said)
            }
        }
        Text::Join { parts, with } => {
            let said = parts
                .iter()
                .map(|p| say(lang, p, markup))
                .filter(|s| !s.is_empty());
            let mut out = String::new();
            for (i, part) in said.enumerate() {
                // A full-width stop ends its own space: Japanese sentences
                // follow one another without one.
                let wide_end = out.ends_with(['。', '！', '？', '」', '）']);
                if i > 0 && !(with == " " && wide_end) {
                    out.push_str(with);
                }
                out.push_str(&part);
            }
            out
        }
        Text::Msg { key, args } => {
            let mut values: HashMap<Cow<'static, str>, FluentValue> = HashMap::new();
            for (name, arg) in args {
                let value = match arg {
                    Arg::Str(s) => FluentValue::from(s.clone()),
                    Arg::Num(n) => FluentValue::from(*n),
                    Arg::Dec { value, digits } => FluentValue::from(decimal(lang, *value, *digits)),
                    Arg::Person { name, id } => FluentValue::from(markup.person(name, id)),
                    Arg::Time(ms) => FluentValue::from(markup.time(*ms)),
                    Arg::Channel(id) => FluentValue::from(markup.channel(id)),
                    Arg::Text(t) => FluentValue::from(say(lang, t, markup)),
                };
                values.insert(name.clone(), value);
            }
            let said = CATALOGUE.lookup_complete(lang.catalogue_id(), key, Some(&values));
            if lang.is_pseudo() {
                // Lengthened by its own words: the messages inside it were
                // lengthened already, as a translation's would be.
                for (name, arg) in args {
                    if matches!(arg, Arg::Text(_)) {
                        values.insert(name.clone(), FluentValue::from(""));
                    }
                }
                let own = CATALOGUE.lookup_complete(lang.catalogue_id(), key, Some(&values));
                pseudo(&said, own.chars().count())
            } else {
                said
            }
        }
    }
}

/// Says `text` in `lang` with names and UTC dates.
pub fn plain(lang: &Lang, text: &Text) -> String {
    say(lang, text, &Plain)
}

/// A message without arguments, said in `lang`.
pub fn word(lang: &Lang, key: &'static str) -> String {
    plain(lang, &Text::msg(key))
}

/// A number with `digits` after the point, with the language's decimal
/// separator (the catalogue's `-decimal-separator`).
fn decimal(lang: &Lang, value: f64, digits: u8) -> String {
    let written = format!("{value:.*}", usize::from(digits));
    let separator = CATALOGUE.lookup(lang.catalogue_id(), "decimal-separator");
    if separator == "." {
        written
    } else {
        written.replace('.', &separator)
    }
}

/// The pseudo-locale's form of a message whose own words (without the
/// messages inside it) are `own` characters: wrapped, and 40% of them
/// longer.
fn pseudo(said: &str, own: usize) -> String {
    let pad = "~".repeat(own * 2 / 5);
    format!("⟦{said}{pad}⟧")
}

/// Whether the catalogue has `key` in `lang`'s own files (no fallback).
pub fn has(lang: &Lang, key: &str) -> bool {
    CATALOGUE
        .lookup_single_language::<&str>(lang.catalogue_id(), key, None)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_find_their_language_or_fall_back_to_english() {
        assert_eq!(Lang::for_locale("en-US"), Lang::english());
        assert_eq!(Lang::for_locale("ja").code(), "ja");
        assert_eq!(Lang::for_locale("de_DE.UTF-8").code(), "de");
        assert_eq!(Lang::for_locale("pt-BR"), Lang::english());
        assert_eq!(Lang::find("pt-BR"), None);
        assert!(Lang::for_locale(PSEUDO).is_pseudo());
        assert_eq!(Lang::all().first(), Some(&Lang::english()));
    }

    #[test]
    fn messages_are_said_in_each_language_and_the_pseudo_locale_wraps_them() {
        let text = Text::msg("discord-working");
        let en = plain(&Lang::english(), &text);
        assert!(!en.is_empty() && !en.contains("Unknown localization key"));
        let p = plain(&Lang::pseudo(), &text);
        assert!(p.starts_with('⟦') && p.ends_with('⟧') && p.contains(&en));
        assert!(p.chars().count() >= en.chars().count() * 7 / 5);
        // A message inside another is lengthened once, as translated.
        let inner = Text::msg("discord-working");
        let outer = Text::msg("picture-replay-move")
            .arg("round", 1)
            .arg("move", 2)
            .arg("sentence", inner);
        let said = plain(&Lang::pseudo(), &outer);
        let own = plain(&Lang::english(), &outer).chars().count() - en.chars().count();
        assert_eq!(
            said.chars().count(),
            p.chars().count() + own + 2 + own * 2 / 5,
            "{said}"
        );
        let joined = Text::msg("discord-working").then(Text::Raw("x".into()));
        assert_eq!(plain(&Lang::english(), &joined), format!("{en} x"));
        assert_eq!(decimal(&Lang::english(), 12.456, 1), "12.5");
        assert_eq!(decimal(&Lang::for_locale("de"), 12.456, 1), "12,5");
    }

    #[test]
    fn sentences_after_a_full_width_stop_need_no_space() {
        let two = Text::words(vec![
            Text::Raw("第1ラウンド。".into()),
            Text::Raw("benさんの番です。".into()),
            Text::Raw("x".into()),
        ]);
        assert_eq!(
            plain(&Lang::english(), &two),
            "第1ラウンド。benさんの番です。x"
        );
        let en = Text::words(vec![Text::Raw("Round 1.".into()), Text::Raw("Go.".into())]);
        assert_eq!(plain(&Lang::english(), &en), "Round 1. Go.");
        let lines = Text::lines(vec![Text::Raw("終わり。".into()), Text::Raw("次".into())]);
        assert_eq!(plain(&Lang::english(), &lines), "終わり。\n次");
    }

    #[test]
    fn marks_and_channels_are_the_front_ends() {
        let text = Text::Raw("7.".into())
            .marked(Emphasis::Strong)
            .then(Text::Raw("draw 2".into()).marked(Emphasis::Struck))
            .then(Text::msg("games-in-channel").arg("channel", Arg::Channel("42".into())));
        let plain_said = plain(&Lang::english(), &text);
        assert!(plain_said.starts_with("7. draw 2 "), "{plain_said}");
        assert!(
            plain_said.contains("#42") && !plain_said.contains('*'),
            "{plain_said}"
        );
        struct Marking;
        impl Markup for Marking {
            fn mark(&self, mark: Emphasis, said: String) -> String {
                format!("{mark:?}({said})")
            }
            fn channel(&self, id: &str) -> String {
                format!("<{id}>")
            }
        }
        let marked = say(&Lang::english(), &text, &Marking);
        assert!(marked.starts_with("Strong(7.) Struck(draw 2) "), "{marked}");
        assert!(marked.contains("<42>"), "{marked}");
        assert_eq!(text.keys(), vec!["games-in-channel".to_string()]);
        let json = serde_json::to_string(&text).expect("serializes");
        assert_eq!(
            serde_json::from_str::<Text>(&json).expect("reads back"),
            text
        );
    }

    #[test]
    fn a_lang_is_stored_as_its_code() {
        let ja = Lang::for_locale("ja");
        let json = serde_json::to_string(&ja).expect("serializes");
        assert_eq!(json, "\"ja\"");
        let back: Lang = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, ja);
        assert!(serde_json::from_str::<Lang>("\"xx\"").is_err());
    }
}
