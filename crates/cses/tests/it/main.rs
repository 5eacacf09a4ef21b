//! The `cses` crate's one integration-test binary: every implementation against the checker's
//! oracle and OEIS A000170, the library's I/O on byte strings, the `cses` binary end to end, and
//! the tuned `fastest` counter's own options (threads, shards, symmetric boards), and the 8 x 8-only
//! `fixed_board` counter on the boards it answers.
//!
//! The implementations are taken from `cses::IMPLEMENTATIONS`, so a new one is covered by adding
//! it there; one registered as `eight_by_eight_only` is given 8 x 8 boards only. Every expected
//! count comes from outside the code under test: the oracle, OEIS, or the CSES sample.

mod agreement;
mod binary;
mod fastest;
mod fixed_board;
mod run;
mod shards;
mod symmetry;

use std::io::Write;
use std::process::{Command, Stdio};

use checker::Board;
use cses::Implementation;
use proptest::collection::vec;
use proptest::prelude::*;

/// The CSES sample board, whose answer the problem statement gives as 65.
const SAMPLE: &str = include_str!("../data/sample.txt");
const SAMPLE_COUNT: u64 = 65;

/// The n x n board whose square (`row`, `col`) is reserved when `is_reserved(row, col)`.
fn board_where(n: usize, is_reserved: impl Fn(usize, usize) -> bool) -> Vec<Vec<bool>> {
    (0..n).map(|row| (0..n).map(|col| is_reserved(row, col)).collect()).collect()
}

/// What one run of the `cses` binary printed, and its exit status.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

impl Outcome {
    fn success(stdout: &str) -> Outcome {
        Outcome { stdout: stdout.to_owned(), stderr: String::new(), status: Some(0) }
    }

    /// A failure: one line on stderr, nothing on stdout, status 2.
    fn failure(message: &str) -> Outcome {
        Outcome { stdout: String::new(), stderr: format!("error: {message}\n"), status: Some(2) }
    }
}

/// Runs `command` with `stdin` written from a thread of its own, so that a large input cannot
/// deadlock against a full stdout pipe; the child may stop reading early, so a broken pipe there
/// is no fault.
fn run_child(command: &mut Command, stdin: &[u8]) -> Outcome {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{command:?} starts: {error}"));
    let mut child_stdin = child.stdin.take().expect("piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = child_stdin.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the child finishes");
    writer.join().expect("the writer thread ends");
    Outcome {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        status: output.status.code(),
    }
}

/// The checker's brute-force count of a board.
fn oracle_count(reserved: &[Vec<bool>]) -> u64 {
    let board = Board::from_reserved(reserved.to_vec()).expect("test boards are square and in range");
    checker::oracle::count(&board)
}

/// Whether `implementation` answers boards of side `n`: every side, or 8 alone for one registered
/// as `eight_by_eight_only`.
fn answers_side(implementation: &Implementation, n: usize) -> bool {
    !implementation.eight_by_eight_only || n == 8
}

/// The registered implementations that answer boards of side `n`.
fn implementations_for_side(n: usize) -> impl Iterator<Item = &'static Implementation> {
    cses::IMPLEMENTATIONS.iter().filter(move |implementation| answers_side(implementation, n))
}

/// An n x n board whose squares are reserved with one probability, itself drawn from 0% to 60%.
fn sparse_board(n: usize) -> impl Strategy<Value = Vec<Vec<bool>>> {
    (0u32..=60)
        .prop_flat_map(move |percent| vec(vec(proptest::bool::weighted(f64::from(percent) / 100.0), n), n))
}
