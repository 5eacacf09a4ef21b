//! The `fixed_board` counter on the only boards it answers, CSES's own 8 x 8 ones: against the
//! checker's brute-force oracle on random 8 x 8 boards with reserved squares and on every board with
//! one square reserved, on the CSES sample (65, as the statement says) and on the empty board (92,
//! OEIS A000170). Other sides are outside what it answers; the registry says so (see
//! `agreement.rs`) and the binary refuses them (see `binary.rs`).

use checker::{oracle, Board};
use cses::fixed_board;
use proptest::prelude::*;

use crate::{board_where, oracle_count, sparse_board, SAMPLE, SAMPLE_COUNT};

#[test]
fn the_cses_sample_gives_65() {
    let board = Board::parse(SAMPLE).expect("the sample parses");
    assert_eq!(board.n(), 8);
    assert_eq!(oracle::count(&board), SAMPLE_COUNT, "the oracle disagrees with the problem statement");
    assert_eq!(fixed_board::count(board.reserved_rows()), SAMPLE_COUNT);
}

#[test]
fn the_empty_board_gives_92() {
    assert_eq!(oracle::known_count(8), Some(92), "A000170 gives 92 for n = 8");
    let empty = Board::empty(8).unwrap();
    assert_eq!(fixed_board::count(empty.reserved_rows()), 92);
}

#[test]
fn every_board_with_one_square_reserved_agrees_with_the_oracle() {
    // Each square in turn, so that every index of the fixed arrays is read as reserved once.
    for reserved_row in 0..8 {
        for reserved_col in 0..8 {
            let reserved = board_where(8, |row, col| (row, col) == (reserved_row, reserved_col));
            let expected = oracle_count(&reserved);
            assert!(expected < 92, "a reserved square blocks some placement");
            assert_eq!(
                fixed_board::count(&reserved),
                expected,
                "square ({}, {}) reserved",
                reserved_row + 1,
                reserved_col + 1
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn agrees_with_the_oracle_on_random_8_x_8_boards(reserved in sparse_board(8)) {
        prop_assert_eq!(
            fixed_board::count(&reserved),
            oracle_count(&reserved),
            "on\n{}",
            Board::from_reserved(reserved.clone()).unwrap()
        );
    }
}
