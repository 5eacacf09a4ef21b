//! Every registered implementation against the checker's oracle, OEIS A000170 and the CSES sample,
//! on every board side it answers: those registered as `eight_by_eight_only` are given the 8 x 8
//! boards of each test and skip the others.

use checker::oracle;
use checker::Board;
use proptest::prelude::*;

use crate::{board_where, implementations_for_side, oracle_count, sparse_board, SAMPLE, SAMPLE_COUNT};

/// Asserts that every implementation that answers the side of `reserved` counts it as the oracle
/// does.
fn assert_all_agree_with_oracle(what: &str, reserved: &[Vec<bool>]) {
    let expected = oracle_count(reserved);
    for implementation in implementations_for_side(reserved.len()) {
        let counted = (implementation.count)(reserved);
        assert_eq!(
            counted,
            expected,
            "{} on {what} (n = {}):\n{}",
            implementation.name,
            reserved.len(),
            Board::from_reserved(reserved.to_vec()).unwrap()
        );
    }
}

#[test]
fn registry_names_are_unique_and_include_the_default() {
    let names: Vec<&str> = cses::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
    for (index, name) in names.iter().enumerate() {
        assert!(!names[index + 1..].contains(name), "{name} is registered twice");
        assert_eq!(cses::implementation(name).map(|implementation| implementation.name), Some(*name));
    }
    assert!(cses::implementation(cses::DEFAULT_IMPLEMENTATION).is_some());
    assert!(cses::implementation("no_such_implementation").is_none());
    for module in
        ["hashset", "attack_matrix", "explicit_stack", "diagonal_arrays", "bitmask", "fastest", "fixed_board"]
    {
        assert!(names.contains(&module), "{module} is not registered");
    }
}

#[test]
fn fixed_board_alone_is_registered_for_8_x_8_boards_only() {
    let eight_by_eight_only = |name| cses::implementation(name).map(|found| found.eight_by_eight_only);
    assert_eq!(eight_by_eight_only("fixed_board"), Some(true));
    for module in ["hashset", "attack_matrix", "explicit_stack", "diagonal_arrays", "bitmask", "fastest"] {
        assert_eq!(eight_by_eight_only(module), Some(false), "{module} answers every side");
    }
    // The binary counts a board of any side with its default implementation.
    assert_eq!(eight_by_eight_only(cses::DEFAULT_IMPLEMENTATION), Some(false));
}

#[test]
fn every_implementation_counts_65_on_the_cses_sample() {
    let board = Board::parse(SAMPLE).expect("the sample parses");
    assert_eq!(board.n(), 8);
    assert_eq!(oracle::count(&board), SAMPLE_COUNT, "the oracle disagrees with the problem statement");
    for implementation in cses::IMPLEMENTATIONS {
        assert_eq!((implementation.count)(board.reserved_rows()), SAMPLE_COUNT, "{}", implementation.name);
    }
}

#[test]
fn every_implementation_matches_a000170_on_empty_boards_up_to_12() {
    for n in 1..=12 {
        let expected = oracle::known_count(n).expect("A000170 is known up to 27");
        let board = Board::empty(n).unwrap();
        for implementation in implementations_for_side(n) {
            assert_eq!(
                (implementation.count)(board.reserved_rows()),
                expected,
                "{} on n = {n}",
                implementation.name
            );
        }
    }
}

/// OEIS A000170 starts at a(0) = 1: the empty placement is the one way to put no queen on no board.
/// The checker never builds such a board, but the functions take any slice (those that answer
/// every side, that is).
#[test]
fn every_implementation_counts_one_placement_on_the_0_x_0_board() {
    for implementation in implementations_for_side(0) {
        assert_eq!((implementation.count)(&[]), 1, "{}", implementation.name);
    }
}

#[test]
fn all_reserved() {
    for n in 1..=9 {
        let reserved = board_where(n, |_, _| true);
        assert_eq!(oracle_count(&reserved), 0);
        assert_all_agree_with_oracle("the board with every square reserved", &reserved);
    }
}

#[test]
fn one_whole_row_reserved() {
    for n in 1..=8 {
        for reserved_row in 0..n {
            let reserved = board_where(n, |row, _| row == reserved_row);
            assert_all_agree_with_oracle(
                &format!("the board with row {} reserved", reserved_row + 1),
                &reserved,
            );
        }
    }
}

#[test]
fn both_main_diagonals_reserved() {
    for n in 1..=9 {
        let reserved = board_where(n, |row, col| row == col || row + col == n - 1);
        assert_all_agree_with_oracle("the board with both main diagonals reserved", &reserved);
    }
}

#[test]
fn checkerboard_reserved() {
    for n in 1..=9 {
        for parity in 0..2 {
            let reserved = board_where(n, |row, col| (row + col) % 2 == parity);
            assert_all_agree_with_oracle(&format!("the checkerboard of parity {parity}"), &reserved);
        }
    }
}

#[test]
fn only_the_border_free() {
    for n in 1..=9 {
        let reserved = board_where(n, |row, col| row > 0 && row < n - 1 && col > 0 && col < n - 1);
        assert_all_agree_with_oracle("the board with only its border free", &reserved);
    }
}

/// One board of each side from 1 to 9, so that every case covers every n.
fn boards_of_every_side() -> impl Strategy<Value = Vec<Vec<Vec<bool>>>> {
    (1..=9).map(sparse_board).collect::<Vec<_>>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_implementation_agrees_with_the_oracle_on_random_boards(boards in boards_of_every_side()) {
        for reserved in &boards {
            let expected = oracle_count(reserved);
            for implementation in implementations_for_side(reserved.len()) {
                prop_assert_eq!(
                    (implementation.count)(reserved),
                    expected,
                    "{} on\n{}",
                    implementation.name,
                    Board::from_reserved(reserved.clone()).unwrap()
                );
            }
        }
    }
}
