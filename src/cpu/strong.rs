//! The strong player: flat Monte Carlo over determinized futures.
//!
//! 1. **Candidates.** The greedy ranking ([`normal::ranked`]) keeps the best
//!    few legal actions, [`Budget::candidates`] of them, always including the
//!    best of each kind (draw, take, a money action; for waiting tiles, the best
//!    way into the depot), since the greedy player's weakest judgement is
//!    between kinds.
//! 2. **Futures.** The player cannot know the order of the draw pile or which
//!    tiles lie in the reserve. Each future is a copy of the game re-dealt with
//!    [`Game::redeal_hidden`]: the unseen tiles, handed over sorted, are shuffled
//!    and split back into a pile and a reserve of the true sizes. So the real
//!    order never reaches the search, and two games that differ only in it get
//!    the same choice.
//! 3. **Playouts.** On each future every candidate is played, then every seat
//!    plays the fast policy ([`fast`]) until the end of the round after the
//!    current one ([`Budget::horizon_rounds`]) or the end of the game. All
//!    candidates share the future and the policy's random stream (common random
//!    numbers), so their difference is measured, not their luck.
//! 4. **Value.** The position at the horizon is valued for every seat
//!    ([`eval::position`]; the final score if the game ended); a future is worth
//!    the player's value less the mean of the best opponent's and the average
//!    opponent's, so it counts both winning and scoring. The candidate with the
//!    best mean is played.
//!
//! The budget counts playouts (one candidate on one future), and the search
//! stops when they are spent: only its work bounds it, never a clock, so the
//! position, the seed and the budget decide the action however busy the
//! machine is.

use super::eval::{self, Outlook};
use super::{fast, normal, Budget, Reason};
use crate::engine::playout::{kind, random_action};
use crate::engine::{Action, Game, Seat, Target};
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Actions a playout may take before it is valued where it stands.
const MAX_PLAYOUT_ACTIONS: u32 = 600;

/// What the search found for the action it chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub action: Action,
    /// Futures the chosen action was played on.
    pub futures: u32,
    /// Share of those futures in which the player led at the horizon (or won).
    pub ahead: f32,
    /// Share of those futures that reached the end of the game.
    pub finished: f32,
    /// Mean value over the futures, in points ahead of the opponents.
    pub mean: f32,
    /// Mean value over the next best candidate, if there was one.
    pub margin: Option<f32>,
}

impl Verdict {
    /// What the search saw, for the hint's reason.
    pub fn reason(&self) -> Reason {
        if self.futures == 0 {
            return Reason::Immediate;
        }
        Reason::Searched {
            futures: self.futures,
            ahead: self.ahead,
            finished: self.finished,
            margin: self.margin,
        }
    }
}

/// Searches `legal` (the seat's legal actions, at least one) within `budget`.
pub fn search(
    game: &Game,
    seat: Seat,
    legal: &[Action],
    budget: &Budget,
    rng: &mut ChaCha8Rng,
) -> Option<Verdict> {
    let ranked = normal::ranked(game, seat, legal);
    let candidates = prune(&ranked, budget.candidates.max(1));
    let greedy = |candidates: &[Action]| {
        candidates.first().map(|action| Verdict {
            action: action.clone(),
            futures: 0,
            ahead: 0.0,
            finished: 0.0,
            mean: 0.0,
            margin: None,
        })
    };
    let k = candidates.len();
    if k <= 1 || (budget.playouts as usize) < k {
        return greedy(&candidates);
    }
    let sims = simulate(game, seat, &candidates, budget, rng);
    if sims.futures == 0 {
        return greedy(&candidates);
    }
    let Sims {
        sums,
        ahead,
        finished,
        futures,
    } = sims;
    let mut order: Vec<usize> = (0..k).collect();
    // Best mean first; ties keep the greedy order.
    order.sort_by(|&a, &b| sums[b].total_cmp(&sums[a]));
    let best = order[0];
    let n = f64::from(futures);
    Some(Verdict {
        action: candidates[best].clone(),
        futures,
        ahead: (f64::from(ahead[best]) / n) as f32,
        finished: (f64::from(finished[best]) / n) as f32,
        mean: (sums[best] / n) as f32,
        margin: order
            .get(1)
            .map(|&second| ((sums[best] - sums[second]) / n) as f32)
            .filter(|m| m.is_finite()),
    })
}

/// What the futures gave each candidate: the sums of their values, the
/// futures in which the player led and those that reached the end.
struct Sims {
    sums: Vec<f64>,
    ahead: Vec<u32>,
    finished: Vec<u32>,
    futures: u32,
}

