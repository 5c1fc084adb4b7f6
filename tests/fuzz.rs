//! Bad input, fuzzed (the issue "Proof under load and faults"): the command
//! text parser, deck files, durations, control ids, and whole requests and
//! presses through the referee on a real SQLite file. For every input: no
//! panic, every refusal a sentence, and a refused request or press leaves
//! every row of the database as it was. `benches/fuzz.rs` runs the same
//! targets over a million inputs each; these tests run a few hundred cases
//! (set PROPTEST_CASES for more).
//!
//! The inputs that broke something once are kept as plain tests at the end.

#[path = "support/db.rs"]
mod db;

use aquaretto_bot::clock::ManualClock;
use aquaretto_bot::command::{self, Command, Every, MAX_INTERVAL_MS, MIN_INTERVAL_MS};
use aquaretto_bot::controls::{self, Control, ControlId, Panel, Row, Step, View, MAX_ID};
use aquaretto_bot::engine::{Animal, Cell, Deck, Mark, Post, Role, Size, Tile};
use aquaretto_bot::referee::{legal_commands, Actor, Loaded, Press, Referee, Reply, Request, Via};
use aquaretto_bot::store::Store;
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use tempfile::TempDir;

/// `cases` cases, unless PROPTEST_CASES says otherwise (proptest's
/// `with_cases` would override the variable).
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    // Failing inputs are shown in the failure; no file is written beside
    // the tests.
    config.failure_persistence = None;
    config
}

// ----- inputs -----

