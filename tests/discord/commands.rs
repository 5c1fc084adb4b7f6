//! The commands of `/aq` end to end, through the doors a player uses: their
//! registration, help, the lobby and the moves, by the real serenity client
//! with poise, connected to a fake Discord on 127.0.0.1, over a real
//! referee and store. Plus autocomplete's choices checked against the
//! engine's legal actions, and the fixtures checked against serenity's types.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command::{Command, COMMANDS};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Action, Game, Post, Target};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::referee::autocomplete::{self, Field, Filled};
use aquaretto_bot::referee::Loaded;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use support::fake_discord::{self as fd, APP_ID};
use support::{subcommand, Answer, Table, TinyPainter, User, ALICE, BOB, CAROL, CHANNEL, GUILD};

/// Answers come directly (the referee is fast); `DEFERRED` forces deferral.
const DIRECT: Duration = Duration::from_secs(2);
const DEFERRED: Duration = Duration::ZERO;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

async fn table() -> Table {
    Table::open(DIRECT, TinyPainter::boxed).await
}

/// The asserts every accepted move's answer must pass: one public message
/// with the table picture that notifies exactly the player to act next (if
/// it is someone else) and nobody else. A move slower than the deferral is
/// first answered with a private note, and the table follows as a new
/// message (a mention in an edit would notify nobody).
fn assert_move_answer(answer: &Answer, actor: User, next: Option<User>, what: &str) {
    assert!(
        !answer.is_private(),
        "{what}: private answer: {}",
        answer.content()
    );
    if let Some(note) = &answer.deferred {
        assert_eq!(note.body()["type"], 4, "{what}: answered at once");
        assert_eq!(note.body()["data"]["flags"], 64, "{what}: privately");
        assert_eq!(
            note.body()["data"]["content"],
            aquaretto_bot::discord::message::working(&aquaretto_bot::lang::Lang::english())
        );
        assert!(
            answer.message.path.starts_with("/webhooks/") && answer.message.method == "POST",
            "{what}: the table follows as a new message"
        );
    }
    assert!(answer.message.is_multipart(), "{what}: no attachment");
    let pngs = answer.pngs();
    // The table; once the game is over (nobody to act), the score card
    // beside it.
    let expected: &[&str] = match next {
        Some(_) => &["table.png"],
        None => &["table.png", "score.png"],
    };
    let names: Vec<&str> = pngs
        .iter()
        .map(|p| p.filename.as_deref().unwrap_or_default())
        .collect();
    assert_eq!(names, expected, "{what}: the pictures");
    for png in &pngs {
        assert!(png.bytes.starts_with(PNG_SIGNATURE), "{what}: a PNG");
    }
    let attachments = answer.data()["attachments"]
        .as_array()
        .expect("attachments");
    let attached: Vec<&str> = attachments
        .iter()
        .map(|a| a["filename"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(attached, expected);
    let content = answer.content();
    assert!(!content.is_empty() && content.encode_utf16().count() <= 2000);
    let allowed = &answer.data()["allowed_mentions"];
    assert_eq!(allowed["parse"], json!([]), "{what}: no @everyone or roles");
    assert!(
        allowed["roles"].as_array().is_none_or(|r| r.is_empty()),
        "{what}: no role pings"
    );
    let notified: Vec<String> = answer.notified.iter().map(|n| n.user.clone()).collect();
    match next.filter(|n| *n != actor) {
        Some(next) => assert_eq!(notified, [next.id.to_string()], "{what}: {content}"),
        None => assert!(notified.is_empty(), "{what}: {notified:?} notified"),
    }
}

fn assert_private(answer: &Answer, what: &str) {
    assert!(answer.is_private(), "{what}: public: {}", answer.content());
    assert!(
        answer.pngs().is_empty(),
        "{what}: no picture with a refusal"
    );
    let allowed = &answer.data()["allowed_mentions"];
    assert!(allowed["users"].as_array().is_none_or(|u| u.is_empty()));
}

/// Plays `moves` random legal moves (or to the end) as interactions, checking
/// each answer; returns how many were played.
async fn play(t: &Table, rng: &mut ChaCha8Rng, moves: usize) -> usize {
    play_counting(t, rng, moves, &mut BTreeMap::new()).await
}

/// [`play`], counting the subcommands used.
async fn play_counting(
    t: &Table,
    rng: &mut ChaCha8Rng,
    moves: usize,
    used: &mut BTreeMap<&'static str, usize>,
) -> usize {
    for n in 0..moves {
        let Some(loaded) = t.loaded().await else {
            return n;
        };
        let game = loaded.game().expect("started");
        let Some(seat) = game.to_act() else {
            return n;
        };
        let actor = Table::user_of(&loaded, seat);
        let action = random_action(game, seat, rng).expect("a legal action");
        let (sub, options) = t.options_for(&action, &loaded);
        *used.entry(sub).or_default() += 1;
        let before = loaded.log().len();
        let answer = t.say(actor, sub, &options).await;
        let what = format!("move {}: {actor:?} {sub} {options:?}", before + 1);
        let after = t.referee.find_game(loaded.id().into(), None).await;
        let after = after
            .expect("database")
            .expect("game")
            .expect("not damaged");
        assert_eq!(
            after.log().len(),
            before + 1,
            "{what}: {}",
            answer.content()
        );
        let game = after.game().expect("started");
        let next = game.to_act().map(|s| Table::user_of(&after, s));
        assert_move_answer(&answer, actor, next, &what);
    }
    moves
}

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_aq_command_registers_every_subcommand_and_option
}
async fn the_aq_command_registers_every_subcommand_and_option() {
    let t = table().await;
    let aq = &t.registered;
    assert_eq!(aq["name"], "aq");
    // Every command of the command language is one leaf, under its own word,
    // at the path Discord reaches it by; nothing else is registered but
    // Discord's own leaves (opening the table inside Discord).
    let mut paths = Vec::new();
    for top in aq["options"].as_array().expect("subcommands") {
        let name = top["name"].as_str().expect("a name");
        match top["type"].as_u64() {
            Some(1) => paths.push(name.to_string()),
            Some(2) => {
                for leaf in top["options"].as_array().expect("a group's subcommands") {
                    assert_eq!(leaf["type"], 1, "{name}: only subcommands in a group");
                    paths.push(format!("{name} {}", leaf["name"].as_str().expect("a name")));
                }
            }
            other => panic!("{name}: an option of type {other:?} beside subcommands"),
        }
    }
    let mut expected: Vec<String> = COMMANDS
        .iter()
        .filter(|spec| spec.group.in_aq())
        .map(|spec| aquaretto_bot::command::discord_path(spec.name))
        .chain(
            aquaretto_bot::discord::launch::DISCORD_LEAVES
                .iter()
                .map(|l| l.to_string()),
        )
        .collect();
    paths.sort();
    expected.sort();
    assert_eq!(paths, expected);
    let user_options = [
        ("new", "first"),
        ("buy", "from"),
        ("zoo", "player"),
        ("stats", "player"),
        ("review", "player"),
    ];
    let integer_options = [
        ("new", "seed"),
        ("draw", "truck"),
        ("take", "truck"),
        ("place", "tile"),
        ("history", "move"),
        ("history", "game"),
        ("games", "page"),
        ("export", "game"),
        ("replay", "game"),
        ("review", "game"),
    ];
    let bool_options = [
        ("settings", "hints"),
        ("settings", "weekend_pause"),
        ("settings", "vacations"),
        ("notify", "dm"),
        ("notify", "before"),
        ("board", "text"),
    ];
    let fixed_choices = [
        ("hire", "as", 4),
        ("expand", "size", 2),
        ("addbot", "level", 3),
        ("replay", "speed", 3),
        ("reset", "what", 2),
        ("settings", "clock", 4),
    ];
    for spec in COMMANDS.iter().filter(|spec| spec.group.in_aq()) {
        let (name, options, required) = (&spec.name, &spec.options, spec.required);
        let sub = subcommand(aq, name);
        assert_eq!(sub["type"], 1, "{name} is a subcommand");
        let description = sub["description"].as_str().unwrap_or_default();
        assert!(
            (1..=100).contains(&description.chars().count()),
            "{name}: {description:?}"
        );
        let registered = sub["options"].as_array().cloned().unwrap_or_default();
        let got: Vec<&str> = registered
            .iter()
            .filter_map(|o| o["name"].as_str())
            .collect();
        assert_eq!(&got, options, "options of {name}");
        for o in &registered {
            let option = o["name"].as_str().expect("name");
            let is_required = o["required"] == true;
            assert_eq!(
                is_required,
                required.contains(&option),
                "{name}.{option} required"
            );
            let description = o["description"].as_str().unwrap_or_default();
            assert!(
                (1..=100).contains(&description.chars().count()),
                "{name}.{option}"
            );
            let expected_type = if user_options.contains(&(name, option)) {
                6
            } else if bool_options.contains(&(name, option)) {
                5
            } else if integer_options.contains(&(name, option))
                || fixed_choices
                    .iter()
                    .any(|(s, o, _)| (*s, *o) == (*name, option))
            {
                4
            } else {
                3
            };
            assert_eq!(o["type"], expected_type, "{name}.{option} type");
            // The language options offer the catalogue's languages.
            let languages = [("language", "set"), ("settings", "language")];
            let autocompleted = (Field::find(name, option).is_some()
                || languages.contains(&(*name, option)))
                && expected_type != 6
                && expected_type != 5
                && !fixed_choices
                    .iter()
                    .any(|(s, o, _)| (*s, *o) == (*name, option));
            assert_eq!(
                o["autocomplete"] == true,
                autocompleted,
                "{name}.{option} autocomplete"
            );
            if let Some((_, _, n)) = fixed_choices
                .iter()
                .find(|(s, o, _)| (*s, *o) == (*name, option))
            {
                assert_eq!(
                    o["choices"].as_array().map(Vec::len),
                    Some(*n),
                    "{name}.{option}"
                );
            }
        }
    }
    let roles: Vec<&str> = subcommand(aq, "hire")["options"][0]["choices"]
        .as_array()
        .expect("role choices")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(roles, ["cashier", "keeper", "manager", "trainer"]);
    // Offered in servers and in the bot's own DM, for a server install
    // only: never in other private channels, nor installed by a user.
    assert_eq!(aq["contexts"], json!([0, 1]), "{aq}");
    assert_eq!(aq["integration_types"], json!([0]), "{aq}");
    assert_eq!(
        t.fake.registered_contexts(),
        Some((vec![0, 1], vec![0])),
        "the fake offers /aq where it was registered"
    );
    // The IDENTIFY carried the token, and asked for the GUILDS intent alone
    // (servers, channels and threads coming and going; not privileged).
    let frames = t.fake.gateway_frames();
    assert!(frames
        .iter()
        .any(|f| f["op"] == 2 && f["d"]["token"] == "Bot fake-token" && f["d"]["intents"] == 1));
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_whole_two_player_game_is_played_with_slash_commands
}
async fn a_whole_two_player_game_is_played_with_slash_commands() {
    // The real pictures, as players get them.
    let t = Table::open(DIRECT, support::render_painter).await;
    // Seed 12 plays every kind of move: draw, take, place, hire, move, buy, discard, expand.
    let started = t.start_two_player_game(12).await;
    // alice plays first: starting pings nobody, and shows the table.
    assert_move_answer(&started, ALICE, Some(ALICE), "start");
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut used = BTreeMap::new();
    let played = play_counting(&t, &mut rng, 2_000, &mut used).await;
    eprintln!("{played} moves: {used:?}");
    assert!(played > 20, "only {played} moves");
    for sub in [
        "draw", "take", "place", "hire", "move", "buy", "discard", "expand",
    ] {
        assert!(used.contains_key(sub), "the game used no {sub}: {used:?}");
    }
    // The game is over: no open game, the record is finished, nobody to ping.
    assert!(t.loaded().await.is_none(), "the game ended");
    let done = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged");
    assert_eq!(done.log().len(), played);
    assert!(done.game().expect("started").is_over());
    let last = t.fake.requests();
    let last = last
        .iter()
        .rev()
        .find(|r| r.path.ends_with("/callback"))
        .expect("a last answer");
    assert!(last.body()["data"]["content"]
        .as_str()
        .is_some_and(|c| c.contains("The game is over")));
    // A finished game takes no more moves.
    let late = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert_private(&late, "a move after the end");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    autocomplete_offers_exactly_the_legal_choices
}
async fn autocomplete_offers_exactly_the_legal_choices() {
    let t = table().await;
    t.start_two_player_game(11).await;
    let loaded = t.loaded().await.expect("a game");
    let game = loaded.game().expect("started");
    assert_eq!(game.to_act(), Some(0));

    // Trucks to draw onto, as integers; nothing for bob, whose turn it is not.
    let offered = t.autocomplete(ALICE, "draw", &[], ("truck", ""), 4).await;
    let want: BTreeSet<u64> = game
        .legal_actions(0)
        .iter()
        .filter_map(|a| match a {
            Action::Draw { truck } => Some(*truck as u64),
            _ => None,
        })
        .collect();
    let got: BTreeSet<u64> = offered.iter().filter_map(|(_, v)| v.as_u64()).collect();
    assert_eq!(got, want);
    assert_eq!(got.len(), offered.len(), "integer values: {offered:?}");
    assert!(t
        .autocomplete(BOB, "draw", &[], ("truck", ""), 4)
        .await
        .is_empty());
    assert!(t
        .autocomplete(CAROL, "draw", &[], ("truck", ""), 4)
        .await
        .is_empty());

    // alice has 1 coin: small expansions, filtered by what she types.
    let legal: BTreeSet<String> = game
        .legal_actions(0)
        .iter()
        .filter_map(|a| match a {
            Action::Expand { cells, .. } => Some(
                cells
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            _ => None,
        })
        .collect();
    let small = t.choice_value("expand", "size", "small");
    let offered = t
        .autocomplete(
            ALICE,
            "expand",
            &[("size", small.clone())],
            ("cells", "n1"),
            3,
        )
        .await;
    assert!(!offered.is_empty() && offered.len() <= 25);
    for (_, v) in &offered {
        let v = v.as_str().expect("text");
        assert!(legal.contains(v), "{v} is legal");
        assert!(
            v.split(' ').any(|c| c.starts_with('N')) && v.split(' ').any(|c| c.starts_with("N1"))
        );
    }
    let want: BTreeSet<&String> = legal
        .iter()
        .filter(|p| p.split(' ').any(|c| c.starts_with("N1")))
        .collect();
    if want.len() <= 25 {
        assert_eq!(offered.len(), want.len());
    }

    // Take a truck with tiles, then: the cells offered for placing are the legal ones.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 200, "no position with waiting tiles");
        let loaded = t.loaded().await.expect("a game");
        let game = loaded.game().expect("started");
        let seat = game.to_act().expect("running");
        if game.pending().waiting_tiles().next().is_some()
            && game.pending().offspring.is_empty()
            && game.pending().coworkers == 0
        {
            check_place_choices(&t, &loaded, game, seat).await;
            break;
        }
        // Draw while trucks have room, then take the fullest one.
        let legal = game.legal_actions(seat);
        let action = legal
            .iter()
            .find(|a| matches!(a, Action::Draw { .. }))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Take { .. })))
            .cloned()
            .or_else(|| random_action(game, seat, &mut rng))
            .expect("a move");
        let (sub, options) = t.options_for(&action, &loaded);
        let answer = t.say(Table::user_of(&loaded, seat), sub, &options).await;
        assert!(!answer.is_private(), "{}", answer.content());
    }
    finish(t).await;
}

