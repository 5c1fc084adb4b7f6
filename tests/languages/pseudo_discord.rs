//! The pseudo-locale through the fake Discord: a whole 2-player game played
//! by pressing the table's buttons and menus, both players' clients in
//! `qps-ploc` (the game speaks it too: its creator's language). Every word
//! they read — messages, button labels, menu placeholders and options, the
//! private panels behind the buttons, refusals, autocomplete's choices —
//! must be inside the `⟦…⟧` the pseudo-locale wraps each message of the
//! catalogue in, unless it is a name, a coordinate, a tile or command word
//! or a number (testkit/src/pseudo.rs). The bot takes `qps-ploc` from a
//! client like any locale it speaks; no Discord client sends it, so only
//! tests see it.
//!
//! The same game is checked twice: everything but the sentences that
//! narrate a move (what the controls, panels, refusals and autocomplete
//! say), and everything: the narration, a computer player's name, what a
//! player types (help, the rules, looks, the history of the game and of the
//! finished game, and values the parser or the referee refuse).

use crate::support;

use aquaretto_bot::engine::Action;
use aquaretto_bot::view::controls::{Control, ControlId};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use support::fake_discord as fd;
use support::pseudo::escaped;
use support::{action_of, has_controls, presses, Answer, Table, TinyPainter, User, ALICE, BOB};

const NAMES: [&str; 2] = [ALICE.name, BOB.name];

/// The text a person reads in a message: its content, and the labels of
/// its buttons and menus.
fn readable(message: &Value) -> Vec<String> {
    let mut out = vec![message["content"].as_str().unwrap_or_default().to_string()];
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for key in ["label", "placeholder"] {
                out.extend(c[key].as_str().map(str::to_string));
            }
            for o in c["options"].as_array().into_iter().flatten() {
                for key in ["label", "description"] {
                    out.extend(o[key].as_str().map(str::to_string));
                }
            }
        }
    }
    out
}

/// Fails, naming the text and where it was read, when a word stands
/// outside the pseudo-locale's wrappers.
fn assert_wrapped(text: &str, what: &str) {
    let found = escaped(text, &NAMES);
    assert!(
        found.is_empty(),
        "{what}: {found:?} outside the catalogue in {text:?}"
    );
}

/// Everything an answer shows: the message it sent, and every message it
/// created.
/// A reply too long for one message goes on in the next, so the contents
/// are read as one text: a message's wrapper may close in a later piece.
fn check_answer(answer: &Answer, what: &str) {
    let mut contents = Vec::new();
    for m in [answer.data()].into_iter().chain(&answer.created) {
        let mut texts = readable(m).into_iter();
        contents.extend(texts.next());
        for label in texts {
            assert_wrapped(&label, what);
        }
    }
    assert_wrapped(&contents.join("\n"), what);
}

/// A move's public answer: its controls always; its text (the move's
/// narration) when `narration` is checked too.
fn check_move(answer: &Answer, what: &str, narration: bool) {
    if narration {
        return check_answer(answer, what);
    }
    for m in answer.created.iter().chain([answer.data()]) {
        for text in readable(m).iter().skip(1) {
            assert_wrapped(text, what);
        }
    }
}

/// Where a move is pressed: the message, the control and the values.
type Where = (Value, String, Option<Vec<String>>);

