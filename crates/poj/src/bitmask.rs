//! POJ 3239 by plain backtracking: columns left to right, each column's rows tried from 1 upward,
//! the taken rows and both kinds of diagonal kept in bit sets of 64-bit words, so any n works.
//! The search stops at the first solution, the lexicographically smallest.
//!
//! It is here beside the construction to show why POJ's range 8 <= n <= 300 needs one: each
//! search node costs O(1) besides the rows it tries, but nothing steers the search, and the number
//! of nodes before the first solution grows erratically, and on the whole exponentially, with n.
//! Measured with `rustc -O`: within 0.3 s for every n up to 29 (n = 22: 0.19 s, n = 28: 0.26 s),
//! then n = 30 in 5.5 s, n = 31 in 1.1 s, n = 32 in 6.7 s, far past POJ's 1 s. Memory: O(n).

/// One placement of n queens: the 1-based row of each column's queen, left to right, the first
/// in lexicographic order; `None` for n = 2 and n = 3, where there is none.
pub fn place(n: usize) -> Option<Vec<usize>> {
    let mut search = Search {
        n,
        rows: vec![0; n],
        taken_rows: BitSet::with_len(n),
        // `row + column` and `row + n - 1 - column` (0-based) both lie in 0..2n-1.
        taken_sums: BitSet::with_len(2 * n),
        taken_differences: BitSet::with_len(2 * n),
    };
    if search.place_from(0) {
        Some(search.rows.iter().map(|&row| row + 1).collect())
    } else {
        None
    }
}

/// A fixed-size set of small numbers, one bit each.
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    fn with_len(len: usize) -> BitSet {
        BitSet { words: vec![0; len.div_ceil(64)] }
    }

    fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1 << (index % 64)) != 0
    }

    fn insert(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }

    fn remove(&mut self, index: usize) {
        self.words[index / 64] &= !(1 << (index % 64));
    }
}

/// The search's state; rows and columns are 0-based inside.
struct Search {
    n: usize,
    /// `rows[column]`, for the columns placed so far.
    rows: Vec<usize>,
    taken_rows: BitSet,
    taken_sums: BitSet,
    taken_differences: BitSet,
}

impl Search {
    /// Places columns `column..n` after the legal columns `0..column`; true once all n are placed,
    /// with the placement left in `rows`.
    fn place_from(&mut self, column: usize) -> bool {
        if column == self.n {
            return true;
        }
        for row in 0..self.n {
            let sum = row + column;
            let difference = row + self.n - 1 - column;
            if self.taken_rows.contains(row)
                || self.taken_sums.contains(sum)
                || self.taken_differences.contains(difference)
            {
                continue;
            }
            self.rows[column] = row;
            self.taken_rows.insert(row);
            self.taken_sums.insert(sum);
            self.taken_differences.insert(difference);
            if self.place_from(column + 1) {
                return true;
            }
            self.taken_rows.remove(row);
            self.taken_sums.remove(sum);
            self.taken_differences.remove(difference);
        }
        false
    }
}
