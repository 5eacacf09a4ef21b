//! CSES 1624 by recursive backtracking over a matrix of attack counts, after the first solution of
//! the write-up "cses chessboard and queens".
//!
//! The idea it keeps: an n x n matrix counts, for every square, how many of the queens placed so far
//! attack it. Placing a queen adds one along its column and both of its diagonals in the rows below
//! it (the rows above are already settled); taking it back subtracts the same. A square can take a
//! queen when it is free and its count is 0. Counts rather than flags are what make the undo exact
//! where two queens attack the same square.
//!
//! What changes: the board is generalised from 8 x 8 to n x n, and the count is a `u64`.
//!
//! Cost: time proportional to the nodes of the search tree (at most n! leaves), each placed queen
//! costing O(n) to mark and unmark; memory O(n^2) for the matrix and O(n) stack frames of recursion.

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free.
///
/// # Complexity
/// Exponential in n; fine up to n = 12 or so.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    let mut attacks = vec![vec![0u32; n]; n];
    count_from_row(reserved, 0, &mut attacks)
}

fn count_from_row(reserved: &[Vec<bool>], row: usize, attacks: &mut [Vec<u32>]) -> u64 {
    let n = reserved.len();
    if row == n {
        return 1;
    }
    let mut n_solutions = 0;
    for col in 0..n {
        let is_reserved = reserved[row].get(col).copied().unwrap_or(false);
        if is_reserved || attacks[row][col] != 0 {
            continue;
        }
        for (attacked_row, attacked_col) in squares_attacked_below(n, row, col) {
            attacks[attacked_row][attacked_col] += 1;
        }
        n_solutions += count_from_row(reserved, row + 1, attacks);
        for (attacked_row, attacked_col) in squares_attacked_below(n, row, col) {
            attacks[attacked_row][attacked_col] -= 1;
        }
    }
    n_solutions
}

/// The squares below (`row`, `col`) on its column and its two diagonals, inside the n x n board.
fn squares_attacked_below(n: usize, row: usize, col: usize) -> impl Iterator<Item = (usize, usize)> {
    (row + 1..n).flat_map(move |attacked_row| {
        let distance = attacked_row - row;
        let left_col = col.checked_sub(distance);
        let right_col = Some(col + distance).filter(|&right_col| right_col < n);
        [Some(col), left_col, right_col]
            .into_iter()
            .flatten()
            .map(move |attacked_col| (attacked_row, attacked_col))
    })
}
