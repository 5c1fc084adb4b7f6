//! Seating players at tables of given sizes so that as few pairs as
//! possible meet again: what the Swiss rounds and the round-robin pools
//! share.
//!
//! The players are numbered 0.. in the order they would be seated in if
//! no one had met (for the Swiss rounds, the standings). A seating's cost
//! is compared in order: the pairs at a table who have met before
//! (`repeated`), then how many times those pairs have met (`meetings`: a
//! third meeting weighs more than a second), then, where the order
//! matters, how far apart in it each pair at a table is (`spread`: the
//! Swiss rounds keep players of like standing together).
//!
//! The algorithm, bounded and deterministic:
//! 1. the players in order, cut into tables (the first table the first
//!    players);
//! 2. local search: swap two players of different tables while a swap
//!    lowers the cost, in a fixed order, at most [`PASSES`] times over;
//! 3. if pairs still repeat, a depth-first search for a seating with fewer
//!    repeats (then fewer meetings): the player with the fewest tables left
//!    where they have met no one is seated next, the tables tried cheapest
//!    first (then nearest the player's table in step 1), any branch that
//!    cannot beat the best found is cut, and empty tables of one size are
//!    tried once; it stops at a seating without repeats or after `budget`
//!    nodes (enough to try every seating of 10 players);
//! 4. the local search again, on the best seating found.
//!
//! Step 2 alone guarantees progress to the round-robin pools: while a pair
//! has never met, a seating the local search leaves has at least one pair
//! that has not met (if every pair at a table had met, swapping one of the
//! pair who never met into the other's table, for one of its players,
//! would lower the repeats).

/// The most times the local search goes over every swap.
pub(crate) const PASSES: usize = 64;

/// How many times each pair of players has sat at a table together.
#[derive(Debug, Clone)]
pub(crate) struct Met {
    n: usize,
    counts: Vec<u32>,
}

impl Met {
    pub(crate) fn new(n: usize) -> Met {
        Met {
            n,
            counts: vec![0; n * n],
        }
    }

    pub(crate) fn add(&mut self, a: usize, b: usize) {
        if a != b {
            self.counts[a * self.n + b] += 1;
            self.counts[b * self.n + a] += 1;
        }
    }

    /// Every pair of `players` met once more.
    pub(crate) fn add_table(&mut self, players: &[usize]) {
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                self.add(a, b);
            }
        }
    }

    pub(crate) fn get(&self, a: usize, b: usize) -> u32 {
        self.counts[a * self.n + b]
    }
}

/// A seating's cost, compared in order (the module doc).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cost {
    pub repeated: u64,
    pub meetings: u64,
    pub spread: u64,
}

/// Players 0..`sizes.iter().sum()` seated at tables of `sizes` (in that
/// order), given who has met whom; `by_order`: keep players near in order
/// together. Each table's players in increasing order.
pub(crate) fn seat(sizes: &[usize], met: &Met, by_order: bool, budget: usize) -> Vec<Vec<usize>> {
    let mut seating = Seating::new(cut(sizes), met, by_order);
    seating.improve();
    let cost = seating.cost();
    if cost.repeated > 0 && budget > 0 {
        let home = seating_home(sizes);
        if let Some(tables) = Search::run(sizes, met, &home, (cost.repeated, cost.meetings), budget)
        {
            seating = Seating::new(tables, met, by_order);
            seating.improve();
        }
    }
    let mut tables = seating.tables;
    for t in &mut tables {
        t.sort_unstable();
    }
    tables
}

/// The cost of seating `tables`.
#[cfg(test)]
pub(crate) fn cost(tables: &[Vec<usize>], met: &Met, by_order: bool) -> Cost {
    Seating::new(tables.to_vec(), met, by_order).cost()
}

/// The players in order, cut into tables of `sizes`.
fn cut(sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut next = 0;
    sizes
        .iter()
        .map(|&n| {
            let t: Vec<usize> = (next..next + n).collect();
            next += n;
            t
        })
        .collect()
}

/// Each player's table when the players in order are cut into tables.
fn seating_home(sizes: &[usize]) -> Vec<usize> {
    sizes
        .iter()
        .enumerate()
        .flat_map(|(j, &n)| std::iter::repeat_n(j, n))
        .collect()
}

struct Seating<'a> {
    met: &'a Met,
    by_order: bool,
    tables: Vec<Vec<usize>>,
    table_of: Vec<usize>,
}

type Delta = [i64; 3];

