//! A game's review (`cpu::review`) through its public doors: the same review
//! every time, only legal moves named, the played move always weighed, only
//! decisions with a choice counted, computer moves left out, and the same
//! judgement for twin games whose unseen tiles lie in another order. The
//! search runs with a small budget here; the production one is measured by
//! `benches/review.rs`.

use aquaretto_bot::cpu::review::{self, judge, Judgement, Played, KEPT, NO_COST};
use aquaretto_bot::cpu::{choose, normal, Budget, Level};
use aquaretto_bot::engine::setup::removed_count;
use aquaretto_bot::engine::{Action, Animal, Deck, Game, Setup, Tile};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn small() -> Budget {
    Budget {
        playouts: 24,
        candidates: 3,
        horizon_rounds: 0,
    }
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("p{i}")).collect()
}

/// The fish eaters taken out of the box for `players`.
fn removed(players: usize) -> Vec<Animal> {
    [Animal::Turtle, Animal::Penguin, Animal::PolarBear][..removed_count(players)].to_vec()
}

/// The tiles of a deck for `players`, shuffled by `seed` and cut to `keep`
/// (all when `None`).
fn tiles(players: usize, seed: u64, keep: Option<usize>) -> Vec<Tile> {
    let removed = removed(players);
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut tiles = Tile::shuffled_box(&kept);
    tiles.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    if let Some(keep) = keep {
        tiles.truncate(keep);
    }
    tiles
}

/// A stacked setup of `players` from `tiles`, the last `reserve` of them the
/// reserve.
fn stacked(players: usize, seed: u64, mut tiles: Vec<Tile>, reserve: usize) -> Setup {
    let reserve = tiles.split_off(tiles.len() - reserve);
    let mut setup = Setup::new(names(players), seed);
    setup.deck = Some(Deck {
        draw: tiles,
        reserve,
    });
    setup.removed = Some(removed(players));
    setup.first = Some("p1".to_string());
    setup
}

/// A whole game of normal players from `setup`, each move marked judged when
/// `judged(seat)` says so.
fn played(setup: &Setup, judged: impl Fn(usize) -> bool) -> (Vec<Played>, Game) {
    let mut game = Game::new(setup.clone()).expect("a valid setup");
    let mut moves = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = choose(&game, seat, Level::Normal).expect("a legal action");
        game.apply(seat, &action).expect("legal");
        moves.push(Played {
            number: moves.len() as u32 + 1,
            seat,
            action,
            judged: judged(seat),
        });
    }
    (moves, game)
}

/// The position before move `number` (from 1).
fn before(setup: &Setup, moves: &[Played], number: u32) -> Game {
    let mut game = Game::new(setup.clone()).expect("a valid setup");
    for m in moves.iter().take(number as usize - 1) {
        game.apply(m.seat, &m.action).expect("legal");
    }
    game
}

#[test]
fn a_review_of_a_seeded_finished_game_is_the_same_twice_and_names_only_legal_moves() {
    for (players, seed) in [(2, 1), (3, 2)] {
        let setup = stacked(players, seed, tiles(players, seed, Some(30)), 8);
        let (moves, end) = played(&setup, |_| true);
        assert!(end.is_over());
        let first = review::review(&setup, &moves, &small()).expect("replays");
        let second = review::review(&setup, &moves, &small()).expect("replays");
        assert_eq!(first, second, "the same review twice");
        assert_eq!(first.seats.len(), players, "every seat reviewed");
        let mut named = 0;
        for s in &first.seats {
            assert!(s.judged > 0, "seat {} had choices", s.seat);
            assert!(s.costliest.len() <= KEPT);
            for pair in s.costliest.windows(2) {
                assert!(pair[0].cost >= pair[1].cost, "costliest first");
            }
            for j in &s.costliest {
                assert_eq!(j.seat, s.seat);
                assert!(j.cost >= NO_COST, "{j:?}");
                assert_ne!(j.played, j.preferred, "a costly move was not preferred");
                let at = before(&setup, &moves, j.number);
                let legal = at.legal_actions(j.seat);
                assert!(legal.contains(&j.played), "{j:?}");
                assert!(legal.contains(&j.preferred), "{j:?}");
                assert_eq!(j.played, moves[j.number as usize - 1].action);
                named += 1;
            }
        }
        assert!(named > 0, "a game of normal players has costly decisions");
    }
}

