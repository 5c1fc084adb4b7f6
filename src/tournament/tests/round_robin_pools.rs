//! Round-robin pools: dealt, and each pool's rounds.

use super::super::round_robin;
use super::*;
use std::collections::BTreeMap;

fn size(n: u8) -> TableSize {
    TableSize::new(n).expect("2 to 5")
}

fn names(n: usize) -> Vec<EntrantId> {
    (0..n).map(|i| id(&format!("p{i:02}"))).collect()
}

/// How many times each pair met over `rounds`.
fn meetings(rounds: &[Round]) -> BTreeMap<(EntrantId, EntrantId), usize> {
    let mut m = BTreeMap::new();
    for t in rounds.iter().flat_map(|r| &r.tables) {
        for a in &t.seats {
            for b in &t.seats {
                if a < b {
                    *m.entry((a.clone(), b.clone())).or_default() += 1;
                }
            }
        }
    }
    m
}

#[test]
fn pools_are_dealt_back_and_forth_and_never_of_one() {
    let pools = round_robin::pools(&names(7), 3);
    let got: Vec<Vec<&str>> = pools
        .iter()
        .map(|p| p.iter().map(EntrantId::as_str).collect())
        .collect();
    // 7 at most 3 a pool: 3 pools; dealt 0 1 2, 5 4 3, 6.
    assert_eq!(
        got,
        vec![
            vec!["p00", "p05", "p06"],
            vec!["p01", "p04"],
            vec!["p02", "p03"]
        ]
    );
    // Three players, pools of at most 2: one pool of 3 rather than a
    // pool of 1.
    assert_eq!(round_robin::pools(&names(3), 2).len(), 1);
    assert_eq!(round_robin::pools(&names(40), 8).len(), 5);
    assert!(round_robin::pools(&[], 4).is_empty());
}

#[test]
fn at_tables_of_two_everyone_meets_everyone_once() {
    // Even: p - 1 rounds, no byes.
    let rounds = round_robin::schedule(&names(6), size(2), 3);
    assert_eq!(rounds.len(), 5);
    assert!(rounds
        .iter()
        .all(|r| r.byes.is_empty() && r.tables.len() == 3));
    let m = meetings(&rounds);
    assert_eq!(m.len(), 15);
    assert!(m.values().all(|&k| k == 1));
    // Odd: p rounds, each player one bye.
    let rounds = round_robin::schedule(&names(5), size(2), 3);
    assert_eq!(rounds.len(), 5);
    let mut byes: Vec<&EntrantId> = rounds.iter().flat_map(|r| &r.byes).collect();
    byes.sort();
    assert_eq!(byes, names(5).iter().collect::<Vec<_>>());
    let m = meetings(&rounds);
    assert_eq!(m.len(), 10);
    assert!(m.values().all(|&k| k == 1));
}

#[test]
fn at_tables_of_three_nine_players_meet_everyone_in_four_rounds() {
    // 9 players at tables of 3 meet 2 new players a round at best: 8
    // others in 4 rounds, a resolvable design (the affine plane of
    // order 3), which the seating finds.
    let rounds = round_robin::schedule(&names(9), size(3), 11);
    assert_eq!(rounds.len(), 4);
    let m = meetings(&rounds);
    assert_eq!(m.len(), 36);
    assert!(m.values().all(|&k| k == 1));
    assert_eq!(rounds, round_robin::schedule(&names(9), size(3), 11));
}

#[test]
fn the_pools_rounds_side_by_side() {
    // 11 players in pools of at most 6 at tables of 2: pools of 5 and
    // 6 (the last dealt goes back to the second pool); the 6 play 5
    // rounds, the 5 play 5 rounds with a bye each.
    let pools = round_robin::pools(&names(11), 6);
    assert_eq!(pools.iter().map(Vec::len).collect::<Vec<_>>(), vec![5, 6]);
    let rounds = round_robin::rounds(&pools, size(2), 9);
    assert_eq!(rounds.len(), 5);
    for r in &rounds {
        assert_eq!(r.tables.len(), 5);
        assert_eq!(r.byes.len(), 1);
        assert!(pools[0].contains(&r.byes[0]));
        let mut all: Vec<&EntrantId> = r.players().collect();
        all.sort();
        assert_eq!(all, names(11).iter().collect::<Vec<_>>());
    }
    // No one meets a player of the other pool.
    for ((a, b), _) in meetings(&rounds) {
        assert_eq!(pools[0].contains(&a), pools[0].contains(&b));
    }
}
