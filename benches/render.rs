//! Picture speed and size: `cargo bench --bench render`.
//! Targets (one core): a 5-player table drawn and encoded, median < 15 ms; one
//! zoo < 5 ms; every picture < 500 KB. The sizes are printed before the timings.

use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Game, Seat, Setup};
use aquaretto_bot::render::{
    encode_png, encode_webp, replay_prefix, table_pixmap, table_png, zoo_png, Highlight,
};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// A late 5-player position with a highlighted move, and its busiest zoo.
fn five_player_late() -> (Game, Highlight, Seat) {
    let setup = Setup::new(["Ana", "Ben", "Chiara", "Dev", "Emil"], 14);
    let (_, log) = random_game(setup.clone(), 14);
    let (game, highlight) =
        replay_prefix(setup, &log, log.len() * 4 / 5).expect("logged moves replay");
    let seat = (0..game.players().len())
        .max_by_key(|s| game.players()[*s].zoo.animal_count())
        .unwrap_or(0);
    (game, highlight, seat)
}

fn report_sizes(game: &Game, highlight: &Highlight, seat: Seat) {
    let table = table_png(game, highlight).expect("table renders");
    let pixmap = table_pixmap(game, highlight).expect("table renders");
    let webp = encode_webp(&pixmap).expect("webp encodes");
    let zoo = zoo_png(game, seat, highlight).expect("zoo renders");
    println!(
        "5-player table: {}x{} px, PNG {} KB, WebP lossless {} KB; one zoo: PNG {} KB",
        pixmap.width(),
        pixmap.height(),
        table.len() / 1024,
        webp.len() / 1024,
        zoo.len() / 1024
    );
    let mut worst = 0;
    for players in 2..=5 {
        for seed in 0..3 {
            let names = ["Ana", "Ben", "Chiara", "Dev", "Emil"];
            let (end, _) = random_game(Setup::new(names.iter().take(players).copied(), seed), seed);
            worst = worst.max(table_png(&end, &Highlight::default()).map_or(0, |b| b.len()));
        }
    }
    println!(
        "largest final table of 12 random games: {} KB",
        worst / 1024
    );
}

fn bench(c: &mut Criterion) {
    let (game, highlight, seat) = five_player_late();
    report_sizes(&game, &highlight, seat);
    c.bench_function("5-player table: draw + PNG", |b| {
        b.iter(|| table_png(black_box(&game), black_box(&highlight)))
    });
    c.bench_function("5-player table: draw only", |b| {
        b.iter(|| table_pixmap(black_box(&game), black_box(&highlight)))
    });
    let pixmap = table_pixmap(&game, &highlight).expect("table renders");
    c.bench_function("5-player table: PNG only", |b| {
        b.iter(|| encode_png(black_box(&pixmap)))
    });
    c.bench_function("one zoo: draw + PNG", |b| {
        b.iter(|| zoo_png(black_box(&game), seat, black_box(&highlight)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