/// Every move reachable from `message` for `who`, opening the private
/// panels behind its buttons by real presses, and checking every panel
/// read on the way.
async fn explore(
    t: &Table,
    who: User,
    loaded: &aquaretto_bot::referee::Loaded,
    message: &Value,
    turn: usize,
) -> BTreeMap<Action, Where> {
    let mut moves = BTreeMap::new();
    let mut queue = vec![message.clone()];
    let mut seen = BTreeSet::new();
    while let Some(m) = queue.pop() {
        for (id, values) in presses(&m) {
            if !seen.insert((id.clone(), values.clone())) {
                continue;
            }
            if ControlId::decode(&id)
                .is_some_and(|c| c.control == Control::Undo || c.control.looks())
            {
                continue;
            }
            let chosen = values.clone().unwrap_or_default();
            match action_of(loaded, &id, &chosen) {
                Some(action) => {
                    moves.entry(action).or_insert((m.clone(), id, values));
                }
                None => {
                    let answer = t.press(who, &m, &id, values.as_deref()).await;
                    assert!(answer.is_private(), "{id}: a menu opens privately");
                    check_answer(&answer, &format!("turn {turn}: the panel of {id}"));
                    let panel = answer.created.first().expect("a private message").clone();
                    assert!(has_controls(&panel), "{id}: {}", answer.content());
                    queue.push(panel);
                }
            }
        }
    }
    moves
}

/// Autocomplete's choices for the options of moves, as `who` types them.
async fn check_autocomplete(t: &Table, who: User, turn: usize) -> usize {
    let asks: [(&str, &str, u8); 7] = [
        ("draw", "truck", 4),
        ("take", "truck", 4),
        ("place", "at", 3),
        ("hire", "at", 3),
        ("move", "from", 3),
        ("move", "to", 3),
        ("expand", "cells", 3),
    ];
    let mut offered = 0;
    for (sub, option, kind) in asks {
        for (label, _) in t.autocomplete(who, sub, &[], (option, ""), kind).await {
            assert_wrapped(&label, &format!("turn {turn}: autocomplete {sub} {option}"));
            assert!(
                label.chars().count() <= 100 && !label.ends_with('…'),
                "turn {turn}: autocomplete {sub} {option}: {label:?} does not fit"
            );
            offered += 1;
        }
    }
    offered
}

