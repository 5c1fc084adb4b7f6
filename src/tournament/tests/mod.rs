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

mod properties;
mod round_robin_pools;
mod swiss_rounds;
mod top_n_elimination;