/// Valid commands, the seeds of the mutations.
const EXAMPLES: &[&str] = &[
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
const FRAGMENTS: &[&str] = &[
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

/// The characters of the command language, and some that are not.
const ALPHABET: &str =
    "abcdefghijklmnopqrstuvwxyz ABKLMNOUZ 0123456789 ::  \"\"“”,-_/#<>@!.\t\n\u{a0}é";

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, &'static str),
    InsertChar(usize, char),
    Delete(usize, usize),
    Replace(usize, char),
    DuplicateToken(usize, usize),
    SwapTokens(usize, usize),
    DropToken(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
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

fn alphabet_char() -> impl Strategy<Value = char> {
    let chars: Vec<char> = ALPHABET.chars().collect();
    prop_oneof![4 => proptest::sample::select(chars), 1 => any::<char>()]
}

/// Applies edits to a text, by characters and by white-space tokens.
fn mutate(text: &str, edits: &[Edit]) -> String {
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
fn on_tokens(chars: &[char], edit: impl FnOnce(&mut Vec<String>)) -> Vec<char> {
    let text: String = chars.iter().collect();
    let mut tokens: Vec<String> = text.split(' ').map(String::from).collect();
    edit(&mut tokens);
    tokens.join(" ").chars().collect()
}

fn chars_from(alphabet: impl Strategy<Value = char>, max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(alphabet, 0..max).prop_map(String::from_iter)
}

/// Values an option may be given: valid ones, edge cases, and others.
fn option_value(option: &'static str) -> BoxedStrategy<String> {
    let number = prop_oneof![
        3 => (0u64..12).prop_map(|n| n.to_string()),
        1 => proptest::sample::select(HUGE).prop_map(String::from),
        1 => any::<u64>().prop_map(|n| n.to_string()),
    ];
    let cell_word = prop_oneof![
        3 => cell().prop_map(|c| c.to_string()),
        1 => proptest::sample::select(vec!["depot", "A0", "V1", "K22", "k11", "K011", "11K", ""])
            .prop_map(String::from),
    ];
    let words = |w: Vec<&'static str>| proptest::sample::select(w).prop_map(String::from);
    let name = prop_oneof![
        2 => words(vec!["ana", "ben", "<@123>", "<@!123>", "nobody"]),
        1 => nasty_name(),
        1 => (words(vec!["ana", "ben"]), proptest::sample::select(WHITE), words(vec!["maria", "2"]))
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
        "size" => words(vec!["small", "large", "Large", "medium"]).boxed(),
        "as" => words(vec!["cashier", "keepers", "manager", "trainer", "boss"]).boxed(),
        "from" | "to" => prop_oneof![
            cell_word,
            words(vec!["depot", "cashier", "keeper", "manager", "trainer"]),
            name.clone(),
        ]
        .boxed(),
        "level" => words(vec!["easy", "normal", "strong", "STRONG", "hard"]).boxed(),
        "reminders" | "turn_limit" => duration_text().boxed(),
        "hints" | "dm" => words(vec!["on", "off", "yes", "no", "true", "FALSE", "maybe"]).boxed(),
        "removed" => proptest::collection::vec(
            words(vec![
                "penguin",
                "hippos",
                "polar bear",
                "sealion",
                "turtle",
                "walrus",
            ]),
            0..4,
        )
        .prop_map(|w| w.join(" "))
        .boxed(),
        "deck" => deck_text().boxed(),
        "speed" => words(vec!["slow", "normal", "fast", "warp"]).boxed(),
        _ => name.boxed(),
    }
}

/// White space of every kind.
const WHITE: &[&str] = &[" ", "\t", "\u{a0}", "\n", "\u{2003}", "\u{3000}"];

/// Huge and odd numbers.
const HUGE: &[&str] = &[
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

/// A command of the language with some of its options (its required ones
/// mostly), each given a value from [`option_value`], quoted when it holds
/// white space.
fn structured_command() -> impl Strategy<Value = String> {
    proptest::sample::select(command::SUBCOMMANDS.to_vec()).prop_flat_map(
        |(name, allowed, required)| {
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
        },
    )
}

/// Command texts: commands put together from their options, arbitrary
/// strings, strings of the command alphabet, and valid commands mutated.
fn command_text() -> impl Strategy<Value = String> {
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

/// Every tile word the deck format knows, and some it does not.
fn tile_words() -> Vec<String> {
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

/// Deck files: arbitrary strings, words of the format with comments and
/// line breaks, and shuffled parts of the real box (valid) mutated.
fn deck_text() -> impl Strategy<Value = String> {
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
fn duration_text() -> impl Strategy<Value = String> {
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

fn cell() -> impl Strategy<Value = Cell> {
    (0u8..21, 0u8..21).prop_map(|(c, r)| Cell::new(c, r).expect("on the grid"))
}

fn role() -> impl Strategy<Value = Role> {
    proptest::sample::select(Role::ALL.to_vec())
}

fn step() -> impl Strategy<Value = Step> {
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
fn usize19() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..12, 0usize..10_000_000_000_000_000_000]
}

/// Any control id the bot could write: non-negative game and log length,
/// numbers of at most 19 digits.
fn control_id() -> impl Strategy<Value = ControlId> {
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

/// The characters of control codes.
const ID_ALPHABET: &str = "aq1:.-0123456789dthxuMosPOHTMDCFEslBKLNUkmcgpx";

/// Control ids: arbitrary strings up to a few hundred characters, the
/// prefix followed by garbage, and real ids mutated.
fn control_id_text() -> impl Strategy<Value = String> {
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

// ----- pure targets -----

/// Runs `f`, turning a panic into a failed case with the input shown.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|_| TestCaseError::fail(format!("{what} panicked on {input:?}")))
}

/// A refusal is a sentence: some words, not just punctuation.
fn is_sentence(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).count() >= 3
}

/// The numbers of the options a command text gives (`truck:02` -> "2"),
/// for the options written once.
fn numeric_options(text: &str) -> BTreeMap<String, String> {
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

proptest! {
    #![proptest_config(config(256))]

    /// The parser answers every text with a command or a sentence.
    #[test]
    fn command_parser_answers_everything_with_a_command_or_a_sentence(text in command_text()) {
        let parsed = no_panic("command::parse", &text, || command::parse(&text))?;
        match parsed {
            Err(why) => prop_assert!(is_sentence(&why), "{text:?} refused with {why:?}"),
            Ok(cmd) => {
                let written = no_panic("Command::to_text", &text, || cmd.to_text())?;
                prop_assert!(written.starts_with("/aq "), "{written:?}");
            }
        }
    }

    /// A command read from text writes back to a text that reads as the
    /// same command.
    #[test]
    fn a_parsed_command_writes_back_to_itself(text in command_text()) {
        let Ok(cmd) = command::parse(&text) else { return Ok(()) };
        let written = cmd.to_text();
        let again = no_panic("command::parse", &written, || command::parse(&written))?;
        prop_assert_eq!(again, Ok(cmd), "{:?} -> {:?}", text, written);
    }

    /// A number given in an option is read as given, or refused: never cut
    /// or wrapped.
    #[test]
    fn numbers_are_read_as_given_or_refused(text in command_text()) {
        let Ok(cmd) = command::parse(&text) else { return Ok(()) };
        let given = numeric_options(&text);
        for (k, v) in numeric_options(&cmd.to_text()) {
            if let Some(g) = given.get(&k) {
                prop_assert_eq!(g, &v, "{:?} was read as {:?}", text, cmd);
            }
        }
    }

    /// A deck is read or refused with a sentence; a deck read holds no more
    /// of a tile than the box, no offspring, and writes back to itself.
    #[test]
    fn deck_files_are_read_or_refused_with_a_sentence(text in deck_text()) {
        match no_panic("Deck::parse", &text, || Deck::parse(&text))? {
            Err(e) => prop_assert!(is_sentence(&e.0), "{text:?} refused with {:?}", e.0),
            Ok(deck) => {
                prop_assert!(deck.tiles().next().is_some());
                let mut counts: BTreeMap<Tile, usize> = BTreeMap::new();
                for t in deck.tiles() {
                    prop_assert!(!matches!(t, Tile::Animal(a) if a.mark == Mark::Young));
                    *counts.entry(t).or_default() += 1;
                }
                for (t, n) in counts {
                    prop_assert!(n <= usize::from(t.in_box()), "{text:?}: {n} {t}");
                }
                prop_assert_eq!(Deck::parse(&deck.to_text()), Ok(deck));
            }
        }
    }

    /// A duration is read between a minute and sixty days, or off, and
    /// writes back to itself; anything else is refused with a sentence.
    #[test]
    fn durations_are_read_in_range_or_refused(text in duration_text()) {
        match no_panic("Every::parse", &text, || Every::parse(&text))? {
            Err(why) => prop_assert!(is_sentence(&why), "{text:?} refused with {why:?}"),
            Ok(Every::Off) => {
                let t = text.trim().to_ascii_lowercase();
                prop_assert!(t == "off" || t == "never", "{text:?} read as off");
            }
            Ok(every @ Every::After(ms)) => {
                prop_assert!((MIN_INTERVAL_MS..=MAX_INTERVAL_MS).contains(&ms), "{text:?}: {ms}");
                prop_assert_eq!(Every::parse(&every.to_string()), Ok(every));
            }
        }
    }

    /// A control id is read back only as written: decoding what was not
    /// encoded gives nothing, and what decodes encodes to the same text.
    #[test]
    fn control_ids_are_read_only_as_written(text in control_id_text()) {
        if let Some(id) = no_panic("ControlId::decode", &text, || ControlId::decode(&text))? {
            prop_assert!(text.len() <= MAX_ID);
            prop_assert_eq!(id.encode(), text.clone());
            prop_assert_eq!(ControlId::decode(&text), Some(id));
        }
    }

    /// Every id the bot writes within Discord's length reads back as itself.
    #[test]
    fn control_ids_round_trip(id in control_id()) {
        let text = id.encode();
        if text.len() <= MAX_ID {
            prop_assert_eq!(ControlId::decode(&text), Some(id), "{}", text);
        } else {
            prop_assert_eq!(ControlId::decode(&text), None);
        }
    }
}

// ----- the referee -----

const CHANNEL: &str = "chan-fuzz";
const GUILD: &str = "guild-fuzz";

/// Who acts: two seated players, someone at no seat, and a channel manager.
const PEOPLE: [(&str, &str, bool); 4] = [
    ("id-ana", "ana", false),
    ("id-ben", "ben", false),
    ("id-cy", "cy", false),
    ("id-mod", "mod", true),
];

/// Display names that try to be something else.
const NASTY_NAMES: &[&str] = &[
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

fn nasty_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(NASTY_NAMES).prop_map(String::from),
        1 => (proptest::sample::select(NASTY_NAMES), 200usize..260)
            .prop_map(|(n, len)| format!("{n}{}", "x".repeat(len))),
        1 => proptest::collection::vec(proptest::sample::select(NASTY_NAMES), 0..4)
            .prop_map(|v| v.concat()),
        1 => chars_from(any::<char>(), 80),
    ]
}

fn actor(person: usize, name: Option<String>) -> Actor {
    let (id, plain, manages) = PEOPLE[person % PEOPLE.len()];
    Actor {
        id: id.to_string(),
        name: name.unwrap_or_else(|| plain.to_string()),
        manages_channel: manages,
    }
}

/// A referee over a temporary SQLite file, on a fixed clock.
struct Table {
    rt: tokio::runtime::Runtime,
    referee: Referee,
    _dir: TempDir,
}

impl Table {
    fn new() -> Table {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("fuzz.db");
        let store = rt
            .block_on(Store::open(path.to_str().expect("a UTF-8 path")))
            .expect("the database opens");
        let clock = ManualClock::new(1_780_000_000_000);
        let referee = Referee::new(store).with_clock(Arc::new(clock));
        Table {
            rt,
            referee,
            _dir: dir,
        }
    }

    fn rows(&self) -> Vec<String> {
        self.rt.block_on(db::all_rows(self.referee.store().pool()))
    }

    fn handle(&self, who: Actor, command: Command) -> Reply {
        self.handle_from(&Place::default(), who, command)
    }

    fn handle_from(&self, place: &Place, who: Actor, command: Command) -> Reply {
        let (channel, guild) = place.channel();
        self.rt.block_on(self.referee.handle(Request {
            channel,
            guild,
            actor: who,
            command,
            via: Via {
                interaction: place.interaction.map(|n| format!("ix-{n}")),
                upload_limit: place.upload_limit,
            },
        }))
    }

    fn say(&self, person: usize, text: &str) -> Reply {
        let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.handle(actor(person, None), command)
    }

    /// The channel's open game; fails the case if it is damaged.
    fn loaded(&self) -> Result<Option<Loaded>, TestCaseError> {
        match self.rt.block_on(self.referee.open_game(CHANNEL)) {
            Ok(None) => Ok(None),
            Ok(Some(Ok(loaded))) => Ok(Some(loaded)),
            Ok(Some(Err(damage))) => Err(TestCaseError::fail(format!("damaged: {damage}"))),
            Err(e) => Err(TestCaseError::fail(format!("database: {e:#}"))),
        }
    }

    /// A running game of ana and ben, ana first.
    fn started(seed: u64) -> Table {
        let t = Table::new();
        for (who, text) in [
            (0, format!("/aq new seed:{seed} first:ana")),
            (1, "/aq join".into()),
            (0, "/aq start".into()),
        ] {
            let reply = t.say(who, &text);
            assert!(reply.accepted, "{text}: {}", reply.text);
        }
        t
    }

    /// Gives one input and checks the properties every answer keeps.
    fn check(&self, what: &str, run: impl FnOnce(&Table) -> Reply) -> Result<Reply, TestCaseError> {
        let before = self.rows();
        let reply = no_panic("the referee", what, || run(self))?;
        if !reply.accepted {
            prop_assert!(
                is_sentence(&reply.text),
                "{what}: refused with {:?}",
                reply.text
            );
            prop_assert!(reply.private, "{what}: a refusal in public: {}", reply.text);
            let after = self.rows();
            prop_assert!(
                after == before,
                "{what}: refused ({}) but the database changed",
                reply.text
            );
        }
        self.loaded()?;
        Ok(reply)
    }
}

/// Where a request comes from, and what the front end says of it.
#[derive(Debug, Clone, Default)]
struct Place {
    /// 0 this channel; 1 another channel of the guild; 2 the channel's id in
    /// another guild; 3 a direct message (no guild).
    elsewhere: u8,
    /// Discord's interaction id, from a few, so that copies come.
    interaction: Option<u8>,
    upload_limit: Option<usize>,
}

impl Place {
    fn channel(&self) -> (String, Option<String>) {
        match self.elsewhere {
            1 => ("chan-other".into(), Some(GUILD.into())),
            2 => (CHANNEL.into(), Some("guild-other".into())),
            3 => ("dm-channel".into(), None),
            _ => (CHANNEL.into(), Some(GUILD.into())),
        }
    }
}

fn place() -> impl Strategy<Value = Place> {
    (
        prop_oneof![6 => Just(0u8), 1 => 1u8..4],
        proptest::option::weighted(0.3, 0u8..6),
        proptest::option::weighted(
            0.2,
            prop_oneof![Just(0usize), 0usize..100_000, Just(usize::MAX)],
        ),
    )
        .prop_map(|(elsewhere, interaction, upload_limit)| Place {
            elsewhere,
            interaction,
            upload_limit,
        })
}

/// One input to the referee.
#[derive(Debug, Clone)]
enum Input {
    /// A typed command, fuzzed, from someone (with a fuzzed name or not),
    /// from somewhere.
    Text {
        who: usize,
        name: Option<String>,
        text: String,
        place: Place,
    },
    /// A legal move by whoever must act (moves the game on), mutated or not.
    Legal { pick: usize, edits: Vec<Edit> },
    /// A press of a control the bot showed, mutated or not, or of any id.
    Press {
        who: usize,
        id: IdInput,
        values: Values,
        place: Place,
    },
}

#[derive(Debug, Clone)]
enum IdInput {
    /// One of the ids shown (the table's, or a private panel's).
    Shown {
        pick: usize,
        edits: Vec<Edit>,
    },
    /// `aq1:<this game>:<its log length>:` and garbage.
    Prefixed(String),
    Raw(String),
}

#[derive(Debug, Clone)]
enum Values {
    /// One option of the pressed menu, as shown.
    Shown(usize),
    Any(Vec<String>),
}

fn input() -> impl Strategy<Value = Input> {
    let who = 0usize..PEOPLE.len();
    let name = proptest::option::weighted(0.2, nasty_name());
    let id_garbage = chars_from(
        proptest::sample::select(ID_ALPHABET.chars().collect::<Vec<_>>()),
        30,
    );
    let id = prop_oneof![
        4 => (any::<usize>(), proptest::collection::vec(edit(), 0..3))
            .prop_map(|(pick, edits)| IdInput::Shown { pick, edits }),
        2 => id_garbage.prop_map(IdInput::Prefixed),
        1 => control_id_text().prop_map(IdInput::Raw),
    ];
    let value = prop_oneof![
        cell().prop_map(|c| c.to_string()),
        chars_from(alphabet_char(), 20),
        proptest::sample::select(FRAGMENTS).prop_map(String::from),
    ];
    let values = prop_oneof![
        3 => any::<usize>().prop_map(Values::Shown),
        1 => proptest::collection::vec(value, 0..3).prop_map(Values::Any),
    ];
    prop_oneof![
        4 => (who.clone(), name, command_text(), place())
            .prop_map(|(who, name, text, place)| Input::Text { who, name, text, place }),
        3 => (any::<usize>(), proptest::collection::vec(edit(), 0..2))
            .prop_map(|(pick, edits)| Input::Legal { pick, edits }),
        4 => (who, id, values, place())
            .prop_map(|(who, id, values, place)| Input::Press { who, id, values, place }),
    ]
}

/// The controls shown so far: (id, menu options).
type Shown = Vec<(String, Vec<String>)>;

fn remember(shown: &mut Shown, panel: &Panel) {
    for row in &panel.rows {
        match row {
            Row::Buttons(buttons) => {
                shown.extend(buttons.iter().map(|b| (b.id.clone(), Vec::new())))
            }
            Row::Select(s) => shown.push((
                s.id.clone(),
                s.options.iter().map(|o| o.value.clone()).collect(),
            )),
        }
    }
}

fn table_controls(loaded: &Loaded) -> Shown {
    let mut shown = Vec::new();
    if let Some(game) = &loaded.game {
        let names = loaded.names();
        let view = View {
            game_id: loaded.row.id,
            seq: loaded.seq(),
            game,
            names: &names,
            undo: None,
        };
        remember(&mut shown, &controls::table_panel(&view));
    }
    shown
}

/// Gives the inputs to a running game one by one, checking each answer.
fn run_inputs(t: &Table, inputs: &[Input]) -> Result<(), TestCaseError> {
    let mut private: Shown = Vec::new();
    for input in inputs {
        let loaded = t.loaded()?;
        match input {
            Input::Text {
                who,
                name,
                text,
                place,
            } => {
                let parsed = no_panic("command::parse", text, || command::parse(text))?;
                let Ok(cmd) = parsed else { continue };
                let what = format!(
                    "{} says {text:?} (name {name:?}, {place:?})",
                    PEOPLE[*who].1
                );
                t.check(&what, |t| {
                    t.handle_from(place, actor(*who, name.clone()), cmd)
                })?;
            }
            Input::Legal { pick, edits } => {
                let Some(loaded) = loaded else { continue };
                let legal = legal_commands(&loaded);
                let (Some(game), false) = (&loaded.game, legal.is_empty()) else {
                    continue;
                };
                let Some(seat) = game.to_act() else { continue };
                let text = mutate(&legal[pick % legal.len()], edits);
                let Ok(cmd) = command::parse(&text) else {
                    continue;
                };
                let who = Actor {
                    id: loaded.seats[seat].user_id.clone(),
                    name: loaded.seats[seat].name.clone(),
                    manages_channel: false,
                };
                let what = format!("{} plays {text:?}", who.name);
                t.check(&what, |t| t.handle(who, cmd))?;
            }
            Input::Press {
                who,
                id,
                values,
                place,
            } => {
                let mut shown = loaded.as_ref().map(table_controls).unwrap_or_default();
                shown.extend(private.iter().cloned());
                let (id, options) = match id {
                    IdInput::Shown { pick, edits } if !shown.is_empty() => {
                        let (id, options) = &shown[pick % shown.len()];
                        (mutate(id, edits), options.clone())
                    }
                    IdInput::Shown { .. } => continue,
                    IdInput::Prefixed(rest) => {
                        let (game, seq) = loaded.as_ref().map_or((1, 0), |l| (l.row.id, l.seq()));
                        (format!("aq1:{game}:{seq}:{rest}"), Vec::new())
                    }
                    IdInput::Raw(raw) => (raw.clone(), Vec::new()),
                };
                let values = match values {
                    Values::Shown(i) if !options.is_empty() => {
                        vec![options[i % options.len()].clone()]
                    }
                    Values::Shown(_) => Vec::new(),
                    Values::Any(v) => v.clone(),
                };
                let what = format!(
                    "{} presses {id:?} with {values:?} ({place:?})",
                    PEOPLE[*who].1
                );
                let (channel, guild) = place.channel();
                let press = Press {
                    channel,
                    guild,
                    actor: actor(*who, None),
                    id,
                    values,
                };
                let reply = t.check(&what, |t| t.rt.block_on(t.referee.press(press)))?;
                if let Some(panel) = &reply.controls {
                    private.clear();
                    remember(&mut private, panel);
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(64))]

    /// Fuzzed commands, moves and presses on a running game: no panic, every
    /// refusal a private sentence that leaves every row as it was, and the
    /// game never damaged.
    #[test]
    fn the_referee_refuses_bad_input_with_a_sentence_and_changes_nothing(
        seed in 0u64..1000,
        inputs in proptest::collection::vec(input(), 1..16),
    ) {
        let t = Table::started(seed);
        run_inputs(&t, &inputs)?;
    }

    /// Whatever display names people have, opening, joining, leaving and
    /// starting keep the same properties.
    #[test]
    fn any_display_name_keeps_the_lobby_sound(
        names in proptest::collection::vec(nasty_name(), 3),
        steps in proptest::collection::vec((0usize..3, proptest::sample::select(vec![
            "/aq new seed:3", "/aq new first:ana", "/aq join", "/aq leave", "/aq start",
            "/aq abandon", "/aq board", "/aq score", "/aq moves", "/aq zoo player:ana",
            "/aq history", "/aq export", "/aq stats", "/aq addbot level:easy", "/aq removebot",
        ])), 1..12),
    ) {
        let t = Table::new();
        for (who, text) in steps {
            let cmd = command::parse(text).expect("a valid command");
            let me = actor(who, Some(names[who].clone()));
            t.check(&format!("{:?} says {text}", me.name), |t| t.handle(me.clone(), cmd))?;
        }
    }
}

// ----- display names, and the inputs that broke things once -----

/// Mentions a reply text must never carry when it repeats a display name:
/// the referee itself puts no mention in its texts (the front end adds the
/// one ping it means, from `Reply::mention`).
fn smuggled_mention(text: &str) -> Option<&'static str> {
    ["@everyone", "@here", "<@"]
        .into_iter()
        .find(|m| text.contains(m))
}

/// Characters that turn the text after them around or hide it.
fn bidi_control(text: &str) -> Option<char> {
    text.chars()
        .find(|c| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
}

proptest! {
    #![proptest_config(config(64))]

    /// Whatever the display names of those who open, join, try to start and
    /// abandon a game, no reply repeats a name's `@everyone`, `@here` or
    /// `<@...>` raw, nor its right-to-left overrides; the game starts
    /// whatever the names, and a reply pings (`Reply::mention`) only a
    /// seated player.
    #[test]
    fn display_names_cannot_smuggle_mentions_into_replies(
        creator in nasty_name(),
        joiner in nasty_name(),
        outsider in nasty_name(),
    ) {
        let t = Table::new();
        let parse = |text: &str| command::parse(text).expect("a valid command");
        let mut replies = Vec::new();
        let new = t.handle(actor(0, Some(creator.clone())), parse("/aq new seed:5"));
        prop_assert!(new.accepted, "{creator:?} cannot open a game: {}", new.text);
        replies.push(new);
        let join = t.handle(actor(1, Some(joiner.clone())), Command::Join);
        prop_assert!(join.accepted, "{joiner:?} cannot join: {}", join.text);
        replies.push(join);
        replies.push(t.handle(actor(2, Some(outsider.clone())), Command::Start));
        let start = t.handle(actor(0, Some(creator.clone())), Command::Start);
        prop_assert!(start.accepted, "names {creator:?}, {joiner:?}: start refused: {}", start.text);
        replies.push(start);
        for text in ["/aq board", "/aq score", "/aq moves", "/aq history", "/aq zoo"] {
            replies.push(t.handle(actor(1, Some(joiner.clone())), parse(text)));
        }
        replies.push(t.handle(actor(3, Some(outsider.clone())), Command::Abandon));
        for reply in &replies {
            let text = format!("{}\n{}", reply.text, reply.board.as_deref().unwrap_or(""));
            prop_assert!(
                smuggled_mention(&text).is_none() && bidi_control(&text).is_none(),
                "names {creator:?}, {joiner:?}, {outsider:?}: {text}"
            );
            if let Some(m) = &reply.mention {
                prop_assert!(m == "id-ana" || m == "id-ben", "pings {m}: {}", reply.text);
            }
        }
    }
}

/// A creator whose display name is blank is still seated under a name, and
/// can start their game. (`/aq new` once stored the name raw, and `/aq
/// start` then refused the lobby forever: "A player's name is empty.")
#[test]
fn a_creator_with_a_blank_name_can_start_their_game() {
    let t = Table::new();
    let blank = || actor(0, Some("   ".into()));
    let new = t.handle(blank(), command::parse("/aq new seed:1").expect("valid"));
    assert!(new.accepted, "{}", new.text);
    assert!(t.say(1, "/aq join").accepted);
    let start = t.handle(blank(), Command::Start);
    assert!(start.accepted, "start refused: {}", start.text);
}

/// Values with any white space write back quoted. (`to_text` once quoted
/// only values holding ' ', so a tab or a no-break space came back as two
/// words.)
#[test]
fn values_with_any_white_space_write_back_to_themselves() {
    for text in [
        "/aq zoo player:\"ana\tmaria\"",
        "/aq stats player:\"ana\u{a0}maria\"",
        "/aq new deck:\"coin\ncoin\"",
    ] {
        let cmd = command::parse(text).expect("valid");
        assert_eq!(command::parse(&cmd.to_text()), Ok(cmd), "{text}");
    }
}

/// A number past its type is refused, not wrapped. (Game numbers past i64
/// once became negative, move and page numbers past u32 were cut.)
#[test]
fn numbers_past_their_type_are_refused() {
    for text in [
        "/aq history game:9223372036854775808",
        "/aq history move:4294967296",
        "/aq games page:4294967296",
        "/aq export game:18446744073709551615",
        "/aq replay game:9223372036854775808",
    ] {
        let read = command::parse(text);
        match read {
            Err(why) => assert!(is_sentence(&why), "{text}: {why}"),
            Ok(cmd) => panic!("{text} was read as {cmd:?}"),
        }
    }
}

/// A deck of more than 255 copies of a tile is refused like any deck over
/// the box. (The counts were once kept in a u8: a panic in debug builds,
/// and in release 266 coin tiles counted as 10 and the deck was accepted.)
#[test]
fn a_deck_of_256_coins_is_refused() {
    let text = "coin ".repeat(266);
    let read = std::panic::catch_unwind(|| Deck::parse(&text));
    match read {
        Ok(Err(e)) => assert!(e.0.contains("box has only"), "{}", e.0),
        Ok(Ok(deck)) => panic!("a deck of {} coin tiles was accepted", deck.tiles().count()),
        Err(_) => panic!("Deck::parse panicked on 266 coin tiles"),
    }
}
