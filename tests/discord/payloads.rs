//! Whole interaction payloads, fuzzed, through the real bot and the fake
//! Discord (the issue "Proof under load and faults"): slash commands with
//! legal moves, presses of the controls shown and looks, each mutated at
//! random in its JSON (a field dropped, a value of another type, a huge
//! number, a nasty string), and frames that are not JSON at all.
//!
//! For every payload: nothing panics; a payload serenity cannot read is
//! answered by nobody and changes nothing; one it can read is answered, by a
//! public message of the game or by a private sentence, and a private answer
//! leaves every row of the database as it was. What Discord itself would
//! never send (a command or option name that was never registered) poise
//! passes over: no answer, and nothing changed. After each payload a look
//! from an onlooker must still be answered, so the bot is still reading the
//! gateway. `PAYLOAD_CASES` sets how many payloads (default 60), and
//! `PAYLOAD_SEED` the random stream.

use crate::support;
use crate::support::fuzz_inputs;

use aquaretto_bot::engine::Action;
use fuzz_inputs::FRAGMENTS;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use support::fake_discord as fd;
use support::{Table, TinyPainter, CAROL, CHANNEL};

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Every JSON pointer inside `v` but its identity (id, token, application):
/// those name the answer, and are fuzzed apart.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let here = format!("{at}/{k}");
                if !matches!(here.as_str(), "/id" | "/token" | "/application_id") {
                    out.push(here.clone());
                }
                pointers(child, here, out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let here = format!("{at}/{i}");
                out.push(here.clone());
                pointers(child, here, out);
            }
        }
        _ => {}
    }
}

/// A value of any JSON type, some of them hostile.
fn odd_value(rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..9) {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(rng.random::<i64>()),
        3 => json!(u64::MAX),
        4 => json!(-1.5e300),
        5 => json!(FRAGMENTS.choose(rng).copied().unwrap_or_default()),
        6 => json!("x".repeat(rng.random_range(100..5000))),
        7 => json!([]),
        _ => json!({}),
    }
}

/// One to three mutations of `payload`.
fn mutate(payload: &mut Value, rng: &mut ChaCha8Rng) {
    for _ in 0..rng.random_range(1..=3) {
        let mut all = Vec::new();
        pointers(payload, String::new(), &mut all);
        // Mostly what a player decides (the command, its options, the
        // control pressed and its values, their own names), else anything.
        let theirs: Vec<String> = all
            .iter()
            .filter(|p| {
                p.ends_with("/value")
                    || p.ends_with("/custom_id")
                    || p.starts_with("/data/values")
                    || p.ends_with("name")
                    || p.ends_with("/nick")
            })
            .cloned()
            .collect();
        let pick = if rng.random_range(0..4) == 0 || theirs.is_empty() {
            &all
        } else {
            &theirs
        };
        let Some(at) = pick.choose(rng).cloned() else {
            return;
        };
        let (parent, key) = at.rsplit_once('/').unwrap_or(("", &at));
        match rng.random_range(0..6) {
            // Dropped.
            0 => match payload.pointer_mut(parent) {
                Some(Value::Object(map)) => {
                    map.remove(key);
                }
                Some(Value::Array(items)) => {
                    if let Ok(i) = key.parse::<usize>() {
                        if i < items.len() {
                            items.remove(i);
                        }
                    }
                }
                _ => {}
            },
            // Replaced by anything.
            1 => {
                if let Some(v) = payload.pointer_mut(&at) {
                    *v = odd_value(rng);
                }
            }
            // Another value of the same type, as Discord would carry it.
            _ => {
                if let Some(v) = payload.pointer_mut(&at) {
                    let bent = match &*v {
                        Value::String(s) if rng.random::<bool>() => {
                            let mut s = s.clone();
                            let cut = rng.random_range(0..=s.len());
                            let cut = (0..=cut).rev().find(|&i| s.is_char_boundary(i));
                            s.insert_str(cut.unwrap_or(0), "\u{0}:9");
                            json!(s)
                        }
                        Value::String(_) => loop {
                            if let v @ Value::String(_) = odd_value(rng) {
                                break v;
                            }
                        },
                        Value::Number(_) => json!([0i64, -1, 1, 6, 99, i64::MAX, i64::MIN]
                            .choose(rng)
                            .copied()
                            .unwrap_or_default()),
                        Value::Bool(b) => json!(!b),
                        _ => odd_value(rng),
                    };
                    *v = bent;
                }
            }
        }
    }
}

/// A payload to fuzz, before its mutation: a legal move as a command, a
/// press of a control on the table message, or a look.
async fn base_payload(t: &Table, rng: &mut ChaCha8Rng, n: usize) -> Value {
    let loaded = t.loaded().await.expect("the game is open");
    let game = loaded.game().expect("the game has started");
    let mut payload = match (game.to_act(), rng.random_range(0..3)) {
        (Some(seat), 0) => {
            let user = Table::user_of(&loaded, seat);
            let legal: Vec<Action> = game.legal_actions(seat);
            match legal.choose(rng) {
                Some(action) => {
                    let (sub, options) = t.options_for(action, &loaded);
                    t.interaction(user, sub, &options)
                }
                None => t.interaction(user, "board", &[]),
            }
        }
        (Some(seat), 1) => {
            let user = Table::user_of(&loaded, seat);
            let shown = t
                .fake
                .channel_messages(&CHANNEL.to_string())
                .into_iter()
                .rev()
                .find(support::has_controls);
            match shown {
                Some(message) => {
                    let presses = support::presses(&message);
                    let (id, values) = presses
                        .choose(rng)
                        .cloned()
                        .unwrap_or_else(|| ("aq1:0:0:board".to_string(), None));
                    let chosen = values.map(|v| v.into_iter().take(1).collect::<Vec<_>>());
                    fd::component_interaction(
                        user.id,
                        user.name,
                        CHANNEL,
                        Some(support::GUILD),
                        &message,
                        &id,
                        chosen.as_deref(),
                    )
                }
                None => t.interaction(user, "board", &[]),
            }
        }
        _ => t.interaction(CAROL, "board", &[]),
    };
    payload["id"] = json!(format!("{}", 7_000_000_000_000_000_000u64 + n as u64));
    payload["token"] = json!(format!("fuzzed-token-{n}"));
    payload
}

