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
