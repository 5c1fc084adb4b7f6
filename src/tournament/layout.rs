//! How many tables a round has and how many sit at each: the one rule every
//! format seats players by.
//!
//! Tables of the chosen size where the count divides; where it does not,
//! the tables are as even as possible (no two differ by more than one
//! seat), and there are as many of them as bring the mean table closest to
//! the chosen size, the fewer, larger tables on a tie. So 10 players at
//! tables of 3 sit 4, 3, 3 (a mean of 3.3, where four tables, 3, 3, 2, 2,
//! would mean 2.5), 7 at tables of 2 sit 3, 2, 2, and 4 at tables of 3 sit
//! at one table of 4 rather than two of 2. A larger table keeps everyone
//! playing where a smaller one would change the game more: a game of 2 has
//! rules of its own.
//!
//! Whenever the count can be seated at tables within one seat of the
//! chosen size, it is (the mean is then within one of it, so every table
//! is). It cannot for 2, 3, 6, 7 or 11 players at tables of 5 (2; 3; 3,
//! 3; 4, 3; 4, 4, 3) or for 2 players at tables of 4 (one table of 2):
//! those get the even tables all the same, never a table outside 2..=5. No one has a bye
//! unless one player is left alone.

use super::TableSize;

/// A round's seats: the sizes of its tables, largest first, and the
/// players left without a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub tables: Vec<usize>,
    pub byes: usize,
}

/// The tables `players` sit at for tables of `size`.
pub fn layout(players: usize, size: TableSize) -> Layout {
    let (min, max) = (usize::from(TableSize::MIN), usize::from(TableSize::MAX));
    if players < min {
        return Layout {
            tables: Vec::new(),
            byes: players,
        };
    }
    let s = size.seats();
    // How far the mean table of `t` tables is from `s`, times `t`.
    let off = |t: usize| players.abs_diff(s * t);
    let fits = |t: usize| players.div_ceil(t) <= max && players / t >= min;
    let mut best: Option<usize> = None;
    for t in (1..=players / min).filter(|&t| fits(t)) {
        // |players/t - s| < |players/b - s|, compared without division;
        // on a tie the earlier (fewer tables) stays.
        if best.is_none_or(|b| off(t) * b < off(b) * t) {
            best = Some(t);
        }
    }
    // Some t always fits from 2 players up: ceil(players / 5) tables.
    let t = best.unwrap_or(players.div_ceil(max));
    let (q, r) = (players / t, players % t);
    let mut tables = vec![q + 1; r];
    tables.extend(std::iter::repeat_n(q, t - r));
    Layout { tables, byes: 0 }
}

impl Layout {
    /// Every table within one seat of `size`.
    pub fn within_one_of(&self, size: TableSize) -> bool {
        self.tables.iter().all(|&n| n.abs_diff(size.seats()) <= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(players: usize, size: u8) -> Vec<usize> {
        let size = TableSize::new(size).expect("2 to 5");
        let l = layout(players, size);
        assert_eq!(l.tables.iter().sum::<usize>() + l.byes, players);
        l.tables
    }

    #[test]
    fn the_examples_of_the_rule() {
        assert_eq!(sizes(9, 3), vec![3, 3, 3]);
        assert_eq!(sizes(10, 3), vec![4, 3, 3]);
        assert_eq!(sizes(11, 3), vec![3, 3, 3, 2]);
        assert_eq!(sizes(7, 2), vec![3, 2, 2]);
        assert_eq!(sizes(4, 3), vec![4]);
        assert_eq!(sizes(5, 3), vec![3, 2]);
        assert_eq!(sizes(40, 5), vec![5; 8]);
        assert_eq!(sizes(39, 5), vec![5, 5, 5, 5, 5, 5, 5, 4]);
        assert_eq!(sizes(13, 4), vec![5, 4, 4]);
        assert_eq!(sizes(14, 4), vec![4, 4, 3, 3]);
        // Where no tables within one seat of the size exist.
        assert_eq!(sizes(3, 5), vec![3]);
        assert_eq!(sizes(6, 5), vec![3, 3]);
        assert_eq!(sizes(7, 5), vec![4, 3]);
        assert_eq!(sizes(11, 5), vec![4, 4, 3]);
        assert_eq!(sizes(2, 4), vec![2]);
        assert_eq!(sizes(2, 5), vec![2]);
        // A lone player has a bye; nobody, nothing.
        let one = layout(1, TableSize::new(3).expect("3"));
        assert_eq!((one.tables.len(), one.byes), (0, 1));
        assert_eq!(layout(0, TableSize::new(3).expect("3")).byes, 0);
    }
}
