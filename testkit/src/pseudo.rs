//! The pseudo-locale's check: every message of the catalogue said in
//! `qps-ploc` is wrapped in `⟦…⟧`, so any word a player would read outside
//! the wrappers was written somewhere else than the catalogue. Names,
//! coordinates, tile and role words, command words and numbers are the
//! command language, not sentences, and may stand outside.

use aquaretto_bot::command::{Group, COMMANDS};
use aquaretto_bot::engine::{Animal, Cell, Role, Size, Tile};
use std::str::FromStr;

/// The words of `text` outside every `⟦…⟧` that are not names, numbers or
/// words of the command language: each one escaped the catalogue.
pub fn escaped(text: &str, names: &[&str]) -> Vec<String> {
    let mut outside = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '⟦' => depth += 1,
            '⟧' => {
                depth = depth.saturating_sub(1);
                outside.push(' ');
            }
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    let outside = strip_discord_markup(&outside);
    let outside: Vec<&str> = outside
        .lines()
        .filter(|line| !column_letters(line))
        .collect();
    let outside = outside.join("\n");
    let mut found = Vec::new();
    for word in outside.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == ':'))
    {
        let word = word.trim_matches(|c: char| c == '-' || c == ':' || c == '_');
        if word.is_empty() || !word.chars().any(char::is_alphabetic) {
            continue;
        }
        if allowed(word, names) {
            continue;
        }
        found.push(word.to_string());
    }
    found
}

/// [`escaped`] for each line of `text` (numbered from 1) that says words
/// outside the catalogue. A message of several lines is wrapped once, so a
/// line inside it is read within the wrappers still open at its start.
pub fn escaped_lines(text: &str, names: &[&str]) -> Vec<(usize, String, Vec<String>)> {
    let mut depth = 0usize;
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words = escaped(&format!("{}{line}", "⟦".repeat(depth)), names);
        if !words.is_empty() {
            found.push((i + 1, line.to_string(), words));
        }
        for c in line.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    found
}

/// A line of a zoo grid's column letters (`  I    J    K`): two or more
/// single capital letters, in the alphabet's order one after the other.
/// They are coordinates, the command language.
fn column_letters(line: &str) -> bool {
    let letters: Vec<&str> = line.split_whitespace().collect();
    letters.len() >= 2
        && letters
            .iter()
            .all(|l| l.len() == 1 && l.chars().all(|c| c.is_ascii_uppercase()))
        && letters
            .windows(2)
            .all(|w| w[1].as_bytes()[0] == w[0].as_bytes()[0] + 1)
}

/// Mentions, channel links and timestamps are Discord's markup around ids.
fn strip_discord_markup(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        match after.find('>') {
            Some(end)
                if after[1..end]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "@#:!&".contains(c)) =>
            {
                out.push(' ');
                rest = &after[end + 1..];
            }
            _ => {
                out.push('<');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Words of the command language besides the commands and options (which
/// come from [`COMMANDS`] and [`Group::WORDS`]): values written in
/// commands, and the language codes.
const VALUE_WORDS: &[&str] = &[
    "aq", "truck", "tile", "cell", "role", "depot", "coin", "cpu", "easy", "normal", "strong",
    "on", "off", "auto", "en", "ja", "de", "qps-ploc",
];

/// The grid's codes in the table in characters (an animal's three letters,
/// a trainer), which its legend says in the catalogue's words.
const GRID_CODES: &[&str] = &[
    "Dol", "Orc", "SeL", "Tur", "Pen", "PoB", "Cro", "Hip", "TRN",
];

fn command_word(word: &str) -> bool {
    VALUE_WORDS.contains(&word)
        || Group::WORDS.contains(&word)
        || COMMANDS
            .iter()
            .any(|spec| spec.name == word || spec.options.contains(&word))
}

fn allowed(word: &str, names: &[&str]) -> bool {
    if names
        .iter()
        .any(|n| n.split_whitespace().any(|part| part == word))
    {
        return true;
    }
    if GRID_CODES.contains(&word) {
        return true;
    }
    let lower = word.to_ascii_lowercase();
    if command_word(&lower) {
        return true;
    }
    // `draw:2`, `truck:2`, `cpu:normal`: a command word and its value.
    if let Some((name, value)) = word.split_once(':') {
        return allowed(name, names)
            && (value.is_empty() || allowed(value, names) || value.parse::<i64>().is_ok());
    }
    Cell::from_str(word).is_ok()
        || Tile::from_str(word).is_ok()
        || Animal::from_str(word).is_ok()
        || Role::from_str(word).is_ok()
        || Size::from_str(word).is_ok()
        // Numbers with a unit the command language writes (`5s`, `2x`).
        || word.trim_start_matches(|c: char| c.is_ascii_digit()).len() <= 1
            && word.starts_with(|c: char| c.is_ascii_digit())
}