async fn check_place_choices(t: &Table, loaded: &Loaded, game: &Game, seat: usize) {
    let user = Table::user_of(loaded, seat);
    let legal = game.legal_actions(seat);
    let targets = |slot: Option<usize>| -> BTreeSet<String> {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Place { tile, at } if slot.is_none() || *tile == slot => {
                    Some(at.to_string())
                }
                _ => None,
            })
            .collect()
    };
    let offered = t.autocomplete(user, "place", &[], ("at", ""), 3).await;
    let got: BTreeSet<String> = offered
        .iter()
        .filter_map(|(_, v)| v.as_str().map(str::to_string))
        .collect();
    let want = targets(None);
    if want.len() <= 25 {
        assert_eq!(got, want, "every legal target, and only those");
    } else {
        assert!(got.is_subset(&want) && got.len() == 25);
    }
    for (label, value) in &offered {
        assert!(label.starts_with(value.as_str().unwrap_or("?")), "{label}");
    }
    // With a slot chosen: exactly that tile's targets, and the slots offered are the waiting ones.
    let slots: BTreeSet<u64> = t
        .autocomplete(user, "place", &[("at", json!(""))], ("tile", ""), 4)
        .await
        .iter()
        .filter_map(|(_, v)| v.as_u64())
        .collect();
    let waiting: BTreeSet<u64> = game
        .pending()
        .waiting_tiles()
        .map(|(s, _)| s as u64)
        .collect();
    assert_eq!(slots, waiting);
    for slot in waiting {
        let offered = t
            .autocomplete(user, "place", &[("tile", json!(slot))], ("at", ""), 3)
            .await;
        let got: BTreeSet<String> = offered
            .iter()
            .filter_map(|(_, v)| v.as_str().map(str::to_string))
            .collect();
        assert_eq!(got, targets(Some(slot as usize)), "slot {slot}");
        assert!(
            got.contains(&Target::Depot.to_string()),
            "the depot is always legal"
        );
    }
    // Typing narrows the menu.
    let typed = t.autocomplete(user, "place", &[], ("at", "dep"), 3).await;
    assert_eq!(typed.len(), 1);
    assert_eq!(typed[0].1, "depot");
}

