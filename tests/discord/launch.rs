//! Opening the table inside Discord (an Activity), through the real bot and
//! the fake Discord: **Open the table** under a table message, `/aq web
//! table` and the entry point command answer with `LAUNCH_ACTIVITY`
//! (callback type 12), which opens an instance in the channel; where
//! Discord refuses (`50039`), the answer is the game's links instead; the
//! entry point command is registered globally, within Discord's rules; a
//! bot without the Activity offers none of it.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::discord::launch::{BUTTON, ENTRY_POINT};
use serde_json::{json, Value};
use support::fake_discord::{self as fd, APP_ID};
use support::{link_buttons, Table, User, ALICE, BOB, CAROL, CHANNEL, GUILD};

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
    let violations = t.fake.take_violations();
    assert!(violations.is_empty(), "{violations:#?}");
}

/// The labels of a message's buttons with `custom_id` (not links).
fn buttons_with(message: &Value, custom_id: &str) -> Vec<String> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["custom_id"] == custom_id {
                out.push(c["label"].as_str().unwrap_or_default().to_string());
            }
        }
    }
    out
}

/// The table message among an answer's messages: the newest with
/// controls.
fn table_message(answer: &support::Answer) -> Value {
    answer
        .created
        .iter()
        .rev()
        .find(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
        .cloned()
        .expect("a table message with controls")
}

/// The entry point command's interaction, as Discord's App Launcher sends
/// it: an application command of type 4 in the channel.
fn entry_point_interaction(t: &Table, who: User) -> Value {
    let mut interaction = fd::command_interaction(
        who.id,
        who.name,
        CHANNEL,
        Some(GUILD),
        ENTRY_POINT,
        None,
        &[],
    );
    interaction["data"]["type"] = json!(4);
    interaction["data"]["options"] = json!([]);
    t.localized(who, interaction)
}

/// Injects `interaction` and returns every callback the bot posted for
/// it, first first: the launch, and after a refused launch, its answer.
async fn callbacks(t: &Table, interaction: &Value, count: usize) -> Vec<fd::RecordedRequest> {
    let parsed: Result<serenity::all::Interaction, _> = serde_json::from_value(interaction.clone());
    assert!(parsed.is_ok(), "{parsed:?}\n{interaction:#}");
    t.fake
        .send_interaction(interaction)
        .expect("the gateway is connected");
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(
            t.fake
                .next_request(|r| r.is_callback_for(interaction))
                .await
                .expect("the bot answers the interaction"),
        );
    }
    out
}

