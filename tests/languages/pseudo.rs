//! The pseudo-locale finds every sentence that escaped the catalogue: whole
//! games are played in `qps-ploc` through the terminal and through the fake
//! Discord, and every word a player could read outside the `⟦…⟧` wrappers
//! (other than names, coordinates, tile words and numbers) fails the test,
//! named with where it was seen.

use crate::support;

use support::pseudo::{escaped, escaped_lines};

#[test]
fn words_outside_the_wrappers_are_found_and_the_command_language_is_not() {
    let text = "<@123> ⟦ana drew onto truck 2~~~~⟧ K11 dolphin-m cpu:normal 12\nYour turn";
    assert_eq!(escaped(text, &["ana"]), vec!["Your", "turn"]);
    assert!(escaped("⟦a ⟦nested⟧ message~~~⟧ · ben", &["ben"]).is_empty());
    assert_eq!(escaped("⟦ok⟧ Refused: nope", &[]), vec!["Refused", "nope"]);
    // A zoo grid's column letters are coordinates; letters that are no
    // run of columns are words.
    assert_eq!(
        escaped("⟦x⟧\n      I    J    K    L    M\nnot coordinates", &[]),
        vec!["not", "coordinates"]
    );
    assert!(escaped("      I    J    K    L    M", &[]).is_empty());
    assert_eq!(escaped("  I    K", &[]), vec!["I", "K"]);
    assert_eq!(escaped("I see", &[]), vec!["I", "see"]);
    // A line inside a message of several lines is within its wrappers.
    let said = "⟦Hint: draw truck:2\nWhy: ahead~~⟧ K11\nnot this";
    let lines: Vec<(usize, Vec<String>)> = escaped_lines(said, &[])
        .into_iter()
        .map(|(n, _, words)| (n, words))
        .collect();
    assert_eq!(
        lines,
        vec![(3, vec!["not".to_string(), "this".to_string()])]
    );
}

/// The lines of `said` less the JSON documents in it (an export printed
/// whole): the game record is data, whose keys are the record's format.
/// Each document left out is checked to be JSON.
fn without_json(said: &str) -> String {
    let mut kept = Vec::new();
    let mut document: Option<Vec<&str>> = None;
    for line in said.lines() {
        match document.as_mut() {
            Some(lines) => {
                lines.push(line);
                if line == "}" {
                    let text = lines.join("\n");
                    serde_json::from_str::<serde_json::Value>(&text)
                        .unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
                    kept.extend(lines.iter().map(|_| ""));
                    document = None;
                }
            }
            None if line == "{" => document = Some(vec![line]),
            None => kept.push(line),
        }
    }
    if let Some(lines) = document {
        kept.extend(lines);
    }
    kept.join("\n")
}

/// The rules' topics.
const TOPICS: &[&str] = &[
    "turn",
    "basins",
    "bonuses",
    "coworkers",
    "money",
    "end",
    "two",
    "nonsense",
];

/// What a person may mistype, each read by the parser or refused by the
/// referee: every one must be said in the catalogue's words.
const MISTAKES: &[&str] = &[
    "nonsense",
    "place at:Z99",
    "place",
    "draw truck:x",
    "draw x",
    "draw truck:1 truck:2",
    "undo now",
    "expand cells:\"N10",
    "expand size:huge cells:\"N10 N11 O10\"",
    "place at:K11 tile:2 tile:3",
    "place tile:1 at:K11 tile:2",
    "hire as:chef",
    "move from:depot to:cashier",
    "move from:trainer to:K11",
    "move from:nowhere to:K11",
    "buy from:nobody at:K11",
    "zoo nobody",
    "stats nobody",
    "take truck:9",
    "settings reminders:5s",
    "settings turn_limit:99w",
    "settings hints:maybe",
    "replay speed:warp",
    "notify dm:maybe",
    "language set:xx",
    "history move:999",
    "history game:999",
    "games page:4294967296",
    "moves of:dance",
    "addbot level:genius",
    "   ",
    "\"unclosed",
    "12345",
];

