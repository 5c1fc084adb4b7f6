//! Latency of a move on Discord, and the REST requests it costs.
//!
//! A move's *answer* is the message the player sees: from the
//! INTERACTION_CREATE leaving the fake Discord's gateway to the request
//! carrying the table picture arriving at the fake's REST side (the
//! interaction callback, or the follow-up after a deferral). A move is *done*
//! when the bot has made its last request for it (taking the controls off
//! the table message before) and that request's answer is back. Both spans
//! hold everything the bot does for a move: serenity reading the event, poise
//! dispatching it, the referee loading the game from SQLite, applying and
//! storing the move, the picture, the multipart upload, and the requests to
//! Discord. Each move also counts its REST requests: in all, and up to its
//! answer.
//!
//! Variants: a tiny PNG (the front end and the referee alone), the real
//! renderer (what players get), the real renderer with 50 ms added to every
//! REST answer (what a network costs), and every move deferred first (the
//! path of a move slower than the deferral). Target: median answer under
//! 25 ms without the network.
//!
//! Each move is made either typed (a slash command) or pressed (a button or
//! menu of the table message's controls), alternating at random over the same
//! positions and the same moves (those the table message offers directly), so
//! the two are compared like for like. Target: a press's median within 1.5x
//! of the typed move's.
//!
//! The `_in_japanese` and `_in_german` variants play the same moves with
//! every player's and the server's locale set: the game, its pictures and
//! every answer in that language. Target: at most 5% over English.
//!
//! Run with `cargo bench --bench discord` (a filter argument picks variants
//! by name). Plain output: percentiles per variant.

// The parts of the test kit (testkit/) this benchmark uses: a table on
// the fake Discord, and `fake_discord`.
mod support {
    pub use aquaretto_testkit::fake_discord;
    pub use aquaretto_testkit::table::*;
}

use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::referee::Painter;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::time::{Duration, Instant};
use support::fake_discord as fd;
use support::{direct_moves, Table, TinyPainter};

const WARM_UP: usize = 30;
const SAMPLES: usize = 400;

/// Makes the painter of one variant.
type PainterFn = fn() -> Box<dyn Painter>;

fn main() {
    // `cargo bench` passes `--bench`; a filter argument picks one variant.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let ms = Duration::from_millis;
    let variants: [(&str, PainterFn, Variant); 6] = [
        ("move_with_tiny_png", TinyPainter::boxed, Variant::default()),
        (
            "move_with_rendered_table",
            support::render_painter,
            Variant::default(),
        ),
        (
            "move_with_rendered_table_in_japanese",
            support::render_painter,
            Variant {
                locale: Some("ja"),
                ..Variant::default()
            },
        ),
        (
            "move_with_rendered_table_in_german",
            support::render_painter,
            Variant {
                locale: Some("de"),
                ..Variant::default()
            },
        ),
        (
            "move_with_rendered_table_50ms_network",
            support::render_painter,
            Variant {
                latency: ms(50),
                ..Variant::default()
            },
        ),
        (
            "deferred_move_with_rendered_table_50ms_network",
            support::render_painter,
            Variant {
                latency: ms(50),
                defer_after: Duration::ZERO,
                ..Variant::default()
            },
        ),
    ];
    for (name, painter, variant) in variants {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let mut m = runtime.block_on(measure(painter, variant));
        let typed_median = report(&format!("{name}/typed answer"), &mut m.typed);
        let pressed_median = report(&format!("{name}/pressed answer"), &mut m.pressed);
        report(&format!("{name}/done"), &mut m.done);
        println!(
            "discord/{name}: pressed/typed median ratio {:.2} (target <= 1.5)",
            pressed_median / typed_median
        );
        let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len().max(1) as f64;
        let range = |v: &[usize]| {
            let min = v.iter().min().copied().unwrap_or(0);
            let max = v.iter().max().copied().unwrap_or(0);
            format!("{min} to {max}, mean {:.2}", mean(v))
        };
        println!(
            "discord/{name}: REST requests per move: {} in all; {} up to the answer",
            range(&m.requests),
            range(&m.before_answer)
        );
    }
}

/// How a variant reaches Discord.
#[derive(Clone, Copy)]
struct Variant {
    /// Added to every REST answer of the fake.
    latency: Duration,
    /// The bot's deferral delay (zero defers every move first).
    defer_after: Duration,
    /// The players' and the server's Discord locale (the game's language
    /// and every answer's); English when `None`.
    locale: Option<&'static str>,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant {
            latency: Duration::ZERO,
            defer_after: Duration::from_secs(2),
            locale: None,
        }
    }
}

/// What one variant measured, move by move.
#[derive(Default)]
struct Measured {
    typed: Vec<Duration>,
    pressed: Vec<Duration>,
    done: Vec<Duration>,
    requests: Vec<usize>,
    before_answer: Vec<usize>,
}

