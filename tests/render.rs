//! Pictures: every position of random games renders within the size limits,
//! a few golden images stay as they were, and the gallery is written.
//!
//! Golden images live in tests/golden/ at half size in 256 colours (small
//! files, tolerant of sub-pixel differences). After an intended change of the design,
//! regenerate them with `UPDATE_GOLDEN=1 cargo test --test render`, look at
//! them, and commit them. `GALLERY_DIR=/tmp/gallery` writes the gallery there.

use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{
    Action, Animal, AnimalTile, Cell, Event, Game, Mark, Post, Seat, Setup, Size, Tile,
};
use aquaretto_bot::render::{
    self, gallery_positions, table_pixmap, table_png, zoo_png, GalleryPosition, Highlight,
};
use image::{imageops::FilterType, RgbImage};

use std::path::PathBuf;

const MAX_WIDTH: u32 = 1600;
const MAX_BYTES: usize = 500 * 1024;
const NAMES: [&str; 5] = ["Ana", "Ben", "Chiara", "Dev", "Emil"];

fn setup(players: usize, seed: u64) -> Setup {
    Setup::new(NAMES.iter().take(players).copied(), seed)
}

fn cell(s: &str) -> Cell {
    s.parse().expect("test cell")
}

/// Decodes a PNG and checks the limits every picture must keep.
fn check_png(bytes: &[u8], what: &str) -> RgbImage {
    assert!(
        bytes.len() < MAX_BYTES,
        "{what}: {} KB is over the 500 KB limit",
        bytes.len() / 1024
    );
    let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{what}: the PNG does not decode: {e}"))
        .to_rgb8();
    assert!(img.width() <= MAX_WIDTH, "{what}: {} px wide", img.width());
    assert!(
        img.width() >= 400 && img.height() >= 300,
        "{what}: too small"
    );
    img
}

// ----- every position -----

#[test]
fn every_position_of_random_games_renders_within_the_limits() {
    for players in 2..=5 {
        for seed in 0..3u64 {
            let s = setup(players, 100 + seed);
            let (_, log) = random_game(s.clone(), seed);
            let mut game = Game::new(s).expect("valid setup");
            for (i, (seat, action)) in log.iter().enumerate() {
                let events = game.apply(*seat, action).expect("logged move is legal");
                let highlight = Highlight::from_events(&events);
                let what = format!("{players} players, seed {seed}, move {}", i + 1);
                if i % 25 == 0 || game.is_over() {
                    check_png(&table_png(&game, &highlight).expect("renders"), &what);
                    let zoo = zoo_png(&game, *seat, &highlight).expect("zoo renders");
                    check_png(&zoo, &format!("{what}, zoo"));
                } else {
                    let pixmap = table_pixmap(&game, &highlight).expect("renders");
                    assert!(pixmap.width() <= MAX_WIDTH, "{what}: too wide");
                }
            }
        }
    }
}

#[test]
fn final_positions_render_within_the_limits_for_every_seat() {
    for players in 2..=5 {
        for seed in 0..8u64 {
            let (end, _) = random_game(setup(players, 200 + seed), seed);
            let what = format!("{players} players, seed {seed}, end");
            check_png(
                &table_png(&end, &Highlight::default()).expect("renders"),
                &what,
            );
            for seat in 0..players {
                let bytes = zoo_png(&end, seat, &Highlight::default()).expect("renders");
                check_png(&bytes, &format!("{what}, zoo of seat {seat}"));
            }
        }
    }
}

#[test]
fn a_seat_that_does_not_exist_is_an_error_not_a_panic() {
    let game = Game::new(setup(2, 1)).expect("valid setup");
    assert!(zoo_png(&game, 7, &Highlight::default()).is_err());
}

#[test]
fn names_the_font_cannot_show_never_break_the_picture() {
    let long = "Maximiliane ".repeat(20);
    let names = [
        long.as_str(),
        "🐬🐬🐬",
        "海豚の飼育員さん",
        "Zoë\u{200d}\u{fe0f} Ångström ❤️‍🔥",
        "\u{200b}\u{200b}",
    ];
    for seed in 0..3 {
        let (end, log) = random_game(Setup::new(names, seed), seed);
        let mid = render::replay_prefix(Setup::new(names, seed), &log, log.len() / 2)
            .expect("replays")
            .0;
        for game in [&mid, &end] {
            check_png(
                &table_png(game, &Highlight::default()).expect("renders"),
                "names",
            );
            for seat in 0..names.len() {
                check_png(
                    &zoo_png(game, seat, &Highlight::default()).expect("renders"),
                    "names, zoo",
                );
            }
        }
    }
}

#[test]
fn a_zoo_with_all_four_expansions_is_in_the_gallery_and_fits() {
    let positions = gallery_positions().expect("gallery positions");
    let full = positions
        .iter()
        .find(|p| p.name == "zoo-expansions")
        .expect("the gallery has a full-expansion zoo");
    let seat = full.zoo.expect("a zoo picture");
    let expansions = full.game.players()[seat].zoo.expansions();
    assert_eq!(expansions.len(), 4, "all four boards");
    assert!(expansions.iter().any(|e| e.size == Size::Small));
    assert!(expansions.iter().any(|e| e.size == Size::Large));
    check_png(
        &zoo_png(&full.game, seat, &full.highlight).expect("renders"),
        "expansions",
    );
}