/// A launch that Discord accepted: the callback is type 12 alone, asks
/// for the instance, and was answered 200.
fn assert_launched(callback: &fd::RecordedRequest, what: &str) {
    assert_eq!(callback.status, 200, "{what}: {:#}", callback.body());
    assert_eq!(callback.body(), &json!({"type": 12}), "{what}");
    assert!(
        callback.asks("with_response", "true"),
        "{what}: the launch asks for its instance"
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_three_doors_open_the_table_inside_discord
}
/// **Open the table** is under the table message; pressing it, `/aq web
/// table` and the entry point command each answer `LAUNCH_ACTIVITY`, and
/// Discord opens one instance in the game's channel that the second and
/// third join; nothing of the game changes.
async fn the_three_doors_open_the_table_inside_discord() {
    let t = Table::open_activity(support::render_painter).await;
    let started = t.start_two_player_game(5).await;
    let message = table_message(&started);
    assert_eq!(
        buttons_with(&message, BUTTON),
        vec!["Open the table".to_string()],
        "{message:#}"
    );
    let before = t.rows().await;

    let press = t.localized(
        ALICE,
        fd::component_interaction(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            Some(GUILD),
            &message,
            BUTTON,
            None,
        ),
    );
    let answered = callbacks(&t, &press, 1).await;
    assert_launched(&answered[0], "the press");
    let instance = t
        .fake
        .instance_in(CHANNEL)
        .expect("an instance in the channel");

    let command = t.interaction(BOB, "web table", &[]);
    assert_launched(&callbacks(&t, &command, 1).await[0], "/aq web table");

    let entry = entry_point_interaction(&t, CAROL);
    assert_launched(&callbacks(&t, &entry, 1).await[0], "the entry point");

    let instances = t.fake.instances();
    assert_eq!(instances.len(), 1, "{instances:#?}");
    assert_eq!(instances[0].0, instance);
    assert_eq!(instances[0].1.channel, CHANNEL.to_string());
    assert_eq!(instances[0].1.users, vec![ALICE.id, BOB.id, CAROL.id]);
    assert_eq!(t.fake.launches(), (3, 0));
    assert_eq!(
        t.rows().await,
        before,
        "a launch changes nothing of the game"
    );
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    where_discord_refuses_the_answer_is_the_games_link
}
/// Where Discord refuses the launch (`400 50039`: Activities off, or a
/// channel that cannot host one), the answer is private: the game's page
/// to watch, and the person's own link to play when they are seated; in a
/// channel without a game, says so.
async fn where_discord_refuses_the_answer_is_the_games_link() {
    let t = Table::open_activity(support::render_painter).await;
    let started = t.start_two_player_game(5).await;
    t.fake.refuse_activities(true);
    let message = table_message(&started);

    let press = t.localized(
        ALICE,
        fd::component_interaction(
            ALICE.id,
            ALICE.name,
            CHANNEL,
            Some(GUILD),
            &message,
            BUTTON,
            None,
        ),
    );
    let answered = callbacks(&t, &press, 2).await;
    assert_eq!(answered[0].body()["type"], 12);
    assert_eq!(answered[0].status, 400, "Discord refused the launch");
    let link = &answered[1];
    assert_eq!(link.status, 204, "{:#}", link.body());
    assert_eq!(link.body()["type"], 4);
    let data = &link.body()["data"];
    assert_eq!(data["flags"].as_u64().unwrap_or(0) & 64, 64, "private");
    assert!(
        data["content"]
            .as_str()
            .is_some_and(|c| c.contains("cannot open inside Discord")),
        "{data:#}"
    );
    let labels = |data: &Value| -> Vec<String> {
        link_buttons(data)
            .into_iter()
            .map(|(label, _)| label)
            .collect()
    };
    assert_eq!(
        labels(data),
        vec!["Watch on the web", "Play in the browser"],
        "to watch, and to play their seat"
    );

    // Someone not seated: the page to watch alone.
    let entry = entry_point_interaction(&t, CAROL);
    let answered = callbacks(&t, &entry, 2).await;
    assert_eq!(answered[0].status, 400);
    assert_eq!(
        labels(&answered[1].body()["data"]),
        vec!["Watch on the web"],
        "to watch alone"
    );

    // A channel without a game.
    let elsewhere = t.interaction_in(CHANNEL + 1, BOB, "web table", &[]);
    let answered = callbacks(&t, &elsewhere, 2).await;
    let data = &answered[1].body()["data"];
    assert!(link_buttons(data).is_empty(), "{data:#}");
    assert_eq!(data["flags"].as_u64().unwrap_or(0) & 64, 64, "private");

    assert_eq!(t.fake.launches(), (0, 3));
    assert!(t.fake.instances().is_empty());
    let mut t = t;
    t.stop_bot().await;
    let violations = t.fake.take_violations();
    assert!(violations.is_empty(), "{violations:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_entry_point_is_registered_globally_beside_aq
}
/// With the Activity, the entry point command is registered once,
/// globally (Discord takes it nowhere else): type 4, handled by the bot,
/// no options, its description in every language; without it, no entry
/// point and no **Open the table**.
async fn the_entry_point_is_registered_globally_beside_aq() {
    let t = Table::open_activity(support::render_painter).await;
    let global = format!("/applications/{APP_ID}/commands");
    let put = t
        .fake
        .next_request(|r| r.is("PUT", &global) && r.status < 300)
        .await
        .expect("the entry point is registered globally");
    let commands = put.body().as_array().expect("a list").clone();
    assert_eq!(commands.len(), 1, "{commands:#?}");
    let entry = &commands[0];
    assert_eq!(entry["name"], ENTRY_POINT);
    assert_eq!(entry["type"], 4);
    assert_eq!(entry["handler"], 1);
    assert!(entry["options"].as_array().is_none_or(|o| o.is_empty()));
    for locale in ["ja", "de"] {
        assert!(
            entry["description_localizations"][locale].is_string(),
            "{entry:#}"
        );
    }
    assert!(t.registered["handler"].is_null(), "/aq has no handler");
    finish(t).await;

    let t = Table::open_web(support::render_painter).await;
    let started = t.start_two_player_game(5).await;
    let message = table_message(&started);
    assert!(buttons_with(&message, BUTTON).is_empty(), "{message:#}");
    let global_puts = t
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.is("PUT", &global))
        .count();
    assert_eq!(global_puts, 0, "no entry point without the Activity");
    finish(t).await;
}

/// A request to the fake's API as a client other than the bot would make
/// it: `auth` as the `Authorization` header, `form` as a form body, else
/// `json`.
async fn ask(
    fake: &fd::FakeDiscord,
    method: &str,
    path: &str,
    auth: Option<&str>,
    form: Option<&[(&str, &str)]>,
    json: Option<Value>,
) -> (u16, Value) {
    let url = format!("{}/api/v10{path}", fake.base_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = reqwest::Client::new().request(method, url);
    if let Some(auth) = auth {
        request = request.header("Authorization", auth);
    }
    if let Some(form) = form {
        request = request.form(form);
    } else if let Some(json) = json {
        request = request
            .header("Content-Type", "application/json")
            .body(json.to_string());
    }
    let response = request.send().await.expect("the fake answers");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
/// The fake refuses what Discord refuses of an Activity: an entry point
/// command in a server's registration, a second one, one without a
/// handler, a handler on another command; `LAUNCH_ACTIVITY` answering an
/// autocomplete; at `/oauth2/token` a wrong secret, a code unknown or used,
/// a JSON body; `/users/@me` with a token it never gave;
/// `activity-instances` without the bot's token, or of an instance not
/// live. What it accepts, it answers as Discord does.
async fn the_fake_refuses_what_discord_refuses_of_an_activity() {
    let fake = fd::FakeDiscord::start().await;
    let entry = json!({"name": "table", "type": 4, "handler": 1, "description": "Open"});
    let aq = json!({"name": "aq", "type": 1, "description": "Aquaretto"});
    let global = format!("/applications/{APP_ID}/commands");
    let server = format!("/applications/{APP_ID}/guilds/{GUILD}/commands");
    let register = |path: String, commands: Value| {
        let fake = &fake;
        async move { ask(fake, "PUT", &path, None, None, Some(commands)).await }
    };
    let refused = [
        (server.clone(), json!([aq, entry])),
        (global.clone(), json!([entry, entry])),
        (
            global.clone(),
            json!([{"name": "table", "type": 4, "description": "Open"}]),
        ),
        (
            global.clone(),
            json!([{"name": "aq", "type": 1, "handler": 1, "description": "A"}]),
        ),
    ];
    for (path, commands) in refused {
        let (status, said) = register(path.clone(), commands.clone()).await;
        assert_eq!(
            (status, said["code"].as_i64()),
            (400, Some(50035)),
            "{path} {commands}"
        );
        assert_eq!(fake.take_violations().len(), 1, "{commands}");
    }
    let (status, said) = register(global.clone(), json!([aq, entry])).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(said[1]["type"], 4);

    // LAUNCH_ACTIVITY answers commands and components, not autocompletes.
    let typing = fd::autocomplete_interaction(
        ALICE.id,
        ALICE.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("draw"),
        &[],
        ("truck", "1"),
    );
    fake.know_interaction(&typing);
    let launch = Some(json!({"type": 12}));
    let (status, _) = ask(
        &fake,
        "POST",
        &fd::callback_path(&typing),
        None,
        None,
        launch.clone(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(fake.take_violations().len(), 1);
    // A command's launch: the instance, with `with_response`.
    let command = fd::command_interaction(
        ALICE.id,
        ALICE.name,
        CHANNEL,
        Some(GUILD),
        "aq",
        Some("web table"),
        &[],
    );
    fake.know_interaction(&command);
    let path = format!("{}?with_response=true", fd::callback_path(&command));
    let (status, said) = ask(&fake, "POST", &path, None, None, launch).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(said["resource"]["type"], 12);
    let instance = said["resource"]["activity_instance"]["id"]
        .as_str()
        .expect("the instance")
        .to_string();
    assert_eq!(fake.instance_in(CHANNEL), Some(instance.clone()));

    // OAuth2: a form, the right secret, a code once.
    let code = fake.authorize(BOB.id);
    let app = APP_ID.to_string();
    let fake_ref = &fake;
    let form = |secret: &'static str, code: String| {
        let app = app.clone();
        async move {
            let fields = [
                ("client_id", app.as_str()),
                ("client_secret", secret),
                ("grant_type", "authorization_code"),
                ("code", code.as_str()),
            ];
            ask(fake_ref, "POST", "/oauth2/token", None, Some(&fields), None).await
        }
    };
    let (status, said) = form("a-wrong-secret", code.clone()).await;
    assert_eq!(
        (status, said["error"].as_str()),
        (401, Some("invalid_client"))
    );
    let (status, said) = form(fd::CLIENT_SECRET, code.clone()).await;
    assert_eq!(status, 200, "{said}");
    let token = said["access_token"].as_str().expect("a token").to_string();
    for code in [code, "fake-code-never-given".to_string()] {
        let (status, said) = form(fd::CLIENT_SECRET, code).await;
        assert_eq!(
            (status, said["error"].as_str()),
            (400, Some("invalid_grant"))
        );
    }
    let as_json = json!({"client_id": app, "client_secret": fd::CLIENT_SECRET,
                         "grant_type": "authorization_code", "code": "x"});
    let (status, _) = ask(&fake, "POST", "/oauth2/token", None, None, Some(as_json)).await;
    assert_eq!(status, 400);
    assert_eq!(
        fake.take_violations().len(),
        1,
        "a JSON body is a violation"
    );

    // Who a token is, and only a token it gave.
    let bearer = format!("Bearer {token}");
    let (status, me) = ask(&fake, "GET", "/users/@me", Some(&bearer), None, None).await;
    assert_eq!(
        (status, me["id"].as_str()),
        (200, Some(BOB.id.to_string().as_str()))
    );
    let (status, _) = ask(
        &fake,
        "GET",
        "/users/@me",
        Some("Bearer made-up"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 401);

    // An instance, with the bot's token; none when not live.
    let at = |id: &str| format!("/applications/{APP_ID}/activity-instances/{id}");
    let bot = Some("Bot a-token");
    let (status, live) = ask(&fake, "GET", &at(&instance), bot, None, None).await;
    assert_eq!(status, 200, "{live}");
    assert_eq!(live["location"]["channel_id"], CHANNEL.to_string());
    assert_eq!(live["users"], json!([ALICE.id.to_string()]));
    let (status, _) = ask(&fake, "GET", &at(&instance), Some(&bearer), None, None).await;
    assert_eq!(status, 401);
    assert_eq!(
        fake.take_violations().len(),
        1,
        "a person's token is a violation"
    );
    fake.leave_instance(&instance, ALICE.id);
    let (status, said) = ask(&fake, "GET", &at(&instance), bot, None, None).await;
    assert_eq!((status, said["code"].as_i64()), (404, Some(0)), "{said}");
}
