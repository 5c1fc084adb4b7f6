//! Bad input, a million times: `cargo bench --bench fuzz`.
//!
//! Feeds structured-random inputs (commands put together from their options
//! and values, random bytes as lossy UTF-8, random text of the command
//! alphabet, valid examples mutated: characters inserted, deleted and
//! replaced, tokens duplicated, swapped and dropped, huge numbers, Unicode)
//! from a seeded ChaCha8 stream to:
//!
//! - `command-parser`: `command::parse`; what it reads must write back
//!   (`Command::to_text`) to a text that reads as the same command, with
//!   every number as given;
//! - `deck`: `Deck::parse`;
//! - `duration`: `Every::parse`;
//! - `control-id`: `ControlId::decode`, and `encode` of what it reads;
//! - `referee-commands` and `referee-presses`: `Referee::handle` and
//!   `Referee::press` on running games in temporary SQLite files (a fresh
//!   file a game): fuzzed commands from seated players, onlookers and a
//!   channel manager with fuzzed display names, legal moves (mutated or
//!   not) so games go on to their end, presses of the controls shown
//!   (mutated or not) and of any id, from this channel and others, with
//!   interaction ids that repeat. Every refusal must be a private sentence
//!   leaving every row of the database as it was (all rows compared after
//!   every input), and the game must never load as damaged.
//!
//! Each target prints `fuzz <target>: N inputs, P panics, R refused, A
//! accepted, T s`, then any property broken (with its first input); the
//! process exits with status 1 if anything panicked or a property broke.
//! Target: no panic over at least 1,000,000 inputs per pure target
//! (`FUZZ_INPUTS`, default 1,000,000) and 20,000 commands and 20,000
//! presses through the referee (`FUZZ_REFEREE_INPUTS`, default 20,000
//! each). `FUZZ_SEED` changes the stream; an argument picks targets by name.

#[path = "../tests/support/db.rs"]
mod db;

