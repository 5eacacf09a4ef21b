// LeetCode 51 N-Queens as pasted into LeetCode's C editor: no #include, no main (the driver
// puts the standard headers first). Backtracking with an array of queen columns; every row
// string, every board, the array of boards and *returnColumnSizes are malloc'd, and the
// caller frees them. Expected verdict: AC for 1 <= n <= 9.
static bool safe(const int *queens, int row, int col) {
    for (int r = 0; r < row; r++)
        if (queens[r] == col || abs(queens[r] - col) == row - r) return false;
    return true;
}

static void place(int n, int row, int *queens, char ****boards, int *count, int *capacity) {
    if (row == n) {
        if (*count == *capacity) {
            *capacity *= 2;
            *boards = realloc(*boards, *capacity * sizeof(char **));
        }
        char **board = malloc(n * sizeof(char *));
        for (int r = 0; r < n; r++) {
            board[r] = malloc(n + 1);
            memset(board[r], '.', n);
            board[r][queens[r]] = 'Q';
            board[r][n] = '\0';
        }
        (*boards)[(*count)++] = board;
        return;
    }
    for (int col = 0; col < n; col++) {
        if (!safe(queens, row, col)) continue;
        queens[row] = col;
        place(n, row + 1, queens, boards, count, capacity);
    }
}

char*** solveNQueens(int n, int* returnSize, int** returnColumnSizes) {
    int capacity = 16, count = 0;
    char ***boards = malloc(capacity * sizeof(char **));
    int queens[16];
    place(n, 0, queens, &boards, &count, &capacity);
    *returnSize = count;
    *returnColumnSizes = malloc((count > 0 ? count : 1) * sizeof(int));
    for (int i = 0; i < count; i++) (*returnColumnSizes)[i] = n;
    return boards;
}
