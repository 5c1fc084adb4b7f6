//! The `moves` list over every position of random games, 2 to 5 players: it
//! never takes more than 30 lines, and it accounts for every legal move
//! under the number the terminal plays it by (its place in the engine's
//! legal moves, the `legal` of `--json`): listed on a line of its own, or
//! folded into a line whose `moves <family>` lists it with that number.
//! Random games per player count: `PROPTEST_CASES` (64 by default here;
//! each checks every position of its game).

use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::{Game, Setup};
use aquaretto_bot::lang::{plain, Lang};
use aquaretto_bot::referee::Front;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The bound on a list a person reads, written here rather than
/// taken from the code it checks.
const MAX_LINES: usize = 30;

/// Names with a space among them, so that a family named by a player
/// (`moves buy ana maria`) is tried.
const NAMES: [&str; 5] = ["ana maria", "ben", "cy", "dee", "eve"];

/// The legal moves of the player to act as the terminal numbers them.
fn legal_texts(game: &Game, names: &[String]) -> Vec<String> {
    let Some(seat) = game.to_act() else {
        return Vec::new();
    };
    game.legal_actions(seat)
        .iter()
        .map(|a| {
            Command::from_action(a, names)
                .to_text()
                .trim_start_matches("/aq ")
                .to_string()
        })
        .collect()
}

/// The `moves` answer said in English, as the terminal prints it.
fn moves_list(
    game: &Game,
    names: &[String],
    of: Option<&str>,
    front: Front,
) -> Option<Result<String, String>> {
    let english = Lang::english();
    aquaretto_bot::referee::moves_list(game, names, of, front).map(|listed| {
        listed
            .map(|text| plain(&english, &text))
            .map_err(|why| plain(&english, &why))
    })
}

/// A line of a list showing move `n` (from 1) as `text`.
fn move_line(n: usize, text: &str) -> String {
    format!("{n:>3}. {text}")
}

/// Checks the list at one position; the moves it accounts for, by number.
fn check_position(game: &Game, names: &[String]) -> Result<(), String> {
    let legal = legal_texts(game, names);
    for front in [Front::Terminal, Front::Discord] {
        let listed = moves_list(game, names, None, front);
        let text = match (listed, legal.is_empty()) {
            (None, true) => continue,
            (None, false) => return Err(format!("no list for {} moves", legal.len())),
            (Some(Err(why)), _) => return Err(format!("the list is refused: {why}")),
            (Some(Ok(text)), _) => text,
        };
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() > MAX_LINES {
            return Err(format!("{} lines:\n{text}", lines.len()));
        }
        let count = match legal.len() {
            1 => "(1 move)".to_string(),
            n => format!("({n} moves)"),
        };
        if !lines[0].contains(&count) {
            return Err(format!("the first line does not count the moves:\n{text}"));
        }
        let mut seen = vec![0usize; legal.len()];
        for line in &lines[1..] {
            if let Some(i) = (0..legal.len()).find(|&i| *line == move_line(i + 1, &legal[i])) {
                seen[i] += 1;
                continue;
            }
            // A folded line: "a-b. what: n things — `moves <family>` lists them".
            let (range, rest) = line
                .split_once(". ")
                .ok_or_else(|| format!("a line of neither kind: {line:?}\n{text}"))?;
            let (a, b) = range
                .trim()
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                .ok_or_else(|| format!("no numbers on {line:?}\n{text}"))?;
            let count: usize = rest
                .split_once(": ")
                .and_then(|(_, r)| r.split_whitespace().next()?.parse().ok())
                .ok_or_else(|| format!("no count on {line:?}"))?;
            if count != b + 1 - a || count < 2 {
                return Err(format!("{line:?} counts {count} for {a}-{b}"));
            }
            if front == Front::Discord {
                for n in a..=b {
                    seen[n - 1] += 1;
                }
                continue;
            }
            let family = rest
                .split_once("`moves ")
                .and_then(|(_, r)| r.split_once('`'))
                .map(|(f, _)| f)
                .ok_or_else(|| format!("{line:?} names no family"))?;
            let members = match moves_list(game, names, Some(family), front) {
                Some(Ok(members)) => members,
                other => return Err(format!("moves {family}: {other:?}")),
            };
            let shown: Vec<&str> = members.lines().skip(1).collect();
            if shown.len() != count {
                return Err(format!("moves {family} lists {} of {count}", shown.len()));
            }
            for n in a..=b {
                if !shown.contains(&move_line(n, &legal[n - 1]).as_str()) {
                    return Err(format!(
                        "moves {family} does not list {n}. {}:\n{members}",
                        legal[n - 1]
                    ));
                }
                seen[n - 1] += 1;
            }
        }
        if let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!(
                "move {} ({}) is accounted for {} times:\n{text}",
                i + 1,
                legal[i],
                seen[i]
            ));
        }
    }
    Ok(())
}

