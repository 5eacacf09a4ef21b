// LeetCode 52 N-Queens II in C counting into a global, `int solutions = 0;` at file scope, as in
// state_global.c, but totalNQueens sets `solutions = 0;` first. The global still outlives each
// call in LeetCode's one process; the reset makes that harmless.
// Expected verdict: AC for 1 <= n <= 9.
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
    solutions = 0;
    solve(n, 0, 0, 0, 0);
    return solutions;
}
