//! Local play through the real binary: scripts with JSON output, the plain
//! default that a newcomer meets, and a process killed with SIGKILL in the
//! middle of a long script that continues, after a restart, from its last
//! acknowledged move.

use aquaretto_bot::engine::Game;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::Store;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command as Process, Stdio};

use crate::support::{play, script};
use script::script;

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

async fn stored_game(db: &Path) -> Game {
    let store = Store::open(db.to_str().expect("utf-8 path"))
        .await
        .expect("database opens");
    let loaded = Referee::new(store)
        .find_game(None, Some("local"))
        .await
        .expect("database reads")
        .expect("a game exists")
        .expect("the game is not damaged");
    loaded.game().cloned().expect("the game started")
}

/// The JSON lines of a run that must have succeeded.
fn json_lines_of(out: std::process::Output) -> Vec<serde_json::Value> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_lines(&out.stdout)
}

fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[tokio::test]
async fn a_script_plays_a_whole_game_with_one_json_object_per_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("play.db");
    let (mut lines, expected) = script(&["ana", "ben"], 4);
    // A refused line does not stop the script.
    lines.insert(
        1,
        format!(
            "{}: /aq take truck:9",
            if lines[0].starts_with("ana") {
                "ben"
            } else {
                "ana"
            }
        ),
    );
    lines.insert(0, "# comments and blank lines are skipped".into());
    lines.insert(1, String::new());
    let path = dir.path().join("game.txt");
    std::fs::write(&path, lines.join("\n")).expect("write script");
    let out = play(&db)
        .args([
            "--players",
            "ana,ben",
            "--seed",
            "4",
            "--first",
            "ana",
            "--json",
            "--script",
        ])
        .arg(&path)
        .output()
        .expect("runs");
    let objects = json_lines_of(out);
    assert_eq!(
        objects.len(),
        lines.len() - 2,
        "one object per command line"
    );
    let refused = &objects[1];
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["line"], 4);
    assert!(
        refused["reply"]
            .as_str()
            .unwrap_or("")
            .contains("no truck 9"),
        "{refused}"
    );
    assert!(objects
        .iter()
        .enumerate()
        .all(|(i, o)| i == 1 || o["ok"] == true));
    let last = &objects[objects.len() - 1];
    assert_eq!(last["game"]["status"], "finished");
    assert_eq!(last["game"]["seed"], 4);
    assert!(last["game"]["players"][0]["score"]["total"].is_number());
    assert_eq!(stored_game(&db).await, expected);

    let export = Process::new(BIN)
        .args(["export", "--db"])
        .arg(&db)
        .args(["--channel", "local"])
        .output()
        .expect("runs");
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let record: serde_json::Value = serde_json::from_slice(&export.stdout).expect("export is JSON");
    assert_eq!(record["status"], "finished");
    assert_eq!(
        record["moves"].as_array().map(Vec::len),
        Some(lines.len() - 3)
    );
}

