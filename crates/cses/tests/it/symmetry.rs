//! Tests of the classic symmetry counter where its pruning and weights matter: boards whose
//! reserved squares keep all eight symmetries (its classic path), the left-right mirror only, or
//! fewer, against the checker's brute-force oracle; and OEIS A000170 on empty boards.

use checker::oracle;
use cses::symmetry;
use proptest::prelude::*;

use crate::fastest::{random_board, symmetric_board, symmetrise, SquareMap, SUBGROUP_GENERATORS};
use crate::oracle_count;

const ROTATE_90: SquareMap = |n, (row, col)| (col, n - 1 - row);
const TRANSPOSE: SquareMap = |_, (row, col)| (col, row);

/// A random board made invariant under all eight symmetries of the square.
fn fully_symmetric_board(max_n: usize) -> impl Strategy<Value = Vec<Vec<bool>>> {
    random_board(max_n).prop_map(|reserved| symmetrise(&reserved, &[ROTATE_90, TRANSPOSE]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn agrees_with_the_oracle_on_boards_with_all_eight_symmetries(reserved in fully_symmetric_board(11)) {
        prop_assert_eq!(symmetry::count(&reserved), oracle_count(&reserved));
    }

    #[test]
    fn agrees_with_the_oracle_on_boards_of_every_symmetry_subgroup(reserved in symmetric_board(10)) {
        prop_assert_eq!(symmetry::count(&reserved), oracle_count(&reserved));
    }
}

#[test]
fn empty_boards_give_a000170() {
    for n in 0..=14 {
        let expected = if n == 0 { 1 } else { oracle::known_count(n).expect("A000170 covers n <= 27") };
        assert_eq!(symmetry::count(&vec![vec![false; n]; n]), expected, "n = {n}");
    }
}

#[test]
fn a_reserved_corner_or_ring_keeps_the_classic_path_right() {
    // Patterns with all eight symmetries that close what the classic method prunes by: the four
    // corners (no corner solutions), the border's second squares (the side rules), the centre.
    for n in 4..=11 {
        let last = n - 1;
        let patterns: [&dyn Fn(usize, usize) -> bool; 3] = [
            &|row, col| (row == 0 || row == last) && (col == 0 || col == last),
            &|row, col| {
                // The border squares next to a corner.
                let along_border =
                    if row == 0 || row == last { col.min(last - col) } else { row.min(last - row) };
                (row == 0 || row == last || col == 0 || col == last) && along_border == 1
            },
            &|row, col| row.abs_diff(last - row) <= 1 && col.abs_diff(last - col) <= 1,
        ];
        for is_reserved in patterns {
            let reserved: Vec<Vec<bool>> =
                (0..n).map(|row| (0..n).map(|col| is_reserved(row, col)).collect()).collect();
            let reserved = symmetrise(&reserved, SUBGROUP_GENERATORS[9]);
            assert_eq!(symmetry::count(&reserved), oracle_count(&reserved), "n = {n}:\n{reserved:?}");
        }
    }
}
