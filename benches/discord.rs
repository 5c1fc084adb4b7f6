//! Latency of a move on Discord: from the INTERACTION_CREATE leaving the fake
//! Discord's gateway to the bot's answer (the interaction callback carrying
//! the message and the table picture) arriving at the fake's REST side.
//!
//! That span holds everything the bot does for a move: serenity reading the
//! event, poise dispatching it, the referee loading the game from SQLite,
//! applying and storing the move, the picture, and the multipart upload. It
//! is measured twice: with a tiny PNG (the front end and the referee alone)
//! and with the real renderer (what players get). Target: median under 25 ms.
//!
//! Each move is made either typed (a slash command) or pressed (a button or
//! menu of the table message's controls), alternating at random over the same
//! positions and the same moves (those the table message offers directly), so
//! the two are compared like for like. Target: a press's median within 1.5x
//! of the typed move's.
//!
//! Run with `cargo bench --bench discord` (needs `[[bench]] name = "discord"
//! harness = false` in Cargo.toml). Plain output: percentiles per variant.

#[path = "../tests/support/mod.rs"]
mod support;

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
    let variants: [(&str, PainterFn); 2] = [
        ("move_with_tiny_png", TinyPainter::boxed),
        ("move_with_rendered_table", support::render_painter),
    ];
    for (name, painter) in variants {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let (mut typed, mut pressed) = runtime.block_on(measure(painter));
        let typed_median = report(&format!("{name}/typed"), &mut typed);
        let pressed_median = report(&format!("{name}/pressed"), &mut pressed);
        println!(
            "discord/{name}: pressed/typed median ratio {:.2} (target <= 1.5)",
            pressed_median / typed_median
        );
    }
}

/// Plays random moves (new games as games end), each typed or pressed at
/// random, and times each answer.
async fn measure(painter: PainterFn) -> (Vec<Duration>, Vec<Duration>) {
    let mut t = Table::open(Duration::from_secs(2), painter).await;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seed = 100;
    let (mut typed, mut pressed) = (Vec::new(), Vec::new());
    let mut sizes = Vec::new();
    let mut n = 0;
    let mut table_message: Option<Value> = None;
    while typed.len().min(pressed.len()) < SAMPLES {
        let loaded = match t.loaded().await {
            Some(loaded) => loaded,
            None => {
                seed += 1;
                let started = t.start_two_player_game(seed).await;
                table_message = started.created.first().cloned();
                continue;
            }
        };
        let game = loaded.game.as_ref().expect("started");
        let seat = game.to_act().expect("a running game has a player to act");
        let message = table_message.clone().expect("the table message");
        let direct = direct_moves(&loaded, &message);
        let Some((action, id, values)) = direct.choose(&mut rng).cloned() else {
            // Only money actions: make one typed, unmeasured.
            let action = random_action(game, seat, &mut rng).expect("a legal move");
            let (sub, options) = t.options_for(&action, &loaded);
            let answer = t.say(Table::user_of(&loaded, seat), sub, &options).await;
            table_message = answer.created.first().cloned();
            continue;
        };
        let who = Table::user_of(&loaded, seat);
        let press = rng.random_bool(0.5);
        let interaction = if press {
            fd::component_interaction(
                who.id,
                who.name,
                support::CHANNEL,
                Some(support::GUILD),
                &message,
                &id,
                values.as_deref(),
            )
        } else {
            let (sub, options) = t.options_for(&action, &loaded);
            t.interaction(who, sub, &options)
        };
        let started = Instant::now();
        t.fake
            .send_interaction(&interaction)
            .expect("the gateway is connected");
        let callback = t
            .fake
            .next_request(|r| r.is_callback_for(&interaction))
            .await
            .expect("the bot answers");
        let took = started.elapsed();
        assert_eq!(callback.body()["type"], 4, "answered directly");
        let png = callback
            .files
            .iter()
            .find(|f| f.content_type.as_deref() == Some("image/png"))
            .expect("a move is answered with the table picture");
        // Let the bot file its table message before the next move.
        let answer = support::Answer {
            deferred: None,
            message: callback.clone(),
            deleted_placeholder: false,
            created: t.fake.messages_of(&interaction),
        };
        t.settle(&answer).await;
        table_message = answer.created.first().cloned();
        n += 1;
        if n > WARM_UP {
            if press {
                pressed.push(took);
            } else {
                typed.push(took);
            }
            sizes.push(png.bytes.len());
        }
    }
    t.stop_bot().await;
    sizes.sort_unstable();
    println!(
        "  pictures: median {:.1} KiB, max {:.1} KiB",
        sizes[sizes.len() / 2] as f64 / 1024.0,
        sizes.last().copied().unwrap_or(0) as f64 / 1024.0
    );
    (typed, pressed)
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