#[tokio::test]
async fn a_process_killed_mid_script_continues_from_its_last_acknowledged_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("kill.db");
    let (lines, expected) = script(&["ana", "ben", "cy"], 17);
    assert!(lines.len() > 100, "a long script");
    let path = dir.path().join("long.txt");
    std::fs::write(&path, lines.join("\n")).expect("write script");
    let mut child = play(&db)
        .args([
            "--players",
            "ana,ben,cy",
            "--seed",
            "17",
            "--first",
            "ana",
            "--json",
            "--script",
        ])
        .arg(&path)
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().expect("piped");
    let mut acknowledged = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("reads");
        let object: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        assert_eq!(object["ok"], true, "{object}");
        acknowledged += 1;
        if acknowledged == lines.len() / 2 {
            break;
        }
    }
    child.kill().expect("SIGKILL");
    let status = child.wait().expect("reaped");
    assert!(!status.success(), "the child was killed, not finished");

    let store = Store::open(db.to_str().expect("utf-8"))
        .await
        .expect("opens");
    let stored: i64 = sqlx::query_scalar("SELECT move_count FROM games WHERE channel = 'local'")
        .fetch_one(store.pool())
        .await
        .expect("reads");
    assert!(
        stored as usize >= acknowledged,
        "every acknowledged move is stored ({stored} stored, {acknowledged} acknowledged)"
    );
    assert!((stored as usize) < lines.len(), "killed before the end");
    let midway = stored_game(&db).await;
    assert_eq!(
        midway.moves() as i64,
        stored,
        "the state is the replay of the log"
    );

    // Restart with the lines not yet played: the game goes on to the same end.
    let rest = dir.path().join("rest.txt");
    std::fs::write(&rest, lines[stored as usize..].join("\n")).expect("write rest");
    let out = play(&db)
        .args(["--json", "--script"])
        .arg(&rest)
        .output()
        .expect("runs");
    let objects = json_lines_of(out);
    assert!(
        objects.iter().all(|o| o["ok"] == true),
        "every remaining move applies"
    );
    assert_eq!(stored_game(&db).await, expected);
}

#[test]
fn the_plain_command_plays_locally_without_a_token() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("default.db");
    let mut child = Process::new(BIN)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("DISCORD_TOKEN", "")
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(b"ana, ben\n/aq draw truck:3\ndraw truck:3\ntake truck:3\nhelp\nquit\n")
        .expect("writes");
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("local game in the terminal"), "{stderr}");
    assert!(
        stderr.contains("DISCORD_TOKEN"),
        "it says how to connect to Discord: {stderr}"
    );
    assert!(stdout.contains("Game #1 begins with ana, ben"), "{stdout}");
    assert_eq!(stdout.matches(" drew ").count(), 2, "{stdout}");
    assert!(stdout.contains(" took truck 3"), "{stdout}");
    // The deal is not seeded: a truck of two coin tiles is taken whole and
    // the turn passes; any animal on it must be placed next.
    let drawn: Vec<&str> = stdout.lines().filter(|l| l.contains(" drew ")).collect();
    let after_take = stdout
        .lines()
        .skip_while(|l| !l.contains(" took truck 3 ("))
        .nth(1)
        .unwrap_or_default();
    if drawn.iter().all(|l| l.contains(" drew a coin tile ")) {
        assert!(
            after_take.starts_with("It is ") && after_take.ends_with("'s turn."),
            "{stdout}"
        );
    } else {
        assert!(
            after_take.contains("must place the tiles of their truck"),
            "{stdout}"
        );
    }
    assert!(
        stdout.contains("/aq draw truck:<n>"),
        "help lists the commands: {stdout}"
    );
    assert!(stdout.contains("the game is saved"), "{stdout}");

    // Starting again continues the saved game.
    let out = Process::new(BIN)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("DISCORD_TOKEN", "")
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Continuing game #1"), "{stdout}");
}

#[tokio::test]
async fn play_takes_a_stacked_deck_removed_types_and_the_first_player() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("deck.db");
    let deck = dir.path().join("deck.txt");
    std::fs::write(
        &deck,
        "# top first\norca dolphin-m sealion\nreserve\ncoin orca\n",
    )
    .expect("write deck");
    let out = play(&db)
        .args([
            "--players",
            "ana,ben",
            "--first",
            "ben",
            "--removed",
            "penguin hippo turtle",
            "--json",
            "--deck",
        ])
        .arg(&deck)
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(b"ben: /aq draw truck:3\nana: /aq draw truck:3\n")?;
            }
            child.wait_with_output()
        })
        .expect("runs");
    let objects = json_lines_of(out);
    assert_eq!(objects.len(), 2);
    let game = &objects[1]["game"];
    assert_eq!(
        game["removed"],
        serde_json::json!(["turtle", "penguin", "hippo"])
    );
    assert_eq!(
        game["trucks"][2]["tiles"],
        serde_json::json!(["orca", "dolphin-m"])
    );
    assert_eq!(game["draw_pile"], 1);
    assert_eq!(game["reserve"], 2);
    assert_eq!(game["current"], "ben");
}

