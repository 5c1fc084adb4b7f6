//! Computer players through their public doors: `choose`, `choose_with` and
//! `hint`. Whole seeded games of 2 to 5 players for every level (stacked and
//! short decks too), determinism, legality, and that the strong player cannot
//! see the hidden order of the tiles; short matches between levels. The strong
//! player searches with a small budget here; its production budget is measured
//! by `benches/cpu.rs`.

use aquaretto_bot::cpu::tournament::{self, rotated};
use aquaretto_bot::cpu::{choose, choose_with, hint, Budget, Level};
use aquaretto_bot::engine::{Action, Animal, Deck, Game, Seat, Setup, Tile};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A small search: enough to exercise every path of the strong player.
fn small() -> Budget {
    Budget {
        playouts: 12,
        candidates: 3,
        horizon_rounds: 0,
    }
}

fn budget_for(level: Level) -> Budget {
    match level {
        Level::Strong => small(),
        other => Budget::for_level(other),
    }
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("p{i}")).collect()
}

/// Plays a game to its end, checking every decision of every seat: the seat
/// to act gets an action from its legal list that `apply` accepts; every other
/// seat gets `None`.
fn play_checked(setup: Setup, levels: &[Level]) -> Game {
    let mut game = Game::new(setup).expect("valid setup");
    let n = levels.len();
    let mut steps = 0;
    while let Some(seat) = game.to_act() {
        steps += 1;
        assert!(steps < 5000, "the game does not end");
        let level = levels[seat];
        let legal = game.legal_actions(seat);
        let action = choose_with(&game, seat, level, &budget_for(level))
            .unwrap_or_else(|| panic!("{level} chose nothing with {} legal", legal.len()));
        assert!(
            legal.contains(&action),
            "{level} chose {action:?}, not a legal action"
        );
        if steps % 7 == 0 {
            let other = (seat + 1) % n;
            assert_eq!(
                choose_with(&game, other, level, &budget_for(level)),
                None,
                "a seat not to act got an action"
            );
        }
        if let Err(refusal) = game.apply(seat, &action) {
            panic!("{level} chose {action:?}, refused: {refusal}");
        }
    }
    for seat in 0..n {
        for level in Level::ALL {
            assert_eq!(choose(&game, seat, level), None, "an action after the end");
        }
    }
    game
}

#[test]
fn every_level_plays_whole_games_of_two_to_five_players_without_a_refused_action() {
    let lineup = [Level::Strong, Level::Normal, Level::Easy];
    for players in 2..=5 {
        for seed in 0..6u64 {
            let levels: Vec<Level> = (0..players)
                .map(|i| rotated(&lineup, seed as usize)[i % 3])
                .collect();
            let setup = Setup::new(names(players), 100 * players as u64 + seed);
            let game = play_checked(setup, &levels);
            assert!(game.is_over() && !game.standings(&[]).winners().is_empty());
        }
    }
}

#[test]
fn easy_and_normal_play_many_games_to_the_end() {
    for players in 2..=5 {
        for seed in 0..30u64 {
            let level = if seed % 2 == 0 {
                Level::Easy
            } else {
                Level::Normal
            };
            let setup = Setup::new(names(players), 1000 + 10 * players as u64 + seed);
            let game = play_checked(setup, &vec![level; players]);
            assert!(game.is_over());
        }
    }
}

#[test]
fn strong_seats_play_whole_games_against_each_other() {
    for players in 2..=5 {
        let setup = Setup::new(names(players), 77 + players as u64);
        let game = play_checked(setup, &vec![Level::Strong; players]);
        assert!(game.is_over());
    }
}

fn stacked(players: usize, deck: &str, removed: &[Animal]) -> Setup {
    let mut setup = Setup::new(names(players), 5);
    setup.deck = Some(Deck::parse(deck).expect("valid deck"));
    setup.removed = Some(removed.to_vec());
    setup.first = Some("p1".to_string());
    setup
}

