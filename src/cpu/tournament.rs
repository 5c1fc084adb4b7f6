//! Seeded games between computer players, and the statistics to compare
//! levels: for the tournament benchmark (`benches/cpu.rs`) and the tests.
//!
//! A match is a line-up of levels (say strong, normal, normal) played on one
//! deal in every rotation of the seats, the first player always seat 0, so no
//! level is favoured by its place at the table. Ties share the win: each of `k`
//! tied winners counts `1/k` of a win. Pure like the rest of the module: the
//! caller passes the function that decides, and may time it.

use super::{choose_with, Budget, Level};
use crate::engine::{Action, Game, Score, Seat, Setup};

/// One seat's result in a finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    pub level: Level,
    pub score: Score,
    /// 1 for a sole winner, `1/k` for `k` tied winners, else 0.
    pub win: f64,
    pub coins: u32,
    pub basins: usize,
    pub expansions: usize,
    pub depot_tiles: usize,
}

/// A finished game: each seat's result in seat order, and how long it ran.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    pub seats: Vec<SeatResult>,
    pub moves: u32,
    pub rounds: u32,
}

/// The levels of a rotation: seat `i` plays `lineup[(i + rotation) % n]`.
pub fn rotated(lineup: &[Level], rotation: usize) -> Vec<Level> {
    let n = lineup.len();
    (0..n).map(|i| lineup[(i + rotation) % n]).collect()
}

/// The setup of a tournament game: seats named by number, seat 0 first.
pub fn setup(players: usize, seed: u64) -> Setup {
    let names: Vec<String> = (1..=players).map(|i| format!("seat{i}")).collect();
    let mut setup = Setup::new(names, seed);
    setup.first = Some("seat1".to_string());
    setup
}

/// Plays a game to its end with `decide` choosing for every seat; an error
/// says which move was missing or refused.
pub fn play(
    setup: Setup,
    levels: &[Level],
    decide: &mut dyn FnMut(&Game, Seat, Level) -> Option<Action>,
) -> Result<GameResult, String> {
    let mut game = Game::new(setup).map_err(|e| e.to_string())?;
    if levels.len() != game.players().len() {
        return Err(format!(
            "levels: {}, players: {}",
            levels.len(),
            game.players().len()
        ));
    }
    // No game comes near this; a loop would.
    let limit = 10_000;
    while let Some(seat) = game.to_act() {
        if game.moves() >= limit {
            return Err(format!("unfinished after {limit} moves"));
        }
        let level = levels[seat];
        let Some(action) = decide(&game, seat, level) else {
            return Err(format!(
                "move {}, seat {seat}, {level}: None",
                game.moves() + 1
            ));
        };
        game.apply(seat, &action).map_err(|refusal| {
            format!(
                "move {}, seat {seat}, {level}: {action:?} refused: {refusal}",
                game.moves() + 1
            )
        })?;
    }
    Ok(result(&game, levels))
}

/// Plays a game with every seat's level at the given budgets.
pub fn play_with_budgets(
    setup: Setup,
    levels: &[Level],
    budget: &dyn Fn(Level) -> Budget,
) -> Result<GameResult, String> {
    play(setup, levels, &mut |game, seat, level| {
        choose_with(game, seat, level, &budget(level))
    })
}

fn result(game: &Game, levels: &[Level]) -> GameResult {
    // Computer players alone: nobody is voted out.
    let winners = game.standings(&[]).winners();
    let share = if winners.is_empty() {
        0.0
    } else {
        1.0 / winners.len() as f64
    };
    let seats = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| SeatResult {
            level: levels[seat],
            score: game.score(seat),
            win: if winners.contains(&seat) { share } else { 0.0 },
            coins: p.coins,
            basins: p.zoo.type_count(),
            expansions: p.zoo.expansions().len(),
            depot_tiles: p.depot.len(),
        })
        .collect();
    GameResult {
        seats,
        moves: game.moves(),
        rounds: game.round(),
    }
}

/// A mean with its 95% confidence interval (normal approximation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    /// Half the width of the 95% interval.
    pub half_width: f64,
    pub n: usize,
}

