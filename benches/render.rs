//! Picture speed and size: `cargo bench --bench render`.
//! Targets (one core): a 5-player table drawn and encoded, median < 15 ms; one
//! zoo < 5 ms; every picture < 500 KB. The sizes are printed before the timings.
//!
//! The quantizer comparison prints, for the 5-player table and one zoo, the
//! time to choose 256 colours and write the indexed PNG, its size and its
//! fidelity (PSNR against the RGB picture), for our median cut and for two
//! well-kept crates (NeuQuant from `color_quant`, Wu's method from
//! `quantette`), all without dithering, each PNG written the same way.
//!
//! The replay prints the time (median of 5) and size of the GIF of a
//! finished 5-player game with a frame per turn (target: under 2 s on two
//! cores, under 10 MiB). `REPLAY_GIF=path` writes that GIF to look at;
//! `REPLAY_ONLY=1` stops after the replay.
//!
//! The cost of names in other scripts: the same late 5-player position with
//! Latin names and with names in Japanese, Arabic, Devanagari, Thai and
//! emoji (which need the fallback fonts, shaping and bidi), its first
//! drawing in the process (fonts loaded, nothing cached) and then warm.
//!
//! The cost of the language: the same 5-player table drawn in Japanese and
//! German beside the English one (target: at most 5% more).

use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Game, Seat, Setup, Standings};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::render::{
    encode_indexed_png, encode_png, encode_webp, game_frames, quantize, replay_gif, replay_prefix,
    table_pixmap, table_png, table_png_marked, zoo_pixmap, zoo_png, FrameEvery, Highlight,
    IndexedPicture, ReplayOptions, SeatMarks,
};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::{Duration, Instant};
use tiny_skia::Pixmap;

const LATIN: [&str; 5] = ["Ana", "Ben", "Chiara", "Dev", "Emil"];
const SCRIPTS: [&str; 5] = [
    "やまだ さくら",
    "سارة الحربي",
    "क्षितिज शर्मा",
    "สมชาย ใจดี",
    "🐬 Emil 🐋",
];

/// A late 5-player position with a highlighted move, and its busiest zoo.
fn five_player_late() -> (Game, Highlight, Seat) {
    five_player_late_named(LATIN)
}

