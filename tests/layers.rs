//! The layers of ARCHITECTURE.md's map, checked: every path into another
//! top-level module of the crate (`use crate::store::...`, `crate::render::x()`)
//! must be one the map allows. The pure core (the engine, the computer
//! players, the command language) imports nothing above it; the front ends
//! (Discord, the terminal, the web) never import each other, the store, the
//! renderer or the composition root; only `app` knows every module.
//!
//! Read from the source files as text, so it needs no build of the crate and
//! names the file and line of a path it refuses. Comments and test modules
//! (`#[cfg(test)]` to the end of a file) are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module and the top-level modules it may use.
const MAP: &[(&str, &[&str])] = &[
    ("clock", &[]),
    ("engine", &[]),
    ("cpu", &["engine"]),
    ("command", &["engine", "cpu"]),
    ("lang", &["engine", "cpu", "command", "clock"]),
    ("view", &["engine", "cpu", "command", "lang", "clock"]),
    ("store", &["engine", "lang", "clock"]),
    ("render", &["engine", "lang", "view", "clock"]),
    (
        "referee",
        &["engine", "cpu", "command", "lang", "view", "store", "clock"],
    ),
    (
        "discord",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "terminal",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "web",
        &[
            "referee", "view", "lang", "command", "engine", "cpu", "clock",
        ],
    ),
    (
        "app",
        &[
            "engine", "cpu", "command", "lang", "view", "store", "render", "referee", "discord",
            "terminal", "web", "clock",
        ],
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`None` for `lib.rs`
/// and `main.rs`).
fn room_of(file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src()).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    let room = first.strip_suffix(".rs").unwrap_or(first);
    (room != "lib" && room != "main").then(|| room.to_string())
}

/// The top-level modules a piece of code reaches with `crate::<module>`,
/// with their line numbers; comments and test modules left out.
fn reaches(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_use_group = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push((n + 1, name));
            }
            rest = after;
        }
        // `use crate::{a::x, b::y};` names several modules at once.
        if code.contains("use crate::{") {
            in_use_group = true;
        }
        if in_use_group {
            let inner = code.split("crate::{").last().unwrap_or(code);
            for part in inner.split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && part.trim().starts_with(&name) {
                    out.push((n + 1, name));
                }
            }
            if code.contains('}') && !code.contains("crate::{") || code.contains("};") {
                in_use_group = false;
            }
        }
    }
    out
}

/// Every path between top-level modules the map does not allow, as
/// `file:line: from -> to`.
fn refused(files: &[(PathBuf, String)]) -> Vec<String> {
    let map: BTreeMap<&str, BTreeSet<&str>> = MAP
        .iter()
        .map(|(room, may)| (*room, may.iter().copied().collect()))
        .collect();
    let mut out = Vec::new();
    for (file, text) in files {
        let Some(room) = room_of(file) else {
            continue;
        };
        let shown = Path::new("src").join(file.strip_prefix(src()).unwrap_or(file));
        let file = &shown;
        let Some(may) = map.get(room.as_str()) else {
            out.push(format!(
                "{}: the map has no room `{room}`: add it to ARCHITECTURE.md and to MAP",
                file.display()
            ));
            continue;
        };
        for (line, to) in reaches(text) {
            if to == room || !map.contains_key(to.as_str()) {
                continue;
            }
            if !may.contains(to.as_str()) {
                out.push(format!("{}:{line}: {room} -> {to}", file.display()));
            }
        }
    }
    out
}

fn source_files() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|f| std::fs::read_to_string(&f).ok().map(|t| (f, t)))
        .collect()
}

#[test]
fn every_import_between_layers_is_one_the_map_allows() {
    let files = source_files();
    assert!(files.len() > 100, "the sources were read");
    let refused = refused(&files);
    assert!(
        refused.is_empty(),
        "imports the map (ARCHITECTURE.md, tests/layers.rs) does not allow:\n{}",
        refused.join("\n")
    );
}

#[test]
fn every_top_level_module_is_on_the_map() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect();
    let mapped: BTreeSet<String> = MAP.iter().map(|(room, _)| room.to_string()).collect();
    assert_eq!(declared, mapped, "lib.rs's modules and the map's rooms");
}

#[test]
fn a_wrong_import_is_refused_and_named() {
    // The check itself, on made-up files: a front end reaching the store,
    // the engine reaching the language layer, and an allowed path.
    let files = vec![
        (
            src().join("web/routes.rs"),
            "use crate::store::GameRow;\nfn f() { crate::referee::x(); }\n".to_string(),
        ),
        (
            src().join("engine/game.rs"),
            "use crate::{lang::Text, engine::Game};\n// crate::store::not_read\n".to_string(),
        ),
        (
            src().join("render/zoo.rs"),
            "#[cfg(test)]\nmod tests { use crate::app::x; }\n".to_string(),
        ),
    ];
    let refused = refused(&files);
    assert_eq!(refused.len(), 2, "{refused:#?}");
    assert!(
        refused[0].ends_with("web/routes.rs:1: web -> store"),
        "{refused:#?}"
    );
    assert!(
        refused[1].ends_with("engine/game.rs:1: engine -> lang"),
        "{refused:#?}"
    );
}
