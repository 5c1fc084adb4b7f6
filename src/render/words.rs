//! The pictures' words: every word a person reads in a picture comes from
//! the catalogue (`locales/<lang>/pictures.ftl` and the game's terms), said
//! in the language the picture is drawn in ([`super::SeatMarks::lang`]).
//!
//! Each text with a box to stay in is drawn through [`Canvas::text_in`],
//! which draws what does not fit smaller (never below the smallest text
//! size), then cuts it (between grapheme clusters, with an ellipsis) rather
//! than draw outside the box. A cut sentence is a layout that failed its
//! language: [`check_texts`] records every text drawn in a
//! box, and whether it was cut, so that a test can draw every picture in
//! every language and find the words that did not fit.
//!
//! [`Canvas::text_in`]: super::canvas::Canvas::text_in

use super::style::SMALL;
use super::typeset::{Fonts, Style};
pub(crate) use crate::lang::engine::and_list;
use crate::lang::{self, Lang, Text};
use std::cell::RefCell;
use std::sync::{Arc, Mutex};
use unicode_segmentation::UnicodeSegmentation;

/// A message of the catalogue without arguments, in `lang`.
pub(crate) fn word(lang: &Lang, key: &'static str) -> String {
    lang::word(lang, key)
}

/// A text in `lang` (names as they are).
pub(crate) fn say(lang: &Lang, text: &Text) -> String {
    lang::plain(lang, text)
}

/// Marks a line never begins with.
const NO_LINE_START: &str = "。、，．）」』！？!?.,:;)";

/// `text` broken into lines that fit `room` pixels at `st` (after spaces,
/// or between characters in a language written without them); a line that
/// still does not fit is drawn smaller; at most `most` lines, the last
/// taking the rest.
pub(crate) fn wrapped(f: &Fonts, text: &str, st: &Style, room: f32, most: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text.to_string();
    while !rest.is_empty() && lines.len() + 1 < most {
        let (mut first, mut more) = split_to_fit(f, &rest, st, room);
        // No line begins with a closing mark (。、」): it stays with the
        // line before, drawn a little smaller if need be.
        let closing: String = more
            .chars()
            .take_while(|c| NO_LINE_START.contains(*c))
            .collect();
        if !closing.is_empty() {
            first.push_str(&closing);
            more = more[closing.len()..].trim_start().to_string();
        }
        lines.push(first);
        rest = more;
    }
    if !rest.is_empty() {
        lines.push(rest);
    }
    lines
}

/// A text drawn in a box, as [`check_texts`] records it.
#[derive(Debug, Clone, PartialEq)]
pub struct BoxedText {
    /// The text as asked, before any cut.
    pub text: String,
    /// Its width in pixels, and the width of its box.
    pub width: f32,
    pub room: f32,
}

impl BoxedText {
    /// Whether it was cut to fit its box.
    pub fn cut(&self) -> bool {
        self.width > self.room
    }
}

/// Where [`check_texts`] records, shared with the threads a picture is
/// drawn on (a replay draws its frames on several).
pub(crate) type Sink = Arc<Mutex<Vec<BoxedText>>>;

thread_local! {
    static CHECKED: RefCell<Option<Sink>> = const { RefCell::new(None) };
}

/// Runs `draw` recording every text drawn in a box, on this thread and the
/// threads it draws on: its width and its box's. For tests that look for
/// words that do not fit.
pub fn check_texts<T>(draw: impl FnOnce() -> T) -> (T, Vec<BoxedText>) {
    let sink: Sink = Arc::default();
    let out = checked_by(Some(sink.clone()), draw);
    let seen = match sink.lock() {
        Ok(mut seen) => std::mem::take(&mut *seen),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    (out, seen)
}

/// The sink this thread records into, to hand to the threads it starts.
pub(crate) fn checking() -> Option<Sink> {
    CHECKED.with(|c| c.borrow().clone())
}

/// Runs `f` recording into `sink` (nothing when `None`), as the thread that
/// started this one does.
pub(crate) fn checked_by<T>(sink: Option<Sink>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Sink>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            CHECKED.with(|c| *c.borrow_mut() = before);
        }
    }
    let before = CHECKED.with(|c| std::mem::replace(&mut *c.borrow_mut(), sink));
    let _restore = Restore(before);
    f()
}

/// `style`, or a smaller size of it (not below [`SMALL`]) when `text` is
/// wider than `room` pixels in it.
pub(crate) fn shrunk(f: &Fonts, text: &str, style: &Style, room: f32) -> Style {
    let width = f.width(text, style);
    if width <= room || style.size <= SMALL || width <= 0.0 {
        return *style;
    }
    let size = (style.size * room / width).floor().max(SMALL);
    Style::new(size, style.bold, style.color)
}

/// `text` as a first line that fits `room` pixels, broken after a space
/// (anywhere between grapheme clusters in a text without spaces, as
/// Japanese is written), and the rest; the rest is empty when it all fits.
pub(crate) fn split_to_fit(f: &Fonts, text: &str, style: &Style, room: f32) -> (String, String) {
    if f.width(text, style) <= room {
        return (text.to_string(), String::new());
    }
    let spaces: Vec<usize> = text.match_indices(' ').map(|(i, _)| i).collect();
    let breaks: Vec<usize> = if spaces.is_empty() {
        text.grapheme_indices(true)
            .map(|(i, _)| i)
            .skip(1)
            .collect()
    } else {
        spaces
    };
    let fits = |i: usize| f.width(text[..i].trim_end(), style) <= room;
    match breaks.iter().rev().find(|&&i| fits(i)) {
        Some(&i) => (
            text[..i].trim_end().to_string(),
            text[i..].trim_start().to_string(),
        ),
        None => (text.to_string(), String::new()),
    }
}

/// `text` cut to fit `room` pixels (see [`Fonts::fit`]), recorded when
/// [`check_texts`] runs.
pub(crate) fn fit_in(f: &Fonts, text: &str, style: &Style, room: f32) -> String {
    if let Some(sink) = checking() {
        let seen = BoxedText {
            text: text.to_string(),
            width: f.width(text, style),
            room,
        };
        match sink.lock() {
            Ok(mut all) => all.push(seen),
            Err(poisoned) => poisoned.into_inner().push(seen),
        }
    }
    f.fit(text, style, room)
}
