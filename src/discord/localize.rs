//! The `/aq` registration in every language of the catalogue: descriptions
//! of commands, groups and options, and the labels of fixed choices, from
//! `locales/<lang>/commands.ftl`.
//!
//! The command tree is declared once in [`super::commands`] (names, options,
//! types); this module walks it after it is built and words it: the default
//! text (English) and Discord's `description_localizations` /
//! `name_localizations` for every other language of [`Lang::all`], so a new
//! language is a new folder and no code.
//!
//! Invariants:
//! - Names of commands and options are never localized: a move typed,
//!   scripted or recorded reads the same in every language (docs/commands.md).
//! - Keys follow the tree: `cmd-aq-desc` for `/aq` itself, `cmd-<path>-desc`
//!   for a command (`cmd-draw-desc`, `cmd-game-new-desc`),
//!   `cmd-<path>-<option>-desc` for an option (`cmd-draw-truck-desc`), and
//!   `choice-<option>-<value>` for a fixed choice (`choice-size-small`);
//!   underscores become dashes.
//! - A language gets a localization only for a message of its own files
//!   (a missing one is Discord's default, never a key); a command without an
//!   English message keeps the description written beside it.

use crate::lang::{self, Lang, Text};
use std::collections::HashMap;

/// Discord's locales (its `Locale` list), by which a language of the
/// catalogue is registered.
const DISCORD_LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Discord's locales for a language of the catalogue: the one it names
/// exactly (`pt-BR`), else every one of its language (`es` for `es-ES` and
/// `es-419`).
pub fn discord_locales(lang: &Lang) -> Vec<&'static str> {
    let code = lang.code();
    if let Some(exact) = DISCORD_LOCALES
        .iter()
        .find(|l| l.eq_ignore_ascii_case(&code))
    {
        return vec![exact];
    }
    let language = code.split('-').next().unwrap_or_default();
    DISCORD_LOCALES
        .iter()
        .copied()
        .filter(|l| l.split('-').next() == Some(language))
        .collect()
}

/// The languages registered as localizations (every one but English, the
/// default) with their Discord locales.
fn localized() -> Vec<(Lang, Vec<&'static str>)> {
    Lang::all()
        .into_iter()
        .filter(|l| *l != Lang::english())
        .map(|l| {
            let locales = discord_locales(&l);
            (l, locales)
        })
        .filter(|(_, locales)| !locales.is_empty())
        .collect()
}

fn key_part(name: &str) -> String {
    name.replace('_', "-")
}

/// The message key of a command's description (`path` is the words after
/// `/aq`).
pub fn command_key(path: &[String]) -> String {
    if path.is_empty() {
        "cmd-aq-desc".to_string()
    } else {
        format!("cmd-{}-desc", path.join("-"))
    }
}

/// The message key of an option's description.
pub fn option_key(path: &[String], option: &str) -> String {
    let mut words = path.to_vec();
    words.push(key_part(option));
    command_key(&words)
}

/// The message key of a fixed choice's label.
pub fn choice_key(option: &str, choice: &str) -> String {
    format!("choice-{}-{}", key_part(option), key_part(choice))
}

/// `key` in `lang`, if its own files have it.
fn own(lang: &Lang, key: &str) -> Option<String> {
    lang::has(lang, key).then(|| {
        lang::plain(
            lang,
            &Text::Msg {
                key: key.to_string().into(),
                args: Vec::new(),
            },
        )
    })
}

/// Fills `map` with `key` in every localized language that has it.
fn localize_into(map: &mut HashMap<String, String>, key: &str, languages: &[(Lang, Vec<&str>)]) {
    for (lang, locales) in languages {
        if let Some(text) = own(lang, key) {
            for locale in locales {
                map.insert((*locale).to_string(), text.clone());
            }
        }
    }
}

/// Words the `/aq` command and everything under it.
pub fn localize<U, E>(aq: &mut poise::Command<U, E>) {
    let languages = localized();
    walk(aq, &[], &languages);
}

/// Words a command of its own beside `/aq` (`/tournament`), named
/// `name`, and everything under it: its keys are those `/aq name` would
/// have (`cmd-tournament-desc`, `cmd-tournament-new-desc`).
pub fn localize_apart<U, E>(command: &mut poise::Command<U, E>, name: &str) {
    let languages = localized();
    walk(command, &[key_part(name)], &languages);
}

fn walk<U, E>(
    command: &mut poise::Command<U, E>,
    path: &[String],
    languages: &[(Lang, Vec<&str>)],
) {
    let key = command_key(path);
    if let Some(text) = own(&Lang::english(), &key) {
        command.description = Some(text);
    }
    localize_into(&mut command.description_localizations, &key, languages);
    for parameter in &mut command.parameters {
        let key = option_key(path, &parameter.name);
        if let Some(text) = own(&Lang::english(), &key) {
            parameter.description = Some(text);
        }
        localize_into(&mut parameter.description_localizations, &key, languages);
        for choice in &mut parameter.choices {
            let key = choice_key(&parameter.name, &choice.name);
            localize_into(&mut choice.localizations, &key, languages);
            if let Some(text) = own(&Lang::english(), &key) {
                choice.name = text;
            }
        }
    }
    for sub in &mut command.subcommands {
        let mut inner = path.to_vec();
        inner.push(key_part(&sub.name));
        walk(sub, &inner, languages);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_find_their_discord_locales() {
        assert_eq!(discord_locales(&Lang::for_locale("ja")), ["ja"]);
        assert_eq!(discord_locales(&Lang::for_locale("de")), ["de"]);
        assert_eq!(discord_locales(&Lang::english()), ["en-GB", "en-US"]);
    }

    #[test]
    fn keys_follow_the_tree() {
        let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(command_key(&path(&[])), "cmd-aq-desc");
        assert_eq!(command_key(&path(&["game", "new"])), "cmd-game-new-desc");
        assert_eq!(
            option_key(&path(&["game", "settings"]), "turn_limit"),
            "cmd-game-settings-turn-limit-desc"
        );
        assert_eq!(choice_key("size", "small"), "choice-size-small");
    }
}
