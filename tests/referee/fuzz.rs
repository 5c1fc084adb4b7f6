//! Bad input, fuzzed (the issue "Proof under load and faults"): the command
//! text parser, deck files, durations, control ids, and whole requests and
//! presses through the referee on a real SQLite file. For every input: no
//! panic, every refusal a sentence, and a refused request or press leaves
//! every row of the database as it was. `benches/fuzz.rs` runs the same
//! targets over a million inputs each; these tests run a few hundred cases
//! (set PROPTEST_CASES for more).
//!
//! The inputs that broke something once are kept as plain tests at the end.

use crate::support::db;
use crate::support::fuzz_inputs;
use fuzz_inputs::*;

use aquaretto_bot::clock::ManualClock;
use aquaretto_bot::command::{self, Command, Every, MAX_INTERVAL_MS, MIN_INTERVAL_MS};
use aquaretto_bot::engine::{Deck, Mark, Tile};
use aquaretto_bot::referee::{legal_commands, Actor, Loaded, Press, Referee, Reply, Request, Via};
use aquaretto_bot::store::Store;
use aquaretto_bot::view::controls::{ControlId, MAX_ID};
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

use crate::support::fuzz_strategies::*;

// ----- pure targets -----

/// Runs `f`, turning a panic into a failed case with the input shown.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|_| TestCaseError::fail(format!("{what} panicked on {input:?}")))
}

proptest! {
    #![proptest_config(config(256))]

    /// The parser answers every text with a command or a sentence.
    #[test]
    fn command_parser_answers_everything_with_a_command_or_a_sentence(text in command_text()) {
        let parsed = no_panic("command::parse", &text, || command::parse(&text))?;
        match parsed {
            Err(why) => prop_assert!(is_sentence(&why.to_string()), "{text:?} refused with {why:?}"),
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
            Err(e) => prop_assert!(
                is_sentence(&e.to_string()),
                "{text:?} refused with {:?}",
                e.to_string()
            ),
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
            Err(why) => prop_assert!(is_sentence(&why.to_string()), "{text:?} refused with {why:?}"),
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
                ..Via::default()
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
            assert!(reply.accepted, "{text}: {}", reply.text());
        }
        t
    }

    /// Gives one input and checks the properties every answer keeps.
    fn check(&self, what: &str, run: impl FnOnce(&Table) -> Reply) -> Result<Reply, TestCaseError> {
        let before = self.rows();
        let reply = no_panic("the referee", what, || run(self))?;
        if !reply.accepted {
            prop_assert!(
                is_sentence(&reply.text()),
                "{what}: refused with {:?}",
                reply.text()
            );
            prop_assert!(
                reply.private,
                "{what}: a refusal in public: {}",
                reply.text()
            );
            let after = self.rows();
            prop_assert!(
                after == before,
                "{what}: refused ({}) but the database changed",
                reply.text()
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
                let (Some(game), false) = (&loaded.game(), legal.is_empty()) else {
                    continue;
                };
                let Some(seat) = game.to_act() else { continue };
                let text = mutate(&legal[pick % legal.len()], edits);
                let Ok(cmd) = command::parse(&text) else {
                    continue;
                };
                let who = Actor {
                    id: loaded.seats()[seat].user_id.clone(),
                    name: loaded.seats()[seat].name.clone(),
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
                        let (game, seq) = loaded.as_ref().map_or((1, 0), |l| (l.id(), l.seq()));
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
        prop_assert!(new.accepted, "{creator:?} cannot open a game: {}", new.text());
        replies.push(new);
        let join = t.handle(actor(1, Some(joiner.clone())), Command::Join);
        prop_assert!(join.accepted, "{joiner:?} cannot join: {}", join.text());
        replies.push(join);
        replies.push(t.handle(actor(2, Some(outsider.clone())), Command::Start));
        let start = t.handle(actor(0, Some(creator.clone())), Command::Start);
        prop_assert!(start.accepted, "names {creator:?}, {joiner:?}: start refused: {}", start.text());
        replies.push(start);
        for text in ["/aq board", "/aq score", "/aq moves", "/aq history", "/aq zoo"] {
            replies.push(t.handle(actor(1, Some(joiner.clone())), parse(text)));
        }
        replies.push(t.handle(actor(3, Some(outsider.clone())), Command::Abandon));
        for reply in &replies {
            let text = format!("{}\n{}", reply.text(), reply.board.as_deref().unwrap_or(""));
            prop_assert!(
                smuggled_mention(&text).is_none() && bidi_control(&text).is_none(),
                "names {creator:?}, {joiner:?}, {outsider:?}: {text}"
            );
            if let Some(m) = &reply.mention {
                prop_assert!(m == "id-ana" || m == "id-ben", "pings {m}: {}", reply.text());
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
    assert!(new.accepted, "{}", new.text());
    assert!(t.say(1, "/aq join").accepted);
    let start = t.handle(blank(), Command::Start);
    assert!(start.accepted, "start refused: {}", start.text());
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
            Err(why) => assert!(is_sentence(&why.to_string()), "{text}: {why}"),
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
        Ok(Err(e)) => assert!(e.to_string().contains("box has only"), "{e}"),
        Ok(Ok(deck)) => panic!("a deck of {} coin tiles was accepted", deck.tiles().count()),
        Err(_) => panic!("Deck::parse panicked on 266 coin tiles"),
    }
}
