//! POJ 3239 "Solution to the n Queens Puzzle": for each n of the input (8 <= n <= 300, one a
//! line, a 0 ending the input), print one placement of n non-attacking queens on the n x n board.
//! A placement is written as POJ writes it: for each column, left to right, the row of its queen,
//! counted from 1 (`5 3 1 6 8 2 4 7` for n = 8); any right placement is accepted.
//!
//! Every module is one self-contained, std-only file with the same entry point,
//! `pub fn place(n: usize) -> Option<Vec<usize>>` (`None` where no placement exists, n = 2 and
//! n = 3; n = 0 gives the empty one), so that it becomes a whole program with a `main` around it
//! unchanged (POJ itself takes C, C++, Java, Pascal and Fortran, not Rust; the judge here runs
//! Rust too):
//! - [`construction`]: the classical explicit construction, even rows then odd rows with two
//!   adjustments by n mod 6; no search, O(n). The one POJ's range needs.
//! - [`bitmask`]: plain first-solution backtracking with bit sets of taken rows and diagonals;
//!   within a second up to n = 29, seconds from n = 30, hopeless further into POJ's range.
//! - [`erickson`]: the write-up "Next Algorithm: Backtracking into the n Queens Problem", a port
//!   of Erickson's PlaceQueens stopped at the first solution, each candidate checked against
//!   every earlier queen; the same search as `bitmask`, with O(n) a candidate instead of O(1).
//!
//! [`answer`] is the whole POJ program's logic on [`construction`], kept here so that tests feed
//! it strings; the `poj` binary reads stdin and prints it.
//!
//! ```
//! assert_eq!(poj::answer("8\n0\n").unwrap(), "2 4 6 8 3 1 7 5\n");
//! assert_eq!(poj::implementation("bitmask").map(|found| (found.place)(4)), Some(Some(vec![2, 4, 1, 3])));
//! ```

use std::fmt::Write;

pub mod bitmask;
pub mod construction;
pub mod erickson;

/// One way of placing the queens, by name, for the tests and `cargo xtask`.
#[derive(Clone, Copy)]
pub struct Implementation {
    /// The module's name; its file is `src/NAME.rs`.
    pub name: &'static str,
    /// The approach, in a few words.
    pub summary: &'static str,
    /// The module's `place`.
    pub place: fn(usize) -> Option<Vec<usize>>,
    /// For a search, shown beside the construction to be too slow for POJ's range, its reach: the
    /// largest side up to which it placed every side alone within POJ's 1 s where it was measured
    /// (`None` for the construction). The judge runs it past its reach only when asked, and then
    /// expects its TLE.
    pub search: Option<usize>,
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

/// One [`Implementation`] from a module's name, so that the list below is one line each and the
/// name, the function and the embedded file cannot disagree.
macro_rules! entry {
    ($module:ident, $summary:literal) => {
        entry!(@make $module, $summary, None)
    };
    ($module:ident, $summary:literal, search up to $reach:literal) => {
        entry!(@make $module, $summary, Some($reach))
    };
    (@make $module:ident, $summary:literal, $search:expr) => {
        Implementation {
            name: stringify!($module),
            summary: $summary,
            place: $module::place,
            search: $search,
            source: include_str!(concat!(stringify!($module), ".rs")),
        }
    };
}

/// Every implementation, the one that answers POJ's whole range first; adding one is one line
/// here, which also gives `cargo xtask export` its file.
///
/// The searches' reaches were measured one side at a time on an AMD EPYC (Zen 4), release code:
/// `bitmask` took 0.14 s at n = 29, 1.25 s at n = 31 and over 5 s at n = 30 and at each n from 32
/// to 35; `erickson` 0.21 s at n = 27, 1.33 s at n = 28 and over 5 s from n = 30.
pub const IMPLEMENTATIONS: &[Implementation] = &[
    entry!(construction, "the explicit construction, even rows then odd rows adjusted by n mod 6, no search"),
    entry!(
        bitmask,
        "plain backtracking to the first solution, taken rows and diagonals in bit sets",
        search up to 29
    ),
    entry!(
        erickson,
        "Erickson's PlaceQueens to the first solution, each candidate checked against every earlier queen",
        search up to 27
    ),
];

/// The implementation called `name`, if there is one.
pub fn implementation(name: &str) -> Option<&'static Implementation> {
    IMPLEMENTATIONS.iter().find(|implementation| implementation.name == name)
}

/// The largest n [`answer`] places; beyond it an input is refused rather than left to exhaust
/// memory (POJ's own n are at most 300).
pub const MAX_N: usize = 1_000_000;

/// The output of the whole POJ program for `input`: for each n read, up to a 0 or the end of the
/// input, one line with the placement of [`construction`], its rows separated by single spaces.
/// Whatever follows the 0 is not read, as a POJ program stops there.
///
/// # Errors
/// A message naming the first token that is not a whole number, or the first n that has no
/// placement (2, 3) or is past [`MAX_N`]. POJ's input holds none of them.
///
/// # Complexity
/// O(the input's length + the sum of its n).
///
/// # Example
/// ```
/// assert_eq!(poj::answer("4\n5\n0\n7\n").unwrap(), "2 4 1 3\n2 4 1 3 5\n");
/// assert!(poj::answer("3\n0\n").unwrap_err().contains("n = 3"));
/// ```
pub fn answer(input: &str) -> Result<String, String> {
    let mut output = String::new();
    for token in input.split_ascii_whitespace() {
        let n: usize = token.parse().map_err(|_| format!("{token:?} is not a whole number n"))?;
        if n == 0 {
            break;
        }
        if n > MAX_N {
            return Err(format!("n = {n} is past the largest n answered, {MAX_N}"));
        }
        let rows = construction::place(n).ok_or_else(|| format!("n = {n} has no placement of n queens"))?;
        for (index, row) in rows.iter().enumerate() {
            let separator = if index == 0 { "" } else { " " };
            // Writing to a String cannot fail.
            let _ = write!(output, "{separator}{row}");
        }
        output.push('\n');
    }
    Ok(output)
}