// ----- highlight -----

#[test]
fn the_highlight_marks_the_cells_and_trucks_a_move_changed() {
    let k11 = cell("K11");
    let l12 = cell("L12");
    let n10 = cell("N10");
    let events = vec![
        Event::Drew {
            player: 1,
            tile: Tile::Coin,
            truck: 2,
            from_reserve: false,
        },
        Event::Placed {
            player: 1,
            tile: AnimalTile::new(Animal::Dolphin, Mark::Male),
            cell: k11,
        },
        Event::Hired {
            player: 1,
            post: Post::Trainer(l12),
        },
        Event::Hired {
            player: 1,
            post: Post::Cashier,
        },
        Event::Expanded {
            player: 1,
            size: Size::Small,
            cells: vec![n10],
        },
    ];
    let h = Highlight::from_events(&events);
    assert_eq!(h.seat, Some(1));
    assert_eq!(h.cells, vec![k11, l12, n10]);
    assert_eq!(h.trucks, vec![2]);

    let moved = Highlight::from_events(&[Event::MovedCoworker {
        player: 0,
        from: Post::Trainer(k11),
        to: Post::Trainer(l12),
    }]);
    assert_eq!(
        moved.cells,
        vec![k11, l12],
        "the cell left and the cell taken"
    );
    assert_eq!(Highlight::from_events(&[]), Highlight::default());
}

#[test]
fn the_highlight_of_taking_a_truck_is_that_truck() {
    let s = setup(3, 5);
    let (_, log) = random_game(s.clone(), 5);
    let mut game = Game::new(s).expect("valid setup");
    for (seat, action) in &log {
        let events = game.apply(*seat, action).expect("legal");
        if let Action::Take { truck } = action {
            assert_eq!(Highlight::from_events(&events).trucks, vec![*truck]);
            return;
        }
    }
    panic!("no truck was taken");
}

// ----- golden images -----

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The picture at half size, through the renderer's own 256-colour PNG: the
/// form golden files are stored in (a third of the size of RGB).
fn golden_form(img: &RgbImage) -> (Vec<u8>, RgbImage) {
    let half = image::imageops::resize(
        img,
        img.width().div_ceil(2),
        img.height().div_ceil(2),
        FilterType::Triangle,
    );
    let rgba: Vec<u8> = half
        .pixels()
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    let size = tiny_skia::IntSize::from_wh(half.width(), half.height()).expect("size");
    let pixmap = tiny_skia::Pixmap::from_vec(rgba, size).expect("pixmap");
    let png = render::encode_png(&pixmap).expect("encodes");
    let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
    (png, decoded)
}

/// Compares a picture with its golden file: the same size, and at most 1% of
/// pixels differing by more than 10 in any channel.
fn golden(name: &str, png: &[u8]) {
    let (bytes, actual) = golden_form(&check_png(png, name));
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).expect("golden dir");
        std::fs::write(&path, bytes).expect("golden written");
        return;
    }
    let expected = image::open(&path)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
                path.display()
            )
        })
        .to_rgb8();
    assert_eq!(
        expected.dimensions(),
        actual.dimensions(),
        "{name}: the picture changed size; if intended, run with UPDATE_GOLDEN=1"
    );
    let differing = expected
        .pixels()
        .zip(actual.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 10))
        .count();
    let total = (expected.width() * expected.height()) as usize;
    assert!(
        differing * 100 <= total,
        "{name}: {differing} of {total} pixels differ from {}; if intended, run with UPDATE_GOLDEN=1",
        path.display()
    );
}

fn position(positions: &[GalleryPosition], name: &str) -> GalleryPosition {
    positions
        .iter()
        .find(|p| p.name == name)
        .cloned()
        .unwrap_or_else(|| panic!("no gallery position {name}"))
}

#[test]
fn golden_images_are_unchanged() {
    let positions = gallery_positions().expect("gallery positions");
    let mid = position(&positions, "table-2p-mid");
    golden(
        "table-2p-mid",
        &table_png(&mid.game, &mid.highlight).expect("renders"),
    );
    let full = position(&positions, "zoo-expansions");
    let seat: Seat = full.zoo.expect("a zoo");
    golden(
        "zoo-expansions",
        &zoo_png(&full.game, seat, &full.highlight).expect("renders"),
    );
    let end = position(&positions, "table-3p-end");
    golden(
        "table-3p-end",
        &table_png(&end.game, &end.highlight).expect("renders"),
    );
}

// ----- the gallery -----

#[test]
fn the_gallery_writes_every_position() {
    let dir = match std::env::var_os("GALLERY_DIR") {
        Some(d) => PathBuf::from(d),
        None => std::env::temp_dir().join(format!("aquaretto-gallery-{}", std::process::id())),
    };
    let paths = render::write_gallery(&dir).expect("gallery");
    assert!(paths.len() >= 8);
    for path in &paths {
        let bytes = std::fs::read(path).expect("written");
        check_png(&bytes, &path.display().to_string());
    }
    if std::env::var_os("GALLERY_DIR").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
