//! A finished game's review (`cpu::review`): its time on one thread and the
//! process's peak memory, for a game of 5 players and one of 2.
//!
//! ```text
//! cargo bench --bench review                      # 5 and 2 players, seed 1
//! cargo bench --bench review -- --players 5 --seed 3 --playouts 96
//! ```
//! The games are played by normal computer players from seeded deals, and
//! every seat is reviewed as a person's would be (every decision with a real
//! choice judged). Targets: under 30 s of work for 5 players, 10 s for 2
//! (BENCHMARKS.md). The review is bounded by its playouts, never by time:
//! a busy machine takes longer for the same review.

use aquaretto_bot::cpu::review::{self, Played};
use aquaretto_bot::cpu::{choose, Level};
use aquaretto_bot::engine::{Game, Setup};
use std::time::Instant;

fn main() {
    let raw: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut players: Vec<usize> = vec![5, 2];
    let mut seed = 1u64;
    let mut budget = review::budget();
    let mut it = raw.into_iter();
    while let Some(word) = it.next() {
        let value = it.next().unwrap_or_default();
        match word.as_str() {
            "--players" => players = vec![value.parse().expect("--players N")],
            "--seed" => seed = value.parse().expect("--seed S"),
            "--playouts" => budget.playouts = value.parse().expect("--playouts N"),
            "--candidates" => budget.candidates = value.parse().expect("--candidates N"),
            "--horizon" => budget.horizon_rounds = value.parse().expect("--horizon N"),
            other => panic!("unknown option {other}"),
        }
    }
    println!(
        "review budget: {} playouts, {} candidates, horizon {} round(s) per decision",
        budget.playouts, budget.candidates, budget.horizon_rounds
    );
    for n in players {
        let setup = Setup::new((1..=n).map(|i| format!("p{i}")), seed);
        let moves = played(&setup);
        let start = Instant::now();
        let made = review::review(&setup, &moves, &budget).expect("the game replays");
        let took = start.elapsed();
        let judged: u32 = made.seats.iter().map(|s| s.judged).sum();
        let worst = made
            .seats
            .iter()
            .filter_map(|s| s.costliest.first())
            .map(|j| j.cost)
            .fold(0.0f32, f32::max);
        let again = review::review(&setup, &moves, &budget).expect("the game replays");
        assert_eq!(made, again, "the same review twice");
        println!(
            "review/{n}p: {} moves, {judged} decisions judged in {:.2} s ({:.1} ms a decision); costliest {:.1} points; peak RSS {:.1} MB",
            moves.len(),
            took.as_secs_f64(),
            took.as_secs_f64() * 1000.0 / f64::from(judged.max(1)),
            worst,
            peak_rss_mb(),
        );
    }
}

/// A whole game of normal players from `setup`, every move judged.
fn played(setup: &Setup) -> Vec<Played> {
    let mut game = Game::new(setup.clone()).expect("a valid setup");
    let mut moves = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = choose(&game, seat, Level::Normal).expect("a legal action");
        game.apply(seat, &action).expect("legal");
        moves.push(Played {
            number: moves.len() as u32 + 1,
            seat,
            action,
            judged: true,
        });
    }
    moves
}

/// The process's peak resident memory (VmHWM), in MB.
fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}
