//! Every implementation against the checker's oracle: for queens placed from a solution of the
//! 8 x 8 board (two of its rows, and all eight), the answer keeps them and is a solution; where the
//! oracle finds exactly one, it is that one; where the placed queens attack, there is none.

use checker::{check, oracle, Board, Placement};
use pretty_assertions::assert_eq;

/// The solutions of the n x n board that keep `placed`, from the oracle: a placed queen's row has
/// every other square reserved.
fn completions(n: usize, placed: &[(usize, usize)]) -> Vec<Placement> {
    let mut reserved = vec![vec![false; n]; n];
    for &(row, column) in placed {
        reserved[row] = (0..n).map(|other| other != column).collect();
    }
    oracle::solutions(&Board::from_reserved(reserved).expect("a board"))
}

#[test]
fn every_implementation_completes_as_the_oracle_does() {
    let solutions = oracle::solutions(&Board::empty(8).expect("8 x 8"));
    assert_eq!(solutions.len(), 92, "OEIS A000170(8)");
    for implementation in aoj::IMPLEMENTATIONS {
        // The brute force tries up to 8! orders a call: a sample of the solutions for it.
        let step = if implementation.name == "permutations" { 23 } else { 1 };
        for solution in solutions.iter().step_by(step) {
            let columns = solution.columns();
            let all: Vec<(usize, usize)> = columns.iter().copied().enumerate().collect();
            assert_eq!(
                (implementation.complete)(8, &all).as_deref(),
                Some(columns),
                "{}",
                implementation.name
            );
            for first in 0..8 {
                for second in first + 1..8 {
                    let placed = [(second, columns[second]), (first, columns[first])];
                    let found = (implementation.complete)(8, &placed).expect("a solution holds them");
                    let found = Placement::new(found);
                    assert_eq!(
                        check(&Board::empty(8).expect("8 x 8"), &found),
                        Ok(()),
                        "{}",
                        implementation.name
                    );
                    assert!(placed.iter().all(|&(row, column)| found.columns()[row] == column));
                    let expected = completions(8, &placed);
                    if expected.len() == 1 {
                        assert_eq!(found, expected[0], "{} on {placed:?}", implementation.name);
                    }
                }
            }
        }
        // Two queens on one diagonal, and two in one column: no solution holds them.
        assert_eq!((implementation.complete)(8, &[(0, 0), (1, 1)]), None, "{}", implementation.name);
        assert_eq!((implementation.complete)(8, &[(0, 3), (5, 3)]), None, "{}", implementation.name);
        assert_eq!(
            (implementation.complete)(4, &[]).map(|columns| columns.len()),
            Some(4),
            "{}",
            implementation.name
        );
        assert_eq!((implementation.complete)(3, &[]), None, "{}: 3 x 3 has none", implementation.name);
    }
}