/// The name of this test's runtime threads: the panic hook is the
/// process's, and counts only what panicked here (on those threads or the
/// test's own), not another test's failed assertion.
const FUZZ_THREADS: &str = "fuzzed-payloads";

#[test]
fn fuzzed_payloads_are_answered_privately_or_publicly_and_refusals_change_nothing() {
    let panics = Arc::new(AtomicUsize::new(0));
    let counted = panics.clone();
    let own = std::thread::current().id();
    let before_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let here = std::thread::current();
        if here.id() == own || here.name() == Some(FUZZ_THREADS) {
            counted.fetch_add(1, Ordering::SeqCst);
        }
        before_hook(info);
    }));
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(FUZZ_THREADS)
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(fuzz(panics));
}

async fn fuzz(panics: Arc<AtomicUsize>) {
    let t = Table::open(Duration::from_secs(60), TinyPainter::boxed).await;
    // Every answer direct, never deferred: Discord's window on the test's
    // clock, so that a busy machine's slow answer is not refused.
    t.fake.hold_clock();
    t.start_two_player_game(11).await;
    let cases = setting("PAYLOAD_CASES", 60) as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(setting("PAYLOAD_SEED", 20261123));
    let (mut unread, mut ignored, mut private, mut public, mut not_json) = (0, 0, 0, 0, 0);
    let mut not_offered = 0;
    for n in 0..cases {
        if t.loaded()
            .await
            .and_then(|l| l.game().cloned())
            .is_none_or(|g| g.is_over())
        {
            break;
        }
        let mut payload = base_payload(&t, &mut rng, n).await;
        mutate(&mut payload, &mut rng);
        let before = t.rows().await;
        let mut readable =
            serde_json::from_value::<serenity::all::Interaction>(payload.clone()).is_ok();
        if rng.random_range(0..8) == 0 {
            readable = false;
            // Not JSON: the frame cut short.
            let text =
                json!({"op": 0, "s": 1, "t": "INTERACTION_CREATE", "d": payload}).to_string();
            let cut = rng.random_range(1..text.len());
            t.fake
                .send_raw_frame(&text[..cut])
                .expect("the gateway is connected");
            not_json += 1;
        } else if let Err(why) = t.fake.send_interaction(&payload) {
            // Discord would never deliver it: a command from a context it
            // was not registered for.
            assert!(why.to_string().contains("does not offer"), "{why:#}");
            not_offered += 1;
            continue;
        }
        let token = format!("fuzzed-token-{n}");
        let is_answer = |r: &fd::RecordedRequest| r.path.contains(&format!("/{token}/"));
        // The bot still reads the gateway: an onlooker's look is answered.
        let look = t.say(CAROL, "help", &[]).await;
        assert!(!look.content().is_empty(), "case {n}: the look after");
        let answer = if readable {
            // What Discord would not send (a command that was never
            // registered, one without its subcommand) goes unanswered:
            // wait a while for an answer, not for ever.
            tokio::time::timeout(
                Duration::from_secs(2),
                t.fake.next_request(|r| is_answer(r) && r.method == "POST"),
            )
            .await
            .ok()
            .and_then(Result::ok)
        } else {
            None
        };
        let after = t.rows().await;
        match answer {
            None => {
                if readable {
                    ignored += 1;
                } else {
                    unread += 1;
                }
                assert!(
                    t.fake.requests().iter().all(|r| !is_answer(r)),
                    "case {n}: a payload serenity cannot read was answered\n{payload:#}"
                );
                assert_eq!(
                    before, after,
                    "case {n}: unanswered, yet changed\n{payload:#}"
                );
            }
            Some(callback) => {
                let body = callback.body();
                let flags = body["data"]["flags"].as_u64().unwrap_or(0);
                if flags & 64 != 0 {
                    let content = body["data"]["content"].as_str().unwrap_or_default();
                    assert!(!content.trim().is_empty(), "case {n}: an empty refusal");
                    assert_eq!(
                        before, after,
                        "case {n}: refused, yet changed: {content}\n{payload:#}"
                    );
                    private += 1;
                } else {
                    // Wait until the bot has remembered its new table
                    // message, so that the next payload starts from a
                    // settled database.
                    let answer = support::Answer {
                        deferred: None,
                        message: callback.clone(),
                        deleted_placeholder: false,
                        created: t.fake.messages_of(&payload),
                        notified: Vec::new(),
                    };
                    t.settle(&answer).await;
                    public += 1;
                }
            }
        }
    }
    assert_eq!(panics.load(Ordering::SeqCst), 0, "something panicked");
    let done = unread + ignored + private + public;
    assert!(done >= cases.min(20), "only {done} payloads were tried");
    eprintln!(
        "{done} payloads: {unread} serenity could not read ({not_json} of them not JSON), {ignored} read and not answered, {private} answered privately, {public} publicly; {not_offered} from a context Discord would not offer /aq in"
    );
}