/// What a player types, right and wrong, and every look: each answer in the
/// catalogue's words. Discord checks an option's type itself, so the
/// mistakes are in the values the parser and the referee read.
async fn check_typed(t: &Table, who: User, turn: usize) -> usize {
    let asks: Vec<(&str, Vec<(&str, Value)>)> = vec![
        ("help", vec![]),
        ("rules", vec![]),
        ("rules", vec![("topic", json!("money"))]),
        ("rules", vec![("topic", json!("nonsense"))]),
        ("history", vec![]),
        ("history", vec![("move", json!(1))]),
        ("history", vec![("move", json!(999))]),
        ("history", vec![("game", json!(999))]),
        ("board", vec![]),
        ("score", vec![]),
        ("moves", vec![]),
        ("hint", vec![]),
        ("mygames", vec![]),
        ("place", vec![("at", json!("Z99"))]),
        ("place", vec![("at", json!("K11 tile:x"))]),
        (
            "hire",
            vec![
                ("as", t.choice_value("hire", "as", "trainer")),
                ("at", json!("Q")),
            ],
        ),
        (
            "move",
            vec![("from", json!("depot")), ("to", json!("cashier"))],
        ),
        (
            "move",
            vec![("from", json!("trainer")), ("to", json!("K11"))],
        ),
        (
            "expand",
            vec![
                ("size", t.choice_value("expand", "size", "small")),
                ("cells", json!("N10 N11 Z9")),
            ],
        ),
        ("settings", vec![("reminders", json!("5s"))]),
        ("settings", vec![("turn_limit", json!("99w"))]),
        ("language", vec![("set", json!("xx"))]),
        ("nudge", vec![]),
        ("kick", vec![]),
    ];
    let mut n = 0;
    for (sub, options) in asks {
        let answer = t.say(who, sub, &options).await;
        check_answer(&answer, &format!("turn {turn}: /aq {sub} {options:?}"));
        n += 1;
    }
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_controls_panels_refusals_and_choices_of_a_whole_game_speak_only_the_catalogue() {
    whole_game(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_by_presses_in_the_pseudo_locale_says_nothing_outside_the_catalogue() {
    whole_game(true).await;
}

/// Plays the game by presses, checking what is read; `narration`: the
/// moves' narration too.
async fn whole_game(narration: bool) {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    t.set_locale(ALICE, "qps-ploc");
    t.set_locale(BOB, "qps-ploc");
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(8)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(opened.content().contains('⟦'), "{}", opened.content());
    check_answer(&opened, "the lobby opened");
    let lobby = opened
        .created
        .iter()
        .rev()
        .find(|m| has_controls(m))
        .cloned()
        .expect("the lobby's controls");
    let join = presses(&lobby)
        .into_iter()
        .find(|(id, _)| ControlId::decode(id).map(|c| c.control) == Some(Control::Join))
        .expect("a join button");
    let joined = t.press(BOB, &lobby, &join.0, None).await;
    assert!(!joined.is_private(), "{}", joined.content());
    check_move(&joined, "bob joins by the button", narration);
    let refused = t.say(BOB, "take", &[("truck", json!(9))]).await;
    assert!(refused.is_private());
    check_answer(&refused, "a typed refusal");
    // A computer player: named in the reader's language everywhere.
    let easy = t.choice_value("addbot", "level", "easy");
    let seated = t.say(ALICE, "addbot", &[("level", easy)]).await;
    assert!(!seated.is_private(), "{}", seated.content());
    check_move(&seated, "a computer player seated", narration);
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    check_move(&started, "the start", narration);
    let mut message = started
        .created
        .iter()
        .rev()
        .find(|m| has_controls(m))
        .cloned()
        .expect("the table");

    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut turn = 0;
    let mut offered = 0;
    let mut out_of_turn = 0;
    let mut typed = 0;
    if narration {
        typed += check_typed(&t, ALICE, 0).await;
    }
    loop {
        let Some(loaded) = t.loaded().await else {
            break;
        };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        if turn % 5 == 0 {
            offered += check_autocomplete(&t, who, turn).await;
        }
        if narration && turn % 6 == 0 {
            typed += check_typed(&t, who, turn).await;
        }
        if turn % 7 == 3 {
            // The other player presses the table: refused in their words.
            let other = if who == ALICE { BOB } else { ALICE };
            if let Some((id, values)) = presses(&message).first().cloned() {
                let refused = t.press(other, &message, &id, values.as_deref()).await;
                assert!(refused.is_private(), "{}", refused.content());
                check_answer(&refused, &format!("turn {turn}: out of turn"));
                out_of_turn += 1;
            }
        }
        let moves = explore(&t, who, &loaded, &message, turn).await;
        let legal: BTreeSet<Action> = game
            .legal_actions(seat)
            .into_iter()
            .map(|a| game.canonical(seat, &a))
            .collect();
        assert_eq!(
            moves.keys().cloned().collect::<BTreeSet<_>>(),
            legal,
            "turn {turn}: every legal move can be pressed"
        );
        let all: Vec<&Where> = moves.values().collect();
        let (on, id, values) = (*all.choose(&mut rng).expect("a move")).clone();
        let answer = t.press(who, &on, &id, values.as_deref()).await;
        assert!(!answer.is_private(), "turn {turn}: {}", answer.content());
        check_move(
            &answer,
            &format!("turn {turn}: the move's answer"),
            narration,
        );
        turn += 1;
        match answer.created.iter().rev().find(|m| has_controls(m)) {
            Some(m) => message = m.clone(),
            None => break,
        }
    }
    if narration {
        // The finished game's past, by its number.
        for (sub, options) in [
            ("history", vec![("game", json!(1))]),
            ("history", vec![("game", json!(1)), ("move", json!(5))]),
            ("games", vec![]),
            ("stats", vec![]),
        ] {
            let answer = t.say(BOB, sub, &options).await;
            check_answer(&answer, &format!("after the end: {sub} {options:?}"));
        }
        assert!(typed > 0);
    }
    assert!(turn > 30, "{turn} moves pressed");
    assert!(offered > 0, "autocomplete offered choices");
    assert!(out_of_turn > 0, "presses out of turn were refused");
    assert!(
        t.loaded()
            .await
            .is_none_or(|l| l.game().is_some_and(|g| g.is_over())),
        "played to the end"
    );
}

/// What a person reads on a page: its text and the words of its `alt`,
/// `aria-label`, `title` and `placeholder` attributes, less its scripts.
fn page_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close + 1];
        for attribute in ["alt=\"", "aria-label=\"", "title=\"", "placeholder=\""] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                out.push('\n');
                out.push_str(&value[..value.find('"').unwrap_or(value.len())]);
                out.push('\n');
            }
        }
        out.push(' ');
        rest = &rest[open + close + 1..];
        if tag.starts_with("<script") {
            rest = rest.find("</script>").map_or("", |end| &rest[end..]);
        }
    }
    out.push_str(rest);
    for (entity, c) in [
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&amp;", "&"),
    ] {
        out = out.replace(entity, c);
    }
    out
}

