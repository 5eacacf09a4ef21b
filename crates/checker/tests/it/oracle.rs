//! The oracle against truth from outside it: OEIS A000170 and A002562 (the latter recounted here from
//! the oracle's own solutions by folding them under the eight symmetries of the square), the CSES
//! sample's answer, and an unpruned brute force over all n! permutations.

use std::collections::BTreeSet;

use checker::oracle::{self, known_count, known_fundamental_count, A000170, A002562};
use checker::{Board, Placement};
use pretty_assertions::assert_eq;
use proptest::prelude::*;

use crate::support::{board_from_picture, boards, brute_force_solutions, empty_board, CSES_SAMPLE};

/// OEIS A000170 for n = 1..=12, typed in from the OEIS page rather than copied from the checker.
const QUEENS_SOLUTIONS_OEIS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// OEIS A002562 for n = 1..=12, typed in likewise.
const QUEENS_FUNDAMENTAL_OEIS: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// The largest side the oracle is run on here: n = 10 has about 35 000 nodes, milliseconds even in
/// the debug profile because the checker is optimised there too.
const LARGEST_ENUMERATED: usize = 10;

#[test]
fn the_tables_start_as_on_oeis() {
    assert_eq!(A000170[..12], QUEENS_SOLUTIONS_OEIS);
    assert_eq!(A002562[..12], QUEENS_FUNDAMENTAL_OEIS);
    assert_eq!(A000170[26], 234_907_967_154_122_528);
    assert_eq!(A002562[26], 29_363_495_934_315_694);
}

#[test]
fn counts_on_empty_boards_are_a000170() {
    for n in 1..=LARGEST_ENUMERATED {
        let board = empty_board(n);
        assert_eq!(oracle::count(&board), QUEENS_SOLUTIONS_OEIS[n - 1], "n = {n}");
        assert_eq!(oracle::solutions(&board).len() as u64, QUEENS_SOLUTIONS_OEIS[n - 1], "n = {n}");
    }
}

/// A symmetry of the square: `(last index, row, column)` to the image's `(row, column)`.
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

/// The eight symmetries of the square, applied to a placement given as one column a row.
fn symmetric_images(columns: &[usize]) -> Vec<Vec<usize>> {
    let n = columns.len();
    let last = n - 1;
    let squares: Vec<(usize, usize)> = columns.iter().copied().enumerate().collect();
    let maps: [SquareMap; 8] = [
        |_, r, c| (r, c),
        |l, r, c| (r, l - c),
        |l, r, c| (l - r, c),
        |l, r, c| (l - r, l - c),
        |_, r, c| (c, r),
        |l, r, c| (c, l - r),
        |l, r, c| (l - c, r),
        |l, r, c| (l - c, l - r),
    ];
    maps.iter()
        .map(|map| {
            let mut image = vec![usize::MAX; n];
            for &(row, column) in &squares {
                let (new_row, new_column) = map(last, row, column);
                image[new_row] = new_column;
            }
            image
        })
        .collect()
}

#[test]
fn fundamental_counts_on_empty_boards_are_a002562() {
    for n in 1..=LARGEST_ENUMERATED {
        let solutions = oracle::solutions(&empty_board(n));
        let all: BTreeSet<Vec<usize>> = solutions.iter().map(|p| p.columns().to_vec()).collect();
        let mut classes = BTreeSet::new();
        for placement in &solutions {
            let images = symmetric_images(placement.columns());
            // Each symmetric image of a solution is a solution too: the enumeration is closed under them.
            assert!(images.iter().all(|image| all.contains(image)), "n = {n}: {placement:?}");
            classes.insert(images.into_iter().min());
        }
        assert_eq!(classes.len() as u64, QUEENS_FUNDAMENTAL_OEIS[n - 1], "n = {n}");
    }
}

#[test]
fn the_two_tables_agree() {
    for n in 1..=27 {
        let (all, fundamental) = (A000170[n - 1], A002562[n - 1]);
        assert!(fundamental <= all && all <= 8 * fundamental, "n = {n}: {all} vs {fundamental}");
        if n >= 2 {
            // No solution is its own mirror image, so every class holds 2, 4 or 8 solutions.
            assert!(all >= 2 * fundamental, "n = {n}: {all} vs {fundamental}");
            assert_eq!(all % 2, 0, "n = {n}: {all}");
        }
        if n >= 7 {
            assert!(all > A000170[n - 2], "n = {n}: the counts grow from n = 6 on");
        }
    }
}

