//! Top-N elimination: the first N of the standings (or of any order the
//! organiser gives, such as sign-up) play; each table's winner advances,
//! round after round, until one table's winner wins the tournament.
//!
//! A round, for the players still in, in seed order (their place in the
//! order given):
//! - the tables by [`super::layout`] (the larger first): so every round has
//!   tables within one seat of the chosen size where the count allows, and
//!   no byes (a lone player left is the champion);
//! - the seeds dealt to the tables back and forth (seed 1 to the first
//!   table, 2 to the second, ..., then back from the last), so the best
//!   seeds meet as late as they can;
//! - each table's seats in an order drawn from the seed.
//!
//! A table's winner is its first place; a first place shared (equal on
//! points and coins) goes to the better seed. 9 players at tables of 3 play
//! three tables, then a final of three; 16 at tables of 4, four tables and
//! a final; 7 at tables of 2, tables of 3, 2 and 2, then a final of three.

use super::layout::layout;
use super::swiss::unique;
use super::{seat_order, stream, Draw, EntrantId, Round, RoundResult, Standing, Table, TableSize};
use serde::{Deserialize, Serialize};

/// The first `top` of the standings, in order: the seeds.
pub fn top(standings: &[Standing], top: usize) -> Vec<EntrantId> {
    standings
        .iter()
        .take(top)
        .map(|l| l.entrant.clone())
        .collect()
}

/// What comes after the rounds played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    /// Another round.
    Round(Round),
    /// One player left: the winner.
    Champion(EntrantId),
    /// No one was seeded.
    Nobody,
}

/// The round after `played` for `seeds` (best first) at tables of `size`,
/// seats drawn from `seed`; or the champion.
pub fn next(seeds: &[EntrantId], played: &[RoundResult], size: TableSize, seed: u64) -> Next {
    let seeds = unique(seeds);
    let mut players: Vec<usize> = (0..seeds.len()).collect();
    for round in played {
        let advancing: Vec<usize> = round
            .tables
            .iter()
            .filter_map(|t| winner(t, &seeds))
            .chain(round.byes.iter().cloned())
            .filter_map(|e| seeds.iter().position(|s| *s == e))
            .collect();
        players.retain(|i| advancing.contains(i));
    }
    match players.as_slice() {
        [] => Next::Nobody,
        [one] => Next::Champion(seeds[*one].clone()),
        _ => {
            let number = played.len() as u32 + 1;
            let mut rng = stream(seed, Draw::Seats, number);
            let layout = layout(players.len(), size);
            let tables = deal(&players, &layout.tables);
            Next::Round(Round {
                number,
                tables: tables
                    .into_iter()
                    .map(|t| Table {
                        seats: seat_order(
                            t.into_iter().map(|i| seeds[i].clone()).collect(),
                            &mut rng,
                        ),
                    })
                    .collect(),
                byes: Vec::new(),
            })
        }
    }
}

/// `players` (best first) dealt back and forth to tables of `sizes`.
fn deal(players: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut tables: Vec<Vec<usize>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
    let mut next = players.iter();
    let mut forward = true;
    while tables.iter().zip(sizes).any(|(t, &n)| t.len() < n) {
        let order: Vec<usize> = if forward {
            (0..sizes.len()).collect()
        } else {
            (0..sizes.len()).rev().collect()
        };
        for j in order {
            if tables[j].len() < sizes[j] {
                match next.next() {
                    Some(&p) => tables[j].push(p),
                    None => return tables,
                }
            }
        }
        forward = !forward;
    }
    tables
}

/// The winner of a table: its first place, the better seed of a shared
/// one. `None` for a table without a first place (none is made).
pub fn winner(table: &super::TableResult, seeds: &[EntrantId]) -> Option<EntrantId> {
    let seed_of = |e: &EntrantId| seeds.iter().position(|s| s == e).unwrap_or(usize::MAX);
    table
        .placings()
        .iter()
        .filter(|p| p.place == 1)
        .min_by_key(|p| seed_of(&p.entrant))
        .map(|p| p.entrant.clone())
}
