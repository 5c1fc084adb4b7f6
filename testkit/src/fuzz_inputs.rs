//! What the fuzz tests (`tests/referee/fuzz.rs`) and the fuzz bench
//! (`benches/fuzz.rs`) both use: valid examples to mutate, the alphabets,
//! the people at the table, and the checks of a refusal.

use aquaretto_bot::engine::{Animal, Mark, Tile};
use aquaretto_bot::referee::{Actor, Loaded};
use aquaretto_bot::view::controls::{self, Panel, Row};
use std::collections::BTreeMap;

/// Valid commands, the seeds of the mutations.
pub const EXAMPLES: &[&str] = &[
    "/aq new removed:\"penguin hippo\" first:ana seed:42",
    "/aq new deck:\"coin orca dolphin-m reserve coin\" seed:1",
    "/aq join",
    "/aq leave",
    "/aq start",
    "/aq abandon",
    "/aq addbot level:easy",
    "/aq removebot",
    "/aq draw truck:1",
    "take truck:1",
    "place tile:2 at:K11",
    "/aq place at:depot",
    "/aq place at:\"K11 tile:2\"",
    "/aq hire as:trainer at:L12",
    "/aq hire as:cashier",
    "/aq move from:depot to:K10",
    "/aq move from:manager to:K12",
    "buy from:<@x> at:A1",
    "/aq buy from:ben at:K12",
    "/aq discard",
    "expand size:small cells:\"N10 N11 O10\"",
    "/aq expand size:large cells:N10,N11,O10,O11",
    "/aq undo",
    "/aq moves",
    "/aq hint",
    "settings reminders:1h",
    "/aq settings turn_limit:2d hints:off",
    "/aq nudge",
    "/aq mygames",
    "/aq notify dm:on",
    "/aq kick",
    "/aq board",
    "/aq zoo player:ana",
    "/aq score",
    "history move:3",
    "/aq history move:3 game:1",
    "/aq games page:2",
    "/aq export game:1",
    "replay speed:fast",
    "/aq replay game:1 speed:slow",
    "/aq stats player:\"ana maria\"",
    "/aq rules topic:scoring",
    "/aq help",
];

/// Pieces inserted by mutations: syntax, option names, values at the edges,
/// huge numbers, and Unicode that looks like nothing or like something else.
#[rustfmt::skip]
pub const FRAGMENTS: &[&str] = &[
    "\"", "“", "”", ":", "::", " ", "  ", "\t", "\n", "\r\n", "\u{a0}", "\u{200b}", "\u{200d}",
    "\u{202e}", "\u{200f}", "\u{feff}", "é", "İ", "ß", "🐬", "\u{0}", "0", "00", "-1", "+1",
    "4294967296", "9223372036854775807", "9223372036854775808", "18446744073709551615",
    "18446744073709551616", "99999999999999999999999999999", "truck:", "at:", "tile:", "cells:",
    "size:", "from:", "to:", "game:", "move:", "page:", "speed:", "reminders:", "turn_limit:",
    "hints:", "dm:", "player:", "topic:", "first:", "seed:", "deck:", "removed:", "level:", "as:",
    "/aq", "aq ", "/", "depot", "K11", "k11", "Z99", "A0", "U21", "A100", "off", "on", "0m",
    "60d", "61d", "1w", "999999d", "1h30m", "small", "large", "trainer", "cashier", "strong",
    "coin", "reserve", "#", ",", "@everyone", "@here", "<@123>", "<@!123>", "<@&1>", "**", "`",
];

/// Cells written wrongly (or not cells at all).
pub const ODD_CELLS: &[&str] = &["depot", "A0", "V1", "K22", "k11", "K011", "11K", ""];

/// Players named as a command may name them, and some nobody has.
pub const PLAYER_WORDS: &[&str] = &["ana", "ben", "<@123>", "<@!123>", "nobody"];

/// White space of every kind.
pub const WHITE: &[&str] = &[" ", "\t", "\u{a0}", "\n", "\u{2003}", "\u{3000}"];

/// Places in a zoo a coworker or a tile moves from or to.
pub const POST_WORDS: &[&str] = &["depot", "cashier", "keeper", "manager", "trainer"];

/// Animals as `removed:` names them, right and wrong.
pub const ANIMAL_WORDS: &[&str] = &[
    "penguin",
    "hippos",
    "polar bear",
    "sealion",
    "turtle",
    "walrus",
];

