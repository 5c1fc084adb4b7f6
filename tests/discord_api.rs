//! The bot against the rules of the real Discord, one test a rule, on the
//! strict fake (tests/support/fake_discord): the command tree within every
//! limit, the fake refusing what Discord refuses, one round trip before a
//! move is seen, interaction tokens and the 3-second window, rate limits,
//! channels the bot can no longer see, missing permissions, and the
//! gateway's resume and re-identify.

mod support;

use aquaretto_bot::engine::{Event, Game, Seat};
use aquaretto_bot::referee::Painter;
use serde_json::{json, Value};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;
use support::fake_discord::{self as fd, strict, APP_ID};
use support::{subcommand, Table, TinyPainter, ALICE, BOB, CAROL, CHANNEL, GUILD};

const DIRECT: Duration = Duration::from_secs(2);

async fn finish(mut t: Table) {
    t.stop_bot().await;
}

/// The `/aq` command as the bot registers it, built without a network.
fn registration() -> Value {
    let options = aquaretto_bot::discord::framework_options();
    let aq = options.commands[0]
        .create_as_slash_command()
        .expect("/aq is a slash command");
    serde_json::to_value(aq).expect("the command serializes")
}

#[test]
fn the_command_tree_fits_every_limit_and_a_flat_one_would_not() {
    let aq = registration();
    strict::command_limits(&aq, "0").unwrap_or_else(|(at, _, why)| panic!("{at}: {why}"));
    let top = aq["options"].as_array().expect("options").len();
    let total = strict::characters(&aq, "");
    eprintln!(
        "/aq: {top} subcommands and groups at the top; {total} characters of {}",
        strict::COMMAND_CHARACTERS
    );
    // The same leaves side by side, as the bot registered them before, break
    // Discord's 25 options a level: the check names it.
    let mut flat = aq.clone();
    let mut leaves = Vec::new();
    for option in aq["options"].as_array().expect("options") {
        match option["type"].as_u64() {
            Some(2) => leaves.extend(option["options"].as_array().cloned().unwrap_or_default()),
            _ => leaves.push(option.clone()),
        }
    }
    assert!(leaves.len() > 25, "{} leaves", leaves.len());
    flat["options"] = Value::Array(leaves);
    let (at, _, why) = strict::command_limits(&flat, "0").expect_err("too many options");
    assert_eq!(at, "0/options");
    assert!(why.contains("25 or fewer"), "{why}");
    // A name Discord refuses, and a command over the character total.
    let mut loud = aq.clone();
    loud["options"][0]["name"] = json!("Draw");
    let (_, _, why) = strict::command_limits(&loud, "0").expect_err("upper case");
    assert!(why.contains("invalid"), "{why}");
    let mut long = aq.clone();
    for option in long["options"].as_array_mut().expect("options") {
        option["description"] = json!("x".repeat(100));
        for inner in option["options"].as_array_mut().into_iter().flatten() {
            inner["description"] = json!("x".repeat(100));
        }
    }
    let (_, _, why) = strict::command_limits(&long, "0").expect_err("too long");
    assert!(why.contains("maximum size"), "{why}");
}

