//! The inputs `tests/referee/fuzz.rs` generates: mutations of valid commands,
//! commands built from their options, deck files, durations and control
//! ids, as proptest strategies.

use crate::fuzz_inputs::*;
use aquaretto_bot::command;
use aquaretto_bot::engine::{Animal, Cell, Post, Role, Size, Tile};
use aquaretto_bot::view::controls::{Control, ControlId, Step};
use proptest::prelude::*;

#[derive(Debug, Clone)]
pub enum Edit {
    Insert(usize, &'static str),
    InsertChar(usize, char),
    Delete(usize, usize),
    Replace(usize, char),
    DuplicateToken(usize, usize),
    SwapTokens(usize, usize),
    DropToken(usize),
}

pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), proptest::sample::select(FRAGMENTS)).prop_map(|(p, f)| Edit::Insert(p, f)),
        (any::<usize>(), any::<char>()).prop_map(|(p, c)| Edit::InsertChar(p, c)),
        (any::<usize>(), 1usize..6).prop_map(|(p, n)| Edit::Delete(p, n)),
        (any::<usize>(), alphabet_char()).prop_map(|(p, c)| Edit::Replace(p, c)),
        (any::<usize>(), 1usize..40).prop_map(|(p, n)| Edit::DuplicateToken(p, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapTokens(a, b)),
        any::<usize>().prop_map(Edit::DropToken),
    ]
}

pub fn alphabet_char() -> impl Strategy<Value = char> {
    let chars: Vec<char> = ALPHABET.chars().collect();
    prop_oneof![4 => proptest::sample::select(chars), 1 => any::<char>()]
}

/// Applies edits to a text, by characters and by white-space tokens.
pub fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len();
        match *e {
            Edit::Insert(p, f) => {
                let i = p % (len + 1);
                chars.splice(i..i, f.chars());
            }
            Edit::InsertChar(p, c) => chars.insert(p % (len + 1), c),
            Edit::Delete(p, n) if len > 0 => {
                let i = p % len;
                chars.drain(i..(i + n).min(len));
            }
            Edit::Replace(p, c) if len > 0 => chars[p % len] = c,
            Edit::Delete(..) | Edit::Replace(..) => {}
            Edit::DuplicateToken(p, n) => {
                chars = on_tokens(&chars, |tokens| {
                    let i = p % tokens.len();
                    let t = tokens[i].clone();
                    for _ in 0..n {
                        tokens.insert(i, t.clone());
                    }
                })
            }
            Edit::SwapTokens(a, b) => {
                chars = on_tokens(&chars, |tokens| {
                    let n = tokens.len();
                    tokens.swap(a % n, b % n);
                })
            }
            Edit::DropToken(p) => {
                chars = on_tokens(&chars, |tokens| {
                    let i = p % tokens.len();
                    tokens.remove(i);
                })
            }
        }
    }
    chars.into_iter().collect()
}

/// Edits the space-separated tokens of a text (never fewer than one).
pub fn on_tokens(chars: &[char], edit: impl FnOnce(&mut Vec<String>)) -> Vec<char> {
    let text: String = chars.iter().collect();
    let mut tokens: Vec<String> = text.split(' ').map(String::from).collect();
    edit(&mut tokens);
    tokens.join(" ").chars().collect()
}

pub fn chars_from(
    alphabet: impl Strategy<Value = char>,
    max: usize,
) -> impl Strategy<Value = String> {
    proptest::collection::vec(alphabet, 0..max).prop_map(String::from_iter)
}

/// Values an option may be given: valid ones, edge cases, and others.
pub fn option_value(option: &'static str) -> BoxedStrategy<String> {
    let number = prop_oneof![
        3 => (0u64..12).prop_map(|n| n.to_string()),
        1 => proptest::sample::select(HUGE).prop_map(String::from),
        1 => any::<u64>().prop_map(|n| n.to_string()),
    ];
    let cell_word = prop_oneof![
        3 => cell().prop_map(|c| c.to_string()),
        1 => proptest::sample::select(ODD_CELLS).prop_map(String::from),
    ];
    let words = |w: &'static [&'static str]| proptest::sample::select(w).prop_map(String::from);
    if let Some(list) = option_words(option) {
        return words(list).boxed();
    }
    let name = prop_oneof![
        2 => words(PLAYER_WORDS),
        1 => nasty_name(),
        1 => (words(&["ana", "ben"]), proptest::sample::select(WHITE), words(&["maria", "2"]))
            .prop_map(|(a, w, b)| format!("{a}{w}{b}")),
    ];
    match option {
        "truck" | "tile" | "seed" | "move" | "game" | "page" => number.boxed(),
        "at" => prop_oneof![
            3 => cell_word.clone(),
            1 => (cell_word.clone(), number.clone()).prop_map(|(c, n)| format!("{c} tile:{n}")),
        ]
        .boxed(),
        "cells" => (
            proptest::collection::vec(cell_word.clone(), 0..6),
            proptest::sample::select(vec![" ", ",", ", ", "\t"]),
        )
            .prop_map(|(cells, sep)| cells.join(sep))
            .boxed(),
        "from" | "to" => prop_oneof![cell_word, words(POST_WORDS), name.clone(),].boxed(),
        "reminders" | "turn_limit" => duration_text().boxed(),
        "removed" => proptest::collection::vec(words(ANIMAL_WORDS), 0..4)
            .prop_map(|w| w.join(" "))
            .boxed(),
        "deck" => deck_text().boxed(),
        _ => name.boxed(),
    }
}

