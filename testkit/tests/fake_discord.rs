//! The fake Discord itself, through its own doors: requests sent to it
//! straight over HTTP, as the bot's would come, and what it answers and
//! records. The tests of the bot against it are in the bot's `tests/discord/`
//! (`discord_api.rs` among them, one test a rule of Discord's API).

use aquaretto_testkit::fake_discord::{self as fd, strict, FakeDiscord, APP_ID};
use serde_json::{json, Value};
use std::time::Duration;

/// Sends one JSON request straight to the fake (its plain port, as a proxy
/// of discord.com) and returns its status and JSON body.
async fn send(fake: &FakeDiscord, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let url = format!("{}/api/v10{path}", fake.base_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let response = reqwest::Client::new()
        .request(method, url)
        .header("Content-Type", "application/json")
        .header("Authorization", "Bot fake-token")
        .body(body.to_string())
        .send()
        .await
        .expect("the fake answers");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A slash command of `subcommands` subcommands, each with a description
/// of 100 characters and one string option described in 100 more: every
/// name and description within Discord's limits, about 210 characters a
/// subcommand.
fn command(subcommands: usize) -> Value {
    let long = "d".repeat(100);
    let options: Vec<Value> = (0..subcommands)
        .map(|n| {
            json!({
                "type": 1, "name": format!("sub{n}"), "description": long,
                "options": [{"type": 3, "name": "what", "description": long}],
            })
        })
        .collect();
    json!([{"name": "aq", "description": "Aquaretto", "type": 1, "options": options}])
}

#[tokio::test]
async fn a_command_over_4000_characters_is_refused_as_discord_refuses_it() {
    let fake = FakeDiscord::start().await;
    let path = format!("/applications/{APP_ID}/commands");

    let small = command(15);
    let total = strict::characters(&small[0], "");
    assert!(total <= strict::COMMAND_CHARACTERS, "{total} characters");
    let (status, body) = send(&fake, "PUT", &path, &small).await;
    assert_eq!(status, 200, "{body}");
    assert!(fake.take_violations().is_empty());

    let large = command(20);
    let total = strict::characters(&large[0], "");
    assert!(total > strict::COMMAND_CHARACTERS, "{total} characters");
    let (status, body) = send(&fake, "PUT", &path, &large).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], 50035, "Invalid Form Body: {body}");
    let error = &body["errors"]["0"]["_errors"][0];
    assert_eq!(error["code"], "APPLICATION_COMMAND_TOO_LARGE", "{body}");
    let violations = fake.take_violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains(&format!("{total} characters")),
        "the rule names the size: {violations:?}"
    );
}

#[tokio::test]
async fn a_recorded_request_is_found_once_with_its_answer() {
    let mut fake = FakeDiscord::start().await;
    let path = format!("/channels/{}/messages", fd::DEFAULT_CHANNEL);
    let is_post = |r: &fd::RecordedRequest| r.is("POST", &path);

    // Waiting starts before the request is sent: nothing is missed.
    let hello = json!({"content": "hello", "nonce": "n1"});
    let (found, (status, message)) = tokio::join!(
        fake.next_request(is_post),
        send(&fake, "POST", &path, &hello),
    );
    assert_eq!(status, 200, "{message}");
    let found = found.expect("the request was recorded");
    assert_eq!(found.status, 200);
    assert_eq!(found.body()["content"], "hello");
    assert_eq!(found.authorization.as_deref(), Some("Bot fake-token"));

    // The message is kept as the fake answered it, in its channel.
    let id = message["id"].as_str().expect("the message's id");
    let kept = fake.message(id).expect("the message is kept");
    assert_eq!(kept["content"], "hello");
    let in_channel = fake.channel_messages(&fd::DEFAULT_CHANNEL.to_string());
    assert_eq!(in_channel.len(), 1, "{in_channel:?}");

    // A request is returned once: the next search finds the next one only.
    fake.timeout = Duration::from_millis(200);
    let again = fake.next_request(is_post).await;
    assert!(again.is_err(), "found twice: {again:?}");
    send(&fake, "POST", &path, &json!({"content": "again"})).await;
    let next = fake
        .next_request(is_post)
        .await
        .expect("the second request");
    assert_eq!(next.body()["content"], "again");
    assert_eq!(fake.requests().len(), 2);
}

#[tokio::test]
async fn a_message_over_2000_characters_is_refused_and_not_kept() {
    let fake = FakeDiscord::start().await;
    let path = format!("/channels/{}/messages", fd::DEFAULT_CHANNEL);
    let content = "x".repeat(strict::CONTENT + 1);
    let (status, body) = send(&fake, "POST", &path, &json!({"content": content})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], 50035, "{body}");
    assert!(fake.messages().is_empty(), "{:?}", fake.messages());
    let violations = fake.take_violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    let request = &fake.requests()[0];
    assert_eq!((request.method.as_str(), request.status), ("POST", 400));
}

/// An interaction of the tests' server, known to the fake as if sent.
fn known_interaction(fake: &FakeDiscord) -> Value {
    let interaction = fd::command_interaction(
        7,
        "someone",
        fd::DEFAULT_CHANNEL,
        Some(fd::DEFAULT_GUILD),
        "aq",
        Some("help"),
        &[],
    );
    fake.know_interaction(&interaction);
    interaction
}

#[tokio::test]
async fn a_held_clock_counts_the_answer_window_in_the_tests_time_alone() {
    let fake = FakeDiscord::start().await;
    fake.hold_clock();
    let start = fake.now();
    fake.advance(Duration::from_secs(2));
    assert_eq!(
        fake.now(),
        start + Duration::from_secs(2),
        "held: only advance moves it"
    );

    let answer = json!({"type": 4, "data": {"content": "in time"}});
    let on_time = known_interaction(&fake);
    fake.advance(Duration::from_secs(2));
    let (status, body) = send(&fake, "POST", &fd::callback_path(&on_time), &answer).await;
    assert!(status < 300, "2 s after: {status} {body}");

    let late = known_interaction(&fake);
    fake.advance(fd::CALLBACK_WINDOW + Duration::from_millis(1));
    let (status, body) = send(&fake, "POST", &fd::callback_path(&late), &answer).await;
    assert_eq!(
        (status, body["code"].clone()),
        (404, json!(10062)),
        "{body}"
    );
    assert!(fake.refusals().iter().any(|(_, code, _)| *code == 10062));
    assert!(fake.take_violations().is_empty());
}
