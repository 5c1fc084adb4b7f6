//! A game's review: for each player, the decisions that cost them the most
//! by the strong player's judgement.
//!
//! Every decision of a reviewed seat where it had a real choice (two legal
//! actions or more) is judged on the position before it, with what that
//! player could see there and nothing more:
//!
//! - **Candidates.** The strong search's own ([`strong::candidates_with`]:
//!   the greedy pruning), with the action played added when the pruning left
//!   it out, so the played action is always weighed.
//! - **Futures.** Each future re-deals the unseen tiles
//!   ([`Game::redeal_hidden`], which hands them over sorted): the real order
//!   of the draw pile and the reserve never reaches the judgement, so two
//!   games that differ only in it are judged alike.
//! - **Value.** Every candidate is played on the same futures and valued as
//!   the strong player values them ([`strong::appraise`]); the preferred
//!   action is the best mean, and the decision's cost is the preferred
//!   action's mean less the played action's, in the search's points (points
//!   ahead of the opponents at the horizon). A decision where the played
//!   action was the preferred one costs nothing.
//!
//! Bounded by work alone (its [`Budget`]'s playouts per decision), never by
//! time, and each decision draws from its own random stream keyed by the
//! game's seed, the move number and the seat: the same game gives the same
//! review every time, on any machine. Pure: no I/O, no clock.

use super::{mix, strong, Budget};
use crate::engine::{Action, Game, ReplayError, Seat, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Decisions kept for each player: the costliest.
pub const KEPT: usize = 3;

/// A decision's cost below which it counts as no mistake (the search's
/// points, which are noisy in their last decimals).
pub const NO_COST: f32 = 0.05;

/// Mixed into each decision's random stream, so that a review never draws
/// what the computer player drew at the same move.
const REVIEW_STREAM: u64 = 0x7265_7669_6577;

/// The work a review may do for each decision: the strong player's
/// candidates and horizon, and somewhat more futures than its move (the
/// played move is weighed beside them, and the costs are compared across a
/// game). Measured with `cargo bench --bench review` (BENCHMARKS.md): a
/// whole 5-player game in about 14 s of one busy core, a 2-player game in
/// about 3.5 s, against targets of 30 s and 10 s.
pub fn budget() -> Budget {
    Budget {
        playouts: 400,
        candidates: 8,
        horizon_rounds: 1,
    }
}

/// One move of the game, as the log holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Its number in the game's log (what `history move:` names).
    pub number: u32,
    pub seat: Seat,
    pub action: Action,
    /// Whether it is judged: a person's own decision (not a computer's).
    pub judged: bool,
}

/// One decision judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judgement {
    /// Its number in the game's log.
    pub number: u32,
    pub seat: Seat,
    pub played: Action,
    /// What the search preferred (the played action when it was the best).
    pub preferred: Action,
    /// The preferred action's mean less the played action's, in the
    /// search's points; 0 when they are the same action.
    pub cost: f32,
    /// Futures each candidate was played on.
    pub futures: u32,
}

/// A player's part of a review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatReview {
    pub seat: Seat,
    /// Decisions of theirs judged (those with a real choice).
    pub judged: u32,
    /// The costliest decisions, at most [`KEPT`], costliest first; only
    /// those that cost something.
    pub costliest: Vec<Judgement>,
}

/// A whole game's review: the reviewed seats, in seat order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub seats: Vec<SeatReview>,
}

/// Judges one decision: `seat` played `played` at `game` (before it).
/// `None` when the seat had no real choice there (one legal action or none)
/// or the action is not one of its legal actions.
pub fn judge(
    game: &Game,
    seat: Seat,
    played: &Action,
    number: u32,
    budget: &Budget,
) -> Option<Judgement> {
    let legal = game.legal_actions(seat);
    if legal.len() < 2 {
        return None;
    }
    let played = game.canonical(seat, played);
    if !legal.contains(&played) {
        return None;
    }
    let candidates = strong::candidates_with(game, seat, &legal, budget, &played);
    let mut rng = review_rng(game, seat);
    let (means, futures) = strong::appraise(game, seat, &candidates, budget, &mut rng);
    let at = candidates.iter().position(|a| *a == played)?;
    let played_mean = means.get(at).copied().flatten();
    // The best mean; ties keep the played action, then the greedy order.
    let mut best = at;
    for (i, mean) in means.iter().enumerate() {
        if let (Some(m), Some(b)) = (mean, means[best]) {
            if *m > b {
                best = i;
            }
        } else if mean.is_some() && means[best].is_none() {
            best = i;
        }
    }
    let cost = match (means[best], played_mean) {
        (Some(b), Some(p)) if best != at => (b - p).max(0.0),
        _ => 0.0,
    };
    Some(Judgement {
        number,
        seat,
        played: played.clone(),
        preferred: candidates[best].clone(),
        cost,
        futures,
    })
}

/// Reviews a game from its setup and its moves in force: every judged move
/// ([`Played::judged`]) with a real choice, and for each seat that made one,
/// its [`KEPT`] costliest. `Err` when a move does not apply.
pub fn review(setup: &Setup, moves: &[Played], budget: &Budget) -> Result<Review, ReplayError> {
    let mut game = Game::new(setup.clone()).map_err(ReplayError::Setup)?;
    let mut all: Vec<Judgement> = Vec::new();
    let mut judged = vec![0u32; game.players().len()];
    let mut reviewed = vec![false; game.players().len()];
    for (i, m) in moves.iter().enumerate() {
        if m.judged {
            if let Some(r) = reviewed.get_mut(m.seat) {
                *r = true;
            }
            if let Some(j) = judge(&game, m.seat, &m.action, m.number, budget) {
                judged[m.seat] += 1;
                all.push(j);
            }
        }
        game.apply(m.seat, &m.action)
            .map_err(|r| ReplayError::Move(i + 1, r))?;
    }
    let seats = (0..game.players().len())
        .filter(|s| reviewed[*s])
        .map(|seat| {
            let mut mine: Vec<Judgement> = all
                .iter()
                .filter(|j| j.seat == seat && j.cost >= NO_COST)
                .cloned()
                .collect();
            // Costliest first; ties: the earlier move first.
            mine.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.number.cmp(&b.number)));
            mine.truncate(KEPT);
            SeatReview {
                seat,
                judged: judged[seat],
                costliest: mine,
            }
        })
        .collect();
    Ok(Review { seats })
}

/// The random stream of one judged decision: the game's seed, the move
/// number and the seat, never the position's hidden tiles.
fn review_rng(game: &Game, seat: Seat) -> ChaCha8Rng {
    let mut key = mix(game.setup().seed ^ REVIEW_STREAM);
    key = mix(key ^ u64::from(game.moves()));
    key = mix(key ^ seat as u64);
    ChaCha8Rng::seed_from_u64(key)
}