/// Drives `play --script - --json` line by line, as a tool would: after every
/// line, `legal` lists exactly the legal moves (each command parses back to
/// one of the engine's legal actions, and none is missing), `moves` shows
/// the same under the same numbers (in at most 30 lines, long families
/// listed by the `moves <family>` its line names), and a random number from
/// the list plays that move, to the end.
#[tokio::test]
async fn numbers_from_the_legal_list_play_whole_games() {
    use aquaretto_bot::command::parse;
    use aquaretto_bot::referee::to_action;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;
    for (names, seed) in [("ana,ben", 3u64), ("ana,ben,cy,dee", 8)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("games.db");
        let mut child = play(&db)
            .args(["--players", names, "--seed", &seed.to_string()])
            .args(["--script", "-", "--json"])
            .stdin(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut say = |line: &str| -> serde_json::Value {
            writeln!(stdin, "{line}").expect("write a line");
            stdin.flush().expect("flush");
            let mut out = String::new();
            stdout.read_line(&mut out).expect("read a line");
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
        };
        // The first answer comes once the binary has created the database.
        let mut line = say("moves");
        let store = Store::open(db.to_str().expect("utf-8 path"))
            .await
            .expect("database opens");
        let referee = Referee::new(store);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut played = 0;
        loop {
            let legal: Vec<String> = line["legal"]
                .as_array()
                .expect("every line has legal")
                .iter()
                .map(|v| v.as_str().expect("command text").to_string())
                .collect();
            let loaded = referee
                .find_game(None, Some("local"))
                .await
                .expect("database reads")
                .expect("a game")
                .expect("not damaged");
            let game = loaded.game().expect("started");
            let Some(seat) = game.to_act() else {
                assert!(legal.is_empty(), "moves offered after the end: {legal:?}");
                break;
            };
            let want: BTreeSet<_> = game.legal_actions(seat).into_iter().collect();
            let got: BTreeSet<_> = legal
                .iter()
                .map(|text| {
                    let command = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    let action = to_action(&command, &loaded).unwrap_or_else(|e| panic!("{e:?}"));
                    game.canonical(seat, &action)
                })
                .collect();
            assert_eq!(got.len(), legal.len(), "each command once");
            assert_eq!(got, want, "legal at move {}", loaded.log().len());
            // `moves` fits in 30 lines; each move is on it under its number
            // in `legal`, or on the list of the family a folded line names.
            let listed = say("moves");
            let reply = listed["reply"].as_str().expect("reply").to_string();
            assert!(reply.lines().count() <= 30, "{reply}");
            let mut shown: Vec<String> = reply.lines().map(str::to_string).collect();
            for family in reply
                .lines()
                .filter_map(|l| l.split_once("`moves ")?.1.split_once("` lists them"))
                .map(|(family, _)| family.to_string())
                .collect::<Vec<_>>()
            {
                let members = say(&format!("moves {family}"));
                assert_eq!(members["ok"], true, "moves {family}: {}", members["reply"]);
                let members = members["reply"].as_str().expect("reply");
                shown.extend(members.lines().map(str::to_string));
            }
            for (i, text) in legal.iter().enumerate() {
                let line = format!("{:>3}. {text}", i + 1);
                assert!(
                    shown.contains(&line),
                    "moves lists {text} as {}: {reply}",
                    i + 1
                );
            }
            let pick = rng.random_range(1..=legal.len());
            line = say(&pick.to_string());
            assert_eq!(line["ok"], true, "{}: {}", pick, line["reply"]);
            assert_eq!(line["played"], legal[pick - 1].as_str());
            played += 1;
        }
        drop(stdin);
        let out = child.wait_with_output().expect("the binary ends");
        assert!(out.status.success());
        assert!(played > 40, "{played} moves");
        let game = stored_game(&db).await;
        assert!(game.is_over(), "the game was played to its end");
    }
}

/// `--players` with only computer players and an empty script plays the game
/// out; with a person among them, the computers answer each of the person's
/// moves at once, and `hint` suggests one of the person's legal moves.
#[tokio::test]
async fn computer_players_in_the_terminal_play_out_and_answer_moves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("cpu.db");
    let out = play(&db)
        .args([
            "--players",
            "cpu:normal,cpu:easy,cpu",
            "--seed",
            "4",
            "--script",
            "-",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let game = stored_game(&db).await;
    assert!(game.is_over(), "played out");
    let store = Store::open(db.to_str().expect("utf-8 path"))
        .await
        .expect("database opens");
    let loaded = Referee::new(store)
        .find_game(None, Some("local"))
        .await
        .expect("database reads")
        .expect("a game exists")
        .expect("the game is not damaged");
    let names: Vec<&str> = loaded.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Normal bot", "Easy bot", "Normal bot 2"]);
    assert!(loaded.log().iter().all(|m| m.auto.is_some()));
    assert!(String::from_utf8_lossy(&out.stdout).contains("The game is over"));

    let db = dir.path().join("mixed.db");
    let out = play(&db)
        .args([
            "--players",
            "ana,cpu:strong",
            "--first",
            "ana",
            "--seed",
            "8",
            "--json",
            "--script",
            "-",
        ])
        .stdin(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(b"ana: hint\nana: 1\n")?;
            }
            child.wait_with_output()
        })
        .expect("runs");
    let objects = json_lines_of(out);
    assert_eq!(objects.len(), 2);
    let hint = objects[0]["reply"].as_str().expect("reply");
    assert!(objects[0]["ok"] == true && hint.starts_with("Hint for game #1: "));
    let after_hint = &objects[0]["game"];
    assert_eq!(after_hint["moves"].as_array().map(Vec::len), Some(0));
    let suggested = hint
        .lines()
        .next()
        .and_then(|l| l.split_once(": /aq "))
        .map(|(_, c)| c.to_string())
        .expect("a command");
    assert!(
        objects[0]["legal"]
            .as_array()
            .expect("legal")
            .contains(&serde_json::json!(suggested)),
        "{suggested}"
    );
    // ana's move, then the strong computer's at once: ana acts again.
    assert_eq!(objects[1]["ok"], true);
    let moves = objects[1]["game"]["moves"].as_array().expect("moves");
    assert!(moves.len() >= 2, "{moves:?}");
    assert_eq!(objects[1]["game"]["current"], "ana");
}

