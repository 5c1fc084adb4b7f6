//! `/season` through the fake Discord: registered beside `/aq` within
//! Discord's limits, a server's rated games ranked by season (a quarter
//! until those who manage the server choose a month), a season that ended
//! kept as it was (whatever the length chosen later), ratings carried on
//! into the next, refusals that change nothing, and the words in the
//! reader's language.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;
use crate::waiting::finish;

use aquaretto_bot::command::{Group, COMMANDS};
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord::{self as fd, strict};
use support::{Answer, Table, TinyPainter, User, ALICE, BOB, CHANNEL, GUILD};

const DAY: Duration = Duration::from_secs(86_400);
/// Discord's Manage Server permission.
const MANAGE_GUILD: u64 = 1 << 5;

/// `/season` from `who`, with `options`; `manager`: they may manage the
/// server.
async fn season(t: &Table, who: User, options: &[(&str, Value)], manager: bool) -> Answer {
    let mut interaction = t.localized(
        who,
        fd::command_interaction(
            who.id,
            who.name,
            CHANNEL,
            Some(GUILD),
            "season",
            None,
            options,
        ),
    );
    if manager {
        fd::set_member_permissions(&mut interaction, MANAGE_GUILD);
    }
    t.send(&interaction).await
}

/// The value Discord sends for the `length` choice `name`.
fn length(t: &Table, name: &str) -> Value {
    let registered = (t.registrations.iter())
        .find(|c| c["name"] == "season")
        .expect("/season is registered");
    let option = (registered["options"].as_array().into_iter().flatten())
        .find(|o| o["name"] == "length")
        .expect("its length option");
    (option["choices"].as_array().into_iter().flatten())
        .find(|c| {
            c["name"]
                .as_str()
                .is_some_and(|n| n.split(' ').next() == Some(name))
        })
        .map(|c| c["value"].clone())
        .unwrap_or_else(|| panic!("{name} is a choice"))
}

/// A rated game of Alice and Bob in the channel, played to its end.
async fn rated_game(t: &Table, seed: u64) {
    for (who, sub) in [(ALICE, "new"), (BOB, "join"), (ALICE, "start")] {
        let answer = t.say(who, sub, &[]).await;
        assert!(!answer.is_private(), "{sub}: {}", answer.content());
    }
    t.play_to_the_end(seed, |_| {}).await;
}