/// The words tried for an option that takes one of a few words, right and
/// wrong; None for the other options.
pub fn option_words(option: &str) -> Option<&'static [&'static str]> {
    Some(match option {
        // `expand size` and `tournament new size`.
        "size" => &["small", "large", "Large", "medium", "2", "5", "6"],
        "action" => &[
            "new",
            "join",
            "leave",
            "start",
            "standings",
            "drop",
            "extend",
            "end",
            "Begin",
        ],
        "format" => &[
            "swiss",
            "round_robin",
            "Round-Robin",
            "elimination",
            "league",
        ],
        "clock" => &["fast", "normal", "slow", "off", "blitz"],
        "rated" | "vacations" => &["on", "off", "yes", "maybe"],
        "as" => &["cashier", "keepers", "manager", "trainer", "boss"],
        "level" => &["easy", "normal", "strong", "STRONG", "hard"],
        "hints" | "dm" => &["on", "off", "yes", "no", "true", "FALSE", "maybe"],
        "speed" => &["slow", "normal", "fast", "warp"],
        _ => return None,
    })
}

/// Huge and odd numbers.
pub const HUGE: &[&str] = &[
    "0",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "-1",
    "00000000000000000000001",
];

/// The characters of the command language, and some that are not.
pub const ALPHABET: &str =
    "abcdefghijklmnopqrstuvwxyz ABKLMNOUZ 0123456789 ::  \"\"“”,-_/#<>@!.\t\n\u{a0}é";

/// The characters of control codes.
pub const ID_ALPHABET: &str = "aq1:.-0123456789dthxuMosPOHTMDCFEslBKLNUkmcgpx";

pub const CHANNEL: &str = "chan-fuzz";

pub const GUILD: &str = "guild-fuzz";

/// Who acts: two seated players, someone at no seat, and a channel manager.
pub const PEOPLE: [(&str, &str, bool); 4] = [
    ("id-ana", "ana", false),
    ("id-ben", "ben", false),
    ("id-cy", "cy", false),
    ("id-mod", "mod", true),
];

pub fn actor(person: usize, name: Option<String>) -> Actor {
    let (id, plain, manages) = PEOPLE[person % PEOPLE.len()];
    Actor {
        id: id.to_string(),
        name: name.unwrap_or_else(|| plain.to_string()),
        manages_channel: manages,
    }
}

/// A refusal is a sentence: some words, not just punctuation.
pub fn is_sentence(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).count() >= 3
}

/// The numbers of the options a command text gives (`truck:02` -> "2"),
/// for the options written once.
pub fn numeric_options(text: &str) -> BTreeMap<String, String> {
    let mut all: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for word in text.split_whitespace() {
        if let Some((k, v)) = word.split_once(':') {
            let digits = v.trim_start_matches('0');
            let n = if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                String::new()
            } else if digits.is_empty() {
                "0".to_string()
            } else {
                digits.to_string()
            };
            all.entry(k.to_ascii_lowercase()).or_default().push(n);
        }
    }
    all.into_iter()
        .filter_map(|(k, v)| match v.as_slice() {
            [one] if !one.is_empty() => Some((k, one.clone())),
            _ => None,
        })
        .collect()
}

/// The controls a player can press: their ids and the values of each menu.
pub type Shown = Vec<(String, Vec<String>)>;

pub fn remember(shown: &mut Shown, panel: &Panel) {
    for row in &panel.rows {
        match row {
            Row::Buttons(buttons) => {
                shown.extend(buttons.iter().map(|b| (b.id.clone(), Vec::new())))
            }
            Row::Select(s) => shown.push((
                s.id.clone(),
                s.options.iter().map(|o| o.value.clone()).collect(),
            )),
            // A link presses nothing: it opens a page.
            Row::Links(_) => {}
        }
    }
}

pub fn table_controls(loaded: &Loaded) -> Shown {
    let mut shown = Vec::new();
    if let Some(game) = &loaded.game() {
        let names = loaded.table_names();
        let view = loaded.view(game, &names, None);
        remember(&mut shown, &controls::table_panel(&view));
    }
    shown
}

/// Every tile word the deck format knows, and some it does not.
pub fn tile_words() -> Vec<String> {
    let mut words = vec!["coin".to_string(), "COIN".to_string()];
    for a in Animal::ALL {
        for m in Mark::ALL {
            words.push(Tile::animal(a, m).to_string());
        }
        words.push(format!("{}-bolt", a.word()));
        words.push(format!("{}-fish", a.word()));
        words.push(format!("{}s", a.word()));
    }
    words.extend(
        [
            "walrus",
            "dolphin-x",
            "-m",
            "orca-",
            "hippopotamus",
            "Sea_Lion",
            "reserve",
            "Reserve",
        ]
        .map(String::from),
    );
    words
}
