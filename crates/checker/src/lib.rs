//! The checker: the one place in this workspace that knows what a right N-Queens answer is.
//!
//! It knows nothing of CSES or LeetCode code and depends on no solution crate, only on std,
//! so that every solution can be judged against it without judging itself.
//!
//! - [`Board`]: an n x n board whose squares are free or reserved, parsed from the CSES text format.
//! - [`Placement`]: one queen column per row, and [`check`], which names the exact fault of a wrong one.
//! - [`Placement::from_strings`] / [`Placement::to_strings`]: LeetCode's `Vec<String>` boards.
//! - [`solution_set`]: canonical order, duplicates, and a comparison that draws missing and extra boards.
//! - [`check_rows`]: one placement as POJ 3239 writes it (each column's row, 1-based), on boards of
//!   any size, the first two attacking queens named.
//! - [`oracle`]: a brute-force enumerator and the OEIS tables, written to be obviously right.
//!
//! Squares are 0-based in the API and 1-based in every message, as a person counts them.

mod board;
pub mod oracle;
mod placement;
mod rows;
pub mod solution_set;

pub use board::{Board, BoardError, ParseError, ParseErrorKind, MAX_N};
pub use placement::{
    check, check_strings, AttackLine, CheckError, Placement, StringsError, StringsErrorKind,
};
pub use rows::{check_rows, RowsError};
