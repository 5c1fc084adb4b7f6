//! Typical positions, drawn to files: for looking at the design, for golden
//! tests and for the benchmark. Every position comes from seeded random play,
//! so the gallery is the same on every run.

use super::{table_png, zoo_png, Highlight, RenderError};
use crate::engine::playout::random_game;
use crate::engine::{Action, Animal, Cell, Game, Mark, Seat, Setup, Size, Target, Tile, Zoo};
use std::path::{Path, PathBuf};

/// A position worth drawing: the table, or one player's zoo when `zoo` is set.
#[derive(Debug, Clone)]
pub struct GalleryPosition {
    /// The file stem: `table-3p-mid`, `zoo-expansions`...
    pub name: String,
    pub game: Game,
    pub highlight: Highlight,
    pub zoo: Option<Seat>,
}

const NAMES: [&str; 5] = ["Ana", "Ben", "Chiara", "Dev", "Emil"];

fn setup(players: usize, seed: u64) -> Setup {
    Setup::new(NAMES.iter().take(players).copied(), seed)
}

/// The game after the first `moves` moves of the log, and what the last one changed.
pub fn replay_prefix(
    setup: Setup,
    log: &[(Seat, Action)],
    moves: usize,
) -> Result<(Game, Highlight), RenderError> {
    let mut game = Game::new(setup).map_err(|e| RenderError::Gallery(e.to_string()))?;
    let mut highlight = Highlight::default();
    for (seat, action) in log.iter().take(moves) {
        let events = game
            .apply(*seat, action)
            .map_err(|e| RenderError::Gallery(e.to_string()))?;
        highlight = Highlight::from_events(&events);
    }
    Ok((game, highlight))
}

/// A random game stopped at `fraction` of its moves, just after a tile was
/// placed into a zoo when that happens soon after, so the highlight shows.
fn mid_game(setup: Setup, seed: u64, fraction: f32) -> Result<(Game, Highlight), RenderError> {
    let (_, log) = random_game(setup.clone(), seed);
    let target = ((log.len() as f32 * fraction) as usize).min(log.len());
    let stop = just_after_placement(&log, (target..log.len()).take(40)).unwrap_or(target);
    replay_prefix(setup, &log, stop)
}

/// The position just after the first move among `candidates` that placed a
/// tile on a cell, so that the picture shows a highlight in a zoo.
fn just_after_placement(
    log: &[(Seat, Action)],
    mut candidates: impl Iterator<Item = usize>,
) -> Option<usize> {
    candidates
        .find(|&i| {
            matches!(
                log[i].1,
                Action::Place {
                    at: Target::Cell(_),
                    ..
                }
            )
        })
        .map(|i| i + 1)
}

/// A position of the last round: the reserve has been opened, a few moves on.
fn last_round(setup: Setup, seed: u64) -> Result<(Game, Highlight), RenderError> {
    let (_, log) = random_game(setup.clone(), seed);
    let mut game = Game::new(setup.clone()).map_err(|e| RenderError::Gallery(e.to_string()))?;
    let mut opened = None;
    for (i, (seat, action)) in log.iter().enumerate() {
        game.apply(*seat, action)
            .map_err(|e| RenderError::Gallery(e.to_string()))?;
        if game.is_last_round() && !game.is_over() {
            opened = Some(i + 1);
            break;
        }
    }
    let from = opened.unwrap_or(log.len() * 4 / 5);
    let end = log.len().saturating_sub(1).min(from + 12);
    let stop = just_after_placement(&log, (from..end).rev()).unwrap_or(from);
    replay_prefix(setup, &log, stop)
}

