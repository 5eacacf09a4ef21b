//! AOJ ALDS1_13_A "8 Queens Problem": k queens are already on the 8 x 8 board, each given as its
//! row and column counted from 0; print the board of the one solution that holds them, `Q` for a
//! queen and `.` for an empty square, a row a line.
//!
//! Every module is one self-contained, std-only file with the same entry point,
//! `pub fn complete(n: usize, placed: &[(usize, usize)]) -> Option<Vec<usize>>`: each row's column
//! in a solution of the n x n board that keeps every placed queen, or `None` where there is none
//! (placed queens that attack each other, or that no solution holds), so that it becomes a whole
//! program with a `main` around it unchanged:
//! - [`diagonals`]: row by row backtracking, a placed queen's row fixed, with one flag a column
//!   and one a diagonal each way, as usaco.guide's write-up of CSES 1624 keeps them.
//! - [`permutations`]: every order of the columns in turn (8! = 40320 of them), the first that
//!   keeps the placed queens and has no two on a diagonal; the brute force the statement's size
//!   allows.
//!
//! ```
//! let placed = [(2, 2), (5, 3)];
//! assert_eq!(aoj::implementation("diagonals").map(|found| (found.complete)(8, &placed)),
//!     Some(Some(vec![6, 0, 2, 7, 5, 3, 1, 4])));
//! ```

pub mod diagonals;
pub mod permutations;

/// A module's `complete`: the side and the placed queens (row, column from 0) to each row's column.
pub type Complete = fn(usize, &[(usize, usize)]) -> Option<Vec<usize>>;

/// One way of completing the placed queens, by name, for the tests and the judge.
#[derive(Clone, Copy)]
pub struct Implementation {
    /// The module's name; its file is `src/NAME.rs`.
    pub name: &'static str,
    /// The approach, in a few words.
    pub summary: &'static str,
    /// The module's `complete`.
    pub complete: Complete,
    /// The module's file, embedded at compile time, for `cargo xtask export` to turn into a whole
    /// program.
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

/// One [`Implementation`] from a module's name, so that the name, the function and the embedded
/// file cannot disagree.
macro_rules! entry {
    ($module:ident, $summary:literal) => {
        Implementation {
            name: stringify!($module),
            summary: $summary,
            complete: $module::complete,
            source: include_str!(concat!(stringify!($module), ".rs")),
        }
    };
}

/// Every implementation; adding one is one line here.
pub const IMPLEMENTATIONS: &[Implementation] = &[
    entry!(diagonals, "row by row backtracking, a placed queen's row fixed, a flag a column and a diagonal"),
    entry!(permutations, "every order of the columns in turn, the first that keeps the placed queens"),
];

/// The implementation called `name`.
pub fn implementation(name: &str) -> Option<&'static Implementation> {
    IMPLEMENTATIONS.iter().find(|implementation| implementation.name == name)
}