/// Plays a random game, checking the list at every position. Half the
/// games pick a kind of move first (so money actions come up), half any
/// legal move.
fn random_game(players: usize, seed: u64) -> Result<usize, String> {
    let names: Vec<String> = NAMES[..players].iter().map(|s| s.to_string()).collect();
    let mut game = Game::new(Setup::new(names.clone(), seed)).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let by_kind = rng.random_bool(0.5);
    let mut positions = 0;
    while let Some(seat) = game.to_act() {
        check_position(&game, &names).map_err(|e| format!("move {}: {e}", game.moves()))?;
        positions += 1;
        let action = if by_kind {
            random_action(&game, seat, &mut rng)
        } else {
            let legal = game.legal_actions(seat);
            (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
        };
        let Some(action) = action else { break };
        game.apply(seat, &action).map_err(|r| r.to_string())?;
    }
    check_position(&game, &names)?;
    Ok(positions)
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn moves_fits_in_30_lines_and_accounts_for_every_move_2_players(seed in any::<u64>()) {
        random_game(2, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn moves_fits_in_30_lines_and_accounts_for_every_move_3_players(seed in any::<u64>()) {
        random_game(3, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn moves_fits_in_30_lines_and_accounts_for_every_move_4_players(seed in any::<u64>()) {
        random_game(4, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn moves_fits_in_30_lines_and_accounts_for_every_move_5_players(seed in any::<u64>()) {
        random_game(5, seed).map_err(TestCaseError::fail)?;
    }
}

/// The first turn of a 2-player game, the example: the draws each on
/// a line, the 92 expansions on one, and `moves expand` lists them.
#[test]
fn the_first_turn_shows_the_draws_and_one_line_of_expansions() {
    let names: Vec<String> = vec!["ana".into(), "ben".into()];
    let mut setup = Setup::new(names.clone(), 1);
    setup.first = Some("ana".into());
    let game = Game::new(setup).expect("a valid setup");
    let legal = legal_texts(&game, &names);
    let text = match moves_list(&game, &names, None, Front::Terminal) {
        Some(Ok(text)) => text,
        other => panic!("{other:?}"),
    };
    let expansions = legal.iter().filter(|t| t.starts_with("expand ")).count();
    assert!(expansions > 30, "{expansions} expansions");
    assert_eq!(
        text,
        format!(
            "ana may play ({} moves); a number plays its move:\n  1. draw truck:1\n  2. draw truck:2\n  3. draw truck:3\n4-{}. expand small: {expansions} placements — `moves expand small` lists them",
            legal.len(),
            legal.len()
        )
    );
    let family = match moves_list(&game, &names, Some("expand"), Front::Terminal) {
        Some(Ok(text)) => text,
        other => panic!("{other:?}"),
    };
    assert_eq!(family.lines().count(), expansions + 1);
    assert!(family.contains(&move_line(4, &legal[3])), "{family}");
    let unknown = moves_list(&game, &names, Some("fly <@1>"), Front::Terminal);
    match unknown {
        Some(Err(why)) => {
            assert!(why.contains("draw, expand small"), "{why}");
            assert!(!why.contains("<@"), "the filter is shown safely: {why}");
        }
        other => panic!("{other:?}"),
    }
    let discord = match moves_list(&game, &names, None, Front::Discord) {
        Some(Ok(text)) => text,
        other => panic!("{other:?}"),
    };
    assert!(
        discord.ends_with("placements — the controls under the table offer them"),
        "{discord}"
    );
}
