//! The normal player: greedy, one action deep. Every legal action gets an
//! immediate evaluation in points and the best one is played.
//!
//! - Placing a tile or an offspring, hiring a coworker, and money actions are
//!   applied to a copy of the game and the position after is valued
//!   ([`eval::position`]): points now, basin room, depot minus points, coins,
//!   coworkers. A purchase also counts what it gives the seller (a coin, and
//!   perhaps one type fewer in their depot).
//! - Taking a truck is worth what its tiles are worth to the player's table
//!   ([`Holdings::truck`]); drawing onto a truck is worth the best truck the
//!   player could take after the draw, the drawn tile valued by expectation over
//!   the unseen tiles, less a risk for every player still without a truck who
//!   acts first and may take it.
//! - A money action delays taking a truck but does not give it up: it is played
//!   when it improves the position by more than a margin that grows with the
//!   players who may take the good trucks meanwhile.
//!
//! The same ranking prunes the candidates of the strong player's search.

use super::eval::{self, unseen_kinds, Holdings, Outlook};
use crate::engine::{Action, Game, Seat};

/// Points a draw gives up for each player who acts before the drawer again.
pub const DRAW_RISK: f32 = 0.6;
/// Least gain, in points, for a money action instead of a draw or a take.
pub const MONEY_MARGIN: f32 = 0.35;

/// An action with its greedy evaluation.
#[derive(Debug, Clone)]
pub struct Scored {
    pub action: Action,
    pub score: f32,
}

/// The greedy choice among `legal`.
pub fn choose(game: &Game, seat: Seat, legal: &[Action]) -> Option<Action> {
    ranked(game, seat, legal)
        .into_iter()
        .next()
        .map(|s| s.action)
}

/// Every action of `legal` with its evaluation, best first; ties keep the
/// order of `legal`.
pub fn ranked(game: &Game, seat: Seat, legal: &[Action]) -> Vec<Scored> {
    let outlook = Outlook::of(game);
    let mut scored: Vec<Scored> = if game.pending().is_empty() {
        turn_scores(game, seat, legal, &outlook)
    } else {
        legal
            .iter()
            .map(|a| Scored {
                action: a.clone(),
                score: after(game, seat, a, &outlook).unwrap_or(f32::NEG_INFINITY),
            })
            .collect()
    };
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored
}

/// The value of `seat`'s position after `action`, on a copy.
fn after(game: &Game, seat: Seat, action: &Action, outlook: &Outlook) -> Option<f32> {
    let mut copy = game.clone();
    copy.apply(seat, action).ok()?;
    Some(eval::position(&copy, seat, outlook))
}

/// Scores of a turn's actions: draws, takes and money actions on one scale.
fn turn_scores(game: &Game, seat: Seat, legal: &[Action], outlook: &Outlook) -> Vec<Scored> {
    let Some(player) = game.player(seat) else {
        return Vec::new();
    };
    let holdings = Holdings::of(player);
    let trucks = truck_values(game, &holdings, outlook);
    let best_take = trucks
        .iter()
        .filter_map(|t| t.take)
        .fold(f32::NEG_INFINITY, f32::max);
    let waiting = others_waiting(game, seat) as f32;
    let mut out = Vec::with_capacity(legal.len());
    let mut money = Vec::new();
    for action in legal {
        let score = match action {
            Action::Take { truck } => trucks
                .get(truck.wrapping_sub(1))
                .and_then(|t| t.take)
                .unwrap_or(f32::NEG_INFINITY),
            Action::Draw { truck } => {
                let k = truck.wrapping_sub(1);
                let drawn = trucks.get(k).map_or(f32::NEG_INFINITY, |t| t.drawn);
                let other = trucks
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k)
                    .filter_map(|(_, t)| t.take)
                    .fold(f32::NEG_INFINITY, f32::max);
                drawn.max(other) - DRAW_RISK * waiting
            }
            _ => {
                money.push(action);
                continue;
            }
        };
        out.push(Scored {
            action: action.clone(),
            score,
        });
    }
    let base = out
        .iter()
        .map(|s| s.score)
        .fold(f32::NEG_INFINITY, f32::max)
        .max(best_take);
    let base = if base.is_finite() { base } else { 0.0 };
    if !money.is_empty() {
        let now = eval::position(game, seat, outlook);
        let margin = MONEY_MARGIN + 0.5 * DRAW_RISK * waiting;
        for action in money {
            let gain = money_gain(game, seat, action, now, outlook);
            out.push(Scored {
                action: action.clone(),
                score: base + gain - margin,
            });
        }
    }
    out
}

/// What a money action adds to the position, less what a purchase gives the
/// seller.
fn money_gain(game: &Game, seat: Seat, action: &Action, now: f32, outlook: &Outlook) -> f32 {
    let mut copy = game.clone();
    if copy.apply(seat, action).is_err() {
        return f32::NEG_INFINITY;
    }
    let mut gain = eval::position(&copy, seat, outlook) - now;
    if let Action::Buy { from, .. } = action {
        let weight = if game.players().len() == 2 { 1.0 } else { 0.5 };
        let before = eval::position(game, *from, outlook);
        gain -= weight * (eval::position(&copy, *from, outlook) - before);
    }
    gain
}

/// One truck in the middle as the greedy player sees it.
#[derive(Debug, Clone, Copy)]
pub struct TruckValue {
    /// Taking it now, if it has a tile.
    pub take: Option<f32>,
    /// Taking it after one more tile is drawn onto it (by expectation), or
    /// minus infinity if nothing can be drawn onto it.
    pub drawn: f32,
}

/// Every truck (taken ones too, as `None`/minus infinity), in truck order.
pub fn truck_values(game: &Game, holdings: &Holdings, outlook: &Outlook) -> Vec<TruckValue> {
    let kinds = unseen_kinds(game);
    let unseen: f32 = kinds.iter().map(|(_, n)| n).sum();
    game.trucks()
        .iter()
        .map(|t| {
            if t.taken_by.is_some() {
                return TruckValue {
                    take: None,
                    drawn: f32::NEG_INFINITY,
                };
            }
            let take = holdings.truck(&t.tiles, outlook);
            let drawn = if t.is_full() || unseen <= 0.0 {
                f32::NEG_INFINITY
            } else {
                let mut tiles = t.tiles.clone();
                tiles.push(crate::engine::Tile::Coin);
                let mut sum = 0.0;
                for (tile, n) in &kinds {
                    if let Some(last) = tiles.last_mut() {
                        *last = *tile;
                    }
                    sum += n * holdings.truck(&tiles, outlook);
                }
                sum / unseen
            };
            TruckValue {
                take: (!t.tiles.is_empty()).then_some(take),
                drawn,
            }
        })
        .collect()
}

/// Players other than `seat` who have no truck yet this round.
pub fn others_waiting(game: &Game, seat: Seat) -> usize {
    game.players()
        .iter()
        .enumerate()
        .filter(|(s, p)| *s != seat && p.truck.is_none())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Setup;

    #[test]
    fn at_the_start_of_a_game_the_greedy_player_draws() {
        let game = Game::new(Setup::new(["ana", "ben", "cy"], 9)).expect("valid setup");
        let seat = game.current();
        let legal = game.legal_actions(seat);
        let chosen = choose(&game, seat, &legal);
        assert!(matches!(chosen, Some(Action::Draw { .. })), "{chosen:?}");
    }
}
