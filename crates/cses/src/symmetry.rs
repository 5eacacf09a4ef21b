//! CSES 1624 by the classic symmetry method: every solution is one of a family of up to eight,
//! its images under the board's rotations and reflections, so only one of each family is searched
//! for and the family's size is counted.
//!
//! The idea, as the well-known counters for the empty board do it:
//! - The symmetries that matter are those of the eight (identity, three rotations, four
//!   reflections) that map the reserved squares onto themselves: all eight on an empty board,
//!   fewer on most boards with reserved squares, where the method falls back towards a plain search.
//! - A solution is written as the column of the queen in each row, and counted only when it is the
//!   smallest of its images (compared row by row); it is then counted as many times as it has
//!   distinct images: 1, 2, 4 or 8.
//! - When the left-right mirror is one of the symmetries, the smallest image has its first queen in
//!   the left half (the middle column included), so the search starts only there: half the tree.
//! - The first row's candidate columns are shared out among threads, one per core.
//!
//! Cost: the bitboard search of the half tree, O(1) a node, plus O(8n) at each solution found to
//! build and compare its images; memory O(n) a thread. Every solution is still visited about once
//! per family member found in the half tree, which is why cleverer counters pre-place several rows
//! and columns instead.

use std::thread;

/// A symmetry of the square: where the square (row, col) goes, for a board of side n.
type Symmetry = fn(usize, usize, usize) -> (usize, usize);

/// The index of the left-right mirror in [`SYMMETRIES`].
const MIRROR: usize = 1;

/// The eight symmetries of the square, identity first, then the left-right mirror.
const SYMMETRIES: [Symmetry; 8] = [
    |row, col, _| (row, col),
    |row, col, n| (row, n - 1 - col),
    |row, col, n| (col, n - 1 - row),
    |row, col, n| (n - 1 - row, n - 1 - col),
    |row, col, n| (n - 1 - col, row),
    |row, col, n| (n - 1 - row, col),
    |row, col, _| (col, row),
    |row, col, n| (n - 1 - col, n - 1 - row),
];

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free; squares past column n are ignored.
///
/// # Complexity
/// Exponential in n, about half (empty board: an eighth, plus the images' cost) of a plain search.
///
/// # Panics
/// When n is 64 or more, past what a `u64` mask holds.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    assert!(n < 64, "board side {n} does not fit a 64-bit mask");
    if n == 0 {
        return 1;
    }
    let is_reserved = |row: usize, col: usize| reserved[row].get(col).copied().unwrap_or(false);
    // The symmetries that leave the reserved squares where they are (by their index above).
    let kept: Vec<usize> = (0..SYMMETRIES.len())
        .filter(|&index| {
            let symmetry = SYMMETRIES[index];
            (0..n).all(|row| {
                (0..n).all(|col| {
                    let (to_row, to_col) = symmetry(row, col, n);
                    is_reserved(row, col) == is_reserved(to_row, to_col)
                })
            })
        })
        .collect();
    let mirror_kept = kept.contains(&MIRROR);
    let masks: Vec<u64> = (0..n)
        .map(|row| (0..n).filter(|&col| is_reserved(row, col)).fold(0, |mask, col| mask | 1 << col))
        .collect();
    let first_columns: Vec<usize> = (0..n)
        .filter(|&col| masks[0] & 1 << col == 0)
        .filter(|&col| !mirror_kept || col <= (n - 1) / 2)
        .collect();
    let threads = thread::available_parallelism().map_or(1, usize::from).min(first_columns.len()).max(1);
    let search = Search { n, full: (1u64 << n) - 1, masks: &masks, kept: &kept };
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                let columns: Vec<usize> =
                    first_columns.iter().copied().skip(worker).step_by(threads).collect();
                let search = &search;
                scope.spawn(move || {
                    let mut queens = vec![0usize; n];
                    columns
                        .into_iter()
                        .map(|col| {
                            queens[0] = col;
                            let bit = 1u64 << col;
                            search.count_below(1, bit, bit << 1, bit >> 1, &mut queens)
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().expect("a counting thread panicked")).sum()
    })
}

/// What every step of the search reads.
struct Search<'a> {
    n: usize,
    full: u64,
    masks: &'a [u64],
    /// Indices into [`SYMMETRIES`].
    kept: &'a [usize],
}

impl Search<'_> {
    /// The weighted count below a partial placement of rows `0..row` (`queens[..row]`), given the
    /// columns and the two diagonals its queens attack in `row`.
    fn count_below(&self, row: usize, columns: u64, falling: u64, rising: u64, queens: &mut [usize]) -> u64 {
        if row == self.n {
            return self.weight(queens);
        }
        let mut candidates = !(columns | falling | rising | self.masks[row]) & self.full;
        let mut total = 0;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            queens[row] = bit.trailing_zeros() as usize;
            total +=
                self.count_below(row + 1, columns | bit, (falling | bit) << 1, (rising | bit) >> 1, queens);
        }
        total
    }

    /// How many times a solution counts: the number of its distinct images when it is the
    /// smallest of them, else 0 (its family is counted at its smallest member).
    fn weight(&self, queens: &[usize]) -> u64 {
        let n = self.n;
        let mut images: Vec<Vec<usize>> = Vec::with_capacity(self.kept.len());
        for &index in self.kept {
            let symmetry = SYMMETRIES[index];
            let mut image = vec![0usize; n];
            for (row, &col) in queens.iter().enumerate() {
                let (to_row, to_col) = symmetry(row, col, n);
                image[to_row] = to_col;
            }
            if image.as_slice() < queens {
                return 0;
            }
            images.push(image);
        }
        images.sort_unstable();
        images.dedup();
        images.len() as u64
    }
}
