//! `check_rows` (POJ 3239's notation: each column's row, 1-based) against hand-made lists, the
//! statement's sample, and an O(n^2) pairwise check written here, over every list of small n.

use checker::{check_rows, AttackLine, RowsError};
use pretty_assertions::assert_eq;

/// The obvious check: every pair of queens, in no row, no diagonal together.
fn pairwise_ok(n: usize, rows: &[u64]) -> bool {
    rows.len() == n
        && rows.iter().all(|&row| (1..=n as u64).contains(&row))
        && (0..n).all(|a| {
            (a + 1..n).all(|b| {
                let (ra, rb) = (rows[a] as i64, rows[b] as i64);
                ra != rb && (ra - rb).unsigned_abs() as usize != b - a
            })
        })
}

#[test]
fn the_statements_sample_is_a_solution() {
    assert_eq!(check_rows(8, &[5, 3, 1, 6, 8, 2, 4, 7]), Ok(()));
}

/// Every list of n rows from 1..=n, for n up to 6, agrees with the pairwise check; and the number
/// of lists accepted is OEIS A000170's.
#[test]
fn every_small_list_agrees_with_the_pairwise_check() {
    for (n, solutions) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4)] {
        let mut accepted = 0;
        let mut rows = vec![1u64; n];
        loop {
            let ok = check_rows(n, &rows).is_ok();
            assert_eq!(ok, pairwise_ok(n, &rows), "n = {n}, rows {rows:?}");
            accepted += usize::from(ok);
            // The next list, as an odometer over 1..=n.
            let Some(turn) = rows.iter().rposition(|&row| row < n as u64) else { break };
            rows[turn] += 1;
            rows[turn + 1..].iter_mut().for_each(|row| *row = 1);
        }
        assert_eq!(accepted, solutions, "n = {n}");
    }
}

#[test]
fn each_fault_is_named_with_its_queens() {
    let cases: [(usize, &[u64], RowsError, &str); 5] = [
        (4, &[2, 4, 1], RowsError::Length { n: 4, found: 3 }, "3 rows for the 4 columns of the 4 x 4 board"),
        (
            4,
            &[2, 4, 0, 3],
            RowsError::RowOffBoard { column: 3, row: 0, n: 4 },
            "the queen of column 3 is in row 0, off the 4 x 4 board",
        ),
        (
            300,
            &[u64::MAX; 300],
            RowsError::RowOffBoard { column: 1, row: u64::MAX, n: 300 },
            "the queen of column 1 is in row 18446744073709551615, off the 300 x 300 board",
        ),
        (
            4,
            &[2, 4, 2, 3],
            RowsError::Attack { first: (1, 2), second: (3, 2), line: AttackLine::Column },
            "the queens of column 1 (row 2) and column 3 (row 2) attack, both in one row",
        ),
        (
            5,
            &[2, 5, 1, 3, 4],
            RowsError::Attack { first: (2, 5), second: (4, 3), line: AttackLine::AntiDiagonal },
            "the queens of column 2 (row 5) and column 4 (row 3) attack, along their anti-diagonal (/)",
        ),
    ];
    for (n, rows, error, message) in cases {
        let found = check_rows(n, rows).expect_err("a wrong list");
        assert_eq!(found, error);
        assert_eq!(found.to_string(), message);
    }
    let down = check_rows(4, &[1, 2, 4, 3]).expect_err("columns 1 and 2 share a \\ diagonal");
    assert_eq!(down, RowsError::Attack { first: (1, 1), second: (2, 2), line: AttackLine::Diagonal });
}
