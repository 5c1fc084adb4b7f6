//! The bot against the rules of the real Discord, one test a rule, on the
//! strict fake (testkit/src/fake_discord): the command tree within every
//! limit, the fake refusing what Discord refuses, one round trip before a
//! move is seen, interaction tokens and the 3-second window, rate limits,
//! channels the bot can no longer see, missing permissions, and the
//! gateway's resume and re-identify.

use crate::support;

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
    let options = aquaretto_bot::discord::client::framework_options();
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
    let names: Vec<&str> = (t.registrations.iter())
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(
        names,
        ["aq", "tournament", "season"],
        "/tournament and /season beside /aq"
    );
    let mut texts = Vec::new();
    for command in &t.registrations {
        strict::command_limits(command, "0").unwrap_or_else(|(at, _, why)| panic!("{at}: {why}"));
        localized_texts(command, "", &mut texts);
    }
    // One message of the catalogue for each, and none left over (the entry
    // point's description is the entry point command's, registered beside
    // /aq: tests/discord/launch.rs); the clock's four choices are worded
    // once and offered twice (/aq game settings, /tournament new).
    let messages = include_str!("../../locales/en/commands.ftl")
        .lines()
        .filter(|l| l.starts_with("cmd-") || l.starts_with("choice-"))
        .filter(|l| !l.starts_with("cmd-entry-"))
        .count();
    assert_eq!(texts.len(), messages + 4, "texts registered and messages");
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
    assert_eq!(
        choices,
        18 + 11 + 3,
        "size, level, speed, role, reset and clock choices; /tournament's format, size and clock; /season's length"
    );
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
        let root = at.split('/').nth(1).unwrap_or_default();
        let mut node = (t.registrations.iter())
            .find(|c| c["name"] == root)
            .unwrap_or_else(|| panic!("{at}: /{root} is registered"));
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
        for command in &t.registrations {
            eprintln!(
                "/{} in '{locale}': {} characters of {}",
                command["name"].as_str().unwrap_or_default(),
                strict::characters(command, locale),
                strict::COMMAND_CHARACTERS
            );
        }
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

