// LeetCode 52 N-Queens II in Rust counting into a `static COUNT: AtomicI32`, as in
// state_static.rs, but total_n_queens stores 0 in it first. The static still outlives each call
// in LeetCode's one process; the reset makes that harmless.
// Expected verdict: AC for 1 <= n <= 9.
use std::sync::atomic::{AtomicI32, Ordering};

static COUNT: AtomicI32 = AtomicI32::new(0);

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        COUNT.store(0, Ordering::SeqCst);
        let n = n as usize;
        let mut cols = vec![false; n];
        let mut diag1 = vec![false; 2 * n - 1];
        let mut diag2 = vec![false; 2 * n - 1];
        Self::backtrack(0, n, &mut cols, &mut diag1, &mut diag2);
        COUNT.load(Ordering::SeqCst)
    }

    fn backtrack(row: usize, n: usize, cols: &mut [bool], diag1: &mut [bool], diag2: &mut [bool]) {
        if row == n {
            COUNT.fetch_add(1, Ordering::SeqCst);
            return;
        }
        for col in 0..n {
            let (d1, d2) = (row + col, row + n - 1 - col);
            if cols[col] || diag1[d1] || diag2[d2] {
                continue;
            }
            cols[col] = true;
            diag1[d1] = true;
            diag2[d2] = true;
            Self::backtrack(row + 1, n, cols, diag1, diag2);
            cols[col] = false;
            diag1[d1] = false;
            diag2[d2] = false;
        }
    }
}