/// Every description (of `/aq`, its groups, commands and options) and every
/// choice's label in `item` and below, with where it is.
fn localized_texts(item: &Value, at: &str, out: &mut Vec<(String, Value, Value)>) {
    let name = item["name"].as_str().unwrap_or_default();
    let here = format!("{at}/{name}");
    if item.get("description").is_some_and(|d| !d.is_null()) {
        out.push((
            here.clone(),
            item["description"].clone(),
            item["description_localizations"].clone(),
        ));
    } else {
        let here = format!("{at}/choice:{name}");
        out.push((
            here,
            item["name"].clone(),
            item["name_localizations"].clone(),
        ));
    }
    for o in item["options"].as_array().into_iter().flatten() {
        localized_texts(o, &here, out);
    }
    for c in item["choices"].as_array().into_iter().flatten() {
        localized_texts(c, &here, out);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registration_carries_japanese_and_german_for_every_command_option_and_choice() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    // The strict fake checked the registration it was sent; so does this.
    let aq = t.registered.clone();
    strict::command_limits(&aq, "0").unwrap_or_else(|(at, _, why)| panic!("{at}: {why}"));
    let mut texts = Vec::new();
    localized_texts(&aq, "", &mut texts);
    // One message of the catalogue for each, and none left over.
    let messages = include_str!("../locales/en/commands.ftl")
        .lines()
        .filter(|l| l.starts_with("cmd-") || l.starts_with("choice-"))
        .count();
    assert_eq!(texts.len(), messages, "texts registered and messages");
    let mut choices = 0;
    for (at, default, local) in &texts {
        let default = default.as_str().unwrap_or_default();
        assert!(!default.is_empty(), "{at}: no default text");
        for locale in ["ja", "de"] {
            let text = local[locale].as_str().unwrap_or_default();
            assert!(!text.is_empty(), "{at}: no {locale} text");
            assert!(
                !text.contains("cmd-") && !text.contains("choice-"),
                "{at}: {locale} shows a key: {text}"
            );
        }
        if at.contains("/choice:") {
            choices += 1;
        }
    }
    assert_eq!(choices, 12, "size, level, speed and role choices");
    // Japanese is written in Japanese, German differs from English.
    let draw = subcommand(&aq, "draw");
    let ja = draw["description_localizations"]["ja"]
        .as_str()
        .unwrap_or_default();
    assert!(
        ja.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
        "{ja}"
    );
    assert_ne!(draw["description_localizations"]["de"], draw["description"]);
    // The names of commands and options stay the command language's.
    for (at, _, _) in texts.iter().filter(|(at, _, _)| !at.contains("/choice:")) {
        let mut node = &aq;
        for part in at.split('/').skip(2) {
            node = node["options"]
                .as_array()
                .and_then(|o| o.iter().find(|o| o["name"] == part))
                .unwrap_or_else(|| panic!("{at} is registered"));
        }
        let names = &node["name_localizations"];
        assert!(
            names.is_null() || names.as_object().is_some_and(|m| m.is_empty()),
            "{at}: its name is localized: {names}"
        );
    }
    // The labels of fixed choices keep the command word first.
    let role = subcommand(&aq, "hire")["options"][0]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let trainer = role
        .iter()
        .find(|c| c["name"] == "trainer")
        .expect("the trainer choice");
    let ja = trainer["name_localizations"]["ja"]
        .as_str()
        .unwrap_or_default();
    assert!(ja.starts_with("trainer") && ja.contains("調教師"), "{ja}");
    for locale in ["", "ja", "de"] {
        eprintln!(
            "/aq in '{locale}': {} characters of {}",
            strict::characters(&aq, locale),
            strict::COMMAND_CHARACTERS
        );
    }
    finish(t).await;
}

/// Sends one request straight to the fake (as discord.com through its plain
/// port) and returns its status and body.
async fn raw(fake: &fd::FakeDiscord, method: &str, path: &str, body: Value) -> (u16, Value) {
    let body = body.to_string().into_bytes();
    send(fake, method, path, "application/json".to_string(), body).await
}

/// One request of `content_type` to the fake; its status and JSON body.
async fn send(
    fake: &fd::FakeDiscord,
    method: &str,
    path: &str,
    content_type: String,
    body: Vec<u8>,
) -> (u16, Value) {
    let url = format!("{}/api/v10{path}", fake.base_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let response = reqwest::Client::new()
        .request(method, url)
        .header("Content-Type", content_type)
        .body(body)
        .send()
        .await
        .expect("the fake answers");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Sends one multipart request straight to the fake, as Discord takes
/// files: `payload_json` and a part `files[n]` for each file; returns its
/// status and body.
async fn raw_files(
    fake: &fd::FakeDiscord,
    path: &str,
    payload: &Value,
    files: &[Vec<u8>],
) -> (u16, Value) {
    const BOUNDARY: &str = "aquaretto-boundary-7d1f";
    let mut body: Vec<u8> = Vec::new();
    let mut part = |headers: String, bytes: &[u8]| {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n{headers}\r\n\r\n").as_bytes());
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    };
    part(
        "Content-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json"
            .to_string(),
        payload.to_string().as_bytes(),
    );
    for (n, bytes) in files.iter().enumerate() {
        part(
            format!(
                "Content-Disposition: form-data; name=\"files[{n}]\"; filename=\"f{n}.png\"\r\nContent-Type: image/png"
            ),
            bytes,
        );
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    send(fake, "POST", path, content_type, body).await
}

/// Checks that the fake refused a request as Discord does (a 4xx; a 400 in
/// Discord's form, code 50035 and the `errors` tree) and kept exactly one
/// violation that names `rule`.
fn refused_for(fake: &fd::FakeDiscord, what: &str, status: u16, answer: &Value, rule: &str) {
    assert!(
        (400..500).contains(&status),
        "{what}: answered {status}, refused expected"
    );
    if status == 400 {
        assert_eq!(answer["code"], 50035, "{what}: {answer}");
        assert!(answer["errors"].is_object(), "{answer}");
    }
    let violations = fake.take_violations();
    assert_eq!(violations.len(), 1, "{what}: {violations:?}");
    assert!(violations[0].contains(rule), "{rule}: {}", violations[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_what_discord_refuses_and_names_the_rule() {
    let fake = fd::FakeDiscord::start().await;
    let messages = format!("/channels/{CHANNEL}/messages");
    let row = |n: usize, prefix: &str| {
        let buttons: Vec<Value> = (0..n)
            .map(|i| json!({"type": 2, "style": 1, "label": "x", "custom_id": format!("{prefix}{i}")}))
            .collect();
        json!({"type": 1, "components": buttons})
    };
    // A message with one select menu of `n` options, the last one changed
    // by `last`.
    let menu = |n: usize, last: &dyn Fn(&mut Value)| {
        let mut options: Vec<Value> = (0..n)
            .map(
                |i| json!({"label": format!("o{i}"), "value": format!("v{i}"), "description": "d"}),
            )
            .collect();
        if let Some(option) = options.last_mut() {
            last(option);
        }
        json!({"content": "x", "components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "menu", "options": options}]}]})
    };
    let long = "l".repeat(101);
    let cases: Vec<(&str, String, Value, &str)> = vec![
        (
            "POST",
            messages.clone(),
            json!({"content": "a".repeat(2001)}),
            "2000 or fewer",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "components": (0..6).map(|r| row(1, &format!("r{r}-"))).collect::<Vec<_>>()}),
            "5 or fewer",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "components": [row(6, "a")]}),
            "breaks Discord's schema",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "components": [row(2, "same"), {"type": 1, "components": [{"type": 2, "style": 1, "label": "y", "custom_id": "same0"}]}]}),
            "duplicated",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "l".repeat(81), "custom_id": "a"}]}]}),
            "breaks Discord's schema",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": long}]}]}),
            "at '/components/0/components/0/custom_id': the value is longer than 100 characters",
        ),
        (
            "POST",
            messages.clone(),
            menu(26, &|_| {}),
            "at '/components/0/components/0/options': the value has more than 25 items",
        ),
        (
            "POST",
            messages.clone(),
            menu(3, &|o| o["label"] = json!(long)),
            "at '/components/0/components/0/options/2/label': the value is longer than 100 characters",
        ),
        (
            "POST",
            messages.clone(),
            menu(3, &|o| o["value"] = json!(long)),
            "at '/components/0/components/0/options/2/value': the value is longer than 100 characters",
        ),
        (
            "POST",
            messages.clone(),
            menu(3, &|o| o["description"] = json!(long)),
            "at '/components/0/components/0/options/2/description': the value is longer than 100 characters",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "<@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}),
            "mutually exclusive",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "embeds": (0..11).map(|_| json!({"title": "t"})).collect::<Vec<_>>()}),
            "breaks Discord's schema",
        ),
        (
            "POST",
            messages.clone(),
            json!({"content": "x", "embeds": [{"description": "d".repeat(4000)}, {"description": "d".repeat(2001)}]}),
            "6000",
        ),
        (
            "PUT",
            format!("/applications/{APP_ID}/guilds/{GUILD}/commands"),
            json!([{"name": "aq", "description": "d", "options":
                (0..26).map(|i| json!({"type": 1, "name": format!("s{i}"), "description": "d"})).collect::<Vec<_>>()}]),
            "25",
        ),
        (
            "GET",
            "/nowhere/at/all".to_string(),
            Value::Null,
            "no such route",
        ),
        (
            "DELETE",
            "/gateway".to_string(),
            Value::Null,
            "no such method",
        ),
        (
            "POST",
            "/interactions/1/tok/callback".to_string(),
            json!({"type": 8, "data": {"choices": (0..26).map(|i| json!({"name": format!("c{i}"), "value": "v"})).collect::<Vec<_>>()}}),
            "breaks Discord's schema",
        ),
    ];
    for (method, path, body, rule) in &cases {
        let body = if body.is_null() {
            Value::Null
        } else {
            body.clone()
        };
        let (status, answer) = raw(&fake, method, path, body).await;
        refused_for(&fake, &format!("{method} {path}"), status, &answer, rule);
    }
    // Files: ten at most, and within the upload limit the interaction names
    // (Discord answers 413 over it).
    let eleven: Vec<Vec<u8>> = (0..11).map(|_| support::tiny_png()).collect();
    let (status, answer) = raw_files(&fake, &messages, &json!({"content": "x"}), &eleven).await;
    refused_for(
        &fake,
        "11 files",
        status,
        &answer,
        "11 files; Discord takes 10 at most",
    );
    let ten = &eleven[..10];
    let (status, answer) = raw_files(&fake, &messages, &json!({"content": "x"}), ten).await;
    assert_eq!(status, 200, "ten files are taken: {answer}");
    assert!(fake.take_violations().is_empty());
    let mut small = fd::command_interaction(
        ALICE.id,
        ALICE.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("help"),
        &[],
    );
    small["attachment_size_limit"] = json!(1024);
    fake.know_interaction(&small);
    let callback = fd::callback_path(&small);
    let answer_with = |bytes: usize| {
        let payload = json!({"type": 4, "data": {"content": "x", "attachments": [{"id": 0, "filename": "f0.png"}]}});
        (payload, vec![vec![0u8; bytes]])
    };
    let (payload, over) = answer_with(1025);
    let (status, answer) = raw_files(&fake, &callback, &payload, &over).await;
    assert_eq!(status, 413, "{answer}");
    assert_eq!(answer["code"], 40005, "{answer}");
    refused_for(
        &fake,
        "over the upload limit",
        status,
        &answer,
        "1025 bytes of files; the upload limit is 1024",
    );
    let (payload, within) = answer_with(1024);
    let (status, answer) = raw_files(&fake, &callback, &payload, &within).await;
    assert!(status < 300, "within the limit: {status} {answer}");
    assert!(fake.take_violations().is_empty());
    // What Discord accepts, it accepts.
    let (status, message) = raw(
        &fake,
        "POST",
        &messages,
        json!({"content": "fine", "allowed_mentions": {"parse": [], "users": ["1"]}}),
    )
    .await;
    assert_eq!(status, 200, "{message}");
    assert!(fake.take_violations().is_empty());
    // A query parameter Discord does not know is refused too.
    let (status, _) = raw(&fake, "GET", "/gateway/bot?shards=2", Value::Null).await;
    assert_eq!(status, 400);
    let violations = fake.take_violations();
    assert!(
        violations[0].contains("no query parameter 'shards'"),
        "{violations:?}"
    );
}

