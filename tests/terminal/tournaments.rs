//! Tournaments at the keyboard: opened, signed up for, withdrawn from,
//! their standings and their end, by script and at the names prompt,
//! through the real binary.

use crate::support;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// Runs `aquaretto-bot play` on `db` with `args`, `input` on its standard
/// input; its standard output, once it ended well.
fn run(db: &Path, args: &[&str], input: &str) -> String {
    let mut child = support::play(db)
        .args(args)
        .stdin(Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_script_opens_a_tournament_signs_players_up_and_ends_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("cup.db");
    let script = "\
ana: tournament new name:\"Spring cup\" format:swiss size:3 rounds:2 deadline:7d
ben: tournament join
cy: tournament join
ana: tournament join
ben: tournament join
di: tournament standings
ben: tournament leave
ben: tournament standings
cy: tournament end size:3
ana: tournament end
ben: tournament join
";
    let out = run(&db, &["--script", "-"], script);
    let expect = [
        "ana opened the tournament Spring cup (#1).",
        "Swiss, tables of 3, 2 rounds; clock normal, 7d a round; rated;",
        "ben signed up for Spring cup (#1): 1 player so far.",
        "cy signed up for Spring cup (#1): 2 players so far.",
        "ana signed up for Spring cup (#1): 3 players so far.",
        "refused: You are already signed up for Spring cup (#1) (number 1 in the sign-up order).",
        "Standings of Spring cup (#1) (signing up; 0 rounds with results, 3 players):",
        "1. ben: 0 points (0 games, 0 byes; 0 game points, Buchholz 0.0)",
        "3. ana: 0 points",
        "ben withdrew from Spring cup (#1): 2 players signed up.",
        "1. cy: 0 points",
        "2. ana: 0 points",
        "refused: Size is a setting of /aq tournament new, not of /aq tournament end",
        "ana ended Spring cup (#1).",
        "refused: No tournament is open in this channel.",
    ];
    let mut from = 0;
    for line in expect {
        let at = out[from..]
            .find(line)
            .unwrap_or_else(|| panic!("{line:?} after byte {from} of:\n{out}"));
        from += at + line.len();
    }
    // Withdrawn, ben is no longer in the standings.
    assert!(!out.contains("3. ben"), "{out}");
}

#[test]
fn the_names_prompt_takes_tournament_commands_and_help_names_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("prompt.db");
    let out = run(
        &db,
        &[],
        "ana: tournament new format:elimination size:4\nben: tournament join\ntournament standings\nhelp\nquit\n",
    );
    assert!(
        out.contains("ana opened the tournament Tournament #1."),
        "{out}"
    );
    assert!(
        out.contains("Elimination, tables of 4, as many rounds as the format needs"),
        "{out}"
    );
    assert!(
        out.contains("ben signed up for Tournament #1: 1 player so far."),
        "{out}"
    );
    assert!(out.contains("1. ben: 0 points"), "{out}");
    assert!(out.contains("/aq tournament new"), "help names it: {out}");
}

#[test]
fn a_tournament_speaks_japanese_and_german_at_the_keyboard() {
    let script = "\
ana: tournament new name:Cup size:3 format:round_robin rated:off vacations:on
ben: tournament join
ben: tournament join
ana: tournament standings
ana: tournament end
";
    for (lang, says) in [
        (
            "ja",
            [
                "anaさんが大会 Cup (#1) を開きました。",
                "総当たり戦、3人卓、回戦数は形式に合わせて決まります。",
                "benさんが Cup (#1) に参加登録しました。いま1人です。",
                "もう Cup (#1) に参加登録しています (登録順で1番目)。",
                "1. ben：0ポイント",
                "anaさんが Cup (#1) を終了しました。",
            ],
        ),
        (
            "de",
            [
                "ana hat das Turnier Cup (#1) eröffnet.",
                "Jeder gegen jeden, Tische zu 3, so viele Runden, wie das Format braucht;",
                "ben hat sich für Cup (#1) angemeldet: bisher 1 Spieler.",
                "Du bist schon für Cup (#1) angemeldet (Nummer 1 in der Reihenfolge der Anmeldung).",
                "1. ben: 0 Punkte (0 Spiele, 0 Freilose; 0 Spielpunkte, Buchholz 0,0)",
                "ana hat Cup (#1) beendet.",
            ],
        ),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("cup.db");
        let out = run(&db, &["--lang", lang, "--script", "-"], script);
        for line in says {
            assert!(out.contains(line), "{lang}: {line:?} in:\n{out}");
        }
        // Every message found its words and its values.
        assert!(!out.contains('{') && !out.contains('$'), "{lang}:\n{out}");
    }
}