/// Who sends which subcommand with which options.
type Case = (User, &'static str, Vec<(&'static str, Value)>);

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_refused_move_is_answered_privately_and_changes_nothing
}
async fn a_refused_move_is_answered_privately_and_changes_nothing() {
    let t = table().await;
    t.start_two_player_game(5).await;
    let cases: Vec<Case> = vec![
        // Not bob's turn.
        (BOB, "draw", vec![("truck", json!(1))]),
        // The trucks are empty: nothing to take.
        (ALICE, "take", vec![("truck", json!(1))]),
        // No tile waits.
        (ALICE, "place", vec![("at", json!("K11"))]),
        // Not a cell: refused before the referee, with the parser's sentence.
        (ALICE, "place", vec![("at", json!("Z99"))]),
        // Not enough coins for a large expansion.
        (
            ALICE,
            "expand",
            vec![
                ("size", t.choice_value("expand", "size", "large")),
                ("cells", json!("N10 N11 O10 O11")),
            ],
        ),
        // bob is seated but his depot is empty.
        (
            ALICE,
            "buy",
            vec![
                ("from", fd::user_option(BOB.id, BOB.name)),
                ("at", json!("K11")),
            ],
        ),
    ];
    for (who, sub, options) in cases {
        let before = t.rows().await;
        let answer = t.say(who, sub, &options).await;
        let what = format!("{who:?} {sub} {options:?}");
        assert_private(&answer, &what);
        assert!(answer.deferred.is_none(), "{what}: answered at once");
        assert_eq!(t.rows().await, before, "{what} changed the database");
    }
    let not_a_cell = t.say(ALICE, "place", &[("at", json!("Z99"))]).await;
    assert!(
        not_a_cell.content().contains("is not a cell"),
        "{}",
        not_a_cell.content()
    );
    let wrong_turn = t.say(BOB, "draw", &[("truck", json!(1))]).await;
    assert!(!wrong_turn.content().is_empty());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_user_who_is_not_seated_is_refused
}
async fn a_user_who_is_not_seated_is_refused() {
    let t = table().await;
    t.start_two_player_game(9).await;
    let before = t.rows().await;
    let answer = t.say(CAROL, "draw", &[("truck", json!(1))]).await;
    assert_private(&answer, "carol draws");
    assert!(
        answer.content().contains("not seated"),
        "{}",
        answer.content()
    );
    assert_eq!(t.rows().await, before);
    // Looking is for anyone, privately, with the picture.
    let board = t.say(CAROL, "board", &[]).await;
    assert!(board.is_private(), "{}", board.content());
    assert_eq!(board.pngs().len(), 1);
    assert_eq!(t.rows().await, before);
    // Abandoning needs the creator or a channel manager.
    let refused = t.say(CAROL, "abandon", &[]).await;
    assert_private(&refused, "carol abandons");
    assert_eq!(t.rows().await, before);
    let mut as_manager = t.interaction(CAROL, "abandon", &[]);
    fd::set_member_permissions(&mut as_manager, support::MANAGE_CHANNELS);
    let abandoned = t.send(&as_manager).await;
    assert!(!abandoned.is_private(), "{}", abandoned.content());
    assert!(t.loaded().await.is_none(), "abandoned");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_long_answer_continues_in_a_second_private_message
}
async fn a_long_answer_continues_in_a_second_private_message() {
    let t = table().await;
    // The rules in short are longer than one Discord message.
    let interaction = t.interaction(CAROL, "rules", &[]);
    let first = t.send(&interaction).await;
    assert!(first.is_private());
    let token = interaction["token"].as_str().expect("token");
    let hook = format!("/webhooks/{APP_ID}/{token}");
    let second = t
        .fake
        .next_request(|r| r.is("POST", &hook))
        .await
        .expect("a follow-up with the rest");
    assert_eq!(second.body()["flags"], 64, "the rest is private too");
    let (a, b) = (
        first.content(),
        second.body()["content"].as_str().unwrap_or_default(),
    );
    for part in [a, b] {
        assert!(!part.is_empty() && part.encode_utf16().count() <= 2000);
    }
    assert!(
        a.starts_with("Aquaretto in short") && b.starts_with("- "),
        "{b}"
    );
    assert!(b.contains("- two:"), "nothing is lost: {b}");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_restarted_bot_continues_the_game
}
async fn a_restarted_bot_continues_the_game() {
    let mut t = table().await;
    t.start_two_player_game(13).await;
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    assert_eq!(play(&t, &mut rng, 15).await, 15);
    let before = t.loaded().await.expect("running").log().len();
    t.restart().await;
    assert_eq!(t.loaded().await.expect("running").log().len(), before);
    assert_eq!(play(&t, &mut rng, 15).await, 15);
    assert_eq!(t.loaded().await.expect("running").log().len(), before + 15);
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    slow_answers_are_answered_at_once_and_still_notify_the_next_player
}
/// A move slower than the deferral is answered at once with a private note,
/// and its table follows as a new message that notifies the next player; a
/// refusal replaces the note; a look is deferred privately.
async fn slow_answers_are_answered_at_once_and_still_notify_the_next_player() {
    let t = Table::open(DEFERRED, TinyPainter::boxed).await;
    let started = t.start_two_player_game(21).await;
    assert!(started.deferred.is_some(), "answered at once");
    // Alice started and plays first: nobody to notify.
    assert!(started.notified.is_empty(), "{:?}", started.notified);
    // Accepted moves: the note, then the table with the picture, notifying
    // the next player (checked by assert_move_answer).
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    assert_eq!(play(&t, &mut rng, 3).await, 3);
    // A refusal replaces the note, privately, and changes nothing.
    let loaded = t.loaded().await.expect("running");
    let idle = Table::user_of(
        &loaded,
        1 - loaded.game().and_then(Game::to_act).expect("turn"),
    );
    let before = t.rows().await;
    let refused = t.say(idle, "draw", &[("truck", json!(1))]).await;
    assert!(refused.deferred.is_some());
    assert!(
        refused.message.method == "PATCH" && refused.message.path.ends_with("/@original"),
        "the refusal replaces the note"
    );
    assert_private(&refused, "out of turn, deferred");
    assert!(refused.notified.is_empty(), "a refusal notifies nobody");
    assert_eq!(t.rows().await, before);
    // Looking defers privately.
    let board = t.say(CAROL, "board", &[]).await;
    let deferral = board.deferred.as_ref().expect("deferred");
    assert_eq!(deferral.body()["type"], 5);
    assert_eq!(deferral.body()["data"]["flags"], 64);
    assert!(board.is_private() && board.notified.is_empty());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    help_begins_with_how_to_start_and_shows_the_discord_forms
}
/// `/aq help` opens with how to begin a game, in three lines, and shows
/// every command as Discord reaches it.
async fn help_begins_with_how_to_start_and_shows_the_discord_forms() {
    let t = table().await;
    let asked = t.interaction(CAROL, "help", &[]);
    let help = t.send(&asked).await;
    assert_private(&help, "help");
    // The help continues in a second private message when it is long: the
    // answer is the first; the others follow it.
    let said = aquaretto_bot::discord::message::messages(&aquaretto_bot::referee::Reply {
        words: aquaretto_bot::referee::help_text(aquaretto_bot::referee::Front::Discord),
        ..Default::default()
    })
    .len();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let mut created = t.fake.messages_of(&asked);
    while created.len() < said {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} of the help's {said} messages came",
            created.len()
        );
        tokio::task::yield_now().await;
        created = t.fake.messages_of(&asked);
    }
    let text: String = created
        .iter()
        .filter_map(|m| m["content"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let first: Vec<&str> = text.lines().take(3).collect();
    assert!(
        first[0].contains("/aq game new")
            && first[0].contains("Join")
            && first[0].contains("Start"),
        "{first:?}"
    );
    assert!(first[1].contains("buttons under the table"), "{first:?}");
    assert!(first[2].contains("/aq moves"), "{first:?}");
    // Every command written `/aq ...` is one the registered tree has there.
    let mut seen = BTreeSet::new();
    for at in text.match_indices("/aq ").map(|(i, _)| i) {
        let words: Vec<&str> = text[at + 4..]
            .split(|c: char| !c.is_ascii_lowercase())
            .take(2)
            .collect();
        let path = match words.as_slice() {
            [group, leaf] if ["game", "past", "web"].contains(group) => format!("{group} {leaf}"),
            [leaf, ..] => leaf.to_string(),
            [] => continue,
        };
        // A leaf of Discord's alone (no command of the text form).
        if aquaretto_bot::discord::launch::DISCORD_LEAVES.contains(&path.as_str()) {
            continue;
        }
        let leaf = path.split(' ').next_back().unwrap_or_default();
        assert_eq!(
            aquaretto_bot::command::discord_path(leaf),
            path,
            "the help writes /aq {path}"
        );
        subcommand(&t.registered, leaf);
        seen.insert(leaf.to_string());
    }
    let all: BTreeSet<String> = COMMANDS
        .iter()
        .filter(|spec| spec.group.in_aq())
        .map(|spec| spec.name.to_string())
        .collect();
    assert_eq!(seen, all, "the help names every command: {text}");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    choices_are_the_legal_actions_at_every_position
}
/// Choices through a real referee and database, at every position of a whole
/// game: for each field, exactly the legal values (25 at most), nothing for
/// the player who is not to act, and the seated players for `zoo player`.
async fn choices_are_the_legal_actions_at_every_position() {
    let t = table().await;
    t.start_two_player_game(12).await;
    let referee = &t.referee;
    let channel = CHANNEL.to_string();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut positions = 0;
    let mut fields_seen = BTreeSet::new();
    while let Some(loaded) = t.loaded().await {
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let me = Table::user_of(&loaded, seat).id.to_string();
        let other = Table::user_of(&loaded, 1 - seat).id.to_string();
        let legal = game.legal_actions(seat);
        for field in Field::ALL {
            let got =
                autocomplete::choices(referee, &channel, &me, field, "", &Lang::english()).await;
            let values: BTreeSet<String> = got.iter().map(|c| c.value.clone()).collect();
            assert_eq!(values.len(), got.len(), "{field:?}: no duplicates");
            let want = expected(field, &legal, &loaded);
            if !want.is_empty() {
                fields_seen.insert(field);
            }
            if want.len() <= autocomplete::MAX_CHOICES {
                assert_eq!(values, want, "{field:?} at move {}", loaded.log().len());
            } else {
                assert_eq!(got.len(), autocomplete::MAX_CHOICES);
                assert!(values.is_subset(&want), "{field:?}");
            }
            let theirs =
                autocomplete::choices(referee, &channel, &other, field, "", &Lang::english()).await;
            if matches!(field, Field::ZooPlayer | Field::NewFirst) {
                assert_eq!(theirs.len(), 2);
            } else {
                assert!(theirs.is_empty(), "{field:?} offered out of turn");
            }
        }
        // Narrowed by filled options: each waiting slot's own targets.
        for (slot, _) in game.pending().waiting_tiles() {
            let filled = Filled {
                tile: Some(slot),
                ..Filled::default()
            };
            let got = autocomplete::choices_with(
                referee,
                &channel,
                &me,
                Field::PlaceAt,
                "",
                &filled,
                &Lang::english(),
            )
            .await;
            let want: BTreeSet<String> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Place { tile: Some(s), at } if *s == slot => Some(at.to_string()),
                    _ => None,
                })
                .collect();
            let got: BTreeSet<String> = got.into_iter().map(|c| c.value).collect();
            if want.len() <= autocomplete::MAX_CHOICES {
                assert_eq!(got, want);
            }
        }
        // Every value autocomplete offers for `place` is accepted as sent,
        // whatever was filled first: `at` alone, `tile` then `at`, `at`
        // then `tile`.
        let accepts = |at: &str, tile: Option<&str>| {
            let mut text = format!("/aq place at:\"{at}\"");
            if let Some(t) = tile {
                text.push_str(&format!(" tile:{t}"));
            }
            let command = aquaretto_bot::command::parse(&text)
                .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
            let action = aquaretto_bot::referee::to_action(&command, &loaded)
                .unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert!(
                game.is_legal(seat, &action),
                "{text} is offered but refused at move {}",
                loaded.log().len()
            );
        };
        let at_alone =
            autocomplete::choices(referee, &channel, &me, Field::PlaceAt, "", &Lang::english())
                .await;
        for at in &at_alone {
            accepts(&at.value, None);
            let filled = Filled {
                at: Some(at.value.clone()),
                ..Filled::default()
            };
            let tiles = autocomplete::choices_with(
                referee,
                &channel,
                &me,
                Field::PlaceTile,
                "",
                &filled,
                &Lang::english(),
            )
            .await;
            for tile in &tiles {
                accepts(&at.value, Some(&tile.value));
            }
        }
        let tiles = autocomplete::choices(
            referee,
            &channel,
            &me,
            Field::PlaceTile,
            "",
            &Lang::english(),
        )
        .await;
        for tile in &tiles {
            let filled = Filled {
                tile: tile.value.parse().ok(),
                ..Filled::default()
            };
            let ats = autocomplete::choices_with(
                referee,
                &channel,
                &me,
                Field::PlaceAt,
                "",
                &filled,
                &Lang::english(),
            )
            .await;
            assert!(!ats.is_empty(), "tile {} has no place", tile.value);
            for at in &ats {
                accepts(&at.value, Some(&tile.value));
            }
        }
        // `move to` after each `from`, and `buy at` after each seller.
        let post = |p: &Post| match p {
            Post::Trainer(c) => c.to_string(),
            other => other.role().word().to_string(),
        };
        for from in expected(Field::MoveFrom, &legal, &loaded) {
            let filled = Filled {
                from: Some(from.clone()),
                ..Filled::default()
            };
            let got = autocomplete::choices_with(
                referee,
                &channel,
                &me,
                Field::MoveTo,
                "",
                &filled,
                &Lang::english(),
            )
            .await;
            let got: BTreeSet<String> = got.into_iter().map(|c| c.value).collect();
            let want: BTreeSet<String> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::MoveDepotTile { to } if from == "depot" => Some(to.to_string()),
                    Action::MoveCoworker { from: f, to } if post(f) == from => Some(post(to)),
                    _ => None,
                })
                .collect();
            if want.len() <= autocomplete::MAX_CHOICES {
                assert_eq!(got, want, "move from:{from}");
            }
        }
        for seller in expected(Field::BuyFrom, &legal, &loaded) {
            let seat_of = loaded.resolve(&seller).expect("seated");
            let filled = Filled {
                from: Some(format!("<@{}>", loaded.seats()[seat_of].user_id)),
                ..Filled::default()
            };
            let got = autocomplete::choices_with(
                referee,
                &channel,
                &me,
                Field::BuyAt,
                "",
                &filled,
                &Lang::english(),
            )
            .await;
            let got: BTreeSet<String> = got.into_iter().map(|c| c.value).collect();
            let want: BTreeSet<String> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Buy { from, at } if *from == seat_of => Some(at.to_string()),
                    _ => None,
                })
                .collect();
            if want.len() <= autocomplete::MAX_CHOICES {
                assert_eq!(got, want, "buy from:{seller}");
            }
        }
        let action = random_action(&game, seat, &mut rng).expect("a legal move");
        // Straight to the referee: this test is about choices, not transport.
        let command = Command::from_action(&action, &loaded.names());
        let text = command.to_text();
        let reply = referee
            .handle(aquaretto_bot::referee::Request {
                channel: channel.clone(),
                guild: Some(GUILD.to_string()),
                actor: aquaretto_bot::referee::Actor {
                    id: me.clone(),
                    name: "x".into(),
                    manages_channel: false,
                },
                command,
                via: Default::default(),
            })
            .await;
        assert!(reply.accepted, "{text}: {}", reply.text());
        positions += 1;
    }
    assert!(positions > 20);
    for f in [
        Field::DrawTruck,
        Field::TakeTruck,
        Field::PlaceAt,
        Field::PlaceTile,
    ] {
        assert!(fields_seen.contains(&f), "{f:?} was never offered");
    }
    finish(t).await;
}

