//! A newcomer's first minutes, through the binary exactly as the README
//! starts it: no arguments, no token, an empty folder (the database is
//! created there), lines on standard input. However the players are typed
//! (one a line, a computer level, several at once, a sixth, one twice, into
//! a lobby left from an earlier run), the run ends in a running game or at a
//! prompt that says what can come next, and no line is refused but the one
//! that should be. Then the first screen teaches the game, `help` starts
//! with how to begin, and commands take their one option bare.

use aquaretto_bot::engine::Game;
use aquaretto_bot::referee::{Loaded, Referee};
use aquaretto_bot::store::{GameStatus, Store};
use std::io::Write;
use std::path::Path;
use std::process::{Command as Process, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// What the prompt says with one player seated.
const ONE_SEATED: &str = "ana is seated. Another name, or cpu:normal for a computer player; Enter to start with 2 or more.";

/// The paragraph that opens a game at the keyboard.
const FIRST_TURN: &str = "How a turn works: on your turn you do one thing";

/// Runs `aquaretto-bot` with no arguments in `dir` with `input` typed;
/// its standard output.
fn plain(dir: &Path, input: &str) -> String {
    let mut child = Process::new(BIN)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("typed");
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("local game in the terminal"),
        "it says it plays locally: {stderr}"
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The game of the folder's database, as the referee loads it.
async fn stored(dir: &Path) -> Loaded {
    let db = dir.join("aquaretto.db");
    let store = Store::open(db.to_str().expect("utf-8 path"))
        .await
        .expect("the database is in the folder");
    Referee::new(store)
        .find_game(None, Some("local"))
        .await
        .expect("reads")
        .expect("a game")
        .expect("not damaged")
}

/// The started game and its players' names.
async fn running(dir: &Path) -> (Game, Vec<String>) {
    let loaded = stored(dir).await;
    assert_eq!(loaded.status(), GameStatus::Running);
    let game = loaded.game().cloned().expect("started");
    (game, loaded.names())
}

/// The refusals the run printed, each from its "Refused" on (after the
/// prompt it follows).
fn refusals(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|l| l.find("Refused").map(|at| &l[at..]))
        .collect::<Vec<_>>()
}

#[tokio::test]
async fn one_name_then_another_then_enter_starts_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana\nben\n\nmoves\nquit\n");
    assert!(out.contains(ONE_SEATED), "{out}");
    assert!(
        out.contains("Seated: ana, ben. Another name or cpu:normal, or Enter to start."),
        "{out}"
    );
    assert!(out.contains("Game #1 begins with ana, ben."), "{out}");
    assert!(out.contains(FIRST_TURN), "{out}");
    // Two people at one keyboard: how one acts as the other, named after
    // one of them.
    assert!(
        out.contains("Everyone plays at this keyboard: the prompt names who is to act, and 'ben: take 1' acts as ben."),
        "{out}"
    );
    assert!(out.contains(" may play ("), "moves answers: {out}");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    let (game, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "ben"]);
    assert_eq!(game.moves(), 0);
}

#[tokio::test]
async fn one_name_then_a_computer_level() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana\ncpu:normal\n\nquit\n");
    assert!(out.contains(ONE_SEATED), "{out}");
    assert!(out.contains("Seated: ana, Normal bot."), "{out}");
    assert!(
        out.contains("Game #1 begins with ana, Normal bot."),
        "{out}"
    );
    assert_eq!(refusals(&out), Vec::<&str>::new());
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "Normal bot"]);
}

#[tokio::test]
async fn a_computer_level_first_then_a_name_then_start_typed() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The terminal opens this table for the computer player and runs it
    // from outside: `start` typed at the names prompt is its creator's.
    let out = plain(dir.path(), "cpu:easy\nana\nstart\nquit\n");
    assert!(
        out.contains("Easy bot is seated. Another name, or cpu:normal"),
        "{out}"
    );
    assert!(out.contains("Game #1 begins with Easy bot, ana."), "{out}");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["Easy bot", "ana"]);
}

#[tokio::test]
async fn several_names_at_once_are_the_whole_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana, ben,cpu:strong\nquit\n");
    assert!(
        out.contains("Game #1 begins with ana, ben, Strong bot."),
        "{out}"
    );
    assert!(out.contains(FIRST_TURN), "{out}");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "ben", "Strong bot"]);
}

