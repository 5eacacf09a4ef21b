//! The `cses` crate's one integration-test binary: every implementation against the checker's
//! oracle and OEIS A000170, the library's I/O on byte strings, the `cses` binary end to end, and
//! the tuned `fastest` counter's own options (threads, shards, symmetric boards).
//!
//! The implementations are taken from `cses::IMPLEMENTATIONS`, so a new one is covered by adding
//! it there. Every expected count comes from outside the code under test: the oracle, OEIS, or the
//! CSES sample.

mod agreement;
mod binary;
mod fastest;
mod run;

use checker::Board;

/// The CSES sample board, whose answer the problem statement gives as 65.
const SAMPLE: &str = include_str!("../data/sample.txt");
const SAMPLE_COUNT: u64 = 65;

/// The n x n board whose square (`row`, `col`) is reserved when `is_reserved(row, col)`.
fn board_where(n: usize, is_reserved: impl Fn(usize, usize) -> bool) -> Vec<Vec<bool>> {
    (0..n).map(|row| (0..n).map(|col| is_reserved(row, col)).collect()).collect()
}

/// The checker's brute-force count of a board.
fn oracle_count(reserved: &[Vec<bool>]) -> u64 {
    let board = Board::from_reserved(reserved.to_vec()).expect("test boards are square and in range");
    checker::oracle::count(&board)
}
