//! LeetCode's examples for problems 51 and 52, as the statements write them.

use pretty_assertions::assert_eq;

/// The boards in a fixed order, since LeetCode accepts any.
fn sorted(mut boards: Vec<Vec<String>>) -> Vec<Vec<String>> {
    boards.sort();
    boards
}

fn boards_of(literal: &[&[&str]]) -> Vec<Vec<String>> {
    literal.iter().map(|board| board.iter().map(|row| (*row).to_owned()).collect()).collect()
}

#[test]
fn example_1_n_4_has_two_boards() {
    let expected = sorted(boards_of(&[&[".Q..", "...Q", "Q...", "..Q."], &["..Q.", "Q...", "...Q", ".Q.."]]));
    for implementation in leetcode::IMPLEMENTATIONS {
        assert_eq!(sorted((implementation.solve_n_queens)(4)), expected, "{}", implementation.name);
        assert_eq!((implementation.total_n_queens)(4), 2, "{}", implementation.name);
    }
}

#[test]
fn example_2_n_1_is_one_queen() {
    for implementation in leetcode::IMPLEMENTATIONS {
        assert_eq!((implementation.solve_n_queens)(1), boards_of(&[&["Q"]]), "{}", implementation.name);
        assert_eq!((implementation.total_n_queens)(1), 1, "{}", implementation.name);
    }
}

#[test]
fn the_crate_root_solution_answers_as_leetcode() {
    assert_eq!(leetcode::Solution::solve_n_queens(8).len(), 92);
    assert_eq!(leetcode::Solution::total_n_queens(8), 92);
}