#[test]
fn known_counts_at_the_edges_of_the_tables() {
    assert_eq!(known_count(0), None);
    assert_eq!(known_count(1), Some(1));
    assert_eq!(known_count(2), Some(0));
    assert_eq!(known_count(8), Some(92));
    assert_eq!(known_count(27), Some(234_907_967_154_122_528));
    assert_eq!(known_count(28), None);
    assert_eq!(known_count(usize::MAX), None);
    assert_eq!(known_fundamental_count(0), None);
    assert_eq!(known_fundamental_count(1), Some(1));
    assert_eq!(known_fundamental_count(8), Some(12));
    assert_eq!(known_fundamental_count(27), Some(29_363_495_934_315_694));
    assert_eq!(known_fundamental_count(28), None);
    assert_eq!(known_fundamental_count(usize::MAX), None);
}

#[test]
fn the_cses_sample_counts_65() {
    let board = Board::parse(CSES_SAMPLE).expect("the CSES sample is a board");
    assert_eq!(oracle::count(&board), 65);
    assert_eq!(oracle::solutions(&board).len(), 65);
    assert_eq!(oracle::count(&empty_board(8)), 92);
}

#[test]
fn solutions_are_in_canonical_order_without_duplicates() {
    let boards = [empty_board(6), empty_board(8), Board::parse(CSES_SAMPLE).expect("a board")];
    for board in &boards {
        let solutions = oracle::solutions(board);
        assert!(solutions.windows(2).all(|pair| pair[0] < pair[1]), "{board}");
        assert_eq!(oracle::count(board), solutions.len() as u64);
    }
}

#[test]
fn the_first_solutions_of_eight_by_eight() {
    let first: Vec<Placement> = oracle::solutions(&empty_board(8)).into_iter().take(3).collect();
    let expected = [[0, 4, 7, 5, 2, 6, 1, 3], [0, 5, 7, 2, 6, 3, 1, 4], [0, 6, 3, 5, 7, 1, 4, 2]];
    assert_eq!(first, expected.map(|columns| Placement::new(columns.to_vec())));
}

fn assert_oracle_is_brute_force(picture: &[&str], expected_count: u64) {
    let board = board_from_picture(picture);
    let solutions: Vec<Vec<usize>> = oracle::solutions(&board).iter().map(|p| p.columns().to_vec()).collect();
    assert_eq!(solutions, brute_force_solutions(&board));
    assert_eq!(oracle::count(&board), expected_count);
}

table_tests! { assert_oracle_is_brute_force;
    oracle_on_one_free_square: (&["."], 1),
    oracle_on_one_reserved_square: (&["*"], 0),
    oracle_on_two_by_two: (&["..", ".."], 0),
    oracle_on_four_by_four: (&["....", "....", "....", "...."], 2),
    oracle_on_four_by_four_blocking_one_solution: (&[".*..", "....", "....", "...."], 1),
    oracle_on_four_by_four_blocking_both: (&[".**.", "....", "....", "...."], 0),
    oracle_on_a_reserved_row: (&[".....", ".....", "*****", ".....", "....."], 0),
    oracle_on_a_reserved_diagonal: (&["*....", ".*...", "..*..", "...*.", "....*"], 0),
    oracle_on_a_reserved_corner: (&["*....", ".....", ".....", ".....", "....."], 8),
    oracle_on_seven_by_seven: (&["......."; 7], 40),
    oracle_on_the_cses_sample: (
        &["........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........"],
        65,
    ),
}

#[test]
fn oracle_equals_unpruned_enumeration_on_empty_boards() {
    for n in 1..=8 {
        let board = empty_board(n);
        let solutions: Vec<Vec<usize>> =
            oracle::solutions(&board).iter().map(|p| p.columns().to_vec()).collect();
        assert_eq!(solutions, brute_force_solutions(&board), "n = {n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The oracle prunes a prefix as soon as it is wrong; the brute force never prunes, so equal
    /// results show the pruning neither loses nor adds a solution.
    #[test]
    fn oracle_equals_unpruned_enumeration(board in boards(1..=7, 40)) {
        let solutions: Vec<Vec<usize>> =
            oracle::solutions(&board).iter().map(|p| p.columns().to_vec()).collect();
        prop_assert_eq!(&solutions, &brute_force_solutions(&board));
        prop_assert_eq!(oracle::count(&board), solutions.len() as u64);
    }
}