impl Estimate {
    pub fn of(samples: &[f64]) -> Estimate {
        let n = samples.len();
        if n == 0 {
            return Estimate {
                mean: 0.0,
                half_width: 0.0,
                n,
            };
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Estimate {
            mean,
            half_width: 1.96 * (var / n as f64).sqrt(),
            n,
        }
    }

    /// A rate with Wilson's 95% score interval, which stays honest near 0 and
    /// 100%: `successes` of `n` (shared wins count as fractions). Returns the
    /// plain rate, then the interval's low and high ends.
    pub fn rate(successes: f64, n: usize) -> (f64, f64, f64) {
        if n == 0 {
            return (0.0, 0.0, 0.0);
        }
        let z = 1.96f64;
        let nf = n as f64;
        let p = (successes / nf).clamp(0.0, 1.0);
        let denom = 1.0 + z * z / nf;
        let centre = (p + z * z / (2.0 * nf)) / denom;
        let half = z * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt() / denom;
        // Rounding may put an end a hair outside [0, 1].
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }
}

/// The results of one level over many games, in per-seat samples.
#[derive(Debug, Clone, Default)]
pub struct LevelSamples {
    pub wins: Vec<f64>,
    pub totals: Vec<f64>,
    pub animals: Vec<f64>,
    pub basins: Vec<f64>,
    pub depot: Vec<f64>,
    pub trainers: Vec<f64>,
    pub keepers: Vec<f64>,
    pub cashiers: Vec<f64>,
    pub coins: Vec<f64>,
    pub expansions: Vec<f64>,
}

impl LevelSamples {
    pub fn add(&mut self, seat: &SeatResult) {
        self.wins.push(seat.win);
        self.totals.push(f64::from(seat.score.total));
        self.animals.push(f64::from(seat.score.animals));
        self.basins.push(seat.basins as f64);
        self.depot.push(f64::from(seat.score.depot));
        self.trainers.push(f64::from(seat.score.trainers));
        self.keepers.push(f64::from(seat.score.keepers));
        self.cashiers.push(f64::from(seat.score.cashiers));
        self.coins.push(f64::from(seat.coins));
        self.expansions.push(seat.expansions as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_give_every_level_every_seat() {
        let lineup = [Level::Strong, Level::Normal, Level::Easy];
        let seats: Vec<Vec<Level>> = (0..3).map(|r| rotated(&lineup, r)).collect();
        for seat in 0..3 {
            let mut at_seat: Vec<Level> = seats.iter().map(|s| s[seat]).collect();
            at_seat.sort();
            assert_eq!(at_seat, vec![Level::Easy, Level::Normal, Level::Strong]);
        }
    }

    #[test]
    fn an_estimate_of_equal_samples_has_no_width_and_of_coin_flips_some() {
        let same = Estimate::of(&[2.0, 2.0, 2.0]);
        assert_eq!((same.mean, same.half_width), (2.0, 0.0));
        let flips = Estimate::of(&[0.0, 1.0, 0.0, 1.0]);
        assert_eq!(flips.mean, 0.5);
        assert!(flips.low() < 0.5 && flips.high() > 0.5);
    }

    #[test]
    fn a_perfect_record_still_has_a_lower_bound_below_one() {
        let (rate, low, high) = Estimate::rate(200.0, 200);
        assert_eq!(rate, 1.0);
        assert!(low > 0.97 && low < 0.99, "{low}");
        assert!((high - 1.0).abs() < 1e-9);
        let (_, low, high) = Estimate::rate(50.0, 100);
        assert!(low < 0.41 && high > 0.59);
        let (rate, low, high) = Estimate::rate(0.0, 10);
        assert_eq!((rate, low), (0.0, 0.0), "no_win_bound");
        assert!(high > 0.25 && high < 0.31, "{high}");
    }

    #[test]
    fn a_tournament_game_between_greedy_and_random_ends_with_a_winner() {
        let levels = [Level::Normal, Level::Easy];
        let result = play_with_budgets(setup(2, 5), &levels, &Budget::for_level).unwrap();
        let wins: f64 = result.seats.iter().map(|s| s.win).sum();
        assert!((wins - 1.0).abs() < 1e-9, "shared wins: 1 game");
    }
}
