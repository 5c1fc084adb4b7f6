//! Computer players: strength (tournaments between levels) and speed (time per
//! decision, and a whole game of strong players).
//!
//! ```text
//! # every figure of the report (about 30 minutes with --threads 1):
//! cargo bench --bench cpu -- all
//! # tournaments; DEALS seeded deals, each played in every rotation of the seats:
//! cargo bench --bench cpu -- tournament --players 2 --lineup normal,easy --deals 200
//! cargo bench --bench cpu -- tournament --players 2 --lineup strong,normal --deals 150
//! cargo bench --bench cpu -- tournament --players 3 --lineup strong,normal,normal --deals 60
//! cargo bench --bench cpu -- tournament --players 4 --lineup strong,normal,normal,normal --deals 40
//! cargo bench --bench cpu -- tournament --players 5 --lineup strong,normal,normal,normal,normal --deals 30
//! # decision time per level on one thread, over positions of many games:
//! cargo bench --bench cpu -- speed --positions 1000
//! # wall time of whole 5-player games of strong seats, on one thread:
//! cargo bench --bench cpu -- game5 --games 3
//! ```
//! Options: `--threads N` (default 2) for tournaments, `--seed S` for the first
//! deal (default 1). Targets: normal beats easy in at least 95% of 2-player
//! games; strong beats normal in at least 70% of 2-player games and has the best
//! average score with 3, 4 and 5 players against normal seats; a strong decision
//! at most 250 ms at the 99th percentile, a normal one 2 ms; a 5-player game of
//! strong seats under a minute.
//!
//! Wins: a game's win is shared among tied winners (each of `k` gets `1/k`); a
//! level's win rate is the share of games it won with any of its seats, with
//! Wilson's 95% score interval. Scores: the mean per game of the level's seats,
//! with a 95% normal-approximation interval, and the first level of the line-up
//! against each other one by the per-game difference of their mean scores
//! (paired on the same deal, so tighter). The category averages are per seat:
//! points by category (animals, depot, trainers, keepers, cashiers), basins
//! (animal types in the zoo), coins left and expansions. Timings print the load
//! average before and after, since other work on the cores slows them.

use aquaretto_bot::cpu::tournament::{play_with_budgets, rotated, setup, Estimate, LevelSamples};
use aquaretto_bot::cpu::{choose, choose_with, Budget, Level};
use aquaretto_bot::engine::{BadWord, Game, Seat};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Args {
    mode: String,
    players: usize,
    lineup: Vec<Level>,
    deals: usize,
    threads: usize,
    seed: u64,
    positions: usize,
    games: usize,
    /// The strong player's budget; the production one unless overridden.
    strong: Budget,
}

