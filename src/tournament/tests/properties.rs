//! Property tests over 3 to 40 entrants and tables of 2 to 5, for each
//! format, with random results (ties included). `PROPTEST_CASES` sets the
//! cases of each (128 by default).

use super::super::{elimination, layout::layout, round_robin, swiss};
use super::*;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(128);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn names(n: usize) -> Vec<EntrantId> {
    (0..n).map(|i| id(&format!("e{i:02}"))).collect()
}

/// A round played with random scores (small, so that places are
/// sometimes shared), placed as the game places them.
fn play(round: &Round, rng: &mut ChaCha8Rng) -> RoundResult {
    RoundResult {
        tables: round
            .tables
            .iter()
            .map(|t| {
                let scores: Vec<i32> = t.seats.iter().map(|_| rng.random_range(0..6) * 7).collect();
                TableResult::new(
                    t.seats
                        .iter()
                        .zip(&scores)
                        .map(|(e, &s)| Placing {
                            entrant: e.clone(),
                            place: 1 + scores.iter().filter(|&&o| o > s).count(),
                            score: s,
                        })
                        .collect(),
                )
                .expect("places as the game gives them")
            })
            .collect(),
        byes: round.byes.clone(),
    }
}

/// Whether `players` can sit at tables all within one seat of `size`
/// (and within 2..=5).
fn splits_within_one(players: usize, size: usize) -> bool {
    let allowed: Vec<usize> = (size - 1..=size + 1)
        .filter(|n| (2..=5).contains(n))
        .collect();
    let mut can = vec![false; players + 1];
    can[0] = true;
    for k in 1..=players {
        can[k] = allowed.iter().any(|&a| a <= k && can[k - a]);
    }
    can[players]
}

/// Checks one round's tables against the rule of sizes.
fn check_sizes(round: &Round, players: usize, size: TableSize) -> Result<(), TestCaseError> {
    let sizes: Vec<usize> = round.tables.iter().map(|t| t.seats.len()).collect();
    prop_assert!(sizes.iter().all(|n| (2..=5).contains(n)), "{sizes:?}");
    let (lo, hi) = (sizes.iter().min(), sizes.iter().max());
    if let (Some(lo), Some(hi)) = (lo, hi) {
        prop_assert!(hi - lo <= 1, "as even as possible: {sizes:?}");
    }
    if splits_within_one(players, size.seats()) {
        prop_assert!(
            sizes.iter().all(|n| n.abs_diff(size.seats()) <= 1),
            "{players} at tables of {}: {sizes:?}",
            size.get()
        );
    }
    Ok(())
}

/// Every one of `players` exactly once in the round (a table or a bye).
fn check_everyone_once(round: &Round, players: &[EntrantId]) -> Result<(), TestCaseError> {
    let mut seen: Vec<&EntrantId> = round.players().collect();
    seen.sort();
    let mut expected: Vec<&EntrantId> = players.iter().collect();
    expected.sort();
    prop_assert_eq!(seen, expected);
    Ok(())
}

/// Who each player has sat with, over `played`.
fn opponents(played: &[RoundResult]) -> BTreeMap<EntrantId, BTreeSet<EntrantId>> {
    let mut met: BTreeMap<EntrantId, BTreeSet<EntrantId>> = BTreeMap::new();
    for t in played.iter().flat_map(|r| &r.tables) {
        for a in t.placings() {
            for b in t.placings() {
                if a.entrant != b.entrant {
                    met.entry(a.entrant.clone())
                        .or_default()
                        .insert(b.entrant.clone());
                }
            }
        }
    }
    met
}

fn repeats(tables: &[Vec<usize>], met: &[BTreeSet<usize>]) -> usize {
    tables
        .iter()
        .map(|t| {
            t.iter()
                .enumerate()
                .map(|(i, a)| t[i + 1..].iter().filter(|b| met[*a].contains(b)).count())
                .sum::<usize>()
        })
        .sum()
}

