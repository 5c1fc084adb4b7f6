//! Round-robin pools: the entrants split into pools, and in each pool a
//! schedule in which everyone meets everyone, as evenly as the tables
//! allow. The whole schedule is known before the first round.
//!
//! **Pools** ([`pools`]): as few as hold at most the pool size each, their
//! sizes within one of each other, never a pool of one (so at most half as
//! many pools as entrants); the entrants, in the order given (sign-up
//! order, or a ranking), dealt to the pools back and forth (1, 2, 3, 3, 2,
//! 1, ...), so that each pool has its share of the strong and the weak.
//!
//! **A pool's schedule** ([`schedule`]), its players first put in an order
//! drawn from the seed:
//! - at tables of 2, the circle method: one player fixed, the others
//!   turning round them, so that in `p - 1` rounds (`p` even) everyone
//!   meets everyone exactly once; an odd pool adds an empty place, and the
//!   player drawn against it has a bye: `p` rounds, each player one bye
//!   and `p - 1` games;
//! - at larger tables, round after round seated by [`super::layout`] (so
//!   everyone plays every round) to seat together as many pairs who have
//!   not yet met as possible, then the fewest meetings again
//!   ([`super::grouping`]), until every pair has met. Every round meets at
//!   least one new pair (see the grouping's module doc), so it ends. It is
//!   greedy, round by round: 9 players at tables of 3 take 4 rounds and 16
//!   at tables of 4 take 5, the least possible (`ceil((p - 1) / (size -
//!   1))`); larger pools take a few more (40 at tables of 3: 22 rounds,
//!   where 20 is the least); the property tests hold it to at most twice
//!   the least, plus one.
//!
//! [`rounds`] puts the pools' schedules side by side: round `n` is every
//! pool's round `n`; a pool with fewer rounds is done earlier.

use super::grouping::{self, Met};
use super::layout::layout;
use super::swiss::{tables_of, unique};
use super::{seat_order, stream, Draw, EntrantId, Round, Table, TableSize};
use rand::seq::SliceRandom;
use rand::RngCore;

/// Nodes the search of one round may visit (as in the Swiss rounds).
pub const SEARCH_BUDGET: usize = 20_000;

/// `entrants` (in the order given) split into pools of at most
/// `pool_size`.
pub fn pools(entrants: &[EntrantId], pool_size: usize) -> Vec<Vec<EntrantId>> {
    let entrants = unique(entrants);
    let n = entrants.len();
    if n == 0 {
        return Vec::new();
    }
    let count = n.div_ceil(pool_size.max(2)).min((n / 2).max(1));
    let mut pools = vec![Vec::new(); count];
    for (i, e) in entrants.into_iter().enumerate() {
        let (row, col) = (i / count, i % count);
        let k = if row % 2 == 0 { col } else { count - 1 - col };
        pools[k].push(e);
    }
    pools
}

/// Every pool's schedule side by side, each pool drawn from its own seed
/// made from `seed`.
pub fn rounds(pools: &[Vec<EntrantId>], size: TableSize, seed: u64) -> Vec<Round> {
    let schedules: Vec<Vec<Round>> = pools
        .iter()
        .enumerate()
        .map(|(k, pool)| schedule(pool, size, pool_seed(seed, k)))
        .collect();
    let most = schedules.iter().map(Vec::len).max().unwrap_or(0);
    (0..most)
        .map(|i| {
            let mut round = Round {
                number: i as u32 + 1,
                ..Round::default()
            };
            for s in schedules.iter().filter_map(|s| s.get(i)) {
                round.tables.extend(s.tables.iter().cloned());
                round.byes.extend(s.byes.iter().cloned());
            }
            round
        })
        .collect()
}

/// The seed of pool `k` (numbered from 0).
pub fn pool_seed(seed: u64, k: usize) -> u64 {
    stream(seed, Draw::Pool, k as u32).next_u64()
}

/// One pool's whole schedule at tables of `size`.
pub fn schedule(pool: &[EntrantId], size: TableSize, seed: u64) -> Vec<Round> {
    let mut players = unique(pool);
    players.shuffle(&mut stream(seed, Draw::Order, 0));
    if size.get() == 2 {
        circle(&players, seed)
    } else {
        covering(&players, size, seed)
    }
}

/// The circle method at tables of 2.
fn circle(players: &[EntrantId], seed: u64) -> Vec<Round> {
    // An odd count gets an empty place (None): whoever meets it has a bye.
    let mut places: Vec<Option<&EntrantId>> = players.iter().map(Some).collect();
    if places.len() % 2 == 1 {
        places.push(None);
    }
    let m = places.len();
    if m < 2 {
        return Vec::new();
    }
    (1..m)
        .map(|number| {
            let mut rng = stream(seed, Draw::Seats, number as u32);
            let mut round = Round {
                number: number as u32,
                ..Round::default()
            };
            for i in 0..m / 2 {
                match (places[i], places[m - 1 - i]) {
                    (Some(a), Some(b)) => round.tables.push(Table {
                        seats: seat_order(vec![a.clone(), b.clone()], &mut rng),
                    }),
                    (Some(a), None) | (None, Some(a)) => round.byes.push(a.clone()),
                    (None, None) => {}
                }
            }
            // The first place stays; the others turn one step.
            places[1..].rotate_right(1);
            round
        })
        .collect()
}

/// Rounds at tables of 3 to 5 until every pair has met.
fn covering(players: &[EntrantId], size: TableSize, seed: u64) -> Vec<Round> {
    let n = players.len();
    let layout = layout(n, size);
    let refs: Vec<&EntrantId> = players.iter().collect();
    let pairs = n * n.saturating_sub(1) / 2;
    let mut met = Met::new(n);
    let mut covered = 0;
    let mut rounds = Vec::new();
    // Each round meets at least one new pair: at most one round a pair.
    while covered < pairs && rounds.len() < pairs {
        let number = rounds.len() as u32 + 1;
        let groups = grouping::seat(&layout.tables, &met, false, SEARCH_BUDGET);
        for g in &groups {
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    covered += usize::from(met.get(a, b) == 0);
                }
            }
            met.add_table(g);
        }
        rounds.push(Round {
            number,
            tables: tables_of(groups, &refs, &mut stream(seed, Draw::Seats, number)),
            byes: Vec::new(),
        });
    }
    rounds
}