/// Everything a person at the terminal reads in a whole game of two people
/// and a computer player, played in the pseudo-locale: the names prompt,
/// the first screen, every move's answer and table, `moves`, `hint`,
/// `score`, `zoo` (a computer player's too, named by its stored name),
/// `history` during the game and of the finished game, `help`, the rules
/// of every topic, a typing mistake of every kind, and the end.
#[test]
fn a_whole_terminal_game_in_the_pseudo_locale_says_nothing_outside_the_catalogue() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("pseudo.db");
    // Two people and a computer player, seated by one line.
    let mut lines: Vec<String> = vec!["ana, ben, cpu:easy".into()];
    lines.extend(["help", "rules"].map(String::from));
    lines.extend(TOPICS.iter().map(|t| format!("rules {t}")));
    lines.extend(MISTAKES.iter().map(|m| m.to_string()));
    for turn in 0..400 {
        if turn % 7 == 0 {
            lines.extend(
                [
                    "moves",
                    "hint",
                    "score",
                    "zoo ana",
                    "zoo \"Easy bot\"",
                    "board",
                    "history",
                    "history move:1",
                ]
                .map(String::from),
            );
        }
        if turn % 11 == 5 {
            lines.push(MISTAKES[turn % MISTAKES.len()].to_string());
        }
        lines.push("1".into());
    }
    // The game is over by now: its past, by its number.
    lines.extend(
        [
            "history game:1",
            "history game:1 move:3",
            "games",
            "export game:1",
            "stats",
            "quit",
        ]
        .map(String::from),
    );
    let mut child = Process::new(env!("CARGO_BIN_EXE_aquaretto-bot"))
        .arg("play")
        .arg("--db")
        .arg(&db)
        .args(["--lang", "qps-ploc", "--seed", "12"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = lines.join("\n") + "\n";
    let writer = std::thread::spawn(move || {
        // The binary may stop reading at the end of the game or at quit.
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.matches('⟦').count() > 200,
        "the pseudo-locale was spoken: {}",
        &stdout[..stdout.len().min(2000)]
    );
    let problems: Vec<String> = escaped_lines(&without_json(&stdout), &["ana", "ben"])
        .into_iter()
        .map(|(n, line, words)| format!("line {n}: {words:?} in {line:?}"))
        .collect();
    assert!(
        problems.is_empty(),
        "{} lines say words outside the catalogue:\n{}",
        problems.len(),
        problems
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A script with `--json` in the pseudo-locale: every line's reply (moves,
/// looks, the history, and every typing mistake, which the parser reads)
/// is in the catalogue's words.
#[test]
fn a_json_script_in_the_pseudo_locale_says_nothing_outside_the_catalogue() {
    use std::process::Command as Process;
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("pseudo.db");
    let mut script: Vec<String> = Vec::new();
    for (i, mistake) in MISTAKES.iter().enumerate() {
        script.push("1".into());
        script.push(format!("ana: {mistake}"));
        if i % 5 == 0 {
            script.extend(["history", "zoo \"Normal bot\"", "score"].map(String::from));
        }
    }
    let path = dir.path().join("script.txt");
    std::fs::write(&path, script.join("\n") + "\n").expect("writes the script");
    let out = Process::new(env!("CARGO_BIN_EXE_aquaretto-bot"))
        .arg("play")
        .arg("--db")
        .arg(&db)
        .args(["--lang", "qps-ploc", "--seed", "5", "--json"])
        .args(["--players", "ana,ben,cpu"])
        .arg("--script")
        .arg(&path)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .current_dir(dir.path())
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut replies = 0;
    let mut problems = Vec::new();
    for line in stdout.lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let reply = record["reply"].as_str().unwrap_or_default();
        let command = record["command"].as_str().unwrap_or_default();
        for (n, text, words) in escaped_lines(reply, &["ana", "ben"]) {
            problems.push(format!("{command:?}, its line {n}: {words:?} in {text:?}"));
        }
        replies += 1;
    }
    assert!(replies >= MISTAKES.len() * 2, "{replies} lines answered");
    assert!(
        problems.is_empty(),
        "replies outside the catalogue:\n{}",
        problems.join("\n")
    );
}
