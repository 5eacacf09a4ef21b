//! CSES 1624 by an iterative depth-first search over an explicit stack, with no recursion at all,
//! after the second solution of the write-up "cses chessboard and queens".
//!
//! The idea it keeps: the same search as the matrix of attack counts (the first solution), but the
//! call stack becomes a stack of squares. A square is pushed when it can take a queen given the
//! queens above it. When it comes to the top the first time, its queen is placed: its column and
//! diagonals below are marked, and the squares of the next row that are still safe are pushed on
//! top of it. When it comes to the top again, its whole subtree has been searched and undone, so
//! its queen is taken back and it is popped. A safe square on the last row is a solution.
//!
//! What changes: the write-up marks a placed square by adding to its own attack count; here each
//! stack entry carries an explicit flag instead, which says the same thing without overloading the
//! matrix. The board is generalised from 8 x 8 to n x n, and the count is a `u64`.
//!
//! Cost: time proportional to the nodes of the search tree (at most n! leaves), each placed queen
//! costing O(n) to mark, unmark and push its safe successors; memory O(n^2) for the matrix and the
//! stack (at most n entries for each of the n rows).

/// A square on the search stack.
struct Entry {
    row: usize,
    col: usize,
    /// Whether this square's queen is on the board, so that meeting it again means backtracking.
    is_placed: bool,
}

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free.
///
/// # Complexity
/// Exponential in n; fine up to n = 12 or so.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    if n == 0 {
        // The empty placement is the one way to put no queen on no board.
        return 1;
    }
    let is_reserved = |row: usize, col: usize| reserved[row].get(col).copied().unwrap_or(false);
    let mut attacks = vec![vec![0u32; n]; n];
    let mut stack: Vec<Entry> = (0..n)
        .filter(|&col| !is_reserved(0, col))
        .map(|col| Entry { row: 0, col, is_placed: false })
        .collect();
    let mut n_solutions = 0;
    while let Some(entry) = stack.last_mut() {
        let (row, col) = (entry.row, entry.col);
        if entry.is_placed {
            for (attacked_row, attacked_col) in squares_attacked_below(n, row, col) {
                attacks[attacked_row][attacked_col] -= 1;
            }
            stack.pop();
            continue;
        }
        if row == n - 1 {
            n_solutions += 1;
            stack.pop();
            continue;
        }
        entry.is_placed = true;
        for (attacked_row, attacked_col) in squares_attacked_below(n, row, col) {
            attacks[attacked_row][attacked_col] += 1;
        }
        let next_row = row + 1;
        for (next_col, &attack_count) in attacks[next_row].iter().enumerate() {
            if attack_count == 0 && !is_reserved(next_row, next_col) {
                stack.push(Entry { row: next_row, col: next_col, is_placed: false });
            }
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