/// Plays random moves (new games as games end), each typed or pressed at
/// random, and times each answer and each whole move.
async fn measure(painter: PainterFn, variant: Variant) -> Measured {
    let mut t = Table::open(variant.defer_after, painter).await;
    t.fake.set_latency(variant.latency);
    if let Some(locale) = variant.locale {
        for who in support::USERS {
            t.set_locale(who, locale);
        }
        t.set_guild_locale(locale);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seed = 100;
    let mut m = Measured::default();
    let mut sizes = Vec::new();
    let mut n = 0;
    let mut table_message: Option<Value> = None;
    while m.typed.len().min(m.pressed.len()) < SAMPLES {
        let loaded = match t.loaded().await {
            Some(loaded) => loaded,
            None => {
                seed += 1;
                let started = t.start_two_player_game(seed).await;
                table_message = last_table(&started.created);
                continue;
            }
        };
        let game = loaded.game().expect("started");
        let seat = game.to_act().expect("a running game has a player to act");
        let message = table_message.clone().expect("the table message");
        let direct = direct_moves(&loaded, &message);
        let Some((action, id, values)) = direct.choose(&mut rng).cloned() else {
            // Only money actions: make one typed, unmeasured.
            let action = random_action(game, seat, &mut rng).expect("a legal move");
            let (sub, options) = t.options_for(&action, &loaded);
            let answer = t.say(Table::user_of(&loaded, seat), sub, &options).await;
            table_message = last_table(&answer.created);
            continue;
        };
        let who = Table::user_of(&loaded, seat);
        let press = rng.random_bool(0.5);
        let interaction = if press {
            t.localized(
                who,
                fd::component_interaction(
                    who.id,
                    who.name,
                    support::CHANNEL,
                    Some(support::GUILD),
                    &message,
                    &id,
                    values.as_deref(),
                ),
            )
        } else {
            let (sub, options) = t.options_for(&action, &loaded);
            t.interaction(who, sub, &options)
        };
        let before = t.fake.requests().len();
        let started = Instant::now();
        t.fake
            .send_interaction(&interaction)
            .expect("the gateway is connected");
        // The answer: the request that carries the table picture.
        let answer = t
            .fake
            .next_request(|r| {
                r.files
                    .iter()
                    .any(|f| f.content_type.as_deref() == Some("image/png"))
            })
            .await
            .expect("a move is answered with the table picture");
        let answered = answer.at.duration_since(started);
        // Done: the controls are off the table message before.
        let previous = message["id"].as_str().expect("a message id");
        let retire = format!("/channels/{}/messages/{previous}", support::CHANNEL);
        let retired = t
            .fake
            .next_request(|r| r.is("PATCH", &retire) && r.status != 429)
            .await
            .expect("the old controls are taken off");
        let done = retired.at.duration_since(started) + variant.latency;
        let all = t.fake.requests();
        let this_move = &all[before..];
        let up_to_answer = this_move
            .iter()
            .position(|r| r.at == answer.at && r.path == answer.path)
            .map_or(0, |i| i + 1);
        let png = answer
            .files
            .iter()
            .find(|f| f.content_type.as_deref() == Some("image/png"))
            .map_or(0, |f| f.bytes.len());
        let created = t.fake.messages_of(&interaction);
        table_message = last_table(&created);
        n += 1;
        if n > WARM_UP {
            if press {
                m.pressed.push(answered);
            } else {
                m.typed.push(answered);
            }
            m.done.push(done);
            m.requests.push(this_move.len());
            m.before_answer.push(up_to_answer);
            sizes.push(png);
        }
    }
    t.stop_bot().await;
    sizes.sort_unstable();
    println!(
        "  pictures: median {:.1} KiB, max {:.1} KiB",
        sizes[sizes.len() / 2] as f64 / 1024.0,
        sizes.last().copied().unwrap_or(0) as f64 / 1024.0
    );
    m
}

/// The message among those an answer created that carries the table's
/// controls.
fn last_table(created: &[Value]) -> Option<Value> {
    created
        .iter()
        .rev()
        .find(|m| support::has_controls(m))
        .cloned()
}

/// Prints the percentiles; returns the median in milliseconds.
fn report(name: &str, samples: &mut [Duration]) -> f64 {
    samples.sort_unstable();
    let at = |q: f64| {
        let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples[i].as_secs_f64() * 1e3
    };
    let mean = samples.iter().map(Duration::as_secs_f64).sum::<f64>() / samples.len() as f64 * 1e3;
    println!(
        "discord/{name}: {} moves: median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms (target: median < 25 ms)",
        samples.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        mean
    );
    at(0.5)
}
