//! The terminal speaks the language it is given: `--lang`, else the
//! environment's (`LC_ALL`, then `LANG`), else English, through the real
//! binary as a person starts it.

use crate::support::langs;

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

/// What a Japanese and a German player read at the keyboard and in a
/// script, in their own language: the history's moves (from the stored
/// log), typing mistakes, and the computer player's name, by which they may
/// also name it in a command.
#[test]
fn history_mistakes_and_computer_players_speak_the_terminals_language() {
    struct Case {
        args: &'static [&'static str],
        env: &'static [(&'static str, &'static str)],
        computer: &'static str,
        drew: &'static str,
        not_a_cell: &'static str,
        no_command: &'static str,
        zoo: &'static str,
    }
    let cases = [
        Case {
            args: &[],
            env: &[("LANG", "ja_JP.UTF-8")],
            computer: "コンピューター（やさしい）",
            drew: "1. anaさんが",
            not_a_cell: "「Z99」はマスではありません",
            no_command: "「nonsense」というコマンドはありません",
            zoo: "コンピューター（やさしい）さんの水族館",
        },
        Case {
            args: &["--lang", "de"],
            env: &[],
            computer: "Computer (leicht)",
            drew: "1. ana hat auf Transportwagen",
            not_a_cell: "„Z99“ ist kein Feld",
            no_command: "Einen Befehl „nonsense“ gibt es nicht",
            zoo: "Wasserpark von Computer (leicht)",
        },
    ];
    for case in cases {
        let mut args = case.args.to_vec();
        args.extend(["--players", "ana,cpu:easy", "--seed", "4", "--first", "ana"]);
        let input = format!(
            "draw 1\nhistory\nplace at:Z99\nnonsense\nzoo \"{}\"\nzoo \"Easy bot\"\nquit\n",
            case.computer
        );
        let said = stdout(&run(&args, case.env, &input));
        for wanted in [
            case.drew,
            case.not_a_cell,
            case.no_command,
            case.zoo,
            case.computer,
        ] {
            assert!(said.contains(wanted), "{wanted:?} in {said}");
        }
        for english in ["Easy bot", " drew ", "is not a cell", "there is no command"] {
            assert!(!said.contains(english), "{english:?} in {said}");
        }
        // A script, its mistakes and its history in --json too.
        let mut args = case.args.to_vec();
        args.extend(["--players", "ana,cpu:easy", "--seed", "4", "--first", "ana"]);
        args.extend(["--json", "--script", "-"]);
        let said = stdout(&run(
            &args,
            case.env,
            "ana: draw 1\nana: history\nana: place at:Z99\nana: nonsense\n",
        ));
        let replies: Vec<String> = said
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
                v["reply"].as_str().unwrap_or_default().to_string()
            })
            .collect();
        assert_eq!(replies.len(), 4, "{said}");
        assert!(replies[1].contains(case.drew), "{}", replies[1]);
        assert!(replies[2].contains(case.not_a_cell), "{}", replies[2]);
        assert!(replies[3].contains(case.no_command), "{}", replies[3]);
        // The record keeps the stored name; what is said never does.
        assert!(
            replies.iter().all(|r| !r.contains("Easy bot")),
            "{replies:?}"
        );
    }
}
