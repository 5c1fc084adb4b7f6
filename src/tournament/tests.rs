//! The tournament's arithmetic: points by place, the standings and their
//! tie-breaks from fixed results (computed by hand in the comments).

use super::*;

fn id(s: &str) -> EntrantId {
    EntrantId::new(s)
}

fn ids(names: &[&str]) -> Vec<EntrantId> {
    names.iter().map(|n| id(n)).collect()
}

/// A table's result from (entrant, place, score), in seat order.
fn table(rows: &[(&str, usize, i32)]) -> TableResult {
    TableResult::new(
        rows.iter()
            .map(|&(e, place, score)| Placing {
                entrant: id(e),
                place,
                score,
            })
            .collect(),
    )
    .expect("a table the game could give")
}

fn whole(points: &[u32]) -> Vec<Points> {
    points.iter().map(|p| Points::whole(*p)).collect()
}

#[test]
fn points_by_place_run_from_twelve_to_nought_at_every_size() {
    let row = |n: usize| -> Vec<Points> {
        (1..=n)
            .map(|p| points_for_place(p, n).expect("a place at the table"))
            .collect()
    };
    assert_eq!(row(2), whole(&[12, 0]));
    assert_eq!(row(3), whole(&[12, 6, 0]));
    assert_eq!(row(4), whole(&[12, 8, 4, 0]));
    assert_eq!(row(5), whole(&[12, 9, 6, 3, 0]));
    // Six a seat on average at every size, as a bye scores.
    for n in 2..=5 {
        let total: Points = row(n).into_iter().sum();
        assert_eq!(total.halves(), BYE.halves() * n as u32, "a table of {n}");
    }
    assert_eq!(points_for_place(0, 3), None);
    assert_eq!(points_for_place(4, 3), None);
    assert_eq!(points_for_place(1, 6), None);
    assert_eq!(points_for_place(1, 1), None);
}

#[test]
fn a_shared_place_gives_each_the_mean_of_the_places_shared() {
    // A table of 5: 1st and 2nd shared, (12 + 9) / 2 = 10.5 each; then 3rd
    // alone 6; 4th and 5th shared, (3 + 0) / 2 = 1.5 each.
    let t = table(&[
        ("a", 1, 50),
        ("b", 1, 50),
        ("c", 3, 40),
        ("d", 4, 30),
        ("e", 4, 30),
    ]);
    let points = t.points();
    assert_eq!(
        points.iter().map(|p| p.halves()).collect::<Vec<_>>(),
        vec![21, 21, 12, 3, 3]
    );
    assert!(points[0].has_half() && points[0].whole_part() == 10);
    // A table of 4, three sharing the first place: (12 + 8 + 4) / 3 = 8.
    let t = table(&[("a", 1, 9), ("b", 1, 9), ("c", 1, 9), ("d", 4, 2)]);
    assert_eq!(t.points(), whole(&[8, 8, 8, 0]));
    // Everyone shares: each gets the mean, 6.
    let t = table(&[("a", 1, 9), ("b", 1, 9), ("c", 1, 9)]);
    assert_eq!(t.points(), whole(&[6, 6, 6]));
}

#[test]
fn placings_no_game_gives_are_refused() {
    let placing = |e: &str, place| Placing {
        entrant: id(e),
        place,
        score: 0,
    };
    assert_eq!(
        TableResult::new(vec![placing("a", 1)]),
        Err(BadResult::Players(1))
    );
    assert_eq!(
        TableResult::new((0..6).map(|i| placing(&i.to_string(), i + 1)).collect()),
        Err(BadResult::Players(6))
    );
    assert_eq!(
        TableResult::new(vec![placing("a", 1), placing("a", 2)]),
        Err(BadResult::Twice(id("a")))
    );
    // Two share the first place: the next is the third, not the second.
    assert_eq!(
        TableResult::new(vec![placing("a", 1), placing("b", 1), placing("c", 2)]),
        Err(BadResult::Place(id("c"), 2))
    );
    assert_eq!(
        TableResult::new(vec![placing("a", 2), placing("b", 3)]),
        Err(BadResult::Place(id("a"), 2))
    );
    assert!(TableResult::new(vec![placing("a", 2), placing("b", 1)]).is_ok());
    // Read back from its stored form, it is checked again.
    let bad = r#"[{"entrant":"a","place":1,"score":0},{"entrant":"b","place":1,"score":0},{"entrant":"c","place":2,"score":0}]"#;
    assert!(serde_json::from_str::<TableResult>(bad).is_err());
}

