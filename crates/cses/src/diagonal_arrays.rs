//! CSES 1624 by recursive backtracking over boolean arrays of columns and diagonals, the
//! usaco.guide technique ("Complete Search with Recursion", backtracking) that the write-up
//! "cses chessboard and queens" recommends over its own attack matrix.
//!
//! The idea it keeps: a queen at (`row`, `col`) occupies column `col`, the diagonal whose squares
//! share `row + col`, and the diagonal whose squares share `row - col`. An n x n board has n columns
//! and 2n - 1 diagonals in each direction, so three boolean arrays, indexed by `col`, `row + col`
//! and `row - col + n - 1`, say in O(1) whether a square is attacked; placing and taking back a
//! queen flips three flags, where the attack matrix walks O(n) squares.
//!
//! Cost: time proportional to the nodes of the search tree (at most n! leaves), each node trying n
//! squares in O(1); memory O(n) for the arrays and O(n) stack frames of recursion.

/// The lines that the queens placed so far occupy.
struct OccupiedLines {
    columns: Vec<bool>,
    /// Indexed by `row + col`, constant along a diagonal that rises to the right.
    sum_diagonals: Vec<bool>,
    /// Indexed by `row - col + n - 1`, constant along a diagonal that falls to the right.
    difference_diagonals: Vec<bool>,
}

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free.
///
/// # Complexity
/// Exponential in n; fine up to n = 14 or so.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    let n_diagonals = (2 * n).saturating_sub(1);
    let mut occupied = OccupiedLines {
        columns: vec![false; n],
        sum_diagonals: vec![false; n_diagonals],
        difference_diagonals: vec![false; n_diagonals],
    };
    count_from_row(reserved, 0, &mut occupied)
}

fn count_from_row(reserved: &[Vec<bool>], row: usize, occupied: &mut OccupiedLines) -> u64 {
    let n = reserved.len();
    if row == n {
        return 1;
    }
    let mut n_solutions = 0;
    for col in 0..n {
        let sum_idx = row + col;
        let difference_idx = row + n - 1 - col;
        let is_reserved = reserved[row].get(col).copied().unwrap_or(false);
        if is_reserved
            || occupied.columns[col]
            || occupied.sum_diagonals[sum_idx]
            || occupied.difference_diagonals[difference_idx]
        {
            continue;
        }
        occupied.columns[col] = true;
        occupied.sum_diagonals[sum_idx] = true;
        occupied.difference_diagonals[difference_idx] = true;
        n_solutions += count_from_row(reserved, row + 1, occupied);
        occupied.columns[col] = false;
        occupied.sum_diagonals[sum_idx] = false;
        occupied.difference_diagonals[difference_idx] = false;
    }
    n_solutions
}