/// `count` lines that each play the first legal move of whoever is to act.
fn first_moves(count: usize) -> String {
    "1\n".repeat(count)
}

#[test]
fn a_tournament_is_played_at_the_keyboard_table_by_table_to_its_final_standings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("played.db");
    let script = dir.path().join("cup.txt");
    // Four players, two rounds of tables of 2: each table's game played by
    // the first legal move until it ends (the keyboard then goes back by
    // itself, where a number plays nothing).
    let mut text = String::from(
        "ana: tournament new name:Cup format:swiss size:2 rounds:2\n\
         ana: tournament join\nben: tournament join\ncy: tournament join\ndi: tournament join\n\
         ana: tournament start\n\
         go t9-r9-9\n",
    );
    for place in ["t1-r1-1", "t1-r1-2", "t1-r2-1", "t1-r2-2"] {
        text.push_str(&format!("go {place}\n{}", first_moves(400)));
    }
    text.push_str("go\ntournament standings\n");
    std::fs::write(&script, text).expect("script written");
    let out = run(&db, &["--script", script.to_str().expect("utf-8 path")], "");
    let said = |line: &str| assert!(out.contains(line), "{line:?} missing from:\n{out}");
    said("ana started Cup (#1) with 4 players: sign-up is closed and the first round is open.");
    said("Round 1 of Cup (#1) is open: 2 tables");
    said("Table 1 (#local/t1-r1-1): ");
    said("refused: No game was ever played at t9-r9-9");
    said("At t1-r1-1 now (game #1)");
    said("At t1-r1-2 now (game #2)");
    said("The game at t1-r1-1 is over: back at the local game's channel.");
    said("Round 1 of Cup (#1) is over.");
    said("Round 2 of Cup (#1) is open: 2 tables");
    said("At t1-r2-1 now (game #3)");
    said("At t1-r2-2 now (game #4)");
    said("Cup (#1) is over after 2 rounds. The final standings:");
    said("Standings of Cup (#1) (finished; 2 rounds with results, 4 players):");
    // Every player played both rounds, and round 2 met someone new: a
    // Swiss draw never repeats a table of 2 while four players allow.
    let tables = |round: u32| -> Vec<Vec<String>> {
        let head = format!("Round {round} of Cup (#1) is open");
        let at = out.find(&head).expect("the round's announcement");
        out[at..]
            .lines()
            .skip(1)
            .take(2)
            .map(|l| {
                let players = l.split("): ").nth(1).expect("a table's players");
                let mut names: Vec<String> =
                    players.split(", ").map(|n| n.trim().to_string()).collect();
                names.sort();
                names
            })
            .collect()
    };
    let (first, second) = (tables(1), tables(2));
    for round in [&first, &second] {
        let mut all: Vec<String> = round.iter().flatten().cloned().collect();
        all.sort();
        assert_eq!(all, ["ana", "ben", "cy", "di"], "{out}");
    }
    for table in &second {
        assert!(!first.contains(table), "{table:?} met twice:\n{out}");
    }
    for name in ["ana", "ben", "cy", "di"] {
        assert!(
            out.lines()
                .any(|l| l.contains(&format!(". {name}: ")) && l.contains("(2 games, 0 byes;")),
            "{name} played 2 games:\n{out}"
        );
    }
}

#[test]
fn at_the_prompt_go_takes_the_keyboard_to_a_table_and_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("go.db");
    let out = run(
        &db,
        &[],
        "ana: tournament new name:Cup size:2 rounds:1\nana: tournament join\n\
         ben: tournament join\nana: tournament start\ngo t1-r1-1\n1\n1\ngo\n\
         tournament standings\ngo nowhere\nquit\n",
    );
    let said = |line: &str| assert!(out.contains(line), "{line:?} missing from:\n{out}");
    said("At t1-r1-1 now (game #1)");
    // The table is shown on arrival, and the prompt names the place.
    said("[t1-r1-1] ");
    said("It is ");
    said("Back at the local game's channel.");
    said("Standings of Cup (#1) (running; 0 rounds with results, 2 players):");
    said("No game was ever played at nowhere");
    // Two moves were made at the table and none elsewhere.
    assert_eq!(
        out.matches(" drew ").count() + out.matches(" took ").count(),
        2,
        "{out}"
    );
}
