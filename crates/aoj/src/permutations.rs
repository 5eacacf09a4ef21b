//! Brute force for AOJ ALDS1_13_A: every order of the columns, one a row, in lexicographic order
//! (8! = 40320 on the statement's board), the first that keeps every placed queen and has no two
//! queens on one diagonal. Rows and columns differ by construction.

/// Each row's column in a solution of the n x n board holding every queen of `placed` (row and
/// column from 0), or `None` where no solution holds them.
pub fn complete(n: usize, placed: &[(usize, usize)]) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..n).collect();
    loop {
        let keeps = placed.iter().all(|&(row, column)| order.get(row) == Some(&column));
        if keeps && no_diagonal_attack(&order) {
            return Some(order);
        }
        if !next_permutation(&mut order) {
            return None;
        }
    }
}

fn no_diagonal_attack(order: &[usize]) -> bool {
    (0..order.len()).all(|a| (a + 1..order.len()).all(|b| order[a].abs_diff(order[b]) != b - a))
}

/// Steps `order` to the next permutation in lexicographic order; false after the last.
fn next_permutation(order: &mut [usize]) -> bool {
    let Some(pivot) = (1..order.len()).rev().find(|&at| order[at - 1] < order[at]).map(|at| at - 1) else {
        return false;
    };
    let successor = (pivot + 1..order.len()).rev().find(|&at| order[at] > order[pivot]).unwrap_or(pivot);
    order.swap(pivot, successor);
    order[pivot + 1..].reverse();
    true
}