/// The ranked lines of a season's answer (` 1. alice: ...`).
fn ranked(answer: &Answer) -> Vec<String> {
    answer
        .content()
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .map(str::to_string)
        .collect()
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_servers_seasons_rank_its_rated_games_and_keep_each_as_it_ended
}
async fn a_servers_seasons_rank_its_rated_games_and_keep_each_as_it_ended() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    // Registered beside /aq, within Discord's limits.
    let registered = (t.registrations.iter())
        .find(|c| c["name"] == "season")
        .expect("/season is registered")
        .clone();
    strict::command_limits(&registered, "0").unwrap_or_else(|(at, _, why)| panic!("{at}: {why}"));
    let options: Vec<&str> = (registered["options"].as_array().into_iter().flatten())
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert_eq!(options, ["which", "length"]);
    let spec = COMMANDS.iter().find(|s| s.name == "season").expect("a row");
    assert_eq!(spec.group, Group::Apart);

    // No game yet: the server's seasons are quarters until it chooses.
    let empty = season(&t, ALICE, &[], false).await;
    assert!(empty.is_private(), "{}", empty.content());
    assert!(
        empty.content().contains("Season 2026-Q4 in this server")
            && empty.content().contains("0 rated games")
            && empty
                .content()
                .contains("Nobody has played 3 rated games this season yet"),
        "{}",
        empty.content()
    );

    // A member who may not manage the server cannot choose; nothing changes.
    let rows = t.rows().await;
    let refused = season(&t, ALICE, &[("length", length(&t, "month"))], false).await;
    assert!(refused.is_private(), "{}", refused.content());
    assert!(
        refused
            .content()
            .contains("Only those who may manage the server"),
        "{}",
        refused.content()
    );
    assert_eq!(t.rows().await, rows, "a refusal changes nothing");
    // Nor is a season that does not exist, or has not begun, shown.
    for (which, says) in [
        ("someday", "There is no season called someday"),
        ("2026-13", "There is no season called 2026-13"),
        ("2027-05", "Season 2027-05 has not begun"),
    ] {
        let refused = season(&t, BOB, &[("which", json!(which))], false).await;
        assert!(refused.is_private(), "{}", refused.content());
        assert!(refused.content().contains(says), "{}", refused.content());
        assert_eq!(t.rows().await, rows, "{which} changes nothing");
    }

    // Those who manage it choose months.
    let chosen = season(&t, ALICE, &[("length", length(&t, "month"))], true).await;
    assert!(chosen.is_private(), "{}", chosen.content());
    assert!(
        chosen.content().contains("Seasons here now last a month.")
            && chosen.content().contains("Season 2026-11 in this server"),
        "{}",
        chosen.content()
    );

    // Three rated games in November: both ranked, by their ratings.
    for seed in [1, 2, 3] {
        rated_game(&t, seed).await;
    }
    let november = season(&t, BOB, &[], false).await;
    assert!(
        november.content().contains("3 rated games")
            && november.content().contains("This season ends"),
        "{}",
        november.content()
    );
    let lines = ranked(&november);
    assert_eq!(lines.len(), 2, "{}", november.content());
    for line in &lines {
        assert!(
            line.contains("3 games") && line.contains("this season"),
            "{line}"
        );
    }
    let names: Vec<bool> = ["alice", "bob"]
        .iter()
        .map(|n| lines.iter().any(|l| l.contains(n)))
        .collect();
    assert_eq!(names, [true, true], "{lines:?}");
    let wins: u32 = lines
        .iter()
        .filter_map(|l| l.rsplit(", ").next())
        .filter_map(|w| w.trim_end_matches(" won").trim().parse::<u32>().ok())
        .sum();
    assert!(wins >= 3, "every game has a winner: {lines:?}");
    // The same in Japanese.
    t.set_locale(BOB, "ja");
    let ja = season(&t, BOB, &[], false).await;
    assert!(
        ja.content().contains("シーズン 2026-11") && ja.content().contains("3 局"),
        "{}",
        ja.content()
    );
    t.set_locale(BOB, "en-US");

    // December: a new season, the ratings carried on; November kept.
    t.advance(8 * DAY).await;
    let december = season(&t, ALICE, &[], false).await;
    assert!(
        december.content().contains("Season 2026-12")
            && december.content().contains("0 rated games"),
        "{}",
        december.content()
    );
    let last = season(&t, ALICE, &[("which", json!("last"))], false).await;
    assert!(
        last.content().contains("Season 2026-11") && last.content().contains("It has ended"),
        "{}",
        last.content()
    );
    assert_eq!(ranked(&last), lines, "November as it was");
    let kept: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM seasons_kept WHERE season = '2026-11'")
            .fetch_one(t.referee.store().pool())
            .await
            .expect("seasons_kept");
    assert_eq!(kept, 1, "kept once");
    // A game in December counts in December; the ratings it starts from
    // are November's.
    rated_game(&t, 4).await;
    let stats = t
        .say(
            ALICE,
            "stats",
            &[("player", fd::user_option(ALICE.id, ALICE.name))],
        )
        .await;
    assert!(stats.content().contains("4 games"), "{}", stats.content());
    // Quarters again: November is still as it ended; the quarter under way
    // holds all four games.
    let quarters = season(&t, ALICE, &[("length", length(&t, "quarter"))], true).await;
    assert!(
        quarters
            .content()
            .contains("Seasons here now last a quarter")
            && quarters.content().contains("Season 2026-Q4")
            && quarters.content().contains("4 rated games"),
        "{}",
        quarters.content()
    );
    let again = season(&t, BOB, &[("which", json!("2026-11"))], false).await;
    assert_eq!(ranked(&again), lines, "November is kept as it ended");
    // Off: no seasons, and the all-time leaderboard.
    let off = season(&t, ALICE, &[("length", length(&t, "off"))], true).await;
    assert!(
        off.content().contains("Seasons are now off here"),
        "{}",
        off.content()
    );
    let none = season(&t, BOB, &[], false).await;
    assert!(
        none.content()
            .contains("There are no seasons in this server"),
        "{}",
        none.content()
    );
    finish(t).await;
}
