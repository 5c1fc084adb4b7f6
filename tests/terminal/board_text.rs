//! `board text` at the terminal's prompt: the whole table in words, read in
//! order (the same text as Discord's `/aq board text`), in the terminal's
//! language, through the real binary.

use std::io::Write;
use std::process::{Command as Process, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// What `aquaretto-bot play --lang <lang>` prints for a fresh two-player
/// game (seed 3) fed `input`.
fn play(lang: &str, input: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = Process::new(BIN);
    p.arg("play")
        .arg("--db")
        .arg(dir.path().join("games.db"))
        .args(["--lang", lang, "--players", "ana,ben", "--seed", "3"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = p.spawn().expect("starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("writes");
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn board_text_reads_the_table_in_order_in_the_terminals_language() {
    for (lang, head, truck, depot) in [
        (
            "en",
            "Game #1, round 1.",
            "Truck 1: ",
            "The depot is empty.",
        ),
        (
            "ja",
            "ゲーム#1、第1ラウンド。",
            "トラック1：",
            "倉庫は空です。",
        ),
        (
            "de",
            "Spiel #1, Runde 1.",
            "Transportwagen 1: ",
            "Das Depot ist leer.",
        ),
    ] {
        let said = play(lang, "board text\nquit\n");
        // The prompt's answer, after the first screen (the table's grid).
        let (_, answer) = said
            .split_once(&format!("> {head}\n"))
            .unwrap_or_else(|| panic!("{lang}: no '{head}' line in {said}"));
        let at = |s: &str| {
            answer
                .find(s)
                .unwrap_or_else(|| panic!("{lang}: '{s}' in {answer}"))
        };
        assert!(at(truck) < at("\n\nana"), "{lang}: trucks, then ana");
        assert!(at("\n\nana") < at("\n\nben"), "{lang}: ana, then ben");
        assert!(at("\n\nana") < at(depot), "{lang}: her zoo and depot");
        assert!(!answer.contains("/aq"), "{lang}: {answer}");
    }
    // Off is the grid, as `board` alone.
    let grid = play("en", "board text:off\nquit\n");
    assert!(!grid.contains("> Game #1, round 1.\n"), "{grid}");
    assert!(grid.contains("\n 10 "), "{grid}");
}