/// The first position, over a few seeds, where someone's zoo has all four
/// expansion boards; else the one with the most.
fn full_expansions() -> Result<(Game, Highlight, Seat), RenderError> {
    let mut best: Option<(usize, Game, Highlight, Seat)> = None;
    for seed in 0..60 {
        let s = setup(4, 1000 + seed);
        let (end, log) = random_game(s.clone(), seed);
        let Some((seat, count)) = end
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.zoo.expansions().len()))
            .max_by_key(|(_, n)| *n)
        else {
            continue;
        };
        if best.as_ref().is_some_and(|b| b.0 >= count) {
            continue;
        }
        // Show the zoo just after its last expansion was placed.
        let mut game = Game::new(s).map_err(|e| RenderError::Gallery(e.to_string()))?;
        let mut shown = (game.clone(), Highlight::default());
        for (who, action) in &log {
            let events = game
                .apply(*who, action)
                .map_err(|e| RenderError::Gallery(e.to_string()))?;
            if *who == seat && matches!(action, Action::Expand { .. }) {
                shown = (game.clone(), Highlight::from_events(&events));
            }
        }
        best = Some((count, shown.0, shown.1, seat));
        if count == 4 {
            break;
        }
    }
    best.map(|(_, g, h, s)| (g, h, s))
        .ok_or_else(|| RenderError::Gallery("no game was played".into()))
}

/// A staged worst case for size: every player has all four expansion boards,
/// spread as wide as the rules allow, every space holds a tile or a trainer,
/// and every booth, feeding station and depot is busy.
pub fn crowded_table(players: usize) -> Result<Game, RenderError> {
    let bad = |e: serde_json::Error| RenderError::Gallery(e.to_string());
    let (end, _) = random_game(setup(players, 19), 19);
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !end.removed().contains(a))
        .collect();
    let cells =
        |list: &[&str]| -> Vec<Cell> { list.iter().filter_map(|c| c.parse().ok()).collect() };
    let expansions = [
        (Size::Large, cells(&["N10", "O10", "N11", "O11"])),
        (Size::Large, cells(&["P10", "Q10", "P11", "Q11"])),
        (Size::Small, cells(&["G10", "H10", "H11"])),
        (Size::Small, cells(&["E10", "F10", "F11"])),
    ];
    let mut zoo = Zoo::new();
    for (size, c) in &expansions {
        zoo.add_expansion(*size, c.clone());
    }
    let mut tiles = serde_json::Map::new();
    let mut trainers = Vec::new();
    let mut bred = Vec::new();
    for (i, cell) in zoo.spaces().iter().enumerate() {
        if i % 9 == 4 {
            trainers.push(cell.to_string());
            continue;
        }
        let animal = kept[(cell.col() as usize / 2) % kept.len()];
        let marks = if animal.is_show_animal() {
            [
                Mark::Plain,
                Mark::Male,
                Mark::Bolt,
                Mark::Female,
                Mark::Young,
            ]
        } else {
            [
                Mark::Fish,
                Mark::Male,
                Mark::Plain,
                Mark::Female,
                Mark::Young,
            ]
        };
        let mark = marks[i % marks.len()];
        if mark == Mark::Male && i % 2 == 0 {
            bred.push(cell.to_string());
        }
        tiles.insert(
            cell.to_string(),
            serde_json::Value::String(Tile::animal(animal, mark).to_string()),
        );
    }
    let zoo_json = serde_json::json!({
        "expansions": expansions.iter().map(|(size, c)| serde_json::json!({"size": size, "cells": c})).collect::<Vec<_>>(),
        "tiles": tiles,
        "bred": bred,
        "trainers": trainers,
    });
    let mut v = serde_json::to_value(&end).map_err(bad)?;
    for seat in 0..players {
        let p = &mut v["players"][seat];
        p["zoo"] = zoo_json.clone();
        p["cashiers"] = 2.into();
        p["keepers"] = 2.into();
        p["manager"] = true.into();
        p["coins"] = 12.into();
        p["depot"] = kept
            .iter()
            .flat_map(|a| [Tile::animal(*a, Mark::Plain), Tile::animal(*a, Mark::Male)])
            .map(|t| serde_json::Value::String(t.to_string()))
            .collect();
    }
    serde_json::from_value(v).map_err(bad)
}