#[test]
fn a_table_size_is_two_to_five() {
    assert_eq!(TableSize::new(1), Err(BadTableSize(1)));
    assert_eq!(TableSize::new(6), Err(BadTableSize(6)));
    for n in 2..=5 {
        assert_eq!(TableSize::new(n).map(TableSize::get), Ok(n));
    }
    assert!(serde_json::from_str::<TableSize>("6").is_err());
    assert_eq!(
        serde_json::from_str::<TableSize>("3").ok(),
        TableSize::new(3).ok()
    );
}

/// Six players, two rounds at tables of three; and six more (G to L, signed
/// up after them) who played exactly the same results among themselves, G
/// as A, H as B, and so on. Points by place at a table of 3: 12/6/0.
///
/// Round 1: A 40, B 35, C 30 (A 12, B 6, C 0); F 45, E 33, D 25 (F 12,
///          E 6, D 0).
/// Round 2: C 42, A 38, E 20 (C 12, A 6, E 0); B 43, D 36, F 27 (B 12,
///          D 6, F 0).
///
/// Points: A 12+6 = 18, B 6+12 = 18, C 0+12 = 12, F 12+0 = 12, D 0+6 = 6,
/// E 6+0 = 6.
/// Game points: A 40+38 = 78, B 35+43 = 78, C 30+42 = 72, F 45+27 = 72,
/// D 25+36 = 61, E 33+20 = 53.
/// Buchholz (the mean of the opponents' points at each table, summed):
///   A: (B 18 + C 12)/2 = 15, then (C 12 + E 6)/2 = 9: 24.
///   B: (A 18 + C 12)/2 = 15, then (D 6 + F 12)/2 = 9: 24.
///   C: (A 18 + B 18)/2 = 18, then (A 18 + E 6)/2 = 12: 30.
///   F: (E 6 + D 6)/2 = 6, then (B 18 + D 6)/2 = 12: 18.
///   D: (F 12 + E 6)/2 = 9, then (B 18 + F 12)/2 = 15: 24.
///   E: (F 12 + D 6)/2 = 9, then (A 18 + C 12)/2 = 15: 24.
///
/// So: A, B and their twins G, H on 18 points, 78 game points, Buchholz
/// 24: head to head, A finished above B in round 1 (A +1, B -1; G +1,
/// H -1), and G never met A: A, G, B, H, G after A and H after B by
/// sign-up. C and F (and I, L) on 12 points and 72 game points: C's
/// Buchholz 30 beats F's 18. D and E (J, K) on 6 points: D's 61 game
/// points beat E's 53, though E finished above D in round 1 (game points
/// come before head to head).
#[test]
fn golden_standings_with_every_tie_break() {
    let twin = |name: &str| -> String {
        let i = "ABCDEF".find(name).expect("one of A to F");
        "GHIJKL"[i..i + 1].to_string()
    };
    let rounds_of = |name: &dyn Fn(&str) -> String| -> Vec<RoundResult> {
        let t = |rows: &[(&str, usize, i32)]| {
            let named: Vec<(String, usize, i32)> =
                rows.iter().map(|&(e, p, s)| (name(e), p, s)).collect();
            let rows: Vec<(&str, usize, i32)> =
                named.iter().map(|(e, p, s)| (e.as_str(), *p, *s)).collect();
            table(&rows)
        };
        vec![
            RoundResult {
                tables: vec![
                    t(&[("A", 1, 40), ("B", 2, 35), ("C", 3, 30)]),
                    t(&[("D", 3, 25), ("E", 2, 33), ("F", 1, 45)]),
                ],
                byes: vec![],
            },
            RoundResult {
                tables: vec![
                    t(&[("A", 2, 38), ("C", 1, 42), ("E", 3, 20)]),
                    t(&[("B", 1, 43), ("D", 2, 36), ("F", 3, 27)]),
                ],
                byes: vec![],
            },
        ]
    };
    let first = rounds_of(&|e: &str| e.to_string());
    let second = rounds_of(&twin);
    // Each round played at the two halves' tables together.
    let rounds: Vec<RoundResult> = first
        .into_iter()
        .zip(second)
        .map(|(mut a, b)| {
            a.tables.extend(b.tables);
            a
        })
        .collect();
    let entrants = ids(&["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"]);
    let lines = standings(&entrants, &rounds);

    /// Name, points, game points, Buchholz, head to head, below by.
    type Line<'a> = (&'a str, u32, i64, u64, i64, Option<TieBreak>);
    let got: Vec<Line> = lines
        .iter()
        .map(|l| {
            (
                l.entrant.as_str(),
                l.points.whole_part(),
                l.game_points,
                l.buchholz.in_24ths() / 24,
                l.head_to_head,
                l.below_by,
            )
        })
        .collect();
    use TieBreak::*;
    let expected = vec![
        ("A", 18, 78, 24, 1, None),
        ("G", 18, 78, 24, 1, Some(SignUp)),
        ("B", 18, 78, 24, -1, Some(HeadToHead)),
        ("H", 18, 78, 24, -1, Some(SignUp)),
        ("C", 12, 72, 30, 0, Some(Points)),
        ("I", 12, 72, 30, 0, Some(SignUp)),
        ("F", 12, 72, 18, 0, Some(Buchholz)),
        ("L", 12, 72, 18, 0, Some(SignUp)),
        ("D", 6, 61, 24, 0, Some(Points)),
        ("J", 6, 61, 24, 0, Some(SignUp)),
        ("E", 6, 53, 24, 0, Some(GamePoints)),
        ("K", 6, 53, 24, 0, Some(SignUp)),
    ];
    assert_eq!(got, expected);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l.place, i + 1);
        assert_eq!((l.games, l.byes), (2, 0));
        assert!(!l.points.has_half());
        // Every Buchholz here is whole.
        assert_eq!(l.buchholz.in_24ths() % 24, 0, "{}", l.entrant);
    }
}

