//! LeetCode 51 "N-Queens" and 52 "N-Queens II": `Solution::solve_n_queens` lists every solution of
//! the n x n board as rows of `Q` and `.`, `Solution::total_n_queens` counts them.
//!
//! Each module is one write-up's approach, std-only and self-contained (no `use crate::`, no tests
//! inside), so that its `impl Solution` block pastes into LeetCode's editor unchanged:
//! - [`safety_mark`]: the write-up "051 - N Queens": its `ChessBoard` and `SafetyMark`, flag arrays for the columns and the
//!   2n - 1 diagonals of each direction; O(n) a search node.
//! - [`erickson`]: the write-up "Next Algorithm: Backtracking into the n Queens Problem", a port of Erickson's PlaceQueens, each candidate checked against every
//!   earlier row; O(n^2) a search node.
//! - [`bitmask`]: bitboards, lowest set bit first; O(1) a search node besides the squares it tries.
//!   It also streams solutions ([`bitmask::for_each_solution`]) for the `queens` viewer.
//!
//! [`Solution`] is the bitmask one, so `leetcode::Solution::solve_n_queens(8)` answers as LeetCode
//! would. Every answer is right beyond LeetCode's 1 <= n <= 9 too: n <= 0 gives no boards and 0.
//!
//! ```
//! assert_eq!(leetcode::Solution::solve_n_queens(8).len(), 92);
//! assert_eq!(leetcode::implementation("erickson").map(|found| (found.total_n_queens.expect("LeetCode 52"))(6)), Some(4));
//! ```

// `pub struct Solution;` stays a bare line, as LeetCode declares it and `cargo xtask export` strips
// it; a `#[derive(Debug)]` above it would be left dangling by the export, so the lint is off here.
#[allow(missing_debug_implementations)]
pub mod bitmask;
#[allow(missing_debug_implementations)]
pub mod erickson;
#[allow(missing_debug_implementations)]
pub mod safety_mark;

pub use bitmask::Solution;

/// LeetCode 51, `Solution::solve_n_queens`: every solution of the n x n board, as rows of `Q` and `.`.
pub type SolveNQueens = fn(i32) -> Vec<Vec<String>>;

/// LeetCode 52, `Solution::total_n_queens`: the number of solutions of the n x n board.
pub type TotalNQueens = fn(i32) -> i32;

/// One implementation of both problems, by name, for the tests and `cargo xtask`.
#[derive(Clone, Copy)]
pub struct Implementation {
    /// The module's name; its file is `src/NAME.rs`.
    pub name: &'static str,
    /// The approach, in a few words.
    pub summary: &'static str,
    /// LeetCode 51, when the module answers it.
    pub solve_n_queens: Option<SolveNQueens>,
    /// LeetCode 52, when the module answers it.
    pub total_n_queens: Option<TotalNQueens>,
    /// The module's file, embedded at compile time, for `cargo xtask export` to turn into a
    /// LeetCode submission.
    pub source: &'static str,
}

// By hand, so that printing an implementation does not print its whole file.
impl std::fmt::Debug for Implementation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Implementation")
            .field("name", &self.name)
            .field("summary", &self.summary)
            .field("source_bytes", &self.source.len())
            .finish_non_exhaustive()
    }
}

/// One [`Implementation`] from a module's name, so that the list below is one line each and the
/// name, the functions and the embedded file cannot disagree.
/// A module that answers one problem only is written `entry!(module, "summary", only:
/// solve_n_queens)` (or `only: total_n_queens`).
macro_rules! entry {
    ($module:ident, $summary:literal) => {
        entry!(@make $module, $summary, Some($module::Solution::solve_n_queens), Some($module::Solution::total_n_queens))
    };
    ($module:ident, $summary:literal, only: solve_n_queens) => {
        entry!(@make $module, $summary, Some($module::Solution::solve_n_queens), None)
    };
    ($module:ident, $summary:literal, only: total_n_queens) => {
        entry!(@make $module, $summary, None, Some($module::Solution::total_n_queens))
    };
    (@make $module:ident, $summary:literal, $solve:expr, $total:expr) => {
        Implementation {
            name: stringify!($module),
            summary: $summary,
            solve_n_queens: $solve,
            total_n_queens: $total,
            source: include_str!(concat!(stringify!($module), ".rs")),
        }
    };
}

/// Every implementation, in the order of the write-ups; adding one is one line here, which also
/// gives `cargo xtask export` its file.
pub const IMPLEMENTATIONS: &[Implementation] = &[
    entry!(
        safety_mark,
        "ChessBoard + SafetyMark (write-up \"051 - N Queens\"), flag arrays for columns and both diagonals"
    ),
    entry!(erickson, "Erickson's PlaceQueens, each candidate checked against every earlier row"),
    entry!(bitmask, "bitboards for columns and both diagonals, lowest set bit first"),
];

/// The implementation called `name`, if there is one.
pub fn implementation(name: &str) -> Option<&'static Implementation> {
    IMPLEMENTATIONS.iter().find(|implementation| implementation.name == name)
}