use aquaretto_bot::command::{self, Command, Every, MAX_INTERVAL_MS, MIN_INTERVAL_MS};
use aquaretto_bot::controls::{self, Control, ControlId, Panel, Row, Step, View, MAX_ID};
use aquaretto_bot::engine::{Animal, Cell, Deck, Mark, Post, Role, Size, Tile};
use aquaretto_bot::referee::{legal_commands, Actor, Loaded, Press, Referee, Reply, Request, Via};
use aquaretto_bot::store::{Store, StoreOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::sqlite::SqliteSynchronous;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// ----- inputs -----

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

const ALPHABET: &str =
    "abcdefghijklmnopqrstuvwxyz ABKLMNOUZ 0123456789 ::  \"\"“”,-_/#<>@!.\t\n\u{a0}é";

const ID_ALPHABET: &str = "aq1:.-0123456789dthxuMosPOHTMDCFEslBKLNUkmcgpx";

const NASTY_NAMES: &[&str] = &[
    "@everyone",
    "@here",
    "<@123>",
    "<@!456>",
    "<@&789>",
    "**bold** _it_ `code` ||spoiler||",
    "\u{202e}ana\u{202c}",
    "a\u{200d}b",
    "\u{200b}",
    "ana\u{a0}maria",
    "ana\tmaria",
    "   ",
    "",
    "ANA",
    "ana 2",
    "🐬🐬🐬",
];

struct Gen {
    rng: ChaCha8Rng,
    alphabet: Vec<char>,
    id_alphabet: Vec<char>,
    tile_words: Vec<String>,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        let mut tile_words = vec!["coin".to_string(), "COIN".to_string()];
        for a in Animal::ALL {
            for m in Mark::ALL {
                tile_words.push(Tile::animal(a, m).to_string());
            }
            tile_words.push(format!("{}-bolt", a.word()));
            tile_words.push(format!("{}-fish", a.word()));
            tile_words.push(format!("{}s", a.word()));
        }
        tile_words.extend(
            [
                "walrus",
                "dolphin-x",
                "-m",
                "orca-",
                "hippopotamus",
                "Sea_Lion",
                "reserve",
            ]
            .map(String::from),
        );
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            alphabet: ALPHABET.chars().collect(),
            id_alphabet: ID_ALPHABET.chars().collect(),
            tile_words,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        let i = self.below(items.len());
        &items[i]
    }

    fn bytes(&mut self, max: usize) -> String {
        let n = self.below(max + 1);
        let bytes: Vec<u8> = (0..n).map(|_| self.rng.random()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn chars_of(&mut self, alphabet: &[char], max: usize) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| *self.pick(alphabet)).collect()
    }

    fn unicode(&mut self, max: usize) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| self.rng.random::<char>()).collect()
    }

    fn any_char(&mut self) -> char {
        if self.chance(0.8) {
            let alphabet = std::mem::take(&mut self.alphabet);
            let c = *self.pick(&alphabet);
            self.alphabet = alphabet;
            c
        } else {
            self.rng.random()
        }
    }

    /// Up to `max` mutations of a text.
    fn mutate(&mut self, text: &str, max: usize) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let edits = self.below(max + 1);
        for _ in 0..edits {
            let len = chars.len();
            match self.below(9) {
                0 => {
                    let i = self.below(len + 1);
                    let f = *self.pick(FRAGMENTS);
                    chars.splice(i..i, f.chars());
                }
                1 => {
                    let i = self.below(len + 1);
                    let c = self.any_char();
                    chars.insert(i, c);
                }
                2 if len > 0 => {
                    let i = self.below(len);
                    let n = 1 + self.below(6);
                    chars.drain(i..(i + n).min(len));
                }
                3 if len > 0 => {
                    let i = self.below(len);
                    chars[i] = self.any_char();
                }
                4 => {
                    // Duplicate a token, a few times or a few hundred.
                    let n = if self.chance(0.9) {
                        1 + self.below(4)
                    } else {
                        1 + self.below(400)
                    };
                    chars = self.on_tokens(&chars, |g, tokens| {
                        let i = g.below(tokens.len());
                        let t = tokens[i].clone();
                        for _ in 0..n {
                            tokens.insert(i, t.clone());
                        }
                    });
                }
                5 => {
                    chars = self.on_tokens(&chars, |g, tokens| {
                        let (a, b) = (g.below(tokens.len()), g.below(tokens.len()));
                        tokens.swap(a, b);
                    })
                }
                6 => {
                    chars = self.on_tokens(&chars, |g, tokens| {
                        let i = g.below(tokens.len());
                        tokens.remove(i);
                    })
                }
                7 => {
                    // A number replaced by a huge one.
                    let digits: Vec<usize> =
                        (0..len).filter(|&i| chars[i].is_ascii_digit()).collect();
                    if !digits.is_empty() {
                        let i = *self.pick(&digits);
                        let end = (i..len)
                            .find(|&j| !chars[j].is_ascii_digit())
                            .unwrap_or(len);
                        let huge = *self.pick(HUGE);
                        chars.splice(i..end, huge.chars());
                    }
                }
                _ => {
                    let i = self.below(len + 1);
                    let s = self.unicode(3);
                    chars.splice(i..i, s.chars());
                }
            }
        }
        chars.into_iter().collect()
    }

    fn on_tokens(
        &mut self,
        chars: &[char],
        edit: impl FnOnce(&mut Gen, &mut Vec<String>),
    ) -> Vec<char> {
        let text: String = chars.iter().collect();
        let mut tokens: Vec<String> = text.split(' ').map(String::from).collect();
        edit(self, &mut tokens);
        tokens.join(" ").chars().collect()
    }

    /// A value for an option: valid ones, edge cases, and others.
    fn option_value(&mut self, option: &str) -> String {
        let words = |g: &mut Gen, w: &[&str]| g.pick(w).to_string();
        match option {
            "truck" | "tile" | "seed" | "move" | "game" | "page" => self.number_text(),
            "at" => {
                let c = self.cell_word();
                if self.chance(0.2) {
                    format!("{c} tile:{}", self.number_text())
                } else {
                    c
                }
            }
            "cells" => {
                let n = self.below(6);
                let sep = *self.pick(&[" ", ",", ", ", "\t"]);
                let cells: Vec<String> = (0..n).map(|_| self.cell_word()).collect();
                cells.join(sep)
            }
            "size" => words(self, &["small", "large", "Large", "medium"]),
            "as" => words(self, &["cashier", "keepers", "manager", "trainer", "boss"]),
            "from" | "to" => match self.below(3) {
                0 => self.cell_word(),
                1 => words(self, &["depot", "cashier", "keeper", "manager", "trainer"]),
                _ => self.player_word(),
            },
            "level" => words(self, &["easy", "normal", "strong", "STRONG", "hard"]),
            "reminders" | "turn_limit" => self.duration_text(),
            "hints" | "dm" => words(self, &["on", "off", "yes", "no", "true", "FALSE", "maybe"]),
            "removed" => {
                let n = self.below(4);
                let animals = [
                    "penguin",
                    "hippos",
                    "polar bear",
                    "sealion",
                    "turtle",
                    "walrus",
                ];
                let w: Vec<&str> = (0..n).map(|_| *self.pick(&animals)).collect();
                w.join(" ")
            }
            "deck" => self.deck_text(),
            "speed" => words(self, &["slow", "normal", "fast", "warp"]),
            _ => self.player_word(),
        }
    }

    fn number_text(&mut self) -> String {
        match self.below(5) {
            0 => self.pick(HUGE).to_string(),
            1 => self.rng.random::<u64>().to_string(),
            _ => self.below(12).to_string(),
        }
    }

    fn cell_word(&mut self) -> String {
        if self.chance(0.8) {
            self.cell().to_string()
        } else {
            let odd = ["depot", "A0", "V1", "K22", "k11", "K011", "11K", ""];
            self.pick(&odd).to_string()
        }
    }

    fn player_word(&mut self) -> String {
        match self.below(4) {
            0 | 1 => self
                .pick(&["ana", "ben", "<@123>", "<@!123>", "nobody"])
                .to_string(),
            2 => self.name(),
            _ => {
                let white = *self.pick(&[" ", "\t", "\u{a0}", "\n", "\u{2003}", "\u{3000}"]);
                format!("ana{white}maria")
            }
        }
    }

    /// A command of the language with some of its options, each given a
    /// value, quoted when it holds white space.
    fn structured_command(&mut self) -> String {
        let (name, allowed, required) = *self.pick(command::SUBCOMMANDS);
        let mut text = if self.chance(0.5) {
            format!("/aq {name}")
        } else {
            name.to_string()
        };
        for option in allowed {
            let p = if required.contains(option) { 0.95 } else { 0.5 };
            if !self.chance(p) {
                continue;
            }
            let v = self.option_value(option);
            if v.contains(char::is_whitespace) || v.is_empty() {
                text.push_str(&format!(" {option}:\"{v}\""));
            } else {
                text.push_str(&format!(" {option}:{v}"));
            }
        }
        text
    }

    fn command_text(&mut self) -> String {
        match self.below(20) {
            0..=4 => self.structured_command(),
            5 => {
                let c = self.structured_command();
                self.mutate(&c, 3)
            }
            6 => self.bytes(300),
            7..=8 => {
                let alphabet = std::mem::take(&mut self.alphabet);
                let s = self.chars_of(&alphabet, 120);
                self.alphabet = alphabet;
                s
            }
            9 => self.unicode(60),
            _ => {
                let e = *self.pick(EXAMPLES);
                self.mutate(e, 6)
            }
        }
    }

    fn deck_text(&mut self) -> String {
        match self.below(10) {
            0 => self.bytes(300),
            1 => self.unicode(100),
            2..=4 => {
                let n = self.below(160);
                let mut out = String::new();
                for _ in 0..n {
                    let word = match self.below(10) {
                        0 => self.pick(FRAGMENTS).to_string(),
                        1 => {
                            let alphabet = std::mem::take(&mut self.alphabet);
                            let s = self.chars_of(&alphabet, 12);
                            self.alphabet = alphabet;
                            s
                        }
                        _ => {
                            let words = std::mem::take(&mut self.tile_words);
                            let w = self.pick(&words).clone();
                            self.tile_words = words;
                            w
                        }
                    };
                    out.push_str(&word);
                    let separator = *self.pick(&[" ", " ", "\n", "\t", "\r\n", " # note\n", "  "]);
                    out.push_str(separator);
                }
                out
            }
            _ => {
                // Part of the real box, in some order: valid until mutated.
                let kept: Vec<Animal> = Animal::ALL
                    .into_iter()
                    .filter(|_| self.chance(0.6))
                    .collect();
                let mut tiles = Tile::shuffled_box(&kept);
                for i in (1..tiles.len()).rev() {
                    let j = self.below(i + 1);
                    tiles.swap(i, j);
                }
                let take = self.below(tiles.len() + 1);
                tiles.truncate(take);
                let mut words: Vec<String> = tiles.iter().map(Tile::to_string).collect();
                if self.chance(0.5) {
                    let i = self.below(words.len() + 1);
                    words.insert(i, "\nreserve\n".into());
                }
                let text = words.join(" ");
                self.mutate(&text, 3)
            }
        }
    }

    fn duration_text(&mut self) -> String {
        match self.below(10) {
            0 => self.unicode(40),
            1 => self.bytes(40),
            2 => {
                let alphabet: Vec<char> = "0123456789mhdw offnevr-+. \t".chars().collect();
                self.chars_of(&alphabet, 24)
            }
            3 => {
                let examples = [
                    "off", "OFF", " never ", "1m", "60d", "61d", "8w", "0m", "1h30m",
                ];
                let e = *self.pick(&examples);
                self.mutate(e, 3)
            }
            _ => {
                let parts = self.below(5);
                let mut out = String::new();
                for _ in 0..parts {
                    let n: u64 = match self.below(4) {
                        0 => self.rng.random(),
                        1 => self.rng.random_range(0..10_000_000),
                        _ => self.rng.random_range(0..100),
                    };
                    let unit = *self.pick(&['m', 'h', 'd', 'w', 'M', 'H', 'D', 'W', 'x', 's', ' ']);
                    out.push_str(&format!("{n}{unit}"));
                }
                out
            }
        }
    }

    fn cell(&mut self) -> Cell {
        let (c, r) = (self.below(21) as u8, self.below(21) as u8);
        Cell::new(c, r).unwrap_or_else(|| unreachable!("{c} {r} is on the grid"))
    }

    fn number(&mut self) -> u64 {
        match self.below(4) {
            0 => self.rng.random_range(0..10_000_000_000_000_000_000),
            1 => self.rng.random_range(0..1000),
            _ => self.rng.random_range(0..10),
        }
    }

    fn step(&mut self) -> Step {
        match self.below(8) {
            0 => Step::Place(if self.chance(0.3) {
                None
            } else {
                Some(self.number() as usize)
            }),
            1 => Step::HireTrainer,
            2 => Step::MoveDepot,
            3 => Step::CoworkerFrom,
            4 => Step::CoworkerTo(match self.below(4) {
                0 => Post::Cashier,
                1 => Post::Keeper,
                2 => Post::Manager,
                _ => Post::Trainer(self.cell()),
            }),
            5 => Step::Buy(self.below(5)),
            6 => Step::Expand(Size::Small),
            _ => Step::Expand(Size::Large),
        }
    }

    /// An id the bot could write.
    fn control_id(&mut self) -> ControlId {
        let control = match self.below(11) {
            0 => Control::Draw(self.number() as usize),
            1 => Control::Take(self.number() as usize),
            2 => Control::Hire(*self.pick(&[Role::Cashier, Role::Keeper, Role::Manager])),
            3 => Control::Discard,
            4 => Control::Undo,
            5 => Control::Money,
            6 => Control::Open {
                step: self.step(),
                page: self.rng.random(),
            },
            7 => Control::Pick {
                step: self.step(),
                part: self.rng.random(),
            },
            8 => Control::HistoryPage(self.rng.random()),
            9 => Control::HistoryMove(self.rng.random()),
            _ => Control::GamesPage(self.rng.random()),
        };
        let mut id = || match self.below(3) {
            0 => self.rng.random_range(0..=i64::MAX),
            _ => self.rng.random_range(0..1000),
        };
        ControlId {
            game: id(),
            seq: id(),
            control,
        }
    }

    fn id_garbage(&mut self, max: usize) -> String {
        let alphabet = std::mem::take(&mut self.id_alphabet);
        let s = self.chars_of(&alphabet, max);
        self.id_alphabet = alphabet;
        s
    }

    /// An id text, and the id it was written from when it was not changed.
    fn control_id_text(&mut self) -> (String, Option<ControlId>) {
        match self.below(10) {
            0 => (self.unicode(300), None),
            1 => (self.bytes(300), None),
            2 => (self.id_garbage(120), None),
            3..=4 => {
                let (g, s) = (self.below(1000), self.below(1000));
                let rest = if self.chance(0.8) {
                    self.id_garbage(40)
                } else {
                    self.unicode(300)
                };
                (format!("aq1:{g}:{s}:{rest}"), None)
            }
            5..=6 => {
                let id = self.control_id();
                (id.encode(), Some(id))
            }
            _ => {
                let id = self.control_id();
                let text = self.mutate(&id.encode(), 3);
                let same = (text == id.encode()).then_some(id);
                (text, same)
            }
        }
    }

    fn name(&mut self) -> String {
        match self.below(4) {
            0 => format!(
                "{}{}",
                self.pick(NASTY_NAMES),
                "x".repeat(200 + self.below(60))
            ),
            1 => self.unicode(60),
            _ => {
                let n = 1 + self.below(3);
                (0..n).map(|_| *self.pick(NASTY_NAMES)).collect()
            }
        }
    }
}