/// The web pages of a game in the pseudo-locale (the browser asks for
/// it): the game's page, the table after a move, a player's page and its
/// picks, a move it refuses and a command it cannot read, the server's
/// page, a link that opens nothing: the catalogue's words only, but for
/// names and the command language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_pages_in_the_pseudo_locale_say_nothing_outside_the_catalogue() {
    let t = Table::open_web(TinyPainter::boxed).await;
    t.set_locale(ALICE, "qps-ploc");
    t.set_locale(BOB, "qps-ploc");
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(8)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let easy = t.choice_value("addbot", "level", "easy");
    assert!(!t
        .say(ALICE, "addbot", &[("level", easy)])
        .await
        .is_private());
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    let drew = t.say(ALICE, "draw", &[("truck", json!(1))]).await;
    assert!(!drew.is_private(), "{}", drew.content());
    let mut urls: Vec<String> = Vec::new();
    for m in started.created.iter().chain(drew.created.iter()) {
        urls.extend(support::link_buttons(m).into_iter().map(|(_, u)| u));
    }
    let board = t.say(BOB, "board", &[]).await;
    let mine: Vec<String> = support::link_buttons(board.data())
        .into_iter()
        .map(|(_, u)| u)
        .collect();
    let games = t.say(ALICE, "games", &[]).await;
    urls.extend(
        support::link_buttons(games.data())
            .into_iter()
            .map(|(_, u)| u),
    );
    urls.extend(mine.iter().cloned());
    urls.sort();
    urls.dedup();
    assert!(
        urls.len() >= 3,
        "a game's, a player's and the server's page: {urls:?}"
    );
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let mut pages: Vec<(String, String)> = Vec::new();
    for url in &urls {
        for page in [url.clone(), format!("{url}?at=1"), format!("{url}?pick=zz")] {
            let r = http
                .get(&page)
                .header("accept-language", "qps-ploc")
                .send()
                .await
                .expect("the page answers");
            pages.push((page, r.text().await.unwrap_or_default()));
        }
    }
    // Bob's board links his page to play last.
    let play = mine.last().cloned().expect("a player's link");
    for command in ["nonsense", "draw truck:9", "place at:Z99"] {
        let r = http
            .post(format!("{play}/move"))
            .header("accept-language", "qps-ploc")
            .form(&[("seq", "4".to_string()), ("command", command.to_string())])
            .send()
            .await
            .expect("the move is answered");
        pages.push((
            format!("{play} POST {command}"),
            r.text().await.unwrap_or_default(),
        ));
    }
    let nowhere = format!("{}/g/not-a-link", t.web_base());
    let r = http
        .get(&nowhere)
        .header("accept-language", "qps-ploc")
        .send()
        .await
        .expect("answers");
    pages.push((nowhere, r.text().await.unwrap_or_default()));
    for (what, html) in &pages {
        let text = page_text(html);
        assert!(
            text.contains('⟦'),
            "{what}: the pseudo-locale is spoken: {text}"
        );
        let found = escaped(&text, &NAMES);
        assert!(
            found.is_empty(),
            "{what}: {found:?} outside the catalogue in {text}"
        );
    }
}