/// Plays the first move the table message offers, typed or pressed; `None`
/// when the game is over.
async fn one_move(t: &Table, table: &Value, typed: bool) -> Option<support::Answer> {
    let loaded = t.loaded().await?;
    let seat = loaded.game.as_ref().and_then(Game::to_act)?;
    let who = Table::user_of(&loaded, seat);
    let (action, id, values) = support::direct_moves(&loaded, table).into_iter().next()?;
    let interaction = if typed {
        let (sub, options) = t.options_for(&action, &loaded);
        t.interaction(who, sub, &options)
    } else {
        fd::component_interaction(
            who.id,
            who.name,
            CHANNEL,
            Some(GUILD),
            table,
            &id,
            values.as_deref(),
        )
    };
    let answer = t.send(&interaction).await;
    assert!(!answer.is_private(), "{}", answer.content());
    Some(answer)
}

/// Opens and starts a two-player game, and waits until the lobby's messages
/// have lost their buttons (a join and the start each retire the message
/// before); returns the table message.
async fn started(t: &Table, seed: u64) -> Value {
    let start = t.start_two_player_game(seed).await;
    for _ in 0..2 {
        t.fake
            .next_request(|r| r.method == "PATCH" && r.path.starts_with("/channels/"))
            .await
            .expect("a lobby message retired");
    }
    start.created.last().cloned().expect("the table")
}