/// Plays every candidate on the same futures, as many as the budget's
/// playouts allow (each future costs one playout per candidate). A candidate
/// the engine refuses is worth minus infinity.
fn simulate(
    game: &Game,
    seat: Seat,
    candidates: &[Action],
    budget: &Budget,
    rng: &mut ChaCha8Rng,
) -> Sims {
    let k = candidates.len();
    let stop_round = game.round().saturating_add(budget.horizon_rounds);
    let mut sums = vec![0.0f64; k];
    let mut ahead = vec![0u32; k];
    let mut finished = vec![0u32; k];
    let mut futures = 0u32;
    let mut used = 0usize;
    while k > 0 && used + k <= budget.playouts as usize {
        let mut future = game.clone();
        future.redeal_hidden(|tiles| tiles.shuffle(rng));
        let policy_seed = rng.next_u64();
        for (i, action) in candidates.iter().enumerate() {
            let mut g = future.clone();
            if g.apply(seat, action).is_err() {
                sums[i] = f64::NEG_INFINITY;
                continue;
            }
            let mut policy = ChaCha8Rng::seed_from_u64(policy_seed);
            play_out(&mut g, stop_round, &mut policy);
            let (value, leads) = value(&g, seat);
            sums[i] += f64::from(value);
            ahead[i] += u32::from(leads);
            finished[i] += u32::from(g.is_over());
        }
        futures += 1;
        used += k;
    }
    Sims {
        sums,
        ahead,
        finished,
        futures,
    }
}

/// The search's candidates for `seat` among `legal` (the greedy pruning of
/// [`search`]), with `also` added when the pruning left it out: what a review
/// weighs a move actually played against.
pub fn candidates_with(
    game: &Game,
    seat: Seat,
    legal: &[Action],
    budget: &Budget,
    also: &Action,
) -> Vec<Action> {
    let ranked = normal::ranked(game, seat, legal);
    let mut candidates = prune(&ranked, budget.candidates.max(1));
    if !candidates.contains(also) {
        candidates.push(also.clone());
    }
    candidates
}

/// Each candidate's mean value over the same futures (common random
/// numbers, as [`search`] plays them), in the search's points ahead of the
/// opponents, and the futures played; `None` for a candidate the engine
/// refused. No future at all when the budget cannot pay for one.
pub fn appraise(
    game: &Game,
    seat: Seat,
    candidates: &[Action],
    budget: &Budget,
    rng: &mut ChaCha8Rng,
) -> (Vec<Option<f32>>, u32) {
    let sims = simulate(game, seat, candidates, budget, rng);
    let n = f64::from(sims.futures.max(1));
    let means = sims
        .sums
        .iter()
        .map(|s| Some((s / n) as f32).filter(|m| m.is_finite() && sims.futures > 0))
        .collect();
    (means, sims.futures)
}

/// The candidates worth simulating: the best of each kind, then the best of
/// the rest, `keep` in all, in greedy order.
fn prune(ranked: &[normal::Scored], keep: usize) -> Vec<Action> {
    let mut chosen: Vec<usize> = Vec::with_capacity(keep);
    // A money action is one group however it spends the coins.
    let group = |a: &Action| -> usize {
        match a {
            Action::Place {
                at: Target::Depot, ..
            } => 6,
            money if money.is_money_action() => 3,
            other => kind(other),
        }
    };
    let mut groups_seen: Vec<usize> = Vec::new();
    for (i, s) in ranked.iter().enumerate() {
        if !s.score.is_finite() {
            continue;
        }
        let g = group(&s.action);
        if !groups_seen.contains(&g) {
            groups_seen.push(g);
            chosen.push(i);
        }
    }
    chosen.truncate(keep);
    for (i, s) in ranked.iter().enumerate() {
        if chosen.len() >= keep {
            break;
        }
        if s.score.is_finite() && !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|i| ranked[i].action.clone())
        .collect()
}

/// Plays every seat with the fast policy until round `stop_round` is over or
/// the game ends.
pub fn play_out(game: &mut Game, stop_round: u32, rng: &mut ChaCha8Rng) {
    let mut steps = 0;
    while !game.is_over() && game.round() <= stop_round && steps < MAX_PLAYOUT_ACTIONS {
        let seat = game.current();
        let applied = match fast::act(game, seat, rng) {
            Some(action) => game.apply(seat, &action).is_ok(),
            None => false,
        };
        if !applied {
            let Some(action) = random_action(game, seat, rng) else {
                break;
            };
            if game.apply(seat, &action).is_err() {
                break;
            }
        }
        steps += 1;
    }
}

/// A future's worth to `seat`: its value less the opponents' (the mean of the
/// best one's and the average one's), and whether it leads (or won).
fn value(game: &Game, seat: Seat) -> (f32, bool) {
    let outlook = Outlook::of(game);
    let n = game.players().len();
    let values: Vec<f32> = (0..n).map(|s| eval::position(game, s, &outlook)).collect();
    let mine = values.get(seat).copied().unwrap_or(0.0);
    let others: Vec<f32> = (0..n).filter(|s| *s != seat).map(|s| values[s]).collect();
    if others.is_empty() {
        return (mine, true);
    }
    let best = others.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mean = others.iter().sum::<f32>() / others.len() as f32;
    let leads = if game.is_over() {
        game.standings(&[]).won(seat)
    } else {
        mine > best
    };
    (mine - 0.5 * (best + mean), leads)
}
