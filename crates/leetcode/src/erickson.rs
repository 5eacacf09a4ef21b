//! LeetCode 51 and 52 by Erickson's PlaceQueens (Jeff Erickson, "Algorithms", section 2.1), as the
//! write-up "Next Algorithm: Backtracking into the n Queens Problem" ports it.
//!
//! The idea it keeps: `queen_columns[row]` holds one column per row; row r tries every column j in
//! turn, checks j against the queen of every earlier row i (the same column, or the same diagonal:
//! `Q[i] = j + r - i` or `Q[i] = j - r + i`), and recurses on each legal one. Nothing remembers
//! which lines are taken; each check is recomputed from the earlier rows.
//!
//! The write-up had to guard its subtractions against going below zero in `usize`. Here both
//! diagonal tests are rearranged so that nothing is subtracted: `Q[i] + i == j + r` and `Q[i] + r == j + i`.
//!
//! Cost: O(n) work for each of n candidates at each node of the search tree, so O(n^2) a node
//! against the O(n) of the marked-array versions; the tree has O(n!) nodes in the worst case. Each
//! solution costs O(n^2) more to write out. Memory: O(n) besides the answer.
//!
//! Std-only and self-contained, so the `impl Solution` block and its helpers paste into LeetCode's
//! editor unchanged (LeetCode declares `struct Solution` itself).

pub struct Solution;

impl Solution {
    /// Every solution of the n x n board as rows of `Q` and `.`, in the order PlaceQueens finds
    /// them (lexicographic by the queens' columns). n <= 0 gives no boards.
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let mut boards = Vec::new();
        let Ok(n) = usize::try_from(n) else {
            return boards;
        };
        let mut queen_columns = vec![0; n];
        if n > 0 {
            place_queens(&mut queen_columns, 0, &mut |queen_columns| boards.push(to_strings(queen_columns)));
        }
        boards
    }

    /// The number of solutions of the n x n board. n <= 0 gives 0.
    ///
    /// # Panics
    /// When the count does not fit an `i32` (n >= 19); no such search finishes in practice anyway.
    pub fn total_n_queens(n: i32) -> i32 {
        let Ok(n) = usize::try_from(n) else {
            return 0;
        };
        let mut n_solutions: u64 = 0;
        let mut queen_columns = vec![0; n];
        if n > 0 {
            place_queens(&mut queen_columns, 0, &mut |_| n_solutions += 1);
        }
        i32::try_from(n_solutions).unwrap_or_else(|_| {
            panic!("{n_solutions} solutions for n = {n} do not fit the i32 LeetCode returns")
        })
    }
}

/// `PlaceQueens(Q[1..n], r)`, 0-based: fills rows `row..n` of `queen_columns` in every legal way and
/// calls `on_solution` with each full placement. Rows `0..row` are legal on entry.
fn place_queens(queen_columns: &mut [usize], row: usize, on_solution: &mut impl FnMut(&[usize])) {
    let n = queen_columns.len();
    if row == n {
        on_solution(queen_columns);
        return;
    }
    for col in 0..n {
        let legal = queen_columns[..row].iter().enumerate().all(|(earlier_row, &earlier_col)| {
            earlier_col != col
                && earlier_col + earlier_row != col + row
                && earlier_col + row != col + earlier_row
        });
        if legal {
            queen_columns[row] = col;
            place_queens(queen_columns, row + 1, on_solution);
        }
    }
}

/// One string a row, `Q` for the queen and `.` elsewhere.
fn to_strings(queen_columns: &[usize]) -> Vec<String> {
    let n = queen_columns.len();
    queen_columns
        .iter()
        .map(|&queen_col| (0..n).map(|col| if col == queen_col { 'Q' } else { '.' }).collect())
        .collect()
}
