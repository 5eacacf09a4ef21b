//! The bitmask module's streaming helpers, which the `queens` viewer relies on.

use std::ops::ControlFlow;

use checker::{oracle, Board, Placement};
use leetcode::bitmask::{count_solutions, for_each_solution, try_for_each_solution};
use pretty_assertions::assert_eq;

#[test]
fn for_each_solution_visits_the_oracles_solutions_in_canonical_order() {
    for n in 1..=9 {
        let mut visited = Vec::new();
        for_each_solution(n, &mut |columns| visited.push(Placement::new(columns.to_vec())));
        assert_eq!(visited, oracle::solutions(&Board::empty(n).unwrap()), "n = {n}");
    }
}

#[test]
fn n_zero_visits_nothing_and_counts_zero() {
    let mut n_visits = 0;
    for_each_solution(0, &mut |_| n_visits += 1);
    assert_eq!(n_visits, 0);
    assert_eq!(count_solutions(0), 0);
}

#[test]
fn count_solutions_equals_a000170_for_n_1_to_12() {
    for n in 1..=12 {
        assert_eq!(Some(count_solutions(n)), oracle::known_count(n), "n = {n}");
    }
}

#[test]
fn a_break_stops_the_search_and_is_returned() {
    let mut n_visits = 0;
    let outcome = try_for_each_solution(8, &mut |columns| {
        n_visits += 1;
        if n_visits == 3 {
            ControlFlow::Break(columns.to_vec())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(n_visits, 3);
    let third = oracle::solutions(&Board::empty(8).unwrap())[2].columns().to_vec();
    assert_eq!(outcome, ControlFlow::Break(third));
}
