// LeetCode 52 N-Queens II in C counting into a global, `int solutions = 0;` at file scope, that
// totalNQueens never resets. LeetCode calls totalNQueens once per test in one process, so the
// global keeps the earlier tests' boards: the first test (n = 4) returns 2, right, and every
// later one the running total (3 for n = 1, then 4, 4, 4, 6, 16, ...).
// Expected verdict: WA, right only on the first test.
int solutions = 0;

static void solve(int n, int row, int cols, int diag1, int diag2) {
    if (row == n) {
        solutions++;
        return;
    }
    for (int col = 0; col < n; col++) {
        int c = 1 << col, d1 = 1 << (row + col), d2 = 1 << (row - col + n - 1);
        if ((cols & c) || (diag1 & d1) || (diag2 & d2)) continue;
        solve(n, row + 1, cols | c, diag1 | d1, diag2 | d2);
    }
}

int totalNQueens(int n) {
    solve(n, 0, 0, 0, 0);
    return solutions;
}
