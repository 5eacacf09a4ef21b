//! CSES 1624 "Chessboard and Queens": count the ways to place n queens on an n x n board so that no
//! two attack each other, where reserved squares (`*`) hold no queen but block no attack. CSES asks
//! for n = 8; everything here takes any 1 <= n <= 32 ([`checker::MAX_N`]).
//!
//! Every solution module is one self-contained, std-only file with the same entry point,
//! `pub fn count(reserved: &[Vec<bool>]) -> u64`, so that it pastes into a CSES submission
//! unchanged: no module refers to the rest of the crate, and their tests live in `tests/it/`.
//! [`IMPLEMENTATIONS`] lists them, each with its file's text for `cargo xtask export`; adding one is
//! one `entry!` there. The rest of this file is the I/O of the `cses` binary, [`run`], kept here so
//! that tests feed it byte strings.
//!
//! Counts are `u64`: A000170 passes `u64::MAX` only at n = 29, a search of some 10^19 leaves that
//! no counter here could finish.

use std::fmt;
use std::io::{BufRead, Read, Write};

use checker::{Board, ParseError};

pub mod attack_matrix;
pub mod bitmask;
pub mod diagonal_arrays;
pub mod explicit_stack;
pub mod fastest;
pub mod fixed_board;
pub mod hashset;
pub mod symmetry;

/// One way of counting, as the binary's `--impl` and `cargo xtask` name it.
#[derive(Clone, Copy)]
pub struct Implementation {
    /// The module's name, which `--impl` takes; the module's file is `src/NAME.rs`.
    pub name: &'static str,
    /// One line on the approach.
    pub summary: &'static str,
    /// The module's `count`.
    pub count: fn(&[Vec<bool>]) -> u64,
    /// Whether it answers CSES's own 8 x 8 boards only, as many submissions do; it is then judged
    /// on those alone, and any other side may make it fail.
    pub eight_by_eight_only: bool,
    /// The module's file, embedded at compile time, for `cargo xtask export` to paste into a CSES
    /// submission.
    pub source: &'static str,
}

// By hand, so that printing an implementation does not print its whole file.
impl fmt::Debug for Implementation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        entry!($module, $summary, eight_by_eight_only: false)
    };
    ($module:ident, $summary:literal, eight_by_eight_only) => {
        entry!($module, $summary, eight_by_eight_only: true)
    };
    ($module:ident, $summary:literal, eight_by_eight_only: $only:literal) => {
        Implementation {
            name: stringify!($module),
            summary: $summary,
            count: $module::count,
            eight_by_eight_only: $only,
            source: include_str!(concat!(stringify!($module), ".rs")),
        }
    };
}

/// Every implementation, in the order the write-ups introduce them, slowest idea first.
pub const IMPLEMENTATIONS: &[Implementation] = &[
    entry!(hashset, "recursion with hash sets of used columns and diagonals (write-up \"Chessboard and Queens\")"),
    entry!(attack_matrix, "recursion over an n x n matrix of attack counts (write-up \"cses chessboard and queens\", first solution)"),
    entry!(
        explicit_stack,
        "the attack matrix searched with an explicit stack, no recursion (write-up \"cses chessboard and queens\", second solution)"
    ),
    entry!(
        diagonal_arrays,
        "recursion with boolean arrays of columns and diagonals (usaco.guide, via write-up \"cses chessboard and queens\")"
    ),
    entry!(bitmask, "recursion over bitboards, lowest set bit first"),
    entry!(
        symmetry,
        "the classic symmetry method: the top queen near the left corner, a rotation check at each solution to count it 2, 4 or 8 times, on all cores"
    ),
    entry!(fastest, "bitboards, border constellations and board symmetries, eight boards a step with AVX2, on all cores"),
    entry!(
        fixed_board,
        "fixed 8 x 8 arrays, as most CSES submissions are written: CSES's own boards only",
        eight_by_eight_only
    ),
];

/// The implementation the binary uses when `--impl` is not given.
pub const DEFAULT_IMPLEMENTATION: &str = "fastest";

/// The implementation called `name`, if there is one.
pub fn implementation(name: &str) -> Option<&'static Implementation> {
    IMPLEMENTATIONS.iter().find(|implementation| implementation.name == name)
}

/// How much input [`run`] reads at most. A valid board is at most 32 rows of 32 squares and `\r\n`,
/// 1088 bytes, so any longer input holds a fault within this prefix; stopping here keeps an endless
/// stdin from exhausting memory.
pub const MAX_INPUT_BYTES: usize = 64 * 1024;

/// Why [`run`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum RunError {
    /// The input could not be read.
    Read(std::io::Error),
    /// The input is not a board; the error names the line and column.
    Parse(ParseError),
    /// The count could not be written.
    Write(std::io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Read(error) => write!(f, "cannot read the board: {error}"),
            RunError::Parse(error) => write!(f, "{error}"),
            RunError::Write(error) => write!(f, "cannot write the count: {error}"),
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Read(error) | RunError::Write(error) => Some(error),
            RunError::Parse(error) => Some(error),
        }
    }
}

/// Reads a board in the CSES format from `input`, counts its placements with `count`, and writes
/// the count and a newline to `output`. Nothing is written unless the board is valid.
///
/// `count` is an implementation's `count`, or a closure that calls
/// [`fastest::count_with`] with options.
///
/// # Errors
/// [`RunError::Read`] when `input` fails, [`RunError::Parse`] when it is not a board (see
/// [`Board::parse_bytes`]), [`RunError::Write`] when `output` fails.
///
/// # Example
/// ```
/// let mut output = Vec::new();
/// cses::run(&b"..\n..\n"[..], &mut output, cses::bitmask::count).unwrap();
/// assert_eq!(output, b"0\n");
/// ```
pub fn run(
    input: impl BufRead,
    mut output: impl Write,
    count: impl FnOnce(&[Vec<bool>]) -> u64,
) -> Result<u64, RunError> {
    let bytes = read_bounded(input).map_err(RunError::Read)?;
    let board = Board::parse_bytes(&bytes).map_err(RunError::Parse)?;
    let n_solutions = count(board.reserved_rows());
    writeln!(output, "{n_solutions}").and_then(|()| output.flush()).map_err(RunError::Write)?;
    Ok(n_solutions)
}

/// Reads at most [`MAX_INPUT_BYTES`] of `input`. When there was more, a character cut in two at the
/// end is dropped, so that the cut alone never reads as invalid UTF-8.
fn read_bounded(input: impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_INPUT_BYTES {
        bytes.truncate(MAX_INPUT_BYTES);
        if let Err(error) = std::str::from_utf8(&bytes) {
            // `error_len() == None` means the bytes end inside a character, which is the cut's doing.
            if error.error_len().is_none() {
                bytes.truncate(error.valid_up_to());
            }
        }
    }
    Ok(bytes)
}