/// The past in the terminal: a finished game's history with dates for
/// Discord's time tags, its replay written as a GIF with `--out`, its export
/// written with `--out` equal to the `export` subcommand's bytes, and stats.
#[tokio::test]
async fn history_replay_export_and_stats_in_the_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("past.db");
    let out = play(&db)
        .args(["--players", "cpu:easy,cpu:easy", "--script", "-"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gif = dir.path().join("game.gif");
    let json = dir.path().join("game.json");
    let lines = format!(
        "history game:1\nreplay game:1 speed:fast --out {}\nexport game:1 --out {}\nstats\n",
        gif.display(),
        json.display()
    );
    let script = dir.path().join("past.txt");
    std::fs::write(&script, lines).expect("script written");
    let out = play(&db)
        .args(["--script", script.to_str().expect("utf-8 path")])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Game #1 (finished): moves"), "{text}");
    assert!(
        text.contains(" UTC") && !text.contains("<t:"),
        "dates: {text}"
    );
    assert!(text.contains("The game is over"), "{text}");
    assert!(text.contains("1 game finished"), "stats: {text}");
    let bytes = std::fs::read(&gif).expect("the replay is written");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&bytes[..]).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("frames decode").is_some() {
        frames += 1;
    }
    assert!(frames > 10, "{frames} pictures");
    let exported = Process::new(BIN)
        .args([
            "export",
            "--db",
            db.to_str().expect("utf-8 path"),
            "--game",
            "1",
        ])
        .output()
        .expect("runs");
    assert!(exported.status.success());
    assert_eq!(
        std::fs::read(&json).expect("the export is written"),
        exported.stdout
    );
}

