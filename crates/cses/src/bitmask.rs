//! CSES 1624 by recursive backtracking over bitboards.
//!
//! The idea: bit `col` of a mask stands for column `col` of the current row. Three masks say which
//! squares of the current row the queens above attack: along columns, along diagonals falling to the
//! right, and along diagonals rising to the right. A fourth, one per row, holds the reserved squares.
//! The row's candidates are then `!(columns | falling | rising | reserved[row]) & full` in a handful
//! of instructions, and the lowest set bit (`candidates & candidates.wrapping_neg()`) is taken at
//! each step. Going down one row moves a falling diagonal one column right (a left shift of the
//! mask) and a rising one one column left (a right shift); bits shifted past the board fall outside
//! `full` and are ignored.
//!
//! Cost: time proportional to the nodes of the search tree (at most n! leaves) at O(1) a node;
//! memory O(n) for the reserved masks and O(n) stack frames of recursion. The masks are `u64`,
//! enough for any board up to 63 x 63 and so for the workspace's bound of 32.

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free; squares past column n are ignored.
///
/// # Complexity
/// Exponential in n; fine up to n = 16 or so.
///
/// # Panics
/// When n is 64 or more, past what a `u64` mask holds.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    assert!(n < 64, "board side {n} does not fit a 64-bit mask");
    let full = (1u64 << n) - 1;
    let reserved_masks: Vec<u64> = reserved
        .iter()
        .map(|row| {
            row.iter()
                .take(n)
                .enumerate()
                .filter(|&(_, &is_reserved)| is_reserved)
                .fold(0, |mask, (col, _)| mask | 1 << col)
        })
        .collect();
    count_from_row(&reserved_masks, full, 0, 0, 0, 0)
}

/// Counts the ways to finish the placement from `row` on, given the squares of that row that the
/// queens above attack along columns, falling diagonals and rising diagonals.
fn count_from_row(
    reserved_masks: &[u64],
    full: u64,
    row: usize,
    columns: u64,
    falling: u64,
    rising: u64,
) -> u64 {
    let Some(&reserved_here) = reserved_masks.get(row) else {
        return 1;
    };
    let mut candidates = !(columns | falling | rising | reserved_here) & full;
    let mut n_solutions = 0;
    while candidates != 0 {
        let queen = candidates & candidates.wrapping_neg();
        candidates ^= queen;
        n_solutions += count_from_row(
            reserved_masks,
            full,
            row + 1,
            columns | queen,
            (falling | queen) << 1,
            (rising | queen) >> 1,
        );
    }
    n_solutions
}
