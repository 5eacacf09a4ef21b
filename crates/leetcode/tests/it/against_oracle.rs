//! Every implementation in the registry against the truth kept outside this crate: the checker's
//! brute-force oracle for the boards (n = 1..=9) and OEIS A000170 for the counts (n = 1..=12).
//!
//! A module may answer LeetCode 51 only or 52 only; each test takes whichever of the two functions
//! a module has, and `every_module_answers_a_problem_and_each_problem_has_answerers` makes sure
//! that both problems have answerers, so that no test passes by skipping every module.

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

/// The name and `solve_n_queens` of every implementation that answers LeetCode 51.
fn solvers() -> impl Iterator<Item = (&'static str, leetcode::SolveNQueens)> {
    leetcode::IMPLEMENTATIONS
        .iter()
        .filter_map(|implementation| Some((implementation.name, implementation.solve_n_queens?)))
}

/// The name and `total_n_queens` of every implementation that answers LeetCode 52.
fn counters() -> impl Iterator<Item = (&'static str, leetcode::TotalNQueens)> {
    leetcode::IMPLEMENTATIONS
        .iter()
        .filter_map(|implementation| Some((implementation.name, implementation.total_n_queens?)))
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
fn every_module_answers_a_problem_and_each_problem_has_answerers() {
    for implementation in leetcode::IMPLEMENTATIONS {
        assert!(
            implementation.solve_n_queens.is_some() || implementation.total_n_queens.is_some(),
            "{} answers neither LeetCode 51 nor 52",
            implementation.name
        );
    }
    // Otherwise the tests below would pass by skipping every module.
    assert!(solvers().next().is_some(), "no module answers LeetCode 51");
    assert!(counters().next().is_some(), "no module answers LeetCode 52");
}

#[test]
fn boards_equal_the_oracles_solutions_for_n_1_to_9() {
    for (name, solve_n_queens) in solvers() {
        for n in 1..=9 {
            let board = Board::empty(usize::try_from(n).unwrap()).unwrap();
            let mut actual = placements(name, n, &solve_n_queens(n));
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
fn counts_equal_a000170_for_n_1_to_12() {
    for (name, total_n_queens) in counters() {
        for n in 1..=12 {
            assert_eq!(
                u64::try_from(total_n_queens(n)).ok(),
                Some(a000170(n)),
                "{name}: total_n_queens({n})"
            );
        }
    }
}

#[test]
fn the_number_of_boards_equals_a000170_for_n_1_to_12() {
    for (name, solve_n_queens) in solvers() {
        for n in 1..=12 {
            let n_boards = solve_n_queens(n).len();
            assert_eq!(u64::try_from(n_boards).ok(), Some(a000170(n)), "{name}: solve_n_queens({n}).len()");
        }
    }
}

#[test]
fn n_zero_and_negative_give_no_boards_and_zero() {
    for n in [0, -1, -8, i32::MIN] {
        for (name, solve_n_queens) in solvers() {
            assert_eq!(solve_n_queens(n), Vec::<Vec<String>>::new(), "{name}: solve_n_queens({n})");
        }
        for (name, total_n_queens) in counters() {
            assert_eq!(total_n_queens(n), 0, "{name}: total_n_queens({n})");
        }
    }
}