#[test]
fn stacked_and_short_decks_are_played_out_even_when_the_game_stalls() {
    let two = [Animal::Turtle, Animal::Penguin, Animal::PolarBear];
    let decks = [
        // Only a reserve: the first draw makes the round the last.
        (2, "dolphin orca sealion", &two[..]),
        // No reserve: the draw pile runs out and the game stalls.
        (2, "dolphin dolphin-m orca reserve", &two[..]),
        // A dolphin basin reaches 5 and 10: coworkers and offspring wait.
        (
            2,
            "dolphin dolphin dolphin dolphin dolphin dolphin-m dolphin-f dolphin-m dolphin-f \
             dolphin-bolt dolphin-bolt coin coin orca orca orca orca-m orca-f reserve sealion sealion",
            &two[..],
        ),
        (
            3,
            "crocodile-m crocodile-f crocodile-fish crocodile-fish hippo hippo-m reserve coin",
            &[Animal::Turtle, Animal::Penguin][..],
        ),
        (
            5,
            "sealion-m sealion-f sealion sealion coin orca reserve hippo",
            &[][..],
        ),
    ];
    for (players, deck, removed) in decks {
        for level in Level::ALL {
            let game = play_checked(stacked(players, deck, removed), &vec![level; players]);
            assert!(game.is_over(), "{level} on {deck}");
        }
    }
}

/// A few positions from a game of normal players, with the seat to act and at
/// least two legal actions, including a turn and a placement.
fn positions(players: usize, seed: u64) -> Vec<(Game, Seat)> {
    let mut game = Game::new(Setup::new(names(players), seed)).expect("valid setup");
    let mut out = Vec::new();
    while let Some(seat) = game.to_act() {
        if game.moves() % 9 == 4 && game.legal_actions(seat).len() >= 2 {
            out.push((game.clone(), seat));
        }
        let action = choose(&game, seat, Level::Normal).expect("an action");
        game.apply(seat, &action).expect("legal");
    }
    out
}

#[test]
fn the_same_position_and_seed_give_the_same_choice_at_every_level() {
    let mut placements = 0;
    for (game, seat) in positions(3, 21).into_iter().take(12) {
        placements += usize::from(!game.pending().is_empty());
        for level in Level::ALL {
            let budget = budget_for(level);
            let first = choose_with(&game, seat, level, &budget);
            let again = choose_with(&game, seat, level, &budget);
            let copy = game.clone();
            let on_copy = choose_with(&copy, seat, level, &budget);
            assert!(first.is_some());
            assert_eq!(first, again, "{level} changed its mind");
            assert_eq!(first, on_copy, "{level} chose differently on a copy");
        }
    }
    assert!(placements > 0, "no placement among the positions");
}

#[test]
fn a_search_with_too_few_playouts_for_its_candidates_still_returns_a_legal_action() {
    for (game, seat) in positions(4, 8).into_iter().take(6) {
        let legal = game.legal_actions(seat);
        for playouts in [0, 1] {
            let budget = Budget {
                playouts,
                ..Budget::for_level(Level::Strong)
            };
            let action = choose_with(&game, seat, Level::Strong, &budget);
            assert!(action.is_some_and(|a| legal.contains(&a)));
        }
    }
}

#[test]
fn the_production_choice_is_the_budgeted_one_whoever_asks() {
    // The referee's automatic seats and hints search with the production
    // budget and nothing else: no deadline can cut a search short.
    for (game, seat) in positions(3, 5).into_iter().take(4) {
        for level in Level::ALL {
            let budgeted = choose_with(&game, seat, level, &Budget::for_level(level));
            assert_eq!(choose(&game, seat, level), budgeted, "{level}");
        }
        let strong = choose(&game, seat, Level::Strong);
        assert_eq!(hint(&game, seat).map(|h| h.action), strong);
    }
}

#[test]
fn a_hint_is_a_legal_action_with_a_reason_and_none_when_not_to_act() {
    for (game, seat) in positions(2, 4).into_iter().take(3) {
        let hint = hint(&game, seat).expect("a hint for the seat to act");
        assert!(game.legal_actions(seat).contains(&hint.action));
        let reason = aquaretto_bot::lang::plain(
            &aquaretto_bot::lang::Lang::english(),
            &aquaretto_bot::lang::engine::hint_reason(&hint.reason),
        );
        assert!(!reason.trim().is_empty());
        assert!(
            reason.contains("simulated futures"),
            "the reason tells what the search saw: {}",
            reason
        );
        assert!(aquaretto_bot::cpu::hint(&game, 1 - seat).is_none());
    }
}