/// Byes, tables of 2 and 4, half points and a player who never played.
///
/// Round 1: a table of 4, P 1st (30), Q and R share 2nd (25 each: (8 + 4)
/// / 2 = 6 each), S 4th (10, 0); T has a bye (6, no game points).
/// Round 2: a table of 2, T 1st (20, 12), P 2nd (15, 0); a table of 3, S
/// 1st (28, 12), Q 2nd (22, 6), R 3rd (18, 0).
/// U signed up and never played.
///
/// Points: P 12+0 = 12, Q 6+6 = 12, R 6+0 = 6, S 0+12 = 12, T 6+12 = 18,
/// U 0.
/// Game points: P 45, Q 47, R 43, S 38, T 20.
/// Buchholz, in 24ths of a point (halves x 12 / opponents):
///   P: round 1 (Q 12 + R 6 + S 12) / 3 = 10; round 2 T 18: 28 (672).
///   Q: (P 12 + R 6 + S 12) / 3 = 10; (S 12 + R 6) / 2 = 9: 19 (456).
///   S: (P 12 + Q 12 + R 6) / 3 = 10; (Q 12 + R 6) / 2 = 9: 19 (456).
///   R: (P 12 + Q 12 + S 12) / 3 = 12; (S 12 + Q 12) / 2 = 12: 24 (576).
///   T: the bye adds nothing; round 2 P 12: 12 (288).
/// Order: T 18; then on 12: Q 47 game points, P 45, S 38; R 6; U 0.
#[test]
fn byes_shared_places_and_mixed_tables_in_the_standings() {
    let rounds = vec![
        RoundResult {
            tables: vec![table(&[
                ("P", 1, 30),
                ("Q", 2, 25),
                ("R", 2, 25),
                ("S", 4, 10),
            ])],
            byes: ids(&["T"]),
        },
        RoundResult {
            tables: vec![
                table(&[("P", 2, 15), ("T", 1, 20)]),
                table(&[("Q", 2, 22), ("R", 3, 18), ("S", 1, 28)]),
            ],
            byes: vec![],
        },
    ];
    let entrants = ids(&["P", "Q", "R", "S", "T", "U"]);
    let lines = standings(&entrants, &rounds);
    /// Name, points in halves, game points, Buchholz in 24ths, games,
    /// byes, below by.
    type Line<'a> = (&'a str, u32, i64, u64, u32, u32, Option<TieBreak>);
    let got: Vec<Line> = lines
        .iter()
        .map(|l| {
            (
                l.entrant.as_str(),
                l.points.halves(),
                l.game_points,
                l.buchholz.in_24ths(),
                l.games,
                l.byes,
                l.below_by,
            )
        })
        .collect();
    use TieBreak::*;
    assert_eq!(
        got,
        vec![
            ("T", 36, 20, 288, 1, 1, None),
            ("Q", 24, 47, 456, 2, 0, Some(Points)),
            ("P", 24, 45, 672, 2, 0, Some(GamePoints)),
            ("S", 24, 38, 456, 2, 0, Some(GamePoints)),
            ("R", 12, 43, 576, 2, 0, Some(Points)),
            ("U", 0, 0, 0, 0, 0, Some(Points)),
        ]
    );
}