/// A command of the language with some of its options (its required ones
/// mostly), each given a value from [`option_value`], quoted when it holds
/// white space.
pub fn structured_command() -> impl Strategy<Value = String> {
    let rows: Vec<(&str, &[&str], &[&str])> = command::COMMANDS
        .iter()
        .map(|spec| (spec.name, spec.options, spec.required))
        .collect();
    proptest::sample::select(rows).prop_flat_map(|(name, allowed, required)| {
        let options: Vec<BoxedStrategy<Option<String>>> = allowed
            .iter()
            .map(|&option| {
                let p = if required.contains(&option) {
                    0.95
                } else {
                    0.5
                };
                proptest::option::weighted(p, option_value(option))
                    .prop_map(move |v| {
                        v.map(|v| {
                            if v.contains(char::is_whitespace) || v.is_empty() {
                                format!("{option}:\"{v}\"")
                            } else {
                                format!("{option}:{v}")
                            }
                        })
                    })
                    .boxed()
            })
            .collect();
        (Just(name), options, any::<bool>()).prop_map(|(name, options, slash)| {
            let mut text = if slash {
                format!("/aq {name}")
            } else {
                name.to_string()
            };
            for o in options.into_iter().flatten() {
                text.push(' ');
                text.push_str(&o);
            }
            text
        })
    })
}

/// Command texts: commands put together from their options, arbitrary
/// strings, strings of the command alphabet, and valid commands mutated.
pub fn command_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => structured_command(),
        1 => (structured_command(), proptest::collection::vec(edit(), 0..3))
            .prop_map(|(c, edits)| mutate(&c, &edits)),
        1 => chars_from(any::<char>(), 300),
        2 => chars_from(alphabet_char(), 120),
        2 => (proptest::sample::select(EXAMPLES), proptest::sample::select(FRAGMENTS))
            .prop_map(|(e, f)| format!("{e} {f}")),
        6 => (
            proptest::sample::select(EXAMPLES),
            proptest::collection::vec(edit(), 0..6)
        )
            .prop_map(|(e, edits)| mutate(e, &edits)),
    ]
}

/// Deck files: arbitrary strings, words of the format with comments and
/// line breaks, and shuffled parts of the real box (valid) mutated.
pub fn deck_text() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        8 => proptest::sample::select(tile_words()),
        1 => proptest::sample::select(FRAGMENTS).prop_map(String::from),
        1 => chars_from(alphabet_char(), 12),
    ];
    let separator = proptest::sample::select(vec![" ", " ", "\n", "\t", "\r\n", " # note\n", "  "]);
    let words = proptest::collection::vec((word, separator), 0..160).prop_map(|ws| {
        ws.into_iter()
            .map(|(w, s)| format!("{w}{s}"))
            .collect::<String>()
    });
    let from_box = (
        proptest::sample::subsequence(Animal::ALL.to_vec(), 0..=8),
        any::<u64>(),
        0usize..120,
        any::<Option<usize>>(),
        proptest::collection::vec(edit(), 0..3),
    )
        .prop_map(|(kept, shuffle, take, reserve_at, edits)| {
            let mut tiles = Tile::shuffled_box(&kept);
            // A cheap deterministic shuffle: the order is not what is tested.
            let n = tiles.len();
            for i in (1..n).rev() {
                let j = (shuffle
                    .wrapping_mul(i as u64 + 7)
                    .rotate_left(i as u32 % 64) as usize)
                    % (i + 1);
                tiles.swap(i, j);
            }
            tiles.truncate(take);
            let mut words: Vec<String> = tiles.iter().map(Tile::to_string).collect();
            if let Some(r) = reserve_at {
                let i = r % (words.len() + 1);
                words.insert(i, "\nreserve\n".into());
            }
            mutate(&words.join(" "), &edits)
        });
    // One tile many times over: counts past any small integer.
    let runs = (
        proptest::sample::select(tile_words()),
        0usize..600,
        0usize..3,
    )
        .prop_map(|(w, n, extra)| {
            format!("{}{}", format!("{w} ").repeat(n), "coin ".repeat(extra))
        });
    prop_oneof![
        1 => chars_from(any::<char>(), 300),
        3 => words,
        4 => from_box,
        1 => runs,
    ]
}

