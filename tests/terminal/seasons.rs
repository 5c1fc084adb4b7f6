//! Seasons at the keyboard, through the real binary: the place's season
//! under way counts its rated games, and its length is chosen there (the
//! terminal's player manages its channel).

use crate::support;

use aquaretto_bot::tournament::season::{Season, SeasonLength};
use std::path::Path;
use std::process::Stdio;
use std::time::{SystemTime, UNIX_EPOCH};

/// Runs `play` on `db` with `args` and no input; its output, once it ended
/// well.
fn play(db: &Path, args: &[&str]) -> String {
    let out = support::play(db)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_season_under_way_counts_the_rated_games_and_its_length_is_chosen_at_the_keyboard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("seasons.db");
    for _ in 0..2 {
        play(&db, &["--players", "cpu:easy,cpu:strong", "--script", "-"]);
    }
    let script = dir.path().join("season.txt");
    std::fs::write(
        &script,
        "season\nseason length:month\nseason which:someday\nseason length:off\n",
    )
    .expect("script written");
    let text = play(&db, &["--script", script.to_str().expect("utf-8 path")]);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as i64;
    let quarter = Season::at(now, SeasonLength::Quarter).expect("a quarter");
    let month = Season::at(now, SeasonLength::Month).expect("a month");
    assert!(
        text.contains(&format!("Season {quarter} in this channel: 2 rated games.")),
        "{text}"
    );
    // Computer players are opponents only: nobody is ranked.
    assert!(
        text.contains("Nobody has played 3 rated games this season yet."),
        "{text}"
    );
    assert!(text.contains("Seasons here now last a month."), "{text}");
    assert!(
        text.contains(&format!("Season {month} in this channel: 2 rated games.")),
        "{text}"
    );
    assert!(text.contains("There is no season called someday"), "{text}");
    assert!(text.contains("Seasons are now off here"), "{text}");
}