// ----- tallies -----

/// The message of the last panic, kept by the panic hook.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

fn last_panic() -> String {
    LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default()
}

fn shown(input: &str) -> String {
    let mut s: String = input.escape_debug().take(300).collect();
    if input.escape_debug().nth(300).is_some() {
        s.push('…');
    }
    s
}

struct Tally {
    target: &'static str,
    inputs: usize,
    panics: usize,
    refused: usize,
    accepted: usize,
    /// Broken properties: how many times, and the first input.
    broken: BTreeMap<&'static str, (usize, String)>,
    started: Instant,
    /// For targets that share a loop: the time spent on their own inputs.
    spent: Option<Duration>,
}

impl Tally {
    fn new(target: &'static str) -> Tally {
        Tally {
            target,
            inputs: 0,
            panics: 0,
            refused: 0,
            accepted: 0,
            broken: BTreeMap::new(),
            started: Instant::now(),
            spent: None,
        }
    }

    /// Counts one input.
    fn next(&mut self) {
        self.inputs += 1;
    }

    /// Runs a step of an input; a panic is counted and kept as a broken
    /// property.
    fn run<T>(&mut self, input: &str, f: impl FnOnce() -> T) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(_) => {
                self.panics += 1;
                let why = last_panic();
                self.broken
                    .entry("no panic")
                    .or_insert((0, format!("{} ({why})", shown(input))))
                    .0 += 1;
                None
            }
        }
    }

    fn answer(&mut self, accepted: bool) {
        if accepted {
            self.accepted += 1;
        } else {
            self.refused += 1;
        }
    }

    fn check(
        &mut self,
        property: &'static str,
        holds: bool,
        input: &str,
        detail: impl FnOnce() -> String,
    ) {
        if !holds {
            self.broken
                .entry(property)
                .or_insert_with(|| (0, format!("{} -> {}", shown(input), detail())))
                .0 += 1;
        }
    }

    /// Prints the line and the broken properties; true when all held.
    fn report(&self) -> bool {
        println!(
            "fuzz {}: {} inputs, {} panics, {} refused, {} accepted, {:.1} s",
            self.target,
            self.inputs,
            self.panics,
            self.refused,
            self.accepted,
            self.spent
                .unwrap_or_else(|| self.started.elapsed())
                .as_secs_f64()
        );
        for (property, (n, first)) in &self.broken {
            println!("  BROKEN {property}: {n} inputs, the first: {first}");
        }
        self.broken.is_empty()
    }
}

