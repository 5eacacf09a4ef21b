//! Every implementation in the registry against the truth kept outside this crate: the checker's
//! brute-force oracle for the boards (n = 1..=9) and OEIS A000170 for the counts (n = 1..=12).

use checker::solution_set::{canonical_order, compare, duplicates};
use checker::{check, oracle, Board, Placement};
use pretty_assertions::assert_eq;

/// Parses LeetCode boards into placements, failing with the implementation's name on a bad one.
fn placements(name: &str, n: i32, boards: &[Vec<String>]) -> Vec<Placement> {
    boards
        .iter()
        .map(|board| {
            Placement::from_strings(board)
                .unwrap_or_else(|error| panic!("{name}, n = {n}: malformed board {board:?}: {error}"))
        })
        .collect()
}

fn a000170(n: i32) -> u64 {
    oracle::known_count(usize::try_from(n).unwrap()).unwrap()
}

#[test]
fn the_registry_lists_each_module_once() {
    let names: Vec<&str> =
        leetcode::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
    assert_eq!(names, ["safety_mark", "erickson", "bitmask"]);
    for name in names {
        assert_eq!(leetcode::implementation(name).map(|found| found.name), Some(name));
    }
    assert!(leetcode::implementation("no_such_module").is_none());
}

#[test]
fn boards_equal_the_oracles_solutions_for_n_1_to_9() {
    for implementation in leetcode::IMPLEMENTATIONS {
        let name = implementation.name;
        for n in 1..=9 {
            let board = Board::empty(usize::try_from(n).unwrap()).unwrap();
            let mut actual = placements(name, n, &(implementation.solve_n_queens)(n));
            for placement in &actual {
                if let Err(error) = check(&board, placement) {
                    panic!("{name}, n = {n}: {placement:?} is not a solution: {error}");
                }
            }
            assert_eq!(duplicates(&actual), [], "{name}, n = {n}: boards listed twice");
            let expected = oracle::solutions(&board);
            let diff = compare(&expected, &actual);
            assert!(diff.is_empty(), "{name}, n = {n}:\n{diff}");
            canonical_order(&mut actual);
            assert_eq!(actual, expected, "{name}, n = {n}");
        }
    }
}

#[test]
fn counts_equal_a000170_and_the_number_of_boards_for_n_1_to_12() {
    for implementation in leetcode::IMPLEMENTATIONS {
        let name = implementation.name;
        for n in 1..=12 {
            let total = (implementation.total_n_queens)(n);
            assert_eq!(u64::try_from(total).ok(), Some(a000170(n)), "{name}: total_n_queens({n})");
            let n_boards = (implementation.solve_n_queens)(n).len();
            assert_eq!(u64::try_from(n_boards).ok(), Some(a000170(n)), "{name}: solve_n_queens({n}).len()");
        }
    }
}

#[test]
fn n_zero_and_negative_give_no_boards_and_zero() {
    for implementation in leetcode::IMPLEMENTATIONS {
        for n in [0, -1, -8, i32::MIN] {
            assert_eq!(
                (implementation.solve_n_queens)(n),
                Vec::<Vec<String>>::new(),
                "{}({n})",
                implementation.name
            );
            assert_eq!((implementation.total_n_queens)(n), 0, "{}({n})", implementation.name);
        }
    }
}
