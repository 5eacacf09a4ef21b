//! LeetCode's examples for problems 51 and 52, as the statements write them. Each module is asked
//! the problems it answers; one that answers only 51 or only 52 is asked that one alone.

use pretty_assertions::assert_eq;

/// The boards in a fixed order, since LeetCode accepts any.
fn sorted(mut boards: Vec<Vec<String>>) -> Vec<Vec<String>> {
    boards.sort();
    boards
}

fn boards_of(literal: &[&[&str]]) -> Vec<Vec<String>> {
    literal.iter().map(|board| board.iter().map(|row| (*row).to_owned()).collect()).collect()
}

/// Asks every module one example: LeetCode 51 must give `boards`, in any order, and 52 `count`.
/// A module is asked the problems it answers, and must answer at least one.
fn assert_every_module_answers(n: i32, boards: &[Vec<String>], count: i32) {
    for implementation in leetcode::IMPLEMENTATIONS {
        let name = implementation.name;
        let (solve_n_queens, total_n_queens) = (implementation.solve_n_queens, implementation.total_n_queens);
        assert!(solve_n_queens.is_some() || total_n_queens.is_some(), "{name} answers neither problem");
        if let Some(solve_n_queens) = solve_n_queens {
            assert_eq!(sorted(solve_n_queens(n)), sorted(boards.to_vec()), "{name}: solve_n_queens({n})");
        }
        if let Some(total_n_queens) = total_n_queens {
            assert_eq!(total_n_queens(n), count, "{name}: total_n_queens({n})");
        }
    }
}

#[test]
fn example_1_n_4_has_two_boards() {
    let boards = boards_of(&[&[".Q..", "...Q", "Q...", "..Q."], &["..Q.", "Q...", "...Q", ".Q.."]]);
    assert_every_module_answers(4, &boards, 2);
}

#[test]
fn example_2_n_1_is_one_queen() {
    assert_every_module_answers(1, &boards_of(&[&["Q"]]), 1);
}

#[test]
fn the_crate_root_solution_answers_as_leetcode() {
    assert_eq!(leetcode::Solution::solve_n_queens(8).len(), 92);
    assert_eq!(leetcode::Solution::total_n_queens(8), 92);
}