#[test]
fn only_decisions_with_a_choice_count_and_computer_moves_are_left_out() {
    let setup = stacked(3, 4, tiles(3, 4, Some(24)), 6);
    // Seat 1 is a computer player: its moves are not judged.
    let (moves, _) = played(&setup, |seat| seat != 1);
    let made = review::review(&setup, &moves, &small()).expect("replays");
    let seats: Vec<usize> = made.seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [0, 2]);
    for s in &made.seats {
        let with_choice = moves
            .iter()
            .filter(|m| m.seat == s.seat)
            .filter(|m| before(&setup, &moves, m.number).legal_actions(m.seat).len() >= 2)
            .count();
        assert_eq!(s.judged as usize, with_choice, "seat {}", s.seat);
    }
    // A move without a choice is not judged at all.
    let forced = moves
        .iter()
        .find(|m| before(&setup, &moves, m.number).legal_actions(m.seat).len() == 1);
    if let Some(m) = forced {
        let at = before(&setup, &moves, m.number);
        assert_eq!(judge(&at, m.seat, &m.action, m.number, &small()), None);
    }
}

#[test]
fn the_played_move_is_weighed_even_when_the_pruning_would_drop_it() {
    let setup = stacked(2, 7, tiles(2, 7, None), 15);
    let mut game = Game::new(setup).expect("a valid setup");
    let budget = Budget {
        playouts: 30,
        candidates: 2,
        horizon_rounds: 0,
    };
    let mut weighed = 0;
    while let Some(seat) = game.to_act() {
        let legal = game.legal_actions(seat);
        if legal.len() >= 4 {
            // The greedy ranking's worst move: never among two candidates.
            let ranked = normal::ranked(&game, seat, &legal);
            let worst = ranked
                .iter()
                .rev()
                .find(|s| s.score.is_finite())
                .map(|s| s.action.clone())
                .expect("a finite move");
            let j: Judgement =
                judge(&game, seat, &worst, game.moves() + 1, &budget).expect("a choice was judged");
            assert_eq!(j.played, worst);
            assert!(legal.contains(&j.preferred));
            assert!(
                j.futures > 0,
                "the candidates and the played move were played"
            );
            assert!(j.cost >= 0.0);
            weighed += 1;
            if weighed >= 4 {
                break;
            }
        }
        let action = choose(&game, seat, Level::Normal).expect("a legal action");
        game.apply(seat, &action).expect("legal");
    }
    assert!(weighed >= 4);
}

#[test]
fn twins_that_differ_only_in_the_order_of_unseen_tiles_get_the_same_judgements() {
    for seed in 0..3u64 {
        let all = tiles(2, seed, None);
        let keep_on_top = 6;
        let mut other = all.clone();
        other[keep_on_top..].shuffle(&mut ChaCha8Rng::seed_from_u64(seed + 100));
        assert_ne!(other, all);
        let (a, b) = (stacked(2, seed, all, 15), stacked(2, seed, other, 15));
        let (mut on_a, mut on_b) = (
            Game::new(a.clone()).expect("valid"),
            Game::new(b.clone()).expect("valid"),
        );
        assert_ne!(on_a.draw_pile(), on_b.draw_pile());
        let full = on_a.draw_pile().len();
        let mut moves = Vec::new();
        let mut compared = 0;
        while let Some(seat) = on_a.to_act() {
            let action = choose(&on_a, seat, Level::Normal).expect("an action");
            let drawn = full - on_a.draw_pile().len();
            // Stop before a draw would show the twins different tiles.
            if matches!(action, Action::Draw { .. }) && drawn >= keep_on_top {
                break;
            }
            let number = on_a.moves() + 1;
            let ja = judge(&on_a, seat, &action, number, &small());
            let jb = judge(&on_b, seat, &action, number, &small());
            assert_eq!(
                ja, jb,
                "move {number}: the hidden order changed the judgement"
            );
            compared += usize::from(ja.is_some());
            on_a.apply(seat, &action).expect("legal");
            on_b.apply(seat, &action).expect("legal");
            moves.push(Played {
                number,
                seat,
                action,
                judged: true,
            });
        }
        assert!(compared >= 3, "seed {seed}: {compared} judgements compared");
        assert_eq!(
            review::review(&a, &moves, &small()).expect("replays"),
            review::review(&b, &moves, &small()).expect("replays"),
            "the twins' reviews of the moves both saw"
        );
    }
}