#[tokio::test]
async fn a_sixth_player_is_refused_and_the_five_can_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana, ben, cy, dee, eve, fay\ngus\n\nquit\n");
    assert_eq!(
        refusals(&out),
        [
            "Refused (fay): The table is full: Aquaretto seats 5 players at most.",
            "Refused (gus): The table is full: Aquaretto seats 5 players at most."
        ],
        "{out}"
    );
    assert!(
        out.contains("Seated: ana, ben, cy, dee, eve. The table is full: Enter to start."),
        "{out}"
    );
    assert!(
        out.contains("Game #1 begins with ana, ben, cy, dee, eve."),
        "{out}"
    );
    let (_, names) = running(dir.path()).await;
    assert_eq!(names.len(), 5);
}

#[tokio::test]
async fn a_name_typed_twice_is_refused_once_and_the_prompt_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana\nANA\nben\n\nquit\n");
    assert_eq!(
        refusals(&out),
        ["Refused (ANA): ana is already seated: type another name."],
        "{out}"
    );
    assert_eq!(out.matches(ONE_SEATED).count(), 2, "{out}");
    assert!(out.contains("Game #1 begins with ana, ben."), "{out}");
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "ben"]);
}

#[tokio::test]
async fn enter_with_one_seated_asks_for_another_player() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "\nana\n\n");
    let refused = refusals(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert_eq!(
        refused[0],
        "Refused: Aquaretto needs 2 to 5 players: type another name, or cpu:normal for a computer player.",
        "the way on at the keyboard, not Discord's join: {out}"
    );
    assert!(
        out.ends_with(&format!(
            "{ONE_SEATED}\nnames> Bye: the game is saved; `aquaretto-bot play` continues it.\n"
        )),
        "{out}"
    );
    let loaded = stored(dir.path()).await;
    assert_eq!(loaded.status(), GameStatus::Lobby);
    assert_eq!(loaded.names(), ["ana"]);
}

#[tokio::test]
async fn a_lobby_left_from_an_earlier_run_is_continued() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = plain(dir.path(), "ana\n");
    assert!(first.contains(ONE_SEATED), "{first}");
    // Started again: the lobby is shown with how to go on, and names typed
    // there are added (ana, already seated, is told so; ben joins).
    let again = plain(dir.path(), "ana, ben\n\nquit\n");
    assert!(
        again.starts_with("Game #1 is gathering players: ana. To go on, type a name (or cpu:normal) to add a player, Enter to start with 2 or more, or abandon to close it."),
        "{again}"
    );
    assert_eq!(
        refusals(&again),
        ["Refused (ana): ana is already seated: type another name."],
        "{again}"
    );
    assert!(again.contains("Game #1 begins with ana, ben."), "{again}");
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "ben"]);
}

#[tokio::test]
async fn a_lobby_left_from_an_earlier_run_can_be_abandoned() {
    let dir = tempfile::tempdir().expect("temp dir");
    plain(dir.path(), "cy\n");
    let again = plain(dir.path(), "abandon\nana\ncpu\n\nquit\n");
    assert!(again.contains("abandoned game #1"), "{again}");
    assert!(again.contains(ONE_SEATED), "{again}");
    assert!(
        again.contains("Game #2 begins with ana, Normal bot."),
        "{again}"
    );
    assert_eq!(refusals(&again), Vec::<&str>::new());
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "Normal bot"]);
}

#[tokio::test]
async fn help_at_the_names_prompt_and_in_the_game_starts_with_how_to_begin() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "help\nana, ben\nhelp\nquit\n");
    assert_eq!(
        out.matches("How to begin: type the players' names").count(),
        2,
        "{out}"
    );
    assert_eq!(
        out.matches("How to play by numbers: type moves").count(),
        2,
        "{out}"
    );
    assert!(out.contains("/aq draw truck:<n>"), "{out}");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    running(dir.path()).await;
}

