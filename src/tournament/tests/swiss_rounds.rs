//! Swiss rounds: who meets whom, round by round.

use super::super::grouping::{self, Met};
use super::super::swiss;
use super::*;

fn size(n: u8) -> TableSize {
    TableSize::new(n).expect("2 to 5")
}

/// Each table's result in seat order: the first seat first, and so on
/// (scores 10 a place apart).
fn results_in_seat_order(round: &Round) -> RoundResult {
    RoundResult {
        tables: round
            .tables
            .iter()
            .map(|t| {
                let n = t.seats.len();
                TableResult::new(
                    t.seats
                        .iter()
                        .enumerate()
                        .map(|(i, e)| Placing {
                            entrant: e.clone(),
                            place: i + 1,
                            score: 10 * (n - i) as i32,
                        })
                        .collect(),
                )
                .expect("a table of 2 to 5")
            })
            .collect(),
        byes: round.byes.clone(),
    }
}

fn names(n: usize) -> Vec<EntrantId> {
    (0..n).map(|i| id(&format!("p{i:02}"))).collect()
}

fn repeated_pairs(played: &[RoundResult], round: &Round) -> usize {
    let mut count = 0;
    for t in &round.tables {
        for (i, a) in t.seats.iter().enumerate() {
            for b in &t.seats[i + 1..] {
                let met = played.iter().flat_map(|r| &r.tables).any(|r| {
                    r.placings().iter().any(|p| &p.entrant == a)
                        && r.placings().iter().any(|p| &p.entrant == b)
                });
                count += usize::from(met);
            }
        }
    }
    count
}

#[test]
fn nine_players_at_tables_of_three_meet_six_new_players_in_two_rounds() {
    let players = names(9);
    let first = swiss::round(&players, &[], size(3), 7);
    assert_eq!(first.number, 1);
    assert_eq!(
        first
            .tables
            .iter()
            .map(|t| t.seats.len())
            .collect::<Vec<_>>(),
        vec![3, 3, 3]
    );
    assert!(first.byes.is_empty());
    let played = vec![results_in_seat_order(&first)];
    let second = swiss::round(&players, &played, size(3), 7);
    assert_eq!(second.number, 2);
    assert_eq!(repeated_pairs(&played, &second), 0);
    // The winners of round 1 sit together in round 2 (12 points each,
    // and three tables of three who never met: the winners, the
    // seconds, the thirds).
    let standings = standings(&players, &played);
    let winners: Vec<&EntrantId> = standings[..3].iter().map(|l| &l.entrant).collect();
    let mut top = second.tables[0].seats.iter().collect::<Vec<_>>();
    top.sort();
    let mut expected = winners.clone();
    expected.sort();
    assert_eq!(top, expected);
    // The same seed, the same rounds; another seed, another draw.
    assert_eq!(swiss::round(&players, &[], size(3), 7), first);
    assert_eq!(swiss::round(&players, &played, size(3), 7), second);
    assert_ne!(swiss::round(&players, &[], size(3), 8), first);
}

#[test]
fn a_lone_player_has_a_bye_and_everyone_else_a_table() {
    let one = swiss::round(&names(1), &[], size(3), 1);
    assert!(one.tables.is_empty());
    assert_eq!(one.byes, names(1));
    let ten = swiss::round(&names(10), &[], size(3), 1);
    assert!(ten.byes.is_empty());
    let mut sizes: Vec<usize> = ten.tables.iter().map(|t| t.seats.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, vec![3, 3, 4]);
    let mut seated: Vec<&EntrantId> = ten.players().collect();
    seated.sort();
    assert_eq!(seated, names(10).iter().collect::<Vec<_>>());
}

#[test]
fn the_seating_finds_the_round_without_repeats_the_cut_misses() {
    // Six players who met at tables of 3 as 0-1-2 and 3-4-5, now at
    // tables of 2: cut in order, 0-1 and 4-5 would meet again; the
    // search pairs each with one of the other table.
    let mut met = Met::new(6);
    met.add_table(&[0, 1, 2]);
    met.add_table(&[3, 4, 5]);
    let tables = grouping::seat(&[2, 2, 2], &met, true, swiss::SEARCH_BUDGET);
    assert_eq!(grouping::cost(&tables, &met, true).repeated, 0);
    for t in &tables {
        assert!(t[0] < 3 && t[1] >= 3, "{tables:?}");
    }
    // At tables of 3 every seating puts two of one old table together
    // at each table: 2 repeats, and no fewer.
    let tables = grouping::seat(&[3, 3], &met, true, swiss::SEARCH_BUDGET);
    assert_eq!(grouping::cost(&tables, &met, true).repeated, 2);
    // And where every seating repeats (four who all met, at a table of
    // 4 and none other), it takes the fewest.
    let mut met = Met::new(4);
    met.add_table(&[0, 1, 2, 3]);
    let tables = grouping::seat(&[2, 2], &met, true, swiss::SEARCH_BUDGET);
    assert_eq!(grouping::cost(&tables, &met, true).repeated, 2);
    assert_eq!(tables, vec![vec![0, 1], vec![2, 3]], "by standing");
}
