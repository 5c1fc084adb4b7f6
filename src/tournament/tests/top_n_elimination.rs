//! Top-n elimination: who goes through, table by table.

use super::super::elimination::{self, Next};
use super::*;

fn size(n: u8) -> TableSize {
    TableSize::new(n).expect("2 to 5")
}

fn seeds(n: usize) -> Vec<EntrantId> {
    (1..=n).map(|i| id(&format!("s{i:02}"))).collect()
}

fn sorted(t: &Table) -> Vec<&str> {
    let mut s: Vec<&str> = t.seats.iter().map(EntrantId::as_str).collect();
    s.sort_unstable();
    s
}

/// Each table won by the seat `pick` chooses, the others after it.
fn results(round: &Round, pick: impl Fn(&Table) -> EntrantId) -> RoundResult {
    RoundResult {
        tables: round
            .tables
            .iter()
            .map(|t| {
                let w = pick(t);
                let mut place = 1;
                let mut placings = vec![Placing {
                    entrant: w.clone(),
                    place: 1,
                    score: 50,
                }];
                for e in t.seats.iter().filter(|e| **e != w) {
                    place += 1;
                    placings.push(Placing {
                        entrant: e.clone(),
                        place,
                        score: 40 - place as i32,
                    });
                }
                TableResult::new(placings).expect("a table")
            })
            .collect(),
        byes: round.byes.clone(),
    }
}

fn round_of(next: Next) -> Round {
    match next {
        Next::Round(r) => r,
        other => panic!("a round, not {other:?}"),
    }
}

#[test]
fn ten_seeds_at_tables_of_three_deal_back_and_forth_to_a_final() {
    let seeds = seeds(10);
    let first = round_of(elimination::next(&seeds, &[], size(3), 4));
    assert_eq!(first.number, 1);
    let tables: Vec<Vec<&str>> = first.tables.iter().map(sorted).collect();
    // 1 2 3, back 4 5 6, 7 8 9, back: 10 to the first, the table of 4.
    assert_eq!(
        tables,
        vec![
            vec!["s01", "s06", "s07", "s10"],
            vec!["s02", "s05", "s08"],
            vec!["s03", "s04", "s09"],
        ]
    );
    // The lowest seed wins each table: s10, s08, s09 meet in the final.
    let lowest = |t: &Table| t.seats.iter().max().cloned().expect("seats");
    let played = vec![results(&first, lowest)];
    let last = round_of(elimination::next(&seeds, &played, size(3), 4));
    assert_eq!(last.number, 2);
    assert_eq!(last.tables.len(), 1);
    assert_eq!(sorted(&last.tables[0]), vec!["s08", "s09", "s10"]);
    let played = vec![played[0].clone(), results(&last, |_| id("s09"))];
    assert_eq!(
        elimination::next(&seeds, &played, size(3), 4),
        Next::Champion(id("s09"))
    );
    // The same seed, the same seats.
    assert_eq!(round_of(elimination::next(&seeds, &[], size(3), 4)), first);
}

#[test]
fn a_shared_first_place_goes_to_the_better_seed() {
    let seeds = seeds(4);
    let t = TableResult::new(vec![
        Placing {
            entrant: id("s03"),
            place: 1,
            score: 40,
        },
        Placing {
            entrant: id("s02"),
            place: 1,
            score: 40,
        },
        Placing {
            entrant: id("s01"),
            place: 3,
            score: 30,
        },
    ])
    .expect("a table");
    assert_eq!(elimination::winner(&t, &seeds), Some(id("s02")));
}

#[test]
fn the_top_of_the_standings_are_the_seeds() {
    let lines = standings(&seeds(5), &[]);
    assert_eq!(elimination::top(&lines, 3), seeds(3));
    assert_eq!(elimination::next(&[], &[], size(2), 1), Next::Nobody);
    assert_eq!(
        elimination::next(&seeds(1), &[], size(2), 1),
        Next::Champion(id("s01"))
    );
    // Seven at tables of 2: 3, 2, 2, then a final of three.
    let first = round_of(elimination::next(&seeds(7), &[], size(2), 1));
    let sizes: Vec<usize> = first.tables.iter().map(|t| t.seats.len()).collect();
    assert_eq!(sizes, vec![3, 2, 2]);
    let best = |t: &Table| t.seats.iter().min().cloned().expect("seats");
    let played = vec![results(&first, best)];
    let last = round_of(elimination::next(&seeds(7), &played, size(2), 1));
    assert_eq!(sorted(&last.tables[0]), vec!["s01", "s02", "s03"]);
}
