// LeetCode 52 N-Queens II in C with an off-by-one: totalNQueens calloc's n ints for the queens'
// columns, then marks every row empty with a loop `r <= n` that WRITES queens[n], one past the
// end, on every call, before the (right) search and the free. LeetCode builds C with
// AddressSanitizer, which stops the first test (n = 4) with a heap-buffer-overflow on line 27.
// Without a sanitizer the stray write lands in malloc's padding or in its bookkeeping (glibc:
// right up to n = 5, then n = 6 fills its chunk and free() aborts). Expected verdict: RE.
static bool safe(const int *queens, int row, int col) {
    for (int r = 0; r < row; r++)
        if (queens[r] == col || abs(queens[r] - col) == row - r) return false;
    return true;
}

static int place(int *queens, int row, int n) {
    if (row == n) return 1;
    int ways = 0;
    for (int col = 0; col < n; col++) {
        if (!safe(queens, row, col)) continue;
        queens[row] = col;
        ways += place(queens, row + 1, n);
        queens[row] = -1;
    }
    return ways;
}

int totalNQueens(int n) {
    int *queens = calloc(n, sizeof(int));
    for (int r = 0; r <= n; r++) queens[r] = -1;
    int ways = place(queens, 0, n);
    free(queens);
    return ways;
}