/// The fewest repeated pairs any seating at tables of `sizes` gives,
/// by trying them all (the first unseated player to each table with
/// room, empty tables of one size once).
fn fewest_repeats(sizes: &[usize], met: &[BTreeSet<usize>]) -> usize {
    fn go(
        p: usize,
        tables: &mut Vec<Vec<usize>>,
        sizes: &[usize],
        met: &[BTreeSet<usize>],
        best: &mut usize,
    ) {
        if p == met.len() {
            *best = (*best).min(repeats(tables, met));
            return;
        }
        let mut empty_sizes = Vec::new();
        for j in 0..sizes.len() {
            if tables[j].len() == sizes[j] {
                continue;
            }
            if tables[j].is_empty() {
                if empty_sizes.contains(&sizes[j]) {
                    continue;
                }
                empty_sizes.push(sizes[j]);
            }
            tables[j].push(p);
            go(p + 1, tables, sizes, met, best);
            tables[j].pop();
        }
    }
    let mut best = usize::MAX;
    go(0, &mut vec![Vec::new(); sizes.len()], sizes, met, &mut best);
    best
}

proptest! {
    #![proptest_config(config())]

    /// Swiss: everyone seated once a round, tables by the rule, no
    /// repeated pair whenever a round without one must exist
    /// (Hajnal–Szemerédi: more tables than the most players anyone
    /// has met), up to 10 players no more repeats than the fewest
    /// possible, the same seed the same rounds.
    #[test]
    fn swiss_rounds_seat_everyone_and_repeat_no_pair_while_avoidable(
        n in 3usize..=40,
        size in 2u8..=5,
        rounds in 1usize..=6,
        seed in any::<u64>(),
    ) {
        let size = TableSize::new(size).expect("2 to 5");
        let players = names(n);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let mut played: Vec<RoundResult> = Vec::new();
        for r in 0..rounds {
            let round = swiss::round(&players, &played, size, seed);
            prop_assert_eq!(round.number as usize, r + 1);
            check_everyone_once(&round, &players)?;
            prop_assert!(round.byes.is_empty(), "no bye from 2 players up");
            check_sizes(&round, n, size)?;
            prop_assert_eq!(&round, &swiss::round(&players, &played, size, seed));

            let met_by_id = opponents(&played);
            let index: BTreeMap<&EntrantId, usize> =
                players.iter().enumerate().map(|(i, e)| (e, i)).collect();
            let met: Vec<BTreeSet<usize>> = players
                .iter()
                .map(|e| {
                    met_by_id
                        .get(e)
                        .map(|s| s.iter().map(|o| index[o]).collect())
                        .unwrap_or_default()
                })
                .collect();
            let tables: Vec<Vec<usize>> = round
                .tables
                .iter()
                .map(|t| t.seats.iter().map(|e| index[e]).collect())
                .collect();
            let got = repeats(&tables, &met);
            let most_met = met.iter().map(BTreeSet::len).max().unwrap_or(0);
            if round.tables.len() > most_met {
                prop_assert_eq!(got, 0, "round {}: {} tables, most met {}", r + 1, round.tables.len(), most_met);
            }
            if n <= 10 {
                let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
                prop_assert_eq!(got, fewest_repeats(&sizes, &met), "round {}", r + 1);
            }
            played.push(play(&round, &mut rng));
        }
    }

    /// The standings of random results: every entrant once, places 1..,
    /// ordered by points, then game points, then Buchholz; the points
    /// handed out are 6 a seat and 6 a bye.
    #[test]
    fn standings_of_random_results_hold_their_order_and_totals(
        n in 3usize..=40,
        size in 2u8..=5,
        rounds in 1usize..=5,
        seed in any::<u64>(),
    ) {
        let size = TableSize::new(size).expect("2 to 5");
        let players = names(n);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut played: Vec<RoundResult> = Vec::new();
        for _ in 0..rounds {
            let round = swiss::round(&players, &played, size, seed);
            played.push(play(&round, &mut rng));
        }
        let lines = standings(&players, &played);
        prop_assert_eq!(lines.len(), n);
        let mut seen: Vec<&EntrantId> = lines.iter().map(|l| &l.entrant).collect();
        seen.sort();
        prop_assert_eq!(seen, players.iter().collect::<Vec<_>>());
        let seats = played.iter().flat_map(|r| &r.tables).map(TableResult::players).sum::<usize>();
        let byes = played.iter().map(|r| r.byes.len()).sum::<usize>();
        let total: u32 = lines.iter().map(|l| l.points.halves()).sum();
        prop_assert_eq!(total as usize, BYE.halves() as usize * (seats + byes));
        for (i, l) in lines.iter().enumerate() {
            prop_assert_eq!(l.place, i + 1);
            prop_assert_eq!((l.games + l.byes) as usize, rounds);
            if i > 0 {
                let above = &lines[i - 1];
                prop_assert!(
                    (above.points, above.game_points, above.buchholz) >= (l.points, l.game_points, l.buchholz)
                );
                prop_assert!(l.below_by.is_some());
            } else {
                prop_assert!(l.below_by.is_none());
            }
        }
    }

    /// Round-robin pools: pools within one of each other and never of
    /// one; in each round every player of a pool still playing plays
    /// once or has a bye; each player of a pool the same games and
    /// byes; everyone meets everyone in the pool (exactly once at
    /// tables of 2); tables by the rule; the same seed the same
    /// rounds.
    #[test]
    fn round_robin_pools_meet_everyone_evenly(
        n in 3usize..=40,
        size in 2u8..=5,
        pool_size in 2usize..=16,
        seed in any::<u64>(),
    ) {
        let size = TableSize::new(size).expect("2 to 5");
        let players = names(n);
        let pools = round_robin::pools(&players, pool_size);
        let lens: Vec<usize> = pools.iter().map(Vec::len).collect();
        prop_assert!(lens.iter().all(|&p| p >= 2), "{lens:?}");
        prop_assert!(lens.iter().max().unwrap_or(&0) - lens.iter().min().unwrap_or(&0) <= 1);
        // As few pools as hold at most the pool size, unless that would
        // leave a pool of one: then pools of 2 and 3.
        let most = pool_size.max(2);
        if n.div_ceil(most) <= n / 2 {
            prop_assert_eq!(pools.len(), n.div_ceil(most));
            prop_assert!(lens.iter().all(|&p| p <= most), "{lens:?}");
        } else {
            prop_assert_eq!(pools.len(), n / 2);
        }
        let mut all: Vec<&EntrantId> = pools.iter().flatten().collect();
        all.sort();
        prop_assert_eq!(all, players.iter().collect::<Vec<_>>());

        let rounds = round_robin::rounds(&pools, size, seed);
        prop_assert_eq!(&rounds, &round_robin::rounds(&pools, size, seed));
        for (k, pool) in pools.iter().enumerate() {
            let schedule = round_robin::schedule(pool, size, round_robin::pool_seed(seed, k));
            let p = pool.len();
            let s = size.seats();
            if s == 2 {
                prop_assert_eq!(schedule.len(), if p % 2 == 0 { p - 1 } else { p });
            } else {
                let least = (p - 1).div_ceil(s - 1);
                prop_assert!(schedule.len() <= 2 * least + 1, "{} rounds for {p} at {s}", schedule.len());
            }
            let mut games: BTreeMap<&EntrantId, usize> = BTreeMap::new();
            let mut byes: BTreeMap<&EntrantId, usize> = BTreeMap::new();
            let mut pairs: BTreeMap<(&EntrantId, &EntrantId), usize> = BTreeMap::new();
            for (i, round) in schedule.iter().enumerate() {
                check_everyone_once(round, pool)?;
                if s == 2 {
                    prop_assert!(round.tables.iter().all(|t| t.seats.len() == 2));
                    prop_assert_eq!(round.byes.len(), p % 2);
                } else {
                    prop_assert!(round.byes.is_empty());
                    check_sizes(round, p, size)?;
                }
                // The pool's round is in the tournament's round.
                for t in &round.tables {
                    prop_assert!(rounds[i].tables.contains(t));
                    for a in &t.seats {
                        *games.entry(a).or_default() += 1;
                        for b in &t.seats {
                            if a < b {
                                *pairs.entry((a, b)).or_default() += 1;
                            }
                        }
                    }
                }
                for b in &round.byes {
                    prop_assert!(rounds[i].byes.contains(b));
                    *byes.entry(b).or_default() += 1;
                }
            }
            let counts: BTreeSet<(usize, usize)> = pool
                .iter()
                .map(|e| (games.get(e).copied().unwrap_or(0), byes.get(e).copied().unwrap_or(0)))
                .collect();
            prop_assert_eq!(counts.len(), 1, "the same games and byes for all: {:?}", counts);
            prop_assert_eq!(pairs.len(), p * (p - 1) / 2, "every pair met");
            if s == 2 {
                prop_assert!(pairs.values().all(|&m| m == 1));
            }
        }
        // No table mixes pools; every round's players are the pools'.
        for round in &rounds {
            for t in &round.tables {
                let k = pools.iter().position(|pl| pl.contains(&t.seats[0]));
                prop_assert!(t.seats.iter().all(|e| pools.iter().position(|pl| pl.contains(e)) == k));
            }
        }
    }

    /// Top-N elimination: every player still in seated once a round,
    /// tables by the rule, the tables' winners and only they play the
    /// next round, a last round of one table whose winner is the
    /// champion; the same seed the same rounds.
    #[test]
    fn elimination_advances_each_tables_winner_to_one_champion(
        n in 3usize..=40,
        size in 2u8..=5,
        seed in any::<u64>(),
    ) {
        let size = TableSize::new(size).expect("2 to 5");
        let seeds = names(n);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut played: Vec<RoundResult> = Vec::new();
        let mut still_in = seeds.clone();
        loop {
            let next = elimination::next(&seeds, &played, size, seed);
            prop_assert_eq!(&next, &elimination::next(&seeds, &played, size, seed));
            match next {
                elimination::Next::Round(round) => {
                    prop_assert!(played.len() < n, "it ends");
                    prop_assert_eq!(round.number as usize, played.len() + 1);
                    check_everyone_once(&round, &still_in)?;
                    prop_assert!(round.byes.is_empty());
                    check_sizes(&round, still_in.len(), size)?;
                    let result = play(&round, &mut rng);
                    still_in = result
                        .tables
                        .iter()
                        .map(|t| elimination::winner(t, &seeds).expect("a first place"))
                        .collect();
                    prop_assert_eq!(still_in.len(), round.tables.len());
                    played.push(result);
                }
                elimination::Next::Champion(champion) => {
                    prop_assert!(!played.is_empty());
                    prop_assert_eq!(played.last().map(|r| r.tables.len()), Some(1));
                    prop_assert_eq!(still_in, vec![champion]);
                    break;
                }
                elimination::Next::Nobody => prop_assert!(false, "seeds were given"),
            }
        }
    }

    /// The rule of table sizes alone, over every count and size.
    #[test]
    fn the_layout_seats_everyone_within_its_rule(n in 0usize..=200, size in 2u8..=5) {
        let size = TableSize::new(size).expect("2 to 5");
        let l = layout(n, size);
        prop_assert_eq!(l.tables.iter().sum::<usize>() + l.byes, n);
        prop_assert_eq!(l.byes, usize::from(n == 1));
        prop_assert!(l.tables.windows(2).all(|w| w[0] >= w[1]), "largest first");
        let round = Round {
            number: 1,
            tables: l
                .tables
                .iter()
                .map(|&k| Table { seats: names(k) })
                .collect(),
            byes: Vec::new(),
        };
        check_sizes(&round, n, size)?;
        prop_assert_eq!(l.within_one_of(size), splits_within_one(n, size.seats()) || n < 2);
    }
}