/// Ratings in the terminal: two games of computer players, then `stats`
/// shows both levels on the ratings' leaderboard after two rated games,
/// and `stats "Strong bot"` its rating after each game, the newest first.
#[tokio::test]
async fn stats_in_the_terminal_show_the_ratings_and_a_players_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("rated.db");
    for _ in 0..2 {
        let out = play(&db)
            .args(["--players", "cpu:easy,cpu:strong", "--script", "-"])
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let script = dir.path().join("stats.txt");
    std::fs::write(&script, "stats\nstats \"Strong bot\"\n").expect("script written");
    let out = play(&db)
        .args(["--script", script.to_str().expect("utf-8 path")])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("2 games finished"), "{text}");
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Ratings (Weng-Lin)"))
        .skip(1)
        .take_while(|l| l.contains(" — "))
        .collect();
    assert_eq!(board.len(), 2, "{text}");
    for level in ["Easy bot", "Strong bot"] {
        assert!(
            board
                .iter()
                .any(|l| l.contains(&format!("{level} — ")) && l.ends_with("after 2 rated games")),
            "{level} in:\n{text}"
        );
    }
    let history: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Rating after each recent rated game"))
        .skip(1)
        .take(2)
        .collect();
    assert!(
        history[0].starts_with("Game #2: ") && history[1].starts_with("Game #1: "),
        "{text}"
    );
    assert!(history.iter().all(|l| l.ends_with(" of 2")), "{text}");
}

/// The game's status and moves, as the database holds them now (read while
/// another process may write).
async fn progress(db: &Path) -> Option<(String, i64)> {
    let options = aquaretto_bot::store::StoreOptions {
        read_only: true,
        ..Default::default()
    };
    let store = Store::open_with(db.to_str()?, &options).await.ok()?;
    sqlx::query_as("SELECT status, move_count FROM games WHERE channel = 'local'")
        .fetch_optional(store.pool())
        .await
        .ok()
        .flatten()
}

#[tokio::test]
async fn computer_seats_a_kill_left_to_move_play_when_the_game_is_opened_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("computers.db");
    // Two strong computer players: a game of some seconds, all of it played
    // by the command that starts it.
    let mut child = play(&db)
        .args(["--players", "cpu:strong,cpu:strong", "--seed", "5"])
        .stdin(Stdio::null())
        .spawn()
        .expect("starts");
    // Killed once a few of its moves are stored: between two computer moves
    // or in the middle of one.
    // (Polled against a deadline: this waits on another process, not on a
    // timer.)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let mut seen = None;
    while std::time::Instant::now() < deadline {
        seen = progress(&db).await;
        if seen.as_ref().is_some_and(|(_, moves)| *moves >= 4) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let (status, moves) = progress(&db).await.expect("a game is stored");
    assert_eq!(status, "running", "killed mid-game ({seen:?})");
    assert!(moves >= 4, "{moves} moves stored");

    // Opened again with nothing to say: the computer seats play on, once,
    // to the end, and the terminal shows what they did.
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").expect("write script");
    // The plain output of `play` on the database with the empty script.
    let reopen = || {
        let out = play(&db)
            .arg("--script")
            .arg(&empty)
            .output()
            .expect("runs");
        let said = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "{said}");
        said
    };
    let said = reopen();
    assert!(
        said.contains("Strong bot"),
        "what they did is shown: {said}"
    );
    let (status, after) = progress(&db).await.expect("a game is stored");
    assert_eq!(status, "finished", "{said}");
    let game = stored_game(&db).await;
    assert!(game.is_over());
    assert_eq!(
        game.moves() as i64,
        after,
        "the state is the replay of the log"
    );
    // Opened once more: nothing is left to play, nothing is played twice.
    let said_again = reopen();
    assert!(
        !said_again.contains("Strong bot"),
        "what they did is shown once: {said_again}"
    );
    assert_eq!(progress(&db).await, Some(("finished".to_string(), after)));
}

