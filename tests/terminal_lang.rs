//! The terminal speaks the language it is given: `--lang`, else the
//! environment's (`LC_ALL`, then `LANG`), else English, through the real
//! binary as a person starts it.

use std::io::Write;
use std::process::{Command as Process, Output, Stdio};

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