/// Durations: arbitrary strings, numbers with units, huge numbers.
pub fn duration_text() -> impl Strategy<Value = String> {
    let unit =
        proptest::sample::select(vec!['m', 'h', 'd', 'w', 'M', 'H', 'D', 'W', 'x', 's', ' ']);
    let part = (0u64..10_000_000, unit).prop_map(|(n, u)| format!("{n}{u}"));
    prop_oneof![
        2 => chars_from(any::<char>(), 40),
        2 => chars_from(proptest::sample::select("0123456789mhdw offnevr-+. \t".chars().collect::<Vec<_>>()), 24),
        4 => proptest::collection::vec(part, 0..5).prop_map(|p| p.concat()),
        1 => proptest::sample::select(vec!["off", "OFF", " never ", "1m", "60d", "61d", "8w", "0m", "1h30m"]).prop_map(String::from),
        1 => proptest::sample::select(FRAGMENTS).prop_map(String::from),
    ]
}

pub fn cell() -> impl Strategy<Value = Cell> {
    (0u8..21, 0u8..21).prop_map(|(c, r)| Cell::new(c, r).expect("on the grid"))
}

pub fn role() -> impl Strategy<Value = Role> {
    proptest::sample::select(Role::ALL.to_vec())
}

pub fn step() -> impl Strategy<Value = Step> {
    let post = prop_oneof![
        Just(Post::Cashier),
        Just(Post::Keeper),
        Just(Post::Manager),
        cell().prop_map(Post::Trainer),
    ];
    prop_oneof![
        proptest::option::of(usize19()).prop_map(Step::Place),
        Just(Step::HireTrainer),
        Just(Step::MoveDepot),
        Just(Step::CoworkerFrom),
        post.prop_map(Step::CoworkerTo),
        prop_oneof![0usize..5, usize19()].prop_map(Step::Buy),
        Just(Step::Expand(Size::Small)),
        Just(Step::Expand(Size::Large)),
    ]
}

/// A number of at most 19 digits, mostly small.
pub fn usize19() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..12, 0usize..10_000_000_000_000_000_000]
}

/// Any control id the bot could write: non-negative game and log length,
/// numbers of at most 19 digits.
pub fn control_id() -> impl Strategy<Value = ControlId> {
    let control = prop_oneof![
        usize19().prop_map(Control::Draw),
        usize19().prop_map(Control::Take),
        role()
            .prop_filter("trainers are hired from a menu", |r| *r != Role::Trainer)
            .prop_map(Control::Hire),
        Just(Control::Discard),
        Just(Control::Undo),
        Just(Control::Money),
        (step(), any::<u16>()).prop_map(|(step, page)| Control::Open { step, page }),
        (step(), any::<u16>()).prop_map(|(step, part)| Control::Pick { step, part }),
        any::<u32>().prop_map(Control::HistoryPage),
        any::<u32>().prop_map(Control::HistoryMove),
        any::<u32>().prop_map(Control::GamesPage),
    ];
    let id = || prop_oneof![0i64..1000, 0..=i64::MAX];
    (id(), id(), control).prop_map(|(game, seq, control)| ControlId { game, seq, control })
}

/// Control ids: arbitrary strings up to a few hundred characters, the
/// prefix followed by garbage, and real ids mutated.
pub fn control_id_text() -> impl Strategy<Value = String> {
    let id_char = proptest::sample::select(ID_ALPHABET.chars().collect::<Vec<_>>());
    let garbage = prop_oneof![
        3 => chars_from(id_char.clone(), 40),
        1 => chars_from(any::<char>(), 300),
    ];
    prop_oneof![
        1 => chars_from(any::<char>(), 300),
        2 => chars_from(id_char, 120),
        3 => (any::<u64>(), any::<u64>(), garbage).prop_map(|(g, s, rest)| {
            let g = g % 1000;
            let s = s % 1000;
            format!("aq1:{g}:{s}:{rest}")
        }),
        4 => (control_id(), proptest::collection::vec(edit(), 0..4))
            .prop_map(|(id, edits)| mutate(&id.encode(), &edits)),
    ]
}

/// Display names that try to be something else.
pub const NASTY_NAMES: &[&str] = &[
    "@everyone",
    "@here",
    "<@123>",
    "<@!456>",
    "<@&789>",
    "<#42>",
    "**bold** _it_ ~~x~~ `code` ||spoiler||",
    "> quote",
    "# Heading",
    "[link](https://example.com)",
    "\u{202e}ana\u{202c}",
    "\u{200f}ben",
    "a\u{200d}b",
    "\u{200b}",
    "\u{feff}",
    "ana\u{a0}maria",
    "ana\tmaria",
    "ana\nmaria",
    "   ",
    "",
    "ANA",
    "ana 2",
    "🐬🐬🐬",
    "@\u{200b}everyone",
];

pub fn nasty_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(NASTY_NAMES).prop_map(String::from),
        1 => (proptest::sample::select(NASTY_NAMES), 200usize..260)
            .prop_map(|(n, len)| format!("{n}{}", "x".repeat(len))),
        1 => proptest::collection::vec(proptest::sample::select(NASTY_NAMES), 0..4)
            .prop_map(|v| v.concat()),
        1 => chars_from(any::<char>(), 80),
    ]
}