fn parse() -> Result<Args, String> {
    // `cargo bench` passes `--bench`; ignore it.
    let raw: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut args = Args {
        mode: "all".to_string(),
        players: 2,
        lineup: vec![Level::Strong, Level::Normal],
        deals: 50,
        threads: 2,
        seed: 1,
        positions: 400,
        games: 2,
        strong: Budget::for_level(Level::Strong),
    };
    let mut it = raw.into_iter();
    let mut lineup_given = false;
    while let Some(word) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match word.as_str() {
            "--players" => {
                args.players = value("--players")?.parse().map_err(|e| format!("{e}"))?
            }
            "--deals" => args.deals = value("--deals")?.parse().map_err(|e| format!("{e}"))?,
            "--threads" => {
                args.threads = value("--threads")?.parse().map_err(|e| format!("{e}"))?
            }
            "--seed" => args.seed = value("--seed")?.parse().map_err(|e| format!("{e}"))?,
            "--positions" => {
                args.positions = value("--positions")?.parse().map_err(|e| format!("{e}"))?
            }
            "--playouts" => {
                args.strong.playouts = value("--playouts")?.parse().map_err(|e| format!("{e}"))?
            }
            "--candidates" => {
                args.strong.candidates =
                    value("--candidates")?.parse().map_err(|e| format!("{e}"))?
            }
            "--horizon" => {
                args.strong.horizon_rounds =
                    value("--horizon")?.parse().map_err(|e| format!("{e}"))?
            }
            "--games" => args.games = value("--games")?.parse().map_err(|e| format!("{e}"))?,
            "--lineup" => {
                args.lineup = value("--lineup")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, BadWord>>()
                    .map_err(|e| e.to_string())?;
                lineup_given = true;
            }
            mode if !mode.starts_with('-') => args.mode = mode.to_string(),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if !lineup_given && args.players != 2 {
        args.lineup = std::iter::once(Level::Strong)
            .chain(std::iter::repeat_n(Level::Normal, args.players - 1))
            .collect();
    }
    if args.lineup.len() != args.players {
        args.players = args.lineup.len();
    }
    Ok(args)
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    match args.mode.as_str() {
        "tournament" => tournament(&args.lineup, args.deals, &args),
        "speed" => speed(args.positions, &args),
        "game5" => game5(args.games, &args),
        "all" => {
            let n = |k| std::iter::repeat_n(Level::Normal, k);
            tournament(&[Level::Normal, Level::Easy], 200, &args);
            tournament(&[Level::Strong, Level::Normal], 150, &args);
            for (players, deals) in [(3, 60), (4, 40), (5, 30)] {
                let lineup: Vec<Level> = std::iter::once(Level::Strong)
                    .chain(n(players - 1))
                    .collect();
                tournament(&lineup, deals, &args);
            }
            speed(args.positions, &args);
            game5(args.games, &args);
        }
        other => {
            eprintln!("unknown mode {other}: use tournament, speed, game5 or all");
            std::process::exit(2);
        }
    }
}

/// The budget a level plays with here: the production one, or the strong
/// player's as overridden on the command line.
fn budget(level: Level, args: &Args) -> Budget {
    match level {
        Level::Strong => args.strong.clone(),
        other => Budget::for_level(other),
    }
}

/// Plays `deals` deals of the line-up in every rotation, on `threads` threads.
fn tournament(lineup: &[Level], deals: usize, args: &Args) {
    let (seed, threads) = (args.seed, args.threads);
    let n = lineup.len();
    let names: Vec<&str> = lineup.iter().map(|l| l.word()).collect();
    println!(
        "\n== tournament: {} players ({}), {deals} deals x {n} rotations = {} games, seeds {seed}..{}; strong budget {:?}",
        n,
        names.join(" vs "),
        deals * n,
        seed + deals as u64 - 1,
        args.strong
    );
    let jobs: Vec<(u64, usize)> = (0..deals as u64)
        .flat_map(|d| (0..n).map(move |r| (seed + d, r)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(deal, rotation)) = jobs.get(i) else {
                    break;
                };
                let levels = rotated(lineup, rotation);
                let outcome =
                    play_with_budgets(setup(n, deal), &levels, &|level| budget(level, args));
                match outcome {
                    Ok(result) => results.lock().expect("no panics").push(result),
                    Err(e) => eprintln!("deal {deal} rotation {rotation}: {e}"),
                }
            });
        }
    });
    let results = results.into_inner().expect("no panics");
    let mut tallies: BTreeMap<Level, LevelSamples> = BTreeMap::new();
    // Per game, one value per level: the mean of its seats.
    let mut per_game: BTreeMap<Level, LevelSamples> = BTreeMap::new();
    // Per game, the first level's mean score less each other level's: paired
    // on the same deal and seats, so it is tighter than two separate means.
    let first = lineup[0];
    let mut lead: BTreeMap<Level, Vec<f64>> = BTreeMap::new();
    for r in &results {
        let mut game_tally: BTreeMap<Level, LevelSamples> = BTreeMap::new();
        for seat in &r.seats {
            tallies.entry(seat.level).or_default().add(seat);
            game_tally.entry(seat.level).or_default().add(seat);
        }
        let mean_of = |level: &Level| game_tally.get(level).map(|t| Estimate::of(&t.totals).mean);
        if let Some(mine) = mean_of(&first) {
            for level in game_tally.keys().filter(|l| **l != first) {
                if let Some(theirs) = mean_of(level) {
                    lead.entry(*level).or_default().push(mine - theirs);
                }
            }
        }
        for (level, t) in game_tally {
            let e = per_game.entry(level).or_default();
            e.wins.push(t.wins.iter().sum());
            e.totals.push(Estimate::of(&t.totals).mean);
        }
    }
    println!(
        "{} games in {:.1} s ({:.2} s per game, {threads} threads)",
        results.len(),
        started.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64() / results.len().max(1) as f64
    );
    println!(
        "{:<7} {:>5} {:>8} {:>22} {:>20}",
        "level", "seats", "wins", "win rate (95% CI)", "avg score (95% CI)"
    );
    for (level, t) in &tallies {
        let pg = &per_game[level];
        let games = pg.wins.len();
        // The share of games the level won (with any of its seats).
        let (rate, low, high) = Estimate::rate(pg.wins.iter().sum::<f64>(), games);
        let score = Estimate::of(&pg.totals);
        let seats_per_game = t.wins.len() as f64 / results.len().max(1) as f64;
        println!(
            "{:<7} {:>5} {:>8.1} {:>7.1}% [{:>5.1}, {:>5.1}] {:>8.2} [{:.2}, {:.2}]",
            level.word(),
            seats_per_game,
            pg.wins.iter().sum::<f64>(),
            100.0 * rate,
            100.0 * low,
            100.0 * high,
            score.mean,
            score.low(),
            score.high()
        );
    }
    for (level, diffs) in &lead {
        let d = Estimate::of(diffs);
        println!(
            "{} score minus {} score per game: {:+.2} [{:+.2}, {:+.2}] (paired, 95% CI)",
            first.word(),
            level.word(),
            d.mean,
            d.low(),
            d.high()
        );
    }
    println!("per seat averages (95% CI half-width):");
    println!(
        "{:<7} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11}",
        "level",
        "animals",
        "basins",
        "depot",
        "trainers",
        "keepers",
        "cashiers",
        "coins",
        "expansions"
    );
    for (level, t) in &tallies {
        let cell = |v: &[f64]| {
            let e = Estimate::of(v);
            format!("{:.2}±{:.2}", e.mean, e.half_width)
        };
        println!(
            "{:<7} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11}",
            level.word(),
            cell(&t.animals),
            cell(&t.basins),
            cell(&t.depot),
            cell(&t.trainers),
            cell(&t.keepers),
            cell(&t.cashiers),
            cell(&t.coins),
            cell(&t.expansions)
        );
    }
}