/// Requests recorded from index `from` on.
fn since(t: &Table, from: usize) -> Vec<fd::RecordedRequest> {
    t.fake.requests()[from..].to_vec()
}

/// Waits until the controls are off the message `id`.
async fn retired(t: &Table, id: &str) -> fd::RecordedRequest {
    let path = format!("/channels/{CHANNEL}/messages/{id}");
    t.fake
        .next_request(|r| r.is("PATCH", &path) && r.status != 429)
        .await
        .expect("the old controls are taken off")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_costs_two_requests_one_before_it_is_seen_and_a_slow_one_three() {
    for (defer_after, in_all, before_seen) in [(DIRECT, 2, 1), (Duration::ZERO, 3, 2)] {
        let t = Table::open(defer_after, TinyPainter::boxed).await;
        let mut table = started(&t, 5).await;
        for typed in [true, false, true] {
            let from = t.fake.requests().len();
            let answer = one_move(&t, &table, typed).await.expect("a move");
            let previous = table["id"].as_str().expect("id").to_string();
            retired(&t, &previous).await;
            let made = since(&t, from);
            let what: Vec<String> = made
                .iter()
                .map(|r| format!("{} {}", r.method, r.path))
                .collect();
            assert_eq!(made.len(), in_all, "defer {defer_after:?}: {what:#?}");
            let seen = made
                .iter()
                .position(|r| {
                    r.files
                        .iter()
                        .any(|f| f.filename.as_deref() == Some("table.png"))
                })
                .expect("the table")
                + 1;
            assert_eq!(seen, before_seen, "{what:#?}");
            if defer_after == DIRECT {
                assert!(
                    made[0].asks("with_response", "true"),
                    "the message comes back with the answer"
                );
            }
            assert!(!answer.notified.is_empty(), "the next player is notified");
            table = answer.created.last().cloned().expect("the new table");
        }
        finish(t).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interactions_token_is_never_used_after_fifteen_minutes() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let table = started(&t, 6).await;
    // Sixteen minutes later, the next move retires the start's controls
    // through the channel (with the bot's token), never with the start's
    // interaction token: the fake would count that as a violation.
    t.fake.advance(Duration::from_secs(16 * 60));
    let loaded = t.loaded().await.expect("running");
    let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
    let answer = t
        .say(
            Table::user_of(&loaded, seat),
            "draw",
            &[("truck", json!(1))],
        )
        .await;
    assert!(!answer.is_private(), "{}", answer.content());
    let retire = retired(&t, table["id"].as_str().expect("id")).await;
    assert_eq!(retire.status, 200);
    assert!(t.fake.take_violations().is_empty());
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_hidden_or_gone_is_given_up_cleanly() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let mut table = started(&t, 8).await;
    // The bot can no longer see the channel (its interactions still come):
    // taking the old controls off is refused once, and the game goes on.
    const VIEW_CHANNEL: u64 = 1 << 10;
    t.fake.set_permissions(CHANNEL, !VIEW_CHANNEL);
    let from = t.fake.requests().len();
    for _ in 0..2 {
        let loaded = t.loaded().await.expect("running");
        let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
        let answer = t
            .say(
                Table::user_of(&loaded, seat),
                "draw",
                &[("truck", json!(1))],
            )
            .await;
        assert!(!answer.is_private(), "{}", answer.content());
        let refused = retired(&t, table["id"].as_str().expect("id")).await;
        assert_eq!(refused.status, 403);
        table = answer.created.last().cloned().expect("the new table");
    }
    let tries = since(&t, from)
        .iter()
        .filter(|r| r.method == "PATCH" && r.path.starts_with("/channels/"))
        .count();
    assert_eq!(tries, 2, "one try a message, no retries");
    let refusals = t.fake.refusals();
    assert!(
        refusals
            .iter()
            .all(|(status, code, _)| (*status, *code) == (403, 50013)),
        "{refusals:?}"
    );
    // The channel is deleted (a move's answer was on its way): Discord
    // answers 404 Unknown Channel, once a message, and the game goes on.
    t.fake.set_permissions(CHANNEL, u64::MAX);
    t.fake.remove_channel(CHANNEL);
    let from = t.fake.requests().len();
    let before = t.fake.refusals().len();
    let mut given_up = Vec::new();
    for _ in 0..2 {
        let loaded = t.loaded().await.expect("running");
        let answer = one_move(&t, &table, true).await.expect("a move");
        let id = table["id"].as_str().expect("id").to_string();
        let refused = retired(&t, &id).await;
        assert_eq!(refused.status, 404);
        given_up.push(format!("/channels/{CHANNEL}/messages/{id}"));
        table = answer.created.last().cloned().expect("the new table");
        let after = t.loaded().await.expect("running");
        assert_eq!(after.log.len(), loaded.log.len() + 1, "the move stands");
    }
    // A look at the board passes through the bot after both refusals: a
    // retry would have had time to come.
    let look = t.say(ALICE, "board", &[]).await;
    assert!(look.is_private(), "{}", look.content());
    let tried: Vec<String> = since(&t, from)
        .iter()
        .filter(|r| r.path.starts_with("/channels/"))
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(tried, given_up, "one try a message, no retries");
    let refusals = t.fake.refusals()[before..].to_vec();
    assert_eq!(refusals.len(), 2, "{refusals:?}");
    assert!(
        refusals
            .iter()
            .all(|(status, code, _)| (*status, *code) == (404, 10003)),
        "{refusals:?}"
    );
    finish(t).await;
}

/// A painter that holds every picture until the test opens its gate.
struct GatedPainter;

fn gate() -> &'static (Mutex<bool>, Condvar) {
    static GATE: OnceLock<(Mutex<bool>, Condvar)> = OnceLock::new();
    GATE.get_or_init(|| (Mutex::new(false), Condvar::new()))
}

fn set_gate(open: bool) {
    let (lock, wake) = gate();
    *lock.lock().expect("gate") = open;
    wake.notify_all();
}

impl Painter for GatedPainter {
    fn table(&self, _game: &Game, _events: &[Event]) -> anyhow::Result<Vec<u8>> {
        let (lock, wake) = gate();
        let mut open = lock.lock().expect("gate");
        while !*open {
            open = wake.wait(open).expect("gate");
        }
        Ok(support::tiny_png())
    }
    fn zoo(
        &self,
        _game: &Game,
        _seat: Seat,
        _lang: &aquaretto_bot::lang::Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(support::tiny_png())
    }
}

fn gated() -> Box<dyn Painter> {
    Box::new(GatedPainter)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_move_is_answered_within_three_seconds_and_a_late_answer_is_refused() {
    set_gate(true);
    let t = Table::open(Duration::from_millis(300), gated).await;
    t.start_two_player_game(9).await;
    let loaded = t.loaded().await.expect("running");
    let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
    let who = Table::user_of(&loaded, seat);
    let next = Table::user_of(&loaded, 1 - seat);
    // The picture is held: the bot answers at once with its note, within
    // Discord's window, and the table follows when the picture is drawn.
    set_gate(false);
    let interaction = t.interaction(who, "draw", &[("truck", json!(1))]);
    t.fake.send_interaction(&interaction).expect("the gateway");
    let note = t
        .fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("answered");
    assert_eq!(note.status, 204, "within the window");
    assert_eq!(
        note.body()["data"]["content"],
        aquaretto_bot::discord::respond::working(&aquaretto_bot::lang::Lang::english())
    );
    set_gate(true);
    let hook = format!(
        "/webhooks/{APP_ID}/{}",
        interaction["token"].as_str().expect("token")
    );
    let table = t
        .fake
        .next_request(|r| r.is("POST", &hook))
        .await
        .expect("the table follows");
    assert_eq!(table.status, 200);
    assert!(t
        .fake
        .notified_by(&interaction)
        .iter()
        .any(|n| n.user == next.id.to_string()));
    // The note speaks the asker's language (their client's locale).
    set_gate(false);
    let mut interaction = t.interaction(next, "draw", &[("truck", json!(1))]);
    interaction["locale"] = json!("ja");
    t.fake.send_interaction(&interaction).expect("the gateway");
    let note = t
        .fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("answered");
    let ja = aquaretto_bot::lang::Lang::for_locale("ja");
    assert_eq!(
        note.body()["data"]["content"],
        aquaretto_bot::discord::respond::working(&ja)
    );
    assert!(aquaretto_bot::lang::has(&ja, "discord-working"));
    set_gate(true);
    let hook = format!(
        "/webhooks/{APP_ID}/{}",
        interaction["token"].as_str().expect("token")
    );
    let table = t
        .fake
        .next_request(|r| r.is("POST", &hook))
        .await
        .expect("the table follows");
    assert_eq!(table.status, 200);
    finish(t).await;

    // A bot that waits longer than the window before answering is refused
    // as Discord refuses it (Unknown interaction), and nothing is lost: the
    // move stands.
    let t = Table::open(Duration::from_secs(5), gated).await;
    t.start_two_player_game(10).await;
    let loaded = t.loaded().await.expect("running");
    let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
    t.fake.set_callback_window(Duration::from_millis(200));
    set_gate(false);
    let interaction = t.interaction(
        Table::user_of(&loaded, seat),
        "draw",
        &[("truck", json!(1))],
    );
    t.fake.send_interaction(&interaction).expect("the gateway");
    // Released once the window has passed for sure: the fake's clock moves.
    t.fake.advance(Duration::from_secs(1));
    set_gate(true);
    let late = t
        .fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("answered late");
    assert_eq!(late.status, 404);
    assert!(t.fake.refusals().iter().any(|(_, code, _)| *code == 10062));
    let after = t.loaded().await.expect("running");
    assert_eq!(after.log.len(), loaded.log.len() + 1, "the move stands");
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buckets_and_the_global_limit_are_waited_out_and_nothing_is_lost_or_doubled() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let mut table = started(&t, 11).await;
    let from = t.fake.requests().len();
    let first = t.loaded().await.expect("running").seq();
    // The messages whose controls the moves take off, in order.
    let mut expected: Vec<String> = Vec::new();
    let mut moves = 0;
    let path_of = |table: &Value| {
        format!(
            "/channels/{CHANNEL}/messages/{}",
            table["id"].as_str().expect("id")
        )
    };
    // One edit per 400 ms in the channel: serenity learns the bucket from
    // the headers and waits before it is spent, so no edit is refused.
    const WINDOW: Duration = Duration::from_millis(400);
    t.fake.set_route_limit(
        "PATCH /channels/{channel_id}/messages/{message_id}",
        1,
        WINDOW,
    );
    for _ in 0..4 {
        let answer = one_move(&t, &table, true).await.expect("a move");
        moves += 1;
        let retire = retired(&t, table["id"].as_str().expect("id")).await;
        assert_eq!(retire.status, 200);
        expected.push(path_of(&table));
        table = answer.created.last().cloned().expect("the new table");
    }
    let (limited, global) = t.fake.rate_limited();
    assert_eq!(limited - global, 0, "the bucket was never overrun");
    // A 429 from the route's bucket, as Discord sends it: the edit waits
    // the time it names and is sent once more, and is made once.
    let forced = path_of(&table);
    t.fake.once(
        "PATCH",
        &forced,
        fd::Once::RateLimited(WINDOW + Duration::from_millis(100)),
    );
    let answer = one_move(&t, &table, false).await.expect("a move");
    moves += 1;
    let retire = retired(&t, table["id"].as_str().expect("id")).await;
    assert_eq!(retire.status, 200, "retried after the 429");
    expected.push(forced.clone());
    table = answer.created.last().cloned().expect("the new table");
    let statuses: Vec<u16> = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.is("PATCH", &forced))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [429, 200], "refused once, retried once");
    // A tight global limit: the 429s it gives are waited out and retried,
    // each retired message edited once it passes.
    t.fake.set_global_limit(1);
    for _ in 0..3 {
        let answer = one_move(&t, &table, false).await.expect("a move");
        moves += 1;
        let path = path_of(&table);
        t.fake
            .next_request(|r| r.is("PATCH", &path) && r.status == 200)
            .await
            .expect("edited once it passes");
        expected.push(path);
        table = answer.created.last().cloned().expect("the new table");
    }
    let (limited, global) = t.fake.rate_limited();
    assert_eq!(limited - global, 0, "the bucket was never overrun");
    // Every message edited once, in the order of the moves: none lost, none
    // twice (a board look passes through the bot after the last edit).
    let look = t.say(ALICE, "board", &[]).await;
    assert!(look.is_private(), "{}", look.content());
    let edits: Vec<String> = since(&t, from)
        .iter()
        .filter(|r| r.method == "PATCH" && r.status == 200)
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(edits, expected, "each edit made once");
    // And every move made once: the log grew by the moves played.
    let loaded = t.loaded().await.expect("running");
    assert_eq!(loaded.seq() - first, moves, "moves in the log");
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_courier_waits_out_the_global_limit_and_posts_each_reminder_once() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let channels = [CHANNEL, CHANNEL + 100, CHANNEL + 101, CHANNEL + 102];
    for (i, channel) in channels.iter().enumerate() {
        let (a, b) = if i % 2 == 0 {
            (ALICE, BOB)
        } else {
            (BOB, CAROL)
        };
        for (who, sub, options) in [
            (a, "new", vec![("first", fd::user_option(a.id, a.name))]),
            (b, "join", vec![]),
            (a, "settings", vec![("reminders", json!("1h"))]),
            (a, "start", vec![]),
        ] {
            let answer = t
                .send(&t.interaction_in(*channel, who, sub, &options))
                .await;
            assert!(!answer.is_private(), "{sub}: {}", answer.content());
        }
    }
    t.fake.set_global_limit(1);
    t.advance(Duration::from_secs(3600)).await;
    for channel in channels {
        let path = format!("/channels/{channel}/messages");
        t.fake
            .next_request(|r| r.is("POST", &path) && r.status == 200)
            .await
            .expect("the reminder is posted once the limit lets it");
    }
    let (_, global) = t.fake.rate_limited();
    assert!(global > 0, "the global limit was met");
    for channel in channels {
        let posted = t.fake.channel_messages(&channel.to_string());
        assert_eq!(posted.len(), 1, "one reminder in {channel}: {posted:#?}");
    }
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_resumes_after_a_reconnect_and_identifies_after_an_invalid_session() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.start_two_player_game(12).await;
    let play_one = || async {
        let loaded = t.loaded().await.expect("running");
        let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
        let answer = t.say(Table::user_of(&loaded, seat), "board", &[]).await;
        assert!(answer.is_private(), "{}", answer.content());
    };
    let resumes = t.fake.resumes();
    t.fake.request_reconnect().expect("a session");
    t.fake
        .wait_resumed(resumes, Duration::from_secs(20))
        .await
        .expect("resumed");
    play_one().await;
    let identifies = t.fake.identifies();
    t.fake.invalidate_session().expect("a session");
    t.fake
        .wait_identified(identifies)
        .await
        .expect("identified again");
    play_one().await;
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resumed_session_gets_the_move_sent_while_it_was_away() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    t.start_two_player_game(13).await;
    let loaded = t.loaded().await.expect("running");
    let seat = loaded.game.as_ref().and_then(Game::to_act).expect("a turn");
    let who = Table::user_of(&loaded, seat);
    let resumes = t.fake.resumes();
    let identifies = t.fake.identifies();
    // Reconnecting may take serenity longer than Discord's 3 seconds on a
    // busy machine; the window is not what this test is about.
    t.fake.set_callback_window(Duration::from_secs(60));
    // The connection drops; the move comes after the drop and so is lost
    // with the connection, and reaches the bot only as a missed event
    // replayed to its RESUME.
    t.fake.drop_gateway().expect("a session");
    let interaction = t.interaction(who, "draw", &[("truck", json!(1))]);
    t.fake
        .send_interaction(&interaction)
        .expect("kept for the resume");
    t.fake
        .wait_resumed(resumes, Duration::from_secs(20))
        .await
        .expect("resumed");
    let answer = t
        .fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("the missed move is answered");
    assert!(answer.status < 300, "{}", answer.body());
    assert!(t.fake.replayed() >= 1, "the move was replayed");
    assert_eq!(t.fake.identifies(), identifies, "resumed, not identified");
    let after = t.loaded().await.expect("running");
    assert_eq!(
        after.log.len(),
        loaded.log.len() + 1,
        "the move is made once"
    );
    // The RESUME named the session READY gave and the last number seen.
    let resume = t
        .fake
        .gateway_frames()
        .into_iter()
        .rfind(|f| f["op"] == 6)
        .expect("a RESUME");
    assert_eq!(
        resume["d"]["session_id"],
        format!("fake-session-{identifies}"),
        "{resume}"
    );
    assert!(
        resume["d"]["seq"].as_u64().is_some_and(|s| s > 0),
        "{resume}"
    );
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_permission_is_named_privately_and_changes_nothing() {
    let t = Table::open(DIRECT, TinyPainter::boxed).await;
    let before = t.rows().await;
    const SEND_MESSAGES: u64 = 1 << 11;
    const SEND_IN_THREADS: u64 = 1 << 38;
    let all: u64 = fd::PERMISSIONS_BITS;
    let mut new = t.interaction(ALICE, "new", &[]);
    new["app_permissions"] = json!((all & !SEND_MESSAGES).to_string());
    let refused = t.send(&new).await;
    assert!(refused.is_private());
    assert!(
        refused.content().contains("Send Messages"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, before, "nothing changed");
    // In a thread, what counts is sending in threads.
    let mut in_thread = t.interaction(ALICE, "new", &[]);
    in_thread["channel"]["type"] = json!(11);
    in_thread["app_permissions"] = json!((all & !SEND_IN_THREADS).to_string());
    let refused = t.send(&in_thread).await;
    assert!(
        refused.content().contains("Send Messages in Threads"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, before, "nothing changed");
    // Said in the asker's language, the permission named as Discord names it.
    let mut in_german = t.interaction(ALICE, "new", &[]);
    in_german["locale"] = json!("de");
    in_german["app_permissions"] = json!((all & !SEND_MESSAGES).to_string());
    let refused = t.send(&in_german).await;
    assert!(refused.is_private());
    assert!(
        refused
            .content()
            .starts_with("Ich kann in diesem Kanal kein Spiel leiten")
            && refused.content().contains("Send Messages"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, before, "nothing changed");
    // Looking needs nothing.
    let mut look = t.interaction(BOB, "help", &[]);
    look["app_permissions"] = json!("0");
    assert!(!t.send(&look).await.content().contains("missing"));
    finish(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_runs_the_shards_discord_recommends_and_each_server_is_played_on_its_own() {
    let mut fake = fd::FakeDiscord::start().await;
    fake.set_recommended_shards(2);
    // The second shard comes 5 s after the first: room for a busy machine.
    fake.timeout = Duration::from_secs(30);
    let t = Table::open_with(fake, DIRECT, TinyPainter::boxed).await;
    // serenity starts one shard after the other (5 s apart, as Discord asks).
    t.fake
        .wait_identified(1)
        .await
        .expect("the second shard identifies");
    let mut identified: Vec<Value> = t
        .fake
        .gateway_frames()
        .into_iter()
        .filter(|f| f["op"] == 2)
        .map(|f| f["d"]["shard"].clone())
        .collect();
    identified.sort_by_key(|s| s[0].as_u64());
    assert_eq!(identified, [json!([0, 2]), json!([1, 2])]);
    // GUILD's events come on one shard, OTHER's on the other: a server
    // whose shard the bot did not run would never be heard (the fake
    // refuses to send on a shard with no connection).
    const OTHER: u64 = GUILD + (1 << 22);
    const OTHER_CHANNEL: u64 = 2_000_000_000_000_000_101;
    assert_ne!((GUILD >> 22) % 2, (OTHER >> 22) % 2);
    let started = t.start_two_player_game(3).await;
    assert!(!started.is_private(), "{}", started.content());
    for (who, sub) in [(ALICE, "new"), (BOB, "join"), (ALICE, "start")] {
        let interaction = t.interaction_in_server(OTHER, OTHER_CHANNEL, who, sub, &[]);
        let answer = t.send(&interaction).await;
        assert!(!answer.is_private(), "{sub}: {}", answer.content());
    }
    let other = t
        .referee
        .open_game(&OTHER_CHANNEL.to_string())
        .await
        .expect("database")
        .expect("a game in the other server")
        .expect("not damaged");
    assert!(other.game.is_some(), "the other server's game started");
    assert_eq!(t.fake.identifies(), 2, "each shard identified once");
    finish(t).await;
}