/// Two setups with the same visible start and the same unseen tiles, in two
/// different orders (tiles moved between the draw pile and the reserve too).
fn two_orders(players: usize, seed: u64, keep_on_top: usize) -> (Setup, Setup) {
    let removed = vec![Animal::Turtle, Animal::Penguin, Animal::PolarBear];
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut tiles = Tile::shuffled_box(&kept);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    tiles.shuffle(&mut rng);
    let make = |tiles: Vec<Tile>| {
        let mut all = tiles;
        let reserve = all.split_off(all.len() - 15);
        let mut setup = Setup::new(names(players), seed);
        setup.deck = Some(Deck { draw: all, reserve });
        setup.removed = Some(removed.clone());
        setup.first = Some("p1".to_string());
        setup
    };
    let mut other = tiles.clone();
    other[keep_on_top..].shuffle(&mut rng);
    assert_ne!(other, tiles);
    (make(tiles), make(other))
}

#[test]
fn the_strong_player_does_not_read_the_hidden_order_of_the_tiles() {
    let budget = Budget {
        playouts: 60,
        candidates: 4,
        horizon_rounds: 1,
    };
    for seed in 0..3 {
        // At the start: nothing drawn yet.
        let (a, b) = two_orders(2, seed, 0);
        let (a, b) = (Game::new(a).expect("valid"), Game::new(b).expect("valid"));
        assert_ne!(a.draw_pile(), b.draw_pile());
        let seat = a.current();
        let first = choose_with(&a, seat, Level::Strong, &budget);
        let second = choose_with(&b, seat, Level::Strong, &budget);
        assert!(first.is_some());
        assert_eq!(first, second, "the hidden order changed the choice");
        assert_eq!(hint(&a, seat), hint(&b, seat));

        // After the same four tiles were drawn and some were taken.
        let (a, b) = two_orders(2, seed, 4);
        let (mut a, mut b) = (Game::new(a).expect("valid"), Game::new(b).expect("valid"));
        let mut compared = 0;
        let full = a.draw_pile().len();
        while let Some(seat) = a.to_act() {
            let on_a = choose_with(&a, seat, Level::Strong, &budget);
            let on_b = choose_with(&b, seat, Level::Strong, &budget);
            assert_eq!(
                on_a,
                on_b,
                "move {}: the hidden order changed the choice",
                a.moves()
            );
            compared += 1;
            let action = on_a.expect("an action");
            // Stop before a draw would reveal different tiles.
            let drawn = full - a.draw_pile().len();
            if compared >= 10 || (matches!(action, Action::Draw { .. }) && drawn >= 4) {
                break;
            }
            a.apply(seat, &action).expect("legal");
            b.apply(seat, &action).expect("legal");
            assert_eq!(a.trucks(), b.trucks());
        }
        assert!(compared >= 2);
    }
}

#[test]
fn normal_beats_easy_in_a_short_match() {
    let mut normal_wins = 0.0;
    let games = 6;
    for seed in 0..games {
        let levels = rotated(&[Level::Normal, Level::Easy], seed as usize % 2);
        let result =
            tournament::play_with_budgets(tournament::setup(2, seed), &levels, &budget_for)
                .expect("the game ends");
        normal_wins += result
            .seats
            .iter()
            .filter(|s| s.level == Level::Normal)
            .map(|s| s.win)
            .sum::<f64>();
    }
    assert!(normal_wins >= 5.0, "normal won {normal_wins} of {games}");
}

#[test]
fn strong_beats_normal_in_a_short_match_even_with_a_small_search() {
    // A fifth of the production budget; the full one is measured by the bench.
    let searching = |level: Level| match level {
        Level::Strong => Budget {
            playouts: 64,
            candidates: 6,
            horizon_rounds: 1,
        },
        other => Budget::for_level(other),
    };
    let (mut strong_wins, mut lead) = (0.0, 0.0);
    let deals = 3;
    for deal in 0..deals {
        for rotation in 0..2 {
            let levels = rotated(&[Level::Strong, Level::Normal], rotation);
            let result =
                tournament::play_with_budgets(tournament::setup(2, 40 + deal), &levels, &searching)
                    .expect("the game ends");
            for seat in &result.seats {
                let total = f64::from(seat.score.total);
                if seat.level == Level::Strong {
                    strong_wins += seat.win;
                    lead += total;
                } else {
                    lead -= total;
                }
            }
        }
    }
    let games = 2 * deals;
    assert!(strong_wins >= 5.0, "strong won {strong_wins} of {games}");
    assert!(
        lead / games as f64 >= 5.0,
        "strong led by {:.1} points a game",
        lead / games as f64
    );
}