fn is_sentence(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).count() >= 3
}

// ----- pure targets -----

fn fuzz_parser(n: usize, seed: u64) -> bool {
    let mut g = Gen::new(seed);
    let mut t = Tally::new("command-parser");
    for _ in 0..n {
        let text = g.command_text();
        t.next();
        let Some(parsed) = t.run(&text, || command::parse(&text)) else {
            continue;
        };
        t.answer(parsed.is_ok());
        match parsed {
            Err(why) => t.check("a refusal is a sentence", is_sentence(&why), &text, || why),
            Ok(cmd) => {
                let Some(written) = t.run(&text, || cmd.to_text()) else {
                    continue;
                };
                t.check(
                    "written as /aq ...",
                    written.starts_with("/aq "),
                    &text,
                    || written.clone(),
                );
                let Some(again) = t.run(&written, || command::parse(&written)) else {
                    continue;
                };
                t.check(
                    "reads back as itself",
                    again.as_ref() == Ok(&cmd),
                    &text,
                    || format!("{} -> {again:?}", shown(&written)),
                );
                let given = numeric_options(&text);
                let read = numeric_options(&written);
                let cut = read
                    .iter()
                    .find(|(k, v)| given.get(*k).is_some_and(|g| g != *v));
                t.check("numbers read as given", cut.is_none(), &text, || {
                    written.clone()
                });
            }
        }
    }
    t.report()
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

fn fuzz_deck(n: usize, seed: u64) -> bool {
    let mut g = Gen::new(seed);
    let mut t = Tally::new("deck");
    for _ in 0..n {
        let text = g.deck_text();
        t.next();
        let Some(read) = t.run(&text, || Deck::parse(&text)) else {
            continue;
        };
        t.answer(read.is_ok());
        match read {
            Err(e) => t.check("a refusal is a sentence", is_sentence(&e.0), &text, || e.0),
            Ok(deck) => {
                let mut counts: BTreeMap<Tile, usize> = BTreeMap::new();
                for tile in deck.tiles() {
                    *counts.entry(tile).or_default() += 1;
                }
                t.check("a deck holds tiles", !counts.is_empty(), &text, String::new);
                let young = counts
                    .keys()
                    .any(|t| matches!(t, Tile::Animal(a) if a.mark == Mark::Young));
                t.check("no offspring in a deck", !young, &text, String::new);
                let over = counts.iter().find(|(t, n)| **n > usize::from(t.in_box()));
                t.check(
                    "no more of a tile than the box",
                    over.is_none(),
                    &text,
                    || {
                        over.map(|(t, n)| format!("accepted with {n} {t}"))
                            .unwrap_or_default()
                    },
                );
                let again = Deck::parse(&deck.to_text());
                t.check(
                    "a deck writes back to itself",
                    again.as_ref() == Ok(&deck),
                    &text,
                    || format!("{again:?}"),
                );
            }
        }
    }
    t.report()
}

fn fuzz_duration(n: usize, seed: u64) -> bool {
    let mut g = Gen::new(seed);
    let mut t = Tally::new("duration");
    for _ in 0..n {
        let text = g.duration_text();
        t.next();
        let Some(read) = t.run(&text, || Every::parse(&text)) else {
            continue;
        };
        t.answer(read.is_ok());
        match read {
            Err(why) => t.check("a refusal is a sentence", is_sentence(&why), &text, || why),
            Ok(Every::Off) => {
                let w = text.trim().to_ascii_lowercase();
                t.check(
                    "off only for off",
                    w == "off" || w == "never",
                    &text,
                    String::new,
                );
            }
            Ok(every @ Every::After(ms)) => {
                t.check(
                    "between 1m and 60d",
                    (MIN_INTERVAL_MS..=MAX_INTERVAL_MS).contains(&ms),
                    &text,
                    || ms.to_string(),
                );
                let again = Every::parse(&every.to_string());
                t.check("writes back to itself", again == Ok(every), &text, || {
                    format!("{every} -> {again:?}")
                });
            }
        }
    }
    t.report()
}

fn fuzz_control_ids(n: usize, seed: u64) -> bool {
    let mut g = Gen::new(seed);
    let mut t = Tally::new("control-id");
    for _ in 0..n {
        let (text, made) = g.control_id_text();
        t.next();
        let Some(read) = t.run(&text, || ControlId::decode(&text)) else {
            continue;
        };
        t.answer(read.is_some());
        if let Some(id) = read {
            t.check(
                "at most MAX_ID characters",
                text.len() <= MAX_ID,
                &text,
                String::new,
            );
            let again = id.encode();
            t.check("decodes only as written", again == text, &text, || {
                again.clone()
            });
        }
        if let Some(made) = made {
            let want = (text.len() <= MAX_ID).then_some(made);
            t.check(
                "an id the bot writes reads back",
                read == want,
                &text,
                || format!("{read:?}"),
            );
        }
    }
    t.report()
}

// ----- the referee -----

const CHANNEL: &str = "chan-fuzz";
const GUILD: &str = "guild-fuzz";
const PEOPLE: [(&str, &str, bool); 4] = [
    ("id-ana", "ana", false),
    ("id-ben", "ben", false),
    ("id-cy", "cy", false),
    ("id-mod", "mod", true),
];

fn actor(person: usize, name: Option<String>) -> Actor {
    let (id, plain, manages) = PEOPLE[person % PEOPLE.len()];
    Actor {
        id: id.to_string(),
        name: name.unwrap_or_else(|| plain.to_string()),
        manages_channel: manages,
    }
}

/// A referee over a fresh temporary SQLite file, a game at a time, so the
/// rows compared stay those of one game.
struct Table {
    referee: Referee,
    _dir: tempfile::TempDir,
    /// Every row, as of the last input.
    rows: Vec<String>,
    /// Inputs since the channel last had a running game.
    idle: usize,
    /// Menus and buttons of the last private panel: (id, menu values).
    private: Vec<(String, Vec<String>)>,
}

async fn table(seed: u64) -> Table {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("no temporary folder: {e}"));
    let path = dir.path().join("fuzz.db");
    let opts = StoreOptions {
        synchronous: SqliteSynchronous::Normal,
        ..StoreOptions::default()
    };
    let store = Store::open_with(&path.display().to_string(), &opts)
        .await
        .unwrap_or_else(|e| panic!("no store: {e:#}"));
    let clock = aquaretto_bot::clock::ManualClock::new(1_780_000_000_000);
    let referee = Referee::new(store).with_clock(Arc::new(clock));
    for (who, text) in [
        (0, format!("/aq new seed:{seed} first:ana")),
        (1, "/aq join".to_string()),
        (0, "/aq start".to_string()),
    ] {
        let cmd = command::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let reply = referee.handle(request(actor(who, None), cmd)).await;
        assert!(reply.accepted, "{text}: {}", reply.text);
    }
    let rows = db::all_rows(referee.store().pool()).await;
    Table {
        referee,
        _dir: dir,
        rows,
        idle: 0,
        private: Vec::new(),
    }
}

