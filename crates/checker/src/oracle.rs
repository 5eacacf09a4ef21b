//! Oracles, written to be obviously right rather than fast: a brute-force enumerator over
//! permutations of columns, and the OEIS tables of counts for empty boards.
//!
//! The enumerator walks the column permutations in lexicographic order and drops a prefix as soon
//! as its newest queen stands on a reserved square or shares a diagonal with an earlier one. That
//! pruning cannot lose a solution, because every fault is one queen or one pair, and a pair that is
//! wrong in a prefix is wrong in every permutation that extends it. The rules are those of
//! [`check`](crate::check), written out again here so that the oracle does not trust it.

use crate::{Board, Placement};

/// OEIS A000170: the number of solutions on the empty n x n board, `A000170[n - 1]`, n = 1..=27.
pub const A000170: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
    22317699616364044,
    234907967154122528,
];

/// OEIS A002562: the number of solutions on the empty n x n board up to rotation and reflection,
/// `A002562[n - 1]`, n = 1..=27.
pub const A002562: [u64; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1787,
    9233,
    45752,
    285053,
    1846955,
    11977939,
    83263591,
    621012754,
    4878666808,
    39333324973,
    336376244042,
    3029242658210,
    28439272956934,
    275986683743434,
    2789712466510289,
    29363495934315694,
];

/// The known count of solutions on the empty n x n board (A000170), where the table has it.
pub fn known_count(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|index| A000170.get(index)).copied()
}

/// The known count of fundamental solutions on the empty n x n board (A002562), where the table has it.
pub fn known_fundamental_count(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|index| A002562.get(index)).copied()
}

/// Every solution of `board`, in canonical (lexicographic) order.
///
/// # Complexity
/// At most n! leaves; in practice fine up to n = 12, and meant for n <= 10.
pub fn solutions(board: &Board) -> Vec<Placement> {
    let mut found = Vec::new();
    visit_solutions(board, &mut |columns| found.push(Placement::new(columns.to_vec())));
    found
}

/// The number of solutions of `board`, by the same enumeration as [`solutions`].
pub fn count(board: &Board) -> u64 {
    let mut total = 0;
    visit_solutions(board, &mut |_| total += 1);
    total
}

fn visit_solutions(board: &Board, visit: &mut dyn FnMut(&[usize])) {
    let n = board.n();
    let mut columns = Vec::with_capacity(n);
    let mut used = vec![false; n];
    extend(board, &mut columns, &mut used, visit);
}

fn extend(board: &Board, columns: &mut Vec<usize>, used: &mut [bool], visit: &mut dyn FnMut(&[usize])) {
    let n = board.n();
    let row = columns.len();
    if row == n {
        visit(columns);
        return;
    }
    for column in 0..n {
        if used[column] || board.is_reserved(row, column) {
            continue;
        }
        let on_a_diagonal = columns
            .iter()
            .enumerate()
            .any(|(earlier_row, &earlier_column)| row - earlier_row == column.abs_diff(earlier_column));
        if on_a_diagonal {
            continue;
        }
        used[column] = true;
        columns.push(column);
        extend(board, columns, used, visit);
        columns.pop();
        used[column] = false;
    }
}