fn five_player_late_named(names: [&str; 5]) -> (Game, Highlight, Seat) {
    let setup = Setup::new(names, 14);
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

/// The pixmap's opaque colours, `r, g, b` a pixel.
fn rgb(pixmap: &Pixmap) -> Vec<[u8; 3]> {
    pixmap
        .data()
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// Our median cut, as `encode_png` runs it.
fn median_cut(pixmap: &Pixmap) -> IndexedPicture {
    quantize(pixmap)
}

/// NeuQuant at its usual sampling factor of 10; pixels mapped with its own
/// search, a run of one colour looked up once.
fn neuquant(pixmap: &Pixmap) -> IndexedPicture {
    let nq = color_quant::NeuQuant::new(10, 256, pixmap.data());
    let palette: Vec<[u8; 3]> = nq
        .color_map_rgb()
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut last = ([0u8; 4], 0u8);
    let mut first = true;
    let indices = pixmap
        .data()
        .chunks_exact(4)
        .map(|p| {
            let px = [p[0], p[1], p[2], p[3]];
            if first || px != last.0 {
                last = (px, nq.index_of(p) as u8);
                first = false;
            }
            last.1
        })
        .collect();
    IndexedPicture {
        width: pixmap.width(),
        height: pixmap.height(),
        palette,
        indices,
    }
}

/// quantette's Wu quantizer (its default method), without dithering.
fn wu(pixmap: &Pixmap) -> IndexedPicture {
    use quantette::deps::palette::Srgb;
    let pixels: Vec<Srgb<u8>> = rgb(pixmap)
        .into_iter()
        .map(|[r, g, b]| Srgb::new(r, g, b))
        .collect();
    let image = quantette::ImageRef::new(pixmap.width(), pixmap.height(), pixels.as_slice())
        .expect("the pixel count matches");
    let out = quantette::Pipeline::new()
        .ditherer(None)
        .input_image(image)
        .output_srgb8_indexed_image();
    let (palette, indices) = out.into_parts();
    IndexedPicture {
        width: pixmap.width(),
        height: pixmap.height(),
        palette: palette
            .into_iter()
            .map(|c| [c.red, c.green, c.blue])
            .collect(),
        indices,
    }
}

/// Peak signal-to-noise ratio of the indexed picture against the original.
fn psnr(pixmap: &Pixmap, picture: &IndexedPicture) -> f64 {
    let mut se = 0u64;
    for (p, &i) in rgb(pixmap).iter().zip(&picture.indices) {
        let q = picture.palette.get(i as usize).copied().unwrap_or([0; 3]);
        for k in 0..3 {
            se += (p[k] as i64 - q[k] as i64).pow(2) as u64;
        }
    }
    let mse = se as f64 / (picture.indices.len().max(1) * 3) as f64;
    if mse == 0.0 {
        f64::INFINITY
    } else {
        10.0 * (255.0f64 * 255.0 / mse).log10()
    }
}

type Quantizer = fn(&Pixmap) -> IndexedPicture;

/// Times quantize + PNG for each quantizer on each picture; prints a table.
fn compare_quantizers(pictures: &[(&str, &Pixmap)]) {
    let quantizers: [(&str, Quantizer); 3] = [
        ("median cut (ours)", median_cut),
        ("NeuQuant (color_quant 1.1)", neuquant),
        ("Wu (quantette 0.6)", wu),
    ];
    println!();
    println!("| picture | quantizer | quantize + PNG, median of 9 | PNG bytes | PSNR |");
    println!("|---|---|---|---|---|");
    for (name, pixmap) in pictures {
        for (q_name, q) in quantizers {
            let mut times: Vec<Duration> = Vec::new();
            let mut bytes = 0;
            let mut fidelity = 0.0;
            for _ in 0..9 {
                let start = Instant::now();
                let picture = q(pixmap);
                let png = encode_indexed_png(&picture).expect("encodes");
                times.push(start.elapsed());
                bytes = png.len();
                fidelity = psnr(pixmap, &picture);
            }
            times.sort();
            println!(
                "| {name} | {q_name} | {:.1} ms | {bytes} | {fidelity:.1} dB |",
                times[times.len() / 2].as_secs_f64() * 1000.0
            );
        }
    }
    println!();
}

/// The replay of a finished 5-player game, a frame per turn: time and size.
fn report_replay() {
    let setup = Setup::new(["Ana", "Ben", "Chiara", "Dev", "Emil"], 14);
    let (_, log) = random_game(setup.clone(), 14);
    let start = Instant::now();
    let frames = game_frames(
        setup,
        &log,
        FrameEvery::Turn,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    let replaying = start.elapsed();
    let options = ReplayOptions::default();
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..5 {
        let start = Instant::now();
        let gif = replay_gif(&frames, &options).expect("replays");
        times.push(start.elapsed());
        last = Some(gif);
    }
    times.sort();
    if let Some(gif) = last {
        println!(
            "replay of a finished 5-player game ({} moves, a frame per turn): {} frames, \
             {}x{} px, {} bytes ({:.2} MiB), {} dropped, scale {}, {} tries; GIF in {:.0} ms \
             (median of 5, fastest {:.0} ms, {} threads; the frames' positions replayed in {:.0} ms)",
            log.len(),
            gif.frames,
            gif.width,
            gif.height,
            gif.bytes.len(),
            gif.bytes.len() as f64 / (1024.0 * 1024.0),
            gif.dropped,
            gif.scale,
            gif.tries,
            times[2].as_secs_f64() * 1000.0,
            times[0].as_secs_f64() * 1000.0,
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            replaying.as_secs_f64() * 1000.0,
        );
        if let Some(path) = std::env::var_os("REPLAY_GIF") {
            std::fs::write(path, &gif.bytes).expect("the GIF is written");
        }
    }
}

/// The first table drawn in the process, with Latin names, then with names
/// in other scripts: what loading the fonts and shaping cold cost.
fn report_first_drawings() {
    let (latin, latin_h, _) = five_player_late_named(LATIN);
    let (scripts, scripts_h, _) = five_player_late_named(SCRIPTS);
    let start = Instant::now();
    table_png(&latin, &latin_h).expect("table renders");
    let first_latin = start.elapsed();
    let start = Instant::now();
    table_png(&scripts, &scripts_h).expect("table renders");
    let first_scripts = start.elapsed();
    println!(
        "first drawing in the process: 5-player table with Latin names {:.1} ms (fonts loaded); \
         then the first with names in five other scripts {:.1} ms (their shaping and glyphs cold)",
        first_latin.as_secs_f64() * 1000.0,
        first_scripts.as_secs_f64() * 1000.0
    );
}

fn bench(c: &mut Criterion) {
    report_first_drawings();
    report_replay();
    if std::env::var_os("REPLAY_ONLY").is_some() {
        return;
    }
    let (game, highlight, seat) = five_player_late();
    report_sizes(&game, &highlight, seat);
    let table = table_pixmap(&game, &highlight).expect("table renders");
    let zoo = zoo_pixmap(&game, seat, &highlight).expect("zoo renders");
    compare_quantizers(&[("5-player table", &table), ("one zoo", &zoo)]);
    c.bench_function("5-player table: draw + PNG", |b| {
        b.iter(|| table_png(black_box(&game), black_box(&highlight)))
    });
    c.bench_function("5-player table: draw only", |b| {
        b.iter(|| table_pixmap(black_box(&game), black_box(&highlight)))
    });
    // The same table in each other language of the catalogue: its words
    // said from the catalogue, Japanese drawn with the fallback font.
    for lang in Lang::all().into_iter().filter(|l| *l != Lang::english()) {
        let marks = SeatMarks {
            lang: lang.clone(),
            ..SeatMarks::default()
        };
        c.bench_function(&format!("5-player table in {lang}: draw + PNG"), |b| {
            b.iter(|| table_png_marked(black_box(&game), black_box(&highlight), &marks))
        });
    }
    let pixmap = table_pixmap(&game, &highlight).expect("table renders");
    c.bench_function("5-player table: PNG only", |b| {
        b.iter(|| encode_png(black_box(&pixmap)))
    });
    let (named, named_h, _) = five_player_late_named(SCRIPTS);
    c.bench_function("5-player table, names in five scripts: draw + PNG", |b| {
        b.iter(|| table_png(black_box(&named), black_box(&named_h)))
    });
    c.bench_function("5-player table, names in five scripts: draw only", |b| {
        b.iter(|| table_pixmap(black_box(&named), black_box(&named_h)))
    });
    // The same deal, so the same zoo, its name in another script.
    c.bench_function("one zoo, its name in another script: draw + PNG", |b| {
        b.iter(|| zoo_png(black_box(&named), seat, black_box(&named_h)))
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