#[test]
fn head_to_head_among_three_counts_every_shared_table() {
    // Three players meet at one table of 3 in each of three rounds, each
    // finishing first, second and third once (scores 30/20/10 by place):
    // Round 1: X 1st, Y 2nd, Z 3rd. Round 2: Y 1st, Z 2nd, X 3rd.
    // Round 3: Z 1st, X 2nd, Y 3rd.
    // Each has 12 + 6 + 0 = 18 points and 60 game points; each Buchholz is
    // 18 + 18 + 18 = 54. Head to head: X above Y in rounds 1 and 3, below
    // in round 2 (+1); above Z in round 1, below in rounds 2 and 3 (-1):
    // X 0. Y: -1 against X, +1 against Z (above in rounds 1 and 2): 0. Z:
    // +1 against X, -1 against Y: 0. A cycle: sign-up order decides.
    let round = |order: [&str; 3]| RoundResult {
        tables: vec![table(&[
            (order[0], 1, 30),
            (order[1], 2, 20),
            (order[2], 3, 10),
        ])],
        byes: vec![],
    };
    let rounds = vec![
        round(["X", "Y", "Z"]),
        round(["Y", "Z", "X"]),
        round(["Z", "X", "Y"]),
    ];
    let lines = standings(&ids(&["Z", "X", "Y"]), &rounds);
    let got: Vec<(&str, i64, Option<TieBreak>)> = lines
        .iter()
        .map(|l| (l.entrant.as_str(), l.head_to_head, l.below_by))
        .collect();
    assert_eq!(
        got,
        vec![
            ("Z", 0, None),
            ("X", 0, Some(TieBreak::SignUp)),
            ("Y", 0, Some(TieBreak::SignUp)),
        ]
    );
    // A fourth round, X first again: X is now ahead on points.
    let mut rounds = rounds;
    rounds.push(round(["X", "Z", "Y"]));
    let lines = standings(&ids(&["Z", "X", "Y"]), &rounds);
    assert_eq!(lines[0].entrant, id("X"));
}

#[test]
fn an_entrant_named_twice_has_one_line() {
    let rounds = vec![RoundResult {
        tables: vec![table(&[("a", 1, 3), ("b", 2, 1)])],
        byes: vec![],
    }];
    let lines = standings(&ids(&["b", "a", "b"]), &rounds);
    let names: Vec<&str> = lines.iter().map(|l| l.entrant.as_str()).collect();
    assert_eq!(names, vec!["a", "b"]);
}

mod swiss_rounds {
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
}

mod round_robin_pools {
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
}

mod top_n_elimination {
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
}

/// Property tests over 3 to 40 entrants and tables of 2 to 5, for each
/// format, with random results (ties included). `PROPTEST_CASES` sets the
/// cases of each (128 by default).
mod properties {
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
                    let scores: Vec<i32> =
                        t.seats.iter().map(|_| rng.random_range(0..6) * 7).collect();
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
}
