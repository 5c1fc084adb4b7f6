//! The terminal speaks the language it is given: `--lang`, else the
//! environment's (`LC_ALL`, then `LANG`), else English, through the real
//! binary as a person starts it.

#[path = "support/langs.rs"]
mod langs;

use std::io::Write;
use std::process::{Command as Process, Output, Stdio};
use unicode_width::UnicodeWidthStr;

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// `aquaretto-bot play` with these arguments and locale variables, fed
/// `input`, in a fresh database.
fn run(args: &[&str], env: &[(&str, &str)], input: &str) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.db");
    let mut p = Process::new(BIN);
    p.arg("play")
        .arg("--db")
        .arg(&db)
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        p.env(k, v);
    }
    let mut child = p.spawn().expect("starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("writes");
    drop(stdin);
    child.wait_with_output().expect("runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn lang_de_speaks_german_at_the_names_prompt_and_in_a_game() {
    let said = stdout(&run(&["--lang", "de"], &[], "quit\n"));
    assert!(
        said.starts_with("Wer spielt? Gib einen Namen ein"),
        "{said}"
    );
    assert!(said.contains("Tschüss."), "{said}");
    assert!(!said.contains("Who plays"), "{said}");
    // A game: the first screen, and a number beyond the moves list.
    let said = stdout(&run(
        &["--lang", "de", "--players", "ana,ben", "--seed", "3"],
        &[],
        "99\nquit\n",
    ));
    assert!(said.contains("\nSo geht ein Zug: in deinem Zug"), "{said}");
    assert!(
        said.contains("Abgelehnt: Es gibt keinen Zug 99: moves zeigt die "),
        "{said}"
    );
    assert!(
        said.contains("Tschüss: das Spiel ist gespeichert"),
        "{said}"
    );
    // A script says its refusals the same way.
    let said = stdout(&run(
        &["--lang", "de", "--players", "ana,ben", "--script", "-"],
        &[],
        "ana: 99\n",
    ));
    assert!(
        said.contains("ana: 99\nabgelehnt: Es gibt keinen Zug 99"),
        "{said}"
    );
}

#[test]
fn lang_from_the_environment_speaks_japanese_and_lc_all_comes_first() {
    let said = stdout(&run(&[], &[("LANG", "ja_JP.UTF-8")], "quit\n"));
    assert!(said.starts_with("誰がプレイしますか?"), "{said}");
    assert!(said.contains("さようなら。"), "{said}");
    let said = stdout(&run(
        &[],
        &[("LANG", "ja_JP.UTF-8"), ("LC_ALL", "de_DE.UTF-8")],
        "quit\n",
    ));
    assert!(said.starts_with("Wer spielt?"), "{said}");
    // --lang beats the environment; a locale we do not speak is English.
    let said = stdout(&run(
        &["--lang", "en"],
        &[("LANG", "ja_JP.UTF-8")],
        "quit\n",
    ));
    assert!(said.starts_with("Who plays? Type a name"), "{said}");
    let said = stdout(&run(&[], &[("LANG", "pt_BR.UTF-8")], "quit\n"));
    assert!(said.starts_with("Who plays? Type a name"), "{said}");
    let said = stdout(&run(&[], &[("LANG", "C")], "quit\n"));
    assert!(said.starts_with("Who plays?"), "{said}");
}

#[test]
fn an_unknown_lang_is_refused_with_the_choices() {
    let out = run(&["--lang", "xx"], &[], "quit\n");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--lang xx: not a language of the bot; choose one of en, de, ja."),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "nothing was played");
}

/// The last table in characters of what the terminal said: from the prompt
/// the command was typed at to the legend that ends it (whose marks, `m/f`,
/// are the grid's own in every language).
fn last_table(said: &str) -> String {
    let lines: Vec<&str> = said.lines().collect();
    let end = lines
        .iter()
        .rposition(|l| l.starts_with("(m/f "))
        .unwrap_or_else(|| panic!("no table: {said}"));
    let start = lines[..end]
        .iter()
        .rposition(|l| l.contains("> "))
        .unwrap_or_else(|| panic!("no prompt before the table: {said}"));
    let first = lines[start].split_once("> ").map_or("", |(_, rest)| rest);
    std::iter::once(first)
        .chain(lines[start + 1..=end].iter().copied())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The score table after the line that heads it: its header and a row per
/// player, whose numbers end in the same terminal cell as their headers.
fn score_table(said: &str, heading: &str, players: usize) -> Vec<String> {
    let lines: Vec<&str> = said.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.contains(heading))
        .unwrap_or_else(|| panic!("no {heading}: {said}"));
    let table: Vec<String> = lines[at + 1..=at + 1 + players]
        .iter()
        .map(|l| l.to_string())
        .collect();
    // The total column ends where its header ends, whatever the script.
    let header_end = table[0].width();
    for row in &table[1..] {
        let total_end = row.trim_end_matches(|c: char| !c.is_ascii_digit()).width();
        assert_eq!(total_end, header_end, "aligned:\n{}", table.join("\n"));
    }
    table
}

/// A short game at the keyboard in `lang`: its table in characters (round,
/// trucks, players, depots, legend) and its score table speak `lang`, and
/// the score table's columns line up in terminal cells.
fn a_table_speaks(lang: &str, english: &[&str], scores_heading: &str) {
    let said = stdout(&run(
        &["--lang", lang, "--players", "ana,ben", "--seed", "3"],
        &[],
        "1\n1\nboard\nscore\nquit\n",
    ));
    let table = last_table(&said);
    langs::assert_in(lang, &table, "the table in characters");
    for line in table.lines().filter(|l| l.chars().any(char::is_alphabetic)) {
        if line.split_whitespace().all(|w| w.len() == 1)
            || line.trim_start().starts_with(char::is_numeric)
        {
            continue; // a grid's column letters, a grid's row
        }
        assert!(
            !english.iter().any(|e| line.contains(e)),
            "English in the {lang} table: {line}\n{table}"
        );
    }
    let scores = score_table(&said, scores_heading, 2).join("\n");
    langs::assert_in(lang, &scores, "the score table");
}

#[test]
fn lang_ja_and_de_say_the_table_in_characters_in_their_language() {
    let english = [
        "Round",
        "draw pile",
        "reserve",
        "truck",
        "taken by",
        "coin",
        "cashiers",
        "keepers",
        "score",
        "depot",
        "empty",
        "top first",
        "fertile",
        "blocked",
        "It is",
    ];
    a_table_speaks("ja", &english, "の得点：");
    a_table_speaks("de", &english, "Punkte in Spiel");
}
