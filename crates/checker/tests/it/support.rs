//! Helpers shared by the test modules: the CSES sample board, boards drawn from pictures without the
//! parser, a proptest strategy for random boards, and an unpruned brute-force enumeration that owes
//! nothing to the checker's own rules.
//!
//! The enumeration walks all n! column permutations and keeps those that a pairwise rule accepts, so
//! it costs O(n! * n^2): meant for n <= 8.

use std::ops::RangeInclusive;

use checker::Board;
use proptest::collection::vec;
use proptest::strategy::Strategy;

/// The sample board of CSES 1624 "Chessboard and Queens"; its answer is 65.
pub const CSES_SAMPLE: &str = "\
........
........
..*.....
........
........
.....**.
...*....
........
";

/// The reserved squares of [`CSES_SAMPLE`], as 0-based `(row, column)`, read off the picture by hand.
pub const CSES_SAMPLE_RESERVED: [(usize, usize); 4] = [(2, 2), (5, 5), (5, 6), (6, 3)];

/// A board from a picture of `.` free and `*` reserved squares, built without [`Board::parse`] so that
/// parser tests can compare against it.
pub fn board_from_picture(rows: &[&str]) -> Board {
    let reserved = rows
        .iter()
        .map(|row| {
            row.chars()
                .map(|square| match square {
                    '.' => false,
                    '*' => true,
                    other => panic!("a test picture holds {other:?}"),
                })
                .collect()
        })
        .collect();
    Board::from_reserved(reserved).expect("a test picture is square and of a supported size")
}

/// The empty n x n board.
pub fn empty_board(n: usize) -> Board {
    Board::empty(n).expect("a test board size is in range")
}

/// Every permutation of `0..n`, in no particular order.
pub fn all_permutations(n: usize) -> Vec<Vec<usize>> {
    fn extend(prefix: &mut Vec<usize>, remaining: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if remaining.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for index in 0..remaining.len() {
            let column = remaining.remove(index);
            prefix.push(column);
            extend(prefix, remaining, out);
            prefix.pop();
            remaining.insert(index, column);
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), &mut (0..n).collect(), &mut out);
    out
}

/// Whether `columns` solves `board` by the plain rule: n queens, one a row, each on a free square of
/// the board, and no pair sharing a column or a diagonal (equal row and column distance).
pub fn is_solution_by_pairs(board: &Board, columns: &[usize]) -> bool {
    let n = board.n();
    if columns.len() != n || columns.iter().any(|&column| column >= n) {
        return false;
    }
    let reserved = board.reserved_rows();
    if columns.iter().enumerate().any(|(row, &column)| reserved[row][column]) {
        return false;
    }
    for lower in 0..n {
        for upper in 0..lower {
            let (upper_column, lower_column) = (columns[upper], columns[lower]);
            if upper_column == lower_column || lower - upper == upper_column.abs_diff(lower_column) {
                return false;
            }
        }
    }
    true
}

/// Every solution of `board`, found without pruning and sorted lexicographically.
pub fn brute_force_solutions(board: &Board) -> Vec<Vec<usize>> {
    let mut found: Vec<Vec<usize>> = all_permutations(board.n())
        .into_iter()
        .filter(|columns| is_solution_by_pairs(board, columns))
        .collect();
    found.sort();
    found
}

/// Square boards with a side in `sides` and each square reserved with a chance of up to `max_percent`%.
pub fn boards(sides: RangeInclusive<usize>, max_percent: u32) -> impl Strategy<Value = Board> {
    (sides, 0..=max_percent)
        .prop_flat_map(|(n, percent)| vec(vec(proptest::bool::weighted(f64::from(percent) / 100.0), n), n))
        .prop_map(|reserved| Board::from_reserved(reserved).expect("the strategy builds square boards"))
}