/// `review` in the terminal after a whole game of a short stacked deck:
/// refused while the game runs, then (the terminal waits for it) each
/// player's costliest decisions with the move played and the one preferred.
#[tokio::test]
async fn review_tells_each_players_costliest_decisions_once_the_game_is_over() {
    use aquaretto_bot::command::Command;
    use aquaretto_bot::cpu::{choose, Level};
    use aquaretto_bot::engine::{Animal, Deck, Setup, Tile};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("review.db");
    let deck_file = dir.path().join("deck.txt");
    let removed = [Animal::Turtle, Animal::Penguin, Animal::PolarBear];
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut tiles = Tile::shuffled_box(&kept);
    tiles.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(8));
    tiles.truncate(16);
    let reserve = tiles.split_off(12);
    let deck = Deck {
        draw: tiles,
        reserve,
    };
    std::fs::write(&deck_file, deck.to_text()).expect("write deck");
    let names = ["ana", "ben"];
    let mut setup = Setup::new(names, 0);
    setup.deck = Some(deck);
    setup.removed = Some(removed.to_vec());
    setup.first = Some("ana".into());
    let mut game = Game::new(setup).expect("a valid setup");
    let seat_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut lines = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = choose(&game, seat, Level::Normal).expect("a move");
        game.apply(seat, &action).expect("legal");
        let command = Command::from_action(&action, &seat_names).to_text();
        lines.push(format!("{}: {command}", names[seat]));
        if lines.len() == 2 {
            lines.push("ana: /aq review".into());
        }
    }
    lines.push("ben: /aq review".into());
    let removed_words: Vec<&str> = removed.iter().map(|a| a.word()).collect();
    let out = play(&db)
        .args(["--players", "ana,ben", "--first", "ana", "--removed"])
        .arg(removed_words.join(" "))
        .arg("--deck")
        .arg(&deck_file)
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all((lines.join("\n") + "\n").as_bytes())?;
            }
            child.wait_with_output()
        })
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Game #1 is not over: a game is reviewed once it has ended."),
        "{stdout}"
    );
    let review = stdout
        .split("Review of game #1")
        .nth(1)
        .unwrap_or_else(|| panic!("a review: {stdout}"));
    assert!(
        review.contains("ana (") && review.contains("ben ("),
        "{review}"
    );
    assert!(review.contains("- Move "), "a costly decision: {review}");
    assert!(
        review.contains("played ") && review.contains("preferred "),
        "{review}"
    );
    assert!(stored_game(&db).await.is_over());
}

