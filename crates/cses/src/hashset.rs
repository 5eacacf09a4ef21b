//! CSES 1624 by recursive search with three hash sets, after the write-up
//! "Chessboard and Queens" (two copies of it, one as a web page).
//!
//! The idea it keeps: one queen a row, placed top to bottom. Three `HashSet`s hold the columns,
//! the `row + col` diagonals and the `row - col` diagonals that earlier queens occupy; a square is
//! tried when it is free and on none of them. Each placement is inserted into the sets before the
//! recursive call for the next row and removed after it, so the sets always describe the queens
//! above the current row.
//!
//! What changes: the write-up counts in an `i8`, which overflows past 127 (the empty 9 x 9 board
//! alone has 352 solutions), so the count here is a `u64`, and the coordinates are `i32` so that
//! `row - col` can go negative on any board up to 32 x 32. The board is generalised from 8 x 8 to
//! n x n, n being the number of rows.
//!
//! Cost: time proportional to the nodes of the search tree (at most n! leaves), each node trying n
//! squares with three hash lookups; memory O(n) for the sets and O(n) stack frames of recursion.

use std::collections::HashSet;

/// The lines that the queens placed so far occupy.
#[derive(Default)]
struct OccupiedLines {
    columns: HashSet<i32>,
    /// `row + col` is constant along a diagonal that rises to the right.
    sum_diagonals: HashSet<i32>,
    /// `row - col` is constant along a diagonal that falls to the right.
    difference_diagonals: HashSet<i32>,
}

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free.
///
/// # Complexity
/// Exponential in n; fine up to n = 12 or so.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let mut occupied = OccupiedLines::default();
    count_from_row(reserved, 0, &mut occupied)
}

fn count_from_row(reserved: &[Vec<bool>], row: usize, occupied: &mut OccupiedLines) -> u64 {
    let n = reserved.len();
    if row == n {
        return 1;
    }
    let row_idx = row as i32;
    let mut n_solutions = 0;
    for col in 0..n {
        let col_idx = col as i32;
        let is_reserved = reserved[row].get(col).copied().unwrap_or(false);
        if is_reserved
            || occupied.columns.contains(&col_idx)
            || occupied.sum_diagonals.contains(&(row_idx + col_idx))
            || occupied.difference_diagonals.contains(&(row_idx - col_idx))
        {
            continue;
        }
        occupied.columns.insert(col_idx);
        occupied.sum_diagonals.insert(row_idx + col_idx);
        occupied.difference_diagonals.insert(row_idx - col_idx);
        n_solutions += count_from_row(reserved, row + 1, occupied);
        occupied.columns.remove(&col_idx);
        occupied.sum_diagonals.remove(&(row_idx + col_idx));
        occupied.difference_diagonals.remove(&(row_idx - col_idx));
    }
    n_solutions
}
