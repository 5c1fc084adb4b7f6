//! The inputs `benches/fuzz.rs` generates, from a seeded generator:
//! mutations of valid commands, commands built from their options, deck
//! files, durations, control ids and display names.

use super::*;

pub(crate) const NASTY_NAMES: &[&str] = &[
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

pub(crate) struct Gen {
    rng: ChaCha8Rng,
    alphabet: Vec<char>,
    id_alphabet: Vec<char>,
    tile_words: Vec<String>,
}

impl Gen {
    pub(crate) fn new(seed: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            alphabet: ALPHABET.chars().collect(),
            id_alphabet: ID_ALPHABET.chars().collect(),
            tile_words: tile_words(),
        }
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        let i = self.below(items.len());
        &items[i]
    }

    pub(crate) fn bytes(&mut self, max: usize) -> String {
        let n = self.below(max + 1);
        let bytes: Vec<u8> = (0..n).map(|_| self.rng.random()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    pub(crate) fn chars_of(&mut self, alphabet: &[char], max: usize) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| *self.pick(alphabet)).collect()
    }

    pub(crate) fn unicode(&mut self, max: usize) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| self.rng.random::<char>()).collect()
    }

    pub(crate) fn any_char(&mut self) -> char {
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
    pub(crate) fn mutate(&mut self, text: &str, max: usize) -> String {
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

    pub(crate) fn on_tokens(
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
    pub(crate) fn option_value(&mut self, option: &str) -> String {
        let words = |g: &mut Gen, w: &[&str]| g.pick(w).to_string();
        if let Some(list) = option_words(option) {
            return words(self, list);
        }
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
            "from" | "to" => match self.below(3) {
                0 => self.cell_word(),
                1 => words(self, POST_WORDS),
                _ => self.player_word(),
            },
            "reminders" | "turn_limit" => self.duration_text(),
            "removed" => {
                let n = self.below(4);
                let w: Vec<&str> = (0..n).map(|_| *self.pick(ANIMAL_WORDS)).collect();
                w.join(" ")
            }
            "deck" => self.deck_text(),
            _ => self.player_word(),
        }
    }

    pub(crate) fn number_text(&mut self) -> String {
        match self.below(5) {
            0 => self.pick(HUGE).to_string(),
            1 => self.rng.random::<u64>().to_string(),
            _ => self.below(12).to_string(),
        }
    }

    pub(crate) fn cell_word(&mut self) -> String {
        if self.chance(0.8) {
            self.cell().to_string()
        } else {
            self.pick(ODD_CELLS).to_string()
        }
    }

    pub(crate) fn player_word(&mut self) -> String {
        match self.below(4) {
            0 | 1 => self.pick(PLAYER_WORDS).to_string(),
            2 => self.name(),
            _ => {
                let white = *self.pick(WHITE);
                format!("ana{white}maria")
            }
        }
    }

    /// A command of the language with some of its options, each given a
    /// value, quoted when it holds white space.
    pub(crate) fn structured_command(&mut self) -> String {
        let spec = self.pick(command::COMMANDS);
        let (name, allowed, required) = (spec.name, spec.options, spec.required);
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

    pub(crate) fn command_text(&mut self) -> String {
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

    pub(crate) fn deck_text(&mut self) -> String {
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

    pub(crate) fn duration_text(&mut self) -> String {
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

    pub(crate) fn cell(&mut self) -> Cell {
        let (c, r) = (self.below(21) as u8, self.below(21) as u8);
        Cell::new(c, r).unwrap_or_else(|| unreachable!("{c} {r} is on the grid"))
    }

    pub(crate) fn number(&mut self) -> u64 {
        match self.below(4) {
            0 => self.rng.random_range(0..10_000_000_000_000_000_000),
            1 => self.rng.random_range(0..1000),
            _ => self.rng.random_range(0..10),
        }
    }

    pub(crate) fn step(&mut self) -> Step {
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
    pub(crate) fn control_id(&mut self) -> ControlId {
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

    pub(crate) fn id_garbage(&mut self, max: usize) -> String {
        let alphabet = std::mem::take(&mut self.id_alphabet);
        let s = self.chars_of(&alphabet, max);
        self.id_alphabet = alphabet;
        s
    }

    /// An id text, and the id it was written from when it was not changed.
    pub(crate) fn control_id_text(&mut self) -> (String, Option<ControlId>) {
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

    pub(crate) fn name(&mut self) -> String {
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