/// What a field should offer, from the legal actions.
fn expected(field: Field, legal: &[Action], loaded: &Loaded) -> BTreeSet<String> {
    let post = |p: &Post| match p {
        Post::Trainer(c) => c.to_string(),
        other => other.role().word().to_string(),
    };
    let names = loaded.names();
    legal
        .iter()
        .filter_map(|a| match (field, a) {
            (Field::DrawTruck, Action::Draw { truck }) => Some(truck.to_string()),
            (Field::TakeTruck, Action::Take { truck }) => Some(truck.to_string()),
            (Field::PlaceAt, Action::Place { at, tile }) => {
                // A place where several waiting tiles may go names the tile.
                let tiles = legal
                    .iter()
                    .filter(|b| matches!(b, Action::Place { at: a, .. } if a == at))
                    .count();
                match tile {
                    Some(t) if tiles > 1 => Some(format!("{at} tile:{t}")),
                    _ => Some(at.to_string()),
                }
            }
            (Field::PlaceTile, Action::Place { tile: Some(t), .. }) => Some(t.to_string()),
            (Field::HireAs, Action::Hire { role, .. }) => Some(role.word().to_string()),
            (Field::HireAt, Action::Hire { at: Some(c), .. }) => Some(c.to_string()),
            (Field::MoveFrom, Action::MoveDepotTile { .. }) => Some("depot".to_string()),
            (Field::MoveFrom, Action::MoveCoworker { from, .. }) => Some(post(from)),
            (Field::MoveTo, Action::MoveDepotTile { to }) => Some(to.to_string()),
            (Field::MoveTo, Action::MoveCoworker { to, .. }) => Some(post(to)),
            (Field::BuyFrom, Action::Buy { from, .. }) => names.get(*from).cloned(),
            (Field::BuyAt, Action::Buy { at, .. }) => Some(at.to_string()),
            (Field::ExpandCells, Action::Expand { cells, .. }) => Some(
                cells
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            _ => None,
        })
        .chain(match field {
            Field::ZooPlayer | Field::NewFirst => names.clone(),
            _ => Vec::new(),
        })
        .collect()
}

/// Every kind of fixture the tests send deserializes as serenity's
/// `Interaction`, so a serenity upgrade that adds a required field fails here
/// loudly instead of dropping events silently.
#[test]
fn every_fixture_deserializes_as_an_interaction() {
    use serenity::all::Interaction;
    let user = fd::user_option(BOB.id, BOB.name);
    let samples: Vec<(&str, Vec<(&str, Value)>)> = vec![
        (
            "new",
            vec![
                ("removed", json!("penguin hippo")),
                ("first", user.clone()),
                ("seed", json!(42)),
                ("deck", json!("dolphin-m orca")),
            ],
        ),
        ("join", vec![]),
        ("leave", vec![]),
        ("start", vec![]),
        ("abandon", vec![]),
        ("addbot", vec![("level", json!(2))]),
        ("removebot", vec![]),
        ("rematch", vec![]),
        ("draw", vec![("truck", json!(2))]),
        ("take", vec![("truck", json!(3))]),
        ("place", vec![("at", json!("K11")), ("tile", json!(2))]),
        ("hire", vec![("as", json!(3)), ("at", json!("L12"))]),
        ("move", vec![("from", json!("depot")), ("to", json!("K10"))]),
        ("buy", vec![("from", user.clone()), ("at", json!("K12"))]),
        ("discard", vec![]),
        (
            "expand",
            vec![("size", json!(1)), ("cells", json!("N10 N11 O10 O11"))],
        ),
        ("undo", vec![]),
        ("moves", vec![]),
        ("hint", vec![]),
        (
            "settings",
            vec![
                ("reminders", json!("12h")),
                ("turn_limit", json!("off")),
                ("hints", json!(false)),
                ("language", json!("de")),
                ("away", json!("12h")),
            ],
        ),
        ("nudge", vec![]),
        ("mygames", vec![]),
        ("language", vec![("set", json!("ja"))]),
        (
            "notify",
            vec![("dm", json!(true)), ("before", json!(false))],
        ),
        ("away", vec![("until", json!("3d"))]),
        ("kick", vec![]),
        ("board", vec![]),
        ("zoo", vec![("player", user.clone())]),
        ("score", vec![]),
        ("history", vec![("move", json!(3)), ("game", json!(1))]),
        ("games", vec![("page", json!(2))]),
        ("export", vec![("game", json!(1))]),
        ("replay", vec![("game", json!(1)), ("speed", json!(2))]),
        ("stats", vec![("player", user.clone())]),
        ("review", vec![("game", json!(1)), ("player", user.clone())]),
        ("rules", vec![("topic", json!("money"))]),
        ("help", vec![]),
        ("reset", vec![]),
    ];
    let names: Vec<&str> = samples.iter().map(|(n, _)| *n).collect();
    let all: Vec<&str> = COMMANDS
        .iter()
        .filter(|spec| spec.group.in_aq())
        .map(|spec| spec.name)
        .collect();
    assert_eq!(names, all, "a sample for every subcommand");
    let mut fixtures = Vec::new();
    for (sub, options) in &samples {
        for guild in [Some(GUILD), None] {
            fixtures.push(fd::command_interaction(
                ALICE.id,
                ALICE.name,
                CHANNEL,
                guild,
                "aq",
                Some(sub),
                options,
            ));
        }
    }
    let mut managed = fd::command_interaction(
        CAROL.id,
        CAROL.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("abandon"),
        &[],
    );
    fd::set_member_permissions(&mut managed, support::MANAGE_CHANNELS);
    fixtures.push(managed);
    for field in Field::ALL {
        let (sub, option) = field.names();
        fixtures.push(fd::autocomplete_interaction_typed(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            Some(GUILD),
            "aq",
            Some(sub),
            &[("tile", json!(1)), ("from", user.clone())],
            (option, "K1"),
            3,
        ));
        fixtures.push(fd::autocomplete_interaction_typed(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            Some(GUILD),
            "aq",
            Some(sub),
            &[],
            (option, "1"),
            4,
        ));
    }
    // Presses of a button and of a menu, on a message with both.
    let mut message = fd::message_fixture(7, &CHANNEL.to_string(), "Move 3");
    message["components"] = json!([
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Take truck 1", "custom_id": "aq1:1:3:t1"}]},
        {"type": 1, "components": [{"type": 3, "custom_id": "aq1:1:3:s.P1.0", "placeholder": "Where?",
            "options": [{"label": "K11", "value": "K11"}, {"label": "Depot", "value": "depot"}]}]}
    ]);
    for guild in [Some(GUILD), None] {
        fixtures.push(fd::component_interaction(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            guild,
            &message,
            "aq1:1:3:t1",
            None,
        ));
        fixtures.push(fd::component_interaction(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            guild,
            &message,
            "aq1:1:3:s.P1.0",
            Some(&["K11".to_string()]),
        ));
    }
    for f in &fixtures {
        let parsed: Interaction =
            serde_json::from_value(f.clone()).unwrap_or_else(|e| panic!("{e}: {f:#}"));
        match (f["type"].as_u64(), parsed) {
            (Some(2), Interaction::Command(c)) => {
                assert_eq!(c.data.name, "aq");
                if f["member"].is_object() {
                    assert!(c.member.and_then(|m| m.permissions).is_some());
                }
            }
            (Some(4), Interaction::Autocomplete(c)) => {
                assert!(c.data.autocomplete().is_some(), "a focused option");
            }
            (Some(3), Interaction::Component(c)) => {
                assert!(c.data.custom_id.starts_with("aq1:"));
            }
            (kind, other) => panic!("wrong kind {kind:?}: {other:?}"),
        }
    }
    // The fake's READY and application answers deserialize too.
    let ready = fd::ready_payload("ws://127.0.0.1:1/gw", json!([0, 1]));
    let ready: serenity::all::Ready = serde_json::from_value(ready).expect("READY");
    assert_eq!(ready.application.id.get(), APP_ID);
    let _: serenity::all::CurrentApplicationInfo =
        serde_json::from_value(fd::application_info()).expect("application info");
    let _: serenity::all::Message =
        serde_json::from_value(fd::message_fixture(5, "6", "hi")).expect("message");
}