/// Every command whose one option may come bare, typed bare at the game's
/// prompt: each is answered as its named form is, and the moves are stored
/// by name. Bare values that fit no option are refused with the options.
#[tokio::test]
async fn commands_take_their_one_option_bare_at_the_keyboard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(
        dir.path(),
        "ana\nben\n\nrules money\nzoo ben\nstats ana\ngames 1\nexport 1\nmoves draw\nnotify on\n\
         history 3\nboard 3\ndraw two\nmoves fly\ndraw 1\ndraw 2\nquit\n",
    );
    assert!(out.contains("Rules - money: Money actions"), "{out}");
    assert!(out.contains("ben's zoo in game #1."), "{out}");
    assert!(
        out.contains("\"status\": \"running\""),
        "export 1 prints the record: {out}"
    );
    assert!(
        out.contains("may play 3 of "),
        "moves draw lists the draws: {out}"
    );
    let loaded = stored(dir.path()).await;
    let first = &loaded.seats()[loaded.log()[0].seat].name;
    assert_eq!(
        refusals(&out),
        [
            "Refused: Nobody called ana has finished a game in this channel: /aq past stats without a player shows who has.",
            "Refused: '3' alone is not an option of /aq history: name the option, as in /aq history [move:<n>] [game:<id>].",
            "Refused: Text is on or off, not '3' (/aq board [text]).",
            "Refused: Truck must be a whole number, not 'two' (/aq draw truck:<n>).",
            "Refused: No moves of 'fly' for ana now: the families are draw, expand small (moves alone lists them all).",
        ]
        .map(|r| r.replace(" for ana ", &format!(" for {first} "))),
        "{out}"
    );
    let commands: Vec<&str> = loaded.log().iter().map(|m| m.command.as_str()).collect();
    assert_eq!(commands, ["/aq draw truck:1", "/aq draw truck:2"]);
}

#[tokio::test]
async fn after_a_game_is_abandoned_or_played_out_the_names_prompt_comes_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(
        dir.path(),
        "ana, ben\nabandon\ncpu:easy, cpu:easy\nscore\ncy, dee\nquit\n",
    );
    assert!(out.contains("abandoned game #1"), "{out}");
    assert!(
        out.contains("No game runs now: the names prompt starts a new one"),
        "{out}"
    );
    // Two computer players play their game out at once; the prompt asks
    // for names again, and `score` there shows the game just played.
    assert!(
        out.contains("Game #2 begins with Easy bot, Easy bot 2."),
        "{out}"
    );
    assert!(out.contains("The game is over"), "{out}");
    assert!(out.contains("Scores in game #2 (finished)"), "{out}");
    assert!(out.contains("Game #3 begins with cy, dee."), "{out}");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["cy", "dee"]);
}

/// Bare values in a script (`play --script`), for the moves a player makes
/// most: draw, take, place in the zoo and in the depot; and `addbot`'s level
/// bare at the names prompt. The record keeps every move by name.
#[tokio::test]
async fn a_script_takes_bare_values_for_draw_take_and_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = dir.path().join("deck.txt");
    std::fs::write(
        &deck,
        "orca dolphin-m sealion sealion-f\nreserve\ncoin orca\n",
    )
    .expect("write deck");
    let mut child = Process::new(BIN)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .current_dir(dir.path())
        .args(["play", "--players", "ana,ben", "--first", "ben"])
        .args(["--removed", "penguin hippo turtle", "--deck"])
        .arg(&deck)
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(
            b"ben: draw 3\nana: take 3\nana: place K11\nben: draw 1\nben: take 1\n\
              ben: place depot\nben: place K12\n",
        )
        .expect("typed");
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("ana placed an orca on K11."), "{stdout}");
    assert!(
        stdout.contains("ben put a fertile male dolphin in the depot."),
        "{stdout}"
    );
    // The one refusal: nothing waits to be placed any more.
    let refused: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("refused:"))
        .collect();
    assert_eq!(refused.len(), 1, "{stdout}");
    let loaded = stored(dir.path()).await;
    let commands: Vec<&str> = loaded.log().iter().map(|m| m.command.as_str()).collect();
    assert_eq!(
        commands,
        [
            "/aq draw truck:3",
            "/aq take truck:3",
            "/aq place at:K11",
            "/aq draw truck:1",
            "/aq take truck:1",
            "/aq place at:depot",
        ]
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let out = plain(dir.path(), "ana\naddbot easy\n\nquit\n");
    assert_eq!(refusals(&out), Vec::<&str>::new());
    assert!(out.contains("Game #1 begins with ana, Easy bot."), "{out}");
    let (_, names) = running(dir.path()).await;
    assert_eq!(names, ["ana", "Easy bot"]);
}
