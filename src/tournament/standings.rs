//! The standings: every entrant's tournament points from the rounds played,
//! and the tie-breaks that order those equal on points (the module doc of
//! [`crate::tournament`] states them): game points, Buchholz, head to
//! head, sign-up order. The order is strict: every entrant has a place of
//! their own, and [`Standing::below_by`] says which count put them below
//! the one above.

use super::{EntrantId, Points, RoundResult, BYE};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The counts the standings compare, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Fewer tournament points.
    Points,
    /// Equal points, fewer game points.
    GamePoints,
    /// Equal so far, a smaller Buchholz.
    Buchholz,
    /// Equal so far, a worse record against the players equal with them.
    HeadToHead,
    /// Equal on every count, signed up later.
    SignUp,
}

/// Buchholz: at each table played the mean of the opponents' tournament
/// points, summed. Counted exactly, in 24ths of a point (a mean over 1 to 4
/// opponents of points counted in halves).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Buchholz(u64);

impl Buchholz {
    pub const fn from_24ths(n: u64) -> Buchholz {
        Buchholz(n)
    }

    pub const fn in_24ths(self) -> u64 {
        self.0
    }

    /// In points, for showing (rounded as the reader likes).
    pub fn as_points(self) -> f64 {
        self.0 as f64 / 24.0
    }
}

/// One entrant's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub entrant: EntrantId,
    /// 1 the first; no two share one.
    pub place: usize,
    pub points: Points,
    /// The sum of the game's points at every table played.
    pub game_points: i64,
    pub buchholz: Buchholz,
    /// Among the entrants equal on points, game points and Buchholz: one
    /// for each of them finished above at a shared table, less one for each
    /// finished below. 0 for an entrant equal with none.
    pub head_to_head: i64,
    /// Tables played.
    pub games: u32,
    pub byes: u32,
    /// What put them below the entrant one place above; `None` for the
    /// first.
    pub below_by: Option<TieBreak>,
}

#[derive(Default, Clone)]
struct Tally {
    points: Points,
    game_points: i64,
    games: u32,
    byes: u32,
}

/// The standings of `entrants` (in sign-up order) after `rounds`. A player
/// in the results who is not among the entrants counts as an opponent but
/// has no line; an entrant named twice has one line, at their first
/// sign-up.
pub fn standings(entrants: &[EntrantId], rounds: &[RoundResult]) -> Vec<Standing> {
    let mut tally: BTreeMap<&EntrantId, Tally> = BTreeMap::new();
    for round in rounds {
        for table in &round.tables {
            for (placing, points) in table.placings().iter().zip(table.points()) {
                let t = tally.entry(&placing.entrant).or_default();
                t.points += points;
                t.game_points += i64::from(placing.score);
                t.games += 1;
            }
        }
        for bye in &round.byes {
            let t = tally.entry(bye).or_default();
            t.points += BYE;
            t.byes += 1;
        }
    }
    let points_of = |e: &EntrantId| tally.get(e).map_or(Points::ZERO, |t| t.points);
    let mut buchholz: BTreeMap<&EntrantId, u64> = BTreeMap::new();
    for round in rounds {
        for table in &round.tables {
            let opponents = (table.players() - 1) as u64;
            let sum: u64 = table
                .placings()
                .iter()
                .map(|p| u64::from(points_of(&p.entrant).halves()))
                .sum();
            for p in table.placings() {
                let others = sum - u64::from(points_of(&p.entrant).halves());
                // Halves times 12 over 1 to 4 opponents: 24ths, exactly.
                *buchholz.entry(&p.entrant).or_default() += others * 12 / opponents;
            }
        }
    }

    let mut lines: Vec<Standing> = Vec::new();
    for entrant in entrants {
        if lines.iter().any(|l| &l.entrant == entrant) {
            continue;
        }
        let t = tally.get(entrant).cloned().unwrap_or_default();
        lines.push(Standing {
            entrant: entrant.clone(),
            place: 0,
            points: t.points,
            game_points: t.game_points,
            buchholz: Buchholz(buchholz.get(entrant).copied().unwrap_or(0)),
            head_to_head: 0,
            games: t.games,
            byes: t.byes,
            below_by: None,
        });
    }
    // Better first; a stable sort keeps sign-up order among the equal.
    let key = |l: &Standing| std::cmp::Reverse((l.points, l.game_points, l.buchholz));
    lines.sort_by_key(key);

    let mut start = 0;
    while start < lines.len() {
        let end = start
            + lines[start..]
                .iter()
                .take_while(|l| key(l) == key(&lines[start]))
                .count();
        if end - start > 1 {
            let group: Vec<EntrantId> = lines[start..end]
                .iter()
                .map(|l| l.entrant.clone())
                .collect();
            let scores = head_to_head(&group, rounds);
            for (line, score) in lines[start..end].iter_mut().zip(scores) {
                line.head_to_head = score;
            }
            lines[start..end].sort_by_key(|l| std::cmp::Reverse(l.head_to_head));
        }
        start = end;
    }

    for i in 0..lines.len() {
        lines[i].place = i + 1;
        if i > 0 {
            let (above, this) = (&lines[i - 1], &lines[i]);
            lines[i].below_by = Some(if above.points != this.points {
                TieBreak::Points
            } else if above.game_points != this.game_points {
                TieBreak::GamePoints
            } else if above.buchholz != this.buchholz {
                TieBreak::Buchholz
            } else if above.head_to_head != this.head_to_head {
                TieBreak::HeadToHead
            } else {
                TieBreak::SignUp
            });
        }
    }
    lines
}

/// Each of `group`'s record against the others of `group`: +1 for each
/// finished above at a shared table, -1 for each finished below.
fn head_to_head(group: &[EntrantId], rounds: &[RoundResult]) -> Vec<i64> {
    let mut scores = vec![0; group.len()];
    for table in rounds.iter().flat_map(|r| &r.tables) {
        let here: Vec<(usize, usize)> = table
            .placings()
            .iter()
            .filter_map(|p| {
                group
                    .iter()
                    .position(|g| g == &p.entrant)
                    .map(|i| (i, p.place))
            })
            .collect();
        for &(a, place_a) in &here {
            for &(_, place_b) in &here {
                scores[a] += match place_a.cmp(&place_b) {
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Greater => -1,
                    std::cmp::Ordering::Equal => 0,
                };
            }
        }
    }
    scores
}