/// An attachment's description (what a screen reader says of a picture)
/// is at most 1,024 characters, as Discord counts them.
#[test]
fn an_attachment_s_description_is_at_most_1024_characters() {
    let with = |n: usize| {
        json!({"content": "x", "attachments": [
            {"id": 0, "filename": "table.png", "description": "é".repeat(n)}]})
    };
    assert!(strict::message_limits(&with(1024), "").is_ok());
    let (at, _, why) = strict::message_limits(&with(1025), "").expect_err("too long");
    assert_eq!(at, "attachments/0/description");
    assert!(why.contains("1024"), "{why}");
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
            json!({"content": "x", "attachments": [{"id": 0, "filename": "table.png", "description": "d".repeat(1025)}]}),
            "at '/attachments/0/description': the value is longer than 1024 characters",
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
    let seat = loaded.game().and_then(Game::to_act)?;
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
    let seat = loaded.game().and_then(Game::to_act).expect("a turn");
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
        let seat = loaded.game().and_then(Game::to_act).expect("a turn");
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
    // The channel is deleted, and Discord says so (CHANNEL_DELETE): the
    // game waits for good, and the bot tries nothing there again.
    t.fake.set_permissions(CHANNEL, u64::MAX);
    let from = t.fake.requests().len();
    t.fake.remove_channel(CHANNEL);
    t.wait_paused(CHANNEL, Some("deleted")).await;
    t.advance(Duration::from_secs(24 * 3600)).await;
    let tried: Vec<String> = since(&t, from)
        .iter()
        .filter(|r| r.path.starts_with("/channels/"))
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(
        tried,
        Vec::<String>::new(),
        "nothing tried in a deleted channel"
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
    let seat = loaded.game().and_then(Game::to_act).expect("a turn");
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
        aquaretto_bot::discord::message::working(&aquaretto_bot::lang::Lang::english())
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
        aquaretto_bot::discord::message::working(&ja)
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
    // The window on the test's clock: only `advance` makes the answer late.
    t.fake.hold_clock();
    t.start_two_player_game(10).await;
    let loaded = t.loaded().await.expect("running");
    let seat = loaded.game().and_then(Game::to_act).expect("a turn");
    set_gate(false);
    let interaction = t.interaction(
        Table::user_of(&loaded, seat),
        "draw",
        &[("truck", json!(1))],
    );
    t.fake.send_interaction(&interaction).expect("the gateway");
    // Released once the window has passed for sure: the fake's clock moves.
    t.fake.advance(Duration::from_secs(4));
    set_gate(true);
    let late = t
        .fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("answered late");
    assert_eq!(late.status, 404);
    assert!(t.fake.refusals().iter().any(|(_, code, _)| *code == 10062));
    let after = t.loaded().await.expect("running");
    assert_eq!(after.log().len(), loaded.log().len() + 1, "the move stands");
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
        let seat = loaded.game().and_then(Game::to_act).expect("a turn");
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
    let seat = loaded.game().and_then(Game::to_act).expect("a turn");
    let who = Table::user_of(&loaded, seat);
    let resumes = t.fake.resumes();
    let identifies = t.fake.identifies();
    // The connection drops; the move comes after the drop and so is lost
    // with the connection, and reaches the bot only as a missed event
    // replayed to its RESUME.
    let interaction = t.interaction(who, "draw", &[("truck", json!(1))]);
    t.fake
        .drop_gateway_and_send(&interaction)
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
        after.log().len(),
        loaded.log().len() + 1,
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
    assert!(other.game().is_some(), "the other server's game started");
    assert_eq!(t.fake.identifies(), 2, "each shard identified once");
    finish(t).await;
}

/// One request straight to the fake, with a JSON body or none: its status,
/// headers and body text.
async fn raw_answer(
    fake: &fd::FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, reqwest::header::HeaderMap, String) {
    let url = format!("{}/api/v10{path}", fake.base_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = reqwest::Client::new().request(method, url);
    if let Some(body) = body {
        request = request
            .header("Content-Type", "application/json")
            .body(body.to_string());
    }
    let response = request.send().await.expect("the fake answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap_or_default())
}

/// [`raw_answer`]'s status and JSON body (`Null` when not JSON).
async fn call(
    fake: &fd::FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let (status, _, text) = raw_answer(fake, method, path, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A gateway session of the fake's own client: connected, identified as
/// shard 0 of 1 with `intents`, its READY read.
async fn session(fake: &fd::FakeDiscord, intents: u64) -> (fd::client::GatewayClient, Value) {
    let mut gateway = fd::client::GatewayClient::connect(fake)
        .await
        .expect("the gateway upgrades");
    gateway
        .identify(0, 1, intents)
        .await
        .expect("IDENTIFY sent");
    let (t, ready) = gateway.next_dispatch().await.expect("a dispatch");
    assert_eq!(t, "READY");
    (gateway, ready)
}

/// The next dispatch, read as serenity reads it: its name and serenity's
/// event (a payload serenity cannot read fails here, as it would be dropped
/// silently by the bot).
async fn next_event(
    gateway: &mut fd::client::GatewayClient,
) -> (String, serenity::all::Event, Value) {
    loop {
        let frame = gateway.next().await.expect("a frame");
        let fd::client::Frame::Json(text, v) = frame else {
            panic!("closed: {frame:?}");
        };
        if v["op"] != 0 {
            continue;
        }
        let parsed: serenity::all::GatewayEvent = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("serenity cannot read {text}: {e}"));
        let serenity::all::GatewayEvent::Dispatch(_, event) = parsed else {
            panic!("not a dispatch: {text}");
        };
        let t = v["t"].as_str().unwrap_or_default().to_string();
        return (t, event, v["d"].clone());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_keeps_threads_as_discord_does() {
    const PUBLIC: u64 = CHANNEL + 10;
    const PRIVATE: u64 = CHANNEL + 11;
    const JOINED: u64 = CHANNEL + 12;
    let fake = fd::FakeDiscord::start().await;
    fake.add_channel(fd::ChannelSpec::thread(
        GUILD, CHANNEL, PUBLIC, false, false,
    ));
    fake.add_channel(fd::ChannelSpec::thread(
        GUILD, CHANNEL, PRIVATE, true, false,
    ));
    fake.add_channel(fd::ChannelSpec {
        auto_archive_minutes: 60,
        ..fd::ChannelSpec::thread(GUILD, CHANNEL, JOINED, true, true)
    });
    let post = |c: u64| format!("/channels/{c}/messages");
    let text = || Some(json!({"content": "x"}));
    // A private thread the bot is not a member of: Missing Access, whatever
    // the call (it cannot add itself either).
    for (method, path, body) in [
        ("POST", post(PRIVATE), text()),
        ("GET", format!("/channels/{PRIVATE}"), None),
        (
            "PUT",
            format!("/channels/{PRIVATE}/thread-members/@me"),
            None,
        ),
        (
            "PATCH",
            format!("/channels/{PRIVATE}"),
            Some(json!({"archived": false})),
        ),
    ] {
        let (status, answer) = call(&fake, method, &path, body).await;
        assert_eq!(
            (status, &answer["code"]),
            (403, &json!(50001)),
            "{method} {path}"
        );
    }
    // One it is a member of works.
    let (status, answer) = call(&fake, "POST", &post(JOINED), text()).await;
    assert_eq!(status, 200, "{answer}");
    // A public thread: the bot is not a member until it joins.
    let me = format!("/channels/{PUBLIC}/thread-members/{APP_ID}");
    let (status, answer) = call(&fake, "GET", &me, None).await;
    assert_eq!((status, &answer["code"]), (404, &json!(10007)), "{answer}");
    let join = format!("/channels/{PUBLIC}/thread-members/@me");
    assert_eq!(call(&fake, "PUT", &join, None).await.0, 204);
    let (status, member) = call(&fake, "GET", &me, None).await;
    assert_eq!(
        (status, &member["user_id"]),
        (200, &json!(APP_ID.to_string()))
    );
    let _: serenity::all::ThreadMember =
        serde_json::from_value(member).expect("serenity reads a thread member");
    // Archived: an edit is refused, a post goes through and unarchives it.
    let (_, message) = call(&fake, "POST", &post(PUBLIC), text()).await;
    let edit = format!("{}/{}", post(PUBLIC), message["id"].as_str().expect("id"));
    fake.archive(PUBLIC);
    let archived = |channel: Value| channel["thread_metadata"]["archived"] == true;
    let thread = format!("/channels/{PUBLIC}");
    assert!(archived(call(&fake, "GET", &thread, None).await.1));
    let (status, answer) = call(&fake, "PATCH", &edit, Some(json!({"content": "y"}))).await;
    assert_eq!((status, &answer["code"]), (400, &json!(50083)), "{answer}");
    assert_eq!(call(&fake, "POST", &post(PUBLIC), text()).await.0, 200);
    let (_, channel) = call(&fake, "GET", &thread, None).await;
    assert!(!archived(channel.clone()), "{channel}");
    let _: serenity::all::GuildChannel =
        serde_json::from_value(channel).expect("serenity reads the thread");
    // Locked: no post, no edit; locked and archived, the bot cannot reopen
    // it (Manage Threads); unlocked, it can.
    fake.lock(PUBLIC);
    let (status, answer) = call(&fake, "POST", &post(PUBLIC), text()).await;
    assert_eq!((status, &answer["code"]), (400, &json!(160005)), "{answer}");
    let (status, answer) = call(&fake, "PATCH", &edit, Some(json!({"content": "y"}))).await;
    assert_eq!((status, &answer["code"]), (400, &json!(160005)), "{answer}");
    fake.archive(PUBLIC);
    let reopen = Some(json!({"archived": false}));
    let (status, answer) = call(&fake, "PATCH", &thread, reopen.clone()).await;
    assert_eq!((status, &answer["code"]), (403, &json!(50013)), "{answer}");
    fake.unlock(PUBLIC);
    let (status, channel) = call(&fake, "PATCH", &thread, reopen).await;
    assert_eq!(status, 200, "{channel}");
    assert!(!archived(channel));
    // A thread archives itself after its duration without a message, on the
    // fake's clock.
    fake.advance(Duration::from_secs(61 * 60));
    assert!(archived(
        call(&fake, "GET", &format!("/channels/{JOINED}"), None)
            .await
            .1
    ));
    assert!(
        !archived(call(&fake, "GET", &thread, None).await.1),
        "a day's duration"
    );
    // No command in an archived thread; an interaction in a thread carries
    // the thread, as Discord sends it.
    let in_thread = |channel: u64| {
        fd::command_interaction(
            ALICE.id,
            ALICE.name,
            channel,
            Some(GUILD),
            "aq",
            Some("board"),
            &[],
        )
    };
    let refused = fake
        .send_interaction(&in_thread(JOINED))
        .expect_err("archived");
    assert!(refused.to_string().contains("archived"), "{refused}");
    let (mut gateway, _) = session(&fake, 0).await;
    fake.send_interaction(&in_thread(PUBLIC)).expect("sent");
    let (t, event, d) = next_event(&mut gateway).await;
    assert_eq!(t, "INTERACTION_CREATE");
    assert_eq!(d["channel"]["type"], 11, "{d}");
    assert_eq!(d["channel"]["parent_id"], CHANNEL.to_string());
    assert_eq!(d["channel"]["thread_metadata"]["archived"], false);
    let serenity::all::Event::InteractionCreate(created) = event else {
        panic!("{t}");
    };
    let command = created.interaction.command().expect("a command");
    let channel = command.channel.expect("its channel");
    assert_eq!(channel.kind, serenity::all::ChannelType::PublicThread);
    assert!(fake.take_violations().is_empty());
    let codes: Vec<i64> = fake.refusals().iter().map(|(_, code, _)| *code).collect();
    for code in [50001, 10007, 50083, 160005, 50013] {
        assert!(codes.contains(&code), "{code} counted: {codes:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cloudflare_pages_shared_limits_and_outages_are_answered_as_they_come() {
    let fake = fd::FakeDiscord::start().await;
    let messages = format!("/channels/{CHANNEL}/messages");
    let text = || Some(json!({"content": "x"}));
    // Cloudflare's answers: an HTML page, nothing to read a wait from.
    for status in [429, 403, 502] {
        fake.once("POST", &messages, fd::Once::Html(status));
        let (got, headers, body) = raw_answer(&fake, "POST", &messages, text()).await;
        assert_eq!(got, status);
        let kind = headers[reqwest::header::CONTENT_TYPE]
            .to_str()
            .unwrap_or_default();
        assert!(kind.starts_with("text/html"), "{kind}");
        assert!(body.contains("<html"), "{body}");
        assert!(
            serde_json::from_str::<Value>(&body).is_err(),
            "no JSON: {body}"
        );
        let limits: Vec<&str> = (headers.keys())
            .map(|k| k.as_str())
            .filter(|k| k.starts_with("x-ratelimit") || *k == "retry-after")
            .collect();
        assert!(limits.is_empty(), "{status}: {limits:?}");
    }
    assert_eq!(fake.invalid_requests(), 2, "the 429 and the 403");
    // A shared limit on an edit, and 30046 (edits of old messages): JSON,
    // scope shared, not counted against the bot.
    let (_, message) = call(&fake, "POST", &messages, text()).await;
    let edit = format!("{messages}/{}", message["id"].as_str().expect("id"));
    let change = || Some(json!({"content": "y"}));
    fake.once(
        "PATCH",
        &edit,
        fd::Once::RateLimitedShared(Duration::from_secs(1200)),
    );
    fake.once(
        "PATCH",
        &edit,
        fd::Once::OldMessageEdits(Duration::from_secs(90)),
    );
    let (status, headers, body) = raw_answer(&fake, "PATCH", &edit, change()).await;
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(status, 429);
    assert_eq!(headers["x-ratelimit-scope"], "shared");
    assert_eq!(headers["retry-after"], "1200");
    assert_eq!(
        (&body["retry_after"], &body["global"]),
        (&json!(1200.0), &json!(false))
    );
    assert!(body.get("code").is_none(), "{body}");
    let (status, headers, body) = raw_answer(&fake, "PATCH", &edit, change()).await;
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!((status, &body["code"]), (429, &json!(30046)), "{body}");
    assert_eq!(
        body["message"],
        "Maximum number of edits to messages older than 1 hour reached. Try again later"
    );
    assert_eq!(body["retry_after"], 90.0);
    assert_eq!(headers["x-ratelimit-scope"], "shared");
    assert_eq!(
        call(&fake, "PATCH", &edit, change()).await.0,
        200,
        "then it passes"
    );
    assert_eq!(fake.invalid_requests(), 2, "shared limits are not counted");
    // Down: every request, a callback too, gets the outage's page and
    // nothing happens; the requests are recorded.
    let interaction = fd::command_interaction(
        ALICE.id,
        ALICE.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("help"),
        &[],
    );
    fake.know_interaction(&interaction);
    let callback = fd::callback_path(&interaction);
    let answer = || Some(json!({"type": 4, "data": {"content": "hi"}}));
    let before = fake.messages().len();
    fake.set_down(Some(503));
    for (method, path, body) in [
        ("POST", callback.clone(), answer()),
        ("POST", messages.clone(), text()),
        ("GET", "/gateway/bot".to_string(), None),
    ] {
        let (status, headers, page) = raw_answer(&fake, method, &path, body).await;
        assert_eq!(status, 503, "{method} {path}");
        assert!(headers[reqwest::header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|k| k.starts_with("text/html")));
        assert!(page.contains("<html"));
    }
    assert_eq!(fake.messages().len(), before, "nothing was made");
    let down: Vec<u16> = (fake.requests().iter().rev().take(3))
        .map(|r| r.status)
        .collect();
    assert_eq!(down, [503, 503, 503], "recorded");
    fake.set_down(None);
    assert_eq!(
        call(&fake, "POST", &callback, answer()).await.0,
        204,
        "not answered before"
    );
    // Invalid requests over time: two 403s a second apart, after the first
    // two.
    fake.set_permissions(CHANNEL, 0);
    for _ in 0..2 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(call(&fake, "POST", &messages, text()).await.0, 403);
    }
    assert_eq!(fake.invalid_requests(), 4);
    assert_eq!(fake.most_invalid_in(Duration::from_secs(600)), 4);
    assert_eq!(
        fake.most_invalid_in(Duration::from_millis(600)),
        2,
        "the first two"
    );
    assert_eq!(fake.most_invalid_in(Duration::ZERO), 0);
    assert!(fake.take_violations().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_comes_as_discord_sends_it_and_posts_there_follow_the_users_choice() {
    let dm = fd::dm_channel(ALICE.id);
    let interaction =
        fd::command_interaction(ALICE.id, ALICE.name, dm, None, "aq", Some("mygames"), &[]);
    assert_eq!(interaction["app_permissions"], fd::DM_PERMISSIONS);
    assert_eq!(
        fd::DM_PERMISSIONS,
        (1u64 << 14 | 1 << 15 | 1 << 17 | 1 << 18).to_string()
    );
    assert_eq!(interaction["channel"]["type"], 1);
    assert_eq!(interaction["context"], 1);
    assert!(interaction.get("member").is_none() && interaction.get("guild_locale").is_none());
    let parsed: serenity::all::Interaction =
        serde_json::from_value(interaction.clone()).expect("serenity reads it");
    let command = parsed.command().expect("a command");
    assert!(command.guild_id.is_none() && command.member.is_none());
    assert_eq!(command.user.id.get(), ALICE.id);
    let fake = fd::FakeDiscord::start().await;
    let (mut gateway, _) = session(&fake, 0).await;
    fake.send_interaction(&interaction).expect("sent");
    assert_eq!(next_event(&mut gateway).await.0, "INTERACTION_CREATE");
    assert_eq!(
        fake.dm_recipient(&dm.to_string()),
        Some(ALICE.id.to_string())
    );
    // The bot may post in the DM it was used from.
    let post = |c: u64| format!("/channels/{c}/messages");
    let text = || Some(json!({"content": "your games"}));
    assert_eq!(call(&fake, "POST", &post(dm), text()).await.0, 200);
    assert!(fake.notified(ALICE.id).iter().any(|n| n.dm));
    // Opening a DM works whatever the user chose; posting answers their
    // choice.
    let open = || async {
        let (status, channel) = call(
            &fake,
            "POST",
            "/users/@me/channels",
            Some(json!({"recipient_id": BOB.id.to_string()})),
        )
        .await;
        assert_eq!(status, 200, "{channel}");
        assert_eq!(channel["id"], fd::dm_channel(BOB.id).to_string());
        fd::dm_channel(BOB.id)
    };
    let bobs = open().await;
    assert_eq!(call(&fake, "POST", &post(bobs), text()).await.0, 200);
    fake.close_dms(BOB.id);
    let bobs = open().await;
    let (status, answer) = call(&fake, "POST", &post(bobs), text()).await;
    assert_eq!((status, &answer["code"]), (403, &json!(50007)), "{answer}");
    fake.no_mutual_server(BOB.id);
    let (status, answer) = call(&fake, "POST", &post(open().await), text()).await;
    assert_eq!((status, &answer["code"]), (403, &json!(50278)), "{answer}");
    fake.open_dms(BOB.id);
    assert_eq!(call(&fake, "POST", &post(bobs), text()).await.0, 200);
    assert_eq!(
        call(&fake, "POST", &post(dm), text()).await.0,
        200,
        "alice's is open"
    );
    let refused: Vec<i64> = fake.refusals().iter().map(|(_, c, _)| *c).collect();
    assert_eq!(refused, [50007, 50278]);
    assert!(fake.take_violations().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_starts_are_spent_and_a_second_identify_within_five_seconds_gets_op_9() {
    let fake = fd::FakeDiscord::start().await;
    let limit = || async {
        call(&fake, "GET", "/gateway/bot", None).await.1["session_start_limit"].clone()
    };
    let start = limit().await;
    assert_eq!(
        (&start["total"], &start["remaining"]),
        (&json!(1000), &json!(1000)),
        "{start}"
    );
    assert_eq!(start["max_concurrency"], 1);
    assert!(
        start["reset_after"].as_u64().is_some_and(|ms| ms > 0),
        "{start}"
    );
    let (mut first, _) = session(&fake, 0).await;
    // The second shard at once: over max_concurrency, an invalid session.
    let mut second = fd::client::GatewayClient::connect(&fake)
        .await
        .expect("connected");
    second.identify(1, 2, 0).await.expect("sent");
    match second.next().await.expect("a frame") {
        fd::client::Frame::Json(_, v) => {
            assert_eq!((&v["op"], &v["d"]), (&json!(9), &json!(false)), "{v}")
        }
        other => panic!("op 9 expected: {other:?}"),
    }
    assert_eq!((fake.identifies(), fake.identifies_refused()), (1, 1));
    assert_eq!(
        limit().await["remaining"],
        999,
        "a refused IDENTIFY spends nothing"
    );
    // With two at a time, shard 1 (key 1) starts beside shard 0 (key 0).
    fake.set_max_concurrency(2);
    second.identify(1, 2, 0).await.expect("sent");
    assert_eq!(second.next_dispatch().await.expect("READY").0, "READY");
    assert_eq!(limit().await["remaining"], 998);
    assert_eq!(limit().await["max_concurrency"], 2);
    // None left: identifying anyway gets the token reset, every session
    // closed (4004), and is a violation.
    fake.set_session_starts(0, Duration::from_secs(3600));
    let now = limit().await;
    assert_eq!(now["remaining"], 0);
    assert!(
        now["reset_after"]
            .as_u64()
            .is_some_and(|ms| ms <= 3_600_000 && ms > 3_500_000),
        "{now}"
    );
    let mut third = fd::client::GatewayClient::connect(&fake)
        .await
        .expect("connected");
    third.identify(0, 1, 0).await.expect("sent");
    assert_eq!(
        third.next().await.expect("a frame"),
        fd::client::Frame::Close(4004)
    );
    assert_eq!(
        first.next().await.expect("a frame"),
        fd::client::Frame::Close(4004)
    );
    let violations = fake.take_violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains("no session start left"),
        "{violations:?}"
    );
    assert_eq!(fake.identify_intents(), [0, 0, 0, 0]);
    // The count starts afresh after reset_after, on the fake's clock.
    fake.advance(Duration::from_secs(3601));
    assert_eq!(fake.session_starts_left(), 1000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_events_reach_only_a_session_that_asked_for_guilds() {
    const THREAD: u64 = CHANNEL + 20;
    const TEXT: u64 = CHANNEL + 21;
    let world = |fake: &fd::FakeDiscord| {
        fake.add_channel(fd::ChannelSpec::thread(GUILD, CHANNEL, THREAD, false, true));
        fake.add_channel(fd::ChannelSpec::text(GUILD, TEXT));
    };
    let every_change = |fake: &fd::FakeDiscord| {
        fake.archive(THREAD);
        fake.guild_outage(GUILD);
        fake.remove_bot(GUILD);
        fake.add_bot(GUILD);
        fake.delete_channel(THREAD);
        fake.delete_channel(TEXT);
    };
    // Without the intent: READY names the servers, and no event follows.
    let fake = fd::FakeDiscord::start().await;
    world(&fake);
    let (mut gateway, ready) = session(&fake, 0).await;
    assert_eq!(
        ready["guilds"],
        json!([{"id": GUILD.to_string(), "unavailable": true}])
    );
    every_change(&fake);
    fake.send_dispatch("TEST_MARK", json!({})).expect("sent");
    assert_eq!(
        gateway.next_dispatch().await.expect("a dispatch").0,
        "TEST_MARK"
    );
    // The changes were made all the same.
    let post = |c: u64| format!("/channels/{c}/messages");
    let (status, answer) = call(&fake, "POST", &post(TEXT), Some(json!({"content": "x"}))).await;
    assert_eq!((status, &answer["code"]), (404, &json!(10003)));
    assert_eq!(fake.identify_intents(), [0]);
    // With it: each server after READY, then every change, each as
    // serenity reads it.
    let fake = fd::FakeDiscord::start().await;
    world(&fake);
    let (mut gateway, _) = session(&fake, fd::GUILDS_INTENT).await;
    let (t, event, _) = next_event(&mut gateway).await;
    let serenity::all::Event::GuildCreate(created) = event else {
        panic!("{t}")
    };
    assert_eq!(created.guild.id.get(), GUILD);
    let channels: Vec<u64> = created.guild.channels.keys().map(|c| c.get()).collect();
    assert!(
        channels.contains(&CHANNEL) && channels.contains(&TEXT),
        "{channels:?}"
    );
    let threads: Vec<u64> = created.guild.threads.iter().map(|c| c.id.get()).collect();
    assert_eq!(threads, [THREAD]);
    fake.archive(THREAD);
    let (t, event, _) = next_event(&mut gateway).await;
    let serenity::all::Event::ThreadUpdate(updated) = event else {
        panic!("{t}")
    };
    assert!(updated.thread.thread_metadata.is_some_and(|m| m.archived));
    fake.guild_outage(GUILD);
    let (t, event, _) = next_event(&mut gateway).await;
    let serenity::all::Event::GuildDelete(outage) = event else {
        panic!("{t}")
    };
    assert!(outage.guild.unavailable, "an outage");
    // Removed: GUILD_DELETE without `unavailable`, then Missing Access to
    // the server's channels and its commands, and nothing from there.
    fake.remove_bot(GUILD);
    let (t, event, d) = next_event(&mut gateway).await;
    let serenity::all::Event::GuildDelete(removed) = event else {
        panic!("{t}")
    };
    assert!(
        !removed.guild.unavailable && d.get("unavailable").is_none(),
        "{d}"
    );
    let text = || Some(json!({"content": "x"}));
    let (status, answer) = call(&fake, "POST", &post(CHANNEL), text()).await;
    assert_eq!((status, &answer["code"]), (403, &json!(50001)), "{answer}");
    let commands = format!("/applications/{APP_ID}/guilds/{GUILD}/commands");
    let (status, answer) = call(&fake, "PUT", &commands, Some(json!([]))).await;
    assert_eq!((status, &answer["code"]), (403, &json!(50001)), "{answer}");
    let interaction = fd::command_interaction(
        ALICE.id,
        ALICE.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("help"),
        &[],
    );
    let refused = fake.send_interaction(&interaction).expect_err("removed");
    assert!(refused.to_string().contains("removed"), "{refused}");
    // Added again: GUILD_CREATE, and all works again.
    fake.add_bot(GUILD);
    let (t, event, _) = next_event(&mut gateway).await;
    assert!(matches!(event, serenity::all::Event::GuildCreate(_)), "{t}");
    assert_eq!(call(&fake, "POST", &post(CHANNEL), text()).await.0, 200);
    fake.send_interaction(&interaction).expect("sent");
    assert_eq!(next_event(&mut gateway).await.0, "INTERACTION_CREATE");
    // Deleted: THREAD_DELETE (id, server, parent, type), CHANNEL_DELETE.
    fake.delete_channel(THREAD);
    let (t, event, d) = next_event(&mut gateway).await;
    let serenity::all::Event::ThreadDelete(deleted) = event else {
        panic!("{t}")
    };
    assert_eq!(deleted.thread.id.get(), THREAD);
    assert_eq!(
        d,
        json!({"id": THREAD.to_string(), "guild_id": GUILD.to_string(),
               "parent_id": CHANNEL.to_string(), "type": 11})
    );
    fake.remove_channel(TEXT);
    let (t, event, _) = next_event(&mut gateway).await;
    let serenity::all::Event::ChannelDelete(deleted) = event else {
        panic!("{t}")
    };
    assert_eq!(deleted.channel.id.get(), TEXT);
    for channel in [THREAD, TEXT] {
        let (status, answer) = call(&fake, "POST", &post(channel), text()).await;
        assert_eq!((status, &answer["code"]), (404, &json!(10003)), "{channel}");
    }
    assert_eq!(fake.identify_intents(), [fd::GUILDS_INTENT]);
    assert!(fake.take_violations().is_empty());
}

/// Answers `interaction` (known to the fake as if it had sent it) at once
/// with a message: the callback's status and body.
async fn first_answer(fake: &fd::FakeDiscord, interaction: &Value) -> (u16, Value) {
    fake.know_interaction(interaction);
    let answer = json!({"type": 4, "data": {"content": "hi"}});
    call(fake, "POST", &fd::callback_path(interaction), Some(answer)).await
}

/// Registers `/aq` globally with `contexts` (and `integration_types: [0]`),
/// or without either when `contexts` is null.
async fn register_aq(fake: &fd::FakeDiscord, contexts: Value) -> (u16, Value) {
    let commands = format!("/applications/{APP_ID}/commands");
    let mut aq = json!({"name": "aq", "description": "Aquaretto", "type": 1});
    if !contexts.is_null() {
        aq["contexts"] = contexts;
        aq["integration_types"] = json!([0]);
    }
    call(fake, "PUT", &commands, Some(json!([aq]))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interactions_time_is_its_snowflakes_and_a_command_stays_in_its_contexts() {
    let help = |guild: Option<u64>| {
        let channel = if guild.is_some() {
            CHANNEL
        } else {
            fd::dm_channel(ALICE.id)
        };
        fd::command_interaction(
            ALICE.id,
            ALICE.name,
            channel,
            guild,
            "aq",
            Some("help"),
            &[],
        )
    };
    // Minted now: the id's time is the wall clock's.
    let fresh = help(Some(GUILD));
    let id: u64 = fresh["id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("an id");
    let age = std::time::SystemTime::now()
        .duration_since(fd::snowflake_time(id))
        .unwrap_or_default();
    assert!(age < Duration::from_secs(1), "{age:?}");
    let fake = fd::FakeDiscord::start().await;
    assert_eq!(first_answer(&fake, &fresh).await.0, 204);
    // Created 4 s before it reached the bot: its window is gone.
    let mut late = help(Some(GUILD));
    fd::created_ago(&mut late, Duration::from_secs(4));
    assert_ne!(late["id"], help(Some(GUILD))["id"]);
    assert_eq!(
        late["token"],
        format!("token-{}", late["id"].as_str().expect("id"))
    );
    let (status, refused) = first_answer(&fake, &late).await;
    assert_eq!(
        (status, &refused["code"]),
        (404, &json!(10062)),
        "{refused}"
    );
    // Created 16 minutes ago: its token is spent.
    let mut old = help(Some(GUILD));
    fd::created_ago(&mut old, Duration::from_secs(16 * 60));
    fake.know_interaction(&old);
    let token = old["token"].as_str().expect("token");
    let edit = format!("/webhooks/{APP_ID}/{token}/messages/@original");
    let (status, refused) = call(&fake, "PATCH", &edit, Some(json!({"content": "x"}))).await;
    assert_eq!(
        (status, &refused["code"]),
        (401, &json!(50027)),
        "{refused}"
    );
    let violations = fake.take_violations();
    assert!(
        violations.len() == 1 && violations[0].contains("15 minutes"),
        "{violations:?}"
    );
    // The fake's clock ahead: a fixture minted by the wall clock looks
    // older; one minted on the fake's clock does not.
    fake.advance(Duration::from_secs(10));
    assert_eq!(first_answer(&fake, &help(Some(GUILD))).await.0, 404);
    let mut now = help(Some(GUILD));
    fake.created_ago(&mut now, Duration::ZERO);
    assert_eq!(first_answer(&fake, &now).await.0, 204);
    // Where /aq is offered: unsaid, everywhere; registered for servers
    // only, no command comes from a DM (a press on a message still does).
    let (mut gateway, _) = session(&fake, 0).await;
    assert_eq!(fake.registered_contexts(), None);
    fake.send_interaction(&help(None))
        .expect("every context by default");
    assert_eq!(next_event(&mut gateway).await.0, "INTERACTION_CREATE");
    let (status, answer) = register_aq(&fake, json!([0])).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(fake.registered_contexts(), Some((vec![0], vec![0])));
    let refused = fake.send_interaction(&help(None)).expect_err("not in DMs");
    assert!(refused.to_string().contains("contexts"), "{refused}");
    fake.send_interaction(&help(Some(GUILD)))
        .expect("in a server");
    assert_eq!(next_event(&mut gateway).await.0, "INTERACTION_CREATE");
    let message = fd::message_fixture(7, &fd::dm_channel(ALICE.id).to_string(), "x");
    let press = fd::component_interaction(
        ALICE.id,
        ALICE.name,
        fd::dm_channel(ALICE.id),
        None,
        &message,
        "aq1:0:0:board",
        None,
    );
    fake.send_interaction(&press)
        .expect("a press is no command");
    assert_eq!(next_event(&mut gateway).await.0, "INTERACTION_CREATE");
    register_aq(&fake, Value::Null).await;
    assert_eq!(fake.registered_contexts(), None);
    fake.send_interaction(&help(None))
        .expect("everywhere again");
    assert!(fake.take_violations().is_empty());
}