/// The positions of the gallery, in the order they are written.
pub fn gallery_positions() -> Result<Vec<GalleryPosition>, RenderError> {
    let mut out = Vec::new();
    let mut push = |name: &str, game: Game, highlight: Highlight, zoo: Option<Seat>| {
        out.push(GalleryPosition {
            name: name.to_string(),
            game,
            highlight,
            zoo,
        })
    };

    let start = Game::new(setup(2, 7)).map_err(|e| RenderError::Gallery(e.to_string()))?;
    push("table-2p-start", start, Highlight::default(), None);

    let (g, h) = mid_game(setup(2, 11), 11, 0.55)?;
    push("table-2p-mid", g, h, None);
    let (g, h) = mid_game(setup(3, 12), 12, 0.6)?;
    push("table-3p-mid", g, h, None);
    let (g, h) = mid_game(setup(4, 13), 13, 0.7)?;
    let seat = h.seat.unwrap_or(0);
    push("zoo-4p-mid", g.clone(), h.clone(), Some(seat));
    push("table-4p-mid", g, h, None);
    let (g, h) = last_round(setup(5, 14), 14)?;
    push("table-5p-last-round", g, h, None);

    // Mid-way through taking a truck: tiles wait on the truck, in their slots.
    let s = setup(3, 15);
    let (_, log) = random_game(s.clone(), 15);
    let taking = log
        .iter()
        .enumerate()
        .skip(log.len() / 3)
        .find(|(_, (_, a))| matches!(a, Action::Take { .. }))
        .map_or(log.len() / 3, |(i, _)| i + 1);
    let (g, h) = replay_prefix(s, &log, taking)?;
    push("table-3p-taking", g, h, None);

    let (g, h, seat) = full_expansions()?;
    push("zoo-expansions", g, h, Some(seat));

    let awkward = Setup::new(
        [
            "Maximiliane von Aquarettohausen-Schwanstein",
            "🐬🐬 Flipper 🐬🐬",
            "海豚の飼育員",
            "Zoë ❤️‍🔥 Ångström",
            "🦭🦭🦭",
        ],
        16,
    );
    let (g, h) = mid_game(awkward, 16, 0.5)?;
    push("table-5p-names", g, h, None);

    let scripts = Setup::new(
        [
            "سارة الحربي",
            "נועה כהן",
            "क्षितिज शर्मा",
            "สมชาย ใจดี",
            "김민준",
        ],
        19,
    );
    let (g, h) = mid_game(scripts, 19, 0.6)?;
    push("table-5p-scripts", g, h, None);

    push(
        "table-5p-crowded",
        crowded_table(5)?,
        Highlight::default(),
        None,
    );
    push(
        "zoo-crowded",
        crowded_table(2)?,
        Highlight::default(),
        Some(0),
    );

    let (end, _) = random_game(setup(3, 17), 17);
    push("table-3p-end", end, Highlight::default(), None);
    let (end, _) = random_game(setup(5, 18), 18);
    push("table-5p-end", end, Highlight::default(), None);
    Ok(out)
}

/// Writes typical positions (start, mid-game 2/3/4 players, full expansions,
/// 5 players, end of game) as PNG files into `dir`; returns their paths.
pub fn write_gallery(dir: &Path) -> Result<Vec<PathBuf>, RenderError> {
    std::fs::create_dir_all(dir).map_err(|source| RenderError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut paths = Vec::new();
    for pos in gallery_positions()? {
        let bytes = match pos.zoo {
            Some(seat) => zoo_png(&pos.game, seat, &pos.highlight)?,
            None => table_png(&pos.game, &pos.highlight)?,
        };
        let path = dir.join(format!("{}.png", pos.name));
        std::fs::write(&path, bytes).map_err(|source| RenderError::Write {
            path: path.clone(),
            source,
        })?;
        paths.push(path);
    }
    Ok(paths)
}