impl<'a> Seating<'a> {
    fn new(tables: Vec<Vec<usize>>, met: &'a Met, by_order: bool) -> Seating<'a> {
        let n = tables.iter().map(Vec::len).sum();
        let mut table_of = vec![0; n];
        for (j, t) in tables.iter().enumerate() {
            for &p in t {
                table_of[p] = j;
            }
        }
        Seating {
            met,
            by_order,
            tables,
            table_of,
        }
    }

    fn pair(&self, a: usize, b: usize) -> Delta {
        let m = i64::from(self.met.get(a, b));
        let spread = if self.by_order {
            a.abs_diff(b) as i64
        } else {
            0
        };
        [i64::from(m > 0), m, spread]
    }

    fn cost(&self) -> Cost {
        let mut c = [0i64; 3];
        for t in &self.tables {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    let p = self.pair(a, b);
                    for k in 0..3 {
                        c[k] += p[k];
                    }
                }
            }
        }
        Cost {
            repeated: c[0] as u64,
            meetings: c[1] as u64,
            spread: c[2] as u64,
        }
    }

    /// The change in cost of swapping `a` and `b` (at different tables).
    fn swap_delta(&self, a: usize, b: usize) -> Delta {
        let mut d = [0i64; 3];
        let mut add = |p: Delta, sign: i64| {
            for k in 0..3 {
                d[k] += sign * p[k];
            }
        };
        for &x in &self.tables[self.table_of[a]] {
            if x != a {
                add(self.pair(b, x), 1);
                add(self.pair(a, x), -1);
            }
        }
        for &y in &self.tables[self.table_of[b]] {
            if y != b {
                add(self.pair(a, y), 1);
                add(self.pair(b, y), -1);
            }
        }
        d
    }

    fn swap(&mut self, a: usize, b: usize) {
        let (ta, tb) = (self.table_of[a], self.table_of[b]);
        for p in &mut self.tables[ta] {
            if *p == a {
                *p = b;
            }
        }
        for p in &mut self.tables[tb] {
            if *p == b {
                *p = a;
            }
        }
        self.table_of.swap(a, b);
    }

    /// Swaps while one lowers the cost (first found, in a fixed order).
    fn improve(&mut self) {
        let n = self.table_of.len();
        for _ in 0..PASSES {
            let mut improved = false;
            for a in 0..n {
                for b in a + 1..n {
                    if self.table_of[a] != self.table_of[b] && self.swap_delta(a, b) < [0, 0, 0] {
                        self.swap(a, b);
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
}

/// The depth-first search of step 3.
struct Search<'a> {
    met: &'a Met,
    home: &'a [usize],
    room: Vec<usize>,
    tables: Vec<Vec<usize>>,
    seated: Vec<bool>,
    /// By player and table: the players at the table `player` has met.
    conflicts: Vec<u32>,
    /// By player and table: the meetings of `player` with its players.
    meetings: Vec<u64>,
    best: (u64, u64),
    found: Option<Vec<Vec<usize>>>,
    nodes: usize,
    budget: usize,
}

impl<'a> Search<'a> {
    fn run(
        sizes: &[usize],
        met: &'a Met,
        home: &'a [usize],
        best: (u64, u64),
        budget: usize,
    ) -> Option<Vec<Vec<usize>>> {
        let n = home.len();
        let t = sizes.len();
        let mut search = Search {
            met,
            home,
            room: sizes.to_vec(),
            tables: vec![Vec::new(); t],
            seated: vec![false; n],
            conflicts: vec![0; n * t],
            meetings: vec![0; n * t],
            best,
            found: None,
            nodes: 0,
            budget,
        };
        search.go(0, 0, 0);
        search.found
    }

    fn tables(&self) -> usize {
        self.room.len()
    }

    fn go(&mut self, placed: usize, repeated: u64, meetings: u64) {
        if self.nodes >= self.budget || self.best == (0, 0) {
            return;
        }
        self.nodes += 1;
        let n = self.seated.len();
        let t = self.tables();
        if placed == n {
            if (repeated, meetings) < self.best {
                self.best = (repeated, meetings);
                self.found = Some(self.tables.clone());
            }
            return;
        }
        // The player with the fewest tables left where they met no one.
        let mut next = None;
        let mut fewest = usize::MAX;
        for p in (0..n).filter(|&p| !self.seated[p]) {
            let clean = (0..t)
                .filter(|&j| self.room[j] > 0 && self.conflicts[p * t + j] == 0)
                .count();
            if clean < fewest {
                fewest = clean;
                next = Some(p);
                if clean == 0 {
                    break;
                }
            }
        }
        let Some(p) = next else { return };
        let mut tried_empty: Vec<usize> = Vec::new();
        let mut choices: Vec<(u64, u64, usize, usize)> = Vec::new();
        for j in 0..t {
            if self.room[j] == 0 {
                continue;
            }
            if self.tables[j].is_empty() {
                let size = self.room[j];
                if tried_empty.contains(&size) {
                    continue;
                }
                tried_empty.push(size);
            }
            let r = repeated + u64::from(self.conflicts[p * t + j]);
            let m = meetings + self.meetings[p * t + j];
            if (r, m) < self.best {
                choices.push((r, m, j.abs_diff(self.home[p]), j));
            }
        }
        choices.sort_unstable();
        for (r, m, _, j) in choices {
            self.place(p, j, true);
            self.go(placed + 1, r, m);
            self.place(p, j, false);
            if self.nodes >= self.budget || self.best == (0, 0) {
                return;
            }
        }
    }

    /// Seats `p` at table `j` (or takes them away).
    fn place(&mut self, p: usize, j: usize, sit: bool) {
        let t = self.tables();
        if sit {
            self.tables[j].push(p);
            self.room[j] -= 1;
        } else {
            self.tables[j].pop();
            self.room[j] += 1;
        }
        self.seated[p] = sit;
        for q in 0..self.seated.len() {
            let m = self.met.get(p, q);
            if q != p && m > 0 {
                if sit {
                    self.conflicts[q * t + j] += 1;
                    self.meetings[q * t + j] += u64::from(m);
                } else {
                    self.conflicts[q * t + j] -= 1;
                    self.meetings[q * t + j] -= u64::from(m);
                }
            }
        }
    }
}
