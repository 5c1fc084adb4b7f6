//! Which of the catalogue's languages a text the bot sent is written in,
//! told from the catalogue itself: each language's words (and, for
//! Japanese, its characters) that no other language of the catalogue uses,
//! counted in the text. Names, numbers and the command language are in no
//! language's own words, so they count for none.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

fn vocabularies() -> &'static BTreeMap<String, BTreeSet<String>> {
    static WORDS: OnceLock<BTreeMap<String, BTreeSet<String>>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let root = crate::root().join("locales");
        let mut all: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for dir in std::fs::read_dir(&root).expect("locales/").flatten() {
            if !dir.path().is_dir() {
                continue;
            }
            let lang = dir.file_name().to_string_lossy().into_owned();
            let words = all.entry(lang).or_default();
            for file in std::fs::read_dir(dir.path()).expect("a language").flatten() {
                let path = file.path();
                if path.extension().is_none_or(|x| x != "ftl") {
                    continue;
                }
                let source = std::fs::read_to_string(&path).expect("readable");
                for line in source.lines() {
                    let line = line.trim_start();
                    if line.starts_with('#') {
                        continue;
                    }
                    // The value of `key = value`, or a continuation line.
                    let value = match line.split_once(" = ") {
                        Some((key, value)) if !key.contains(' ') => value,
                        _ => line,
                    };
                    words.extend(tokens(&without_placeables(value)));
                }
            }
        }
        // Keep each language's own words: those no other language uses.
        let langs: Vec<String> = all.keys().cloned().collect();
        let mut own = BTreeMap::new();
        for lang in &langs {
            let mut mine = all[lang].clone();
            for other in langs.iter().filter(|o| *o != lang) {
                mine = mine.difference(&all[other]).cloned().collect();
            }
            own.insert(lang.clone(), mine);
        }
        own
    })
}

fn without_placeables(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                out.push(' ');
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x9FFF | 0xFF66..=0xFF9F)
}

/// Lowercase words of three letters or more, and each Japanese character.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in s.chars() {
        if is_cjk(c) {
            out.push(c.to_string());
        }
        if c.is_alphabetic() && !is_cjk(c) {
            word.extend(c.to_lowercase());
        } else {
            if word.chars().count() >= 3 {
                out.push(std::mem::take(&mut word));
            }
            word.clear();
        }
    }
    if word.chars().count() >= 3 {
        out.push(word);
    }
    out
}

/// The language `text` is written in, by the count of each language's own
/// words in it, with the counts (for a failure's message). `None` when no
/// language's own word occurs, or two tie.
pub fn language_of(text: &str) -> (Option<String>, BTreeMap<String, usize>) {
    let words = tokens(text);
    let mut counts = BTreeMap::new();
    for (lang, own) in vocabularies() {
        counts.insert(
            lang.clone(),
            words.iter().filter(|w| own.contains(*w)).count(),
        );
    }
    let mut ranked: Vec<(&String, &usize)> = counts.iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(a.1));
    let best = match ranked.as_slice() {
        [(lang, n), (_, m), ..] if **n > 0 && n > m => Some((*lang).clone()),
        [(lang, n)] if **n > 0 => Some((*lang).clone()),
        _ => None,
    };
    (best, counts)
}

/// Fails, naming the text and the counts, unless `text` is in `lang`.
pub fn assert_in(lang: &str, text: &str, what: &str) {
    let (found, counts) = language_of(text);
    assert_eq!(
        found.as_deref(),
        Some(lang),
        "{what}: expected {lang}, counts {counts:?}, text: {text}"
    );
}
