//! Multiplayer Swiss: each round's tables made from the standings of the
//! rounds before, so that players of like standing meet, and never the same
//! pair of players at a table twice while it can be avoided.
//!
//! A round, for the players still in (signed up and not dropped):
//! 1. their order: in round 1 a draw from the seed (everyone is equal);
//!    after it, the standings ([`super::standings()`]);
//! 2. the tables by [`layout`] (the larger tables first); a bye only for a
//!    lone player, to the lowest ranked of those with the fewest byes;
//! 3. the players seated ([`super::grouping`]): cut in order into the
//!    tables, then moved as little as needed to seat together as few pairs
//!    that already met as possible (then as few meetings, then the nearest
//!    in the standings); bounded and deterministic;
//! 4. the tables in order of their best placed player, each table's seats
//!    in an order drawn from the seed (who plays first).
//!
//! The bound the tests hold it to: whenever a round has more tables than
//! the most players anyone has met so far, a round without any repeated
//! pair exists (the Hajnal–Szemerédi theorem: a graph whose degrees are
//! below k splits into k independent sets whose sizes differ by at most
//! one), and the round has none; and up to 10 players, no round has more
//! repeated pairs than the fewest any seating gives.

use super::grouping::{self, Met};
use super::layout::layout;
use super::{seat_order, standings, stream, Draw, EntrantId, Round, RoundResult, Table, TableSize};
use rand::seq::SliceRandom;
use std::collections::BTreeMap;

/// Nodes the search of a round may visit: enough to try every seating of
/// 10 players; a round of 3 to 40 players took at most 31 ms (2,736 rounds
/// of 6-round tournaments, in the tests' build).
pub const SEARCH_BUDGET: usize = 50_000;

/// The next round for `entrants` (the players still in, in sign-up order),
/// after the rounds `played`, at tables of `size`, drawn from `seed`.
pub fn round(entrants: &[EntrantId], played: &[RoundResult], size: TableSize, seed: u64) -> Round {
    let number = played.len() as u32 + 1;
    let order: Vec<EntrantId> = if played.is_empty() {
        let mut order = unique(entrants);
        order.shuffle(&mut stream(seed, Draw::Order, number));
        order
    } else {
        standings(entrants, played)
            .into_iter()
            .map(|l| l.entrant)
            .collect()
    };
    let layout = layout(order.len(), size);

    let mut byes_had: BTreeMap<&EntrantId, usize> = BTreeMap::new();
    for bye in played.iter().flat_map(|r| &r.byes) {
        *byes_had.entry(bye).or_default() += 1;
    }
    // The fewest byes first, then the lowest ranked.
    let mut by_bye: Vec<usize> = (0..order.len()).collect();
    by_bye.sort_by_key(|&i| {
        (
            byes_had.get(&order[i]).copied().unwrap_or(0),
            std::cmp::Reverse(i),
        )
    });
    let mut bye: Vec<usize> = by_bye.into_iter().take(layout.byes).collect();
    bye.sort_unstable();
    let seated: Vec<&EntrantId> = order
        .iter()
        .enumerate()
        .filter(|(i, _)| !bye.contains(i))
        .map(|(_, e)| e)
        .collect();

    let met = met_among(&seated, played);
    let groups = grouping::seat(&layout.tables, &met, true, SEARCH_BUDGET);
    Round {
        number,
        tables: tables_of(groups, &seated, &mut stream(seed, Draw::Seats, number)),
        byes: bye.into_iter().map(|i| order[i].clone()).collect(),
    }
}

/// How many times each pair of `players` (numbered by position) sat at a
/// table together in `played`.
pub(crate) fn met_among(players: &[&EntrantId], played: &[RoundResult]) -> Met {
    let index: BTreeMap<&EntrantId, usize> =
        players.iter().enumerate().map(|(i, e)| (*e, i)).collect();
    let mut met = Met::new(players.len());
    for table in played.iter().flat_map(|r| &r.tables) {
        let here: Vec<usize> = table
            .placings()
            .iter()
            .filter_map(|p| index.get(&p.entrant).copied())
            .collect();
        met.add_table(&here);
    }
    met
}

/// Groups of positions in `players` made tables: in order of their first
/// player, each table's seats in an order drawn from `rng`.
pub(crate) fn tables_of(
    mut groups: Vec<Vec<usize>>,
    players: &[&EntrantId],
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Vec<Table> {
    groups.sort_by_key(|g| g.iter().min().copied());
    groups
        .into_iter()
        .map(|g| Table {
            seats: seat_order(g.iter().map(|&i| players[i].clone()).collect(), rng),
        })
        .collect()
}

/// `entrants` with each named once, in order.
pub(crate) fn unique(entrants: &[EntrantId]) -> Vec<EntrantId> {
    let mut seen = std::collections::BTreeSet::new();
    entrants
        .iter()
        .filter(|e| seen.insert(*e))
        .cloned()
        .collect()
}