/// After a game played out at the keyboard, `rematch` at the names prompt
/// opens the next game with the same players, the seats turned (the player
/// after the one who started sits first and starts), and starts it at
/// once: every seat is local. A practice deal (a chosen seed and deck) is
/// not carried over.
#[tokio::test]
async fn rematch_at_the_keyboard_starts_the_next_game_at_once_with_the_seats_turned() {
    use aquaretto_bot::command::Command;
    use aquaretto_bot::engine::{Deck, Setup};
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("rematch.db");
    let deck_text = "orca reserve dolphin sealion";
    let deck = dir.path().join("deck.txt");
    std::fs::write(&deck, deck_text).expect("write deck");
    // The moves the game takes to its end: the first legal move each time.
    let names = vec!["ana".to_string(), "ben".to_string()];
    let mut game = Game::new(Setup {
        players: names.clone(),
        seed: 5,
        removed: None,
        first: Some("ana".into()),
        deck: Some(Deck::parse(deck_text).expect("a deck")),
    })
    .expect("a setup");
    let mut typed = String::new();
    while let Some(seat) = game.to_act() {
        let action = game.legal_actions(seat).remove(0);
        typed.push_str(&Command::from_action(&action, &names).words());
        typed.push('\n');
        game.apply(seat, &action).expect("legal");
    }
    typed.push_str("rematch\nquit\n");
    let out = play(&db)
        .args([
            "--players",
            "ana,ben",
            "--first",
            "ana",
            "--seed",
            "5",
            "--deck",
        ])
        .arg(&deck)
        .stdin(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(typed.as_bytes())?;
            }
            child.wait_with_output()
        })
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("The game is over"), "{stdout}");
    assert!(
        stdout.contains("rematch plays the last one again"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "ben called a rematch of game #1: game #2, the same players and settings, \
             the seats turned: ben, ana. ben starts."
        ),
        "{stdout}"
    );
    assert!(stdout.contains("dealt afresh"), "{stdout}");
    assert!(stdout.contains("Game #2 begins with ben, ana."), "{stdout}");
    assert!(!stdout.contains("Refused"), "{stdout}");
    let store = Store::open(db.to_str().expect("utf-8 path"))
        .await
        .expect("database opens");
    let loaded = Referee::new(store)
        .find_game(None, Some("local"))
        .await
        .expect("database reads")
        .expect("a game exists")
        .expect("the game is not damaged");
    assert_eq!(loaded.id(), 2);
    assert_eq!(loaded.names(), ["ben", "ana"]);
    assert!(!loaded.practice(), "a rematch is a normal deal");
    let setup = loaded.setup().expect("started");
    assert!(setup.deck.is_none());
    assert_eq!(setup.first.as_deref(), Some("ben"));
    assert_eq!(loaded.game().expect("started").to_act(), Some(0));
}

/// `settings clock:` at the keyboard: a bad pace and a weekend pause
/// without a clock are refused and change nothing; a pace set during the
/// game applies from the next turn.
#[tokio::test]
async fn a_clock_is_set_at_the_keyboard_from_the_next_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("clock.db");
    let path = dir.path().join("clock.txt");
    let lines = [
        "ana: settings clock:blitz",
        "ana: settings weekend_pause:on",
        "ana: settings clock:fast weekend_pause:on",
        "ana: draw 1",
        "settings",
    ];
    std::fs::write(&path, lines.join("\n")).expect("write script");
    let out = play(&db)
        .args([
            "--players",
            "ana,ben",
            "--seed",
            "4",
            "--first",
            "ana",
            "--json",
            "--script",
        ])
        .arg(&path)
        .output()
        .expect("runs");
    let objects = json_lines_of(out);
    assert_eq!(objects.len(), lines.len());
    let reply = |i: usize| objects[i]["reply"].as_str().unwrap_or_default().to_string();
    assert_eq!(objects[0]["ok"], false);
    assert!(
        reply(0).contains("'blitz' is not a clock: fast, normal, slow or off"),
        "{}",
        reply(0)
    );
    assert_eq!(objects[1]["ok"], false);
    assert!(
        reply(1).contains("has no clock for weekends to stop"),
        "{}",
        reply(1)
    );
    assert_eq!(objects[2]["ok"], true, "{}", reply(2));
    assert!(
        reply(2).contains("no clock")
            && reply(2).contains("From the next turn")
            && reply(2).contains(
                "clock fast: 1d to start, 4h added each turn, at most 3d; stopped at weekends"
            ),
        "{}",
        reply(2)
    );
    assert_eq!(objects[3]["ok"], true, "{}", reply(3));
    assert!(
        reply(4).contains("clock fast: 1d to start") && !reply(4).contains("From the next turn"),
        "ben's turn has the clock: {}",
        reply(4)
    );
}
