//! Every source path the docs name exists: the top-level `*.md` files
//! (README, ARCHITECTURE, CONTRIBUTING, RELIABILITY, BENCHMARKS), `docs/`,
//! the test kit's (`testkit/`), and the comments of the catalogues (`locales/**/*.ftl`, whose headers
//! say which code uses their messages). A file moved without its docs fails
//! here, naming the doc, the line and the path.
//!
//! What counts as a path: a word ending in a source file's extension
//! (`.rs`, `.sql`, `.ftl`, `.toml`, `.sh`, `.md`), with or without folders,
//! and a folder (`src/view/controls/`) that starts at the repository's top
//! (`src/`, `tests/`, `benches/`, ...) or is written as code (`` `controls/` ``).
//! One starting at the top must be exactly there; a shorter one, written
//! beside the module it is in (`play.rs`, `discord/commands/moves.rs`,
//! `controls/`), must be the end of some path of the repository. Words with
//! placeholders (`locales/<lang>/*.ftl`) and links are not paths.

use super::imports::root;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The folders at the repository's top a path may start with.
const TOP: &[&str] = &[
    "src/",
    "tests/",
    "testkit/",
    "benches/",
    "migrations/",
    "locales/",
    "docs/",
    "scripts/",
    "assets/",
    ".ci/",
];

/// The extensions of the files a doc may name as a source.
const SOURCE_EXTENSIONS: &[&str] = &[".rs", ".sql", ".ftl", ".toml", ".sh", ".md"];

/// Every file and folder of the repository (its build output and history
/// left out), relative to its top, folders ending in `/`.
fn repository() -> BTreeSet<String> {
    fn walk(dir: &Path, top: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if matches!(name.as_str(), "target" | ".git" | "node_modules") {
                continue;
            }
            let rel = path
                .strip_prefix(top)
                .unwrap_or(&path)
                .to_string_lossy()
                .to_string();
            if path.is_dir() {
                out.insert(format!("{rel}/"));
                walk(&path, top, out);
            } else {
                out.insert(rel);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&root(), &root(), &mut out);
    out
}

/// The docs to read, and for each whether only its comment lines are
/// (the catalogues).
fn docs() -> Vec<(PathBuf, bool)> {
    let mut out = Vec::new();
    let top = root();
    for entry in std::fs::read_dir(&top).expect("the repository").flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "md") {
            out.push((path, false));
        }
    }
    let mut more = Vec::new();
    files_under(&top.join("docs"), &mut more);
    files_under(&top.join("testkit"), &mut more);
    out.extend(
        more.drain(..)
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .map(|p| (p, false)),
    );
    files_under(&top.join("locales"), &mut more);
    out.extend(
        more.drain(..)
            .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
            .map(|p| (p, true)),
    );
    out.sort();
    out
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The paths a line names, each with whether it was written as code.
pub fn paths_in(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('`').enumerate() {
        let code = i % 2 == 1;
        let words = part.split(|c: char| !(c.is_ascii_alphanumeric() || "_./-<>*{}$:".contains(c)));
        for word in words {
            if word.contains("://") || word.starts_with("http") {
                continue;
            }
            // `file.rs:12` and `crate::x` end or stop at a colon.
            let word = word.split(':').next().unwrap_or_default();
            if word.contains(['<', '>', '*', '{', '}', '$']) {
                continue;
            }
            let word = word.trim_start_matches("./").trim_end_matches(['.', '-']);
            let file = SOURCE_EXTENSIONS.iter().any(|e| {
                word.len() > e.len()
                    && word.ends_with(e)
                    && !word[..word.len() - e.len()].ends_with(['/', '.'])
            });
            let folder = word.ends_with('/')
                && word.len() > 1
                && !word.starts_with('/')
                && (code || TOP.iter().any(|t| word.starts_with(t)));
            if file || folder {
                out.push(word.to_string());
            }
        }
    }
    out
}

/// Folders a doc may name that are not sources: the build's output.
const NOT_SOURCES: &[&str] = &["target/"];

/// Whether `path`, named in the doc `doc` (relative to the top), names
/// something in the repository, as the module doc says; `../x` is from the
/// doc's folder.
fn exists_from(doc: &str, path: &str, repo: &BTreeSet<String>) -> bool {
    let mut folder: Vec<&str> = doc.split('/').collect();
    folder.pop();
    let mut rest = path;
    if !rest.starts_with("../") {
        return exists(path, repo);
    }
    while let Some(up) = rest.strip_prefix("../") {
        if folder.pop().is_none() {
            return false;
        }
        rest = up;
    }
    folder.push(rest);
    repo.contains(&folder.join("/"))
}

/// Whether `path` names something in the repository, as the module doc
/// says.
fn exists(path: &str, repo: &BTreeSet<String>) -> bool {
    if NOT_SOURCES.contains(&path) {
        return true;
    }
    if TOP.iter().any(|t| path.starts_with(t)) {
        return repo.contains(path);
    }
    repo.contains(path) || repo.iter().any(|r| r.ends_with(&format!("/{path}")))
}

#[test]
fn every_source_path_the_docs_name_exists() {
    let repo = repository();
    let docs = docs();
    assert!(
        docs.iter().any(|(d, _)| d.ends_with("ARCHITECTURE.md")),
        "the docs were found"
    );
    assert!(
        docs.iter()
            .any(|(d, comments)| *comments && d.ends_with("en/table.ftl")),
        "the catalogues were found"
    );
    let mut missing = Vec::new();
    let mut named = 0;
    for (doc, comments_only) in &docs {
        let text = std::fs::read_to_string(doc).expect("the doc reads");
        let shown = doc
            .strip_prefix(root())
            .unwrap_or(doc)
            .display()
            .to_string();
        for (n, line) in text.lines().enumerate() {
            if *comments_only && !line.trim_start().starts_with('#') {
                continue;
            }
            for path in paths_in(line) {
                named += 1;
                if !exists_from(&shown, &path, &repo) {
                    missing.push(format!("{shown}:{}: {path}", n + 1));
                }
            }
        }
    }
    assert!(named > 100, "the docs name paths ({named} found)");
    assert!(
        missing.is_empty(),
        "paths the docs name that do not exist (moved? update the doc):\n{}",
        missing.join("\n")
    );
}

#[test]
fn paths_are_found_as_written_and_placeholders_are_not_paths() {
    assert_eq!(
        paths_in("see `src/view/text_table.rs:240` and play.rs, then `controls/`."),
        ["src/view/text_table.rs", "play.rs", "controls/"]
    );
    assert_eq!(
        paths_in("`locales/<lang>/*.ftl`, https://example.org/a.rs, crate::store, gallery/"),
        Vec::<String>::new()
    );
    let repo: BTreeSet<String> = ["src/", "src/view/", "src/view/controls/", "src/view/mod.rs"]
        .into_iter()
        .map(String::from)
        .collect();
    assert!(exists("src/view/mod.rs", &repo));
    assert!(exists("view/mod.rs", &repo));
    assert!(exists("controls/", &repo));
    assert!(!exists("src/mod.rs", &repo), "from the top, exactly there");
    assert!(!exists("src/text.rs", &repo));
    assert!(!exists("text.rs", &repo));
    let repo: BTreeSet<String> = ["README.md", "docs/", "docs/deploy.md"]
        .into_iter()
        .map(String::from)
        .collect();
    assert!(exists_from("docs/deploy.md", "../README.md", &repo));
    assert!(!exists_from("docs/deploy.md", "../CONTRIBUTING.md", &repo));
    assert!(!exists_from("README.md", "../README.md", &repo));
}
