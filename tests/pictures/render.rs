//! Pictures: every position of random games renders within the size limits,
//! a few golden images stay as they were, and the gallery is written.
//!
//! Golden images live in tests/golden/ at half size in 256 colours (small
//! files, tolerant of sub-pixel differences). After an intended change of the design,
//! regenerate them with `UPDATE_GOLDEN=1 cargo test --test pictures`, look at
//! them, and commit them. `GALLERY_DIR=/tmp/gallery` writes the gallery there.

use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{
    Action, Animal, AnimalTile, Cell, Event, Game, Mark, Post, Seat, Setup, Size, Standings, Tile,
};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::render::{
    self, gallery_positions, table_pixmap, table_png, zoo_png, BoxedText, GalleryPosition,
    Highlight, SeatMarks,
};
use aquaretto_bot::view::clocks::{ClockState, SeatTime};
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

/// The picture at half size (or full size, for text), through the
/// renderer's own 256-colour PNG: the form golden files are stored in (a
/// third of the size of RGB).
fn golden_form(img: &RgbImage, half: bool) -> (Vec<u8>, RgbImage) {
    let half = if half {
        image::imageops::resize(
            img,
            img.width().div_ceil(2),
            img.height().div_ceil(2),
            FilterType::Triangle,
        )
    } else {
        img.clone()
    };
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
    golden_image(name, &check_png(png, name), true)
}