/// Positions (game, seat to act) from normal-vs-normal games of 2 to 5 players,
/// every one with at least two legal actions.
fn positions(count: usize, seed: u64) -> Vec<(Game, Seat)> {
    let mut all = Vec::new();
    let mut deal = seed;
    while all.len() < count * 4 {
        for players in 2..=5 {
            let mut game = Game::new(setup(players, deal)).expect("valid setup");
            while let Some(seat) = game.to_act() {
                if game.legal_actions(seat).len() >= 2 {
                    all.push((game.clone(), seat));
                }
                let Some(action) = choose(&game, seat, Level::Normal) else {
                    break;
                };
                if game.apply(seat, &action).is_err() {
                    break;
                }
            }
        }
        deal += 1;
    }
    // An even sample over the games' positions.
    let step = all.len() as f64 / count as f64;
    (0..count)
        .map(|i| all[(i as f64 * step) as usize].clone())
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Decision time per level on this thread.
fn speed(count: usize, args: &Args) {
    let positions = positions(count, args.seed);
    println!(
        "\n== speed: {} positions with at least two legal actions, from games of 2-5 players; one thread",
        positions.len()
    );
    println!("load average before: {}", load_average());
    println!(
        "{:<7} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "level", "mean", "p50", "p90", "p99", "max"
    );
    for level in Level::ALL {
        let mut times = Vec::with_capacity(positions.len());
        for (game, seat) in &positions {
            let start = Instant::now();
            let action = choose_with(game, *seat, level, &budget(level, args));
            times.push(start.elapsed());
            assert!(action.is_some(), "{level} chose nothing");
        }
        times.sort();
        let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
        println!(
            "{:<7} {:>10.3?} {:>10.3?} {:>10.3?} {:>10.3?} {:>10.3?}",
            level.word(),
            mean,
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            percentile(&times, 0.99),
            times.last().copied().unwrap_or_default()
        );
    }
    println!("load average after: {}", load_average());
}

/// The machine's load average (1, 5 and 15 minutes), which tells how much
/// other work shared the cores during a timing; Linux only.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unavailable".to_string())
}

/// Whole 5-player games of strong seats, on this thread.
fn game5(games: usize, args: &Args) {
    let seed = args.seed;
    println!("\n== whole 5-player games of 5 strong seats, one thread");
    println!("load average before: {}", load_average());
    for g in 0..games as u64 {
        let mut decisions = 0u32;
        let mut slowest = Duration::ZERO;
        let start = Instant::now();
        let levels = [Level::Strong; 5];
        let result = aquaretto_bot::cpu::tournament::play(
            setup(5, seed + g),
            &levels,
            &mut |game, seat, level| {
                let t = Instant::now();
                let a = choose_with(game, seat, level, &budget(level, args));
                slowest = slowest.max(t.elapsed());
                decisions += 1;
                a
            },
        );
        let wall = start.elapsed();
        match result {
            Ok(r) => {
                let scores: Vec<String> =
                    r.seats.iter().map(|s| s.score.total.to_string()).collect();
                println!(
                    "seed {}: {:.1} s wall, {decisions} decisions ({} moves, {} rounds), slowest decision {:.0?}, scores {}",
                    seed + g,
                    wall.as_secs_f64(),
                    r.moves,
                    r.rounds,
                    slowest,
                    scores.join(" ")
                );
            }
            Err(e) => println!("seed {}: {e}", seed + g),
        }
    }
    println!("load average after: {}", load_average());
}