fn request(who: Actor, command: Command) -> Request {
    Request {
        channel: CHANNEL.into(),
        guild: Some(GUILD.into()),
        actor: who,
        command,
        via: Default::default(),
    }
}

fn table_controls(loaded: &Loaded) -> Vec<(String, Vec<String>)> {
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

fn remember(shown: &mut Vec<(String, Vec<String>)>, panel: &Panel) {
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

/// What one input to the referee is.
enum Input {
    Command(Request),
    Press(Press),
}

/// Where a request comes from: mostly the game's channel, sometimes
/// another channel, the same channel id in another guild, or a direct
/// message.
fn place(g: &mut Gen) -> (String, Option<String>) {
    match g.below(20) {
        0 => ("chan-other".into(), Some(GUILD.into())),
        1 => (CHANNEL.into(), Some("guild-other".into())),
        2 => ("dm-channel".into(), None),
        _ => (CHANNEL.into(), Some(GUILD.into())),
    }
}

/// What the front end says of a request: sometimes an interaction id from
/// a few (so copies come), sometimes an upload limit.
fn via(g: &mut Gen) -> Via {
    Via {
        interaction: g.chance(0.3).then(|| format!("ix-{}", g.below(6))),
        upload_limit: g.chance(0.2).then(|| match g.below(3) {
            0 => 0,
            1 => g.below(100_000),
            _ => usize::MAX,
        }),
    }
}

fn fuzz_referee(n: usize, seed: u64) -> bool {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("no runtime: {e}"));
    let mut g = Gen::new(seed);
    let mut commands = Tally::new("referee-commands");
    let mut presses = Tally::new("referee-presses");
    let mut games = 0u64;
    let mut t = runtime.block_on(table(seed));
    let mut moves_played = 0usize;
    commands.spent = Some(Duration::ZERO);
    presses.spent = Some(Duration::ZERO);
    while commands.inputs < n || presses.inputs < n {
        let began = Instant::now();
        let loaded = match runtime.block_on(t.referee.open_game(CHANNEL)) {
            Ok(Some(Ok(loaded))) => Some(loaded),
            Ok(None) => None,
            Ok(Some(Err(damage))) => {
                commands.check("a game is never damaged", false, "", || damage.to_string());
                None
            }
            Err(e) => panic!("database: {e:#}"),
        };
        let running = loaded.as_ref().is_some_and(|l| l.game.is_some());
        t.idle = if running { 0 } else { t.idle + 1 };
        if t.idle > 20 {
            games += 1;
            t = runtime.block_on(table(seed.wrapping_add(games)));
            continue;
        }
        let press = if commands.inputs >= n {
            true
        } else if presses.inputs >= n {
            false
        } else {
            g.chance(0.5)
        };
        let to_act = loaded.as_ref().and_then(|l| {
            let seat = l.game.as_ref()?.to_act()?;
            let s = l.seats.get(seat)?;
            Some(Actor {
                id: s.user_id.clone(),
                name: s.name.clone(),
                manages_channel: false,
            })
        });
        let someone = |g: &mut Gen| {
            let name = g.chance(0.1).then(|| g.name());
            actor(g.below(PEOPLE.len()), name)
        };
        let (input, text) = if press {
            let mut shown = loaded.as_ref().map(table_controls).unwrap_or_default();
            shown.extend(t.private.iter().cloned());
            let (id, options) = match g.below(10) {
                0..=5 if !shown.is_empty() => {
                    let (id, options) = g.pick(&shown).clone();
                    let id = if g.chance(0.3) { g.mutate(&id, 3) } else { id };
                    (id, options)
                }
                0..=7 => {
                    let (game, seq) = loaded.as_ref().map_or((1, 0), |l| (l.row.id, l.seq()));
                    let rest = g.id_garbage(30);
                    (format!("aq1:{game}:{seq}:{rest}"), Vec::new())
                }
                _ => (g.control_id_text().0, Vec::new()),
            };
            let values = if !options.is_empty() && g.chance(0.8) {
                vec![g.pick(&options).clone()]
            } else {
                let k = g.below(3);
                (0..k)
                    .map(|_| match g.below(3) {
                        0 => g.cell().to_string(),
                        1 => g.pick(FRAGMENTS).to_string(),
                        _ => g.mutate("K11", 2),
                    })
                    .collect()
            };
            let who = match &to_act {
                Some(a) if g.chance(0.7) => a.clone(),
                _ => someone(&mut g),
            };
            let text = format!("{} presses {id} with {values:?}", who.name);
            let (channel, guild) = place(&mut g);
            let press = Press {
                channel,
                guild,
                actor: who,
                id,
                values,
            };
            (Input::Press(press), text)
        } else {
            let legal = loaded.as_ref().map(legal_commands).unwrap_or_default();
            let (who, text) = match &to_act {
                Some(a) if !legal.is_empty() && g.chance(0.5) => {
                    let m = g.pick(&legal).clone();
                    let m = if g.chance(0.3) { g.mutate(&m, 2) } else { m };
                    (a.clone(), m)
                }
                _ => (someone(&mut g), g.command_text()),
            };
            match command::parse(&text) {
                Ok(cmd) => {
                    let shown = format!("{} says {text}", who.name);
                    let (channel, guild) = place(&mut g);
                    let req = Request {
                        channel,
                        guild,
                        actor: who,
                        command: cmd,
                        via: via(&mut g),
                    };
                    (Input::Command(req), shown)
                }
                Err(_) => continue,
            }
        };
        let tally = match input {
            Input::Command(..) => &mut commands,
            Input::Press(..) => &mut presses,
        };
        tally.next();
        let reply: Option<Reply> = tally.run(&text, || {
            runtime.block_on(async {
                match input {
                    Input::Command(req) => t.referee.handle(req).await,
                    Input::Press(p) => t.referee.press(p).await,
                }
            })
        });
        let rows = runtime.block_on(db::all_rows(t.referee.store().pool()));
        let Some(reply) = reply else {
            t.rows = rows;
            continue;
        };
        tally.answer(reply.accepted);
        if reply.accepted {
            if rows != t.rows {
                moves_played += 1;
            }
        } else {
            tally.check(
                "a refusal is a sentence",
                is_sentence(&reply.text),
                &text,
                || reply.text.clone(),
            );
            tally.check("a refusal is private", reply.private, &text, || {
                reply.text.clone()
            });
            let same = rows == t.rows;
            tally.check("a refusal changes no row", same, &text, || {
                reply.text.clone()
            });
        }
        if let Some(panel) = &reply.controls {
            t.private.clear();
            remember(&mut t.private, panel);
        }
        t.rows = rows;
        *tally.spent.get_or_insert(Duration::ZERO) += began.elapsed();
    }
    let a = commands.report();
    let b = presses.report();
    println!(
        "  ({} games in fresh databases, {moves_played} accepted inputs that changed rows)",
        games + 1
    );
    a && b
}

fn count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().replace('_', "").parse().ok())
        .unwrap_or(default)
}

fn main() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string();
        }
    }));
    let inputs = count("FUZZ_INPUTS", 1_000_000);
    let referee_inputs = count("FUZZ_REFEREE_INPUTS", 20_000);
    let seed = count("FUZZ_SEED", 20_261_123) as u64;
    // cargo bench passes --bench; other arguments pick targets.
    let picks: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |name: &str| picks.is_empty() || picks.iter().any(|p| name.contains(p.as_str()));
    println!("fuzz: seed {seed}, {inputs} inputs per pure target, {referee_inputs} commands and presses through the referee");
    let mut ok = true;
    if wanted("command-parser") {
        ok &= fuzz_parser(inputs, seed);
    }
    if wanted("deck") {
        ok &= fuzz_deck(inputs, seed);
    }
    if wanted("duration") {
        ok &= fuzz_duration(inputs, seed);
    }
    if wanted("control-id") {
        ok &= fuzz_control_ids(inputs, seed);
    }
    if wanted("referee") {
        ok &= fuzz_referee(referee_inputs, seed);
    }
    if !ok {
        println!("fuzz: FAILED: a panic or a broken property above");
        std::process::exit(1);
    }
    println!("fuzz: every property held");
}