fn golden_image(name: &str, img: &RgbImage, half: bool) {
    let (bytes, actual) = golden_form(img, half);
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

// ----- every language -----

/// Every language of the catalogue, then the pseudo-locale (each message
/// 40% longer, in ⟦…⟧).
fn languages() -> Vec<Lang> {
    let mut all = Lang::all();
    all.push(Lang::pseudo());
    all
}

fn spoken(lang: &Lang) -> SeatMarks {
    SeatMarks {
        lang: lang.clone(),
        ..SeatMarks::default()
    }
}

/// The table of the middle of a 2-player game in Japanese and in German.
#[test]
fn golden_tables_in_every_language() {
    let positions = gallery_positions().expect("gallery positions");
    let mid = position(&positions, "table-2p-mid");
    let english = table_png(&mid.game, &mid.highlight).expect("renders");
    for lang in Lang::all() {
        let png =
            render::table_png_marked(&mid.game, &mid.highlight, &spoken(&lang)).expect("renders");
        if lang == Lang::english() {
            assert_eq!(png, english, "English is the plain table");
        } else {
            assert_ne!(png, english, "{lang}: its words are drawn");
            golden(&format!("table-2p-mid-{lang}"), &png);
        }
    }
}

/// Every text drawn in a box while `draw` runs; fails on a picture that
/// could not be drawn.
fn boxed<T, E: std::fmt::Debug>(
    seen: &mut Vec<(String, BoxedText)>,
    what: &str,
    draw: impl FnOnce() -> Result<T, E>,
) {
    let (drawn, texts) = render::check_texts(draw);
    drawn.unwrap_or_else(|e| panic!("{what}: {e:?}"));
    seen.extend(texts.into_iter().map(|t| (what.to_string(), t)));
}

/// Every picture's words fit their boxes in every language and in the
/// pseudo-locale: the tables of the gallery (running, last round, waiting,
/// taking, at the end; practice and automatic seats marked), each of their
/// zoos large, and a replay's captions (by move, turn and round, and the
/// last). A text that does not fit its box is cut by the pictures rather
/// than drawn outside it; here no word of the catalogue may be cut, and
/// every text drawn has a glyph for every character.
#[test]
fn every_picture_s_words_fit_their_boxes_in_every_language() {
    let positions: Vec<GalleryPosition> = gallery_positions()
        .expect("gallery positions")
        .into_iter()
        // Long names are cut by design; their own tests see to them.
        .filter(|p| {
            !["names", "scripts", "crowded"]
                .iter()
                .any(|n| p.name.contains(n))
        })
        .collect();
    assert!(positions.len() >= 8, "{} positions", positions.len());
    let s = setup(2, 8);
    let (_, log) = random_game(s.clone(), 8);
    let mut cut: Vec<String> = Vec::new();
    for lang in languages() {
        let mut seen: Vec<(String, BoxedText)> = Vec::new();
        for (i, p) in positions.iter().enumerate() {
            let marks = SeatMarks {
                automatic: vec![false, true],
                practice: p.name.contains("end") || p.name.contains("mid"),
                lang: lang.clone(),
                standings: None,
                // Every other table with clocks, at their longest.
                clocks: if i % 2 == 1 {
                    longest_clocks(i, p.game.players().len())
                } else {
                    Vec::new()
                },
            };
            boxed(&mut seen, &p.name, || {
                render::table_pixmap_marked(&p.game, &p.highlight, &marks)
            });
            for seat in 0..p.game.players().len() {
                boxed(&mut seen, &format!("{} zoo {seat}", p.name), || {
                    render::zoo_pixmap_marked(&p.game, seat, &p.highlight, &marks)
                });
            }
        }
        // The captions of a replay: the start, the end, and the longest of
        // each way of framing, in one GIF as wide as their tables.
        let mut frames = Vec::new();
        for every in [
            render::FrameEvery::Move,
            render::FrameEvery::Turn,
            render::FrameEvery::Round,
        ] {
            let all = render::game_frames(s.clone(), &log, every, &lang, &Standings::default())
                .expect("frames");
            let longest = all
                .iter()
                .max_by_key(|f| f.caption.as_deref().map_or(0, |c| c.chars().count()))
                .cloned();
            frames.extend(all.first().cloned());
            frames.extend(longest);
            frames.extend(all.last().cloned());
        }
        let captions: Vec<String> = frames.iter().filter_map(|f| f.caption.clone()).collect();
        boxed(&mut seen, "replay", || {
            render::replay_gif(&frames, &render::ReplayOptions::default())
        });
        // Each caption is drawn whole, on one line or broken onto two.
        let bar: Vec<&str> = seen
            .iter()
            .filter(|(what, t)| what == "replay" && !t.text.is_empty())
            .map(|(_, t)| t.text.as_str())
            .collect();
        for caption in &captions {
            let whole = bar.contains(&caption.as_str());
            let broken = bar.iter().any(|first| {
                caption
                    .strip_prefix(first)
                    .is_some_and(|rest| !rest.trim().is_empty() && bar.contains(&rest.trim()))
            });
            assert!(
                whole || broken,
                "{lang}: the caption {caption:?} was drawn in its bar"
            );
        }

        assert!(seen.len() > 500, "{lang}: only {} texts seen", seen.len());
        let mut cuts: Vec<String> = seen
            .iter()
            .filter(|(_, t)| t.cut())
            .map(|(what, t)| {
                format!(
                    "{lang}: {what}: {:?} is {:.0} px in a box of {:.0}",
                    t.text, t.width, t.room
                )
            })
            .collect();
        cuts.dedup();
        cut.extend(cuts);
        let mut texts: Vec<&str> = seen.iter().map(|(_, t)| t.text.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        for text in texts {
            let r = render::text_report(text).expect("fonts load");
            assert!(
                r.replaced.is_empty() && r.missing.is_empty(),
                "{lang}: {text:?} lacks glyphs: {r:?}"
            );
        }
        // Every word drawn in a box is the catalogue's (a caption broken
        // onto two lines has a bracket on each).
        in_catalogue(&lang, &seen);
    }
    assert!(cut.is_empty(), "words cut to fit:\n{}", cut.join("\n"));
}

// ----- names in every script -----

/// A name in each script the pictures must draw, the font that must draw it
/// (bold, as names are drawn), and whether it runs right to left.
const SCRIPTS: [(&str, &str, &str, bool); 11] = [
    ("Latin", "Zoë Ångström-Núñez", "DejaVuSans-Bold.ttf", false),
    ("Greek", "Αθηνά Παπαδοπούλου", "DejaVuSans-Bold.ttf", false),
    ("Cyrillic", "Жанна Сергеевна", "DejaVuSans-Bold.ttf", false),
    (
        "Japanese",
        "やまだ さくら 山田",
        "DroidSansFallback.ttf",
        false,
    ),
    ("Chinese", "王小明", "DroidSansFallback.ttf", false),
    ("Korean", "김민준", "DroidSansFallback.ttf", false),
    ("Arabic", "سارة الحربي", "NotoSansArabic-Bold.ttf", true),
    ("Hebrew", "נועה כהן", "DejaVuSans-Bold.ttf", true),
    (
        "Devanagari",
        "क्षितिज शर्मा",
        "NotoSansDevanagari-Bold.ttf",
        false,
    ),
    ("Thai", "สมชาย ใจดี", "NotoSansThai-Bold.ttf", false),
    (
        "Emoji",
        "🐬🐋👩\u{200d}👩\u{200d}👧",
        "NotoEmoji-Regular.ttf",
        false,
    ),
];

#[test]
fn names_in_every_script_are_drawn_with_a_font_that_has_them() {
    for (script, name, font, rtl) in SCRIPTS {
        let r = render::name_report(name, 2, &Lang::english()).expect("fonts load");
        assert_eq!(r.shown, name, "{script}: the name is not shown as written");
        assert!(r.replaced.is_empty(), "{script}: replaced {:?}", r.replaced);
        assert!(r.missing.is_empty(), "{script}: missing {:?}", r.missing);
        let letters: Vec<_> = r.runs.iter().filter(|run| run.text.trim() != "").collect();
        assert!(!letters.is_empty(), "{script}: nothing drawn");
        for run in letters {
            assert_eq!(
                run.font, font,
                "{script}: {:?} drawn by {}",
                run.text, run.font
            );
            assert_eq!(
                run.right_to_left, rtl,
                "{script}: direction of {:?}",
                run.text
            );
            assert!(run.glyphs > 0, "{script}: {:?} has no glyph", run.text);
        }
    }
}

#[test]
fn scripts_that_need_shaping_are_shaped() {
    let first_glyph = |text: &str| {
        let r = render::text_report(text).expect("fonts load");
        r.runs
            .first()
            .and_then(|run| run.glyph_ids.first().copied())
    };
    let glyphs = |text: &str| {
        let r = render::text_report(text).expect("fonts load");
        r.runs.iter().map(|run| run.glyphs).sum::<usize>()
    };
    // Arabic letters join: the seen at the start of a word is its initial
    // form, not the isolated letter. (The first glyph of a right-to-left run
    // is its last letter.)
    let sara = render::text_report("سارة").expect("fonts load");
    assert_eq!(sara.runs.len(), 1);
    let initial = sara.runs[0].glyph_ids.last().copied();
    assert_ne!(initial, first_glyph("س"), "the seen did not join");
    // A Devanagari conjunct: KA + VIRAMA + SSA become fewer glyphs.
    assert!(glyphs("क्ष") < 3, "no conjunct");
    // A ZWJ sequence is one emoji.
    assert_eq!(
        glyphs("👩\u{200d}👩\u{200d}👧"),
        1,
        "the family is not one glyph"
    );
}

#[test]
fn a_right_to_left_name_reads_right_to_left() {
    let r = render::text_report("נועה").expect("fonts load");
    assert_eq!(r.runs.len(), 1);
    let run = &r.runs[0];
    assert!(run.right_to_left);
    // Left to right on the picture: the last letter first.
    assert!(
        run.clusters.windows(2).all(|w| w[0] > w[1]),
        "{:?}",
        run.clusters
    );
}

#[test]
fn names_of_nothing_visible_become_player_n() {
    for name in [
        "",
        "   ",
        "\u{200b}\u{200d}",
        "\u{202e}\u{200f}",
        "\u{0}\u{7}\u{1b}",
    ] {
        let r = render::name_report(name, 3, &Lang::english()).expect("fonts load");
        assert_eq!(r.shown, "Player 4", "{name:?}");
    }
    let r = render::name_report("🐬🐬🐬", 0, &Lang::english()).expect("fonts load");
    assert_eq!(r.shown, "🐬🐬🐬", "emoji are a name");
}

#[test]
fn golden_names_in_every_script() {
    let names: Vec<&str> = SCRIPTS.iter().map(|s| s.1).collect();
    let pixmap = render::names_pixmap(&names, &Lang::english()).expect("renders");
    let png = render::encode_png(&pixmap).expect("encodes");
    let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
    golden_image("names-scripts", &img, false);
}

#[test]
fn tables_with_names_in_every_script_render_within_the_limits() {
    let names: Vec<&str> = SCRIPTS.iter().map(|s| s.1).collect();
    for (i, five) in names.chunks(5).enumerate() {
        let players: Vec<&str> = if five.len() >= 2 {
            five.to_vec()
        } else {
            vec![five[0], "Ana"]
        };
        let s = Setup::new(players.iter().copied(), 40 + i as u64);
        let (end, log) = random_game(s.clone(), i as u64);
        let (mid, h) = render::replay_prefix(s, &log, log.len() / 2).expect("replays");
        check_png(&table_png(&mid, &h).expect("renders"), "scripts, mid-game");
        check_png(
            &table_png(&end, &Highlight::default()).expect("renders"),
            "scripts, end",
        );
        for seat in 0..players.len() {
            check_png(&zoo_png(&mid, seat, &h).expect("renders"), "scripts, zoo");
        }
    }
}

// ----- replays -----

/// A GIF as a decoder sees it: size, loop, each frame's delay, and the
/// frames `keep` lists composited onto the ones before (RGB). Only those are
/// kept (a whole replay of 5-player tables is gigabytes of RGB), and frames
/// after the last of them are not composited.
struct DecodedGif {
    width: u16,
    height: u16,
    infinite: bool,
    frames: usize,
    pictures: Vec<(usize, RgbImage)>,
    delays: Vec<u16>,
}

impl DecodedGif {
    fn picture(&self, frame: usize) -> &RgbImage {
        self.pictures
            .iter()
            .find(|(i, _)| *i == frame)
            .map(|(_, p)| p)
            .unwrap_or_else(|| panic!("frame {frame} was not kept"))
    }
}

fn decode_gif(bytes: &[u8], keep: &[usize]) -> DecodedGif {
    let until = keep.iter().max().copied();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(if until.is_some() {
        gif::ColorOutput::RGBA
    } else {
        gif::ColorOutput::Indexed
    });
    let mut decoder = options.read_info(bytes).expect("the GIF decodes");
    let (width, height) = (decoder.width(), decoder.height());
    let mut screen = RgbImage::new(width as u32, height as u32);
    let (mut pictures, mut delays) = (Vec::new(), Vec::new());
    while let Some(frame) = decoder.read_next_frame().expect("every frame decodes") {
        let n = delays.len();
        assert!(
            frame.left + frame.width <= width && frame.top + frame.height <= height,
            "frame {n} lies outside the picture"
        );
        assert!(
            n == 0 || frame.dispose == gif::DisposalMethod::Keep,
            "frames build on the one before"
        );
        assert!(
            n > 0 || (frame.width, frame.height) == (width, height),
            "the first frame is the whole picture"
        );
        delays.push(frame.delay);
        if until.is_none_or(|u| n > u) {
            continue;
        }
        for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
            if px[3] == 255 {
                let x = frame.left as u32 + (i % frame.width as usize) as u32;
                let y = frame.top as u32 + (i / frame.width as usize) as u32;
                screen.put_pixel(x, y, image::Rgb([px[0], px[1], px[2]]));
            }
        }
        if keep.contains(&n) {
            pictures.push((n, screen.clone()));
        }
    }
    DecodedGif {
        width,
        height,
        infinite: decoder.repeat() == gif::Repeat::Infinite,
        frames: delays.len(),
        pictures,
        delays,
    }
}

/// What every replay GIF keeps: its frame count, size and loop as the
/// replay says, the size limit, the first and the last frame.
fn check_replay(gif: &render::ReplayGif, frames: usize, options: &render::ReplayOptions) {
    assert!(
        gif.bytes.len() <= options.max_bytes,
        "{} bytes over {}",
        gif.bytes.len(),
        options.max_bytes
    );
    assert_eq!(gif.source_frames, frames);
    assert_eq!(gif.frames, gif.kept.len());
    assert_eq!(gif.frames + gif.dropped, frames);
    assert_eq!(gif.kept.first(), Some(&0), "the first frame stays");
    assert_eq!(gif.kept.last(), Some(&(frames - 1)), "the last frame stays");
    assert!(gif.kept.windows(2).all(|w| w[0] < w[1]), "frames in order");
    let decoded = decode_gif(&gif.bytes, &[]);
    assert_eq!(decoded.frames, gif.frames);
    assert_eq!(
        (decoded.width as u32, decoded.height as u32),
        (gif.width, gif.height)
    );
    assert!(decoded.infinite, "the replay loops forever");
    let (held, rest) = decoded.delays.split_last().expect("frames");
    assert_eq!(
        *held as u32,
        options.final_delay_ms / 10,
        "the last is held"
    );
    assert!(rest
        .iter()
        .all(|&d| d as u32 == options.frame_delay_ms / 10));
}

/// The caption bar's height above the table in a replay frame.
const CAPTION_H: u32 = 44;

/// How far a GIF frame's table is from a fresh render: pixels differing by
/// more than 24 in a channel, in thousandths, and the mean difference.
fn table_distance(gif_frame: &RgbImage, table: &tiny_skia::Pixmap) -> (usize, f64) {
    assert!(gif_frame.width() >= table.width());
    assert!(gif_frame.height() >= table.height() + CAPTION_H);
    let (mut far, mut sum) = (0usize, 0u64);
    for (i, px) in table.data().chunks_exact(4).enumerate() {
        let (x, y) = (i as u32 % table.width(), i as u32 / table.width());
        let g = gif_frame.get_pixel(x, y + CAPTION_H).0;
        let d = (0..3).map(|c| g[c].abs_diff(px[c])).max().unwrap_or(0);
        far += usize::from(d > 24);
        sum += d as u64;
    }
    let n = (table.width() * table.height()) as usize;
    (far * 1000 / n, sum as f64 / n as f64)
}

/// The longest game (most moves) of a seeded batch of 5-player random games.
fn longest_five_player_game() -> (Setup, Vec<(Seat, Action)>) {
    (0..6u64)
        .map(|seed| {
            let s = setup(5, 300 + seed);
            let (_, log) = random_game(s.clone(), seed);
            (s, log)
        })
        .max_by_key(|(_, log)| log.len())
        .expect("a batch of games")
}

#[test]
fn a_replay_loops_forever_with_every_frame_and_holds_the_last() {
    let s = setup(3, 31);
    let (end, log) = random_game(s.clone(), 31);
    let frames = render::game_frames(
        s,
        &log,
        render::FrameEvery::Turn,
        &Lang::english(),
        &end.standings(&[]),
    )
    .expect("frames");
    assert!(frames.len() > 10);
    let last = frames.last().expect("frames");
    assert!(
        last.game == end && last.moves == log.len(),
        "the last frame is the end"
    );
    let options = render::ReplayOptions::default();
    let gif = render::replay_gif(&frames, &options).expect("replays");
    check_replay(&gif, frames.len(), &options);
    assert_eq!(gif.dropped, 0, "nothing dropped under 10 MiB");
    assert!(!gif.scaled_down && gif.scale == 1.0);
    // The last frame is the end-of-game table: the winner, and every
    // player's score by category.
    let decoded = decode_gif(&gif.bytes, &[gif.frames - 1]);
    let final_table = table_pixmap(&end, &last.highlight).expect("renders");
    let (far, mean) = table_distance(decoded.picture(gif.frames - 1), &final_table);
    assert!(far <= 10 && mean < 3.0, "{far}‰ far, mean {mean:.2}");
    let caption = last.caption.as_deref().unwrap_or("");
    let winners = end.standings(&[]).winners();
    assert!(!winners.is_empty());
    for seat in winners {
        let name = &end.names()[seat];
        let points = end.score(seat).total;
        assert!(
            caption.starts_with("Game over") && caption.contains(name.as_str()),
            "{caption}"
        );
        assert!(caption.contains(&format!("{points} point")), "{caption}");
    }
}

#[test]
fn each_frame_of_a_replay_by_move_is_the_table_after_that_move() {
    let s = setup(2, 12);
    let (_, log) = random_game(s.clone(), 12);
    let log = &log[..24];
    let frames = render::game_frames(
        s.clone(),
        log,
        render::FrameEvery::Move,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    assert_eq!(frames.len(), log.len() + 1);
    for (n, frame) in frames.iter().enumerate() {
        assert_eq!(frame.moves, n);
        let replayed = Game::replay(s.clone(), &log[..n]).expect("replays");
        assert!(frame.game == replayed, "frame {n} is not the replayed game");
    }
    // table_at is the table of the replayed position, pixel for pixel.
    for n in [0, 1, 7, 24] {
        let at = render::table_at(s.clone(), log, n).expect("renders");
        let (game, h) = render::replay_prefix(s.clone(), log, n).expect("replays");
        assert_eq!(at, table_pixmap(&game, &h).expect("renders"), "move {n}");
        assert_eq!(at, render::frame_table(&frames[n]).expect("renders"));
    }
    // Every GIF frame shows that table under its caption, in the GIF's colours.
    let options = render::ReplayOptions::default();
    let gif = render::replay_gif(&frames, &options).expect("replays");
    check_replay(&gif, frames.len(), &options);
    assert_eq!(gif.kept, (0..frames.len()).collect::<Vec<_>>());
    let all: Vec<usize> = (0..gif.frames).collect();
    let decoded = decode_gif(&gif.bytes, &all);
    for (n, picture) in &decoded.pictures {
        let table = render::table_at(s.clone(), log, *n).expect("renders");
        let (far, mean) = table_distance(picture, &table);
        assert!(
            far <= 10 && mean < 3.0,
            "frame {n}: {far}‰ far, mean {mean:.2}"
        );
    }
}

#[test]
fn the_longest_five_player_game_replays_under_ten_mib() {
    let (s, log) = longest_five_player_game();
    let frames = render::game_frames(
        s,
        &log,
        render::FrameEvery::Turn,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    let options = render::ReplayOptions::default();
    let gif = render::replay_gif(&frames, &options).expect("replays");
    check_replay(&gif, frames.len(), &options);
    assert_eq!(gif.dropped, 0, "a whole game fits 10 MiB");
    assert!(!gif.scaled_down);
    println!(
        "{} moves, {} frames: {} KB, {}x{}",
        log.len(),
        gif.frames,
        gif.bytes.len() / 1024,
        gif.width,
        gif.height,
    );
}

#[test]
fn a_small_limit_still_fits_by_dropping_frames_and_scaling_down() {
    let (s, log) = longest_five_player_game();
    let frames = render::game_frames(
        s,
        &log,
        render::FrameEvery::Turn,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    for limit in [1024 * 1024, render::MIN_LIMIT] {
        let options = render::ReplayOptions {
            max_bytes: limit,
            ..render::ReplayOptions::default()
        };
        let gif = render::replay_gif(&frames, &options).expect("fits");
        check_replay(&gif, frames.len(), &options);
        assert!(gif.dropped > 0, "frames had to be dropped");
        println!(
            "limit {limit}: {} of {} frames, {} bytes, {}x{}, scale {:.3}, {} tries",
            gif.frames,
            frames.len(),
            gif.bytes.len(),
            gif.width,
            gif.height,
            gif.scale,
            gif.tries
        );
        if limit == render::MIN_LIMIT {
            assert!(gif.scaled_down, "and the pictures made smaller");
        }
    }
}

#[test]
fn a_replay_of_one_frame_or_none() {
    let game = Game::new(setup(2, 3)).expect("valid setup");
    let one = [render::Frame {
        game,
        moves: 0,
        highlight: Highlight::default(),
        caption: Some("سارة took truck 2 — 海豚 🐬".to_string()),
        marks: render::SeatMarks::with_automatic([1]),
    }];
    let options = render::ReplayOptions {
        scale: 0.25,
        ..render::ReplayOptions::default()
    };
    let gif = render::replay_gif(&one, &options).expect("replays");
    assert_eq!(decode_gif(&gif.bytes, &[]).frames, 1);
    assert_eq!((gif.kept.as_slice(), gif.scale), (&[0][..], 0.25));
    assert!(!gif.scaled_down, "the scale asked for is not scaling down");
    assert!(render::replay_gif(&[], &render::ReplayOptions::default()).is_err());
    // A limit below the smallest replay is an error, not a panic.
    let tiny = render::ReplayOptions {
        max_bytes: 100,
        ..render::ReplayOptions::default()
    };
    assert!(render::replay_gif(&one, &tiny).is_err());
}

#[test]
fn frames_by_move_turn_and_round() {
    let s = setup(2, 8);
    let (_, log) = random_game(s.clone(), 8);
    let count = |every, log: &[(Seat, Action)]| {
        render::game_frames(
            s.clone(),
            log,
            every,
            &Lang::english(),
            &Standings::default(),
        )
        .expect("frames")
        .len()
    };
    let (moves, turns, rounds) = (
        count(render::FrameEvery::Move, &log),
        count(render::FrameEvery::Turn, &log),
        count(render::FrameEvery::Round, &log),
    );
    assert_eq!(moves, log.len() + 1, "the start and one a move");
    assert!(
        rounds < turns && turns <= moves,
        "{rounds} < {turns} <= {moves}"
    );
    assert!(log.len() > render::SHORT_GAME);
    assert_eq!(
        count(render::FrameEvery::Auto, &log),
        turns,
        "long: by turn"
    );
    let short = &log[..render::SHORT_GAME];
    assert_eq!(
        count(render::FrameEvery::Auto, short),
        short.len() + 1,
        "short: by move"
    );
    // A turn's caption names the moves since the frame before.
    let by_turn = render::game_frames(
        s.clone(),
        &log,
        render::FrameEvery::Turn,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    for pair in by_turn.windows(2) {
        let (before, frame) = (&pair[0], &pair[1]);
        let caption = frame.caption.as_deref().unwrap_or("");
        let span = if frame.moves == before.moves + 1 {
            format!("move {}:", frame.moves)
        } else {
            format!("moves {}-{}:", before.moves + 1, frame.moves)
        };
        assert!(
            caption.contains(&span) || caption.starts_with("Game over"),
            "{caption} (after move {})",
            frame.moves
        );
    }
    assert!(by_turn
        .iter()
        .any(|f| f.caption.as_deref().is_some_and(|c| c.contains("moves "))));
}

#[test]
fn captions_name_players_in_their_own_script() {
    let names = ["سارة الحربي", "王小明", "Жанна", "🐬🐬🐬", "\u{200b}"];
    let s = Setup::new(names, 9);
    let (_, log) = random_game(s.clone(), 9);
    let frames = render::game_frames(
        s,
        &log,
        render::FrameEvery::Turn,
        &Lang::english(),
        &Standings::default(),
    )
    .expect("frames");
    let captions: Vec<&str> = frames.iter().filter_map(|f| f.caption.as_deref()).collect();
    assert_eq!(captions.len(), frames.len());
    for name in &names[..4] {
        assert!(
            captions.iter().any(|c| c.contains(name)),
            "{name} is never named"
        );
    }
    // Only the name of nothing visible is "Player 5".
    assert!(captions
        .iter()
        .all(|c| !c.contains("Player ") || c.contains("Player 5")));
    for caption in captions {
        let r = render::text_report(caption).expect("fonts load");
        assert!(r.replaced.is_empty(), "{caption}: {:?}", r.replaced);
        assert!(r.missing.is_empty(), "{caption}: {:?}", r.missing);
    }
}

// ----- clocks -----

const HOUR_MS: i64 = 3_600_000;

/// The longest clocks' words: the running (or, on every other table,
/// stopped) clock of the first seat with nearly five days left and two
/// timeouts, the others waiting with ten days.
fn longest_clocks(i: usize, seats: usize) -> Vec<Option<SeatTime>> {
    (0..seats)
        .map(|seat| {
            Some(if seat == 0 {
                SeatTime {
                    left: 5 * 24 * HOUR_MS - 60_000,
                    state: if i % 4 == 1 {
                        ClockState::Running
                    } else {
                        ClockState::Stopped
                    },
                    timeouts: 2,
                }
            } else {
                SeatTime {
                    left: 10 * 24 * HOUR_MS,
                    state: ClockState::Waiting,
                    timeouts: 0,
                }
            })
        })
        .collect()
}

/// A table with clocks gives every panel a row for its seat's clock (the
/// running one in a pill of the seat's colour, a seat without a clock
/// left empty); a table without clocks is the table as it always was.
#[test]
fn a_table_with_clocks_shows_each_seat_s_time_left() {
    let positions = gallery_positions().expect("gallery positions");
    let mid = position(&positions, "table-2p-mid");
    let plain = table_pixmap(&mid.game, &mid.highlight).expect("renders");
    let none = SeatMarks {
        clocks: vec![None, None],
        ..SeatMarks::default()
    };
    assert!(!none.has_clocks());
    assert_eq!(
        render::table_pixmap_marked(&mid.game, &mid.highlight, &none).expect("renders"),
        plain,
        "no clock, no row"
    );
    let to_act = mid.game.current();
    let clocks: Vec<Option<SeatTime>> = (0..mid.game.players().len())
        .map(|seat| {
            Some(if seat == to_act {
                SeatTime {
                    left: 22 * HOUR_MS + 59 * 60_000,
                    state: ClockState::Running,
                    timeouts: 1,
                }
            } else {
                SeatTime {
                    left: 36 * HOUR_MS,
                    state: ClockState::Waiting,
                    timeouts: 0,
                }
            })
        })
        .collect();
    let marks = SeatMarks {
        clocks,
        ..SeatMarks::default()
    };
    let (clocked, texts) =
        render::check_texts(|| render::table_pixmap_marked(&mid.game, &mid.highlight, &marks));
    let clocked = clocked.expect("renders");
    assert_eq!(clocked.width(), plain.width());
    assert_eq!(
        clocked.height(),
        plain.height() + 30,
        "one row of 30 px in each panel"
    );
    let said: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
    for words in ["22h59m left, running", "1d12h left", "1 of 3 timeouts"] {
        assert!(said.contains(&words), "{words:?} in {said:?}");
    }
    assert!(texts.iter().all(|t| !t.cut()), "{texts:?}");
    // The places a page clicks move with the panels' new row.
    let places = render::table_places(&mid.game, &marks).expect("places");
    assert_eq!(
        (places.width, places.height),
        (clocked.width(), clocked.height())
    );
    let png = render::table_png_marked(&mid.game, &mid.highlight, &marks).expect("encodes");
    golden("table-2p-clocks", &png);
}

// ----- seats the computer plays -----

#[test]
fn a_seat_played_automatically_is_marked_on_the_table() {
    let positions = gallery_positions().expect("gallery positions");
    let mid = position(&positions, "table-2p-mid");
    let plain = table_pixmap(&mid.game, &mid.highlight).expect("renders");
    let none = render::SeatMarks::default();
    assert_eq!(
        render::table_pixmap_marked(&mid.game, &mid.highlight, &none).expect("renders"),
        plain,
        "no marks, no change"
    );
    let marks = render::SeatMarks::with_automatic([1]);
    assert!(marks.is_automatic(1) && !marks.is_automatic(0) && !marks.is_automatic(9));
    let marked = render::table_pixmap_marked(&mid.game, &mid.highlight, &marks).expect("renders");
    assert_eq!(
        (marked.width(), marked.height()),
        (plain.width(), plain.height())
    );
    assert_ne!(marked, plain, "the marker is drawn");
    // The marker's label draws with fonts that have it, in every language.
    for lang in Lang::all() {
        let r = render::text_report(&render::auto_marker(&lang)).expect("fonts load");
        assert!(
            r.replaced.is_empty() && r.missing.is_empty(),
            "{lang}: {r:?}"
        );
    }
    let png = render::table_png_marked(&mid.game, &mid.highlight, &marks).expect("encodes");
    golden("table-2p-auto", &png);
    // At the end, the score table marks the seat too; and one zoo large.
    let end = position(&positions, "table-3p-end");
    let plain = table_pixmap(&end.game, &end.highlight).expect("renders");
    let marked = render::table_pixmap_marked(&end.game, &end.highlight, &marks).expect("renders");
    assert_ne!(marked, plain);
    let zoo = render::zoo_png_marked(&end.game, 1, &end.highlight, &marks).expect("renders");
    check_png(&zoo, "marked zoo");
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

// ----- the score card -----

/// The score card of the gallery's finished 3-player game, its second seat
/// played by the computer.
fn end_card() -> aquaretto_bot::view::score_card::ScoreCard {
    use aquaretto_bot::view::score_card::{score_card, SeatFacts};
    let positions = gallery_positions().expect("gallery positions");
    let end = position(&positions, "table-3p-end");
    assert!(end.game.is_over(), "the gallery's end is over");
    let names: Vec<String> = end.game.players().iter().map(|p| p.name.clone()).collect();
    let facts = [
        SeatFacts::default(),
        SeatFacts {
            automatic: true,
            out_of_time: false,
        },
    ];
    score_card(
        12,
        &end.game,
        &names,
        &end.game.standings(&[]),
        &facts,
        false,
    )
}

/// The score card in English, Japanese and German: narrow, tall, each in
/// its own words, and unchanged.
#[test]
fn golden_score_cards_in_every_language() {
    let card = end_card();
    let mut drawn = Vec::new();
    for lang in Lang::all() {
        let png = render::score_card_png(&card, &lang).expect("renders");
        let img = check_png(&png, &format!("score card {lang}"));
        assert!(
            img.height() > img.width() && img.width() <= 800,
            "{lang}: narrow and tall, {}x{}",
            img.width(),
            img.height()
        );
        assert!(!drawn.contains(&png), "{lang}: its words are drawn");
        golden(&format!("score-card-{lang}"), &png);
        drawn.push(png);
    }
}

/// Every word of the score card fits its box in every language and in the
/// pseudo-locale, whoever won and however: alone on points, on coins, or
/// shared; with a practice title and a seat voted out (for being idle, or
/// out of time); 2 to 5 players.
#[test]
fn the_score_card_s_words_fit_their_boxes_in_every_language() {
    use aquaretto_bot::view::score_card::Decided;
    let mut cards = vec![end_card()];
    for decided in [Decided::Coins, Decided::Shared] {
        let mut card = end_card();
        card.decided = decided;
        card.practice = true;
        card.players[1].won = decided == Decided::Shared;
        let last = card.players.len() - 1;
        card.players[last].voted_out = true;
        // Shared: ranked out for its clock, the other note.
        card.players[last].out_of_time = decided == Decided::Shared;
        cards.push(card);
    }
    for players in [2, 5] {
        let (game, _) = random_game(setup(players, 30 + players as u64), 30 + players as u64);
        let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
        cards.push(aquaretto_bot::view::score_card::score_card(
            999_999,
            &game,
            &names,
            &game.standings(&[]),
            &[],
            true,
        ));
    }
    let mut cut = Vec::new();
    for lang in languages() {
        let mut seen: Vec<(String, BoxedText)> = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            boxed(&mut seen, &format!("card {i}"), || {
                render::score_card_png(card, &lang)
            });
        }
        cut.extend(cut_or_outside(&lang, &seen));
    }
    assert!(cut.is_empty(), "words cut to fit:\n{}", cut.join("\n"));
}

/// In the pseudo-locale, every text of `seen` drawn in a box is the
/// catalogue's (bracketed); other languages pass.
fn in_catalogue(lang: &Lang, seen: &[(String, BoxedText)]) {
    if lang.is_pseudo() {
        let escaped: Vec<&str> = seen
            .iter()
            .map(|(_, t)| t.text.as_str())
            .filter(|t| !t.contains(['⟦', '⟧']))
            .collect();
        assert!(
            escaped.is_empty(),
            "words outside the catalogue: {escaped:?}"
        );
    }
}

/// The texts of `seen` (drawn in `lang`) cut to fit their boxes, each
/// named; in the pseudo-locale, a text drawn in a box that is not the
/// catalogue's fails at once.
fn cut_or_outside(lang: &Lang, seen: &[(String, BoxedText)]) -> Vec<String> {
    in_catalogue(lang, seen);
    seen.iter()
        .filter(|(_, t)| t.cut())
        .map(|(what, t)| format!("{lang}: {what}: {:?}", t.text))
        .collect()
}

/// A tournament's standings as the referee gives them to the painter:
/// `players` rows (at most the picture's), the rest counted.
fn standings_card(players: usize) -> aquaretto_bot::view::standings::StandingsCard {
    use aquaretto_bot::lang::{Arg, Text};
    use aquaretto_bot::view::standings::{StandingsCard, StandingsRow, MOST_ROWS};
    let number = |value: f64, digits: u8| {
        Text::msg("picture-standings-number").arg("value", Arg::Dec { value, digits })
    };
    let names = [
        "Ana",
        "Benedikt Hohenzollern-Sigmaringen",
        "美咲",
        "Cy",
        "Dmitri",
    ];
    StandingsCard {
        head: Text::msg("tournament-standings-head")
            .arg(
                "tournament",
                Text::msg("tournament-named")
                    .arg("name", "Spring cup of the Aquaretto friends")
                    .arg("id", "12"),
            )
            .arg("status", "running")
            .arg("rounds", 4)
            .arg("count", players),
        rows: (0..players.min(MOST_ROWS))
            .map(|i| StandingsRow {
                place: i + 1,
                name: format!("{}{}", names[i % names.len()], i / names.len()),
                points: number(48.0 - i as f64 * 1.5, if i % 2 == 1 { 1 } else { 0 }),
                games: 4,
                byes: u32::from(i % 7 == 3),
                game_points: 160 - 9 * i as i64,
                buchholz: number(100.0 - i as f64 * 2.25, 1),
            })
            .collect(),
        left_out: players.saturating_sub(MOST_ROWS),
    }
}

/// A tournament's standings as a picture, in every language: readable,
/// within the upload limit, the first 30 of 500 players shown and the rest
/// counted; every word from the catalogue, none cut to fit.
#[test]
fn tournament_standings_are_drawn_in_every_language_and_their_words_fit() {
    let cards = [standings_card(0), standings_card(9), standings_card(500)];
    let mut drawn = Vec::new();
    let mut cut = Vec::new();
    for lang in languages() {
        let mut seen: Vec<(String, BoxedText)> = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            let mut png = Vec::new();
            boxed(&mut seen, &format!("standings {i}"), || {
                render::standings_png(card, &lang).map(|drawn| png = drawn)
            });
            drawn.push(png.clone());
            if card.rows.is_empty() {
                // Drawn for its words; the referee sends no picture of
                // nobody.
                continue;
            }
            drawn.pop();
            let img = check_png(&png, &format!("standings {i} {lang}"));
            // 30 rows of 40 px and more for 500 players; fewer for 9.
            let rows = card.rows.len() as u32;
            assert!(
                img.height() >= 40 * rows + 100 && img.width() <= 1200,
                "{lang} standings {i}: {}x{}",
                img.width(),
                img.height()
            );
            assert!(!drawn.contains(&png), "{lang} standings {i}: drawn apart");
            drawn.push(png);
        }
        cut.extend(cut_or_outside(&lang, &seen));
    }
    assert!(cut.is_empty(), "words cut to fit:\n{}", cut.join("\n"));
    assert_eq!(standings_card(500).rows.len(), 30);
    assert_eq!(standings_card(500).left_out, 470);
}
