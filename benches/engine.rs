//! Engine speed: `cargo bench --bench engine`.
//! Targets (one core): apply median < 2 us; legal_actions with three waiting
//! truck tiles < 20 us; a whole random 5-player game < 5 ms; replaying a
//! finished game from its log < 1 ms.

use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Action, Game, Seat, Setup};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

fn five(seed: u64) -> Setup {
    Setup::new(["ana", "ben", "cy", "dee", "eli"], seed)
}

/// Every (state before, seat, action) of a few random 5-player games.
fn positions() -> Vec<(Game, Seat, Action)> {
    let mut out = Vec::new();
    for seed in 0..4 {
        let setup = five(seed);
        let (_, log) = random_game(setup.clone(), seed);
        let mut game = Game::new(setup).expect("valid setup");
        for (seat, action) in log {
            out.push((game.clone(), seat, action.clone()));
            game.apply(seat, &action).expect("logged move is legal");
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let mut i = 0;
    c.bench_function("apply (one action of a random 5-player game)", |b| {
        b.iter_batched(
            || {
                i = (i + 1) % positions.len();
                positions[i].clone()
            },
            |(mut game, seat, action)| {
                let events = game.apply(seat, &action);
                (game, black_box(events))
            },
            BatchSize::SmallInput,
        )
    });

    let three_waiting: Vec<&(Game, Seat, Action)> = positions
        .iter()
        .filter(|(g, _, _)| {
            g.pending().waiting_tiles().count() == 3 && g.pending().offspring.is_empty()
        })
        .collect();
    assert!(
        !three_waiting.is_empty(),
        "no position with three waiting tiles"
    );
    let mut j = 0;
    c.bench_function("legal_actions (three waiting truck tiles)", |b| {
        b.iter(|| {
            j = (j + 1) % three_waiting.len();
            let (game, seat, _) = three_waiting[j];
            black_box(game.legal_actions(*seat))
        })
    });

    let mut turn = positions.iter().cycle();
    c.bench_function("legal_actions (any position)", |b| {
        b.iter(|| {
            let (game, seat, _) = turn.next().expect("cycle");
            black_box(game.legal_actions(*seat))
        })
    });

    let mut seed = 100;
    c.bench_function("whole random 5-player game (legal_actions + apply)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(five(seed), seed))
        })
    });

    let setup = five(7);
    let (_, log) = random_game(setup.clone(), 7);
    c.bench_function("replay a finished 5-player game from its log", |b| {
        b.iter(|| black_box(Game::replay(setup.clone(), &log).expect("replays")))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
