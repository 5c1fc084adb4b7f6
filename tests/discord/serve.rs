//! The real binary on Discord (the fake one): `aquaretto-bot serve` and the
//! plain command with a token both register the commands and answer; SIGTERM
//! stops the bot cleanly, and a restarted bot finds the game where it was;
//! its log carries the invite link.

use crate::support;

use serde_json::json;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use support::fake_discord::{self as fd, FakeDiscord, APP_ID};
use support::{ALICE, BOB, CHANNEL, GUILD};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

fn bot(fake: &FakeDiscord, db: &std::path::Path, args: &[&str]) -> Child {
    Process::new(BIN)
        .args(args)
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base_url())
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts")
}

async fn registered(fake: &FakeDiscord) {
    let path = format!("/applications/{APP_ID}/guilds/{GUILD}/commands");
    fake.next_request(|r| r.is("PUT", &path))
        .await
        .expect("the commands are registered in the guild");
}

async fn answer(fake: &FakeDiscord, who: support::User, sub: &str) -> serde_json::Value {
    let interaction =
        fd::command_interaction(who.id, who.name, CHANNEL, Some(GUILD), "aq", Some(sub), &[]);
    fake.send_interaction(&interaction)
        .expect("gateway connected");
    let callback = fake
        .next_request(|r| r.is_callback_for(&interaction))
        .await
        .expect("the bot answers");
    callback.body().clone()
}

fn terminate(child: &mut Child) -> std::process::ExitStatus {
    let sent = Process::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the bot did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_discord_stops_on_sigterm_and_resumes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("bot.db");
    let mut fake = FakeDiscord::start().await;
    fake.timeout = Duration::from_secs(30);

    let mut child = bot(&fake, &db, &["serve"]);
    registered(&fake).await;
    let opened = answer(&fake, ALICE, "new").await;
    let text = opened["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(text.contains("opened game #1"), "{opened}");
    let joined = answer(&fake, BOB, "join").await;
    assert!(joined.to_string().contains("joined game #1"), "{joined}");
    let status = terminate(&mut child);
    assert!(status.success(), "a clean exit on SIGTERM: {status:?}");

    // The plain command with a token serves Discord too, on the same database.
    let mut child = bot(&fake, &db, &[]);
    registered(&fake).await;
    let board = answer(&fake, ALICE, "board").await;
    assert_eq!(
        board["data"]["flags"],
        json!(64),
        "looking is private: {board}"
    );
    assert!(
        board
            .to_string()
            .contains("Game #1 is gathering players: alice, bob"),
        "the lobby survived the restart: {board}"
    );
    let status = terminate(&mut child);
    assert!(status.success(), "{status:?}");
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read as _;
        let _ = pipe.read_to_string(&mut stderr);
    }
    assert!(!stderr.contains("ERROR"), "{stderr}");
    // A server's admin finds how to invite the bot in its log: the
    // application id it learned, its scopes and exactly its permissions.
    let invite = format!(
        "https://discord.com/oauth2/authorize?client_id={APP_ID}&scope=bot+applications.commands&permissions=274877942784"
    );
    assert!(stderr.contains(&invite), "{stderr}");
}
