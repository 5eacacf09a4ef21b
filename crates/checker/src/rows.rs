//! One placement written as POJ 3239 writes it: for each column, left to right, the row of its
//! queen, counted from 1 (`5 3 1 6 8 2 4 7` for n = 8). [`check_rows`] says whether it is a
//! solution of the empty n x n board, and when not, names the first two queens that attack.
//!
//! Boards past [`MAX_N`](crate::MAX_N) are fine here: the check is linear in n and holds no board.

use std::fmt;

use crate::AttackLine;

/// Why a list of rows is not a solution of the empty n x n board. Columns and rows are 1-based,
/// as the list itself counts them.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum RowsError {
    /// Not one row for each of the n columns.
    Length { n: usize, found: usize },
    /// The queen of `column` stands in a row off the board (0, or past n).
    RowOffBoard { column: usize, row: u64, n: usize },
    /// Two queens attack, `first` the one further left, as `(column, row)`; `line` is
    /// [`AttackLine::Column`] for two queens in one row (the list's columns are its positions, so
    /// only rows can repeat: the line the queens share runs across the columns).
    Attack { first: (usize, u64), second: (usize, u64), line: AttackLine },
}

impl fmt::Display for RowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowsError::Length { n, found } => {
                write!(f, "{found} rows for the {n} columns of the {n} x {n} board")
            }
            RowsError::RowOffBoard { column, row, n } => {
                write!(f, "the queen of column {column} is in row {row}, off the {n} x {n} board")
            }
            RowsError::Attack { first, second, line } => {
                let along = match line {
                    AttackLine::Column => "both in one row".to_string(),
                    AttackLine::Diagonal | AttackLine::AntiDiagonal => format!("along their {line}"),
                };
                write!(
                    f,
                    "the queens of column {} (row {}) and column {} (row {}) attack, {along}",
                    first.0, first.1, second.0, second.1
                )
            }
        }
    }
}

impl std::error::Error for RowsError {}

/// Checks `rows` (column `i + 1`'s queen in row `rows[i]`, 1-based) as a solution of the empty
/// n x n board, in O(n) time and memory.
///
/// # Errors
/// The first fault met reading the columns left to right: a wrong length, a row off the board, or
/// the two queens that attack (the one to the left first).
pub fn check_rows(n: usize, rows: &[u64]) -> Result<(), RowsError> {
    if rows.len() != n {
        return Err(RowsError::Length { n, found: rows.len() });
    }
    // The column (1-based) that holds each row and each diagonal; 0 for none yet.
    let mut row_of = vec![0usize; n + 1];
    let mut down = vec![0usize; 2 * n + 1];
    let mut up = vec![0usize; 2 * n + 1];
    for (index, &row) in rows.iter().enumerate() {
        let column = index + 1;
        let r = usize::try_from(row).ok().filter(|&r| (1..=n).contains(&r));
        let Some(r) = r else { return Err(RowsError::RowOffBoard { column, row, n }) };
        // `\` diagonals keep row - column (shifted by n to stay positive), `/` ones row + column.
        let lines = [
            (&mut row_of[r], AttackLine::Column),
            (&mut down[r + n - column], AttackLine::Diagonal),
            (&mut up[r + column], AttackLine::AntiDiagonal),
        ];
        for (holder, line) in lines {
            if *holder != 0 {
                let first = (*holder, rows[*holder - 1]);
                return Err(RowsError::Attack { first, second: (column, row), line });
            }
            *holder = column;
        }
    }
    Ok(())
}
