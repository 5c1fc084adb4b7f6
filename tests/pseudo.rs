//! The pseudo-locale finds every sentence that escaped the catalogue: whole
//! games are played in `qps-ploc` through the terminal and through the fake
//! Discord, and every word a player could read outside the `⟦…⟧` wrappers
//! (other than names, coordinates, tile words and numbers) fails the test,
//! named with where it was seen.

mod support;

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

/// Everything a person at the terminal reads in a whole 2-player game
/// played in the pseudo-locale: the names prompt, the first screen, every
/// move's answer and table, `moves`, `hint`, `score`, `zoo`, `history`,
/// `help`, `rules`, a refusal, and the end.
#[test]
fn a_whole_terminal_game_in_the_pseudo_locale_says_nothing_outside_the_catalogue() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("pseudo.db");
    let mut lines: Vec<String> = vec!["ana".into(), "ben".into(), String::new()];
    lines.extend(["help", "rules", "rules money", "take truck:9"].map(String::from));
    for turn in 0..400 {
        if turn % 7 == 0 {
            lines.extend(["moves", "hint", "score", "zoo ana", "board"].map(String::from));
        }
        lines.push("1".into());
    }
    lines.extend(["history", "export", "stats", "quit"].map(String::from));
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
