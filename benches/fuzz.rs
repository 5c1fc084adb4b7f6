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

// The test kit's databases and fuzzer's inputs (testkit/).
use aquaretto_testkit::{db, fuzz_inputs};
use fuzz_inputs::*;

use aquaretto_bot::command::{self, Command, Every, MAX_INTERVAL_MS, MIN_INTERVAL_MS};
use aquaretto_bot::engine::{Animal, Cell, Deck, Mark, Post, Role, Size, Tile};
use aquaretto_bot::referee::{legal_commands, Actor, Press, Referee, Reply, Request, Via};
use aquaretto_bot::store::{Store, StoreOptions};
use aquaretto_bot::view::controls::{Control, ControlId, Step, MAX_ID};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::sqlite::SqliteSynchronous;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "fuzz/gen.rs"]
mod gen;
use gen::*;

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
            Err(why) => {
                let why = why.to_string();
                t.check("a refusal is a sentence", is_sentence(&why), &text, || why)
            }
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
            Err(e) => t.check(
                "a refusal is a sentence",
                is_sentence(&e.to_string()),
                &text,
                || e.to_string(),
            ),
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
            Err(why) => {
                let why = why.to_string();
                t.check("a refusal is a sentence", is_sentence(&why), &text, || why)
            }
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
        assert!(reply.accepted, "{text}: {}", reply.text());
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
        ..Via::default()
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
        let running = loaded.as_ref().is_some_and(|l| l.game().is_some());
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
            let seat = l.game()?.to_act()?;
            let s = l.seats().get(seat)?;
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
                    let (game, seq) = loaded.as_ref().map_or((1, 0), |l| (l.id(), l.seq()));
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
                is_sentence(&reply.text()),
                &text,
                || reply.text().clone(),
            );
            tally.check("a refusal is private", reply.private, &text, || {
                reply.text().clone()
            });
            let same = rows == t.rows;
            tally.check("a refusal changes no row", same, &text, || {
                reply.text().clone()
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
